//! Software sequences of the OpenCL transcendental functions, branch-free on scalars or vectors.
//!
//! Double precision (the math unit has no double `exp`, `log`, `sin` or `cos`): `exp`/`exp2`
//! reduce the argument by multiples of ln 2 (a two-part constant whose high part times the
//! multiple is exact), evaluate the Taylor polynomial of degree 13 on |r| <= ln2/2 and scale by
//! 2^k in two steps (so the scale stays a normal number and a subnormal result is rounded once);
//! `log`/`log2`/`log10` split the argument into 2^e * m with m in [sqrt(1/2), sqrt(2)) from its
//! exponent bits (subnormals scaled first), and evaluate log(m) = f - (f²/2 - s(f²/2 + R(s²))) with
//! s = f/(2+f) (an IEEE division) and R the atanh series; `sin`/`cos`/`tan` reduce by multiples of
//! pi/2 in three parts (exact for |k| < 2^20; larger arguments by the bits of 2/pi, in
//! trig_reduction.rs) and evaluate the Taylor polynomials of degree 17/18
//! on |r| <= pi/4, choosing and negating by the quadrant.
//!
//! Single precision `exp`/`exp10` use the math unit's `exp` (base 2) on a reduced argument, as
//! Intel's built-in library does: `exp2` of x*log2(e) directly loses |x| ulp to the rounding of
//! the product. `log`/`log10` scale the math unit's `log` (base 2).
//!
//! The multiple k of the reduction is rounded with the 1.5*2^52 trick and read from the low word
//! of the sum, so no float-to-integer conversion of an infinite or NaN value is ever made.

use super::super::super::raw::{Ty, Val};
use super::emit::Ir;
use inkwell::llvm_sys::LLVMOpcode::*;
use inkwell::llvm_sys::LLVMRealPredicate::*;

/// ln 2, its high part (21 trailing zero bits: its product with |k| < 2^21 is exact) and the rest.
const LN2: f64 = std::f64::consts::LN_2;
const LN2_HI: f64 = 6.931471803691238164901733398437500e-01;
const LN2_LO: f64 = 1.9082149292705877e-10;
/// ln 10 minus its double.
const LN10_TAIL: f64 = -2.1707562233822494e-16;
/// pi/2 in three parts: two of 33 bits (products with |k| < 2^20 exact) and the rest.
const PIO2_1: f64 = 1.570796326734125614166259765625;
const PIO2_2: f64 = 6.077100506303965976609289646148681640625e-11;
const PIO2_3: f64 = 2.0222662487959506e-21;
/// The magnitude from which double `sin`, `cos` and `tan` reduce by the bits of 2/pi
/// (trig_reduction.rs): the reduction by pi/2 in three parts is exact below it.
pub(super) const TRIG_LIMIT: f64 = 1048576.0;
/// 1.5 * 2^52: adding it rounds a double of magnitude below 2^51 to an integer.
const ROUNDER: f64 = 6755399441055744.0;

/// 1/n! for n = 0..=max.
fn inverse_factorials(max: u32) -> Vec<f64> {
    let mut out = vec![1.0];
    for n in 1..=max {
        let last = out[out.len() - 1];
        out.push(last / n as f64);
    }
    out
}

impl Ir<'_> {
    /// `t` rounded to the nearest integer, as a double and as the low 32 bits of the integer.
    pub(super) fn round_to_int(&self, t: Val) -> (Val, Val) {
        let m = self.f(t.ty(), ROUNDER);
        let s = self.fadd(t, m);
        let kf = self.fsub(s, m);
        let (lo, _) = self.words(s);
        (kf, lo)
    }

    /// 2^k for an `i32` k in [-1076, 1025], as two normal doubles of type `t` whose product it
    /// is.
    pub(super) fn pow2_parts(&self, k: Val, t: Ty) -> (Val, Val) {
        let i32t = k.ty();
        let k1 = self.bin(LLVMAShr, k, self.i(i32t, 1));
        let k2 = self.bin(LLVMSub, k, k1);
        let zero = self.i(i32t, 0);
        let part = |k: Val| {
            let biased = self.bin(LLVMAdd, k, self.i(i32t, 1023));
            self.double_of_words(zero, self.bin(LLVMShl, biased, self.i(i32t, 20)), t)
        };
        (part(k1), part(k2))
    }

    /// `v` clamped below `lo` and above `hi` (NaN kept).
    fn clamp_const(&self, v: Val, lo: f64, hi: f64) -> Val {
        let t = v.ty();
        let (lo, hi) = (self.f(t, lo), self.f(t, hi));
        let v = self.select(self.fcmp(LLVMRealOGT, v, hi), hi, v);
        self.select(self.fcmp(LLVMRealOLT, v, lo), lo, v)
    }

    /// e^r on |r| <= ln2/2 (plus rounding), double.
    pub(super) fn exp_poly(&self, r: Val) -> Val {
        self.horner(r, &inverse_factorials(13))
    }

    /// e^x, double.
    pub fn exp_f64(&self, x: Val) -> Val {
        let t = x.ty();
        let x = self.clamp_const(x, -746.0, 710.0);
        let (kf, k) = self.round_to_int(self.fmul(x, self.f(t, std::f64::consts::LOG2_E)));
        let r = self.fsub(self.fsub(x, self.fmul(kf, self.f(t, LN2_HI))), self.fmul(kf, self.f(t, LN2_LO)));
        let (s1, s2) = self.pow2_parts(k, t);
        self.fmul(self.fmul(self.exp_poly(r), s1), s2)
    }

    /// 10^x, double: x ln10 - k ln2 with the product's rounding error recovered by a fused
    /// multiply-add (and ln10's own tail), then as `exp`.
    pub fn exp10_f64(&self, x: Val) -> Val {
        let t = x.ty();
        let x = self.clamp_const(x, -330.0, 310.0);
        let (kf, k) = self.round_to_int(self.fmul(x, self.f(t, std::f64::consts::LOG2_10)));
        let ln10 = self.f(t, std::f64::consts::LN_10);
        let hi = self.fmul(x, ln10);
        let err = self.intr("llvm.fma", t, &[x, ln10, self.fneg(hi)]);
        let lo = self.fadd(err, self.fmul(x, self.f(t, LN10_TAIL)));
        let r = self.fsub(self.fsub(hi, self.fmul(kf, self.f(t, LN2_HI))), self.fmul(kf, self.f(t, LN2_LO)));
        let r = self.fadd(r, lo);
        let (s1, s2) = self.pow2_parts(k, t);
        self.fmul(self.fmul(self.exp_poly(r), s1), s2)
    }

    /// 2^x, double.
    pub fn exp2_f64(&self, x: Val) -> Val {
        let t = x.ty();
        let x = self.clamp_const(x, -1076.0, 1025.0);
        let (kf, k) = self.round_to_int(x);
        let r = self.fmul(self.fsub(x, kf), self.f(t, LN2));
        let (s1, s2) = self.pow2_parts(k, t);
        self.fmul(self.fmul(self.exp_poly(r), s1), s2)
    }

    /// log(x) of a positive normal or subnormal double as (e, log(m)) with x = 2^e * m.
    fn log_parts(&self, x: Val) -> (Val, Val) {
        let t = x.ty();
        let (e, m) = self.log_split(x);
        let f = self.fsub(m, self.f(t, 1.0));
        let s = self.intr("llvm.genx.ieee.div", t, &[f, self.fadd(self.f(t, 2.0), f)]);
        let hfsq = self.fmul(self.f(t, 0.5), self.fmul(f, f));
        let z = self.fmul(s, s);
        // R(z) = 2 (z/3 + z²/5 + ...), ten terms: the next is below 2^-60 of the result.
        let series: Vec<f64> = (1..=10).map(|k| 2.0 / (2 * k + 1) as f64).collect();
        let rz = self.fmul(z, self.horner(z, &series));
        let inner = self.fsub(hfsq, self.fmul(s, self.fadd(hfsq, rz)));
        let log_m = self.fsub(f, inner);
        (e, log_m)
    }

    /// x = 2^e m of a positive normal or subnormal double, m in [sqrt(1/2), sqrt(2)) from the
    /// exponent bits (a subnormal scaled by 2^54 first): (e as a double, m).
    pub(super) fn log_split(&self, x: Val) -> (Val, Val) {
        let t = x.ty();
        let i32t = self.with_elem(t, self.int(32));
        let tiny = self.fcmp(LLVMRealOLT, x, self.f(t, f64::MIN_POSITIVE));
        let xs = self.select(tiny, self.fmul(x, self.f(t, 2f64.powi(54))), x);
        let (lo, hi) = self.words(xs);
        // Biasing the high word by 1 - sqrt(1/2)'s high word puts m's carry into the exponent.
        let hi2 = self.bin(LLVMAdd, hi, self.i(i32t, 0x3ff0_0000 - 0x3fe6_a09e));
        let e = self.bin(LLVMSub, self.bin(LLVMAShr, hi2, self.i(i32t, 20)), self.i(i32t, 1023));
        let e = self.bin(LLVMAdd, e, self.select(tiny, self.i(i32t, -54), self.i(i32t, 0)));
        let him =
            self.bin(LLVMAdd, self.bin(LLVMAnd, hi2, self.i(i32t, 0xf_ffff)), self.i(i32t, 0x3fe6_a09e));
        let m = self.double_of_words(lo, him, t);
        (self.cast(LLVMSIToFP, e, t), m)
    }

    /// The special values of a logarithm: +inf at +inf, -inf at zeros, NaN below zero and at NaN.
    fn log_edges(&self, x: Val, res: Val) -> Val {
        let t = x.ty();
        let inf = self.f(t, f64::INFINITY);
        let res = self.select(self.fcmp(LLVMRealOEQ, x, inf), inf, res);
        let res = self.select(self.fcmp(LLVMRealOEQ, x, self.f(t, 0.0)), self.f(t, f64::NEG_INFINITY), res);
        self.select(self.fcmp(LLVMRealULT, x, self.f(t, 0.0)), self.f(t, f64::NAN), res)
    }

    /// log(x), double.
    pub fn log_f64(&self, x: Val) -> Val {
        let t = x.ty();
        let (e, log_m) = self.log_parts(x);
        let res =
            self.fadd(self.fmul(e, self.f(t, LN2_HI)), self.fadd(log_m, self.fmul(e, self.f(t, LN2_LO))));
        self.log_edges(x, res)
    }

    /// log2(x), double.
    pub fn log2_f64(&self, x: Val) -> Val {
        let t = x.ty();
        let (e, log_m) = self.log_parts(x);
        let res = self.fadd(e, self.fmul(log_m, self.f(t, std::f64::consts::LOG2_E)));
        self.log_edges(x, res)
    }

    /// log10(x), double.
    pub fn log10_f64(&self, x: Val) -> Val {
        let res = self.fmul(self.log_f64(x), self.f(x.ty(), std::f64::consts::LOG10_E));
        self.log_edges(x, res)
    }

    /// (sin r, cos r, quadrant k) of x = k pi/2 + r, double (NaN for infinities and NaN).
    fn sin_cos_parts(&self, x: Val) -> (Val, Val, Val) {
        let t = x.ty();
        let inside = self.fcmp(LLVMRealOLT, self.fabs(x), self.f(t, TRIG_LIMIT));
        let small = self.select(inside, x, self.f(t, 0.0));
        let (kf, k) = self.round_to_int(self.fmul(small, self.f(t, std::f64::consts::FRAC_2_PI)));
        let r = self.fsub(small, self.fmul(kf, self.f(t, PIO2_1)));
        let r = self.fsub(r, self.fmul(kf, self.f(t, PIO2_2)));
        let r = self.fsub(r, self.fmul(kf, self.f(t, PIO2_3)));
        // from 2^20 up: the reduction by the bits of 2/pi; NaN for infinities and NaN
        let (r_large, k_large) = self.reduce_pio2_large(self.select(inside, self.f(t, TRIG_LIMIT), x));
        let finite = self.fcmp(LLVMRealOLT, self.fabs(x), self.f(t, f64::INFINITY));
        let r_large = self.select(finite, r_large, self.f(t, f64::NAN));
        let r = self.select(inside, r, r_large);
        let k = self.select(inside, k, k_large);
        let z = self.fmul(r, r);
        let inv = inverse_factorials(18);
        // (-1)^(n/2): the sign of the r^n term (n even) or r^(n+1) term (n odd)
        let sign = |n: usize| if (n / 2).is_multiple_of(2) { 1.0 } else { -1.0 };
        // sin r = r + r z (-1/3! + z/5! - ...), cos r = 1 + z (-1/2! + z/4! - ...)
        let sin_c: Vec<f64> = (3..=17).step_by(2).map(|n| sign(n) * inv[n]).collect();
        let cos_c: Vec<f64> = (2..=18).step_by(2).map(|n| sign(n) * inv[n]).collect();
        let s = self.fadd(r, self.fmul(self.fmul(r, z), self.horner(z, &sin_c)));
        let c = self.fadd(self.f(t, 1.0), self.fmul(z, self.horner(z, &cos_c)));
        (s, c, k)
    }

    /// `v` or `w` by bit `bit` of the quadrant `q`.
    fn quadrant_bit(&self, q: Val, bit: i64) -> Val {
        use inkwell::llvm_sys::LLVMIntPredicate::LLVMIntNE;
        let qt = q.ty();
        self.icmp(LLVMIntNE, self.bin(LLVMAnd, q, self.i(qt, bit)), self.i(qt, 0))
    }

    /// sin(x) (`cosine` false) or cos(x), double.
    pub fn sin_cos_f64(&self, x: Val, cosine: bool) -> Val {
        let (s, c, k) = self.sin_cos_parts(x);
        let q = if cosine { self.bin(LLVMAdd, k, self.i(k.ty(), 1)) } else { k };
        let v = self.select(self.quadrant_bit(q, 1), c, s);
        let res = self.select(self.quadrant_bit(q, 2), self.fneg(v), v);
        if cosine {
            res
        } else {
            self.keep_zero(x, res)
        }
    }

    /// `res`, or `x` itself where `x` is a zero (sin and tan keep its sign).
    fn keep_zero(&self, x: Val, res: Val) -> Val {
        self.select(self.fcmp(LLVMRealOEQ, x, self.f(x.ty(), 0.0)), x, res)
    }

    /// tan(x), double: sin r / cos r, or -cos r / sin r in the odd quadrants.
    pub fn tan_f64(&self, x: Val) -> Val {
        let (s, c, k) = self.sin_cos_parts(x);
        let odd = self.quadrant_bit(k, 1);
        let num = self.select(odd, self.fneg(c), s);
        let den = self.select(odd, s, c);
        let res = self.intr("llvm.genx.ieee.div", x.ty(), &[num, den]);
        self.keep_zero(x, res)
    }

    /// e^x (`base10` false) or 10^x, single precision: 2^k times the math unit's 2^(r log2 b).
    pub fn exp_f32(&self, x: Val, base10: bool) -> Val {
        let t = x.ty();
        // ln 2 / log10 2 with a 12-bit high part (exact times |k| < 2^12) and the rest
        let (log2_b, hi, lo, range) = if base10 {
            (std::f64::consts::LOG2_10, 0.301025390625, 4.605038981195214e-06, (-50.0, 40.0))
        } else {
            (std::f64::consts::LOG2_E, 0.693145751953125, 1.4286068203094172e-06, (-110.0, 100.0))
        };
        let x = self.clamp_const(x, range.0, range.1);
        let kf = self.intr("llvm.rint", t, &[self.fmul(x, self.f(t, log2_b))]);
        let r = self.fsub(self.fsub(x, self.fmul(kf, self.f(t, hi))), self.fmul(kf, self.f(t, lo)));
        let p = self.intr("llvm.exp2", t, &[self.fmul(r, self.f(t, log2_b))]);
        let k1 = self.intr("llvm.floor", t, &[self.fmul(kf, self.f(t, 0.5))]);
        let k2 = self.fsub(kf, k1);
        let s1 = self.intr("llvm.exp2", t, &[k1]);
        let s2 = self.intr("llvm.exp2", t, &[k2]);
        self.fmul(self.fmul(p, s1), s2)
    }

    /// x^y in single precision on the math unit's `pow`, which computes exp2(y log2 x) and so
    /// is NaN for every negative base: `pow` (`any_base`) takes |x|^y and gives it the sign of x
    /// for an odd integer y, NaN for a negative x and a y that is not an integer; both give 1 for
    /// y = 0 and for x = 1 (even with a NaN operand), as OpenCL's `pow` and `powr` define them
    /// (`powr` of a negative base is NaN: the unit's own answer).
    pub fn pow_f32(&self, x: Val, y: Val, any_base: bool) -> Val {
        let t = x.ty();
        let zero = self.f(t, 0.0);
        let one = self.f(t, 1.0);
        let base = if any_base { self.fabs(x) } else { x };
        let p = self.intr("llvm.pow", t, &[base, y]);
        let mut res = p;
        if any_base {
            let whole = self.fcmp(LLVMRealOEQ, self.intr("llvm.trunc", t, &[y]), y);
            let half = self.fmul(y, self.f(t, 0.5));
            let odd =
                self.bin(LLVMAnd, whole, self.fcmp(LLVMRealUNE, self.intr("llvm.trunc", t, &[half]), half));
            let it = self.int_like(t);
            let negative_x = self.icmp(
                inkwell::llvm_sys::LLVMIntPredicate::LLVMIntSLT,
                self.bitcast(x, it),
                self.i(it, 0),
            );
            let flip = self.bin(LLVMAnd, odd, negative_x);
            res = self.select(flip, self.fneg(p), p);
            let nan = self.bin(
                LLVMAnd,
                self.fcmp(LLVMRealOLT, x, zero),
                self.bin(LLVMXor, whole, self.i(self.with_elem(t, self.int(1)), -1)),
            );
            res = self.select(nan, self.f(t, f64::NAN), res);
        }
        res = self.select(self.fcmp(LLVMRealOEQ, y, zero), one, res);
        self.select(self.fcmp(LLVMRealOEQ, x, one), one, res)
    }

    /// log(x) (`base10` false) or log10(x), single precision: the math unit's log2 scaled.
    pub fn log_f32(&self, x: Val, base10: bool) -> Val {
        let t = x.ty();
        let scale = if base10 { std::f64::consts::LOG10_2 } else { LN2 };
        self.fmul(self.intr("llvm.log2", t, &[x]), self.f(t, scale))
    }

    /// `x` rounded to an integer in double precision (the rounding instructions are float only):
    /// to nearest even by adding and subtracting 2^52, then corrected by one toward the
    /// direction asked; magnitudes from 2^52 up, infinities and NaN are already integers. The
    /// result has `x`'s sign (a negative fraction rounds to -0).
    pub fn round_f64(&self, x: Val, direction: Rounding) -> Val {
        let t = x.ty();
        let two52 = self.f(t, 4503599627370496.0);
        let m = self.fabs(x);
        let near = self.fsub(self.fadd(m, two52), two52);
        let r = match direction {
            Rounding::Nearest => near,
            Rounding::TowardZero => {
                let over = self.fcmp(LLVMRealOGT, near, m);
                self.select(over, self.fsub(near, self.f(t, 1.0)), near)
            }
            Rounding::Down | Rounding::Up => {
                // on the magnitude, floor of a negative number is a ceiling and vice versa
                let signed = self.copysign_bits(near, x);
                let (cmp, delta) =
                    if direction == Rounding::Down { (LLVMRealOGT, -1.0) } else { (LLVMRealOLT, 1.0) };
                let fix = self.fcmp(cmp, signed, x);
                let fixed = self.select(fix, self.fadd(signed, self.f(t, delta)), signed);
                self.fabs(fixed)
            }
        };
        let small = self.fcmp(LLVMRealOLT, m, two52);
        self.copysign_bits(self.select(small, r, m), x)
    }

    /// x * 2^k (k an `i32` of x's shape), in four exact scalings by powers of two built from
    /// their bits (k clamped to where the result is 0 or infinite anyway).
    pub fn ldexp(&self, x: Val, k: Val) -> Val {
        use inkwell::llvm_sys::LLVMIntPredicate::{LLVMIntSGT, LLVMIntSLT};
        let t = x.ty();
        let kt = k.ty();
        let double = super::emit::is_double(t);
        let limit = if double { 4000 } else { 300 };
        let k = self.select(self.icmp(LLVMIntSGT, k, self.i(kt, limit)), self.i(kt, limit), k);
        let k = self.select(self.icmp(LLVMIntSLT, k, self.i(kt, -limit)), self.i(kt, -limit), k);
        let quarter = self.bin(LLVMAShr, k, self.i(kt, 2));
        let rest = self.bin(LLVMSub, k, self.bin(LLVMMul, quarter, self.i(kt, 3)));
        let pow2 = |e: Val| {
            if double {
                let biased = self.bin(LLVMAdd, e, self.i(kt, 1023));
                self.double_of_words(self.i(kt, 0), self.bin(LLVMShl, biased, self.i(kt, 20)), t)
            } else {
                let biased = self.bin(LLVMAdd, e, self.i(kt, 127));
                self.bitcast(self.bin(LLVMShl, biased, self.i(kt, 23)), t)
            }
        };
        let q = pow2(quarter);
        let v = self.fmul(self.fmul(self.fmul(x, q), q), q);
        self.fmul(v, pow2(rest))
    }

    /// (m, e) with x = m 2^e and 0.5 <= |m| < 1, from the exponent bits (a subnormal scaled
    /// first); zeros, infinities and NaN give (x, 0). `e` is `i32` of x's shape.
    pub fn frexp(&self, x: Val) -> (Val, Val) {
        let t = x.ty();
        let i32t = self.with_elem(t, self.int(32));
        let double = super::emit::is_double(t);
        let (smallest, scale_bits, field, shift, bias, half) = if double {
            (f64::MIN_POSITIVE, 54, 0x7ff, 20, 1022, 0x3fe0_0000)
        } else {
            (f64::from(f32::MIN_POSITIVE), 25, 0xff, 23, 126, 0x3f00_0000)
        };
        let tiny = self.fcmp(LLVMRealOLT, self.fabs(x), self.f(t, smallest));
        let xs = self.select(tiny, self.fmul(x, self.f(t, 2f64.powi(scale_bits))), x);
        let (lo, hi) = if double { self.words(xs) } else { (self.i(i32t, 0), self.bitcast(xs, i32t)) };
        let exponent = self.bin(LLVMAnd, self.bin(LLVMLShr, hi, self.i(i32t, shift)), self.i(i32t, field));
        let e = self.bin(LLVMSub, exponent, self.i(i32t, bias));
        let e = self.bin(LLVMSub, e, self.select(tiny, self.i(i32t, scale_bits.into()), self.i(i32t, 0)));
        let keep = !(field << shift) as u32 as i64;
        let mhi = self.bin(LLVMOr, self.bin(LLVMAnd, hi, self.i(i32t, keep)), self.i(i32t, half));
        let m = if double { self.double_of_words(lo, mhi, t) } else { self.bitcast(mhi, t) };
        // zeros, infinities and NaN: themselves, exponent 0
        let special = self.bin(
            LLVMOr,
            self.fcmp(LLVMRealOEQ, x, self.f(t, 0.0)),
            self.fcmp(LLVMRealUEQ, self.fabs(x), self.f(t, f64::INFINITY)),
        );
        (self.select(special, x, m), self.select(special, self.i(i32t, 0), e))
    }

    /// The magnitude of `x` with the sign of `y`, on the bits.
    pub fn copysign_bits(&self, x: Val, y: Val) -> Val {
        let t = x.ty();
        let it = self.int_like(t);
        let w = super::emit::elem(it).int_width();
        let sign = self.i(it, i64::MIN >> (64 - w));
        let magnitude = self.bin(LLVMAnd, self.bitcast(x, it), self.bin(LLVMXor, sign, self.i(it, -1)));
        let bits = self.bin(LLVMOr, magnitude, self.bin(LLVMAnd, self.bitcast(y, it), sign));
        self.bitcast(bits, t)
    }
}

/// The direction of a rounding to an integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in super::super) enum Rounding {
    /// To nearest, ties to even (`rint`).
    Nearest,
    /// Toward zero (`trunc`).
    TowardZero,
    /// Toward -inf (`floor`).
    Down,
    /// Toward +inf (`ceil`).
    Up,
}
