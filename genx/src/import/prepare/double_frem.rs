//! The exact `frem` of doubles (C's `fmod`, and through it OpenCL's `fmod`, `remainder` and
//! `remquo` of double): each `frem` of double scalars or vectors becomes a call of an internal
//! `alwaysinline` function holding an LLVM loop, which LLVM's always-inliner then puts in place.
//!
//! Why a loop at the LLVM level: the exponents of x and y differ by up to 2,097 binades (the
//! largest double against the smallest subnormal, normalized), and an exact step removes at most
//! 50 of them, so a straight-line sequence in selection's style (as the float `frem` is) would
//! repeat its step 42 times for every `frem`. The loop repeats one short body and leaves as soon
//! as no lane has binades left; the body is plain double arithmetic (multiply, fused
//! multiply-add, compares and selects) that selection already emits on every platform with double
//! precision, so no new vISA form is involved. The branch is uniform: its condition is
//! `llvm.genx.any` over the lanes' "binades left" mask, and the trip count is also capped at 42,
//! so lanes whose values do not matter (masked off by SIMD control flow) can never keep it going.
//!
//! The step. |x| = mx 2^(ex-1075) and |y| = my 2^(ey-1075), with mx, my integer-valued doubles in
//! [2^52, 2^53) (subnormals scaled by 2^64 first and their exponents lowered by 64), d = ex - ey.
//! The remainder r starts at mx mod my (mx - my where mx >= my: exact). While d > 0, with
//! k = min(d, 50): r' = r 2^k (exact), Q = r'/my < 2^50, z = 1/my within 2^-52 relative (computed
//! once before the loop, see [`reciprocal`]), q0 = RN(r' z) is within Q (2^-52 + 2^-53) (1 + 2^-52)
//! < 3/8 of Q, so q = q0 rounded to an integer (adding and subtracting 2^52) is floor(Q) or
//! floor(Q) + 1; the new remainder r' - q my is then an integer in (-my, my), computed exactly by
//! one fused multiply-add, plus my where negative (exact); d -= k. A lane with d = 0 keeps its r
//! (q is 0, or 1 and corrected). At the end, r 2^(ey-1075) (two exact scalings by normal powers
//! of two: the result is representable, subnormal or not) with x's sign. NaN for a NaN or infinite
//! x, a NaN or zero y; x itself where |x| < |y| (an infinite y included).
//!
//! Platforms without double precision (TGLLP, DG2) keep the `frem`: selection refuses double
//! arithmetic there as not available, as it does every double operation.

use super::super::raw::{ModuleRef, Ty, Val};
use super::builder::{Builder, NONAME};
use super::by_reference::run_always_inliner;
use super::opencl_builtins::emit::{is_double, lanes, Ir};
use crate::Platform;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::LLVMIntPredicate::*;
use inkwell::llvm_sys::LLVMOpcode::{self, *};
use inkwell::llvm_sys::LLVMRealPredicate::*;
use inkwell::llvm_sys::{LLVMAttributeFunctionIndex, LLVMLinkage};
use std::collections::HashMap;
use std::ffi::CString;

/// The binades one step of the loop removes at most (keeps each step's quotient below 2^50).
const STEP_BINADES: i64 = 50;

/// The most steps any pair of doubles needs: ceil(2097 / 50), 2,097 = the largest exponent
/// difference after normalizing subnormals (2046 - (1 - 52)).
const MAX_STEPS: i64 = 42;

/// Whether `i` is a `frem` of doubles (scalar or vector).
pub(super) fn is_double_frem(i: Val) -> bool {
    i.opcode() == LLVMOpcode::LLVMFRem && is_double(i.ty())
}

/// Replaces every `frem` of doubles in `m` by the exact loop (inlined), on platforms with double
/// precision.
pub(super) fn expand_double_frem(m: &ModuleRef, platform: Platform) {
    if !platform.info().has_fp64 {
        return;
    }
    let frems: Vec<Val> = m
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|&i| is_double_frem(i))
        .collect();
    if frems.is_empty() {
        return;
    }
    let b = Builder::new(m);
    let ir = Ir { b: &b, m };
    let mut helpers: HashMap<String, (LLVMValueRef, LLVMTypeRef)> = HashMap::new();
    for i in frems {
        let t = i.ty();
        let (f, fty) = *helpers.entry(t.print()).or_insert_with(|| helper(&ir, t));
        b.before(i);
        let mut args = [i.operand(0).0, i.operand(1).0];
        // SAFETY: a call of the helper of the frem's type with its operands; the frem's uses are
        // replaced before it is erased.
        unsafe {
            let call = LLVMBuildCall2(b.b, fty, f, args.as_mut_ptr(), 2, NONAME);
            LLVMReplaceAllUsesWith(i.0, call);
            LLVMInstructionEraseFromParent(i.0);
        }
    }
    run_always_inliner(m);
}

/// The internal, always-inlined function `t (t x, t y)` computing x frem y exactly.
fn helper(ir: &Ir, t: Ty) -> (LLVMValueRef, LLVMTypeRef) {
    // SAFETY: a new function of the module with its blocks; the builder is positioned at the end
    // of each block before it is filled.
    unsafe {
        let ctx = ir.b.ctx;
        let mut params = [t.0, t.0];
        let fty = LLVMFunctionType(t.0, params.as_mut_ptr(), 2, 0);
        let name = CString::new(format!("genxc.frem.{}", super::reductions::mangle(t))).unwrap_or_default();
        let f = LLVMAddFunction(ir.m.0, name.as_ptr(), fty);
        LLVMSetLinkage(f, LLVMLinkage::LLVMInternalLinkage);
        let kind = LLVMGetEnumAttributeKindForName(c"alwaysinline".as_ptr(), "alwaysinline".len());
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind, 0));
        let entry = LLVMAppendBasicBlockInContext(ctx, f, c"frem.entry".as_ptr());
        let body = LLVMAppendBasicBlockInContext(ctx, f, c"frem.step".as_ptr());
        let exit = LLVMAppendBasicBlockInContext(ctx, f, c"frem.done".as_ptr());
        let (x, y) = (Val(LLVMGetParam(f, 0)), Val(LLVMGetParam(f, 1)));
        let it = ir.with_elem(t, ir.int(32));
        let i32t = ir.int(32);

        LLVMPositionBuilderAtEnd(ir.b.b, entry);
        let (ax, ay) = (ir.fabs(x), ir.fabs(y));
        let (mx, ex) = normalized(ir, ax);
        let (my, ey) = normalized(ir, ay);
        let invalid_x = ir.fcmp(LLVMRealUEQ, ax, ir.f(t, f64::INFINITY));
        let invalid_y = ir.fcmp(LLVMRealUEQ, ay, ir.f(t, 0.0));
        let invalid_y = ir.bin(LLVMOr, invalid_y, ir.fcmp(LLVMRealUNO, y, y));
        let invalid = ir.bin(LLVMOr, invalid_x, invalid_y);
        let small = ir.fcmp(LLVMRealOLT, ax, ay);
        let skip = ir.bin(LLVMOr, invalid, small);
        let d0 = ir.select(skip, ir.i(it, 0), ir.bin(LLVMSub, ex, ey));
        let ge = ir.fcmp(LLVMRealOGE, mx, my);
        let r0 = ir.select(ge, ir.fsub(mx, my), mx);
        let z = reciprocal(ir, my);
        let more0 = any_positive(ir, d0);
        LLVMBuildCondBr(ir.b.b, more0.0, body, exit);

        LLVMPositionBuilderAtEnd(ir.b.b, body);
        let r = Val(LLVMBuildPhi(ir.b.b, t.0, NONAME));
        let d = Val(LLVMBuildPhi(ir.b.b, it.0, NONAME));
        let n = Val(LLVMBuildPhi(ir.b.b, i32t.0, NONAME));
        let limit = ir.i(it, STEP_BINADES);
        let k = ir.select(ir.icmp(LLVMIntSLT, d, limit), d, limit);
        let r1 = ir.fmul(r, pow2(ir, k, t));
        let two52 = ir.f(t, 4503599627370496.0);
        let q = ir.fsub(ir.fadd(ir.fmul(r1, z), two52), two52);
        let rem = ir.intr("llvm.fma", t, &[ir.fneg(q), my, r1]);
        let negative = ir.fcmp(LLVMRealOLT, rem, ir.f(t, 0.0));
        let r2 = ir.select(negative, ir.fadd(rem, my), rem);
        let d2 = ir.bin(LLVMSub, d, k);
        let n2 = ir.bin(LLVMAdd, n, ir.i(i32t, 1));
        let more = any_positive(ir, d2);
        let under_cap = ir.icmp(LLVMIntSLT, n2, ir.i(i32t, MAX_STEPS));
        let again = ir.bin(LLVMAnd, more, under_cap);
        LLVMBuildCondBr(ir.b.b, again.0, body, exit);
        add_incoming(r, &[(r0, entry), (r2, body)]);
        add_incoming(d, &[(d0, entry), (d2, body)]);
        add_incoming(n, &[(ir.i(i32t, 0), entry), (n2, body)]);

        LLVMPositionBuilderAtEnd(ir.b.b, exit);
        let rf = Val(LLVMBuildPhi(ir.b.b, t.0, NONAME));
        add_incoming(rf, &[(r0, entry), (r2, body)]);
        // r 2^(ey - 1075): s = ey - 1075 is in [-1126, 971]; below -1022 the scaling is split
        // into 2^(s + 200) and 2^-200, both normal, so only the last product may be subnormal
        let s = ir.bin(LLVMSub, ey, ir.i(it, 1075));
        let deep = ir.icmp(LLVMIntSLT, s, ir.i(it, -1022));
        let s1 = ir.select(deep, ir.bin(LLVMAdd, s, ir.i(it, 200)), s);
        let s2 = ir.select(deep, ir.i(it, -200), ir.i(it, 0));
        let mag = ir.fmul(ir.fmul(rf, pow2(ir, s1, t)), pow2(ir, s2, t));
        let (_, hx) = ir.words(x);
        let x_negative = ir.icmp(LLVMIntSLT, hx, ir.i(it, 0));
        let res = ir.select(x_negative, ir.fneg(mag), mag);
        let res = ir.select(small, x, res);
        let res = ir.select(invalid, ir.f(t, f64::NAN), res);
        LLVMBuildRet(ir.b.b, res.0);
        (f, fty)
    }
}

/// The significand of the non-negative double `a` as an integer-valued double in [2^52, 2^53),
/// and its biased exponent (below 1 for a subnormal, which is scaled by 2^64 first). Zero gives
/// 2^52 and -64 (zeros are answered before the loop).
fn normalized(ir: &Ir, a: Val) -> (Val, Val) {
    let t = a.ty();
    let it = ir.with_elem(t, ir.int(32));
    let sub = ir.fcmp(LLVMRealOLT, a, ir.f(t, f64::MIN_POSITIVE));
    let a = ir.select(sub, ir.fmul(a, ir.f(t, 18446744073709551616.0)), a);
    let (lo, hi) = ir.words(a);
    let e = ir.bin(LLVMLShr, hi, ir.i(it, 20));
    let e = ir.bin(LLVMSub, e, ir.select(sub, ir.i(it, 64), ir.i(it, 0)));
    let mhi = ir.bin(LLVMOr, ir.bin(LLVMAnd, hi, ir.i(it, 0xf_ffff)), ir.i(it, 1075 << 20));
    (ir.double_of_words(lo, mhi, t), e)
}

/// 1/m for m in [2^52, 2^53), within 2^-52 relative: the float reciprocal (within 2^-20)
/// refined by three Newton steps in fused multiply-adds (each squares the error, down to the
/// roundings). No IEEE division: MTL's finalizer has none for doubles (`divm` is refused there).
fn reciprocal(ir: &Ir, m: Val) -> Val {
    let t = m.ty();
    // SAFETY: a valid context.
    let ft = ir.with_elem(t, Ty(unsafe { LLVMFloatTypeInContext(ir.b.ctx) }));
    let mf = ir.cast(LLVMFPTrunc, m, ft);
    let zf = ir.bin(LLVMFDiv, ir.f(ft, 1.0), mf);
    let mut z = ir.cast(LLVMFPExt, zf, t);
    let (one, neg_m) = (ir.f(t, 1.0), ir.fneg(m));
    for _ in 0..3 {
        let e = ir.intr("llvm.fma", t, &[neg_m, z, one]);
        z = ir.intr("llvm.fma", t, &[z, e, z]);
    }
    z
}

/// 2^e for `i32` exponents e of a normal double's range, as doubles of shape `t`.
fn pow2(ir: &Ir, e: Val, t: Ty) -> Val {
    let it = e.ty();
    let biased = ir.bin(LLVMAdd, e, ir.i(it, 1023));
    ir.double_of_words(ir.i(it, 0), ir.bin(LLVMShl, biased, ir.i(it, 20)), t)
}

/// The scalar `i1`: whether any lane of `d` is positive (`llvm.genx.any` over a vector).
fn any_positive(ir: &Ir, d: Val) -> Val {
    let p = ir.icmp(LLVMIntSGT, d, ir.i(d.ty(), 0));
    if lanes(d.ty()) == 1 && d.ty().kind() != inkwell::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
        return p;
    }
    ir.intr_arg("llvm.genx.any", ir.int(1), &[p])
}

/// Adds the incoming values `pairs` (value, block) to the phi `phi`.
fn add_incoming(phi: Val, pairs: &[(Val, LLVMBasicBlockRef)]) {
    let mut vals: Vec<LLVMValueRef> = pairs.iter().map(|p| p.0 .0).collect();
    let mut blocks: Vec<LLVMBasicBlockRef> = pairs.iter().map(|p| p.1).collect();
    // SAFETY: values of the phi's type from predecessors of its block.
    unsafe { LLVMAddIncoming(phi.0, vals.as_mut_ptr(), blocks.as_mut_ptr(), pairs.len() as u32) }
}
