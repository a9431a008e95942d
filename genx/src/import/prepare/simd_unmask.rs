//! SIMD unmask regions (CM's `SIMD_UNMASK`): `%m = llvm.genx.unmask.begin()` saves the execution
//! mask EM and turns every lane on, `llvm.genx.unmask.end(%m)` gives EM back the saved lanes; the
//! code between them runs for every lane, also the lanes an enclosing SIMD branch turned off. The
//! begin's result is the saved mask as an `i32` (bit i lane i), which the CM front end keeps in a
//! stack slot until the end.
//!
//! genxc lowers them on the LLVM module, with the source form of SIMD control flow
//! (`super::simd_cf_source`), where EM is a stack slot of `<32 x i1>` that predication reads before
//! each store it masks: at a begin the slot's lanes are loaded (the saved mask) and all ones
//! stored; at its end the saved lanes are stored back. Stores between the two read an EM of all
//! ones, so they are not masked, as Intel's CMSimdCFLowering makes them (its `simdcf.savemask`,
//! `simdcf.unmask` and `simdcf.remask` on its own EM variable). Outside SIMD control flow EM is all
//! ones already: the calls go and the begin's result is all ones.
//!
//! Each end is paired with its begin through its operand: the begin's result itself, or a load of a
//! stack slot the begin's result (and nothing else) is stored into. The begin's result, where
//! something other than the end and that slot reads it, becomes the saved lanes as an `i32`.

use super::super::raw::Val;
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::transforms::util::LLVMAddPromoteMemoryToRegisterPass;
use inkwell::llvm_sys::LLVMOpcode;

/// The name of the region's begin.
const BEGIN: &str = "llvm.genx.unmask.begin";
/// The name of the region's end.
const END: &str = "llvm.genx.unmask.end";

/// Whether a declared function named `name` is one of the unmask intrinsics (a module calling
/// them declares them).
pub fn is_unmask(name: &str) -> bool {
    name == BEGIN || name == END
}

/// Whether function `f` calls the unmask intrinsics.
pub(super) fn has_regions(f: Val) -> bool {
    !calls_of(f, BEGIN).is_empty() || !calls_of(f, END).is_empty()
}

/// Whether `v` is a call of the function named `name`.
fn is_call_to(v: Val, name: &str) -> bool {
    !v.is_null()
        && v.is_instruction()
        && v.opcode() == LLVMOpcode::LLVMCall
        && v.called_value().is_function()
        && v.called_value().name() == name
}

/// The calls of `name` in function `f`, in layout order.
fn calls_of(f: Val, name: &str) -> Vec<Val> {
    f.blocks().into_iter().flat_map(|b| b.instructions()).filter(|&i| is_call_to(i, name)).collect()
}

/// The stack slot a load reads, if `v` is a load of an alloca.
fn slot_loaded(v: Val) -> Option<Val> {
    if v.is_null() || !v.is_instruction() || v.opcode() != LLVMOpcode::LLVMLoad {
        return None;
    }
    let p = v.operand(0);
    // SAFETY: an operand of a live instruction.
    (!unsafe { LLVMIsAAllocaInst(p.0) }.is_null()).then_some(p)
}

/// The begin an end's operand `arg` comes from (see the module documentation).
fn begin_of(f: Val, end: Val, arg: Val) -> Result<Val, Diagnostic> {
    if is_call_to(arg, BEGIN) {
        return Ok(arg);
    }
    let refuse = |what: &str| {
        let at = if end.name().is_empty() { end.print() } else { end.name() };
        Diagnostic::in_function(f.name(), Some(at), unsupported(what.to_string()))
    };
    let Some(slot) = slot_loaded(arg) else {
        return Err(refuse(
            "llvm.genx.unmask.end of a mask that is neither an llvm.genx.unmask.begin result nor a load of its stack slot",
        ));
    };
    let stored: Vec<Val> = slot
        .users()
        .into_iter()
        .filter(|u| u.opcode() == LLVMOpcode::LLVMStore && u.operand(1) == slot)
        .map(|s| s.operand(0))
        .collect();
    match stored.as_slice() {
        [b] if is_call_to(*b, BEGIN) => Ok(*b),
        _ => Err(refuse(
            "llvm.genx.unmask.end of a stack slot that holds other than one llvm.genx.unmask.begin result",
        )),
    }
}

/// Erases instruction `i` if nothing uses it.
///
/// # Safety
/// `i` is an instruction of a live function.
unsafe fn erase_if_unused(i: Val) {
    if i.is_instruction() && LLVMGetFirstUse(i.0).is_null() {
        LLVMInstructionEraseFromParent(i.0);
    }
}

/// Lowers the unmask regions of function `f`. `em` is the execution mask's stack slot and its
/// `<32 x i1>` type when `f` has SIMD control flow in the source form (after predication has put
/// its loads of EM before the stores it masks, before mem2reg), `None` when it has none (EM all
/// ones throughout).
///
/// # Safety
/// `f` is a live function of a module of context `ctx`; `em`'s slot is an alloca of `f`.
pub(super) unsafe fn lower(
    f: Val,
    ctx: LLVMContextRef,
    em: Option<(LLVMValueRef, LLVMTypeRef)>,
) -> Result<(), Diagnostic> {
    let ends = calls_of(f, END);
    let begins = calls_of(f, BEGIN);
    if !(ends.is_empty() && begins.is_empty()) {
        lower_regions(f, ctx, em, &begins, &ends)?;
    }
    // the stack slots the front end kept in a module with unmask regions (in a function with SIMD
    // control flow, its lowering promotes them)
    let kept = !LLVMGetNamedFunction(LLVMGetGlobalParent(f.0), c"llvm.genx.unmask.begin".as_ptr()).is_null();
    if em.is_none() && kept && !f.is_declaration() {
        let fpm = LLVMCreateFunctionPassManagerForModule(LLVMGetGlobalParent(f.0));
        LLVMAddPromoteMemoryToRegisterPass(fpm);
        LLVMInitializeFunctionPassManager(fpm);
        LLVMRunFunctionPassManager(fpm, f.0);
        LLVMDisposePassManager(fpm);
    }
    Ok(())
}

/// Lowers the regions of `begins` and `ends`, the unmask calls of `f` (see [`lower`]).
///
/// # Safety
/// As [`lower`].
unsafe fn lower_regions(
    f: Val,
    ctx: LLVMContextRef,
    em: Option<(LLVMValueRef, LLVMTypeRef)>,
    begins: &[Val],
    ends: &[Val],
) -> Result<(), Diagnostic> {
    let mut pairs = Vec::new();
    for &end in ends {
        if end.num_call_args() != 1 {
            let at = if end.name().is_empty() { end.print() } else { end.name() };
            return Err(Diagnostic::in_function(
                f.name(),
                Some(at),
                genxc_diag::invalid("llvm.genx.unmask.end takes one operand (the saved mask)"),
            ));
        }
        let arg = end.operand(0);
        pairs.push((end, arg, begin_of(f, end, arg)?));
    }
    let builder = LLVMCreateBuilderInContext(ctx);
    let i32t = LLVMInt32TypeInContext(ctx);
    // at each begin: the saved lanes, then every lane on
    let mut saved: Vec<(Val, LLVMValueRef)> = Vec::new();
    for &b in begins {
        let value = match em {
            Some((slot, ty)) => {
                LLVMPositionBuilderBefore(builder, b.0);
                let lanes = LLVMBuildLoad2(builder, ty, slot, c"unmask.saved".as_ptr());
                LLVMBuildStore(builder, LLVMConstAllOnes(ty), slot);
                lanes
            }
            None => std::ptr::null_mut(),
        };
        saved.push((b, value));
    }
    // at each end: the saved lanes back
    for &(end, arg, b) in &pairs {
        if let Some((slot, _)) = em {
            let lanes = saved.iter().find(|(x, _)| *x == b).map(|&(_, v)| v).expect("every begin is saved");
            LLVMPositionBuilderBefore(builder, end.0);
            LLVMBuildStore(builder, lanes, slot);
        }
        LLVMInstructionEraseFromParent(end.0);
        if arg != b {
            erase_if_unused(arg);
        }
    }
    // the begins' results: their slots, when only stores are left of them, go; any other reader
    // gets the saved lanes as an i32
    for &(b, lanes) in &saved {
        for u in b.users() {
            if u.opcode() != LLVMOpcode::LLVMStore || u.operand(0) != b {
                continue;
            }
            let slot = u.operand(1);
            if LLVMIsAAllocaInst(slot.0).is_null() {
                continue;
            }
            if slot.users().iter().all(|s| s.opcode() == LLVMOpcode::LLVMStore && s.operand(1) == slot) {
                for s in slot.users() {
                    LLVMInstructionEraseFromParent(s.0);
                }
                LLVMInstructionEraseFromParent(slot.0);
            }
        }
        if !LLVMGetFirstUse(b.0).is_null() {
            let value = if lanes.is_null() {
                LLVMConstAllOnes(i32t)
            } else {
                LLVMPositionBuilderBefore(builder, b.0);
                LLVMBuildBitCast(builder, lanes, i32t, c"unmask.mask".as_ptr())
            };
            LLVMReplaceAllUsesWith(b.0, value);
        }
        LLVMInstructionEraseFromParent(b.0);
    }
    LLVMDisposeBuilder(builder);
    Ok(())
}
