//! The `genxc` command's progress bar: drawn on standard error only when it is a terminal and the
//! compile is long (many kernel units), never in other output, and never changing the outputs.

mod common;

use std::path::Path;
use std::process::Command;

const GENXC: &str = env!("CARGO_BIN_EXE_genxc");

/// A generated module of `kernels` kernels of 100 operations, written in `dir`.
fn module(dir: &Path, kernels: usize) -> std::path::PathBuf {
    let m = genxc_bench::workload::Workload { kernels, ops: 100, seed: 3 }.generate();
    let path = dir.join("many.ll");
    std::fs::write(&path, m.ll).unwrap();
    path
}

fn outputs(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
        .collect();
    v.sort();
    v
}

#[test]
fn no_progress_output_when_stderr_is_not_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let input = module(dir.path(), 128);
    let out = Command::new(GENXC).arg(&input).arg("-o").arg(dir.path().join("out")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "stderr: {:?}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty(), "stdout: {:?}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(outputs(&dir.path().join("out")).len(), 128);
}

/// Under a pseudo-terminal (`script`), a 128-kernel compile draws the bar, a short one does not,
/// and the files written are the same as without a terminal.
#[test]
fn progress_bar_on_a_terminal_only_for_long_compiles() {
    if !common::tool_available("script", "--version", "util-linux") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run_in_pty = |input: &Path, out: &Path| {
        let cmd = format!("{GENXC} -j 1 {} -o {}", input.display(), out.display());
        let o = Command::new("script").args(["-qec", &cmd, "/dev/null"]).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let long = module(dir.path(), 128);
    let shown = run_in_pty(&long, &dir.path().join("tty"));
    assert!(shown.contains("/128 kernels"), "no bar drawn: {shown:?}");
    let plain = Command::new(GENXC).arg(&long).arg("-o").arg(dir.path().join("plain")).output().unwrap();
    assert!(plain.status.success());
    assert_eq!(outputs(&dir.path().join("tty")), outputs(&dir.path().join("plain")));

    let short_dir = dir.path().join("short");
    std::fs::create_dir(&short_dir).unwrap();
    let short = module(&short_dir, 4);
    let shown = run_in_pty(&short, &dir.path().join("short-out"));
    assert!(!shown.contains("kernels"), "a bar for 4 kernels: {shown:?}");
}
