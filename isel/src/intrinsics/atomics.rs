//! Atomic message intrinsics: the dword (binding-table), SVM (stateless) and typed atomics, each
//! mapped to the vISA atomic operation, data type and source operands of its message.

use super::{argc, atomic_dst, check_lanes, keep_old, lane_pred, msg_exec, typed_coord, typed_raw};
use crate::{Selector, WriteMask, R};
use genxc_diag::{invalid, unsupported};
use genxc_genx::intrinsics::AtomicKind;
use genxc_genx::ir::{InstId, Value};
use genxc_genx::{Elem, Platform, Type};
use genxc_visa::model as m;
use genxc_visa::model::{Inst as VInst, Raw, VisaType};

/// The vISA operation of an atomic intrinsic's operation (`add`, `imin`, ...).
fn atomic_op(op: AtomicKind) -> m::AtomicOp {
    use m::AtomicOp::*;
    match op {
        AtomicKind::Add => Add,
        AtomicKind::Sub => Sub,
        AtomicKind::Inc => Inc,
        AtomicKind::Dec => Dec,
        AtomicKind::Min => Min,
        AtomicKind::Max => Max,
        AtomicKind::Imin => MinSInt,
        AtomicKind::Imax => MaxSInt,
        AtomicKind::Xchg => Xchg,
        AtomicKind::Cmpxchg => Cmpxchg,
        AtomicKind::And => And,
        AtomicKind::Or => Or,
        AtomicKind::Xor => Xor,
        AtomicKind::Fmax => Fmax,
        AtomicKind::Fmin => Fmin,
        AtomicKind::Fcmpwr => Fcmpwr,
        AtomicKind::Fadd => Fadd,
        AtomicKind::Fsub => Fsub,
    }
}

/// The raw operand type of an atomic's data: `f` for the floating-point operations, `d`/`q` for
/// signed min/max, `ud`/`uq` otherwise. `wide` allows 64-bit integer data.
fn atomic_data_type(op: m::AtomicOp, ty: Type, wide: bool, name: &str) -> R<VisaType> {
    let signed = matches!(op, m::AtomicOp::MinSInt | m::AtomicOp::MaxSInt);
    match (op.is_float(), ty.elem()) {
        (true, Some(Elem::Float)) => Ok(VisaType::F),
        (true, _) => Err(invalid(format!("{name}: a floating-point atomic works on float data, not {ty}"))),
        (false, Some(Elem::I32)) => Ok(if signed { VisaType::D } else { VisaType::UD }),
        (false, Some(Elem::I64)) if wide => Ok(if signed { VisaType::Q } else { VisaType::UQ }),
        (false, _) => Err(invalid(format!(
            "{name}: an integer atomic works on i32{} data, not {ty}",
            if wide { " or i64" } else { "" }
        ))),
    }
}

/// The data sources of an atomic (operands `first..first + op.num_srcs()`, each of the result
/// type `ty`), as raw operands of type `dty`; `%null` for the unused ones.
fn atomic_srcs(
    s: &mut Selector,
    args: &[Value],
    first: usize,
    op: m::AtomicOp,
    (ty, dty): (Type, VisaType),
    name: &str,
) -> R<[Raw; 2]> {
    let mut out = [Raw::NULL; 2];
    for (i, slot) in out.iter_mut().enumerate().take(op.num_srcs()) {
        let v = args[first + i];
        let t = s.f().value_type(v);
        if t != ty {
            return Err(invalid(format!("{name}: source {i} is {t}, not {ty} like the result")));
        }
        *slot = typed_raw(s, v, dty)?;
    }
    Ok(out)
}

/// The result type, operation and number of data sources of an atomic intrinsic
/// `<family><op>`, after checking that it has `fixed` operands besides its sources.
fn atomic_intrinsic(
    s: &Selector,
    (id, name, args): (InstId, &str, &[Value]),
    op: AtomicKind,
    fixed: usize,
) -> R<(Type, m::AtomicOp, usize)> {
    let op = atomic_op(op);
    argc(name, args, fixed + op.num_srcs())?;
    Ok((s.f().insts[id].ty, op, op.num_srcs()))
}

/// `llvm.genx.dword.atomic[2].<op>`: (pred, surface, byte offsets, [src0, [src1]], [old value]);
/// the `atomic2` forms have no old value.
pub(super) fn dword_atomic(
    s: &mut Selector,
    call: (InstId, &str, &[Value]),
    op: AtomicKind,
    old: bool,
) -> R<()> {
    let (id, name, args) = call;
    let (ty, op, nsrc) = atomic_intrinsic(s, call, op, 3 + usize::from(old))?;
    let n = s.f().value_type(args[2]).num_elems();
    if s.f().value_type(args[2]).elem() != Some(Elem::I32) {
        return Err(invalid(format!("{name}: the offsets must be i32")));
    }
    let exec = msg_exec(s, n, name)?;
    check_lanes(s, Value::Inst(id), n, "result", name)?;
    let dty = atomic_data_type(op, ty, false, name)?;
    let (wm, exec) = lane_pred(s, args[0], exec, name)?;
    let pred = wm.pred;
    let surface = s.surface(args[1])?;
    let offsets = typed_raw(s, args[2], VisaType::UD)?;
    let [src0, src1] = atomic_srcs(s, args, 3, op, (ty, dty), name)?;
    let dst = atomic_dst(s, id, dty)?;
    if old && wm.masked() && dst != Raw::NULL {
        keep_old(s, id, args[3 + nsrc])?;
    }
    s.push(VInst::DwordAtomic { op, half: false, pred, exec, surface, offsets, src0, src1, dst });
    Ok(())
}

/// `llvm.genx.svm.atomic.<op>`: (pred, 64-bit addresses, [src0, [src1]], old value), on 32-bit or
/// 64-bit data.
pub(super) fn svm_atomic(s: &mut Selector, call: (InstId, &str, &[Value]), op: AtomicKind) -> R<()> {
    let (id, name, args) = call;
    let (ty, op, nsrc) = atomic_intrinsic(s, call, op, 3)?;
    let n = s.f().value_type(args[0]).num_elems();
    let exec = msg_exec(s, n, name)?;
    check_lanes(s, args[1], n, "address vector", name)?;
    if s.f().value_type(args[1]).elem() != Some(Elem::I64) {
        return Err(invalid(format!("{name}: the addresses must be i64")));
    }
    check_lanes(s, Value::Inst(id), n, "result", name)?;
    let dty = atomic_data_type(op, ty, true, name)?;
    let (wm, exec) = lane_pred(s, args[0], exec, name)?;
    let pred = wm.pred;
    let addresses = typed_raw(s, args[1], VisaType::UQ)?;
    let [src0, src1] = atomic_srcs(s, args, 2, op, (ty, dty), name)?;
    let dst = atomic_dst(s, id, dty)?;
    if wm.masked() && dst != Raw::NULL {
        keep_old(s, id, args[2 + nsrc])?;
    }
    let bits = (dty.size() * 8) as u8;
    s.push(VInst::SvmAtomic { op, bits, pred, exec, addresses, src0, src1, dst });
    Ok(())
}

/// `llvm.genx.typed.atomic.<op>`: (pred, surface, [src0, [src1]], u, v, r, lod); v, r and lod may
/// be zero (unused).
pub(super) fn typed_atomic(s: &mut Selector, call: (InstId, &str, &[Value]), op: AtomicKind) -> R<()> {
    let (id, name, args) = call;
    let (ty, op, nsrc) = atomic_intrinsic(s, call, op, 6)?;
    let at = 2 + nsrc;
    let n = s.f().value_type(args[at]).num_elems();
    let max = if s.platform == Platform::Pvc { 16 } else { 8 };
    if n > max {
        return Err(unsupported(format!(
            "{name} with {n} lanes on {} (typed atomics take at most {max})",
            s.platform
        )));
    }
    let exec = msg_exec(s, n, name)?;
    for (i, what) in ["u coordinates", "v coordinates", "r coordinates", "lod"].into_iter().enumerate() {
        check_lanes(s, args[at + i], n, what, name)?;
        if s.f().value_type(args[at + i]).elem() != Some(Elem::I32) {
            return Err(invalid(format!("{name}: the {what} must be i32")));
        }
    }
    check_lanes(s, Value::Inst(id), n, "result", name)?;
    let dty = atomic_data_type(op, ty, false, name)?;
    let (WriteMask { pred, .. }, exec) = lane_pred(s, args[0], exec, name)?;
    let surface = s.surface(args[1])?;
    let [src0, src1] = atomic_srcs(s, args, 2, op, (ty, dty), name)?;
    let u = typed_raw(s, args[at], VisaType::UD)?;
    let v = typed_coord(s, args[at + 1])?;
    let r = typed_coord(s, args[at + 2])?;
    let lod = typed_coord(s, args[at + 3])?;
    let dst = atomic_dst(s, id, dty)?;
    s.push(VInst::TypedAtomic { op, half: false, pred, exec, surface, u, v, r, lod, src0, src1, dst });
    Ok(())
}
