//! Where a compilation spends its time and memory, stage by stage (`genxc --time-passes`).
//!
//! A [`PassTimes`] holds, for each [`Stage`] of the driver, the wall-clock time, the CPU time and
//! the process's peak resident set size after the stage. The serial stages (reading, parsing,
//! import, writing) are timed on the calling thread. The per-kernel stages (legalization, register
//! allocation, instruction selection with vISA emission) run on worker threads: their CPU time is
//! the sum over kernels of each worker thread's CPU time, and the wall time of the parallel section
//! is shared out among them in proportion to their CPU time. A compilation of several inputs or
//! several output kinds adds up into the same stages.

use std::time::{Duration, Instant};

/// One stage of the driver, in pipeline order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Reading the input files.
    Read,
    /// LLVM/MLIR parsing, verification, mem2reg and MLIR conversion to LLVM IR.
    Parse,
    /// Validation, import into the GenX IR, kernel metadata and kernel units.
    Import,
    /// Per kernel: element-operation lowering and region legalization.
    Legalize,
    /// Per kernel: region forwarding, baling and vISA variable assignment.
    Regalloc,
    /// Per kernel: instruction selection and the vISA text or binary writers.
    Isel,
    /// Writing the output files (and the depfile).
    Write,
    /// The whole run, from the start of the process's `main` to the end of writing.
    Total,
}

impl Stage {
    /// Every stage, in the order `--time-passes` prints them.
    pub const ALL: [Stage; 8] = [
        Stage::Read,
        Stage::Parse,
        Stage::Import,
        Stage::Legalize,
        Stage::Regalloc,
        Stage::Isel,
        Stage::Write,
        Stage::Total,
    ];

    /// The stage's name in `--time-passes` lines.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Read => "read",
            Stage::Parse => "parse",
            Stage::Import => "import",
            Stage::Legalize => "legalize",
            Stage::Regalloc => "regalloc",
            Stage::Isel => "isel",
            Stage::Write => "write",
            Stage::Total => "total",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The figures of one stage.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StageTime {
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU time (user and system).
    pub cpu: Duration,
    /// The process's peak resident set size after the stage, in KiB (0 if never run).
    pub peak_rss_kib: u64,
}

/// Time and memory per stage of one run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PassTimes {
    stages: [StageTime; 8],
}

impl PassTimes {
    /// No time spent yet.
    pub fn new() -> Self {
        PassTimes::default()
    }

    /// The figures of one stage.
    pub fn get(&self, stage: Stage) -> StageTime {
        self.stages[stage.index()]
    }

    /// Adds wall and CPU time to a stage and records the peak RSS as of now.
    pub fn add(&mut self, stage: Stage, wall: Duration, cpu: Duration) {
        let s = &mut self.stages[stage.index()];
        s.wall += wall;
        s.cpu += cpu;
        s.peak_rss_kib = s.peak_rss_kib.max(peak_rss_kib());
    }

    /// Runs `work` on this thread and adds its wall and thread CPU time to `stage`.
    pub fn time<T>(&mut self, stage: Stage, work: impl FnOnce() -> T) -> T {
        let clock = Clock::start();
        let out = work();
        let (wall, cpu) = clock.elapsed();
        self.add(stage, wall, cpu);
        out
    }

    /// Adds a parallel section: its wall time, and the CPU time each stage spent in it (summed
    /// over kernels); the wall time is shared out in proportion to CPU time. Stages that spent
    /// nothing in it are left alone, except the per-kernel ones, which always run there.
    pub fn add_parallel(&mut self, wall: Duration, cpu: &PhaseTimes) {
        let sum: Duration = cpu.cpu.iter().sum();
        for stage in Stage::ALL {
            let c = cpu.cpu[stage.index()];
            let per_kernel = matches!(stage, Stage::Legalize | Stage::Regalloc | Stage::Isel);
            if c.is_zero() && !per_kernel {
                continue;
            }
            let share = if sum.is_zero() {
                Duration::ZERO
            } else {
                wall.mul_f64(c.as_secs_f64() / sum.as_secs_f64())
            };
            self.add(stage, share, c);
        }
    }

    /// Sets the total: wall time since `start`, CPU time of the whole process so far.
    pub fn finish(&mut self, start: Instant) {
        let s = &mut self.stages[Stage::Total.index()];
        s.wall = start.elapsed();
        s.cpu = process_cpu();
        s.peak_rss_kib = peak_rss_kib();
    }

    /// One line per stage in the order of [`Stage::ALL`]:
    /// `genxc time-passes <stage> wall_ms=<float> cpu_ms=<float> peak_rss_kib=<int>`.
    pub fn report(&self) -> String {
        Stage::ALL
            .iter()
            .map(|&stage| {
                let s = self.get(stage);
                format!(
                    "genxc time-passes {} wall_ms={:.3} cpu_ms={:.3} peak_rss_kib={}\n",
                    stage.name(),
                    s.wall.as_secs_f64() * 1e3,
                    s.cpu.as_secs_f64() * 1e3,
                    s.peak_rss_kib
                )
            })
            .collect()
    }
}

/// CPU time per stage, summed over the kernels of a parallel section.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseTimes {
    cpu: [Duration; 8],
}

impl std::ops::AddAssign for PhaseTimes {
    fn add_assign(&mut self, o: PhaseTimes) {
        for (a, b) in self.cpu.iter_mut().zip(o.cpu) {
            *a += b;
        }
    }
}

impl PhaseTimes {
    /// The CPU time of one stage.
    pub fn get(&self, stage: Stage) -> Duration {
        self.cpu[stage.index()]
    }

    /// Adds `cpu` to a stage.
    pub fn add(&mut self, stage: Stage, cpu: Duration) {
        self.cpu[stage.index()] += cpu;
    }

    /// Adds this thread's CPU time since `last` to `stage`, and moves `last` to now.
    pub fn lap(&mut self, last: &mut Duration, stage: Stage) {
        let now = thread_cpu();
        self.add(stage, now.saturating_sub(*last));
        *last = now;
    }
}

/// A wall clock and this thread's CPU clock, started together.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    wall: Instant,
    cpu: Duration,
}

impl Clock {
    /// Starts both clocks now.
    pub fn start() -> Clock {
        Clock { wall: Instant::now(), cpu: thread_cpu() }
    }

    /// Wall time and this thread's CPU time since [`Clock::start`].
    pub fn elapsed(&self) -> (Duration, Duration) {
        (self.wall.elapsed(), thread_cpu().saturating_sub(self.cpu))
    }
}

fn timespec(clock: libc::clockid_t) -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid timespec to write to.
    if unsafe { libc::clock_gettime(clock, &mut ts) } != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// CPU time of the calling thread.
pub fn thread_cpu() -> Duration {
    timespec(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// CPU time of the whole process (every thread, user and system).
pub fn process_cpu() -> Duration {
    timespec(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// The process's peak resident set size so far, in KiB (`getrusage`).
pub fn peak_rss_kib() -> u64 {
    // SAFETY: an all-zero rusage is a valid value for getrusage to fill in.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `ru` is a valid rusage to write to.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        return 0;
    }
    ru.ru_maxrss.max(0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_wall_time_is_shared_by_cpu() {
        let mut t = PassTimes::new();
        let ms = Duration::from_millis;
        let mut cpu = PhaseTimes::default();
        cpu.add(Stage::Legalize, ms(30));
        cpu.add(Stage::Regalloc, ms(10));
        cpu.add(Stage::Isel, ms(60));
        t.add_parallel(ms(100), &cpu);
        assert_eq!(t.get(Stage::Legalize).wall, ms(30));
        assert_eq!(t.get(Stage::Isel).wall, ms(60));
        assert_eq!(t.get(Stage::Regalloc).cpu, ms(10));
        assert!(t.get(Stage::Isel).peak_rss_kib > 0);
        t.add_parallel(ms(5), &PhaseTimes::default());
        assert_eq!(t.get(Stage::Legalize).wall, ms(30));
        assert_eq!(t.get(Stage::Parse), StageTime::default());
        let lines: Vec<String> = t.report().lines().map(str::to_string).collect();
        assert_eq!(lines.len(), 8);
        assert!(lines[3].starts_with("genxc time-passes legalize wall_ms=30.000 cpu_ms=30.000 peak_rss_kib="));
    }

    #[test]
    fn thread_cpu_advances_with_work() {
        let before = thread_cpu();
        let mut x = 0u64;
        for i in 0..5_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(thread_cpu() > before);
        assert!(process_cpu() >= thread_cpu());
    }
}
