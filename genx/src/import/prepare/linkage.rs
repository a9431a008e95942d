//! Linkage of defined functions as Intel's Vector Compiler sets it before code generation (its
//! `GenXLinkageCorruptor` pass): a function with a body that is not a kernel (not `dllexport`,
//! not `"CMGenxMain"`, not `spir_kernel`), not a stack call (`"CMStackCall"`), not an emulation
//! routine (`__cm_intrinsic_impl_*`) and whose address is not taken gets internal linkage, so it is
//! an ordinary subroutine: cloned into (or, taking pointers, inlined into) each kernel that calls
//! it, its pointer arguments those of the caller.
//!
//! One difference: Intel's compiler internalizes a recursive function too; genxc keeps a function
//! that calls itself (directly or through other functions) a stack function, since a recursion
//! through subroutines has no vISA form, and recursion through stack calls does.

use super::super::raw::{ModuleRef, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::{LLVMLinkage, LLVMOpcode};

/// LLVM's `spir_kernel` calling convention.
const SPIR_KERNEL_CC: u32 = 76;

/// Whether `f` is a defined function of the program that Intel's compiler would make internal
/// (ignoring recursion).
fn is_plain_external(f: Val) -> bool {
    !f.is_declaration()
        && f.linkage() == LLVMLinkage::LLVMExternalLinkage
        && !f.is_dllexport()
        && !f.has_fn_attr("CMGenxMain")
        && !f.has_fn_attr("CMStackCall")
        // SAFETY: a function of a live module.
        && unsafe { LLVMGetFunctionCallConv(f.0) } != SPIR_KERNEL_CC
        && !f.name().starts_with("llvm.")
        && !f.name().contains("__cm_intrinsic_impl_")
        && only_called(f)
}

/// Whether every use of `f` is as the callee of a call (its address is not taken).
fn only_called(f: Val) -> bool {
    f.users().into_iter().all(|u| {
        u.is_instruction()
            && u.opcode() == LLVMOpcode::LLVMCall
            && u.called_value() == f
            && !u.operands()[..u.num_call_args() as usize].contains(&f)
    })
}

/// The defined functions `f` calls directly.
fn callees(f: Val) -> Vec<Val> {
    let mut out = Vec::new();
    for b in f.blocks() {
        for i in b.instructions() {
            if i.opcode() == LLVMOpcode::LLVMCall {
                let c = i.called_value();
                if c.is_function() && !c.is_declaration() && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// Whether `f` reaches itself through direct calls of defined functions.
fn is_recursive(f: Val) -> bool {
    let mut seen = Vec::new();
    let mut work = callees(f);
    while let Some(g) = work.pop() {
        if g == f {
            return true;
        }
        if !seen.contains(&g) {
            seen.push(g);
            work.extend(callees(g));
        }
    }
    false
}

/// Whether [`internalize_subroutines`] would make function `f` internal.
pub fn is_plain_external_function(f: Val) -> bool {
    is_plain_external(f) && !is_recursive(f)
}

/// Gives internal linkage to every defined function of `m` that is neither a kernel, nor a stack
/// call, nor address-taken, nor recursive.
pub fn internalize_subroutines(m: &ModuleRef) {
    for f in m.functions() {
        if is_plain_external(f) && !is_recursive(f) {
            // SAFETY: a defined function of the module.
            unsafe { LLVMSetLinkage(f.0, LLVMLinkage::LLVMInternalLinkage) }
        }
    }
}
