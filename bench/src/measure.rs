//! Running a command and measuring it: wall time from spawn to exit, and the child's peak
//! resident memory as the kernel counted it (`wait4`'s `ru_maxrss`), with its standard error.
//!
//! Linux counts in a child's `ru_maxrss` the resident memory of the process that spawned it (the
//! peak of the address space it replaced at `exec`), so a child of the bench, which holds the
//! generated workloads, reported at least the bench's own size. [`best_of`] therefore spawns
//! each measured command from a small helper process ([`MEASURE_ARG`], handled by
//! [`helper_main`]): the peak a command reports is then its own, above a floor of a few MB.
//!
//! For `genxc --emit zebin` the bench also measures Intel's finalizer alone on the very `.isa`
//! containers genxc hands it: a recording finalizer ([`RECORD_ENV`]) keeps them during one run,
//! and [`finalizer_once`] replays them, one process per container as genxc runs them. The two are
//! measured in [`interleaved_pairs`], each pair's ratio taken against itself: on a machine whose
//! speed drifts over minutes, the ratio of two minima taken apart is mostly that drift.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run of a command cost.
#[derive(Clone, Debug)]
pub struct Run {
    /// Wall time from spawn to exit.
    pub wall: Duration,
    /// CPU time of the child (user and system, every thread).
    pub cpu: Duration,
    /// CPU time of the longest of a set of processes run together ([`finalizer_once`]), the
    /// run's own `cpu` for one process: the set's wall time on a machine with a core for each.
    pub longest_cpu: Duration,
    /// Peak resident set of the child, KiB.
    pub peak_rss_kib: u64,
    /// Whether it exited with status 0.
    pub ok: bool,
    /// Its exit status as text (`exit 1`, `signal 6`).
    pub status: String,
    /// Its standard error.
    pub stderr: String,
}

/// Runs `cmd` (standard output discarded, standard error captured) and measures it.
pub fn run(cmd: &mut Command) -> std::io::Result<Run> {
    let start = Instant::now();
    let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped()).spawn()?;
    let mut pipe = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = pipe.read_to_end(&mut s);
        s
    });
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain data that wait4 fills; `pid` is our own child, not yet reaped.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = loop {
        // SAFETY: valid pointers to locals.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == -1 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        break r;
    };
    let wall = start.elapsed();
    if r == -1 {
        return Err(std::io::Error::last_os_error());
    }
    // The child is reaped: `Child` must not wait for it again (dropping it does not).
    drop(child);
    let stderr = String::from_utf8_lossy(&reader.join().unwrap_or_default()).into_owned();
    let (ok, status) = if libc::WIFEXITED(status) {
        (libc::WEXITSTATUS(status) == 0, format!("exit {}", libc::WEXITSTATUS(status)))
    } else if libc::WIFSIGNALED(status) {
        (false, format!("signal {}", libc::WTERMSIG(status)))
    } else {
        (false, format!("status {status}"))
    };
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    let cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
    Ok(Run { wall, cpu, longest_cpu: cpu, peak_rss_kib: usage.ru_maxrss.max(0) as u64, ok, status, stderr })
}

/// The first argument that makes the `bench` binary the measuring helper: `bench --measure-child
/// PROGRAM ARGS...` runs PROGRAM as [`run`] does, passes its standard error through, and prints
/// one line on standard output: wall and CPU nanoseconds, peak KiB, and the exit status.
pub const MEASURE_ARG: &str = "--measure-child";

/// The helper's side of [`MEASURE_ARG`]: `args` are the program and its arguments (its
/// environment and working directory are the helper's). Returns the helper's exit code: 0 when
/// the program could be run and measured, whatever its own status.
pub fn helper_main(args: &[std::ffi::OsString]) -> i32 {
    let Some((program, rest)) = args.split_first() else {
        eprintln!("bench {MEASURE_ARG}: no program to run");
        return 2;
    };
    match run(Command::new(program).args(rest)) {
        Ok(r) => {
            eprint!("{}", r.stderr);
            println!("{} {} {} {}", r.wall.as_nanos(), r.cpu.as_nanos(), r.peak_rss_kib, r.status);
            0
        }
        Err(e) => {
            eprintln!("bench {MEASURE_ARG}: cannot run {}: {e}", program.to_string_lossy());
            2
        }
    }
}

/// Runs `cmd` from the helper `helper` (the `bench` binary, see [`MEASURE_ARG`]) and returns
/// what the helper measured. `cmd`'s environment changes and working directory are kept.
pub fn run_via(helper: &std::path::Path, cmd: &Command) -> std::io::Result<Run> {
    let mut h = Command::new(helper);
    h.arg(MEASURE_ARG).arg(cmd.get_program()).args(cmd.get_args());
    for (k, v) in cmd.get_envs() {
        match v {
            Some(v) => h.env(k, v),
            None => h.env_remove(k),
        };
    }
    if let Some(dir) = cmd.get_current_dir() {
        h.current_dir(dir);
    }
    let out = h.stdin(Stdio::null()).output()?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    let fields: Vec<&str> = line.split_whitespace().collect();
    let bad =
        || std::io::Error::other(format!("measuring helper failed ({}): {}", out.status, stderr.trim_end()));
    let [wall, cpu, peak, status @ ..] = fields.as_slice() else { return Err(bad()) };
    let ns = |s: &str| s.parse::<u64>().map(Duration::from_nanos).map_err(|_| bad());
    let status = status.join(" ");
    let cpu = ns(cpu)?;
    Ok(Run {
        wall: ns(wall)?,
        cpu,
        longest_cpu: cpu,
        peak_rss_kib: peak.parse().map_err(|_| bad())?,
        ok: status == "exit 0",
        status,
        stderr,
    })
}

/// Runs `make()`'s command until `budget` is spent (at least once, at most `max` times) and
/// keeps the fastest run: the least disturbed by other processes. Stops at the first failure.
/// With a `helper` (the `bench` binary) each run is spawned from it (see [`run_via`]).
pub fn best_of(
    mut make: impl FnMut() -> Command,
    helper: Option<&std::path::Path>,
    max: usize,
    budget: Duration,
) -> std::io::Result<Run> {
    let started = Instant::now();
    let mut best: Option<Run> = None;
    for _ in 0..max.max(1) {
        let mut cmd = make();
        let r = match helper {
            Some(h) => run_via(h, &cmd)?,
            None => run(&mut cmd)?,
        };
        if !r.ok {
            return Ok(r);
        }
        if best.as_ref().is_none_or(|b| r.wall < b.wall) {
            best = Some(r);
        }
        if started.elapsed() >= budget {
            break;
        }
    }
    Ok(best.expect("at least one run"))
}

/// Whether `program` can be found on the `PATH` (or is a path to a file).
pub fn on_path(program: &str) -> bool {
    if program.contains('/') {
        return std::path::Path::new(program).is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// Intel's Vector Compiler on bitcode `bc`, writing into `out` (emptied first): ocloc as
/// /work/shared/tools/igc-vc's recipe runs it, to a zebin (`-ze-enable-zebin`, what issue 21
/// compares `genxc --emit zebin` with).
pub fn ocloc(bc: &std::path::Path, out: &std::path::Path) -> Command {
    let _ = std::fs::remove_dir_all(out);
    let mut c = Command::new("ocloc");
    c.args(["compile", "-llvm_input", "-file"])
        .arg(bc)
        .args(["-device", "tgllp", "-options", "-vc-codegen -ze-enable-zebin", "-out_dir"])
        .arg(out);
    c
}

/// The device binary (`.bin`) ocloc wrote into `dir`, if any.
pub fn ocloc_binary(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .find(|e| e.file_name().to_string_lossy().ends_with(".bin"))
        .map(|e| e.path())
}

/// The environment variable that makes the `bench` binary a recording finalizer: run as genxc's
/// `--finalizer` with this variable naming a folder, it copies the `.isa` container genxc hands
/// it into that folder, with the arguments beside it (one a line, `.args`), and then runs the real
/// finalizer ([`REAL_FINALIZER_ENV`], default `GenX_IR`) with the same arguments in its place.
/// [`finalizer_once`] replays the recorded containers: the finalizer's own work on exactly what
/// genxc gave it.
pub const RECORD_ENV: &str = "GENXC_BENCH_RECORD_FINALIZER";

/// The finalizer a recording finalizer runs (default `GenX_IR` on the `PATH`).
pub const REAL_FINALIZER_ENV: &str = "GENXC_BENCH_REAL_FINALIZER";

/// The recording finalizer's side of [`RECORD_ENV`]: `args` are the finalizer's arguments, the
/// container first (relative to the working folder). Returns the exit code: the real finalizer's,
/// or 2 when the container cannot be copied or the finalizer cannot be started.
pub fn record_finalizer_main(dir: &std::path::Path, args: &[std::ffi::OsString]) -> i32 {
    let Some(container) = args.first() else {
        eprintln!("bench (recording finalizer): no container to finalize");
        return 2;
    };
    // one name per batch: the process id is unique among the batches running together, the
    // clock among the runs
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let stem = dir.join(format!("batch-{nanos}-{}", std::process::id()));
    let arg_lines: String = args.iter().map(|a| format!("{}\n", a.to_string_lossy())).collect();
    let copied = std::fs::create_dir_all(dir)
        .and_then(|_| std::fs::copy(container, stem.with_extension("isa")))
        .and_then(|_| std::fs::write(stem.with_extension("args"), arg_lines));
    if let Err(e) = copied {
        eprintln!("bench (recording finalizer): cannot record {}: {e}", container.to_string_lossy());
        return 2;
    }
    let real = std::env::var_os(REAL_FINALIZER_ENV).unwrap_or_else(|| "GenX_IR".into());
    match Command::new(&real).args(args).status() {
        Ok(s) => s.code().unwrap_or(2),
        Err(e) => {
            eprintln!("bench (recording finalizer): cannot run {}: {e}", real.to_string_lossy());
            2
        }
    }
}

/// One recorded finalizer batch: its container and the arguments genxc ran the finalizer with
/// (the container's file name first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The recorded `.isa` container.
    pub container: std::path::PathBuf,
    /// The finalizer's arguments, as genxc gave them.
    pub args: Vec<String>,
}

/// The batches a recording finalizer wrote into `dir`, by file name.
pub fn recorded_batches(dir: &std::path::Path) -> std::io::Result<Vec<Batch>> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let path = e?.path();
        if path.extension().is_some_and(|x| x == "args") {
            let args: Vec<String> = std::fs::read_to_string(&path)?.lines().map(str::to_string).collect();
            out.push(Batch { container: path.with_extension("isa"), args });
        }
    }
    out.sort_by(|a, b| a.container.cmp(&b.container));
    Ok(out)
}

/// The finalizer `finalizer` alone on `batches`, once, as genxc runs it: one process per batch,
/// all started together, each in a new folder of its own holding its container under the name
/// genxc gave it. `wall` is from the first start to the last exit, `cpu` the sum of the
/// processes' CPU, `peak_rss_kib` the largest process's peak; the first failure is the result.
pub fn finalizer_once(finalizer: &str, batches: &[Batch]) -> std::io::Result<Run> {
    if batches.is_empty() {
        return Err(std::io::Error::other("no finalizer batch was recorded"));
    }
    let dirs = batches
        .iter()
        .map(|b| {
            let dir = tempfile::tempdir()?;
            let name = b.args.first().map_or("batch.isa", String::as_str);
            std::fs::copy(&b.container, dir.path().join(name))?;
            Ok(dir)
        })
        .collect::<std::io::Result<Vec<_>>>()?;
    let start = Instant::now();
    let runs: Vec<std::io::Result<Run>> = std::thread::scope(|s| {
        let handles: Vec<_> = batches
            .iter()
            .zip(&dirs)
            .map(|(b, dir)| {
                s.spawn(move || run(Command::new(finalizer).args(&b.args).current_dir(dir.path())))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err(std::io::Error::other("a measuring thread panicked"))))
            .collect()
    });
    let wall = start.elapsed();
    let runs = runs.into_iter().collect::<std::io::Result<Vec<Run>>>()?;
    if let Some(failed) = runs.iter().find(|r| !r.ok) {
        return Ok(failed.clone());
    }
    Ok(Run {
        wall,
        cpu: runs.iter().map(|r| r.cpu).sum(),
        longest_cpu: runs.iter().map(|r| r.cpu).max().unwrap_or_default(),
        peak_rss_kib: runs.iter().map(|r| r.peak_rss_kib).max().unwrap_or(0),
        ok: true,
        status: "exit 0".into(),
        stderr: String::new(),
    })
}

/// Measures two things in interleaved pairs: pair `i` runs `a` then `b` when `i` is even, `b`
/// then `a` when it is odd, so that the machine's drift within a pair weighs on each side
/// equally often. Runs at least `min` pairs (and at least one), then more until `budget` is
/// spent or `max` pairs are done. Stops after the first pair in which either side failed (that
/// pair is the last one returned). Each pair is `(a's run, b's run)`, whatever its order.
pub fn interleaved_pairs(
    mut a: impl FnMut() -> std::io::Result<Run>,
    mut b: impl FnMut() -> std::io::Result<Run>,
    min: usize,
    max: usize,
    budget: Duration,
) -> std::io::Result<Vec<(Run, Run)>> {
    let started = Instant::now();
    let (min, max) = (min.max(1), max.max(min.max(1)));
    let mut pairs = Vec::new();
    while pairs.len() < max && (pairs.len() < min || started.elapsed() < budget) {
        let pair = if pairs.len() % 2 == 0 {
            let ra = a()?;
            (ra, b()?)
        } else {
            let rb = b()?;
            (a()?, rb)
        };
        let failed = !pair.0.ok || !pair.1.ok;
        pairs.push(pair);
        if failed {
            break;
        }
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_a_child() {
        let r = run(Command::new("sh").args(["-c", "echo hi >&2"])).unwrap();
        assert!(r.ok, "{r:?}");
        assert_eq!(r.stderr, "hi\n");
        assert!(r.peak_rss_kib > 0);
        let r = run(Command::new("sh").args(["-c", "exit 3"])).unwrap();
        assert!(!r.ok);
        assert_eq!(r.status, "exit 3");
        // A child that allocates and touches 80 MiB shows it in its peak memory.
        let big = run(Command::new("python3").args(["-c", "b = bytearray(80 * 1024 * 1024)"])).unwrap();
        assert!(big.ok && big.peak_rss_kib > 80 * 1024, "{big:?}");
        assert!(big.cpu > Duration::ZERO && big.cpu < big.wall * 3, "{big:?}");
    }

    #[test]
    fn pairs_alternate_their_order_and_respect_the_counts() {
        let order = std::cell::RefCell::new(String::new());
        let ok = || run(&mut Command::new("true"));
        let a = || {
            order.borrow_mut().push('a');
            ok()
        };
        let b = || {
            order.borrow_mut().push('b');
            ok()
        };
        let pairs = interleaved_pairs(a, b, 3, 10, Duration::ZERO).unwrap();
        assert_eq!(pairs.len(), 3);
        assert_eq!(*order.borrow(), "abbaab");
        assert!(pairs.iter().all(|(x, y)| x.ok && y.ok));
        // the budget buys more pairs up to the maximum
        order.borrow_mut().clear();
        let pairs = interleaved_pairs(a, b, 1, 4, Duration::from_secs(3600)).unwrap();
        assert_eq!((pairs.len(), order.borrow().len()), (4, 8));
        // a failure ends the pairs
        let mut n = 0;
        let fails_second = || {
            n += 1;
            run(Command::new("sh").args(["-c", if n == 2 { "exit 1" } else { "true" }]))
        };
        let pairs = interleaved_pairs(ok, fails_second, 5, 10, Duration::ZERO).unwrap();
        assert_eq!(pairs.len(), 2);
        assert!(pairs[0].1.ok && !pairs[1].1.ok && pairs[1].0.ok);
    }
}
