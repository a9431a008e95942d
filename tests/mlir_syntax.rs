//! MLIR syntax carried into LLVM IR: fixtures of `tests/fixtures/mlir` and `tests/fixtures/mlir-forms`
//! that hold `// LLVM14: <line>` comments must compile (`--emit llvm`) to LLVM IR containing those
//! lines in order (`{{.*}}` matches any text within a line). This checks what execution cannot see:
//! the instruction flags (`nsw`, `nuw`, `exact`) and alignments genxc keeps, the flags of later
//! LLVM versions (`disjoint`, `nneg`) it drops, and programs whose result is undefined. Fixtures of `mlir/` must also parse with
//! `mlir-opt-19` (MLIR 19 writes that syntax); those of `mlir-forms/` are spellings it does not read.

mod common;

use std::path::PathBuf;
use std::process::Command;

/// `(folder, file name, text)` of every fixture with `// LLVM14:` lines.
fn checked_fixtures() -> Vec<(&'static str, String, String)> {
    let mut v = Vec::new();
    for folder in ["mlir", "mlir-forms"] {
        let dir: PathBuf = common::fixtures().join(folder);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".mlir"))
            .collect();
        names.sort();
        for n in names {
            let text = std::fs::read_to_string(dir.join(&n)).unwrap();
            if text.lines().any(|l| l.trim_start().starts_with("// LLVM14:")) {
                v.push((folder, n, text));
            }
        }
    }
    v
}

/// Whether `line` holds the pattern: its pieces between `{{.*}}` wildcards, in order.
fn line_matches(line: &str, pattern: &str) -> bool {
    let mut rest = line;
    for piece in pattern.split("{{.*}}") {
        match rest.find(piece) {
            Some(i) => rest = &rest[i + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Checks the `// LLVM14:` patterns of `text` against `ir`, each on a later line than the previous.
fn check_lines(text: &str, ir: &str) -> Result<usize, String> {
    let lines: Vec<&str> = ir.lines().collect();
    let mut at = 0;
    let mut n = 0;
    for pat in text.lines().filter_map(|l| l.trim_start().strip_prefix("// LLVM14:")) {
        let pat = pat.trim();
        match lines[at..].iter().position(|l| line_matches(l, pat)) {
            Some(i) => at += i + 1,
            None => return Err(format!("no line `{pat}` after line {at} of the LLVM IR:\n{ir}")),
        }
        n += 1;
    }
    Ok(n)
}

#[test]
fn flags_and_alignments_reach_the_llvm_ir() {
    let fixtures = checked_fixtures();
    assert!(fixtures.len() >= 2, "only {} fixtures with LLVM14 lines", fixtures.len());
    let mut checked = 0;
    for (folder, name, text) in &fixtures {
        let opts = genxc::CompileOptions { emit: genxc::Emit::Llvm.into(), ..Default::default() };
        let result = genxc::compile_inputs(&[common::input(&format!("{folder}/{name}"))], &opts);
        assert!(!result.failed(), "{folder}/{name}: {:#?}", result.diagnostics);
        let ir = String::from_utf8(result.outputs[0].bytes.clone()).unwrap();
        checked += check_lines(text, &ir).unwrap_or_else(|e| panic!("{folder}/{name}: {e}"));
    }
    assert!(checked >= 20, "only {checked} LLVM14 lines checked");
}

#[test]
fn the_matcher_refuses_what_is_absent() {
    assert!(line_matches("  %t1 = udiv exact i64 %a, %b", "udiv exact i64"));
    assert!(line_matches("  store i32 %t, i32* %p, align 4", "store i32 %{{.*}}, align 4"));
    assert!(!line_matches("  %t1 = udiv i64 %a, %b", "udiv exact i64"));
    assert!(!line_matches("  store i32 %t, i32* %p, align 8", "store i32 %{{.*}}, align 4"));
    assert!(check_lines("// LLVM14: add nsw\n// LLVM14: mul\n", "mul\nadd nsw\n").is_err());
    assert_eq!(check_lines("// LLVM14: add nsw\n// LLVM14: mul\n", "add nsw\nmul\n"), Ok(2));
}

#[test]
fn mlir_fixtures_with_flags_parse_with_mlir_opt_19() {
    if !common::tool_available("mlir-opt-19", "--version", "mlir-19-tools") {
        return;
    }
    for (folder, name, _) in checked_fixtures().iter().filter(|f| f.0 == "mlir") {
        let out =
            Command::new("mlir-opt-19").arg(common::fixtures().join(folder).join(name)).output().unwrap();
        assert!(
            out.status.success(),
            "{folder}/{name}: mlir-opt-19 refuses it: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
