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
//! cancellation loses relative accuracy (OpenCL sets no bound for `lgamma`).

use super::super::super::raw::Val;
use super::emit::{is_double, Ir};
use super::inverse_math::{log_plus, quotient, trig_pi, MathFn};
use super::soft_math::Rounding;
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
