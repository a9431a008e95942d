//! Loads placed straight into the vector they are merged into (code-size class 3 of issue 22).
//!
//! CM code often loads a tile in pieces and merges them with `wrregion`s into one vector
//! (`m0 = wrregion(undef, load0, 0)`, `m = wrregion(m0, load1, 256)`). Coalescing gives the
//! merged vector one variable and each load a variable of its own, so every merge is a copy. A
//! load whose only use is such a write of whole registers can instead write its result into the
//! merged variable at the written offset: its variable becomes an alias of that storage, and the
//! `wrregion` has nothing left to move ([`crate::Assignment::placed`]).
//!
//! That is safe when, while the load's result is live, the bytes it occupies in the merged
//! variable hold nothing anyone needs: every other value living in that variable then is either
//! not live, or an earlier write of the same chain (which, starting from an undefined vector,
//! never wrote those bytes), and no other load placed there overlaps it in bytes and time. The
//! `wrregion` must write in place (or into an undefined vector): a copy of its old value would
//! overwrite the load's bytes. The offset is a multiple of 64 bytes, a register boundary on every
//! platform (message results start on a register).
//!
//! The other direction, a vector split for stores: a read of whole registers of a vector
//! ([`place_region_views`]), or the chain of piece writes legalization makes of one
//! ([`place_copy_chains`]), becomes a view of the vector's storage when nothing else living there
//! is live meanwhile. Legalization splits a merge into pieces (a folded read of the load per
//! register pair), so a load is placed when all its uses are such pieces at one distance.

use crate::liveness::{Liveness, ValIdx};
use crate::{Assignment, Category, VarIdx, WrRegionPrep};
use foldhash::{HashSet, HashSetExt};
use genxc_genx::intrinsic_class::{family, Family};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{CastOp, Function, InstId, InstKind, Value};
use genxc_genx::types::{Elem, Type};

/// The instruction ids of the placed `wrregion`s and region reads (for selection: they move
/// nothing).
pub type Placed = std::collections::HashSet<InstId>;

/// Byte alignment of a placed load in the merged variable (the largest GRF).
const PLACE_ALIGN: i64 = 64;
/// Longest chain of earlier writes followed back to the undefined vector.
const MAX_CHAIN: usize = 64;

/// Whether `bytes` at byte `offset` lie within the storage variable `base`.
fn fits(a: &Assignment, base: VarIdx, offset: i64, bytes: u32) -> bool {
    offset >= 0 && offset + i64::from(bytes) <= i64::from(a.vars[base.0 as usize].ty.bytes())
}

fn overlaps(a: &[(u32, u32)], b: &[(u32, u32)]) -> bool {
    a.iter().any(|&(s, e)| b.iter().any(|&(t, u)| s < u && t < e))
}

/// One piece of a load copied by a `wrregion`: the write, and where it puts the load's bytes.
struct Piece {
    write: InstId,
    /// The write's value index.
    wi: ValIdx,
}

/// The `wrregion`s copying load `d` into one variable at one byte offset: every use of `d` is an
/// rdregion of contiguous bytes folded into a `wrregion` (true mask, direct one-row region) that
/// writes them `delta` bytes further on. `None` when some use is anything else.
fn pieces(
    f: &Function,
    lv: &Liveness,
    d: InstId,
    uses: &[u32],
    copies: &RegionCopies,
) -> Option<(Vec<Piece>, i64)> {
    let mut out = Vec::new();
    let mut delta = None;
    let contiguous = |r: &genxc_genx::Region| {
        r.indirect.is_none() && (r.num_elems == 1 || (r.width == r.num_elems && r.stride == 1))
    };
    for &w in copies.of(d) {
        let InstKind::WrRegion { new: Value::Inst(r), region: wr, mask, .. } = &f.insts[w].kind else {
            continue;
        };
        let InstKind::RdRegion { region: rr, .. } = &f.insts[*r].kind else {
            continue;
        };
        let mask_true = f.as_const(*mask).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1)));
        let baled =
            lv.index_of(Value::Inst(*r)).is_none() && uses.get(genxc_genx::ir::inst_index(*r)) == Some(&1);
        let same_bytes = rr.num_elems * rr.elem_bytes == wr.num_elems * wr.elem_bytes;
        if !mask_true || !baled || !contiguous(rr) || !contiguous(wr) || !same_bytes {
            return None;
        }
        let dl = i64::from(wr.offset) - i64::from(rr.offset);
        if delta.is_some_and(|x| x != dl) {
            return None;
        }
        delta = Some(dl);
        out.push(Piece { write: w, wi: lv.index_of(Value::Inst(w))? });
    }
    // every use of the load is one of these reads
    (uses.get(genxc_genx::ir::inst_index(d)).copied() == Some(out.len() as u32) && !out.is_empty())
        .then_some((out, delta?))
}

/// The `wrregion`s whose new value is a region read of an instruction, by that instruction:
/// `w = wrregion(_, rdregion(d, _))` is listed under `d`, each list in layout order.
struct RegionCopies {
    /// Where each instruction's list starts in `writes` (by arena index; one extra at the end).
    start: Vec<u32>,
    /// The writes, grouped by the instruction read.
    writes: Vec<InstId>,
}

impl RegionCopies {
    /// The lists of a function (a counting sort over the writes in layout order).
    fn of_function(f: &Function) -> RegionCopies {
        let mut found: Vec<(usize, InstId)> = Vec::new();
        for &b in &f.layout {
            for &w in &f.blocks[b].insts {
                let InstKind::WrRegion { new: Value::Inst(r), .. } = &f.insts[w].kind else { continue };
                if let InstKind::RdRegion { input: Value::Inst(src), .. } = &f.insts[*r].kind {
                    found.push((genxc_genx::ir::inst_index(*src), w));
                }
            }
        }
        let n = f.insts.len();
        let mut start = vec![0u32; n + 1];
        for &(src, _) in &found {
            start[src + 1] += 1;
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut writes = vec![InstId::from_raw(0u32.into()); found.len()];
        for (src, w) in found {
            writes[next[src] as usize] = w;
            next[src] += 1;
        }
        RegionCopies { start, writes }
    }

    /// The writes copying a region of `d`, in layout order.
    fn of(&self, d: InstId) -> &[InstId] {
        let k = genxc_genx::ir::inst_index(d);
        &self.writes[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// Places loads into the `wrregion`s that merge them where that is safe (see the module
/// documentation); returns how many.
pub fn place_merged_loads(f: &Function, lv: &Liveness, a: &mut Assignment) -> usize {
    place_merged_loads_with(f, lv, &f.use_counts(), a)
}

/// [`place_merged_loads`] given the use counts of `f`'s instructions ([`Function::use_counts`]).
pub fn place_merged_loads_with(f: &Function, lv: &Liveness, uses: &[u32], a: &mut Assignment) -> usize {
    place_merged_loads_in(f, lv, uses, a, &mut value_storage(lv, a))
}

/// The storage variable of each value (by [`ValIdx`]; `None` for a value without a variable).
pub fn value_storage(lv: &Liveness, a: &Assignment) -> Vec<Option<VarIdx>> {
    lv.values.iter().map(|&v| a.var(v).map(|x| a.storage(x))).collect()
}

/// After variable `v` became a view of another variable: the values whose storage `v` was now
/// live in the storage `v` views.
fn reroot(a: &Assignment, storage: &mut [Option<VarIdx>], v: VarIdx) {
    let to = Some(a.storage(v));
    for s in storage.iter_mut().filter(|s| **s == Some(v)) {
        *s = to;
    }
}

/// Runs the four placements in order ([`place_merged_loads_with`], [`place_region_views`],
/// [`place_copy_chains`], [`place_same_bits`]) given the storage of each value
/// ([`value_storage`]), which they keep up to date between them instead of computing it anew.
pub fn place_all(
    f: &Function,
    lv: &Liveness,
    uses: &[u32],
    a: &mut Assignment,
    storage: &mut [Option<VarIdx>],
) {
    // (debug builds check the kept storage against storage computed anew)
    let check = |a: &Assignment, storage: &[Option<VarIdx>]| debug_assert_eq!(storage, value_storage(lv, a));
    check(a, storage);
    place_merged_loads_in(f, lv, uses, a, storage);
    check(a, storage);
    place_region_views_in(f, lv, a, storage);
    check(a, storage);
    place_copy_chains_in(f, lv, a, storage);
    check(a, storage);
    place_same_bits_in(f, lv, a, storage);
    check(a, storage);
}

/// [`place_merged_loads_with`] given (and keeping up to date) the storage of each value.
fn place_merged_loads_in(
    f: &Function,
    lv: &Liveness,
    uses: &[u32],
    a: &mut Assignment,
    storage: &mut [Option<VarIdx>],
) -> usize {
    let n = lv.values.len();
    // loads placed so far: (storage, byte span, the load's value index)
    let mut placed: Vec<(VarIdx, (i64, i64), ValIdx)> = Vec::new();
    // (made at the first vector load: most functions have none)
    let mut copies: Option<RegionCopies> = None;
    let mut count = 0;
    for &b in &f.layout {
        for &d in &f.blocks[b].insts {
            let is_load = matches!(&f.insts[d].kind, InstKind::Intrinsic { id, .. } if !id.is_alu());
            if !is_load || !f.insts[d].ty.is_vector() {
                continue;
            }
            let Some(li) = lv.index_of(Value::Inst(d)) else { continue };
            let Some(ls) = storage[li as usize] else { continue };
            let copies = copies.get_or_insert_with(|| RegionCopies::of_function(f));
            let Some((pieces, delta)) = pieces(f, lv, d, uses, copies) else { continue };
            if delta < 0 || delta % PLACE_ALIGN != 0 {
                continue;
            }
            let Some(ws) = storage[pieces[0].wi as usize] else { continue };
            let in_place = pieces.iter().all(|p| {
                storage[p.wi as usize] == Some(ws)
                    && matches!(
                        a.wrregion.get(&Value::Inst(p.write)),
                        Some(WrRegionPrep::InPlace | WrRegionPrep::Undef)
                    )
            });
            // the load's variable is its own: nothing else lives in it or views it
            let alone = (0..n).filter(|&vi| storage[vi] == Some(ls)).count() == 1
                && a.vars.iter().all(|v| v.alias_of.is_none_or(|(base, _)| base != ls))
                && a.vars[ls.0 as usize].param.is_none()
                && a.vars[ls.0 as usize].unit.is_none()
                && a.vars[ls.0 as usize].category == Category::General
                && a.vars[ws.0 as usize].unit.is_none()
                && fits(a, ws, delta, f.insts[d].ty.bytes())
                && ls != ws;
            if !in_place || !alone {
                continue;
            }
            let span = (delta, delta + i64::from(f.insts[d].ty.bytes()));
            let writes: Vec<ValIdx> = pieces.iter().map(|p| p.wi).collect();
            // the chain of writes back from the last piece: the pieces themselves, or writes
            // that never touch the load's bytes, down to an undefined vector
            let last = pieces.iter().map(|p| p.write).max_by_key(|&w| lv.number(w)).expect("a piece");
            let mut chain = Vec::new();
            let mut c = Value::Inst(last);
            let mut ok = false;
            for _ in 0..MAX_CHAIN {
                if f.as_const(c).is_some_and(|k| k.is_undef()) {
                    ok = true;
                    break;
                }
                let Value::Inst(ci) = c else { break };
                let Some(cvi) = lv.index_of(c) else { break };
                let InstKind::WrRegion { old, region: r2, .. } = &f.insts[ci].kind else { break };
                let (lo, hi) = r2.byte_span();
                let piece = writes.contains(&cvi);
                if storage[cvi as usize] != Some(ws)
                    || r2.indirect.is_some()
                    || (!piece && lo < span.1 && span.0 < hi)
                {
                    break;
                }
                chain.push(cvi);
                c = *old;
            }
            if !ok || !writes.iter().all(|w| chain.contains(w)) {
                continue;
            }
            // nothing else in the variable is live while the load's result is
            let live = lv.range(li);
            // (loads placed before are checked by their bytes)
            let placed_here = |vi: usize| placed.iter().any(|&(_, _, other)| other as usize == vi);
            let clash = (0..n).any(|vi| {
                storage[vi] == Some(ws)
                    && !chain.contains(&(vi as ValIdx))
                    && !placed_here(vi)
                    && overlaps(lv.range(vi as ValIdx), live)
            }) || placed.iter().any(|&(s, (lo, hi), other)| {
                s == ws && lo < span.1 && span.0 < hi && overlaps(lv.range(other), live)
            });
            if clash {
                continue;
            }
            a.vars[ls.0 as usize].alias_of = Some((ws, delta as u32));
            reroot(a, storage, ls);
            storage[li as usize] = Some(ws);
            placed.push((ws, span, li));
            a.placed.extend(pieces.iter().map(|p| p.write));
            count += 1;
        }
    }
    count
}

/// Region reads that are views: `v = rdregion(x, R)` of contiguous bytes at a register boundary
/// of `x`, kept in its own variable only to be a message's data block. Where nothing else living
/// in `x`'s variable is live while `v` is (so the bytes stay `x`'s), `v`'s variable becomes an
/// alias of `x`'s storage at that offset and the read moves nothing. Returns how many.
pub fn place_region_views(f: &Function, lv: &Liveness, a: &mut Assignment) -> usize {
    place_region_views_in(f, lv, a, &mut value_storage(lv, a))
}

/// [`place_region_views`] given (and keeping up to date) the storage of each value; its
/// decisions read the storage as it was when it started.
fn place_region_views_in(
    f: &Function,
    lv: &Liveness,
    a: &mut Assignment,
    current: &mut [Option<VarIdx>],
) -> usize {
    let n = lv.values.len();
    let storage = current.to_vec();
    let mut count = 0;
    for &b in &f.layout {
        for &r in &f.blocks[b].insts {
            let InstKind::RdRegion { input, region } = &f.insts[r].kind else { continue };
            let contiguous =
                region.num_elems == 1 || (region.width == region.num_elems && region.stride == 1);
            if !contiguous
                || region.indirect.is_some()
                || region.offset < 0
                || i64::from(region.offset) % PLACE_ALIGN != 0
                || !f.insts[r].ty.is_vector()
            {
                continue;
            }
            let (Some(vi), Some(xi)) = (lv.index_of(Value::Inst(r)), lv.index_of(*input)) else { continue };
            let (Some(vs), Some(xs)) = (storage[vi as usize], storage[xi as usize]) else { continue };
            let alone = vs != xs
                && fits(a, xs, i64::from(region.offset), f.insts[r].ty.bytes())
                && (0..n).filter(|&k| storage[k] == Some(vs)).count() == 1
                && a.vars.iter().all(|v| v.alias_of.is_none_or(|(base, _)| base != vs))
                && a.vars[vs.0 as usize].param.is_none()
                && a.vars[vs.0 as usize].unit.is_none()
                && a.vars[xs.0 as usize].unit.is_none()
                && a.vars[vs.0 as usize].category == Category::General;
            if !alone {
                continue;
            }
            let live = lv.range(vi);
            let clash = (0..n)
                .any(|k| k != xi as usize && storage[k] == Some(xs) && overlaps(lv.range(k as ValIdx), live));
            if clash {
                continue;
            }
            a.vars[vs.0 as usize].alias_of = Some((xs, region.offset as u32));
            reroot(a, current, vs);
            a.placed.insert(r);
            count += 1;
        }
    }
    count
}

/// Copies of whole registers split into pieces: a chain of `wrregion`s from an undefined vector,
/// each writing a folded read of the same input `x` at the same byte distance, whose variable
/// holds nothing else. Where nothing else living in `x`'s variable is live meanwhile, the chain's
/// variable becomes an alias of `x`'s storage and its writes move nothing (the split form of
/// [`place_region_views`]). Returns how many chains.
pub fn place_copy_chains(f: &Function, lv: &Liveness, a: &mut Assignment) -> usize {
    place_copy_chains_in(f, lv, a, &mut value_storage(lv, a))
}

/// [`place_copy_chains`] given (and keeping up to date) the storage of each value; its
/// decisions read the storage as it was when it started.
fn place_copy_chains_in(
    f: &Function,
    lv: &Liveness,
    a: &mut Assignment,
    current: &mut [Option<VarIdx>],
) -> usize {
    let n = lv.values.len();
    let storage = current.to_vec();
    let mut count = 0;
    for &b in &f.layout {
        for &top in &f.blocks[b].insts {
            let Some(ti) = lv.index_of(Value::Inst(top)) else { continue };
            let Some(vs) = storage[ti as usize] else { continue };
            if a.vars[vs.0 as usize].alias_of.is_some() {
                continue;
            }
            // walk the chain down to the undefined vector
            let mut members = Vec::new();
            let mut source: Option<(Value, i64)> = None;
            let mut c = Value::Inst(top);
            let mut ok = false;
            for _ in 0..MAX_CHAIN {
                if f.as_const(c).is_some_and(|k| k.is_undef()) {
                    ok = true;
                    break;
                }
                let Value::Inst(w) = c else { break };
                let InstKind::WrRegion { old, new: Value::Inst(r), region: wr, mask } = &f.insts[w].kind
                else {
                    break;
                };
                let InstKind::RdRegion { input, region: rr } = &f.insts[*r].kind else { break };
                let contiguous = |g: &genxc_genx::Region| {
                    g.indirect.is_none() && (g.num_elems == 1 || (g.width == g.num_elems && g.stride == 1))
                };
                let mask_true = f.as_const(*mask).is_some_and(|k| k.elems.iter().all(|e| *e == Some(1)));
                let baled = lv.index_of(Value::Inst(*r)).is_none();
                let same_bytes = rr.num_elems * rr.elem_bytes == wr.num_elems * wr.elem_bytes;
                let dl = i64::from(rr.offset) - i64::from(wr.offset);
                if !mask_true || !baled || !contiguous(rr) || !contiguous(wr) || !same_bytes {
                    break;
                }
                match source {
                    None => source = Some((*input, dl)),
                    Some(sd) if sd == (*input, dl) => {}
                    Some(_) => break,
                }
                let Some(wi) = lv.index_of(c) else { break };
                if storage[wi as usize] != Some(vs) {
                    break;
                }
                members.push((w, wi));
                c = *old;
            }
            let Some((x, delta)) = source else { continue };
            if !ok || members.len() < 2 || delta < 0 || delta % PLACE_ALIGN != 0 {
                continue;
            }
            let (Some(xi), Some(xs)) = (lv.index_of(x), lv.index_of(x).and_then(|k| storage[k as usize]))
            else {
                continue;
            };
            // the chain's variable holds the chain only, is nobody's view, and fits in x's
            let alone = xs != vs
                && fits(a, xs, delta, f.insts[top].ty.bytes())
                && (0..n).filter(|&k| storage[k] == Some(vs)).count() == members.len()
                && a.vars.iter().all(|v| v.alias_of.is_none_or(|(base, _)| base != vs))
                && a.vars[vs.0 as usize].param.is_none()
                && a.vars[vs.0 as usize].unit.is_none()
                && a.vars[xs.0 as usize].unit.is_none()
                && a.vars[vs.0 as usize].category == Category::General;
            if !alone {
                continue;
            }
            // nothing else in x's variable is live while the chain is
            let clash = (0..n).any(|k| {
                k != xi as usize
                    && storage[k] == Some(xs)
                    && members.iter().any(|&(_, wi)| overlaps(lv.range(k as ValIdx), lv.range(wi)))
            });
            if clash {
                continue;
            }
            a.vars[vs.0 as usize].alias_of = Some((xs, delta as u32));
            reroot(a, current, vs);
            a.placed.extend(members.iter().map(|&(w, _)| w));
            count += 1;
        }
    }
    count
}

/// What a copy of the same bits reads: `v = rdregion(x, R)` of one element, a `wrregion` of a
/// whole vector from undef (`<1 x T> = wrregion(undef, x)`), or the `trunc` of one integer to a
/// narrower one (its low bytes). The value read, and the byte offset of `v`'s bits in it.
fn same_bits_source(f: &Function, a: &Assignment, r: InstId) -> Option<(Value, u32)> {
    let inst = &f.insts[r];
    let whole_one = |g: &genxc_genx::Region| g.indirect.is_none() && g.offset >= 0;
    match &inst.kind {
        InstKind::RdRegion { input, region }
            if inst.ty.num_elems() == 1 && f.value_type(*input).num_elems() == 1 && whole_one(region) =>
        {
            Some((*input, region.offset as u32))
        }
        InstKind::WrRegion { old, new, region, mask } => {
            let mask_true = f.as_const(*mask).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1)));
            let all = region.offset == 0
                && region.num_elems * region.elem_bytes == inst.ty.bytes()
                && (region.num_elems == 1 || (region.width == region.num_elems && region.stride == 1))
                && f.value_type(*new).bytes() == inst.ty.bytes();
            (mask_true
                && all
                && whole_one(region)
                && f.as_const(*old).is_some_and(|c| c.is_undef())
                && a.wrregion.get(&Value::Inst(r)) == Some(&WrRegionPrep::Undef))
            .then_some((*new, 0))
        }
        InstKind::Cast { op: CastOp::Trunc, value } => {
            let int = |t: Type| t.num_elems() == 1 && t.elem().is_some_and(|e| e.is_int() && e != Elem::I1);
            // not of a thread-payload copy (a group id): the finalizer reads those from r0 in
            // place, which it no longer does once the copy has a narrower view
            let payload = matches!(value, Value::Inst(d)
                if matches!(&f.insts[*d].kind, InstKind::Intrinsic { id, .. }
                    if *id == IntrinsicId::ReadPredefReg || family(*id) == Some(Family::ThreadPayload)));
            (!payload && int(inst.ty) && int(f.value_type(*value))).then_some((*value, 0))
        }
        _ => None,
    }
}

/// Copies that move the same bits ([`same_bits_source`]): a scalar read of one element, a
/// scalar written whole into a one-element vector (the form a message's address or data takes),
/// a truncation to a narrower integer. Where `v`'s variable holds `v` alone and nothing else
/// living in the source's storage is live while `v` is, `v`'s variable becomes an alias of that
/// storage at the bits' offset and the copy moves nothing, as Intel's compiler reads a loaded
/// byte or field in place. Returns how many.
pub fn place_same_bits(f: &Function, lv: &Liveness, a: &mut Assignment) -> usize {
    let mut candidates_only = None;
    place_same_bits_with(f, lv, a, |a| candidates_only.insert(value_storage(lv, a)))
}

/// [`place_same_bits`] given (and keeping up to date) the storage of each value.
fn place_same_bits_in(
    f: &Function,
    lv: &Liveness,
    a: &mut Assignment,
    current: &mut [Option<VarIdx>],
) -> usize {
    place_same_bits_with(f, lv, a, |_| current)
}

/// [`place_same_bits`] with the storage of each value, asked for once there are candidates.
fn place_same_bits_with<'s>(
    f: &Function,
    lv: &Liveness,
    a: &mut Assignment,
    current: impl FnOnce(&Assignment) -> &'s mut [Option<VarIdx>],
) -> usize {
    // the candidates first: most functions have none, and then nothing else is computed
    let mut cands: Vec<(InstId, Value, u32, ValIdx, ValIdx)> = Vec::new();
    for &b in &f.layout {
        for &r in &f.blocks[b].insts {
            if a.placed.contains(&r) {
                continue;
            }
            let Some((x, offset)) = same_bits_source(f, a, r) else { continue };
            if let (Some(vi), Some(xi)) = (lv.index_of(Value::Inst(r)), lv.index_of(x)) {
                cands.push((r, x, offset, vi, xi));
            }
        }
    }
    if cands.is_empty() {
        return 0;
    }
    let nvars = a.vars.len();
    let current = current(a);
    let mut storage = current.to_vec();
    // how many values live in each storage, and which live in a candidate's source storage
    let mut count_in = vec![0u32; nvars];
    let mut wanted = vec![false; nvars];
    for &(.., xi) in &cands {
        if let Some(xs) = storage[xi as usize] {
            wanted[xs.0 as usize] = true;
        }
    }
    let mut members: Vec<Vec<ValIdx>> = vec![Vec::new(); nvars];
    for (vi, s) in storage.iter().enumerate() {
        if let Some(s) = s {
            count_in[s.0 as usize] += 1;
            if wanted[s.0 as usize] {
                members[s.0 as usize].push(vi as ValIdx);
            }
        }
    }
    let mut aliased = vec![false; nvars];
    for v in &a.vars {
        if let Some((b, _)) = v.alias_of {
            aliased[b.0 as usize] = true;
        }
    }
    // the views placed here: they move nothing, so they never overwrite what they share storage with
    let mut views: HashSet<ValIdx> = HashSet::new();
    let mut count = 0;
    for (r, x, offset, vi, xi) in cands {
        let (Some(vs), Some(xs)) = (storage[vi as usize], storage[xi as usize]) else { continue };
        let Some(xv) = a.var(x) else { continue };
        // the byte offset of x's variable in its storage
        let mut at = xv;
        let mut base = 0u32;
        while let Some((up, off)) = a.vars[at.0 as usize].alias_of {
            base += off;
            at = up;
        }
        let offset = base + offset;
        let (vsi, xsi) = (vs.0 as usize, xs.0 as usize);
        let alone = vs != xs
            && wanted[xsi]
            && fits(a, xs, i64::from(offset), f.insts[r].ty.bytes())
            && count_in[vsi] == 1
            && !aliased[vsi]
            && a.vars[vsi].param.is_none()
            && a.vars[vsi].unit.is_none()
            && a.vars[xsi].unit.is_none()
            && a.vars[vsi].category == Category::General
            && a.vars[xsi].category == Category::General;
        if !alone {
            continue;
        }
        let live = lv.range(vi);
        let clash =
            members[xsi].iter().any(|&k| k != xi && !views.contains(&k) && overlaps(lv.range(k), live));
        if clash {
            continue;
        }
        a.vars[vsi].alias_of = Some((xs, offset));
        reroot(a, current, vs);
        a.placed.insert(r);
        aliased[xsi] = true;
        storage[vi as usize] = Some(xs);
        count_in[vsi] = 0;
        count_in[xsi] += 1;
        members[xsi].push(vi);
        views.insert(vi);
        count += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assign;
    use genxc_genx::ir::{BinOp, BlockId, Constant, Inst, Linkage, Terminator};
    use genxc_genx::region::Region;

    fn push(f: &mut Function, b: BlockId, kind: InstKind, ty: Type) -> Value {
        f.push_inst(b, Inst { kind, ty, name: String::new() })
    }

    fn add(f: &mut Function, b: BlockId, x: Value, y: Value) -> Value {
        let ty = f.value_type(x);
        push(f, b, InstKind::Binary { op: BinOp::Add, lhs: x, rhs: y }, ty)
    }

    /// `<1 x i64> w = wrregion(undef, s)` of `s = p + p` that lives on, and `t = trunc s to i8`:
    /// both are views of `s`'s storage and move nothing; a truncated group id is not.
    #[test]
    fn one_element_copies_are_views_of_their_source() {
        let q = Type::Scalar(Elem::I64);
        let mut f = Function::new("k", Linkage::Kernel, vec![q], Type::Void);
        let b = f.add_block("entry");
        let s = add(&mut f, b, Value::Param(0), Value::Param(0));
        let undef = f.add_const(Constant::undef(Type::Vector(Elem::I64, 1)));
        let mask = f.add_const(Constant::int(Elem::I1, 1));
        let region = Region::contiguous(8, 1, 0);
        let w = push(
            &mut f,
            b,
            InstKind::WrRegion { old: undef, new: s, region, mask },
            Type::Vector(Elem::I64, 1),
        );
        let ww = add(&mut f, b, w, w);
        let t = push(&mut f, b, InstKind::Cast { op: CastOp::Trunc, value: s }, Type::Scalar(Elem::I8));
        let tt = add(&mut f, b, t, t);
        let s2 = add(&mut f, b, s, s);
        let g = push(
            &mut f,
            b,
            InstKind::Intrinsic { id: IntrinsicId::GroupIdX, args: vec![] },
            Type::Scalar(Elem::I32),
        );
        let gt = push(&mut f, b, InstKind::Cast { op: CastOp::Trunc, value: g }, Type::Scalar(Elem::I16));
        let gg = add(&mut f, b, g, g);
        let gtt = add(&mut f, b, gt, gt);
        f.blocks[b].term = Terminator::Ret(None);
        let _ = (ww, tt, s2, gg, gtt);
        let bales = genxc_genx::bale::analyze(&f, |_, _| true, |_| true);
        let a = assign(&f, &bales);
        let id = |v: Value| match v {
            Value::Inst(i) => i,
            _ => unreachable!("an instruction"),
        };
        let storage = |v: Value| a.storage(a.var(v).expect("a variable"));
        assert!(a.placed.contains(&id(w)) && a.placed.contains(&id(t)));
        assert_eq!((storage(w), storage(t)), (storage(s), storage(s)));
        assert!(!a.placed.contains(&id(gt)));
        assert_ne!(storage(gt), storage(g));
    }

    #[test]
    fn segments_overlap_only_when_they_share_a_point() {
        assert!(overlaps(&[(0, 4)], &[(3, 5)]));
        assert!(!overlaps(&[(0, 4)], &[(4, 6)]));
        assert!(!overlaps(&[(0, 2), (8, 9)], &[(2, 8)]));
        assert!(overlaps(&[(0, 2), (8, 9)], &[(2, 9)]));
    }
}
