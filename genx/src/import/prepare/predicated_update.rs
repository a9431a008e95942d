//! Predicated updates: `x + select(p, C, 0)` (and `|`, `^`, `x - select(p, C, 0)`) adds `C` to
//! the lanes of `x` where `p` is true and leaves the others as they are, which is one predicated
//! instruction writing `x` in place, `(p) add x, x, C`, where the select as written is a `sel`
//! into a register and then the `add`. Rewritten here, on the LLVM module, as a masked write of
//! the vector operation: `wrregion(x, x + C, <whole vector>, mask p)`, which the selection emits as
//! the operation under the predicate into `x`'s register (coalesced with `x` where `x` ends
//! there; a copy of `x` first otherwise, no more instructions than before). A select of an
//! element-wise operation over an old value, `select p, a + b, x` (the operation read by the
//! select only), is the same write: `(p) add x, a, b` in place of the operation into a register
//! of its own and a `sel`. The shapes Intel's Vector Compiler gives such code. Runs with the
//! predicate algebra ([`super::algebra`]) on modules in GenX form.

use super::super::raw::{Ty, Val};
use super::builder::{take_name, Builder, NONAME};
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

/// Whether `t` is an element type one vISA instruction computes on every platform: 8- to 32-bit
/// integers, half and float (no `i1`, no 64-bit type, which some platforms emulate).
fn plain_element(t: Ty) -> bool {
    use LLVMTypeKind::*;
    let e = if t.kind() == LLVMVectorTypeKind { t.element() } else { t };
    match e.kind() {
        LLVMIntegerTypeKind => (8..=32).contains(&e.int_width()),
        LLVMHalfTypeKind | LLVMFloatTypeKind => true,
        _ => false,
    }
}

/// Whether `v` is an element-wise operation the selection emits as one ALU instruction that can
/// run under a predicate into another value's register (arithmetic but division and remainder,
/// logic, shifts, negation and conversions of plain elements: see [`plain_element`]), read by
/// `user` only, in `user`'s block.
fn maskable_operation(v: Val, user: Val) -> bool {
    use LLVMOpcode::*;
    if !v.is_instruction() {
        return false;
    }
    let users = v.users();
    // SAFETY: both are live instructions.
    let same_block = unsafe { LLVMGetInstructionParent(v.0) == LLVMGetInstructionParent(user.0) };
    if users.len() != 1 || users[0].0 != user.0 || !same_block || !plain_element(v.ty()) {
        return false;
    }
    match v.opcode() {
        LLVMAdd | LLVMFAdd | LLVMSub | LLVMFSub | LLVMMul | LLVMFMul | LLVMShl | LLVMLShr | LLVMAShr
        | LLVMAnd | LLVMOr | LLVMXor | LLVMFNeg => true,
        LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPTrunc | LLVMFPExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP
        | LLVMSIToFP => plain_element(v.operand(0).ty()),
        _ => false,
    }
}

/// The select `i` as a masked write `(x, v, p)`: `i` is `select p, v, x` of vectors, `p` a vector
/// predicate that is not a constant, `x` not a constant and `v` an operation only `i` reads (see
/// [`maskable_operation`]).
fn selected_operation(i: Val) -> Option<(Val, Val, Val)> {
    if i.opcode() != LLVMOpcode::LLVMSelect {
        return None;
    }
    let t = i.ty();
    let (p, v, x) = (i.operand(0), i.operand(1), i.operand(2));
    let pt = p.ty();
    let vectors = t.kind() == LLVMTypeKind::LLVMVectorTypeKind
        && pt.kind() == LLVMTypeKind::LLVMVectorTypeKind
        && pt.vector_size() == t.vector_size();
    (vectors && !p.is_constant() && !x.is_constant() && maskable_operation(v, i)).then_some((x, v, p))
}

/// Builds, at the builder's position, the write of the whole vector `new` into `old` under the
/// `<n x i1>` mask `mask` (the GenX wrregion intrinsic of `old`'s type, declared in `f`'s module
/// when missing), and returns it.
fn masked_write(b: &Builder, f: Val, old: Val, new: LLVMValueRef, mask: Val) -> LLVMValueRef {
    let ty = old.ty();
    let v = mangle(ty);
    let kind = if ty.element().kind() == LLVMTypeKind::LLVMIntegerTypeKind { "i" } else { "f" };
    let name = format!("llvm.genx.wrregion{kind}.{v}.{v}.i16.{}", mangle(mask.ty()));
    let name = std::ffi::CString::new(name).expect("no NUL in an overload name");
    // SAFETY: `old` and `new` are values of one vector type, `mask` a predicate vector of its
    // length; the wrregion is declared with the types of its arguments (the GenX region
    // intrinsic's signature).
    unsafe {
        let width = ty.vector_size();
        let m = LLVMGetGlobalParent(f.0);
        let i32t = LLVMInt32TypeInContext(b.ctx);
        let i16t = LLVMInt16TypeInContext(b.ctx);
        let mut params: [LLVMTypeRef; 8] = [ty.0, ty.0, i32t, i32t, i32t, i16t, i32t, mask.ty().0];
        let fty = LLVMFunctionType(ty.0, params.as_mut_ptr(), 8, 0);
        let mut decl = LLVMGetNamedFunction(m, name.as_ptr());
        if decl.is_null() {
            decl = LLVMAddFunction(m, name.as_ptr(), fty);
        }
        let mut args = [
            old.0,
            new,
            LLVMConstInt(i32t, 0, 0),
            LLVMConstInt(i32t, u64::from(width), 0),
            LLVMConstInt(i32t, 1, 0),
            LLVMConstInt(i16t, 0, 0),
            LLVMGetUndef(i32t),
            mask.0,
        ];
        LLVMBuildCall2(b.b, fty, decl, args.as_mut_ptr(), 8, NONAME)
    }
}

/// Rewrites every predicated update of `f` (see the module documentation), then every select of
/// an operation over an old value (outside SIMD control flow, whose selects on the execution mask
/// baling already runs under the mask); returns how many.
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
        // the new operation is of `i`'s type, and the masked write of it replaces `i` before it
        // and the select are erased.
        unsafe {
            let update = LLVMBuildBinOp(b.b, i.opcode(), x.0, c, NONAME);
            let w = masked_write(b, f, x, update, p);
            LLVMReplaceAllUsesWith(i.0, w);
            LLVMInstructionEraseFromParent(i.0);
            LLVMInstructionEraseFromParent(s.0);
        }
        n += 1;
    }
    if super::algebra::calls_simd_cf(f) {
        return n;
    }
    let selects: Vec<Val> = f.each_instruction().filter(|&i| selected_operation(i).is_some()).collect();
    for i in selects {
        let Some((x, v, p)) = selected_operation(i) else { continue };
        b.before(i);
        // SAFETY: `i` is a live select of `v` over `x` of one type under the vector predicate
        // `p`; the masked write replaces it before it is erased (`v` stays, read by the write).
        unsafe {
            let w = masked_write(b, f, x, v.0, p);
            take_name(Val(w), i);
            LLVMReplaceAllUsesWith(i.0, w);
            LLVMInstructionEraseFromParent(i.0);
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
