//! Instruction selection: one kernel unit of GenX IR to one vISA [`Kernel`].
//!
//! The unit's kernel function is lowered (element operations to regions), baled (source regions
//! and destination regions fold into the operation that uses them), given variables by
//! `regalloc`, and then each instruction that is not baled becomes one vISA instruction. What this
//! selector cannot emit yet is reported as `unsupported: <what>`, never emitted wrongly.

use crate::model::{self as m, Exec, Imm, Inst as VInst, Raw, Src, SrcMod, SrcOp, VisaType};
use genxc_diag::Diagnostic;
use genxc_genx::bale::{self, Bales};
use genxc_genx::ir::{BinOp, CastOp, Function, InstId, InstKind, Terminator, Value};
use genxc_genx::metadata::ArgCategory;
use genxc_genx::region::Region;
use genxc_genx::units::KernelUnit;
use genxc_genx::{Elem, Platform, Type};
use genxc_regalloc::{Assignment, VarIdx, WrRegionPrep};
use std::collections::HashMap;

type R<T> = Result<T, String>;

/// Compiles one kernel unit to `.visaasm` text.
pub fn compile_unit(u: &KernelUnit, platform: Platform) -> Result<String, Vec<Diagnostic>> {
    let k = select(u, platform)?;
    Ok(crate::text::write_text(&k))
}

fn is_exec_size(n: u32) -> bool {
    matches!(n, 1 | 2 | 4 | 8 | 16 | 32)
}

fn src_region_ok(r: &Region, exec: u32, grf: u32) -> bool {
    let vs = |v: i32| matches!(v, 0 | 1 | 2 | 4 | 8 | 16 | 32);
    let col_ok = r.offset >= 0
        && (r.offset as u32).is_multiple_of(r.elem_bytes)
        && (r.offset as u32 % grf) / r.elem_bytes < 256;
    if !is_exec_size(exec) || !col_ok || r.indirect.is_some() {
        return false;
    }
    if r.num_elems == 1 || (r.width == 1 && r.stride == 0) {
        return true;
    }
    if r.width == r.num_elems {
        return vs(r.stride);
    }
    vs(r.vstride)
        && matches!(r.width, 1 | 2 | 4 | 8 | 16)
        && r.width <= exec
        && matches!(r.stride, 0 | 1 | 2 | 4)
}

fn dst_region_ok(r: &Region, grf: u32) -> bool {
    let one_row = r.num_elems == 1 || r.width == r.num_elems;
    one_row
        && is_exec_size(r.num_elems)
        && (r.num_elems == 1 || matches!(r.stride, 1 | 2 | 4))
        && r.indirect.is_none()
        && r.offset >= 0
        && (r.offset as u32).is_multiple_of(r.elem_bytes)
        && (r.offset as u32 % grf) / r.elem_bytes < 256
}

fn signed_type(e: Elem) -> R<VisaType> {
    Ok(match e {
        Elem::I8 => VisaType::B,
        Elem::I16 => VisaType::W,
        Elem::I32 => VisaType::D,
        Elem::I64 => VisaType::Q,
        Elem::Half => VisaType::HF,
        Elem::Float => VisaType::F,
        Elem::Double => VisaType::DF,
        Elem::I1 => return Err("unsupported: predicate (i1) values".into()),
    })
}

fn unsigned_type(e: Elem) -> R<VisaType> {
    Ok(match e {
        Elem::I8 => VisaType::UB,
        Elem::I16 => VisaType::UW,
        Elem::I32 => VisaType::UD,
        Elem::I64 => VisaType::UQ,
        other => signed_type(other)?,
    })
}

struct Selector<'a> {
    f: Function,
    platform: Platform,
    bales: Bales,
    asg: Assignment,
    k: m::Kernel,
    /// vISA id of each regalloc variable (surface parameters have none).
    var_ids: Vec<Option<m::VarId>>,
    /// Typed views of variables: (base, type) -> alias.
    views: HashMap<(m::VarId, VisaType), m::VarId>,
    decl_types: HashMap<m::VarId, VisaType>,
    surfaces: HashMap<u32, m::SurfaceId>,
    unit: &'a KernelUnit,
}

/// Selects vISA for a kernel unit.
pub fn select(u: &KernelUnit, platform: Platform) -> Result<m::Kernel, Vec<Diagnostic>> {
    let entry = &u.functions[u.entry];
    let fname = entry.name.clone();
    let err = |inst: Option<String>, msg: String| vec![Diagnostic::in_function(fname.clone(), inst, msg)];
    if u.functions.len() > 1 {
        let callee = u
            .functions
            .iter()
            .find(|(id, _)| *id != u.entry)
            .map(|(_, f)| f.name.clone())
            .unwrap_or_default();
        return Err(err(None, format!("unsupported: subroutine calls (@{callee})")));
    }
    let mut f = entry.clone();
    genxc_genx::lower::lower_function(&mut f).map_err(|d| vec![d])?;
    genxc_legalize::run(&mut f, platform).map_err(|d| vec![d])?;
    if f.layout.len() != 1 {
        return Err(err(None, "unsupported: control flow (the function has more than one block)".into()));
    }
    let grf = platform.grf_bytes();
    let bales = bale::analyze(&f, |r, e| src_region_ok(r, e, grf), |r| dst_region_ok(r, grf));
    let asg = genxc_regalloc::assign(&f, &bales);
    let mut s = Selector {
        f,
        platform,
        bales,
        asg,
        k: m::Kernel {
            name: u.kernel.name.clone(),
            vars: Vec::new(),
            addrs: Vec::new(),
            preds: Vec::new(),
            samplers: Vec::new(),
            surfaces: Vec::new(),
            labels: vec![m::LabelDecl {
                name: format!("{}_main", u.kernel.name),
                kind: m::LabelKind::Subroutine,
            }],
            inputs: Vec::new(),
            attrs: vec![m::KernelAttr::Target3d(false)],
            body: Vec::new(),
        },
        var_ids: Vec::new(),
        views: HashMap::new(),
        decl_types: HashMap::new(),
        surfaces: HashMap::new(),
        unit: u,
    };
    s.declare().map_err(|m| err(None, m))?;
    let b = s.f.layout[0];
    let insts = s.f.blocks[b].insts.clone();
    for id in insts {
        if s.bales.is_baled(id) {
            continue;
        }
        let label = s.f.value_name(Value::Inst(id));
        s.inst(id).map_err(|m| err(Some(label), m))?;
    }
    match s.f.blocks[b].term.clone() {
        Terminator::Ret(None) => s.k.body.push(VInst::Ret { pred: None, exec: Exec::new(1) }),
        Terminator::Ret(Some(_)) => return Err(err(None, "a kernel must return void".into())),
        Terminator::Unreachable => s.k.body.push(VInst::Ret { pred: None, exec: Exec::new(1) }),
        _ => return Err(err(None, "unsupported: control flow (branches)".into())),
    }
    if s.unit.kernel.slm_size > 0 {
        s.k.attrs.push(m::KernelAttr::SlmSize(s.unit.kernel.slm_size.div_ceil(1024)));
    }
    Ok(s.k)
}

impl Selector<'_> {
    fn add_var(&mut self, name: String, ty: VisaType, n: u32, alias: Option<(m::VarId, u16)>) -> R<m::VarId> {
        let num_elts = u16::try_from(n).map_err(|_| format!("unsupported: a vector of {n} elements"))?;
        let bytes = n * ty.size();
        let align = if alias.is_some() || bytes < self.platform.grf_bytes() && n == 1 {
            if ty.size() == 8 {
                m::Align::Qword
            } else {
                m::Align::Dword
            }
        } else {
            m::Align::Grf
        };
        self.k.vars.push(m::VarDecl { name, ty, num_elts, align, alias });
        let id = m::VarId(m::NUM_PREDEF_VARS + self.k.vars.len() as u32 - 1);
        self.decl_types.insert(id, ty);
        Ok(id)
    }

    fn declare(&mut self) -> R<()> {
        let kernel = &self.unit.kernel;
        let vars = self.asg.vars.clone();
        for v in vars.iter() {
            if let Some(p) = v.param {
                let arg =
                    kernel.args.get(p as usize).ok_or("kernel metadata does not match the signature")?;
                if arg.category != ArgCategory::General {
                    if arg.category == ArgCategory::Sampler {
                        return Err("unsupported: sampler arguments".into());
                    }
                    let sid = m::SurfaceId(m::NUM_PREDEF_SURFACES + self.k.surfaces.len() as u8);
                    self.k.surfaces.push(m::StateDecl { name: v.name.clone(), num_elts: 1 });
                    self.surfaces.insert(p, sid);
                    if let Some(off) = arg.offset {
                        self.k.inputs.push(m::Input {
                            target: m::InputTarget::Surface(sid),
                            offset: off as u16,
                            size: 4,
                        });
                    }
                    self.var_ids.push(None);
                    continue;
                }
            }
            let elem = v.ty.elem().ok_or("a variable without a type")?;
            if elem == Elem::I1 {
                // Predicates are not selected yet; the instruction that makes one says so.
                self.var_ids.push(None);
                continue;
            }
            let ty = signed_type(elem)?;
            let alias = match v.alias_of {
                Some((base, off)) => {
                    let b = self.var_ids[base.0 as usize].ok_or("a view of a surface argument")?;
                    Some((b, off as u16))
                }
                None => None,
            };
            let id = self.add_var(v.name.clone(), ty, v.ty.num_elems(), alias)?;
            self.var_ids.push(Some(id));
            if let Some(p) = v.param {
                let arg = &kernel.args[p as usize];
                if let Some(off) = arg.offset {
                    self.k.inputs.push(m::Input {
                        target: m::InputTarget::Var(id),
                        offset: off as u16,
                        size: arg.size as u16,
                    });
                }
            }
        }
        self.k.inputs.sort_by_key(|i| i.offset);
        Ok(())
    }

    fn var_of(&self, v: Value) -> R<m::VarId> {
        let idx: VarIdx = self.asg.var(v).ok_or("internal: value without a variable")?;
        self.var_ids[idx.0 as usize].ok_or_else(|| {
            if self.asg.vars[idx.0 as usize].ty.elem() == Some(Elem::I1) {
                "unsupported: predicate (i1) values".to_string()
            } else {
                "a surface argument used as a value".to_string()
            }
        })
    }

    /// A view of `var` with type `ty` (the variable itself when its type already is `ty`).
    fn view(&mut self, var: m::VarId, ty: VisaType) -> R<m::VarId> {
        let decl = *self.decl_types.get(&var).ok_or("internal: unknown variable")?;
        if decl == ty {
            return Ok(var);
        }
        if let Some(&v) = self.views.get(&(var, ty)) {
            return Ok(v);
        }
        let d = &self.k.vars[(var.0 - m::NUM_PREDEF_VARS) as usize];
        let bytes = u32::from(d.num_elts) * decl.size();
        let name = format!("{}_{}", d.name, ty.text());
        let v = self.add_var(name, ty, bytes / ty.size(), Some((var, 0)))?;
        self.views.insert((var, ty), v);
        Ok(v)
    }

    fn imm(&self, c: &genxc_genx::ir::Constant, ty: VisaType) -> R<Option<Imm>> {
        let bits = if c.is_undef() { Some(0) } else { c.splat_value() };
        let Some(bits) = bits else { return Ok(None) };
        Ok(Some(match ty {
            VisaType::B | VisaType::W => Imm::W(
                bits as u8 as i8 as i16 * i16::from(ty == VisaType::B)
                    + (bits as u16 as i16) * i16::from(ty == VisaType::W),
            ),
            VisaType::UB | VisaType::UW => Imm::UW(bits as u16),
            VisaType::D => Imm::D(bits as u32 as i32),
            VisaType::UD => Imm::UD(bits as u32),
            VisaType::Q => Imm::Q(bits as i64),
            VisaType::UQ => Imm::UQ(bits),
            VisaType::F => Imm::F(f32::from_bits(bits as u32)),
            VisaType::HF => Imm::HF(bits as u16),
            VisaType::DF => Imm::DF(f64::from_bits(bits)),
            VisaType::BF => return Err("unsupported: bfloat immediates".into()),
        }))
    }

    /// A source operand for value `v` read with `exec` lanes as type `ty`.
    fn src(&mut self, v: Value, exec: u32, ty: VisaType) -> R<SrcOp> {
        if let Some(c) = self.f.as_const(v).cloned() {
            if let Some(imm) = self.imm(&c, ty)? {
                return Ok(SrcOp::Imm(imm));
            }
            let tmp = self.materialize(&c, ty)?;
            return Ok(SrcOp::Gen(Src::vec(tmp, 0)));
        }
        if let Value::Inst(d) = v {
            if self.bales.is_baled(d) {
                if let InstKind::RdRegion { input, region } = self.f.insts[d].kind.clone() {
                    let base = self.var_of(input)?;
                    let var = self.view(base, ty)?;
                    return Ok(SrcOp::Gen(self.region_src(var, &region)));
                }
                return Err("internal: a baled value used as a plain operand".into());
            }
        }
        let base = self.var_of(v)?;
        let var = self.view(base, ty)?;
        let n = self.f.value_type(v).num_elems();
        Ok(SrcOp::Gen(if n == 1 && exec >= 1 { Src::scalar(var, 0) } else { Src::vec(var, 0) }))
    }

    fn row_col(&self, byte_off: u32, elem_bytes: u32) -> (u8, u8) {
        let grf = self.platform.grf_bytes();
        ((byte_off / grf) as u8, ((byte_off % grf) / elem_bytes) as u8)
    }

    fn region_src(&self, var: m::VarId, r: &Region) -> Src {
        let (row, col) = self.row_col(r.offset as u32, r.elem_bytes);
        let region = if r.num_elems == 1 || (r.width == 1 && r.stride == 0) {
            m::Region::SCALAR
        } else if r.width == r.num_elems {
            m::Region::new(r.stride as u8, 1, 0)
        } else {
            m::Region::new(r.vstride as u8, r.width as u8, r.stride as u8)
        };
        Src::region(var, row, col, region)
    }

    /// Writes a non-splat constant vector into a fresh variable, element by element.
    fn materialize(&mut self, c: &genxc_genx::ir::Constant, ty: VisaType) -> R<m::VarId> {
        let n = c.ty.num_elems();
        let tmp = self.add_var(format!("const{}", self.k.vars.len()), ty, n, None)?;
        for (i, e) in c.elems.iter().enumerate() {
            let one = genxc_genx::ir::Constant {
                ty: Type::Scalar(c.ty.elem().unwrap_or(Elem::I32)),
                elems: vec![Some(e.unwrap_or(0))],
            };
            let imm = self.imm(&one, ty)?.ok_or("internal: scalar constant")?;
            let (row, col) = self.row_col(i as u32 * ty.size(), ty.size());
            self.k.body.push(alu(
                m::AluOp::Mov,
                Exec::nm(1),
                m::Dst { var: tmp, row, col, hstride: 1 }.into(),
                vec![imm.into()],
            ));
        }
        Ok(tmp)
    }

    /// The destination of an instruction's result: its own variable, or the region of the
    /// wrregion it is baled into (after preparing that wrregion's variable).
    fn dst_for(&mut self, id: InstId, ty: VisaType) -> R<m::DstOp> {
        if let Some(&w) = self.bales.baled_into.get(&id) {
            if let InstKind::WrRegion { region, .. } = self.f.insts[w].kind.clone() {
                let base = self.prepare_wrregion(w)?;
                let var = self.view(base, ty)?;
                return Ok(self.region_dst(var, &region).into());
            }
            return Err("internal: a result baled into something other than a wrregion".into());
        }
        let base = self.var_of(Value::Inst(id))?;
        Ok(m::Dst::new(self.view(base, ty)?, 0).into())
    }

    fn region_dst(&self, var: m::VarId, r: &Region) -> m::Dst {
        let (row, col) = self.row_col(r.offset as u32, r.elem_bytes);
        let h = if r.num_elems == 1 { 1 } else { r.stride as u8 };
        m::Dst { var, row, col, hstride: h }
    }

    /// Copies the old value of a wrregion into its variable when needed; returns the variable.
    fn prepare_wrregion(&mut self, w: InstId) -> R<m::VarId> {
        let InstKind::WrRegion { old, .. } = self.f.insts[w].kind.clone() else {
            return Err("internal: not a wrregion".into());
        };
        let var = self.var_of(Value::Inst(w))?;
        if self.asg.wrregion.get(&Value::Inst(w)) == Some(&WrRegionPrep::CopyOld) {
            let ty = self.f.insts[w].ty;
            let vt = signed_type(ty.elem().unwrap_or(Elem::I32))?;
            let n = ty.num_elems();
            let step = 32.min(n.next_power_of_two());
            let mut i = 0;
            while i < n {
                let size = (n - i).min(step);
                let size = 1 << (31 - size.leading_zeros());
                let (row, col) = self.row_col(i * vt.size(), vt.size());
                let src = match self.f.as_const(old).cloned() {
                    Some(c) => match self.imm(&c, vt)? {
                        Some(imm) => SrcOp::Imm(imm),
                        None => {
                            SrcOp::Gen(Src::region(self.materialize(&c, vt)?, row, col, m::Region::CONTIG))
                        }
                    },
                    None => SrcOp::Gen(Src::region(self.var_of(old)?, row, col, m::Region::CONTIG)),
                };
                self.k.body.push(alu(
                    m::AluOp::Mov,
                    Exec::nm(size as u8),
                    m::Dst { var, row, col, hstride: 1 }.into(),
                    vec![src],
                ));
                i += size;
            }
        }
        Ok(var)
    }

    fn exec_of(&self, n: u32) -> R<Exec> {
        if is_exec_size(n) {
            Ok(Exec::nm(n as u8))
        } else {
            Err(format!("unsupported: a {n}-wide operation (needs splitting by region legalization)"))
        }
    }

    fn check_64bit(&self, e: Elem, what: &str) -> R<()> {
        let info = self.platform.info();
        if e == Elem::I64 && !info.has_int64 {
            return Err(format!("unsupported: 64-bit integer {what} on {} (needs emulation)", self.platform));
        }
        if e == Elem::Double && !info.has_fp64 {
            return Err(format!("unsupported: double-precision {what} on {}", self.platform));
        }
        Ok(())
    }

    fn inst(&mut self, id: InstId) -> R<()> {
        let inst = self.f.insts[id].clone();
        let n = inst.ty.num_elems();
        match inst.kind {
            InstKind::Binary { op, lhs, rhs } => {
                let e = inst.ty.elem().ok_or("void arithmetic")?;
                self.check_64bit(e, "arithmetic")?;
                let exec = self.exec_of(n)?;
                let (aop, ty, neg) = match op {
                    BinOp::Add | BinOp::FAdd => (m::AluOp::Add, signed_type(e)?, false),
                    BinOp::Sub | BinOp::FSub => (m::AluOp::Add, signed_type(e)?, true),
                    BinOp::Mul | BinOp::FMul => (m::AluOp::Mul, signed_type(e)?, false),
                    BinOp::FDiv => (m::AluOp::Div, signed_type(e)?, false),
                    BinOp::And => (m::AluOp::And, signed_type(e)?, false),
                    BinOp::Or => (m::AluOp::Or, signed_type(e)?, false),
                    BinOp::Xor => (m::AluOp::Xor, signed_type(e)?, false),
                    BinOp::Shl => (m::AluOp::Shl, signed_type(e)?, false),
                    BinOp::LShr => (m::AluOp::Shr, unsigned_type(e)?, false),
                    BinOp::AShr => (m::AluOp::Asr, signed_type(e)?, false),
                    other => return Err(format!("unsupported: {other:?} arithmetic").to_lowercase()),
                };
                let a = self.src(lhs, n, ty)?;
                let mut b = self.src(rhs, n, ty)?;
                if neg {
                    b = negate(b)?;
                }
                let dst = self.dst_for(id, ty)?;
                self.k.body.push(alu(aop, exec, dst, vec![a, b]));
            }
            InstKind::FNeg(v) => {
                let e = inst.ty.elem().ok_or("void fneg")?;
                self.check_64bit(e, "arithmetic")?;
                let ty = signed_type(e)?;
                let exec = self.exec_of(n)?;
                let a = negate(self.src(v, n, ty)?)?;
                let dst = self.dst_for(id, ty)?;
                self.k.body.push(alu(m::AluOp::Mov, exec, dst, vec![a]));
            }
            InstKind::Cast { op: CastOp::BitCast, value } => {
                if self.asg.var(Value::Inst(id)).map(|v| self.asg.vars[v.0 as usize].alias_of.is_some())
                    != Some(true)
                {
                    let _ = value;
                    return Err("unsupported: bitcast of a constant or between sizes".into());
                }
            }
            InstKind::Cast { op, value } => {
                let from = self.f.value_type(value).elem().ok_or("void cast")?;
                let to = inst.ty.elem().ok_or("void cast")?;
                self.check_64bit(from, "conversion")?;
                self.check_64bit(to, "conversion")?;
                let (sty, dty) = match op {
                    CastOp::ZExt | CastOp::UIToFP => (unsigned_type(from)?, signed_type(to)?),
                    CastOp::FPToUI => (signed_type(from)?, unsigned_type(to)?),
                    _ => (signed_type(from)?, signed_type(to)?),
                };
                let exec = self.exec_of(n)?;
                let a = self.src(value, n, sty)?;
                let dst = self.dst_for(id, dty)?;
                self.k.body.push(alu(m::AluOp::Mov, exec, dst, vec![a]));
            }
            InstKind::RdRegion { input, region } => {
                let e = inst.ty.elem().ok_or("void rdregion")?;
                let ty = signed_type(e)?;
                if !src_region_ok(&region, n, self.platform.grf_bytes()) {
                    return Err(unencodable(&region));
                }
                let exec = self.exec_of(n)?;
                let base =
                    self.var_of(input).map_err(|_| "unsupported: rdregion of a constant".to_string())?;
                let view = self.view(base, ty)?;
                let src = self.region_src(view, &region);
                let dst = self.dst_for(id, ty)?;
                self.k.body.push(alu(m::AluOp::Mov, exec, dst, vec![src.into()]));
            }
            InstKind::WrRegion { new, region, mask, .. } => {
                let e = inst.ty.elem().ok_or("void wrregion")?;
                let ty = signed_type(e)?;
                if !self.f.as_const(mask).is_some_and(|c| c.elems.iter().all(|b| *b == Some(1))) {
                    return Err("unsupported: predicated wrregion (a mask other than i1 true)".into());
                }
                if !dst_region_ok(&region, self.platform.grf_bytes()) {
                    return Err(unencodable(&region));
                }
                if let Value::Inst(d) = new {
                    if self.bales.baled_into.get(&d) == Some(&id)
                        && !matches!(self.f.insts[d].kind, InstKind::RdRegion { .. })
                    {
                        // The operation writes straight into the region when it is emitted (and
                        // prepares the wrregion's variable then, once).
                        return self.inst(d);
                    }
                }
                let var = self.prepare_wrregion(id)?;
                let exec = self.exec_of(region.num_elems)?;
                let src = self.src(new, region.num_elems, ty)?;
                let view = self.view(var, ty)?;
                let dst = self.region_dst(view, &region);
                self.k.body.push(alu(m::AluOp::Mov, exec, dst.into(), vec![src]));
            }
            InstKind::Intrinsic { id: iid, args } => self.intrinsic(id, iid, &args)?,
            InstKind::Call { .. } => return Err("unsupported: subroutine calls".into()),
            InstKind::Phi { .. } => return Err("unsupported: phi nodes (control flow)".into()),
            InstKind::Cmp { .. } => return Err("unsupported: compare (predicates)".into()),
            InstKind::Select { .. } => return Err("unsupported: select (predicates)".into()),
            InstKind::ExtractElement { .. } | InstKind::InsertElement { .. } | InstKind::Shuffle { .. } => {
                return Err("internal: element operation left after lowering".into())
            }
        }
        Ok(())
    }

    fn surface(&self, v: Value) -> R<m::SurfaceId> {
        match v {
            Value::Param(p) => self.surfaces.get(&p).copied().ok_or_else(|| {
                format!("the surface operand must be a kernel argument of surface kind (argument {p} is not)")
            }),
            Value::Const(_) => match self.f.as_const(v).and_then(|c| c.splat_value()) {
                Some(254) => Ok(m::SurfaceId::SLM),
                Some(b) => Err(format!("unsupported: constant surface index {b}")),
                None => Err("the surface operand is undefined".into()),
            },
            Value::Inst(_) => Err("unsupported: a computed surface index".into()),
        }
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

    /// A variable holding `v` as a GRF-aligned block (copied when `v` is not one).
    fn block_var(&mut self, v: Value) -> R<m::VarId> {
        let t = self.f.value_type(v);
        let ty = signed_type(t.elem().ok_or("void data")?)?;
        if self.f.as_const(v).is_none() {
            if let Ok(var) = self.var_of(v) {
                let d = &self.k.vars[(var.0 - m::NUM_PREDEF_VARS) as usize];
                if d.align == m::Align::Grf && d.alias.is_none() {
                    return Ok(var);
                }
            }
        }
        let n = t.num_elems();
        let tmp = self.add_var(format!("blk{}", self.k.vars.len()), ty, n, None)?;
        let mut i = 0;
        while i < n {
            let size = 1 << (31 - (n - i).min(16).leading_zeros());
            let (row, col) = self.row_col(i * ty.size(), ty.size());
            let src = match self.src(v, n, ty)? {
                SrcOp::Gen(s) => SrcOp::Gen(Src::region(s.var, row, col, m::Region::CONTIG)),
                other => other,
            };
            self.k.body.push(alu(
                m::AluOp::Mov,
                Exec::nm(size as u8),
                m::Dst { var: tmp, row, col, hstride: 1 }.into(),
                vec![src],
            ));
            i += size;
        }
        Ok(tmp)
    }

    fn intrinsic(&mut self, id: InstId, iid: genxc_genx::intrinsics::IntrinsicId, args: &[Value]) -> R<()> {
        let ty = self.f.insts[id].ty;
        let name = iid.name();
        let argc = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(format!("{name} takes {n} operands, found {}", args.len()))
            }
        };
        match iid.short_name() {
            "group.id.x" | "group.id.y" | "group.id.z" => {
                argc(0)?;
                let src = match iid.short_name() {
                    "group.id.x" => m::VarId::GROUP_ID_X,
                    "group.id.y" => m::VarId::GROUP_ID_Y,
                    _ => m::VarId::GROUP_ID_Z,
                };
                if ty != Type::Scalar(Elem::I32) {
                    return Err(format!("{name} returns i32, not {ty}"));
                }
                let dst = self.dst_for(id, VisaType::UD)?;
                self.k.body.push(alu(m::AluOp::Mov, Exec::nm(1), dst, vec![Src::scalar(src, 0).into()]));
            }
            "oword.ld" | "oword.ld.unaligned" => {
                argc(3)?;
                if self.f.as_const(args[0]).and_then(|c| c.splat_value()) != Some(0) {
                    return Err(format!("unsupported: {name} with a non-zero is_modified operand"));
                }
                let size = Self::owords(ty.bytes())?;
                let surface = self.surface(args[1])?;
                let offset = self.scalar_u32(args[2], name)?;
                let dst = Raw::of(self.var_of(Value::Inst(id))?);
                let unaligned = iid.short_name() == "oword.ld.unaligned";
                self.k.body.push(VInst::OwordLd { size, unaligned, surface, offset, dst });
            }
            "oword.st" => {
                argc(3)?;
                let data_ty = self.f.value_type(args[2]);
                let size = Self::owords(data_ty.bytes())?;
                let surface = self.surface(args[0])?;
                if surface == m::SurfaceId::SLM && !self.platform.info().has_oword_slm {
                    return Err(format!(
                        "oword block messages on SLM are not available on {}",
                        self.platform
                    ));
                }
                let offset = self.scalar_u32(args[1], name)?;
                let src = Raw::of(self.block_var(args[2])?);
                self.k.body.push(VInst::OwordSt { size, surface, offset, src });
            }
            other => {
                return Err(format!("unsupported: llvm.{}{other}", if iid.is_genx() { "genx." } else { "" }))
            }
        }
        Ok(())
    }

    fn scalar_u32(&mut self, v: Value, name: &str) -> R<SrcOp> {
        if self.f.value_type(v) != Type::Scalar(Elem::I32) {
            return Err(format!("{name}: the offset must be an i32 scalar"));
        }
        self.src(v, 1, VisaType::UD)
    }
}

fn unencodable(r: &Region) -> String {
    if r.indirect.is_some() {
        return "unsupported: indirect region (variable index)".into();
    }
    format!(
        "unsupported: region <{};{},{}> of {} elements at byte {} is not encodable",
        r.vstride, r.width, r.stride, r.num_elems, r.offset
    )
}

fn negate(op: SrcOp) -> R<SrcOp> {
    Ok(match op {
        SrcOp::Gen(s) => SrcOp::Gen(s.with(match s.modifier {
            SrcMod::None => SrcMod::Neg,
            SrcMod::Neg => SrcMod::None,
            _ => return Err("internal: double modifier".into()),
        })),
        SrcOp::Imm(i) => SrcOp::Imm(match i {
            Imm::D(x) => Imm::D(x.wrapping_neg()),
            Imm::W(x) => Imm::W(x.wrapping_neg()),
            Imm::Q(x) => Imm::Q(x.wrapping_neg()),
            Imm::F(x) => Imm::F(-x),
            Imm::DF(x) => Imm::DF(-x),
            Imm::HF(x) => Imm::HF(x ^ 0x8000),
            other => return Err(format!("internal: cannot negate {other:?}")),
        }),
        other => return Err(format!("internal: cannot negate {other:?}")),
    })
}

fn alu(op: m::AluOp, exec: Exec, dst: m::DstOp, srcs: Vec<SrcOp>) -> VInst {
    VInst::Alu { op, pred: None, sat: false, exec, dst, srcs }
}
