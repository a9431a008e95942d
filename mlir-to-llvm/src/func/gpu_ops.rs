//! `gpu` operations outside SIMT kernels: the ids, sizes and barrier of subgroup-level kernels
//! (a `gpu.func` using `xegpu` operations: one work-item per hardware thread, docs/mlir-gpu.md),
//! and `gpu.launch_func` in host functions.
//!
//! Host functions are translated with `--emit llvm` only; a launch is a call of the runtime entry
//! `genxc_gpu_launch_kernel`, modeled on MLIR's `mgpuLaunchKernel`:
//!
//! ```text
//! void genxc_gpu_launch_kernel(const char *kernel, i64 grid_x, i64 grid_y, i64 grid_z,
//!                              i64 block_x, i64 block_y, i64 block_z, i32 shared_bytes,
//!                              void **params, i64 param_count)
//! ```
//!
//! `kernel` is the kernel's name (a NUL-terminated constant); `block_*` count work-items as MLIR
//! does (the runtime divides x by the SIMD width, docs/mlir-gpu.md); each of `params` points at
//! one argument's value in the caller's frame (a memref as its descriptor struct).

use super::{FnEmitter, Res};
use crate::types::LTy;
use genxc_diag::{invalid, unsupported};
use genxc_frontend::mlir::{Attr, Operation};

impl FnEmitter<'_, '_> {
    /// An id, size or barrier of a subgroup-level kernel: the hardware thread's own values
    /// (`thread_id x` is the thread's local id x; the subgroup is the thread, of size 1 lane).
    pub(super) fn subgroup_gpu_op(&mut self, op: &Operation, short: &str) -> Res<()> {
        let d = match op.attr("dimension") {
            Some(Attr::Dialect(_, b)) => match b.trim().trim_start_matches("dim").trim() {
                "y" => 1,
                "z" => 2,
                _ => 0,
            },
            _ => 0,
        };
        let v3 = LTy::Vec(3, Box::new(LTy::Int(32)));
        let component = |s: &mut Self, name: &str| {
            let v = s.call_decl(name, &v3, &[]);
            s.emit(&format!("extractelement <3 x i32> {v}, i32 {d}"))
        };
        let v = match short {
            "thread_id" => component(self, "llvm.genx.local.id.v3i32"),
            "subgroup_id" => {
                let (id, size) = ("llvm.genx.local.id.v3i32", "llvm.genx.local.size.v3i32");
                let ids = self.call_decl(id, &v3, &[]);
                let sizes = self.call_decl(size, &v3, &[]);
                let c =
                    |s: &mut Self, v: &str, k: u32| s.emit(&format!("extractelement <3 x i32> {v}, i32 {k}"));
                let (x, y, z) = (c(self, &ids, 0), c(self, &ids, 1), c(self, &ids, 2));
                let (sx, sy) = (c(self, &sizes, 0), c(self, &sizes, 1));
                let a = self.emit(&format!("mul i32 {z}, {sy}"));
                let b = self.emit(&format!("add i32 {a}, {y}"));
                let m = self.emit(&format!("mul i32 {b}, {sx}"));
                self.emit(&format!("add i32 {m}, {x}"))
            }
            "block_dim" => component(self, "llvm.genx.local.size.v3i32"),
            "grid_dim" => component(self, "llvm.genx.group.count.v3i32"),
            "block_id" => {
                let name = ["llvm.genx.group.id.x", "llvm.genx.group.id.y", "llvm.genx.group.id.z"][d];
                self.call_decl(name, &LTy::Int(32), &[])
            }
            "global_id" => {
                let g = {
                    let name = ["llvm.genx.group.id.x", "llvm.genx.group.id.y", "llvm.genx.group.id.z"][d];
                    self.call_decl(name, &LTy::Int(32), &[])
                };
                let s = component(self, "llvm.genx.local.size.v3i32");
                let l = component(self, "llvm.genx.local.id.v3i32");
                let m = self.emit(&format!("mul i32 {g}, {s}"));
                self.emit(&format!("add i32 {m}, {l}"))
            }
            "lane_id" => "0".to_string(),
            "subgroup_size" => "1".to_string(),
            "barrier" => {
                self.call_decl("llvm.genx.fence", &LTy::Void, &[("33".into(), LTy::Int(8))]);
                self.call_decl("llvm.genx.barrier", &LTy::Void, &[]);
                return Ok(());
            }
            g => return Err(unsupported(format!("'gpu.{g}' in a subgroup-level (xegpu) kernel"))),
        };
        let it = self.result_ty(op, 0)?;
        let v = match &it {
            LTy::Int(32) => v,
            LTy::Int(w) if *w > 32 => self.emit(&format!("zext i32 {v} to {it}")),
            _ => return Err(invalid(format!("a gpu id of type {it}"))),
        };
        self.set(op.results[0], v, it);
        Ok(())
    }

    pub(super) fn launch_func(&mut self, op: &Operation) -> Res<()> {
        let seg: Vec<usize> = match op.attr("operandSegmentSizes") {
            Some(Attr::Array(v)) => v.iter().filter_map(Attr::as_int).map(|x| x as usize).collect(),
            _ => return Err(invalid("gpu.launch_func without operandSegmentSizes")),
        };
        if seg.len() < 12
            || seg.iter().sum::<usize>() != op.operands.len()
            || seg[1..7].iter().any(|&n| n != 1)
        {
            return Err(invalid("gpu.launch_func whose operandSegmentSizes do not match its operands"));
        }
        if seg[0] != 0 || !op.results.is_empty() {
            return Err(unsupported("asynchronous gpu.launch_func (dependencies and tokens)"));
        }
        if seg[7..10].iter().any(|&n| n != 0) {
            return Err(unsupported("gpu.launch_func with clusters"));
        }
        let Some(Attr::Symbol(sym)) = op.attr("kernel") else {
            return Err(invalid("gpu.launch_func without a kernel symbol"));
        };
        let kernel = sym.rsplit("::").next().unwrap_or(sym).to_string();
        let name = self.m.string_constant(&kernel);
        let mut args = vec![(name, LTy::i8ptr())];
        for &v in &op.operands[..6] {
            let (t, ty) = self.get(v)?;
            let t = if ty == LTy::Int(64) { t } else { self.emit(&format!("zext {ty} {t} to i64")) };
            args.push((t, LTy::Int(64)));
        }
        let smem = if seg[10] == 1 { self.get(op.operands[6])?.0 } else { "0".into() };
        args.push((smem, LTy::Int(32)));
        let first = 6 + seg[10];
        let params: Vec<_> = op.operands[first..first + seg[11]].to_vec();
        let n = params.len();
        let arr_t = LTy::Array(n as u64, Box::new(LTy::i8ptr()));
        let arr = self.emit(&format!("alloca {arr_t}"));
        for (k, &p) in params.iter().enumerate() {
            let (v, t) = self.get(p)?;
            let slot = self.emit(&format!("alloca {t}"));
            self.inst(&format!("store {t} {v}, {t}* {slot}"));
            let raw = self.emit(&format!("bitcast {t}* {slot} to i8*"));
            let at = self.emit(&format!("getelementptr {arr_t}, {arr_t}* {arr}, i64 0, i64 {k}"));
            self.inst(&format!("store i8* {raw}, i8** {at}"));
        }
        let base = self.emit(&format!("getelementptr {arr_t}, {arr_t}* {arr}, i64 0, i64 0"));
        args.push((base, LTy::i8ptr().ptr_to(0)));
        args.push((n.to_string(), LTy::Int(64)));
        self.call_decl("genxc_gpu_launch_kernel", &LTy::Void, &args);
        Ok(())
    }
}
