//! Folding of operations on constants before import: an element-wise operation, cast, compare,
//! select or vector shuffle whose operands are all constants (`mul <0,1,...,15>, splat 16`, a
//! `zext` of a constant vector) becomes the constant it computes, as Intel's Vector Compiler folds
//! it before GenX, so selection materializes one constant (with packed immediates) instead of
//! building two and running the operation on the vector. The folding is LLVM's own
//! (InstSimplify's constant folder, which also drops the instructions it folds); it runs only on
//! modules that have such an operation, and it leaves every other instruction as it is.

use super::super::raw::{ModuleRef, Val};
use inkwell::llvm_sys::core::{LLVMCreatePassManager, LLVMDisposePassManager, LLVMRunPassManager};
use inkwell::llvm_sys::transforms::scalar::LLVMAddInstructionSimplifyPass;
use inkwell::llvm_sys::LLVMOpcode;

/// Folds every operation of `m` whose operands are all constants into the constant.
pub fn fold_constant_operations(m: &ModuleRef) {
    let any = m
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .any(folds);
    if !any {
        return;
    }
    // SAFETY: a legacy pass manager over a module LLVM owns for the whole call; disposed after.
    unsafe {
        let pm = LLVMCreatePassManager();
        LLVMAddInstructionSimplifyPass(pm);
        LLVMRunPassManager(pm, m.0);
        LLVMDisposePassManager(pm);
    }
}

/// Whether `i` is an operation the constant folder turns into a constant: one of the folded
/// kinds with only constant operands (a constant expression operand included).
fn folds(i: Val) -> bool {
    use LLVMOpcode::*;
    let foldable = matches!(
        i.opcode(),
        LLVMAdd
            | LLVMSub
            | LLVMMul
            | LLVMShl
            | LLVMLShr
            | LLVMAShr
            | LLVMAnd
            | LLVMOr
            | LLVMXor
            | LLVMFAdd
            | LLVMFSub
            | LLVMFMul
            | LLVMZExt
            | LLVMSExt
            | LLVMTrunc
            | LLVMSIToFP
            | LLVMUIToFP
            | LLVMFPExt
            | LLVMICmp
            | LLVMFCmp
            | LLVMSelect
            | LLVMInsertElement
            | LLVMExtractElement
            | LLVMShuffleVector
    );
    foldable && i.num_operands() > 0 && i.operands().into_iter().all(|o| o.is_constant() && !o.is_function())
}
