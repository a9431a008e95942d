//! Custom forms of MLIR 19's `xegpu` dialect (Intel Xe GPU tiles): block tensor descriptors
//! (`create_nd_tdesc`, `load_nd`, `store_nd`, `prefetch_nd`, `update_nd_offset`), scattered
//! descriptors (`create_tdesc`, `load`, `store`, `prefetch`, `update_offset`, `atomic_rmw`), `dpas`,
//! `fence` and the named barrier operations.
//!
//! Each form builds what MLIR 19's generic form of the operation holds: `const_offsets` /
//! `const_shape` / `const_strides` with [`DYNAMIC`] for operand entries and
//! `operandSegmentSizes`, properties (`<{l1_hint = ...}>`) as attributes, the `atomic_rmw` kind as
//! the integer of arith's `AtomicRMWKind`, `fence` enumerations as `#xegpu<memory_scope global>`.
//! Descriptor types stay [`Type::Opaque`] text; the lowering reads their shape and attributes.

use super::super::ast::*;
use super::super::parser::{OpBuild, Parser, R};

/// arith's `AtomicRMWKind` names, in enum order (the integer `kind` of `xegpu.atomic_rmw`).
pub const ATOMIC_RMW_KINDS: [&str; 15] = [
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf", "muli", "ori",
    "andi", "maxnumf", "minnumf",
];

fn i64_array(v: &[i64]) -> Attr {
    Attr::Array(v.iter().map(|&x| Attr::Int(x as i128, Type::int(64))).collect())
}

fn segments(v: &[usize]) -> Attr {
    Attr::Array(v.iter().map(|&x| Attr::Int(x as i128, Type::int(32))).collect())
}

impl Parser<'_> {
    /// `<{...}>` properties (as the XeGPU printer writes them) and a `{...}` attribute dictionary.
    fn xegpu_props(&mut self, b: &mut OpBuild) -> R<()> {
        if self.is_punct(b'<') && self.peek2().kind == super::super::lexer::Tok::Punct(b'{') {
            self.bump();
            if let Attr::Dict(a) = self.parse_dict_attr()? {
                b.attrs.extend(a);
            }
            self.expect_punct(b'>')?;
        }
        self.opt_attr_dict(b)
    }

    /// A tensor descriptor type, qualified (`!xegpu.tensor_desc<...>`) or as the printer writes it
    /// where the operation names the type (`<16xf32, ...>`).
    fn xegpu_tdesc_type(&mut self) -> R<Type> {
        if self.is_punct(b'<') {
            let s = self.tok.start;
            self.skip_angle_body()?;
            let body = std::str::from_utf8(&self.src[s..self.tok.start]).unwrap_or("").trim_end();
            return Ok(Type::Opaque(format!("!xegpu.tensor_desc{body}")));
        }
        self.parse_type()
    }

    /// `[a, %b, ...]` after the caller saw `[`: (static values with DYNAMIC for operands, operands).
    fn xegpu_index_list(&mut self) -> R<(Vec<i64>, Vec<ValueId>)> {
        self.expect_punct(b'[')?;
        let (stat, refs) = self.mixed_list(b']')?;
        let vals = self.resolve_n(&refs, &Type::Index)?;
        Ok((stat, vals))
    }

    /// Parses the custom form of `xegpu.<op>` (the name token has been read).
    pub(in crate::mlir) fn parse_xegpu(&mut self, b: &mut OpBuild, op: &str, pos: usize) -> R<()> {
        match op {
            "create_nd_tdesc" => {
                let src = self.operand_ref()?;
                let (offs, off_vals) = self.xegpu_index_list()?;
                let mut lists = vec![];
                if self.eat_punct(b',') {
                    lists.push(self.xegpu_index_list()?);
                    self.expect_punct(b',')?;
                    lists.push(self.xegpu_index_list()?);
                }
                self.opt_attr_dict(b)?;
                let st = self.colon_type()?;
                self.expect_arrow()?;
                let tt = self.xegpu_tdesc_type()?;
                b.operands.push(self.resolve(&src, &st)?);
                b.operands.extend(off_vals.iter().copied());
                let mut seg = vec![1, off_vals.len()];
                b.attrs.push(("const_offsets".into(), i64_array(&offs)));
                for (name, (stat, vals)) in ["const_shape", "const_strides"].iter().zip(&lists) {
                    b.operands.extend(vals.iter().copied());
                    seg.push(vals.len());
                    b.attrs.push((name.to_string(), i64_array(stat)));
                }
                seg.resize(4, 0);
                b.attrs.push(("operandSegmentSizes".into(), segments(&seg)));
                b.results.push(tt);
            }
            "create_tdesc" => {
                let src = self.operand_ref()?;
                let (offs, off_vals) = self.xegpu_index_list()?;
                self.opt_attr_dict(b)?;
                let st = self.colon_type()?;
                self.expect_arrow()?;
                let tt = self.xegpu_tdesc_type()?;
                b.operands.push(self.resolve(&src, &st)?);
                b.operands.extend(off_vals);
                b.attrs.push(("const_offsets".into(), i64_array(&offs)));
                if !b.attrs.iter().any(|(k, _)| k == "chunk_size") {
                    b.attrs.push(("chunk_size".into(), Attr::Int(1, Type::int(64))));
                }
                b.results.push(tt);
            }
            "update_nd_offset" | "update_offset" => {
                let t = self.operand_ref()?;
                self.expect_punct(b',')?;
                let (offs, vals) = self.xegpu_index_list()?;
                self.opt_attr_dict(b)?;
                self.expect_punct(b':')?;
                let tt = self.xegpu_tdesc_type()?;
                b.operands.push(self.resolve(&t, &tt)?);
                b.operands.extend(vals);
                b.attrs.push(("const_offsets".into(), i64_array(&offs)));
                b.results.push(tt);
            }
            "prefetch_nd" | "prefetch" | "nbarrier_arrive" | "nbarrier_wait" => {
                let t = self.operand_ref()?;
                self.xegpu_props(b)?;
                self.expect_punct(b':')?;
                let tt = self.xegpu_tdesc_type()?;
                b.operands.push(self.resolve(&t, &tt)?);
            }
            "load_nd" => {
                let t = self.operand_ref()?;
                self.xegpu_props(b)?;
                self.expect_punct(b':')?;
                let tt = self.xegpu_tdesc_type()?;
                self.expect_arrow()?;
                let vt = self.parse_type()?;
                b.operands.push(self.resolve(&t, &tt)?);
                b.results.push(vt);
            }
            "store_nd" => {
                let v = self.operand_ref()?;
                self.expect_punct(b',')?;
                let t = self.operand_ref()?;
                self.xegpu_props(b)?;
                let vt = self.colon_type()?;
                self.expect_punct(b',')?;
                let tt = self.xegpu_tdesc_type()?;
                b.operands = vec![self.resolve(&v, &vt)?, self.resolve(&t, &tt)?];
            }
            "load" => {
                let t = self.operand_ref()?;
                self.expect_punct(b',')?;
                let m = self.operand_ref()?;
                self.xegpu_props(b)?;
                self.expect_punct(b':')?;
                let tt = self.xegpu_tdesc_type()?;
                self.expect_punct(b',')?;
                let mt = self.parse_type()?;
                self.expect_arrow()?;
                let vt = self.parse_type()?;
                b.operands = vec![self.resolve(&t, &tt)?, self.resolve(&m, &mt)?];
                b.results.push(vt);
            }
            "store" => {
                let v = self.operand_ref()?;
                self.expect_punct(b',')?;
                let t = self.operand_ref()?;
                self.expect_punct(b',')?;
                let m = self.operand_ref()?;
                self.xegpu_props(b)?;
                let vt = self.colon_type()?;
                self.expect_punct(b',')?;
                let tt = self.xegpu_tdesc_type()?;
                self.expect_punct(b',')?;
                let mt = self.parse_type()?;
                b.operands = vec![self.resolve(&v, &vt)?, self.resolve(&t, &tt)?, self.resolve(&m, &mt)?];
            }
            "atomic_rmw" => {
                let kp = self.tok.start;
                let kind = self.ident("an atomic kind")?;
                let Some(k) = ATOMIC_RMW_KINDS.iter().position(|n| *n == kind) else {
                    return self.err_at(kp, format!("unknown atomic kind '{kind}'"));
                };
                let refs = self.operands()?;
                self.xegpu_props(b)?;
                self.expect_punct(b':')?;
                let tt = self.xegpu_tdesc_type()?;
                self.expect_punct(b',')?;
                let mt = self.parse_type()?;
                self.expect_punct(b',')?;
                let vt = self.parse_type()?;
                self.expect_arrow()?;
                let rt = self.parse_type()?;
                let [t, m, v] = &refs[..] else {
                    return self.err_at(pos, "xegpu.atomic_rmw takes a descriptor, a mask and a value");
                };
                b.operands = vec![self.resolve(t, &tt)?, self.resolve(m, &mt)?, self.resolve(v, &vt)?];
                b.attrs.push(("kind".into(), Attr::Int(k as i128, Type::int(64))));
                b.results.push(rt);
            }
            "dpas" => {
                let refs = self.operands()?;
                self.xegpu_props(b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let tys = self.type_list_no_parens()?;
                self.expect_arrow()?;
                let rt = self.parse_type()?;
                if !(2..=3).contains(&refs.len()) {
                    return self.err_at(pos, "xegpu.dpas takes lhs, rhs and an optional accumulator");
                }
                b.operands = self.resolve_all(&refs, &tys, p)?;
                b.results.push(rt);
            }
            "fence" => {
                for (i, (key, enum_name)) in
                    [("memory_kind", "memory_scope"), ("fence_scope", "fence_scope")].iter().enumerate()
                {
                    if i > 0 {
                        self.expect_punct(b',')?;
                    }
                    self.expect_kw(key)?;
                    self.expect_punct(b'=')?;
                    let v = self.ident("an enumeration value")?;
                    b.attrs
                        .push((key.to_string(), Attr::Dialect("xegpu".into(), format!("{enum_name} {v}"))));
                }
                self.opt_attr_dict(b)?;
            }
            "alloc_nbarrier" => {
                let n = self.int_lit()?;
                self.opt_attr_dict(b)?;
                b.attrs.push(("nbarrier_num".into(), Attr::Int(n, Type::int(64))));
            }
            "init_nbarrier" => {
                let refs = self.operands()?;
                self.opt_attr_dict(b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let tys = self.type_list_no_parens()?;
                self.expect_arrow()?;
                let rt = self.parse_type()?;
                b.operands = self.resolve_all(&refs, &tys, p)?;
                b.results.push(rt);
            }
            _ => {
                return self.err_at(
                    pos,
                    format!("unknown operation 'xegpu.{op}' (MLIR 19's xegpu dialect has no such operation)"),
                )
            }
        }
        Ok(())
    }
}
