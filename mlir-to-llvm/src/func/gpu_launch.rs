//! `gpu.launch_func` in host functions (translated with `--emit llvm`): a call of the runtime
//! entry `genxc_gpu_launch_kernel`, modeled on MLIR's `mgpuLaunchKernel`:
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
    pub(super) fn launch_func(&mut self, op: &Operation) -> Res<()> {
        let seg: Vec<usize> = match op.attr("operandSegmentSizes") {
            Some(Attr::Array(v)) => v.iter().filter_map(Attr::as_int).map(|x| x as usize).collect(),
            _ => return Err(invalid("gpu.launch_func without operandSegmentSizes")),
        };
        if seg.len() < 12 || seg[0] != 0 || !op.results.is_empty() {
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
