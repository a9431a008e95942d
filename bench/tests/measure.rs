//! The bench's measurement of peak memory: a command measured through the `bench` helper reports
//! its own peak, not that of the (large) process that asked for the measurement.

use genxc_bench::measure::{best_of, run, run_via};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn helper() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_bench"))
}

#[test]
fn a_small_child_of_a_large_process_reports_its_own_peak() {
    // This test process holds 256 MiB, touched, while it measures a shell that does nothing.
    let ballast = vec![1u8; 256 << 20];
    let touched: u64 = ballast.iter().step_by(4096).map(|&b| u64::from(b)).sum();
    assert_eq!(touched, (256 << 20) / 4096);
    let direct = run(Command::new("sh").args(["-c", "true"])).unwrap();
    let helped = run_via(helper(), Command::new("sh").args(["-c", "true"])).unwrap();
    assert!(helped.ok, "{helped:?}");
    assert!(helped.peak_rss_kib < 32 * 1024, "{helped:?}");
    // Measured directly, Linux counts this process's memory in the child's peak: the reason for
    // the helper. (If a kernel stops doing so, the helper is harmless and this line can go.)
    assert!(direct.peak_rss_kib > 200 * 1024, "{direct:?}");
    drop(ballast);
}

#[test]
fn the_helper_passes_through_status_stderr_arguments_environment_and_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = Command::new("sh");
    c.args(["-c", "echo \"$1 $GENXC_BENCH_T $(basename \"$PWD\")\" >&2; exit 3", "sh", "a b"])
        .env("GENXC_BENCH_T", "t")
        .current_dir(dir.path());
    let r = run_via(helper(), &c).unwrap();
    assert!(!r.ok);
    assert_eq!(r.status, "exit 3");
    let base = dir.path().file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(r.stderr, format!("a b t {base}\n"));
    // A child that allocates and touches 80 MiB shows it.
    let big =
        run_via(helper(), Command::new("python3").args(["-c", "b = bytearray(80 * 1024 * 1024)"])).unwrap();
    assert!(big.ok && big.peak_rss_kib > 80 * 1024, "{big:?}");
    assert!(big.cpu > Duration::ZERO && big.wall > Duration::ZERO, "{big:?}");
    // A program that cannot be started is an error, not a measurement.
    assert!(run_via(helper(), &Command::new("/nonexistent/genxc-bench-x")).is_err());
    // best_of keeps the fastest of its runs and stops at a failure.
    let r = best_of(|| Command::new("true"), Some(helper()), 3, Duration::from_secs(5)).unwrap();
    assert!(r.ok);
    let r = best_of(|| Command::new("false"), Some(helper()), 3, Duration::from_secs(5)).unwrap();
    assert_eq!(r.status, "exit 1");
}

/// A finalizer script for the recording tests: checks its container is there, writes its
/// arguments to `ran.txt` in its working folder and exits with 0.
fn fake_finalizer(dir: &Path) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("fake-finalizer.sh");
    std::fs::write(&path, "#!/bin/sh\ntest -f \"$1\" || exit 7\necho \"$@\" > ran.txt\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn the_recording_finalizer_keeps_the_containers_and_the_replay_runs_them() {
    use genxc_bench::measure::{finalizer_once, recorded_batches, REAL_FINALIZER_ENV, RECORD_ENV};
    let tools = tempfile::tempdir().unwrap();
    let fake = fake_finalizer(tools.path());
    let record = tools.path().join("record");
    let mut batches = Vec::new();
    for (i, bytes) in [b"first".as_slice(), b"second"].into_iter().enumerate() {
        let work = tempfile::tempdir().unwrap();
        std::fs::write(work.path().join("batch.isa"), bytes).unwrap();
        // genxc runs the bench binary as its finalizer, in the batch's folder
        let r = Command::new(helper())
            .args(["batch.isa", "-platform", "TGLLP", "-binary"])
            .env(RECORD_ENV, &record)
            .env(REAL_FINALIZER_ENV, &fake)
            .current_dir(work.path())
            .output()
            .unwrap();
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        // the real finalizer ran in its place, with the same arguments
        let ran = std::fs::read_to_string(work.path().join("ran.txt")).unwrap();
        assert_eq!(ran, "batch.isa -platform TGLLP -binary\n");
        batches = recorded_batches(&record).unwrap();
        assert_eq!(batches.len(), i + 1, "{batches:?}");
    }
    let mut kept: Vec<Vec<u8>> = batches.iter().map(|b| std::fs::read(&b.container).unwrap()).collect();
    kept.sort();
    assert_eq!(kept, [b"first".to_vec(), b"second".to_vec()]);
    assert!(batches.iter().all(|b| b.args == ["batch.isa", "-platform", "TGLLP", "-binary"]), "{batches:?}");
    // the replay: one process per container, its CPU summed
    let fake = fake.to_string_lossy().into_owned();
    let r = finalizer_once(&fake, &batches).unwrap();
    assert!(r.ok && r.wall > Duration::ZERO, "{r:?}");
    // the longest process's CPU: one of the two, at most their sum
    assert!(r.longest_cpu <= r.cpu && r.longest_cpu * 2 >= r.cpu, "{r:?}");
    // a finalizer that fails is the result; no recorded batch is an error
    let missing = vec![genxc_bench::measure::Batch {
        container: tools.path().join("none.isa"),
        args: vec!["batch.isa".into()],
    }];
    assert!(finalizer_once(&fake, &missing).is_err());
    assert!(finalizer_once(&fake, &[]).is_err());
    let r = finalizer_once("false", &batches).unwrap();
    assert!(!r.ok, "{r:?}");
}
