//! Register pressure: vector operations moved down to their single use (issue 22, item 8).
//!
//! Source order often computes several vector results long before each is used (all products of
//! a sum, then the sum): every such result holds its registers from its definition to its use,
//! and with large tiles the finalizer spills. An element-wise operation whose only use is later in
//! the same block is moved to right before that use when each of its operands stays live past the
//! use anyway (used again later in the block, or after it): the move then shortens the result's
//! live range without lengthening any other, so the number of values live at any point can only
//! go down. Operations have no side effects, so moving them within a block keeps the meaning.
//! Predicates are not moved, and nothing is put between a predicate and the use right after it
//! (a mask ANDed with the SIMD control flow mask must stay next to its message).
//! Blocks are walked from the end, so a chain of such operations ends up next to its last user.

use genxc_genx::ir::{CastOp, Function, InstId, InstKind, Value};
use genxc_genx::types::Elem;
use std::collections::HashMap;

/// Largest block (in instructions) the pass looks at: each move renumbers the block.
const MAX_BLOCK: usize = 4000;

fn ix(i: InstId) -> usize {
    u32::from(i.into_raw()) as usize
}

/// Whether an instruction is a pure element-wise operation worth moving (a vector result).
fn movable(f: &Function, i: InstId) -> bool {
    let inst = &f.insts[i];
    inst.ty.is_vector()
        && inst.ty.elem() != Some(Elem::I1)
        && matches!(
            inst.kind,
            InstKind::Binary { .. }
                | InstKind::FNeg(_)
                | InstKind::Cmp { .. }
                | InstKind::Select { .. }
                | InstKind::Cast { op: CastOp::Trunc | CastOp::ZExt | CastOp::SExt | CastOp::FPTrunc, .. }
                | InstKind::Cast {
                    op: CastOp::FPExt | CastOp::FPToUI | CastOp::FPToSI | CastOp::UIToFP | CastOp::SIToFP,
                    ..
                }
        )
}

/// Moves single-use vector operations down to their use where that shortens live ranges (see the
/// module documentation); returns how many moved.
pub fn sink_to_single_uses(f: &mut Function) -> usize {
    let uses = f.use_counts();
    // the block of every instruction, and whether a value is used outside its block, by a phi
    // or by a terminator (it is then live past every instruction of its block that follows it)
    let mut block_of: Vec<usize> = vec![usize::MAX; f.insts.len()];
    for (k, &b) in f.layout.iter().enumerate() {
        for &i in &f.blocks[b].insts {
            block_of[ix(i)] = k;
        }
    }
    let mut escapes = vec![false; f.insts.len()];
    let mut param_escapes = vec![false; f.params.len()];
    for (k, &b) in f.layout.iter().enumerate() {
        for &i in &f.blocks[b].insts {
            let phi = matches!(f.insts[i].kind, InstKind::Phi { .. });
            f.insts[i].kind.for_each_operand(|v| match v {
                Value::Inst(d) if phi || block_of[ix(d)] != k => escapes[ix(d)] = true,
                _ => {}
            });
        }
        for v in f.blocks[b].term.operands() {
            if let Value::Inst(d) = v {
                escapes[ix(d)] = true;
            }
        }
    }
    // a parameter is live everywhere its uses reach: treat one used in several blocks as escaping
    let mut param_block: Vec<Option<usize>> = vec![None; f.params.len()];
    for (k, &b) in f.layout.iter().enumerate() {
        for &i in &f.blocks[b].insts {
            f.insts[i].kind.for_each_operand(|v| {
                if let Value::Param(p) = v {
                    let p = p as usize;
                    match param_block[p] {
                        Some(q) if q != k => param_escapes[p] = true,
                        _ => param_block[p] = Some(k),
                    }
                }
            });
        }
    }
    let mut moved = 0;
    for b in f.layout.clone() {
        let mut order = f.blocks[b].insts.clone();
        if order.len() > MAX_BLOCK {
            continue;
        }
        let mut pos: HashMap<InstId, usize> = order.iter().enumerate().map(|(k, &i)| (i, k)).collect();
        // the users (in this block) of each value
        let mut users: HashMap<Value, Vec<InstId>> = HashMap::new();
        for &i in &order {
            f.insts[i].kind.for_each_operand(|v| {
                if !matches!(v, Value::Const(_)) {
                    users.entry(v).or_default().push(i);
                }
            });
        }
        let mut k = order.len();
        while k > 0 {
            k -= 1;
            let c = order[k];
            if !movable(f, c) || uses.get(ix(c)) != Some(&1) || escapes[ix(c)] {
                continue;
            }
            let Some(&u) = users.get(&Value::Inst(c)).and_then(|us| us.first()) else { continue };
            if matches!(f.insts[u].kind, InstKind::Phi { .. }) {
                continue;
            }
            let target = pos[&u];
            // a predicate computed for the use (a mask ANDed with the SIMD control flow mask
            // is read by the message right after it) stays next to it
            let pred_before = |j: usize| f.insts[order[j]].ty.elem() == Some(Elem::I1);
            if target <= k + 1 || pred_before(target - 1) {
                continue;
            }
            // every operand stays live past the use anyway
            let mut ok = true;
            f.insts[c].kind.for_each_operand(|v| {
                ok &= match v {
                    Value::Const(_) => true,
                    Value::Param(p) => {
                        param_escapes[p as usize] || users[&v].iter().any(|&w| w != c && pos[&w] > target)
                    }
                    Value::Inst(d) => escapes[ix(d)] || users[&v].iter().any(|&w| w != c && pos[&w] > target),
                };
            });
            if !ok {
                continue;
            }
            order.remove(k);
            order.insert(target - 1, c);
            for (j, &i) in order.iter().enumerate().take(target).skip(k) {
                pos.insert(i, j);
            }
            moved += 1;
        }
        f.blocks[b].insts = order;
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;
    use genxc_genx::ir::{BinOp, Inst, Linkage, Terminator};
    use genxc_genx::types::{Elem, Type};

    fn bin(f: &mut Function, b: genxc_genx::ir::BlockId, lhs: Value, rhs: Value, name: &str) -> Value {
        f.push_inst(
            b,
            Inst {
                kind: InstKind::Binary { op: BinOp::FMul, lhs, rhs },
                ty: Type::Vector(Elem::Float, 16),
                name: name.into(),
            },
        )
    }

    #[test]
    fn products_move_next_to_their_sum() {
        let t = Type::Vector(Elem::Float, 16);
        let mut f = Function::new("k", Linkage::Kernel, vec![t, t, t], t);
        let b = f.add_block("entry");
        let (a, x, y) = (Value::Param(0), Value::Param(1), Value::Param(2));
        let p0 = bin(&mut f, b, a, x, "p0");
        let p1 = bin(&mut f, b, a, y, "p1");
        let s = bin(&mut f, b, p0, p1, "s");
        let t2 = bin(&mut f, b, s, a, "t2");
        let r = bin(&mut f, b, t2, x, "r");
        let r2 = bin(&mut f, b, r, y, "r2");
        f.blocks[b].term = Terminator::Ret(Some(r2));
        // p0 reads parameters used after the sum: it moves down next to p1, right before `s`
        assert_eq!(sink_to_single_uses(&mut f), 1);
        let ids: Vec<InstId> =
            [p1, p0, s].iter().map(|v| if let Value::Inst(i) = v { *i } else { unreachable!() }).collect();
        assert_eq!(f.blocks[b].insts[..3], ids[..]);
    }

    #[test]
    fn an_operation_whose_operand_dies_stays() {
        let t = Type::Vector(Elem::Float, 16);
        let mut f = Function::new("k", Linkage::Kernel, vec![t, t], t);
        let b = f.add_block("entry");
        let (a, x) = (Value::Param(0), Value::Param(1));
        let q = bin(&mut f, b, a, a, "q");
        let p = bin(&mut f, b, q, x, "p");
        let other = bin(&mut f, b, x, x, "other");
        let s = bin(&mut f, b, p, other, "s");
        f.blocks[b].term = Terminator::Ret(Some(s));
        // p reads q, which dies at p: moving p would keep q live longer
        assert_eq!(sink_to_single_uses(&mut f), 0);
        let Value::Inst(pi) = p else { unreachable!() };
        assert_eq!(f.blocks[b].insts[1], pi);
    }

    #[test]
    fn an_operation_moves_when_its_operands_live_on() {
        let t = Type::Vector(Elem::Float, 16);
        let mut f = Function::new("k", Linkage::Kernel, vec![t, t], t);
        let b = f.add_block("entry");
        let (a, x) = (Value::Param(0), Value::Param(1));
        let ld = bin(&mut f, b, a, a, "ld");
        let p = bin(&mut f, b, ld, x, "p");
        let mid = bin(&mut f, b, x, x, "mid");
        let s = bin(&mut f, b, mid, p, "s");
        let late = bin(&mut f, b, ld, s, "late");
        let last = bin(&mut f, b, late, x, "last");
        f.blocks[b].term = Terminator::Ret(Some(last));
        // p's operands (ld, x) are used after s: p moves down to right before s
        assert_eq!(sink_to_single_uses(&mut f), 1);
        let (Value::Inst(pi), Value::Inst(si)) = (p, s) else { unreachable!() };
        let order = &f.blocks[b].insts;
        let at = |i: InstId| order.iter().position(|&j| j == i).unwrap();
        assert_eq!(at(pi) + 1, at(si));
    }
}
