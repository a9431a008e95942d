//! SIMD control flow conformance: valid goto/join modules whose blocks are not yet in the shape
//! selection takes (see `crate::simdcf`: a goto ends its block and branches on its own condition, a
//! join starts its block) are brought into it by moving code, as Intel's SIMD CF conformance pass
//! does, instead of being refused. On the LLVM module, before import:
//!
//! 1. Code after a goto that does not depend on it moves above it. Its values are computed for
//!    every lane either way; above the goto they are computed under the wider mask, which only
//!    writes more lanes.
//! 2. A goto in the middle of a block, whose join is later in the same block (the linearized form
//!    LLVM's optimizations leave of an `if` with no `else`), gets its branch back: the block is
//!    split after the goto into the SIMD block (the code that depends on the goto) and the join
//!    block, and a `select i1 <the goto's branch condition>, %a, %b` that merges the two paths
//!    becomes a phi of the join block.
//! 3. Code before a join in the join's block moves below the join: the join's block is reached with
//!    the lanes of the goto only, while the code means to run after the lanes rejoin.
//! 4. A backward goto that branches straight back to its loop header gets an empty latch block
//!    after its own (the do-while shape: the branch falls through to the latch, which loops).
//!
//! Between steps 2 and 3, uses of an execution mask as data get the lanes it enables, computed
//! where it is the hardware mask (see `super::simd_cf_em`); code that would read an empty mask
//! before a join (in a block the hardware skips) is folded, so that it can move below the join.
//!
//! Code that reads an execution or resume mask, memory operations that would change order with
//! another one, and the values such code reads, stay where they are; the shape is then refused by the SIMD control flow analysis
//! as before, located at the instruction.

use super::super::raw::{Bb, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMOpcode;
use std::collections::HashSet;

/// Which SIMD control flow intrinsic an instruction calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cf {
    Goto,
    Join,
}

/// The SIMD control flow intrinsic `i` calls, if it is a goto or a join.
fn cf_of(i: Val) -> Option<Cf> {
    let name = callee_name(i)?;
    if name.starts_with("llvm.genx.simdcf.goto") {
        Some(Cf::Goto)
    } else if name.starts_with("llvm.genx.simdcf.join") {
        Some(Cf::Join)
    } else {
        None
    }
}

/// The name of the function a call instruction calls directly.
fn callee_name(i: Val) -> Option<String> {
    if i.opcode() != LLVMOpcode::LLVMCall {
        return None;
    }
    let callee = i.called_value();
    (!callee.is_null() && callee.is_function()).then(|| callee.name())
}

/// Whether the module's function `f` has a goto or a join.
pub fn has_simd_cf(f: Val) -> bool {
    f.blocks().into_iter().flat_map(|b| b.instructions()).any(|i| cf_of(i).is_some())
}

/// Brings the goto and join blocks of function `f` into the shape selection takes, where moving
/// code does it (see the module documentation).
pub fn conform(f: Val) {
    if !has_simd_cf(f) {
        return;
    }
    for b in f.blocks() {
        hoist_above_goto(b);
    }
    for b in f.blocks() {
        restore_branch(f, b);
    }
    sink_into_simd_blocks(f);
    super::simd_cf_em::lower_em_as_data(f);
    for b in f.blocks() {
        sink_below_join(b);
    }
    for b in f.blocks() {
        add_latch(f, b);
    }
}

/// Step 4: a backward goto whose branch goes straight back to the loop header (a block at or
/// before its own) gets the empty latch block the form asks for, right after its block: the
/// branch falls through to the latch, which branches back to the header.
fn add_latch(f: Val, b: Bb) {
    let Some(term) = block_terminator(b.0) else { return };
    let Some(goto) = b.instructions().into_iter().find(|&i| cf_of(i) == Some(Cf::Goto)) else { return };
    // SAFETY: a terminator of a live function.
    let conditional = unsafe { LLVMIsConditional(term.0) != 0 };
    if term.opcode() != LLVMOpcode::LLVMBr || !conditional {
        return;
    }
    let cond = term.operand(0);
    let reads_goto = cond.is_instruction()
        && cond.opcode() == LLVMOpcode::LLVMExtractValue
        && cond.operand(0) == goto
        && cond.aggregate_indices() == [2];
    if !reads_goto {
        return;
    }
    let blocks = f.blocks();
    let Some(at) = blocks.iter().position(|x| x.0 == b.0) else { return };
    let succ = term.successors();
    let header = succ[1];
    let Some(h) = blocks.iter().position(|x| x.0 == header.0) else { return };
    if h > at {
        return;
    }
    // SAFETY: blocks of the live function `f`; the builder is disposed after use.
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(f.0));
        let next = LLVMGetNextBasicBlock(b.0);
        let latch = if next.is_null() {
            LLVMAppendBasicBlockInContext(ctx, f.0, c"simd.latch".as_ptr())
        } else {
            LLVMInsertBasicBlockInContext(ctx, next, c"simd.latch".as_ptr())
        };
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderAtEnd(builder, latch);
        LLVMBuildBr(builder, header.0);
        LLVMDisposeBuilder(builder);
        // The false edge (successor 1) goes through the latch: operand 1 of a conditional br.
        LLVMSetSuccessor(term.0, 1, latch);
        let phis: Vec<Val> =
            header.instructions().into_iter().take_while(|i| i.opcode() == LLVMOpcode::LLVMPHI).collect();
        for phi in phis {
            replace_incoming_block(phi, b.0, latch);
        }
    }
}

/// Whether `i` may change order with other memory operations and calls: anything but plain
/// arithmetic, casts, vector operations, phis, and the region intrinsics.
fn has_effects(i: Val) -> bool {
    use LLVMOpcode::*;
    match i.opcode() {
        LLVMCall => !callee_name(i)
            .is_some_and(|n| n.starts_with("llvm.genx.rdregion") || n.starts_with("llvm.genx.wrregion")),
        LLVMLoad | LLVMStore | LLVMAtomicRMW | LLVMAtomicCmpXchg | LLVMFence | LLVMAlloca => true,
        _ => false,
    }
}

/// Whether `i` uses a value of `set`.
fn uses_any(i: Val, set: &HashSet<Val>) -> bool {
    i.operands().iter().any(|o| set.contains(o))
}

/// The masks of the function: goto and join results, their fields, and phis and selects of them
/// (an instruction that reads one runs under a specific execution mask, so it never moves).
fn is_mask_reader(i: Val, masks: &HashSet<Val>) -> bool {
    uses_any(i, masks)
}

/// Every goto and join of the block's function, their `extractvalue`s, and phis of those.
fn masks_of(b: Bb) -> HashSet<Val> {
    let f = Val(unsafe { LLVMGetBasicBlockParent(b.0) });
    let all: Vec<Val> = f.blocks().into_iter().flat_map(|b| b.instructions()).collect();
    let mut masks: HashSet<Val> = all.iter().copied().filter(|&i| cf_of(i).is_some()).collect();
    loop {
        let before = masks.len();
        for &i in &all {
            let derived = matches!(i.opcode(), LLVMOpcode::LLVMExtractValue | LLVMOpcode::LLVMPHI)
                && uses_any(i, &masks);
            if derived {
                masks.insert(i);
            }
        }
        if masks.len() == before {
            return masks;
        }
    }
}

/// Moves instruction `i` just before `at`.
fn move_before(i: Val, at: Val) {
    // SAFETY: both are instructions of the same live function; the builder is disposed after.
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(i.0));
        let b = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(b, at.0);
        reinsert(b, i);
        LLVMDisposeBuilder(b);
    }
}

/// Takes `i` out of its block and inserts it where `builder` points, keeping its name (LLVM's
/// plain insertion renames it to nothing).
///
/// # Safety
/// `builder` points into a live function of the module `i` belongs to.
unsafe fn reinsert(builder: inkwell::llvm_sys::prelude::LLVMBuilderRef, i: Val) {
    let name = std::ffi::CString::new(i.name()).unwrap_or_default();
    LLVMInstructionRemoveFromParent(i.0);
    LLVMInsertIntoBuilderWithName(builder, i.0, name.as_ptr());
}

/// Step 1: in a block with a goto, code after it that does not depend on it moves above it.
fn hoist_above_goto(b: Bb) {
    let insts = b.instructions();
    let Some(at) = insts.iter().position(|&i| cf_of(i) == Some(Cf::Goto)) else { return };
    let goto = insts[at];
    let masks = masks_of(b);
    let mut depends: HashSet<Val> = HashSet::from([goto]);
    let mut effect_stays = false;
    for &i in &insts[at + 1..] {
        if is_terminator(i) {
            break;
        }
        let stays = uses_any(i, &depends)
            || is_mask_reader(i, &masks)
            || selected_under_mask(i, &masks)
            || i.opcode() == LLVMOpcode::LLVMPHI
            || cf_of(i).is_some()
            || (effect_stays && has_effects(i));
        if stays {
            depends.insert(i);
            effect_stays |= has_effects(i);
        } else {
            move_before(i, goto);
        }
    }
}

/// Whether `i` is plain arithmetic whose every user is a select on an execution mask that picks
/// it (`select(EM, i, old)`, the linearized form of an assignment inside a SIMD `if`): it stays
/// with the select, which computes it under the execution mask straight into `old`'s register
/// (see `crate::bale`); hoisted above the goto it would be computed in every lane and then moved.
fn selected_under_mask(i: Val, masks: &HashSet<Val>) -> bool {
    let arithmetic = super::is_lane_arithmetic(i.opcode());
    let users = i.users();
    arithmetic
        && !users.is_empty()
        && users.iter().all(|&u| {
            u.opcode() == LLVMOpcode::LLVMSelect
                && is_em_slice(u.operand(0), masks)
                && u.operand(1) == i
                && u.operand(2) != i
        })
}

/// Arithmetic whose every user is a select on an execution mask that picks it (see
/// `selected_under_mask`), all in one other block that only the arithmetic's block enters (a
/// goto's SIMD block, run at most as often), moves down to its first user there: the select then
/// computes it under the execution mask, one instruction where a computation in every lane and a
/// masked move are two.
fn sink_into_simd_blocks(f: Val) {
    let blocks = f.blocks();
    let Some(&first) = blocks.first() else { return };
    let masks = masks_of(first);
    let mut preds: std::collections::HashMap<Bb, Vec<Bb>> = std::collections::HashMap::new();
    for &b in &blocks {
        if let Some(t) = block_terminator(b.0) {
            for s in t.successors() {
                preds.entry(s).or_default().push(b);
            }
        }
    }
    for &a in &blocks {
        for i in a.instructions().into_iter().rev() {
            if !selected_under_mask(i, &masks) {
                continue;
            }
            // SAFETY: instructions of the live function `f`.
            let block_of = |u: Val| Bb(unsafe { LLVMGetInstructionParent(u.0) });
            let users = i.users();
            let b = block_of(users[0]);
            if b == a
                || users.iter().any(|&u| block_of(u) != b)
                || preds.get(&b).map(Vec::as_slice) != Some(&[a])
            {
                continue;
            }
            let Some(at) = b.instructions().into_iter().find(|x| users.contains(x)) else { continue };
            move_before(i, at);
        }
    }
}

/// Whether `v` is a mask of `masks` or a slice of one (a shufflevector or region read of it).
fn is_em_slice(v: Val, masks: &HashSet<Val>) -> bool {
    if masks.contains(&v) {
        return true;
    }
    if !v.is_instruction() || v.num_operands() == 0 {
        return false;
    }
    let slice = v.opcode() == LLVMOpcode::LLVMShuffleVector
        || callee_name(v)
            .is_some_and(|n| n.starts_with("llvm.genx.rdregion") || n.starts_with("llvm.genx.rdpredregion"));
    slice && is_em_slice(v.operand(0), masks)
}

/// Step 3: in a block with a join, code before it that the join does not need moves below it.
fn sink_below_join(b: Bb) {
    let insts = b.instructions();
    let Some(at) = insts.iter().position(|&i| cf_of(i) == Some(Cf::Join)) else { return };
    let join = insts[at];
    let masks = masks_of(b);
    // What the join reads, within the block.
    let mut needed: HashSet<Val> = join.operands().into_iter().collect();
    for &i in insts[..at].iter().rev() {
        if needed.contains(&i) {
            needed.extend(i.operands());
        }
    }
    // What stays above the join: phis, what the join needs, mask readers; then, walking up, the
    // operands of what stays (a value must be defined above its users) and a memory operation
    // followed by one that stays (memory operations keep their order).
    let mut stays: HashSet<Val> = insts[..at]
        .iter()
        .copied()
        .filter(|&i| {
            i.opcode() == LLVMOpcode::LLVMPHI
                || needed.contains(&i)
                || is_mask_reader(i, &masks)
                || cf_of(i).is_some()
        })
        .collect();
    let mut effect_stays_below = false;
    for &i in insts[..at].iter().rev() {
        if has_effects(i) && effect_stays_below {
            stays.insert(i);
        }
        if stays.contains(&i) {
            stays.extend(i.operands());
            effect_stays_below |= has_effects(i);
        }
    }
    let movable: Vec<Val> = insts[..at].iter().copied().filter(|i| !stays.contains(i)).collect();
    // Below the join, in their order: after the join and the extractvalues that read it.
    let mut anchor = join.next_instruction();
    while !anchor.is_null() && anchor.opcode() == LLVMOpcode::LLVMExtractValue && anchor.operand(0) == join {
        anchor = anchor.next_instruction();
    }
    if anchor.is_null() {
        return;
    }
    for i in movable {
        move_before(i, anchor);
    }
}

/// Step 2: a goto whose block does not end in a branch on its condition, with its join later in
/// the same block: split the block into the goto's, the SIMD block and the join's.
fn restore_branch(f: Val, b: Bb) {
    let insts = b.instructions();
    let Some(g) = insts.iter().position(|&i| cf_of(i) == Some(Cf::Goto)) else { return };
    let goto = insts[g];
    let Some(j) = insts.iter().position(|&i| cf_of(i) == Some(Cf::Join)) else { return };
    if j < g {
        return;
    }
    let join = insts[j];
    // The goto's fields, read right after it.
    let fields: Vec<Val> = insts[g + 1..j]
        .iter()
        .copied()
        .take_while(|i| i.opcode() == LLVMOpcode::LLVMExtractValue && i.operand(0) == goto)
        .collect();
    let Some(&cond) = fields.iter().find(|e| e.aggregate_indices() == [2]) else { return };
    let fragment = &insts[g + 1 + fields.len()..j];
    // Merges of the two paths: `select i1 %cond, %a, %b`, %a from before the goto.
    let merges: Vec<Val> = fragment
        .iter()
        .copied()
        .filter(|&i| i.opcode() == LLVMOpcode::LLVMSelect && i.operand(0) == cond)
        .collect();
    let in_fragment: HashSet<Val> = fragment.iter().copied().collect();
    if merges.iter().any(|m| in_fragment.contains(&m.operand(1))) {
        return;
    }
    // The fragment's values other than merges must not be read past the join, nor by a merge's
    // first operand; a merge must not be read inside the fragment.
    for &i in fragment {
        if merges.contains(&i) {
            if i.users().iter().any(|u| in_fragment.contains(u)) {
                return;
            }
            continue;
        }
        if i.users().iter().any(|u| !in_fragment.contains(u) || merges.iter().any(|m| m.operand(1) == i)) {
            return;
        }
        if i.opcode() == LLVMOpcode::LLVMPHI || cf_of(i).is_some() {
            return;
        }
    }
    // SAFETY: blocks and instructions of the live function `f`; builders are disposed after use.
    unsafe {
        let ctx = LLVMGetTypeContext(LLVMTypeOf(f.0));
        let next = LLVMGetNextBasicBlock(b.0);
        let name = |s: &str| std::ffi::CString::new(s).unwrap_or_default();
        let (simd, rejoin) = if next.is_null() {
            let s = LLVMAppendBasicBlockInContext(ctx, f.0, name("simd.fragment").as_ptr());
            (s, LLVMAppendBasicBlockInContext(ctx, f.0, name("simd.join").as_ptr()))
        } else {
            let s = LLVMInsertBasicBlockInContext(ctx, next, name("simd.fragment").as_ptr());
            (s, LLVMInsertBasicBlockInContext(ctx, next, name("simd.join").as_ptr()))
        };
        let builder = LLVMCreateBuilderInContext(ctx);
        // The join and everything after it go to the join block.
        LLVMPositionBuilderAtEnd(builder, rejoin);
        for &i in &insts[j..] {
            reinsert(builder, i);
        }
        // The fragment goes to the SIMD block, the merges become phis of the join block.
        LLVMPositionBuilderAtEnd(builder, simd);
        for &i in fragment {
            if merges.contains(&i) {
                continue;
            }
            reinsert(builder, i);
        }
        LLVMBuildBr(builder, rejoin);
        LLVMPositionBuilderBefore(builder, join.0);
        for &m in &merges {
            let phi = LLVMBuildPhi(builder, LLVMTypeOf(m.0), name("").as_ptr());
            let mut values = [m.operand(1).0, m.operand(2).0];
            let mut blocks = [b.0, simd];
            LLVMAddIncoming(phi, values.as_mut_ptr(), blocks.as_mut_ptr(), 2);
            LLVMReplaceAllUsesWith(m.0, phi);
            let old_name = m.name();
            LLVMInstructionEraseFromParent(m.0);
            LLVMSetValueName2(phi, old_name.as_ptr() as *const _, old_name.len());
        }
        // The goto's block branches on the goto's condition: to the join when no lane is left.
        LLVMPositionBuilderAtEnd(builder, b.0);
        LLVMBuildCondBr(builder, cond.0, rejoin, simd);
        LLVMDisposeBuilder(builder);
        // Successors of the old block now follow the join block: their phis name it.
        if let Some(term) = block_terminator(rejoin) {
            for s in term.successors() {
                let phis: Vec<Val> =
                    s.instructions().into_iter().take_while(|i| i.opcode() == LLVMOpcode::LLVMPHI).collect();
                for phi in phis {
                    replace_incoming_block(phi, b.0, rejoin);
                }
            }
        }
    }
}

/// The terminator of block `b`, if it has one.
fn block_terminator(b: inkwell::llvm_sys::prelude::LLVMBasicBlockRef) -> Option<Val> {
    // SAFETY: a block of a live function.
    let t = unsafe { LLVMGetBasicBlockTerminator(b) };
    (!t.is_null()).then_some(Val(t))
}

/// Makes phi `phi` name `to` where it names `from` as an incoming block.
fn replace_incoming_block(
    phi: Val,
    from: inkwell::llvm_sys::prelude::LLVMBasicBlockRef,
    to: inkwell::llvm_sys::prelude::LLVMBasicBlockRef,
) {
    // LLVM's C API cannot set an incoming block in place: the phi is rebuilt with the new list.
    // SAFETY: `phi` is a phi of a live function; the builder is disposed after use.
    unsafe {
        let n = LLVMCountIncoming(phi.0);
        let mut values: Vec<_> = (0..n).map(|i| LLVMGetIncomingValue(phi.0, i)).collect();
        let mut blocks: Vec<_> = (0..n).map(|i| LLVMGetIncomingBlock(phi.0, i)).collect();
        if !blocks.contains(&from) {
            return;
        }
        for blk in blocks.iter_mut() {
            if *blk == from {
                *blk = to;
            }
        }
        let ctx = LLVMGetTypeContext(LLVMTypeOf(phi.0));
        let builder = LLVMCreateBuilderInContext(ctx);
        LLVMPositionBuilderBefore(builder, phi.0);
        let fresh = LLVMBuildPhi(builder, LLVMTypeOf(phi.0), c"".as_ptr());
        LLVMAddIncoming(fresh, values.as_mut_ptr(), blocks.as_mut_ptr(), n);
        LLVMReplaceAllUsesWith(phi.0, fresh);
        let name = phi.name();
        LLVMInstructionEraseFromParent(phi.0);
        LLVMSetValueName2(fresh, name.as_ptr() as *const _, name.len());
        LLVMDisposeBuilder(builder);
    }
}

/// Whether `i` ends its block.
fn is_terminator(i: Val) -> bool {
    // SAFETY: valid instruction.
    unsafe { !LLVMIsATerminatorInst(i.0).is_null() }
}
