//! Fuzz target: arbitrary bytes as a SPIR-V module (the magic number is put first so most inputs
//! reach the reader) through genxc's SPIR-V reader, the rebuilt LLVM module's verification,
//! import and `genx.kernels` checks. Any panic is a bug; errors are the expected outcome for most
//! inputs, and every error names the word offset of the instruction at fault or the module.
//! When the last byte has its high bit set (never in a well-formed module, whose last word is
//! OpFunctionEnd), the specialization constant with SpecId `last & 3` is also given the value of
//! the 4 bytes before it, so given values reach the reading of specialization constants and the
//! constant expressions built on them.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = 0x0723_0203u32.to_le_bytes().to_vec();
    bytes.extend_from_slice(data);
    let spec_constants = match data {
        [.., a, b, c, d, last] if last & 0x80 != 0 => {
            vec![(u32::from(last & 3), i32::from_le_bytes([*a, *b, *c, *d]).to_string())]
        }
        _ => Vec::new(),
    };
    let opts = genxc::CompileOptions {
        emit: genxc::Emit::Metadata.into(),
        jobs: 1,
        spec_constants,
        ..Default::default()
    };
    let input = genxc::Input { name: "fuzz.spv".into(), bytes };
    let out = genxc::compile_inputs(&[input], &opts);
    assert_eq!(out.failed(), out.outputs.is_empty(), "{:?}", out.diagnostics);
});
