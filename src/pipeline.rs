//! The per-kernel pass order, in one place: a kernel unit (a kernel and the subroutines it calls,
//! as GenX IR) goes through
//!
//! lower -> legalize -> forward -> bale -> allocate -> SIMD CF analysis -> select -> write
//!
//! and [`compile_unit`] returns what was asked of it ([`Products`]): the legalized IR as LLVM text,
//! the register allocation counts, the vISA text, the kernel encoded for the `.isa` container.
//! Each stage takes the value the one before returned; the run stops after the last stage a
//! product needs, and nothing runs twice, whatever is asked. The driver (`crate::driver`) calls it
//! once per unit on its worker threads; `--emit legalized`, `--stats` and `--time-passes` read this
//! same run.
//!
//! Checks between the stages: in debug builds (and so in the tests) and with
//! [`Checks::verify_each`], the GenX IR verifier (`genxc_genx::verify`) runs on each function after
//! every pass that changes it, and the vISA validator on every selected kernel. A failed check is
//! an internal error: the pass before it broke the IR.

use crate::timing::Stage;
use genxc_diag::Diagnostic;
use genxc_genx::ir::Module;
use genxc_genx::lower::FpContract;
use genxc_genx::metadata::Kernel;
use genxc_genx::units::{is_declaration, KernelUnit, UnitRole};
use genxc_genx::verify::{self, Callees};
use genxc_genx::Platform;
use genxc_isel::PreparedFunction;
use genxc_regalloc::Stats;

/// What a caller wants from one kernel unit; the run goes as far as the last of them needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Products {
    /// The kernel and its subroutines after legalization, as LLVM IR text.
    pub legalized: bool,
    /// The register allocation counts of the unit's functions.
    pub stats: bool,
    /// The kernel's `.visaasm` text.
    pub visaasm: bool,
    /// The kernel encoded for the `.isa` container.
    pub object: bool,
    /// The selected vISA kernel itself, which `--emit zebin` hands to the finalizer.
    pub finalize: bool,
    /// The payload inputs selection declares (the kernel's ABI, which `kernels.json` lists).
    pub abi: bool,
}

impl Products {
    /// Whether anything past legalization is wanted (forwarding, baling, allocation).
    fn needs_allocation(self) -> bool {
        self.stats || self.needs_selection()
    }

    /// Whether the vISA kernel is wanted.
    fn needs_selection(self) -> bool {
        self.visaasm || self.object || self.finalize || self.abi
    }
}

/// How code is generated, from the options (`-ffp-contract=`, `-g`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Codegen {
    /// Which multiply-adds become one `mad`.
    pub fp_contract: FpContract,
    /// Source lines into the vISA (`LOC`/`FILE`), from the lines the import recorded.
    pub debug_lines: bool,
}

/// Checks run between the stages besides the passes' own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checks {
    /// Run every check after every stage even in a release build (`--verify-each`); debug builds
    /// always do.
    pub verify_each: bool,
}

impl Checks {
    /// Whether the checks run in this build.
    pub fn enabled(self) -> bool {
        self.verify_each || verify::ON_BY_DEFAULT
    }
}

/// The GenX IR verifier on one function after `pass`, when the checks are on (`callees` is
/// `None` when they are off).
fn verified(
    f: &genxc_genx::ir::Function,
    callees: Option<&Callees>,
    pass: &str,
) -> Result<(), Vec<Diagnostic>> {
    match callees {
        Some(callees) => verify::verify_function(f, callees, pass),
        None => Ok(()),
    }
}

/// What one kernel unit gave: the products asked for (the others are `None`).
#[derive(Debug)]
pub struct UnitOutput {
    /// The kernel's name (the function's, for a stack function).
    pub kernel: String,
    /// Whether the unit is a kernel or a stack function.
    pub role: UnitRole,
    /// The stack functions the unit calls, by name (defined or declared only).
    pub stack_callees: Vec<String>,
    /// The selected vISA of a unit of a stack-call program (a stack function, or a kernel making
    /// stack calls), when vISA was asked for: the driver writes it into the file of every kernel
    /// reaching it, instead of `visaasm`/`object`.
    pub units: Option<genxc_visa::Kernel>,
    /// The legalized LLVM IR text ([`Products::legalized`]).
    pub legalized: Option<String>,
    /// The register allocation counts, summed over the unit's functions ([`Products::stats`]).
    pub stats: Option<Stats>,
    /// The `.visaasm` text ([`Products::visaasm`]).
    pub visaasm: Option<String>,
    /// The kernel encoded for the `.isa` container ([`Products::object`]).
    pub object: Option<genxc_visa::KernelObject>,
    /// The selected vISA kernel ([`Products::finalize`]).
    pub selected: Option<genxc_visa::Kernel>,
    /// The payload inputs of the selected kernel (empty for a stack function, or when nothing
    /// was selected): the kernel's ABI after selection ([`crate::kernel_abi`]).
    pub inputs: Vec<genxc_visa::Input>,
}

impl Default for UnitOutput {
    fn default() -> UnitOutput {
        UnitOutput {
            kernel: String::new(),
            role: UnitRole::Kernel,
            stack_callees: Vec::new(),
            units: None,
            legalized: None,
            stats: None,
            visaasm: None,
            object: None,
            selected: None,
            inputs: Vec::new(),
        }
    }
}

/// Runs the per-kernel passes on `unit` for `platform`, producing what `want` asks; `mark` is
/// called with each stage when it ends (for `--time-passes`: the time between two calls belongs
/// to the stage of the second; what follows the last call is selection and writing).
pub fn compile_unit(
    unit: KernelUnit,
    platform: Platform,
    codegen: Codegen,
    want: Products,
    checks: Checks,
    mark: &mut dyn FnMut(Stage),
) -> Result<UnitOutput, Vec<Diagnostic>> {
    let KernelUnit { kernel, mut functions, entry, role, linked } = unit;
    let mut out = UnitOutput { kernel: kernel.name.clone(), role, ..UnitOutput::default() };
    out.stack_callees =
        functions.iter().filter(|(_, f)| is_declaration(f)).map(|(_, f)| f.name.clone()).collect();
    if want == Products::default() {
        return Ok(out);
    }
    // subroutine parameters every call passes the same constant (or surface or sampler index)
    genxc_genx::constant_arguments::propagate_constant_arguments(&mut functions, entry, &kernel);
    // repeated long divisions: one subroutine each shape (before the signatures are taken)
    genxc_legalize::outline::outline_divisions(&mut functions, platform);
    // The signatures of the unit's functions, for the verifier's checks of calls.
    let callees = checks.enabled().then(|| Callees::of(&functions));
    let callees = callees.as_ref();

    // lower, legalize (one function at a time: the first function that fails is the one reported)
    // Declarations of the stack functions the unit calls have no body: they only name callees.
    for (_, f) in functions.iter_mut().filter(|(_, f)| !is_declaration(f)) {
        if !codegen.debug_lines {
            f.lines.clear();
        }
        genxc_genx::lower::lower_function_with(f, codegen.fp_contract).map_err(|d| vec![d])?;
        verified(f, callees, "lower")?;
        genxc_legalize::run(f, platform).map_err(|d| vec![d])?;
        verified(f, callees, "legalize")?;
    }
    mark(Stage::Legalize);
    if want.legalized {
        let kernels = vec![Kernel { func: entry, ..kernel.clone() }];
        let module = Module { functions, kernels, notes: Vec::new() };
        out.legalized = Some(genxc_genx::print::print_llvm(&module));
        functions = module.functions;
        // Writing the text is emission, not allocation.
        mark(Stage::Isel);
    }
    if !want.needs_allocation() {
        return Ok(out);
    }

    // forward, bale: the kernel first, then its subroutines in unit order
    let (declarations, mut order): (Vec<_>, Vec<_>) =
        functions.into_iter().partition(|(_, f)| is_declaration(f));
    if let Some(at) = order.iter().position(|(id, _)| *id == entry) {
        let kernel_fn = order.remove(at);
        order.insert(0, kernel_fn);
    }
    let mut baled = Vec::with_capacity(order.len());
    for (id, mut f) in order {
        genxc_isel::place_branch_targets(&mut f);
        genxc_regalloc::forward::forward_region_reads(&mut f);
        genxc_regalloc::forward::read_past_region_writes(&mut f);
        genxc_regalloc::forward::clone_implicit_input_reads(&mut f);
        verified(&f, callees, "forward")?;
        genxc_isel::clone_splat_reads(&mut f);
        let bales = genxc_isel::bales_for(&f, platform);
        baled.push((id, f, bales));
    }

    // allocate: callees first, so arguments and results may live in the callee's variables
    let index: foldhash::HashMap<_, _> = baled.iter().enumerate().map(|(i, (id, ..))| (*id, i)).collect();
    let pairs: Vec<_> = baled.iter().map(|(_, f, b)| (f, b)).collect();
    let assignments = genxc_regalloc::assign_unit(&pairs, |id| index.get(&id).copied());
    mark(Stage::Regalloc);
    if want.stats {
        let mut stats = Stats::default();
        for a in &assignments {
            stats += a.stats;
        }
        out.stats = Some(stats);
    }
    if !want.needs_selection() {
        return Ok(out);
    }

    // free vISA text (inline assembly) has no `.isa` encoding (the finalizer reads such a
    // kernel as vISA text instead)
    if want.object {
        for (_, f, _) in &baled {
            let asm = f
                .layout
                .iter()
                .flat_map(|&b| &f.blocks[b].insts)
                .find(|&&i| matches!(f.insts[i].kind, genxc_genx::InstKind::InlineAsm { .. }));
            if let Some(&i) = asm {
                return Err(vec![Diagnostic::in_function(
                    f.name.clone(),
                    Some(f.value_name(genxc_genx::Value::Inst(i))),
                    genxc_diag::unsupported(
                        "--emit isa of inline assembly: its vISA text has no .isa encoding; emit visaasm",
                    ),
                )]);
            }
        }
    }

    // SIMD control flow analysis, selection
    let mut prepared = Vec::with_capacity(baled.len());
    for ((id, function, bales), assignment) in baled.into_iter().zip(assignments) {
        let simd_cf = genxc_genx::simdcf::analyze(&function)
            .map_err(|(inst, msg)| vec![Diagnostic::in_function(function.name.clone(), inst, msg)])?;
        prepared.push(PreparedFunction { id, function, bales, assignment, simd_cf });
    }
    let stack_callees: Vec<_> = declarations
        .into_iter()
        .map(|(id, f)| {
            let linked = linked.contains(&f.name);
            (id, genxc_isel::StackCallee { name: f.name, params: f.params, ret: f.ret, linked })
        })
        .collect();
    let k = match role {
        UnitRole::Kernel => genxc_isel::select(&kernel, platform, prepared, &stack_callees)?,
        UnitRole::StackFunction => {
            genxc_isel::select_stack_function(platform, prepared, &stack_callees, kernel.bindless_buffers)?
        }
    };
    if checks.enabled() {
        if let Err(problems) = genxc_visa::validate::validate(&k) {
            let msg = format!("the vISA of kernel '{}' is not valid: {}", k.name, problems.join("; "));
            return Err(vec![Diagnostic::error(genxc_diag::internal(msg))]);
        }
    }

    if role == UnitRole::Kernel {
        out.inputs = k.inputs.clone();
    }
    // write (a unit of a stack-call program is written in the file of each kernel reaching it)
    if role == UnitRole::StackFunction || !out.stack_callees.is_empty() {
        out.units = Some(k);
        return Ok(out);
    }
    if want.visaasm {
        out.visaasm = Some(genxc_visa::write_text(&k));
    }
    if want.object {
        out.object = Some(genxc_visa::encode_kernel(&k));
    }
    if want.finalize {
        out.selected = Some(k);
    }
    Ok(out)
}
