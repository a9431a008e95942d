//! vISA predefined variables read and written by name: `llvm.genx.read.predef.reg(id, dep)` and
//! `llvm.genx.write.predef.reg(id, value)`, whose `id` is the variable's vISA number (`%arg` 8,
//! `%retval` 9, `%sp` 10, ...). A read gives the variable's bytes from its start as the result
//! type (after `dep`, a value the read must follow, such as the result of the stack call that
//! filled `%retval`); a write stores the value at its start and gives it back.
//!
//! Modeled: the stack-call areas `%arg` and `%retval` (through typed views, as the stack-call ABI
//! declares them), the stack and frame pointers `%sp` and `%fp` (64-bit), the group ids, the
//! media thread coordinates and `%sr0` (whose low bits number the hardware thread: the private
//! stack memory is indexed by them) (read only), and the 64-bit implicit-argument and local-id
//! buffer pointers of Intel's runtime ABI, `%impl_arg_buf_ptr` and `%local_id_buf_ptr` (read and
//! written as Intel's compiler does; GenX_IR takes them on every platform genxc targets; what the
//! runtime leaves in them is its own business). The others (`%r0`, `%tsc`, `%hw_id`, `%cr0`,
//! `%ce0`, `%dbg0`, `%color`, `%msg0`) are hardware state genxc does not model: refused by name.

use super::{signed_type, CopySrc, Selector, R};
use genxc_diag::{invalid, unsupported};
use genxc_genx::ir::{InstId, Value};
use genxc_genx::{Elem, Type};
use genxc_visa::model::{self as m, Exec, Inst as VInst, Src, VisaType};

/// The name vISA gives predefined variable `id` (for messages).
pub fn predefined_name(id: u64) -> &'static str {
    match id {
        0 => "%null",
        1 => "%thread_x",
        2 => "%thread_y",
        3 => "%group_id_x",
        4 => "%group_id_y",
        5 => "%group_id_z",
        6 => "%tsc",
        7 => "%r0",
        8 => "%arg",
        9 => "%retval",
        10 => "%sp",
        11 => "%fp",
        12 => "%hw_id",
        13 => "%sr0",
        14 => "%cr0",
        15 => "%ce0",
        16 => "%dbg0",
        17 => "%color",
        18 => "%impl_arg_buf_ptr",
        19 => "%local_id_buf_ptr",
        20 => "%msg0",
        _ => "no predefined variable",
    }
}

/// How genxc reaches a predefined variable.
enum Access {
    /// A stack-call area (`%arg`, `%retval`): any type, through a typed view.
    Area(m::VarId),
    /// A scalar of one type, read (and written when `writable`).
    Scalar { var: m::VarId, ty: VisaType, elem: Elem, writable: bool },
}

fn access(id: u64) -> Option<Access> {
    let scalar = |var, ty, elem, writable| Some(Access::Scalar { var, ty, elem, writable });
    match id {
        1 => scalar(m::VarId::THREAD_X, VisaType::UW, Elem::I16, false),
        2 => scalar(m::VarId::THREAD_Y, VisaType::UW, Elem::I16, false),
        3 => scalar(m::VarId::GROUP_ID_X, VisaType::UD, Elem::I32, false),
        4 => scalar(m::VarId(4), VisaType::UD, Elem::I32, false),
        5 => scalar(m::VarId(5), VisaType::UD, Elem::I32, false),
        8 => Some(Access::Area(m::VarId::ARG)),
        9 => Some(Access::Area(m::VarId::RETVAL)),
        10 => scalar(m::VarId::SP, VisaType::UQ, Elem::I64, true),
        11 => scalar(m::VarId::FP, VisaType::UQ, Elem::I64, true),
        13 => scalar(m::VarId::SR0, VisaType::UD, Elem::I32, false),
        18 => scalar(m::VarId::IMPL_ARG_BUF_PTR, VisaType::UQ, Elem::I64, true),
        19 => scalar(m::VarId::LOCAL_ID_BUF_PTR, VisaType::UQ, Elem::I64, true),
        _ => None,
    }
}

impl Selector<'_> {
    /// The predefined variable a read or write names, from its constant first operand.
    fn predefined(&self, what: &str, id_arg: Value) -> R<(u64, Access)> {
        let id = self
            .f()
            .as_const(id_arg)
            .and_then(|c| c.splat_value())
            .ok_or_else(|| invalid(format!("{what}: the predefined variable must be a constant")))?;
        let a = access(id).ok_or_else(|| {
            unsupported(format!(
                "{what} of {} (vISA predefined variable {id}): not modeled (Intel's runtime ABI or hardware state)",
                predefined_name(id)
            ))
        })?;
        Ok((id, a))
    }

    /// `llvm.genx.read.predef.reg(id, dep)` into the value of instruction `id`.
    pub(crate) fn read_predef_reg(&mut self, inst: InstId, args: &[Value]) -> R<()> {
        let what = "llvm.genx.read.predef.reg";
        let [id_arg, _dep] = args else { return Err(invalid(format!("{what} takes 2 operands"))) };
        let (id, a) = self.predefined(what, *id_arg)?;
        let t = self.f().insts[inst].ty;
        if self.fx().asg.var(Value::Inst(inst)).is_none() {
            return Ok(());
        }
        match a {
            Access::Area(base) => {
                let (src, ty, n) = self.abi_view(base, 0, t)?;
                let dst = self.var_of(Value::Inst(inst))?;
                let dst = self.view(dst, ty)?;
                self.copy(dst, 0, CopySrc::Var(src, 0), n, ty)
            }
            Access::Scalar { var, ty, elem, .. } => {
                if t.elem() != Some(elem) || t.num_elems() != 1 {
                    return Err(invalid(format!(
                        "{what} of {} gives {t}; the variable is one {elem}",
                        predefined_name(id)
                    )));
                }
                let dst = self.var_of(Value::Inst(inst))?;
                let dst = self.view(dst, ty)?;
                self.copy(dst, 0, CopySrc::Op(Src::scalar(var, 0).into()), 1, ty)
            }
        }
    }

    /// `llvm.genx.write.predef.reg(id, value)`: the value into the variable, and into the value of
    /// instruction `inst` (the intrinsic gives it back).
    pub(crate) fn write_predef_reg(&mut self, inst: InstId, args: &[Value]) -> R<()> {
        let what = "llvm.genx.write.predef.reg";
        let [id_arg, value] = args else { return Err(invalid(format!("{what} takes 2 operands"))) };
        let (id, a) = self.predefined(what, *id_arg)?;
        let t = self.f().value_type(*value);
        match a {
            Access::Area(base) => {
                let (dst, _, _) = self.abi_view(base, 0, t)?;
                self.copy_value(dst, *value)?;
            }
            Access::Scalar { var, ty, elem, writable } => {
                if !writable {
                    return Err(unsupported(format!(
                        "{what} of {}, which is read only",
                        predefined_name(id)
                    )));
                }
                if t.elem() != Some(elem) || t.num_elems() != 1 {
                    return Err(invalid(format!(
                        "{what} of {} takes one {elem}, not {t}",
                        predefined_name(id)
                    )));
                }
                let src = self.src(*value, ty)?;
                self.push(VInst::Alu {
                    op: m::AluOp::Mov,
                    pred: None,
                    sat: false,
                    exec: Exec::nm(1),
                    dst: m::Dst::new(var, 0).into(),
                    srcs: vec![src],
                });
            }
        }
        let used = self.fx().bales.use_count(Value::Inst(inst)) > 0;
        if used && self.fx().asg.var(Value::Inst(inst)).is_some() && t != Type::Void {
            let ty = signed_type(t.elem().ok_or_else(|| invalid(format!("{what} of a void value")))?)?;
            let dst = self.var_of(Value::Inst(inst))?;
            let dst = self.view(dst, ty)?;
            self.copy_value(dst, *value)?;
        }
        Ok(())
    }
}
