//! Selection of intrinsics: element-wise `llvm.genx.*` and `llvm.*` operations as ALU
//! instructions, and the thread-payload, memory, synchronisation and message intrinsics as their
//! vISA instructions. Integer division where the platform has none is expanded here too.

use super::*;
use genxc_genx::intrinsics::IntrinsicId;

/// The ALU form of an element-wise intrinsic (`None` if it is not one).
pub(super) fn alu_intrinsic(s: &Selector, name: &str, ty: Type, args: &[Value]) -> R<Option<AluDesc>> {
    let Some(e) = ty.elem() else { return Ok(None) };
    if e == Elem::I1 {
        return Ok(None);
    }
    let arg_elem = |i: usize| -> R<Elem> {
        let v = args.get(i).ok_or_else(|| format!("{name}: missing operand {i}"))?;
        s.f().value_type(*v).elem().ok_or_else(|| "void operand".to_string())
    };
    let float = |e: Elem, what: &str| -> R<VisaType> {
        match e {
            Elem::Float | Elem::Half => signed_type(e),
            Elem::Double
                if matches!(
                    what,
                    "inv" | "div" | "sqrtm" | "divm" | "mad" | "min" | "max" | "mov" | "rnd"
                ) =>
            {
                s.check_64bit(e, what)?;
                signed_type(e)
            }
            other => Err(format!("unsupported: {name} on {other:?} elements").to_lowercase()),
        }
    };
    let op = |o| Op::Alu(o);
    let un = |o: m::AluOp, t: VisaType, md: SrcMod| AluDesc {
        op: Op::Alu(o),
        dst_ty: t,
        srcs: vec![Operand { value: args[0], ty: t, modifier: md }],
        sat: false,
    };
    let bin = |o: Op, t: VisaType, st: VisaType| AluDesc {
        op: o,
        dst_ty: t,
        srcs: vec![
            Operand { value: args[0], ty: st, modifier: SrcMod::None },
            Operand { value: args[1], ty: st, modifier: SrcMod::None },
        ],
        sat: false,
    };
    let need = |n: usize| -> R<()> {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!("{name} takes {n} operands, found {}", args.len()))
        }
    };
    let int_ty = |e: Elem, signed: bool| -> R<VisaType> {
        if matches!(e, Elem::Float | Elem::Half | Elem::Double) {
            return Err(format!("{name} needs integer operands"));
        }
        s.check_64bit(e, name)?;
        if signed {
            signed_type(e)
        } else {
            unsigned_type(e)
        }
    };
    Ok(Some(match name {
        "sat" => {
            need(1)?;
            let t = float(e, "mov").or_else(|_| signed_type(e))?;
            AluDesc { sat: true, ..un(m::AluOp::Mov, t, SrcMod::None) }
        }
        "absf" | "fabs" => {
            need(1)?;
            un(m::AluOp::Mov, float(e, "mov")?, SrcMod::Abs)
        }
        "absi" => {
            need(1)?;
            un(m::AluOp::Mov, int_ty(e, true)?, SrcMod::Abs)
        }
        "smax" | "smin" | "umax" | "umin" => {
            need(2)?;
            let t = int_ty(e, name.starts_with('s'))?;
            bin(if name.ends_with("max") { Op::Max } else { Op::Min }, t, t)
        }
        "fmax" | "fmin" | "maxnum" | "minnum" => {
            need(2)?;
            let t = float(e, "max")?;
            bin(if name.ends_with("max") || name == "maxnum" { Op::Max } else { Op::Min }, t, t)
        }
        "inv" | "log" | "exp" | "sqrt" | "rsqrt" | "sin" | "cos" | "frc" | "rndd" | "rndu" | "rnde"
        | "rndz" | "exp2" | "log2" | "floor" | "ceil" | "trunc" | "rint" | "roundeven" | "nearbyint"
        | "ieee.sqrt" => {
            need(1)?;
            let (o, what) = match name {
                "inv" => (m::AluOp::Inv, "inv"),
                "log" | "log2" => (m::AluOp::Log, "log"),
                "exp" | "exp2" => (m::AluOp::Exp, "exp"),
                "sqrt" => (m::AluOp::Sqrt, "sqrt"),
                "rsqrt" => (m::AluOp::Rsqrt, "rsqrt"),
                "sin" => (m::AluOp::Sin, "sin"),
                "cos" => (m::AluOp::Cos, "cos"),
                "frc" => (m::AluOp::Frc, "frc"),
                "rndd" | "floor" => (m::AluOp::Rndd, "rnd"),
                "rndu" | "ceil" => (m::AluOp::Rndu, "rnd"),
                "rndz" | "trunc" => (m::AluOp::Rndz, "rnd"),
                "ieee.sqrt" => (m::AluOp::Sqrtm, "sqrtm"),
                _ => (m::AluOp::Rnde, "rnd"),
            };
            if o == m::AluOp::Sqrtm && !s.platform.info().has_fp64 {
                return Err(format!("llvm.genx.ieee.sqrt is not available on {}", s.platform));
            }
            let t = float(e, what)?;
            if matches!(o, m::AluOp::Rndd | m::AluOp::Rndu | m::AluOp::Rnde | m::AluOp::Rndz | m::AluOp::Frc)
                && t != VisaType::F
            {
                return Err(
                    format!("unsupported: {name} on {e:?} elements (rounding is float only)").to_lowercase()
                );
            }
            un(o, t, SrcMod::None)
        }
        "pow" | "ieee.div" => {
            need(2)?;
            if name == "ieee.div" && !s.platform.info().has_fp64 {
                return Err(format!("llvm.genx.ieee.div is not available on {}", s.platform));
            }
            let t = float(e, if name == "pow" { "pow" } else { "divm" })?;
            bin(op(if name == "pow" { m::AluOp::Pow } else { m::AluOp::Divm }), t, t)
        }
        "fma" | "fmuladd" => {
            need(3)?;
            let t = float(e, "mad")?;
            let o = |i: usize| Operand { value: args[i], ty: t, modifier: SrcMod::None };
            AluDesc { op: op(m::AluOp::Mad), dst_ty: t, srcs: vec![o(0), o(1), o(2)], sat: false }
        }
        "ctpop" | "cbit" => {
            need(1)?;
            let a = arg_elem(0)?;
            if a != Elem::I32 {
                return Err(format!("unsupported: {name} of {a:?}").to_lowercase());
            }
            AluDesc { dst_ty: int_ty(e, false)?, ..un(m::AluOp::Cbit, VisaType::UD, SrcMod::None) }
        }
        "ctlz" | "lzd" => {
            if arg_elem(0)? != Elem::I32 {
                return Err(format!("unsupported: {name} of a non-32-bit value"));
            }
            AluDesc {
                srcs: vec![Operand { value: args[0], ty: VisaType::UD, modifier: SrcMod::None }],
                ..un(m::AluOp::Lzd, VisaType::UD, SrcMod::None)
            }
        }
        "bfrev" | "fbl" => {
            need(1)?;
            let t = int_ty(e, false)?;
            if t != VisaType::UD {
                return Err(format!("unsupported: {name} of a non-32-bit value"));
            }
            un(if name == "bfrev" { m::AluOp::Bfrev } else { m::AluOp::Fbl }, t, SrcMod::None)
        }
        "fptosi.sat" | "fptoui.sat" => {
            need(1)?;
            let from = arg_elem(0)?;
            let st = float(from, "mov")?;
            let dt = int_ty(e, name == "fptosi.sat")?;
            AluDesc {
                op: op(m::AluOp::Mov),
                dst_ty: dt,
                srcs: vec![Operand { value: args[0], ty: st, modifier: SrcMod::None }],
                sat: true,
            }
        }
        "umulh" | "smulh" => {
            need(2)?;
            let t = int_ty(e, name == "smulh")?;
            bin(op(m::AluOp::Mulh), t, t)
        }
        "sadd.sat" | "uadd.sat" | "ssub.sat" => {
            need(2)?;
            let t = int_ty(e, name.starts_with('s'))?;
            let mut d = bin(op(m::AluOp::Add), t, t);
            if name == "ssub.sat" {
                d.srcs[1].modifier = SrcMod::Neg;
            }
            AluDesc { sat: true, ..d }
        }
        _ => {
            // genx saturating families: <result sign><operand sign><op>[.sat]
            let b = name.as_bytes();
            let fam = name.get(2..).unwrap_or("");
            let (base, sat) = match fam.strip_suffix(".sat") {
                Some(x) => (x, true),
                None => (fam, false),
            };
            if name.len() < 3 || !matches!(b[0], b's' | b'u') || !matches!(b[1], b's' | b'u') {
                return Ok(None);
            }
            let (o, nsrc) = match base {
                "add" => (m::AluOp::Add, 2),
                "mul" => (m::AluOp::Mul, 2),
                "trunc" => (m::AluOp::Mov, 1),
                "shl" => (m::AluOp::Shl, 2),
                "avg" => (m::AluOp::Avg, 2),
                "mad" => (m::AluOp::Mad, 3),
                _ => return Ok(None),
            };
            need(nsrc)?;
            let dt = int_ty(e, b[0] == b's')?;
            let st = int_ty(arg_elem(0)?, b[1] == b's')?;
            let srcs =
                (0..nsrc).map(|i| Operand { value: args[i], ty: st, modifier: SrcMod::None }).collect();
            AluDesc { op: op(o), dst_ty: dt, srcs, sat }
        }
    }))
}

fn argc(name: &str, args: &[Value], n: usize) -> R<()> {
    if args.len() == n {
        Ok(())
    } else {
        Err(format!("{name} takes {n} operands, found {}", args.len()))
    }
}

fn const_u64(s: &Selector, v: Value, what: &str) -> R<u64> {
    s.f().as_const(v).and_then(|c| c.splat_value()).ok_or_else(|| format!("{what} must be a constant"))
}

fn owords(bytes: u32) -> R<m::Owords> {
    Ok(match bytes {
        16 => m::Owords::O1,
        32 => m::Owords::O2,
        64 => m::Owords::O4,
        128 => m::Owords::O8,
        b => return Err(format!("an oword block message moves 16, 32, 64 or 128 bytes, not {b}")),
    })
}

impl Selector<'_> {
    fn scalar_u32(&mut self, v: Value, name: &str) -> R<SrcOp> {
        if self.f().value_type(v) != Type::Scalar(Elem::I32) {
            return Err(format!("{name}: the offset must be an i32 scalar"));
        }
        self.src(v, VisaType::UD)
    }

    /// A variable holding `v` as a GRF-aligned block (copied when `v` is not one).
    fn block_var(&mut self, v: Value) -> R<m::VarId> {
        let t = self.f().value_type(v);
        let ty = signed_type(t.elem().ok_or("void data")?)?;
        let baled = matches!(v, Value::Inst(d) if self.fx().bales.is_baled(d));
        if self.f().as_const(v).is_none() && !baled {
            let var = self.var_of(v)?;
            let d = &self.k.vars[(var.0 - m::NUM_PREDEF_VARS) as usize];
            if d.align == m::Align::Grf && d.alias.is_none() {
                return Ok(var);
            }
        }
        let n = t.num_elems();
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
                return Err("unsupported: local ids need r1, which a kernel argument occupies".into());
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
    let short = iid.short_name();
    match short {
        "rdpredregion" => Ok(()),
        "wrpredregion" => {
            argc(name, args, 3)?;
            if s.fx().asg.wrregion.get(&Value::Inst(id)) == Some(&WrRegionPrep::CopyOld) {
                return Err("unsupported: a predicate slice write that keeps its old value alive".into());
            }
            match args[1] {
                Value::Inst(d) if s.fx().bales.baled_into.get(&d) == Some(&id) => s.inst(d),
                _ => Err("unsupported: a predicate slice write of a value that is not a compare".into()),
            }
        }
        "any" | "all" => {
            argc(name, args, 1)?;
            let n = s.f().value_type(args[0]).num_elems();
            let (p, lane) = s.pred_of(args[0])?;
            if lane != 0 {
                return Err(format!("unsupported: {name} of a predicate slice"));
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
            let (rel, with) = if short == "any" { (m::CmpOp::Ne, 0) } else { (m::CmpOp::Eq, mask) };
            s.push(VInst::Cmp {
                rel,
                exec: Exec::nm(1).at(dl / 4),
                dst: m::CmpDst::Pred(d),
                src0: Src::scalar(bits, 0).into(),
                src1: Imm::UD(with).into(),
            });
            Ok(())
        }
        "group.id.x" | "group.id.y" | "group.id.z" => {
            argc(name, args, 0)?;
            let src = match short {
                "group.id.x" => m::VarId::GROUP_ID_X,
                "group.id.y" => m::VarId::GROUP_ID_Y,
                _ => m::VarId::GROUP_ID_Z,
            };
            if ty != Type::Scalar(Elem::I32) {
                return Err(format!("{name} returns i32, not {ty}"));
            }
            let (dst, pred, _) = s.dst_for(id, VisaType::UD)?;
            s.push(VInst::Alu {
                op: m::AluOp::Mov,
                pred,
                sat: false,
                exec: Exec::nm(1),
                dst,
                srcs: vec![Src::scalar(src, 0).into()],
            });
            Ok(())
        }
        "thread.x" | "thread.y" => {
            argc(name, args, 0)?;
            let src = if short == "thread.x" { m::VarId::THREAD_X } else { m::VarId::THREAD_Y };
            let e = ty.elem().ok_or("void")?;
            let (dst, pred, _) = s.dst_for(id, unsigned_type(e)?)?;
            s.push(VInst::Alu {
                op: m::AluOp::Mov,
                pred,
                sat: false,
                exec: Exec::nm(1),
                dst,
                srcs: vec![Src::scalar(src, 0).into()],
            });
            Ok(())
        }
        "local.id" | "local.id16" | "local.size" | "group.count" => {
            argc(name, args, 0)?;
            let kind = match short {
                "local.id" | "local.id16" => m::ImplicitKind::LOCAL_ID,
                "local.size" => m::ImplicitKind::LOCAL_SIZE,
                _ => m::ImplicitKind::GROUP_COUNT,
            };
            if ty.num_elems() != 3 {
                return Err(format!("{name} returns a vector of 3 elements, not {ty}"));
            }
            let src = s.implicit_input(kind)?;
            let sty = s.decl_types[&src];
            let e = ty.elem().ok_or("void")?;
            let dty = unsigned_type(e)?;
            if dty.size() == sty.size() && s.alias_of_input(Value::Inst(id), src)? {
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
        "oword.ld" | "oword.ld.unaligned" => {
            argc(name, args, 3)?;
            if s.f().as_const(args[0]).and_then(|c| c.splat_value()) != Some(0) {
                return Err(format!("unsupported: {name} with a non-zero is_modified operand"));
            }
            let size = owords(ty.bytes())?;
            let surface = s.surface(args[1])?;
            if surface == m::SurfaceId::SLM && !s.platform.info().has_oword_slm {
                return Err(format!("oword block messages on SLM are not available on {}", s.platform));
            }
            let offset = s.scalar_u32(args[2], name)?;
            let dst = s.msg_dst(id)?;
            s.push(VInst::OwordLd { size, unaligned: short == "oword.ld.unaligned", surface, offset, dst });
            Ok(())
        }
        "oword.st" => {
            argc(name, args, 3)?;
            let size = owords(s.f().value_type(args[2]).bytes())?;
            let surface = s.surface(args[0])?;
            if surface == m::SurfaceId::SLM && !s.platform.info().has_oword_slm {
                return Err(format!("oword block messages on SLM are not available on {}", s.platform));
            }
            let offset = s.scalar_u32(args[1], name)?;
            let src = Raw::of(s.block_var(args[2])?);
            s.push(VInst::OwordSt { size, surface, offset, src });
            Ok(())
        }
        "media.ld" | "media.st" => {
            let store = short == "media.st";
            argc(name, args, if store { 7 } else { 6 })?;
            let modifier = match const_u64(s, args[0], "the media modifier")? {
                0 => m::MediaMod::NoMod,
                1 if !store => m::MediaMod::Modified,
                2 => m::MediaMod::Top,
                3 => m::MediaMod::Bottom,
                4 if !store => m::MediaMod::TopMod,
                5 if !store => m::MediaMod::BottomMod,
                other => return Err(format!("{name}: invalid modifier {other}")),
            };
            let surface = s.surface(args[1])?;
            let plane = const_u64(s, args[2], "the media plane")? as u8;
            let width = const_u64(s, args[3], "the media block width")?;
            if !(1..=64).contains(&width) {
                return Err(format!("{name}: block width {width} is not 1..64 bytes"));
            }
            let data_ty = if store { s.f().value_type(args[6]) } else { ty };
            let row = (width as u32).next_power_of_two().max(4);
            let bytes = data_ty.bytes();
            if !bytes.is_multiple_of(row) || bytes / row == 0 || bytes / row > 64 {
                return Err(format!("{name}: {bytes} bytes are not whole rows of {row} bytes"));
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
        "barrier" => {
            argc(name, args, 0)?;
            s.push(VInst::Barrier);
            Ok(())
        }
        "fence" => {
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
        _ if short.starts_with("lsc.") => {
            if !s.platform.info().has_lsc {
                return Err(format!(
                    "{name} is not available on {} (LSC messages need DG2, MTL or PVC)",
                    s.platform
                ));
            }
            lsc(s, id, &short["lsc.".len()..], name, args)
        }
        _ => memory(s, id, short, name, args),
    }
}

/// An LSC message (DG2, MTL, PVC): `llvm.genx.lsc.<op>.<model>` with operands (pred, sub-opcode,
/// L1 and L3 cache controls, address scale, immediate offset, data size, elements per address,
/// order, channel mask, addresses, [data | atomic sources], surface, [old value]).
fn lsc(s: &mut Selector, id: InstId, kind: &str, name: &str, args: &[Value]) -> R<()> {
    let (op, model) = kind.rsplit_once('.').ok_or_else(|| format!("unsupported: {name}"))?;
    let sfid = match model {
        "stateless" => m::LscSfid::Ugm,
        "slm" => m::LscSfid::Slm,
        _ => return Err(format!("unsupported: {name} (only stateless and SLM LSC messages are selected)")),
    };
    let nargs = match op {
        "load" | "prefetch" => 12,
        "load.merge" | "store" => 13,
        "atomic" => 15,
        _ => return Err(format!("unsupported: {name}")),
    };
    argc(name, args, nargs)?;
    let c = |s: &Selector, i: usize, what: &str| const_u64(s, args[i], &format!("{name}: the {what}"));
    let subop = c(s, 1, "sub-opcode")?;
    let lop = match op {
        "load" | "load.merge" | "prefetch" if subop == 0 => m::LscOp::Load,
        "store" if subop == 4 => m::LscOp::Store,
        "atomic" => {
            let i = subop.checked_sub(u64::from(m::LSC_FIRST_ATOMIC));
            match i.and_then(|i| m::LSC_ATOMICS.get(i as usize)) {
                Some(a) => m::LscOp::Atomic(a),
                None => return Err(format!("{name}: invalid atomic sub-opcode {subop}")),
            }
        }
        _ => return Err(format!("{name}: invalid sub-opcode {subop}")),
    };
    let (l1, l3) = (c(s, 2, "L1 cache control")?, c(s, 3, "L3 cache control")?);
    if l1 > 6 || l3 > 6 {
        return Err(format!("{name}: invalid cache controls {l1}, {l3}"));
    }
    let scale = c(s, 4, "address scale")?;
    if scale > 1 {
        return Err(format!("unsupported: {name} with address scale {scale} (the finalizer has none)"));
    }
    let offset = c(s, 5, "immediate offset")? as u32 as i32;
    let (bits, c32) = match c(s, 6, "data size")? {
        1 => (8, false),
        2 => (16, false),
        3 => (32, false),
        4 => (64, false),
        5 => (8, true),
        6 => (16, true),
        other => return Err(format!("unsupported: {name} with data size code {other}")),
    };
    let elems = match c(s, 7, "vector size")? {
        v @ 1..=4 => v as u8,
        5 => 8,
        6 => 16,
        7 => 32,
        8 => 64,
        other => return Err(format!("{name}: invalid vector size code {other}")),
    };
    let transpose = match c(s, 8, "data order")? {
        1 => false,
        2 => true,
        other => return Err(format!("{name}: invalid data order {other}")),
    };
    let addrs = args[10];
    let addr_ty = s.f().value_type(addrs);
    let addr_bits = if sfid == m::LscSfid::Ugm { 64 } else { 32 };
    if addr_ty.elem().map(Elem::bits) != Some(addr_bits) {
        return Err(format!("{name}: addresses must be i{addr_bits}"));
    }
    let lanes = addr_ty.num_elems();
    let exec = if transpose {
        if lanes != 1 {
            return Err(format!("{name}: a transposed (block) message takes one address"));
        }
        Exec::nm(1)
    } else {
        msg_exec(s, lanes, name)?
    };
    let pred = msg_pred(s, args[0])?;
    let av = s.block_var(addrs)?;
    let av = s.view(av, if addr_bits == 64 { VisaType::UQ } else { VisaType::UD })?;
    let addr = m::LscAddr { model: m::LscAddrModel::Flat, var: av, offset, bits: addr_bits as u8 };
    let shape = m::LscShape { bits, c32, elems, transpose };
    if sfid == m::LscSfid::Slm && matches!(lop, m::LscOp::Atomic("fadd" | "fsub")) {
        return Err(format!(
            "{name}: atomic float add and subtract on SLM are not available on {}",
            s.platform
        ));
    }
    let grfs = shape.data_bytes(exec.size).div_ceil(s.grf());
    if grfs > MAX_MSG_GRFS {
        return Err(format!(
            "{name} moving {grfs} registers of data is not available on {} (a message moves at most {MAX_MSG_GRFS})",
            s.platform
        ));
    }
    let null = m::VarId::NULL;
    let used = s.fx().bales.uses.get(&id).copied().unwrap_or(0) > 0;
    let (data, src1, src2) = match (op, lop) {
        ("prefetch", _) => (null, null, null),
        ("store", _) => (s.block_var(args[11])?, null, null),
        (_, m::LscOp::Atomic(a)) => {
            let nsrc = match a {
                "iinc" | "idec" | "load" => 0,
                "icas" | "fcas" => 2,
                _ => 1,
            };
            let src = |s: &mut Selector, i: usize, on: bool| if on { s.block_var(args[i]) } else { Ok(null) };
            let src1 = src(s, 11, nsrc >= 1)?;
            let src2 = src(s, 12, nsrc >= 2)?;
            if used && pred.is_some() {
                keep_old(s, id, args[14])?;
            }
            (if used { s.var_of(Value::Inst(id))? } else { null }, src1, src2)
        }
        _ => {
            if op == "load.merge" && pred.is_some() {
                keep_old(s, id, args[12])?;
            }
            (s.var_of(Value::Inst(id))?, null, null)
        }
    };
    let cache = (l1 as u8, l3 as u8);
    s.push(VInst::Lsc { op: lop, sfid, cache, pred, exec, addr, shape, data, src1, src2 });
    Ok(())
}

/// The most registers of data one message reads or writes.
const MAX_MSG_GRFS: u32 = 8;

/// The predicate of a message (`None` when every lane is on).
fn msg_pred(s: &mut Selector, v: Value) -> R<Option<Pred>> {
    if let Some(c) = s.f().as_const(v) {
        if c.elems.iter().all(|b| *b == Some(1)) {
            return Ok(None);
        }
    }
    let (p, lane) = s.pred_of(v)?;
    if lane != 0 {
        return Err("unsupported: a message predicated by a predicate slice".into());
    }
    Ok(Some(Pred::on(p)))
}

fn msg_exec(s: &Selector, n: u32, name: &str) -> R<Exec> {
    if !matches!(n, 1 | 2 | 4 | 8 | 16 | 32) {
        return Err(format!("unsupported: {name} with {n} lanes"));
    }
    if n == 32 && s.platform != Platform::Pvc {
        return Err(format!(
            "{name} with 32 lanes is not available on {} (SIMD32 messages need PVC)",
            s.platform
        ));
    }
    Ok(Exec::nm(n as u8))
}

fn channels(mask: u64, name: &str) -> R<m::Channels> {
    // one bit per enabled channel, R = bit 0
    let c = m::Channels { r: mask & 1 != 0, g: mask & 2 != 0, b: mask & 4 != 0, a: mask & 8 != 0 };
    if c.bits() == 0 || mask > 15 {
        return Err(format!("{name}: invalid channel mask {mask}"));
    }
    Ok(c)
}

/// Lanes a predicated load leaves alone keep the old value: copy it into the result first.
fn keep_old(s: &mut Selector, id: InstId, old: Value) -> R<()> {
    if s.f().as_const(old).is_some_and(|c| c.is_undef()) {
        return Ok(());
    }
    let dst = s.var_of(Value::Inst(id))?;
    s.copy_value(dst, old)
}

/// Surface, SVM and atomic messages.
fn memory(s: &mut Selector, id: InstId, short: &str, name: &str, args: &[Value]) -> R<()> {
    let ty = s.f().insts[id].ty;
    let lanes = |s: &Selector, v: Value| s.f().value_type(v).num_elems();
    match short {
        "gather.scaled" | "gather.scaled2" | "gather.masked.scaled2" | "scatter.scaled" => {
            // gather.scaled(pred, log2 blocks, scale, surface, goff, offsets, old)
            // gather.scaled2(log2 blocks, scale, surface, goff, offsets)
            // gather.masked.scaled2(log2 blocks, scale, surface, goff, offsets, pred)
            // scatter.scaled(pred, log2 blocks, scale, surface, goff, offsets, data)
            let store = short == "scatter.scaled";
            let (pred_arg, rest) = match short {
                "gather.scaled" | "scatter.scaled" => {
                    argc(name, args, 7)?;
                    (Some(args[0]), &args[1..])
                }
                "gather.masked.scaled2" => {
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
                b => return Err(format!("{name}: invalid log2 block count {b}")),
            };
            if const_u64(s, rest[1], "the scale")? != 0 {
                return Err(format!("unsupported: {name} with a non-zero scale"));
            }
            let surface = s.surface(rest[2])?;
            let global_offset = s.scalar_u32(rest[3], name)?;
            let n = lanes(s, rest[4]);
            let data_ty = if store { s.f().value_type(rest[5]) } else { ty };
            if data_ty.elem().map(Elem::bytes) != Some(4) || data_ty.num_elems() != n {
                return Err(format!("unsupported: {name} with data other than one dword per lane"));
            }
            let exec = msg_exec(s, n, name)?;
            let pred = match pred_arg {
                Some(p) => msg_pred(s, p)?,
                None => None,
            };
            let offsets = Raw::of(s.block_var(rest[4])?);
            let data = if store { Raw::of(s.block_var(rest[5])?) } else { s.msg_dst(id)? };
            if short == "gather.scaled" && pred.is_some() {
                keep_old(s, id, rest[5])?;
            }
            s.push(VInst::Scaled { store, pred, exec, blocks, surface, global_offset, offsets, data });
            Ok(())
        }
        "gather4.scaled" | "gather4.masked.scaled2" | "scatter4.scaled" => {
            let store = short == "scatter4.scaled";
            let (pred_arg, rest) = match short {
                "gather4.masked.scaled2" => {
                    argc(name, args, 6)?;
                    (args[5], &args[..5])
                }
                _ => {
                    argc(name, args, 7)?;
                    (args[0], &args[1..])
                }
            };
            let ch = channels(const_u64(s, rest[0], "the channel mask")?, name)?;
            if const_u64(s, rest[1], "the scale")? != 0 {
                return Err(format!("unsupported: {name} with a non-zero scale"));
            }
            let surface = s.surface(rest[2])?;
            let global_offset = s.scalar_u32(rest[3], name)?;
            let n = lanes(s, rest[4]);
            let exec = msg_exec(s, n, name)?;
            let pred = msg_pred(s, pred_arg)?;
            let offsets = Raw::of(s.block_var(rest[4])?);
            let data = if store { Raw::of(s.block_var(rest[5])?) } else { s.msg_dst(id)? };
            s.push(VInst::Scaled4 { store, pred, exec, channels: ch, surface, global_offset, offsets, data });
            Ok(())
        }
        "gather4.typed" | "scatter4.typed" => {
            // (channel mask, pred, surface, u, v, r, old/data)
            let store = short == "scatter4.typed";
            argc(name, args, 7)?;
            let ch = channels(const_u64(s, args[0], "the channel mask")?, name)?;
            let pred = msg_pred(s, args[1])?;
            let surface = s.surface(args[2])?;
            let n = lanes(s, args[3]);
            let exec = msg_exec(s, n, name)?;
            let coord = |s: &mut Selector, v: Value| -> R<Raw> {
                if s.f().as_const(v).is_some_and(|c| c.is_undef() || c.splat_value() == Some(0)) {
                    Ok(Raw::NULL)
                } else {
                    Ok(Raw::of(s.block_var(v)?))
                }
            };
            let u = Raw::of(s.block_var(args[3])?);
            let v = coord(s, args[4])?;
            let r = coord(s, args[5])?;
            let data = if store { Raw::of(s.block_var(args[6])?) } else { s.msg_dst(id)? };
            s.push(VInst::Typed4 { store, pred, exec, channels: ch, surface, u, v, r, lod: Raw::NULL, data });
            Ok(())
        }
        "svm.block.ld" | "svm.block.ld.unaligned" | "svm.block.st" => {
            let store = short == "svm.block.st";
            argc(name, args, if store { 2 } else { 1 })?;
            if s.f().value_type(args[0]) != Type::Scalar(Elem::I64) {
                return Err(format!("{name}: the address must be an i64 scalar"));
            }
            let data_ty = if store { s.f().value_type(args[1]) } else { ty };
            let size = owords(data_ty.bytes())?;
            let address = s.src(args[0], VisaType::UQ)?;
            let data = if store { Raw::of(s.block_var(args[1])?) } else { s.msg_dst(id)? };
            s.push(VInst::SvmBlock { store, size, address, data });
            Ok(())
        }
        "svm.gather" | "svm.scatter" => {
            // (pred, log2 num blocks, addresses, old/data)
            let store = short == "svm.scatter";
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
                _ => return Err(format!("unsupported: {name} of {eb}-byte elements")),
            };
            if log2 > 3 || data_ty.num_elems() != n << log2 {
                return Err(format!("{name}: the data does not hold {} blocks per lane", 1 << log2.min(3)));
            }
            let pred = msg_pred(s, args[0])?;
            let addresses = Raw::of(s.block_var(args[2])?);
            let data = if store { Raw::of(s.block_var(args[3])?) } else { s.msg_dst(id)? };
            if !store && pred.is_some() {
                keep_old(s, id, args[3])?;
            }
            s.push(VInst::SvmScatter { store, pred, exec, block, num_blocks: 1 << log2, addresses, data });
            Ok(())
        }
        _ if short.starts_with("dword.atomic.") => {
            // (pred, surface, offsets, [src0, [src1]], old)
            let op = match &short["dword.atomic.".len()..] {
                "add" => m::AtomicOp::Add,
                "sub" => m::AtomicOp::Sub,
                "inc" => m::AtomicOp::Inc,
                "dec" => m::AtomicOp::Dec,
                "min" => m::AtomicOp::Min,
                "max" => m::AtomicOp::Max,
                "imin" => m::AtomicOp::MinSInt,
                "imax" => m::AtomicOp::MaxSInt,
                "xchg" => m::AtomicOp::Xchg,
                "cmpxchg" => m::AtomicOp::Cmpxchg,
                "and" => m::AtomicOp::And,
                "or" => m::AtomicOp::Or,
                "xor" => m::AtomicOp::Xor,
                "fmax" => m::AtomicOp::Fmax,
                "fmin" => m::AtomicOp::Fmin,
                "fadd" => m::AtomicOp::Fadd,
                "fsub" => m::AtomicOp::Fsub,
                other => return Err(format!("unsupported: llvm.genx.dword.atomic.{other}")),
            };
            let nsrc = match op {
                m::AtomicOp::Inc | m::AtomicOp::Dec => 0,
                m::AtomicOp::Cmpxchg => 2,
                _ => 1,
            };
            argc(name, args, 4 + nsrc)?;
            let pred = msg_pred(s, args[0])?;
            let surface = s.surface(args[1])?;
            let n = lanes(s, args[2]);
            let exec = msg_exec(s, n, name)?;
            if ty.elem().map(Elem::bytes) != Some(4) {
                return Err(format!("unsupported: {name} of non-dword data"));
            }
            // raw operands of atomics are typed: offsets ud, data ud (or f for the float ops)
            let dty = if ty.elem() == Some(Elem::Float) { VisaType::F } else { VisaType::UD };
            let typed = |s: &mut Selector, v: m::VarId, t: VisaType| -> R<Raw> { Ok(Raw::of(s.view(v, t)?)) };
            let ov = s.block_var(args[2])?;
            let offsets = typed(s, ov, VisaType::UD)?;
            let src0 = if nsrc >= 1 {
                let v = s.block_var(args[3])?;
                typed(s, v, dty)?
            } else {
                Raw::NULL
            };
            let src1 = if nsrc >= 2 {
                let v = s.block_var(args[4])?;
                typed(s, v, dty)?
            } else {
                Raw::NULL
            };
            let dst = if s.fx().bales.uses.get(&id).copied().unwrap_or(0) == 0 {
                Raw::NULL
            } else {
                let v = s.var_of(Value::Inst(id))?;
                typed(s, v, dty)?
            };
            s.push(VInst::DwordAtomic { op, half: false, pred, exec, surface, offsets, src0, src1, dst });
            Ok(())
        }
        other => Err(format!(
            "unsupported: {}",
            if name.starts_with("llvm.genx.") {
                format!("llvm.genx.{other}")
            } else {
                format!("llvm.{other}")
            }
        )),
    }
}

/// Integer division and remainder where the platform has no integer divide.
pub(super) fn int_div_expansion(s: &mut Selector, id: InstId, op: BinOp, _a: Value, _b: Value) -> R<()> {
    let _ = id;
    Err(format!("unsupported: integer {op:?} on {} (needs an expansion)", s.platform).to_lowercase())
}
