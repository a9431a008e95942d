//! The driver's split paths: an input of many kernels compiled a chunk of kernel units at a
//! time, `.ll` text cut by its pre-scan ([`split`]) and bitcode read lazily per chunk
//! ([`split_bitcode`]), each chunk parsed and imported in a worker thread's LLVM context and its
//! units compiled on the workers; when a chunk fails, the caller compiles the whole module
//! instead, so outputs and diagnostics are the whole module's.

use super::*;

/// Compiles `.ll` text a chunk of kernel units at a time ([`split`]): each chunk's text is parsed
/// in the worker thread's LLVM context, imported and dropped, and its units compiled on the worker
/// threads. `None` when the input has no plan or any unit fails: then [`compile_whole`] compiles
/// the input and reports every diagnostic as it always has. Outputs are byte-identical to [`compile_whole`]'s.
pub(super) fn compile_split(job: &InputCompile, times: &mut PassTimes) -> Option<InputOutputs> {
    let InputCompile { input, opts, want, sink, names } = *job;
    let name = &input.name;
    if name.ends_with(".mlir") || genxc_frontend::llvm::is_bitcode(&input.bytes) || is_spirv(input) {
        return None;
    }
    // The pre-scan runs on the units' threads too.
    let pool = thread_pool(opts)?;
    let plan = times.time(Stage::Parse, || {
        let _phase = crate::trace::phase(|| "plan".into());
        genxc_frontend::limits::check_size(name, input.bytes.len() as u64).ok()?;
        let text = std::str::from_utf8(&input.bytes).ok()?;
        pool.install(|| split::plan(text))
    })?;
    let platform = opts.platform;
    let checks = Checks { verify_each: opts.verify_each };
    // The limits scan (what the whole module would refuse before parsing) runs on each chunk's
    // text, before LLVM parses it (`llvm::load`), and not again on the whole text: a chunk is
    // whole top-level entities of the input, every entity is in some chunk (what no unit reaches
    // goes with the first), the text between entities is blank and comment lines, and an entity
    // LLVM parsed closes every bracket it opens. So when every chunk parses, every bracket of the
    // whole text is as deep as in its chunk and every `<N x` / `[N x` is the same: the whole text
    // passes exactly when every chunk does, and a chunk that fails leaves the input to the whole
    // module, which reports it.
    let chunks: Vec<Vec<&split::UnitPlan>> =
        plan.chunks(pool.current_num_threads()).into_iter().map(|r| plan.units[r].iter().collect()).collect();
    let forms = ChunkForms::default();
    let import = |chunk: Vec<&split::UnitPlan>, mark: &mut dyn FnMut(Stage)| {
        let _phase = crate::trace::phase(|| format!("import {}", chunk.len()));
        let units = units_from_text(&plan, &chunk, name, platform, opts, &forms, names, mark)?;
        if checks.enabled() {
            for (u, _) in &units {
                genxc_genx::verify::verify_unit(u, "import").ok()?;
            }
        }
        Some(units)
    };
    let compile = |(u, md): (KernelUnit, u32), mark: &mut dyn FnMut(Stage)| {
        let _phase = crate::trace::phase(|| format!("unit {}", u.kernel.name));
        split_unit_outputs(u, md, opts, want, checks, sink, mark)
    };
    let results = run_chunks(chunks, &pool, times, import, compile);
    let _phase = crate::trace::phase(|| "gather".into());
    let results: Vec<_> = results.into_iter().collect::<Option<Vec<Vec<_>>>>()?;
    let results: Vec<_> = results.into_iter().flatten().collect::<Option<_>>()?;
    if !forms.agree() {
        return None;
    }
    gather_units(results, name, want, times, sink)
}

/// Whether the chunks of a split input were in GenX form when imported (the import gives such a
/// module the predicate and integer algebra, and a module needing preparation not): the whole
/// module is in GenX form exactly when every chunk is, so the split gives the whole module's code
/// only when all chunks agree.
#[derive(Default)]
pub(super) struct ChunkForms(std::sync::atomic::AtomicU8);

impl ChunkForms {
    /// Notes one chunk's form.
    fn note(&self, genx_form: bool) {
        self.0.fetch_or(if genx_form { 1 } else { 2 }, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether every chunk noted was in the same form.
    fn agree(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed) != 3
    }
}

/// Compiles one unit of a split input (its kernel metadata values `md`): `(kernel, md, outputs)`,
/// the kernel itself among the outputs when metadata or a zebin is wanted; `None` when it fails.
pub(super) fn split_unit_outputs(
    u: KernelUnit,
    md: u32,
    opts: &CompileOptions,
    want: Products,
    checks: Checks,
    sink: Option<&dyn Sink>,
    mark: &mut dyn FnMut(Stage),
) -> Option<(String, u32, InputOutputs)> {
    let kernel = u.kernel.name.clone();
    let mut outputs = InputOutputs::default();
    // the zebin's .ze_info is made from the kernels' metadata too
    if opts.emit.contains(Emit::Metadata) || opts.emit.contains(Emit::Zebin) {
        outputs.kernels.push(u.kernel.clone());
    }
    let out = pipeline::compile_unit(u, opts.platform, opts.codegen(), want, checks, mark).ok()?;
    // staging the unit's files (a sink writes them out now) is writing, not selection
    mark(Stage::Isel);
    outputs.add_unit(out, sink);
    mark(Stage::Write);
    Some((kernel, md, outputs))
}

/// What the units of a split input gave, `(kernel, metadata values, outputs)` in unit order, as
/// the input's outputs; `None` where the whole module would refuse the input.
pub(super) fn gather_units(
    results: Vec<(String, u32, InputOutputs)>,
    name: &str,
    want: Products,
    times: &mut PassTimes,
    sink: Option<&dyn Sink>,
) -> Option<InputOutputs> {
    // What the whole module would refuse: two kernels of one name, too much kernel metadata.
    let mut names = foldhash::HashSet::default();
    if !results.iter().all(|(k, ..)| names.insert(k.as_str())) {
        return None;
    }
    if results.iter().map(|(_, md, ..)| u64::from(*md)).sum::<u64>()
        > u64::from(genxc_genx::import::MD_BUDGET)
    {
        return None;
    }
    let mut out = InputOutputs::default();
    for (_, _, unit) in results {
        out.absorb(unit);
    }
    out.add_stack_call_files(want, sink).ok()?;
    if want.object {
        out.add_isa(name, times);
    }
    Some(out)
}

/// Compiles bitcode a chunk of kernel units at a time ([`split_bitcode`]): each worker thread reads
/// the bitcode lazily in its own LLVM context and materializes, verifies and imports only its
/// chunk's functions. Once every chunk is imported (the names of subroutines several kernels share
/// depend on all of them), the units are compiled on the same threads. `None` when the input has
/// no plan, when a function is in no unit, or when any chunk or unit fails: then [`compile_whole`]
/// compiles the input and reports every diagnostic as it always has. Outputs are byte-identical to
/// [`compile_whole`]'s.
pub(super) fn compile_split_bitcode(job: &InputCompile, times: &mut PassTimes) -> Option<InputOutputs> {
    let InputCompile { input, opts, want, sink, names } = *job;
    let name = &input.name;
    if name.ends_with(".mlir") || !genxc_frontend::llvm::is_bitcode(&input.bytes) || is_spirv(input) {
        return None;
    }
    let pool = thread_pool(opts)?;
    // One worker reads one chunk: the whole module, without the plan's read before it.
    if pool.current_num_threads() < 2 {
        return None;
    }
    genxc_frontend::limits::check_size(name, input.bytes.len() as u64).ok()?;
    let workers = pool.current_num_threads();
    let platform = opts.platform;
    let checks = Checks { verify_each: opts.verify_each };
    let stack = private_stack(opts);
    // Each reader reads the bitcode lazily in its worker's context and plans the units from that
    // module itself (the plan is the same for all: no serial read of the plan before the chunks,
    // and no chunk reads the module's global values and metadata twice), then imports chunk `r`
    // of the plan from that module, and chunks `r + readers`, ... (when there are more chunks than
    // workers) from a new read each. A small input has one reader: another would plan for nothing.
    let readers = workers.min(1 + input.bytes.len() / READER_BYTES);
    // Per chunk: its units, not yet named, and the functions each must hold.
    type Imported = (Vec<KernelUnit>, u32, Vec<foldhash::HashSet<String>>);
    let forms = ChunkForms::default();
    type Read = (split_bitcode::BitcodePlan, Vec<(usize, Imported)>);
    let reader = |first: usize, mark: &mut dyn FnMut(Stage)| -> Option<Read> {
        let mut plan: Option<split_bitcode::BitcodePlan> = None;
        let mut out = Vec::new();
        let mut index = first;
        while plan.as_ref().is_none_or(|p| index < p.chunks(workers).len()) {
            let _phase = crate::trace::phase(|| format!("import chunk {index}"));
            let imported = with_context(0, names, |ctx| {
                let whole = genxc_frontend::lazy::read_lazily(ctx, name, &input.bytes)?;
                if plan.is_none() {
                    plan = Some(split_bitcode::plan_of(&whole)?);
                }
                let plan = plan.as_ref()?;
                let Some(range) = plan.chunks(workers).get(index).cloned() else {
                    return Some(None);
                };
                let chunk: Vec<&split_bitcode::BitcodeUnit> = plan.units[range].iter().collect();
                let (llvm, functions) = split_bitcode::chunk_of_module(plan, &chunk, whole, name)?;
                mark(Stage::Parse);
                let (module, values, genx_form) =
                    genxc_genx::import::import_module_in_form(&llvm, platform, stack).ok()?;
                forms.note(genx_form);
                Some(Some((chunk.len(), (module, values), functions)))
            });
            let plan = plan.as_ref()?;
            if input.bytes.len() / plan.units.len() > memory::LARGE_UNIT_BYTES {
                CONTEXT.with(|cell| cell.borrow_mut().take());
                memory::trim_llvm_heap();
                memory::large_unit();
            }
            let Some((count, module, functions)) = imported? else { break };
            count_context_units(count);
            let (units, md) = units_of_module(module, count, opts)?;
            mark(Stage::Import);
            out.push((index, (units, md, functions)));
            index += readers;
        }
        Some((plan?, out))
    };
    let start = Instant::now();
    let timed: Vec<_> = pool.install(|| {
        (0..readers)
            .into_par_iter()
            .with_max_len(1)
            .map(|r| {
                let mut spent = PhaseTimes::default();
                let mut last = timing::thread_cpu();
                let result = reader(r, &mut |stage| spent.lap(&mut last, stage));
                spent.lap(&mut last, Stage::Import);
                (result, spent)
            })
            .collect()
    });
    let read: Vec<Read> =
        gather_timed(times, start, PhaseTimes::default(), timed).into_iter().collect::<Option<_>>()?;
    let mut plan = None;
    let mut by_chunk: Vec<Option<Imported>> = Vec::new();
    for (p, chunks) in read {
        plan.get_or_insert(p);
        for (index, imported) in chunks {
            if by_chunk.len() <= index {
                by_chunk.resize_with(index + 1, || None);
            }
            by_chunk[index] = Some(imported);
        }
    }
    let plan = plan?;
    let chunks: Vec<Vec<&split_bitcode::BitcodeUnit>> =
        plan.chunks(workers).into_iter().map(|r| plan.units[r].iter().collect()).collect();
    if by_chunk.len() != chunks.len() {
        return None;
    }
    let imported: Vec<Imported> = by_chunk.into_iter().collect::<Option<_>>()?;
    if !forms.agree() {
        return None;
    }
    let naming = crate::trace::phase(|| "name".into());
    // Every function the module defines is in some unit (the whole module imports the others
    // too), and those several kernels reach are named after each kernel.
    let mut reached_by: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    for (chunk, (_, _, functions)) in chunks.iter().zip(&imported) {
        for (unit, set) in chunk.iter().zip(functions) {
            for f in set {
                if *f != unit.kernel {
                    *reached_by.entry(f.as_str()).or_default() += 1;
                }
            }
        }
    }
    let kernels: foldhash::HashSet<&str> = plan.units.iter().map(|u| u.kernel.as_str()).collect();
    if plan.defined.iter().any(|f| !kernels.contains(f.as_str()) && !reached_by.contains_key(f.as_str())) {
        return None;
    }
    let shared: foldhash::HashSet<String> =
        reached_by.iter().filter(|&(_, &n)| n > 1).map(|(f, _)| f.to_string()).collect();
    let mut units = Vec::with_capacity(plan.units.len());
    for (chunk, (chunk_units, md, functions)) in chunks.iter().zip(imported) {
        let chunk: Vec<(&str, &foldhash::HashSet<String>)> =
            chunk.iter().zip(&functions).map(|(u, f)| (u.kernel.as_str(), f)).collect();
        units.extend(name_shared_subroutines(chunk_units, md, &chunk, &shared)?);
    }
    drop(naming);
    let compile = |(u, md): (KernelUnit, u32), mark: &mut dyn FnMut(Stage)| {
        let _phase = crate::trace::phase(|| format!("unit {}", u.kernel.name));
        if checks.enabled() {
            genxc_genx::verify::verify_unit(&u, "import").ok()?;
        }
        split_unit_outputs(u, md, opts, want, checks, sink, mark)
    };
    let results = run_parallel(units, Some(&pool), times, None::<fn()>, compile).0;
    let _phase = crate::trace::phase(|| "gather".into());
    let results: Vec<_> = results.into_iter().collect::<Option<_>>()?;
    gather_units(results, name, want, times, sink)
}

/// Parses and imports the text of a chunk of units ([`split::Plan::chunks`]) as one module and
/// builds its kernel units, as the whole module would have built them: the same functions
/// (checked against the plan), in the same order, shared subroutines renamed after the kernel.
/// Each unit comes with the kernel metadata values it took. `None` on any error.
#[allow(clippy::too_many_arguments)]
pub(super) fn units_from_text(
    plan: &split::Plan<'_>,
    chunk: &[&split::UnitPlan],
    name: &str,
    platform: Platform,
    opts: &CompileOptions,
    forms: &ChunkForms,
    names: LocalNames,
    mark: &mut dyn FnMut(Stage),
) -> Option<Vec<(KernelUnit, u32)>> {
    let stack = private_stack(opts);
    let text = plan.chunk_text(chunk);
    let large = text.len() > memory::LARGE_UNIT_BYTES;
    let imported = with_context(chunk.len(), names, |ctx| {
        let llvm = genxc_frontend::llvm::load(ctx, name, text.as_bytes());
        drop(text);
        let llvm = llvm.ok()?;
        mark(Stage::Parse);
        let (module, values, genx_form) =
            genxc_genx::import::import_module_in_form(&llvm, platform, stack).ok()?;
        forms.note(genx_form);
        Some((module, values))
    });
    if large {
        // The context keeps the constants of the large module: it goes with the module.
        CONTEXT.with(|cell| cell.borrow_mut().take());
        memory::trim_llvm_heap();
        memory::large_unit();
    }
    let (units, md) = units_of_module(imported?, chunk.len(), opts)?;
    let chunk: Vec<(&str, &foldhash::HashSet<String>)> =
        chunk.iter().map(|u| (u.kernel.as_str(), &u.functions)).collect();
    let out = name_shared_subroutines(units, md, &chunk, &plan.shared)?;
    mark(Stage::Import);
    Some(out)
}

/// The kernel units of a chunk's imported module (with the kernel metadata values it took), when
/// it imported without notes (the whole module locates and reports them) and gave `count` units.
pub(super) fn units_of_module(
    imported: (genxc_genx::Module, u32),
    count: usize,
    opts: &CompileOptions,
) -> Option<(Vec<KernelUnit>, u32)> {
    let (mut module, md) = imported;
    mark_bindless_buffers(&mut module, opts);
    if !module.notes.is_empty() {
        // warnings are located and reported by the whole-module compile
        return None;
    }
    let units = genxc_genx::units::take_units(&mut module).ok()?;
    (units.len() == count).then_some((units, md))
}

/// Names the subroutines of a chunk's units as the whole module names them: `chunk` gives, per
/// unit, its kernel and the functions the unit must hold; a function several kernels of the whole
/// input reach (`shared`) is named after the unit's kernel. The unit builder named so the functions
/// several units of the chunk reach already. Each unit comes with the kernel metadata values it
/// took: `md` (the chunk's) with the first, 0 with the others (the driver sums them). `None` when
/// a unit's functions are not the expected ones.
pub(super) fn name_shared_subroutines(
    units: Vec<KernelUnit>,
    md: u32,
    chunk: &[(&str, &foldhash::HashSet<String>)],
    shared: &foldhash::HashSet<String>,
) -> Option<Vec<(KernelUnit, u32)>> {
    // How many units of this chunk reach each function: the unit builder named those reached by
    // several after their kernel already; the whole module names so every function it shares.
    let mut users: foldhash::HashMap<&str, usize> = foldhash::HashMap::default();
    for (kernel, functions) in chunk {
        for f in functions.iter() {
            if f != kernel {
                *users.entry(f.as_str()).or_default() += 1;
            }
        }
    }
    let mut out = Vec::with_capacity(units.len());
    for (mut u, (kernel, functions)) in units.into_iter().zip(chunk) {
        if u.functions[u.entry].name != *kernel || u.functions.len() != functions.len() {
            return None;
        }
        let entry = u.entry;
        let suffix = format!("_{}", u.kernel.name);
        let mut originals = foldhash::HashSet::default();
        for (id, f) in u.functions.iter_mut() {
            if id == entry {
                continue;
            }
            let chunk_users = |name: &str| users.get(name).copied().unwrap_or(0);
            let (original, renamed) = match f.name.strip_suffix(&suffix) {
                Some(base) if chunk_users(base) > 1 => (base.to_string(), true),
                _ if chunk_users(&f.name) == 1 => (f.name.clone(), false),
                _ => return None,
            };
            if !functions.contains(&original) || !originals.insert(original.clone()) {
                return None;
            }
            match (shared.contains(&original), renamed) {
                (true, false) => f.name.push_str(&suffix),
                (false, true) => return None,
                _ => {}
            }
        }
        out.push((u, 0));
    }
    if let Some(first) = out.first_mut() {
        first.1 = md;
    }
    Some(out)
}

/// Bytes of bitcode per reader of a split input ([`compile_split_bitcode`]) at least: a smaller
/// input has fewer readers (about the size of eight kernels of 100 operations, the fewest a
/// chunk holds when there are more).
pub(super) const READER_BYTES: usize = 16 * 1024;

/// Counts `units` more parsed in this thread's LLVM context for units ([`with_context`]).
pub(super) fn count_context_units(units: usize) {
    CONTEXT.with(|cell| {
        if let Some((_, used)) = cell.borrow_mut().as_mut() {
            *used += units;
        }
    });
}

/// Units an LLVM context of a worker thread parses before it is replaced: creating a context costs
/// about as much as parsing a small unit, and a context keeps every constant it ever made.
pub(super) const UNITS_PER_CONTEXT: usize = 256;

thread_local! {
    /// This thread's LLVM context for units, and how many units it has parsed.
    static CONTEXT: std::cell::RefCell<Option<(inkwell::context::Context, usize)>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `work` with this thread's LLVM context for units, keeping or discarding local value names
/// as `names` says, counting `units` parsed (every module it makes must be dropped before it
/// returns).
pub(super) fn with_context<T>(
    units: usize,
    names: LocalNames,
    work: impl FnOnce(&inkwell::context::Context) -> T,
) -> T {
    CONTEXT.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|(_, used)| *used >= UNITS_PER_CONTEXT) {
            *slot = Some((inkwell::context::Context::create(), 0));
        }
        let (ctx, used) = slot.as_mut().expect("a context was just made");
        *used += units;
        names.apply(ctx);
        work(ctx)
    })
}
