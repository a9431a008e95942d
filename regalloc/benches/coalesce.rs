//! Benchmark: liveness and coalescing of one big kernel function, at 10k, 100k and 1M instructions.
//!
//! The function is blocks of 40 instructions: chains of `wrregion`s (each writing one element of
//! a `<8 x i32>` read from another value), adds, bitcasts to `<16 x i16>` and back; every fourth
//! block is a self-loop with three vector phis. Values are picked among the last 32 (and the
//! kernel's parameters, live to the end). Prints the thread CPU time of liveness (numbering and
//! live ranges) and of coalescing plus variable assignment, and the time per instruction, so
//! growth faster than n log n shows as a rising last column.
//!
//! A second table allocates a kernel unit: the same kernel with a call every few instructions of
//! one of four small subroutines (a `wrregion` chain into the first parameter plus the second),
//! arguments and results among the recent values, through `assign_unit` (liveness and
//! coalescing of every function, callees first).

use genxc_genx::bale;
use genxc_genx::ir::{BinOp, CastOp, CmpPred, Constant, FuncId, Inst, Linkage, Module, Terminator};
use genxc_genx::{Elem, Function, InstKind, Region, Type, Value};
use std::time::Duration;

const T32: Type = Type::Vector(Elem::I32, 8);
const T16: Type = Type::Vector(Elem::I16, 16);

fn cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes into the timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A subroutine `(T32, T32) -> T32`: writes four elements of its first parameter from the
/// second, adds the second.
fn subroutine(k: usize) -> Function {
    let mut f = Function::new(format!("sub{k}"), Linkage::Internal, vec![T32, T32], T32);
    let b = f.add_block("entry");
    let mask = f.add_const(Constant::int(Elem::I1, 1));
    let push = |f: &mut Function, kind, ty| f.push_inst(b, Inst { kind, ty, name: String::new() });
    let mut old = Value::Param(0);
    for e in 0..4u32 {
        let rd = Region::contiguous(4, 1, (e + k as u32) % 8);
        let part =
            push(&mut f, InstKind::RdRegion { input: Value::Param(1), region: rd }, Type::Scalar(Elem::I32));
        let region = Region::contiguous(4, 1, e);
        old = push(&mut f, InstKind::WrRegion { old, new: part, region, mask }, T32);
    }
    let r = push(&mut f, InstKind::Binary { op: BinOp::Add, lhs: old, rhs: Value::Param(1) }, T32);
    f.blocks[b].term = Terminator::Ret(Some(r));
    f
}

fn kernel(n: usize) -> Function {
    kernel_calling(n, &[])
}

/// [`kernel`] with a call of one of `callees` (signature of [`subroutine`]) as about one in
/// eight of its operations.
fn kernel_calling(n: usize, callees: &[FuncId]) -> Function {
    let mut f = Function::new("big", Linkage::Kernel, vec![T32, T32], T32);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mask = f.add_const(Constant::int(Elem::I1, 1));
    let one = f.add_const(Constant::int(Elem::I32, 1));
    let zero = f.add_const(Constant::int(Elem::I32, 0));
    let four = f.add_const(Constant::int(Elem::I32, 4));
    let mut recent: Vec<Value> = vec![Value::Param(0), Value::Param(1)];
    let mut count = 0;
    let mut block = f.add_block("b0");
    let mut k = 0;
    let push = |f: &mut Function, b, kind, ty| f.push_inst(b, Inst { kind, ty, name: String::new() });
    while count < n {
        k += 1;
        let looped = k % 4 == 0;
        let body = f.add_block(format!("b{k}"));
        f.blocks[block].term = Terminator::Br(body);
        let pred = block;
        block = body;
        let mut phis = Vec::new();
        if looped {
            // the initial values come from before the loop: a phi of the same block is not
            // defined on the entry edge (picking one made those phis live back to the entry)
            let before = recent.len();
            for _ in 0..3 {
                let init = recent[before - 1 - rng.below(before.min(8))];
                let p = push(&mut f, body, InstKind::Phi { incoming: vec![(pred, init)] }, T32);
                phis.push(p);
                recent.push(p);
            }
            count += 3;
        }
        let mut ops = 0;
        while ops < 40 {
            let pick = |rng: &mut Rng, recent: &Vec<Value>| {
                recent[recent.len() - 1 - rng.below(recent.len().min(32))]
            };
            let x = pick(&mut rng, &recent);
            if !callees.is_empty() && rng.below(8) == 0 {
                let callee = callees[rng.below(callees.len())];
                let y = pick(&mut rng, &recent);
                ops += 1;
                recent.push(push(&mut f, body, InstKind::Call { callee, args: vec![x, y] }, T32));
                continue;
            }
            let v = match rng.below(5) {
                0 => {
                    let y = pick(&mut rng, &recent);
                    ops += 1;
                    push(&mut f, body, InstKind::Binary { op: BinOp::Add, lhs: x, rhs: y }, T32)
                }
                1 => {
                    ops += 2;
                    let h = push(&mut f, body, InstKind::Cast { op: CastOp::BitCast, value: x }, T16);
                    push(&mut f, body, InstKind::Cast { op: CastOp::BitCast, value: h }, T32)
                }
                _ => {
                    let mut old = x;
                    for _ in 0..4 {
                        let src = pick(&mut rng, &recent);
                        let rd = Region::contiguous(4, 1, rng.below(8) as u32);
                        let part = push(
                            &mut f,
                            body,
                            InstKind::RdRegion { input: src, region: rd },
                            Type::Scalar(Elem::I32),
                        );
                        let region = Region::contiguous(4, 1, rng.below(8) as u32);
                        old = push(&mut f, body, InstKind::WrRegion { old, new: part, region, mask }, T32);
                        ops += 2;
                    }
                    old
                }
            };
            recent.push(v);
        }
        count += ops;
        if looped {
            let i = push(&mut f, body, InstKind::Phi { incoming: vec![] }, Type::Scalar(Elem::I32));
            let next = push(
                &mut f,
                body,
                InstKind::Binary { op: BinOp::Add, lhs: i, rhs: one },
                Type::Scalar(Elem::I32),
            );
            let Value::Inst(ii) = i else { unreachable!() };
            f.insts[ii].kind = InstKind::Phi { incoming: vec![(pred, zero), (body, next)] };
            // phis go first in their block
            let last = f.blocks[body].insts.pop().unwrap();
            let phi = f.blocks[body].insts.pop().unwrap();
            f.blocks[body].insts.insert(0, phi);
            f.blocks[body].insts.push(last);
            for &p in &phis {
                let back = recent[recent.len() - 1 - rng.below(8)];
                let Value::Inst(pi) = p else { unreachable!() };
                if let InstKind::Phi { incoming } = &mut f.insts[pi].kind {
                    incoming.push((body, back));
                }
            }
            let c = push(
                &mut f,
                body,
                InstKind::Cmp { pred: CmpPred::Slt, lhs: next, rhs: four },
                Type::Scalar(Elem::I1),
            );
            let exit = f.add_block(format!("x{k}"));
            f.blocks[body].term = Terminator::CondBr { cond: c, on_true: body, on_false: exit };
            block = exit;
            count += 3;
        }
    }
    let last = *recent.last().unwrap();
    let r = push(&mut f, block, InstKind::Binary { op: BinOp::Add, lhs: last, rhs: Value::Param(0) }, T32);
    let r = push(&mut f, block, InstKind::Binary { op: BinOp::Add, lhs: r, rhs: Value::Param(1) }, T32);
    f.blocks[block].term = Terminator::Ret(Some(r));
    f
}

/// The growth exponent against the previous size: log(t2 / t1) / log(n2 / n1), 1.0 is linear.
fn growth(prev: Option<(usize, Duration)>, n: usize, t: Duration) -> String {
    prev.map_or("–".to_string(), |(pn, pt)| {
        let e = (t.as_secs_f64() / pt.as_secs_f64()).ln() / (n as f64 / pn as f64).ln();
        format!("{e:.2}")
    })
}

fn main() {
    println!(
        "| instructions | liveness | coalescing + assignment | total | ns / instruction | growth exponent \
         | copies | coalesced |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut prev: Option<(usize, Duration)> = None;
    for n in [10_000usize, 100_000, 1_000_000] {
        let f = kernel(n);
        let insts: usize = f.layout.iter().map(|&b| f.blocks[b].insts.len()).sum();
        let bales = bale::analyze(&f, |_, _| true, |_| true);
        let mut best = (Duration::from_secs(3600), Duration::from_secs(3600));
        let mut stats = Default::default();
        for _ in 0..3 {
            let t0 = cpu_time();
            let lv = genxc_regalloc::liveness::analyze(&f, &bales);
            let t1 = cpu_time();
            let a = genxc_regalloc::assign_with(&f, &bales, &lv);
            let t2 = cpu_time();
            stats = a.stats;
            if t2 - t0 < best.0 + best.1 {
                best = (t1 - t0, t2 - t1);
            }
        }
        let total = best.0 + best.1;
        let stats: genxc_regalloc::Stats = stats;
        let growth = growth(prev, insts, total);
        prev = Some((insts, total));
        println!(
            "| {insts} | {:.1} ms | {:.1} ms | {:.1} ms | {:.0} | {growth} | {} | {} |",
            best.0.as_secs_f64() * 1e3,
            best.1.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e9 / insts as f64,
            stats.copies,
            stats.coalesced
        );
    }
    println!();
    println!("| instructions | calls | liveness + coalescing of the unit | ns / instruction | growth exponent | copies | coalesced |");
    println!("|---|---|---|---|---|---|---|");
    let mut prev: Option<(usize, Duration)> = None;
    for n in [10_000usize, 100_000, 1_000_000] {
        let mut m = Module::default();
        let subs: Vec<FuncId> = (0..4).map(|k| m.functions.alloc(subroutine(k))).collect();
        let k = m.functions.alloc(kernel_calling(n, &subs));
        let order: Vec<FuncId> = std::iter::once(k).chain(subs.iter().copied()).collect();
        let fs: Vec<&Function> = order.iter().map(|&id| &m.functions[id]).collect();
        let insts: usize =
            fs.iter().map(|f| f.layout.iter().map(|&b| f.blocks[b].insts.len()).sum::<usize>()).sum();
        let calls = fs[0].insts.iter().filter(|(_, i)| matches!(i.kind, InstKind::Call { .. })).count();
        let bales: Vec<bale::Bales> = fs.iter().map(|f| bale::analyze(f, |_, _| true, |_| true)).collect();
        let pairs: Vec<(&Function, &bale::Bales)> = fs.iter().copied().zip(&bales).collect();
        let mut best = Duration::from_secs(3600);
        let mut stats = genxc_regalloc::Stats::default();
        for _ in 0..3 {
            let t0 = cpu_time();
            let asgs = genxc_regalloc::assign_unit(&pairs, |id| order.iter().position(|x| *x == id));
            let t = cpu_time() - t0;
            stats = Default::default();
            for a in &asgs {
                stats += a.stats;
            }
            best = best.min(t);
        }
        let growth = growth(prev, insts, best);
        prev = Some((insts, best));
        println!(
            "| {insts} | {calls} | {:.1} ms | {:.0} | {growth} | {} | {} |",
            best.as_secs_f64() * 1e3,
            best.as_secs_f64() * 1e9 / insts as f64,
            stats.copies,
            stats.coalesced
        );
    }
}
