//! Emulation of operations the platform lacks, as sequences of 32-bit operations: 64-bit integer
//! arithmetic on parts without a 64-bit integer ALU (ICLLP, TGLLP, DG2, MTL; the finalizer emits
//! native `:q` code there and does not emulate it) with its conversions to and from float, half
//! and (MTL) double, integer division and remainder on parts without `div`/`mod` (DG2, PVC), and
//! 64-bit division and remainder on every part (vISA `div`/`mod` take no q/uq operands).
//!
//! The sequences themselves are plain data in [`crate::sequences`]; this module decides which
//! instructions need one and emits it, one piece of lanes at a time.

use super::{alu, mov, negate, pow2_const, signed_type, unsigned_type, Selector, R};
use crate::add3_fusion::fuse_add3;
use crate::availability::AluFeature;
use genxc_diag::{internal, invalid, not_available, unsupported};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{BinOp, CastOp, CmpPred, InstId, InstKind, Value};
use genxc_genx::Elem;
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Imm, Inst as VInst, Pred, Src, SrcOp, VisaType};

use crate::sequences::{
    abs64, add3, add64_low_const, bfn, binary64, compare64, divide, divide64, double_to_int64, extend64,
    extend_i1_64, float_to_int64, frem, int64_to_double, int64_to_float, mul64_low_const, rotate32, select64,
    shift64_const, trunc64, trunc64_to_i1, DOp, Op64, Opd, Out, PRef, Prog, Rel, Step,
};

/// An input of a sequence as vISA reads it.
#[derive(Clone, Copy, Debug)]
enum In {
    /// A constant (splat) value of `bytes`-byte elements.
    Imm { bits: u64, bytes: u32 },
    /// Elements of a variable from byte `byte` (`scalar`: the same element for every lane).
    Var { var: m::VarId, byte: u32, scalar: bool, bytes: u32 },
}

/// Where the result of a sequence goes.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// A general destination (element type `ty`), with the predicate of a masked write.
    Data { dst: m::Dst, ty: VisaType, pred: Option<Pred> },
    /// A predicate.
    Pred(m::PredId),
}

/// Selects `id` by emulation when the platform needs it: `None` when the instruction is
/// selected natively. (The test is made here, inline: most instructions never enter
/// [`select_emulated`], whose frame is large.)
#[inline]
pub(super) fn select(s: &mut Selector, id: InstId) -> Option<R<()>> {
    let info = s.platform.info();
    if !may_emulate(&s.f().insts[id], !info.has_int64, info.has_int_divide) {
        return None;
    }
    select_emulated(s, id)
}

/// [`select`] of an instruction [`may_emulate`] takes.
#[inline(never)]
fn select_emulated(s: &mut Selector, id: InstId) -> Option<R<()>> {
    let info = s.platform.info();
    let emu64 = !info.has_int64;
    let inst = s.inst_copy(id);
    let elem = inst.ty.elem()?;
    let is64 = |s: &Selector, v: Value| s.f().value_type(v).elem() == Some(Elem::I64);
    let plat = s.platform;
    match inst.kind {
        // vISA `mul` takes no q/uq sources on any part: 64-bit products are always built; by a
        // factor below 2^32 (every element's high dword zero) without that dword's cross product
        InstKind::Binary { op: BinOp::Mul, lhs, rhs } if elem == Elem::I64 => {
            if high_dwords_zero(s, rhs) || high_dwords_zero(s, lhs) {
                let (x, y) = if high_dwords_zero(s, rhs) { (lhs, rhs) } else { (rhs, lhs) };
                return Some(emit(s, id, &mul64_low_const(), &[x, y], &[], None));
            }
            Some(emit(s, id, &binary64(Op64::Mul), &[lhs, rhs], &[], None))
        }
        // vISA `div`/`mod` take no q/uq operands on any part (SKL's finalizer rejects them too):
        // every 64-bit division is expanded, except an unsigned one by a power of two, which is a
        // shift or a mask (the native ALU's own, or emulated)
        InstKind::Binary { op: op @ (BinOp::SDiv | BinOp::SRem | BinOp::UDiv | BinOp::URem), lhs, rhs }
            if elem == Elem::I64 =>
        {
            let unsigned = matches!(op, BinOp::UDiv | BinOp::URem);
            match pow2_const(s.f(), rhs).filter(|_| unsigned) {
                Some(_) if !emu64 => None,
                Some(k) if op == BinOp::UDiv => {
                    let shift = In::Imm { bits: k.into(), bytes: 8 };
                    Some(emit(s, id, &binary64(Op64::LShr), &[lhs], &[shift], None))
                }
                Some(k) => {
                    let mask = In::Imm { bits: (1u64 << k) - 1, bytes: 8 };
                    Some(emit(s, id, &binary64(Op64::And), &[lhs], &[mask], None))
                }
                None => {
                    let prog = divide64(!unsigned, matches!(op, BinOp::SRem | BinOp::URem));
                    Some(emit(s, id, &prog, &[lhs, rhs], &[], None))
                }
            }
        }
        // a shift by a constant: the halves shifted and or'ed, without masks or selects
        InstKind::Binary { op: op @ (BinOp::Shl | BinOp::LShr | BinOp::AShr), lhs, rhs }
            if elem == Elem::I64 && emu64 && s.f().as_const(rhs).and_then(|c| c.splat_value()).is_some() =>
        {
            let amount = s.f().as_const(rhs).and_then(|c| c.splat_value()).unwrap_or(0) as u32;
            let op = match op {
                BinOp::Shl => Op64::Shl,
                BinOp::LShr => Op64::LShr,
                _ => Op64::AShr,
            };
            Some(emit(s, id, &shift64_const(op, amount), &[lhs], &[], None))
        }
        InstKind::Binary { op: op @ (BinOp::And | BinOp::Or | BinOp::Xor), lhs, rhs }
            if elem == Elem::I64 && emu64 && bitwise64_in_place(s, id, lhs, rhs) =>
        {
            let op = match op {
                BinOp::And => m::AluOp::And,
                BinOp::Or => m::AluOp::Or,
                _ => m::AluOp::Xor,
            };
            Some(bitwise64(s, id, op, lhs, rhs))
        }
        // an offset below 2^32 (every element's high dword zero): the high half adds the carry
        InstKind::Binary { op: BinOp::Add, lhs, rhs }
            if elem == Elem::I64 && emu64 && (high_dwords_zero(s, rhs) || high_dwords_zero(s, lhs)) =>
        {
            let (x, y) = if high_dwords_zero(s, rhs) { (lhs, rhs) } else { (rhs, lhs) };
            Some(emit(s, id, &add64_low_const(), &[x, y], &[], None))
        }
        InstKind::Binary { op, lhs, rhs } if elem == Elem::I64 && emu64 => {
            let prog = match op {
                BinOp::Add => binary64(Op64::Add),
                BinOp::Sub => binary64(Op64::Sub),
                BinOp::And => binary64(Op64::And),
                BinOp::Or => binary64(Op64::Or),
                BinOp::Xor => binary64(Op64::Xor),
                BinOp::Shl => binary64(Op64::Shl),
                BinOp::LShr => binary64(Op64::LShr),
                BinOp::AShr => binary64(Op64::AShr),
                // multiplication and division are selected by the arms above
                _ => return Some(Err(internal("a 64-bit multiplication or division left to the ALU"))),
            };
            Some(emit(s, id, &prog, &[lhs, rhs], &[], None))
        }
        InstKind::Binary { op, lhs, rhs }
            if !info.has_int_divide
                && matches!(op, BinOp::SDiv | BinOp::SRem | BinOp::UDiv | BinOp::URem)
                && matches!(elem, Elem::I8 | Elem::I16 | Elem::I32)
                && !(matches!(op, BinOp::UDiv | BinOp::URem) && pow2_const(s.f(), rhs).is_some()) =>
        {
            let signed = matches!(op, BinOp::SDiv | BinOp::SRem);
            let prog = divide(8 * elem.bytes(), signed, matches!(op, BinOp::SRem | BinOp::URem));
            Some(emit(s, id, &prog, &[lhs, rhs], &[], None))
        }
        InstKind::Binary { op: BinOp::FRem, lhs, rhs } if matches!(elem, Elem::Float | Elem::Half) => {
            Some(emit(s, id, &frem(elem == Elem::Half), &[lhs, rhs], &[], None))
        }
        InstKind::Cmp { pred, lhs, rhs } if emu64 && is64(s, lhs) => {
            use CmpPred::*;
            let (rel, signed) = match pred {
                Eq => (Rel::Eq, false),
                Ne => (Rel::Ne, false),
                Ugt => (Rel::Gt, false),
                Uge => (Rel::Ge, false),
                Ult => (Rel::Lt, false),
                Ule => (Rel::Le, false),
                Sgt => (Rel::Gt, true),
                Sge => (Rel::Ge, true),
                Slt => (Rel::Lt, true),
                Sle => (Rel::Le, true),
                _ => return Some(Err(internal("a float compare of integers"))),
            };
            Some(emit(s, id, &compare64(rel, signed), &[lhs, rhs], &[], None))
        }
        InstKind::Select { cond, on_true, on_false } if emu64 && elem == Elem::I64 => {
            Some(emit(s, id, &select64(), &[on_true, on_false], &[], Some(cond)))
        }
        InstKind::Cast { op, value } if emu64 && op != CastOp::BitCast => {
            let from = s.f().value_type(value).elem()?;
            if from != Elem::I64 && elem != Elem::I64 {
                return None;
            }
            let prog = match op {
                CastOp::ZExt | CastOp::SExt if from == Elem::I1 => {
                    return Some(emit(s, id, &extend_i1_64(op == CastOp::SExt), &[], &[], Some(value)));
                }
                CastOp::ZExt | CastOp::SExt => extend64(op == CastOp::SExt),
                CastOp::Trunc if elem == Elem::I1 => trunc64_to_i1(),
                CastOp::Trunc => trunc64(),
                CastOp::UIToFP | CastOp::SIToFP if matches!(elem, Elem::Float | Elem::Half) => {
                    int64_to_float(op == CastOp::SIToFP)
                }
                CastOp::FPToUI | CastOp::FPToSI if matches!(from, Elem::Float | Elem::Half) => {
                    float_to_int64(op == CastOp::FPToSI, from == Elem::Half)
                }
                _ if (from == Elem::Double || elem == Elem::Double) && !info.has_fp64 => {
                    return Some(Err(not_available(format!(
                        "double precision conversion is not available on {plat}"
                    ))))
                }
                CastOp::UIToFP | CastOp::SIToFP if elem == Elem::Double => {
                    int64_to_double(op == CastOp::SIToFP)
                }
                CastOp::FPToUI | CastOp::FPToSI if from == Elem::Double => {
                    double_to_int64(op == CastOp::FPToSI)
                }
                other => {
                    return Some(Err(unsupported(format!(
                        "{} between i64 and floating point on {plat} (no 64-bit integer unit)",
                        format!("{other:?}").to_lowercase()
                    ))))
                }
            };
            Some(emit(s, id, &prog, &[value], &[], None))
        }
        // add3 and the rotates where the platform lacks them (the saturating add3 forms are
        // refused by selection there)
        InstKind::Intrinsic { id: IntrinsicId::Add3, ref args }
            if !AluFeature::Add3.available(plat) && elem != Elem::I64 =>
        {
            if args.len() != 3 {
                return Some(Err(invalid(format!("{} takes 3 operands", IntrinsicId::Add3.name()))));
            }
            Some(emit(s, id, &add3(), args, &[], None))
        }
        // bfn: one instruction where the platform has it, else its minterms
        InstKind::Intrinsic { id: IntrinsicId::Bfn, ref args } if elem != Elem::I64 => {
            let [x, y, z, f] = args[..] else {
                return Some(Err(invalid(format!("{} takes 4 operands", IntrinsicId::Bfn.name()))));
            };
            let func = match s.f().as_const(f).and_then(|c| c.splat_value()) {
                Some(v) => v as u8,
                None => {
                    return Some(Err(invalid(format!(
                        "{}: the function must be a constant",
                        IntrinsicId::Bfn.name()
                    ))))
                }
            };
            Some(emit(s, id, &bfn(func, AluFeature::Bfn.available(plat)), &[x, y, z], &[], None))
        }
        InstKind::Intrinsic { id: iid @ (IntrinsicId::Rol | IntrinsicId::Ror), ref args }
            if !AluFeature::BitRotate.available(plat) =>
        {
            if args.len() != 2 {
                return Some(Err(invalid(format!("{} takes 2 operands", iid.name()))));
            }
            if elem != Elem::I32 || s.f().value_type(args[0]).elem() != Some(Elem::I32) {
                return Some(Err(not_available(format!(
                    "{} of non-dword values is not available on {plat}",
                    iid.name()
                ))));
            }
            Some(emit(s, id, &rotate32(iid == IntrinsicId::Rol), args, &[], None))
        }
        InstKind::Intrinsic { id: iid, ref args } if emu64 && elem == Elem::I64 => {
            let prog = match iid {
                IntrinsicId::Smin | IntrinsicId::LlvmSmin => binary64(Op64::SMin),
                IntrinsicId::Smax | IntrinsicId::LlvmSmax => binary64(Op64::SMax),
                IntrinsicId::Umin | IntrinsicId::LlvmUmin => binary64(Op64::UMin),
                IntrinsicId::Umax | IntrinsicId::LlvmUmax => binary64(Op64::UMax),
                IntrinsicId::Absi => abs64(),
                _ => return None,
            };
            let n = if matches!(prog.out, Out::Pair(..)) && iid == IntrinsicId::Absi { 1 } else { 2 };
            if args.len() < n {
                return Some(Err(invalid(format!("{} takes {n} operands", iid.name()))));
            }
            Some(emit(s, id, &prog, &args[..n], &[], None))
        }
        _ => None,
    }
}

/// Whether [`select`] may emulate instruction `inst` (a cheap test on its kind and type, true for
/// every instruction one of its arms takes): `emu64` without a 64-bit integer ALU, `int_divide`
/// with `div`/`mod`.
#[inline]
fn may_emulate(inst: &genxc_genx::ir::Inst, emu64: bool, int_divide: bool) -> bool {
    let Some(elem) = inst.ty.elem() else { return false };
    match inst.kind {
        InstKind::Binary { op, .. } => {
            elem == Elem::I64
                || op == BinOp::FRem
                || (!int_divide && matches!(op, BinOp::SDiv | BinOp::SRem | BinOp::UDiv | BinOp::URem))
        }
        InstKind::Cmp { .. } => emu64,
        InstKind::Select { .. } => emu64 && elem == Elem::I64,
        InstKind::Cast { op, .. } => emu64 && op != CastOp::BitCast,
        InstKind::Intrinsic { id, .. } => {
            matches!(id, IntrinsicId::Add3 | IntrinsicId::Bfn | IntrinsicId::Rol | IntrinsicId::Ror)
                || (emu64 && elem == Elem::I64)
        }
        _ => false,
    }
}

/// Whether `v` is a 64-bit constant whose every element is defined and below 2^32.
fn high_dwords_zero(s: &Selector, v: Value) -> bool {
    s.f().as_const(v).is_some_and(|c| c.elems.iter().all(|e| e.is_some_and(|b| b >> 32 == 0)))
}

fn narrow(bytes: u32) -> Elem {
    if bytes == 1 {
        Elem::I8
    } else {
        Elem::I16
    }
}

fn rel_op(r: Rel) -> m::CmpOp {
    match r {
        Rel::Eq => m::CmpOp::Eq,
        Rel::Ne => m::CmpOp::Ne,
        Rel::Lt => m::CmpOp::Lt,
        Rel::Le => m::CmpOp::Le,
        Rel::Gt => m::CmpOp::Gt,
        Rel::Ge => m::CmpOp::Ge,
    }
}

fn imm32(x: u32, ty: VisaType) -> Imm {
    match ty {
        VisaType::D => Imm::D(x as i32),
        VisaType::F => Imm::F(f32::from_bits(x)),
        _ => Imm::UD(x),
    }
}

/// The variable a view or alias is declared on.
fn root(s: &Selector, mut v: m::VarId) -> m::VarId {
    while let Some(d) = s.k.var(v) {
        match d.alias {
            Some((base, _)) => v = base,
            None => break,
        }
    }
    v
}

impl Selector<'_> {
    /// How a sequence reads value `v`.
    fn emu_input(&mut self, v: Value) -> R<In> {
        let t = self.f().value_type(v);
        let e = t.elem().ok_or("void operand")?;
        let bytes = e.bytes();
        if let Some(c) = self.f().as_const(v).cloned() {
            if c.is_undef() {
                return Ok(In::Imm { bits: 0, bytes });
            }
            if let Some(bits) = c.splat_value() {
                return Ok(In::Imm { bits, bytes });
            }
            // a constant vector of i64 is planned on its dwords when that is shorter
            let ty = if bytes == 8 { VisaType::UQ } else { unsigned_type(e)? };
            let tmp = self.materialize(&c, ty)?;
            return Ok(In::Var { var: tmp, byte: 0, scalar: false, bytes });
        }
        if let Value::Inst(d) = v {
            if self.fx().bales.is_baled(d) {
                let InstKind::RdRegion { input, region } = self.f().insts[d].kind.clone() else {
                    return Err(unsupported("a source modifier on an emulated operation"));
                };
                if region.indirect.is_some() {
                    return Err(unsupported(format!(
                        "an indirect region read by an emulated operation on {}",
                        self.platform
                    )));
                }
                let base = self.var_of(input)?;
                let n = region.num_elems;
                let scalar = n == 1
                    || (region.width == 1 && region.stride == 0)
                    || (region.width == n && region.stride == 0);
                let contiguous =
                    region.stride == 1 && (region.width == n || region.vstride == region.width as i32);
                if scalar || contiguous {
                    return Ok(In::Var { var: base, byte: region.offset as u32, scalar, bytes });
                }
                // gather the elements into a contiguous temporary
                let words = bytes.div_ceil(4).max(1);
                let ty = if bytes >= 4 { VisaType::UD } else { unsigned_type(e)? };
                let per = if bytes >= 4 { words } else { 1 };
                let tmp = self.temp(ty, n * per)?;
                let view = self.view(base, ty)?;
                for j in 0..n {
                    let at = region.offset as i64
                        + i64::from(j / region.width) * i64::from(region.vstride) * i64::from(bytes)
                        + i64::from(j % region.width) * i64::from(region.stride) * i64::from(bytes);
                    let (r, c) = self.row_col(at as u32, ty.size());
                    let (dr, dc) = self.row_col(j * bytes, ty.size());
                    let region = if per == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
                    self.push(alu(
                        m::AluOp::Mov,
                        Exec::nm(per as u8),
                        m::Dst { var: tmp, row: dr, col: dc, hstride: 1 }.into(),
                        vec![Src::region(view, r, c, region).into()],
                    ));
                }
                return Ok(In::Var { var: tmp, byte: 0, scalar: false, bytes });
            }
        }
        let var = self.var_of(v)?;
        Ok(In::Var { var, byte: 0, scalar: t.num_elems() == 1, bytes })
    }

    /// A sequence operand for lanes `e..e+k` read as `ty`.
    #[allow(clippy::too_many_arguments)]
    fn emu_opd(
        &mut self,
        o: Opd,
        ty: VisaType,
        ext: Option<bool>,
        e: u32,
        k: u32,
        ins: &[In],
        temps: &[m::VarId],
    ) -> R<SrcOp> {
        let (i, hi) = match o {
            Opd::Imm(x) => return Ok(imm32(x, ty).into()),
            Opd::T(t) => {
                let v = self.view(temps[t as usize], ty)?;
                return Ok(if k == 1 { Src::scalar(v, 0) } else { Src::vec(v, 0) }.into());
            }
            Opd::Lo(i) => (i, false),
            Opd::Hi(i) => (i, true),
        };
        match ins[i as usize] {
            In::Imm { bits, bytes } => {
                let x = match ext {
                    Some(true) if bytes < 4 => genxc_genx::ir::sign_extend(bits, narrow(bytes)) as u32,
                    Some(false) if bytes < 4 => (bits & ((1u64 << (8 * bytes)) - 1)) as u32,
                    _ if hi => (bits >> 32) as u32,
                    _ if ty == VisaType::HF => return Ok(Imm::HF(bits as u16).into()),
                    _ => bits as u32,
                };
                Ok(imm32(x, ty).into())
            }
            In::Var { var, byte, scalar, bytes } => {
                let t = match (bytes, ext) {
                    (2, _) if ty == VisaType::HF => ty,
                    (1, Some(true)) => VisaType::B,
                    (1, _) => VisaType::UB,
                    (2, Some(true)) => VisaType::W,
                    (2, _) => VisaType::UW,
                    _ => ty,
                };
                let view = self.view(var, t)?;
                let at = byte + if scalar { 0 } else { e * bytes } + if hi { 4 } else { 0 };
                let (row, col) = self.row_col(at, t.size());
                let region = if scalar || k == 1 {
                    m::Region::SCALAR
                } else if bytes == 8 {
                    m::Region::new(2, 1, 0)
                } else {
                    m::Region::CONTIG
                };
                Ok(Src::region(view, row, col, region).into())
            }
        }
    }
}

/// Selects `llvm.genx.simad` (`signed`) or `uimad`, instruction `id`, of at most one GRF of lanes:
/// `madw` into a temporary (low halves in its first GRF, high halves in its second), whose halves
/// are moved to the variables of the `extractvalue`s that read the fields (field 0 the high half,
/// field 1 the low).
pub(super) fn wide_mad(s: &mut Selector, id: InstId, signed: bool, args: &[Value]) -> R<()> {
    let name = if signed { IntrinsicId::Simad.name() } else { IntrinsicId::Uimad.name() };
    let [a, b, c] = args else {
        return Err(invalid(format!("{name} takes 3 operands, found {}", args.len())));
    };
    let t = if signed { VisaType::D } else { VisaType::UD };
    let n = s.f().value_type(*a).num_elems();
    let lanes = s.grf() / 4;
    if n > lanes || !n.is_power_of_two() {
        return Err(unsupported(format!("{name} of {n} lanes (a power of two up to one GRF, {lanes}, is)")));
    }
    let mut readers: Vec<(usize, InstId)> = Vec::new();
    for (i, inst) in s.f().insts.iter() {
        if let InstKind::ExtractValue { aggregate: Value::Inst(g), index } = inst.kind {
            if g == id && index < 2 {
                readers.push((index as usize, i));
            }
        }
    }
    let ops = vec![s.src(*a, t)?, s.src(*b, t)?, s.src(*c, t)?];
    let wide = s.temp(t, 2 * lanes)?;
    s.k.vars.last_mut().expect("just added").align = m::Align::Grf;
    s.push(alu(m::AluOp::Madw, Exec::nm(n as u8), m::Dst::new(wide, 0).into(), ops));
    for (index, inst) in readers {
        let var = s.var_of(Value::Inst(inst))?;
        let var = s.view(var, t)?;
        // field 0 (high) is the second GRF of the product
        let half_row = if index == 0 { 1 } else { 0 };
        s.push(mov(
            None,
            Exec::nm(n as u8),
            m::Dst::new(var, 0).into(),
            Src::region(wide, half_row, 0, region(n)).into(),
        ));
    }
    Ok(())
}

/// The region of `n` contiguous elements (a scalar for one).
fn region(n: u32) -> m::Region {
    if n == 1 {
        m::Region::SCALAR
    } else {
        m::Region::CONTIG
    }
}

/// Selects `llvm.genx.addc` (or `subb` when `sub`), instruction `id`: vISA `addc`/`subb` writing
/// the variables of the `extractvalue`s that read its fields (field 0 the carry or borrow, field 1
/// the sum or difference; the import puts them right after the call, so nothing else lives in
/// their variables yet), in pieces of at most two GRFs.
pub(super) fn carry(s: &mut Selector, id: InstId, sub: bool, args: &[Value]) -> R<()> {
    let name = if sub { IntrinsicId::Subb.name() } else { IntrinsicId::Addc.name() };
    let [a, b] = args else { return Err(invalid(format!("{name} takes 2 operands, found {}", args.len()))) };
    let n = s.f().value_type(*a).num_elems();
    s.exec_of(n)?;
    // the readers of each field (a field read twice is written once and copied)
    let mut fields: [Vec<InstId>; 2] = [Vec::new(), Vec::new()];
    for (i, inst) in s.f().insts.iter() {
        if let InstKind::ExtractValue { aggregate: Value::Inst(g), index } = inst.kind {
            if g == id && index < 2 {
                fields[index as usize].push(i);
            }
        }
    }
    let mut dsts = [m::VarId::NULL; 2];
    for (d, field) in dsts.iter_mut().zip(&fields) {
        *d = match field.first().copied() {
            Some(f) => {
                let var = s.var_of(Value::Inst(f))?;
                s.view(var, VisaType::UD)?
            }
            None => s.temp(VisaType::UD, n)?,
        };
    }
    let ins = [s.emu_input(*a)?, s.emu_input(*b)?];
    let k = n.min(2 * s.grf() / 4);
    // writing piece by piece into a variable that later pieces still read: through temporaries
    let overlaps = n > k
        && dsts.iter().any(|&d| {
            let r = root(s, d);
            ins.iter().any(|i| matches!(i, In::Var { var, .. } if root(s, *var) == r))
        });
    let outs = if overlaps { [s.temp(VisaType::UD, n)?, s.temp(VisaType::UD, n)?] } else { dsts };
    let mut e = 0;
    while e < n {
        let exec = Exec::nm(k as u8);
        let (row, col) = s.row_col(e * 4, 4);
        let at = |var| m::Dst { var, row, col, hstride: 1 };
        let src0 = s.emu_opd(Opd::Lo(0), VisaType::UD, None, e, k, &ins, &[])?;
        let src1 = s.emu_opd(Opd::Lo(1), VisaType::UD, None, e, k, &ins, &[])?;
        s.push(VInst::AddcSubb { sub, pred: None, exec, dst: at(outs[1]), carry: at(outs[0]), src0, src1 });
        e += k;
    }
    if overlaps {
        let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
        for (d, t) in dsts.into_iter().zip(outs) {
            s.push(mov(
                None,
                Exec::nm(n as u8),
                m::Dst::new(d, 0).into(),
                Src::region(t, 0, 0, region).into(),
            ));
        }
    }
    for (field, d) in fields.iter().zip(dsts) {
        for &extra in field.iter().skip(1) {
            let var = s.var_of(Value::Inst(extra))?;
            let var = s.view(var, VisaType::UD)?;
            let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
            s.push(mov(
                None,
                Exec::nm(n as u8),
                m::Dst::new(var, 0).into(),
                Src::region(d, 0, 0, region).into(),
            ));
        }
    }
    Ok(())
}

/// Emits sequence `prog` for instruction `id` on inputs `args` (then `extra`), with condition
/// `cond` for the sequences that select.
fn emit(
    s: &mut Selector,
    id: InstId,
    prog: &Prog,
    args: &[Value],
    extra: &[In],
    cond: Option<Value>,
) -> R<()> {
    // chained adds as one add3 where the platform has it
    let fused;
    let prog = if AluFeature::Add3.available(s.platform) {
        fused = fuse_add3(prog);
        &fused
    } else {
        prog
    };
    let n = s.f().insts[id].ty.num_elems();
    s.exec_of(n)?;
    let res_elem = s.f().insts[id].ty.elem().ok_or("void result")?;
    // the destination first (a wrregion's old value is copied into it before the reads)
    let mut lanes = Vec::new();
    let target = match prog.out {
        Out::Pred(_) => {
            let (p, lane) = s.pred_dst(id)?;
            lanes.push(lane);
            Target::Pred(p)
        }
        _ => {
            let ty = if matches!(prog.out, Out::Pair(..)) { VisaType::Q } else { signed_type(res_elem)? };
            let (dst, pred, lane) = s.dst_for(id, ty)?;
            let m::DstOp::Gen(dst) = dst else {
                return Err(internal("an indirect emulated destination"));
            };
            if pred.is_some() {
                lanes.push(lane);
            }
            Target::Data { dst, ty, pred }
        }
    };
    let mut ins = Vec::new();
    for &a in args {
        ins.push(s.emu_input(a)?);
    }
    ins.extend_from_slice(extra);
    let cpred = match cond {
        Some(c) => {
            let (p, lane) = s.cond_pred(c, n)?;
            lanes.push(lane);
            Some(p)
        }
        None => None,
    };
    let base = u32::from(lanes.first().copied().unwrap_or(0));
    if lanes.iter().any(|l| u32::from(*l) != base) {
        return Err(unsupported("an emulated operation on predicate slices at different lanes"));
    }
    // pieces of at most two GRFs of the widest element read or written: 64-bit halves are read
    // and written with a stride, dword-only sequences run twice as wide
    let in_bytes = |i: &In| match i {
        In::Imm { .. } => 4,
        In::Var { bytes, .. } => (*bytes).max(4),
    };
    let out_bytes = if matches!(prog.out, Out::Pair(..)) { 8 } else { 4 };
    let widest = ins.iter().map(in_bytes).fold(out_bytes, u32::max);
    let k = n.min(2 * s.grf() / widest);
    // writing piece by piece into a variable that later pieces still read: go through a temporary
    let mut final_copy = None;
    let mut target = target;
    if let Target::Data { dst, ty, pred } = target {
        let r = root(s, dst.var);
        let overlaps = ins.iter().any(|i| matches!(i, In::Var { var, .. } if root(s, *var) == r));
        if n > k && overlaps {
            let tmp = s.temp(ty, n)?;
            final_copy = Some((dst, ty, pred, tmp));
            target = Target::Data { dst: m::Dst::new(tmp, 0), ty, pred: None };
        }
    }
    let temps: Vec<m::VarId> = (0..prog.temps).map(|_| s.temp(VisaType::UD, k)).collect::<R<_>>()?;
    let mut preds = Vec::new();
    for i in 0..prog.preds {
        preds.push(match (prog.out, target) {
            (Out::Pred(o), Target::Pred(p)) if o == i => p,
            _ => s.temp_pred(base + n)?,
        });
    }
    // a half of a 64-bit result computed by one operation no other step reads is written by that
    // operation straight into the destination (no temporary and no move), when the write is
    // unmasked and the destination is not an input the later steps still read
    let mut direct_halves: Vec<Option<u32>> = vec![None; prog.temps as usize];
    if let (Out::Pair(lo, hi), Target::Data { dst, pred: None, .. }) = (prog.out, target) {
        let r = root(s, dst.var);
        let overlaps = ins.iter().any(|i| matches!(i, In::Var { var, .. } if root(s, *var) == r));
        let stride = u32::from(dst.hstride) * 2;
        if final_copy.is_none() && !overlaps && (k == 1 || stride <= 4) && lo != hi {
            for (half, o) in [(0u32, lo), (4, hi)] {
                if let Opd::T(t) = o {
                    if sole_result(prog, t) {
                        direct_halves[t as usize] = Some(half);
                    }
                }
            }
        }
    }
    // likewise a dword integer result: the one step computing it writes the destination (a
    // narrower one keeps its move: the finalizer splits word and byte writes of dword operations)
    let mut direct_word = None;
    if let (Out::Word(Opd::T(t)), Target::Data { dst, ty, pred: None }) = (prog.out, target) {
        let r = root(s, dst.var);
        let overlaps = ins.iter().any(|i| matches!(i, In::Var { var, .. } if root(s, *var) == r));
        let dword = matches!(ty, VisaType::D | VisaType::UD);
        if final_copy.is_none() && !overlaps && dword && sole_result(prog, t) && dword_writer(prog, t) {
            direct_word = Some(t);
        }
    }
    let mut e = 0;
    while e < n {
        let exec = Exec::nm(k as u8).at(((base + e) / 4) as u8);
        let mut direct = vec![None; prog.temps as usize];
        if let Target::Data { dst, .. } = target {
            for (t, half) in direct_halves.iter().enumerate() {
                if let Some(half) = *half {
                    let at =
                        dst.row as u32 * s.grf() + dst.col as u32 * 8 + e * 8 * u32::from(dst.hstride) + half;
                    let (row, col) = s.row_col(at, 4);
                    let hstride = if k == 1 { 1 } else { dst.hstride * 2 };
                    direct[t] = Some(m::Dst { var: dst.var, row, col, hstride });
                }
            }
            if let Some(t) = direct_word {
                let at = dst.row as u32 * s.grf() + dst.col as u32 * 4 + e * 4 * u32::from(dst.hstride);
                let (row, col) = s.row_col(at, 4);
                direct[t as usize] = Some(m::Dst { var: dst.var, row, col, hstride: dst.hstride });
            }
        }
        for step in &prog.steps {
            emit_step(s, step, exec, e, k, &ins, &temps, &direct, &preds, cpred)?;
        }
        if let Target::Data { dst, ty, pred } = target {
            let grf = s.grf();
            let dst_at = |elem_bytes: u32| dst.row as u32 * grf + dst.col as u32 * elem_bytes;
            match prog.out {
                Out::Pair(lo, hi) => {
                    let stride = u32::from(dst.hstride) * 2;
                    if k > 1 && stride > 4 {
                        return Err(unsupported("a 64-bit region write with a stride above 2"));
                    }
                    let ud = s.view(dst.var, VisaType::UD)?;
                    for (half, o) in [(0, lo), (4, hi)] {
                        if matches!(o, Opd::T(t) if direct_halves[t as usize].is_some()) {
                            continue;
                        }
                        let at = dst_at(8) + e * 8 * u32::from(dst.hstride) + half;
                        let (row, col) = s.row_col(at, 4);
                        let src = s.emu_opd(o, VisaType::UD, None, e, k, &ins, &temps)?;
                        let d = m::Dst { var: ud, row, col, hstride: if k == 1 { 1 } else { stride as u8 } };
                        s.push(mov(pred, exec, d.into(), src));
                    }
                }
                Out::Word(Opd::T(t)) if direct_word == Some(t) => {}
                Out::Word(o) => {
                    let at = dst_at(ty.size()) + e * ty.size() * u32::from(dst.hstride);
                    let (row, col) = s.row_col(at, ty.size());
                    // a float result is float bits, converted by the move to a half destination
                    let word =
                        if matches!(ty, VisaType::F | VisaType::HF) { VisaType::F } else { VisaType::UD };
                    let src = s.emu_opd(o, word, None, e, k, &ins, &temps)?;
                    let d = m::Dst { var: dst.var, row, col, hstride: dst.hstride };
                    s.push(mov(pred, exec, d.into(), src));
                }
                Out::Pred(_) => {}
            }
        }
        e += k;
    }
    if let Some((dst, ty, pred, tmp)) = final_copy {
        let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
        s.push(mov(
            pred,
            Exec::nm(n as u8).at((base / 4) as u8),
            dst.into(),
            Src::region(tmp, 0, 0, region).into(),
        ));
        let _ = ty;
    }
    Ok(())
}

/// Whether the 64-bit bitwise operation `id` can run on the dwords of its operands as they are:
/// its result and its operands are whole variables of their own (nothing baled: no region, no
/// predicated write), or constants whose elements are one dword repeated, and no operand shares
/// storage with the result at another offset.
fn bitwise64_in_place(s: &Selector, id: InstId, lhs: Value, rhs: Value) -> bool {
    let f = s.f();
    if s.fx().bales.is_baled(id) {
        return false;
    }
    let n = f.insts[id].ty.num_elems();
    if !matches!(2 * n, 2 | 4 | 8 | 16 | 32 | 64) {
        return false;
    }
    let asg = &s.fx().asg;
    let Some(dst) = asg.var(Value::Inst(id)) else { return false };
    [lhs, rhs].into_iter().all(|v| match v {
        Value::Const(_) => f
            .as_const(v)
            .and_then(|c| if c.is_undef() { Some(0) } else { c.splat_value() })
            .is_some_and(|b| b as u32 == (b >> 32) as u32),
        Value::Inst(d) if s.fx().bales.is_baled(d) => false,
        _ => asg.var(v).is_some_and(|var| var == dst || asg.storage(var) != asg.storage(dst)),
    })
}

/// A 64-bit `and`/`or`/`xor` checked by [`bitwise64_in_place`]: one operation on the dword view
/// of its operands (both halves at once), two GRFs of dwords at a time.
fn bitwise64(s: &mut Selector, id: InstId, op: m::AluOp, lhs: Value, rhs: Value) -> R<()> {
    let n = s.f().insts[id].ty.num_elems();
    let words = 2 * n;
    let k = words.min(2 * s.grf() / 4);
    let base = s.var_of(Value::Inst(id))?;
    let dst = s.view(base, VisaType::UD)?;
    let mut srcs = Vec::new();
    for v in [lhs, rhs] {
        srcs.push(match s.f().as_const(v).cloned() {
            Some(c) => Err(if c.is_undef() { 0 } else { c.splat_value().unwrap_or(0) as u32 }),
            None => {
                let scalar = s.f().value_type(v).num_elems() == 1;
                let var = s.var_of(v)?;
                Ok((s.view(var, VisaType::UD)?, scalar))
            }
        });
    }
    let mut e = 0;
    while e < words {
        let (row, col) = s.row_col(e * 4, 4);
        let ops = srcs
            .iter()
            .map(|x| match *x {
                Err(bits) => Imm::UD(bits).into(),
                // a scalar read as its two dwords, repeated
                Ok((var, true)) => Src::region(var, 0, 0, m::Region::new(0, 2, 1)).into(),
                Ok((var, false)) => Src::region(var, row, col, m::Region::CONTIG).into(),
            })
            .collect();
        s.push(alu(op, Exec::nm(k as u8), m::Dst { var: dst, row, col, hstride: 1 }.into(), ops));
        e += k;
    }
    Ok(())
}

/// Whether the step writing temporary `t` of `prog` may write a dword destination directly: an
/// integer operation or select (not the float ones, whose result is float bits, nor add with
/// carry, which has a carry to write too).
fn dword_writer(prog: &Prog, t: u8) -> bool {
    prog.steps.iter().any(|step| match *step {
        Step::Op { op, dst, .. } if dst == t => {
            !matches!(op, DOp::ToF | DOp::SToF | DOp::FInv | DOp::FMul | DOp::FSub | DOp::HToF)
        }
        Step::Sel { dst, .. } | Step::Add3 { dst, .. } => dst == t,
        _ => false,
    })
}

/// Whether temporary `t` of `prog` is written by exactly one operation, add with carry or select
/// and read by no step
/// (so it can be written where the result goes).
fn sole_result(prog: &Prog, t: u8) -> bool {
    let reads = |o: &Opd| *o == Opd::T(t);
    let mut writers = 0;
    for step in &prog.steps {
        match *step {
            Step::Op { dst, a, b, .. } => {
                writers += u32::from(dst == t);
                if reads(&a) || reads(&b) {
                    return false;
                }
            }
            Step::Bfn { dst, a, b, c, .. } => {
                if dst == t || reads(&a) || reads(&b) || reads(&c) {
                    return false;
                }
            }
            Step::Add3 { dst, a, b, c } => {
                writers += u32::from(dst == t);
                if reads(&a) || reads(&b) || reads(&c) {
                    return false;
                }
            }
            Step::Addc { dst, carry, a, b } | Step::Subb { dst, borrow: carry, a, b } => {
                writers += u32::from(dst == t);
                if carry == t || reads(&a) || reads(&b) {
                    return false;
                }
            }
            Step::Cmp { a, b, .. } => {
                if reads(&a) || reads(&b) {
                    return false;
                }
            }
            Step::Sel { dst, a, b, .. } => {
                writers += u32::from(dst == t);
                if reads(&a) || reads(&b) {
                    return false;
                }
            }
            Step::PLogic { .. } => {}
        }
    }
    writers == 1
}

#[allow(clippy::too_many_arguments)]
fn emit_step(
    s: &mut Selector,
    step: &Step,
    exec: Exec,
    e: u32,
    k: u32,
    ins: &[In],
    temps: &[m::VarId],
    direct: &[Option<m::Dst>],
    preds: &[m::PredId],
    cond: Option<m::PredId>,
) -> R<()> {
    use VisaType::{D, F, UD};
    let tdst = |s: &mut Selector, t: u8, ty: VisaType| -> R<m::Dst> {
        if let Some(d) = direct[t as usize] {
            return Ok(m::Dst { var: s.view(d.var, ty)?, ..d });
        }
        Ok(m::Dst::new(s.view(temps[t as usize], ty)?, 0))
    };
    match *step {
        Step::Op { op, dst, a, b } => {
            let (o, dt, at, bt, ext) = match op {
                DOp::Add => (m::AluOp::Add, UD, UD, UD, None),
                DOp::Sub => (m::AluOp::Add, D, D, D, None),
                DOp::Mul => (m::AluOp::Mul, UD, UD, UD, None),
                DOp::MulhU => (m::AluOp::Mulh, UD, UD, UD, None),
                DOp::And => (m::AluOp::And, UD, UD, UD, None),
                DOp::Or => (m::AluOp::Or, UD, UD, UD, None),
                DOp::Xor => (m::AluOp::Xor, UD, UD, UD, None),
                DOp::Shl => (m::AluOp::Shl, UD, UD, UD, None),
                DOp::Shr => (m::AluOp::Shr, UD, UD, UD, None),
                DOp::Asr => (m::AluOp::Asr, D, D, UD, None),
                DOp::MovU => (m::AluOp::Mov, UD, UD, UD, Some(false)),
                DOp::MovS => (m::AluOp::Mov, D, D, D, Some(true)),
                DOp::ToF => (m::AluOp::Mov, F, UD, UD, None),
                DOp::SToF => (m::AluOp::Mov, F, D, D, Some(true)),
                DOp::FInv => (m::AluOp::Inv, F, F, F, None),
                DOp::FMul => (m::AluOp::Mul, F, F, F, None),
                DOp::FToU => (m::AluOp::Mov, UD, F, F, None),
                DOp::FToS => (m::AluOp::Mov, D, F, F, None),
                DOp::FSub => (m::AluOp::Add, F, F, F, None),
                DOp::Lzd => (m::AluOp::Lzd, UD, UD, UD, None),
                DOp::HToF => (m::AluOp::Mov, F, VisaType::HF, VisaType::HF, None),
            };
            let d = tdst(s, dst, dt)?;
            let mut srcs = vec![s.emu_opd(a, at, ext, e, k, ins, temps)?];
            if o.num_srcs() == 2 {
                let y = s.emu_opd(b, bt, None, e, k, ins, temps)?;
                srcs.push(if matches!(op, DOp::Sub | DOp::FSub) { negate(y)? } else { y });
            }
            s.push(alu(o, exec, d.into(), srcs));
        }
        Step::Bfn { func, dst, a, b, c } => {
            let d = tdst(s, dst, UD)?;
            let srcs =
                [a, b, c].into_iter().map(|o| s.emu_opd(o, UD, None, e, k, ins, temps)).collect::<R<_>>()?;
            s.push(VInst::Bfn { func, pred: None, exec, dst: d.into(), srcs });
        }
        Step::Add3 { dst, a, b, c } => {
            let d = tdst(s, dst, UD)?;
            let opds = [a, b, c];
            let srcs =
                opds.into_iter().map(|o| s.emu_opd(o, UD, None, e, k, ins, temps)).collect::<R<Vec<_>>>()?;
            let imms: Vec<u32> = srcs
                .iter()
                .filter_map(|o| match o {
                    SrcOp::Imm(Imm::UD(x)) => Some(*x),
                    _ => None,
                })
                .collect();
            // a three-source instruction writes packed dwords only (a strided destination costs
            // the finalizer a move) and takes one immediate of 16 bits
            let packed = d.hstride == 1 || k == 1;
            let fits = imms.is_empty() || (imms.len() == 1 && imms[0] <= u32::from(u16::MAX));
            if packed && fits {
                // a temporary of the sequence in the middle source, which takes no immediate (an
                // input half may be a constant the finalizer propagates into its reader: it folds
                // one into the first or last source, the middle one needs a move); an immediate
                // last
                let mut order = [0, 1, 2];
                if let Some(i) = opds.iter().position(|o| matches!(o, Opd::T(_))) {
                    order.swap(1, i);
                }
                if let Some(i) = order.iter().position(|&j| matches!(srcs[j], SrcOp::Imm(_))) {
                    order.swap(i, 2);
                }
                let ordered = order.iter().map(|&j| srcs[j]).collect();
                s.push(alu(m::AluOp::Add3, exec, d.into(), ordered));
            } else if imms.len() == 3 {
                let sum = imms.iter().fold(0u32, |acc, x| acc.wrapping_add(*x));
                s.push(mov(None, exec, d.into(), Imm::UD(sum).into()));
            } else {
                // the two adds the sequence had: `t = a + b` into a temporary, then `d = t + c`
                let t = s.temp(UD, k)?;
                let mut srcs = srcs;
                let last = srcs.pop().ok_or_else(|| internal("add3 without sources"))?;
                s.push(alu(m::AluOp::Add, exec, m::Dst::new(t, 0).into(), srcs));
                let sum = if k == 1 { Src::scalar(t, 0) } else { Src::vec(t, 0) };
                s.push(alu(m::AluOp::Add, exec, d.into(), vec![sum.into(), last]));
            }
        }
        Step::Addc { dst, carry, a, b } | Step::Subb { dst, borrow: carry, a, b } => {
            let sub = matches!(step, Step::Subb { .. });
            let d = tdst(s, dst, UD)?;
            let c = tdst(s, carry, UD)?;
            let src0 = s.emu_opd(a, UD, None, e, k, ins, temps)?;
            let src1 = s.emu_opd(b, UD, None, e, k, ins, temps)?;
            s.push(VInst::AddcSubb { sub, pred: None, exec, dst: d, carry: c, src0, src1 });
        }
        Step::Cmp { rel, signed, p, a, b } => {
            let ty = if signed { D } else { UD };
            let src0 = s.emu_opd(a, ty, None, e, k, ins, temps)?;
            let src1 = s.emu_opd(b, ty, None, e, k, ins, temps)?;
            s.push(VInst::Cmp {
                rel: rel_op(rel),
                exec,
                dst: m::CmpDst::Pred(preds[p as usize]),
                src0,
                src1,
            });
        }
        Step::PLogic { or, p, a, b } => {
            let o = if or { m::AluOp::Or } else { m::AluOp::And };
            let srcs = vec![SrcOp::Pred(preds[a as usize]), SrcOp::Pred(preds[b as usize])];
            s.push(alu(o, exec, m::DstOp::Pred(preds[p as usize]), srcs));
        }
        Step::Sel { p, dst, a, b } => {
            let pid = match p {
                PRef::T(i) => preds[i as usize],
                PRef::Cond => cond.ok_or_else(|| internal("a select without a condition"))?,
            };
            let d = tdst(s, dst, UD)?;
            let srcs =
                vec![s.emu_opd(a, UD, None, e, k, ins, temps)?, s.emu_opd(b, UD, None, e, k, ins, temps)?];
            s.push(VInst::Alu {
                op: m::AluOp::Sel,
                pred: Some(Pred::on(pid)),
                sat: false,
                exec,
                dst: d.into(),
                srcs,
            });
        }
    }
    Ok(())
}
