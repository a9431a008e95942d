//! The library API for runtimes and build systems: compile bytes in memory to every requested
//! output at once and read the results by kind.
//!
//! [`compile_bytes`] takes one input (a file name for diagnostics and its bytes) and
//! [`CompileOptions`] (platform, a set of [`Emit`] kinds, thread count) and returns an [`Outcome`]:
//! named [`Output`]s tagged with their kind, typed accessors (vISA text per kernel, the `.isa`
//! container, `kernels.json`), and the diagnostics. [`CompileOptions::parse`] reads the same
//! options from an ocloc-style string (`-platform tgllp -emit visaasm,metadata -j 4`), which is
//! what the C ABI (`libgenxc.so`, `include/genxc.h`) takes.
//!
//! Each input is read, parsed, validated and imported once, whatever the kinds asked for; every
//! kind comes from that one run (module `driver`, which runs `pipeline` on each kernel unit).
//! Outputs are deterministic: the same bytes and options give the same outputs whatever the
//! thread count, input path or machine.

use crate::driver;
use crate::timing::{PassTimes, Stage};
use genxc_diag::Diagnostic;
use genxc_genx::Platform;
use genxc_regalloc::Stats;
use std::fmt;
use std::str::FromStr;

/// What to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Emit {
    /// `<kernel>.visaasm` per kernel.
    Visaasm,
    /// One `.isa` binary container with every kernel.
    Isa,
    /// The module as LLVM IR text after validation (`<stem>.ll`).
    Llvm,
    /// The GenX IR after legalization, printed as LLVM IR (`<kernel>.legalized.ll`).
    Legalized,
    /// `kernels.json`.
    Metadata,
    /// One zebin device binary (`<stem>.bin`) with every kernel finalized to Gen code by Intel's
    /// vISA finalizer (`GenX_IR`), which the compute runtime loads.
    Zebin,
}

/// One input: a name for diagnostics and output names, and its bytes.
#[derive(Clone, Debug)]
pub struct Input {
    /// File name as the user gave it.
    pub name: String,
    /// Contents.
    pub bytes: Vec<u8>,
}

/// Takes output files as soon as a worker thread has made them, so that they are not all held in
/// memory until the end (the `genxc` command writes each to a temporary file in its folder and
/// renames them into place only when the whole compilation succeeded).
///
/// A staged output may be abandoned: an input whose split compilation fails is compiled again as
/// one module, and a compilation with errors returns no output. The sink drops what is never
/// returned in a successful [`Outcome`].
pub trait Sink: Sync {
    /// Takes the contents of output `name` and returns a ticket for them, or `None` to leave the
    /// bytes in the output (the sink could not take them).
    fn stage(&self, name: &str, bytes: &[u8]) -> Option<u64>;
}

impl Emit {
    /// Every kind, in the order a multi-kind compilation produces them.
    pub const ALL: [Emit; 6] =
        [Emit::Visaasm, Emit::Isa, Emit::Llvm, Emit::Legalized, Emit::Metadata, Emit::Zebin];

    /// The kind's name on the command line and in option strings (`visaasm`, `isa`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Emit::Visaasm => "visaasm",
            Emit::Isa => "isa",
            Emit::Llvm => "llvm",
            Emit::Legalized => "legalized",
            Emit::Metadata => "metadata",
            Emit::Zebin => "zebin",
        }
    }

    /// Parses a kind name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Emit> {
        Emit::ALL.into_iter().find(|e| e.name().eq_ignore_ascii_case(name))
    }

    fn bit(self) -> u8 {
        1 << Emit::ALL.iter().position(|&e| e == self).unwrap_or(0)
    }
}

impl fmt::Display for Emit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Emit`] kinds; iterates in the order of [`Emit::ALL`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EmitSet(u8);

impl EmitSet {
    /// No kind.
    pub const EMPTY: EmitSet = EmitSet(0);

    /// The set of the given kinds.
    pub fn of(kinds: &[Emit]) -> EmitSet {
        kinds.iter().copied().collect()
    }

    /// This set with one more kind.
    pub fn with(self, kind: Emit) -> EmitSet {
        EmitSet(self.0 | kind.bit())
    }

    /// Whether the set holds `kind`.
    pub fn contains(self, kind: Emit) -> bool {
        self.0 & kind.bit() != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds of the set, in the order of [`Emit::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Emit> {
        Emit::ALL.into_iter().filter(move |&e| self.contains(e))
    }
}

impl FromIterator<Emit> for EmitSet {
    fn from_iter<I: IntoIterator<Item = Emit>>(iter: I) -> EmitSet {
        iter.into_iter().fold(EmitSet::EMPTY, EmitSet::with)
    }
}

impl From<Emit> for EmitSet {
    fn from(kind: Emit) -> EmitSet {
        EmitSet::EMPTY.with(kind)
    }
}

/// Options of a library compilation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileOptions {
    /// Target platform.
    pub platform: Platform,
    /// What to produce; an empty set only checks the inputs (front end, validation, kernel
    /// metadata) and returns diagnostics.
    pub emit: EmitSet,
    /// Worker threads for kernel units (0 = one per core; at most [`MAX_JOBS_PER_CORE`] per
    /// core: see [`Self::workers`]); outputs are the same for every value.
    pub jobs: usize,
    /// Also count each kernel's register allocation ([`Outcome::stats`]).
    pub stats: bool,
    /// Check the IR after every stage, as debug builds always do (`--verify-each`).
    pub verify_each: bool,
    /// Bytes of private stack memory per hardware thread (`-stateless-stack-mem-size`): a multiple
    /// of 16 up to [`genxc_genx::import::prepare::MAX_STACK_BYTES_PER_THREAD`].
    pub stack_mem_size: u32,
    /// Values of SPIR-V specialization constants by SpecId (`--spec-constant ID=VALUE`), as
    /// written: the constant's type says how the value reads (integer, float or `true`/`false`).
    pub spec_constants: Vec<(u32, String)>,
    /// The vISA finalizer `--emit zebin` runs (`--finalizer`); `None` looks for `GenX_IR` on
    /// the `PATH`.
    pub finalizer: Option<String>,
    /// Options passed to the finalizer as they are (ocloc's `-Xfinalizer`).
    pub finalizer_options: Vec<String>,
    /// Read every kernel's [`FinalizerReport`](crate::finalize::FinalizerReport) from the
    /// finalizer's Gen assembly listing (`--finalizer-listings`): slower, since the finalizer then
    /// writes one for every kernel; by default it writes them only where the code does not tell
    /// the report exactly.
    pub finalizer_listings: bool,
    /// The 256-register file (ocloc's `-doubleGRF`, `-ze-exp-register-file-size=256`): the
    /// finalizer allocates 256 GRFs per thread (PVC).
    pub large_grf: bool,
    /// Bindless buffers (ocloc's internal `-vc-use-bindless-buffers`): buffer arguments are
    /// surface-state offsets accessed through vISA's bindless surface, not binding-table entries.
    pub bindless_buffers: bool,
    /// Which floating-point multiply-adds become one `mad` (ocloc's and clang's
    /// `-ffp-contract=off|on|fast`; genxc's default is `fast`).
    pub fp_contract: genxc_genx::lower::FpContract,
    /// Source lines into the vISA and a `.debug_line` in the zebin (ocloc's `-g`,
    /// `-ze-kernel-debug-enable`): the input's `!dbg` locations, or the lines of its text.
    pub debug_lines: bool,
    /// Work-items per hardware thread of MLIR `gpu` kernels (`--simd-width=8|16|32`).
    pub simd_width: u32,
    /// How memref arguments of MLIR `gpu` kernels are passed (`--memref-args=svm|surface`).
    pub memref_args: genxc_mlir_to_llvm::gpu::MemrefArgs,
}

/// Worker threads a compile starts at most per core, whatever `-j` asks: more never finish
/// sooner (the work is the compiler's and the finalizer's, all of it on the processor), and each
/// idle worker of a large pool takes processor time looking for work.
pub const MAX_JOBS_PER_CORE: usize = 4;

impl CompileOptions {
    /// The worker threads (and finalizer processes) of a compile: `jobs`, one per core when it
    /// is 0, and at most [`MAX_JOBS_PER_CORE`] per core.
    pub fn workers(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        match self.jobs {
            0 => cores,
            n => n.min(cores.saturating_mul(MAX_JOBS_PER_CORE)),
        }
    }

    /// How code is generated for these options.
    pub fn codegen(&self) -> crate::pipeline::Codegen {
        crate::pipeline::Codegen { fp_contract: self.fp_contract, debug_lines: self.debug_lines }
    }
}

impl Default for CompileOptions {
    /// TGLLP, vISA text, one thread per core, no counts, checks as the build has them.
    fn default() -> Self {
        CompileOptions {
            platform: Platform::Tgllp,
            emit: Emit::Visaasm.into(),
            jobs: 0,
            stats: false,
            verify_each: false,
            stack_mem_size: genxc_genx::import::prepare::STACK_BYTES_PER_THREAD,
            spec_constants: Vec::new(),
            finalizer: None,
            finalizer_options: Vec::new(),
            finalizer_listings: false,
            large_grf: false,
            bindless_buffers: false,
            fp_contract: genxc_genx::lower::FpContract::Fast,
            debug_lines: false,
            simd_width: genxc_mlir_to_llvm::gpu::DEFAULT_SIMD_WIDTH,
            memref_args: genxc_mlir_to_llvm::gpu::MemrefArgs::Svm,
        }
    }
}

impl CompileOptions {
    /// Parses an ocloc-style option string: words separated by white space,
    ///
    /// * `-platform <name>`: `skl`, `icllp`, `tgllp`, `dg2`, `mtl`, `pvc` (any case);
    /// * `-emit <kinds>`: `visaasm`, `isa`, `llvm`, `legalized`, `metadata`, `zebin`; repeat the
    ///   option or separate kinds with commas;
    /// * `-finalizer <path>`: the vISA finalizer `zebin` runs (default: `GenX_IR` on the `PATH`);
    /// * ocloc's Vector Compiler options, inline or inside `-options "..."` and
    ///   `-internal_options "..."`: see [`crate::ocloc_options`] (`-vc-codegen`, `-doubleGRF`,
    ///   `-Xfinalizer <option>`, `-ffp-contract=`, ...);
    /// * `-j <n>`: worker threads (0 = one per core);
    /// * `-stats`: count each kernel's register allocation;
    /// * `-verify-each`: check the IR after every stage;
    /// * `-stateless-stack-mem-size=<bytes>` (or `-stateless-stack-mem-size <bytes>`): private
    ///   stack memory per hardware thread;
    /// * `-spec-constant <id>=<value>`: the value of a SPIR-V specialization constant (repeat the
    ///   option for several).
    ///
    /// Options may also start with `--`. Omitted options keep their [default](CompileOptions::default)
    /// (no `-emit` at all means `visaasm`). Anything else is an error naming the option.
    ///
    /// ```
    /// use genxc::{CompileOptions, Emit, TargetPlatform};
    ///
    /// let opts = CompileOptions::parse("-platform PVC -emit visaasm,metadata -j 2").unwrap();
    /// assert_eq!(opts.platform, TargetPlatform::Pvc);
    /// assert!(opts.emit.contains(Emit::Metadata));
    /// assert_eq!(opts.jobs, 2);
    ///
    /// let err = CompileOptions::parse("-O3").unwrap_err();
    /// assert_eq!(err.to_string(), "error: unknown option '-O3'");
    /// ```
    pub fn parse(text: &str) -> Result<CompileOptions, Diagnostic> {
        let mut opts = CompileOptions { emit: EmitSet::EMPTY, ..CompileOptions::default() };
        let mut words = crate::ocloc_options::words(text)?.into_iter();
        while let Some(word) = words.next() {
            let word = word.as_str();
            if let Some(done) = crate::ocloc_options::apply(&mut opts, word, &mut words) {
                done?;
                continue;
            }
            let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-'));
            if let Some("options" | "internal_options" | "internal-options") = name {
                let Some(value) = words.next() else {
                    return Err(Diagnostic::error(format!("option '{word}' needs a value")));
                };
                opts.apply_ocloc_options(&value)?;
                continue;
            }
            match name {
                Some("stats") => {
                    opts.stats = true;
                    continue;
                }
                Some("verify-each") => {
                    opts.verify_each = true;
                    continue;
                }
                Some(n) if n.starts_with("stateless-stack-mem-size=") => {
                    opts.stack_mem_size = stack_mem_size(word, &n["stateless-stack-mem-size=".len()..])?;
                    continue;
                }
                Some(n) if n.starts_with("simd-width=") => {
                    opts.simd_width = simd_width(word, &n["simd-width=".len()..])?;
                    continue;
                }
                Some(n) if n.starts_with("memref-args=") => {
                    opts.memref_args = memref_args(word, &n["memref-args=".len()..])?;
                    continue;
                }
                _ => {}
            }
            let Some(
                name @ ("platform"
                | "emit"
                | "j"
                | "stateless-stack-mem-size"
                | "spec-constant"
                | "finalizer"),
            ) = name
            else {
                return Err(Diagnostic::error(format!("unknown option '{word}'")));
            };
            let Some(value) = words.next() else {
                return Err(Diagnostic::error(format!("option '{word}' needs a value")));
            };
            let value = value.as_str();
            match name {
                "platform" => {
                    opts.platform = Platform::from_name(value).ok_or_else(|| {
                        let names: Vec<&str> = Platform::ALL.iter().map(|p| p.info().name).collect();
                        Diagnostic::error(format!(
                            "unknown platform '{value}' (expected one of {})",
                            names.join(", ")
                        ))
                    })?
                }
                "emit" => {
                    for kind in value.split(',') {
                        let emit = Emit::from_name(kind).ok_or_else(|| {
                            let names: Vec<&str> = Emit::ALL.iter().map(|e| e.name()).collect();
                            Diagnostic::error(format!(
                                "unknown emit kind '{kind}' (expected one of {})",
                                names.join(", ")
                            ))
                        })?;
                        opts.emit = opts.emit.with(emit);
                    }
                }
                "stateless-stack-mem-size" => opts.stack_mem_size = stack_mem_size(word, value)?,
                "spec-constant" => opts.spec_constants.push(spec_constant(word, value)?),
                "finalizer" => opts.finalizer = Some(value.to_string()),
                _ => {
                    opts.jobs = value.parse().map_err(|_| {
                        Diagnostic::error(format!("option '{word}' needs a thread count, found '{value}'"))
                    })?
                }
            }
        }
        if opts.emit.is_empty() {
            opts.emit = Emit::Visaasm.into();
        }
        Ok(opts)
    }
}

/// The SIMD width of MLIR `gpu` kernels option `word` gives: 8, 16 or 32.
pub fn simd_width(word: &str, value: &str) -> Result<u32, Diagnostic> {
    match value.trim() {
        "8" => Ok(8),
        "16" => Ok(16),
        "32" => Ok(32),
        v => Err(Diagnostic::error(format!("option '{word}' needs 8, 16 or 32, found '{v}'"))),
    }
}

/// How memref arguments of MLIR `gpu` kernels are passed, as option `word` says: `svm` or
/// `surface`.
pub fn memref_args(word: &str, value: &str) -> Result<genxc_mlir_to_llvm::gpu::MemrefArgs, Diagnostic> {
    match value.trim() {
        "svm" => Ok(genxc_mlir_to_llvm::gpu::MemrefArgs::Svm),
        "surface" => Ok(genxc_mlir_to_llvm::gpu::MemrefArgs::Surface),
        v => Err(Diagnostic::error(format!("option '{word}' needs svm or surface, found '{v}'"))),
    }
}

/// The SpecId and value of option `word`'s `ID=VALUE` (the value is read against the constant's
/// type when a SPIR-V input is read).
pub fn spec_constant(word: &str, value: &str) -> Result<(u32, String), Diagnostic> {
    let parsed = value.split_once('=').and_then(|(id, v)| Some((id.trim().parse::<u32>().ok()?, v.trim())));
    match parsed {
        Some((id, v)) if !v.is_empty() => Ok((id, v.to_string())),
        _ => Err(Diagnostic::error(format!(
            "option '{word}' needs ID=VALUE (a SpecId and a value), found '{value}'"
        ))),
    }
}

impl CompileOptions {
    /// Reads an ocloc option string (`-options "..."` or `-internal_options "..."`, what the
    /// command line's `--options` and `--internal-options` take): its ocloc options and
    /// `-stateless-stack-mem-size=`; anything else is an error naming the option.
    pub fn apply_ocloc_options(&mut self, text: &str) -> Result<(), Diagnostic> {
        let mut words = crate::ocloc_options::words(text)?.into_iter();
        while let Some(word) = words.next() {
            if let Some(done) = crate::ocloc_options::apply(self, &word, &mut words) {
                done?;
                continue;
            }
            match word.strip_prefix("--").or_else(|| word.strip_prefix('-')) {
                Some(n) if n.starts_with("stateless-stack-mem-size=") => {
                    self.stack_mem_size = stack_mem_size(&word, &n["stateless-stack-mem-size=".len()..])?
                }
                _ => return Err(Diagnostic::error(format!("unknown option '{word}'"))),
            }
        }
        Ok(())
    }
}

/// The per-thread stack size `value` of option `word`: a multiple of 16 bytes, not over
/// [`genxc_genx::import::prepare::MAX_STACK_BYTES_PER_THREAD`].
pub fn stack_mem_size(word: &str, value: &str) -> Result<u32, Diagnostic> {
    let max = genxc_genx::import::prepare::MAX_STACK_BYTES_PER_THREAD;
    match value.parse::<u32>() {
        Ok(n) if n % 16 == 0 && n <= max => Ok(n),
        _ => Err(Diagnostic::error(format!(
            "option '{word}' needs a byte count that is a multiple of 16 and at most {max}, found '{value}'"
        ))),
    }
}

impl FromStr for CompileOptions {
    type Err = Diagnostic;

    fn from_str(s: &str) -> Result<Self, Diagnostic> {
        CompileOptions::parse(s)
    }
}

/// One output of a compilation: its kind, file name (no folder) and contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// What the output is.
    pub kind: Emit,
    /// File name, e.g. `saxpy.visaasm` or `kernels.json`.
    pub name: String,
    /// Contents; empty when a [`Sink`] took them (then `staged` is its ticket).
    pub bytes: Vec<u8>,
    /// The [`Sink`]'s ticket for the contents, when [`compile_inputs_staged`] handed them to one.
    pub staged: Option<u64>,
}

impl Output {
    /// An output whose contents stay in memory.
    pub(crate) fn new(kind: Emit, name: String, bytes: Vec<u8>) -> Output {
        Output { kind, name, bytes, staged: None }
    }

    /// An output made on a worker thread: handed to `sink` at once when there is one (the bytes
    /// are then dropped), kept in memory otherwise or when the sink declines them.
    pub(crate) fn staged(kind: Emit, name: String, bytes: Vec<u8>, sink: Option<&dyn Sink>) -> Output {
        match sink.and_then(|s| s.stage(&name, &bytes)) {
            Some(ticket) => Output { kind, name, bytes: Vec::new(), staged: Some(ticket) },
            None => Output::new(kind, name, bytes),
        }
    }

    /// The kernel a `.visaasm` output belongs to.
    pub fn kernel(&self) -> Option<&str> {
        if self.kind == Emit::Visaasm {
            self.name.strip_suffix(".visaasm")
        } else {
            None
        }
    }

    /// The contents as text, for the text kinds (everything but `isa` and `zebin`).
    pub fn text(&self) -> Option<&str> {
        if matches!(self.kind, Emit::Isa | Emit::Zebin) {
            return None;
        }
        std::str::from_utf8(&self.bytes).ok()
    }
}

/// The result of a library compilation: outputs (only when there is no error) and diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Outputs by kind in the order of [`Emit::ALL`], each kind in its deterministic order; empty
    /// when any error occurred.
    pub outputs: Vec<Output>,
    /// Every diagnostic, errors and warnings, each once.
    pub diagnostics: Vec<Diagnostic>,
    /// `(kernel, register allocation counts)` in input and kernel order, with
    /// [`CompileOptions::stats`]; empty when any error occurred.
    pub stats: Vec<(String, Stats)>,
    /// `(kernel, what the vISA finalizer made of it)` in input and kernel order, with
    /// [`Emit::Zebin`]; empty when any error occurred.
    pub finalizer: Vec<(String, crate::finalize::FinalizerReport)>,
}

impl Outcome {
    /// Whether compilation failed (then [`outputs`](Outcome::outputs) is empty).
    pub fn failed(&self) -> bool {
        genxc_diag::has_errors(&self.diagnostics)
    }

    /// The diagnostics as text, one per line (`file:line:col: error: ...`); empty when there are none.
    pub fn log(&self) -> String {
        self.diagnostics.iter().map(|d| format!("{d}\n")).collect()
    }

    /// The outputs of one kind.
    pub fn of_kind(&self, kind: Emit) -> impl Iterator<Item = &Output> {
        self.outputs.iter().filter(move |o| o.kind == kind)
    }

    /// The output with this file name.
    pub fn get(&self, name: &str) -> Option<&Output> {
        self.outputs.iter().find(|o| o.name == name)
    }

    /// `(kernel name, vISA text)` for every kernel, in input and kernel order.
    pub fn visaasm(&self) -> impl Iterator<Item = (&str, &str)> {
        self.of_kind(Emit::Visaasm).filter_map(|o| Some((o.kernel()?, o.text()?)))
    }

    /// The vISA text of one kernel.
    pub fn visaasm_of(&self, kernel: &str) -> Option<&str> {
        self.visaasm().find(|(k, _)| *k == kernel).map(|(_, text)| text)
    }

    /// The `.isa` container (of the first input when several were compiled).
    pub fn isa(&self) -> Option<&[u8]> {
        self.of_kind(Emit::Isa).next().map(|o| o.bytes.as_slice())
    }

    /// The `kernels.json` text (schema in `docs/kernels-json.md`).
    pub fn kernels_json(&self) -> Option<&str> {
        self.of_kind(Emit::Metadata).next().and_then(Output::text)
    }

    /// The zebin device binary (of the first input when several were compiled).
    pub fn zebin(&self) -> Option<&[u8]> {
        self.of_kind(Emit::Zebin).next().map(|o| o.bytes.as_slice())
    }

    /// The validated module as LLVM IR text (of the first input).
    pub fn llvm(&self) -> Option<&str> {
        self.of_kind(Emit::Llvm).next().and_then(Output::text)
    }

    /// The legalized GenX IR as LLVM IR text (of the first input).
    pub fn legalized(&self) -> Option<&str> {
        self.of_kind(Emit::Legalized).next().and_then(Output::text)
    }
}

/// Compiles one input held in memory; `name` is used in diagnostics and for output names, and
/// decides nothing else but MLIR (`.mlir`) and SPIR-V (`.spv`, or the SPIR-V magic number) versus
/// the rest: LLVM IR text or bitcode, told apart by content.
///
/// Malformed bitcode is refused with a diagnostic where its bitstream is malformed
/// (`genxc_frontend::bitstream`), but LLVM's bitcode reader may still crash on some malformed
/// records, ending the calling process; a program compiling untrusted bitcode should run the
/// `genxc` command, which reports such a crash as the input's error.
///
/// ```
/// use genxc::{compile_bytes, CompileOptions};
///
/// let source = std::fs::read("tests/fixtures/cm/01_saxpy_oword.ll").unwrap();
/// let opts = CompileOptions::parse("-platform tgllp -emit visaasm,metadata").unwrap();
/// let outcome = compile_bytes("saxpy.ll", &source, &opts);
/// assert!(!outcome.failed(), "{}", outcome.log());
///
/// let visa = outcome.visaasm_of("saxpy").unwrap();
/// assert!(visa.starts_with(".version 4.1\n.kernel \"saxpy\""));
/// let json: serde_json::Value = serde_json::from_str(outcome.kernels_json().unwrap()).unwrap();
/// assert_eq!(json["kernels"][0]["name"], "saxpy");
/// ```
///
/// Errors come back as diagnostics with their place, and no output:
///
/// ```
/// use genxc::{compile_bytes, CompileOptions};
///
/// let source = "define void @k() {\n  %x = add i32 1, %nope\n  ret void\n}\n";
/// let outcome = compile_bytes("bad.ll", source.as_bytes(), &CompileOptions::default());
/// assert!(outcome.failed());
/// assert!(outcome.outputs.is_empty());
/// assert_eq!(outcome.log(), "bad.ll:2:19: error: use of undefined value '%nope'\n");
/// ```
pub fn compile_bytes(name: &str, bytes: &[u8], opts: &CompileOptions) -> Outcome {
    compile_inputs(&[Input { name: name.to_string(), bytes: bytes.to_vec() }], opts)
}

/// Reads one input into the GenX IR module the pipeline starts from (kernels, their metadata,
/// functions), as a compile for `platform` would: what a reference interpreter of the input runs.
pub fn import(input: &Input, platform: Platform) -> Result<genxc_genx::Module, Vec<Diagnostic>> {
    driver::import_input(input, platform, &[])
}

/// [`import`] with the SPIR-V specialization constants `spec_constants` (SpecId, value as
/// written, as in [`CompileOptions::spec_constants`]) set; other inputs ignore them.
pub fn import_specialized(
    input: &Input,
    platform: Platform,
    spec_constants: &[(u32, String)],
) -> Result<genxc_genx::Module, Vec<Diagnostic>> {
    driver::import_input(input, platform, spec_constants)
}

/// Compiles several inputs together (kernel names must be unique across them); outputs are
/// produced only if every input compiles for every requested kind.
pub fn compile_inputs(inputs: &[Input], opts: &CompileOptions) -> Outcome {
    compile_inputs_staged(inputs, opts, &mut PassTimes::new(), None)
}

/// [`compile_inputs`], adding the time and memory of each stage to `times` (what
/// `genxc --time-passes` prints) and handing each per-kernel output (`.visaasm`, `.legalized.ll`)
/// to `sink`, when there is one, on its worker thread as soon as it is made, instead of holding it
/// in memory.
pub fn compile_inputs_staged(
    inputs: &[Input],
    opts: &CompileOptions,
    times: &mut PassTimes,
    sink: Option<&dyn Sink>,
) -> Outcome {
    let mut out = Outcome::default();
    if let Err(d) = crate::ocloc_options::check(opts) {
        out.diagnostics.push(d);
        return out;
    }
    let mut compiled = Vec::with_capacity(inputs.len());
    for input in inputs {
        match driver::compile_input(input, opts, times, sink) {
            Ok(mut o) => {
                for d in std::mem::take(&mut o.warnings) {
                    if !out.diagnostics.contains(&d) {
                        out.diagnostics.push(d);
                    }
                }
                compiled.push(o)
            }
            Err(ds) => {
                for d in ds {
                    if !out.diagnostics.contains(&d) {
                        out.diagnostics.push(d);
                    }
                }
            }
        }
    }
    if out.failed() {
        return out;
    }
    let mut json = None;
    if opts.emit.contains(Emit::Metadata) {
        let kernels: Vec<_> = compiled.iter_mut().flat_map(|c| std::mem::take(&mut c.abi)).collect();
        // one entry a kernel name, as every other output kind has one file a kernel
        let mut named = foldhash::HashSet::default();
        for k in &kernels {
            if !named.insert(k.metadata.name.as_str()) {
                out.diagnostics.push(Diagnostic::error(format!(
                    "two kernels named '{}' would be in kernels.json (kernel names must be unique across inputs)",
                    k.metadata.name
                )));
            }
        }
        if out.failed() {
            return out;
        }
        let reports: Vec<_> = compiled.iter().flat_map(|c| c.finalizer.iter().cloned()).collect();
        let simt: Vec<_> = compiled.iter().flat_map(|c| c.gpu_kernels.iter().cloned()).collect();
        let text = times
            .time(Stage::Import, || crate::json::kernels_json_simt(&kernels, opts.platform, &reports, &simt));
        json = Some(Output::new(Emit::Metadata, "kernels.json".into(), text.into_bytes()));
    }
    // Kind by kind in the order of Emit::ALL, each kind in input order.
    for kind in opts.emit.iter() {
        let mut of_kind: Vec<Output> = Vec::new();
        for c in &mut compiled {
            let (mine, rest): (Vec<Output>, Vec<Output>) =
                std::mem::take(&mut c.outputs).into_iter().partition(|o| o.kind == kind);
            c.outputs = rest;
            of_kind.extend(mine);
        }
        if kind == Emit::Metadata {
            of_kind.extend(json.take());
        }
        let mut seen = foldhash::HashSet::default();
        for o in &of_kind {
            if !seen.insert(o.name.as_str()) {
                out.diagnostics.push(Diagnostic::error(format!(
                    "two outputs would be written to the same file '{}' (kernel names must be unique across inputs)",
                    o.name
                )));
            }
        }
        if out.failed() {
            break;
        }
        out.outputs.extend(of_kind);
    }
    let mut seen = foldhash::HashSet::default();
    for o in &out.outputs {
        if !seen.insert(o.name.as_str()) {
            out.diagnostics.push(Diagnostic::error(format!(
                "two outputs would be written to the same file '{}' (of kinds {} and {})",
                o.name,
                out.outputs.iter().find(|p| p.name == o.name).map_or(o.kind, |p| p.kind),
                o.kind
            )));
        }
    }
    if out.failed() {
        out.outputs.clear();
        return out;
    }
    out.finalizer = compiled.iter_mut().flat_map(|c| std::mem::take(&mut c.finalizer)).collect();
    out.stats = compiled.into_iter().flat_map(|c| c.stats).collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_are_the_jobs_asked_up_to_four_per_core() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let workers = |jobs| CompileOptions { jobs, ..CompileOptions::default() }.workers();
        assert_eq!(workers(0), cores);
        assert_eq!(workers(1), 1);
        assert_eq!(workers(cores * MAX_JOBS_PER_CORE), cores * MAX_JOBS_PER_CORE);
        assert_eq!(workers(cores * MAX_JOBS_PER_CORE + 1), cores * MAX_JOBS_PER_CORE);
        assert_eq!(workers(usize::MAX), cores * MAX_JOBS_PER_CORE);
    }

    #[test]
    fn option_strings() {
        let o = CompileOptions::parse("").unwrap();
        assert_eq!(o, CompileOptions::default());
        let o = CompileOptions::parse("  -emit metadata\t-emit isa --platform skl -j 3 ").unwrap();
        assert_eq!(o.emit, EmitSet::of(&[Emit::Isa, Emit::Metadata]));
        assert_eq!(o.emit.iter().collect::<Vec<_>>(), [Emit::Isa, Emit::Metadata]);
        assert_eq!((o.platform, o.jobs), (Platform::Skl, 3));
        let err = |s: &str| CompileOptions::parse(s).unwrap_err().to_string();
        assert_eq!(err("-platform"), "error: option '-platform' needs a value");
        assert_eq!(
            err("-platform xe9"),
            "error: unknown platform 'xe9' (expected one of skl, icllp, tgllp, dg2, mtl, pvc)"
        );
        assert_eq!(
            err("-emit visaasm,,isa"),
            "error: unknown emit kind '' (expected one of visaasm, isa, llvm, legalized, metadata, zebin)"
        );
        assert_eq!(err("-j many"), "error: option '-j' needs a thread count, found 'many'");
        assert_eq!(err("-j -1"), "error: option '-j' needs a thread count, found '-1'");
        assert_eq!(err("tgllp"), "error: unknown option 'tgllp'");
        assert_eq!(err("-"), "error: unknown option '-'");
    }

    #[test]
    fn stack_size_option() {
        assert_eq!(CompileOptions::default().stack_mem_size, 8192);
        let o = CompileOptions::parse("-stateless-stack-mem-size=16384").unwrap();
        assert_eq!(o.stack_mem_size, 16384);
        let o = CompileOptions::parse("--stateless-stack-mem-size 4096 -platform pvc").unwrap();
        assert_eq!((o.stack_mem_size, o.platform), (4096, Platform::Pvc));
        let err = |s: &str| CompileOptions::parse(s).unwrap_err().to_string();
        assert_eq!(
            err("-stateless-stack-mem-size=100"),
            "error: option '-stateless-stack-mem-size=100' needs a byte count that is a multiple of 16 and at most 262128, found '100'"
        );
        assert!(err("-stateless-stack-mem-size 1048576").contains("at most 262128"));
        assert!(err("-stateless-stack-mem-size").contains("needs a value"));
    }

    #[test]
    fn emit_names_round_trip() {
        for e in Emit::ALL {
            assert_eq!(Emit::from_name(e.name()), Some(e));
            assert_eq!(EmitSet::from(e).iter().collect::<Vec<_>>(), [e]);
        }
        let all: EmitSet = Emit::ALL.into_iter().collect();
        assert_eq!(all.iter().collect::<Vec<_>>(), Emit::ALL);
        assert!(EmitSet::EMPTY.is_empty() && EmitSet::EMPTY.iter().next().is_none());
    }

    #[test]
    fn an_empty_emit_set_only_checks() {
        let opts = CompileOptions { emit: EmitSet::EMPTY, ..CompileOptions::default() };
        let good = "define dllexport void @k(i32 %a) {\n  ret void\n}\n";
        let outcome = compile_bytes("k.ll", good.as_bytes(), &opts);
        assert_eq!(outcome, Outcome::default());
        let bad = "@g = thread_local global i32 0\ndefine dllexport void @k(i32 %a) {\n  ret void\n}\n";
        let outcome = compile_bytes("k.ll", bad.as_bytes(), &opts);
        assert!(outcome.failed() && outcome.outputs.is_empty());
        assert!(outcome.log().starts_with("k.ll:1:1: error: @g: "), "{}", outcome.log());
    }

    #[test]
    fn kinds_come_in_a_fixed_order_with_each_diagnostic_once() {
        let text = "define dllexport void @k(i32 %a) {\n  ret void\n}\n";
        let all = EmitSet::of(&[Emit::Metadata, Emit::Llvm, Emit::Visaasm]);
        let outcome =
            compile_bytes("dir/k.ll", text.as_bytes(), &CompileOptions { emit: all, ..Default::default() });
        assert!(!outcome.failed(), "{}", outcome.log());
        let names: Vec<(Emit, &str)> = outcome.outputs.iter().map(|o| (o.kind, o.name.as_str())).collect();
        assert_eq!(
            names,
            [(Emit::Visaasm, "k.visaasm"), (Emit::Llvm, "k.ll"), (Emit::Metadata, "kernels.json")]
        );
        assert_eq!(outcome.visaasm().map(|(k, _)| k).collect::<Vec<_>>(), ["k"]);
        assert!(outcome.llvm().unwrap().starts_with("; ModuleID = 'k.ll'\n"));
        assert_eq!(outcome.get("kernels.json").and_then(Output::text), outcome.kernels_json());
        assert_eq!((outcome.isa(), outcome.legalized()), (None, None));

        // The first kind that fails ends the compilation; its error is reported once.
        let bad = "define dllexport void @k(i32 %a) {\n  %x = add i32 %a, %nope\n  ret void\n}\n";
        let outcome =
            compile_bytes("k.ll", bad.as_bytes(), &CompileOptions { emit: all, ..Default::default() });
        assert_eq!(outcome.diagnostics.len(), 1, "{}", outcome.log());
    }
}
