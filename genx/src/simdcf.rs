//! SIMD control flow: which values of a function are the hardware masks of `goto`/`join`, and where
//! each goto goes.
//!
//! `llvm.genx.simdcf.goto` and `llvm.genx.simdcf.join` model Gen's per-lane branches with SSA
//! values: the execution mask EM (`<32 x i1>`), one resume mask RM per join point, and a scalar
//! "no lane left" branch condition. None of them is data: EM is the hardware execution mask, an RM
//! lives in the hardware's per-lane instruction pointers, and the branch condition is the jump a
//! goto or join makes by itself when no lane stays enabled. So none of them gets a vISA variable.
//! A goto becomes a vISA `goto` to its UIP (the block of the join its RM web reaches), a join is
//! the label of its block (the vISA finalizer finds join points from the goto targets), and an
//! operation predicated by a slice of EM (a select, a wrregion, or a memory message: see
//! [`message_predicate`]) runs under the execution mask instead of a predicate.
//!
//! [`analyze`] checks the shapes vISA can express (the rules of Intel's SIMD CF conformance pass
//! that matter here): one EM and one RM per join live at a time, connected through phis; a join
//! starts its block; a goto ends its block and its branch falls through to the next block (a
//! backward goto branches over an empty latch block back to the loop header); every RM web reaches
//! exactly one join, after the forward gotos that feed it. Anything else is refused with
//! `unsupported: ...`, located at the instruction.

use crate::intrinsics::IntrinsicId;
use crate::ir::*;
use crate::types::Elem;
use genxc_diag::{unsupported, Failure};
// foldhash: a fast hash, seeded per process (SipHash was a tenth of a small kernel's compile).
use foldhash::{HashMap, HashMapExt, HashSet};

/// Where a goto sends the lanes it disables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GotoTarget {
    /// A forward goto: lanes resume at this join block (the UIP); the goto's block falls through.
    Forward(BlockId),
    /// A do-while back edge: lanes whose condition holds loop back to `header`; the goto's branch
    /// passes over the empty block `latch` (which branches back to `header`) when they all left.
    Backward {
        /// The loop header (the vISA goto's target).
        header: BlockId,
        /// The empty block between the goto's block and the loop exit.
        latch: BlockId,
    },
}

/// A goto at the end of a block.
#[derive(Clone, Copy, Debug)]
pub struct Goto {
    /// The `llvm.genx.simdcf.goto` instruction.
    pub inst: InstId,
    /// Its SIMD condition: lanes where it is false leave (forward); lanes where it is true loop
    /// (backward). Negations only the goto reads are looked through: see `negated`.
    pub cond: Value,
    /// Whether the goto's condition is the negation of `cond`.
    pub negated: bool,
    /// Its SIMD width (that of the resume mask).
    pub width: u32,
    /// Where it goes.
    pub target: GotoTarget,
}

/// The SIMD control flow of one function.
#[derive(Clone, Debug, Default)]
pub struct SimdCf {
    /// Values that are masks, not data: gotos, joins, their fields, phis of masks and slices of
    /// EM. They get no vISA variable and emit nothing.
    pub masks: HashSet<Value>,
    /// EM values and slices of EM: the first EM lane each one holds.
    pub em_lanes: HashMap<Value, u32>,
    /// Predicates ANDed with a slice of EM (CMSimdCFLowering's predicate of a masked message inside
    /// SIMD control flow), which only message predicates read: (the first EM lane, the predicate).
    /// The message runs under the execution mask with that predicate.
    pub em_preds: HashMap<Value, (u32, Value)>,
    /// The goto ending each block that has one.
    pub gotos: HashMap<BlockId, Goto>,
    /// The blocks that start with a join, with the join.
    pub joins: HashMap<BlockId, InstId>,
    /// Empty latch blocks of backward gotos: they emit nothing (the goto is the back edge).
    pub latches: HashSet<BlockId>,
}

impl SimdCf {
    /// Whether the function has any SIMD control flow.
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// Whether `v` is a mask (EM, RM, a branch condition, a goto or join): no vISA variable.
    pub fn is_mask(&self, v: Value) -> bool {
        self.masks.contains(&v)
    }

    /// The first EM lane `v` holds, if it is EM or a slice of it.
    pub fn em_lane(&self, v: Value) -> Option<u32> {
        self.em_lanes.get(&v).copied()
    }

    /// The first EM lane and the predicate of `v`, if it is a predicate ANDed with a slice of EM.
    pub fn em_pred(&self, v: Value) -> Option<(u32, Value)> {
        self.em_preds.get(&v).copied()
    }

    /// The goto or join whose branch condition `v` is, if it is one.
    pub fn is_branch_cond_of(&self, f: &Function, v: Value) -> Option<InstId> {
        let Value::Inst(i) = v else { return None };
        match f.insts[i].kind {
            InstKind::ExtractValue { aggregate: Value::Inst(a), index } if index == cond_index(f, a)? => {
                Some(a)
            }
            _ => None,
        }
    }
}

/// A SIMD control flow intrinsic that returns a struct read with `extractvalue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `llvm.genx.simdcf.goto`: `{ EM, RM, BranchCond } (EM, RM, SimdCond)`.
    Goto,
    /// `llvm.genx.simdcf.join`: `{ EM, BranchCond } (EM, RM)`.
    Join,
}

/// Whether intrinsic `id` is `llvm.genx.simdcf.goto` or `llvm.genx.simdcf.join`.
pub fn intrinsic_kind(id: IntrinsicId) -> Option<Kind> {
    match id {
        IntrinsicId::SimdcfGoto => Some(Kind::Goto),
        IntrinsicId::SimdcfJoin => Some(Kind::Join),
        _ => None,
    }
}

fn kind_of(f: &Function, id: InstId) -> Option<Kind> {
    match &f.insts[id].kind {
        InstKind::Intrinsic { id: iid, .. } => intrinsic_kind(*iid),
        _ => None,
    }
}

/// The field of a goto's or join's struct that is its branch condition.
fn cond_index(f: &Function, id: InstId) -> Option<u32> {
    match kind_of(f, id)? {
        Kind::Goto => Some(2),
        Kind::Join => Some(1),
    }
}

/// An error at an instruction: (instruction name, what went wrong).
pub type Error = (Option<String>, Failure);

fn err(f: &Function, at: Option<InstId>, msg: impl Into<Failure>) -> Error {
    (at.map(|i| f.value_name(Value::Inst(i))), msg.into())
}

/// What a mask value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Em,
    Rm,
    Cond,
}

/// Finds and checks the SIMD control flow of a function (empty when it has none).
pub fn analyze(f: &Function) -> Result<SimdCf, Error> {
    let mut cf = SimdCf::default();
    let layout_insts = || f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter().copied());
    // most functions have no goto or join: nothing else to build for them
    let gotojoins: Vec<InstId> = layout_insts().filter(|&i| kind_of(f, i).is_some()).collect();
    if gotojoins.is_empty() {
        return Ok(cf);
    }
    let order: Vec<InstId> = layout_insts().collect();
    let block_of: HashMap<InstId, BlockId> =
        f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter().map(move |&i| (i, b))).collect();
    // 1. roles: fields of gotos and joins, then phis of them
    let mut role: HashMap<Value, Role> = HashMap::new();
    for &i in &order {
        if let InstKind::ExtractValue { aggregate, index } = f.insts[i].kind {
            let Value::Inst(a) = aggregate else {
                return Err(err(f, Some(i), unsupported("extractvalue instruction")));
            };
            let r = match (kind_of(f, a), index) {
                (Some(_), 0) => Role::Em,
                (Some(Kind::Goto), 1) => Role::Rm,
                (Some(Kind::Goto), 2) | (Some(Kind::Join), 1) => Role::Cond,
                _ => return Err(err(f, Some(i), unsupported("extractvalue instruction"))),
            };
            role.insert(Value::Inst(i), r);
        }
    }
    let phis: Vec<InstId> =
        order.iter().copied().filter(|&i| matches!(f.insts[i].kind, InstKind::Phi { .. })).collect();
    loop {
        let mut changed = false;
        for &p in &phis {
            let pv = Value::Inst(p);
            if role.contains_key(&pv) {
                continue;
            }
            let InstKind::Phi { incoming } = &f.insts[p].kind else { continue };
            if let Some(r) = incoming.iter().find_map(|(_, v)| role.get(v).copied()) {
                role.insert(pv, r);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // a mask phi merges masks of its own role, and constants
    for &p in &phis {
        let pv = Value::Inst(p);
        let Some(&r) = role.get(&pv) else { continue };
        let InstKind::Phi { incoming } = &f.insts[p].kind else { continue };
        for (_, v) in incoming {
            let ok = match role.get(v) {
                Some(&vr) => vr == r,
                None => f.as_const(*v).is_some() && r != Role::Cond,
            };
            if !ok {
                return Err(err(
                    f,
                    Some(p),
                    unsupported(format!(
                        "a phi that merges a SIMD control flow {} with {}",
                        role_name(r),
                        f.value_name(*v)
                    )),
                ));
            }
        }
    }
    for (&v, &r) in &role {
        cf.masks.insert(v);
        if r == Role::Em {
            cf.em_lanes.insert(v, 0);
        }
    }
    for &g in &gotojoins {
        cf.masks.insert(Value::Inst(g));
    }
    // slices of EM (regions of it, after lowering of shufflevector, and rdpredregion), also of
    // slices defined later in layout order
    loop {
        let before = cf.em_lanes.len();
        for &i in &order {
            if !cf.em_lanes.contains_key(&Value::Inst(i)) {
                if let Some(lane) = em_slice(f, &cf, i) {
                    cf.em_lanes.insert(Value::Inst(i), lane);
                    cf.masks.insert(Value::Inst(i));
                }
            }
        }
        if cf.em_lanes.len() == before {
            break;
        }
    }
    // predicates ANDed with a slice of EM, right before the message they predicate
    for &i in &order {
        if let Some(pair) = em_and(f, &cf, i) {
            cf.em_preds.insert(Value::Inst(i), pair);
            cf.masks.insert(Value::Inst(i));
        }
    }
    // 2. operands of gotos and joins
    for &g in &gotojoins {
        let InstKind::Intrinsic { args, .. } = &f.insts[g].kind else { continue };
        // (operand, its role, the constant it may be instead, what is wrong, its sources)
        let expected = [
            (0, Role::Em, 1, "an execution mask that is not EM", "goto/join result", "all ones"),
            (1, Role::Rm, 0, "a resume mask that is not an RM", "goto result", "all zeros"),
        ];
        for (k, r, bit, what, source, constant) in expected {
            let v = args[k];
            let ok = role.get(&v) == Some(&r)
                || f.as_const(v).is_some_and(|c| c.elems.iter().all(|e| *e == Some(bit)));
            if !ok {
                return Err(err(
                    f,
                    Some(g),
                    unsupported(format!(
                        "{} of {what} ({} is not a {source}, a phi of them, or {constant})",
                        intrinsic_name(f, g),
                        f.value_name(v)
                    )),
                ));
            }
        }
    }
    // 3. masks are used only where they mean masks
    for &i in &order {
        let inst = &f.insts[i];
        let iv = Value::Inst(i);
        for (k, v) in inst.kind.operands().into_iter().enumerate() {
            let r = role.get(&v).copied();
            let em = cf.em_lanes.contains_key(&v);
            let em_and = cf.em_preds.contains_key(&v);
            if r.is_none() && !em && !em_and {
                continue;
            }
            if r == Some(Role::Cond) {
                return Err(err(
                    f,
                    Some(i),
                    unsupported(format!(
                        "the branch condition {} of SIMD control flow used other than by its block's branch",
                        f.value_name(v)
                    )),
                ));
            }
            let ok = match &inst.kind {
                InstKind::Intrinsic { .. } if kind_of(f, i).is_some() => k < 2,
                InstKind::Phi { .. } => cf.is_mask(iv),
                InstKind::Select { cond, .. } => em && *cond == v && k == 0,
                InstKind::WrRegion { mask, .. } => em && *mask == v,
                InstKind::Intrinsic { id, .. } if message_predicate(*id) == Some(k) => {
                    (em || em_and) && (!em_and || next_inst(f, &block_of, v) == Some(i))
                }
                InstKind::Binary { .. } if cf.em_preds.contains_key(&iv) => em,
                _ => em && cf.em_lanes.contains_key(&iv),
            };
            if !ok {
                if em_and {
                    return Err(err(
                        f,
                        Some(i),
                        unsupported(format!(
                            "{}, a predicate ANDed with the SIMD control flow execution mask, used other than as the predicate of the message right after it",
                            f.value_name(v)
                        )),
                    ));
                }
                if let (true, InstKind::Intrinsic { id, .. }) = (em, &inst.kind) {
                    return Err(err(
                        f,
                        Some(i),
                        unsupported(format!(
                            "{} predicated by the SIMD control flow execution mask (only select, wrregion and memory message intrinsics other than raw sends run under it)",
                            id.name()
                        )),
                    ));
                }
                let what = if em { "execution mask" } else { role_name(r.unwrap_or(Role::Rm)) };
                return Err(misuse(f, i, what));
            }
        }
    }
    for &b in &f.layout {
        if let Terminator::CondBr { cond, .. } = f.blocks[b].term {
            if let Some(g) = cf.is_branch_cond_of(f, cond) {
                if block_of[&g] != b {
                    return Err(err(
                        f,
                        Some(g),
                        unsupported(format!(
                            "the branch condition of {} used by the branch of another block",
                            intrinsic_name(f, g)
                        )),
                    ));
                }
            }
        }
    }
    // 4. joins start their blocks
    let pos: HashMap<BlockId, usize> = f.layout.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    for &g in gotojoins.iter().filter(|&&g| kind_of(f, g) == Some(Kind::Join)) {
        let b = block_of[&g];
        let before_ok = f.blocks[b]
            .insts
            .iter()
            .take_while(|&&i| i != g)
            .all(|&i| matches!(f.insts[i].kind, InstKind::Phi { .. }));
        if !before_ok || pos[&b] == 0 || cf.joins.contains_key(&b) {
            return Err(err(
                f,
                Some(g),
                unsupported("llvm.genx.simdcf.join that does not start its block (only phis may come before it, one join per block, not in the entry block)"),
            ));
        }
        cf.joins.insert(b, g);
        check_branch(f, &cf, b, g, &pos)?;
    }
    // 5. RM webs: each reaches exactly one join
    let web_join = rm_webs(f, &order, &block_of, &role, &gotojoins)?;
    // 6. gotos end their blocks
    let mut uses: HashMap<Value, usize> = HashMap::new();
    for &i in &order {
        f.insts[i].kind.for_each_operand(|v| *uses.entry(v).or_default() += 1);
    }
    for &b in &f.layout {
        for v in f.blocks[b].term.operands() {
            *uses.entry(v).or_default() += 1;
        }
    }
    for &g in gotojoins.iter().filter(|&&g| kind_of(f, g) == Some(Kind::Goto)) {
        let b = block_of[&g];
        let insts = &f.blocks[b].insts;
        let at = insts.iter().position(|&i| i == g).unwrap_or(0);
        if !insts[at + 1..].iter().all(|&i| matches!(f.insts[i].kind, InstKind::ExtractValue { .. })) {
            return Err(err(
                f,
                Some(g),
                unsupported(
                    "instructions after llvm.genx.simdcf.goto in its block (a goto must end its block)",
                ),
            ));
        }
        if cf.gotos.contains_key(&b) {
            return Err(err(f, Some(g), unsupported("two llvm.genx.simdcf.goto in one block")));
        }
        let InstKind::Intrinsic { args, .. } = &f.insts[g].kind else { continue };
        let width = f.value_type(args[1]).num_elems();
        let (cond, negated) = look_through_negations(f, &uses, args[2], &mut cf.masks);
        let Some(&uip) = web_join.get(&g) else {
            return Err(err(
                f,
                Some(g),
                unsupported("llvm.genx.simdcf.goto whose resume mask reaches no join"),
            ));
        };
        let target = match f.blocks[b].term {
            Terminator::CondBr { cond: c, on_true, on_false } if on_true != on_false => {
                if cf.is_branch_cond_of(f, c) != Some(g) {
                    return Err(err(
                        f,
                        Some(g),
                        unsupported(
                            "a block ending in llvm.genx.simdcf.goto that branches on another condition",
                        ),
                    ));
                }
                match backward_latch(f, b, on_false, &pos) {
                    Some(header) => {
                        let next = |x: BlockId| f.layout.get(pos[&x] + 1).copied();
                        if next(b) != Some(on_false) || next(on_false) != Some(on_true) {
                            return Err(err(
                                f,
                                Some(g),
                                unsupported("a backward llvm.genx.simdcf.goto whose latch and exit blocks do not follow it in layout order"),
                            ));
                        }
                        cf.latches.insert(on_false);
                        GotoTarget::Backward { header, latch: on_false }
                    }
                    None => {
                        check_branch(f, &cf, b, g, &pos)?;
                        GotoTarget::Forward(uip)
                    }
                }
            }
            Terminator::Br(_) | Terminator::CondBr { .. } => GotoTarget::Forward(uip),
            _ => {
                return Err(err(
                    f,
                    Some(g),
                    unsupported("a block ending in llvm.genx.simdcf.goto that does not end in a branch"),
                ))
            }
        };
        if let GotoTarget::Forward(uip) = target {
            if pos[&uip] <= pos[&b] {
                return Err(err(
                    f,
                    Some(g),
                    unsupported(format!(
                        "a forward llvm.genx.simdcf.goto whose join block %{} comes before it in layout order",
                        f.blocks[uip].name
                    )),
                ));
            }
        }
        cf.gotos.insert(b, Goto { inst: g, cond, negated, target, width });
    }
    Ok(cf)
}

/// Checks the conditional branch of a forward goto's or a join's block: on the instruction's own
/// condition, to a later join block, with the false successor next in layout.
fn check_branch(
    f: &Function,
    cf: &SimdCf,
    b: BlockId,
    g: InstId,
    pos: &HashMap<BlockId, usize>,
) -> Result<(), Error> {
    let Terminator::CondBr { cond, on_true, on_false } = f.blocks[b].term else { return Ok(()) };
    if cf.is_branch_cond_of(f, cond) != Some(g) {
        return if kind_of(f, g) == Some(Kind::Join) {
            Ok(()) // a join whose condition is unused: an ordinary branch ends the block
        } else {
            Err(err(
                f,
                Some(g),
                unsupported("a block ending in llvm.genx.simdcf.goto that branches on another condition"),
            ))
        };
    }
    if on_true == on_false {
        return Ok(());
    }
    if f.layout.get(pos[&b] + 1) != Some(&on_false) {
        return Err(err(
            f,
            Some(g),
            unsupported(format!(
                "the branch after {} must fall through to its false successor %{} (the next block in layout order)",
                intrinsic_name(f, g),
                f.blocks[on_false].name
            )),
        ));
    }
    if pos[&on_true] <= pos[&b] {
        return Err(err(
            f,
            Some(g),
            unsupported(format!(
                "the branch after {} jumps back to %{} (only a do-while back edge over an empty latch block may go backward)",
                intrinsic_name(f, g),
                f.blocks[on_true].name
            )),
        ));
    }
    Ok(())
}

/// A goto's condition without the `xor` with all ones (CMSimdCFLowering's `not`s) that only the
/// goto reads: (the value negated, whether an odd number of negations were removed). The removed
/// instructions become masks (nothing emitted).
fn look_through_negations(
    f: &Function,
    uses: &HashMap<Value, usize>,
    mut cond: Value,
    masks: &mut HashSet<Value>,
) -> (Value, bool) {
    let all_ones = |v: Value| f.as_const(v).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1)));
    let mut negated = false;
    while let Value::Inst(i) = cond {
        let InstKind::Binary { op: BinOp::Xor, lhs, rhs } = f.insts[i].kind else { break };
        if uses.get(&cond) != Some(&1) || masks.contains(&cond) {
            break;
        }
        let other = if all_ones(rhs) {
            lhs
        } else if all_ones(lhs) {
            rhs
        } else {
            break;
        };
        masks.insert(cond);
        negated = !negated;
        cond = other;
    }
    (cond, negated)
}

/// The loop header, if `latch` is an empty block that branches back to a block at or before `b`.
fn backward_latch(
    f: &Function,
    b: BlockId,
    latch: BlockId,
    pos: &HashMap<BlockId, usize>,
) -> Option<BlockId> {
    match f.blocks[latch].term {
        Terminator::Br(h) if f.blocks[latch].insts.is_empty() && pos[&h] <= pos[&b] => Some(h),
        _ => None,
    }
}

/// The join each goto's resume mask reaches (through gotos and phis of RM values).
fn rm_webs(
    f: &Function,
    order: &[InstId],
    block_of: &HashMap<InstId, BlockId>,
    role: &HashMap<Value, Role>,
    gotojoins: &[InstId],
) -> Result<HashMap<InstId, BlockId>, Error> {
    // union-find over RM values and gotos
    let mut parent: HashMap<Value, Value> = HashMap::new();
    fn find(parent: &mut HashMap<Value, Value>, v: Value) -> Value {
        let p = *parent.get(&v).unwrap_or(&v);
        if p == v {
            return v;
        }
        let r = find(parent, p);
        parent.insert(v, r);
        r
    }
    let union = |parent: &mut HashMap<Value, Value>, a: Value, b: Value| {
        let (ra, rb) = (find(parent, a), find(parent, b));
        if ra != rb {
            parent.insert(ra, rb);
        }
    };
    let is_rm = |v: &Value| role.get(v) == Some(&Role::Rm);
    for &i in order {
        let iv = Value::Inst(i);
        match &f.insts[i].kind {
            InstKind::ExtractValue { aggregate, .. } if is_rm(&iv) => union(&mut parent, iv, *aggregate),
            InstKind::Phi { incoming } if is_rm(&iv) => {
                for (_, v) in incoming {
                    if is_rm(v) {
                        union(&mut parent, iv, *v);
                    }
                }
            }
            InstKind::Intrinsic { args, .. } if kind_of(f, i).is_some() && is_rm(&args[1]) => {
                union(&mut parent, iv, args[1])
            }
            _ => {}
        }
    }
    let mut join_of_web: HashMap<Value, (InstId, BlockId)> = HashMap::new();
    for &j in gotojoins.iter().filter(|&&j| kind_of(f, j) == Some(Kind::Join)) {
        let r = find(&mut parent, Value::Inst(j));
        if join_of_web.contains_key(&r) {
            return Err(err(
                f,
                Some(j),
                unsupported(
                    "a resume mask that reaches two llvm.genx.simdcf.join (each join point needs its own RM)",
                ),
            ));
        }
        join_of_web.insert(r, (j, block_of[&j]));
    }
    let mut out = HashMap::new();
    for &g in gotojoins.iter().filter(|&&g| kind_of(f, g) == Some(Kind::Goto)) {
        let r = find(&mut parent, Value::Inst(g));
        if let Some(&(_, b)) = join_of_web.get(&r) {
            out.insert(g, b);
        }
    }
    Ok(out)
}

/// The first EM lane instruction `i` reads, if it reads a contiguous slice of EM (a region of i1,
/// or `rdpredregion`).
fn em_slice(f: &Function, cf: &SimdCf, i: InstId) -> Option<u32> {
    match &f.insts[i].kind {
        InstKind::RdRegion { input, region } if f.insts[i].ty.elem() == Some(Elem::I1) => {
            let base = cf.em_lane(*input)?;
            let n = f.insts[i].ty.num_elems();
            let contiguous = region.indirect.is_none() && (n == 1 || region.stride == 1) && region.width == n;
            contiguous.then(|| base + region.offset as u32 / region.elem_bytes.max(1))
        }
        InstKind::Intrinsic { id: IntrinsicId::Rdpredregion, args } => {
            let base = cf.em_lane(args[0])?;
            let off = f.as_const(*args.get(1)?)?.splat_value()?;
            Some(base + off as u32)
        }
        InstKind::Shuffle { a, mask, .. } => {
            let base = cf.em_lane(*a)?;
            let first = (*mask.first()?)?;
            let contiguous = mask.iter().enumerate().all(|(k, m)| *m == Some(first + k as u32));
            contiguous.then_some(base + first)
        }
        _ => None,
    }
}

/// The operand of a memory message intrinsic that is its per-lane predicate: the messages that
/// run under the execution mask when it is a slice of EM (CMSimdCFLowering puts EM there for a
/// message inside SIMD control flow). Raw sends without an explicit execution size are among
/// them (their predicate follows the modifier); the explicit forms carry their own execution
/// control.
pub fn message_predicate(id: IntrinsicId) -> Option<usize> {
    use IntrinsicId::*;
    match id {
        RawSend | RawSendNoresult | RawSends | RawSendsNoresult => Some(1),
        GatherScaled | ScatterScaled | Gather4Scaled | Scatter4Scaled | SvmGather | SvmScatter
        | SvmGather4Scaled | SvmScatter4Scaled | LscFence => Some(0),
        GatherMaskedScaled2 | Gather4MaskedScaled2 => Some(5),
        Gather4Typed | Scatter4Typed => Some(1),
        _ if id.lsc().is_some() || id.atomic().is_some() => Some(0),
        _ => None,
    }
}

/// `(first EM lane, predicate)` when instruction `i` is `and` of a vector predicate that is no mask
/// with a slice of EM.
fn em_and(f: &Function, cf: &SimdCf, i: InstId) -> Option<(u32, Value)> {
    let InstKind::Binary { op: BinOp::And, lhs, rhs } = f.insts[i].kind else { return None };
    if f.insts[i].ty.elem() != Some(Elem::I1) || !f.insts[i].ty.is_vector() {
        return None;
    }
    match (cf.em_lane(lhs), cf.em_lane(rhs)) {
        (Some(lane), None) if !cf.is_mask(rhs) => Some((lane, rhs)),
        (None, Some(lane)) if !cf.is_mask(lhs) => Some((lane, lhs)),
        _ => None,
    }
}

/// The instruction right after the one defining `v` in its block.
fn next_inst(f: &Function, block_of: &HashMap<InstId, BlockId>, v: Value) -> Option<InstId> {
    let Value::Inst(d) = v else { return None };
    let insts = &f.blocks[*block_of.get(&d)?].insts;
    let at = insts.iter().position(|&x| x == d)?;
    insts.get(at + 1).copied()
}

fn misuse(f: &Function, at: InstId, what: &str) -> Error {
    err(
        f,
        Some(at),
        unsupported(format!(
            "the SIMD control flow {what} used as a value (EM only predicates select, wrregion and memory messages; masks only feed gotos, joins and phis)"
        )),
    )
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Em => "execution mask",
        Role::Rm => "resume mask",
        Role::Cond => "branch condition",
    }
}

fn intrinsic_name(f: &Function, g: InstId) -> &'static str {
    match kind_of(f, g) {
        Some(Kind::Goto) => IntrinsicId::SimdcfGoto.name(),
        _ => IntrinsicId::SimdcfJoin.name(),
    }
}
