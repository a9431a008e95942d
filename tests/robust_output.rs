//! Atomic output and determinism of the `genxc` command.
//!
//! Atomic: a compilation that fails, for any emit kind and any position of the bad input among
//! good ones, or whose outputs cannot all be written, leaves no file at all: no output, no depfile,
//! no `.genxc-*` temporary. Determinism: every fixture kernel compiled five times in different
//! input orders, with `-j1` and `-j4`, gives the same bytes. Outputs, though staged under
//! temporary names, get the mode any new file gets (0644 under the usual umask). Interrupted
//! (SIGINT, SIGTERM) while the finalizer runs, the command leaves no temporary file or folder.
//! `--emit llvm` does not depend on the folder the input lies in.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Every entry under `dir`, recursively, relative to it.
fn entries(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            out.push(p.strip_prefix(dir).unwrap().display().to_string());
            if p.is_dir() {
                stack.push(p);
            }
        }
    }
    out.sort();
    out
}

fn genxc(cwd: &Path, args: &[&str]) -> (Option<i32>, String) {
    let r = Command::new(env!("CARGO_BIN_EXE_genxc")).current_dir(cwd).args(args).output().unwrap();
    (r.status.code(), String::from_utf8_lossy(&r.stderr).into_owned())
}

const GOOD: &str = "kernels/multi.ll";
const GOOD2: &str = "kernels/regions.ll";
const BAD: &str = "bad/rd_start_far_past.ll";

#[test]
fn failed_compiles_write_nothing_for_any_emit_kind() {
    let root = root();
    for emit in ["visaasm", "isa", "llvm", "legalized", "metadata", "visaasm,metadata,llvm,legalized"] {
        for inputs in [[GOOD, GOOD2, BAD], [BAD, GOOD, GOOD2], [GOOD, BAD, GOOD2]] {
            let dir = tempfile::tempdir().unwrap();
            let out = dir.path().join("out");
            let dep = dir.path().join("k.d");
            let mut args: Vec<&str> = inputs.to_vec();
            let (o, d) = (out.to_str().unwrap(), dep.to_str().unwrap());
            args.extend(["-o", o, "--emit", emit, "--depfile", d, "-j", "4"]);
            let (code, stderr) = genxc(&root, &args);
            assert_eq!(code, Some(1), "{emit} {inputs:?}: {stderr}");
            assert!(stderr.contains("rd_start_far_past.ll:8:3: error: "), "{stderr}");
            assert_eq!(entries(dir.path()), Vec::<String>::new(), "{emit} {inputs:?}");
        }
    }
    // A single output named with -o FILE.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.visaasm");
    let (code, _) = genxc(&root, &[BAD, "-o", file.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert_eq!(entries(dir.path()), Vec::<String>::new());
}

/// When an output cannot be written (here the second kernel's file name is taken by a folder),
/// the files already renamed into place are taken back and earlier contents restored.
#[test]
fn a_failed_write_leaves_no_partial_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir_all(out.join("second.visaasm")).unwrap();
    std::fs::write(out.join("first.visaasm"), "old contents\n").unwrap();
    let before = entries(&out);
    let (code, stderr) = genxc(&root(), &[GOOD, "-o", out.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("second.visaasm"), "{stderr}");
    assert_eq!(entries(&out), before, "no new file and no temporary");
    assert_eq!(std::fs::read_to_string(out.join("first.visaasm")).unwrap(), "old contents\n");
    // The output folder's parent is a file: nothing can be created.
    let blocked = dir.path().join("file");
    std::fs::write(&blocked, "x").unwrap();
    let (code, stderr) = genxc(&root(), &[GOOD, "-o", blocked.join("out").to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.starts_with("error: cannot create folder"), "{stderr}");
}

/// Per-kernel outputs are staged in temporary files on the worker threads while other kernels
/// still compile: a failure found afterwards (a bad input after good ones, two kernels of one name
/// across inputs) removes them, and the folders made for them, again.
#[test]
fn outputs_staged_during_compilation_are_removed_on_failure() {
    let root = root();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("a/b/out");
    let o = out.to_str().unwrap();
    for args in [
        vec![GOOD, GOOD2, BAD, "-o", o, "-j", "1"],
        vec![GOOD, GOOD, "-o", o, "-j", "2"],
        vec![GOOD, GOOD2, GOOD, "-o", o, "--emit", "legalized,visaasm", "-j", "2"],
    ] {
        let (code, stderr) = genxc(&root, &args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert_eq!(entries(dir.path()), Vec::<String>::new(), "{args:?}");
    }
    let (code, stderr) = genxc(&root, &[GOOD, GOOD2, "-o", o, "--emit", "visaasm,legalized"]);
    assert_eq!(code, Some(0), "{stderr}");
    let names = entries(&out);
    assert!(names.iter().all(|n| !n.starts_with(".genxc")), "{names:?}");
    assert!(
        names.contains(&"first.visaasm".to_string()) && names.contains(&"first.legalized.ll".to_string())
    );
}

/// Every output of one run, by file name.
fn outputs(root: &Path, inputs: &[String], jobs: &str) -> BTreeMap<String, Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut args: Vec<&str> = inputs.iter().map(String::as_str).collect();
    args.extend(["-o", out.to_str().unwrap(), "--emit", "visaasm,legalized,llvm,metadata", "-j", jobs]);
    let (code, stderr) = genxc(root, &args);
    assert_eq!(code, Some(0), "{inputs:?}: {stderr}");
    entries(&out).into_iter().map(|n| (n.clone(), std::fs::read(out.join(&n)).unwrap())).collect()
}

#[test]
fn outputs_are_the_same_for_any_jobs_and_input_order() {
    let root = root();
    let mut all: Vec<String> = Vec::new();
    for sub in ["cm", "kernels"] {
        for e in std::fs::read_dir(root.join(sub)).unwrap() {
            all.push(format!("{sub}/{}", e.unwrap().file_name().to_string_lossy()));
        }
    }
    all.sort();
    // The fixtures the back end compiles; the others must fail the same way every time.
    let mut good = Vec::new();
    for f in &all {
        let dir = tempfile::tempdir().unwrap();
        let o = dir.path().join("o");
        let one = genxc(&root, &[f, "-o", o.to_str().unwrap(), "-j", "1"]);
        if one.0 == Some(0) {
            good.push(f.clone());
        } else {
            let four = genxc(&root, &[f, "-o", o.to_str().unwrap(), "-j", "4"]);
            assert_eq!(one, four, "{f}: diagnostics depend on -j");
        }
    }
    assert!(good.len() >= 8, "too few compiling fixtures: {good:?}");
    let n = good.len();
    // a stride coprime with n, so that striding through the fixtures visits each once
    let gcd = |mut a: usize, mut b: usize| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let step = (5..).find(|s| gcd(*s, n) == 1).unwrap_or(1);
    let orders: Vec<Vec<String>> = vec![
        good.clone(),
        good.iter().rev().cloned().collect(),
        (0..n).map(|i| good[(i + 3) % n].clone()).collect(),
        (0..n).map(|i| good[(i * step + 1) % n].clone()).collect(),
        (0..n).map(|i| good[if i % 2 == 0 { i / 2 } else { n - 1 - i / 2 }].clone()).collect(),
    ];
    let mut reference: Option<BTreeMap<String, Vec<u8>>> = None;
    let mut kernel_sets = BTreeSet::new();
    for order in &orders {
        let one = outputs(&root, order, "1");
        let four = outputs(&root, order, "4");
        assert_eq!(one, four, "-j1 and -j4 differ for order {order:?}");
        let json: serde_json::Value = serde_json::from_slice(&one["kernels.json"]).unwrap();
        let mut names: Vec<String> =
            json["kernels"].as_array().unwrap().iter().map(|k| k.to_string()).collect();
        names.sort();
        kernel_sets.insert(names);
        let mut files = one;
        // kernels.json lists kernels in input order; everything else is per kernel or per input.
        files.remove("kernels.json");
        match &reference {
            None => reference = Some(files),
            Some(r) => assert_eq!(r, &files, "outputs differ for order {order:?}"),
        }
    }
    assert_eq!(kernel_sets.len(), 1, "kernels.json holds different kernels for different orders");
    assert!(reference.unwrap().keys().filter(|k| k.ends_with(".visaasm")).count() >= 8);
}

#[test]
fn outputs_get_the_mode_of_any_new_file() {
    use std::os::unix::fs::PermissionsExt;
    // staged under temporary names and renamed into place, outputs are still made as a new file
    // is (read and write for all, less the umask), not owner-only as temporary files are; the
    // umask is the test process's, as `std::fs::write` applies it
    let root = root();
    let tmp = tempfile::tempdir().unwrap();
    let reference = tmp.path().join("reference");
    std::fs::write(&reference, b"").unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let input = root.join(GOOD).display().to_string();
    let (code, log) = genxc(tmp.path(), &[&input, "-o", "out", "--emit", "visaasm,isa,metadata"]);
    assert_eq!(code, Some(0), "{log}");
    let files: Vec<String> = entries(&tmp.path().join("out"));
    assert!(files.len() >= 3, "{files:?}");
    for f in files {
        assert_eq!(mode(&tmp.path().join("out").join(&f)), mode(&reference), "{f}");
    }
    // a single output file named by -o, and the depfile
    let (code, log) = genxc(tmp.path(), &[&input, "-o", "one.isa", "--emit", "isa", "--depfile", "one.d"]);
    assert_eq!(code, Some(0), "{log}");
    assert_eq!(mode(&tmp.path().join("one.isa")), mode(&reference));
    assert_eq!(mode(&tmp.path().join("one.d")), mode(&reference));
}

#[test]
fn an_interrupted_command_leaves_no_temporary_behind() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::ExitStatusExt;
    if !common::finalizer_available() {
        return;
    }
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let work = tempfile::tempdir().unwrap();
        let tmp = work.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        // a finalizer slow to start: the interrupt comes while it runs, with the vISA outputs
        // staged in the output folder and the finalizer's folder in TMPDIR
        let slow = work.path().join("slow_finalizer");
        std::fs::write(&slow, "#!/bin/sh\ntouch started\nsleep 5\nexec GenX_IR \"$@\"\n").unwrap();
        std::fs::set_permissions(&slow, std::fs::Permissions::from_mode(0o755)).unwrap();
        let out = work.path().join("out");
        let mut child = Command::new(env!("CARGO_BIN_EXE_genxc"))
            .arg(root().join("cm/01_saxpy_oword.ll"))
            .args(["--emit", "zebin,visaasm", "--platform", "dg2", "--finalizer"])
            .arg(&slow)
            .arg("-o")
            .arg(&out)
            .env("TMPDIR", &tmp)
            .spawn()
            .unwrap();
        let started = || entries(&tmp).iter().any(|e| e.ends_with("started"));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while !started() && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(started(), "the finalizer never started");
        // SAFETY: a signal to the child this test started
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(signal), "{status:?}");
        assert!(entries(&tmp).is_empty(), "left in TMPDIR: {:?}", entries(&tmp));
        let left: Vec<String> = entries(&out).into_iter().filter(|e| e.contains(".genxc-")).collect();
        assert!(left.is_empty(), "left in the output folder: {left:?}");
    }
}

#[test]
fn emitted_llvm_does_not_depend_on_the_input_folder() {
    // the module id and source file name readers make of the input's path keep only its name
    let work = tempfile::tempdir().unwrap();
    for fixture in ["cm/01_saxpy_oword.ll", "mlir/01_int_arith.mlir"] {
        let name = Path::new(fixture).file_name().unwrap().to_str().unwrap().to_string();
        let deep = work.path().join("x/y");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::copy(root().join(fixture), deep.join(&name)).unwrap();
        std::fs::copy(root().join(fixture), work.path().join(&name)).unwrap();
        let far = genxc(work.path(), &[&format!("x/y/{name}"), "--emit", "llvm", "-o", "far.ll"]);
        assert_eq!(far.0, Some(0), "{fixture}: {}", far.1);
        let near = genxc(work.path(), &[&name, "--emit", "llvm", "-o", "near.ll"]);
        assert_eq!(near.0, Some(0), "{fixture}: {}", near.1);
        let (far, near) = (
            std::fs::read(work.path().join("far.ll")).unwrap(),
            std::fs::read(work.path().join("near.ll")).unwrap(),
        );
        assert!(far == near, "{fixture}: --emit llvm differs with the input's folder");
    }
}
