//! The early LLVM dialect spelling `!llvm<"...">`: an LLVM IR type in LLVM's own syntax
//! (`i8*`, `{ i32, float }`, `<4 x float>`, `[4 x i32]`, `i32 (i8*, ...)`, `float addrspace(3)*`).

use super::ast::{StructType, Type};

/// Parses LLVM IR type text.
pub fn parse(text: &str) -> Result<Type, String> {
    let mut p = P { s: text.as_bytes(), i: 0, depth: 0 };
    let t = p.ty()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("unexpected text at offset {}", p.i));
    }
    Ok(t)
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
    depth: u32,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected '{}'", c as char))
        }
    }

    fn word(&mut self) -> &str {
        self.ws();
        let st = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || b"_.$".contains(&self.s[self.i]))
        {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[st..self.i]).unwrap_or("")
    }

    fn num(&mut self) -> Result<u64, String> {
        let w = self.word().to_string();
        w.parse().map_err(|_| format!("expected a number, found '{w}'"))
    }

    fn list(&mut self, close: u8) -> Result<(Vec<Type>, bool), String> {
        let mut out = Vec::new();
        let mut vararg = false;
        if self.eat(close) {
            return Ok((out, false));
        }
        loop {
            self.ws();
            if self.s[self.i..].starts_with(b"...") {
                self.i += 3;
                vararg = true;
                self.expect(close)?;
                return Ok((out, vararg));
            }
            out.push(self.ty()?);
            if self.eat(close) {
                return Ok((out, vararg));
            }
            self.expect(b',')?;
        }
    }

    fn ty(&mut self) -> Result<Type, String> {
        self.depth += 1;
        if self.depth > 100 {
            return Err("type nested too deeply".into());
        }
        self.ws();
        let mut t = match self.s.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let (body, _) = self.list(b'}')?;
                Type::LlvmStruct(StructType { name: None, packed: false, body: Some(body), opaque: false })
            }
            Some(b'<') if self.s.get(self.i + 1) == Some(&b'{') => {
                self.i += 2;
                let (body, _) = self.list(b'}')?;
                self.expect(b'>')?;
                Type::LlvmStruct(StructType { name: None, packed: true, body: Some(body), opaque: false })
            }
            Some(b'<') => {
                self.i += 1;
                let n = self.num()?;
                if self.word() != "x" {
                    return Err("expected 'x' in a vector type".into());
                }
                let e = self.ty()?;
                self.expect(b'>')?;
                match e {
                    e @ (Type::Int(..) | Type::F16 | Type::BF16 | Type::F32 | Type::F64) => {
                        Type::Vector { shape: vec![n], scalable: vec![false], elem: Box::new(e) }
                    }
                    e => Type::LlvmVec { len: n, scalable: false, elem: Box::new(e) },
                }
            }
            Some(b'[') => {
                self.i += 1;
                let n = self.num()?;
                if self.word() != "x" {
                    return Err("expected 'x' in an array type".into());
                }
                let e = self.ty()?;
                self.expect(b']')?;
                Type::LlvmArray(n, Box::new(e))
            }
            Some(b'%') => {
                self.i += 1;
                let name = if self.s.get(self.i) == Some(&b'"') {
                    let st = self.i + 1;
                    let end = self.s[st..].iter().position(|&c| c == b'"').ok_or("unterminated name")? + st;
                    self.i = end + 1;
                    String::from_utf8_lossy(&self.s[st..end]).into_owned()
                } else {
                    self.word().to_string()
                };
                Type::LlvmStruct(StructType { name: Some(name), packed: false, body: None, opaque: false })
            }
            _ => {
                let w = self.word().to_string();
                match w.as_str() {
                    "void" => Type::LlvmVoid,
                    "half" => Type::F16,
                    "bfloat" => Type::BF16,
                    "float" => Type::F32,
                    "double" => Type::F64,
                    "fp128" => Type::F128,
                    "x86_fp80" => Type::F80,
                    "label" | "metadata" | "token" | "x86_mmx" => Type::LlvmOther(w),
                    "ptr" => Type::LlvmPtr { pointee: None, space: 0 },
                    _ if w.starts_with('i') && w[1..].parse::<u32>().is_ok_and(|n| n > 0 && n <= 1 << 23) => {
                        Type::int(w[1..].parse().unwrap_or(1))
                    }
                    _ => return Err(format!("unknown type '{w}'")),
                }
            }
        };
        loop {
            self.ws();
            if self.eat(b'*') {
                t = Type::LlvmPtr { pointee: Some(Box::new(t)), space: 0 };
            } else if self.s[self.i..].starts_with(b"addrspace") {
                self.i += 9;
                self.expect(b'(')?;
                let n = self.num()?;
                self.expect(b')')?;
                self.expect(b'*')?;
                t = Type::LlvmPtr { pointee: Some(Box::new(t)), space: n as u32 };
            } else if self.eat(b'(') {
                let (params, vararg) = self.list(b')')?;
                t = Type::LlvmFunc { ret: Box::new(t), params, vararg };
            } else {
                break;
            }
        }
        self.depth -= 1;
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn early_types() {
        assert_eq!(parse("i8*").unwrap().to_string(), "!llvm.ptr<i8>");
        assert_eq!(parse("{ i32, float }").unwrap().to_string(), "!llvm.struct<(i32, f32)>");
        assert_eq!(parse("<4 x float>").unwrap().to_string(), "vector<4xf32>");
        assert_eq!(
            parse("[4 x i32] addrspace(3)*").unwrap().to_string(),
            "!llvm.ptr<!llvm.array<4 x i32>, 3>"
        );
        assert_eq!(parse("i32 (i8*, ...)").unwrap().to_string(), "!llvm.func<i32 (!llvm.ptr<i8>, ...)>");
        assert!(parse("i32 junk").is_err());
        assert!(parse(&"[1 x ".repeat(500)).is_err());
    }
}
