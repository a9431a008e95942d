//! Split groups: which instructions legalization splits together (not to be confused with
//! selection's bales, `genxc_genx::bale`, which decide what folds into one vISA instruction).
//!
//! A split group is a head instruction with the instructions that go with it: an element-wise operation
//! (binary, fneg, cmp, select, non-bitcast cast) with the single-use rdregions that feed its
//! operands, and the wrregion that takes its single-use result as new value; or a move (an rdregion
//! whose only use is a wrregion's new value); or a lone rdregion or wrregion. Members must sit in
//! the head's block. Membership is decided once per function from use counts ([`members`]), then
//! [`build`] describes the group of each head as plain data for the splitter.

use crate::inline_vec::InlineVec;
use crate::legal::{Access, Role};
use genxc_genx::ir::CastOp;
use genxc_genx::{ConstId, Diagnostic, Elem, Function, InstId, InstKind, Type, Value};

/// One operand of a group's operation (or the new value of a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A grouped rdregion: its pieces are subregions of the same input.
    Region {
        /// The rdregion.
        rd: InstId,
        /// The vector it reads.
        input: Value,
        /// Its region access.
        access: Access,
        /// Its element type.
        elem: Elem,
    },
    /// Another vector value: pieces are contiguous rdregions of it.
    Plain {
        /// The value.
        value: Value,
        /// Its element type.
        elem: Elem,
    },
    /// A vector of `i1` that is not a constant: pieces are `rdpredregion`s.
    Pred(Value),
    /// A constant vector: pieces are constant slices.
    Const(ConstId),
    /// A scalar used whole by every piece (a select condition).
    Scalar(Value),
}

/// How a group's result is joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Head {
    /// A wrregion: each piece writes its subregion, chained from the old value.
    Wr {
        /// The old value.
        old: Value,
        /// The written region access.
        access: Access,
        /// The mask operand.
        mask: Value,
        /// Whether the mask is a vector (sliced per piece).
        mask_is_vector: bool,
    },
    /// No wrregion: pieces are joined into an undefined vector of this element type.
    Join {
        /// Result element type.
        elem: Elem,
    },
}

/// A group as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitGroup {
    /// The head instruction (its result is what the rest of the function uses).
    pub head_inst: InstId,
    /// The element-wise operation, if any (none for moves and lone regions).
    pub op: Option<InstId>,
    /// The operation's operands in order, or the one value moved.
    pub operands: Vec<Operand>,
    /// The join.
    pub head: Head,
    /// Execution size of the whole group.
    pub width: u32,
    /// Whether a predicate (cmp result, select condition) limits piece sizes.
    pub has_pred: bool,
}

fn raw(id: InstId) -> usize {
    u32::from(id.into_raw()) as usize
}

/// Whether an instruction is an element-wise operation the splitter handles.
pub fn is_elementwise(kind: &InstKind) -> bool {
    match kind {
        InstKind::Binary { .. } | InstKind::FNeg(_) | InstKind::Cmp { .. } | InstKind::Select { .. } => true,
        InstKind::Cast { op, .. } => *op != CastOp::BitCast,
        // element-wise ALU intrinsics (saturating arithmetic, min/max, math, `llvm.genx.sat`):
        // split lane by lane (a sat the platform can take whole is left whole, and instruction
        // selection folds it into the operation it saturates)
        k => genxc_genx::bale::is_alu_intrinsic(k),
    }
}

/// Which instructions are members (not heads) of a group, indexed by raw id.
pub fn members(f: &Function, uses: &[u32]) -> Vec<bool> {
    // the block (position in the layout, plus one) of every instruction, to keep groups in one block
    let mut block_of = vec![0u32; f.insts.len()];
    for (k, &b) in f.layout.iter().enumerate() {
        for &id in &f.blocks[b].insts {
            block_of[raw(id)] = k as u32 + 1;
        }
    }
    members_in(f, uses, &block_of)
}

/// [`members`], given the block of every instruction (its position in the layout plus one, 0 for
/// none).
fn members_in(f: &Function, uses: &[u32], block_of: &[u32]) -> Vec<bool> {
    let mut grouped = vec![false; f.insts.len()];
    for (k, &b) in f.layout.iter().enumerate() {
        let block = &f.blocks[b].insts;
        let here_k = k as u32 + 1;
        let here = |m: &InstId| block_of.get(raw(*m)) == Some(&here_k);
        for &id in block {
            let inst = &f.insts[id];
            // a member's every use is this instruction (an rdregion read twice, as in `x * x`,
            // is one member read once per piece)
            let mut consider = |v: Value, user_width: u32, uses_here: u32| {
                if let Value::Inst(m) = v {
                    if here(&m) && uses.get(raw(m)) == Some(&uses_here) && member_kind_ok(f, m, user_width) {
                        grouped[raw(m)] = true;
                    }
                }
            };
            match &inst.kind {
                k if inst.ty.is_vector() && is_elementwise(k) => {
                    let w = inst.ty.num_elems();
                    let mut operands = InlineVec::<Value, 4>::new(Value::Param(0));
                    k.for_each_operand(|v| operands.push(v));
                    for (j, &v) in operands.iter().enumerate() {
                        let first = !operands[..j].contains(&v);
                        if let Value::Inst(m) = v {
                            if first && matches!(f.insts[m].kind, InstKind::RdRegion { .. }) {
                                consider(v, w, operands.iter().filter(|&&o| o == v).count() as u32)
                            }
                        }
                    }
                }
                InstKind::WrRegion { new, region, .. } => consider(*new, region.num_elems, 1),
                _ => {}
            }
        }
    }
    grouped
}

fn member_kind_ok(f: &Function, m: InstId, user_width: u32) -> bool {
    let inst = &f.insts[m];
    let ty = inst.ty;
    if !ty.is_vector() || ty.num_elems() != user_width || ty.elem() == Some(Elem::I1) {
        return false;
    }
    match &inst.kind {
        InstKind::RdRegion { .. } => true,
        k => is_elementwise(k),
    }
}

/// Classifies a value used whole by a group.
pub fn plain_operand(f: &Function, v: Value) -> Operand {
    plain_operand_of_type(v, f.value_type(v))
}

/// [`plain_operand`] of a value whose type is `ty`.
fn plain_operand_of_type(v: Value, ty: Type) -> Operand {
    match (v, ty) {
        (Value::Const(c), Type::Vector(..)) => Operand::Const(c),
        (_, Type::Vector(Elem::I1, _)) => Operand::Pred(v),
        (_, Type::Vector(e, _)) => Operand::Plain { value: v, elem: e },
        _ => Operand::Scalar(v),
    }
}

fn index_elems(f: &Function, idx: Option<Value>) -> u32 {
    idx.map_or(0, |i| f.value_type(i).num_elems().max(1))
}

/// The known low bits of a single variable index (none for direct and multi-indirect ones).
fn index_align(f: &Function, idx: Option<Value>) -> crate::legal::IndexAlign {
    match idx {
        Some(i) if !f.value_type(i).is_vector() => crate::index_align::index_align(f, i),
        _ => crate::legal::IndexAlign::UNKNOWN,
    }
}

fn region_operand(f: &Function, rd: InstId) -> Option<Operand> {
    let inst = &f.insts[rd];
    let InstKind::RdRegion { input, region } = &inst.kind else { return None };
    let access = Access {
        region: *region,
        role: Role::Source,
        input_elems: f.value_type(*input).num_elems(),
        index_elems: index_elems(f, region.indirect),
        index_align: index_align(f, region.indirect),
    };
    Some(Operand::Region { rd, input: *input, access, elem: inst.ty.elem()? })
}

/// Whether instruction `m` is a group member (`grouped` from [`members`]).
fn is_member(grouped: &[bool], m: InstId) -> bool {
    grouped.get(raw(m)).copied().unwrap_or(false)
}

/// The operand `v` (of type `ty`) is in a group: a member rdregion's region, else the value whole.
fn operand_of(f: &Function, v: Value, ty: Type, grouped: &[bool]) -> Operand {
    if let Value::Inst(m) = v {
        if is_member(grouped, m) && matches!(f.insts[m].kind, InstKind::RdRegion { .. }) {
            if let Some(o) = region_operand(f, m) {
                return o;
            }
        }
    }
    plain_operand_of_type(v, ty)
}

/// Puts the operands of the element-wise operation `op` into `operands` (emptied first); gives
/// whether a predicate limits its pieces, `None` when `op` is not such an operation or an operand's
/// lanes differ from its result's.
fn op_group(f: &Function, op: InstId, grouped: &[bool], operands: &mut Vec<Operand>) -> Option<bool> {
    let kind = &f.insts[op].kind;
    if !is_elementwise(kind) {
        return None;
    }
    let n = f.insts[op].ty.num_elems();
    let mut lanes_match = true;
    operands.clear();
    kind.for_each_operand(|v| {
        let t = f.value_type(v);
        lanes_match &= !t.is_vector() || t.num_elems() == n;
        operands.push(operand_of(f, v, t, grouped));
    });
    if !lanes_match {
        return None;
    }
    let has_pred = matches!(kind, InstKind::Cmp { .. })
        || operands.iter().any(|o| matches!(o, Operand::Pred(_)))
        || matches!(kind, InstKind::Select { cond, .. } if f.value_type(*cond).is_vector());
    Some(has_pred)
}

/// The group headed by `id`, if `id` heads one (`grouped` from [`members`]).
pub fn build(f: &Function, id: InstId, uses: &[u32], grouped: &[bool]) -> Option<SplitGroup> {
    let _ = uses;
    build_in(f, id, grouped, &mut Vec::with_capacity(3))
}

/// [`build`], its operand list made in `spare` (taken when a group is made, else left to be used
/// again): the pass hands the list of each group it is done with to the next one.
pub(crate) fn build_in(
    f: &Function,
    id: InstId,
    grouped: &[bool],
    spare: &mut Vec<Operand>,
) -> Option<SplitGroup> {
    let inst = &f.insts[id];
    match &inst.kind {
        InstKind::WrRegion { old, new, region, mask } => {
            let access = Access {
                region: *region,
                role: Role::Destination,
                input_elems: inst.ty.num_elems(),
                index_elems: index_elems(f, region.indirect),
                index_align: index_align(f, region.indirect),
            };
            let head =
                Head::Wr { old: *old, access, mask: *mask, mask_is_vector: f.value_type(*mask).is_vector() };
            let (op, has_pred) = match *new {
                Value::Inst(n) if is_member(grouped, n) && is_elementwise(&f.insts[n].kind) => {
                    (Some(n), op_group(f, n, grouped, spare)?)
                }
                v => {
                    spare.clear();
                    spare.push(operand_of(f, v, f.value_type(v), grouped));
                    (None, false)
                }
            };
            let operands = std::mem::take(spare);
            Some(SplitGroup { head_inst: id, op, operands, head, width: region.num_elems, has_pred })
        }
        InstKind::RdRegion { .. } if inst.ty.is_vector() => {
            let operand = region_operand(f, id)?;
            let elem = inst.ty.elem()?;
            spare.clear();
            spare.push(operand);
            Some(SplitGroup {
                head_inst: id,
                op: None,
                operands: std::mem::take(spare),
                head: Head::Join { elem },
                width: inst.ty.num_elems(),
                has_pred: false,
            })
        }
        k if inst.ty.is_vector() && is_elementwise(k) => {
            let has_pred = op_group(f, id, grouped, spare)?;
            let elem = inst.ty.elem()?;
            Some(SplitGroup {
                head_inst: id,
                op: Some(id),
                operands: std::mem::take(spare),
                head: Head::Join { elem },
                width: inst.ty.num_elems(),
                has_pred,
            })
        }
        _ => None,
    }
}

/// The group of an operation on its own (joined, not written by its wrregion).
pub fn build_op_only(f: &Function, op: InstId, uses: &[u32]) -> Option<SplitGroup> {
    let none = vec![false; 0];
    build(f, op, uses, &none)
}

/// The group of an rdregion on its own.
pub fn build_rd_only(f: &Function, rd: InstId, uses: &[u32]) -> Option<SplitGroup> {
    build(f, rd, uses, &[])
}

/// The group of a wrregion whose new value is `new` (ungrouped).
pub fn build_lone_wr(f: &Function, wr: InstId, new: Value) -> Option<SplitGroup> {
    let mut b = build(f, wr, &[], &[])?;
    b.op = None;
    b.operands = vec![plain_operand(f, new)];
    b.has_pred = false;
    Some(b)
}

/// [`genxc_genx::Region::byte_span`] of a region whose strides are not negative (its first element
/// is its lowest, and the end of its last row or of the full row before it its highest), in a few
/// steps.
fn forward_byte_span(r: &genxc_genx::Region) -> (i64, i64) {
    let (w, n) = (r.width.max(1), r.num_elems.max(1));
    let last_row_start = (n - 1) / w * w;
    let mut top = r.elem_index(n - 1);
    if last_row_start > 0 {
        top = top.max(r.elem_index(last_row_start - 1));
    }
    let eb = i64::from(r.elem_bytes);
    (i64::from(r.offset), i64::from(r.offset) + top * eb + eb)
}

/// Checks that every region access fits its vector and types, and element-wise operations have
/// operands of their result's length; an error names the first instruction that does not.
pub fn validate(f: &Function) -> Result<(), Diagnostic> {
    for &b in &f.layout {
        for &id in &f.blocks[b].insts {
            let inst = &f.insts[id];
            let err = |m: &str| Err(Diagnostic::in_function(&f.name, Some(f.value_name(Value::Inst(id))), m));
            let check_region = |r: &genxc_genx::Region, vec_ty: Type, n: u32| -> Result<(), String> {
                let elem = vec_ty.elem().ok_or("region of a void value")?;
                if elem == Elem::I1 {
                    return Err("region of an i1 vector".into());
                }
                if r.elem_bytes != elem.bytes() {
                    return Err("region element size does not match the vector".into());
                }
                if n != r.num_elems || n == 0 || r.width == 0 {
                    return Err("region shape does not match its value".into());
                }
                if r.vstride < 0 || r.stride < 0 {
                    return Err("negative region stride".into());
                }
                match r.indirect {
                    None => {
                        let (lo, hi) = forward_byte_span(r);
                        if r.offset % r.elem_bytes as i32 != 0 {
                            return Err("region offset is not a multiple of the element size".into());
                        }
                        if lo < 0 || hi > i64::from(vec_ty.bytes()) {
                            return Err("region lies outside its vector".into());
                        }
                    }
                    Some(i) => {
                        let t = f.value_type(i);
                        if t.elem() != Some(Elem::I16) {
                            return Err("region index is not i16".into());
                        }
                        if t.is_vector() && t.num_elems() > 1 && t.num_elems() != r.rows() {
                            return Err("multi-indirect index does not have one element per row".into());
                        }
                    }
                }
                Ok(())
            };
            match &inst.kind {
                InstKind::RdRegion { input, region } => {
                    if let Err(m) = check_region(region, f.value_type(*input), inst.ty.num_elems()) {
                        return err(&m);
                    }
                    if inst.ty.elem() != f.value_type(*input).elem() {
                        return err("rdregion result element type differs from its input");
                    }
                }
                InstKind::WrRegion { old, new, region, mask } => {
                    if f.value_type(*old) != inst.ty {
                        return err("wrregion old value type differs from its result");
                    }
                    let nt = f.value_type(*new);
                    if nt.elem() != inst.ty.elem() {
                        return err("wrregion new value element type differs from its result");
                    }
                    if let Err(m) = check_region(region, inst.ty, nt.num_elems()) {
                        return err(&m);
                    }
                    let mt = f.value_type(*mask);
                    if mt.elem() != Some(Elem::I1) || (mt.is_vector() && mt.num_elems() != region.num_elems) {
                        return err("wrregion mask is not i1 or as wide as the region");
                    }
                }
                k if !matches!(k, InstKind::Intrinsic { .. }) && inst.ty.is_vector() && is_elementwise(k) => {
                    let n = inst.ty.num_elems();
                    let mut bad = false;
                    let scalar_cond =
                        matches!(k, InstKind::Select { cond, .. } if !f.value_type(*cond).is_vector());
                    let mut i = 0;
                    k.for_each_operand(|v| {
                        let t = f.value_type(v);
                        if !(scalar_cond && i == 0) && (t.num_elems() != n || !t.is_vector()) {
                            bad = true;
                        }
                        i += 1;
                    });
                    if bad {
                        return err("operand length differs from the result");
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}
