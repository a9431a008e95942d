//! The element-wise intrinsics of the GenX IR (min/max, abs, saturation, the extended math
//! functions, rounding, bit operations, the saturating `<r><s><op>` family and the generic
//! `llvm.*` ones) on per-element bit patterns. An undefined operand element gives an undefined
//! result element. Math functions follow the shared precision model of [`crate::math`]: computed
//! in `f64` from the exact operands and rounded once to the result type.

use super::Bits;
use crate::error::SimError;
use crate::math;
use genxc_genx::intrinsics::{IntrinsicId, SatOp};
use genxc_genx::ir::{sign_extend, truncate_bits};
use genxc_genx::{Elem, Type};

/// `max` (or `min`) of two floats as the vISA instruction computes it: the other operand when one
/// is NaN, and -0 below +0.
fn float_min_max(max: bool, x: f64, y: f64) -> f64 {
    if x.is_nan() {
        return y;
    }
    if y.is_nan() {
        return x;
    }
    let x_below = if x == y { x.is_sign_negative() && !y.is_sign_negative() } else { x < y };
    if x_below == max {
        y
    } else {
        x
    }
}

/// A float element's value.
pub(super) fn to_f64(bits: u64, e: Elem) -> f64 {
    match e {
        Elem::Half => half::f16::from_bits(bits as u16).to_f64(),
        Elem::Float => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    }
}

/// A value rounded once (to nearest even) to a float element's bits.
pub(super) fn from_f64(v: f64, e: Elem) -> u64 {
    match e {
        Elem::Half => u64::from(half::f16::from_f64(v).to_bits()),
        Elem::Float => u64::from((v as f32).to_bits()),
        _ => v.to_bits(),
    }
}

/// Applies `op` lane by lane (operands of one element are broadcast).
fn map(n: usize, ops: &[&Bits], mut op: impl FnMut(&[u64]) -> Option<u64>) -> Result<Bits, SimError> {
    if ops.iter().any(|o| o.len() != n && o.len() != 1) {
        return Err(SimError::Malformed("intrinsic operand lengths differ from the result".into()));
    }
    let mut vals = vec![0u64; ops.len()];
    Ok((0..n)
        .map(|i| {
            for (k, o) in ops.iter().enumerate() {
                vals[k] = o[if o.len() == 1 { 0 } else { i }]?;
            }
            op(&vals)
        })
        .collect())
}

fn int_range(e: Elem, signed: bool) -> (i128, i128) {
    let w = e.bits();
    if signed {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    }
}

/// Rounds a float to the nearest integer, ties to even.
fn round_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 {
        2.0 * (x / 2.0).round()
    } else {
        r
    }
}

/// Evaluates `id` if it is an element-wise intrinsic this module knows (`None` otherwise).
pub(super) fn eval(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type) -> Option<Result<Bits, SimError>> {
    use IntrinsicId::*;
    let n = ty.num_elems() as usize;
    let re = ty.elem().unwrap_or(Elem::I32);
    let oe = tys.first().and_then(|t| t.elem()).unwrap_or(re);
    let a: Vec<&Bits> = args.iter().collect();
    let need = |k: usize| -> Result<(), SimError> {
        if args.len() < k {
            Err(SimError::Malformed(format!("{} takes {k} operands", id.name())))
        } else {
            Ok(())
        }
    };
    let float_op = |f: fn(f64) -> f64| -> Result<Bits, SimError> {
        need(1)?;
        map(n, &a[..1], |v| Some(from_f64(f(to_f64(v[0], oe)), re)))
    };
    let float_op2 = |f: fn(f64, f64) -> f64| -> Result<Bits, SimError> {
        need(2)?;
        map(n, &a[..2], |v| Some(from_f64(f(to_f64(v[0], oe), to_f64(v[1], oe)), re)))
    };
    let int_op2 = |f: &dyn Fn(u64, u64) -> u64| -> Result<Bits, SimError> {
        need(2)?;
        map(n, &a[..2], |v| Some(truncate_bits(f(v[0], v[1]), re)))
    };
    let s = |x: u64| sign_extend(x, oe);
    let r = match id {
        Smin | LlvmSmin => int_op2(&|x, y| if s(x) <= s(y) { x } else { y }),
        Smax | LlvmSmax => int_op2(&|x, y| if s(x) >= s(y) { x } else { y }),
        Umin | LlvmUmin => int_op2(&|x, y| x.min(y)),
        Umax | LlvmUmax => int_op2(&|x, y| x.max(y)),
        Smulh => int_op2(&|x, y| ((i128::from(s(x)) * i128::from(s(y))) >> oe.bits()) as u64),
        Umulh => int_op2(&|x, y| ((u128::from(x) * u128::from(y)) >> oe.bits()) as u64),
        Add3 => {
            if let Err(e) = need(3) {
                return Some(Err(e));
            }
            map(n, &a[..3], |v| Some(truncate_bits(v[0].wrapping_add(v[1]).wrapping_add(v[2]), re)))
        }
        // vISA `min`/`max` (what `genx.fmin`/`genx.fmax` are): IEEE minNum/maxNum (a NaN
        // operand gives the other one), and -0 orders below +0. LLVM's minnum/maxnum may return
        // either zero; they select to the same instructions, so they take the same rule.
        Fmin | LlvmMinnum => float_op2(|x, y| float_min_max(false, x, y)),
        Fmax | LlvmMaxnum => float_op2(|x, y| float_min_max(true, x, y)),
        Absi => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            map(n, &a[..1], |v| Some(truncate_bits(s(v[0]).wrapping_abs() as u64, re)))
        }
        Absf | LlvmFabs => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            let sign = 1u64 << (re.bits() - 1);
            map(n, &a[..1], |v| Some(v[0] & !sign))
        }
        LlvmCopysign => {
            if let Err(e) = need(2) {
                return Some(Err(e));
            }
            let sign = 1u64 << (re.bits() - 1);
            map(n, &a[..2], |v| Some((v[0] & !sign) | (v[1] & sign)))
        }
        Sat if re.is_float() => float_op(|x| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) }),
        Sat => Err(SimError::NotModeled("llvm.genx.sat of an integer".into())),
        Inv => float_op(math::inv),
        Log | LlvmLog2 => float_op(math::log2),
        Exp | LlvmExp2 => float_op(math::exp2),
        Sin | LlvmSin => float_op(math::sin),
        Cos | LlvmCos => float_op(math::cos),
        Sqrt | IeeeSqrt | LlvmSqrt => float_op(math::sqrt),
        Rsqrt => float_op(math::rsqrt),
        Pow | LlvmPow => float_op2(math::pow),
        IeeeDiv => float_op2(math::div),
        Rndd | LlvmFloor => float_op(f64::floor),
        Rndu | LlvmCeil => float_op(f64::ceil),
        Rndz | LlvmTrunc => float_op(f64::trunc),
        Rnde | LlvmRint | LlvmNearbyint | LlvmRoundeven => float_op(round_even),
        LlvmRound => float_op(f64::round),
        Frc => float_op(|x| x - x.floor()),
        LlvmFma | LlvmFmuladd => {
            if let Err(e) = need(3) {
                return Some(Err(e));
            }
            map(n, &a[..3], |v| {
                Some(match re {
                    Elem::Float => u64::from(
                        f32::from_bits(v[0] as u32)
                            .mul_add(f32::from_bits(v[1] as u32), f32::from_bits(v[2] as u32))
                            .to_bits(),
                    ),
                    Elem::Double => {
                        f64::from_bits(v[0]).mul_add(f64::from_bits(v[1]), f64::from_bits(v[2])).to_bits()
                    }
                    e => from_f64(to_f64(v[0], e).mul_add(to_f64(v[1], e), to_f64(v[2], e)), e),
                })
            })
        }
        FptosiSat | FptouiSat => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            let (lo, hi) = int_range(re, id == FptosiSat);
            map(n, &a[..1], |v| {
                let x = to_f64(v[0], oe);
                let i = if x.is_nan() { 0 } else { (x.trunc().clamp(lo as f64, hi as f64)) as i128 };
                Some(truncate_bits(i.clamp(lo, hi) as u64, re))
            })
        }
        Bfrev | LlvmBitreverse => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            let w = oe.bits();
            map(n, &a[..1], |v| Some(truncate_bits(v[0].reverse_bits() >> (64 - w), re)))
        }
        Cbit | LlvmCtpop => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            map(n, &a[..1], |v| Some(u64::from(v[0].count_ones())))
        }
        Lzd | LlvmCtlz => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            let w = oe.bits();
            map(n, &a[..1], |v| Some(u64::from(v[0].leading_zeros() - (64 - w))))
        }
        Bfi => {
            if let Err(e) = need(4) {
                return Some(Err(e));
            }
            // width and offset are taken modulo 32; the field of the third operand shifted to the
            // offset replaces the same bits of the fourth
            map(n, &a[..4], |v| {
                let (w, o) = (v[0] & 31, v[1] & 31);
                let mask = ((1u64 << w) - 1) << o;
                Some(truncate_bits(((v[2] << o) & mask) | (v[3] & !mask), re))
            })
        }
        Bfn => {
            if let Err(e) = need(4) {
                return Some(Err(e));
            }
            // bit i of the function is the result for the source bits a | b << 1 | c << 2 = i
            // (vISA's BFN: source 0 is the low index bit, `0xAA`)
            map(n, &a[..4], |v| {
                let f = v[3] as u8;
                let r = (0..8u64).filter(|i| f >> i & 1 == 1).fold(0u64, |acc, i| {
                    let pick = |x: u64, bit: u64| if i >> bit & 1 == 1 { x } else { !x };
                    acc | (pick(v[0], 0) & pick(v[1], 1) & pick(v[2], 2))
                });
                Some(truncate_bits(r, re))
            })
        }
        Sbfe | Ubfe => {
            if let Err(e) = need(3) {
                return Some(Err(e));
            }
            // `width` bits from `offset` (both modulo 32), bits past 31 not read; sign-extended
            // from the field's top bit for sbfe
            map(n, &a[..3], |v| {
                let (w, o) = (v[0] & 31, v[1] & 31);
                if w == 0 {
                    return Some(0);
                }
                let src = v[2] & 0xffff_ffff;
                let w = w.min(32 - o);
                let field = (src >> o) & ((1u64 << w) - 1);
                let r =
                    if id == Sbfe && field >> (w - 1) & 1 == 1 { field | !((1u64 << w) - 1) } else { field };
                Some(truncate_bits(r, re))
            })
        }
        Sfbh | Ufbh => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            // the position, counted from the top bit, of the first bit that differs from the sign
            // (sfbh) or is set (ufbh); all ones when there is none
            map(n, &a[..1], |v| {
                let x = v[0] as u32;
                let r = match (id == Sfbh, x) {
                    (true, 0 | 0xffff_ffff) | (false, 0) => 0xffff_ffff,
                    (true, x) if (x as i32) < 0 => u64::from((!x).leading_zeros()),
                    (_, x) => u64::from(x.leading_zeros()),
                };
                Some(truncate_bits(r, re))
            })
        }
        Rol | Ror => {
            if let Err(e) = need(2) {
                return Some(Err(e));
            }
            let w = oe.bits();
            let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
            map(n, &a[..2], |v| {
                let c = (v[1] % u64::from(w)) as u32;
                let x = v[0] & mask;
                let r = if c == 0 {
                    x
                } else if id == Rol {
                    (x << c | x >> (w - c)) & mask
                } else {
                    (x >> c | x << (w - c)) & mask
                };
                Some(truncate_bits(r, re))
            })
        }
        Convert => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            map(n, &a[..1], |v| Some(v[0]))
        }
        LlvmCttz => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            let w = oe.bits();
            map(n, &a[..1], |v| Some(u64::from(v[0].trailing_zeros().min(w))))
        }
        Any | All => {
            if let Err(e) = need(1) {
                return Some(Err(e));
            }
            let v = args[0].iter().map(|b| b.map(|b| b & 1 == 1)).collect::<Vec<_>>();
            let r = if id == Any {
                if v.contains(&Some(true)) {
                    Some(1)
                } else if v.contains(&None) {
                    None
                } else {
                    Some(0)
                }
            } else if v.contains(&Some(false)) {
                Some(0)
            } else if v.contains(&None) {
                None
            } else {
                Some(1)
            };
            Ok(vec![r])
        }
        LlvmSaddSat | LlvmUaddSat | LlvmSsubSat | LlvmUsubSat => {
            if let Err(e) = need(2) {
                return Some(Err(e));
            }
            let signed = matches!(id, LlvmSaddSat | LlvmSsubSat);
            let sub = matches!(id, LlvmSsubSat | LlvmUsubSat);
            let (lo, hi) = int_range(re, signed);
            map(n, &a[..2], |v| {
                let x = |b: u64| if signed { i128::from(sign_extend(b, re)) } else { i128::from(b) };
                let r = if sub { x(v[0]) - x(v[1]) } else { x(v[0]) + x(v[1]) };
                Some(truncate_bits(r.clamp(lo, hi) as u64, re))
            })
        }
        BfCvt | Tf32Cvt | QfCvt | Srnd => low_precision(id, &a, oe, re, n),
        Umadw | Smadw => {
            if let Err(e) = need(3) {
                return Some(Err(e));
            }
            // the low halves of a*b+c in the first half of the result, the high in the second;
            // the lanes past the operands' undefined
            let (half, k) = (n / 2, args[0].len());
            if k > half || args.iter().any(|x| x.len() != k) {
                return Some(Err(SimError::Malformed(format!("{}: {k} lanes into {n}", id.name()))));
            }
            let wide: Vec<Option<u64>> = (0..k)
                .map(|i| {
                    let v = |j: usize| args[j][i];
                    let (x, y, z) = (v(0)?, v(1)?, v(2)?);
                    Some(if id == Smadw {
                        let s = |b: u64| i64::from(b as u32 as i32);
                        (s(x) * s(y) + s(z)) as u64
                    } else {
                        (x & 0xffff_ffff) * (y & 0xffff_ffff) + (z & 0xffff_ffff)
                    })
                })
                .collect();
            Ok((0..n)
                .map(|i| match (i < half, i % half < k) {
                    (_, false) => None,
                    (true, true) => wide[i].map(|w| w & 0xffff_ffff),
                    (false, true) => wide[i - half].map(|w| w >> 32),
                })
                .collect())
        }
        Line => {
            if let Err(e) = need(2) {
                return Some(Err(e));
            }
            if args[0].len() != 4 {
                return Some(Err(SimError::Malformed("llvm.genx.line takes 4 coefficients".into())));
            }
            let (p, q) = (args[0][0], args[0][3]);
            map(n, &a[1..2], |v| {
                Some(from_f64(math::line(to_f64(p?, oe), to_f64(q?, oe), to_f64(v[0], oe)), re))
            })
        }
        Pln => {
            if let Err(e) = need(2) {
                return Some(Err(e));
            }
            // p, q, r: coefficients 0, 1, 3; per 8 lanes, 8 u then 8 v of the second operand
            if args[0].len() != 4 || args[1].len() != 2 * n || !matches!(n, 8 | 16) {
                return Some(Err(SimError::Malformed(
                    "llvm.genx.pln takes 4 coefficients and 16 or 32 floats".into(),
                )));
            }
            let c = |k: usize| args[0][k].map(|b| to_f64(b, oe));
            let uv = |k: usize| args[1][k].map(|b| to_f64(b, re));
            Ok((0..n)
                .map(|i| {
                    let (u, v) = (uv((i / 8) * 16 + i % 8)?, uv((i / 8) * 16 + 8 + i % 8)?);
                    Some(from_f64(math::plane(c(0)?, c(1)?, c(3)?, u, v), re))
                })
                .collect())
        }
        Lrp => {
            if let Err(e) = need(3) {
                return Some(Err(e));
            }
            map(n, &a[..3], |v| {
                Some(from_f64(math::lrp(to_f64(v[0], oe), to_f64(v[1], oe), to_f64(v[2], oe)), re))
            })
        }
        Dp2 | Dp3 | Dp4 | Dph => {
            if let Err(e) = need(2) {
                return Some(Err(e));
            }
            let (lanes, homogeneous) = match id {
                Dp2 => (2, false),
                Dp3 => (3, false),
                Dp4 => (4, false),
                _ => (3, true),
            };
            grouped(n, 4, &a, |g, _| {
                let x = |k: usize| -> [f64; 4] { std::array::from_fn(|j| to_f64(g[k][j], oe)) };
                Some(from_f64(math::dot(lanes, homogeneous, x(0), x(1)), re))
            })
        }
        Ssad2 | Usad2 | Sssad2add | Sssad2addSat | Susad2add | Susad2addSat | Ussad2add | Ussad2addSat
        | Uusad2add | Uusad2addSat => {
            let short = id.short_name();
            let add = short.contains("add");
            if let Err(e) = need(if add { 3 } else { 2 }) {
                return Some(Err(e));
            }
            // <sign>sad2, <result sign><operand sign>sad2add
            let signed_args =
                if add { short.as_bytes().get(1) == Some(&b's') } else { short.starts_with('s') };
            let signed_result = short.starts_with('s');
            let sat = short.ends_with(".sat");
            let (lo, hi) = int_range(re, signed_result);
            let val = |b: u64| if signed_args { i128::from(sign_extend(b, oe)) } else { i128::from(b) };
            grouped(n, 2, &a, |g, lane| {
                if lane % 2 == 1 {
                    return None;
                }
                let mut r = (val(g[0][0]) - val(g[1][0])).abs() + (val(g[0][1]) - val(g[1][1])).abs();
                if add {
                    let c = g[2][0];
                    r += if signed_result { i128::from(sign_extend(c, re)) } else { i128::from(c) };
                }
                if sat {
                    r = r.clamp(lo, hi);
                }
                Some(truncate_bits(r as u64, re))
            })
        }
        _ => return sat_arith(id, args, tys, ty),
    };
    Some(r)
}

/// The `llvm.genx.<r><s><op>[.sat]` family: computed exactly, then clamped to the result type
/// (saturated forms) or truncated.
/// An operation across lanes: each lane's result from the elements of its group of `size` lanes
/// in every operand (`f` gets them, and the lane's index); undefined where any of them is.
fn grouped(
    n: usize,
    size: usize,
    a: &[&Bits],
    f: impl Fn(&[Vec<u64>], usize) -> Option<u64>,
) -> Result<Bits, SimError> {
    if !n.is_multiple_of(size) || a.iter().any(|x| x.len() < n) {
        return Err(SimError::Malformed(format!("an operation on groups of {size} lanes of {n} lanes")));
    }
    Ok((0..n)
        .map(|i| {
            let base = i - i % size;
            let g: Option<Vec<Vec<u64>>> = a
                .iter()
                .map(|x| x[base..base + size].iter().copied().collect::<Option<Vec<u64>>>())
                .collect();
            g.and_then(|g| f(&g, i))
        })
        .collect())
}

/// The conversions of [`crate::low_precision`] and `bf.cvt` (bfloat16 held in a half) from
/// operand elements `from` to result elements `to`.
fn low_precision(id: IntrinsicId, a: &[&Bits], from: Elem, to: Elem, n: usize) -> Result<Bits, SimError> {
    use crate::low_precision as lp;
    use IntrinsicId::*;
    let k = if id == Srnd { 2 } else { 1 };
    if a.len() < k {
        return Err(SimError::Malformed(format!("{} takes {k} operands", id.name())));
    }
    let f: fn(&[u64]) -> u64 = match (id, from, to) {
        (BfCvt, Elem::Float, Elem::Half) => |v| u64::from(lp::bf16_from_f64(to_f64(v[0], Elem::Float))),
        (BfCvt, Elem::Half, Elem::Float) => {
            |v| u64::from(half::bf16::from_bits(v[0] as u16).to_f32().to_bits())
        }
        (Tf32Cvt, Elem::Float, Elem::I32) => |v| u64::from(lp::tf32_from_f32(v[0] as u32)),
        (QfCvt, Elem::Half, Elem::I8) => |v| u64::from(lp::bf8_from_hf(v[0] as u16)),
        (QfCvt, Elem::I8, Elem::Half) => |v| u64::from(lp::hf_from_bf8(v[0] as u8)),
        (Srnd, Elem::Float, Elem::Half) => |v| u64::from(lp::srnd_f32_to_hf(v[0] as u32, v[1] as u32)),
        (Srnd, Elem::Half, Elem::I8) => |v| u64::from(lp::srnd_hf_to_bf8(v[0] as u16, v[1] as u32)),
        _ => {
            return Err(SimError::NotModeled(format!("{} from {from:?} to {to:?}", id.name()).to_lowercase()))
        }
    };
    map(n, &a[..k], |v| Some(f(v)))
}

fn sat_arith(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type) -> Option<Result<Bits, SimError>> {
    let sa = id.sat_arith()?;
    let n = ty.num_elems() as usize;
    let re = ty.elem().unwrap_or(Elem::I32);
    let se = tys.first().and_then(|t| t.elem()).unwrap_or(re);
    if se.is_float() || re.is_float() {
        return Some(Err(SimError::NotModeled(format!("{} on floating-point values", id.name()))));
    }
    let arity = match sa.op {
        SatOp::Trunc => 1,
        SatOp::Mad | SatOp::Add3 | SatOp::Dp4a => 3,
        _ => 2,
    };
    if args.len() < arity {
        return Some(Err(SimError::Malformed(format!("{} takes {arity} operands", id.name()))));
    }
    let ops: Vec<&Bits> = args[..arity].iter().collect();
    let val = |x: u64| if sa.src_signed { i128::from(sign_extend(x, se)) } else { i128::from(x) };
    let (lo, hi) = int_range(re, sa.dst_signed);
    Some(map(n, &ops, |v| {
        let x: Vec<i128> = v.iter().map(|&b| val(b)).collect();
        let r = match sa.op {
            SatOp::Add => x[0] + x[1],
            SatOp::Mul => x[0] * x[1],
            SatOp::Trunc => x[0],
            SatOp::Shl => {
                let sh = (v[1] & 0x3f) as u32;
                x[0] << sh
            }
            SatOp::Avg => (x[0] + x[1] + 1) >> 1,
            SatOp::Mad => x[0] * x[1] + x[2],
            SatOp::Add3 => x[0] + x[1] + x[2],
            SatOp::Dp4a => {
                // the four bytes of the second and third operands, of the operands' signedness
                let byte = |b: u64, k: u32| {
                    let b = (b >> (8 * k)) as u8;
                    if sa.src_signed {
                        i128::from(b as i8)
                    } else {
                        i128::from(b)
                    }
                };
                x[0] + (0..4).map(|k| byte(v[1], k) * byte(v[2], k)).sum::<i128>()
            }
        };
        let r = if sa.sat { r.clamp(lo, hi) } else { r };
        Some(truncate_bits(r as u64, re))
    }))
}

#[cfg(test)]
mod min_max_tests {
    use super::float_min_max;

    #[test]
    fn signed_zeros_order_minus_below_plus() {
        for (a, b) in [(-0.0, 0.0), (0.0, -0.0)] {
            assert!(float_min_max(true, a, b).is_sign_positive());
            assert!(float_min_max(false, a, b).is_sign_negative());
        }
        assert_eq!(float_min_max(true, f64::NAN, 2.0), 2.0);
        assert_eq!(float_min_max(false, 1.0, f64::NAN), 1.0);
        assert_eq!(float_min_max(true, -3.0, 2.0), 2.0);
        assert_eq!(float_min_max(false, -3.0, 2.0), -3.0);
    }
}

#[cfg(test)]
mod bit_op_tests {
    use super::eval;
    use genxc_genx::intrinsics::IntrinsicId::{self, *};
    use genxc_genx::{Elem, Type};

    /// `id` on dword scalars `args`, as the reference computes it.
    fn dword(id: IntrinsicId, args: &[u32]) -> u32 {
        let bits: Vec<_> = args.iter().map(|&a| vec![Some(u64::from(a))]).collect();
        let tys = vec![Type::Scalar(Elem::I32); args.len()];
        let r = eval(id, &bits, &tys, Type::Scalar(Elem::I32)).expect("known").expect("evaluates");
        r[0].expect("defined") as u32
    }

    #[test]
    fn bit_fields_insert_and_extract_exact_values() {
        // bfi(width, offset, value, base)
        assert_eq!(dword(Bfi, &[8, 4, 0xab, 0xffff_ffff]), 0xffff_fabf);
        assert_eq!(dword(Bfi, &[0, 4, 0xab, 0x1234_5678]), 0x1234_5678);
        assert_eq!(dword(Bfi, &[4, 28, 0x5, 0]), 0x5000_0000);
        assert_eq!(dword(Bfi, &[40, 36, 0xf, 0]), 0xf0, "width and offset modulo 32");
        // sbfe/ubfe(width, offset, source)
        assert_eq!(dword(Ubfe, &[8, 4, 0x0000_0f80]), 0xf8);
        assert_eq!(dword(Sbfe, &[8, 4, 0x0000_0f80]), 0xffff_fff8);
        assert_eq!(dword(Sbfe, &[8, 4, 0x0000_0780]), 0x78);
        assert_eq!(dword(Ubfe, &[0, 4, 0xffff_ffff]), 0);
        assert_eq!(dword(Ubfe, &[16, 24, 0xab00_0000]), 0xab, "bits past 31 are not read");
        assert_eq!(dword(Sbfe, &[16, 24, 0xab00_0000]), 0xffff_ffab);
    }

    #[test]
    fn first_bit_high_and_rotates_exact_values() {
        assert_eq!(dword(Ufbh, &[0]), 0xffff_ffff);
        assert_eq!(dword(Ufbh, &[1]), 31);
        assert_eq!(dword(Ufbh, &[0x8000_0000]), 0);
        assert_eq!(dword(Sfbh, &[0]), 0xffff_ffff);
        assert_eq!(dword(Sfbh, &[0xffff_ffff]), 0xffff_ffff);
        assert_eq!(dword(Sfbh, &[0xffff_0000]), 16, "the first zero below the sign");
        assert_eq!(dword(Sfbh, &[0x0000_ffff]), 16);
        assert_eq!(dword(Sfbh, &[0x8000_0000]), 1);
        assert_eq!(dword(Rol, &[0x8000_0001, 1]), 0x0000_0003);
        assert_eq!(dword(Ror, &[0x8000_0001, 1]), 0xc000_0000);
        assert_eq!(dword(Rol, &[0x1234_5678, 32]), 0x1234_5678);
        assert_eq!(dword(Ror, &[0x1234_5678, 36]), 0x8123_4567);
    }

    #[test]
    fn three_source_adds_and_dot_products_exact_values() {
        assert_eq!(dword(Add3, &[u32::MAX, 2, 3]), 4);
        assert_eq!(dword(Ssadd3Sat, &[0x7fff_ffff, 1, 1]), 0x7fff_ffff);
        assert_eq!(dword(Ssadd3Sat, &[0x8000_0000, 0xffff_ffff, 5]), 0x8000_0004);
        assert_eq!(dword(Ssadd3Sat, &[0x8000_0000, 0xffff_ffff, 0xffff_fffe]), 0x8000_0000);
        assert_eq!(dword(Uuadd3Sat, &[u32::MAX, 1, 0]), u32::MAX);
        assert_eq!(dword(Usadd3Sat, &[0xffff_ffff, 0, 0]), 0, "-1 clamps to 0 unsigned");
        // dp4a: accumulator + the dot product of the bytes
        let (a, b) = (0x0102_03ff_u32, 0x0102_0302_u32);
        assert_eq!(dword(Uudp4a, &[10, a, b]), 10 + 1 + 4 + 9 + 255 * 2);
        assert_eq!(dword(Ssdp4a, &[10, a, b]), 10 + 1 + 4 + 9 - 2);
        assert_eq!(dword(Uudp4aSat, &[u32::MAX, a, b]), u32::MAX);
        assert_eq!(dword(Ssdp4aSat, &[0x7fff_fff0, 0x7f7f_7f7f, 0x7f7f_7f7f]), 0x7fff_ffff);
        assert_eq!(dword(Uudp4a, &[u32::MAX, 0x01, 0x01]), 0, "wraps without .sat");
    }

    #[test]
    fn convert_is_a_copy() {
        assert_eq!(dword(Convert, &[0xdead_beef]), 0xdead_beef);
    }
}
