//! Floating-point contraction, the one liberty CM's language takes with LLVM's float semantics:
//! a half or float `fadd` of an `fmul` result that nothing else uses, in the same block, may be
//! computed as one fused multiply-add (IGC's Vector Compiler and genxc both emit `mad`). The
//! reference computes exactly those additions fused, so a kernel that fuses them agrees bit for
//! bit; computing them unfused instead would differ from every compiler of the language.
//!
//! The rule is written here from its definition, not taken from the compiler, so the compiler's
//! own contraction is still checked: fusing where the rule does not allow it shows as a difference.

use genxc_genx::ir::{inst_index, BinOp, Function};
use genxc_genx::{Elem, InstKind, Value};
use std::collections::HashMap;

/// The fused additions of a function: by the `fadd`'s instruction index, the `fmul`'s two operands
/// and the addend.
pub(super) type Fused = HashMap<usize, (Value, Value, Value)>;

/// Finds the additions of `f` that CM contracts.
pub(super) fn fused_additions(f: &Function) -> Fused {
    let mut uses = vec![0u32; f.insts.len()];
    let mut count = |v: Value| {
        if let Value::Inst(i) = v {
            uses[inst_index(i)] += 1;
        }
    };
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            f.insts[i].kind.for_each_operand(&mut count);
        }
        f.blocks[b].term.operands().into_iter().for_each(&mut count);
    }
    let mut fused = Fused::new();
    for &b in &f.layout {
        let insts = &f.blocks[b].insts;
        for (k, &id) in insts.iter().enumerate() {
            let InstKind::Binary { op: BinOp::FAdd, lhs, rhs } = f.insts[id].kind else { continue };
            if !matches!(f.insts[id].ty.elem(), Some(Elem::Half | Elem::Float)) {
                continue;
            }
            let product = |v: Value| match v {
                Value::Inst(m) if uses[inst_index(m)] == 1 && insts[..k].contains(&m) => {
                    match f.insts[m].kind {
                        InstKind::Binary { op: BinOp::FMul, lhs, rhs } => Some((lhs, rhs)),
                        _ => None,
                    }
                }
                _ => None,
            };
            if let Some((a, x)) = product(lhs) {
                fused.insert(inst_index(id), (a, x, rhs));
            } else if let Some((a, x)) = product(rhs) {
                fused.insert(inst_index(id), (a, x, lhs));
            }
        }
    }
    fused
}

/// `a * b + c` per element, rounded once to `elem` (a float `mad` is an exact f32 fused
/// multiply-add; a half one is computed in f64 and rounded to half, as the vISA executor does). An
/// undefined operand element gives an undefined element.
pub(super) fn fused_mul_add(
    a: &[Option<u64>],
    b: &[Option<u64>],
    c: &[Option<u64>],
    elem: Elem,
) -> Vec<Option<u64>> {
    let lane = |x: u64, y: u64, z: u64| -> u64 {
        match elem {
            Elem::Half => {
                let h = |v: u64| half::f16::from_bits(v as u16).to_f64();
                u64::from(half::f16::from_f64(h(x).mul_add(h(y), h(z))).to_bits())
            }
            _ => {
                let f = |v: u64| f32::from_bits(v as u32);
                u64::from(f(x).mul_add(f(y), f(z)).to_bits())
            }
        }
    };
    let n = a.len().max(b.len()).max(c.len());
    let at = |v: &[Option<u64>], i: usize| if v.len() == 1 { v[0] } else { v.get(i).copied().flatten() };
    (0..n).map(|i| Some(lane(at(a, i)?, at(b, i)?, at(c, i)?))).collect()
}
