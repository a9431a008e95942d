//! Branch folding: a two-way branch on a scalar condition whose arms only compute a few values
//! for the phis where they meet (an `if`/`else` diamond, or an `if` triangle with one empty
//! arm) becomes straight-line code: the arms' instructions run unconditionally in the branching
//! block, and each phi becomes a `select` on the branch's condition (vISA `sel`). The branch and
//! the arms' jumps go (two or three Gen instructions), and a phi of two constants is one `sel`
//! of immediates instead of copies on each edge. Intel's Vector Compiler gets the same from
//! LLVM's SimplifyCFG before GenX.
//!
//! Only what is safe and no larger is folded: the condition is a scalar `i1` (a uniform branch;
//! functions with SIMD control flow are left alone), each arm has one predecessor and at most
//! [`MAX_ARM_INSTS`] instructions that cannot trap or touch memory (no division, call,
//! intrinsic or message), and every phi of the meeting block is a non-predicate scalar with
//! exactly the two incoming edges. The meeting block then has the branching block as its only
//! predecessor and is merged into it, so nested diamonds fold from the inside out.

use crate::intrinsics::IntrinsicId;
use crate::ir::{BinOp, BlockId, Function, InstId, InstKind, Terminator};
use crate::types::{Elem, Type};

/// The most instructions an arm may have to be run unconditionally.
pub const MAX_ARM_INSTS: usize = 2;

/// Folds every branch of `f` of the shape above into selects; returns how many were folded.
pub fn fold_branches(f: &mut Function) -> usize {
    if has_simd_control_flow(f) {
        return 0;
    }
    let mut folded = 0;
    while f.layout.clone().into_iter().any(|b| fold_at(f, b)) {
        folded += 1;
    }
    folded
}

/// Whether `f` uses SIMD control flow (its branches are not all uniform).
fn has_simd_control_flow(f: &Function) -> bool {
    f.insts.iter().any(|(_, i)| match &i.kind {
        InstKind::Intrinsic { id, .. } => matches!(
            id,
            IntrinsicId::SimdcfAny
                | IntrinsicId::SimdcfGoto
                | IntrinsicId::SimdcfJoin
                | IntrinsicId::SimdcfPredicate
                | IntrinsicId::SimdcfGetEm
                | IntrinsicId::SimdcfRemask
                | IntrinsicId::SimdcfSavemask
                | IntrinsicId::SimdcfUnmask
        ),
        InstKind::ExtractValue { .. } => true,
        _ => false,
    })
}

/// The number of edges into each block of the layout (a block branching twice to one target
/// counts twice).
fn edges_into(f: &Function, target: BlockId) -> usize {
    f.layout.iter().map(|&b| f.blocks[b].term.successors().iter().filter(|&&s| s == target).count()).sum()
}

/// Whether an instruction may run whatever the branch decides: no trap, no memory, no effect.
fn speculatable(kind: &InstKind) -> bool {
    match kind {
        InstKind::Binary { op, .. } => !matches!(op, BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem),
        InstKind::FNeg(_)
        | InstKind::Cmp { .. }
        | InstKind::Select { .. }
        | InstKind::Cast { .. }
        | InstKind::ExtractElement { .. }
        | InstKind::InsertElement { .. }
        | InstKind::Shuffle { .. }
        | InstKind::RdRegion { .. } => true,
        _ => false,
    }
}

/// An arm of the branch at `b` that meets the other in `join`: a block of its own (one edge into
/// it, from `b`) ending in a jump to `join`, with few speculatable instructions.
fn arm_to(f: &Function, b: BlockId, arm: BlockId) -> Option<BlockId> {
    if arm == b || edges_into(f, arm) != 1 {
        return None;
    }
    let Terminator::Br(join) = f.blocks[arm].term else { return None };
    let insts = &f.blocks[arm].insts;
    (join != arm
        && join != b
        && insts.len() <= MAX_ARM_INSTS
        && insts.iter().all(|&i| speculatable(&f.insts[i].kind)))
    .then_some(join)
}

/// Folds the branch ending block `b` when it has the shape of the module's doc; whether it did.
fn fold_at(f: &mut Function, b: BlockId) -> bool {
    let Terminator::CondBr { cond, on_true, on_false } = f.blocks[b].term else { return false };
    if on_true == on_false || f.value_type(cond) != Type::Scalar(Elem::I1) {
        return false;
    }
    // (join, the arm blocks, the block each edge reaches the join from: true side, false side)
    let (join, arms, from_true, from_false) = match (arm_to(f, b, on_true), arm_to(f, b, on_false)) {
        (Some(j), Some(k)) if j == k => (j, vec![on_true, on_false], on_true, on_false),
        (Some(j), _) if j == on_false => (j, vec![on_true], on_true, b),
        (_, Some(j)) if j == on_true => (j, vec![on_false], b, on_false),
        _ => return false,
    };
    if edges_into(f, join) != 2 || !f.layout.contains(&join) {
        return false;
    }
    // the phis of the join: non-predicate scalars with an incoming value per edge
    let mut selects = Vec::new();
    for &i in &f.blocks[join].insts {
        let InstKind::Phi { incoming } = &f.insts[i].kind else { continue };
        let ty = f.insts[i].ty;
        if !matches!(ty, Type::Scalar(e) if e != Elem::I1) || incoming.len() != 2 {
            return false;
        }
        let value_from = |p: BlockId| incoming.iter().find(|(q, _)| *q == p).map(|&(_, v)| v);
        let (Some(t), Some(e)) = (value_from(from_true), value_from(from_false)) else { return false };
        selects.push((i, t, e));
    }
    // the arms' instructions run in `b`, before its branch
    for &a in &arms {
        let moved = std::mem::take(&mut f.blocks[a].insts);
        f.blocks[b].insts.extend(moved);
    }
    for (i, on_true, on_false) in selects {
        f.insts[i].kind = InstKind::Select { cond, on_true, on_false };
    }
    f.layout.retain(|x| !arms.contains(x));
    merge_into(f, b, join);
    true
}

/// Merges `join`, whose only predecessor is `b` (which jumps to it), into `b`; phis that named
/// `join` as a predecessor now name `b`.
fn merge_into(f: &mut Function, b: BlockId, join: BlockId) {
    let moved: Vec<InstId> = std::mem::take(&mut f.blocks[join].insts);
    f.blocks[b].insts.extend(moved);
    f.blocks[b].term = std::mem::replace(&mut f.blocks[join].term, Terminator::Unreachable);
    f.layout.retain(|&x| x != join);
    let ids: Vec<InstId> = f.insts.iter().map(|(id, _)| id).collect();
    for i in ids {
        if let InstKind::Phi { incoming } = &mut f.insts[i].kind {
            for (p, _) in incoming.iter_mut() {
                if *p == join {
                    *p = b;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{CmpPred, Constant, Inst, Linkage, Value};

    fn inst(kind: InstKind, ty: Type) -> Inst {
        Inst { kind, ty, name: String::new() }
    }

    /// `f(x)`: `x < 0 ? -1 : (x > 0) as i32` written with a branch (the shape of a sign
    /// function): entry branches to `m` (empty) or `nz` (compare, zext), both go to `done`.
    fn sign() -> Function {
        let i32t = Type::Scalar(Elem::I32);
        let i1 = Type::Scalar(Elem::I1);
        let mut f = Function::new("sign", Linkage::Internal, vec![i32t], i32t);
        let entry = f.add_block("entry");
        let nz = f.add_block("nz");
        let m = f.add_block("m");
        let done = f.add_block("done");
        let zero = f.add_const(Constant::int(Elem::I32, 0));
        let neg = f.push_inst(
            entry,
            inst(InstKind::Cmp { pred: CmpPred::Slt, lhs: Value::Param(0), rhs: zero }, i1),
        );
        f.blocks[entry].term = Terminator::CondBr { cond: neg, on_true: m, on_false: nz };
        let pos =
            f.push_inst(nz, inst(InstKind::Cmp { pred: CmpPred::Sgt, lhs: Value::Param(0), rhs: zero }, i1));
        let p = f.push_inst(nz, inst(InstKind::Cast { op: crate::ir::CastOp::ZExt, value: pos }, i32t));
        f.blocks[nz].term = Terminator::Br(done);
        f.blocks[m].term = Terminator::Br(done);
        let minus = f.add_const(Constant::int(Elem::I32, -1));
        let r = f.push_inst(done, inst(InstKind::Phi { incoming: vec![(m, minus), (nz, p)] }, i32t));
        f.blocks[done].term = Terminator::Ret(Some(r));
        f
    }

    #[test]
    fn a_diamond_becomes_one_block_with_a_select() {
        let mut f = sign();
        assert_eq!(fold_branches(&mut f), 1);
        assert_eq!(f.layout.len(), 1);
        let entry = f.layout[0];
        let Terminator::Ret(Some(Value::Inst(r))) = f.blocks[entry].term else { panic!("not a return") };
        let InstKind::Select { on_true, on_false, .. } = f.insts[r].kind else { panic!("not a select") };
        assert_eq!(f.as_const(on_true).and_then(|c| c.sext(0)), Some(-1));
        assert!(matches!(on_false, Value::Inst(_)));
        assert_eq!(f.blocks[entry].insts.len(), 4);
    }

    #[test]
    fn a_division_in_an_arm_keeps_the_branch() {
        let mut f = sign();
        let nz = f.layout[1];
        let first = f.blocks[nz].insts[0];
        let one = f.add_const(Constant::int(Elem::I32, 1));
        f.insts[first].kind = InstKind::Binary { op: BinOp::SDiv, lhs: one, rhs: Value::Param(0) };
        f.insts[first].ty = Type::Scalar(Elem::I32);
        assert_eq!(fold_branches(&mut f), 0);
        assert_eq!(f.layout.len(), 4);
    }

    #[test]
    fn a_triangle_with_an_empty_arm_folds_and_a_predicate_phi_does_not() {
        let i32t = Type::Scalar(Elem::I32);
        let i1 = Type::Scalar(Elem::I1);
        for ty in [i32t, i1] {
            let mut f = Function::new("t", Linkage::Internal, vec![i1, ty, ty], ty);
            let entry = f.add_block("entry");
            let then = f.add_block("then");
            let join = f.add_block("join");
            f.blocks[entry].term =
                Terminator::CondBr { cond: Value::Param(0), on_true: then, on_false: join };
            f.blocks[then].term = Terminator::Br(join);
            let incoming = vec![(then, Value::Param(1)), (entry, Value::Param(2))];
            let r = f.push_inst(join, inst(InstKind::Phi { incoming }, ty));
            f.blocks[join].term = Terminator::Ret(Some(r));
            let folded = fold_branches(&mut f);
            if ty == i1 {
                assert_eq!(folded, 0);
                continue;
            }
            assert_eq!(folded, 1);
            let Value::Inst(r) = r else { unreachable!() };
            let InstKind::Select { cond, on_true, on_false } = f.insts[r].kind else {
                panic!("not a select")
            };
            assert_eq!((cond, on_true, on_false), (Value::Param(0), Value::Param(1), Value::Param(2)));
        }
    }
}
