//! MLIR `gpu` dialect kernels (tests/fixtures/mlir-gpu): every fixture parses with `mlir-opt-19`,
//! compiles for SKL, TGLLP, DG2 and PVC at SIMD widths 8, 16 and 32 to vISA that Intel's finalizer
//! accepts, and runs in the simulator (`genxc_sim::exec`) with inputs chosen here, leaving in its
//! buffers what a Rust reference of the kernel computes. The SIMT mapping under test: one
//! work-item per lane, `block_dim x` = hardware threads of the group x W (docs/mlir-gpu.md).

mod common;

use genxc::{CompileOptions, Emit, EmitSet, Input, MemrefArgs, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{svm_base, ArgSpec, ArgValue, Launch};
use genxc_sim::memory::{BufferKind, Bytes, Memory};
use std::process::Command;

const PLATFORMS: [TargetPlatform; 4] =
    [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc];
const WIDTHS: [u32; 3] = [8, 16, 32];

/// The fixtures and their kernel.
const FIXTURES: &[(&str, &str)] = &[
    ("01_vector_add.mlir", "vector_add"),
    ("02_saxpy.mlir", "saxpy"),
    ("03_reduction.mlir", "block_sum"),
    ("04_shuffle.mlir", "shuffle"),
    ("05_divergent_if.mlir", "abs2"),
    ("06_2d_scale.mlir", "scale_rows"),
    ("07_divergent_loop.mlir", "window_sum"),
    ("08_private.mlir", "scratch"),
    ("09_collatz_while.mlir", "collatz"),
    ("10_switch.mlir", "by_lane"),
    ("11_uniform_while.mlir", "pow2"),
    ("12_parallel.mlir", "window"),
    ("13_nested_control.mlir", "nested"),
];

fn input(fixture: &str) -> Input {
    common::input(&format!("mlir-gpu/{fixture}"))
}

fn options(platform: TargetPlatform, w: u32, memref_args: MemrefArgs, emit: &[Emit]) -> CompileOptions {
    CompileOptions {
        platform,
        emit: EmitSet::of(emit),
        simd_width: w,
        memref_args,
        ..CompileOptions::default()
    }
}

/// The vISA text of `kernel` compiled from `fixture`.
fn visa(fixture: &str, kernel: &str, platform: TargetPlatform, w: u32, memref_args: MemrefArgs) -> String {
    let out = genxc::compile_inputs(&[input(fixture)], &options(platform, w, memref_args, &[Emit::Visaasm]));
    assert!(!out.failed(), "{fixture} on {platform:?} W={w} {memref_args:?}: {}", out.log());
    out.visaasm_of(kernel).unwrap_or_else(|| panic!("{fixture}: no vISA of {kernel}")).to_string()
}

/// The translated LLVM IR of a fixture (kernels only: host functions are left out with a note
/// when vISA is asked for too, so ask for LLVM alone).
fn llvm(fixture: &str, w: u32, memref_args: MemrefArgs) -> String {
    let out = genxc::compile_inputs(
        &[input(fixture)],
        &options(TargetPlatform::Tgllp, w, memref_args, &[Emit::Llvm]),
    );
    assert!(!out.failed(), "{}", out.log());
    String::from_utf8(out.outputs[0].bytes.clone()).unwrap()
}

#[test]
fn gpu_fixtures_parse_with_mlir_opt_19() {
    if !common::tool_available("mlir-opt-19", "--version", "mlir-19-tools") {
        return;
    }
    for (fixture, _) in FIXTURES {
        let path = common::fixtures().join("mlir-gpu").join(fixture);
        let out = Command::new("mlir-opt-19").arg(&path).output().unwrap();
        assert!(
            out.status.success(),
            "{fixture}: mlir-opt-19 refuses it: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn gpu_kernels_are_accepted_by_the_finalizer() {
    let have = common::finalizer_available();
    let mut checked = 0;
    for (fixture, kernel) in FIXTURES {
        for p in PLATFORMS {
            let mut runs = vec![(16, MemrefArgs::Surface)];
            runs.extend(WIDTHS.iter().map(|&w| (w, MemrefArgs::Svm)));
            for (w, m) in runs {
                let text = visa(fixture, kernel, p, w, m);
                assert!(text.starts_with(".version 4.1\n"));
                if have {
                    if let Err(e) =
                        common::finalize(&format!("{kernel}.visaasm"), &text, p.info().finalizer_name)
                    {
                        panic!("{fixture} W={w} {m:?}: {e}");
                    }
                    checked += 1;
                }
            }
        }
    }
    if have {
        assert_eq!(checked, FIXTURES.len() * 4 * 4);
    }
}

/// An argument of a simulated launch.
#[derive(Clone, Debug)]
enum Arg {
    /// A memref's buffer (an SVM pointer or a surface, as the compile passes memrefs).
    Buf(Vec<u8>),
    /// A 32-bit integer: an `index` or `i32` scalar, or a dynamic size.
    I32(i32),
    /// An `f32` scalar.
    F32(f32),
}

/// A launch: groups, hardware threads per group (x counts threads; the work-items of a group in
/// x are that times W), the arguments in the kernel's order.
struct Run {
    groups: [u32; 3],
    threads: [u32; 3],
    args: Vec<Arg>,
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn as_f32s(b: &[u8]) -> Vec<f32> {
    b.chunks(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}
fn as_i32s(b: &[u8]) -> Vec<i32> {
    b.chunks(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Runs `kernel` of `fixture` compiled for `platform` at width `w` on `run`; returns the buffers'
/// contents afterwards, in argument order.
fn simulate(
    fixture: &str,
    kernel: &str,
    platform: TargetPlatform,
    w: u32,
    memref_args: MemrefArgs,
    run: &Run,
) -> Vec<Vec<u8>> {
    let text = visa(fixture, kernel, platform, w, memref_args);
    let kernels = genxc_visa::read_text(&text).unwrap_or_else(|e| panic!("{fixture}: reading vISA: {e}"));
    let mut memory = Memory::default();
    let mut args = Vec::new();
    let mut specs = Vec::new();
    let mut ids = Vec::new();
    let (mut pointers, mut surfaces) = (0, 0);
    for (i, a) in run.args.iter().enumerate() {
        match a {
            Arg::Buf(data) if memref_args == MemrefArgs::Svm => {
                let base = svm_base(pointers);
                pointers += 1;
                ids.push(memory.add(
                    format!("arg {i}"),
                    BufferKind::Svm { base },
                    Bytes::defined(data.clone()),
                ));
                args.push(ArgValue::Pointer(base));
                specs.push(ArgSpec::Pointer);
            }
            Arg::Buf(data) => {
                let bti = surfaces;
                surfaces += 1;
                let len = data.len() as u32;
                let kind = BufferKind::Surface { bti, width: len, height: 1, pitch: len };
                ids.push(memory.add(format!("arg {i}"), kind, Bytes::defined(data.clone())));
                args.push(ArgValue::Surface(bti));
                specs.push(ArgSpec::Surface);
            }
            Arg::I32(v) => {
                args.push(ArgValue::Bytes(v.to_le_bytes().to_vec()));
                specs.push(ArgSpec::Value { size: 4, elem: 4, float: false });
            }
            Arg::F32(v) => {
                args.push(ArgValue::Bytes(v.to_le_bytes().to_vec()));
                specs.push(ArgSpec::Value { size: 4, elem: 4, float: true });
            }
        }
    }
    assert_eq!(exec::arg_specs(&kernels[0]), specs, "{fixture}: the kernel's arguments");
    let slm = 64 * 1024;
    memory.add("slm", BufferKind::Slm, Bytes::undefined(slm as usize));
    let launch =
        Launch { groups: run.groups, group_size: run.threads, args, slm_size: slm, step_limit: 10_000_000 };
    let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
    exec::run(&kernels, &config, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("{fixture} on {platform:?} W={w} {memref_args:?}: {e}"));
    ids.iter().map(|&id| memory.buffers[id].bytes.data.clone()).collect()
}

/// Runs `check` for every platform and width (and surfaces at W=16).
fn for_all(check: impl Fn(TargetPlatform, u32, MemrefArgs)) {
    for p in PLATFORMS {
        for w in WIDTHS {
            check(p, w, MemrefArgs::Svm);
        }
        check(p, 16, MemrefArgs::Surface);
    }
}

#[test]
fn vector_add_runs() {
    for_all(|p, w, m| {
        let threads = 2;
        let n = 3 * threads * w - 5;
        let groups = n.div_ceil(threads * w);
        let len = (groups * threads * w) as usize;
        let a: Vec<f32> = (0..len).map(|i| i as f32 * 0.5 - 3.0).collect();
        let b: Vec<f32> = (0..len).map(|i| (i * i) as f32 * 0.25).collect();
        let c = vec![7.0f32; len];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::Buf(f32s(&a)),
                Arg::I32(len as i32),
                Arg::Buf(f32s(&b)),
                Arg::I32(len as i32),
                Arg::Buf(f32s(&c)),
                Arg::I32(len as i32),
                Arg::I32(n as i32),
            ],
        };
        let out = simulate("01_vector_add.mlir", "vector_add", p, w, m, &run);
        let want: Vec<f32> = (0..len).map(|i| if i < n as usize { a[i] + b[i] } else { 7.0 }).collect();
        assert_eq!(as_f32s(&out[2]), want, "{p:?} W={w} {m:?}");
        assert_eq!(as_f32s(&out[0]), a, "a is left alone");
    });
}

#[test]
fn saxpy_runs() {
    for_all(|p, w, m| {
        let (groups, threads) = (4, 2);
        let n = (groups * threads * w) as usize;
        let x: Vec<f32> = (0..n).map(|i| i as f32 / 4.0 - 5.0).collect();
        let y: Vec<f32> = (0..n).map(|i| (n - i) as f32 / 8.0).collect();
        let a = 1.5f32;
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::F32(a),
                Arg::Buf(f32s(&x)),
                Arg::I32(n as i32),
                Arg::Buf(f32s(&y)),
                Arg::I32(n as i32),
            ],
        };
        let out = simulate("02_saxpy.mlir", "saxpy", p, w, m, &run);
        let want: Vec<f32> = (0..n).map(|i| a * x[i] + y[i]).collect();
        assert_eq!(as_f32s(&out[1]), want, "{p:?} W={w} {m:?}");
    });
}

#[test]
fn reduction_runs() {
    for_all(|p, w, m| {
        let (groups, threads) = (3u32, 2u32);
        let per_block = (64 * threads * w) as usize;
        let input: Vec<i32> = (0..per_block * groups as usize).map(|i| (i as i32 * 7) % 13 - 6).collect();
        let out0 = vec![-1i32; groups as usize];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::Buf(i32s(&input)),
                Arg::I32(input.len() as i32),
                Arg::Buf(i32s(&out0)),
                Arg::I32(groups as i32),
            ],
        };
        let out = simulate("03_reduction.mlir", "block_sum", p, w, m, &run);
        let want: Vec<i32> = input.chunks(per_block).map(|c| c.iter().sum()).collect();
        assert_eq!(as_i32s(&out[1]), want, "{p:?} W={w} {m:?}");
    });
}

#[test]
fn shuffles_run() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 2u32);
        let n = (groups * threads * w) as usize;
        let x: Vec<i32> = (0..n).map(|i| i as i32 * 3 + 1).collect();
        let zeros = vec![0i32; n];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::Buf(i32s(&x)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&zeros)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&zeros)),
                Arg::I32(n as i32),
            ],
        };
        let out = simulate("04_shuffle.mlir", "shuffle", p, w, m, &run);
        let swapped: Vec<i32> = (0..n).map(|i| x[i ^ 1]).collect();
        let lane = |i: usize| i % w as usize;
        let shifted: Vec<i32> =
            (0..n).map(|i| if lane(i) + 2 < w as usize { x[i + 2] } else { -1 }).collect();
        assert_eq!(as_i32s(&out[1]), swapped, "{p:?} W={w} {m:?}");
        assert_eq!(as_i32s(&out[2]), shifted, "{p:?} W={w} {m:?}");
    });
}

#[test]
fn divergent_if_runs() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 2u32);
        let n = (groups * threads * w) as usize;
        let x: Vec<i32> = (0..n).map(|i| (i as i32 * 37) % 19 - 9).collect();
        let fives = vec![5i32; n];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::Buf(i32s(&x)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&fives)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&fives)),
                Arg::I32(n as i32),
            ],
        };
        let out = simulate("05_divergent_if.mlir", "abs2", p, w, m, &run);
        let y: Vec<i32> = x.iter().map(|&v| if v > 0 { 2 * v } else { -v }).collect();
        let flags: Vec<i32> = x.iter().map(|&v| if v > 0 { 1 } else { 5 }).collect();
        assert_eq!(as_i32s(&out[1]), y, "{p:?} W={w} {m:?}");
        assert_eq!(as_i32s(&out[2]), flags, "{p:?} W={w} {m:?}");
    });
}

#[test]
fn two_dimensional_kernel_runs() {
    for_all(|p, w, m| {
        // 2 x 2 groups; a group is 1 x 2 hardware threads: 4 rows of 2W columns.
        let (rows, cols) = (4usize, 2 * w as usize);
        let input: Vec<f32> = (0..rows * cols).map(|i| i as f32 * 0.25 - 7.0).collect();
        let zeros = vec![0f32; rows * cols];
        let run = Run {
            groups: [2, 2, 1],
            threads: [1, 2, 1],
            args: vec![
                Arg::Buf(f32s(&input)),
                Arg::I32(rows as i32),
                Arg::I32(cols as i32),
                Arg::Buf(f32s(&zeros)),
                Arg::I32(rows as i32),
                Arg::I32(cols as i32),
            ],
        };
        let out = simulate("06_2d_scale.mlir", "scale_rows", p, w, m, &run);
        let want: Vec<f32> = (0..rows * cols).map(|i| input[i] * ((i / cols) as f32 + 1.0)).collect();
        assert_eq!(as_f32s(&out[1]), want, "{p:?} W={w} {m:?}");
    });
}

#[test]
fn divergent_loop_runs() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 2u32);
        let n = (groups * threads * w) as usize;
        let input: Vec<i32> = (0..n + 8).map(|i| (i as i32 * 11) % 17 - 8).collect();
        let zeros = vec![0i32; n];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::Buf(i32s(&input)),
                Arg::I32(input.len() as i32),
                Arg::Buf(i32s(&zeros)),
                Arg::I32(n as i32),
            ],
        };
        let out = simulate("07_divergent_loop.mlir", "window_sum", p, w, m, &run);
        let want: Vec<i32> = (0..n).map(|i| input[i..=i + i % 5].iter().sum()).collect();
        assert_eq!(as_i32s(&out[1]), want, "{p:?} W={w} {m:?}");
    });
}

#[test]
fn private_memory_runs() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 2u32);
        let n = (groups * threads * w) as usize;
        let x: Vec<i32> = (0..n).map(|i| (i as i32 * 5) % 23 - 11).collect();
        let zeros = vec![0i32; n];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![Arg::Buf(i32s(&x)), Arg::I32(n as i32), Arg::Buf(i32s(&zeros)), Arg::I32(n as i32)],
        };
        let out = simulate("08_private.mlir", "scratch", p, w, m, &run);
        let want: Vec<i32> = x.iter().map(|&v| v + if v & 1 == 1 { 100 } else { 3 * v }).collect();
        assert_eq!(as_i32s(&out[1]), want, "{p:?} W={w} {m:?}");
    });
}

/// The Collatz step count of `x` (at most 1000 steps) and the value before the last step.
fn collatz(x: i32) -> (i32, Option<i32>) {
    let (mut y, mut n, mut last) = (x, 0, None);
    while y > 1 && n < 1000 {
        last = Some(y);
        y = if y & 1 != 0 { 3 * y + 1 } else { y / 2 };
        n += 1;
    }
    (n, last)
}

#[test]
fn divergent_while_runs() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 2u32);
        let n = (groups * threads * w) as usize;
        // Trip counts from 0 (x <= 1) to over a hundred (27: 111 steps) within each thread.
        let x: Vec<i32> =
            (0..n).map(|i| [27, 1, 6, 0, 7, 97, 2, -5, 31, 12][i % 10] + (i / 10) as i32).collect();
        let sevens = vec![7i32; n];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::Buf(i32s(&x)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&sevens)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&sevens)),
                Arg::I32(n as i32),
            ],
        };
        let out = simulate("09_collatz_while.mlir", "collatz", p, w, m, &run);
        let steps: Vec<i32> = x.iter().map(|&v| collatz(v).0).collect();
        let last: Vec<i32> = x.iter().map(|&v| collatz(v).1.unwrap_or(7)).collect();
        assert_eq!(as_i32s(&out[1]), steps, "{p:?} W={w} {m:?}");
        assert_eq!(as_i32s(&out[2]), last, "only lanes still looping store: {p:?} W={w} {m:?}");
    });
}

#[test]
fn divergent_and_uniform_switches_run() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 2u32);
        let n = (groups * threads * w) as usize;
        let x: Vec<i32> = (0..n).map(|i| (i as i32 * 13) % 29 - 14).collect();
        let zeros = vec![0i32; n];
        for mode in [0, 1, 5] {
            let run = Run {
                groups: [groups, 1, 1],
                threads: [threads, 1, 1],
                args: vec![
                    Arg::Buf(i32s(&x)),
                    Arg::I32(n as i32),
                    Arg::Buf(i32s(&zeros)),
                    Arg::I32(n as i32),
                    Arg::Buf(i32s(&zeros)),
                    Arg::I32(n as i32),
                    Arg::I32(mode),
                ],
            };
            let out = simulate("10_switch.mlir", "by_lane", p, w, m, &run);
            let bias = match mode {
                0 => 1,
                1 => 7,
                _ => -1,
            };
            let want: Vec<i32> = (0..n)
                .map(|i| {
                    let v = x[i];
                    bias + match i % 4 {
                        0 => 2 * v,
                        1 => v + 100,
                        2 => -v,
                        _ => v * v,
                    }
                })
                .collect();
            let tags: Vec<i32> = (0..n).map(|i| 10 + (i % 4) as i32).collect();
            assert_eq!(as_i32s(&out[1]), want, "{p:?} W={w} {m:?} mode {mode}");
            assert_eq!(as_i32s(&out[2]), tags, "{p:?} W={w} {m:?} mode {mode}");
        }
    });
}

#[test]
fn uniform_while_runs() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 1u32);
        let n = (groups * threads * w) as usize;
        let x: Vec<i32> = (0..n).map(|i| i as i32 * 3 - 20).collect();
        for bound in [0, 1, 5, 64, 100] {
            let zeros = vec![0i32; n];
            let run = Run {
                groups: [groups, 1, 1],
                threads: [threads, 1, 1],
                args: vec![
                    Arg::Buf(i32s(&x)),
                    Arg::I32(n as i32),
                    Arg::Buf(i32s(&zeros)),
                    Arg::I32(n as i32),
                    Arg::I32(bound),
                ],
            };
            let out = simulate("11_uniform_while.mlir", "pow2", p, w, m, &run);
            let (mut pw, mut steps) = (1i32, 0i32);
            while pw < bound {
                pw *= 2;
                steps += 1;
            }
            let want: Vec<i32> = x.iter().map(|&v| v * pw + steps).collect();
            assert_eq!(as_i32s(&out[1]), want, "{p:?} W={w} {m:?} n={bound}");
        }
    });
}

#[test]
fn parallel_loops_run_per_work_item() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 2u32);
        let n = (groups * threads * w) as usize;
        let input: Vec<i32> = (0..n + 12).map(|i| (i as i32 * 7) % 15 - 7).collect();
        let zeros = vec![0i32; n];
        let pairs0 = vec![-1i32; 2 * n];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::Buf(i32s(&input)),
                Arg::I32(input.len() as i32),
                Arg::Buf(i32s(&zeros)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&pairs0)),
                Arg::I32(2 * n as i32),
            ],
        };
        let out = simulate("12_parallel.mlir", "window", p, w, m, &run);
        let want: Vec<i32> = (0..n).map(|i| 100 * input[i..i + 12].iter().sum::<i32>() + 12).collect();
        let pairs: Vec<i32> = (0..2 * n).map(|j| input[j / 2] + (j % 2) as i32).collect();
        assert_eq!(as_i32s(&out[1]), want, "{p:?} W={w} {m:?}");
        assert_eq!(as_i32s(&out[2]), pairs, "{p:?} W={w} {m:?}");
    });
}

#[test]
fn nested_lane_masks_run() {
    for_all(|p, w, m| {
        let (groups, threads) = (2u32, 2u32);
        let n = (groups * threads * w) as usize;
        let x: Vec<i32> = (0..n).map(|i| (i as i32 * 17) % 41 - 10).collect();
        let zeros = vec![0i32; n];
        let nines = vec![-9i32; n];
        let run = Run {
            groups: [groups, 1, 1],
            threads: [threads, 1, 1],
            args: vec![
                Arg::Buf(i32s(&x)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&zeros)),
                Arg::I32(n as i32),
                Arg::Buf(i32s(&nines)),
                Arg::I32(n as i32),
            ],
        };
        let out = simulate("13_nested_control.mlir", "nested", p, w, m, &run);
        let mut want = Vec::new();
        let mut tmp = Vec::new();
        for (i, &v) in x.iter().enumerate() {
            let (r, t) = match i % 3 {
                0 => {
                    let (mut y, mut c, mut last) = (v, 0, -9);
                    while y > 0 {
                        last = y;
                        y -= 3;
                        c += 1;
                    }
                    (c, last)
                }
                1 => (4 * v, -9),
                _ => (v - 1, -9),
            };
            want.push(r);
            tmp.push(t);
        }
        assert_eq!(as_i32s(&out[1]), want, "{p:?} W={w} {m:?}");
        assert_eq!(as_i32s(&out[2]), tmp, "{p:?} W={w} {m:?}");
    });
}

/// The shapes of the new control flow: a varying while condition is a branch on "any lane
/// continues"; a uniform one a scalar branch with per-lane carried values; a varying switch has
/// no `switch` (per-lane selects), a uniform one is a `switch`.
#[test]
fn while_and_switch_lowering_shapes() {
    let t = llvm("09_collatz_while.mlir", 16, MemrefArgs::Svm);
    assert!(t.contains("bitcast <16 x i1> ") && t.contains(" to i16"), "{t}");
    assert!(t.contains("= phi <16 x i1> [ <i1 true"), "the mask of the lanes still looping: {t}");
    assert!(t.contains("llvm.genx.svm.scatter"), "the after region's store is masked: {t}");
    let t = llvm("11_uniform_while.mlir", 16, MemrefArgs::Svm);
    assert!(t.contains("= phi i32 [ 1, %entry ]"), "a scalar loop: {t}");
    assert!(t.contains("= phi <16 x i32> [ %"), "a per-lane carried value: {t}");
    assert!(!t.contains("<16 x i1>"), "no lane mask: {t}");
    let t = llvm("10_switch.mlir", 16, MemrefArgs::Svm);
    assert_eq!(t.matches("switch i32 ").count(), 1, "only the uniform switch branches: {t}");
    assert!(t.contains("icmp eq <16 x i32>"), "{t}");
    let t = llvm("12_parallel.mlir", 16, MemrefArgs::Svm);
    assert!(t.contains("= phi i32 [ 0, %entry ]"), "scalar loops with a uniform count: {t}");
    assert!(t.contains("= phi <16 x i32> [ zeroinitializer, %entry ]"), "a per-lane sum: {t}");
}

/// Bad `scf.while` / `scf.index_switch` / `scf.execute_region` in a kernel: located errors.
#[test]
fn malformed_structured_control_flow_is_refused() {
    let compile = |body: &str| {
        let text = format!(
            "module attributes {{gpu.container_module}} {{\n  gpu.module @m {{\n    gpu.func @k(%a: memref<?xi32>, %n: index) kernel {{\n{body}      gpu.return\n    }}\n  }}\n}}\n"
        );
        let out = genxc::compile_bytes(
            "k.mlir",
            text.as_bytes(),
            &options(TargetPlatform::Tgllp, 16, MemrefArgs::Svm, &[Emit::Llvm]),
        );
        assert!(out.failed(), "{text}");
        out.log()
    };
    let log = compile(
        "      %t = gpu.thread_id x\n      %r = scf.execute_region -> index {\n        cf.br ^bb1(%t : index)\n      ^bb1(%x: index):\n        scf.yield %x : index\n      }\n",
    );
    assert!(
        log.contains("k.mlir:5:12: error:") && log.contains("scf.execute_region of several blocks"),
        "{log}"
    );
    let log = compile(
        "      %t = gpu.thread_id x\n      %r = \"scf.index_switch\"(%t) ({\n        scf.yield %t : index\n      }, {\n        scf.yield %t : index\n      }) {cases = array<i64: 1, 2>} : (index) -> index\n",
    );
    assert!(log.contains("k.mlir:5:12: error:") && log.contains("2 case values, 1 case regions"), "{log}");
    let log = compile(
        "      %t = gpu.thread_id x\n      %r = \"scf.while\"(%t) ({\n      ^bb0(%x: index):\n        scf.yield %x : index\n      }, {\n      ^bb0(%y: index):\n        scf.yield %y : index\n      }) : (index) -> index\n",
    );
    assert!(log.contains("k.mlir:5:12: error:") && log.contains("ends with scf.condition"), "{log}");
    let log = compile(
        "      %t = gpu.thread_id x\n      %c0 = arith.constant 0 : index\n      %c1 = arith.constant 1 : index\n      scf.parallel (%q) = (%c0) to (%t) step (%c1) {\n        scf.reduce\n      }\n",
    );
    assert!(
        log.contains("k.mlir:7:7: error:")
            && log.contains("scf.parallel whose bounds vary between work-items"),
        "{log}"
    );
}

/// Uniform values stay scalars, varying ones are W-lane vectors, and an index that is
/// `uniform + thread_id x` gives block loads and stores under `--memref-args=svm`.
#[test]
fn uniform_values_stay_scalar_and_contiguous_accesses_are_blocks() {
    let t = llvm("02_saxpy.mlir", 16, MemrefArgs::Svm);
    assert!(t.contains("load <16 x float>, <16 x float> addrspace(1)*"), "{t}");
    assert!(t.contains("store <16 x float> "), "{t}");
    assert!(!t.contains("svm.gather"), "{t}");
    let t = llvm("02_saxpy.mlir", 32, MemrefArgs::Surface);
    assert!(t.contains("llvm.genx.gather.scaled.v16f32"), "surfaces: two SIMD16 gathers at W=32: {t}");
    let t = llvm("03_reduction.mlir", 8, MemrefArgs::Svm);
    // The subgroup's sum is uniform: one scalar store to shared local memory.
    assert!(t.contains("store i32 %") && t.contains("i32 addrspace(3)*"), "{t}");
    assert!(t.contains("call void @llvm.genx.barrier()"), "{t}");
    assert!(t.contains("!\"block_sum\", !1, i32 256,"), "256 bytes of SLM: {t}");
    // The loop's loads at `first + k * block_dim` are `uniform + lane`: block loads; the loop
    // counter is a scalar phi, the accumulator a per-lane one.
    assert!(t.contains("load <8 x i32>, <8 x i32> addrspace(1)*"), "{t}");
    assert!(!t.contains("svm.gather"), "{t}");
    assert!(t.contains("= phi i32 [ 0, %entry ]"), "{t}");
    assert!(t.contains("= phi <8 x i32> [ zeroinitializer, %entry ]"), "a per-lane accumulator: {t}");
    let t = llvm("05_divergent_if.mlir", 16, MemrefArgs::Svm);
    assert!(t.contains("select <16 x i1>"), "per-lane results: {t}");
    assert!(!t.contains("br i1"), "a divergent if has no branch: {t}");
    // A loop whose trip count varies: a scalar branch on "any lane still iterates".
    let t = llvm("07_divergent_loop.mlir", 16, MemrefArgs::Svm);
    assert!(t.contains("bitcast <16 x i1> ") && t.contains(" to i16"), "{t}");
    assert!(t.contains("= phi <16 x i32> "), "a per-lane induction variable: {t}");
}

/// The kernel ABI: a memref is a pointer (or a surface) then its dynamic sizes; scalars follow
/// as general arguments; `index` is 32 bits.
#[test]
fn memref_arguments_and_dynamic_sizes_form_the_kernel_abi() {
    let t = llvm("06_2d_scale.mlir", 16, MemrefArgs::Svm);
    assert!(
        t.contains("define dllexport spir_kernel void @scale_rows(float addrspace(1)* %a0, i32 %a0.size0, i32 %a0.size1, float addrspace(1)* %a1, i32 %a1.size0, i32 %a1.size1)"),
        "{t}"
    );
    assert!(t.contains("!{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}"), "{t}");
    let t = llvm("06_2d_scale.mlir", 16, MemrefArgs::Surface);
    assert!(t.contains("@scale_rows(i32 %a0, i32 %a0.size0, i32 %a0.size1, i32 %a1,"), "{t}");
    assert!(t.contains("!{i32 2, i32 0, i32 0, i32 2, i32 0, i32 0}"), "{t}");
    let t = llvm("02_saxpy.mlir", 16, MemrefArgs::Svm);
    assert!(t.contains("@saxpy(float %a0, float addrspace(1)* %a1, i32 %a1.size0,"), "{t}");
}

/// Host functions: left out of a GPU compile with a note; `--emit llvm` lowers them, the launch
/// being a call of the runtime's `genxc_gpu_launch_kernel`.
#[test]
fn host_functions_are_noted_and_lowered_for_llvm() {
    let out = genxc::compile_inputs(
        &[input("01_vector_add.mlir")],
        &options(TargetPlatform::Tgllp, 16, MemrefArgs::Svm, &[Emit::Visaasm]),
    );
    assert!(!out.failed(), "{}", out.log());
    assert!(out.log().contains("note: "), "{}", out.log());
    assert!(out.log().contains("host function @launch is not compiled for the GPU"), "{}", out.log());
    let names: Vec<&str> = out.outputs.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["vector_add.visaasm"]);
    let t = llvm("01_vector_add.mlir", 16, MemrefArgs::Svm);
    assert!(t.contains("define void @launch("), "{t}");
    assert!(t.contains("c\"vector_add\\00\""), "{t}");
    assert!(
        t.contains("call void @genxc_gpu_launch_kernel(i8* getelementptr"),
        "the launch passes the kernel's name: {t}"
    );
    assert!(t.contains("i64 64, i64 1, i64 1, i32 0, i8** "), "block sizes in work-items: {t}");
}

/// Constructs the SIMT mapping does not take are refused with a located message.
#[test]
fn unsupported_constructs_are_located_refusals() {
    let compile = |body: &str| {
        let text = format!(
            "module attributes {{gpu.container_module}} {{\n  gpu.module @m {{\n    gpu.func @k(%a: memref<?xi32>, %n: index) kernel {{\n{body}      gpu.return\n    }}\n  }}\n}}\n"
        );
        let out = genxc::compile_bytes("k.mlir", text.as_bytes(), &CompileOptions::default());
        assert!(out.failed(), "{text}");
        out.log()
    };
    let log = compile("      %f = arith.constant 1.0 : f32\n      %e = math.erf %f : f32\n");
    assert!(
        log.contains(
            "k.mlir:5:12: error: 'math.erf' in gpu kernel @k: unsupported: 'math.erf' in a SIMT gpu kernel"
        ),
        "{log}"
    );
    let log = compile(
        "      %t = gpu.thread_id x\n      %c0 = arith.constant 0 : index\n      %p = arith.cmpi eq, %t, %c0 : index\n      scf.if %p {\n        gpu.barrier\n      }\n",
    );
    assert!(log.contains("gpu.barrier under control flow that varies between work-items"), "{log}");
    let bad = genxc::compile_bytes(
        "k.mlir",
        b"gpu.module @m {\n  gpu.func @k() kernel {\n    %t = gpu.thread_id w\n    gpu.return\n  }\n}\n",
        &CompileOptions::default(),
    );
    assert!(
        bad.log().contains("k.mlir:3:24: error: expected a dimension x, y or z, found 'w'"),
        "{}",
        bad.log()
    );
}

/// `--simd-width` and `--memref-args` read as options, bad values refused.
#[test]
fn simd_width_and_memref_args_options() {
    let o = CompileOptions::parse("--simd-width=32 --memref-args=surface").unwrap();
    assert_eq!((o.simd_width, o.memref_args), (32, MemrefArgs::Surface));
    assert_eq!(CompileOptions::default().simd_width, 16);
    let e = CompileOptions::parse("--simd-width=12").unwrap_err();
    assert!(e.to_string().contains("needs 8, 16 or 32, found '12'"), "{e}");
    assert!(CompileOptions::parse("--memref-args=buffer").is_err());
}

/// A kernel using `xegpu` operations is subgroup-level: not widened (its ids are the hardware
/// thread's), lowered like a `genx.kernel` function, whose `xegpu` operations are lowered
/// elsewhere (until they are, the refusal names the operation, not the SIMT mapping).
#[test]
fn xegpu_kernels_are_subgroup_level() {
    let text = "module attributes {gpu.container_module} {\n  gpu.module @m {\n    gpu.func @sg(%a: memref<?xi32>) kernel {\n      %b = gpu.block_id x\n      %t = gpu.thread_id x\n      %s = arith.addi %b, %t : index\n      %v = arith.index_cast %s : index to i32\n      memref.store %v, %a[%s] : memref<?xi32>\n      \"xegpu.fence\"() <{fence_scope = #xegpu<fence_scope workgroup>, memory_kind = #xegpu<memory_scope global>}> : () -> ()\n      gpu.return\n    }\n  }\n}\n";
    let opts = options(TargetPlatform::Pvc, 16, MemrefArgs::Svm, &[Emit::Llvm]);
    let out = genxc::compile_bytes("sg.mlir", text.as_bytes(), &opts);
    if out.failed() {
        let log = out.log();
        assert!(log.contains("sg.mlir:9:7:") && log.contains("xegpu.fence"), "{log}");
        assert!(!log.contains("SIMT"), "{log}");
    } else {
        let t = String::from_utf8(out.outputs[0].bytes.clone()).unwrap();
        assert!(t.contains("define dllexport spir_kernel void @sg("), "{t}");
        assert!(!t.contains("<16 x i32>"), "not widened: {t}");
    }
    // Without the xegpu operation the same kernel is a SIMT kernel: its thread id x is per lane.
    let simt = text.replace("      \"xegpu.fence\"() <{fence_scope = #xegpu<fence_scope workgroup>, memory_kind = #xegpu<memory_scope global>}> : () -> ()\n", "");
    let out = genxc::compile_bytes("simt.mlir", simt.as_bytes(), &opts);
    assert!(!out.failed(), "{}", out.log());
    let t = String::from_utf8(out.outputs[0].bytes.clone()).unwrap();
    assert!(t.contains("<16 x i32>"), "{t}");
}

/// kernels.json describes the SIMT mapping of gpu kernels.
#[test]
fn kernels_json_tells_the_simd_width() {
    let out = genxc::compile_inputs(
        &[input("06_2d_scale.mlir")],
        &options(TargetPlatform::Dg2, 32, MemrefArgs::Svm, &[Emit::Visaasm, Emit::Metadata]),
    );
    assert!(!out.failed(), "{}", out.log());
    let json: serde_json::Value = serde_json::from_str(out.kernels_json().unwrap()).unwrap();
    let simt = &json["kernels"][0]["simt"];
    assert_eq!(simt["simd_width"], 32, "{json}");
    assert!(simt["local_size_x"].as_str().unwrap().contains("divided by simd_width"), "{json}");
    assert_eq!(simt["mlir_args"][1], "size 0 of %in (i32)", "{json}");
    assert_eq!(
        json["kernels"][0]["args"].as_array().unwrap().iter().filter(|a| a["implicit"].is_null()).count(),
        6
    );
}

/// Malformed operations (the generic form takes any operand counts) and truncated kernels are
/// errors, never panics.
#[test]
fn malformed_gpu_input_is_an_error() {
    let cases: &[(&str, &str)] = &[
        (
            "      %t = gpu.thread_id x\n      %s:2 = \"gpu.shuffle\"(%t) {mode = #gpu<shuffle_mode xor>} : (index) -> (index, i1)\n",
            "k.mlir:5:14: error: 'gpu.shuffle' in gpu kernel @k: malformed 'gpu.shuffle': 1 operands, 2 results, 0 regions",
        ),
        (
            "      %t = \"gpu.thread_id\"() : () -> index\n",
            "k.mlir:4:12: error: 'gpu.thread_id' in gpu kernel @k: 'gpu.thread_id' without a dimension x, y or z",
        ),
        (
            "      %t = gpu.thread_id x\n      %x = \"arith.addi\"(%t) : (index) -> index\n      \"memref.store\"(%t) : (index) -> ()\n",
            "k.mlir:5:12: error: 'arith.addi' in gpu kernel @k: malformed 'arith.addi': 1 operands, 1 results, 0 regions",
        ),
    ];
    for (body, want) in cases {
        let text = format!(
            "module attributes {{gpu.container_module}} {{\n  gpu.module @m {{\n    gpu.func @k(%a: memref<?xi32>) kernel {{\n{body}      gpu.return\n    }}\n  }}\n}}\n"
        );
        for emit in [Emit::Llvm, Emit::Visaasm] {
            let out = genxc::compile_bytes(
                "k.mlir",
                text.as_bytes(),
                &options(TargetPlatform::Tgllp, 16, MemrefArgs::Svm, &[emit]),
            );
            assert!(out.failed(), "{text}");
            assert!(out.log().contains(want), "{}", out.log());
        }
    }
    let launch = "func.func @h() {\n  \"gpu.launch_func\"() {kernel = @m::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>} : () -> ()\n  return\n}\n";
    let out = genxc::compile_bytes(
        "h.mlir",
        launch.as_bytes(),
        &options(TargetPlatform::Tgllp, 16, MemrefArgs::Svm, &[Emit::Llvm]),
    );
    assert!(out.log().contains("h.mlir:2:3: error: 'gpu.launch_func': gpu.launch_func whose operandSegmentSizes do not match its operands"), "{}", out.log());
    // Every fixture cut after each of its lines: an error or a compile, never a panic.
    for (fixture, _) in FIXTURES {
        let text = String::from_utf8(input(fixture).bytes).unwrap();
        let mut cut = 0;
        for line in text.split_inclusive('\n') {
            cut += line.len();
            let part = &text[..cut];
            let _ = genxc::compile_bytes(
                "cut.mlir",
                part.as_bytes(),
                &options(TargetPlatform::Tgllp, 8, MemrefArgs::Svm, &[Emit::Llvm]),
            );
        }
    }
}

/// A loop-carried index that becomes varying on a later pass of the analysis loses the lane
/// coefficient an earlier pass gave what it feeds: `j2 = j + thread_id x` with `j` carried is
/// `(k + 1) * lane` apart between lanes, a gather, not a block load.
#[test]
fn loop_carried_indices_are_not_taken_for_contiguous() {
    let text = "module attributes {gpu.container_module} {\n  gpu.module @m {\n    gpu.func @k(%a: memref<?xi32>, %o: memref<?xi32>) kernel {\n      %t = gpu.thread_id x\n      %c0 = arith.constant 0 : index\n      %c1 = arith.constant 1 : index\n      %c4 = arith.constant 4 : index\n      %z = arith.constant 0 : i32\n      %r:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%j = %c0, %s = %z) -> (index, i32) {\n        %j2 = arith.addi %j, %t : index\n        %v = memref.load %a[%j2] : memref<?xi32>\n        %s2 = arith.addi %s, %v : i32\n        scf.yield %j2, %s2 : index, i32\n      }\n      memref.store %r#1, %o[%t] : memref<?xi32>\n      gpu.return\n    }\n  }\n}\n";
    let out = genxc::compile_bytes(
        "k.mlir",
        text.as_bytes(),
        &options(TargetPlatform::Tgllp, 16, MemrefArgs::Svm, &[Emit::Llvm]),
    );
    assert!(!out.failed(), "{}", out.log());
    let t = String::from_utf8(out.outputs[0].bytes.clone()).unwrap();
    assert!(t.contains("llvm.genx.svm.gather.v16i32"), "{t}");
    assert!(!t.contains("load <16 x i32>"), "{t}");
    assert!(t.contains("store <16 x i32>"), "the store at thread_id x is a block: {t}");
}

/// The command line: `--simd-width` and `--memref-args` reach the kernel, the host function's
/// note goes to stderr, and a bad width is a usage error.
#[test]
fn command_line_options_and_the_host_note() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = common::fixtures().join("mlir-gpu/01_vector_add.mlir");
    let o = Command::new(env!("CARGO_BIN_EXE_genxc"))
        .arg(&fixture)
        .args(["--simd-width=8", "--memref-args=surface", "--emit", "visaasm,metadata", "-o"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(
        stderr.contains("note: ") && stderr.contains("host function @launch is not compiled for the GPU"),
        "{stderr}"
    );
    let json = std::fs::read_to_string(dir.path().join("kernels.json")).unwrap();
    assert!(json.contains("\"simd_width\": 8"), "{json}");
    assert!(json.contains("\"resource\": \"buffer\""), "memrefs are surfaces: {json}");
    let o = Command::new(env!("CARGO_BIN_EXE_genxc")).arg(&fixture).arg("--simd-width=12").output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
}
