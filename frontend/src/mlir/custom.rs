//! Custom (pretty) forms of the operations genxc understands: builtin, func, arith, cf, math,
//! index, complex and llvm (modern, typed-pointer and early spellings); those of memref and
//! vector are in `custom_memref_vector.rs`, scf in `custom_scf.rs`, gpu in `custom_gpu.rs`,
//! xegpu in `custom_xegpu.rs`, the LLVM dialect's control transfers, variadic arguments and
//! module directives in `custom_llvm_ext.rs`.
//!
//! Each form produces the same [`OpBuild`] as the generic form would: MLIR's attribute names,
//! enumerations as integers, and the result types the form implies.

use super::ast::*;
use super::lexer::Tok;
use super::parser::{OpBuild, OperandRef, Parser, ResultName, R};
use genxc_diag::unsupported;

#[path = "custom_llvm_ext.rs"]
mod custom_llvm_ext;
#[path = "custom_memref_vector.rs"]
mod custom_memref_vector;
#[path = "custom_scf.rs"]
mod custom_scf;
#[path = "custom_xegpu.rs"]
pub(crate) mod xegpu;

/// `arith.cmpi` / `llvm.icmp` predicates in enum order.
pub const ICMP: [&str; 10] = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"];
/// `arith.cmpf` / `llvm.fcmp` predicates in enum order.
pub const FCMP: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
    "uno", "true",
];
/// LLVM atomic orderings in the order of MLIR's `AtomicOrdering` enumeration (3 is unused).
pub const ATOMIC_ORDERINGS: [&str; 8] =
    ["not_atomic", "unordered", "monotonic", "", "acquire", "release", "acq_rel", "seq_cst"];
/// Linkage keywords of `llvm.func` and `llvm.mlir.global`.
pub const LINKAGES: [&str; 11] = [
    "private",
    "internal",
    "available_externally",
    "linkonce",
    "weak",
    "common",
    "appending",
    "extern_weak",
    "linkonce_odr",
    "weak_odr",
    "external",
];

const ARITH_BINARY: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divsi",
    "divui",
    "remsi",
    "remui",
    "ceildivsi",
    "ceildivui",
    "floordivsi",
    "andi",
    "ori",
    "xori",
    "shli",
    "shrsi",
    "shrui",
    "maxsi",
    "maxui",
    "minsi",
    "minui",
    "addf",
    "subf",
    "mulf",
    "divf",
    "remf",
    "maximumf",
    "minimumf",
    "maxnumf",
    "minnumf",
];
const ARITH_CASTS: &[&str] = &[
    "extsi",
    "extui",
    "trunci",
    "extf",
    "truncf",
    "sitofp",
    "uitofp",
    "fptosi",
    "fptoui",
    "index_cast",
    "index_castui",
    "bitcast",
];
const MATH_UNARY: &[&str] = &[
    "sqrt",
    "rsqrt",
    "absf",
    "absi",
    "ceil",
    "floor",
    "round",
    "roundeven",
    "trunc",
    "sin",
    "cos",
    "tan",
    "tanh",
    "exp",
    "exp2",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "ctlz",
    "cttz",
    "ctpop",
    "erf",
    "atan",
    "cbrt",
    "sinh",
    "cosh",
    "asin",
    "acos",
    "rint",
];
const LLVM_BINARY: &[&str] = &[
    "add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr", "fadd",
    "fsub", "fmul", "fdiv", "frem",
];
const LLVM_CASTS: &[&str] = &[
    "sext",
    "zext",
    "trunc",
    "fpext",
    "fptrunc",
    "sitofp",
    "uitofp",
    "fptosi",
    "fptoui",
    "bitcast",
    "inttoptr",
    "ptrtoint",
    "addrspacecast",
];
const INDEX_BINARY: &[&str] = &[
    "add",
    "sub",
    "mul",
    "divs",
    "divu",
    "rems",
    "remu",
    "ceildivs",
    "ceildivu",
    "floordivs",
    "maxs",
    "maxu",
    "mins",
    "minu",
    "shl",
    "shrs",
    "shru",
    "and",
    "or",
    "xor",
];

/// `i1` shaped like `t` (a vector of i1 for a vector).
pub fn bool_like(t: &Type) -> Type {
    match t {
        Type::Vector { shape, scalable, .. } => {
            Type::Vector { shape: shape.clone(), scalable: scalable.clone(), elem: Box::new(Type::int(1)) }
        }
        Type::LlvmVec { len, scalable, .. } => {
            Type::LlvmVec { len: *len, scalable: *scalable, elem: Box::new(Type::int(1)) }
        }
        _ => Type::int(1),
    }
}

fn memref_elem(t: &Type) -> Option<Type> {
    match t {
        Type::MemRef { elem, .. } | Type::UnrankedMemRef { elem, .. } => Some((**elem).clone()),
        _ => None,
    }
}

fn memref_rank(t: &Type) -> usize {
    match t {
        Type::MemRef { shape, .. } => shape.len(),
        _ => 0,
    }
}

impl Parser<'_> {
    fn operands(&mut self) -> R<Vec<OperandRef>> {
        let mut out = Vec::new();
        if !self.at_operand() {
            return Ok(out);
        }
        loop {
            out.push(self.operand_ref()?);
            if !(self.is_punct(b',') && self.peek2().kind == Tok::Percent) {
                return Ok(out);
            }
            self.bump();
        }
    }

    fn opt_attr_dict(&mut self, b: &mut OpBuild) -> R<()> {
        if self.is_punct(b'{') {
            if let Attr::Dict(a) = self.parse_dict_attr()? {
                b.attrs.extend(a);
            }
        }
        Ok(())
    }

    /// The tail of a `memref.load/store` or `vector.load/store`: attributes, `: memref type`, and
    /// for `vector` the `, vector type`; checks the index count. Returns (memref type, value type).
    fn memref_access_types(
        &mut self,
        b: &mut OpBuild,
        dialect: &str,
        pos: usize,
        indices: usize,
    ) -> R<(Type, Type)> {
        self.opt_attr_dict(b)?;
        let mt = self.colon_type()?;
        let vt = if dialect == "vector" {
            self.expect_punct(b',')?;
            self.parse_type()?
        } else {
            match memref_elem(&mt) {
                Some(e) => e,
                None => return self.err_at(pos, "expected a memref type"),
            }
        };
        if indices != memref_rank(&mt) {
            return self
                .err_at(pos, format!("{indices} indices given for a memref of rank {}", memref_rank(&mt)));
        }
        Ok((mt, vt))
    }

    fn colon_type(&mut self) -> R<Type> {
        self.expect_punct(b':')?;
        self.parse_type()
    }

    /// Flags of an operation, before or after its operands: `overflow<nsw, nuw>` (MLIR 19's
    /// spelling; `flags <nsw>` is the LLVM 18 development spelling of the same), `fastmath<fast>`,
    /// and the unit flags `exact` (udiv/sdiv/lshr/ashr), `disjoint` (or) and `nneg` (zext/uitofp),
    /// which MLIR 19 writes before the operands.
    fn op_flags(&mut self, b: &mut OpBuild) -> R<()> {
        loop {
            if self.is_kw("overflow") || self.is_kw("fastmath") || self.is_kw("flags") {
                let t = self.bump();
                let key = if self.text(t) == "fastmath" { "fastmath" } else { "overflowFlags" };
                self.expect_punct(b'<')?;
                let mut flags = Vec::new();
                while !self.eat_punct(b'>') {
                    flags.push(self.ident("a flag")?);
                    self.eat_punct(b',');
                }
                b.attrs.push((key.into(), Attr::Dialect(key.into(), flags.join(","))));
            } else if self.is_kw("exact") || self.is_kw("disjoint") || self.is_kw("nneg") {
                let t = self.bump();
                b.attrs.push((self.text(t).to_string(), Attr::Unit));
            } else {
                return Ok(());
            }
        }
    }

    /// `[%a, 3, %b]`: static values (DYNAMIC for operands) and the operands.
    fn mixed_list(&mut self, close: u8) -> R<(Vec<i64>, Vec<OperandRef>)> {
        let mut stat = Vec::new();
        let mut dynm = Vec::new();
        if self.eat_punct(close) {
            return Ok((stat, dynm));
        }
        loop {
            if self.at_operand() {
                dynm.push(self.operand_ref()?);
                stat.push(DYNAMIC);
            } else {
                stat.push(self.int_lit()? as i64);
            }
            if self.eat_punct(close) {
                return Ok((stat, dynm));
            }
            self.expect_punct(b',')?;
        }
    }

    fn index_refs(&mut self) -> R<Vec<OperandRef>> {
        self.expect_punct(b'[')?;
        let mut out = Vec::new();
        if self.eat_punct(b']') {
            return Ok(out);
        }
        loop {
            out.push(self.operand_ref()?);
            if self.eat_punct(b']') {
                return Ok(out);
            }
            self.expect_punct(b',')?;
        }
    }

    fn resolve_n(&mut self, refs: &[OperandRef], ty: &Type) -> R<Vec<ValueId>> {
        refs.iter().map(|r| self.resolve(r, ty)).collect()
    }

    fn ints_list(&mut self) -> R<Vec<i64>> {
        self.expect_punct(b'[')?;
        let mut out = Vec::new();
        if self.eat_punct(b']') {
            return Ok(out);
        }
        loop {
            out.push(self.int_lit()? as i64);
            if self.eat_punct(b']') {
                return Ok(out);
            }
            self.expect_punct(b',')?;
        }
    }

    /// Identified struct bodies are looked up here when a type names a struct without its body.
    fn member_type(&self, t: &Type, path: &[i64], pos: usize) -> R<Type> {
        let mut cur = t.clone();
        for &i in path {
            cur = match &cur {
                Type::LlvmStruct(StructType { body: Some(b), .. }) => match b.get(i as usize) {
                    Some(t) => t.clone(),
                    None => return self.err_at(pos, format!("position {i} is out of range for {cur}")),
                },
                Type::LlvmStruct(StructType { name: Some(n), body: None, .. }) => {
                    match self.structs.get(n).and_then(|b| b.get(i as usize)) {
                        Some(t) => t.clone(),
                        None => return self.err_at(pos, format!("position {i} does not index into {cur}")),
                    }
                }
                Type::LlvmArray(n, e) if (i as u64) < *n => (**e).clone(),
                _ => return self.err_at(pos, format!("position {i} does not index into {cur}")),
            };
        }
        Ok(cur)
    }

    /// Parses the custom form of `name` (the name token has been read).
    pub(super) fn parse_custom(&mut self, name: &str, pos: usize, _results: &[ResultName]) -> R<OpBuild> {
        let mut b = OpBuild::default();
        let (dialect, op) = name.split_once('.').unwrap_or(("", name));
        match (dialect, op) {
            ("builtin", "module") => {
                if self.tok.kind == Tok::At {
                    let s = self.symbol()?;
                    b.attrs.push(("sym_name".into(), Attr::Str(s.into_bytes())));
                }
                if self.eat_kw("attributes") {
                    self.opt_attr_dict(&mut b)?;
                }
                b.regions.push(self.parse_region(None)?);
            }
            ("builtin", "unrealized_conversion_cast") => {
                let refs = self.operands()?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let from = if refs.is_empty() { vec![] } else { self.type_list_no_parens()? };
                self.expect_kw("to")?;
                b.results = self.type_list_no_parens()?;
                b.operands = self.resolve_all(&refs, &from, p)?;
            }
            ("func", "func") => self.parse_function(&mut b, false)?,
            ("llvm", "func") => self.parse_function(&mut b, true)?,
            ("func", "return") | ("llvm", "return") => {
                let refs = self.operands()?;
                self.opt_attr_dict(&mut b)?;
                if !refs.is_empty() {
                    self.expect_punct(b':')?;
                    let p = self.tok.start;
                    let tys = self.type_list_no_parens()?;
                    b.operands = self.resolve_all(&refs, &tys, p)?;
                }
            }
            ("func", "call") => {
                let callee = self.symbol()?;
                self.expect_punct(b'(')?;
                let refs = self.operands()?;
                self.expect_punct(b')')?;
                self.opt_attr_dict(&mut b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let Type::Function { inputs, results } = self.parse_type()? else {
                    return self.err_at(p, "expected a function type");
                };
                b.operands = self.resolve_all(&refs, &inputs, p)?;
                b.results = results;
                b.attrs.push(("callee".into(), Attr::Symbol(callee)));
            }
            ("func", "call_indirect") => {
                let f = self.operand_ref()?;
                self.expect_punct(b'(')?;
                let refs = self.operands()?;
                self.expect_punct(b')')?;
                self.opt_attr_dict(&mut b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let fty = self.parse_type()?;
                let Type::Function { inputs, results } = fty.clone() else {
                    return self.err_at(p, "expected a function type");
                };
                b.operands.push(self.resolve(&f, &fty)?);
                b.operands.extend(self.resolve_all(&refs, &inputs, p)?);
                b.results = results;
            }
            ("func", "constant") => {
                let s = self.symbol()?;
                self.opt_attr_dict(&mut b)?;
                b.results.push(self.colon_type()?);
                b.attrs.push(("value".into(), Attr::Symbol(s)));
            }
            ("arith", "constant")
            | ("llvm", "mlir.constant")
            | ("index", "constant")
            | ("index", "bool.constant") => {
                let paren = dialect == "llvm" && self.eat_punct(b'(');
                let ap = self.tok.start;
                let mut a = self.parse_attr()?;
                if paren {
                    self.expect_punct(b')')?;
                }
                self.opt_attr_dict(&mut b)?;
                let ty = match (dialect, op) {
                    ("index", "constant") => Type::Index,
                    ("index", _) => Type::int(1),
                    ("llvm", _) => self.colon_type()?,
                    _ => match &a {
                        Attr::Int(_, t) | Attr::Float(_, t) | Attr::Dense(_, t) => t.clone(),
                        Attr::Bool(_) => Type::int(1),
                        Attr::Array(_) if self.is_punct(b':') => self.colon_type()?,
                        _ => return self.err_at(ap, "expected a typed constant attribute"),
                    },
                };
                if let (Attr::Int(v, t), true) = (&a, ty.is_float()) {
                    if *t == Type::int(64) {
                        a = Attr::Float(Scalar::Float(*v as f64), ty.clone());
                    }
                }
                if let (Attr::Int(v, _), "index") = (&a, dialect) {
                    a = Attr::Int(*v, Type::Index);
                }
                b.attrs.push(("value".into(), a));
                b.results.push(ty);
            }
            ("arith", o) | ("math", o) | ("llvm", o) | ("index", o) | ("complex", o)
                if (dialect == "arith" && ARITH_BINARY.contains(&o))
                    || (dialect == "math" && matches!(o, "powf" | "copysign" | "atan2"))
                    || (dialect == "llvm" && LLVM_BINARY.contains(&o))
                    || (dialect == "index" && INDEX_BINARY.contains(&o))
                    || (dialect == "complex" && matches!(o, "add" | "sub" | "mul" | "div" | "pow")) =>
            {
                self.op_flags(&mut b)?;
                let a = self.operand_ref()?;
                self.expect_punct(b',')?;
                let c = self.operand_ref()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let ty = if dialect == "index" { Type::Index } else { self.colon_type()? };
                b.operands = vec![self.resolve(&a, &ty)?, self.resolve(&c, &ty)?];
                b.results.push(ty);
            }
            ("arith", "negf") | ("llvm", "fneg") | ("llvm", "freeze") | ("math", _)
                if dialect != "math" || MATH_UNARY.contains(&op) =>
            {
                let a = self.operand_ref()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let ty = self.colon_type()?;
                b.operands = vec![self.resolve(&a, &ty)?];
                b.results.push(ty);
            }
            ("math", "fma") | ("vector", "fma") => {
                let refs = self.operands()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let ty = self.colon_type()?;
                if refs.len() != 3 {
                    return self.err_at(pos, "fma takes three operands");
                }
                b.operands = self.resolve_n(&refs, &ty)?;
                b.results.push(ty);
            }
            ("math", "fpowi") => {
                let a = self.operand_ref()?;
                self.expect_punct(b',')?;
                let c = self.operand_ref()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                self.expect_punct(b':')?;
                let t0 = self.parse_type()?;
                self.expect_punct(b',')?;
                let t1 = self.parse_type()?;
                b.operands = vec![self.resolve(&a, &t0)?, self.resolve(&c, &t1)?];
                b.results.push(t0);
            }
            ("complex", "re") | ("complex", "im") | ("complex", "abs") => {
                let a = self.operand_ref()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let ty = self.colon_type()?;
                let Type::Complex(e) = &ty else { return self.err_at(pos, "expected a complex type") };
                b.results.push((**e).clone());
                b.operands = vec![self.resolve(&a, &ty)?];
            }
            ("complex", "create") => {
                let refs = self.operands()?;
                self.opt_attr_dict(&mut b)?;
                let ty = self.colon_type()?;
                let Type::Complex(e) = &ty else { return self.err_at(pos, "expected a complex type") };
                b.operands = self.resolve_n(&refs, &e.clone())?;
                b.results.push(ty);
            }
            ("complex", "constant") => {
                let a = self.parse_attr()?;
                self.opt_attr_dict(&mut b)?;
                let ty = self.colon_type()?;
                b.attrs.push(("value".into(), a));
                b.results.push(ty);
            }
            (d, o)
                if (d == "arith" && ARITH_CASTS.contains(&o))
                    || (d == "llvm" && LLVM_CASTS.contains(&o))
                    || (d == "index" && matches!(o, "casts" | "castu"))
                    || (d == "vector" && o == "bitcast")
                    || (d == "memref" && matches!(o, "cast" | "memory_space_cast")) =>
            {
                self.op_flags(&mut b)?;
                let a = self.operand_ref()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let from = self.colon_type()?;
                self.expect_kw("to")?;
                let to = self.parse_type()?;
                b.operands = vec![self.resolve(&a, &from)?];
                b.results.push(to);
            }
            ("arith", "cmpi") | ("arith", "cmpf") => {
                let pp = self.tok.start;
                let p = self.ident("a predicate")?;
                let table: &[&str] = if op == "cmpi" { &ICMP } else { &FCMP };
                let Some(k) = table.iter().position(|&x| x == p) else {
                    return self.err_at(pp, format!("unknown predicate '{p}'"));
                };
                self.expect_punct(b',')?;
                let a = self.operand_ref()?;
                self.expect_punct(b',')?;
                let c = self.operand_ref()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let ty = self.colon_type()?;
                b.operands = vec![self.resolve(&a, &ty)?, self.resolve(&c, &ty)?];
                b.results.push(bool_like(&ty));
                b.attrs.push(("predicate".into(), Attr::Int(k as i128, Type::int(64))));
            }
            ("llvm", "icmp") | ("llvm", "fcmp") => {
                let pp = self.tok.start;
                let p = String::from_utf8_lossy(&self.string_lit()?).into_owned();
                let table: &[&str] = if op == "icmp" { &ICMP } else { &FCMP };
                let Some(k) = table.iter().position(|&x| x == p.trim_start_matches('_')) else {
                    return self.err_at(pp, format!("unknown predicate \"{p}\""));
                };
                let a = self.operand_ref()?;
                self.expect_punct(b',')?;
                let c = self.operand_ref()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let ty = self.colon_type()?;
                b.operands = vec![self.resolve(&a, &ty)?, self.resolve(&c, &ty)?];
                b.results.push(bool_like(&ty));
                b.attrs.push(("predicate".into(), Attr::Int(k as i128, Type::int(64))));
            }
            ("index", "cmp") => {
                let pp = self.tok.start;
                let p = self.ident("a predicate")?;
                let Some(k) = ICMP.iter().position(|&x| x == p) else {
                    return self.err_at(pp, format!("unknown predicate '{p}'"));
                };
                self.expect_punct(b'(')?;
                let a = self.operand_ref()?;
                self.expect_punct(b',')?;
                let c = self.operand_ref()?;
                self.expect_punct(b')')?;
                self.opt_attr_dict(&mut b)?;
                b.operands = vec![self.resolve(&a, &Type::Index)?, self.resolve(&c, &Type::Index)?];
                b.results.push(Type::int(1));
                b.attrs.push(("pred".into(), Attr::Int(k as i128, Type::int(64))));
            }
            ("index", "sizeof") => {
                self.opt_attr_dict(&mut b)?;
                b.results.push(Type::Index);
            }
            ("arith", "select") | ("llvm", "select") => {
                let c = self.operand_ref()?;
                self.expect_punct(b',')?;
                let x = self.operand_ref()?;
                self.expect_punct(b',')?;
                let y = self.operand_ref()?;
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let t0 = self.colon_type()?;
                let (ct, ty) =
                    if self.eat_punct(b',') { (t0, self.parse_type()?) } else { (Type::int(1), t0) };
                b.operands = vec![self.resolve(&c, &ct)?, self.resolve(&x, &ty)?, self.resolve(&y, &ty)?];
                b.results.push(ty);
            }
            ("arith", "addui_extended") | ("arith", "mulsi_extended") | ("arith", "mului_extended") => {
                let a = self.operand_ref()?;
                self.expect_punct(b',')?;
                let c = self.operand_ref()?;
                self.opt_attr_dict(&mut b)?;
                let ty = self.colon_type()?;
                let second = if op == "addui_extended" {
                    self.expect_punct(b',')?;
                    self.parse_type()?
                } else {
                    ty.clone()
                };
                b.operands = vec![self.resolve(&a, &ty)?, self.resolve(&c, &ty)?];
                b.results = vec![ty, second];
            }
            ("llvm", "fence") => {
                // `llvm.fence [syncscope("agent")] ordering`
                if self.eat_kw("syncscope") {
                    self.expect_punct(b'(')?;
                    let p = self.tok.start;
                    let Attr::Str(scope) = self.parse_attr()? else {
                        return self.err_at(p, "expected a sync scope string");
                    };
                    self.expect_punct(b')')?;
                    b.attrs.push(("syncscope".into(), Attr::Str(scope)));
                }
                let p = self.tok.start;
                let ordering = self.ident("an atomic ordering")?;
                if !matches!(ordering.as_str(), "acquire" | "release" | "acq_rel" | "seq_cst") {
                    return self.err_at(
                        p,
                        format!("a fence cannot be '{ordering}' (acquire, release, acq_rel or seq_cst)"),
                    );
                }
                b.attrs.push(("ordering".into(), Attr::Dialect("llvm.ordering".into(), ordering)));
                self.opt_attr_dict(&mut b)?;
            }
            ("scf", _) => self.parse_scf(op, &mut b, pos)?,
            ("cf", "br") | ("llvm", "br") => {
                let s = self.successor()?;
                b.successors.push(s);
                self.opt_attr_dict(&mut b)?;
            }
            ("cf", "cond_br") | ("llvm", "cond_br") => {
                let c = self.operand_ref()?;
                if self.eat_kw("weights") {
                    self.expect_punct(b'(')?;
                    let w = self.parse_attr()?;
                    self.expect_punct(b')')?;
                    b.attrs.push(("branch_weights".into(), w));
                }
                self.expect_punct(b',')?;
                let t = self.successor()?;
                self.expect_punct(b',')?;
                let f = self.successor()?;
                self.opt_attr_dict(&mut b)?;
                b.operands = vec![self.resolve(&c, &Type::int(1))?];
                b.successors = vec![t, f];
            }
            ("cf", "switch") | ("llvm", "switch") => {
                let v = self.operand_ref()?;
                let ty = self.colon_type()?;
                self.expect_punct(b',')?;
                b.operands = vec![self.resolve(&v, &ty)?];
                let mut cases = Vec::new();
                if dialect == "llvm" {
                    b.successors.push(self.successor()?);
                }
                self.expect_punct(b'[')?;
                if !self.eat_punct(b']') {
                    loop {
                        if self.eat_kw("default") {
                            self.expect_punct(b':')?;
                            let s = self.successor()?;
                            b.successors.insert(0, s);
                        } else {
                            let k = self.int_lit()?;
                            self.expect_punct(b':')?;
                            cases.push(Attr::Int(k, ty.clone()));
                            b.successors.push(self.successor()?);
                        }
                        if self.eat_punct(b']') {
                            break;
                        }
                        self.expect_punct(b',')?;
                    }
                }
                if b.successors.len() != cases.len() + 1 {
                    return self.err_at(pos, "a switch needs exactly one default destination");
                }
                self.opt_attr_dict(&mut b)?;
                b.attrs.push(("case_values".into(), Attr::Array(cases)));
            }
            ("cf", "assert") => {
                let c = self.operand_ref()?;
                self.expect_punct(b',')?;
                let m = self.string_lit()?;
                self.opt_attr_dict(&mut b)?;
                b.operands = vec![self.resolve(&c, &Type::int(1))?];
                b.attrs.push(("msg".into(), Attr::Str(m)));
            }
            ("llvm", "unreachable") => self.opt_attr_dict(&mut b)?,
            ("llvm", "mlir.addressof") | ("llvm", "dso_local_equivalent") => {
                let s = self.symbol()?;
                self.opt_attr_dict(&mut b)?;
                b.results.push(self.colon_type()?);
                let key = if op == "mlir.addressof" { "global_name" } else { "function_name" };
                b.attrs.push((key.into(), Attr::Symbol(s)));
            }
            ("llvm", "mlir.undef")
            | ("llvm", "mlir.poison")
            | ("llvm", "mlir.zero")
            | ("llvm", "mlir.null") => {
                self.opt_attr_dict(&mut b)?;
                b.results.push(self.colon_type()?);
            }
            ("llvm", "mlir.global") => self.parse_llvm_global(&mut b)?,
            ("llvm", "load") => {
                if self.eat_kw("volatile") {
                    b.attrs.push(("volatile_".into(), Attr::Unit));
                }
                let p = self.operand_ref()?;
                self.memory_access_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let pt = self.colon_type()?;
                let rt = if self.eat_arrow() {
                    self.parse_type()?
                } else {
                    match &pt {
                        Type::LlvmPtr { pointee: Some(e), .. } => (**e).clone(),
                        _ => return self.err_at(pos, "llvm.load from an opaque pointer needs '-> type'"),
                    }
                };
                b.operands = vec![self.resolve(&p, &pt)?];
                b.results.push(rt);
            }
            ("llvm", "store") => {
                if self.eat_kw("volatile") {
                    b.attrs.push(("volatile_".into(), Attr::Unit));
                }
                let v = self.operand_ref()?;
                self.expect_punct(b',')?;
                let p = self.operand_ref()?;
                self.memory_access_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                let t0 = self.colon_type()?;
                let (vt, pt) = if self.eat_punct(b',') {
                    (t0, self.parse_type()?)
                } else {
                    match &t0 {
                        Type::LlvmPtr { pointee: Some(e), .. } => ((**e).clone(), t0.clone()),
                        _ => return self.err_at(pos, "llvm.store to an opaque pointer needs the value type"),
                    }
                };
                b.operands = vec![self.resolve(&v, &vt)?, self.resolve(&p, &pt)?];
            }
            ("llvm", "getelementptr") => {
                if self.eat_kw("inbounds") {
                    b.attrs.push(("inbounds".into(), Attr::Unit));
                }
                let base = self.operand_ref()?;
                self.expect_punct(b'[')?;
                let (stat, dynm) = self.mixed_list(b']')?;
                self.opt_attr_dict(&mut b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let Type::Function { inputs, results } = self.parse_type()? else {
                    return self.err_at(p, "expected '(base, indices) -> result' types");
                };
                if inputs.is_empty() || results.len() != 1 {
                    return self.err_at(p, "expected '(base, indices) -> result' types");
                }
                if self.eat_punct(b',') {
                    let et = self.llvm_inner_type()?;
                    b.attrs.push(("elem_type".into(), Attr::Type(et)));
                }
                b.operands.push(self.resolve(&base, &inputs[0])?);
                b.operands.extend(self.resolve_all(&dynm, &inputs[1..], p)?);
                b.results = results;
                let raw = stat.iter().map(|&v| Attr::Int(v as i128, Type::int(32))).collect();
                b.attrs.push(("rawConstantIndices".into(), Attr::Array(raw)));
            }
            ("llvm", "alloca") => {
                if self.eat_kw("inalloca") {
                    b.attrs.push(("inalloca".into(), Attr::Unit));
                }
                let n = self.operand_ref()?;
                self.expect_kw("x")?;
                let et = self.llvm_inner_type()?;
                self.opt_attr_dict(&mut b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let Type::Function { inputs, results } = self.parse_type()? else {
                    return self.err_at(p, "expected '(size type) -> pointer type'");
                };
                if inputs.len() != 1 || results.len() != 1 {
                    return self.err_at(p, "expected '(size type) -> pointer type'");
                }
                b.operands = vec![self.resolve(&n, &inputs[0])?];
                b.results = results;
                b.attrs.push(("elem_type".into(), Attr::Type(et)));
            }
            ("llvm", "extractvalue") | ("llvm", "insertvalue") => {
                let v = if op == "insertvalue" {
                    let v = self.operand_ref()?;
                    self.expect_punct(b',')?;
                    Some(v)
                } else {
                    None
                };
                let c = self.operand_ref()?;
                let pp = self.tok.start;
                let path = self.ints_list()?;
                self.opt_attr_dict(&mut b)?;
                let ct = self.colon_type()?;
                let mt = self.member_type(&ct, &path, pp)?;
                if let Some(v) = v {
                    b.operands = vec![self.resolve(&c, &ct)?, self.resolve(&v, &mt)?];
                    b.results.push(ct);
                } else {
                    b.operands = vec![self.resolve(&c, &ct)?];
                    b.results.push(mt);
                }
                let pos_attr = path.iter().map(|&i| Attr::Int(i as i128, Type::int(64))).collect();
                b.attrs.push(("position".into(), Attr::Array(pos_attr)));
            }
            ("llvm", "extractelement")
            | ("llvm", "insertelement")
            | ("vector", "extractelement")
            | ("vector", "insertelement") => {
                let x = if op == "insertelement" {
                    let x = self.operand_ref()?;
                    self.expect_punct(b',')?;
                    Some(x)
                } else {
                    None
                };
                let v = self.operand_ref()?;
                self.expect_punct(b'[')?;
                let mut idx = None;
                if !self.eat_punct(b']') {
                    let i = self.operand_ref()?;
                    self.expect_punct(b':')?;
                    let it = self.parse_type()?;
                    self.expect_punct(b']')?;
                    idx = Some((i, it));
                }
                self.opt_attr_dict(&mut b)?;
                let vt = self.colon_type()?;
                let et = vt.scalar().clone();
                if let Some(x) = x {
                    b.operands = vec![self.resolve(&x, &et)?, self.resolve(&v, &vt)?];
                    b.results.push(vt);
                } else {
                    b.operands = vec![self.resolve(&v, &vt)?];
                    b.results.push(et);
                }
                if let Some((i, it)) = idx {
                    b.operands.push(self.resolve(&i, &it)?);
                }
            }
            ("llvm", "shufflevector") | ("vector", "shuffle") => {
                let x = self.operand_ref()?;
                self.expect_punct(b',')?;
                let y = self.operand_ref()?;
                let mask = self.ints_list()?;
                self.opt_attr_dict(&mut b)?;
                let t0 = self.colon_type()?;
                let t1 = if self.eat_punct(b',') { self.parse_type()? } else { t0.clone() };
                b.operands = vec![self.resolve(&x, &t0)?, self.resolve(&y, &t1)?];
                let rt = match &t0 {
                    Type::Vector { shape, elem, .. } => {
                        let mut s = shape.clone();
                        if s.is_empty() {
                            s.push(mask.len() as u64);
                        } else {
                            s[0] = mask.len() as u64;
                        }
                        Type::Vector { scalable: vec![false; s.len()], shape: s, elem: elem.clone() }
                    }
                    Type::LlvmVec { elem, .. } => {
                        Type::LlvmVec { len: mask.len() as u64, scalable: false, elem: elem.clone() }
                    }
                    _ => return self.err_at(pos, "shuffle operands must be vectors"),
                };
                b.results.push(rt);
                let m = mask.iter().map(|&i| Attr::Int(i as i128, Type::int(32))).collect();
                b.attrs.push(("mask".into(), Attr::Array(m)));
            }
            ("llvm", o) if custom_llvm_ext::OPS.contains(&o) => self.parse_llvm_ext(o, &mut b)?,
            ("llvm", o) if o.starts_with("intr.") => {
                let paren = self.eat_punct(b'(');
                let refs = self.operands()?;
                if paren {
                    self.expect_punct(b')')?;
                }
                self.op_flags(&mut b)?;
                self.opt_attr_dict(&mut b)?;
                self.expect_punct(b':')?;
                let p = self.tok.start;
                let Type::Function { inputs, results } = self.parse_type()? else {
                    return self.err_at(p, "expected a function type");
                };
                b.operands = self.resolve_all(&refs, &inputs, p)?;
                b.results = results;
            }
            ("llvm", "call") | ("llvm", "invoke") => self.parse_llvm_call(&mut b, pos)?,
            (d @ ("memref" | "vector"), o) if self.parse_memref_vector(d, o, &mut b, pos)? => {}
            ("gpu", o) if super::custom_gpu::is_gpu_op(o) => self.parse_gpu(o, &mut b)?,
            ("xegpu", o) => self.parse_xegpu(&mut b, o, pos)?,
            ("tensor", _) | ("bufferization", _) | ("linalg", _) => {
                return self.err_at(
                    pos,
                    unsupported(format!("tensor operation '{name}': bufferize first (tensors cannot be converted to the LLVM dialect)")),
                );
            }
            _ => {
                return self.err_at(
                    pos,
                    format!("unknown operation '{name}' (write it in the generic form \"{name}\"(...))"),
                );
            }
        }
        Ok(b)
    }

    fn push_mixed(
        &mut self,
        b: &mut OpBuild,
        m: &OperandRef,
        mt: &Type,
        lists: [(Vec<i64>, Vec<OperandRef>); 3],
    ) -> R<()> {
        b.operands.push(self.resolve(m, mt)?);
        let names = ["static_offsets", "static_sizes", "static_strides"];
        let mut seg = vec![Attr::Int(1, Type::int(32))];
        for (i, (stat, dynm)) in lists.into_iter().enumerate() {
            let vals = self.resolve_n(&dynm, &Type::Index)?;
            seg.push(Attr::Int(vals.len() as i128, Type::int(32)));
            b.operands.extend(vals);
            let a = stat.iter().map(|&v| Attr::Int(v as i128, Type::int(64))).collect();
            b.attrs.push((names[i].into(), Attr::Array(a)));
        }
        b.attrs.push(("operandSegmentSizes".into(), Attr::Array(seg)));
        Ok(())
    }

    fn parse_llvm_call(&mut self, b: &mut OpBuild, pos: usize) -> R<()> {
        for cc in ["ccc", "fastcc", "coldcc", "cc_10", "cc_11", "spir_func", "spir_kernel", "tailcc"] {
            if self.eat_kw(cc) {
                b.attrs.push(("CConv".into(), Attr::Dialect("llvm.cconv".into(), cc.into())));
            }
        }
        for tk in ["tail", "musttail", "notail"] {
            if self.eat_kw(tk) {
                b.attrs.push(("TailCallKind".into(), Attr::Dialect("llvm.tailcallkind".into(), tk.into())));
            }
        }
        let (callee, indirect) = if self.tok.kind == Tok::At {
            (Some(self.symbol()?), None)
        } else {
            (None, Some(self.operand_ref()?))
        };
        self.expect_punct(b'(')?;
        let refs = self.operands()?;
        self.expect_punct(b')')?;
        if self.eat_kw("to") {
            // llvm.invoke: `to ^normal(args) unwind ^unwind(args)`
            b.successors.push(self.successor()?);
            self.expect_kw("unwind")?;
            b.successors.push(self.successor()?);
        }
        if self.is_punct(b'[') {
            return self.err(unsupported("operand bundles on a call"));
        }
        if self.eat_kw("vararg") {
            self.expect_punct(b'(')?;
            let t = self.parse_type()?;
            self.expect_punct(b')')?;
            b.attrs.push(("var_callee_type".into(), Attr::Type(t)));
        }
        self.op_flags(b)?;
        self.opt_attr_dict(b)?;
        self.expect_punct(b':')?;
        let p = self.tok.start;
        let mut callee_ty = None;
        if !self.is_punct(b'(') {
            callee_ty = Some(self.parse_type()?);
            self.expect_punct(b',')?;
        }
        let Type::Function { inputs, results } = self.parse_type()? else {
            return self.err_at(p, "expected a function type");
        };
        if let Some(r) = indirect {
            let ct = match callee_ty {
                Some(t) => t,
                None => match inputs.first() {
                    Some(t) if refs.len() + 1 == inputs.len() => t.clone(),
                    _ => Type::LlvmPtr {
                        pointee: Some(Box::new(Type::LlvmFunc {
                            ret: Box::new(results.first().cloned().unwrap_or(Type::LlvmVoid)),
                            params: inputs.clone(),
                            vararg: false,
                        })),
                        space: 0,
                    },
                },
            };
            b.operands.push(self.resolve(&r, &ct)?);
            let args = if refs.len() + 1 == inputs.len() { &inputs[1..] } else { &inputs[..] };
            b.operands.extend(self.resolve_all(&refs, args, p)?);
        } else {
            b.operands = self.resolve_all(&refs, &inputs, p)?;
        }
        b.results = results.into_iter().filter(|t| *t != Type::LlvmVoid).collect();
        if b.results.len() > 1 {
            return self.err_at(pos, "llvm.call has at most one result");
        }
        if let Some(c) = callee {
            b.attrs.push(("callee".into(), Attr::Symbol(c)));
        }
        Ok(())
    }

    fn parse_llvm_global(&mut self, b: &mut OpBuild) -> R<()> {
        loop {
            if let Some(l) = LINKAGES.iter().find(|l| self.is_kw(l)) {
                self.bump();
                b.attrs.push(("linkage".into(), Attr::Dialect("llvm.linkage".into(), l.to_string())));
            } else if self.is_kw("hidden") || self.is_kw("protected") || self.is_kw("default") {
                let t = self.bump();
                b.attrs.push(("visibility_".into(), Attr::Str(self.text(t).as_bytes().to_vec())));
            } else if self.is_kw("constant") {
                self.bump();
                b.attrs.push(("constant".into(), Attr::Unit));
            } else if self.is_kw("thread_local")
                || self.is_kw("unnamed_addr")
                || self.is_kw("local_unnamed_addr")
                || self.is_kw("dso_local")
                || self.is_kw("externally_initialized")
            {
                let t = self.bump();
                b.attrs.push((self.text(t).to_string(), Attr::Unit));
            } else {
                break;
            }
        }
        let s = self.symbol()?;
        b.attrs.push(("sym_name".into(), Attr::Str(s.into_bytes())));
        self.expect_punct(b'(')?;
        let mut value = None;
        if !self.eat_punct(b')') {
            value = Some(self.parse_attr()?);
            self.expect_punct(b')')?;
        }
        if self.eat_kw("comdat") {
            self.expect_punct(b'(')?;
            self.parse_attr()?;
            self.expect_punct(b')')?;
        }
        self.opt_attr_dict(b)?;
        let ty = if self.eat_punct(b':') {
            self.parse_type()?
        } else {
            match &value {
                Some(Attr::Str(s)) => Type::LlvmArray(s.len() as u64, Box::new(Type::int(8))),
                _ => return self.err("expected ':' and the global's type"),
            }
        };
        if let Some(v) = value {
            b.attrs.push(("value".into(), v));
        }
        b.attrs.push(("global_type".into(), Attr::Type(ty)));
        if self.is_punct(b'{') {
            b.regions.push(self.parse_region(None)?);
        }
        Ok(())
    }

    /// `func.func` and `llvm.func` headers and bodies.
    fn parse_function(&mut self, b: &mut OpBuild, llvm: bool) -> R<()> {
        loop {
            if self.tok.kind == Tok::Str {
                let v = self.string_lit()?;
                b.attrs.push(("sym_visibility".into(), Attr::Str(v)));
            } else if let Some(v) =
                ["private", "public", "nested"].iter().find(|v| self.is_kw(v)).filter(|_| !llvm)
            {
                self.bump();
                b.attrs.push(("sym_visibility".into(), Attr::Str(v.as_bytes().to_vec())));
            } else if let Some(l) = LINKAGES.iter().find(|l| self.is_kw(l)).filter(|_| llvm) {
                self.bump();
                b.attrs.push(("linkage".into(), Attr::Dialect("llvm.linkage".into(), l.to_string())));
            } else if llvm && (self.is_kw("hidden") || self.is_kw("protected") || self.is_kw("default")) {
                let t = self.bump();
                b.attrs.push(("visibility_".into(), Attr::Str(self.text(t).as_bytes().to_vec())));
            } else if llvm
                && (self.is_kw("unnamed_addr") || self.is_kw("local_unnamed_addr") || self.is_kw("dso_local"))
            {
                let t = self.bump();
                b.attrs.push((self.text(t).to_string(), Attr::Unit));
            } else if llvm
                && (self.is_kw("fastcc")
                    || self.is_kw("ccc")
                    || self.is_kw("spir_kernel")
                    || self.is_kw("spir_func")
                    || self.is_kw("coldcc"))
            {
                let t = self.bump();
                b.attrs.push(("CConv".into(), Attr::Dialect("llvm.cconv".into(), self.text(t).to_string())));
            } else {
                break;
            }
        }
        let name = self.symbol()?;
        b.attrs.push(("sym_name".into(), Attr::Str(name.into_bytes())));
        self.expect_punct(b'(')?;
        let mut named: Vec<(OperandRef, Type)> = Vec::new();
        let mut inputs = Vec::new();
        let mut arg_attrs = Vec::new();
        let mut vararg = false;
        if !self.eat_punct(b')') {
            loop {
                if self.tok.kind == Tok::Ellipsis {
                    self.bump();
                    vararg = true;
                    self.expect_punct(b')')?;
                    break;
                }
                let r = if self.at_operand() {
                    let r = self.operand_ref()?;
                    self.expect_punct(b':')?;
                    Some(r)
                } else {
                    None
                };
                let ty = if llvm { self.llvm_inner_type()? } else { self.parse_type()? };
                let a = if self.is_punct(b'{') { self.parse_dict_attr()? } else { Attr::Dict(vec![]) };
                self.skip_loc()?;
                if let Some(r) = r {
                    named.push((r, ty.clone()));
                } else if !named.is_empty() {
                    return self.err("expected a named argument '%name: type'");
                }
                inputs.push(ty);
                arg_attrs.push(a);
                if self.eat_punct(b')') {
                    break;
                }
                self.expect_punct(b',')?;
            }
        }
        if !named.is_empty() && named.len() != inputs.len() {
            return self.err("all arguments must be named, or none");
        }
        let mut results = Vec::new();
        let mut res_attrs = Vec::new();
        if self.eat_arrow() {
            if self.is_punct(b'(') {
                self.bump();
                if !self.eat_punct(b')') {
                    loop {
                        results.push(if llvm { self.llvm_inner_type()? } else { self.parse_type()? });
                        res_attrs.push(if self.is_punct(b'{') {
                            self.parse_dict_attr()?
                        } else {
                            Attr::Dict(vec![])
                        });
                        if self.eat_punct(b')') {
                            break;
                        }
                        self.expect_punct(b',')?;
                    }
                }
            } else {
                results.push(if llvm { self.llvm_inner_type()? } else { self.parse_type()? });
                res_attrs.push(Attr::Dict(vec![]));
            }
        }
        if self.eat_kw("attributes") {
            self.opt_attr_dict(b)?;
        }
        let fty = if llvm {
            let ret = match results.first() {
                Some(t) => t.clone(),
                None => Type::LlvmVoid,
            };
            Type::LlvmFunc { ret: Box::new(ret), params: inputs.clone(), vararg }
        } else {
            if vararg {
                return self.err("a func.func cannot be variadic (use llvm.func)");
            }
            Type::Function { inputs: inputs.clone(), results }
        };
        b.attrs.push(("function_type".into(), Attr::Type(fty)));
        if arg_attrs.iter().any(|a| !matches!(a, Attr::Dict(d) if d.is_empty())) {
            b.attrs.push(("arg_attrs".into(), Attr::Array(arg_attrs)));
        }
        if res_attrs.iter().any(|a| !matches!(a, Attr::Dict(d) if d.is_empty())) {
            b.attrs.push(("res_attrs".into(), Attr::Array(res_attrs)));
        }
        if self.is_punct(b'{') {
            if named.is_empty() && !inputs.is_empty() {
                return self.err("a function with a body needs named arguments");
            }
            b.regions.push(self.parse_region(Some(named))?);
        } else {
            b.regions.push(self.empty_region());
        }
        Ok(())
    }
}
