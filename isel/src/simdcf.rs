//! Selection of SIMD control flow: gotos as vISA `goto`, joins as labels, and operations
//! predicated by the execution mask EM as instructions under the hardware mask.
//!
//! [`genxc_genx::simdcf`] has checked the shapes and found each goto's target. A forward goto
//! `goto(EM, RM, c)` becomes `(!c) goto (M1, N) UIP`: the lanes where `c` is false wait at the join
//! block UIP; its branch on "no lane left" is the jump the hardware makes by itself, to the next
//! join point the finalizer derives, so nothing else is emitted and the false successor is the
//! next block. A backward goto (a do-while back edge over an empty latch block) becomes
//! `(c) goto (M1, N) header`. A join emits nothing: its block's label is the point the finalizer
//! re-enables the lanes that wait there. Phi copies are NoMask moves of whole values: the copies of
//! a goto's fall-through edge go after the goto (skipped when no lane is left), those of its only
//! successor or of a back edge before it, those of a do-while's exit edge after its backward goto
//! (reached once, when no lane loops again), those of a forward goto's "no lane left" edge before
//! it when that overwrites nothing the fall-through code reads, and a join's "no lane left" edge
//! must not need any (there is no place for them).

use super::{AluDesc, Operands, Selector, R};
use genxc_diag::{internal, unsupported};
use genxc_genx::ir::{BlockId, InstId, InstKind, Terminator, Value};
use genxc_genx::simdcf::GotoTarget;
use genxc_genx::Elem;
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Inst as VInst, Pred, Src, SrcOp};

// foldhash: a fast hash, seeded per process (SipHash was a tenth of a small kernel's compile).
use foldhash::{HashSet, HashSetExt};

impl Selector<'_> {
    /// Emits the end of block `b` when it ends SIMD control flow (a goto, a join's branch or the
    /// latch of a backward goto); `None` for an ordinary block.
    pub(super) fn simdcf_terminator(&mut self, b: BlockId, next: Option<BlockId>) -> Option<R<()>> {
        let cf = &self.fx().cf;
        if cf.is_empty() {
            return None;
        }
        if cf.latches.contains(&b) {
            return Some(Ok(())); // the backward goto before it is the back edge
        }
        if let Some(&g) = cf.gotos.get(&b) {
            return Some(self.goto(b, g, next));
        }
        if let Terminator::CondBr { cond, on_true, on_false } = self.f().blocks[b].term {
            if self.fx().cf.is_branch_cond_of(self.f(), cond).is_some() {
                // a join's branch: the hardware jumps by itself when no lane is enabled
                return Some(self.lane_branch(b, on_true, on_false, next));
            }
        }
        None
    }

    /// The branch of a join (or a forward goto) on "no lane left": nothing to emit but the copies
    /// of the fall-through edge.
    fn lane_branch(
        &mut self,
        b: BlockId,
        on_true: BlockId,
        on_false: BlockId,
        next: Option<BlockId>,
    ) -> R<()> {
        if on_true == on_false {
            return self.goto_block(b, on_true, next);
        }
        self.no_copies_on(b, on_true)?;
        if next != Some(on_false) {
            return Err(internal("a SIMD control flow branch that does not fall through"));
        }
        let copies = self.edge_copies(b, on_false)?;
        self.emit_phi_copies(copies)
    }

    /// Fails when edge `from -> to` needs phi copies: it is taken by the hardware's own jump when
    /// no lane is left, where no copy can go.
    fn no_copies_on(&mut self, from: BlockId, to: BlockId) -> R<()> {
        if self.edge_copies(from, to)?.is_empty() {
            return Ok(());
        }
        Err(unsupported(format!(
            "phi copies on the SIMD control flow edge from %{} to %{} (taken when no lane is left; no copy can go there)",
            self.f().blocks[from].name,
            self.f().blocks[to].name
        )))
    }

    /// Fails unless the phi copies of edge `b -> to` can be done before the goto that ends `b` on
    /// every path, also when lanes fall through: no value defined up to `b` (in layout order) shares
    /// a variable with a phi they write, so nothing the fall-through code reads is overwritten.
    fn check_hoistable(&mut self, b: BlockId, to: BlockId) -> R<()> {
        let fx = self.fx();
        let f = &fx.f;
        let copies = fx.asg.phi_copies.get(&(b, to)).cloned().unwrap_or_default();
        let written: Vec<_> = copies.iter().map(|c| (fx.asg.storage(c.dst), c.phi)).collect();
        let upto = f.layout.iter().position(|&x| x == b).unwrap_or(0);
        let defined = f.layout[..=upto]
            .iter()
            .flat_map(|&x| f.blocks[x].insts.iter().map(|&i| Value::Inst(i)))
            .chain((0..f.params.len() as u32).map(Value::Param));
        for v in defined {
            let Some(var) = fx.asg.var(v) else { continue };
            let st = fx.asg.storage(var);
            if let Some((_, phi)) = written.iter().find(|(w, phi)| *w == st && v != Value::Inst(*phi)) {
                return Err(unsupported(format!(
                    "a phi copy into {} on the SIMD control flow edge from %{} to %{} (taken when no lane is left) would overwrite {}, which shares its variable",
                    f.value_name(Value::Inst(*phi)),
                    f.blocks[b].name,
                    f.blocks[to].name,
                    f.value_name(v)
                )));
            }
        }
        Ok(())
    }

    /// Fails when the phi copies of the back edge of a do-while, done before its goto and so also
    /// when every lane leaves the loop, would overwrite a value the code after the loop reads: a
    /// value defined up to `b` (in layout order) that shares a variable with a phi they write and
    /// is used after the latch block (a loop phi itself read after the loop, say).
    fn check_back_edge_copies(&mut self, b: BlockId, latch: BlockId, header: BlockId) -> R<()> {
        let fx = self.fx();
        let f = &fx.f;
        let written: Vec<_> = [(b, latch), (latch, header)]
            .iter()
            .flat_map(|e| fx.asg.phi_copies.get(e).cloned().unwrap_or_default())
            .map(|c| fx.asg.storage(c.dst))
            .collect();
        let pos = |x: BlockId| f.layout.iter().position(|&y| y == x).unwrap_or(0);
        let mut used_after = HashSet::new();
        for &x in &f.layout[pos(latch) + 1..] {
            for &i in &f.blocks[x].insts {
                f.insts[i].kind.for_each_operand(|v| {
                    used_after.insert(v);
                });
            }
            used_after.extend(f.blocks[x].term.operands());
        }
        let defined = f.layout[..=pos(b)]
            .iter()
            .flat_map(|&x| f.blocks[x].insts.iter().map(|&i| Value::Inst(i)))
            .chain((0..f.params.len() as u32).map(Value::Param));
        for v in defined {
            let Some(var) = fx.asg.var(v) else { continue };
            if used_after.contains(&v) && written.contains(&fx.asg.storage(var)) {
                return Err(unsupported(format!(
                    "a phi copy on the back edge of the SIMD do-while ending in %{} would overwrite {}, which the code after the loop reads (the copies are done before the goto, also when no lane loops again)",
                    f.blocks[b].name,
                    f.value_name(v)
                )));
            }
        }
        Ok(())
    }

    /// The copies of constants on the "no lane left" edge `b -> to` of a forward goto that the
    /// block entering `b` already did: `b` is entered only by falling through the forward goto of
    /// one block `a` to the same join block `to`, whose copies before that goto (on every path) put
    /// the same constant in the same variable, and nothing from there to `b`'s goto writes that
    /// variable (`a`'s fall-through copies, `b`'s instructions; `b` calls no subroutine). The
    /// variable still holds the constant, as in two nested ifs that leave for one join with the
    /// same value.
    fn jip_copies_done_before(&mut self, b: BlockId, to: BlockId) -> R<Vec<(super::Loc, Value)>> {
        let fx = self.fx();
        let f = &fx.f;
        let preds: Vec<BlockId> =
            f.layout.iter().copied().filter(|&x| f.blocks[x].term.successors().contains(&b)).collect();
        let [a] = preds[..] else { return Ok(Vec::new()) };
        let falls_in = matches!(fx.cf.gotos.get(&a), Some(g) if g.target == GotoTarget::Forward(to))
            && matches!(f.blocks[a].term, Terminator::CondBr { on_true, on_false, .. } if on_true == to && on_false == b);
        if !falls_in || f.blocks[b].insts.iter().any(|&i| matches!(f.insts[i].kind, InstKind::Call { .. })) {
            return Ok(Vec::new());
        }
        let earlier = fx.asg.phi_copies.get(&(a, to)).cloned().unwrap_or_default();
        let mut written: HashSet<_> =
            fx.asg.phi_copies.get(&(a, b)).into_iter().flatten().map(|c| fx.asg.storage(c.dst)).collect();
        for &i in &f.blocks[b].insts {
            if let Some(v) = fx.asg.var(Value::Inst(i)) {
                written.insert(fx.asg.storage(v));
            }
        }
        let mut done = Vec::new();
        for c in fx.asg.phi_copies.get(&(b, to)).cloned().unwrap_or_default() {
            let Some(k) = f.as_const(c.src) else { continue };
            let st = fx.asg.storage(c.dst);
            let same = earlier.iter().any(|e| fx.asg.storage(e.dst) == st && f.as_const(e.src) == Some(k));
            if same && !written.contains(&st) && !fx.cf.is_mask(Value::Inst(c.phi)) {
                done.push((c.dst, c.phi, c.src));
            }
        }
        let mut out = Vec::new();
        for (dst, phi, src) in done {
            let loc = if self.f().insts[phi].ty.elem() == Some(Elem::I1) {
                super::Loc::Pred(self.pred_var(dst)?)
            } else {
                super::Loc::Var(self.var_idx(dst)?)
            };
            out.push((loc, src));
        }
        Ok(out)
    }

    /// A block ending in a goto.
    fn goto(&mut self, b: BlockId, g: genxc_genx::simdcf::Goto, next: Option<BlockId>) -> R<()> {
        match g.target {
            GotoTarget::Forward(uip) => match self.f().blocks[b].term.clone() {
                Terminator::CondBr { on_true, on_false, .. } if on_true != on_false => {
                    // the copies of the "no lane left" edge go before the goto, on every path
                    let mut jip = self.edge_copies(b, on_true)?;
                    let done = self.jip_copies_done_before(b, on_true)?;
                    jip.retain(|c| !done.contains(c));
                    if !jip.is_empty() {
                        self.check_hoistable(b, on_true)?;
                        self.emit_phi_copies(jip)?;
                    }
                    self.emit_goto(g, uip, true)?;
                    let copies = self.edge_copies(b, on_false)?;
                    self.emit_phi_copies(copies)
                }
                Terminator::Br(to) | Terminator::CondBr { on_true: to, .. } => {
                    if next != Some(to) {
                        return Err(unsupported(format!(
                            "llvm.genx.simdcf.goto whose block's successor %{} is not the next block in layout order",
                            self.f().blocks[to].name
                        )));
                    }
                    let copies = self.edge_copies(b, to)?;
                    self.emit_phi_copies(copies)?;
                    self.emit_goto(g, uip, true)
                }
                _ => Err(internal("a goto block without a branch")),
            },
            GotoTarget::Backward { header, latch } => {
                // the exit edge's copies go after the goto: it falls through only when no lane
                // loops again, so they run once, on the way out (whole NoMask moves: the lanes
                // that left earlier kept their values, which selects under EM left alone)
                let exit = match self.f().blocks[b].term {
                    Terminator::CondBr { on_true, .. } => self.edge_copies(b, on_true)?,
                    _ => Vec::new(),
                };
                let mut copies = self.edge_copies(b, latch)?;
                copies.extend(self.edge_copies(latch, header)?);
                if !copies.is_empty() {
                    self.check_back_edge_copies(b, latch, header)?;
                }
                self.emit_phi_copies(copies)?;
                self.emit_goto(g, header, false)?;
                self.emit_phi_copies(exit)
            }
        }
    }

    /// `[(!)c] goto (M1, N) target`: forward gotos disable the lanes where `c` is false, backward
    /// ones loop the lanes where it is true. A constant condition needs no predicate, or no goto.
    fn emit_goto(&mut self, g: genxc_genx::simdcf::Goto, target: BlockId, forward: bool) -> R<()> {
        let exec = Exec::new(g.width as u8);
        let label = self.block_label(target);
        // the predicate of the lanes that take the goto: !c forward, c backward
        let taken_if_set = !forward ^ g.negated;
        let pred = match self.f().as_const(g.cond).map(|c| c.splat_value()) {
            // every lane takes the goto: an "else", or a loop that always continues
            Some(Some(v)) if (v == 1) == taken_if_set => None,
            // no lane takes it
            Some(Some(_)) => return Ok(()),
            _ => {
                let (p, lane) = self.pred_of(g.cond)?;
                if lane != 0 {
                    return Err(unsupported("llvm.genx.simdcf.goto on a slice of a predicate"));
                }
                Some(if taken_if_set { Pred::on(p) } else { Pred::not(p) })
            }
        };
        self.push(VInst::Goto { pred, exec, target: label });
        Ok(())
    }

    /// `select(EM, t, f)`: `f` in every lane (NoMask), then `t` under the execution mask; through
    /// a temporary when writing `f` would destroy `t`. An operation `t` baled into the select is
    /// computed under the mask straight into the destination (the form of an assignment inside a
    /// SIMD `if`), which is one instruction when `f` is already in place.
    pub(super) fn em_select(&mut self, id: InstId, d: AluDesc, lane: u32) -> R<()> {
        let n = self.f().insts[id].ty.num_elems();
        let (t, f) = (d.srcs[0].value, d.srcs[1].value);
        if self.sat_of(id) {
            return Err(unsupported("a saturated select on the SIMD control flow execution mask"));
        }
        // the operation computed under the mask, or a move of `t`
        let op = match t {
            Value::Inst(ti)
                if self.fx().bales.baled_into(ti) == Some(id)
                    && genxc_genx::bale::maskable_operation(self.f(), ti) =>
            {
                self.alu_desc(ti)?.ok_or_else(|| internal("an operation under the execution mask"))?
            }
            _ => AluDesc {
                op: super::Op::Alu(m::AluOp::Mov),
                dst_ty: d.dst_ty,
                srcs: Operands::of(&[d.srcs[0]]),
                sat: false,
            },
        };
        let ty = op.dst_ty;
        let baled = self.fx().bales.is_baled(id);
        let (dst, wm) = self.dst_for_masked(id, ty)?;
        let m::DstOp::Gen(dg) = dst else {
            return Err(unsupported(
                "a select on the SIMD control flow execution mask with an indirect destination",
            ));
        };
        if wm.pred.is_some() || wm.em {
            return Err(unsupported(
                "a select on the SIMD control flow execution mask written under another mask",
            ));
        }
        let all = wm.exec(self.exec_of(n)?);
        let masked = Exec { nomask: false, ..all.at((lane / 4) as u8) };
        let fs = self.src(f, ty)?;
        let srcs = self.alu_srcs(&op)?;
        let d_st = self.storage_of(dg.var);
        let same_storage = |s: &Self, op: &SrcOp| match op {
            SrcOp::Gen(g) => s.storage_of(g.var) == d_st,
            SrcOp::Ind(_) => true,
            _ => false,
        };
        // `f` already in place: the whole result variable is `f`'s (regalloc coalesced them), or,
        // for a select baled into a wrregion (a piece of a split select chained from `f`), `f` is
        // read from exactly the elements the piece writes
        let f_in_place = match &fs {
            SrcOp::Gen(g) if !baled => same_storage(self, &fs) && g.modifier == m::SrcMod::None,
            SrcOp::Gen(g) => {
                g.var == dg.var
                    && (g.row, g.col) == (dg.row, dg.col)
                    && g.modifier == m::SrcMod::None
                    && dg.hstride == 1
                    && (g.region == m::Region::CONTIG || n == 1)
            }
            _ => false,
        };
        let mov = |exec, dst: m::DstOp, src: SrcOp| VInst::Alu {
            op: m::AluOp::Mov,
            pred: None,
            sat: false,
            exec,
            dst,
            srcs: vec![src],
        };
        if !f_in_place && srcs.iter().any(|s| same_storage(self, s)) {
            // writing `f` first would destroy a source: the result built in a temporary
            let tmp = self.temp(ty, n)?;
            let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
            self.push(mov(Exec::nm(all.size), m::Dst::new(tmp, 0).into(), fs));
            self.push_alu_desc(&op, masked, m::Dst::new(tmp, 0).into(), srcs)?;
            self.push(mov(all, dst, Src::region(tmp, 0, 0, region).into()));
            return Ok(());
        }
        if !f_in_place {
            self.push(mov(all, dst, fs));
        }
        self.push_alu_desc(&op, masked, dst, srcs)
    }

    /// `select(EM, cmp, false)` of predicates, the compare baled into the select: the predicate
    /// cleared in every lane (NoMask), then the compare under the execution mask into it, so the
    /// lanes the mask disables stay false (Intel's form of a compare ANDed with the execution mask).
    pub(super) fn em_select_compare(&mut self, id: InstId, t: Value, f: Value, lane: u32) -> R<()> {
        let cmp = match t {
            Value::Inst(ti) if self.fx().bales.baled_into(ti) == Some(id) => self.f().insts[ti].kind.clone(),
            _ => InstKind::Phi { incoming: Vec::new() },
        };
        let InstKind::Cmp { pred, lhs, rhs } = cmp else {
            return Err(unsupported(format!(
                "a select of predicates on the SIMD control flow execution mask other than of a compare and false ({})",
                self.f().value_name(f)
            )));
        };
        let n = self.f().insts[id].ty.num_elems();
        let (d, dl) = self.pred_dst(id)?;
        if dl != 0 || lane != 0 {
            return Err(unsupported(
                "a compare under the SIMD control flow execution mask into a predicate slice",
            ));
        }
        let e = self.f().value_type(lhs).elem().ok_or("void compare")?;
        use genxc_genx::ir::CmpPred::*;
        let unsigned = matches!(pred, Ugt | Uge | Ult | Ule);
        let ty = if unsigned { super::unsigned_type(e)? } else { super::signed_type(e)? };
        let rel = match pred {
            Eq | FOeq => m::CmpOp::Eq,
            Ne | FUne => m::CmpOp::Ne,
            Ugt | Sgt | FOgt => m::CmpOp::Gt,
            Uge | Sge | FOge => m::CmpOp::Ge,
            Ult | Slt | FOlt => m::CmpOp::Lt,
            Ule | Sle | FOle => m::CmpOp::Le,
            _ => return Err(internal("a compare under the execution mask that needs a negation")),
        };
        self.push(VInst::Setp { exec: super::predicates::pred_exec(n), dst: d, src: m::Imm::UD(0).into() });
        let x = self.src(lhs, ty)?;
        let y = self.src(rhs, ty)?;
        let exec = Exec { nomask: false, ..Exec::nm(n as u8) };
        self.push(VInst::Cmp { rel, exec, dst: m::CmpDst::Pred(d), src0: x, src1: y });
        Ok(())
    }
}
