//! Custom (pretty) forms of the memref and vector dialects: allocation, loads and stores (plain
//! and masked), the descriptor queries, globals, copies, views (`subview`, `reshape`,
//! `reinterpret_cast`), and vector construction, extraction, reductions, masks and `vector.print`.
//!
//! Each form builds the same [`OpBuild`] as the generic form would, like the other dialects'
//! forms in `custom.rs`.

use super::*;

impl Parser<'_> {
    /// Parses the custom form of the memref or vector operation `dialect.op` into `b`; false when
    /// the operation has no custom form here (nothing is read then).
    pub(super) fn parse_memref_vector(
        &mut self,
        dialect: &str,
        op: &str,
        b: &mut OpBuild,
        pos: usize,
    ) -> R<bool> {
        match (dialect, op) {
            ("memref", "alloc") | ("memref", "alloca") => {
                self.expect_punct(b'(')?;
                let dyn_sizes = self.operands()?;
                self.expect_punct(b')')?;
                let mut syms = Vec::new();
                if self.eat_punct(b'[') {
                    syms = self.operands()?;
                    self.expect_punct(b']')?;
                }
                // `alignment = 8`, the keyword form of MLIR after 19 (19 writes `{alignment = 8}`).
                if self.eat_kw("alignment") {
                    self.expect_punct(b'=')?;
                    let a = self.int_lit()?;
                    b.attrs.push(("alignment".into(), Attr::Int(a, Type::int(64))));
                }
                self.opt_attr_dict(b)?;
                let mt = self.colon_type()?;
                b.operands = self.resolve_n(&dyn_sizes, &Type::Index)?;
                b.operands.extend(self.resolve_n(&syms, &Type::Index)?);
                b.results.push(mt);
            }
            ("memref", "dealloc") => {
                let m = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let mt = self.colon_type()?;
                b.operands = vec![self.resolve(&m, &mt)?];
            }
            ("memref", "load") | ("vector", "load") => {
                let m = self.operand_ref()?;
                let idx = self.index_refs()?;
                let (mt, rt) = self.memref_access_types(b, dialect, pos, idx.len())?;
                b.operands = vec![self.resolve(&m, &mt)?];
                b.operands.extend(self.resolve_n(&idx, &Type::Index)?);
                b.results.push(rt);
            }
            ("memref", "store") | ("vector", "store") => {
                let v = self.operand_ref()?;
                self.expect_punct(b',')?;
                let m = self.operand_ref()?;
                let idx = self.index_refs()?;
                let (mt, vt) = self.memref_access_types(b, dialect, pos, idx.len())?;
                b.operands = vec![self.resolve(&v, &vt)?, self.resolve(&m, &mt)?];
                b.operands.extend(self.resolve_n(&idx, &Type::Index)?);
            }
            ("vector", "maskedload") | ("vector", "maskedstore") => {
                let m = self.operand_ref()?;
                let idx = self.index_refs()?;
                self.expect_punct(b',')?;
                let mask = self.operand_ref()?;
                self.expect_punct(b',')?;
                let v = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let mt = self.colon_type()?;
                self.expect_punct(b',')?;
                let mkt = self.parse_type()?;
                self.expect_punct(b',')?;
                let vt = self.parse_type()?;
                if op == "maskedload" {
                    self.expect_kw("into")?;
                    b.results.push(self.parse_type()?);
                }
                b.operands = vec![self.resolve(&m, &mt)?];
                b.operands.extend(self.resolve_n(&idx, &Type::Index)?);
                b.operands.push(self.resolve(&mask, &mkt)?);
                b.operands.push(self.resolve(&v, &vt)?);
            }
            ("memref", "dim") => {
                let m = self.operand_ref()?;
                self.expect_punct(b',')?;
                let i = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let mt = self.colon_type()?;
                b.operands = vec![self.resolve(&m, &mt)?, self.resolve(&i, &Type::Index)?];
                b.results.push(Type::Index);
            }
            ("memref", "rank") | ("memref", "extract_aligned_pointer_as_index") => {
                let m = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let mt = self.colon_type()?;
                if op != "rank" {
                    self.expect_arrow()?;
                    self.parse_type()?;
                }
                b.operands = vec![self.resolve(&m, &mt)?];
                b.results.push(Type::Index);
            }
            ("memref", "extract_strided_metadata") => {
                let m = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let mt = self.colon_type()?;
                self.expect_arrow()?;
                b.results = self.type_list_no_parens()?;
                b.operands = vec![self.resolve(&m, &mt)?];
            }
            ("memref", "get_global") => {
                let s = self.symbol()?;
                self.opt_attr_dict(b)?;
                b.results.push(self.colon_type()?);
                b.attrs.push(("name".into(), Attr::Symbol(s)));
            }
            ("memref", "global") => {
                if self.tok.kind == Tok::Str {
                    let v = self.string_lit()?;
                    b.attrs.push(("sym_visibility".into(), Attr::Str(v)));
                }
                if self.eat_kw("constant") {
                    b.attrs.push(("constant".into(), Attr::Unit));
                }
                let s = self.symbol()?;
                b.attrs.push(("sym_name".into(), Attr::Str(s.into_bytes())));
                let ty = self.colon_type()?;
                if self.eat_punct(b'=') {
                    if self.eat_kw("uninitialized") {
                        b.attrs.push(("initial_value".into(), Attr::Unit));
                    } else {
                        let a = self.parse_attr()?;
                        b.attrs.push(("initial_value".into(), a));
                    }
                }
                self.opt_attr_dict(b)?;
                b.attrs.push(("type".into(), Attr::Type(ty)));
            }
            ("memref", "copy") => {
                let a = self.operand_ref()?;
                self.expect_punct(b',')?;
                let c = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let t0 = self.colon_type()?;
                self.expect_kw("to")?;
                let t1 = self.parse_type()?;
                b.operands = vec![self.resolve(&a, &t0)?, self.resolve(&c, &t1)?];
            }
            ("memref", "subview") => {
                let m = self.operand_ref()?;
                self.expect_punct(b'[')?;
                let (so, d0) = self.mixed_list(b']')?;
                self.expect_punct(b'[')?;
                let (ss, d1) = self.mixed_list(b']')?;
                self.expect_punct(b'[')?;
                let (st, d2) = self.mixed_list(b']')?;
                self.opt_attr_dict(b)?;
                let t0 = self.colon_type()?;
                self.expect_kw("to")?;
                let t1 = self.parse_type()?;
                self.push_mixed(b, &m, &t0, [(so, d0), (ss, d1), (st, d2)])?;
                b.results.push(t1);
            }
            ("memref", "reshape") => {
                // `memref.reshape %src(%shape) : (memref<..>, memref<Nxi64>) -> memref<..>`
                let src = self.operand_ref()?;
                self.expect_punct(b'(')?;
                let shape = self.operand_ref()?;
                self.expect_punct(b')')?;
                self.opt_attr_dict(b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let Type::Function { inputs, results } = self.parse_type()? else {
                    return self.err_at(p, "expected a function type");
                };
                b.operands = self.resolve_all(&[src, shape], &inputs, p)?;
                b.results = results;
            }
            ("memref", "reinterpret_cast") => {
                let m = self.operand_ref()?;
                self.expect_kw("to")?;
                self.expect_kw("offset")?;
                self.expect_punct(b':')?;
                self.expect_punct(b'[')?;
                let (so, d0) = self.mixed_list(b']')?;
                self.expect_punct(b',')?;
                self.expect_kw("sizes")?;
                self.expect_punct(b':')?;
                self.expect_punct(b'[')?;
                let (ss, d1) = self.mixed_list(b']')?;
                self.expect_punct(b',')?;
                self.expect_kw("strides")?;
                self.expect_punct(b':')?;
                self.expect_punct(b'[')?;
                let (st, d2) = self.mixed_list(b']')?;
                self.opt_attr_dict(b)?;
                let t0 = self.colon_type()?;
                self.expect_kw("to")?;
                let t1 = self.parse_type()?;
                self.push_mixed(b, &m, &t0, [(so, d0), (ss, d1), (st, d2)])?;
                b.results.push(t1);
            }
            ("vector", "broadcast") => {
                let a = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let from = self.colon_type()?;
                self.expect_kw("to")?;
                let to = self.parse_type()?;
                b.operands = vec![self.resolve(&a, &from)?];
                b.results.push(to);
            }
            ("vector", "splat") => {
                let a = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let vt = self.colon_type()?;
                b.operands = vec![self.resolve(&a, &vt.scalar().clone())?];
                b.results.push(vt);
            }
            ("vector", "from_elements") => {
                let refs = self.operands()?;
                self.opt_attr_dict(b)?;
                let vt = self.colon_type()?;
                b.operands = self.resolve_n(&refs, &vt.scalar().clone())?;
                b.results.push(vt);
            }
            ("vector", "extract") | ("vector", "insert") => {
                let x = if op == "insert" {
                    let x = self.operand_ref()?;
                    self.expect_punct(b',')?;
                    Some(x)
                } else {
                    None
                };
                let v = self.operand_ref()?;
                self.expect_punct(b'[')?;
                let (stat, dynm) = self.mixed_list(b']')?;
                self.opt_attr_dict(b)?;
                let t0 = self.colon_type()?;
                let (elt, vt) = if self.eat_kw("from") || self.eat_kw("into") {
                    (t0, self.parse_type()?)
                } else {
                    // Older form: only the vector type; the element type follows from the position.
                    let et = match &t0 {
                        Type::Vector { shape, elem, .. } if shape.len() > stat.len() => Type::Vector {
                            shape: shape[stat.len()..].to_vec(),
                            scalable: vec![false; shape.len() - stat.len()],
                            elem: elem.clone(),
                        },
                        Type::Vector { elem, .. } => (**elem).clone(),
                        _ => return self.err_at(pos, "expected a vector type"),
                    };
                    (et, t0)
                };
                if let Some(x) = x {
                    b.operands = vec![self.resolve(&x, &elt)?, self.resolve(&v, &vt)?];
                    b.results.push(vt);
                } else {
                    b.operands = vec![self.resolve(&v, &vt)?];
                    b.results.push(elt);
                }
                b.operands.extend(self.resolve_n(&dynm, &Type::Index)?);
                let sp = stat.iter().map(|&v| Attr::Int(v as i128, Type::int(64))).collect();
                b.attrs.push(("static_position".into(), Attr::Array(sp)));
            }
            ("vector", "reduction") => {
                self.expect_punct(b'<')?;
                let kind = self.ident("a combining kind")?;
                self.expect_punct(b'>')?;
                self.expect_punct(b',')?;
                let v = self.operand_ref()?;
                let acc = if self.eat_punct(b',') { Some(self.operand_ref()?) } else { None };
                self.op_flags(b)?;
                self.opt_attr_dict(b)?;
                let vt = self.colon_type()?;
                self.expect_kw("into")?;
                let rt = self.parse_type()?;
                b.operands = vec![self.resolve(&v, &vt)?];
                if let Some(a) = acc {
                    b.operands.push(self.resolve(&a, &rt)?);
                }
                b.results.push(rt);
                b.attrs.push(("kind".into(), Attr::Dialect("vector.kind".into(), kind)));
            }
            ("vector", "extract_strided_slice") => {
                let v = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let t0 = self.colon_type()?;
                self.expect_kw("to")?;
                let t1 = self.parse_type()?;
                b.operands = vec![self.resolve(&v, &t0)?];
                b.results.push(t1);
            }
            ("vector", "insert_strided_slice") => {
                let a = self.operand_ref()?;
                self.expect_punct(b',')?;
                let v = self.operand_ref()?;
                self.opt_attr_dict(b)?;
                let t0 = self.colon_type()?;
                self.expect_kw("into")?;
                let t1 = self.parse_type()?;
                b.operands = vec![self.resolve(&a, &t0)?, self.resolve(&v, &t1)?];
                b.results.push(t1);
            }
            ("vector", "create_mask") => {
                let refs = self.operands()?;
                self.opt_attr_dict(b)?;
                let vt = self.colon_type()?;
                b.operands = self.resolve_n(&refs, &Type::Index)?;
                b.results.push(vt);
            }
            ("vector", "constant_mask") => {
                let dims = self.ints_list()?;
                self.opt_attr_dict(b)?;
                let vt = self.colon_type()?;
                let d = dims.iter().map(|&v| Attr::Int(v as i128, Type::int(64))).collect();
                b.attrs.push(("mask_dim_sizes".into(), Attr::Array(d)));
                b.results.push(vt);
            }
            ("vector", "mask") => {
                // `vector.mask %mask[, %passthru] { maskable op } : mask type [-> result types]`
                let refs = self.operands()?;
                if refs.is_empty() || refs.len() > 2 {
                    return self.err_at(pos, "vector.mask takes a mask and an optional pass-through value");
                }
                b.regions.push(self.parse_region(None)?);
                self.opt_attr_dict(b)?;
                let p = self.tok.start;
                let mt = self.colon_type()?;
                if self.eat_arrow() {
                    b.results = self.result_types()?;
                }
                b.operands.push(self.resolve(&refs[0], &mt)?);
                if let Some(pt) = refs.get(1) {
                    let Some(t) = b.results.first().cloned() else {
                        return self.err_at(p, "a vector.mask with a pass-through value has a result");
                    };
                    b.operands.push(self.resolve(pt, &t)?);
                }
            }
            ("vector", "print") => {
                // `vector.print [%v : T] [str "text"] [punctuation <kind>] [attrs]`
                if self.at_operand() {
                    let v = self.operand_ref()?;
                    self.opt_attr_dict(b)?;
                    let t = self.colon_type()?;
                    b.operands = vec![self.resolve(&v, &t)?];
                }
                loop {
                    if self.eat_kw("str") {
                        let s = self.string_lit()?;
                        b.attrs.push(("stringLiteral".into(), Attr::Str(s)));
                    } else if self.eat_kw("punctuation") {
                        self.expect_punct(b'<')?;
                        let p = self.tok.start;
                        let k = self.ident("a punctuation")?;
                        if !matches!(k.as_str(), "no_punctuation" | "newline" | "comma" | "open" | "close") {
                            return self.err_at(
                                    p,
                                    format!("unknown punctuation '{k}' (no_punctuation, newline, comma, open or close)"),
                                );
                        }
                        self.expect_punct(b'>')?;
                        b.attrs.push(("punctuation".into(), Attr::Dialect("vector.punctuation".into(), k)));
                    } else {
                        break;
                    }
                }
                self.opt_attr_dict(b)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}
