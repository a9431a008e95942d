//! `bench`: generates workloads, runs the `genxc` command on them beside `llvm-as-14` (the cost
//! of parsing the same `.ll` alone) and Intel's Vector Compiler (`ocloc -vc-codegen` on the same
//! kernels, finalization included), and prints one table with ratios, growth exponents and a
//! PASS/FAIL line per target of issue 7. `scripts/bench.sh` builds and runs it.
//!
//! Usage: `bench [--quick | --zebin] [--genxc PATH] [--seed N] [--keep DIR] [--no-igc] [--no-mlir]`, or
//! `bench --generate N,S [--seed N] [--keep DIR]` to write one workload and stop.

use genxc_bench::measure::{
    best_of, finalizer_once, helper_main, interleaved_pairs, ocloc, ocloc_binary, on_path,
    record_finalizer_main, recorded_batches, run, run_via, Run, MEASURE_ARG, RECORD_ENV,
};
use genxc_bench::report::{parse_time_passes, Cell, Pair, Report, Row, ZEBIN_OPS};
use genxc_bench::workload::Workload;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// One row to measure: the workload, genxc's `-j`, and which peers run on it.
struct Plan {
    kernels: usize,
    ops: usize,
    jobs: usize,
    igc: bool,
    mlir: bool,
    /// genxc `--emit zebin` and the finalizer alone run too (issue 21's rows).
    zebin: bool,
}

struct Args {
    quick: bool,
    zebin_only: bool,
    genxc: PathBuf,
    seed: u64,
    keep: Option<PathBuf>,
    igc: bool,
    mlir: bool,
    generate: Option<(usize, usize)>,
}

const USAGE: &str =
    "usage: bench [--quick | --zebin] [--genxc PATH] [--seed N] [--keep DIR] [--no-igc] [--no-mlir]\n\
  --quick     a smaller grid (about a minute)\n\
  --zebin     only the rows of issue 21's --emit zebin targets: 1, 64 and 512 kernels of 100 ops\n\
  --genxc     the genxc binary (default: next to this one, i.e. target/release/genxc)\n\
  --seed      workload seed (default 7)\n\
  --keep      generate into DIR and keep it (default: a temporary folder)\n\
  --no-igc    do not run Intel's Vector Compiler\n\
  --no-mlir   do not compile the .mlir workloads\n\
  --generate N,S  only write the workload of N kernels of S ops (DIR/nN_sS/k.ll, k.mlir)";

fn parse_args() -> Result<Args, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut a = Args {
        quick: false,
        zebin_only: false,
        genxc: exe.with_file_name("genxc"),
        seed: 7,
        keep: None,
        igc: true,
        mlir: true,
        generate: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--quick" => a.quick = true,
            "--zebin" => a.zebin_only = true,
            "--genxc" => a.genxc = PathBuf::from(value("--genxc")?),
            "--seed" => a.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--keep" => a.keep = Some(PathBuf::from(value("--keep")?)),
            "--no-igc" => a.igc = false,
            "--no-mlir" => a.mlir = false,
            "--generate" => {
                let v = value("--generate")?;
                let (n, s) = v.split_once(',').ok_or("--generate takes N,S")?;
                let n: usize = n.parse().map_err(|e| format!("--generate: {e}"))?;
                let s: usize = s.parse().map_err(|e| format!("--generate: {e}"))?;
                a.generate = Some((n, s));
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(a)
}

/// The grid: a scan in N at S = 100, a scan in S at N = 1, kernels of 1,000 operations for the
/// IGC comparison, and 512 kernels at -j1 and -j2.
fn plan(quick: bool, zebin_only: bool) -> Vec<Plan> {
    // (kernels, ops, -j); IGC runs on the workloads of at most `igc_limit` operations in all.
    const QUICK: &[(usize, usize, usize)] = &[
        (1, 100, 0),
        (8, 100, 0),
        (64, 100, 0),
        (512, 100, 0),
        (1, 1000, 0),
        (8, 1000, 0),
        (1, 10_000, 0),
        (512, 100, 1),
        (512, 100, 2),
    ];
    const FULL: &[(usize, usize, usize)] = &[
        (1, 100, 0),
        (8, 100, 0),
        (64, 100, 0),
        (512, 100, 0),
        (4096, 100, 0),
        (1, 1000, 0),
        (8, 1000, 0),
        (64, 1000, 0),
        (1, 10_000, 0),
        (1, 100_000, 0),
        (512, 1000, 1),
        (512, 1000, 2),
    ];
    const ZEBIN: &[(usize, usize, usize)] = &[(1, ZEBIN_OPS, 0), (64, ZEBIN_OPS, 0), (512, ZEBIN_OPS, 0)];
    let (grid, igc_limit) = match (quick, zebin_only) {
        (_, true) => (ZEBIN, 64_000),
        (true, false) => (QUICK, 8_000),
        (false, false) => (FULL, 64_000),
    };
    // issue 21's rows: --emit zebin at 1, 64 and 512 kernels of 100 operations, beside IGC
    // where it runs, and wherever else IGC runs
    let zebin_row = |kernels: usize, ops: usize| ops == ZEBIN_OPS && [1, 64, 512].contains(&kernels);
    grid.iter()
        .map(|&(kernels, ops, jobs)| {
            let igc = kernels * ops <= igc_limit && jobs == 0;
            Plan {
                kernels,
                ops,
                jobs,
                igc,
                mlir: jobs == 0 && !zebin_only,
                zebin: jobs == 0 && (igc || zebin_row(kernels, ops)),
            }
        })
        .collect()
}

/// A measured run as a table cell.
fn cell(r: std::io::Result<Run>, what: &str) -> Cell {
    match r {
        Ok(r) if r.ok => Cell::Time {
            ms: r.wall.as_secs_f64() * 1e3,
            cpu_ms: r.cpu.as_secs_f64() * 1e3,
            rss_kib: r.peak_rss_kib,
        },
        Ok(r) => {
            let first = r.stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("").to_string();
            eprintln!("bench: {what} failed ({}): {}", r.status, r.stderr.trim_end());
            Cell::Failed(format!("{}: {}", r.status, first.chars().take(60).collect::<String>()))
        }
        Err(e) => Cell::Failed(e.to_string()),
    }
}

/// Every file of a folder, by name, with its bytes.
fn files_of(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| {
                    (
                        e.file_name().to_string_lossy().into_owned(),
                        std::fs::read(e.path()).unwrap_or_default(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if argv.first().is_some_and(|a| a == MEASURE_ARG) {
        return ExitCode::from(helper_main(&argv[1..]) as u8);
    }
    // run by genxc as its finalizer, to record the containers it finalizes
    if let Some(dir) = std::env::var_os(RECORD_ENV) {
        return ExitCode::from(record_finalizer_main(Path::new(&dir), &argv) as u8);
    }
    let helper = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("bench: cannot find its own binary to measure from: {e}");
            return ExitCode::from(2);
        }
    };
    let bench_exe = helper.clone();
    let helper = Some(helper.as_path());
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("bench: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Some((kernels, ops)) = args.generate {
        let dir = args.keep.clone().unwrap_or_else(|| PathBuf::from("."));
        let w = Workload { kernels, ops, seed: args.seed };
        return match write_workload(&w, &dir.join(w.stem())) {
            Ok((ll, _)) => {
                println!("{}", ll.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("bench: {e}");
                ExitCode::from(1)
            }
        };
    }
    if !args.genxc.is_file() {
        eprintln!(
            "bench: no genxc binary at {} (cargo build --release, or --genxc PATH)",
            args.genxc.display()
        );
        return ExitCode::from(2);
    }
    let have_llvm_as = on_path("llvm-as-14");
    let have_ocloc = on_path("ocloc");
    let help = Command::new(&args.genxc).arg("--help").output().map(|o| o.stdout).unwrap_or_default();
    let time_passes = String::from_utf8_lossy(&help).contains("--time-passes");
    if !time_passes {
        eprintln!("bench: this genxc has no --time-passes: the stage columns stay empty");
    }
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let root = args.keep.clone().unwrap_or_else(|| tmp.path().to_path_buf());
    let (reps, budget) = if args.quick { (1, Duration::ZERO) } else { (3, Duration::from_secs(3)) };
    // issue 21's interleaved pairs: at least `pair_min`, then more within `pair_budget` (the small
    // rows get many), at most `pair_max`
    let (pair_min, pair_max, pair_budget) =
        if args.quick { (1, 1, Duration::ZERO) } else { (5, 41, Duration::from_secs(8)) };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut report = Report { cores, ..Report::default() };
    let mut j_rows: Vec<(usize, PathBuf)> = Vec::new();
    // Every output folder of genxc's runs, removed at the end.
    let outputs = std::cell::RefCell::new(Vec::<PathBuf>::new());
    for p in plan(args.quick, args.zebin_only) {
        let w = Workload { kernels: p.kernels, ops: p.ops, seed: args.seed };
        let dir = root.join(w.stem());
        let (ll, mlir) = match write_workload(&w, &dir) {
            Ok(paths) => paths,
            Err(e) => {
                eprintln!("bench: {e}");
                return ExitCode::from(1);
            }
        };
        let bc = dir.join("k.bc");
        let ll_bytes = std::fs::metadata(&ll).map_or(0, |m| m.len());
        // Every run writes into a new empty folder, as a clean build does (replacing existing
        // files costs genxc about twice as much: each is moved aside first). The folders are
        // removed only when the bench ends: removing them between runs left ext4 thousands of
        // just-freed inodes, which its allocator passes over one by one when the next run creates
        // files (12% of genxc's time on 512 x 100, a cost of the bench's loop, not of a build).
        let runs = std::cell::Cell::new(0usize);
        let fresh = |stem: &str| {
            runs.set(runs.get() + 1);
            let d = dir.join(format!("{stem}-{}", runs.get()));
            // Left over by an interrupted bench with --keep: not a new empty folder otherwise.
            let _ = std::fs::remove_dir_all(&d);
            outputs.borrow_mut().push(d.clone());
            d
        };
        let out_stem = format!("out-j{}", p.jobs);
        let genxc_cmd = |input: &Path, out: &Path| {
            let mut c = Command::new(&args.genxc);
            c.arg(input).arg("-o").arg(out);
            if p.jobs != 0 {
                c.arg("-j").arg(p.jobs.to_string());
            }
            if time_passes {
                c.arg("--time-passes");
            }
            c
        };
        let g = best_of(|| genxc_cmd(&ll, &fresh(&out_stem)), helper, reps, budget);
        let out = outputs.borrow().last().cloned().unwrap_or_default();
        let stages = g.as_ref().map(|r| parse_time_passes(&r.stderr)).unwrap_or_default();
        let genxc = cell(g, "genxc");
        let genxc_mlir = if p.mlir && args.mlir {
            cell(best_of(|| genxc_cmd(&mlir, &fresh("out-mlir")), helper, reps, budget), "genxc .mlir")
        } else {
            Cell::Skipped("–".into())
        };
        let llvm_as = if !have_llvm_as {
            Cell::Skipped("llvm-as-14: not installed".into())
        } else if p.jobs != 0 && report.rows.iter().any(|r| r.kernels == p.kernels && r.ops == p.ops) {
            report
                .rows
                .iter()
                .rev()
                .find(|r| r.kernels == p.kernels && r.ops == p.ops)
                .unwrap()
                .llvm_as
                .clone()
        } else {
            cell(
                best_of(
                    || {
                        let mut c = Command::new("llvm-as-14");
                        c.arg(&ll).arg("-o").arg(&bc);
                        c
                    },
                    helper,
                    reps,
                    budget,
                ),
                "llvm-as-14",
            )
        };
        let igc = if !have_ocloc {
            Cell::Skipped("IGC: not installed".into())
        } else if !p.igc || !args.igc || !bc.is_file() {
            Cell::Skipped("–".into())
        } else {
            let igc_out = dir.join("igc");
            let r = best_of(|| ocloc(&bc, &igc_out), helper, reps, budget);
            // ocloc can report success without writing a binary when VC found no kernel.
            match r {
                Ok(r) if r.ok && ocloc_binary(&igc_out).is_none() => Cell::Failed("no binary written".into()),
                r => cell(r, "IGC (ocloc -vc-codegen)"),
            }
        };
        // genxc to the device binary (issue 21's rows and where IGC ran), on IGC's platform
        // (tgllp): on the bitcode IGC is given (the main row), and on the `.ll` text beside it
        let zebin_of = |input: &Path, what: &str| {
            if !p.zebin || !on_path("GenX_IR") {
                return Cell::Skipped("–".into());
            }
            if !input.is_file() {
                return Cell::Skipped(format!("{}: not written (llvm-as-14 is needed)", input.display()));
            }
            let r = best_of(
                || {
                    let mut c = genxc_cmd(input, &fresh("out-zebin"));
                    c.args(["--emit", "zebin"]);
                    c
                },
                helper,
                reps,
                budget,
            );
            cell(r, what)
        };
        // issue 21's ratio: genxc on the bitcode and the finalizer alone on the containers genxc
        // gives it (recorded once: genxc's outputs are deterministic, so every run hands the
        // finalizer the same containers), measured in interleaved pairs; the cells keep the best
        // runs, the ratio is each pair's own
        let mut zebin_pairs = Vec::new();
        let (genxc_zebin, finalizer) = if !p.zebin || !on_path("GenX_IR") || !bc.is_file() {
            (zebin_of(&bc, "genxc k.bc --emit zebin"), Cell::Skipped("–".into()))
        } else {
            let record = dir.join("finalizer-batches");
            let _ = std::fs::remove_dir_all(&record);
            let mut c = genxc_cmd(&bc, &fresh("out-record"));
            c.args(["--emit", "zebin", "--finalizer"]).arg(&bench_exe).env(RECORD_ENV, &record);
            let recorded = match run(&mut c) {
                Ok(r) if r.ok => recorded_batches(&record),
                Ok(r) => Err(std::io::Error::other(format!("{}: {}", r.status, r.stderr.trim_end()))),
                Err(e) => Err(e),
            };
            let cells = match recorded {
                Err(e) => (
                    zebin_of(&bc, "genxc k.bc --emit zebin"),
                    cell(Err(e), "recording genxc's finalizer batches"),
                ),
                Ok(batches) => {
                    let genxc_run = || {
                        let mut c = genxc_cmd(&bc, &fresh("out-zebin"));
                        c.args(["--emit", "zebin"]);
                        run_via(&bench_exe, &c)
                    };
                    let pairs = interleaved_pairs(
                        genxc_run,
                        || finalizer_once("GenX_IR", &batches),
                        pair_min,
                        pair_max,
                        pair_budget,
                    );
                    match pairs {
                        Err(e) => (cell(Err(e), "genxc k.bc --emit zebin"), Cell::Skipped("–".into())),
                        Ok(pairs) => {
                            let failed = |side: fn(&(Run, Run)) -> &Run| {
                                pairs.iter().map(side).find(|r| !r.ok).cloned()
                            };
                            let (g_failed, f_failed) = (failed(|p| &p.0), failed(|p| &p.1));
                            zebin_pairs = pairs
                                .iter()
                                .filter(|(g, f)| g.ok && f.ok)
                                .map(|(g, f)| Pair {
                                    genxc_ms: g.wall.as_secs_f64() * 1e3,
                                    genxc_cpu_ms: g.cpu.as_secs_f64() * 1e3,
                                    finalizer_ms: f.wall.as_secs_f64() * 1e3,
                                    finalizer_cpu_ms: f.cpu.as_secs_f64() * 1e3,
                                    finalizer_longest_cpu_ms: f.longest_cpu.as_secs_f64() * 1e3,
                                })
                                .collect();
                            let best_genxc = g_failed
                                .or_else(|| pairs.iter().map(|p| &p.0).min_by_key(|r| r.wall).cloned());
                            let best_finalizer = f_failed
                                .or_else(|| pairs.iter().map(|p| &p.1).min_by_key(|r| r.cpu).cloned());
                            let none = || std::io::Error::other("not run");
                            (
                                cell(best_genxc.ok_or_else(none), "genxc k.bc --emit zebin"),
                                cell(best_finalizer.ok_or_else(none), "GenX_IR alone on genxc's containers"),
                            )
                        }
                    }
                }
            };
            let _ = std::fs::remove_dir_all(&record);
            cells
        };
        let genxc_zebin_ll = zebin_of(&ll, "genxc k.ll --emit zebin");
        // issue 21's one-kernel speed-up: ocloc and genxc's zebin run in interleaved pairs too
        // (each pair sees the machine in one state), the verdict reads the pairs' median ratio
        let mut igc_zebin_pairs = Vec::new();
        if p.kernels == 1 && matches!(igc, Cell::Time { .. }) && matches!(genxc_zebin, Cell::Time { .. }) {
            let igc_out = dir.join("igc");
            let genxc_run = || {
                let mut c = genxc_cmd(&bc, &fresh("out-zebin"));
                c.args(["--emit", "zebin"]);
                run_via(&bench_exe, &c)
            };
            let ocloc_run = || run_via(&bench_exe, &ocloc(&bc, &igc_out));
            if let Ok(pairs) = interleaved_pairs(ocloc_run, genxc_run, pair_min, pair_max, pair_budget) {
                igc_zebin_pairs = pairs
                    .iter()
                    .filter(|(o, g)| o.ok && g.ok)
                    .map(|(o, g)| (o.wall.as_secs_f64() * 1e3, g.wall.as_secs_f64() * 1e3))
                    .collect();
            }
        }
        let row = Row {
            kernels: p.kernels,
            ops: p.ops,
            jobs: p.jobs,
            ll_bytes,
            genxc,
            stages,
            genxc_mlir,
            llvm_as,
            igc,
            genxc_zebin,
            genxc_zebin_ll,
            finalizer,
            zebin_pairs,
            igc_zebin_pairs,
        };
        eprintln!(
            "bench: {} kernels x {} ops{}: genxc {:?} ms, llvm-as-14 {:?} ms, IGC {:?} ms, genxc zebin {:?} ms, GenX_IR CPU {:?} ms",
            p.kernels,
            p.ops,
            if p.jobs == 0 { String::new() } else { format!(" -j{}", p.jobs) },
            row.genxc.ms().map(|v| v.round()),
            row.llvm_as.ms().map(|v| v.round()),
            row.igc.ms().map(|v| v.round()),
            row.genxc_zebin.ms().map(|v| v.round()),
            row.finalizer.cpu_ms().map(|v| v.round())
        );
        if p.jobs != 0 {
            j_rows.push((report.rows.len(), out));
        }
        report.rows.push(row);
    }
    if let [(a, da), (b, db)] = j_rows.as_slice() {
        let (fa, fb) = (files_of(da), files_of(db));
        report.jobs_pair = Some((*a, *b, !fa.is_empty() && fa == fb));
    }
    for d in outputs.borrow().iter() {
        let _ = std::fs::remove_dir_all(d);
    }
    println!("{}", report.render());
    if !have_ocloc {
        println!(
            "IGC: not installed (Debian packages intel-opencl-icd, libigc1; scripts/bench.sh installs them)"
        );
    }
    println!(
        "IGC VC times are `ocloc compile -llvm_input -file k.bc -device tgllp -options \"-vc-codegen \
         -ze-enable-zebin\"`: they include vISA finalization to Gen code and ocloc's start-up; genxc \
         stops at vISA. genxc zebin: `genxc k.bc --emit zebin` (TGLLP), GenX_IR included, on the \
         bitcode IGC is given (the .ll columns: the same on `k.ll`). GenX_IR \
         alone: GenX_IR on the .isa containers genxc gave it in a recorded run, one process per \
         container, all at once; its CPU is the sum of theirs, divided by the {cores} cores for the \
         target. genxc zebin and GenX_IR alone are measured in interleaved pairs (one genxc run, \
         one GenX_IR set, the order alternating): their cells are the least wall (genxc) and the \
         least CPU (GenX_IR) of the pairs, the three ratios the medians of the pairs' own ratios, \
         beside the count of pairs and the interquartile range of the target's ratio. The verdict \
         reads the load-corrected pair ratio: genxc's wall over GenX_IR alone's in the same pair \
         (other processes lengthen both), times GenX_IR's quiet wall (its longest process's CPU) \
         over its CPU / cores; on a quiet machine it is the target's ratio itself. On one kernel, \
         ocloc and genxc zebin are also run in interleaved pairs after their best-of cells: the \
         one-kernel verdict reads the median of those pairs' ocloc / genxc."
    );
    ExitCode::SUCCESS
}

/// Writes `dir/k.ll` and `dir/k.mlir` of a workload unless they are there; returns their paths.
fn write_workload(w: &Workload, dir: &Path) -> Result<(PathBuf, PathBuf), String> {
    let (ll, mlir) = (dir.join("k.ll"), dir.join("k.mlir"));
    if !ll.is_file() || !mlir.is_file() {
        let m = w.generate();
        std::fs::create_dir_all(dir)
            .and_then(|_| std::fs::write(&ll, &m.ll))
            .and_then(|_| std::fs::write(&mlir, &m.mlir))
            .map_err(|e| format!("cannot write the workload in {}: {e}", dir.display()))?;
    }
    Ok((ll, mlir))
}
