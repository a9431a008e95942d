//! Dead loop-carried values: a phi whose value only feeds operations that feed it back (a counter a
//! loop updates and nothing reads, the lanes of a SIMD do-while keep under the execution mask) is
//! removed with those operations. Each would otherwise cost a variable and its updates on every
//! iteration. Only phis that nothing with an effect reads, directly or through pure operations
//! (arithmetic, compares, selects, casts and element operations), are removed, with the pure
//! operations that only they use; other unused operations are left for the validator to see.

use super::super::raw::{ModuleRef, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMOpcode;
// foldhash: a fast hash, seeded per process (SipHash was a tenth of a small kernel's compile).
use foldhash::{HashSet, HashSetExt};

/// Whether an instruction only computes its value (no effect, no call).
fn is_pure(i: Val) -> bool {
    use LLVMOpcode::*;
    let op = i.opcode();
    matches!(op, LLVMPHI | LLVMBitCast | LLVMExtractElement | LLVMInsertElement | LLVMShuffleVector)
        || super::is_lane_arithmetic(op)
        || super::is_compare_select_or_conversion(op)
}

/// Whether every phi of `phis` (the phis of one function) reaches, through its users and theirs,
/// an instruction that is not pure: then none is dead. Functions whose values are all used find
/// it after a few steps per phi.
fn every_phi_read(phis: &[Val]) -> bool {
    let mut search = Search::default();
    phis.iter().all(|&phi| search.reaches_impure(phi))
}

/// The state of the searches of [`every_phi_read`]: what they proved, and the buffers of one
/// search (emptied, not freed, between searches).
#[derive(Default)]
struct Search {
    /// Values known to reach an instruction that is not pure.
    read: HashSet<usize>,
    /// Values known not to.
    unread: HashSet<usize>,
    /// The values one search has visited, in order.
    visited: Vec<Val>,
    /// The values one search has visited, as a set.
    seen: HashSet<usize>,
    /// The values whose users one search has still to look at.
    stack: Vec<Val>,
}

impl Search {
    /// Whether a user of `v`, or a user of one of its pure users in turn, is not pure (depth
    /// first, each value once). A search that finds one proves it for `v`; one that finds none
    /// proves that for every value it visited (all their users were searched).
    fn reaches_impure(&mut self, v: Val) -> bool {
        let Search { read, unread, visited, seen, stack } = self;
        visited.clear();
        seen.clear();
        stack.clear();
        visited.push(v);
        seen.insert(v.0 as usize);
        stack.push(v);
        while let Some(x) = stack.pop() {
            let hit = x.any_user(|u| {
                let key = u.0 as usize;
                if !is_pure(u) || read.contains(&key) {
                    return true;
                }
                if !unread.contains(&key) && seen.insert(key) {
                    stack.push(u);
                    visited.push(u);
                }
                false
            });
            if hit {
                read.insert(v.0 as usize);
                return true;
            }
        }
        unread.extend(visited.iter().map(|x| x.0 as usize));
        false
    }
}

/// Removes the dead phis of every function of `m` and the pure operations only they use; returns
/// how many instructions it removed.
pub fn remove_dead_phis(m: &ModuleRef) -> usize {
    let mut removed = 0;
    for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
        // (the phis of a block come first in it)
        let phis: Vec<Val> = f
            .blocks()
            .into_iter()
            .flat_map(|b| b.each_instruction().take_while(|i| i.opcode() == LLVMOpcode::LLVMPHI))
            .collect();
        if phis.is_empty() || every_phi_read(&phis) {
            continue;
        }
        let insts: Vec<Val> = f.each_instruction().collect();
        // live: what has an effect, and every instruction it reads, transitively
        let mut live: HashSet<usize> = HashSet::new();
        let mut work: Vec<Val> = insts.iter().copied().filter(|&i| !is_pure(i)).collect();
        while let Some(i) = work.pop() {
            if !live.insert(i.0 as usize) {
                continue;
            }
            work.extend(
                i.operands().into_iter().filter(|o| o.is_instruction() && !live.contains(&(o.0 as usize))),
            );
        }
        // the dead phis and the dead operations they read, transitively
        let mut gone: Vec<Val> = Vec::new();
        let mut seen: HashSet<usize> = HashSet::new();
        let mut work: Vec<Val> = insts
            .iter()
            .copied()
            .filter(|&i| i.opcode() == LLVMOpcode::LLVMPHI && !live.contains(&(i.0 as usize)))
            .collect();
        while let Some(i) = work.pop() {
            if live.contains(&(i.0 as usize)) || !seen.insert(i.0 as usize) {
                continue;
            }
            gone.push(i);
            work.extend(i.operands().into_iter().filter(|o| o.is_instruction()));
        }
        for &i in &gone {
            // SAFETY: every instruction of `gone` is dead (only dead instructions read it): its
            // uses become undef of its type before any of them is erased, so nothing erased is
            // still used, and each is erased once.
            unsafe { LLVMReplaceAllUsesWith(i.0, LLVMGetUndef(LLVMTypeOf(i.0))) };
        }
        for &i in &gone {
            // SAFETY: see above; `i` has no use left.
            unsafe { LLVMInstructionEraseFromParent(i.0) };
        }
        removed += gone.len();
    }
    removed
}
