//! Shorthands to build vISA kernels with the model API and run them on the executor (the operand
//! shorthands are vISA/tests/common/operands.rs, shared with the vISA package's tests).
#![allow(dead_code)]

use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{ArgValue, Launch};
use genxc_sim::memory::{BufferKind, Bytes, Memory};
use genxc_sim::{Report, SimError};
use genxc_visa::*;

#[path = "../../../vISA/tests/common/operands.rs"]
mod operands;
pub use operands::*;

/// `oword_st (n) surf off:ud var.0`.
pub fn ost(k: &mut Kernel, size: Owords, surf: SurfaceId, off: u32, src: VarId) {
    k.push(Inst::OwordSt { size, surface: surf, offset: i(Imm::UD(off)), src: Raw::of(src) });
}

/// `(M1, 16)`.
pub const E16: Exec = Exec::new(16);
/// `(M1, 8)`.
pub const E8: Exec = Exec::new(8);
/// `(M1, 1)`.
pub const E1: Exec = Exec::new(1);
/// `(M1_NM, 1)`.
pub const NM1: Exec = Exec::nm(1);

/// The target: 32-byte GRFs, surfaces from binding-table index 0.
pub const CFG: Config = Config { grf_bytes: 32, bti_base: 0 };

/// A kernel whose first input (offset 32) is the surface `out`.
pub fn with_out(name: &str) -> (Kernel, SurfaceId) {
    let mut k = Kernel::new(name);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Surface(out), 32, 4);
    (k, out)
}

/// A launch of one thread with arguments.
pub fn one_thread(args: Vec<ArgValue>) -> Launch {
    Launch { groups: [1, 1, 1], group_size: [1, 1, 1], args, slm_size: 0, step_limit: 10_000 }
}

/// Memory holding `n` surfaces of `bytes` undefined bytes each (bti 0, 1, ...; 2D rows of 64).
pub fn surfaces(n: u32, bytes: usize) -> Memory {
    let mut m = Memory::default();
    for bti in 0..n {
        let kind = BufferKind::Surface { bti, width: 64, height: (bytes / 64) as u32, pitch: 64 };
        m.add(format!("s{bti}"), kind, Bytes::undefined(bytes));
    }
    m
}

/// Runs a one-thread kernel whose only argument is `out` (bti 0, 256 bytes).
pub fn run_out(k: &Kernel) -> (Result<Report, SimError>, Memory) {
    let mut m = surfaces(1, 256);
    let r = exec::run(std::slice::from_ref(k), &CFG, &one_thread(vec![ArgValue::Surface(0)]), &mut m);
    (r, m)
}

/// Little-endian u32 `idx` of a buffer (None when undefined).
pub fn word(m: &Memory, buf: usize, idx: usize) -> Option<u32> {
    let (v, def) = m.buffers[buf].bytes.get(idx * 4, 4);
    def.then_some(v as u32)
}

/// The first `n` u32 of buffer 0, panicking on undefined ones.
pub fn words(m: &Memory, n: usize) -> Vec<u32> {
    (0..n).map(|j| word(m, 0, j).unwrap_or_else(|| panic!("word {j} undefined"))).collect()
}

/// Runs a kernel computing into `r` (16 x `ty`) and stores `owords` of it; returns the words.
pub fn compute(ty: VisaType, owords: Owords, build: impl FnOnce(&mut Kernel, VarId)) -> Vec<u32> {
    let (mut k, out) = with_out("t");
    let n = 64 / ty.size();
    let r = k.add_var("r", ty, n as u16, Align::Grf);
    let zero = if ty.is_float() { Imm::F(0.0) } else { Imm::D(0) };
    for col in (0..n).step_by(16) {
        let e = Exec::new(16.min(n) as u8);
        k.push(Inst::Alu {
            op: AluOp::Mov,
            pred: None,
            sat: false,
            exec: e,
            dst: d(r, col as u8),
            srcs: vec![i(zero)],
        });
    }
    build(&mut k, r);
    ost(&mut k, owords, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.expect("run");
    let n = match owords {
        Owords::O1 => 4,
        Owords::O2 => 8,
        Owords::O4 => 16,
        _ => 32,
    };
    words(&m, n.min(16))
}
