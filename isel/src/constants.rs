//! Materialization of constant vectors: the plan of vISA instructions that writes a constant
//! vector that is not a splat into a temporary, chosen as the shortest of three shapes:
//!
//! - runs: one `mov` of an immediate per power-of-two run of equal elements;
//! - packed immediates, eight elements at a time: vISA `:uv` (eight unsigned 4-bit integers),
//!   `:v` (eight signed 4-bit integers) and `:vf` (four restricted 8-bit floats), each lane of the
//!   `mov` taking its own element, plus an `add` of the smallest element when a chunk spans at
//!   most 16 values away from 0;
//! - an arithmetic sequence `a + d*i` (`<0,1,...,15>`, `<0,16,...,240>`): `<0,...,7>` from one
//!   `:uv`, doubled by `add`s of the lanes already written, then one `mul` (`shl` for a power of
//!   two) by `d` and one `add` of `a`. For dwords the `:uv` goes into a word scratch instead (a
//!   packed immediate converts into a dword destination only through a word copy the finalizer
//!   adds), its first eight lanes become `a + d*i` by a `mul` reading the words, and the doubling
//!   `add`s follow;
//! - a periodic vector (`<7, -7, 3, 1000, 7, -7, 3, 1000, ...>`): its first period planned on its
//!   own, then one `mov` repeating it over every lane through a `<0;p,1>` region.
//!
//! A plan is plain data ([`Piece`]s); [`eval`] runs one, which is what the unit tests check every
//! plan against. Integer plans wrap in the element width like the hardware; float plans use only
//! integers below 2^24, where float arithmetic is exact.
//!
//! Trying every shape costs tens of thousands of instructions a vector, and the kernels of one
//! module tend to write the same few vectors (lane offsets of gathers and scatters): [`plan_once`]
//! keeps the plans a thread made, so a vector is planned once a thread.

use genxc_visa::model::{Imm, VisaType};
use std::cell::RefCell;

/// One instruction of a plan, on element indices of the temporary.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Piece {
    /// `mov (n) t[at..at+n] imm`: a scalar immediate in every lane, or a packed one (lane `i`
    /// takes element `i % 8` of `:v`/`:uv`, `i % 4` of `:vf`).
    Mov {
        /// First element written.
        at: u32,
        /// Lanes.
        n: u32,
        /// The immediate.
        imm: Imm,
    },
    /// `mov (n) t[at..at+n] t[0]<0;period,1>`: the first `period` elements repeated (lane `i`
    /// takes element `i % period`; the lanes of the first period rewrite the values they hold).
    Repeat {
        /// First element written (a multiple of `period`).
        at: u32,
        /// Lanes (a multiple of `period`).
        n: u32,
        /// Elements repeated.
        period: u32,
    },
    /// `op (n) t[at..at+n] t[src..src+n] imm`.
    Arith {
        /// The operation.
        op: ArithOp,
        /// First element written.
        at: u32,
        /// Lanes.
        n: u32,
        /// First element read.
        src: u32,
        /// The second operand.
        imm: Imm,
    },
    /// `mov (n) w[0..n] imm`: a packed immediate into the plan's word scratch (type `w`).
    MovWords {
        /// Lanes.
        n: u32,
        /// The packed immediate.
        imm: Imm,
    },
    /// `op (n) t[at..at+n] w[0..n] imm`: an operation reading the word scratch.
    Widen {
        /// The operation.
        op: ArithOp,
        /// First element written.
        at: u32,
        /// Lanes.
        n: u32,
        /// The second operand.
        imm: Imm,
    },
}

/// The operations of a plan after its first `mov`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ArithOp {
    /// `add`.
    Add,
    /// `mul`.
    Mul,
    /// `shl`.
    Shl,
}

/// The key of a plan: the element bits, their type and the lanes an instruction may have.
type PlanKey = (Vec<Option<u64>>, VisaType, u32);

/// Plans kept by [`plan_once`] on one thread before it forgets them all (a bound on memory).
const PLANS_KEPT: usize = 1024;

thread_local! {
    /// The plans this thread made, by [`PlanKey`].
    static PLANS: RefCell<foldhash::HashMap<PlanKey, (Vec<Piece>, u32)>> = RefCell::default();
}

/// [`plan`], made once a thread for each vector, type and lane bound (a plan depends on nothing
/// else, so the one kept is the one [`plan`] would make again).
pub(crate) fn plan_once(values: &[Option<u64>], ty: VisaType, max_exec: u32) -> (Vec<Piece>, u32) {
    let key = (values.to_vec(), ty, max_exec);
    if let Some(made) = PLANS.with(|p| p.borrow().get(&key).cloned()) {
        return made;
    }
    let made = plan(values, ty, max_exec);
    PLANS.with(|p| {
        let mut plans = p.borrow_mut();
        if plans.len() >= PLANS_KEPT {
            plans.clear();
        }
        plans.insert(key, made.clone());
    });
    made
}

/// The plan that writes `values` (element bits of type `ty`, `None` for undefined elements) with
/// at most `max_exec` lanes per instruction, and the number of elements the temporary needs
/// (at least `values.len()`: a packed `mov` writes whole power-of-two groups).
pub(crate) fn plan(values: &[Option<u64>], ty: VisaType, max_exec: u32) -> (Vec<Piece>, u32) {
    let n = values.len() as u32;
    let mut best = runs(values, 0, n, ty, max_exec);
    if let Some(p) = background(values, ty, max_exec) {
        if p.len() < best.len() {
            best = p;
        }
    }
    let mut cap = n;
    if packable(ty) {
        if let Some(p) = chunked(values, ty, max_exec) {
            if p.len() < best.len() {
                best = p;
            }
        }
        if let Some(p) = sequence(values, ty, max_exec) {
            if p.len() < best.len() {
                best = p;
            }
        }
        if let Some(p) = periodic(values, ty, max_exec) {
            if p.len() < best.len() {
                best = p;
            }
        }
        for piece in &best {
            if let Piece::Mov { at, n, .. }
            | Piece::Arith { at, n, .. }
            | Piece::Repeat { at, n, .. }
            | Piece::Widen { at, n, .. } = *piece
            {
                cap = cap.max(at + n);
            }
        }
    }
    (best, cap)
}

/// Whether plans other than runs are tried for `ty` (the destination types packed immediates
/// convert into without a byte destination).
fn packable(ty: VisaType) -> bool {
    matches!(ty, VisaType::W | VisaType::UW | VisaType::D | VisaType::UD | VisaType::F)
}

/// Bits of `ty`'s element width.
fn width(ty: VisaType) -> u32 {
    ty.size() * 8
}

/// `x` truncated to `ty`'s width.
fn trunc(x: u64, ty: VisaType) -> u64 {
    match width(ty) {
        64 => x,
        w => x & ((1u64 << w) - 1),
    }
}

/// The value of element bits as an integer: signed for integer types, the exact integer of a
/// float when it is one below 2^24 (`None` otherwise).
fn as_int(bits: u64, ty: VisaType) -> Option<i64> {
    if ty == VisaType::F {
        let f = f32::from_bits(bits as u32);
        return (f.fract() == 0.0 && f.abs() < 16_777_216.0 && (f != 0.0 || f.is_sign_positive()))
            .then_some(f as i64);
    }
    let w = width(ty);
    Some(((bits << (64 - w)) as i64) >> (64 - w))
}

/// A scalar immediate of `ty` holding integer `x` (wrapped to the width; a float for `F`).
fn int_imm(x: i64, ty: VisaType) -> Imm {
    match ty {
        VisaType::W => Imm::W(x as i16),
        VisaType::UW => Imm::UW(x as u16),
        VisaType::D => Imm::D(x as i32),
        VisaType::UD => Imm::UD(x as u32),
        VisaType::F => Imm::F(x as f32),
        VisaType::Q => Imm::Q(x),
        _ => Imm::UQ(x as u64),
    }
}

/// The immediate of `ty` with these element bits.
fn bits_imm(bits: u64, ty: VisaType) -> Option<Imm> {
    Some(match ty {
        VisaType::W => Imm::W(bits as i16),
        VisaType::UW => Imm::UW(bits as u16),
        VisaType::D => Imm::D(bits as i32),
        VisaType::UD => Imm::UD(bits as u32),
        VisaType::Q => Imm::Q(bits as i64),
        VisaType::UQ => Imm::UQ(bits),
        VisaType::F => Imm::F(f32::from_bits(bits as u32)),
        VisaType::DF => Imm::DF(f64::from_bits(bits)),
        VisaType::HF => Imm::HF(bits as u16),
        VisaType::B => Imm::W(i16::from(bits as i8)),
        VisaType::UB => Imm::UW((bits as u8).into()),
        VisaType::BF => return None,
    })
}

/// One `mov` per power-of-two run of equal elements of `lo..hi` (aligned to its size).
fn runs(values: &[Option<u64>], lo: u32, hi: u32, ty: VisaType, max_exec: u32) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut i = lo;
    while i < hi {
        let bits = values[i as usize].unwrap_or(0);
        let mut size = 1;
        while size * 2 <= max_exec
            && i.is_multiple_of(size * 2)
            && i + size * 2 <= hi
            && values[i as usize..(i + size * 2) as usize].iter().all(|e| e.unwrap_or(0) == bits)
        {
            size *= 2;
        }
        match bits_imm(bits, ty) {
            Some(imm) => out.push(Piece::Mov { at: i, n: size, imm }),
            // no immediate of this type: a plan no shorter than any other (never chosen)
            None => out.extend(std::iter::repeat_n(Piece::Mov { at: i, n: size, imm: Imm::UD(0) }, 64)),
        }
        i += size;
    }
    out
}

/// The most frequent element written to every lane first, then the other elements over it in
/// runs (`<7, 4, 4, 4, 4, 4, 4, 4>`: `mov (8) 4`, `mov (1) 7`). `None` when every defined element
/// is the same (plain runs are that plan).
fn background(values: &[Option<u64>], ty: VisaType, max_exec: u32) -> Option<Vec<Piece>> {
    let n = values.len() as u32;
    let mut counts: Vec<(u64, u32)> = Vec::new();
    for v in values.iter().flatten() {
        match counts.iter_mut().find(|(x, _)| x == v) {
            Some((_, c)) => *c += 1,
            None => counts.push((*v, 1)),
        }
    }
    if counts.len() < 2 {
        return None;
    }
    let (mode, _) = *counts.iter().max_by_key(|(_, c)| *c)?;
    let filled: Vec<Option<u64>> = vec![Some(mode); n as usize];
    let mut out = runs(&filled, 0, n, ty, max_exec);
    let mut i = 0;
    while i < n {
        if values[i as usize].is_none_or(|v| v == mode) {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < n && values[end as usize].is_some_and(|v| v != mode) {
            end += 1;
        }
        out.extend(runs(values, i, end, ty, max_exec));
        i = end;
    }
    Some(out)
}

/// The restricted float code (`:vf`: sign, 3-bit exponent biased by 3, 4-bit mantissa; code 0
/// is zero) of `x`, if `x` is one.
fn vf_code(x: f32) -> Option<u32> {
    (0u32..256).find(|&b| {
        let sign = if b & 0x80 != 0 { -1.0f32 } else { 1.0 };
        let e = ((b >> 4) & 7) as i32;
        let m = (b & 0xf) as f32;
        let v = if e == 0 && m == 0.0 { sign * 0.0 } else { sign * (1.0 + m / 16.0) * 2f32.powi(e - 3) };
        v.to_bits() == x.to_bits()
    })
}

/// Packed immediates chunk by chunk (eight lanes; four for `:vf`), each chunk the shortest of
/// its runs, one packed `mov`, or a packed `mov` and an `add`. `None` when no chunk packs.
fn chunked(values: &[Option<u64>], ty: VisaType, max_exec: u32) -> Option<Vec<Piece>> {
    let n = values.len() as u32;
    let mut out = Vec::new();
    let mut packed_any = false;
    let mut i = 0;
    while i < n {
        let len = 8.min(n - i).min(max_exec);
        let plain = runs(values, i, i + len, ty, max_exec);
        let mut choice = plain;
        if let Some(p) = packed_chunk(&values[i as usize..(i + len) as usize], i, ty) {
            if p.len() < choice.len() {
                choice = p;
                packed_any = true;
            }
        }
        // a chunk, or each half of it, as a sequence of its own (`<c, c+d, c+2d, c+3d, 0, 0, 0, 0>`)
        if len.is_power_of_two() {
            let whole = part_sequence(values, i, len, ty, max_exec);
            let halves = (len == 8).then(|| {
                let mut both = Vec::new();
                for h in [i, i + 4] {
                    let mut best = runs(values, h, h + 4, ty, max_exec);
                    for p in [
                        packed_chunk(&values[h as usize..(h + 4) as usize], h, ty),
                        part_sequence(values, h, 4, ty, max_exec),
                    ]
                    .into_iter()
                    .flatten()
                    {
                        if p.len() < best.len() {
                            best = p;
                        }
                    }
                    both.extend(best);
                }
                both
            });
            for p in [whole, halves].into_iter().flatten() {
                if p.len() < choice.len() {
                    choice = p;
                    packed_any = true;
                }
            }
        }
        if ty == VisaType::F {
            // four restricted floats per immediate
            let mut vf = Vec::new();
            let mut j = i;
            while j < i + len {
                let l = 4.min(i + len - j);
                let codes: Option<Vec<u32>> = values[j as usize..(j + l) as usize]
                    .iter()
                    .map(|v| vf_code(f32::from_bits(v.unwrap_or(0) as u32)))
                    .collect();
                match codes {
                    Some(c) if l.is_power_of_two() => {
                        let imm = c.iter().enumerate().fold(0u32, |acc, (k, b)| acc | (b << (8 * k)));
                        vf.push(Piece::Mov { at: j, n: l, imm: Imm::VF(imm) });
                    }
                    _ => vf.extend(runs(values, j, j + l, ty, max_exec)),
                }
                j += l;
            }
            if vf.len() < choice.len() {
                choice = vf;
                packed_any = true;
            }
        }
        out.extend(choice);
        i += len;
    }
    packed_any.then_some(out)
}

/// The vector as a repetition of its first `p` elements (`p` a power of two, at most half the
/// lanes; undefined elements fit any value): those planned on their own, then one
/// [`Piece::Repeat`] per `max_exec` lanes. The shortest such plan; `None` when the vector has no
/// period.
fn periodic(values: &[Option<u64>], ty: VisaType, max_exec: u32) -> Option<Vec<Piece>> {
    let n = values.len() as u32;
    let total = n.next_power_of_two();
    let step = total.min(max_exec);
    let mut best: Option<Vec<Piece>> = None;
    let mut p = 2;
    while p * 2 <= total && p <= step && p <= 16 {
        let head: Vec<Option<u64>> =
            (0..p).map(|j| (j..n).step_by(p as usize).find_map(|i| values[i as usize])).collect();
        let fits = values.iter().enumerate().all(|(i, v)| v.is_none() || *v == head[i % p as usize]);
        if fits {
            let (mut out, _) = plan(&head, ty, max_exec);
            for at in (0..total).step_by(step as usize) {
                out.push(Piece::Repeat { at, n: step, period: p });
            }
            if best.as_ref().is_none_or(|b| out.len() < b.len()) {
                best = Some(out);
            }
        }
        p *= 2;
    }
    best
}

/// [`sequence`] of the `len` elements from `at` (a power of two), placed there.
fn part_sequence(
    values: &[Option<u64>],
    at: u32,
    len: u32,
    ty: VisaType,
    max_exec: u32,
) -> Option<Vec<Piece>> {
    let part = &values[at as usize..(at + len) as usize];
    let pieces = sequence(part, ty, max_exec)?;
    Some(
        pieces
            .into_iter()
            .map(|p| match p {
                Piece::Mov { at: a, n, imm } => Piece::Mov { at: a + at, n, imm },
                Piece::Arith { op, at: a, n, src, imm } => {
                    Piece::Arith { op, at: a + at, n, src: src + at, imm }
                }
                // a sequence repeats nothing
                repeat @ Piece::Repeat { .. } => repeat,
                Piece::Widen { op, at: a, n, imm } => Piece::Widen { op, at: a + at, n, imm },
                words @ Piece::MovWords { .. } => words,
            })
            .collect(),
    )
}

/// A chunk (first element `at`) as one `:uv`/`:v` `mov`, or a `:uv` `mov` of the elements less
/// their minimum and an `add` of it.
fn packed_chunk(chunk: &[Option<u64>], at: u32, ty: VisaType) -> Option<Vec<Piece>> {
    let ints: Vec<Option<i64>> =
        chunk.iter().map(|v| v.map(|b| as_int(b, ty)).unwrap_or(Some(0)).map(Some)).collect::<Option<_>>()?;
    let defined: Vec<i64> = ints.iter().flatten().copied().collect();
    let (&lo, &hi) = (defined.iter().min()?, defined.iter().max()?);
    let lanes = (chunk.len() as u32).next_power_of_two();
    let pack = |base: i64| -> u32 {
        ints.iter()
            .enumerate()
            .fold(0u32, |acc, (k, v)| acc | ((((v.unwrap_or(base) - base) as u32) & 0xf) << (4 * k)))
    };
    if lo >= 0 && hi <= 15 {
        return Some(vec![Piece::Mov { at, n: lanes, imm: Imm::UV(pack(0)) }]);
    }
    if lo >= -8 && hi <= 7 {
        return Some(vec![Piece::Mov { at, n: lanes, imm: Imm::V(pack(0)) }]);
    }
    if hi - lo <= 15 {
        return Some(vec![
            Piece::Mov { at, n: lanes, imm: Imm::UV(pack(lo)) },
            Piece::Arith { op: ArithOp::Add, at, n: lanes, src: at, imm: int_imm(lo, ty) },
        ]);
    }
    None
}

/// The whole vector as `a + d*i`, if it is one (undefined elements fit any sequence): `<0..7>`
/// from a `:uv`, doubled by `add`s, then `mul`/`shl` by `d` and `add` of `a`.
fn sequence(values: &[Option<u64>], ty: VisaType, max_exec: u32) -> Option<Vec<Piece>> {
    let n = values.len() as u32;
    if n < 3 {
        return None;
    }
    let defined: Vec<(i64, i64)> = values
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.map(|b| as_int(b, ty).map(|x| (i as i64, x))))
        .collect::<Option<_>>()?;
    let (&(i0, x0), &(i1, x1)) = (defined.first()?, defined.get(1)?);
    let span = x1.wrapping_sub(x0);
    if span % (i1 - i0) != 0 {
        return None;
    }
    let d = span / (i1 - i0);
    let a = x0.wrapping_sub(d.wrapping_mul(i0));
    // float arithmetic is exact on integers below 2^24
    let fits = |x: Option<i64>| ty != VisaType::F || x.is_some_and(|x| x.abs() < 16_777_216);
    let same = |x: i64, y: i64| trunc(x as u64, ty) == trunc(y as u64, ty);
    let at = |i: i64| d.checked_mul(i).and_then(|p| p.checked_add(a));
    if !defined.iter().all(|&(i, x)| same(a.wrapping_add(d.wrapping_mul(i)), x) && fits(at(i)))
        || !fits(d.checked_mul(i64::from(n.next_power_of_two())))
    {
        return None;
    }
    let total = n.next_power_of_two();
    let first = total.min(8).min(max_exec);
    // the first lanes themselves packed when they fit (`<1,...,16>`: `:uv` <1..8>, then + 8)
    let head: Vec<i64> = (0..i64::from(first)).map(|i| a.wrapping_add(d.wrapping_mul(i))).collect();
    let packed_head = if head.iter().all(|x| (0..=15).contains(x)) {
        Some(Imm::UV(pack_nibbles(&head)))
    } else if head.iter().all(|x| (-8..=7).contains(x)) {
        Some(Imm::V(pack_nibbles(&head)))
    } else {
        None
    };
    if packed_head.is_none() && matches!(ty, VisaType::D | VisaType::UD) {
        return Some(widened_sequence(a, d, total, first, ty, max_exec));
    }
    let mut out = vec![Piece::Mov { at: 0, n: first, imm: packed_head.unwrap_or(Imm::UV(0x7654_3210)) }];
    let mut k = first;
    while k < total {
        let step = k.min(max_exec);
        let add = if packed_head.is_some() { d.wrapping_mul(k.into()) } else { k.into() };
        for p in (0..k).step_by(step as usize) {
            out.push(Piece::Arith { op: ArithOp::Add, at: k + p, n: step, src: p, imm: int_imm(add, ty) });
        }
        k *= 2;
    }
    if packed_head.is_some() {
        return Some(out);
    }
    let whole = |out: &mut Vec<Piece>, op: ArithOp, imm: Imm| {
        let step = total.min(max_exec);
        for p in (0..total).step_by(step as usize) {
            out.push(Piece::Arith { op, at: p, n: step, src: p, imm });
        }
    };
    if d != 1 {
        if ty != VisaType::F && d > 0 && (d as u64).is_power_of_two() {
            whole(&mut out, ArithOp::Shl, int_imm(i64::from(d.trailing_zeros()), ty));
        } else if ty != VisaType::F && i16::try_from(d).is_ok() {
            // a word immediate: a dword by word product is one instruction on every part
            whole(&mut out, ArithOp::Mul, Imm::W(d as i16));
        } else {
            whole(&mut out, ArithOp::Mul, int_imm(d, ty));
        }
    }
    if !same(a, 0) {
        whole(&mut out, ArithOp::Add, int_imm(a, ty));
    }
    Some(out)
}

/// The dword sequence `a + d*i` of `total` elements (a power of two; the head of `first` lanes
/// does not pack): `<0,...,7>` as words, one `mul` by `d` (an `add` of `a` when `d` is 1) into the
/// first lanes, an `add` of `a` when both are needed, then doubling `add`s of `d*k`.
fn widened_sequence(a: i64, d: i64, total: u32, first: u32, ty: VisaType, max_exec: u32) -> Vec<Piece> {
    let mut out = vec![Piece::MovWords { n: first, imm: Imm::UV(0x7654_3210) }];
    if d == 1 {
        out.push(Piece::Widen { op: ArithOp::Add, at: 0, n: first, imm: int_imm(a, ty) });
    } else {
        // a word immediate: a word by word product is one instruction on every part
        let by = i16::try_from(d).map_or(int_imm(d, ty), Imm::W);
        out.push(Piece::Widen { op: ArithOp::Mul, at: 0, n: first, imm: by });
        if trunc(a as u64, ty) != 0 {
            out.push(Piece::Arith { op: ArithOp::Add, at: 0, n: first, src: 0, imm: int_imm(a, ty) });
        }
    }
    let mut k = first;
    while k < total {
        let step = k.min(max_exec);
        for p in (0..k).step_by(step as usize) {
            let imm = int_imm(d.wrapping_mul(k.into()), ty);
            out.push(Piece::Arith { op: ArithOp::Add, at: k + p, n: step, src: p, imm });
        }
        k *= 2;
    }
    out
}

/// Small integers (each in `-8..=15`) as the nibbles of a packed immediate, lane 0 lowest.
fn pack_nibbles(xs: &[i64]) -> u32 {
    xs.iter().enumerate().fold(0u32, |acc, (k, &x)| acc | (((x as u32) & 0xf) << (4 * k)))
}

/// Runs a plan on a temporary of `cap` elements of `ty`; returns the element bits (as the
/// hardware computes them: integers wrap in the element width).
#[cfg(test)]
pub(crate) fn eval(plan: &[Piece], ty: VisaType, cap: u32) -> Vec<u64> {
    let mut t = vec![0u64; cap as usize];
    let mut words = [0i64; 32];
    let imm_lane = |imm: Imm, lane: u32| -> u64 {
        match imm {
            Imm::V(p) => {
                let nib = (p >> (4 * (lane % 8))) & 0xf;
                from_int(((nib as i64) << 60) >> 60, ty)
            }
            Imm::UV(p) => from_int(((p >> (4 * (lane % 8))) & 0xf).into(), ty),
            Imm::VF(p) => {
                let b = (p >> (8 * (lane % 4))) & 0xff;
                let sign = if b & 0x80 != 0 { -1.0f32 } else { 1.0 };
                let e = ((b >> 4) & 7) as i32;
                let m = (b & 0xf) as f32;
                let v =
                    if e == 0 && m == 0.0 { sign * 0.0 } else { sign * (1.0 + m / 16.0) * 2f32.powi(e - 3) };
                v.to_bits().into()
            }
            other => scalar_bits(other, ty),
        }
    };
    for piece in plan {
        match *piece {
            Piece::Mov { at, n, imm } => {
                for l in 0..n {
                    t[(at + l) as usize] = imm_lane(imm, l);
                }
            }
            Piece::Repeat { at, n, period } => {
                let head: Vec<u64> = t[..period as usize].to_vec();
                for l in 0..n {
                    t[(at + l) as usize] = head[(l % period) as usize];
                }
            }
            Piece::MovWords { n, imm } => {
                for l in 0..n {
                    words[l as usize] = match imm {
                        Imm::UV(p) => ((p >> (4 * (l % 8))) & 0xf).into(),
                        Imm::V(p) => ((i64::from((p >> (4 * (l % 8))) & 0xf)) << 60) >> 60,
                        other => panic!("not a packed integer immediate: {other:?}"),
                    };
                }
            }
            Piece::Widen { op, at, n, imm } => {
                let y = scalar_bits(imm, VisaType::Q) as i64;
                for l in 0..n {
                    let x = words[l as usize];
                    t[(at + l) as usize] = trunc(
                        match op {
                            ArithOp::Add => x.wrapping_add(y),
                            ArithOp::Mul => x.wrapping_mul(y),
                            ArithOp::Shl => x << (y & 31),
                        } as u64,
                        ty,
                    );
                }
            }
            Piece::Arith { op, at, n, src, imm } => {
                let y = scalar_bits(imm, ty);
                for l in 0..n {
                    let x = t[(src + l) as usize];
                    t[(at + l) as usize] = if ty == VisaType::F {
                        let (fx, fy) = (f32::from_bits(x as u32), f32::from_bits(y as u32));
                        let r = match op {
                            ArithOp::Add => fx + fy,
                            ArithOp::Mul => fx * fy,
                            ArithOp::Shl => f32::NAN,
                        };
                        r.to_bits().into()
                    } else {
                        trunc(
                            match op {
                                ArithOp::Add => x.wrapping_add(y),
                                ArithOp::Mul => x.wrapping_mul(y),
                                ArithOp::Shl => x << (y & 31),
                            },
                            ty,
                        )
                    };
                }
            }
        }
    }
    t
}

/// Element bits of integer `x` converted to `ty` (a float for `F`).
#[cfg(test)]
fn from_int(x: i64, ty: VisaType) -> u64 {
    if ty == VisaType::F {
        return (x as f32).to_bits().into();
    }
    trunc(x as u64, ty)
}

/// Element bits of a scalar immediate converted to `ty`.
#[cfg(test)]
fn scalar_bits(imm: Imm, ty: VisaType) -> u64 {
    match imm {
        Imm::F(f) => f.to_bits().into(),
        Imm::W(x) => from_int(x.into(), ty),
        Imm::UW(x) => from_int(x.into(), ty),
        Imm::D(x) => from_int(x.into(), ty),
        Imm::UD(x) => from_int(x.into(), ty),
        Imm::Q(x) => from_int(x, ty),
        Imm::UQ(x) => trunc(x, ty),
        other => panic!("not a scalar immediate: {other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ints(v: &[i64], ty: VisaType) -> Vec<Option<u64>> {
        v.iter()
            .map(|&x| Some(if ty == VisaType::F { (x as f32).to_bits().into() } else { trunc(x as u64, ty) }))
            .collect()
    }

    fn check(values: &[Option<u64>], ty: VisaType, max_exec: u32) -> usize {
        let (p, cap) = plan(values, ty, max_exec);
        assert!(cap >= values.len() as u32);
        let got = eval(&p, ty, cap);
        for (i, v) in values.iter().enumerate() {
            if let Some(v) = v {
                assert_eq!(got[i], *v, "element {i} of {values:?} ({ty:?}) by {p:?}");
            }
        }
        for piece in &p {
            let (Piece::Mov { n, .. }
            | Piece::Arith { n, .. }
            | Piece::Repeat { n, .. }
            | Piece::MovWords { n, .. }
            | Piece::Widen { n, .. }) = *piece;
            assert!(n.is_power_of_two() && n <= max_exec, "{p:?}");
            if let Piece::Repeat { at, period, .. } = *piece {
                assert!(at % period == 0 && n % period == 0 && period <= 16, "{p:?}");
            }
        }
        p.len()
    }

    #[test]
    fn lane_index_vectors_take_a_packed_move_and_a_few_adds() {
        let iota: Vec<i64> = (0..16).collect();
        assert_eq!(check(&ints(&iota[..8], VisaType::D), VisaType::D, 16), 1);
        assert_eq!(check(&ints(&iota, VisaType::D), VisaType::D, 16), 2);
        assert_eq!(check(&ints(&iota, VisaType::UW), VisaType::UW, 32), 2);
        let by16: Vec<i64> = (0..16).map(|i| 16 * i).collect();
        assert_eq!(check(&ints(&by16, VisaType::UD), VisaType::UD, 16), 3);
        let from1: Vec<i64> = (1..17).collect();
        assert_eq!(check(&ints(&from1, VisaType::D), VisaType::D, 16), 2);
        let from100: Vec<i64> = (0..8).map(|i| 100 + i).collect();
        assert_eq!(check(&ints(&from100, VisaType::D), VisaType::D, 16), 2);
        let neg: Vec<i64> = (0..8).map(|i| -3 + i).collect();
        assert_eq!(check(&ints(&neg, VisaType::D), VisaType::D, 16), 1);
        let wide: Vec<i64> = (0..32).map(|i| 1000 - 7 * i).collect();
        assert_eq!(check(&ints(&wide, VisaType::D), VisaType::D, 16), 1 + 1 + 1 + 1 + 1);
    }

    #[test]
    fn float_vectors_take_vf_or_converted_integers() {
        let halves: Vec<Option<u64>> =
            [0.5f32, 1.0, 1.5, 2.0].iter().map(|f| Some(f.to_bits().into())).collect();
        assert_eq!(check(&halves, VisaType::F, 16), 1);
        let iota: Vec<i64> = (0..8).collect();
        assert_eq!(check(&ints(&iota, VisaType::F), VisaType::F, 16), 1);
        let odd: Vec<Option<u64>> =
            [0.1f32, 0.2, 0.3, 0.4].iter().map(|f| Some(f.to_bits().into())).collect();
        assert_eq!(check(&odd, VisaType::F, 16), 4);
    }

    #[test]
    fn one_odd_element_patches_a_splat() {
        let mut v = ints(&[4; 8], VisaType::D);
        v[0] = Some(219_816_506);
        assert_eq!(check(&v, VisaType::D, 16), 2);
        v[5] = Some(9);
        assert_eq!(check(&v, VisaType::D, 16), 3);
    }

    #[test]
    fn a_periodic_vector_repeats_its_first_period() {
        // int_div.ll's srem divisor: the period <7, -7, 3, 1000> (a splat of 7 and three
        // patches), then one repeating mov
        let v: Vec<i64> = (0..16).map(|i| [7, -7, 3, 1000][i % 4]).collect();
        assert_eq!(check(&ints(&v, VisaType::D), VisaType::D, 16), 5);
        // two lanes of 16 copies each on a part with 8-lane dword pieces
        assert_eq!(check(&ints(&v, VisaType::D), VisaType::D, 8), 6);
        let mut pairs = ints(&(0..32).map(|i| [70_000, -90_000][i % 2]).collect::<Vec<_>>(), VisaType::D);
        pairs[5] = None;
        assert_eq!(check(&pairs, VisaType::D, 32), 3);
    }

    #[test]
    fn runs_stay_when_they_are_shorter() {
        let halves = [700i64, 700, 700, 700, 900, 900, 900, 900];
        assert_eq!(check(&ints(&halves, VisaType::D), VisaType::D, 16), 2);
        let mut with_undef = ints(&[0, 1, 2, 3, 4, 5, 6, 7], VisaType::D);
        with_undef[3] = None;
        assert_eq!(check(&with_undef, VisaType::D, 16), 1);
    }

    proptest! {
        #[test]
        fn every_plan_writes_the_constant(
            v in prop::collection::vec(prop_oneof![-20i64..20, any::<i32>().prop_map(i64::from)], 1..33),
            step in -5i64..300, start in -100i64..100, seq in any::<bool>(),
            tyi in 0usize..5, max in prop_oneof![Just(8u32), Just(16), Just(32)],
        ) {
            let ty = [VisaType::D, VisaType::UD, VisaType::W, VisaType::UW, VisaType::F][tyi];
            let v: Vec<i64> = if seq { (0..v.len() as i64).map(|i| start + step * i).collect() } else { v };
            // a periodic vector now and then: the first elements repeated
            let v: Vec<i64> = if step % 3 == 0 && !seq {
                let p = 1usize << (start.unsigned_abs() % 4);
                (0..v.len()).map(|i| v[i % p.min(v.len())]).collect()
            } else {
                v
            };
            let v: Vec<i64> = if ty == VisaType::F { v.iter().map(|x| x % 1_000_000).collect() } else { v };
            check(&ints(&v, ty), ty, max);
        }
    }
}
