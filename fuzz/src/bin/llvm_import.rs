//! Fuzz target: arbitrary bytes as an LLVM IR text input through genxc's front end, validation, import and `genx.kernels` checks.
//! Any panic is a bug; errors are the expected outcome for most inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // LLVM 14's bitcode reader aborts the process (report_fatal_error) on some malformed bitcode,
    // which no in-process caller can recover from; the `genxc` command reports it through LLVM's
    // fatal error handler (docs/fuzzing.md). Fuzz the text path, where genxc guards LLVM.
    if genxc_frontend::llvm::is_bitcode(data) {
        return;
    }
    let opts = genxc::CompileOptions { emit: genxc::Emit::Metadata.into(), jobs: 1, ..Default::default() };
    let input = genxc::Input { name: "fuzz.ll".into(), bytes: data.to_vec() };
    let out = genxc::compile_inputs(&[input], &opts);
    // Failed compilations produce no file; successful ones produce kernels.json.
    assert_eq!(out.failed(), out.outputs.is_empty(), "{:?}", out.diagnostics);
});
