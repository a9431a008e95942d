//! The ALU instructions: the common-form opcodes ([`AluOp`]), `addc`/`subb`, `min`/`max`, `cmp`,
//! `setp`, `movs` and `addr_add`.
//!
//! Integer operations compute the exact result of the source values (sign- or zero-extended by
//! their types, modifiers applied) and convert it to the destination type (wrapping, or clamping
//! with `.sat`). Float operations compute in `f64` and round once to the destination type; `mad`
//! is fused; `exp`/`log`/`sin`/`cos`/`pow`/`sqrt`/`rsqrt`/`inv`/`div` use [`crate::math`].
//! Precision of the hardware's approximate math is not modeled (see that module).
//!
//! Integer `div`/`mod` by zero give an undefined lane (the hardware result is unspecified and
//! the source languages leave it undefined, so a kernel relying on it is reported when the value
//! is stored). Shift counts are taken modulo 32 (64 when the source or destination is a 64-bit
//! type). `min`/`max` of floats return the other operand when one is NaN (IEEE minNum/maxNum)
//! and order -0 below +0. `cmp` of floats with a NaN is false except `ne`. Float-to-integer
//! conversion truncates toward zero and saturates; integer-to-float rounds to nearest even.
//! A `mov` between integer types of one size copies bits, so it keeps which bytes are defined.

use super::control::enabled;
use super::regions::Val;
use super::state::Thread;
use super::value::{self, Num};
use super::Ctx;
use crate::error::SimError;
use crate::math;
use genxc_visa::{AluOp, CmpDst, CmpOp, DstOp, Exec, Inst, Pred, SrcMod, SrcOp, VarId, VisaType};

impl Thread {
    /// Executes an ALU instruction with the lanes of `mask`.
    pub fn alu(&mut self, cx: &Ctx, inst: &Inst, mask: u32) -> Result<(), SimError> {
        match inst {
            Inst::Alu { op, pred, sat, exec, dst, srcs } => {
                self.alu_op(cx, *op, *pred, *sat, *exec, dst, srcs, mask)
            }
            Inst::Bfn { func, pred, exec, dst, srcs } => {
                let w = self.write_lanes(*pred, *exec, mask)?;
                let n = usize::from(exec.size);
                let ins = srcs.iter().map(|s| self.read_src(cx, s, n, w.0)).collect::<Result<Vec<_>, _>>()?;
                if ins.len() != 3 {
                    return Err(SimError::Malformed("bfn takes 3 sources".into()));
                }
                let dty = self.dst_type(cx, dst)?.unwrap_or(VisaType::UD);
                for i in 0..n {
                    if w.0 >> i & 1 == 0 {
                        continue;
                    }
                    let v = |k: usize| ins[k][i].0.as_int() as u64;
                    let r = bfn_bits(*func, v(0), v(1), v(2)) & value::width_mask(dty);
                    let def = ins.iter().all(|x| x[i].1) && w.1 >> i & 1 == 0;
                    self.write_dst(cx, dst, i, value::encode(dty, Num::I(i128::from(r)), false), def)?;
                }
                Ok(())
            }
            Inst::AddcSubb { sub, pred, exec, dst, carry, src0, src1 } => {
                let w = self.write_lanes(*pred, *exec, mask)?;
                let a = self.read_src(cx, src0, usize::from(exec.size), w.0)?;
                let b = self.read_src(cx, src1, usize::from(exec.size), w.0)?;
                let mut out = Vec::new();
                for i in 0..usize::from(exec.size) {
                    if w.0 >> i & 1 == 0 {
                        continue;
                    }
                    let (x, y) = (a[i].0.as_int() & 0xffff_ffff, b[i].0.as_int() & 0xffff_ffff);
                    let (r, c) = if *sub { (x - y, i128::from(x < y)) } else { (x + y, (x + y) >> 32) };
                    let def = a[i].1 && b[i].1 && w.1 >> i & 1 == 0;
                    out.push((i, r as u64 & 0xffff_ffff, c as u64, def));
                }
                let (d, c) = (DstOp::Gen(*dst), DstOp::Gen(*carry));
                let dty = self.dst_type(cx, &d)?.unwrap_or(VisaType::UD);
                let cty = self.dst_type(cx, &c)?.unwrap_or(VisaType::UD);
                for (i, r, cv, def) in out {
                    self.write_dst(cx, &d, i, value::encode(dty, Num::I(i128::from(r)), false), def)?;
                    self.write_dst(cx, &c, i, value::encode(cty, Num::I(i128::from(cv)), false), def)?;
                }
                Ok(())
            }
            Inst::MinMax { max, sat, exec, dst, src0, src1 } => {
                let en = enabled(*exec, mask);
                let n = usize::from(exec.size);
                let a = self.read_src(cx, src0, n, en)?;
                let b = self.read_src(cx, src1, n, en)?;
                let Some(dty) = self.dst_type(cx, dst)? else { return self.pred_or_addr_dst(dst) };
                let mut out = Vec::new();
                for i in (0..n).filter(|i| en >> i & 1 == 1) {
                    let r = min_max(*max, a[i].0, b[i].0);
                    out.push((i, value::encode(dty, r, *sat), a[i].1 && b[i].1));
                }
                for (i, bits, def) in out {
                    self.write_dst(cx, dst, i, bits, def)?;
                }
                Ok(())
            }
            Inst::Cmp { rel, exec, dst, src0, src1 } => {
                let en = enabled(*exec, mask);
                let n = usize::from(exec.size);
                let a = self.read_src(cx, src0, n, en)?;
                let b = self.read_src(cx, src1, n, en)?;
                for i in (0..n).filter(|i| en >> i & 1 == 1) {
                    let r = compare(*rel, a[i].0, b[i].0);
                    let def = a[i].1 && b[i].1;
                    match dst {
                        CmpDst::Pred(p) => self.set_pred_bit(*p, usize::from(exec.mask) * 4 + i, r, def)?,
                        CmpDst::Gen(d) => {
                            let d = DstOp::Gen(*d);
                            let ty = self.dst_type(cx, &d)?.unwrap_or(VisaType::UD);
                            let bits = if r { value::width_mask(ty) } else { 0 };
                            self.write_dst(cx, &d, i, bits, def)?;
                        }
                    }
                }
                Ok(())
            }
            Inst::Setp { exec, dst, src } => {
                let en = enabled(*exec, mask);
                let n = usize::from(exec.size);
                let scalar = match src {
                    SrcOp::Imm(_) => true,
                    SrcOp::Gen(s) => s.region.vstride == 0 && s.region.width == 1 && s.region.hstride == 0,
                    _ => false,
                };
                let vals =
                    if scalar { self.read_src(cx, src, 1, 1)? } else { self.read_src(cx, src, n, en)? };
                for i in (0..n).filter(|i| en >> i & 1 == 1) {
                    let (bit, def) = if scalar {
                        ((vals[0].0.as_int() >> i) & 1 == 1, vals[0].1)
                    } else {
                        (vals[i].0.as_int() & 1 == 1, vals[i].1)
                    };
                    self.set_pred_bit(*dst, usize::from(exec.mask) * 4 + i, bit, def)?;
                }
                Ok(())
            }
            Inst::Movs { exec: _, dst, src } => {
                let v = self.read_src(cx, src, 1, 1)?;
                if !v[0].1 {
                    return Err(SimError::Undefined(
                        "the binding-table index of a movs was never written".into(),
                    ));
                }
                self.set_surface(*dst, v[0].0.as_int() as u32)
            }
            Inst::MovsSampler { exec: _, dst, src } => {
                let v = self.read_src(cx, src, 1, 1)?;
                if !v[0].1 {
                    return Err(SimError::Undefined("the sampler index of a movs was never written".into()));
                }
                match self.samplers.get_mut(usize::from(dst.0)) {
                    Some(slot) => *slot = Some(v[0].0.as_int() as u32),
                    None => return Err(SimError::Malformed(format!("undeclared sampler S{}", dst.0))),
                }
                Ok(())
            }
            Inst::AddrAdd { exec, dst, base, base_offset, src1 } => {
                let en = enabled(*exec, mask);
                let n = usize::from(exec.size);
                let slot = cx.layout.slot(cx.k, *base)?;
                let off = self.read_src(cx, src1, n, en)?;
                for i in (0..n).filter(|i| en >> i & 1 == 1) {
                    let a = slot.start as i128 + i128::from(*base_offset) + off[i].0.as_int();
                    self.set_addr(*dst, i, a.clamp(0, i128::from(u32::MAX)) as u32, off[i].1)?;
                }
                Ok(())
            }
            _ => Err(SimError::Malformed("not an ALU instruction".into())),
        }
    }

    /// The relative lanes a predicated instruction writes: (written, written with an undefined
    /// predicate).
    fn write_lanes(&self, pred: Option<Pred>, exec: Exec, mask: u32) -> Result<(u32, u32), SimError> {
        let en = enabled(exec, mask);
        let (on, undef) = self.predicate(pred, exec)?;
        Ok((en & (on | undef), en & undef))
    }

    fn pred_or_addr_dst(&self, dst: &DstOp) -> Result<(), SimError> {
        match dst {
            DstOp::Gen(_) => Ok(()), // %null
            _ => Err(SimError::Malformed("min/max into a predicate or address".into())),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn alu_op(
        &mut self,
        cx: &Ctx,
        op: AluOp,
        pred: Option<Pred>,
        sat: bool,
        exec: Exec,
        dst: &DstOp,
        srcs: &[SrcOp],
        mask: u32,
    ) -> Result<(), SimError> {
        let n = usize::from(exec.size);
        if srcs.len() != op.num_srcs() {
            return Err(SimError::Malformed(format!("{} with {} sources", op.mnemonic(), srcs.len())));
        }
        // sel: the predicate selects, every enabled lane is written.
        let (write, undef_pred) = if op == AluOp::Sel {
            let en = enabled(exec, mask);
            let (_, u) = self.predicate(pred, exec)?;
            (en, en & u)
        } else {
            self.write_lanes(pred, exec, mask)?
        };
        if let DstOp::Pred(p) = dst {
            return self.pred_logic(op, exec, *p, srcs, write);
        }
        if op == AluOp::Plane {
            return self.plane(cx, sat, n, dst, srcs, (write, undef_pred));
        }
        if op == AluOp::Mov && !sat && self.bit_copy(cx, n, dst, &srcs[0], (write, undef_pred))? {
            return Ok(());
        }
        let mut vals: Vec<Vec<Val>> = Vec::with_capacity(srcs.len());
        let mut tys = Vec::with_capacity(srcs.len());
        for s in srcs {
            vals.push(self.read_src(cx, s, n, write)?);
            tys.push(self.src_type(cx, s)?);
        }
        let sel = if op == AluOp::Sel { self.predicate(pred, exec)?.0 } else { 0 };
        if let DstOp::Addr(a) = dst {
            for i in (0..n).filter(|i| write >> i & 1 == 1) {
                let v = vals[0][i];
                self.set_addr(*a, i, (v.0.as_int() & 0xffff) as u32, v.1)?;
            }
            return Ok(());
        }
        let Some(dty) = self.dst_type(cx, dst)? else { return Ok(()) };
        let float = dty.is_float() || tys.iter().any(|t| t.is_float());
        let mut out: Vec<(usize, u64, bool)> = Vec::new();
        for i in (0..n).filter(|i| write >> i & 1 == 1) {
            let lane: Vec<Num> = vals.iter().map(|v| v[i].0).collect();
            let mut def = vals.iter().all(|v| v[i].1) && undef_pred >> i & 1 == 0;
            if op == AluOp::Madw {
                let r = lane[0].as_int().wrapping_mul(lane[1].as_int()).wrapping_add(lane[2].as_int());
                let hi_lane = (n as u32 * 4).div_ceil(cx.grf) * cx.grf / dty.size().max(1);
                out.push((i, value::encode(dty, Num::I(r & 0xffff_ffff), false), def));
                out.push((
                    i + hi_lane as usize,
                    value::encode(dty, Num::I((r >> 32) & 0xffff_ffff), false),
                    def,
                ));
                continue;
            }
            if let Some((r, group_def)) = grouped_op(op, &vals, i)? {
                out.push((i, value::encode(dty, r, sat), def && group_def));
                continue;
            }
            let r = if matches!(op, AluOp::Fcvt | AluOp::Srnd) {
                low_precision_op(op, &lane, &tys, dty)?
            } else if op == AluOp::Mov {
                lane[0]
            } else if op == AluOp::Sel {
                if sel >> i & 1 == 1 {
                    lane[0]
                } else {
                    lane[1]
                }
            } else if float {
                Num::F(float_op(op, &lane, dty)?)
            } else {
                match int_op(op, &lane, &tys, dty)? {
                    Some(v) => Num::I(v),
                    None => {
                        def = false;
                        Num::I(0)
                    }
                }
            };
            out.push((i, value::encode(dty, r, sat), def));
        }
        if op == AluOp::Madw {
            if let DstOp::Gen(d) = dst {
                if d.hstride != 1 {
                    return Err(SimError::NotModeled("madw with a strided destination".into()));
                }
            }
        }
        for (i, bits, def) in out {
            self.write_dst(cx, dst, i, bits, def)?;
        }
        Ok(())
    }

    /// A `mov` between integer types of one size, or from a float type to the same type (a raw
    /// move), without saturation or source modifier, copies bits: each destination byte is defined when its source byte is (a lane with some unwritten
    /// bytes keeps its written ones, as the hardware's copy does; reading it whole as a value would
    /// make the whole lane undefined). Gives false, doing nothing, for any other move.
    fn bit_copy(
        &mut self,
        cx: &Ctx,
        n: usize,
        dst: &DstOp,
        src: &SrcOp,
        (write, undef_pred): (u32, u32),
    ) -> Result<bool, SimError> {
        let modifier = match src {
            SrcOp::Gen(s) => s.modifier,
            SrcOp::Ind(s) => s.modifier,
            _ => return Ok(false),
        };
        if modifier != SrcMod::None || !matches!(dst, DstOp::Gen(_) | DstOp::Ind(_)) {
            return Ok(false);
        }
        let sty = self.src_type(cx, src)?;
        let Some(dty) = self.dst_type(cx, dst)? else { return Ok(false) };
        // a float `mov` whose types are the same is a raw move: NaN payloads (signalling NaNs
        // included) and denormals pass unchanged, as on the hardware
        if ((sty.is_float() || dty.is_float()) && sty != dty) || sty.size() != dty.size() {
            return Ok(false);
        }
        if matches!(dst, DstOp::Gen(d) if d.var == VarId::NULL) {
            return Ok(true);
        }
        let es = dty.size() as usize;
        // every lane is read before any is written (the source may overlap the destination)
        let mut lanes = Vec::with_capacity(n);
        for i in (0..n).filter(|i| write >> i & 1 == 1) {
            let (at, ty, var) = self.src_elem(cx, src, i)?;
            self.reg_get(cx, at, ty.size(), var); // warns when some byte is unwritten
            let at = at as usize;
            let data = self.regs.data[at..at + es].to_vec();
            let defined = self.regs.defined[at..at + es].to_vec();
            lanes.push((i, data, defined));
        }
        for (i, data, mut defined) in lanes {
            if undef_pred >> i & 1 == 1 {
                defined.fill(false);
            }
            let (at, _) = self.dst_elem(cx, dst, i)?;
            let at = at as usize;
            self.regs.data[at..at + es].copy_from_slice(&data);
            self.regs.defined[at..at + es].copy_from_slice(&defined);
        }
        Ok(true)
    }

    /// `plane`: src0's first, second and fourth floats (p, q, r) and, per group of 8 lanes, 8
    /// floats u then 8 floats v of src1 (both read contiguously from their start: the regions
    /// are ignored) give `p*u + q*v + r`.
    fn plane(
        &mut self,
        cx: &Ctx,
        sat: bool,
        n: usize,
        dst: &DstOp,
        srcs: &[SrcOp],
        (write, undef_pred): (u32, u32),
    ) -> Result<(), SimError> {
        let contiguous = |s: &SrcOp| match s {
            SrcOp::Gen(g) => Ok(SrcOp::Gen(genxc_visa::Src { region: genxc_visa::Region::CONTIG, ..*g })),
            _ => Err(SimError::NotModeled("plane of an operand other than a register".into())),
        };
        if !matches!(n, 8 | 16) {
            return Err(SimError::Malformed(format!("plane of {n} lanes (8 or 16)")));
        }
        let c = self.read_src(cx, &contiguous(&srcs[0])?, 4, 0xf)?;
        let uv = self.read_src(cx, &contiguous(&srcs[1])?, 2 * n, u32::MAX)?;
        let Some(dty) = self.dst_type(cx, dst)? else { return Ok(()) };
        let mut out = Vec::new();
        for i in (0..n).filter(|i| write >> i & 1 == 1) {
            let (u, v) = (uv[(i / 8) * 16 + i % 8], uv[(i / 8) * 16 + 8 + i % 8]);
            let r =
                math::plane(c[0].0.as_f64(), c[1].0.as_f64(), c[3].0.as_f64(), u.0.as_f64(), v.0.as_f64());
            let def = c[0].1 && c[1].1 && c[3].1 && u.1 && v.1 && undef_pred >> i & 1 == 0;
            out.push((i, value::encode(dty, Num::F(r), sat), def));
        }
        for (i, bits, def) in out {
            self.write_dst(cx, dst, i, bits, def)?;
        }
        Ok(())
    }

    /// Logic on predicates: `and|or|xor|not|mov (..) P P P`.
    fn pred_logic(
        &mut self,
        op: AluOp,
        exec: Exec,
        dst: genxc_visa::PredId,
        srcs: &[SrcOp],
        write: u32,
    ) -> Result<(), SimError> {
        let n = usize::from(exec.size);
        let base = usize::from(exec.mask) * 4;
        let mut out = Vec::new();
        for i in (0..n).filter(|i| write >> i & 1 == 1) {
            let mut bits = Vec::new();
            for s in srcs {
                match s {
                    SrcOp::Pred(p) => bits.push(self.pred_bit(*p, base + i)?),
                    SrcOp::Imm(imm) => bits.push((value::imm_value(imm, 0).as_int() >> i & 1 == 1, true)),
                    _ => {
                        return Err(SimError::NotModeled("a general source of a predicate operation".into()))
                    }
                }
            }
            let def = bits.iter().all(|b| b.1);
            let v = match (op, bits.as_slice()) {
                (AluOp::Mov, [a]) => a.0,
                (AluOp::Not, [a]) => !a.0,
                (AluOp::And, [a, b]) => a.0 && b.0,
                (AluOp::Or, [a, b]) => a.0 || b.0,
                (AluOp::Xor, [a, b]) => a.0 != b.0,
                _ => return Err(SimError::NotModeled(format!("{} on predicates", op.mnemonic()))),
            };
            out.push((base + i, v, def));
        }
        for (l, v, def) in out {
            self.set_pred_bit(dst, l, v, def)?;
        }
        Ok(())
    }
}

/// `min`/`max` of two values (see the module doc for NaN and signed zeros).
pub fn min_max(max: bool, a: Num, b: Num) -> Num {
    match (a, b) {
        (Num::I(x), Num::I(y)) => Num::I(if max { x.max(y) } else { x.min(y) }),
        _ => {
            let (x, y) = (a.as_f64(), b.as_f64());
            if x.is_nan() {
                return Num::F(y);
            }
            if y.is_nan() {
                return Num::F(x);
            }
            let x_first =
                if x == y { (x.is_sign_negative() && !y.is_sign_negative()) != max } else { (x < y) != max };
            Num::F(if x_first { x } else { y })
        }
    }
}

/// The bits of `bfn` with truth table `func` on three sources: each result bit is bit
/// `a | (b << 1) | (c << 2)` of `func` for the sources' bits `a`, `b`, `c` (vISA's BFN: source 0
/// is the table's low index bit, so `0xAA` is source 0, `0xCC` source 1, `0xF0` source 2).
pub fn bfn_bits(func: u8, a: u64, b: u64, c: u64) -> u64 {
    (0..8).filter(|i| func >> i & 1 == 1).fold(0, |acc, i| {
        let pick = |x: u64, bit: u32| if i >> bit & 1 == 1 { x } else { !x };
        acc | (pick(a, 0) & pick(b, 1) & pick(c, 2))
    })
}

/// The relation of `cmp` on two values.
pub fn compare(rel: CmpOp, a: Num, b: Num) -> bool {
    match (a, b) {
        (Num::I(x), Num::I(y)) => match rel {
            CmpOp::Eq => x == y,
            CmpOp::Ne => x != y,
            CmpOp::Gt => x > y,
            CmpOp::Ge => x >= y,
            CmpOp::Lt => x < y,
            CmpOp::Le => x <= y,
        },
        _ => {
            let (x, y) = (a.as_f64(), b.as_f64());
            match rel {
                CmpOp::Eq => x == y,
                CmpOp::Ne => x != y,
                CmpOp::Gt => x > y,
                CmpOp::Ge => x >= y,
                CmpOp::Lt => x < y,
                CmpOp::Le => x <= y,
            }
        }
    }
}

/// The operations across lanes: `dp2`/`dp3`/`dp4`/`dph` give every lane of a group of 4 the
/// group's dot product; `sad2`/`sad2add` give the first lane of each pair the pair's sum of
/// absolute differences (plus src2) and leave the second undefined. Lane `i`'s value and whether
/// the lanes it reads are defined (`None`: not such an operation).
pub fn grouped_op(op: AluOp, vals: &[Vec<Val>], i: usize) -> Result<Option<(Num, bool)>, SimError> {
    let (size, dot) = match op {
        AluOp::Dp2 => (4, Some((2, false))),
        AluOp::Dp3 => (4, Some((3, false))),
        AluOp::Dp4 => (4, Some((4, false))),
        AluOp::Dph => (4, Some((3, true))),
        AluOp::Sad2 | AluOp::Sad2add => (2, None),
        AluOp::Line => {
            // src0's region <0;4,1> gives every group of 4 lanes the 4 coefficients
            let base = i - i % 4;
            if vals[0].len() < base + 4 {
                return Err(SimError::Malformed("line on lanes not in groups of 4".into()));
            }
            let (p, q) = (vals[0][base], vals[0][base + 3]);
            let r = math::line(p.0.as_f64(), q.0.as_f64(), vals[1][i].0.as_f64());
            return Ok(Some((Num::F(r), p.1 && q.1 && vals[1][i].1)));
        }
        _ => return Ok(None),
    };
    let base = i - i % size;
    if vals.iter().any(|v| v.len() < base + size) {
        return Err(SimError::Malformed(format!("{} on lanes not in groups of {size}", op.mnemonic())));
    }
    let def = vals[..2].iter().all(|v| v[base..base + size].iter().all(|x| x.1));
    if let Some((lanes, homogeneous)) = dot {
        let g = |k: usize| -> [f64; 4] { std::array::from_fn(|j| vals[k][base + j].0.as_f64()) };
        return Ok(Some((Num::F(math::dot(lanes, homogeneous, g(0), g(1))), def)));
    }
    if i % 2 == 1 {
        return Ok(Some((Num::I(0), false)));
    }
    let d = |j: usize| (vals[0][base + j].0.as_int() - vals[1][base + j].0.as_int()).abs();
    let mut r = d(0) + d(1);
    let mut def = def;
    if op == AluOp::Sad2add {
        r += vals[2][i].0.as_int();
        def = def && vals[2][i].1;
    }
    Ok(Some((Num::I(r), def)))
}

/// `fcvt` and `srnd` on one lane's values (see [`crate::low_precision`]): the result as a value
/// `dst` holds exactly.
pub fn low_precision_op(op: AluOp, a: &[Num], tys: &[VisaType], dst: VisaType) -> Result<Num, SimError> {
    use crate::low_precision as lp;
    use half::f16;
    let f_bits = |v: Num| (v.as_f64() as f32).to_bits();
    let hf_bits = |v: Num| f16::from_f64(v.as_f64()).to_bits();
    let hf = |b: u16| Num::F(f16::from_bits(b).to_f64());
    // the random operand's bits, whatever type holds them
    let random = |i: usize| match a[i] {
        Num::F(_) if tys[i] == VisaType::HF => u32::from(hf_bits(a[i])),
        Num::F(_) => f_bits(a[i]),
        Num::I(v) => v as u32,
    };
    Ok(match (op, tys[0], dst) {
        (AluOp::Fcvt, VisaType::F, VisaType::UD) => Num::I(i128::from(lp::tf32_from_f32(f_bits(a[0])))),
        (AluOp::Fcvt, VisaType::UD, VisaType::F) => Num::F(f64::from(f32::from_bits(a[0].as_int() as u32))),
        (AluOp::Fcvt, VisaType::HF, VisaType::UB) => Num::I(i128::from(lp::bf8_from_hf(hf_bits(a[0])))),
        (AluOp::Fcvt, VisaType::UB, VisaType::HF) => hf(lp::hf_from_bf8(a[0].as_int() as u8)),
        (AluOp::Srnd, VisaType::F, VisaType::HF) => hf(lp::srnd_f32_to_hf(f_bits(a[0]), random(1))),
        (AluOp::Srnd, VisaType::HF, VisaType::UB) => {
            Num::I(i128::from(lp::srnd_hf_to_bf8(hf_bits(a[0]), random(1))))
        }
        (_, s, d) => {
            return Err(SimError::NotModeled(format!(
                "{} from {} to {}",
                op.mnemonic(),
                s.info().text,
                d.info().text
            )))
        }
    })
}

/// A float operation on one lane's values, before rounding to `dst`.
pub fn float_op(op: AluOp, a: &[Num], dst: VisaType) -> Result<f64, SimError> {
    let x = |i: usize| a[i].as_f64();
    Ok(match op {
        AluOp::Mov => x(0),
        AluOp::Add => x(0) + x(1),
        AluOp::Add3 => x(0) + x(1) + x(2),
        AluOp::Mul => x(0) * x(1),
        AluOp::Mad => match dst {
            VisaType::F => f64::from((x(0) as f32).mul_add(x(1) as f32, x(2) as f32)),
            _ => x(0).mul_add(x(1), x(2)),
        },
        AluOp::Div | AluOp::Divm => math::div(x(0), x(1)),
        AluOp::Exp => math::exp2(x(0)),
        AluOp::Log => math::log2(x(0)),
        AluOp::Sin => math::sin(x(0)),
        AluOp::Cos => math::cos(x(0)),
        AluOp::Pow => math::pow(x(0), x(1)),
        AluOp::Sqrt | AluOp::Sqrtm => math::sqrt(x(0)),
        AluOp::Rsqrt => math::rsqrt(x(0)),
        AluOp::Inv => math::inv(x(0)),
        AluOp::Frc => x(0) - x(0).floor(),
        AluOp::Rndd => x(0).floor(),
        AluOp::Rndu => x(0).ceil(),
        AluOp::Rndz => x(0).trunc(),
        AluOp::Rnde => x(0).round_ties_even(),
        AluOp::Lrp => math::lrp(x(0), x(1), x(2)),
        _ => return Err(SimError::Malformed(format!("{} on floating-point operands", op.mnemonic()))),
    })
}

/// An integer operation on one lane's exact values (`None`: undefined, division by zero).
pub fn int_op(op: AluOp, a: &[Num], tys: &[VisaType], dst: VisaType) -> Result<Option<i128>, SimError> {
    let x = |i: usize| a[i].as_int();
    let bits = |i: usize| (a[i].as_int() as u64 & value::width_mask(tys[i])) as i128;
    let wide = tys.first().is_some_and(|t| t.size() == 8) || dst.size() == 8;
    let count = |i: usize| (x(i) & if wide { 63 } else { 31 }) as u32;
    let ext = |v: i128, signed: bool| if signed { i128::from(v as u32 as i32) } else { v & 0xffff_ffff };
    Ok(Some(match op {
        AluOp::Mov | AluOp::Rndd | AluOp::Rndu | AluOp::Rnde | AluOp::Rndz => x(0),
        AluOp::Add => x(0).wrapping_add(x(1)),
        AluOp::Add3 => x(0).wrapping_add(x(1)).wrapping_add(x(2)),
        AluOp::Avg => (x(0) + x(1) + 1) >> 1,
        AluOp::Mul => x(0).wrapping_mul(x(1)),
        AluOp::Mad => x(0).wrapping_mul(x(1)).wrapping_add(x(2)),
        AluOp::Mulh => x(0).wrapping_mul(x(1)) >> 32,
        AluOp::Div if x(1) == 0 => return Ok(None),
        AluOp::Div => x(0) / x(1),
        AluOp::Mod if x(1) == 0 => return Ok(None),
        AluOp::Mod => x(0) % x(1),
        AluOp::And => x(0) & x(1),
        AluOp::Or => x(0) | x(1),
        AluOp::Xor => x(0) ^ x(1),
        AluOp::Not => !x(0),
        AluOp::Shl => x(0) << count(1),
        AluOp::Shr => bits(0) >> count(1),
        AluOp::Asr => x(0) >> count(1),
        AluOp::Cbit => i128::from(bits(0).count_ones()),
        AluOp::Lzd => i128::from((x(0) as u32).leading_zeros()),
        AluOp::Fbl => {
            let v = x(0) as u32;
            if v == 0 {
                0xffff_ffff
            } else {
                i128::from(v.trailing_zeros())
            }
        }
        AluOp::Fbh => {
            let v = x(0) as u32;
            if value::is_signed(tys[0]) {
                let s = v as i32;
                if s == 0 || s == -1 {
                    0xffff_ffff
                } else {
                    i128::from(if s < 0 { !v } else { v }.leading_zeros())
                }
            } else if v == 0 {
                0xffff_ffff
            } else {
                i128::from(v.leading_zeros())
            }
        }
        AluOp::Bfrev => i128::from((x(0) as u32).reverse_bits()),
        AluOp::Bfe => {
            let (w, o) = ((x(0) & 31) as u32, (x(1) & 31) as u32);
            let signed = value::is_signed(tys[2]);
            let v = x(2) as u32;
            if w == 0 {
                0
            } else if w + o < 32 {
                let up = v << (32 - w - o);
                if signed {
                    i128::from((up as i32) >> (32 - w))
                } else {
                    i128::from(up >> (32 - w))
                }
            } else if signed {
                i128::from((v as i32) >> o)
            } else {
                i128::from(v >> o)
            }
        }
        AluOp::Bfi => {
            let (w, o) = ((x(0) & 31) as u32, (x(1) & 31) as u32);
            let m = (((1u64 << w) - 1) << o) as u32;
            let r = (((x(2) as u32) << o) & m) | (x(3) as u32 & !m);
            ext(i128::from(r), value::is_signed(dst))
        }
        AluOp::Rol | AluOp::Ror => {
            let w = 8 * tys[0].size();
            let v = bits(0) as u64;
            let c = (x(1) as u32) % w;
            let r = if c == 0 {
                v
            } else if op == AluOp::Rol {
                (v << c | v >> (w - c)) & value::width_mask(tys[0])
            } else {
                (v >> c | v << (w - c)) & value::width_mask(tys[0])
            };
            i128::from(r)
        }
        AluOp::Dp4a => {
            let byte = |i: usize, k: u32| {
                let b = (x(i) >> (8 * k)) as u8;
                if value::is_signed(tys[i]) {
                    i128::from(b as i8)
                } else {
                    i128::from(b)
                }
            };
            x(0) + (0..4).map(|k| byte(1, k) * byte(2, k)).sum::<i128>()
        }
        _ => return Err(SimError::Malformed(format!("{} on integer operands", op.mnemonic()))),
    }))
}
