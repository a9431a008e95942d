//! The scf dialect lowered to control flow, as MLIR's `--convert-scf-to-cf` does:
//! - `scf.for` becomes a header block testing `iv < ub` (signed, as MLIR 19 compares) with one phi
//!   per induction and iteration argument, the body, and a latch adding the step;
//! - `scf.if` a conditional branch to a then block and an else block (or straight to the join
//!   block) whose `scf.yield`s feed the phis of the join block;
//! - `scf.while` a header holding the before region, whose `scf.condition` branches to the after
//!   region (which takes the forwarded values) or out (the results are those values);
//! - `scf.index_switch` a `switch` on the index truncated to i32 (MLIR's lowering casts it so);
//! - `scf.parallel` a nest of counted loops, dimension 0 outermost, each reduction combined in
//!   iteration order by its `scf.reduce` region with the accumulator as left operand;
//! - `scf.forall` (without shared outputs) the same nest without reductions;
//! - `scf.execute_region` its blocks inline, every `scf.yield` branching to a join block.
//!
//! Regions are lowered in place, so values of the enclosing blocks stay visible inside them.

use super::{FnEmitter, Res};

use crate::types::LTy;
use genxc_diag::{invalid, unsupported};
use genxc_frontend::mlir::{Attr, OpId, Operation, RegionId, DYNAMIC};

/// A lowered value: its text and LLVM type.
type Val = (String, LTy);

/// One iteration of a counted loop: given the induction variable and the carried values, lowers
/// the body and returns the carried values of the next iteration.
type LoopBody<'f, E> = dyn FnMut(&mut E, &str, &[Val]) -> Res<Vec<Val>> + 'f;

/// The innermost body of a loop nest: given every induction variable and the carried values,
/// lowers it and returns the carried values of the next iteration.
type NestBody<'f, E> = dyn FnMut(&mut E, &[String], &[Val]) -> Res<Vec<Val>> + 'f;

/// The operations that end an scf region.
const TERMINATORS: [&str; 5] =
    ["scf.yield", "scf.condition", "scf.reduce", "scf.reduce.return", "scf.forall.in_parallel"];

impl FnEmitter<'_, '_> {
    /// Lowers the scf operation `scf.<short>`; the terminators are handled by the operation owning
    /// their region.
    pub(crate) fn scf(&mut self, op: &Operation, short: &str) -> Res<()> {
        match short {
            "for" => self.scf_for(op),
            "if" => self.scf_if(op),
            "while" => self.scf_while(op),
            "index_switch" => self.scf_index_switch(op),
            "parallel" => self.scf_parallel(op),
            "forall" => self.scf_forall(op),
            "execute_region" => self.scf_execute_region(op),
            "yield" | "condition" | "reduce" | "reduce.return" | "forall.in_parallel" => {
                Err(invalid(format!("scf.{short} outside the region of the scf operation it ends")))
            }
            _ => Err(unsupported(format!(
                "scf.{short} is not lowered (for, if, while, index_switch, parallel, forall and \
                 execute_region are)"
            ))),
        }
    }

    /// Lowers the operations of a single-block region but its terminator, its entry arguments
    /// bound to `args`; returns the terminator (none when it is left out, as the printer does when
    /// nothing is yielded) and the values of its operands.
    fn scf_region(&mut self, region: RegionId, args: &[Val]) -> Res<(Option<OpId>, Vec<Val>)> {
        let ir = self.m.ir;
        let r = ir.region(region);
        if r.blocks.len() > 1 {
            return Err(unsupported("an scf region of several blocks (only scf.execute_region has them)"));
        }
        if let Some(&b) = r.blocks.first() {
            let params = &ir.block(b).args;
            if params.len() != args.len() {
                return Err(invalid(format!(
                    "the region takes {} arguments where {} are given",
                    params.len(),
                    args.len()
                )));
            }
            for (&p, (v, t)) in params.iter().zip(args) {
                self.set(p, v.clone(), t.clone());
            }
        } else if !args.is_empty() {
            return Err(invalid("an empty region cannot take arguments"));
        }
        let ops: &[OpId] = ir.region_ops(region);
        for (k, &o) in ops.iter().enumerate() {
            let inner = ir.op(o);
            if TERMINATORS.contains(&inner.name.as_str()) {
                if k + 1 != ops.len() {
                    return Err(invalid(format!("{} must end its region", inner.name)));
                }
                return Ok((Some(o), self.operands(inner)?));
            }
            self.op(o)?;
        }
        Ok((None, Vec::new()))
    }

    /// A region ended by `scf.yield` (or by nothing): the yielded values, `want` of them.
    fn yield_region(&mut self, region: RegionId, args: &[Val], owner: &str, want: usize) -> Res<Vec<Val>> {
        let (term, vals) = self.scf_region(region, args)?;
        if let Some(t) = term.map(|t| &self.m.ir.op(t).name).filter(|n| *n != "scf.yield") {
            return Err(invalid(format!("{t} cannot end the region of an {owner}")));
        }
        if vals.len() != want {
            return Err(invalid(format!(
                "scf.yield gives {} values to an {owner} of {want} results",
                vals.len()
            )));
        }
        Ok(vals)
    }

    /// A loop `for (iv = lb; iv < ub; iv += step)` (signed compare) carrying `inits`; `body`
    /// lowers one iteration given the induction variable and the carried values and returns the
    /// carried values of the next. Returns the carried values at the exit.
    fn counted_loop(
        &mut self,
        ivt: &LTy,
        [lb, ub, step]: [&str; 3],
        inits: &[Val],
        body: &mut LoopBody<'_, Self>,
    ) -> Res<Vec<Val>> {
        let before = self.cur_label();
        let header = self.new_label("for.header");
        let body_label = self.new_label("for.body");
        let exit = self.new_label("for.exit");
        self.inst(&format!("br label %{header}"));
        self.start_block(header.clone());
        let header_at = self.blocks.len() - 1;
        let iv = self.fresh();
        let carried: Vec<Val> = inits.iter().map(|(_, t)| (self.fresh(), t.clone())).collect();
        let c = self.emit(&format!("icmp slt {ivt} {iv}, {ub}"));
        self.inst(&format!("br i1 {c}, label %{body_label}, label %{exit}"));
        self.start_block(body_label);
        let next = body(self, &iv, &carried)?;
        if next.len() != carried.len() {
            return Err(invalid(format!(
                "a loop body gives {} values for {} carried values",
                next.len(),
                carried.len()
            )));
        }
        let iv_next = self.emit(&format!("add {ivt} {iv}, {step}"));
        let latch = self.cur_label();
        self.inst(&format!("br label %{header}"));
        let mut text = format!("  {iv} = phi {ivt} [ {lb}, %{before} ], [ {iv_next}, %{latch} ]\n");
        for (((n, t), (init, _)), (again, _)) in carried.iter().zip(inits).zip(&next) {
            text.push_str(&format!("  {n} = phi {t} [ {init}, %{before} ], [ {again}, %{latch} ]\n"));
        }
        self.blocks[header_at].1.insert_str(0, &text);
        self.start_block(exit);
        Ok(carried)
    }

    fn scf_for(&mut self, op: &Operation) -> Res<()> {
        let [region] = op.regions[..] else { return Err(invalid("scf.for has one region")) };
        let ops = self.operands(op)?;
        if ops.len() < 3 || ops.len() - 3 != op.results.len() {
            return Err(invalid("scf.for takes lb, ub, step and one initial value per result"));
        }
        let ivt = ops[0].1.clone();
        let want = op.results.len();
        let mut body = |s: &mut Self, iv: &str, carried: &[Val]| -> Res<Vec<Val>> {
            let mut args = vec![(iv.to_string(), ivt.clone())];
            args.extend(carried.iter().cloned());
            s.yield_region(region, &args, "scf.for", want)
        };
        let bounds = [ops[0].0.as_str(), ops[1].0.as_str(), ops[2].0.as_str()];
        let out = self.counted_loop(&ops[0].1, bounds, &ops[3..], &mut body)?;
        for (&r, (n, t)) in op.results.iter().zip(out) {
            self.set(r, n, t);
        }
        Ok(())
    }

    /// Branches of several arms to one join block: each arm's yielded values and the block it ends
    /// in become the phis binding `op`'s results.
    fn join_arms(&mut self, op: &Operation, join: String, arms: Vec<(Vec<Val>, String)>) {
        self.start_block(join);
        for (i, &r) in op.results.iter().enumerate() {
            let t = arms[0].0[i].1.clone();
            let list =
                arms.iter().map(|(y, l)| format!("[ {}, %{l} ]", y[i].0)).collect::<Vec<_>>().join(", ");
            let n = self.emit(&format!("phi {t} {list}"));
            self.set(r, n, t);
        }
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
            let yielded = self.yield_region(region, &[], "scf.if", op.results.len())?;
            arms.push((yielded, self.cur_label()));
            self.inst(&format!("br label %{join}"));
            if k == 0 && op.regions.len() < 2 {
                break;
            }
        }
        self.join_arms(op, join, arms);
        Ok(())
    }

    fn scf_while(&mut self, op: &Operation) -> Res<()> {
        let [before_region, after_region] = op.regions[..] else {
            return Err(invalid("scf.while has a before and an after region"));
        };
        let inits = self.operands(op)?;
        let entry = self.cur_label();
        let header = self.new_label("while.before");
        let after = self.new_label("while.after");
        let exit = self.new_label("while.exit");
        self.inst(&format!("br label %{header}"));
        self.start_block(header.clone());
        let header_at = self.blocks.len() - 1;
        let args: Vec<Val> = inits.iter().map(|(_, t)| (self.fresh(), t.clone())).collect();
        let (term, cond) = self.scf_region(before_region, &args)?;
        if term.is_none_or(|t| self.m.ir.op(t).name != "scf.condition") || cond.is_empty() {
            return Err(invalid("the before region of an scf.while ends with scf.condition"));
        }
        let forwarded = cond[1..].to_vec();
        if forwarded.len() != op.results.len() {
            return Err(invalid(format!(
                "scf.condition forwards {} values to an scf.while of {} results",
                forwarded.len(),
                op.results.len()
            )));
        }
        self.inst(&format!("br i1 {}, label %{after}, label %{exit}", cond[0].0));
        self.start_block(after);
        let next = self.yield_region(after_region, &forwarded, "scf.while", inits.len())?;
        let latch = self.cur_label();
        self.inst(&format!("br label %{header}"));
        let mut text = String::new();
        for (((n, t), (init, _)), (again, _)) in args.iter().zip(&inits).zip(&next) {
            text.push_str(&format!("  {n} = phi {t} [ {init}, %{entry} ], [ {again}, %{latch} ]\n"));
        }
        self.blocks[header_at].1.insert_str(0, &text);
        self.start_block(exit);
        for (&r, (n, t)) in op.results.iter().zip(forwarded) {
            self.set(r, n, t);
        }
        Ok(())
    }

    fn scf_index_switch(&mut self, op: &Operation) -> Res<()> {
        let (i, it) = self.get(op.operands[0])?;
        let cases: Vec<i128> = match op.attr("cases") {
            Some(Attr::Array(v)) => v
                .iter()
                .map(|a| a.as_int().ok_or("a case value is not an integer"))
                .collect::<Result<_, _>>()?,
            Some(Attr::Dense(..)) => super::ints(op.attr("cases")).into_iter().map(i128::from).collect(),
            None => Vec::new(),
            Some(_) => return Err(invalid("the cases of scf.index_switch are an array of integers")),
        };
        if op.regions.len() != cases.len() + 1 {
            return Err(invalid(format!(
                "scf.index_switch has {} case values but {} case regions",
                cases.len(),
                op.regions.len().saturating_sub(1)
            )));
        }
        // MLIR lowers the switch on the index cast to i32, its case values truncated alike.
        let v = if it == LTy::Int(32) { i } else { self.emit(&format!("trunc {it} {i} to i32")) };
        let mut seen = std::collections::BTreeSet::new();
        let labels: Vec<String> = (0..=cases.len()).map(|_| self.new_label("switch.case")).collect();
        let mut arms_text = Vec::new();
        for (c, l) in cases.iter().zip(&labels[1..]) {
            let c32 = *c as i32;
            if !seen.insert(c32) {
                return Err(invalid(format!("scf.index_switch case {c} repeats a case value in 32 bits")));
            }
            arms_text.push(format!("i32 {c32}, label %{l}"));
        }
        self.inst(&format!("switch i32 {v}, label %{} [ {} ]", labels[0], arms_text.join(" ")));
        let join = self.new_label("switch.end");
        let mut arms = Vec::new();
        for (&region, label) in op.regions.iter().zip(labels) {
            self.start_block(label);
            let yielded = self.yield_region(region, &[], "scf.index_switch", op.results.len())?;
            arms.push((yielded, self.cur_label()));
            self.inst(&format!("br label %{join}"));
        }
        self.join_arms(op, join, arms);
        Ok(())
    }

    /// Loops over `dims` (lower bound, upper bound, step), the first outermost, carrying `accs`;
    /// `inner` lowers the innermost body given every induction variable.
    fn loop_nest(
        &mut self,
        dims: &[[String; 3]],
        ivs: &mut Vec<String>,
        accs: &[Val],
        inner: &mut NestBody<'_, Self>,
    ) -> Res<Vec<Val>> {
        let Some((first, rest)) = dims.split_first() else { return inner(self, ivs, accs) };
        let ix = self.m.types.index();
        let bounds = [first[0].as_str(), first[1].as_str(), first[2].as_str()];
        let mut body = |s: &mut Self, iv: &str, carried: &[Val]| -> Res<Vec<Val>> {
            ivs.push(iv.to_string());
            let r = s.loop_nest(rest, ivs, carried, inner);
            ivs.pop();
            r
        };
        self.counted_loop(&ix, bounds, accs, &mut body)
    }

    fn scf_parallel(&mut self, op: &Operation) -> Res<()> {
        let [region] = op.regions[..] else { return Err(invalid("scf.parallel has one region")) };
        let ops = self.operands(op)?;
        let seg = super::ints(op.attr("operandSegmentSizes"));
        let [nl, nu, ns, ni] = seg[..] else {
            return Err(invalid("scf.parallel needs operandSegmentSizes of four groups"));
        };
        let n = nl as usize;
        if nu != nl || ns != nl || ni as usize != op.results.len() || ops.len() != 3 * n + ni as usize {
            return Err(invalid("scf.parallel takes lower bounds, upper bounds and steps per variable, then one initial value per result"));
        }
        let dims: Vec<[String; 3]> =
            (0..n).map(|d| [ops[d].0.clone(), ops[n + d].0.clone(), ops[2 * n + d].0.clone()]).collect();
        let ix = self.m.types.index();
        let ir = self.m.ir;
        let mut inner = |s: &mut Self, ivs: &[String], accs: &[Val]| -> Res<Vec<Val>> {
            let args: Vec<Val> = ivs.iter().map(|v| (v.clone(), ix.clone())).collect();
            let (term, vals) = s.scf_region(region, &args)?;
            let Some(term) = term else {
                return if accs.is_empty() {
                    Ok(Vec::new())
                } else {
                    Err(invalid("the body of an scf.parallel with results ends with scf.reduce"))
                };
            };
            let reduce = ir.op(term);
            if reduce.name != "scf.reduce" {
                return Err(invalid(format!("{} cannot end the body of an scf.parallel", reduce.name)));
            }
            if vals.len() != accs.len() || reduce.regions.len() != accs.len() {
                return Err(invalid(format!(
                    "scf.reduce gives {} values ({} regions) to an scf.parallel of {} results",
                    vals.len(),
                    reduce.regions.len(),
                    accs.len()
                )));
            }
            let mut next = Vec::new();
            for ((acc, v), &r) in accs.iter().zip(vals).zip(&reduce.regions) {
                let (t, out) = s.scf_region(r, &[acc.clone(), v])?;
                if t.is_none_or(|t| ir.op(t).name != "scf.reduce.return") || out.len() != 1 {
                    return Err(invalid("a reduction region ends with scf.reduce.return of one value"));
                }
                next.extend(out);
            }
            Ok(next)
        };
        let out = self.loop_nest(&dims, &mut Vec::new(), &ops[3 * n..], &mut inner)?;
        for (&r, (v, t)) in op.results.iter().zip(out) {
            self.set(r, v, t);
        }
        Ok(())
    }

    fn scf_forall(&mut self, op: &Operation) -> Res<()> {
        let [region] = op.regions[..] else { return Err(invalid("scf.forall has one region")) };
        if !op.results.is_empty() {
            return Err(unsupported(
                "scf.forall with shared outputs (tensor results): bufferize first (tensors cannot be converted to the LLVM dialect)",
            ));
        }
        let ops = self.operands(op)?;
        let mut dynamic = ops.iter();
        let mut lists = Vec::new();
        for name in ["staticLowerBound", "staticUpperBound", "staticStep"] {
            let stat = super::ints(op.attr(name));
            let mut l = Vec::new();
            for s in stat {
                if s == DYNAMIC {
                    let (v, _) = dynamic
                        .next()
                        .ok_or_else(|| invalid(format!("scf.forall lacks an operand of {name}")))?;
                    l.push(v.clone());
                } else {
                    l.push(s.to_string());
                }
            }
            lists.push(l);
        }
        if dynamic.next().is_some() {
            return Err(invalid("scf.forall has more operands than dynamic bounds"));
        }
        let n = lists[0].len();
        if lists[1].len() != n || lists[2].len() != n {
            return Err(invalid("scf.forall needs one lower bound, upper bound and step per variable"));
        }
        let dims: Vec<[String; 3]> =
            (0..n).map(|d| [lists[0][d].clone(), lists[1][d].clone(), lists[2][d].clone()]).collect();
        let ix = self.m.types.index();
        let ir = self.m.ir;
        let mut inner = |s: &mut Self, ivs: &[String], _: &[Val]| -> Res<Vec<Val>> {
            let args: Vec<Val> = ivs.iter().map(|v| (v.clone(), ix.clone())).collect();
            let (term, _) = s.scf_region(region, &args)?;
            if let Some(t) = term.map(|t| ir.op(t)) {
                let empty = t.regions.iter().all(|&r| ir.region_ops(r).is_empty());
                if t.name != "scf.forall.in_parallel" || !empty {
                    return Err(unsupported(format!(
                        "{} ending an scf.forall (tensor insertions: bufferize first)",
                        t.name
                    )));
                }
            }
            Ok(Vec::new())
        };
        self.loop_nest(&dims, &mut Vec::new(), &[], &mut inner)?;
        Ok(())
    }

    /// `scf.execute_region`: its blocks inline (branches between them as in a function body),
    /// each `scf.yield` branching to the join block whose phis are the results.
    fn scf_execute_region(&mut self, op: &Operation) -> Res<()> {
        let [region] = op.regions[..] else { return Err(invalid("scf.execute_region has one region")) };
        let ir = self.m.ir;
        let blocks = ir.region(region).blocks.clone();
        let Some(&first) = blocks.first() else { return Err(invalid("scf.execute_region without a block")) };
        if !ir.block(first).args.is_empty() {
            return Err(invalid("the entry block of an scf.execute_region takes no arguments"));
        }
        for (i, &b) in blocks.iter().enumerate() {
            let label = self.new_label("exec.bb");
            self.labels.insert(b, label.clone());
            self.block_of_label.insert(label, b);
            if i > 0 {
                let mut names = Vec::new();
                for (k, &a) in ir.block(b).args.iter().enumerate() {
                    let t = ir.ty(a).clone();
                    let lt = self.conv(&t)?;
                    let n = format!("%b{}.{k}", b.0);
                    self.set(a, n.clone(), lt.clone());
                    names.push((n, lt));
                }
                self.phis.insert(b, vec![Vec::new(); names.len()]);
                self.arg_names.insert(b, names);
            }
        }
        let join = self.new_label("exec.end");
        self.inst(&format!("br label %{}", self.labels[&first]));
        let mut arms = Vec::new();
        for b in super::rpo(ir, &blocks) {
            let label = self.labels[&b].clone();
            self.start_block(label);
            let ops = &ir.block(b).ops;
            let Some((&last, body)) = ops.split_last() else {
                return Err(invalid("a block of an scf.execute_region is empty"));
            };
            for &o in body {
                self.op(o)?;
            }
            let t = ir.op(last);
            if t.name == "scf.yield" {
                let vals = self.operands(t)?;
                if vals.len() != op.results.len() {
                    return Err(invalid(format!(
                        "scf.yield gives {} values to an scf.execute_region of {} results",
                        vals.len(),
                        op.results.len()
                    )));
                }
                arms.push((vals, self.cur_label()));
                self.inst(&format!("br label %{join}"));
            } else if super::is_terminator(&t.name) && !t.name.ends_with("return") {
                self.op(last)?;
            } else {
                return Err(invalid(format!(
                    "a block of an scf.execute_region ends with a branch or scf.yield, not {}",
                    t.name
                )));
            }
        }
        if arms.is_empty() {
            return Err(invalid("no block of the scf.execute_region yields"));
        }
        self.join_arms(op, join, arms);
        Ok(())
    }
}
