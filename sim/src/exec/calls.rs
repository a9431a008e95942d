//! Stack calls: `fcall` of a `.global_function` of the same file and its `fret`; `faddr` of such a
//! function and `ifcall` through the address it gives.
//!
//! Each unit (the kernel, every function) runs on a register file, predicate, address and surface
//! variables and lane control state of its own. `fcall` saves the caller's in a [`CallFrame`] and
//! starts the callee on a fresh file (predefined variables filled, the rest undefined) with the
//! lanes that take the call (its exec mask and predicate, as `call`; a one-lane `fcall` takes
//! every lane running it). `%arg` and `%retval` act as one per-thread area shared by caller and
//! callee: the first `arg_size` GRFs of the caller's `%arg` and `ret_size` GRFs of its `%retval`
//! are copied into the callee's; when every lane of the callee has executed `fret`, the first
//! `ret_size` GRFs of its `%retval` are copied back (lanes the callee did not write keep the
//! caller's values), the `%arg` GRFs passed become undefined in the caller (the call destroys
//! them), and the caller continues after the `fcall`. The sizes
//! must fit `%arg`/`%retval` and match the callee's `ArgSize`/`RetValSize` when it declares them.
//! `%sp`, `%fp`, `%sr0` and `%hw_id` are the thread's: the callee starts with the caller's, and the caller
//! continues with the `%sp` and `%fp` the callee leaves.
//! Recursion is bounded by the step limit and by [`MAX_CALL_DEPTH`] nested calls.

use super::control::Flow;
use super::state::{predefined_regs, CallFrame, Thread};
use super::{Ctx, Program};
use crate::error::SimError;
use crate::memory::Memory;
use genxc_visa::model::{Exec, Pred};
use genxc_visa::{Inst, VarId, ARG_BYTES, RETVAL_BYTES};

/// Stack calls nested at most (a bound on the memory the saved frames take).
pub const MAX_CALL_DEPTH: usize = 256;

impl Thread {
    /// Executes `fcall` at `pc` with the lanes of `mask`.
    pub fn fcall(&mut self, prog: &Program, inst: &Inst, pc: usize, mask: u32) -> Result<(), SimError> {
        let Inst::FCall { pred, exec, function, arg_size, ret_size } = inst else {
            return Err(SimError::Malformed("fcall expected".into()));
        };
        self.enter_function(prog, function, (*pred, *exec), (*arg_size, *ret_size), pc, mask)
    }

    /// Executes `faddr`: the address of a `.global_function` of the file (see
    /// [`function_address`]), or of a data symbol the loader placed in `memory`
    /// ([`Memory::place_globals`]), into its 64-bit destination.
    pub fn faddr(&mut self, prog: &Program, cx: &Ctx, inst: &Inst, memory: &Memory) -> Result<(), SimError> {
        let Inst::FAddr { function, dst } = inst else {
            return Err(SimError::Malformed("faddr expected".into()));
        };
        let address = match (prog.functions.get(function.as_str()), memory.symbol(function)) {
            (Some(&unit), _) => function_address(unit),
            (None, Some(a)) => a,
            (None, None) => {
                return Err(SimError::NotModeled(format!(
                    "faddr of `{function}`, which is neither a .global_function of the file nor a \
                     placed global (an external symbol the linker resolves)"
                )))
            }
        };
        self.write_dst(cx, dst, 0, address, true)
    }

    /// Executes `ifcall` at `pc` with the lanes of `mask`: the function whose address (from
    /// `faddr`) the first lane of `addr` holds.
    pub fn ifcall(
        &mut self,
        prog: &Program,
        cx: &Ctx,
        inst: &Inst,
        pc: usize,
        mask: u32,
    ) -> Result<(), SimError> {
        let Inst::IFCall { pred, exec, addr, arg_size, ret_size } = inst else {
            return Err(SimError::Malformed("ifcall expected".into()));
        };
        let v = self.read_src(cx, addr, 1, 1)?;
        if !v[0].1 {
            return Err(SimError::Undefined("the function address of an ifcall was never written".into()));
        }
        let bits = v[0].0.as_int() as u64;
        let Some((name, _)) = prog.functions.iter().find(|(_, &u)| function_address(u) == bits) else {
            return Err(SimError::Fault(format!("ifcall of address {bits:#x}, which is no function's")));
        };
        let name = name.to_string();
        self.enter_function(prog, &name, (*pred, *exec), (*arg_size, *ret_size), pc, mask)
    }

    /// Starts `function` for the lanes of `mask` that take the call (`fcall` and `ifcall`).
    fn enter_function(
        &mut self,
        prog: &Program,
        function: &str,
        (pred, exec): (Option<Pred>, Exec),
        (arg_size, ret_size): (u8, u8),
        pc: usize,
        mask: u32,
    ) -> Result<(), SimError> {
        let (arg_size, ret_size) = (&arg_size, &ret_size);
        let entering = self.taking(pred, exec, mask, "fcall")?;
        // Every lane continues after the fcall: the callers' at once, the callees' on return.
        self.flow.set(mask, pc + 1);
        if entering == 0 {
            return Ok(());
        }
        let Some(&callee) = prog.functions.get(function) else {
            return Err(SimError::Malformed(format!(
                "fcall of `{function}`: the file has no .global_function of that name"
            )));
        };
        let cx = &prog.units[callee];
        let grf = cx.grf;
        let (arg_bytes, ret_bytes) = (u32::from(*arg_size) * grf, u32::from(*ret_size) * grf);
        if arg_bytes > ARG_BYTES || ret_bytes > RETVAL_BYTES {
            return Err(SimError::Malformed(format!(
                "fcall of `{function}`: {arg_size} argument / {ret_size} return GRFs exceed %arg \
                 ({ARG_BYTES} bytes) / %retval ({RETVAL_BYTES} bytes)"
            )));
        }
        let (declared_arg, declared_ret) = cx.k.call_sizes();
        if declared_arg.is_some_and(|n| n != *arg_size) || declared_ret.is_some_and(|n| n != *ret_size) {
            return Err(SimError::Malformed(format!(
                "fcall of `{function}` with {arg_size} argument / {ret_size} return GRFs: the function \
                 declares ArgSize={} RetValSize={}",
                declared_arg.map_or("-".into(), |n| n.to_string()),
                declared_ret.map_or("-".into(), |n| n.to_string())
            )));
        }
        if self.calls.len() >= MAX_CALL_DEPTH {
            return Err(SimError::Fault(format!("stack calls nested more than {MAX_CALL_DEPTH} deep")));
        }
        let mut regs = predefined_regs(&cx.layout, self.ids);
        let caller_layout = &prog.units[self.func].layout;
        copy_var(caller_layout, &self.regs, &cx.layout, &mut regs, VarId::ARG, arg_bytes)?;
        // `%retval` is one area: lanes or bytes the callee leaves alone keep the caller's values.
        copy_var(caller_layout, &self.regs, &cx.layout, &mut regs, VarId::RETVAL, ret_bytes)?;
        // The stack and frame pointers, %sr0 and %hw_id are the thread's, not the function's.
        for (v, n) in [(VarId::SP, 8), (VarId::FP, 8), (VarId::SR0, 16), (VarId::HW_ID, 4)] {
            copy_var(caller_layout, &self.regs, &cx.layout, &mut regs, v, n)?;
        }
        let mut flow = Flow::new(self.flow.width);
        flow.alive = entering;
        let caller = CallFrame {
            func: self.func,
            regs: std::mem::replace(&mut self.regs, regs),
            preds: std::mem::replace(
                &mut self.preds,
                cx.k.preds.iter().map(|p| vec![(false, false); usize::from(p.num_elts)]).collect(),
            ),
            addrs: std::mem::replace(
                &mut self.addrs,
                cx.k.addrs.iter().map(|a| vec![(0, false); usize::from(a.num_elts)]).collect(),
            ),
            surfaces: std::mem::replace(&mut self.surfaces, vec![None; cx.k.surfaces.len()]),
            flow: std::mem::replace(&mut self.flow, flow),
            arg_bytes,
            ret_bytes,
        };
        self.calls.push(caller);
        self.func = callee;
        Ok(())
    }

    /// Executes `fret` at `pc` with the lanes of `mask`: the returning lanes end in the callee.
    pub fn fret(&mut self, inst: &Inst, pc: usize, mask: u32) -> Result<(), SimError> {
        let Inst::FRet { pred, exec } = inst else { return Err(SimError::Malformed("fret expected".into())) };
        if self.calls.is_empty() {
            return Err(SimError::Malformed("fret outside a .global_function".into()));
        }
        if !self.flow.frames.is_empty() {
            return Err(SimError::NotModeled("fret inside a subroutine (call) of a function".into()));
        }
        let leaving = self.taking(*pred, *exec, mask, "fret")?;
        self.flow.set(mask & !leaving, pc + 1);
        self.flow.alive &= !leaving;
        Ok(())
    }

    /// Every lane of the running function has returned: back to its caller.
    pub fn return_from_call(&mut self, prog: &Program) -> Result<(), SimError> {
        let Some(caller) = self.calls.pop() else {
            return Err(SimError::Malformed("a return without an active stack call".into()));
        };
        let callee = std::mem::replace(&mut self.func, caller.func);
        let callee_regs = std::mem::replace(&mut self.regs, caller.regs);
        self.preds = caller.preds;
        self.addrs = caller.addrs;
        self.surfaces = caller.surfaces;
        self.flow = caller.flow;
        let (from, to) = (&prog.units[callee].layout, &prog.units[self.func].layout);
        copy_var(from, &callee_regs, to, &mut self.regs, VarId::RETVAL, caller.ret_bytes)?;
        for v in [VarId::SP, VarId::FP] {
            copy_var(from, &callee_regs, to, &mut self.regs, v, 8)?;
        }
        // The call destroys the arguments in the caller.
        let arg = to.slot(prog.units[self.func].k, VarId::ARG)?;
        let at = arg.start as usize;
        self.regs.defined[at..at + caller.arg_bytes.min(arg.size) as usize].fill(false);
        Ok(())
    }
}

/// The address `faddr` gives the function of unit `unit` of the file: an opaque 64-bit value,
/// never zero, that `ifcall` maps back to the unit.
pub fn function_address(unit: usize) -> u64 {
    0x4655_4e00_0000_0000 | unit as u64
}

/// Copies the first `bytes` bytes (values and definedness) of predefined variable `v` from one
/// unit's register file to another's.
fn copy_var(
    from_layout: &super::state::Layout,
    from: &crate::memory::Bytes,
    to_layout: &super::state::Layout,
    to: &mut crate::memory::Bytes,
    v: VarId,
    bytes: u32,
) -> Result<(), SimError> {
    let slot = |l: &super::state::Layout| match l.slots.get(v.0 as usize) {
        Some(Some(s)) if bytes <= s.size => Ok(s.start as usize),
        _ => Err(SimError::Malformed(format!("{bytes} bytes of V{} are not laid out", v.0))),
    };
    let (src, dst, n) = (slot(from_layout)?, slot(to_layout)?, bytes as usize);
    to.data[dst..dst + n].copy_from_slice(&from.data[src..src + n]);
    to.defined[dst..dst + n].copy_from_slice(&from.defined[src..src + n]);
    Ok(())
}
