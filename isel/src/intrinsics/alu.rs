//! Element-wise intrinsics as ALU instructions: the `llvm.genx.*` and `llvm.*` operations on
//! lanes (saturation, min/max, math functions, bit operations, conversions, dot products,
//! saturating arithmetic) given as an [`AluDesc`] the selector emits like any ALU instruction.

use crate::availability::AluFeature;
use crate::{signed_type, unsigned_type, AluDesc, Op, Operand, Operands, Selector, R};
use genxc_diag::{invalid, not_available, unsupported};
use genxc_genx::intrinsics::{IntrinsicId, SatOp};
use genxc_genx::ir::Value;
use genxc_genx::{Elem, Type};
use genxc_visa::model as m;
use genxc_visa::model::{SrcMod, VisaType};

/// The ALU form of an element-wise intrinsic (`None` if it is not one).
pub(crate) fn alu_intrinsic(s: &Selector, iid: IntrinsicId, ty: Type, args: &[Value]) -> R<Option<AluDesc>> {
    // diagnostics name the intrinsic without its prefix
    let name = iid.short_name();
    let Some(e) = ty.elem() else { return Ok(None) };
    if e == Elem::I1 {
        return Ok(None);
    }
    let arg_elem = |i: usize| -> R<Elem> {
        let v = args.get(i).ok_or_else(|| format!("{name}: missing operand {i}"))?;
        s.f().value_type(*v).elem().ok_or_else(|| invalid("void operand"))
    };
    let float = |e: Elem, what: &str| -> R<VisaType> {
        match e {
            Elem::Float | Elem::Half => signed_type(e),
            Elem::Double
                if matches!(
                    what,
                    "inv" | "div" | "sqrtm" | "divm" | "mad" | "min" | "max" | "mov" | "rnd"
                ) =>
            {
                s.check_64bit(e, what)?;
                signed_type(e)
            }
            other => Err(unsupported(format!("{name} on {other:?} elements").to_lowercase())),
        }
    };
    let op = |o| Op::Alu(o);
    let un = |o: m::AluOp, t: VisaType, md: SrcMod| AluDesc {
        op: Op::Alu(o),
        dst_ty: t,
        srcs: Operands::of(&[Operand { value: args[0], ty: t, modifier: md }]),
        sat: false,
    };
    let bin = |o: Op, t: VisaType, st: VisaType| AluDesc {
        op: o,
        dst_ty: t,
        srcs: Operands::of(&[
            Operand { value: args[0], ty: st, modifier: SrcMod::None },
            Operand { value: args[1], ty: st, modifier: SrcMod::None },
        ]),
        sat: false,
    };
    let need = |n: usize| -> R<()> {
        if args.len() == n {
            Ok(())
        } else {
            Err(invalid(format!("{name} takes {n} operands, found {}", args.len())))
        }
    };
    let int_ty = |e: Elem, signed: bool| -> R<VisaType> {
        if matches!(e, Elem::Float | Elem::Half | Elem::Double) {
            return Err(invalid(format!("{name} needs integer operands")));
        }
        s.check_64bit(e, name)?;
        if signed {
            signed_type(e)
        } else {
            unsigned_type(e)
        }
    };
    use IntrinsicId::*;
    let missing = |f: AluFeature| -> R<()> {
        if f.available(s.platform) {
            Ok(())
        } else {
            Err(not_available(format!("{} is not available on {}", iid.name(), s.platform)))
        }
    };
    match iid.sat_arith().map(|a| a.op) {
        Some(SatOp::Add3) => missing(AluFeature::Add3)?,
        Some(SatOp::Dp4a) => missing(AluFeature::Dp4a)?,
        _ => {}
    }
    Ok(Some(match iid {
        Sat => {
            need(1)?;
            let t = float(e, "mov").or_else(|_| signed_type(e))?;
            AluDesc { sat: true, ..un(m::AluOp::Mov, t, SrcMod::None) }
        }
        Absf | LlvmFabs => {
            need(1)?;
            un(m::AluOp::Mov, float(e, "mov")?, SrcMod::Abs)
        }
        Absi => {
            need(1)?;
            un(m::AluOp::Mov, int_ty(e, true)?, SrcMod::Abs)
        }
        Smax | Smin | Umax | Umin | LlvmSmax | LlvmSmin | LlvmUmax | LlvmUmin => {
            need(2)?;
            let t = int_ty(e, matches!(iid, Smax | Smin | LlvmSmax | LlvmSmin))?;
            bin(if matches!(iid, Smax | Umax | LlvmSmax | LlvmUmax) { Op::Max } else { Op::Min }, t, t)
        }
        Fmax | Fmin | LlvmMaxnum | LlvmMinnum => {
            need(2)?;
            let t = float(e, "max")?;
            bin(if matches!(iid, Fmax | LlvmMaxnum) { Op::Max } else { Op::Min }, t, t)
        }
        Inv | Log | Exp | Sqrt | LlvmSqrt | Rsqrt | Sin | LlvmSin | Cos | LlvmCos | Frc | Rndd | Rndu
        | Rnde | Rndz | LlvmExp2 | LlvmLog2 | LlvmFloor | LlvmCeil | LlvmTrunc | LlvmRint | LlvmRoundeven
        | LlvmNearbyint | IeeeSqrt => {
            need(1)?;
            let (o, what) = match iid {
                Inv => (m::AluOp::Inv, "inv"),
                Log | LlvmLog2 => (m::AluOp::Log, "log"),
                Exp | LlvmExp2 => (m::AluOp::Exp, "exp"),
                Sqrt | LlvmSqrt => (m::AluOp::Sqrt, "sqrt"),
                Rsqrt => (m::AluOp::Rsqrt, "rsqrt"),
                Sin | LlvmSin => (m::AluOp::Sin, "sin"),
                Cos | LlvmCos => (m::AluOp::Cos, "cos"),
                Frc => (m::AluOp::Frc, "frc"),
                Rndd | LlvmFloor => (m::AluOp::Rndd, "rnd"),
                Rndu | LlvmCeil => (m::AluOp::Rndu, "rnd"),
                Rndz | LlvmTrunc => (m::AluOp::Rndz, "rnd"),
                IeeeSqrt => (m::AluOp::Sqrtm, "sqrtm"),
                _ => (m::AluOp::Rnde, "rnd"),
            };
            if o == m::AluOp::Sqrtm && !s.platform.info().has_fp64 {
                return Err(not_available(format!("{} is not available on {}", IeeeSqrt.name(), s.platform)));
            }
            let t = float(e, what)?;
            if matches!(o, m::AluOp::Rndd | m::AluOp::Rndu | m::AluOp::Rnde | m::AluOp::Rndz | m::AluOp::Frc)
                && t != VisaType::F
            {
                return Err(unsupported(
                    format!("{name} on {e:?} elements (rounding is float only)").to_lowercase(),
                ));
            }
            un(o, t, SrcMod::None)
        }
        Pow | LlvmPow | IeeeDiv => {
            need(2)?;
            if iid == IeeeDiv && !s.platform.info().has_fp64 {
                return Err(not_available(format!("{} is not available on {}", IeeeDiv.name(), s.platform)));
            }
            let pow = iid != IeeeDiv;
            let t = float(e, if pow { "pow" } else { "divm" })?;
            bin(op(if pow { m::AluOp::Pow } else { m::AluOp::Divm }), t, t)
        }
        LlvmFma | LlvmFmuladd => {
            need(3)?;
            let t = float(e, "mad")?;
            let o = |i: usize| Operand { value: args[i], ty: t, modifier: SrcMod::None };
            AluDesc { op: op(m::AluOp::Mad), dst_ty: t, srcs: Operands::of(&[o(0), o(1), o(2)]), sat: false }
        }
        LlvmCtpop | Cbit => {
            need(1)?;
            let a = arg_elem(0)?;
            if a != Elem::I32 {
                return Err(unsupported(format!("{name} of {a:?}").to_lowercase()));
            }
            AluDesc { dst_ty: int_ty(e, false)?, ..un(m::AluOp::Cbit, VisaType::UD, SrcMod::None) }
        }
        LlvmCtlz | Lzd => {
            if arg_elem(0)? != Elem::I32 {
                return Err(unsupported(format!("{name} of a non-32-bit value")));
            }
            AluDesc {
                srcs: Operands::of(&[Operand { value: args[0], ty: VisaType::UD, modifier: SrcMod::None }]),
                ..un(m::AluOp::Lzd, VisaType::UD, SrcMod::None)
            }
        }
        Bfrev | Fbl => {
            need(1)?;
            let t = int_ty(e, false)?;
            if t != VisaType::UD {
                return Err(unsupported(format!("{name} of a non-32-bit value")));
            }
            un(if iid == Bfrev { m::AluOp::Bfrev } else { m::AluOp::Fbl }, t, SrcMod::None)
        }
        FptosiSat | FptouiSat => {
            need(1)?;
            let from = arg_elem(0)?;
            let st = float(from, "mov")?;
            let dt = int_ty(e, iid == FptosiSat)?;
            AluDesc {
                op: op(m::AluOp::Mov),
                dst_ty: dt,
                srcs: Operands::of(&[Operand { value: args[0], ty: st, modifier: SrcMod::None }]),
                sat: true,
            }
        }
        Umulh | Smulh => {
            need(2)?;
            let t = int_ty(e, iid == Smulh)?;
            bin(op(m::AluOp::Mulh), t, t)
        }
        Add3 => {
            need(3)?;
            let t = int_ty(arg_elem(0)?, true)?;
            let mut d = bin(op(m::AluOp::Add3), int_ty(e, true)?, t);
            d.srcs.push(Operand { value: args[2], ty: t, modifier: SrcMod::None });
            d
        }
        Bfi | Sbfe | Ubfe => {
            let signed = iid == Sbfe;
            let t = int_ty(e, signed)?;
            if t.size() != 4 {
                return Err(unsupported(format!("{name} of a non-32-bit value")));
            }
            let n = if iid == Bfi { 4 } else { 3 };
            need(n)?;
            let srcs = (0..n).map(|i| Operand { value: args[i], ty: t, modifier: SrcMod::None }).collect();
            let o = if iid == Bfi { m::AluOp::Bfi } else { m::AluOp::Bfe };
            AluDesc { op: op(o), dst_ty: t, srcs, sat: false }
        }
        Sfbh | Ufbh => {
            need(1)?;
            let st = int_ty(arg_elem(0)?, iid == Sfbh)?;
            if st.size() != 4 {
                return Err(unsupported(format!("{name} of a non-32-bit value")));
            }
            AluDesc {
                srcs: Operands::of(&[Operand { value: args[0], ty: st, modifier: SrcMod::None }]),
                ..un(m::AluOp::Fbh, int_ty(e, false)?, SrcMod::None)
            }
        }
        Rol | Ror => {
            need(2)?;
            let t = int_ty(arg_elem(0)?, false)?;
            if !matches!(t, VisaType::UW | VisaType::UD) {
                return Err(unsupported(format!("{name} of {:?} elements", arg_elem(0)?).to_lowercase()));
            }
            bin(op(if iid == Rol { m::AluOp::Rol } else { m::AluOp::Ror }), int_ty(e, false)?, t)
        }
        Convert => {
            need(1)?;
            let t = if e.is_float() { float(e, "mov")? } else { int_ty(e, true)? };
            un(m::AluOp::Mov, t, SrcMod::None)
        }
        BfCvt => {
            // bfloat16 values are held in halves (vc-intrinsics' convention): `mov` with the
            // half side typed `bf`
            need(1)?;
            missing(AluFeature::BfConvert)?;
            let (dt, st) = match (e, arg_elem(0)?) {
                (Elem::Float, Elem::Half) => (VisaType::F, VisaType::BF),
                (Elem::Half, Elem::Float) => (VisaType::BF, VisaType::F),
                (r, a) => {
                    return Err(invalid(
                        format!(
                            "{name} converts float to bfloat16 (held in half) or back, not {a:?} to {r:?}"
                        )
                        .to_lowercase(),
                    ))
                }
            };
            AluDesc { dst_ty: dt, ..un(m::AluOp::Mov, st, SrcMod::None) }
        }
        Tf32Cvt | QfCvt => {
            // fcvt: float to tf32 (held in a dword); half to bf8 (held in a byte) and back
            need(1)?;
            missing(AluFeature::LowPrecisionConvert)?;
            let (dt, st) = match (iid, e, arg_elem(0)?) {
                (Tf32Cvt, Elem::I32, Elem::Float) => (VisaType::UD, VisaType::F),
                (QfCvt, Elem::I8, Elem::Half) => (VisaType::UB, VisaType::HF),
                (QfCvt, Elem::Half, Elem::I8) => (VisaType::HF, VisaType::UB),
                (_, r, a) => {
                    let what =
                        if iid == Tf32Cvt { "float to tf32 (i32)" } else { "half to bf8 (i8) or back" };
                    return Err(invalid(
                        format!("{name} converts {what}, not {a:?} to {r:?}").to_lowercase(),
                    ));
                }
            };
            AluDesc { dst_ty: dt, ..un(m::AluOp::Fcvt, st, SrcMod::None) }
        }
        Srnd => {
            need(2)?;
            missing(AluFeature::StochasticRound)?;
            let (dt, st) = match (e, arg_elem(0)?) {
                (Elem::Half, Elem::Float) => (VisaType::HF, VisaType::F),
                (Elem::I8, Elem::Half) => (VisaType::UB, VisaType::HF),
                (r, a) => {
                    return Err(invalid(
                        format!("{name} rounds float to half or half to bf8 (i8), not {a:?} to {r:?}")
                            .to_lowercase(),
                    ))
                }
            };
            // the random bits: a value of the source's size, read with the source's type (GenX_IR:
            // "Src0 and src1 should have the same type")
            match (st, arg_elem(1)?) {
                (VisaType::F, Elem::Float | Elem::I32) | (VisaType::HF, Elem::Half | Elem::I16) => {}
                (_, r) => {
                    return Err(invalid(
                        format!("{name}: random bits of {r:?} for a {st:?} source (they take its size)")
                            .to_lowercase(),
                    ))
                }
            }
            bin(op(m::AluOp::Srnd), dt, st)
        }
        Dp2 | Dp3 | Dp4 | Dph | Lrp => {
            missing(AluFeature::MediaArith)?;
            let t = float(e, "dp")?;
            if t != VisaType::F {
                return Err(unsupported(format!("{name} on {e:?} elements (float only)").to_lowercase()));
            }
            let o = match iid {
                Dp2 => m::AluOp::Dp2,
                Dp3 => m::AluOp::Dp3,
                Dp4 => m::AluOp::Dp4,
                Dph => m::AluOp::Dph,
                _ => m::AluOp::Lrp,
            };
            if o != m::AluOp::Lrp && !ty.num_elems().is_multiple_of(4) {
                return Err(invalid(format!("{name} works on groups of 4 elements, not {}", ty.num_elems())));
            }
            let n = if o == m::AluOp::Lrp { 3 } else { 2 };
            need(n)?;
            let srcs = (0..n).map(|i| Operand { value: args[i], ty: t, modifier: SrcMod::None }).collect();
            AluDesc { op: op(o), dst_ty: t, srcs, sat: false }
        }
        Ssad2 | Usad2 | Sssad2add | Sssad2addSat | Susad2add | Susad2addSat | Ussad2add | Ussad2addSat
        | Uusad2add | Uusad2addSat => {
            // <result sign><operand sign>sad2add, <sign>sad2
            let short = iid.short_name();
            let add = short.contains("add");
            missing(if add { AluFeature::Sad2Add } else { AluFeature::MediaArith })?;
            let (dst_signed, src_signed) = match short.as_bytes() {
                [s0, ..] if !add => (*s0 == b's', *s0 == b's'),
                [d, s0, ..] => (*d == b's', *s0 == b's'),
                _ => (false, false),
            };
            need(if add { 3 } else { 2 })?;
            let (a, r) = (arg_elem(0)?, e);
            if a != Elem::I8 || r != Elem::I16 || !ty.num_elems().is_multiple_of(2) {
                return Err(invalid(
                    format!("{name} takes an even number of bytes to as many words, not {a:?} to {r:?}")
                        .to_lowercase(),
                ));
            }
            let st = int_ty(a, src_signed)?;
            let dt = int_ty(r, dst_signed)?;
            let mut srcs: Operands =
                (0..2).map(|i| Operand { value: args[i], ty: st, modifier: SrcMod::None }).collect();
            if add {
                srcs.push(Operand { value: args[2], ty: dt, modifier: SrcMod::None });
            }
            let o = if add { m::AluOp::Sad2add } else { m::AluOp::Sad2 };
            AluDesc { op: op(o), dst_ty: dt, srcs, sat: short.ends_with(".sat") }
        }
        LlvmSaddSat | LlvmUaddSat | LlvmSsubSat => {
            need(2)?;
            let t = int_ty(e, iid != LlvmUaddSat)?;
            let mut d = bin(op(m::AluOp::Add), t, t);
            if iid == LlvmSsubSat {
                d.srcs[1].modifier = SrcMod::Neg;
            }
            AluDesc { sat: true, ..d }
        }
        _ => {
            // the saturating families: <result sign><operand sign><op>[.sat]
            let Some(a) = iid.sat_arith() else { return Ok(None) };
            let (o, nsrc) = match a.op {
                SatOp::Add => (m::AluOp::Add, 2),
                SatOp::Mul => (m::AluOp::Mul, 2),
                SatOp::Trunc => (m::AluOp::Mov, 1),
                SatOp::Shl => (m::AluOp::Shl, 2),
                SatOp::Avg => (m::AluOp::Avg, 2),
                SatOp::Mad => (m::AluOp::Mad, 3),
                SatOp::Add3 => (m::AluOp::Add3, 3),
                SatOp::Dp4a => (m::AluOp::Dp4a, 3),
            };
            need(nsrc)?;
            let dt = int_ty(e, a.dst_signed)?;
            let st = int_ty(arg_elem(0)?, a.src_signed)?;
            let srcs =
                (0..nsrc).map(|i| Operand { value: args[i], ty: st, modifier: SrcMod::None }).collect();
            AluDesc { op: op(o), dst_ty: dt, srcs, sat: a.sat }
        }
    }))
}
