//! Instruction numbering, live ranges and interference over one function of GenX IR.
//!
//! The function's blocks are numbered in layout order, with one extra *edge node* on every edge
//! into a block with phis: the phi copies of that edge happen there (instruction selection emits
//! them on the split edge, or at the end of a predecessor with one successor). Each emitted
//! instruction (the root of a bale) takes two numbers: a pre-copy slot `N-1`, where a two-address
//! instruction (`wrregion`, `wrpredregion`) reads its old value and defines its result, and `N`,
//! where it reads its other operands and every other instruction defines its result. An edge node
//! has one slot per phi of its target, in phi order: the phi's incoming value is read there and
//! the phi's register is written from there to the end of the edge (the phi-copy segment).
//!
//! A live range is a sorted list of disjoint half-open segments `[start, end)`: from the def
//! to the last use on every path, so a value read at `N` and a value defined at `N` do not
//! overlap. Two values interfere when their live ranges overlap.

use genxc_genx::bale::{self, Bales};
use genxc_genx::ir::{BlockId, CastOp, Function, InstId, InstKind, Value};
use std::collections::HashMap;

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
    /// Values that need storage, in definition order (parameters first).
    pub values: Vec<Value>,
    /// Dense index of each such value.
    pub index: HashMap<Value, ValIdx>,
    /// Live range of each value (sorted disjoint segments).
    pub ranges: Vec<Vec<(u32, u32)>>,
    /// The instruction number `N` of each emitted instruction.
    pub number: HashMap<InstId, u32>,
    /// Edge node of each edge into a block with phis.
    pub edge_node: HashMap<(BlockId, BlockId), usize>,
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
            let s = id.short_name();
            bale::ALU_INTRINSICS.contains(&s) || s == "sat" || s == "wrpredregion"
        }
        _ => false,
    }
}

/// The old value of a two-address instruction: `wrregion` or `wrpredregion`.
pub fn two_address_old(kind: &InstKind) -> Option<Value> {
    match kind {
        InstKind::WrRegion { old, .. } => Some(*old),
        InstKind::Intrinsic { id, args } if id.short_name() == "wrpredregion" => args.first().copied(),
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
    let bidx = |b: BlockId| u32::from(b.into_raw()) as usize;
    let has_phis = |b: BlockId| {
        f.blocks[b].insts.first().is_some_and(|&i| matches!(f.insts[i].kind, InstKind::Phi { .. }))
    };
    // nodes and numbers
    let mut block_node = vec![usize::MAX; nblocks];
    let mut n = 1u32; // number 0: parameters are defined at function entry
    let mut phi_slot: HashMap<InstId, u32> = HashMap::new(); // phi -> index among its block's phis
    for &b in &f.layout {
        let mut k = 0;
        for &i in &f.blocks[b].insts {
            if matches!(f.insts[i].kind, InstKind::Phi { .. }) {
                phi_slot.insert(i, k);
                k += 1;
            }
        }
    }
    for &b in &f.layout {
        block_node[bidx(b)] = lv.nodes.len();
        lv.nodes.push(Node::Block(b));
        lv.node_start.push(n);
        n += 1;
        for &i in &f.blocks[b].insts {
            if bales.is_baled(i) || matches!(f.insts[i].kind, InstKind::Phi { .. }) {
                continue;
            }
            lv.number.insert(i, n + 1);
            n += 2;
        }
        n += 1; // terminator
        lv.node_end.push(n);
        let mut succs = f.blocks[b].term.successors();
        dedup_keep_order(&mut succs);
        for s in succs {
            if has_phis(s) {
                let phis = f.blocks[s].insts.iter().filter(|&&i| phi_slot.contains_key(&i)).count() as u32;
                lv.edge_node.insert((b, s), lv.nodes.len());
                lv.nodes.push(Node::Edge(b, s));
                lv.node_start.push(n);
                n += phis + 1;
                lv.node_end.push(n);
            }
        }
    }
    let nn = lv.nodes.len();
    // node graph
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nn];
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); nn];
    for (ni, node) in lv.nodes.iter().enumerate() {
        match node {
            Node::Block(b) => {
                let mut ss = f.blocks[*b].term.successors();
                dedup_keep_order(&mut ss);
                for s in ss {
                    let t = lv.edge_node.get(&(*b, s)).copied().unwrap_or(block_node[bidx(s)]);
                    if t != usize::MAX {
                        succs[ni].push(t);
                        preds[t].push(ni);
                    }
                }
            }
            Node::Edge(_, s) => {
                let t = block_node[bidx(*s)];
                succs[ni].push(t);
                preds[t].push(ni);
            }
        }
    }
    lv.depth = loop_depths(&preds, &succs);
    // values
    for p in 0..f.params.len() {
        lv.add_value(Value::Param(p as u32));
    }
    let mut def: Vec<(usize, u32)> =
        (0..f.params.len()).map(|_| (block_node[bidx(f.layout[0])], 0)).collect();
    for &b in &f.layout {
        let node = block_node[bidx(b)];
        for &i in &f.blocks[b].insts {
            let v = Value::Inst(i);
            if !needs_storage(f, bales, v) {
                continue;
            }
            let kind = &f.insts[i].kind;
            let at = match kind {
                InstKind::Phi { .. } => lv.node_start[node],
                _ if two_address_old(kind).is_some() => lv.number[&i] - 1,
                _ if single_instruction(kind) => lv.number[&i],
                // results of multi-instruction sequences are written before all sources are read
                _ => lv.number[&i] - 1,
            };
            lv.add_value(v);
            def.push((node, at));
        }
    }
    // uses: (value, node, point)
    let mut uses: Vec<Vec<(usize, u32)>> = vec![Vec::new(); lv.values.len()];
    let mut phicpy: Vec<Vec<(usize, u32)>> = vec![Vec::new(); lv.values.len()];
    for &b in &f.layout {
        let node = block_node[bidx(b)];
        for &i in &f.blocks[b].insts {
            let kind = &f.insts[i].kind;
            if let InstKind::Phi { incoming } = kind {
                let slot = phi_slot[&i];
                let pi = lv.index.get(&Value::Inst(i)).copied();
                for (from, v) in incoming {
                    let Some(&en) = lv.edge_node.get(&(*from, b)) else { continue };
                    let point = lv.node_start[en] + 1 + slot;
                    if let Some(&vi) = lv.index.get(v) {
                        uses[vi as usize].push((en, point));
                    }
                    if let Some(pi) = pi {
                        phicpy[pi as usize].push((en, point));
                    }
                }
                continue;
            }
            // the emitted instruction this one belongs to
            let mut root = i;
            while let Some(&u) = bales.baled_into.get(&root) {
                root = u;
            }
            let Some(&num) = lv.number.get(&root) else { continue };
            let root_kind = &f.insts[root].kind;
            let root_old = two_address_old(root_kind);
            // reads inside a one-instruction bale of a two-address root happen with its old value
            let forgiven = root_old.is_some() && bale_is_single(f, bales, root);
            let own_old = two_address_old(kind);
            kind.for_each_operand(|v| {
                let Some(&vi) = lv.index.get(&v) else { return };
                let early = (root == i && own_old == Some(v)) || (forgiven && root_old == Some(v));
                uses[vi as usize].push((node, if early { num - 1 } else { num }));
            });
        }
        let tpoint = lv.node_end[node] - 1;
        for v in f.blocks[b].term.operands() {
            if let Some(&vi) = lv.index.get(&v) {
                uses[vi as usize].push((node, tpoint));
            }
        }
    }
    // live ranges: walk back from each use to the def
    let mut stamp = vec![u32::MAX; nn];
    lv.ranges = Vec::with_capacity(lv.values.len());
    let mut work = Vec::new();
    for vi in 0..lv.values.len() {
        let (dnode, dpoint) = def[vi];
        let mut segs: Vec<(u32, u32)> = vec![(dpoint, dpoint + 1)];
        for &(node, point) in &uses[vi] {
            if node == dnode && point >= dpoint {
                segs.push((dpoint, point.max(dpoint + 1)));
                continue;
            }
            segs.push((lv.node_start[node], point));
            if stamp[node] != vi as u32 {
                stamp[node] = vi as u32;
                work.push(node);
            }
            // `stamp` marks nodes already live-in; a predecessor is live-out (and, unless it
            // defines the value, live-in too)
            while let Some(x) = work.pop() {
                for &p in &preds[x] {
                    if p == dnode {
                        segs.push((dpoint, lv.node_end[p]));
                    } else {
                        segs.push((lv.node_start[p], lv.node_end[p]));
                        if stamp[p] != vi as u32 {
                            stamp[p] = vi as u32;
                            work.push(p);
                        }
                    }
                }
            }
        }
        for &(en, point) in &phicpy[vi] {
            segs.push((point, lv.node_end[en]));
        }
        lv.ranges.push(normalize(segs));
    }
    lv
}

impl Liveness {
    fn add_value(&mut self, v: Value) {
        self.index.insert(v, self.values.len() as ValIdx);
        self.values.push(v);
    }

    /// Loop depth where a value is defined or an edge copy would go.
    pub fn node_depth(&self, node: usize) -> u32 {
        self.depth.get(node).copied().unwrap_or(0)
    }
}

/// Whether the bale rooted at `root` is emitted as one instruction.
fn bale_is_single(f: &Function, bales: &Bales, root: InstId) -> bool {
    let InstKind::WrRegion { new, .. } = &f.insts[root].kind else {
        return matches!(&f.insts[root].kind, InstKind::Intrinsic { .. });
    };
    match new {
        Value::Inst(d) if bales.baled_into.get(d) == Some(&root) => {
            let mut k = &f.insts[*d].kind;
            // an operation under sat
            if let InstKind::Intrinsic { id, args } = k {
                if id.short_name() == "sat" {
                    if let Some(Value::Inst(x)) = args.first() {
                        if bales.baled_into.get(x) == Some(d) {
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

fn dedup_keep_order(v: &mut Vec<BlockId>) {
    let mut seen = Vec::with_capacity(v.len());
    v.retain(|b| {
        if seen.contains(b) {
            false
        } else {
            seen.push(*b);
            true
        }
    });
}

/// Sorts segments and merges overlapping or touching ones; drops empty ones.
pub fn normalize(mut segs: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    segs.retain(|s| s.0 < s.1);
    segs.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(segs.len());
    for (s, e) in segs {
        match out.last_mut() {
            Some(last) if last.1 >= s => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// Loop depth of each node: the natural loop of every back edge (an edge to a node on the
/// depth-first search stack, which dominates its source in a reducible graph) adds one.
fn loop_depths(preds: &[Vec<usize>], succs: &[Vec<usize>]) -> Vec<u32> {
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
        if k < succs[x].len() {
            stack.push((x, k + 1));
            let s = succs[x][k];
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
                work.extend(preds[y].iter().copied());
            }
        }
    }
    depth
}
