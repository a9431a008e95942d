//! Random valid kernels, executed: a proptest generates kernels with the valid-kernel generator
//! (`fuzz/src/valid.rs`, included by path), compiles each for the platform it names, runs genxc's
//! vISA in the simulator and the input in the reference interpreter, and requires equal memories
//! (`fuzz/src/oracle.rs`). A compile error of a generated kernel is a failure too: every kernel
//! the generator makes is valid.
//!
//! 500 kernels per run (`GENXC_PROPTEST_CASES` overrides), from a fixed seed so a run is
//! reproducible; a failure is shrunk to a small byte string and reported with its kernel text.

#[path = "../fuzz/src/gen.rs"]
#[allow(dead_code)]
mod gen;
#[path = "../fuzz/src/oracle.rs"]
mod oracle;
#[path = "../fuzz/src/valid.rs"]
#[allow(dead_code)]
mod valid;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};

/// Kernels per run.
fn cases() -> u32 {
    std::env::var("GENXC_PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(500)
}

#[test]
fn random_kernels_agree_with_their_input() {
    let config = Config { cases: cases(), failure_persistence: None, ..Config::default() };
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let bytes = proptest::collection::vec(any::<u8>(), 16..400);
    let result = runner.run(&(bytes, 0u64..1000), |(bytes, seed)| {
        let kernel = valid::valid_kernel(&bytes);
        oracle::check(&kernel, seed).map_err(|f| TestCaseError::fail(format!("{}: {f}", kernel.platform)))
    });
    match result {
        Ok(()) => {}
        Err(TestError::Fail(why, (bytes, seed))) => {
            let kernel = valid::valid_kernel(&bytes);
            panic!("{why}\nseed {seed}, bytes {bytes:?}\n{}", kernel.text);
        }
        Err(e) => panic!("{e}"),
    }
}

/// The oracle is not blind: generated kernels compiled with their vector `add`s turned into
/// `sub`s, checked against the unchanged input, must (for some of them) leave different memory.
#[test]
fn a_changed_kernel_differs() {
    let mut differ = 0;
    for i in 0..40u8 {
        let bytes: Vec<u8> =
            (0..200u32).map(|j| (j as u8).wrapping_mul(31).wrapping_add(i.wrapping_mul(7))).collect();
        let kernel = valid::valid_kernel(&bytes);
        if !kernel.text.contains(" = add <") {
            continue;
        }
        let changed =
            valid::ValidKernel { text: kernel.text.replace(" = add <", " = sub <"), ..kernel.clone() };
        if oracle::check_against(&changed, &kernel, 1).is_err() {
            differ += 1;
        }
    }
    assert!(differ > 0, "no changed kernel was caught");
}
