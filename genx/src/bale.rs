//! Baling: which instructions fold into one vISA instruction.
//!
//! A bale is an operation together with the `rdregion`s that feed its operands (they become source
//! regions) and the `wrregion` that takes its result (it becomes the destination region). A value
//! that is baled into its user needs no vISA variable of its own. The analysis is conservative: a
//! value is baled only into its single user in the same block, so reading its operands at the
//! user's position sees the same values.

use crate::ir::{Function, InstId, InstKind, Value};
use std::collections::HashMap;

/// Use counts and bale decisions of one function.
#[derive(Clone, Debug, Default)]
pub struct Bales {
    /// How many times each instruction result is used (by instructions and terminators).
    pub uses: HashMap<InstId, u32>,
    /// Instructions folded into their single user: the user.
    pub baled_into: HashMap<InstId, InstId>,
}

impl Bales {
    /// Whether the instruction's result is folded into its user.
    pub fn is_baled(&self, id: InstId) -> bool {
        self.baled_into.contains_key(&id)
    }

    /// Number of uses of a value (0 for constants and parameters are counted too).
    pub fn use_count(&self, v: Value) -> u32 {
        match v {
            Value::Inst(i) => self.uses.get(&i).copied().unwrap_or(0),
            _ => 0,
        }
    }
}

/// Whether an instruction is an element-wise ALU operation that accepts source regions and a
/// destination region.
pub fn is_alu(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Binary { .. }
            | InstKind::FNeg(_)
            | InstKind::Cast {
                op: crate::ir::CastOp::Trunc
                    | crate::ir::CastOp::ZExt
                    | crate::ir::CastOp::SExt
                    | crate::ir::CastOp::FPTrunc
                    | crate::ir::CastOp::FPExt
                    | crate::ir::CastOp::FPToUI
                    | crate::ir::CastOp::FPToSI
                    | crate::ir::CastOp::UIToFP
                    | crate::ir::CastOp::SIToFP,
                ..
            }
    )
}

/// Decides the bales of a function. `src_ok(region, exec_size)` and `dst_ok(region)` say whether
/// a region can be encoded as a source or destination operand on the target.
pub fn analyze(
    f: &Function,
    src_ok: impl Fn(&crate::region::Region, u32) -> bool,
    dst_ok: impl Fn(&crate::region::Region) -> bool,
) -> Bales {
    let mut b = Bales::default();
    let mut block_of = HashMap::new();
    for &bl in &f.layout {
        for &i in &f.blocks[bl].insts {
            block_of.insert(i, bl);
            f.insts[i].kind.for_each_operand(|v| {
                if let Value::Inst(d) = v {
                    *b.uses.entry(d).or_default() += 1;
                }
            });
        }
        for v in f.blocks[bl].term.operands() {
            if let Value::Inst(d) = v {
                *b.uses.entry(d).or_default() += 1;
            }
        }
    }
    let single_use_in_block = |b: &Bales, d: InstId, user: InstId| {
        b.uses.get(&d) == Some(&1) && block_of.get(&d) == block_of.get(&user)
    };
    for &bl in &f.layout {
        for &u in &f.blocks[bl].insts {
            let kind = &f.insts[u].kind;
            let exec = f.insts[u].ty.num_elems().max(1);
            // Source regions: rdregions feeding an ALU operation, or the `new` value of a wrregion.
            let mut srcs = Vec::new();
            if is_alu(kind) {
                kind.for_each_operand(|v| srcs.push((v, exec)));
            } else if let InstKind::WrRegion { new, region, .. } = kind {
                srcs.push((*new, region.num_elems));
            }
            for (v, exec) in srcs {
                let Value::Inst(d) = v else { continue };
                if let InstKind::RdRegion { input, region } = &f.insts[d].kind {
                    if single_use_in_block(&b, d, u)
                        && f.as_const(*input).is_none()
                        && region.indirect.is_none()
                        && src_ok(region, exec)
                    {
                        b.baled_into.insert(d, u);
                    }
                }
            }
            // Destination region: an ALU result written by a wrregion.
            if let InstKind::WrRegion { new: Value::Inst(d), region, mask, .. } = kind {
                let unmasked = f.as_const(*mask).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1)));
                if is_alu(&f.insts[*d].kind)
                    && single_use_in_block(&b, *d, u)
                    && unmasked
                    && region.indirect.is_none()
                    && dst_ok(region)
                {
                    b.baled_into.insert(*d, u);
                }
            }
        }
    }
    b
}
