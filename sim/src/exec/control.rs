//! SIMD control flow: every lane of a thread has its own instruction pointer and call depth.
//!
//! The thread executes, at its current call depth, the lowest instruction any of its live lanes
//! is at, with exactly the lanes that are there enabled. This is the vISA `goto` model for the
//! structured code compilers emit: a forward `goto` parks its jumping lanes at the target label
//! while the others run the code in between, and they reconverge when the others reach the label;
//! a backward `goto` runs the loop again with the jumping lanes while the lanes that left wait
//! after the `goto` until every lane has left. `jmp` and `switchjmp` move all enabled lanes.
//! `call` moves the lanes it enables into the subroutine (one depth deeper; the rest of the thread
//! waits), `ret` parks the returning lanes until every lane of that call has returned, then they
//! all continue after the `call`. `ret` in the entry subroutine ends the thread. Stack calls
//! (`fcall`/`fret`, [`super::calls`]) give the callee a control state of its own.
//!
//! The thread has as many lanes as the widest non-NoMask instruction of the kernel reaches
//! ([`thread_width`]); lanes a `goto` does not cover (outside its exec size) fall through.

use super::state::Thread;
use super::Ctx;
use crate::error::SimError;
use genxc_visa::{Exec, Inst, Kernel, LabelId, Pred, PredCtrl};

/// Lanes of a thread at most.
pub const MAX_LANES: usize = 32;

/// The per-lane control state of a thread.
#[derive(Clone, Debug)]
pub struct Flow {
    /// Lanes of the thread.
    pub width: u32,
    /// Each lane's next instruction.
    pub pc: [usize; MAX_LANES],
    /// Each lane's call depth.
    pub depth: [usize; MAX_LANES],
    /// Lanes that have not ended.
    pub alive: u32,
    /// Lanes that returned from the innermost call and wait for the rest of it.
    pub returned: u32,
    /// The return points of the active calls, innermost last.
    pub frames: Vec<usize>,
}

/// Where the thread stands after choosing what to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Run the instruction at `pc` with the lanes of `mask`.
    At(usize, u32),
    /// Every lane has ended.
    Done,
}

impl Flow {
    /// `width` lanes at the first instruction.
    pub fn new(width: u32) -> Flow {
        let width = width.clamp(1, MAX_LANES as u32);
        Flow {
            width,
            pc: [0; MAX_LANES],
            depth: [0; MAX_LANES],
            alive: if width == 32 { u32::MAX } else { (1 << width) - 1 },
            returned: 0,
            frames: Vec::new(),
        }
    }

    /// The next instruction and its lanes (returning from finished calls on the way).
    pub fn next_at(&mut self) -> Next {
        loop {
            let depth = self.frames.len();
            let mut best: Option<usize> = None;
            for l in 0..MAX_LANES {
                if self.alive >> l & 1 == 1 && self.returned >> l & 1 == 0 && self.depth[l] == depth {
                    best = Some(best.map_or(self.pc[l], |b| b.min(self.pc[l])));
                }
            }
            if let Some(pc) = best {
                let mut mask = 0u32;
                for l in 0..MAX_LANES {
                    if self.alive >> l & 1 == 1
                        && self.returned >> l & 1 == 0
                        && self.depth[l] == depth
                        && self.pc[l] == pc
                    {
                        mask |= 1 << l;
                    }
                }
                return Next::At(pc, mask);
            }
            let Some(ret_pc) = self.frames.pop() else { return Next::Done };
            for l in 0..MAX_LANES {
                if self.returned >> l & 1 == 1 && self.depth[l] == depth {
                    self.returned &= !(1 << l);
                    self.depth[l] = depth - 1;
                    self.pc[l] = ret_pc;
                }
            }
        }
    }

    /// Moves the lanes of `mask` to instruction `pc`.
    pub fn set(&mut self, mask: u32, pc: usize) {
        for l in 0..MAX_LANES {
            if mask >> l & 1 == 1 {
                self.pc[l] = pc;
            }
        }
    }
}

/// The lanes a kernel's threads have: the furthest lane any instruction without NoMask reaches.
pub fn thread_width(k: &Kernel) -> u32 {
    let mut w = 1u32;
    for inst in &k.body {
        if let Some(e) = exec_of(inst) {
            if !e.nomask {
                w = w.max(u32::from(e.mask) * 4 + u32::from(e.size));
            }
        }
    }
    w.min(MAX_LANES as u32)
}

/// The exec field of an instruction, if it has one.
pub fn exec_of(inst: &Inst) -> Option<Exec> {
    Some(match inst {
        Inst::Alu { exec, .. }
        | Inst::Bfn { exec, .. }
        | Inst::Dpas { exec, .. }
        | Inst::AddcSubb { exec, .. }
        | Inst::MinMax { exec, .. }
        | Inst::Cmp { exec, .. }
        | Inst::Setp { exec, .. }
        | Inst::Movs { exec, .. }
        | Inst::MovsSampler { exec, .. }
        | Inst::AddrAdd { exec, .. }
        | Inst::Jmp { exec, .. }
        | Inst::Goto { exec, .. }
        | Inst::Call { exec, .. }
        | Inst::Ret { exec, .. }
        | Inst::FCall { exec, .. }
        | Inst::FRet { exec, .. }
        | Inst::IFCall { exec, .. }
        | Inst::SwitchJmp { exec, .. }
        | Inst::Gather { exec, .. }
        | Inst::Scaled { exec, .. }
        | Inst::Scaled4 { exec, .. }
        | Inst::Typed4 { exec, .. }
        | Inst::SvmScatter { exec, .. }
        | Inst::DwordAtomic { exec, .. }
        | Inst::SvmScaled4 { exec, .. }
        | Inst::SvmAtomic { exec, .. }
        | Inst::TypedAtomic { exec, .. }
        | Inst::Sample { exec, .. }
        | Inst::Load { exec, .. }
        | Inst::Load3d { exec, .. }
        | Inst::Sample3d { exec, .. }
        | Inst::Lsc { exec, .. }
        | Inst::RawSend { exec, .. }
        | Inst::RawSends { exec, .. } => *exec,
        _ => return None,
    })
}

/// The relative lanes (`0..size`) an instruction enables, given the lanes `mask` running it.
pub fn enabled(exec: Exec, mask: u32) -> u32 {
    let size = u32::from(exec.size).min(32);
    let all = if size == 32 { u32::MAX } else { (1u32 << size) - 1 };
    if exec.nomask {
        return all;
    }
    let off = u32::from(exec.mask) * 4;
    if off >= 32 {
        return 0;
    }
    (mask >> off) & all
}

impl Thread {
    /// The relative lanes a predicate selects: (true lanes, undefined lanes). No predicate selects
    /// every lane. `.any`/`.all` combine the predicate's lanes first and `!` inverts the combined
    /// result (`(!P.all)`: not every lane is set); they combine the lanes of the exec size, or
    /// every lane the predicate declares for a one-lane instruction (a scalar branch on a whole
    /// vector compare, which the finalizer makes an `anyNh`/`allNh` of the declared size).
    pub fn predicate(&self, pred: Option<Pred>, exec: Exec) -> Result<(u32, u32), SimError> {
        let size = usize::from(exec.size).min(32);
        let all = if size == 32 { u32::MAX } else { (1u32 << size) - 1 };
        let Some(p) = pred else { return Ok((all, 0)) };
        let lane_bits = |count: usize| -> Result<(u32, u32), SimError> {
            let (mut on, mut undef) = (0u32, 0u32);
            for i in 0..count {
                let (b, d) = self.pred_bit(p.id, usize::from(exec.mask) * 4 + i)?;
                if b {
                    on |= 1 << i;
                }
                if !d {
                    undef |= 1 << i;
                }
            }
            Ok((on, undef))
        };
        if p.ctrl == PredCtrl::None {
            let (on, undef) = lane_bits(size)?;
            return Ok((if p.inverse { !on & all } else { on }, undef));
        }
        let count = if size == 1 { self.pred_lanes(p.id)?.min(32) } else { size };
        let every = if count == 32 { u32::MAX } else { (1u32 << count) - 1 };
        let (on, undef) = lane_bits(count)?;
        let combined = match p.ctrl {
            PredCtrl::Any => on != 0,
            _ => on == every,
        };
        Ok((if combined != p.inverse { all } else { 0 }, if undef != 0 { all } else { 0 }))
    }

    /// A predicate that decides control flow: undefined bits are an error.
    fn branch_pred(&self, pred: Option<Pred>, exec: Exec, mask: u32, what: &str) -> Result<u32, SimError> {
        let (on, undef) = self.predicate(pred, exec)?;
        // Lanes that do not run the instruction may hold anything (a single-lane branch decides
        // by its first lane).
        let deciding = if exec.size == 1 { 1 } else { enabled(exec, mask) };
        if undef & deciding != 0 {
            return Err(SimError::Undefined(format!("the predicate of a {what} was never written")));
        }
        Ok(on)
    }

    /// The lanes (of `mask`, absolute) a call or return takes: with one lane, all of `mask` when
    /// the first predicate lane is on; otherwise the enabled lanes whose predicate is on.
    pub fn taking(&self, pred: Option<Pred>, exec: Exec, mask: u32, what: &str) -> Result<u32, SimError> {
        let on = self.branch_pred(pred, exec, mask, what)?;
        Ok(if exec.size == 1 {
            if on & 1 == 1 {
                mask
            } else {
                0
            }
        } else {
            (on & enabled(exec, mask)).checked_shl(u32::from(exec.mask) * 4).unwrap_or(0) & mask
        })
    }

    /// Executes a control-flow instruction at `pc` with the lanes of `mask`. Returns false when
    /// `inst` is not one.
    pub fn control(&mut self, cx: &Ctx, inst: &Inst, pc: usize, mask: u32) -> Result<bool, SimError> {
        match inst {
            Inst::Jmp { pred, exec, target } => {
                // Uniform: the first lane of the predicate decides for everyone.
                let on = self.branch_pred(*pred, *exec, mask, "jmp")?;
                let to = if on & 1 == 1 { cx.label_pc(*target)? } else { pc + 1 };
                self.flow.set(mask, to);
            }
            Inst::Goto { pred, exec, target } => {
                let on = self.branch_pred(*pred, *exec, mask, "goto")? & enabled(*exec, mask);
                let to = cx.label_pc(*target)?;
                let jumping = on.checked_shl(u32::from(exec.mask) * 4).unwrap_or(0) & mask;
                self.flow.set(mask & !jumping, pc + 1);
                self.flow.set(jumping, to);
            }
            Inst::SwitchJmp { exec, index, targets } => {
                let v = self.read_src(cx, index, 1, 1)?;
                let (n, def) = v[0];
                if !def {
                    return Err(SimError::Undefined("the index of a switchjmp was never written".into()));
                }
                let n = n.as_int();
                let Some(t) = usize::try_from(n).ok().and_then(|i| targets.get(i)) else {
                    return Err(SimError::Fault(format!(
                        "switchjmp index {n} outside its {} targets",
                        targets.len()
                    )));
                };
                let _ = exec;
                let to = cx.label_pc(*t)?;
                self.flow.set(mask, to);
            }
            Inst::Call { pred, exec, target } => {
                let entering = self.taking(*pred, *exec, mask, "call")?;
                self.flow.set(mask & !entering, pc + 1);
                if entering != 0 {
                    let to = cx.sub_pc(*target)?;
                    let depth = self.flow.frames.len() + 1;
                    if depth > 64 {
                        return Err(SimError::Fault("subroutine calls nested more than 64 deep".into()));
                    }
                    self.flow.frames.push(pc + 1);
                    for l in 0..MAX_LANES {
                        if entering >> l & 1 == 1 {
                            self.flow.depth[l] = depth;
                            self.flow.pc[l] = to;
                        }
                    }
                }
            }
            Inst::Ret { pred, exec } => {
                let leaving = self.taking(*pred, *exec, mask, "ret")?;
                self.flow.set(mask & !leaving, pc + 1);
                if self.flow.frames.is_empty() {
                    if leaving == mask && exec.size == 1 {
                        // End of thread.
                        self.flow.alive = 0;
                    } else {
                        self.flow.alive &= !leaving;
                    }
                } else {
                    self.flow.returned |= leaving;
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

impl Ctx<'_> {
    /// The instruction index of a block label.
    pub fn label_pc(&self, l: LabelId) -> Result<usize, SimError> {
        match self.labels.get(usize::from(l.0)) {
            Some(Some(pc)) => Ok(*pc),
            _ => Err(SimError::Malformed(format!("label {} is not placed", l.0))),
        }
    }

    /// The instruction index of a subroutine's first instruction (after its marker).
    pub fn sub_pc(&self, l: LabelId) -> Result<usize, SimError> {
        if l.0 == 0 {
            return Ok(0);
        }
        Ok(self.label_pc(l)? + 1)
    }
}
