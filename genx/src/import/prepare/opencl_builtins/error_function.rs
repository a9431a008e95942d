//! The OpenCL error functions `erf` and `erfc` in single and double precision, branch-free on
//! scalars or vectors.
//!
//! Below |x| = 0.84375 erf(x) = x + x P(x^2) with P the Taylor series of erf(x)/x - 1 (16 terms in
//! double precision, 9 in single: the first neglected term is below half an ulp there), and
//! erfc = 1 - erf. From there erfc(a) = e^(-a^2) G(t), a = |x|, with G(a) = e^(a^2) erfc(a) a
//! polynomial in t = 1/(1 + a/2) (degree 23 in double precision on [0.84375, 28], 9 in single on
//! [0.84375, 11]; coefficients fitted on Chebyshev points with mpmath at 50 digits, the fit error
//! below 3e-20 and 3e-10 of G): a^2 is split exactly (hi + lo by a fused multiply-add) so that
//! e^(-a^2) = e^(-hi) (1 - lo) keeps its relative accuracy, and the power of two of e^(-hi) is
//! applied last, so a subnormal result is rounded once. erf = 1 - erfc there, erfc(-a) =
//! 2 - erfc(a).

use super::super::super::raw::Val;
use super::emit::{is_double, Ir};
use super::inverse_math::{clamp, exp_reduced, fma, quotient, scale2};
use inkwell::llvm_sys::LLVMRealPredicate::*;

/// e^(a^2) erfc(a) as a polynomial in t = 1/(1 + a/2), a in [0.84375, 28], constant term first.
const ERFCX_F64: [f64; 24] = [
    3.6246163474103296e-14,
    0.28209479176967256,
    0.2820947920007576,
    0.24683293522723376,
    0.1763094206322296,
    0.08374387332637079,
    -0.00436787792882934,
    -0.05716483622687166,
    -0.04996749415102203,
    -0.027450304689342852,
    0.1817191767754769,
    -0.5533757452903291,
    2.2969516445205045,
    -7.294807729361833,
    18.443747409425573,
    -38.57109896568706,
    64.78568402318348,
    -84.63673893028738,
    84.27351557182918,
    -62.75751771853113,
    33.940062688240474,
    -12.630852428919175,
    2.901441000866297,
    -0.31085555049603797,
];

/// The same for single precision, a in [0.84375, 11].
const ERFCX_F32: [f64; 10] = [
    3.698497073593911e-06,
    0.28198010869954737,
    0.2836446706535248,
    0.234818136429515,
    0.23537490968428987,
    -0.10776449200106501,
    0.4053156340311299,
    -0.6092935301611166,
    0.349871462873268,
    -0.07395281662263177,
];

/// Where the polynomial of erf(x)/x gives way to the one of erfc.
const SPLIT: f64 = 0.84375;

/// erf(x) (`complement` false) or erfc(x).
pub(super) fn error_function(ir: &Ir, x: Val, complement: bool) -> Val {
    let t = x.ty();
    let double = is_double(t);
    let one = ir.f(t, 1.0);
    // near zero: x + x P(x^2), P(z) = sum (2/sqrt(pi)) (-1)^n z^n / (n! (2n+1)) - 1
    let terms = if double { 17 } else { 10 };
    let mut c = Vec::new();
    let mut factorial = 1.0f64;
    for n in 0..terms {
        if n > 0 {
            factorial *= n as f64;
        }
        let sign = if n % 2 == 0 { 1.0 } else { -1.0 };
        c.push(std::f64::consts::FRAC_2_SQRT_PI * sign / (factorial * (2 * n + 1) as f64));
    }
    c[0] = std::f64::consts::FRAC_2_SQRT_PI - 1.0;
    let z = ir.fmul(x, x);
    let near = ir.fadd(x, ir.fmul(x, ir.horner(z, &c)));
    // beyond: erfc(a) = e^(-hi) (1 - lo) G(t)
    let (limit, g): (f64, &[f64]) = if double { (28.0, &ERFCX_F64) } else { (11.0, &ERFCX_F32) };
    let a = clamp(ir, ir.fabs(x), 0.0, limit);
    let tt = quotient(ir, one, ir.fadd(one, ir.fmul(a, ir.f(t, 0.5))));
    let gt = ir.horner(tt, g);
    let hi = ir.fmul(a, a);
    let lo = fma(ir, a, a, ir.fneg(hi));
    let (q, k) = exp_reduced(ir, ir.fneg(hi));
    let m = ir.fmul(ir.fmul(ir.fadd(one, q), ir.fsub(one, lo)), gt);
    let tail = scale2(ir, m, k);
    let is_near = ir.fcmp(LLVMRealOLT, ir.fabs(x), ir.f(t, SPLIT));
    if complement {
        let far = ir.select(ir.fcmp(LLVMRealOLT, x, ir.f(t, 0.0)), ir.fsub(ir.f(t, 2.0), tail), tail);
        ir.select(is_near, ir.fsub(one, near), far)
    } else {
        let far = ir.copysign_bits(ir.fsub(one, tail), x);
        ir.select(is_near, near, far)
    }
}
