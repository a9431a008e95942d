//! Custom forms of the `gpu` dialect as MLIR 19 prints them: `gpu.module` (with its optional
//! offloading handler and target attributes), `gpu.func` (kernels and device functions, with their
//! `workgroup(...)` and `private(...)` attributions), `gpu.return`, the id and size operations
//! (`thread_id`, `block_id`, `block_dim`, `grid_dim`, `global_id`, `lane_id`, `subgroup_id`,
//! `subgroup_size`, `num_subgroups`), `gpu.barrier`, `gpu.shuffle`, `gpu.subgroup_reduce` and the
//! host side's `gpu.launch_func`.
//!
//! Each form builds the operation the generic form would: enumerations are kept as the dialect
//! attributes the generic form writes (`#gpu<dim x>`, `#gpu<shuffle_mode xor>`,
//! `#gpu<all_reduce_op add>`), so both spellings lower the same way.

use super::ast::*;
use super::lexer::Tok;
use super::parser::{OpBuild, OperandRef, Parser, R};

/// The `gpu` operations whose custom form this file reads.
pub(super) fn is_gpu_op(op: &str) -> bool {
    matches!(
        op,
        "module"
            | "func"
            | "return"
            | "thread_id"
            | "block_id"
            | "block_dim"
            | "grid_dim"
            | "global_id"
            | "cluster_id"
            | "lane_id"
            | "subgroup_id"
            | "subgroup_size"
            | "num_subgroups"
            | "barrier"
            | "shuffle"
            | "subgroup_reduce"
            | "launch_func"
            | "module_end"
    )
}

impl Parser<'_> {
    fn gpu_attr_dict(&mut self, b: &mut OpBuild) -> R<()> {
        if self.is_punct(b'{') {
            if let Attr::Dict(a) = self.parse_dict_attr()? {
                b.attrs.extend(a);
            }
        }
        Ok(())
    }

    /// `(%a, %b, %c)`: three index operands of a launch.
    fn gpu_triple(&mut self) -> R<Vec<ValueId>> {
        self.expect_punct(b'(')?;
        let mut out = Vec::new();
        for k in 0..3 {
            if k > 0 {
                self.expect_punct(b',')?;
            }
            let r = self.operand_ref()?;
            out.push(self.resolve(&r, &Type::Index)?);
        }
        self.expect_punct(b')')?;
        Ok(out)
    }

    /// `(%w : type, ...)` after `workgroup` or `private`.
    fn gpu_attributions(&mut self) -> R<Vec<(OperandRef, Type)>> {
        self.expect_punct(b'(')?;
        let mut out = Vec::new();
        if self.eat_punct(b')') {
            return Ok(out);
        }
        loop {
            let r = self.operand_ref()?;
            self.expect_punct(b':')?;
            let t = self.parse_type()?;
            out.push((r, t));
            if self.eat_punct(b')') {
                return Ok(out);
            }
            self.expect_punct(b',')?;
        }
    }

    /// Parses the custom form of `gpu.<op>` (the name token has been read).
    pub(super) fn parse_gpu(&mut self, op: &str, b: &mut OpBuild) -> R<()> {
        match op {
            "module" => {
                let s = self.symbol()?;
                b.attrs.push(("sym_name".into(), Attr::Str(s.into_bytes())));
                if self.is_punct(b'<') {
                    self.bump();
                    let h = self.parse_attr()?;
                    self.expect_punct(b'>')?;
                    b.attrs.push(("offloadingHandler".into(), h));
                }
                if self.is_punct(b'[') {
                    let t = self.parse_attr()?;
                    b.attrs.push(("targets".into(), t));
                }
                if self.eat_kw("attributes") {
                    self.gpu_attr_dict(b)?;
                }
                b.regions.push(self.parse_region(None)?);
            }
            "func" => self.parse_gpu_func(b)?,
            "return" => {
                self.gpu_attr_dict(b)?;
                if self.at_operand() {
                    let mut refs = vec![self.operand_ref()?];
                    while self.eat_punct(b',') {
                        refs.push(self.operand_ref()?);
                    }
                    self.expect_punct(b':')?;
                    let p = self.tok.start;
                    let mut tys = vec![self.parse_type()?];
                    while self.eat_punct(b',') {
                        tys.push(self.parse_type()?);
                    }
                    b.operands = self.resolve_all(&refs, &tys, p)?;
                }
            }
            "thread_id" | "block_id" | "block_dim" | "grid_dim" | "global_id" | "cluster_id" => {
                let pos = self.tok.start;
                let d = self.ident("a dimension (x, y or z)")?;
                if !matches!(d.as_str(), "x" | "y" | "z") {
                    return self.err_at(pos, format!("expected a dimension x, y or z, found '{d}'"));
                }
                b.attrs.push(("dimension".into(), Attr::Dialect("gpu".into(), format!("dim {d}"))));
                self.gpu_upper_bound(b)?;
                b.results.push(Type::Index);
            }
            "lane_id" | "subgroup_id" | "subgroup_size" | "num_subgroups" => {
                self.gpu_upper_bound(b)?;
                b.results.push(if self.eat_punct(b':') { self.parse_type()? } else { Type::Index });
            }
            "barrier" | "module_end" => self.gpu_attr_dict(b)?,
            "shuffle" => {
                let pos = self.tok.start;
                let mode = self.ident("a shuffle mode")?;
                if !matches!(mode.as_str(), "xor" | "up" | "down" | "idx") {
                    return self.err_at(
                        pos,
                        format!("expected a shuffle mode xor, up, down or idx, found '{mode}'"),
                    );
                }
                let v = self.operand_ref()?;
                self.expect_punct(b',')?;
                let off = self.operand_ref()?;
                self.expect_punct(b',')?;
                let width = self.operand_ref()?;
                self.gpu_attr_dict(b)?;
                self.expect_punct(b':')?;
                let t = self.parse_type()?;
                b.operands = vec![
                    self.resolve(&v, &t)?,
                    self.resolve(&off, &Type::int(32))?,
                    self.resolve(&width, &Type::int(32))?,
                ];
                b.attrs.push(("mode".into(), Attr::Dialect("gpu".into(), format!("shuffle_mode {mode}"))));
                b.results = vec![t, Type::int(1)];
            }
            "subgroup_reduce" => {
                let pos = self.tok.start;
                let kind = self.ident("a reduction kind")?;
                const KINDS: [&str; 13] = [
                    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or",
                    "xor", "minimumf", "maximumf",
                ];
                if !KINDS.contains(&kind.as_str()) {
                    return self.err_at(pos, format!("unknown reduction kind '{kind}'"));
                }
                let v = self.operand_ref()?;
                if self.eat_kw("uniform") {
                    b.attrs.push(("uniform".into(), Attr::Unit));
                }
                if self.eat_kw("cluster") {
                    self.expect_punct(b'(')?;
                    self.expect_kw("size")?;
                    self.expect_punct(b'=')?;
                    let n = self.int_lit()?;
                    b.attrs.push(("cluster_size".into(), Attr::Int(n, Type::int(32))));
                    if self.eat_punct(b',') {
                        self.expect_kw("stride")?;
                        self.expect_punct(b'=')?;
                        let s = self.int_lit()?;
                        b.attrs.push(("cluster_stride".into(), Attr::Int(s, Type::int(32))));
                    }
                    self.expect_punct(b')')?;
                }
                self.gpu_attr_dict(b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let Type::Function { inputs, results } = self.parse_type()? else {
                    return self.err_at(p, "expected '(type) -> type'");
                };
                if inputs.len() != 1 || results.len() != 1 {
                    return self.err_at(p, "gpu.subgroup_reduce takes one value and gives one");
                }
                b.operands = vec![self.resolve(&v, &inputs[0])?];
                b.attrs.push(("op".into(), Attr::Dialect("gpu".into(), format!("all_reduce_op {kind}"))));
                b.results = results;
            }
            "launch_func" => self.parse_launch_func(b)?,
            _ => return self.err(format!("unknown operation 'gpu.{op}'")),
        }
        Ok(())
    }

    fn gpu_upper_bound(&mut self, b: &mut OpBuild) -> R<()> {
        if self.eat_kw("upper_bound") {
            let n = self.int_lit()?;
            b.attrs.push(("upper_bound".into(), Attr::Int(n, Type::Index)));
        }
        self.gpu_attr_dict(b)
    }

    /// `gpu.launch_func [async] [[%deps]] @mod::@k [<%obj : T>] [clusters in (...)] blocks in (...)
    /// threads in (...) [dynamic_shared_memory_size %s] [args(%a : T, ...)]`: operands are the
    /// dependencies, the cluster, grid and block sizes, the shared memory size, then the arguments;
    /// `operandSegmentSizes` says how many of each, as the generic form does.
    fn parse_launch_func(&mut self, b: &mut OpBuild) -> R<()> {
        let is_async = self.eat_kw("async");
        let mut deps = Vec::new();
        if self.eat_punct(b'[') {
            let tok = Type::Opaque("!gpu.async.token".into());
            if !self.eat_punct(b']') {
                loop {
                    let r = self.operand_ref()?;
                    deps.push(self.resolve(&r, &tok)?);
                    if self.eat_punct(b']') {
                        break;
                    }
                    self.expect_punct(b',')?;
                }
            }
        }
        let kernel = self.parse_attr()?;
        if !matches!(kernel, Attr::Symbol(_)) {
            return self.expected("the kernel symbol '@module::@kernel'");
        }
        b.attrs.push(("kernel".into(), kernel));
        let mut object = Vec::new();
        if self.eat_punct(b'<') {
            let r = self.operand_ref()?;
            self.expect_punct(b':')?;
            let t = self.parse_type()?;
            object.push(self.resolve(&r, &t)?);
            self.expect_punct(b'>')?;
        }
        let mut clusters = Vec::new();
        if self.eat_kw("clusters") {
            self.expect_kw("in")?;
            clusters = self.gpu_triple()?;
        }
        self.expect_kw("blocks")?;
        self.expect_kw("in")?;
        let grid = self.gpu_triple()?;
        self.expect_kw("threads")?;
        self.expect_kw("in")?;
        let block = self.gpu_triple()?;
        let mut smem = Vec::new();
        if self.eat_kw("dynamic_shared_memory_size") {
            let r = self.operand_ref()?;
            smem.push(self.resolve(&r, &Type::int(32))?);
        }
        let mut args = Vec::new();
        if self.eat_kw("args") {
            for (r, t) in self.gpu_attributions()? {
                args.push(self.resolve(&r, &t)?);
            }
        }
        self.gpu_attr_dict(b)?;
        let seg = |n: usize| Attr::Int(n as i128, Type::int(32));
        let mut segs = vec![seg(deps.len())];
        segs.extend(grid.iter().chain(&block).map(|_| seg(1)));
        segs.extend((0..3).map(|_| seg(clusters.len() / 3)));
        segs.extend([seg(smem.len()), seg(args.len()), seg(object.len())]);
        b.attrs.push(("operandSegmentSizes".into(), Attr::Array(segs)));
        b.operands = deps;
        b.operands.extend(grid);
        b.operands.extend(block);
        b.operands.extend(clusters);
        b.operands.extend(smem);
        b.operands.extend(args);
        b.operands.extend(object);
        if is_async {
            b.results.push(Type::Opaque("!gpu.async.token".into()));
        }
        Ok(())
    }

    /// `gpu.func @f(%a: T, ...) [-> R] [workgroup(...)] [private(...)] [kernel] [attributes {...}]
    /// {body}`: the entry block's arguments are the function's, then the workgroup attributions,
    /// then the private ones; `workgroup_attributions` counts the former.
    fn parse_gpu_func(&mut self, b: &mut OpBuild) -> R<()> {
        let name = self.symbol()?;
        b.attrs.push(("sym_name".into(), Attr::Str(name.into_bytes())));
        self.expect_punct(b'(')?;
        let mut named: Vec<(OperandRef, Type)> = Vec::new();
        let mut arg_attrs = Vec::new();
        if !self.eat_punct(b')') {
            loop {
                let r = self.operand_ref()?;
                self.expect_punct(b':')?;
                let t = self.parse_type()?;
                arg_attrs.push(if self.is_punct(b'{') {
                    self.parse_dict_attr()?
                } else {
                    Attr::Dict(vec![])
                });
                self.skip_loc()?;
                named.push((r, t));
                if self.eat_punct(b')') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        let mut results = Vec::new();
        if self.eat_arrow() {
            results = self.result_types()?;
        }
        let inputs: Vec<Type> = named.iter().map(|(_, t)| t.clone()).collect();
        if self.eat_kw("workgroup") {
            let w = self.gpu_attributions()?;
            b.attrs.push(("workgroup_attributions".into(), Attr::Int(w.len() as i128, Type::int(64))));
            named.extend(w);
        }
        if self.eat_kw("private") {
            named.extend(self.gpu_attributions()?);
        }
        if self.eat_kw("kernel") {
            b.attrs.push(("gpu.kernel".into(), Attr::Unit));
        }
        if self.eat_kw("attributes") {
            self.gpu_attr_dict(b)?;
        }
        b.attrs.push(("function_type".into(), Attr::Type(Type::Function { inputs, results })));
        if arg_attrs.iter().any(|a| !matches!(a, Attr::Dict(d) if d.is_empty())) {
            b.attrs.push(("arg_attrs".into(), Attr::Array(arg_attrs)));
        }
        if self.tok.kind != Tok::Punct(b'{') {
            return self.expected("the body of the gpu.func");
        }
        b.regions.push(self.parse_region(Some(named))?);
        Ok(())
    }
}
