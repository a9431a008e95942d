//! Shuffle lanes nothing reads: a `shufflevector` whose result only flows through a chain of
//! `insertelement`s at constant lanes (each the only reader of the one before) has the lanes
//! those insertions overwrite made undefined in its mask, the way LLVM's instruction combiner
//! narrows the lanes a vector must define to the ones read (`SimplifyDemandedVectorElts`). The
//! selection then moves only the lanes that survive: `shufflevector %v, zeroinitializer, <4, 4,
//! 0, 1, 2, 3, 4, 4>` whose lanes 0, 1, 6 and 7 are then inserted no longer writes zeros there
//! first.

use super::super::opcode_walk::OpcodeSet;
use super::super::raw::Val;
use super::builder::Builder;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::LLVMOpcode;

/// The lanes of `v` (a vector of `lanes` elements) that the chain of `insertelement`s reading
/// it overwrites before anything else reads it: each link the only user of the one before, the
/// chain's base operand, at a constant lane.
fn overwritten(v: Val, lanes: usize) -> Vec<bool> {
    let mut out = vec![false; lanes];
    let mut cur = v;
    loop {
        let users = cur.users();
        let [u] = users[..] else { break };
        if !u.is_instruction() || u.opcode() != LLVMOpcode::LLVMInsertElement || u.operand(0).0 != cur.0 {
            break;
        }
        match u.operand(2).const_int() {
            Some(k) if (0..lanes as i64).contains(&k) => out[k as usize] = true,
            _ => break,
        }
        cur = u;
    }
    out
}

/// Makes undefined, in every shuffle mask of `f`, the lanes the insertions reading the shuffle
/// overwrite (see [`overwritten`]); returns how many shuffles it rewrote.
/// `shuffles` is the set of the `shufflevector` opcode the walk over `f` stops at.
pub(super) fn undefine_overwritten_lanes(b: &Builder, f: Val, shuffles: &OpcodeSet) -> usize {
    let mut n = 0;
    for i in shuffles.walk(f) {
        let mask = i.shuffle_mask();
        let dead = overwritten(i, mask.len());
        if !mask.iter().zip(&dead).any(|(m, &d)| d && m.is_some()) {
            continue;
        }
        let a_len = i.operand(0).ty().vector_size();
        let kept: Vec<Option<u32>> =
            mask.iter().zip(&dead).map(|(&m, &d)| if d { None } else { m }).collect();
        b.before(i);
        // SAFETY: the new mask has the old one's length, with entries below twice the operands'
        // length or undefined; an operand no lane reads any more becomes undef of its type; the
        // new shuffle replaces every use of the old one (which the insertions overwrite where
        // they differ) before it is erased.
        unsafe {
            let i32t = LLVMInt32TypeInContext(b.ctx);
            let mut entries: Vec<LLVMValueRef> = kept
                .iter()
                .map(|m| match m {
                    Some(k) => LLVMConstInt(i32t, u64::from(*k), 0),
                    None => LLVMGetUndef(i32t),
                })
                .collect();
            let mv = LLVMConstVector(entries.as_mut_ptr(), entries.len() as u32);
            let reads = |side: bool| kept.iter().flatten().any(|&k| (k >= a_len) == side);
            let operand = |k: u32, side: bool| {
                let o = i.operand(k).0;
                if reads(side) {
                    o
                } else {
                    LLVMGetUndef(LLVMTypeOf(o))
                }
            };
            let s = LLVMBuildShuffleVector(b.b, operand(0, false), operand(1, true), mv, c"".as_ptr());
            LLVMReplaceAllUsesWith(i.0, s);
            LLVMInstructionEraseFromParent(i.0);
        }
        n += 1;
    }
    n
}
