//! The reference interpreter: runs a whole kernel of the GenX LLVM IR (a `genxc_genx::ir::Module`
//! after import) over the shared memory model, so a compiled kernel's vISA can be checked against
//! the IR it came from.
//!
//! Values are per-element bit patterns with undefined elements (the legalize interpreter's
//! [`Bits`]); the element semantics of arithmetic, compares, casts and regions are that
//! interpreter's. On top of it this module gives whole functions (blocks, phis, terminators,
//! calls through explicit frames), the thread and group ids, SIMD control flow (`thread`), the ALU
//! intrinsics (`alu`), the matrix engine's `dpas` family (`xmx`) and the memory messages with the semantics of the vISA messages they
//! become (`messages`). The threads of a group run one after another until each ends or reaches a
//! barrier; all continue once every thread of the group waits (a wait on a named barrier, once its
//! phase completes: `crate::named_barrier`); groups run in order, each with a
//! fresh shared local memory.

mod alu;
mod contract;
mod lsc;
mod messages;
mod sampler;
mod thread;
mod xmx;

use crate::error::{Report, SimError};
use crate::launch::{ArgSpec, ArgValue, Launch, ThreadIds};
use crate::memory::Memory;
use crate::named_barrier::NamedBarriers;
use genxc_genx::metadata::{ArgCategory, ImplicitArg};
use genxc_genx::{Elem, Module, Type};
pub use genxc_legalize::interp::Bits;
use thread::{Stop, Thread};

/// The explicit arguments of `module.kernels[kernel]` in argument order (implicit arguments are
/// skipped): surfaces, samplers, 64-bit general arguments as SVM pointers, `i1` and `<N x i1>` as
/// one 0/1 byte per lane, anything else as a plain value of its IR type. An unknown kernel index gives no arguments.
pub fn arg_specs(module: &Module, kernel: usize) -> Vec<ArgSpec> {
    let Some(k) = module.kernels.get(kernel) else { return Vec::new() };
    k.args
        .iter()
        .filter(|a| a.implicit == ImplicitArg::None)
        .map(|a| match a.category {
            ArgCategory::Surface => ArgSpec::Surface,
            ArgCategory::Sampler => ArgSpec::Sampler,
            ArgCategory::General => match a.ty {
                Type::Scalar(Elem::I64) => ArgSpec::Pointer,
                ty if ty.elem() == Some(Elem::I1) => ArgSpec::Bool { lanes: ty.num_elems() },
                ty => {
                    let elem = ty.elem().unwrap_or(Elem::I32);
                    ArgSpec::Value { size: ty.bytes(), elem: elem.bytes(), float: elem.is_float() }
                }
            },
        })
        .collect()
}

/// Runs every thread of `launch` on kernel `kernel` of `module` over `memory`. Surface arguments
/// take the binding-table indices of `launch.args` (at least `bti_base`); the implicit arguments
/// take the thread's local ids, the group size and the group count.
pub fn run(
    module: &Module,
    kernel: usize,
    bti_base: u32,
    launch: &Launch,
    memory: &mut Memory,
) -> Result<Report, SimError> {
    let k = module
        .kernels
        .get(kernel)
        .ok_or_else(|| SimError::Malformed(format!("no kernel number {kernel}")))?;
    let f = module
        .functions
        .iter()
        .find(|(id, _)| *id == k.func)
        .map(|(_, f)| f)
        .ok_or_else(|| SimError::Malformed(format!("kernel {} has no function", k.name)))?;
    if f.params.len() != k.args.len() {
        return Err(SimError::Malformed(format!(
            "kernel {} has {} parameters but {} described arguments",
            k.name,
            f.params.len(),
            k.args.len()
        )));
    }
    for a in &launch.args {
        if let ArgValue::Surface(bti) = a {
            if *bti < bti_base {
                return Err(SimError::Malformed(format!(
                    "surface argument bound at {bti}, below the binding-table base {bti_base}"
                )));
            }
        }
    }
    launch.check_size()?;
    if k.args.iter().any(|a| a.implicit == ImplicitArg::PrivateBase) {
        crate::launch::add_private_memory(launch, memory)?;
    }
    let mut report = Report::default();
    let per_group = launch.threads_per_group();
    if per_group == 0 {
        return Ok(report);
    }
    for group in launch.threads().chunks(per_group) {
        memory.reset_slm();
        let mut threads = group
            .iter()
            .map(|ids| Thread::new(module, k.func, kernel_args(module, kernel, ids, launch)?, *ids))
            .collect::<Result<Vec<_>, SimError>>()?;
        let mut nb = NamedBarriers::default();
        // each live thread's stop; `None`: it runs (or is to)
        let mut stops: Vec<Option<Stop>> = vec![None; threads.len()];
        loop {
            // every live thread at the barrier: they continue
            if stops.iter().all(|s| matches!(s, Some(Stop::Barrier | Stop::Done))) {
                let ended = stops.iter().filter(|s| **s == Some(Stop::Done)).count();
                if ended == threads.len() {
                    break;
                }
                if ended != 0 {
                    return Err(SimError::Fault(format!(
                        "a barrier that {ended} of the {} threads of group {:?} never reach (they ended)",
                        threads.len(),
                        group[0].group
                    )));
                }
                stops.iter_mut().for_each(|s| *s = None);
            }
            let mut ran = false;
            for (t, stop) in threads.iter_mut().zip(stops.iter_mut()) {
                let go = match *stop {
                    None => true,
                    Some(Stop::NamedWait(id, phase)) => nb.completed(id, phase),
                    Some(_) => false,
                };
                if go {
                    ran = true;
                    *stop = Some(t.run(module, launch, memory, &mut nb)?);
                }
            }
            if !ran {
                let waits: Vec<(usize, u64)> = stops
                    .iter()
                    .filter_map(|s| match s {
                        Some(Stop::NamedWait(id, phase)) => Some((*id, *phase)),
                        _ => None,
                    })
                    .collect();
                let live = stops.iter().filter(|s| **s != Some(Stop::Done)).count();
                return Err(nb.deadlock(&waits, live));
            }
        }
        report.instructions += threads.iter().map(|t| t.steps).sum::<u64>();
    }
    for e in memory.events.iter().take(32) {
        report.warnings.push(e.to_string());
    }
    Ok(report)
}

/// The values of the kernel's parameters for one thread.
fn kernel_args(
    module: &Module,
    kernel: usize,
    ids: &ThreadIds,
    launch: &Launch,
) -> Result<Vec<Bits>, SimError> {
    let k = &module.kernels[kernel];
    let f = &module.functions[k.func];
    let mut explicit = launch.args.iter();
    let mut out = Vec::with_capacity(k.args.len());
    for (i, a) in k.args.iter().enumerate() {
        let ty = f.params[i];
        let n = ty.num_elems() as usize;
        let three = |v: [u32; 3]| -> Result<Bits, SimError> {
            if n != 3 {
                return Err(SimError::Malformed(format!("implicit argument {i} is not a 3-element vector")));
            }
            Ok(v.iter()
                .map(|&x| Some(genxc_genx::ir::truncate_bits(u64::from(x), ty.elem().unwrap_or(Elem::I32))))
                .collect())
        };
        let v = match a.implicit {
            ImplicitArg::None => {
                let value = explicit.next().ok_or_else(|| {
                    SimError::Malformed(format!("the launch has no value for argument {i}"))
                })?;
                explicit_value(value, ty, i)?
            }
            ImplicitArg::LocalId => three(ids.local)?,
            ImplicitArg::LocalSize => three(launch.group_size)?,
            ImplicitArg::GroupCount => three(launch.groups)?,
            ImplicitArg::PrintfBuffer => {
                return Err(SimError::NotModeled(
                    "the printf buffer argument in the reference interpreter".into(),
                ))
            }
            ImplicitArg::PrivateBase => vec![Some(crate::launch::PRIVATE_BASE)],
            ImplicitArg::Other(kind) => {
                return Err(SimError::NotModeled(format!("implicit kernel argument of kind {kind}")))
            }
        };
        out.push(v);
    }
    Ok(out)
}

/// One explicit argument's value as the IR sees it.
fn explicit_value(value: &ArgValue, ty: Type, i: usize) -> Result<Bits, SimError> {
    let elem = ty.elem().ok_or_else(|| SimError::Malformed(format!("argument {i} has no type")))?;
    let mask = |x: u64| genxc_genx::ir::truncate_bits(x, elem);
    Ok(match value {
        ArgValue::Surface(x) | ArgValue::Sampler(x) => vec![Some(mask(u64::from(*x)))],
        ArgValue::Pointer(a) => vec![Some(mask(*a))],
        ArgValue::Bytes(b) => {
            let eb = elem.bytes() as usize;
            let n = ty.num_elems() as usize;
            if b.len() < n * eb {
                return Err(SimError::Malformed(format!(
                    "argument {i} has {} bytes, its type {} bytes",
                    b.len(),
                    n * eb
                )));
            }
            (0..n)
                .map(|e| {
                    let v =
                        b[e * eb..(e + 1) * eb].iter().rev().fold(0u64, |acc, &x| (acc << 8) | u64::from(x));
                    Some(mask(v))
                })
                .collect()
        }
    })
}

/// Maps the legalize interpreter's errors to the simulator's.
fn from_interp(e: genxc_legalize::interp::InterpError) -> SimError {
    use genxc_legalize::interp::InterpError as E;
    match e {
        E::OutOfBounds(s) => SimError::Fault(format!("region outside its vector: {s}")),
        E::UndefinedIndex => SimError::Undefined("a region index, element index or predicate".into()),
        E::Unsupported(s) => SimError::NotModeled(s.to_string()),
        E::Malformed(s) => SimError::Malformed(s),
        E::StepLimit => SimError::StepLimit { limit: 0 },
    }
}
