//! Selection of inline vISA assembly: the template becomes a verbatim vISA instruction whose
//! `$N` references are the operands genxc allocated — the destination region of the result's
//! variable for the output, a source region (or an immediate, for an `i`/`n` constant) for each
//! input. The template text itself is not checked here: the finalizer reads it.

use super::{signed_type, Selector, R};
use genxc_diag::unsupported;
use genxc_genx::inline_asm::{split_template, AsmOperandKind, InlineAsm, TemplatePiece};
use genxc_genx::ir::{InstId, Value};
use genxc_genx::{Elem, Type};
use genxc_visa::model::{Inst as VInst, Src, SrcOp, VerbatimPiece, VisaType};

impl Selector<'_> {
    /// Emits the inline assembly of instruction `id` with inputs `args`.
    pub(crate) fn inline_asm(&mut self, id: InstId, asm: &InlineAsm, args: &[Value]) -> R<()> {
        let outputs = asm.num_outputs();
        let mut operands = Vec::with_capacity(asm.constraints.len());
        if outputs == 1 {
            let ty = self.f().insts[id].ty;
            let elem = data_elem(ty, "output")?;
            let (dst, pred, _) = self.dst_for(id, signed_type(elem)?)?;
            if pred.is_some() {
                return Err(unsupported("inline assembly whose result is written under a mask"));
            }
            operands.push(VerbatimPiece::Dst(dst));
        }
        for (c, &v) in asm.constraints[outputs..].iter().zip(args) {
            let ty = signed_type(data_elem(self.f().value_type(v), "input")?)?;
            let src = self.src(v, ty)?;
            let src = match (c.kind, src) {
                // a non-constant (or non-splat constant) for `i`: a register, as Intel's compiler
                // gives it
                (AsmOperandKind::Immediate, s) | (AsmOperandKind::Register, s @ SrcOp::Gen(_)) => s,
                (AsmOperandKind::Register, _) => self.src_in_register(v, ty)?,
            };
            operands.push(VerbatimPiece::Src(src));
        }
        let mut pieces = Vec::new();
        for p in split_template(&asm.template).map_err(unsupported)? {
            pieces.push(match p {
                TemplatePiece::Text(t) => VerbatimPiece::Text(t),
                TemplatePiece::Operand(n) => operands
                    .get(n)
                    .cloned()
                    .ok_or_else(|| unsupported(format!("inline assembly operand ${n} does not exist")))?,
            });
        }
        self.push(VInst::Verbatim { pieces });
        Ok(())
    }

    /// A register holding an `r` input that selection gave as an immediate (a constant).
    fn src_in_register(&mut self, v: Value, ty: VisaType) -> R<SrcOp> {
        let c = self
            .f()
            .as_const(v)
            .cloned()
            .ok_or_else(|| unsupported("an immediate that is not a constant"))?;
        let tmp = self.materialize(&c, ty)?;
        let n = c.ty.num_elems();
        Ok(SrcOp::Gen(if n == 1 { Src::scalar(tmp, 0) } else { Src::vec(tmp, 0) }))
    }
}

/// The element type of an inline-asm operand, refusing predicates.
fn data_elem(ty: Type, what: &str) -> R<Elem> {
    match ty.elem() {
        Some(Elem::I1) => Err(unsupported(format!(
            "an inline assembly {what} of type {ty} (a predicate: the `cr` constraint is not supported)"
        ))),
        Some(e) => Ok(e),
        None => Err(unsupported(format!("an inline assembly {what} of type {ty}"))),
    }
}
