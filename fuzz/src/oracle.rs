//! The differential oracle for valid kernels ([`super::valid`]): a kernel is compiled by genxc to
//! `.visaasm`, read back and run in the vISA simulator (`genxc_sim::exec`), its input is imported
//! and run in the reference interpreter (`genxc_sim::reference`) on the same launch, and the two
//! memories must agree byte for byte. Any other outcome (a compile error, a run that stops, a
//! difference) is a failure with a message saying which side it came from.
//!
//! Shared by the `differential` fuzz target and `tests/random_kernels.rs` (included by path).

use super::valid::{ValidKernel, MAX_THREADS};
use genxc::{CompileOptions, Input};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;
use genxc_sim::memory::compare;
use genxc_sim::reference;

/// Thread groups of every launch (x, y, z).
pub const GROUPS: [u32; 3] = [2, 2, 1];
/// Threads per group of every launch (x, y, z); with [`GROUPS`], [`MAX_THREADS`] threads.
pub const GROUP_SIZE: [u32; 3] = [2, 1, 1];

/// Why a valid kernel failed the check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// genxc did not compile it (every generated kernel is valid, so this is a genxc failure).
    Compile(String),
    /// genxc's vISA could not be read, or its arguments differ from the input's.
    Visa(String),
    /// The reference interpreter stopped (a construct it does not model, or an error).
    Reference(String),
    /// The simulator stopped on genxc's vISA.
    Simulator(String),
    /// Both ran and left different memory.
    Differ(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Compile(s) => write!(f, "genxc failed: {s}"),
            Failure::Visa(s) => write!(f, "genxc's vISA: {s}"),
            Failure::Reference(s) => write!(f, "reference interpreter stopped: {s}"),
            Failure::Simulator(s) => write!(f, "simulator stopped: {s}"),
            Failure::Differ(s) => write!(f, "memories differ: {s}"),
        }
    }
}

/// Compiles, simulates and interprets `kernel` on a launch filled from `seed`.
pub fn check(kernel: &ValidKernel, seed: u64) -> Result<(), Failure> {
    check_against(kernel, kernel, seed)
}

/// Compiles and simulates `kernel`, interprets `input` (the same kernel, or one changed to show
/// the oracle catches a change), on a launch filled from `seed`.
pub fn check_against(kernel: &ValidKernel, input: &ValidKernel, seed: u64) -> Result<(), Failure> {
    debug_assert_eq!(GROUPS.iter().chain(&GROUP_SIZE).product::<u32>(), MAX_THREADS);
    let opts = CompileOptions::parse(&format!("-platform {} -emit visaasm", kernel.platform))
        .map_err(|e| Failure::Compile(format!("options: {e:?}")))?;
    let outcome = genxc::compile_bytes("k.ll", kernel.text.as_bytes(), &opts);
    if outcome.failed() {
        return Err(Failure::Compile(outcome.log()));
    }
    let text = outcome.visaasm_of("k").ok_or_else(|| Failure::Visa("no vISA of kernel k".into()))?;
    let kernels = genxc_visa::read_text(text).map_err(|e| Failure::Visa(format!("reading: {e}")))?;
    let input = Input { name: "k.ll".into(), bytes: input.text.as_bytes().to_vec() };
    let module =
        genxc::import(&input, opts.platform).map_err(|ds| Failure::Compile(format!("import: {ds:?}")))?;
    let specs = reference::arg_specs(&module, 0);
    let got = kernels.first().map(exec::arg_specs).unwrap_or_default();
    if got != specs {
        return Err(Failure::Visa(format!("arguments {got:?}, input has {specs:?}")));
    }
    // Both runs start from the same memory (one fill, cloned: filling is the slow part).
    let (launch, mut expected) = Launch::random(&specs, seed, 0, GROUPS, GROUP_SIZE, 0);
    let mut actual = expected.clone();
    reference::run(&module, 0, 0, &launch, &mut expected).map_err(|e| Failure::Reference(e.to_string()))?;
    let config = Config { grf_bytes: opts.platform.grf_bytes(), bti_base: 0 };
    exec::run(&kernels, &config, &launch, &mut actual).map_err(|e| Failure::Simulator(e.to_string()))?;
    compare(&expected, &actual).map_err(|d| Failure::Differ(d.to_string()))
}
