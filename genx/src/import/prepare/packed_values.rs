//! Vectors rebuilt from their own lanes. Packing values into one vector (a subroutine's packed
//! struct argument, [`super::aggregates`]) right after unpacking them from one (the packed result
//! of the call before) rebuilds that vector lane by lane; and a loop carrying the unpacked parts in
//! phis packs them again on every trip. Both keep the vector whole instead:
//!
//! - an `insertelement`/`shufflevector` chain each lane of which is the same lane of one vector of
//!   its type ([`lane_source`] follows the chain through `extractelement`s and shuffles) is that
//!   vector;
//! - a chain whose lanes all come from phis of its own block, read by nothing else, becomes one
//!   phi of the whole vector: on each incoming edge the vector those phis' incoming values are the
//!   lanes of, or a copy of the chain at the end of the predecessor, on those values.
//!
//! Lane reads whose readers are all in the one block their block alone enters are moved there.
//! Functions with SIMD control flow are left as they are. The copies this saves are whole-vector
//! moves into the packed argument's variable on every call (Intel's compiler keeps such a struct
//! in the subroutine's argument registers throughout).

use super::super::raw::{Bb, Val};
use super::builder::Builder;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMOpcode;
use std::collections::HashMap;

/// Most steps followed back from one lane.
const MAX_STEPS: u32 = 64;

/// Where lane `lane` of `v` comes from (a scalar `v` has lane 0): `Some(None)` for an undefined
/// lane, `Some(Some((w, k)))` for lane `k` of `w`, a value that is neither an `insertelement`,
/// a `shufflevector` nor an `extractelement` at a constant lane; `None` when it cannot tell.
fn lane_source(v: Val, lane: u32) -> Option<Option<(Val, u32)>> {
    let (mut v, mut lane) = (v, lane);
    for _ in 0..MAX_STEPS {
        if v.is_undef() {
            return Some(None);
        }
        if !v.is_instruction() {
            return Some(Some((v, lane)));
        }
        match v.opcode() {
            LLVMOpcode::LLVMExtractElement => {
                lane = u32::try_from(v.operand(1).const_int()?).ok()?;
                v = v.operand(0);
            }
            LLVMOpcode::LLVMInsertElement => {
                if v.operand(2).const_int()? == i64::from(lane) {
                    (v, lane) = (v.operand(1), 0);
                } else {
                    v = v.operand(0);
                }
            }
            LLVMOpcode::LLVMShuffleVector => {
                let n = v.operand(0).ty().vector_size();
                match *v.shuffle_mask().get(lane as usize)? {
                    None => return Some(None),
                    Some(m) if m < n => (v, lane) = (v.operand(0), m),
                    Some(m) => (v, lane) = (v.operand(1), m - n),
                }
            }
            _ => return Some(Some((v, lane))),
        }
    }
    None
}

/// Whether `v` is an `insertelement` or a `shufflevector`.
fn is_lane_write(v: Val) -> bool {
    v.is_instruction() && matches!(v.opcode(), LLVMOpcode::LLVMInsertElement | LLVMOpcode::LLVMShuffleVector)
}

/// The one vector of `v`'s type whose lane `i` each lane `i` of `v` is, given the source of each
/// lane (`None` an undefined lane); `None` when there is no such vector.
fn whole_vector(v: Val, sources: &[Option<(Val, u32)>]) -> Option<Val> {
    let mut whole = None;
    for (i, s) in sources.iter().enumerate() {
        let Some((w, k)) = *s else { continue };
        if k as usize != i || w.ty() != v.ty() || whole.is_some_and(|x: Val| x != w) {
            return None;
        }
        whole = Some(w);
    }
    whole.filter(|&w| w != v)
}

/// The lane sources of `v` (a vector), `None` when one cannot be told.
fn sources(v: Val) -> Option<Vec<Option<(Val, u32)>>> {
    (0..v.ty().vector_size()).map(|i| lane_source(v, i)).collect()
}

/// Erases `v` and then every chain link or phi it read that nothing else reads.
fn erase_unused(v: Val) {
    let mut stack = vec![v];
    let mut erased = std::collections::HashSet::new();
    while let Some(x) = stack.pop() {
        if erased.contains(&x) || !x.is_instruction() || x.has_users() {
            continue;
        }
        let mut ops: Vec<Val> =
            x.operands().into_iter().filter(|o| is_lane_write(*o) || is_phi(*o)).collect();
        ops.sort();
        ops.dedup();
        // SAFETY: an instruction without users (an operand read twice is pushed once; an erased
        // value is never looked at again).
        unsafe { LLVMInstructionEraseFromParent(x.0) };
        erased.insert(x);
        stack.extend(ops);
    }
}

/// Whether `v` is a phi.
fn is_phi(v: Val) -> bool {
    v.is_instruction() && v.opcode() == LLVMOpcode::LLVMPHI
}

/// The block of instruction `v`.
fn block_of(v: Val) -> Bb {
    // SAFETY: a live instruction.
    Bb(unsafe { LLVMGetInstructionParent(v.0) })
}

/// The instructions of the chain ending at `v` (lane writes reached through lane-write
/// operands), `v` first.
fn chain(v: Val) -> Vec<Val> {
    let mut out = vec![v];
    let mut k = 0;
    while k < out.len() {
        let x = out[k];
        let n = if x.opcode() == LLVMOpcode::LLVMInsertElement { 2 } else { 2.min(x.num_operands()) };
        for o in (0..n).map(|j| x.operand(j)) {
            if is_lane_write(o) && !out.contains(&o) {
                out.push(o);
            }
        }
        k += 1;
    }
    out
}

/// Makes `v` (the head of a lane-write chain in block `bb`, whose lane sources are phis of `bb`
/// read only by the chain) one phi of its type; whether it did.
fn repack_phis(b: &Builder, v: Val, srcs: &[Option<(Val, u32)>]) -> bool {
    let bb = block_of(v);
    // the chain's links, `v` first and each before the links it reads (reversed block order)
    let links = {
        let c = chain(v);
        let mut ordered: Vec<Val> = bb.instructions().into_iter().filter(|i| c.contains(i)).collect();
        if ordered.len() != c.len() {
            return false;
        }
        ordered.reverse();
        ordered
    };
    let phis: Vec<Val> = {
        let mut p: Vec<Val> = srcs.iter().flatten().map(|&(w, _)| w).collect();
        p.sort();
        p.dedup();
        p
    };
    if phis.is_empty()
        || !phis
            .iter()
            .all(|&p| is_phi(p) && block_of(p) == bb && p.users().iter().all(|u| links.contains(u)))
        || links.iter().any(|&l| block_of(l) != bb)
        || links[1..].iter().any(|&l| l.users().iter().any(|u| !links.contains(u)))
    {
        return false;
    }
    // every operand of the chain other than its links and the phis: a constant or defined
    // outside `bb` before it (so it is available at the end of every predecessor)
    let outside_ok = links.iter().all(|&l| {
        l.operands().into_iter().all(|o| {
            links.contains(&o) || phis.contains(&o) || !o.is_instruction() || block_of(o) != bb && !is_phi(o)
        })
    });
    if !outside_ok {
        return false;
    }
    let mut preds: Vec<Bb> = phis[0].phi_incoming().into_iter().map(|(_, from)| from).collect();
    let edges = preds.clone();
    preds.sort_by_key(|p| p.0);
    preds.dedup();
    // per edge: the phis' incoming values, and the vector they are the lanes of if any
    let mut plans: Vec<(Bb, HashMap<Val, Val>, Option<Val>)> = Vec::new();
    for &from in &preds {
        let mut map: HashMap<Val, Val> = HashMap::new();
        for &p in &phis {
            let x = p.phi_incoming().into_iter().find(|&(_, f)| f == from).map(|(x, _)| x);
            map.insert(
                p,
                match x {
                    Some(x) => x,
                    None => return false,
                },
            );
        }
        let lanes: Option<Vec<Option<(Val, u32)>>> = srcs
            .iter()
            .map(|s| match *s {
                None => Some(None),
                Some((p, k)) => lane_source(map[&p], k),
            })
            .collect();
        let whole = lanes.as_deref().and_then(|l| whole_vector(v, l));
        // (the chain is rebuilt at the end of a predecessor other than `bb` itself, whose new
        // links this walk would visit again)
        if whole.is_none() && (from == bb || from.terminator().is_none()) {
            return false;
        }
        plans.push((from, map, whole));
    }
    let mut incoming: Vec<(Val, Bb)> = Vec::new();
    for (from, mut map, whole) in plans {
        if let Some(w) = whole {
            incoming.push((w, from));
            continue;
        }
        if let Some(term) = from.terminator() {
            b.before(term);
        }
        for &l in links.iter().rev() {
            // SAFETY: a copy of a live lane write with operands mapped to values of their types
            // available at the end of `from`.
            unsafe {
                let c = Val(LLVMInstructionClone(l.0));
                for j in 0..c.num_operands() {
                    if let Some(x) = map.get(&c.operand(j)) {
                        LLVMSetOperand(c.0, j, x.0);
                    }
                }
                LLVMInsertIntoBuilder(b.b, c.0);
                map.insert(l, c);
            }
        }
        incoming.push((map[&v], from));
    }
    // SAFETY: a phi of `v`'s type at the head of `bb`, one incoming value per predecessor edge
    // of the phis it replaces; `v` is then unused.
    unsafe {
        let first = bb.instructions()[0];
        b.before(first);
        let np = LLVMBuildPhi(b.b, LLVMTypeOf(v.0), c"".as_ptr());
        for from in edges {
            if let Some(&(x, _)) = incoming.iter().find(|(_, f)| *f == from) {
                let (mut xv, mut fb) = (x.0, from.0);
                LLVMAddIncoming(np, &mut xv, &mut fb, 1);
            }
        }
        LLVMReplaceAllUsesWith(v.0, np);
    }
    erase_unused(v);
    true
}

/// Moves every lane read of `f` (`extractelement`, `shufflevector`) whose readers are all in one
/// other block, entered only from the read's own block, to the start of that block: a lane of a
/// call's packed result the loop does not use is read once after it, from the result's variable,
/// instead of copied out on every trip. Returns how many it moved.
fn sink_lane_reads(f: Val) -> usize {
    let mut n = 0;
    for i in f.each_instruction() {
        if !i.is_instruction()
            || !matches!(i.opcode(), LLVMOpcode::LLVMExtractElement | LLVMOpcode::LLVMShuffleVector)
        {
            continue;
        }
        let users = i.users();
        let Some(&first) = users.first() else { continue };
        let to = block_of(first);
        let from = block_of(i);
        if to == from
            || users.iter().any(|&u| is_phi(u) || block_of(u) != to)
            || single_predecessor(to) != Some(from)
        {
            continue;
        }
        let Some(at) = to.instructions().into_iter().find(|&x| !is_phi(x)) else { continue };
        // SAFETY: `i` reads values available at the end of `from`, the only block entering `to`,
        // and every reader of it is in `to` after its phis.
        unsafe {
            LLVMInstructionRemoveFromParent(i.0);
            let b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(i.0)));
            LLVMPositionBuilderBefore(b, at.0);
            LLVMInsertIntoBuilder(b, i.0);
            LLVMDisposeBuilder(b);
        }
        n += 1;
    }
    n
}

/// The one block branching to `bb` (`None` when there are several edges into it, or none).
fn single_predecessor(bb: Bb) -> Option<Bb> {
    // SAFETY: a block of a function.
    let f = Val(unsafe { LLVMGetBasicBlockParent(bb.0) });
    let mut from = None;
    for b in f.blocks() {
        let Some(t) = b.terminator() else { continue };
        for s in t.successors() {
            if s == bb {
                if from.is_some() {
                    return None;
                }
                from = Some(b);
            }
        }
    }
    from
}

/// Whether `f` calls a SIMD control flow intrinsic (its blocks run under execution masks).
fn has_simd_cf(f: Val) -> bool {
    f.each_instruction().any(|i| {
        i.opcode() == LLVMOpcode::LLVMCall && {
            let c = i.called_value();
            c.is_function() && c.name_starts_with("llvm.genx.simdcf.")
        }
    })
}

/// Keeps the vectors of `f` rebuilt from their own lanes whole (see the module documentation);
/// returns how many chains it replaced.
pub(super) fn keep_vectors_whole(b: &Builder, f: Val) -> usize {
    if has_simd_cf(f) {
        // (moving lane writes and reads between blocks would change the execution mask they
        // run under)
        return 0;
    }
    let mut n = 0;
    for i in f.each_instruction() {
        // the head of a chain: a lane write no other lane write reads
        if !is_lane_write(i) || i.ty().kind() != inkwell::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
            continue;
        }
        if i.users().iter().any(|&u| is_lane_write(u)) {
            continue;
        }
        let Some(srcs) = sources(i) else { continue };
        if let Some(w) = whole_vector(i, &srcs) {
            // SAFETY: `w` has `i`'s type and every lane of it.
            unsafe { LLVMReplaceAllUsesWith(i.0, w.0) };
            erase_unused(i);
            n += 1;
        } else if repack_phis(b, i, &srcs) {
            n += 1;
        }
    }
    n + sink_lane_reads(f)
}
