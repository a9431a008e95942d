//! The matrix engine checked against plain Rust: the GEMM tile kernels of
//! tests/fixtures/intrinsics/dpas_gemm_{dg2,pvc}.ll (C = acc + A x B, A 8 x K, B K x N, N = 8 on
//! DG2 and 16 on PVC) are compiled by genxc, run in the simulator on random matrices, and their
//! output compared with a matrix product computed here from the unpacked matrices. Integer results
//! must be exact (wrapping modulo 2^32). Float results are compared with the exact product (f16
//! and bf16 products are exact in `f64`): the device rounds the running `f32` sum once per
//! systolic stage, so the result may differ from the exact one by at most one `f32` rounding per
//! stage of the sum of the magnitudes. Other platforms refuse the kernels as not available.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{Launch, Rng};
use half::{bf16, f16};

/// Rows of the tile (the repeat count).
const M: usize = 8;
/// Systolic depth.
const DEPTH: usize = 8;

/// The element type of A and B in one kernel.
#[derive(Clone, Copy, Debug, PartialEq)]
enum In {
    S8,
    U8,
    Hf,
    Bf,
}

impl In {
    /// Elements of K one dword holds (and one systolic stage takes).
    fn per_dword(self) -> usize {
        match self {
            In::S8 | In::U8 => 4,
            In::Hf | In::Bf => 2,
        }
    }

    /// A random element: its bits and its value.
    fn random(self, rng: &mut Rng) -> (u32, f64) {
        match self {
            In::S8 => {
                let v = rng.below(256) as u8 as i8;
                (u32::from(v as u8), f64::from(v))
            }
            In::U8 => {
                let v = rng.below(256) as u8;
                (u32::from(v), f64::from(v))
            }
            In::Hf => {
                let h = f16::from_f64(rng.float(-8.0, 8.0));
                (u32::from(h.to_bits()), h.to_f64())
            }
            In::Bf => {
                let b = bf16::from_f64(rng.float(-8.0, 8.0) * 2f64.powi(rng.below(40) as i32 - 20));
                (u32::from(b.to_bits()), b.to_f64())
            }
        }
    }
}

/// The kernels of both files: name, input type, whether it adds the accumulator.
const KERNELS: &[(&str, In, bool)] = &[
    ("gemm_s8", In::S8, true),
    ("gemm_u8", In::U8, true),
    ("gemm_hf", In::Hf, false),
    ("gemm_bf", In::Bf, true),
    ("gemm_s8_w", In::S8, false),
];

/// One random problem: A, B (values and the packed dwords the kernel reads) and the accumulator.
struct Problem {
    a: Vec<Vec<f64>>,
    b: Vec<Vec<f64>>,
    /// The accumulator as dword bits (i32 or f32) in row order.
    acc: Vec<u32>,
    a_dwords: Vec<u32>,
    b_dwords: Vec<u32>,
}

fn problem(input: In, float: bool, n: usize, rng: &mut Rng) -> Problem {
    let per = input.per_dword();
    let k_total = DEPTH * per;
    let bits = 32 / per as u32;
    let mut a = vec![vec![0.0; k_total]; M];
    let mut a_dwords = vec![0u32; M * k_total / per];
    for (m, row) in a.iter_mut().enumerate() {
        for (k, x) in row.iter_mut().enumerate() {
            let (raw, v) = input.random(rng);
            *x = v;
            let e = m * k_total + k;
            a_dwords[e / per] |= raw << (bits * (e % per) as u32);
        }
    }
    let mut b = vec![vec![0.0; n]; k_total];
    let mut b_dwords = vec![0u32; DEPTH * n];
    for (k, row) in b.iter_mut().enumerate() {
        for (col, x) in row.iter_mut().enumerate() {
            let (raw, v) = input.random(rng);
            *x = v;
            // VNNI: dword (k / per, col) holds K elements k - k % per .. of column col
            b_dwords[(k / per) * n + col] |= raw << (bits * (k % per) as u32);
        }
    }
    let acc = (0..M * n)
        .map(|_| if float { (rng.float(-64.0, 64.0) as f32).to_bits() } else { rng.next_u64() as u32 })
        .collect();
    Problem { a, b, acc, a_dwords, b_dwords }
}

/// Checks one output element against the plain product; `Err` says why not.
fn check(p: &Problem, float: bool, with_acc: bool, n: usize, out: &[u32]) -> Result<(), String> {
    for m in 0..M {
        for col in 0..n {
            let got = out[m * n + col];
            let products: Vec<f64> = (0..p.b.len()).map(|k| p.a[m][k] * p.b[k][col]).collect();
            let acc_bits = if with_acc { p.acc[m * n + col] } else { 0 };
            if float {
                let acc = f64::from(f32::from_bits(acc_bits));
                let exact = acc + products.iter().sum::<f64>();
                let magnitude = acc.abs() + products.iter().map(|x| x.abs()).sum::<f64>();
                // one f32 rounding per stage plus the start
                let tol = (DEPTH + 1) as f64 * magnitude * f64::from(f32::EPSILON) / 2.0;
                let g = f64::from(f32::from_bits(got));
                if (g - exact).abs() > tol {
                    return Err(format!("C[{m}][{col}] = {g}, the product gives {exact} (tolerance {tol})"));
                }
            } else {
                let exact = products.iter().fold(acc_bits as i32, |s, x| s.wrapping_add(*x as i32));
                if got as i32 != exact {
                    return Err(format!("C[{m}][{col}] = {}, the product gives {exact}", got as i32));
                }
            }
        }
    }
    Ok(())
}

/// Compiles `fixture` for `platform`: the vISA text of each kernel, or the compile log.
fn compile(fixture: &str, platform: TargetPlatform) -> Result<Vec<(String, String)>, String> {
    let opts = CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[common::input(fixture)], &opts);
    if outcome.failed() {
        return Err(outcome.log());
    }
    Ok(KERNELS
        .iter()
        .filter_map(|(name, _, _)| outcome.visaasm_of(name).map(|t| (name.to_string(), t.to_string())))
        .collect())
}

/// Runs a compiled kernel on one problem; the 8 x n output dwords.
fn run(text: &str, platform: TargetPlatform, p: &Problem, n: usize) -> Vec<u32> {
    let kernels = genxc_visa::read_text(text).unwrap();
    let specs = exec::arg_specs(&kernels[0]);
    let (launch, mut memory) = Launch::random(&specs, 1, 0, [1, 1, 1], [1, 1, 1], 0);
    let dwords = |v: &[u32]| -> Vec<u8> { v.iter().flat_map(|d| d.to_le_bytes()).collect() };
    for (i, data) in [dwords(&p.a_dwords), dwords(&p.b_dwords), dwords(&p.acc)].into_iter().enumerate() {
        let buf = &mut memory.buffers[i].bytes;
        buf.data[..data.len()].copy_from_slice(&data);
    }
    exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("simulator: {e}"));
    let out = &memory.buffers[3].bytes;
    assert!(out.defined[..M * n * 4].iter().all(|d| *d), "the kernel left output undefined");
    out.data[..M * n * 4].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn gemm_tiles_match_the_rust_matrix_product() {
    let mut ran = 0;
    for (fixture, platform, n) in [
        ("intrinsics/dpas_gemm_dg2.ll", TargetPlatform::Dg2, 8),
        ("intrinsics/dpas_gemm_pvc.ll", TargetPlatform::Pvc, 16),
    ] {
        let compiled = compile(fixture, platform).unwrap_or_else(|log| panic!("{fixture}: {log}"));
        for (name, text) in &compiled {
            let (_, input, with_acc) = KERNELS.iter().find(|k| k.0 == name).unwrap();
            let float = matches!(input, In::Hf | In::Bf);
            for seed in 1..=4 {
                let p = problem(*input, float, n, &mut Rng::new(seed));
                let out = run(text, platform, &p, n);
                if let Err(e) = check(&p, float, *with_acc, n, &out) {
                    panic!("{fixture} {name} {platform:?} seed {seed}: {e}");
                }
                ran += 1;
            }
        }
    }
    // 5 kernels on DG2 and 4 on PVC, 4 seeds each
    assert_eq!(ran, 36);
}

#[test]
fn the_check_catches_a_wrong_product() {
    let n = 8;
    for (input, float) in [(In::S8, false), (In::Bf, true)] {
        let p = problem(input, float, n, &mut Rng::new(9));
        let compiled = compile("intrinsics/dpas_gemm_dg2.ll", TargetPlatform::Dg2).unwrap();
        let name = if float { "gemm_bf" } else { "gemm_s8" };
        let text = &compiled.iter().find(|(k, _)| k == name).unwrap().1;
        let mut out = run(text, TargetPlatform::Dg2, &p, n);
        assert!(check(&p, float, true, n, &out).is_ok());
        // without the accumulator, or with one element off, the check fails
        assert!(check(&p, float, false, n, &out).is_err());
        out[13] = if float { (f32::from_bits(out[13]) * 1.001 + 1.0).to_bits() } else { out[13] + 1 };
        assert!(check(&p, float, true, n, &out).is_err());
    }
}

#[test]
fn other_platforms_refuse_the_tiles_as_not_available() {
    for (fixture, refused) in [
        ("intrinsics/dpas_gemm_dg2.ll", [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Pvc]),
        ("intrinsics/dpas_gemm_pvc.ll", [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2]),
    ] {
        for platform in refused {
            let log = compile(fixture, platform)
                .err()
                .unwrap_or_else(|| panic!("{fixture} compiled on {platform:?}"));
            assert!(log.contains("is not available on"), "{fixture} on {platform:?}: {log}");
        }
    }
}
