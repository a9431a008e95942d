//! Fuzz target: arbitrary bytes as an LLVM IR input (`.ll` text or `.bc` bitcode, chosen by the
//! bytes themselves) through genxc's front end, validation, import and `genx.kernels` checks.
//! Any panic is a bug; errors are the expected outcome for most inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let opts = genxc::Options { emit: genxc::Emit::Metadata, jobs: 1, ..Default::default() };
    let input = genxc::Input { name: "fuzz.ll".into(), bytes: data.to_vec() };
    let out = genxc::compile(&[input], &opts);
    // Failed compilations produce no file; successful ones produce kernels.json.
    assert_eq!(out.failed(), out.files.is_empty(), "{:?}", out.diagnostics);
});
