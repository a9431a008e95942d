//! Function bodies: conversion of every operation to LLVM instructions and their translation to
//! text in one walk. Blocks are visited in reverse post-order; block arguments become phi nodes
//! whose incoming values are connected after the whole function is lowered. A terminator that
//! reaches the same block with arguments twice goes through a forwarding block.

use crate::module::{c_string, const_cast, err_at, ModuleEmitter, Sym};
use crate::types::{dense_text, int_text, quote, scalar_text, LTy};
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use genxc_diag::{invalid, unsupported, Diagnostic, Failure};
use genxc_frontend::mlir::{
    Attr, BlockId, OpId, Operation, RegionId, Scalar, Successor, Type, ValueId, DYNAMIC, FCMP, ICMP,
};

mod gpu_ops;
mod llvm_ext;
mod memref;
mod runner;
mod scf;
mod vector;
pub(crate) mod xegpu;

type Res<T> = Result<T, Failure>;

/// Lowers one 1-D piece: the result type and the operands (value, type).
type Piece<'f, E> = dyn FnMut(&mut E, &LTy, &[(String, LTy)]) -> Res<String> + 'f;

/// Lowers one function body.
pub struct FnEmitter<'m, 'a> {
    m: &'m mut ModuleEmitter<'a>,
    name: String,
    ret: LTy,
    results: Option<Vec<Type>>,
    vals: HashMap<ValueId, (String, LTy)>,
    next: u32,
    blocks: Vec<(String, String)>,
    labels: HashMap<BlockId, String>,
    block_of_label: HashMap<String, BlockId>,
    phis: HashMap<BlockId, Vec<Vec<(String, String)>>>,
    arg_names: HashMap<BlockId, Vec<(String, LTy)>>,
    /// Forwarding blocks made by the current terminator, placed after its block.
    pending: Vec<(String, String)>,
    /// Whether the function is a GPU kernel (host-only runtime calls are refused there).
    pub in_kernel: bool,
}

fn ints(a: Option<&Attr>) -> Vec<i64> {
    match a {
        Some(Attr::Array(v)) => v.iter().filter_map(Attr::as_int).map(|x| x as i64).collect(),
        Some(Attr::Dense(v, _)) => {
            v.iter().map(|s| if let Scalar::Int(i) = s { *i as i64 } else { 0 }).collect()
        }
        _ => vec![],
    }
}

/// The LLVM 14 flags of the instruction `ins` an operation becomes: `nsw`/`nuw` on add, sub, mul and
/// shl, `exact` on udiv, sdiv, lshr and ashr, fast-math flags on floating-point instructions.
/// `disjoint` (on `or`) and `nneg` (on zext/uitofp) came after LLVM 14: they are parsed and
/// dropped, which only forgets a promise about the operands (the result is the same whenever the
/// promise holds, and the operation is then defined where MLIR's would be poison).
fn flags(op: &Operation, ins: &str) -> String {
    let mut s = String::new();
    let overflow = matches!(ins, "add" | "sub" | "mul" | "shl");
    if let Some(Attr::Dialect(_, b)) = op.attr("overflowFlags").filter(|_| overflow) {
        for f in ["nuw", "nsw"].into_iter().filter(|f| b.split(',').any(|x| x.trim() == *f)) {
            s.push_str(f);
            s.push(' ');
        }
    }
    if let Some(Attr::Dialect(_, b)) = op.attr("fastmath") {
        for f in b.split(',').map(str::trim) {
            if matches!(f, "fast" | "nnan" | "ninf" | "nsz" | "arcp" | "contract" | "afn" | "reassoc") {
                s.push_str(f);
                s.push(' ');
            }
        }
    }
    if op.attr("exact").is_some() && matches!(ins, "udiv" | "sdiv" | "lshr" | "ashr") {
        s.push_str("exact ");
    }
    s
}

fn is_dyn(v: i64) -> bool {
    v == DYNAMIC || v == i32::MIN as i64
}

impl<'m, 'a> FnEmitter<'m, 'a> {
    /// A conversion of the function `name` returning `ret` (`results`: MLIR results of a func.func).
    pub fn new(m: &'m mut ModuleEmitter<'a>, name: &str, ret: LTy, results: Option<Vec<Type>>) -> Self {
        FnEmitter {
            m,
            name: name.to_string(),
            ret,
            results,
            vals: HashMap::new(),
            next: 0,
            blocks: Vec::new(),
            labels: HashMap::new(),
            block_of_label: HashMap::new(),
            phis: HashMap::new(),
            arg_names: HashMap::new(),
            pending: Vec::new(),
            in_kernel: false,
        }
    }

    fn get(&self, v: ValueId) -> Res<(String, LTy)> {
        self.vals.get(&v).cloned().ok_or_else(|| {
            invalid(format!(
                "value %{} is used before it is defined (or its definition was not lowered)",
                self.m.ir.value(v).name
            ))
        })
    }

    fn text(&self, v: ValueId) -> Res<String> {
        Ok(self.get(v)?.0)
    }

    fn set(&mut self, v: ValueId, text: String, ty: LTy) {
        self.vals.insert(v, (text, ty));
    }

    fn conv(&mut self, t: &Type) -> Res<LTy> {
        self.m.types.convert(t)
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%t{}", self.next)
    }

    fn inst(&mut self, s: &str) {
        let b = &mut self.blocks.last_mut().expect("a block is open").1;
        b.push_str("  ");
        b.push_str(s);
        b.push('\n');
    }

    fn emit(&mut self, rhs: &str) -> String {
        let n = self.fresh();
        self.inst(&format!("{n} = {rhs}"));
        n
    }

    fn cur_label(&self) -> String {
        self.blocks.last().map(|b| b.0.clone()).unwrap_or_default()
    }

    fn start_block(&mut self, label: String) {
        self.blocks.append(&mut self.pending);
        self.blocks.push((label, String::new()));
    }

    fn new_label(&mut self, hint: &str) -> String {
        self.next += 1;
        format!("{hint}{}", self.next)
    }

    /// A value of type `from` used as type `to`: pointer casts only.
    fn coerce(&mut self, v: &str, from: &LTy, to: &LTy) -> Res<String> {
        if from == to {
            return Ok(v.to_string());
        }
        match (from, to) {
            (LTy::Ptr(_, a), LTy::Ptr(_, b)) if a == b => {
                Ok(self.emit(&format!("bitcast {from} {v} to {to}")))
            }
            (LTy::Ptr(..), LTy::Ptr(..)) => Ok(self.emit(&format!("addrspacecast {from} {v} to {to}"))),
            _ => Err(invalid(format!("type mismatch: a value of type {from} is used as {to}"))),
        }
    }

    /// Calls an LLVM intrinsic or library function, declaring it.
    fn call_decl(&mut self, name: &str, ret: &LTy, args: &[(String, LTy)]) -> String {
        let ps: Vec<LTy> = args.iter().map(|a| a.1.clone()).collect();
        self.m.declare(name, ret, &ps, false);
        let a = args.iter().map(|(v, t)| format!("{t} {v}")).collect::<Vec<_>>().join(", ");
        if *ret == LTy::Void {
            self.inst(&format!("call void @{}({a})", quote(name)));
            String::new()
        } else {
            self.emit(&format!("call {ret} @{}({a})", quote(name)))
        }
    }

    /// Applies `f` to 1-D pieces of n-D vector operands (arrays of vectors), or directly.
    fn map_nd(&mut self, res: &LTy, args: &[(String, LTy)], f: &mut Piece<'_, Self>) -> Res<String> {
        let LTy::Array(n, re) = res else { return f(self, res, args) };
        let mut acc = "undef".to_string();
        for k in 0..*n {
            let mut parts = Vec::new();
            for (v, t) in args {
                if let LTy::Array(_, e) = t {
                    let x = self.emit(&format!("extractvalue {t} {v}, {k}"));
                    parts.push((x, (**e).clone()));
                } else {
                    parts.push((v.clone(), t.clone()));
                }
            }
            let r = self.map_nd(re, &parts, f)?;
            acc = self.emit(&format!("insertvalue {res} {acc}, {re} {r}, {k}"));
        }
        Ok(acc)
    }

    fn operands(&self, op: &Operation) -> Res<Vec<(String, LTy)>> {
        op.operands.iter().map(|&v| self.get(v)).collect()
    }

    fn result_ty(&mut self, op: &Operation, i: usize) -> Res<LTy> {
        let t = self.m.ir.ty(op.results[i]).clone();
        self.conv(&t)
    }

    /// Lowers the body; returns the text between the braces.
    pub fn run(
        &mut self,
        region: RegionId,
        arg_names: &[String],
        params: &[LTy],
        mlir_inputs: Option<&[Type]>,
    ) -> Result<String, Diagnostic> {
        let ir = self.m.ir;
        let file = self.m.file;
        let blocks = ir.region(region).blocks.clone();
        let order = rpo(ir, &blocks);
        for (i, &b) in blocks.iter().enumerate() {
            let label = if i == 0 { "entry".to_string() } else { format!("bb{}", b.0) };
            self.labels.insert(b, label.clone());
            self.block_of_label.insert(label, b);
            if i > 0 {
                let mut names = Vec::new();
                for (k, &a) in ir.block(b).args.iter().enumerate() {
                    let t = ir.ty(a).clone();
                    let lt = self.conv(&t).map_err(|e| err_at(file, ir.block(b).loc, e))?;
                    let n = format!("%b{}.{k}", b.0);
                    self.set(a, n.clone(), lt.clone());
                    names.push((n, lt));
                }
                self.phis.insert(b, vec![Vec::new(); names.len()]);
                self.arg_names.insert(b, names);
            }
        }
        let entry = blocks[0];
        self.start_block("entry".into());
        // Entry block arguments from the (unbundled) parameters.
        let eargs = ir.block(entry).args.clone();
        let mut p = 0;
        for (i, &a) in eargs.iter().enumerate() {
            let t = ir.ty(a).clone();
            let bundle = mlir_inputs.is_some_and(|ins| {
                matches!(ins.get(i), Some(Type::MemRef { .. } | Type::UnrankedMemRef { .. }))
            });
            if bundle {
                let lt = self.conv(&t).map_err(|e| err_at(file, ir.block(entry).loc, e))?;
                let fields = self.m.types.members(&lt).unwrap_or_default();
                let mut acc = "undef".to_string();
                for (k, ft) in fields.iter().enumerate() {
                    if let LTy::Array(n, e) = ft {
                        for j in 0..*n {
                            acc =
                                self.emit(&format!("insertvalue {lt} {acc}, {e} {}, {k}, {j}", arg_names[p]));
                            p += 1;
                        }
                    } else {
                        acc = self.emit(&format!("insertvalue {lt} {acc}, {ft} {}, {k}", arg_names[p]));
                        p += 1;
                    }
                }
                self.set(a, acc, lt);
            } else {
                let Some(pt) = params.get(p) else {
                    return Err(err_at(
                        file,
                        ir.block(entry).loc,
                        "more block arguments than function parameters",
                    ));
                };
                self.set(a, arg_names[p].clone(), pt.clone());
                p += 1;
            }
        }
        for (n, &b) in order.iter().enumerate() {
            if n > 0 {
                let l = self.labels[&b].clone();
                self.start_block(l);
            }
            for &o in &ir.block(b).ops {
                let op = ir.op(o);
                self.op(o).map_err(|e| err_at(file, op.loc, e).with_context(format!("'{}'", op.name)))?;
            }
            if ir.block(b).ops.last().is_none_or(|&o| !is_terminator(&ir.op(o).name)) {
                return Err(err_at(file, ir.block(b).loc, "block does not end with a terminator"));
            }
        }
        self.blocks.append(&mut self.pending);
        let mut out = String::new();
        for (label, body) in &self.blocks {
            out.push_str(&format!("{label}:\n"));
            if let Some(b) = self.block_of_label.get(label) {
                if let (Some(names), Some(inc)) = (self.arg_names.get(b), self.phis.get(b)) {
                    for ((n, t), incoming) in names.iter().zip(inc) {
                        if incoming.is_empty() {
                            continue;
                        }
                        let list = incoming
                            .iter()
                            .map(|(v, l)| format!("[ {v}, %{l} ]"))
                            .collect::<Vec<_>>()
                            .join(", ");
                        out.push_str(&format!("  {n} = phi {t} {list}\n"));
                    }
                }
            }
            out.push_str(body);
        }
        Ok(out)
    }

    /// Records the incoming values of an edge and returns the label to branch to.
    fn edge(&mut self, s: &Successor, forward: bool) -> Res<String> {
        let target = self.labels.get(&s.block).cloned().ok_or("branch to a block of another region")?;
        let names = self.arg_names.get(&s.block).cloned().unwrap_or_default();
        if names.len() != s.args.len() {
            return Err(invalid(format!(
                "{} values passed to a block with {} arguments",
                s.args.len(),
                names.len()
            )));
        }
        if s.args.is_empty() {
            return Ok(target);
        }
        let mut vals = Vec::new();
        for (&a, (_, t)) in s.args.iter().zip(&names) {
            let (v, vt) = self.get(a)?;
            vals.push(self.coerce(&v, &vt, t)?);
        }
        let from = if forward {
            // A forwarding block so that every phi has one entry per predecessor.
            let l = self.new_label("fwd");
            self.pending.push((l.clone(), format!("  br label %{target}\n")));
            l
        } else {
            self.cur_label()
        };
        let phis = self.phis.get_mut(&s.block).ok_or("branch to the entry block")?;
        for (k, v) in vals.into_iter().enumerate() {
            phis[k].push((v, from.clone()));
        }
        Ok(if forward { from } else { target })
    }

    fn edges(&mut self, succ: &[Successor]) -> Res<Vec<String>> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for s in succ {
            let dup = !seen.insert(s.block) && !s.args.is_empty();
            let dup = dup || (!s.args.is_empty() && succ.iter().filter(|o| o.block == s.block).count() > 1);
            out.push(self.edge(s, dup)?);
        }
        Ok(out)
    }

    fn const_of(&self, v: ValueId) -> Option<i128> {
        let ir = self.m.ir;
        match ir.value(v).def {
            genxc_frontend::mlir::ValueDef::Result(o, 0) => {
                let op = ir.op(o);
                if matches!(op.name.as_str(), "arith.constant" | "index.constant" | "llvm.mlir.constant") {
                    op.attr("value").and_then(Attr::as_int)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    fn op(&mut self, id: OpId) -> Res<()> {
        let ir = self.m.ir;
        let op = ir.op(id);
        let name = op.name.as_str();
        let (dialect, short) = name.split_once('.').unwrap_or(("", name));
        if op.results.iter().any(|&r| matches!(ir.ty(r), Type::Tensor { .. }))
            || op.operands.iter().any(|&r| matches!(ir.ty(r), Type::Tensor { .. }))
        {
            return Err(unsupported("tensor values must be bufferized first"));
        }
        let scalable = |&v: &ValueId| match ir.ty(v) {
            Type::Vector { scalable, .. } => scalable.iter().any(|&s| s),
            Type::LlvmVec { scalable, .. } => *scalable,
            _ => false,
        };
        if !matches!(dialect, "llvm" | "func")
            && (op.results.iter().any(scalable) || op.operands.iter().any(scalable))
        {
            return Err(unsupported(format!(
                "{name} on scalable vectors is not modeled (only LLVM-dialect operations, calls and returns carry them)"
            )));
        }
        match (dialect, short) {
            ("arith", "constant")
            | ("llvm", "mlir.constant")
            | ("index", "constant")
            | ("index", "bool.constant") => {
                let t = self.result_ty(op, 0)?;
                let a = op.attr("value").ok_or("missing value")?;
                let text = match (a, &t) {
                    (Attr::Dense(e, _), LTy::Array(..)) => dense_text(&t, e)?,
                    _ => self.m.const_attr(a, &t)?,
                };
                // Constants are used as operands directly.
                self.set(op.results[0], text, t);
            }
            ("arith", b) if arith_binary(b).is_some() => {
                let ins = arith_binary(b).unwrap_or("add");
                self.binary(op, ins)?;
            }
            ("llvm", "add")
            | ("llvm", "sub")
            | ("llvm", "mul")
            | ("llvm", "udiv")
            | ("llvm", "sdiv")
            | ("llvm", "urem")
            | ("llvm", "srem")
            | ("llvm", "and")
            | ("llvm", "or")
            | ("llvm", "xor")
            | ("llvm", "shl")
            | ("llvm", "lshr")
            | ("llvm", "ashr")
            | ("llvm", "fadd")
            | ("llvm", "fsub")
            | ("llvm", "fmul")
            | ("llvm", "fdiv")
            | ("llvm", "frem") => self.binary(op, short)?,
            ("index", o)
                if matches!(
                    o,
                    "add"
                        | "sub"
                        | "mul"
                        | "divs"
                        | "divu"
                        | "rems"
                        | "remu"
                        | "and"
                        | "or"
                        | "xor"
                        | "shl"
                        | "shrs"
                        | "shru"
                ) =>
            {
                let ins = match o {
                    "divs" => "sdiv",
                    "divu" => "udiv",
                    "rems" => "srem",
                    "remu" => "urem",
                    "shrs" => "ashr",
                    "shru" => "lshr",
                    o => o,
                };
                self.binary(op, ins)?;
            }
            ("arith", "negf") | ("llvm", "fneg") => {
                let t = self.result_ty(op, 0)?;
                let a = self.operands(op)?;
                let fl = flags(op, "fneg");
                let r =
                    self.map_nd(&t, &a, &mut |s, rt, a| Ok(s.emit(&format!("fneg {fl}{rt} {}", a[0].0))))?;
                self.set(op.results[0], r, t);
            }
            ("llvm", "freeze") => {
                let (v, t) = self.get(op.operands[0])?;
                let r = self.emit(&format!("freeze {t} {v}"));
                self.set(op.results[0], r, t);
            }
            ("arith", "ceildivsi")
            | ("arith", "floordivsi")
            | ("arith", "ceildivui")
            | ("index", "ceildivs")
            | ("index", "floordivs")
            | ("index", "ceildivu") => {
                let t = self.result_ty(op, 0)?;
                let a = self.operands(op)?;
                let kind = short.to_string();
                let r = self.map_nd(&t, &a, &mut |s, rt, a| s.div_rounding(&kind, rt, &a[0].0, &a[1].0))?;
                self.set(op.results[0], r, t);
            }
            ("arith", m) | ("index", m)
                if matches!(m, "maxsi" | "maxui" | "minsi" | "minui" | "maxs" | "maxu" | "mins" | "minu") =>
            {
                let pred = match m {
                    "maxsi" | "maxs" => "sgt",
                    "maxui" | "maxu" => "ugt",
                    "minsi" | "mins" => "slt",
                    _ => "ult",
                };
                let t = self.result_ty(op, 0)?;
                let a = self.operands(op)?;
                let r = self.map_nd(&t, &a, &mut |s, rt, a| {
                    let c = s.emit(&format!("icmp {pred} {rt} {}, {}", a[0].0, a[1].0));
                    Ok(s.emit(&format!("select {} {c}, {rt} {}, {rt} {}", bool_of(rt), a[0].0, a[1].0)))
                })?;
                self.set(op.results[0], r, t);
            }
            ("arith", "maxnumf") | ("arith", "minnumf") | ("arith", "maximumf") | ("arith", "minimumf") => {
                let t = self.result_ty(op, 0)?;
                let a = self.operands(op)?;
                let max = short.starts_with("max");
                let num = short.ends_with("numf");
                let r = self.map_nd(&t, &a, &mut |s, rt, a| s.min_max(max, num, rt, &a[0].0, &a[1].0))?;
                self.set(op.results[0], r, t);
            }
            ("arith", "cmpi")
            | ("arith", "cmpf")
            | ("llvm", "icmp")
            | ("llvm", "fcmp")
            | ("index", "cmp") => {
                let k = op
                    .attr("predicate")
                    .or(op.attr("pred"))
                    .and_then(Attr::as_int)
                    .ok_or("missing predicate")? as usize;
                let int = matches!(short, "cmpi" | "icmp" | "cmp");
                let p = if int { ICMP.get(k) } else { FCMP.get(k) }.ok_or("invalid predicate")?;
                let ins = if int { "icmp" } else { "fcmp" };
                let t = self.result_ty(op, 0)?;
                let a = self.operands(op)?;
                let fl = flags(op, ins);
                let r = self.map_nd(&t, &a, &mut |s, _rt, a| {
                    Ok(s.emit(&format!("{ins} {fl}{p} {} {}, {}", a[0].1, a[0].0, a[1].0)))
                })?;
                self.set(op.results[0], r, t);
            }
            ("arith", "select") | ("llvm", "select") => {
                let t = self.result_ty(op, 0)?;
                let a = self.operands(op)?;
                let r = self.map_nd(&t, &a, &mut |s, rt, a| {
                    Ok(s.emit(&format!("select {} {}, {rt} {}, {rt} {}", a[0].1, a[0].0, a[1].0, a[2].0)))
                })?;
                self.set(op.results[0], r, t);
            }
            ("arith", c) | ("llvm", c) | ("index", c)
                if matches!(
                    c,
                    "extsi"
                        | "extui"
                        | "trunci"
                        | "extf"
                        | "truncf"
                        | "sitofp"
                        | "uitofp"
                        | "fptosi"
                        | "fptoui"
                        | "index_cast"
                        | "index_castui"
                        | "bitcast"
                        | "sext"
                        | "zext"
                        | "trunc"
                        | "fpext"
                        | "fptrunc"
                        | "inttoptr"
                        | "ptrtoint"
                        | "addrspacecast"
                        | "casts"
                        | "castu"
                ) =>
            {
                let t = self.result_ty(op, 0)?;
                let a = self.operands(op)?;
                let c = c.to_string();
                let r = self.map_nd(&t, &a, &mut |s, rt, a| s.cast(&c, &a[0].0, &a[0].1, rt))?;
                self.set(op.results[0], r, t);
            }
            ("arith", "addui_extended") => {
                let a = self.operands(op)?;
                let t = a[0].1.clone();
                let sum = self.emit(&format!("add {t} {}, {}", a[0].0, a[1].0));
                let o = self.emit(&format!("icmp ult {t} {sum}, {}", a[0].0));
                self.set(op.results[0], sum, t.clone());
                let bt = self.result_ty(op, 1)?;
                self.set(op.results[1], o, bt);
            }
            ("arith", "mulsi_extended") | ("arith", "mului_extended") => {
                let a = self.operands(op)?;
                let t = a[0].1.clone();
                let LTy::Int(w) = t.scalar().clone() else {
                    return Err(unsupported("vector extended multiply"));
                };
                let wide = LTy::Int(2 * w);
                let ext = if short == "mulsi_extended" { "sext" } else { "zext" };
                let x = self.emit(&format!("{ext} {t} {} to {wide}", a[0].0));
                let y = self.emit(&format!("{ext} {t} {} to {wide}", a[1].0));
                let p = self.emit(&format!("mul {wide} {x}, {y}"));
                let lo = self.emit(&format!("trunc {wide} {p} to {t}"));
                let h = self.emit(&format!("lshr {wide} {p}, {w}"));
                let hi = self.emit(&format!("trunc {wide} {h} to {t}"));
                self.set(op.results[0], lo, t.clone());
                self.set(op.results[1], hi, t);
            }
            ("index", "sizeof") => {
                let t = self.result_ty(op, 0)?;
                let bits = self.m.types.index_bits;
                self.set(op.results[0], bits.to_string(), t);
            }
            ("math", m) => self.math(op, m)?,
            ("complex", c) => self.complex(op, c)?,
            ("func", "return") | ("llvm", "return") | ("gpu", "return") => {
                let a = self.operands(op)?;
                let ret = self.ret.clone();
                match a.len() {
                    0 => self.inst("ret void"),
                    1 => {
                        let v = self.coerce(&a[0].0, &a[0].1, &ret)?;
                        self.inst(&format!("ret {ret} {v}"));
                    }
                    _ => {
                        let mut acc = "undef".to_string();
                        for (k, (v, t)) in a.iter().enumerate() {
                            acc = self.emit(&format!("insertvalue {ret} {acc}, {t} {v}, {k}"));
                        }
                        self.inst(&format!("ret {ret} {acc}"));
                    }
                }
                let _ = &self.results;
            }
            ("func", "call") | ("llvm", "call") | ("llvm", "invoke") => self.call(op)?,
            ("llvm", s) if llvm_ext::OPS.contains(&s) => self.llvm_ext(op, s)?,
            ("func", "constant") => {
                let Some(Attr::Symbol(f)) = op.attr("value") else { return Err("missing symbol".into()) };
                let (pt, text) = self.m.symbol_address(f).ok_or_else(|| format!("unknown function @{f}"))?;
                let t = self.result_ty(op, 0)?;
                self.set(op.results[0], const_cast(&text, &pt, &t), t);
            }
            ("func", "call_indirect") => {
                let a = self.operands(op)?;
                let (f, ft) = a[0].clone();
                let LTy::Ptr(fty, _) = &ft else { return Err("callee is not a function pointer".into()) };
                let LTy::Func(ret, ..) = &**fty else {
                    return Err("callee is not a function pointer".into());
                };
                let args = a[1..].iter().map(|(v, t)| format!("{t} {v}")).collect::<Vec<_>>().join(", ");
                self.call_results(op, ret, &format!("call {ret} {f}({args})"))?;
            }
            ("llvm", "fence") => {
                let Some(Attr::Dialect(_, ordering)) = op.attr("ordering") else {
                    return Err(invalid("llvm.fence without an ordering"));
                };
                let scope = match op.attr("syncscope") {
                    Some(Attr::Str(s)) if !s.is_empty() => {
                        if !s.iter().all(|c| c.is_ascii_alphanumeric() || b"_-.".contains(c)) {
                            return Err(unsupported(
                                "a sync scope name other than letters, digits, '_', '-', '.'",
                            ));
                        }
                        format!("syncscope(\"{}\") ", String::from_utf8_lossy(s))
                    }
                    _ => String::new(),
                };
                self.inst(&format!("fence {scope}{ordering}"));
            }
            ("cf", "br") | ("llvm", "br") => {
                let l = self.edges(&op.successors)?;
                self.inst(&format!("br label %{}", l[0]));
            }
            ("cf", "cond_br") | ("llvm", "cond_br") => {
                let c = self.text(op.operands[0])?;
                let l = self.edges(&op.successors)?;
                self.inst(&format!("br i1 {c}, label %{}, label %{}", l[0], l[1]));
            }
            ("cf", "switch") | ("llvm", "switch") => {
                let (v, t) = self.get(op.operands[0])?;
                let cases = ints(op.attr("case_values"));
                let l = self.edges(&op.successors)?;
                let LTy::Int(w) = t else { return Err("switch on a non-integer".into()) };
                let arms = cases
                    .iter()
                    .zip(&l[1..])
                    .map(|(c, l)| format!("{t} {}, label %{l}", int_text(*c as i128, w)))
                    .collect::<Vec<_>>()
                    .join(" ");
                self.inst(&format!("switch {t} {v}, label %{} [ {arms} ]", l[0]));
            }
            ("cf", "assert") => {
                let c = self.text(op.operands[0])?;
                let ok = self.new_label("assert.ok");
                let fail = self.new_label("assert.fail");
                self.inst(&format!("br i1 {c}, label %{ok}, label %{fail}"));
                self.start_block(fail);
                let msg = op
                    .attr("msg")
                    .and_then(|a| if let Attr::Str(s) = a { Some(s.clone()) } else { None })
                    .unwrap_or_default();
                let g = format!("assert_msg_{}_{}", self.name, self.next);
                let mut bytes = msg.clone();
                bytes.push(0);
                let gt = LTy::Array(bytes.len() as u64, Box::new(LTy::Int(8)));
                self.m.decls.insert(
                    format!("~{g}"),
                    format!("@{} = private constant {gt} {}", quote(&g), c_string(&bytes)),
                );
                let p = const_cast(&format!("@{}", quote(&g)), &gt.ptr_to(0), &LTy::i8ptr());
                self.call_decl("puts", &LTy::Int(32), &[(p, LTy::i8ptr())]);
                self.call_decl("abort", &LTy::Void, &[]);
                self.inst("unreachable");
                self.start_block(ok);
            }
            ("llvm", "unreachable") => self.inst("unreachable"),
            ("llvm", "mlir.undef")
            | ("llvm", "mlir.poison")
            | ("llvm", "mlir.zero")
            | ("llvm", "mlir.null") => {
                let t = self.result_ty(op, 0)?;
                let s = match short {
                    "mlir.undef" => "undef",
                    "mlir.poison" => "poison",
                    _ if matches!(t, LTy::Ptr(..)) => "null",
                    _ => "zeroinitializer",
                };
                self.set(op.results[0], s.into(), t);
            }
            ("llvm", "mlir.addressof") => {
                let Some(Attr::Symbol(g)) = op.attr("global_name") else {
                    return Err("missing global".into());
                };
                let (pt, text) = self.m.symbol_address(g).ok_or_else(|| format!("unknown symbol @{g}"))?;
                let t = self.result_ty(op, 0)?;
                self.set(op.results[0], const_cast(&text, &pt, &t), t);
            }
            ("llvm", "load") => {
                let (p, pt) = self.get(op.operands[0])?;
                let t = self.result_ty(op, 0)?;
                let space = if let LTy::Ptr(_, s) = &pt { *s } else { 0 };
                let q = self.coerce(&p, &pt, &t.ptr_to(space))?;
                let (atomic, vol, tail) = self.access_modifiers(op, "load")?;
                let r = self.emit(&format!("load {atomic}{vol}{t}, {} {q}{tail}", t.ptr_to(space)));
                self.set(op.results[0], r, t);
            }
            ("llvm", "store") => {
                let (v, t) = self.get(op.operands[0])?;
                let (p, pt) = self.get(op.operands[1])?;
                let space = if let LTy::Ptr(_, s) = &pt { *s } else { 0 };
                let dst = t.ptr_to(space);
                let q = self.coerce(&p, &pt, &dst)?;
                let (atomic, vol, tail) = self.access_modifiers(op, "store")?;
                self.inst(&format!("store {atomic}{vol}{t} {v}, {dst} {q}{tail}"));
            }
            ("llvm", "getelementptr") => self.gep(op)?,
            ("llvm", "alloca") => {
                let (n, nt) = self.get(op.operands[0])?;
                let Some(Attr::Type(et)) = op.attr("elem_type") else {
                    return Err("missing element type".into());
                };
                let e = self.conv(&et.clone())?;
                let t = self.result_ty(op, 0)?;
                let space = if let LTy::Ptr(_, s) = &t { *s } else { 0 };
                let al = op
                    .attr("alignment")
                    .and_then(Attr::as_int)
                    .map(|a| format!(", align {a}"))
                    .unwrap_or_default();
                let sp = if space != 0 { format!(", addrspace({space})") } else { String::new() };
                let r = self.emit(&format!("alloca {e}, {nt} {n}{al}{sp}"));
                let r = self.coerce(&r, &e.ptr_to(space), &t)?;
                self.set(op.results[0], r, t);
            }
            ("llvm", "extractvalue") => {
                let (v, t) = self.get(op.operands[0])?;
                let p =
                    ints(op.attr("position")).iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ");
                let rt = self.result_ty(op, 0)?;
                let r = self.emit(&format!("extractvalue {t} {v}, {p}"));
                self.set(op.results[0], r, rt);
            }
            ("llvm", "insertvalue") => {
                let (c, t) = self.get(op.operands[0])?;
                let (v, vt) = self.get(op.operands[1])?;
                let p =
                    ints(op.attr("position")).iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ");
                let r = self.emit(&format!("insertvalue {t} {c}, {vt} {v}, {p}"));
                self.set(op.results[0], r, t);
            }
            ("llvm", "extractelement") | ("vector", "extractelement") => {
                let a = self.operands(op)?;
                let rt = self.result_ty(op, 0)?;
                let idx = a.get(1).map(|(v, t)| format!("{t} {v}")).unwrap_or_else(|| "i32 0".into());
                let r = self.emit(&format!("extractelement {} {}, {idx}", a[0].1, a[0].0));
                self.set(op.results[0], r, rt);
            }
            ("llvm", "insertelement") | ("vector", "insertelement") => {
                let a = self.operands(op)?;
                let idx = a.get(2).map(|(v, t)| format!("{t} {v}")).unwrap_or_else(|| "i32 0".into());
                let r =
                    self.emit(&format!("insertelement {} {}, {} {}, {idx}", a[1].1, a[1].0, a[0].1, a[0].0));
                self.set(op.results[0], r, a[1].1.clone());
            }
            ("llvm", "shufflevector") | ("vector", "shuffle") => self.shuffle(op)?,
            ("llvm", i) if i.starts_with("intr.") => self.llvm_intrinsic(op, &i[5..])?,
            ("memref", _) => self.memref(op, short)?,
            ("vector", "mask") => self.vector_mask(op)?,
            ("vector", _) => self.vector(op, short)?,
            ("scf", _) => self.scf(op, short)?,
            ("gpu", "launch_func") => self.launch_func(op)?,
            ("gpu", g) => self.subgroup_gpu_op(op, g)?,
            ("xegpu", _) => self.xegpu(op, short)?,
            ("builtin", "unrealized_conversion_cast") => {
                // Casts between a type and itself after conversion are no-ops; others are refused.
                for (k, &r) in op.results.iter().enumerate() {
                    let (v, t) = self.get(*op.operands.get(k).ok_or_else(|| {
                        unsupported("unrealized_conversion_cast with different operand and result counts")
                    })?)?;
                    let rt = self.result_ty(op, k)?;
                    if rt != t {
                        return Err(unsupported(format!(
                            "unrealized_conversion_cast from {t} to {rt} cannot be reconciled"
                        )));
                    }
                    self.set(r, v, rt);
                }
            }
            _ => return Err(unsupported(format!("operation '{name}'"))),
        }
        Ok(())
    }

    fn binary(&mut self, op: &Operation, ins: &str) -> Res<()> {
        if op.operands.len() != 2 || op.results.len() != 1 {
            return Err(invalid(format!(
                "takes 2 operands and gives 1 result, not {} and {}",
                op.operands.len(),
                op.results.len()
            )));
        }
        let t = self.result_ty(op, 0)?;
        let a = self.operands(op)?;
        let fl = flags(op, ins);
        let r = self
            .map_nd(&t, &a, &mut |s, rt, a| Ok(s.emit(&format!("{ins} {fl}{rt} {}, {}", a[0].0, a[1].0))))?;
        self.set(op.results[0], r, t);
        Ok(())
    }

    fn cast(&mut self, c: &str, v: &str, from: &LTy, to: &LTy) -> Res<String> {
        let wf = int_width(from);
        let wt = int_width(to);
        let ins = match c {
            "extsi" | "sext" => "sext",
            "extui" | "zext" => "zext",
            "trunci" | "trunc" => "trunc",
            "extf" | "fpext" => "fpext",
            "truncf" | "fptrunc" => "fptrunc",
            "sitofp" | "uitofp" | "fptosi" | "fptoui" | "inttoptr" | "ptrtoint" => c,
            "addrspacecast" => return self.coerce(v, from, to),
            "bitcast" if matches!((from, to), (LTy::Ptr(..), LTy::Ptr(..))) => {
                return self.coerce(v, from, to)
            }
            "bitcast" => "bitcast",
            "index_cast" | "casts" | "index_castui" | "castu" => {
                if wf == wt {
                    return Ok(v.to_string());
                }
                if wf > wt {
                    "trunc"
                } else if c == "index_cast" || c == "casts" {
                    "sext"
                } else {
                    "zext"
                }
            }
            _ => return Err(invalid(format!("unsupported cast {c}"))),
        };
        if from == to && ins == "bitcast" {
            return Ok(v.to_string());
        }
        Ok(self.emit(&format!("{ins} {from} {v} to {to}")))
    }

    /// ceildivsi / floordivsi / ceildivui with the results of the arith-expand rewrites.
    fn div_rounding(&mut self, kind: &str, t: &LTy, a: &str, b: &str) -> Res<String> {
        let bt = bool_of(t);
        let zero = zero_of(t);
        let one = one_of(t);
        if kind == "ceildivui" || kind == "ceildivu" {
            // a == 0 ? 0 : (a - 1) / b + 1
            let isz = self.emit(&format!("icmp eq {t} {a}, {zero}"));
            let am1 = self.emit(&format!("sub {t} {a}, {one}"));
            let q = self.emit(&format!("udiv {t} {am1}, {b}"));
            let q1 = self.emit(&format!("add {t} {q}, {one}"));
            return Ok(self.emit(&format!("select {bt} {isz}, {t} {zero}, {t} {q1}")));
        }
        let q = self.emit(&format!("sdiv {t} {a}, {b}"));
        let r = self.emit(&format!("srem {t} {a}, {b}"));
        let nz = self.emit(&format!("icmp ne {t} {r}, {zero}"));
        let rneg = self.emit(&format!("icmp slt {t} {r}, {zero}"));
        let bneg = self.emit(&format!("icmp slt {t} {b}, {zero}"));
        let same = self.emit(&format!("icmp eq {bt} {rneg}, {bneg}"));
        if kind.starts_with("ceil") {
            let adj = self.emit(&format!("and {bt} {nz}, {same}"));
            let q1 = self.emit(&format!("add {t} {q}, {one}"));
            Ok(self.emit(&format!("select {bt} {adj}, {t} {q1}, {t} {q}")))
        } else {
            let diff = self.emit(&format!("xor {bt} {same}, {}", all_true(&bt)));
            let adj = self.emit(&format!("and {bt} {nz}, {diff}"));
            let q1 = self.emit(&format!("sub {t} {q}, {one}"));
            Ok(self.emit(&format!("select {bt} {adj}, {t} {q1}, {t} {q}")))
        }
    }

    /// maximumf/minimumf and maxnumf/minnumf as `--arith-expand` rewrites them: a compare and a
    /// select (equal operands give the second), then NaN handling (maximumf propagates a NaN,
    /// maxnumf returns the other operand).
    fn min_max(&mut self, max: bool, num: bool, t: &LTy, a: &str, b: &str) -> Res<String> {
        let bt = bool_of(t);
        let c = self.emit(&format!("fcmp {} {t} {a}, {b}", if max { "ugt" } else { "ult" }));
        let sel = self.emit(&format!("select {bt} {c}, {t} {a}, {t} {b}"));
        let probe = if num { a } else { b };
        let nan = self.emit(&format!("fcmp uno {t} {probe}, {probe}"));
        Ok(self.emit(&format!("select {bt} {nan}, {t} {b}, {t} {sel}")))
    }

    fn math(&mut self, op: &Operation, m: &str) -> Res<()> {
        let t = self.result_ty(op, 0)?;
        let a = self.operands(op)?;
        let fl = flags(op, "call");
        let m = m.to_string();
        let r = self.map_nd(&t, &a, &mut |s, rt, a| {
            let sfx = rt.mangle();
            let simple = |n: &str| format!("llvm.{n}.{sfx}");
            Ok(match m.as_str() {
                "sqrt" | "sin" | "cos" | "exp" | "exp2" | "log" | "log2" | "log10" | "floor" | "ceil"
                | "round" | "roundeven" | "trunc" | "rint" => s.call_decl(&simple(&m), rt, a),
                "absf" => s.call_decl(&simple("fabs"), rt, a),
                "powf" => s.call_decl(&simple("pow"), rt, a),
                "copysign" => s.call_decl(&simple("copysign"), rt, a),
                "fma" => s.call_decl(&simple("fma"), rt, a),
                "fpowi" => {
                    let n = format!("llvm.powi.{sfx}.{}", a[1].1.mangle());
                    s.call_decl(&n, rt, a)
                }
                "absi" => s.call_decl(&simple("abs"), rt, &[a[0].clone(), ("false".into(), bool_of(rt))]),
                "ctlz" | "cttz" => {
                    s.call_decl(&simple(&m), rt, &[a[0].clone(), ("false".into(), LTy::Int(1))])
                }
                "ctpop" => s.call_decl(&simple("ctpop"), rt, a),
                "rsqrt" => {
                    let q = s.call_decl(&simple("sqrt"), rt, a);
                    let one = one_of(rt);
                    s.emit(&format!("fdiv {fl}{rt} {one}, {q}"))
                }
                "expm1" => {
                    let e = s.call_decl(&simple("exp"), rt, a);
                    let one = one_of(rt);
                    s.emit(&format!("fsub {fl}{rt} {e}, {one}"))
                }
                "log1p" => {
                    let one = one_of(rt);
                    let x = s.emit(&format!("fadd {fl}{rt} {one}, {}", a[0].0));
                    s.call_decl(&simple("log"), rt, &[(x, rt.clone())])
                }
                other => {
                    return Err(unsupported(format!(
                        "math.{other} has no LLVM intrinsic (convert-math-to-llvm does not lower it either)"
                    )))
                }
            })
        })?;
        self.set(op.results[0], r, t);
        Ok(())
    }

    fn complex(&mut self, op: &Operation, c: &str) -> Res<()> {
        let a = self.operands(op)?;
        let t = self.result_ty(op, 0)?;
        let part = |s: &mut Self, v: &str, ct: &LTy, i: u32| s.emit(&format!("extractvalue {ct} {v}, {i}"));
        let make = |s: &mut Self, re: &str, im: &str, ct: &LTy| {
            let e = s.m.types.member(ct, 0).unwrap_or(LTy::Float);
            let x = s.emit(&format!("insertvalue {ct} undef, {e} {re}, 0"));
            s.emit(&format!("insertvalue {ct} {x}, {e} {im}, 1"))
        };
        let r = match c {
            "create" => make(self, &a[0].0, &a[1].0, &t),
            "re" => part(self, &a[0].0, &a[0].1, 0),
            "im" => part(self, &a[0].0, &a[0].1, 1),
            "constant" => {
                let Some(Attr::Array(v)) = op.attr("value") else {
                    return Err("complex.constant needs [re, im]".into());
                };
                self.m.const_attr(&Attr::Array(v.clone()), &t)?
            }
            "add" | "sub" | "mul" => {
                let e = self.m.types.member(&t, 0).ok_or("bad complex type")?;
                let (x, y) = (&a[0].0, &a[1].0);
                let ar = part(self, x, &t, 0);
                let ai = part(self, x, &t, 1);
                let br = part(self, y, &t, 0);
                let bi = part(self, y, &t, 1);
                let (re, im) = if c == "mul" {
                    let ac = self.emit(&format!("fmul {e} {ar}, {br}"));
                    let bd = self.emit(&format!("fmul {e} {ai}, {bi}"));
                    let ad = self.emit(&format!("fmul {e} {ar}, {bi}"));
                    let bc = self.emit(&format!("fmul {e} {ai}, {br}"));
                    (self.emit(&format!("fsub {e} {ac}, {bd}")), self.emit(&format!("fadd {e} {ad}, {bc}")))
                } else {
                    let ins = if c == "add" { "fadd" } else { "fsub" };
                    (self.emit(&format!("{ins} {e} {ar}, {br}")), self.emit(&format!("{ins} {e} {ai}, {bi}")))
                };
                make(self, &re, &im, &t)
            }
            other => return Err(unsupported(format!("complex.{other}"))),
        };
        self.set(op.results[0], r, t);
        Ok(())
    }

    fn call_results(&mut self, op: &Operation, ret: &LTy, call: &str) -> Res<()> {
        if op.name == "llvm.invoke" {
            // An invoke ends its block: its normal and unwind destinations follow the call.
            let [normal, unwind] = &op.successors[..] else {
                return Err(invalid("llvm.invoke has a normal and an unwind destination"));
            };
            let labels = self.edges(&[normal.clone(), unwind.clone()])?;
            let text = format!(
                "invoke{} to label %{} unwind label %{}",
                call.strip_prefix("call").unwrap_or(call),
                labels[0],
                labels[1]
            );
            if *ret == LTy::Void {
                self.inst(&text);
                return Ok(());
            }
            let r = self.emit(&text);
            if let Some(&res) = op.results.first() {
                let t = self.result_ty(op, 0)?;
                if t != *ret {
                    return Err(unsupported(format!("an llvm.invoke whose {ret} result is used as {t}")));
                }
                self.set(res, r, t);
            }
            return Ok(());
        }
        if *ret == LTy::Void {
            self.inst(call);
            return Ok(());
        }
        let r = self.emit(call);
        match op.results.len() {
            0 => {}
            1 => {
                let t = self.result_ty(op, 0)?;
                let v = self.coerce(&r, ret, &t)?;
                self.set(op.results[0], v, t);
            }
            n => {
                for k in 0..n {
                    let t = self.result_ty(op, k)?;
                    let v = self.emit(&format!("extractvalue {ret} {r}, {k}"));
                    self.set(op.results[k], v, t);
                }
            }
        }
        Ok(())
    }

    fn call(&mut self, op: &Operation) -> Res<()> {
        let a = self.operands(op)?;
        let ir = self.m.ir;
        if let Some(Attr::Symbol(callee)) = op.attr("callee") {
            let sym = self
                .m
                .syms
                .get(callee)
                .cloned()
                .ok_or_else(|| format!("call to undefined function @{callee}"))?;
            let Sym::Func { ret, params, vararg, mlir } = sym else {
                return Err(invalid(format!("@{callee} is not a function")));
            };
            let mut args = Vec::new();
            let mut p = 0;
            for (k, (v, t)) in a.iter().enumerate() {
                let mty = ir.ty(op.operands[k]);
                let unbundle =
                    mlir.is_some() && matches!(mty, Type::MemRef { .. } | Type::UnrankedMemRef { .. });
                if unbundle {
                    for (path, ft) in self.desc_fields(t) {
                        let x = self.emit(&format!("extractvalue {t} {v}, {path}"));
                        args.push(format!("{ft} {x}"));
                        p += 1;
                    }
                } else if let Some(pt) = params.get(p) {
                    let x = self.coerce(v, t, pt)?;
                    args.push(format!("{pt} {x}"));
                    p += 1;
                } else if vararg {
                    args.push(format!("{t} {v}"));
                } else {
                    return Err(invalid(format!("too many arguments in call to @{callee}")));
                }
            }
            if p != params.len() {
                return Err(invalid(format!(
                    "call to @{callee} passes {p} values for {} parameters",
                    params.len()
                )));
            }
            let fty = if vararg {
                LTy::Func(Box::new(ret.clone()), params.clone(), true).to_string()
            } else {
                ret.to_string()
            };
            let call = format!("call {fty} @{}({})", quote(callee), args.join(", "));
            return self.call_results(op, &ret, &call);
        }
        // Indirect call through a pointer.
        let (f, ft) = a[0].clone();
        let rets: Vec<LTy> = (0..op.results.len()).map(|k| self.result_ty(op, k)).collect::<Res<_>>()?;
        let ret = rets.first().cloned().unwrap_or(LTy::Void);
        let (params, vararg) = match op.attr("var_callee_type") {
            Some(Attr::Type(Type::LlvmFunc { params, vararg, .. })) => {
                (params.iter().map(|p| self.m.types.convert(p)).collect::<Res<Vec<_>>>()?, *vararg)
            }
            _ => (a[1..].iter().map(|x| x.1.clone()).collect(), false),
        };
        let fty = LTy::Func(Box::new(ret.clone()), params.clone(), vararg);
        let space = if let LTy::Ptr(_, s) = &ft { *s } else { 0 };
        let fp = self.coerce(&f, &ft, &fty.ptr_to(space))?;
        let mut args = Vec::new();
        for (k, (v, t)) in a[1..].iter().enumerate() {
            match params.get(k) {
                Some(pt) => {
                    let x = self.coerce(v, t, pt)?;
                    args.push(format!("{pt} {x}"));
                }
                None => args.push(format!("{t} {v}")),
            }
        }
        let shown = if vararg { fty.to_string() } else { ret.to_string() };
        self.call_results(op, &ret, &format!("call {shown} {fp}({})", args.join(", ")))
    }

    /// Field paths and types of a memref descriptor, flattened (`0`, `1`, `2`, `3, 0`, ...).
    fn desc_fields(&self, t: &LTy) -> Vec<(String, LTy)> {
        let mut out = Vec::new();
        for (k, ft) in self.m.types.members(t).unwrap_or_default().iter().enumerate() {
            if let LTy::Array(n, e) = ft {
                for j in 0..*n {
                    out.push((format!("{k}, {j}"), (**e).clone()));
                }
            } else {
                out.push((k.to_string(), ft.clone()));
            }
        }
        out
    }

    fn gep(&mut self, op: &Operation) -> Res<()> {
        let ir = self.m.ir;
        let (base, bt) = self.get(op.operands[0])?;
        let elem = match (op.attr("elem_type"), ir.ty(op.operands[0])) {
            (Some(Attr::Type(t)), _) => self.conv(&t.clone())?,
            (_, Type::LlvmPtr { pointee: Some(p), .. }) => self.conv(&p.clone())?,
            _ => return Err("getelementptr on an opaque pointer needs the element type".into()),
        };
        let LTy::Ptr(_, space) = bt.clone() else {
            return Err(unsupported("getelementptr on a vector of pointers"));
        };
        let bp = elem.ptr_to(space);
        let b = self.coerce(&base, &bt, &bp)?;
        let mut idx = Vec::new();
        let mut cur = elem.clone();
        let mut dyn_i = 1;
        for (k, r) in ints(op.attr("rawConstantIndices")).into_iter().enumerate() {
            let (txt, n) = if is_dyn(r) {
                let (v, t) = self.get(*op.operands.get(dyn_i).ok_or("missing dynamic index")?)?;
                dyn_i += 1;
                (format!("{t} {v}"), None)
            } else {
                (format!("i32 {r}"), Some(r as u64))
            };
            if k > 0 {
                if matches!(cur, LTy::Struct(..) | LTy::Named(_)) && n.is_none() {
                    return Err("a struct index must be a constant".into());
                }
                cur = self
                    .m
                    .types
                    .member(&cur, n.unwrap_or(0))
                    .ok_or_else(|| format!("index does not address into {cur}"))?;
            }
            idx.push(txt);
        }
        let ib = if op.attr("inbounds").is_some() { "inbounds " } else { "" };
        let r = self.emit(&format!("getelementptr {ib}{elem}, {bp} {b}, {}", idx.join(", ")));
        let t = self.result_ty(op, 0)?;
        let r = self.coerce(&r, &cur.ptr_to(space), &t)?;
        self.set(op.results[0], r, t);
        Ok(())
    }

    fn shuffle(&mut self, op: &Operation) -> Res<()> {
        let a = self.operands(op)?;
        let t = self.result_ty(op, 0)?;
        let mask = ints(op.attr("mask"));
        if let (LTy::Vec(..), true) = (&a[0].1, a[0].1 == a[1].1) {
            let m = mask
                .iter()
                .map(|&i| if i < 0 { "i32 undef".to_string() } else { format!("i32 {i}") })
                .collect::<Vec<_>>()
                .join(", ");
            let r = self.emit(&format!(
                "shufflevector {} {}, {} {}, <{} x i32> <{m}>",
                a[0].1,
                a[0].0,
                a[1].1,
                a[1].0,
                mask.len()
            ));
            self.set(op.results[0], r, t);
            return Ok(());
        }
        // Different operand lengths or n-D vectors: element by element.
        let len0 = match &a[0].1 {
            LTy::Vec(n, _) | LTy::Array(n, _) => *n as i64,
            _ => return Err("shuffle of non-vectors".into()),
        };
        let mut acc = "undef".to_string();
        for (k, &i) in mask.iter().enumerate() {
            let (src, st, j) = if i < len0 { (&a[0].0, &a[0].1, i) } else { (&a[1].0, &a[1].1, i - len0) };
            let (e, et) = match st {
                LTy::Vec(_, e) => (self.emit(&format!("extractelement {st} {src}, i64 {j}")), (**e).clone()),
                LTy::Array(_, e) => (self.emit(&format!("extractvalue {st} {src}, {j}")), (**e).clone()),
                _ => unreachable!(),
            };
            acc = match &t {
                LTy::Vec(..) => self.emit(&format!("insertelement {t} {acc}, {et} {e}, i64 {k}")),
                _ => self.emit(&format!("insertvalue {t} {acc}, {et} {e}, {k}")),
            };
        }
        self.set(op.results[0], acc, t);
        Ok(())
    }

    fn llvm_intrinsic(&mut self, op: &Operation, name: &str) -> Res<()> {
        let mut a = self.operands(op)?;
        let ret = if op.results.is_empty() { LTy::Void } else { self.result_ty(op, 0)? };
        let first = a.first().map(|x| x.1.clone()).unwrap_or(LTy::Void);
        let full = match name {
            "memcpy" | "memmove" => {
                let vol = op.attr("isVolatile").and_then(Attr::as_int).unwrap_or(0);
                for slot in a.iter_mut().take(2) {
                    let (v, t) = slot.clone();
                    let sp = if let LTy::Ptr(_, s) = t { s } else { 0 };
                    *slot = (self.coerce(&v, &t, &LTy::Int(8).ptr_to(sp))?, LTy::Int(8).ptr_to(sp));
                }
                if a.len() == 3 {
                    a.push((if vol != 0 { "true" } else { "false" }.into(), LTy::Int(1)));
                }
                format!("llvm.{name}.{}.{}.{}", a[0].1.mangle(), a[1].1.mangle(), a[2].1.mangle())
            }
            "memset" => {
                let vol = op.attr("isVolatile").and_then(Attr::as_int).unwrap_or(0);
                let (v, t) = a[0].clone();
                let sp = if let LTy::Ptr(_, s) = t { s } else { 0 };
                a[0] = (self.coerce(&v, &t, &LTy::Int(8).ptr_to(sp))?, LTy::Int(8).ptr_to(sp));
                if a.len() == 3 {
                    a.push((if vol != 0 { "true" } else { "false" }.into(), LTy::Int(1)));
                }
                format!("llvm.memset.{}.{}", a[0].1.mangle(), a[2].1.mangle())
            }
            n if n.starts_with("vector.reduce.") => {
                let vt = a.last().map(|x| x.1.clone()).unwrap_or(LTy::Void);
                format!("llvm.{n}.{}", vt.mangle())
            }
            n if n.ends_with(".with.overflow") => format!("llvm.{n}.{}", first.mangle()),
            "powi" => {
                format!("llvm.powi.{}.{}", ret.mangle(), a.get(1).map(|x| x.1.mangle()).unwrap_or_default())
            }
            "abs" | "ctlz" | "cttz" if a.len() == 1 => {
                a.push(("false".into(), LTy::Int(1)));
                format!("llvm.{name}.{}", ret.mangle())
            }
            "vastart" | "vaend" | "vacopy" => {
                // The variadic-argument intrinsics take their lists as i8*.
                for slot in a.iter_mut() {
                    let (v, t) = slot.clone();
                    let sp = if let LTy::Ptr(_, s) = t { s } else { 0 };
                    *slot = (self.coerce(&v, &t, &LTy::Int(8).ptr_to(sp))?, LTy::Int(8).ptr_to(sp));
                }
                format!("llvm.va_{}", &name[2..])
            }
            "trap" | "debugtrap" | "donothing" | "stacksave" | "stackrestore" | "assume" => {
                format!("llvm.{name}")
            }
            n if ret == LTy::Void => format!("llvm.{n}.{}", first.mangle()),
            n => format!("llvm.{n}.{}", ret.mangle()),
        };
        if let ("abs" | "ctlz" | "cttz", Some(v)) =
            (name, op.attr("is_int_min_poison").or(op.attr("is_zero_poison")).and_then(Attr::as_int))
        {
            if let Some(last) = a.get_mut(1) {
                last.0 = if v != 0 { "true".into() } else { "false".into() };
            }
        }
        let r = self.call_decl(&full, &ret, &a);
        if let Some(&res) = op.results.first() {
            self.set(res, r, ret);
        }
        Ok(())
    }

    // ------------------------------------------------------------------ memref
}

fn is_terminator(name: &str) -> bool {
    matches!(
        name,
        "func.return"
            | "llvm.return"
            | "gpu.return"
            | "cf.br"
            | "cf.cond_br"
            | "cf.switch"
            | "llvm.br"
            | "llvm.cond_br"
            | "llvm.switch"
            | "llvm.unreachable"
            | "llvm.indirectbr"
            | "llvm.invoke"
            | "llvm.resume"
    )
}

fn int_width(t: &LTy) -> u32 {
    match t.scalar() {
        LTy::Int(w) => *w,
        _ => 0,
    }
}

fn bool_of(t: &LTy) -> LTy {
    match t {
        LTy::Vec(n, _) => LTy::Vec(*n, Box::new(LTy::Int(1))),
        _ => LTy::Int(1),
    }
}

fn scalar_const(t: &LTy, s: &str) -> String {
    match t {
        LTy::Vec(n, e) => format!("<{}>", vec![format!("{e} {s}"); *n as usize].join(", ")),
        _ => s.to_string(),
    }
}

fn zero_of(t: &LTy) -> String {
    if t.scalar().is_float() {
        scalar_const(t, &scalar_text(Scalar::Float(0.0), t.scalar()).unwrap_or_default())
    } else {
        scalar_const(t, "0")
    }
}

fn one_of(t: &LTy) -> String {
    if t.scalar().is_float() {
        scalar_const(t, &scalar_text(Scalar::Float(1.0), t.scalar()).unwrap_or_default())
    } else {
        scalar_const(t, "1")
    }
}

fn all_true(t: &LTy) -> String {
    scalar_const(t, "true")
}

/// Reverse post-order of the blocks from the entry, then unreachable blocks in their order.
fn rpo(ir: &genxc_frontend::mlir::Ir, blocks: &[BlockId]) -> Vec<BlockId> {
    let succ = |b: BlockId| -> Vec<BlockId> {
        match ir.block(b).ops.last() {
            Some(&o) => ir.op(o).successors.iter().map(|s| s.block).collect(),
            None => vec![],
        }
    };
    let mut seen = HashSet::new();
    let mut post = Vec::new();
    let mut stack = vec![(blocks[0], 0usize)];
    seen.insert(blocks[0]);
    while let Some((b, i)) = stack.pop() {
        let s = succ(b);
        if i < s.len() {
            stack.push((b, i + 1));
            if seen.insert(s[i]) {
                stack.push((s[i], 0));
            }
        } else {
            post.push(b);
        }
    }
    post.reverse();
    for &b in blocks {
        if !seen.contains(&b) {
            post.push(b);
        }
    }
    post
}

/// The LLVM instruction of an `arith` dialect binary operation (`addi` -> `add`, `remf` -> `frem`,
/// ...), by its short name; `None` for any other operation.
pub(crate) fn arith_binary(short: &str) -> Option<&'static str> {
    Some(match short {
        "addi" => "add",
        "subi" => "sub",
        "muli" => "mul",
        "divsi" => "sdiv",
        "divui" => "udiv",
        "remsi" => "srem",
        "remui" => "urem",
        "andi" => "and",
        "ori" => "or",
        "xori" => "xor",
        "shli" => "shl",
        "shrsi" => "ashr",
        "shrui" => "lshr",
        "addf" => "fadd",
        "subf" => "fsub",
        "mulf" => "fmul",
        "divf" => "fdiv",
        "remf" => "frem",
        _ => return None,
    })
}
