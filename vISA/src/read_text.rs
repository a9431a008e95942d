//! The `.visaasm` text reader: turns vISA 4.1 assembly into [`Kernel`]s, the inverse of
//! [`crate::text::write_text`] for everything it writes, and also reads the output of Intel's
//! Vector Compiler (`//` and `///` comments, `V33`-style names, `v_name=`, implicit inputs such as
//! `.implicit_UNDEFINED_12`, flag attributes such as `NoBarrier`). Names are kept as written (the
//! text writer mangles them again when printing). A file may hold several `.kernel` and
//! `.global_function` units (a function's code follows its declarations, after an optional entry
//! `.function` naming its first block). A
//! construct the model has no form for is refused with a [`ReadError`] saying "not modeled",
//! never approximated; bad input never panics.
//!
//! Choices where the syntax leaves something open: a `.decl` without `align=` (Intel prints none
//! on aliases) reads as byte alignment; an `.input` without `size=` reads as the variable's byte
//! size, or 4 bytes for a surface or sampler; `v_name=` (the producer's original name) is
//! checked for syntax and dropped, since references use the declared name.

use crate::model::*;
use crate::target::{ALIGNS, VISA_TYPES};
use std::collections::HashMap;

mod instructions;
use std::fmt;

/// Why a `.visaasm` (or `.isa`) input could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// 1-based line of the text; 0 for a binary input, whose position is then `col`.
    pub line: usize,
    /// 1-based column (byte) in the line; for a binary input, the byte offset in the file.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl ReadError {
    /// An error at a byte offset of a binary input (`line` 0, `col` the offset).
    pub fn at_offset(offset: usize, message: impl Into<String>) -> ReadError {
        ReadError { line: 0, col: offset, message: message.into() }
    }

    /// The byte offset of an error in a binary input, `None` for a text position.
    pub fn byte_offset(&self) -> Option<usize> {
        (self.line == 0).then_some(self.col)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.byte_offset() {
            Some(off) => write!(f, "offset 0x{off:x}: {}", self.message),
            None => write!(f, "{}:{}: {}", self.line, self.col, self.message),
        }
    }
}

impl std::error::Error for ReadError {}

type Res<T> = Result<T, ReadError>;

/// A cursor over one line (comments already cut off).
struct Cur<'a> {
    s: &'a str,
    pos: usize,
    line: usize,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'%'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

impl<'a> Cur<'a> {
    fn err(&self, message: impl Into<String>) -> ReadError {
        self.err_at(self.pos, message)
    }
    fn err_at(&self, pos: usize, message: impl Into<String>) -> ReadError {
        ReadError { line: self.line, col: pos + 1, message: message.into() }
    }
    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.pos).copied()
    }
    fn peek_at(&self, n: usize) -> Option<u8> {
        self.s.as_bytes().get(self.pos + n).copied()
    }
    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.pos += 1;
        }
    }
    fn at_end(&mut self) -> bool {
        self.ws();
        self.pos >= self.s.len()
    }
    fn end(&mut self) -> Res<()> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.err(format!("unexpected `{}`", self.rest_word())))
        }
    }
    fn rest_word(&self) -> &'a str {
        let r = &self.s[self.pos..];
        r.split(|c: char| c.is_whitespace()).next().unwrap_or(r)
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn eat_str(&mut self, s: &str) -> bool {
        if self.s[self.pos..].starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> Res<()> {
        self.ws();
        if self.eat(c) {
            Ok(())
        } else if self.pos >= self.s.len() {
            Err(self.err(format!("expected `{}`, found the end of the line", c as char)))
        } else {
            Err(self.err(format!("expected `{}`, found `{}`", c as char, self.rest_word())))
        }
    }
    /// `[A-Za-z_%][A-Za-z0-9_]*`.
    fn ident(&mut self) -> Res<&'a str> {
        self.ws();
        let start = self.pos;
        match self.peek() {
            Some(c) if is_ident_start(c) => self.pos += 1,
            None => return Err(self.err("expected a name, found the end of the line")),
            _ => return Err(self.err(format!("expected a name, found `{}`", self.rest_word()))),
        }
        while self.peek().is_some_and(is_ident_char) {
            self.pos += 1;
        }
        Ok(&self.s[start..self.pos])
    }
    /// A run of non-blank characters other than `stop`.
    fn token(&mut self, stop: &[u8]) -> &'a str {
        self.ws();
        let start = self.pos;
        while self.peek().is_some_and(|c| !c.is_ascii_whitespace() && !stop.contains(&c)) {
            self.pos += 1;
        }
        &self.s[start..self.pos]
    }
    /// A decimal or `0x` hexadecimal integer with an optional sign.
    fn int(&mut self) -> Res<i128> {
        self.ws();
        let start = self.pos;
        let t = self.token(b",;)>]<(:+");
        parse_int(t).ok_or_else(|| self.err_at(start, format!("expected an integer, found `{t}`")))
    }
    /// An integer that must fit `T`.
    fn num<T: TryFrom<i128>>(&mut self, what: &str) -> Res<T> {
        self.ws();
        let start = self.pos;
        let v = self.int()?;
        T::try_from(v).map_err(|_| self.err_at(start, format!("{what} {v} is out of range")))
    }
    /// A `"..."` string with `\"`, `\\` and `\n` escapes.
    fn string(&mut self) -> Res<String> {
        self.expect(b'"')?;
        let mut out = String::new();
        let mut chars = self.s[self.pos..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += i + 1;
                    return Ok(out);
                }
                '\\' => match chars.next() {
                    Some((_, 'n')) => out.push('\n'),
                    Some((_, c @ ('"' | '\\'))) => out.push(c),
                    _ => return Err(self.err_at(self.pos + i, "unknown escape in a string")),
                },
                c => out.push(c),
            }
        }
        Err(self.err("unterminated string"))
    }
}

/// Parses a decimal or hexadecimal integer with an optional sign.
fn parse_int(t: &str) -> Option<i128> {
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        if h.is_empty() || h.len() > 16 {
            return None;
        }
        i128::from_str_radix(h, 16).ok()?
    } else {
        if body.is_empty() || !body.bytes().all(|c| c.is_ascii_digit()) || body.len() > 20 {
            return None;
        }
        body.parse::<i128>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// Cuts a trailing `//` comment (outside strings) off a line.
fn strip_comment(line: &str) -> &str {
    let b = line.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'/' if !in_str && b.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// An immediate `text:ty` as the model holds it.
fn immediate(text: &str, ty: &str) -> Result<Imm, String> {
    let hex = |bits: u32| -> Result<u64, String> {
        let h = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")).ok_or("")?;
        match u64::from_str_radix(h, 16) {
            Ok(v) if bits == 64 || v >> bits == 0 => Ok(v),
            _ => Err(format!("`{text}` is not a {bits}-bit hexadecimal pattern")),
        }
    };
    let is_hex = text.starts_with("0x") || text.starts_with("0X");
    let int = |bits: u32| -> Result<u64, String> {
        let v = parse_int(text).ok_or_else(|| format!("`{text}` is not an integer"))?;
        // Intel's compiler writes a negative word or byte immediate as its 32-bit pattern
        // (`0xffffffd0:w` for -48), which its own reader takes: a hexadecimal pattern that is the
        // 32-bit sign extension of a narrower value is that value.
        let v = if is_hex && bits < 32 && ((1i128 << 32) - (1i128 << (bits - 1))..1i128 << 32).contains(&v) {
            v - (1i128 << 32)
        } else {
            v
        };
        let lo = -(1i128 << (bits - 1));
        let hi = (1i128 << bits) - 1;
        if v < lo || v > hi {
            return Err(format!("{text} does not fit a {bits}-bit immediate"));
        }
        Ok((v as u128 & ((1u128 << bits) - 1)) as u64)
    };
    let float = |what: &str| format!("`{text}` is not a {what} value");
    Ok(match ty {
        "d" => Imm::D(int(32)? as u32 as i32),
        "ud" => Imm::UD(int(32)? as u32),
        "w" => Imm::W(int(16)? as u16 as i16),
        "uw" => Imm::UW(int(16)? as u16),
        "b" => Imm::B(int(8)? as u8 as i8),
        "ub" => Imm::UB(int(8)? as u8),
        "q" => Imm::Q(int(64)? as i64),
        "uq" => Imm::UQ(int(64)?),
        "v" => Imm::V(int(32)? as u32),
        "uv" => Imm::UV(int(32)? as u32),
        "vf" => Imm::VF(int(32)? as u32),
        "f" if is_hex => Imm::F(f32::from_bits(hex(32)? as u32)),
        "f" => Imm::F(text.parse::<f32>().map_err(|_| float("float"))?),
        "df" if is_hex => Imm::DF(f64::from_bits(hex(64)?)),
        "df" => Imm::DF(text.parse::<f64>().map_err(|_| float("double"))?),
        "hf" if is_hex => Imm::HF(hex(16)? as u16),
        "hf" => Imm::hf(text.parse::<f32>().map_err(|_| float("half"))?),
        "bf" => return Err("not modeled: bf immediates".into()),
        other => return Err(format!("unknown immediate type `{other}`")),
    })
}

fn visa_type(t: &str) -> Option<VisaType> {
    VISA_TYPES.iter().find(|r| r.text == t).map(|r| r.ty)
}

fn region_value(v: i128, allowed: &[i128]) -> Option<u8> {
    allowed.contains(&v).then_some(v as u8)
}

const VSTRIDES: [i128; 7] = [0, 1, 2, 4, 8, 16, 32];
const WIDTHS: [i128; 5] = [1, 2, 4, 8, 16];
const HSTRIDES: [i128; 4] = [0, 1, 2, 4];
const DST_HSTRIDES: [i128; 3] = [1, 2, 4];
const EXEC_SIZES: [i128; 6] = [1, 2, 4, 8, 16, 32];

/// What a declared name stands for.
#[derive(Clone, Copy, Debug)]
enum Named {
    Var(VarId),
    Addr(AddrId),
    Pred(PredId),
    Surface(SurfaceId),
    Sampler(SamplerId),
}

/// Where a label was first referenced and whether it has been placed.
struct LabelUse {
    first_ref: Option<(usize, usize)>,
    defined: bool,
}

/// One kernel being read.
struct KernelReader {
    k: Kernel,
    names: HashMap<String, Named>,
    blocks: HashMap<String, LabelId>,
    subs: HashMap<String, LabelId>,
    uses: Vec<LabelUse>,
    entry: bool,
    /// Whether a `.function` may still name the entry label: a kernel's first `.function`, or a
    /// `.global_function`'s `.function` before its first instruction (GenX_IR needs one there
    /// when the function calls subroutines).
    entry_unnamed: bool,
    /// Line of `.kernel`, for errors about the kernel as a whole.
    line: usize,
}

impl KernelReader {
    fn new(name: &str, line: usize) -> KernelReader {
        KernelReader {
            k: Kernel::new(name),
            names: HashMap::new(),
            blocks: HashMap::new(),
            subs: HashMap::new(),
            uses: vec![LabelUse { first_ref: None, defined: false }],
            entry: false,
            entry_unnamed: true,
            line,
        }
    }

    fn finish(self) -> Res<Kernel> {
        if !self.entry {
            return Err(ReadError {
                line: self.line,
                col: 1,
                message: format!("kernel \"{}\" has no `.function`", self.k.name),
            });
        }
        for (i, u) in self.uses.iter().enumerate() {
            if let (false, Some((line, col))) = (u.defined, u.first_ref) {
                let name = &self.k.labels[i].name;
                return Err(ReadError { line, col, message: format!("label `{name}` is never defined") });
            }
        }
        Ok(self.k)
    }

    fn lookup(&self, c: &Cur, pos: usize, name: &str) -> Res<Named> {
        if let Some(n) = self.names.get(name) {
            return Ok(*n);
        }
        if let Some(v) = (0..NUM_PREDEF_VARS).map(VarId).find(|v| v.predefined_name() == Some(name)) {
            return Ok(Named::Var(v));
        }
        if let Some(s) = (0..NUM_PREDEF_SURFACES).map(SurfaceId).find(|s| s.predefined_name() == Some(name)) {
            return Ok(Named::Surface(s));
        }
        Err(c.err_at(pos, format!("unknown name `{name}`")))
    }

    fn var(&self, c: &mut Cur) -> Res<VarId> {
        c.ws();
        let pos = c.pos;
        let name = c.ident()?;
        match self.lookup(c, pos, name)? {
            Named::Var(v) => Ok(v),
            _ => Err(c.err_at(pos, format!("`{name}` is not a general variable"))),
        }
    }

    fn surface(&self, c: &mut Cur) -> Res<SurfaceId> {
        c.ws();
        let pos = c.pos;
        let name = c.ident()?;
        match self.lookup(c, pos, name)? {
            Named::Surface(s) => Ok(s),
            _ => Err(c.err_at(pos, format!("`{name}` is not a surface"))),
        }
    }

    fn sampler(&self, c: &mut Cur) -> Res<SamplerId> {
        c.ws();
        let pos = c.pos;
        let name = c.ident()?;
        match self.lookup(c, pos, name)? {
            Named::Sampler(s) => Ok(s),
            _ => Err(c.err_at(pos, format!("`{name}` is not a sampler"))),
        }
    }

    fn pred_var(&self, c: &mut Cur) -> Res<PredId> {
        c.ws();
        let pos = c.pos;
        let name = c.ident()?;
        match self.lookup(c, pos, name)? {
            Named::Pred(p) => Ok(p),
            _ => Err(c.err_at(pos, format!("`{name}` is not a predicate variable"))),
        }
    }

    fn addr_var(&self, c: &mut Cur) -> Res<AddrId> {
        c.ws();
        let pos = c.pos;
        let name = c.ident()?;
        match self.lookup(c, pos, name)? {
            Named::Addr(a) => Ok(a),
            _ => Err(c.err_at(pos, format!("`{name}` is not an address variable"))),
        }
    }

    fn declare(&mut self, c: &Cur, pos: usize, name: &str, what: Named) -> Res<()> {
        if self.names.contains_key(name) || self.lookup(c, pos, name).is_ok() {
            return Err(
                c.err_at(pos, format!("`{name}` is declared twice (or redeclares a predefined name)"))
            );
        }
        self.names.insert(name.to_string(), what);
        Ok(())
    }

    /// A reference to a label of `kind` (created on first use, placed later).
    fn label_ref(&mut self, c: &mut Cur, kind: LabelKind) -> Res<LabelId> {
        c.ws();
        let pos = c.pos;
        let name = c.ident()?;
        if self.k.labels.len() >= u16::MAX as usize {
            return Err(c.err_at(pos, "too many labels"));
        }
        let id = self.label(name, kind);
        let u = &mut self.uses[id.0 as usize];
        u.first_ref.get_or_insert((c.line, pos + 1));
        Ok(id)
    }

    fn label(&mut self, name: &str, kind: LabelKind) -> LabelId {
        let map = match kind {
            LabelKind::Block => &mut self.blocks,
            LabelKind::Subroutine => &mut self.subs,
        };
        if let Some(id) = map.get(name) {
            return *id;
        }
        self.k.labels.push(LabelDecl { name: name.to_string(), kind });
        let id = LabelId(self.k.labels.len() as u16 - 1);
        map.insert(name.to_string(), id);
        self.uses.push(LabelUse { first_ref: None, defined: false });
        id
    }

    fn define(&mut self, c: &Cur, pos: usize, name: &str, kind: LabelKind) -> Res<LabelId> {
        if self.k.labels.len() >= u16::MAX as usize {
            return Err(c.err_at(pos, "too many labels"));
        }
        let id = self.label(name, kind);
        let u = &mut self.uses[id.0 as usize];
        if u.defined {
            return Err(c.err_at(pos, format!("label `{name}` is defined twice")));
        }
        u.defined = true;
        Ok(id)
    }

    // ------------------------------------------------------------------ declarations

    fn decl(&mut self, c: &mut Cur) -> Res<()> {
        c.ws();
        let npos = c.pos;
        let name = c.ident()?;
        let mut attrs: Vec<(usize, &str, &str)> = Vec::new();
        while !c.at_end() {
            let kpos = c.pos;
            let key = c.ident()?;
            c.expect(b'=')?;
            c.ws();
            let vstart = c.pos;
            if c.peek() == Some(b'<') {
                while c.peek().is_some_and(|ch| ch != b'>') {
                    c.pos += 1;
                }
                c.expect(b'>')?;
            } else if c.peek() == Some(b'"') {
                c.string()?;
            } else if c.peek() == Some(b'{') && key == "attrs" {
                while c.peek().is_some_and(|ch| ch != b'}') {
                    c.pos += 1;
                }
                c.expect(b'}')?;
            } else if c.peek() == Some(b'{') {
                return Err(c.err_at(kpos, format!("not modeled: variable attributes `{key}=`")));
            } else {
                c.token(&[]);
            }
            if attrs.iter().any(|a| a.1 == key) {
                return Err(c.err_at(kpos, format!("`{key}=` given twice")));
            }
            let text = c.s;
            attrs.push((kpos, key, &text[vstart..c.pos]));
        }
        let get = |k: &str| attrs.iter().find(|a| a.1 == k).map(|a| (a.0, a.2));
        for (p, k, _) in &attrs {
            if !matches!(*k, "v_type" | "type" | "num_elts" | "align" | "alias" | "v_name" | "attrs") {
                return Err(c.err_at(*p, format!("not modeled: declaration attribute `{k}`")));
            }
        }
        let (tpos, vtype) = get("v_type").ok_or_else(|| c.err_at(npos, "declaration without `v_type=`"))?;
        let num_elts: u16 = match get("num_elts") {
            Some((p, v)) => match parse_int(v).and_then(|n| u16::try_from(n).ok()) {
                Some(n) if n > 0 => n,
                _ => return Err(c.err_at(p, format!("bad num_elts `{v}`"))),
            },
            None => return Err(c.err_at(npos, "declaration without `num_elts=`")),
        };
        let only_g = |k: &str| -> Res<()> {
            match get(k) {
                Some((p, _)) => Err(c.err_at(p, format!("`{k}=` on a v_type={vtype} declaration"))),
                None => Ok(()),
            }
        };
        if vtype != "G" {
            only_g("attrs")?;
            only_g("type")?;
            only_g("align")?;
            only_g("alias")?;
        }
        match vtype {
            "G" => {
                let (p, t) = get("type").ok_or_else(|| c.err_at(npos, "declaration without `type=`"))?;
                let ty = visa_type(t).ok_or_else(|| c.err_at(p, format!("unknown type `{t}`")))?;
                let align = match get("align") {
                    None => Align::Byte,
                    Some((p, a)) => match a {
                        "GRFx2" => Align::Grf2,
                        "32word" => Align::Word32,
                        "64word" => Align::Word64,
                        a => ALIGNS
                            .iter()
                            .find(|r| r.text == a)
                            .map(|r| r.align)
                            .ok_or_else(|| c.err_at(p, format!("not modeled: alignment `{a}`")))?,
                    },
                };
                let alias = match get("alias") {
                    None => None,
                    Some((p, _)) => {
                        let mut ac = Cur { s: c.s, pos: p + "alias=".len(), line: c.line };
                        ac.expect(b'<')?;
                        let base = self.var(&mut ac)?;
                        ac.expect(b',')?;
                        let off: u16 = ac.num("alias offset")?;
                        ac.expect(b'>')?;
                        Some((base, off))
                    }
                };
                // the variable attributes genxc models: `Input_Output` alone
                let input_output = match get("attrs") {
                    None => false,
                    Some((p, a)) => {
                        let inner = a.trim_start_matches('{').trim_end_matches('}');
                        for attr in inner.split(',').map(str::trim) {
                            if attr != VAR_ATTR_INPUT_OUTPUT {
                                return Err(c.err_at(p, format!("not modeled: variable attribute `{attr}`")));
                            }
                        }
                        true
                    }
                };
                if self.k.vars.len() >= (u32::MAX - NUM_PREDEF_VARS) as usize {
                    return Err(c.err_at(npos, "too many variables"));
                }
                let id = VarId(NUM_PREDEF_VARS + self.k.vars.len() as u32);
                self.declare(c, npos, name, Named::Var(id))?;
                self.k.vars.push(VarDecl {
                    name: name.to_string(),
                    ty,
                    num_elts,
                    align,
                    alias,
                    input_output,
                });
            }
            "A" | "P" if self.k.addrs.len().max(self.k.preds.len()) >= u16::MAX as usize - 1 => {
                return Err(c.err_at(npos, "too many address or predicate variables"));
            }
            "A" => {
                let id = AddrId(self.k.addrs.len() as u16);
                self.declare(c, npos, name, Named::Addr(id))?;
                self.k.addrs.push(AddrDecl { name: name.to_string(), num_elts });
            }
            "P" => {
                let id = PredId(self.k.preds.len() as u16 + 1);
                self.declare(c, npos, name, Named::Pred(id))?;
                self.k.preds.push(PredDecl { name: name.to_string(), num_elts });
            }
            "S" => {
                let id =
                    u8::try_from(self.k.samplers.len()).map_err(|_| c.err_at(npos, "too many samplers"))?;
                self.declare(c, npos, name, Named::Sampler(SamplerId(id)))?;
                self.k.samplers.push(StateDecl { name: name.to_string(), num_elts });
            }
            "T" => {
                let id = u8::try_from(self.k.surfaces.len() + NUM_PREDEF_SURFACES as usize)
                    .map_err(|_| c.err_at(npos, "too many surfaces"))?;
                self.declare(c, npos, name, Named::Surface(SurfaceId(id)))?;
                self.k.surfaces.push(StateDecl { name: name.to_string(), num_elts });
            }
            other => return Err(c.err_at(tpos, format!("not modeled: v_type={other}"))),
        }
        Ok(())
    }

    /// `.input` / `.implicit_<KIND>`: `NAME offset=N [size=N]`.
    fn input(&mut self, c: &mut Cur, implicit: u8) -> Res<()> {
        c.ws();
        let pos = c.pos;
        let name = c.ident()?;
        let target = match self.lookup(c, pos, name)? {
            Named::Var(v) if !v.is_predefined() => InputTarget::Var(v),
            Named::Surface(s) => InputTarget::Surface(s),
            Named::Sampler(s) => InputTarget::Sampler(s),
            _ => return Err(c.err_at(pos, format!("`{name}` cannot be an input"))),
        };
        let (mut offset, mut size) = (None, None);
        while !c.at_end() {
            let kpos = c.pos;
            let key = c.ident()?;
            c.expect(b'=')?;
            let v: u16 = c.num(key)?;
            let slot = match key {
                "offset" => &mut offset,
                "size" => &mut size,
                _ => return Err(c.err_at(kpos, format!("not modeled: input attribute `{key}`"))),
            };
            if slot.replace(v).is_some() {
                return Err(c.err_at(kpos, format!("`{key}=` given twice")));
            }
        }
        let offset = offset.ok_or_else(|| c.err_at(pos, "input without `offset=`"))?;
        let size = match (size, target) {
            (Some(s), _) => s,
            (None, InputTarget::Var(v)) => {
                let d = self.k.var(v).map(|d| u32::from(d.num_elts) * d.ty.size()).unwrap_or(0);
                u16::try_from(d).map_err(|_| c.err_at(pos, "input larger than 65535 bytes"))?
            }
            (None, _) => 4,
        };
        self.k.inputs.push(Input { target, offset, size, implicit });
        Ok(())
    }

    fn kernel_attr(&mut self, c: &mut Cur) -> Res<()> {
        c.ws();
        let pos = c.pos;
        let name = c.ident()?;
        let attr = match name {
            "NoBarrier" => KernelAttr::NoBarrier,
            "Target" | "OutputAsmPath" => {
                c.expect(b'=')?;
                let vpos = c.pos;
                let s = c.string()?;
                match (name, s.as_str()) {
                    ("Target", "cm") => KernelAttr::Target3d(false),
                    ("Target", "3d") => KernelAttr::Target3d(true),
                    ("Target", t) => return Err(c.err_at(vpos, format!("not modeled: Target=\"{t}\""))),
                    _ => KernelAttr::OutputAsmPath(s),
                }
            }
            "SLMSize" => {
                c.expect(b'=')?;
                KernelAttr::SlmSize(c.num("SLMSize")?)
            }
            "PerThreadInputSize" => {
                c.expect(b'=')?;
                KernelAttr::PerThreadInputSize(c.num("PerThreadInputSize")?)
            }
            "ArgSize" | "RetValSize" | "NBarrierCnt" => {
                c.expect(b'=')?;
                let n = c.num(name)?;
                match name {
                    "ArgSize" => KernelAttr::ArgSize(n),
                    "RetValSize" => KernelAttr::RetValSize(n),
                    _ => KernelAttr::NBarrierCnt(n),
                }
            }
            "SimdSize" => {
                c.expect(b'=')?;
                let vpos = c.pos;
                match c.num::<u8>("SimdSize")? {
                    n @ (8 | 16 | 32) => KernelAttr::SimdSize(n),
                    n => return Err(c.err_at(vpos, format!("SimdSize {n} is not 8, 16 or 32"))),
                }
            }
            other => return Err(c.err_at(pos, format!("not modeled: kernel attribute `{other}`"))),
        };
        c.end()?;
        self.k.attrs.push(attr);
        Ok(())
    }

    // ------------------------------------------------------------------ operands

    /// `(M1, 16)`, `(M5_NM, 8)`, `(NoMask, 1)` or `(16)`.
    fn exec(&self, c: &mut Cur) -> Res<Exec> {
        c.expect(b'(')?;
        c.ws();
        let mut e = Exec::new(1);
        if c.eat_str("NoMask") {
            e.nomask = true;
            c.expect(b',')?;
        } else if c.peek() == Some(b'M') {
            c.pos += 1;
            let mpos = c.pos;
            while c.peek().is_some_and(|d| d.is_ascii_digit()) {
                c.pos += 1;
            }
            let m: u8 = c.s[mpos..c.pos].parse().unwrap_or(0);
            if !(1..=8).contains(&m) {
                return Err(c.err_at(mpos, format!("mask M{m} is not M1..M8")));
            }
            e.mask = m - 1;
            e.nomask = c.eat_str("_NM");
            c.expect(b',')?;
        }
        c.ws();
        let spos = c.pos;
        let size = c.int()?;
        e.size = region_value(size, &EXEC_SIZES)
            .ok_or_else(|| c.err_at(spos, format!("execution size {size} is not 1, 2, 4, 8, 16 or 32")))?;
        c.expect(b')')?;
        Ok(e)
    }

    /// `([!]P[.any|.all])`.
    fn pred(&self, c: &mut Cur) -> Res<Pred> {
        c.expect(b'(')?;
        c.ws();
        let inverse = c.eat(b'!');
        let id = self.pred_var(c)?;
        let ctrl = if c.eat_str(".any") {
            PredCtrl::Any
        } else if c.eat_str(".all") {
            PredCtrl::All
        } else {
            PredCtrl::None
        };
        c.expect(b')')?;
        Ok(Pred { id, inverse, ctrl })
    }

    /// `<v;w,h>` (or `<w,h>` when `multi_ok`, returning true for it).
    fn region(&self, c: &mut Cur, multi_ok: bool) -> Res<(Region, bool)> {
        c.expect(b'<')?;
        c.ws();
        let p0 = c.pos;
        let a = c.int()?;
        c.ws();
        if c.peek() == Some(b',') && multi_ok {
            c.pos += 1;
            c.ws();
            let p1 = c.pos;
            let h = c.int()?;
            c.expect(b'>')?;
            let width = region_value(a, &WIDTHS).ok_or_else(|| c.err_at(p0, format!("bad width {a}")))?;
            let hstride =
                region_value(h, &HSTRIDES).ok_or_else(|| c.err_at(p1, format!("bad hstride {h}")))?;
            return Ok((Region { vstride: 0, width, hstride }, true));
        }
        c.expect(b';')?;
        c.ws();
        let p1 = c.pos;
        let w = c.int()?;
        c.expect(b',')?;
        c.ws();
        let p2 = c.pos;
        let h = c.int()?;
        c.expect(b'>')?;
        let vstride = region_value(a, &VSTRIDES).ok_or_else(|| c.err_at(p0, format!("bad vstride {a}")))?;
        let width = region_value(w, &WIDTHS).ok_or_else(|| c.err_at(p1, format!("bad width {w}")))?;
        let hstride = region_value(h, &HSTRIDES).ok_or_else(|| c.err_at(p2, format!("bad hstride {h}")))?;
        Ok((Region { vstride, width, hstride }, false))
    }

    fn dst_hstride(&self, c: &mut Cur) -> Res<u8> {
        c.expect(b'<')?;
        c.ws();
        let p = c.pos;
        let h = c.int()?;
        c.expect(b'>')?;
        region_value(h, &DST_HSTRIDES).ok_or_else(|| c.err_at(p, format!("bad destination hstride {h}")))
    }

    /// `(row,col)`.
    fn place(&self, c: &mut Cur) -> Res<(u8, u8)> {
        c.expect(b'(')?;
        let row = c.num("row")?;
        c.expect(b',')?;
        let col = c.num("column")?;
        c.expect(b')')?;
        Ok((row, col))
    }

    /// `A(i)<w>` after the address variable.
    fn addr_opnd(&self, c: &mut Cur, addr: AddrId) -> Res<AddrOpnd> {
        c.expect(b'(')?;
        let elem = c.num("address element")?;
        c.expect(b')')?;
        c.expect(b'<')?;
        c.ws();
        let p = c.pos;
        let w = c.int()?;
        c.expect(b'>')?;
        let width = region_value(w, &WIDTHS).ok_or_else(|| c.err_at(p, format!("bad address width {w}")))?;
        Ok(AddrOpnd { addr, elem, width })
    }

    /// `r[A(i),off]` of an indirect operand.
    fn indirect_head(&self, c: &mut Cur) -> Res<(AddrId, u8, i16)> {
        c.expect(b'[')?;
        let addr = self.addr_var(c)?;
        c.expect(b'(')?;
        let elem = c.num("address element")?;
        c.expect(b')')?;
        c.expect(b',')?;
        let off = c.num("indirect offset")?;
        c.expect(b']')?;
        Ok((addr, elem, off))
    }

    fn type_suffix(&self, c: &mut Cur) -> Res<VisaType> {
        c.expect(b':')?;
        let p = c.pos;
        let t = c.ident()?;
        visa_type(t).ok_or_else(|| c.err_at(p, format!("unknown type `{t}`")))
    }

    fn src(&self, c: &mut Cur) -> Res<SrcOp> {
        c.ws();
        let start = c.pos;
        let modifier = if c.peek() == Some(b'(') {
            let m = [
                ("(-abs)", SrcMod::NegAbs),
                ("(abs)", SrcMod::Abs),
                ("(-)", SrcMod::Neg),
                ("(~)", SrcMod::Not),
            ]
            .into_iter()
            .find(|(t, _)| c.eat_str(t));
            match m {
                Some((_, m)) => m,
                None => return Err(c.err(format!("unknown source modifier `{}`", c.rest_word()))),
            }
        } else {
            SrcMod::None
        };
        match c.peek() {
            Some(b'0'..=b'9' | b'-' | b'+' | b'.') => {
                if modifier != SrcMod::None {
                    return Err(c.err_at(start, "not modeled: a modifier on an immediate"));
                }
                let p = c.pos;
                let text = c.token(b":");
                c.expect(b':')?;
                let tpos = c.pos;
                let ty = c.ident().map_err(|_| c.err_at(tpos, "expected the immediate's type"))?;
                immediate(text, ty).map(SrcOp::Imm).map_err(|m| c.err_at(p, m))
            }
            Some(b'r') if c.peek_at(1) == Some(b'[') => {
                c.pos += 1;
                let (addr, addr_elem, byte_offset) = self.indirect_head(c)?;
                let (region, multi) = self.region(c, true)?;
                let ty = self.type_suffix(c)?;
                Ok(SrcOp::Ind(IndSrc { addr, addr_elem, byte_offset, ty, region, multi, modifier }))
            }
            Some(b'(') => Err(c.err("not modeled: constant expressions")),
            _ => {
                let npos = c.pos;
                let name = c.ident()?;
                match self.lookup(c, npos, name)? {
                    Named::Var(var) => {
                        let (row, col) = self.place(c)?;
                        let (region, _) = self.region(c, false)?;
                        Ok(SrcOp::Gen(Src { var, row, col, region, modifier }))
                    }
                    Named::Pred(p) if modifier == SrcMod::None => Ok(SrcOp::Pred(p)),
                    Named::Addr(a) if modifier == SrcMod::None => Ok(SrcOp::Addr(self.addr_opnd(c, a)?)),
                    Named::Pred(_) | Named::Addr(_) => {
                        Err(c.err_at(start, "not modeled: a modifier on a predicate or address operand"))
                    }
                    Named::Surface(_) | Named::Sampler(_) => {
                        Err(c.err_at(npos, format!("not modeled: state variable `{name}` as a source")))
                    }
                }
            }
        }
    }

    fn gdst(&self, c: &mut Cur) -> Res<Dst> {
        let var = self.var(c)?;
        c.ws();
        let (row, col) = if c.peek() == Some(b'(') { self.place(c)? } else { (0, 0) };
        let hstride = self.dst_hstride(c)?;
        Ok(Dst { var, row, col, hstride })
    }

    fn dst(&self, c: &mut Cur) -> Res<DstOp> {
        c.ws();
        if c.peek() == Some(b'r') && c.peek_at(1) == Some(b'[') {
            c.pos += 1;
            let (addr, addr_elem, byte_offset) = self.indirect_head(c)?;
            let hstride = self.dst_hstride(c)?;
            let ty = self.type_suffix(c)?;
            return Ok(DstOp::Ind(IndDst { addr, addr_elem, byte_offset, ty, hstride }));
        }
        let npos = c.pos;
        let name = c.ident()?;
        match self.lookup(c, npos, name)? {
            Named::Var(_) => {
                c.pos = npos;
                Ok(DstOp::Gen(self.gdst(c)?))
            }
            Named::Pred(p) => Ok(DstOp::Pred(p)),
            Named::Addr(a) => Ok(DstOp::Addr(self.addr_opnd(c, a)?)),
            _ => Err(c.err_at(npos, format!("not modeled: `{name}` as a destination"))),
        }
    }

    /// `V.offset`.
    fn raw(&self, c: &mut Cur) -> Res<Raw> {
        let var = self.var(c)?;
        if !c.eat(b'.') {
            return Err(c.err("expected `.offset` after a raw operand"));
        }
        let offset = c.num("raw offset")?;
        Ok(Raw { var, offset })
    }
}

/// The kind of an implicit-input directive `.implicit_<KIND>`.
fn implicit_kind(directive: &str) -> Option<u8> {
    let kind = directive.strip_prefix(".implicit_")?;
    match kind {
        "LOCAL_SIZE" => Some(ImplicitKind::LOCAL_SIZE),
        "GROUP_COUNT" => Some(ImplicitKind::GROUP_COUNT),
        "LOCAL_ID" => Some(ImplicitKind::LOCAL_ID),
        k => {
            // bits 7:3 of the binary input kind: 1..=31
            let n: u8 = k.strip_prefix("UNDEFINED_")?.parse().ok()?;
            (1..=31).contains(&n).then_some(n)
        }
    }
}

/// Reads every kernel of a `.visaasm` file.
pub fn read_text(src: &str) -> Result<Vec<Kernel>, ReadError> {
    let mut kernels = Vec::new();
    let mut cur: Option<KernelReader> = None;
    let mut version = false;
    for (i, raw_line) in src.lines().enumerate() {
        let line = strip_comment(raw_line);
        let mut c = Cur { s: line, pos: 0, line: i + 1 };
        if c.at_end() {
            continue;
        }
        let start = c.pos;
        if c.peek() == Some(b'.') {
            c.pos += 1;
            while c.peek().is_some_and(is_ident_char) {
                c.pos += 1;
            }
            let directive = &line[start..c.pos];
            match directive {
                ".version" => {
                    let t = c.token(&[]);
                    if t != "4.1" {
                        return Err(c.err_at(
                            start,
                            format!("not modeled: .version {t} (the reader knows vISA 4.1)"),
                        ));
                    }
                    c.end()?;
                    version = true;
                    continue;
                }
                ".kernel" => {
                    if !version {
                        return Err(c.err_at(start, "`.kernel` before `.version`"));
                    }
                    let name = c.string()?;
                    c.end()?;
                    if let Some(k) = cur.take() {
                        kernels.push(k.finish()?);
                    }
                    cur = Some(KernelReader::new(&name, i + 1));
                    continue;
                }
                ".global_function" => {
                    if !version {
                        return Err(c.err_at(start, "`.global_function` before `.version`"));
                    }
                    let npos = c.pos;
                    let name = c.string()?;
                    c.end()?;
                    if crate::text::sanitize(&name) != name {
                        return Err(c.err_at(npos, format!("function name \"{name}\" is not an identifier")));
                    }
                    if let Some(k) = cur.take() {
                        kernels.push(k.finish()?);
                    }
                    // A function's code starts right after its declarations: its entry is itself.
                    let mut kr = KernelReader::new(&name, i + 1);
                    kr.k = Kernel::new_function(&name);
                    kr.entry = true;
                    kr.subs.insert(name, LabelId(0));
                    kr.uses[0].defined = true;
                    cur = Some(kr);
                    continue;
                }
                _ => {}
            }
            let Some(kr) = cur.as_mut() else {
                return Err(c.err_at(start, format!("`{directive}` outside a `.kernel`")));
            };
            match directive {
                ".decl" => kr.decl(&mut c)?,
                ".input" => kr.input(&mut c, 0)?,
                ".kernel_attr" => kr.kernel_attr(&mut c)?,
                ".function" => {
                    let npos = c.pos;
                    let name = c.string()?;
                    c.end()?;
                    if kr.entry_unnamed && kr.k.body.is_empty() {
                        kr.entry = true;
                        kr.entry_unnamed = false;
                        kr.k.labels[0].name = name.clone();
                        kr.subs.insert(name, LabelId(0));
                        kr.uses[0].defined = true;
                    } else {
                        let id = kr.define(&c, npos, &name, LabelKind::Subroutine)?;
                        kr.k.body.push(Inst::Subroutine(id));
                    }
                }
                d => match implicit_kind(d) {
                    Some(kind) => kr.input(&mut c, kind)?,
                    None => return Err(c.err_at(start, format!("not modeled: `{d}`"))),
                },
            }
            continue;
        }
        let Some(kr) = cur.as_mut() else {
            return Err(c.err_at(start, "text outside a `.kernel`"));
        };
        // a label `NAME:`
        if c.peek().is_some_and(is_ident_start) {
            let save = c.pos;
            let name = c.ident()?;
            if c.eat(b':') && c.at_end() {
                if !kr.entry {
                    return Err(c.err_at(save, "a label before the entry `.function`"));
                }
                let id = kr.define(&c, save, name, LabelKind::Block)?;
                kr.k.body.push(Inst::Label(id));
                continue;
            }
            c.pos = save;
        }
        if !kr.entry {
            return Err(c.err_at(start, "an instruction before the entry `.function`"));
        }
        let inst = kr.inst(&mut c)?;
        kr.k.body.push(inst);
    }
    match cur {
        Some(k) => kernels.push(k.finish()?),
        None => {
            let line = src.lines().count().max(1);
            return Err(ReadError { line, col: 1, message: "no `.kernel` in the input".into() });
        }
    }
    Ok(kernels)
}
