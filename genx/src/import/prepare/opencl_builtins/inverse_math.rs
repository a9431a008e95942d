//! Software sequences of the OpenCL inverse trigonometric, hyperbolic, pi-scaled and related
//! functions (`asin` ... `atan2pi`, `sinh` ... `atanh`, `sinpi`/`cospi`/`tanpi`, `expm1`,
//! `log1p`, `cbrt`), in single and double precision alike, branch-free on scalars or vectors.
//!
//! Each family shares one reduction, built once per call:
//! - the arctangents reduce the ratio n/d (n, d >= 0) to |t| <= tan(pi/32) around one of nine
//!   points c_k = tan(k pi/16), t = (n - c_k d)/(d + c_k n) (for k = 8, -d/n), and add the
//!   Taylor series of atan(t) to atan(c_k) held in two parts; `asin`/`acos` are the ratios of x
//!   and sqrt((1-x)(1+x)), `atan2` places the angle in its quadrant;
//! - the hyperbolic functions and `expm1` write e^x = 2^k (1 + q), k = round(x/ln2), with q the
//!   Taylor series of expm1 on |r| <= ln2/2, so e^x - 1 keeps its relative accuracy near zero;
//! - `log1p` and the inverse hyperbolic functions evaluate log(u) for u = 1 + x, with 2^e m,
//!   m in [sqrt(1/2), sqrt(2)), the atanh series in s = f/(2+f), and the rounding error of
//!   1 + x added back as (x - (u - 1))/u;
//! - `sinpi`/`cospi`/`tanpi` reduce x exactly by multiples of 1/2 (after removing a multiple of
//!   2) and evaluate sin and cos of pi r with pi r in two parts;
//! - `cbrt` starts from the exponent divided by three on the bits, takes two Halley steps and a
//!   last Newton step whose residual a - y^3 is computed exactly with fused multiply-adds.
//!
//! Double precision uses the IEEE division and square root (`llvm.genx.ieee.div`/`sqrt`); single
//! precision LLVM's `fdiv` and `llvm.sqrt`. Half precision goes through single precision (the
//! caller widens it).

use super::super::super::raw::{Ty, Val};
use super::emit::{is_double, Ir};
use super::soft_math::Rounding;
use inkwell::llvm_sys::LLVMIntPredicate::*;
use inkwell::llvm_sys::LLVMOpcode::*;
use inkwell::llvm_sys::LLVMRealPredicate::*;

/// A function of this file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathFn {
    /// `asin`.
    Asin,
    /// `acos`.
    Acos,
    /// `atan`.
    Atan,
    /// `atan2(y, x)`.
    Atan2,
    /// `asinpi`: asin(x)/pi.
    Asinpi,
    /// `acospi`: acos(x)/pi.
    Acospi,
    /// `atanpi`: atan(x)/pi.
    Atanpi,
    /// `atan2pi`: atan2(y, x)/pi.
    Atan2pi,
    /// `sinh`.
    Sinh,
    /// `cosh`.
    Cosh,
    /// `tanh`.
    Tanh,
    /// `asinh`.
    Asinh,
    /// `acosh`.
    Acosh,
    /// `atanh`.
    Atanh,
    /// `sinpi`: sin(pi x).
    Sinpi,
    /// `cospi`: cos(pi x).
    Cospi,
    /// `tanpi`: tan(pi x).
    Tanpi,
    /// `expm1`: e^x - 1.
    Expm1,
    /// `log1p`: log(1 + x).
    Log1p,
    /// `cbrt`.
    Cbrt,
    /// `erf`.
    Erf,
    /// `erfc`: 1 - erf(x).
    Erfc,
    /// `lgamma`: log |Gamma(x)|.
    Lgamma,
    /// `tgamma`: Gamma(x).
    Tgamma,
}

/// The OpenCL names of [`MathFn`].
const NAMES: &[(&str, MathFn)] = &[
    ("asin", MathFn::Asin),
    ("acos", MathFn::Acos),
    ("atan", MathFn::Atan),
    ("atan2", MathFn::Atan2),
    ("asinpi", MathFn::Asinpi),
    ("acospi", MathFn::Acospi),
    ("atanpi", MathFn::Atanpi),
    ("atan2pi", MathFn::Atan2pi),
    ("sinh", MathFn::Sinh),
    ("cosh", MathFn::Cosh),
    ("tanh", MathFn::Tanh),
    ("asinh", MathFn::Asinh),
    ("acosh", MathFn::Acosh),
    ("atanh", MathFn::Atanh),
    ("sinpi", MathFn::Sinpi),
    ("cospi", MathFn::Cospi),
    ("tanpi", MathFn::Tanpi),
    ("expm1", MathFn::Expm1),
    ("log1p", MathFn::Log1p),
    ("cbrt", MathFn::Cbrt),
    ("erf", MathFn::Erf),
    ("erfc", MathFn::Erfc),
    ("lgamma", MathFn::Lgamma),
    ("tgamma", MathFn::Tgamma),
];

/// The function named `name` (without prefixes), if it is one of this file's.
pub(super) fn lookup(name: &str) -> Option<MathFn> {
    NAMES.iter().find(|(n, _)| *n == name).map(|&(_, f)| f)
}

impl MathFn {
    /// The number of arguments.
    pub(super) fn arity(self) -> usize {
        match self {
            MathFn::Atan2 | MathFn::Atan2pi => 2,
            _ => 1,
        }
    }
}

/// pi/2, pi and 1/pi as a double and the rest.
const PIO2: (f64, f64) = (std::f64::consts::FRAC_PI_2, 6.123233995736766e-17);
const PI: (f64, f64) = (std::f64::consts::PI, 1.2246467991473532e-16);
const INV_PI: (f64, f64) = (std::f64::consts::FRAC_1_PI, -1.9678676675182486e-17);
/// ln 2 as a double and the rest.
const LN2: (f64, f64) = (std::f64::consts::LN_2, 2.3190468138462996e-17);
/// ln 2 with a high part whose products with the exponents in use are exact: 21 trailing zero
/// bits in double, 12 significant bits in single precision.
const LN2_HI_F64: (f64, f64) = (6.931_471_803_691_238e-1, 1.9082149292705877e-10);
const LN2_HI_F32: (f64, f64) = (0.693145751953125, 1.4286068203094172e-06);

/// The reduction points of the arctangent: c_k = tan(k pi/16) (a double), and atan(c_k) of that
/// double in two parts, k = 0..7 (k = 8 is infinity, angle pi/2).
const ATAN_POINTS: [(f64, f64, f64); 8] = [
    (0.0, 0.0, 0.0),
    (0.198912367379658, 0.19634954084936207, 6.846802412842648e-18),
    (0.41421356237309503, std::f64::consts::FRAC_PI_8, 3.060132146563891e-18),
    (0.6681786379192989, 0.5890486225480862, -5.412106055318847e-18),
    (1.0, std::f64::consts::FRAC_PI_4, 3.061616997868383e-17),
    (1.496605762665489, 0.9817477042468103, 1.67440723577982e-17),
    (2.414213562373095, 1.1780972450961724, 2.7563998718653792e-17),
    (5.027339492125848, 1.3744467859455345, 5.245407739534682e-17),
];

/// The boundaries between the reduction points: tan((2k-1) pi/32), k = 1..8.
const ATAN_BOUNDS: [f64; 8] = [
    0.09849140335716425,
    0.3033466836073424,
    0.5345111359507917,
    0.8206787908286604,
    1.2185035255879764,
    1.8708684117893895,
    3.2965582089383205,
    10.15317038760886,
];

/// The value of OpenCL function `f` of `a` (float or double elements of one shape).
pub(super) fn expand_math(ir: &Ir, f: MathFn, a: &[Val]) -> Val {
    let x = a[0];
    match f {
        MathFn::Atan | MathFn::Atanpi => {
            let t = x.ty();
            let (hi, lo) = atan_ratio(ir, ir.fabs(x), ir.f(t, 1.0));
            let r = if f == MathFn::Atan { ir.fadd(hi, lo) } else { over_pi(ir, hi, lo) };
            ir.copysign_bits(r, x)
        }
        MathFn::Atan2 | MathFn::Atan2pi => atan2(ir, a[0], a[1], f == MathFn::Atan2pi),
        MathFn::Asin | MathFn::Asinpi => {
            let (hi, lo) = atan_ratio(ir, ir.fabs(x), cosine_of(ir, x));
            let r = if f == MathFn::Asin { ir.fadd(hi, lo) } else { over_pi(ir, hi, lo) };
            ir.copysign_bits(r, x)
        }
        MathFn::Acos | MathFn::Acospi => {
            let t = x.ty();
            let (hi, lo) = atan_ratio(ir, cosine_of(ir, x), ir.fabs(x));
            let negative = sign_bit(ir, x);
            if f == MathFn::Acos {
                let back = ir.fadd(ir.fsub(ir.f(t, PI.0), hi), ir.fsub(ir.f(t, PI.1), lo));
                ir.select(negative, back, ir.fadd(hi, lo))
            } else {
                let r = over_pi(ir, hi, lo);
                ir.select(negative, ir.fsub(ir.f(t, 1.0), r), r)
            }
        }
        MathFn::Sinh => sinh(ir, x),
        MathFn::Cosh => cosh(ir, x),
        MathFn::Tanh => tanh(ir, x),
        MathFn::Asinh => asinh(ir, x),
        MathFn::Acosh => acosh(ir, x),
        MathFn::Atanh => atanh(ir, x),
        MathFn::Sinpi | MathFn::Cospi | MathFn::Tanpi => trig_pi(ir, f, x),
        MathFn::Expm1 => expm1(ir, x),
        MathFn::Log1p => log1p(ir, x),
        MathFn::Cbrt => cbrt(ir, x),
        MathFn::Erf => super::error_function::error_function(ir, x, false),
        MathFn::Erfc => super::error_function::error_function(ir, x, true),
        MathFn::Lgamma => super::gamma::lgamma(ir, x),
        MathFn::Tgamma => super::gamma::tgamma(ir, x),
    }
}

/// `a / b`: the IEEE division in double precision, `fdiv` in single.
pub(super) fn quotient(ir: &Ir, a: Val, b: Val) -> Val {
    if is_double(a.ty()) {
        ir.intr("llvm.genx.ieee.div", a.ty(), &[a, b])
    } else {
        ir.bin(LLVMFDiv, a, b)
    }
}

/// The square root: IEEE in double precision, the math unit's in single.
fn root(ir: &Ir, a: Val) -> Val {
    if is_double(a.ty()) {
        ir.intr("llvm.genx.ieee.sqrt", a.ty(), &[a])
    } else {
        ir.intr("llvm.sqrt", a.ty(), &[a])
    }
}

/// `a * b + c` rounded once.
pub(super) fn fma(ir: &Ir, a: Val, b: Val, c: Val) -> Val {
    ir.intr("llvm.fma", a.ty(), &[a, b, c])
}

/// A constant held in two parts (`hi` + `lo`) as two constants of `t`'s precision.
fn parts(ir: &Ir, t: Ty, hi: f64, lo: f64) -> (Val, Val) {
    if is_double(t) {
        (ir.f(t, hi), ir.f(t, lo))
    } else {
        let h = hi as f32;
        (ir.f(t, f64::from(h)), ir.f(t, (hi - f64::from(h)) + lo))
    }
}

/// Whether the sign bit of each element of `x` is set.
fn sign_bit(ir: &Ir, x: Val) -> Val {
    let it = ir.int_like(x.ty());
    ir.icmp(LLVMIntSLT, ir.bitcast(x, it), ir.i(it, 0))
}

/// `v` clamped to [lo, hi] (NaN kept).
pub(super) fn clamp(ir: &Ir, v: Val, lo: f64, hi: f64) -> Val {
    let t = v.ty();
    let v = ir.select(ir.fcmp(LLVMRealOGT, v, ir.f(t, hi)), ir.f(t, hi), v);
    ir.select(ir.fcmp(LLVMRealOLT, v, ir.f(t, lo)), ir.f(t, lo), v)
}

/// The `i32` shape of `t`.
fn i32_of(ir: &Ir, t: Ty) -> Ty {
    ir.with_elem(t, ir.int(32))
}

/// `v` (of magnitude below 2^22) rounded to the nearest integer, as a float of `v`'s type and as
/// an `i32`: adding 1.5 * 2^(p-1) rounds, the low bits of the sum are the integer.
fn nearest_int(ir: &Ir, v: Val) -> (Val, Val) {
    let t = v.ty();
    let i32t = i32_of(ir, t);
    if is_double(t) {
        let m = ir.f(t, 6755399441055744.0);
        let s = ir.fadd(v, m);
        (ir.fsub(s, m), ir.words(s).0)
    } else {
        let m = ir.f(t, 12582912.0);
        let s = ir.fadd(v, m);
        let k = ir.bin(LLVMSub, ir.bitcast(s, i32t), ir.i(i32t, 0x4b40_0000));
        (ir.fsub(s, m), k)
    }
}

/// 2^k for `i32` elements k in the normal exponent range of `t`.
fn pow2(ir: &Ir, k: Val, t: Ty) -> Val {
    let kt = k.ty();
    if is_double(t) {
        let biased = ir.bin(LLVMAdd, k, ir.i(kt, 1023));
        ir.double_of_words(ir.i(kt, 0), ir.bin(LLVMShl, biased, ir.i(kt, 20)), t)
    } else {
        let biased = ir.bin(LLVMAdd, k, ir.i(kt, 127));
        ir.bitcast(ir.bin(LLVMShl, biased, ir.i(kt, 23)), t)
    }
}

/// `v` * 2^k in two exact scalings, for k up to twice the exponent range.
pub(super) fn scale2(ir: &Ir, v: Val, k: Val) -> Val {
    let kt = k.ty();
    let k1 = ir.bin(LLVMAShr, k, ir.i(kt, 1));
    let k2 = ir.bin(LLVMSub, k, k1);
    let t = v.ty();
    ir.fmul(ir.fmul(v, pow2(ir, k1, t)), pow2(ir, k2, t))
}

/// The Taylor series of atan(t)/t - 1 in z = t^2, enough terms for |t| <= tan(pi/32).
fn atan_series(ir: &Ir, z: Val) -> Val {
    let terms = if is_double(z.ty()) { 8 } else { 4 };
    let c: Vec<f64> = (1..=terms).map(|n| if n % 2 == 1 { -1.0 } else { 1.0 } / (2 * n + 1) as f64).collect();
    ir.fmul(z, ir.horner(z, &c))
}

/// atan(n/d) in [0, pi/2] for n, d >= 0 (or NaN), as a high part and a small low part.
fn atan_ratio(ir: &Ir, n: Val, d: Val) -> (Val, Val) {
    let t = n.ty();
    let double = is_double(t);
    // keep the products below of finite, normal operands
    let (big, down, small, up) = if double {
        (2f64.powi(1000), 2f64.powi(-60), 2f64.powi(-900), 2f64.powi(60))
    } else {
        (2f64.powi(100), 2f64.powi(-30), 2f64.powi(-90), 2f64.powi(30))
    };
    let m = ir.intr("llvm.maxnum", t, &[n, d]);
    let scale = ir.select(ir.fcmp(LLVMRealOGT, m, ir.f(t, big)), ir.f(t, down), ir.f(t, 1.0));
    let scale = ir.select(ir.fcmp(LLVMRealOLT, m, ir.f(t, small)), ir.f(t, up), scale);
    let (n, d) = (ir.fmul(n, scale), ir.fmul(d, scale));
    // the reduction point: the last boundary n/d is above
    let point = |k: usize| -> (f64, f64, f64) {
        let (c, hi, lo) = ATAN_POINTS[k];
        if double {
            (c, hi, lo)
        } else {
            let c32 = f64::from(c as f32);
            let a = c32.atan();
            (c32, a, 0.0)
        }
    };
    let (mut c, mut hi, mut lo) = (ir.f(t, 0.0), ir.f(t, 0.0), ir.f(t, 0.0));
    let mut beyond = ir.fcmp(LLVMRealOGT, n, ir.fmul(d, ir.f(t, ATAN_BOUNDS[7])));
    for (k, &bound) in ATAN_BOUNDS.iter().enumerate().take(7) {
        let above = ir.fcmp(LLVMRealOGT, n, ir.fmul(d, ir.f(t, bound)));
        let (ck, h, l) = point(k + 1);
        let (h, l) = parts(ir, t, h, l);
        c = ir.select(above, ir.f(t, ck), c);
        hi = ir.select(above, h, hi);
        lo = ir.select(above, l, lo);
    }
    let (ph, pl) = parts(ir, t, PIO2.0, PIO2.1);
    hi = ir.select(beyond, ph, hi);
    lo = ir.select(beyond, pl, lo);
    // t = (n - c d)/(d + c n), or -d/n beyond the last boundary
    let num = ir.select(beyond, ir.fneg(d), fma(ir, ir.fneg(c), d, n));
    let den = ir.select(beyond, n, fma(ir, c, n, d));
    let r = quotient(ir, num, den);
    let p = ir.fadd(r, ir.fmul(r, atan_series(ir, ir.fmul(r, r))));
    let lo = ir.fadd(lo, p);
    // 0/0 and finite/inf are 0, inf/inf is pi/4
    let inf = ir.f(t, f64::INFINITY);
    let zero = ir.bin(LLVMAnd, ir.fcmp(LLVMRealOEQ, n, ir.f(t, 0.0)), ir.fcmp(LLVMRealOEQ, d, ir.f(t, 0.0)));
    let below_inf = ir.bin(LLVMAnd, ir.fcmp(LLVMRealOLT, n, inf), ir.fcmp(LLVMRealOEQ, d, inf));
    let zero = ir.bin(LLVMOr, zero, below_inf);
    let infinite = ir.bin(LLVMAnd, ir.fcmp(LLVMRealOEQ, n, inf), ir.fcmp(LLVMRealOEQ, d, inf));
    beyond = ir.bin(LLVMOr, zero, infinite);
    let (qh, ql) = parts(ir, t, PIO2.0 / 2.0, PIO2.1 / 2.0);
    let hi = ir.select(beyond, ir.select(zero, ir.f(t, 0.0), qh), hi);
    let lo = ir.select(beyond, ir.select(zero, ir.f(t, 0.0), ql), lo);
    (hi, lo)
}

/// (hi + lo)/pi, with the product's rounding error kept.
fn over_pi(ir: &Ir, hi: Val, lo: Val) -> Val {
    let t = hi.ty();
    let (ih, il) = parts(ir, t, INV_PI.0, INV_PI.1);
    let p = ir.fmul(hi, ih);
    let e = fma(ir, hi, ih, ir.fneg(p));
    let tail = ir.fadd(e, ir.fadd(ir.fmul(hi, il), ir.fmul(lo, ih)));
    ir.fadd(p, tail)
}

/// sqrt((1 - |x|)(1 + |x|)): the cosine of asin(x) (NaN beyond 1).
fn cosine_of(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let a = ir.fabs(x);
    let one = ir.f(t, 1.0);
    root(ir, ir.fmul(ir.fsub(one, a), ir.fadd(one, a)))
}

/// atan2(y, x), or atan2(y, x)/pi.
fn atan2(ir: &Ir, y: Val, x: Val, pi_scaled: bool) -> Val {
    let t = y.ty();
    let (hi, lo) = atan_ratio(ir, ir.fabs(y), ir.fabs(x));
    let left = sign_bit(ir, x);
    let r = if pi_scaled {
        let r = over_pi(ir, hi, lo);
        ir.select(left, ir.fsub(ir.f(t, 1.0), r), r)
    } else {
        let (ph, pl) = parts(ir, t, PI.0, PI.1);
        let back = ir.fadd(ir.fsub(ph, hi), ir.fsub(pl, lo));
        ir.select(left, back, ir.fadd(hi, lo))
    };
    ir.copysign_bits(r, y)
}

/// (q, k) with e^x = 2^k (1 + q) for a finite x whose k fits the exponent range twice over; q is
/// the Taylor series of expm1 on the reduced argument, accurate relative to q itself.
pub(super) fn exp_reduced(ir: &Ir, x: Val) -> (Val, Val) {
    let t = x.ty();
    let double = is_double(t);
    let (ln2, degree) = if double { (LN2_HI_F64, 13) } else { (LN2_HI_F32, 8) };
    let (kf, k) = nearest_int(ir, ir.fmul(x, ir.f(t, std::f64::consts::LOG2_E)));
    let r = ir.fsub(ir.fsub(x, ir.fmul(kf, ir.f(t, ln2.0))), ir.fmul(kf, ir.f(t, ln2.1)));
    // q = r + r^2 (1/2! + r/3! + ...)
    let mut c = Vec::new();
    let mut f = 1.0;
    for n in 2..=degree {
        f /= n as f64;
        c.push(f);
    }
    let q = ir.fadd(r, ir.fmul(ir.fmul(r, r), ir.horner(r, &c)));
    (q, k)
}

/// e^x - 1 from (q, k) for k up to `limit` (2^k exact): 2^k q + (2^k - 1), rounded once.
fn expm1_from(ir: &Ir, q: Val, k: Val, limit: i64) -> Val {
    let t = q.ty();
    let kt = k.ty();
    let k = ir.select(ir.icmp(LLVMIntSGT, k, ir.i(kt, limit)), ir.i(kt, limit), k);
    let s = pow2(ir, k, t);
    fma(ir, s, q, ir.fsub(s, ir.f(t, 1.0)))
}

/// e^x - 1.
fn expm1(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let (lo, hi, limit) = if is_double(t) { (-40.0, 710.0, 60) } else { (-18.0, 89.0, 30) };
    let xc = clamp(ir, x, lo, hi);
    let (q, k) = exp_reduced(ir, xc);
    let kt = k.ty();
    let large = ir.icmp(LLVMIntSGT, k, ir.i(kt, limit));
    let grown = scale2(ir, ir.fadd(ir.f(t, 1.0), q), k);
    let res = ir.select(large, grown, expm1_from(ir, q, k, limit));
    ir.select(ir.fcmp(LLVMRealOEQ, x, ir.f(t, 0.0)), x, res)
}

/// e^a / 2 for a >= 0 (a clamped where the result overflows anyway), from (q, k).
fn half_exp(ir: &Ir, q: Val, k: Val) -> Val {
    let t = q.ty();
    let k = ir.bin(LLVMSub, k, ir.i(k.ty(), 1));
    scale2(ir, ir.fadd(ir.f(t, 1.0), q), k)
}

/// The clamp of |x| for the hyperbolic functions (beyond it they overflow).
fn hyperbolic_limit(t: Ty) -> f64 {
    if is_double(t) {
        711.0
    } else {
        90.0
    }
}

/// cosh(x) = e^|x|/2 + 1/(2 e^|x|).
fn cosh(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let a = clamp(ir, ir.fabs(x), 0.0, hyperbolic_limit(t));
    let (q, k) = exp_reduced(ir, a);
    let h = half_exp(ir, q, k);
    ir.fadd(h, quotient(ir, ir.f(t, 0.25), h))
}

/// sinh(x): (E + E/(E+1))/2 with E = expm1(|x|) below the point where e^-|x| no longer counts,
/// e^|x|/2 from there; the sign of x.
fn sinh(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let (edge, limit) = if is_double(t) { (40.0, 60) } else { (20.0, 30) };
    let a = clamp(ir, ir.fabs(x), 0.0, hyperbolic_limit(t));
    let (q, k) = exp_reduced(ir, a);
    let e = expm1_from(ir, q, k, limit);
    let small = ir.fmul(ir.f(t, 0.5), ir.fadd(e, quotient(ir, e, ir.fadd(e, ir.f(t, 1.0)))));
    let large = half_exp(ir, q, k);
    let res = ir.select(ir.fcmp(LLVMRealOGT, a, ir.f(t, edge)), large, small);
    ir.copysign_bits(res, x)
}

/// tanh(x) = N/(N + 2) with N = E (E + 2) = e^(2|x|) - 1, E = expm1(|x|); the sign of x.
fn tanh(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let (edge, limit) = if is_double(t) { (40.0, 60) } else { (20.0, 30) };
    let a = clamp(ir, ir.fabs(x), 0.0, edge);
    let (q, k) = exp_reduced(ir, a);
    let e = expm1_from(ir, q, k, limit);
    let n = ir.fmul(e, ir.fadd(e, ir.f(t, 2.0)));
    let res = quotient(ir, n, ir.fadd(n, ir.f(t, 2.0)));
    ir.copysign_bits(res, x)
}

/// log(u) + c for u > 0 (c a small correction), with the special values of a logarithm of u.
pub(super) fn log_plus(ir: &Ir, u: Val, c: Val) -> Val {
    let t = u.ty();
    let double = is_double(t);
    let i32t = i32_of(ir, t);
    let (smallest, scale, shift, one_bits, sqrt_half_bits, mask, bias, terms, ln2) = if double {
        (f64::MIN_POSITIVE, 54, 20, 0x3ff0_0000, 0x3fe6_a09e, 0xf_ffff, 1023, 10, LN2_HI_F64)
    } else {
        (f64::from(f32::MIN_POSITIVE), 25, 23, 0x3f80_0000, 0x3f35_04f3, 0x7f_ffff, 127, 5, LN2_HI_F32)
    };
    let tiny = ir.fcmp(LLVMRealOLT, u, ir.f(t, smallest));
    let us = ir.select(tiny, ir.fmul(u, ir.f(t, 2f64.powi(scale))), u);
    let (low, high) = if double { ir.words(us) } else { (ir.i(i32t, 0), ir.bitcast(us, i32t)) };
    // biased so that m's carry past sqrt(2) lands in the exponent
    let h = ir.bin(LLVMAdd, high, ir.i(i32t, one_bits - sqrt_half_bits));
    let e = ir.bin(LLVMSub, ir.bin(LLVMAShr, h, ir.i(i32t, shift)), ir.i(i32t, bias));
    let e = ir.bin(LLVMSub, e, ir.select(tiny, ir.i(i32t, scale as i64), ir.i(i32t, 0)));
    let mh = ir.bin(LLVMAdd, ir.bin(LLVMAnd, h, ir.i(i32t, mask)), ir.i(i32t, sqrt_half_bits));
    let m = if double { ir.double_of_words(low, mh, t) } else { ir.bitcast(mh, t) };
    let f = ir.fsub(m, ir.f(t, 1.0));
    let s = quotient(ir, f, ir.fadd(ir.f(t, 2.0), f));
    let hfsq = ir.fmul(ir.f(t, 0.5), ir.fmul(f, f));
    let z = ir.fmul(s, s);
    let series: Vec<f64> = (1..=terms).map(|k| 2.0 / (2 * k + 1) as f64).collect();
    let rz = ir.fmul(z, ir.horner(z, &series));
    let log_m = ir.fsub(f, ir.fsub(hfsq, ir.fmul(s, ir.fadd(hfsq, rz))));
    let ef = ir.cast(LLVMSIToFP, e, t);
    let tail = ir.fadd(log_m, ir.fadd(ir.fmul(ef, ir.f(t, ln2.1)), c));
    let res = ir.fadd(ir.fmul(ef, ir.f(t, ln2.0)), tail);
    // +inf at +inf, -inf at zero, NaN below zero
    let inf = ir.f(t, f64::INFINITY);
    let res = ir.select(ir.fcmp(LLVMRealOEQ, u, inf), inf, res);
    let res = ir.select(ir.fcmp(LLVMRealOEQ, u, ir.f(t, 0.0)), ir.f(t, f64::NEG_INFINITY), res);
    ir.select(ir.fcmp(LLVMRealOLT, u, ir.f(t, 0.0)), ir.f(t, f64::NAN), res)
}

/// log(1 + x): the logarithm of u = 1 + x plus (x - (u - 1))/u, the rounding error of u.
fn log1p(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let u = ir.fadd(ir.f(t, 1.0), x);
    let c = quotient(ir, ir.fsub(x, ir.fsub(u, ir.f(t, 1.0))), u);
    let res = log_plus(ir, u, c);
    ir.select(ir.fcmp(LLVMRealOEQ, x, ir.f(t, 0.0)), x, res)
}

/// Where x^2 no longer matters next to |x| (asinh, acosh): from there, log(2|x|).
fn huge_argument(t: Ty) -> f64 {
    if is_double(t) {
        2f64.powi(60)
    } else {
        2f64.powi(30)
    }
}

/// asinh(x) = log1p(a + a^2/(1 + sqrt(1 + a^2))), a = |x|; log(a) + ln 2 for huge a.
fn asinh(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let a = ir.fabs(x);
    let one = ir.f(t, 1.0);
    let a2 = ir.fmul(a, a);
    let arg = ir.fadd(a, quotient(ir, a2, ir.fadd(one, root(ir, ir.fadd(one, a2)))));
    let huge = ir.fcmp(LLVMRealOGT, a, ir.f(t, huge_argument(t)));
    let res = log1p(ir, ir.select(huge, a, arg));
    let res = ir.fadd(res, ir.select(huge, ir.f(t, LN2.0), ir.f(t, 0.0)));
    ir.copysign_bits(res, x)
}

/// acosh(x) = log1p(t + sqrt(t (t + 2))), t = x - 1; log(x) + ln 2 for huge x; NaN below 1.
fn acosh(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let d = ir.fsub(x, ir.f(t, 1.0));
    let arg = ir.fadd(d, root(ir, ir.fmul(d, ir.fadd(d, ir.f(t, 2.0)))));
    let huge = ir.fcmp(LLVMRealOGT, x, ir.f(t, huge_argument(t)));
    let res = log1p(ir, ir.select(huge, x, arg));
    let res = ir.fadd(res, ir.select(huge, ir.f(t, LN2.0), ir.f(t, 0.0)));
    ir.select(ir.fcmp(LLVMRealULT, x, ir.f(t, 1.0)), ir.f(t, f64::NAN), res)
}

/// atanh(x) = log1p(2a/(1 - a))/2 (as 2a + 2a^2/(1 - a) below a half), a = |x|; the sign of x.
fn atanh(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let a = ir.fabs(x);
    let two_a = ir.fadd(a, a);
    let rest = ir.fsub(ir.f(t, 1.0), a);
    let near = ir.fadd(two_a, quotient(ir, ir.fmul(two_a, a), rest));
    let far = quotient(ir, two_a, rest);
    let arg = ir.select(ir.fcmp(LLVMRealOLT, a, ir.f(t, 0.5)), near, far);
    let res = ir.fmul(ir.f(t, 0.5), log1p(ir, arg));
    ir.copysign_bits(res, x)
}

/// The Taylor series of sin(h) and cos(h) on |h| <= pi/4: (sin h, cos h).
fn sin_cos_series(ir: &Ir, h: Val) -> (Val, Val) {
    let t = h.ty();
    let top = if is_double(t) { 18 } else { 12 };
    let mut inv = vec![1.0f64];
    for n in 1..=top {
        let last = inv[inv.len() - 1];
        inv.push(last / n as f64);
    }
    let sign = |n: usize| if (n / 2).is_multiple_of(2) { 1.0 } else { -1.0 };
    let sin_c: Vec<f64> = (3..top).step_by(2).map(|n| sign(n) * inv[n]).collect();
    let cos_c: Vec<f64> = (2..=top).step_by(2).map(|n| sign(n) * inv[n]).collect();
    let z = ir.fmul(h, h);
    let s = ir.fadd(h, ir.fmul(ir.fmul(h, z), ir.horner(z, &sin_c)));
    let c = ir.fadd(ir.f(t, 1.0), ir.fmul(z, ir.horner(z, &cos_c)));
    (s, c)
}

/// `x` rounded toward zero (double in software, float on the rounding instruction).
fn trunc(ir: &Ir, x: Val) -> Val {
    if is_double(x.ty()) {
        ir.round_f64(x, Rounding::TowardZero)
    } else {
        ir.intr("llvm.trunc", x.ty(), &[x])
    }
}

/// sinpi, cospi or tanpi of x: x less a multiple of 2 (exact), then x = k/2 + r, |r| <= 1/4
/// (exact), sin and cos of pi r chosen and negated by k mod 4.
pub(super) fn trig_pi(ir: &Ir, f: MathFn, x: Val) -> Val {
    let t = x.ty();
    let i32t = i32_of(ir, t);
    let finite = ir.fcmp(LLVMRealOLT, ir.fabs(x), ir.f(t, f64::INFINITY));
    let xf = ir.select(finite, x, ir.f(t, 0.0));
    let two = ir.f(t, 2.0);
    let w = ir.fsub(xf, ir.fmul(two, trunc(ir, ir.fmul(xf, ir.f(t, 0.5)))));
    let (kf, k) = nearest_int(ir, ir.fmul(w, two));
    let r = ir.fsub(w, ir.fmul(kf, ir.f(t, 0.5)));
    // pi r = ph + pl
    let (pi_h, pi_l) = parts(ir, t, PI.0, PI.1);
    let ph = ir.fmul(r, pi_h);
    let pl = ir.fadd(fma(ir, r, pi_h, ir.fneg(ph)), ir.fmul(r, pi_l));
    let (s0, c0) = sin_cos_series(ir, ph);
    let s = fma(ir, pl, c0, s0);
    let c = fma(ir, ir.fneg(pl), s0, c0);
    let bit = |b: i64| ir.icmp(LLVMIntNE, ir.bin(LLVMAnd, k, ir.i(i32t, b)), ir.i(i32t, 0));
    let nan = ir.f(t, f64::NAN);
    let zero = ir.f(t, 0.0);
    let r_zero = ir.fcmp(LLVMRealOEQ, r, zero);
    let res = match f {
        MathFn::Sinpi | MathFn::Cospi => {
            let q = if f == MathFn::Cospi { ir.bin(LLVMAdd, k, ir.i(i32t, 1)) } else { k };
            let qb = |b: i64| ir.icmp(LLVMIntNE, ir.bin(LLVMAnd, q, ir.i(i32t, b)), ir.i(i32t, 0));
            let v = ir.select(qb(1), c, s);
            let v = ir.select(qb(2), ir.fneg(v), v);
            if f == MathFn::Sinpi {
                // sinpi of an integer n is +0 for n > 0 and -0 for n < 0
                ir.select(
                    ir.bin(LLVMAnd, r_zero, ir.bin(LLVMXor, bit(1), ir.i(ir.with_elem(t, ir.int(1)), -1))),
                    ir.copysign_bits(zero, x),
                    v,
                )
            } else {
                // cospi of n + 1/2 is +0
                ir.select(ir.fcmp(LLVMRealOEQ, v, zero), zero, v)
            }
        }
        _ => {
            let odd = bit(1);
            let num = ir.select(odd, ir.fneg(c), s);
            let den = ir.select(odd, s, c);
            let v = quotient(ir, num, den);
            // tanpi(n) = copysign(0, n) for even n, copysign(0, -n) for odd n; tanpi(n + 1/2)
            // is +inf for even n, -inf for odd n
            let signed_zero =
                ir.select(bit(2), ir.copysign_bits(zero, ir.fneg(x)), ir.copysign_bits(zero, x));
            let pole = ir.select(bit(2), ir.f(t, f64::NEG_INFINITY), ir.f(t, f64::INFINITY));
            ir.select(r_zero, ir.select(odd, pole, signed_zero), v)
        }
    };
    ir.select(finite, res, ir.fadd(x, nan))
}

/// The cube root: the exponent divided by three on the bits (about 5 correct bits), two Halley
/// steps y (y^3 + 2a)/(2y^3 + a), then y + (a - y^3)/(3y^2) with a - y^3 exact.
fn cbrt(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let double = is_double(t);
    let i32t = i32_of(ir, t);
    // subnormals scaled up by 2^3j, large values (whose Halley terms would overflow) down
    let (smallest, up, large, down, magic) = if double {
        (f64::MIN_POSITIVE, 54, 2f64.powi(900), -600, 715_094_163)
    } else {
        (f64::from(f32::MIN_POSITIVE), 24, 2f64.powi(90), -60, 709_958_130)
    };
    let a = ir.fabs(x);
    let tiny = ir.fcmp(LLVMRealOLT, a, ir.f(t, smallest));
    let big = ir.fcmp(LLVMRealOGT, a, ir.f(t, large));
    let scale =
        ir.select(tiny, ir.f(t, 2f64.powi(up)), ir.select(big, ir.f(t, 2f64.powi(down)), ir.f(t, 1.0)));
    let back = ir.select(
        tiny,
        ir.f(t, 2f64.powi(-up / 3)),
        ir.select(big, ir.f(t, 2f64.powi(-down / 3)), ir.f(t, 1.0)),
    );
    let a = ir.fmul(a, scale);
    let high = if double { ir.words(a).1 } else { ir.bitcast(a, i32t) };
    // high / 3 = umulh(high, 0xaaaaaaab) >> 1
    let third = ir.intr_all("llvm.genx.umulh", i32t, &[high, ir.i(i32t, 0xaaaa_aaab_u32 as i32 as i64)]);
    let guess = ir.bin(LLVMAdd, ir.bin(LLVMLShr, third, ir.i(i32t, 1)), ir.i(i32t, magic));
    let mut y = if double { ir.double_of_words(ir.i(i32t, 0), guess, t) } else { ir.bitcast(guess, t) };
    for _ in 0..2 {
        let y3 = ir.fmul(ir.fmul(y, y), y);
        let num = ir.fadd(y3, ir.fadd(a, a));
        let den = ir.fadd(ir.fadd(y3, y3), a);
        y = ir.fmul(y, quotient(ir, num, den));
    }
    let y2 = ir.fmul(y, y);
    let e2 = fma(ir, y, y, ir.fneg(y2));
    let y3 = ir.fmul(y2, y);
    let e3 = fma(ir, y2, y, ir.fneg(y3));
    let resid = ir.fsub(ir.fsub(ir.fsub(a, y3), e3), ir.fmul(e2, y));
    y = ir.fadd(y, quotient(ir, resid, ir.fmul(ir.f(t, 3.0), y2)));
    let y = ir.fmul(y, back);
    let res = ir.copysign_bits(y, x);
    // zeros, infinities and NaN are their own cube roots
    let special = ir.bin(
        LLVMOr,
        ir.fcmp(LLVMRealOEQ, x, ir.f(t, 0.0)),
        ir.fcmp(LLVMRealUEQ, ir.fabs(x), ir.f(t, f64::INFINITY)),
    );
    ir.select(special, x, res)
}
