//! Selects on a conjunction or a disjunction of predicates as two selects on the predicates:
//! `select (p & q), t, e` is `select p, (select q, t, e), e` and `select (p | q), t, e` is
//! `select p, t, (select q, t, e)`. A logic operation of two flag registers is two Gen
//! instructions (the finalizer copies one flag into a GRF to `and` it with the other) where the
//! second `sel` is one, so a select that is the only reader of such a predicate is one
//! instruction shorter as two selects, the shape Intel's Vector Compiler gives it (`(P2) sel t,
//! C, 0` then `(P1) sel r, t, 0`). Not where both operands are compares only the operation reads:
//! the finalizer fuses those into a predicated compare (see [`fused_compares`]). An unsigned
//! relation of predicates is such logic with a negated operand (`a <u b` is `!a & b`: the isel's
//! `not` and `and`), and a negated operand (`!p`) is a select with the arms swapped (a `sel` under
//! `(!P)`). Only selects of plain values (8- to 32-bit integers, half, float) that fill at most 64
//! bytes, one `sel` on every platform, and outside SIMD control flow. Runs last in the predicate
//! algebra ([`super::algebra`]), after the predicated updates, whose masks stay as they are.

use super::super::raw::{Ty, Val};
use super::builder::{take_name, Builder, NONAME};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// Whether `t` (a scalar or a vector) is made of plain elements (8- to 32-bit integers, half,
/// float) filling at most 64 bytes: one `sel` on every platform.
fn one_sel(t: Ty) -> bool {
    use LLVMTypeKind::*;
    let (e, n) = if t.kind() == LLVMVectorTypeKind { (t.element(), t.vector_size()) } else { (t, 1) };
    let bytes = match e.kind() {
        LLVMIntegerTypeKind if (8..=32).contains(&e.int_width()) => e.int_width() / 8,
        LLVMHalfTypeKind => 2,
        LLVMFloatTypeKind => 4,
        _ => return false,
    };
    n * bytes <= 64
}

/// A condition a select is split on: the conjunction (`and`) or the disjunction of two predicates,
/// each maybe negated.
struct Logic {
    /// Whether it is a conjunction.
    and: bool,
    /// The first predicate and whether it is negated.
    p: (Val, bool),
    /// The second predicate and whether it is negated.
    q: (Val, bool),
}

/// Whether logic operation `c` is of two compares of values that only `c` reads: the finalizer
/// computes it as the second compare under the first one's flag (`cmp f0.0; (f0.0) cmp f0.0`, and
/// `(~f0.0)` for an `or`), no instruction of its own, so the select on it stays one `sel`.
fn fused_compares(c: Val) -> bool {
    use LLVMOpcode::*;
    c.operands().into_iter().all(|o| {
        o.is_instruction()
            && matches!(o.opcode(), LLVMICmp | LLVMFCmp)
            && !super::algebra::is_predicate(o.operand(0))
            && o.users().len() == 1
    })
}

/// The split `i` has: `(condition, logic)` when `i` is a select of plain values (see
/// [`one_sel`]) whose condition is an `and` or an `or` of predicates, or an unsigned relation of
/// them (`a <u b` is `!a & b`, `a <=u b` is `!a | b`, and the other order alike), read by `i`
/// only.
fn split_select(i: Val) -> Option<(Val, Logic)> {
    use inkwell::llvm_sys::LLVMIntPredicate::*;
    use LLVMOpcode::*;
    if i.opcode() != LLVMSelect || !one_sel(i.ty()) {
        return None;
    }
    let c = i.operand(0);
    if !c.is_instruction() {
        return None;
    }
    let (a, b) = (c.operand(0), c.operand(1));
    let logic = match c.opcode() {
        LLVMAnd | LLVMOr if fused_compares(c) => return None,
        LLVMAnd => Logic { and: true, p: (a, false), q: (b, false) },
        LLVMOr => Logic { and: false, p: (a, false), q: (b, false) },
        LLVMICmp if super::algebra::is_predicate(a) => match c.icmp_predicate() {
            LLVMIntULT => Logic { and: true, p: (a, true), q: (b, false) },
            LLVMIntUGT => Logic { and: true, p: (a, false), q: (b, true) },
            LLVMIntULE => Logic { and: false, p: (a, true), q: (b, false) },
            LLVMIntUGE => Logic { and: false, p: (a, false), q: (b, true) },
            _ => return None,
        },
        _ => return None,
    };
    let users = c.users();
    (users.len() == 1 && users[0].0 == i.0).then_some((c, logic))
}

/// Builds `select c, t, e` at the builder's position, or `select c, e, t` when `negate`; a
/// negated `c` (`xor p, true`) as the select on `p` with the other order.
fn select_on(b: &Builder, (c, negate): (Val, bool), t: Val, e: Val) -> Val {
    let (c, negate) = match super::algebra::negated(c) {
        Some(p) => (p, !negate),
        None => (c, negate),
    };
    let (t, e) = if negate { (e, t) } else { (t, e) };
    // SAFETY: `c` is a predicate of the arms' shape (or a scalar), `t` and `e` of one type.
    Val(unsafe { LLVMBuildSelect(b.b, c.0, t.0, e.0, NONAME) })
}

/// Erases `v` when it is an instruction nothing reads any more.
fn erase_if_unused(v: Val) {
    if v.is_instruction() && !v.has_users() {
        // SAFETY: a live instruction without users.
        unsafe { LLVMInstructionEraseFromParent(v.0) }
    }
}

/// Splits every select of `f` on a logic operation of predicates read by it only (see the module
/// documentation), and the selects that makes in turn; returns how many. Functions with SIMD
/// control flow are left as they are (their conditions may be the execution mask).
pub(super) fn split_predicate_selects(b: &Builder, f: Val) -> usize {
    if super::algebra::calls_simd_cf(f) {
        return 0;
    }
    let mut work: Vec<Val> = f.each_instruction().filter(|&i| split_select(i).is_some()).collect();
    let mut n = 0;
    while let Some(i) = work.pop() {
        let Some((c, logic)) = split_select(i) else { continue };
        let (t, e) = (i.operand(1), i.operand(2));
        b.before(i);
        let inner = select_on(b, logic.q, t, e);
        let outer = if logic.and { select_on(b, logic.p, inner, e) } else { select_on(b, logic.p, t, inner) };
        take_name(outer, i);
        // SAFETY: `outer` computes `i`'s value, of its type, built before it; the condition `c`
        // was read by `i` only.
        unsafe {
            LLVMReplaceAllUsesWith(i.0, outer.0);
            LLVMInstructionEraseFromParent(i.0);
            LLVMInstructionEraseFromParent(c.0);
        }
        erase_if_unused(logic.p.0);
        // (one value on both sides is erased once)
        if logic.q.0 != logic.p.0 {
            erase_if_unused(logic.q.0);
        }
        work.push(inner);
        work.push(outer);
        n += 1;
    }
    n
}
