//! Control flow in selection: a function's blocks as labels, its terminators as jumps, gotos and
//! returns, the phi copies on each edge (on a split edge when the predecessor branches two ways, and
//! copies shared by every edge hoisted), and calls of the unit's subroutines with their arguments
//! and results in the callee's variables.

use super::{imm_of, signed_type, CopyFrom, CopySrc, Loc, Selector, R};
use genxc_diag::{internal, unsupported, Failure};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{inst_index, BlockId, FuncId, InstId, InstKind, Terminator, Value};
use genxc_genx::{Elem, Type};
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Inst as VInst, Pred};

impl Selector<'_> {
    pub(crate) fn function(&mut self) -> Result<(), (Option<String>, Failure)> {
        // (selection never changes the function: its layout and blocks are read in place, by
        // position)
        let blocks = self.f().layout.len();
        // debug information (-g): the source file, then a LOC wherever the line changes
        let mut line = 0;
        if !self.f().lines.is_empty() && !self.f().source_file.is_empty() {
            let file = self.f().source_file.clone();
            self.push(VInst::File(file));
        }
        for bi in 0..blocks {
            let b = self.f().layout[bi];
            if bi > 0 {
                let l = self.block_label(b);
                self.push(VInst::Label(l));
            }
            let folded = match self.reduction_branch(b) {
                Ok(r) => r.map(|(d, _)| d),
                Err(m) => return Err((None, m)),
            };
            for k in 0..self.f().blocks[b].insts.len() {
                let id = self.f().blocks[b].insts[k];
                if self.fx().bales.is_baled(id)
                    || folded == Some(id)
                    || matches!(self.f().insts[id].kind, InstKind::Phi { .. })
                    || self.fx().cf.is_mask(Value::Inst(id))
                {
                    continue;
                }
                if let Some(&l) = self.f().lines.get(&id) {
                    if l != line {
                        line = l;
                        self.push(VInst::Loc(l));
                    }
                }
                // the label is built only on failure: naming an unnamed call counts its calls
                if let Err(m) = self.inst(id) {
                    return Err((Some(self.f().value_name(Value::Inst(id))), m));
                }
            }
            let next = self.f().layout.get(bi + 1).copied();
            // a goto is selected with its block's branch: its errors name the goto
            if let Err(m) = self.terminator(b, next) {
                let at = self.fx().cf.gotos.get(&b).map(|g| self.f().value_name(Value::Inst(g.inst)));
                return Err((at, m));
            }
        }
        Ok(())
    }

    /// The phi copies on edge `from -> to` that regalloc asks for: (destination variable, incoming
    /// value).
    pub(crate) fn edge_copies(&mut self, from: BlockId, to: BlockId) -> R<Vec<(Loc, Value)>> {
        let copies = self.fx().asg.phi_copies.get(&(from, to)).cloned().unwrap_or_default();
        let mut out = Vec::new();
        for c in copies {
            if self.fx().cf.is_mask(Value::Inst(c.phi)) {
                continue; // EM and RM live in the hardware
            }
            let dst = if self.f().insts[c.phi].ty.elem() == Some(Elem::I1) {
                Loc::Pred(self.pred_var(c.dst)?)
            } else {
                Loc::Var(self.var_idx(c.dst)?)
            };
            let copy = (dst, c.src);
            // a predecessor that branches twice to the same block lists its incoming twice
            if !out.contains(&copy) {
                out.push(copy);
            }
        }
        Ok(out)
    }

    /// The storage (non-alias variable) under a vISA variable.
    pub(crate) fn storage_of(&self, mut v: m::VarId) -> m::VarId {
        while let Some((base, _)) = self.k.vars.get((v.0 - m::NUM_PREDEF_VARS) as usize).and_then(|d| d.alias)
        {
            v = base;
        }
        v
    }

    /// Emits phi copies with parallel semantics: a copy goes first when no other pending copy
    /// still reads its destination; a cycle is broken by saving one source in a temporary.
    pub(crate) fn emit_phi_copies(&mut self, copies: Vec<(Loc, Value)>) -> R<()> {
        let mut pending = Vec::new();
        for (d, v) in copies {
            let src = self.src_loc(v)?;
            pending.push((d, self.loc_storage(d), CopyFrom::Value(v), src));
        }
        while !pending.is_empty() {
            let ready = (0..pending.len()).find(|&i| {
                let ds = pending[i].1;
                !pending.iter().enumerate().any(|(j, p)| j != i && p.3 == Some(ds))
            });
            let i = match ready {
                Some(i) => i,
                None => {
                    // a cycle: save the first source and read it from there
                    let CopyFrom::Value(v) = pending[0].2 else {
                        return Err(internal("a phi copy cycle through a temporary"));
                    };
                    let (from, tmp) = self.save_value(v)?;
                    pending[0].2 = from;
                    pending[0].3 = Some(tmp);
                    continue;
                }
            };
            let (d, _, from, _) = pending.remove(i);
            self.copy_from(d, from)?;
        }
        Ok(())
    }

    /// One copy of a parallel copy set into `d`: from its value, or from the temporary it was saved in.
    pub(crate) fn copy_from(&mut self, d: Loc, from: CopyFrom) -> R<()> {
        match (d, from) {
            (Loc::Var(d), CopyFrom::Value(v)) => self.copy_value(d, v),
            (Loc::Pred(d), CopyFrom::Value(v)) => self.copy_pred(d, v),
            (Loc::Var(d), CopyFrom::Var(tmp, ty, n)) => {
                let d = self.view(d, ty)?;
                self.copy(d, 0, CopySrc::Var(tmp, 0), n, ty)
            }
            (Loc::Pred(d), CopyFrom::Pred(tmp, n)) => {
                self.move_pred(d, tmp, n);
                Ok(())
            }
            _ => Err(internal("a copy between a predicate and a general variable")),
        }
    }

    /// Saves value `v` in a fresh temporary (general or predicate): how to copy from it, and
    /// where it is.
    pub(crate) fn save_value(&mut self, v: Value) -> R<(CopyFrom, Loc)> {
        let t = self.f().value_type(v);
        let n = t.num_elems();
        let e = t.elem().ok_or("void")?;
        if e == Elem::I1 {
            let tmp = self.temp_pred(n)?;
            self.copy_pred(tmp, v)?;
            return Ok((CopyFrom::Pred(tmp, n), Loc::Pred(tmp)));
        }
        let ty = signed_type(e)?;
        let tmp = self.temp(ty, n)?;
        self.copy_value(tmp, v)?;
        Ok((CopyFrom::Var(tmp, ty, n), Loc::Var(tmp)))
    }

    /// The storage a copy destination writes (a predicate is its own storage).
    pub(crate) fn loc_storage(&self, d: Loc) -> Loc {
        match d {
            Loc::Var(v) => Loc::Var(self.storage_of(v)),
            Loc::Pred(p) => Loc::Pred(p),
        }
    }

    /// The storage a copy source reads (`None` for a constant).
    pub(crate) fn src_loc(&mut self, v: Value) -> R<Option<Loc>> {
        if self.f().as_const(v).is_some() || self.argument_index_value(v).is_some() {
            return Ok(None);
        }
        if self.f().value_type(v).elem() == Some(Elem::I1) {
            return Ok(Some(Loc::Pred(self.pred_of(v)?.0)));
        }
        let var = self.var_of(v)?;
        Ok(Some(Loc::Var(self.storage_of(var))))
    }

    /// Emits parallel copies: sources that are also destinations are saved first.
    pub(crate) fn emit_copies(&mut self, copies: Vec<(m::VarId, Value)>) -> R<()> {
        // the storage each destination writes, computed once
        let dsts: Vec<m::VarId> = copies.iter().map(|c| self.storage_of(c.0)).collect();
        let mut plan = Vec::new();
        for (&(d, v), &ds) in copies.iter().zip(&dsts) {
            let immediate = self.f().as_const(v).is_some() || self.argument_index_value(v).is_some();
            let clobbered = !immediate && {
                let sv = self.var_of(v)?;
                let sv = self.storage_of(sv);
                sv != ds && dsts.contains(&sv)
            };
            if clobbered {
                let (from, _) = self.save_value(v)?;
                plan.push((d, from));
            } else {
                plan.push((d, CopyFrom::Value(v)));
            }
        }
        for (d, from) in plan {
            self.copy_from(Loc::Var(d), from)?;
        }
        Ok(())
    }

    pub(crate) fn jmp(&mut self, pred: Option<Pred>, target: m::LabelId) {
        self.push(VInst::Jmp { pred, exec: Exec::nm(1), target });
    }

    /// Goes to `to` from `from` (copies, then a jump unless `to` comes next).
    pub(crate) fn goto_block(&mut self, from: BlockId, to: BlockId, next: Option<BlockId>) -> R<()> {
        let copies = self.edge_copies(from, to)?;
        self.goto_with(copies, to, next)
    }

    /// Emits the edge copies `copies`, then jumps to `to` unless it comes next.
    pub(crate) fn goto_with(
        &mut self,
        copies: Vec<(Loc, Value)>,
        to: BlockId,
        next: Option<BlockId>,
    ) -> R<()> {
        self.emit_phi_copies(copies)?;
        if next != Some(to) {
            let l = self.block_label(to);
            self.jmp(None, l);
        }
        Ok(())
    }

    /// Whether two copy sources are the same value (the same operand, or equal constants).
    pub(crate) fn same_value(&self, a: Value, b: Value) -> bool {
        a == b || matches!((self.f().as_const(a), self.f().as_const(b)), (Some(x), Some(y)) if x == y)
    }

    /// Takes out of both edges' copies those that are the same on both (same destination, same
    /// value), when they can go before the branch: no copy left on either edge reads what they
    /// write. Such a copy is then done once, before the branch, instead of on each edge.
    pub(crate) fn common_edge_copies(
        &mut self,
        tc: &mut Vec<(Loc, Value)>,
        fc: &mut Vec<(Loc, Value)>,
    ) -> R<Vec<(Loc, Value)>> {
        let mut common = Vec::new();
        let mut i = 0;
        while i < tc.len() {
            let (d, v) = tc[i];
            match fc.iter().position(|&(fd, fv)| fd == d && self.same_value(fv, v)) {
                Some(j) => {
                    common.push(tc.remove(i));
                    fc.remove(j);
                }
                None => i += 1,
            }
        }
        if common.is_empty() {
            return Ok(common);
        }
        let written: Vec<Loc> = common.iter().map(|&(d, _)| self.loc_storage(d)).collect();
        let rest: Vec<Value> = tc.iter().chain(fc.iter()).map(|c| c.1).collect();
        for v in rest {
            if let Some(src) = self.src_loc(v)? {
                if written.contains(&src) {
                    // keep everything on the edges
                    tc.extend(common.iter().copied());
                    fc.extend(common.iter().copied());
                    return Ok(Vec::new());
                }
            }
        }
        Ok(common)
    }

    /// The `llvm.genx.any`/`llvm.genx.all` that block `b` ends with when its branch is the only
    /// use: the branch reads the vector predicate through `.any`/`.all` (`(P.any) jmp`), and the
    /// reduction is not selected. Only where the vector's predicate is certainly intact at the
    /// branch: the reduction is the block's last instruction, the predicate a whole variable of
    /// exactly its lanes (the hardware combines every declared lane), no `i1` phi copy on the
    /// edges and no SIMD control flow in the function.
    pub(crate) fn reduction_branch(&mut self, b: BlockId) -> R<Option<(InstId, Pred)>> {
        let Terminator::CondBr { cond: Value::Inst(d), on_true, on_false } = self.f().blocks[b].term else {
            return Ok(None);
        };
        if self.f().blocks[b].insts.last() != Some(&d) || !self.fx().cf.is_empty() {
            return Ok(None);
        }
        let InstKind::Intrinsic { id, ref args } = self.f().insts[d].kind else { return Ok(None) };
        let ctrl = match id {
            IntrinsicId::Any => m::PredCtrl::Any,
            IntrinsicId::All => m::PredCtrl::All,
            _ => return Ok(None),
        };
        let x = args[0];
        let n = self.f().value_type(x).num_elems();
        let whole_var = match x {
            Value::Inst(xi) => {
                !matches!(self.f().insts[xi].kind, InstKind::Intrinsic { id: IntrinsicId::Rdpredregion, .. })
            }
            _ => false,
        };
        if !whole_var || self.fx().cf.is_mask(x) || self.use_counts()[inst_index(d)] != 1 {
            return Ok(None);
        }
        let i1_phi = |s: &Self, t: BlockId| {
            s.f().blocks[t].insts.iter().any(|&i| {
                matches!(s.f().insts[i].kind, InstKind::Phi { .. })
                    && s.f().insts[i].ty.elem() == Some(Elem::I1)
            })
        };
        if i1_phi(self, on_true) || i1_phi(self, on_false) {
            return Ok(None);
        }
        let Some(idx) = self.fx().asg.var(x) else { return Ok(None) };
        let p = self.pred_var(idx)?;
        if u32::from(self.k.preds[usize::from(p.0) - 1].num_elts) != n {
            return Ok(None);
        }
        Ok(Some((d, Pred { id: p, inverse: false, ctrl })))
    }

    /// A two-way branch on predicate `p` (true: `t`, false: `f`). Copies that both edges need
    /// are done before the branch.
    pub(crate) fn branch(
        &mut self,
        b: BlockId,
        p: Pred,
        t: BlockId,
        f: BlockId,
        next: Option<BlockId>,
    ) -> R<()> {
        let mut tc = self.edge_copies(b, t)?;
        let mut fc = self.edge_copies(b, f)?;
        let common = self.common_edge_copies(&mut tc, &mut fc)?;
        self.emit_phi_copies(common)?;
        let inv = Pred { inverse: !p.inverse, ..p };
        if tc.is_empty() && !(fc.is_empty() && next == Some(t)) {
            let l = self.block_label(t);
            self.jmp(Some(p), l);
            self.goto_with(fc, f, next)
        } else if fc.is_empty() {
            let l = self.block_label(f);
            self.jmp(Some(inv), l);
            self.goto_with(tc, t, next)
        } else {
            let edge = self.new_label("edge");
            self.jmp(Some(p), edge);
            self.goto_with(fc, f, None)?;
            self.push(VInst::Label(edge));
            self.goto_with(tc, t, next)
        }
    }

    pub(crate) fn terminator(&mut self, b: BlockId, next: Option<BlockId>) -> R<()> {
        if let Some(done) = self.simdcf_terminator(b, next) {
            return done;
        }
        match self.f().blocks[b].term.clone() {
            Terminator::Br(t) => self.goto_block(b, t, next),
            Terminator::CondBr { cond, on_true, on_false } => {
                if let Some(c) = self.f().as_const(cond) {
                    let to = if c.elems.first().copied().flatten() == Some(1) { on_true } else { on_false };
                    return self.goto_block(b, to, next);
                }
                if let Some((_, p)) = self.reduction_branch(b)? {
                    return self.branch(b, p, on_true, on_false, next);
                }
                let (p, lane) = self.pred_of(cond)?;
                if lane != 0 {
                    return Err(unsupported("a branch on a predicate slice"));
                }
                self.branch(b, Pred::on(p), on_true, on_false, next)
            }
            Terminator::Switch { value, default, cases } => {
                let t = self.f().value_type(value);
                let e = t.elem().ok_or("void switch")?;
                self.check_64bit(e, "switch")?;
                let ty = signed_type(e)?;
                let x = self.src(value, ty)?;
                for (case, target) in cases {
                    let p = self.temp_pred(1)?;
                    let imm = imm_of(case, e, ty)?;
                    self.push(VInst::Cmp {
                        rel: m::CmpOp::Eq,
                        exec: Exec::nm(1),
                        dst: m::CmpDst::Pred(p),
                        src0: x,
                        src1: imm.into(),
                    });
                    let copies = self.edge_copies(b, target)?;
                    if copies.is_empty() {
                        let l = self.block_label(target);
                        self.jmp(Some(Pred::on(p)), l);
                    } else {
                        let skip = self.new_label("case");
                        self.jmp(Some(Pred::not(p)), skip);
                        self.goto_block(b, target, None)?;
                        self.push(VInst::Label(skip));
                    }
                }
                self.goto_block(b, default, next)
            }
            Terminator::Ret(v) if self.cur == 0 && self.stack_frame.is_some() => {
                self.stack_function_return(v)
            }
            Terminator::Unreachable if self.cur == 0 && self.stack_frame.is_some() => {
                self.push(VInst::FRet { pred: None, exec: Exec::nm(1) });
                Ok(())
            }
            Terminator::Ret(v) => {
                if let (Some(v), Some((p, _))) = (v, self.fx().ret_pred) {
                    self.copy_pred(p, v)?;
                } else if let Some(v) = v {
                    let Some(ret) = self.fx().ret else { return Err("a kernel must return void".into()) };
                    let holds = self.fx().asg.ret.is_some_and(|r| self.fx().asg.holds(r, v));
                    if holds {
                        self.check_in_place(v, ret)?;
                    } else {
                        self.copy_value(ret, v)?;
                    }
                }
                self.push(VInst::Ret { pred: None, exec: Exec::new(1) });
                Ok(())
            }
            Terminator::Unreachable => {
                self.push(VInst::Ret { pred: None, exec: Exec::new(1) });
                Ok(())
            }
        }
    }

    // ---------------------------------------------------------------- predicates

    /// A call of a subroutine of the unit: arguments into its argument variables, `call`, result
    /// out of its result variable; regalloc says which of these copies are needed (a value may
    /// already live in the callee's variable).
    pub(crate) fn call(&mut self, id: InstId, callee: FuncId, args: &[Value]) -> R<()> {
        if self.stack_callees.contains_key(&callee) {
            return self.stack_call(id, callee, args);
        }
        let ci = *self.func_of.get(&callee).ok_or_else(|| internal("a callee outside the unit"))?;
        let label = self.funcs[ci].sub.ok_or_else(|| internal("a call of the kernel"))?;
        let prep =
            self.fx().asg.calls.get(&id).cloned().ok_or_else(|| internal("a call regalloc did not see"))?;
        let mut copies = Vec::new();
        for (i, &a) in args.iter().enumerate() {
            let Some(idx) = self.funcs[ci].asg.var(Value::Param(i as u32)) else { continue };
            if self.f().value_type(a).elem() == Some(Elem::I1) {
                // into the subroutine's predicate (no caller's value lives there)
                let p = self.in_function(ci, |s| s.pred_var(idx))?;
                self.copy_pred(p, a)?;
                continue;
            }
            let dst = self.in_function(ci, |s| s.var_idx(idx))?;
            if prep.copy_args.get(i).copied().unwrap_or(true) {
                copies.push((dst, a));
            } else {
                self.check_in_place(a, dst)?;
            }
        }
        self.emit_copies(copies)?;
        self.push(VInst::Call { pred: None, exec: Exec::nm(1), target: label });
        if let Some((p, n)) = self.funcs[ci].ret_pred {
            if self.fx().asg.var(Value::Inst(id)).is_some() {
                let d = self.pred_dst(id)?;
                if d.1 != 0 {
                    return Err(unsupported("an i1 subroutine result into a predicate slice"));
                }
                self.move_pred(d.0, p, n);
            }
        } else if self.f().insts[id].ty != Type::Void {
            let ret = self.funcs[ci].ret.ok_or_else(|| internal("a subroutine without a result variable"))?;
            let t = self.f().insts[id].ty;
            if prep.copy_result {
                let ty = signed_type(t.elem().ok_or("void")?)?;
                let dst = self.var_of(Value::Inst(id))?;
                let dst = self.view(dst, ty)?;
                self.copy(dst, 0, CopySrc::Var(ret, 0), t.num_elems(), ty)?;
            } else {
                self.check_in_place(Value::Inst(id), ret)?;
            }
        }
        Ok(())
    }

    /// Checks that `v` lives in the storage of `var` where regalloc left out a copy.
    pub(crate) fn check_in_place(&mut self, v: Value, var: m::VarId) -> R<()> {
        let own = self.var_of(v)?;
        if self.storage_of(own) != self.storage_of(var) {
            return Err(internal("a value passed in place lives elsewhere"));
        }
        Ok(())
    }
}

/// Places, after a block that branches two ways to blocks neither of which follows it, one of
/// those blocks that only it enters (a later one, not the entry): the branch then jumps to the
/// other block and falls through, where it was a conditional jump and a jump. The moved block may
/// need a jump to the block that used to follow it, which the block placed before that one no
/// longer needs; the count of jumps does not grow. Functions with SIMD control flow keep their
/// layout (gotos fall through to the block after theirs).
pub fn place_branch_targets(f: &mut genxc_genx::ir::Function) {
    if !genxc_genx::simdcf::analyze(f).is_ok_and(|cf| cf.is_empty()) {
        return;
    }
    let mut preds: foldhash::HashMap<BlockId, usize> = foldhash::HashMap::default();
    for &b in &f.layout {
        for s in f.blocks[b].term.successors() {
            *preds.entry(s).or_default() += 1;
        }
    }
    let entry = f.layout.first().copied();
    let mut i = 0;
    while i + 1 < f.layout.len() {
        let b = f.layout[i];
        if let Terminator::CondBr { on_true, on_false, .. } = f.blocks[b].term {
            let next = f.layout[i + 1];
            if on_true != on_false && next != on_true && next != on_false {
                let later = |s: BlockId| f.layout.iter().position(|&x| x == s).filter(|&p| p > i + 1);
                let only_from_b = |s: BlockId| preds.get(&s) == Some(&1) && Some(s) != entry;
                if let Some((s, at)) = [on_true, on_false]
                    .into_iter()
                    .find_map(|s| Some((s, later(s)?)).filter(|_| only_from_b(s)))
                {
                    f.layout.remove(at);
                    f.layout.insert(i + 1, s);
                }
            }
        }
        i += 1;
    }
}
