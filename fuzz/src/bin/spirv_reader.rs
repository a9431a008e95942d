//! Fuzz target: arbitrary bytes as a SPIR-V module (the magic number is put first so most inputs
//! reach the reader) through genxc's SPIR-V reader, the rebuilt LLVM module's verification,
//! import and `genx.kernels` checks. Any panic is a bug; errors are the expected outcome for most
//! inputs, and every error names the word offset of the instruction at fault or the module.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = 0x0723_0203u32.to_le_bytes().to_vec();
    bytes.extend_from_slice(data);
    let opts = genxc::CompileOptions { emit: genxc::Emit::Metadata.into(), jobs: 1, ..Default::default() };
    let input = genxc::Input { name: "fuzz.spv".into(), bytes };
    let out = genxc::compile_inputs(&[input], &opts);
    assert_eq!(out.failed(), out.outputs.is_empty(), "{:?}", out.diagnostics);
});
