//! What build systems rely on: `--depfile` (read back by GNU make), several `--emit` kinds in one
//! run, documented exit codes, and outputs that depend only on the input's bytes and file name and
//! the options, so build caches can share them.

mod common;

use common::fixtures;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn genxc(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_genxc")).current_dir(cwd).args(args).output().expect("run genxc")
}

fn code(o: &Output) -> Option<i32> {
    o.status.code()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scratch folder holding `my kernels/saxpy.ll` (a space in the folder name) and `multi.ll`.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("my kernels")).unwrap();
    std::fs::copy(fixtures().join("cm/01_saxpy_oword.ll"), dir.path().join("my kernels/saxpy.ll")).unwrap();
    std::fs::copy(fixtures().join("kernels/multi.ll"), dir.path().join("multi.ll")).unwrap();
    dir
}

/// Every file under `dir`, relative to it, sorted, with its contents.
fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn walk(dir: &Path, prefix: &str, acc: &mut Vec<(String, Vec<u8>)>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = format!("{prefix}{}", e.file_name().to_string_lossy());
            if e.path().is_dir() {
                walk(&e.path(), &format!("{name}/"), acc);
            } else {
                acc.push((name, std::fs::read(e.path()).unwrap()));
            }
        }
    }
    let mut acc = Vec::new();
    walk(dir, "", &mut acc);
    acc.sort();
    acc
}

fn names(dir: &Path) -> Vec<String> {
    tree(dir).into_iter().map(|(n, _)| n).collect()
}

#[test]
fn depfile_names_every_output_and_input_and_make_reads_it() {
    let ws = workspace();
    let args = [
        "my kernels/saxpy.ll",
        "multi.ll",
        "--emit",
        "visaasm,metadata",
        "-o",
        "out",
        "--depfile",
        "deps/k.d",
    ];
    let run = genxc(ws.path(), &args);
    assert_eq!(code(&run), Some(0), "{}", stderr(&run));
    assert_eq!(
        std::fs::read_to_string(ws.path().join("deps/k.d")).unwrap(),
        "out/saxpy.visaasm out/first.visaasm out/second.visaasm out/kernels.json: my\\ kernels/saxpy.ll multi.ll\n"
    );
    assert_eq!(
        names(&ws.path().join("out")),
        ["first.visaasm", "kernels.json", "saxpy.visaasm", "second.visaasm"]
    );

    // GNU make, given the depfile and a recipe, sees the outputs as up to date until an input changes.
    if Command::new("make").arg("--version").output().is_err() {
        assert!(
            !common::tools_required(),
            "make is required when CI or GENXC_REQUIRE_TOOLS is set (Debian package make)"
        );
        eprintln!("make not found: skipping the make check");
        return;
    }
    std::fs::write(
        ws.path().join("Makefile"),
        "include deps/k.d\nout/kernels.json out/saxpy.visaasm:\n\t@echo rebuild $@\n",
    )
    .unwrap();
    let make = |target: &str| {
        Command::new("make").current_dir(ws.path()).args(["-q", target]).status().unwrap().code()
    };
    assert_eq!(make("out/kernels.json"), Some(0), "up to date right after genxc");
    // Timestamps in the past, so make sees no clock skew: outputs at -50 s, then the input at -10 s.
    let set_age = |path: &str, secs: u64| {
        let when = std::time::SystemTime::now() - std::time::Duration::from_secs(secs);
        let f = std::fs::File::options().append(true).open(ws.path().join(path)).unwrap();
        f.set_modified(when).unwrap();
    };
    set_age("my kernels/saxpy.ll", 100);
    set_age("multi.ll", 100);
    set_age("out/kernels.json", 50);
    set_age("out/saxpy.visaasm", 50);
    assert_eq!(make("out/kernels.json"), Some(0), "up to date: the inputs are older");
    set_age("my kernels/saxpy.ll", 10);
    assert_eq!(make("out/kernels.json"), Some(1), "make must see the input with a space in its folder");
    assert_eq!(make("out/saxpy.visaasm"), Some(1));
}

#[test]
fn depfile_with_a_single_output_file_and_without_an_output_folder() {
    let ws = workspace();
    let run = genxc(ws.path(), &["multi.ll", "--emit", "metadata", "-o", "meta.json", "--depfile", "meta.d"]);
    assert_eq!(code(&run), Some(0), "{}", stderr(&run));
    assert_eq!(std::fs::read_to_string(ws.path().join("meta.d")).unwrap(), "meta.json: multi.ll\n");
    // Without -o, outputs go to the current folder and are named without a folder.
    let run = genxc(ws.path(), &["multi.ll", "--depfile", "k.d"]);
    assert_eq!(code(&run), Some(0), "{}", stderr(&run));
    assert_eq!(
        std::fs::read_to_string(ws.path().join("k.d")).unwrap(),
        "first.visaasm second.visaasm: multi.ll\n"
    );
    assert!(ws.path().join("first.visaasm").is_file());
}

#[test]
fn depfile_is_not_written_when_compilation_fails() {
    let ws = workspace();
    std::fs::copy(fixtures().join("bad/syntax_error.ll"), ws.path().join("bad.ll")).unwrap();
    let run = genxc(ws.path(), &["multi.ll", "bad.ll", "-o", "out", "--depfile", "k.d"]);
    assert_eq!(code(&run), Some(1));
    assert!(stderr(&run).starts_with("bad.ll:6:20: error: use of undefined value"), "{}", stderr(&run));
    assert!(!ws.path().join("k.d").exists() && !ws.path().join("out").exists());
}

#[test]
fn depfile_may_not_overwrite_an_output() {
    let ws = workspace();
    let run = genxc(ws.path(), &["multi.ll", "-o", "out", "--depfile", "out/first.visaasm"]);
    assert_eq!(code(&run), Some(1));
    assert_eq!(stderr(&run), "error: the depfile 'out/first.visaasm' would overwrite an output\n");
    assert!(!ws.path().join("out").exists());
}

#[test]
fn several_emit_kinds_in_one_run() {
    let ws = workspace();
    let comma = genxc(ws.path(), &["multi.ll", "--emit", "llvm,metadata,visaasm", "-o", "a"]);
    let repeated = genxc(
        ws.path(),
        &["multi.ll", "--emit", "metadata", "--emit", "visaasm", "--emit", "llvm", "-o", "b"],
    );
    assert_eq!((code(&comma), code(&repeated)), (Some(0), Some(0)), "{}", stderr(&comma));
    assert_eq!(names(&ws.path().join("a")), ["first.visaasm", "kernels.json", "multi.ll", "second.visaasm"]);
    assert_eq!(tree(&ws.path().join("a")), tree(&ws.path().join("b")));
    let bad = genxc(ws.path(), &["multi.ll", "--emit", "visaasm,bogus"]);
    assert_eq!(code(&bad), Some(2), "an unknown kind is a usage error: {}", stderr(&bad));
}

#[test]
fn help_documents_exit_codes_and_depfile() {
    let help = genxc(Path::new("."), &["--help"]);
    assert_eq!(code(&help), Some(0));
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(text.contains("Exit status: 0 success, 1 an input could not be compiled"), "{text}");
    assert!(text.contains("2 usage error"), "{text}");
    assert!(text.contains("--depfile <PATH>"), "{text}");
    assert_eq!(code(&genxc(Path::new("."), &[])), Some(2), "no input is a usage error");
}

#[test]
fn outputs_depend_on_the_file_name_not_its_folder_nor_the_thread_count() {
    let ws = workspace();
    let elsewhere = tempfile::tempdir().unwrap();
    let deep: PathBuf = elsewhere.path().join("a/b/c");
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::copy(ws.path().join("my kernels/saxpy.ll"), deep.join("saxpy.ll")).unwrap();
    let kinds = "visaasm,llvm,metadata";
    let here = genxc(ws.path(), &["my kernels/saxpy.ll", "--emit", kinds, "-j", "1", "-o", "out"]);
    let (input, out2) = (deep.join("saxpy.ll"), ws.path().join("out2"));
    let there = genxc(
        Path::new("/"),
        &[input.to_str().unwrap(), "--emit", kinds, "-j", "3", "-o", out2.to_str().unwrap()],
    );
    assert_eq!((code(&here), code(&there)), (Some(0), Some(0)), "{}{}", stderr(&here), stderr(&there));
    let (a, b) = (tree(&ws.path().join("out")), tree(&ws.path().join("out2")));
    assert_eq!(a.len(), 3);
    assert_eq!(a, b, "outputs differ between a relative and an absolute input path or between -j1 and -j3");
    for (name, bytes) in &a {
        let text = String::from_utf8_lossy(bytes);
        assert!(!text.contains("my kernels") && !text.contains("/tmp"), "{name} names a folder:\n{text}");
    }
}
