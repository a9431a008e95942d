//! Full unrolling of counted loops with a small constant trip count, as Intel's Vector Compiler
//! gets from LLVM's loop unroller before its GenX passes: a loop whose counter starts at a
//! constant, steps by a constant and is compared with a constant on the back edge runs a known
//! number of times, and when that number times the loop's size is small, the straight-line copies
//! of its body are smaller than the loop (no counter, compare or jumps) and fold further (the
//! counter becomes a constant in each copy). LLVM's unroller (with the loop analyses it needs:
//! canonical loop form, scalar evolution) runs only on the functions such a loop is recognized in
//! here ([`has_small_counted_loop`], one walk of the instructions), so that a module without one
//! pays nothing. Also here: the value a predicate phi takes on an edge only taken when that
//! predicate is true ([`known_on_edges`]), which makes a loop flag (`%more = phi [true, entry],
//! [%c, latch]` with the latch continuing on `%more & %c`) the constant it is and the loop
//! counted.

use super::super::raw::{Bb, ModuleRef, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::transforms::scalar::{
    LLVMAddEarlyCSEPass, LLVMAddInstructionSimplifyPass, LLVMAddLoopUnrollPass,
};
use inkwell::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

/// The most trips a loop unrolled here runs.
const MAX_TRIPS: u64 = 16;

/// The most instructions of a loop's copies (trips times the loop's instructions).
const MAX_UNROLLED_INSTRUCTIONS: u64 = 96;

/// Whether `v` is an `i1` scalar.
fn is_scalar_predicate(v: Val) -> bool {
    let t = v.ty();
    t.kind() == LLVMTypeKind::LLVMIntegerTypeKind && t.int_width() == 1
}

/// Whether predicate `cond` true means predicate `v` true: `cond` is `v` or an `and` one operand
/// of which (recursively) is `v`.
fn implies(cond: Val, v: Val) -> bool {
    cond.0 == v.0
        || (cond.is_instruction()
            && cond.opcode() == LLVMOpcode::LLVMAnd
            && cond.operands().into_iter().any(|o| implies(o, v)))
}

/// Replaces, in every scalar predicate phi of `f`, a value coming from a block whose branch
/// enters the phi's block only when that value is true (`br (%v & %w), %phi_block, %other`) by
/// `true`; returns how many incoming values it replaced.
pub(super) fn known_on_edges(f: Val) -> usize {
    let mut n = 0;
    for block in f.blocks() {
        // (the phis are read one at a time: setting their operands leaves the list as it is)
        for phi in block.each_instruction() {
            if phi.opcode() != LLVMOpcode::LLVMPHI {
                break;
            }
            if !is_scalar_predicate(phi) {
                continue;
            }
            for (k, (v, from)) in phi.phi_incoming().into_iter().enumerate() {
                if v.is_constant() {
                    continue;
                }
                let Some(br) = from.terminator() else { continue };
                if br.opcode() != LLVMOpcode::LLVMBr || !br.is_conditional() {
                    continue;
                }
                let succ = br.successors();
                // the true edge enters the phi's block, the false edge does not
                if succ[0].0 != block.0 || succ[1].0 == block.0 || !implies(br.operand(0), v) {
                    continue;
                }
                // SAFETY: `phi` is a live phi of `i1` and `k` one of its incoming indices; the
                // constant is of its type.
                unsafe { LLVMSetOperand(phi.0, k as u32, LLVMConstInt(phi.ty().0, 1, 0)) };
                n += 1;
            }
        }
    }
    n
}

/// The value of integer constant `v` (scalar), zero-extended to 64 bits at `width` bits.
fn constant_bits(v: Val, width: u32) -> Option<u64> {
    let c = v.const_int()? as u64;
    Some(if width >= 64 { c } else { c & ((1u64 << width) - 1) })
}

/// Whether compare `p` holds for `a` and `b`, `width`-bit integers (zero-extended in the u64s).
fn compare(p: LLVMIntPredicate, a: u64, b: u64, width: u32) -> bool {
    use LLVMIntPredicate::*;
    let signed = |x: u64| if width >= 64 { x as i64 } else { ((x << (64 - width)) as i64) >> (64 - width) };
    match p {
        LLVMIntEQ => a == b,
        LLVMIntNE => a != b,
        LLVMIntUGT => a > b,
        LLVMIntUGE => a >= b,
        LLVMIntULT => a < b,
        LLVMIntULE => a <= b,
        LLVMIntSGT => signed(a) > signed(b),
        LLVMIntSGE => signed(a) >= signed(b),
        LLVMIntSLT => signed(a) < signed(b),
        LLVMIntSLE => signed(a) <= signed(b),
    }
}

/// How many times the loop closed by the back edge `latch -> header` runs, when it is counted:
/// the latch branches on a compare of a constant with the counter stepped by a constant (`add`
/// or `sub`), the counter a phi of the header that enters the loop with a constant. `None` for
/// any other loop, or one of more than [`MAX_TRIPS`] trips.
fn trips(header: Bb, latch: Bb) -> Option<u64> {
    let br = latch.terminator()?;
    if br.opcode() != LLVMOpcode::LLVMBr || !br.is_conditional() {
        return None;
    }
    let succ = br.successors();
    let continue_when = if succ[0].0 == header.0 && succ[1].0 != header.0 {
        true
    } else if succ[1].0 == header.0 && succ[0].0 != header.0 {
        false
    } else {
        return None;
    };
    let cmp = br.operand(0);
    if !cmp.is_instruction() || cmp.opcode() != LLVMOpcode::LLVMICmp {
        return None;
    }
    let (p, next, bound) = match (cmp.operand(0).const_int(), cmp.operand(1).const_int()) {
        (None, Some(_)) => (cmp.icmp_predicate(), cmp.operand(0), cmp.operand(1)),
        _ => return None,
    };
    if !next.is_instruction() || !matches!(next.opcode(), LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMSub) {
        return None;
    }
    let t = next.ty();
    if t.kind() != LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    let width = t.int_width();
    let (counter, step) = (next.operand(0), next.operand(1));
    let step = constant_bits(step, width)?;
    if !counter.is_instruction() || counter.opcode() != LLVMOpcode::LLVMPHI {
        return None;
    }
    // SAFETY: a valid instruction.
    if unsafe { LLVMGetInstructionParent(counter.0) } != header.0 {
        return None;
    }
    let incoming = counter.phi_incoming();
    if incoming.len() != 2 {
        return None;
    }
    let mut start = None;
    for (v, from) in incoming {
        if from.0 == latch.0 {
            if v.0 != next.0 {
                return None;
            }
        } else {
            start = Some(constant_bits(v, width)?);
        }
    }
    let (mut i, bound) = (start?, constant_bits(bound, width)?);
    let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
    for n in 1..=MAX_TRIPS {
        i = if next.opcode() == LLVMOpcode::LLVMAdd { i.wrapping_add(step) } else { i.wrapping_sub(step) }
            & mask;
        if compare(p, i, bound, width) != continue_when {
            return Some(n);
        }
    }
    None
}

/// Whether `f` has a counted loop (see [`trips`]) whose copies, its trips times its
/// instructions (the blocks from its header to its latch in layout order), are at most
/// [`MAX_UNROLLED_INSTRUCTIONS`].
pub(super) fn has_small_counted_loop(f: Val) -> bool {
    let blocks = f.blocks();
    // (the sizes of the loop's blocks, counted once a loop is counted)
    let size = |b: &Bb| b.each_instruction().count() as u64;
    for (l, &latch) in blocks.iter().enumerate() {
        let Some(br) = latch.terminator() else { continue };
        for header in br.successors() {
            let Some(h) = blocks[..=l].iter().position(|b| b.0 == header.0) else { continue };
            if let Some(n) = trips(header, latch) {
                if n * blocks[h..=l].iter().map(size).sum::<u64>() <= MAX_UNROLLED_INSTRUCTIONS {
                    return true;
                }
            }
        }
    }
    false
}

/// Runs LLVM's loop unroller, then its early common-subexpression elimination (a value every
/// copy computes the same, a select of loop-invariant constants, once) and its instruction
/// simplifier, on each function of `functions` (functions of module `m` with a small counted
/// loop).
pub(super) fn unroll_loops(m: &ModuleRef, functions: &[Val]) {
    super::run_function_passes(
        m,
        functions,
        &[LLVMAddLoopUnrollPass, LLVMAddEarlyCSEPass, LLVMAddInstructionSimplifyPass],
    );
}
