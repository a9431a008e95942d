//! Thread synchronization intrinsics besides `llvm.genx.barrier` and the fences: the split-phase
//! barrier (`sbarrier`), the named barriers of PVC (`nbarrier`), `wait`, `yield` and the sampler
//! cache flush, each one vISA instruction; and `slm.init`, which only sets the kernel's shared
//! local memory size.

use crate::availability::SyncFeature;
use crate::intrinsics::{argc, const_u64};
use crate::{Selector, R};
use genxc_diag::{internal, invalid, not_available};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::Value;
use genxc_genx::{Elem, Type};
use genxc_visa::model as m;
use genxc_visa::model::{Imm, Inst as VInst, SrcOp, ThreadSync, VisaType};

/// Emits a synchronization intrinsic: `sbarrier(signal)`, `nbarrier(signal, id, threads)`,
/// `wait(mask)`, `yield()`, `cache.flush()` or `slm.init(bytes)`.
pub(crate) fn sync(s: &mut Selector, iid: IntrinsicId, args: &[Value]) -> R<()> {
    use IntrinsicId::*;
    let name = iid.name();
    let op = match iid {
        Sbarrier => {
            argc(name, args, 1)?;
            let signal = const_u64(s, args[0], "the signal flag")? != 0;
            ThreadSync::SplitBarrier { signal }
        }
        Nbarrier => {
            argc(name, args, 3)?;
            let f = SyncFeature::NamedBarrier;
            if !f.available(s.platform) {
                return Err(not_available(format!(
                    "{name} is not available on {} (named barriers need PVC)",
                    s.platform
                )));
            }
            let signal = const_u64(s, args[0], "the signal flag")? != 0;
            let id = byte_operand(s, args[1], name, "barrier id")?;
            if let SrcOp::Imm(Imm::UB(n)) = id {
                let declared = s.kernel.nbarrier_count;
                if u32::from(n) >= declared {
                    return Err(invalid(format!(
                        "{name}: barrier {n} is not below the kernel's named barrier count {declared} \
                         (operand 7 of its genx.kernels entry)"
                    )));
                }
            }
            let threads = if signal { byte_operand(s, args[2], name, "thread count")? } else { id };
            ThreadSync::NamedBarrier { signal, id, threads }
        }
        Wait => {
            argc(name, args, 1)?;
            let mask = match s.f().value_type(args[0]) {
                Type::Scalar(Elem::I8 | Elem::I16 | Elem::I32) => s.src(args[0], VisaType::UW)?,
                other => {
                    return Err(invalid(format!("{name}: the mask must be an integer scalar, not {other}")))
                }
            };
            ThreadSync::Wait { mask }
        }
        Yield => {
            argc(name, args, 0)?;
            ThreadSync::Yield
        }
        CacheFlush => {
            argc(name, args, 0)?;
            ThreadSync::SamplerCacheFlush
        }
        SlmInit => {
            // the size of the kernel's shared local memory, which the kernel attributes carry;
            // no instruction
            argc(name, args, 1)?;
            let bytes = const_u64(s, args[0], "the SLM size")?;
            let kb = u32::try_from(bytes.div_ceil(1024))
                .ok()
                .filter(|&kb| kb <= 128)
                .ok_or_else(|| invalid(format!("{name}: {bytes} bytes of SLM exceed 128 KB")))?;
            s.slm_init_kb = s.slm_init_kb.max(kb);
            return Ok(());
        }
        other => return Err(internal(format!("{} is not a synchronization intrinsic", other.name()))),
    };
    s.push(VInst::Sync(op));
    Ok(())
}

/// A `ub` operand of a barrier: an `i8` scalar (an immediate when constant).
fn byte_operand(s: &mut Selector, v: Value, name: &str, what: &str) -> R<SrcOp> {
    if s.f().value_type(v) != Type::Scalar(Elem::I8) {
        return Err(invalid(format!("{name}: the {what} must be an i8 scalar")));
    }
    if let Some(c) = s.f().as_const(v).and_then(|c| c.splat_value()) {
        return Ok(SrcOp::Imm(Imm::UB(c as u8)));
    }
    s.src(v, VisaType::UB)
}

/// The named barrier count attribute of a kernel on a platform with named barriers.
pub(crate) fn nbarrier_attr(s: &Selector) -> Option<m::KernelAttr> {
    let n = s.kernel.nbarrier_count;
    (n > 0 && SyncFeature::NamedBarrier.available(s.platform)).then_some(m::KernelAttr::NBarrierCnt(n as u8))
}
