//! The OpenCL `lgamma` (log |Gamma(x)|) in single and double precision, branch-free on scalars or
//! vectors.
//!
//! For a = |x| below 8, with t = a - floor(a) (exact): lgamma(1 + t) = t (1 - t) G(t), G a
//! polynomial fitted on [0, 1] with mpmath at 50 digits (degree 23 in double precision, 10 in
//! single: the fit error is below 3e-20 and 4e-10 of G), so the zeros at 1 and 2 keep their
//! relative accuracy; then lgamma(a) = lgamma(1 + t) - log(a) below 1, and
//! lgamma(1 + t) + log((1 + t)(2 + t)...(n + t)) for a = n + 1 + t (the logarithm of the product
//! as log1p of the product less one, so that it stays exact for n = 1). From 8 up, Stirling's
//! series: (a - 1/2)(log a - 1) + (log(2 pi) - 1)/2 + sum B_2k / (2k (2k-1) a^(2k-1)). One
//! logarithm serves both ranges. A negative x reflects:
//! lgamma(x) = log(pi) - log|x sinpi(x)| - lgamma(|x|), +inf at the poles (the non-positive
//! integers) and at -inf; -log|x| - gamma x below 2^-30. Near the zeros of lgamma at negative arguments the reflection's
//! cancellation loses relative accuracy (OpenCL sets no bound for `lgamma`). `lgamma_r` adds the
//! sign of Gamma(x) ([`gamma_sign`]).
//!
//! `tgamma` (Gamma(x)) multiplies out instead of exponentiating, so no logarithm's absolute error
//! grows into a relative one: with a = |x| = n + t (t = a - floor(a), exact),
//! Gamma(1 + t) = 1 / R(t - 1/2), R the Taylor series of 1/Gamma at 3/2 (an entire function: degree
//! 20 in double precision, 11 in single, truncation below 1e-19 and 1e-10), then
//! Gamma(a) = Gamma(1 + t) (1 + t)(2 + t)...(n - 1 + t). Every factor k + t is exact, and the
//! product is kept as a sum of two numbers (each step's rounding error recovered with a fused
//! multiply-add: a double-double product in double precision, float-float in single, which needs
//! no double unit), in two halves that cannot overflow on their own. A negative x reflects:
//! Gamma(x) = pi / (sinpi(x) Gamma(1 + a)), divided by the two halves in turn so that results down
//! to the subnormals stay representable. NaN at the negative integers and -inf, +-inf at +-0, +inf
//! from the overflow threshold (35.04 single, 171.62 double), signed zeros below the last
//! representable negative results; 1/x - gamma below 2^-30 (2^-60 in double precision).

use super::super::super::raw::Val;
use super::emit::{is_double, Ir};
use super::inverse_math::{fma, log_plus, quotient, trig_pi, MathFn};
use super::soft_math::Rounding;
use inkwell::llvm_sys::LLVMOpcode::*;
use inkwell::llvm_sys::LLVMRealPredicate::*;

/// lgamma(1 + t) / (t (1 - t)) on [0, 1], constant term first.
const LGAMMA_1P_F64: [f64; 24] = [
    -0.5772156649015329,
    0.24525136852258034,
    -0.15543426586394604,
    0.11514654256344752,
    -0.09223900844903545,
    0.07731816813330891,
    -0.06673172144127888,
    0.05877785869071754,
    -0.05255557732506043,
    0.0475379469137395,
    -0.04338263398438016,
    0.03981999326088455,
    -0.03655578502618555,
    0.033188553751976255,
    -0.029217957174157625,
    0.02424559953721992,
    -0.018324688696888334,
    0.012156735226797626,
    -0.006813696709607099,
    0.003096208334287044,
    -0.00108530555479776,
    0.00027355425344016747,
    -4.3922570667975566e-05,
    3.3634106716698643e-06,
];

/// The same for single precision.
const LGAMMA_1P_F32: [f64; 11] = [
    -0.577215664501904,
    0.24525127145030265,
    -0.15543030950246348,
    0.11508261010745462,
    -0.09169827724310131,
    0.07457480456557845,
    -0.05768781092272396,
    0.038316891285246464,
    -0.019242068892784042,
    0.006199151473599652,
    -0.0009349331277874866,
];

/// B_2k / (2k (2k - 1)), k = 1..10: the coefficients of Stirling's series in 1/a.
const STIRLING: [f64; 10] = [
    1.0 / 12.0,
    -1.0 / 360.0,
    1.0 / 1260.0,
    -1.0 / 1680.0,
    1.0 / 1188.0,
    -691.0 / 360360.0,
    1.0 / 156.0,
    -3617.0 / 122400.0,
    43867.0 / 244188.0,
    -174611.0 / 125400.0,
];

/// (log(2 pi) - 1)/2.
const STIRLING_CONSTANT: f64 = 0.4189385332046727;

/// Where Stirling's series takes over.
const STIRLING_FROM: f64 = 8.0;

/// log |Gamma(x)|.
pub(super) fn lgamma(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let double = is_double(t);
    let one = ir.f(t, 1.0);
    let zero = ir.f(t, 0.0);
    let a = ir.fabs(x);
    let fl = if double { ir.round_f64(a, Rounding::Down) } else { ir.intr("llvm.floor", t, &[a]) };
    let frac = ir.fsub(a, fl);
    let g: &[f64] = if double { &LGAMMA_1P_F64 } else { &LGAMMA_1P_F32 };
    let core = ir.fmul(ir.fmul(frac, ir.fsub(one, frac)), ir.horner(frac, g));
    // (1 + t)(2 + t)...(n + t), n = floor(a) - 1 (at most 6 below 8)
    let mut p = one;
    for j in 1..=6 {
        let factor =
            ir.select(ir.fcmp(LLVMRealOGT, fl, ir.f(t, j as f64)), ir.fadd(frac, ir.f(t, j as f64)), one);
        p = ir.fmul(p, factor);
    }
    let pm1 = ir.select(ir.fcmp(LLVMRealOLT, fl, ir.f(t, 3.0)), frac, ir.fsub(p, one));
    let pm1 = ir.select(ir.fcmp(LLVMRealOLT, fl, ir.f(t, 2.0)), zero, pm1);
    // one logarithm: of a (below 1 and from 8 up) or of 1 + pm1 with its rounding error
    let below_one = ir.fcmp(LLVMRealOLT, a, one);
    let stirling = ir.fcmp(LLVMRealUGE, a, ir.f(t, STIRLING_FROM));
    let direct = ir.bin(inkwell::llvm_sys::LLVMOpcode::LLVMOr, below_one, stirling);
    let u1 = ir.fadd(one, pm1);
    let c1 = quotient(ir, ir.fsub(pm1, ir.fsub(u1, one)), u1);
    let u = ir.select(direct, a, u1);
    let c = ir.select(direct, zero, c1);
    let log_u = log_plus(ir, u, c);
    let small = ir.select(below_one, ir.fsub(core, log_u), ir.fadd(core, log_u));
    // Stirling: (a - 1/2)(log a - 1) + constant + (1/a) sum c_k (1/a^2)^(k-1)
    let terms = if double { 10 } else { 4 };
    let inv = quotient(ir, one, a);
    let series = ir.fmul(inv, ir.horner(ir.fmul(inv, inv), &STIRLING[..terms]));
    let big = ir.fsub(a, ir.f(t, 0.5));
    let big = ir.fadd(ir.fmul(big, ir.fsub(log_u, one)), ir.fadd(ir.f(t, STIRLING_CONSTANT), series));
    let positive = ir.select(stirling, big, small);
    // x < 0: log(pi) - log|x sinpi(x)| - lgamma(|x|); +inf at the poles and at -inf
    let s = ir.fabs(ir.fmul(x, trig_pi(ir, MathFn::Sinpi, x)));
    let log_s = log_plus(ir, s, zero);
    let reflected = ir.fsub(ir.fsub(ir.f(t, std::f64::consts::PI.ln()), log_s), positive);
    let inf = ir.f(t, f64::INFINITY);
    let reflected = ir.select(ir.fcmp(LLVMRealUEQ, s, zero), inf, reflected);
    // below 2^-30 (where x^2 no longer counts, and x sinpi(x) could underflow): -log|x| - gamma x
    let euler = ir.f(t, 0.5772156649015329);
    let tiny = ir.fcmp(LLVMRealOLT, a, ir.f(t, 2f64.powi(-30)));
    let reflected = ir.select(tiny, ir.fsub(ir.fmul(euler, a), log_u), reflected);
    ir.select(ir.fcmp(LLVMRealOLT, x, zero), reflected, positive)
}

/// The Taylor series of 1/Gamma(3/2 + u) in u, constant term first (mpmath, 40 digits).
const RGAMMA_F64: [f64; 21] = [
    std::f64::consts::FRAC_2_SQRT_PI, // 1/Gamma(3/2)
    -0.0411745264452831,
    -0.5266544355255445,
    0.17510202604393457,
    0.050966860247706074,
    -0.042155169368535604,
    0.006612897826824127,
    0.002120731442572938,
    -0.0011107302545948906,
    0.00015235762076747688,
    2.5355204923814165e-05,
    -1.3896805717913756e-05,
    2.1562032905141724e-06,
    5.7942640540526726e-08,
    -8.913551118311116e-08,
    1.7103469415915374e-08,
    -9.313686445241901e-10,
    -2.6804741033496623e-10,
    7.458932233316326e-11,
    -8.012807061414718e-12,
    -8.382343033451855e-14,
];

/// The limits of `tgamma` in one precision.
struct GammaLimits {
    /// The last factor k + t of the product (negative arguments below -(last + 1) give zeros).
    last: u32,
    /// The last factor of the first half of the product (both halves stay finite).
    split: u32,
    /// Where positive arguments overflow (Gamma(a) is finite below, infinite above).
    overflow: f64,
    /// Below this magnitude, Gamma(x) = 1/x - gamma to the precision.
    tiny: f64,
    /// Terms of [`RGAMMA_F64`] in use.
    terms: usize,
}

const GAMMA_F64: GammaLimits = GammaLimits {
    last: 184,
    split: 100,
    overflow: 171.624_376_956_302_7,
    tiny: 1.0 / (1u64 << 60) as f64,
    terms: 21,
};
const GAMMA_F32: GammaLimits =
    GammaLimits { last: 42, split: 22, overflow: 35.040096, tiny: 1.0 / (1u64 << 30) as f64, terms: 12 };

/// (h, l) * f for an exact factor f: the product's rounding error recovered by a fused
/// multiply-add.
fn times_exact(ir: &Ir, (h, l): (Val, Val), f: Val) -> (Val, Val) {
    let p = ir.fmul(h, f);
    let e = fma(ir, h, f, ir.fneg(p));
    (p, fma(ir, l, f, e))
}

/// Gamma(x).
pub(super) fn tgamma(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let lim = if is_double(t) { GAMMA_F64 } else { GAMMA_F32 };
    let one = ir.f(t, 1.0);
    let zero = ir.f(t, 0.0);
    let a = ir.fabs(x);
    let negative = ir.fcmp(LLVMRealOLT, x, zero);
    // a clamped to the product's reach (NaN and infinities too: they are chosen below)
    let top = ir.f(t, f64::from(lim.last + 1));
    let ac = ir.select(ir.fcmp(LLVMRealOLT, a, top), a, top);
    let fl = if is_double(t) { ir.round_f64(ac, Rounding::Down) } else { ir.intr("llvm.floor", t, &[ac]) };
    let frac = ir.fsub(ac, fl);
    let g1 = quotient(ir, one, ir.horner(ir.fsub(frac, ir.f(t, 0.5)), &RGAMMA_F64[..lim.terms]));
    // the factors k + t, k = 1..m: m = n - 1 for Gamma(a), n for Gamma(1 + a)
    let m = ir.fsub(fl, ir.select(negative, zero, one));
    let mut first = (g1, zero);
    let mut second = (one, zero);
    for k in 1..=lim.last {
        let kf = ir.f(t, f64::from(k));
        let factor = ir.select(ir.fcmp(LLVMRealOGE, m, kf), ir.fadd(frac, kf), one);
        if k <= lim.split {
            first = times_exact(ir, first, factor);
        } else {
            second = times_exact(ir, second, factor);
        }
    }
    // x > 0: the two halves multiplied (Gamma(1 + t)/t below 1)
    let (h1, l1) = first;
    let (h2, l2) = second;
    let p = ir.fmul(h1, h2);
    let e = fma(ir, h1, h2, ir.fneg(p));
    let lo = ir.fadd(e, ir.fadd(ir.fmul(h1, l2), ir.fmul(l1, h2)));
    let inf = ir.f(t, f64::INFINITY);
    let product = ir.select(ir.fcmp(LLVMRealOEQ, p, inf), inf, ir.fadd(p, lo));
    let below_one = quotient(ir, g1, frac);
    let positive = ir.select(ir.fcmp(LLVMRealOLT, a, one), below_one, product);
    let positive = ir.select(ir.fcmp(LLVMRealOGT, a, ir.f(t, lim.overflow)), inf, positive);
    // x < 0: pi / (sinpi(x) Gamma(1 + a)), a zero of sinpi's sign beyond the product's reach
    let s = trig_pi(ir, MathFn::Sinpi, x);
    let q = quotient(ir, ir.f(t, std::f64::consts::PI), ir.fmul(s, ir.fadd(h1, l1)));
    let reflected = quotient(ir, q, ir.fadd(h2, l2));
    let reflected = ir.select(ir.fcmp(LLVMRealOGE, a, top), ir.copysign_bits(zero, s), reflected);
    let res = ir.select(negative, reflected, positive);
    // 1/x - gamma near zero (+-inf at +-0); NaN at the poles, -inf and NaN
    let euler = ir.f(t, 0.5772156649015329);
    let near_zero = ir.fsub(quotient(ir, one, x), euler);
    let res = ir.select(ir.fcmp(LLVMRealOLT, a, ir.f(t, lim.tiny)), near_zero, res);
    let res = ir.select(ir.fcmp(LLVMRealOEQ, x, zero), ir.copysign_bits(inf, x), res);
    let pole = ir.bin(LLVMOr, ir.fcmp(LLVMRealOEQ, s, zero), ir.fcmp(LLVMRealOEQ, a, inf));
    let pole = ir.bin(LLVMAnd, negative, pole);
    let res = ir.select(pole, ir.f(t, f64::NAN), res);
    ir.select(ir.fcmp(LLVMRealUNO, x, x), x, res)
}

/// The sign of Gamma(x) as `lgamma_r` stores it (`i32` elements of `x`'s shape): -1 for -0 and
/// for negative non-integers where Gamma is negative (where sinpi(x) is), 1 everywhere else
/// (positive arguments, poles, infinities and NaN).
pub(super) fn gamma_sign(ir: &Ir, x: Val) -> Val {
    let t = x.ty();
    let it = ir.int_like(t);
    let signed = ir.icmp(inkwell::llvm_sys::LLVMIntPredicate::LLVMIntSLT, ir.bitcast(x, it), ir.i(it, 0));
    let zero = ir.f(t, 0.0);
    let s = trig_pi(ir, MathFn::Sinpi, x);
    let minus = ir.bin(LLVMOr, ir.fcmp(LLVMRealOLT, s, zero), ir.fcmp(LLVMRealOEQ, x, zero));
    let minus = ir.bin(LLVMAnd, signed, minus);
    let i32t = ir.with_elem(t, ir.int(32));
    ir.select(minus, ir.i(i32t, -1), ir.i(i32t, 1))
}
