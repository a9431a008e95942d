//! MLIR types: builtin types (integers, floats, index, none, vectors, tensors, memrefs with their
//! layouts and memory spaces, tuples, complex, function types) and the LLVM dialect's types, in
//! the modern and early spellings, with their nesting bounded.

use super::{Parser, R};
use crate::mlir::ast::*;
use crate::mlir::lexer::{skip_trivia, Tok};

impl Parser<'_> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> R<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    pub(crate) fn parse_type_inner(&mut self) -> R<Type> {
        match self.tok.kind {
            Tok::Punct(b'(') => {
                let inputs = self.type_list_parens()?;
                self.expect_arrow()?;
                let results = self.result_types()?;
                Ok(Type::Function { inputs, results })
            }
            Tok::Bang => {
                let t = self.bump();
                let name = self.text(t)[1..].to_string();
                if let Some(ty) = self.type_aliases.get(&name) {
                    return Ok(ty.clone());
                }
                if name == "llvm" {
                    if self.is_punct(b'<') {
                        self.bump();
                        let lit_pos = self.tok.start;
                        let s = self.string_lit()?;
                        self.expect_punct(b'>')?;
                        let text = String::from_utf8_lossy(&s).into_owned();
                        return match crate::mlir::llvm_text_type::parse(&text) {
                            Ok(t) => Ok(t),
                            Err(m) => self.err_at(lit_pos, format!("invalid LLVM type \"{text}\": {m}")),
                        };
                    }
                    return self.err_at(t.start, "expected '<' after '!llvm'");
                }
                if let Some(rest) = name.strip_prefix("llvm.") {
                    return self.parse_llvm_type(rest, t.start);
                }
                if !name.contains('.') {
                    return self.err_at(t.start, format!("undefined type alias '!{name}'"));
                }
                // A type of another dialect: keep its text.
                let mut text = format!("!{name}");
                if self.is_punct(b'<') {
                    let s = self.tok.start;
                    self.skip_angle_body()?;
                    text.push_str(std::str::from_utf8(&self.src[s..self.tok.start]).unwrap_or("").trim_end());
                }
                Ok(Type::Opaque(text))
            }
            Tok::Ident => {
                let t = self.bump();
                let s = self.text(t);
                self.builtin_type(s, t.start)
            }
            _ => self.expected("a type"),
        }
    }

    /// Skips `<...>` (current token is `<`), balancing angle brackets and strings.
    pub(crate) fn skip_angle_body(&mut self) -> R<()> {
        let start = self.tok.start;
        let mut depth = 0usize;
        let mut i = start;
        while i < self.limit {
            match self.src[i] {
                b'<' => depth += 1,
                b'>' if i > 0 && self.src[i - 1] == b'-' => {}
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        self.reset(i + 1);
                        return Ok(());
                    }
                }
                b'"' => {
                    i += 1;
                    while i < self.limit && self.src[i] != b'"' {
                        if self.src[i] == b'\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        self.err_at(start, "missing '>'")
    }

    pub(crate) fn builtin_type(&mut self, s: &str, pos: usize) -> R<Type> {
        let int = |p: &str| p.parse::<u32>().ok().filter(|w| (1..=1 << 24).contains(w));
        if let Some(w) = s.strip_prefix("si").and_then(int) {
            return Ok(Type::Int(w, Signedness::Signed));
        }
        if let Some(w) = s.strip_prefix("ui").and_then(int) {
            return Ok(Type::Int(w, Signedness::Unsigned));
        }
        if let Some(w) = s.strip_prefix('i').and_then(int) {
            return Ok(Type::Int(w, Signedness::Signless));
        }
        Ok(match s {
            "index" => Type::Index,
            "f16" => Type::F16,
            "bf16" => Type::BF16,
            "f32" => Type::F32,
            "f64" => Type::F64,
            "f80" => Type::F80,
            "f128" => Type::F128,
            "none" => Type::None,
            "complex" => {
                self.expect_punct(b'<')?;
                let t = self.parse_type()?;
                self.expect_punct(b'>')?;
                Type::Complex(Box::new(t))
            }
            "tuple" => {
                self.expect_punct(b'<')?;
                let mut ts = Vec::new();
                if !self.eat_punct(b'>') {
                    ts = self.type_list_no_parens()?;
                    self.expect_punct(b'>')?;
                }
                Type::Tuple(ts)
            }
            "vector" => {
                self.expect_punct(b'<')?;
                let pos = self.tok.start;
                let (dims, scal) = self.dims(false, true)?;
                let elems = dims.iter().try_fold(1u64, |n, &d| n.checked_mul(d as u64));
                let max = crate::limits::MAX_VECTOR_ELEMS;
                if elems.is_none_or(|n| n > max) {
                    return self.err_at(pos, format!("limit exceeded: a vector of more than {max} elements"));
                }
                let elem = self.parse_type()?;
                self.expect_punct(b'>')?;
                Type::Vector {
                    shape: dims.iter().map(|&d| d as u64).collect(),
                    scalable: scal,
                    elem: Box::new(elem),
                }
            }
            "tensor" => {
                self.expect_punct(b'<')?;
                if self.eat_punct(b'*') {
                    let e = self.after_star_x()?;
                    self.expect_punct(b'>')?;
                    return Ok(Type::Tensor { shape: None, elem: Box::new(e) });
                }
                let (dims, _) = self.dims(true, false)?;
                let elem = self.parse_type()?;
                if self.eat_punct(b',') {
                    self.parse_attr()?;
                }
                self.expect_punct(b'>')?;
                Type::Tensor { shape: Some(dims), elem: Box::new(elem) }
            }
            "memref" => {
                self.expect_punct(b'<')?;
                if self.eat_punct(b'*') {
                    let e = self.after_star_x()?;
                    let space = if self.eat_punct(b',') { self.memory_space()? } else { 0 };
                    self.expect_punct(b'>')?;
                    return Ok(Type::UnrankedMemRef { elem: Box::new(e), space });
                }
                let (dims, _) = self.dims(true, false)?;
                let elem = self.parse_type()?;
                let mut layout = Layout::Identity;
                let mut space = 0;
                while self.eat_punct(b',') {
                    if self.tok.kind == Tok::Int {
                        space = self.memory_space()?;
                        continue;
                    }
                    let apos = self.tok.start;
                    match self.parse_attr()? {
                        Attr::Layout(l) => layout = l,
                        Attr::Int(v, _) => space = v as u32,
                        Attr::Dialect(n, b) if n == "gpu.address_space" => {
                            space = match gpu_address_space(&b) {
                                Some(s) => s,
                                None => return self.err_at(apos, format!("unknown gpu address space '{b}'")),
                            }
                        }
                        Attr::Dialect(n, b) if n.starts_with("affine_map") || n == "map" => {
                            layout = Layout::Map(b)
                        }
                        other => {
                            return self
                                .err_at(apos, format!("unsupported memref layout or memory space {other:?}"))
                        }
                    }
                }
                self.expect_punct(b'>')?;
                if let Layout::Strided { strides, .. } = &layout {
                    if strides.len() != dims.len() {
                        return self.err_at(pos, "strided layout must have one stride per dimension");
                    }
                }
                Type::MemRef { shape: dims, elem: Box::new(elem), layout, space }
            }
            _ => return self.err_at(pos, format!("unknown type '{s}'")),
        })
    }

    pub(crate) fn memory_space(&mut self) -> R<u32> {
        let v = self.int_lit()?;
        if self.eat_punct(b':') {
            self.parse_type()?;
        }
        u32::try_from(v).or_else(|_| self.err("invalid memory space"))
    }

    /// After `*` in `memref<*xf32>`: the `x` and the element type.
    pub(crate) fn after_star_x(&mut self) -> R<Type> {
        // The lexer reads `xf32` as one identifier.
        if self.tok.kind == Tok::Ident && self.text(self.tok).starts_with('x') {
            let s = self.tok.start;
            self.reset(s + 1);
            return self.parse_type();
        }
        self.expected("'x'")
    }

    /// A dimension list `4x?x[8]x` read character by character. Returns sizes and scalable flags.
    pub(crate) fn dims(&mut self, allow_dynamic: bool, allow_scalable: bool) -> R<(Vec<i64>, Vec<bool>)> {
        let mut dims = Vec::new();
        let mut scal = Vec::new();
        let mut i = skip_trivia(self.src, self.tok.start);
        loop {
            let c = self.src.get(i).copied().unwrap_or(0);
            let (d, next, s) = if c.is_ascii_digit() {
                let mut j = i;
                while j < self.limit && self.src[j].is_ascii_digit() {
                    j += 1;
                }
                let txt = std::str::from_utf8(&self.src[i..j]).unwrap_or("0");
                // Not a dimension unless an `x` follows (MLIR allows blanks around it: `48 x f32`).
                let j = skip_trivia(self.src, j);
                if self.src.get(j) != Some(&b'x') {
                    break;
                }
                match txt.parse::<i64>() {
                    Ok(v) => (v, j, false),
                    Err(_) => return self.err_at(i, "dimension too large"),
                }
            } else if c == b'?' {
                if !allow_dynamic {
                    return self.err_at(i, "dynamic dimensions are not allowed here");
                }
                (DYNAMIC, i + 1, false)
            } else if c == b'[' && allow_scalable {
                let mut j = i + 1;
                while j < self.limit && self.src[j].is_ascii_digit() {
                    j += 1;
                }
                if self.src.get(j) != Some(&b']') {
                    return self.err_at(i, "expected ']' in a scalable dimension");
                }
                let v = std::str::from_utf8(&self.src[i + 1..j]).unwrap_or("0").parse::<i64>().unwrap_or(0);
                (v, j + 1, true)
            } else {
                break;
            };
            let next = skip_trivia(self.src, next);
            if self.src.get(next) != Some(&b'x') {
                return self.err_at(next, "expected 'x' in a dimension list");
            }
            dims.push(d);
            scal.push(s);
            i = skip_trivia(self.src, next + 1);
        }
        self.reset(i);
        Ok((dims, scal))
    }

    /// An LLVM dialect type after `!llvm.`; inside LLVM types the prefix may be dropped.
    pub(crate) fn parse_llvm_type(&mut self, name: &str, pos: usize) -> R<Type> {
        match name {
            "ptr" => {
                if !self.eat_punct(b'<') {
                    return Ok(Type::LlvmPtr { pointee: None, space: 0 });
                }
                if self.tok.kind == Tok::Int {
                    let sp = self.int_lit()?;
                    self.expect_punct(b'>')?;
                    return Ok(Type::LlvmPtr { pointee: None, space: sp as u32 });
                }
                let elem = self.llvm_inner_type()?;
                let mut space = 0;
                if self.eat_punct(b',') {
                    space = self.int_lit()? as u32;
                }
                self.expect_punct(b'>')?;
                Ok(Type::LlvmPtr { pointee: Some(Box::new(elem)), space })
            }
            "void" => Ok(Type::LlvmVoid),
            "array" => {
                self.expect_punct(b'<')?;
                let n = self.count_x()?;
                let elem = self.llvm_inner_type()?;
                self.expect_punct(b'>')?;
                Ok(Type::LlvmArray(n, Box::new(elem)))
            }
            "vec" => {
                self.expect_punct(b'<')?;
                let scalable = if self.eat_punct(b'?') {
                    self.expect_kw("x")?;
                    true
                } else {
                    false
                };
                let n = self.count_x()?;
                let elem = self.llvm_inner_type()?;
                self.expect_punct(b'>')?;
                Ok(Type::LlvmVec { len: n, scalable, elem: Box::new(elem) })
            }
            "func" => {
                self.expect_punct(b'<')?;
                let ret = self.llvm_inner_type()?;
                self.expect_punct(b'(')?;
                let mut params = Vec::new();
                let mut vararg = false;
                if !self.eat_punct(b')') {
                    loop {
                        if self.tok.kind == Tok::Ellipsis {
                            self.bump();
                            vararg = true;
                            self.expect_punct(b')')?;
                            break;
                        }
                        params.push(self.llvm_inner_type()?);
                        if self.eat_punct(b')') {
                            break;
                        }
                        self.expect_punct(b',')?;
                    }
                }
                self.expect_punct(b'>')?;
                Ok(Type::LlvmFunc { ret: Box::new(ret), params, vararg })
            }
            "struct" => {
                self.expect_punct(b'<')?;
                let mut st = StructType { name: None, packed: false, body: None, opaque: false };
                if self.tok.kind == Tok::Str {
                    st.name = Some(String::from_utf8_lossy(&self.string_lit()?).into_owned());
                    if self.eat_punct(b'>') {
                        return Ok(Type::LlvmStruct(st));
                    }
                    self.expect_punct(b',')?;
                    if self.eat_kw("opaque") {
                        st.opaque = true;
                        self.expect_punct(b'>')?;
                        return Ok(Type::LlvmStruct(st));
                    }
                }
                if self.eat_kw("packed") {
                    st.packed = true;
                }
                self.expect_punct(b'(')?;
                let mut body = Vec::new();
                if !self.eat_punct(b')') {
                    loop {
                        body.push(self.llvm_inner_type()?);
                        if self.eat_punct(b')') {
                            break;
                        }
                        self.expect_punct(b',')?;
                    }
                }
                self.expect_punct(b'>')?;
                if let Some(n) = &st.name {
                    self.structs.entry(n.clone()).or_insert_with(|| body.clone());
                }
                st.body = Some(body);
                Ok(Type::LlvmStruct(st))
            }
            "label" | "metadata" | "token" | "x86_mmx" | "ppc_fp128" | "x86_amx" => {
                Ok(Type::LlvmOther(name.to_string()))
            }
            // The early spelling of scalar types: `!llvm.i32`, `!llvm.float`.
            "half" => Ok(Type::F16),
            "bfloat" => Ok(Type::BF16),
            "float" => Ok(Type::F32),
            "double" => Ok(Type::F64),
            "fp128" => Ok(Type::F128),
            "x86_fp80" => Ok(Type::F80),
            n if n.starts_with('i') && n[1..].parse::<u32>().is_ok_and(|w| (1..=1 << 24).contains(&w)) => {
                Ok(Type::int(n[1..].parse().unwrap_or(32)))
            }
            _ => self.err_at(pos, format!("unknown LLVM type '!llvm.{name}'")),
        }
    }

    /// `N x` in array and vector types (`4 x i32` or `4xi32`).
    pub(crate) fn count_x(&mut self) -> R<u64> {
        let i = skip_trivia(self.src, self.tok.start);
        let mut j = i;
        while j < self.limit && self.src[j].is_ascii_digit() {
            j += 1;
        }
        if j == i {
            return self.expected("an element count");
        }
        let n = std::str::from_utf8(&self.src[i..j]).unwrap_or("0").parse::<u64>();
        let Ok(n) = n else { return self.err_at(i, "element count too large") };
        let k = skip_trivia(self.src, j);
        if self.src.get(k) != Some(&b'x') {
            return self.err_at(k, "expected 'x' after the element count");
        }
        self.reset(k + 1);
        Ok(n)
    }

    /// A type nested in an LLVM type: LLVM types may be written without `!llvm.`.
    pub(crate) fn llvm_inner_type(&mut self) -> R<Type> {
        if self.tok.kind == Tok::Ident {
            let s = self.text(self.tok);
            if matches!(
                s,
                "ptr" | "void" | "array" | "vec" | "func" | "struct" | "label" | "metadata" | "token"
            ) {
                let t = self.bump();
                let name = self.text(t).to_string();
                self.enter()?;
                let r = self.parse_llvm_type(&name, t.start);
                self.leave();
                return r;
            }
        }
        self.parse_type()
    }

    // ---------------------------------------------------------------- attributes
}

/// The address space number of `#gpu.address_space<name>`, as the LLVM dialect numbers them for
/// GPU targets: global 1, workgroup (shared local memory) 3, private 5.
pub fn gpu_address_space(name: &str) -> Option<u32> {
    match name.trim() {
        "global" => Some(1),
        "workgroup" => Some(3),
        "private" => Some(5),
        _ => None,
    }
}
