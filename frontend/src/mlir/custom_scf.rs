//! Custom (pretty) forms of the scf dialect: `scf.for`, `scf.if`, `scf.yield`, `scf.while` with
//! `scf.condition`, `scf.index_switch`, `scf.parallel` with `scf.reduce` / `scf.reduce.return`,
//! `scf.execute_region` and `scf.forall` (with `scf.forall.in_parallel`).
//!
//! Each form builds what MLIR's generic form holds: the operands in MLIR's order (with
//! `operandSegmentSizes` where the operation has variadic groups), MLIR's attribute names
//! (`cases`, `staticLowerBound`, ...) and the regions in MLIR's order (the default region of an
//! `scf.index_switch` first).

use super::*;

/// The static and dynamic parts of one `scf.forall` bound list.
type Mixed = (Vec<i64>, Vec<OperandRef>);

impl Parser<'_> {
    /// Parses the custom form of the scf operation `op` (the name without `scf.`) into `b`.
    pub(super) fn parse_scf(&mut self, op: &str, b: &mut OpBuild, pos: usize) -> R<()> {
        match op {
            "for" => self.parse_scf_for(b),
            "if" => {
                let c = self.operand_ref()?;
                if self.eat_arrow() {
                    b.results = self.result_types()?;
                }
                b.operands = vec![self.resolve(&c, &Type::int(1))?];
                b.regions.push(self.parse_region(None)?);
                if self.eat_kw("else") {
                    b.regions.push(self.parse_region(None)?);
                }
                self.opt_attr_dict(b)
            }
            "yield" | "reduce.return" => {
                self.opt_attr_dict(b)?;
                if self.tok.kind == Tok::Percent {
                    let refs = self.operands()?;
                    self.expect_punct(b':')?;
                    let p = self.tok.start;
                    let tys = self.type_list_no_parens()?;
                    b.operands = self.resolve_all(&refs, &tys, p)?;
                }
                Ok(())
            }
            "condition" => {
                // `scf.condition(%c) %a, %b : T, U`
                self.expect_punct(b'(')?;
                let c = self.operand_ref()?;
                self.expect_punct(b')')?;
                self.opt_attr_dict(b)?;
                b.operands = vec![self.resolve(&c, &Type::int(1))?];
                if self.tok.kind == Tok::Percent {
                    let refs = self.operands()?;
                    self.expect_punct(b':')?;
                    let p = self.tok.start;
                    let tys = self.type_list_no_parens()?;
                    let vals = self.resolve_all(&refs, &tys, p)?;
                    b.operands.extend(vals);
                }
                Ok(())
            }
            "while" => self.parse_scf_while(b),
            "index_switch" => self.parse_scf_index_switch(b),
            "parallel" => self.parse_scf_parallel(b),
            "reduce" => {
                // `scf.reduce(%a, %b : T, U) {region}, {region}` or a bare `scf.reduce`.
                if self.eat_punct(b'(') {
                    let refs = self.operands()?;
                    self.expect_punct(b':')?;
                    let p = self.tok.start;
                    let tys = self.type_list_no_parens()?;
                    self.expect_punct(b')')?;
                    b.operands = self.resolve_all(&refs, &tys, p)?;
                    while self.is_punct(b'{') {
                        b.regions.push(self.parse_region(None)?);
                        if !self.eat_punct(b',') {
                            break;
                        }
                    }
                }
                self.opt_attr_dict(b)
            }
            "execute_region" => {
                if self.eat_arrow() {
                    b.results = self.result_types()?;
                }
                self.eat_kw("no_inline");
                b.regions.push(self.parse_region(None)?);
                self.opt_attr_dict(b)
            }
            "forall" => self.parse_scf_forall(b),
            "forall.in_parallel" => {
                b.regions.push(self.parse_region(None)?);
                self.opt_attr_dict(b)
            }
            _ => self.err_at(
                pos,
                format!("unknown operation 'scf.{op}' (write it in the generic form \"scf.{op}\"(...))"),
            ),
        }
    }

    /// `scf.for %iv = %lb to %ub step %step [iter_args(%a = %init, ...) -> (types)] [: type] {body}`:
    /// operands lb, ub, step then the initial values; the body's arguments are the induction
    /// variable and the iteration arguments; the results are the iteration arguments' last values.
    fn parse_scf_for(&mut self, b: &mut OpBuild) -> R<()> {
        let iv = self.operand_ref()?;
        self.expect_punct(b'=')?;
        let bounds = [self.operand_ref()?, self.expect_kw("to").and_then(|_| self.operand_ref())?];
        self.expect_kw("step")?;
        let step = self.operand_ref()?;
        let mut iters = Vec::new();
        if self.eat_kw("iter_args") {
            iters = self.assignments()?;
            if !self.eat_arrow() {
                return self.expected("'->' and the types of the iteration arguments");
            }
            let p = self.tok.start;
            b.results = self.result_types()?;
            if b.results.len() != iters.len() {
                return self
                    .err_at(p, format!("{} iteration arguments but {} types", iters.len(), b.results.len()));
            }
        }
        let ivt = if self.eat_punct(b':') { self.parse_type()? } else { Type::Index };
        for r in [&bounds[0], &bounds[1], &step] {
            let v = self.resolve(r, &ivt)?;
            b.operands.push(v);
        }
        let mut args = vec![(iv, ivt)];
        for ((a, init), t) in iters.into_iter().zip(b.results.clone()) {
            let v = self.resolve(&init, &t)?;
            b.operands.push(v);
            args.push((a, t));
        }
        b.regions.push(self.parse_region(Some(args))?);
        self.opt_attr_dict(b)
    }

    /// `(%a = %x, %b = %y)`: the region arguments and the values they start from.
    fn assignments(&mut self) -> R<Vec<(OperandRef, OperandRef)>> {
        self.expect_punct(b'(')?;
        let mut out = Vec::new();
        while !self.eat_punct(b')') {
            let a = self.operand_ref()?;
            self.expect_punct(b'=')?;
            out.push((a, self.operand_ref()?));
            if !self.eat_punct(b',') && !self.is_punct(b')') {
                return self.expected("',' or ')'");
            }
        }
        Ok(out)
    }

    /// `scf.while [(%a = %init, ...)] : (T...) -> (U...) {before} do {after}`: the operands are the
    /// initial values, the before region takes them as arguments, the results have the types after
    /// the arrow.
    fn parse_scf_while(&mut self, b: &mut OpBuild) -> R<()> {
        let inits = if self.is_punct(b'(') { self.assignments()? } else { Vec::new() };
        self.expect_punct(b':')?;
        let p = self.tok.start;
        let ins = self.type_list_parens()?;
        if ins.len() != inits.len() {
            return self.err_at(p, format!("{} initial values but {} types", inits.len(), ins.len()));
        }
        self.expect_arrow()?;
        b.results = self.result_types()?;
        let mut args = Vec::new();
        for ((a, init), t) in inits.into_iter().zip(ins) {
            let v = self.resolve(&init, &t)?;
            b.operands.push(v);
            args.push((a, t));
        }
        b.regions.push(self.parse_region(Some(args))?);
        self.expect_kw("do")?;
        b.regions.push(self.parse_region(None)?);
        self.opt_attr_dict(b)
    }

    /// `scf.index_switch %i [attrs] [-> T...] case 2 {..} case 5 {..} default {..}`: the `cases`
    /// attribute lists the case values; the default region comes first, as in MLIR.
    fn parse_scf_index_switch(&mut self, b: &mut OpBuild) -> R<()> {
        let i = self.operand_ref()?;
        b.operands = vec![self.resolve(&i, &Type::Index)?];
        self.opt_attr_dict(b)?;
        if self.eat_arrow() {
            b.results = self.type_list_no_parens()?;
        }
        let mut cases = Vec::new();
        let mut regions = Vec::new();
        while self.eat_kw("case") {
            let p = self.tok.start;
            let v = self.int_lit()?;
            if cases.iter().any(|c| matches!(c, Attr::Int(x, _) if *x == v)) {
                return self.err_at(p, format!("case value {v} appears twice"));
            }
            cases.push(Attr::Int(v, Type::int(64)));
            regions.push(self.parse_region(None)?);
        }
        self.expect_kw("default")?;
        b.regions.push(self.parse_region(None)?);
        b.regions.extend(regions);
        b.attrs.push(("cases".into(), Attr::Array(cases)));
        Ok(())
    }

    /// `(%i, %j)` then `= (%lb...) to (%ub...) step (%s...)` (operands) for scf.parallel.
    fn parallel_ivs(&mut self) -> R<Vec<OperandRef>> {
        self.expect_punct(b'(')?;
        let ivs = self.operands()?;
        self.expect_punct(b')')?;
        Ok(ivs)
    }

    /// `( %a, %b )` as operand references.
    fn paren_operands(&mut self) -> R<Vec<OperandRef>> {
        self.expect_punct(b'(')?;
        let v = self.operands()?;
        self.expect_punct(b')')?;
        Ok(v)
    }

    /// `scf.parallel (%i...) = (%lb...) to (%ub...) step (%s...) [init (%x...)] [-> T...] {body}`:
    /// operands lower bounds, upper bounds, steps, initial values of the reductions.
    fn parse_scf_parallel(&mut self, b: &mut OpBuild) -> R<()> {
        let p = self.tok.start;
        let ivs = self.parallel_ivs()?;
        self.expect_punct(b'=')?;
        let lbs = self.paren_operands()?;
        self.expect_kw("to")?;
        let ubs = self.paren_operands()?;
        self.expect_kw("step")?;
        let steps = self.paren_operands()?;
        if lbs.len() != ivs.len() || ubs.len() != ivs.len() || steps.len() != ivs.len() {
            return self.err_at(p, "scf.parallel needs one lower bound, upper bound and step per variable");
        }
        let inits = if self.eat_kw("init") { self.paren_operands()? } else { Vec::new() };
        if self.eat_arrow() {
            let p = self.tok.start;
            b.results = self.result_types()?;
            if b.results.len() != inits.len() {
                return self
                    .err_at(p, format!("{} initial values but {} types", inits.len(), b.results.len()));
            }
        } else if !inits.is_empty() {
            return self.expected("'->' and the types of the reductions");
        }
        for r in lbs.iter().chain(&ubs).chain(&steps) {
            let v = self.resolve(r, &Type::Index)?;
            b.operands.push(v);
        }
        for (r, t) in inits.iter().zip(b.results.clone()) {
            let v = self.resolve(r, &t)?;
            b.operands.push(v);
        }
        let n = ivs.len() as i128;
        let seg = [n, n, n, inits.len() as i128].map(|k| Attr::Int(k, Type::int(32)));
        b.attrs.push(("operandSegmentSizes".into(), Attr::Array(seg.to_vec())));
        let args = ivs.into_iter().map(|r| (r, Type::Index)).collect();
        b.regions.push(self.parse_region(Some(args))?);
        self.opt_attr_dict(b)
    }

    /// `(8, %n)`: static values (DYNAMIC for operands) and the operands.
    fn forall_bounds(&mut self) -> R<Mixed> {
        self.expect_punct(b'(')?;
        self.mixed_list(b')')
    }

    /// `scf.forall (%i...) in (%n...) {body}` or `= (lbs) to (ubs) step (steps)`, each bound static
    /// or a value; `shared_outs` (tensors) is refused. The `static*` attributes hold the static
    /// values (DYNAMIC where an operand stands).
    fn parse_scf_forall(&mut self, b: &mut OpBuild) -> R<()> {
        let p = self.tok.start;
        let ivs = self.parallel_ivs()?;
        let n = ivs.len();
        let (lbs, ubs, steps) = if self.eat_kw("in") {
            let ubs = self.forall_bounds()?;
            (((vec![0; n]), vec![]), ubs, (vec![1; n], vec![]))
        } else {
            self.expect_punct(b'=')?;
            let lbs = self.forall_bounds()?;
            self.expect_kw("to")?;
            let ubs = self.forall_bounds()?;
            self.expect_kw("step")?;
            (lbs, ubs, self.forall_bounds()?)
        };
        if lbs.0.len() != n || ubs.0.len() != n || steps.0.len() != n {
            return self.err_at(p, "scf.forall needs one bound (and step) per variable");
        }
        if self.is_kw("shared_outs") {
            return self.err(unsupported(
                "scf.forall with shared_outs (tensor results): bufferize first (tensors cannot be converted to the LLVM dialect)",
            ));
        }
        let mut seg = Vec::new();
        for (name, (stat, dynm)) in
            [("staticLowerBound", &lbs), ("staticUpperBound", &ubs), ("staticStep", &steps)]
        {
            for r in dynm {
                let v = self.resolve(r, &Type::Index)?;
                b.operands.push(v);
            }
            seg.push(Attr::Int(dynm.len() as i128, Type::int(32)));
            b.attrs.push((
                name.into(),
                Attr::Array(stat.iter().map(|&s| Attr::Int(s as i128, Type::int(64))).collect()),
            ));
        }
        seg.push(Attr::Int(0, Type::int(32)));
        b.attrs.push(("operandSegmentSizes".into(), Attr::Array(seg)));
        let args = ivs.into_iter().map(|r| (r, Type::Index)).collect();
        b.regions.push(self.parse_region(Some(args))?);
        self.opt_attr_dict(b)
    }
}
