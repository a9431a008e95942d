//! The OpenCL built-ins of the integer, common-math and vector families that are neither
//! transcendental nor in the main table's simple forms: `mad_sat` (every integer width), the
//! 64-bit `mul_hi`/`mad_hi` (from 32-bit halves), `hypot` (scaled by the larger magnitude's
//! power of two, so no square overflows), `remainder`/`remquo` (from the exact float `frem`,
//! the quotient's low seven bits stored through the pointer), `nextafter`, `ilogb`, `logb`,
//! `maxmag`, `minmag`, `nan`, `divide`/`recip` (the `native_`/`half_` forms) and `shuffle`/
//! `shuffle2` (constant masks as a shuffle, variable ones element by element).
//!
//! Every sequence works on whole vectors without branches. Half precision goes through single
//! precision (exact for these functions: every result is a half value or is rounded once).
//! `remainder`/`remquo` of double take the same steps: their double `frem` becomes the exact loop
//! of `prepare/double_frem.rs`.

use super::super::super::raw::{Ty, Val};
use super::emit::{elem, is_double, is_float, lanes, Ir};
use super::Builtin;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::LLVMIntPredicate::*;
use inkwell::llvm_sys::LLVMOpcode::*;
use inkwell::llvm_sys::LLVMRealPredicate::*;
use inkwell::llvm_sys::LLVMTypeKind;

/// `FP_ILOGB0` and `FP_ILOGBNAN` of OpenCL C (`ilogb` of zero, of NaN; infinities give INT_MAX).
const ILOGB_ZERO: i64 = i32::MIN as i64;
const ILOGB_NAN: i64 = i32::MAX as i64;

/// Whether `op` is expanded by this file.
pub(super) fn handles(op: Builtin) -> bool {
    use Builtin::*;
    matches!(
        op,
        MadSat
            | Hypot
            | Remainder
            | Remquo
            | Nextafter
            | Ilogb
            | Logb
            | Maxmag
            | Minmag
            | Nan
            | Divide
            | Recip
            | Shuffle
            | Shuffle2
            | Pown
            | Rootn
    )
}

/// The value of a call of `op` (one [`handles`] accepts) with `args`, of result type `ret`.
pub(super) fn expand(ir: &Ir, op: Builtin, signed: bool, args: &[Val], ret: Ty) -> Result<Val, String> {
    use Builtin::*;
    let arity = match op {
        MadSat | Remquo | Shuffle2 => 3,
        Hypot | Remainder | Nextafter | Maxmag | Minmag | Divide | Shuffle | Pown | Rootn => 2,
        _ => 1,
    };
    if args.len() != arity {
        return Err(format!("{} arguments (expected {arity})", args.len()));
    }
    match op {
        Shuffle | Shuffle2 => return shuffle(ir, args, ret),
        Nan => return nan(ir, args[0], ret),
        Remquo => return remquo(ir, args[0], args[1], args[2]),
        _ => {}
    }
    let shape = args.iter().map(|a| a.ty()).max_by_key(|&t| lanes(t)).unwrap_or(ret);
    let a: Vec<Val> = args.iter().map(|&v| ir.broadcast(v, shape)).collect();
    let t = a[0].ty();
    if a.iter().any(|v| lanes(v.ty()) != lanes(t)) {
        return Err("arguments of different vector widths".into());
    }
    let integer = elem(t).kind() == LLVMTypeKind::LLVMIntegerTypeKind;
    if op == MadSat {
        if !integer {
            return Err(format!("mad_sat of {} (integer elements expected)", t.print()));
        }
        return mad_sat(ir, a[0], a[1], a[2], signed);
    }
    if !is_float(t) {
        return Err(format!("of {} (floating-point elements expected)", t.print()));
    }
    let half = elem(t).kind() == LLVMTypeKind::LLVMHalfTypeKind;
    if half && !matches!(op, Nextafter | Maxmag | Minmag) {
        // through single precision, then rounded once
        let ft = ir.with_elem(t, float_type(ir));
        let wide: Vec<Val> =
            a.iter().map(|&v| if is_float(v.ty()) { ir.cast(LLVMFPExt, v, ft) } else { v }).collect();
        let wide_ret = if is_float(ret) { ir.with_elem(ret, float_type(ir)) } else { ret };
        let r = expand(ir, op, signed, &wide, wide_ret)?;
        return Ok(if is_float(ret) { ir.cast(LLVMFPTrunc, r, ret) } else { r });
    }
    Ok(match op {
        Hypot => hypot(ir, a[0], a[1]),
        Remainder => remainder_parts(ir, a[0], a[1]).0,
        Nextafter => nextafter(ir, a[0], a[1]),
        Ilogb => ilogb(ir, a[0]),
        Logb => logb(ir, a[0]),
        Maxmag | Minmag => magnitude_pick(ir, a[0], a[1], op == Maxmag),
        Divide | Recip => {
            let (num, den) = if op == Divide { (a[0], a[1]) } else { (ir.f(t, 1.0), a[0]) };
            if is_double(t) {
                ir.intr("llvm.genx.ieee.div", t, &[num, den])
            } else {
                ir.bin(LLVMFDiv, num, den)
            }
        }
        Pown | Rootn => {
            let nt = a[1].ty();
            if elem(nt).kind() != LLVMTypeKind::LLVMIntegerTypeKind || elem(nt).int_width() != 32 {
                return Err(format!("an exponent of {} (int expected)", nt.print()));
            }
            if is_double(t) {
                ir.pown_rootn_f64(a[0], a[1], op == Rootn)
            } else {
                ir.pown_rootn_f32(a[0], a[1], op == Rootn)
            }
        }
        _ => unreachable!("the functions of this file are matched above"),
    })
}

fn float_type(ir: &Ir) -> Ty {
    // SAFETY: valid context.
    Ty(unsafe { LLVMFloatTypeInContext(ir.b.ctx) })
}

/// `maxmag` (`max` true) or `minmag`: the argument of larger (smaller) magnitude, `fmax`
/// (`fmin`) of both when the magnitudes are equal or one is NaN.
fn magnitude_pick(ir: &Ir, x: Val, y: Val, max: bool) -> Val {
    let t = x.ty();
    let (ax, ay) = (ir.fabs(x), ir.fabs(y));
    let (x_wins, y_wins) = if max {
        (ir.fcmp(LLVMRealOGT, ax, ay), ir.fcmp(LLVMRealOGT, ay, ax))
    } else {
        (ir.fcmp(LLVMRealOLT, ax, ay), ir.fcmp(LLVMRealOLT, ay, ax))
    };
    let tie = ir.intr(if max { "llvm.maxnum" } else { "llvm.minnum" }, t, &[x, y]);
    ir.select(x_wins, x, ir.select(y_wins, y, tie))
}

/// `nan(code)`: a quiet NaN of the float type as wide as the unsigned code, the code in its
/// significand below the quiet bit.
fn nan(ir: &Ir, code: Val, ret: Ty) -> Result<Val, String> {
    let ct = code.ty();
    let it = ir.int_like(ret);
    if !is_float(ret) || elem(ct).kind() != LLVMTypeKind::LLVMIntegerTypeKind || it != ct {
        return Err(format!("nan of {} to {}", ct.print(), ret.print()));
    }
    let (exponent_quiet, payload): (u64, u64) = match elem(ct).int_width() {
        16 => (0x7e00, 0x1ff),
        32 => (0x7fc0_0000, 0x3f_ffff),
        _ => (0x7ff8_0000_0000_0000, 0x7_ffff_ffff_ffff),
    };
    let bits = ir.bin(LLVMAnd, code, ir.i(ct, payload as i64));
    let bits = ir.bin(LLVMOr, bits, ir.i(ct, exponent_quiet as i64));
    Ok(ir.bitcast(bits, ret))
}

/// `nextafter(x, y)`: the neighbour of `x` toward `y` on the bits (the smallest subnormal of
/// `y`'s sign from a zero; `y` when they are equal; NaN when either is).
fn nextafter(ir: &Ir, x: Val, y: Val) -> Val {
    let t = x.ty();
    let it = ir.int_like(t);
    let w = elem(it).int_width();
    let sign = ir.i(it, i64::MIN >> (64 - w));
    let (ix, iy) = (ir.bitcast(x, it), ir.bitcast(y, it));
    // the magnitude grows when y is above x for a positive x, below it for a negative one
    let up = ir.bin(LLVMXor, ir.fcmp(LLVMRealOGT, y, x), ir.icmp(LLVMIntSLT, ix, ir.i(it, 0)));
    let step = ir.select(up, ir.i(it, 1), ir.i(it, -1));
    let next = ir.bin(LLVMAdd, ix, step);
    let from_zero = ir.bin(LLVMOr, ir.bin(LLVMAnd, iy, sign), ir.i(it, 1));
    let zero = ir.fcmp(LLVMRealOEQ, x, ir.f(t, 0.0));
    let bits = ir.select(zero, from_zero, next);
    let r = ir.bitcast(bits, t);
    let r = ir.select(ir.fcmp(LLVMRealOEQ, x, y), y, r);
    ir.select(ir.fcmp(LLVMRealUNO, x, y), ir.fadd(x, y), r)
}

/// `ilogb(x)`: the unbiased exponent of `x` as `int` (subnormals normalized), `FP_ILOGB0` for
/// zeros, `FP_ILOGBNAN` for NaN, INT_MAX for infinities.
fn ilogb(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let (_, e) = ir.frexp(x);
    let it = e.ty();
    let e = ir.bin(LLVMSub, e, ir.i(it, 1));
    let e = ir.select(ir.fcmp(LLVMRealOEQ, ir.fabs(x), ir.f(t, f64::INFINITY)), ir.i(it, ILOGB_NAN), e);
    let e = ir.select(ir.fcmp(LLVMRealOEQ, x, ir.f(t, 0.0)), ir.i(it, ILOGB_ZERO), e);
    ir.select(ir.fcmp(LLVMRealUNO, x, x), ir.i(it, ILOGB_NAN), e)
}

/// `logb(x)`: the unbiased exponent as a float; -inf for zeros, +inf for infinities, NaN for
/// NaN.
fn logb(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let (_, e) = ir.frexp(x);
    let e = ir.bin(LLVMSub, e, ir.i(e.ty(), 1));
    let r = ir.cast(LLVMSIToFP, e, t);
    let inf = ir.f(t, f64::INFINITY);
    let ax = ir.fabs(x);
    let r = ir.select(ir.fcmp(LLVMRealOEQ, ax, inf), inf, r);
    let r = ir.select(ir.fcmp(LLVMRealOEQ, x, ir.f(t, 0.0)), ir.f(t, f64::NEG_INFINITY), r);
    ir.select(ir.fcmp(LLVMRealUNO, x, x), x, r)
}

/// `hypot(x, y)`: both scaled by 2^-e of the larger magnitude's exponent e (exact), the square
/// root of the sum of squares (one fused multiply-add), scaled back; +inf when either is
/// infinite (even with a NaN), NaN when either is NaN.
fn hypot(ir: &Ir, x: Val, y: Val) -> Val {
    let t = x.ty();
    let (ax, ay) = (ir.fabs(x), ir.fabs(y));
    let big = ir.intr("llvm.maxnum", t, &[ax, ay]);
    let small = ir.intr("llvm.minnum", t, &[ax, ay]);
    let (_, e) = ir.frexp(big);
    let minus_e = ir.bin(LLVMSub, ir.i(e.ty(), 0), e);
    let (b, s) = (ir.ldexp(big, minus_e), ir.ldexp(small, minus_e));
    let sum = ir.intr("llvm.fma", t, &[b, b, ir.fmul(s, s)]);
    let root = if is_double(t) {
        ir.intr("llvm.genx.ieee.sqrt", t, &[sum])
    } else {
        ir.intr("llvm.sqrt", t, &[sum])
    };
    let r = ir.ldexp(root, e);
    let inf = ir.f(t, f64::INFINITY);
    let r = ir.select(ir.fcmp(LLVMRealUNO, x, y), ir.f(t, f64::NAN), r);
    let either_inf = ir.bin(LLVMOr, ir.fcmp(LLVMRealOEQ, ax, inf), ir.fcmp(LLVMRealOEQ, ay, inf));
    ir.select(either_inf, inf, r)
}

/// `remainder(x, y)` and the low seven bits of the quotient of `remquo` (with the sign of x/y),
/// single or double precision: r = |x| mod 128|y| by the exact `frem`, then the quotient's bits from 64|y|
/// down (each subtraction exact), then one more |y| where the remainder is above |y|/2 or
/// exactly half of it with an odd quotient. NaN (quotient 0) for an infinite or NaN x, a NaN
/// or zero y.
fn remainder_parts(ir: &Ir, x: Val, y: Val) -> (Val, Val) {
    let t = x.ty();
    let it = ir.with_elem(t, ir.int(32));
    let (ax, ay) = (ir.fabs(x), ir.fabs(y));
    let inf = ir.f(t, f64::INFINITY);
    let span = ir.fmul(ay, ir.f(t, 128.0));
    // frem by an infinite divisor is x itself: taken directly
    let wide = ir.fcmp(LLVMRealOEQ, span, inf);
    let safe_span = ir.select(wide, ir.f(t, 1.0), span);
    let r = ir.select(wide, ax, ir.bin(LLVMFRem, ax, safe_span));
    let mut r = r;
    let mut q = ir.i(it, 0);
    for bit in (0..7).rev() {
        let s = ir.fmul(ay, ir.f(t, f64::from(1u32 << bit)));
        let ge = ir.fcmp(LLVMRealOGE, r, s);
        r = ir.select(ge, ir.fsub(r, s), r);
        q = ir.select(ge, ir.bin(LLVMOr, q, ir.i(it, 1 << bit)), q);
    }
    let twice = ir.fmul(r, ir.f(t, 2.0));
    let odd = ir.icmp(LLVMIntNE, ir.bin(LLVMAnd, q, ir.i(it, 1)), ir.i(it, 0));
    let above = ir.fcmp(LLVMRealOGT, twice, ay);
    let tie = ir.bin(LLVMAnd, ir.fcmp(LLVMRealOEQ, twice, ay), odd);
    let round_up = ir.bin(LLVMOr, above, tie);
    let r = ir.select(round_up, ir.fsub(r, ay), r);
    let q = ir.select(round_up, ir.bin(LLVMAdd, q, ir.i(it, 1)), q);
    let q = ir.bin(LLVMAnd, q, ir.i(it, 127));
    // signs: the remainder takes x's, the quotient x/y's
    let ix = ir.bitcast(x, ir.int_like(t));
    let x_negative = ir.icmp(LLVMIntSLT, ix, ir.i(ix.ty(), 0));
    let iy = ir.bitcast(y, ir.int_like(t));
    let y_negative = ir.icmp(LLVMIntSLT, iy, ir.i(iy.ty(), 0));
    let r = ir.select(x_negative, ir.fneg(r), r);
    let q_negative = ir.bin(LLVMXor, x_negative, y_negative);
    let q = ir.select(q_negative, ir.bin(LLVMSub, ir.i(it, 0), q), q);
    let invalid = ir.bin(
        LLVMOr,
        ir.fcmp(LLVMRealUEQ, ax, inf),
        ir.bin(LLVMOr, ir.fcmp(LLVMRealUNO, y, y), ir.fcmp(LLVMRealOEQ, ay, ir.f(t, 0.0))),
    );
    (ir.select(invalid, ir.f(t, f64::NAN), r), ir.select(invalid, ir.i(it, 0), q))
}

/// `remquo(x, y, quo)`: the remainder, the quotient's bits stored through `quo`.
fn remquo(ir: &Ir, x: Val, y: Val, ptr: Val) -> Result<Val, String> {
    let y = ir.broadcast(y, x.ty());
    let t = x.ty();
    if !is_float(t) || y.ty() != t {
        return Err(format!("of {} and {} (floating-point elements expected)", t.print(), y.ty().print()));
    }
    let qt = ir.with_elem(t, ir.int(32));
    if ptr.ty().kind() != LLVMTypeKind::LLVMPointerTypeKind || ptr.ty().element() != qt {
        return Err(format!("a quotient pointer of {} for {}", ptr.ty().print(), t.print()));
    }
    let (r, q) = if elem(t).kind() == LLVMTypeKind::LLVMHalfTypeKind {
        let ft = ir.with_elem(t, float_type(ir));
        let (r, q) = remainder_parts(ir, ir.cast(LLVMFPExt, x, ft), ir.cast(LLVMFPExt, y, ft));
        (ir.cast(LLVMFPTrunc, r, t), q)
    } else {
        remainder_parts(ir, x, y)
    };
    // SAFETY: a value stored through a pointer to its type.
    unsafe { LLVMBuildStore(ir.b.b, q.0, ptr.0) };
    Ok(r)
}

/// `mad_sat(a, b, c)`: a * b + c saturated to the element type: in twice the width for 8, 16
/// and 32 bits, from the 128-bit product's halves for 64.
fn mad_sat(ir: &Ir, a: Val, b: Val, c: Val, signed: bool) -> Result<Val, String> {
    let t = a.ty();
    let w = elem(t).int_width();
    let (lo_limit, hi_limit) =
        if signed { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) } else { (0, (1i128 << w) - 1) };
    match w {
        8 | 16 | 32 => {
            let wide = ir.with_elem(t, ir.int(2 * w.max(16)));
            let ext = if signed { LLVMSExt } else { LLVMZExt };
            let (a, b, c) = (ir.cast(ext, a, wide), ir.cast(ext, b, wide), ir.cast(ext, c, wide));
            let s = ir.bin(LLVMAdd, ir.bin(LLVMMul, a, b), c);
            let (lo, hi) = (ir.i(wide, lo_limit as i64), ir.i(wide, hi_limit as i64));
            let s = if signed {
                ir.intr("llvm.smin", wide, &[ir.intr("llvm.smax", wide, &[s, lo]), hi])
            } else {
                ir.intr("llvm.umin", wide, &[s, hi])
            };
            Ok(ir.cast(LLVMTrunc, s, t))
        }
        64 => {
            let hi = mul_hi64(ir, a, b, signed);
            let lo = ir.bin(LLVMMul, a, b);
            let sum = ir.bin(LLVMAdd, lo, c);
            let carry = ir.cast(LLVMZExt, ir.icmp(LLVMIntULT, sum, lo), t);
            let hi = ir.bin(LLVMAdd, hi, carry);
            let (min, max) = (ir.i(t, lo_limit as i64), ir.i(t, hi_limit as i64));
            if signed {
                // c's sign extension into the high half; the sum fits when the high half is the
                // sign of the low one
                let c_high = ir.bin(LLVMAShr, c, ir.i(t, 63));
                let hi = ir.bin(LLVMAdd, hi, c_high);
                let fits = ir.icmp(LLVMIntEQ, hi, ir.bin(LLVMAShr, sum, ir.i(t, 63)));
                let negative = ir.icmp(LLVMIntSLT, hi, ir.i(t, 0));
                Ok(ir.select(fits, sum, ir.select(negative, min, max)))
            } else {
                let fits = ir.icmp(LLVMIntEQ, hi, ir.i(t, 0));
                Ok(ir.select(fits, sum, max))
            }
        }
        _ => Err(format!("mad_sat of {}", t.print())),
    }
}

/// The high 64 bits of the 128-bit products of 64-bit `x` and `y`: four products of 32-bit
/// halves in 64 bits, the middle sum's carry, and for signed operands the two corrections
/// (x < 0 subtracts y, y < 0 subtracts x).
pub(super) fn mul_hi64(ir: &Ir, x: Val, y: Val, signed: bool) -> Val {
    let t = x.ty();
    let mask = ir.i(t, 0xffff_ffff);
    let k32 = ir.i(t, 32);
    let (x0, x1) = (ir.bin(LLVMAnd, x, mask), ir.bin(LLVMLShr, x, k32));
    let (y0, y1) = (ir.bin(LLVMAnd, y, mask), ir.bin(LLVMLShr, y, k32));
    let p00 = ir.bin(LLVMMul, x0, y0);
    let p01 = ir.bin(LLVMMul, x0, y1);
    let p10 = ir.bin(LLVMMul, x1, y0);
    let p11 = ir.bin(LLVMMul, x1, y1);
    let mid = ir.bin(LLVMAdd, ir.bin(LLVMLShr, p00, k32), ir.bin(LLVMAnd, p01, mask));
    let mid = ir.bin(LLVMAdd, mid, ir.bin(LLVMAnd, p10, mask));
    let hi = ir.bin(LLVMAdd, p11, ir.bin(LLVMLShr, p01, k32));
    let hi = ir.bin(LLVMAdd, hi, ir.bin(LLVMLShr, p10, k32));
    let hi = ir.bin(LLVMAdd, hi, ir.bin(LLVMLShr, mid, k32));
    if !signed {
        return hi;
    }
    let zero = ir.i(t, 0);
    let fix_x = ir.select(ir.icmp(LLVMIntSLT, x, zero), y, zero);
    let fix_y = ir.select(ir.icmp(LLVMIntSLT, y, zero), x, zero);
    ir.bin(LLVMSub, ir.bin(LLVMSub, hi, fix_x), fix_y)
}

/// `shuffle(x, mask)` and `shuffle2(x, y, mask)`: lane i of the result is lane mask[i] (modulo
/// the lane count of the source, or of both sources) of the sources. A constant mask is one
/// shuffle; a variable one reads each lane at its computed index.
fn shuffle(ir: &Ir, args: &[Val], ret: Ty) -> Result<Val, String> {
    let mask = args[args.len() - 1];
    let mt = mask.ty();
    let x = args[0];
    let n = lanes(x.ty());
    let vector = |v: Val| v.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind;
    if !vector(x) || !vector(mask) || elem(mt).kind() != LLVMTypeKind::LLVMIntegerTypeKind {
        return Err(format!("shuffle of {} by {}", x.ty().print(), mt.print()));
    }
    if args.len() == 3 && args[1].ty() != x.ty() {
        return Err(format!("shuffle2 of {} and {}", x.ty().print(), args[1].ty().print()));
    }
    if ret != ir.with_elem(mt, elem(x.ty())) {
        return Err(format!("a shuffle result of {}", ret.print()));
    }
    let i32t = ir.int(32);
    // the source: x, or x and y side by side
    let (src, width) = if args.len() == 3 {
        // SAFETY: two vectors of one type concatenated by a constant mask.
        let both = unsafe {
            let mut m: Vec<LLVMValueRef> =
                (0..2 * n).map(|k| LLVMConstInt(i32t.0, u64::from(k), 0)).collect();
            let m = LLVMConstVector(m.as_mut_ptr(), 2 * n);
            Val(LLVMBuildShuffleVector(ir.b.b, x.0, args[1].0, m, super::super::builder::NONAME))
        };
        (both, 2 * n)
    } else {
        (x, n)
    };
    let count = lanes(mt);
    if let Some(constant) = mask.const_vector_elems() {
        let picks: Option<Vec<u64>> =
            constant.iter().map(|c| c.const_int().map(|v| v as u64 % u64::from(width))).collect();
        if let Some(picks) = picks {
            // SAFETY: a constant mask of in-range lanes.
            return Ok(unsafe {
                let mut m: Vec<LLVMValueRef> = picks.iter().map(|&k| LLVMConstInt(i32t.0, k, 0)).collect();
                let m = LLVMConstVector(m.as_mut_ptr(), count);
                Val(LLVMBuildShuffleVector(
                    ir.b.b,
                    src.0,
                    LLVMGetUndef(src.ty().0),
                    m,
                    super::super::builder::NONAME,
                ))
            });
        }
    }
    if !width.is_power_of_two() {
        return Err(format!("a variable shuffle of {width} lanes (a power of two expected)"));
    }
    let index = ir.bin(LLVMAnd, mask, ir.i(mt, i64::from(width) - 1));
    let index = match elem(mt).int_width() {
        32 => index,
        w if w > 32 => ir.cast(LLVMTrunc, index, ir.with_elem(mt, i32t)),
        _ => ir.cast(LLVMZExt, index, ir.with_elem(mt, i32t)),
    };
    // SAFETY: each lane read at an index below the source's width and written in order.
    unsafe {
        let mut out = LLVMGetUndef(ret.0);
        for k in 0..count {
            let at = LLVMConstInt(i32t.0, u64::from(k), 0);
            let i = LLVMBuildExtractElement(ir.b.b, index.0, at, super::super::builder::NONAME);
            let v = LLVMBuildExtractElement(ir.b.b, src.0, i, super::super::builder::NONAME);
            out = LLVMBuildInsertElement(ir.b.b, out, v, at, super::super::builder::NONAME);
        }
        Ok(Val(out))
    }
}
