//! By-reference arguments of subroutines (item 4 of Intel's CMABI job): a subroutine that takes a
//! pointer (`vector_ref`, a struct or array passed by address, an out-parameter) is inlined into
//! each caller, after which the pointer is the caller's own stack slot or memory pointer and the
//! caller's loads and stores through it are what the later rewrites and SROA/mem2reg see. Inlining
//! gives reference semantics exactly (aliasing included), where copy-in/copy-out would not.
//!
//! Only internal subroutines are inlined: a stack call (`"CMStackCall"`) and an externally visible
//! function keep their own body, and a kernel's pointer parameters are memory arguments.

use super::super::raw::{ModuleRef, Val};
use super::is_pointer;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::transforms::ipo::LLVMAddAlwaysInlinerPass;
use inkwell::llvm_sys::transforms::scalar::LLVMAddScalarReplAggregatesPass;
use inkwell::llvm_sys::transforms::util::LLVMAddPromoteMemoryToRegisterPass;
use inkwell::llvm_sys::{LLVMAttributeFunctionIndex, LLVMLinkage, LLVMOpcode, LLVMTypeKind};

/// Marks every called internal subroutine with a pointer parameter `alwaysinline`, inlines them, and
/// runs SROA and mem2reg so the stack slots the inlining exposes (and struct or array slots)
/// become values.
pub fn inline_by_reference_calls(m: &ModuleRef) {
    let mut any = false;
    for f in m.functions() {
        if f.is_declaration() || !takes_reference(f) || f.has_fn_attr("CMStackCall") || !is_called(f) {
            continue;
        }
        if !matches!(f.linkage(), LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage) {
            continue;
        }
        force_inline(f);
        any = true;
    }
    if !any && !has_aggregate_slot(m) {
        return;
    }
    // SAFETY: a legacy pass manager over a module LLVM owns for the whole call; disposed after.
    unsafe {
        let pm = LLVMCreatePassManager();
        if any {
            LLVMAddAlwaysInlinerPass(pm);
        }
        LLVMAddScalarReplAggregatesPass(pm);
        LLVMAddPromoteMemoryToRegisterPass(pm);
        LLVMRunPassManager(pm, m.0);
        LLVMDisposePassManager(pm);
    }
}

/// Whether `f` is used at all (an unused subroutine is left to the validator as it is).
fn is_called(f: Val) -> bool {
    // SAFETY: valid function of a live module.
    unsafe { !LLVMGetFirstUse(f.0).is_null() }
}

/// Runs LLVM's always-inliner on `m`: every call of a function marked [`force_inline`] is inlined,
/// and such functions left without a caller are deleted.
pub(super) fn run_always_inliner(m: &ModuleRef) {
    // SAFETY: a legacy pass manager over a module LLVM owns for the whole call; disposed after.
    unsafe {
        let pm = LLVMCreatePassManager();
        LLVMAddAlwaysInlinerPass(pm);
        LLVMRunPassManager(pm, m.0);
        LLVMDisposePassManager(pm);
    }
}

/// Whether a function has a stack slot of struct or array type, which mem2reg leaves and SROA
/// splits.
fn has_aggregate_slot(m: &ModuleRef) -> bool {
    m.functions().into_iter().flat_map(|f| f.blocks()).flat_map(|b| b.instructions()).any(|i| {
        i.opcode() == LLVMOpcode::LLVMAlloca
            && matches!(
                i.allocated_type().kind(),
                LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind
            )
    })
}

/// Whether `f` has a pointer parameter.
fn takes_reference(f: Val) -> bool {
    f.function_type().param_types().into_iter().any(is_pointer)
}

/// Replaces `noinline`/`optnone` on `f` with `alwaysinline`.
pub(super) fn force_inline(f: Val) {
    // SAFETY: `f` is a function of a live module; attribute kinds are looked up by name.
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(f.0));
        for name in ["noinline", "optnone"] {
            let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len());
            LLVMRemoveEnumAttributeAtIndex(f.0, LLVMAttributeFunctionIndex, kind);
        }
        let name = "alwaysinline";
        let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len());
        let attr = LLVMCreateEnumAttribute(ctx, kind, 0);
        LLVMAddAttributeAtIndex(f.0, LLVMAttributeFunctionIndex, attr);
    }
}
