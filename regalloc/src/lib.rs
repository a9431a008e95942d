//! Register allocation at the vISA level: which values share a vISA variable, and which copies
//! are needed where they cannot.
//!
//! The pass works on plain data in four steps, after IGC's GenX backend
//! (see `docs/genx-coalescing.md` of the project's reference material):
//!
//! 1. [`liveness`]: number the instructions of one function (with a pre-copy slot before every
//!    emitted instruction and a slot per phi on every edge into a block with phis) and compute
//!    each value's live range as sorted segments.
//! 2. Coalescing candidates: a same-size `bitcast` and its operand (a copy candidate, tried first
//!    in program order), a two-address instruction (`wrregion`, `wrpredregion`) and its old value,
//!    a phi and each incoming value. The last two are tried in cost order: the bytes a copy would
//!    move (one unit per GRF plus one per power-of-two rest), times 4 per loop level.
//! 3. Two values are merged into one live range when their ranges (with everything already merged
//!    into them) do not overlap and they are in the same register category.
//! 4. Every live range becomes one vISA variable; a member of another type is an alias of it at
//!    offset 0. Where a candidate failed the result lists the copy: the old value of a `wrregion`
//!    is copied into the result's variable right before it ([`WrRegionPrep::CopyOld`]), a phi's
//!    incoming value is copied at the end of the predecessor ([`Assignment::phi_copies`]), a
//!    bitcast that could not alias is a move.
//!
//! Before that, [`forward::forward_region_reads`] lets reads of freshly written parts read the
//! written value (scalar splats need no vector copy), and
//! [`forward::read_past_region_writes`] lets the halves of a split region write read the first
//! half's result instead of the old value (so the old value dies and the chain writes in place).
//!
//! Register categories: `i1` values live in predicate variables, indices of indirect regions in
//! address variables (one per indirect access, [`Assignment::address`]), everything else in
//! general variables.

pub mod forward;
pub mod liveness;

use genxc_genx::bale::Bales;
use genxc_genx::ir::{BlockId, CastOp, Function, InstId, InstKind, Value};
use genxc_genx::types::{Elem, Type};
use liveness::{two_address_old, Liveness, ValIdx};
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for small keys made of arena indices (values, instruction ids): a multiply-rotate
/// mix of the words written, much cheaper than the default SipHash for maps with a million keys.
#[derive(Clone, Copy, Debug, Default)]
pub struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// The register file a variable lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// A general (GRF) variable.
    General,
    /// An address register variable.
    Address,
    /// A predicate (flag) variable: one bit per lane.
    Predicate,
}

/// Index of a variable in [`Assignment::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarIdx(pub u32);

/// A vISA variable to declare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// Readable name (from the first value assigned to it).
    pub name: String,
    /// Element type and count.
    pub ty: Type,
    /// A typed view of another variable at a byte offset, instead of storage of its own.
    pub alias_of: Option<(VarIdx, u32)>,
    /// The kernel parameter whose input this variable is.
    pub param: Option<u32>,
    /// Register category.
    pub category: Category,
}

/// What a two-address instruction (`wrregion`, `wrpredregion`) needs before its write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrRegionPrep {
    /// The result shares the old value's variable: write in place.
    InPlace,
    /// Copy the old value into the result's variable first.
    CopyOld,
    /// The old value is undefined: nothing to copy.
    Undef,
}

/// A copy at the end of a predecessor (on the edge) into a phi's variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhiCopy {
    /// The phi.
    pub phi: InstId,
    /// The phi's variable.
    pub dst: VarIdx,
    /// The incoming value (a constant is loaded).
    pub src: Value,
}

/// Counts for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Variables with storage of their own (general, predicate and address).
    pub variables: usize,
    /// Alias variables (typed views of another variable).
    pub aliases: usize,
    /// Candidate pairs that now share a variable.
    pub coalesced: usize,
    /// Whole-value copies inserted where coalescing failed (constants loaded are not counted).
    pub copies: usize,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.variables += o.variables;
        self.aliases += o.aliases;
        self.coalesced += o.coalesced;
        self.copies += o.copies;
    }
}

/// Variables of one function, which value lives in which, and the copies to insert.
#[derive(Clone, Debug, Default)]
pub struct Assignment {
    /// Variables in creation order.
    pub vars: Vec<Variable>,
    /// The variable of each parameter that has one.
    of_param: Vec<Option<VarIdx>>,
    /// The variable of each instruction result that has one (by the instruction's arena index).
    of_inst: Vec<Option<VarIdx>>,
    /// For each two-address instruction's result, how it is prepared.
    pub wrregion: HashMap<Value, WrRegionPrep, BuildHasherDefault<IdHasher>>,
    /// Copies on each edge `(from, to)` into a block with phis, in phi order; copies whose source
    /// already lives in the phi's variable are left out.
    pub phi_copies: HashMap<(BlockId, BlockId), Vec<PhiCopy>>,
    /// The address variable of each region access with a variable index.
    pub address: HashMap<InstId, VarIdx>,
    /// Counts.
    pub stats: Stats,
}

impl Assignment {
    /// The variable of a value.
    pub fn var(&self, v: Value) -> Option<VarIdx> {
        match v {
            Value::Param(p) => self.of_param.get(p as usize).copied().flatten(),
            Value::Inst(i) => self.of_inst.get(u32::from(i.into_raw()) as usize).copied().flatten(),
            Value::Const(_) => None,
        }
    }

    /// The variable that owns the storage of `v` (itself unless it is an alias).
    pub fn storage(&self, v: VarIdx) -> VarIdx {
        let mut v = v;
        while let Some((base, _)) = self.vars[v.0 as usize].alias_of {
            v = base;
        }
        v
    }

    /// Whether two values live in the same storage.
    pub fn same_storage(&self, a: Value, b: Value) -> bool {
        match (self.var(a), self.var(b)) {
            (Some(x), Some(y)) => self.storage(x) == self.storage(y),
            _ => false,
        }
    }

    fn push(&mut self, var: Variable) -> VarIdx {
        if var.alias_of.is_some() {
            self.stats.aliases += 1;
        } else {
            self.stats.variables += 1;
        }
        self.vars.push(var);
        VarIdx(self.vars.len() as u32 - 1)
    }
}

fn category(ty: Type) -> Category {
    if ty.elem() == Some(Elem::I1) {
        Category::Predicate
    } else {
        Category::General
    }
}

/// Estimated cost of a copy of `ty` at loop depth `depth`: moves (one per 32 bytes plus one per
/// power-of-two rest) times 4 per loop level.
pub fn copy_cost(ty: Type, depth: u32) -> u64 {
    let bytes = u64::from(ty.bytes().max(1));
    let moves = bytes / 32 + u64::from((bytes % 32).count_ones());
    moves.saturating_mul(4u64.saturating_pow(depth))
}

/// Live ranges merged by coalescing: a union-find over value indices with the segments of each
/// set at its representative. A set of one value reads its segments from the liveness; a merged
/// set keeps them in a map (start -> end), and sets merge the smaller into the larger, so a
/// function's coalescing costs O(n log n).
struct Sets<'a> {
    lv: &'a Liveness,
    parent: Vec<ValIdx>,
    merged: Vec<Option<BTreeMap<u32, u32>>>,
    cat: Vec<Category>,
}

/// The segments of one set.
enum SetRange<'s> {
    Single(&'s [(u32, u32)]),
    Merged(&'s BTreeMap<u32, u32>),
}

impl SetRange<'_> {
    fn len(&self) -> usize {
        match self {
            SetRange::Single(s) => s.len(),
            SetRange::Merged(m) => m.len(),
        }
    }

    /// Whether some segment overlaps `[s, e)`: the last segment starting before `e` is the only
    /// one that can reach past `s`.
    fn overlaps(&self, s: u32, e: u32) -> bool {
        match self {
            SetRange::Single(segs) => {
                let k = segs.partition_point(|x| x.0 < e);
                k > 0 && segs[k - 1].1 > s
            }
            SetRange::Merged(m) => m.range(..e).next_back().is_some_and(|(_, &be)| be > s),
        }
    }

    fn for_each(&self, mut g: impl FnMut(u32, u32) -> bool) -> bool {
        match self {
            SetRange::Single(segs) => segs.iter().any(|&(s, e)| g(s, e)),
            SetRange::Merged(m) => m.iter().any(|(&s, &e)| g(s, e)),
        }
    }
}

impl Sets<'_> {
    fn find(&mut self, mut x: ValIdx) -> ValIdx {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = p;
        }
        x
    }

    fn range(&self, r: ValIdx) -> SetRange<'_> {
        match &self.merged[r as usize] {
            Some(m) => SetRange::Merged(m),
            None => SetRange::Single(self.lv.range(r)),
        }
    }

    fn interfere(&self, a: ValIdx, b: ValIdx) -> bool {
        let (ra, rb) = (self.range(a), self.range(b));
        let (small, big) = if ra.len() <= rb.len() { (ra, rb) } else { (rb, ra) };
        small.for_each(|s, e| big.overlaps(s, e))
    }

    /// Merges the sets of `a` and `b` when they do not interfere (or `force`); whether they are
    /// one set now.
    fn try_merge(&mut self, a: ValIdx, b: ValIdx, force: bool) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return true;
        }
        if !force && (self.cat[a as usize] != self.cat[b as usize] || self.interfere(a, b)) {
            return false;
        }
        let (big, small) = if self.range(a).len() >= self.range(b).len() { (a, b) } else { (b, a) };
        let segs: Vec<(u32, u32)> = match self.merged[small as usize].take() {
            Some(m) => m.into_iter().collect(),
            None => self.lv.range(small).to_vec(),
        };
        let lv = self.lv;
        let r = self.merged[big as usize].get_or_insert_with(|| lv.range(big).iter().copied().collect());
        for (s, e) in segs {
            insert_segment(r, s, e);
        }
        self.parent[small as usize] = big;
        true
    }
}

/// Inserts `[s, e)` into disjoint segments, merging what it overlaps or touches.
fn insert_segment(r: &mut BTreeMap<u32, u32>, s: u32, e: u32) {
    let (mut ns, mut ne) = (s, e);
    if let Some((&ps, &pe)) = r.range(..=s).next_back() {
        if pe >= s {
            ns = ps;
            ne = ne.max(pe);
            r.remove(&ps);
        }
    }
    while let Some((&qs, &qe)) = r.range(ns..=ne).next() {
        ne = ne.max(qe);
        r.remove(&qs);
    }
    r.insert(ns, ne);
}

/// Assigns variables to the values of a function given its bales.
pub fn assign(f: &Function, bales: &Bales) -> Assignment {
    let lv = liveness::analyze(f, bales);
    assign_with(f, bales, &lv)
}

/// [`assign`] with the liveness already computed.
pub fn assign_with(f: &Function, _bales: &Bales, lv: &Liveness) -> Assignment {
    let mut a = Assignment::default();
    let nv = lv.values.len();
    let mut sets = Sets {
        lv,
        parent: (0..nv as u32).collect(),
        merged: vec![None; nv],
        cat: lv.values.iter().map(|&v| category(f.value_type(v))).collect(),
    };
    let idx = |v: Value| lv.index_of(v);
    // copy candidates (program order) and the normal ones
    let mut normal: Vec<(u64, ValIdx, ValIdx)> = Vec::new();
    let mut failed_bitcasts = 0;
    for &b in &f.layout {
        let node = lv.block_node[u32::from(b.into_raw()) as usize];
        for &i in &f.blocks[b].insts {
            let v = Value::Inst(i);
            let Some(vi) = idx(v) else {
                // a predicate slice read is a view of its source: keep the source alive for it
                continue;
            };
            let inst = &f.insts[i];
            match &inst.kind {
                InstKind::Cast { op: CastOp::BitCast, value } => {
                    let from = f.value_type(*value);
                    if let Some(si) = idx(*value) {
                        if from.bytes() == inst.ty.bytes()
                            && category(from) == Category::General
                            && category(inst.ty) == Category::General
                        {
                            if sets.try_merge(vi, si, false) {
                                a.stats.coalesced += 1;
                            } else {
                                failed_bitcasts += 1;
                            }
                        }
                    }
                }
                InstKind::Intrinsic { id, args } if id.short_name() == "rdpredregion" => {
                    if let Some(si) = args.first().and_then(|x| idx(*x)) {
                        sets.try_merge(vi, si, true);
                    }
                }
                InstKind::Phi { incoming } => {
                    for (from, x) in incoming {
                        if let (Some(xi), Some(&en)) = (idx(*x), lv.edge_node.get(&(*from, b))) {
                            normal.push((copy_cost(inst.ty, lv.node_depth(en)), vi, xi));
                        }
                    }
                }
                kind => {
                    if let Some(oi) = two_address_old(kind).and_then(idx) {
                        normal.push((copy_cost(inst.ty, lv.node_depth(node)), vi, oi));
                    }
                }
            }
        }
    }
    normal.sort_by_key(|x| std::cmp::Reverse(x.0));
    for &(_, d, s) in &normal {
        if sets.find(d) != sets.find(s) && sets.try_merge(d, s, false) {
            a.stats.coalesced += 1;
        }
    }
    // one variable per set (of the type of its first value); members of another type are aliases
    let mut base: Vec<Option<(VarIdx, Type)>> = vec![None; nv];
    let mut views: HashMap<(ValIdx, Type), VarIdx> = HashMap::new();
    // the storage variable of each value (by value index), for the copy decisions below
    let mut storage: Vec<Option<VarIdx>> = vec![None; nv];
    a.of_param = vec![None; f.params.len()];
    a.of_inst = vec![None; f.insts.len()];
    for (vi, &v) in lv.values.iter().enumerate() {
        if matches!(v, Value::Inst(i) if is_pred_slice(&f.insts[i].kind)) {
            continue;
        }
        let root = sets.find(vi as ValIdx);
        let ty = f.value_type(v);
        let name = value_name(f, v, a.vars.len());
        let param = match v {
            Value::Param(p) => Some(p),
            _ => None,
        };
        let var = match base[root as usize] {
            None => {
                let var = a.push(Variable { name, ty, alias_of: None, param, category: category(ty) });
                base[root as usize] = Some((var, ty));
                var
            }
            Some((b, bty)) if bty == ty => b,
            Some((b, _)) => match views.get(&(root, ty)) {
                Some(&var) => var,
                None => {
                    let var =
                        a.push(Variable { name, ty, alias_of: Some((b, 0)), param, category: category(ty) });
                    views.insert((root, ty), var);
                    var
                }
            },
        };
        storage[vi] = Some(a.storage(var));
        match v {
            Value::Param(p) => a.of_param[p as usize] = Some(var),
            Value::Inst(i) => a.of_inst[u32::from(i.into_raw()) as usize] = Some(var),
            Value::Const(_) => {}
        }
    }
    let same_storage = |x: Value, y: Value| match (idx(x), idx(y)) {
        (Some(p), Some(q)) => storage[p as usize].is_some() && storage[p as usize] == storage[q as usize],
        _ => false,
    };
    // copies where candidates failed
    a.stats.copies += failed_bitcasts;
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            let inst = &f.insts[i];
            let v = Value::Inst(i);
            if let InstKind::Phi { incoming } = &inst.kind {
                let Some(dst) = a.var(v) else { continue };
                for (from, x) in incoming {
                    if f.as_const(*x).is_some_and(|c| c.is_undef()) || same_storage(v, *x) {
                        continue;
                    }
                    if f.as_const(*x).is_none() {
                        a.stats.copies += 1;
                    }
                    a.phi_copies.entry((*from, b)).or_default().push(PhiCopy { phi: i, dst, src: *x });
                }
                continue;
            }
            if let Some(old) = two_address_old(&inst.kind) {
                if idx(v).is_none() {
                    continue;
                }
                let prep = if f.as_const(old).is_some_and(|c| c.is_undef()) {
                    WrRegionPrep::Undef
                } else if same_storage(v, old) {
                    WrRegionPrep::InPlace
                } else {
                    if f.as_const(old).is_none() {
                        a.stats.copies += 1;
                    }
                    WrRegionPrep::CopyOld
                };
                a.wrregion.insert(v, prep);
            }
            let indirect = match &inst.kind {
                InstKind::RdRegion { region, .. } | InstKind::WrRegion { region, .. } => region.indirect,
                _ => None,
            };
            if let Some(index) = indirect {
                let ty = f.value_type(index);
                let name = format!("{}_addr", value_name(f, v, a.vars.len()));
                let var =
                    a.push(Variable { name, ty, alias_of: None, param: None, category: Category::Address });
                a.address.insert(i, var);
            }
        }
    }
    a
}

fn is_pred_slice(kind: &InstKind) -> bool {
    matches!(kind, InstKind::Intrinsic { id, .. } if id.short_name() == "rdpredregion")
}

fn value_name(f: &Function, v: Value, n: usize) -> String {
    match v {
        Value::Param(i) => f
            .param_names
            .get(i as usize)
            .filter(|n| !n.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("arg{i}")),
        Value::Inst(i) if !f.insts[i].name.is_empty() => f.insts[i].name.clone(),
        _ => format!("t{n}"),
    }
}

/// The old value of a region write: a `wrregion`, or a `wrpredregion` (predicate slice write).
pub fn written_old(kind: &InstKind) -> Option<Value> {
    two_address_old(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use genxc_genx::ir::{Constant, Inst, Linkage, Terminator};
    use genxc_genx::region::Region;
    use genxc_genx::types::Elem;

    fn wr(f: &mut Function, b: genxc_genx::ir::BlockId, old: Value, new: Value, start: u32) -> Value {
        let mask = f.add_const(Constant::int(Elem::I1, 1));
        let ty = f.value_type(old);
        f.push_inst(
            b,
            Inst {
                kind: InstKind::WrRegion { old, new, region: Region::contiguous(4, 1, start), mask },
                ty,
                name: String::new(),
            },
        )
    }

    #[test]
    fn wrregion_chains_write_in_place_unless_the_old_value_lives_on() {
        let v4 = Type::Vector(Elem::I32, 4);
        let mut f = Function::new("k", Linkage::Kernel, vec![Type::Scalar(Elem::I32)], Type::Void);
        let b = f.add_block("entry");
        let undef = f.add_const(Constant::undef(v4));
        let w0 = wr(&mut f, b, undef, Value::Param(0), 0);
        let w1 = wr(&mut f, b, w0, Value::Param(0), 1);
        // w1 is used twice: the first write must copy, the second (its last use) writes in place.
        let w2 = wr(&mut f, b, w1, Value::Param(0), 2);
        let w3 = wr(&mut f, b, w1, Value::Param(0), 3);
        f.blocks[b].term = Terminator::Ret(None);
        let _ = (w2, w3);
        let bales = genxc_genx::bale::analyze(&f, |_, _| true, |_| true);
        let a = assign(&f, &bales);
        assert_eq!(a.wrregion[&w0], WrRegionPrep::Undef);
        assert_eq!(a.wrregion[&w1], WrRegionPrep::InPlace);
        assert_eq!(a.var(w0), a.var(w1));
        assert_eq!(a.wrregion[&w2], WrRegionPrep::CopyOld);
        assert_eq!(a.wrregion[&w3], WrRegionPrep::InPlace);
        assert_eq!(a.var(w3), a.var(w1));
        assert_ne!(a.var(w2), a.var(w3));
        assert_eq!((a.stats.coalesced, a.stats.copies), (2, 1));
    }

    #[test]
    fn segments_merge_when_they_touch() {
        let mut r: BTreeMap<u32, u32> = [(0, 2), (5, 7), (9, 12)].into_iter().collect();
        let v = |r: &BTreeMap<u32, u32>| r.iter().map(|(a, b)| (*a, *b)).collect::<Vec<_>>();
        insert_segment(&mut r, 2, 5);
        assert_eq!(v(&r), vec![(0, 7), (9, 12)]);
        insert_segment(&mut r, 13, 14);
        assert_eq!(v(&r), vec![(0, 7), (9, 12), (13, 14)]);
        insert_segment(&mut r, 8, 20);
        assert_eq!(v(&r), vec![(0, 7), (8, 20)]);
    }
}
