//! The vISA stack-call ABI: a stack function (a `.global_function`) takes its arguments in
//! `%arg` and gives its result in `%retval`, and callers reach it with `fcall` (a function of
//! the same file) or `faddr` + `ifcall` (a declared-only function: `faddr` of an undefined symbol
//! is a relocation the linker resolves).
//!
//! Layout: argument `i` starts at a GRF boundary of `%arg`, after the GRFs of the arguments before
//! it, each taking whole GRFs; the result starts at the beginning of `%retval`. The call sizes
//! (`fcall`'s operands, the callee's `ArgSize`/`RetValSize`) count those GRFs. The callee copies
//! its arguments out of `%arg` at its entry, before any call it makes can overwrite them; values
//! of the caller that live across an `fcall` are vISA variables, which the finalizer saves on the
//! stack (its `%sp`/`%fp` frame) as the ABI requires, so recursion needs nothing more here.
//! An `i1` argument (a predicate) is passed as one word per lane, 1 where it is set. Arguments
//! past `%arg` of direct calls reach selection already moved to stack memory (the preparation
//! stage's `private_stack` rewrite); what is left over `%arg` (a predicate past it, an indirect
//! call), results larger than `%retval` and `i1` results are refused with what they are.

use super::{signed_type, CopySrc, Selector, R};
use genxc_diag::{internal, unsupported};
use genxc_genx::ir::{FuncId, InstId, Value};
use genxc_genx::{Elem, Type};
use genxc_visa::model::{self as m, Exec, Inst as VInst, Src};
use genxc_visa::text::sanitize;
use genxc_visa::{ARG_BYTES, RETVAL_BYTES};

/// A stack function a unit calls: its signature, and whether it is declared only.
#[derive(Clone, Debug)]
pub struct StackCallee {
    /// The function's name.
    pub name: String,
    /// Its parameter types.
    pub params: Vec<Type>,
    /// Its result type.
    pub ret: Type,
    /// Whether the module only declares it (called through a relocated address).
    pub linked: bool,
}

/// Where the values of a signature live in `%arg` / `%retval`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Byte offset of each argument in `%arg`.
    pub args: Vec<u32>,
    /// GRFs of `%arg` the arguments take.
    pub arg_grfs: u8,
    /// GRFs of `%retval` the result takes.
    pub ret_grfs: u8,
}

/// Bytes of a value of type `t` passed on the stack-call ABI, or why it cannot be.
fn abi_bytes(t: Type, what: &str) -> R<u32> {
    match t.elem() {
        // a predicate argument travels as one word (0 or 1) per lane
        Some(Elem::I1) if what == "argument" => Ok(t.num_elems() * 2),
        Some(Elem::I1) => Err(unsupported(format!(
            "an i1 {what} of a stack call (a predicate result is not passed in %retval)"
        ))),
        Some(e) => Ok(t.num_elems() * e.bytes()),
        None => Ok(0),
    }
}

/// The `%arg`/`%retval` layout of a function taking `params` and returning `ret`, for GRFs of
/// `grf` bytes.
pub fn frame(params: &[Type], ret: Type, grf: u32) -> R<Frame> {
    let mut args = Vec::with_capacity(params.len());
    let mut at = 0u32;
    for &p in params {
        args.push(at);
        at += abi_bytes(p, "argument")?.div_ceil(grf) * grf;
    }
    if at > ARG_BYTES {
        return Err(unsupported(format!(
            "stack call arguments of {at} bytes, over the {ARG_BYTES} of %arg (arguments on the stack are passed for direct calls of stack functions only)"
        )));
    }
    let ret_bytes = if ret == Type::Void { 0 } else { abi_bytes(ret, "result")?.div_ceil(grf) * grf };
    if ret_bytes > RETVAL_BYTES {
        return Err(unsupported(format!(
            "a stack call result of {ret_bytes} bytes, over the {RETVAL_BYTES} of %retval (results on the stack are not modeled)"
        )));
    }
    Ok(Frame { args, arg_grfs: (at / grf) as u8, ret_grfs: (ret_bytes / grf) as u8 })
}

impl Selector<'_> {
    /// A typed view of `n` elements of `%arg` or `%retval` at byte `offset` (declared once).
    pub(crate) fn abi_view(
        &mut self,
        base: m::VarId,
        offset: u32,
        t: Type,
    ) -> R<(m::VarId, m::VisaType, u32)> {
        let ty = signed_type(t.elem().ok_or_else(|| internal("a void stack-call value"))?)?;
        let n = t.num_elems();
        let key = (base, offset, ty, n);
        if let Some(&v) = self.abi_views.get(&key) {
            return Ok((v, ty, n));
        }
        let what = if base == m::VarId::ARG { "arg" } else { "retval" };
        self.next_temp += 1;
        let name = format!("{what}{}_{offset}", self.next_temp);
        let off = u16::try_from(offset).map_err(|_| internal("a %arg offset over 64K"))?;
        let v = self.add_var(name, ty, n, Some((base, off)))?;
        self.abi_views.insert(key, v);
        Ok((v, ty, n))
    }

    /// The entry of a stack function: its arguments out of `%arg` into their variables.
    pub(crate) fn stack_function_entry(&mut self, frame: &Frame) -> R<()> {
        for (p, &offset) in frame.args.iter().enumerate() {
            let Some(idx) = self.fx().asg.var(Value::Param(p as u32)) else { continue };
            let t = self.f().params[p];
            if t.elem() == Some(Elem::I1) {
                // words of %arg back into the parameter's predicate: lanes holding 1
                let n = t.num_elems();
                let (src, _, _) = self.abi_view(
                    m::VarId::ARG,
                    offset,
                    if n == 1 { Type::Scalar(Elem::I16) } else { Type::Vector(Elem::I16, n) },
                )?;
                let pred = self.pred_var(idx)?;
                self.push(VInst::Cmp {
                    rel: m::CmpOp::Ne,
                    exec: Exec::nm(n as u8),
                    dst: m::CmpDst::Pred(pred),
                    src0: word_region(src, n),
                    src1: m::Imm::UW(0).into(),
                });
                continue;
            }
            let (src, ty, n) = self.abi_view(m::VarId::ARG, offset, t)?;
            let var = self.var_idx(idx)?;
            let dst = self.view(var, ty)?;
            self.copy(dst, 0, CopySrc::Var(src, 0), n, ty)?;
        }
        Ok(())
    }

    /// The return of a stack function: its result into `%retval`, then `fret`.
    pub(crate) fn stack_function_return(&mut self, v: Option<Value>) -> R<()> {
        if let Some(v) = v {
            let t = self.f().value_type(v);
            let (dst, _, _) = self.abi_view(m::VarId::RETVAL, 0, t)?;
            self.copy_value(dst, v)?;
        }
        self.push(VInst::FRet { pred: None, exec: Exec::nm(1) });
        Ok(())
    }

    /// A call of a stack function: arguments into `%arg`, `fcall` (or `faddr` + `ifcall` for a
    /// declared-only callee), the result out of `%retval`.
    pub(crate) fn stack_call(&mut self, id: InstId, callee: FuncId, args: &[Value]) -> R<()> {
        let c =
            self.stack_callees.get(&callee).cloned().ok_or_else(|| internal("an unknown stack callee"))?;
        if c.linked {
            let addr = self.faddr_of(&c)?;
            return self.abi_call(id, args, &c.params, c.ret, Target::Address(addr));
        }
        // under the name its `.global_function` is written with
        let function = Self::function_symbol(&c)?;
        self.abi_call(id, args, &c.params, c.ret, Target::Function(function))
    }

    /// A call through a function address (`ifcall`): the signature is the call's own (the
    /// callee's, by the rule of an LLVM indirect call).
    pub(crate) fn indirect_call(&mut self, id: InstId, addr: Value, args: &[Value]) -> R<()> {
        let params: Vec<Type> = args.iter().map(|&a| self.f().value_type(a)).collect();
        let ret = self.f().insts[id].ty;
        let addr = self.src(addr, m::VisaType::UQ)?;
        self.abi_call(id, args, &params, ret, Target::Address(addr))
    }

    /// The address of a stack function (`faddr`) into the value of instruction `id`.
    pub(crate) fn function_address(&mut self, id: InstId, func: FuncId) -> R<()> {
        let c =
            self.stack_callees.get(&func).cloned().ok_or_else(|| {
                internal("the address of a function that is not a stack function of the unit")
            })?;
        if self.fx().asg.var(Value::Inst(id)).is_none() {
            return Ok(());
        }
        let name = Self::function_symbol(&c)?;
        let dst = self.var_of(Value::Inst(id))?;
        let dst = self.view(dst, m::VisaType::UQ)?;
        self.push(VInst::FAddr { function: name, dst: m::Dst::new(dst, 0).into() });
        Ok(())
    }

    /// The address of a global of the data section (`faddr "symbol"`, resolved by the loader)
    /// into the value of instruction `id`.
    pub(crate) fn global_address(&mut self, id: InstId, symbol: String) -> R<()> {
        if self.fx().asg.var(Value::Inst(id)).is_none() {
            return Ok(());
        }
        let dst = self.var_of(Value::Inst(id))?;
        let dst = self.view(dst, m::VisaType::UQ)?;
        self.push(VInst::FAddr { function: symbol, dst: m::Dst::new(dst, 0).into() });
        Ok(())
    }

    /// The name `faddr` gives for stack function `c`: a function of the file is written under its
    /// sanitized name (as its `.global_function` is), while a declared-only function keeps its
    /// symbol as it is for the linker (the vISA text quotes it when it is not an identifier).
    fn function_symbol(c: &StackCallee) -> R<String> {
        if c.name.is_empty() {
            // an unnamed function (`@0`) has no symbol to find it by
            return Err(unsupported(
                "a stack call or address of an unnamed function (a vISA symbol needs a name)",
            ));
        }
        Ok(if c.linked { c.name.clone() } else { sanitize(&c.name) })
    }

    /// `faddr` of stack function `c` into a new 64-bit variable.
    fn faddr_of(&mut self, c: &StackCallee) -> R<m::SrcOp> {
        let name = Self::function_symbol(c)?;
        self.next_temp += 1;
        let addr = self.add_var(format!("faddr{}", self.next_temp), m::VisaType::UQ, 1, None)?;
        self.push(VInst::FAddr { function: name, dst: m::Dst::new(addr, 0).into() });
        Ok(Src::scalar(addr, 0).into())
    }

    /// Arguments into `%arg`, the call, the result out of `%retval`.
    fn abi_call(&mut self, id: InstId, args: &[Value], params: &[Type], ret: Type, target: Target) -> R<()> {
        let frame = frame(params, ret, self.grf())?;
        for (&a, &offset) in args.iter().zip(&frame.args) {
            let t = self.f().value_type(a);
            if t.elem() == Some(Elem::I1) {
                // a predicate as one word per lane: 1 where it is set
                let n = t.num_elems();
                let (dst, _, _) = self.abi_view(
                    m::VarId::ARG,
                    offset,
                    if n == 1 { Type::Scalar(Elem::I16) } else { Type::Vector(Elem::I16, n) },
                )?;
                let (p, lane) = self.pred_of(a)?;
                self.push(VInst::Alu {
                    op: m::AluOp::Sel,
                    pred: Some(m::Pred::on(p)),
                    sat: false,
                    exec: Exec::nm(n as u8).at(lane / 4),
                    dst: m::Dst::new(dst, 0).into(),
                    srcs: vec![m::Imm::UW(1).into(), m::Imm::UW(0).into()],
                });
                continue;
            }
            let (dst, _, _) = self.abi_view(m::VarId::ARG, offset, t)?;
            self.copy_value(dst, a)?;
        }
        let (arg_size, ret_size) = (frame.arg_grfs, frame.ret_grfs);
        match target {
            Target::Address(addr) => {
                self.push(VInst::IFCall { pred: None, exec: Exec::nm(1), addr, arg_size, ret_size })
            }
            Target::Function(function) => {
                self.push(VInst::FCall { pred: None, exec: Exec::nm(1), function, arg_size, ret_size })
            }
        }
        let t = self.f().insts[id].ty;
        if t != Type::Void && self.fx().asg.var(Value::Inst(id)).is_some() {
            let (src, ty, n) = self.abi_view(m::VarId::RETVAL, 0, t)?;
            let dst = self.var_of(Value::Inst(id))?;
            let dst = self.view(dst, ty)?;
            self.copy(dst, 0, CopySrc::Var(src, 0), n, ty)?;
        }
        Ok(())
    }
}

/// `n` words of `v` from its start, as a source.
fn word_region(v: m::VarId, n: u32) -> m::SrcOp {
    let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
    Src::region(v, 0, 0, region).into()
}

/// What a stack call calls.
enum Target {
    /// A `.global_function` of the file, by name (`fcall`).
    Function(String),
    /// The function whose address a 64-bit operand holds (`ifcall`).
    Address(m::SrcOp),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_start_at_grf_boundaries() {
        let f = frame(
            &[Type::Vector(Elem::Float, 8), Type::Scalar(Elem::I32), Type::Vector(Elem::I16, 20)],
            Type::Vector(Elem::Float, 16),
            32,
        )
        .unwrap();
        assert_eq!(f, Frame { args: vec![0, 32, 64], arg_grfs: 4, ret_grfs: 2 });
        let f = frame(&[Type::Scalar(Elem::I64)], Type::Void, 64).unwrap();
        assert_eq!(f, Frame { args: vec![0], arg_grfs: 1, ret_grfs: 0 });
    }

    #[test]
    fn what_does_not_fit_is_refused_with_what_it_is() {
        let f = frame(&[Type::Vector(Elem::I1, 16)], Type::Scalar(Elem::I1), 32);
        assert!(f.unwrap_err().to_string().contains("an i1 result of a stack call"));
        let e = frame(&[Type::Vector(Elem::I16, 1536)], Type::Void, 32).unwrap_err();
        assert!(e.to_string().contains("over the 1024 of %arg"), "{e}");
        // a predicate argument is a word per lane
        let f = frame(&[Type::Vector(Elem::I1, 16), Type::Scalar(Elem::I32)], Type::Void, 32).unwrap();
        assert_eq!(f, Frame { args: vec![0, 32], arg_grfs: 2, ret_grfs: 0 });
    }
}
