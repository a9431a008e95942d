//! genxc: compile CM-style GPU kernels (LLVM IR with `llvm.genx.*` intrinsics) to Intel vISA.
//!
//! This crate is the driver: it runs the front end, imports and validates the module, builds one
//! kernel unit per kernel, compiles the units in parallel and gathers their outputs in input order.
//! `.ll` text compiled to vISA, `.isa` or legalized IR is first split into one small module per
//! kernel unit (module `split`), so parsing and import run in parallel too and no LLVM module of the
//! whole input is held; an input the split is unsure about, or any unit that fails, is compiled as
//! one whole module, which also gives every diagnostic.
//! [`compile`] works on bytes in memory and returns every output file and diagnostic; it never
//! touches the file system and never prints. [`compile_bytes`] (module [`api`]) is the library API
//! for runtimes and build systems: several output kinds at once, typed accessors, ocloc-style
//! option strings. The `genxc` command and the C ABI (`libgenxc.so`, crate `genxc-capi`) are thin
//! layers over it.
//!
//! ```
//! let source = std::fs::read("tests/fixtures/kernels/multi.ll").unwrap();
//! let opts = genxc::CompileOptions::parse("-platform dg2 -emit visaasm").unwrap();
//! let outcome = genxc::compile_bytes("multi.ll", &source, &opts);
//! let kernels: Vec<&str> = outcome.visaasm().map(|(kernel, _text)| kernel).collect();
//! assert_eq!(kernels, ["first", "second"]);
//! ```
#![warn(missing_docs)]

pub mod api;
pub mod depfile;
pub mod json;
pub mod memory;
pub mod progress;
mod split;
pub mod timing;

pub use api::{
    compile_bytes, compile_inputs, compile_inputs_staged, compile_inputs_timed, CompileOptions, EmitSet,
    Outcome, Output,
};

use genxc_diag::{Diagnostic, Location};
use genxc_genx::units::KernelUnit;
use genxc_genx::{Module, Platform};
use genxc_isel::Phase;
use rayon::prelude::*;
use std::time::Instant;
use timing::{PassTimes, PhaseTimes, Stage};

pub use genxc_diag;
pub use genxc_genx::Platform as TargetPlatform;

/// What to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Emit {
    /// `<kernel>.visaasm` per kernel.
    Visaasm,
    /// One `.isa` binary container with every kernel.
    Isa,
    /// The module as LLVM IR text after validation (`<stem>.ll`).
    Llvm,
    /// The GenX IR after legalization, printed as LLVM IR (`<stem>.legalized.ll`).
    Legalized,
    /// `kernels.json`.
    Metadata,
}

/// Compilation options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Target platform.
    pub platform: Platform,
    /// What to produce.
    pub emit: Emit,
    /// Worker threads for kernel units (0 = one per core).
    pub jobs: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { platform: Platform::Tgllp, emit: Emit::Visaasm, jobs: 0 }
    }
}

/// One input: a name for diagnostics and output names, and its bytes.
#[derive(Clone, Debug)]
pub struct Input {
    /// File name as the user gave it.
    pub name: String,
    /// Contents.
    pub bytes: Vec<u8>,
}

/// One output file: a file name (no directory) and its contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    /// File name, e.g. `saxpy.visaasm`.
    pub name: String,
    /// Contents; empty when a [`Sink`] took them (then `staged` is its ticket).
    pub bytes: Vec<u8>,
    /// The [`Sink`]'s ticket for the contents, when it took them.
    pub staged: Option<u64>,
}

impl OutputFile {
    /// An output whose contents stay in memory.
    fn new(name: String, bytes: Vec<u8>) -> OutputFile {
        OutputFile { name, bytes, staged: None }
    }

    /// An output made on a worker thread: handed to `sink` at once when there is one (the bytes
    /// are then dropped), kept in memory otherwise or when the sink declines them.
    fn staged(name: String, bytes: Vec<u8>, sink: Option<&dyn Sink>) -> OutputFile {
        match sink.and_then(|s| s.stage(&name, &bytes)) {
            Some(ticket) => OutputFile { name, bytes: Vec::new(), staged: Some(ticket) },
            None => OutputFile::new(name, bytes),
        }
    }
}

/// Takes output files as soon as a worker thread has made them, so that they are not all held in
/// memory until the end (the `genxc` command writes each to a temporary file in its folder and
/// renames them into place only when the whole compilation succeeded).
///
/// A staged output may be abandoned: an input whose split compilation fails is compiled again as
/// one module, and a compilation with errors returns no output. The sink drops what is never
/// returned in a successful [`Compilation`].
pub trait Sink: Sync {
    /// Takes the contents of output `name` and returns a ticket for them, or `None` to leave the
    /// bytes in the output (the sink could not take them).
    fn stage(&self, name: &str, bytes: &[u8]) -> Option<u64>;
}

/// The result of compiling inputs: files (only when there is no error) and diagnostics.
#[derive(Clone, Debug, Default)]
pub struct Compilation {
    /// Output files in a deterministic order; empty when any error occurred.
    pub files: Vec<OutputFile>,
    /// Every diagnostic, errors and warnings.
    pub diagnostics: Vec<Diagnostic>,
}

impl Compilation {
    /// Whether compilation failed.
    pub fn failed(&self) -> bool {
        genxc_diag::has_errors(&self.diagnostics)
    }
}

/// The stem of an input name: file name without directory and extension.
fn stem(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    match base.rfind('.') {
        Some(0) | None => base.to_string(),
        Some(i) => base[..i].to_string(),
    }
}

/// Compiles several inputs with the same options. Outputs are produced only if every input compiles.
pub fn compile(inputs: &[Input], opts: &Options) -> Compilation {
    compile_timed(inputs, opts, &mut PassTimes::new())
}

/// [`compile`], adding the time and memory of each stage to `times`.
pub fn compile_timed(inputs: &[Input], opts: &Options, times: &mut PassTimes) -> Compilation {
    compile_staged(inputs, opts, times, None)
}

/// [`compile_timed`], handing the per-kernel outputs to `sink` on the worker threads as they are
/// made.
pub fn compile_staged(
    inputs: &[Input],
    opts: &Options,
    times: &mut PassTimes,
    sink: Option<&dyn Sink>,
) -> Compilation {
    let mut out = Compilation::default();
    let mut modules = Vec::new();
    for input in inputs {
        match compile_input(input, opts, times, sink) {
            Ok((files, module)) => {
                out.files.extend(files);
                modules.push(module);
            }
            Err(d) => out.diagnostics.extend(d),
        }
    }
    if opts.emit == Emit::Metadata && !out.failed() {
        let bytes = times.time(Stage::Import, || json::kernels_json(&modules, opts.platform).into_bytes());
        out.files.push(OutputFile::new("kernels.json".into(), bytes));
    }
    let mut seen = std::collections::HashSet::new();
    for f in &out.files {
        if !seen.insert(f.name.clone()) {
            out.diagnostics.push(Diagnostic::error(format!(
                "two outputs would be written to the same file '{}' (kernel names must be unique across inputs)",
                f.name
            )));
        }
    }
    if out.failed() {
        out.files.clear();
    }
    out
}

/// Front end, validation and import of one input; returns the files of this input and its module.
fn compile_input(
    input: &Input,
    opts: &Options,
    times: &mut PassTimes,
    sink: Option<&dyn Sink>,
) -> Result<(Vec<OutputFile>, Module), Vec<Diagnostic>> {
    if matches!(opts.emit, Emit::Visaasm | Emit::Isa | Emit::Legalized) {
        if let Some(files) = compile_split(input, opts, times, sink) {
            // Only `--emit metadata` reads the module, and it never takes this path.
            return Ok((files, Module::default()));
        }
    }
    compile_whole(input, opts, times, sink)
}

/// Compiles `.ll` text one kernel unit at a time ([`split`]): each unit's text is parsed in its
/// own LLVM context, imported, compiled and dropped on a worker thread. `None` when the input has
/// no plan or any unit fails: then [`compile_whole`] compiles the input and reports every
/// diagnostic as it always has. Outputs are byte-identical to [`compile_whole`]'s.
fn compile_split(
    input: &Input,
    opts: &Options,
    times: &mut PassTimes,
    sink: Option<&dyn Sink>,
) -> Option<Vec<OutputFile>> {
    let name = &input.name;
    if name.ends_with(".mlir") || genxc_frontend::llvm::is_bitcode(&input.bytes) {
        return None;
    }
    // The pre-scan runs on the units' threads too.
    let pool = thread_pool(opts)?;
    let plan = times.time(Stage::Parse, || {
        genxc_frontend::limits::check_size(name, input.bytes.len() as u64).ok()?;
        let text = std::str::from_utf8(&input.bytes).ok()?;
        pool.install(|| split::plan(text))
    })?;
    let platform = opts.platform;
    // The limits scan of the whole text (what the whole module would refuse before parsing) runs
    // beside the units, off the serial path; each unit's own text is scanned before LLVM parses
    // it, so no unit waits for it.
    let scan = || {
        genxc_frontend::limits::scan_text(name, &input.bytes, genxc_frontend::limits::Syntax::Llvm).is_ok()
    };
    let (results, scanned) = run_parallel(&plan.units, Some(&pool), times, Some(scan), |unit, mark| {
        let (u, md) = unit_from_text(&plan, unit, name, platform, mark)?;
        let kernel = u.kernel.name.clone();
        let mut phase = |p| mark(timing::stage_of(p));
        let out = match opts.emit {
            Emit::Legalized => {
                let text = legalized_text(&u, platform, &mut phase).ok()?;
                let name = format!("{}.legalized.ll", u.kernel.name);
                Unit::File(OutputFile::staged(name, text.into_bytes(), sink))
            }
            _ => {
                let (k, _) = genxc_isel::select_owned(u, platform, &mut phase).ok()?;
                if opts.emit == Emit::Visaasm {
                    let text = genxc_visa::write_text(&k);
                    let name = format!("{}.visaasm", k.name);
                    drop(k);
                    Unit::File(OutputFile::staged(name, text.into_bytes(), sink))
                } else {
                    Unit::Object(genxc_visa::encode_kernel(&k))
                }
            }
        };
        Some((kernel, md, out))
    });
    if scanned != Some(true) {
        return None;
    }
    let results: Vec<_> = results.into_iter().collect::<Option<_>>()?;
    // What the whole module would refuse: two kernels of one name, too much kernel metadata.
    let mut names = std::collections::HashSet::new();
    if !results.iter().all(|(k, _, _)| names.insert(k.as_str())) {
        return None;
    }
    if results.iter().map(|(_, md, _)| u64::from(*md)).sum::<u64>() > u64::from(genxc_genx::llvm::MD_BUDGET) {
        return None;
    }
    let mut files = Vec::new();
    let mut kernels = Vec::new();
    for (_, _, out) in results {
        match out {
            Unit::File(file) => files.push(file),
            Unit::Object(k) => kernels.push(k),
        }
    }
    if opts.emit == Emit::Isa {
        // Only the container's header and concatenation are serial: each kernel was encoded on
        // its worker thread.
        let bytes = times.time(Stage::Isel, || genxc_visa::write_objects(&kernels));
        files.push(OutputFile::new(format!("{}.isa", stem(name)), bytes));
    }
    Some(files)
}

/// What the split path makes of one unit: a file (vISA or legalized LLVM IR text) or a kernel
/// encoded for the `.isa` container.
enum Unit {
    File(OutputFile),
    Object(genxc_visa::KernelObject),
}

/// Parses and imports one unit's text and builds its kernel unit, as the whole module would have
/// built it: the same functions (checked against the plan), shared subroutines renamed after the
/// kernel. Also gives the kernel metadata values it took. `None` on any error.
fn unit_from_text(
    plan: &split::Plan<'_>,
    unit: &split::UnitPlan,
    name: &str,
    platform: Platform,
    mark: &mut dyn FnMut(Stage),
) -> Option<(KernelUnit, u32)> {
    let text = plan.text(unit);
    let large = text.len() > memory::LARGE_UNIT_BYTES;
    let imported = with_context(|ctx| {
        let llvm = genxc_frontend::llvm::load(ctx, name, text.as_bytes());
        drop(text);
        let llvm = llvm.ok()?;
        mark(Stage::Parse);
        genxc_genx::llvm::import_module_counted(&llvm, platform).ok()
    });
    if large {
        // The context keeps the constants of the large module: it goes with the module.
        CONTEXT.with(|cell| cell.borrow_mut().take());
        memory::trim_llvm_heap();
        memory::large_unit();
    }
    let (module, md) = imported?;
    let mut units = genxc_genx::units::build_units(&module).ok()?;
    let mut u = units.pop().filter(|_| units.is_empty())?;
    let names: std::collections::HashSet<&str> = u.functions.iter().map(|(_, f)| f.name.as_str()).collect();
    if u.functions[u.entry].name != unit.kernel
        || names.len() != unit.functions.len()
        || !unit.functions.iter().all(|f| names.contains(f.as_str()))
    {
        return None;
    }
    let entry = u.entry;
    for (id, f) in u.functions.iter_mut() {
        if id != entry && plan.shared.contains(&f.name) {
            f.name = format!("{}_{}", f.name, u.kernel.name);
        }
    }
    mark(Stage::Import);
    Some((u, md))
}

/// Units an LLVM context of a worker thread parses before it is replaced: creating a context costs
/// about as much as parsing a small unit, and a context keeps every constant it ever made.
const UNITS_PER_CONTEXT: usize = 256;

thread_local! {
    /// This thread's LLVM context for units, and how many units it has parsed.
    static CONTEXT: std::cell::RefCell<Option<(inkwell::context::Context, usize)>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `work` with this thread's LLVM context for units (every module it makes must be dropped
/// before it returns).
fn with_context<T>(work: impl FnOnce(&inkwell::context::Context) -> T) -> T {
    CONTEXT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|(_, used)| *used >= UNITS_PER_CONTEXT) {
            *slot = Some((inkwell::context::Context::create(), 0));
        }
        let (ctx, used) = slot.as_mut().expect("a context was just made");
        *used += 1;
        work(ctx)
    })
}

/// [`compile_input`] through one LLVM module of the whole input.
fn compile_whole(
    input: &Input,
    opts: &Options,
    times: &mut PassTimes,
    sink: Option<&dyn Sink>,
) -> Result<(Vec<OutputFile>, Module), Vec<Diagnostic>> {
    let name = &input.name;
    let is_mlir = name.ends_with(".mlir");
    let ctx = inkwell::context::Context::create();
    let llvm = times
        .time(Stage::Parse, || {
            genxc_frontend::limits::check_size(name, input.bytes.len() as u64)?;
            if is_mlir {
                // Bounded nesting before any parser recurses on it.
                genxc_frontend::limits::scan_text(name, &input.bytes, genxc_frontend::limits::Syntax::Mlir)?;
                genxc_lowering::load(&ctx, name, &input.bytes)
            } else {
                genxc_frontend::llvm::load(&ctx, name, &input.bytes)
            }
        })
        .map_err(|d| vec![d])?;
    let import = timing::Clock::start();
    import_and_compile(input, opts, llvm, times, import, sink)
}

/// The part of [`compile_input`] after parsing: import, kernel units, per-kernel compilation and
/// emission. `import` was started when import began; the import stage ends when the per-kernel
/// stages begin.
fn import_and_compile(
    input: &Input,
    opts: &Options,
    llvm: inkwell::module::Module<'_>,
    times: &mut PassTimes,
    import: timing::Clock,
    sink: Option<&dyn Sink>,
) -> Result<(Vec<OutputFile>, Module), Vec<Diagnostic>> {
    let name = &input.name;
    let is_mlir = name.ends_with(".mlir");
    let end_import = |times: &mut PassTimes| {
        let (wall, cpu) = import.elapsed();
        times.add(Stage::Import, wall, cpu);
    };
    if is_mlir && opts.emit == Emit::Llvm {
        // The translated module as it is: the CPU programs an MLIR file holds are not GenX kernels.
        let text = llvm.print_to_string().to_string();
        end_import(times);
        return Ok((
            vec![OutputFile::new(format!("{}.ll", stem(name)), text.into_bytes())],
            Module::default(),
        ));
    }
    let source = (!is_mlir && !genxc_frontend::llvm::is_bitcode(&input.bytes))
        .then(|| genxc_frontend::llvm::SourceMap::new(&String::from_utf8_lossy(&input.bytes)));
    let mlir_text = is_mlir.then(|| String::from_utf8_lossy(&input.bytes).into_owned());
    let locate = |ds: Vec<Diagnostic>| {
        ds.into_iter()
            .map(|d| match &mlir_text {
                Some(t) => locate_mlir(d, name, t),
                None => locate(d, name, source.as_ref()),
            })
            .collect::<Vec<_>>()
    };
    let module = genxc_genx::llvm::import_module(&llvm, opts.platform).map_err(|d| {
        end_import(times);
        locate(d)
    })?;
    let mut files = Vec::new();
    if opts.emit == Emit::Llvm {
        // The module id and source file name default to the input's path; keep only its file
        // name so the output does not depend on where the input lies (build caches share it).
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        if llvm.get_name().to_bytes() == name.as_bytes() {
            llvm.set_name(base);
        }
        if llvm.get_source_file_name().to_bytes() == name.as_bytes() {
            llvm.set_source_file_name(base);
        }
        let text = llvm.print_to_string().to_string();
        files.push(OutputFile::new(format!("{}.ll", stem(name)), text.into_bytes()));
    }
    // The GenX IR holds everything from here on: the LLVM module is not kept through the
    // per-kernel stages.
    drop(llvm);
    if input.bytes.len() > memory::LARGE_UNIT_BYTES {
        memory::trim_llvm_heap();
        if input.bytes.len() / module.kernels.len().max(1) > memory::LARGE_UNIT_BYTES {
            memory::large_unit();
        }
    }
    if matches!(opts.emit, Emit::Llvm | Emit::Metadata) {
        end_import(times);
        return Ok((files, module));
    }
    let units = genxc_genx::units::build_units(&module);
    end_import(times);
    let units = units.map_err(locate)?;
    let mut diags = Vec::new();
    if matches!(opts.emit, Emit::Legalized | Emit::Visaasm) {
        // One file per kernel, written on the worker threads: the text is as long to make as the
        // selection.
        let outputs = successes(
            run_units(&units, opts, times, |u, mark| {
                let (name, text) = if opts.emit == Emit::Legalized {
                    (format!("{}.legalized.ll", u.kernel.name), legalized_text(u, opts.platform, mark)?)
                } else {
                    let (k, _) = genxc_isel::select_marked(u, opts.platform, mark)?;
                    (format!("{}.visaasm", k.name), genxc_visa::write_text(&k))
                };
                Ok(OutputFile::staged(name, text.into_bytes(), sink))
            }),
            &mut diags,
            &locate,
        );
        if genxc_diag::has_errors(&diags) {
            return Err(diags);
        }
        files.extend(outputs);
        return Ok((files, module));
    }
    // Only `--emit isa` is left: each kernel is encoded on its worker, the container is serial.
    let objects = successes(
        run_units(&units, opts, times, |u, mark| {
            genxc_isel::select_marked(u, opts.platform, mark).map(|(k, _)| genxc_visa::encode_kernel(&k))
        }),
        &mut diags,
        &locate,
    );
    if genxc_diag::has_errors(&diags) {
        return Err(diags);
    }
    let bytes = times.time(Stage::Isel, || genxc_visa::write_objects(&objects));
    files.push(OutputFile::new(format!("{}.isa", stem(name)), bytes));
    Ok((files, module))
}

/// Register allocation counts per kernel (`--stats`): kernel name and the counts of its unit.
pub fn kernel_stats(
    input: &Input,
    platform: Platform,
) -> Result<Vec<(String, genxc_regalloc::Stats)>, Vec<Diagnostic>> {
    let ctx = inkwell::context::Context::create();
    let llvm = genxc_frontend::llvm::load(&ctx, &input.name, &input.bytes).map_err(|d| vec![d])?;
    let module = genxc_genx::llvm::import_module(&llvm, platform)?;
    let units = genxc_genx::units::build_units(&module)?;
    units.iter().map(|u| genxc_isel::select_with_stats(u, platform).map(|(k, s)| (k.name, s))).collect()
}

/// The results that succeeded; the diagnostics of the others go to `diags`, located.
fn successes<T>(
    results: Vec<Result<T, Vec<Diagnostic>>>,
    diags: &mut Vec<Diagnostic>,
    locate: &dyn Fn(Vec<Diagnostic>) -> Vec<Diagnostic>,
) -> Vec<T> {
    let mut out = Vec::with_capacity(results.len());
    for r in results {
        match r {
            Ok(o) => out.push(o),
            Err(d) => diags.extend(locate(d)),
        }
    }
    out
}

/// The legalized GenX IR of one kernel unit (the kernel and its subroutines) as LLVM IR text, with
/// its `genx.kernels` node: the same lowering, collapsing and splitting that instruction selection
/// sees.
fn legalized_text(
    u: &KernelUnit,
    platform: Platform,
    mark: &mut dyn FnMut(Phase),
) -> Result<String, Vec<Diagnostic>> {
    let mut functions = u.functions.clone();
    for (_, f) in functions.iter_mut() {
        if f.layout.is_empty() {
            continue;
        }
        genxc_genx::lower::lower_function(f).map_err(|d| vec![d])?;
        genxc_legalize::run(f, platform).map_err(|d| vec![d])?;
    }
    mark(Phase::Legalize);
    let kernel = genxc_genx::metadata::Kernel { func: u.entry, ..u.kernel.clone() };
    Ok(genxc_genx::llvm_text::print_llvm(&genxc_genx::ir::Module { functions, kernels: vec![kernel] }))
}

/// Runs `work` on kernel units in parallel with `opts.jobs` threads; results come back in unit
/// order. `work` calls its `mark` argument when a [`Phase`] ends; the time after the last mark
/// counts as instruction selection (emission). The section's times are added to `times`.
fn run_units<T, W>(
    units: &[KernelUnit],
    opts: &Options,
    times: &mut PassTimes,
    work: W,
) -> Vec<Result<T, Vec<Diagnostic>>>
where
    T: Send,
    W: Fn(&KernelUnit, &mut dyn FnMut(Phase)) -> Result<T, Vec<Diagnostic>> + Sync + Send,
{
    let work =
        |u: &KernelUnit, mark: &mut dyn FnMut(Stage)| work(u, &mut |phase| mark(timing::stage_of(phase)));
    run_parallel(units, thread_pool(opts).as_ref(), times, None::<fn()>, work).0
}

/// The worker threads of a compile: `opts.jobs` of them, or one per core when it is 0; `None`
/// when they cannot be started (the work then runs on the calling thread).
fn thread_pool(opts: &Options) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new().num_threads(opts.jobs).build().ok()
}

/// Runs `work` on each item in parallel on `pool` (on this thread without one); results come back in item order.
/// `work` calls its `mark` argument when one of its stages ends; the time after the last mark counts
/// as instruction selection (emission). `side`, if any, runs on the same threads beside the items
/// (its time counts as parsing) and its result is returned too. The section's times are added to
/// `times`.
fn run_parallel<U, T, W, R>(
    items: &[U],
    pool: Option<&rayon::ThreadPool>,
    times: &mut PassTimes,
    side: Option<impl FnOnce() -> R + Send>,
    work: W,
) -> (Vec<T>, Option<R>)
where
    U: Sync,
    T: Send,
    R: Send,
    W: Fn(&U, &mut dyn FnMut(Stage)) -> T + Sync + Send,
{
    progress::add(items.len());
    let one = |u: &U| {
        let mut spent = PhaseTimes::default();
        let mut last = timing::thread_cpu();
        let result = work(u, &mut |stage| spent.lap(&mut last, stage));
        spent.lap(&mut last, Stage::Isel);
        progress::done();
        (result, spent)
    };
    let side = || {
        let mut spent = PhaseTimes::default();
        let mut last = timing::thread_cpu();
        let result = side.map(|side| side());
        if result.is_some() {
            spent.lap(&mut last, Stage::Parse);
        }
        (result, spent)
    };
    let start = Instant::now();
    let ((side, side_cpu), timed): (_, Vec<_>) = match pool {
        // One item per rayon job: a unit is milliseconds of work, and a job of several units
        // that can no longer be split kept one thread busy for tens of milliseconds at the end
        // while the other had nothing left to steal.
        Some(pool) => {
            pool.install(|| rayon::join(side, || items.par_iter().with_max_len(1).map(one).collect()))
        }
        None => (side(), items.iter().map(one).collect()),
    };
    let wall = start.elapsed();
    let mut cpu = side_cpu;
    let results = timed
        .into_iter()
        .map(|(result, spent)| {
            cpu += spent;
            result
        })
        .collect();
    times.add_parallel(wall, &cpu);
    (results, side)
}

/// Points a diagnostic about a function or symbol at its line and column in `.ll` text, keeping the
/// function and instruction as its context.
fn locate(d: Diagnostic, file: &str, source: Option<&genxc_frontend::llvm::SourceMap>) -> Diagnostic {
    let Some(sm) = source else { return d };
    let pos = match &d.location {
        Location::Ir { function, inst: Some(inst) } => sm
            .instruction(function, inst, &genxc_genx::intrinsics::is_overload_suffix)
            .or_else(|| sm.function(function)),
        Location::Ir { function, inst: None } => sm.function(function),
        Location::Symbol(name) => sm.global(name),
        Location::None if d.message.starts_with("invalid genx.kernels metadata") => {
            // "... for 'kernel': ..." names the kernel whose node is wrong.
            let kernel =
                d.message.split_once(" for '").and_then(|(_, r)| r.split_once("': ")).map(|(k, _)| k);
            sm.kernel_node(kernel)
        }
        _ => None,
    };
    match pos {
        Some((line, col)) => {
            let subject = d.location.subject();
            at_source(d, subject, file, line, col)
        }
        None => d,
    }
}

/// Points a diagnostic about a function of an MLIR input at that function in the MLIR text.
fn locate_mlir(d: Diagnostic, file: &str, text: &str) -> Diagnostic {
    let Location::Ir { function, inst } = &d.location else { return d };
    let Some((line, col)) = genxc_lowering::function_position(text, function) else { return d };
    let subject = match inst {
        Some(i) => {
            format!("in function @{function}, {} of the translated LLVM IR", genxc_diag::inst_phrase(i))
        }
        None => format!("in function @{function}"),
    };
    at_source(d, Some(subject), file, line, col)
}

/// `d` at a source position; `subject` (what its IR location named) goes before its context.
fn at_source(d: Diagnostic, subject: Option<String>, file: &str, line: u32, col: u32) -> Diagnostic {
    let context = match (subject, d.context) {
        (Some(s), Some(c)) => Some(format!("{s}: {c}").into_boxed_str()),
        (s, c) => s.map(String::into_boxed_str).or(c),
    };
    Diagnostic { location: Location::Source { file: file.to_string(), line, col }, context, ..d }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `.ll` fixture, and workloads of many kernels sharing subroutines: the split path
    /// gives the whole module's bytes when it takes the input, and leaves every input that fails to
    /// the whole module.
    #[test]
    fn split_compilation_matches_the_whole_module() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let mut inputs = Vec::new();
        let mut dirs = vec![root.clone()];
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "ll") {
                    let name = p.strip_prefix(&root).unwrap().display().to_string();
                    inputs.push(Input { name, bytes: std::fs::read(&p).unwrap() });
                }
            }
        }
        inputs.sort_by(|a, b| a.name.cmp(&b.name));
        inputs.push(Input { name: "many.ll".into(), bytes: many_kernels(40).into_bytes() });
        let (mut split, mut whole_only) = (0, 0);
        let mut fell_back = std::collections::BTreeSet::new();
        for input in &inputs {
            for emit in [Emit::Visaasm, Emit::Isa, Emit::Legalized] {
                for platform in [Platform::Tgllp, Platform::Pvc] {
                    let opts = Options { platform, emit, jobs: 2 };
                    let mut times = PassTimes::new();
                    let whole = compile_whole(input, &opts, &mut times, None).map(|(files, _)| files);
                    match compile_split(input, &opts, &mut times, None) {
                        Some(files) => {
                            split += 1;
                            assert_eq!(Ok(&files), whole.as_ref(), "{} {emit:?} {platform:?}", input.name);
                        }
                        None => {
                            whole_only += 1;
                            if whole.is_ok() {
                                fell_back.insert(input.name.as_str());
                            }
                        }
                    }
                }
            }
        }
        // Inputs that compile but are not split: one without kernels, two with external functions.
        let expected = ["bad/comment_only.ll", "bad/linkage_external_body_ok.ll", "kernels/multi.ll"];
        assert_eq!(fell_back, expected.into_iter().collect(), "{split} split, {whole_only} whole");
        assert!(whole_only > 6 * 100, "{whole_only}: every bad input compiles as a whole module");
    }

    /// A module of `n` kernels, each calling a subroutine of its own and one shared by all.
    fn many_kernels(n: usize) -> String {
        let mut text = String::from(
            "target triple = \"genx64-unknown-unknown\"\n\ndeclare i32 @llvm.genx.group.id.x()\n",
        );
        text += "define internal i32 @shared(i32 %x) {\n  %y = mul i32 %x, 3\n  ret i32 %y\n}\n";
        let mut list = Vec::new();
        for i in 0..n {
            text += &format!("define internal i32 @own{i}(i32 %x) {{\n  %y = add i32 %x, {i}\n  %z = call i32 @shared(i32 %y)\n  ret i32 %z\n}}\n");
            text += &format!(
                "define dllexport void @k{i}(i32 %a) #0 {{\nentry:\n  %g = call i32 @llvm.genx.group.id.x()\n  %s = call i32 @own{i}(i32 %g) ; !{i}\n  ret void\n}}\n"
            );
            if i % 2 == 0 {
                list.push(format!("!{i}"));
            }
        }
        text += "attributes #0 = { \"CMGenxMain\" }\n";
        text += &format!("!genx.kernels = !{{{}}}\n", list.join(", "));
        for i in (0..n).step_by(2) {
            text += &format!(
                "!{i} = !{{void (i32)* @k{i}, !\"k{i}\", !{}, i32 0, i32 0, !{}, !{}, i32 0}}\n",
                1000 + i,
                2000 + i,
                3000 + i
            );
            text += &format!(
                "!{} = !{{i32 0}}\n!{} = !{{i32 0}}\n!{} = !{{!\"\"}}\n",
                1000 + i,
                2000 + i,
                3000 + i
            );
        }
        text
    }

    #[test]
    fn stems() {
        assert_eq!(stem("a/b/k.ll"), "k");
        assert_eq!(stem("k"), "k");
        assert_eq!(stem(".hidden"), ".hidden");
        assert_eq!(stem("x.tar.bc"), "x.tar");
    }
}
