//! The vISA executor: runs a `genxc_visa::Kernel` for a whole launch over a [`Memory`].
//!
//! Thread groups run one after another, each with fresh shared local memory. The threads of a
//! group run one at a time, each until it ends or reaches a `barrier`; when every thread of the
//! group has reached the barrier or ended, the waiting ones continue; a thread that waits on a
//! named barrier continues once the barrier's phase completes ([`crate::named_barrier`]). Memory is sequentially
//! consistent (fences are no-ops). Inside a thread, instructions execute in program order on
//! the lanes the SIMD control flow enables ([`control`]); every instruction reads all its sources
//! before writing its destination. Files: [`state`] (register file, predicates, addresses,
//! inputs), [`regions`] (operand access), [`value`] (types and conversions), [`alu`], [`control`],
//! [`calls`] (stack calls to the file's `.global_function`s),
//! [`messages`] (legacy surface and SVM messages), [`raw_send`] (raw sends whose descriptor is
//! decoded), [`lsc`] (LSC messages). The precision model of
//! the math functions is [`math`] (shared with the reference interpreter).

pub mod alu;
pub mod calls;
pub mod control;
pub mod lsc;
pub mod messages;
pub mod raw_send;
pub mod regions;
pub mod sampler;
pub mod state;
pub mod value;
pub mod xmx;

pub use crate::math;

use crate::error::{OutputArg, Report, SimError};
use crate::launch::{ArgSpec, Launch};
use crate::memory::Memory;
use crate::named_barrier::{NamedBarriers, Signalled};
use control::Next;
use genxc_visa::model::{LscAddrModel, LscSurface, SrcOp, SurfaceId, VarId, VisaType};
use genxc_visa::{InputTarget, Inst, Kernel, ThreadSync, UnitKind};
use state::{Layout, Thread};
use std::collections::HashMap;

/// The target's register file and binding rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Register file width: 32 bytes (SKL..DG2, MTL), 64 (PVC).
    pub grf_bytes: u32,
    /// The binding-table index of the first surface argument.
    pub bti_base: u32,
}

/// What a run needs to know of its kernel, computed once.
pub struct Ctx<'a> {
    /// The kernel.
    pub k: &'a Kernel,
    /// Its variables' places.
    pub layout: Layout,
    /// GRF bytes.
    pub grf: u32,
    /// By label id: the instruction index where it is placed.
    pub labels: Vec<Option<usize>>,
}

impl<'a> Ctx<'a> {
    /// Lays a kernel out for `config`.
    pub fn new(k: &'a Kernel, config: &Config) -> Result<Ctx<'a>, SimError> {
        if !matches!(config.grf_bytes, 32 | 64) {
            return Err(SimError::NotModeled(format!(
                "a register file of {}-byte registers (32 or 64 are)",
                config.grf_bytes
            )));
        }
        let layout = Layout::new(k, config)?;
        let mut labels = vec![None; k.labels.len()];
        for (pc, inst) in k.body.iter().enumerate() {
            if let Inst::Label(l) | Inst::Subroutine(l) = inst {
                if let Some(slot) = labels.get_mut(usize::from(l.0)) {
                    *slot = Some(pc);
                }
            }
        }
        if let Some(first) = labels.first_mut() {
            *first = Some(0);
        }
        Ok(Ctx { k, layout, grf: config.grf_bytes, labels })
    }
}

/// The units a run can execute: the kernel (index 0) and the file's `.global_function`s.
pub struct Program<'a> {
    /// The kernel, then the functions in file order.
    pub units: Vec<Ctx<'a>>,
    /// A function's index in `units` by name.
    pub functions: HashMap<&'a str, usize>,
}

impl<'a> Program<'a> {
    /// The kernel `kernels[0]` and the `.global_function` units among the rest (other kernels of
    /// the file are not callable and are left out). Every unit is validated and laid out.
    pub fn new(kernels: &'a [Kernel], config: &Config) -> Result<Program<'a>, SimError> {
        let Some(k) = kernels.first() else { return Err(SimError::Malformed("no kernel to run".into())) };
        if k.unit != UnitKind::Kernel {
            return Err(SimError::Malformed(format!("\"{}\" is a .global_function, not a kernel", k.name)));
        }
        let mut units = Vec::new();
        let mut functions = HashMap::new();
        for (i, u) in kernels.iter().enumerate() {
            if i > 0 && u.unit != UnitKind::GlobalFunction {
                continue;
            }
            if let Err(errs) = u.validate() {
                return Err(SimError::Malformed(errs.join("; ")));
            }
            if i > 0 && functions.insert(u.name.as_str(), units.len()).is_some() {
                return Err(SimError::Malformed(format!("two .global_functions named \"{}\"", u.name)));
            }
            units.push(Ctx::new(u, config)?);
        }
        Ok(Program { units, functions })
    }
}

/// The explicit arguments of a kernel: its `.input`s that are not implicit, in offset order.
/// A surface is [`ArgSpec::Surface`], a sampler [`ArgSpec::Sampler`], an 8-byte general input of
/// an integer type a [`ArgSpec::Pointer`], a `ub` input the bytes of an `i1` argument
/// ([`ArgSpec::Bool`]: genxc declares other byte arguments `b`), any other general input (a `df`
/// scalar among them) a [`ArgSpec::Value`] of its variable's element type.
pub fn arg_specs(kernel: &Kernel) -> Vec<ArgSpec> {
    let mut inputs: Vec<_> = kernel.inputs.iter().filter(|i| i.implicit == 0).collect();
    inputs.sort_by_key(|i| i.offset);
    // the inputs the kernel moves into the bindless surface %bss: bindless buffers
    let bindless: Vec<VarId> = kernel
        .body
        .iter()
        .filter_map(|inst| match inst {
            Inst::Movs { dst, src: SrcOp::Gen(g), .. } if *dst == SurfaceId::BSS => {
                Some(root_var(kernel, g.var))
            }
            Inst::Lsc { addr, .. } => match addr.model {
                LscAddrModel::Bss(LscSurface::Var(v)) => Some(root_var(kernel, v)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    inputs
        .iter()
        .map(|i| match i.target {
            InputTarget::Var(v) if bindless.contains(&root_var(kernel, v)) => ArgSpec::BindlessSurface,
            InputTarget::Surface(_) => ArgSpec::Surface,
            InputTarget::Sampler(_) => ArgSpec::Sampler,
            // A 64-bit integer argument is taken for an SVM address (as the reference does).
            InputTarget::Var(v)
                if i.size == 8 && kernel.var_type(v).size() == 8 && !kernel.var_type(v).is_float() =>
            {
                ArgSpec::Pointer
            }
            InputTarget::Var(v) if kernel.var_type(v) == VisaType::UB => {
                ArgSpec::Bool { lanes: u32::from(i.size) }
            }
            InputTarget::Var(v) => {
                let ty = kernel.var_type(v);
                ArgSpec::Value { size: u32::from(i.size), elem: ty.size(), float: ty.is_float() }
            }
        })
        .collect()
}

/// The variable `v` aliases, through any chain of aliases (`v` itself when it is no alias).
fn root_var(kernel: &Kernel, v: VarId) -> VarId {
    let mut v = v;
    for _ in 0..=kernel.vars.len() {
        match kernel.var(v).and_then(|d| d.alias) {
            Some((base, _)) => v = base,
            None => break,
        }
    }
    v
}

/// How one slice of a thread's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// Every lane ended.
    Ended,
    /// The thread reached a barrier.
    Barrier,
    /// The thread waits on a named barrier: (barrier index, phase).
    NamedWait(usize, u64),
}

/// Where a thread of the group stands between two slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// It runs (or is to).
    Running,
    /// It stopped at a `Stop`.
    Stopped(Stop),
}

/// Runs `kernels[0]` for every thread of `launch` over `memory`; the `.global_function`s among
/// `kernels[1..]` are what its `fcall`s call ([`calls`]).
pub fn run(
    kernels: &[Kernel],
    config: &Config,
    launch: &Launch,
    memory: &mut Memory,
) -> Result<Report, SimError> {
    let prog = Program::new(kernels, config)?;
    let cx = &prog.units[0];
    let k = cx.k;
    let width = prog.units.iter().map(|u| control::thread_width(u.k)).max().unwrap_or(1);
    let mut report = Report::default();
    launch.check_size()?;
    if k.inputs.iter().any(|i| i.implicit == genxc_visa::ImplicitKind::PRIVATE_BASE) {
        crate::launch::add_private_memory(launch, memory)?;
    }
    let threads = launch.threads();
    let per_group = launch.threads_per_group().max(1);
    for group in threads.chunks(per_group) {
        memory.reset_slm();
        let mut ts = Vec::with_capacity(group.len());
        for ids in group {
            ts.push(Thread::new(k, &cx.layout, launch, *ids, width)?);
        }
        let mut nb = NamedBarriers::default();
        let mut signalled = vec![Signalled::default(); ts.len()];
        let mut standing = vec![Standing::Running; ts.len()];
        loop {
            // Every thread is at the barrier or ended: the waiting ones continue.
            let at = |s: &Standing, stop: Stop| *s == Standing::Stopped(stop);
            if standing.iter().all(|s| at(s, Stop::Barrier) || at(s, Stop::Ended)) {
                for s in standing.iter_mut().filter(|s| at(s, Stop::Barrier)) {
                    *s = Standing::Running;
                }
            }
            let mut ran = false;
            for (i, t) in ts.iter_mut().enumerate() {
                let go = match standing[i] {
                    Standing::Running => true,
                    Standing::Stopped(Stop::NamedWait(id, phase)) => nb.completed(id, phase),
                    Standing::Stopped(_) => false,
                };
                if go {
                    ran = true;
                    let stop = run_slice(&prog, t, memory, launch.step_limit, &mut nb, &mut signalled[i])?;
                    standing[i] = Standing::Stopped(stop);
                }
            }
            if standing.iter().all(|s| *s == Standing::Stopped(Stop::Ended)) {
                break;
            }
            if !ran {
                let waits: Vec<(usize, u64)> = standing
                    .iter()
                    .filter_map(|s| match s {
                        Standing::Stopped(Stop::NamedWait(id, phase)) => Some((*id, *phase)),
                        _ => None,
                    })
                    .collect();
                let live = standing.iter().filter(|s| !at(s, Stop::Ended)).count();
                return Err(nb.deadlock(&waits, live));
            }
        }
        for t in &ts {
            report.outputs.extend(output_args(k, &cx.layout, t)?);
            report.instructions += t.steps;
            for w in &t.warnings {
                if report.warnings.len() < 32 && !report.warnings.contains(w) {
                    report.warnings.push(w.clone());
                }
            }
        }
    }
    Ok(report)
}

/// The output arguments of kernel `k` (its `Input_Output` variables) as thread `t` ended.
fn output_args(k: &Kernel, layout: &Layout, t: &Thread) -> Result<Vec<OutputArg>, SimError> {
    let mut out = Vec::new();
    for (i, v) in k.vars.iter().enumerate().filter(|(_, v)| v.input_output) {
        let slot = layout.slot(k, genxc_visa::VarId(genxc_visa::NUM_PREDEF_VARS + i as u32))?;
        let range = slot.start as usize..(slot.start + slot.size) as usize;
        let bytes = t.regs.data[range.clone()]
            .iter()
            .zip(&t.regs.defined[range])
            .map(|(&b, &d)| d.then_some(b))
            .collect();
        out.push(OutputArg { thread: (t.ids.group, t.ids.local), var: v.name.clone(), bytes });
    }
    Ok(out)
}

/// Runs a thread until it ends or reaches a barrier.
fn run_slice(
    prog: &Program,
    t: &mut Thread,
    memory: &mut Memory,
    limit: u64,
    nb: &mut NamedBarriers,
    mine: &mut Signalled,
) -> Result<Stop, SimError> {
    loop {
        let (pc, mask) = match t.flow.next_at() {
            Next::Done if t.calls.is_empty() => return Ok(Stop::Ended),
            Next::Done => {
                t.return_from_call(prog)?;
                continue;
            }
            Next::At(pc, mask) => (pc, mask),
        };
        let Some(cx) = prog.units.get(t.func) else {
            return Err(SimError::Malformed(format!("unit {} of the file is not laid out", t.func)));
        };
        let Some(inst) = cx.k.body.get(pc) else {
            return Err(SimError::Fault("execution ran past the end of the kernel without a ret".into()));
        };
        match inst {
            // a label, or debug information (source lines): no operation, and no step
            Inst::Label(_) | Inst::Loc(_) | Inst::File(_) => {
                t.flow.set(mask, pc + 1);
                continue;
            }
            Inst::Subroutine(_) => {
                // Calls enter after this marker: reaching it means running off the end of the
                // previous subroutine.
                return Err(SimError::Fault("a subroutine runs into the next one without a ret".into()));
            }
            _ => {}
        }
        t.steps += 1;
        if t.steps > limit {
            return Err(SimError::StepLimit { limit });
        }
        match inst {
            Inst::FCall { .. } => {
                t.fcall(prog, inst, pc, mask)?;
                continue;
            }
            Inst::FRet { .. } => {
                t.fret(inst, pc, mask)?;
                continue;
            }
            Inst::IFCall { .. } => {
                t.ifcall(prog, cx, inst, pc, mask)?;
                continue;
            }
            Inst::Verbatim { .. } => {
                return Err(SimError::NotModeled("inline assembly".to_string()));
            }
            Inst::FAddr { .. } => {
                t.faddr(prog, cx, inst, memory)?;
                t.flow.set(mask, pc + 1);
                continue;
            }
            Inst::Ret { .. } if cx.k.unit == UnitKind::GlobalFunction && t.flow.frames.is_empty() => {
                return Err(SimError::Malformed(format!(
                    "ret at the top level of .global_function \"{}\" (a function returns with fret)",
                    cx.k.name
                )));
            }
            _ => {}
        }
        if t.control(cx, inst, pc, mask)? {
            continue;
        }
        // a split-phase barrier's wait completes once every thread signalled, and every thread
        // waits after it signals: the same stop as `barrier`, the signal being the arrival
        let barrier = matches!(inst, Inst::Barrier | Inst::Sync(ThreadSync::SplitBarrier { signal: false }));
        if let Inst::Sync(ThreadSync::NamedBarrier { signal, id, threads }) = inst {
            let id = t.scalar(cx, id, "named barrier id")? as u64;
            t.flow.set(mask, pc + 1);
            if *signal {
                let threads = t.scalar(cx, threads, "named barrier thread count")? as u64;
                nb.signal(mine, id & 0xff, threads & 0xff)?;
                continue;
            }
            let (id, phase) = nb.wait_target(mine, id & 0xff)?;
            if nb.completed(id, phase) {
                continue;
            }
            return Ok(Stop::NamedWait(id, phase));
        }
        t.execute(cx, inst, mask, memory)?;
        t.flow.set(mask, pc + 1);
        if barrier {
            return Ok(Stop::Barrier);
        }
    }
}

impl Thread {
    /// Executes a non-control instruction with the lanes of `mask`.
    fn execute(&mut self, cx: &Ctx, inst: &Inst, mask: u32, memory: &mut Memory) -> Result<(), SimError> {
        match inst {
            Inst::Barrier | Inst::Fence(_) | Inst::LscFence { .. } => Ok(()),
            // the simulator has no instruction scheduler nor sampler cache: nothing to do
            Inst::Sync(
                ThreadSync::SplitBarrier { .. } | ThreadSync::Yield | ThreadSync::SamplerCacheFlush,
            ) => Ok(()),
            Inst::Sync(ThreadSync::NamedBarrier { .. }) => {
                Err(SimError::Malformed("nbarrier outside the group's scheduler".into()))
            }
            Inst::Sync(ThreadSync::Wait { .. }) => {
                Err(SimError::NotModeled("wait (the gateway's notification registers)".into()))
            }
            Inst::Alu { .. }
            | Inst::Bfn { .. }
            | Inst::AddcSubb { .. }
            | Inst::MinMax { .. }
            | Inst::Cmp { .. }
            | Inst::Setp { .. }
            | Inst::Movs { .. }
            | Inst::MovsSampler { .. }
            | Inst::AddrAdd { .. } => self.alu(cx, inst, mask),
            Inst::Lsc { .. } | Inst::LscBlock2d { .. } => self.lsc(cx, inst, mask, memory),
            Inst::Dpas { .. } => self.dpas(cx, inst, mask),
            Inst::RawSend { .. } | Inst::RawSends { .. } => self.raw_send(cx, inst, memory),
            Inst::Sample { .. } | Inst::Load { .. } => self.sampler_message(cx, inst, mask, memory),
            Inst::Load3d { op, .. } => Err(SimError::NotModeled(format!(
                "{}: the sampler's 3D load messages (texel offsets, levels of detail, multisampled \
                 and array surfaces)",
                op.text()
            ))),
            Inst::Sample3d { op, .. } => Err(SimError::NotModeled(format!(
                "{}: the sampler's 3D sample messages (filtering through a sampler state)",
                op.text()
            ))),
            Inst::Avs { .. } => Err(SimError::NotModeled(
                "avs: the adaptive video scaler filtering a block of pixels through a sampler 8x8 state"
                    .into(),
            )),
            Inst::SampleUnorm { .. } => Err(SimError::NotModeled(
                "sample_unorm: filtering 32 pixels of a UNORM surface through a sampler state".into(),
            )),
            _ => self.message(cx, inst, mask, memory),
        }
    }
}
