//! One run per invocation: whatever kinds are asked for, each input is parsed and imported once
//! and each kernel unit goes through the pipeline once; every kind, `--stats` and `--verify-each`
//! read that same run, and give what a compilation of each kind alone gives.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, Outcome};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const GENXC: &str = env!("CARGO_BIN_EXE_genxc");

/// Counts the kernel units the library says it is about to compile.
struct UnitCounter;

static UNITS: AtomicUsize = AtomicUsize::new(0);

/// Held by every test that compiles in this process, so that the units one test counts are its own.
static COMPILING: Mutex<()> = Mutex::new(());

impl genxc::progress::Observer for UnitCounter {
    fn add(&self, units: usize) {
        UNITS.fetch_add(units, Ordering::SeqCst);
    }
    fn done(&self) {}
}

fn compile(fixture: &str, emit: EmitSet, stats: bool) -> Outcome {
    let opts = CompileOptions { emit, jobs: 2, stats, ..CompileOptions::default() };
    let out = genxc::compile_inputs(&[common::input(fixture)], &opts);
    assert!(!out.failed(), "{fixture}: {}", out.log());
    out
}

/// Every kind and the counts at once: each unit runs through the pipeline once, and each kind's
/// outputs are the bytes of that kind compiled alone.
#[test]
fn all_kinds_come_from_one_run_of_each_unit() {
    let _alone = COMPILING.lock().unwrap_or_else(|e| e.into_inner());
    assert!(genxc::progress::observe(Box::new(UnitCounter)));
    let kinds = [Emit::Visaasm, Emit::Isa, Emit::Legalized, Emit::Metadata, Emit::Llvm];
    for fixture in ["kernels/multi.ll", "kernels/subroutines.ll", "cm/07_subroutine_clone.ll"] {
        let kernels = common::kernel_count(fixture);
        assert!(kernels > 0, "{fixture}");
        let before = UNITS.load(Ordering::SeqCst);
        let all = compile(fixture, EmitSet::of(&kinds), true);
        assert_eq!(UNITS.load(Ordering::SeqCst) - before, kernels, "{fixture}: one pipeline run per unit");
        assert_eq!(all.stats.len(), kernels, "{fixture}: counts of every kernel");
        for kind in kinds {
            let alone = compile(fixture, kind.into(), false);
            let of =
                |o: &Outcome| o.of_kind(kind).map(|x| (x.name.clone(), x.bytes.clone())).collect::<Vec<_>>();
            assert!(!of(&alone).is_empty(), "{fixture} {kind}");
            assert_eq!(of(&all), of(&alone), "{fixture} {kind}");
            assert!(alone.stats.is_empty(), "counts only when asked");
        }
        // The counts without any output kind stop the pipeline after allocation.
        let only_stats = compile(fixture, Emit::Metadata.into(), true);
        assert_eq!(only_stats.stats, all.stats, "{fixture}");
    }
}

/// `--stats` prints the counts of the run that wrote the outputs, one line per kernel;
/// `--verify-each` changes no byte.
#[test]
fn the_command_prints_the_counts_of_its_run() {
    let _alone = COMPILING.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let fixture = common::fixtures().join("kernels/subroutines.ll");
    let run = |extra: &[&str], out: &str| {
        let o = Command::new(GENXC)
            .arg(&fixture)
            .args(["--emit", "visaasm,isa", "-o"])
            .arg(dir.path().join(out))
            .args(extra)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let stats = run(&["--stats"], "a");
    let lib = compile("kernels/subroutines.ll", Emit::Visaasm.into(), true);
    let expected: String = lib
        .stats
        .iter()
        .map(|(k, s)| {
            format!(
                "{k}: variables {}, aliases {}, coalesced {}, copies {}\n",
                s.variables, s.aliases, s.coalesced, s.copies
            )
        })
        .collect();
    assert_eq!(stats, expected);
    assert!(run(&["--verify-each"], "b").is_empty());
    let files = |d: &str| {
        let mut v: Vec<_> = std::fs::read_dir(dir.path().join(d))
            .unwrap()
            .flatten()
            .map(|e| (e.file_name(), std::fs::read(e.path()).unwrap()))
            .collect();
        v.sort();
        v
    };
    assert_eq!(files("a"), files("b"));
    assert_eq!(files("a").len(), common::kernel_count("kernels/subroutines.ll") + 1);
}

/// The option string of the library and the C ABI takes the same switches.
#[test]
fn option_strings_take_the_switches() {
    let o = CompileOptions::parse("-stats --verify-each -emit isa").unwrap();
    assert!(o.stats && o.verify_each);
    assert_eq!(o.emit, Emit::Isa.into());
    assert!(!CompileOptions::parse("").unwrap().stats);
}
