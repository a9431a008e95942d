//! Printing GenX IR back as LLVM IR text (for `--emit legalized` and for reading pass output).
//!
//! Region instructions become `llvm.genx.rdregion{i,f}` / `llvm.genx.wrregion{i,f}` calls with
//! LLVM's overload suffixes (`llvm.genx.rdregioni.v16i32.v32i32.i16`); a region with a variable
//! index and a constant offset gets an `add` of the two before the call, since the intrinsics take
//! one index operand. Every intrinsic used is declared once. The text is meant to be accepted by
//! `llvm-as` (LLVM 14): values are numbered `%v<id>`, parameters `%arg<i>`, blocks `bb<id>`.

use crate::data_section::DataGlobal;
use crate::intrinsics::IntrinsicId;
use crate::ir::{
    sign_extend, BinOp, BlockId, CastOp, CmpPred, Function, InstKind, Linkage, Module, Terminator, Value,
};
use crate::region::Region;
use crate::types::{Elem, Type};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Prints a whole module: every function, the intrinsic declarations, and the `genx.kernels`
/// metadata of its kernels (so that the text compiles again as it is).
pub fn print_llvm(m: &Module) -> String {
    let mut decls = BTreeMap::new();
    let mut body = String::new();
    for (_, f) in m.functions.iter() {
        body.push_str(&function_text(f, Some(m), &mut decls));
        body.push('\n');
    }
    let mut text = finish(body, decls);
    if let Some(k) = m.kernels.first() {
        for g in &k.globals {
            let _ = writeln!(text, "{}", data_global_text(g, &k.globals));
        }
    }
    kernels_metadata(m, &mut text);
    text
}

/// The LLVM type a data global is printed with: its bytes as `[N x i8]`, or, when it holds
/// addresses, a packed struct of byte runs and `i8*` addresses.
fn data_global_type(g: &DataGlobal) -> String {
    let parts: Vec<String> = data_global_parts(g)
        .into_iter()
        .map(|p| match p {
            Part::Bytes(b) => format!("[{} x i8]", b.len()),
            Part::Address(_) => "i8*".to_string(),
        })
        .collect();
    if g.relocs.is_empty() {
        parts.into_iter().next().unwrap_or_else(|| "[0 x i8]".to_string())
    } else {
        format!("<{{ {} }}>", parts.join(", "))
    }
}

/// A piece of a printed data global.
enum Part<'a> {
    Bytes(&'a [u8]),
    Address(&'a crate::data_section::DataReloc),
}

/// The byte runs and addresses of `g` in order.
fn data_global_parts(g: &DataGlobal) -> Vec<Part<'_>> {
    let mut relocs: Vec<_> = g.relocs.iter().collect();
    relocs.sort_by_key(|r| r.offset);
    let mut parts = Vec::new();
    let mut at = 0usize;
    for r in relocs {
        let o = (r.offset as usize).min(g.init.len());
        if o > at {
            parts.push(Part::Bytes(&g.init[at..o]));
        }
        parts.push(Part::Address(r));
        at = (o + 8).min(g.init.len());
    }
    if at < g.init.len() || parts.is_empty() {
        parts.push(Part::Bytes(&g.init[at..]));
    }
    parts
}

/// The definition of data global `g` (of the section `all`).
fn data_global_text(g: &DataGlobal, all: &[DataGlobal]) -> String {
    let bytes = |b: &[u8]| {
        let s: String = b.iter().map(|c| format!("\\{c:02X}")).collect();
        format!("[{} x i8] c\"{s}\"", b.len())
    };
    let parts: Vec<String> = data_global_parts(g)
        .into_iter()
        .map(|p| match p {
            Part::Bytes(b) => bytes(b),
            Part::Address(r) => {
                let ty = all.iter().find(|x| x.name == r.symbol).map_or("i8".to_string(), data_global_type);
                format!(
                    "i8* getelementptr (i8, i8* bitcast ({ty}* @{} to i8*), i64 {})",
                    quote(&r.symbol),
                    r.addend
                )
            }
        })
        .collect();
    let init = if g.relocs.is_empty() {
        parts.into_iter().next().unwrap_or_default()
    } else {
        format!("{} <{{ {} }}>", data_global_type(g), parts.join(", "))
    };
    let kind = if g.constant { "constant" } else { "global" };
    format!("@{} = internal {kind} {init}, align {}", quote(&g.name), g.align)
}

/// Appends the `genx.kernels` named metadata in the current 8-operand layout: function, name,
/// argument kinds, SLM size, argument offsets, IO kinds, type descriptors, named barriers.
fn kernels_metadata(m: &Module, out: &mut String) {
    if m.kernels.is_empty() {
        return;
    }
    let refs: Vec<String> = (0..m.kernels.len()).map(|i| format!("!{}", i * 5)).collect();
    let _ = writeln!(out, "\n!genx.kernels = !{{{}}}", refs.join(", "));
    let list = |items: Vec<String>| items.join(", ");
    for (i, k) in m.kernels.iter().enumerate() {
        let n = i * 5;
        let f = &m.functions[k.func];
        let params = list(f.params.iter().map(|t| t.to_string()).collect());
        let kinds = list(k.args.iter().map(|a| format!("i32 {}", a.kind_code)).collect());
        let offsets = list(k.args.iter().map(|a| format!("i32 {}", a.offset.unwrap_or(0))).collect());
        let io = list(k.args.iter().map(|a| format!("i32 {}", a.io_kind.code())).collect());
        let descs = list(k.args.iter().map(|a| md_string(&a.type_desc)).collect());
        let _ = writeln!(
            out,
            "!{n} = !{{{} ({params})* @{}, {}, !{}, i32 {}, !{}, !{}, !{}, i32 {}}}",
            f.ret,
            quote(&f.name),
            md_string(&k.name),
            n + 1,
            k.slm_size,
            n + 2,
            n + 3,
            n + 4,
            k.nbarrier_count
        );
        let _ = writeln!(out, "!{} = !{{{kinds}}}", n + 1);
        let _ = writeln!(out, "!{} = !{{{offsets}}}", n + 2);
        let _ = writeln!(out, "!{} = !{{{io}}}", n + 3);
        let _ = writeln!(out, "!{} = !{{{descs}}}", n + 4);
    }
}

/// Prints one function as a module of its own (with the declarations it needs).
pub fn print_function(f: &Function) -> String {
    let mut decls = BTreeMap::new();
    let body = function_text(f, None, &mut decls);
    finish(body, decls)
}

fn finish(mut body: String, decls: BTreeMap<String, String>) -> String {
    for d in decls.values() {
        body.push_str(d);
        body.push('\n');
    }
    body
}

/// LLVM's overload mangling of a type (`v16i32`, `f32`, `i1`).
pub fn mangle(t: Type) -> String {
    fn elem(e: Elem) -> &'static str {
        match e {
            Elem::I1 => "i1",
            Elem::I8 => "i8",
            Elem::I16 => "i16",
            Elem::I32 => "i32",
            Elem::I64 => "i64",
            Elem::Half => "f16",
            Elem::Float => "f32",
            Elem::Double => "f64",
        }
    }
    match t {
        Type::Void => "isVoid".to_string(),
        Type::Scalar(e) => elem(e).to_string(),
        Type::Vector(e, n) => format!("v{n}{}", elem(e)),
    }
}

fn scalar_const(e: Elem, bits: Option<u64>) -> String {
    let Some(b) = bits else { return "undef".to_string() };
    match e {
        Elem::I1 => (if b & 1 == 1 { "true" } else { "false" }).to_string(),
        Elem::Half => format!("0xH{:04X}", b & 0xffff),
        Elem::Float => format!("0x{:016X}", f64::from(f32::from_bits(b as u32)).to_bits()),
        Elem::Double => format!("0x{b:016X}"),
        _ => sign_extend(b, e).to_string(),
    }
}

struct Printer<'a> {
    f: &'a Function,
    out: String,
    decls: &'a mut BTreeMap<String, String>,
    tmp: usize,
    /// The module's data section, whose globals the function's global addresses name.
    globals: &'a [DataGlobal],
}

impl Printer<'_> {
    fn name(&self, v: Value) -> String {
        match v {
            Value::Param(i) => format!("%arg{i}"),
            Value::Inst(i) => format!("%v{}", u32::from(i.into_raw())),
            Value::Const(c) => {
                let k = &self.f.consts[c];
                match k.ty {
                    Type::Vector(e, _) => {
                        if k.is_undef() {
                            "undef".to_string()
                        } else {
                            let items: Vec<String> =
                                k.elems.iter().map(|b| format!("{} {}", e, scalar_const(e, *b))).collect();
                            format!("<{}>", items.join(", "))
                        }
                    }
                    Type::Scalar(e) => scalar_const(e, k.elems.first().copied().flatten()),
                    Type::Void => "undef".to_string(),
                }
            }
        }
    }

    fn typed(&self, v: Value) -> String {
        format!("{} {}", self.f.value_type(v), self.name(v))
    }

    fn block(&self, b: BlockId) -> String {
        format!("%bb{}", u32::from(b.into_raw()))
    }

    fn declare(&mut self, name: &str, ret: impl std::fmt::Display, args: &[Type]) {
        // Most calls repeat an intrinsic already declared: look it up before writing anything.
        if self.decls.contains_key(name) {
            return;
        }
        let params: Vec<String> = args.iter().map(|t| t.to_string()).collect();
        self.decls.insert(name.to_string(), format!("declare {ret} @{name}({})", params.join(", ")));
    }

    /// The index operand of a region (`i16 24`, or a variable index with the offset added).
    fn index_operand(&mut self, r: &Region) -> (String, Type) {
        match r.indirect {
            None => (format!("i16 {}", r.offset as i16), Type::Scalar(Elem::I16)),
            Some(idx) => {
                let t = self.f.value_type(idx);
                if r.offset == 0 {
                    return (self.typed(idx), t);
                }
                self.tmp += 1;
                let tmp = format!("%idx.{}", self.tmp);
                let off = match t {
                    Type::Vector(_, n) => {
                        let items = vec![format!("i16 {}", r.offset as i16); n as usize];
                        format!("<{}>", items.join(", "))
                    }
                    _ => (r.offset as i16).to_string(),
                };
                let _ = writeln!(self.out, "  {tmp} = add {t} {}, {off}", self.name(idx));
                (format!("{t} {tmp}"), t)
            }
        }
    }

    fn parent_width(r: &Region) -> String {
        if r.indirect.is_some() {
            format!("i32 {}", r.parent_width)
        } else {
            "i32 undef".to_string()
        }
    }

    fn inst(&mut self, id: crate::ir::InstId) {
        let inst = &self.f.insts[id];
        let ty = inst.ty;
        let aggregate = simdcf_struct(self.f, Value::Inst(id));
        let lhs = if ty == Type::Void && aggregate.is_none() {
            String::new()
        } else {
            format!("{} = ", self.name(Value::Inst(id)))
        };
        let text = match &inst.kind {
            InstKind::ExtractValue { aggregate: a, index } => {
                let st = simdcf_struct(self.f, *a).unwrap_or_default();
                format!("extractvalue {st} {}, {index}", self.name(*a))
            }
            InstKind::Binary { op, lhs: a, rhs: b } => {
                format!("{} {}, {}", binop(*op), self.typed(*a), self.name(*b))
            }
            InstKind::FNeg(v) => format!("fneg {}", self.typed(*v)),
            InstKind::Cmp { pred, lhs: a, rhs: b } => {
                let (kw, p) = cmp(*pred);
                format!("{kw} {p} {}, {}", self.typed(*a), self.name(*b))
            }
            InstKind::Select { cond, on_true, on_false } => {
                format!("select {}, {}, {}", self.typed(*cond), self.typed(*on_true), self.typed(*on_false))
            }
            InstKind::Cast { op, value } => format!("{} {} to {ty}", castop(*op), self.typed(*value)),
            InstKind::ExtractElement { vector, index } => {
                format!("extractelement {}, {}", self.typed(*vector), self.typed(*index))
            }
            InstKind::InsertElement { vector, elem, index } => {
                format!(
                    "insertelement {}, {}, {}",
                    self.typed(*vector),
                    self.typed(*elem),
                    self.typed(*index)
                )
            }
            InstKind::Shuffle { a, b, mask } => {
                let items: Vec<String> =
                    mask.iter().map(|m| m.map_or("i32 undef".to_string(), |m| format!("i32 {m}"))).collect();
                format!(
                    "shufflevector {}, {}, <{} x i32> <{}>",
                    self.typed(*a),
                    self.typed(*b),
                    mask.len(),
                    items.join(", ")
                )
            }
            InstKind::RdRegion { input, region } => {
                let it = self.f.value_type(*input);
                let rd = if ty.elem().is_some_and(Elem::is_float) {
                    IntrinsicId::Rdregionf
                } else {
                    IntrinsicId::Rdregioni
                };
                let (idx, idx_t) = self.index_operand(region);
                let name = format!("{}.{}.{}.{}", rd.name(), mangle(ty), mangle(it), mangle(idx_t));
                let i32t = Type::Scalar(Elem::I32);
                self.declare(&name, ty, &[it, i32t, i32t, i32t, idx_t, i32t]);
                format!(
                    "call {ty} @{name}({}, i32 {}, i32 {}, i32 {}, {idx}, {})",
                    self.typed(*input),
                    region.vstride,
                    region.width,
                    region.stride,
                    Self::parent_width(region)
                )
            }
            InstKind::WrRegion { old, new, region, mask } => {
                let nt = self.f.value_type(*new);
                let mt = self.f.value_type(*mask);
                let wr = if ty.elem().is_some_and(Elem::is_float) {
                    IntrinsicId::Wrregionf
                } else {
                    IntrinsicId::Wrregioni
                };
                let (idx, idx_t) = self.index_operand(region);
                let name =
                    format!("{}.{}.{}.{}.{}", wr.name(), mangle(ty), mangle(nt), mangle(idx_t), mangle(mt));
                let i32t = Type::Scalar(Elem::I32);
                self.declare(&name, ty, &[ty, nt, i32t, i32t, i32t, idx_t, i32t, mt]);
                format!(
                    "call {ty} @{name}({}, {}, i32 {}, i32 {}, i32 {}, {idx}, {}, {})",
                    self.typed(*old),
                    self.typed(*new),
                    region.vstride,
                    region.width,
                    region.stride,
                    Self::parent_width(region),
                    self.typed(*mask)
                )
            }
            InstKind::Intrinsic { id, args } => {
                let arg_types: Vec<Type> = args.iter().map(|&a| self.f.value_type(a)).collect();
                let mut name = id.name().to_string();
                if ty != Type::Void {
                    name.push('.');
                    name.push_str(&mangle(ty));
                }
                if id.is_genx() {
                    // genx overloads: every non-i32 argument type, in order, keeps names distinct
                    for t in &arg_types {
                        if *t != Type::Scalar(Elem::I32) {
                            name.push('.');
                            name.push_str(&mangle(*t));
                        }
                    }
                }
                let a: Vec<String> = args.iter().map(|&v| self.typed(v)).collect();
                // a goto's or join's struct result, or the value's own type
                let ret = aggregate.clone().unwrap_or_else(|| ty.to_string());
                self.declare(&name, &ret, &arg_types);
                format!("call {ret} @{name}({})", a.join(", "))
            }
            InstKind::Call { callee, args } => {
                let a: Vec<String> = args.iter().map(|&v| self.typed(v)).collect();
                format!("call {ty} @f{}({})", u32::from(callee.into_raw()), a.join(", "))
            }
            InstKind::InlineAsm { asm, args } => {
                let a: Vec<String> = args.iter().map(|&v| self.typed(v)).collect();
                let ret = aggregate.clone().unwrap_or_else(|| ty.to_string());
                format!("call {ret} {}({})", asm.llvm_text(), a.join(", "))
            }
            InstKind::FuncAddr(func) => {
                // the function's type is not known here: its address as an i8 pointer
                let f = format!("@f{}", u32::from(func.into_raw()));
                self.decls
                    .entry("llvm.genx.gaddr.i64.p0i8".into())
                    .or_insert_with(|| "declare i64 @llvm.genx.gaddr.i64.p0i8(i8*)".to_string());
                format!("call i64 @llvm.genx.gaddr.i64.p0i8(i8* bitcast (void ()* {f} to i8*))")
            }
            InstKind::GlobalAddr(name) => {
                self.decls
                    .entry("llvm.genx.gaddr.i64.p0i8".into())
                    .or_insert_with(|| "declare i64 @llvm.genx.gaddr.i64.p0i8(i8*)".to_string());
                // the global's definition is printed with the module; a lone function declares it
                let ty = match self.globals.iter().find(|g| g.name == *name) {
                    Some(g) => data_global_type(g),
                    None => {
                        self.decls
                            .entry(format!("@{name}"))
                            .or_insert_with(|| format!("@{} = external global i8", quote(name)));
                        "i8".to_string()
                    }
                };
                format!("call i64 @llvm.genx.gaddr.i64.p0i8(i8* bitcast ({ty}* @{} to i8*))", quote(name))
            }
            InstKind::IndirectCall { addr, args } => {
                let a: Vec<String> = args.iter().map(|&v| self.typed(v)).collect();
                let params: Vec<String> = args.iter().map(|&v| self.f.value_type(v).to_string()).collect();
                self.tmp += 1;
                let fp = format!("%fp.{}", self.tmp);
                let _ = writeln!(
                    self.out,
                    "  {fp} = inttoptr i64 {} to {ty} ({})*",
                    self.name(*addr),
                    params.join(", ")
                );
                format!("call {ty} {fp}({})", a.join(", "))
            }
            InstKind::Phi { incoming } => {
                let items: Vec<String> = incoming
                    .iter()
                    .map(|(b, v)| format!("[ {}, {} ]", self.name(*v), self.block(*b)))
                    .collect();
                format!("phi {ty} {}", items.join(", "))
            }
        };
        let _ = writeln!(self.out, "  {lhs}{text}");
    }

    fn term(&mut self, t: &Terminator) {
        let text = match t {
            Terminator::Br(b) => format!("br label {}", self.block(*b)),
            Terminator::CondBr { cond, on_true, on_false } => {
                format!(
                    "br {}, label {}, label {}",
                    self.typed(*cond),
                    self.block(*on_true),
                    self.block(*on_false)
                )
            }
            Terminator::Switch { value, default, cases } => {
                let t = self.f.value_type(*value);
                let e = t.elem().unwrap_or(Elem::I32);
                let items: Vec<String> = cases
                    .iter()
                    .map(|(k, b)| format!("{t} {}, label {}", scalar_const(e, Some(*k)), self.block(*b)))
                    .collect();
                format!(
                    "switch {}, label {} [ {} ]",
                    self.typed(*value),
                    self.block(*default),
                    items.join(" ")
                )
            }
            Terminator::Ret(None) => "ret void".to_string(),
            Terminator::Ret(Some(v)) => format!("ret {}", self.typed(*v)),
            Terminator::Unreachable => "unreachable".to_string(),
        };
        let _ = writeln!(self.out, "  {text}");
    }
}

fn function_text(f: &Function, m: Option<&Module>, decls: &mut BTreeMap<String, String>) -> String {
    let params: Vec<String> = f.params.iter().enumerate().map(|(i, t)| format!("{t} %arg{i}")).collect();
    // call targets are printed as @f<id>; name them after the callee when the module is known
    let globals = m.and_then(|m| m.kernels.first()).map_or(&[][..], |k| &k.globals[..]);
    let mut p = Printer { f, out: String::new(), decls, tmp: 0, globals };
    if f.layout.is_empty() {
        return format!(
            "declare {} @{}({})\n",
            f.ret,
            quote(&f.name),
            f.params.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    let linkage = match f.linkage {
        Linkage::Kernel => "dllexport ",
        Linkage::External => "",
        Linkage::Internal => "internal ",
    };
    let _ = writeln!(p.out, "define {linkage}{} @{}({}) {{", f.ret, quote(&f.name), params.join(", "));
    for &b in &f.layout {
        let _ = writeln!(p.out, "bb{}:", u32::from(b.into_raw()));
        for &id in &f.blocks[b].insts {
            p.inst(id);
        }
        p.term(&f.blocks[b].term);
    }
    p.out.push_str("}\n");
    let mut text = p.out;
    if let Some(m) = m {
        for (id, callee) in m.functions.iter() {
            text = text
                .replace(&format!("@f{}(", u32::from(id.into_raw())), &format!("@{}(", quote(&callee.name)));
        }
    }
    text
}

/// A metadata string (`!"..."`), with quotes, backslashes and non-printable bytes as `\XX`.
fn md_string(s: &str) -> String {
    let mut out = String::from("!\"");
    for b in s.bytes() {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\{b:02X}");
        }
    }
    out.push('"');
    out
}

fn quote(name: &str) -> String {
    if !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$')
    {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('"', "\\22"))
    }
}

fn binop(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "add",
        BinOp::Sub => "sub",
        BinOp::Mul => "mul",
        BinOp::SDiv => "sdiv",
        BinOp::UDiv => "udiv",
        BinOp::SRem => "srem",
        BinOp::URem => "urem",
        BinOp::Shl => "shl",
        BinOp::LShr => "lshr",
        BinOp::AShr => "ashr",
        BinOp::And => "and",
        BinOp::Or => "or",
        BinOp::Xor => "xor",
        BinOp::FAdd => "fadd",
        BinOp::FSub => "fsub",
        BinOp::FMul => "fmul",
        BinOp::FDiv => "fdiv",
        BinOp::FRem => "frem",
    }
}

fn castop(op: CastOp) -> &'static str {
    match op {
        CastOp::Trunc => "trunc",
        CastOp::ZExt => "zext",
        CastOp::SExt => "sext",
        CastOp::FPTrunc => "fptrunc",
        CastOp::FPExt => "fpext",
        CastOp::FPToUI => "fptoui",
        CastOp::FPToSI => "fptosi",
        CastOp::UIToFP => "uitofp",
        CastOp::SIToFP => "sitofp",
        CastOp::BitCast => "bitcast",
    }
}

fn cmp(p: CmpPred) -> (&'static str, &'static str) {
    use CmpPred::*;
    match p {
        Eq => ("icmp", "eq"),
        Ne => ("icmp", "ne"),
        Ugt => ("icmp", "ugt"),
        Uge => ("icmp", "uge"),
        Ult => ("icmp", "ult"),
        Ule => ("icmp", "ule"),
        Sgt => ("icmp", "sgt"),
        Sge => ("icmp", "sge"),
        Slt => ("icmp", "slt"),
        Sle => ("icmp", "sle"),
        FFalse => ("fcmp", "false"),
        FOeq => ("fcmp", "oeq"),
        FOgt => ("fcmp", "ogt"),
        FOge => ("fcmp", "oge"),
        FOlt => ("fcmp", "olt"),
        FOle => ("fcmp", "ole"),
        FOne => ("fcmp", "one"),
        FOrd => ("fcmp", "ord"),
        FUno => ("fcmp", "uno"),
        FUeq => ("fcmp", "ueq"),
        FUgt => ("fcmp", "ugt"),
        FUge => ("fcmp", "uge"),
        FUlt => ("fcmp", "ult"),
        FUle => ("fcmp", "ule"),
        FUne => ("fcmp", "une"),
        FTrue => ("fcmp", "true"),
    }
}

/// The LLVM struct type a SIMD control flow goto or join returns, if `v` is one.
fn simdcf_struct(f: &Function, v: Value) -> Option<String> {
    let Value::Inst(id) = v else { return None };
    if let InstKind::InlineAsm { asm, .. } = &f.insts[id].kind {
        let fields: Vec<String> = asm.fields.iter().map(|t| t.to_string()).collect();
        return (!fields.is_empty()).then(|| format!("{{ {} }}", fields.join(", ")));
    }
    let InstKind::Intrinsic { id: iid, args } = &f.insts[id].kind else { return None };
    match iid {
        IntrinsicId::SimdcfGoto => Some(format!("{{ <32 x i1>, {}, i1 }}", f.value_type(*args.get(1)?))),
        IntrinsicId::SimdcfJoin => Some("{ <32 x i1>, i1 }".to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Constant, Inst};
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    fn llvm_as(text: &str) -> Result<(), String> {
        let mut child = Command::new("llvm-as-14")
            .args(["-", "-o", "/dev/null"])
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("llvm-as-14 must be on PATH: {e}"))?;
        child.stdin.take().ok_or("no stdin")?.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!("{}\n{text}", String::from_utf8_lossy(&out.stderr)))
        }
    }

    fn sample() -> Function {
        let v32 = Type::Vector(Elem::Float, 32);
        let v16 = Type::Vector(Elem::Float, 16);
        let p16 = Type::Vector(Elem::I1, 16);
        let mut f = Function::new(
            "k",
            Linkage::Kernel,
            vec![v32, Type::Scalar(Elem::I16), p16, Type::Vector(Elem::I16, 4), Type::Vector(Elem::I8, 16)],
            v32,
        );
        let b = f.add_block("entry");
        let t = f.add_const(Constant { ty: Type::Scalar(Elem::I1), elems: vec![Some(1)] });
        let push = |f: &mut Function, kind, ty| f.push_inst(b, Inst { kind, ty, name: String::new() });
        let r = Region::from_operands(4, 16, 8, 4, 1, 4, None, 0).unwrap();
        let a = push(&mut f, InstKind::RdRegion { input: Value::Param(0), region: r }, v16);
        let ri = Region { indirect: Some(Value::Param(1)), offset: 8, ..Region::contiguous(4, 16, 0) };
        let c = push(&mut f, InstKind::RdRegion { input: Value::Param(0), region: ri }, v16);
        let rm = Region {
            indirect: Some(Value::Param(3)),
            offset: 4,
            width: 4,
            vstride: 0,
            stride: 1,
            ..Region::contiguous(4, 16, 0)
        };
        let d = push(&mut f, InstKind::RdRegion { input: Value::Param(0), region: rm }, v16);
        let half = f.add_const(Constant::splat(v16, 0.5f32.to_bits().into()));
        let m = push(&mut f, InstKind::Binary { op: BinOp::FMul, lhs: a, rhs: half }, v16);
        let m = push(&mut f, InstKind::Binary { op: BinOp::FAdd, lhs: m, rhs: c }, v16);
        let m = push(&mut f, InstKind::FNeg(m), v16);
        let cmpv = push(&mut f, InstKind::Cmp { pred: CmpPred::FOlt, lhs: m, rhs: d }, p16);
        let s = push(&mut f, InstKind::Select { cond: cmpv, on_true: m, on_false: d }, v16);
        let id = IntrinsicId::Rdpredregion;
        let off = f.add_const(Constant::int(Elem::I32, 8));
        let q = push(
            &mut f,
            InstKind::Intrinsic { id, args: vec![Value::Param(2), off] },
            Type::Vector(Elem::I1, 8),
        );
        let wid = IntrinsicId::Wrpredregion;
        let _pw = push(&mut f, InstKind::Intrinsic { id: wid, args: vec![Value::Param(2), q, off] }, p16);
        let z = push(
            &mut f,
            InstKind::Cast { op: CastOp::ZExt, value: Value::Param(4) },
            Type::Vector(Elem::I32, 16),
        );
        let _zf = push(&mut f, InstKind::Cast { op: CastOp::UIToFP, value: z }, v16);
        let undef = f.add_const(Constant::undef(v32));
        let w = push(
            &mut f,
            InstKind::WrRegion { old: undef, new: s, region: Region::contiguous(4, 16, 0), mask: t },
            v32,
        );
        let wi = Region { indirect: Some(Value::Param(1)), offset: -4, ..Region::contiguous(4, 16, 0) };
        let w = push(&mut f, InstKind::WrRegion { old: w, new: m, region: wi, mask: Value::Param(2) }, v32);
        f.blocks[b].term = Terminator::Ret(Some(w));
        f
    }

    #[test]
    fn names_carry_overload_suffixes() {
        let text = print_function(&sample());
        assert!(text.contains("@llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %arg0, i32 8, i32 4, i32 1, i16 4, i32 undef)"), "{text}");
        assert!(text.contains("@llvm.genx.rdregionf.v16f32.v32f32.v4i16("), "{text}");
        assert!(text.contains("@llvm.genx.wrregionf.v32f32.v16f32.i16.v16i1("), "{text}");
        assert!(text.contains("declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)"));
        assert_eq!(text.matches("declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(").count(), 1);
        assert!(text.contains("define dllexport <32 x float> @k("));
    }

    #[test]
    fn llvm_as_accepts_the_text() {
        let mut m = Module::default();
        m.functions.alloc(sample());
        let text = print_llvm(&m);
        llvm_as(&text).unwrap();
        // and a broken text is rejected, so the check means something
        assert!(llvm_as(&text.replace("fmul", "fmull")).is_err());
    }
}
