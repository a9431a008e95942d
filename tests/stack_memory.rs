//! Stack calls through private stack memory with known answers: the fixtures compiled for SKL,
//! TGLLP, DG2 and PVC run in the simulator and must write what the kernels mean, computed here on
//! the host (the differential test checks them against the reference interpreter, which runs the
//! same rewritten IR; this checks the rewrite itself: arguments past `%arg` on the stack,
//! recursion with a frame per level and addresses of frames passed down). The stack memory
//! kernels of `tests/fixtures/memory` have their models in tests/memory_models.rs.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{svm_base, Fill, Launch};
use genxc_sim::memory::{BufferKind, Memory};

const PLATFORMS: [TargetPlatform; 4] =
    [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc];
/// Thread groups of every launch (one thread each).
const GROUPS: u32 = 4;

/// Runs `kernel` of `fixture` compiled for `platform` on a launch of small random words; gives
/// the memory before and after.
fn run(fixture: &str, kernel: &str, platform: TargetPlatform) -> (Memory, Memory) {
    let opts = CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let out = genxc::compile_inputs(&[common::input(fixture)], &opts);
    assert!(!out.failed(), "{fixture} on {platform:?}: {}", out.log());
    let text = out.visaasm_of(kernel).unwrap_or_else(|| panic!("{fixture}: no vISA of {kernel}"));
    let kernels = genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{kernel}: {e}"));
    let specs = exec::arg_specs(&kernels[0]);
    let (launch, mut memory) =
        Launch::random_filled(&specs, 7, 0, [GROUPS, 1, 1], [1, 1, 1], 0, Fill::SmallIntegers);
    let before = memory.clone();
    exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("{kernel} on {platform:?}: {e}"));
    (before, memory)
}

/// The dwords of the `k`-th pointer argument's buffer.
fn words(m: &Memory, k: usize) -> Vec<u32> {
    let b = m
        .buffers
        .iter()
        .find(|b| b.kind == BufferKind::Svm { base: svm_base(k) })
        .unwrap_or_else(|| panic!("no buffer of pointer argument {k}"));
    b.bytes.data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[test]
fn arguments_past_arg_go_on_the_stack() {
    for platform in PLATFORMS {
        let (before, after) = run("calls/stack_args_memory.ll", "stack_args", platform);
        let (input, out) = (words(&before, 0), words(&after, 1));
        for g in 0..GROUPS {
            for l in 0..8usize {
                let want = input[l].wrapping_add(input[256 + 248 + l].wrapping_mul(g + 3));
                assert_eq!(out[g as usize * 8 + l], want, "{platform:?} group {g} lane {l}");
            }
        }
    }
}

#[test]
fn recursion_with_a_frame_per_level() {
    for platform in PLATFORMS {
        let (before, after) = run("calls/stack_recursion_memory.ll", "recursion", platform);
        let (input, out) = (words(&before, 0), words(&after, 1));
        for g in 0..GROUPS as usize {
            let n = input[g] & 15;
            assert_eq!(out[g], n * (n + 1) / 2, "{platform:?} group {g} (n = {n})");
        }
    }
}
