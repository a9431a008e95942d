//! One thread of the reference interpreter: a stack of explicit frames (so a thread can stop at a
//! barrier and resume later), the execution of blocks, phis, terminators and calls, the id
//! intrinsics, and SIMD control flow.
//!
//! SIMD control flow follows genxc's reading of `llvm.genx.simdcf.*` (genx/src/simdcf.rs): a goto
//! keeps enabled the lanes of its execution mask EM where its condition holds and moves the others
//! to its resume mask RM (`EM' = EM & c`, `RM' = RM | (EM & !c)`), and its branch condition is
//! true when no lane of its width stays enabled; a join re-enables its RM (`EM' = EM | RM`) and its
//! branch condition is true when still no lane is enabled. Both act on the low lanes of EM, as
//! many as the RM has.

use super::{alu, contract, from_interp, messages, xmx, Bits};
use crate::error::SimError;
use crate::launch::{Launch, ThreadIds};
use crate::memory::Memory;
use crate::named_barrier::{NamedBarriers, Signalled};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{inst_index, BinOp, BlockId, FuncId, InstId, Terminator};
use genxc_genx::{Function, InstKind, Module, Type, Value};
use std::collections::HashMap;

/// Why a thread stopped running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// It waits at a barrier.
    Barrier,
    /// It returned from the kernel.
    Done,
    /// It waits on a named barrier: (barrier index, phase).
    NamedWait(usize, u64),
}

/// The activation of one function.
struct Frame {
    func: FuncId,
    /// Instruction results, by instruction index.
    vals: Vec<Option<Bits>>,
    /// The fields of the structs goto and join return, by instruction index.
    aggregates: HashMap<usize, Vec<Bits>>,
    args: Vec<Bits>,
    block: BlockId,
    /// The additions computed fused (CM's floating-point contraction).
    fused: contract::Fused,
    /// Index of the next instruction of `block`.
    pos: usize,
    /// The call instruction of the caller that receives the result.
    ret_to: Option<InstId>,
}

/// A thread of the launch.
pub(super) struct Thread {
    frames: Vec<Frame>,
    ids: ThreadIds,
    /// Instructions executed.
    pub(super) steps: u64,
    /// Whether it returned from the kernel.
    pub(super) done: bool,
    /// `%sp` and `%fp` (`llvm.genx.read/write.predef.reg` 10 and 11): the thread's, across calls;
    /// `None` until written.
    stack_regs: [Option<u64>; 2],
    /// The named barrier phases it signalled and has not waited on.
    signalled: Signalled,
}

/// What an instruction produced.
enum Produced {
    Value(Bits),
    Aggregate(Vec<Bits>),
}

fn new_frame(f: &Function, func: FuncId, args: Vec<Bits>, ret_to: Option<InstId>) -> Result<Frame, SimError> {
    let block = f.entry().ok_or_else(|| SimError::Malformed(format!("function {} has no body", f.name)))?;
    Ok(Frame {
        func,
        vals: vec![None; f.insts.len()],
        aggregates: HashMap::new(),
        args,
        block,
        fused: contract::fused_additions(f),
        pos: 0,
        ret_to,
    })
}

/// The address the reference gives function `func` (`llvm.genx.gaddr`): the reference's own
/// numbering, not the simulator's (`faddr` in sim/src/exec/calls.rs), so two runs agree on which
/// function an address calls, not on the address's bits.
fn function_address(func: FuncId) -> u64 {
    0x4655_4e52_0000_0000 | u64::from(func.into_raw().into_u32())
}

fn get(fr: &Frame, f: &Function, v: Value) -> Result<Bits, SimError> {
    match v {
        Value::Param(i) => fr
            .args
            .get(i as usize)
            .cloned()
            .ok_or_else(|| SimError::Malformed(format!("{} has no parameter {i}", f.name))),
        Value::Const(c) => Ok(f.consts[c].elems.clone()),
        Value::Inst(i) => fr.vals.get(inst_index(i)).cloned().flatten().ok_or_else(|| {
            SimError::Malformed(format!("{} used before it is defined in {}", f.value_name(v), f.name))
        }),
    }
}

/// The one defined value of a scalar operand.
pub(super) fn scalar(b: &Bits, what: &str) -> Result<u64, SimError> {
    b.first().copied().flatten().ok_or_else(|| SimError::Undefined(what.to_string()))
}

impl Thread {
    /// A thread about to run `kernel` on `args`.
    pub(super) fn new(
        module: &Module,
        kernel: FuncId,
        args: Vec<Bits>,
        ids: ThreadIds,
    ) -> Result<Thread, SimError> {
        let frame = new_frame(&module.functions[kernel], kernel, args, None)?;
        Ok(Thread {
            frames: vec![frame],
            ids,
            steps: 0,
            done: false,
            stack_regs: [None, None],
            signalled: Signalled::default(),
        })
    }

    /// Runs until the thread ends or reaches a barrier.
    pub(super) fn run(
        &mut self,
        module: &Module,
        launch: &Launch,
        memory: &mut Memory,
        nb: &mut NamedBarriers,
    ) -> Result<Stop, SimError> {
        loop {
            let Some(fr) = self.frames.last_mut() else {
                self.done = true;
                return Ok(Stop::Done);
            };
            let f = &module.functions[fr.func];
            let insts = &f.blocks[fr.block].insts;
            if fr.pos < insts.len() {
                let id = insts[fr.pos];
                fr.pos += 1;
                let inst = &f.insts[id];
                if matches!(inst.kind, InstKind::Phi { .. }) {
                    continue;
                }
                self.steps += 1;
                if self.steps > launch.step_limit {
                    return Err(SimError::StepLimit { limit: launch.step_limit });
                }
                let produced = match &inst.kind {
                    InstKind::Call { callee, args } => {
                        let args = args.iter().map(|&a| get(fr, f, a)).collect::<Result<Vec<_>, _>>()?;
                        let g =
                            module.functions.iter().find(|(i, _)| i == callee).map(|(_, g)| g).ok_or_else(
                                || SimError::Malformed(format!("a call in {} of a missing function", f.name)),
                            )?;
                        if g.layout.is_empty() {
                            return Err(SimError::NotModeled(format!(
                                "a call of @{}, declared only (a stack call the linker resolves)",
                                g.name
                            )));
                        }
                        let frame = new_frame(g, *callee, args, Some(id))?;
                        self.frames.push(frame);
                        continue;
                    }
                    InstKind::FuncAddr(func) => Produced::Value(vec![Some(function_address(*func))]),
                    InstKind::GlobalAddr(name) => match memory.symbol(name) {
                        Some(a) => Produced::Value(vec![Some(a)]),
                        None => {
                            return Err(SimError::NotModeled(format!(
                                "the address of global @{name}, which the launch did not place"
                            )))
                        }
                    },
                    InstKind::InlineAsm { .. } => {
                        return Err(SimError::NotModeled("inline assembly".to_string()));
                    }
                    InstKind::IndirectCall { addr, args } => {
                        let a = scalar(&get(fr, f, *addr)?, "an indirect call's address")?;
                        let args = args.iter().map(|&a| get(fr, f, a)).collect::<Result<Vec<_>, _>>()?;
                        let Some((callee, g)) = module
                            .functions
                            .iter()
                            .find(|(i, g)| function_address(*i) == a && !g.layout.is_empty())
                        else {
                            return Err(SimError::Fault(format!(
                                "an indirect call in {} of address {a:#x}, which is no defined function's",
                                f.name
                            )));
                        };
                        let frame = new_frame(g, callee, args, Some(id))?;
                        self.frames.push(frame);
                        continue;
                    }
                    InstKind::Intrinsic { id: IntrinsicId::Barrier, .. } => return Ok(Stop::Barrier),
                    InstKind::Intrinsic {
                        id: iid @ (IntrinsicId::ReadPredefReg | IntrinsicId::WritePredefReg),
                        args,
                    } => {
                        let vals = args.iter().map(|&a| get(fr, f, a)).collect::<Result<Vec<_>, _>>()?;
                        let reg = vals.first().and_then(|v| v.first().copied().flatten());
                        let slot = super::super::launch::hw_thread_slot(launch, self.ids);
                        Produced::Value(predefined_reg(&mut self.stack_regs, *iid, reg, &vals, slot)?)
                    }
                    // a named barrier: a signal counts towards the barrier's phase; a wait stops the
                    // thread until its phase completes
                    InstKind::Intrinsic { id: IntrinsicId::Nbarrier, args } => {
                        let mut ops = [0u64; 3];
                        for (o, &a) in ops.iter_mut().zip(args.iter()) {
                            *o = get(fr, f, a)?.first().copied().flatten().ok_or_else(|| {
                                SimError::Undefined(
                                    "an operand of llvm.genx.nbarrier was never written".into(),
                                )
                            })?;
                        }
                        let [signal, id, threads] = ops;
                        if signal != 0 {
                            nb.signal(&mut self.signalled, id & 0xff, threads & 0xff)?;
                        } else {
                            let (id, phase) = nb.wait_target(&mut self.signalled, id & 0xff)?;
                            if !nb.completed(id, phase) {
                                return Ok(Stop::NamedWait(id, phase));
                            }
                        }
                        Produced::Value(Vec::new())
                    }
                    // the wait of a split-phase barrier: every thread signalled before it waits
                    InstKind::Intrinsic { id: IntrinsicId::Sbarrier, args }
                        if get(fr, f, args[0])?.first().copied().flatten() == Some(0) =>
                    {
                        return Ok(Stop::Barrier);
                    }
                    InstKind::Intrinsic { id: iid, args }
                        if !matches!(iid, IntrinsicId::Rdpredregion | IntrinsicId::Wrpredregion) =>
                    {
                        let vals = args.iter().map(|&a| get(fr, f, a)).collect::<Result<Vec<_>, _>>()?;
                        let tys: Vec<Type> = args.iter().map(|&a| f.value_type(a)).collect();
                        intrinsic(*iid, &vals, &tys, inst.ty, &self.ids, launch, memory)?
                    }
                    InstKind::ExtractValue { aggregate, index } => {
                        let Value::Inst(a) = aggregate else {
                            return Err(SimError::Malformed("extractvalue of a non-instruction".into()));
                        };
                        let fields = fr.aggregates.get(&inst_index(*a)).ok_or_else(|| {
                            SimError::Malformed("extractvalue before its aggregate is defined".into())
                        })?;
                        Produced::Value(
                            fields
                                .get(*index as usize)
                                .cloned()
                                .ok_or_else(|| SimError::Malformed(format!("extractvalue field {index}")))?,
                        )
                    }
                    InstKind::Binary { op: BinOp::FAdd, .. } if fr.fused.contains_key(&inst_index(id)) => {
                        let (a, b, c) = fr.fused[&inst_index(id)];
                        let elem = inst.ty.elem().unwrap_or(genxc_genx::Elem::Float);
                        let (a, b, c) = (get(fr, f, a)?, get(fr, f, b)?, get(fr, f, c)?);
                        Produced::Value(contract::fused_mul_add(&a, &b, &c, elem))
                    }
                    kind => {
                        let fr_ref = &*fr;
                        Produced::Value(
                            genxc_legalize::interp::eval(f, kind, inst.ty, &|v| {
                                get(fr_ref, f, v).map_err(|_| {
                                    genxc_legalize::interp::InterpError::Malformed(format!(
                                        "{} used before it is defined",
                                        f.value_name(v)
                                    ))
                                })
                            })
                            .map_err(from_interp)?,
                        )
                    }
                };
                match produced {
                    Produced::Value(v) => {
                        if inst.ty != Type::Void && v.len() != inst.ty.num_elems() as usize {
                            return Err(SimError::Malformed(format!(
                                "{} gives {} elements for a {}-element type",
                                f.value_name(Value::Inst(id)),
                                v.len(),
                                inst.ty.num_elems()
                            )));
                        }
                        fr.vals[inst_index(id)] = Some(v);
                    }
                    Produced::Aggregate(fields) => {
                        fr.aggregates.insert(inst_index(id), fields);
                    }
                }
                continue;
            }
            // the terminator, a step too: a loop with no instruction (constant folding can leave
            // `l: br label %l`) still stops at the limit
            self.steps += 1;
            if self.steps > launch.step_limit {
                return Err(SimError::StepLimit { limit: launch.step_limit });
            }
            let target = match &f.blocks[fr.block].term {
                Terminator::Br(b) => *b,
                Terminator::CondBr { cond, on_true, on_false } => {
                    let c = scalar(&get(fr, f, *cond)?, &format!("branch condition in {}", f.name))?;
                    if c & 1 == 1 {
                        *on_true
                    } else {
                        *on_false
                    }
                }
                Terminator::Switch { value, default, cases } => {
                    let c = scalar(&get(fr, f, *value)?, &format!("switch value in {}", f.name))?;
                    cases.iter().find(|(k, _)| *k == c).map_or(*default, |(_, b)| *b)
                }
                Terminator::Ret(v) => {
                    let result = v.map(|v| get(fr, f, v)).transpose()?;
                    let ret_to = fr.ret_to;
                    self.frames.pop();
                    match (self.frames.last_mut(), ret_to) {
                        (None, _) => {
                            self.done = true;
                            return Ok(Stop::Done);
                        }
                        (Some(caller), Some(call)) => {
                            caller.vals[inst_index(call)] = Some(result.unwrap_or_default());
                        }
                        (Some(_), None) => return Err(SimError::Malformed("a return with no call".into())),
                    }
                    continue;
                }
                Terminator::Unreachable => {
                    return Err(SimError::Fault(format!("reached unreachable in {}", f.name)));
                }
            };
            // phis of the target read their incoming values all at once
            let from = fr.block;
            let mut phis = Vec::new();
            for &id in &f.blocks[target].insts {
                if let InstKind::Phi { incoming } = &f.insts[id].kind {
                    let (_, v) = incoming.iter().find(|(b, _)| *b == from).ok_or_else(|| {
                        SimError::Malformed(format!(
                            "a phi in {} without a value from its predecessor",
                            f.name
                        ))
                    })?;
                    phis.push((id, get(fr, f, *v)?));
                }
            }
            for (id, v) in phis {
                fr.vals[inst_index(id)] = Some(v);
            }
            fr.block = target;
            fr.pos = 0;
        }
    }
}

/// Evaluates an intrinsic call (not a barrier).
/// `addc` (or `subb` when `sub`) of two dword operands: the fields `{carry or borrow, sum or
/// difference}`, lane by lane (an undefined operand lane gives undefined lanes).
fn carry(sub: bool, args: &[Bits]) -> Result<Vec<Bits>, SimError> {
    let [a, b] = args else { return Err(SimError::Malformed("addc/subb takes 2 operands".into())) };
    if a.len() != b.len() {
        return Err(SimError::Malformed("addc/subb operands of different lengths".into()));
    }
    let (mut flags, mut values) = (Vec::new(), Vec::new());
    for (x, y) in a.iter().zip(b) {
        let lane = x.zip(*y).map(|(x, y)| {
            let (x, y) = (x as u32, y as u32);
            let (v, over) = if sub { x.overflowing_sub(y) } else { x.overflowing_add(y) };
            (u64::from(over), u64::from(v))
        });
        flags.push(lane.map(|l| l.0));
        values.push(lane.map(|l| l.1));
    }
    Ok(vec![flags, values])
}

/// A read or write of predefined register `reg`: `%sp` (10) and `%fp` (11) in `regs`, `%sr0` (13,
/// read only) whose low bits are the thread's hardware `slot`. A write gives the value written.
fn predefined_reg(
    regs: &mut [Option<u64>; 2],
    id: IntrinsicId,
    reg: Option<u64>,
    vals: &[Bits],
    slot: u32,
) -> Result<Bits, SimError> {
    let write = id == IntrinsicId::WritePredefReg;
    match (reg, write) {
        (Some(r @ (10 | 11)), false) => Ok(vec![regs[r as usize - 10]]),
        (Some(r @ (10 | 11)), true) => {
            let v = vals
                .get(1)
                .filter(|v| v.len() == 1)
                .ok_or_else(|| SimError::Malformed("a write of %sp or %fp takes one 64-bit value".into()))?;
            regs[r as usize - 10] = v[0];
            Ok(v.clone())
        }
        (Some(13), false) => Ok(vec![Some(u64::from(slot))]),
        (r, _) => Err(SimError::NotModeled(format!(
            "llvm.genx.{}.predef.reg of predefined variable {} in the reference interpreter",
            if write { "write" } else { "read" },
            r.map_or("(not a constant)".into(), |r| r.to_string())
        ))),
    }
}

/// `add3c` (`{carry, sum}` of three dwords: the carry 0, 1 or 2) and `simad`/`uimad` (`{high,
/// low}` of the 64-bit `a*b + c`, signed or unsigned).
fn three_source_pair(id: IntrinsicId, args: &[Bits]) -> Result<Vec<Bits>, SimError> {
    let [a, b, c] = args else { return Err(SimError::Malformed(format!("{} takes 3 operands", id.name()))) };
    if a.len() != b.len() || a.len() != c.len() {
        return Err(SimError::Malformed(format!("{} operands of different lengths", id.name())));
    }
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for i in 0..a.len() {
        let lane = a[i].zip(b[i]).zip(c[i]).map(|((x, y), z)| {
            let (x, y, z) = (x & 0xffff_ffff, y & 0xffff_ffff, z & 0xffff_ffff);
            let wide = match id {
                IntrinsicId::Add3c => x + y + z,
                IntrinsicId::Simad => {
                    let s = |v: u64| i64::from(v as u32 as i32);
                    (s(x) * s(y) + s(z)) as u64
                }
                _ => x * y + z,
            };
            (wide >> 32 & 0xffff_ffff, wide & 0xffff_ffff)
        });
        first.push(lane.map(|l| l.0));
        second.push(lane.map(|l| l.1));
    }
    Ok(vec![first, second])
}

fn intrinsic(
    id: IntrinsicId,
    args: &[Bits],
    tys: &[Type],
    ty: Type,
    ids: &ThreadIds,
    launch: &Launch,
    memory: &mut Memory,
) -> Result<Produced, SimError> {
    use IntrinsicId::*;
    let n = ty.num_elems() as usize;
    let three = |v: [u32; 3]| -> Bits {
        let e = ty.elem().unwrap_or(genxc_genx::Elem::I32);
        v.iter().take(n).map(|&x| Some(genxc_genx::ir::truncate_bits(u64::from(x), e))).collect()
    };
    let one = |x: u32| -> Bits {
        let e = ty.elem().unwrap_or(genxc_genx::Elem::I32);
        vec![Some(genxc_genx::ir::truncate_bits(u64::from(x), e))]
    };
    Ok(Produced::Value(match id {
        GroupIdX => one(ids.group[0]),
        GroupIdY => one(ids.group[1]),
        GroupIdZ => one(ids.group[2]),
        GroupCount => three(launch.groups),
        LocalId | LocalId16 => three(ids.local),
        LocalSize => three(launch.group_size),
        ThreadX => one(ids.local[0]),
        ThreadY => one(ids.local[1]),
        // ordering, scheduling and cache hints, the signal half of a split barrier, and the SLM
        // size (the launch gives every kernel its SLM): no effect on the values
        Fence | LscFence | Yield | CacheFlush | Sbarrier | SlmInit => Vec::new(),
        // a kernel output leaves a value in an argument's register for whoever reads the thread's
        // registers after it, llvm.genx.output only keeps values alive; memory is unchanged
        Output | Output1 => Vec::new(),
        SimdcfGoto => return goto(args).map(Produced::Aggregate),
        Addc | Subb => return carry(id == Subb, args).map(Produced::Aggregate),
        Add3c | Simad | Uimad => return three_source_pair(id, args).map(Produced::Aggregate),
        SimdcfJoin => return join(args).map(Produced::Aggregate),
        SimdcfAny => {
            let v = args.first().ok_or_else(|| SimError::Malformed("simdcf.any without operand".into()))?;
            vec![any_lane(v, "llvm.genx.simdcf.any operand")?]
        }
        _ => {
            if let Some(v) = alu::eval(id, args, tys, ty) {
                v?
            } else if let Some(v) = xmx::eval(id, args, tys, ty) {
                v?
            } else if let Some(v) = {
                // Float data a message stores is tagged so the comparison knows it for floats.
                let float = tys.iter().chain([&ty]).filter_map(|t| t.elem()).find(|e| e.is_float());
                memory.store_float = float.map_or(0, |e| e.bytes() as u8);
                let v = messages::eval(id, args, tys, ty, memory);
                memory.store_float = 0;
                v
            } {
                v?
            } else {
                return Err(SimError::NotModeled(id.name().to_string()));
            }
        }
    }))
}

/// `any` of a predicate: true when a lane is set; undefined lanes make it undefined unless a
/// defined lane is set.
pub(super) fn any_lane(v: &Bits, what: &str) -> Result<Option<u64>, SimError> {
    if v.contains(&Some(1)) {
        return Ok(Some(1));
    }
    if v.iter().any(Option::is_none) {
        return Err(SimError::Undefined(what.to_string()));
    }
    Ok(Some(0))
}

fn lane(v: &Bits, i: usize, what: &str) -> Result<bool, SimError> {
    let b = v.get(if v.len() == 1 { 0 } else { i }).copied().flatten();
    b.map(|b| b & 1 == 1).ok_or_else(|| SimError::Undefined(what.to_string()))
}

/// `llvm.genx.simdcf.goto(EM, RM, cond)` -> {EM', RM', no lane left}.
fn goto(args: &[Bits]) -> Result<Vec<Bits>, SimError> {
    let [em, rm, cond] = args else { return Err(SimError::Malformed("simdcf.goto takes 3 operands".into())) };
    let width = rm.len();
    if em.len() < width {
        return Err(SimError::Malformed("simdcf.goto resume mask wider than the execution mask".into()));
    }
    let mut new_em = em.clone();
    let mut new_rm = rm.clone();
    for i in 0..width {
        let e = lane(em, i, "simdcf.goto execution mask")?;
        let r = lane(rm, i, "simdcf.goto resume mask")?;
        let c = if e { lane(cond, i, "simdcf.goto condition")? } else { false };
        new_em[i] = Some(u64::from(e && c));
        new_rm[i] = Some(u64::from(r || (e && !c)));
    }
    let none_left = new_em[..width].iter().all(|&b| b == Some(0));
    Ok(vec![new_em, new_rm, vec![Some(u64::from(none_left))]])
}

/// `llvm.genx.simdcf.join(EM, RM)` -> {EM', no lane enabled}.
fn join(args: &[Bits]) -> Result<Vec<Bits>, SimError> {
    let [em, rm] = args else { return Err(SimError::Malformed("simdcf.join takes 2 operands".into())) };
    let width = rm.len();
    if em.len() < width {
        return Err(SimError::Malformed("simdcf.join resume mask wider than the execution mask".into()));
    }
    let mut new_em = em.clone();
    for (i, slot) in new_em.iter_mut().enumerate().take(width) {
        let e = lane(em, i, "simdcf.join execution mask")?;
        let r = lane(rm, i, "simdcf.join resume mask")?;
        *slot = Some(u64::from(e || r));
    }
    let none = new_em[..width].iter().all(|&b| b == Some(0));
    Ok(vec![new_em, vec![Some(u64::from(none))]])
}

#[cfg(test)]
mod carry_tests {
    use super::carry;

    #[test]
    fn addc_and_subb_give_the_flag_then_the_value() {
        let a = vec![Some(u64::from(u32::MAX)), Some(5), None];
        let b = vec![Some(2), Some(7), Some(1)];
        assert_eq!(
            carry(false, &[a.clone(), b.clone()]).unwrap(),
            vec![vec![Some(1), Some(0), None], vec![Some(1), Some(12), None]]
        );
        assert_eq!(
            carry(true, &[a, b]).unwrap(),
            vec![
                vec![Some(0), Some(1), None],
                vec![Some(u64::from(u32::MAX) - 2), Some(u64::from(u32::MAX) - 1), None]
            ]
        );
        assert!(carry(false, &[vec![Some(1)]]).is_err());
    }
}
