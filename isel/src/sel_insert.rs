//! One element of a message's result written into a copy of a splat constant (`insertelement`
//! of a loaded dword into a zero vector, say), the way Intel's compiler writes it: `setp` of the
//! element's lane and `(P) sel` of the element and the constant, in place of the constant's fill
//! of the whole vector and a move of the element into it. As many instructions; but the
//! finalizer gathers a fill's neighbouring scalar moves into one wider move through a copy, whose
//! sources then wait on several messages at once (a `sync.nop` more), and it leaves a `sel`
//! alone. A scalar an ALU instruction computes keeps the fill and the move: the finalizer writes
//! such a scalar straight into the element, which a `sel` would prevent.

use super::{is_exec_size, signed_type, Selector, R};
use genxc_genx::intrinsic_class::{family, Family};
use genxc_genx::ir::{InstId, InstKind, Value};
use genxc_genx::Elem;
use genxc_regalloc::WrRegionPrep;
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Imm, Inst as VInst, Pred, Src, SrcOp};

impl Selector<'_> {
    /// A scalar written into one element of a copy of a splat constant, as Intel's compiler
    /// writes it: `(P) sel` of the scalar and the constant, `P` the element's lane (set by
    /// `setp`), in place of the constant's copy and a move into it. As many instructions, but
    /// the finalizer leaves a `sel` alone where it gathers scalar moves into neighbouring
    /// elements through a copy whose sources then wait on several messages at once. Returns
    /// whether `id` (a wrregion, not yet emitted) was written so.
    pub(crate) fn scalar_into_splat(&mut self, id: InstId) -> R<bool> {
        let InstKind::WrRegion { old, new, region, mask } = self.f().insts[id].kind.clone() else {
            return Ok(false);
        };
        let n = self.f().insts[id].ty.num_elems();
        let Some(e) = self.f().insts[id].ty.elem() else { return Ok(false) };
        let splat = self.f().as_const(old).and_then(|c| c.splat_value());
        let all_lanes = self.f().as_const(mask).is_some_and(|c| c.elems.iter().all(|b| *b == Some(1)));
        // one element of a message's result, which takes a move either way (a message writes
        // whole registers); a scalar an ALU instruction computes the finalizer writes straight
        // into the element instead
        let scalar_new = match new {
            Value::Inst(d) if self.fx().bales.is_baled(d) => match self.f().insts[d].kind {
                InstKind::RdRegion { input: Value::Inst(msg), ref region } => {
                    region.indirect.is_none() && region.num_elems == 1 && self.is_message_result(msg)
                }
                _ => false,
            },
            _ => false,
        };
        if self.fx().asg.wrregion.get(&Value::Inst(id)) != Some(&WrRegionPrep::CopyOld)
            || self.fx().asg.placed.contains(&id)
            || splat.is_none()
            || !all_lanes
            || !scalar_new
            || region.num_elems != 1
            || region.indirect.is_some()
            || !matches!(e, Elem::I8 | Elem::I16 | Elem::I32 | Elem::Half | Elem::Float)
            || !is_exec_size(n)
            || n * e.bytes() > 2 * self.grf()
        {
            return Ok(false);
        }
        let ty = signed_type(e)?;
        let lane = region.offset as u32 / ty.size();
        let Some(c) = self.f().as_const(old).cloned() else { return Ok(false) };
        let Some(fill) = self.imm(&c, ty)? else { return Ok(false) };
        let p = self.temp_pred(n)?;
        self.push(VInst::Setp { exec: Exec::nm(n as u8), dst: p, src: Imm::UD(1 << lane).into() });
        let var = self.var_of(Value::Inst(id))?;
        let view = self.view(var, ty)?;
        let scalar = match self.src(new, ty)? {
            SrcOp::Gen(src) => SrcOp::Gen(Src { region: m::Region::SCALAR, ..src }),
            other => other,
        };
        self.push(VInst::Alu {
            op: m::AluOp::Sel,
            pred: Some(Pred::on(p)),
            sat: false,
            exec: Exec::nm(n as u8),
            dst: m::Dst::new(view, 0).into(),
            srcs: vec![scalar, fill.into()],
        });
        Ok(true)
    }

    /// Whether instruction `id` is a memory or sampler message (its result written by a send).
    fn is_message_result(&self, id: InstId) -> bool {
        matches!(&self.f().insts[id].kind, InstKind::Intrinsic { id: iid, .. } if matches!(
            family(*iid),
            Some(
                Family::BlockMemory
                    | Family::ScatteredMemory
                    | Family::Atomic
                    | Family::Lsc
                    | Family::RawSend
                    | Family::Sampler
            )
        ))
    }
}
