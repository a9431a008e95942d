//! Folding of operations on constants before import: an element-wise operation, cast, compare or
//! select whose operands are all constants (`mul <0,1,...,15>, splat 16`, a `uitofp` of a
//! constant vector) becomes the constant it computes, as Intel's Vector Compiler folds it before
//! GenX, so selection materializes one constant (with packed immediates) instead of building two
//! and running the operation on the vector. The folding is LLVM's own constant folder (the
//! constant expression builders fold constant operands to a plain constant); an operation it
//! cannot fold to a plain constant (a constant expression would remain) is left as it is. Each
//! instruction is folded on its own operands only, so a function compiles the same whether its
//! module is compiled whole or split into one unit per kernel.

use super::super::opcode_walk::OpcodeSet;
use super::super::raw::{ModuleRef, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::LLVMOpcode;

/// Replaces every operation of `m` whose operands are all constants by the constant it
/// computes (in instruction order, so a fold feeds the next); returns how many it folded.
pub fn fold_constant_operations(m: &ModuleRef) -> usize {
    let mut folded = 0;
    // (the walk stops only at the kinds `fold` folds, whose operands are all constants)
    let candidates = OpcodeSet::of(FOLDED).only_constant_operands();
    for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
        for i in candidates.walk(f) {
            let ops = i.operands();
            let Some(c) = fold(i, &ops) else { continue };
            // SAFETY: `c` is a constant of the instruction's type; the instruction is unused
            // once its uses are replaced, and erasing it does not disturb the walk (which read
            // the instruction after it already).
            unsafe {
                if !LLVMIsAConstantExpr(c).is_null() || LLVMTypeOf(c) != LLVMTypeOf(i.0) {
                    continue;
                }
                LLVMReplaceAllUsesWith(i.0, c);
                LLVMInstructionEraseFromParent(i.0);
            }
            folded += 1;
        }
    }
    folded
}

/// The kinds of instruction [`fold`] folds.
const FOLDED: &[LLVMOpcode] = {
    use LLVMOpcode::*;
    &[
        LLVMAdd, LLVMSub, LLVMMul, LLVMShl, LLVMLShr, LLVMAShr, LLVMAnd, LLVMOr, LLVMXor, LLVMFAdd, LLVMFSub,
        LLVMFMul, LLVMICmp, LLVMFCmp, LLVMSelect, LLVMZExt, LLVMSExt, LLVMTrunc, LLVMSIToFP, LLVMUIToFP,
        LLVMFPExt,
    ]
};

/// The constant an instruction computes from its constant operands `ops`, if it is one of the
/// folded kinds.
fn fold(i: Val, ops: &[Val]) -> Option<LLVMValueRef> {
    use LLVMOpcode::*;
    let (a, b) = (ops[0].0, ops.get(1).map(|v| v.0));
    // SAFETY: constant operands of a live instruction; the builders return constants of the
    // instruction's type (checked by the caller).
    unsafe {
        let ty = LLVMTypeOf(i.0);
        Some(match (i.opcode(), b) {
            (LLVMAdd, Some(b)) => LLVMConstAdd(a, b),
            (LLVMSub, Some(b)) => LLVMConstSub(a, b),
            (LLVMMul, Some(b)) => LLVMConstMul(a, b),
            (LLVMShl, Some(b)) => LLVMConstShl(a, b),
            (LLVMLShr, Some(b)) => LLVMConstLShr(a, b),
            (LLVMAShr, Some(b)) => LLVMConstAShr(a, b),
            (LLVMAnd, Some(b)) => LLVMConstAnd(a, b),
            (LLVMOr, Some(b)) => LLVMConstOr(a, b),
            (LLVMXor, Some(b)) => LLVMConstXor(a, b),
            (LLVMFAdd, Some(b)) => LLVMConstFAdd(a, b),
            (LLVMFSub, Some(b)) => LLVMConstFSub(a, b),
            (LLVMFMul, Some(b)) => LLVMConstFMul(a, b),
            (LLVMICmp, Some(b)) => LLVMConstICmp(i.icmp_predicate(), a, b),
            (LLVMFCmp, Some(b)) => LLVMConstFCmp(i.fcmp_predicate(), a, b),
            (LLVMSelect, Some(b)) => LLVMConstSelect(a, b, ops.get(2)?.0),
            (LLVMZExt, _) => LLVMConstZExt(a, ty),
            (LLVMSExt, _) => LLVMConstSExt(a, ty),
            (LLVMTrunc, _) => LLVMConstTrunc(a, ty),
            (LLVMSIToFP, _) => LLVMConstSIToFP(a, ty),
            (LLVMUIToFP, _) => LLVMConstUIToFP(a, ty),
            (LLVMFPExt, _) => LLVMConstFPExt(a, ty),
            _ => return None,
        })
    }
}
