//! Scalar if/else into selects (the two-entry phi fold of LLVM's CFG simplifier, which Intel's
//! Vector Compiler runs before its GenX passes): a conditional branch on a scalar `i1` whose arms
//! only compute a few values (no memory, no calls, no phis, nothing that may trap) and meet again
//! becomes straight-line code, both arms computed and each phi of the meeting block a `select`
//! of the arm values on the condition. genxc otherwise emits two jumps, their labels and the
//! copies that carry the phi. Only scalar and predicate phis qualify: a select of data vectors on
//! a scalar condition first copies the condition to every lane, which costs what the jumps do.
//! The arms qualify when they are a diamond (`c ? then : else`, each arm entered only from the
//! branch and going straight to the join) or a triangle (one arm, the other edge the join).

use super::super::raw::{Bb, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::collections::HashMap;

/// The most instructions an arm may compute (splats and other free region copies not counted)
/// for both arms to run unconditionally: a few operations cost about what the jumps they
/// replace cost.
const MAX_ARM_COST: usize = 2;

/// The most phis the join may hold (each becomes a `sel`).
const MAX_PHIS: usize = 2;

/// The cost of computing `i` unconditionally: `None` when it may not be (memory, calls,
/// division, anything with an effect), 0 for a splat or element insert that selection makes a
/// region, 1 otherwise.
fn speculation_cost(i: Val) -> Option<usize> {
    use LLVMOpcode::*;
    match i.opcode() {
        LLVMInsertElement | LLVMShuffleVector | LLVMExtractElement | LLVMBitCast => Some(0),
        op if super::is_lane_arithmetic(op) || super::is_compare_select_or_conversion(op) => Some(1),
        _ => None,
    }
}

/// The instructions of arm `b` but its terminator, when all of them may run unconditionally and
/// cost at most [`MAX_ARM_COST`].
fn speculable_arm(b: Bb) -> Option<Vec<Val>> {
    let mut insts = b.instructions();
    insts.pop();
    let mut cost = 0;
    for &i in &insts {
        cost += speculation_cost(i)?;
    }
    (cost <= MAX_ARM_COST).then_some(insts)
}

/// The terminator of block `b` (the module is verified: every block has one).
fn terminator(b: Bb) -> Val {
    b.terminator().expect("a block of a verified function ends in a terminator")
}

/// The single successor of `b` when its terminator is an unconditional branch.
fn goes_straight_to(b: Bb) -> Option<Bb> {
    let t = terminator(b);
    (t.opcode() == LLVMOpcode::LLVMBr && !t.is_conditional()).then(|| t.successors()[0])
}

/// How many edges enter each block of `f`.
fn predecessor_counts(f: Val) -> HashMap<usize, usize> {
    let mut counts = HashMap::new();
    for b in f.blocks() {
        for s in terminator(b).successors() {
            *counts.entry(s.0 as usize).or_default() += 1;
        }
    }
    counts
}

/// One branch to fold: the block that branches, its condition, the arm blocks (then, else; an
/// empty arm of a triangle is `None`) and the join.
struct Diamond {
    /// The block ending in the conditional branch.
    head: Bb,
    /// The branch's condition.
    cond: Val,
    /// The block run when the condition holds, unless that edge goes straight to the join.
    then: Option<Bb>,
    /// The block run otherwise, unless that edge goes straight to the join.
    other: Option<Bb>,
    /// The block both paths meet in.
    join: Bb,
}

/// The diamond or triangle `head` branches into, when it qualifies.
fn diamond_at(head: Bb, preds: &HashMap<usize, usize>) -> Option<Diamond> {
    let br = terminator(head);
    if br.opcode() != LLVMOpcode::LLVMBr || !br.is_conditional() {
        return None;
    }
    let cond = br.operand(0);
    if cond.ty().kind() != LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    let succ = br.successors();
    let (t, e) = (succ[0], succ[1]);
    if t.0 == e.0 || t.0 == head.0 || e.0 == head.0 {
        return None;
    }
    let single = |b: Bb| preds.get(&(b.0 as usize)) == Some(&1);
    let arm = |b: Bb| single(b).then(|| goes_straight_to(b)).flatten();
    let (then, other, join) = match (arm(t), arm(e)) {
        (Some(j1), Some(j2)) if j1.0 == j2.0 => (Some(t), Some(e), j1),
        (Some(j), _) if j.0 == e.0 => (Some(t), None, e),
        (_, Some(j)) if j.0 == t.0 => (None, Some(e), t),
        _ => return None,
    };
    if join.0 == head.0 || preds.get(&(join.0 as usize)) != Some(&2) {
        return None;
    }
    for arm in [then, other].into_iter().flatten() {
        speculable_arm(arm)?;
    }
    let phis: Vec<Val> =
        join.instructions().into_iter().take_while(|i| i.opcode() == LLVMOpcode::LLVMPHI).collect();
    // a select of data vectors on a scalar condition first copies the condition to every lane
    // (two instructions more), about what the jumps cost; one of predicates is logic; a
    // compare only the branch reads is made on the selects' lanes instead (one instruction), when
    // they all have the same lanes
    let scalar = phis.iter().all(|p| {
        let t = p.ty();
        t.kind() != LLVMTypeKind::LLVMVectorTypeKind
            || (t.element().kind() == LLVMTypeKind::LLVMIntegerTypeKind && t.element().int_width() == 1)
    });
    let lanes: Vec<u32> = phis
        .iter()
        .map(|p| p.ty())
        .filter(|t| t.kind() == LLVMTypeKind::LLVMVectorTypeKind)
        .map(|t| t.vector_size())
        .collect();
    let one_lane_count = lanes.windows(2).all(|w| w[0] == w[1])
        && phis.iter().all(|p| p.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind);
    let compared_in_lanes = one_lane_count && lane_compare(cond, head);
    (phis.len() <= MAX_PHIS && (scalar || compared_in_lanes)).then_some(Diamond {
        head,
        cond,
        then,
        other,
        join,
    })
}

/// Whether `cond` is a compare of non-predicate scalars in block `head` that only the branch
/// reads: the selection makes it on the lanes of the selects it becomes the condition of.
fn lane_compare(cond: Val, head: Bb) -> bool {
    cond.is_instruction()
        && matches!(cond.opcode(), LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMFCmp)
        && cond.users().len() == 1
        && {
            let t = cond.operand(0).ty();
            t.kind() != LLVMTypeKind::LLVMVectorTypeKind && !(t.kind() == LLVMTypeKind::LLVMIntegerTypeKind && t.int_width() == 1)
        }
        // SAFETY: a valid instruction.
        && unsafe { LLVMGetInstructionParent(cond.0) } == head.0
}

/// Folds diamond `d`: the arms' instructions move before the head's branch, each phi of the
/// join becomes a select there, the head branches straight to the join and the arms go.
fn fold(d: &Diamond) {
    let br = terminator(d.head);
    // SAFETY: every block and instruction is a live part of one function; instructions move
    // before the head's branch (their operands are defined in the head or above, or earlier in
    // the same arm); the phis' incoming values are then all defined before the new selects,
    // which replace every use of them; the arm blocks lose their only predecessor and are erased
    // after nothing branches to them.
    unsafe {
        for arm in [d.then, d.other].into_iter().flatten() {
            for i in speculable_arm(arm).unwrap_or_default() {
                LLVMInstructionRemoveFromParent(i.0);
                let b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(i.0)));
                LLVMPositionBuilderBefore(b, br.0);
                LLVMInsertIntoBuilder(b, i.0);
                LLVMDisposeBuilder(b);
            }
        }
        let from_then = d.then.unwrap_or(d.head);
        let from_other = d.other.unwrap_or(d.head);
        let b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(d.cond.0)));
        LLVMPositionBuilderBefore(b, br.0);
        for phi in d.join.instructions().into_iter().take_while(|i| i.opcode() == LLVMOpcode::LLVMPHI) {
            let incoming = phi.phi_incoming();
            let value_from = |bb: Bb| incoming.iter().find(|(_, p)| p.0 == bb.0).map(|(v, _)| *v);
            let (Some(t), Some(e)) = (value_from(from_then), value_from(from_other)) else { continue };
            let s = LLVMBuildSelect(b, d.cond.0, t.0, e.0, c"".as_ptr());
            LLVMReplaceAllUsesWith(phi.0, s);
            LLVMInstructionEraseFromParent(phi.0);
        }
        LLVMPositionBuilderBefore(b, br.0);
        LLVMBuildBr(b, d.join.0);
        LLVMInstructionEraseFromParent(br.0);
        LLVMDisposeBuilder(b);
        for arm in [d.then, d.other].into_iter().flatten() {
            LLVMDeleteBasicBlock(arm.0);
        }
    }
}

/// Folds every qualifying scalar if/else of function `f` into selects; returns how many.
pub fn select_diamonds(f: Val) -> usize {
    let mut n = 0;
    loop {
        let preds = predecessor_counts(f);
        let Some(d) = f.blocks().into_iter().find_map(|b| diamond_at(b, &preds)) else { return n };
        fold(&d);
        n += 1;
    }
}
