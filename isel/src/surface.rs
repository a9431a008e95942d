//! Surfaces as values: the surface operand of a message intrinsic is an i32 binding-table index
//! wherever it comes from (a surface argument, a constant, a general argument, a subroutine
//! parameter, a phi, a select or arithmetic). A surface argument names its own surface variable
//! (`T6`.. set to its fixed index); the predefined indices 253 (stack, `T1`), 254 (shared local
//! memory, `%slm`) and 255 (stateless, `T5`) name the predefined surfaces; any other index is put
//! in one surface variable of the kernel with `movs` right before the message. A surface argument
//! used as a general value (passed on, selected, computed with) reads a general variable set to
//! its binding-table index at the kernel's entry.
//!
//! With bindless buffers (`-vc-use-bindless-buffers`, [`genxc_genx::metadata::Kernel::bindless_buffers`])
//! a buffer argument is instead a general input holding the buffer's surface-state offset: a
//! message on it sets vISA's bindless surface `%bss` to that offset with `movs` right before it
//! (an LSC message addresses it as `bss(offset)`). Its offset cannot travel as a value into
//! another function (the callee would take it for a binding-table index), and a run-time
//! surface index is refused in such a kernel, and in a stack function of such a module (its
//! callers may pass an offset, or a value computed from one): an index and an offset cannot be
//! told apart.

use super::{CopySrc, Selector, R};
use genxc_diag::{internal, invalid, unsupported};
use genxc_genx::ir::{InstKind, Value};
use genxc_genx::Elem;
use genxc_regalloc::VarIdx;
use genxc_visa::model::{self as m, Exec, Imm, Inst as VInst, SrcOp, VisaType};

/// The largest binding-table index of a user surface (240..255 are reserved).
pub(crate) const MAX_USER_BTI: u64 = 239;
/// The binding-table index of the stack surface (`T1`).
const BTI_STACK: u64 = 253;
/// The binding-table index of shared local memory (`%slm`, `T0`).
pub(crate) const BTI_SLM: u64 = 254;
/// The binding-table index of stateless (A32) access (`T5`).
const BTI_STATELESS: u64 = 255;

/// What a message's surface operand is, before any instruction is emitted for it.
pub(crate) enum SurfaceOperand {
    /// A kernel surface argument: its surface variable and fixed binding-table index.
    Argument(m::SurfaceId, u32),
    /// A constant binding-table index.
    Constant(u64),
    /// A value computed at run time (general argument, parameter, phi, select, arithmetic).
    RunTime,
    /// A bindless buffer argument: its surface-state offset is the argument's input variable.
    Bindless,
}

impl Selector<'_> {
    /// Classifies a surface operand; an undefined or non-scalar-i32 operand is an error.
    pub(crate) fn surface_operand(&self, v: Value) -> R<SurfaceOperand> {
        if let Value::Param(p) = v {
            if self.cur == 0 {
                if let Some(&(sid, bti)) = self.surfaces.get(&p) {
                    return Ok(SurfaceOperand::Argument(sid, bti));
                }
                if self.bindless.contains_key(&p) {
                    return Ok(SurfaceOperand::Bindless);
                }
            }
        }
        let ty = self.f().value_type(v);
        if ty.num_elems() != 1 || ty.elem() != Some(Elem::I32) {
            return Err(invalid("the surface operand must be an i32 scalar"));
        }
        if let Value::Const(_) = v {
            return match self.f().as_const(v).and_then(|c| c.splat_value()) {
                Some(b) => Ok(SurfaceOperand::Constant(b)),
                None => Err("the surface operand is undefined".into()),
            };
        }
        if self.kernel.has_bindless_buffers() {
            return Err(unsupported(
                "a surface index computed at run time in a kernel with bindless buffers (-vc-use-bindless-buffers): not modeled (a binding-table index and a surface-state offset cannot be told apart)",
            ));
        }
        if self.kernel.bindless_buffers && self.k.unit == m::UnitKind::GlobalFunction {
            return Err(unsupported(
                "a surface index computed at run time in a stack function of a module with bindless buffers (-vc-use-bindless-buffers): not modeled (its callers may pass a bindless buffer's surface-state offset, which selection of the function, made without them, cannot tell from a binding-table index)",
            ));
        }
        Ok(SurfaceOperand::RunTime)
    }

    /// The surface variable of a message's surface operand. A surface argument's variable is
    /// first set to the argument's fixed binding-table index (`bti` in kernels.json), in the
    /// message's block, so the finalizer puts the constant index in the message descriptor. A
    /// constant user index or a run-time index is put in the kernel's surface temporary.
    pub(crate) fn surface(&mut self, v: Value) -> R<m::SurfaceId> {
        let src: SrcOp = match self.surface_operand(v)? {
            SurfaceOperand::Argument(sid, bti) => {
                self.push(VInst::Movs { exec: Exec::nm(1), dst: sid, src: Imm::UD(bti).into() });
                return Ok(sid);
            }
            SurfaceOperand::Constant(BTI_STACK) => return Ok(m::SurfaceId::T1),
            SurfaceOperand::Constant(BTI_SLM) => return Ok(m::SurfaceId::SLM),
            SurfaceOperand::Constant(BTI_STATELESS) => return Ok(m::SurfaceId::SCRATCH),
            SurfaceOperand::Constant(b) if b <= MAX_USER_BTI => Imm::UD(b as u32).into(),
            SurfaceOperand::Constant(b) => {
                return Err(invalid(format!(
                    "binding-table index {b} is reserved (user surfaces are 0..{MAX_USER_BTI}; \
                     {BTI_STACK} stack, {BTI_SLM} shared local memory, {BTI_STATELESS} stateless)"
                )))
            }
            SurfaceOperand::RunTime => self.src(v, VisaType::UD)?,
            SurfaceOperand::Bindless => {
                let src = self.src(v, VisaType::UD)?;
                self.push(VInst::Movs { exec: Exec::nm(1), dst: m::SurfaceId::BSS, src });
                return Ok(m::SurfaceId::BSS);
            }
        };
        let sid = self.surface_temp();
        self.push(VInst::Movs { exec: Exec::nm(1), dst: sid, src });
        Ok(sid)
    }

    /// The kernel's surface temporary (declared on first use).
    fn surface_temp(&mut self) -> m::SurfaceId {
        if let Some(sid) = self.surface_temp {
            return sid;
        }
        let sid = self.k.add_surface("surface_index");
        self.surface_temp = Some(sid);
        sid
    }

    /// The address model of an LSC message on surface `v`: `bss(offset)` for a bindless buffer
    /// argument, `bti(index)` ([`Self::binding_index`]) otherwise.
    pub(crate) fn lsc_surface_model(&mut self, v: Value) -> R<m::LscAddrModel> {
        if let SurfaceOperand::Bindless = self.surface_operand(v)? {
            return Ok(m::LscAddrModel::Bss(super::lsc::lsc_operand(self, v, VisaType::UD)?));
        }
        Ok(m::LscAddrModel::Bti(self.binding_index(v)?))
    }

    /// Declares bindless buffer argument `p` (regalloc variable `idx`) as the general input of
    /// its surface-state offset, 4 bytes at payload byte `offset`. An argument passed to another
    /// function is refused: the callee would read the offset as a binding-table index.
    pub(crate) fn declare_bindless_buffer(&mut self, p: u32, idx: VarIdx, offset: Option<u32>) -> R<()> {
        let Some(offset) = offset else {
            return Err(internal("a bindless buffer argument without a payload offset"));
        };
        let passed = self.f().insts.iter().any(|(_, i)| match &i.kind {
            InstKind::Call { args, .. } | InstKind::IndirectCall { args, .. } => {
                args.contains(&Value::Param(p))
            }
            _ => false,
        });
        if passed {
            return Err(unsupported(format!(
                "bindless buffer argument {p} (-vc-use-bindless-buffers) passed to a function: not modeled (the callee would read its surface-state offset as a binding-table index)"
            )));
        }
        let id = self.var_idx(idx)?;
        self.k.inputs.push(m::Input {
            target: m::InputTarget::Var(id),
            offset: offset as u16,
            size: 4,
            implicit: 0,
        });
        self.bindless.insert(p, id);
        Ok(())
    }

    /// The surface of an LSC message's `bti` operand: a surface argument's fixed index or a
    /// constant index (at most 255, the 8 bits of the message's index) as an immediate, a run-time
    /// index as a 32-bit variable.
    pub(crate) fn binding_index(&mut self, v: Value) -> R<m::LscSurface> {
        match self.surface_operand(v)? {
            SurfaceOperand::Argument(_, bti) => Ok(m::LscSurface::Imm(bti)),
            SurfaceOperand::Constant(b) if b <= BTI_STATELESS => Ok(m::LscSurface::Imm(b as u32)),
            SurfaceOperand::Constant(b) => {
                Err(invalid(format!("invalid binding-table index {b} (at most 255)")))
            }
            SurfaceOperand::RunTime => super::lsc::lsc_operand(self, v, VisaType::UD),
            SurfaceOperand::Bindless => Err(internal("a bindless buffer taken for a binding-table index")),
        }
    }

    /// The index a kernel variable holds when it is a surface argument's value (its binding-table
    /// index) or a sampler argument's value (its sampler index), for regalloc variable `idx` of
    /// the kernel function; `None` otherwise.
    pub(crate) fn surface_argument_index(&self, idx: VarIdx) -> Option<u32> {
        if self.cur != 0 || (self.surfaces.is_empty() && self.samplers.is_empty()) {
            return None;
        }
        // the parameters whose variable `idx` is (most variables are none: no table is looked up)
        if !self.fx().param_vars.contains(&idx) {
            return None;
        }
        let asg = &self.fx().asg;
        let params = (0..self.f().params.len() as u32).filter(|&p| asg.var(Value::Param(p)) == Some(idx));
        params
            .clone()
            .find_map(|p| self.surfaces.get(&p).map(|&(_, bti)| bti))
            .or_else(|| params.clone().find_map(|p| self.samplers.get(&p).map(|&(_, index)| index)))
    }

    /// The binding-table or sampler index of `v` when it is a surface argument (not a bindless
    /// buffer) or a sampler argument of the kernel: fixed by the argument's place, so a read of
    /// it as a value is that constant.
    pub(crate) fn argument_index_value(&self, v: Value) -> Option<u32> {
        let Value::Param(p) = v else { return None };
        if self.cur != 0 {
            return None;
        }
        self.surfaces.get(&p).map(|&(_, bti)| bti).or_else(|| self.samplers.get(&p).map(|&(_, index)| index))
    }

    /// Sets, at the kernel's entry (body position `entry_at`), the general variables that hold
    /// surface arguments used as values to the arguments' binding-table indices.
    pub(crate) fn set_surface_values(&mut self, entry_at: usize) -> R<()> {
        if entry_at > self.k.body.len() {
            return Err(internal("the kernel's entry is past its body"));
        }
        let end = self.k.body.len();
        for (var, bti) in std::mem::take(&mut self.surface_values) {
            let var = self.view(var, VisaType::D)?;
            self.copy(var, 0, CopySrc::Op(Imm::D(bti as i32).into()), 1, VisaType::D)?;
        }
        let init: Vec<VInst> = self.k.body.drain(end..).collect();
        self.k.body.splice(entry_at..entry_at, init);
        Ok(())
    }
}
