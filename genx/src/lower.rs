//! Lowering of LLVM's vector element operations to regions.
//!
//! `extractelement`, `insertelement` and `shufflevector` have no vISA counterpart; they are region
//! reads and writes. This pass rewrites them in place: an extract is a one-element `rdregion`, an
//! insert a one-element `wrregion` (with a variable index, a byte index computed as
//! `zext/trunc to i16` times the element size), and a shuffle whose mask forms a 1D or 2D region of
//! one operand is one `rdregion`. Any other shuffle becomes a chain of one-element region writes.
//! After this pass instruction selection only has to understand regions.

use crate::intrinsics::IntrinsicId;
use crate::ir::*;
use crate::region::Region;
use crate::types::{Elem, Type};
use genxc_diag::Diagnostic;

/// Which floating-point multiply-adds become one `mad` (one rounding), as clang's and ocloc's
/// `-ffp-contract=`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FpContract {
    /// No contraction: an `fmul` and an `fadd` stay two operations, and an `llvm.fmuladd` is
    /// computed as a multiply then an add (two roundings), as LLVM's strict fusion mode does.
    Off,
    /// Only what the input contracted: `llvm.fmuladd` and `llvm.fma` are one `mad`; separate
    /// `fmul` and `fadd` stay two operations.
    On,
    /// Every single-use `fmul` feeding an `fadd` is contracted too (IGC's Vector Compiler's
    /// default for CM code, and genxc's).
    #[default]
    Fast,
}

/// Lowers every element operation of a function, after contracting multiply-adds as
/// [`FpContract::Fast`] does.
pub fn lower_function(f: &mut Function) -> Result<(), Diagnostic> {
    lower_function_with(f, FpContract::Fast)
}

/// Lowers every element operation of a function, after contracting (or splitting) multiply-adds
/// as `contract` says.
pub fn lower_function_with(f: &mut Function, contract: FpContract) -> Result<(), Diagnostic> {
    match contract {
        FpContract::Fast => contract_mul_add(f),
        FpContract::On => {}
        FpContract::Off => split_mul_add(f),
    }
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let mut i = 0;
        while i < f.blocks[b].insts.len() {
            let id = f.blocks[b].insts[i];
            let mut pre = Vec::new();
            // (only element accesses and shuffles change: the rest is not copied)
            let kind = match &f.insts[id].kind {
                InstKind::ExtractElement { .. }
                | InstKind::InsertElement { .. }
                | InstKind::Shuffle { .. } => f.insts[id].kind.clone(),
                _ => {
                    i += 1;
                    continue;
                }
            };
            let new_kind = match kind {
                InstKind::ExtractElement { vector, index } => {
                    let (eb, len) = (elem_bytes(f, vector), f.value_type(vector).num_elems());
                    let region = index_region(f, &mut pre, index, eb, 1, len, &f.insts[id].name.clone())?;
                    Some(InstKind::RdRegion { input: vector, region })
                }
                InstKind::InsertElement { vector, elem, index } => {
                    let (eb, len) = (elem_bytes(f, vector), f.value_type(vector).num_elems());
                    let region = index_region(f, &mut pre, index, eb, 1, len, &f.insts[id].name.clone())?;
                    let mask = f.add_const(Constant::int(Elem::I1, 1));
                    Some(InstKind::WrRegion { old: vector, new: elem, region, mask })
                }
                InstKind::Shuffle { a, b: bv, mask } => Some(lower_shuffle(f, &mut pre, id, a, bv, &mask)),
                _ => None,
            };
            if let Some(k) = new_kind {
                f.insts[id].kind = k;
            }
            let n = pre.len();
            if n > 0 {
                f.blocks[b].insts.splice(i..i, pre);
            }
            i += n + 1;
        }
    }
    Ok(())
}

fn elem_bytes(f: &Function, v: Value) -> u32 {
    f.value_type(v).elem().map_or(1, Elem::bytes)
}

/// The one-element region at `index` (constant, or a byte index computed before the instruction).
fn index_region(
    f: &mut Function,
    pre: &mut Vec<InstId>,
    index: Value,
    eb: u32,
    n: u32,
    len: u32,
    name: &str,
) -> Result<Region, Diagnostic> {
    if let Some(c) = f.as_const(index) {
        let Some(i) = c.elems.first().copied().flatten() else {
            // An undefined index may pick any element: element 0.
            return Ok(Region::contiguous(eb, n, 0));
        };
        // An index past the end gives poison in LLVM: any element will do.
        let i = u32::try_from(i).ok().filter(|&i| i + n <= len).unwrap_or(0);
        return Ok(Region::contiguous(eb, n, i));
    }
    let ity = f.value_type(index);
    let mut idx16 = index;
    if ity != Type::Scalar(Elem::I16) {
        let op = if ity.elem().map_or(0, Elem::bits) > 16 { CastOp::Trunc } else { CastOp::ZExt };
        let id = f.insts.alloc(Inst {
            kind: InstKind::Cast { op, value: index },
            ty: Type::Scalar(Elem::I16),
            name: format!("{name}.idx16"),
        });
        pre.push(id);
        idx16 = Value::Inst(id);
    }
    let scale = f.add_const(Constant::int(Elem::I16, i64::from(eb)));
    let id = f.insts.alloc(Inst {
        kind: InstKind::Binary { op: BinOp::Mul, lhs: idx16, rhs: scale },
        ty: Type::Scalar(Elem::I16),
        name: format!("{name}.byteidx"),
    });
    pre.push(id);
    Ok(Region { indirect: Some(Value::Inst(id)), ..Region::contiguous(eb, n, 0) })
}

/// Tries to express picking the elements `idx` (undefined entries may be anything) of a vector of
/// `eb`-byte elements as one direct region.
pub fn mask_region(idx: &[Option<u32>], eb: u32) -> Option<Region> {
    let n = idx.len() as u32;
    let d = |i: usize| idx[i].map(i64::from);
    // Fill undefined entries along a candidate (start, vstride, width, stride) and check.
    let fits = |start: i64, vstride: i64, width: u32, stride: i64| -> bool {
        idx.iter().enumerate().all(|(i, m)| {
            let i = i as u32;
            let want = start + i64::from(i / width) * vstride + i64::from(i % width) * stride;
            m.is_none_or(|m| i64::from(m) == want)
        })
    };
    let defined: Vec<(usize, i64)> = (0..idx.len()).filter_map(|i| d(i).map(|v| (i, v))).collect();
    if defined.is_empty() {
        return None;
    }
    // 1D: stride from the first two defined entries.
    let (i0, v0) = defined[0];
    let stride = match defined.get(1) {
        Some(&(i1, v1)) if (v1 - v0) % (i1 - i0) as i64 == 0 => (v1 - v0) / (i1 - i0) as i64,
        Some(_) => -1,
        None => 0,
    };
    if stride >= 0 {
        let start = v0 - stride * i0 as i64;
        if start >= 0 && fits(start, 0, n, stride) {
            return Region::from_operands(eb, n, 0, i64::from(n), stride, start * i64::from(eb), None, 0);
        }
    }
    // 2D: rows of `width` (a power of two dividing n), row stride and element stride from the data.
    let mut width = 1;
    while width < n {
        if n.is_multiple_of(width) {
            let row = |i: usize| i as u32 / width;
            let pairs: Vec<&(usize, i64)> = defined.iter().collect();
            let in_row = pairs.windows(2).find(|w| row(w[0].0) == row(w[1].0));
            let stride = in_row.map_or(Some(0), |w| {
                let di = (w[1].0 - w[0].0) as i64;
                ((w[1].1 - w[0].1) % di == 0).then(|| (w[1].1 - w[0].1) / di)
            });
            let cross = pairs.windows(2).find(|w| row(w[0].0) != row(w[1].0));
            if let Some(stride) = stride.filter(|s| *s >= 0) {
                let (ia, va) = defined[0];
                let col_a = (ia as u32 % width) as i64;
                let row_start_a = va - col_a * stride;
                let vstride = cross.map_or(Some(0), |w| {
                    let (ib, vb) = *w[1];
                    let col_b = (ib as u32 % width) as i64;
                    let dr = i64::from(row(ib)) - i64::from(row(ia));
                    let diff = vb - col_b * stride - row_start_a;
                    (dr > 0 && diff % dr == 0).then(|| diff / dr)
                });
                if let Some(vstride) = vstride.filter(|v| *v >= 0) {
                    let start = row_start_a - vstride * i64::from(row(ia));
                    if start >= 0 && fits(start, vstride, width, stride) {
                        return Region::from_operands(
                            eb,
                            n,
                            vstride,
                            i64::from(width),
                            stride,
                            start * i64::from(eb),
                            None,
                            0,
                        );
                    }
                }
            }
        }
        width *= 2;
    }
    None
}

fn lower_shuffle(
    f: &mut Function,
    pre: &mut Vec<InstId>,
    id: InstId,
    a: Value,
    b: Value,
    mask: &[Option<u32>],
) -> InstKind {
    let ty = f.insts[id].ty;
    let a_len = f.value_type(a).num_elems();
    let eb = ty.elem().map_or(1, Elem::bytes);
    let name = f.insts[id].name.clone();
    if mask.iter().all(Option::is_none) {
        let u = f.add_const(Constant::undef(ty));
        return InstKind::Select { cond: f.add_const(Constant::int(Elem::I1, 1)), on_true: u, on_false: u };
    }
    // One operand only: try a single region.
    for (src, lo) in [(a, 0u32), (b, a_len)] {
        let len = f.value_type(src).num_elems();
        let local: Option<Vec<Option<u32>>> = mask
            .iter()
            .map(|m| m.map_or(Some(None), |m| (lo..lo + len).contains(&m).then(|| Some(m - lo))))
            .collect();
        if let Some(local) = local {
            if ty.elem() == Some(Elem::I1) {
                // a contiguous slice of a predicate (EM slices of SIMD control flow among them)
                let start = local.iter().enumerate().find_map(|(k, m)| m.map(|m| m.wrapping_sub(k as u32)));
                if let Some(start) = start.filter(|&s| s + ty.num_elems() <= len) {
                    if local.iter().enumerate().all(|(k, m)| m.is_none_or(|m| m == start + k as u32)) {
                        let off = f.add_const(Constant::int(Elem::I32, i64::from(start)));
                        return InstKind::Intrinsic { id: IntrinsicId::Rdpredregion, args: vec![src, off] };
                    }
                }
            }
            if let Some(region) = mask_region(&local, eb) {
                let (s, e) = region.byte_span();
                if s >= 0 && e <= i64::from(len * eb) {
                    return InstKind::RdRegion { input: src, region };
                }
            }
        }
    }
    // General case: write runs of elements that form a strided region of one operand (undefined
    // entries go with any run) into an undefined vector; or, when the first operand has the
    // result's type and some runs are its own lanes in place, into that operand, writing only
    // the other runs (its variable can then be updated in place).
    let mut cur = f.add_const(Constant::undef(ty));
    let true_mask = f.add_const(Constant::int(Elem::I1, 1));
    let mut runs = shuffle_runs(mask, a_len);
    let in_place = |r: &ShuffleRun| r.first < a_len && r.first == r.at && (r.stride == 1 || r.len == 1);
    if f.value_type(a) == ty
        && ty.elem() != Some(Elem::I1)
        && runs.iter().any(in_place)
        && !runs.iter().all(in_place)
    {
        runs.retain(|r| !in_place(r));
        cur = a;
    }
    for (k, run) in runs.iter().enumerate() {
        let (src, j) = if run.first < a_len { (a, run.first) } else { (b, run.first - a_len) };
        let read = Region {
            vstride: (run.len * run.stride) as i32,
            width: run.len,
            stride: run.stride as i32,
            ..Region::contiguous(eb, run.len, j)
        };
        let rd = f.insts.alloc(Inst {
            kind: InstKind::RdRegion { input: src, region: read.canonical() },
            ty: if run.len == 1 {
                Type::Scalar(ty.elem().unwrap_or(Elem::I32))
            } else {
                Type::Vector(ty.elem().unwrap_or(Elem::I32), run.len)
            },
            name: format!("{name}.e{}", run.at),
        });
        pre.push(rd);
        let wr = InstKind::WrRegion {
            old: cur,
            new: Value::Inst(rd),
            region: Region::contiguous(eb, run.len, run.at),
            mask: true_mask,
        };
        if k + 1 == runs.len() {
            return wr;
        }
        let w = f.insts.alloc(Inst { kind: wr, ty, name: format!("{name}.w{}", run.at) });
        pre.push(w);
        cur = Value::Inst(w);
    }
    unreachable!("a mask with a defined entry has at least one run")
}

/// A run of a shuffle: result elements `at..at + len` are elements `first, first + stride, ...`
/// of the concatenated operands, all from the same operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ShuffleRun {
    at: u32,
    len: u32,
    first: u32,
    stride: u32,
}

/// Cuts a shuffle mask into maximal runs, left to right. Undefined entries extend the current run;
/// trailing ones are dropped.
fn shuffle_runs(mask: &[Option<u32>], a_len: u32) -> Vec<ShuffleRun> {
    let side = |m: u32| m >= a_len;
    let mut runs = Vec::new();
    let mut i = 0;
    while i < mask.len() {
        let Some(first) = mask[i] else {
            i += 1;
            continue;
        };
        let mut run = ShuffleRun { at: i as u32, len: 1, first, stride: 0 };
        let mut stride: Option<u32> = None;
        for (k, m) in mask.iter().enumerate().skip(i + 1) {
            let d = (k - i) as u32;
            match *m {
                None => continue,
                Some(m) if side(m) == side(first) && m >= first && (m - first) % d == 0 => {
                    let s = (m - first) / d;
                    if stride.is_some_and(|t| t != s) {
                        break;
                    }
                    stride = Some(s);
                    run.len = d + 1;
                }
                Some(_) => break,
            }
        }
        run.stride = stride.unwrap_or(0);
        i += run.len as usize;
        runs.push(run);
    }
    runs
}

/// Splits each `llvm.fmuladd(a, b, c)` into `fadd(fmul(a, b), c)`: the product is rounded before
/// the add ([`FpContract::Off`]). `llvm.fma`, which asks for one rounding, stays.
pub fn split_mul_add(f: &mut Function) {
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let mut i = 0;
        while i < f.blocks[b].insts.len() {
            let id = f.blocks[b].insts[i];
            let InstKind::Intrinsic { id: IntrinsicId::LlvmFmuladd, args } = &f.insts[id].kind else {
                i += 1;
                continue;
            };
            let &[a, x, c] = args.as_slice() else {
                i += 1;
                continue;
            };
            let (ty, name) = (f.insts[id].ty, format!("{}.mul", f.insts[id].name));
            let mul =
                f.insts.alloc(Inst { kind: InstKind::Binary { op: BinOp::FMul, lhs: a, rhs: x }, ty, name });
            f.insts[id].kind = InstKind::Binary { op: BinOp::FAdd, lhs: Value::Inst(mul), rhs: c };
            f.blocks[b].insts.insert(i, mul);
            i += 2;
        }
    }
}

/// Contracts `fadd(fmul(a, b), c)` (either operand order) into `llvm.fmuladd(a, b, c)`, one vISA
/// `mad`, when the `fmul` is a half or float operation used only by that `fadd` in the same block.
/// As in IGC's Vector Compiler, CM code is compiled with floating-point contraction allowed.
pub fn contract_mul_add(f: &mut Function) {
    let fmuladd = IntrinsicId::LlvmFmuladd;
    // the use counts, counted at the first candidate (before anything changed): most functions
    // have no float addition of a product
    let mut uses: Option<Vec<u32>> = None;
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        let mut dead = Vec::new();
        for k in 0..f.blocks[b].insts.len() {
            let id = f.blocks[b].insts[k];
            let InstKind::Binary { op: BinOp::FAdd, lhs, rhs } = f.insts[id].kind else { continue };
            if !matches!(f.insts[id].ty.elem(), Some(Elem::Half | Elem::Float)) {
                continue;
            }
            let is_mul = |v: Value| matches!(v, Value::Inst(m) if matches!(f.insts[m].kind, InstKind::Binary { op: BinOp::FMul, .. }));
            if !is_mul(lhs) && !is_mul(rhs) {
                continue;
            }
            let uses = &*uses.get_or_insert_with(|| f.use_counts());
            let mul_of = |v: Value| match v {
                Value::Inst(m)
                    if uses.get(inst_index(m)) == Some(&1) && f.blocks[b].insts[..k].contains(&m) =>
                {
                    match f.insts[m].kind {
                        InstKind::Binary { op: BinOp::FMul, lhs, rhs } => Some((m, lhs, rhs)),
                        _ => None,
                    }
                }
                _ => None,
            };
            let Some(((m, a, x), c)) =
                mul_of(lhs).map(|p| (p, rhs)).or_else(|| mul_of(rhs).map(|p| (p, lhs)))
            else {
                continue;
            };
            f.insts[id].kind = InstKind::Intrinsic { id: fmuladd, args: vec![a, x, c] };
            dead.push(m);
        }
        if !dead.is_empty() {
            f.blocks[b].insts.retain(|i| !dead.contains(i));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(v: &[i64]) -> Vec<Option<u32>> {
        v.iter().map(|&x| (x >= 0).then_some(x as u32)).collect()
    }

    #[test]
    fn shuffle_runs_follow_strided_pieces() {
        let r = shuffle_runs(&m(&[0, 1, 2, 3, 8, 9, 10, 11]), 8);
        assert_eq!(r.len(), 2);
        assert_eq!((r[0].at, r[0].len, r[0].first, r[0].stride), (0, 4, 0, 1));
        assert_eq!((r[1].at, r[1].len, r[1].first, r[1].stride), (4, 4, 8, 1));
        // undefined entries join a run; a stride change or the other operand ends it
        let r = shuffle_runs(&m(&[0, -1, 4, 6, 9, 3, -1]), 8);
        let got: Vec<_> = r.iter().map(|r| (r.at, r.len, r.first, r.stride)).collect();
        assert_eq!(got, vec![(0, 4, 0, 2), (4, 1, 9, 0), (5, 1, 3, 0)]);
        // going backwards is never a run
        let r = shuffle_runs(&m(&[3, 2, 1]), 4);
        assert_eq!(r.len(), 3);
    }

    #[test]
    fn masks_that_are_regions() {
        let r = mask_region(&m(&[0, 0, 0, 0]), 4).unwrap();
        assert_eq!((r.vstride, r.width, r.stride, r.offset), (0, 1, 0, 0));
        let r = mask_region(&m(&[1, 3, 5, 7]), 4).unwrap();
        assert_eq!((r.width, r.stride, r.offset), (4, 2, 4));
        let r = mask_region(&m(&[0, 8, 16, 24, 1, 9, 17, 25]), 4).unwrap();
        assert_eq!((r.vstride, r.width, r.stride, r.offset), (1, 4, 8, 0));
        let r = mask_region(&m(&[2, -1, 4, 5]), 2).unwrap();
        assert_eq!((r.width, r.stride, r.offset), (4, 1, 4));
        assert!(mask_region(&m(&[3, 1, 0, 2]), 4).is_none());
    }

    #[test]
    fn lowering_replaces_element_operations() {
        let v8 = Type::Vector(Elem::I32, 8);
        let mut f = Function::new("k", Linkage::Kernel, vec![v8, Type::Scalar(Elem::I32)], Type::Void);
        let b = f.add_block("entry");
        let c2 = f.add_const(Constant::int(Elem::I32, 2));
        let x = f.push_inst(
            b,
            Inst {
                kind: InstKind::ExtractElement { vector: Value::Param(0), index: Value::Param(1) },
                ty: Type::Scalar(Elem::I32),
                name: "x".into(),
            },
        );
        f.push_inst(
            b,
            Inst {
                kind: InstKind::InsertElement { vector: Value::Param(0), elem: x, index: c2 },
                ty: v8,
                name: "y".into(),
            },
        );
        f.push_inst(
            b,
            Inst {
                kind: InstKind::Shuffle { a: Value::Param(0), b: Value::Param(0), mask: m(&[7, 0, 9, 3]) },
                ty: Type::Vector(Elem::I32, 4),
                name: "z".into(),
            },
        );
        lower_function(&mut f).unwrap();
        let kinds: Vec<&'static str> =
            f.blocks[b].insts.iter().map(|&i| f.insts[i].kind.mnemonic()).collect();
        // trunc + mul for the variable index, rdregion, wrregion, then 4 reads and 3 writes + final write
        assert_eq!(kinds[..4], ["cast", "binary", "rdregion", "wrregion"]);
        assert!(kinds[4..].iter().all(|k| *k == "rdregion" || *k == "wrregion"));
        assert_eq!(kinds.iter().filter(|k| **k == "wrregion").count(), 5);
    }

    #[test]
    fn single_use_fmul_feeding_fadd_becomes_fmuladd() {
        let v8 = Type::Vector(Elem::Float, 8);
        let mut f = Function::new("k", Linkage::Kernel, vec![v8, v8, v8], Type::Void);
        let b = f.add_block("entry");
        let bin =
            |op, lhs, rhs| Inst { kind: InstKind::Binary { op, lhs, rhs }, ty: v8, name: String::new() };
        let (p0, p1, p2) = (Value::Param(0), Value::Param(1), Value::Param(2));
        let m1 = f.push_inst(b, bin(BinOp::FMul, p0, p1));
        let a1 = f.push_inst(b, bin(BinOp::FAdd, p2, m1)); // contracted: mul is the rhs
        let m2 = f.push_inst(b, bin(BinOp::FMul, a1, p1));
        let a2 = f.push_inst(b, bin(BinOp::FAdd, m2, p2)); // not: m2 has two uses
        let a3 = f.push_inst(b, bin(BinOp::FAdd, a2, m2));
        f.blocks[b].term = Terminator::Ret(None);
        contract_mul_add(&mut f);
        let Value::Inst(a1) = a1 else { unreachable!() };
        match &f.insts[a1].kind {
            InstKind::Intrinsic { id, args } => {
                assert_eq!(*id, IntrinsicId::LlvmFmuladd);
                assert_eq!(args, &vec![p0, p1, p2]);
            }
            k => panic!("not contracted: {k:?}"),
        }
        let kept: Vec<Value> = f.blocks[b].insts.iter().map(|&i| Value::Inst(i)).collect();
        assert_eq!(kept, vec![Value::Inst(a1), m2, a2, a3]);
        for v in [a2, a3] {
            let Value::Inst(i) = v else { unreachable!() };
            assert!(matches!(f.insts[i].kind, InstKind::Binary { op: BinOp::FAdd, .. }));
        }
    }
}
