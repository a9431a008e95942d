//! Raw message intrinsics (`llvm.genx.raw.send*`): the operands of a raw send or split send
//! checked and laid out as one vISA `raw_send`/`raw_sends`, its exec size, GRF counts and shared
//! function taken from the operands or given explicitly.

use super::{argc, const_u64, keep_old, msg_exec, vector_or_true_pred};
use crate::{Selector, WriteMask, R};
use genxc_diag::{invalid, unsupported};
use genxc_genx::intrinsics::RawSendForm;
use genxc_genx::ir::{InstId, Value};
use genxc_genx::{Elem, Type};
use genxc_visa::model::{Exec, Inst as VInst, Raw, VisaType};

/// An operand of a raw send intrinsic.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SendArg {
    Modifier,
    ExecSize,
    Pred,
    NumSrc0,
    NumSrc1,
    NumDst,
    Sfid,
    ExDesc,
    Desc,
    Src0,
    Src1,
    Old,
}

/// Raw messages: `llvm.genx.raw.send[s][.noresult]`, whose exec size comes from the predicate
/// (16 for a scalar `i1`) and whose sizes in GRFs are those of the operands, and
/// `llvm.genx.raw.send[s]2[.noresult]`, which give exec size, sizes and shared function.
pub(super) fn raw_send(s: &mut Selector, id: InstId, form: RawSendForm, name: &str, args: &[Value]) -> R<()> {
    use SendArg::*;
    let RawSendForm { split, explicit, noresult } = form;
    // operand order of each form
    let mut roles = vec![Modifier];
    if explicit {
        roles.push(ExecSize);
    }
    roles.push(Pred);
    if explicit {
        roles.push(NumSrc0);
        if split {
            roles.push(NumSrc1);
        }
        if !noresult {
            roles.push(NumDst);
        }
    }
    if split || explicit {
        roles.push(Sfid);
    }
    roles.extend([ExDesc, Desc, Src0]);
    if split {
        roles.push(Src1);
    }
    if !noresult {
        roles.push(Old);
    }
    argc(name, args, roles.len())?;
    // every role asked for below is one of this form's
    let arg = |r: SendArg| roles.iter().position(|x| *x == r).map_or(args[0], |i| args[i]);
    let c = |s: &Selector, r: SendArg, what: &str| const_u64(s, arg(r), &format!("{name}: the {what}"));
    let modifier = c(s, Modifier, "modifier")?;
    if modifier > if explicit { 3 } else { 1 } {
        return Err(invalid(format!(
            "{name}: invalid modifier {modifier} (bit 0 is sendc{})",
            if explicit { ", bit 1 end of thread" } else { "" }
        )));
    }
    if explicit && modifier & 2 != 0 {
        return Err(unsupported(format!("{name} that ends the thread (EOT)")));
    }
    let sendc = modifier & 1 != 0;
    let pt = s.f().value_type(arg(Pred));
    if pt.elem() != Some(Elem::I1) {
        return Err(invalid(format!("{name}: the predicate must be i1 or a vector of i1, not {pt}")));
    }
    let exec = if explicit {
        let b = c(s, ExecSize, "exec size")?;
        if b & 0xF > 5 {
            return Err(invalid(format!(
                "{name}: invalid exec size code {} (0 to 5 for 1 to 32 lanes)",
                b & 0xF
            )));
        }
        let ctl = (b >> 4) & 0xF;
        Exec { nomask: ctl >= 8, ..msg_exec(s, 1 << (b & 0xF), name)?.at((ctl & 7) as u8) }
    } else if pt.is_vector() {
        msg_exec(s, pt.num_elems(), name)?
    } else {
        Exec::nm(16)
    };
    // A constant all-true predicate of any width is no predicate (Intel's compiler drops it: the
    // CM compiler writes `<16 x i1>` true for a 1-lane send); another one has one bit per lane.
    let all_true = s.f().as_const(arg(Pred)).and_then(|c| c.splat_value()) == Some(1);
    let (WriteMask { pred, em, .. }, masked) =
        if all_true { (WriteMask::default(), exec) } else { vector_or_true_pred(s, arg(Pred), exec, name)? };
    if em && explicit {
        return Err(unsupported(format!(
            "{name} (with an explicit execution size) predicated by the SIMD control flow execution mask"
        )));
    }
    // under a slice of EM: the lanes the hardware mask enables, from that slice's first lane
    let exec = if em { masked } else { exec };
    // sizes in GRFs
    let grf = s.grf();
    let payload = |s: &Selector, v: Value, what: &str| -> R<u32> {
        let t = s.f().value_type(v);
        if !t.is_vector() {
            return Err(invalid(format!("{name}: the {what} must be a vector, not {t}")));
        }
        Ok(t.bytes().div_ceil(grf))
    };
    let mut n0 = payload(s, arg(Src0), "payload")?;
    let mut n1 = if split { payload(s, arg(Src1), "second payload")? } else { 0 };
    let mut nd = if noresult { 0 } else { payload(s, Value::Inst(id), "result")? };
    if explicit {
        let given = |s: &Selector, r: SendArg, what: &str, have: u32| -> R<u32> {
            let g = c(s, r, &format!("{what} size"))?;
            if g > u64::from(have) {
                return Err(invalid(format!(
                    "{name}: the {what} size is {g} GRFs, but the operand holds {have}"
                )));
            }
            Ok(g as u32)
        };
        n0 = given(s, NumSrc0, "payload", n0)?;
        n1 = if split { given(s, NumSrc1, "second payload", n1)? } else { 0 };
        nd = if noresult { 0 } else { given(s, NumDst, "result", nd)? };
    }
    let (max_src, max_dst) = if split || explicit { (32, 32) } else { (15, 16) };
    if n0 == 0 || n0 > max_src || n1 > max_src || nd > max_dst {
        return Err(invalid(format!(
            "{name}: {n0}, {n1} and {nd} GRFs of payload, second payload and result; a send takes 1 to \
             {max_src}, 0 to {max_src} and 0 to {max_dst}"
        )));
    }
    for (r, what) in [(ExDesc, "extended descriptor"), (Desc, "descriptor")] {
        let t = s.f().value_type(arg(r));
        if t != Type::Scalar(Elem::I32) {
            return Err(invalid(format!("{name}: the {what} must be an i32 scalar, not {t}")));
        }
    }
    let sfid = if split || explicit { c(s, Sfid, "shared function id")? } else { 0 };
    if sfid > 15 {
        return Err(invalid(format!("{name}: invalid shared function id {sfid}")));
    }
    if sendc && sfid != 0 {
        return Err(unsupported(format!(
            "{name} as sendc to shared function {sfid} (the vISA text form of raw_sendsc has \
             no shared function id)"
        )));
    }
    if !split && !explicit {
        // the finalizer checks the lengths of an immediate descriptor against the operands
        if let Some(d) = s.f().as_const(arg(Desc)).and_then(|c| c.splat_value()) {
            let (mlen, rlen) = ((d >> 25) & 0xF, (d >> 20) & 0x1F);
            if mlen > u64::from(n0) || rlen > u64::from(nd) {
                return Err(invalid(format!(
                    "{name}: the descriptor 0x{d:x} gives message length {mlen} and response length \
                     {rlen}, more than the GRFs of the payload ({n0}) or of the result ({nd})"
                )));
            }
        }
    }
    let src0 = Raw::of(s.block_var(arg(Src0))?);
    let src1 = if split && n1 > 0 { Raw::of(s.block_var(arg(Src1))?) } else { Raw::NULL };
    let used = s.fx().bales.use_count(Value::Inst(id)) > 0;
    let dst = if noresult || !used {
        Raw::NULL
    } else {
        // the message may leave lanes or registers alone: they keep the old value
        keep_old(s, id, arg(Old))?;
        s.msg_dst(id)?
    };
    let desc = s.src(arg(Desc), VisaType::UD)?;
    if split || explicit {
        let exdesc = s.src(arg(ExDesc), VisaType::UD)?;
        let (eot, sfid) = (false, sfid as u8);
        let (num_src0, num_src1, num_dst) = (n0 as u8, n1 as u8, nd as u8);
        let send = VInst::RawSends {
            sendc,
            eot,
            pred,
            exec,
            sfid,
            num_src0,
            num_src1,
            num_dst,
            exdesc,
            desc,
            src0,
            src1,
            dst,
        };
        s.push(send);
    } else {
        let exdesc = c(s, ExDesc, "extended descriptor")? as u32;
        let (num_src, num_dst) = (n0 as u8, nd as u8);
        s.push(VInst::RawSend { sendc, pred, exec, exdesc, num_src, num_dst, desc, src: src0, dst });
    }
    Ok(())
}
