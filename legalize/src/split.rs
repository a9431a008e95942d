//! Splitting of regions, and the legalization pass over the GenX IR.
//!
//! [`subregion`] is the spec's `getSubregion`: the region of elements `start..start+size` of a
//! region, rebased (constant offset, or the index row of a multi-indirect region). [`plan_region`]
//! cuts a lone region into the greedy sequence of legal power-of-two pieces. [`legalize_function`]
//! works on whole groups (an element-wise operation, the rdregions feeding it and the wrregion taking
//! its result, see the `group` module): it chooses one width sequence per group and emits one piece of
//! every member per width, joined through a wrregion chain; masks and predicates are sliced with
//! `rdpredregion` and joined with `wrpredregion`.

use crate::group::{self, Head, Operand, SplitGroup};
use crate::legal::{self, pow2_floor, Access, Role};
use genxc_diag::internal;
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{BinOp, Constant};
use genxc_genx::{Diagnostic, Elem, Function, Inst, InstId, InstKind, Platform, Region, Type, Value};
// foldhash: a fast hash, seeded per process (SipHash was a tenth of a small kernel's compile).
use foldhash::HashSet;

/// A piece of a region: its region and the first row of a multi-indirect index it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The region of the piece (same variable index as the original, rebased offset).
    pub region: Region,
    /// For multi-indirect regions, the first index element (row) the piece uses; else 0.
    pub index_row: u32,
    /// For multi-indirect regions, how many index elements the piece uses; else 0.
    pub index_rows: u32,
}

/// The spec's `getSubregion`: elements `start..start + size` of `r` as a region of their own.
/// `index_elems` is the number of variable index elements (above 1: multi-indirect). Returns
/// `None` when the piece is out of the region or its offset overflows.
pub fn subregion(r: &Region, start: u32, size: u32, index_elems: u32) -> Option<Piece> {
    let width = r.width;
    if size == 0 || width == 0 || start.checked_add(size)? > r.num_elems {
        return None;
    }
    let eb = i64::from(r.elem_bytes);
    let multi = r.indirect.is_some() && index_elems > 1;
    let (mut start, mut index_row, mut index_rows) = (start, 0, 0);
    if multi {
        index_row = start / width;
        start %= width;
        index_rows = if start == 0 && size.is_multiple_of(width) { size / width } else { 1 };
    }
    let mut out = *r;
    let elem =
        i64::from(start / width) * i64::from(r.vstride) + i64::from(start % width) * i64::from(r.stride);
    out.offset = i32::try_from(i64::from(r.offset) + elem * eb).ok()?;
    if start % width == 0 && size.is_multiple_of(width) {
        // whole rows keep their shape
    } else if start % width + size > width {
        // exactly half in each of two rows
        let half = size / 2;
        let vs = i64::from(r.vstride) + (i64::from(half) - i64::from(width)) * i64::from(r.stride);
        out.vstride = i32::try_from(vs).ok()?;
        out.width = half;
    } else {
        out.width = size;
        out.vstride = i32::try_from(i64::from(size) * i64::from(r.stride)).ok()?;
    }
    out.num_elems = size;
    if !multi {
        out = out.canonical();
    }
    Some(Piece { region: out, index_row, index_rows })
}

/// The greedy split of one lone region access: piece sizes from the start, each the largest legal
/// power of two at its start index (7 elements without other limits: 4 + 2 + 1). A source's pieces
/// are also limited by the contiguous write that joins them.
pub fn plan_region(a: &Access, platform: Platform) -> Vec<u32> {
    let n = a.region.num_elems;
    let mut out = Vec::new();
    let mut start = 0;
    while start < n {
        let rest = n - start;
        let mut w = match a.role {
            Role::Source => legal::source_piece_size(a, start, platform),
            Role::Destination => legal::legal_size(a, start, true, platform),
        };
        w = w.min(pow2_floor(i64::from(rest)) as u32).max(1);
        if a.role == Role::Source && w < n {
            // the piece is joined into a contiguous temporary: that write must be legal too
            let eb = a.region.elem_bytes;
            let join = Access::new(Region::contiguous(eb, n, 0), Role::Destination, n);
            w = w.min(legal::legal_size(&join, start, true, platform));
        }
        out.push(w);
        start += w;
    }
    out
}

/// The predicate part containing element `start` of an `n`-element predicate: 32-element parts
/// while they fit, then descending powers of two (37 = 32 + 4 + 1). Gives `(part offset, size)`.
pub fn pred_part(n: u32, start: u32) -> (u32, u32) {
    let full = n / 32 * 32;
    if start < full {
        return (start / 32 * 32, 32);
    }
    let mut off = full;
    let mut rest = n - full;
    while rest > 0 {
        let size = pow2_floor(i64::from(rest)) as u32;
        if start < off + size {
            return (off, size);
        }
        off += size;
        rest -= size;
    }
    (start, 1)
}

/// The spec's `getLegalPredSize`: `(min, max)` piece sizes for a predicate of `n` elements at
/// `start`.
pub fn legal_pred_size(n: u32, start: u32, platform: Platform) -> (u32, u32) {
    let (off, size) = pred_part(n, start);
    let rel = start - off;
    let mut max = pow2_floor(i64::from(size - rel)) as u32;
    if rel != 0 {
        max = max.min(1 << rel.trailing_zeros());
    }
    (legal::pred_min_size(platform).min(max), max)
}

/// What the pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Split groups looked at.
    pub groups: usize,
    /// Split groups that were split into pieces.
    pub groups_split: usize,
    /// Pieces emitted for the split groups.
    pub pieces: usize,
}

/// Legalizes every region access and element-wise operation of a function for a platform: groups
/// that are not legal as they are get split into legal pieces joined by wrregion chains. Returns an
/// error (never panics) for regions that do not fit their vectors or types.
pub fn legalize_function(f: &mut Function, platform: Platform) -> Result<Stats, Diagnostic> {
    legalize_function_with(f, platform, None)
}

/// [`legalize_function`], given the live elements of `f` when they are known (computed on `f` as
/// it is, by [`crate::live::analyze`]); `None` computes them.
pub(crate) fn legalize_function_with(
    f: &mut Function,
    platform: Platform,
    live: Option<crate::live::LiveElements>,
) -> Result<Stats, Diagnostic> {
    group::validate(f)?;
    let mut cx = Cx::new(f, platform, live)?;
    let layout = cx.f.layout.clone();
    let mut spare = Vec::with_capacity(3);
    for b in layout {
        let old = std::mem::take(&mut cx.f.blocks[b].insts);
        let mut out = Vec::with_capacity(old.len() * 3);
        for &id in &old {
            if cx.grouped[raw(id)] {
                // members stay in place; they die if their head is split
                out.push(id);
                continue;
            }
            match group::build_in(cx.f, id, &cx.grouped, &mut spare) {
                Some(mut group) => {
                    cx.stats.groups += 1;
                    // pieces carry the name of the operation they come from, for diagnostics
                    cx.piece_name = Some(group.op.unwrap_or(id));
                    let legalized = cx.legalize_group_in(&mut group, &mut out)?;
                    // the next group makes its operand list in this one's
                    spare = std::mem::take(&mut group.operands);
                    match legalized {
                        Some(v) => cx.replace(id, v),
                        None => out.push(id),
                    }
                }
                None => out.push(id),
            }
        }
        // (nothing to drop before the first split group)
        if cx.stats.groups_split > 0 {
            out.retain(|&i| !cx.dead.get(raw(i)).copied().unwrap_or(false));
        }
        cx.f.blocks[b].insts = out;
    }
    cx.apply_replacements();
    Ok(cx.stats)
}

/// A place in a function: (block in layout order, plus one; place in its block).
type Position = (u32, u32);

/// The position of every instruction, and the latest position using each (see [`Cx`]).
fn positions(f: &Function) -> (Vec<Position>, Vec<Position>) {
    let n = f.insts.len();
    let (mut position, mut last_use) = (vec![(0, 0); n], vec![(0, 0); n]);
    for (k, &b) in f.layout.iter().enumerate() {
        let block = &f.blocks[b];
        let mut note = |v: Value, at: (u32, u32)| {
            if let Some(l) = match v {
                Value::Inst(i) => last_use.get_mut(raw(i)),
                _ => None,
            } {
                *l = (*l).max(at);
            }
        };
        for (j, &id) in block.insts.iter().enumerate() {
            let at = (k as u32 + 1, j as u32);
            position[raw(id)] = at;
            f.insts[id].kind.for_each_operand(|v| note(v, at));
        }
        block.term.for_each_operand(|v| note(v, (k as u32 + 1, u32::MAX)));
    }
    (position, last_use)
}

/// Whether some group reads the vector its wrregion writes into (the groups
/// [`reads_written_vector`] finds, as [`group::build`] makes them from `grouped`): only those look
/// at positions ([`Cx::written_vector_live_after`]).
fn reads_of_written_vectors(f: &Function, grouped: &[bool]) -> bool {
    let is_grouped = |m: InstId| grouped.get(raw(m)).copied().unwrap_or(false);
    let reads = |m: InstId, old: Value| {
        is_grouped(m) && matches!(f.insts[m].kind, InstKind::RdRegion { input, .. } if input == old)
    };
    f.layout.iter().flat_map(|&b| &f.blocks[b].insts).any(|&id| {
        let InstKind::WrRegion { old, new: Value::Inst(n), .. } = f.insts[id].kind else { return false };
        if !is_grouped(n) {
            return false;
        }
        let kind = &f.insts[n].kind;
        if group::is_elementwise(kind) {
            let mut hit = false;
            kind.for_each_operand(|v| hit |= matches!(v, Value::Inst(m) if reads(m, old)));
            hit
        } else {
            reads(n, old)
        }
    })
}

/// The instruction whose result elements are the group's lanes (element i of a piece plan is element
/// i of its result): the operation, a lone rdregion, or the rdregion a move writes.
fn live_key(b: &SplitGroup) -> Option<InstId> {
    match (b.op, &b.head, b.operands.first()) {
        (Some(op), _, _) => Some(op),
        (None, Head::Join { .. }, _) => Some(b.head_inst),
        (None, Head::Wr { .. }, Some(Operand::Region { rd, .. })) => Some(*rd),
        _ => None,
    }
}

/// Whether a group reads (through a grouped rdregion) the vector its wrregion writes into.
fn reads_written_vector(b: &SplitGroup) -> bool {
    let Head::Wr { old, .. } = b.head else { return false };
    b.operands.iter().any(|o| matches!(o, Operand::Region { input, .. } if *input == old))
}

/// Whether every read of the written vector in `b` is direct and lies apart from every byte the
/// wrregion writes: later pieces may then read the vector as the earlier pieces left it (the join
/// so far), which lets each piece write in place.
fn reads_apart_from_writes(b: &SplitGroup) -> bool {
    let Head::Wr { old, access: w, .. } = &b.head else { return false };
    if w.region.indirect.is_some() {
        return false;
    }
    let (wlo, whi) = w.region.byte_span();
    b.operands.iter().all(|o| match o {
        Operand::Region { input, access, .. } if input == old => {
            let (lo, hi) = access.region.byte_span();
            access.region.indirect.is_none() && (hi <= wlo || lo >= whi)
        }
        _ => true,
    })
}

/// The piece widths of a group, in order (inline up to four: most groups are one piece).
type Plan = crate::inline_vec::InlineVec<u32, 4>;

fn raw(id: InstId) -> usize {
    u32::from(id.into_raw()) as usize
}

/// What `v` is replaced by after the pass: itself, or the end of its chain of replacements.
fn resolve(repl: &[Option<Value>], mut v: Value) -> Value {
    while let Value::Inst(i) = v {
        match repl.get(raw(i)).copied().flatten() {
            Some(n) => v = n,
            None => break,
        }
    }
    v
}

/// A whole vector read as a source from an element: (element bytes, elements, start).
type WholeVector = (u32, u32, u32);

/// Per-function state of the pass.
struct Cx<'f> {
    f: &'f mut Function,
    p: Platform,
    uses: Vec<u32>,
    /// Instructions that are members (not heads) of a group, decided up front.
    grouped: Vec<bool>,
    repl: Vec<Option<Value>>,
    /// Instructions replaced by pieces (removed from their blocks at the end of the block).
    dead: Vec<bool>,
    stats: Stats,
    /// The instruction whose name the pieces of the group being split are given.
    piece_name: Option<InstId>,
    /// Live elements of results that have dead ones.
    live: crate::live::LiveElements,
    true_i1: Value,
    rdpred: IntrinsicId,
    wrpred: IntrinsicId,
    /// The (block in layout order, place in its block) of every instruction of the function
    /// as it was before the pass (pieces have none; empty when no group asks for it).
    position: Vec<Position>,
    /// The latest position using each instruction's result (a terminator is after its block's
    /// instructions; `(0, 0)` for none).
    last_use: Vec<Position>,
    /// Constants made once: undefined vectors by type, i32 offsets by value.
    undefs: Vec<(Type, Value)>,
    /// The SIMD control flow execution mask EM and its slices (see [`Cx::em_select_base`]).
    em: HashSet<Value>,
    offsets: Vec<(u32, Value)>,
    /// Legal sizes of whole vectors read as sources, by (element bytes, elements, start): see
    /// [`Cx::whole_vector_size`].
    whole_sizes: std::cell::RefCell<Vec<(WholeVector, u32)>>,
}

impl<'f> Cx<'f> {
    fn new(
        f: &'f mut Function,
        p: Platform,
        live: Option<crate::live::LiveElements>,
    ) -> Result<Self, Diagnostic> {
        let uses = f.use_counts();
        let grouped = group::members(f, &uses);
        let live = live.unwrap_or_else(|| crate::live::analyze(f));
        // (a function whose SIMD control flow is refused is refused at selection, with its reason)
        let em =
            genxc_genx::simdcf::analyze(f).map(|cf| cf.em_lanes.into_keys().collect()).unwrap_or_default();
        let n = f.insts.len();
        // (only a group whose wrregion's old vector one of its rdregions reads asks for them)
        let (position, last_use) =
            if reads_of_written_vectors(f, &grouped) { positions(f) } else { (Vec::new(), Vec::new()) };
        let true_i1 = f.add_const(Constant { ty: Type::Scalar(Elem::I1), elems: vec![Some(1)] });
        let (rdpred, wrpred) = (IntrinsicId::Rdpredregion, IntrinsicId::Wrpredregion);
        Ok(Cx {
            f,
            p,
            uses,
            grouped,
            repl: vec![None; n],
            dead: vec![false; n],
            stats: Stats::default(),
            piece_name: None,
            live,
            true_i1,
            rdpred,
            wrpred,
            undefs: Vec::new(),
            offsets: Vec::new(),
            whole_sizes: std::cell::RefCell::new(Vec::new()),
            em,
            position,
            last_use,
        })
    }

    /// Whether the vector a group's wrregion writes into is used after the group (in layout
    /// order): it then stays live past the head, so the written chain is a copy of it anyway,
    /// and the pieces may read it as it was without costing a copy.
    fn written_vector_live_after(&self, b: &SplitGroup) -> bool {
        let Head::Wr { old: Value::Inst(old), .. } = b.head else { return false };
        match (self.last_use.get(raw(old)), self.position.get(raw(b.head_inst))) {
            (Some(&last), Some(&head)) => last > head,
            _ => false,
        }
    }

    fn replace(&mut self, id: InstId, v: Value) {
        let i = raw(id);
        if i >= self.repl.len() {
            self.repl.resize(i + 1, None);
        }
        self.repl[i] = Some(v);
    }

    fn apply_replacements(&mut self) {
        if self.repl.iter().all(Option::is_none) {
            return;
        }
        let (repl, f) = (&self.repl, &mut *self.f);
        for &b in &f.layout {
            for &id in &f.blocks[b].insts {
                f.insts[id].kind.map_operands(|v| resolve(repl, v));
            }
            f.blocks[b].term.map_operands(|v| resolve(repl, v));
        }
    }

    fn undef(&mut self, ty: Type) -> Value {
        if let Some(&(_, v)) = self.undefs.iter().find(|(t, _)| *t == ty) {
            return v;
        }
        let v = self.f.add_const(Constant::undef(ty));
        self.undefs.push((ty, v));
        v
    }

    fn offset_const(&mut self, off: u32) -> Value {
        if let Some(&(_, v)) = self.offsets.iter().find(|(o, _)| *o == off) {
            return v;
        }
        let v = self.f.add_const(Constant::int(Elem::I32, i64::from(off)));
        self.offsets.push((off, v));
        v
    }

    fn push(&mut self, out: &mut Vec<InstId>, kind: InstKind, ty: Type) -> Value {
        let name = self.piece_name.map_or_else(String::new, |i| self.f.insts[i].name.clone());
        let id = self.f.insts.alloc(Inst { kind, ty, name });
        out.push(id);
        Value::Inst(id)
    }

    fn elem_bytes(&self, v: Value) -> u32 {
        self.f.value_type(v).elem().map_or(1, Elem::bytes)
    }

    /// The legal size at `start` of a whole `n`-element vector of `eb`-byte elements read as a
    /// source ([`legal::legal_size`] of its contiguous region), remembered per function: the
    /// operands of most groups are such vectors of a few shapes.
    fn whole_vector_size(&self, eb: u32, n: u32, start: u32) -> u32 {
        let key = (eb, n, start);
        if let Some(&(_, size)) = self.whole_sizes.borrow().iter().find(|(k, _)| *k == key) {
            return size;
        }
        let a = Access::new(Region::contiguous(eb, n, 0), Role::Source, n);
        let size = legal::legal_size(&a, start, true, self.p);
        self.whole_sizes.borrow_mut().push((key, size));
        size
    }

    /// The width of the piece at `start`, and the predicate minimum at that start (0 if none).
    fn piece_width(&self, b: &SplitGroup, start: u32) -> (u32, u32) {
        let p = self.p;
        let w_all = b.width;
        let rest = w_all - start;
        let mut w = pow2_floor(i64::from(rest)).min(i64::from(legal::MAX_EXEC_SIZE)) as u32;
        let mut pred_min = 0;
        if let Some(op) = b.op {
            let inst = &self.f.insts[op];
            let res_eb = inst.ty.elem().map_or(1, Elem::bytes);
            let eb = match &inst.kind {
                InstKind::Select { .. } => res_eb,
                InstKind::Cmp { lhs, .. } => self.elem_bytes(*lhs),
                k => {
                    // the first operand, as `for_each_operand` gives it
                    let first = match k {
                        InstKind::Binary { lhs: v, .. }
                        | InstKind::FNeg(v)
                        | InstKind::Cast { value: v, .. } => Some(*v),
                        k => {
                            let mut first = None;
                            k.for_each_operand(|v| {
                                first.get_or_insert(v);
                            });
                            first
                        }
                    };
                    res_eb.max(first.map_or(1, |v| self.elem_bytes(v)))
                }
            };
            let cap = (2 * p.grf_bytes() / eb.max(1)).max(1);
            w = w.min(pow2_floor(i64::from(cap)) as u32);
            if let InstKind::Binary { op: BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem, .. } =
                inst.kind
            {
                if p.info().has_int_divide && inst.ty.elem().is_some_and(Elem::is_int) {
                    w = w.min(16);
                }
            }
        }
        let mut plain_ebs = 0u32;
        for (k, o) in b.operands.iter().enumerate() {
            match o {
                // the same region read twice (x * x) gives the same size
                Operand::Region { access, .. }
                    if b.operands[..k]
                        .iter()
                        .any(|e| matches!(e, Operand::Region { access: a, .. } if a == access)) => {}
                Operand::Region { access, .. } => w = w.min(legal::source_piece_size(access, start, p)),
                Operand::Plain { value, .. } => {
                    // whole vectors of one element size all give the same size
                    let eb = self.elem_bytes(*value);
                    if plain_ebs & eb == 0 {
                        plain_ebs |= eb;
                        w = w.min(self.whole_vector_size(eb, w_all, start));
                    }
                }
                Operand::Pred(_) | Operand::Const(_) | Operand::Scalar(_) => {}
            }
        }
        match &b.head {
            Head::Wr { access, mask_is_vector, .. } => {
                w = w.min(legal::legal_size(access, start, true, p));
                if b.op.is_none() && matches!(b.operands.first(), Some(Operand::Plain { .. })) {
                    w = w.min(legal::legal_size(access, start, false, p));
                }
                if *mask_is_vector {
                    let (min, max) = legal_pred_size(w_all, start, p);
                    w = w.min(max);
                    pred_min = min;
                }
            }
            Head::Join { elem } => {
                if *elem != Elem::I1 && w < w_all {
                    let a = Access::new(Region::contiguous(elem.bytes(), w_all, 0), Role::Destination, w_all);
                    w = w.min(legal::legal_size(&a, start, true, p));
                }
            }
        }
        if b.has_pred {
            let (min, max) = legal_pred_size(w_all, start, p);
            w = w.min(max);
            pred_min = pred_min.max(min);
        }
        let mut w = pow2_floor(i64::from(w.max(1))) as u32;
        // dead elements of the result form pieces of their own (not for half: it needs exec 8/16)
        if let Some(&live) = live_key(b).and_then(|k| self.live.get(&k)) {
            let dead_w = crate::live::dead_split_width(live, start, w);
            let elem = self.f.insts[b.op.unwrap_or(b.head_inst)].ty.elem();
            if dead_w >= pred_min.max(1) && elem != Some(Elem::Half) {
                w = dead_w;
            }
        }
        (w, pred_min)
    }

    /// The width sequence of a group, or `Err(())` when a piece is narrower than its predicate
    /// allows (the caller then ungroups and tries again).
    fn plan(&self, b: &SplitGroup) -> Result<Plan, ()> {
        let mut out = Plan::new(0);
        let mut start = 0;
        while start < b.width {
            let (w, pred_min) = self.piece_width(b, start);
            if w < pred_min {
                return Err(());
            }
            out.push(w);
            start += w;
        }
        Ok(out)
    }

    /// Whether a group is legal as it stands (one piece and every region legal).
    fn is_whole_legal(&self, b: &SplitGroup, plan: &[u32]) -> bool {
        plan.len() == 1
            && b.operands.iter().all(|o| match o {
                Operand::Region { access, .. } => legal::is_legal_in(access, self.p),
                _ => true,
            })
            && match &b.head {
                Head::Wr { access, .. } => legal::is_legal_in(access, self.p),
                Head::Join { .. } => true,
            }
    }

    /// Legalizes one group; emits pieces into `out`. Returns the value replacing the head, or
    /// `None` when the group stays as it is (its members are then re-emitted in order).
    fn legalize_group(
        &mut self,
        mut b: SplitGroup,
        out: &mut Vec<InstId>,
    ) -> Result<Option<Value>, Diagnostic> {
        self.legalize_group_in(&mut b, out)
    }

    /// [`Cx::legalize_group`] on a group the caller keeps (its operand list is used again).
    fn legalize_group_in(
        &mut self,
        b: &mut SplitGroup,
        out: &mut Vec<InstId>,
    ) -> Result<Option<Value>, Diagnostic> {
        if b.width <= 1 {
            return Ok(None);
        }
        let plan = loop {
            match self.plan(b) {
                Ok(plan)
                    if plan.len() > 1
                        && reads_written_vector(b)
                        && !reads_apart_from_writes(b)
                        && !self.written_vector_live_after(b) =>
                {
                    // The pieces would read the vector after earlier pieces wrote into it, maybe
                    // where they wrote: read it whole first (split on its own), then write.
                    self.read_written_vector_first(b, out)?;
                }
                Ok(plan) => break plan,
                Err(()) => {
                    // Ungroup: first the rdregions feeding the operation, then the head wrregion.
                    if b.op.is_some() && b.operands.iter().any(|o| matches!(o, Operand::Region { .. })) {
                        for i in 0..b.operands.len() {
                            if let Operand::Region { rd, .. } = b.operands[i] {
                                let v = self.legalize_member_alone(rd, out)?;
                                b.operands[i] = group::plain_operand(self.f, v);
                            }
                        }
                        // the operation now uses values emitted after its old place: move it down
                        if let Some(op) = b.op {
                            if let Some(pos) = out.iter().rposition(|&i| i == op) {
                                out.remove(pos);
                                out.push(op);
                            }
                        }
                    } else if let (Some(op), Head::Wr { .. }) = (b.op, &b.head) {
                        let wr = b.head_inst;
                        let mut inner = group::build_op_only(self.f, op, &self.uses)
                            .ok_or_else(|| Diagnostic::error(internal("cannot rebuild a group")))?;
                        inner.operands.clone_from(&b.operands);
                        let v = match self.legalize_group(inner, out)? {
                            Some(v) => {
                                self.replace(op, v);
                                v
                            }
                            None => Value::Inst(op),
                        };
                        *b = group::build_lone_wr(self.f, wr, v)
                            .ok_or_else(|| Diagnostic::error(internal("cannot rebuild a wrregion")))?;
                    } else {
                        // Nothing left to ungroup: accept narrow predicate pieces.
                        break self.plan_ignoring_pred(b);
                    }
                }
            }
        };
        if self.is_whole_legal(b, &plan) {
            return Ok(None);
        }
        self.kill(b);
        self.stats.groups_split += 1;
        self.stats.pieces += plan.len();
        let base = self.em_select_base(b);
        let mut joined = match (&b.head, base) {
            (Head::Wr { old, .. }, _) => *old,
            (Head::Join { .. }, Some(base)) => base,
            (Head::Join { .. }, None) => {
                let ty = self.f.insts[b.head_inst].ty;
                self.undef(ty)
            }
        };
        let mut start = 0;
        for &n in &plan {
            joined = self.emit_piece(b, (start, n), joined, base, out)?;
            start += n;
        }
        Ok(Some(joined))
    }

    /// Splits the rdregions of `b` that read the vector its head wrregion writes into as groups of
    /// their own, so they are read whole before any piece is written.
    fn read_written_vector_first(
        &mut self,
        b: &mut SplitGroup,
        out: &mut Vec<InstId>,
    ) -> Result<(), Diagnostic> {
        let Head::Wr { old, .. } = b.head else { return Ok(()) };
        for i in 0..b.operands.len() {
            if let Operand::Region { rd, input, .. } = b.operands[i] {
                if input == old {
                    let v = self.legalize_member_alone(rd, out)?;
                    b.operands[i] = group::plain_operand(self.f, v);
                }
            }
        }
        match b.op {
            // the operation now uses values emitted after its old place: move it down
            Some(op) => {
                if let Some(pos) = out.iter().rposition(|&i| i == op) {
                    out.remove(pos);
                    out.push(op);
                }
            }
            None => {
                let new = match b.operands.first() {
                    Some(Operand::Plain { value, .. }) => *value,
                    _ => return Err(Diagnostic::error(internal("a move group without its value"))),
                };
                *b = group::build_lone_wr(self.f, b.head_inst, new)
                    .ok_or_else(|| Diagnostic::error(internal("cannot rebuild a wrregion")))?;
            }
        }
        Ok(())
    }

    fn plan_ignoring_pred(&self, b: &SplitGroup) -> Plan {
        let mut out = Plan::new(0);
        let mut start = 0;
        while start < b.width {
            let w = self.piece_width(b, start).0;
            out.push(w);
            start += w;
        }
        out
    }

    /// Marks a split group's instructions dead.
    fn kill(&mut self, b: &SplitGroup) {
        let mut mark = |i: InstId| {
            if let Some(d) = self.dead.get_mut(raw(i)) {
                *d = true;
            }
        };
        mark(b.head_inst);
        b.op.into_iter().for_each(&mut mark);
        for o in &b.operands {
            if let Operand::Region { rd, .. } = o {
                mark(*rd);
            }
        }
    }

    /// Legalizes an rdregion that was grouped into an operation as a group of its own; gives the value
    /// the operation should use instead.
    fn legalize_member_alone(&mut self, rd: InstId, out: &mut Vec<InstId>) -> Result<Value, Diagnostic> {
        let b = group::build_rd_only(self.f, rd, &self.uses)
            .ok_or_else(|| Diagnostic::error(internal("cannot rebuild an rdregion group")))?;
        Ok(match self.legalize_group(b, out)? {
            Some(v) => {
                self.replace(rd, v);
                v
            }
            None => Value::Inst(rd),
        })
    }

    fn slice_pred(&mut self, v: Value, start: u32, n: u32, total: u32, out: &mut Vec<InstId>) -> Value {
        if n == total {
            return v;
        }
        let off = self.offset_const(start);
        self.push(out, InstKind::Intrinsic { id: self.rdpred, args: vec![v, off] }, Type::Vector(Elem::I1, n))
    }

    fn slice_const(&mut self, c: genxc_genx::ConstId, start: u32, n: u32) -> Value {
        let k = &self.f.consts[c];
        let elem = k.ty.elem().unwrap_or(Elem::I32);
        let elems = if k.ty.is_vector() {
            k.elems.iter().skip(start as usize).take(n as usize).cloned().collect()
        } else {
            vec![k.elems.first().cloned().flatten(); n as usize]
        };
        self.f.add_const(Constant { ty: Type::Vector(elem, n), elems })
    }

    /// Gives the region of a piece, with a variable index rebased when needed (a multi-indirect
    /// index sliced; an immediate offset out of range folded into an add).
    fn piece_region(
        &mut self,
        access: &Access,
        start: u32,
        n: u32,
        out: &mut Vec<InstId>,
    ) -> Result<Region, Diagnostic> {
        let piece = subregion(&access.region, start, n, access.index_elems)
            .ok_or_else(|| Diagnostic::error("region piece out of range"))?;
        let mut r = piece.region;
        if let Some(idx) = r.indirect {
            if access.is_multi_indirect() {
                if piece.index_rows != access.index_elems {
                    let rd = Region::contiguous(2, piece.index_rows, piece.index_row);
                    let ty = if piece.index_rows == 1 {
                        Type::Vector(Elem::I16, 1)
                    } else {
                        Type::Vector(Elem::I16, piece.index_rows)
                    };
                    r.indirect = Some(self.push(out, InstKind::RdRegion { input: idx, region: rd }, ty));
                }
            } else if !(-512..=511).contains(&r.offset) {
                let c = self.f.add_const(Constant::int(Elem::I16, i64::from(r.offset)));
                let add = InstKind::Binary { op: BinOp::Add, lhs: idx, rhs: c };
                r.indirect = Some(self.push(out, add, Type::Scalar(Elem::I16)));
                r.offset = 0;
            }
        }
        Ok(r)
    }

    /// The value the pieces of a select on a slice of the SIMD control flow execution mask are
    /// chained from instead of an undefined vector: its false operand, when that is a whole vector
    /// (of the result's type). Each piece then changes only the lanes under EM of the part it
    /// covers, and the chain can live in the false operand's variable, as a wrregion chain does,
    /// where pieces joined from undef would need a copy of the whole result.
    fn em_select_base(&self, b: &SplitGroup) -> Option<Value> {
        let InstKind::Select { cond, .. } = self.f.insts[b.op?].kind else { return None };
        if !matches!(b.head, Head::Join { .. }) || !self.em.contains(&cond) {
            return None;
        }
        match b.operands.get(2)? {
            Operand::Plain { value, .. } if self.f.value_type(*value) == self.f.insts[b.head_inst].ty => {
                Some(*value)
            }
            _ => None,
        }
    }

    /// Emits the piece of `n` elements from `start` of group `b`, joined to `prev` (the pieces
    /// before it, chained from `base` when that is not undefined: a read of `base` then takes the
    /// untouched part of `prev`).
    fn emit_piece(
        &mut self,
        b: &SplitGroup,
        (start, n): (u32, u32),
        prev: Value,
        base: Option<Value>,
        out: &mut Vec<InstId>,
    ) -> Result<Value, Diagnostic> {
        // a piece whose elements nothing uses is not emitted
        if let Some(&live) = live_key(b).and_then(|k| self.live.get(&k)) {
            if crate::live::all_dead(live, start, n) && n < b.width {
                return Ok(prev);
            }
        }
        let mut vals = [self.true_i1; 3];
        let mut nvals = 0;
        for (k, o) in b.operands.iter().enumerate() {
            // an operand used twice (x * x) is read once per piece
            let same =
                b.operands[..k].iter().position(|e| e == o).and_then(|j| vals[..nvals].get(j).copied());
            let v = match *o {
                _ if same.is_some() => same.unwrap_or(self.true_i1),
                Operand::Region { input, access, elem, .. } => {
                    let region = self.piece_region(&access, start, n, out)?;
                    // a read of the written vector takes it as the earlier pieces left it when the
                    // reads lie apart from the writes; otherwise (the vector stays live past the
                    // group) it reads the vector as it was
                    let input = match b.head {
                        Head::Wr { old, .. } if input == old && reads_apart_from_writes(b) => prev,
                        _ => input,
                    };
                    self.push(out, InstKind::RdRegion { input, region }, Type::Vector(elem, n))
                }
                Operand::Plain { value, elem } => {
                    if n == b.width {
                        value
                    } else {
                        let region = Region::contiguous(elem.bytes(), n, start);
                        let input = if base == Some(value) { prev } else { value };
                        self.push(out, InstKind::RdRegion { input, region }, Type::Vector(elem, n))
                    }
                }
                Operand::Pred(v) => self.slice_pred(v, start, n, b.width, out),
                Operand::Const(c) => self.slice_const(c, start, n),
                Operand::Scalar(v) => v,
            };
            if let Some(slot) = vals.get_mut(nvals) {
                *slot = v;
                nvals += 1;
            }
        }
        let vals = &vals[..nvals];
        let result = match b.op {
            Some(op) => {
                let inst = &self.f.insts[op];
                let mut kind = inst.kind.clone();
                let ty = Type::Vector(inst.ty.elem().unwrap_or(Elem::I32), n);
                let mut it = vals.iter();
                kind.map_operands(|v| it.next().copied().unwrap_or(v));
                match identity_operand(self.f, &kind, ty) {
                    Some(v) => v,
                    None => self.push(out, kind, ty),
                }
            }
            None => vals.first().copied().ok_or_else(|| Diagnostic::error(internal("empty group")))?,
        };
        match &b.head {
            Head::Wr { access, mask, mask_is_vector, .. } => {
                let region = self.piece_region(access, start, n, out)?;
                let mask =
                    if *mask_is_vector { self.slice_pred(*mask, start, n, b.width, out) } else { *mask };
                let ty = self.f.insts[b.head_inst].ty;
                Ok(self.push(out, InstKind::WrRegion { old: prev, new: result, region, mask }, ty))
            }
            Head::Join { elem } => {
                if n == b.width {
                    return Ok(result);
                }
                let ty = self.f.insts[b.head_inst].ty;
                if *elem == Elem::I1 {
                    let off = self.offset_const(start);
                    Ok(self.push(
                        out,
                        InstKind::Intrinsic { id: self.wrpred, args: vec![prev, result, off] },
                        ty,
                    ))
                } else {
                    let region = Region::contiguous(elem.bytes(), n, start);
                    let mask = self.true_i1;
                    Ok(self.push(out, InstKind::WrRegion { old: prev, new: result, region, mask }, ty))
                }
            }
        }
    }
}

/// The operand a piece of a split integer operation is when its constant operand is the
/// operation's identity on every element of the piece (`x ^ 0`, `x + 0`, `x - 0`, `x | 0`,
/// shifts by 0, `x & -1`, `x * 1`: the piece of `<1, 256, 0>` that holds the last element), of
/// the piece's type `ty`; `None` when the piece computes something.
fn identity_operand(f: &Function, kind: &InstKind, ty: Type) -> Option<Value> {
    let InstKind::Binary { op, lhs, rhs } = *kind else { return None };
    let bits = ty.elem().filter(|e| e.is_int() && *e != Elem::I1)?.bytes() * 8;
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let is = |v: Value, x: u64| {
        f.as_const(v)
            .is_some_and(|c| !c.elems.is_empty() && c.elems.iter().all(|e| e.is_some_and(|b| b & mask == x)))
    };
    let of_type = |v: Value| (f.value_type(v) == ty).then_some(v);
    use BinOp::*;
    match op {
        Add | Or | Xor | Sub | Shl | LShr | AShr if is(rhs, 0) => of_type(lhs),
        Add | Or | Xor if is(lhs, 0) => of_type(rhs),
        And if is(rhs, mask) => of_type(lhs),
        And if is(lhs, mask) => of_type(rhs),
        Mul if is(rhs, 1) => of_type(lhs),
        Mul if is(lhs, 1) => of_type(rhs),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg(eb: u32, n: u32, vs: i64, w: i64, s: i64, off: i64) -> Region {
        Region::from_operands(eb, n, vs, w, s, off, None, 0).unwrap()
    }

    #[test]
    fn subregions() {
        // whole rows keep the 2D shape
        let r = reg(4, 8, 8, 4, 1, 0);
        let p = subregion(&r, 4, 4, 0).unwrap().region;
        assert_eq!((p.offset, p.num_elems, p.width, p.stride), (32, 4, 4, 1));
        // two half rows
        let r = reg(4, 16, 8, 4, 1, 0);
        let p = subregion(&r, 2, 4, 0).unwrap().region;
        assert_eq!((p.offset, p.vstride, p.width, p.stride), (8, 6, 2, 1));
        assert_eq!((0..4).map(|i| p.byte_offset(i) / 4).collect::<Vec<_>>(), vec![2, 3, 8, 9]);
        // out of range
        assert!(subregion(&r, 14, 4, 0).is_none());
    }

    #[test]
    fn seven_is_four_two_one() {
        let a = Access::new(reg(4, 7, 7, 7, 1, 0), Role::Source, 7);
        assert_eq!(plan_region(&a, Platform::Tgllp), vec![4, 2, 1]);
        let a = Access::new(reg(4, 30, 30, 30, 1, 0), Role::Source, 32);
        assert_eq!(plan_region(&a, Platform::Pvc), vec![16, 8, 4, 2]);
    }

    #[test]
    fn predicate_parts() {
        assert_eq!(pred_part(37, 0), (0, 32));
        assert_eq!(pred_part(37, 33), (32, 4));
        assert_eq!(pred_part(37, 36), (36, 1));
        assert_eq!(pred_part(13, 9), (8, 4));
        assert_eq!(legal_pred_size(16, 4, Platform::Tgllp), (4, 4));
        assert_eq!(legal_pred_size(16, 8, Platform::Pvc), (8, 8));
        assert_eq!(legal_pred_size(13, 12, Platform::Pvc), (1, 1));
    }
}
