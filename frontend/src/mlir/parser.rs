//! The MLIR parser core: top level and `// -----` splits, aliases, the generic operation form,
//! regions and blocks with forward references. Types (builtin and LLVM dialect, in the modern and
//! early spellings) are parsed in `parser/types.rs`, attributes in `parser/attrs.rs`, custom
//! operation forms in [`super::custom`].
//!
//! Nesting of regions, types and attributes is limited to [`MAX_DEPTH`] levels, and every error is a
//! [`Diagnostic`] at `file:line:col`; the parser never panics on bad input.

mod attrs;
mod types;

use super::ast::*;
use super::lexer::{lex, unescape, Tok, Token};
use foldhash::{HashMap, HashMapExt};
use genxc_diag::{Diagnostic, Failure};

/// Deepest nesting of regions, types or attributes accepted.
pub const MAX_DEPTH: u32 = 200;

/// Result of parsing.
pub type R<T> = Result<T, Diagnostic>;

/// A result name on the left of `=`: `%x` or `%x:2`.
#[derive(Clone, Debug)]
pub struct ResultName {
    /// Name without `%`.
    pub name: String,
    /// Number of values it names.
    pub count: u32,
    /// Where it is written.
    pub loc: Loc,
}

/// A use of a value not resolved yet: name (`x` or `x#1`) and where.
#[derive(Clone, Debug)]
pub struct OperandRef {
    /// Lookup key.
    pub key: String,
    /// Where it is written.
    pub pos: usize,
}

#[derive(Default)]
struct Scope {
    values: HashMap<String, ValueId>,
    pending: HashMap<String, (ValueId, usize)>,
    blocks: HashMap<String, BlockId>,
    pending_blocks: HashMap<String, (BlockId, usize)>,
    defined_blocks: foldhash::HashSet<BlockId>,
}

/// An operation under construction by a custom parser.
#[derive(Default)]
pub struct OpBuild {
    /// Operands.
    pub operands: Vec<ValueId>,
    /// Result types.
    pub results: Vec<Type>,
    /// Attributes.
    pub attrs: Vec<(String, Attr)>,
    /// Regions.
    pub regions: Vec<RegionId>,
    /// Successors.
    pub successors: Vec<Successor>,
}

/// Parser state over one file.
pub struct Parser<'a> {
    pub(super) file: &'a str,
    pub(super) src: &'a [u8],
    /// Current token (lookahead).
    pub(super) tok: Token,
    /// End of the part being parsed.
    limit: usize,
    line_starts: Vec<usize>,
    pub(super) ir: Ir,
    type_aliases: HashMap<String, Type>,
    attr_aliases: HashMap<String, Attr>,
    scopes: Vec<Scope>,
    depth: u32,
    /// Bodies of identified LLVM structs seen so far, by name.
    pub(super) structs: HashMap<String, Vec<Type>>,
}

/// Parses MLIR text into modules, one per `// -----` part.
pub fn parse(file: &str, text: &str) -> R<MlirFile> {
    let src = text.as_bytes();
    let mut line_starts = vec![0];
    line_starts.extend(src.iter().enumerate().filter(|(_, &c)| c == b'\n').map(|(i, _)| i + 1));
    let mut parts = Vec::new();
    let mut start = 0;
    for &ls in &line_starts {
        if src[ls..].starts_with(b"// -----") {
            parts.push((start, ls));
            let eol = src[ls..].iter().position(|&c| c == b'\n').map_or(src.len(), |p| ls + p);
            start = eol;
        }
    }
    parts.push((start, src.len()));
    let mut p = Parser {
        file,
        src,
        tok: Token { kind: Tok::Eof, start: 0, end: 0 },
        limit: src.len(),
        line_starts,
        ir: Ir::default(),
        type_aliases: HashMap::new(),
        attr_aliases: HashMap::new(),
        scopes: Vec::new(),
        depth: 0,
        structs: HashMap::new(),
    };
    let mut modules = Vec::new();
    let split = parts.len() > 1;
    for (s, e) in parts {
        if split && src[s..e].iter().all(|c| c.is_ascii_whitespace()) {
            continue;
        }
        p.limit = e;
        p.type_aliases.clear();
        p.attr_aliases.clear();
        p.reset(s);
        modules.push(p.parse_top()?);
    }
    Ok(MlirFile { ir: p.ir, modules })
}

impl<'a> Parser<'a> {
    // ---------------------------------------------------------------- tokens and errors

    pub(super) fn reset(&mut self, pos: usize) {
        self.tok = lex(&self.src[..self.limit], pos);
    }

    /// The token after the current one.
    pub(super) fn peek2(&self) -> Token {
        lex(&self.src[..self.limit], self.tok.end)
    }

    /// A region with no blocks (a function declaration).
    pub(super) fn empty_region(&mut self) -> RegionId {
        self.new_region()
    }

    pub(super) fn bump(&mut self) -> Token {
        let t = self.tok;
        self.reset(t.end);
        t
    }

    pub(super) fn text(&self, t: Token) -> &'a str {
        std::str::from_utf8(&self.src[t.start..t.end]).unwrap_or("")
    }

    pub(super) fn loc_of(&self, pos: usize) -> Loc {
        let line = self.line_starts.partition_point(|&s| s <= pos);
        let ls = self.line_starts[line - 1];
        let col = std::str::from_utf8(&self.src[ls..pos.min(self.src.len())])
            .map_or(pos - ls, |s| s.chars().count());
        Loc { line: line as u32, col: col as u32 + 1 }
    }

    pub(super) fn err_at<T>(&self, pos: usize, msg: impl Into<Failure>) -> R<T> {
        let l = self.loc_of(pos);
        Err(Diagnostic::at_source(self.file, l.line, l.col, msg))
    }

    pub(super) fn err<T>(&self, msg: impl Into<Failure>) -> R<T> {
        self.err_at(self.tok.start, msg)
    }

    fn describe(&self) -> String {
        match self.tok.kind {
            Tok::Eof => "end of file".into(),
            Tok::Bad if self.src.get(self.tok.start) == Some(&b'"') => "an unterminated string".into(),
            Tok::Bad => format!("invalid character '{}'", self.text(self.tok).chars().next().unwrap_or('?')),
            _ => format!("'{}'", self.text(self.tok)),
        }
    }

    pub(super) fn expected<T>(&self, what: &str) -> R<T> {
        self.err(format!("expected {what}, found {}", self.describe()))
    }

    pub(super) fn is_punct(&self, c: u8) -> bool {
        self.tok.kind == Tok::Punct(c)
    }

    pub(super) fn eat_punct(&mut self, c: u8) -> bool {
        if self.is_punct(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(super) fn expect_punct(&mut self, c: u8) -> R<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.expected(&format!("'{}'", c as char))
        }
    }

    pub(super) fn is_kw(&self, kw: &str) -> bool {
        self.tok.kind == Tok::Ident && self.text(self.tok) == kw
    }

    pub(super) fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(super) fn expect_kw(&mut self, kw: &str) -> R<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            self.expected(&format!("'{kw}'"))
        }
    }

    pub(super) fn ident(&mut self, what: &str) -> R<String> {
        if self.tok.kind == Tok::Ident {
            let t = self.bump();
            Ok(self.text(t).to_string())
        } else {
            self.expected(what)
        }
    }

    pub(super) fn eat_arrow(&mut self) -> bool {
        if self.tok.kind == Tok::Arrow {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(super) fn expect_arrow(&mut self) -> R<()> {
        if self.eat_arrow() {
            Ok(())
        } else {
            self.expected("'->'")
        }
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nesting too deep (more than {MAX_DEPTH} levels)"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    pub(super) fn string_lit(&mut self) -> R<Vec<u8>> {
        if self.tok.kind != Tok::Str {
            return self.expected("a string");
        }
        let t = self.bump();
        match unescape(&self.src[t.start..t.end]) {
            Ok(s) => Ok(s),
            Err(m) => self.err_at(t.start, m),
        }
    }

    pub(super) fn symbol(&mut self) -> R<String> {
        if self.tok.kind != Tok::At {
            return self.expected("a symbol name '@...'");
        }
        let t = self.bump();
        let raw = &self.src[t.start + 1..t.end];
        if raw.first() == Some(&b'"') {
            return match unescape(raw) {
                Ok(s) => Ok(String::from_utf8_lossy(&s).into_owned()),
                Err(m) => self.err_at(t.start, m),
            };
        }
        Ok(self.text(t)[1..].to_string())
    }

    /// An integer literal with an optional minus sign.
    pub(super) fn int_lit(&mut self) -> R<i128> {
        let neg = self.eat_punct(b'-');
        if self.tok.kind != Tok::Int {
            return self.expected("an integer");
        }
        let t = self.bump();
        let s = self.text(t);
        let v = if let Some(h) = s.strip_prefix("0x") {
            u128::from_str_radix(h, 16).ok().and_then(|v| i128::try_from(v).ok())
        } else {
            s.parse::<i128>().ok()
        };
        match v {
            Some(v) => Ok(if neg { -v } else { v }),
            None => self.err_at(t.start, format!("integer literal '{s}' is too large")),
        }
    }

    // ---------------------------------------------------------------- top level

    fn parse_top(&mut self) -> R<OpId> {
        self.scopes.push(Scope::default());
        let region = self.new_region();
        let block = self.new_block(String::new(), self.loc_of(self.tok.start));
        self.ir.regions[region.0 as usize].blocks.push(block);
        let start = self.tok.start;
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Hash | Tok::Bang if self.alias_definition_follows() => self.parse_alias()?,
                Tok::FileMetaStart => self.skip_file_metadata()?,
                _ => {
                    let op = self.parse_operation()?;
                    self.ir.blocks[block.0 as usize].ops.push(op);
                }
            }
        }
        self.close_scope()?;
        let ops = self.ir.blocks[block.0 as usize].ops.clone();
        if ops.len() == 1 && self.ir.op(ops[0]).name == "builtin.module" {
            return Ok(ops[0]);
        }
        let loc = self.loc_of(start);
        let id = OpId(self.ir.ops.len() as u32);
        self.ir.ops.push(Operation {
            name: "builtin.module".into(),
            operands: vec![],
            results: vec![],
            attrs: vec![],
            regions: vec![region],
            successors: vec![],
            loc,
        });
        Ok(id)
    }

    fn alias_definition_follows(&self) -> bool {
        let next = lex(&self.src[..self.limit], self.tok.end);
        next.kind == Tok::Punct(b'=')
    }

    fn parse_alias(&mut self) -> R<()> {
        let t = self.bump();
        let name = self.text(t)[1..].to_string();
        self.expect_punct(b'=')?;
        if t.kind == Tok::Bang {
            if self.type_aliases.contains_key(&name) {
                return self.err_at(t.start, format!("redefinition of type alias '!{name}'"));
            }
            let ty = self.parse_type()?;
            self.type_aliases.insert(name, ty);
        } else {
            if self.attr_aliases.contains_key(&name) {
                return self.err_at(t.start, format!("redefinition of attribute alias '#{name}'"));
            }
            let a = self.parse_attr()?;
            self.attr_aliases.insert(name, a);
        }
        Ok(())
    }

    fn skip_file_metadata(&mut self) -> R<()> {
        let start = self.tok.start;
        let body = &self.src[start..self.limit];
        match body.windows(3).position(|w| w == b"#-}") {
            Some(p) => {
                self.reset(start + p + 3);
                Ok(())
            }
            None => self.err_at(start, "unterminated file metadata '{-#'"),
        }
    }

    // ---------------------------------------------------------------- values and blocks

    fn new_region(&mut self) -> RegionId {
        self.ir.regions.push(Region::default());
        RegionId(self.ir.regions.len() as u32 - 1)
    }

    fn new_block(&mut self, label: String, loc: Loc) -> BlockId {
        self.ir.blocks.push(Block { label, args: vec![], ops: vec![], loc });
        BlockId(self.ir.blocks.len() as u32 - 1)
    }

    fn new_value(&mut self, ty: Type, def: ValueDef, name: &str) -> ValueId {
        self.ir.values.push(Value { ty, def, name: name.to_string() });
        ValueId(self.ir.values.len() as u32 - 1)
    }

    /// Reads `%name` or `%name#k` as an unresolved operand.
    pub(super) fn operand_ref(&mut self) -> R<OperandRef> {
        if self.tok.kind != Tok::Percent {
            return self.expected("an SSA value '%...'");
        }
        let t = self.bump();
        let mut key = self.text(t)[1..].to_string();
        if self.src.get(t.end) == Some(&b'#') {
            let mut i = t.end + 1;
            while i < self.limit && self.src[i].is_ascii_digit() {
                i += 1;
            }
            if i == t.end + 1 {
                return self.err_at(t.end, "expected a result number after '#'");
            }
            let n = std::str::from_utf8(&self.src[t.end + 1..i]).unwrap_or("0");
            key = format!("{key}#{}", n.parse::<u64>().unwrap_or(0));
            self.reset(i);
        }
        Ok(OperandRef { key, pos: t.start })
    }

    /// Whether the current token starts an operand.
    pub(super) fn at_operand(&self) -> bool {
        self.tok.kind == Tok::Percent
    }

    /// Resolves an operand reference with the type it is used at.
    pub(super) fn resolve(&mut self, r: &OperandRef, ty: &Type) -> R<ValueId> {
        let found = self.scopes.iter().rev().find_map(|s| s.values.get(&r.key).copied());
        let found = found.or_else(|| {
            let alt = r.key.strip_suffix("#0")?;
            self.scopes.iter().rev().find_map(|s| s.values.get(alt).copied())
        });
        let id = match found {
            Some(id) => id,
            None => {
                let pend = self.scopes.iter().rev().find_map(|s| s.pending.get(&r.key).map(|p| p.0));
                match pend {
                    Some(id) => id,
                    None => {
                        let id = self.new_value(ty.clone(), ValueDef::Pending, &r.key);
                        if let Some(s) = self.scopes.last_mut() {
                            s.pending.insert(r.key.clone(), (id, r.pos));
                        }
                        return Ok(id);
                    }
                }
            }
        };
        if self.ir.value(id).ty != *ty {
            return self.err_at(
                r.pos,
                format!(
                    "use of value '%{}' expects type {}, but it has type {}",
                    r.key,
                    ty,
                    self.ir.value(id).ty
                ),
            );
        }
        Ok(id)
    }

    /// Resolves a list of operands against a list of types of the same length.
    pub(super) fn resolve_all(&mut self, refs: &[OperandRef], tys: &[Type], pos: usize) -> R<Vec<ValueId>> {
        if refs.len() != tys.len() {
            return self
                .err_at(pos, format!("{} operands present, but {} types given", refs.len(), tys.len()));
        }
        refs.iter().zip(tys).map(|(r, t)| self.resolve(r, t)).collect()
    }

    /// Defines a value name in the innermost scope, reusing a forward reference of that name.
    fn define(&mut self, key: &str, pos: usize, ty: Type, def: ValueDef) -> R<ValueId> {
        let scope = self.scopes.len() - 1;
        if self.scopes[scope].values.contains_key(key) {
            return self.err_at(pos, format!("redefinition of SSA value '%{key}'"));
        }
        let id = if let Some((id, _)) = self.scopes[scope].pending.remove(key) {
            if self.ir.values[id.0 as usize].ty != ty {
                let used = self.ir.values[id.0 as usize].ty.clone();
                return self
                    .err_at(pos, format!("definition of '%{key}' has type {ty}, but it is used as {used}"));
            }
            self.ir.values[id.0 as usize].def = def;
            id
        } else {
            self.new_value(ty, def, key)
        };
        self.scopes[scope].values.insert(key.to_string(), id);
        Ok(id)
    }

    fn close_scope(&mut self) -> R<()> {
        let Some(scope) = self.scopes.pop() else { return Ok(()) };
        if let Some((name, (_, pos))) = scope.pending_blocks.iter().min_by_key(|(_, (_, p))| *p) {
            return self.err_at(*pos, format!("reference to an undefined block '^{name}'"));
        }
        if let Some(parent) = self.scopes.last_mut() {
            for (k, v) in scope.pending {
                parent.pending.entry(k).or_insert(v);
            }
            Ok(())
        } else if let Some((name, (_, pos))) = scope.pending.iter().min_by_key(|(_, (_, p))| *p) {
            self.err_at(*pos, format!("use of undeclared SSA value '%{name}'"))
        } else {
            Ok(())
        }
    }

    /// A block reference `^name` (created on first use).
    pub(super) fn block_ref(&mut self) -> R<BlockId> {
        if self.tok.kind != Tok::Caret {
            return self.expected("a block name '^...'");
        }
        let t = self.bump();
        let name = self.text(t)[1..].to_string();
        let loc = self.loc_of(t.start);
        let Some(scope) = self.scopes.last() else { return self.err_at(t.start, "block outside a region") };
        if let Some(&b) = scope.blocks.get(&name) {
            return Ok(b);
        }
        if let Some(&(b, _)) = scope.pending_blocks.get(&name) {
            return Ok(b);
        }
        let b = self.new_block(name.clone(), loc);
        if let Some(s) = self.scopes.last_mut() {
            s.pending_blocks.insert(name, (b, t.start));
        }
        Ok(b)
    }

    /// A successor: `^bb` or `^bb(%a, %b : i32, i32)`.
    pub(super) fn successor(&mut self) -> R<Successor> {
        let block = self.block_ref()?;
        let mut args = Vec::new();
        if self.eat_punct(b'(') {
            let pos = self.tok.start;
            let mut refs = Vec::new();
            loop {
                refs.push(self.operand_ref()?);
                if !self.eat_punct(b',') {
                    break;
                }
            }
            self.expect_punct(b':')?;
            let tys = self.type_list_no_parens()?;
            self.expect_punct(b')')?;
            args = self.resolve_all(&refs, &tys, pos)?;
        }
        Ok(Successor { block, args })
    }

    // ---------------------------------------------------------------- regions

    /// Parses `{ ... }`. `entry_args` are the named arguments of the entry block (function bodies).
    pub(super) fn parse_region(&mut self, entry_args: Option<Vec<(OperandRef, Type)>>) -> R<RegionId> {
        self.enter()?;
        let open = self.tok.start;
        self.expect_punct(b'{')?;
        let region = self.new_region();
        self.scopes.push(Scope::default());
        let explicit_entry = self.tok.kind == Tok::Caret;
        if !self.is_punct(b'}') || entry_args.is_some() {
            let mut cur = None;
            if !explicit_entry || entry_args.is_some() {
                let b = self.new_block(String::new(), self.loc_of(self.tok.start));
                self.ir.regions[region.0 as usize].blocks.push(b);
                if let Some(args) = &entry_args {
                    for (i, (r, ty)) in args.iter().enumerate() {
                        let v = self.define(&r.key, r.pos, ty.clone(), ValueDef::Arg(b, i as u32))?;
                        self.ir.blocks[b.0 as usize].args.push(v);
                    }
                }
                cur = Some(b);
                if explicit_entry && entry_args.is_some() {
                    return self.err("a function body with named arguments cannot start with a block label");
                }
            }
            loop {
                match self.tok.kind {
                    Tok::Punct(b'}') => break,
                    Tok::Eof => {
                        return self.err_at(open, "unterminated region: missing '}'");
                    }
                    Tok::Caret => {
                        let b = self.parse_block_header()?;
                        self.ir.regions[region.0 as usize].blocks.push(b);
                        cur = Some(b);
                    }
                    _ => {
                        let op = self.parse_operation()?;
                        let Some(b) = cur else { return self.err("operation outside a block") };
                        self.ir.blocks[b.0 as usize].ops.push(op);
                    }
                }
            }
        }
        self.bump();
        self.close_scope()?;
        self.leave();
        Ok(region)
    }

    fn parse_block_header(&mut self) -> R<BlockId> {
        let t = self.tok;
        let b = self.block_ref()?;
        let name = self.text(t)[1..].to_string();
        let scope = self.scopes.len() - 1;
        if self.scopes[scope].defined_blocks.contains(&b) {
            return self.err_at(t.start, format!("redefinition of block '^{name}'"));
        }
        self.scopes[scope].pending_blocks.remove(&name);
        self.scopes[scope].blocks.insert(name, b);
        self.scopes[scope].defined_blocks.insert(b);
        self.ir.blocks[b.0 as usize].loc = self.loc_of(t.start);
        if self.eat_punct(b'(') && !self.eat_punct(b')') {
            loop {
                let r = self.operand_ref()?;
                self.expect_punct(b':')?;
                let ty = self.parse_type()?;
                self.skip_loc()?;
                let idx = self.ir.blocks[b.0 as usize].args.len() as u32;
                let v = self.define(&r.key, r.pos, ty, ValueDef::Arg(b, idx))?;
                self.ir.blocks[b.0 as usize].args.push(v);
                if self.eat_punct(b')') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        self.expect_punct(b':')?;
        Ok(b)
    }

    /// Skips a trailing `loc(...)`.
    pub(super) fn skip_loc(&mut self) -> R<()> {
        if self.is_kw("loc") {
            let l = lex(&self.src[..self.limit], self.tok.end);
            if l.kind == Tok::Punct(b'(') {
                self.bump();
                self.skip_balanced(b'(', b')')?;
            }
        }
        Ok(())
    }

    /// Skips from an opening bracket (current token) to its match, respecting strings.
    fn skip_balanced(&mut self, open: u8, close: u8) -> R<()> {
        let start = self.tok.start;
        let mut depth = 0usize;
        loop {
            match self.tok.kind {
                Tok::Eof => return self.err_at(start, format!("missing '{}'", close as char)),
                Tok::Bad if self.src.get(self.tok.start) == Some(&b'"') => {
                    return self.err("unterminated string")
                }
                Tok::Punct(c) if c == open => depth += 1,
                Tok::Punct(c) if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.bump();
        }
    }

    // ---------------------------------------------------------------- operations

    /// Parses one operation (results, name, then the generic or a custom form).
    pub(super) fn parse_operation(&mut self) -> R<OpId> {
        let start = self.tok.start;
        let mut results = Vec::new();
        if self.tok.kind == Tok::Percent {
            loop {
                let t = self.tok;
                if t.kind != Tok::Percent {
                    return self.expected("a result name");
                }
                self.bump();
                let name = self.text(t)[1..].to_string();
                let mut count = 1;
                if self.eat_punct(b':') {
                    let n = self.int_lit()?;
                    if !(1..=u32::MAX as i128).contains(&n) {
                        return self.err_at(t.start, "invalid result count");
                    }
                    count = n as u32;
                }
                results.push(ResultName { name, count, loc: self.loc_of(t.start) });
                if !self.eat_punct(b',') {
                    break;
                }
            }
            self.expect_punct(b'=')?;
        }
        let loc = self.loc_of(self.tok.start);
        let op = match self.tok.kind {
            Tok::Str => self.parse_generic(&results, loc)?,
            Tok::Ident => {
                let t = self.bump();
                let name = self.text(t).to_string();
                let full = match name.as_str() {
                    "module" => "builtin.module".to_string(),
                    "func" => "func.func".to_string(),
                    "return" => "func.return".to_string(),
                    "call" => "func.call".to_string(),
                    "call_indirect" => "func.call_indirect".to_string(),
                    "unrealized_conversion_cast" => "builtin.unrealized_conversion_cast".to_string(),
                    _ => name,
                };
                let b = self.parse_custom(&full, t.start, &results)?;
                self.finish(full, b, &results, loc, t.start)?
            }
            _ => return self.expected("an operation"),
        };
        self.skip_loc()?;
        let _ = start;
        Ok(op)
    }

    /// Creates the operation of a custom parser and defines its results.
    pub(super) fn finish(
        &mut self,
        name: String,
        b: OpBuild,
        results: &[ResultName],
        loc: Loc,
        pos: usize,
    ) -> R<OpId> {
        let named: u32 = results.iter().map(|r| r.count).sum();
        // Results may go unnamed (`func.call @f() : () -> i32`, the op inside a `vector.mask`).
        if named as usize != b.results.len() && named != 0 {
            return self.err_at(
                pos,
                format!(
                    "operation '{name}' defines {} results but was given {named} result names",
                    b.results.len()
                ),
            );
        }
        let id = OpId(self.ir.ops.len() as u32);
        let mut values = Vec::with_capacity(b.results.len());
        let mut i = 0u32;
        if named == 0 {
            for (k, t) in b.results.iter().enumerate() {
                values.push(self.new_value(t.clone(), ValueDef::Result(id, k as u32), ""));
            }
        }
        for r in results {
            for k in 0..r.count {
                let key = if r.count == 1 { r.name.clone() } else { format!("{}#{k}", r.name) };
                let pos = self.line_starts[r.loc.line as usize - 1] + r.loc.col as usize - 1;
                let v = self.define(&key, pos, b.results[i as usize].clone(), ValueDef::Result(id, i))?;
                if r.count > 1 && k == 0 {
                    if let Some(s) = self.scopes.last_mut() {
                        s.values.entry(r.name.clone()).or_insert(v);
                    }
                }
                values.push(v);
                i += 1;
            }
        }
        self.ir.ops.push(Operation {
            name,
            operands: b.operands,
            results: values,
            attrs: b.attrs,
            regions: b.regions,
            successors: b.successors,
            loc,
        });
        Ok(id)
    }

    fn parse_generic(&mut self, results: &[ResultName], loc: Loc) -> R<OpId> {
        let t = self.tok;
        let name = String::from_utf8_lossy(&self.string_lit()?).into_owned();
        if !name.contains('.') {
            return self.err_at(t.start, format!("invalid operation name \"{name}\": expected 'dialect.op'"));
        }
        self.expect_punct(b'(')?;
        let mut refs = Vec::new();
        if !self.eat_punct(b')') {
            loop {
                refs.push(self.operand_ref()?);
                if self.eat_punct(b')') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        let mut b = OpBuild::default();
        if self.eat_punct(b'[') {
            loop {
                let s = self.successor()?;
                b.successors.push(s);
                if self.eat_punct(b']') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        if self.is_punct(b'<') {
            self.bump();
            let Attr::Dict(props) = self.parse_dict_attr()? else { unreachable!() };
            b.attrs.extend(props);
            self.expect_punct(b'>')?;
        }
        if self.is_punct(b'(') {
            self.bump();
            loop {
                let r = self.parse_region(None)?;
                b.regions.push(r);
                if self.eat_punct(b')') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        if self.is_punct(b'{') {
            let Attr::Dict(a) = self.parse_dict_attr()? else { unreachable!() };
            b.attrs.extend(a);
        }
        self.expect_punct(b':')?;
        let tpos = self.tok.start;
        let ty = self.parse_type()?;
        let Type::Function { inputs, results: rtys } = ty else {
            return self.err_at(tpos, "expected a function type for the generic operation form");
        };
        b.operands = self.resolve_all(&refs, &inputs, tpos)?;
        b.results = rtys;
        if !b.successors.is_empty() && b.successors.iter().all(|s| s.args.is_empty()) {
            if let Err(m) = distribute_successor_operands(&name, &mut b) {
                return self.err_at(t.start, m);
            }
        }
        self.finish(name, b, results, loc, t.start)
    }

    // ---------------------------------------------------------------- types

    /// `(T, U)` or a single type, as a list.
    pub(super) fn type_list_parens(&mut self) -> R<Vec<Type>> {
        self.expect_punct(b'(')?;
        let mut out = Vec::new();
        if self.eat_punct(b')') {
            return Ok(out);
        }
        loop {
            out.push(self.parse_type()?);
            if self.eat_punct(b')') {
                return Ok(out);
            }
            self.expect_punct(b',')?;
        }
    }

    /// `T, U, V` (at least one).
    pub(super) fn type_list_no_parens(&mut self) -> R<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.eat_punct(b',') {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    /// Result types after `->`: `T` or `(T, U)`.
    pub(super) fn result_types(&mut self) -> R<Vec<Type>> {
        if self.is_punct(b'(') {
            self.type_list_parens()
        } else {
            Ok(vec![self.parse_type()?])
        }
    }
}

/// In the generic form, the values passed to successors are trailing operands split by
/// `operandSegmentSizes` (and `case_operand_segments` for switches); moves them to the successors.
fn distribute_successor_operands(name: &str, b: &mut OpBuild) -> Result<(), String> {
    let seg = |b: &OpBuild, key: &str| -> Vec<usize> {
        match b.attrs.iter().find(|(k, _)| k == key) {
            Some((_, Attr::Array(v))) => v.iter().filter_map(Attr::as_int).map(|x| x as usize).collect(),
            Some((_, Attr::Dense(v, _))) => {
                v.iter().map(|s| if let Scalar::Int(i) = s { *i as usize } else { 0 }).collect()
            }
            _ => vec![],
        }
    };
    let mut groups: Vec<usize> = match name {
        "cf.br" | "llvm.br" => vec![0, b.operands.len()],
        "cf.cond_br" | "llvm.cond_br" => {
            let s = seg(b, "operandSegmentSizes");
            if s.len() < 3 {
                return Err(format!("{name} in the generic form needs operandSegmentSizes"));
            }
            s[..3].to_vec()
        }
        "cf.switch" | "llvm.switch" => {
            let s = seg(b, "operandSegmentSizes");
            if s.len() < 2 {
                return Err(format!("{name} in the generic form needs operandSegmentSizes"));
            }
            let mut g = vec![s[0], s[1]];
            g.extend(seg(b, "case_operand_segments"));
            g
        }
        _ => return Ok(()),
    };
    let fixed = groups.remove(0);
    if groups.len() != b.successors.len() || fixed + groups.iter().sum::<usize>() != b.operands.len() {
        return Err(format!("the operands of {name} do not match its successors"));
    }
    let mut rest = b.operands.split_off(fixed).into_iter();
    for (s, n) in b.successors.iter_mut().zip(groups) {
        s.args = rest.by_ref().take(n).collect();
    }
    Ok(())
}
