//! SIMT widening of a `gpu.func` kernel body into one GenX hardware thread of W lanes.
//!
//! Every value the uniformity analysis finds uniform stays a scalar; a varying value becomes a
//! `<W x T>` vector, one element per work-item; an operation mixing both broadcasts the scalar.
//! `index` is 32 bits wide in kernels. Control flow: a uniform `scf.if` or `scf.for` stays scalar
//! control flow (branches and phis); an `scf.if` whose condition varies runs both sides under a
//! lane mask (`<W x i1>`): loads and stores in them are masked gathers and scatters, and the
//! results are selected per lane. A loop whose bounds vary between lanes runs while any lane
//! still iterates, under the mask of those lanes (`simt/control.rs`); `scf.while`,
//! `scf.index_switch` and `scf.execute_region` follow the same scheme (`simt/structured.rs`).
//!
//! Memory: a memref is a base address (SVM pointer, SLM offset or surface index) with its sizes and
//! strides as 32-bit scalars. A uniform index is a scalar access; an index that is `uniform + lane`
//! in the innermost, unit-stride dimension is a block access of W elements when no mask applies;
//! anything else is a gather or a scatter.

use super::uniformity::{self, Uniformity};
use super::{Mem, MemSpace};
use crate::func::arith_binary;
use crate::module::ModuleEmitter;
use crate::types::{quote, scalar_text, LTy};
use foldhash::{HashMap, HashMapExt};
use genxc_diag::{invalid, unsupported, Failure};
use genxc_frontend::mlir::{Attr, Ir, OpId, Operation, RegionId, Scalar, Type, ValueId, FCMP, ICMP};

mod control;
mod structured;

type Res<T> = Result<T, Failure>;

/// A lowered value.
#[derive(Clone, Debug)]
pub enum GV {
    /// The same on every lane: a scalar of this type.
    Uniform(String, LTy),
    /// One element per lane: a `<W x T>` vector (the type is `T`).
    Lanes(String, LTy),
    /// A memref.
    Mem(Mem),
    /// A private attribution: one register (`<W x T>` alloca promoted by mem2reg) per element,
    /// with the memref's shape.
    Private(Vec<i64>, LTy, Vec<String>),
}

/// The binding-table index GenX gives shared local memory.
const SLM_BTI: u32 = 254;

/// Emits one kernel body.
pub struct Simt<'m, 'a> {
    pub(super) m: &'m mut ModuleEmitter<'a>,
    pub(super) ir: &'a Ir,
    /// Lanes per hardware thread.
    pub(super) w: u32,
    pub(super) u: Uniformity,
    pub(super) vals: HashMap<ValueId, GV>,
    next: u32,
    /// Instructions placed at the start of the entry block (ids, sizes, argument addresses).
    pub(super) prologue: String,
    /// The body after the prologue, block by block.
    out: String,
    label: String,
    /// The lanes that run the current code, when not all of them do.
    mask: Option<String>,
    /// Cached id and size values of the prologue.
    cache: HashMap<&'static str, String>,
    /// Device functions of the module by name: their `gpu.func` operations.
    pub(super) device: HashMap<String, OpId>,
    depth: u32,
    /// Where the first error happened: the operation and its name.
    pub(super) error_at: Option<(genxc_frontend::mlir::Loc, String)>,
}

/// A memory index: one element offset for all lanes, a run of W consecutive elements from a
/// uniform offset, or one offset per lane.
enum Index {
    Uniform(String),
    /// The offset of lane 0, and every lane's.
    Contiguous(String, String),
    Lanes(String),
}

fn scalar_ty(t: &Type) -> Res<LTy> {
    Ok(match t {
        Type::Index => LTy::Int(32),
        Type::Int(w, _) => LTy::Int(*w),
        Type::F16 => LTy::Half,
        Type::BF16 => LTy::BFloat,
        Type::F32 => LTy::Float,
        Type::F64 => LTy::Double,
        t => return Err(unsupported(format!("values of type {t} in a SIMT gpu kernel (scalars only)"))),
    })
}

fn bytes_of(t: &LTy) -> u32 {
    match t {
        LTy::Int(w) => w.div_ceil(8),
        LTy::Half | LTy::BFloat => 2,
        LTy::Float => 4,
        LTy::Double => 8,
        _ => 0,
    }
}

impl<'m, 'a> Simt<'m, 'a> {
    /// An emitter of W lanes for a kernel whose uniformity is `u`.
    pub fn new(m: &'m mut ModuleEmitter<'a>, ir: &'a Ir, w: u32, u: Uniformity) -> Self {
        Simt {
            m,
            ir,
            w,
            u,
            vals: HashMap::new(),
            next: 0,
            prologue: String::new(),
            out: String::new(),
            label: "entry".into(),
            mask: None,
            cache: HashMap::new(),
            device: HashMap::new(),
            depth: 0,
            error_at: None,
        }
    }

    /// The body text (prologue first) after every operation has been emitted.
    pub fn finish(self) -> String {
        format!("entry:\n{}{}", self.prologue, self.out)
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn emit(&mut self, rhs: &str) -> String {
        let n = self.fresh();
        self.out.push_str(&format!("  {n} = {rhs}\n"));
        n
    }

    fn inst(&mut self, s: &str) {
        self.out.push_str(&format!("  {s}\n"));
    }

    /// An instruction of the prologue (entry block, before the body).
    pub(super) fn pro(&mut self, rhs: &str) -> String {
        self.next += 1;
        let n = format!("%p{}", self.next);
        self.prologue.push_str(&format!("  {n} = {rhs}\n"));
        n
    }

    fn start_block(&mut self, label: &str) {
        self.out.push_str(&format!("{label}:\n"));
        self.label = label.to_string();
    }

    fn new_label(&mut self, hint: &str) -> String {
        self.next += 1;
        format!("{hint}{}", self.next)
    }

    fn vty(&self, t: &LTy) -> LTy {
        LTy::Vec(self.w as u64, Box::new(t.clone()))
    }

    /// Calls a function (an intrinsic), declaring it; `None` for a void result.
    fn call(&mut self, name: &str, ret: &LTy, args: &[(String, LTy)]) -> Option<String> {
        let ps: Vec<LTy> = args.iter().map(|a| a.1.clone()).collect();
        self.m.declare(name, ret, &ps, false);
        let a = args.iter().map(|(v, t)| format!("{t} {v}")).collect::<Vec<_>>().join(", ");
        if *ret == LTy::Void {
            self.inst(&format!("call void @{}({a})", quote(name)));
            None
        } else {
            Some(self.emit(&format!("call {ret} @{}({a})", quote(name))))
        }
    }

    /// A prologue call of an intrinsic without arguments, once per kernel.
    fn pro_call(&mut self, name: &'static str, ret: LTy) -> String {
        if let Some(v) = self.cache.get(name) {
            return v.clone();
        }
        self.m.declare(name, &ret, &[], false);
        let v = self.pro(&format!("call {ret} @{name}()"));
        self.cache.insert(name, v.clone());
        v
    }

    /// Component `d` of a `<3 x i32>` id or size intrinsic.
    fn pro_component(&mut self, name: &'static str, d: usize) -> String {
        let key: &'static str = match (name, d) {
            ("llvm.genx.local.id.v3i32", 0) => "lid.x",
            ("llvm.genx.local.id.v3i32", 1) => "lid.y",
            ("llvm.genx.local.id.v3i32", _) => "lid.z",
            ("llvm.genx.local.size.v3i32", 0) => "lsz.x",
            ("llvm.genx.local.size.v3i32", 1) => "lsz.y",
            ("llvm.genx.local.size.v3i32", _) => "lsz.z",
            (_, 0) => "cnt.x",
            (_, 1) => "cnt.y",
            _ => "cnt.z",
        };
        if let Some(v) = self.cache.get(key) {
            return v.clone();
        }
        let vec = self.pro_call(name, LTy::Vec(3, Box::new(LTy::Int(32))));
        let v = self.pro(&format!("extractelement <3 x i32> {vec}, i32 {d}"));
        self.cache.insert(key, v.clone());
        v
    }

    fn group_id(&mut self, d: usize) -> String {
        let name = ["llvm.genx.group.id.x", "llvm.genx.group.id.y", "llvm.genx.group.id.z"][d];
        self.pro_call(name, LTy::Int(32))
    }

    /// The lane numbers `<0, 1, ..., W-1>`.
    fn lane_vec(&self) -> String {
        let parts: Vec<String> = (0..self.w).map(|i| format!("i32 {i}")).collect();
        format!("<{}>", parts.join(", "))
    }

    /// A splat constant of a scalar constant text.
    fn splat_const(&self, t: &LTy, c: &str) -> String {
        let parts: Vec<String> = (0..self.w).map(|_| format!("{t} {c}")).collect();
        format!("<{}>", parts.join(", "))
    }

    /// Every lane on.
    fn all_lanes(&self) -> String {
        self.splat_const(&LTy::Int(1), "true")
    }

    /// A scalar broadcast to every lane.
    fn broadcast(&mut self, v: &str, t: &LTy) -> String {
        if !v.starts_with('%') {
            return self.splat_const(t, v);
        }
        let vt = self.vty(t);
        let one = self.emit(&format!("insertelement {vt} undef, {t} {v}, i32 0"));
        self.emit(&format!("shufflevector {vt} {one}, {vt} undef, <{} x i32> zeroinitializer", self.w))
    }

    /// A broadcast placed in the prologue (its operand must be defined there).
    fn pro_broadcast(&mut self, v: &str, t: &LTy) -> String {
        if !v.starts_with('%') {
            return self.splat_const(t, v);
        }
        let vt = self.vty(t);
        let one = self.pro(&format!("insertelement {vt} undef, {t} {v}, i32 0"));
        self.pro(&format!("shufflevector {vt} {one}, {vt} undef, <{} x i32> zeroinitializer", self.w))
    }

    fn get(&self, v: ValueId) -> Res<GV> {
        self.vals
            .get(&v)
            .cloned()
            .ok_or_else(|| invalid(format!("value %{} is used before it is defined", self.ir.value(v).name)))
    }

    /// A value as a scalar (it must be uniform).
    fn scalar(&self, v: ValueId) -> Res<(String, LTy)> {
        match self.get(v)? {
            GV::Uniform(s, t) => Ok((s, t)),
            GV::Lanes(..) => Err(invalid(format!(
                "value %{} varies between work-items where a uniform value is needed",
                self.ir.value(v).name
            ))),
            GV::Mem(_) | GV::Private(..) => Err(invalid("a memref where a scalar is needed")),
        }
    }

    /// A value as a lane vector (broadcast when uniform); returns the element type.
    fn lanes(&mut self, v: ValueId) -> Res<(String, LTy)> {
        match self.get(v)? {
            GV::Uniform(s, t) => Ok((self.broadcast(&s, &t), t)),
            GV::Lanes(s, t) => Ok((s, t)),
            GV::Mem(_) | GV::Private(..) => Err(invalid("a memref where a value is needed")),
        }
    }

    /// A value as it must be for a result of the given uniformity.
    fn shaped(&mut self, v: ValueId, varying: bool) -> Res<(String, LTy)> {
        if varying {
            self.lanes(v)
        } else {
            self.scalar(v)
        }
    }

    fn set(&mut self, v: ValueId, text: String, t: LTy, varying: bool) {
        let g = if varying { GV::Lanes(text, t) } else { GV::Uniform(text, t) };
        self.vals.insert(v, g);
    }

    /// The type text of a value of element type `t` and the given uniformity.
    fn shape_ty(&self, t: &LTy, varying: bool) -> LTy {
        if varying {
            self.vty(t)
        } else {
            t.clone()
        }
    }

    /// Emits the operations of a region's single block; returns what its terminator passes on.
    pub fn region(&mut self, r: RegionId) -> Res<Vec<ValueId>> {
        let blocks = &self.ir.region(r).blocks;
        if blocks.len() > 1 {
            return Err(unsupported(
                "branches between blocks in a SIMT gpu kernel (write structured control flow: scf.if, scf.for)",
            ));
        }
        let mut yielded = Vec::new();
        for &o in self.ir.region_ops(r) {
            let op = self.ir.op(o);
            match op.name.as_str() {
                "scf.yield" | "scf.condition" | "scf.reduce" | "scf.reduce.return" | "gpu.return"
                | "func.return" => yielded = op.operands.clone(),
                _ => self.op(o).inspect_err(|_| {
                    // The innermost operation that failed locates the error.
                    self.error_at.get_or_insert((op.loc, op.name.clone()));
                })?,
            }
        }
        Ok(yielded)
    }

    fn op(&mut self, id: OpId) -> Res<()> {
        let ir = self.ir;
        let op = ir.op(id);
        check_shape(ir, op)?;
        let (dialect, short) = op.name.split_once('.').unwrap_or(("", &op.name));
        let varying = op.results.first().is_some_and(|r| self.u.varies(*r));
        match (dialect, short) {
            ("arith", "constant") | ("index", "constant") => {
                let t = scalar_ty(ir.ty(op.results[0]))?;
                let text = match op.attr("value") {
                    Some(Attr::Int(v, _)) => scalar_text(Scalar::Int(*v), &t)?,
                    Some(Attr::Bool(b)) => scalar_text(Scalar::Int(*b as i128), &t)?,
                    Some(Attr::Float(v, _)) => scalar_text(*v, &t)?,
                    _ => return Err(unsupported("a constant that is not a scalar in a SIMT gpu kernel")),
                };
                self.set(op.results[0], text, t, false);
            }
            ("arith", b) if arith_binary(b).is_some() => {
                let ins = arith_binary(b).unwrap_or("add");
                let (x, t) = self.shaped(op.operands[0], varying)?;
                let (y, _) = self.shaped(op.operands[1], varying)?;
                let ty = self.shape_ty(&t, varying);
                let r = self.emit(&format!("{ins} {ty} {x}, {y}"));
                self.set(op.results[0], r, t, varying);
            }
            (
                "arith",
                "maxsi" | "maxui" | "minsi" | "minui" | "maxnumf" | "minnumf" | "maximumf" | "minimumf",
            ) => {
                let pred = match short {
                    "maxsi" => "icmp sgt",
                    "maxui" => "icmp ugt",
                    "minsi" => "icmp slt",
                    "minui" => "icmp ult",
                    "maxnumf" | "maximumf" => "fcmp ogt",
                    _ => "fcmp olt",
                };
                let (x, t) = self.shaped(op.operands[0], varying)?;
                let (y, _) = self.shaped(op.operands[1], varying)?;
                let r = self.min_max(pred, &t, varying, &x, &y);
                self.set(op.results[0], r, t, varying);
            }
            ("arith", "cmpi" | "cmpf") => {
                let p = op.attr("predicate").and_then(Attr::as_int).unwrap_or(-1);
                let pred = if short == "cmpi" {
                    ICMP.get(p as usize).map(|s| format!("icmp {s}"))
                } else {
                    FCMP.get(p as usize).map(|s| format!("fcmp {s}"))
                };
                let pred = pred.ok_or_else(|| invalid("comparison without a valid predicate"))?;
                let (x, t) = self.shaped(op.operands[0], varying)?;
                let (y, _) = self.shaped(op.operands[1], varying)?;
                let ty = self.shape_ty(&t, varying);
                let r = self.emit(&format!("{pred} {ty} {x}, {y}"));
                self.set(op.results[0], r, LTy::Int(1), varying);
            }
            ("arith", "select") => {
                let cv = self.u.varies(op.operands[0]);
                let (c, _) = if cv { self.lanes(op.operands[0])? } else { self.scalar(op.operands[0])? };
                let (x, t) = self.shaped(op.operands[1], varying)?;
                let (y, _) = self.shaped(op.operands[2], varying)?;
                let ct = self.shape_ty(&LTy::Int(1), cv);
                let ty = self.shape_ty(&t, varying);
                let r = self.emit(&format!("select {ct} {c}, {ty} {x}, {ty} {y}"));
                self.set(op.results[0], r, t, varying);
            }
            ("arith", c) if is_cast(c) => {
                let (x, from) = self.shaped(op.operands[0], varying)?;
                let to = scalar_ty(ir.ty(op.results[0]))?;
                let r = self.cast(c, &x, &from, &to, varying)?;
                self.set(op.results[0], r, to, varying);
            }
            ("math", m) => {
                let f = match m {
                    "sqrt" => "sqrt",
                    "absf" => "fabs",
                    "exp2" => "exp2",
                    "log2" => "log2",
                    "sin" => "sin",
                    "cos" => "cos",
                    "floor" => "floor",
                    "ceil" => "ceil",
                    _ => return Err(unsupported(format!("'math.{m}' in a SIMT gpu kernel"))),
                };
                let (x, t) = self.shaped(op.operands[0], varying)?;
                let ty = self.shape_ty(&t, varying);
                let r = self.call(&format!("llvm.{f}.{}", ty.mangle()), &ty, &[(x, ty.clone())]);
                self.set(op.results[0], r.unwrap_or_default(), t, varying);
            }
            ("memref", "load") => self.load(op)?,
            ("memref", "store") => self.store(op)?,
            ("memref", "dim") => {
                let GV::Mem(m) = self.get(op.operands[0])? else {
                    return Err(invalid("memref.dim of a value"));
                };
                let k = uniformity::const_int(ir, op.operands[1])
                    .ok_or_else(|| unsupported("memref.dim with a dimension that is not a constant"))?;
                let s =
                    m.sizes.get(k as usize).cloned().ok_or_else(|| invalid("memref.dim past the rank"))?;
                self.set(op.results[0], s, LTy::Int(32), false);
            }
            ("scf", "if") => self.scf_if(op)?,
            ("scf", "for") => self.scf_for(op)?,
            ("scf", "while") => self.scf_while(op)?,
            ("scf", "index_switch") => self.scf_index_switch(op)?,
            ("scf", "execute_region") => self.scf_execute_region(op)?,
            ("scf", "parallel") => self.scf_parallel(op)?,
            ("gpu", _) => self.gpu(id, short)?,
            ("func", "call") => self.inline_call(op)?,
            _ => return Err(unsupported(format!("'{}' in a SIMT gpu kernel", op.name))),
        }
        Ok(())
    }

    fn min_max(&mut self, pred: &str, t: &LTy, varying: bool, x: &str, y: &str) -> String {
        let ty = self.shape_ty(t, varying);
        let ct = self.shape_ty(&LTy::Int(1), varying);
        let c = self.emit(&format!("{pred} {ty} {x}, {y}"));
        self.emit(&format!("select {ct} {c}, {ty} {x}, {ty} {y}"))
    }

    fn cast(&mut self, c: &str, x: &str, from: &LTy, to: &LTy, varying: bool) -> Res<String> {
        let (ft, tt) = (self.shape_ty(from, varying), self.shape_ty(to, varying));
        let ins = match c {
            "index_cast" | "extsi" | "trunci" | "index_castui" | "extui" => {
                let (LTy::Int(a), LTy::Int(b)) = (from, to) else {
                    return Err(invalid("integer cast of a float"));
                };
                if a == b {
                    return Ok(x.to_string());
                }
                if a > b {
                    "trunc"
                } else if matches!(c, "extui" | "index_castui") {
                    "zext"
                } else {
                    "sext"
                }
            }
            "sitofp" | "uitofp" | "fptosi" | "fptoui" | "bitcast" => c,
            "extf" => "fpext",
            "truncf" => "fptrunc",
            _ => return Err(unsupported(format!("'arith.{c}' in a SIMT gpu kernel"))),
        };
        Ok(self.emit(&format!("{ins} {ft} {x} to {tt}")))
    }

    // ------------------------------------------------------------------ gpu operations

    fn gpu(&mut self, id: OpId, short: &str) -> Res<()> {
        let ir = self.ir;
        let op = ir.op(id);
        let w = self.w;
        let i32t = LTy::Int(32);
        let needs_dim = matches!(short, "thread_id" | "global_id" | "block_id" | "block_dim" | "grid_dim");
        let d = match uniformity::dimension(ir, id) {
            Some(d) if d < 3 => d,
            _ if needs_dim => return Err(invalid(format!("'gpu.{short}' without a dimension x, y or z"))),
            _ => 0,
        };
        match short {
            "thread_id" | "global_id" | "lane_id" => {
                let local = if short == "lane_id" {
                    None
                } else if d == 0 {
                    let lid = self.pro_component("llvm.genx.local.id.v3i32", 0);
                    Some(self.pro(&format!("mul i32 {lid}, {w}")))
                } else {
                    Some(self.pro_component("llvm.genx.local.id.v3i32", d))
                };
                let base = if short == "global_id" {
                    let g = self.group_id(d);
                    let size = self.block_dim(d);
                    let gb = self.pro(&format!("mul i32 {g}, {size}"));
                    let l = local.clone().unwrap_or_else(|| "0".into());
                    Some(self.pro(&format!("add i32 {gb}, {l}")))
                } else {
                    local
                };
                if d == 0 || short == "lane_id" {
                    let lanes = self.lane_vec();
                    let v = match base {
                        Some(b) => {
                            let bv = self.pro_broadcast(&b, &i32t);
                            self.pro(&format!("add <{w} x i32> {bv}, {lanes}"))
                        }
                        None => lanes,
                    };
                    self.set(op.results[0], v, i32t, true);
                } else {
                    self.set(op.results[0], base.unwrap_or_default(), i32t, false);
                }
            }
            "block_id" => {
                let g = self.group_id(d);
                self.set(op.results[0], g, i32t, false);
            }
            "block_dim" => {
                let s = self.block_dim(d);
                self.set(op.results[0], s, i32t, false);
            }
            "grid_dim" => {
                let s = self.pro_component("llvm.genx.group.count.v3i32", d);
                self.set(op.results[0], s, i32t, false);
            }
            "subgroup_size" => self.set(op.results[0], w.to_string(), i32t, false),
            "subgroup_id" | "num_subgroups" => {
                let l = |s: &mut Self, k| s.pro_component("llvm.genx.local.id.v3i32", k);
                let z = |s: &mut Self, k| s.pro_component("llvm.genx.local.size.v3i32", k);
                let v = if short == "subgroup_id" {
                    let (x, y, zz) = (l(self, 0), l(self, 1), l(self, 2));
                    let (sx, sy) = (z(self, 0), z(self, 1));
                    let a = self.pro(&format!("mul i32 {zz}, {sy}"));
                    let b = self.pro(&format!("add i32 {a}, {y}"));
                    let c = self.pro(&format!("mul i32 {b}, {sx}"));
                    self.pro(&format!("add i32 {c}, {x}"))
                } else {
                    let (sx, sy, sz) = (z(self, 0), z(self, 1), z(self, 2));
                    let a = self.pro(&format!("mul i32 {sx}, {sy}"));
                    self.pro(&format!("mul i32 {a}, {sz}"))
                };
                self.set(op.results[0], v, i32t, false);
            }
            "barrier" => {
                if self.mask.is_some() {
                    return Err(unsupported("gpu.barrier under control flow that varies between work-items"));
                }
                self.call("llvm.genx.fence", &LTy::Void, &[("33".into(), LTy::Int(8))]);
                self.call("llvm.genx.barrier", &LTy::Void, &[]);
            }
            "shuffle" => self.shuffle(op)?,
            "subgroup_reduce" => self.subgroup_reduce(op)?,
            _ => return Err(unsupported(format!("'gpu.{short}' in a SIMT gpu kernel"))),
        }
        Ok(())
    }

    /// Work-items of a block in dimension `d`: the hardware threads of the group times W in x.
    fn block_dim(&mut self, d: usize) -> String {
        let s = self.pro_component("llvm.genx.local.size.v3i32", d);
        if d == 0 {
            if let Some(v) = self.cache.get("bdim.x") {
                return v.clone();
            }
            let v = self.pro(&format!("mul i32 {s}, {}", self.w));
            self.cache.insert("bdim.x", v.clone());
            v
        } else {
            s
        }
    }

    /// `gpu.shuffle`: each lane reads the lane its mode names, through a region read with one
    /// offset per lane; a lane whose source is out of range keeps its own value (`valid` false).
    fn shuffle(&mut self, op: &Operation) -> Res<()> {
        let w = self.w;
        let mode = match op.attr("mode") {
            Some(Attr::Dialect(_, b)) => b.trim().trim_start_matches("shuffle_mode").trim().to_string(),
            _ => return Err(invalid("gpu.shuffle without a mode")),
        };
        let (x, t) = self.lanes(op.operands[0])?;
        let (off, _) = self.lanes(op.operands[1])?;
        let (width, _) = self.lanes(op.operands[2])?;
        let lanes = self.lane_vec();
        let vi = format!("<{w} x i32>");
        let src = match mode.as_str() {
            "xor" => self.emit(&format!("xor {vi} {lanes}, {off}")),
            "up" => self.emit(&format!("sub {vi} {lanes}, {off}")),
            "down" => self.emit(&format!("add {vi} {lanes}, {off}")),
            "idx" => off,
            m => return Err(invalid(format!("unknown shuffle mode '{m}'"))),
        };
        let zero = self.splat_const(&LTy::Int(32), "0");
        let below = self.emit(&format!("icmp slt {vi} {src}, {width}"));
        let nonneg = self.emit(&format!("icmp sge {vi} {src}, {zero}"));
        let valid = self.emit(&format!("and <{w} x i1> {below}, {nonneg}"));
        let from = self.emit(&format!("select <{w} x i1> {valid}, {vi} {src}, {vi} {lanes}"));
        let size = bytes_of(&t);
        let bytes =
            self.emit(&format!("mul {vi} {from}, {}", self.splat_const(&LTy::Int(32), &size.to_string())));
        let offs = self.emit(&format!("trunc {vi} {bytes} to <{w} x i16>"));
        let vt = self.vty(&t);
        let kind = if t.is_float() { "f" } else { "i" };
        let name = format!("llvm.genx.rdregion{kind}.{}.{}.v{w}i16", vt.mangle(), vt.mangle());
        let args = [
            (x, vt.clone()),
            ("0".into(), LTy::Int(32)),
            ("1".into(), LTy::Int(32)),
            ("0".into(), LTy::Int(32)),
            (offs, LTy::Vec(w as u64, Box::new(LTy::Int(16)))),
            ("undef".into(), LTy::Int(32)),
        ];
        let r = self.call(&name, &vt, &args).unwrap_or_default();
        self.set(op.results[0], r, t, true);
        self.set(op.results[1], valid, LTy::Int(1), true);
        Ok(())
    }

    /// `gpu.subgroup_reduce`: the lanes combined pairwise in halves (log2 W steps); lanes off in
    /// the current mask contribute the operation's identity. The result is uniform.
    fn subgroup_reduce(&mut self, op: &Operation) -> Res<()> {
        if op.attr("cluster_size").is_some() {
            return Err(unsupported("gpu.subgroup_reduce over clusters"));
        }
        let kind = match op.attr("op") {
            Some(Attr::Dialect(_, b)) => b.trim().trim_start_matches("all_reduce_op").trim().to_string(),
            _ => return Err(invalid("gpu.subgroup_reduce without an operation")),
        };
        let (mut cur, t) = self.lanes(op.operands[0])?;
        let float = t.is_float();
        let bits = if let LTy::Int(b) = t { b } else { 0 };
        let ident = match (kind.as_str(), float) {
            ("add", false) | ("or", _) | ("xor", _) | ("maxui", _) => "0".to_string(),
            ("add", true) => "0.0".into(),
            ("mul", false) => "1".into(),
            ("mul", true) => "1.0".into(),
            ("and", _) | ("minui", _) => "-1".into(),
            ("minsi", _) => ((1i128 << (bits.max(1) - 1)) - 1).to_string(),
            ("maxsi", _) => (-(1i128 << (bits.max(1) - 1))).to_string(),
            ("minnumf" | "minimumf", _) => "0x7FF0000000000000".into(),
            ("maxnumf" | "maximumf", _) => "0xFFF0000000000000".into(),
            (k, _) => return Err(unsupported(format!("gpu.subgroup_reduce {k}"))),
        };
        if matches!(kind.as_str(), "and" | "or" | "xor") && float {
            return Err(invalid(format!("gpu.subgroup_reduce {kind} of a float")));
        }
        let vt = self.vty(&t);
        if let Some(m) = self.mask.clone() {
            let id = self.splat_const(&t, &ident);
            cur = self.emit(&format!("select <{} x i1> {m}, {vt} {cur}, {vt} {id}", self.w));
        }
        let mut n = self.w;
        while n > 1 {
            let h = n / 2;
            let from = LTy::Vec(n as u64, Box::new(t.clone()));
            let half = LTy::Vec(h as u64, Box::new(t.clone()));
            let lo: Vec<String> = (0..h).map(|i| format!("i32 {i}")).collect();
            let hi: Vec<String> = (h..n).map(|i| format!("i32 {i}")).collect();
            let a = self
                .emit(&format!("shufflevector {from} {cur}, {from} undef, <{h} x i32> <{}>", lo.join(", ")));
            let b = self
                .emit(&format!("shufflevector {from} {cur}, {from} undef, <{h} x i32> <{}>", hi.join(", ")));
            let ins = match (kind.as_str(), float) {
                ("add", false) => Some("add"),
                ("add", true) => Some("fadd"),
                ("mul", false) => Some("mul"),
                ("mul", true) => Some("fmul"),
                ("and", _) => Some("and"),
                ("or", _) => Some("or"),
                ("xor", _) => Some("xor"),
                _ => None,
            };
            cur = match ins {
                Some(i) => self.emit(&format!("{i} {half} {a}, {b}")),
                None => {
                    let pred = match kind.as_str() {
                        "minsi" => "icmp slt",
                        "minui" => "icmp ult",
                        "maxsi" => "icmp sgt",
                        "maxui" => "icmp ugt",
                        "minnumf" | "minimumf" => "fcmp olt",
                        _ => "fcmp ogt",
                    };
                    let c = self.emit(&format!("{pred} {half} {a}, {b}"));
                    self.emit(&format!("select <{h} x i1> {c}, {half} {a}, {half} {b}"))
                }
            };
            n = h;
        }
        let r = self.emit(&format!("extractelement <1 x {t}> {cur}, i32 0"));
        self.set(op.results[0], r, t, false);
        Ok(())
    }

    // ------------------------------------------------------------------ memory

    /// The element offset of `idx` into `m`, and how it varies between lanes.
    fn index(&mut self, m: &Mem, idx: &[ValueId]) -> Res<Index> {
        if idx.len() != m.sizes.len() {
            return Err(invalid(format!("{} indices for a memref of rank {}", idx.len(), m.sizes.len())));
        }
        let varying = idx.iter().any(|v| self.u.varies(*v));
        let mut coef = Some(0i64);
        for (k, &v) in idx.iter().enumerate() {
            if self.u.varies(v) {
                coef = match (coef, self.u.lane_coef.get(&v), m.static_strides[k]) {
                    (Some(c), Some(l), Some(s)) => Some(c + l * s),
                    _ => None,
                };
            }
        }
        let mut acc: Option<String> = None;
        for (k, &v) in idx.iter().enumerate() {
            let (x, _) = self.shaped(v, varying)?;
            let ty = self.shape_ty(&LTy::Int(32), varying);
            let stride =
                if varying { self.broadcast(&m.strides[k], &LTy::Int(32)) } else { m.strides[k].clone() };
            let term = if m.static_strides[k] == Some(1) {
                x
            } else {
                self.emit(&format!("mul {ty} {x}, {stride}"))
            };
            acc = Some(match acc {
                None => term,
                Some(a) => self.emit(&format!("add {ty} {a}, {term}")),
            });
        }
        let mut off = acc.unwrap_or_else(|| "0".into());
        if m.offset != "0" {
            let ty = self.shape_ty(&LTy::Int(32), varying);
            let o = if varying { self.broadcast(&m.offset, &LTy::Int(32)) } else { m.offset.clone() };
            off = self.emit(&format!("add {ty} {off}, {o}"));
        }
        Ok(if !varying {
            Index::Uniform(off)
        } else if coef == Some(1) {
            let first = self.emit(&format!("extractelement <{} x i32> {off}, i32 0", self.w));
            Index::Contiguous(first, off)
        } else {
            Index::Lanes(off)
        })
    }

    /// `<W x i32>` element offsets of an index.
    fn lane_offsets(&mut self, ix: &Index) -> String {
        match ix {
            Index::Lanes(v) | Index::Contiguous(_, v) => v.clone(),
            Index::Uniform(v) => self.broadcast(v, &LTy::Int(32)),
        }
    }

    /// The scalar address (`i64` for SVM, `i32` byte offset otherwise) of element `off` (element
    /// sizes are powers of two: 1, 2, 4 or 8 bytes).
    fn scalar_address(&mut self, m: &Mem, off: &str, size: u32) -> String {
        match m.space {
            MemSpace::Svm => {
                let o = self.emit(&format!("sext i32 {off} to i64"));
                let b = self.emit(&format!("shl i64 {o}, {}", size.trailing_zeros()));
                self.emit(&format!("add i64 {}, {b}", m.base))
            }
            _ => {
                let b = self.emit(&format!("mul i32 {off}, {size}"));
                if m.base == "0" || m.space == MemSpace::Surface {
                    b
                } else {
                    self.emit(&format!("add i32 {}, {b}", m.base))
                }
            }
        }
    }

    /// Per-lane addresses: `<W x i64>` for SVM, `<W x i32>` byte offsets otherwise.
    fn lane_addresses(&mut self, m: &Mem, offs: &str, size: u32) -> String {
        let w = self.w;
        match m.space {
            MemSpace::Svm => {
                let o = self.emit(&format!("sext <{w} x i32> {offs} to <{w} x i64>"));
                let s = self.splat_const(&LTy::Int(64), &size.trailing_zeros().to_string());
                let b = self.emit(&format!("shl <{w} x i64> {o}, {s}"));
                let base = self.broadcast(&m.base, &LTy::Int(64));
                self.emit(&format!("add <{w} x i64> {base}, {b}"))
            }
            _ => {
                let s = self.splat_const(&LTy::Int(32), &size.to_string());
                let b = self.emit(&format!("mul <{w} x i32> {offs}, {s}"));
                if m.base == "0" || m.space == MemSpace::Surface {
                    b
                } else {
                    let base = self.broadcast(&m.base, &LTy::Int(32));
                    self.emit(&format!("add <{w} x i32> {base}, {b}"))
                }
            }
        }
    }

    fn pointer(&mut self, m: &Mem, addr: &str, t: &LTy) -> String {
        let (it, space) = if m.space == MemSpace::Svm { ("i64", 1) } else { ("i32", 3) };
        self.emit(&format!("inttoptr {it} {addr} to {}", t.ptr_to(space)))
    }

    fn check_elem(&self, t: &LTy, m: &Mem) -> Res<u32> {
        let size = bytes_of(t);
        let ok = match m.space {
            MemSpace::Svm => matches!(size, 4 | 8),
            _ => size == 4,
        };
        if !ok {
            return Err(unsupported(format!(
                "per-work-item access to {size}-byte elements of {} memory (4-byte elements{})",
                m.space.name(),
                if m.space == MemSpace::Svm { " and 8-byte" } else { "" }
            )));
        }
        Ok(size)
    }

    /// The intrinsic name of a gather (`store` false) or scatter of `n` lanes of `t` in `m`.
    fn gather_name(m: &Mem, t: &LTy, n: u32, store: bool) -> String {
        let vt = LTy::Vec(n as u64, Box::new(t.clone())).mangle();
        match (m.space, store) {
            (MemSpace::Svm, false) => format!("llvm.genx.svm.gather.{vt}.v{n}i1.v{n}i64"),
            (MemSpace::Svm, true) => format!("llvm.genx.svm.scatter.v{n}i1.v{n}i64.{vt}"),
            (_, false) => format!("llvm.genx.gather.scaled.{vt}.v{n}i1.v{n}i32"),
            (_, true) => format!("llvm.genx.scatter.scaled.v{n}i1.v{n}i32.{vt}"),
        }
    }

    /// A gather or scatter of all W lanes. Messages go out 16 lanes wide, which every platform
    /// has: 32 lanes as two messages (SIMD32 messages need PVC), 8 lanes of a scaled (surface or
    /// SLM) message padded to 16 with the extra lanes off (PVC has no SIMD8 of those). `args` are
    /// the message's arguments; vectors of W elements among them are split or padded, the lane
    /// mask through a word vector so that each message gets a predicate of its own. Returns the
    /// gathered `<W x T>` (none for a scatter).
    fn message(&mut self, m: &Mem, t: &LTy, store: bool, args: &[(String, LTy)]) -> Option<String> {
        let w = self.w;
        let pad = m.space != MemSpace::Svm && w == 8;
        if w == 16 || (w == 8 && !pad) {
            let ret = if store { LTy::Void } else { self.vty(t) };
            return self.call(&Self::gather_name(m, t, w, store), &ret, args);
        }
        let h = 16u32;
        let parts = if w == 32 { 2 } else { 1 };
        let mut halves = Vec::new();
        for part in 0..parts {
            // Element k of the message is element idx[k] of the W lanes (beyond W: off / undef).
            let idx: Vec<u32> = (0..h).map(|k| part * h + k).collect();
            let mut a = Vec::new();
            for (v, ty) in args {
                match ty {
                    LTy::Vec(n, e) if *n == w as u64 && **e == LTy::Int(1) => {
                        let wt = format!("<{w} x i16>");
                        let z = self.emit(&format!("zext {ty} {v} to {wt}"));
                        let sel: Vec<String> = idx.iter().map(|i| format!("i32 {i}")).collect();
                        let piece = self.emit(&format!(
                            "shufflevector {wt} {z}, {wt} zeroinitializer, <{h} x i32> <{}>",
                            sel.join(", ")
                        ));
                        let p = self.emit(&format!("icmp ne <{h} x i16> {piece}, zeroinitializer"));
                        a.push((p, LTy::Vec(h as u64, Box::new(LTy::Int(1)))));
                    }
                    LTy::Vec(n, e) if *n == w as u64 => {
                        let sel: Vec<String> = idx
                            .iter()
                            .map(|&i| if i < w { format!("i32 {i}") } else { "i32 undef".into() })
                            .collect();
                        let x = self.emit(&format!(
                            "shufflevector {ty} {v}, {ty} undef, <{h} x i32> <{}>",
                            sel.join(", ")
                        ));
                        a.push((x, LTy::Vec(h as u64, e.clone())));
                    }
                    _ => a.push((v.clone(), ty.clone())),
                }
            }
            let ret = if store { LTy::Void } else { LTy::Vec(h as u64, Box::new(t.clone())) };
            halves.push(self.call(&Self::gather_name(m, t, h, store), &ret, &a));
        }
        if store {
            return None;
        }
        let ht = LTy::Vec(h as u64, Box::new(t.clone()));
        let all: Vec<String> = (0..w).map(|i| format!("i32 {i}")).collect();
        let lo = halves[0].clone().unwrap_or_default();
        let hi = halves.get(1).cloned().flatten().unwrap_or_else(|| "undef".into());
        Some(self.emit(&format!("shufflevector {ht} {lo}, {ht} {hi}, <{w} x i32> <{}>", all.join(", "))))
    }

    /// The leading arguments of a gather or scatter message of `m`.
    fn message_args(&self, m: &Mem, mask: &str, addrs: &str) -> Vec<(String, LTy)> {
        let w = self.w as u64;
        let mt = LTy::Vec(w, Box::new(LTy::Int(1)));
        match m.space {
            MemSpace::Svm => vec![
                (mask.into(), mt),
                ("0".into(), LTy::Int(32)),
                (addrs.into(), LTy::Vec(w, Box::new(LTy::Int(64)))),
            ],
            _ => {
                let surface = if m.space == MemSpace::Slm { SLM_BTI.to_string() } else { m.base.clone() };
                // Blocks of 2^2 = 4 bytes (a dword per lane), no scaling of the offsets.
                vec![
                    (mask.into(), mt),
                    ("2".into(), LTy::Int(32)),
                    ("0".into(), LTy::Int(16)),
                    (surface, LTy::Int(32)),
                    ("0".into(), LTy::Int(32)),
                    (addrs.into(), LTy::Vec(w, Box::new(LTy::Int(32)))),
                ]
            }
        }
    }

    fn memref_of(&self, v: ValueId) -> Res<Mem> {
        match self.get(v)? {
            GV::Mem(m) => Ok(m),
            _ => Err(invalid("a memory access to a value that is not a memref")),
        }
    }

    /// The register of element `idx` of a private attribution (constant indices only).
    fn private_slot(&self, shape: &[i64], slots: &[String], idx: &[ValueId]) -> Res<String> {
        if idx.len() != shape.len() {
            return Err(invalid(format!("{} indices for a memref of rank {}", idx.len(), shape.len())));
        }
        let mut at = 0i64;
        for (k, &v) in idx.iter().enumerate() {
            let i = uniformity::const_int(self.ir, v).ok_or_else(|| {
                unsupported(
                    "private memory indexed by a value that is not a constant (it lives in registers)",
                )
            })?;
            if i < 0 || i as i64 >= shape[k] {
                return Err(invalid(format!(
                    "index {i} is out of bounds of dimension {k} of size {}",
                    shape[k]
                )));
            }
            at = at * shape[k] + i as i64;
        }
        Ok(slots[at as usize].clone())
    }

    fn load(&mut self, op: &Operation) -> Res<()> {
        if let GV::Private(shape, t, slots) = self.get(op.operands[0])? {
            let slot = self.private_slot(&shape, &slots, &op.operands[1..])?;
            let vt = self.vty(&t);
            let r = self.emit(&format!("load {vt}, {vt}* {slot}"));
            self.set(op.results[0], r, t, true);
            return Ok(());
        }
        let m = self.memref_of(op.operands[0])?;
        let t = scalar_ty(self.ir.ty(op.results[0]))?;
        let ix = self.index(&m, &op.operands[1..])?;
        let size = bytes_of(&t);
        let w = self.w;
        match (&ix, m.space) {
            (Index::Uniform(off), MemSpace::Svm | MemSpace::Slm) => {
                let a = self.scalar_address(&m, off, size);
                let p = self.pointer(&m, &a, &t);
                let r = self.emit(&format!("load {t}, {} {p}, align {size}", t.ptr_to(m.space.llvm())));
                self.set(op.results[0], r, t, false);
            }
            (Index::Contiguous(first, _), MemSpace::Svm) if self.mask.is_none() => {
                let a = self.scalar_address(&m, first, size);
                let vt = self.vty(&t);
                let p = self.pointer(&m, &a, &vt);
                let r = self.emit(&format!("load {vt}, {} {p}, align {size}", vt.ptr_to(1)));
                self.set(op.results[0], r, t, true);
            }
            _ => {
                self.check_elem(&t, &m)?;
                let offs = self.lane_offsets(&ix);
                let addrs = self.lane_addresses(&m, &offs, size);
                // A uniform address is read by every lane (lane 0 gives the value).
                let mask = match (&ix, &self.mask) {
                    (Index::Uniform(_), _) | (_, None) => self.all_lanes(),
                    (_, Some(m)) => m.clone(),
                };
                let vt = self.vty(&t);
                let mut args = self.message_args(&m, &mask, &addrs);
                args.push(("undef".into(), vt.clone()));
                let r = self.message(&m, &t, false, &args).unwrap_or_default();
                if matches!(ix, Index::Uniform(_)) {
                    let s = self.emit(&format!("extractelement <{w} x {t}> {r}, i32 0"));
                    self.set(op.results[0], s, t, false);
                } else {
                    self.set(op.results[0], r, t, true);
                }
            }
        }
        Ok(())
    }

    fn store(&mut self, op: &Operation) -> Res<()> {
        if let GV::Private(shape, t, slots) = self.get(op.operands[1])? {
            let slot = self.private_slot(&shape, &slots, &op.operands[2..])?;
            let vt = self.vty(&t);
            let (mut v, _) = self.lanes(op.operands[0])?;
            if let Some(m) = self.mask.clone() {
                let old = self.emit(&format!("load {vt}, {vt}* {slot}"));
                v = self.emit(&format!("select <{} x i1> {m}, {vt} {v}, {vt} {old}", self.w));
            }
            self.inst(&format!("store {vt} {v}, {vt}* {slot}"));
            return Ok(());
        }
        let m = self.memref_of(op.operands[1])?;
        let value_varies = self.u.varies(op.operands[0]);
        let ix = self.index(&m, &op.operands[2..])?;
        let t = scalar_ty(self.ir.ty(op.operands[0]))?;
        let size = bytes_of(&t);
        match (&ix, m.space) {
            (Index::Uniform(off), MemSpace::Svm | MemSpace::Slm) if self.mask.is_none() && !value_varies => {
                let (v, _) = self.scalar(op.operands[0])?;
                let a = self.scalar_address(&m, off, size);
                let p = self.pointer(&m, &a, &t);
                self.inst(&format!("store {t} {v}, {} {p}, align {size}", t.ptr_to(m.space.llvm())));
            }
            (Index::Contiguous(first, _), MemSpace::Svm) if self.mask.is_none() => {
                let (v, _) = self.lanes(op.operands[0])?;
                let a = self.scalar_address(&m, first, size);
                let vt = self.vty(&t);
                let p = self.pointer(&m, &a, &vt);
                self.inst(&format!("store {vt} {v}, {} {p}, align {size}", vt.ptr_to(1)));
            }
            _ => {
                self.check_elem(&t, &m)?;
                let (v, _) = self.lanes(op.operands[0])?;
                let offs = self.lane_offsets(&ix);
                let addrs = self.lane_addresses(&m, &offs, size);
                let mask = self.mask.clone().unwrap_or_else(|| self.all_lanes());
                let vt = self.vty(&t);
                let mut args = self.message_args(&m, &mask, &addrs);
                args.push((v, vt));
                self.message(&m, &t, true, &args);
            }
        }
        Ok(())
    }

    fn scalar_ty_of(&self, v: ValueId) -> Res<LTy> {
        scalar_ty(self.ir.ty(v))
    }

    /// A call of a device function (a `gpu.func` without `kernel` in the same module), inlined:
    /// its body is widened with the uniformity of the call's arguments.
    fn inline_call(&mut self, op: &Operation) -> Res<()> {
        let Some(Attr::Symbol(name)) = op.attr("callee") else {
            return Err(invalid("call without a callee"));
        };
        let Some(&f) = self.device.get(name) else {
            return Err(unsupported(format!(
                "a call of @{name} in a SIMT gpu kernel (only device functions of the same gpu.module)"
            )));
        };
        if self.depth > 16 {
            return Err(unsupported(format!("recursive device function @{name}")));
        }
        let fop = self.ir.op(f);
        let body = *fop.regions.first().ok_or_else(|| invalid(format!("@{name} has no body")))?;
        let entry =
            *self.ir.region(body).blocks.first().ok_or_else(|| invalid("device function without a body"))?;
        let params = self.ir.block(entry).args.clone();
        if params.len() != op.operands.len() {
            return Err(invalid(format!("@{name} takes {} arguments", params.len())));
        }
        let seeds: Vec<ValueId> =
            params.iter().zip(&op.operands).filter(|(_, a)| self.u.varies(**a)).map(|(p, _)| *p).collect();
        let inner = uniformity::analyse_seeded(self.ir, body, &seeds);
        for (&p, &a) in params.iter().zip(&op.operands) {
            let g = self.get(a)?;
            self.vals.insert(p, g);
        }
        let saved = std::mem::replace(&mut self.u, inner);
        self.depth += 1;
        let r = self.region(body);
        self.depth -= 1;
        self.u = saved;
        let rets = r?;
        for (&res, &v) in op.results.iter().zip(&rets) {
            let g = self.get(v)?;
            let varying = matches!(g, GV::Lanes(..));
            if varying != self.u.varies(res) {
                // The caller's analysis is conservative: align it to what the body produced.
                let (x, t) = self.shaped(v, self.u.varies(res))?;
                self.set(res, x, t, self.u.varies(res));
            } else {
                self.vals.insert(res, g);
            }
        }
        Ok(())
    }
}

/// Checks the operand, result and region counts of an operation the emitter lowers, so that a
/// malformed operation (the generic form takes any) is an error, not a panic.
fn check_shape(ir: &Ir, op: &Operation) -> Res<()> {
    let (dialect, short) = op.name.split_once('.').unwrap_or(("", &op.name));
    let (operands, results, regions): (std::ops::RangeInclusive<usize>, Option<usize>, usize) =
        match (dialect, short) {
            ("arith" | "index", "constant") => (0..=0, Some(1), 0),
            ("arith", "select") => (3..=3, Some(1), 0),
            ("arith", "cmpi" | "cmpf") => (2..=2, Some(1), 0),
            ("arith", b) if arith_binary(b).is_some() || b.starts_with("max") || b.starts_with("min") => {
                (2..=2, Some(1), 0)
            }
            ("arith", c) if is_cast(c) => (1..=1, Some(1), 0),
            ("math", _) => (1..=1, Some(1), 0),
            ("memref", "load") => (1..=usize::MAX, Some(1), 0),
            ("memref", "store") => (2..=usize::MAX, Some(0), 0),
            ("memref", "dim") => (2..=2, Some(1), 0),
            ("scf", "if") => (1..=1, None, 1),
            ("scf", "for") => (3..=usize::MAX, Some(op.operands.len().saturating_sub(3)), 1),
            ("gpu", "barrier") => (0..=0, Some(0), 0),
            ("gpu", "shuffle") => (3..=3, Some(2), 0),
            ("gpu", "subgroup_reduce") => (1..=1, Some(1), 0),
            ("gpu", _) => (0..=0, Some(1), 0),
            _ => return Ok(()),
        };
    let ok = operands.contains(&op.operands.len())
        && results.is_none_or(|n| n == op.results.len())
        && op.regions.len() >= regions
        && op.regions.iter().all(|r| ir.region(*r).blocks.len() == 1);
    let body_args = match (dialect, short) {
        ("scf", "for") => ir.region(op.regions[0]).blocks.first().map(|b| ir.block(*b).args.len()),
        _ => None,
    };
    if !ok || body_args.is_some_and(|n| n != 1 + op.results.len()) {
        return Err(invalid(format!(
            "malformed '{}': {} operands, {} results, {} regions",
            op.name,
            op.operands.len(),
            op.results.len(),
            op.regions.len()
        )));
    }
    Ok(())
}

fn is_cast(op: &str) -> bool {
    matches!(
        op,
        "index_cast"
            | "index_castui"
            | "extsi"
            | "extui"
            | "trunci"
            | "sitofp"
            | "uitofp"
            | "fptosi"
            | "fptoui"
            | "extf"
            | "truncf"
            | "bitcast"
    )
}
