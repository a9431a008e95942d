//! Module-level conversion: symbols, globals (`llvm.mlir.global` with a value or an initializer
//! region, `memref.global`), functions with their calling convention (memref unbundling, result
//! packing, `_mlir_ciface_` wrappers), GenX kernels, data layout and triple; and the assembly of
//! the LLVM IR text.

use crate::func::FnEmitter;
use crate::types::{dense_text, quote, scalar_text, LTy, Types};
use foldhash::{HashMap, HashMapExt};
use genxc_diag::{invalid, unsupported, Diagnostic, Failure};
use genxc_frontend::mlir::{Attr, Ir, Loc, OpId, Operation, Scalar, Type, ValueId};
use std::collections::BTreeMap;

/// A function or global the module defines or declares.
#[derive(Clone, Debug)]
pub enum Sym {
    /// A function: its LLVM type, and the MLIR signature of a `func.func`.
    Func {
        /// Result type.
        ret: LTy,
        /// Parameter types (after unbundling).
        params: Vec<LTy>,
        /// Variadic.
        vararg: bool,
        /// MLIR argument and result types of a `func.func`.
        mlir: Option<(Vec<Type>, Vec<Type>)>,
    },
    /// A global variable of a value type in an address space.
    Global(LTy, u32),
}

impl Sym {
    /// The LLVM function type of a function symbol.
    pub fn fn_type(&self) -> Option<LTy> {
        match self {
            Sym::Func { ret, params, vararg, .. } => {
                Some(LTy::Func(Box::new(ret.clone()), params.clone(), *vararg))
            }
            Sym::Global(..) => None,
        }
    }
}

/// State of the translation of one module.
pub struct ModuleEmitter<'a> {
    pub(crate) file: &'a str,
    pub(crate) ir: &'a Ir,
    pub(crate) types: Types,
    pub(crate) syms: HashMap<String, Sym>,
    pub(crate) decls: BTreeMap<String, String>,
    globals: Vec<String>,
    funcs: Vec<String>,
    attr_groups: Vec<String>,
    kernels: Vec<String>,
    metadata: Vec<String>,
    /// Options of the gpu dialect's lowering.
    pub(crate) gpu: crate::gpu::GpuOptions,
    /// The gpu kernels translated, for their description.
    pub gpu_kernels: Vec<crate::gpu::KernelInfo>,
    /// Notes for the user (host functions left out).
    pub notes: Vec<String>,
}

/// A conversion error at an operation.
pub fn err_at(file: &str, loc: Loc, msg: impl Into<Failure>) -> Diagnostic {
    Diagnostic::at_source(file, loc.line, loc.col, msg)
}

fn str_attr(op: &Operation, name: &str) -> Option<String> {
    op.attr(name).and_then(|a| a.as_str()).map(str::to_string)
}

fn dialect_body(op: &Operation, name: &str) -> Option<String> {
    match op.attr(name) {
        Some(Attr::Dialect(_, b)) => Some(b.clone()),
        Some(Attr::Str(s)) => Some(String::from_utf8_lossy(s).into_owned()),
        _ => None,
    }
}

/// The `c"..."` text of bytes.
pub fn c_string(bytes: &[u8]) -> String {
    let mut s = String::from("c\"");
    for &b in bytes {
        if (32..127).contains(&b) && b != b'"' && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\{b:02X}"));
        }
    }
    s.push('"');
    s
}

/// A constant value while evaluating an initializer region.
#[derive(Clone, Debug)]
enum CVal {
    Text(String, LTy),
    Agg(LTy, Vec<CVal>),
}

impl CVal {
    fn ty(&self) -> &LTy {
        match self {
            CVal::Text(_, t) | CVal::Agg(t, _) => t,
        }
    }
    fn text(&self) -> String {
        match self {
            CVal::Text(s, _) => s.clone(),
            CVal::Agg(t, parts) => {
                let body =
                    parts.iter().map(|p| format!("{} {}", p.ty(), p.text())).collect::<Vec<_>>().join(", ");
                match t {
                    LTy::Array(..) => format!("[{body}]"),
                    LTy::Vec(..) => format!("<{body}>"),
                    LTy::Struct(_, true) => format!("<{{ {body} }}>"),
                    _ => format!("{{ {body} }}"),
                }
            }
        }
    }
}

impl<'a> ModuleEmitter<'a> {
    /// Starts the translation of a module of `ir`.
    pub fn new(file: &'a str, ir: &'a Ir, index_bits: u32) -> Self {
        ModuleEmitter {
            file,
            ir,
            types: Types::new(index_bits),
            syms: HashMap::new(),
            decls: BTreeMap::new(),
            globals: Vec::new(),
            funcs: Vec::new(),
            attr_groups: Vec::new(),
            kernels: Vec::new(),
            metadata: Vec::new(),
            gpu: crate::gpu::GpuOptions::default(),
            gpu_kernels: Vec::new(),
            notes: Vec::new(),
        }
    }

    fn conv(&mut self, t: &Type, loc: Loc) -> Result<LTy, Diagnostic> {
        self.types.convert(t).map_err(|m| err_at(self.file, loc, m))
    }

    /// Declares an external function (intrinsic or libc) once.
    pub(crate) fn declare(&mut self, name: &str, ret: &LTy, params: &[LTy], vararg: bool) {
        if self.syms.contains_key(name) {
            return;
        }
        let mut p = params.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
        if vararg {
            p = if p.is_empty() { "...".into() } else { format!("{p}, ...") };
        }
        self.decls.entry(name.to_string()).or_insert_with(|| format!("declare {ret} @{}({p})", quote(name)));
        self.syms.insert(
            name.to_string(),
            Sym::Func { ret: ret.clone(), params: params.to_vec(), vararg, mlir: None },
        );
    }

    /// Translates the module operation to LLVM IR text.
    pub fn run(self, module: OpId) -> Result<String, Diagnostic> {
        self.run_collect(module).map(|r| r.0)
    }

    /// A private constant holding `text` and a NUL, as an `i8*` constant expression.
    pub(crate) fn string_constant(&mut self, text: &str) -> String {
        let n = self.globals.len();
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        let len = bytes.len();
        self.globals
            .push(format!("@.str.gpu.{n} = private unnamed_addr constant [{len} x i8] {}", c_string(&bytes)));
        format!("getelementptr ([{len} x i8], [{len} x i8]* @.str.gpu.{n}, i64 0, i64 0)")
    }

    /// Adds a function definition's text.
    pub(crate) fn push_function(&mut self, text: String) {
        self.funcs.push(text);
    }

    /// The attribute group of GenX kernels (`noinline nounwind "CMGenxMain"`), made once.
    pub(crate) fn kernel_attr_group(&mut self) -> usize {
        let g = "{ noinline nounwind \"CMGenxMain\" }";
        if let Some(i) = self.attr_groups.iter().position(|a| a.ends_with(g)) {
            return i;
        }
        let n = self.attr_groups.len();
        self.attr_groups.push(format!("attributes #{n} = {g}"));
        n
    }

    /// The `genx.kernels` node of a kernel from its argument kinds and descriptions.
    pub(crate) fn push_kernel_metadata(
        &mut self,
        name: &str,
        params: &[LTy],
        kinds: &[u32],
        descs: &[&str],
        slm: u32,
    ) {
        let id = self.metadata.len();
        let fty = LTy::Func(Box::new(LTy::Void), params.to_vec(), false);
        let list = |v: Vec<String>| v.join(", ");
        self.metadata.push(format!(
            "!{id} = !{{{fty}* @{}, !\"{name}\", !{}, i32 {slm}, i32 0, !{}, !{}, i32 0}}",
            quote(name),
            id + 1,
            id + 2,
            id + 3
        ));
        self.metadata.push(format!(
            "!{} = !{{{}}}",
            id + 1,
            list(kinds.iter().map(|k| format!("i32 {k}")).collect())
        ));
        self.metadata.push(format!(
            "!{} = !{{{}}}",
            id + 2,
            list(kinds.iter().map(|_| "i32 0".to_string()).collect())
        ));
        self.metadata.push(format!(
            "!{} = !{{{}}}",
            id + 3,
            list(descs.iter().map(|d| format!("!\"{d}\"")).collect())
        ));
        self.kernels.push(format!("!{id}"));
    }

    /// Translates the module operation to LLVM IR text, with the gpu kernels' descriptions and
    /// the notes of the translation.
    pub fn run_collect(
        mut self,
        module: OpId,
    ) -> Result<(String, Vec<crate::gpu::KernelInfo>, Vec<String>), Diagnostic> {
        let ir = self.ir;
        let mop = ir.op(module);
        let mut header = String::new();
        let mut has_kernel = false;
        if let Some(dl) = str_attr(mop, "llvm.data_layout") {
            header.push_str(&format!("target datalayout = \"{dl}\"\n"));
        }
        if let Some(t) = str_attr(mop, "llvm.target_triple") {
            header.push_str(&format!("target triple = \"{t}\"\n"));
        }
        let body: Vec<OpId> = match mop.regions.first() {
            Some(r) => ir.region_ops(*r).to_vec(),
            None => vec![],
        };
        // Symbols first, so bodies can refer to anything.
        for &id in &body {
            let op = ir.op(id);
            match op.name.as_str() {
                "func.func" | "llvm.func" => {
                    let name = str_attr(op, "sym_name").unwrap_or_default();
                    let sym = self.function_sym(op)?;
                    if op.attr("genx.kernel").is_some() {
                        has_kernel = true;
                    }
                    if self.syms.insert(name.clone(), sym).is_some() {
                        return Err(err_at(self.file, op.loc, format!("redefinition of symbol @{name}")));
                    }
                }
                "llvm.mlir.global" | "memref.global" => {
                    let name = str_attr(op, "sym_name").unwrap_or_default();
                    let (ty, space) = self.global_type(op)?;
                    if self.syms.insert(name.clone(), Sym::Global(ty, space)).is_some() {
                        return Err(err_at(self.file, op.loc, format!("redefinition of symbol @{name}")));
                    }
                }
                _ => {}
            }
        }
        for &id in &body {
            let op = ir.op(id);
            match op.name.as_str() {
                "gpu.module" => {
                    has_kernel = true;
                    crate::gpu::gpu_module(&mut self, op)?
                }
                "func.func" if crate::gpu::is_host_function(&self, op) && !self.gpu.host_functions => {
                    let name = str_attr(op, "sym_name").unwrap_or_default();
                    self.notes.push(format!("host function @{name} is not compiled for the GPU"));
                }
                "func.func" | "llvm.func" => self.function(id)?,
                "llvm.mlir.global" => self.llvm_global(op)?,
                "memref.global" => self.memref_global(op)?,
                "llvm.mlir.global_ctors" | "llvm.mlir.global_dtors" | "llvm.comdat" | "llvm.module_flags" => {
                    return Err(err_at(self.file, op.loc, unsupported(format!("'{}'", op.name))))
                }
                n if n.starts_with("tensor.") || n.starts_with("bufferization.") => {
                    return Err(err_at(self.file, op.loc, unsupported(format!("'{n}': bufferize first"))))
                }
                n => {
                    return Err(err_at(
                        self.file,
                        op.loc,
                        unsupported(format!("'{n}' at module level (expected functions and globals)")),
                    ))
                }
            }
        }
        if has_kernel && header.is_empty() {
            header.push_str("target datalayout = \"e-p:64:64-i64:64-n8:16:32\"\ntarget triple = \"genx64-unknown-unknown\"\n");
        }
        let mut out = header;
        out.push('\n');
        for (name, body) in &self.types.named {
            match body {
                Some((fs, packed)) => {
                    let t = LTy::Struct(fs.clone(), *packed);
                    out.push_str(&format!("%{} = type {t}\n", quote(name)));
                }
                None => out.push_str(&format!("%{} = type opaque\n", quote(name))),
            }
        }
        for g in &self.globals {
            out.push_str(g);
            out.push('\n');
        }
        for d in self.decls.values() {
            out.push_str(d);
            out.push('\n');
        }
        for f in &self.funcs {
            out.push('\n');
            out.push_str(f);
        }
        for g in &self.attr_groups {
            out.push_str(g);
            out.push('\n');
        }
        if !self.kernels.is_empty() {
            out.push_str(&format!("!genx.kernels = !{{{}}}\n", self.kernels.join(", ")));
        }
        for m in &self.metadata {
            out.push_str(m);
            out.push('\n');
        }
        Ok((out, self.gpu_kernels, self.notes))
    }

    pub(crate) fn function_sym(&mut self, op: &Operation) -> Result<Sym, Diagnostic> {
        let Some(Attr::Type(fty)) = op.attr("function_type") else {
            return Err(err_at(self.file, op.loc, "function without a function_type"));
        };
        match fty {
            Type::Function { inputs, results } => {
                let mut params = Vec::new();
                for t in inputs {
                    params.extend(self.types.unbundled(t).map_err(|m| err_at(self.file, op.loc, m))?);
                }
                let ret = self.types.pack_results(results).map_err(|m| err_at(self.file, op.loc, m))?;
                Ok(Sym::Func { ret, params, vararg: false, mlir: Some((inputs.clone(), results.clone())) })
            }
            Type::LlvmFunc { ret, params, vararg } => {
                let ret = self.conv(ret, op.loc)?;
                let params = params.iter().map(|p| self.conv(p, op.loc)).collect::<Result<Vec<_>, _>>()?;
                Ok(Sym::Func { ret, params, vararg: *vararg, mlir: None })
            }
            t => Err(err_at(self.file, op.loc, format!("invalid function type {t}"))),
        }
    }

    fn global_type(&mut self, op: &Operation) -> Result<(LTy, u32), Diagnostic> {
        if op.name == "memref.global" {
            let Some(Attr::Type(Type::MemRef { shape, elem, space, .. })) = op.attr("type") else {
                return Err(err_at(self.file, op.loc, "memref.global needs a statically shaped memref type"));
            };
            let mut t = self.conv(elem, op.loc)?;
            for &d in shape.iter().rev() {
                if d < 0 {
                    return Err(err_at(self.file, op.loc, "memref.global needs a static shape"));
                }
                t = LTy::Array(d as u64, Box::new(t));
            }
            return Ok((t, *space));
        }
        let Some(Attr::Type(t)) = op.attr("global_type") else {
            return Err(err_at(self.file, op.loc, "llvm.mlir.global without a type"));
        };
        let t = self.conv(t, op.loc)?;
        let space = op.attr("addr_space").and_then(Attr::as_int).unwrap_or(0) as u32;
        Ok((t, space))
    }

    fn linkage_text(l: &str) -> &'static str {
        match l {
            "private" => "private ",
            "internal" => "internal ",
            "available_externally" => "available_externally ",
            "linkonce" => "linkonce ",
            "weak" => "weak ",
            "common" => "common ",
            "appending" => "appending ",
            "extern_weak" => "extern_weak ",
            "linkonce_odr" => "linkonce_odr ",
            "weak_odr" => "weak_odr ",
            _ => "",
        }
    }

    fn llvm_global(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let name = str_attr(op, "sym_name").unwrap_or_default();
        let (ty, space) = self.global_type(op)?;
        let linkage = dialect_body(op, "linkage").unwrap_or_else(|| "external".into());
        let kind = if op.attr("constant").is_some() { "constant" } else { "global" };
        let mut init = None;
        if let Some(v) = op.attr("value") {
            init = Some(self.const_attr(v, &ty).map_err(|m| err_at(self.file, op.loc, m))?);
        } else if let Some(r) = op.regions.first() {
            if !self.ir.region(*r).blocks.is_empty() {
                init = Some(self.eval_region(*r, op.loc)?);
            }
        }
        let mut text = format!("@{} = {}", quote(&name), Self::linkage_text(&linkage));
        if op.attr("unnamed_addr").is_some() {
            text.push_str("unnamed_addr ");
        }
        if space != 0 {
            text.push_str(&format!("addrspace({space}) "));
        }
        match init {
            Some(i) => text.push_str(&format!("{kind} {ty} {i}")),
            None if matches!(linkage.as_str(), "external" | "extern_weak") => {
                if linkage == "external" {
                    text = format!("@{} = external ", quote(&name));
                    if space != 0 {
                        text.push_str(&format!("addrspace({space}) "));
                    }
                }
                text.push_str(&format!("{kind} {ty}"));
            }
            None => text.push_str(&format!("{kind} {ty} undef")),
        }
        if let Some(a) = op.attr("alignment").and_then(Attr::as_int) {
            text.push_str(&format!(", align {a}"));
        }
        self.globals.push(text);
        Ok(())
    }

    fn memref_global(&mut self, op: &Operation) -> Result<(), Diagnostic> {
        let name = str_attr(op, "sym_name").unwrap_or_default();
        let (ty, space) = self.global_type(op)?;
        let vis = str_attr(op, "sym_visibility").unwrap_or_default();
        let linkage = if vis == "private" { "private " } else { "" };
        let kind = if op.attr("constant").is_some() { "constant" } else { "global" };
        let init = match op.attr("initial_value") {
            Some(Attr::Unit) => "undef".to_string(),
            Some(Attr::Dense(elems, _)) => {
                dense_text(&ty, elems).map_err(|m| err_at(self.file, op.loc, m))?
            }
            Some(other) => self.const_attr(other, &ty).map_err(|m| err_at(self.file, op.loc, m))?,
            None => {
                self.globals.push(format!("@{} = external global {ty}", quote(&name)));
                return Ok(());
            }
        };
        let sp = if space != 0 { format!("addrspace({space}) ") } else { String::new() };
        let mut text = format!("@{} = {linkage}{sp}{kind} {ty} {init}", quote(&name));
        if let Some(a) = op.attr("alignment").and_then(Attr::as_int) {
            text.push_str(&format!(", align {a}"));
        }
        self.globals.push(text);
        Ok(())
    }

    /// The constant text of an attribute for a value of type `ty`.
    pub(crate) fn const_attr(&self, a: &Attr, ty: &LTy) -> Result<String, Failure> {
        match (a, ty) {
            (Attr::Str(s), LTy::Array(n, e)) if **e == LTy::Int(8) => {
                if s.len() as u64 != *n {
                    return Err(invalid(format!("string of {} bytes for {ty}", s.len())));
                }
                Ok(c_string(s))
            }
            (Attr::Int(v, _), t) => scalar_text(Scalar::Int(*v), t.scalar()).map(|s| splat_if_vec(t, s)),
            (Attr::Bool(b), t) => {
                scalar_text(Scalar::Int(*b as i128), t.scalar()).map(|s| splat_if_vec(t, s))
            }
            (Attr::Float(v, _), t) => scalar_text(*v, t.scalar()).map(|s| splat_if_vec(t, s)),
            (Attr::Dense(elems, _), t) => dense_text(t, elems),
            (Attr::Array(items), LTy::Array(_, e)) => {
                let parts = items
                    .iter()
                    .map(|i| Ok(format!("{e} {}", self.const_attr(i, e)?)))
                    .collect::<Result<Vec<_>, Failure>>()?;
                Ok(format!("[{}]", parts.join(", ")))
            }
            (Attr::Array(items), t @ (LTy::Struct(..) | LTy::Named(_))) => {
                let ms = self.types.members(t).ok_or("unknown struct")?;
                if ms.len() != items.len() {
                    return Err(invalid(format!("{} values for {t}", items.len())));
                }
                let parts = items
                    .iter()
                    .zip(&ms)
                    .map(|(i, m)| Ok(format!("{m} {}", self.const_attr(i, m)?)))
                    .collect::<Result<Vec<_>, Failure>>()?;
                Ok(format!("{{ {} }}", parts.join(", ")))
            }
            (a, t) => Err(unsupported(format!("constant {a:?} of type {t}"))),
        }
    }

    /// Evaluates a global initializer region to a constant.
    fn eval_region(&mut self, r: genxc_frontend::mlir::RegionId, loc: Loc) -> Result<String, Diagnostic> {
        let ir = self.ir;
        let mut vals: HashMap<ValueId, CVal> = HashMap::new();
        for &id in ir.region_ops(r) {
            let op = ir.op(id);
            let fail = |m: Failure| err_at(self.file, op.loc, m);
            let rty = match op.results.first() {
                Some(v) => Some(self.types.convert(ir.ty(*v)).map_err(fail)?),
                None => None,
            };
            let get = |v: ValueId| vals.get(&v).cloned().ok_or_else(|| fail("value not constant".into()));
            let out = match op.name.as_str() {
                "llvm.return" => {
                    let v = get(op.operands[0])?;
                    return Ok(v.text());
                }
                "llvm.mlir.constant" => {
                    let t = rty.clone().unwrap_or(LTy::Void);
                    let a = op.attr("value").ok_or_else(|| fail("missing value".into()))?;
                    CVal::Text(self.const_attr(a, &t).map_err(fail)?, t)
                }
                "llvm.mlir.undef" | "llvm.mlir.poison" | "llvm.mlir.zero" | "llvm.mlir.null" => {
                    let t = rty.clone().unwrap_or(LTy::Void);
                    let s = match op.name.as_str() {
                        "llvm.mlir.undef" => "undef",
                        "llvm.mlir.poison" => "poison",
                        _ if matches!(t, LTy::Ptr(..)) => "null",
                        _ => "zeroinitializer",
                    };
                    CVal::Text(s.into(), t)
                }
                "llvm.mlir.addressof" => {
                    let Some(Attr::Symbol(g)) = op.attr("global_name") else {
                        return Err(fail("bad addressof".into()));
                    };
                    let t = rty.clone().unwrap_or(LTy::Void);
                    let (pt, text) = self
                        .symbol_address(g)
                        .ok_or_else(|| fail(invalid(format!("unknown symbol @{g}"))))?;
                    CVal::Text(const_cast(&text, &pt, &t), t)
                }
                "llvm.insertvalue" => {
                    let agg = get(op.operands[0])?;
                    let v = get(op.operands[1])?;
                    let path: Vec<u64> = match op.attr("position") {
                        Some(Attr::Array(p)) => p.iter().filter_map(Attr::as_int).map(|x| x as u64).collect(),
                        _ => vec![],
                    };
                    self.insert_const(agg, &path, v).map_err(fail)?
                }
                "llvm.bitcast" | "llvm.addrspacecast" | "llvm.ptrtoint" | "llvm.inttoptr" => {
                    let v = get(op.operands[0])?;
                    let t = rty.clone().unwrap_or(LTy::Void);
                    let kw = &op.name[5..];
                    CVal::Text(format!("{kw} ({} {} to {t})", v.ty(), v.text()), t)
                }
                "llvm.getelementptr" => {
                    let base = get(op.operands[0])?;
                    let elem = match (op.attr("elem_type"), ir.ty(op.operands[0])) {
                        (Some(Attr::Type(t)), _) => self.types.convert(t).map_err(fail)?,
                        (_, Type::LlvmPtr { pointee: Some(p), .. }) => self.types.convert(p).map_err(fail)?,
                        _ => return Err(fail("getelementptr without an element type".into())),
                    };
                    let space = if let LTy::Ptr(_, s) = base.ty() { *s } else { 0 };
                    let bp = elem.ptr_to(space);
                    let b = const_cast(&base.text(), base.ty(), &bp);
                    let mut idx = Vec::new();
                    let mut dyn_i = 1;
                    let mut cur = elem.clone();
                    if let Some(Attr::Array(raw)) = op.attr("rawConstantIndices") {
                        for (k, r) in raw.iter().enumerate() {
                            let v = r.as_int().unwrap_or(0);
                            let (txt, n) = if v == i64::MIN as i128 || v == i32::MIN as i128 {
                                let d = get(op.operands[dyn_i])?;
                                dyn_i += 1;
                                (format!("{} {}", d.ty(), d.text()), 0)
                            } else {
                                (format!("i32 {v}"), v as u64)
                            };
                            if k > 0 {
                                cur =
                                    self.types.member(&cur, n).ok_or_else(|| fail("bad gep index".into()))?;
                            }
                            idx.push(txt);
                        }
                    }
                    let t = rty.clone().unwrap_or(LTy::Void);
                    let g = format!("getelementptr ({elem}, {bp} {b}, {})", idx.join(", "));
                    CVal::Text(const_cast(&g, &cur.ptr_to(space), &t), t)
                }
                n => return Err(fail(unsupported(format!("'{n}' in a global initializer")))),
            };
            if let Some(v) = op.results.first() {
                vals.insert(*v, out);
            }
        }
        Err(err_at(self.file, loc, "global initializer region does not end with llvm.return"))
    }

    fn insert_const(&self, agg: CVal, path: &[u64], v: CVal) -> Result<CVal, Failure> {
        let Some((&first, rest)) = path.split_first() else { return Ok(v) };
        let mut agg = match agg {
            CVal::Agg(t, parts) => CVal::Agg(t, parts),
            CVal::Text(s, t) => {
                let ms = self.types.members(&t).ok_or_else(|| format!("cannot insert into {t}"))?;
                let fill = if s == "undef" || s == "poison" { s.clone() } else { "zeroinitializer".into() };
                CVal::Agg(t, ms.into_iter().map(|m| CVal::Text(fill.clone(), m)).collect())
            }
        };
        if let CVal::Agg(_, parts) = &mut agg {
            let slot = parts.get_mut(first as usize).ok_or("position out of range")?;
            let old = std::mem::replace(slot, CVal::Text(String::new(), LTy::Void));
            *slot = self.insert_const(old, rest, v)?;
        }
        Ok(agg)
    }

    /// The pointer type and text of a symbol's address.
    pub(crate) fn symbol_address(&self, name: &str) -> Option<(LTy, String)> {
        match self.syms.get(name)? {
            Sym::Global(t, s) => Some((t.ptr_to(*s), format!("@{}", quote(name)))),
            f => Some((f.fn_type()?.ptr_to(0), format!("@{}", quote(name)))),
        }
    }

    pub(crate) fn function(&mut self, id: OpId) -> Result<(), Diagnostic> {
        let ir = self.ir;
        let op = ir.op(id);
        let name = str_attr(op, "sym_name").unwrap_or_default();
        let sym =
            self.syms.get(&name).cloned().ok_or_else(|| err_at(self.file, op.loc, "unknown function"))?;
        let Sym::Func { ret, params, vararg, mlir } = sym.clone() else { unreachable!() };
        let has_body = op.regions.first().is_some_and(|r| !ir.region(*r).blocks.is_empty());
        // A subgroup-level gpu kernel (docs/mlir-gpu.md) is a kernel like a genx.kernel function.
        let kernel = op.attr("genx.kernel").is_some() || op.attr("gpu.kernel").is_some();
        let mut linkage =
            dialect_body(op, "linkage").map(|l| Self::linkage_text(&l).to_string()).unwrap_or_default();
        let vis = str_attr(op, "sym_visibility").unwrap_or_default();
        if op.name == "func.func" && vis == "private" && has_body {
            linkage = "internal ".into();
        }
        if kernel {
            if !has_body {
                return Err(err_at(self.file, op.loc, "a genx.kernel function needs a body"));
            }
            if ret != LTy::Void {
                return Err(err_at(self.file, op.loc, "a genx.kernel function must not return values"));
            }
            linkage = "dllexport spir_kernel ".into();
        }
        let mut fattrs = Vec::new();
        if let Some(Attr::Array(pt)) = op.attr("passthrough") {
            for p in pt {
                match p {
                    Attr::Str(s) => fattrs.push(String::from_utf8_lossy(s).into_owned()),
                    Attr::Array(kv) if kv.len() == 2 => {
                        let k = kv[0].as_str().unwrap_or("");
                        let v = kv[1].as_str().unwrap_or("");
                        fattrs.push(format!("\"{k}\"=\"{v}\""));
                    }
                    _ => return Err(err_at(self.file, op.loc, "invalid passthrough entry")),
                }
            }
        }
        if kernel {
            fattrs.extend(["noinline".to_string(), "nounwind".into(), "\"CMGenxMain\"".into()]);
        }
        let group = if fattrs.is_empty() {
            String::new()
        } else {
            let n = self.attr_groups.len();
            self.attr_groups.push(format!("attributes #{n} = {{ {} }}", fattrs.join(" ")));
            format!(" #{n}")
        };
        let mut plist = params.iter().map(|p| p.to_string()).collect::<Vec<_>>();
        if !has_body {
            if op.attr("llvm.emit_c_interface").is_some() && mlir.is_some() {
                return self.ciface_forwarder(
                    op,
                    &name,
                    &ret,
                    &params,
                    mlir.as_ref().map(|m| &m.0).unwrap_or(&vec![]),
                );
            }
            if vararg {
                plist.push("...".into());
            }
            let l = if linkage == "internal " { String::new() } else { linkage.replace("external ", "") };
            self.decls.insert(
                name.clone(),
                format!("declare {l}{ret} @{}({}){group}", quote(&name), plist.join(", ")),
            );
            return Ok(());
        }
        let arg_names: Vec<String> = (0..params.len()).map(|i| format!("%arg{i}")).collect();
        let mut header_params: Vec<String> =
            params.iter().zip(&arg_names).map(|(t, n)| format!("{t} {n}")).collect();
        if vararg {
            header_params.push("...".into());
        }
        let body = {
            let mut f = FnEmitter::new(self, &name, ret.clone(), mlir.as_ref().map(|m| m.1.clone()));
            f.run(op.regions[0], &arg_names, &params, mlir.as_ref().map(|m| &m.0[..]))?
        };
        self.funcs.push(format!(
            "define {linkage}{ret} @{}({}){group} {{\n{body}}}\n",
            quote(&name),
            header_params.join(", ")
        ));
        if kernel {
            self.kernel_metadata(op, &name, &params)?;
        }
        if op.attr("llvm.emit_c_interface").is_some() {
            if let Some((ins, outs)) = &mlir {
                self.ciface_wrapper(op, &name, &ret, ins, outs)?;
            }
        }
        Ok(())
    }

    /// `_mlir_ciface_NAME`: memref arguments by pointer to descriptor, struct results through a
    /// leading pointer; forwards to NAME.
    fn ciface_wrapper(
        &mut self,
        op: &Operation,
        name: &str,
        ret: &LTy,
        ins: &[Type],
        _outs: &[Type],
    ) -> Result<(), Diagnostic> {
        let mut params = Vec::new();
        let mut body = String::new();
        let mut args = Vec::new();
        let struct_ret = matches!(ret, LTy::Struct(..));
        if struct_ret {
            params.push(format!("{}* %res", ret));
        }
        let mut n = 0;
        for (i, t) in ins.iter().enumerate() {
            let lt = self.conv(t, op.loc)?;
            match t {
                Type::MemRef { .. } | Type::UnrankedMemRef { .. } => {
                    params.push(format!("{lt}* %a{i}"));
                    body.push_str(&format!("  %d{i} = load {lt}, {lt}* %a{i}\n"));
                    let fields = self.types.members(&lt).unwrap_or_default();
                    for (k, ft) in fields.iter().enumerate() {
                        match ft {
                            LTy::Array(m, e) => {
                                for j in 0..*m {
                                    body.push_str(&format!("  %f{n} = extractvalue {lt} %d{i}, {k}, {j}\n"));
                                    args.push(format!("{e} %f{n}"));
                                    n += 1;
                                }
                            }
                            _ => {
                                body.push_str(&format!("  %f{n} = extractvalue {lt} %d{i}, {k}\n"));
                                args.push(format!("{ft} %f{n}"));
                                n += 1;
                            }
                        }
                    }
                }
                _ => {
                    params.push(format!("{lt} %a{i}"));
                    args.push(format!("{lt} %a{i}"));
                }
            }
        }
        let call = format!("call {ret} @{}({})", quote(name), args.join(", "));
        let rt = if struct_ret || *ret == LTy::Void {
            if struct_ret {
                body.push_str(&format!("  %r = {call}\n  store {ret} %r, {ret}* %res\n"));
            } else {
                body.push_str(&format!("  {call}\n"));
            }
            body.push_str("  ret void\n");
            LTy::Void
        } else {
            body.push_str(&format!("  %r = {call}\n  ret {ret} %r\n"));
            ret.clone()
        };
        self.funcs.push(format!("define {rt} @_mlir_ciface_{}({}) {{\n{body}}}\n", name, params.join(", ")));
        Ok(())
    }

    /// For an external function with `llvm.emit_c_interface`: NAME packs its arguments into
    /// descriptors on the stack and calls the declared `_mlir_ciface_NAME`.
    fn ciface_forwarder(
        &mut self,
        op: &Operation,
        name: &str,
        ret: &LTy,
        params: &[LTy],
        ins: &[Type],
    ) -> Result<(), Diagnostic> {
        let struct_ret = matches!(ret, LTy::Struct(..));
        let mut body = String::new();
        let mut cparams = Vec::new();
        let mut cargs = Vec::new();
        if struct_ret {
            body.push_str(&format!("  %res = alloca {ret}\n"));
            cparams.push(format!("{ret}*"));
            cargs.push(format!("{ret}* %res"));
        }
        let mut p = 0;
        for (i, t) in ins.iter().enumerate() {
            let lt = self.conv(t, op.loc)?;
            match t {
                Type::MemRef { .. } | Type::UnrankedMemRef { .. } => {
                    let fields = self.types.members(&lt).unwrap_or_default();
                    let mut cur = "undef".to_string();
                    let mut k2 = 0;
                    for (k, ft) in fields.iter().enumerate() {
                        let count = if let LTy::Array(m, _) = ft { *m } else { 1 };
                        for j in 0..count {
                            let pos = if matches!(ft, LTy::Array(..)) {
                                format!("{k}, {j}")
                            } else {
                                format!("{k}")
                            };
                            body.push_str(&format!(
                                "  %i{i}_{k2} = insertvalue {lt} {cur}, {} %arg{p}, {pos}\n",
                                params[p]
                            ));
                            cur = format!("%i{i}_{k2}");
                            k2 += 1;
                            p += 1;
                        }
                    }
                    body.push_str(&format!("  %m{i} = alloca {lt}\n  store {lt} {cur}, {lt}* %m{i}\n"));
                    cparams.push(format!("{lt}*"));
                    cargs.push(format!("{lt}* %m{i}"));
                }
                _ => {
                    cparams.push(lt.to_string());
                    cargs.push(format!("{lt} %arg{p}"));
                    p += 1;
                }
            }
        }
        let cname = format!("_mlir_ciface_{name}");
        let crt = if struct_ret { LTy::Void } else { ret.clone() };
        self.decls.insert(cname.clone(), format!("declare {crt} @{cname}({})", cparams.join(", ")));
        if struct_ret {
            body.push_str(&format!(
                "  call void @{cname}({})\n  %r = load {ret}, {ret}* %res\n  ret {ret} %r\n",
                cargs.join(", ")
            ));
        } else if *ret == LTy::Void {
            body.push_str(&format!("  call void @{cname}({})\n  ret void\n", cargs.join(", ")));
        } else {
            body.push_str(&format!("  %r = call {ret} @{cname}({})\n  ret {ret} %r\n", cargs.join(", ")));
        }
        let hp: Vec<String> = params.iter().enumerate().map(|(i, t)| format!("{t} %arg{i}")).collect();
        self.funcs.push(format!("define {ret} @{}({}) {{\nentry:\n{body}}}\n", quote(name), hp.join(", ")));
        Ok(())
    }

    /// The `genx.kernels` node of a kernel: argument kinds from `genx.arg_kind` (or surfaces for
    /// i32 arguments used only by `llvm.genx.*` calls), SLM size from `genx.slm_size`.
    fn kernel_metadata(&mut self, op: &Operation, name: &str, params: &[LTy]) -> Result<(), Diagnostic> {
        let ir = self.ir;
        let entry = op.regions.first().and_then(|r| ir.region(*r).blocks.first().copied());
        let args: Vec<ValueId> = entry.map(|b| ir.block(b).args.clone()).unwrap_or_default();
        let arg_attrs = match op.attr("arg_attrs") {
            Some(Attr::Array(a)) => a.clone(),
            _ => vec![],
        };
        let mut kinds = Vec::new();
        let mut descs = Vec::new();
        for (i, t) in params.iter().enumerate() {
            let explicit = match arg_attrs.get(i) {
                Some(Attr::Dict(d)) => d.iter().find(|(k, _)| k == "genx.arg_kind").map(|(_, v)| v.clone()),
                _ => None,
            };
            let kind = match explicit {
                Some(Attr::Str(s)) => match s.as_slice() {
                    b"general" => 0,
                    b"sampler" => 1,
                    b"surface" => 2,
                    _ => {
                        return Err(err_at(
                            self.file,
                            op.loc,
                            format!(
                            "genx.arg_kind of argument {i} must be \"general\", \"surface\" or \"sampler\""
                        ),
                        ))
                    }
                },
                Some(_) => {
                    return Err(err_at(
                        self.file,
                        op.loc,
                        format!("genx.arg_kind of argument {i} must be a string"),
                    ))
                }
                None => {
                    let only_genx = args
                        .get(i)
                        .is_some_and(|&v| *t == LTy::Int(32) && uses_only_in_genx_calls(ir, op, v));
                    if only_genx {
                        2
                    } else {
                        0
                    }
                }
            };
            kinds.push(kind);
            descs.push(match kind {
                2 => "buffer_t",
                1 => "sampler_t",
                _ => "",
            });
        }
        let slm = op.attr("genx.slm_size").and_then(Attr::as_int).unwrap_or(0);
        let id = self.metadata.len();
        let fty = LTy::Func(Box::new(LTy::Void), params.to_vec(), false);
        let k_node = id;
        let kinds_node = id + 1;
        let io_node = id + 2;
        let desc_node = id + 3;
        self.metadata.push(format!(
            "!{k_node} = !{{{fty}* @{}, !\"{name}\", !{kinds_node}, i32 {slm}, i32 0, !{io_node}, !{desc_node}, i32 0}}",
            quote(name)
        ));
        let list = |v: Vec<String>| v.join(", ");
        self.metadata.push(format!(
            "!{kinds_node} = !{{{}}}",
            list(kinds.iter().map(|k| format!("i32 {k}")).collect())
        ));
        self.metadata
            .push(format!("!{io_node} = !{{{}}}", list(kinds.iter().map(|_| "i32 0".to_string()).collect())));
        self.metadata.push(format!(
            "!{desc_node} = !{{{}}}",
            list(descs.iter().map(|d| format!("!\"{d}\"")).collect())
        ));
        self.kernels.push(format!("!{k_node}"));
        Ok(())
    }
}

fn splat_if_vec(t: &LTy, s: String) -> String {
    match t {
        LTy::Vec(n, e) => format!("<{}>", vec![format!("{e} {s}"); *n as usize].join(", ")),
        _ => s,
    }
}

/// A constant of type `from` shown as type `to` (pointer bitcasts and address space casts).
pub fn const_cast(text: &str, from: &LTy, to: &LTy) -> String {
    if from == to {
        return text.to_string();
    }
    match (from, to) {
        (LTy::Ptr(_, a), LTy::Ptr(_, b)) if a != b => format!("addrspacecast ({from} {text} to {to})"),
        (LTy::Ptr(..), LTy::Int(_)) => format!("ptrtoint ({from} {text} to {to})"),
        _ => format!("bitcast ({from} {text} to {to})"),
    }
}

/// Whether every use of `v` inside `func` is an operand of a call to an `llvm.genx.*` function.
fn uses_only_in_genx_calls(ir: &Ir, func: &Operation, v: ValueId) -> bool {
    let mut used = false;
    let mut ok = true;
    let mut stack: Vec<genxc_frontend::mlir::RegionId> = func.regions.clone();
    while let Some(r) = stack.pop() {
        for &b in &ir.region(r).blocks {
            for &o in &ir.block(b).ops {
                let op = ir.op(o);
                let uses = op.operands.contains(&v) || op.successors.iter().any(|s| s.args.contains(&v));
                if uses {
                    used = true;
                    let genx =
                        matches!(op.attr("callee"), Some(Attr::Symbol(s)) if s.starts_with("llvm.genx."));
                    ok &= genx && !op.successors.iter().any(|s| s.args.contains(&v));
                }
                stack.extend(op.regions.iter().copied());
            }
        }
    }
    used && ok
}
