//! Per-stage criterion benchmarks of genxc on a generated workload (8 kernels of 1,000
//! operations, TGLLP): parsing and import (`.ll` and `.mlir`), region legalization, register
//! allocation (forwarding, baling, liveness and the unit-wide variable assignment), and the whole per-kernel
//! pipeline with vISA text emission. `cargo bench -p genxc-bench`.

use criterion::{criterion_main, BatchSize, Criterion};
use genxc_bench::workload::Workload;
use genxc_genx::ir::{FuncId, Function};
use genxc_genx::units::KernelUnit;
use genxc_genx::Platform;
use std::collections::HashMap;

const PLATFORM: Platform = Platform::Tgllp;
const WORKLOAD: Workload = Workload { kernels: 8, ops: 1000, seed: 7 };

/// Front end and import of a `.ll`: the kernel units.
fn units_of(ll: &[u8]) -> Vec<KernelUnit> {
    let ctx = inkwell::context::Context::create();
    let llvm = genxc_frontend::llvm::load(&ctx, "bench.ll", ll).expect("the workload parses");
    let module = genxc_genx::import::import_module(&llvm, PLATFORM).expect("the workload imports");
    genxc_genx::units::build_units(&module).expect("kernel units")
}

/// The functions of each unit in selection's order (the kernel first), with each function's
/// index by id (for calls).
type UnitFunctions = Vec<(Vec<Function>, HashMap<FuncId, usize>)>;

fn functions(units: &[KernelUnit]) -> UnitFunctions {
    units
        .iter()
        .map(|u| {
            let mut order = vec![u.entry];
            order.extend(u.functions.iter().map(|(id, _)| id).filter(|id| *id != u.entry));
            let index = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
            (order.iter().map(|id| u.functions[*id].clone()).collect(), index)
        })
        .collect()
}

/// Lowering and legalization of functions, as instruction selection does first.
fn legalize(units: &mut UnitFunctions) {
    for f in units.iter_mut().flat_map(|(fs, _)| fs.iter_mut()) {
        genxc_genx::lower::lower_function(f).expect("lowers");
        genxc_legalize::run(f, PLATFORM).expect("legalizes");
    }
}

fn stages(c: &mut Criterion) {
    let m = WORKLOAD.generate();
    let mut g = c.benchmark_group(format!("{}_kernels_x_{}_ops", WORKLOAD.kernels, WORKLOAD.ops));
    g.sample_size(10);
    g.bench_function("parse_import_ll", |b| b.iter(|| units_of(m.ll.as_bytes())));
    g.bench_function("parse_import_mlir", |b| {
        b.iter(|| {
            let ctx = inkwell::context::Context::create();
            let llvm =
                genxc_mlir_to_llvm::load(&ctx, "bench.mlir", m.mlir.as_bytes()).expect("the MLIR lowers");
            let module = genxc_genx::import::import_module(&llvm, PLATFORM).expect("imports");
            genxc_genx::units::build_units(&module).expect("kernel units")
        })
    });
    let units = units_of(m.ll.as_bytes());
    let fs = functions(&units);
    g.bench_function("legalize", |b| {
        b.iter_batched(|| fs.clone(), |mut fs| legalize(&mut fs), BatchSize::LargeInput)
    });
    let mut legal = fs.clone();
    legalize(&mut legal);
    g.bench_function("regalloc", |b| {
        b.iter_batched(
            || legal.clone(),
            |mut units| {
                for (fs, index) in &mut units {
                    let mut bales = Vec::new();
                    for f in fs.iter_mut() {
                        genxc_regalloc::forward::forward_region_reads(f);
                        genxc_regalloc::forward::read_past_region_writes(f);
                        bales.push(genxc_isel::bales_for(f, PLATFORM));
                    }
                    let pairs: Vec<_> = fs.iter().zip(&bales).collect();
                    std::hint::black_box(genxc_regalloc::assign_unit(&pairs, |id| index.get(&id).copied()));
                }
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("units_to_visaasm", |b| {
        let want = genxc::pipeline::Products { visaasm: true, ..Default::default() };
        let checks = genxc::pipeline::Checks::default();
        b.iter_batched(
            || units.clone(),
            |units| {
                units
                    .into_iter()
                    .map(|u| {
                        let out = genxc::pipeline::compile_unit(
                            u,
                            PLATFORM,
                            Default::default(),
                            want,
                            checks,
                            &mut |_| {},
                        );
                        out.expect("compiles").visaasm.map_or(0, |text| text.len())
                    })
                    .sum::<usize>()
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

/// The group criterion runs (its macro makes the group a public function).
mod group {
    criterion::criterion_group!(benches, super::stages);
}
criterion_main!(group::benches);
