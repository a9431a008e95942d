//! Throughput of region legalization: a function with 100,000 region operations (rdregions and
//! wrregions, half of them feeding or taking a wide `fmul`), legalized for TGLLP. Prints pieces per
//! second of CPU time on one core (the whole pass: collapse, split, collapse again). Run with
//! `cargo bench -p genxc-legalize`.

use genxc_genx::ir::{BinOp, Constant, Terminator};
use genxc_genx::{Elem, Function, Inst, InstKind, Linkage, Platform, Region, Type, Value};
use std::time::Instant;

/// The same allocator as the `genxc` command.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn build(region_ops: usize) -> Function {
    let vec64 = Type::Vector(Elem::Float, 64);
    let mut f = Function::new("bench", Linkage::Kernel, vec![vec64, vec64], vec64);
    let b = f.add_block("entry");
    let t = f.add_const(Constant { ty: Type::Scalar(Elem::I1), elems: vec![Some(1)] });
    let mut acc = Value::Param(1);
    let mut ops = 0;
    let mut k = 0u32;
    while ops < region_ops {
        k += 1;
        if k.is_multiple_of(2) {
            // lone misaligned read, 16 floats from element 1..8: two or three pieces
            let start = 1 + k % 8;
            let r = Region::contiguous(4, 16, start);
            let rd = f.push_inst(
                b,
                Inst {
                    kind: InstKind::RdRegion { input: Value::Param(0), region: r },
                    ty: Type::Vector(Elem::Float, 16),
                    name: String::new(),
                },
            );
            let w = Region::contiguous(4, 16, 32);
            acc = f.push_inst(
                b,
                Inst {
                    kind: InstKind::WrRegion { old: acc, new: rd, region: w, mask: t },
                    ty: vec64,
                    name: String::new(),
                },
            );
            ops += 2;
        } else {
            // rd (2D) -> fmul <32 x float> -> wr: a group of two 16-wide pieces
            let r = Region::from_operands(4, 32, 16, 16, 1, 0, None, 0).expect("region");
            let rd = f.push_inst(
                b,
                Inst {
                    kind: InstKind::RdRegion { input: Value::Param(0), region: r },
                    ty: Type::Vector(Elem::Float, 32),
                    name: String::new(),
                },
            );
            let m = f.push_inst(
                b,
                Inst {
                    kind: InstKind::Binary { op: BinOp::FMul, lhs: rd, rhs: rd },
                    ty: Type::Vector(Elem::Float, 32),
                    name: String::new(),
                },
            );
            let w = Region::contiguous(4, 32, 8 * (k % 4));
            acc = f.push_inst(
                b,
                Inst {
                    kind: InstKind::WrRegion { old: acc, new: m, region: w, mask: t },
                    ty: vec64,
                    name: String::new(),
                },
            );
            ops += 2;
        }
    }
    f.blocks[b].term = Terminator::Ret(Some(acc));
    f
}

/// CPU time this thread has used (user and system), in seconds: unlike wall time, it does not
/// count the time other processes on a shared machine hold the core.
fn thread_cpu_seconds() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes the timespec we pass and reads nothing else.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn main() {
    let f = build(100_000);
    let (mut best_wall, mut best_cpu) = (f64::MAX, f64::MAX);
    let mut pieces = 0;
    for _ in 0..11 {
        let mut g = f.clone();
        let (t, c) = (Instant::now(), thread_cpu_seconds());
        let stats = genxc_legalize::run(&mut g, Platform::Tgllp).expect("legalize");
        best_cpu = best_cpu.min(thread_cpu_seconds() - c);
        best_wall = best_wall.min(t.elapsed().as_secs_f64());
        pieces = stats.pieces;
    }
    println!(
        "legalize: 100000 region ops, {pieces} pieces; one core: {:.2} ms CPU = {:.2} M pieces/s \
         (wall {:.2} ms = {:.2} M pieces/s)",
        best_cpu * 1e3,
        pieces as f64 / best_cpu / 1e6,
        best_wall * 1e3,
        pieces as f64 / best_wall / 1e6
    );
}
