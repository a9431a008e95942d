//! Region collapsing: a region of a region as one region of the original vector.
//!
//! [`combine`] is the spec's `combineRegions`: `rdregion(rdregion(A, outer), inner)` reads the same
//! elements as `rdregion(A, combined)`, and `wrregion(A, wrregion(rdregion(A, outer), V, inner),
//! outer)` writes what `wrregion(A, V, combined)` writes. It refuses what the spec refuses
//! (multi-indirect regions, a masked outer write, inner rows that cross outer rows in ways one
//! region cannot describe, indirect replicating results) and what needs new index arithmetic.
//! [`collapse_function`] applies it to rdregion-of-rdregion chains of a GenX IR function.

use crate::legal::{self, stride_1d, Access, Role};
use genxc_genx::{Function, InstKind, Platform, Region, Value};

/// What [`combine_with`] needs to know besides the two regions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nesting {
    /// The outer region has one index per row.
    pub outer_multi: bool,
    /// The inner region has one index per row.
    pub inner_multi: bool,
    /// The outer access is a wrregion with a mask.
    pub outer_masked: bool,
}

/// Combines two nested regions with scalar (or no) indices; `None` when refused.
pub fn combine(outer: &Region, inner: &Region) -> Option<Region> {
    combine_with(outer, inner, Nesting::default())
}

/// Combines two nested regions (`inner` indexes the vector `outer` reads); `None` when refused.
pub fn combine_with(outer: &Region, inner: &Region, n: Nesting) -> Option<Region> {
    if n.outer_multi || n.inner_multi || n.outer_masked || outer.elem_bytes != inner.elem_bytes {
        return None;
    }
    let eb = i64::from(outer.elem_bytes.max(1));
    if outer.width == 0 || inner.width == 0 || inner.num_elems == 0 || inner.num_elems > outer.num_elems {
        return None;
    }
    let mut c = *inner;
    c.parent_width = 0;
    if let Some(_idx) = inner.indirect {
        // The inner index addresses bytes of the outer result: only an outer region that is those
        // bytes unchanged (direct, 1D, stride 1) keeps the index as it is.
        if outer.indirect.is_some() || stride_1d(outer) != Some(1) {
            return None;
        }
        c.offset = i32::try_from(i64::from(outer.offset) + i64::from(inner.offset)).ok()?;
        c.parent_width = inner.parent_width;
        return Some(c);
    }
    c.indirect = outer.indirect;
    if i64::from(inner.offset) % eb != 0 || inner.offset < 0 {
        return None;
    }
    let e = i64::from(inner.offset) / eb;
    let (ow, ovs, os) = (i64::from(outer.width), i64::from(outer.vstride), i64::from(outer.stride));
    let outer_1d = stride_1d(outer);
    let e_out = match outer_1d {
        Some(s) => e * s,
        None => (e / ow) * ovs + (e % ow) * os,
    };
    let off = i64::from(outer.offset) + e_out * eb;
    let set = |c: &mut Region, vs: i64, w: i64, s: i64| -> Option<()> {
        c.vstride = i32::try_from(vs).ok()?;
        c.width = u32::try_from(w).ok()?;
        c.stride = i32::try_from(s).ok()?;
        c.offset = i32::try_from(off).ok()?;
        Some(())
    };
    let n_in = i64::from(inner.num_elems);
    let (iw, ivs, is) = (i64::from(inner.width), i64::from(inner.vstride), i64::from(inner.stride));
    let result = if let Some(s) = outer_1d {
        set(&mut c, ivs * s, iw, is * s)?;
        c
    } else if let Some(is1) = stride_1d(inner) {
        let start = e;
        let end = start + (n_in - 1) * is1;
        let (row0, row_e) = (start / ow, end / ow);
        if is1 == 0 || row0 == row_e {
            set(&mut c, 0, n_in, is1 * os)?;
        } else if row_e == row0 + 1 && n_in % 2 == 0 && is1 > 0 && {
            let mid = start + n_in / 2 * is1;
            mid / ow == row_e && mid % ow < is1
        } {
            let mid = start + n_in / 2 * is1;
            set(&mut c, (mid % ow - start % ow) * os + ovs, n_in / 2, is1 * os)?;
        } else if is1 > 0 && ow % is1 == 0 && start % ow < is1 && n_in % (ow / is1) == 0 {
            set(&mut c, ovs, ow / is1, is1 * os)?;
        } else {
            return None;
        }
        c
    } else {
        // inner 2D: its rows must map to whole outer rows apart, the first inside one outer row
        if ivs % ow != 0 || (e / ow) != (e + (iw - 1) * is) / ow {
            return None;
        }
        set(&mut c, ovs * (ivs / ow), iw, is * os)?;
        c
    };
    let result = result.canonical();
    // Rows that wrap back to earlier elements of `A` (an outer region with a small or zero
    // vstride) combine to a negative stride, which no region can have.
    if result.vstride < 0 || result.stride < 0 {
        return None;
    }
    if result.indirect.is_some()
        && ((result.stride == 0 && result.num_elems > 1) || (result.vstride == 0 && result.rows() > 1))
    {
        return None;
    }
    Some(result)
}

/// Combines the regions of `wrregion(A, wrregion(rdregion(A, outer), V, inner), outer)`; refuses
/// outer regions that touch an element twice (a later copy would undo an earlier write).
pub fn combine_write(outer: &Region, inner: &Region, n: Nesting) -> Option<Region> {
    let mut seen: Vec<i64> = (0..outer.num_elems).map(|i| outer.elem_index(i)).collect();
    seen.sort_unstable();
    if seen.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    combine_with(outer, inner, n)
}

/// Collapses every `rdregion(rdregion(A, outer), inner)` of a function into one rdregion of `A`
/// when [`combine`] allows it, and turns regions whose variable index is a constant into direct
/// regions; returns how many regions changed.
pub fn collapse_function(f: &mut Function) -> usize {
    constant_indices(f) + collapse_where(f, |_, _| true)
}

/// Regions indexed by a constant (a scalar, or one start per row) that one direct region expresses
/// become that direct region; irregular rows stay indirect. Returns how many changed.
pub fn constant_indices(f: &mut Function) -> usize {
    let mut count = 0;
    for l in 0..f.layout.len() {
        let b = f.layout[l];
        for k in 0..f.blocks[b].insts.len() {
            let id = f.blocks[b].insts[k];
            // (only a region indexed by a constant changes: its input's type is looked up then)
            let (input, region, is_write) = match &f.insts[id].kind {
                InstKind::RdRegion { input, region } => (Some(*input), *region, false),
                InstKind::WrRegion { region, .. } => (None, *region, true),
                _ => continue,
            };
            let Some(Value::Const(c)) = region.indirect else { continue };
            let input_ty = input.map_or(f.insts[id].ty, |v| f.value_type(v));
            let Some(direct) = direct_region(&region, &f.consts[c].elems, input_ty.bytes(), is_write) else {
                continue;
            };
            match &mut f.insts[id].kind {
                InstKind::RdRegion { region, .. } | InstKind::WrRegion { region, .. } => *region = direct,
                _ => {}
            }
            count += 1;
        }
    }
    count
}

/// The direct region with the same elements as `r`, whose variable index has the constant values
/// `index` (i16 byte offsets: one, or one per row), inside a vector of `vec_bytes`.
fn direct_region(r: &Region, index: &[Option<u64>], vec_bytes: u32, is_write: bool) -> Option<Region> {
    let eb = i64::from(r.elem_bytes.max(1));
    let width = r.width.max(1);
    let rows = index.len() as u32;
    let mut elems = Vec::with_capacity(r.num_elems as usize);
    for i in 0..r.num_elems {
        let (row, col) = (i / width, i % width);
        let (start, row_off) = if rows > 1 {
            (*index.get(row as usize)?, 0)
        } else {
            (*index.first()?, i64::from(row) * i64::from(r.vstride))
        };
        let start = i64::from(start? as u16 as i16);
        let byte = start + i64::from(r.offset) + (row_off + i64::from(col) * i64::from(r.stride)) * eb;
        if byte < 0 || byte % eb != 0 || byte + eb > i64::from(vec_bytes) {
            return None;
        }
        elems.push(Some(u32::try_from(byte / eb).ok()?));
    }
    if is_write {
        // a write that hits one element twice keeps the last value; a region might not
        let mut seen = elems.clone();
        seen.sort_unstable();
        if seen.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
    }
    let mut out = genxc_genx::lower::mask_region(&elems, r.elem_bytes)?;
    out.parent_width = r.parent_width;
    let (lo, hi) = out.byte_span();
    (lo >= 0 && hi <= i64::from(vec_bytes)).then_some(out)
}

/// Collapses the nested reads that splitting leaves (a piece read from a value that is itself a
/// read), but only where the combined region is legal on `platform`, so nothing needs splitting
/// again; then removes the reads left without users. Returns how many were collapsed.
pub fn collapse_legal(f: &mut Function, platform: Platform) -> usize {
    let n = collapse_where(f, |f, access| {
        let mut a = *access;
        if let Some(i) = a.region.indirect {
            a.index_elems = f.value_type(i).num_elems().max(1);
        }
        legal::check(&a, platform).is_ok()
    });
    if n > 0 {
        remove_unused_reads(f);
    }
    n
}

fn collapse_where(f: &mut Function, accept: impl Fn(&Function, &Access) -> bool) -> usize {
    let mut count = 0;
    for l in 0..f.layout.len() {
        let b = f.layout[l];
        for k in 0..f.blocks[b].insts.len() {
            let id = f.blocks[b].insts[k];
            // (matched in place: cloning every instruction's kind to look at it cost more than the rest)
            let InstKind::RdRegion { input: Value::Inst(src), region: inner } = f.insts[id].kind else {
                continue;
            };
            let InstKind::RdRegion { input: a, region: outer } = f.insts[src].kind else { continue };
            let multi = |r: &Region| r.indirect.is_some_and(|i| f.value_type(i).is_vector());
            let nest =
                Nesting { outer_multi: multi(&outer), inner_multi: multi(&inner), outer_masked: false };
            let Some(c) = combine_with(&outer, &inner, nest) else { continue };
            if accept(f, &Access::new(c, Role::Source, f.value_type(a).num_elems())) {
                f.insts[id].kind = InstKind::RdRegion { input: a, region: c };
                count += 1;
            }
        }
    }
    count
}

/// Removes `rdregion`s and `wrregion`s whose result is not used (they have no effect),
/// repeatedly.
pub(crate) fn remove_unused_reads(f: &mut Function) {
    let mut uses = f.use_counts();
    let raw = |v: genxc_genx::InstId| u32::from(v.into_raw()) as usize;
    loop {
        let mut removed = false;
        for &b in &f.layout {
            let insts = &mut f.blocks[b].insts;
            // (a block with nothing to remove is left as it is)
            let unused = |id: &genxc_genx::InstId| {
                uses[raw(*id)] == 0
                    && matches!(f.insts[*id].kind, InstKind::RdRegion { .. } | InstKind::WrRegion { .. })
            };
            if !insts.iter().any(unused) {
                continue;
            }
            let mut keep = Vec::with_capacity(insts.len());
            for &id in insts.iter().rev() {
                let operands = match &f.insts[id].kind {
                    InstKind::RdRegion { input, region } => Some([Some(*input), region.indirect, None, None]),
                    InstKind::WrRegion { old, new, region, mask } => {
                        Some([Some(*old), Some(*new), Some(*mask), region.indirect])
                    }
                    _ => None,
                };
                if let Some(operands) = operands {
                    if uses[raw(id)] == 0 {
                        for v in operands.into_iter().flatten() {
                            if let Value::Inst(i) = v {
                                uses[raw(i)] -= 1;
                            }
                        }
                        removed = true;
                        continue;
                    }
                }
                keep.push(id);
            }
            keep.reverse();
            *insts = keep;
        }
        if !removed {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg(eb: u32, n: u32, vs: i64, w: i64, s: i64, off: i64) -> Region {
        Region::from_operands(eb, n, vs, w, s, off, None, 0).unwrap()
    }

    #[test]
    fn c1_row_then_strided_read() {
        // %row = rd <32 x i16> (1;1,0)@64 -> 1D stride 1; inner (2;1,0)@2 -> 1D stride 2
        let outer = reg(2, 32, 1, 1, 0, 64);
        let inner = reg(2, 16, 2, 1, 0, 2);
        let c = combine(&outer, &inner).unwrap();
        assert_eq!((c.vstride, c.width, c.stride, c.offset), (0, 16, 2, 66));
    }

    #[test]
    fn c7_column_of_a_2d_region() {
        let outer = reg(4, 16, 8, 4, 1, 0);
        let inner = reg(4, 4, 0, 4, 4, 4);
        let c = combine(&outer, &inner).unwrap();
        assert_eq!((c.vstride, c.width, c.stride, c.offset), (0, 4, 8, 4));
    }

    #[test]
    fn c4_c5_constant_row_indices() {
        // rd <8 x float> of <264 x float>, (0;1,0) with indices 24..36 and 104..116: (20;4,1)@24
        let r = Region {
            indirect: Some(Value::Param(0)),
            ..Region::from_operands(4, 8, 0, 1, 0, 0, None, 0).unwrap()
        };
        let idx = |v: &[u64]| v.iter().map(|&x| Some(x)).collect::<Vec<_>>();
        let d = direct_region(&r, &idx(&[24, 28, 32, 36, 104, 108, 112, 116]), 264 * 4, false).unwrap();
        assert_eq!((d.vstride, d.width, d.stride, d.offset, d.indirect), (20, 4, 1, 24, None));
        // irregular rows stay indirect
        assert!(direct_region(&r, &idx(&[24, 28, 96, 100, 104, 108, 112, 116]), 264 * 4, false).is_none());
        assert!(direct_region(&r, &idx(&[24, 28, 32, 36, 40, 108, 112, 116]), 264 * 4, false).is_none());
        // a scalar constant index is an offset
        let s = Region { indirect: Some(Value::Param(0)), ..Region::contiguous(4, 8, 0) };
        let d = direct_region(&s, &idx(&[64]), 128, false).unwrap();
        assert_eq!((d.offset, d.width, d.indirect), (64, 8, None));
        // out of the vector: left alone
        assert!(direct_region(&s, &idx(&[100]), 128, false).is_none());
    }

    #[test]
    fn refusals() {
        let outer = reg(4, 16, 8, 4, 1, 0);
        // three elements of row 0 and one of row 1: no single region
        let inner = reg(4, 4, 0, 4, 1, 4);
        assert!(combine(&outer, &inner).is_none());
        // masked outer write, multi-indirect, element size mismatch
        let inner = reg(4, 4, 0, 4, 1, 0);
        let masked = Nesting { outer_masked: true, ..Nesting::default() };
        assert!(combine_with(&outer, &inner, masked).is_none());
        let multi = Nesting { outer_multi: true, ..Nesting::default() };
        assert!(combine_with(&outer, &inner, multi).is_none());
        assert!(combine(&outer, &reg(2, 4, 0, 4, 1, 0)).is_none());
        // rows of the outer region repeat (vstride 0): the inner read's second row lies before
        // its first in `A`, a negative vstride
        assert!(combine(&reg(4, 32, 0, 8, 4, 0), &reg(4, 8, 2, 2, 1, 80)).is_none());
        // a splatting outer write region is refused for writes
        assert!(combine_write(&reg(4, 4, 0, 1, 0, 0), &reg(4, 2, 0, 2, 1, 0), Nesting::default()).is_none());
    }
}
