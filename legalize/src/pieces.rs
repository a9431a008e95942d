//! Reads of split pieces: after splitting, the pieces of one operation are joined into a vector
//! (a `wrregion` chain) that the next split operation reads back piece by piece, and each piece of
//! a select is written into the chain of the previous piece. This module rewrites such reads so each
//! piece can bale into its user and each chain write stays in place:
//!
//! - [`forward_written_regions`]: `rdregion(wrregion(A, V, R), R)` is `V` (past writes of the chain
//!   that touch none of `R`'s elements);
//! - [`sink_select_operations`]: an operation whose only user is a select, with the region reads
//!   only it uses, moves right before that select (so a select piece and its operation piece are
//!   next to each other, as the operation runs where the select is when it bales into it);
//! - [`read_newest_writes`]: `rdregion(A, R)` after `W = wrregion(A, V, R2)` in the same block, with
//!   `R2` touching none of `R`'s elements, reads `rdregion(W, R)`: `A` then dies at `W`, which can
//!   write in place.

use crate::collapse::remove_unused_reads;
use genxc_genx::{Function, InstId, InstKind, Region, Value};
// foldhash: a fast hash, seeded per process (SipHash was a tenth of a small kernel's compile).
use foldhash::{HashMap, HashMapExt};

/// All three rewrites, then the removal of the reads and writes left unused. Returns how many
/// instructions they changed.
pub fn rewrite_piece_reads(f: &mut Function) -> usize {
    let forwarded = forward_written_regions(f);
    if forwarded > 0 {
        // the writes read back are unused now: the operations they took are used once
        remove_unused_reads(f);
    }
    let n = forwarded + sink_select_operations(f) + read_newest_writes(f);
    if n > forwarded {
        remove_unused_reads(f);
    }
    n
}

/// The byte offset of each element of a direct region, in order; `None` for an indirect one.
fn element_offsets(r: &Region) -> Option<Vec<i64>> {
    if r.indirect.is_some() || r.width == 0 {
        return None;
    }
    let eb = i64::from(r.elem_bytes);
    Some(
        (0..r.num_elems)
            .map(|i| {
                let (row, col) = (i64::from(i / r.width), i64::from(i % r.width));
                i64::from(r.offset) + (row * i64::from(r.vstride) + col * i64::from(r.stride)) * eb
            })
            .collect(),
    )
}

/// The byte offset of element `i` of a direct region (as [`element_offsets`] lists them).
fn element_offset(r: &Region, i: u32) -> i64 {
    let (row, col) = (i64::from(i / r.width), i64::from(i % r.width));
    i64::from(r.offset) + (row * i64::from(r.vstride) + col * i64::from(r.stride)) * i64::from(r.elem_bytes)
}

/// Whether two direct regions have the same byte offsets element by element (as
/// [`element_offsets`] lists them), without listing them.
fn same_offsets(r: &Region, want: &Region) -> bool {
    let direct = |r: &Region| r.indirect.is_none() && r.width != 0;
    if !direct(r) || !direct(want) || r.num_elems != want.num_elems {
        return false;
    }
    let shape = |r: &Region| (r.offset, r.vstride, r.width, r.stride, r.elem_bytes);
    shape(r) == shape(want) || (0..r.num_elems).all(|i| element_offset(r, i) == element_offset(want, i))
}

/// Whether two direct regions touch no byte in common.
fn disjoint(a: &Region, b: &Region) -> bool {
    if a.indirect.is_some() || b.indirect.is_some() || a.width == 0 || b.width == 0 {
        return false;
    }
    // regions whose byte spans lie apart touch no byte in common (without listing elements)
    let ((alo, ahi), (blo, bhi)) = (a.byte_span(), b.byte_span());
    if ahi <= blo || bhi <= alo {
        return true;
    }
    // regions that cover their byte spans whole (one row of stride 1, or rows that abut) share the
    // bytes where those spans overlap
    let dense = |r: &Region| {
        r.num_elems == 1 || (r.stride == 1 && (r.num_elems == r.width || r.vstride == r.width as i32))
    };
    if dense(a) && dense(b) {
        return false;
    }
    let (Some(x), Some(y)) = (element_offsets(a), element_offsets(b)) else { return false };
    let (ea, eb) = (i64::from(a.elem_bytes), i64::from(b.elem_bytes));
    x.iter().all(|&p| y.iter().all(|&q| p + ea <= q || q + eb <= p))
}

/// Replaces every use of an `rdregion` that reads back exactly the elements an unmasked `wrregion`
/// of its input chain wrote (past the writes of that chain that touch none of them) by the written
/// value (the read is left unused). Returns how many reads it replaced.
pub fn forward_written_regions(f: &mut Function) -> usize {
    // the reads that find their elements written whole: (read, the chain it reads, the value)
    let mut found_reads = Vec::new();
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let InstKind::RdRegion { input: Value::Inst(top), region: rd } = &f.insts[id].kind else {
                continue;
            };
            if rd.indirect.is_some() || rd.width == 0 {
                continue;
            }
            // a read of anything but a region write finds nothing (without listing its elements)
            if !matches!(f.insts[*top].kind, InstKind::WrRegion { .. }) {
                found_reads.push((id, *top, None));
                continue;
            }
            // look down the chain of writes for the one that wrote these elements
            let mut w = *top;
            let found = loop {
                let InstKind::WrRegion { old, new, region, mask } = &f.insts[w].kind else { break None };
                let all_lanes = f.as_const(*mask).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1)));
                if region.elem_bytes != rd.elem_bytes {
                    break None;
                }
                if all_lanes && same_offsets(region, rd) {
                    break (f.value_type(*new) == f.insts[id].ty).then_some(*new);
                }
                // (a masked write writes fewer elements of its region: none of `R`'s either)
                if !disjoint(region, rd) {
                    break None;
                }
                match old {
                    Value::Inst(o) => w = *o,
                    _ => break None,
                }
            };
            if let Some(v) = found {
                found_reads.push((id, *top, Some(v)));
            } else {
                found_reads.push((id, *top, None));
            }
        }
    }
    if found_reads.iter().all(|r| r.2.is_none()) {
        return 0;
    }
    let uses = f.use_counts();
    let count = |v: Value| match v {
        Value::Inst(i) => uses[genxc_genx::ir::inst_index(i)],
        _ => 0,
    };
    // only chains that exist to be read back (built from undef, each write used once by the next,
    // every read of the last one found, none of them only moved into another vector, which
    // placement makes a view of this one): the pieces replace the whole vector, never both live
    let mut moved = vec![false; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            if let InstKind::WrRegion { new: Value::Inst(n), .. } = &f.insts[i].kind {
                moved[genxc_genx::ir::inst_index(*n)] = true;
            }
        }
    }
    // per chain top (by instruction index): its reads found whole, `u32::MAX` when one is not
    // (never equal to a use count); 0 for an instruction no read reads
    let mut reads_of = vec![0u32; f.insts.len()];
    for &(id, top, v) in &found_reads {
        let n = &mut reads_of[genxc_genx::ir::inst_index(top)];
        if v.is_none() || moved[genxc_genx::ir::inst_index(id)] {
            *n = u32::MAX;
        } else {
            *n = n.saturating_add(1);
        }
    }
    let read_back = |top: InstId| {
        if reads_of[genxc_genx::ir::inst_index(top)] != count(Value::Inst(top)) {
            return false;
        }
        let mut w = top;
        loop {
            let InstKind::WrRegion { old, .. } = &f.insts[w].kind else { return false };
            match *old {
                Value::Inst(o) if count(*old) == 1 => w = o,
                Value::Const(_) => return f.as_const(*old).is_some_and(|c| c.is_undef()),
                _ => return false,
            }
        }
    };
    // whether each chain top a found read reads is read back, by instruction index (0: no read
    // found whole reads it, 1: not read back, 2: read back)
    let mut chains = vec![0u8; f.insts.len()];
    for &(_, top, v) in &found_reads {
        let known = &mut chains[genxc_genx::ir::inst_index(top)];
        if v.is_some() && *known == 0 {
            *known = 1 + u8::from(read_back(top));
        }
    }
    // the value each forwarded read is replaced by, by the read's instruction index
    let mut forward: Vec<Option<Value>> = Vec::new();
    let (mut forwarded, mut copied) = (0, 0);
    for (id, top, v) in found_reads {
        let Some(v) = v else { continue };
        if chains[genxc_genx::ir::inst_index(top)] != 2 {
            continue;
        }
        match v {
            // a read of a direct region reads the same where it is (its input may have been
            // written since, in elements it does not read: see `read_newest_writes`)
            Value::Inst(r) if is_direct_read(f, r) => {
                f.insts[id].kind = f.insts[r].kind.clone();
                copied += 1;
            }
            v => {
                if forward.is_empty() {
                    forward = vec![None; f.insts.len()];
                }
                forward[genxc_genx::ir::inst_index(id)] = Some(v);
                forwarded += 1;
            }
        }
    }
    if forwarded == 0 {
        return copied;
    }
    // a forwarded value may itself be a forwarded read
    let resolve = |mut v: Value| {
        while let Value::Inst(i) = v {
            match forward.get(genxc_genx::ir::inst_index(i)).copied().flatten() {
                Some(w) => v = w,
                None => break,
            }
        }
        v
    };
    for &b in &f.layout {
        f.blocks[b].term.map_operands(resolve);
        for &id in &f.blocks[b].insts {
            f.insts[id].kind.map_operands(resolve);
        }
    }
    forwarded + copied
}

/// Whether instruction `v` is an `rdregion` of a direct region.
fn is_direct_read(f: &Function, v: InstId) -> bool {
    matches!(&f.insts[v].kind, InstKind::RdRegion { region, .. } if region.indirect.is_none())
}

/// The instruction `v` is when it has exactly one use.
fn single_use(uses: &[u32], v: Value) -> Option<InstId> {
    match v {
        Value::Inst(d) if uses[genxc_genx::ir::inst_index(d)] == 1 => Some(d),
        _ => None,
    }
}

/// Moves each operation whose only user is a select (its `on_true` value, the form an assignment
/// under SIMD control flow takes) right before that select, with the region reads only it uses.
/// Returns how many operations moved.
pub fn sink_select_operations(f: &mut Function) -> usize {
    let is_select = |f: &Function, i: &InstId| matches!(f.insts[*i].kind, InstKind::Select { .. });
    if !f.layout.iter().any(|&b| f.blocks[b].insts.iter().any(|i| is_select(f, i))) {
        return 0;
    }
    let uses = f.use_counts();
    let mut moved = 0;
    for b in f.layout.clone() {
        if !f.blocks[b].insts.iter().any(|i| is_select(f, i)) {
            continue;
        }
        let insts = f.blocks[b].insts.clone();
        let pos: HashMap<InstId, usize> = insts.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        // instruction -> the select it moves before
        let mut sink: HashMap<InstId, InstId> = HashMap::new();
        for &u in &insts {
            let InstKind::Select { on_true, .. } = &f.insts[u].kind else { continue };
            let Some(d) = single_use(&uses, *on_true) else { continue };
            if !pos.contains_key(&d) || !genxc_genx::bale::maskable_operation(f, d) {
                continue;
            }
            sink.insert(d, u);
            f.insts[d].kind.for_each_operand(|v| {
                if let Some(r) = single_use(&uses, v) {
                    if pos.contains_key(&r) && matches!(f.insts[r].kind, InstKind::RdRegion { .. }) {
                        sink.insert(r, u);
                    }
                }
            });
        }
        if sink.is_empty() {
            continue;
        }
        let mut order = Vec::with_capacity(insts.len());
        for &i in &insts {
            if sink.contains_key(&i) {
                continue;
            }
            // the moved instructions of this select, in their original order
            order.extend(insts.iter().filter(|&&d| sink.get(&d) == Some(&i)));
            order.push(i);
        }
        if order != insts {
            moved += sink.values().count();
            f.blocks[b].insts = order;
        }
    }
    moved
}

/// Makes each `rdregion(A, R)` that follows `W = wrregion(A, V, R2)` in the same block read `W`
/// instead, when `W` is the only write with old value `A` and `R2` touches none of `R`'s elements
/// (repeatedly, down the chain). Returns how many reads changed.
pub fn read_newest_writes(f: &mut Function) -> usize {
    let mut changed = 0;
    // old value -> (position of its first write in the block, that write, how many writes)
    let mut writes: HashMap<Value, (usize, InstId, u32)> = HashMap::new();
    for &b in &f.layout {
        let insts = &f.blocks[b].insts;
        // the unmasked direct writes of each old value in this block, with their positions
        writes.clear();
        for (k, &w) in insts.iter().enumerate() {
            if let InstKind::WrRegion { old, .. } = &f.insts[w].kind {
                writes.entry(*old).and_modify(|e| e.2 += 1).or_insert((k, w, 1));
            }
        }
        if writes.is_empty() {
            continue;
        }
        for (k, &r) in insts.iter().enumerate() {
            let InstKind::RdRegion { input, region } = &f.insts[r].kind else { continue };
            let (mut input, region) = (*input, *region);
            while let Some(&(wk, w, n)) = writes.get(&input) {
                if n != 1 {
                    break;
                }
                // (a masked write writes fewer elements of its region: none of `R`'s either)
                let InstKind::WrRegion { region: wr, .. } = &f.insts[w].kind else { break };
                if wk >= k || !disjoint(wr, &region) {
                    break;
                }
                input = Value::Inst(w);
            }
            if let InstKind::RdRegion { input: old, .. } = &mut f.insts[r].kind {
                if *old != input {
                    *old = input;
                    changed += 1;
                }
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use genxc_genx::ir::{BinOp, Constant, Inst, Terminator};
    use genxc_genx::{BlockId, Elem, Linkage, Type};

    fn push(f: &mut Function, b: BlockId, kind: InstKind, ty: Type) -> Value {
        f.push_inst(b, Inst { kind, ty, name: String::new() })
    }

    fn all(f: &mut Function) -> Value {
        f.add_const(Constant::int(Elem::I1, 1))
    }

    /// `<8 x i32>` pieces of a `<16 x i32>` vector: elements `start..start + 8`.
    fn half(start: u32) -> Region {
        Region::contiguous(4, 8, start)
    }

    #[test]
    fn split_result_pieces_are_read_where_they_were_written() {
        let (v16, v8) = (Type::Vector(Elem::I32, 16), Type::Vector(Elem::I32, 8));
        let mut f = Function::new("k", Linkage::Kernel, vec![v8, v8], v16);
        let b = f.add_block("entry");
        let (p0, p1) = (Value::Param(0), Value::Param(1));
        // the pieces of an operation joined into a vector built from undef, read back piece by piece
        let lo = push(&mut f, b, InstKind::Binary { op: BinOp::Add, lhs: p0, rhs: p1 }, v8);
        let hi = push(&mut f, b, InstKind::Binary { op: BinOp::Mul, lhs: p0, rhs: p1 }, v8);
        let undef = f.add_const(Constant::undef(v16));
        let m = all(&mut f);
        let w0 = push(&mut f, b, InstKind::WrRegion { old: undef, new: lo, region: half(0), mask: m }, v16);
        let w1 = push(&mut f, b, InstKind::WrRegion { old: w0, new: hi, region: half(8), mask: m }, v16);
        let r0 = push(&mut f, b, InstKind::RdRegion { input: w1, region: half(0) }, v8);
        let r1 = push(&mut f, b, InstKind::RdRegion { input: w1, region: half(8) }, v8);
        let s = push(&mut f, b, InstKind::Binary { op: BinOp::Sub, lhs: r1, rhs: r0 }, v8);
        let out = push(&mut f, b, InstKind::WrRegion { old: undef, new: s, region: half(0), mask: m }, v16);
        f.blocks[b].term = Terminator::Ret(Some(out));
        assert_eq!(rewrite_piece_reads(&mut f), 2);
        let Value::Inst(si) = s else { unreachable!() };
        assert!(matches!(f.insts[si].kind, InstKind::Binary { lhs, rhs, .. } if lhs == hi && rhs == lo));
        // the joined vector and its reads are gone
        let left: Vec<InstId> = f.blocks[b].insts.clone();
        for gone in [w0, w1, r0, r1] {
            let Value::Inst(g) = gone else { unreachable!() };
            assert!(!left.contains(&g));
        }
    }

    #[test]
    fn a_vector_also_read_whole_keeps_its_pieces_joined() {
        let (v16, v8) = (Type::Vector(Elem::I32, 16), Type::Vector(Elem::I32, 8));
        let mut f = Function::new("k", Linkage::Kernel, vec![v8], v16);
        let b = f.add_block("entry");
        let p0 = Value::Param(0);
        let lo = push(&mut f, b, InstKind::Binary { op: BinOp::Add, lhs: p0, rhs: p0 }, v8);
        let undef = f.add_const(Constant::undef(v16));
        let m = all(&mut f);
        let w0 = push(&mut f, b, InstKind::WrRegion { old: undef, new: lo, region: half(0), mask: m }, v16);
        let w1 = push(&mut f, b, InstKind::WrRegion { old: w0, new: p0, region: half(8), mask: m }, v16);
        let r0 = push(&mut f, b, InstKind::RdRegion { input: w1, region: half(0) }, v8);
        let s = push(&mut f, b, InstKind::Binary { op: BinOp::Sub, lhs: r0, rhs: p0 }, v8);
        let _ = s;
        f.blocks[b].term = Terminator::Ret(Some(w1));
        // w1 is returned whole: its reads stay reads of it (the pieces and the whole never both live)
        assert_eq!(forward_written_regions(&mut f), 0);
    }

    #[test]
    fn a_read_after_a_write_of_other_elements_reads_the_write() {
        let (v16, v8) = (Type::Vector(Elem::I32, 16), Type::Vector(Elem::I32, 8));
        let mut f = Function::new("k", Linkage::Kernel, vec![v16, v8], v16);
        let b = f.add_block("entry");
        let (a, x) = (Value::Param(0), Value::Param(1));
        let m = all(&mut f);
        let w = push(&mut f, b, InstKind::WrRegion { old: a, new: x, region: half(0), mask: m }, v16);
        let hi = push(&mut f, b, InstKind::RdRegion { input: a, region: half(8) }, v8);
        let lo = push(&mut f, b, InstKind::RdRegion { input: a, region: Region::contiguous(4, 8, 4) }, v8);
        let w2 = push(&mut f, b, InstKind::WrRegion { old: w, new: hi, region: half(8), mask: m }, v16);
        let _ = lo;
        f.blocks[b].term = Terminator::Ret(Some(w2));
        // elements 8..16 are not written by w: read from w; elements 4..12 overlap it: stay
        assert_eq!(read_newest_writes(&mut f), 1);
        let (Value::Inst(hi), Value::Inst(lo)) = (hi, lo) else { unreachable!() };
        assert!(matches!(f.insts[hi].kind, InstKind::RdRegion { input, .. } if input == w));
        assert!(matches!(f.insts[lo].kind, InstKind::RdRegion { input, .. } if input == a));
    }
}
