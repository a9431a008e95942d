//! The sampler: sampler arguments and the sampler unit's messages. A sampler argument of a kernel
//! (kind 1 in `!genx.kernels`, "sampler_t") is a sampler variable (`S0`..) bound from the thread
//! payload, where the runtime writes the sampler-state index the argument gets (0, 1, ... in
//! argument order, kernels.json's `bti`); used as a general value (passed on, selected, computed
//! with) it reads a general variable set to that index at the kernel's entry, as a surface
//! argument does. A message's sampler operand that is not the argument itself (a constant index, a
//! general argument, a subroutine parameter, a phi or select) is put in the kernel's sampler
//! temporary with `movs` right before the message. The messages: `llvm.genx.sample` (vISA
//! `sample`: filtered, normalized float coordinates) and `llvm.genx.load` (vISA `load`:
//! unfiltered texels at integer coordinates), SIMD8 or SIMD16, the result the enabled channels one
//! after another (SoA).

use super::intrinsics::{argc, const_u64};
use super::{Selector, R};
use crate::availability::SamplerFeature;
use genxc_diag::{invalid, not_available, unsupported};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{InstId, Value};
use genxc_genx::metadata::KernelArg;
use genxc_genx::{Elem, Type};
use genxc_visa::model::{self as m, Exec, Inst as VInst, Raw};
use genxc_visa::model::{Imm, SrcOp, VisaType};

/// The largest sampler index a message may name (a sampler state table has 16 entries).
const MAX_SAMPLER_INDEX: u64 = 15;

impl Selector<'_> {
    /// Sampler argument `p` of the kernel: its sampler variable, bound from the payload.
    pub(crate) fn declare_sampler_input(&mut self, p: usize, arg: &KernelArg) -> R<()> {
        let index = self.kernel.sampler_index(p).ok_or("a sampler argument without an index")?;
        let name = match self.fx().asg.var(Value::Param(p as u32)) {
            Some(idx) => self.fx().asg.vars[idx.0 as usize].name.clone(),
            None => format!("sampler{index}"),
        };
        let sid = self.k.add_sampler(&name);
        self.samplers.insert(p as u32, (sid, index));
        if let Some(off) = arg.offset {
            self.k.inputs.push(m::Input {
                target: m::InputTarget::Sampler(sid),
                offset: off as u16,
                size: 4,
                implicit: 0,
            });
        }
        Ok(())
    }

    /// The sampler variable of a message's sampler operand: a sampler argument's own variable,
    /// first set to the argument's fixed sampler index (`bti` in kernels.json) with `movs`, so
    /// the finalizer puts the constant index in the message descriptor (read from the payload,
    /// the index is added to the descriptor at run time); or, for a constant index (0..15) or
    /// one computed at run time (a general argument, a subroutine parameter, a phi, a select),
    /// the kernel's sampler temporary set to it with `movs` right before the message.
    fn sampler_operand(&mut self, v: Value, name: &str) -> R<m::SamplerId> {
        if let Value::Param(p) = v {
            if self.cur == 0 {
                if let Some(&(sid, index)) = self.samplers.get(&p) {
                    self.push(VInst::MovsSampler { exec: Exec::nm(1), dst: sid, src: Imm::UD(index).into() });
                    return Ok(sid);
                }
            }
        }
        let ty = self.f().value_type(v);
        if ty != Type::Scalar(Elem::I32) {
            return Err(invalid(format!("{name}: the sampler operand must be an i32 scalar")));
        }
        let src: SrcOp = match self.f().as_const(v) {
            Some(c) => match c.splat_value() {
                Some(i) if i <= MAX_SAMPLER_INDEX => Imm::UD(i as u32).into(),
                Some(i) => {
                    return Err(invalid(format!(
                        "{name}: sampler index {i} (a sampler state table has 0..{MAX_SAMPLER_INDEX})"
                    )))
                }
                None => return Err(invalid(format!("{name}: the sampler operand is undefined"))),
            },
            None => self.src(v, VisaType::UD)?,
        };
        let sid = match self.sampler_temp {
            Some(sid) => sid,
            None => {
                let sid = self.k.add_sampler("sampler_index");
                self.sampler_temp = Some(sid);
                sid
            }
        };
        self.push(VInst::MovsSampler { exec: Exec::nm(1), dst: sid, src });
        Ok(sid)
    }
}

/// Whether a coordinate operand is undefined or all zero.
fn zero_coordinate(s: &Selector, v: Value) -> bool {
    s.f().as_const(v).is_some_and(|c| c.is_undef() || c.splat_value() == Some(0))
}

/// A coordinate operand of a sampler message: `%null` when it and every later one (`trailing_null`)
/// are undefined or all zero (`trailing_null` tells whether every later one is), else its
/// variable as a block. The finalizer builds the whole payload of a `sample` or `load` whatever
/// its operands, copying `%null` into it like any variable: an all-zero coordinate is therefore
/// written as zeros into a variable of its own, which the finalizer places in the payload (one
/// instruction, as the copy of `%null` would be, and the parameter is a defined 0 as in Intel's
/// vISA); only an undefined one is `%null`.
fn coordinate(s: &mut Selector, v: Value, trailing_null: bool) -> R<Raw> {
    if !trailing_null || !zero_coordinate(s, v) {
        return Ok(Raw::of(s.block_var(v)?));
    }
    let c = s.f().as_const(v).cloned().filter(|c| !c.is_undef());
    let Some(c) = c else { return Ok(Raw::NULL) };
    let ty = if c.ty.elem() == Some(Elem::Float) { VisaType::F } else { VisaType::D };
    let n = c.ty.num_elems();
    let zeros = s.temp(ty, n)?;
    s.k.vars.last_mut().expect("just added").align = m::Align::Grf;
    let zero = if ty == VisaType::F { Imm::F(0.0) } else { Imm::D(0) };
    let dst = m::Dst { var: zeros, row: 0, col: 0, hstride: 1 };
    s.push(VInst::Alu {
        op: m::AluOp::Mov,
        pred: None,
        sat: false,
        exec: Exec::nm(n as u8),
        dst: dst.into(),
        srcs: vec![SrcOp::Imm(zero)],
    });
    Ok(Raw::of(zeros))
}

/// The exec size of a sampler message from the lanes of its `u` coordinates.
fn sampler_exec(s: &Selector, u: Value, name: &str) -> R<Exec> {
    let n = s.f().value_type(u).num_elems();
    if !matches!(n, 8 | 16) {
        return Err(invalid(format!("{name}: {n} coordinates (a sampler message has 8 or 16 lanes)")));
    }
    if n == 8 && s.grf() == 64 {
        return Err(unsupported(format!(
            "{name} with 8 lanes on {} (64-byte registers: each channel of the result would start a \
             new register, half of it unused)",
            s.platform
        )));
    }
    Ok(Exec::new(n as u8))
}

/// The video analytics intrinsics (`llvm.genx.va.*`, `llvm.genx.va.hdc.*`): refused on every
/// platform, their vISA (`va`, `va_skl_plus`) having no text form the finalizer takes.
pub(crate) fn video_analytics(s: &Selector, iid: IntrinsicId) -> R<()> {
    let feature = SamplerFeature::VideoAnalytics;
    if feature.available(s.platform) {
        return Err(unsupported(format!("{}: the video analytics operations are not selected", iid.name())));
    }
    Err(not_available(format!("{} is not available on {} ({})", iid.name(), s.platform, feature.evidence())))
}

/// `llvm.genx.sample` (channel mask, sampler, surface, u, v, r) and `llvm.genx.load` (channel
/// mask, surface, u, v, r): the enabled channels of each lane, SoA.
pub(crate) fn sampler_message(s: &mut Selector, id: InstId, iid: IntrinsicId, args: &[Value]) -> R<()> {
    let name = iid.name();
    let sample = iid == IntrinsicId::Sample;
    if sample && !SamplerFeature::Sample.available(s.platform) {
        return Err(not_available(format!(
            "{name} is not available on {} ({})",
            s.platform,
            SamplerFeature::Sample.evidence()
        )));
    }
    argc(name, args, if sample { 6 } else { 5 })?;
    let mask = const_u64(s, args[0], "the channel mask")?;
    let channels = m::Channels { r: mask & 1 != 0, g: mask & 2 != 0, b: mask & 4 != 0, a: mask & 8 != 0 };
    if channels.bits() == 0 || mask > 15 {
        return Err(invalid(format!("{name}: invalid channel mask {mask}")));
    }
    let coords = &args[if sample { 3 } else { 2 }..];
    let exec = sampler_exec(s, coords[0], name)?;
    let want = if sample { Elem::Float } else { Elem::I32 };
    for &c in coords {
        let t = s.f().value_type(c);
        if t.elem() != Some(want) || t.num_elems() != u32::from(exec.size) {
            return Err(invalid(format!(
                "{name}: the coordinates must be {} x {} vectors, one is {t}",
                exec.size,
                if sample { "float" } else { "i32" }
            )));
        }
    }
    let ty = s.f().insts[id].ty;
    let lanes = u32::from(exec.size) * channels.bits().count_ones();
    if ty.num_elems() != lanes || !matches!(ty.elem(), Some(Elem::I32 | Elem::Float)) {
        return Err(invalid(format!(
            "{name}: the result must be {lanes} i32 or float elements (lanes times enabled channels), \
             not {ty}"
        )));
    }
    let sampler = if sample { Some(s.sampler_operand(args[1], name)?) } else { None };
    let surface = s.surface(args[if sample { 2 } else { 1 }])?;
    let u = Raw::of(s.block_var(coords[0])?);
    let r = coordinate(s, coords[2], true)?;
    let v = coordinate(s, coords[1], r.var == m::VarId::NULL)?;
    let dst = Raw::of(s.var_of(Value::Inst(id))?);
    s.push(match sampler {
        Some(sampler) => VInst::Sample { channels, exec, sampler, surface, u, v, r, dst },
        None => VInst::Load { channels, exec, surface, u, v, r, dst },
    });
    Ok(())
}

/// `llvm.genx.sample.unorm` (channel mask with the output format in bits 5:4, sampler, surface,
/// u, v, du, dv): vISA `sample_unorm`, 32 pixels of each enabled channel as 16-bit values.
pub(crate) fn sample_unorm(s: &mut Selector, id: InstId, args: &[Value]) -> R<()> {
    let name = IntrinsicId::SampleUnorm.name();
    argc(name, args, 7)?;
    let mask = const_u64(s, args[0], "the channel mask")?;
    let channels = m::Channels { r: mask & 1 != 0, g: mask & 2 != 0, b: mask & 4 != 0, a: mask & 8 != 0 };
    if channels.bits() == 0 || mask > 0x3f {
        return Err(invalid(format!("{name}: invalid channel mask {mask:#x}")));
    }
    let format = m::UnormOutput::ALL[(mask >> 4 & 3) as usize];
    for &c in &args[3..] {
        if s.f().value_type(c) != Type::Scalar(Elem::Float) {
            return Err(invalid(format!("{name}: the coordinates and steps must be float scalars")));
        }
    }
    let ty = s.f().insts[id].ty;
    let want = 32 * channels.bits().count_ones();
    if ty.num_elems() != want || ty.elem() != Some(Elem::I16) {
        return Err(invalid(format!(
            "{name}: the result must be {want} i16 elements (32 pixels times the enabled channels), not {ty}"
        )));
    }
    let sampler = s.sampler_operand(args[1], name)?;
    let surface = s.surface(args[2])?;
    let [u, v, du, dv] = [args[3], args[4], args[5], args[6]].map(|a| s.src(a, VisaType::F));
    let dst = Raw::of(s.var_of(Value::Inst(id))?);
    s.push(VInst::SampleUnorm { channels, format, sampler, surface, u: u?, v: v?, du: du?, dv: dv?, dst });
    Ok(())
}

/// `llvm.genx.avs` (channel mask, sampler, surface, u, v, du, dv, u2d, group id, vertical block
/// number, output format control, v2d, execution mode, IEF bypass): vISA `avs`, a block of 16 x 4
/// or 16 x 8 pixels of each enabled channel from the adaptive video scaler, as 16-bit values.
pub(crate) fn avs(s: &mut Selector, id: InstId, args: &[Value]) -> R<()> {
    let name = IntrinsicId::Avs.name();
    argc(name, args, 14)?;
    let mask = const_u64(s, args[0], "the channel mask")?;
    let channels = m::Channels { r: mask & 1 != 0, g: mask & 2 != 0, b: mask & 4 != 0, a: mask & 8 != 0 };
    if channels.bits() == 0 || mask > 0xf {
        return Err(invalid(format!("{name}: invalid channel mask {mask:#x}")));
    }
    let cntrl = const_u64(s, args[10], "the output format control")?;
    let format = *m::UnormOutput::ALL
        .get(cntrl as usize)
        .ok_or_else(|| invalid(format!("{name}: invalid output format control {cntrl}")))?;
    let code = const_u64(s, args[12], "the execution mode")?;
    let mode = match code {
        0 => m::AvsExecMode::Block16x4,
        2 => m::AvsExecMode::Block16x8,
        1 | 3 => {
            return Err(not_available(format!(
                "{name} is not available on {} with execution mode {code} ({}): vISA 4.1 text names \
                 only AVS_16x4 and AVS_16x8 (GenX_IR prints AVS_INVALID for the others)",
                s.platform,
                if code == 1 { "8x4" } else { "4x4" }
            )))
        }
        _ => return Err(invalid(format!("{name}: invalid execution mode {code}"))),
    };
    for (i, want, what) in [
        (3, Elem::Float, "u"),
        (4, Elem::Float, "v"),
        (5, Elem::Float, "deltaU"),
        (6, Elem::Float, "deltaV"),
        (7, Elem::Float, "u2d"),
        (8, Elem::I32, "the group id"),
        (9, Elem::I32, "the vertical block number"),
        (11, Elem::Float, "v2d"),
        (13, Elem::I8, "the IEF bypass"),
    ] {
        if s.f().value_type(args[i]) != Type::Scalar(want) {
            return Err(invalid(format!("{name}: {what} must be a {want:?} scalar").to_lowercase()));
        }
    }
    let pixels = match mode {
        m::AvsExecMode::Block16x4 => 64,
        m::AvsExecMode::Block16x8 => 128,
    };
    let ty = s.f().insts[id].ty;
    let want = 2 * pixels * channels.bits().count_ones();
    if ty.bytes() != want {
        return Err(invalid(format!(
            "{name}: the result must be {want} bytes ({pixels} pixels of 16 bits per enabled channel), not {ty}"
        )));
    }
    let sampler = s.sampler_operand(args[1], name)?;
    let surface = s.surface(args[2])?;
    let f = |s: &mut Selector, i: usize| s.src(args[i], VisaType::F);
    let (u, v, du, dv, u2d, v2d) = (f(s, 3)?, f(s, 4)?, f(s, 5)?, f(s, 6)?, f(s, 7)?, f(s, 11)?);
    let group = s.src(args[8], VisaType::UD)?;
    let vblock = s.src(args[9], VisaType::UD)?;
    let ief_bypass = s.src(args[13], VisaType::UB)?;
    let dst = Raw::of(s.var_of(Value::Inst(id))?);
    s.push(VInst::Avs {
        channels,
        format,
        mode,
        sampler,
        surface,
        u,
        v,
        du,
        dv,
        u2d,
        group,
        vblock,
        v2d,
        ief_bypass,
        dst,
    });
    Ok(())
}

/// The operation of a 3D sampler message: a load (`llvm.genx.3d.load`) or a sample
/// (`llvm.genx.3d.sample`), from bits 4:0 of the intrinsic's operation operand.
enum Op3d {
    Load(m::Load3dOp),
    Sample(m::Sample3dOp),
}

/// `llvm.genx.3d.load` (operation, predicate, channel mask, texel offsets, surface, 1..15
/// parameters) and `llvm.genx.3d.sample` (the same with a sampler before the surface): vISA
/// `load_3d`/`load_lz`/`load_2dms_w`/`load_mcs` or `sample_3d`/`sample_b`/.../`lod` and the
/// gather4 forms `sample4`/`sample4_c`/`sample4_po`/`sample4_po_c` by the operation's bits 4:0
/// (bit 5 asks for the pixel null mask register after the channels); the lanes are the
/// predicate's, the result the enabled channels one after another (SoA; a gather4's four texels
/// of its one source channel), each filling whole registers. Load parameters are i32 or i16 vectors, sample ones float or half.
pub(crate) fn sampler_3d(s: &mut Selector, id: InstId, iid: IntrinsicId, args: &[Value]) -> R<()> {
    let name = iid.name();
    let sample = iid == IntrinsicId::Sample3d;
    let fixed = if sample { 6 } else { 5 };
    if args.len() <= fixed || args.len() > fixed + 15 {
        return Err(invalid(format!("{name}: {} operands ({fixed} fixed and 1..15 parameters)", args.len())));
    }
    let op_bits = const_u64(s, args[0], "the sampler operation")?;
    if sample && op_bits & 0xc0 != 0 {
        return Err(unsupported(format!(
            "{name}: operation {op_bits:#x} asks for CPS LOD compensation or a non-uniform sampler"
        )));
    }
    let code = (op_bits & 0x1f) as u8;
    let op = if op_bits >> 8 != 0 {
        None
    } else if sample {
        m::Sample3dOp::from_code(code).map(Op3d::Sample)
    } else {
        m::Load3dOp::from_code(code).filter(|_| op_bits & 0xc0 == 0).map(Op3d::Load)
    };
    let op = op.ok_or_else(|| {
        invalid(format!(
            "{name}: operation {op_bits:#x} is not a sampler {}",
            if sample { "sample" } else { "load" }
        ))
    })?;
    if matches!(op, Op3d::Sample(m::Sample3dOp::Lod)) {
        // GenX_IR (IGC 1.0.12504) prints `lod` for this operation read from a binary but its text
        // reader rejects the mnemonic (syntax error), so the text genxc writes could not be read
        return Err(unsupported(format!(
            "{name} with the lod operation (the finalizer's text reader does not accept `lod`)"
        )));
    }
    let pixel_null_mask = op_bits & 0x20 != 0;
    let n = s.f().value_type(args[1]).num_elems();
    if !matches!(n, 8 | 16) {
        return Err(invalid(format!("{name}: {n} predicate lanes (a sampler message has 8 or 16 lanes)")));
    }
    let exec = Exec::new(n as u8);
    let mask = const_u64(s, args[2], "the channel mask")?;
    let channels = m::Channels { r: mask & 1 != 0, g: mask & 2 != 0, b: mask & 4 != 0, a: mask & 8 != 0 };
    if channels.bits() == 0 || mask > 15 {
        return Err(invalid(format!("{name}: invalid channel mask {mask}")));
    }
    if s.f().value_type(args[3]) != Type::Scalar(Elem::I16) {
        return Err(invalid(format!("{name}: the texel offsets must be an i16 scalar")));
    }
    if let Some(off) = s.f().as_const(args[3]).and_then(|c| c.splat_value()) {
        if off & 0xf000 != 0 {
            return Err(invalid(format!("{name}: texel offsets {off:#x} use the reserved bits 15:12")));
        }
    }
    let mut params = &args[fixed..];
    let pty = s.f().value_type(params[0]);
    let kinds: [Elem; 2] = if sample { [Elem::Float, Elem::Half] } else { [Elem::I32, Elem::I16] };
    for &p in params {
        let t = s.f().value_type(p);
        if t != pty || t.num_elems() != n || !t.elem().is_some_and(|e| kinds.contains(&e)) {
            return Err(invalid(format!(
                "{name}: the parameters must be {n} x {} or {n} x {} vectors, all of one type; one is {t}",
                kinds[0], kinds[1]
            )));
        }
    }
    // trailing parameters that are undefined or zero are left out (they read as 0)
    while params.len() > 1 && zero_coordinate(s, params[params.len() - 1]) {
        params = &params[..params.len() - 1];
    }
    let ty = s.f().insts[id].ty;
    let size = match ty.elem() {
        Some(Elem::I32 | Elem::Float) => 4,
        Some(Elem::I16 | Elem::Half) => 2,
        _ => return Err(invalid(format!("{name}: the result must be 32- or 16-bit elements, not {ty}"))),
    };
    if !(n * size).is_multiple_of(s.grf()) {
        return Err(unsupported(format!(
            "{name} with {n} lanes of {size}-byte elements on {} (each channel of the result starts a \
             new register, part of it unused)",
            s.platform
        )));
    }
    let extra = if pixel_null_mask { s.grf() / size } else { 0 };
    // a gather4 (`sample4*`) reads one source channel, its mask's only bit, of the 2x2 texels the
    // filter would read and returns the four texels' values as the four channels
    let gather4 = matches!(
        op,
        Op3d::Sample(
            m::Sample3dOp::Gather4
                | m::Sample3dOp::Gather4C
                | m::Sample3dOp::Gather4Po
                | m::Sample3dOp::Gather4PoC
        )
    );
    if gather4 && channels.bits().count_ones() != 1 {
        return Err(invalid(format!(
            "{name}: a gather4 reads one source channel, not the channel mask {mask}"
        )));
    }
    let returned = if gather4 { 4 } else { channels.bits().count_ones() };
    let lanes = n * returned + extra;
    if ty.num_elems() != lanes {
        return Err(invalid(format!(
            "{name}: the result must be {lanes} elements (lanes times {}{}), not {ty}",
            if gather4 { "the four texels of a gather4" } else { "enabled channels" },
            if pixel_null_mask { ", and a register of pixel null mask" } else { "" }
        )));
    }
    let (wm, exec) = crate::intrinsics::lane_pred(s, args[1], exec, name)?;
    if wm.em {
        return Err(unsupported(format!("{name} under SIMD control flow")));
    }
    let aoffimmi = s.src(args[3], VisaType::UW)?;
    let sampler = if sample { Some(s.sampler_operand(args[4], name)?) } else { None };
    let surface = s.surface(args[fixed - 1])?;
    let params = params.iter().map(|&p| Ok(Raw::of(s.block_var(p)?))).collect::<R<Vec<Raw>>>()?;
    let dst = Raw::of(s.var_of(Value::Inst(id))?);
    let pred = wm.pred;
    s.push(match (op, sampler) {
        (Op3d::Sample(op), Some(sampler)) => VInst::Sample3d {
            op,
            pixel_null_mask,
            pred,
            exec,
            channels,
            aoffimmi,
            sampler,
            surface,
            dst,
            params,
        },
        (Op3d::Load(op), _) => {
            VInst::Load3d { op, pixel_null_mask, pred, exec, channels, aoffimmi, surface, dst, params }
        }
        (Op3d::Sample(_), None) => return Err(invalid(format!("{name}: a sample without a sampler"))),
    });
    Ok(())
}
