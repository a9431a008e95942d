//! vISA variable declarations: the kernel's inputs (general, predicate) at their payload offsets,
//! a subroutine's arguments and result, the vISA variable of each regalloc variable on first use
//! (an alias where regalloc shares storage), typed views of a variable, and temporaries.

use crate::{alu, pred_decl_lanes, signed_type, Selector, R};
use genxc_diag::{internal, unsupported};
use genxc_genx::ir::Value;
use genxc_genx::metadata::ArgCategory;
use genxc_genx::{Elem, Type};
use genxc_regalloc::{Category, VarIdx};
use genxc_visa::model::{self as m, Exec, Imm, Inst as VInst, Src, VisaType};

impl Selector<'_> {
    /// Declares a general variable of `n` elements of type `ty`, optionally an alias.
    pub(crate) fn add_var(
        &mut self,
        name: String,
        ty: VisaType,
        n: u32,
        alias: Option<(m::VarId, u16)>,
    ) -> R<m::VarId> {
        let num_elts = u16::try_from(n).map_err(|_| unsupported(format!("a vector of {n} elements")))?;
        let bytes = n * ty.size();
        let align = if alias.is_some() || bytes < self.grf() && n == 1 {
            if ty.size() == 8 {
                m::Align::Qword
            } else {
                m::Align::Dword
            }
        } else {
            m::Align::Grf
        };
        self.k.vars.push(m::VarDecl { name, ty, num_elts, align, alias, input_output: false });
        Ok(m::VarId(m::NUM_PREDEF_VARS + self.k.vars.len() as u32 - 1))
    }

    /// The declared type of a general variable this selection declared (`None` for a predefined
    /// variable): read from its declaration, which [`Self::add_var`] alone creates.
    pub(crate) fn decl_type(&self, var: m::VarId) -> Option<VisaType> {
        let k = var.0.checked_sub(m::NUM_PREDEF_VARS)?;
        self.k.vars.get(k as usize).map(|d| d.ty)
    }

    /// Declares a temporary general variable (`tmpN`) of `n` elements of type `ty`.
    pub(crate) fn temp(&mut self, ty: VisaType, n: u32) -> R<m::VarId> {
        self.next_temp += 1;
        self.add_var(crate::numbered("tmp", self.next_temp), ty, n, None)
    }

    /// Declares a temporary predicate variable (`ptmpN`) for `n` lanes.
    pub(crate) fn temp_pred(&mut self, n: u32) -> R<m::PredId> {
        let lanes = pred_decl_lanes(n)?;
        self.next_temp += 1;
        Ok(self.k.add_pred(crate::numbered("ptmp", self.next_temp), lanes))
    }

    /// Inputs of the kernel: general arguments as variables, surfaces as surface variables.
    pub(crate) fn declare_inputs(&mut self) -> R<()> {
        let kernel = self.kernel;
        let params = self.f().params.len();
        if kernel.args.len() != params {
            return Err("kernel metadata does not match the signature".into());
        }
        for p in 0..params {
            let arg = kernel.args[p].clone();
            let Some(idx) = self.fx().asg.var(Value::Param(p as u32)) else { continue };
            if arg.category == ArgCategory::Sampler {
                self.declare_sampler_input(p, &arg)?;
                continue;
            }
            if kernel.is_bindless_buffer(p) {
                self.declare_bindless_buffer(p as u32, idx, arg.offset)?;
                continue;
            }
            if arg.category != ArgCategory::General {
                let name = self.fx().asg.vars[idx.0 as usize].name.clone();
                let sid = self.k.add_surface(&name);
                let bti = kernel.binding_table_index(p).ok_or("a surface argument without an index")?;
                self.surfaces.insert(p as u32, (sid, bti));
                if let Some(off) = arg.offset {
                    self.k.inputs.push(m::Input {
                        target: m::InputTarget::Surface(sid),
                        offset: off as u16,
                        size: 4,
                        implicit: 0,
                    });
                }
                continue;
            }
            if arg.ty.elem() == Some(Elem::I1) {
                self.declare_predicate_input(idx, arg.ty.num_elems(), arg.offset)?;
                continue;
            }
            let id = self.var_idx(idx)?;
            if arg.io_kind.is_output() {
                // an output argument's register also holds a result when the kernel ends
                let storage = self.storage_of(id);
                self.k.vars[(storage.0 - m::NUM_PREDEF_VARS) as usize].input_output = true;
            }
            if let Some(off) = arg.offset {
                // The private memory base is an implicit input, as Intel's Vector Compiler writes it.
                let implicit = if arg.implicit == genxc_genx::metadata::ImplicitArg::PrivateBase {
                    m::ImplicitKind::PRIVATE_BASE
                } else {
                    0
                };
                self.k.inputs.push(m::Input {
                    target: m::InputTarget::Var(id),
                    offset: off as u16,
                    size: arg.size as u16,
                    implicit,
                });
            }
        }
        Ok(())
    }

    /// An `i1` or `<N x i1>` kernel argument: the payload holds one byte per lane (a `ub` input
    /// variable), and the kernel's first instructions make the predicate from bit 0 of each byte
    /// (`and` 1, `cmp.ne` 0, 16 lanes at a time), as Intel's Vector Compiler does.
    fn declare_predicate_input(&mut self, idx: VarIdx, lanes: u32, offset: Option<u32>) -> R<()> {
        if !matches!(lanes, 1 | 2 | 4 | 8 | 16 | 32) {
            return Err(unsupported(format!(
                "an i1 kernel argument of {lanes} lanes (not 1, 2, 4, 8, 16 or 32)"
            )));
        }
        if self.fx().asg.vars[idx.0 as usize].category != Category::Predicate {
            return Err(unsupported("an i1 kernel argument used as data"));
        }
        let name = format!("{}_bytes", self.fx().asg.vars[idx.0 as usize].name);
        let bytes = self.add_var(name, VisaType::UB, lanes, None)?;
        let Some(off) = offset else { return Ok(()) };
        self.k.inputs.push(m::Input {
            target: m::InputTarget::Var(bytes),
            offset: off as u16,
            size: lanes as u16,
            implicit: 0,
        });
        let pred = self.pred_var(idx)?;
        let bits = self.temp(VisaType::UB, lanes)?;
        let width = lanes.min(16);
        for start in (0..lanes).step_by(16) {
            let (row, col) = self.row_col(start, 1);
            let src = |v| {
                if lanes == 1 {
                    Src::scalar(v, 0)
                } else {
                    Src::region(v, row, col, m::Region::CONTIG)
                }
            };
            let dst = m::Dst { var: bits, row, col, hstride: 1 };
            let exec = Exec::nm(width as u8);
            self.push(alu(m::AluOp::And, exec, dst.into(), vec![src(bytes).into(), Imm::UB(1).into()]));
            self.push(VInst::Cmp {
                rel: m::CmpOp::Ne,
                exec: exec.at((start / 4) as u8),
                dst: m::CmpDst::Pred(pred),
                src0: src(bits).into(),
                src1: Imm::UB(0).into(),
            });
        }
        Ok(())
    }

    /// A subroutine's label, argument variables and result variable.
    pub(crate) fn declare_subroutine(&mut self) -> R<()> {
        let name = self.f().name.clone();
        let l = self.k.add_subroutine(&name);
        self.funcs[self.cur].sub = Some(l);
        for p in 0..self.f().params.len() {
            if let Some(idx) = self.fx().asg.var(Value::Param(p as u32)) {
                if self.f().params[p].elem() == Some(Elem::I1) {
                    // an i1 argument is passed in the subroutine's predicate variable
                    self.pred_var(idx)?;
                } else {
                    self.var_idx(idx)?;
                }
            }
        }
        let ret = self.f().ret;
        if ret != Type::Void {
            let e = ret.elem().ok_or("a subroutine result without a type")?;
            if e == Elem::I1 {
                // returned in a predicate of the subroutine's own, copied out by each call
                let n = ret.num_elems();
                let p = self.k.add_pred(format!("{name}_ret"), pred_decl_lanes(n)?);
                self.funcs[self.cur].ret_pred = Some((p, n));
                return Ok(());
            }
            // the unified return value's variable (regalloc)
            let r = self.fx().asg.ret.ok_or_else(|| internal("a subroutine without a result variable"))?;
            let var = self.var_idx(r)?;
            let v = self.view(var, signed_type(e)?)?;
            self.funcs[self.cur].ret = Some(v);
        }
        Ok(())
    }

    /// The vISA variable of a regalloc variable (declared on first use).
    #[inline]
    pub(crate) fn var_idx(&mut self, idx: VarIdx) -> R<m::VarId> {
        match self.fx().vars[idx.0 as usize] {
            Some(v) => Ok(v),
            None => self.declare_var_idx(idx),
        }
    }

    /// Declares the vISA variable of a regalloc variable on its first use ([`Self::var_idx`]).
    #[inline(never)]
    fn declare_var_idx(&mut self, idx: VarIdx) -> R<m::VarId> {
        let var = &self.fx().asg.vars[idx.0 as usize];
        let (unit, category, var_ty, alias_of) = (var.unit, var.category, var.ty, var.alias_of);
        // a surface argument's general variable holds its binding-table index from the entry on
        let surface_bti = self.surface_argument_index(idx);
        if let Some(u) = unit {
            // a variable of another function of the unit (a callee's parameter or result)
            let id = self.in_function(u.func as usize, |s| s.var_idx(u.var))?;
            self.funcs[self.cur].vars[idx.0 as usize] = Some(id);
            if let Some(bti) = surface_bti {
                self.surface_values.push((id, bti));
            }
            return Ok(id);
        }
        if category != Category::General {
            return Err(internal("a predicate variable used as data"));
        }
        let elem = var_ty.elem().ok_or("a variable without a type")?;
        let ty = signed_type(elem)?;
        let alias = match alias_of {
            Some((base, off)) => Some((self.var_idx(base)?, off as u16)),
            None => None,
        };
        // `<function>_<name>` in a subroutine; a surface argument's general variable is named
        // apart from its surface variable (`_bti`)
        let name = if self.cur == 0 && surface_bti.is_none() {
            // the regalloc variable's own name, which nothing reads after its declaration
            std::mem::take(&mut self.funcs[0].asg.vars[idx.0 as usize].name)
        } else {
            let var_name = &self.fx().asg.vars[idx.0 as usize].name;
            let prefix = if self.cur == 0 { "" } else { self.f().name.as_str() };
            let suffix = if surface_bti.is_some() { "_bti" } else { "" };
            let mut name = String::with_capacity(prefix.len() + 1 + var_name.len() + suffix.len());
            if self.cur != 0 {
                name.push_str(prefix);
                name.push('_');
            }
            name.push_str(var_name);
            name.push_str(suffix);
            name
        };
        // (most functions plan no header: no lookup then)
        let plan = &self.fx().block_headers;
        let (headers, padded) = (!plan.offset_vars.is_empty(), !plan.padded.is_empty());
        let alias = match alias {
            Some(a) => Some(a),
            None if headers => self.header_of_planned(idx, &name)?,
            None => None,
        };
        let mut n = var_ty.num_elems();
        if alias.is_none() && padded && self.fx().block_headers.padded.contains(&idx.0) {
            // the result of a block read sent raw: its response fills whole GRFs
            n = n.max(self.grf() / ty.size());
        }
        let id = self.add_var(name, ty, n, alias)?;
        self.funcs[self.cur].vars[idx.0 as usize] = Some(id);
        if let Some(bti) = surface_bti {
            self.surface_values.push((id, bti));
        }
        Ok(id)
    }

    /// The vISA variable holding value `v`.
    pub(crate) fn var_of(&mut self, v: Value) -> R<m::VarId> {
        if let Value::Param(p) = v {
            if self.cur == 0 && (self.surfaces.contains_key(&p) || self.samplers.contains_key(&p)) {
                // a surface argument used as a value: its variable holds the binding-table index
                let idx =
                    self.fx().asg.var(v).ok_or_else(|| internal("a surface argument without a variable"))?;
                return self.var_idx(idx);
            }
        }
        let idx = self.fx().asg.var(v).ok_or_else(|| internal("value without a variable"))?;
        self.var_idx(idx)
    }

    /// A view of `var` with type `ty` (the variable itself when its type already is `ty`).
    #[inline]
    pub(crate) fn view(&mut self, var: m::VarId, ty: VisaType) -> R<m::VarId> {
        match self.decl_type(var) {
            Some(decl) if decl != ty => self.typed_view(var, decl, ty),
            _ => Ok(var),
        }
    }

    /// [`Self::view`] of a variable declared with type `decl`, another type than `ty`.
    #[inline(never)]
    fn typed_view(&mut self, var: m::VarId, decl: VisaType, ty: VisaType) -> R<m::VarId> {
        // a view of an alias is a view of the storage it aliases
        let mut var = var;
        while let Some((base, 0)) = self.k.vars[(var.0 - m::NUM_PREDEF_VARS) as usize].alias {
            if self.decl_type(base) == Some(ty) {
                return Ok(base);
            }
            var = base;
        }
        let decl = self.decl_type(var).unwrap_or(decl);
        if let Some(&v) = self.views.get(&(var, ty)) {
            return Ok(v);
        }
        let d = &self.k.vars[(var.0 - m::NUM_PREDEF_VARS) as usize];
        let bytes = u32::from(d.num_elts) * decl.size();
        let name = crate::joined(&[d.name.as_str(), "_", ty.text()]);
        let v = self.add_var(name, ty, (bytes / ty.size()).max(1), Some((var, 0)))?;
        self.views.insert((var, ty), v);
        Ok(v)
    }
}
