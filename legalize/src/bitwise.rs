//! Bitwise operations on byte, word and qword vectors done on a dword view (code-size class 4 of
//! issue 22).
//!
//! `and`, `or` and `xor` act on bits, so an operation on `i8`, `i16` or `i64` elements gives the
//! same bytes when its operands are read as `i32` elements covering the same bytes. Byte operations
//! cost the finalizer strided byte regions and split instructions; on dwords they take a quarter (a
//! half for words) of the elements and one register-wide instruction per piece. A qword operation
//! on dwords (on platforms with a 64-bit integer ALU) runs on the integer pipe instead of the long
//! one: no scoreboard wait for a long-pipe result before a message reads it. An operation is retyped when
//! its size is a whole number of dwords and every operand has a dword view: a grouped rdregion whose
//! region retypes ([`crate::retype::retype_region`]: contiguous rows starting on dword boundaries),
//! a constant (its bytes packed into dwords), or any other vector value (a bitcast, which selection
//! makes a vISA alias). A wrregion that takes the single-use result is retyped with it when its
//! region retypes, so the dword operation still writes its destination in place. The original
//! instructions become bitcasts back to their types; the rdregions folded into the operation are
//! removed. Runs before splitting, so the pieces are cut from the dword operation.

use crate::retype::retype_region;
use genxc_genx::ir::{BinOp, CastOp, Constant, Inst};
use genxc_genx::{Elem, Function, InstId, InstKind, Region, Type, Value};
use std::collections::{HashMap, HashSet};

/// One operand of a retyped operation.
#[derive(Clone, Copy)]
enum DwordOperand {
    /// A grouped rdregion read as dwords: its input and the retyped region.
    Region { rd: InstId, input: Value, region: Region },
    /// A constant vector whose bytes are packed into dwords.
    Const(Value),
    /// Any other vector, seen through a bitcast.
    Whole(Value),
}

/// The plan for one operation.
struct Plan {
    lhs: DwordOperand,
    rhs: DwordOperand,
    /// The wrregion that takes the result, with its old value and retyped region.
    write: Option<(InstId, Value, Region)>,
}

fn raw(id: InstId) -> usize {
    u32::from(id.into_raw()) as usize
}

fn is_true(f: &Function, v: Value) -> bool {
    f.as_const(v).is_some_and(|c| !c.ty.is_vector() && c.elems.first() == Some(&Some(1)))
}

/// The dwords holding the bytes of a constant vector of `i8`, `i16` or `i64` elements (undefined
/// byte or word elements count as zero, an undefined qword is two undefined dwords; an entirely
/// undefined constant stays undefined).
pub fn pack_dwords(c: &Constant) -> Option<Constant> {
    let elem = c.ty.elem()?;
    let eb = elem.bytes();
    if !matches!(elem, Elem::I8 | Elem::I16 | Elem::I64) || !(c.ty.bytes()).is_multiple_of(4) {
        return None;
    }
    let n = c.ty.bytes() / 4;
    let ty = Type::Vector(Elem::I32, n);
    if c.is_undef() {
        return Some(Constant::undef(ty));
    }
    if elem == Elem::I64 {
        // each qword is its low dword then its high dword
        let halves = |e: &Option<u64>| [e.map(|x| x & 0xffff_ffff), e.map(|x| x >> 32)];
        return Some(Constant { ty, elems: c.elems.iter().flat_map(halves).collect() });
    }
    let per = (4 / eb) as usize;
    let mask = (1u64 << (8 * eb)) - 1;
    let elems = c
        .elems
        .chunks(per)
        .map(|chunk| {
            let mut d = 0u64;
            for (k, e) in chunk.iter().enumerate() {
                d |= (e.unwrap_or(0) & mask) << (8 * eb as usize * k);
            }
            Some(d)
        })
        .collect();
    Some(Constant { ty, elems })
}

/// The dword view of operand `v` of an operation, if it has one.
fn operand_plan(f: &Function, v: Value, grouped: &[bool]) -> Option<DwordOperand> {
    if let Some(c) = f.as_const(v) {
        return c.ty.is_vector().then_some(DwordOperand::Const(v));
    }
    // a quotient or remainder has unspecified lanes where it divided by zero: at element width
    // such a lane stays its own (the reference interpreter and the simulator track definedness
    // per element, and a dword would spread it to the neighbouring elements)
    if holds_quotient(f, v, 64) {
        return None;
    }
    if let Value::Inst(rd) = v {
        if grouped.get(raw(rd)).copied().unwrap_or(false) {
            if let InstKind::RdRegion { input, region } = &f.insts[rd].kind {
                if f.as_const(*input).is_some_and(|c| !c.is_undef())
                    || !f.value_type(*input).bytes().is_multiple_of(4)
                {
                    return None;
                }
                let r = retype_region(region, 4)?;
                return Some(DwordOperand::Region { rd, input: *input, region: r });
            }
        }
    }
    Some(DwordOperand::Whole(v))
}

/// Whether `v` is a quotient or remainder or is computed from one (through the regions, casts and
/// operations legalization leaves around split divisions); a search longer than `budget` values
/// counts as finding one.
fn holds_quotient(f: &Function, v: Value, budget: usize) -> bool {
    let mut work = vec![v];
    let mut seen = 0;
    while let Some(v) = work.pop() {
        let Value::Inst(d) = v else { continue };
        seen += 1;
        if seen > budget {
            return true;
        }
        match &f.insts[d].kind {
            InstKind::Binary { op: BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem, .. } => {
                return true
            }
            // anything computed from a quotient: regions, casts (an i8 division is done at a
            // wider type and truncated), element-wise operations of it
            kind => kind.for_each_operand(|x| work.push(x)),
        }
    }
    false
}

/// What `id` becomes, if it is a bitwise operation on bytes or words (or qwords when `qwords`)
/// with a dword view.
fn plan(
    f: &Function,
    qwords: bool,
    qword_arithmetic_reads: &HashSet<InstId>,
    id: InstId,
    uses: &[u32],
    grouped: &[bool],
    users: &HashMap<InstId, InstId>,
) -> Option<Plan> {
    let inst = &f.insts[id];
    let InstKind::Binary { op: BinOp::And | BinOp::Or | BinOp::Xor, lhs, rhs } = inst.kind else {
        return None;
    };
    if !retyped_type(&inst.ty, qwords) {
        return None;
    }
    if !inst.ty.bytes().is_multiple_of(4) {
        return None;
    }
    let lhs = operand_plan(f, lhs, grouped)?;
    let rhs = operand_plan(f, rhs, grouped)?;
    if matches!((lhs, rhs), (DwordOperand::Const(_), DwordOperand::Const(_))) {
        return None;
    }
    // a qword constant stays one immediate unless its dwords are all the same (-1, 0); a qword
    // result other qword arithmetic reads stays on the qword (long) pipe with it
    let qword = inst.ty.elem() == Some(Elem::I64);
    if qword && qword_arithmetic_reads.contains(&id) {
        return None;
    }
    let one_dword = |o: DwordOperand| match o {
        DwordOperand::Const(v) => {
            f.as_const(v).and_then(pack_dwords).is_some_and(|c| c.splat_value().is_some())
        }
        _ => true,
    };
    if qword && !(one_dword(lhs) && one_dword(rhs)) {
        return None;
    }
    // the result's single user, a wrregion of it with a true mask, writes dwords too
    let write = (uses.get(raw(id)) == Some(&1) && grouped.get(raw(id)).copied().unwrap_or(false))
        .then(|| users.get(&id))
        .flatten()
        .and_then(|&wr| match &f.insts[wr].kind {
            InstKind::WrRegion { old, new, region, mask } if *new == Value::Inst(id) && is_true(f, *mask) => {
                let old_ok = f.as_const(*old).is_none_or(Constant::is_undef);
                let w = retype_region(region, 4)?;
                (old_ok && f.value_type(*old).bytes().is_multiple_of(4) && w.num_elems == w.width)
                    .then_some((wr, *old, w))
            }
            _ => None,
        });
    Some(Plan { lhs, rhs, write })
}

/// The dword views made so far in the current block, by value viewed (one bitcast per value, so
/// register allocation sees one alias, not several copies of the same bits).
type Views = HashMap<Value, Value>;

/// `v` seen as dwords: the dword value it is a bitcast of, a bitcast emitted into `out` (once per
/// value and block), or a retyped constant.
fn view(f: &mut Function, v: Value, name: &str, out: &mut Vec<InstId>, views: &mut Views) -> Value {
    if let Some(c) = f.as_const(v) {
        let packed = pack_dwords(c)
            .unwrap_or_else(|| Constant::undef(Type::Vector(Elem::I32, f.value_type(v).bytes() / 4)));
        return f.add_const(packed);
    }
    let ty = Type::Vector(Elem::I32, f.value_type(v).bytes() / 4);
    if let Value::Inst(b) = v {
        if let InstKind::Cast { op: CastOp::BitCast, value } = f.insts[b].kind {
            if f.value_type(value) == ty {
                return value;
            }
        }
    }
    if let Some(&seen) = views.get(&v) {
        return seen;
    }
    let id =
        f.insts.alloc(Inst { kind: InstKind::Cast { op: CastOp::BitCast, value: v }, ty, name: name.into() });
    out.push(id);
    views.insert(v, Value::Inst(id));
    Value::Inst(id)
}

/// Whether a bitwise operation of type `ty` is retyped: byte and word vectors, and qword vectors
/// when `qwords` (platforms with a 64-bit integer ALU; elsewhere selection already does a qword
/// operation on the dword halves of its operands).
fn retyped_type(ty: &Type, qwords: bool) -> bool {
    matches!(ty, Type::Vector(Elem::I8 | Elem::I16, _))
        || (qwords && matches!(ty, Type::Vector(Elem::I64, _)))
}

/// Retypes the bitwise operations on bytes and words (and qwords when `qwords`, see
/// [`retyped_type`]) of a function to dwords (see the module documentation); returns how many.
pub fn retype_bitwise(f: &mut Function, qwords: bool) -> usize {
    let has_candidates = f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter()).any(|&i| {
        matches!(f.insts[i].kind, InstKind::Binary { op: BinOp::And | BinOp::Or | BinOp::Xor, .. })
            && retyped_type(&f.insts[i].ty, qwords)
    });
    if !has_candidates {
        return 0;
    }
    let uses = f.use_counts();
    let grouped = crate::group::members(f, &uses);
    // the wrregion user of each operation result
    let mut users = HashMap::new();
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            if let InstKind::WrRegion { new: Value::Inst(op), .. } = f.insts[i].kind {
                users.insert(op, i);
            }
        }
    }
    // the values qword arithmetic other than logic reads (through regions too)
    let mut qword_reads = HashSet::new();
    if qwords {
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                let k = &f.insts[i].kind;
                let logic = matches!(k, InstKind::Binary { op: BinOp::And | BinOp::Or | BinOp::Xor, .. });
                let arithmetic =
                    matches!(k, InstKind::Binary { .. } | InstKind::Cast { .. } | InstKind::Cmp { .. });
                if logic || !arithmetic || f.insts[i].ty.elem() != Some(Elem::I64) {
                    continue;
                }
                k.for_each_operand(|v| {
                    if let Value::Inst(d) = v {
                        qword_reads.insert(d);
                        if let InstKind::RdRegion { input: Value::Inst(x), .. } = f.insts[d].kind {
                            qword_reads.insert(x);
                        }
                    }
                });
            }
        }
    }
    let mut count = 0;
    // wrregion to retype -> the dword operation it writes
    let mut pending: HashMap<InstId, (Value, Value, Region)> = HashMap::new();
    for b in f.layout.clone() {
        let old_insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(old_insts.len());
        let mut dropped = Vec::new();
        let mut views = Views::new();
        for &id in &old_insts {
            if dropped.contains(&id) {
                continue;
            }
            if let Some((old, op, w)) = pending.remove(&id) {
                let name = f.insts[id].name.clone();
                let old2 = view(f, old, &name, &mut out, &mut views);
                let ty = f.value_type(old2);
                let mask = f.add_const(Constant { ty: Type::Scalar(Elem::I1), elems: vec![Some(1)] });
                let wr = f.insts.alloc(Inst {
                    kind: InstKind::WrRegion { old: old2, new: op, region: w, mask },
                    ty,
                    name: name.clone(),
                });
                out.push(wr);
                f.insts[id].kind = InstKind::Cast { op: CastOp::BitCast, value: Value::Inst(wr) };
                out.push(id);
                continue;
            }
            let Some(p) = plan(f, qwords, &qword_reads, id, &uses, &grouped, &users) else {
                out.push(id);
                continue;
            };
            let name = f.insts[id].name.clone();
            let mut operand =
                |f: &mut Function, o: DwordOperand, out: &mut Vec<InstId>, views: &mut Views| match o {
                    DwordOperand::Region { rd, input, region } => {
                        if let Some(pos) = out.iter().rposition(|&i| i == rd) {
                            out.remove(pos);
                        } else {
                            dropped.push(rd);
                        }
                        let src = view(f, input, &name, out, views);
                        let r = f.insts.alloc(Inst {
                            kind: InstKind::RdRegion { input: src, region },
                            ty: Type::Vector(Elem::I32, region.num_elems),
                            name: name.clone(),
                        });
                        out.push(r);
                        Value::Inst(r)
                    }
                    DwordOperand::Const(v) | DwordOperand::Whole(v) => view(f, v, &name, out, views),
                };
            let lhs = operand(f, p.lhs, &mut out, &mut views);
            let rhs = operand(f, p.rhs, &mut out, &mut views);
            let InstKind::Binary { op, .. } = f.insts[id].kind else { unreachable!("planned a binary") };
            let ty = Type::Vector(Elem::I32, f.insts[id].ty.bytes() / 4);
            let dword_op =
                f.insts.alloc(Inst { kind: InstKind::Binary { op, lhs, rhs }, ty, name: name.clone() });
            out.push(dword_op);
            match p.write {
                Some((wr, old, w)) => {
                    pending.insert(wr, (old, Value::Inst(dword_op), w));
                    // the original operation is no longer used: the wrregion reads the dword one
                    f.insts[id].kind = InstKind::Cast { op: CastOp::BitCast, value: Value::Inst(dword_op) };
                }
                None => {
                    f.insts[id].kind = InstKind::Cast { op: CastOp::BitCast, value: Value::Inst(dword_op) };
                    out.push(id);
                }
            }
            count += 1;
        }
        f.blocks[b].insts = out;
    }
    if count > 0 {
        remove_unused_bitcasts(f);
    }
    count
}

/// Removes bitcasts nothing uses (the byte views the dword operations no longer read), repeating
/// while removing one leaves its operand unused.
fn remove_unused_bitcasts(f: &mut Function) {
    loop {
        let uses = f.use_counts();
        let mut removed = false;
        for b in f.layout.clone() {
            f.blocks[b].insts.retain(|&i| {
                let dead = matches!(f.insts[i].kind, InstKind::Cast { op: CastOp::BitCast, .. })
                    && uses.get(raw(i)) == Some(&0);
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

    #[test]
    fn bytes_pack_little_endian() {
        let c = Constant {
            ty: Type::Vector(Elem::I8, 8),
            elems: vec![Some(1), Some(2), Some(3), Some(4), Some(0xff), None, Some(0), Some(0x80)],
        };
        let d = pack_dwords(&c).unwrap();
        assert_eq!(d.ty, Type::Vector(Elem::I32, 2));
        assert_eq!(d.elems, vec![Some(0x0403_0201), Some(0x8000_00ff)]);
    }

    #[test]
    fn words_pack_and_odd_sizes_do_not() {
        let c = Constant::splat(Type::Vector(Elem::I16, 4), 0x00ff);
        assert_eq!(pack_dwords(&c).unwrap().elems, vec![Some(0x00ff_00ff); 2]);
        let odd = Constant::splat(Type::Vector(Elem::I8, 6), 1);
        assert!(pack_dwords(&odd).is_none());
        let dwords = Constant::splat(Type::Vector(Elem::I32, 4), 1);
        assert!(pack_dwords(&dwords).is_none());
        let undef = Constant::undef(Type::Vector(Elem::I8, 4));
        assert!(pack_dwords(&undef).unwrap().is_undef());
    }
}
