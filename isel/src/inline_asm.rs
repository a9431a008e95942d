//! Selection of inline vISA assembly: the template becomes a verbatim vISA instruction whose
//! `$N` references are the operands genxc allocated — the destination region of the result's
//! variable for an `r` output, its flag variable for a `cr` one, its raw form `V.0` for an `rw`
//! one; a source region (or an immediate, for an `i`/`n` constant), a flag variable or a raw
//! operand for each input. A tied input is copied into its output's variable first, and the
//! template names that variable for it. The template text itself is not checked here: the
//! finalizer reads it.

use super::{signed_type, Selector, R};
use genxc_diag::unsupported;
use genxc_genx::inline_asm::{split_template, AsmOperandKind, InlineAsm, TemplatePiece};
use genxc_genx::ir::{InstId, InstKind, Value};
use genxc_genx::{Elem, Type};
use genxc_visa::model::{DstOp, Inst as VInst, Raw, Src, SrcOp, VerbatimPiece, VisaType};

impl Selector<'_> {
    /// Emits the inline assembly of instruction `id` with inputs `args`.
    pub(crate) fn inline_asm(&mut self, id: InstId, asm: &InlineAsm, args: &[Value]) -> R<()> {
        let outputs = asm.num_outputs();
        let mut operands = Vec::with_capacity(asm.constraints.len());
        if outputs == 1 {
            let ty = self.f().insts[id].ty;
            operands.push(self.asm_output(id, asm.constraints[0].kind, ty)?);
        }
        if outputs > 1 {
            // each output is written into the variable of the extractvalue that reads it (placed
            // right after the asm by the import), or into a temporary when nothing reads it
            for (k, (c, &ty)) in asm.constraints.iter().zip(&asm.fields).enumerate() {
                let reader = self.f().insts.iter().find_map(|(i, inst)| match inst.kind {
                    InstKind::ExtractValue { aggregate: Value::Inst(a), index }
                        if a == id && index as usize == k =>
                    {
                        Some(i)
                    }
                    _ => None,
                });
                let piece = match reader {
                    Some(r) => self.asm_output(r, c.kind, ty)?,
                    None => self.asm_unused_output(c.kind, ty)?,
                };
                operands.push(piece);
            }
        }
        for (c, &v) in asm.constraints[outputs..].iter().zip(args) {
            let vt = self.f().value_type(v);
            let piece = match c.kind {
                AsmOperandKind::Predicate => {
                    predicate_elem(vt, "input")?;
                    VerbatimPiece::Src(SrcOp::Pred(self.pred_at0(v)?))
                }
                AsmOperandKind::Raw => {
                    let ty = signed_type(data_elem(vt, "input")?)?;
                    VerbatimPiece::Raw(self.asm_raw_input(v, ty)?)
                }
                AsmOperandKind::Tied(n) => {
                    // the output's variable receives the input, then stands for both
                    let Some(VerbatimPiece::Dst(DstOp::Gen(d))) = operands.get(n).cloned() else {
                        return Err(unsupported(format!(
                            "inline assembly input tied to output {n}, which is not a register"
                        )));
                    };
                    if d.row != 0 || d.col != 0 || d.hstride != 1 {
                        return Err(unsupported(
                            "an inline assembly tied output written into a region of another value",
                        ));
                    }
                    let out_ty = asm.fields.get(n).copied().unwrap_or(self.f().insts[id].ty);
                    if vt != out_ty {
                        return Err(unsupported(format!(
                            "an inline assembly input of type {vt} tied to an output of type {out_ty}"
                        )));
                    }
                    data_elem(vt, "input")?;
                    self.copy_value(d.var, v)?;
                    let n = vt.num_elems();
                    VerbatimPiece::Src(SrcOp::Gen(if n == 1 {
                        Src::scalar(d.var, 0)
                    } else {
                        Src::vec(d.var, 0)
                    }))
                }
                AsmOperandKind::Immediate | AsmOperandKind::Register => {
                    let ty = signed_type(data_elem(vt, "input")?)?;
                    let src = self.src(v, ty)?;
                    VerbatimPiece::Src(match (c.kind, src) {
                        // a non-constant (or non-splat constant) for `i`: a register, as Intel's
                        // compiler gives it
                        (AsmOperandKind::Immediate, s) | (_, s @ SrcOp::Gen(_)) => s,
                        _ => self.src_in_register(v, ty)?,
                    })
                }
            };
            operands.push(piece);
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

    /// The operand of the output of instruction `id` (of type `ty`) under constraint `kind`.
    fn asm_output(&mut self, id: InstId, kind: AsmOperandKind, ty: Type) -> R<VerbatimPiece> {
        match kind {
            AsmOperandKind::Predicate => {
                predicate_elem(ty, "output")?;
                let (p, lane) = self.pred_dst(id)?;
                if lane != 0 {
                    return Err(unsupported("an inline assembly `cr` output written into a predicate slice"));
                }
                Ok(VerbatimPiece::Dst(DstOp::Pred(p)))
            }
            _ => {
                let elem = data_elem(ty, "output")?;
                let (dst, pred, _) = self.dst_for(id, signed_type(elem)?)?;
                if pred.is_some() {
                    return Err(unsupported("inline assembly whose result is written under a mask"));
                }
                if kind != AsmOperandKind::Raw {
                    return Ok(VerbatimPiece::Dst(dst));
                }
                match dst {
                    DstOp::Gen(d) if d.row == 0 && d.col == 0 => {
                        Ok(VerbatimPiece::Raw(Raw { var: d.var, offset: 0 }))
                    }
                    _ => Err(unsupported(
                        "an inline assembly `rw` output written into a region of another value",
                    )),
                }
            }
        }
    }

    /// The operand of an output nothing reads: a temporary of its type.
    fn asm_unused_output(&mut self, kind: AsmOperandKind, ty: Type) -> R<VerbatimPiece> {
        let n = ty.num_elems();
        if kind == AsmOperandKind::Predicate {
            predicate_elem(ty, "output")?;
            return Ok(VerbatimPiece::Dst(DstOp::Pred(self.temp_pred(n)?)));
        }
        let var = self.temp(signed_type(data_elem(ty, "output")?)?, n)?;
        Ok(if kind == AsmOperandKind::Raw {
            VerbatimPiece::Raw(Raw { var, offset: 0 })
        } else {
            VerbatimPiece::Dst(DstOp::Gen(genxc_visa::model::Dst::new(var, 0)))
        })
    }

    /// The raw operand of an `rw` input: its variable from byte 0 (a constant or a region of
    /// another value is copied into a variable of its own first).
    fn asm_raw_input(&mut self, v: Value, ty: VisaType) -> R<Raw> {
        let whole = match self.src(v, ty)? {
            SrcOp::Gen(s) if s.row == 0 && s.col == 0 && self.f().as_const(v).is_none() => {
                let baled = matches!(v, Value::Inst(d) if self.fx().bales.is_baled(d));
                (!baled).then_some(s.var)
            }
            _ => None,
        };
        let var = match whole {
            Some(var) => var,
            None => {
                let n = self.f().value_type(v).num_elems();
                let tmp = self.temp(ty, n)?;
                self.copy_value(tmp, v)?;
                tmp
            }
        };
        Ok(Raw { var, offset: 0 })
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

/// The element type of an inline-asm data operand, refusing predicates.
fn data_elem(ty: Type, what: &str) -> R<Elem> {
    match ty.elem() {
        Some(Elem::I1) => Err(unsupported(format!(
            "an inline assembly {what} of type {ty} with a data constraint (a predicate takes `cr`)"
        ))),
        Some(e) => Ok(e),
        None => Err(unsupported(format!("an inline assembly {what} of type {ty}"))),
    }
}

/// Checks that a `cr` operand is a predicate (`i1` elements).
fn predicate_elem(ty: Type, what: &str) -> R<()> {
    if ty.elem() == Some(Elem::I1) {
        Ok(())
    } else {
        Err(unsupported(format!("an inline assembly `cr` {what} of type {ty} (a predicate is i1)")))
    }
}
