//! Structured control flow under the SIMT mapping: `scf.if` and `scf.for` with uniform
//! conditions and bounds stay scalar control flow; an `scf.if` whose condition varies runs both
//! sides under a lane mask with its results selected per lane; an `scf.for` whose bounds vary runs
//! as a scalar loop while any lane still iterates, each lane's body under the mask of the lanes
//! still in the loop (what GenX's SIMD control flow does, written with a lane mask).

use super::{Res, Simt};
use crate::types::LTy;
use genxc_diag::invalid;
use genxc_frontend::mlir::{Operation, ValueId};

impl Simt<'_, '_> {
    pub(super) fn scf_if(&mut self, op: &Operation) -> Res<()> {
        let cond_varies = self.u.varies(op.operands[0]);
        if !cond_varies && self.mask.is_none() {
            return self.uniform_if(op);
        }
        let w = self.w;
        let (c, _) = self.lanes(op.operands[0])?;
        let outer = self.mask.clone();
        let then_mask = match &outer {
            Some(m) => self.emit(&format!("and <{w} x i1> {m}, {c}")),
            None => c.clone(),
        };
        let not_c = self.emit(&format!("xor <{w} x i1> {c}, {}", self.all_lanes()));
        let else_mask = match &outer {
            Some(m) => self.emit(&format!("and <{w} x i1> {m}, {not_c}")),
            None => not_c,
        };
        self.mask = Some(then_mask);
        let then_vals = self.region(op.regions[0]);
        let else_vals = match op.regions.get(1) {
            Some(&r) if then_vals.is_ok() => {
                self.mask = Some(else_mask);
                self.region(r)
            }
            _ => Ok(vec![]),
        };
        self.mask = outer;
        let (then_vals, else_vals) = (then_vals?, else_vals?);
        for (k, &r) in op.results.iter().enumerate() {
            let (Some(&a), Some(&b)) = (then_vals.get(k), else_vals.get(k)) else {
                return Err(invalid("scf.if with results needs both branches to yield them"));
            };
            let varying = self.u.varies(r);
            let (x, t) = self.shaped(a, varying)?;
            let (y, _) = self.shaped(b, varying)?;
            let ty = self.shape_ty(&t, varying);
            let v = if varying {
                self.emit(&format!("select <{w} x i1> {c}, {ty} {x}, {ty} {y}"))
            } else {
                let (cs, _) = self.scalar(op.operands[0])?;
                self.emit(&format!("select i1 {cs}, {ty} {x}, {ty} {y}"))
            };
            self.set(r, v, t, varying);
        }
        Ok(())
    }

    fn uniform_if(&mut self, op: &Operation) -> Res<()> {
        let (c, _) = self.scalar(op.operands[0])?;
        let (lt, le, lj) = (self.new_label("then"), self.new_label("else"), self.new_label("endif"));
        self.inst(&format!("br i1 {c}, label %{lt}, label %{le}"));
        let mut incoming = Vec::new();
        for (k, label) in [(0usize, &lt), (1, &le)] {
            self.start_block(label);
            let vals = match op.regions.get(k) {
                Some(&r) => self.region(r)?,
                None => vec![],
            };
            let mut shaped = Vec::new();
            for (i, &r) in op.results.iter().enumerate() {
                let v = *vals.get(i).ok_or_else(|| invalid("scf.if branch yields too few values"))?;
                shaped.push(self.shaped(v, self.u.varies(r))?);
            }
            incoming.push((shaped, self.label.clone()));
            self.inst(&format!("br label %{lj}"));
        }
        self.join_results(&lj, &op.results, &incoming);
        Ok(())
    }

    /// Branches to the loop header `header` and starts it with a placeholder, returned, where the
    /// header's phis go once the back edges are known.
    pub(super) fn open_loop_header(&mut self, header: &str) -> String {
        self.inst(&format!("br label %{header}"));
        self.start_block(header);
        self.next += 1;
        let marker = format!("@@phis{}@@\n", self.next);
        self.out.push_str(&marker);
        marker
    }

    /// Starts block `join` and gives each of `results` the phi of the values the branches bring
    /// (`incoming`: each branch's values, shaped as the result varies, and its last label).
    pub(super) fn join_results(
        &mut self,
        join: &str,
        results: &[ValueId],
        incoming: &[(Vec<(String, LTy)>, String)],
    ) {
        self.start_block(join);
        for (i, &r) in results.iter().enumerate() {
            let varying = self.u.varies(r);
            let t = incoming[0].0[i].1.clone();
            let ty = self.shape_ty(&t, varying);
            let list: Vec<String> =
                incoming.iter().map(|(vals, l)| format!("[ {}, %{l} ]", vals[i].0)).collect();
            let v = self.emit(&format!("phi {ty} {}", list.join(", ")));
            self.set(r, v, t, varying);
        }
    }

    pub(super) fn scf_for(&mut self, op: &Operation) -> Res<()> {
        if op.operands.iter().take(3).any(|v| self.u.varies(*v)) {
            return self.divergent_for(op);
        }
        let (lb, _) = self.scalar(op.operands[0])?;
        let (ub, _) = self.scalar(op.operands[1])?;
        let (step, _) = self.scalar(op.operands[2])?;
        let body = op.regions[0];
        let entry = *self.ir.region(body).blocks.first().ok_or_else(|| invalid("scf.for without a body"))?;
        let args = self.ir.block(entry).args.clone();
        let it = self.scalar_ty_of(args[0])?;
        let mut inits = Vec::new();
        for (k, &a) in args.iter().enumerate().skip(1) {
            let varying = self.u.varies(a);
            inits.push((self.shaped(op.operands[2 + k], varying)?, varying));
        }
        let pre = self.label.clone();
        let (lh, lb_, lx) = (self.new_label("loop"), self.new_label("body"), self.new_label("done"));
        let marker = self.open_loop_header(&lh);
        let iv = self.fresh();
        let mut phis = Vec::new();
        for (k, ((_, t), varying)) in inits.iter().enumerate() {
            let n = self.fresh();
            self.set(args[k + 1], n.clone(), t.clone(), *varying);
            phis.push(n);
        }
        self.set(args[0], iv.clone(), it.clone(), false);
        let c = self.emit(&format!("icmp slt {it} {iv}, {ub}"));
        self.inst(&format!("br i1 {c}, label %{lb_}, label %{lx}"));
        self.start_block(&lb_);
        let yielded = self.region(body)?;
        let mut next_vals = Vec::new();
        for (k, &v) in yielded.iter().enumerate() {
            let varying = inits.get(k).is_some_and(|i| i.1);
            next_vals.push(self.shaped(v, varying)?.0);
        }
        let nx = self.emit(&format!("add {it} {iv}, {step}"));
        let latch = self.label.clone();
        self.inst(&format!("br label %{lh}"));
        let mut text = format!("  {iv} = phi {it} [ {lb}, %{pre} ], [ {nx}, %{latch} ]\n");
        for (k, ((init, t), varying)) in inits.iter().enumerate() {
            let ty = self.shape_ty(t, *varying);
            let y = next_vals.get(k).ok_or_else(|| invalid("scf.for body yields too few values"))?;
            text.push_str(&format!("  {} = phi {ty} [ {init}, %{pre} ], [ {y}, %{latch} ]\n", phis[k]));
        }
        self.out = self.out.replace(&marker, &text);
        self.start_block(&lx);
        for (k, &r) in op.results.iter().enumerate() {
            let ((_, t), varying) = inits[k].clone();
            self.set(r, phis[k].clone(), t, varying);
        }
        Ok(())
    }

    /// `scf.for` whose bounds vary: the induction variable and the iteration arguments are per
    /// lane; each trip runs the body under the lanes whose induction variable is still below its
    /// bound (and on in the enclosing mask), until none is; a lane's iteration arguments keep
    /// their value once it has left.
    fn divergent_for(&mut self, op: &Operation) -> Res<()> {
        let w = self.w;
        let body = op.regions[0];
        let entry = *self.ir.region(body).blocks.first().ok_or_else(|| invalid("scf.for without a body"))?;
        let args = self.ir.block(entry).args.clone();
        let it = self.scalar_ty_of(args[0])?;
        let (lb, _) = self.lanes(op.operands[0])?;
        let (ub, _) = self.lanes(op.operands[1])?;
        let (step, _) = self.lanes(op.operands[2])?;
        let mut inits = Vec::new();
        for k in 1..args.len() {
            inits.push(self.lanes(op.operands[2 + k])?);
        }
        let outer = self.mask.clone();
        let pre = self.label.clone();
        let (lh, lb_, lx) = (self.new_label("loop"), self.new_label("body"), self.new_label("done"));
        let marker = self.open_loop_header(&lh);
        let ivt = self.vty(&it);
        let iv = self.fresh();
        let mut phis = Vec::new();
        for (k, (_, t)) in inits.iter().enumerate() {
            let n = self.fresh();
            self.set(args[k + 1], n.clone(), t.clone(), true);
            phis.push(n);
        }
        self.set(args[0], iv.clone(), it.clone(), true);
        let c = self.emit(&format!("icmp slt {ivt} {iv}, {ub}"));
        let active = match &outer {
            Some(m) => self.emit(&format!("and <{w} x i1> {m}, {c}")),
            None => c,
        };
        let bits = self.emit(&format!("bitcast <{w} x i1> {active} to i{w}"));
        let any = self.emit(&format!("icmp ne i{w} {bits}, 0"));
        self.inst(&format!("br i1 {any}, label %{lb_}, label %{lx}"));
        self.start_block(&lb_);
        self.mask = Some(active.clone());
        let yielded = self.region(body);
        self.mask = outer;
        let yielded = yielded?;
        let mut next_vals = Vec::new();
        for (k, (_, t)) in inits.iter().enumerate() {
            let v = *yielded.get(k).ok_or_else(|| invalid("scf.for body yields too few values"))?;
            let (y, _) = self.lanes(v)?;
            let vt = self.vty(t);
            next_vals.push(self.emit(&format!("select <{w} x i1> {active}, {vt} {y}, {vt} {}", phis[k])));
        }
        let nx = self.emit(&format!("add {ivt} {iv}, {step}"));
        let latch = self.label.clone();
        self.inst(&format!("br label %{lh}"));
        let mut text = format!("  {iv} = phi {ivt} [ {lb}, %{pre} ], [ {nx}, %{latch} ]\n");
        for (k, (init, t)) in inits.iter().enumerate() {
            let vt = self.vty(t);
            text.push_str(&format!(
                "  {} = phi {vt} [ {init}, %{pre} ], [ {}, %{latch} ]\n",
                phis[k], next_vals[k]
            ));
        }
        self.out = self.out.replace(&marker, &text);
        self.start_block(&lx);
        for (k, &r) in op.results.iter().enumerate() {
            let t = inits[k].1.clone();
            self.set(r, phis[k].clone(), t, true);
        }
        Ok(())
    }
}
