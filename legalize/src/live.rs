//! Live elements: which elements of each vector value something observable depends on.
//!
//! Legalization uses it to split an operation so that a run of dead elements (computed but never
//! used) forms pieces of its own, which are then not emitted (the spec's `splitDeadElements` with
//! GenXLiveElements), and to drop a region write whose every written element is dead (a later
//! write covers it before anything reads it: [`remove_dead_writes`]). The analysis is local to a block and conservative: a value used outside its
//! block, by a terminator, a call, an intrinsic or a phi keeps every element live.

use genxc_genx::ir::{BinOp, CastOp};
use genxc_genx::{Function, InstId, InstKind, Region, Value};

/// Per instruction, the live elements of its vector result, one bit per element (1 = live).
/// Vectors longer than 64 elements are taken as all live.
#[derive(Clone, Debug, Default)]
pub struct LiveElements {
    /// Indexed by raw instruction id: the live mask where some element is dead, else 0.
    dead_masks: Vec<u64>,
    any: bool,
}

impl LiveElements {
    /// The live mask of `id`'s result when some of its elements are dead.
    pub fn get(&self, id: &InstId) -> Option<&u64> {
        self.dead_masks.get(raw(*id)).filter(|m| **m != 0)
    }

    /// Whether no result has a dead element.
    pub fn is_empty(&self) -> bool {
        !self.any
    }
}

fn raw(id: InstId) -> usize {
    u32::from(id.into_raw()) as usize
}

fn full(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Element index `i` of a direct region, as an element index of the vector it reads or writes.
fn region_elem(r: &Region, i: u32) -> Option<u32> {
    let w = r.width.max(1);
    let eb = i64::from(r.elem_bytes.max(1));
    let e = i64::from(r.offset) / eb
        + i64::from(i / w) * i64::from(r.vstride)
        + i64::from(i % w) * i64::from(r.stride);
    u32::try_from(e).ok()
}

/// The first element of a direct 1D stride-1 region that ends within 64 elements.
fn contiguous_base(r: &Region) -> Option<u32> {
    let eb = r.elem_bytes.max(1);
    let one_row = r.num_elems == r.width.max(1) || r.vstride == r.width as i32;
    (r.indirect.is_none() && one_row && (r.stride == 1 || r.num_elems == 1) && r.offset >= 0)
        .then(|| r.offset as u32 / eb)
        .filter(|&b| (r.offset as u32).is_multiple_of(eb) && b + r.num_elems <= 64)
}

/// Computes the live elements of the vector values of `f` (only those with a dead element appear).
pub fn analyze(f: &Function) -> LiveElements {
    // the block of each instruction (needed only to find uses in other blocks)
    let several = f.layout.len() > 1;
    let mut block_of = vec![None; if several { f.insts.len() } else { 0 }];
    for &b in f.layout.iter().filter(|_| several) {
        for &i in &f.blocks[b].insts {
            if let Some(s) = block_of.get_mut(raw(i)) {
                *s = Some(b);
            }
        }
    }
    let elems = |v: Value| f.value_type(v).num_elems();
    // live[i]: the elements of instruction i's result needed so far
    let mut live = vec![0u64; f.insts.len()];
    let need = |live: &mut Vec<u64>, v: Value, mask: u64| {
        if let Value::Inst(i) = v {
            if let Some(slot) = live.get_mut(raw(i)) {
                *slot |= mask;
            }
        }
    };
    for &b in &f.layout {
        // uses by the terminator, and by instructions of other blocks, keep everything
        f.blocks[b].term.for_each_operand(|v| need(&mut live, v, u64::MAX));
        if f.layout.len() == 1 {
            continue;
        }
        for &i in &f.blocks[b].insts {
            f.insts[i].kind.for_each_operand(|v| {
                if let Value::Inst(d) = v {
                    if block_of.get(raw(d)).copied().flatten() != Some(b) {
                        need(&mut live, v, u64::MAX);
                    }
                }
            });
        }
    }
    for &b in f.layout.iter().rev() {
        for &id in f.blocks[b].insts.iter().rev() {
            let inst = &f.insts[id];
            let n = inst.ty.num_elems();
            let mine = if n > 64 { u64::MAX } else { live[raw(id)] & full(n) };
            let small = |v: Value| elems(v) <= 64;
            match &inst.kind {
                InstKind::Binary { op, lhs, rhs } if inst.ty.is_vector() && n <= 64 => {
                    // `x & 0` does not depend on x
                    let zero_lanes = |v: Value| -> u64 {
                        let Some(c) = f.as_const(v) else { return 0 };
                        if *op != BinOp::And || c.elems.len() != n as usize {
                            return 0;
                        }
                        c.elems
                            .iter()
                            .enumerate()
                            .filter(|(_, e)| **e == Some(0))
                            .fold(0, |m, (i, _)| m | 1 << i)
                    };
                    need(&mut live, *lhs, mine & !zero_lanes(*rhs));
                    need(&mut live, *rhs, mine & !zero_lanes(*lhs));
                }
                InstKind::Binary { .. }
                | InstKind::FNeg(_)
                | InstKind::Cmp { .. }
                | InstKind::Select { .. }
                    if inst.ty.is_vector() =>
                {
                    inst.kind.for_each_operand(|v| {
                        let e = elems(v);
                        need(&mut live, v, if e == n && e <= 64 { mine } else { u64::MAX });
                    });
                }
                InstKind::Cast { op, value } if inst.ty.is_vector() && *op != CastOp::BitCast => {
                    need(&mut live, *value, if elems(*value) == n && n <= 64 { mine } else { u64::MAX });
                }
                InstKind::RdRegion { input, region }
                    if region.indirect.is_none() && n <= 64 && small(*input) =>
                {
                    if let Some(base) = contiguous_base(region) {
                        // a 1D stride-1 read: the live bits, shifted to where they are read
                        need(&mut live, *input, mine << base);
                        continue;
                    }
                    let mut m = 0u64;
                    for i in 0..n {
                        if mine >> i & 1 == 1 {
                            match region_elem(region, i).filter(|&e| e < 64) {
                                Some(e) => m |= 1 << e,
                                None => m = u64::MAX,
                            }
                        }
                    }
                    need(&mut live, *input, m);
                }
                InstKind::WrRegion { old, new, region, mask }
                    if region.indirect.is_none()
                        && !f.value_type(*mask).is_vector()
                        && n <= 64
                        && region.num_elems <= 64 =>
                {
                    if let Some(base) = contiguous_base(region).filter(|b| b + region.num_elems <= n) {
                        let rn = region.num_elems;
                        let new_live =
                            if f.value_type(*new).is_vector() { (mine >> base) & full(rn) } else { u64::MAX };
                        need(&mut live, *old, mine & !(full(rn) << base));
                        need(&mut live, *new, new_live);
                        need(&mut live, *mask, u64::MAX);
                        continue;
                    }
                    let mut new_m = 0u64;
                    let mut old_m = mine;
                    for i in 0..region.num_elems {
                        match region_elem(region, i).filter(|&e| e < n) {
                            Some(e) => {
                                new_m |= (mine >> e & 1) << i;
                                old_m &= !(1 << e);
                            }
                            None => {
                                (new_m, old_m) = (u64::MAX, mine);
                                break;
                            }
                        }
                    }
                    need(&mut live, *old, old_m);
                    need(&mut live, *new, if f.value_type(*new).is_vector() { new_m } else { u64::MAX });
                    need(&mut live, *mask, u64::MAX);
                }
                _ => inst.kind.for_each_operand(|v| need(&mut live, v, u64::MAX)),
            }
        }
    }
    let mut any = false;
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let n = f.insts[id].ty.num_elems();
            let m = live[raw(id)] & full(n);
            // an instruction nothing uses is dead as a whole: left to the code that removes it
            if f.insts[id].ty.is_vector() && n <= 64 && m != 0 && m != full(n) {
                live[raw(id)] = m;
                any = true;
            } else {
                live[raw(id)] = 0;
            }
        }
    }
    LiveElements { dead_masks: live, any }
}

/// Makes every `wrregion` (with a direct region) whose written elements are all dead in its
/// result its old value instead (later writes overwrite them before anything reads them, as the
/// lanes of a shuffle's constant operand a chain of insertions then replaces), and removes it;
/// returns how many it removed. The reads that only fed such writes become unused.
pub fn remove_dead_writes(f: &mut Function) -> usize {
    remove_dead_writes_with(f, &analyze(f))
}

/// [`remove_dead_writes`] with the live elements of `f` already computed ([`analyze`]); when it
/// removes nothing, `live` still describes `f`.
pub fn remove_dead_writes_with(f: &mut Function, live: &LiveElements) -> usize {
    if live.is_empty() {
        return 0;
    }
    let mut with: foldhash::HashMap<InstId, Value> = foldhash::HashMap::default();
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let (Some(&mask), InstKind::WrRegion { old, region, .. }) = (live.get(&id), &f.insts[id].kind)
            else {
                continue;
            };
            let n = f.insts[id].ty.num_elems();
            let written_dead = region.indirect.is_none()
                && (0..region.num_elems)
                    .all(|i| region_elem(region, i).is_some_and(|e| e < n.min(64) && mask >> e & 1 == 0));
            if written_dead {
                with.insert(id, *old);
            }
        }
    }
    if with.is_empty() {
        return 0;
    }
    // a removed write's old value may itself be a removed write
    let resolve = |mut v: Value| {
        while let Value::Inst(i) = v {
            match with.get(&i) {
                Some(&old) => v = old,
                None => break,
            }
        }
        v
    };
    for b in f.layout.clone() {
        f.blocks[b].insts.retain(|i| !with.contains_key(i));
        f.blocks[b].term.map_operands(resolve);
        for i in f.blocks[b].insts.clone() {
            f.insts[i].kind.map_operands(resolve);
        }
    }
    with.len()
}

/// The width of the next piece of a result with live elements `live`, at `start`, given the width
/// `w` the legality rules allow: one live run `[first & !3, last]` is taken whole when `w` allows,
/// and the dead elements before and after it form pieces of their own.
pub fn dead_split_width(live: u64, start: u32, w: u32) -> u32 {
    if live == 0 {
        return w;
    }
    let a = live.trailing_zeros() & !3;
    let b = 63 - live.leading_zeros();
    let pow2_floor = |n: u32| if n == 0 { 1 } else { 1 << (31 - n.leading_zeros()) };
    let width = if start < a {
        w.min(pow2_floor(a - start))
    } else if start <= b {
        w.min((b - start + 1).next_power_of_two())
    } else {
        w
    };
    width.max(1)
}

/// Whether elements `start..start + n` of a result are all dead.
pub fn all_dead(live: u64, start: u32, n: u32) -> bool {
    start < 64 && (live >> start) & full(n) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(live: &[u32]) -> u64 {
        live.iter().fold(0, |m, &i| m | 1 << i)
    }

    fn pieces(live: u64, n: u32, w: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut s = 0;
        while s < n {
            let rest = n - s;
            let max = w.min(1 << (31 - rest.leading_zeros()));
            let n = dead_split_width(live, s, max);
            out.push(n);
            s += n;
        }
        out
    }

    #[test]
    fn a_write_later_writes_cover_becomes_its_old_value() {
        use genxc_genx::ir::{Constant, Inst, Terminator};
        use genxc_genx::{Elem, Linkage, Type};
        let (v8, v2) = (Type::Vector(Elem::I32, 8), Type::Vector(Elem::I32, 2));
        let mut f = Function::new("k", Linkage::Kernel, vec![v2, Type::Scalar(Elem::I32)], v8);
        let b = f.add_block("entry");
        let undef = f.add_const(Constant::undef(v8));
        let m = f.add_const(Constant::int(Elem::I1, 1));
        let push = |f: &mut Function, kind: InstKind, ty: Type| {
            f.push_inst(b, Inst { kind, ty, name: String::new() })
        };
        let one = |e: u32| Region::contiguous(4, 1, e);
        // lanes 0..2 from a parameter, then lanes 0 and 1 overwritten one by one; lanes 2..4 kept
        let w0 = push(
            &mut f,
            InstKind::WrRegion {
                old: undef,
                new: Value::Param(0),
                region: Region::contiguous(4, 2, 0),
                mask: m,
            },
            v8,
        );
        let w1 = push(
            &mut f,
            InstKind::WrRegion {
                old: w0,
                new: Value::Param(0),
                region: Region::contiguous(4, 2, 2),
                mask: m,
            },
            v8,
        );
        let w2 =
            push(&mut f, InstKind::WrRegion { old: w1, new: Value::Param(1), region: one(0), mask: m }, v8);
        let w3 =
            push(&mut f, InstKind::WrRegion { old: w2, new: Value::Param(1), region: one(1), mask: m }, v8);
        f.blocks[b].term = Terminator::Ret(Some(w3));
        assert_eq!(remove_dead_writes(&mut f), 1);
        let (Value::Inst(g), Value::Inst(k)) = (w0, w1) else { unreachable!() };
        assert!(!f.blocks[b].insts.contains(&g));
        assert!(matches!(f.insts[k].kind, InstKind::WrRegion { old, .. } if old == undef));
        // nothing more to remove
        assert_eq!(remove_dead_writes(&mut f), 0);
    }

    #[test]
    fn e28_to_e30_piece_sequences() {
        assert_eq!(pieces(mask(&[0]), 16, 16), vec![1, 8, 4, 2, 1]);
        assert_eq!(pieces(mask(&[5]), 16, 16), vec![4, 2, 8, 2]);
        assert_eq!(pieces(mask(&[0, 7]), 16, 16), vec![8, 8]);
        assert!(all_dead(mask(&[5]), 6, 8) && !all_dead(mask(&[5]), 4, 2));
    }
}
