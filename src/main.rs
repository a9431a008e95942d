//! The `genxc` command: reads inputs, calls [`genxc::compile_inputs`], prints diagnostics on
//! standard error and writes the outputs, and the `--depfile` when asked, atomically (all files or
//! none).
//!
//! Exit codes: 0 success, 1 an input could not be compiled or an output could not be written
//! (diagnostics say why), 2 usage error.
//!
//! `--check-regions` compiles nothing: it prints the illegal regions of the inputs
//! (`genxc::check_regions`) and exits 0 when all are legal, 1 when some are not, 2 on usage errors
//! and unreadable inputs.

use clap::{Parser, ValueEnum};
use genxc::timing::{PassTimes, Stage};
use genxc::{CompileOptions, Emit, Input, MemrefArgs};
use genxc_genx::Platform;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[global_allocator]
static ALLOCATOR: genxc::memory::Mimalloc = genxc::memory::Mimalloc;

#[derive(Clone, Copy, Debug, ValueEnum)]
enum EmitArg {
    /// vISA text, one `<kernel>.visaasm` per kernel
    Visaasm,
    /// one vISA binary container (`<input>.isa`) with every kernel
    Isa,
    /// the module as LLVM IR after validation and mem2reg (`<input>.ll`)
    Llvm,
    /// the GenX IR after region legalization, as LLVM IR (`<input>.legalized.ll`)
    Legalized,
    /// `kernels.json`: kernel names, SLM sizes and argument layout for a runtime
    Metadata,
    /// one zebin device binary (`<input>.bin`) the compute runtime loads: every kernel finalized
    /// to Gen code by Intel's vISA finalizer (GenX_IR) and packed with its `.ze_info`
    Zebin,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PlatformArg {
    /// Skylake (Gen9), 32-byte GRF
    Skl,
    /// Ice Lake (Gen11), 32-byte GRF
    Icllp,
    /// Tiger Lake (Xe-LP), 32-byte GRF
    Tgllp,
    /// Alchemist (Xe-HPG), 32-byte GRF, LSC messages
    Dg2,
    /// Meteor Lake (Xe-LPG), 32-byte GRF, LSC messages
    Mtl,
    /// Ponte Vecchio (Xe-HPC), 64-byte GRF, LSC messages
    Pvc,
}

/// Compile CM-style GPU kernels (LLVM IR with llvm.genx.* intrinsics) to Intel vISA.
#[derive(Parser, Debug)]
#[command(
    name = "genxc",
    version,
    after_help = "Examples:\n  genxc tests/fixtures/cm/01_saxpy_oword.ll -o out/     # out/saxpy.visaasm\n  genxc k.ll --platform pvc --emit metadata -o out/      # out/kernels.json\n  genxc a.ll b.bc -j 4 -o out/                           # every kernel of both inputs\n  genxc k.ll --emit visaasm,metadata --depfile k.d -o out/  # and k.d for make/Ninja\n\nExit status: 0 success, 1 an input could not be compiled or an output could not be written,\n2 usage error. Nothing is written unless every output can be."
)]
struct Cli {
    /// Input files: LLVM IR text (.ll), bitcode (.bc), MLIR (.mlir) or SPIR-V (.spv, told by its magic
    /// number). Example: `genxc kernel.ll`
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<PathBuf>,

    /// Output folder (created if missing), or a file name when exactly one file is produced.
    /// Default: the current folder. Example: `-o out/` or `-o saxpy.visaasm`
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    output: Option<PathBuf>,

    /// What to produce; repeat the option or list kinds with commas to produce several.
    /// Example: `--emit visaasm,metadata`
    #[arg(long, value_enum, value_delimiter = ',', default_value = "visaasm")]
    emit: Vec<EmitArg>,

    /// Target platform (GRF size, available instructions). Example: `--platform pvc`
    #[arg(long, value_enum, default_value = "tgllp")]
    platform: PlatformArg,

    /// Kernels compiled in parallel; 0 means one thread per core, and at most four per core are
    /// started. The output is the same for every value. Example: `-j 4`
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 0)]
    jobs: usize,

    /// Also write a Makefile-style dependency file (`outputs: inputs`) for make, Ninja or CMake;
    /// written only on success, together with the outputs. Example: `--depfile out/k.d`
    #[arg(long, value_name = "PATH")]
    depfile: Option<PathBuf>,

    /// Print register allocation counts per kernel on standard output: variables, aliases,
    /// coalesced pairs, copies inserted; with `--emit zebin` also what the finalizer made of each
    /// kernel: GRF count, Gen instructions, code bytes, scratch size, spill and fill traffic.
    #[arg(long)]
    stats: bool,

    /// Check the IR after every stage (the GenX IR verifier after each pass, the vISA validator
    /// after selection), as debug builds always do; a failed check is an internal error.
    #[arg(long)]
    verify_each: bool,

    /// After compiling, print on standard error one line per stage (read, parse, import,
    /// legalize, regalloc, isel, write, total):
    /// `genxc time-passes <stage> wall_ms=<float> cpu_ms=<float> peak_rss_kib=<int>`.
    /// The per-kernel stages (legalize, regalloc, isel) run in parallel: their cpu_ms is the sum
    /// over kernels, their wall_ms the parallel time shared out by CPU time; peak_rss_kib is the
    /// process's peak resident memory after the stage.
    #[arg(long)]
    time_passes: bool,

    /// Instead of compiling, check every rdregion/wrregion of the inputs (any GenX LLVM IR,
    /// Intel VC's included) against the platform's region legality rules: one line per illegal
    /// region, then `N regions checked, M illegal`. Exit 0 all legal, 1 some illegal, 2 unreadable
    /// input. Example: `genxc --check-regions k.ll --platform pvc`
    #[arg(long)]
    check_regions: bool,

    /// With `--check-regions`, also print each legal region with its largest legal piece.
    #[arg(long, requires = "check_regions")]
    verbose: bool,

    /// Bytes of private stack memory per hardware thread (ocloc's -stateless-stack-mem-size): the
    /// stack slots that do not fit in registers and stack-call arguments beyond %arg live there; a
    /// kernel needing more is refused. A multiple of 16. Example: `--stateless-stack-mem-size=16384`
    #[arg(long = "stateless-stack-mem-size", value_name = "BYTES", default_value_t = genxc_genx::import::prepare::STACK_BYTES_PER_THREAD)]
    stateless_stack_mem_size: u32,
    /// Work-items per hardware thread of MLIR `gpu` dialect kernels (a work-item per SIMD lane;
    /// the runtime's local size x counts hardware threads, the work-items divided by this).
    #[arg(long = "simd-width", value_name = "8|16|32", default_value_t = genxc_mlir_to_llvm::gpu::DEFAULT_SIMD_WIDTH, value_parser = clap::builder::TypedValueParser::map(clap::builder::PossibleValuesParser::new(["8", "16", "32"]), |s: String| s.parse::<u32>().unwrap_or(16)))]
    simd_width: u32,
    /// How memref arguments of MLIR `gpu` kernels are passed: an SVM pointer each, or a surface.
    #[arg(long = "memref-args", value_name = "svm|surface", default_value = "svm", value_parser = ["svm", "surface"])]
    memref_args: String,
    /// The value of a SPIR-V specialization constant, by its SpecId; repeat for several. The
    /// constant's type says how the value reads: an integer (decimal, or hexadecimal with 0x), a
    /// float, or true/false. Example: `--spec-constant 3=16`
    #[arg(long = "spec-constant", value_name = "ID=VALUE")]
    spec_constants: Vec<String>,

    /// The vISA finalizer `--emit zebin` runs to get Gen code (default: `GenX_IR` on the PATH).
    /// Example: `--finalizer /usr/bin/GenX_IR`
    #[arg(long, value_name = "PATH")]
    finalizer: Option<String>,

    /// With `--emit zebin`, read every kernel's report (registers, instructions, scratch and
    /// spills) from the finalizer's Gen assembly listing, which it then writes for every kernel
    /// (slower; by default only where the code does not tell the report exactly)
    #[arg(long)]
    finalizer_listings: bool,

    /// ocloc's API options for the Vector Compiler path, as one string: `-vc-codegen`,
    /// `-doubleGRF` (PVC), `-Xfinalizer "<option>"`, `-ffp-contract=fast|on|off`, `-g`,
    /// `-disable-finalizer-msg`, `-stateless-stack-mem-size=<bytes>`; an unknown option is a usage
    /// error. Example: `--options "-vc-codegen -doubleGRF"`
    #[arg(long, value_name = "OPTIONS", allow_hyphen_values = true)]
    options: Vec<String>,

    /// ocloc's internal options, as one string: `-ze-exp-register-file-size=128|256`, `-vc-use-bindless-buffers`. Example:
    /// `--internal-options "-ze-exp-register-file-size=256"`
    #[arg(long = "internal-options", value_name = "OPTIONS", allow_hyphen_values = true)]
    internal_options: Vec<String>,
}

fn platform(p: PlatformArg) -> Platform {
    match p {
        PlatformArg::Skl => Platform::Skl,
        PlatformArg::Icllp => Platform::Icllp,
        PlatformArg::Tgllp => Platform::Tgllp,
        PlatformArg::Dg2 => Platform::Dg2,
        PlatformArg::Mtl => Platform::Mtl,
        PlatformArg::Pvc => Platform::Pvc,
    }
}

fn emit(e: EmitArg) -> Emit {
    match e {
        EmitArg::Visaasm => Emit::Visaasm,
        EmitArg::Isa => Emit::Isa,
        EmitArg::Llvm => Emit::Llvm,
        EmitArg::Legalized => Emit::Legalized,
        EmitArg::Metadata => Emit::Metadata,
        EmitArg::Zebin => Emit::Zebin,
    }
}

/// Sets the allocator up (see `genxc::memory`). Run as a static constructor, before the first
/// allocation makes an arena (setting the options in `main` kept half of the excess memory).
extern "C" fn tune_allocator() {
    genxc::memory::tune_mimalloc();
}

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static TUNE_ALLOCATOR: extern "C" fn() = tune_allocator;

fn main() -> ExitCode {
    let start = Instant::now();
    #[cfg(not(target_os = "linux"))]
    tune_allocator();
    // LLVM aborts on some malformed bitcode: make that a diagnostic and exit code 1.
    genxc_frontend::llvm::exit_on_llvm_fatal_error();
    genxc_frontend::crash_guard::exit_on_llvm_reader_crash();
    remove_temporaries_when_interrupted();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(2) } else { ExitCode::SUCCESS };
        }
    };
    if cli.check_regions {
        return check_regions(&cli);
    }
    // the process frees what the compile is done with when it exits (`genxc::memory`)
    genxc::memory::leave_to_exit();
    let mut times = PassTimes::new();
    let code = run(&cli, &mut times);
    if cli.time_passes {
        times.finish(start);
        eprint!("{}", times.report());
    }
    // the exit frees the whole address space: mimalloc need not return its freed pages first
    genxc::memory::keep_pages_until_exit();
    code
}

/// `--check-regions`: checks the regions of every input and prints the findings
/// (see `genxc::check_regions`).
fn check_regions(cli: &Cli) -> ExitCode {
    let p = platform(cli.platform);
    let (mut checked, mut unreadable) = (Vec::new(), false);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for path in &cli.inputs {
        let file = path.display().to_string();
        let result =
            std::fs::read(path).map_err(|e| format!("error: cannot read '{file}': {e}")).and_then(|bytes| {
                genxc::check_regions::check_module(&file, &bytes, p).map_err(|e| e.to_string())
            });
        match result {
            Ok(regions) => {
                for r in &regions {
                    if cli.verbose || matches!(r.verdict, genxc::check_regions::Verdict::Illegal(_)) {
                        let _ = writeln!(out, "{}", r.line(&file, p));
                    }
                }
                checked.extend(regions);
            }
            Err(msg) => {
                eprintln!("{msg}");
                unreadable = true;
            }
        }
    }
    let _ = writeln!(out, "{}", genxc::check_regions::summary(&checked));
    if unreadable {
        ExitCode::from(2)
    } else if checked.iter().any(|r| matches!(r.verdict, genxc::check_regions::Verdict::Illegal(_))) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Reads the inputs, compiles them and writes the outputs, adding each stage's time to `times`.
fn run(cli: &Cli, times: &mut PassTimes) -> ExitCode {
    let mut opts = CompileOptions {
        platform: platform(cli.platform),
        emit: cli.emit.iter().map(|&e| emit(e)).collect(),
        jobs: cli.jobs,
        stats: cli.stats,
        verify_each: cli.verify_each,
        stack_mem_size: cli.stateless_stack_mem_size,
        spec_constants: Vec::new(),
        finalizer: cli.finalizer.clone(),
        finalizer_options: Vec::new(),
        finalizer_listings: cli.finalizer_listings,
        large_grf: false,
        bindless_buffers: false,
        fp_contract: Default::default(),
        debug_lines: false,
        simd_width: cli.simd_width,
        memref_args: if cli.memref_args == "surface" { MemrefArgs::Surface } else { MemrefArgs::Svm },
    };
    for value in &cli.spec_constants {
        match genxc::spec_constant("--spec-constant", value) {
            Ok(pair) => opts.spec_constants.push(pair),
            Err(d) => {
                eprintln!("{d}");
                return ExitCode::from(2);
            }
        }
    }
    if let Err(d) =
        genxc::stack_mem_size("--stateless-stack-mem-size", &cli.stateless_stack_mem_size.to_string())
    {
        eprintln!("{d}");
        return ExitCode::from(2);
    }
    for text in cli.options.iter().chain(&cli.internal_options) {
        if let Err(d) = opts.apply_ocloc_options(text) {
            eprintln!("{d}");
            return ExitCode::from(2);
        }
    }
    let mut inputs = Vec::new();
    for path in &cli.inputs {
        if path.to_str().is_none() {
            // outputs and the depfile are named after the input: a name changed to be text would
            // name files other than the user's
            eprintln!(
                "error: '{}': the file name is not UTF-8 (genxc names its outputs after its inputs)",
                path.display()
            );
            return ExitCode::from(1);
        }
        match times.time(Stage::Read, || read_input(path)) {
            Ok(bytes) => inputs.push(Input { name: path.display().to_string(), bytes }),
            Err(msg) => {
                eprintln!("error: {msg}");
                return ExitCode::from(1);
            }
        }
    }
    let bar = progress_bar();
    // Per-kernel outputs go to temporary files in their folder as soon as a worker has made them,
    // except with `-o FILE`, whose single target is known only at the end.
    let stager = match &cli.output {
        Some(p) if p.extension().is_some() && !p.is_dir() => None,
        Some(dir) => Some(Stager::new(dir.clone())),
        None => Some(Stager::new(PathBuf::from("."))),
    };
    let sink = stager.as_ref().map(|s| s as &dyn genxc::Sink);
    let result = genxc::compile_inputs_staged(&inputs, &opts, times, sink);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    for d in &result.diagnostics {
        let _ = writeln!(err, "{d}");
    }
    if result.failed() {
        return ExitCode::from(1);
    }
    for (kernel, s) in &result.stats {
        println!(
            "{kernel}: variables {}, aliases {}, coalesced {}, copies {}",
            s.variables, s.aliases, s.coalesced, s.copies
        );
    }
    for (kernel, r) in result.finalizer.iter().filter(|_| cli.stats) {
        println!(
            "{kernel}: GRF {}, Gen instructions {}, code bytes {}, scratch size {}, spill stores {} ({} bytes), fill loads {} ({} bytes)",
            r.grf_count, r.inst_count, r.code_bytes, r.scratch_size, r.spill_sends, r.spill_bytes, r.fill_sends, r.fill_bytes
        );
    }
    let mut files = plan_outputs(result.outputs, cli.output.as_deref(), stager.as_ref());
    let staged = match &cli.depfile {
        Some(depfile) if files.iter().any(|(p, _)| p == depfile) => {
            Err(format!("the depfile '{}' would overwrite an output", depfile.display()))
        }
        Some(depfile) => {
            let targets: Vec<String> = files.iter().map(|(p, _)| p.to_string_lossy().into_owned()).collect();
            let inputs: Vec<String> = cli.inputs.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            genxc::depfile::render(&targets, &inputs).map(|text| {
                files.push((depfile.clone(), Contents::Bytes(text.into_bytes())));
                files
            })
        }
        None => Ok(files),
    };
    match times.time(Stage::Write, || staged.and_then(write_atomically)) {
        Ok(()) => {
            if let Some(s) = &stager {
                s.keep_folders();
            }
            ExitCode::SUCCESS
        }
        Err(msg) => {
            let _ = writeln!(err, "error: {msg}");
            ExitCode::from(1)
        }
    }
}

/// Kernel units from which a compile counts as long: its progress bar is drawn.
const PROGRESS_FROM_UNITS: u64 = 64;

/// The progress bar of the compile, counted in kernel units: only when standard error is a
/// terminal, and drawn only once at least [`PROGRESS_FROM_UNITS`] units are under way.
fn progress_bar() -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
    let style = ProgressStyle::with_template("genxc: [{bar:40}] {pos}/{len} kernels, {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    genxc::progress::observe(Box::new(UnitBar(bar.clone())));
    Some(bar)
}

/// The progress bar as the library's progress observer.
struct UnitBar(ProgressBar);

impl genxc::progress::Observer for UnitBar {
    fn add(&self, units: usize) {
        self.0.inc_length(units as u64);
        if self.0.is_hidden() && self.0.length().unwrap_or(0) >= PROGRESS_FROM_UNITS {
            self.0.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn done(&self) {
        self.0.inc(1);
    }
}

/// Reads one input, at most one byte past the size limit (so a huge file, or a device that never
/// ends, is refused without being read into memory).
fn read_input(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read '{name}': {e}"))?;
    if let Ok(meta) = file.metadata() {
        if meta.is_dir() {
            return Err(format!("cannot read '{name}': it is a folder"));
        }
        genxc_frontend::limits::check_size(&name, meta.len()).map_err(|d| d.message)?;
    }
    let max = genxc_frontend::limits::MAX_INPUT_BYTES;
    // Sized from the file's length: growing by doubling copied and faulted in about twice the
    // input on the serial path.
    let size = file.metadata().map_or(0, |m| m.len().min(max) + 1);
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(max + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read '{name}': {e}"))?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "{name}: limit exceeded: the input is more than {max} bytes; at most {max} (256 MiB) are accepted"
        ));
    }
    Ok(bytes)
}

/// Where each output goes: into the output folder (`-o DIR`, default the current folder), or to
/// `-o FILE` itself when exactly one file is produced; with the contents in memory or, for an
/// output `stager` took, its temporary file.
fn plan_outputs(
    files: Vec<genxc::Output>,
    output: Option<&Path>,
    stager: Option<&Stager>,
) -> Vec<(PathBuf, Contents)> {
    let single = matches!(output, Some(p) if files.len() == 1 && p.extension().is_some() && !p.is_dir());
    files
        .into_iter()
        .map(|f| {
            let target = match output {
                Some(p) if single => p.to_path_buf(),
                Some(dir) => dir.join(&f.name),
                None => PathBuf::from(&f.name),
            };
            let staged = f.staged.zip(stager).and_then(|(ticket, s)| s.take(ticket));
            (target, staged.map_or(Contents::Bytes(f.bytes), Contents::Staged))
        })
        .collect()
}

/// The contents of one output: in memory, or already in a temporary file in the target's folder.
enum Contents {
    Bytes(Vec<u8>),
    Staged(tempfile::TempPath),
}

/// Writes each output a worker thread hands it to a temporary file in the output's folder (see
/// [`genxc::Sink`]), creating the folder if missing. What is not taken back with [`Stager::take`]
/// is deleted when the stager drops, and so are the folders it created unless
/// [`Stager::keep_folders`] was called: a failed compilation leaves nothing behind.
struct Stager {
    /// The output folder (`-o DIR` or the current folder).
    dir: PathBuf,
    /// Temporary files by ticket; `None` once taken.
    files: std::sync::Mutex<Vec<Option<tempfile::TempPath>>>,
    /// Folders created for outputs, outermost first.
    created: std::sync::Mutex<Vec<PathBuf>>,
}

impl Stager {
    fn new(dir: PathBuf) -> Stager {
        Stager { dir, files: Default::default(), created: Default::default() }
    }

    /// The temporary file of `ticket`, now owned by the caller.
    fn take(&self, ticket: u64) -> Option<tempfile::TempPath> {
        let mut files = self.files.lock().ok()?;
        files.get_mut(usize::try_from(ticket).ok()?)?.take()
    }

    /// Keeps the folders made for outputs (they were all written).
    fn keep_folders(&self) {
        if let Ok(mut created) = self.created.lock() {
            created.clear();
        }
    }

    /// Creates `folder` and its missing parents, remembering those it made.
    fn make_folder(&self, folder: &Path) -> std::io::Result<()> {
        if folder.is_dir() {
            return Ok(());
        }
        let mut created = self.created.lock().map_err(|_| std::io::Error::other("poisoned"))?;
        let missing: Vec<PathBuf> =
            folder.ancestors().take_while(|a| !a.exists()).map(Path::to_path_buf).collect();
        std::fs::create_dir_all(folder)?;
        created.extend(missing.into_iter().rev());
        Ok(())
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<tempfile::TempPath> {
        let target = self.dir.join(name);
        let folder = folder_of(&target);
        self.make_folder(folder)?;
        let mut tmp = staging_file(folder)?;
        tmp.write_all(bytes)?;
        // Closed at once: thousands of kernels must not hold thousands of descriptors.
        Ok(tmp.into_temp_path())
    }
}

impl genxc::Sink for Stager {
    fn stage(&self, name: &str, bytes: &[u8]) -> Option<u64> {
        // On any error the bytes stay in memory and the final write reports it.
        let path = self.write(name, bytes).ok()?;
        let mut files = self.files.lock().ok()?;
        files.push(Some(path));
        Some(files.len() as u64 - 1)
    }
}

impl Drop for Stager {
    fn drop(&mut self) {
        // The temporary files first, then the folders made for them, innermost first.
        if let Ok(files) = self.files.get_mut() {
            files.clear();
        }
        if let Ok(created) = self.created.get_mut() {
            for dir in created.drain(..).rev() {
                let _ = std::fs::remove_dir(dir);
            }
        }
    }
}

/// A new temporary file in `folder` for an output renamed into place later, created as any new
/// file is (read and write for all, less the umask: 0644 under the usual 022), not with the
/// owner-only mode temporary files get.
fn staging_file(folder: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    use std::os::unix::fs::PermissionsExt;
    let file = tempfile::Builder::new()
        .prefix(".genxc-")
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(folder)?;
    // removed if the command is interrupted before the file is renamed into place
    genxc::temporaries::list_until_exit(file.path());
    Ok(file)
}

/// Makes an interrupt (SIGINT, SIGTERM, SIGHUP) remove the temporary files and folders the
/// command has made ([`genxc::temporaries`]: staged outputs, the finalizer's folders) before it
/// ends the command as the signal would. The signals are blocked on every thread (the threads
/// started later inherit the mask; the finalizer processes get theirs reset) and taken by one
/// thread, which waits while the outputs are renamed into place.
fn remove_temporaries_when_interrupted() {
    // SAFETY: signal set and mask calls on a local set, before any other thread is started.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            libc::sigaddset(&mut set, signal);
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        let watcher = std::thread::Builder::new().name("interrupts".into()).spawn(move || {
            let mut signal = 0;
            if libc::sigwait(&set, &mut signal) != 0 {
                return;
            }
            genxc::temporaries::remove_listed();
            // end as the signal would have
            libc::signal(signal, libc::SIG_DFL);
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
            libc::raise(signal);
            libc::_exit(128 + signal);
        });
        if watcher.is_err() {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
}

/// Writes every file still in memory to a temporary name in its folder (created if missing), then
/// renames them all into place. A file a target replaces is first moved aside; if any rename fails,
/// the files already renamed are removed and the moved-aside ones put back, so on failure no file
/// is created or changed (and no temporary is left).
fn write_atomically(files: Vec<(PathBuf, Contents)>) -> Result<(), String> {
    let mut staged = Vec::new();
    for (target, contents) in files {
        let tmp = match contents {
            Contents::Staged(path) => path,
            Contents::Bytes(bytes) => {
                let target = &target;
                let dir = folder_of(target);
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create folder '{}': {e}", dir.display()))?;
                let mut tmp =
                    staging_file(dir).map_err(|e| format!("cannot write in '{}': {e}", dir.display()))?;
                tmp.write_all(&bytes).map_err(|e| format!("cannot write '{}': {e}", target.display()))?;
                tmp.into_temp_path()
            }
        };
        staged.push((tmp, target));
    }
    // an interrupt waits until every file is in place (or every change undone)
    let _renaming = genxc::temporaries::hold();
    // (target, the previous file moved aside) for every file renamed into place so far.
    let mut done: Vec<(PathBuf, Option<tempfile::TempPath>)> = Vec::new();
    let mut staged = staged.into_iter();
    for (tmp, target) in staged.by_ref() {
        match commit_one(tmp, &target) {
            Ok(backup) => done.push((target, backup)),
            Err(e) => {
                for (target, backup) in done.into_iter().rev() {
                    match backup {
                        Some(old) => {
                            let _ = std::fs::rename(&old, &target);
                        }
                        None => {
                            let _ = std::fs::remove_file(&target);
                        }
                    }
                }
                return Err(format!("cannot write '{}': {e}", target.display()));
            }
        }
    }
    // Success: the moved-aside files are deleted when their `TempPath`s drop.
    Ok(())
}

fn folder_of(target: &Path) -> &Path {
    target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Renames one staged file onto `target`, moving an existing file there aside first (returned so
/// it can be put back).
fn commit_one(tmp: tempfile::TempPath, target: &Path) -> Result<Option<tempfile::TempPath>, std::io::Error> {
    let backup = if target.is_file() {
        // Moved to a new name, never renamed over an existing file: on ext4 a rename that replaces
        // a file writes the renamed file's data out at once, which made rewriting thousands of
        // `.visaasm` files ten times slower.
        let old = tempfile::Builder::new()
            .prefix(".genxc-old-")
            .make_in(folder_of(target), |old| rename_noreplace(target, old))?
            .into_temp_path();
        Some(old)
    } else {
        None
    };
    match tmp.persist(target) {
        Ok(_) => Ok(backup),
        Err(e) => {
            if let Some(old) = &backup {
                let _ = std::fs::rename(old, target);
            }
            Err(e.error)
        }
    }
}

/// Renames `from` to `to`, failing with `AlreadyExists` rather than replacing an existing `to`.
#[cfg(target_os = "linux")]
fn rename_noreplace(from: &Path, to: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| {
        std::ffi::CString::new(p.as_os_str().as_bytes())
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))
    };
    let (from, to) = (c(from)?, c(to)?);
    // SAFETY: both paths are NUL-terminated strings that live across the call.
    let r = unsafe {
        libc::renameat2(libc::AT_FDCWD, from.as_ptr(), libc::AT_FDCWD, to.as_ptr(), libc::RENAME_NOREPLACE)
    };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Renames `from` to `to`, failing with `AlreadyExists` rather than replacing an existing `to`.
#[cfg(not(target_os = "linux"))]
fn rename_noreplace(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::hard_link(from, to)?;
    std::fs::remove_file(from)
}
