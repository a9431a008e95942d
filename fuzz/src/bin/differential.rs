//! Fuzz target: differential execution of valid kernels ([`genxc_fuzz::valid`]). The bytes choose
//! a kernel whose behaviour is fully defined and a platform among SKL, TGLLP, DG2 and PVC (and
//! the launch's seed); genxc compiles it to `.visaasm`, the simulator runs that, the reference
//! interpreter runs the input, and the memories must agree ([`genxc_fuzz::oracle`]). Any failure
//! panics: a compile error, an executor that stops, or a difference is a bug in genxc, in an
//! executor or in the generator (see docs/fuzzing.md for how to tell which).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let seed = data.first().map_or(0, |&b| u64::from(b));
    let kernel = genxc_fuzz::valid::valid_kernel(data.get(1..).unwrap_or_default());
    if let Err(f) = genxc_fuzz::oracle::check(&kernel, seed) {
        panic!("{} (seed {seed}): {f}\n{}", kernel.platform, kernel.text);
    }
});
