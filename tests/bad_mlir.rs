//! Malformed MLIR: the fixtures in `tests/fixtures/bad-mlir/` (unknown operations and types, bad
//! types, unterminated regions and strings, recursive aliases, truncated files, nesting 100,000
//! deep) wait for the MLIR front end. Until it lands every one must be refused cleanly: exit code
//! 1, one diagnostic located at the file, no output and no crash. Brackets nested past the limit
//! are refused before any parser sees them, with their `file:line:col`. When the front end
//! lands, each fixture's expectation becomes its exact parser diagnostic.

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

fn expected(name: &str) -> String {
    if name.starts_with("deep_") {
        // Inside `module {` and `func.func @k() {` (depth 2), the run of `(` starts at column 30
        // of line 4: its 255th reaches depth 257.
        return format!("{name}:4:{}: error: limit exceeded: brackets nested more than 256 deep", 30 + 254);
    }
    format!("error: {name}: unsupported: MLIR input (the MLIR front end is not available yet)")
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
