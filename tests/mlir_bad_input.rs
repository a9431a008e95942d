//! Bad MLIR input: each fixture of `tests/fixtures/mlir-bad/` makes `genxc` exit with status 1,
//! print exactly the expected diagnostic (at `file:line:col` where there is a position) and write
//! no output file. The parser is also fed random and truncated text and must never panic.

use proptest::prelude::*;
use std::path::Path;
use std::process::Command;

/// Fixture and the first line genxc prints for it.
const CASES: &[(&str, &str)] = &[
    ("unknown_op.mlir", "unknown_op.mlir:2:8: error: unknown operation 'arith.frobnicate' (write it in the generic form \"arith.frobnicate\"(...))"),
    ("bad_type.mlir", "bad_type.mlir:1:18: error: unknown type 'i33x'"),
    ("unterminated_region.mlir", "unterminated_region.mlir:1:30: error: unterminated region: missing '}'"),
    ("recursive_alias.mlir", "recursive_alias.mlir:1:6: error: undefined type alias '!b'"),
    ("deep_nesting.mlir", "deep_nesting.mlir:129:14: error: limit exceeded: brackets nested more than 256 deep"),
    ("deep_type.mlir", "deep_type.mlir:1:1817: error: limit exceeded: brackets nested more than 256 deep"),
    ("undefined_value.mlir", "undefined_value.mlir:2:23: error: use of undeclared SSA value '%c'"),
    ("undefined_block.mlir", "undefined_block.mlir:2:9: error: reference to an undefined block '^nowhere'"),
    ("type_mismatch.mlir", "type_mismatch.mlir:2:19: error: use of value '%a' expects type i64, but it has type i32"),
    ("redefinition.mlir", "redefinition.mlir:3:3: error: redefinition of SSA value '%a'"),
    ("bad_string.mlir", "bad_string.mlir:2:27: error: expected an attribute, found an unterminated string"),
    ("math_tanh.mlir", "math_tanh.mlir:2:18: error: use of undeclared SSA value '%y'"),
    ("math_tanh_unsupported.mlir", "math_tanh_unsupported.mlir:3:8: error: 'math.tanh': unsupported: math.tanh has no LLVM intrinsic (convert-math-to-llvm does not lower it either)"),
    ("undefined_callee.mlir", "undefined_callee.mlir:2:8: error: 'func.call': call to undefined function @nothere"),
    ("tensor_arg.mlir", "tensor_arg.mlir:1:1: error: unsupported: tensor type tensor<4xf32>: tensors cannot be converted to the LLVM dialect, bufferize first"),
    ("not_utf8.mlir", "error: not_utf8.mlir: not MLIR text: the file is not UTF-8"),
    ("scf_yield_count.mlir", "scf_yield_count.mlir:4:8: error: 'scf.for': scf.yield gives 0 values to an scf.for of 1 results"),
    ("scf_iter_types.mlir", "scf_iter_types.mlir:4:71: error: 2 iteration arguments but 1 types"),
    ("scf_while_condition.mlir", "scf_while_condition.mlir:2:8: error: 'scf.while': the before region of an scf.while ends with scf.condition"),
    ("scf_switch_duplicate.mlir", "scf_switch_duplicate.mlir:6:8: error: case value 2 appears twice"),
    ("scf_reduce_count.mlir", "scf_reduce_count.mlir:4:8: error: 'scf.parallel': scf.reduce gives 0 values (0 regions) to an scf.parallel of 1 results"),
    ("vector_print_punctuation.mlir", "vector_print_punctuation.mlir:2:38: error: unknown punctuation 'semicolon' (no_punctuation, newline, comma, open or close)"),
    ("vector_print_kernel.mlir", "vector_print_kernel.mlir:3:3: error: 'vector.print': unsupported: vector.print in a GPU kernel: the MLIR runner utilities library it calls runs on the host"),
    ("small_float.mlir", "small_float.mlir:1:18: error: unsupported: the float type 'f4E2M1FN': LLVM 14 has no type to hold it"),
    ("scalable_arith.mlir", "scalable_arith.mlir:2:8: error: 'arith.addi': unsupported: arith.addi on scalable vectors is not modeled (only LLVM-dialect operations, calls and returns carry them)"),
    ("blockaddress_tag.mlir", "blockaddress_tag.mlir:2:8: error: 'llvm.blockaddress': no block of @f carries the block tag 9"),
    ("module_flag_min.mlir", "module_flag_min.mlir:1:1: error: unsupported: module flag behavior 'min': LLVM 14 has none (it came with LLVM 15)"),
    ("atomic_alignment.mlir", "atomic_alignment.mlir:2:8: error: 'llvm.load': an atomic llvm.load needs an alignment"),
    ("dso_local_forward.mlir", "dso_local_forward.mlir:2:8: error: 'llvm.dso_local_equivalent': unsupported: llvm.dso_local_equivalent of @f before @f is defined (LLVM 14 cannot read that forward reference)"),
    ("call_bundle.mlir", "call_bundle.mlir:3:20: error: unsupported: operand bundles on a call"),
    ("fence_ordering.mlir", "fence_ordering.mlir:2:14: error: a fence cannot be 'monotonic' (acquire, release, acq_rel or seq_cst)"),
];

#[test]
fn bad_mlir_is_reported_at_its_position_and_writes_nothing() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mlir-bad");
    for (file, want) in CASES {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        for emit in ["llvm", "visaasm"] {
            let o = Command::new(env!("CARGO_BIN_EXE_genxc"))
                .current_dir(&dir)
                .args([file, "--emit", emit, "-o"])
                .arg(&out)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(1), "{file}: {stderr}");
            assert_eq!(stderr.lines().next().unwrap_or(""), *want, "{file}");
            let written = std::fs::read_dir(&out).map(|d| d.count()).unwrap_or(0);
            assert_eq!(written, 0, "{file}: output written");
        }
    }
}

fn corpus() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut v = Vec::new();
    for d in ["mlir", "mlir-genx"] {
        for e in std::fs::read_dir(root.join(d)).unwrap().flatten() {
            if e.path().extension().is_some_and(|x| x == "mlir") {
                v.push(std::fs::read_to_string(e.path()).unwrap());
            }
        }
    }
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Truncating or corrupting a valid program gives a diagnostic or a module, never a panic.
    #[test]
    fn mutated_programs_never_panic(pick in 0usize..1000, cut in 0.0f64..1.0, pos in 0.0f64..1.0, byte in any::<u8>()) {
        let c = corpus();
        let src = &c[pick % c.len()];
        let mut bytes = src.as_bytes().to_vec();
        let p = ((bytes.len() as f64) * pos) as usize;
        if p < bytes.len() {
            bytes[p] = byte;
        }
        bytes.truncate(((bytes.len() as f64) * (0.5 + cut / 2.0)) as usize);
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(f) = genxc_frontend::mlir::parse("m.mlir", &text) {
            for &m in &f.modules {
                let _ = genxc_mlir_to_llvm::translate_module("m.mlir", &f.ir, m);
            }
        }
    }

    /// Arbitrary text never makes the parser panic.
    #[test]
    fn random_text_never_panics(s in "[ -~\n]{0,200}") {
        let _ = genxc_frontend::mlir::parse("r.mlir", &s);
    }
}
