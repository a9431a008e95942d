//! One input, compiled once: read, parse, validate and import it a single time, build its kernel
//! units, run [`pipeline::compile_unit`] on each unit on the worker threads, and gather every
//! output kind asked for from that one run.
//!
//! `.ll` text from which per-kernel products are asked (vISA, `.isa`, legalized IR, `--stats`,
//! zebin; with them the kernels' metadata for `kernels.json`) is first split into small modules of
//! a few kernel units each (module `split`), so parsing and import run in parallel too and no LLVM
//! module of the whole input is held. Bitcode is split likewise (module `split_bitcode`): each
//! worker reads it lazily and materializes only its chunk's functions. An input the split is unsure
//! about, any unit that fails, and every input that needs the whole module or nothing past import
//! (`--emit llvm`, MLIR, SPIR-V, a check without output) is compiled as one whole module, which
//! also gives every diagnostic.

use crate::api::{CompileOptions, Emit, Input, Output, Sink};
use crate::kernel_abi::KernelAbi;
use crate::local_names::LocalNames;
use crate::pipeline::{self, Checks, Products, UnitOutput};
use crate::timing::{self, PassTimes, PhaseTimes, Stage};
use crate::{memory, split, split_bitcode};
use genxc_diag::{Diagnostic, Location};
use genxc_genx::import::prepare::{PrivateStack, StackThreadIndex};
use genxc_genx::metadata::Kernel;
use genxc_genx::units::{KernelUnit, UnitRole};
use genxc_genx::Platform;
use genxc_regalloc::Stats;
use rayon::prelude::*;
use std::time::Instant;

mod split_paths;
use split_paths::{compile_split, compile_split_bitcode};

/// What one input gave: its outputs of every kind asked for, its kernels' metadata (for
/// `kernels.json`, when asked) and their register allocation counts (when asked).
#[derive(Debug, Default)]
pub(crate) struct InputOutputs {
    /// Outputs, each kind in its deterministic order.
    pub outputs: Vec<Output>,
    /// The metadata of the input's kernels in `genx.kernels` order (only with `--emit metadata`
    /// or `zebin`), until [`Self::abis`] pairs it with the inputs selection declared.
    kernels: Vec<Kernel>,
    /// The payload inputs of each selected kernel, by kernel name, in unit order.
    selected_inputs: Vec<(String, Vec<genxc_visa::Input>)>,
    /// `(kernel, counts)` in unit order (only with `CompileOptions::stats`).
    pub stats: Vec<(String, Stats)>,
    /// The kernels encoded for the `.isa` container, in unit order, until [`Self::add_isa`].
    objects: Vec<genxc_visa::KernelObject>,
    /// The stack functions encoded for the `.isa` container's function table, until
    /// [`Self::add_isa`].
    function_objects: Vec<genxc_visa::KernelObject>,
    /// Warnings about the input (the import's notes), located.
    pub warnings: Vec<Diagnostic>,
    /// The MLIR `gpu` kernels of the input: SIMD width and arguments, for kernels.json.
    pub gpu_kernels: Vec<genxc_mlir_to_llvm::gpu::KernelInfo>,
    /// The selected units of a stack-call program (kernels making stack calls and stack
    /// functions), in unit order, until [`Self::add_stack_call_files`].
    program: Vec<UnitOutput>,
    /// The selected vISA kernels (with the stack functions they call) for the zebin, in unit
    /// order, until [`Self::add_zebin`].
    selected: Vec<crate::finalize::Unit>,
    /// The ABI of each kernel after selection, in `genx.kernels` order (only with `--emit
    /// metadata`), once [`compile_input`] has paired metadata and selected inputs.
    pub abi: Vec<KernelAbi>,
    /// The finalizer's report of each kernel of the zebin, in unit order.
    pub finalizer: Vec<(String, crate::finalize::FinalizerReport)>,
}

impl InputOutputs {
    /// The per-kernel products of one unit, as outputs: `.legalized.ll` and `.visaasm` texts are
    /// handed to `sink` on this (worker) thread; the `.isa` object waits for [`Self::add_isa`], as
    /// the container is written once all kernels are encoded.
    fn add_unit(&mut self, mut out: UnitOutput, sink: Option<&dyn Sink>) {
        if let Some(text) = out.legalized.take() {
            let name = format!("{}.legalized.ll", out.kernel);
            self.outputs.push(Output::staged(Emit::Legalized, name, text.into_bytes(), sink));
        }
        if out.role == UnitRole::Kernel && !out.inputs.is_empty() {
            self.selected_inputs.push((out.kernel.clone(), std::mem::take(&mut out.inputs)));
        }
        if out.units.is_some() {
            self.stats.extend(out.stats.take().map(|s| (out.kernel.clone(), s)));
            self.program.push(out);
            return;
        }
        if let Some(text) = out.visaasm {
            let name = format!("{}.visaasm", out.kernel);
            self.outputs.push(Output::staged(Emit::Visaasm, name, text.into_bytes(), sink));
        }
        if let Some(text) = out.legalized {
            let name = format!("{}.legalized.ll", out.kernel);
            self.outputs.push(Output::staged(Emit::Legalized, name, text.into_bytes(), sink));
        }
        if let Some(stats) = out.stats {
            self.stats.push((out.kernel.clone(), stats));
        }
        self.objects.extend(out.object);
        self.selected.extend(out.selected.map(|kernel| crate::finalize::Unit {
            kernel,
            functions: Vec::new(),
            exports_functions: false,
        }));
    }

    /// Appends what one unit gave, in unit order.
    fn absorb(&mut self, unit: InputOutputs) {
        self.outputs.extend(unit.outputs);
        self.kernels.extend(unit.kernels);
        self.selected_inputs.extend(unit.selected_inputs);
        self.stats.extend(unit.stats);
        self.objects.extend(unit.objects);
        self.function_objects.extend(unit.function_objects);
        self.warnings.extend(unit.warnings);
        self.program.extend(unit.program);
        self.selected.extend(unit.selected);
    }

    /// The files of a stack-call program: per kernel that makes stack calls, ONE `.visaasm` file
    /// holding the kernel and every stack function it reaches (GenX_IR finalizes a file as one
    /// program: an `fcall` must find its callee in the same file). A callee no unit defines is
    /// declared only: it is called through its relocated address (`faddr` + `ifcall`). For the
    /// `.isa` container, the kernels making stack calls and the stack functions are encoded
    /// (functions into its function table).
    fn add_stack_call_files(
        &mut self,
        want: Products,
        sink: Option<&dyn Sink>,
    ) -> Result<(), Vec<Diagnostic>> {
        let program = std::mem::take(&mut self.program);
        let defined: foldhash::HashMap<&str, usize> = program
            .iter()
            .enumerate()
            .filter(|(_, u)| u.role == UnitRole::StackFunction)
            .map(|(i, u)| (u.kernel.as_str(), i))
            .collect();
        for u in program.iter().filter(|u| u.role == UnitRole::Kernel) {
            // the kernel, then the stack functions it reaches in first-reached order
            let mut order = vec![u];
            let mut i = 0;
            while i < order.len() {
                for c in &order[i].stack_callees {
                    if let Some(&j) = defined.get(c.as_str()) {
                        if !order.iter().any(|o| std::ptr::eq(*o, &program[j])) {
                            order.push(&program[j]);
                        }
                    }
                }
                i += 1;
            }
            let units: Vec<genxc_visa::Kernel> = order.iter().filter_map(|o| o.units.clone()).collect();
            if want.visaasm {
                let text = genxc_visa::write_text_file(&units);
                let name = format!("{}.visaasm", u.kernel);
                self.outputs.push(Output::staged(Emit::Visaasm, name, text.into_bytes(), sink));
            }
            if want.finalize {
                // the finalizer links the functions the kernel reaches into its code
                let mut units = units.into_iter();
                if let Some(kernel) = units.next() {
                    self.selected.push(crate::finalize::Unit {
                        kernel,
                        functions: units.collect(),
                        exports_functions: false,
                    });
                }
            }
        }
        if want.object {
            // the container holds every kernel and, in its function table, every stack function
            // once: kernels making stack calls after the others, then the functions
            for role in [UnitRole::Kernel, UnitRole::StackFunction] {
                for u in program.iter().filter(|u| u.role == role) {
                    let Some(k) = &u.units else { continue };
                    if role == UnitRole::StackFunction && genxc_visa::text::sanitize(&k.name) != k.name {
                        return Err(vec![Diagnostic::error(genxc_diag::unsupported(format!(
                            "--emit isa of the stack function @{}: its name is not a vISA identifier, which the .isa function table needs; emit visaasm",
                            k.name
                        )))]);
                    }
                    let object = genxc_visa::encode_kernel(k);
                    match role {
                        UnitRole::Kernel => self.objects.push(object),
                        UnitRole::StackFunction => self.function_objects.push(object),
                    }
                }
            }
        }
        Ok(())
    }

    /// The ABI of each kernel after selection ([`KernelAbi`]), in `genx.kernels` order: its
    /// metadata with the payload inputs its selected vISA declared. Takes the metadata.
    pub fn abis(&mut self) -> Vec<KernelAbi> {
        let inputs = std::mem::take(&mut self.selected_inputs);
        // by name, the first of a name as a search in unit order finds it (a name is looked up
        // once per kernel: a scan of every unit for each was quadratic in the kernels)
        let mut by_name: foldhash::HashMap<&str, &[genxc_visa::Input]> = foldhash::HashMap::default();
        for (name, i) in &inputs {
            by_name.entry(name.as_str()).or_insert(i.as_slice());
        }
        std::mem::take(&mut self.kernels)
            .into_iter()
            .map(|k| {
                let i = by_name.get(k.name.as_str()).copied().unwrap_or_default();
                KernelAbi::after_selection(k, i)
            })
            .collect()
    }

    /// Finalizes the selected kernels and adds the zebin of them, named after the input.
    fn add_zebin(
        &mut self,
        input: &str,
        opts: &CompileOptions,
        times: &mut PassTimes,
    ) -> Result<(), Vec<Diagnostic>> {
        let selected = std::mem::take(&mut self.selected);
        let abis = self.abis();
        let built = times.time(Stage::Isel, || {
            let _phase = crate::trace::phase(|| "zebin".into());
            crate::zebin::build(&abis, selected, opts)
        });
        self.abi = abis;
        let (bytes, reports) = built?;
        self.outputs.push(Output::new(Emit::Zebin, format!("{}.bin", stem(input)), bytes));
        for (kernel, r) in &reports {
            if r.spill_sends > 0 || r.fill_sends > 0 {
                self.warnings.push(Diagnostic::warning(format!(
                    "kernel '{kernel}' spills registers: {} spill stores ({} bytes) and {} fill loads ({} bytes) in {} Gen instructions, {} bytes of scratch memory per thread", r.spill_sends, r.spill_bytes, r.fill_sends, r.fill_bytes, r.inst_count, r.scratch_size
                )));
            }
        }
        self.finalizer = reports;
        Ok(())
    }

    /// Adds the `.isa` container of the encoded kernels, named after the input.
    fn add_isa(&mut self, input: &str, times: &mut PassTimes) {
        // Only the container's header and concatenation are serial: each kernel was encoded on
        // its worker thread.
        let objects = std::mem::take(&mut self.objects);
        let functions = std::mem::take(&mut self.function_objects);
        let bytes = times.time(Stage::Isel, || genxc_visa::write_container(&objects, &functions));
        self.outputs.push(Output::new(Emit::Isa, format!("{}.isa", stem(input)), bytes));
    }
}

/// The per-kernel products the options ask for.
fn products(opts: &CompileOptions) -> Products {
    Products {
        legalized: opts.emit.contains(Emit::Legalized),
        stats: opts.stats,
        visaasm: opts.emit.contains(Emit::Visaasm),
        object: opts.emit.contains(Emit::Isa),
        finalize: opts.emit.contains(Emit::Zebin),
        abi: opts.emit.contains(Emit::Metadata),
    }
}

/// The stem of an input name: file name without directory and extension.
pub(crate) fn stem(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    match base.rfind('.') {
        Some(0) | None => base.to_string(),
        Some(i) => base[..i].to_string(),
    }
}

/// One input's compile as the three paths ([`compile_whole`], [`compile_split`],
/// [`compile_split_bitcode`]) take it: the input, the options, the products they ask for, where
/// finished outputs go early and whether the LLVM contexts keep local value names.
#[derive(Clone, Copy)]
pub(crate) struct InputCompile<'a> {
    /// The input.
    pub input: &'a Input,
    /// The compile's options.
    pub opts: &'a CompileOptions,
    /// The products the options ask for ([`products`]).
    pub want: Products,
    /// Where each output goes as soon as it is final, if anywhere.
    pub sink: Option<&'a dyn Sink>,
    /// Whether the LLVM contexts keep or discard local value names.
    pub names: LocalNames,
}

/// Compiles one input once for every kind `opts` asks for (an empty set checks the input up to
/// its kernel metadata and produces nothing). When no output shows local value names
/// ([`LocalNames::of_compile`]), the LLVM contexts discard them; a compile without names that
/// gives any diagnostic but a spill warning (which names a kernel only) is run again with names,
/// so every message is the one a compile with names gives.
pub(crate) fn compile_input(
    input: &Input,
    opts: &CompileOptions,
    times: &mut PassTimes,
    sink: Option<&dyn Sink>,
) -> Result<InputOutputs, Vec<Diagnostic>> {
    if LocalNames::of_compile(input, opts) == LocalNames::Discard {
        if let Ok(out) = compile_input_with(input, opts, times, sink, LocalNames::Discard) {
            return Ok(out);
        }
    }
    compile_input_with(input, opts, times, sink, LocalNames::Keep)
}

/// [`compile_input`] with LLVM contexts that keep or discard local value names as `names` says.
/// Without names, the import's warnings are returned as errors (the caller compiles again).
pub(crate) fn compile_input_with(
    input: &Input,
    opts: &CompileOptions,
    times: &mut PassTimes,
    sink: Option<&dyn Sink>,
    names: LocalNames,
) -> Result<InputOutputs, Vec<Diagnostic>> {
    let want = products(opts);
    // Nothing per kernel (a check without output): the whole module, without kernel units, is
    // cheaper. (Metadata is the kernels' ABI after selection: it is a per-kernel product.)
    let job = InputCompile { input, opts, want, sink, names };
    let mut out = None;
    // source lines (-g) come from the whole input's text and debug metadata
    if want != Products::default() && !opts.emit.contains(Emit::Llvm) && !opts.debug_lines {
        out = if genxc_frontend::llvm::is_bitcode(&input.bytes) {
            compile_split_bitcode(&job, times)
        } else {
            compile_split(&job, times)
        };
    }
    let mut out = match out {
        Some(out) => out,
        None => compile_whole(&job, times)?,
    };
    if want.finalize {
        out.add_zebin(&input.name, opts, times)?;
    } else {
        out.abi = out.abis();
    }
    if !opts.emit.contains(Emit::Metadata) {
        out.abi.clear();
    }
    Ok(out)
}

/// Whether an input goes to the SPIR-V reader: it starts with the SPIR-V magic number or is named
/// `.spv` (so a `.spv` file with a wrong magic number gets the SPIR-V reader's diagnostic).
pub(crate) fn is_spirv(input: &Input) -> bool {
    genxc_spirv::is_spirv(&input.bytes) || input.name.ends_with(".spv")
}

/// The private stack of `opts`' compile: `-stateless-stack-mem-size` bytes per thread, found by
/// the finalizer's hardware thread id when the code goes into a zebin (what the runtime's private
/// memory size covers), by genxc's `%sr0` slots otherwise.
fn private_stack(opts: &CompileOptions) -> PrivateStack {
    let thread_index = if opts.emit.contains(Emit::Zebin) {
        StackThreadIndex::HardwareThreadId
    } else {
        StackThreadIndex::Sr0Slot
    };
    PrivateStack { bytes_per_thread: opts.stack_mem_size, thread_index }
}

/// Marks the kernels of `module` as taking bindless buffers when `opts` asks for them
/// (`-vc-use-bindless-buffers`): selection and the zebin writer then treat their buffer arguments
/// as surface-state offsets.
fn mark_bindless_buffers(module: &mut genxc_genx::Module, opts: &CompileOptions) {
    for k in &mut module.kernels {
        k.bindless_buffers = opts.bindless_buffers;
    }
}

/// Reads an input (`.ll`, `.bc` or `.mlir`) into the GenX IR the pipeline starts from, with the
/// same parsing, limits, import and diagnostics as a compile, but no per-kernel stage.
pub(crate) fn import_input(
    input: &Input,
    platform: Platform,
    spec: &[(u32, String)],
) -> Result<genxc_genx::Module, Vec<Diagnostic>> {
    let name = &input.name;
    let is_mlir = name.ends_with(".mlir");
    let ctx = inkwell::context::Context::create();
    let mut spirv = None;
    let llvm = (|| {
        genxc_frontend::limits::check_size(name, input.bytes.len() as u64)?;
        if is_mlir {
            genxc_frontend::limits::scan_text(name, &input.bytes, genxc_frontend::limits::Syntax::Mlir)?;
            let gpu = genxc_mlir_to_llvm::gpu::GpuOptions { host_functions: false, ..Default::default() };
            genxc_mlir_to_llvm::load_with(&ctx, name, &input.bytes, &gpu).map(|l| l.0)
        } else if is_spirv(input) {
            let (module, rebuilt) = genxc_spirv::load_with_map(&ctx, name, &input.bytes, spec)?;
            spirv = Some(SpirvMap::new(rebuilt));
            Ok(module)
        } else {
            genxc_frontend::llvm::load(&ctx, name, &input.bytes)
        }
    })()
    .map_err(|d| vec![d])?;
    let source = (!is_mlir && !genxc_frontend::llvm::is_bitcode(&input.bytes) && !is_spirv(input))
        .then(|| genxc_frontend::llvm::SourceMap::new(&String::from_utf8_lossy(&input.bytes)));
    let mlir_text = is_mlir.then(|| String::from_utf8_lossy(&input.bytes).into_owned());
    genxc_genx::import::import_module(&llvm, platform).map_err(|ds| {
        ds.into_iter()
            .map(|d| match (&mlir_text, &spirv) {
                (Some(t), _) => locate_mlir(d, name, t),
                (_, Some(map)) => map.locate(d, name),
                _ => locate(d, name, source.as_ref()),
            })
            .collect()
    })
}

/// Drops the input's folder from the module id and source file name, which the readers make of
/// the input's path (`x/y/k.ll`, `x/y/k.mlir.ll`, ...), so that `--emit llvm` does not depend on
/// where the input lies (build caches share it).
fn without_input_folder(llvm: &inkwell::module::Module, name: &str) {
    let Some(cut) = name.rfind(['/', '\\']) else { return };
    let folder = &name.as_bytes()[..=cut];
    let module_id = llvm.get_name().to_bytes().to_vec();
    if let Some(rest) = module_id.strip_prefix(folder) {
        llvm.set_name(&String::from_utf8_lossy(rest));
    }
    let source = llvm.get_source_file_name().to_bytes().to_vec();
    if let Some(rest) = source.strip_prefix(folder) {
        llvm.set_source_file_name(&String::from_utf8_lossy(rest));
    }
}

/// Where the lines of a SPIR-V input's rebuilt LLVM text came from, to point later diagnostics at
/// SPIR-V words.
struct SpirvMap {
    rebuilt: genxc_spirv::rebuild::Rebuilt,
    source: genxc_frontend::llvm::SourceMap,
}

impl SpirvMap {
    fn new(rebuilt: genxc_spirv::rebuild::Rebuilt) -> SpirvMap {
        let source = genxc_frontend::llvm::SourceMap::new(&rebuilt.text);
        SpirvMap { rebuilt, source }
    }

    /// `d` with a note naming the SPIR-V word of the function or instruction it is about.
    fn locate(&self, d: Diagnostic, file: &str) -> Diagnostic {
        let Some((line, _)) = position(&d, &self.source) else { return d };
        match self.rebuilt.offsets.get((line as usize).saturating_sub(1)) {
            Some(&word) if word > 0 => {
                d.with_note(format!("{file}: from the SPIR-V instruction at word {word}"))
            }
            _ => d,
        }
    }
}

/// [`compile_input`] through one LLVM module of the whole input, in an LLVM context keeping or
/// discarding local value names as `names` says (without names, the import's warnings come back
/// as the error: they may name values).
fn compile_whole(job: &InputCompile, times: &mut PassTimes) -> Result<InputOutputs, Vec<Diagnostic>> {
    let InputCompile { input, opts, want, sink, names } = *job;
    let name = &input.name;
    let is_mlir = name.ends_with(".mlir");
    // the command leaves the context (and the module of a small input) to the process's exit
    let ctx = memory::UntilExit::new(inkwell::context::Context::create());
    names.apply(&ctx);
    let mut spirv = None;
    let mut gpu_notes = Vec::new();
    let mut gpu_kernels = Vec::new();
    let llvm = times
        .time(Stage::Parse, || {
            genxc_frontend::limits::check_size(name, input.bytes.len() as u64)?;
            if is_mlir {
                // Bounded nesting before any parser recurses on it.
                genxc_frontend::limits::scan_text(name, &input.bytes, genxc_frontend::limits::Syntax::Mlir)?;
                let gpu = genxc_mlir_to_llvm::gpu::GpuOptions {
                    simd_width: opts.simd_width,
                    memref_args: opts.memref_args,
                    host_functions: opts.emit.iter().eq([Emit::Llvm]) && !opts.stats,
                };
                let (module, kernels, notes) = genxc_mlir_to_llvm::load_with(&ctx, name, &input.bytes, &gpu)?;
                gpu_notes = notes;
                gpu_kernels = kernels;
                Ok(module)
            } else if is_spirv(input) {
                let (module, rebuilt) =
                    genxc_spirv::load_with_map(&ctx, name, &input.bytes, &opts.spec_constants)?;
                spirv = Some(SpirvMap::new(rebuilt));
                Ok(module)
            } else {
                genxc_frontend::llvm::load(&ctx, name, &input.bytes)
            }
        })
        .map_err(|d| vec![d])?;
    let import = timing::Clock::start();
    let end_import = |times: &mut PassTimes| {
        let (wall, cpu) = import.elapsed();
        times.add(Stage::Import, wall, cpu);
    };
    let mut out = InputOutputs { gpu_kernels, ..InputOutputs::default() };
    let only_llvm = opts.emit.iter().eq([Emit::Llvm]) && !opts.stats;
    let gpu_notes: Vec<Diagnostic> = gpu_notes
        .into_iter()
        .map(|n| Diagnostic {
            severity: genxc_diag::Severity::Note,
            ..Diagnostic::warning(format!("{name}: {n}"))
        })
        .collect();
    out.warnings.extend(gpu_notes.iter().cloned());
    if is_mlir && opts.emit.contains(Emit::Llvm) {
        // The translated module as it is: the CPU programs an MLIR file holds are not GenX kernels.
        without_input_folder(&llvm, name);
        let text = llvm.print_to_string().to_string();
        out.outputs.push(Output::new(Emit::Llvm, format!("{}.ll", stem(name)), text.into_bytes()));
        if only_llvm {
            end_import(times);
            return Ok(out);
        }
    }
    let source = (!is_mlir && !genxc_frontend::llvm::is_bitcode(&input.bytes) && !is_spirv(input))
        .then(|| genxc_frontend::llvm::SourceMap::new(&String::from_utf8_lossy(&input.bytes)));
    let mlir_text = is_mlir.then(|| String::from_utf8_lossy(&input.bytes).into_owned());
    let locate = |ds: Vec<Diagnostic>| {
        ds.into_iter()
            .map(|d| match (&mlir_text, &spirv) {
                (Some(t), _) => locate_mlir(d, name, t),
                (_, Some(map)) => map.locate(d, name),
                _ => locate(d, name, source.as_ref()),
            })
            .collect::<Vec<_>>()
    };
    let checks = Checks { verify_each: opts.verify_each };
    if opts.emit.contains(Emit::Zebin) {
        // a zebin's printf buffer names strings by address (the runtime reads them there)
        genxc_genx::import::prepare::printf::request_strings_by_address(&llvm);
    }
    let mut module = genxc_genx::import::import_module_counted_with_private_stack(
        &llvm,
        opts.platform,
        private_stack(opts),
    )
    .map(|(mut module, _)| {
        mark_bindless_buffers(&mut module, opts);
        module
    })
    .map_err(|d| {
        end_import(times);
        locate(d)
    })?;
    if names == LocalNames::Discard && !module.notes.is_empty() {
        end_import(times);
        return Err(std::mem::take(&mut module.notes));
    }
    out.warnings = gpu_notes;
    out.warnings.extend(locate(std::mem::take(&mut module.notes)));
    if opts.debug_lines {
        text_lines(&mut module, name, source.as_ref());
    }
    if checks.enabled() {
        genxc_genx::verify::verify_module(&module, "import").map_err(|d| {
            end_import(times);
            locate(d)
        })?;
    }
    if !is_mlir && opts.emit.contains(Emit::Llvm) {
        without_input_folder(&llvm, name);
        let text = llvm.print_to_string().to_string();
        out.outputs.push(Output::new(Emit::Llvm, format!("{}.ll", stem(name)), text.into_bytes()));
    }
    // The GenX IR holds everything from here on: the LLVM module is not kept through the
    // per-kernel stages.
    if input.bytes.len() > memory::LARGE_UNIT_BYTES {
        drop(llvm);
        memory::trim_llvm_heap();
        if input.bytes.len() / module.kernels.len().max(1) > memory::LARGE_UNIT_BYTES {
            memory::large_unit();
        }
    } else {
        memory::dispose(llvm);
    }
    if want == Products::default() {
        end_import(times);
        if opts.emit.contains(Emit::Metadata) {
            out.kernels = module.kernels;
        }
        return Ok(out);
    }
    // (the module's bodies move into the units: it is dropped below)
    let units = genxc_genx::units::take_units(&mut module).and_then(|units| {
        if checks.enabled() {
            for u in &units {
                genxc_genx::verify::verify_unit(u, "kernel units")?;
            }
        }
        Ok(units)
    });
    end_import(times);
    let units = units.map_err(locate)?;
    // The units own their functions from here on: the module keeps only what kernels.json needs.
    if opts.emit.contains(Emit::Metadata) || opts.emit.contains(Emit::Zebin) {
        out.kernels = std::mem::take(&mut module.kernels);
    }
    drop(module);
    let platform = opts.platform;
    // One unit (a one-kernel module) runs on this thread: starting the workers would only cost.
    let pool = if units.len() > 1 { thread_pool(opts) } else { None };
    let results = run_parallel(units, pool.as_ref(), times, None::<fn()>, |u, mark| {
        let out = pipeline::compile_unit(u, platform, opts.codegen(), want, checks, mark)?;
        // staging the unit's files (a sink writes them out now) is writing, not selection
        mark(Stage::Isel);
        let mut outputs = InputOutputs::default();
        outputs.add_unit(out, sink);
        mark(Stage::Write);
        Ok(outputs)
    })
    .0;
    drop(pool);
    let mut diags = Vec::new();
    for r in results {
        match r {
            Ok(unit) => out.absorb(unit),
            Err(d) => diags.extend(locate(d)),
        }
    }
    if genxc_diag::has_errors(&diags) {
        return Err(diags);
    }
    out.add_stack_call_files(want, sink).map_err(locate)?;
    if want.object {
        out.add_isa(name, times);
    }
    Ok(out)
}

/// Gives the functions of `module` without `!dbg` locations the lines of the input's text (`-g`):
/// each instruction found in the text by its label (a named value's definition, a call by its
/// callee) has its line; the others belong to the line before them. A function whose lines came
/// from `!dbg` locations keeps them. The file is the input's file name.
fn text_lines(
    module: &mut genxc_genx::Module,
    input: &str,
    source: Option<&genxc_frontend::llvm::SourceMap>,
) {
    let base = input.rsplit(['/', '\\']).next().unwrap_or(input);
    for (_, f) in module.functions.iter_mut() {
        if !f.lines.is_empty() {
            if f.source_file.is_empty() {
                f.source_file = base.to_string();
            }
            continue;
        }
        let Some(sm) = source else { continue };
        let found: Vec<_> = f
            .insts
            .iter()
            .filter_map(|(id, _)| {
                let label = f.value_name(genxc_genx::Value::Inst(id));
                let (line, _) =
                    sm.instruction(&f.name, &label, &genxc_genx::intrinsics::is_overload_suffix)?;
                Some((id, line))
            })
            .collect();
        if !found.is_empty() {
            f.lines.extend(found);
            f.source_file = base.to_string();
        }
    }
}

/// The worker threads of a compile ([`CompileOptions::workers`]); `None` when they cannot be
/// started (the work then runs on the calling thread).
fn thread_pool(opts: &CompileOptions) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new().num_threads(opts.workers()).build().ok()
}

/// Runs `work` on each item in parallel on `pool` (on this thread without one); results come back
/// in item order. `work` calls its `mark` argument when one of its stages ends; the time after the
/// last mark counts as instruction selection (emission). `side`, if any, runs on the same threads
/// beside the items (its time counts as parsing) and its result is returned too. The section's
/// times are added to `times`.
fn run_parallel<U, T, W, R>(
    items: Vec<U>,
    pool: Option<&rayon::ThreadPool>,
    times: &mut PassTimes,
    side: Option<impl FnOnce() -> R + Send>,
    work: W,
) -> (Vec<T>, Option<R>)
where
    U: Send,
    T: Send,
    R: Send,
    W: Fn(U, &mut dyn FnMut(Stage)) -> T + Sync + Send,
{
    crate::progress::add(items.len());
    let one = |u: U| {
        let mut spent = PhaseTimes::default();
        let mut last = timing::thread_cpu();
        let result = work(u, &mut |stage| spent.lap(&mut last, stage));
        spent.lap(&mut last, Stage::Isel);
        crate::progress::done();
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
            pool.install(|| rayon::join(side, || items.into_par_iter().with_max_len(1).map(one).collect()))
        }
        None => (side(), items.into_iter().map(one).collect()),
    };
    (gather_timed(times, start, side_cpu, timed), side)
}

/// Runs `import` on each chunk of units in parallel on `pool`, and `compile` on each unit a chunk
/// gave as soon as it gave them, on the same threads: the units of one chunk are shared among the
/// threads too. Results come back in chunk order, each chunk's units in order (`None` for a chunk
/// whose import failed). `import` and `compile` call their `mark` argument when one of their
/// stages ends (after `compile`'s last mark, the time counts as instruction selection); the
/// section's times are added to `times`.
fn run_chunks<C, U, T>(
    chunks: Vec<Vec<C>>,
    pool: &rayon::ThreadPool,
    times: &mut PassTimes,
    import: impl Fn(Vec<C>, &mut dyn FnMut(Stage)) -> Option<Vec<U>> + Sync + Send,
    compile: impl Fn(U, &mut dyn FnMut(Stage)) -> T + Sync + Send,
) -> Vec<Option<Vec<T>>>
where
    C: Send,
    U: Send,
    T: Send,
{
    crate::progress::add(chunks.iter().map(Vec::len).sum());
    let one_unit = |u: U| {
        let mut spent = PhaseTimes::default();
        let mut last = timing::thread_cpu();
        let result = compile(u, &mut |stage| spent.lap(&mut last, stage));
        spent.lap(&mut last, Stage::Isel);
        crate::progress::done();
        (result, spent)
    };
    let one_chunk = |chunk: Vec<C>| {
        let count = chunk.len();
        let mut spent = PhaseTimes::default();
        let mut last = timing::thread_cpu();
        let units = import(chunk, &mut |stage| spent.lap(&mut last, stage));
        // Not lapped after the units: this thread's time in them is theirs.
        spent.lap(&mut last, Stage::Import);
        let Some(units) = units else {
            (0..count).for_each(|_| crate::progress::done());
            return (None, spent);
        };
        let timed: Vec<(T, PhaseTimes)> = units.into_par_iter().with_max_len(1).map(one_unit).collect();
        let mut results = Vec::with_capacity(timed.len());
        for (result, unit_spent) in timed {
            spent += unit_spent;
            results.push(result);
        }
        (Some(results), spent)
    };
    let start = Instant::now();
    let timed: Vec<_> = pool.install(|| chunks.into_par_iter().with_max_len(1).map(one_chunk).collect());
    gather_timed(times, start, PhaseTimes::default(), timed)
}

/// The results of a parallel phase that began at `start`, in order; adds its wall time and the
/// CPU time of every item and of the side task (`side_cpu`) to `times`.
fn gather_timed<T>(
    times: &mut PassTimes,
    start: Instant,
    side_cpu: PhaseTimes,
    timed: Vec<(T, PhaseTimes)>,
) -> Vec<T> {
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
    results
}

/// Points a diagnostic about a function or symbol at its line and column in `.ll` text, keeping the
/// function and instruction as its context.
fn locate(d: Diagnostic, file: &str, source: Option<&genxc_frontend::llvm::SourceMap>) -> Diagnostic {
    match source.and_then(|sm| position(&d, sm)) {
        Some((line, col)) => {
            let subject = d.location.subject();
            at_source(d, subject, file, line, col)
        }
        None => in_file(d, file),
    }
}

/// A diagnostic about a part of the input `file` that has no position (bitcode has no lines, and
/// a function the text does not show): the file is named before the part, as a whole-file
/// diagnostic names it (`error: k.bc: in function @f, instruction %x: ...`).
fn in_file(d: Diagnostic, file: &str) -> Diagnostic {
    if !matches!(d.location, Location::Ir { .. } | Location::Symbol(_) | Location::KernelMetadata(_)) {
        return d;
    }
    let part = d.location.subject().map_or_else(|| file.to_string(), |s| format!("{file}: {s}"));
    let context = match d.context {
        Some(c) => format!("{part}: {c}"),
        None => part,
    };
    Diagnostic { location: Location::None, context: Some(context.into_boxed_str()), ..d }
}

/// The line and column of `.ll` text that a diagnostic's IR location names.
fn position(d: &Diagnostic, sm: &genxc_frontend::llvm::SourceMap) -> Option<(u32, u32)> {
    match &d.location {
        Location::Ir { function, inst: Some(inst) } => sm
            .instruction(function, inst, &genxc_genx::intrinsics::is_overload_suffix)
            .or_else(|| sm.function(function)),
        Location::Ir { function, inst: None } => sm.function(function),
        Location::Symbol(name) => sm.global(name),
        Location::KernelMetadata(kernel) => sm.kernel_node(kernel.as_deref()),
        _ => None,
    }
}

/// Points a diagnostic about a function of an MLIR input at that function in the MLIR text.
fn locate_mlir(d: Diagnostic, file: &str, text: &str) -> Diagnostic {
    let Location::Ir { function, inst } = &d.location else { return d };
    if let Some(i) = inst.as_ref().filter(|_| text.contains("xegpu.")) {
        let overload = &genxc_genx::intrinsics::is_overload_suffix;
        if let Some((line, col, op)) =
            genxc_mlir_to_llvm::instruction_position(file, text, function, i, overload)
        {
            let subject = format!("in function @{function}, {op}");
            return at_source(d, Some(subject), file, line, col);
        }
    }
    let Some((line, col)) = genxc_mlir_to_llvm::function_position(text, function) else { return d };
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
    use crate::api::EmitSet;

    /// Every `.ll` fixture, sorted by name.
    fn fixture_inputs() -> Vec<Input> {
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
        inputs
    }

    /// A split path: [`compile_split`] or [`compile_split_bitcode`].
    type SplitPath = fn(&InputCompile, &mut PassTimes) -> Option<InputOutputs>;

    /// The option sets the split tests compare on `platform`: every kind with statistics, and
    /// vISA alone.
    fn split_options(platform: Platform) -> [CompileOptions; 2] {
        let all = EmitSet::of(&[Emit::Visaasm, Emit::Isa, Emit::Legalized, Emit::Metadata]);
        [(all, true), (Emit::Visaasm.into(), false)].map(|(emit, stats)| CompileOptions {
            platform,
            emit,
            jobs: 2,
            stats,
            ..CompileOptions::default()
        })
    }

    /// Compiles `input` whole and through `split`, and checks the split's outputs, statistics and
    /// kernels.json are the whole module's when it takes the input: (whether the split took it,
    /// whether the whole module compiled).
    fn split_matches_whole(input: &Input, opts: &CompileOptions, split: SplitPath) -> (bool, bool) {
        let want = products(opts);
        let mut times = PassTimes::new();
        let json = |mut out: InputOutputs| {
            let abis = out.abis();
            (out.outputs, out.stats, crate::json::kernels_json(&abis, opts.platform))
        };
        let job = InputCompile { input, opts, want, sink: None, names: LocalNames::Keep };
        let whole = compile_whole(&job, &mut times).map(json);
        let Some(out) = split(&job, &mut times) else {
            return (false, whole.is_ok());
        };
        assert_eq!(Ok(&json(out)), whole.as_ref(), "{} {:?} {:?}", input.name, opts.emit, opts.platform);
        (true, whole.is_ok())
    }

    /// Every `.ll` fixture, and workloads of many kernels sharing subroutines: the split path
    /// gives the whole module's bytes when it takes the input, and leaves every input that fails to
    /// the whole module.
    #[test]
    fn split_compilation_matches_the_whole_module() {
        let mut inputs = fixture_inputs();
        inputs.push(Input { name: "many.ll".into(), bytes: many_kernels(40).into_bytes() });
        let (mut split, mut whole_only) = (0, 0);
        let mut fell_back = std::collections::BTreeSet::new();
        for input in &inputs {
            for opts in [Platform::Tgllp, Platform::Pvc].into_iter().flat_map(split_options) {
                match split_matches_whole(input, &opts, compile_split) {
                    (true, _) => split += 1,
                    (false, whole_ok) => {
                        whole_only += 1;
                        if whole_ok {
                            fell_back.insert(input.name.as_str());
                        }
                    }
                }
            }
        }
        // Inputs that compile but are not split: one without kernels, two with external functions,
        // the stack-call fixtures (a unit of a kernel and the stack functions or declarations it
        // calls, or whose address it takes, is not the plan's), one whose subroutine the preparation inlines away, those with
        // global variables (the plan does not take globals: the globals, printf and @EM fixtures, and
        // Intel's final IR of the examples), those whose metadata offsets are recomputed with a
        // warning (the whole module reports it) and those with regions past the end of their vector
        // (warned about), memory kernels whose pointer arguments the preparation rewrites, stack
        // memory kernels (their stack functions again), and subroutines whose aggregate signatures
        // it flattens.
        let expected = vec![
            "aggregates/struct_updates.ll",
            "aggregates/structs.ll",
            "builtins/spirv_carry.ll",
            // the SPIR-V work-item globals
            "builtins/spirv_work_items.ll",
            "bad/alloca_escapes.ll",
            "bad/comment_only.ll",
            "bad/global_common.ll",
            "bad/global_constant.ll",
            "bad/global_variable.ll",
            "bad/linkage_external_body_ok.ll",
            "bad/md_offset_big_arg_unaligned.ll",
            "bad/md_offset_in_r0.ll",
            "bad/md_offset_past_input_area.ll",
            "bad/md_offsets_overlap.ll",
            "bad/md_offsets_r0.ll",
            "bad/md_offsets_straddle.ll",
            "calls/call_undefined.ll",
            "calls/external_subroutine.ll",
            "calls/indirect_calls.ll",
            "calls/indirect_values.ll",
            "calls/linked_call.ll",
            "calls/linked_symbol.ll",
            "calls/predef_regs.ll",
            "calls/stack_args_memory.ll",
            "calls/predef_vars.ll",
            "calls/cast_callee.ll",
            "calls/stack_call_subroutines.ll",
            "calls/stack_calls.ll",
            "globals/accepted/global_address_stored.ll",
            "globals/accepted/global_device_memory.ll",
            "globals/accepted/global_shared_mutable.ll",
            "globals/address_in_global.ll",
            "globals/address_stored.ll",
            "globals/constant_table.ll",
            "globals/mutable_global.ll",
            "globals/pinned.ll",
            "globals/shared_table.ll",
            "calls/stack_recursion_memory.ll",
            "globals/constant_table.ll",
            "globals/mutable_global.ll",
            "globals/pinned.ll",
            "kernels/accepted/rd_rows_past_end.ll",
            "kernels/accepted/rd_start_inside_past_end.ll",
            "kernels/accepted/rd_stride_past_end.ll",
            "kernels/accepted/rd_wrong_result_count.ll",
            "kernels/accepted/wr_past_end.ll",
            // the intrinsic catalog's samples of vload/vstore, on a genx_volatile global
            "intrinsics/accepted/inline_asm_immediate_register.ll",
            "intrinsics/samples/vload.ll",
            "intrinsics/samples/vstore.ll",
            "kernels/multi.ll",
            "kernels/region_past_end.ll",
            "kernels/simdcf_em_global.ll",
            "memory/indexed.ll",
            "memory/slm_surface.ll",
            "printf/assert_print.ll",
            "printf/printf_pointer.ll",
            "memory/stack_memory.ll",
            "memory/spir_kernel_unlisted.ll",
            "printf/printf_values.ll",
            // The SPIR-V tests' sources: a stack function; calls of the translator's
            // `__spirv_SpecConstant`, which only the SPIR-V route defines.
            "spirv/float_control.ll",
            "spirv/spec_constant.ll",
            // Reads the `__spirv_BuiltIn*` globals, which the work-item rewrite binds per module.
            "spirv/builtin_ids.ll",
            // A global (`@g`), which the plan does not take (added by the spirv merge).
            "spirv/single_element.ll",
            // `!dbg` locations: debug metadata the plan does not take.
            "zebin/debug_locations.ll",
            // The address of a declared-only function (an external symbol), as the calls fixtures.
            "zebin/extern_address.ll",
            // A stack function (recursion through private memory).
            "zebin/private_recursion.ll",
            // Function addresses in a global and in stack functions.
            "zebin/function_pointers.ll",
            "zebin/address_in_stack_function.ll",
            // Globals (private ones localized, device ones in memory), which the plan does not take.
            "globals/device_address_in_global.ll",
            "globals/device_table.ll",
            "globals/private_linkage.ll",
            // Stack functions (a bindless module's; one holding inline assembly) and inline
            // assembly of several lines.
            "zebin/bindless_stack_surface.ll",
            "zebin/inline_asm_lines.ll",
            "zebin/inline_asm_stack_function.ll",
            // Kernels in GenX form beside kernels needing preparation (SIMD control flow, the
            // unmask intrinsics, untyped atomics, SVM four-channel messages, a twin in a form the
            // rewrites leave): the whole module is prepared and gets no predicate algebra, so chunks
            // in different forms leave the input to it.
            "intrinsics/samples/simdcf.any.ll",
            "intrinsics/samples/simdcf.predicate.ll",
            "intrinsics/samples/svm.gather4.scaled.ll",
            "intrinsics/samples/svm.gather4.scaled.pvc.ll",
            "intrinsics/samples/svm.scatter4.scaled.ll",
            "intrinsics/samples/svm.scatter4.scaled.pvc.ll",
            "intrinsics/samples/untyped.atomic.add.ll",
            "intrinsics/samples/untyped.atomic.and.ll",
            "intrinsics/samples/untyped.atomic.cmpxchg.ll",
            "intrinsics/samples/untyped.atomic.dec.ll",
            "intrinsics/samples/untyped.atomic.imax.ll",
            "intrinsics/samples/untyped.atomic.imin.ll",
            "intrinsics/samples/untyped.atomic.inc.ll",
            "intrinsics/samples/untyped.atomic.max.ll",
            "intrinsics/samples/untyped.atomic.min.ll",
            "intrinsics/samples/untyped.atomic.or.ll",
            "intrinsics/samples/untyped.atomic.sub.ll",
            "intrinsics/samples/untyped.atomic.xchg.ll",
            "intrinsics/samples/untyped.atomic.xor.ll",
            "kernels/shared_division.ll",
            "simdcf/unmask.ll",
            "twins/lane_folds.ll",
        ];
        // Intel's final IR of the examples (tests/fixtures/regions/intel) holds globals.
        fell_back.retain(|name| !name.starts_with("regions/intel/"));
        assert_eq!(fell_back, expected.into_iter().collect(), "{split} split, {whole_only} whole");
        assert!(whole_only > 4 * 100, "{whole_only}: every bad input compiles as a whole module");
    }

    /// The bitcode of `.ll` text, `None` when genxc does not load it (LLVM would abort on some).
    fn bitcode(input: &Input) -> Option<Input> {
        let ctx = inkwell::context::Context::create();
        genxc_frontend::llvm::load(&ctx, &input.name, &input.bytes).ok()?;
        let buf =
            inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(&input.bytes, &input.name);
        let module = ctx.create_module_from_ir(buf).ok()?;
        let bytes = module.write_bitcode_to_memory().as_slice().to_vec();
        Some(Input { name: format!("{}.bc", input.name.trim_end_matches(".ll")), bytes })
    }

    /// Every `.ll` fixture LLVM parses, as bitcode, and workloads of many kernels sharing
    /// subroutines: the bitcode split gives the whole module's bytes when it takes the input, and
    /// takes most inputs with kernels.
    #[test]
    fn bitcode_split_compilation_matches_the_whole_module() {
        let mut inputs: Vec<Input> = fixture_inputs().iter().filter_map(bitcode).collect();
        for n in [1, 40] {
            let many = Input { name: format!("many{n}.ll"), bytes: many_kernels(n).into_bytes() };
            inputs.push(bitcode(&many).unwrap());
        }
        let (mut split, mut whole_only) = (0, 0);
        for input in &inputs {
            for opts in split_options(Platform::Tgllp) {
                match split_matches_whole(input, &opts, compile_split_bitcode) {
                    (true, _) => split += 1,
                    (false, _) => whole_only += 1,
                }
            }
        }
        assert!(split > 2 * 250, "{split} split, {whole_only} whole");
        assert!(inputs.iter().rev().take(2).all(|i| split_bitcode::plan(&i.name, &i.bytes).is_some()));
    }

    /// Bitcode the split must leave to the whole module, which compiles it: a subroutine no kernel
    /// calls (the whole module imports it), a kernel calling another.
    #[test]
    fn bitcode_split_leaves_unsure_inputs_to_the_whole_module() {
        let base = many_kernels(4);
        let unused = format!("{base}define internal i32 @unused(i32 %x) {{\n  ret i32 %x\n}}\n");
        let called = base
            .replace("%s = call i32 @own1(i32 %g)", "call void @k0(i32 %g)\n  %s = call i32 @own1(i32 %g)");
        let opts = CompileOptions { emit: Emit::Visaasm.into(), jobs: 2, ..CompileOptions::default() };
        for text in [unused, called] {
            let input = bitcode(&Input { name: "k.ll".into(), bytes: text.into_bytes() }).unwrap();
            let mut times = PassTimes::new();
            assert!(split_bitcode::plan(&input.name, &input.bytes).is_some());
            let job = InputCompile {
                input: &input,
                opts: &opts,
                want: products(&opts),
                sink: None,
                names: LocalNames::Keep,
            };
            let split = compile_split_bitcode(&job, &mut times);
            assert!(split.is_none());
        }
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
