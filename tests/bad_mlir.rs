//! Malformed MLIR: the fixtures in `tests/fixtures/bad-mlir/` (unknown operations and types, bad
//! types, unterminated regions and strings, recursive aliases, truncated files, nesting 100,000
//! deep, a vector of 1,048,576 elements). Each must be refused cleanly: exit code 1, exactly its
//! diagnostic at `file:line:col`, no output and no crash. Brackets nested past the limit are
//! refused before any parser sees them.

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad-mlir")
}

/// Runs genxc on `name` in `dir` with a fresh output folder; returns exit code, standard error and
/// whether anything was written.
fn run(dir: &Path, name: &str) -> (Option<i32>, String, bool) {
    let out = tempfile::tempdir().unwrap();
    let o = out.path().join("out");
    let r = Command::new(env!("CARGO_BIN_EXE_genxc"))
        .current_dir(dir)
        .arg(name)
        .arg("-o")
        .arg(&o)
        .output()
        .unwrap();
    (r.status.code(), String::from_utf8_lossy(&r.stderr).into_owned(), o.exists())
}

/// Each fixture and the one diagnostic it must get (file:line:col, from the MLIR parser or the
/// nesting scan that runs before it).
const EXPECTED: &[(&str, &str)] = &[
    (
        "tensor_argument.mlir",
        "tensor_argument.mlir:3:3: error: unsupported: tensor type tensor<16xf32>: tensors cannot be converted to the LLVM dialect, bufferize first",
    ),
    ("bad_element_type.mlir", "bad_element_type.mlir:3:30: error: unknown type 'q7'"),
    ("bad_vector_type.mlir", "bad_vector_type.mlir:3:27: error: expected a type, found '-'"),
    ("deep_nesting_100000.mlir", "deep_nesting_100000.mlir:4:284: error: limit exceeded: brackets nested more than 256 deep"),
    ("garbage.mlir", "garbage.mlir:2:1: error: expected an operation, found invalid character ''"),
    ("missing_terminator.mlir", "missing_terminator.mlir:4:5: error: block does not end with a terminator"),
    ("mutually_recursive_aliases.mlir", "mutually_recursive_aliases.mlir:2:6: error: undefined type alias '!b'"),
    ("recursive_alias.mlir", "recursive_alias.mlir:2:6: error: undefined type alias '!t'"),
    ("redefined_value.mlir", "redefined_value.mlir:5:5: error: redefinition of SSA value '%0'"),
    ("truncated_mid_op.mlir", "truncated_mid_op.mlir:4:25: error: expected an SSA value '%...', found end of file"),
    ("truncated_mid_type.mlir", "truncated_mid_type.mlir:3:30: error: expected a type, found end of file"),
    ("type_mismatch.mlir", "type_mismatch.mlir:4:21: error: use of value '%a' expects type vector<8xf32>, but it has type vector<16xf32>"),
    ("undefined_alias.mlir", "undefined_alias.mlir:3:20: error: undefined type alias '!nope'"),
    ("undefined_value.mlir", "undefined_value.mlir:4:25: error: use of undeclared SSA value '%nope'"),
    ("unknown_dialect_type.mlir", "unknown_dialect_type.mlir:4:21: error: use of value '%a' expects type vector<16xf32>, but it has type !frob.thing"),
    ("unknown_op.mlir", "unknown_op.mlir:4:10: error: unknown operation 'frob.nicate' (write it in the generic form \"frob.nicate\"(...))"),
    ("unterminated_module.mlir", "unterminated_module.mlir:2:8: error: unterminated region: missing '}'"),
    ("unterminated_region.mlir", "unterminated_region.mlir:3:54: error: unterminated region: missing '}'"),
    ("unterminated_string.mlir", "unterminated_string.mlir:3:16: error: expected '(', found 'attributes'"),
    ("subview_short_strides.mlir", "subview_short_strides.mlir:2:8: error: 'memref.subview': 2 offsets, 2 sizes and 1 strides for a memref of rank 2"),
    ("generic_addi_one_operand.mlir", "generic_addi_one_operand.mlir:2:8: error: 'arith.addi': takes 2 operands and gives 1 result, not 1 and 1"),
    ("vector_1048576.mlir", "vector_1048576.mlir:3:27: error: limit exceeded: a vector of more than 8192 elements"),
];

fn expected(name: &str) -> String {
    match EXPECTED.iter().find(|(n, _)| *n == name) {
        Some((_, d)) => d.to_string(),
        None => panic!("{name}: a fixture without an expected diagnostic in EXPECTED"),
    }
}

#[test]
fn malformed_mlir_is_refused_cleanly() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(names.len() >= 20, "{names:?}");
    for name in &names {
        let (code, stderr, wrote) = run(&fixtures(), name);
        assert_eq!(code, Some(1), "{name}: {stderr}");
        assert_eq!(stderr.trim_end(), expected(name), "{name}");
        assert!(!wrote, "{name}: output written");
    }
}

/// Regions nested 100,000 deep (generated: the text is megabytes).
#[test]
fn regions_nested_100000_deep() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        format!("module {{\n{}{}}}\n", "\"t.op\"() ({\n".repeat(100_000), "}) : () -> ()\n".repeat(100_000));
    std::fs::write(dir.path().join("regions.mlir"), text).unwrap();
    let (code, stderr, wrote) = run(dir.path(), "regions.mlir");
    assert_eq!(code, Some(1), "{stderr}");
    // `module {` is depth 1 and each `"t.op"() ({` line adds 2: the `{` of line 129 (the 128th
    // operation), column 11, is depth 257.
    assert_eq!(
        stderr.trim_end(),
        "regions.mlir:129:11: error: limit exceeded: brackets nested more than 256 deep"
    );
    assert!(!wrote);
}

/// An empty MLIR file is an empty module: it compiles, to nothing (like a `.ll` with no kernel).
#[test]
fn empty_module_compiles_to_nothing() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let (code, stderr, wrote) = run(&dir, "empty.mlir");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert!(!wrote);
}
