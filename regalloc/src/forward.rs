//! Reads through region writes: `rdregion(wrregion(old, new, W), R)` where every element `R`
//! reads lies in the part `W` wrote reads `new` directly.
//!
//! This is the GenX unbaling step "non-overlapping region optimisation" in its simplest form. Its
//! main user is the scalar splat CM code writes as `insertelement undef, x, 0` followed by a
//! zero-mask `shufflevector`: after lowering that is a one-element `wrregion` into an undefined
//! vector and a stride-0 `rdregion` of it, which would cost a move into a vector variable; read
//! through, the splat reads `x` itself and the `wrregion` goes away. Only parameters and scalars
//! are read through: a vector operation written by a `wrregion` is baled into it, and a second
//! reader would give it a variable (and a move) of its own.

use genxc_genx::ir::{Function, InstId, InstKind, Value};
use genxc_genx::Region;
use std::collections::HashMap;

/// Rewrites reads of written parts to read the written value; removes region instructions left
/// without uses. Returns the number of reads rewritten.
pub fn forward_region_reads(f: &mut Function) -> usize {
    let mut rewritten = 0;
    let ids: Vec<InstId> = f.layout.iter().flat_map(|&b| f.blocks[b].insts.clone()).collect();
    for &id in &ids {
        let InstKind::RdRegion { input: Value::Inst(w), region } = &f.insts[id].kind else { continue };
        let InstKind::WrRegion { new, region: wr, mask, .. } = &f.insts[*w].kind else { continue };
        // Only parameters and scalars: a vector operation written by the wrregion is baled into
        // it, and a second reader would make it a value (and a copy) of its own.
        let cheap = matches!(new, Value::Param(_))
            || matches!(new, Value::Inst(_)) && f.value_type(*new).num_elems() == 1;
        if !cheap || !f.as_const(*mask).is_some_and(|c| c.elems.iter().all(|e| *e == Some(1))) {
            continue;
        }
        if let Some(r) = read_through(wr, region) {
            let new = *new;
            f.insts[id].kind = InstKind::RdRegion { input: new, region: r };
            rewritten += 1;
        }
    }
    if rewritten > 0 {
        remove_dead_regions(f);
    }
    rewritten
}

/// The region of the written value that `read` reads, when it reads only what `write` wrote.
fn read_through(write: &Region, read: &Region) -> Option<Region> {
    if write.indirect.is_some() || read.indirect.is_some() || write.elem_bytes != read.elem_bytes {
        return None;
    }
    let eb = i64::from(write.elem_bytes.max(1));
    // the write must be one contiguous run of elements
    if !(write.num_elems == 1 || write.is_1d() && write.is_contiguous()) || i64::from(write.offset) % eb != 0
    {
        return None;
    }
    let (lo, hi) = (i64::from(write.offset), i64::from(write.offset) + i64::from(write.num_elems) * eb);
    let (rlo, rhi) = read.byte_span();
    if rlo < lo || rhi > hi || (rlo - lo) % eb != 0 {
        return None;
    }
    let single = read.num_elems == 1 || read.byte_span() == (rlo, rlo + eb);
    // moving the read keeps its legality when the shift keeps GRF boundaries where they were
    if !single && write.offset % 64 != 0 {
        return None;
    }
    let mut r = *read;
    r.offset = i32::try_from(i64::from(read.offset) - lo).ok()?;
    r.parent_width = 0;
    Some(r)
}

/// Removes `rdregion`s and `wrregion`s whose results are not used, until none is left.
fn remove_dead_regions(f: &mut Function) {
    loop {
        let mut uses: HashMap<InstId, u32> = HashMap::new();
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                f.insts[i].kind.for_each_operand(|v| {
                    if let Value::Inst(d) = v {
                        *uses.entry(d).or_default() += 1;
                    }
                });
            }
            for v in f.blocks[b].term.operands() {
                if let Value::Inst(d) = v {
                    *uses.entry(d).or_default() += 1;
                }
            }
        }
        let mut removed = false;
        for bi in 0..f.layout.len() {
            let b = f.layout[bi];
            let insts = &f.insts;
            f.blocks[b].insts.retain(|i| {
                let dead = matches!(insts[*i].kind, InstKind::RdRegion { .. } | InstKind::WrRegion { .. })
                    && !uses.contains_key(i);
                removed |= dead;
                !dead
            });
        }
        if !removed {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_splat_of_a_written_element_reads_the_element() {
        let w = Region::contiguous(4, 1, 0);
        let splat = Region { vstride: 0, width: 1, stride: 0, num_elems: 16, ..Region::contiguous(4, 16, 0) };
        let r = read_through(&w, &splat).expect("reads through");
        assert_eq!((r.offset, r.num_elems, r.stride), (0, 16, 0));
        // a read that also covers elements the write left alone is not rewritten
        assert!(read_through(&w, &Region::contiguous(4, 2, 0)).is_none());
        // a wide read from an unaligned written part is left alone
        assert!(read_through(&Region::contiguous(4, 8, 2), &Region::contiguous(4, 4, 3)).is_none());
        assert!(read_through(&Region::contiguous(4, 8, 16), &Region::contiguous(4, 4, 20)).is_some());
    }
}
