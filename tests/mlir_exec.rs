//! Differential execution of the MLIR path: every program of `tests/fixtures/mlir` is compiled by
//! genxc (`--emit llvm`) and run with LLVM 14's `lli`; its output must equal the committed
//! `.expected` file, which MLIR's own tools produce (`mlir-opt-19` conversion passes,
//! `mlir-translate-19 --mlir-to-llvmir`, `lli-19`). A second test re-derives every expected output
//! with those tools, so the committed files cannot drift from MLIR's behaviour.
//!
//! Programs marked `// ORACLE: runtime` call MLIR's runner utilities (`vector.print`,
//! `printMemrefF32`, ...): both `lli`s load MLIR 19's `libmlir_c_runner_utils.so` and
//! `libmlir_runner_utils.so` for them (`--dlopen`), and the base address `printMemref*` prints is
//! masked (`base@ = ADDR`) in the outputs compared.
//!
//! Without the tools (or the runtime library, Debian's libmlir-19) the tests skip, except when `CI`
//! or `GENXC_REQUIRE_TOOLS` (set by `scripts/test.sh`) is set: then they fail.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The passes the oracle runs before translation (see tools/mlir-oracle).
const PIPELINE: &[&str] = &[
    "--convert-vector-to-scf",
    "--convert-scf-to-cf",
    "--lower-affine",
    "--convert-vector-to-llvm",
    "--expand-strided-metadata",
    "--finalize-memref-to-llvm",
    "--convert-math-to-llvm",
    "--convert-index-to-llvm",
    "--arith-expand",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
];

const LLI14: &str = "/usr/lib/llvm-14/bin/lli";

fn programs() -> Vec<PathBuf> {
    let dir = common::fixtures().join("mlir");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir") && p.with_extension("expected").exists())
        .collect();
    v.sort();
    v
}

fn tool_available(tool: &str) -> bool {
    let ok = Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
    if !ok {
        if common::tools_required() {
            panic!(
                "{tool} is required when CI or GENXC_REQUIRE_TOOLS is set (Debian packages llvm-14, \
                 mlir-19-tools, llvm-19)"
            );
        }
        eprintln!("{tool} not found: skipping");
    }
    ok
}

/// The runner utilities libraries of MLIR 19 a `// ORACLE: runtime` program is run with.
const RUNTIME_LIBS: [&str; 2] = ["libmlir_c_runner_utils.so.19.1", "libmlir_runner_utils.so.19.1"];

/// Where the runtime libraries are: Debian's libmlir-19 package, or the folder the MLIR oracle's
/// setup unpacks it into (`$MLIR_ORACLE_CACHE`, default `/tmp/mlir-oracle-cache`).
fn runtime_dir() -> Option<PathBuf> {
    let cache = std::env::var("MLIR_ORACLE_CACHE").unwrap_or_else(|_| "/tmp/mlir-oracle-cache".into());
    [PathBuf::from("/usr/lib/llvm-19/lib"), Path::new(&cache).join("libmlir-19/usr/lib/llvm-19/lib")]
        .into_iter()
        .find(|d| RUNTIME_LIBS.iter().all(|l| d.join(l).exists()))
}

/// Whether a program needs the runtime library (its `// ORACLE: runtime` line).
fn needs_runtime(text: &str) -> bool {
    text.lines().any(|l| l.trim() == "// ORACLE: runtime")
}

/// The `--dlopen` arguments for a program: none, the runtime libraries, or `None` (after saying
/// why) when it needs them and they are missing and not required.
fn runtime_args(p: &Path) -> Option<Vec<String>> {
    if !needs_runtime(&std::fs::read_to_string(p).unwrap()) {
        return Some(Vec::new());
    }
    match runtime_dir() {
        Some(d) => Some(RUNTIME_LIBS.iter().map(|l| format!("--dlopen={}", d.join(l).display())).collect()),
        None if common::tools_required() => panic!(
            "{}: MLIR 19's runner utilities library is required when CI or GENXC_REQUIRE_TOOLS is set \
             (Debian package libmlir-19)",
            p.display()
        ),
        None => {
            eprintln!("{}: no MLIR runner utilities library (libmlir-19): skipping", p.display());
            None
        }
    }
}

/// Masks what differs between runs: the base address `printMemref*` prints.
fn mask_addresses(out: &str) -> String {
    let mut s = String::new();
    let mut rest = out;
    while let Some(i) = rest.find("base@ = 0x") {
        s.push_str(&rest[..i]);
        s.push_str("base@ = ADDR");
        rest = rest[i + "base@ = 0x".len()..].trim_start_matches(|c: char| c.is_ascii_hexdigit());
    }
    s.push_str(rest);
    s
}

/// Runs `lli` on LLVM IR text with extra arguments; returns stdout, addresses masked (and the exit
/// code when not 0).
fn run_lli(lli: &str, ir: &str, args: &[String]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("prog.ll");
    std::fs::write(&path, ir).unwrap();
    let out = Command::new(lli).args(args).arg(&path).output().unwrap();
    let mut s = mask_addresses(&String::from_utf8_lossy(&out.stdout));
    if out.status.code() != Some(0) {
        s.push_str(&format!("; exit {:?}\n{}", out.status.code(), String::from_utf8_lossy(&out.stderr)));
    }
    s
}

fn rel(p: &Path) -> String {
    format!("mlir/{}", p.file_name().unwrap().to_string_lossy())
}

#[test]
fn genxc_output_runs_like_mlir() {
    if !tool_available(LLI14) {
        return;
    }
    let progs = programs();
    assert!(progs.len() >= 60, "only {} runnable programs", progs.len());
    let runtime = progs.iter().filter(|p| needs_runtime(&std::fs::read_to_string(p).unwrap())).count();
    assert!(runtime >= 2, "only {runtime} programs use the runner utilities");
    let mut failures = Vec::new();
    for p in &progs {
        let Some(rt) = runtime_args(p) else { continue };
        let input = common::input(&rel(p));
        let opts = genxc::CompileOptions { emit: genxc::Emit::Llvm.into(), ..Default::default() };
        let result = genxc::compile_inputs(&[input], &opts);
        if result.failed() {
            failures.push(format!(
                "{}: {:?}",
                p.display(),
                result.diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>()
            ));
            continue;
        }
        let ir = String::from_utf8(result.outputs[0].bytes.clone()).unwrap();
        let got = run_lli(LLI14, &ir, &rt);
        let want = std::fs::read_to_string(p.with_extension("expected")).unwrap();
        if got != want {
            failures.push(format!(
                "{}: output differs\n--- expected\n{want}\n--- genxc + lli-14\n{got}",
                p.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs fail:\n{}",
        failures.len(),
        progs.len(),
        failures.join("\n")
    );
}

/// The pipeline of a program: its `// ORACLE: pipeline` line, or the default.
fn pipeline(text: &str) -> Vec<String> {
    for line in text.lines() {
        if let Some(rest) = line.trim().strip_prefix("// ORACLE: pipeline") {
            return rest.split_whitespace().map(str::to_string).collect();
        }
    }
    PIPELINE.iter().map(|s| s.to_string()).collect()
}

#[test]
fn expected_outputs_are_mlir_19s() {
    if !(tool_available("mlir-opt-19") && tool_available("mlir-translate-19") && tool_available("lli-19")) {
        return;
    }
    let mut failures = Vec::new();
    for p in programs() {
        let Some(rt) = runtime_args(&p) else { continue };
        let text = std::fs::read_to_string(&p).unwrap();
        let opt = Command::new("mlir-opt-19").arg(&p).args(pipeline(&text)).output().unwrap();
        assert!(
            opt.status.success(),
            "{}: mlir-opt-19: {}",
            p.display(),
            String::from_utf8_lossy(&opt.stderr)
        );
        let mut tr = Command::new("mlir-translate-19")
            .arg("--mlir-to-llvmir")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        tr.stdin.take().unwrap().write_all(&opt.stdout).unwrap();
        let ll = tr.wait_with_output().unwrap();
        assert!(ll.status.success(), "{}: mlir-translate-19 failed", p.display());
        let got = run_lli("lli-19", &String::from_utf8_lossy(&ll.stdout), &rt);
        let want = std::fs::read_to_string(p.with_extension("expected")).unwrap();
        if got != want {
            failures.push(format!("{}:\n--- committed\n{want}\n--- MLIR 19\n{got}", p.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Programs of `tests/fixtures/mlir-forms` are written with typed pointers, the early LLVM dialect
/// syntax or as split files, which MLIR 19 no longer reads; each must print what its modern twin
/// `mlir/<number>_*.mlir` prints (and that twin is checked against MLIR 19 above).
#[test]
fn other_spellings_run_like_their_modern_twins() {
    if !tool_available(LLI14) {
        return;
    }
    let dir = common::fixtures().join("mlir-forms");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    assert!(files.len() >= 3);
    for p in files {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let number = name.split('_').next().unwrap();
        let twin = programs()
            .into_iter()
            .find(|t| t.file_name().unwrap().to_string_lossy().starts_with(&format!("{number}_")))
            .unwrap_or_else(|| panic!("{name}: no twin in mlir/"));
        let opts = genxc::CompileOptions { emit: genxc::Emit::Llvm.into(), ..Default::default() };
        let result = genxc::compile_inputs(&[common::input(&format!("mlir-forms/{name}"))], &opts);
        assert!(!result.failed(), "{name}: {:#?}", result.diagnostics);
        let got = run_lli(LLI14, &String::from_utf8(result.outputs[0].bytes.clone()).unwrap(), &[]);
        let want = std::fs::read_to_string(twin.with_extension("expected")).unwrap();
        assert_eq!(got, want, "{name} differs from {}", twin.display());
    }
}

#[test]
fn printed_addresses_are_masked() {
    assert_eq!(
        mask_addresses("Memref base@ = 0x7ffe3a rank = 1\nbase@ = 0x1f0 x\n"),
        "Memref base@ = ADDR rank = 1\nbase@ = ADDR x\n"
    );
    assert_eq!(mask_addresses("base@ = 12"), "base@ = 12");
}
