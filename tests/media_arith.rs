//! The wide and media arithmetic against Rust: `umadw`/`smadw` (vISA `madw`, the 64-bit
//! `a*b + c` of 32-bit lanes, low halves then high) and `uimad`/`simad` (the same as the fields
//! `{high, low}`) and `pln` (`p*u + q*v + r`) on SKL, TGLLP, DG2 and PVC, and the Gen9
//! media instructions `dp2`/`dp3`/`dp4`/`dph` (a dot product per group of 4 lanes, in each of its
//! lanes), `line` (`p * x + q`, coefficients read `<0;4,1>`), `lrp` and `sad2` (per pair of
//! bytes, in the first lane of the pair) on SKL, on edge
//! values (zeros of both signs, the extremes of each integer type, infinities, NaN). Each kernel
//! runs in the simulator and the reference interpreter; each result must be the Rust value
//! computed here (floats: the exact sum of the exact products, rounded once to `float`).

// the checks index the operands, the output and the expected values by lane together
#![allow(clippy::needless_range_loop)]

mod common;

use common::ONE_BUFFER_KERNEL_METADATA;
use genxc::{CompileOptions, Emit, EmitSet, Input, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{Launch, Rng};
use genxc_sim::reference;

/// A kernel `@k(i32 %buf)` over `lanes` dwords: `%a`, `%b`, `%c` loaded from byte 0, 64 and 128
/// (with float views `%fa`, `%fb`, `%fc`), `body` defining `<out x i32> %o`, stored at byte 192.
fn kernel(lanes: u32, out: u32, declare: &str, body: &str) -> String {
    format!(
        "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

declare <{lanes} x i32> @llvm.genx.oword.ld.v{lanes}i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v{out}i32(i32, i32, <{out} x i32>)
{declare}
define dllexport spir_kernel void @k(i32 %buf) #0 {{
entry:
  %a = call <{lanes} x i32> @llvm.genx.oword.ld.v{lanes}i32(i32 0, i32 %buf, i32 0)
  %b = call <{lanes} x i32> @llvm.genx.oword.ld.v{lanes}i32(i32 0, i32 %buf, i32 4)
  %c = call <{lanes} x i32> @llvm.genx.oword.ld.v{lanes}i32(i32 0, i32 %buf, i32 8)
  %fa = bitcast <{lanes} x i32> %a to <{lanes} x float>
  %fb = bitcast <{lanes} x i32> %b to <{lanes} x float>
  %fc = bitcast <{lanes} x i32> %c to <{lanes} x float>
{body}
  call void @llvm.genx.oword.st.v{out}i32(i32 %buf, i32 12, <{out} x i32> %o)
  ret void
}}

{ONE_BUFFER_KERNEL_METADATA}
"
    )
}

/// Compiles `text` for `platform` and runs it in both executors on `a`, `b`, `c` (16 dwords
/// each); the `out` dwords each stored.
fn run(text: &str, platform: TargetPlatform, ins: [&[u32]; 3], out: usize) -> [Vec<u32>; 2] {
    let input = Input { name: "k.ll".into(), bytes: text.as_bytes().to_vec() };
    let opts = CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
    assert!(!outcome.failed(), "{platform:?}: {}", outcome.log());
    let visa = outcome.visaasm_of("k").unwrap().to_string();
    let kernels = genxc_visa::read_text(&visa).unwrap();
    let module = genxc::import(&input, platform).unwrap_or_else(|e| panic!("{e:?}"));
    let fill = |memory: &mut genxc_sim::memory::Memory| {
        let buf = &mut memory.buffers[0].bytes;
        for (k, v) in ins.iter().enumerate() {
            for (i, d) in v.iter().enumerate() {
                buf.data[64 * k + 4 * i..64 * k + 4 * i + 4].copy_from_slice(&d.to_le_bytes());
            }
        }
    };
    let read = |memory: &genxc_sim::memory::Memory| -> Vec<u32> {
        let b = &memory.buffers[0].bytes;
        assert!(b.defined[192..192 + 4 * out].iter().all(|d| *d), "undefined output on {platform:?}");
        b.data[192..192 + 4 * out].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
    };
    let (launch, mut memory) = Launch::random(&exec::arg_specs(&kernels[0]), 1, 0, [1, 1, 1], [1, 1, 1], 0);
    fill(&mut memory);
    exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("simulator on {platform:?}: {e}\n{visa}"));
    let sim = read(&memory);
    let (launch, mut memory) =
        Launch::random(&reference::arg_specs(&module, 0), 1, 0, [1, 1, 1], [1, 1, 1], 0);
    fill(&mut memory);
    reference::run(&module, 0, 0, &launch, &mut memory).unwrap_or_else(|e| panic!("reference: {e}"));
    [sim, read(&memory)]
}

/// Edge dwords and random ones: 16 per operand.
fn int_operands(seed: u64) -> [Vec<u32>; 3] {
    let edges = [0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff, 2, 0xffff, 0x1_0000];
    let mut rng = Rng::new(seed);
    std::array::from_fn(|k| {
        (0..16)
            .map(|i| if (i + k) % 2 == 0 { edges[(i + 3 * k) % 8] } else { rng.next_u64() as u32 })
            .collect()
    })
}

#[test]
fn madw_is_the_full_64_bit_product_plus_addend() {
    let mut checked = 0;
    for p in [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc] {
        let n = p.grf_bytes() / 4;
        for (op, signed) in [("umadw", false), ("smadw", true)] {
            let text = kernel(
                n,
                2 * n,
                &format!("declare <{w} x i32> @llvm.genx.{op}.v{w}i32.v{n}i32(<{n} x i32>, <{n} x i32>, <{n} x i32>)", w = 2 * n),
                &format!("  %o = call <{w} x i32> @llvm.genx.{op}.v{w}i32.v{n}i32(<{n} x i32> %a, <{n} x i32> %b, <{n} x i32> %c)", w = 2 * n),
            );
            for seed in 1..=3 {
                let [a, b, c] = int_operands(seed);
                for out in run(&text, p, [&a, &b, &c], 2 * n as usize) {
                    for i in 0..n as usize {
                        let want = if signed {
                            (i64::from(a[i] as i32) * i64::from(b[i] as i32) + i64::from(c[i] as i32)) as u64
                        } else {
                            u64::from(a[i]) * u64::from(b[i]) + u64::from(c[i])
                        };
                        let got = u64::from(out[i]) | u64::from(out[n as usize + i]) << 32;
                        assert_eq!(
                            got, want,
                            "{op} on {p:?} lane {i}: {:#x} * {:#x} + {:#x}",
                            a[i], b[i], c[i]
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    // (8 lanes on the three 32-byte-GRF parts, 16 on PVC) x 2 ops x 3 seeds x 2 executors
    assert_eq!(checked, (3 * 8 + 16) * 2 * 3 * 2);
}

/// Float operands: signed zeros, infinities, NaN, extremes, and ordinary values.
fn float_operands(seed: u64) -> [Vec<u32>; 3] {
    let edges: [f32; 8] = [0.0, -0.0, 1.5, -2.25, f32::INFINITY, f32::MAX, 3.0e-39, f32::NAN];
    let mut rng = Rng::new(seed);
    std::array::from_fn(|k| {
        (0..16)
            .map(|i| {
                let x = if (i * 3 + k) % 4 == 0 {
                    edges[(i + 5 * k) % 8]
                } else {
                    rng.float(-100.0, 100.0) as f32
                };
                x.to_bits()
            })
            .collect()
    })
}

/// Whether `got` (float bits) is `want` (any NaN for NaN).
fn same_float(got: u32, want: f32) -> bool {
    if want.is_nan() {
        f32::from_bits(got).is_nan()
    } else {
        got == want.to_bits()
    }
}

#[test]
fn gen9_dot_products_and_lrp_match_their_definitions() {
    let f = |x: u32| f64::from(f32::from_bits(x));
    let mut checked = 0;
    for (op, lanes, homogeneous) in
        [("dp2", 2, false), ("dp3", 3, false), ("dp4", 4, false), ("dph", 3, true)]
    {
        let text = kernel(
            16,
            16,
            &format!("declare <16 x float> @llvm.genx.{op}.v16f32(<16 x float>, <16 x float>)"),
            &format!(
                "  %r = call <16 x float> @llvm.genx.{op}.v16f32(<16 x float> %fa, <16 x float> %fb)
  %o = bitcast <16 x float> %r to <16 x i32>"
            ),
        );
        for seed in 1..=3 {
            let [a, b, c] = float_operands(seed);
            for out in run(&text, TargetPlatform::Skl, [&a, &b, &c], 16) {
                for i in 0..16 {
                    let g = i - i % 4;
                    let mut sum = f(a[g]) * f(b[g]);
                    for k in 1..lanes {
                        sum += f(a[g + k]) * f(b[g + k]);
                    }
                    if homogeneous {
                        sum += f(b[g + 3]);
                    }
                    assert!(
                        same_float(out[i], sum as f32),
                        "{op} lane {i}: {:e}, not {:e}",
                        f32::from_bits(out[i]),
                        sum
                    );
                    checked += 1;
                }
            }
        }
    }
    let lrp = kernel(
        16,
        16,
        "declare <16 x float> @llvm.genx.lrp.v16f32(<16 x float>, <16 x float>, <16 x float>)",
        "  %r = call <16 x float> @llvm.genx.lrp.v16f32(<16 x float> %fa, <16 x float> %fb, <16 x float> %fc)
  %o = bitcast <16 x float> %r to <16 x i32>",
    );
    for seed in 1..=3 {
        let [a, b, c] = float_operands(seed);
        for out in run(&lrp, TargetPlatform::Skl, [&a, &b, &c], 16) {
            for i in 0..16 {
                let want = (f(b[i]) * f(a[i]) + f(c[i]) * (1.0 - f(a[i]))) as f32;
                assert!(same_float(out[i], want), "lrp lane {i}: {:e}, not {want:e}", f32::from_bits(out[i]));
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 5 * 3 * 2 * 16);
}

#[test]
fn gen9_sad2_sums_pairs_of_absolute_differences() {
    let mut checked = 0;
    for (op, signed) in [("usad2", false), ("ssad2", true)] {
        // 16 bytes of each of %a and %b; the even lanes of the 16 words, widened
        let text = kernel(
            16,
            8,
            &format!("declare <16 x i16> @llvm.genx.{op}.v16i16.v16i8(<16 x i8>, <16 x i8>)"),
            &format!(
                "  %ab = bitcast <16 x i32> %a to <64 x i8>
  %bb = bitcast <16 x i32> %b to <64 x i8>
  %x = shufflevector <64 x i8> %ab, <64 x i8> undef, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %y = shufflevector <64 x i8> %bb, <64 x i8> undef, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %s = call <16 x i16> @llvm.genx.{op}.v16i16.v16i8(<16 x i8> %x, <16 x i8> %y)
  %e = shufflevector <16 x i16> %s, <16 x i16> undef, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  %o = zext <8 x i16> %e to <8 x i32>"
            ),
        );
        for seed in 1..=3 {
            let [mut a, mut b, c] = int_operands(seed);
            // the extremes of both byte types in the first dwords
            a[0] = 0x80ff_7f00;
            b[0] = 0x7f00_80ff;
            a[1] = 0xffff_0000;
            b[1] = 0x0000_ffff;
            let byte = |v: &[u32], k: usize| (v[k / 4] >> (8 * (k % 4))) as u8;
            let val = |x: u8| if signed { i32::from(x as i8) } else { i32::from(x) };
            for out in run(&text, TargetPlatform::Skl, [&a, &b, &c], 8) {
                for (j, got) in out.iter().enumerate() {
                    let d = |k: usize| (val(byte(&a, k)) - val(byte(&b, k))).abs();
                    let want = (d(2 * j) + d(2 * j + 1)) as u32;
                    assert_eq!(*got, want, "{op} pair {j}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 2 * 3 * 2 * 8);
}

#[test]
fn imad_gives_the_high_and_low_halves() {
    let mut checked = 0;
    for p in [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc] {
        for (op, signed) in [("uimad", false), ("simad", true)] {
            let text = kernel(
                16,
                16,
                &format!("declare {{ <8 x i32>, <8 x i32> }} @llvm.genx.{op}.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)"),
                &format!(
                    "  %a8 = shufflevector <16 x i32> %a, <16 x i32> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %b8 = shufflevector <16 x i32> %b, <16 x i32> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %c8 = shufflevector <16 x i32> %c, <16 x i32> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %p = call {{ <8 x i32>, <8 x i32> }} @llvm.genx.{op}.v8i32.v8i32(<8 x i32> %a8, <8 x i32> %b8, <8 x i32> %c8)
  %hi = extractvalue {{ <8 x i32>, <8 x i32> }} %p, 0
  %lo = extractvalue {{ <8 x i32>, <8 x i32> }} %p, 1
  %o = shufflevector <8 x i32> %lo, <8 x i32> %hi, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>"
                ),
            );
            for seed in 1..=3 {
                let [a, b, c] = int_operands(seed);
                for out in run(&text, p, [&a, &b, &c], 16) {
                    for i in 0..8 {
                        let want = if signed {
                            (i64::from(a[i] as i32) * i64::from(b[i] as i32) + i64::from(c[i] as i32)) as u64
                        } else {
                            u64::from(a[i]) * u64::from(b[i]) + u64::from(c[i])
                        };
                        let got = u64::from(out[i]) | u64::from(out[8 + i]) << 32;
                        assert_eq!(got, want, "{op} on {p:?} lane {i}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 4 * 2 * 3 * 2 * 8);
}

#[test]
fn gen9_line_is_p_times_x_plus_q() {
    // the coefficients are the first 4 floats of %c: p = c[0], q = c[3]
    let text = kernel(
        16,
        16,
        "declare <16 x float> @llvm.genx.line.v16f32(<4 x float>, <16 x float>)",
        "  %k = shufflevector <16 x float> %fc, <16 x float> undef, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %r = call <16 x float> @llvm.genx.line.v16f32(<4 x float> %k, <16 x float> %fa)
  %o = bitcast <16 x float> %r to <16 x i32>",
    );
    let f = |x: u32| f64::from(f32::from_bits(x));
    let mut checked = 0;
    for seed in 1..=3 {
        let [a, b, mut c] = float_operands(seed);
        if seed == 2 {
            // a zero slope with infinite inputs gives NaN; a negative zero offset keeps -0
            c[0] = 0f32.to_bits();
            c[3] = (-0f32).to_bits();
        }
        for out in run(&text, TargetPlatform::Skl, [&a, &b, &c], 16) {
            for i in 0..16 {
                let want = (f(c[0]) * f(a[i]) + f(c[3])) as f32;
                assert!(
                    same_float(out[i], want),
                    "line lane {i}: {:e}, not {want:e}",
                    f32::from_bits(out[i])
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 3 * 2 * 16);
}

#[test]
fn plane_is_p_u_plus_q_v_plus_r_on_every_platform() {
    // u and v the halves of %a's 16 floats; p, q, r the first, second and fourth of %c
    let text = kernel(
        16,
        8,
        "declare <8 x float> @llvm.genx.pln.v8f32.v16f32(<4 x float>, <16 x float>)",
        "  %k = shufflevector <16 x float> %fc, <16 x float> undef, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %r = call <8 x float> @llvm.genx.pln.v8f32.v16f32(<4 x float> %k, <16 x float> %fa)
  %o = bitcast <8 x float> %r to <8 x i32>",
    );
    let f = |x: u32| f64::from(f32::from_bits(x));
    let mut checked = 0;
    for p in [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc] {
        for seed in 1..=3 {
            let [a, b, c] = float_operands(seed);
            for out in run(&text, p, [&a, &b, &c], 8) {
                for i in 0..8 {
                    let want = (f(c[0]) * f(a[i]) + f(c[1]) * f(a[8 + i]) + f(c[3])) as f32;
                    assert!(
                        same_float(out[i], want),
                        "pln on {p:?} lane {i}: {:e}, not {want:e}",
                        f32::from_bits(out[i])
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 4 * 3 * 2 * 8);
}
