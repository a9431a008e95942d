//! genxc: compile CM-style GPU kernels (LLVM IR with `llvm.genx.*` intrinsics) to Intel vISA.
//!
//! This crate is the driver: it runs the front end, imports and validates the module, builds one
//! kernel unit per kernel, compiles the units in parallel and gathers their outputs in input order.
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

pub use api::{compile_bytes, compile_inputs, CompileOptions, EmitSet, Outcome, Output};

use genxc_diag::{Diagnostic, Location};
use genxc_genx::units::KernelUnit;
use genxc_genx::{Module, Platform};
use rayon::prelude::*;

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
    /// Contents.
    pub bytes: Vec<u8>,
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
    let mut out = Compilation::default();
    let mut modules = Vec::new();
    for input in inputs {
        match compile_input(input, opts) {
            Ok((files, module)) => {
                out.files.extend(files);
                modules.push(module);
            }
            Err(d) => out.diagnostics.extend(d),
        }
    }
    if opts.emit == Emit::Metadata && !out.failed() {
        out.files.push(OutputFile {
            name: "kernels.json".into(),
            bytes: json::kernels_json(&modules, opts.platform).into_bytes(),
        });
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
fn compile_input(input: &Input, opts: &Options) -> Result<(Vec<OutputFile>, Module), Vec<Diagnostic>> {
    let name = &input.name;
    genxc_frontend::limits::check_size(name, input.bytes.len() as u64).map_err(|d| vec![d])?;
    if name.ends_with(".mlir") {
        // Bounded nesting before any parser recurses on it.
        genxc_frontend::limits::scan_text(name, &input.bytes, genxc_frontend::limits::Syntax::Mlir)
            .map_err(|d| vec![d])?;
        return Err(vec![Diagnostic::error(format!(
            "{name}: unsupported: MLIR input (the MLIR front end is not available yet)"
        ))]);
    }
    let ctx = inkwell::context::Context::create();
    let llvm = genxc_frontend::llvm::load(&ctx, name, &input.bytes).map_err(|d| vec![d])?;
    let source = (!genxc_frontend::llvm::is_bitcode(&input.bytes))
        .then(|| genxc_frontend::llvm::SourceMap::new(&String::from_utf8_lossy(&input.bytes)));
    let locate =
        |ds: Vec<Diagnostic>| ds.into_iter().map(|d| locate(d, name, source.as_ref())).collect::<Vec<_>>();
    let module = genxc_genx::llvm::import_module(&llvm, opts.platform).map_err(locate)?;
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
        files.push(OutputFile {
            name: format!("{}.ll", stem(name)),
            bytes: llvm.print_to_string().to_string().into_bytes(),
        });
    }
    drop(llvm);
    if matches!(opts.emit, Emit::Llvm | Emit::Metadata) {
        return Ok((files, module));
    }
    let units = genxc_genx::units::build_units(&module).map_err(locate)?;
    let results = match opts.emit {
        Emit::Legalized => run_units(&units, opts, |u| {
            legalized_text(u, opts.platform).map(|t| (format!("{}.legalized.ll", u.kernel.name), t))
        }),
        _ => run_units(&units, opts, |u| {
            genxc_visa::compile_unit(u, opts.platform).map(|t| (format!("{}.visaasm", u.kernel.name), t))
        }),
    };
    let mut diags = Vec::new();
    let mut outputs = Vec::new();
    for r in results {
        match r {
            Ok(o) => outputs.push(o),
            Err(d) => diags.extend(locate(d)),
        }
    }
    if genxc_diag::has_errors(&diags) {
        return Err(diags);
    }
    match opts.emit {
        Emit::Visaasm | Emit::Legalized => files
            .extend(outputs.into_iter().map(|(name, text)| OutputFile { name, bytes: text.into_bytes() })),
        Emit::Isa => {
            return Err(vec![Diagnostic::error("unsupported: --emit isa is not available yet".to_string())])
        }
        Emit::Llvm | Emit::Metadata => {}
    }
    Ok((files, module))
}

/// The legalized GenX IR of one kernel unit (the kernel and its subroutines) as LLVM IR text, with
/// its `genx.kernels` node: the same lowering, collapsing and splitting that instruction selection
/// sees.
fn legalized_text(u: &KernelUnit, platform: Platform) -> Result<String, Vec<Diagnostic>> {
    let mut functions = u.functions.clone();
    for (_, f) in functions.iter_mut() {
        if f.layout.is_empty() {
            continue;
        }
        genxc_genx::lower::lower_function(f).map_err(|d| vec![d])?;
        genxc_legalize::run(f, platform).map_err(|d| vec![d])?;
    }
    let kernel = genxc_genx::metadata::Kernel { func: u.entry, ..u.kernel.clone() };
    Ok(genxc_genx::llvm_text::print_llvm(&genxc_genx::ir::Module { functions, kernels: vec![kernel] }))
}

/// Runs `work` on kernel units in parallel with `opts.jobs` threads; results come back in unit order.
fn run_units<W>(
    units: &[KernelUnit],
    opts: &Options,
    work: W,
) -> Vec<Result<(String, String), Vec<Diagnostic>>>
where
    W: Fn(&KernelUnit) -> Result<(String, String), Vec<Diagnostic>> + Sync + Send,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(opts.jobs).build();
    match pool {
        Ok(pool) => pool.install(|| units.par_iter().map(work).collect()),
        Err(_) => units.iter().map(work).collect(),
    }
}

/// Points a diagnostic about a function or symbol at its line and column in `.ll` text, keeping the
/// function and instruction in the message.
fn locate(d: Diagnostic, file: &str, source: Option<&genxc_frontend::llvm::SourceMap>) -> Diagnostic {
    let Some(sm) = source else { return d };
    let (pos, prefix) = match &d.location {
        Location::Ir { function, inst: Some(inst) } => (
            sm.instruction(function, inst).or_else(|| sm.function(function)),
            format!("in function @{function}, instruction {inst}: "),
        ),
        Location::Ir { function, inst: None } => {
            (sm.function(function), format!("in function @{function}: "))
        }
        Location::Symbol(name) => (sm.global(name), format!("@{name}: ")),
        Location::None if d.message.starts_with("invalid genx.kernels metadata") => {
            // "... for 'kernel': ..." names the kernel whose node is wrong.
            let kernel =
                d.message.split_once(" for '").and_then(|(_, r)| r.split_once("': ")).map(|(k, _)| k);
            (sm.kernel_node(kernel), String::new())
        }
        _ => (None, String::new()),
    };
    match pos {
        Some((line, col)) => Diagnostic {
            message: format!("{prefix}{}", d.message),
            location: Location::Source { file: file.to_string(), line, col },
            ..d
        },
        None => d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems() {
        assert_eq!(stem("a/b/k.ll"), "k");
        assert_eq!(stem("k"), "k");
        assert_eq!(stem(".hidden"), ".hidden");
        assert_eq!(stem("x.tar.bc"), "x.tar");
    }
}
