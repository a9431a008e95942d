//! `genxc --time-passes`: one line per stage on standard error, in a fixed order and format that
//! benchmark scripts parse, with figures that add up (the stages fit in the total), and outputs
//! unchanged by the option.

mod common;

use std::path::Path;
use std::process::Command;

/// The stages, in the order the lines come.
const STAGES: [&str; 8] = ["read", "parse", "import", "legalize", "regalloc", "isel", "write", "total"];

/// One parsed line: stage, wall ms, CPU ms, peak RSS KiB.
#[derive(Debug)]
struct Line {
    stage: String,
    wall: f64,
    cpu: f64,
    rss: u64,
}

/// Parses a `--time-passes` line strictly: `genxc time-passes <stage> wall_ms=<float>
/// cpu_ms=<float> peak_rss_kib=<int>`, single spaces, nothing else.
fn parse(line: &str) -> Line {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words.len(), 6, "{line:?}");
    assert_eq!(&words[..2], ["genxc", "time-passes"], "{line:?}");
    let float = |w: &str, key: &str| -> f64 {
        let v = w.strip_prefix(key).unwrap_or_else(|| panic!("{key} in {line:?}"));
        assert!(v.bytes().all(|b| b.is_ascii_digit() || b == b'.') && v.contains('.'), "{line:?}");
        v.parse().unwrap()
    };
    let rss = words[5].strip_prefix("peak_rss_kib=").unwrap_or_else(|| panic!("{line:?}"));
    assert!(!rss.is_empty() && rss.bytes().all(|b| b.is_ascii_digit()), "{line:?}");
    Line {
        stage: words[2].to_string(),
        wall: float(words[3], "wall_ms="),
        cpu: float(words[4], "cpu_ms="),
        rss: rss.parse().unwrap(),
    }
}

fn run(dir: &Path, args: &[&str]) -> (bool, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_genxc"))
        .current_dir(common::fixtures())
        .args(args)
        .arg("-o")
        .arg(dir)
        .output()
        .unwrap();
    (out.status.success(), out.stdout, String::from_utf8(out.stderr).unwrap())
}

/// The lines of a successful run, checked for format and order.
fn timed(args: &[&str]) -> Vec<Line> {
    let dir = tempfile::tempdir().unwrap();
    let (ok, stdout, stderr) = run(dir.path(), args);
    assert!(ok, "{stderr}");
    assert!(stdout.is_empty());
    let lines: Vec<Line> = stderr.lines().map(parse).collect();
    let stages: Vec<&str> = lines.iter().map(|l| l.stage.as_str()).collect();
    assert_eq!(stages, STAGES, "{stderr}");
    lines
}

#[test]
fn one_line_per_stage_that_add_up() {
    // Several kernels (so the parallel section has work on two threads), two inputs.
    let lines = timed(&["--time-passes", "-j2", "cm/07_subroutine_clone.ll", "kernels/multi.ll"]);
    let (stages, total) = lines.split_at(7);
    let total = &total[0];
    // Each figure is rounded to 0.001 ms; the stages are disjoint parts of the run.
    let wall: f64 = stages.iter().map(|l| l.wall).sum();
    let cpu: f64 = stages.iter().map(|l| l.cpu).sum();
    assert!(wall <= total.wall + 0.01, "stages {wall} ms > total {} ms", total.wall);
    assert!(cpu <= total.cpu + 0.01, "stages {cpu} ms of CPU > total {} ms", total.cpu);
    for l in stages.iter().filter(|l| l.stage != "write") {
        // Every stage but writing did work (writing a few small files may round to little).
        assert!(l.cpu > 0.0 && l.wall > 0.0, "{l:?}");
    }
    // Peak RSS only grows, stage after stage, and the total is the process's peak.
    for w in lines.windows(2) {
        assert!(w[0].rss <= w[1].rss, "{:?} then {:?}", w[0], w[1]);
    }
    assert!(lines[0].rss > 1024, "{:?}", lines[0]);
}

#[test]
fn every_emit_kind_reports_the_same_stages() {
    for emit in ["isa", "metadata", "llvm", "legalized", "visaasm,metadata"] {
        let lines = timed(&["--time-passes", "--emit", emit, "cm/06_loop_colsum.ll"]);
        let per_kernel: f64 = lines[3..6].iter().map(|l| l.cpu).sum();
        // LLVM IR stops after import: nothing per kernel. Metadata is the kernels' ABI after
        // selection (the implicit inputs selection declares), so it runs the per-kernel stages.
        assert_eq!(per_kernel == 0.0, emit == "llvm", "{emit}: {lines:?}");
    }
}

#[test]
fn the_option_changes_no_output_and_nothing_without_it() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (ok, _, stderr) = run(a.path(), &["cm/07_subroutine_clone.ll"]);
    assert!(ok && stderr.is_empty(), "{stderr}");
    let (ok, _, stderr) = run(b.path(), &["--time-passes", "cm/07_subroutine_clone.ll"]);
    assert!(ok && stderr.lines().count() == 8, "{stderr}");
    for name in ["blend_edges.visaasm", "fade.visaasm"] {
        assert_eq!(std::fs::read(a.path().join(name)).unwrap(), std::fs::read(b.path().join(name)).unwrap());
    }
}

#[test]
fn a_failed_compile_reports_its_diagnostics_then_the_stages() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ll");
    std::fs::write(&bad, "define void @k() {\n  %x = add i32 1, %nope\n  ret void\n}\n").unwrap();
    let (ok, _, stderr) = run(&dir.path().join("out"), &["--time-passes", bad.to_str().unwrap()]);
    assert!(!ok);
    let mut lines = stderr.lines();
    assert!(
        lines.next().unwrap().ends_with("bad.ll:2:19: error: use of undefined value '%nope'"),
        "{stderr}"
    );
    let stages: Vec<String> = lines.map(|l| parse(l).stage).collect();
    assert_eq!(stages, STAGES);
    assert!(!dir.path().join("out").exists());
}
