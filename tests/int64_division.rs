//! 64-bit division and remainder (`udiv`, `urem`, `sdiv`, `srem`) run in the simulator over edge
//! values (0, 1, -1, `i64::MIN`, `i64::MAX`, `u64::MAX`, powers of two and their neighbours) and
//! random operands of every magnitude, against Rust's own 64-bit arithmetic, on SKL, TGLLP, DG2
//! and PVC, for scalars and vectors narrower and wider than one piece of the expansion. genxc
//! expands every such division (vISA `div`/`mod` take no 64-bit operands) into a call of a
//! subroutine looping over the quotient's bits: this checks the loop, its lanes and its sign and
//! remainder arithmetic around the call, end to end through selection.

mod common;

use common::{visa_of_k, Rng, ONE_BUFFER_KERNEL_METADATA};
use genxc::TargetPlatform;
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;

/// Bytes of each region of the buffer: the dividends, the divisors, then the four results.
const REGION: usize = 8 * 1024;

/// The operations, in the order of their result regions.
const OPS: [&str; 4] = ["udiv", "urem", "sdiv", "srem"];

/// The platforms: those emulating 64-bit integers (TGLLP, DG2) and those with a 64-bit ALU.
const PLATFORMS: [TargetPlatform; 4] =
    [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc];

/// A kernel: group g reads `lanes` dividends and divisors at its place in the first two regions
/// and writes the four operations' results in the next four. With `scalar`, the lanes (two) are
/// divided one at a time as scalars.
fn kernel(lanes: usize, scalar: bool) -> String {
    let n = lanes;
    let ow = n * 8 / 16;
    let mut body = String::new();
    for (i, op) in OPS.iter().enumerate() {
        if scalar {
            let mut acc = "undef".to_string();
            for l in 0..n {
                let to = if l + 1 == n { op.to_string() } else { format!("{op}v{l}") };
                body.push_str(&format!(
                    "  %{op}{l} = {op} i64 %a{l}, %b{l}\n  %{to} = insertelement <{n} x i64> {acc}, i64 %{op}{l}, i32 {l}\n"
                ));
                acc = format!("%{to}");
            }
        } else {
            body.push_str(&format!("  %{op} = {op} <{n} x i64> %a, %b\n"));
        }
        body.push_str(&format!(
            "  %o{op} = add i32 %og, {}\n  call void @llvm.genx.oword.st.v{n}i64(i32 %buf, i32 %o{op}, <{n} x i64> %{op})\n",
            (i + 2) * REGION / 16
        ));
    }
    let mut extract = String::new();
    if scalar {
        for l in 0..n {
            extract.push_str(&format!(
                "  %a{l} = extractelement <{n} x i64> %a, i32 {l}\n  %b{l} = extractelement <{n} x i64> %b, i32 {l}\n"
            ));
        }
    }
    format!(
        "target triple = \"genx64-unknown-unknown\"

declare <{n} x i64> @llvm.genx.oword.ld.v{n}i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v{n}i64(i32, i32, <{n} x i64>)
declare i32 @llvm.genx.group.id.x()

define dllexport spir_kernel void @k(i32 %buf) #0 {{
entry:
  %g = call i32 @llvm.genx.group.id.x()
  %og = mul i32 %g, {ow}
  %ob = add i32 %og, {b_at}
  %a = call <{n} x i64> @llvm.genx.oword.ld.v{n}i64(i32 0, i32 %buf, i32 %og)
  %b = call <{n} x i64> @llvm.genx.oword.ld.v{n}i64(i32 0, i32 %buf, i32 %ob)
{extract}{body}  ret void
}}

{ONE_BUFFER_KERNEL_METADATA}
",
        b_at = REGION / 16,
    )
}

/// Rust's results of the four operations (signed ones wrapping: `i64::MIN / -1` is `i64::MIN`).
fn reference(a: u64, b: u64) -> [u64; 4] {
    let (sa, sb) = (a as i64, b as i64);
    [a / b, a % b, sa.wrapping_div(sb) as u64, sa.wrapping_rem(sb) as u64]
}

/// The operand pairs: every pair of edge values (divisors not zero), then random operands whose
/// magnitudes spread over every width.
fn pairs() -> Vec<(u64, u64)> {
    let edges = [
        0u64,
        1,
        2,
        3,
        7,
        u64::MAX,
        u64::MAX - 1,
        1 << 63,
        (1 << 63) - 1,
        (1 << 63) + 1,
        1 << 32,
        (1 << 32) - 1,
        (1 << 32) + 1,
        1 << 31,
        1_000_000_007,
        (-1_000_000_007i64) as u64,
    ];
    let mut out = Vec::new();
    for &a in &edges {
        for &b in edges.iter().filter(|&&b| b != 0) {
            out.push((a, b));
        }
    }
    let mut rng = Rng(0xd1f64);
    while out.len() < 512 {
        let (x, y) = (rng.next(), rng.next());
        let (a, b) = (x >> (y % 64), y >> (x % 64));
        // a negative operand now and then, and a dividend a multiple of the divisor
        let b = if x % 5 == 0 { b.wrapping_neg() } else { b };
        let a = if y % 7 == 0 { b.wrapping_mul(x % 1000) } else { a };
        if b != 0 {
            out.push((a, b));
        }
    }
    out
}

/// Runs the kernel of `lanes` (`scalar`: divided lane by lane) on `platform` over `rows`: the four
/// results of each row.
fn run(
    lanes: usize,
    scalar: bool,
    rows: &[(u64, u64)],
    platform: TargetPlatform,
) -> Result<Vec<[u64; 4]>, String> {
    let visa = visa_of_k(&kernel(lanes, scalar), platform)?;
    let kernels = genxc_visa::read_text(&visa).map_err(|err| format!("{err:?}"))?;
    let per_run = REGION / 8 / lanes * lanes;
    let mut out = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(per_run) {
        let groups = chunk.len().div_ceil(lanes) as u32;
        let (launch, mut memory) =
            Launch::random(&exec::arg_specs(&kernels[0]), 1, 0, [groups, 1, 1], [1, 1, 1], 0);
        let data = &mut memory.buffers[0].bytes.data;
        for (i, &(a, b)) in chunk.iter().enumerate() {
            data[8 * i..8 * i + 8].copy_from_slice(&a.to_le_bytes());
            data[REGION + 8 * i..REGION + 8 * i + 8].copy_from_slice(&b.to_le_bytes());
        }
        // the rows past the chunk's end in its last group divide by 1
        for i in chunk.len()..groups as usize * lanes {
            data[REGION + 8 * i..REGION + 8 * i + 8].copy_from_slice(&1u64.to_le_bytes());
        }
        exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
            .map_err(|err| format!("simulator: {err}"))?;
        let data = &memory.buffers[0].bytes.data;
        for i in 0..chunk.len() {
            let word = |r: usize| {
                let at = (r + 2) * REGION + 8 * i;
                u64::from_le_bytes(data[at..at + 8].try_into().unwrap_or([0; 8]))
            };
            out.push([word(0), word(1), word(2), word(3)]);
        }
    }
    Ok(out)
}

#[test]
fn sixty_four_bit_division_matches_rust_arithmetic_in_the_simulator() {
    let rows = pairs();
    let mut failures = String::new();
    for platform in PLATFORMS {
        for (lanes, scalar) in [(2, true), (4, false), (16, false)] {
            let got = match run(lanes, scalar, &rows, platform) {
                Ok(got) => got,
                Err(err) => {
                    failures.push_str(&format!("{platform:?} {lanes} lanes: {err}\n"));
                    continue;
                }
            };
            for (&(a, b), got) in rows.iter().zip(&got) {
                let want = reference(a, b);
                for (op, (w, g)) in OPS.iter().zip(want.iter().zip(got)) {
                    if w != g && failures.len() < 4000 {
                        failures.push_str(&format!(
                            "{platform:?} {lanes} lanes{}: {op} {a:#x}, {b:#x} = {g:#x}, want {w:#x}\n",
                            if scalar { " (scalars)" } else { "" }
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
}
