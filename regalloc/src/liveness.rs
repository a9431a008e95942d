//! Instruction numbering, live ranges and interference over one function of GenX IR.
//!
//! The function's blocks are numbered in layout order, with one extra *edge node* on every edge
//! into a block with phis: the phi copies of that edge happen there (instruction selection emits
//! them on the split edge, or at the end of a predecessor with one successor). Each emitted
//! instruction (the root of a bale) takes two numbers: a pre-copy slot `N-1`, where a two-address
//! instruction (`wrregion`, `wrpredregion`) reads its old value and defines its result, and `N`,
//! where it reads its other operands and every other instruction defines its result. An edge node
//! has one slot per phi of its target, in phi order: the phi's incoming value is read there and
//! the phi's register is written from there to the end of the edge (the phi-copy segment). A call
//! of a subroutine takes a third number `N+1`: its arguments are read at `N`, the callee runs at
//! `N`, and the result is defined at `N+1`.
//!
//! A live range is a sorted list of disjoint half-open segments `[start, end)`: from the def
//! to the last use on every path, so a value read at `N` and a value defined at `N` do not
//! overlap. Two values interfere when their live ranges overlap.

use foldhash::HashMap;
use genxc_genx::bale::Bales;
use genxc_genx::intrinsics::IntrinsicId;
use genxc_genx::ir::{BlockId, CastOp, Function, InstId, InstKind, Terminator, Value};

/// A dense index of a value that needs storage (a parameter or an emitted instruction result).
pub type ValIdx = u32;

/// A node of the numbered control-flow graph: a block, or the edge into a block with phis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A block of the function.
    Block(BlockId),
    /// The edge `from -> to` (phi copies of `to` for that predecessor).
    Edge(BlockId, BlockId),
}

/// Numbers, values and their live ranges for one function.
///
/// Per-instruction and per-value facts are dense vectors (indexed by the instruction's arena index
/// or the value's [`ValIdx`]), and all live ranges share one segment array, so the pass stays
/// linear in the function's size apart from sorting each value's segments.
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    /// Nodes in number order.
    pub nodes: Vec<Node>,
    /// First number of each node.
    pub node_start: Vec<u32>,
    /// One past the last number of each node.
    pub node_end: Vec<u32>,
    /// Loop depth of each node.
    pub depth: Vec<u32>,
    /// Node of each block (by the block's arena index; `usize::MAX` for blocks not laid out).
    pub block_node: Vec<usize>,
    /// Values that need storage, in definition order (parameters first).
    pub values: Vec<Value>,
    /// Dense index of each instruction result that needs storage (by arena index; `NONE` if not).
    inst_index: Vec<ValIdx>,
    /// Live range segments of all values, value after value.
    segs: Vec<(u32, u32)>,
    /// Where each value's segments start in `segs` (one extra entry at the end).
    seg_start: Vec<u32>,
    /// The instruction number `N` of each emitted instruction (by arena index; `NONE` if not).
    number: Vec<u32>,
    /// Edge node of each edge into a block with phis.
    pub edge_node: HashMap<(BlockId, BlockId), usize>,
}

/// Marks "no index" / "no number" in the dense vectors.
const NONE: u32 = u32::MAX;
// (the bales' "not baled" is `NONE`: their vector serves as the bale users here)
const _: () = assert!(NONE == Bales::NOT_BALED);

fn raw(i: InstId) -> usize {
    u32::from(i.into_raw()) as usize
}

/// Whether instruction selection emits the instruction as one vISA instruction that reads all its
/// sources before writing its destination (so the destination may share a source's register).
pub fn single_instruction(kind: &InstKind) -> bool {
    use genxc_genx::ir::BinOp::*;
    match kind {
        InstKind::Binary { op, .. } => !matches!(op, SDiv | UDiv | SRem | URem | FRem),
        InstKind::FNeg(_)
        | InstKind::Select { .. }
        | InstKind::Cmp { .. }
        | InstKind::RdRegion { .. }
        | InstKind::WrRegion { .. } => true,
        InstKind::Cast { op, .. } => *op != CastOp::BitCast,
        InstKind::Intrinsic { id, .. } => {
            id.is_alu() || matches!(id, IntrinsicId::Sat | IntrinsicId::Wrpredregion)
        }
        _ => false,
    }
}

/// The old value of a two-address instruction: `wrregion` or `wrpredregion`.
pub fn two_address_old(kind: &InstKind) -> Option<Value> {
    match kind {
        InstKind::WrRegion { old, .. } => Some(*old),
        InstKind::Intrinsic { id: IntrinsicId::Wrpredregion, args } => args.first().copied(),
        _ => None,
    }
}

/// Whether a value lives in storage of its own (not a constant, not baled into its user, not
/// void, not a predicate slice view).
pub fn needs_storage(f: &Function, bales: &Bales, v: Value) -> bool {
    match v {
        Value::Param(_) => true,
        Value::Const(_) => false,
        Value::Inst(i) => {
            let inst = &f.insts[i];
            inst.ty != genxc_genx::Type::Void && !bales.is_baled(i)
        }
    }
}

/// Builds numbering and live ranges.
pub fn analyze(f: &Function, bales: &Bales) -> Liveness {
    let mut lv = Liveness::default();
    let nblocks = f.blocks.len();
    let ninsts = f.insts.len();
    let bidx = |b: BlockId| u32::from(b.into_raw()) as usize;
    let has_phis = |b: BlockId| {
        f.blocks[b].insts.first().is_some_and(|&i| matches!(f.insts[i].kind, InstKind::Phi { .. }))
    };
    // the bale user of each baled instruction, densely (the bales' own vector, `NONE` being
    // `NOT_BALED`, extended to the function where it is shorter)
    let users = bales.user_indices();
    let baled_into: std::borrow::Cow<[u32]> = if users.len() >= ninsts {
        std::borrow::Cow::Borrowed(&users[..ninsts])
    } else {
        let mut v = users.to_vec();
        v.resize(ninsts, Bales::NOT_BALED);
        std::borrow::Cow::Owned(v)
    };
    let is_baled = |i: InstId| baled_into[raw(i)] != NONE;
    // nodes and numbers
    let mut block_node = vec![usize::MAX; nblocks];
    let mut n = 1u32; // number 0: parameters are defined at function entry
                      // the phis of each block with phis (the others' count is not asked)
    let mut phi_count = vec![0u32; nblocks];
    for &b in f.layout.iter().filter(|&&b| has_phis(b)) {
        phi_count[bidx(b)] =
            f.blocks[b].insts.iter().filter(|&&i| matches!(f.insts[i].kind, InstKind::Phi { .. })).count()
                as u32;
    }
    lv.number = vec![NONE; ninsts];
    // (a block node per block, and an edge node for most edges)
    lv.nodes.reserve(2 * f.layout.len());
    lv.node_start.reserve(2 * f.layout.len());
    lv.node_end.reserve(2 * f.layout.len());
    // each laid-out block's distinct successors, in order (one flat list for the function)
    let mut succ_blocks: Vec<BlockId> = Vec::with_capacity(2 * f.layout.len());
    let mut succ_start: Vec<u32> = Vec::with_capacity(f.layout.len() + 1);
    for &b in &f.layout {
        succ_start.push(succ_blocks.len() as u32);
        push_successors(&f.blocks[b].term, &mut succ_blocks);
    }
    succ_start.push(succ_blocks.len() as u32);
    let succs_of = |li: usize| &succ_blocks[succ_start[li] as usize..succ_start[li + 1] as usize];
    for (li, &b) in f.layout.iter().enumerate() {
        block_node[bidx(b)] = lv.nodes.len();
        lv.nodes.push(Node::Block(b));
        lv.node_start.push(n);
        n += 1;
        for &i in &f.blocks[b].insts {
            if is_baled(i) || matches!(f.insts[i].kind, InstKind::Phi { .. }) {
                continue;
            }
            lv.number[raw(i)] = n + 1;
            // a call has a third slot after it: its result arrives there (out of the callee's
            // result variable), after the arguments were read and the callee ran at `N`
            n += if matches!(f.insts[i].kind, InstKind::Call { .. } | InstKind::IndirectCall { .. }) {
                3
            } else {
                2
            };
        }
        n += 1; // terminator
        lv.node_end.push(n);
        for &s in succs_of(li) {
            if has_phis(s) {
                lv.edge_node.insert((b, s), lv.nodes.len());
                lv.nodes.push(Node::Edge(b, s));
                lv.node_start.push(n);
                n += phi_count[bidx(s)] + 1;
                lv.node_end.push(n);
            }
        }
    }
    let nn = lv.nodes.len();
    // node graph: the edges in node order (a block's in successor order), as adjacency lists
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(nn + succ_blocks.len());
    let mut li = 0;
    for (ni, node) in lv.nodes.iter().enumerate() {
        match node {
            Node::Block(b) => {
                while f.layout[li] != *b {
                    li += 1;
                }
                for &s in succs_of(li) {
                    let t = lv.edge_node.get(&(*b, s)).copied().unwrap_or(block_node[bidx(s)]);
                    if t != usize::MAX {
                        edges.push((ni as u32, t as u32));
                    }
                }
            }
            Node::Edge(_, s) => edges.push((ni as u32, block_node[bidx(*s)] as u32)),
        }
    }
    let succs = Adjacency::of(nn, edges.iter().copied());
    let preds = Adjacency::of(nn, edges.iter().map(|&(x, t)| (t, x)));
    lv.depth = loop_depths(&preds, &succs);
    // values
    lv.inst_index = vec![NONE; ninsts];
    // (room for every instruction of the layout: one allocation each)
    let laid_out: usize = f.layout.iter().map(|&b| f.blocks[b].insts.len()).sum();
    lv.values.reserve(f.params.len() + laid_out);
    lv.values.extend((0..f.params.len()).map(|p| Value::Param(p as u32)));
    let mut def: Vec<(usize, u32)> = Vec::with_capacity(f.params.len() + laid_out);
    def.extend((0..f.params.len()).map(|_| (block_node[bidx(f.layout[0])], 0)));
    for &b in &f.layout {
        let node = block_node[bidx(b)];
        for &i in &f.blocks[b].insts {
            let inst = &f.insts[i];
            if inst.ty == genxc_genx::Type::Void || is_baled(i) {
                continue;
            }
            let kind = &inst.kind;
            let num = lv.number[raw(i)];
            let at = match kind {
                InstKind::Phi { .. } => lv.node_start[node],
                InstKind::Call { .. } | InstKind::IndirectCall { .. } => num + 1,
                _ if two_address_old(kind).is_some() => num - 1,
                _ if single_instruction(kind) => num,
                // results of multi-instruction sequences are written before all sources are read
                _ => num - 1,
            };
            lv.inst_index[raw(i)] = lv.values.len() as ValIdx;
            lv.values.push(Value::Inst(i));
            def.push((node, at));
        }
    }
    let nv = lv.values.len();
    // uses: (value, node, point); phi copies: (phi, edge node, point)
    let mut uses: Vec<(ValIdx, u32, u32)> = Vec::with_capacity(3 * laid_out + f.layout.len());
    let mut phicpy: Vec<(ValIdx, u32, u32)> = Vec::new();
    for &b in &f.layout {
        let node = block_node[bidx(b)];
        // the index of the next phi among its block's phis
        let mut next_slot = 0;
        for &i in &f.blocks[b].insts {
            let kind = &f.insts[i].kind;
            if let InstKind::Phi { incoming } = kind {
                let slot = next_slot;
                next_slot += 1;
                let pi = lv.index_of(Value::Inst(i));
                for (from, v) in incoming {
                    let Some(&en) = lv.edge_node.get(&(*from, b)) else { continue };
                    let point = lv.node_start[en] + 1 + slot;
                    if let Some(vi) = lv.index_of(*v) {
                        uses.push((vi, en as u32, point));
                    }
                    if let Some(pi) = pi {
                        phicpy.push((pi, en as u32, point));
                    }
                }
                continue;
            }
            // the emitted instruction this one belongs to
            let mut root = raw(i);
            while baled_into[root] != NONE {
                root = baled_into[root] as usize;
            }
            let num = lv.number[root];
            if num == NONE {
                continue;
            }
            let root_kind = &f.insts[InstId::from_raw((root as u32).into())].kind;
            let root_old = two_address_old(root_kind);
            // reads inside a one-instruction bale of a two-address root happen with its old value
            let forgiven =
                root_old.is_some() && bale_is_single(f, &baled_into, InstId::from_raw((root as u32).into()));
            let own_old = two_address_old(kind);
            kind.for_each_operand(|v| {
                let Some(vi) = lv.index_of(v) else { return };
                let early = (root == raw(i) && own_old == Some(v)) || (forgiven && root_old == Some(v));
                uses.push((vi, node as u32, if early { num - 1 } else { num }));
            });
        }
        let tpoint = lv.node_end[node] - 1;
        for v in f.blocks[b].term.operands() {
            if let Some(vi) = lv.index_of(v) {
                uses.push((vi, node as u32, tpoint));
            }
        }
    }
    let ends = local_ends(&def, &mut uses, &phicpy);
    let (use_start, uses) = group_by_value(nv, &uses);
    let (cpy_start, phicpy) = group_by_value(nv, &phicpy);
    let graph = NodeGraph { start: &lv.node_start, end: &lv.node_end, preds: &preds };
    let (seg_start, segs) = live_ranges(&graph, &def, &ends, (&use_start, &uses), (&cpy_start, &phicpy));
    lv.seg_start = seg_start;
    lv.segs = segs;
    lv.block_node = block_node;
    lv
}

/// The numbered node graph the live ranges are computed on.
struct NodeGraph<'a> {
    start: &'a [u32],
    end: &'a [u32],
    preds: &'a Adjacency,
}

/// Adjacency lists of the node graph in one array: the neighbours of node `x` are
/// `list[start[x]..start[x + 1]]`, in the order the edges were given.
struct Adjacency {
    start: Vec<u32>,
    list: Vec<u32>,
}

impl Adjacency {
    /// The lists of `n` nodes from `(node, neighbour)` pairs (a counting sort: stable).
    fn of(n: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> Adjacency {
        let mut start = vec![0u32; n + 1];
        for (x, _) in pairs.clone() {
            start[x as usize + 1] += 1;
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut list = vec![0u32; start[n] as usize];
        for (x, y) in pairs {
            list[next[x as usize] as usize] = y;
            next[x as usize] += 1;
        }
        Adjacency { start, list }
    }

    /// The neighbours of node `x`.
    fn of_node(&self, x: usize) -> &[u32] {
        &self.list[self.start[x] as usize..self.start[x + 1] as usize]
    }

    /// The number of nodes.
    fn len(&self) -> usize {
        self.start.len() - 1
    }
}

/// Uses or phi copies grouped by value: group starts and `(node, point)` pairs.
type Grouped<'a> = (&'a [u32], &'a [(u32, u32)]);

/// Where the live range of each value read only after its def in its node, with no phi copy
/// into it, ends (one segment from the def to the last read: most values), `NONE` for the
/// others; the uses of those values are dropped from `uses` (their range is known).
fn local_ends(
    def: &[(usize, u32)],
    uses: &mut Vec<(ValIdx, u32, u32)>,
    phicpy: &[(ValIdx, u32, u32)],
) -> Vec<u32> {
    let mut ends: Vec<u32> = def.iter().map(|&(_, point)| point + 1).collect();
    for &(vi, node, point) in uses.iter() {
        let (dnode, dpoint) = def[vi as usize];
        let end = &mut ends[vi as usize];
        // (`NONE` stays: it is the largest)
        *end = if node as usize == dnode && point >= dpoint { (*end).max(point) } else { NONE };
    }
    for &(vi, ..) in phicpy {
        ends[vi as usize] = NONE;
    }
    uses.retain(|&(vi, ..)| ends[vi as usize] == NONE);
    ends
}

/// The live range of every value given its def `(node, point)`, the end of its range where
/// [`local_ends`] knows it, and else its uses `(node, point)` and the phi copies into it
/// `(edge node, point)`: the segment starts per value (one extra at the end) and all segments.
/// From each use it walks back over predecessors until the def, so the cost is the size of the
/// result (each node is entered once per value) plus sorting each value's pieces.
fn live_ranges(
    g: &NodeGraph,
    def: &[(usize, u32)],
    ends: &[u32],
    uses: Grouped,
    phicpy: Grouped,
) -> (Vec<u32>, Vec<(u32, u32)>) {
    let nv = def.len();
    let mut stamp = vec![u32::MAX; g.start.len()];
    // nodes whose whole-node (or def-to-end) segment the value already has
    let mut out_stamp = vec![u32::MAX; g.start.len()];
    let mut seg_start = Vec::with_capacity(nv + 1);
    let mut out = Vec::with_capacity(nv * 2);
    let mut work = Vec::new();
    let mut segs: Vec<(u32, u32)> = Vec::new();
    for (vi, &(dnode, dpoint)) in def.iter().enumerate() {
        seg_start.push(out.len() as u32);
        if ends[vi] != NONE {
            out.push((dpoint, ends[vi]));
            continue;
        }
        let value_uses = &uses.1[uses.0[vi] as usize..uses.0[vi + 1] as usize];
        segs.clear();
        segs.push((dpoint, dpoint + 1));
        for &(node, point) in value_uses {
            let node = node as usize;
            if node == dnode && point >= dpoint {
                segs.push((dpoint, point.max(dpoint + 1)));
                continue;
            }
            segs.push((g.start[node], point));
            if stamp[node] != vi as u32 {
                stamp[node] = vi as u32;
                work.push(node);
            }
            // `stamp` marks nodes already live-in; a predecessor is live-out (and, unless it
            // defines the value, live-in too)
            while let Some(x) = work.pop() {
                for &p in g.preds.of_node(x) {
                    let p = p as usize;
                    if out_stamp[p] == vi as u32 {
                        // live-out already (and live-in where that follows)
                        continue;
                    }
                    out_stamp[p] = vi as u32;
                    if p == dnode {
                        segs.push((dpoint, g.end[p]));
                    } else {
                        segs.push((g.start[p], g.end[p]));
                        if stamp[p] != vi as u32 {
                            stamp[p] = vi as u32;
                            work.push(p);
                        }
                    }
                }
            }
        }
        for &(en, point) in &phicpy.1[phicpy.0[vi] as usize..phicpy.0[vi + 1] as usize] {
            segs.push((point, g.end[en as usize]));
        }
        normalize_into(&mut segs, &mut out);
    }
    seg_start.push(out.len() as u32);
    (seg_start, out)
}

/// Groups `(value, a, b)` triples by value, keeping their order (a counting sort): the start of
/// each value's group (one extra entry at the end) and the `(a, b)` pairs.
fn group_by_value(nv: usize, items: &[(ValIdx, u32, u32)]) -> (Vec<u32>, Vec<(u32, u32)>) {
    let mut start = vec![0u32; nv + 1];
    for &(v, ..) in items {
        start[v as usize + 1] += 1;
    }
    for k in 0..nv {
        start[k + 1] += start[k];
    }
    let mut next = start.clone();
    let mut out = vec![(0, 0); items.len()];
    for &(v, a, b) in items {
        out[next[v as usize] as usize] = (a, b);
        next[v as usize] += 1;
    }
    (start, out)
}

impl Liveness {
    /// The dense index of a value that needs storage.
    pub fn index_of(&self, v: Value) -> Option<ValIdx> {
        match v {
            Value::Param(p) => {
                ((p as usize) < self.values.len() && self.values[p as usize] == Value::Param(p)).then_some(p)
            }
            Value::Inst(i) => self.inst_index.get(raw(i)).copied().filter(|&x| x != NONE),
            Value::Const(_) => None,
        }
    }

    /// The instruction number `N` of an emitted instruction.
    pub fn number(&self, i: InstId) -> Option<u32> {
        self.number.get(raw(i)).copied().filter(|&x| x != NONE)
    }

    /// Live range of a value: sorted disjoint segments.
    pub fn range(&self, vi: ValIdx) -> &[(u32, u32)] {
        &self.segs[self.seg_start[vi as usize] as usize..self.seg_start[vi as usize + 1] as usize]
    }

    /// The number of a block's terminator (where a `ret` reads the returned value).
    pub fn terminator_point(&self, b: BlockId) -> Option<u32> {
        let node = *self.block_node.get(u32::from(b.into_raw()) as usize)?;
        (node != usize::MAX).then(|| self.node_end[node] - 1)
    }

    /// Loop depth where a value is defined or an edge copy would go.
    pub fn node_depth(&self, node: usize) -> u32 {
        self.depth.get(node).copied().unwrap_or(0)
    }
}

/// Whether the bale rooted at `root` is emitted as one instruction.
fn bale_is_single(f: &Function, baled_into: &[u32], root: InstId) -> bool {
    let into = |d: InstId, u: InstId| baled_into[raw(d)] == raw(u) as u32;
    let InstKind::WrRegion { new, .. } = &f.insts[root].kind else {
        return matches!(&f.insts[root].kind, InstKind::Intrinsic { .. });
    };
    match new {
        Value::Inst(d) if into(*d, root) => {
            let mut k = &f.insts[*d].kind;
            // an operation under sat
            if let InstKind::Intrinsic { id, args } = k {
                if *id == IntrinsicId::Sat {
                    if let Some(Value::Inst(x)) = args.first() {
                        if into(*x, *d) {
                            k = &f.insts[*x].kind;
                        }
                    }
                }
            }
            single_instruction(k)
        }
        _ => true,
    }
}

/// Appends the distinct successors of a terminator to `out`, in order.
fn push_successors(term: &Terminator, out: &mut Vec<BlockId>) {
    let first = out.len();
    let mut add = |b: BlockId| {
        if !out[first..].contains(&b) {
            out.push(b);
        }
    };
    match term {
        Terminator::Br(b) => add(*b),
        Terminator::CondBr { on_true, on_false, .. } => {
            add(*on_true);
            add(*on_false)
        }
        Terminator::Switch { default, cases, .. } => {
            add(*default);
            for c in cases {
                add(c.1);
            }
        }
        Terminator::Ret(_) | Terminator::Unreachable => {}
    }
}

/// Sorts segments and merges overlapping or touching ones; drops empty ones.
pub fn normalize(mut segs: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(segs.len());
    normalize_into(&mut segs, &mut out);
    out
}

/// [`normalize`] appending to `out` (`segs` is left sorted).
fn normalize_into(segs: &mut [(u32, u32)], out: &mut Vec<(u32, u32)>) {
    // (most values' pieces come sorted: a def and its uses in one block)
    if !segs.is_sorted() {
        sort_segments(segs);
    }
    let first = out.len();
    // empty segments are dropped
    for &(s, e) in segs.iter().filter(|s| s.0 < s.1) {
        let out_len = out.len();
        match out.last_mut() {
            Some(last) if last.1 >= s && out_len > first => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
}

/// Sorts segments: by insertion when there are few (the usual case, where the general sort's
/// setup costs more than the sorting), else by the general sort.
fn sort_segments(segs: &mut [(u32, u32)]) {
    if segs.len() > 24 {
        segs.sort_unstable();
        return;
    }
    for k in 1..segs.len() {
        let x = segs[k];
        let mut j = k;
        while j > 0 && segs[j - 1] > x {
            segs[j] = segs[j - 1];
            j -= 1;
        }
        segs[j] = x;
    }
}

/// Loop depth of each node: the natural loop of every back edge (an edge to a node on the
/// depth-first search stack, which dominates its source in a reducible graph) adds one.
fn loop_depths(preds: &Adjacency, succs: &Adjacency) -> Vec<u32> {
    let n = preds.len();
    let mut depth = vec![0u32; n];
    if n == 0 {
        return depth;
    }
    // iterative DFS: 0 unseen, 1 on the stack, 2 done
    let mut state = vec![0u8; n];
    let mut back = Vec::new();
    let mut stack = vec![(0usize, 0usize)];
    state[0] = 1;
    while let Some((x, k)) = stack.pop() {
        if let Some(&s) = succs.of_node(x).get(k) {
            let s = s as usize;
            stack.push((x, k + 1));
            match state[s] {
                0 => {
                    state[s] = 1;
                    stack.push((s, 0));
                }
                1 => back.push((x, s)),
                _ => {}
            }
        } else {
            state[x] = 2;
        }
    }
    let mut mark = vec![usize::MAX; n];
    for (li, &(x, h)) in back.iter().enumerate() {
        mark[h] = li;
        depth[h] += 1;
        let mut work = vec![x];
        while let Some(y) = work.pop() {
            if mark[y] != li {
                mark[y] = li;
                depth[y] += 1;
                work.extend(preds.of_node(y).iter().map(|&p| p as usize));
            }
        }
    }
    depth
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// The reference: per-node live-in sets by iterating the classic dataflow equations to a
    /// fixed point, then one segment per node from where the value becomes live to where it
    /// dies (or the node ends when it is live-out).
    fn reference(
        g: &NodeGraph,
        def: &[(usize, u32)],
        uses: &[Vec<(usize, u32)>],
        cpy: &[Vec<(usize, u32)>],
    ) -> Vec<Vec<(u32, u32)>> {
        let nn = g.start.len();
        let mut succs = vec![Vec::new(); nn];
        for x in 0..nn {
            for &p in g.preds.of_node(x) {
                succs[p as usize].push(x);
            }
        }
        let mut out = Vec::new();
        for (vi, &(dnode, dpoint)) in def.iter().enumerate() {
            // upward-exposed use in a node: a use not after the def in the same node
            let exposed = |n: usize| uses[vi].iter().any(|&(u, p)| u == n && (u != dnode || p < dpoint));
            let mut live_in = vec![false; nn];
            let mut changed = true;
            while changed {
                changed = false;
                for n in (0..nn).rev() {
                    let live_out = succs[n].iter().any(|&s| live_in[s]);
                    let v = exposed(n) || (live_out && n != dnode);
                    if v != live_in[n] {
                        live_in[n] = v;
                        changed = true;
                    }
                }
            }
            let mut segs = vec![(dpoint, dpoint + 1)];
            for (n, ss) in succs.iter().enumerate() {
                let live_out = ss.iter().any(|&s| live_in[s]);
                if live_out {
                    segs.push((if n == dnode { dpoint } else { g.start[n] }, g.end[n]));
                }
                for &(u, p) in uses[vi].iter().filter(|u| u.0 == n) {
                    if u == dnode && p >= dpoint {
                        segs.push((dpoint, p.max(dpoint + 1)));
                    } else {
                        segs.push((g.start[n], p));
                    }
                }
            }
            for &(en, p) in &cpy[vi] {
                segs.push((p, g.end[en]));
            }
            out.push(normalize(segs));
        }
        out
    }

    #[test]
    fn live_ranges_equal_the_dataflow_reference_on_random_graphs() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..300 {
            let nn = 1 + rng.below(12);
            // nodes of 2..6 numbers each, laid out in order; edges: a fallthrough or jump from
            // each node plus random extra ones (loops included)
            let (mut start, mut end, mut n) = (Vec::new(), Vec::new(), 1u32);
            for _ in 0..nn {
                start.push(n);
                n += 2 + rng.below(5) as u32;
                end.push(n);
            }
            let mut preds = vec![Vec::new(); nn];
            for x in 0..nn {
                for _ in 0..rng.below(3) {
                    let s = rng.below(nn);
                    if !preds[s].contains(&x) {
                        preds[s].push(x);
                    }
                }
                if x + 1 < nn && !preds[x + 1].contains(&x) {
                    preds[x + 1].push(x);
                }
            }
            let adjacency = Adjacency::of(
                nn,
                preds.iter().enumerate().flat_map(|(x, ps)| ps.iter().map(move |&p| (x as u32, p as u32))),
            );
            let g = NodeGraph { start: &start, end: &end, preds: &adjacency };
            let point = |rng: &mut Rng, node: usize| {
                start[node] + rng.below((end[node] - start[node]) as usize) as u32
            };
            let nv = 1 + rng.below(6);
            let mut def = Vec::new();
            let (mut uses, mut cpy) = (vec![Vec::new(); nv], vec![Vec::new(); nv]);
            let (mut flat_uses, mut flat_cpy) = (Vec::new(), Vec::new());
            for vi in 0..nv {
                let dn = rng.below(nn);
                def.push((dn, point(&mut rng, dn)));
                for _ in 0..rng.below(4) {
                    let un = rng.below(nn);
                    let p = point(&mut rng, un);
                    uses[vi].push((un, p));
                    flat_uses.push((vi as ValIdx, un as u32, p));
                }
                if rng.below(4) == 0 {
                    let en = rng.below(nn);
                    let p = point(&mut rng, en);
                    cpy[vi].push((en, p));
                    flat_cpy.push((vi as ValIdx, en as u32, p));
                }
            }
            let (cs, cf) = group_by_value(nv, &flat_cpy);
            // every other case by the general walk, the others by their local end
            let ends =
                if rng.below(2) == 0 { local_ends(&def, &mut flat_uses, &flat_cpy) } else { vec![NONE; nv] };
            let (us, uf) = group_by_value(nv, &flat_uses);
            let (ss, segs) = live_ranges(&g, &def, &ends, (&us, &uf), (&cs, &cf));
            let want = reference(&g, &def, &uses, &cpy);
            for vi in 0..nv {
                let got = &segs[ss[vi] as usize..ss[vi + 1] as usize];
                assert_eq!(
                    got,
                    &want[vi][..],
                    "value {vi}: def {:?} uses {:?} preds {preds:?}",
                    def[vi],
                    uses[vi]
                );
            }
        }
    }
}
