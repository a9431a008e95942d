//! Predicated updates: `x + select(p, C, 0)` (and `|`, `^`, `x - select(p, C, 0)`) adds `C` to
//! the lanes of `x` where `p` is true and leaves the others as they are, which is one predicated
//! instruction writing `x` in place, `(p) add x, x, C`, where the select as written is a `sel`
//! into a register and then the `add`. Rewritten here, on the LLVM module, as a masked write of
//! the vector operation: `wrregion(x, x + C, <whole vector>, mask p)`, which the selection emits as
//! the operation under the predicate into `x`'s register (coalesced with `x` where `x` ends
//! there; a copy of `x` first otherwise, no more instructions than before). The shape Intel's
//! Vector Compiler gives such code. Runs with the predicate algebra ([`super::algebra`]) on
//! modules in GenX form.

use super::super::raw::Val;
use super::builder::{Builder, NONAME};
use super::region_access::mangle;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::{LLVMTypeRef, LLVMValueRef};
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// Whether `v` is a constant (not an expression, not undefined) with every element zero.
fn is_zero(v: Val) -> bool {
    v.is_constant()
        && (v.is_zero_aggregate() || v.const_int() == Some(0) || {
            v.const_vector_elems().is_some_and(|e| e.iter().all(|x| x.const_int() == Some(0)))
        })
}

/// The predicate and the constant of `select p, C, 0` (or `zext p`, `sext p`: `C` 1 or -1) when
/// `s` is one that only `user` reads, with `p` a vector of `s`'s length.
fn predicated_constant(s: Val, user: Val) -> Option<(Val, LLVMValueRef)> {
    let (p, c, z) = super::algebra::choice_of_constants(s)?;
    let users = s.users();
    if users.len() != 1 || users[0].0 != user.0 || !is_zero(Val(z)) {
        return None;
    }
    let pt = p.ty();
    (!p.is_constant()
        && pt.kind() == LLVMTypeKind::LLVMVectorTypeKind
        && pt.vector_size() == s.ty().vector_size())
    .then_some((p, c))
}

/// The update `i` is, as `(x, p, C)`: `i` is `x op select(p, C, 0)` (either order for the
/// operations that commute) of an integer vector, `x` not a constant.
fn predicated_update(i: Val) -> Option<(Val, Val, LLVMValueRef)> {
    use LLVMOpcode::*;
    let op = i.opcode();
    if !matches!(op, LLVMAdd | LLVMOr | LLVMXor | LLVMSub) {
        return None;
    }
    let t = i.ty();
    if t.kind() != LLVMTypeKind::LLVMVectorTypeKind || t.element().kind() != LLVMTypeKind::LLVMIntegerTypeKind
    {
        return None;
    }
    let (a, b) = (i.operand(0), i.operand(1));
    let updatable = |x: Val| !x.is_constant();
    if let Some((p, c)) = predicated_constant(b, i) {
        return updatable(a).then_some((a, p, c));
    }
    if op == LLVMSub {
        return None;
    }
    let (p, c) = predicated_constant(a, i)?;
    updatable(b).then_some((b, p, c))
}

/// The overload name of the integer wrregion writing a whole `<n x iK>` value `t` under the
/// `<n x i1>` mask `mask`.
fn wrregion_name(t: Val, mask: Val) -> String {
    let v = mangle(t.ty());
    format!("llvm.genx.wrregioni.{v}.{v}.i16.{}", mangle(mask.ty()))
}

/// Rewrites every predicated update of `f` (see the module documentation); returns how many.
pub(super) fn predicated_updates(b: &Builder, f: Val) -> usize {
    let updates: Vec<Val> = f
        .blocks()
        .into_iter()
        .flat_map(|b| b.instructions())
        .filter(|&i| predicated_update(i).is_some())
        .collect();
    let mut n = 0;
    // (each select is read by its update only, so rewriting one leaves the others as found)
    for i in updates {
        let Some((x, p, c)) = predicated_update(i) else { continue };
        let s = if i.operand(0).0 == x.0 { i.operand(1) } else { i.operand(0) };
        b.before(i);
        // SAFETY: `i` is a live vector operation of `x` and the select `s`, which only `i` reads;
        // the new operation is of `i`'s type, the wrregion declared with the types of its
        // arguments (the GenX region intrinsic's signature), and both replace `i` before it and
        // the select are erased.
        unsafe {
            let ty = i.ty();
            let width = ty.vector_size();
            let update = LLVMBuildBinOp(b.b, i.opcode(), x.0, c, NONAME);
            let m = LLVMGetGlobalParent(f.0);
            let i32t = LLVMInt32TypeInContext(b.ctx);
            let i16t = LLVMInt16TypeInContext(b.ctx);
            let mut params: [LLVMTypeRef; 8] = [ty.0, ty.0, i32t, i32t, i32t, i16t, i32t, p.ty().0];
            let fty = LLVMFunctionType(ty.0, params.as_mut_ptr(), 8, 0);
            let name = std::ffi::CString::new(wrregion_name(i, p)).expect("no NUL in an overload name");
            let mut decl = LLVMGetNamedFunction(m, name.as_ptr());
            if decl.is_null() {
                decl = LLVMAddFunction(m, name.as_ptr(), fty);
            }
            let mut args = [
                x.0,
                update,
                LLVMConstInt(i32t, 0, 0),
                LLVMConstInt(i32t, u64::from(width), 0),
                LLVMConstInt(i32t, 1, 0),
                LLVMConstInt(i16t, 0, 0),
                LLVMGetUndef(i32t),
                p.0,
            ];
            let w = LLVMBuildCall2(b.b, fty, decl, args.as_mut_ptr(), 8, NONAME);
            LLVMReplaceAllUsesWith(i.0, w);
            LLVMInstructionEraseFromParent(i.0);
            LLVMInstructionEraseFromParent(s.0);
        }
        n += 1;
    }
    n
}

/// Whether `i` is the value a predicated update writes under its mask (the new value of a masked
/// wrregion of the whole vector): it stays an operation (the selection writes no select under a
/// wrregion mask).
pub(super) fn is_masked_update(i: Val) -> bool {
    let users = i.users();
    users.len() == 1 && {
        let w = users[0];
        w.opcode() == LLVMOpcode::LLVMCall
            && w.num_call_args() == 8
            && w.operand(1).0 == i.0
            && !w.operand(7).is_constant()
            && w.called_value().name().starts_with("llvm.genx.wrregion")
    }
}
