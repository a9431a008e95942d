//! Integer and predicate algebra on the LLVM module, the folds of LLVM's instruction combiner
//! that Intel's Vector Compiler gets from it before its GenX passes and that genxc would
//! otherwise select as written: compares of `i1` values in one canonical form (a signed compare
//! of `i1` is the unsigned one of the other order: `true` is -1), so that equal predicates are one
//! value, and a predicate operation repeated in a block computed once; then LLVM's instruction
//! simplifier (which only ever replaces an instruction by a value already there or a constant:
//! `select c, x, x` is `x`, `(x + y) - x` is `y`).

use super::super::raw::{ModuleRef, Val};
use super::builder::{Builder, NONAME};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::transforms::scalar::LLVMAddInstructionSimplifyPass;
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

/// Whether `v`'s type is `i1` or a vector of `i1`.
fn is_predicate(v: Val) -> bool {
    let t = v.ty();
    let e = if t.kind() == LLVMTypeKind::LLVMVectorTypeKind { t.element() } else { t };
    e.kind() == LLVMTypeKind::LLVMIntegerTypeKind && e.int_width() == 1
}

/// The unsigned predicate a signed compare of `i1` values is, with the operands swapped.
fn unsigned_swapped(p: LLVMIntPredicate) -> Option<LLVMIntPredicate> {
    use LLVMIntPredicate::*;
    Some(match p {
        LLVMIntSGT => LLVMIntULT,
        LLVMIntSGE => LLVMIntULE,
        LLVMIntSLT => LLVMIntUGT,
        LLVMIntSLE => LLVMIntUGE,
        _ => return None,
    })
}

/// Rewrites every signed compare of `i1` values in `f` into the unsigned compare of the same
/// operands that it equals (`a >s b` is `a <u b`); returns how many.
fn canonical_predicate_compares(b: &Builder, f: Val) -> usize {
    let mut n = 0;
    for i in f.blocks().into_iter().flat_map(|b| b.instructions()) {
        if i.opcode() != LLVMOpcode::LLVMICmp || !is_predicate(i.operand(0)) {
            continue;
        }
        if let Some(p) = unsigned_swapped(i.icmp_predicate()) {
            b.before(i);
            // SAFETY: `i` is a live icmp of two `i1` operands; the new compare has its type and
            // replaces every use of it before it is erased.
            unsafe {
                let c = LLVMBuildICmp(b.b, p, i.operand(0).0, i.operand(1).0, NONAME);
                LLVMReplaceAllUsesWith(i.0, c);
                LLVMInstructionEraseFromParent(i.0);
            }
            n += 1;
        }
    }
    n
}

/// Whether operation `op` gives the same result with its two operands swapped.
fn commutes(op: LLVMOpcode) -> bool {
    matches!(op, LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor)
}

/// The identity of a predicate operation `i` (a compare giving a predicate, or a logic
/// operation or select of predicates): its opcode, compare predicate and operands (the operands
/// of a commuting operation in a fixed order). `None` for any other instruction.
fn predicate_key(i: Val) -> Option<(i32, i32, Vec<usize>)> {
    use LLVMOpcode::*;
    let op = i.opcode();
    if !is_predicate(i) {
        return None;
    }
    let predicate = match op {
        LLVMICmp => i.icmp_predicate() as i32,
        LLVMFCmp => i.fcmp_predicate() as i32,
        LLVMAnd | LLVMOr | LLVMXor | LLVMSelect => -1,
        _ => return None,
    };
    let mut ops: Vec<usize> = i.operands().into_iter().map(|o| o.0 as usize).collect();
    if commutes(op) {
        ops.sort_unstable();
    }
    Some((op as i32, predicate, ops))
}

/// Replaces every predicate operation of `f` that repeats one earlier in its block (the same
/// operation of the same operands) by that one; returns how many. Predicates only: a repeated
/// integer computation may be worth its instruction (a message header built in place), a
/// repeated predicate is a flag register operation and a register for nothing.
fn reuse_predicates(f: Val) -> usize {
    let mut n = 0;
    for block in f.blocks() {
        let mut seen: std::collections::HashMap<(i32, i32, Vec<usize>), Val> = Default::default();
        for i in block.instructions() {
            let Some(key) = predicate_key(i) else { continue };
            match seen.get(&key) {
                // SAFETY: `first` is an instruction of the same type before `i` in its block.
                Some(&first) => unsafe {
                    LLVMReplaceAllUsesWith(i.0, first.0);
                    LLVMInstructionEraseFromParent(i.0);
                    n += 1;
                },
                None => {
                    seen.insert(key, i);
                }
            }
        }
    }
    n
}

/// Runs the folds over every defined function of `m`.
pub fn simplify_algebra(m: &ModuleRef) {
    let defined: Vec<Val> = m.functions().into_iter().filter(|f| !f.is_declaration()).collect();
    let b = Builder::new(m);
    for &f in &defined {
        canonical_predicate_compares(&b, f);
        reuse_predicates(f);
    }
    // SAFETY: `m` is a live module; the function pass manager is created for it and disposed of
    // here, and the functions run are defined functions of it.
    unsafe {
        let fpm = LLVMCreateFunctionPassManagerForModule(m.0);
        LLVMAddInstructionSimplifyPass(fpm);
        LLVMInitializeFunctionPassManager(fpm);
        for &f in &defined {
            LLVMRunFunctionPassManager(fpm, f.0);
        }
        LLVMFinalizeFunctionPassManager(fpm);
        LLVMDisposePassManager(fpm);
    }
}
