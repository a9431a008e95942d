//! The thread's hardware state as CM kernels read it: `llvm.genx.timestamp` (the time stamp
//! counter `%tsc`), `get.hwid` (`%hw_id`), `sr0`, `ce0` (the channel enables), `get.color`
//! (`%color`) and `r0` (the thread payload header), each a `mov` from the vISA predefined
//! variable; `set.sr0.2` writes dword 2 of `%sr0` and `set.pause` the pause field of `%tsc`.

use crate::availability::SyncFeature;
use crate::intrinsics::argc;
use crate::{mov, Selector, R};
use genxc_diag::{invalid, not_available};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{InstId, Value};
use genxc_genx::{Elem, Type};
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Src, VisaType};

/// A predefined variable an intrinsic reads: the variable, the element type of its dwords (or
/// words) and how many of them the result may take.
struct HwRegister {
    var: m::VarId,
    /// The result's element type.
    elem: Elem,
    /// The element counts the result may have.
    lanes: &'static [u32],
}

fn register(iid: IntrinsicId) -> Option<HwRegister> {
    use IntrinsicId::*;
    let r = |var, elem, lanes| Some(HwRegister { var, elem, lanes });
    match iid {
        // vc-intrinsics: a vector of i32 whose width is a power of two no larger than 4
        Timestamp => r(m::VarId::TSC, Elem::I32, &[1, 2, 4]),
        GetHwid => r(m::VarId::HW_ID, Elem::I32, &[1]),
        Sr0 => r(m::VarId::SR0, Elem::I32, &[1, 2, 4]),
        Ce0 => r(m::VarId::CE0, Elem::I32, &[1]),
        GetColor => r(m::VarId::COLOR, Elem::I16, &[1]),
        // a vector of i32, width a power of two no larger than 8
        R0 => r(m::VarId::R0, Elem::I32, &[1, 2, 4, 8]),
        _ => None,
    }
}

/// Emits a read or write of a hardware register.
pub(crate) fn hw_register(s: &mut Selector, id: InstId, iid: IntrinsicId, args: &[Value]) -> R<()> {
    let name = iid.name();
    if iid == IntrinsicId::SetSr02 || iid == IntrinsicId::SetPause {
        argc(name, args, 1)?;
        let (var, col, ty, want) = if iid == IntrinsicId::SetSr02 {
            (m::VarId::SR0, 2, VisaType::UD, Elem::I32)
        } else {
            (m::VarId::TSC, 4, VisaType::UW, Elem::I16)
        };
        if s.f().value_type(args[0]) != Type::Scalar(want) {
            return Err(invalid(format!("{name} takes an {want:?} scalar")));
        }
        if iid == IntrinsicId::SetPause && !SyncFeature::Pause.available(s.platform) {
            return Err(not_available(format!(
                "{name} is not available on {} (the finalizer refuses writes of %tsc there)",
                s.platform
            )));
        }
        let src = s.src(args[0], ty)?;
        s.push(mov(None, Exec::nm(1), m::Dst::new(var, col).into(), src));
        return Ok(());
    }
    argc(name, args, 0)?;
    let reg = register(iid).ok_or_else(|| invalid(format!("{name} reads no hardware register")))?;
    let ty = s.f().insts[id].ty;
    let n = ty.num_elems();
    if ty.elem() != Some(reg.elem) || !reg.lanes.contains(&n) {
        let counts: Vec<String> = reg.lanes.iter().map(u32::to_string).collect();
        return Err(invalid(format!(
            "{name} returns {} elements of {:?}, not {ty}",
            counts.join(" or "),
            reg.elem
        )));
    }
    let dty = if reg.elem == Elem::I16 { VisaType::UW } else { VisaType::UD };
    let (dst, pred, _) = s.dst_for(id, dty)?;
    let src = if n == 1 { Src::scalar(reg.var, 0) } else { Src::region(reg.var, 0, 0, m::Region::CONTIG) };
    s.push(mov(pred, Exec::nm(n as u8), dst, src.into()));
    Ok(())
}
