//! The MLIR parser core: top level and `// -----` splits, aliases, the generic operation form,
//! regions and blocks with forward references, types (builtin and LLVM dialect, in the modern and
//! early spellings) and attributes. Custom operation forms are in [`super::custom`].
//!
//! Nesting of regions, types and attributes is limited to [`MAX_DEPTH`] levels, and every error is a
//! [`Diagnostic`] at `file:line:col`; the parser never panics on bad input.

use super::ast::*;
use super::lexer::{lex, skip_trivia, unescape, Tok, Token};
use foldhash::{HashMap, HashMapExt};
use genxc_diag::{unsupported, Diagnostic, Failure};

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
        if named as usize != b.results.len() {
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

    /// Parses a type.
    pub fn parse_type(&mut self) -> R<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> R<Type> {
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
                        return match super::llvm_text_type::parse(&text) {
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
    fn skip_angle_body(&mut self) -> R<()> {
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

    fn builtin_type(&mut self, s: &str, pos: usize) -> R<Type> {
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

    fn memory_space(&mut self) -> R<u32> {
        let v = self.int_lit()?;
        if self.eat_punct(b':') {
            self.parse_type()?;
        }
        u32::try_from(v).or_else(|_| self.err("invalid memory space"))
    }

    /// After `*` in `memref<*xf32>`: the `x` and the element type.
    fn after_star_x(&mut self) -> R<Type> {
        // The lexer reads `xf32` as one identifier.
        if self.tok.kind == Tok::Ident && self.text(self.tok).starts_with('x') {
            let s = self.tok.start;
            self.reset(s + 1);
            return self.parse_type();
        }
        self.expected("'x'")
    }

    /// A dimension list `4x?x[8]x` read character by character. Returns sizes and scalable flags.
    fn dims(&mut self, allow_dynamic: bool, allow_scalable: bool) -> R<(Vec<i64>, Vec<bool>)> {
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
                // Not a dimension unless an `x` follows.
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
            if self.src.get(next) != Some(&b'x') {
                return self.err_at(next, "expected 'x' in a dimension list");
            }
            dims.push(d);
            scal.push(s);
            i = next + 1;
        }
        self.reset(i);
        Ok((dims, scal))
    }

    /// An LLVM dialect type after `!llvm.`; inside LLVM types the prefix may be dropped.
    fn parse_llvm_type(&mut self, name: &str, pos: usize) -> R<Type> {
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
    fn count_x(&mut self) -> R<u64> {
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
    pub(super) fn llvm_inner_type(&mut self) -> R<Type> {
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

    /// Parses an attribute.
    pub fn parse_attr(&mut self) -> R<Attr> {
        self.enter()?;
        let r = self.parse_attr_inner();
        self.leave();
        r
    }

    fn typed_suffix(&mut self, default: Type) -> R<Type> {
        if self.is_punct(b':') {
            self.bump();
            self.parse_type()
        } else {
            Ok(default)
        }
    }

    fn parse_attr_inner(&mut self) -> R<Attr> {
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
    pub(super) fn parse_dict_attr(&mut self) -> R<Attr> {
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
    fn parse_strided(&mut self) -> R<Layout> {
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
    fn parse_dense(&mut self) -> R<Attr> {
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

    fn dense_hex(&mut self, hex: &str, ty: Type, pos: usize) -> R<Attr> {
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

    fn dense_elems(&mut self, out: &mut Vec<Scalar>) -> R<()> {
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
