//! Splat reads cloned per user, before baling: a region read in which every lane reads the same
//! element (`<0;1,0>`, what an `insertelement` into undef and a zero-mask `shufflevector` become
//! once region reads are forwarded through the insert) and that has several users would be a
//! value of its own, copied once into a vector variable that each user then reads. Each operand
//! that reads it from an operation taking source regions gets its own copy of the read, placed
//! right before that operation, which then folds it as a `<0;1,0>` source region: no vector
//! variable and no copy. This is what Intel's GenX baling does with a splat read by more than one
//! instruction. A read whose one user is in another block (a splat made before a loop that reads
//! it) is cloned the same way, into the user's block. The read itself stays for users that do not
//! take regions (calls, phis, terminators, messages) and is dropped when none is left.

use genxc_genx::bale::takes_src_regions;
use genxc_genx::ir::{inst_index, BlockId, Function, Inst, InstId, InstKind, Value};
use genxc_genx::Elem;

/// Whether `id` is a region read of a variable in which every lane reads the same element, of
/// data (not predicates), direct.
fn is_splat_read(f: &Function, id: InstId) -> bool {
    let InstKind::RdRegion { input, region: r } = &f.insts[id].kind else { return false };
    f.as_const(*input).is_none()
        && r.indirect.is_none()
        && r.num_elems > 1
        && (r.stride == 0 || r.width == 1)
        && (r.vstride == 0 || r.num_elems <= r.width)
        && f.insts[id].ty.elem().is_some_and(|e| e != Elem::I1)
}

/// Whether `n` lanes is a vISA execution size (an operation of another size does not fold
/// regions).
fn is_exec_size(n: u32) -> bool {
    matches!(n, 1 | 2 | 4 | 8 | 16 | 32)
}

/// Gives every region-taking operand that reads a splat read with several uses a copy of the
/// read of its own, right before its operation; drops the reads left without uses. Returns the
/// number of copies made.
pub fn clone_splat_reads(f: &mut Function) -> usize {
    // most functions have no splat read at all: nothing to count
    if !f.insts.iter().any(|(id, _)| is_splat_read(f, id)) {
        return 0;
    }
    let uses = f.use_counts();
    // the block of each instruction of the layout, by instruction index
    let mut block_of: Vec<Option<BlockId>> = vec![None; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.blocks[b].insts {
            block_of[inst_index(i)] = Some(b);
        }
    }
    // a read with several uses, or whose one use is in another block (a loop reading a splat
    // made before it): baling folds a region only into a user of the read's own block
    let shared = |f: &Function, v: Value, at: BlockId| match v {
        Value::Inst(d) => {
            let n = uses.get(inst_index(d)).copied().unwrap_or(0);
            let elsewhere = || block_of.get(inst_index(d)).copied().flatten().is_some_and(|db| db != at);
            (n > 1 || (n == 1 && elsewhere())) && is_splat_read(f, d)
        }
        _ => false,
    };
    // whether operation `u` of block `b` reads a shared splat read through an operand that may
    // fold a region
    let reads_shared = |f: &Function, u: InstId, b: BlockId| {
        let kind = &f.insts[u].kind;
        let (src_regions, lanes) = match kind {
            k if takes_src_regions(k) => (true, f.insts[u].ty.num_elems().max(1)),
            InstKind::WrRegion { region, .. } => (false, region.num_elems),
            _ => (false, 0),
        };
        match kind {
            _ if !is_exec_size(lanes) => false,
            k if src_regions => {
                let mut any = false;
                k.for_each_operand(|v| any = any || shared(f, v, b));
                any
            }
            InstKind::WrRegion { new, .. } => shared(f, *new, b),
            _ => false,
        }
    };
    let mut cloned = Vec::new();
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        // a block without such an operation is left as it is (most blocks)
        if !f.blocks[b].insts.iter().any(|&u| reads_shared(f, u, b)) {
            continue;
        }
        let old = std::mem::take(&mut f.blocks[b].insts);
        let mut new = Vec::with_capacity(old.len());
        for u in old {
            if !reads_shared(f, u, b) {
                new.push(u);
                continue;
            }
            let kind = &f.insts[u].kind;
            let src_regions = takes_src_regions(kind);
            let operands = match kind {
                InstKind::WrRegion { new, .. } if !src_regions => vec![*new],
                k => k.operands(),
            };
            // one copy per operand slot, in operand order
            let mut copies = Vec::new();
            for &v in &operands {
                if let (true, Value::Inst(d)) = (shared(f, v, b), v) {
                    let read = f.insts[d].clone();
                    let name =
                        if read.name.is_empty() { String::new() } else { format!("{}.splat", read.name) };
                    let c = f.insts.alloc(Inst { name, ..read });
                    new.push(c);
                    copies.push(Some(Value::Inst(c)));
                    cloned.push(d);
                } else {
                    copies.push(None);
                }
            }
            let mut slot = 0;
            let mut swap = |v: Value| {
                let out = copies.get(slot).copied().flatten().unwrap_or(v);
                slot += 1;
                out
            };
            let user = &mut f.insts[u].kind;
            match user {
                InstKind::WrRegion { new: n, .. } => *n = swap(*n),
                k => k.map_operands(swap),
            }
            new.push(u);
        }
        f.blocks[b].insts = new;
    }
    // the reads no operand reads any more: each copy took one use of its read and reads the
    // read's input once more
    let mut left = uses;
    for &d in &cloned {
        left[inst_index(d)] -= 1;
        if let InstKind::RdRegion { input: Value::Inst(x), .. } = f.insts[d].kind {
            left[inst_index(x)] += 1;
        }
    }
    let dead: Vec<InstId> = cloned.iter().copied().filter(|&d| left[inst_index(d)] == 0).collect();
    if !dead.is_empty() {
        for b in f.layout.clone() {
            f.blocks[b].insts.retain(|i| !dead.contains(i));
        }
    }
    cloned.len()
}
