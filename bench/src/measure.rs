//! Running a command and measuring it: wall time from spawn to exit, and the child's peak
//! resident memory as the kernel counted it (`wait4`'s `ru_maxrss`), with its standard error.
//!
//! Linux counts in a child's `ru_maxrss` the resident memory of the process that spawned it (the
//! peak of the address space it replaced at `exec`), so a child of the bench, which holds the
//! generated workloads, reported at least the bench's own size. [`best_of`] therefore spawns
//! each measured command from a small helper process ([`MEASURE_ARG`], handled by
//! [`helper_main`]): the peak a command reports is then its own, above a floor of a few MB.

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
    Ok(Run { wall, cpu, peak_rss_kib: usage.ru_maxrss.max(0) as u64, ok, status, stderr })
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
    Ok(Run {
        wall: ns(wall)?,
        cpu: ns(cpu)?,
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
/// /work/shared/tools/igc-vc's recipe runs it.
pub fn ocloc(bc: &std::path::Path, out: &std::path::Path) -> Command {
    let _ = std::fs::remove_dir_all(out);
    let mut c = Command::new("ocloc");
    c.args(["compile", "-llvm_input", "-file"])
        .arg(bc)
        .args(["-device", "tgllp", "-options", "-vc-codegen", "-out_dir"])
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
}
