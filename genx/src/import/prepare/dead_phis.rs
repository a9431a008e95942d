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

/// Whether every phi among `insts` (the instructions of one function) reaches, through its users
/// and theirs, an instruction that is not pure: then none is dead. Functions whose values are
/// all used find it after a few steps per phi.
fn every_phi_read(insts: &[Val]) -> bool {
    // values known to reach an instruction that is not pure, and values known not to
    let mut read: HashSet<usize> = HashSet::new();
    let mut unread: HashSet<usize> = HashSet::new();
    insts
        .iter()
        .filter(|i| i.opcode() == LLVMOpcode::LLVMPHI)
        .all(|&phi| reaches_impure(phi, &mut read, &mut unread))
}

/// Whether a user of `v`, or a user of one of its pure users in turn, is not pure (depth first,
/// each value once). A search that finds one proves it for `v`; one that finds none proves
/// that for every value it visited (all their users were searched).
fn reaches_impure(v: Val, read: &mut HashSet<usize>, unread: &mut HashSet<usize>) -> bool {
    let mut visited: Vec<Val> = vec![v];
    let mut seen: HashSet<usize> = HashSet::new();
    seen.insert(v.0 as usize);
    let mut stack: Vec<Val> = vec![v];
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

/// Removes the dead phis of every function of `m` and the pure operations only they use; returns
/// how many instructions it removed.
pub fn remove_dead_phis(m: &ModuleRef) -> usize {
    let mut removed = 0;
    for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
        let insts: Vec<Val> = f.each_instruction().collect();
        if !insts.iter().any(|i| i.opcode() == LLVMOpcode::LLVMPHI) || every_phi_read(&insts) {
            continue;
        }
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
