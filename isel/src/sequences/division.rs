//! The division sequences: 32-bit (and narrower) integer division and remainder on the float
//! reciprocal, corrected exactly; 64-bit division and remainder as a long division on 16-bit
//! digits whose estimates come from the 32-bit division; and `frem` of float and half, exact.

use super::{
    add64_into, compare_into, funnel_into, negate_if_into, normalize_into, DOp, Opd, Out, PRef, Prog, Rel,
    Step, A, B, BB,
};

/// Adds an unsigned 32-bit division of `x` by `y`; returns (quotient, remainder).
///
/// An estimate of 2^32/y from the float reciprocal, scaled by 1 - 2^-20 so that it stays below
/// the true value whatever the rounding of the conversions and of `inv`, is refined by one
/// Newton-Raphson step in integers (which keeps it below); the quotient estimate `mulh(x, z)` is
/// then at most two below the quotient, and two conditional corrections finish it.
fn udiv_into(b: &mut B, x: Opd, y: Opd) -> (Opd, Opd) {
    let z = recip_into(b, y);
    udiv_by_into(b, x, y, z, true)
}

/// The integer reciprocal `z` of `y` that [`udiv_by_into`] divides by (see [`udiv_into`]).
fn recip_into(b: &mut B, y: Opd) -> Opd {
    use Opd::*;
    let fy = b.op1(DOp::ToF, y);
    let rcp = b.op1(DOp::FInv, fy);
    let scaled = b.op(DOp::FMul, rcp, Imm(4_294_963_200f32.to_bits()));
    let z = b.op1(DOp::FToU, scaled);
    let neg_y = b.op(DOp::Sub, Imm(0), y);
    let e = b.op(DOp::Mul, neg_y, z);
    let dz = b.op(DOp::MulhU, z, e);
    b.op(DOp::Add, z, dz)
}

/// `x / y` and `x % y` given `z = recip_into(y)`; without `quotient` the quotient's corrections
/// are left out (only the remainder is right).
fn udiv_by_into(b: &mut B, x: Opd, y: Opd, z: Opd, quotient: bool) -> (Opd, Opd) {
    use Opd::*;
    let mut q = b.op(DOp::MulhU, x, z);
    let qy = b.op(DOp::Mul, q, y);
    let mut r = b.op(DOp::Sub, x, qy);
    for _ in 0..2 {
        let p = b.cmp(Rel::Ge, false, r, y);
        if quotient {
            let q1 = b.op(DOp::Add, q, Imm(1));
            q = b.sel(PRef::T(p), q1, q);
        }
        let r1 = b.op(DOp::Sub, r, y);
        r = b.sel(PRef::T(p), r1, r);
    }
    (q, r)
}

/// LLVM's `frem` (C's `fmod`) of inputs 0 and 1, float (or half, widened exactly first), exactly:
/// the significands as integers `mx`, `my` and the exponent difference `d`, the remainder is
/// `(mx * 2^d) mod my`, computed 8 bits of `d` at a time (`r = (r << k) mod my`, 32 steps cover
/// the 253 binades between the largest and the smallest float), then put back at `y`'s exponent
/// (a subnormal when it is small) with `x`'s sign. NaN for a NaN operand, an infinite `x` or a
/// zero `y`; `x` itself when `|x| < |y|` (an infinite `y` included).
pub(crate) fn frem(half: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (x, y) = if half { (b.op1(DOp::HToF, Lo(A)), b.op1(DOp::HToF, Lo(BB))) } else { (Lo(A), Lo(BB)) };
    let ax = b.op(DOp::And, x, Imm(0x7fff_ffff));
    let ay = b.op(DOp::And, y, Imm(0x7fff_ffff));
    let sx = b.op(DOp::And, x, Imm(0x8000_0000));
    let special = b.cmp(Rel::Ge, false, ax, Imm(0x7f80_0000));
    let nan_y = b.cmp(Rel::Gt, false, ay, Imm(0x7f80_0000));
    let zero_y = b.cmp(Rel::Eq, false, ay, Imm(0));
    b.plogic(true, special, nan_y);
    b.plogic(true, special, zero_y);
    let small = b.cmp(Rel::Lt, false, ax, ay);
    // significands with the implicit bit, and exponents (1 for subnormals)
    let mut parts = Vec::new();
    for a in [ax, ay] {
        let e = b.op(DOp::Shr, a, Imm(23));
        let m = b.op(DOp::And, a, Imm(0x7f_ffff));
        let sub = b.cmp(Rel::Eq, false, e, Imm(0));
        let mi = b.op(DOp::Or, m, Imm(0x80_0000));
        let m = b.sel(PRef::T(sub), m, mi);
        let e = b.sel(PRef::T(sub), Imm(1), e);
        parts.push((m, e));
    }
    let ((mx, ex), (my, ey)) = (parts[0], parts[1]);
    let z = recip_into(&mut b, my);
    let r = udiv_by_into(&mut b, mx, my, z, false).1;
    let d = b.op(DOp::Sub, ex, ey);
    // the steps rewrite the same temporaries (a sequence's temporaries are registers)
    let (k, sh, q, r1) = (
        b.op1(DOp::MovU, Imm(0)),
        b.op1(DOp::MovU, Imm(0)),
        b.op1(DOp::MovU, Imm(0)),
        b.op1(DOp::MovU, Imm(0)),
    );
    let (pk, pr) = (b.p(), b.p());
    for _ in 0..32 {
        b.steps.push(Step::Cmp { rel: Rel::Lt, signed: false, p: pk, a: d, b: Imm(8) });
        b.sel_to(k, pk, d, Imm(8));
        b.op_to(sh, DOp::Shl, r, k);
        b.op_to(q, DOp::MulhU, sh, z);
        b.op_to(q, DOp::Mul, q, my);
        b.op_to(r, DOp::Sub, sh, q);
        for _ in 0..2 {
            b.steps.push(Step::Cmp { rel: Rel::Ge, signed: false, p: pr, a: r, b: my });
            b.op_to(r1, DOp::Sub, r, my);
            b.sel_to(r, pr, r1, r);
        }
        b.op_to(d, DOp::Sub, d, k);
    }
    // r * 2^(ey - 150): normal with the leading bit moved to bit 23, or subnormal
    let lz = b.op1(DOp::Lzd, r);
    let s = b.op(DOp::Sub, lz, Imm(8));
    let e = b.op(DOp::Sub, ey, s);
    let normal = b.cmp(Rel::Gt, true, e, Imm(0));
    let m = b.op(DOp::Shl, r, s);
    let m = b.op(DOp::And, m, Imm(0x7f_ffff));
    let eb = b.op(DOp::Shl, e, Imm(23));
    let nb = b.op(DOp::Or, m, eb);
    let sh = b.op(DOp::Sub, ey, Imm(1));
    let sb = b.op(DOp::Shl, r, sh);
    let mag = b.sel(PRef::T(normal), nb, sb);
    let zero = b.cmp(Rel::Eq, false, r, Imm(0));
    let mag = b.sel(PRef::T(zero), Imm(0), mag);
    let res = b.op(DOp::Or, mag, sx);
    let res = b.sel(PRef::T(small), x, res);
    let res = b.sel(PRef::T(special), Imm(0x7fc0_0000), res);
    b.done(Out::Word(res))
}

/// Integer division or remainder of `bits`-bit inputs 0 and 1: [`divide_narrow`] for 8 and 16
/// bits, the float-reciprocal estimate with an integer Newton step and two corrections for 32
/// (narrower inputs extended first).
pub(crate) fn divide(bits: u32, signed: bool, rem: bool) -> Prog {
    use Opd::*;
    if bits <= 16 {
        return divide_narrow(signed, rem);
    }
    let mut b = B::default();
    let ext = if signed { DOp::MovS } else { DOp::MovU };
    let x = b.op1(ext, Lo(A));
    let y = b.op1(ext, Lo(BB));
    if !signed {
        let (q, r) = udiv_into(&mut b, x, y);
        return b.done(Out::Word(if rem { r } else { q }));
    }
    let sx = b.op(DOp::Asr, x, Imm(31));
    let sy = b.op(DOp::Asr, y, Imm(31));
    let ax = b.op(DOp::Xor, x, sx);
    let ax = b.op(DOp::Sub, ax, sx);
    let ay = b.op(DOp::Xor, y, sy);
    let ay = b.op(DOp::Sub, ay, sy);
    let (q, r) = udiv_into(&mut b, ax, ay);
    // quotient negative when the signs differ; remainder takes the dividend's sign
    let s = if rem { sx } else { b.op(DOp::Xor, sx, sy) };
    let v = b.op(DOp::Xor, if rem { r } else { q }, s);
    let v = b.op(DOp::Sub, v, s);
    b.done(Out::Word(v))
}

/// Division or remainder of 8- or 16-bit inputs 0 and 1 through one float division: both are
/// exact as floats (sign-extended when `signed`), and the quotient is the product of the
/// dividend and the reciprocal scaled by 1 + 2^-20, truncated toward zero by the conversion
/// back (which is C's rounding for signed operands too). The scale lifts an exact quotient
/// above its integer whatever the error of `inv` (a few units in the last place, 2^-22 at
/// most) and of the two roundings, and stays below the next integer, which is at least
/// `1/(|x| + |y|)`, 2^-17, away in relative terms for operands below 2^16. The remainder is `x - q * y`, right
/// in its low 16 bits whatever the extension. A zero divisor (undefined in LLVM) gives what the
/// conversion of an infinity or NaN gives.
pub(crate) fn divide_narrow(signed: bool, rem: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (to_float, to_int) = if signed { (DOp::SToF, DOp::FToS) } else { (DOp::ToF, DOp::FToU) };
    let fx = b.op1(to_float, Lo(A));
    let fy = b.op1(to_float, Lo(BB));
    let r = b.op1(DOp::FInv, fy);
    let r = b.op(DOp::FMul, r, Imm((1.0f32 + 2f32.powi(-20)).to_bits()));
    let p = b.op(DOp::FMul, fx, r);
    let q = b.op1(to_int, p);
    if !rem {
        return b.done(Out::Word(q));
    }
    let qy = b.op(DOp::Mul, q, Lo(BB));
    let r = b.op(DOp::Sub, Lo(A), qy);
    b.done(Out::Word(r))
}

/// Adds the correction of a 16-bit quotient digit `q` estimated from the top half `vn1` of the
/// normalized divisor (Knuth's algorithm D, step D3): while `q` is not a digit or `q * vn0`
/// exceeds the partial remainder `rhat:un`, `q` is one too large; at most two rounds are needed.
fn correct_digit_into(b: &mut B, mut q: Opd, mut rhat: Opd, vn1: Opd, vn0: Opd, un: Opd) -> Opd {
    use Opd::*;
    for _ in 0..2 {
        let big = b.cmp(Rel::Ge, false, q, Imm(0x1_0000));
        let lhs = b.op(DOp::Mul, q, vn0);
        let rs = b.op(DOp::Shl, rhat, Imm(16));
        let rs = b.op(DOp::Or, rs, un);
        let over = b.cmp(Rel::Gt, false, lhs, rs);
        let p = b.plogic(true, big, over);
        // the product test is meaningful only while rhat is a digit; once it is not, q is right
        let small = b.cmp(Rel::Lt, false, rhat, Imm(0x1_0000));
        let p = b.plogic(false, p, small);
        let q1 = b.op(DOp::Sub, q, Imm(1));
        let r1 = b.op(DOp::Add, rhat, vn1);
        q = b.sel(PRef::T(p), q1, q);
        rhat = b.sel(PRef::T(p), r1, rhat);
    }
    q
}

/// Adds the division of the 64-bit `u1:u0` by the dword `v` when `u1 < v` (so the quotient fits
/// a dword): Knuth's algorithm D on 16-bit digits after normalizing `v`, each digit estimated
/// by [`udiv_into`] and corrected by [`correct_digit_into`]. Returns (quotient, remainder).
pub(super) fn udiv_long_into(b: &mut B, u1: Opd, u0: Opd, v: Opd) -> (Opd, Opd) {
    use Opd::*;
    let (s, r) = normalize_into(b, v);
    let vn = b.op(DOp::Shl, v, s);
    let vn1 = b.op(DOp::Shr, vn, Imm(16));
    let vn0 = b.op(DOp::And, vn, Imm(0xffff));
    let un32 = funnel_into(b, u1, u0, s, r);
    let un10 = b.op(DOp::Shl, u0, s);
    let un1 = b.op(DOp::Shr, un10, Imm(16));
    let un0 = b.op(DOp::And, un10, Imm(0xffff));
    let (q1, rhat) = udiv_into(b, un32, vn1);
    let q1 = correct_digit_into(b, q1, rhat, vn1, vn0, un1);
    // the partial remainder (un32:un1) - q1 * vn, below vn
    let t = b.op(DOp::Shl, un32, Imm(16));
    let t = b.op(DOp::Or, t, un1);
    let p = b.op(DOp::Mul, q1, vn);
    let un21 = b.op(DOp::Sub, t, p);
    let (q0, rhat) = udiv_into(b, un21, vn1);
    let q0 = correct_digit_into(b, q0, rhat, vn1, vn0, un0);
    let q = b.op(DOp::Shl, q1, Imm(16));
    let q = b.op(DOp::Or, q, q0);
    let t = b.op(DOp::Shl, un21, Imm(16));
    let t = b.op(DOp::Or, t, un0);
    let p = b.op(DOp::Mul, q0, vn);
    let rem = b.op(DOp::Sub, t, p);
    let rem = b.op(DOp::Shr, rem, s);
    (q, rem)
}

/// Adds an unsigned 64-bit division of pair `x` by pair `y`; returns (quotient, remainder).
///
/// Both of Hacker's Delight's cases are computed and the lanes pick theirs: a divisor below 2^32
/// divides the high dword first and then the remainder with the low dword; a larger divisor,
/// normalized to its top 32 bits `yn`, divides `x >> 1` by `yn`, which after undoing the shifts
/// and subtracting one is the quotient or one below it; a last compare of the remainder decides.
/// The one long division ([`udiv_long_into`]) serves both cases with their operands selected.
fn udiv64_into(b: &mut B, x: (Opd, Opd), y: (Opd, Opd)) -> ((Opd, Opd), (Opd, Opd)) {
    use Opd::*;
    let ((x0, x1), (y0, y1)) = (x, y);
    let small = b.cmp(Rel::Eq, false, y1, Imm(0));
    let (qa1, ra1) = udiv_into(b, x1, y0);
    let (s, r) = normalize_into(b, y1);
    let yn = funnel_into(b, y1, y0, s, r);
    let xs1 = b.op(DOp::Shr, x1, Imm(1));
    let xs0 = funnel_into(b, x1, x0, Imm(31), Imm(0));
    let u1 = b.sel(PRef::T(small), ra1, xs1);
    let u0 = b.sel(PRef::T(small), x0, xs0);
    let v = b.sel(PRef::T(small), y0, yn);
    let (ql, rl) = udiv_long_into(b, u1, u0, v);
    // large divisor: q = (ql >> (31 - s)) - 1 unless 0, then + 1 where x - q * y >= y
    let qb = b.op(DOp::Shr, ql, r);
    let nz = b.cmp(Rel::Ne, false, qb, Imm(0));
    let qb1 = b.op(DOp::Sub, qb, Imm(1));
    let qb = b.sel(PRef::T(nz), qb1, qb);
    let plo = b.op(DOp::Mul, qb, y0);
    let phi = b.op(DOp::MulhU, qb, y0);
    let t = b.op(DOp::Mul, qb, y1);
    let phi = b.op(DOp::Add, phi, t);
    let rb = add64_into(b, true, x, (plo, phi));
    let ge = compare_into(b, Rel::Ge, false, rb, y);
    let qb1 = b.op(DOp::Add, qb, Imm(1));
    let qb = b.sel(PRef::T(ge), qb1, qb);
    let rb1 = add64_into(b, true, rb, y);
    let rb0 = b.sel(PRef::T(ge), rb1.0, rb.0);
    let rbh = b.sel(PRef::T(ge), rb1.1, rb.1);
    let q0 = b.sel(PRef::T(small), ql, qb);
    let q1 = b.sel(PRef::T(small), qa1, Imm(0));
    let r0 = b.sel(PRef::T(small), rl, rb0);
    let r1 = b.sel(PRef::T(small), Imm(0), rbh);
    ((q0, q1), (r0, r1))
}

/// 64-bit integer division or remainder of inputs 0 and 1, for parts without 64-bit division
/// (all of them: vISA `div`/`mod` take no q/uq operands). Signed division divides the magnitudes
/// and sets the signs after (`i64::MIN / -1` wraps to `i64::MIN`, remainder 0). A zero divisor
/// (LLVM: undefined behaviour) gives all ones (-1) as the quotient and the dividend as the
/// remainder, as RISC-V defines it; the sequence is straight-line, so it always ends.
pub(crate) fn divide64(signed: bool, rem: bool) -> Prog {
    use Opd::*;
    let mut b = B::default();
    let (x, y) = ((Lo(A), Hi(A)), (Lo(BB), Hi(BB)));
    let (lo, hi) = if signed {
        let sx = b.op(DOp::Asr, x.1, Imm(31));
        let sy = b.op(DOp::Asr, y.1, Imm(31));
        let ax = negate_if_into(&mut b, x, sx);
        let ay = negate_if_into(&mut b, y, sy);
        let (q, r) = udiv64_into(&mut b, ax, ay);
        // quotient negative when the signs differ; remainder takes the dividend's sign
        let s = if rem { sx } else { b.op(DOp::Xor, sx, sy) };
        negate_if_into(&mut b, if rem { r } else { q }, s)
    } else {
        let (q, r) = udiv64_into(&mut b, x, y);
        if rem {
            r
        } else {
            q
        }
    };
    let zero = compare_into(&mut b, Rel::Eq, false, y, (Imm(0), Imm(0)));
    let by_zero = if rem { x } else { (Imm(u32::MAX), Imm(u32::MAX)) };
    let lo = b.sel(PRef::T(zero), by_zero.0, lo);
    let hi = b.sel(PRef::T(zero), by_zero.1, hi);
    b.done(Out::Pair(lo, hi))
}
