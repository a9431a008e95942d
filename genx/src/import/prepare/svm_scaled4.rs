//! The SVM four-channel gathers and scatters on parts without 64-bit integer instructions (TGLLP,
//! DG2, ICLLP, MTL): `llvm.genx.svm.gather4.scaled(pred, channels, scale, base, offsets, old)` and
//! `llvm.genx.svm.scatter4.scaled(pred, channels, scale, base, offsets, data)` become one
//! `llvm.genx.svm.gather` / `svm.scatter` of dwords per enabled channel at the addresses
//! `base + offsets + 4 * channel`. vISA's `svm_gather4scaled` leaves that 64-bit add to the
//! finalizer, which emits 64-bit integer instructions those parts lack; the adds written here
//! are emulated with 32-bit ones like any other 64-bit add of the kernel. The result (or data)
//! holds the enabled channels one after the other, each a vector of the lanes, as in the
//! four-channel message. A call of another shape (a non-constant channel mask, a non-zero scale,
//! data other than dwords) is left for selection to name.

use super::super::raw::{ModuleRef, Val};
use crate::Platform;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::{LLVMBuilderRef, LLVMTypeRef, LLVMValueRef};
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// An empty C string for unnamed instructions.
const NONAME: *const std::os::raw::c_char = c"".as_ptr();

/// Whether a callee is `svm.gather4.scaled` (false) or `svm.scatter4.scaled` (true).
fn scaled4(name: &str) -> Option<bool> {
    let is = |base: &str| name.strip_prefix(base).is_some_and(|t| t.is_empty() || t.starts_with('.'));
    if is("llvm.genx.svm.gather4.scaled") {
        Some(false)
    } else if is("llvm.genx.svm.scatter4.scaled") {
        Some(true)
    } else {
        None
    }
}

/// Whether a declared function named `name` is an SVM four-channel gather or scatter.
pub fn is_svm_scaled4(name: &str) -> bool {
    scaled4(name).is_some()
}

/// The constant integer value of `v`, if it is one.
fn const_int(v: Val) -> Option<u64> {
    // SAFETY: `v` is a live value; only integer constants are read.
    unsafe { (!LLVMIsAConstantInt(v.0).is_null()).then(|| LLVMConstIntGetZExtValue(v.0)) }
}

/// Splits every SVM four-channel gather and scatter of `m` into one gather or scatter per
/// channel, on a platform without 64-bit integer instructions.
pub fn split_svm_scaled4(m: &ModuleRef, platform: Platform) {
    if platform.info().has_int64 {
        return;
    }
    let calls: Vec<(Val, bool)> = m
        .functions()
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|i| i.opcode() == LLVMOpcode::LLVMCall && i.called_value().is_function())
        .filter_map(|i| scaled4(&i.called_value().name()).map(|store| (i, store)))
        .collect();
    if calls.is_empty() {
        return;
    }
    // SAFETY: a builder in the module's context, disposed below; every call rewritten is a live
    // instruction of `m`, replaced by values of its own type (a gather) and then erased.
    unsafe {
        let ctx = LLVMGetModuleContext(m.0);
        let b = LLVMCreateBuilderInContext(ctx);
        for (call, store) in calls {
            split_one(m, b, call, store);
        }
        LLVMDisposeBuilder(b);
    }
}

/// Splits one call (see [`split_svm_scaled4`]); leaves a call of another shape alone.
///
/// # Safety
/// `call` is a live call of `m`; `b` a builder in its context.
unsafe fn split_one(m: &ModuleRef, b: LLVMBuilderRef, call: Val, store: bool) {
    let ctx = LLVMGetModuleContext(m.0);
    let (i1, i32t, i64t) =
        (LLVMInt1TypeInContext(ctx), LLVMInt32TypeInContext(ctx), LLVMInt64TypeInContext(ctx));
    if call.num_call_args() != 6 {
        return;
    }
    let (pred, base, offsets, data) = (call.operand(0), call.operand(3), call.operand(4), call.operand(5));
    let (Some(mask), Some(0)) = (const_int(call.operand(1)), const_int(call.operand(2))) else { return };
    let channels: Vec<u64> = (0..4).filter(|c| mask >> c & 1 == 1).collect();
    let offs_ty = offsets.ty().0;
    let data_ty = data.ty().0;
    if channels.is_empty()
        || mask > 15
        || LLVMTypeOf(base.0) != i64t
        || LLVMGetTypeKind(offs_ty) != LLVMTypeKind::LLVMVectorTypeKind
        || LLVMGetElementType(offs_ty) != i64t
        || LLVMGetTypeKind(data_ty) != LLVMTypeKind::LLVMVectorTypeKind
    {
        return;
    }
    let lanes = LLVMGetVectorSize(offs_ty);
    let elem = LLVMGetElementType(data_ty);
    let dword = LLVMGetTypeKind(elem) == LLVMTypeKind::LLVMFloatTypeKind
        || (LLVMGetTypeKind(elem) == LLVMTypeKind::LLVMIntegerTypeKind && LLVMGetIntTypeWidth(elem) == 32);
    if !dword || LLVMGetVectorSize(data_ty) != lanes * channels.len() as u32 {
        return;
    }
    let pred_ty = pred.ty().0;
    let vec_pred = LLVMGetTypeKind(pred_ty) == LLVMTypeKind::LLVMVectorTypeKind;
    if vec_pred && LLVMGetVectorSize(pred_ty) != lanes {
        return;
    }
    LLVMPositionBuilderBefore(b, call.0);
    // the predicate as a vector of the lanes
    let pred_v = if vec_pred { pred.0 } else { splat(b, pred.0, i1, lanes) };
    let pv_ty = LLVMVectorType(i1, lanes);
    let addr_ty = LLVMVectorType(i64t, lanes);
    let part_ty = LLVMVectorType(elem, lanes);
    let mut parts: Vec<LLVMValueRef> = Vec::new();
    for (k, &c) in channels.iter().enumerate() {
        let at = LLVMBuildAdd(b, base.0, LLVMConstInt(i64t, 4 * c, 0), NONAME);
        let addrs = LLVMBuildAdd(b, offsets.0, splat(b, at, i64t, lanes), NONAME);
        let slice = lanes_of(b, data.0, k as u32 * lanes, lanes, i32t);
        let suffix = |t: &str| format!("v{lanes}{t}");
        let et = if LLVMGetTypeKind(elem) == LLVMTypeKind::LLVMFloatTypeKind { "f32" } else { "i32" };
        let mut args = [pred_v, LLVMConstInt(i32t, 0, 0), addrs, slice];
        let (name, ret, mangled) = if store {
            (
                "llvm.genx.svm.scatter",
                LLVMVoidTypeInContext(ctx),
                format!("{}.{}.{}", suffix("i1"), suffix("i64"), suffix(et)),
            )
        } else {
            ("llvm.genx.svm.gather", part_ty, format!("{}.{}.{}", suffix(et), suffix("i1"), suffix("i64")))
        };
        let mut params: [LLVMTypeRef; 4] = [pv_ty, i32t, addr_ty, part_ty];
        let fn_ty = LLVMFunctionType(ret, params.as_mut_ptr(), 4, 0);
        let full = std::ffi::CString::new(format!("{name}.{mangled}")).unwrap_or_default();
        let mut callee = LLVMGetNamedFunction(m.0, full.as_ptr());
        if callee.is_null() {
            callee = LLVMAddFunction(m.0, full.as_ptr(), fn_ty);
        }
        parts.push(LLVMBuildCall2(b, fn_ty, callee, args.as_mut_ptr(), 4, NONAME));
    }
    if !store {
        // the channels one after the other
        let mut whole = parts[0];
        let mut len = lanes;
        for &p in &parts[1..] {
            let widened = if len == lanes { p } else { lanes_of(b, p, 0, len, i32t) };
            let mut idx: Vec<_> = (0..len + lanes).map(|i| LLVMConstInt(i32t, u64::from(i), 0)).collect();
            whole = LLVMBuildShuffleVector(
                b,
                whole,
                widened,
                LLVMConstVector(idx.as_mut_ptr(), len + lanes),
                NONAME,
            );
            len += lanes;
        }
        LLVMReplaceAllUsesWith(call.0, whole);
    }
    LLVMInstructionEraseFromParent(call.0);
}

/// `n` copies of scalar `v` of type `t`.
///
/// # Safety
/// `b` is positioned in a live function; `v` has type `t`.
unsafe fn splat(b: LLVMBuilderRef, v: LLVMValueRef, t: LLVMTypeRef, n: u32) -> LLVMValueRef {
    let i32t = LLVMInt32TypeInContext(LLVMGetTypeContext(t));
    let vt = LLVMVectorType(t, n);
    let one = LLVMBuildInsertElement(b, LLVMGetUndef(vt), v, LLVMConstInt(i32t, 0, 0), NONAME);
    LLVMBuildShuffleVector(b, one, LLVMGetUndef(vt), LLVMConstNull(LLVMVectorType(i32t, n)), NONAME)
}

/// Elements `from..from + n` of vector `v` (indices past its end read undef: a widening).
///
/// # Safety
/// `b` is positioned in a live function; `v` is a vector.
unsafe fn lanes_of(b: LLVMBuilderRef, v: LLVMValueRef, from: u32, n: u32, i32t: LLVMTypeRef) -> LLVMValueRef {
    let len = LLVMGetVectorSize(LLVMTypeOf(v));
    let mut idx: Vec<_> = (from..from + n)
        .map(|i| if i < len { LLVMConstInt(i32t, u64::from(i), 0) } else { LLVMGetUndef(i32t) })
        .collect();
    LLVMBuildShuffleVector(b, v, LLVMGetUndef(LLVMTypeOf(v)), LLVMConstVector(idx.as_mut_ptr(), n), NONAME)
}

#[cfg(test)]
mod tests {
    use super::scaled4;

    #[test]
    fn callee_names() {
        assert_eq!(scaled4("llvm.genx.svm.gather4.scaled.v16f32.v8i1.v8i64"), Some(false));
        assert_eq!(scaled4("llvm.genx.svm.scatter4.scaled.v8i1.v8i64.v16i32"), Some(true));
        assert_eq!(scaled4("llvm.genx.svm.gather.v8i32.v8i1.v8i64"), None);
        assert_eq!(scaled4("llvm.genx.svm.gather4.scaledx"), None);
    }
}
