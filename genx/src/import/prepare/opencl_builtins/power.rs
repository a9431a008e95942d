//! The power functions of double precision (`pow`, `powr`, `pown`, `rootn`) and the single
//! precision `pown`/`rootn` around the math unit's `pow`.
//!
//! Double: x^y = 2^(y log2 x) with log2 x and the product in double-double (a high double and
//! a low one below its last bit), since |y log2 x| reaches 1075 and an error of 2^-53 in it is
//! already one ulp of the result. log2 x = e + log(m) log2(e) with x = 2^e m, m in
//! [sqrt(1/2), sqrt(2)) from the exponent bits; log(m) = 2 atanh(s) = 2s + 2s³/3 + 2s⁵/5 + ...
//! with s = f/(2+f), f = m - 1: s in double-double (the division's residual by a fused
//! multiply-add), 2s³/3 in double-double (exact products by fused multiply-adds), the rest of
//! the series (below 2^-11 of the result) in double. 2^z for z = z_hi + z_lo: k the nearest
//! integer to z_hi, 2^(z - k) = e^w with w = (z - k) ln2 and its product error kept, the Taylor
//! polynomial of degree 13, scaled by 2^k in two steps. `rootn` divides log2 x by n in
//! double-double (the division's residual again), `pown` multiplies by n exactly.
//!
//! Single precision (the math unit has `pow`, not a double-double): `pown` is the unit's
//! |x|^n with the sign from n's parity; `rootn` takes out the power of two 2^(a n) of x first so
//! the unit's base is within 2^128 of 1 and the rounding of 1/n costs under half an ulp.

use super::super::super::raw::Val;
use super::emit::Ir;
use inkwell::llvm_sys::LLVMIntPredicate::*;
use inkwell::llvm_sys::LLVMOpcode::*;
use inkwell::llvm_sys::LLVMRealPredicate::*;

/// log2(e) and ln 2 as double-doubles.
const LOG2E_HI: f64 = std::f64::consts::LOG2_E;
const LOG2E_LO: f64 = 2.0355273740931033e-17;
const LN2_HI: f64 = std::f64::consts::LN_2;
const LN2_LO: f64 = 2.3190468138462996e-17;
/// 2/3 as a double-double.
const TWO_THIRDS_HI: f64 = 0.6666666666666666;
const TWO_THIRDS_LO: f64 = 3.700743415417188e-17;

/// A value as the unevaluated sum of two doubles, the second below the first's last bit.
#[derive(Clone, Copy)]
struct DoubleDouble {
    hi: Val,
    lo: Val,
}

impl Ir<'_> {
    fn fma(&self, a: Val, b: Val, c: Val) -> Val {
        self.intr("llvm.fma", a.ty(), &[a, b, c])
    }

    fn ieee_div(&self, a: Val, b: Val) -> Val {
        self.intr("llvm.genx.ieee.div", a.ty(), &[a, b])
    }

    /// a + b exactly as a double-double, for |a| >= |b| (or a zero a).
    fn fast_two_sum(&self, a: Val, b: Val) -> DoubleDouble {
        let hi = self.fadd(a, b);
        let lo = self.fsub(b, self.fsub(hi, a));
        DoubleDouble { hi, lo }
    }

    /// log2 of a positive finite double (normal or subnormal) as a double-double, within about
    /// 2^-64 of its magnitude.
    fn log2_dd(&self, x: Val) -> DoubleDouble {
        let t = x.ty();
        let (e, m) = self.log_split(x);
        let f = self.fsub(m, self.f(t, 1.0));
        // s = f / (2 + f) in double-double
        let u = self.fadd(self.f(t, 2.0), f);
        let u_lo = self.fsub(f, self.fsub(u, self.f(t, 2.0)));
        let s = self.ieee_div(f, u);
        let residual = self.fsub(self.fma(self.fneg(s), u, f), self.fmul(s, u_lo));
        let s_lo = self.ieee_div(residual, u);
        // 2s³/3 in double-double
        let s2 = self.fmul(s, s);
        let s2_err = self.fma(s, s, self.fneg(s2));
        let s3 = self.fmul(s2, s);
        let s3_err = self.fadd(self.fma(s2, s, self.fneg(s3)), self.fmul(s2_err, s));
        let c_hi = self.f(t, TWO_THIRDS_HI);
        let t_hi = self.fmul(s3, c_hi);
        let t_lo = self.fma(s3, c_hi, self.fneg(t_hi));
        let t_lo =
            self.fadd(t_lo, self.fadd(self.fmul(s3, self.f(t, TWO_THIRDS_LO)), self.fmul(s3_err, c_hi)));
        // 2s⁵/5 + 2s⁷/7 + ... (to s²⁷: the next term is below 2^-66 of the result)
        let series: Vec<f64> = (2..=13).map(|k| 2.0 / (2 * k + 1) as f64).collect();
        let rest = self.fmul(self.fmul(s3, s2), self.horner(s2, &series));
        let two_s = self.fmul(s, self.f(t, 2.0));
        let sum = self.fast_two_sum(two_s, t_hi);
        // s_lo's share of 2s and of 2s³/3
        let low = self.fmul(self.f(t, 2.0), self.fadd(s_lo, self.fmul(s2, s_lo)));
        let lo = self.fadd(sum.lo, self.fadd(self.fadd(low, t_lo), rest));
        let log_m = self.fast_two_sum(sum.hi, lo);
        // times log2(e), plus e
        let l2 = self.f(t, LOG2E_HI);
        let p = self.fmul(log_m.hi, l2);
        let p_lo = self.fma(log_m.hi, l2, self.fneg(p));
        let p_lo =
            self.fadd(p_lo, self.fadd(self.fmul(log_m.hi, self.f(t, LOG2E_LO)), self.fmul(log_m.lo, l2)));
        let sum = self.fast_two_sum(e, p);
        self.fast_two_sum(sum.hi, self.fadd(sum.lo, p_lo))
    }

    /// 2^z of a double-double z (z_lo ignored where z_hi is out of [-1076, 1025] or NaN).
    fn exp2_dd(&self, z: DoubleDouble) -> Val {
        let t = z.hi.ty();
        let inside = self.bin(
            LLVMAnd,
            self.fcmp(LLVMRealOLE, z.hi, self.f(t, 1025.0)),
            self.fcmp(LLVMRealOGE, z.hi, self.f(t, -1076.0)),
        );
        let z_lo = self.select(inside, z.lo, self.f(t, 0.0));
        let z_hi = self.select(self.fcmp(LLVMRealOGT, z.hi, self.f(t, 1025.0)), self.f(t, 1025.0), z.hi);
        let z_hi = self.select(self.fcmp(LLVMRealOLT, z_hi, self.f(t, -1076.0)), self.f(t, -1076.0), z_hi);
        let (kf, k) = self.round_to_int(z_hi);
        let r = self.fadd(self.fsub(z_hi, kf), z_lo);
        let ln2 = self.f(t, LN2_HI);
        let w = self.fmul(r, ln2);
        let w_err = self.fadd(self.fma(r, ln2, self.fneg(w)), self.fmul(r, self.f(t, LN2_LO)));
        let p = self.exp_poly(w);
        let p = self.fma(p, w_err, p);
        let (s1, s2) = self.pow2_parts(k, t);
        self.fmul(self.fmul(p, s1), s2)
    }

    /// Whether each lane of the double `y` is an odd integer (|y| < 2^53).
    fn odd_integer_f64(&self, y: Val) -> Val {
        let t = y.ty();
        let whole = self.fcmp(LLVMRealOEQ, self.round_f64(y, super::soft_math::Rounding::TowardZero), y);
        let half = self.fmul(y, self.f(t, 0.5));
        let half_whole =
            self.fcmp(LLVMRealOEQ, self.round_f64(half, super::soft_math::Rounding::TowardZero), half);
        self.bin(LLVMAnd, whole, self.bin(LLVMXor, half_whole, self.i(self.with_elem(t, self.int(1)), -1)))
    }

    /// log2 |x| as a double-double, infinite for zeros and infinities, NaN for NaN.
    fn log2_dd_edges(&self, ax: Val) -> DoubleDouble {
        let t = ax.ty();
        let finite = self.fcmp(LLVMRealOLT, ax, self.f(t, f64::INFINITY));
        let positive = self.fcmp(LLVMRealOGT, ax, self.f(t, 0.0));
        let ordinary = self.bin(LLVMAnd, finite, positive);
        let l = self.log2_dd(self.select(ordinary, ax, self.f(t, 1.0)));
        let edge = self.select(positive, ax, self.f(t, f64::NEG_INFINITY));
        let edge = self.select(self.fcmp(LLVMRealUNO, ax, ax), ax, edge);
        DoubleDouble {
            hi: self.select(ordinary, l.hi, edge),
            lo: self.select(ordinary, l.lo, self.f(t, 0.0)),
        }
    }

    /// y log2 x as a double-double (the product's error by a fused multiply-add).
    fn times_dd(&self, y: Val, l: DoubleDouble) -> DoubleDouble {
        let hi = self.fmul(y, l.hi);
        let lo = self.fadd(self.fma(y, l.hi, self.fneg(hi)), self.fmul(y, l.lo));
        DoubleDouble { hi, lo }
    }

    /// x^y in double precision: `pow` (`any_base`) or `powr`, with OpenCL's special values.
    pub(super) fn pow_f64(&self, x: Val, y: Val, any_base: bool) -> Val {
        let t = x.ty();
        let zero = self.f(t, 0.0);
        let one = self.f(t, 1.0);
        let nan = self.f(t, f64::NAN);
        let inf = self.f(t, f64::INFINITY);
        let ax = self.fabs(x);
        let magnitude = self.exp2_dd(self.times_dd(y, self.log2_dd_edges(ax)));
        let infinite_y = self.fcmp(LLVMRealOEQ, self.fabs(y), inf);
        if !any_base {
            // powr: NaN below zero, for 0^0, inf^0, 1^inf; 1 for x = 1 and y = 0 otherwise
            let r = magnitude;
            let r = self.select(self.fcmp(LLVMRealOEQ, x, one), one, r);
            let r = self.select(self.fcmp(LLVMRealOEQ, y, zero), one, r);
            let bad_zero = self.bin(
                LLVMAnd,
                self.fcmp(LLVMRealOEQ, y, zero),
                self.bin(LLVMOr, self.fcmp(LLVMRealOEQ, x, zero), self.fcmp(LLVMRealOEQ, x, inf)),
            );
            let bad_one = self.bin(LLVMAnd, self.fcmp(LLVMRealOEQ, x, one), infinite_y);
            let bad = self.bin(LLVMOr, self.fcmp(LLVMRealOLT, x, zero), self.bin(LLVMOr, bad_zero, bad_one));
            let bad = self.bin(LLVMOr, bad, self.fcmp(LLVMRealUNO, x, y));
            return self.select(bad, nan, r);
        }
        let odd = self.odd_integer_f64(y);
        let whole = self.fcmp(LLVMRealOEQ, self.round_f64(y, super::soft_math::Rounding::TowardZero), y);
        let it = self.int_like(t);
        let negative_x = self.icmp(LLVMIntSLT, self.bitcast(x, it), self.i(it, 0));
        let r = self.select(self.bin(LLVMAnd, odd, negative_x), self.fneg(magnitude), magnitude);
        // a finite negative base with a finite y that is not an integer
        let fractional = self.bin(LLVMXor, whole, self.i(self.with_elem(t, self.int(1)), -1));
        let finite_x = self.fcmp(LLVMRealOLT, ax, inf);
        let nan_case =
            self.bin(LLVMAnd, self.fcmp(LLVMRealOLT, x, zero), self.bin(LLVMAnd, fractional, finite_x));
        let r = self.select(nan_case, nan, r);
        // (-1)^±inf = 1, x^0 = 1, 1^y = 1
        let minus_one_inf = self.bin(LLVMAnd, self.fcmp(LLVMRealOEQ, ax, one), infinite_y);
        let r = self.select(minus_one_inf, one, r);
        let r = self.select(self.fcmp(LLVMRealOEQ, y, zero), one, r);
        self.select(self.fcmp(LLVMRealOEQ, x, one), one, r)
    }

    /// `pown(x, n)` (`root` false) or `rootn(x, n)` of double `x` and `int` `n`.
    pub(super) fn pown_rootn_f64(&self, x: Val, n: Val, root: bool) -> Val {
        let t = x.ty();
        let nt = n.ty();
        let nf = self.cast(LLVMSIToFP, n, t);
        if !root {
            let one = self.f(t, 1.0);
            let p = self.pow_f64(x, nf, true);
            return self.select(self.icmp(LLVMIntEQ, n, self.i(nt, 0)), one, p);
        }
        let ax = self.fabs(x);
        let l = self.log2_dd_edges(ax);
        // (l_hi + l_lo) / n: the quotient, then the residual l_hi - q n (exact) plus l_lo over n
        let q = self.ieee_div(l.hi, nf);
        let residual = self.fadd(self.fma(self.fneg(q), nf, l.hi), l.lo);
        let finite_q = self.fcmp(LLVMRealOLT, self.fabs(q), self.f(t, f64::INFINITY));
        let q_lo = self.select(finite_q, self.ieee_div(residual, nf), self.f(t, 0.0));
        let magnitude = self.exp2_dd(DoubleDouble { hi: q, lo: q_lo });
        self.root_signs(x, n, magnitude)
    }

    /// The sign and domain of `rootn`: x's sign for an odd n, NaN below zero for an even n and
    /// for n = 0.
    fn root_signs(&self, x: Val, n: Val, magnitude: Val) -> Val {
        let t = x.ty();
        let nt = n.ty();
        let odd = self.icmp(LLVMIntNE, self.bin(LLVMAnd, n, self.i(nt, 1)), self.i(nt, 0));
        let r = self.select(odd, self.copysign_bits(magnitude, x), magnitude);
        let negative_even = self.bin(
            LLVMAnd,
            self.fcmp(LLVMRealOLT, x, self.f(t, 0.0)),
            self.bin(LLVMXor, odd, self.i(odd.ty(), -1)),
        );
        let bad = self.bin(LLVMOr, negative_even, self.icmp(LLVMIntEQ, n, self.i(nt, 0)));
        self.select(bad, self.f(t, f64::NAN), r)
    }

    /// `pown(x, n)` or `rootn(x, n)` of float `x` on the math unit's `pow`.
    pub(super) fn pown_rootn_f32(&self, x: Val, n: Val, root: bool) -> Val {
        let t = x.ty();
        let nt = n.ty();
        let ax = self.fabs(x);
        let nf = self.cast(LLVMSIToFP, n, t);
        if !root {
            let p = self.intr("llvm.pow", t, &[ax, nf]);
            let odd = self.icmp(LLVMIntNE, self.bin(LLVMAnd, n, self.i(nt, 1)), self.i(nt, 0));
            let r = self.select(odd, self.copysign_bits(p, x), p);
            return self.select(self.icmp(LLVMIntEQ, n, self.i(nt, 0)), self.f(t, 1.0), r);
        }
        // |x| = 2^(a|n|) base with base in [1/2, 2^128) for |n| <= 128 (a = floor(e / |n|));
        // larger |n| take |x| itself (its log2 over n is below 1.2 already)
        let (m, e) = self.frexp(ax);
        let negative_n = self.icmp(LLVMIntSLT, n, self.i(nt, 0));
        let d = self.select(negative_n, self.bin(LLVMSub, self.i(nt, 0), n), n);
        let small = self.bin(
            LLVMAnd,
            self.icmp(LLVMIntSGT, d, self.i(nt, 0)),
            self.icmp(LLVMIntSLE, d, self.i(nt, 128)),
        );
        let d = self.select(small, d, self.i(nt, 1));
        let a = self.bin(
            LLVMSub,
            self.bin(LLVMSDiv, self.bin(LLVMAdd, e, self.bin(LLVMMul, d, self.i(nt, 256))), d),
            self.i(nt, 256),
        );
        let a = self.select(small, a, self.i(nt, 0));
        let b = self.select(small, self.bin(LLVMSub, e, self.bin(LLVMMul, a, d)), e);
        let base = self.ldexp(m, b);
        let p = self.intr("llvm.pow", t, &[base, self.bin(LLVMFDiv, self.f(t, 1.0), nf)]);
        let a = self.select(negative_n, self.bin(LLVMSub, self.i(nt, 0), a), a);
        let magnitude = self.ldexp(p, a);
        // frexp keeps zeros, infinities and NaN as they are, with exponent 0
        self.root_signs(x, n, magnitude)
    }
}
