//! Diagnostic kinds: what genxc refuses comes back through the library API with the kind of the
//! refusal (invalid input, unsupported construct, not available on the platform) as a field, not
//! only as words in the text, and the text printed from that kind is the one users have always read.

use genxc::genxc_diag::Kind;
use genxc::{compile_bytes, CompileOptions};
use std::path::Path;

/// Fixture (under `tests/fixtures`), compile options, the kind of one of its errors and that
/// error's printed text.
const CASES: &[(&str, &str, Kind, &str)] = &[
    (
        "builtins/fp64/double_frem.ll",
        "-platform tgllp",
        Kind::NotAvailable,
        "double_frem.ll:24:3: error: in function @k, instruction %r: double precision arithmetic is not available on tgllp",
    ),
    (
        "refusals/lsc_load.ll",
        "-platform tgllp",
        Kind::NotAvailable,
        "lsc_load.ll:9:3: error: in function @lsc, instruction %v: llvm.genx.lsc.load.stateless is not available on tgllp (LSC messages need DG2, MTL or PVC)",
    ),
    (
        "bad/inst_atomicrmw.ll",
        "-platform tgllp",
        Kind::Unsupported,
        "inst_atomicrmw.ll:6:3: error: in function @bump, instruction %old: unsupported: atomicrmw instruction",
    ),
    (
        "bad/simdcf_em_and_before_join.ll",
        "-platform tgllp",
        Kind::Unsupported,
        "simdcf_em_and_before_join.ll:24:3: error: in function @k, instruction %j: unsupported: llvm.genx.simdcf.join \
         that does not start its block (only phis may come before it, one join per block, not in the entry block)",
    ),
    (
        "bad/fn_kernel_called.ll",
        "-platform tgllp",
        Kind::Invalid,
        "fn_kernel_called.ll:6:3: error: in function @sub, instruction call void @k(i32 %a): a kernel cannot be called: @k",
    ),
    (
        "mlir-bad/math_tanh_unsupported.mlir",
        "-emit llvm",
        Kind::Unsupported,
        "math_tanh_unsupported.mlir:3:8: error: 'math.tanh': unsupported: math.tanh has no LLVM intrinsic (convert-math-to-llvm does not lower it either)",
    ),
    (
        "mlir-bad/undefined_callee.mlir",
        "-emit llvm",
        Kind::Invalid,
        "undefined_callee.mlir:2:8: error: 'func.call': call to undefined function @nothere",
    ),
];

#[test]
fn each_refusal_carries_its_kind_and_prints_as_before() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for (fixture, options, kind, text) in CASES {
        let bytes = std::fs::read(root.join(fixture)).unwrap();
        let name = fixture.rsplit('/').next().unwrap();
        let outcome = compile_bytes(name, &bytes, &CompileOptions::parse(options).unwrap());
        assert!(outcome.failed() && outcome.outputs.is_empty(), "{fixture} {options}");
        let Some(d) = outcome.diagnostics.iter().find(|d| d.to_string() == *text) else {
            panic!("{fixture} {options}: expected\n{text}\namong\n{}", outcome.log())
        };
        assert_eq!(d.kind, *kind, "{fixture} {options}: {d}");
        // The kind's words are printed from the kind: the message does not hold them.
        assert!(!d.message.starts_with(kind.prefix()) || kind.prefix().is_empty(), "{d:?}");
    }
}
