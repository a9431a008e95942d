//! MLIR 19's xegpu dialect through genxc: the kernels of tests/fixtures/mlir-xegpu/ parse with
//! `mlir-opt-19`, compile for PVC to vISA that Intel's finalizer accepts (as PVC and PVCXT), compile
//! for DG2 where it has the messages (LSC gathers, scatters, atomics, fences) and are refused there,
//! at the xegpu operation, where it has not (2D block messages). The GEMM and the gather/scatter
//! kernel run in the simulator and are checked against plain Rust.

mod common;

use common::{finalize, finalizer_available, input, tool_available};
use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{Launch, Rng};
use genxc_sim::memory::compare;
use genxc_sim::reference;
use half::f16;
use std::process::Command;

/// What a platform says of a fixture: `None`, it compiles and the finalizer accepts it; else the
/// refused xegpu operation with its line and column.
type Refusal = Option<(&'static str, u32, u32)>;

/// Each fixture: its kernel, and what PVC and DG2 say.
const FIXTURES: &[(&str, &str, Refusal, Refusal)] = &[
    ("mlir-xegpu/01_gemm_kernel.mlir", "xegpu_gemm", None, Some(("xegpu.prefetch_nd", 32, 5))),
    ("mlir-xegpu/02_gather_scatter_kernel.mlir", "xegpu_gather_scatter", None, None),
    ("mlir-xegpu/03_block_forms_kernel.mlir", "xegpu_block_forms", None, Some(("xegpu.prefetch_nd", 11, 3))),
    ("mlir-xegpu/04_barriers_kernel.mlir", "xegpu_barriers", None, Some(("xegpu.nbarrier_arrive", 35, 3))),
    ("mlir-xegpu/05_dpas_dg2_kernel.mlir", "xegpu_dpas_dg2", Some(("xegpu.dpas", 14, 8)), None),
    (
        "mlir-xegpu/07_transpose_dpas_kernel.mlir",
        "xegpu_transpose_dpas",
        None,
        Some(("xegpu.load_nd", 11, 9)),
    ),
    ("mlir-xegpu/08_atomic_assign_kernel.mlir", "xegpu_atomic_assign", None, None),
    ("mlir-xegpu/09_narrow_scatter_kernel.mlir", "xegpu_narrow_scatter", None, None),
    ("mlir-xegpu/10_slm_scatter_kernel.mlir", "xegpu_slm_scatter", None, None),
    ("mlir-xegpu/11_atomic_cas_kernel.mlir", "xegpu_atomic_cas", None, None),
    ("mlir-xegpu/12_block_array_kernel.mlir", "xegpu_block_array", None, Some(("xegpu.prefetch_nd", 18, 3))),
    // Written with gpu.module / gpu.func: a subgroup-level kernel of the gpu dialect.
    ("mlir-xegpu/06_gpu_module_gemm.mlir", "xegpu_gemm", None, Some(("xegpu.load_nd", 25, 15))),
];

/// Fixtures MLIR 19's verifier refuses: a load_nd of array_length > 1 has no result it accepts;
/// genxc takes the [array, rows, columns] one of later MLIR releases.
const NOT_MLIR_19: &[&str] = &["mlir-xegpu/12_block_array_kernel.mlir"];

/// Compiles a fixture for a platform: the vISA text of each kernel, or the compile log.
fn compile(fixture: &str, platform: TargetPlatform) -> Result<Vec<(String, String)>, String> {
    let opts = CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    if outcome.failed() {
        return Err(outcome.log());
    }
    Ok(outcome
        .outputs
        .iter()
        .map(|f| (f.name.clone(), String::from_utf8(f.bytes.clone()).unwrap()))
        .collect())
}

#[test]
fn fixtures_parse_with_mlir_opt_19() {
    if !tool_available("mlir-opt-19", "--version", "mlir-19-tools") {
        return;
    }
    for fixture in FIXTURES.iter().map(|f| f.0).filter(|f| !NOT_MLIR_19.contains(f)) {
        let out = Command::new("mlir-opt-19").arg(common::fixtures().join(fixture)).output().unwrap();
        assert!(
            out.status.success(),
            "{fixture}: mlir-opt-19 refuses it: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Every fixture on `platform`: compiled and accepted by the finalizer (under each of its names:
/// PVC also as PVCXT), or refused as not available, at the operation.
fn check_platform(platform: TargetPlatform, finalizer: &str, expected: impl Fn(usize) -> Refusal) {
    let have = finalizer_available();
    let pname = format!("{platform:?}").to_lowercase();
    for (k, (fixture, kernel, ..)) in FIXTURES.iter().enumerate() {
        match (compile(fixture, platform), expected(k)) {
            (Ok(out), None) => {
                let got: Vec<&str> = out.iter().map(|(n, _)| n.trim_end_matches(".visaasm")).collect();
                assert_eq!(got, [*kernel], "{fixture}");
                if have {
                    finalize(&out[0].0, &out[0].1, finalizer).unwrap_or_else(|e| panic!("{fixture}: {e}"));
                }
            }
            (Err(log), Some((op, line, col))) => {
                assert!(log.contains(&format!("is not available on {pname}")), "{fixture}: {log}");
                assert!(
                    log.contains(&format!("{fixture}:{line}:{col}: error: in function @{kernel}, {op}: ")),
                    "{fixture}: the message is at {op}: {log}"
                );
            }
            (Ok(_), Some(_)) => panic!("{fixture} compiled on {platform:?}"),
            (Err(log), None) => panic!("{fixture} on {platform:?}: {log}"),
        }
    }
}

#[test]
fn pvc_compiles_the_fixtures_and_the_finalizer_accepts_them_as_pvc_and_pvcxt() {
    check_platform(TargetPlatform::Pvc, "PVC", |k| FIXTURES[k].2);
}

#[test]
fn dg2_compiles_lsc_messages_and_refuses_2d_blocks_and_named_barriers_at_the_operation() {
    check_platform(TargetPlatform::Dg2, "DG2", |k| FIXTURES[k].3);
}

#[test]
fn skl_and_tgllp_refuse_every_fixture_at_its_first_lsc_operation() {
    for platform in [TargetPlatform::Skl, TargetPlatform::Tgllp] {
        let pname = format!("{platform:?}").to_lowercase();
        for (fixture, kernel, ..) in FIXTURES {
            let log =
                compile(fixture, platform).err().unwrap_or_else(|| panic!("{fixture} compiled on {pname}"));
            assert!(log.contains(&format!("is not available on {pname}")), "{fixture}: {log}");
            assert!(log.contains(&format!(": error: in function @{kernel}, xegpu.")), "{fixture}: {log}");
        }
    }
}

/// C (16 x 32) = A (16 x 64) x B (64 x 32) of the GEMM fixture.
const M: usize = 16;
const N: usize = 32;
const K: usize = 64;

/// Runs the GEMM kernel on A and B (f16 bits, row-major) on a 2 x 2 launch; C's f32 values.
fn run_gemm(text: &str, a: &[u16], b: &[u16]) -> Vec<f32> {
    let kernels = genxc_visa::read_text(text).unwrap();
    let specs = exec::arg_specs(&kernels[0]);
    assert_eq!(specs.len(), 3, "three SVM pointers");
    let (launch, mut memory) = Launch::random(&specs, 1, 0, [2, 2, 1], [1, 1, 1], 0);
    for (i, data) in [a, b].iter().enumerate() {
        let bytes: Vec<u8> = data.iter().flat_map(|h| h.to_le_bytes()).collect();
        memory.buffers[i].bytes.data[..bytes.len()].copy_from_slice(&bytes);
    }
    exec::run(
        &kernels,
        &Config { grf_bytes: TargetPlatform::Pvc.grf_bytes(), bti_base: 0 },
        &launch,
        &mut memory,
    )
    .unwrap_or_else(|e| panic!("simulator: {e}"));
    let out = &memory.buffers[2].bytes;
    assert!(out.defined[..M * N * 4].iter().all(|d| *d), "the kernel left part of C undefined");
    out.data[..M * N * 4].chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect()
}

/// Checks C against the exact product: the device rounds the running f32 sum once per systolic
/// stage (8 per dpas, K / 16 dpas), so each element may be off by that many f32 roundings of the
/// sum of magnitudes.
fn check_gemm(a: &[f64], b: &[f64], c: &[f32]) -> Result<(), String> {
    for m in 0..M {
        for n in 0..N {
            let products: Vec<f64> = (0..K).map(|k| a[m * K + k] * b[k * N + n]).collect();
            let exact: f64 = products.iter().sum();
            let magnitude: f64 = products.iter().map(|p| p.abs()).sum();
            let tol = (K / 2 + 1) as f64 * magnitude * f64::from(f32::EPSILON) / 2.0;
            let got = f64::from(c[m * N + n]);
            if (got - exact).abs() > tol {
                return Err(format!("C[{m}][{n}] = {got}, the product gives {exact} (tolerance {tol})"));
            }
        }
    }
    Ok(())
}

fn random_halves(rng: &mut Rng, n: usize) -> (Vec<u16>, Vec<f64>) {
    (0..n)
        .map(|_| {
            let h = f16::from_f64(rng.float(-4.0, 4.0));
            (h.to_bits(), h.to_f64())
        })
        .unzip()
}

#[test]
fn xegpu_gemm_matches_the_rust_matrix_product() {
    // The same GEMM as a genx.kernel function and as a gpu.func kernel of a gpu.module.
    for fixture in ["mlir-xegpu/01_gemm_kernel.mlir", "mlir-xegpu/06_gpu_module_gemm.mlir"] {
        let out = compile(fixture, TargetPlatform::Pvc).unwrap();
        for seed in 1..=3 {
            let mut rng = Rng::new(seed);
            let (a_bits, a) = random_halves(&mut rng, M * K);
            let (b_bits, b) = random_halves(&mut rng, K * N);
            let c = run_gemm(&out[0].1, &a_bits, &b_bits);
            check_gemm(&a, &b, &c).unwrap_or_else(|e| panic!("{fixture}, seed {seed}: {e}"));
            // The check fails for a product of other matrices (B transposed into A's place).
            let mut b_swapped = b.clone();
            b_swapped.swap(0, N);
            b_swapped.swap(1, 5 * N + 3);
            assert!(check_gemm(&a, &b_swapped, &c).is_err(), "{fixture}, seed {seed}: the check cannot fail");
        }
    }
}

/// The gather/scatter kernel's effect on `dst` (f32 bits) for `src`, computed here.
fn gather_scatter_reference(src: &[f32], dst: &mut [f32]) {
    let s: Vec<f32> = (0..16).map(|i| src[2 * i] + src[2 * i + 1]).collect();
    for i in (0..16).step_by(2) {
        dst[15 - i] = s[i];
    }
    dst[16..48].copy_from_slice(&src[32..64]);
    for i in 0..16 {
        let old = dst[64 + i];
        dst[64 + i] = old + s[i];
        dst[96 + i] = old;
    }
}

#[test]
fn xegpu_gather_scatter_matches_rust_on_pvc_and_dg2() {
    for platform in [TargetPlatform::Pvc, TargetPlatform::Dg2] {
        let out = compile("mlir-xegpu/02_gather_scatter_kernel.mlir", platform).unwrap();
        let kernels = genxc_visa::read_text(&out[0].1).unwrap();
        let specs = exec::arg_specs(&kernels[0]);
        for seed in 1..=3 {
            let mut rng = Rng::new(seed);
            let src: Vec<f32> = (0..64).map(|_| rng.float(-100.0, 100.0) as f32).collect();
            let mut dst: Vec<f32> = (0..128).map(|_| rng.float(-100.0, 100.0) as f32).collect();
            let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
            for (i, data) in [&src, &dst].iter().enumerate() {
                let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
                memory.buffers[i].bytes.data[..bytes.len()].copy_from_slice(&bytes);
                memory.buffers[i].bytes.defined[..bytes.len()].iter_mut().for_each(|d| *d = true);
            }
            exec::run(
                &kernels,
                &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 },
                &launch,
                &mut memory,
            )
            .unwrap_or_else(|e| panic!("{platform:?}: simulator: {e}"));
            gather_scatter_reference(&src, &mut dst);
            let got: Vec<f32> = memory.buffers[1].bytes.data[..128 * 4]
                .chunks(4)
                .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            for (i, (g, w)) in got.iter().zip(&dst).enumerate() {
                assert_eq!(
                    g.to_bits(),
                    w.to_bits(),
                    "{platform:?} seed {seed}: dst[{i}] = {g}, expected {w}"
                );
            }
        }
    }
}

#[test]
fn dg2_dpas_adds_the_product_to_the_gathered_accumulator() {
    let out = compile("mlir-xegpu/05_dpas_dg2_kernel.mlir", TargetPlatform::Dg2).unwrap();
    let kernels = genxc_visa::read_text(&out[0].1).unwrap();
    let specs = exec::arg_specs(&kernels[0]);
    for seed in 1..=3 {
        let mut rng = Rng::new(seed);
        // Integers: every partial sum is exact in f32, whatever order the stages add in.
        let src: Vec<f32> = (0..64).map(|_| rng.below(2001) as f32 - 1000.0).collect();
        let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
        let bytes: Vec<u8> = src.iter().flat_map(|x| x.to_le_bytes()).collect();
        memory.buffers[0].bytes.data[..bytes.len()].copy_from_slice(&bytes);
        memory.buffers[0].bytes.defined[..bytes.len()].iter_mut().for_each(|d| *d = true);
        exec::run(
            &kernels,
            &Config { grf_bytes: TargetPlatform::Dg2.grf_bytes(), bti_base: 0 },
            &launch,
            &mut memory,
        )
        .unwrap_or_else(|e| panic!("simulator: {e}"));
        for (i, c) in memory.buffers[1].bytes.data[..256].chunks(4).enumerate() {
            let got = f32::from_le_bytes(c.try_into().unwrap());
            assert_eq!(got, src[i] + 32.0, "seed {seed}: dst[{i}]");
        }
    }
}

/// Runs of the reference interpreter (on the GenX IR the compile starts from) and of the simulator
/// (on genxc's vISA) of the runnable fixtures leave every output byte alike, on random data.
#[test]
fn the_simulator_agrees_with_the_reference_interpreter() {
    let one = [1, 1, 1];
    let runs = [
        ("mlir-xegpu/01_gemm_kernel.mlir", TargetPlatform::Pvc, [2, 2, 1], one),
        ("mlir-xegpu/02_gather_scatter_kernel.mlir", TargetPlatform::Pvc, one, one),
        ("mlir-xegpu/02_gather_scatter_kernel.mlir", TargetPlatform::Dg2, one, one),
        ("mlir-xegpu/04_barriers_kernel.mlir", TargetPlatform::Pvc, [2, 1, 1], [4, 1, 1]),
        ("mlir-xegpu/05_dpas_dg2_kernel.mlir", TargetPlatform::Dg2, one, one),
        ("mlir-xegpu/07_transpose_dpas_kernel.mlir", TargetPlatform::Pvc, one, one),
        ("mlir-xegpu/08_atomic_assign_kernel.mlir", TargetPlatform::Pvc, one, one),
        ("mlir-xegpu/08_atomic_assign_kernel.mlir", TargetPlatform::Dg2, one, one),
        ("mlir-xegpu/09_narrow_scatter_kernel.mlir", TargetPlatform::Pvc, one, one),
        ("mlir-xegpu/09_narrow_scatter_kernel.mlir", TargetPlatform::Dg2, one, one),
        ("mlir-xegpu/10_slm_scatter_kernel.mlir", TargetPlatform::Pvc, one, one),
        ("mlir-xegpu/10_slm_scatter_kernel.mlir", TargetPlatform::Dg2, one, one),
        ("mlir-xegpu/11_atomic_cas_kernel.mlir", TargetPlatform::Pvc, one, one),
        ("mlir-xegpu/11_atomic_cas_kernel.mlir", TargetPlatform::Dg2, one, one),
        ("mlir-xegpu/12_block_array_kernel.mlir", TargetPlatform::Pvc, one, one),
    ];
    for (fixture, platform, groups, group_size) in runs {
        let module = genxc::import(&input(fixture), platform).unwrap_or_else(|d| panic!("{fixture}: {d:?}"));
        let specs = reference::arg_specs(&module, 0);
        let out = compile(fixture, platform).unwrap();
        let kernels = genxc_visa::read_text(&out[0].1).unwrap();
        assert_eq!(exec::arg_specs(&kernels[0]), specs, "{fixture}");
        for seed in 1..=3 {
            let (launch, mut expected) = Launch::random(&specs, seed, 0, groups, group_size, 0);
            reference::run(&module, 0, 0, &launch, &mut expected)
                .unwrap_or_else(|e| panic!("{fixture} reference: {e}"));
            let (launch, mut got) = Launch::random(&specs, seed, 0, groups, group_size, 0);
            exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut got)
                .unwrap_or_else(|e| panic!("{fixture} simulator: {e}"));
            if let Err(d) = compare(&expected, &got) {
                panic!("{fixture} {platform:?} seed {seed}: {d}");
            }
        }
    }
}

/// Runs the named barrier kernel (04) on one group of `threads` threads over random memory: the
/// f32 values of `dst`'s first 8 rows of 16.
fn run_barriers(threads: u32, seed: u64) -> Result<Vec<f32>, String> {
    let out = compile("mlir-xegpu/04_barriers_kernel.mlir", TargetPlatform::Pvc).unwrap();
    let kernels = genxc_visa::read_text(&out[0].1).unwrap();
    let specs = exec::arg_specs(&kernels[0]);
    let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [threads, 1, 1], 0);
    let config = Config { grf_bytes: TargetPlatform::Pvc.grf_bytes(), bti_base: 0 };
    exec::run(&kernels, &config, &launch, &mut memory).map_err(|e| e.to_string())?;
    Ok(memory.buffers[0].bytes.data[..8 * 16 * 4]
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect())
}

#[test]
fn named_barrier_orders_the_row_exchange_of_four_threads() {
    for seed in 1..=3 {
        let got = run_barriers(4, seed).unwrap_or_else(|e| panic!("simulator: {e}"));
        for t in 0..4 {
            for i in 0..16 {
                let row = (16 * t + i) as f32;
                let theirs = (16 * ((t + 1) % 4) + i) as f32;
                assert_eq!(got[16 * t + i], row, "seed {seed}: row {t}, element {i}");
                assert_eq!(got[64 + 16 * t + i], 2.0 * theirs, "seed {seed}: row {}, element {i}", 4 + t);
            }
        }
    }
}

#[test]
fn atomic_assign_exchanges_and_returns_the_old_values_on_pvc_and_dg2() {
    for platform in [TargetPlatform::Pvc, TargetPlatform::Dg2] {
        let out = compile("mlir-xegpu/08_atomic_assign_kernel.mlir", platform).unwrap();
        let kernels = genxc_visa::read_text(&out[0].1).unwrap();
        let specs = exec::arg_specs(&kernels[0]);
        for seed in 1..=3 {
            let mut rng = Rng::new(seed);
            let src: Vec<f32> = (0..16).map(|_| rng.float(-100.0, 100.0) as f32).collect();
            let dst: Vec<f32> = (0..32).map(|_| rng.float(-100.0, 100.0) as f32).collect();
            let ints: Vec<i32> = (0..32).map(|_| rng.below(1 << 20) as i32 - (1 << 19)).collect();
            let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
            fill(&mut memory, 0, &src, |x: f32| x.to_le_bytes().to_vec());
            fill(&mut memory, 1, &dst, |x: f32| x.to_le_bytes().to_vec());
            fill(&mut memory, 2, &ints, |x: i32| x.to_le_bytes().to_vec());
            let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
            exec::run(&kernels, &config, &launch, &mut memory)
                .unwrap_or_else(|e| panic!("{platform:?}: simulator: {e}"));
            let words = |i: usize, n: usize| -> Vec<[u8; 4]> {
                memory.buffers[i].bytes.data[..4 * n].chunks(4).map(|c| c.try_into().unwrap()).collect()
            };
            let (got, goti) = (words(1, 32), words(2, 32));
            for i in 0..16 {
                let even = i % 2 == 0;
                let want = if even { src[i] } else { dst[i] };
                assert_eq!(f32::from_le_bytes(got[i]), want, "{platform:?} seed {seed}: dst[{i}]");
                let want_old = if even { dst[i] } else { dst[16 + i] };
                assert_eq!(
                    f32::from_le_bytes(got[16 + i]),
                    want_old,
                    "{platform:?} seed {seed}: dst[{}]",
                    16 + i
                );
                assert_eq!(
                    i32::from_le_bytes(goti[i]),
                    100 * i as i32,
                    "{platform:?} seed {seed}: ints[{i}]"
                );
                assert_eq!(
                    i32::from_le_bytes(goti[16 + i]),
                    ints[i],
                    "{platform:?} seed {seed}: ints[{}]",
                    16 + i
                );
            }
        }
    }
}

#[test]
fn scattered_16_and_8_bit_elements_match_rust_on_pvc_and_dg2() {
    for platform in [TargetPlatform::Pvc, TargetPlatform::Dg2] {
        let out = compile("mlir-xegpu/09_narrow_scatter_kernel.mlir", platform).unwrap();
        let kernels = genxc_visa::read_text(&out[0].1).unwrap();
        let specs = exec::arg_specs(&kernels[0]);
        for seed in 1..=3 {
            let mut rng = Rng::new(seed);
            let h: Vec<u16> = (0..32).map(|_| rng.below(1 << 16) as u16).collect();
            let b: Vec<u8> = (0..48).map(|_| rng.below(256) as u8).collect();
            let oh: Vec<u16> = (0..16).map(|_| rng.below(1 << 16) as u16).collect();
            let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
            fill(&mut memory, 0, &h, |x: u16| x.to_le_bytes().to_vec());
            fill(&mut memory, 1, &b, |x: u8| vec![x]);
            fill(&mut memory, 2, &oh, |x: u16| x.to_le_bytes().to_vec());
            let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
            exec::run(&kernels, &config, &launch, &mut memory)
                .unwrap_or_else(|e| panic!("{platform:?}: simulator: {e}"));
            let goth: Vec<u16> = memory.buffers[2].bytes.data[..32]
                .chunks(2)
                .map(|c| u16::from_le_bytes(c.try_into().unwrap()))
                .collect();
            let gotb = &memory.buffers[3].bytes.data[..16];
            for i in 0..16 {
                let want = if i % 2 == 0 { h[2 * i] } else { oh[15 - i] };
                assert_eq!(goth[15 - i], want, "{platform:?} seed {seed}: oh[{}]", 15 - i);
                assert_eq!(gotb[i], b[3 * i].wrapping_add(b[3 * i]), "{platform:?} seed {seed}: ob[{i}]");
            }
            assert!(memory.buffers[3].bytes.defined[..16].iter().all(|d| *d), "{platform:?}: ob written");
        }
    }
}

#[test]
fn slm_scatter_gather_and_atomic_match_rust_on_pvc_and_dg2() {
    for platform in [TargetPlatform::Pvc, TargetPlatform::Dg2] {
        let out = compile("mlir-xegpu/10_slm_scatter_kernel.mlir", platform).unwrap();
        let kernels = genxc_visa::read_text(&out[0].1).unwrap();
        let specs = exec::arg_specs(&kernels[0]);
        for seed in 1..=3 {
            let mut rng = Rng::new(seed);
            let src: Vec<f32> = (0..16).map(|_| rng.float(-100.0, 100.0) as f32).collect();
            let k: Vec<i32> = (0..16).map(|_| rng.below(1 << 20) as i32 - (1 << 19)).collect();
            let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 256);
            fill(&mut memory, 0, &src, |x: f32| x.to_le_bytes().to_vec());
            fill(&mut memory, 2, &k, |x: i32| x.to_le_bytes().to_vec());
            let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
            exec::run(&kernels, &config, &launch, &mut memory)
                .unwrap_or_else(|e| panic!("{platform:?}: simulator: {e}"));
            let words: Vec<[u8; 4]> =
                memory.buffers[1].bytes.data[..48 * 4].chunks(4).map(|c| c.try_into().unwrap()).collect();
            for i in 0..16 {
                assert_eq!(f32::from_le_bytes(words[i]), src[15 - i], "{platform:?} seed {seed}: dst[{i}]");
                assert_eq!(i32::from_le_bytes(words[16 + i]), k[i], "{platform:?} seed {seed}: old[{i}]");
                let sum = k[i].wrapping_add(1000 * i as i32);
                assert_eq!(i32::from_le_bytes(words[32 + i]), sum, "{platform:?} seed {seed}: sum[{i}]");
            }
        }
    }
}

/// arith's maximumf (`max`) or minimumf: a NaN operand gives NaN; +0 is above -0.
fn arith_extremum(a: f32, b: f32, max: bool) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::NAN
    } else if a == b {
        f32::from_bits(if max { a.to_bits() & b.to_bits() } else { a.to_bits() | b.to_bits() })
    } else if (a > b) == max {
        a
    } else {
        b
    }
}

#[test]
fn compare_exchange_atomics_match_rust_on_pvc_and_dg2() {
    for platform in [TargetPlatform::Pvc, TargetPlatform::Dg2] {
        let out = compile("mlir-xegpu/11_atomic_cas_kernel.mlir", platform).unwrap();
        let kernels = genxc_visa::read_text(&out[0].1).unwrap();
        let specs = exec::arg_specs(&kernels[0]);
        for seed in 1..=3 {
            let mut rng = Rng::new(seed);
            let mut f: Vec<f32> = (0..48).map(|_| rng.float(-10.0, 10.0) as f32).collect();
            let mut ints: Vec<i32> = (0..16).map(|_| rng.below(20001) as i32 - 10000).collect();
            let mut v: Vec<f32> = (0..16).map(|_| rng.float(-10.0, 10.0) as f32).collect();
            // NaN on either side, signed zeros both ways, equal values
            v[1] = f32::NAN;
            f[16 + 2] = f32::NAN;
            f[32 + 2] = f32::NAN;
            (v[3], f[16 + 3], f[32 + 3]) = (-0.0, 0.0, 0.0);
            (v[4], f[16 + 4], f[32 + 4]) = (0.0, -0.0, -0.0);
            (f[16 + 5], f[32 + 5]) = (v[5], v[5]);
            let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
            fill(&mut memory, 0, &f, |x: f32| x.to_le_bytes().to_vec());
            fill(&mut memory, 1, &ints, |x: i32| x.to_le_bytes().to_vec());
            fill(&mut memory, 2, &v, |x: f32| x.to_le_bytes().to_vec());
            let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
            exec::run(&kernels, &config, &launch, &mut memory)
                .unwrap_or_else(|e| panic!("{platform:?}: simulator: {e}"));
            // the reference: the lanes' atomics in lane order
            let mut old = vec![0u32; 64];
            for l in 0..16 {
                let a = if l == 15 { 0 } else { l };
                old[l] = f[a].to_bits();
                f[a] *= v[l];
                old[16 + l] = ints[l] as u32;
                ints[l] = ints[l].wrapping_mul(3 * l as i32 - 7);
                for (k, max) in [(2, true), (3, false)] {
                    let at = 16 * (k - 1) + l;
                    old[16 * k + l] = f[at].to_bits();
                    f[at] = arith_extremum(f[at], v[l], max);
                }
            }
            let words = |i: usize, n: usize| -> Vec<u32> {
                memory.buffers[i].bytes.data[..4 * n]
                    .chunks(4)
                    .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                    .collect()
            };
            let same = |g: u32, w: u32| g == w || (f32::from_bits(g).is_nan() && f32::from_bits(w).is_nan());
            for (j, (g, w)) in words(0, 48).into_iter().zip(f.iter().map(|x| x.to_bits())).enumerate() {
                assert!(
                    same(g, w),
                    "{platform:?} seed {seed}: f[{j}] = {}, expected {}",
                    f32::from_bits(g),
                    f32::from_bits(w)
                );
            }
            for (j, (g, w)) in words(1, 16).into_iter().zip(&ints).enumerate() {
                assert_eq!(g as i32, *w, "{platform:?} seed {seed}: i[{j}]");
            }
            for (j, (g, w)) in words(3, 64).into_iter().zip(&old).enumerate() {
                assert!(same(g, *w), "{platform:?} seed {seed}: out[{j}] = {g:#x}, expected {w:#x}");
            }
        }
    }
}

#[test]
fn block_arrays_load_side_by_side_blocks_like_rust() {
    let out = compile("mlir-xegpu/12_block_array_kernel.mlir", TargetPlatform::Pvc).unwrap();
    let kernels = genxc_visa::read_text(&out[0].1).unwrap();
    let specs = exec::arg_specs(&kernels[0]);
    for seed in 1..=3 {
        let mut rng = Rng::new(seed);
        let (a_bits, _) = random_halves(&mut rng, 16 * 64);
        let b: Vec<f32> = (0..8 * 32).map(|_| rng.float(-100.0, 100.0) as f32).collect();
        let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
        fill(&mut memory, 0, &a_bits, |h: u16| h.to_le_bytes().to_vec());
        fill(&mut memory, 1, &b, |x: f32| x.to_le_bytes().to_vec());
        let config = Config { grf_bytes: TargetPlatform::Pvc.grf_bytes(), bti_base: 0 };
        exec::run(&kernels, &config, &launch, &mut memory).unwrap_or_else(|e| panic!("simulator: {e}"));
        let o: Vec<u16> = memory.buffers[2].bytes.data[..8 * 32 * 2]
            .chunks(2)
            .map(|c| u16::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for r in 0..8 {
            for c in 0..32 {
                let col = if c < 16 { 32 + c } else { c };
                assert_eq!(o[r * 32 + c], a_bits[(2 + r) * 64 + col], "seed {seed}: out[{r}][{c}]");
            }
        }
        let o2: Vec<f32> = memory.buffers[3].bytes.data[..2 * 16 * 4]
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for r in 0..2 {
            for j in 0..2 {
                for c in 0..4 {
                    let want = b[(1 + r) * 32 + 3 + 4 * (1 - j) + c];
                    assert_eq!(o2[r * 16 + 4 * j + c], want, "seed {seed}: out2[{r}][{}]", 4 * j + c);
                }
            }
        }
    }
}

#[test]
fn a_named_barrier_its_group_cannot_complete_is_a_fault() {
    // barrier 1 waits for 4 signals; a group of 2 threads never completes it
    let err = run_barriers(2, 1).unwrap_err();
    assert!(err.contains("named barrier 1 is never completed: 2 of the 4 threads"), "{err}");
}

/// Writes `data` at the start of buffer `i` and marks it defined.
fn fill<T: Copy>(memory: &mut genxc_sim::memory::Memory, i: usize, data: &[T], bytes: fn(T) -> Vec<u8>) {
    let b: Vec<u8> = data.iter().flat_map(|&x| bytes(x)).collect();
    memory.buffers[i].bytes.data[..b.len()].copy_from_slice(&b);
    memory.buffers[i].bytes.defined[..b.len()].iter_mut().for_each(|d| *d = true);
}

#[test]
fn transposed_load_plus_product_without_accumulator_matches_rust() {
    let out = compile("mlir-xegpu/07_transpose_dpas_kernel.mlir", TargetPlatform::Pvc).unwrap();
    let kernels = genxc_visa::read_text(&out[0].1).unwrap();
    let specs = exec::arg_specs(&kernels[0]);
    for seed in 1..=3 {
        let mut rng = Rng::new(seed);
        let (a_bits, a) = random_halves(&mut rng, 8 * 32);
        let (b_bits, b) = random_halves(&mut rng, 16 * 32);
        let t: Vec<f32> = (0..16 * 16).map(|_| rng.float(-50.0, 50.0) as f32).collect();
        let (launch, mut memory) = Launch::random(&specs, seed, 0, [1, 1, 1], [1, 1, 1], 0);
        fill(&mut memory, 0, &a_bits, |h: u16| h.to_le_bytes().to_vec());
        fill(&mut memory, 1, &b_bits, |h: u16| h.to_le_bytes().to_vec());
        fill(&mut memory, 2, &t, |x: f32| x.to_le_bytes().to_vec());
        exec::run(
            &kernels,
            &Config { grf_bytes: TargetPlatform::Pvc.grf_bytes(), bti_base: 0 },
            &launch,
            &mut memory,
        )
        .unwrap_or_else(|e| panic!("simulator: {e}"));
        let got: Vec<f32> = memory.buffers[3].bytes.data[..8 * 16 * 4]
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for m in 0..8 {
            for n in 0..16 {
                let products: Vec<f64> = (0..16).map(|k| a[m * 32 + k] * b[k * 32 + n]).collect();
                let tr = f64::from(t[n * 16 + m]);
                let exact = products.iter().sum::<f64>() + tr;
                let magnitude = products.iter().map(|p| p.abs()).sum::<f64>() + tr.abs();
                let tol = 10.0 * magnitude * f64::from(f32::EPSILON) / 2.0;
                let g = f64::from(got[m * 16 + n]);
                assert!(
                    (g - exact).abs() <= tol,
                    "seed {seed}: out[{m}][{n}] = {g}, expected {exact} (tolerance {tol})"
                );
            }
        }
    }
}

/// MLIR 19's own printing of each fixture, in its custom and its generic form, compiles to the
/// same vISA as the fixture.
#[test]
fn printed_and_generic_forms_compile_to_the_same_visa() {
    if !tool_available("mlir-opt-19", "--version", "mlir-19-tools") {
        return;
    }
    for (fixture, _, pvc, _) in FIXTURES.iter().filter(|f| !NOT_MLIR_19.contains(&f.0)) {
        let platform = if pvc.is_none() { TargetPlatform::Pvc } else { TargetPlatform::Dg2 };
        let want = compile(fixture, platform).unwrap();
        for flags in [&[][..], &["--mlir-print-op-generic"][..]] {
            let out = Command::new("mlir-opt-19")
                .args(flags)
                .arg(common::fixtures().join(fixture))
                .output()
                .unwrap();
            assert!(out.status.success(), "{fixture}");
            let i = genxc::Input { name: "printed.mlir".into(), bytes: out.stdout };
            let opts =
                CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
            let outcome = genxc::compile_inputs(&[i], &opts);
            assert!(!outcome.failed(), "{fixture} {flags:?}: {}", outcome.log());
            let got = String::from_utf8(outcome.outputs[0].bytes.clone()).unwrap();
            assert_eq!(got, want[0].1, "{fixture} {flags:?}");
        }
    }
}

#[test]
fn malformed_xegpu_is_refused_with_a_located_message() {
    let opts = CompileOptions { platform: TargetPlatform::Pvc, ..CompileOptions::default() };
    let cases = [
        (
            "func.func @k(%a: i64) attributes {genx.kernel} {\n  %t = xegpu.create_nd_tdesc %a[0, 0], [8, 16], [16, 2] : i64 -> !xegpu.tensor_desc<8x16xf16>\n  return\n}\n",
            "2:8",
            "innermost stride",
        ),
        (
            "func.func @k(%a: i64) attributes {genx.kernel} {\n  %t = xegpu.create_nd_tdesc %a[0, 0], [8, 16], [16, 1] : i64 -> !xegpu.tensor_desc<8x16xf16>\n  %v = xegpu.load_nd %t {transpose = array<i64: 1, 0>} : !xegpu.tensor_desc<8x16xf16> -> vector<16x8xf16>\n  return\n}\n",
            "3:8",
            "transpose of 8- or 16-bit elements",
        ),
        (
            "func.func @k(%a: i64) attributes {genx.kernel} {\n  %t = xegpu.nonsense %a : i64\n  return\n}\n",
            "2:8",
            "unknown operation 'xegpu.nonsense'",
        ),
        (
            "func.func @k(%a: i64, %m: vector<16xi1>, %v: vector<16xi32>) attributes {genx.kernel} {\n  %t = xegpu.create_tdesc %a[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : i64 -> !xegpu.tensor_desc<16xi32, #xegpu.tdesc_attr<scattered = true>>\n  %o = xegpu.atomic_rmw mulf %t, %m, %v : !xegpu.tensor_desc<16xi32, #xegpu.tdesc_attr<scattered = true>>, vector<16xi1>, vector<16xi32> -> vector<16xi32>\n  return\n}\n",
            "3:8",
            "xegpu.atomic_rmw mulf on i32 elements (LSC has no such atomic)",
        ),
        (
            "func.func @k() attributes {genx.kernel} {\n  %v = \"xegpu.load_nd\"() : () -> vector<8x16xf16>\n  return\n}\n",
            "2:8",
            "xegpu.load_nd with 0 operands and 1 results",
        ),
        (
            "func.func @k(%a: vector<8x8x2xf16>, %b: vector<8x32x2xf16>) attributes {genx.kernel} {\n  %d = xegpu.dpas %a, %b : vector<8x8x2xf16>, vector<8x32x2xf16> -> vector<8x32xf32>\n  return\n}\n",
            "2:8",
            "xegpu.dpas of 32 columns",
        ),
    ];
    for (text, at, what) in cases {
        let i = genxc::Input { name: "bad.mlir".into(), bytes: text.as_bytes().to_vec() };
        let outcome = genxc::compile_inputs(&[i], &opts);
        assert!(outcome.failed(), "{text}");
        let log = outcome.log();
        assert!(log.contains(&format!("bad.mlir:{at}:")) && log.contains(what), "{text}\n{log}");
    }
}
