//! Baling: which instructions fold into one vISA instruction.
//!
//! A bale is an operation together with the `rdregion`s that feed its operands (they become source
//! regions) and the `wrregion` that takes its result (it becomes the destination region). A value
//! that is baled into its user needs no vISA variable of its own. The analysis is conservative: a
//! value is baled only into its single user in the same block, so reading its operands at the
//! user's position sees the same values.
//!
//! Besides regions, four kinds of operations fold into their user: `fneg` and absolute value
//! (a source modifier), an operation under `llvm.genx.sat` (the `.sat` flag), and a `zext` or
//! `sext` of bytes or words read by integer arithmetic (the narrow operand as a source of its
//! own type). A `wrregion`
//! with a vector mask takes its operation as a predicated write. A compare written into a
//! predicate slice (`wrpredregion`) writes straight into that predicate. An element-wise operation
//! whose only user is a select on the SIMD control flow execution mask (`select(EM, op, old)`, the
//! form of an assignment inside a SIMD `if`) runs under the hardware mask straight into the
//! select's destination instead of through a variable of its own.

use crate::intrinsics::IntrinsicId;
use crate::ir::{inst_index, BinOp, BlockId, Function, InstId, InstKind, Value};

/// Use counts and bale decisions of one function.
#[derive(Clone, Debug, Default)]
pub struct Bales {
    /// How many times each instruction result is used (by instructions and terminators), indexed
    /// by [`crate::ir::inst_index`] ([`Function::use_counts`]).
    pub uses: Vec<u32>,
    /// The user each instruction is folded into, by [`crate::ir::inst_index`] (the raw index of
    /// the user, [`Bales::NOT_BALED`] for an instruction that is not folded): a dense vector, as
    /// selection asks about every instruction and operand.
    users: Vec<u32>,
}

impl Bales {
    /// The mark of an instruction folded into no user in [`Bales::user_indices`].
    pub const NOT_BALED: u32 = u32::MAX;

    /// Whether the instruction's result is folded into its user.
    #[inline]
    pub fn is_baled(&self, id: InstId) -> bool {
        self.users.get(inst_index(id)).is_some_and(|&u| u != Self::NOT_BALED)
    }

    /// The user the instruction's result is folded into (`None` when it is not baled).
    #[inline]
    pub fn baled_into(&self, id: InstId) -> Option<InstId> {
        match self.users.get(inst_index(id)) {
            Some(&u) if u != Self::NOT_BALED => Some(InstId::from_raw(u.into())),
            _ => None,
        }
    }

    /// The raw index of the user each instruction is folded into, by instruction index
    /// ([`Bales::NOT_BALED`] when it is not; shorter than the function when its last instructions
    /// are not baled).
    pub fn user_indices(&self) -> &[u32] {
        &self.users
    }

    /// Folds instruction `d` into its user `u`.
    fn bale(&mut self, d: InstId, u: InstId) {
        let at = inst_index(d);
        if self.users.len() <= at {
            self.users.resize(at + 1, Self::NOT_BALED);
        }
        self.users[at] = inst_index(u) as u32;
    }

    /// Number of uses of a value (0 for constants and parameters are counted too).
    pub fn use_count(&self, v: Value) -> u32 {
        match v {
            Value::Inst(i) => self.uses.get(crate::ir::inst_index(i)).copied().unwrap_or(0),
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

/// Whether an instruction is an element-wise intrinsic that is one vISA ALU instruction
/// ([`IntrinsicId::is_alu`]).
pub fn is_alu_intrinsic(kind: &InstKind) -> bool {
    matches!(kind, InstKind::Intrinsic { id, .. } if id.is_alu())
}

/// Whether an instruction takes its operands as source regions (ALU operations, ALU intrinsics,
/// compares and selects).
pub fn takes_src_regions(kind: &InstKind) -> bool {
    is_alu(kind) || is_alu_intrinsic(kind) || matches!(kind, InstKind::Cmp { .. } | InstKind::Select { .. })
}

/// Whether an instruction writes a general destination region (everything that takes source
/// regions except compares, which write predicates).
pub fn takes_dst_region(kind: &InstKind) -> bool {
    takes_src_regions(kind) && !matches!(kind, InstKind::Cmp { .. })
}

/// Whether an indirect region (a single variable index) may be an operand of the operation `op`
/// in place: a plain binary operation (no division, which some platforms expand, and no integer
/// multiplication, which the finalizer expands on parts without a 32x32-bit multiplier) on word or
/// dword elements, which instruction selection never expands into a sequence, so the operand is
/// read (or written) once through one address register. A move keeps its own `mov` (the
/// finalizer propagates it), and a destination spans at most 16 bytes: the finalizer splits a
/// wider indirect destination that may straddle a GRF into an accumulator write and a move.
fn indirect_operand_ok(f: &Function, region: &crate::Region, op: InstId) -> bool {
    let Some(idx) = region.indirect else { return true };
    if f.value_type(idx).is_vector() {
        return false;
    }
    let inst = &f.insts[op];
    let int_mul = matches!(&inst.kind, InstKind::Binary { op: BinOp::Mul, .. });
    matches!(inst.ty.elem().map(crate::Elem::bytes), Some(2 | 4))
        && !int_mul
        && matches!(&inst.kind, InstKind::Binary { op, .. }
            if !matches!(op, BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem | BinOp::FDiv | BinOp::FRem))
}

/// Whether instruction `d` is one vISA ALU instruction on every platform that can run under the
/// execution mask in place of the select that reads it: 8- to 32-bit and floating-point
/// arithmetic, logic, shifts, negation and conversions (no 64-bit integer operation, which some
/// platforms emulate with sequences, no division of integers, no predicate operation).
pub fn maskable_operation(f: &Function, d: InstId) -> bool {
    use crate::ir::{BinOp, CastOp};
    use crate::types::Elem;
    let inst = &f.insts[d];
    let plain = |e: Option<Elem>| matches!(e, Some(e) if e != Elem::I1 && e != Elem::I64);
    if !plain(inst.ty.elem()) {
        return false;
    }
    match &inst.kind {
        InstKind::Binary { op, .. } => {
            !matches!(op, BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem | BinOp::FRem)
        }
        InstKind::FNeg(_) => true,
        InstKind::Cast { op, value } => {
            *op != CastOp::BitCast && is_alu(&inst.kind) && plain(f.value_type(*value).elem())
        }
        _ => false,
    }
}

/// Whether compare predicate `p` is one vISA `cmp` with no negation: the integer relations and
/// the ordered float ones (`une` too, true on NaN as vISA's `cmp.ne` is).
pub fn plain_relation(p: crate::ir::CmpPred) -> bool {
    use crate::ir::CmpPred::*;
    matches!(
        p,
        Eq | Ne | Ugt | Uge | Ult | Ule | Sgt | Sge | Slt | Sle | FOeq | FUne | FOgt | FOge | FOlt | FOle
    )
}

/// Whether instruction `d` is a compare that is one vISA `cmp` on every platform, which can run
/// under the execution mask into a predicate cleared first (`select(EM, cmp, false)`: the lanes
/// the mask enables that compare true): a vector of 8- to 32-bit integers or of floats (no
/// 64-bit element, which some platforms emulate), with a relation that needs no negation.
pub fn maskable_compare(f: &Function, d: InstId) -> bool {
    use crate::types::Elem;
    let InstKind::Cmp { pred, lhs, .. } = &f.insts[d].kind else { return false };
    let ty = f.value_type(*lhs);
    let plain = matches!(ty.elem(), Some(e) if e != Elem::I1 && e.bytes() <= 4);
    plain && ty.num_elems() > 1 && ty.num_elems() <= 32 && plain_relation(*pred)
}

/// Whether instruction `d` is an integer extension that can be read as a source of another
/// type: a `zext`/`sext` of bytes or words to words or dwords. Its user reads the narrow
/// operand with an unsigned (`zext`) or signed (`sext`) source type, which the ALU extends to
/// the execution type itself (IGC's Vector Compiler folds such extensions the same way).
pub fn is_source_extension(f: &Function, d: InstId) -> bool {
    use crate::ir::CastOp;
    use crate::types::Elem;
    let InstKind::Cast { op: CastOp::ZExt | CastOp::SExt, value } = &f.insts[d].kind else { return false };
    matches!(f.value_type(*value).elem(), Some(Elem::I8 | Elem::I16))
        && matches!(f.insts[d].ty.elem(), Some(Elem::I16 | Elem::I32))
}

/// Whether operand `v` of instruction `u` may be an extension read as its source type
/// ([`is_source_extension`]): `u` is a word or dword `add`, `mul`, `and`, `or`, `xor`, or the
/// first operand of a `sub` (the second is negated, and a negated unsigned source is not its
/// extension's negation).
fn extension_user(kind: &InstKind, ty: &crate::types::Type, v: Value) -> bool {
    use crate::types::Elem;
    let InstKind::Binary { op, rhs, .. } = kind else { return false };
    let plain = matches!(op, BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor);
    (plain || (*op == BinOp::Sub && *rhs != v)) && matches!(ty.elem(), Some(Elem::I16 | Elem::I32))
}

fn is_modifier(f: &Function, d: InstId) -> bool {
    match &f.insts[d].kind {
        InstKind::FNeg(_) => true,
        InstKind::Intrinsic { id, args } => id.is_abs() && args.len() == 1,
        _ => false,
    }
}

/// Decides the bales of a function. `src_ok(region, exec_size)` and `dst_ok(region)` say whether
/// a region can be encoded as a source or destination operand on the target.
pub fn analyze(
    f: &Function,
    src_ok: impl Fn(&crate::region::Region, u32) -> bool,
    dst_ok: impl Fn(&crate::region::Region) -> bool,
) -> Bales {
    let mut b = Bales { uses: f.use_counts(), users: vec![Bales::NOT_BALED; f.insts.len()] };
    // the block of each instruction of the layout, by instruction index
    let mut block_of: Vec<Option<BlockId>> = vec![None; f.insts.len()];
    for &bl in &f.layout {
        for &i in &f.blocks[bl].insts {
            block_of[inst_index(i)] = Some(bl);
        }
    }
    let block = |i: InstId| block_of.get(inst_index(i)).copied().flatten();
    let single_use_in_block =
        |b: &Bales, d: InstId, user: InstId| b.use_count(Value::Inst(d)) == 1 && block(d) == block(user);
    // the execution mask values of SIMD control flow (none without goto/join), found for the
    // first select (only a select's condition is asked about)
    let cf_cell = std::cell::OnceCell::new();
    let cf = || cf_cell.get_or_init(|| crate::simdcf::analyze(f).unwrap_or_default());
    // the source operands of one instruction (reused)
    let mut srcs: Vec<(Value, u32)> = Vec::new();
    for &bl in &f.layout {
        for &u in &f.blocks[bl].insts {
            let kind = &f.insts[u].kind;
            let exec = f.insts[u].ty.num_elems().max(1);
            // Source regions: rdregions feeding an ALU operation, or the `new` value of a wrregion.
            srcs.clear();
            if takes_src_regions(kind) {
                kind.for_each_operand(|v| srcs.push((v, exec)));
            } else if let InstKind::WrRegion { new, region, .. } = kind {
                srcs.push((*new, region.num_elems));
            }
            let modifier_user = takes_src_regions(kind)
                && !matches!(kind, InstKind::Select { .. })
                && !matches!(kind, InstKind::Intrinsic { id: IntrinsicId::Sat, .. });
            for &(v, exec) in &srcs {
                let Value::Inst(d) = v else { continue };
                if modifier_user
                    && is_modifier(f, d)
                    && single_use_in_block(&b, d, u)
                    && f.insts[d].ty.elem() == f.value_type(v).elem()
                {
                    b.bale(d, u);
                    continue;
                }
                // An extension read as its narrow operand's source type (not of a modifier,
                // whose value on the narrow type may differ).
                if extension_user(kind, &f.insts[u].ty, v)
                    && is_source_extension(f, d)
                    && single_use_in_block(&b, d, u)
                    && !f.insts[d]
                        .kind
                        .operands()
                        .iter()
                        .any(|o| matches!(o, Value::Inst(x) if b.is_baled(*x) && is_modifier(f, *x)))
                {
                    b.bale(d, u);
                    continue;
                }
                if let InstKind::RdRegion { input, region } = &f.insts[d].kind {
                    if single_use_in_block(&b, d, u)
                        && f.as_const(*input).is_none()
                        && (region.indirect.is_none() || indirect_operand_ok(f, region, u))
                        && src_ok(region, exec)
                    {
                        b.bale(d, u);
                    }
                }
            }
            // Saturation: the operation under `sat` gets the `.sat` flag.
            if let InstKind::Intrinsic { id, args } = kind {
                if *id == IntrinsicId::Sat && args.len() == 1 {
                    if let Value::Inst(d) = args[0] {
                        let dk = &f.insts[d].kind;
                        if takes_dst_region(dk)
                            && !matches!(dk, InstKind::Intrinsic { id: IntrinsicId::Sat, .. })
                            && f.insts[d].ty == f.insts[u].ty
                            && single_use_in_block(&b, d, u)
                            && !b.is_baled(d)
                        {
                            b.bale(d, u);
                        }
                    }
                }
                // A compare written into a predicate slice writes that slice directly.
                if *id == IntrinsicId::Wrpredregion && args.len() == 3 {
                    if let Value::Inst(d) = args[1] {
                        if matches!(f.insts[d].kind, InstKind::Cmp { .. }) && single_use_in_block(&b, d, u) {
                            b.bale(d, u);
                        }
                    }
                }
            }
            // An operation selected under the execution mask: computed under the mask.
            if let InstKind::Select { cond, on_true: Value::Inst(d), .. } = kind {
                if cf().em_lane(*cond).is_some()
                    && maskable_operation(f, *d)
                    && f.insts[*d].ty == f.insts[u].ty
                    && single_use_in_block(&b, *d, u)
                    && !b.is_baled(*d)
                {
                    b.bale(*d, u);
                }
            }
            // A compare selected over false under the execution mask: computed under the mask.
            if let InstKind::Select { cond, on_true: Value::Inst(d), on_false } = kind {
                let none = f.as_const(*on_false).is_some_and(|c| c.elems.iter().all(|e| *e == Some(0)));
                if cf().em_lane(*cond) == Some(0)
                    && none
                    && maskable_compare(f, *d)
                    && f.insts[*d].ty == f.insts[u].ty
                    && single_use_in_block(&b, *d, u)
                    && !b.is_baled(*d)
                {
                    b.bale(*d, u);
                }
            }
            // Destination region: an ALU result written by a wrregion (predicated by its mask).
            if let InstKind::WrRegion { new: Value::Inst(d), region, mask, .. } = kind {
                let scalar_mask = f.value_type(*mask).num_elems() == 1;
                let mask_ok = f.as_const(*mask).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1)))
                    || (!scalar_mask && f.as_const(*mask).is_none());
                if takes_dst_region(&f.insts[*d].kind)
                    && single_use_in_block(&b, *d, u)
                    && mask_ok
                    && (region.indirect.is_none()
                        || (indirect_operand_ok(f, region, *d) && region.num_elems * region.elem_bytes <= 16))
                    && dst_ok(region)
                {
                    b.bale(*d, u);
                }
            }
        }
    }
    b
}
