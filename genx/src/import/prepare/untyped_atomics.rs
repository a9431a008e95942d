//! The untyped surface atomics of vc-intrinsics, `llvm.genx.untyped.atomic.<op>(predicate,
//! surface, global offset, element offsets, sources..., old value)` with both offsets counted in
//! dwords: vISA 4.1 has no UNTYPED_ATOMIC instruction any more, and the same surface atomic is
//! the dword atomic at the byte offsets `(global offset + element offset) * 4`. Each call becomes
//! `llvm.genx.dword.atomic.<op>` with those offsets and the same predicate, surface, sources and
//! old value. A call whose operands do not have that shape is left for the validator to name.

use super::super::raw::{ModuleRef, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMTypeRef;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// An empty C string for unnamed instructions.
const NONAME: *const std::os::raw::c_char = c"".as_ptr();

/// The operations of the untyped atomics, with their number of sources.
const OPS: [(&str, u32); 13] = [
    ("add", 1),
    ("sub", 1),
    ("min", 1),
    ("max", 1),
    ("xchg", 1),
    ("and", 1),
    ("or", 1),
    ("xor", 1),
    ("imin", 1),
    ("imax", 1),
    ("inc", 0),
    ("dec", 0),
    ("cmpxchg", 2),
];

/// The operation of an untyped atomic callee (`llvm.genx.untyped.atomic.add.v8i32.v8i1`) and the
/// rest of its name (the overload suffixes), if it is one.
fn untyped_atomic(name: &str) -> Option<(&'static str, u32, &str)> {
    let rest = name.strip_prefix("llvm.genx.untyped.atomic.")?;
    OPS.iter().find_map(|&(op, sources)| {
        let tail = rest.strip_prefix(op)?;
        (tail.is_empty() || tail.starts_with('.')).then_some((op, sources, tail))
    })
}

/// Whether a declared function named `name` is an untyped atomic.
pub fn is_untyped_atomic(name: &str) -> bool {
    untyped_atomic(name).is_some()
}

/// Whether `t` is a vector of `i32`.
fn is_dword_vector(t: LLVMTypeRef) -> bool {
    // SAFETY: `t` is a live type of the module.
    unsafe {
        LLVMGetTypeKind(t) == LLVMTypeKind::LLVMVectorTypeKind
            && LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMTypeKind::LLVMIntegerTypeKind
            && LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 32
    }
}

/// Rewrites every untyped atomic of `m` into the dword atomic at byte offsets.
pub fn lower_untyped_atomics(m: &ModuleRef) {
    let calls: Vec<Val> = m
        .functions()
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|i| i.opcode() == LLVMOpcode::LLVMCall && i.called_value().is_function())
        .filter(|i| untyped_atomic(&i.called_value().name()).is_some())
        .collect();
    if calls.is_empty() {
        return;
    }
    // SAFETY: a builder in the module's context, disposed below; every call rewritten is a live
    // instruction of `m`, replaced by a call of the same type and then erased.
    unsafe {
        let ctx = LLVMGetModuleContext(m.0);
        let b = LLVMCreateBuilderInContext(ctx);
        let i32t = LLVMInt32TypeInContext(ctx);
        for call in calls {
            let name = call.called_value().name();
            let Some((op, sources, suffix)) = untyped_atomic(&name) else { continue };
            // predicate, surface, global offset, element offsets, sources, old value
            let n = call.num_call_args();
            if n != 5 + sources {
                continue;
            }
            let (goff, eoff) = (call.operand(2), call.operand(3));
            let offs_ty = eoff.ty().0;
            if LLVMTypeOf(goff.0) != i32t || !is_dword_vector(offs_ty) {
                continue;
            }
            let lanes = LLVMGetVectorSize(offs_ty);
            LLVMPositionBuilderBefore(b, call.0);
            let ins =
                LLVMBuildInsertElement(b, LLVMGetUndef(offs_ty), goff.0, LLVMConstInt(i32t, 0, 0), NONAME);
            let zeros = LLVMConstNull(LLVMVectorType(i32t, lanes));
            let splat = LLVMBuildShuffleVector(b, ins, LLVMGetUndef(offs_ty), zeros, NONAME);
            let dwords = LLVMBuildAdd(b, eoff.0, splat, NONAME);
            let two = LLVMConstVector([LLVMConstInt(i32t, 2, 0)].repeat(lanes as usize).as_mut_ptr(), lanes);
            let bytes = LLVMBuildShl(b, dwords, two, NONAME);
            // the dword atomic: predicate, surface, byte offsets, sources, old value
            let mut args: Vec<_> = vec![call.operand(0).0, call.operand(1).0, bytes];
            args.extend((4..n).map(|k| call.operand(k).0));
            let mut params: Vec<LLVMTypeRef> = args.iter().map(|&a| LLVMTypeOf(a)).collect();
            let ret = LLVMTypeOf(call.0);
            let fn_ty = LLVMFunctionType(ret, params.as_mut_ptr(), params.len() as u32, 0);
            let callee_name =
                std::ffi::CString::new(format!("llvm.genx.dword.atomic.{op}{suffix}")).unwrap_or_default();
            let mut callee = LLVMGetNamedFunction(m.0, callee_name.as_ptr());
            if callee.is_null() {
                callee = LLVMAddFunction(m.0, callee_name.as_ptr(), fn_ty);
            }
            let new = LLVMBuildCall2(b, fn_ty, callee, args.as_mut_ptr(), args.len() as u32, NONAME);
            LLVMReplaceAllUsesWith(call.0, new);
            LLVMInstructionEraseFromParent(call.0);
        }
        LLVMDisposeBuilder(b);
    }
}

#[cfg(test)]
mod tests {
    use super::untyped_atomic;

    #[test]
    fn callee_names() {
        assert_eq!(
            untyped_atomic("llvm.genx.untyped.atomic.add.v8i32.v8i1"),
            Some(("add", 1, ".v8i32.v8i1"))
        );
        assert_eq!(
            untyped_atomic("llvm.genx.untyped.atomic.imin.v16i32.v16i1"),
            Some(("imin", 1, ".v16i32.v16i1"))
        );
        assert_eq!(
            untyped_atomic("llvm.genx.untyped.atomic.inc.v8i32.v8i1"),
            Some(("inc", 0, ".v8i32.v8i1"))
        );
        assert_eq!(
            untyped_atomic("llvm.genx.untyped.atomic.cmpxchg.v8i32.v8i1"),
            Some(("cmpxchg", 2, ".v8i32.v8i1"))
        );
        assert_eq!(untyped_atomic("llvm.genx.dword.atomic.add.v8i32.v8i1"), None);
        assert_eq!(untyped_atomic("llvm.genx.untyped.atomic.addx.v8i32"), None);
    }
}
