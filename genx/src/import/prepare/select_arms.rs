//! Lane arithmetic of two choices on one predicate, done on the arms instead: `op (select c, a,
//! b), (select c, d, e)` is `select c, (op a, d), (op b, e)`, and when the operands of one side
//! are constants that side is a constant, so one operation and one select replace two selects and
//! an operation (the fold LLVM's instruction combiner makes for Intel's Vector Compiler). The
//! selects of a struct chosen as a whole come out of the aggregate splitting in this shape
//! (`select c, {x, v}, zeroinitializer` read twice and added), as does source code choosing two
//! vectors on one predicate before combining them. Only selects the operation alone reads are
//! folded (no select is left computed twice).

use super::super::opcode_walk::OpcodeSet;
use super::super::raw::Val;
use super::builder::Builder;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMOpcode;

/// The arms `(c, t, f)` of `v` when it is a select only one instruction reads.
fn single_use_select(v: Val) -> Option<(Val, Val, Val)> {
    if !v.is_instruction() || v.opcode() != LLVMOpcode::LLVMSelect || v.users().len() != 1 {
        return None;
    }
    Some((v.operand(0), v.operand(1), v.operand(2)))
}

/// Whether `v` is a constant that is not a constant expression (the builder folds an operation
/// of two such into one).
fn plain_constant(v: Val) -> bool {
    v.is_constant() && !v.is_constant_expr()
}

/// Folds every lane operation of `f` whose two operands are single-use selects on one predicate
/// and whose operands on one side (both true arms or both false arms) are constants; returns
/// how many. `binary` is the set of [`BINARY_LANE_ARITHMETIC`] the walk over `f` stops at.
pub(super) fn fold_selects_feeding_operations(b: &Builder, f: Val, binary: &OpcodeSet) -> usize {
    let mut n = 0;
    for i in binary.walk(f) {
        let op = i.opcode();
        // (both operands selects before their users are listed)
        let is_select = |v: Val| v.is_instruction() && v.opcode() == LLVMOpcode::LLVMSelect;
        if !is_select(i.operand(0)) || !is_select(i.operand(1)) {
            continue;
        }
        let (Some((c, a, x)), Some((c2, d, y))) =
            (single_use_select(i.operand(0)), single_use_select(i.operand(1)))
        else {
            continue;
        };
        // both selects choose on the same predicate (a scalar one for both, or the same vector)
        if c.0 != c2.0 || i.operand(0).0 == i.operand(1).0 {
            continue;
        }
        let (true_const, false_const) =
            (plain_constant(a) && plain_constant(d), plain_constant(x) && plain_constant(y));
        if !true_const && !false_const {
            continue;
        }
        let (s0, s1) = (i.operand(0), i.operand(1));
        b.before(i);
        let t = b.bin(op, a, d);
        let e = b.bin(op, x, y);
        if true_const && t.is_constant_expr() || false_const && e.is_constant_expr() {
            // (an operation of these constants LLVM keeps as an expression: left as it was)
            for v in [t, e] {
                if v.is_instruction() {
                    // SAFETY: built just above, without users.
                    unsafe { LLVMInstructionEraseFromParent(v.0) };
                }
            }
            continue;
        }
        // SAFETY: `c` chooses between two values of `i`'s type; `i` and the two selects (read by
        // `i` only) are erased once `i`'s uses are replaced.
        unsafe {
            let s = LLVMBuildSelect(b.b, c.0, t.0, e.0, c"".as_ptr());
            LLVMReplaceAllUsesWith(i.0, s);
            LLVMInstructionEraseFromParent(i.0);
            LLVMInstructionEraseFromParent(s0.0);
            LLVMInstructionEraseFromParent(s1.0);
        }
        n += 1;
    }
    n
}

/// The lane arithmetic of two operands ([`super::is_lane_arithmetic`] but `fneg`), the operations
/// [`fold_selects_feeding_operations`] folds.
pub(super) const BINARY_LANE_ARITHMETIC: &[LLVMOpcode] = {
    use LLVMOpcode::*;
    &[
        LLVMAdd, LLVMSub, LLVMMul, LLVMFAdd, LLVMFSub, LLVMFMul, LLVMShl, LLVMLShr, LLVMAShr, LLVMAnd,
        LLVMOr, LLVMXor,
    ]
};
