//! The benchmark's results: one row per workload and tool, the `genxc --time-passes` lines read
//! back into per-stage figures, the growth exponents, the table (Markdown) and the verdict on
//! each target of issue 7 and of issue 21's speed of `genxc --emit zebin` (against ocloc, and
//! against Intel's finalizer alone on the same containers).

use std::fmt::Write;

/// The stages `genxc --time-passes` reports, in its order (`total` last).
pub const STAGES: [&str; 8] = ["read", "parse", "import", "legalize", "regalloc", "isel", "write", "total"];

/// One stage line of `genxc --time-passes`.
#[derive(Clone, Debug, PartialEq)]
pub struct StageTime {
    /// The stage's name (one of [`STAGES`]).
    pub stage: String,
    /// Wall time, milliseconds.
    pub wall_ms: f64,
    /// CPU time of every thread, milliseconds.
    pub cpu_ms: f64,
    /// Peak resident memory of the process at the end of the stage, KiB.
    pub peak_rss_kib: u64,
}

/// Reads the `genxc time-passes <stage> wall_ms=<f> cpu_ms=<f> peak_rss_kib=<n>` lines of a
/// standard error; other lines are ignored, and so is a stderr without any (an older genxc).
pub fn parse_time_passes(stderr: &str) -> Vec<StageTime> {
    stderr
        .lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("genxc time-passes ")?;
            let mut words = rest.split_whitespace();
            let stage = words.next()?.to_string();
            let (mut wall, mut cpu, mut rss) = (None, None, None);
            for w in words {
                match w.split_once('=')? {
                    ("wall_ms", v) => wall = v.parse().ok(),
                    ("cpu_ms", v) => cpu = v.parse().ok(),
                    ("peak_rss_kib", v) => rss = v.parse().ok(),
                    _ => {}
                }
            }
            Some(StageTime { stage, wall_ms: wall?, cpu_ms: cpu?, peak_rss_kib: rss? })
        })
        .collect()
}

/// A measured figure of one tool on one workload, or why there is none.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// Wall time (ms) and peak resident memory (KiB).
    Time {
        /// Wall milliseconds.
        ms: f64,
        /// CPU milliseconds (user and system, every thread).
        cpu_ms: f64,
        /// Peak resident memory, KiB.
        rss_kib: u64,
    },
    /// Not run, with the reason shown in the table (e.g. "skipped: too long").
    Skipped(String),
    /// The tool failed.
    Failed(String),
}

impl Cell {
    /// The CPU time when measured.
    pub fn cpu_ms(&self) -> Option<f64> {
        match self {
            Cell::Time { cpu_ms, .. } => Some(*cpu_ms),
            _ => None,
        }
    }

    /// The wall time when measured.
    pub fn ms(&self) -> Option<f64> {
        match self {
            Cell::Time { ms, .. } => Some(*ms),
            _ => None,
        }
    }

    /// Peak resident memory (KiB), if measured.
    pub fn rss_kib(&self) -> Option<u64> {
        match self {
            Cell::Time { rss_kib, .. } => Some(*rss_kib),
            _ => None,
        }
    }

    fn show(&self) -> String {
        match self {
            Cell::Time { ms, .. } => fmt_ms(*ms),
            Cell::Skipped(why) => why.clone(),
            Cell::Failed(why) => format!("FAILED ({why})"),
        }
    }
}

/// One interleaved measurement of issue 21's ratio: a `genxc --emit zebin` run and, right
/// before or after it, Intel's finalizer alone on the containers genxc gives it. Both halves see
/// the machine in nearly the same state, so their ratio holds where two minima taken minutes
/// apart do not (this machine's speed drifts 2x over minutes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    /// genxc's wall milliseconds.
    pub genxc_ms: f64,
    /// genxc's CPU milliseconds (every thread, the finalizer processes included).
    pub genxc_cpu_ms: f64,
    /// The finalizer's wall milliseconds (its processes all started together).
    pub finalizer_ms: f64,
    /// The finalizer's CPU milliseconds, summed over its processes.
    pub finalizer_cpu_ms: f64,
    /// The CPU milliseconds of the finalizer's longest process: the set's wall time when each
    /// process has a core of its own (a quiet machine).
    pub finalizer_longest_cpu_ms: f64,
}

impl Pair {
    /// Issue 21's ratio as measured: genxc's wall time over the finalizer's CPU time divided by
    /// the cores. Other processes on the cores lengthen the wall time and not the CPU time, so
    /// on a busy machine this is mostly the load.
    pub fn over_bound(&self, cores: usize) -> f64 {
        self.genxc_ms / (self.finalizer_cpu_ms / cores.max(1) as f64)
    }

    /// [`Self::over_bound`] corrected for the load the pair ran under: genxc's wall over the
    /// finalizer's (both lengthened alike by other processes, measured back to back), times the
    /// finalizer's quiet wall (its longest process's CPU) over its CPU divided by the cores. On a
    /// quiet machine, where the finalizer's wall is its longest process's CPU, the two agree.
    pub fn over_bound_corrected(&self, cores: usize) -> f64 {
        self.genxc_ms / self.finalizer_ms * self.finalizer_longest_cpu_ms
            / (self.finalizer_cpu_ms / cores.max(1) as f64)
    }
}

/// The distribution of a set of figures: median, quartiles and range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// How many figures.
    pub n: usize,
    /// The median (the mean of the middle two for an even count).
    pub median: f64,
    /// The first quartile.
    pub q1: f64,
    /// The third quartile.
    pub q3: f64,
    /// The smallest figure.
    pub min: f64,
    /// The largest figure.
    pub max: f64,
}

/// The `p`-quantile (0 to 1) of sorted `v` (not empty), interpolated linearly between the two
/// nearest ranks.
fn quantile(v: &[f64], p: f64) -> f64 {
    let at = p * (v.len() - 1) as f64;
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    v[lo] + (v[hi] - v[lo]) * (at - lo as f64)
}

impl Spread {
    /// The spread of the finite figures of `values`, `None` when there is none.
    pub fn of(values: impl IntoIterator<Item = f64>) -> Option<Spread> {
        let mut v: Vec<f64> = values.into_iter().filter(|x| x.is_finite()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        Some(Spread {
            n: v.len(),
            median: quantile(&v, 0.5),
            q1: quantile(&v, 0.25),
            q3: quantile(&v, 0.75),
            min: v[0],
            max: v[v.len() - 1],
        })
    }

    /// `median of 13 pairs, IQR 1.10-1.21, range 1.05-1.30`.
    pub fn describe(&self) -> String {
        format!(
            "median of {} pair{}, IQR {:.2}-{:.2}, range {:.2}-{:.2}",
            self.n,
            if self.n == 1 { "" } else { "s" },
            self.q1,
            self.q3,
            self.min,
            self.max
        )
    }
}

/// One workload's row.
#[derive(Clone, Debug)]
pub struct Row {
    /// Kernels in the module.
    pub kernels: usize,
    /// Operations per kernel.
    pub ops: usize,
    /// `-j` given to genxc (0 = one thread per core).
    pub jobs: usize,
    /// Size of the `.ll` file, bytes.
    pub ll_bytes: u64,
    /// genxc on the `.ll`.
    pub genxc: Cell,
    /// genxc's `--time-passes` lines (empty when this genxc has no such option).
    pub stages: Vec<StageTime>,
    /// genxc on the `.mlir` of the same kernels.
    pub genxc_mlir: Cell,
    /// `llvm-as-14` on the `.ll`.
    pub llvm_as: Cell,
    /// Intel's Vector Compiler (ocloc) on the bitcode, finalization included.
    pub igc: Cell,
    /// genxc `--emit zebin` on the bitcode IGC's row is given (`k.bc`): to the device binary,
    /// Intel's finalizer (GenX_IR) included, as IGC's row.
    pub genxc_zebin: Cell,
    /// genxc `--emit zebin` on the `.ll` text of the same kernels (the other input users have).
    pub genxc_zebin_ll: Cell,
    /// Intel's finalizer alone on the `.isa` containers genxc gave it for the zebin, one process
    /// per container at once: wall of the set, CPU summed over the processes.
    pub finalizer: Cell,
    /// `genxc_zebin` and `finalizer` measured in interleaved pairs (empty when they were measured
    /// apart): the ratios of issue 21 are the medians of the pairs' own ratios.
    pub zebin_pairs: Vec<Pair>,
    /// `igc` and `genxc_zebin` measured in interleaved pairs (one-kernel rows; empty when they
    /// were measured apart): each pair's ocloc and genxc milliseconds. The one-kernel speed-up of
    /// issue 21 is the median of the pairs' own ratios.
    pub igc_zebin_pairs: Vec<(f64, f64)>,
}

impl Row {
    /// The memory target of issue 7 for this row: 4x the input size plus 64 MiB, in KiB.
    pub fn memory_limit_kib(&self) -> u64 {
        4 * self.ll_bytes / 1024 + 64 * 1024
    }

    fn label(&self) -> String {
        let j = if self.jobs == 0 { String::new() } else { format!(" -j{}", self.jobs) };
        format!("{} x {}{j}", self.kernels, self.ops)
    }
}

/// `log(t2/t1) / log(x2/x1)`: the exponent of a power law through two points.
pub fn exponent(x1: f64, t1: f64, x2: f64, t2: f64) -> f64 {
    (t2 / t1).ln() / (x2 / x1).ln()
}

/// The exponent of `n log n` between `n1` and `n2`: what "at most n log n" allows.
pub fn n_log_n_exponent(n1: f64, n2: f64) -> f64 {
    1.0 + (n2.ln() / n1.ln()).ln() / (n2 / n1).ln()
}

fn fmt_ms(ms: f64) -> String {
    if ms >= 100.0 {
        format!("{ms:.0}")
    } else if ms >= 10.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.2}")
    }
}

fn fmt_mb(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}

fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    Some(a? / b?)
}

fn show_ratio(r: Option<f64>) -> String {
    r.map_or("–".into(), |r| format!("{r:.2}"))
}

/// Everything the bench measured, ready to print.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The rows, in the order run.
    pub rows: Vec<Row>,
    /// The `-j1` / `-j2` comparison: (row index at -j1, row index at -j2, outputs identical).
    pub jobs_pair: Option<(usize, usize, bool)>,
    /// Cores of the machine (0 is taken as 1): the finalizer's CPU time divided by them is the
    /// shortest wall time its work can take.
    pub cores: usize,
}

/// The growth exponent of one step of a scan: from one size to the next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The smaller size (N or S).
    pub from: f64,
    /// The larger size.
    pub to: f64,
    /// `log(t2/t1) / log(to/from)` of genxc's wall time.
    pub exponent: f64,
}

/// The growth of genxc's time in N (at one S) and in S (at N = 1), step by step.
#[derive(Clone, Debug, Default)]
pub struct Growth {
    /// The S of the scan in N (the S with the most kernel counts measured).
    pub s_for_n: Option<usize>,
    /// The steps in N.
    pub in_n: Vec<Step>,
    /// The steps in S.
    pub in_s: Vec<Step>,
}

/// What one more kernel of `ops` operations costs each tool (see [`Report::per_kernel`]).
#[derive(Clone, Debug)]
pub struct PerKernel {
    /// Operations per kernel.
    pub ops: usize,
    /// The most kernels of a module measured with both tools.
    pub kernels: usize,
    /// genxc's milliseconds per added kernel.
    pub genxc_ms: f64,
    /// IGC's milliseconds per added kernel.
    pub igc_ms: f64,
    /// The same ratio from one kernel to each smaller module: (kernels, ratio). Fixed costs
    /// weigh more there (genxc's warm-up, IGC's per-kernel time grows with the module).
    pub smaller: Vec<(usize, f64)>,
}

impl PerKernel {
    /// How many times faster genxc is per kernel (0 when genxc's cost is not positive).
    pub fn ratio(&self) -> f64 {
        if self.genxc_ms > 0.0 {
            self.igc_ms / self.genxc_ms
        } else {
            0.0
        }
    }

    /// `S=100: 21.3x (genxc 0.37 ms, IGC 7.9 ms per added kernel, 1 -> 512 kernels; 1 -> 8: 13.3x)`.
    pub fn describe(&self) -> String {
        let smaller: String = self.smaller.iter().map(|(n, r)| format!("; 1 -> {n}: {r:.1}x")).collect();
        format!(
            "S={}: {:.1}x (genxc {:.2} ms, IGC {:.1} ms per added kernel, 1 -> {} kernels{smaller})",
            self.ops,
            self.ratio(),
            self.genxc_ms,
            self.igc_ms,
            self.kernels
        )
    }
}

/// The verdict on one target.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The target in words.
    pub target: String,
    /// `Some(true)` met, `Some(false)` not met, `None` not measured.
    pub pass: Option<bool>,
    /// The figures behind it.
    pub detail: String,
}

/// The kernel size (operations) of issue 21's `--emit zebin` rows, where its targets are judged:
/// 512 kernels of it fit the operations IGC runs on. Other sizes are shown beside the verdicts.
pub const ZEBIN_OPS: usize = 100;

/// The kernel counts at which `genxc --emit zebin` is judged against the finalizer alone.
pub const ZEBIN_MANY: [usize; 2] = [64, 512];

/// How much longer than the finalizer's CPU time divided by the cores `genxc --emit zebin` may
/// take at [`ZEBIN_MANY`] kernels (10%).
pub const ZEBIN_SLACK: f64 = 1.10;

/// How many times faster than ocloc `genxc --emit zebin` must be on one kernel.
pub const ZEBIN_ONE_KERNEL_SPEEDUP: f64 = 5.0;

impl Report {
    /// The finalizer's CPU time of a row divided by the cores: the shortest wall time its work
    /// can take on this machine.
    pub fn finalizer_bound_ms(&self, r: &Row) -> Option<f64> {
        Some(r.finalizer.cpu_ms()? / self.cores.max(1) as f64)
    }

    /// The pair ratios of `genxc --emit zebin`'s wall time over the finalizer's CPU time divided
    /// by the cores ([`Self::finalizer_bound_ms`]), each pair against itself ([`Pair::over_bound`]).
    pub fn zebin_over_bound_pairs(&self, r: &Row) -> Option<Spread> {
        Spread::of(r.zebin_pairs.iter().map(|p| p.over_bound(self.cores)))
    }

    /// The same pair ratios corrected for the load each pair ran under
    /// ([`Pair::over_bound_corrected`]): what the verdict of issue 21 reads.
    pub fn zebin_over_bound_corrected_pairs(&self, r: &Row) -> Option<Spread> {
        Spread::of(r.zebin_pairs.iter().map(|p| p.over_bound_corrected(self.cores)))
    }

    /// `genxc --emit zebin`'s wall time over [`Self::finalizer_bound_ms`]: the median of the pair
    /// ratios when the row was measured in pairs, else the ratio of the two cells.
    pub fn zebin_over_bound(&self, r: &Row) -> Option<f64> {
        match self.zebin_over_bound_pairs(r) {
            Some(s) => Some(s.median),
            None => ratio(r.genxc_zebin.ms(), self.finalizer_bound_ms(r)),
        }
    }

    /// The figure issue 21's verdict judges: the median load-corrected pair ratio when the row
    /// was measured in pairs, else [`Self::zebin_over_bound`].
    pub fn zebin_verdict_ratio(&self, r: &Row) -> Option<f64> {
        match self.zebin_over_bound_corrected_pairs(r) {
            Some(s) => Some(s.median),
            None => self.zebin_over_bound(r),
        }
    }

    /// How much of the cores the finalizer alone had in a row's pairs (median of its CPU over its
    /// wall times the cores): about 0.9 on a quiet machine (its batches end a little apart), less
    /// when other processes share the cores. Its wall and genxc's in the same pair see the same
    /// machine, so below it the target's ratio (wall against CPU) says more about the machine's
    /// load than about genxc, and the pairs' wall ratio is the figure to read.
    pub fn finalizer_core_share(&self, r: &Row) -> Option<f64> {
        let cores = self.cores.max(1) as f64;
        Spread::of(r.zebin_pairs.iter().map(|p| p.finalizer_cpu_ms / (p.finalizer_ms * cores)))
            .map(|s| s.median)
    }

    /// A ratio of genxc's zebin run to the finalizer alone (`of` picks it from a pair): the
    /// median of the pairs' when there are pairs, else `cells` of the two cells.
    fn zebin_pair_ratio(r: &Row, of: fn(&Pair) -> f64, cells: Option<f64>) -> Option<f64> {
        Spread::of(r.zebin_pairs.iter().map(of)).map(|s| s.median).or(cells)
    }

    /// ocloc's time over genxc `--emit zebin`'s in a row's interleaved pairs, `None` without
    /// pairs.
    pub fn igc_over_zebin_pairs(r: &Row) -> Option<Spread> {
        Spread::of(r.igc_zebin_pairs.iter().filter(|p| p.1 > 0.0).map(|&(igc, genxc)| igc / genxc))
    }

    /// Rows of the default `-j` with `ops` operations, by kernel count (the scan in N).
    fn scan_n(&self, ops: usize) -> Vec<&Row> {
        let mut v: Vec<&Row> = self.rows.iter().filter(|r| r.ops == ops && r.jobs == 0).collect();
        v.sort_by_key(|r| r.kernels);
        v.dedup_by_key(|r| r.kernels);
        v
    }

    /// Rows of the default `-j` with one kernel, by size (the scan in S).
    fn scan_s(&self) -> Vec<&Row> {
        let mut v: Vec<&Row> = self.rows.iter().filter(|r| r.kernels == 1 && r.jobs == 0).collect();
        v.sort_by_key(|r| r.ops);
        v
    }

    /// The exponents between consecutive points of a scan.
    fn exponents(points: &[(f64, Option<f64>)]) -> Vec<Step> {
        points
            .windows(2)
            .filter_map(|w| {
                let (t1, t2) = (w[0].1?, w[1].1?);
                Some(Step { from: w[0].0, to: w[1].0, exponent: exponent(w[0].0, t1, w[1].0, t2) })
            })
            .collect()
    }

    /// The growth exponents of genxc's wall time in N (at the S with the most N points) and in S
    /// (at N = 1).
    pub fn growth(&self) -> Growth {
        self.growth_of(Cell::ms)
    }

    /// The growth exponents of a figure of genxc's runs (`Cell::ms`, `Cell::cpu_ms`).
    pub fn growth_of(&self, figure: fn(&Cell) -> Option<f64>) -> Growth {
        let mut ss: Vec<usize> = self.rows.iter().map(|r| r.ops).collect();
        ss.sort();
        ss.dedup();
        let s_for_n = ss.into_iter().max_by_key(|&s| (self.scan_n(s).len(), std::cmp::Reverse(s)));
        let n = s_for_n.map_or(vec![], |s| {
            Self::exponents(
                &self.scan_n(s).iter().map(|r| (r.kernels as f64, figure(&r.genxc))).collect::<Vec<_>>(),
            )
        });
        let s = Self::exponents(
            &self.scan_s().iter().map(|r| (r.ops as f64, figure(&r.genxc))).collect::<Vec<_>>(),
        );
        Growth { s_for_n, in_n: n, in_s: s }
    }

    /// The time each kernel adds to a compile, per kernel size of 100-1,000 operations where IGC
    /// ran on one kernel and on more: from the one-kernel row to the row with the most kernels
    /// (default `-j`), `(t(N) - t(1)) / (N - 1)` for genxc and for IGC; the target is judged there,
    /// where the fixed costs weigh least, and the ratios of the smaller modules are kept beside it.
    pub fn per_kernel(&self) -> Vec<PerKernel> {
        let mut ss: Vec<usize> =
            self.rows.iter().map(|r| r.ops).filter(|s| (100..=1000).contains(s)).collect();
        ss.sort();
        ss.dedup();
        ss.into_iter()
            .filter_map(|ops| {
                let rows = || {
                    self.rows.iter().filter(move |r| {
                        r.ops == ops && r.jobs == 0 && r.genxc.ms().is_some() && r.igc.ms().is_some()
                    })
                };
                let one = rows().find(|r| r.kernels == 1)?;
                let many = rows().filter(|r| r.kernels > 1).max_by_key(|r| r.kernels)?;
                let per_added = |r: &Row| {
                    let added = (r.kernels - 1) as f64;
                    Some(((r.genxc.ms()? - one.genxc.ms()?) / added, (r.igc.ms()? - one.igc.ms()?) / added))
                };
                let (genxc_ms, igc_ms) = per_added(many)?;
                let mut smaller: Vec<(usize, f64)> = rows()
                    .filter(|r| r.kernels > 1 && r.kernels < many.kernels)
                    .filter_map(|r| {
                        let (g, i) = per_added(r)?;
                        (g > 0.0).then(|| (r.kernels, i / g))
                    })
                    .collect();
                smaller.sort_by_key(|&(n, _)| n);
                Some(PerKernel { ops, kernels: many.kernels, genxc_ms, igc_ms, smaller })
            })
            .collect()
    }

    /// The verdicts on the targets of issue 7.
    pub fn verdicts(&self) -> Vec<Verdict> {
        let mut out = Vec::new();
        // Rows where genxc itself failed: an "every row" target cannot pass with one of them.
        let failed: Vec<String> =
            self.rows.iter().filter(|r| matches!(r.genxc, Cell::Failed(_))).map(Row::label).collect();
        let failed_detail = || format!("genxc failed: {}", failed.join(", "));
        // 1. A whole compile of a .ll at most twice llvm-as-14 parsing it.
        let worst = self
            .rows
            .iter()
            .filter_map(|r| Some((r.label(), ratio(r.genxc.ms(), r.llvm_as.ms())?)))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        out.push(Verdict {
            target: "whole compile <= 2x llvm-as-14 on the same .ll (every row)".into(),
            pass: if failed.is_empty() { worst.as_ref().map(|w| w.1 <= 2.0) } else { Some(false) },
            detail: if failed.is_empty() {
                worst.map_or("not measured".into(), |(l, r)| format!("worst {r:.2}x ({l})"))
            } else {
                failed_detail()
            },
        });
        // 2. At least 20x faster than IGC per kernel, for kernels of 100-1,000 operations: the
        //    time each kernel adds to a compile, for both tools (start-up is paid once per run).
        let costs = self.per_kernel();
        let worst = costs.iter().map(PerKernel::ratio).min_by(f64::total_cmp);
        let alone: Vec<String> = self
            .rows
            .iter()
            .filter(|r| r.kernels == 1 && r.jobs == 0 && (100..=1000).contains(&r.ops))
            .filter_map(|r| Some(format!("{:.1}x at S={}", ratio(r.igc.ms(), r.genxc.ms())?, r.ops)))
            .collect();
        out.push(Verdict {
            target: "per kernel >= 20x faster than IGC VC (kernels of 100-1,000 ops)".into(),
            pass: worst.map(|w| w >= 20.0),
            detail: if costs.is_empty() {
                "IGC not measured on modules of several kernels".into()
            } else {
                let mut d = costs.iter().map(PerKernel::describe).collect::<Vec<_>>().join("; ");
                if !alone.is_empty() {
                    d.push_str(&format!("; a module of one kernel, start-up included: {}", alone.join(", ")));
                }
                d
            },
        });
        // 3. -j2 at least 1.8x faster than -j1 on 512 kernels, output byte-identical.
        let (pass, detail) = match self.jobs_pair {
            Some((a, b, same)) => {
                let (r1, r2) = (&self.rows[a], &self.rows[b]);
                match ratio(r1.genxc.ms(), r2.genxc.ms()) {
                    Some(s) => (
                        Some(s >= 1.8 && same),
                        format!(
                            "{s:.2}x on {} kernels x {} ops; outputs {}",
                            r1.kernels,
                            r1.ops,
                            if same { "identical" } else { "DIFFER" }
                        ),
                    ),
                    None => (Some(false), "a run failed".into()),
                }
            }
            None => (None, "not measured".into()),
        };
        out.push(Verdict {
            target: "-j2 >= 1.8x faster than -j1 (512 kernels), same bytes".into(),
            pass,
            detail,
        });
        // 4. Time linear in N, at most n log n in S: judged on the last (largest) step.
        let g = self.growth();
        let last_n = g.in_n.last().copied();
        out.push(Verdict {
            target: "time linear in N (exponent <= 1.10 on the largest step)".into(),
            pass: last_n.map(|st| st.exponent <= 1.10),
            detail: last_n.map_or("not measured".into(), |st| {
                format!("{:.2} from N={} to N={} (S={})", st.exponent, st.from, st.to, g.s_for_n.unwrap_or(0))
            }),
        });
        let last_s = g.in_s.last().copied();
        out.push(Verdict {
            target: "time at most n log n in S (exponent <= n log n's + 0.05 on the largest step)".into(),
            pass: last_s.map(|st| st.exponent <= n_log_n_exponent(st.from, st.to) + 0.05),
            detail: last_s.map_or("not measured".into(), |st| {
                format!(
                    "{:.2} from S={} to S={} (N=1; n log n: {:.2})",
                    st.exponent,
                    st.from,
                    st.to,
                    n_log_n_exponent(st.from, st.to)
                )
            }),
        });
        // 5. Peak memory at most 4x the input size plus 64 MB.
        let over: Vec<String> = self
            .rows
            .iter()
            .filter_map(|r| {
                let rss_kib = r.genxc.rss_kib().filter(|&k| k > r.memory_limit_kib())?;
                Some(format!("{}: {} MB > {} MB", r.label(), fmt_mb(rss_kib), fmt_mb(r.memory_limit_kib())))
            })
            .collect();
        let tightest = self
            .rows
            .iter()
            .filter_map(|r| Some((r.genxc.rss_kib()? as f64 / r.memory_limit_kib() as f64, r)))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        out.push(Verdict {
            target: "peak memory <= 4x input + 64 MB (every row)".into(),
            pass: if failed.is_empty() { tightest.map(|_| over.is_empty()) } else { Some(false) },
            detail: if !failed.is_empty() {
                failed_detail()
            } else if over.is_empty() {
                tightest.map_or("not measured".into(), |(f, r)| {
                    format!("highest {:.0}% of the limit ({})", f * 100.0, r.label())
                })
            } else {
                over.join("; ")
            },
        });
        // 6. (issue 21) On one kernel, genxc --emit zebin at least 5x faster than ocloc as a
        //    whole process, Intel's finalizer included.
        // (judged at S = ZEBIN_OPS; other sizes follow in the detail)
        //    Judged on the median of the interleaved pairs' ratios when measured so.
        let mut one: Vec<(String, f64, bool, Option<Spread>)> = self
            .rows
            .iter()
            .filter(|r| r.kernels == 1 && r.jobs == 0)
            .filter_map(|r| {
                let pairs = Self::igc_over_zebin_pairs(r);
                let x = pairs.map(|s| s.median).or_else(|| ratio(r.igc.ms(), r.genxc_zebin.ms()))?;
                Some((r.label(), x, r.ops == ZEBIN_OPS, pairs))
            })
            .collect();
        one.sort_by_key(|o| !o.2);
        let worst = one.iter().filter(|o| o.2).min_by(|a, b| a.1.total_cmp(&b.1));
        out.push(Verdict {
            target: format!(
                "--emit zebin >= {ZEBIN_ONE_KERNEL_SPEEDUP:.0}x faster than ocloc -vc-codegen on 1 kernel of {ZEBIN_OPS} ops (whole process, finalizer included)"
            ),
            pass: worst.map(|w| w.1 >= ZEBIN_ONE_KERNEL_SPEEDUP),
            detail: if worst.is_none() {
                "not measured".into()
            } else {
                one.iter()
                    .map(|(l, x, judged, pairs)| {
                        let pairs = pairs.map_or(String::new(), |p| format!(": {}", p.describe()));
                        format!("{x:.1}x ({l}{pairs}{})", if *judged { "" } else { ", not judged" })
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        });
        // 7. (issue 21) At 64 and 512 kernels, genxc --emit zebin within 10% of the finalizer's
        //    own CPU time divided by the cores.
        //    Judged on the median of the interleaved pairs' ratios when measured so.
        let many: Vec<(&Row, f64, f64, f64, Option<Spread>)> = self
            .rows
            .iter()
            .filter(|r| ZEBIN_MANY.contains(&r.kernels) && r.jobs == 0 && r.ops == ZEBIN_OPS)
            .filter_map(|r| {
                Some((
                    r,
                    r.genxc_zebin.ms()?,
                    self.finalizer_bound_ms(r)?,
                    self.zebin_verdict_ratio(r)?,
                    self.zebin_over_bound_corrected_pairs(r),
                ))
            })
            .collect();
        out.push(Verdict {
            target: format!(
                "--emit zebin within {:.0}% of GenX_IR's CPU / {} cores at {} kernels of {ZEBIN_OPS} ops",
                (ZEBIN_SLACK - 1.0) * 100.0,
                self.cores.max(1),
                ZEBIN_MANY.map(|n| n.to_string()).join(" and ")
            ),
            pass: (!many.is_empty()).then(|| many.iter().all(|m| m.3 <= ZEBIN_SLACK)),
            detail: if many.is_empty() {
                "not measured".into()
            } else {
                many.iter()
                    .map(|(r, z, b, x, pairs)| match pairs {
                        Some(p) => format!(
                            "{x:.2}x ({}: load-corrected, {}; uncorrected {}x; best {} ms against {} \
                             ms; against GenX_IR alone's wall {}x, which had {} of the {} cores)",
                            r.label(),
                            p.describe(),
                            show_ratio(self.zebin_over_bound(r)),
                            fmt_ms(*z),
                            fmt_ms(*b),
                            show_ratio(Self::zebin_pair_ratio(r, |p| p.genxc_ms / p.finalizer_ms, None)),
                            show_ratio(self.finalizer_core_share(r)),
                            self.cores.max(1)
                        ),
                        None => {
                            format!("{x:.2}x ({}: {} ms against {} ms)", r.label(), fmt_ms(*z), fmt_ms(*b))
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        });
        out
    }

    /// The table, the growth exponents and the verdicts, as Markdown. A stage's cell is its wall
    /// time and, in parentheses, the process's peak memory (MB) at its end.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let stage_cols = &STAGES[..STAGES.len() - 1];
        let _ = write!(s, "| N x S | .ll MB | genxc ms | genxc CPU ms | ");
        for st in stage_cols {
            let _ = write!(s, "{st} ms (MB) | ");
        }
        s.push_str("peak MB | limit MB | llvm-as-14 ms | llvm-as CPU ms | llvm-as peak MB | genxc / llvm-as | genxc .mlir ms | IGC VC ms | IGC / genxc | genxc zebin ms | genxc zebin CPU ms | genxc zebin .ll ms | genxc zebin .ll CPU ms | IGC / genxc zebin | GenX_IR alone ms | GenX_IR CPU ms | GenX_IR CPU / cores ms | genxc zebin / (GenX_IR CPU / cores) | genxc zebin / GenX_IR alone | genxc zebin CPU / GenX_IR CPU | pairs | pair ratio IQR | load-corrected pair ratio | its IQR |\n");
        s.push_str("|---|---:|---:|---:|");
        for _ in stage_cols {
            s.push_str("---:|");
        }
        s.push_str(
            "---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        for r in &self.rows {
            let cpu = |c: &Cell| c.cpu_ms().map_or("–".into(), fmt_ms);
            let _ = write!(
                s,
                "| {} | {:.2} | {} | {} | ",
                r.label(),
                r.ll_bytes as f64 / 1e6,
                r.genxc.show(),
                cpu(&r.genxc)
            );
            for st in stage_cols {
                let v = r.stages.iter().find(|t| t.stage == *st).map_or("–".into(), |t| {
                    format!("{} ({:.0})", fmt_ms(t.wall_ms), t.peak_rss_kib as f64 / 1024.0)
                });
                let _ = write!(s, "{v} | ");
            }
            let peak = r.genxc.rss_kib().map_or("–".into(), fmt_mb);
            let pairs = self.zebin_over_bound_pairs(r);
            let corrected = self.zebin_over_bound_corrected_pairs(r);
            let _ = writeln!(
                s,
                "{peak} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                fmt_mb(r.memory_limit_kib()),
                r.llvm_as.show(),
                cpu(&r.llvm_as),
                r.llvm_as.rss_kib().map_or("–".into(), fmt_mb),
                show_ratio(ratio(r.genxc.ms(), r.llvm_as.ms())),
                r.genxc_mlir.show(),
                r.igc.show(),
                show_ratio(ratio(r.igc.ms(), r.genxc.ms())),
                r.genxc_zebin.show(),
                cpu(&r.genxc_zebin),
                r.genxc_zebin_ll.show(),
                cpu(&r.genxc_zebin_ll),
                show_ratio(ratio(r.igc.ms(), r.genxc_zebin.ms())),
                r.finalizer.show(),
                cpu(&r.finalizer),
                self.finalizer_bound_ms(r).map_or("–".into(), fmt_ms),
                show_ratio(self.zebin_over_bound(r)),
                show_ratio(Self::zebin_pair_ratio(
                    r,
                    |p| p.genxc_ms / p.finalizer_ms,
                    ratio(r.genxc_zebin.ms(), r.finalizer.ms())
                )),
                show_ratio(Self::zebin_pair_ratio(
                    r,
                    |p| p.genxc_cpu_ms / p.finalizer_cpu_ms,
                    ratio(r.genxc_zebin.cpu_ms(), r.finalizer.cpu_ms())
                )),
                pairs.map_or("–".into(), |p| p.n.to_string()),
                pairs.map_or("–".into(), |p| format!("{:.2}-{:.2}", p.q1, p.q3)),
                show_ratio(corrected.map(|p| p.median)),
                corrected.map_or("–".into(), |p| format!("{:.2}-{:.2}", p.q1, p.q3)),
            );
        }
        let (g, c) = (self.growth(), self.growth_of(Cell::cpu_ms));
        s.push('\n');
        let steps = |v: &[Step], what: &str| {
            v.iter()
                .map(|st| format!("{what}={}->{}: {:.2}", st.from, st.to, st.exponent))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(s, "Growth exponents of genxc's time (1.00 = linear):");
        let _ = writeln!(s, "- in N (S={}), wall: {}", g.s_for_n.unwrap_or(0), steps(&g.in_n, "N"));
        let _ = writeln!(s, "- in N (S={}), CPU: {}", c.s_for_n.unwrap_or(0), steps(&c.in_n, "N"));
        let _ = writeln!(s, "- in S (N=1), wall: {}", steps(&g.in_s, "S"));
        let _ = writeln!(s, "- in S (N=1), CPU: {}", steps(&c.in_s, "S"));
        if let Some((_, _, same)) = self.jobs_pair {
            let _ = writeln!(s, "- -j1 and -j2 outputs byte-identical: {}", if same { "yes" } else { "NO" });
        }
        s.push('\n');
        for v in self.verdicts() {
            let word = match v.pass {
                Some(true) => "PASS",
                Some(false) => "FAIL",
                None => "n/a ",
            };
            let _ = writeln!(s, "{word}  {}: {}", v.target, v.detail);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_time_passes_lines() {
        let err = "warning: x\n\
                   genxc time-passes parse wall_ms=12.500 cpu_ms=12.000 peak_rss_kib=20480\n\
                   genxc time-passes total wall_ms=30 cpu_ms=50.5 peak_rss_kib=30000\n\
                   genxc time-passes broken wall_ms=x cpu_ms=1 peak_rss_kib=1\n";
        let t = parse_time_passes(err);
        assert_eq!(t.len(), 2);
        assert_eq!(
            t[0],
            StageTime { stage: "parse".into(), wall_ms: 12.5, cpu_ms: 12.0, peak_rss_kib: 20480 }
        );
        assert_eq!(t[1].stage, "total");
        assert!(parse_time_passes("error: unexpected argument '--time-passes'\n").is_empty());
    }

    #[test]
    fn exponents() {
        assert!((exponent(10.0, 5.0, 100.0, 50.0) - 1.0).abs() < 1e-12);
        assert!((exponent(10.0, 1.0, 100.0, 100.0) - 2.0).abs() < 1e-12);
        let e = n_log_n_exponent(10_000.0, 100_000.0);
        assert!((e - (1.0 + 1.25f64.ln() / 10f64.ln())).abs() < 1e-12, "{e}");
    }

    fn row(kernels: usize, ops: usize, jobs: usize, ms: f64, llvm_as: f64, igc: Option<f64>) -> Row {
        Row {
            kernels,
            ops,
            jobs,
            ll_bytes: (kernels * ops * 100) as u64,
            genxc: Cell::Time { ms, cpu_ms: ms, rss_kib: 10_000 },
            stages: vec![],
            genxc_mlir: Cell::Skipped("skipped".into()),
            llvm_as: Cell::Time { ms: llvm_as, cpu_ms: llvm_as, rss_kib: 1 },
            igc: igc.map_or(Cell::Skipped("IGC: not installed".into()), |ms| Cell::Time {
                ms,
                cpu_ms: ms,
                rss_kib: 1,
            }),
            genxc_zebin: Cell::Skipped("–".into()),
            genxc_zebin_ll: Cell::Skipped("–".into()),
            finalizer: Cell::Skipped("–".into()),
            zebin_pairs: vec![],
            igc_zebin_pairs: vec![],
        }
    }

    #[test]
    fn verdicts_follow_the_figures() {
        let mut rep = Report {
            rows: vec![
                row(1, 100, 0, 10.0, 6.0, Some(300.0)),
                row(8, 100, 0, 20.0, 12.0, Some(1000.0)),
                row(64, 100, 0, 160.0, 90.0, None),
                row(1, 1000, 0, 30.0, 20.0, Some(900.0)),
                row(1, 10000, 0, 300.0, 200.0, None),
                row(512, 100, 1, 1000.0, 600.0, None),
                row(512, 100, 2, 520.0, 600.0, None),
            ],
            jobs_pair: Some((5, 6, true)),
            cores: 2,
        };
        let v = rep.verdicts();
        assert_eq!(v[0].pass, Some(true), "{v:?}");
        assert_eq!(v[1].pass, Some(true), "{v:?}");
        assert_eq!(v[2].pass, Some(true), "{v:?}");
        // N: 8 -> 64 is 8x the time for 8x the kernels (1.00); S: 1000 -> 10000 is 10x.
        assert_eq!(v[3].pass, Some(true), "{v:?}");
        assert_eq!(v[4].pass, Some(true), "{v:?}");
        assert_eq!(v[5].pass, Some(true), "{v:?}");
        rep.rows[0].llvm_as = Cell::Time { ms: 4.0, cpu_ms: 4.0, rss_kib: 1 };
        // IGC 100 ms per added kernel against genxc's 1.43: 70x; then 14.3 ms: 10x.
        assert_eq!(rep.per_kernel().len(), 1, "{:?}", rep.per_kernel());
        assert!((rep.per_kernel()[0].ratio() - 70.0).abs() < 1e-9, "{:?}", rep.per_kernel());
        assert!(rep.per_kernel()[0].smaller.is_empty(), "{:?}", rep.per_kernel());
        rep.rows[1].igc = Cell::Time { ms: 400.0, cpu_ms: 400.0, rss_kib: 1 };
        rep.jobs_pair = Some((5, 6, false));
        rep.rows[4].genxc = Cell::Time { ms: 600.0, cpu_ms: 600.0, rss_kib: 10_000_000 };
        let v = rep.verdicts();
        assert_eq!(v[0].pass, Some(false), "2.5x llvm-as: {v:?}");
        assert_eq!(v[1].pass, Some(false), "10x IGC per kernel: {v:?}");
        assert!(v[1].detail.contains("S=100: 10.0x") && v[1].detail.contains("30.0x at S=100"), "{v:?}");
        assert_eq!(v[2].pass, Some(false), "outputs differ: {v:?}");
        assert_eq!(v[4].pass, Some(false), "exponent 1.3 in S: {v:?}");
        assert_eq!(v[5].pass, Some(false), "10 GB: {v:?}");
        rep.rows[1].stages =
            parse_time_passes("genxc time-passes parse wall_ms=1 cpu_ms=1 peak_rss_kib=2048\n");
        let text = rep.render();
        assert!(text.contains(" | – | 1.00 (2) | – | "), "{text}");
        assert!(text.contains("| 512 x 100 -j1 |"), "{text}");
        assert!(text.contains("FAIL  -j2"), "{text}");
        assert!(text.contains("IGC: not installed"), "{text}");
    }

    #[test]
    fn per_kernel_cost_is_judged_on_the_largest_module_and_shows_the_smaller() {
        let rep = Report {
            rows: vec![
                row(1, 100, 0, 10.0, 6.0, Some(300.0)),
                row(8, 100, 0, 24.0, 12.0, Some(370.0)),
                row(64, 100, 0, 73.0, 90.0, Some(930.0)),
            ],
            jobs_pair: None,
            cores: 2,
        };
        let pk = rep.per_kernel();
        assert_eq!(pk.len(), 1, "{pk:?}");
        // 1 -> 64: genxc 1 ms, IGC 10 ms per added kernel; 1 -> 8: 2 ms and 10 ms.
        assert_eq!((pk[0].kernels, pk[0].ratio()), (64, 10.0), "{pk:?}");
        assert_eq!(pk[0].smaller, vec![(8, 5.0)], "{pk:?}");
        assert!(pk[0].describe().ends_with("1 -> 64 kernels; 1 -> 8: 5.0x)"), "{}", pk[0].describe());
    }

    #[test]
    fn a_failed_genxc_row_fails_the_every_row_targets() {
        let mut rep = Report {
            rows: vec![row(1, 100, 0, 10.0, 6.0, None), row(8, 100, 0, 20.0, 12.0, None)],
            jobs_pair: None,
            cores: 2,
        };
        let v = rep.verdicts();
        assert_eq!((v[0].pass, v[5].pass), (Some(true), Some(true)), "{v:?}");
        rep.rows[1].genxc = Cell::Failed("signal 9".into());
        let v = rep.verdicts();
        assert_eq!((v[0].pass, v[5].pass), (Some(false), Some(false)), "{v:?}");
        assert_eq!(v[5].detail, "genxc failed: 8 x 100", "{v:?}");
    }

    #[test]
    fn zebin_verdicts_follow_the_figures() {
        let t = |ms: f64, cpu_ms: f64| Cell::Time { ms, cpu_ms, rss_kib: 1 };
        let mut rows = vec![row(1, 100, 0, 5.0, 10.0, Some(100.0)), row(64, 100, 0, 30.0, 30.0, Some(600.0))];
        rows.push(row(512, 100, 0, 200.0, 200.0, Some(5000.0)));
        // another size is shown, not judged: 3x on one kernel of 1,000 operations
        rows.push(row(1, 1000, 0, 20.0, 20.0, Some(300.0)));
        rows[3].genxc_zebin = t(100.0, 90.0);
        // one kernel: ocloc 100 ms against 15 ms, 6.7x
        rows[0].genxc_zebin = t(15.0, 14.0);
        // 64 kernels: 290 ms against 500 / 2 = 250 ms (1.16x); 512: 2,100 against 4,000 / 2 (1.05x)
        rows[1].genxc_zebin = t(290.0, 560.0);
        rows[1].finalizer = t(260.0, 500.0);
        rows[2].genxc_zebin = t(2100.0, 4100.0);
        rows[2].finalizer = t(2050.0, 4000.0);
        let mut rep = Report { rows, jobs_pair: None, cores: 2 };
        let v = rep.verdicts();
        assert_eq!(v[6].pass, Some(true), "{v:?}");
        assert_eq!(v[6].detail, "6.7x (1 x 100), 3.0x (1 x 1000, not judged)", "{v:?}");
        assert_eq!(v[7].pass, Some(false), "{v:?}");
        assert_eq!(
            v[7].detail,
            "1.16x (64 x 100: 290 ms against 250 ms), 1.05x (512 x 100: 2100 ms against 2000 ms)"
        );
        rep.rows[1].genxc_zebin = t(270.0, 540.0);
        rep.rows[0].genxc_zebin = t(25.0, 24.0);
        // the .ll figures sit beside the bitcode's, judged by nothing
        rep.rows[1].genxc_zebin_ll = t(300.0, 580.0);
        let v = rep.verdicts();
        assert_eq!((v[6].pass, v[7].pass), (Some(false), Some(true)), "{v:?}");
        let text = rep.render();
        assert!(text.contains("| 25.0 | 24.0 | – | – | 4.00 | – | – | – | – |"), "{text}");
        assert!(
            text.contains("| 270 | 540 | 300 | 580 | 2.22 | 260 | 500 | 250 | 1.08 | 1.04 | 1.08 |"),
            "{text}"
        );
        assert!(text.contains("| genxc zebin ms | genxc zebin CPU ms | genxc zebin .ll ms |"), "{text}");
        assert!(text.contains("FAIL  --emit zebin >= 5x faster than ocloc"), "{text}");
        assert!(
            text.contains(
                "PASS  --emit zebin within 10% of GenX_IR's CPU / 2 cores at 64 and 512 kernels of 100 ops"
            ),
            "{text}"
        );
        // nothing measured: no verdict either way
        rep.rows.iter_mut().for_each(|r| r.finalizer = Cell::Skipped("–".into()));
        assert_eq!(rep.verdicts()[7].pass, None);
    }

    #[test]
    fn spread_gives_median_quartiles_and_range() {
        assert_eq!(Spread::of(Vec::<f64>::new()), None);
        assert_eq!(Spread::of([f64::NAN, f64::INFINITY]), None);
        let one = Spread::of([1.5]).unwrap();
        assert_eq!((one.n, one.median, one.q1, one.q3, one.min, one.max), (1, 1.5, 1.5, 1.5, 1.5, 1.5));
        // odd count, given unsorted: the middle figure; quartiles at ranks 1 and 3 of 0..4
        let s = Spread::of([5.0, 1.0, 4.0, 2.0, 3.0]).unwrap();
        assert_eq!((s.n, s.median, s.q1, s.q3, s.min, s.max), (5, 3.0, 2.0, 4.0, 1.0, 5.0));
        // even count: the mean of the middle two; quartiles interpolated (ranks 0.75 and 2.25)
        let s = Spread::of([4.0, 1.0, 3.0, 2.0, f64::NAN]).unwrap();
        assert_eq!((s.n, s.median, s.q1, s.q3), (4, 2.5, 1.75, 3.25));
        assert_eq!(s.describe(), "median of 4 pairs, IQR 1.75-3.25, range 1.00-4.00");
        // one wild figure moves the median little where it moves a minimum a lot
        let s = Spread::of([1.10, 1.12, 0.55, 1.11, 1.13]).unwrap();
        assert_eq!((s.median, s.min), (1.11, 0.55));
    }

    #[test]
    fn one_kernel_verdict_follows_the_median_pair_ratio() {
        let t = |ms: f64| Cell::Time { ms, cpu_ms: ms, rss_kib: 1 };
        let mut r = row(1, 100, 0, 10.0, 6.0, Some(60.0));
        r.genxc_zebin = t(15.0);
        let mut rep = Report { rows: vec![r], jobs_pair: None, cores: 2 };
        // measured apart: the best runs' ratio, 4.0x, fails
        let v = rep.verdicts();
        assert_eq!(v[6].pass, Some(false), "{v:?}");
        assert_eq!(v[6].detail, "4.0x (1 x 100)", "{v:?}");
        // in pairs: ocloc over genxc per pair 6.67, 5.63 and 4.00; the median 5.63 passes
        rep.rows[0].igc_zebin_pairs = vec![(100.0, 15.0), (90.0, 16.0), (80.0, 20.0)];
        let v = rep.verdicts();
        assert_eq!(v[6].pass, Some(true), "{v:?}");
        assert!(v[6].detail.starts_with("5.6x (1 x 100: median of 3 pairs, IQR 4.81-6.15"), "{v:?}");
        // a pair with no genxc time counts for nothing
        rep.rows[0].igc_zebin_pairs.push((90.0, 0.0));
        assert_eq!(Report::igc_over_zebin_pairs(&rep.rows[0]).map(|s| s.n), Some(3));
    }

    #[test]
    fn zebin_verdict_follows_the_median_pair_ratio() {
        let t = |ms: f64, cpu_ms: f64| Cell::Time { ms, cpu_ms, rss_kib: 1 };
        let pair = |genxc_ms: f64, finalizer_cpu_ms: f64| Pair {
            genxc_ms,
            genxc_cpu_ms: 2.0 * genxc_ms,
            finalizer_ms: finalizer_cpu_ms / 2.0,
            finalizer_cpu_ms,
            finalizer_longest_cpu_ms: finalizer_cpu_ms / 2.0,
        };
        let mut r = row(64, 100, 0, 30.0, 30.0, None);
        // pair ratios 1.00, 1.05, 1.052, 1.05 and 1.02: the median is 1.05
        r.zebin_pairs = vec![pair(200.0, 400.0), pair(315.0, 600.0), pair(221.0, 420.0)];
        r.zebin_pairs.push(pair(157.5, 300.0));
        r.zebin_pairs.push(pair(204.0, 400.0));
        // the cells keep the best runs (the least wall of genxc, the least CPU of the finalizer)
        r.genxc_zebin = t(158.0, 316.0);
        r.finalizer = t(150.0, 300.0);
        let mut rep = Report { rows: vec![r], jobs_pair: None, cores: 2 };
        let s = rep.zebin_over_bound_pairs(&rep.rows[0]).unwrap();
        assert_eq!(s.n, 5);
        assert!((s.median - 1.05).abs() < 1e-9, "{s:?}");
        assert!((s.min - 1.0).abs() < 1e-9 && (s.max - 1.0526).abs() < 1e-3, "{s:?}");
        let v = rep.verdicts();
        assert_eq!(v[7].pass, Some(true), "{v:?}");
        assert_eq!(
            v[7].detail,
            "1.05x (64 x 100: load-corrected, median of 5 pairs, IQR 1.02-1.05, range 1.00-1.05; \
             uncorrected 1.05x; best 158 ms against 150 ms; against GenX_IR alone's wall 1.05x, which \
             had 1.00 of the 2 cores)"
        );
        let text = rep.render();
        // the ratio columns are the pairs' medians, then the count and the interquartile range
        assert!(
            text.contains("| 158 | 316 | – | – | – | 150 | 300 | 150 | 1.05 | 1.05 | 1.05 | 5 | 1.02-1.05 | 1.05 | 1.02-1.05 |"),
            "{text}"
        );
        // a row measured apart keeps the cells' ratio and shows no pairs
        rep.rows[0].zebin_pairs.clear();
        assert!((rep.zebin_over_bound(&rep.rows[0]).unwrap() - 158.0 / 150.0).abs() < 1e-9);
        assert!(rep.render().contains("| 1.05 | 1.05 | 1.05 | – | – | – | – |"), "{}", rep.render());
        // pairs 1.2x apart fail the target even when the best runs sit 1.05x apart
        rep.rows[0].zebin_pairs = vec![pair(180.0, 300.0), pair(240.0, 400.0), pair(157.5, 300.0)];
        let v = rep.verdicts();
        assert_eq!(v[7].pass, Some(false), "{v:?}");
        assert!(v[7].detail.starts_with("1.20x (64 x 100: load-corrected, median of 3 pairs"), "{v:?}");
        // a busy machine: every wall time of the pairs twice as long, the CPU times as they were;
        // the uncorrected ratio doubles, the load-corrected one (the verdict's) stays
        assert_eq!(rep.finalizer_core_share(&rep.rows[0]), Some(1.0));
        rep.rows[0].zebin_pairs.iter_mut().for_each(|p| {
            p.finalizer_ms *= 2.0;
            p.genxc_ms *= 2.0;
        });
        assert_eq!(rep.finalizer_core_share(&rep.rows[0]), Some(0.5));
        assert!((rep.zebin_over_bound(&rep.rows[0]).unwrap() - 2.4).abs() < 1e-9);
        let v = rep.verdicts();
        assert_eq!(v[7].pass, Some(false), "{v:?}");
        assert!(v[7].detail.starts_with("1.20x (64 x 100: load-corrected, median of 3 pairs"), "{v:?}");
        assert!(v[7].detail.contains("uncorrected 2.40x"), "{v:?}");
        assert!(v[7].detail.ends_with("wall 1.20x, which had 0.50 of the 2 cores)"), "{v:?}");
        // the finalizer's processes ending apart: its quiet wall is its longest process's CPU
        let p = Pair {
            genxc_ms: 120.0,
            genxc_cpu_ms: 0.0,
            finalizer_ms: 110.0,
            finalizer_cpu_ms: 200.0,
            finalizer_longest_cpu_ms: 110.0,
        };
        assert!((p.over_bound(2) - 1.2).abs() < 1e-9 && (p.over_bound_corrected(2) - 1.2).abs() < 1e-9);
        // the same pair under a load that doubled both walls
        let busy = Pair { genxc_ms: 240.0, finalizer_ms: 220.0, ..p };
        assert!((busy.over_bound(2) - 2.4).abs() < 1e-9 && (busy.over_bound_corrected(2) - 1.2).abs() < 1e-9);
    }
}
