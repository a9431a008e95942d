//! Selection of the matrix engine (XMX) intrinsics: `llvm.genx.dpas`, `dpas2`, `dpas.nosrc0`,
//! `dpasw` and `dpasw.nosrc0` become one vISA `dpas`/`dpasw`, on the platforms whose finalizer has
//! them; elsewhere selection reports "<intrinsic> is not available on <platform>" with the
//! finalizer's evidence recorded here.

use super::{Selector, R};
use genxc_diag::{invalid, not_available, unsupported};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{InstId, Value};
use genxc_genx::{Elem, Platform};
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Inst as VInst, Precision, Raw, VisaType};

/// The two forms of the systolic instruction, with where Intel's finalizer has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XmxFeature {
    /// `dpas`: Xe-HPG (DG2) and Xe-HPC (PVC).
    Dpas,
    /// `dpasw`: Xe-HPG (DG2) only.
    Dpasw,
}

impl XmxFeature {
    /// Both forms.
    pub const ALL: [XmxFeature; 2] = [XmxFeature::Dpas, XmxFeature::Dpasw];

    /// The vISA mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            XmxFeature::Dpas => "dpas",
            XmxFeature::Dpasw => "dpasw",
        }
    }

    /// Whether platform `p` has the instruction.
    pub fn available(self, p: Platform) -> bool {
        match self {
            XmxFeature::Dpas => matches!(p, Platform::Dg2 | Platform::Pvc),
            XmxFeature::Dpasw => p == Platform::Dg2,
        }
    }

    /// What Intel's finalizer (`GenX_IR`) does with the instruction where it is missing.
    pub fn evidence(self) -> &'static str {
        match self {
            XmxFeature::Dpas => {
                "GenX_IR -platform SKL and TGLLP: `vISA instruction not supported on this platform`; \
                 -platform MTL: `invalid encoding mode for platform` (Xe-LPG has no systolic array; \
                 vc-intrinsics lists dpas for XeHP+ except XeLPG)"
            }
            XmxFeature::Dpasw => {
                "GenX_IR -platform PVC: `dpasw instuction is not supported on selected platform`; \
                 SKL, TGLLP and MTL have no dpas at all"
            }
        }
    }
}

/// The operands of one dpas call, whatever the intrinsic's form.
struct DpasCall {
    acc: Option<Value>,
    src1: Value,
    src2: Value,
    w: Precision,
    a: Precision,
    depth: u8,
    repeat: u8,
    /// `dpas2`'s result signedness (1 signed, 0 unsigned); `None` for the other forms.
    signed_result: Option<bool>,
}

/// The precision of a `dpas` field value (vISA's binary codes).
fn precision(code: u64, what: &str, name: &str) -> R<Precision> {
    u8::try_from(code)
        .ok()
        .and_then(Precision::from_code)
        .ok_or_else(|| invalid(format!("{name}: {what} {code} is not a dpas precision (1..=11)")))
}

/// Emits the vISA `dpas`/`dpasw` of a call of one of the XMX intrinsics.
pub(super) fn dpas(s: &mut Selector, id: InstId, iid: IntrinsicId, args: &[Value]) -> R<()> {
    use IntrinsicId::*;
    let name = iid.name();
    let feature = if matches!(iid, Dpasw | DpaswNosrc0) { XmxFeature::Dpasw } else { XmxFeature::Dpas };
    if !feature.available(s.platform) {
        return Err(not_available(format!("{name} is not available on {}", s.platform)));
    }
    let cst = |s: &Selector, v: Value, what: &str| -> R<u64> {
        s.f()
            .as_const(v)
            .and_then(|c| c.splat_value())
            .ok_or_else(|| invalid(format!("{name}: the {what} must be a constant")))
    };
    let call = match iid {
        Dpas | Dpasw | DpasNosrc0 | DpaswNosrc0 => {
            let nosrc0 = matches!(iid, DpasNosrc0 | DpaswNosrc0);
            let n = if nosrc0 { 3 } else { 4 };
            if args.len() != n {
                return Err(invalid(format!("{name} takes {n} operands, found {}", args.len())));
            }
            let ops = &args[usize::from(!nosrc0)..];
            // the operation word: repeat count << 24 | depth << 16 | src2 precision << 8 | src1's
            let info = cst(s, ops[2], "operation (precisions, depth, repeat count)")?;
            DpasCall {
                acc: (!nosrc0).then(|| args[0]),
                src1: ops[0],
                src2: ops[1],
                w: precision(info & 0xff, "src1 precision", name)?,
                a: precision(info >> 8 & 0xff, "src2 precision", name)?,
                depth: (info >> 16 & 0xff) as u8,
                repeat: (info >> 24 & 0xff) as u8,
                signed_result: None,
            }
        }
        Dpas2 => {
            if args.len() != 9 {
                return Err(invalid(format!("{name} takes 9 operands, found {}", args.len())));
            }
            let depth = cst(s, args[5], "systolic depth")?;
            let repeat = cst(s, args[6], "repeat count")?;
            DpasCall {
                acc: Some(args[0]),
                src1: args[1],
                src2: args[2],
                w: precision(cst(s, args[3], "src1 precision")?, "src1 precision", name)?,
                a: precision(cst(s, args[4], "src2 precision")?, "src2 precision", name)?,
                depth: u8::try_from(depth).unwrap_or(0),
                repeat: u8::try_from(repeat).unwrap_or(0),
                signed_result: Some(cst(s, args[7], "result signedness")? != 0),
            }
        }
        _ => return Err(unsupported(name)),
    };
    if call.depth != 8 {
        return Err(invalid(format!("{name}: systolic depth {} (the platform has only 8)", call.depth)));
    }
    if !(1..=8).contains(&call.repeat) {
        return Err(invalid(format!("{name}: repeat count {} is not 1..=8", call.repeat)));
    }
    if call.w.is_float() != call.a.is_float() || (call.w.is_float() && call.w != call.a) {
        return Err(invalid(format!(
            "{name}: src1 precision {} and src2 precision {} do not go together",
            call.w.text(),
            call.a.text()
        )));
    }
    if matches!(call.w, Precision::U1 | Precision::S1) || matches!(call.a, Precision::U1 | Precision::S1) {
        return Err(not_available(format!("{name} with 1-bit precision is not available on {}", s.platform)));
    }
    // N: the execution size is the number of dwords in a GRF
    let lanes = s.platform.grf_bytes() / 4;
    let ty = s.f().insts[id].ty;
    let rows = u32::from(call.repeat);
    if ty.num_elems() != lanes * rows {
        return Err(invalid(format!(
            "{name}: the result has {} elements, not {lanes} lanes x repeat count {rows} on {}",
            ty.num_elems(),
            s.platform
        )));
    }
    let dty = match ty.elem() {
        Some(Elem::Float) => VisaType::F,
        Some(Elem::Half) => VisaType::HF,
        Some(Elem::I32) if call.signed_result == Some(false) => VisaType::UD,
        Some(Elem::I32) => VisaType::D,
        other => {
            return Err(unsupported(format!("{name} with a result of {other:?} elements").to_lowercase()))
        }
    };
    if call.w.is_float() != matches!(dty, VisaType::F | VisaType::HF) {
        return Err(invalid(format!(
            "{name}: a {} result from {} inputs",
            if call.w.is_float() { "integer" } else { "floating-point" },
            call.w.text()
        )));
    }
    let ops = m::dpas_ops_per_chan(call.w, call.a);
    let bytes = |v: Value| s.f().value_type(v).bytes();
    let src1_bytes = lanes * u32::from(call.depth) * ops * call.w.bits() / 8;
    if bytes(call.src1) < src1_bytes {
        return Err(invalid(format!(
            "{name}: src1 has {} bytes, the operation reads {src1_bytes}",
            bytes(call.src1)
        )));
    }
    let src0 = match call.acc {
        Some(v) if !s.f().as_const(v).is_some_and(|c| c.is_undef() || c.splat_value() == Some(0)) => {
            let acc_elem = s.f().value_type(v).elem();
            if acc_elem != ty.elem() || s.f().value_type(v).num_elems() != ty.num_elems() {
                return Err(invalid(format!("{name}: the accumulator's type is not the result's")));
            }
            let var = s.block_var(v)?;
            Raw::of(s.view(var, dty)?)
        }
        _ => Raw::NULL,
    };
    let src1 = s.block_var(call.src1)?;
    let src1 = Raw::of(s.view(src1, VisaType::D)?);
    let src2 = s.block_var(call.src2)?;
    let src2 = m::Src::vec(s.view(src2, VisaType::D)?, 0);
    let dst = s.var_of(Value::Inst(id))?;
    let dst = Raw::of(s.view(dst, dty)?);
    s.push(VInst::Dpas {
        wide: feature == XmxFeature::Dpasw,
        exec: Exec::new(lanes as u8),
        dst,
        src0,
        src1,
        src2,
        w: call.w,
        a: call.a,
        depth: call.depth,
        repeat: call.repeat,
    });
    Ok(())
}
