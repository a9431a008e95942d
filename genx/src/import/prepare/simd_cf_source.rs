//! The source form of SIMD control flow, lowered by genxc itself: a CM front end branches on
//! `llvm.genx.simdcf.any(<N x i1> %c)` ("if any lane of %c") and means that each lane takes its
//! own way; reductions read their input through `llvm.genx.simdcf.predicate(%v, %default)`.
//! Intel's Vector Compiler refuses this form (its front end lowers it first); genxc lowers it into
//! the goto/join form `crate::simdcf` selects, with the semantics of the CM language:
//!
//! 1. The SIMD branches are the branches on `simdcf.any`. Every block control dependent on one
//!    (found with the post-dominator tree) runs under the execution mask, and the branch ending
//!    such a block becomes a SIMD branch too (a scalar condition is the same for every lane).
//! 2. The function's values live in stack slots again (LLVM's reg2mem), so that "a lane keeps its
//!    old value" is a store: in a block under SIMD control flow, a store of a vector of the
//!    branch's width becomes load, `select` on the execution mask, store; a wider vector is
//!    predicated at the `wrregion` of that width it was built with; a scalar is not predicated.
//!    Message intrinsics whose predicate has the width get it ANDed with the mask, and
//!    `simdcf.predicate` becomes a select.
//! 3. The execution mask EM and one resume mask RM per join point are stack slots too: each SIMD
//!    branch becomes a `simdcf.goto` that keeps in EM the lanes of its fall-through successor and
//!    adds the others to the RM of the successor it jumps to, which starts with a `simdcf.join`
//!    (and, when lanes of an earlier goto wait further down, branches there when no lane is on).
//!    A backward SIMD branch (a do-while) loops through an empty latch block, as the goto/join
//!    form asks. mem2reg then makes every slot an SSA value again.
//!
//! What the form does not cover (a SIMD branch with neither successor next in layout, a return
//! or a call under SIMD control flow, a store of a vector no `wrregion` of the width builds,
//! SIMD branches of different widths over one block) is refused, located.

use super::super::raw::{Bb, Val};
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::transforms::scalar::LLVMAddInstructionSimplifyPass;
use inkwell::llvm_sys::transforms::util::LLVMAddPromoteMemoryToRegisterPass;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::collections::{HashMap, HashSet};

/// Width of the execution mask.
const EM_WIDTH: u32 = 32;

/// The operand of `simdcf.any` if `v` is a call to it.
fn any_operand(v: Val) -> Option<Val> {
    if v.is_null() || !v.is_instruction() || v.opcode() != LLVMOpcode::LLVMCall {
        return None;
    }
    let callee = v.called_value();
    (callee.is_function() && callee.name().starts_with("llvm.genx.simdcf.any")).then(|| v.operand(0))
}

/// Whether function `f` has SIMD control flow in the source form.
pub fn has_source_form(f: Val) -> bool {
    f.blocks().into_iter().flat_map(|b| b.instructions()).any(|i| any_operand(i).is_some())
}

/// A located refusal in function `f` at instruction `at`.
fn refuse(f: Val, at: Option<Val>, what: impl Into<String>) -> Diagnostic {
    // An unnamed instruction is named by its text, which locates it in `.ll` input.
    let inst = at.map(|i| if i.name().is_empty() { i.print() } else { i.name() });
    Diagnostic::in_function(f.name(), inst, unsupported(what))
}

/// The condition of a conditional branch, if `t` is one.
fn branch_condition(t: Val) -> Option<Val> {
    // SAFETY: a terminator of a live function.
    unsafe {
        (t.opcode() == LLVMOpcode::LLVMBr && LLVMIsConditional(t.0) != 0).then(|| Val(LLVMGetCondition(t.0)))
    }
}

/// Post-dominator sets over blocks `0..n` and a virtual exit `n`, from successor lists.
fn immediate_post_dominators(succ: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = succ.len();
    let exit = n;
    let words = (n + 1).div_ceil(64);
    let full = vec![u64::MAX; words];
    let mut pdom: Vec<Vec<u64>> = vec![full; n + 1];
    let set = |s: &mut Vec<u64>, i: usize| s[i / 64] |= 1 << (i % 64);
    let has = |s: &[u64], i: usize| s[i / 64] & (1 << (i % 64)) != 0;
    pdom[exit] = vec![0; words];
    set(&mut pdom[exit], exit);
    let succs = |b: usize| -> Vec<usize> {
        if succ[b].is_empty() {
            vec![exit]
        } else {
            succ[b].clone()
        }
    };
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev() {
            let mut new = vec![u64::MAX; words];
            for s in succs(b) {
                for (w, x) in new.iter_mut().zip(&pdom[s]) {
                    *w &= x;
                }
            }
            set(&mut new, b);
            if new != pdom[b] {
                pdom[b] = new;
                changed = true;
            }
        }
    }
    let count = |s: &[u64]| s.iter().map(|w| w.count_ones()).sum::<u32>();
    (0..n)
        .map(|b| {
            let strict = count(&pdom[b]) - 1;
            (0..=n).find(|&d| d != b && has(&pdom[b], d) && count(&pdom[d]) == strict).filter(|&d| d != exit)
        })
        .collect()
}

/// How one SIMD branch becomes a goto.
struct Branch {
    /// The block it ends.
    block: usize,
    /// The branch instruction.
    term: Val,
    /// The lanes that stay (fall through, or loop back for a backward branch), built at the goto.
    stay: Stay,
    /// The join point the other lanes resume at.
    join: usize,
    /// The loop header of a backward branch.
    back_to: Option<usize>,
    /// SIMD width.
    width: u32,
}

/// The lanes a goto keeps.
#[derive(Clone, Copy)]
enum Stay {
    /// The lanes of a predicate.
    Lanes(Val),
    /// The lanes not in a predicate.
    NotLanes(Val),
    /// A scalar condition, the same for every lane (`true`: its value; `false`: its negation).
    Scalar(Val, bool),
    /// No lane (an unconditional branch past the next block).
    None,
}

/// Lowers the source form of function `f` (see the module documentation).
pub fn lower(f: Val) -> Result<(), Diagnostic> {
    if !has_source_form(f) {
        // unmask regions outside SIMD control flow: EM is all ones throughout
        // SAFETY: `f` is a live function; its context outlives the call.
        return unsafe { super::simd_unmask::lower(f, LLVMGetTypeContext(LLVMTypeOf(f.0)), None) };
    }
    // SAFETY: every call below works on the live function `f`, its blocks and instructions; the
    // pass managers and builders are disposed before returning.
    unsafe {
        let module = LLVMGetGlobalParent(f.0);
        let unmask = super::simd_unmask::has_regions(f);
        let result = lower_in_slots(f, module);
        let fpm = LLVMCreateFunctionPassManagerForModule(module);
        LLVMAddPromoteMemoryToRegisterPass(fpm);
        if unmask {
            // the selects on an execution mask of all ones, in unmask regions, fold
            LLVMAddInstructionSimplifyPass(fpm);
        }
        LLVMInitializeFunctionPassManager(fpm);
        LLVMRunFunctionPassManager(fpm, f.0);
        LLVMDisposePassManager(fpm);
        result
    }
}

/// The lowering proper: the analysis, then the function's phis and the values of blocks under
/// SIMD control flow read elsewhere put in stack slots, then predication, gotos and joins.
///
/// # Safety
/// `f` is a live function of `module`.
unsafe fn lower_in_slots(f: Val, module: LLVMModuleRef) -> Result<(), Diagnostic> {
    let blocks = f.blocks();
    let index: HashMap<LLVMBasicBlockRef, usize> = blocks.iter().enumerate().map(|(i, b)| (b.0, i)).collect();
    let succ: Vec<Vec<usize>> = blocks
        .iter()
        .map(|&b| {
            b.terminator().map(|t| t.successors().iter().map(|s| index[&s.0]).collect()).unwrap_or_default()
        })
        .collect();
    let ipdom = immediate_post_dominators(&succ);

    // 1. SIMD branches and the blocks under SIMD control flow, with their width.
    let mut simd: HashMap<usize, u32> = HashMap::new();
    for (i, &b) in blocks.iter().enumerate() {
        let Some(t) = b.terminator() else { continue };
        if let Some(c) = branch_condition(t).and_then(any_operand) {
            simd.insert(i, c.ty().vector_size());
        }
    }
    let mut under: HashMap<usize, u32> = HashMap::new();
    loop {
        let before = (simd.len(), under.len());
        for (&m, &width) in &simd.clone() {
            for &s in &succ[m] {
                let mut x = Some(s);
                while let Some(b) = x {
                    if Some(b) == ipdom[m] {
                        break;
                    }
                    match under.insert(b, width) {
                        Some(w) if w != width => {
                            return Err(refuse(
                                f,
                                blocks[m].terminator(),
                                format!("SIMD control flow of widths {w} and {width} over one block"),
                            ))
                        }
                        _ => {}
                    }
                    x = ipdom[b];
                }
            }
        }
        for (&b, &width) in &under {
            let Some(t) = blocks[b].terminator() else { continue };
            let next = b + 1;
            let is_simd_branch = match t.opcode() {
                LLVMOpcode::LLVMBr => branch_condition(t).is_some() || succ[b].first() != Some(&next),
                LLVMOpcode::LLVMRet | LLVMOpcode::LLVMUnreachable => {
                    return Err(refuse(f, Some(t), "a return inside SIMD control flow"))
                }
                _ => return Err(refuse(f, Some(t), "a terminator other than br inside SIMD control flow")),
            };
            if is_simd_branch {
                simd.entry(b).or_insert(width);
            }
        }
        if (simd.len(), under.len()) == before {
            break;
        }
    }

    // 2. How each SIMD branch becomes a goto.
    let mut branches = Vec::new();
    let mut order: Vec<usize> = simd.keys().copied().collect();
    order.sort();
    for b in order {
        let width = simd[&b];
        let t = blocks[b].terminator().expect("a SIMD branch ends its block");
        let next = b + 1;
        let cond = branch_condition(t);
        let (taken, other) = match succ[b].as_slice() {
            [t0, t1] => (*t0, *t1),
            [only] => (*only, *only),
            _ => return Err(refuse(f, Some(t), "a SIMD branch that is not a br")),
        };
        let lanes = |c: Val| -> Stay {
            match any_operand(c) {
                Some(p) => Stay::Lanes(p),
                None => Stay::Scalar(c, true),
            }
        };
        let negate = |s: Stay| match s {
            Stay::Lanes(p) => Stay::NotLanes(p),
            Stay::Scalar(c, v) => Stay::Scalar(c, !v),
            other => other,
        };
        let (stay, join, back_to) = match cond {
            None => (Stay::None, taken, None),
            Some(c) if taken <= b && other == next => (lanes(c), other, Some(taken)),
            Some(c) if other <= b && taken == next => (negate(lanes(c)), taken, Some(other)),
            Some(c) if taken == next => (lanes(c), other, None),
            Some(c) if other == next => (negate(lanes(c)), taken, None),
            Some(_) => {
                return Err(refuse(f, Some(t), "a SIMD branch with neither successor next in layout order"))
            }
        };
        if back_to.is_none() && join <= b {
            return Err(refuse(f, Some(t), "a backward SIMD branch that does not end a do-while loop"));
        }
        branches.push(Branch { block: b, term: t, stay, join, back_to, width });
    }

    // 3. Values in slots, then predication in the blocks under SIMD control flow.
    let ctx = LLVMGetModuleContext(module);
    let builder = LLVMCreateBuilderInContext(ctx);
    demote(ctx, &blocks, &under);
    let i1 = LLVMInt1TypeInContext(ctx);
    let em_ty = LLVMVectorType(i1, EM_WIDTH);
    let entry = blocks[0];
    LLVMPositionBuilderBefore(builder, first_non_alloca(entry).0);
    let em_slot = LLVMBuildAlloca(builder, em_ty, c"EM".as_ptr());
    LLVMBuildStore(builder, LLVMConstAllOnes(em_ty), em_slot);
    let em_slice = |at: Val, width: u32| -> LLVMValueRef {
        LLVMPositionBuilderBefore(builder, at.0);
        let em = LLVMBuildLoad2(builder, em_ty, em_slot, c"EM.cur".as_ptr());
        if width == EM_WIDTH {
            return em;
        }
        let i32t = LLVMInt32TypeInContext(ctx);
        let mut idx: Vec<_> = (0..width).map(|i| LLVMConstInt(i32t, u64::from(i), 0)).collect();
        let mask = LLVMConstVector(idx.as_mut_ptr(), width);
        LLVMBuildShuffleVector(builder, em, LLVMGetUndef(em_ty), mask, c"EM.slice".as_ptr())
    };
    let mut under_blocks: Vec<(usize, u32)> = under.iter().map(|(&b, &w)| (b, w)).collect();
    under_blocks.sort();
    for (b, width) in under_blocks {
        for i in blocks[b].instructions() {
            predicate(f, i, width, &em_slice)?;
        }
    }
    // SIMD unmask regions: EM all ones between each begin and its end (the loads of EM that
    // predication put before the stores between them then read all ones)
    if let Err(d) = super::simd_unmask::lower(f, ctx, Some((em_slot, em_ty))) {
        LLVMDisposeBuilder(builder);
        return Err(d);
    }

    // 4. Gotos, joins, latches.
    let mut rm_slots: HashMap<usize, (LLVMValueRef, LLVMTypeRef)> = HashMap::new();
    for br in &branches {
        let rm_ty = LLVMVectorType(i1, br.width);
        if let Some(&(_, ty)) = rm_slots.get(&br.join) {
            if ty != rm_ty {
                return Err(refuse(f, Some(br.term), "SIMD branches of different widths join at one block"));
            }
            continue;
        }
        LLVMPositionBuilderBefore(builder, first_non_alloca(entry).0);
        let slot = LLVMBuildAlloca(builder, rm_ty, c"RM".as_ptr());
        LLVMBuildStore(builder, LLVMConstNull(rm_ty), slot);
        rm_slots.insert(br.join, (slot, rm_ty));
    }
    let goto_targets: HashSet<(usize, usize)> = branches.iter().map(|br| (br.block, br.join)).collect();
    let mut joins: Vec<usize> = rm_slots.keys().copied().collect();
    joins.sort();
    for br in &branches {
        let (rm_slot, rm_ty) = rm_slots[&br.join];
        let goto_fn = declare(module, "goto", br.width, em_ty, rm_ty, i1);
        LLVMPositionBuilderBefore(builder, br.term.0);
        let em = LLVMBuildLoad2(builder, em_ty, em_slot, c"EM.in".as_ptr());
        let rm = LLVMBuildLoad2(builder, rm_ty, rm_slot, c"RM.in".as_ptr());
        let cond = match br.stay {
            Stay::Lanes(p) => p.0,
            Stay::NotLanes(p) => LLVMBuildXor(builder, p.0, LLVMConstAllOnes(rm_ty), c"stay".as_ptr()),
            Stay::Scalar(c, value) => {
                let c = if value { c.0 } else { LLVMBuildNot(builder, c.0, c"stay".as_ptr()) };
                let undef = LLVMGetUndef(rm_ty);
                let i32t = LLVMInt32TypeInContext(ctx);
                let one = LLVMBuildInsertElement(builder, undef, c, LLVMConstInt(i32t, 0, 0), c"".as_ptr());
                let mut zeros: Vec<_> = (0..br.width).map(|_| LLVMConstInt(i32t, 0, 0)).collect();
                let mask = LLVMConstVector(zeros.as_mut_ptr(), br.width);
                LLVMBuildShuffleVector(builder, one, undef, mask, c"stay".as_ptr())
            }
            Stay::None => LLVMConstNull(rm_ty),
        };
        let mut args = [em, rm, cond];
        let goto = LLVMBuildCall2(
            builder,
            LLVMGlobalGetValueType(goto_fn),
            goto_fn,
            args.as_mut_ptr(),
            3,
            c"goto".as_ptr(),
        );
        let new_em = LLVMBuildExtractValue(builder, goto, 0, c"goto.em".as_ptr());
        let new_rm = LLVMBuildExtractValue(builder, goto, 1, c"goto.rm".as_ptr());
        let none_left = LLVMBuildExtractValue(builder, goto, 2, c"goto.cond".as_ptr());
        LLVMBuildStore(builder, new_em, em_slot);
        LLVMBuildStore(builder, new_rm, rm_slot);
        let join_block = blocks[br.join].0;
        let next_block = blocks.get(br.block + 1).map(|b| b.0);
        match (br.back_to, br.stay) {
            (Some(header), _) => {
                // Over an empty latch block back to the header while lanes loop.
                let latch = LLVMInsertBasicBlockInContext(ctx, join_block, c"simd.latch".as_ptr());
                let lb = LLVMCreateBuilderInContext(ctx);
                LLVMPositionBuilderAtEnd(lb, latch);
                LLVMBuildBr(lb, blocks[header].0);
                LLVMDisposeBuilder(lb);
                LLVMBuildCondBr(builder, none_left, join_block, latch);
            }
            (None, Stay::None) => {
                // Every lane leaves; the branch goes on to the next block.
                let next = next_block
                    .ok_or_else(|| refuse(f, Some(br.term), "a SIMD branch ending the function"))?;
                LLVMBuildCondBr(builder, none_left, next, next);
            }
            (None, _) => {
                let next = next_block
                    .ok_or_else(|| refuse(f, Some(br.term), "a SIMD branch ending the function"))?;
                LLVMBuildCondBr(builder, none_left, join_block, next);
            }
        }
        if let Some(c) = branch_condition(br.term) {
            LLVMInstructionEraseFromParent(br.term.0);
            if any_operand(c).is_some() && LLVMGetFirstUse(c.0).is_null() {
                LLVMInstructionEraseFromParent(c.0);
            }
        } else {
            LLVMInstructionEraseFromParent(br.term.0);
        }
    }
    for &j in &joins {
        let (rm_slot, rm_ty) = rm_slots[&j];
        let width = LLVMGetVectorSize(rm_ty);
        let join_fn = declare(module, "join", width, em_ty, rm_ty, i1);
        let block = blocks[j];
        let at = first_non_phi(block);
        LLVMPositionBuilderBefore(builder, at.0);
        let em = LLVMBuildLoad2(builder, em_ty, em_slot, c"EM.in".as_ptr());
        let rm = LLVMBuildLoad2(builder, rm_ty, rm_slot, c"RM.in".as_ptr());
        let mut args = [em, rm];
        let join = LLVMBuildCall2(
            builder,
            LLVMGlobalGetValueType(join_fn),
            join_fn,
            args.as_mut_ptr(),
            2,
            c"join".as_ptr(),
        );
        let new_em = LLVMBuildExtractValue(builder, join, 0, c"join.em".as_ptr());
        let none_on = LLVMBuildExtractValue(builder, join, 1, c"join.cond".as_ptr());
        LLVMBuildStore(builder, new_em, em_slot);
        LLVMBuildStore(builder, LLVMConstNull(rm_ty), rm_slot);
        // Lanes of an earlier goto waiting further down: when none is on here, go there.
        let jip = joins
            .iter()
            .copied()
            .find(|&k| k > j && goto_targets.iter().any(|&(g, target)| target == k && g < j));
        if let Some(k) = jip {
            let rest = split_after(ctx, block, none_on);
            LLVMPositionBuilderAtEnd(builder, block.0);
            LLVMBuildCondBr(builder, none_on, blocks[k].0, rest);
        }
    }
    LLVMDisposeBuilder(builder);
    Ok(())
}

/// Puts in stack slots every phi, and every value defined in a block under SIMD control flow and
/// read in another block. A phi's slot is stored at the end of each predecessor (before its
/// branch, on every way out: only the phi's block reads the slot, and each way into it stores
/// last), and loaded where the phi was; a value's slot is stored after it and loaded at the top of
/// each block that reads it (its block dominates them). The stores in blocks under SIMD control
/// flow are what predication then masks. LLVM's reg2mem is not used: it splits critical edges,
/// which would add blocks to the SIMD control flow.
///
/// # Safety
/// `blocks` are the blocks of a live function, in layout order, the first its entry.
unsafe fn demote(ctx: LLVMContextRef, blocks: &[Bb], under: &HashMap<usize, u32>) {
    let builder = LLVMCreateBuilderInContext(ctx);
    let entry = blocks[0];
    let slot_for = |ty: LLVMTypeRef, name: &str| -> LLVMValueRef {
        LLVMPositionBuilderBefore(builder, first_non_alloca(entry).0);
        let n = std::ffi::CString::new(format!("{name}.slot")).unwrap_or_default();
        LLVMBuildAlloca(builder, ty, n.as_ptr())
    };
    // Phis: slots and loads first, then the stores (a phi may read another phi of its block).
    let mut stores: Vec<(LLVMValueRef, LLVMValueRef, Bb)> = Vec::new();
    for &b in blocks {
        let phis: Vec<Val> =
            b.instructions().into_iter().take_while(|i| i.opcode() == LLVMOpcode::LLVMPHI).collect();
        for phi in phis {
            let ty = LLVMTypeOf(phi.0);
            let slot = slot_for(ty, &phi.name());
            for (v, p) in phi.phi_incoming() {
                stores.push((v.0, slot, p));
            }
            LLVMPositionBuilderBefore(builder, first_non_phi(b).0);
            let name = std::ffi::CString::new(phi.name()).unwrap_or_default();
            let load = LLVMBuildLoad2(builder, ty, slot, c"".as_ptr());
            LLVMReplaceAllUsesWith(phi.0, load);
            LLVMInstructionEraseFromParent(phi.0);
            LLVMSetValueName2(load, name.as_ptr(), name.as_bytes().len());
        }
    }
    for (v, slot, p) in stores {
        // A phi's incoming value that was itself a phi is now that phi's load.
        if let Some(t) = p.terminator() {
            LLVMPositionBuilderBefore(builder, t.0);
            LLVMBuildStore(builder, v, slot);
        }
    }
    // Values of blocks under SIMD control flow read in other blocks.
    for (&b, _) in under.iter() {
        let block = blocks[b];
        for i in block.instructions() {
            let ty = LLVMTypeOf(i.0);
            if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVoidTypeKind
                || i.opcode() == LLVMOpcode::LLVMAlloca
                || block.terminator() == Some(i)
            {
                continue;
            }
            let mut outside: Vec<Val> = Vec::new();
            let mut u = LLVMGetFirstUse(i.0);
            while !u.is_null() {
                let user = Val(LLVMGetUser(u));
                if LLVMGetInstructionParent(user.0) != block.0 && !outside.contains(&user) {
                    outside.push(user);
                }
                u = LLVMGetNextUse(u);
            }
            if outside.is_empty() {
                continue;
            }
            let slot = slot_for(ty, &i.name());
            let after = i.next_instruction();
            LLVMPositionBuilderBefore(builder, after.0);
            LLVMBuildStore(builder, i.0, slot);
            let mut loads: HashMap<LLVMBasicBlockRef, LLVMValueRef> = HashMap::new();
            for user in outside {
                let ub = LLVMGetInstructionParent(user.0);
                let load = *loads.entry(ub).or_insert_with(|| {
                    LLVMPositionBuilderBefore(builder, first_non_phi(Bb(ub)).0);
                    LLVMBuildLoad2(builder, ty, slot, c"".as_ptr())
                });
                for k in 0..user.num_operands() {
                    if user.operand(k) == i {
                        LLVMSetOperand(user.0, k, load);
                    }
                }
            }
        }
    }
    LLVMDisposeBuilder(builder);
}

/// Predicates one instruction of a block under SIMD control flow of `width` lanes.
///
/// # Safety
/// `i` is an instruction of the live function `f`.
unsafe fn predicate(
    f: Val,
    i: Val,
    width: u32,
    em_slice: &dyn Fn(Val, u32) -> LLVMValueRef,
) -> Result<(), Diagnostic> {
    match i.opcode() {
        LLVMOpcode::LLVMStore => {
            let value = i.operand(0);
            let ty = value.ty();
            if ty.kind() != LLVMTypeKind::LLVMVectorTypeKind {
                return Ok(());
            }
            let slot = i.operand(1);
            if LLVMIsAAllocaInst(slot.0).is_null() {
                return Err(refuse(f, Some(i), "a store through a pointer inside SIMD control flow"));
            }
            if ty.vector_size() == width {
                let em = em_slice(i, width);
                let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(ty.0));
                LLVMPositionBuilderBefore(builder, i.0);
                let old = LLVMBuildLoad2(builder, ty.0, slot.0, c"old".as_ptr());
                let sel = LLVMBuildSelect(builder, em, value.0, old, c"simdcfpred".as_ptr());
                LLVMSetOperand(i.0, 0, sel);
                LLVMDisposeBuilder(builder);
                return Ok(());
            }
            // A wider vector: predicate the wrregion of the width that built it.
            let mut v = value;
            loop {
                let is_wrregion = v.is_instruction()
                    && v.opcode() == LLVMOpcode::LLVMCall
                    && v.called_value().name().starts_with("llvm.genx.wrregion");
                if !is_wrregion {
                    return Err(refuse(
                        f,
                        Some(i),
                        format!(
                            "a store of {} inside SIMD control flow of width {width} (only vectors of the width, and wider ones written by a wrregion of the width, are predicated)",
                            ty.print()
                        ),
                    ));
                }
                let written = v.operand(1).ty();
                if written.kind() == LLVMTypeKind::LLVMVectorTypeKind && written.vector_size() == width {
                    return predicate_wrregion(f, v, width, em_slice);
                }
                v = v.operand(0);
            }
        }
        LLVMOpcode::LLVMCall => {
            let callee = i.called_value();
            if !callee.is_function() {
                return Err(refuse(f, Some(i), "an indirect call inside SIMD control flow"));
            }
            let name = callee.name();
            if name.starts_with("llvm.genx.simdcf.predicate") {
                let em = em_slice(i, width);
                let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(i.ty().0));
                LLVMPositionBuilderBefore(builder, i.0);
                let sel =
                    LLVMBuildSelect(builder, em, i.operand(0).0, i.operand(1).0, c"simdcfpred".as_ptr());
                LLVMReplaceAllUsesWith(i.0, sel);
                LLVMInstructionEraseFromParent(i.0);
                return Ok(());
            }
            if !name.starts_with("llvm.") {
                return Err(refuse(f, Some(i), format!("a call of @{name} inside SIMD control flow")));
            }
            if name.starts_with("llvm.genx.simdcf") || name.starts_with("llvm.genx.wrregion") {
                return Ok(());
            }
            // A message's predicate of the width gets the mask ANDed in.
            for k in 0..i.num_call_args() {
                let a = i.operand(k);
                let t = a.ty();
                let is_pred = t.kind() == LLVMTypeKind::LLVMVectorTypeKind
                    && t.vector_size() == width
                    && t.element().kind() == LLVMTypeKind::LLVMIntegerTypeKind
                    && t.element().int_width() == 1;
                if is_pred {
                    let em = em_slice(i, width);
                    let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(t.0));
                    LLVMPositionBuilderBefore(builder, i.0);
                    let m = LLVMBuildAnd(builder, a.0, em, c"pred".as_ptr());
                    LLVMSetOperand(i.0, k, m);
                    LLVMDisposeBuilder(builder);
                    break;
                }
            }
            Ok(())
        }
        LLVMOpcode::LLVMAtomicRMW | LLVMOpcode::LLVMAtomicCmpXchg => {
            Err(refuse(f, Some(i), "an atomic operation on memory inside SIMD control flow"))
        }
        _ => Ok(()),
    }
}

/// Gives wrregion `w` (writing `width` elements) the execution mask as its mask, ANDed with its own
/// when that is not all true. A scalar `i1 true` mask takes the overload with a `<width x i1>` one.
///
/// # Safety
/// `w` is a wrregion call of the live function `f`.
unsafe fn predicate_wrregion(
    f: Val,
    w: Val,
    width: u32,
    em_slice: &dyn Fn(Val, u32) -> LLVMValueRef,
) -> Result<(), Diagnostic> {
    const MASK: u32 = 7;
    let mask = w.operand(MASK);
    let em = em_slice(w, width);
    let ctx = LLVMGetTypeContext(LLVMTypeOf(w.0));
    let builder = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderBefore(builder, w.0);
    let mask_ty = mask.ty();
    let is_vector = mask_ty.kind() == LLVMTypeKind::LLVMVectorTypeKind;
    if is_vector && mask_ty.vector_size() != width {
        LLVMDisposeBuilder(builder);
        return Err(refuse(f, Some(w), "a wrregion whose mask is not a predicate of its width"));
    }
    let all_true = mask.is_constant()
        && (mask.const_int() == Some(1) || LLVMIsNull(LLVMBuildNot(builder, mask.0, c"".as_ptr())) != 0);
    let pred = if all_true {
        em
    } else if is_vector {
        LLVMBuildAnd(builder, mask.0, em, c"pred".as_ptr())
    } else {
        LLVMDisposeBuilder(builder);
        return Err(refuse(
            f,
            Some(w),
            "a wrregion with a scalar mask that is not constant true inside SIMD control flow",
        ));
    };
    if is_vector {
        LLVMSetOperand(w.0, MASK, pred);
        LLVMDisposeBuilder(builder);
        return Ok(());
    }
    // The overload with a vector mask: the callee's name ends in `.i1`, its last parameter is i1.
    let callee = w.called_value();
    let name = callee.name();
    let Some(stem) = name.strip_suffix(".i1") else {
        LLVMDisposeBuilder(builder);
        return Err(refuse(f, Some(w), "a wrregion overload without a mask type suffix"));
    };
    let new_name = std::ffi::CString::new(format!("{stem}.v{width}i1")).expect("no NUL");
    let module = LLVMGetGlobalParent(callee.0);
    let fty = LLVMGlobalGetValueType(callee.0);
    let mut params: Vec<LLVMTypeRef> = vec![std::ptr::null_mut(); LLVMCountParamTypes(fty) as usize];
    LLVMGetParamTypes(fty, params.as_mut_ptr());
    params[MASK as usize] = LLVMTypeOf(em);
    let new_ty = LLVMFunctionType(LLVMGetReturnType(fty), params.as_mut_ptr(), params.len() as u32, 0);
    let mut decl = LLVMGetNamedFunction(module, new_name.as_ptr());
    if decl.is_null() {
        decl = LLVMAddFunction(module, new_name.as_ptr(), new_ty);
    }
    let mut args: Vec<LLVMValueRef> = (0..w.num_call_args()).map(|k| w.operand(k).0).collect();
    args[MASK as usize] = pred;
    let name = std::ffi::CString::new(w.name()).unwrap_or_default();
    let call = LLVMBuildCall2(builder, new_ty, decl, args.as_mut_ptr(), args.len() as u32, name.as_ptr());
    LLVMReplaceAllUsesWith(w.0, call);
    LLVMInstructionEraseFromParent(w.0);
    LLVMDisposeBuilder(builder);
    Ok(())
}

/// Declares (or finds) `llvm.genx.simdcf.<what>.v32i1.v<width>i1`.
///
/// # Safety
/// All types belong to `module`'s context.
unsafe fn declare(
    module: LLVMModuleRef,
    what: &str,
    width: u32,
    em_ty: LLVMTypeRef,
    rm_ty: LLVMTypeRef,
    i1: LLVMTypeRef,
) -> LLVMValueRef {
    let name = format!("llvm.genx.simdcf.{what}.v{EM_WIDTH}i1.v{width}i1");
    let cname = std::ffi::CString::new(name).expect("no NUL");
    let existing = LLVMGetNamedFunction(module, cname.as_ptr());
    if !existing.is_null() {
        return existing;
    }
    let ctx = LLVMGetModuleContext(module);
    let ty = if what == "goto" {
        let mut fields = [em_ty, rm_ty, i1];
        let ret = LLVMStructTypeInContext(ctx, fields.as_mut_ptr(), 3, 0);
        let mut params = [em_ty, rm_ty, rm_ty];
        LLVMFunctionType(ret, params.as_mut_ptr(), 3, 0)
    } else {
        let mut fields = [em_ty, i1];
        let ret = LLVMStructTypeInContext(ctx, fields.as_mut_ptr(), 2, 0);
        let mut params = [em_ty, rm_ty];
        LLVMFunctionType(ret, params.as_mut_ptr(), 2, 0)
    };
    LLVMAddFunction(module, cname.as_ptr(), ty)
}

/// The first instruction of `b` that is not an alloca.
fn first_non_alloca(b: Bb) -> Val {
    b.instructions()
        .into_iter()
        .find(|i| i.opcode() != LLVMOpcode::LLVMAlloca)
        .expect("a block has a terminator")
}

/// The first instruction of `b` that is not a phi.
fn first_non_phi(b: Bb) -> Val {
    b.instructions()
        .into_iter()
        .find(|i| i.opcode() != LLVMOpcode::LLVMPHI)
        .expect("a block has a terminator")
}

/// Moves everything after `at` in `block` to a new block right after it, and returns the new
/// block (`block` is left without a terminator).
///
/// # Safety
/// `at` is an instruction of `block`, a block of a live function.
unsafe fn split_after(ctx: LLVMContextRef, block: Bb, at: LLVMValueRef) -> LLVMBasicBlockRef {
    let after = LLVMGetNextBasicBlock(block.0);
    let parent = LLVMGetBasicBlockParent(block.0);
    let rest = if after.is_null() {
        LLVMAppendBasicBlockInContext(ctx, parent, c"simd.joined".as_ptr())
    } else {
        LLVMInsertBasicBlockInContext(ctx, after, c"simd.joined".as_ptr())
    };
    let builder = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderAtEnd(builder, rest);
    let mut i = LLVMGetNextInstruction(at);
    while !i.is_null() {
        let next = LLVMGetNextInstruction(i);
        let name = std::ffi::CString::new(Val(i).name()).unwrap_or_default();
        LLVMInstructionRemoveFromParent(i);
        LLVMInsertIntoBuilderWithName(builder, i, name.as_ptr());
        i = next;
    }
    LLVMDisposeBuilder(builder);
    rest
}
