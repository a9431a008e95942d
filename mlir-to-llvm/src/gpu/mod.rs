//! The MLIR `gpu` dialect to GenX kernels: each `gpu.func ... kernel` of a `gpu.module` becomes a
//! GenX kernel whose hardware thread runs W work-items, one per SIMD lane (docs/mlir-gpu.md).
//!
//! This module owns the kernel ABI: memref arguments become SVM pointers (`--memref-args=svm`) or
//! surfaces (`surface`), followed by one 32-bit general argument per dynamic size, stride and
//! offset; scalar arguments are general arguments (`index` is 32 bits); workgroup attributions are
//! placed in shared local memory, whose size the kernel metadata gives; private attributions of a
//! static shape live in registers (one per element, indexed by constants). Device functions (a
//! `gpu.func` without `kernel`, or a `func.func`, which `func.call` names) are inlined where
//! kernels call them. Host functions (those that
//! launch kernels) are left to the caller: see [`GpuOptions::host_functions`].
//!
//! [`uniformity`] finds the values that vary between work-items; [`simt`] widens the body.

pub mod simt;
pub mod uniformity;

use crate::module::{err_at, ModuleEmitter};
use crate::types::{quote, LTy};
use foldhash::{HashMap, HashMapExt};
use genxc_diag::{unsupported, Diagnostic};
use genxc_frontend::mlir::{Attr, Layout, OpId, Operation, Type, DYNAMIC};

/// How memref arguments of kernels are passed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemrefArgs {
    /// A 64-bit SVM pointer per memref (stateless A64 messages, block loads where lanes are
    /// contiguous).
    #[default]
    Svm,
    /// A surface (binding-table index) per memref, read and written with scaled gathers and
    /// scatters.
    Surface,
}

/// Options of the gpu dialect's lowering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GpuOptions {
    /// Work-items per hardware thread: 8, 16 or 32.
    pub simd_width: u32,
    /// How memref arguments are passed.
    pub memref_args: MemrefArgs,
    /// Whether host functions (those holding `gpu.launch_func`) are translated too: for
    /// `--emit llvm`; a GPU compile leaves them out.
    pub host_functions: bool,
}

/// The default SIMD width: 16 lanes fill the 32-byte registers of SKL..DG2 twice for 32-bit data
/// (as IGC's default SIMD16 for OpenCL kernels) and PVC's 64-byte registers once.
pub const DEFAULT_SIMD_WIDTH: u32 = 16;

impl Default for GpuOptions {
    /// SIMD16, SVM memrefs, host functions translated.
    fn default() -> Self {
        GpuOptions { simd_width: DEFAULT_SIMD_WIDTH, memref_args: MemrefArgs::Svm, host_functions: true }
    }
}

/// Where a memref lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemSpace {
    /// Global memory through a 64-bit SVM address.
    Svm,
    /// Shared local memory (workgroup attributions), by byte offset.
    Slm,
    /// A surface, by binding-table index.
    Surface,
}

impl MemSpace {
    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            MemSpace::Svm => "SVM",
            MemSpace::Slm => "shared local",
            MemSpace::Surface => "surface",
        }
    }
    /// The LLVM address space of its pointers.
    pub fn llvm(self) -> u32 {
        match self {
            MemSpace::Svm => 1,
            _ => 3,
        }
    }
}

/// A lowered memref: base (an `i64` SVM address, an `i32` SLM byte offset or a surface index)
/// with its sizes, strides and offset as 32-bit texts (constants or uniform values).
#[derive(Clone, Debug)]
pub struct Mem {
    /// Where it lives.
    pub space: MemSpace,
    /// The base address, offset or surface index.
    pub base: String,
    /// Sizes per dimension.
    pub sizes: Vec<String>,
    /// Strides per dimension, in elements.
    pub strides: Vec<String>,
    /// The strides known at compile time.
    pub static_strides: Vec<Option<i64>>,
    /// Offset in elements.
    pub offset: String,
}

/// What the kernel ABI and the JSON description say about one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    /// The kernel's name.
    pub name: String,
    /// Work-items per hardware thread.
    pub simd_width: u32,
    /// One line per GenX argument: what MLIR argument it carries.
    pub args: Vec<String>,
}

fn str_attr(op: &Operation, name: &str) -> String {
    op.attr(name).and_then(|a| a.as_str()).unwrap_or_default().to_string()
}

/// Whether a `func.func` is host code: it launches kernels.
pub fn is_host_function(em: &ModuleEmitter<'_>, op: &Operation) -> bool {
    let ir = em.ir;
    let mut stack = op.regions.clone();
    while let Some(r) = stack.pop() {
        for &b in &ir.region(r).blocks {
            for &o in &ir.block(b).ops {
                let inner = ir.op(o);
                if inner.name.starts_with("gpu.launch") {
                    return true;
                }
                stack.extend(inner.regions.iter().copied());
            }
        }
    }
    false
}

/// Translates the kernels of a `gpu.module`.
pub fn gpu_module(em: &mut ModuleEmitter<'_>, op: &Operation) -> Result<(), Diagnostic> {
    let ir = em.ir;
    let Some(&region) = op.regions.first() else { return Ok(()) };
    let mut device = HashMap::new();
    let mut kernels = Vec::new();
    for &o in ir.region_ops(region) {
        let f = ir.op(o);
        match f.name.as_str() {
            "gpu.func" => {
                if f.attr("gpu.kernel").is_some() {
                    kernels.push(o);
                } else {
                    device.insert(str_attr(f, "sym_name"), o);
                }
            }
            "func.func" => {
                device.insert(str_attr(f, "sym_name"), o);
            }
            "gpu.module_end" => {}
            n => {
                return Err(err_at(
                    em.file,
                    f.loc,
                    unsupported(format!("'{n}' in a gpu.module (expected gpu.func)")),
                ))
            }
        }
    }
    let (subgroup, simt): (Vec<OpId>, Vec<OpId>) = kernels.into_iter().partition(|&k| uses_xegpu(em, k));
    if !subgroup.is_empty() {
        // Subgroup-level kernels are functions as written, and so are the device functions they
        // may call.
        let mut funcs: Vec<OpId> =
            device.values().copied().filter(|&f| ir.op(f).name == "func.func").collect();
        funcs.sort();
        funcs.extend(&subgroup);
        for &f in &funcs {
            let fop = ir.op(f);
            if fop.attr("workgroup_attributions").is_some()
                || fop.regions.first().and_then(|r| ir.region(*r).blocks.first()).is_some_and(|b| {
                    let n = match fop.attr("function_type") {
                        Some(Attr::Type(Type::Function { inputs, .. })) => inputs.len(),
                        _ => 0,
                    };
                    ir.block(*b).args.len() > n
                })
            {
                return Err(err_at(
                    em.file,
                    fop.loc,
                    unsupported("attributions of a subgroup-level (xegpu) kernel"),
                ));
            }
            let sym = em.function_sym(fop)?;
            em.syms.insert(str_attr(fop, "sym_name"), sym);
        }
        for f in funcs {
            em.function(f)?;
        }
    }
    for k in simt {
        kernel(em, k, &device)?;
    }
    Ok(())
}

/// Whether a kernel's body uses `xegpu` operations: then it is a subgroup-level kernel, compiled
/// as Intel's MLIR pipeline compiles those (through the vector-compute path): no widening, the
/// ids are the hardware thread's.
fn uses_xegpu(em: &ModuleEmitter<'_>, k: OpId) -> bool {
    let ir = em.ir;
    let mut stack = ir.op(k).regions.clone();
    while let Some(r) = stack.pop() {
        for &b in &ir.region(r).blocks {
            for &o in &ir.block(b).ops {
                let op = ir.op(o);
                if op.name.starts_with("xegpu.") {
                    return true;
                }
                stack.extend(op.regions.iter().copied());
            }
        }
    }
    false
}

fn scalar_param(t: &Type) -> Option<LTy> {
    Some(match t {
        Type::Index => LTy::Int(32),
        Type::Int(w, _) if *w <= 64 => LTy::Int(*w),
        Type::F16 => LTy::Half,
        Type::F32 => LTy::Float,
        Type::F64 => LTy::Double,
        _ => return None,
    })
}

/// The element type of a memref a kernel can address: a power-of-two number of bytes.
fn elem_ty(t: &Type) -> Option<LTy> {
    match t {
        Type::MemRef { elem, .. } => match **elem {
            Type::Int(w, _) if !matches!(w, 1 | 8 | 16 | 32 | 64) => None,
            ref e => scalar_param(e),
        },
        _ => None,
    }
}

/// Row-major strides of `shape` as texts (the sizes being `sizes`), and those known statically;
/// products of dynamic sizes are computed by `emit` (prologue instructions).
fn identity_strides(
    sizes: &[String],
    shape: &[i64],
    emit: &mut dyn FnMut(&str) -> String,
) -> (Vec<String>, Vec<Option<i64>>) {
    let n = shape.len();
    let mut strides = vec![String::new(); n];
    let mut stat = vec![None; n];
    let mut cur = (String::from("1"), Some(1i64));
    for k in (0..n).rev() {
        strides[k] = cur.0.clone();
        stat[k] = cur.1;
        cur = match (cur.1, shape[k]) {
            (Some(a), b) if b != DYNAMIC => ((a * b).to_string(), Some(a * b)),
            _ if cur.0 == "1" => (sizes[k].clone(), None),
            _ => (emit(&format!("mul i32 {}, {}", cur.0, sizes[k])), None),
        };
    }
    (strides, stat)
}

/// Bytes of a scalar element.
fn elem_bytes(t: &LTy) -> i64 {
    match t {
        LTy::Int(w) => w.div_ceil(8) as i64,
        LTy::Half | LTy::BFloat => 2,
        LTy::Float => 4,
        _ => 8,
    }
}

fn kernel(em: &mut ModuleEmitter<'_>, id: OpId, device: &HashMap<String, OpId>) -> Result<(), Diagnostic> {
    let ir = em.ir;
    let op = ir.op(id);
    let file = em.file;
    let name = str_attr(op, "sym_name");
    let opts = em.gpu;
    let w = opts.simd_width;
    if ![8, 16, 32].contains(&w) {
        return Err(Diagnostic::error(format!("--simd-width must be 8, 16 or 32, not {w}")));
    }
    let Some(Attr::Type(Type::Function { inputs, results })) = op.attr("function_type") else {
        return Err(err_at(file, op.loc, "gpu.func without a function type"));
    };
    if !results.is_empty() {
        return Err(err_at(file, op.loc, "a gpu kernel must not return values"));
    }
    let no_body = || err_at(file, op.loc, "a gpu kernel needs a body");
    let body = *op.regions.first().ok_or_else(no_body)?;
    let entry = *ir.region(body).blocks.first().ok_or_else(no_body)?;
    let args = ir.block(entry).args.clone();
    if args.len() < inputs.len() {
        return Err(err_at(file, op.loc, "the kernel's body has fewer arguments than its type"));
    }
    let workgroup = op.attr("workgroup_attributions").and_then(Attr::as_int).unwrap_or(0) as usize;
    let u = uniformity::analyse(ir, body);
    let mut s = simt::Simt::new(em, ir, w, u);
    s.device = device.clone();
    let mut params: Vec<(LTy, String)> = Vec::new();
    let mut kinds = Vec::new();
    let mut descs = Vec::new();
    let mut info = Vec::new();
    for (i, t) in inputs.iter().enumerate() {
        let arg = args[i];
        let aname = &ir.value(arg).name;
        match t {
            Type::MemRef { shape, layout, space, .. } => {
                if !matches!(space, 0 | 1) {
                    return Err(err_at(
                        file,
                        op.loc,
                        unsupported(format!("a kernel memref argument in address space {space}")),
                    ));
                }
                let Some(et) = elem_ty(t) else {
                    return Err(err_at(file, op.loc, unsupported(format!("memref argument of type {t}"))));
                };
                let p = format!("%a{i}");
                let (space, base) = match opts.memref_args {
                    MemrefArgs::Svm => {
                        params.push((et.ptr_to(1), p.clone()));
                        kinds.push(0);
                        descs.push("svmptr_t read_write");
                        let b = s.pro(&format!("ptrtoint {} {p} to i64", et.ptr_to(1)));
                        (MemSpace::Svm, b)
                    }
                    MemrefArgs::Surface => {
                        params.push((LTy::Int(32), p.clone()));
                        kinds.push(2);
                        descs.push("buffer_t read_write");
                        (MemSpace::Surface, p.clone())
                    }
                };
                info.push(format!("%{aname}: {t} as {}", space.name()));
                let mut sizes = Vec::new();
                for (k, &d) in shape.iter().enumerate() {
                    if d == DYNAMIC {
                        let sp = format!("%a{i}.size{k}");
                        params.push((LTy::Int(32), sp.clone()));
                        kinds.push(0);
                        descs.push("");
                        info.push(format!("size {k} of %{aname} (i32)"));
                        sizes.push(sp);
                    } else {
                        sizes.push(d.to_string());
                    }
                }
                let (strides, stat, offset) = match layout {
                    Layout::Identity => {
                        let (st, stat) = identity_strides(&sizes, shape, &mut |rhs| s.pro(rhs));
                        (st, stat, "0".to_string())
                    }
                    Layout::Strided { strides, offset } => {
                        let mut st = Vec::new();
                        let mut stat = Vec::new();
                        for (k, &x) in strides.iter().enumerate() {
                            if x == DYNAMIC {
                                let sp = format!("%a{i}.stride{k}");
                                params.push((LTy::Int(32), sp.clone()));
                                kinds.push(0);
                                descs.push("");
                                info.push(format!("stride {k} of %{aname} (i32)"));
                                st.push(sp);
                                stat.push(None);
                            } else {
                                st.push(x.to_string());
                                stat.push(Some(x));
                            }
                        }
                        let off = if *offset == DYNAMIC {
                            let sp = format!("%a{i}.offset");
                            params.push((LTy::Int(32), sp.clone()));
                            kinds.push(0);
                            descs.push("");
                            info.push(format!("offset of %{aname} (i32)"));
                            sp
                        } else {
                            offset.to_string()
                        };
                        (st, stat, off)
                    }
                    Layout::Map(_) => {
                        return Err(err_at(
                            file,
                            op.loc,
                            unsupported("memref arguments with affine map layouts"),
                        ))
                    }
                };
                s.vals.insert(
                    arg,
                    simt::GV::Mem(Mem { space, base, sizes, strides, static_strides: stat, offset }),
                );
            }
            t => {
                let Some(lt) = scalar_param(t) else {
                    return Err(err_at(file, op.loc, unsupported(format!("kernel argument of type {t}"))));
                };
                let p = format!("%a{i}");
                params.push((lt.clone(), p.clone()));
                kinds.push(0);
                descs.push("");
                info.push(format!("%{aname}: {t} ({lt})"));
                s.vals.insert(arg, simt::GV::Uniform(p, lt));
            }
        }
    }
    // Workgroup attributions: consecutive, 16-byte aligned pieces of shared local memory.
    let mut slm: i64 = 0;
    for (k, &a) in args.iter().enumerate().skip(inputs.len()) {
        let t = ir.ty(a);
        let is_workgroup = k < inputs.len() + workgroup;
        let Type::MemRef { shape, layout: Layout::Identity, .. } = t else {
            return Err(err_at(file, op.loc, unsupported(format!("an attribution of type {t}"))));
        };
        if !is_workgroup {
            // A private attribution: registers, one `<W x T>` per element.
            let (Some(et), false) = (elem_ty(t), shape.contains(&DYNAMIC)) else {
                return Err(err_at(file, op.loc, unsupported(format!("a private attribution of type {t}"))));
            };
            let n: i64 = shape.iter().product();
            if n > 64 {
                return Err(err_at(
                    file,
                    op.loc,
                    unsupported(format!(
                        "a private attribution of {n} elements (at most 64 live in registers)"
                    )),
                ));
            }
            let vt = LTy::Vec(w as u64, Box::new(et.clone()));
            let slots = (0..n).map(|_| s.pro(&format!("alloca {vt}"))).collect();
            s.vals.insert(a, simt::GV::Private(shape.clone(), et, slots));
            continue;
        }
        let Some(et) = elem_ty(t) else {
            return Err(err_at(file, op.loc, unsupported(format!("workgroup memory of type {t}"))));
        };
        if shape.contains(&DYNAMIC) {
            return Err(err_at(file, op.loc, unsupported("workgroup memory of a dynamic size")));
        }
        let sizes: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        let (strides, stat) = identity_strides(&sizes, shape, &mut |_| String::new());
        let bytes: i64 = shape.iter().product::<i64>() * elem_bytes(&et);
        s.vals.insert(
            a,
            simt::GV::Mem(Mem {
                space: MemSpace::Slm,
                base: slm.to_string(),
                sizes,
                strides,
                static_strides: stat,
                offset: "0".into(),
            }),
        );
        slm += (bytes + 15) / 16 * 16;
    }
    if let Err(e) = s.region(body) {
        let (loc, what) = s.error_at.clone().unwrap_or((op.loc, op.name.clone()));
        return Err(err_at(file, loc, e).with_context(format!("'{what}' in gpu kernel @{name}")));
    }
    let text = s.finish();
    let plist: Vec<String> = params.iter().map(|(t, n)| format!("{t} {n}")).collect();
    let group = em.kernel_attr_group();
    em.push_function(format!(
        "define dllexport spir_kernel void @{}({}) #{group} {{\n{text}  ret void\n}}\n",
        quote(&name),
        plist.join(", ")
    ));
    let ptys: Vec<LTy> = params.iter().map(|p| p.0.clone()).collect();
    em.push_kernel_metadata(&name, &ptys, &kinds, &descs, slm as u32);
    em.gpu_kernels.push(KernelInfo { name, simd_width: w, args: info });
    Ok(())
}
