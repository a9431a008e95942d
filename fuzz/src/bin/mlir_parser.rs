//! Fuzz target: arbitrary bytes as an MLIR text input through genxc's MLIR parser, its conversion to
//! LLVM IR and LLVM's reading of that IR (`--emit llvm`). Any panic is a bug; errors are the
//! expected outcome for most inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let opts = genxc::CompileOptions { emit: genxc::Emit::Llvm.into(), jobs: 1, ..Default::default() };
    let input = genxc::Input { name: "fuzz.mlir".into(), bytes: data.to_vec() };
    let out = genxc::compile_inputs(&[input], &opts);
    // A failed compilation writes nothing.
    assert!(!out.failed() || out.outputs.is_empty(), "{:?}", out.diagnostics);
});
