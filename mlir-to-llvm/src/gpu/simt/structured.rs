//! `scf.while`, `scf.index_switch` and `scf.execute_region` under the SIMT mapping.
//!
//! A while loop whose condition is uniform stays a scalar loop (its carried values are per-lane
//! vectors when they vary). A condition that varies gives each lane its own trip count: the loop
//! runs while any lane continues, the before region under the mask of the lanes still looping,
//! the after region under the lanes whose condition held; a lane's results are frozen at the
//! values `scf.condition` forwarded when its condition became false. A switch on a uniform index
//! is a `switch`; on a varying index every case runs under the mask of the lanes that take it and
//! each result is selected per lane. A single-block `scf.execute_region` is its block inline;
//! an `scf.parallel` (uniform bounds) is sequential loops per work-item, reductions carried.

use super::{Res, Simt};
use crate::types::LTy;
use genxc_diag::{invalid, unsupported};
use genxc_frontend::mlir::{Attr, Operation, RegionId, Scalar, ValueId};

impl Simt<'_, '_> {
    /// The arguments of a region's entry block.
    fn region_args(&self, r: RegionId) -> Res<Vec<ValueId>> {
        let b = *self.ir.region(r).blocks.first().ok_or_else(|| invalid("an scf region without a block"))?;
        Ok(self.ir.block(b).args.clone())
    }

    /// Checks an `scf.while`'s regions against its operands and results; returns the before and
    /// after regions with their arguments.
    fn while_shape(&self, op: &Operation) -> Res<(RegionId, Vec<ValueId>, RegionId, Vec<ValueId>)> {
        let [before, after] = op.regions[..] else {
            return Err(invalid("scf.while has a before and an after region"));
        };
        let (bargs, aargs) = (self.region_args(before)?, self.region_args(after)?);
        if bargs.len() != op.operands.len() || aargs.len() != op.results.len() {
            return Err(invalid(format!(
                "malformed 'scf.while': {} operands for {} before arguments, {} results for {} after arguments",
                op.operands.len(),
                bargs.len(),
                op.results.len(),
                aargs.len()
            )));
        }
        let term = self.ir.region_ops(before).last().map(|&t| self.ir.op(t));
        if term.is_none_or(|t| t.name != "scf.condition" || t.operands.len() != 1 + op.results.len()) {
            return Err(invalid(
                "the before region of an scf.while ends with scf.condition forwarding one value per result",
            ));
        }
        Ok((before, bargs, after, aargs))
    }

    /// `scf.while`: a scalar loop when its condition is uniform, else [`Self::divergent_while`].
    pub(super) fn scf_while(&mut self, op: &Operation) -> Res<()> {
        let (before, bargs, after, aargs) = self.while_shape(op)?;
        let cond = self.ir.region_ops(before).last().map(|&t| self.ir.op(t).operands[0]);
        if cond.is_some_and(|c| self.u.varies(c)) {
            return self.divergent_while(op, (before, bargs, after, aargs));
        }
        // Uniform condition: a scalar loop (under the enclosing mask, if any).
        let mut inits = Vec::new();
        for (k, &a) in bargs.iter().enumerate() {
            let varying = self.u.varies(a);
            inits.push((self.shaped(op.operands[k], varying)?, varying));
        }
        let pre = self.label.clone();
        let (lh, la, lx) = (self.new_label("while"), self.new_label("after"), self.new_label("wdone"));
        let marker = self.open_loop_header(&lh);
        let mut phis = Vec::new();
        for (k, ((_, t), varying)) in inits.iter().enumerate() {
            let n = self.fresh();
            self.set(bargs[k], n.clone(), t.clone(), *varying);
            phis.push(n);
        }
        let term = self.region(before)?;
        let (c, _) = self.scalar(term[0])?;
        let mut forwarded = Vec::new();
        for (j, &a) in aargs.iter().enumerate() {
            let varying = self.u.varies(a);
            let (v, t) = self.shaped(term[j + 1], varying)?;
            forwarded.push((v, t, varying));
        }
        self.inst(&format!("br i1 {c}, label %{la}, label %{lx}"));
        self.start_block(&la);
        for (&a, (v, t, varying)) in aargs.iter().zip(&forwarded) {
            self.set(a, v.clone(), t.clone(), *varying);
        }
        let yielded = self.region(after)?;
        if yielded.len() != inits.len() {
            return Err(invalid("the after region of an scf.while yields one value per before argument"));
        }
        let mut next_vals = Vec::new();
        for (&v, (_, varying)) in yielded.iter().zip(&inits) {
            next_vals.push(self.shaped(v, *varying)?.0);
        }
        let latch = self.label.clone();
        self.inst(&format!("br label %{lh}"));
        let mut text = String::new();
        for (k, ((init, t), varying)) in inits.iter().enumerate() {
            let ty = self.shape_ty(t, *varying);
            text.push_str(&format!(
                "  {} = phi {ty} [ {init}, %{pre} ], [ {}, %{latch} ]\n",
                phis[k], next_vals[k]
            ));
        }
        self.out = self.out.replace(&marker, &text);
        self.start_block(&lx);
        for (&r, (v, t, varying)) in op.results.iter().zip(forwarded) {
            self.set(r, v, t, varying);
        }
        Ok(())
    }

    /// `scf.while` whose condition varies: a scalar loop on "some lane continues". The before
    /// region runs under the lanes still looping (`live`), the after region under those whose
    /// condition held (`stay`); a lane leaving takes the values forwarded on that trip as its
    /// results, which later trips leave alone.
    fn divergent_while(
        &mut self,
        op: &Operation,
        (before, bargs, after, aargs): (RegionId, Vec<ValueId>, RegionId, Vec<ValueId>),
    ) -> Res<()> {
        let w = self.w;
        let mt = format!("<{w} x i1>");
        let mut inits = Vec::new();
        for &v in &op.operands {
            inits.push(self.lanes(v)?);
        }
        let mut rtys = Vec::new();
        for &r in &op.results {
            rtys.push(self.scalar_ty_of(r)?);
        }
        let outer = self.mask.clone();
        let start_mask = outer.clone().unwrap_or_else(|| self.all_lanes());
        let pre = self.label.clone();
        let (lh, la, lx) = (self.new_label("while"), self.new_label("after"), self.new_label("wdone"));
        let marker = self.open_loop_header(&lh);
        let live = self.fresh();
        let mut phis = Vec::new();
        for (k, (_, t)) in inits.iter().enumerate() {
            let n = self.fresh();
            self.set(bargs[k], n.clone(), t.clone(), true);
            phis.push(n);
        }
        let held: Vec<String> = rtys.iter().map(|_| self.fresh()).collect();
        self.mask = Some(live.clone());
        let term = self.region(before);
        self.mask = outer.clone();
        let term = term?;
        let (c, _) = self.lanes(term[0])?;
        let stay = self.emit(&format!("and {mt} {live}, {c}"));
        let not_c = self.emit(&format!("xor {mt} {c}, {}", self.all_lanes()));
        let leaving = self.emit(&format!("and {mt} {live}, {not_c}"));
        let mut forwarded = Vec::new();
        let mut results = Vec::new();
        for (j, t) in rtys.iter().enumerate() {
            let (v, _) = self.lanes(term[j + 1])?;
            let vt = self.vty(t);
            results.push(self.emit(&format!("select {mt} {leaving}, {vt} {v}, {vt} {}", held[j])));
            forwarded.push(v);
        }
        let bits = self.emit(&format!("bitcast {mt} {stay} to i{w}"));
        let any = self.emit(&format!("icmp ne i{w} {bits}, 0"));
        self.inst(&format!("br i1 {any}, label %{la}, label %{lx}"));
        self.start_block(&la);
        for ((&a, v), t) in aargs.iter().zip(&forwarded).zip(&rtys) {
            self.set(a, v.clone(), t.clone(), true);
        }
        self.mask = Some(stay.clone());
        let yielded = self.region(after);
        self.mask = outer;
        let yielded = yielded?;
        if yielded.len() != inits.len() {
            return Err(invalid("the after region of an scf.while yields one value per before argument"));
        }
        let mut next_vals = Vec::new();
        for (k, (_, t)) in inits.iter().enumerate() {
            let (y, _) = self.lanes(yielded[k])?;
            let vt = self.vty(t);
            next_vals.push(self.emit(&format!("select {mt} {stay}, {vt} {y}, {vt} {}", phis[k])));
        }
        let latch = self.label.clone();
        self.inst(&format!("br label %{lh}"));
        let mut text = format!("  {live} = phi {mt} [ {start_mask}, %{pre} ], [ {stay}, %{latch} ]\n");
        for (k, (init, t)) in inits.iter().enumerate() {
            let vt = self.vty(t);
            text.push_str(&format!(
                "  {} = phi {vt} [ {init}, %{pre} ], [ {}, %{latch} ]\n",
                phis[k], next_vals[k]
            ));
        }
        for (j, t) in rtys.iter().enumerate() {
            let vt = self.vty(t);
            text.push_str(&format!(
                "  {} = phi {vt} [ zeroinitializer, %{pre} ], [ {}, %{latch} ]\n",
                held[j], results[j]
            ));
        }
        self.out = self.out.replace(&marker, &text);
        self.start_block(&lx);
        for ((&r, v), t) in op.results.iter().zip(results).zip(rtys) {
            self.set(r, v, t, true);
        }
        Ok(())
    }

    /// The case values of an `scf.index_switch`, checked against its regions (the default region
    /// first, then one per case).
    fn switch_cases(&self, op: &Operation) -> Res<Vec<i32>> {
        let cases: Vec<i128> = match op.attr("cases") {
            Some(Attr::Array(v)) => v
                .iter()
                .map(|a| a.as_int().ok_or_else(|| invalid("a case value is not an integer")))
                .collect::<Res<_>>()?,
            Some(Attr::Dense(v, _)) => v
                .iter()
                .map(|s| match s {
                    Scalar::Int(i) => Ok(*i),
                    _ => Err(invalid("a case value is not an integer")),
                })
                .collect::<Res<_>>()?,
            None => Vec::new(),
            Some(_) => return Err(invalid("the cases of scf.index_switch are an array of integers")),
        };
        if op.operands.len() != 1 || op.regions.len() != cases.len() + 1 {
            return Err(invalid(format!(
                "malformed 'scf.index_switch': {} operands, {} case values, {} case regions",
                op.operands.len(),
                cases.len(),
                op.regions.len().saturating_sub(1)
            )));
        }
        let mut out: Vec<i32> = Vec::new();
        for c in cases {
            // The index is 32 bits wide in kernels: the case values are taken alike.
            let c32 = c as i32;
            if out.contains(&c32) {
                return Err(invalid(format!("scf.index_switch case {c} repeats a case value in 32 bits")));
            }
            out.push(c32);
        }
        Ok(out)
    }

    /// `scf.index_switch`: a `switch` on a uniform index, else [`Self::divergent_switch`].
    pub(super) fn scf_index_switch(&mut self, op: &Operation) -> Res<()> {
        let cases = self.switch_cases(op)?;
        if self.u.varies(op.operands[0]) {
            return self.divergent_switch(op, &cases);
        }
        let (i, it) = self.scalar(op.operands[0])?;
        let v = match it {
            LTy::Int(32) => i,
            LTy::Int(b) if b > 32 => self.emit(&format!("trunc {it} {i} to i32")),
            LTy::Int(_) => self.emit(&format!("sext {it} {i} to i32")),
            _ => return Err(invalid("scf.index_switch on a value that is not an integer")),
        };
        let labels: Vec<String> = (0..=cases.len()).map(|_| self.new_label("case")).collect();
        let join = self.new_label("endswitch");
        let arms: Vec<String> =
            cases.iter().zip(&labels[1..]).map(|(c, l)| format!("i32 {c}, label %{l}")).collect();
        self.inst(&format!("switch i32 {v}, label %{} [ {} ]", labels[0], arms.join(" ")));
        let mut incoming = Vec::new();
        for (k, label) in labels.iter().enumerate() {
            self.start_block(label);
            let vals = self.region(op.regions[k])?;
            let mut shaped = Vec::new();
            for (i, &r) in op.results.iter().enumerate() {
                let v =
                    *vals.get(i).ok_or_else(|| invalid("an scf.index_switch case yields too few values"))?;
                shaped.push(self.shaped(v, self.u.varies(r))?);
            }
            incoming.push((shaped, self.label.clone()));
            self.inst(&format!("br label %{join}"));
        }
        self.join_results(&join, &op.results, &incoming);
        Ok(())
    }

    /// `scf.index_switch` on a varying index: no branch; every case runs under the lanes whose
    /// index equals its value (the default under those matching none), each result selected per
    /// lane from the case its lane took.
    fn divergent_switch(&mut self, op: &Operation, cases: &[i32]) -> Res<()> {
        let w = self.w;
        let mt = format!("<{w} x i1>");
        let (i, it) = self.lanes(op.operands[0])?;
        let vt = self.vty(&it);
        let v = match it {
            LTy::Int(32) => i,
            LTy::Int(b) if b > 32 => self.emit(&format!("trunc {vt} {i} to <{w} x i32>")),
            LTy::Int(_) => self.emit(&format!("sext {vt} {i} to <{w} x i32>")),
            _ => return Err(invalid("scf.index_switch on a value that is not an integer")),
        };
        let outer = self.mask.clone();
        let mut takes = Vec::new();
        let mut any_case: Option<String> = None;
        for c in cases {
            let splat = self.splat_const(&LTy::Int(32), &c.to_string());
            let eq = self.emit(&format!("icmp eq <{w} x i32> {v}, {splat}"));
            any_case = Some(match any_case {
                Some(a) => self.emit(&format!("or {mt} {a}, {eq}")),
                None => eq.clone(),
            });
            takes.push(eq);
        }
        let default_takes = match &any_case {
            Some(a) => self.emit(&format!("xor {mt} {a}, {}", self.all_lanes())),
            None => self.all_lanes(),
        };
        // The default region first, then each case; a later case's lanes are disjoint.
        let mut arms: Vec<(String, Vec<ValueId>)> = Vec::new();
        let mut result = Ok(());
        for (k, take) in std::iter::once(default_takes).chain(takes).enumerate() {
            let mask = match &outer {
                Some(m) => self.emit(&format!("and {mt} {m}, {take}")),
                None => take.clone(),
            };
            self.mask = Some(mask);
            match self.region(op.regions[k]) {
                Ok(vals) => arms.push((take, vals)),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.mask = outer;
        result?;
        for (i, &r) in op.results.iter().enumerate() {
            let t = self.scalar_ty_of(r)?;
            let rt = self.vty(&t);
            let mut acc: Option<String> = None;
            for (take, vals) in &arms {
                let v =
                    *vals.get(i).ok_or_else(|| invalid("an scf.index_switch case yields too few values"))?;
                let (x, _) = self.lanes(v)?;
                acc = Some(match acc {
                    None => x,
                    Some(a) => self.emit(&format!("select {mt} {take}, {rt} {x}, {rt} {a}")),
                });
            }
            let v = acc.ok_or_else(|| invalid("scf.index_switch without a default region"))?;
            self.set(r, v, t, true);
        }
        Ok(())
    }

    /// `scf.execute_region` of one block: the block inline, its `scf.yield` giving the results.
    pub(super) fn scf_execute_region(&mut self, op: &Operation) -> Res<()> {
        let [region] = op.regions[..] else { return Err(invalid("scf.execute_region has one region")) };
        if self.ir.region(region).blocks.len() != 1 {
            return Err(unsupported(
                "an scf.execute_region of several blocks in a SIMT gpu kernel (branches between blocks)",
            ));
        }
        if !self.region_args(region)?.is_empty() {
            return Err(invalid("the block of an scf.execute_region takes no arguments"));
        }
        let vals = self.region(region)?;
        if vals.len() != op.results.len() {
            return Err(invalid(format!(
                "scf.yield gives {} values to an scf.execute_region of {} results",
                vals.len(),
                op.results.len()
            )));
        }
        for (&r, &v) in op.results.iter().zip(&vals) {
            let varying = self.u.varies(r);
            let (x, t) = self.shaped(v, varying)?;
            self.set(r, x, t, varying);
        }
        Ok(())
    }

    /// `scf.parallel` inside a kernel: each work-item runs its iterations as sequential loops,
    /// the first variable outermost (bounds must be uniform: scalar loops), each `scf.reduce`
    /// value combined into its result by the reduction region in iteration order.
    pub(super) fn scf_parallel(&mut self, op: &Operation) -> Res<()> {
        let [body] = op.regions[..] else { return Err(invalid("scf.parallel has one region")) };
        let n_bounds = op.operands.len().saturating_sub(op.results.len());
        let ivs = self.region_args(body)?;
        let n = ivs.len();
        if n_bounds != 3 * n {
            return Err(invalid(format!(
                "malformed 'scf.parallel': {} operands for {n} induction variables and {} results",
                op.operands.len(),
                op.results.len()
            )));
        }
        if op.operands[..n_bounds].iter().any(|v| self.u.varies(*v)) {
            return Err(unsupported(
                "scf.parallel whose bounds vary between work-items in a SIMT gpu kernel (use scf.for)",
            ));
        }
        let mut dims = Vec::new();
        for d in 0..n {
            let (lb, t) = self.scalar(op.operands[d])?;
            let (ub, _) = self.scalar(op.operands[n + d])?;
            let (step, _) = self.scalar(op.operands[2 * n + d])?;
            dims.push(([lb, ub, step], t));
        }
        let mut accs = Vec::new();
        for (k, &r) in op.results.iter().enumerate() {
            let varying = self.u.varies(r);
            let (v, t) = self.shaped(op.operands[n_bounds + k], varying)?;
            accs.push((v, t, varying));
        }
        let out = self.parallel_level(op, body, &ivs, &dims, accs)?;
        for (&r, (v, t, varying)) in op.results.iter().zip(out) {
            self.set(r, v, t, varying);
        }
        Ok(())
    }

    /// The loop of induction variable `dims.len()` from the end of `ivs` (the innermost runs the
    /// body); returns the accumulators after it.
    fn parallel_level(
        &mut self,
        op: &Operation,
        body: RegionId,
        ivs: &[ValueId],
        dims: &[([String; 3], LTy)],
        accs: Vec<(String, LTy, bool)>,
    ) -> Res<Vec<(String, LTy, bool)>> {
        let Some((([lb, ub, step], it), rest)) = dims.split_first() else {
            return self.parallel_body(op, body, accs);
        };
        let d = ivs.len() - dims.len();
        let pre = self.label.clone();
        let (lh, lb_, lx) = (self.new_label("ploop"), self.new_label("pbody"), self.new_label("pdone"));
        let marker = self.open_loop_header(&lh);
        let iv = self.fresh();
        let phis: Vec<(String, LTy, bool)> =
            accs.iter().map(|(_, t, varying)| (self.fresh(), t.clone(), *varying)).collect();
        self.set(ivs[d], iv.clone(), it.clone(), false);
        let c = self.emit(&format!("icmp slt {it} {iv}, {ub}"));
        self.inst(&format!("br i1 {c}, label %{lb_}, label %{lx}"));
        self.start_block(&lb_);
        let inner = self.parallel_level(op, body, ivs, rest, phis.clone())?;
        let nx = self.emit(&format!("add {it} {iv}, {step}"));
        let latch = self.label.clone();
        self.inst(&format!("br label %{lh}"));
        let mut text = format!("  {iv} = phi {it} [ {lb}, %{pre} ], [ {nx}, %{latch} ]\n");
        for (((p, t, varying), (init, ..)), (next, ..)) in phis.iter().zip(&accs).zip(&inner) {
            let ty = self.shape_ty(t, *varying);
            text.push_str(&format!("  {p} = phi {ty} [ {init}, %{pre} ], [ {next}, %{latch} ]\n"));
        }
        self.out = self.out.replace(&marker, &text);
        self.start_block(&lx);
        Ok(phis)
    }

    /// One iteration of an `scf.parallel` body, its `scf.reduce` values combined into `accs`.
    fn parallel_body(
        &mut self,
        op: &Operation,
        body: RegionId,
        accs: Vec<(String, LTy, bool)>,
    ) -> Res<Vec<(String, LTy, bool)>> {
        let vals = self.region(body)?;
        let term = self.ir.region_ops(body).last().map(|&t| self.ir.op(t));
        let Some(reduce) = term.filter(|t| t.name == "scf.reduce") else {
            return if accs.is_empty() {
                Ok(accs)
            } else {
                Err(invalid("the body of an scf.parallel with results ends with scf.reduce"))
            };
        };
        if vals.len() != accs.len() || reduce.regions.len() != accs.len() {
            return Err(invalid(format!(
                "scf.reduce gives {} values ({} regions) to an scf.parallel of {} results",
                vals.len(),
                reduce.regions.len(),
                op.results.len()
            )));
        }
        let mut next = Vec::new();
        for (((acc, t, varying), &v), &r) in accs.into_iter().zip(&vals).zip(&reduce.regions) {
            let args = self.region_args(r)?;
            let rterm = self.ir.region_ops(r).last().map(|&t| self.ir.op(t));
            if args.len() != 2 || rterm.is_none_or(|t| t.name != "scf.reduce.return" || t.operands.len() != 1)
            {
                return Err(invalid(
                    "a reduction region takes two arguments and ends with scf.reduce.return of one value",
                ));
            }
            self.set(args[0], acc, t.clone(), varying);
            let (x, _) = self.shaped(v, varying)?;
            self.set(args[1], x, t.clone(), varying);
            let out = self.region(r)?;
            let (y, _) = self.shaped(out[0], varying)?;
            next.push((y, t, varying));
        }
        Ok(next)
    }
}
