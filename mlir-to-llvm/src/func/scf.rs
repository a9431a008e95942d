//! The scf dialect lowered to control flow, as MLIR's `--convert-scf-to-cf` does: `scf.for` becomes
//! a header block testing `iv < ub` (signed, as MLIR 19 compares) with one phi per induction and
//! iteration argument, the body, and a latch adding the step; `scf.if` becomes a conditional branch
//! to a then block and an else block (or straight to the join block) whose `scf.yield`s feed the
//! phis of the join block. Regions are lowered in place, so values of the enclosing blocks stay
//! visible inside them.

use super::{FnEmitter, Res};
use crate::types::LTy;
use genxc_diag::{invalid, unsupported};
use genxc_frontend::mlir::{OpId, Operation, RegionId};

impl FnEmitter<'_, '_> {
    /// Lowers `scf.for`, `scf.if`; `scf.yield` is handled by the operation owning its region.
    pub(crate) fn scf(&mut self, op: &Operation, short: &str) -> Res<()> {
        match short {
            "for" => self.scf_for(op),
            "if" => self.scf_if(op),
            "yield" => Err(invalid("scf.yield outside the region of an scf operation")),
            _ => Err(unsupported(format!(
                "scf.{short} is not lowered yet (scf.for, scf.if and scf.yield are)"
            ))),
        }
    }

    /// Lowers the operations of a single-block region but its `scf.yield`; returns the yielded
    /// values (none when the terminator is left out, as the printer does when nothing is yielded).
    fn scf_region(&mut self, region: RegionId) -> Res<Vec<(String, LTy)>> {
        let ir = self.m.ir;
        let r = ir.region(region);
        if r.blocks.len() > 1 {
            return Err(unsupported("an scf region of several blocks"));
        }
        let ops: &[OpId] = ir.region_ops(region);
        let mut yielded = Vec::new();
        for (k, &o) in ops.iter().enumerate() {
            let inner = ir.op(o);
            if inner.name == "scf.yield" {
                if k + 1 != ops.len() {
                    return Err(invalid("scf.yield must end its region"));
                }
                yielded = self.operands(inner)?;
            } else {
                self.op(o)?;
            }
        }
        Ok(yielded)
    }

    fn scf_for(&mut self, op: &Operation) -> Res<()> {
        let ir = self.m.ir;
        let [region] = op.regions[..] else { return Err(invalid("scf.for has one region")) };
        let ops = self.operands(op)?;
        if ops.len() < 3 || ops.len() - 3 != op.results.len() {
            return Err(invalid("scf.for takes lb, ub, step and one initial value per result"));
        }
        let args =
            ir.block(ir.region(region).blocks.first().copied().ok_or("scf.for without a body")?).args.clone();
        if args.len() != ops.len() - 2 {
            return Err(invalid("the scf.for body takes the induction variable and the iteration arguments"));
        }
        let (ivt, step) = (ops[0].1.clone(), ops[2].0.clone());
        let before = self.cur_label();
        let header = self.new_label("for.header");
        let body = self.new_label("for.body");
        let exit = self.new_label("for.exit");
        self.inst(&format!("br label %{header}"));
        self.start_block(header.clone());
        let header_at = self.blocks.len() - 1;
        // Phi names: the induction variable then the iteration arguments.
        let mut phis = Vec::new();
        for (k, &a) in args.iter().enumerate() {
            let t = if k == 0 { ivt.clone() } else { ops[k + 2].1.clone() };
            let n = self.fresh();
            self.set(a, n.clone(), t.clone());
            phis.push((n, t));
        }
        let c = self.emit(&format!("icmp slt {ivt} {}, {}", phis[0].0, ops[1].0));
        self.inst(&format!("br i1 {c}, label %{body}, label %{exit}"));
        self.start_block(body);
        let yielded = self.scf_region(region)?;
        if yielded.len() != op.results.len() {
            return Err(invalid(format!(
                "scf.yield gives {} values to an scf.for of {} results",
                yielded.len(),
                op.results.len()
            )));
        }
        let next = self.emit(&format!("add {ivt} {}, {step}", phis[0].0));
        let latch = self.cur_label();
        self.inst(&format!("br label %{header}"));
        let mut text = String::new();
        let incoming = std::iter::once(ops[0].0.clone()).chain(ops[3..].iter().map(|o| o.0.clone()));
        let back = std::iter::once(next).chain(yielded.iter().map(|y| y.0.clone()));
        for (((n, t), init), again) in phis.iter().zip(incoming).zip(back) {
            text.push_str(&format!("  {n} = phi {t} [ {init}, %{before} ], [ {again}, %{latch} ]\n"));
        }
        self.blocks[header_at].1.insert_str(0, &text);
        self.start_block(exit);
        for (&r, (n, t)) in op.results.iter().zip(&phis[1..]) {
            self.set(r, n.clone(), t.clone());
        }
        Ok(())
    }

    fn scf_if(&mut self, op: &Operation) -> Res<()> {
        let c = self.text(op.operands[0])?;
        let then = self.new_label("if.then");
        let join = self.new_label("if.end");
        let other = if op.regions.len() > 1 { self.new_label("if.else") } else { join.clone() };
        if op.regions.len() < 2 && !op.results.is_empty() {
            return Err(invalid("an scf.if with results needs an else region"));
        }
        self.inst(&format!("br i1 {c}, label %{then}, label %{other}"));
        let mut arms = Vec::new();
        for (k, (&region, label)) in op.regions.iter().zip([then, other]).enumerate() {
            self.start_block(label);
            let yielded = self.scf_region(region)?;
            if yielded.len() != op.results.len() {
                return Err(invalid(format!(
                    "scf.yield gives {} values to an scf.if of {} results",
                    yielded.len(),
                    op.results.len()
                )));
            }
            arms.push((yielded, self.cur_label()));
            self.inst(&format!("br label %{join}"));
            if k == 0 && op.regions.len() < 2 {
                break;
            }
        }
        self.start_block(join);
        for (i, &r) in op.results.iter().enumerate() {
            let t = arms[0].0[i].1.clone();
            let list =
                arms.iter().map(|(y, l)| format!("[ {}, %{l} ]", y[i].0)).collect::<Vec<_>>().join(", ");
            let n = self.emit(&format!("phi {t} {list}"));
            self.set(r, n, t);
        }
        Ok(())
    }
}
