//! The SIMD control flow execution mask used as data: every use of an EM value (a goto's or join's
//! EM field, a phi of them, a slice of one) that is not one of the uses the hardware mask serves
//! directly is given instead the lanes that mask enables, as a plain `<N x i1>` value computed at a
//! point where the hardware execution mask is that EM. It is the counterpart of the `get.em`
//! lowering of Intel's SIMD CF conformance pass, done on the LLVM module before import.
//!
//! The value is built from instructions selection already takes, with no new GenX IR operation:
//! `%s = select <N x i1> %EM, <N x i16> 1, <N x i16> 0` (a select on EM, selected as a move of 0
//! to every lane and a move of 1 under the execution mask: only the enabled lanes write 1), then
//! `icmp ne %s, 0`, an ordinary predicate. An extension of EM to integers (`zext`/`sext`) where
//! that EM is the execution mask is that select itself, of the integer type (1 or -1 and 0), with
//! no predicate in between.
//!
//! Which uses are served by the hardware mask: the EM operand of a goto or join, a phi of masks, a
//! slice of EM (its own uses are examined), and the condition of a select, the mask of a wrregion
//! or the predicate (possibly ANDed with EM) of a message intrinsic, when that EM is the execution
//! mask at that point ("no interference"). Every other use (arithmetic, logic, casts, the goto
//! condition, a select placed where another EM is current) takes the computed value.
//!
//! Where the value is computed, for an EM value `v` used at instruction `u`:
//! - right before `u` when `v` is the execution mask there (a forward data flow over the blocks
//!   finds the EM current at each block entry: the kernel's all-ones mask, the EM after a goto or a
//!   join, or the EM phi that merges the different masks of the predecessors);
//! - otherwise at `v`'s home, which dominates `u`: the first instruction of the block of an EM phi
//!   (when that block has no join), the instruction after a join and its fields, the first
//!   instruction of a goto's fall-through block (reached from the goto only);
//! - for an EM phi feeding a join (the join block's phi of the masks arriving from each path), a
//!   phi of the values per edge: zero on an edge a goto takes because no lane is left in its EM
//!   (its branch condition is "EM is all zero"), the value computed at the end of the predecessor
//!   where its EM is current otherwise;
//! - a slice of EM becomes the same slice of the computed value.
//!
//! A use no rule places stays as it is, and the SIMD control flow analysis refuses it, located.

use super::super::raw::{Bb, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};
use std::collections::{HashMap, HashSet};

/// Which definition holds an execution mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Em {
    /// All lanes enabled: the mask a kernel starts with (an all-ones constant).
    AllOnes,
    /// Field 0 of this goto or join.
    Of(Val),
    /// This phi of execution masks.
    Phi(Val),
}

/// Which SIMD control flow intrinsic, or other call, an instruction is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Call {
    Goto,
    Join,
    WrRegion,
    /// A `llvm.genx.*` intrinsic other than the ones above (messages take EM as a predicate).
    OtherGenx,
    Other,
}

fn call_of(i: Val) -> Option<Call> {
    if i.opcode() != LLVMOpcode::LLVMCall {
        return None;
    }
    let callee = i.called_value();
    if callee.is_null() || !callee.is_function() {
        return Some(Call::Other);
    }
    let name = callee.name();
    Some(if name.starts_with("llvm.genx.simdcf.goto") {
        Call::Goto
    } else if name.starts_with("llvm.genx.simdcf.join") {
        Call::Join
    } else if name.starts_with("llvm.genx.wrregion") {
        Call::WrRegion
    } else if name.starts_with("llvm.genx.") {
        Call::OtherGenx
    } else {
        Call::Other
    })
}

/// The operand of message intrinsic call `i` that is its per-lane predicate, which may be EM.
fn message_predicate_of(i: Val) -> Option<u32> {
    if call_of(i) != Some(Call::OtherGenx) {
        return None;
    }
    let id = crate::intrinsics::lookup(&i.called_value().name())?;
    let k = crate::simdcf::message_predicate(id)? as u32;
    (k < i.num_call_args()).then_some(k)
}

/// Whether `v` is a constant vector of i1 with every element true.
fn is_all_ones(v: Val) -> bool {
    v.is_constant()
        && v.const_vector_elems()
            .is_some_and(|e| !e.is_empty() && e.iter().all(|x| x.const_int().is_some_and(|c| c != 0)))
}

/// The execution masks of one function and where each is current.
struct Masks {
    /// EM values with their definition: goto/join field 0 extracts and EM phis.
    key: HashMap<Val, Em>,
    /// Slices of EM values (shufflevector, rdregion, rdpredregion of one): the value they slice.
    slice_of: HashMap<Val, Val>,
    /// The block of each instruction.
    block: HashMap<Val, Bb>,
    /// Predecessors of each block.
    preds: HashMap<Bb, Vec<Bb>>,
    /// The EM current at each block's entry (absent: unknown).
    em_in: HashMap<Bb, Em>,
    /// The EM current at each block's end.
    em_out: HashMap<Bb, Em>,
    /// The join starting each block that has one.
    join_at: HashMap<Bb, Val>,
    /// The goto ending each block that has one.
    goto_at: HashMap<Bb, Val>,
    /// Blocks entered only through edges a goto takes because no lane is left in its EM (or from
    /// such blocks with no goto or join): their execution mask is empty, and the hardware skips
    /// them.
    empty_in: HashSet<Bb>,
    /// Dominators of each block.
    dom: HashMap<Bb, HashSet<Bb>>,
    /// The values already computed at a home, per EM value.
    home: HashMap<Val, Val>,
}

impl Masks {
    fn analyze(f: Val) -> Masks {
        let blocks = f.blocks();
        let mut m = Masks {
            key: HashMap::new(),
            slice_of: HashMap::new(),
            block: HashMap::new(),
            preds: HashMap::new(),
            em_in: HashMap::new(),
            em_out: HashMap::new(),
            join_at: HashMap::new(),
            goto_at: HashMap::new(),
            empty_in: HashSet::new(),
            dom: HashMap::new(),
            home: HashMap::new(),
        };
        let mut all = Vec::new();
        for &b in &blocks {
            for i in b.instructions() {
                m.block.insert(i, b);
                all.push(i);
                match call_of(i) {
                    Some(Call::Goto) => {
                        m.goto_at.insert(b, i);
                    }
                    Some(Call::Join) => {
                        m.join_at.entry(b).or_insert(i);
                    }
                    _ => {}
                }
                if i.opcode() == LLVMOpcode::LLVMExtractValue && i.aggregate_indices() == [0] {
                    let a = i.operand(0);
                    if a.is_instruction() && matches!(call_of(a), Some(Call::Goto | Call::Join)) {
                        m.key.insert(i, Em::Of(a));
                    }
                }
            }
            if let Some(t) = b.terminator() {
                for s in t.successors() {
                    m.preds.entry(s).or_default().push(b);
                }
            }
        }
        // phis of EM values, and slices of them, to a fixed point
        loop {
            let before = m.key.len() + m.slice_of.len();
            for &i in &all {
                if m.key.contains_key(&i) || m.slice_of.contains_key(&i) {
                    continue;
                }
                if i.opcode() == LLVMOpcode::LLVMPHI
                    && i.phi_incoming().iter().any(|(v, _)| m.key.contains_key(v))
                {
                    m.key.insert(i, Em::Phi(i));
                } else if m.is_slice_shape(i) {
                    m.slice_of.insert(i, i.operand(0));
                }
            }
            if m.key.len() + m.slice_of.len() == before {
                break;
            }
        }
        m.flow(&blocks);
        m.empty_blocks(&blocks);
        m.dominators(&blocks);
        m
    }

    /// Finds the blocks whose execution mask is empty on entry (see `empty_in`).
    fn empty_blocks(&mut self, blocks: &[Bb]) {
        loop {
            let mut changed = false;
            for &b in blocks.iter().skip(1) {
                if self.empty_in.contains(&b) {
                    continue;
                }
                let Some(preds) = self.preds.get(&b) else { continue };
                let empty = preds.iter().all(|&p| match self.goto_at.get(&p) {
                    Some(&g) => taken_edge(p, g, b),
                    None => !self.join_at.contains_key(&p) && self.empty_in.contains(&p),
                });
                if empty {
                    self.empty_in.insert(b);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Whether block `h` may be entered with no lane enabled (through an edge a goto takes when no
    /// lane is left, or from a block entered so): the hardware skips it then, and a value computed
    /// there is not one every later use can read.
    fn may_enter_empty(&self, h: Bb) -> bool {
        self.preds.get(&h).into_iter().flatten().any(|&p| {
            self.empty_in.contains(&p) || self.goto_at.get(&p).is_some_and(|&g| taken_edge(p, g, h))
        })
    }

    /// Whether the execution mask right before `u` is known to be empty.
    fn empty_before(&self, u: Val) -> bool {
        let Some(&b) = self.block.get(&u) else { return false };
        self.empty_in.contains(&b)
            && !self
                .join_at
                .get(&b)
                .is_some_and(|&j| b.instructions().into_iter().take_while(|&i| i != u).any(|i| i == j))
    }

    /// Whether `i` reads a slice of an EM value: a shufflevector of i1 or a region read of one.
    fn is_slice_shape(&self, i: Val) -> bool {
        if i.num_operands() == 0 || !self.is_em(i.operand(0)) {
            return false;
        }
        match i.opcode() {
            LLVMOpcode::LLVMShuffleVector => true,
            LLVMOpcode::LLVMCall => {
                i.called_value().is_function() && {
                    let n = i.called_value().name();
                    n.starts_with("llvm.genx.rdregion") || n.starts_with("llvm.genx.rdpredregion")
                }
            }
            _ => false,
        }
    }

    /// Whether `v` is an EM value or a slice of one.
    fn is_em(&self, v: Val) -> bool {
        self.key.contains_key(&v) || self.slice_of.contains_key(&v)
    }

    /// The definition `v` holds as an execution mask, if it is one (or the all-ones constant).
    fn key_of(&self, v: Val) -> Option<Em> {
        if is_all_ones(v) {
            return Some(Em::AllOnes);
        }
        self.key.get(&v).copied()
    }

    /// The forward data flow of the current EM over the blocks.
    fn flow(&mut self, blocks: &[Bb]) {
        let Some(&entry) = blocks.first() else { return };
        for _ in 0..blocks.len() * 4 + 4 {
            let mut changed = false;
            for &b in blocks {
                let inn = if b == entry { Some(Em::AllOnes) } else { self.merge_preds(b) };
                let out = if let Some(&g) = self.goto_at.get(&b) {
                    Some(Em::Of(g))
                } else if let Some(&j) = self.join_at.get(&b) {
                    Some(Em::Of(j))
                } else {
                    inn
                };
                changed |= set(&mut self.em_in, b, inn) | set(&mut self.em_out, b, out);
            }
            if !changed {
                break;
            }
        }
    }

    /// The EM at entry to `b`: the one every known predecessor ends with, or the EM phi of `b`
    /// that merges them.
    fn merge_preds(&self, b: Bb) -> Option<Em> {
        let preds = self.preds.get(&b)?;
        let outs: Vec<(Bb, Em)> = preds.iter().filter_map(|p| Some((*p, *self.em_out.get(p)?))).collect();
        let (_, first) = *outs.first()?;
        if outs.iter().all(|(_, e)| *e == first) {
            return Some(first);
        }
        b.instructions().into_iter().take_while(|i| i.opcode() == LLVMOpcode::LLVMPHI).find_map(|phi| {
            let inc = phi.phi_incoming();
            let fits =
                outs.iter().all(|(p, e)| inc.iter().any(|(v, ib)| ib == p && self.key_of(*v) == Some(*e)));
            (fits && self.key.contains_key(&phi)).then_some(Em::Phi(phi))
        })
    }

    /// Dominator sets of the blocks (iterative; functions here are small).
    fn dominators(&mut self, blocks: &[Bb]) {
        let Some(&entry) = blocks.first() else { return };
        let all: HashSet<Bb> = blocks.iter().copied().collect();
        for &b in blocks {
            self.dom.insert(b, if b == entry { HashSet::from([b]) } else { all.clone() });
        }
        loop {
            let mut changed = false;
            for &b in blocks.iter().skip(1) {
                let mut d: Option<HashSet<Bb>> = None;
                for p in self.preds.get(&b).into_iter().flatten() {
                    let pd = &self.dom[p];
                    d = Some(match d {
                        None => pd.clone(),
                        Some(x) => x.intersection(pd).copied().collect(),
                    });
                }
                let mut d = d.unwrap_or_default();
                d.insert(b);
                if d != self.dom[&b] {
                    self.dom.insert(b, d);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Whether block `a` dominates block `b`.
    fn dominates(&self, a: Bb, b: Bb) -> bool {
        self.dom.get(&b).is_some_and(|d| d.contains(&a))
    }

    /// The EM current right before instruction `u` (not a phi).
    fn current_before(&self, u: Val) -> Option<Em> {
        let b = *self.block.get(&u)?;
        if let Some(&j) = self.join_at.get(&b) {
            if b.instructions().into_iter().take_while(|&i| i != u).any(|i| i == j) {
                return Some(Em::Of(j));
            }
        }
        self.em_in.get(&b).copied()
    }

    /// The EM value under slices.
    fn base_of(&self, mut v: Val) -> Val {
        while let Some(&s) = self.slice_of.get(&v) {
            v = s;
        }
        v
    }

    /// Whether the use of EM value `v` as operand `k` of `u` is one the hardware mask serves.
    fn served_by_mask(&self, v: Val, u: Val, k: u32) -> bool {
        let current = || self.current_before(u) == self.key_of(self.base_of(v));
        match u.opcode() {
            LLVMOpcode::LLVMPHI => self.key.contains_key(&u),
            _ if self.slice_of.get(&u) == Some(&v) && k == 0 => true,
            LLVMOpcode::LLVMSelect => k == 0 && u.operand(1) != v && u.operand(2) != v && current(),
            LLVMOpcode::LLVMAnd => {
                // a predicate ANDed with EM that only messages read
                let users = u.users();
                users.len() == 1
                    && message_predicate_of(users[0]).is_some_and(|p| users[0].operand(p) == u)
                    && u.next_instruction() == users[0]
                    && u.operand(0) != u.operand(1)
                    && current()
            }
            LLVMOpcode::LLVMCall => match call_of(u) {
                Some(Call::Goto | Call::Join) => k == 0,
                Some(Call::WrRegion) => k + 1 == u.num_call_args() && current(),
                Some(Call::OtherGenx) => message_predicate_of(u) == Some(k) && current(),
                _ => false,
            },
            _ => false,
        }
    }

    /// The lanes EM value `v` enables, as data, for use at instruction `u` (not a phi); `None` when
    /// no point that dominates `u` has `v` as its execution mask.
    fn lowered(&mut self, v: Val, u: Val) -> Option<Val> {
        if v.is_constant() {
            return Some(v);
        }
        if let Some(&base) = self.slice_of.get(&v) {
            let low = self.lowered(base, u)?;
            // SAFETY: `v` is an instruction of a live function; the clone goes before `u`.
            return Some(unsafe {
                let c = LLVMInstructionClone(v.0);
                LLVMSetOperand(c, 0, low.0);
                insert_before(c, u);
                Val(c)
            });
        }
        let key = self.key_of(v)?;
        if self.current_before(u) == Some(key) {
            if self.empty_before(u) {
                return Some(zero_of(v));
            }
            return get_em(v, u);
        }
        if let Some(&h) = self.home.get(&v) {
            return self.dominates_inst(h, u).then_some(h);
        }
        let ub = *self.block.get(&u)?;
        let low = match key {
            Em::AllOnes => return Some(v),
            Em::Phi(phi) => {
                let h = *self.block.get(&phi)?;
                if self.join_at.contains_key(&h) {
                    self.edge_phi(phi, h)?
                } else if self.em_in.get(&h) == Some(&key) && !self.may_enter_empty(h) {
                    get_em(v, first_non_phi(h)?)?
                } else {
                    return None;
                }
            }
            Em::Of(x) if call_of(x) == Some(Call::Join) => {
                let mut at = x.next_instruction();
                while !at.is_null() && at.opcode() == LLVMOpcode::LLVMExtractValue && at.operand(0) == x {
                    at = at.next_instruction();
                }
                if at.is_null() {
                    return None;
                }
                get_em(v, at)?
            }
            Em::Of(g) => {
                let gb = *self.block.get(&g)?;
                let t = gb.terminator()?;
                if t.opcode() != LLVMOpcode::LLVMBr || !t.is_conditional() {
                    return None;
                }
                let fall = t.successors()[1];
                let single = self.preds.get(&fall).is_some_and(|p| p == &[gb]);
                if !single || self.em_in.get(&fall) != Some(&key) || self.join_at.contains_key(&fall) {
                    return None;
                }
                if !self.dominates(fall, ub) {
                    return None;
                }
                get_em(v, first_non_phi(fall)?)?
            }
        };
        self.home.insert(v, low);
        self.dominates_inst(low, u).then_some(low)
    }

    /// Whether instruction `d` (a computed value) dominates instruction `u`.
    fn dominates_inst(&self, d: Val, u: Val) -> bool {
        // SAFETY: instructions of a live function.
        let (db, ub) = unsafe { (Bb(LLVMGetInstructionParent(d.0)), Bb(LLVMGetInstructionParent(u.0))) };
        if db != ub {
            return self.dominates(db, ub);
        }
        let mut i = d;
        while !i.is_null() {
            if i == u {
                return true;
            }
            i = i.next_instruction();
        }
        false
    }

    /// For EM phi `phi` of the join block `h`: a phi of the lanes each incoming EM enables on its
    /// edge.
    fn edge_phi(&mut self, phi: Val, h: Bb) -> Option<Val> {
        let mut values = Vec::new();
        let mut blocks = Vec::new();
        for (w, p) in phi.phi_incoming() {
            values.push(self.lowered_on_edge(w, p, h)?.0);
            blocks.push(p.0);
        }
        // SAFETY: `h` is a block of a live function whose first instruction is a phi.
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(phi.0));
            let builder = LLVMCreateBuilderInContext(ctx);
            LLVMPositionBuilderBefore(builder, phi.0);
            let name = std::ffi::CString::new(format!("{}.lanes", phi.name())).unwrap_or_default();
            let low = LLVMBuildPhi(builder, LLVMTypeOf(phi.0), name.as_ptr());
            LLVMAddIncoming(low, values.as_mut_ptr(), blocks.as_mut_ptr(), values.len() as u32);
            LLVMDisposeBuilder(builder);
            Some(Val(low))
        }
    }

    /// The lanes EM value `w` enables on the edge from `p` to `h`.
    fn lowered_on_edge(&mut self, w: Val, p: Bb, h: Bb) -> Option<Val> {
        if w.is_constant() {
            return Some(w);
        }
        let key = self.key_of(w)?;
        let t = p.terminator()?;
        if let Some(&g) = self.goto_at.get(&p) {
            return (key == Em::Of(g) && taken_edge(p, g, h)).then(|| zero_of(w));
        }
        if self.em_out.get(&p) != Some(&key) {
            return None;
        }
        if self.empty_in.contains(&p) && !self.join_at.contains_key(&p) {
            return Some(zero_of(w));
        }
        get_em(w, t)
    }
}

/// In blocks whose execution mask is empty (which the hardware skips), what runs under that mask
/// does nothing: a select on it is its false value, a wrregion under it its old value, a message
/// it predicates (with no result) is removed. Nothing there then reads the mask, and the code moves
/// below the join like any other.
fn fold_empty_blocks(m: &mut Masks, f: Val) {
    for b in f.blocks() {
        if !m.empty_in.contains(&b) {
            continue;
        }
        for u in b.instructions() {
            if !m.empty_before(u) {
                break;
            }
            let current = m.current_before(u);
            let is_current = |v: Val| m.is_em(v) && m.key_of(m.base_of(v)) == current;
            let replacement = match u.opcode() {
                LLVMOpcode::LLVMSelect if is_current(u.operand(0)) => Some(Some(u.operand(2))),
                LLVMOpcode::LLVMCall => match call_of(u) {
                    Some(Call::WrRegion)
                        if u.num_call_args() > 0 && is_current(u.operand(u.num_call_args() - 1)) =>
                    {
                        Some(Some(u.operand(0)))
                    }
                    Some(Call::OtherGenx)
                        if u.users().is_empty()
                            && (0..u.num_call_args()).any(|k| is_current(u.operand(k))) =>
                    {
                        Some(None)
                    }
                    _ => None,
                },
                _ => None,
            };
            let Some(with) = replacement else { continue };
            // SAFETY: `u` is a live instruction, erased once; `with` has its type.
            unsafe {
                if let Some(w) = with {
                    LLVMReplaceAllUsesWith(u.0, w.0);
                }
                LLVMInstructionEraseFromParent(u.0);
            }
            m.block.remove(&u);
        }
    }
}

/// Whether the edge from `p` (ending in goto `g`) to `h` is the one the goto takes when no lane is
/// left in its EM: the true successor of a branch on the goto's branch condition.
fn taken_edge(p: Bb, g: Val, h: Bb) -> bool {
    let Some(t) = p.terminator() else { return false };
    if t.opcode() != LLVMOpcode::LLVMBr || !t.is_conditional() {
        return false;
    }
    let succ = t.successors();
    let c = t.operand(0);
    succ[0] == h
        && succ[1] != h
        && c.is_instruction()
        && c.opcode() == LLVMOpcode::LLVMExtractValue
        && c.operand(0) == g
        && c.aggregate_indices() == [2]
}

/// The all-false value of `v`'s type.
fn zero_of(v: Val) -> Val {
    // SAFETY: a value of a live module.
    Val(unsafe { LLVMConstNull(LLVMTypeOf(v.0)) })
}

/// Sets `map[b]` to `v` (removes it for `None`); whether it changed.
fn set(map: &mut HashMap<Bb, Em>, b: Bb, v: Option<Em>) -> bool {
    match v {
        Some(e) => map.insert(b, e) != Some(e),
        None => map.remove(&b).is_some(),
    }
}

fn first_non_phi(b: Bb) -> Option<Val> {
    b.instructions().into_iter().find(|i| i.opcode() != LLVMOpcode::LLVMPHI)
}

/// Inserts the detached instruction `i` before `at`.
///
/// # Safety
/// `i` is not in a block; `at` is an instruction of a live function of the same context.
unsafe fn insert_before(i: LLVMValueRef, at: Val) {
    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(at.0)));
    LLVMPositionBuilderBefore(builder, at.0);
    LLVMInsertIntoBuilder(builder, i);
    LLVMDisposeBuilder(builder);
}

/// Builds, before `at`, the lanes the hardware execution mask `em` enables there as a predicate:
/// a select on EM of 1 and 0 (a move of 0 to every lane, then of 1 under the mask), compared with 0.
fn get_em(em: Val, at: Val) -> Option<Val> {
    if em.ty().kind() != LLVMTypeKind::LLVMVectorTypeKind {
        return None;
    }
    // SAFETY: `em` is a `<N x i1>` value available at `at`, an instruction of a live function.
    unsafe {
        let ty = LLVMTypeOf(em.0);
        let ctx = LLVMGetTypeContext(ty);
        let n = LLVMGetVectorSize(ty);
        let wide = LLVMVectorType(LLVMInt16TypeInContext(ctx), n);
        let one = LLVMConstInt(LLVMInt16TypeInContext(ctx), 1, 0);
        let mut ones = vec![one; n as usize];
        let ones = LLVMConstVector(ones.as_mut_ptr(), n);
        let zero = LLVMConstNull(wide);
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, at.0);
        let sel = LLVMBuildSelect(builder, em.0, ones, zero, c"em.lanes".as_ptr());
        let lanes = LLVMBuildICmp(builder, LLVMIntPredicate::LLVMIntNE, sel, zero, c"em.value".as_ptr());
        LLVMDisposeBuilder(builder);
        Some(Val(lanes))
    }
}

/// Rewrites each `zext` or `sext` of an EM value (or a slice of one) to integers, where that EM
/// is the execution mask, into the select on EM of 1 (or -1) and 0 of the integer type: a move of 0
/// to every lane and one of 1 under the mask, straight into the integers, where the lanes as a
/// predicate would take the same two moves into words, a compare and a predicated select more.
fn extend_by_select(m: &mut Masks) {
    let ems: Vec<Val> = m.key.keys().chain(m.slice_of.keys()).copied().collect();
    for v in ems {
        for u in v.users() {
            let signed = match u.opcode() {
                LLVMOpcode::LLVMZExt => false,
                LLVMOpcode::LLVMSExt => true,
                _ => continue,
            };
            let Some(&b) = m.block.get(&u) else { continue };
            let Some(key) = m.key_of(m.base_of(v)) else { continue };
            if u.ty().kind() != LLVMTypeKind::LLVMVectorTypeKind
                || m.current_before(u) != Some(key)
                || m.empty_before(u)
            {
                continue;
            }
            // SAFETY: `u` is a live `<N x i1> -> <N x iK>` extension of `v`; the select has its
            // type and replaces it before it is erased.
            unsafe {
                let ty = LLVMTypeOf(u.0);
                let n = LLVMGetVectorSize(ty);
                let elem = LLVMGetElementType(ty);
                let one = LLVMConstInt(elem, if signed { u64::MAX } else { 1 }, signed as i32);
                let mut ones = vec![one; n as usize];
                let ones = LLVMConstVector(ones.as_mut_ptr(), n);
                let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(ty));
                LLVMPositionBuilderBefore(builder, u.0);
                let sel = LLVMBuildSelect(builder, v.0, ones, LLVMConstNull(ty), c"em.ext".as_ptr());
                LLVMDisposeBuilder(builder);
                LLVMReplaceAllUsesWith(u.0, sel);
                LLVMInstructionEraseFromParent(u.0);
                m.block.remove(&u);
                m.block.insert(Val(sel), b);
            }
        }
    }
}

/// Whether `c` is a vector compare one vISA `cmp` computes under the execution mask (the shape
/// `crate::bale::maskable_compare` takes): of 8- to 32-bit integers or half/single floats, with a
/// relation that needs no negation.
fn masked_compare_shape(c: Val) -> bool {
    use inkwell::llvm_sys::LLVMRealPredicate::*;
    if !c.is_instruction() || c.num_operands() != 2 {
        return false;
    }
    let relation = match c.opcode() {
        LLVMOpcode::LLVMICmp => true,
        // SAFETY: an fcmp instruction of a live function.
        LLVMOpcode::LLVMFCmp => matches!(
            unsafe { LLVMGetFCmpPredicate(c.0) },
            LLVMRealOEQ | LLVMRealUNE | LLVMRealOGT | LLVMRealOGE | LLVMRealOLT | LLVMRealOLE
        ),
        _ => false,
    };
    let t = c.operand(0).ty();
    if !relation || t.kind() != LLVMTypeKind::LLVMVectorTypeKind {
        return false;
    }
    // SAFETY: a vector type of a live module.
    let (n, elem) = unsafe { (LLVMGetVectorSize(t.0), LLVMGetElementType(t.0)) };
    // SAFETY: a scalar type of a live module.
    let fits = unsafe {
        match LLVMGetTypeKind(elem) {
            LLVMTypeKind::LLVMIntegerTypeKind => matches!(LLVMGetIntTypeWidth(elem), 8 | 16 | 32),
            LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMFloatTypeKind => true,
            _ => false,
        }
    };
    fits && (2..=32).contains(&n)
}

/// Rewrites each `and` of a vector compare with an EM value, where that EM is the execution mask
/// and its first lane is the mask's first (not the message predicate the hardware mask serves
/// with no rewrite), into `select EM, compare, false` with the compare (a copy when it has other
/// users) right before it: the compare runs under the execution mask into a predicate cleared
/// first, two instructions where the lanes as data and the `and` take five.
fn and_by_masked_compare(m: &mut Masks) {
    let ems: Vec<Val> = m.key.keys().chain(m.slice_of.keys()).copied().collect();
    for v in ems {
        for u in v.users() {
            if u.opcode() != LLVMOpcode::LLVMAnd || !u.is_instruction() || u.operand(0) == u.operand(1) {
                continue;
            }
            let k = if u.operand(0) == v { 0 } else { 1 };
            let c = u.operand(1 - k);
            let Some(&b) = m.block.get(&u) else { continue };
            let Some(key) = m.key_of(m.base_of(v)) else { continue };
            if !masked_compare_shape(c)
                || m.served_by_mask(v, u, k)
                || m.current_before(u) != Some(key)
                || m.empty_before(u)
                || !first_lanes(m, v)
            {
                continue;
            }
            // SAFETY: `u` is a live `and` of `v` and the compare `c`, both available before `u`;
            // the copy of `c` reads the same operands, and the select has `u`'s type and replaces
            // it before it is erased.
            unsafe {
                let cmp = if c.users().len() == 1 && m.block.get(&c) == Some(&b) {
                    LLVMInstructionRemoveFromParent(c.0);
                    c.0
                } else {
                    LLVMInstructionClone(c.0)
                };
                insert_before(cmp, u);
                m.block.insert(Val(cmp), b);
                let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(u.0)));
                LLVMPositionBuilderBefore(builder, u.0);
                let sel =
                    LLVMBuildSelect(builder, v.0, cmp, LLVMConstNull(LLVMTypeOf(u.0)), c"em.cmp".as_ptr());
                LLVMDisposeBuilder(builder);
                LLVMReplaceAllUsesWith(u.0, sel);
                LLVMInstructionEraseFromParent(u.0);
                m.block.remove(&u);
                m.block.insert(Val(sel), b);
            }
        }
    }
}

/// Whether EM value `v` starts at the execution mask's first lane: an EM, or slices of one that
/// each start at its lane 0.
fn first_lanes(m: &Masks, mut v: Val) -> bool {
    while let Some(&s) = m.slice_of.get(&v) {
        if v.opcode() != LLVMOpcode::LLVMShuffleVector {
            return false;
        }
        if v.shuffle_mask().iter().enumerate().any(|(i, e)| *e != Some(i as u32)) {
            return false;
        }
        v = s;
    }
    true
}

/// Gives every use of an execution mask as data in function `f` the lanes that mask enables (see
/// the module documentation).
pub fn lower_em_as_data(f: Val) {
    let mut m = Masks::analyze(f);
    fold_empty_blocks(&mut m, f);
    extend_by_select(&mut m);
    and_by_masked_compare(&mut m);
    let ems: Vec<Val> = m.key.keys().chain(m.slice_of.keys()).copied().collect();
    let mut uses: Vec<(Val, Val, u32)> = Vec::new();
    for v in ems {
        for u in v.users() {
            if !u.is_instruction() {
                continue;
            }
            for k in 0..u.num_operands() {
                if u.operand(k) == v && !m.served_by_mask(v, u, k) {
                    uses.push((v, u, k));
                }
            }
        }
    }
    uses.sort();
    uses.dedup();
    for (v, u, k) in uses {
        if u.opcode() == LLVMOpcode::LLVMPHI {
            continue;
        }
        if let Some(low) = m.lowered(v, u) {
            // SAFETY: `u` is a live instruction with operand `k`; `low` has `v`'s type.
            unsafe { LLVMSetOperand(u.0, k, low.0) };
        }
    }
    // slices no use reads any more
    let slices: Vec<Val> = m.slice_of.keys().copied().collect();
    let mut dead = true;
    while dead {
        dead = false;
        for &s in &slices {
            // SAFETY: `s` is a live instruction until erased here, once.
            if m.block.contains_key(&s) && s.users().is_empty() {
                unsafe { LLVMInstructionEraseFromParent(s.0) };
                m.block.remove(&s);
                dead = true;
            }
        }
    }
}
