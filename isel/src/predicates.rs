//! `i1` values in selection: they live in predicate variables. Compares write predicates, logic on
//! them is predicate logic, casts to and from `i1` move between predicates and general variables,
//! and conditions of branches and selects are predicates or their negation.

use super::{alu, imm_of, pred_bits, pred_decl_lanes, signed_type, unsigned_type, Selector, R};
use foldhash::{HashMap, HashMapExt};
use genxc_diag::{internal, invalid, unsupported};
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{inst_index, BinOp, CastOp, CmpPred, InstId, InstKind, Terminator, Value};
use genxc_genx::Elem;
use genxc_regalloc::{Category, VarIdx};
use genxc_visa::model as m;
use genxc_visa::model::{Exec, Imm, Inst as VInst, Pred, Src, SrcOp, VisaType};

/// An `i1` result written into lanes `lane..lane + lanes` of predicate `pred` where `lane` is not a
/// multiple of 4: vISA mask offsets (`M1`..`M8`) move in steps of 4 lanes, so the result is
/// computed into lanes from 0 of `temp` and then inserted.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UnalignedSliceWrite {
    /// The temporary the instruction writes, from lane 0.
    pub temp: m::PredId,
    /// The predicate the slice belongs to.
    pub pred: m::PredId,
    /// The slice's first lane in `pred`.
    pub lane: u8,
    /// The slice's lanes.
    pub lanes: u32,
}

/// Where an `i1` value lives instead of its own predicate variable: a subroutine's predicate it
/// is passed through, so the copy into it (or out of it) is left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PredHome {
    /// The result predicate of the function being selected (the value is what it returns).
    Result,
    /// The predicate of argument `param` of the unit's function `func` (the value is passed there).
    Argument { func: usize, param: VarIdx },
    /// The result predicate of the unit's function `func` (the value is what a call returned).
    CallResult { func: usize },
}

/// The lanes `[start, start + size)` one instruction can address that cover lanes
/// `lane..lane + n`: `size` a power of two, `start` a multiple of 4 (mask offsets `M1`..`M8`) and of
/// `size` (a mask offset is aligned to its execution size). Within a predicate of a power-of-two
/// number of lanes that holds the slice, the window stays inside it.
fn lane_window(lane: u32, n: u32) -> (u32, u32) {
    let mut start = lane - lane % 4;
    loop {
        let size = (lane + n - start).next_power_of_two();
        if start.is_multiple_of(size.max(4)) {
            return (start, size);
        }
        start -= start % size;
    }
}

/// The execution size of an operation on the predicate lanes of an `n`-lane `i1` value that is a
/// whole predicate variable (declared with [`super::pred_decl_lanes`]): `n` rounded up to a power
/// of two (the lanes above `n` are padding nothing reads).
pub(crate) fn pred_exec(n: u32) -> Exec {
    Exec::nm(n.max(1).next_power_of_two() as u8)
}

/// `n` as a sum of powers of two, largest first: `(first element, size)` of each piece.
fn pow2_pieces(n: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut at = 0;
    for bit in (0..6).rev() {
        let size = 1u32 << bit;
        if n & size != 0 {
            out.push((at, size));
            at += size;
        }
    }
    out
}

impl Selector<'_> {
    /// `d = s` on `n` lanes of two predicate variables.
    pub(crate) fn move_pred(&mut self, d: m::PredId, s: m::PredId, n: u32) {
        if d != s {
            let exec = pred_exec(n);
            self.push(alu(m::AluOp::Or, exec, m::DstOp::Pred(d), vec![SrcOp::Pred(s), SrcOp::Pred(s)]));
        }
    }

    /// Copies the i1 value `v` into lanes from 0 of predicate `d`: a constant is set, a predicate
    /// (or a slice of one from lane 0) moved, a slice from another lane shifted down through a
    /// general variable.
    pub(crate) fn copy_pred(&mut self, d: m::PredId, v: Value) -> R<()> {
        let n = self.f().value_type(v).num_elems();
        if let Some(c) = self.f().as_const(v) {
            let imm = pred_bits(c, n);
            self.push(VInst::Setp { exec: pred_exec(n), dst: d, src: imm.into() });
            return Ok(());
        }
        let (p, lane) = self.pred_slice(v)?;
        if lane == 0 {
            self.move_pred(d, p, n);
            return Ok(());
        }
        self.copy_pred_slice(d, p, u32::from(lane), n)?;
        Ok(())
    }

    /// A predicate whose lanes from `lane` hold `v` (for an operation at that lane): `v`'s own
    /// when it starts there, else a copy from lane 0 (for an operation at lane 0).
    pub(crate) fn pred_at(&mut self, v: Value, lane: u8) -> R<m::PredId> {
        let (p, l) = self.pred_of(v)?;
        if l == lane {
            return Ok(p);
        }
        if lane != 0 {
            return Err(unsupported("logic on predicate slices of different lanes"));
        }
        self.pred_at0(v)
    }

    /// The predicate of `v` from lane 0: its own, or a fresh copy of a slice that starts at
    /// another lane.
    pub(crate) fn pred_at0(&mut self, v: Value) -> R<m::PredId> {
        let (p, lane) = self.pred_of(v)?;
        if lane == 0 {
            return Ok(p);
        }
        let n = self.f().value_type(v).num_elems();
        if let Some(&q) = self.slice_copies.get(&(p, lane, n)) {
            return Ok(q);
        }
        let tmp = self.temp_pred(n)?;
        self.copy_pred(tmp, v)?;
        Ok(tmp)
    }

    /// The predicate variable (and first lane) holding an `i1` value, for an instruction that
    /// reads it at that lane's mask offset: a slice starting at a lane that is not a multiple of 4
    /// (no mask offset `M1`..`M8` reaches it) is copied down to lane 0 of a fresh predicate.
    pub(crate) fn pred_of(&mut self, v: Value) -> R<(m::PredId, u8)> {
        let (p, lane) = self.pred_slice(v)?;
        if lane % 4 == 0 {
            return Ok((p, lane));
        }
        let n = self.f().value_type(v).num_elems();
        if let Some(&q) = self.slice_copies.get(&(p, lane, n)) {
            return Ok((q, 0));
        }
        let tmp = self.temp_pred(n)?;
        self.copy_pred_slice(tmp, p, u32::from(lane), n)?;
        Ok((tmp, 0))
    }

    /// The predicate variable and first lane holding an `i1` value, whatever that lane is.
    fn pred_slice(&mut self, v: Value) -> R<(m::PredId, u8)> {
        if self.fx().cf.is_mask(v) {
            return Err(unsupported(format!(
                "the SIMD control flow mask {} as a predicate here (EM only predicates select, wrregion and memory messages)",
                self.f().value_name(v)
            )));
        }
        let n = self.f().value_type(v).num_elems();
        if let Some(c) = self.f().as_const(v).cloned() {
            let p = self.temp_pred(n)?;
            let imm = pred_bits(&c, n);
            self.push(VInst::Setp { exec: pred_exec(n), dst: p, src: imm.into() });
            return Ok((p, 0));
        }
        if let Value::Inst(d) = v {
            if let InstKind::Intrinsic { id, args } = &self.f().insts[d].kind {
                if *id == IntrinsicId::Rdpredregion {
                    let (src, off) = (args[0], args[1]);
                    let off = self
                        .f()
                        .as_const(off)
                        .and_then(|c| c.splat_value())
                        .ok_or("rdpredregion offset must be constant")?;
                    // the slice is read through the execution mask's channel offset: a multiple
                    // of its lanes, inside the predicate
                    let whole = self.f().value_type(src).num_elems();
                    if off % n as u64 != 0 || off + n as u64 > whole as u64 {
                        return Err(invalid(format!(
                            "llvm.genx.rdpredregion: offset {off} of a {n}-lane slice of {whole} lanes (the offset must be a multiple of the slice's lanes, the slice inside the predicate)"
                        )));
                    }
                    let (p, lane) = self.pred_slice(src)?;
                    return Ok((p, lane + off as u8));
                }
            }
        }
        if let Value::Inst(d) = v {
            if let Some(home) = self.fx().pred_homes.get(&d).copied() {
                return Ok((self.pred_home(home)?, 0));
            }
        }
        let idx = self.fx().asg.var(v).ok_or_else(|| internal("predicate value without a variable"))?;
        Ok((self.pred_var(idx)?, 0))
    }

    /// The predicate of a [`PredHome`].
    fn pred_home(&mut self, home: PredHome) -> R<m::PredId> {
        let result =
            |p: Option<(m::PredId, u32)>| p.map(|(p, _)| p).ok_or_else(|| internal("no result predicate"));
        match home {
            PredHome::Result => result(self.fx().ret_pred),
            PredHome::Argument { func, param } => self.in_function(func, |s| s.pred_var(param)),
            PredHome::CallResult { func } => result(self.funcs[func].ret_pred),
        }
    }

    /// The `i1` values of the current function that can live in a subroutine's predicate, where
    /// nothing else writes that predicate while they live: a compare or predicate logic whose only
    /// use is the `ret` of its block (in the result predicate) or an argument of a call of the
    /// unit later in its block (in the argument's predicate), with no call in between; the result
    /// of a call whose every use is in its block with no call after it before the last use (read
    /// from the callee's result predicate). Not in a function with SIMD control flow.
    pub(crate) fn plan_pred_homes(&self) -> HashMap<InstId, PredHome> {
        let mut homes = HashMap::new();
        let f = self.f();
        if !self.fx().cf.is_empty() {
            return homes;
        }
        let uses = self.use_counts();
        let unit_callee = |i: InstId| match &f.insts[i].kind {
            InstKind::Call { callee, args } if !self.stack_callees.contains_key(callee) => {
                // (a call of the function itself would write the predicates it reads)
                self.func_of.get(callee).filter(|&&ci| ci != self.cur).map(|&ci| (ci, args.as_slice()))
            }
            _ => None,
        };
        let is_call = |i: InstId| {
            matches!(
                f.insts[i].kind,
                InstKind::Call { .. } | InstKind::IndirectCall { .. } | InstKind::InlineAsm { .. }
            )
        };
        for &b in &f.layout {
            let insts = &f.blocks[b].insts;
            for (k, &d) in insts.iter().enumerate() {
                if f.insts[d].ty.elem() != Some(Elem::I1) {
                    continue;
                }
                let v = Value::Inst(d);
                let reads = |i: InstId| {
                    let mut n = 0;
                    f.insts[i].kind.for_each_operand(|o| n += u32::from(o == v));
                    n
                };
                let in_term = f.blocks[b].term.operands().iter().filter(|&&o| o == v).count() as u32;
                let computed = matches!(f.insts[d].kind, InstKind::Cmp { .. } | InstKind::Binary { .. });
                let later = &insts[k + 1..];
                let home = if let Some((ci, _)) = unit_callee(d) {
                    // every use in this block, before any further call
                    let in_block: u32 = later.iter().map(|&i| reads(i)).sum::<u32>() + in_term;
                    let last = later.iter().rposition(|&i| reads(i) > 0).map_or(0, |j| j + 1);
                    let end = if in_term > 0 { later.len() } else { last };
                    let ok = in_block == uses[inst_index(d)]
                        && in_block > 0
                        && !later[..end].iter().any(|&i| is_call(i))
                        && self.funcs[ci].ret_pred.is_some();
                    ok.then_some(PredHome::CallResult { func: ci })
                } else if !computed || uses[inst_index(d)] != 1 {
                    None
                } else if in_term == 1 {
                    let ret = matches!(f.blocks[b].term, Terminator::Ret(Some(_)));
                    let ok = ret && self.fx().ret_pred.is_some() && !later.iter().any(|&i| is_call(i));
                    ok.then_some(PredHome::Result)
                } else {
                    // the one use: an argument of a call of the unit in this block
                    later.iter().position(|&i| reads(i) > 0).and_then(|j| {
                        let (ci, args) = unit_callee(later[j])?;
                        if later[..j].iter().any(|&i| is_call(i)) {
                            return None;
                        }
                        let at = args.iter().position(|&a| a == v)?;
                        let param = self.funcs[ci].asg.var(Value::Param(at as u32))?;
                        Some(PredHome::Argument { func: ci, param })
                    })
                };
                if let Some(h) = home {
                    homes.insert(d, h);
                }
            }
        }
        homes
    }

    /// The vISA predicate of a regalloc predicate variable (declared on first use).
    pub(crate) fn pred_var(&mut self, idx: VarIdx) -> R<m::PredId> {
        if let Some(p) = self.fx().preds[idx.0 as usize] {
            return Ok(p);
        }
        let var = &self.fx().asg.vars[idx.0 as usize];
        if var.category != Category::Predicate {
            return Err(internal("not a predicate"));
        }
        let lanes = pred_decl_lanes(var.ty.num_elems())?;
        let prefix = if self.cur == 0 { "" } else { self.f().name.as_str() };
        let name = crate::joined(&[prefix, if self.cur == 0 { "" } else { "_" }, var.name.as_str()]);
        let p = self.k.add_pred(name, lanes);
        self.funcs[self.cur].preds[idx.0 as usize] = Some(p);
        Ok(p)
    }

    /// Where an `i1`-producing instruction writes: its own predicate or the wrpredregion slice it
    /// is baled into. A slice starting at a lane that is not a multiple of 4 is written through a
    /// temporary from lane 0 ([`UnalignedSliceWrite`], inserted by [`Self::finish_slice_write`]).
    pub(crate) fn pred_dst(&mut self, id: InstId) -> R<(m::PredId, u8)> {
        if let Some(w) = self.fx().bales.baled_into(id) {
            let InstKind::Intrinsic { args, .. } = self.f().insts[w].kind.clone() else {
                return Err(internal("compare baled into a non-wrpredregion"));
            };
            let off = self
                .f()
                .as_const(args[2])
                .and_then(|c| c.splat_value())
                .ok_or("wrpredregion offset must be constant")?;
            let (p, lane) = self.pred_dst(w)?;
            let lane = u8::try_from(u64::from(lane) + off)
                .ok()
                .filter(|l| *l < 32)
                .ok_or_else(|| invalid("a wrpredregion offset beyond 32 lanes"))?;
            if lane % 4 == 0 {
                return Ok((p, lane));
            }
            if let Some(sw) = self.slice_writes.get(&id) {
                return Ok((sw.temp, 0));
            }
            let lanes = self.f().insts[id].ty.num_elems();
            let temp = self.temp_pred(lanes)?;
            self.slice_writes.insert(id, UnalignedSliceWrite { temp, pred: p, lane, lanes });
            return Ok((temp, 0));
        }
        self.pred_of(Value::Inst(id))
    }

    /// The `wrpredregion` `id` of an `i1` value that is not a compare baled into it (a constant
    /// mask, or predicate logic): the value's lanes from lane 0 of a predicate (a constant's set
    /// by `setp`), moved into the slice at lane 0 or inserted through words at any other lane.
    /// Into an `undef` old value the other lanes are cleared first, so no lane is left unset.
    pub(crate) fn write_pred_slice(&mut self, id: InstId, old: Value, value: Value, offset: Value) -> R<()> {
        let off = self
            .f()
            .as_const(offset)
            .and_then(|c| c.splat_value())
            .ok_or("wrpredregion offset must be constant")?;
        let n = self.f().value_type(value).num_elems();
        let (p, lane) = self.pred_of(Value::Inst(id))?;
        let lane = u32::try_from(u64::from(lane) + off)
            .ok()
            .filter(|l| l + n <= 32)
            .ok_or_else(|| invalid("a wrpredregion slice beyond 32 lanes"))?;
        let src = self.pred_at0(value)?;
        if self.f().as_const(old).is_some_and(|c| c.is_undef()) {
            let all = self.f().value_type(old).num_elems();
            let zero = if all <= 16 { Imm::UW(0) } else { Imm::UD(0) };
            self.push(VInst::Setp { exec: pred_exec(all), dst: p, src: zero.into() });
        }
        if lane == 0 {
            self.move_pred(p, src, n);
            return Ok(());
        }
        self.slice_writes.insert(id, UnalignedSliceWrite { temp: src, pred: p, lane: lane as u8, lanes: n });
        self.finish_slice_write(id)
    }

    /// Completes the write of instruction `id` into a predicate slice at a lane no mask offset
    /// reaches, if it was one: the lanes of the predicate around the slice (a window
    /// [`lane_window`] addresses) are spread into words, the temporary's lanes replace the
    /// slice's words, and a compare sets the window's lanes again. Every step works lane by lane,
    /// so lanes never written stay apart from those that were.
    pub(crate) fn finish_slice_write(&mut self, id: InstId) -> R<()> {
        let Some(sw) = self.slice_writes.remove(&id) else { return Ok(()) };
        let (lane, k) = (u32::from(sw.lane), sw.lanes);
        let (start, size) = lane_window(lane, k);
        let off = lane - start;
        let window = self.pred_words(sw.pred, start, size, size)?;
        let part = self.pred_words(sw.temp, 0, k.next_power_of_two(), k.next_power_of_two())?;
        for (j, piece) in pow2_pieces(k) {
            let (row, col) = self.row_col((off + j) * 2, 2);
            let dst = m::Dst { var: window, row, col, hstride: 1 };
            let src = self.word_src(part, j, piece);
            self.push(alu(m::AluOp::Mov, Exec::nm(piece as u8), dst.into(), vec![src]));
        }
        let src0 = self.word_src(window, 0, size);
        self.push(VInst::Cmp {
            rel: m::CmpOp::Ne,
            exec: Exec::nm(size as u8).at((start / 4) as u8),
            dst: m::CmpDst::Pred(sw.pred),
            src0,
            src1: Imm::UW(0).into(),
        });
        // the temporary still holds the slice from lane 0
        self.slice_copies.insert((sw.pred, sw.lane, k), sw.temp);
        Ok(())
    }

    /// Lanes `lane..lane + n` of predicate `p` into lanes from 0 of predicate `d` (`lane` not 0):
    /// moved from a copy made earlier in the block, or through words as
    /// [`Self::finish_slice_write`].
    fn copy_pred_slice(&mut self, d: m::PredId, p: m::PredId, lane: u32, n: u32) -> R<()> {
        let key = (p, u8::try_from(lane).map_err(|_| internal("a predicate lane beyond 255"))?, n);
        if let Some(&q) = self.slice_copies.get(&key) {
            self.move_pred(d, q, n);
            return Ok(());
        }
        let (start, size) = lane_window(lane, n);
        let off = lane - start;
        let kk = n.next_power_of_two();
        let words = self.pred_words(p, start, size, size.max(off + kk))?;
        let src0 = self.word_src(words, off, kk);
        self.push(VInst::Cmp {
            rel: m::CmpOp::Ne,
            exec: Exec::nm(kk as u8),
            dst: m::CmpDst::Pred(d),
            src0,
            src1: Imm::UW(0).into(),
        });
        self.slice_copies.insert(key, d);
        Ok(())
    }

    /// Forgets the slice copies instruction `i` may invalidate, before it is emitted: those of a
    /// predicate it writes (as the slice's source or its copy), and all of them at a label, a call
    /// or inline assembly (code reached from elsewhere, or predicates written unseen). The code
    /// after a branch is reached only through it, so a branch keeps them.
    pub(crate) fn forget_slice_copies(&mut self, i: &VInst) {
        if self.slice_copies.is_empty() {
            return;
        }
        let written = match i {
            VInst::Alu { dst: m::DstOp::Pred(p), .. }
            | VInst::Bfn { dst: m::DstOp::Pred(p), .. }
            | VInst::MinMax { dst: m::DstOp::Pred(p), .. }
            | VInst::Cmp { dst: m::CmpDst::Pred(p), .. }
            | VInst::Setp { dst: p, .. } => *p,
            VInst::Label(_)
            | VInst::Subroutine(_)
            | VInst::Call { .. }
            | VInst::FCall { .. }
            | VInst::IFCall { .. }
            | VInst::Verbatim { .. } => {
                self.slice_copies.clear();
                return;
            }
            _ => return,
        };
        self.slice_copies.retain(|&(p, _, _), q| p != written && *q != written);
    }

    /// A fresh word vector of `len` elements whose first `size` hold lanes `start..start + size`
    /// of predicate `p` as 1 or 0 (a predicated `sel`).
    fn pred_words(&mut self, p: m::PredId, start: u32, size: u32, len: u32) -> R<m::VarId> {
        let w = self.temp(VisaType::UW, len)?;
        self.push(VInst::Alu {
            op: m::AluOp::Sel,
            pred: Some(Pred::on(p)),
            sat: false,
            exec: Exec::nm(size as u8).at((start / 4) as u8),
            dst: m::Dst::new(w, 0).into(),
            srcs: vec![Imm::UW(1).into(), Imm::UW(0).into()],
        });
        Ok(w)
    }

    /// `n` words of `w` from element `at`, as a source.
    fn word_src(&self, w: m::VarId, at: u32, n: u32) -> SrcOp {
        let (row, col) = self.row_col(at * 2, 2);
        let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
        Src::region(w, row, col, region).into()
    }

    /// A general value: all ones where a predicate is set (for uses of i1 as data).
    pub(crate) fn cmp_emit(
        &mut self,
        pred: CmpPred,
        a: Value,
        b: Value,
        n: u32,
        p: m::PredId,
        lane: u8,
    ) -> R<()> {
        let e = self.f().value_type(a).elem().ok_or("void compare")?;
        if e == Elem::I1 {
            return self.cmp_i1(pred, a, b, n, p, lane);
        }
        self.check_64bit(e, "compare")?;
        use CmpPred::*;
        let unsigned = matches!(pred, Ugt | Uge | Ult | Ule);
        let ty = if unsigned { unsigned_type(e)? } else { signed_type(e)? };
        let exec = Exec::nm(n as u8).at(lane / 4);
        let (rel, negate_result) = match pred {
            Eq | FOeq => (m::CmpOp::Eq, false),
            Ne | FUne => (m::CmpOp::Ne, false),
            Ugt | Sgt | FOgt => (m::CmpOp::Gt, false),
            Uge | Sge | FOge => (m::CmpOp::Ge, false),
            Ult | Slt | FOlt => (m::CmpOp::Lt, false),
            Ule | Sle | FOle => (m::CmpOp::Le, false),
            FUgt => (m::CmpOp::Le, true),
            FUge => (m::CmpOp::Lt, true),
            FUlt => (m::CmpOp::Ge, true),
            FUle => (m::CmpOp::Gt, true),
            FUeq | FOne | FOrd | FUno | FFalse | FTrue => {
                return self.cmp_special(pred, a, b, n, p, exec, ty);
            }
        };
        let x = self.src(a, ty)?;
        let y = self.src(b, ty)?;
        self.push(VInst::Cmp { rel, exec, dst: m::CmpDst::Pred(p), src0: x, src1: y });
        if negate_result {
            self.push(alu(m::AluOp::Not, exec, m::DstOp::Pred(p), vec![SrcOp::Pred(p)]));
        }
        Ok(())
    }

    /// A compare of i1 values as predicate logic (true is 1 unsigned, -1 signed): `eq` is not-xor,
    /// `ne` xor, the orders an and/or with one side inverted.
    pub(crate) fn cmp_i1(
        &mut self,
        pred: CmpPred,
        a: Value,
        b: Value,
        n: u32,
        p: m::PredId,
        lane: u8,
    ) -> R<()> {
        use CmpPred::*;
        if lane != 0 {
            return Err(unsupported("a compare of i1 values into a predicate slice"));
        }
        let exec = pred_exec(n);
        let pa = self.pred_at0(a)?;
        let pb = self.pred_at0(b)?;
        let logic = |s: &mut Self, o, x, y| {
            s.push(alu(o, exec, m::DstOp::Pred(p), vec![SrcOp::Pred(x), SrcOp::Pred(y)]));
        };
        // (op, inverted operand is a, plain operand)
        let (o, inv, keep) = match pred {
            Eq | Ne => {
                logic(self, m::AluOp::Xor, pa, pb);
                if pred == Eq {
                    self.push(alu(m::AluOp::Not, exec, m::DstOp::Pred(p), vec![SrcOp::Pred(p)]));
                }
                return Ok(());
            }
            Ugt | Slt => (m::AluOp::And, pb, pa),
            Uge | Sle => (m::AluOp::Or, pb, pa),
            Ult | Sgt => (m::AluOp::And, pa, pb),
            Ule | Sge => (m::AluOp::Or, pa, pb),
            _ => return Err(internal("a float compare of i1 values")),
        };
        let q = self.temp_pred(n)?;
        self.push(alu(m::AluOp::Not, exec, m::DstOp::Pred(q), vec![SrcOp::Pred(inv)]));
        logic(self, o, q, keep);
        Ok(())
    }

    /// Whether `v` is a float constant none of whose elements is a NaN: it equals itself, so the
    /// "ordered" half of a compare with it needs no check.
    fn never_nan(&self, v: Value) -> bool {
        let Some(e) = self.f().value_type(v).elem() else { return false };
        let Some(c) = self.f().as_const(v) else { return false };
        c.elems.iter().all(|bits| match (bits, e) {
            (Some(b), Elem::Half) => b & 0x7c00 != 0x7c00 || b & 0x3ff == 0,
            (Some(b), Elem::Float) => !f32::from_bits(*b as u32).is_nan(),
            (Some(b), Elem::Double) => !f64::from_bits(*b).is_nan(),
            _ => false,
        })
    }

    /// The float compares that are not one `cmp`: `ord`/`uno` (every operand equals itself, or
    /// not), `one`/`ueq` (less or greater, or neither), `true`/`false`. An operand that is a
    /// constant with no NaN is ordered by itself and not checked, and a value compared with
    /// itself is checked once: `uno x, 0.0` is one `cmp.ne x x`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn cmp_special(
        &mut self,
        pred: CmpPred,
        a: Value,
        b: Value,
        n: u32,
        p: m::PredId,
        exec: Exec,
        ty: VisaType,
    ) -> R<()> {
        use CmpPred::*;
        let x = self.src(a, ty)?;
        let y = self.src(b, ty)?;
        let cmp = |rel, p, s0, s1| VInst::Cmp { rel, exec, dst: m::CmpDst::Pred(p), src0: s0, src1: s1 };
        // the operands whose order needs checking (x != x only for a NaN)
        let mut unordered = Vec::new();
        if !self.never_nan(a) {
            unordered.push(x);
        }
        if !self.never_nan(b) && b != a {
            unordered.push(y);
        }
        // The temporary is used at the compare's mask offset (the upper half of a split compare
        // runs at M5): it needs the lanes below that offset too.
        let temp_lanes = n + u32::from(exec.mask) * 4;
        let lanes = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        match pred {
            FFalse | FTrue => {
                let bits = if pred == FTrue { u32::MAX >> (32 - n) } else { 0 };
                self.push(VInst::Setp { exec, dst: p, src: Imm::UD(bits).into() });
            }
            FOrd | FUno => match unordered[..] {
                [] => {
                    let bits = if pred == FOrd { lanes } else { 0 };
                    self.push(VInst::Setp { exec, dst: p, src: Imm::UD(bits).into() });
                }
                [v] => {
                    let rel = if pred == FOrd { m::CmpOp::Eq } else { m::CmpOp::Ne };
                    self.push(cmp(rel, p, v, v));
                }
                _ => {
                    // ordered: both operands equal themselves; unordered: either does not
                    let (rel, join) = if pred == FOrd {
                        (m::CmpOp::Eq, m::AluOp::And)
                    } else {
                        (m::CmpOp::Ne, m::AluOp::Or)
                    };
                    let q = self.temp_pred(temp_lanes)?;
                    self.push(cmp(rel, p, x, x));
                    self.push(cmp(rel, q, y, y));
                    self.push(alu(join, exec, m::DstOp::Pred(p), vec![SrcOp::Pred(p), SrcOp::Pred(q)]));
                }
            },
            _ if unordered.is_empty() => {
                // no NaN: one is ne, ueq is eq
                let rel = if pred == FOne { m::CmpOp::Ne } else { m::CmpOp::Eq };
                self.push(cmp(rel, p, x, y));
            }
            _ => {
                // one: less or greater (both false for a NaN); ueq: its negation
                let q = self.temp_pred(temp_lanes)?;
                self.push(cmp(m::CmpOp::Lt, p, x, y));
                self.push(cmp(m::CmpOp::Gt, q, x, y));
                self.push(alu(m::AluOp::Or, exec, m::DstOp::Pred(p), vec![SrcOp::Pred(p), SrcOp::Pred(q)]));
                if pred == FUeq {
                    self.push(alu(m::AluOp::Not, exec, m::DstOp::Pred(p), vec![SrcOp::Pred(p)]));
                }
            }
        }
        Ok(())
    }

    /// A scalar compare whose every use is the condition of a select of several lanes. When the
    /// selects are all of `n` lanes and in the compare's block, the compare runs on `n` lanes of
    /// its scalar operands (`<0;1,0>` regions) into a predicate the selects read as it is: one
    /// instruction, the condition set once in every lane. Otherwise (a compare of dwords) it is
    /// compared into a dword (all ones or zero) that each select sets its predicate from with one
    /// `setp`, instead of a predicate broadcast through a word and a second compare. Scalar
    /// selects on it besides (in any block) read the compare made as usual into its own predicate,
    /// and the selects of several lanes the one on their lanes (no word then). Returns whether the
    /// compare needs nothing more.
    pub(crate) fn cmp_into_word(&mut self, id: InstId, pred: CmpPred, a: Value, b: Value) -> R<bool> {
        use CmpPred::*;
        let f = self.f();
        let elem = f.value_type(a).elem();
        if f.insts[id].ty.num_elems() != 1 || elem.is_none() || elem == Some(Elem::I1) {
            return Ok(false);
        }
        let v = Value::Inst(id);
        let mut uses = 0;
        // the lanes of the selects when all have the same count and sit in the compare's block
        let mut lanes: Option<u32> = None;
        let mut same_block = true;
        let mut scalar_selects = 0;
        let readers = self.readers_of(id);
        if readers.branch {
            return Ok(false);
        }
        for r in &readers.insts {
            let i = r.inst;
            let n = f.insts[i].ty.num_elems();
            let select = matches!(f.insts[i].kind,
                InstKind::Select { cond, on_true, on_false } if cond == v && on_true != v && on_false != v);
            if select && n == 1 && !self.fx().cf.is_mask(Value::Inst(i)) {
                // a scalar select reads the compare's own predicate
                scalar_selects += 1;
                continue;
            }
            if !(select && n > 1) || self.fx().cf.is_mask(Value::Inst(i)) {
                return Ok(false);
            }
            same_block &= r.same_block && lanes.is_none_or(|l| l == n);
            lanes = Some(n);
            uses += r.reads;
        }
        if uses == 0 || self.fx().bales.is_baled(id) {
            return Ok(false);
        }
        if let Some(n) = lanes.filter(|&n| same_block && n <= 32) {
            let q = self.temp_pred(n)?;
            self.cmp_emit(pred, a, b, n, q, 0)?;
            self.cond_lanes.insert(id, (q, n));
            // with scalar selects as well, the compare is also made into its own predicate for
            // them (two compares instead of a broadcast through a word and a second compare)
            return Ok(scalar_selects == 0);
        }
        if scalar_selects > 0 || elem != Some(Elem::I32) {
            return Ok(false);
        }
        let (rel, unsigned) = match pred {
            Eq => (m::CmpOp::Eq, false),
            Ne => (m::CmpOp::Ne, false),
            Sgt | Ugt => (m::CmpOp::Gt, pred == Ugt),
            Sge | Uge => (m::CmpOp::Ge, pred == Uge),
            Slt | Ult => (m::CmpOp::Lt, pred == Ult),
            Sle | Ule => (m::CmpOp::Le, pred == Ule),
            _ => return Ok(false),
        };
        let ty = if unsigned { VisaType::UD } else { VisaType::D };
        let x = self.src(a, ty)?;
        let y = self.src(b, ty)?;
        let w = self.temp(VisaType::UD, 1)?;
        self.push(VInst::Cmp {
            rel,
            exec: Exec::nm(1),
            dst: m::CmpDst::Gen(m::Dst::new(w, 0)),
            src0: x,
            src1: y,
        });
        self.cond_words.insert(id, w);
        Ok(true)
    }

    /// A predicate covering `n` lanes for `cond` (a scalar condition is broadcast).
    pub(crate) fn cond_pred(&mut self, cond: Value, n: u32) -> R<(m::PredId, u8)> {
        let cn = self.f().value_type(cond).num_elems();
        if cn == n {
            return self.pred_of(cond);
        }
        if cn != 1 {
            return Err(internal("a condition of another width"));
        }
        // a compare made on the lanes of its selects
        if let Value::Inst(d) = cond {
            if let Some(&(q, lanes)) = self.cond_lanes.get(&d) {
                if lanes == n {
                    return Ok((q, 0));
                }
            }
        }
        // a compare kept as a dword of all ones or zero: every lane's bit set from it
        let word = match cond {
            Value::Inst(d) => self.cond_words.get(&d).copied(),
            _ => None,
        };
        if let Some(w) = word {
            let q = self.temp_pred(n)?;
            self.push(VInst::Setp { exec: pred_exec(n), dst: q, src: Src::scalar(w, 0).into() });
            return Ok((q, 0));
        }
        // broadcast a scalar condition: 0/1 in a word, compared in every lane
        let (p, lane) = self.pred_of(cond)?;
        let w = self.temp(VisaType::UW, 1)?;
        self.push(VInst::Alu {
            op: m::AluOp::Sel,
            pred: Some(Pred::on(p)),
            sat: false,
            exec: Exec::nm(1).at(lane / 4),
            dst: m::Dst::new(w, 0).into(),
            srcs: vec![Imm::UW(1).into(), Imm::UW(0).into()],
        });
        let q = self.temp_pred(n)?;
        self.push(VInst::Cmp {
            rel: m::CmpOp::Ne,
            exec: pred_exec(n),
            dst: m::CmpDst::Pred(q),
            src0: Src::scalar(w, 0).into(),
            src1: Imm::UW(0).into(),
        });
        Ok((q, 0))
    }

    // ---------------------------------------------------------------- instructions

    /// Logic on predicates.
    pub(crate) fn pred_logic(&mut self, id: InstId, op: BinOp, a: Value, b: Value, n: u32) -> R<()> {
        let (d, dl) = self.pred_dst(id)?;
        if dl != 0 && !n.is_power_of_two() {
            return Err(unsupported(format!("logic on a {n}-lane predicate slice")));
        }
        let exec = pred_exec(n).at(dl / 4);
        // xor with all-true is not
        let is_true =
            |s: &Self, v: Value| s.f().as_const(v).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1)));
        if op == BinOp::Xor && (is_true(self, a) || is_true(self, b)) {
            let x = if is_true(self, a) { b } else { a };
            let p = self.pred_at(x, dl)?;
            self.push(alu(m::AluOp::Not, exec, m::DstOp::Pred(d), vec![SrcOp::Pred(p)]));
            return Ok(());
        }
        let o = match op {
            BinOp::And | BinOp::Mul => m::AluOp::And,
            BinOp::Or => m::AluOp::Or,
            BinOp::Xor | BinOp::Add | BinOp::Sub => m::AluOp::Xor,
            other => return Err(unsupported(format!("{other:?} of i1 values").to_lowercase())),
        };
        let pa = self.pred_at(a, dl)?;
        let pb = self.pred_at(b, dl)?;
        self.push(alu(o, exec, m::DstOp::Pred(d), vec![SrcOp::Pred(pa), SrcOp::Pred(pb)]));
        Ok(())
    }

    /// A select of `i1` values into `d` on predicate `c` where a value is a constant (what LLVM
    /// makes of `a && b`: `select a, b, false`) or both are the same: one logic operation, a
    /// `not` or a move instead of the general four. Returns whether it was one of these.
    pub(crate) fn select_i1_with_constant(
        &mut self,
        d: m::PredId,
        c: m::PredId,
        on_true: Value,
        on_false: Value,
        n: u32,
    ) -> R<bool> {
        let exec = pred_exec(n);
        let splat = |s: &Self, v: Value| {
            let c = s.f().as_const(v)?;
            let first = c.elems.first().copied().flatten()?;
            c.elems.iter().all(|e| *e == Some(first)).then_some(first & 1 == 1)
        };
        let logic = |s: &mut Self, o, x, y| {
            s.push(alu(o, exec, m::DstOp::Pred(d), vec![SrcOp::Pred(x), SrcOp::Pred(y)]));
        };
        let not_c = |s: &mut Self| -> R<m::PredId> {
            let q = s.temp_pred(n)?;
            s.push(alu(m::AluOp::Not, exec, m::DstOp::Pred(q), vec![SrcOp::Pred(c)]));
            Ok(q)
        };
        match (splat(self, on_true), splat(self, on_false)) {
            (Some(true), Some(false)) => self.move_pred(d, c, n),
            (Some(false), Some(true)) => {
                self.push(alu(m::AluOp::Not, exec, m::DstOp::Pred(d), vec![SrcOp::Pred(c)]));
            }
            (Some(t), Some(_)) => {
                let bits = if t { u32::MAX >> (32 - n.min(32)) } else { 0 };
                self.push(VInst::Setp { exec, dst: d, src: Imm::UD(bits).into() });
            }
            // c | f, !c & f
            (Some(t), None) => {
                let f = self.pred_at0(on_false)?;
                if t {
                    logic(self, m::AluOp::Or, c, f);
                } else {
                    let q = not_c(self)?;
                    logic(self, m::AluOp::And, q, f);
                }
            }
            // c & t, !c | t
            (None, Some(f)) => {
                let t = self.pred_at0(on_true)?;
                if f {
                    let q = not_c(self)?;
                    logic(self, m::AluOp::Or, q, t);
                } else {
                    logic(self, m::AluOp::And, c, t);
                }
            }
            (None, None) if on_true == on_false => {
                let t = self.pred_at0(on_true)?;
                self.move_pred(d, t, n);
            }
            (None, None) => return Ok(false),
        }
        Ok(true)
    }

    /// Casts from and to i1.
    pub(crate) fn cast_i1(&mut self, id: InstId, op: CastOp, value: Value) -> R<()> {
        let n = self.f().insts[id].ty.num_elems();
        let to = self.f().insts[id].ty.elem().ok_or("void cast")?;
        let from = self.f().value_type(value).elem().ok_or("void cast")?;
        if from == Elem::I1 && to != Elem::I1 {
            self.check_64bit(to, "conversion")?;
            let ty = signed_type(to)?;
            let one = match (op, to) {
                (CastOp::SExt, _) => imm_of(u64::MAX, to, ty)?,
                (CastOp::SIToFP, Elem::Float) => Imm::F(-1.0),
                (CastOp::SIToFP, Elem::Half) => Imm::HF(0xbc00),
                (CastOp::SIToFP, Elem::Double) => Imm::DF(-1.0),
                (_, Elem::Float) => Imm::F(1.0),
                (_, Elem::Half) => Imm::HF(0x3c00),
                (_, Elem::Double) => Imm::DF(1.0),
                _ => imm_of(1, to, ty)?,
            };
            let zero = imm_of(0, to, ty)?;
            let (p, pl) = self.cond_pred(value, n)?;
            let (dst, wpred, lane) = self.dst_for(id, ty)?;
            if wpred.is_some() {
                return Err(unsupported("a masked write of a converted predicate"));
            }
            let exec = self.exec_of(n)?.at(lane / 4);
            // the predicate is read from the lane the result is written at
            let p = if pl == lane {
                p
            } else if lane == 0 && self.f().value_type(value).num_elems() == n {
                self.pred_at0(value)?
            } else {
                return Err(unsupported("a conversion of a predicate slice into another lane"));
            };
            self.push(VInst::Alu {
                op: m::AluOp::Sel,
                pred: Some(Pred::on(p)),
                sat: false,
                exec,
                dst,
                srcs: vec![one.into(), zero.into()],
            });
            return Ok(());
        }
        if to == Elem::I1 && op == CastOp::Trunc {
            self.check_64bit(from, "conversion")?;
            let ty = unsigned_type(from)?;
            let x = self.src(value, ty)?;
            let tmp = self.temp(ty, n)?;
            let exec = Exec::nm(n as u8);
            self.push(alu(
                m::AluOp::And,
                exec,
                m::Dst::new(tmp, 0).into(),
                vec![x, imm_of(1, from, ty)?.into()],
            ));
            let (p, lane) = self.pred_dst(id)?;
            let region = if n == 1 { m::Region::SCALAR } else { m::Region::CONTIG };
            // (the low bit clear where the selects reading it want the inverse)
            let rel = if self.trunc_inverted(id) { m::CmpOp::Eq } else { m::CmpOp::Ne };
            self.push(VInst::Cmp {
                rel,
                exec: exec.at(lane / 4),
                dst: m::CmpDst::Pred(p),
                src0: Src::region(tmp, 0, 0, region).into(),
                src1: imm_of(0, from, ty)?.into(),
            });
            return Ok(());
        }
        Err(unsupported(format!("{op:?} of i1 values").to_lowercase()))
    }
}

#[cfg(test)]
mod tests {
    use super::{lane_window, pow2_pieces};

    #[test]
    fn lane_windows_are_aligned_and_cover_the_slice() {
        // lane 2 of a 3-lane predicate: lanes 0-3
        assert_eq!(lane_window(2, 1), (0, 4));
        // lanes 10-11 of a 12-lane predicate: lanes 8-11 (M3, 4 lanes)
        assert_eq!(lane_window(10, 2), (8, 4));
        // lanes 6-9 cross a group of 8: lanes 0-15
        assert_eq!(lane_window(6, 4), (0, 16));
        // lanes 21-23: M5, 4 lanes would miss lane 24, 8 lanes at M5 cover them
        assert_eq!(lane_window(21, 4), (16, 16));
        for lane in 0..32 {
            for n in 1..=(32 - lane) {
                let (start, size) = lane_window(lane, n);
                assert!(start <= lane && lane + n <= start + size && start + size <= 32);
                assert!(size.is_power_of_two() && start % size.max(4) == 0);
            }
        }
    }

    #[test]
    fn pieces_are_powers_of_two_in_order() {
        assert_eq!(pow2_pieces(3), vec![(0, 2), (2, 1)]);
        assert_eq!(pow2_pieces(12), vec![(0, 8), (8, 4)]);
        assert_eq!(pow2_pieces(16), vec![(0, 16)]);
    }
}
