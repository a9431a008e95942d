//! Selection of intrinsics: element-wise `llvm.genx.*` and `llvm.*` operations as ALU
//! instructions, and the thread-payload, memory, synchronisation and message intrinsics as their
//! vISA instructions. Integer division where the platform has none is expanded here too.

use super::{alu, block_headers, mov, signed_type, unsigned_type, CopySrc, Selector, WriteMask, R};
use crate::availability::AluFeature;
use crate::lsc::lsc;
use genxc_diag::{internal, invalid, not_available, unsupported};
use genxc_genx::intrinsics::{AtomicFamily, IntrinsicId};
use genxc_genx::ir::{BinOp, InstId, InstKind, Value};
use genxc_genx::{Elem, Platform, Type};
use genxc_regalloc::{Category, WrRegionPrep};
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Imm, Inst as VInst, Pred, Raw, Src, SrcOp, VisaType};

mod alu;
mod atomics;
mod raw_send;

pub(super) use alu::alu_intrinsic;
use atomics::{dword_atomic, svm_atomic, typed_atomic};
use raw_send::raw_send;

pub(crate) fn argc(name: &str, args: &[Value], n: usize) -> R<()> {
    if args.len() == n {
        Ok(())
    } else {
        Err(invalid(format!("{name} takes {n} operands, found {}", args.len())))
    }
}

pub(crate) fn const_u64(s: &Selector, v: Value, what: &str) -> R<u64> {
    s.f()
        .as_const(v)
        .and_then(|c| c.splat_value())
        .ok_or_else(|| invalid(format!("{what} must be a constant")))
}

fn owords(bytes: u32) -> R<m::Owords> {
    Ok(match bytes {
        16 => m::Owords::O1,
        32 => m::Owords::O2,
        64 => m::Owords::O4,
        128 => m::Owords::O8,
        b => return Err(invalid(format!("an oword block message moves 16, 32, 64 or 128 bytes, not {b}"))),
    })
}

/// An oword block store of one word or one or two dwords (2, 4 or 8 bytes, below the 16-byte
/// block): one oword would also write the bytes after the data, so it is a scattered write (no
/// mask) at byte `offset * 16` that writes exactly the data bytes: `scatter_scaled.4` of one lane
/// per dword at `+ 4 * lane`, or `scatter_scaled.2` of one lane whose dword slot holds the word.
fn oword_st_small(s: &mut Selector, name: &str, args: &[Value], bytes: u32) -> R<()> {
    let surface = s.surface(args[0])?;
    let offset = s.scalar_u32(args[1], name)?;
    let (lanes, blocks) =
        if bytes == 2 { (1, m::ScaledBlocks::B2) } else { (bytes / 4, m::ScaledBlocks::B4) };
    let base = s.temp(VisaType::UD, 1)?;
    s.push(alu(m::AluOp::Shl, Exec::nm(1), m::Dst::new(base, 0).into(), vec![offset, Imm::UD(4).into()]));
    let offsets = s.temp(VisaType::UD, lanes)?;
    s.k.vars.last_mut().expect("just added").align = m::Align::Grf;
    for lane in 0..lanes {
        s.push(alu(
            m::AluOp::Mov,
            Exec::nm(1),
            m::Dst::new(offsets, lane as u8).into(),
            vec![Imm::UD(4 * lane).into()],
        ));
    }
    let data = if bytes == 2 {
        // the lane's dword slot: the word zero-extended (its low two bytes are written)
        let slot = s.temp(VisaType::UD, 1)?;
        s.k.vars.last_mut().expect("just added").align = m::Align::Grf;
        let word = s.src(args[2], VisaType::UW)?;
        s.push(alu(m::AluOp::Mov, Exec::nm(1), m::Dst::new(slot, 0).into(), vec![word]));
        slot
    } else {
        let data = s.block_var(args[2])?;
        s.view(data, VisaType::UD)?
    };
    s.push(VInst::Scaled {
        store: true,
        pred: None,
        exec: Exec::nm(lanes as u8),
        blocks,
        surface,
        global_offset: Src::scalar(base, 0).into(),
        offsets: Raw::of(offsets),
        data: Raw::of(data),
    });
    Ok(())
}

impl Selector<'_> {
    fn scalar_u32(&mut self, v: Value, name: &str) -> R<SrcOp> {
        if self.f().value_type(v) != Type::Scalar(Elem::I32) {
            return Err(invalid(format!("{name}: the offset must be an i32 scalar")));
        }
        self.src(v, VisaType::UD)
    }

    /// A variable holding `v` as a GRF-aligned block (copied when `v` is not one).
    pub(crate) fn block_var(&mut self, v: Value) -> R<m::VarId> {
        let t = self.f().value_type(v);
        let ty = signed_type(t.elem().ok_or("void data")?)?;
        let baled = matches!(v, Value::Inst(d) if self.fx().bales.is_baled(d));
        if self.f().as_const(v).is_none() && !baled {
            let var = self.var_of(v)?;
            if self.grf_aligned(var) || self.align_to_grf(var) {
                return Ok(var);
            }
        }
        let n = t.num_elems();
        if let Some(c) = self.f().as_const(v).cloned() {
            // a constant is written straight into the message variable
            let tmp = self.materialize(&c, ty)?;
            self.k.vars[(tmp.0 - m::NUM_PREDEF_VARS) as usize].align = m::Align::Grf;
            return Ok(tmp);
        }
        let tmp = self.temp(ty, n)?;
        self.k.vars.last_mut().expect("just added").align = m::Align::Grf;
        if baled {
            let src = self.src(v, ty)?;
            self.copy(tmp, 0, CopySrc::Op(src), n, ty)?;
        } else {
            self.copy_value(tmp, v)?;
        }
        Ok(tmp)
    }

    /// Declares a scalar variable of the kernel's own (not an alias, an input, or a predefined
    /// variable) GRF-aligned, so a message reads or writes it in place as Intel's compiler does
    /// with a field address or a value it stores, instead of through a GRF-aligned copy; whether
    /// it did. Raising a root variable's alignment changes no alias of it.
    fn align_to_grf(&mut self, var: m::VarId) -> bool {
        // a view at offset 0 of a scalar is that scalar
        let mut var = var;
        for _ in 0..8 {
            match var.0.checked_sub(m::NUM_PREDEF_VARS).and_then(|k| self.k.vars.get(k as usize)) {
                Some(d) if d.alias.is_some_and(|(_, off)| off == 0) => var = d.alias.expect("an alias").0,
                _ => break,
            }
        }
        let Some(k) = var.0.checked_sub(m::NUM_PREDEF_VARS) else { return false };
        let input = self.k.inputs.iter().any(|i| i.target == m::InputTarget::Var(var));
        match self.k.vars.get_mut(k as usize) {
            Some(d) if d.alias.is_none() && !d.input_output && !input && d.num_elts == 1 => {
                d.align = m::Align::Grf;
                true
            }
            _ => false,
        }
    }

    /// Whether a declared variable starts on a register boundary: a GRF-aligned variable, or an
    /// alias of one at a whole number of registers (an alias needs no copy to be a message block).
    fn grf_aligned(&self, var: m::VarId) -> bool {
        let mut at = var;
        let mut offset = 0u32;
        // alias chains are short; the bound only guards against a malformed cycle
        for _ in 0..8 {
            let Some(d) = at.0.checked_sub(m::NUM_PREDEF_VARS).and_then(|k| self.k.vars.get(k as usize))
            else {
                return false;
            };
            match d.alias {
                Some((base, off)) => {
                    offset += u32::from(off);
                    at = base;
                }
                None => return d.align == m::Align::Grf && offset.is_multiple_of(self.grf()),
            }
        }
        false
    }

    /// The result variable of a message (GRF aligned: a fresh variable of its own).
    fn msg_dst(&mut self, id: InstId) -> R<Raw> {
        Ok(Raw::of(self.var_of(Value::Inst(id))?))
    }

    /// Declares the variable of `v` as an alias of the input variable `input` when `v` is the only
    /// value living in it (so nothing writes the input afterwards) and it is not declared yet;
    /// whether it did. The input then needs no copy.
    fn alias_of_input(&mut self, v: Value, input: m::VarId) -> R<bool> {
        let Some(idx) = self.fx().asg.var(v) else { return Ok(false) };
        let asg = &self.fx().asg;
        let var = &asg.vars[idx.0 as usize];
        let shared = var.alias_of.is_some()
            || asg.vars.iter().any(|w| w.alias_of.is_some_and(|(b, _)| asg.storage(b) == idx))
            || self.fx().vars[idx.0 as usize].is_some();
        let others = (0..self.f().params.len() as u32)
            .map(Value::Param)
            .chain(self.f().insts.iter().map(|(i, _)| Value::Inst(i)))
            .filter(|&x| x != v)
            .any(|x| asg.var(x).is_some_and(|y| asg.storage(y) == idx));
        if shared || others || var.category != Category::General {
            return Ok(false);
        }
        let (name, n) = (var.name.clone(), var.ty.num_elems());
        let ty = signed_type(var.ty.elem().ok_or("a variable without a type")?)?;
        let prefix = if self.cur == 0 { String::new() } else { format!("{}_", self.f().name) };
        let id = self.add_var(format!("{prefix}{name}"), ty, n, Some((input, 0)))?;
        self.funcs[self.cur].vars[idx.0 as usize] = Some(id);
        Ok(true)
    }

    /// The `:uw` local id input when `v` is a 32-bit `llvm.genx.local.id` result whose every use
    /// reads one element of it (an rdregion of one element at a constant offset): those reads
    /// take the element from the input itself ([`Self::local_id_read`]; code-size class 5 of
    /// issue 22), as Intel's compiler does, and the 32-bit vector is never built.
    pub(crate) fn local_id_in_place(&self, v: Value) -> Option<m::VarId> {
        let Value::Inst(d) = v else { return None };
        let f = self.f();
        let InstKind::Intrinsic { id: IntrinsicId::LocalId, .. } = f.insts[d].kind else { return None };
        if f.insts[d].ty.elem() != Some(Elem::I32) {
            return None;
        }
        let input = *self.implicit.get(&m::ImplicitKind::LOCAL_ID)?;
        let mut readers = 0;
        for &b in &f.layout {
            for &r in &f.blocks[b].insts {
                let mut reads = false;
                f.insts[r].kind.for_each_operand(|x| reads |= x == v);
                if !reads {
                    continue;
                }
                let InstKind::RdRegion { input: i, region } = &f.insts[r].kind else { return None };
                if *i != v || region.num_elems != 1 || region.indirect.is_some() || region.offset % 4 != 0 {
                    return None;
                }
                // a read baled into a 64-bit operation is an operand of an emulated sequence,
                // which reads the vector variable itself
                if let Some(u) = self.fx().bales.baled_into(r) {
                    if matches!(f.insts[u].ty.elem(), Some(Elem::I64 | Elem::Double)) {
                        return None;
                    }
                }
                readers += 1;
            }
        }
        (readers > 0 && readers == self.fx().bales.use_count(v)).then_some(input)
    }

    /// The source operand of rdregion `rd` (one element of a local id vector read in place, see
    /// [`Self::local_id_in_place`]): the `:uw` input element itself where a zero-extended word
    /// reads as the dword would (a copy, or an `add`, `sub`, `mul` or compare the read is folded
    /// into), else the element copied into a dword temporary first (shifts and the rest compute
    /// at the width of their source).
    pub(crate) fn local_id_read(
        &mut self,
        rd: InstId,
        uw: m::VarId,
        region: &genxc_genx::Region,
    ) -> R<SrcOp> {
        let elem = Src::scalar(uw, (region.offset / 4) as u8);
        let widening_ok = match self.fx().bales.baled_into(rd) {
            None => true,
            Some(u) => matches!(
                self.f().insts[u].kind,
                InstKind::Binary { op: BinOp::Add | BinOp::Sub | BinOp::Mul, .. }
                    | InstKind::Cmp { .. }
                    | InstKind::WrRegion { .. }
            ),
        };
        if widening_ok {
            return Ok(SrcOp::Gen(elem));
        }
        let tmp = self.temp(VisaType::D, 1)?;
        self.push(alu(m::AluOp::Mov, Exec::nm(1), m::Dst::new(tmp, 0).into(), vec![elem.into()]));
        Ok(SrcOp::Gen(Src::scalar(tmp, 0)))
    }

    /// An implicit input variable (local id, local size, group count), declared on first use.
    fn implicit_input(&mut self, kind: u8) -> R<m::VarId> {
        if let Some(v) = self.implicit.get(&kind) {
            return Ok(*v);
        }
        let grf = self.grf();
        let (name, ty, n) = match kind {
            m::ImplicitKind::LOCAL_ID => ("impl_local_id", VisaType::UW, 3),
            m::ImplicitKind::LOCAL_SIZE => ("impl_local_size", VisaType::UD, 3),
            _ => ("impl_group_count", VisaType::UD, 3),
        };
        let size = n * ty.size();
        let offset = if kind == m::ImplicitKind::LOCAL_ID {
            if self
                .k
                .inputs
                .iter()
                .any(|i| u32::from(i.offset) < 2 * grf && u32::from(i.offset + i.size) > grf)
            {
                return Err(unsupported("local ids need r1, which a kernel argument occupies"));
            }
            grf
        } else {
            // after every other input, 4-byte aligned, not straddling a GRF
            let end =
                self.k.inputs.iter().map(|i| u32::from(i.offset + i.size)).max().unwrap_or(0).max(2 * grf);
            let mut off = end.div_ceil(4) * 4;
            if off / grf != (off + size - 1) / grf {
                off = off.div_ceil(grf) * grf;
            }
            off
        };
        if offset + size > self.platform.info().input_grfs * grf {
            return Err("the implicit kernel inputs do not fit in the input area".into());
        }
        let v = self.add_var(name.into(), ty, n, None)?;
        self.k.vars.last_mut().expect("just added").align = m::Align::Grf;
        self.k.inputs.push(m::Input {
            target: m::InputTarget::Var(v),
            offset: offset as u16,
            size: size as u16,
            implicit: kind,
        });
        self.implicit.insert(kind, v);
        Ok(v)
    }
}

/// Emits a non-ALU intrinsic.
pub(super) fn intrinsic(s: &mut Selector, id: InstId, iid: IntrinsicId, args: &[Value]) -> R<()> {
    let ty = s.f().insts[id].ty;
    let name = iid.name();
    use IntrinsicId::*;
    match iid {
        Rdpredregion => Ok(()),
        // a use that keeps its operands' values alive to this point and emits nothing (as in
        // Intel's Vector Compiler)
        Output => Ok(()),
        Output1 => {
            // a kernel output: the value ends in its argument's variable (register allocation
            // gave it that variable where it could; otherwise it is copied there now)
            argc(name, args, 2)?;
            let arg = const_u64(s, args[1], "the output argument's index")?;
            let dst = s.var_of(Value::Param(arg as u32))?;
            s.copy_value(dst, args[0])
        }
        Addc | Subb => crate::emulate::carry(s, id, iid == Subb, args),
        Simad | Uimad => crate::emulate::wide_mad(s, id, iid == Simad, args),
        Pln => {
            // plane (pln on Gen9, two mads from the finalizer elsewhere): its sources are read from
            // their start whatever their regions, src0 16-byte and src1 GRF aligned: both copied
            // into aligned temporaries
            argc(name, args, 2)?;
            let n = ty.num_elems();
            if s.f().value_type(args[0]) != Type::Vector(Elem::Float, 4)
                || ty.elem() != Some(Elem::Float)
                || s.f().value_type(args[1]) != Type::Vector(Elem::Float, 2 * n)
                || !matches!(n, 8 | 16)
            {
                return Err(invalid(format!(
                    "{name} takes <4 x float> coefficients and 16 or 32 floats (u and v per 8 lanes) to 8 or 16 lanes"
                )));
            }
            let mut aligned = Vec::new();
            for (k, lanes) in [(0, 4), (1, 2 * n)] {
                let t = s.temp(VisaType::F, lanes)?;
                s.k.vars.last_mut().expect("just added").align = m::Align::Grf;
                let mut e = 0;
                while e < lanes {
                    let piece = (lanes - e).min(2 * s.grf() / 4);
                    let whole = s.src(args[k], VisaType::F)?;
                    let src = match whole {
                        SrcOp::Gen(g) if g.region == m::Region::SCALAR => whole,
                        SrcOp::Gen(g)
                            if g.region == m::Region::CONTIG
                                || (g.region.hstride == 1 && g.region.vstride == g.region.width) =>
                        {
                            let byte = u32::from(g.col) * 4 + e * 4;
                            SrcOp::Gen(Src {
                                row: g.row + (byte / s.grf()) as u8,
                                col: ((byte % s.grf()) / 4) as u8,
                                region: m::Region::CONTIG,
                                ..g
                            })
                        }
                        SrcOp::Imm(_) => whole,
                        _ => return Err(unsupported(format!("{name} of a strided operand"))),
                    };
                    let (row, col) = s.row_col(e * 4, 4);
                    s.push(mov(
                        None,
                        Exec::nm(piece as u8),
                        m::Dst { var: t, row, col, hstride: 1 }.into(),
                        src,
                    ));
                    e += piece;
                }
                // the coefficients read <0;4,1>, inside their 4 floats (the region is ignored)
                let region =
                    if k == 0 { m::Region { vstride: 0, width: 4, hstride: 1 } } else { m::Region::CONTIG };
                aligned.push(SrcOp::Gen(Src::region(t, 0, 0, region)));
            }
            let var = s.var_of(Value::Inst(id))?;
            let dst = s.view(var, VisaType::F)?;
            s.push(alu(m::AluOp::Plane, Exec::nm(n as u8), m::Dst::new(dst, 0).into(), aligned));
            Ok(())
        }
        Line => {
            // line: the 4 coefficients read <0;4,1> (p in .x, q in .w), p * src1 + q per lane
            argc(name, args, 2)?;
            if !AluFeature::MediaArith.available(s.platform) {
                return Err(not_available(format!("{name} is not available on {}", s.platform)));
            }
            let n = ty.num_elems();
            if s.f().value_type(args[0]) != Type::Vector(Elem::Float, 4)
                || ty.elem() != Some(Elem::Float)
                || !n.is_multiple_of(4)
                || n * 4 > 2 * s.grf()
            {
                return Err(invalid(format!(
                    "{name} takes <4 x float> coefficients and a float vector of 4 to 16 lanes in groups of 4"
                )));
            }
            // the coefficients contiguous from the source's start, read again as <0;4,1>
            let contiguous =
                |r: m::Region| r == m::Region::CONTIG || (r.hstride == 1 && r.vstride == r.width);
            let coefficients = match s.src(args[0], VisaType::F)? {
                SrcOp::Gen(g) if contiguous(g.region) => {
                    SrcOp::Gen(Src { region: m::Region { vstride: 0, width: 4, hstride: 1 }, ..g })
                }
                _ => {
                    return Err(unsupported(format!(
                        "{name} of coefficients that are not 4 contiguous floats"
                    )))
                }
            };
            let x = s.src(args[1], VisaType::F)?;
            let var = s.var_of(Value::Inst(id))?;
            let dst = s.view(var, VisaType::F)?;
            s.push(alu(m::AluOp::Line, Exec::nm(n as u8), m::Dst::new(dst, 0).into(), vec![coefficients, x]));
            Ok(())
        }
        // add3.o: no part genxc targets has it (AluFeature::Add3Carry)
        Add3c => Err(not_available(format!("{name} is not available on {}", s.platform))),
        Umadw | Smadw => {
            // madw: the 64-bit a*b+c of each lane, low halves in the result's first GRF and high
            // halves in its second
            argc(name, args, 3)?;
            let n = s.f().value_type(args[0]).num_elems();
            let lanes = s.grf() / 4;
            if ty.num_elems() != 2 * lanes || n > lanes || !n.is_power_of_two() {
                return Err(invalid(format!(
                    "{name} returns {} dwords (two GRFs) from at most {lanes} lanes, a power of two; found {} from {n}",
                    2 * lanes,
                    ty.num_elems()
                )));
            }
            let t = if iid == Smadw { VisaType::D } else { VisaType::UD };
            let var = s.var_of(Value::Inst(id))?;
            let dst = s.view(var, t)?;
            let srcs = args.iter().map(|&a| s.src(a, t)).collect::<R<Vec<_>>>()?;
            s.push(alu(m::AluOp::Madw, Exec::nm(n as u8), m::Dst::new(dst, 0).into(), srcs));
            Ok(())
        }
        Wrpredregion => {
            argc(name, args, 3)?;
            if s.fx().asg.wrregion.get(&Value::Inst(id)) == Some(&WrRegionPrep::CopyOld) {
                return Err(unsupported("a predicate slice write that keeps its old value alive"));
            }
            match args[1] {
                Value::Inst(d) if s.fx().bales.baled_into(d) == Some(id) => {
                    s.inst(d)?;
                    s.finish_slice_write(d)
                }
                // a constant, or the predicate of logic on compares and constants: its lanes
                // copied into the slice
                value => s.write_pred_slice(id, args[0], value, args[2]),
            }
        }
        Any | All => {
            argc(name, args, 1)?;
            let n = s.f().value_type(args[0]).num_elems();
            let (p, lane) = s.pred_of(args[0])?;
            if lane != 0 {
                return Err(unsupported(format!("{name} of a predicate slice")));
            }
            let bits = s.temp(VisaType::UD, 1)?;
            s.push(alu(m::AluOp::Mov, Exec::nm(1), m::Dst::new(bits, 0).into(), vec![SrcOp::Pred(p)]));
            let mask = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
            s.push(alu(
                m::AluOp::And,
                Exec::nm(1),
                m::Dst::new(bits, 0).into(),
                vec![Src::scalar(bits, 0).into(), Imm::UD(mask).into()],
            ));
            let (d, dl) = s.pred_dst(id)?;
            let (rel, with) = if iid == Any { (m::CmpOp::Ne, 0) } else { (m::CmpOp::Eq, mask) };
            s.push(VInst::Cmp {
                rel,
                exec: Exec::nm(1).at(dl / 4),
                dst: m::CmpDst::Pred(d),
                src0: Src::scalar(bits, 0).into(),
                src1: Imm::UD(with).into(),
            });
            Ok(())
        }
        ReadPredefReg => s.read_predef_reg(id, args),
        WritePredefReg => s.write_predef_reg(id, args),
        GroupIdX | GroupIdY | GroupIdZ => {
            argc(name, args, 0)?;
            let src = match iid {
                GroupIdX => m::VarId::GROUP_ID_X,
                GroupIdY => m::VarId::GROUP_ID_Y,
                _ => m::VarId::GROUP_ID_Z,
            };
            if ty != Type::Scalar(Elem::I32) {
                return Err(invalid(format!("{name} returns i32, not {ty}")));
            }
            let (dst, pred, _) = s.dst_for(id, VisaType::UD)?;
            s.push(mov(pred, Exec::nm(1), dst, Src::scalar(src, 0).into()));
            Ok(())
        }
        ThreadX | ThreadY => {
            argc(name, args, 0)?;
            let src = if iid == ThreadX { m::VarId::THREAD_X } else { m::VarId::THREAD_Y };
            let e = ty.elem().ok_or("void")?;
            let (dst, pred, _) = s.dst_for(id, unsigned_type(e)?)?;
            s.push(mov(pred, Exec::nm(1), dst, Src::scalar(src, 0).into()));
            Ok(())
        }
        LocalId | LocalId16 | LocalSize | GroupCount => {
            argc(name, args, 0)?;
            let kind = match iid {
                LocalId | LocalId16 => m::ImplicitKind::LOCAL_ID,
                LocalSize => m::ImplicitKind::LOCAL_SIZE,
                _ => m::ImplicitKind::GROUP_COUNT,
            };
            if ty.num_elems() != 3 {
                return Err(invalid(format!("{name} returns a vector of 3 elements, not {ty}")));
            }
            let src = s.implicit_input(kind)?;
            let sty = s.decl_type(src).ok_or_else(|| internal("an implicit input without a declaration"))?;
            let e = ty.elem().ok_or("void")?;
            let dty = unsigned_type(e)?;
            if dty.size() == sty.size() && s.alias_of_input(Value::Inst(id), src)? {
                return Ok(());
            }
            if s.local_id_in_place(Value::Inst(id)).is_some() {
                // every use reads its element from the input itself
                return Ok(());
            }
            let dst = s.var_of(Value::Inst(id))?;
            let dst = s.view(dst, dty)?;
            s.push(alu(
                m::AluOp::Mov,
                Exec::nm(2),
                m::Dst::new(dst, 0).into(),
                vec![Src::region(src, 0, 0, m::Region::CONTIG).into()],
            ));
            let _ = sty;
            s.push(alu(
                m::AluOp::Mov,
                Exec::nm(1),
                m::Dst::new(dst, 2).into(),
                vec![Src::scalar(src, 2).into()],
            ));
            Ok(())
        }
        OwordLd | OwordLdUnaligned => {
            argc(name, args, 3)?;
            if s.f().as_const(args[0]).and_then(|c| c.splat_value()) != Some(0) {
                return Err(unsupported(format!("{name} with a non-zero is_modified operand")));
            }
            let bytes = ty.bytes();
            let size = if matches!(bytes, 2 | 4 | 8) { m::Owords::O1 } else { owords(bytes)? };
            let offset = s.scalar_u32(args[2], name)?;
            if let (16.., Some(bti)) = (bytes, s.known_bti(args[1])) {
                let dst = s.msg_dst(id)?;
                let unaligned = iid == OwordLdUnaligned;
                let block = block_headers::OwordBlock {
                    write: false,
                    owords: size.count(),
                    bti: Some(bti),
                    unaligned,
                };
                // (a response of whole GRFs only: a smaller destination would be overwritten past its end)
                if s.response_fits(block, dst) {
                    if let Some(header) = s.message_header(id, &offset)? {
                        return s.raw_oword_block(block, header, dst);
                    }
                }
            }
            let surface = s.surface(args[1])?;
            if surface == m::SurfaceId::SLM && !s.platform.info().has_oword_slm {
                return Err(not_available(format!(
                    "oword block messages on SLM are not available on {}",
                    s.platform
                )));
            }
            if bytes < 16 {
                // A load of one word or one or two dwords: one oword is the smallest block, as Intel's Vector
                // Compiler emits it (`oword_ld (1)`); it lands in a GRF-aligned oword of its own and
                // the first dwords are the result.
                let vt = signed_type(ty.elem().ok_or("void")?)?;
                let block = s.temp(vt, 16 / vt.size())?;
                s.k.vars.last_mut().expect("just added").align = m::Align::Grf;
                s.push(VInst::OwordLd {
                    size,
                    unaligned: iid == OwordLdUnaligned,
                    surface,
                    offset,
                    dst: Raw::of(block),
                });
                let var = s.var_of(Value::Inst(id))?;
                let var = s.view(var, vt)?;
                return s.copy(var, 0, CopySrc::Var(block, 0), ty.num_elems(), vt);
            }
            let dst = s.msg_dst(id)?;
            s.push(VInst::OwordLd { size, unaligned: iid == OwordLdUnaligned, surface, offset, dst });
            Ok(())
        }
        OwordSt => {
            argc(name, args, 3)?;
            let bytes = s.f().value_type(args[2]).bytes();
            if matches!(bytes, 2 | 4 | 8) {
                return oword_st_small(s, name, args, bytes);
            }
            let size = owords(bytes)?;
            let offset = s.scalar_u32(args[1], name)?;
            let src = Raw::of(s.block_var(args[2])?);
            let raw = s.known_bti(args[0]);
            let header = if raw.is_some() { s.message_header(id, &offset)? } else { None };
            if let (Some(bti), Some(header)) = (raw, header) {
                let block = block_headers::OwordBlock {
                    write: true,
                    owords: size.count(),
                    bti: Some(bti),
                    unaligned: false,
                };
                return s.raw_oword_block(block, header, src);
            }
            let surface = s.surface(args[0])?;
            if surface == m::SurfaceId::SLM && !s.platform.info().has_oword_slm {
                return Err(not_available(format!(
                    "oword block messages on SLM are not available on {}",
                    s.platform
                )));
            }
            s.push(VInst::OwordSt { size, surface, offset, src });
            Ok(())
        }
        MediaLd | MediaSt => {
            let store = iid == MediaSt;
            argc(name, args, if store { 7 } else { 6 })?;
            let modifier = match const_u64(s, args[0], "the media modifier")? {
                0 => m::MediaMod::NoMod,
                1 if !store => m::MediaMod::Modified,
                2 => m::MediaMod::Top,
                3 => m::MediaMod::Bottom,
                4 if !store => m::MediaMod::TopMod,
                5 if !store => m::MediaMod::BottomMod,
                other => return Err(invalid(format!("{name}: invalid modifier {other}"))),
            };
            let surface = s.surface(args[1])?;
            let plane = const_u64(s, args[2], "the media plane")?;
            if plane > 3 {
                return Err(invalid(format!("{name}: plane {plane} is not 0..3")));
            }
            let plane = plane as u8;
            let width = const_u64(s, args[3], "the media block width")?;
            if !(1..=64).contains(&width) {
                return Err(invalid(format!("{name}: block width {width} is not 1..64 bytes")));
            }
            let data_ty = if store { s.f().value_type(args[6]) } else { ty };
            let row = (width as u32).next_power_of_two().max(4);
            let bytes = data_ty.bytes();
            if !bytes.is_multiple_of(row) || bytes / row == 0 || bytes / row > 64 {
                return Err(invalid(format!("{name}: {bytes} bytes are not whole rows of {row} bytes")));
            }
            if bytes > 256 {
                // one data port message moves at most 256 bytes
                return Err(invalid(format!("{name}: a block of {bytes} bytes (at most 256)")));
            }
            let height = (bytes / row) as u8;
            let x = s.scalar_u32(args[4], name)?;
            let y = s.scalar_u32(args[5], name)?;
            if store {
                let src = Raw::of(s.block_var(args[6])?);
                s.push(VInst::MediaSt { modifier, surface, plane, width: width as u8, height, x, y, src });
            } else {
                let dst = s.msg_dst(id)?;
                s.push(VInst::MediaLd { modifier, surface, plane, width: width as u8, height, x, y, dst });
            }
            Ok(())
        }
        Barrier => {
            argc(name, args, 0)?;
            s.push(VInst::Barrier);
            Ok(())
        }
        Fence => {
            argc(name, args, 1)?;
            let b = const_u64(s, args[0], "the fence mask")? as u8;
            s.push(VInst::Fence(m::Fence {
                local: b & 0x20 != 0,
                sw_only: b & 0x80 != 0,
                commit: b & 1 != 0,
                flush_i: b & 2 != 0,
                flush_s: b & 4 != 0,
                flush_c: b & 8 != 0,
                flush_r: b & 0x10 != 0,
                flush_l1: b & 0x40 != 0,
            }));
            Ok(())
        }
        _ if iid == LscFence || iid.lsc().is_some() => {
            if !crate::availability::MessageFeature::Lsc.available(s.platform) {
                return Err(not_available(format!(
                    "{name} is not available on {} (LSC messages need DG2, MTL or PVC)",
                    s.platform
                )));
            }
            lsc(s, id, iid, args)
        }
        Dpas | Dpas2 | DpasNosrc0 | Dpasw | DpaswNosrc0 => crate::xmx::dpas(s, id, iid, args),
        Sample | Load => crate::sampler::sampler_message(s, id, iid, args),
        SampleUnorm => crate::sampler::sample_unorm(s, id, args),
        Avs => crate::sampler::avs(s, id, args),
        Sbarrier | Nbarrier | Wait | Yield | CacheFlush | SlmInit => crate::sync::sync(s, iid, args),
        Timestamp | GetHwid | Sr0 | Ce0 | GetColor | R0 | SetSr02 | SetPause => {
            crate::hw_registers::hw_register(s, id, iid, args)
        }
        Load3d | Sample3d => crate::sampler::sampler_3d(s, id, iid, args),
        _ if genxc_genx::intrinsic_class::VIDEO_ANALYTICS.contains(&iid) => {
            crate::sampler::video_analytics(s, iid)
        }
        _ if crate::availability::VcRefusal::of(iid).is_some() => {
            let refusal = crate::availability::VcRefusal::of(iid).expect("just matched");
            Err(not_available(format!("{name} is not available on {} ({})", s.platform, refusal.evidence())))
        }
        _ => memory(s, id, iid, args),
    }
}

/// The most registers of data one message reads or writes.
pub(crate) const MAX_MSG_GRFS: u32 = 8;

/// How a message of `exec` lanes predicated by `v` enables its lanes, and its execution size and
/// mask: every lane (`v` all ones), under a predicate, or, when `v` is a slice of the SIMD control
/// flow execution mask EM, under the hardware mask from that slice's first lane (no predicate, not
/// NoMask), as IGC's Vector Compiler emits a message inside SIMD control flow.
pub(crate) fn msg_mask(s: &mut Selector, v: Value, exec: Exec) -> R<(WriteMask, Exec)> {
    if let Some(lane) = s.fx().cf.em_lane(v) {
        return em_mask(lane, None, exec);
    }
    if let Some((lane, p)) = s.fx().cf.em_pred(v) {
        // `and(p, EM)` right before the message (nothing emitted between them writes p's
        // variable): `p` under the execution mask
        let (WriteMask { pred, .. }, _) = msg_mask(s, p, exec)?;
        return em_mask(lane, pred, exec);
    }
    if let Some(c) = s.f().as_const(v) {
        if c.elems.iter().all(|b| *b == Some(1)) {
            return Ok((WriteMask::default(), exec));
        }
    }
    let (p, lane) = s.pred_of(v)?;
    if lane != 0 {
        return Err(unsupported("a message predicated by a predicate slice"));
    }
    Ok((WriteMask { pred: Some(Pred::on(p)), ..WriteMask::default() }, exec))
}

/// A message of `exec` lanes under the execution mask from EM lane `lane`, and `pred`.
fn em_mask(lane: u32, pred: Option<Pred>, exec: Exec) -> R<(WriteMask, Exec)> {
    let n = u32::from(exec.size);
    if !lane.is_multiple_of(n.max(4)) {
        return Err(unsupported(format!(
            "a message of {n} lanes under the SIMD control flow execution mask from lane {lane} (the mask offset must be a multiple of its width)"
        )));
    }
    let wm = WriteMask { pred, lane: lane as u8, em: true };
    Ok((wm, wm.exec(exec)))
}

pub(crate) fn msg_exec(s: &Selector, n: u32, name: &str) -> R<Exec> {
    if !matches!(n, 1 | 2 | 4 | 8 | 16 | 32) {
        return Err(unsupported(format!("{name} with {n} lanes")));
    }
    if n == 32 && s.platform != Platform::Pvc {
        return Err(not_available(format!(
            "{name} with 32 lanes is not available on {} (SIMD32 messages need PVC)",
            s.platform
        )));
    }
    Ok(Exec::nm(n as u8))
}

fn channels(mask: u64, name: &str) -> R<m::Channels> {
    // one bit per enabled channel, R = bit 0
    let c = m::Channels { r: mask & 1 != 0, g: mask & 2 != 0, b: mask & 4 != 0, a: mask & 8 != 0 };
    if c.bits() == 0 || mask > 15 {
        return Err(invalid(format!("{name}: invalid channel mask {mask}")));
    }
    Ok(c)
}

/// Lanes a predicated load leaves alone keep the old value: copy it into the result first.
pub(crate) fn keep_old(s: &mut Selector, id: InstId, old: Value) -> R<()> {
    if s.f().as_const(old).is_some_and(|c| c.is_undef()) {
        return Ok(());
    }
    let dst = s.var_of(Value::Inst(id))?;
    s.copy_value(dst, old)
}

/// Surface, SVM and atomic messages.
fn memory(s: &mut Selector, id: InstId, iid: IntrinsicId, args: &[Value]) -> R<()> {
    use IntrinsicId::*;
    let name = iid.name();
    let ty = s.f().insts[id].ty;
    let lanes = |s: &Selector, v: Value| s.f().value_type(v).num_elems();
    match iid {
        GatherScaled | GatherScaled2 | GatherMaskedScaled2 | ScatterScaled => {
            // gather.scaled(pred, log2 blocks, scale, surface, goff, offsets, old)
            // gather.scaled2(log2 blocks, scale, surface, goff, offsets)
            // gather.masked.scaled2(log2 blocks, scale, surface, goff, offsets, pred)
            // scatter.scaled(pred, log2 blocks, scale, surface, goff, offsets, data)
            let store = iid == ScatterScaled;
            let (pred_arg, rest) = match iid {
                GatherScaled | ScatterScaled => {
                    argc(name, args, 7)?;
                    (Some(args[0]), &args[1..])
                }
                GatherMaskedScaled2 => {
                    argc(name, args, 6)?;
                    (Some(args[5]), &args[..5])
                }
                _ => {
                    argc(name, args, 5)?;
                    (None, args)
                }
            };
            let blocks = match const_u64(s, rest[0], "the log2 block count")? {
                0 => m::ScaledBlocks::B1,
                1 => m::ScaledBlocks::B2,
                2 => m::ScaledBlocks::B4,
                b => return Err(invalid(format!("{name}: invalid log2 block count {b}"))),
            };
            if const_u64(s, rest[1], "the scale")? != 0 {
                return Err(unsupported(format!("{name} with a non-zero scale")));
            }
            let surface = s.surface(rest[2])?;
            let global_offset = s.scalar_u32(rest[3], name)?;
            let n = lanes(s, rest[4]);
            let data_ty = if store { s.f().value_type(rest[5]) } else { ty };
            if data_ty.elem().map(Elem::bytes) != Some(4) || data_ty.num_elems() != n {
                return Err(unsupported(format!("{name} with data other than one dword per lane")));
            }
            soa_channels_fill_grfs(s, n, name)?;
            let (wm, exec) = pred_arg_mask(s, pred_arg, msg_exec(s, n, name)?)?;
            let pred = wm.pred;
            let offsets = Raw::of(s.block_var(rest[4])?);
            let data = if store { Raw::of(s.block_var(rest[5])?) } else { s.msg_dst(id)? };
            if iid == GatherScaled && wm.masked() {
                keep_old(s, id, rest[5])?;
            }
            s.push(VInst::Scaled { store, pred, exec, blocks, surface, global_offset, offsets, data });
            Ok(())
        }
        Gather4Scaled | Gather4Scaled2 | Gather4MaskedScaled2 | Scatter4Scaled => {
            // gather4.scaled2(mask, scale, surface, goff, offsets) has no predicate
            let store = iid == Scatter4Scaled;
            let (pred_arg, rest) = match iid {
                Gather4MaskedScaled2 => {
                    argc(name, args, 6)?;
                    (Some(args[5]), &args[..5])
                }
                Gather4Scaled2 => {
                    argc(name, args, 5)?;
                    (None, args)
                }
                _ => {
                    argc(name, args, 7)?;
                    (Some(args[0]), &args[1..])
                }
            };
            let ch = channels(const_u64(s, rest[0], "the channel mask")?, name)?;
            if const_u64(s, rest[1], "the scale")? != 0 {
                return Err(unsupported(format!("{name} with a non-zero scale")));
            }
            let surface = s.surface(rest[2])?;
            let global_offset = s.scalar_u32(rest[3], name)?;
            let n = lanes(s, rest[4]);
            let (wm, exec) = pred_arg_mask(s, pred_arg, msg_exec(s, n, name)?)?;
            let pred = wm.pred;
            let offsets = Raw::of(s.block_var(rest[4])?);
            let data = if store { Raw::of(s.block_var(rest[5])?) } else { s.msg_dst(id)? };
            s.push(VInst::Scaled4 { store, pred, exec, channels: ch, surface, global_offset, offsets, data });
            Ok(())
        }
        Gather4Typed | Scatter4Typed => {
            // (channel mask, pred, surface, u, v, r, old/data)
            let store = iid == Scatter4Typed;
            argc(name, args, 7)?;
            let ch = channels(const_u64(s, args[0], "the channel mask")?, name)?;
            let surface = s.surface(args[2])?;
            let n = lanes(s, args[3]);
            let (WriteMask { pred, .. }, exec) = msg_mask(s, args[1], msg_exec(s, n, name)?)?;
            let u = Raw::of(s.block_var(args[3])?);
            let v = typed_coord(s, args[4])?;
            let r = typed_coord(s, args[5])?;
            let data = if store { Raw::of(s.block_var(args[6])?) } else { s.msg_dst(id)? };
            s.push(VInst::Typed4 { store, pred, exec, channels: ch, surface, u, v, r, lod: Raw::NULL, data });
            Ok(())
        }
        SvmGather4Scaled | SvmScatter4Scaled => svm_scaled4(s, id, iid == SvmScatter4Scaled, name, args),
        SvmBlockLd | SvmBlockLdUnaligned | SvmBlockSt => {
            let store = iid == SvmBlockSt;
            argc(name, args, if store { 2 } else { 1 })?;
            if s.f().value_type(args[0]) != Type::Scalar(Elem::I64) {
                return Err(invalid(format!("{name}: the address must be an i64 scalar")));
            }
            let data_ty = if store { s.f().value_type(args[1]) } else { ty };
            let size = owords(data_ty.bytes())?;
            let address = s.src(args[0], VisaType::UQ)?;
            let data = if store { Raw::of(s.block_var(args[1])?) } else { s.msg_dst(id)? };
            // sent raw when the address is a header's (a response of whole GRFs only)
            let block =
                block_headers::OwordBlock { write: store, owords: size.count(), bti: None, unaligned: false };
            let whole = store || s.response_fits(block, data);
            let header = s.header_at(&address, block_headers::HeaderSlot::A64Address);
            if let (true, Some(header)) = (whole && block_headers::sends_raw_oword_blocks(s.platform), header)
            {
                return s.raw_oword_block(block, header, data);
            }
            s.push(VInst::SvmBlock { store, size, address, data });
            Ok(())
        }
        SvmGather | SvmScatter => {
            // (pred, log2 num blocks, addresses, old/data)
            let store = iid == SvmScatter;
            argc(name, args, 4)?;
            let n = lanes(s, args[2]);
            let exec = msg_exec(s, n, name)?;
            let data_ty = if store { s.f().value_type(args[3]) } else { ty };
            let eb = data_ty.elem().map_or(0, Elem::bytes);
            let log2 = const_u64(s, args[1], "the log2 block count")?;
            let block = match eb {
                1 => m::SvmBlock::B1,
                4 => m::SvmBlock::B4,
                8 => m::SvmBlock::B8,
                _ => return Err(unsupported(format!("{name} of {eb}-byte elements"))),
            };
            // Blocks of 4 or 8 bytes lie block-major, `n` lanes per block; 1-byte blocks lie
            // lane-major in a slot of max(4, blocks) bytes per lane (vISA SVM_GATHER's layout).
            let per_lane = if eb == 1 { (1u32 << log2.min(3)).max(4) } else { 1 << log2.min(3) };
            if log2 > 3 || data_ty.num_elems() != n * per_lane {
                let slot = if eb == 1 { format!(" ({per_lane}-byte slot per lane)") } else { String::new() };
                return Err(invalid(format!(
                    "{name}: the data is {data_ty}, not {} blocks per lane{slot} for {n} lanes",
                    1 << log2.min(3)
                )));
            }
            if eb == 1 && log2 == 3 {
                // The vISA specification gives 8 blocks to 4-byte blocks only.
                return Err(unsupported(format!("{name} of 8 one-byte blocks per lane")));
            }
            let (wm, exec) = msg_mask(s, args[0], exec)?;
            let pred = wm.pred;
            let addresses = Raw::of(s.block_var(args[2])?);
            let data = if store { Raw::of(s.block_var(args[3])?) } else { s.msg_dst(id)? };
            if !store && wm.masked() {
                keep_old(s, id, args[3])?;
            }
            s.push(VInst::SvmScatter { store, pred, exec, block, num_blocks: 1 << log2, addresses, data });
            Ok(())
        }
        _ => {
            if let Some((family, op)) = iid.atomic() {
                let atomic = (id, name, args);
                return match family {
                    AtomicFamily::Dword => dword_atomic(s, atomic, op, true),
                    AtomicFamily::Dword2 => dword_atomic(s, atomic, op, false),
                    AtomicFamily::Svm => svm_atomic(s, atomic, op),
                    AtomicFamily::Typed => typed_atomic(s, atomic, op),
                };
            }
            match iid.raw_send() {
                Some(form) => raw_send(s, id, form, name, args),
                None => Err(unsupported(name)),
            }
        }
    }
}

/// A coordinate of a typed message: `%null` when it is undefined or zero.
fn typed_coord(s: &mut Selector, v: Value) -> R<Raw> {
    if s.f().as_const(v).is_some_and(|c| c.is_undef() || c.splat_value() == Some(0)) {
        Ok(Raw::NULL)
    } else {
        Ok(Raw::of(s.block_var(v)?))
    }
}

/// `v` as a GRF-aligned raw operand of type `ty`.
fn typed_raw(s: &mut Selector, v: Value, ty: VisaType) -> R<Raw> {
    let var = s.block_var(v)?;
    Ok(Raw::of(s.view(var, ty)?))
}

/// The result of an atomic as a raw operand of type `ty` (`%null` when nothing reads it).
fn atomic_dst(s: &mut Selector, id: InstId, ty: VisaType) -> R<Raw> {
    if s.fx().bales.use_count(Value::Inst(id)) == 0 {
        return Ok(Raw::NULL);
    }
    let v = s.var_of(Value::Inst(id))?;
    Ok(Raw::of(s.view(v, ty)?))
}

/// Checks that operand `v` of a message of `n` lanes has `n` elements.
fn check_lanes(s: &Selector, v: Value, n: u32, what: &str, name: &str) -> R<()> {
    let t = s.f().value_type(v);
    if t.num_elems() != n {
        return Err(invalid(format!("{name}: the {what} is {t}, not {n} elements (one per lane)")));
    }
    Ok(())
}

/// [`msg_mask`] of a message of `exec` lanes, after checking the predicate has one per lane.
pub(crate) fn lane_pred(s: &mut Selector, v: Value, exec: Exec, name: &str) -> R<(WriteMask, Exec)> {
    check_lanes(s, v, u32::from(exec.size), "predicate", name)?;
    msg_mask(s, v, exec)
}

/// [`msg_mask`] of a message whose predicate operand is optional (every lane when absent).
fn pred_arg_mask(s: &mut Selector, v: Option<Value>, exec: Exec) -> R<(WriteMask, Exec)> {
    match v {
        Some(v) => msg_mask(s, v, exec),
        None => Ok((WriteMask::default(), exec)),
    }
}

/// Checks that one channel of a 4-channel message of `n` lanes fills whole GRFs: the message puts
/// each channel in GRFs of its own, which a packed vector matches only then (SIMD8 on PVC does not).
fn soa_channels_fill_grfs(s: &Selector, n: u32, name: &str) -> R<()> {
    if !(n * 4).is_multiple_of(s.grf()) {
        return Err(unsupported(format!(
            "{name} with {n} lanes on {} (each channel would not fill whole GRFs)",
            s.platform
        )));
    }
    Ok(())
}

/// [`lane_pred`] of a message whose predicate may also be a scalar `i1` constant true.
fn vector_or_true_pred(s: &mut Selector, v: Value, exec: Exec, name: &str) -> R<(WriteMask, Exec)> {
    if s.f().value_type(v).is_vector() {
        lane_pred(s, v, exec, name)
    } else if s.f().as_const(v).and_then(|c| c.splat_value()) == Some(1) {
        Ok((WriteMask::default(), exec))
    } else {
        Err(unsupported(format!("{name} predicated by a scalar i1 that is not constant true")))
    }
}

/// `llvm.genx.svm.gather4.scaled` (pred, channel mask, scale, base, 64-bit offsets, old value) and
/// `llvm.genx.svm.scatter4.scaled` (pred, channel mask, scale, base, 64-bit offsets, data).
fn svm_scaled4(s: &mut Selector, id: InstId, store: bool, name: &str, args: &[Value]) -> R<()> {
    argc(name, args, 6)?;
    if !s.platform.info().has_int64 {
        // the finalizer adds base and offsets with 64-bit integer instructions: the preparation
        // stage splits the message into one gather or scatter per channel there
        return Err(unsupported(format!(
            "{name} on {} other than with a constant channel mask, scale 0 and dword data (the \
             per-channel split the platform needs, lacking 64-bit adds)",
            s.platform
        )));
    }
    let channels = channels(const_u64(s, args[1], "the channel mask")?, name)?;
    if const_u64(s, args[2], "the scale")? != 0 {
        return Err(unsupported(format!("{name} with a non-zero scale")));
    }
    if s.f().value_type(args[3]) != Type::Scalar(Elem::I64) {
        return Err(invalid(format!("{name}: the base address must be an i64 scalar")));
    }
    let n = s.f().value_type(args[4]).num_elems();
    if s.f().value_type(args[4]).elem() != Some(Elem::I64) {
        return Err(invalid(format!("{name}: the offsets must be i64")));
    }
    let exec = msg_exec(s, n, name)?;
    soa_channels_fill_grfs(s, n, name)?;
    let data_ty = if store { s.f().value_type(args[5]) } else { s.f().insts[id].ty };
    let per_lane = channels.bits().count_ones();
    if data_ty.elem().map(Elem::bytes) != Some(4) || data_ty.num_elems() != n * per_lane {
        return Err(invalid(format!(
            "{name}: the data is {data_ty}, not {} dwords ({per_lane} channels of {n} lanes)",
            n * per_lane
        )));
    }
    let (wm, exec) = vector_or_true_pred(s, args[0], exec, name)?;
    let pred = wm.pred;
    let base = s.src(args[3], VisaType::UQ)?;
    let offsets = typed_raw(s, args[4], VisaType::UQ)?;
    let data = if store {
        Raw::of(s.block_var(args[5])?)
    } else {
        if wm.masked() {
            keep_old(s, id, args[5])?;
        }
        s.msg_dst(id)?
    };
    s.push(VInst::SvmScaled4 { store, pred, exec, channels, base, offsets, data });
    Ok(())
}

/// Integer division and remainder where the platform has no integer divide.
pub(super) fn int_div_expansion(s: &mut Selector, id: InstId, op: BinOp, _a: Value, _b: Value) -> R<()> {
    let _ = id;
    Err(unsupported(format!("integer {op:?} on {} (needs an expansion)", s.platform).to_lowercase()))
}
