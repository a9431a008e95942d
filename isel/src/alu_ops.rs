//! ALU-like instructions: the [`AluDesc`] of an instruction (binary operations, casts,
//! element-wise intrinsics), its source operands read with their modifiers and types, and its
//! emission as one vISA ALU instruction (or a vISA `min`/`max`), saturated where it is baled into
//! a sat.

use crate::intrinsics;
use crate::{
    absolute, mov, negate, pow2_const, signed_type, unsigned_type, AluDesc, Op, Operand, Operands, Selector,
    R,
};
use genxc_diag::{internal, unsupported};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{BinOp, CastOp, InstId, InstKind, Value};
use genxc_genx::Elem;
use genxc_visa::model::{self as m, Exec, Inst as VInst, Pred, Src, SrcMod, SrcOp, VisaType};

impl Selector<'_> {
    /// The vISA form of an ALU-like instruction, if it is one.
    pub(crate) fn alu_desc(&self, id: InstId) -> R<Option<AluDesc>> {
        let inst = &self.f().insts[id];
        let f = self.f();
        let op = |o| Op::Alu(o);
        let plain = |v: Value, ty: VisaType| Operand { value: v, ty, modifier: SrcMod::None };
        Ok(Some(match &inst.kind {
            InstKind::Binary { op: bop, lhs, rhs } => {
                let e = inst.ty.elem().ok_or("void arithmetic")?;
                if e == Elem::I1 {
                    return Ok(None);
                }
                self.check_64bit(e, "arithmetic")?;
                let s = signed_type(e)?;
                let u = unsigned_type(e)?;
                let int_div = self.platform.info().has_int_divide;
                let (o, ty, neg) = match bop {
                    BinOp::Add | BinOp::FAdd => (m::AluOp::Add, s, false),
                    BinOp::Sub | BinOp::FSub => (m::AluOp::Add, s, true),
                    BinOp::Mul | BinOp::FMul => (m::AluOp::Mul, s, false),
                    BinOp::FDiv => (m::AluOp::Div, s, false),
                    BinOp::And => (m::AluOp::And, s, false),
                    BinOp::Or => (m::AluOp::Or, s, false),
                    BinOp::Xor => (m::AluOp::Xor, s, false),
                    BinOp::Shl => (m::AluOp::Shl, s, false),
                    BinOp::LShr => (m::AluOp::Shr, u, false),
                    BinOp::AShr => (m::AluOp::Asr, s, false),
                    BinOp::UDiv | BinOp::URem if pow2_const(f, *rhs).is_some() => return Ok(None),
                    BinOp::SDiv if int_div => (m::AluOp::Div, s, false),
                    BinOp::UDiv if int_div => (m::AluOp::Div, u, false),
                    BinOp::SRem if int_div => (m::AluOp::Mod, s, false),
                    BinOp::URem if int_div => (m::AluOp::Mod, u, false),
                    BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem => return Ok(None),
                    BinOp::FRem => {
                        return Err(unsupported("frem of doubles left by the import's preparation"))
                    }
                };
                let mut b = plain(*rhs, ty);
                if neg {
                    b.modifier = SrcMod::Neg;
                }
                AluDesc { op: op(o), dst_ty: ty, srcs: Operands::of(&[plain(*lhs, ty), b]), sat: false }
            }
            InstKind::FNeg(v) => {
                let e = inst.ty.elem().ok_or("void fneg")?;
                self.check_64bit(e, "arithmetic")?;
                let ty = signed_type(e)?;
                AluDesc {
                    op: op(m::AluOp::Mov),
                    dst_ty: ty,
                    srcs: Operands::of(&[Operand { value: *v, ty, modifier: SrcMod::Neg }]),
                    sat: false,
                }
            }
            InstKind::Cast { op: cop, value } if *cop != CastOp::BitCast => {
                let from = f.value_type(*value).elem().ok_or("void cast")?;
                let to = inst.ty.elem().ok_or("void cast")?;
                if from == Elem::I1 || to == Elem::I1 {
                    return Ok(None);
                }
                self.check_64bit(from, "conversion")?;
                self.check_64bit(to, "conversion")?;
                let (sty, dty) = match cop {
                    CastOp::ZExt | CastOp::UIToFP => (unsigned_type(from)?, signed_type(to)?),
                    CastOp::FPToUI => (signed_type(from)?, unsigned_type(to)?),
                    _ => (signed_type(from)?, signed_type(to)?),
                };
                AluDesc {
                    op: op(m::AluOp::Mov),
                    dst_ty: dty,
                    srcs: Operands::of(&[plain(*value, sty)]),
                    sat: false,
                }
            }
            InstKind::Select { cond: _, on_true, on_false } => {
                let e = inst.ty.elem().ok_or("void select")?;
                if e == Elem::I1 {
                    return Ok(None);
                }
                self.check_64bit(e, "select")?;
                let ty = signed_type(e)?;
                AluDesc {
                    op: op(m::AluOp::Sel),
                    dst_ty: ty,
                    srcs: Operands::of(&[plain(*on_true, ty), plain(*on_false, ty)]),
                    sat: false,
                }
            }
            InstKind::Intrinsic { id: iid, args } => {
                match intrinsics::alu_intrinsic(self, *iid, inst.ty, args)? {
                    Some(d) => d,
                    None => return Ok(None),
                }
            }
            _ => return Ok(None),
        }))
    }

    /// Emits an ALU-like instruction whose result goes to `dst_of` (the instruction itself, or
    /// the sat it is baled into).
    pub(crate) fn emit_alu(&mut self, id: InstId, d: AluDesc, cond: Option<Value>) -> R<()> {
        let n = self.f().insts[id].ty.num_elems();
        if let Some(c) = cond {
            if let Some(lane) = self.fx().cf.em_lane(c) {
                return self.em_select(id, d, lane);
            }
        }
        let (dst, wm) = self.dst_for_masked(id, d.dst_ty)?;
        let mut pred = wm.pred;
        let mut exec = wm.exec(self.exec_of(n)?);
        let mut srcs = self.alu_srcs(&d)?;
        if let Some(c) = cond {
            if pred.is_some() {
                return Err(unsupported("a select written under a wrregion mask"));
            }
            if let Some(cc) = self.f().as_const(c) {
                // a constant condition picks one operand
                let pick = if cc.splat_value() == Some(1) { 0 } else { 1 };
                if cc.splat_value().is_some() {
                    let s = srcs.swap_remove(pick);
                    self.push(VInst::Alu {
                        op: m::AluOp::Mov,
                        pred: None,
                        sat: d.sat,
                        exec,
                        dst,
                        srcs: vec![s],
                    });
                    return Ok(());
                }
            }
            if self.cond_inverted(c) {
                srcs.swap(0, 1);
            }
            let (p, plane) = self.cond_pred(c, n)?;
            pred = Some(Pred::on(p));
            exec = exec.at(plane / 4);
        }
        let sat = d.sat || self.sat_of(id);
        match d.op {
            Op::Alu(op) => self.push(VInst::Alu { op, pred, sat, exec, dst, srcs }),
            Op::Min | Op::Max => {
                if pred.is_some() {
                    // min/max have no predicate: compute into a temporary, then a predicated move
                    let n = self.f().insts[id].ty.num_elems();
                    let tmp = self.temp(d.dst_ty, n)?;
                    let max = matches!(d.op, Op::Max);
                    let (s0, s1) = (srcs[0], srcs[1]);
                    self.push(VInst::MinMax {
                        max,
                        sat,
                        exec: Exec::nm(n as u8),
                        dst: m::Dst::new(tmp, 0).into(),
                        src0: s0,
                        src1: s1,
                    });
                    let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
                    self.push(mov(pred, exec, dst, Src::region(tmp, 0, 0, region).into()));
                } else {
                    self.push(VInst::MinMax {
                        max: matches!(d.op, Op::Max),
                        sat,
                        exec,
                        dst,
                        src0: srcs[0],
                        src1: srcs[1],
                    });
                }
            }
        }
        Ok(())
    }

    /// The source operands of an ALU-like instruction, with their modifiers.
    pub(crate) fn alu_srcs(&mut self, d: &AluDesc) -> R<Vec<SrcOp>> {
        let mut srcs = Vec::with_capacity(d.srcs.len());
        for o in d.srcs.iter() {
            let word = match self.word_offsets(d, o)? {
                Some(s) => Some(s),
                None => self.word_constant_src(d, o)?,
            };
            let s = match word {
                Some(s) => s,
                None => self.src(o.value, o.ty)?,
            };
            srcs.push(match o.modifier {
                SrcMod::None => s,
                SrcMod::Neg => negate(s)?,
                SrcMod::Abs => absolute(s)?,
                other => return Err(internal(format!("modifier {other:?}"))),
            });
        }
        Ok(srcs)
    }

    /// Emits an ALU-like instruction without predicate (it may run under the execution mask).
    pub(crate) fn push_alu_desc(
        &mut self,
        d: &AluDesc,
        exec: Exec,
        dst: m::DstOp,
        srcs: Vec<SrcOp>,
    ) -> R<()> {
        match d.op {
            Op::Alu(op) => self.push(VInst::Alu { op, pred: None, sat: d.sat, exec, dst, srcs }),
            Op::Min | Op::Max => {
                let [src0, src1] = srcs[..] else {
                    return Err(internal("min/max without two sources"));
                };
                self.push(VInst::MinMax { max: matches!(d.op, Op::Max), sat: d.sat, exec, dst, src0, src1 });
            }
        }
        Ok(())
    }

    /// Whether the instruction is baled into a sat.
    pub(crate) fn sat_of(&self, id: InstId) -> bool {
        self.fx().bales.baled_into(id).is_some_and(|s| {
            matches!(&self.f().insts[s].kind, InstKind::Intrinsic { id: IntrinsicId::Sat, .. })
        })
    }
}
