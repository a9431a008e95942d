//! Reads through region writes: `rdregion(wrregion(old, new, W), R)` where every element `R`
//! reads lies in the part `W` wrote reads `new` directly.
//!
//! This is the GenX unbaling step "non-overlapping region optimisation" in its simplest form. Its
//! main user is the scalar splat CM code writes as `insertelement undef, x, 0` followed by a
//! zero-mask `shufflevector`: after lowering that is a one-element `wrregion` into an undefined
//! vector and a stride-0 `rdregion` of it, which would cost a move into a vector variable; read
//! through, the splat reads `x` itself and the `wrregion` goes away. Only parameters and scalars
//! are read through: a vector operation written by a `wrregion` is baled into it, and a second
//! reader would give it a variable (and a move) of its own.

use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{inst_index, Constant, Function, InstId, InstKind, Value};
use genxc_genx::Region;

/// Rewrites reads of written parts to read the written value; removes region instructions left
/// without uses. Returns the number of reads rewritten.
pub fn forward_region_reads(f: &mut Function) -> usize {
    let mut rewritten = 0;
    let ids = laid_out(f);
    for &id in &ids {
        let InstKind::RdRegion { input: Value::Inst(w), region } = &f.insts[id].kind else { continue };
        let InstKind::WrRegion { new, region: wr, mask, .. } = &f.insts[*w].kind else { continue };
        // Only parameters and scalars: a vector operation written by the wrregion is baled into
        // it, and a second reader would make it a value (and a copy) of its own.
        let cheap = matches!(new, Value::Param(_))
            || matches!(new, Value::Inst(_)) && f.value_type(*new).num_elems() == 1;
        if !cheap || !f.as_const(*mask).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1))) {
            continue;
        }
        if let Some(r) = read_through(wr, region) {
            let new = *new;
            f.insts[id].kind = InstKind::RdRegion { input: new, region: r };
            rewritten += 1;
        }
    }
    rewritten += forward_predicate_reads(f);
    if rewritten > 0 {
        remove_dead_regions(f);
    }
    rewritten
}

/// The predicate form of the same step, for the chains legalization makes of a split compare:
/// `rdpredregion(wrpredregion(old, new, W), R)` reads `new` when the lanes `R` lie in `W`, and
/// `old` when they miss `W` (then the chain is followed further). The read then takes its lanes
/// straight from the compare that wrote them, instead of from the joined predicate (a join through
/// words for a slice no mask offset reaches). A read of lanes of a constant (the mask of a split
/// masked write) becomes the constant of those lanes. Returns the number of reads rewritten.
fn forward_predicate_reads(f: &mut Function) -> usize {
    use IntrinsicId::{Rdpredregion, Wrpredregion};
    let lane_of = |f: &Function, v: Value| f.as_const(v).and_then(|c| c.splat_value());
    let mut rewritten = 0;
    let ids = laid_out(f);
    for &id in &ids {
        let InstKind::Intrinsic { id: Rdpredregion, args } = &f.insts[id].kind else { continue };
        let (mut src, Some(mut lane)) = (args[0], lane_of(f, args[1])) else { continue };
        let lanes = u64::from(f.insts[id].ty.num_elems());
        let start = (src, lane);
        while let Value::Inst(w) = src {
            let InstKind::Intrinsic { id: Wrpredregion, args: wa } = &f.insts[w].kind else { break };
            let Some(at) = lane_of(f, wa[2]) else { break };
            let written = u64::from(f.value_type(wa[1]).num_elems());
            if lane >= at && lane + lanes <= at + written {
                (src, lane) = (wa[1], lane - at);
            } else if lane + lanes <= at || lane >= at + written {
                src = wa[0];
            } else {
                break;
            }
        }
        if let Some(c) = f.as_const(src).filter(|c| !c.is_undef()) {
            // lanes of a constant mask: the constant slice itself (all set: no predicate at all)
            let at = |i: u64| c.elems.get(i as usize).or(c.elems.first()).copied().flatten();
            let elems: Vec<_> = (lane..lane + lanes).map(at).collect();
            let slice = f.add_const(Constant { ty: f.insts[id].ty, elems });
            let old = Value::Inst(id);
            let swap = |v: Value| if v == old { slice } else { v };
            for b in f.layout.clone() {
                for i in f.blocks[b].insts.clone() {
                    f.insts[i].kind.map_operands(swap);
                }
                f.blocks[b].term.map_operands(swap);
            }
            rewritten += 1;
            continue;
        }
        if (src, lane) == start || f.as_const(src).is_some_and(|c| c.is_undef()) {
            continue;
        }
        let off = f.add_const(Constant::int(genxc_genx::Elem::I32, lane as i64));
        f.insts[id].kind = InstKind::Intrinsic { id: Rdpredregion, args: vec![src, off] };
        rewritten += 1;
    }
    rewritten
}

/// Reads of a value that later writes of a `wrregion` chain leave alone: in
/// `w1 = wrregion(x, a, W1)`, `w2 = wrregion(w1, op(rdregion(x, R)), W2)` (what legalization makes
/// of one wide masked write that also reads its old value) the read of `x` after `w1` where `R`
/// misses `W1` reads `w1` instead. Then `x` dies at `w1` and the chain writes in place, where the
/// read of `x` would have kept it alive across the chain and cost a copy of the whole vector.
/// Only reads in the operand tree of the next write of the chain, in the same block after the
/// value they now read, are moved. Returns the number of reads rewritten.
pub fn read_past_region_writes(f: &mut Function) -> usize {
    /// Longest chain of writes looked through, and depth of the operand tree searched.
    const CHAIN: usize = 16;
    const DEPTH: usize = 4;
    let mut rewritten = 0;
    // the position of each instruction of the block being rewritten (by arena index; cleared
    // after each block)
    let mut at: Vec<u32> = vec![u32::MAX; f.insts.len()];
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let insts = f.blocks[b].insts.clone();
        for (k, &i) in insts.iter().enumerate() {
            at[inst_index(i)] = k as u32;
        }
        let pos = |i: InstId| Some(at[inst_index(i)]).filter(|&p| p != u32::MAX).map(|p| p as usize);
        for (k, &w2) in insts.iter().enumerate() {
            let InstKind::WrRegion { old: Value::Inst(w), new, .. } = f.insts[w2].kind else { continue };
            let Some(pw) = pos(w) else { continue };
            // (old value of a write of the chain, byte spans written from that write up to `w`)
            let mut chain: Vec<(Value, Vec<(i64, i64)>)> = Vec::new();
            let mut spans = Vec::new();
            let mut c = w;
            while chain.len() < CHAIN && pos(c).is_some() {
                let InstKind::WrRegion { old, region, .. } = &f.insts[c].kind else { break };
                if region.indirect.is_some() {
                    break;
                }
                spans.push(region.byte_span());
                chain.push((*old, spans.clone()));
                match old {
                    Value::Inst(o) => c = *o,
                    _ => break,
                }
            }
            if chain.is_empty() {
                continue;
            }
            // rdregions in the operand tree of `new`, between `w` and `w2`
            let mut stack = vec![(new, 0)];
            let mut reads = Vec::new();
            while let Some((v, d)) = stack.pop() {
                let Value::Inst(i) = v else { continue };
                if !pos(i).is_some_and(|p| p > pw && p < k) {
                    continue;
                }
                if let InstKind::RdRegion { .. } = f.insts[i].kind {
                    reads.push(i);
                } else if d < DEPTH {
                    f.insts[i].kind.for_each_operand(|o| stack.push((o, d + 1)));
                }
            }
            for r in reads {
                let InstKind::RdRegion { input, region } = &f.insts[r].kind else { continue };
                if region.indirect.is_some() {
                    continue;
                }
                let (lo, hi) = region.byte_span();
                let missed = |s: &Vec<(i64, i64)>| s.iter().all(|&(a, z)| hi <= a || lo >= z);
                if chain.iter().any(|(o, s)| o == input && missed(s)) {
                    let region = *region;
                    f.insts[r].kind = InstKind::RdRegion { input: Value::Inst(w), region };
                    rewritten += 1;
                }
            }
        }
        for &i in &insts {
            at[inst_index(i)] = u32::MAX;
        }
    }
    rewritten
}

/// The instructions of the blocks in the layout, in order.
fn laid_out(f: &Function) -> Vec<InstId> {
    let mut ids = Vec::with_capacity(f.layout.iter().map(|&b| f.blocks[b].insts.len()).sum());
    for &b in &f.layout {
        ids.extend_from_slice(&f.blocks[b].insts);
    }
    ids
}

/// The region of the written value that `read` reads, when it reads only what `write` wrote.
fn read_through(write: &Region, read: &Region) -> Option<Region> {
    if write.indirect.is_some() || read.indirect.is_some() || write.elem_bytes != read.elem_bytes {
        return None;
    }
    let eb = i64::from(write.elem_bytes.max(1));
    // the write must be one contiguous run of elements
    if !(write.num_elems == 1 || write.is_1d() && write.is_contiguous()) || i64::from(write.offset) % eb != 0
    {
        return None;
    }
    let (lo, hi) = (i64::from(write.offset), i64::from(write.offset) + i64::from(write.num_elems) * eb);
    let (rlo, rhi) = read.byte_span();
    if rlo < lo || rhi > hi || (rlo - lo) % eb != 0 {
        return None;
    }
    let single = read.num_elems == 1 || read.byte_span() == (rlo, rlo + eb);
    // moving the read keeps its legality when the shift keeps GRF boundaries where they were
    if !single && write.offset % 64 != 0 {
        return None;
    }
    let mut r = *read;
    r.offset = i32::try_from(i64::from(read.offset) - lo).ok()?;
    r.parent_width = 0;
    Some(r)
}

/// Removes `rdregion`s and `wrregion`s whose results are not used, until none is left.
/// Reads of one element of the thread's implicit inputs (`llvm.genx.local.id`, `local.size`,
/// `group.count`) used by several operations: each operation gets a read of its own, right before
/// it, which selection folds into the operation as a source region, so the element is read in
/// place where it lives (an input register) instead of copied into a variable of its own first
/// (code-size class 5 of issue 22). Uses that cannot fold a region (messages, calls, phis,
/// terminators) keep the original read. Returns the number of reads added.
pub fn clone_implicit_input_reads(f: &mut Function) -> usize {
    use genxc_genx::bale::takes_src_regions;
    use genxc_genx::intrinsics::IntrinsicId as I;
    let implicit = |f: &Function, v: Value| match v {
        Value::Inst(i) => matches!(
            f.insts[i].kind,
            InstKind::Intrinsic { id: I::LocalId | I::LocalId16 | I::LocalSize | I::GroupCount, .. }
        ),
        _ => false,
    };
    // (most functions read no implicit input: nothing to count or rebuild then)
    if !f.insts.iter().any(|(i, _)| implicit(f, Value::Inst(i))) {
        return 0;
    }
    let uses = f.use_counts();
    let mut added = 0;
    // the operands of one instruction (reused)
    let mut ops = Vec::new();
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let old = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(old.len());
        for &u in &old {
            if takes_src_regions(&f.insts[u].kind) && f.insts[u].ty.num_elems() >= 1 {
                ops.clear();
                f.insts[u].kind.for_each_operand(|v| ops.push(v));
                for (k, &v) in ops.iter().enumerate() {
                    let Value::Inst(r) = v else { continue };
                    let InstKind::RdRegion { input, region } = f.insts[r].kind else { continue };
                    if region.num_elems != 1
                        || region.indirect.is_some()
                        || !implicit(f, input)
                        || uses.get(genxc_genx::ir::inst_index(r)).copied().unwrap_or(0) < 2
                    {
                        continue;
                    }
                    let clone = f.insts.alloc(f.insts[r].clone());
                    out.push(clone);
                    replace_operand(&mut f.insts[u].kind, k, Value::Inst(clone));
                    added += 1;
                }
            }
            out.push(u);
        }
        f.blocks[b].insts = out;
    }
    if added > 0 {
        remove_dead_regions(f);
    }
    added
}

/// Replaces the `k`-th operand (in [`InstKind::for_each_operand`] order, which
/// [`InstKind::map_operands`] follows) of an instruction.
fn replace_operand(kind: &mut InstKind, k: usize, to: Value) {
    let mut n = 0;
    kind.map_operands(|v| {
        n += 1;
        if n - 1 == k {
            to
        } else {
            v
        }
    });
}

fn remove_dead_regions(f: &mut Function) {
    loop {
        let uses = f.use_counts();
        let mut removed = false;
        for bi in 0..f.layout.len() {
            let b = f.layout[bi];
            let insts = &f.insts;
            f.blocks[b].insts.retain(|i| {
                let region = match &insts[*i].kind {
                    InstKind::RdRegion { .. } | InstKind::WrRegion { .. } => true,
                    InstKind::Intrinsic { id, .. } => {
                        matches!(id, IntrinsicId::Rdpredregion | IntrinsicId::Wrpredregion)
                    }
                    _ => false,
                };
                let dead = region && uses[genxc_genx::ir::inst_index(*i)] == 0;
                removed |= dead;
                !dead
            });
        }
        if !removed {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use genxc_genx::ir::{CmpPred, Constant, Inst, Linkage, Terminator};
    use genxc_genx::types::{Elem, Type};

    #[test]
    fn a_split_write_reads_the_first_half_written() {
        let (v8, v4) = (Type::Vector(Elem::I32, 8), Type::Vector(Elem::I32, 4));
        let mut f = Function::new("k", Linkage::Kernel, vec![v8], v8);
        let b = f.add_block("entry");
        let mask = f.add_const(Constant::int(Elem::I1, 1));
        let x = Value::Param(0);
        let push = |f: &mut Function, kind| f.push_inst(b, Inst { kind, ty: v4, name: String::new() });
        // w1 writes x[0..4] from x[0..4]; w2 writes x[4..8] from x[4..8] (disjoint from w1's
        // part) and x[0..4] reversed would not be: only the first read moves to w1
        let lo = push(&mut f, InstKind::RdRegion { input: x, region: Region::contiguous(4, 4, 0) });
        let w1 = f.push_inst(
            b,
            Inst {
                kind: InstKind::WrRegion { old: x, new: lo, region: Region::contiguous(4, 4, 0), mask },
                ty: v8,
                name: String::new(),
            },
        );
        let hi = push(&mut f, InstKind::RdRegion { input: x, region: Region::contiguous(4, 4, 16) });
        let w2 = f.push_inst(
            b,
            Inst {
                kind: InstKind::WrRegion { old: w1, new: hi, region: Region::contiguous(4, 4, 16), mask },
                ty: v8,
                name: String::new(),
            },
        );
        let again = push(&mut f, InstKind::RdRegion { input: x, region: Region::contiguous(4, 4, 0) });
        let w3 = f.push_inst(
            b,
            Inst {
                kind: InstKind::WrRegion { old: w2, new: again, region: Region::contiguous(4, 4, 0), mask },
                ty: v8,
                name: String::new(),
            },
        );
        f.blocks[b].term = Terminator::Ret(Some(w3));
        assert_eq!(read_past_region_writes(&mut f), 1);
        let input = |v: Value| match (v, &f.insts) {
            (Value::Inst(i), insts) => match insts[i].kind {
                InstKind::RdRegion { input, .. } => input,
                _ => unreachable!(),
            },
            _ => unreachable!(),
        };
        assert_eq!((input(lo), input(hi), input(again)), (x, w1, x));
    }

    #[test]
    fn a_split_compare_is_read_from_its_pieces() {
        use genxc_genx::intrinsics::IntrinsicId::{Rdpredregion, Wrpredregion};
        let (p3, p2, p1) = (Type::Vector(Elem::I1, 3), Type::Vector(Elem::I1, 2), Type::Vector(Elem::I1, 1));
        let (v2, v1) = (Type::Vector(Elem::I32, 2), Type::Vector(Elem::I32, 1));
        let mut f = Function::new("k", Linkage::Kernel, vec![v2, v1], Type::Void);
        let b = f.add_block("entry");
        let undef = f.add_const(Constant::undef(p3));
        let (zero, two) =
            (f.add_const(Constant::int(Elem::I32, 0)), f.add_const(Constant::int(Elem::I32, 2)));
        let push = |f: &mut Function, kind, ty| f.push_inst(b, Inst { kind, ty, name: String::new() });
        let z2 = f.add_const(Constant::splat(v2, 0));
        let z1 = f.add_const(Constant::splat(v1, 0));
        let lo = push(&mut f, InstKind::Cmp { pred: CmpPred::Slt, lhs: Value::Param(0), rhs: z2 }, p2);
        let hi = push(&mut f, InstKind::Cmp { pred: CmpPred::Slt, lhs: Value::Param(1), rhs: z1 }, p1);
        let w1 = push(&mut f, InstKind::Intrinsic { id: Wrpredregion, args: vec![undef, lo, zero] }, p3);
        let w2 = push(&mut f, InstKind::Intrinsic { id: Wrpredregion, args: vec![w1, hi, two] }, p3);
        let r_lo = push(&mut f, InstKind::Intrinsic { id: Rdpredregion, args: vec![w2, zero] }, p2);
        let r_hi = push(&mut f, InstKind::Intrinsic { id: Rdpredregion, args: vec![w2, two] }, p1);
        // a read across both pieces keeps the join
        let r_all = push(&mut f, InstKind::Intrinsic { id: Rdpredregion, args: vec![w2, zero] }, p3);
        for r in [r_lo, r_hi, r_all] {
            push(
                &mut f,
                InstKind::Intrinsic { id: genxc_genx::intrinsics::IntrinsicId::Any, args: vec![r] },
                Type::Scalar(Elem::I1),
            );
        }
        assert_eq!(forward_region_reads(&mut f), 2);
        let read = |v: Value| match v {
            Value::Inst(i) => match &f.insts[i].kind {
                InstKind::Intrinsic { id: Rdpredregion, args } => {
                    (args[0], f.as_const(args[1]).and_then(|c| c.splat_value()))
                }
                _ => unreachable!(),
            },
            _ => unreachable!(),
        };
        assert_eq!(read(r_lo), (lo, Some(0)));
        assert_eq!(read(r_hi), (hi, Some(0)));
        assert_eq!(read(r_all), (w2, Some(0)));
        let Value::Inst(w2) = w2 else { unreachable!() };
        assert!(f.blocks[b].insts.contains(&w2));
    }

    #[test]
    fn lanes_of_a_constant_mask_are_a_constant() {
        use genxc_genx::intrinsics::IntrinsicId::{Any, Rdpredregion};
        let (p3, p1) = (Type::Vector(Elem::I1, 3), Type::Vector(Elem::I1, 1));
        let mut f = Function::new("k", Linkage::Kernel, vec![], Type::Void);
        let b = f.add_block("entry");
        let mask = f.add_const(Constant { ty: p3, elems: vec![Some(1), Some(0), Some(1)] });
        let two = f.add_const(Constant::int(Elem::I32, 2));
        let push = |f: &mut Function, kind, ty| f.push_inst(b, Inst { kind, ty, name: String::new() });
        let lane2 = push(&mut f, InstKind::Intrinsic { id: Rdpredregion, args: vec![mask, two] }, p1);
        let any = push(&mut f, InstKind::Intrinsic { id: Any, args: vec![lane2] }, Type::Scalar(Elem::I1));
        assert_eq!(forward_region_reads(&mut f), 1);
        let Value::Inst(any) = any else { unreachable!() };
        let InstKind::Intrinsic { args, .. } = &f.insts[any].kind else { unreachable!() };
        let c = f.as_const(args[0]).expect("a constant");
        assert_eq!((c.ty, c.elems.clone()), (p1, vec![Some(1)]));
        // the read is gone
        assert_eq!(f.blocks[b].insts.len(), 1);
    }

    #[test]
    fn a_splat_of_a_written_element_reads_the_element() {
        let w = Region::contiguous(4, 1, 0);
        let splat = Region { vstride: 0, width: 1, stride: 0, num_elems: 16, ..Region::contiguous(4, 16, 0) };
        let r = read_through(&w, &splat).expect("reads through");
        assert_eq!((r.offset, r.num_elems, r.stride), (0, 16, 0));
        // a read that also covers elements the write left alone is not rewritten
        assert!(read_through(&w, &Region::contiguous(4, 2, 0)).is_none());
        // a wide read from an unaligned written part is left alone
        assert!(read_through(&Region::contiguous(4, 8, 2), &Region::contiguous(4, 4, 3)).is_none());
        assert!(read_through(&Region::contiguous(4, 8, 16), &Region::contiguous(4, 4, 20)).is_some());
    }
}
