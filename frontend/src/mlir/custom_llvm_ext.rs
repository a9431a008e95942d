//! Custom forms of the LLVM dialect's operations beyond plain instructions: control transfers
//! (`llvm.blockaddress` / `blocktag` / `indirectbr`, `llvm.landingpad`, `llvm.resume`), variadic
//! arguments (`llvm.intr.vastart` / `vacopy` / `vaend`, `llvm.va_arg`), module directives
//! (`llvm.mlir.global_ctors` / `global_dtors`, `llvm.module_flags`, `llvm.linker_options`), and the
//! flags of memory accesses (atomic, invariant, invariant_group).

use super::*;

/// The operations (without `llvm.`) this file reads.
pub(super) const OPS: [&str; 13] = [
    "blockaddress",
    "blocktag",
    "indirectbr",
    "intr.vastart",
    "intr.vaend",
    "intr.vacopy",
    "va_arg",
    "mlir.global_ctors",
    "mlir.global_dtors",
    "linker_options",
    "module_flags",
    "landingpad",
    "resume",
];

impl Parser<'_> {
    /// Parses the custom form of `llvm.<op>`, one of [`OPS`], into `b`.
    pub(super) fn parse_llvm_ext(&mut self, op: &str, b: &mut OpBuild) -> R<()> {
        match op {
            "blockaddress" => {
                // `llvm.blockaddress <function = @f, tag = <id = 1>> : !llvm.ptr`
                self.expect_punct(b'<')?;
                self.expect_kw("function")?;
                self.expect_punct(b'=')?;
                let f = self.symbol()?;
                self.expect_punct(b',')?;
                self.expect_kw("tag")?;
                self.expect_punct(b'=')?;
                let tag = self.block_tag()?;
                self.expect_punct(b'>')?;
                b.attrs.push(("function".into(), Attr::Symbol(f)));
                b.attrs.push(("tag".into(), Attr::Int(tag, Type::int(32))));
                self.opt_attr_dict(b)?;
                b.results.push(self.colon_type()?);
            }
            "blocktag" => {
                // `llvm.blocktag <id = 1>`
                let tag = self.block_tag()?;
                b.attrs.push(("tag".into(), Attr::Int(tag, Type::int(32))));
                self.opt_attr_dict(b)?;
            }
            "indirectbr" => {
                // `llvm.indirectbr %addr : !llvm.ptr, [^bb1, ^bb2(%v : i32)]`
                let a = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let t = self.colon_type()?;
                b.operands = vec![self.resolve(&a, &t)?];
                self.expect_punct(b',')?;
                self.expect_punct(b'[')?;
                while !self.eat_punct(b']') {
                    b.successors.push(self.successor()?);
                    if !self.eat_punct(b',') && !self.is_punct(b']') {
                        return self.expected("',' or ']'");
                    }
                }
            }

            "intr.vastart" | "intr.vaend" => {
                // `llvm.intr.vastart %list : !llvm.ptr`
                let l = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let t = self.colon_type()?;
                b.operands = vec![self.resolve(&l, &t)?];
            }
            "intr.vacopy" => {
                // `llvm.intr.vacopy %src to %dest : !llvm.ptr, !llvm.ptr`
                let src = self.operand_ref()?;
                self.expect_kw("to")?;
                let dest = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let t0 = self.colon_type()?;
                self.expect_punct(b',')?;
                let t1 = self.parse_type()?;
                b.operands = vec![self.resolve(&dest, &t1)?, self.resolve(&src, &t0)?];
            }
            "va_arg" => {
                // `llvm.va_arg %list : (!llvm.ptr) -> i32`
                let l = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let Type::Function { inputs, results } = self.parse_type()? else {
                    return self.err_at(p, "expected a function type");
                };
                b.operands = self.resolve_all(&[l], &inputs, p)?;
                b.results = results;
            }

            "mlir.global_ctors" | "mlir.global_dtors" => {
                // `{ctors = [@f], priorities = [0 : i32]}` (MLIR 19) or the same without braces
                // (later MLIR, with `data = [...]`).
                if self.is_punct(b'{') {
                    self.opt_attr_dict(b)?;
                } else {
                    while self.tok.kind == Tok::Ident && self.peek2().kind == Tok::Punct(b'=') {
                        let name = self.ident("an attribute name")?;
                        self.expect_punct(b'=')?;
                        let a = self.parse_attr()?;
                        b.attrs.push((name, a));
                        if !self.eat_punct(b',') {
                            break;
                        }
                    }
                }
            }
            "linker_options" => {
                // `llvm.linker_options ["/DEFAULTLIB:", "libcmt"]`
                let options = self.parse_attr()?;
                b.attrs.push(("options".into(), options));
                self.opt_attr_dict(b)?;
            }
            "module_flags" => {
                // `llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4>, ...]`
                let flags = self.parse_attr()?;
                b.attrs.push(("flags".into(), flags));
                self.opt_attr_dict(b)?;
            }
            "landingpad" => {
                // `llvm.landingpad [cleanup] [(catch %v : T)]... : !llvm.struct<(ptr, i32)>`
                if self.eat_kw("cleanup") {
                    b.attrs.push(("cleanup".into(), Attr::Unit));
                }
                while self.eat_punct(b'(') {
                    let p = self.tok.start;
                    let kind = self.ident("catch or filter")?;
                    if kind != "catch" {
                        return self.err_at(p, unsupported(format!("a landingpad '{kind}' clause")));
                    }
                    let v = self.operand_ref()?;
                    let t = self.colon_type()?;
                    self.expect_punct(b')')?;
                    b.operands.push(self.resolve(&v, &t)?);
                }
                self.opt_attr_dict(b)?;
                b.results.push(self.colon_type()?);
            }
            "resume" => {
                let v = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let t = self.colon_type()?;
                b.operands = vec![self.resolve(&v, &t)?];
            }
            _ => return self.err(format!("'llvm.{op}' is not read here")),
        }
        Ok(())
    }

    /// The flags of `llvm.load` / `llvm.store` after the address: `atomic [syncscope("s")]
    /// <ordering>` (the ordering as MLIR's enumeration value, as the generic form holds it),
    /// `invariant`, `invariant_group`.
    pub(super) fn memory_access_flags(&mut self, b: &mut OpBuild) -> R<()> {
        if self.eat_kw("atomic") {
            if self.eat_kw("syncscope") {
                self.expect_punct(b'(')?;
                let s = self.string_lit()?;
                self.expect_punct(b')')?;
                b.attrs.push(("syncscope".into(), Attr::Str(s)));
            }
            let p = self.tok.start;
            let o = self.ident("an atomic ordering")?;
            let Some(k) = ATOMIC_ORDERINGS.iter().position(|&x| x == o) else {
                return self.err_at(p, format!("unknown atomic ordering '{o}'"));
            };
            b.attrs.push(("ordering".into(), Attr::Int(k as i128, Type::int(64))));
        }
        if self.eat_kw("invariant") {
            b.attrs.push(("invariant".into(), Attr::Unit));
        }
        if self.eat_kw("invariant_group") {
            b.attrs.push(("invariantGroup".into(), Attr::Unit));
        }
        Ok(())
    }

    /// `<id = N>`: the tag of a block an `llvm.blockaddress` names.
    fn block_tag(&mut self) -> R<i128> {
        self.expect_punct(b'<')?;
        self.expect_kw("id")?;
        self.expect_punct(b'=')?;
        let id = self.int_lit()?;
        self.expect_punct(b'>')?;
        Ok(id)
    }
}
