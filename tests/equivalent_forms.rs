//! Kernels that genxc must first rewrite (SIMD control flow shapes it conforms by moving code, and
//! other forms the LLVM-level preparation takes) are checked against a twin written by hand in
//! the form genxc takes as it is: in a fixture, the kernel `K_conformant` is `K`'s twin. Both are
//! compiled for SKL, TGLLP, DG2 and PVC and run in the simulator on the same launches; they must
//! leave the same memory. The reference interpreter cannot judge such a rewrite (it reads the
//! module after it), the twin can.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{Fill, Launch};
use genxc_sim::memory::compare;

/// The fixtures holding twins.
const FIXTURES: &[&str] = &[
    "kernels/simdcf_shapes.ll",
    "kernels/simdcf_source.ll",
    "kernels/simdcf_em_global.ll",
    "simdcf/em_as_data.ll",
    "intrinsics/untyped_atomics.ll",
    "intrinsics/svm_scaled4.ll",
    "kernels/select_common_term.ll",
    "twins/lane_folds.ll",
];
/// The suffix of a twin's name.
const TWIN: &str = "_conformant";
/// Platforms each pair is compiled for.
const PLATFORMS: [TargetPlatform; 4] =
    [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc];

/// Mixed data, except for loops that count their data down (small integers, so that they end).
fn fill(kernel: &str) -> Fill {
    if kernel.contains("dowhile") {
        Fill::SmallIntegers
    } else {
        Fill::Mixed
    }
}

#[test]
fn every_kernel_leaves_the_memory_its_twin_leaves() {
    let mut pairs = 0;
    for fixture in FIXTURES {
        let input = common::input(fixture);
        for platform in PLATFORMS {
            let opts =
                CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
            let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
            assert!(!outcome.failed(), "{fixture} on {platform:?}: {}", outcome.log());
            let module = genxc::import(&input, platform).expect("imports");
            for kernel in &module.kernels {
                let Some(original) = kernel.name.strip_suffix(TWIN) else { continue };
                let read = |name: &str| {
                    let text = outcome.visaasm_of(name).unwrap_or_else(|| panic!("no vISA of {name}"));
                    genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{name}: {e}"))
                };
                let (twin, rewritten) = (read(&kernel.name), read(original));
                let specs = exec::arg_specs(&twin[0]);
                assert_eq!(
                    exec::arg_specs(&rewritten[0]),
                    specs,
                    "{original}: arguments differ from its twin's"
                );
                let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
                for seed in 1..=4 {
                    let run = |kernels: &[genxc_visa::Kernel]| {
                        let (launch, mut memory) =
                            Launch::random_filled(&specs, seed, 0, [4, 1, 1], [1, 1, 1], 0, fill(original));
                        exec::run(kernels, &config, &launch, &mut memory)
                            .unwrap_or_else(|e| panic!("{original} on {platform:?}: {e}"));
                        memory
                    };
                    let (expected, got) = (run(&twin), run(&rewritten));
                    if let Err(d) = compare(&expected, &got) {
                        panic!(
                            "{fixture} {original} on {platform:?}, seed {seed}: differs from its twin: {d}"
                        );
                    }
                }
                pairs += 1;
            }
        }
    }
    assert!(pairs >= 44, "only {pairs} kernel/platform pairs ran");
}
