//! The workload generator against its consumers: the same seed gives the same bytes; the `.ll`
//! is valid LLVM 14 IR (`llvm-as-14`), genxc compiles it and Intel's finalizer `GenX_IR` accepts
//! every kernel on SKL, TGLLP, DG2 and PVC; the `.mlir` compiles with genxc to the same kernels;
//! Intel's Vector Compiler (`ocloc -vc-codegen`) accepts the `.ll` too.

#[path = "../../tests/common/mod.rs"]
mod common;

use genxc_bench::workload::{Workload, INTRINSICS};
use genxc_genx::Platform;
use std::process::Command;

const SMALL: Workload = Workload { kernels: 2, ops: 300, seed: 11 };

#[test]
fn same_seed_same_bytes() {
    let w = Workload { kernels: 3, ops: 500, seed: 42 };
    let (a, b) = (w.generate(), w.generate());
    assert_eq!(a.ll, b.ll);
    assert_eq!(a.mlir, b.mlir);
    let c = Workload { seed: 43, ..w }.generate();
    assert_ne!(a.ll, c.ll);
    for &n in &a.ops_per_kernel {
        assert!((500..530).contains(&n), "{:?}", a.ops_per_kernel);
    }
    let big = Workload { kernels: 1, ops: 20_000, seed: 1 }.generate();
    assert!((20_000..20_030).contains(&big.ops_per_kernel[0]), "{:?}", big.ops_per_kernel);
}

/// Every construct of the mix is there, and only intrinsics IGC knows.
#[test]
fn the_mix_and_the_kernel_form() {
    let m = Workload { kernels: 2, ops: 2000, seed: 5 }.generate();
    for needle in [
        "define dllexport spir_kernel void @k0(i32 %in, i32 %out, i64 %svm, i32 %n) #0",
        "define internal <16 x float> @k1_sub(",
        "call <16 x float> @k1_sub(",
        " = phi <16 x float> ",
        "icmp slt i32",
        "sitofp <16 x i32>",
        "attributes #0 = { noinline nounwind \"CMGenxMain\" }",
        "!genx.kernels = !{!3, !4}",
        "!4 = !{void (i32, i32, i64, i32)* @k1, !\"k1\", !0, i32 0, i32 0, !1, !2, i32 0}",
    ] {
        assert!(m.ll.contains(needle), "missing {needle:?}");
    }
    for name in INTRINSICS {
        assert!(
            m.ll.contains(&format!("call void @{name}."))
                || m.ll.contains(&format!("@{name}("))
                || m.ll.contains(&format!(" @{name}.")),
            "{name} unused"
        );
    }
    for used in m.ll.split("@llvm.genx.").skip(1) {
        let name: String =
            used.chars().take_while(|c| c.is_alphanumeric() || *c == '.' || *c == '_').collect();
        let full = format!("llvm.genx.{name}");
        assert!(
            INTRINSICS.iter().any(|k| full == *k || full.starts_with(&format!("{k}."))),
            "{full} is not in the list"
        );
    }
    for needle in [
        "attributes {genx.kernel}",
        "llvm.func internal @k0_sub(",
        "llvm.cond_br",
        "passthrough = [\"noinline\"]",
    ] {
        assert!(m.mlir.contains(needle), "missing {needle:?} in the MLIR");
    }
}

#[test]
fn llvm_as_accepts_the_ll() {
    if !common::tool_available("llvm-as-14", "--version", "llvm-14") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let ll = dir.path().join("k.ll");
    std::fs::write(&ll, Workload { kernels: 4, ops: 3000, seed: 2 }.generate().ll).unwrap();
    let out = Command::new("llvm-as-14").arg(&ll).arg("-o").arg(dir.path().join("k.bc")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// genxc compiles the `.ll` and the `.mlir` of a small module on four platforms, to the same
/// kernels, and GenX_IR finalizes every kernel of the `.ll`.
#[test]
fn genxc_compiles_both_and_the_finalizer_accepts() {
    let m = SMALL.generate();
    let have = common::finalizer_available();
    let mut finalized = 0;
    for p in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        let ll = common::compile(
            &[genxc::Input { name: "gen.ll".into(), bytes: m.ll.clone().into_bytes() }],
            p,
            0,
        );
        assert!(!ll.failed(), "{p}: {:#?}", ll.diagnostics);
        let names: Vec<&str> = ll.outputs.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["k0.visaasm", "k1.visaasm"], "{p}");
        let mlir = common::compile(
            &[genxc::Input { name: "gen.mlir".into(), bytes: m.mlir.clone().into_bytes() }],
            p,
            0,
        );
        assert!(!mlir.failed(), "{p}: {:#?}", mlir.diagnostics);
        let mnames: Vec<&str> = mlir.outputs.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(mnames, names, "{p}");
        if have {
            for f in &ll.outputs {
                let text = String::from_utf8(f.bytes.clone()).unwrap();
                if let Err(e) = common::finalize(&f.name, &text, p.info().finalizer_name) {
                    panic!("{p}: {e}");
                }
                finalized += 1;
            }
        }
    }
    if have {
        assert_eq!(finalized, 8);
    }
}

/// Intel's Vector Compiler accepts the generated `.ll` (through `llvm-as-14`), as the bench runs it.
#[test]
fn igc_vector_compiler_accepts_the_ll() {
    if !common::tool_available("llvm-as-14", "--version", "llvm-14")
        || !common::tool_available("ocloc", "--help", "intel-opencl-icd")
    {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (ll, bc, out) = (dir.path().join("k.ll"), dir.path().join("k.bc"), dir.path().join("out"));
    std::fs::write(&ll, SMALL.generate().ll).unwrap();
    let r = Command::new("llvm-as-14").arg(&ll).arg("-o").arg(&bc).output().unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let r = genxc_bench::measure::ocloc(&bc, &out).output().unwrap();
    let log = format!("{}{}", String::from_utf8_lossy(&r.stdout), String::from_utf8_lossy(&r.stderr));
    assert!(r.status.success(), "ocloc: {log}");
    let bin = genxc_bench::measure::ocloc_binary(&out).expect("ocloc wrote no .bin");
    let bin = std::fs::read(bin).unwrap();
    // The kernels' names are in the binary: VC compiled both.
    for k in ["k0", "k1"] {
        assert!(bin.windows(3).any(|w| w == format!("{k}\0").as_bytes()), "{k} not in the binary");
    }
}

/// The bench reads genxc's `--time-passes` report: every stage, in order, with its figures.
#[test]
fn the_bench_reads_the_time_passes_report() {
    let m = SMALL.generate();
    let mut times = genxc::timing::PassTimes::new();
    let start = std::time::Instant::now();
    let input = genxc::Input { name: "gen.ll".into(), bytes: m.ll.into_bytes() };
    let out = genxc::compile_inputs_staged(&[input], &genxc::CompileOptions::default(), &mut times, None);
    assert!(!out.failed(), "{:#?}", out.diagnostics);
    times.finish(start);
    let parsed = genxc_bench::report::parse_time_passes(&times.report());
    let names: Vec<&str> = parsed.iter().map(|t| t.stage.as_str()).collect();
    assert_eq!(names, genxc_bench::report::STAGES);
    let total = parsed.last().unwrap();
    assert!(total.wall_ms > 0.0 && total.peak_rss_kib > 0, "{total:?}");
}

/// The workloads of the `--emit zebin` rows (kernels of 100 operations, the bench's seed) give
/// zebins the runtime's decoder accepts: `ocloc validate` on TGLLP, the platform the bench
/// compares on, and every kernel is in the binary.
#[test]
fn the_zebin_rows_workloads_give_zebins_ocloc_validates() {
    if !common::finalizer_available() || !common::tool_available("ocloc", "--help", "intel-opencl-icd") {
        return;
    }
    let m = Workload { kernels: 3, ops: 100, seed: 7 }.generate();
    let opts = genxc::CompileOptions {
        platform: Platform::Tgllp,
        emit: genxc::Emit::Zebin.into(),
        ..genxc::CompileOptions::default()
    };
    let out = genxc::compile_inputs(&[genxc::Input { name: "k.ll".into(), bytes: m.ll.into_bytes() }], &opts);
    assert!(!out.failed(), "{}", out.log());
    let bin = &out.of_kind(genxc::Emit::Zebin).next().expect("a zebin").bytes;
    for k in ["k0", "k1", "k2"] {
        assert!(bin.windows(3).any(|w| w == format!("{k}\0").as_bytes()), "{k} not in the zebin");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.bin");
    std::fs::write(&path, bin).unwrap();
    let r = Command::new("ocloc")
        .args(["validate", "-file"])
        .arg(&path)
        .args(["-device", "tgllp"])
        .output()
        .unwrap();
    let log = format!("{}{}", String::from_utf8_lossy(&r.stdout), String::from_utf8_lossy(&r.stderr));
    assert!(r.status.success(), "ocloc validate rejected the zebin:\n{log}");
}
