//! MLIR attributes: integers, floats (`inf`, `nan` too), booleans, unit, strings, arrays,
//! dictionaries, types, symbol references, affine maps and sets, strided layouts, locations, and
//! element attributes (`dense` lists and hex blobs, `dense_resource`, `sparse`, `opaque`), with
//! their nesting bounded.

use super::{Parser, R};
use crate::mlir::ast::*;
use crate::mlir::lexer::Tok;
use genxc_diag::unsupported;

impl Parser<'_> {
    /// Parses an attribute.
    pub fn parse_attr(&mut self) -> R<Attr> {
        self.enter()?;
        let r = self.parse_attr_inner();
        self.leave();
        r
    }

    pub(crate) fn typed_suffix(&mut self, default: Type) -> R<Type> {
        if self.is_punct(b':') {
            self.bump();
            self.parse_type()
        } else {
            Ok(default)
        }
    }

    pub(crate) fn parse_attr_inner(&mut self) -> R<Attr> {
        match self.tok.kind {
            Tok::Punct(b'[') => {
                self.bump();
                let mut items = Vec::new();
                if !self.eat_punct(b']') {
                    loop {
                        items.push(self.parse_attr()?);
                        if self.eat_punct(b']') {
                            break;
                        }
                        self.expect_punct(b',')?;
                    }
                }
                Ok(Attr::Array(items))
            }
            Tok::Punct(b'{') => self.parse_dict_attr(),
            Tok::At => {
                let mut s = self.symbol()?;
                while self.is_punct(b':') && self.src.get(self.tok.end) == Some(&b':') {
                    self.bump();
                    self.bump();
                    s.push_str("::");
                    s.push_str(&self.symbol()?);
                }
                Ok(Attr::Symbol(s))
            }
            Tok::Str => {
                let s = self.string_lit()?;
                if self.is_punct(b':') {
                    self.bump();
                    self.parse_type()?;
                }
                Ok(Attr::Str(s))
            }
            Tok::Int | Tok::Float | Tok::Punct(b'-') => {
                let neg = self.eat_punct(b'-');
                let t = self.bump();
                let s = self.text(t);
                if t.kind == Tok::Float {
                    let v: f64 = s.parse().unwrap_or(0.0);
                    let ty = self.typed_suffix(Type::F64)?;
                    return Ok(Attr::Float(Scalar::Float(if neg { -v } else { v }), ty));
                }
                if t.kind != Tok::Int {
                    return self.err_at(t.start, "expected a number after '-'");
                }
                self.reset(t.start);
                let v = self.int_lit()?;
                let v = if neg { -v } else { v };
                let ty = self.typed_suffix(Type::int(64))?;
                if ty.is_float() {
                    if s.starts_with("0x") {
                        return Ok(Attr::Float(Scalar::Bits(v as u64), ty));
                    }
                    return Ok(Attr::Float(Scalar::Float(v as f64), ty));
                }
                Ok(Attr::Int(v, ty))
            }
            Tok::Hash => {
                let t = self.bump();
                let name = self.text(t)[1..].to_string();
                if let Some(a) = self.attr_aliases.get(&name) {
                    return Ok(a.clone());
                }
                if self.is_punct(b'<') {
                    let s = self.tok.start + 1;
                    self.skip_angle_body()?;
                    let body =
                        std::str::from_utf8(&self.src[s..self.tok.start.saturating_sub(0)]).unwrap_or("");
                    let body = body.trim_end();
                    let body = body.strip_suffix('>').unwrap_or(body).trim().to_string();
                    return Ok(Attr::Dialect(name, body));
                }
                if name.contains('.') {
                    return Ok(Attr::Dialect(name, String::new()));
                }
                self.err_at(t.start, format!("undefined attribute alias '#{name}'"))
            }
            Tok::Ident => {
                let s = self.text(self.tok);
                match s {
                    "unit" => {
                        self.bump();
                        Ok(Attr::Unit)
                    }
                    "true" | "false" => {
                        self.bump();
                        if self.is_punct(b':') {
                            self.bump();
                            self.parse_type()?;
                        }
                        Ok(Attr::Bool(s == "true"))
                    }
                    "dense" => self.parse_dense(),
                    "array" => {
                        self.bump();
                        self.expect_punct(b'<')?;
                        let ty = self.parse_type()?;
                        let mut items = Vec::new();
                        if self.eat_punct(b':') {
                            loop {
                                if ty.is_float() {
                                    let neg = self.eat_punct(b'-');
                                    let t = self.bump();
                                    let v: f64 = self.text(t).parse().unwrap_or(0.0);
                                    items.push(Attr::Float(
                                        Scalar::Float(if neg { -v } else { v }),
                                        ty.clone(),
                                    ));
                                } else if self.is_kw("true") || self.is_kw("false") {
                                    items.push(Attr::Bool(self.eat_kw("true") || !self.eat_kw("false")));
                                } else {
                                    items.push(Attr::Int(self.int_lit()?, ty.clone()));
                                }
                                if !self.eat_punct(b',') {
                                    break;
                                }
                            }
                        }
                        self.expect_punct(b'>')?;
                        Ok(Attr::Array(items))
                    }
                    "strided" => {
                        self.bump();
                        Ok(Attr::Layout(self.parse_strided()?))
                    }
                    "affine_map" | "affine_set" | "dense_resource" | "sparse" | "opaque" | "distinct" => {
                        let t = self.bump();
                        let s = self.tok.start;
                        if self.is_punct(b'<') {
                            self.skip_angle_body()?;
                        } else if self.is_punct(b'[') {
                            self.skip_balanced(b'[', b']')?;
                            if self.is_punct(b'<') {
                                self.skip_angle_body()?;
                            }
                        }
                        let body =
                            std::str::from_utf8(&self.src[s..self.tok.start]).unwrap_or("").to_string();
                        let name = self.text(t).to_string();
                        if self.is_punct(b':') && name != "affine_map" {
                            self.bump();
                            self.parse_type()?;
                        }
                        Ok(Attr::Dialect(name, body))
                    }
                    "loc" => {
                        self.bump();
                        self.skip_balanced(b'(', b')')?;
                        Ok(Attr::Unit)
                    }
                    _ => Ok(Attr::Type(self.parse_type()?)),
                }
            }
            Tok::Bang | Tok::Punct(b'(') => Ok(Attr::Type(self.parse_type()?)),
            _ => self.expected("an attribute"),
        }
    }

    /// `{a = 1, b}`.
    pub(crate) fn parse_dict_attr(&mut self) -> R<Attr> {
        self.enter()?;
        self.expect_punct(b'{')?;
        let mut out = Vec::new();
        if !self.eat_punct(b'}') {
            loop {
                let name = match self.tok.kind {
                    Tok::Ident => self.ident("an attribute name")?,
                    Tok::Str => String::from_utf8_lossy(&self.string_lit()?).into_owned(),
                    _ => return self.expected("an attribute name"),
                };
                let v = if self.eat_punct(b'=') { self.parse_attr()? } else { Attr::Unit };
                out.push((name, v));
                if self.eat_punct(b'}') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        self.leave();
        Ok(Attr::Dict(out))
    }

    /// `<[1, ?], offset: ?>` after `strided`.
    pub(crate) fn parse_strided(&mut self) -> R<Layout> {
        self.expect_punct(b'<')?;
        self.expect_punct(b'[')?;
        let mut strides = Vec::new();
        if !self.eat_punct(b']') {
            loop {
                strides.push(if self.eat_punct(b'?') { DYNAMIC } else { self.int_lit()? as i64 });
                if self.eat_punct(b']') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        let mut offset = 0;
        if self.eat_punct(b',') {
            self.expect_kw("offset")?;
            self.expect_punct(b':')?;
            offset = if self.eat_punct(b'?') { DYNAMIC } else { self.int_lit()? as i64 };
        }
        self.expect_punct(b'>')?;
        Ok(Layout::Strided { strides, offset })
    }

    /// `dense<...> : type`, flattened.
    pub(crate) fn parse_dense(&mut self) -> R<Attr> {
        self.bump();
        self.expect_punct(b'<')?;
        let mut elems = Vec::new();
        if !self.is_punct(b'>') {
            if self.tok.kind == Tok::Str {
                let pos = self.tok.start;
                let s = self.string_lit()?;
                let txt = String::from_utf8_lossy(&s).into_owned();
                let Some(hex) = txt.strip_prefix("0x") else {
                    return self.err_at(pos, unsupported("string dense literals other than hex"));
                };
                self.expect_punct(b'>')?;
                self.expect_punct(b':')?;
                let ty = self.parse_type()?;
                return self.dense_hex(hex, ty, pos);
            }
            self.dense_elems(&mut elems)?;
        }
        self.expect_punct(b'>')?;
        // The type may be implied by the context (memref.global).
        let ty = if self.eat_punct(b':') { self.parse_type()? } else { Type::None };
        Ok(Attr::Dense(elems, ty))
    }

    pub(crate) fn dense_hex(&mut self, hex: &str, ty: Type, pos: usize) -> R<Attr> {
        let bytes: Option<Vec<u8>> =
            (0..hex.len() / 2).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect();
        let Some(bytes) = bytes else { return self.err_at(pos, "invalid hex dense literal") };
        let elem = match &ty {
            Type::Vector { elem, .. } | Type::Tensor { elem, .. } => (**elem).clone(),
            t => t.clone(),
        };
        let width = match elem {
            Type::Int(w, _) => w.div_ceil(8) as usize,
            Type::F16 | Type::BF16 => 2,
            Type::F32 => 4,
            Type::F64 => 8,
            _ => return self.err_at(pos, unsupported("hex dense literal of this element type")),
        };
        let mut out = Vec::new();
        for chunk in bytes.chunks(width) {
            let mut v: u64 = 0;
            for (i, b) in chunk.iter().enumerate() {
                v |= (*b as u64) << (8 * i);
            }
            out.push(if elem.is_float() { Scalar::Bits(v) } else { Scalar::Int(v as i128) });
        }
        Ok(Attr::Dense(out, ty))
    }

    pub(crate) fn dense_elems(&mut self, out: &mut Vec<Scalar>) -> R<()> {
        self.enter()?;
        if self.eat_punct(b'[') {
            if !self.eat_punct(b']') {
                loop {
                    self.dense_elems(out)?;
                    if self.eat_punct(b']') {
                        break;
                    }
                    self.expect_punct(b',')?;
                }
            }
        } else if self.eat_punct(b'(') {
            loop {
                self.dense_elems(out)?;
                if self.eat_punct(b')') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        } else if self.eat_kw("true") {
            out.push(Scalar::Int(1));
        } else if self.eat_kw("false") {
            out.push(Scalar::Int(0));
        } else {
            let neg = self.eat_punct(b'-');
            let t = self.tok;
            match t.kind {
                Tok::Float => {
                    self.bump();
                    let v: f64 = self.text(t).parse().unwrap_or(0.0);
                    out.push(Scalar::Float(if neg { -v } else { v }));
                }
                Tok::Int => {
                    let hex = self.text(t).starts_with("0x");
                    let v = self.int_lit()?;
                    out.push(if hex && !neg {
                        Scalar::Bits(v as u64)
                    } else {
                        Scalar::Int(if neg { -v } else { v })
                    });
                }
                Tok::Ident if matches!(self.text(t), "inf" | "nan") => {
                    self.bump();
                    let v = if self.text(t) == "inf" { f64::INFINITY } else { f64::NAN };
                    out.push(Scalar::Float(if neg { -v } else { v }));
                }
                _ => return self.expected("a dense element"),
            }
        }
        self.leave();
        Ok(())
    }
}
