//! A timeline of the driver's phases per thread, for finding where a core idles
//! (`GENXC_TRACE=FILE`): each phase a thread runs (the plan's read, a chunk's import, a unit's
//! compile, a finalizer batch's encoding, its `GenX_IR` process, the zebin's packing) appends one
//! line to FILE when it ends: the thread, the phase, its start and end on the monotonic clock and
//! the thread's CPU time in it, in microseconds. Without the variable nothing is recorded and a
//! phase costs one check of a lazily read setting.
//!
//! Line format (tab-separated): `tid  label  start_us  end_us  cpu_us`. A `GenX_IR` process is
//! recorded by the thread waiting for it (its label starts with `GenX_IR`; the CPU is the waiting
//! thread's, about none: the process itself is busy from start to end).

use std::io::Write;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// The trace file, when `GENXC_TRACE` names one.
fn sink() -> Option<&'static Mutex<std::fs::File>> {
    static SINK: OnceLock<Option<Mutex<std::fs::File>>> = OnceLock::new();
    SINK.get_or_init(|| {
        let path = std::env::var_os("GENXC_TRACE")?;
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path).ok()?;
        Some(Mutex::new(file))
    })
    .as_ref()
}

/// Whether phases are being recorded.
pub fn enabled() -> bool {
    sink().is_some()
}

/// The monotonic clock, in microseconds.
pub fn now_us() -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid timespec to write to.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000 + ts.tv_nsec as u64 / 1_000
}

/// This thread's id (the kernel's, as `perf` and `strace` show it).
fn tid() -> i64 {
    // SAFETY: gettid has no preconditions.
    unsafe { libc::syscall(libc::SYS_gettid) }
}

/// Appends one phase of this thread to the trace.
pub fn record(label: &str, start_us: u64, end_us: u64, cpu: Duration) {
    let Some(sink) = sink() else { return };
    let line = format!("{}\t{label}\t{start_us}\t{end_us}\t{}\n", tid(), cpu.as_micros());
    if let Ok(mut f) = sink.lock() {
        let _ = f.write_all(line.as_bytes());
    }
}

/// A phase of this thread, recorded when dropped (nothing when tracing is off).
pub struct Phase {
    /// The label, start (monotonic µs) and thread CPU at the start, when tracing.
    open: Option<(String, u64, Duration)>,
}

/// Starts a phase named by `label()` (called only when tracing).
pub fn phase(label: impl FnOnce() -> String) -> Phase {
    Phase { open: enabled().then(|| (label(), now_us(), crate::timing::thread_cpu())) }
}

impl Drop for Phase {
    fn drop(&mut self) {
        if let Some((label, start, cpu)) = self.open.take() {
            record(&label, start, now_us(), crate::timing::thread_cpu().saturating_sub(cpu));
        }
    }
}
