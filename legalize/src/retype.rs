//! Retyping of pure moves before splitting (the spec's `transformMoveType`).
//!
//! A move (an rdregion, a wrregion of a plain value, or an rdregion grouped into a wrregion, with no
//! operation and no mask) copies bits, so it may be done on any element type that divides its
//! regions evenly. Bytes are moved as dwords (or words) when offsets and sizes allow: fewer, wider
//! elements and no byte regioning. On platforms without a 64-bit integer ALU, `i64` moves become
//! `i32` moves of twice the elements. The vectors are reinterpreted with bitcasts (which become
//! vISA aliases, not copies); the retyped move is then split like any other.

use genxc_genx::ir::{CastOp, Constant, Inst};
use genxc_genx::{Elem, Function, InstId, InstKind, Platform, Region, Type, Value};

/// The region `r` of `from`-byte elements as a region of `to`-byte elements covering the same
/// bytes, if one exists. Wider elements need contiguous rows whose sizes and starts are multiples
/// of the new size; narrower ones split each element (a strided 1D region `<S>` becomes `<k*S;k,1>`).
pub fn retype_region(r: &Region, to: u32) -> Option<Region> {
    let from = r.elem_bytes;
    if r.indirect.is_some() || from == to || to == 0 {
        return None;
    }
    let n = r.num_elems;
    let width = r.width.max(1);
    let one_row = n == width;
    if to > from {
        let k = to / from;
        let contiguous_rows = r.stride == 1 || n == 1;
        let rows_fit = one_row || (r.vstride >= 0 && (r.vstride as u32 * from).is_multiple_of(to));
        if !to.is_multiple_of(from)
            || !contiguous_rows
            || !rows_fit
            || !(width * from).is_multiple_of(to)
            || r.offset < 0
            || !(r.offset as u32).is_multiple_of(to)
        {
            return None;
        }
        let w = width / k;
        let vs = if one_row { 0 } else { r.vstride / k as i32 };
        let out = Region { elem_bytes: to, num_elems: n / k, width: w, vstride: vs, stride: 1, ..*r };
        return Some(if out.num_elems == out.width { Region { vstride: 0, ..out } } else { out });
    }
    let k = from / to;
    if !from.is_multiple_of(to) {
        return None;
    }
    let k32 = k as i32;
    // each old element becomes k new ones in a row: (new width, new vstride)
    let (width2, vstride2) = if one_row && (r.stride == 1 || n == 1) {
        (n * k, 0)
    } else if one_row {
        // a strided row: each element becomes a row of k
        (k, r.stride * k32)
    } else if r.stride == 1 {
        (width * k, r.vstride * k32)
    } else if width == 1 {
        // width-1 rows are a strided 1D region
        (k, r.vstride * k32)
    } else {
        return None;
    };
    Some(Region { elem_bytes: to, num_elems: n * k, width: width2, vstride: vstride2, stride: 1, ..*r })
}

/// Retypes the pure moves of a function (see the module documentation); returns how many.
pub fn retype_moves(f: &mut Function, platform: Platform) -> usize {
    if !has_candidates(f, platform) {
        return 0;
    }
    let uses = f.use_counts();
    let grouped = crate::group::members(f, &uses);
    let mut count = 0;
    for b in f.layout.clone() {
        let old_insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(old_insts.len());
        let mut dropped = Vec::new();
        for &id in &old_insts {
            if dropped.contains(&id) {
                continue;
            }
            match plan_move(f, id, &uses, &grouped, platform) {
                Some(m) => {
                    if let Some(rd) = m.grouped_rd {
                        // the read moves into the retyped write; it was emitted before
                        if let Some(pos) = out.iter().rposition(|&i| i == rd) {
                            out.remove(pos);
                        } else {
                            dropped.push(rd);
                        }
                    }
                    emit(f, id, &m, &mut out);
                    count += 1;
                }
                None => out.push(id),
            }
        }
        f.blocks[b].insts = out;
    }
    count
}

/// Whether `f` has region moves of bytes, or of 64-bit integers on a platform without a 64-bit
/// integer ALU (the only ones [`retype_moves`] changes).
pub fn has_candidates(f: &Function, platform: Platform) -> bool {
    let wanted = |e: Option<Elem>| match e {
        Some(Elem::I8) => true,
        Some(Elem::I64) => !platform.info().has_int64,
        _ => false,
    };
    f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter()).any(|&i| {
        matches!(f.insts[i].kind, InstKind::RdRegion { .. } | InstKind::WrRegion { .. })
            && wanted(f.insts[i].ty.elem())
    })
}

/// A move to retype: the new element type, and its parts.
struct Move {
    to: Elem,
    /// The vector read (rdregion input, or the wrregion's plain new value) and the region read.
    src: Value,
    read: Option<Region>,
    /// For a wrregion: its old value and region.
    write: Option<(Value, Region)>,
    /// The rdregion grouped into the wrregion (removed: the retyped write reads the source itself).
    grouped_rd: Option<InstId>,
}

fn is_true(f: &Function, v: Value) -> bool {
    f.as_const(v).is_some_and(|c| !c.ty.is_vector() && c.elems.first() == Some(&Some(1)))
}

/// What `id` moves and to which type, if it is a pure move worth retyping.
fn plan_move(f: &Function, id: InstId, uses: &[u32], grouped: &[bool], platform: Platform) -> Option<Move> {
    let inst = &f.insts[id];
    let elem = inst.ty.elem()?;
    let candidates: &[Elem] = match elem {
        Elem::I8 => &[Elem::I32, Elem::I16],
        Elem::I64 if !platform.info().has_int64 => &[Elem::I32],
        _ => return None,
    };
    let is_grouped = |i: InstId| grouped.get(raw(i)).copied().unwrap_or(false);
    let (src, read, write, grouped_rd) = match &inst.kind {
        // an rdregion grouped into an operation is an operand, not a move; one grouped into a
        // wrregion is retyped with that wrregion
        InstKind::RdRegion { input, region } if inst.ty.is_vector() && !is_grouped(id) => {
            (*input, Some(*region), None, None)
        }
        InstKind::WrRegion { old, new, region, mask } if is_true(f, *mask) => match *new {
            Value::Inst(rd) if uses.get(raw(rd)) == Some(&1) && is_grouped(rd) => match &f.insts[rd].kind {
                InstKind::RdRegion { input, region: rr } => {
                    (*input, Some(*rr), Some((*old, *region)), Some(rd))
                }
                _ => return None,
            },
            v if f.value_type(v).is_vector() && f.value_type(v).num_elems() == region.num_elems => {
                (v, None, Some((*old, *region)), None)
            }
            _ => return None,
        },
        _ => return None,
    };
    // constants other than undef keep their type (they are not reinterpreted here)
    let plain = |v: Value| f.as_const(v).is_none_or(|c| c.is_undef());
    if !plain(src) || write.is_some_and(|(old, _)| !plain(old)) {
        return None;
    }
    for &to in candidates {
        let tb = to.bytes();
        let fits = |v: Value| f.value_type(v).bytes().is_multiple_of(tb);
        if !fits(src) || !inst.ty.bytes().is_multiple_of(tb) {
            continue;
        }
        let read2 = match read {
            Some(r) => match retype_region(&r, tb) {
                Some(r2) => Some(r2),
                None => continue,
            },
            None => None,
        };
        let write2 = match write {
            Some((old, w)) => match retype_region(&w, tb) {
                // a destination keeps one row with stride 1
                Some(w2) if w2.num_elems == w2.width && (w2.stride == 1 || w2.num_elems == 1) => {
                    Some((old, w2))
                }
                _ => continue,
            },
            None => None,
        };
        // the moved piece must come out the same size on both sides
        let n2 = read2.map(|r| r.num_elems).or(write2.map(|(_, w)| w.num_elems));
        if let (Some(r), Some((_, w))) = (read2, write2) {
            if r.num_elems != w.num_elems {
                continue;
            }
        }
        if n2.is_none() {
            continue;
        }
        return Some(Move { to, src, read: read2, write: write2, grouped_rd });
    }
    None
}

fn raw(id: InstId) -> usize {
    u32::from(id.into_raw()) as usize
}

/// `v` seen as a vector of `to` elements: a bitcast instruction, or an undefined constant.
fn view(f: &mut Function, v: Value, to: Elem, name: &str, out: &mut Vec<InstId>) -> Value {
    let ty = Type::Vector(to, f.value_type(v).bytes() / to.bytes());
    if f.as_const(v).is_some() {
        return f.add_const(Constant::undef(ty));
    }
    let id =
        f.insts.alloc(Inst { kind: InstKind::Cast { op: CastOp::BitCast, value: v }, ty, name: name.into() });
    out.push(id);
    Value::Inst(id)
}

/// Emits the retyped move in place of `id`; `id` itself becomes the bitcast back to its type.
fn emit(f: &mut Function, id: InstId, m: &Move, out: &mut Vec<InstId>) {
    let name = f.insts[id].name.clone();
    let src = view(f, m.src, m.to, &name, out);
    let moved = match m.read {
        Some(r) => {
            let ty = Type::Vector(m.to, r.num_elems);
            let rd = f.insts.alloc(Inst {
                kind: InstKind::RdRegion { input: src, region: r },
                ty,
                name: name.clone(),
            });
            out.push(rd);
            Value::Inst(rd)
        }
        None => src,
    };
    let result = match m.write {
        Some((old, w)) => {
            let old2 = view(f, old, m.to, &name, out);
            let mask = f.add_const(Constant { ty: Type::Scalar(Elem::I1), elems: vec![Some(1)] });
            let ty = f.value_type(old2);
            let wr = f.insts.alloc(Inst {
                kind: InstKind::WrRegion { old: old2, new: moved, region: w, mask },
                ty,
                name: name.clone(),
            });
            out.push(wr);
            Value::Inst(wr)
        }
        None => moved,
    };
    f.insts[id].kind = InstKind::Cast { op: CastOp::BitCast, value: result };
    out.push(id);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg(eb: u32, n: u32, vs: i64, w: i64, s: i64, off: i64) -> Region {
        Region::from_operands(eb, n, vs, w, s, off, None, 0).unwrap()
    }

    #[test]
    fn bytes_as_dwords() {
        // E16: <16 x i8> (0;16,1)@0 -> <4 x i32> (0;4,1)@0
        let r = retype_region(&reg(1, 16, 0, 16, 1, 0), 4).unwrap();
        assert_eq!((r.num_elems, r.width, r.stride, r.offset), (4, 4, 1, 0));
        // E17: written at byte 16
        let r = retype_region(&reg(1, 16, 0, 16, 1, 16), 4).unwrap();
        assert_eq!((r.num_elems, r.offset), (4, 16));
        // a start that is not a dword boundary, or a strided row, cannot be retyped
        assert!(retype_region(&reg(1, 16, 0, 16, 1, 2), 4).is_none());
        assert!(retype_region(&reg(1, 16, 0, 16, 2, 0), 4).is_none());
        // but the misaligned one can move as words
        assert_eq!(retype_region(&reg(1, 16, 0, 16, 1, 2), 2).unwrap().num_elems, 8);
    }

    #[test]
    fn qwords_as_dwords() {
        // E18: <2 x i64> (0;2,1)@0 -> <4 x i32> (0;4,1)@0
        let r = retype_region(&reg(8, 2, 0, 2, 1, 0), 4).unwrap();
        assert_eq!((r.num_elems, r.width, r.stride), (4, 4, 1));
        // E19: <4 x i64> (2;1,1)@8 -> <8 x i32> (4;2,1)@8
        let r = retype_region(&reg(8, 4, 2, 1, 1, 8), 4).unwrap();
        assert_eq!((r.num_elems, r.vstride, r.width, r.stride, r.offset), (8, 4, 2, 1, 8));
        // 2D rows of 2: (8;2,1) -> (16;4,1)
        let r = retype_region(&reg(8, 4, 8, 2, 1, 0), 4).unwrap();
        assert_eq!((r.num_elems, r.vstride, r.width, r.stride), (8, 16, 4, 1));
        // strided 2D stays
        assert!(retype_region(&reg(8, 4, 8, 2, 2, 0), 4).is_none());
    }
}
