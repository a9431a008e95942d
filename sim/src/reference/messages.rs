//! The memory intrinsics of the GenX IR, with the semantics of the vISA messages they become, on
//! the shared [`Memory`]: every element (a dword of a block message, a lane's block of a scattered
//! one) is one access, so the out-of-bounds rule applies per element.
//!
//! Surface index 254 is the shared local memory (the CM convention genxc's instruction selection
//! follows); 255 (stateless through the scratch entry) and bindless surface-state offsets are not
//! modeled. Typed messages see a surface as a 2D image of 4-byte `R32` pixels (`u` in pixels, `v`
//! in rows of the surface's pitch); pixels outside it read zero and are not written. Scaled
//! gathers and scatters take byte offsets (`scale` must be 0), with 1, 2 or 4 bytes per lane; a
//! lane's bytes above those read are undefined.

use super::thread::scalar;
use super::Bits;
use crate::error::SimError;
use crate::memory::{Bytes, Memory, Space};
use genxc_genx::intrinsics::{AtomicFamily, AtomicKind, IntrinsicId};
use genxc_genx::ir::sign_extend;
use genxc_genx::{Elem, Type};

type R<T> = Result<T, SimError>;

/// The space a surface operand addresses.
pub(super) fn space_of(surface: &Bits) -> R<Space> {
    match scalar(surface, "surface index")? {
        254 => Ok(Space::Slm),
        255 => Err(SimError::NotModeled("surface 255 (stateless access through the scratch entry)".into())),
        b => Ok(Space::Surface(b as u32)),
    }
}

pub(super) fn read_bytes(mem: &mut Memory, space: Space, addr: u64, n: usize) -> Vec<Option<u8>> {
    let b = mem.read(space, addr, n);
    b.data.iter().zip(&b.defined).map(|(&d, &ok)| ok.then_some(d)).collect()
}

pub(super) fn write_bytes(mem: &mut Memory, space: Space, addr: u64, bytes: &[Option<u8>]) {
    let b = Bytes {
        data: bytes.iter().map(|b| b.unwrap_or(0)).collect(),
        defined: bytes.iter().map(Option::is_some).collect(),
    };
    mem.write(space, addr, &b);
}

/// The little-endian bytes of elements of `eb` bytes.
pub(super) fn to_bytes(bits: &Bits, eb: usize) -> Vec<Option<u8>> {
    bits.iter().flat_map(|b| (0..eb).map(move |k| b.map(|b| (b >> (8 * k)) as u8))).collect()
}

/// One element from little-endian bytes (undefined if any byte is).
pub(super) fn elem_of(bytes: &[Option<u8>]) -> Option<u64> {
    bytes.iter().enumerate().try_fold(0u64, |acc, (k, b)| b.map(|b| acc | (u64::from(b) << (8 * k))))
}

pub(super) fn from_bytes(bytes: &[Option<u8>], eb: usize) -> Bits {
    bytes.chunks(eb).map(elem_of).collect()
}

/// A block of `n` bytes read dword by dword.
fn block_read(mem: &mut Memory, space: Space, addr: u64, n: usize) -> Vec<Option<u8>> {
    let mut out = Vec::with_capacity(n);
    let mut at = 0;
    while at < n {
        let len = (n - at).min(4);
        out.extend(read_bytes(mem, space, addr.wrapping_add(at as u64), len));
        at += len;
    }
    out
}

fn block_write(mem: &mut Memory, space: Space, addr: u64, bytes: &[Option<u8>]) {
    for (k, chunk) in bytes.chunks(4).enumerate() {
        write_bytes(mem, space, addr.wrapping_add(4 * k as u64), chunk);
    }
}

/// Whether lane `i` of a predicate (one lane broadcast) is on.
pub(super) fn on(pred: &Bits, i: usize) -> R<bool> {
    pred.get(if pred.len() == 1 { 0 } else { i })
        .copied()
        .flatten()
        .map(|b| b & 1 == 1)
        .ok_or_else(|| SimError::Undefined("message predicate".into()))
}

pub(super) fn lane_val(v: &Bits, i: usize, what: &str) -> R<u64> {
    v.get(if v.len() == 1 { 0 } else { i })
        .copied()
        .flatten()
        .ok_or_else(|| SimError::Undefined(what.to_string()))
}

pub(super) fn elem_bytes(t: Type) -> usize {
    t.elem().map_or(4, |e| e.bytes() as usize)
}

pub(super) fn arg(args: &[Bits], k: usize, id: IntrinsicId) -> R<&Bits> {
    args.get(k).ok_or_else(|| SimError::Malformed(format!("{} lacks operand {k}", id.name())))
}

/// Evaluates `id` if it is a memory intrinsic (`None` otherwise).
pub(super) fn eval(
    id: IntrinsicId,
    args: &[Bits],
    tys: &[Type],
    ty: Type,
    mem: &mut Memory,
) -> Option<R<Bits>> {
    use IntrinsicId::*;
    if let Some(r) = super::sampler::eval(id, args, ty, mem) {
        return Some(r);
    }
    let r = match id {
        OwordLd | OwordLdUnaligned => (|| {
            let space = space_of(arg(args, 1, id)?)?;
            let off = scalar(arg(args, 2, id)?, "oword.ld offset")?;
            let addr = if id == OwordLd { off.wrapping_mul(16) } else { off } & 0xffff_ffff;
            Ok(from_bytes(&block_read(mem, space, addr, ty.bytes() as usize), elem_bytes(ty)))
        })(),
        OwordSt => (|| {
            let space = space_of(arg(args, 0, id)?)?;
            let addr = scalar(arg(args, 1, id)?, "oword.st offset")?.wrapping_mul(16) & 0xffff_ffff;
            block_write(mem, space, addr, &to_bytes(arg(args, 2, id)?, elem_bytes(tys[2])));
            Ok(Vec::new())
        })(),
        SvmBlockLd | SvmBlockLdUnaligned => (|| {
            let addr = scalar(arg(args, 0, id)?, "svm.block.ld address")?;
            Ok(from_bytes(&block_read(mem, Space::Svm, addr, ty.bytes() as usize), elem_bytes(ty)))
        })(),
        SvmBlockSt => (|| {
            let addr = scalar(arg(args, 0, id)?, "svm.block.st address")?;
            block_write(mem, Space::Svm, addr, &to_bytes(arg(args, 1, id)?, elem_bytes(tys[1])));
            Ok(Vec::new())
        })(),
        MediaLd | MediaSt => media(id, args, tys, ty, mem),
        GatherScaled | GatherScaled2 | GatherMaskedScaled2 | ScatterScaled => scaled(id, args, tys, ty, mem),
        Gather4Scaled | Gather4Scaled2 | Gather4MaskedScaled2 | Scatter4Scaled => {
            scaled4(id, args, tys, ty, mem)
        }
        SvmGather | SvmScatter => svm_scattered(id, args, tys, ty, mem),
        SvmGather4Scaled | SvmScatter4Scaled => svm_scaled4(id, args, tys, ty, mem),
        Gather4Typed | Scatter4Typed => typed(id, args, tys, ty, mem),
        _ => {
            if let Some((family, kind)) = id.atomic() {
                atomic(id, family, kind, args, ty, mem)
            } else if let Some((form, model)) = id.lsc() {
                super::lsc::eval(id, form, model, args, tys, ty, mem)
            } else {
                return None;
            }
        }
    };
    Some(r)
}

/// `media.ld` / `media.st`: a block of `width` bytes by rows on the surface's 2D view; rows of the
/// value are `width` rounded up to a power of two (at least 4) bytes apart. Reads outside clamp
/// the coordinates to the edge; writes outside are dropped.
fn media(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type, mem: &mut Memory) -> R<Bits> {
    let load = id == IntrinsicId::MediaLd;
    let space = space_of(arg(args, 1, id)?)?;
    let Space::Surface(bti) = space else {
        return Err(SimError::NotModeled("a media block message on shared local memory".into()));
    };
    if scalar(arg(args, 0, id)?, "media modifier")? != 0 || scalar(arg(args, 2, id)?, "media plane")? != 0 {
        return Err(SimError::NotModeled("media block messages with a modifier or a plane".into()));
    }
    let width = scalar(arg(args, 3, id)?, "media block width")? as usize;
    let x0 = sign_extend(scalar(arg(args, 4, id)?, "media x offset")?, Elem::I32);
    let y0 = sign_extend(scalar(arg(args, 5, id)?, "media y offset")?, Elem::I32);
    let (w, h, pitch) = mem
        .surface_2d(bti)
        .ok_or_else(|| SimError::Fault(format!("media block on unbound surface {bti}")))?;
    let (data_ty, eb) = if load { (ty, elem_bytes(ty)) } else { (tys[6], elem_bytes(tys[6])) };
    if width == 0 || width > 64 {
        return Err(SimError::Malformed(format!("media block width {width}")));
    }
    let row = width.next_power_of_two().max(4);
    let total = data_ty.bytes() as usize;
    let rows = total / row;
    if rows == 0 || !total.is_multiple_of(row) {
        return Err(SimError::Malformed(format!("a media block of {total} bytes in rows of {row}")));
    }
    if load {
        let mut out = vec![None; total];
        for r in 0..rows {
            for b in 0..width {
                // An empty surface: the read at 0 is out of bounds (zero, recorded).
                let x = (x0 + b as i64).clamp(0, i64::from(w.max(1)) - 1) as u64;
                let y = (y0 + r as i64).clamp(0, i64::from(h.max(1)) - 1) as u64;
                out[r * row + b] = read_bytes(mem, space, y * u64::from(pitch) + x, 1)[0];
            }
        }
        Ok(from_bytes(&out, eb))
    } else {
        let bytes = to_bytes(arg(args, 6, id)?, eb);
        for r in 0..rows {
            for b in 0..width {
                let (x, y) = (x0 + b as i64, y0 + r as i64);
                if x >= 0 && y >= 0 && x < i64::from(w) && y < i64::from(h) {
                    write_bytes(
                        mem,
                        space,
                        y as u64 * u64::from(pitch) + x as u64,
                        &bytes[r * row + b..=r * row + b],
                    );
                }
            }
        }
        Ok(Vec::new())
    }
}

/// Lane `i`'s value of a scattered read of `nbytes` bytes into an element of `eb` bytes.
pub(super) fn lane_read(mem: &mut Memory, space: Space, addr: u64, nbytes: usize, eb: usize) -> Option<u64> {
    let mut b = read_bytes(mem, space, addr, nbytes);
    b.resize(eb, None);
    elem_of(&b)
}

/// `gather.scaled` / `gather.scaled2` / `gather.masked.scaled2` / `scatter.scaled`.
fn scaled(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type, mem: &mut Memory) -> R<Bits> {
    use IntrinsicId::*;
    // operand positions: (predicate, log2 blocks, scale, surface, global offset, offsets, data)
    let (pred, base) = match id {
        GatherScaled | ScatterScaled => (Some(0), 1),
        GatherMaskedScaled2 => (Some(5), 0),
        _ => (None, 0),
    };
    let nb = 1usize << scalar(arg(args, base, id)?, "log2 block count")?.min(3);
    if scalar(arg(args, base + 1, id)?, "scale")? != 0 {
        return Err(SimError::NotModeled(format!("{} with a non-zero scale", id.name())));
    }
    let space = space_of(arg(args, base + 2, id)?)?;
    let goff = scalar(arg(args, base + 3, id)?, "global offset")?;
    let offs = arg(args, base + 4, id)?;
    let pred = pred.map(|k| arg(args, k, id)).transpose()?;
    let lanes = offs.len();
    let enabled = |i: usize| pred.map_or(Ok(true), |p| on(p, i));
    if id == ScatterScaled {
        let data = arg(args, 6, id)?;
        let eb = elem_bytes(tys[6]);
        if nb > eb {
            return Err(SimError::Malformed(format!("{} of {nb} bytes from {eb}-byte elements", id.name())));
        }
        for i in 0..lanes {
            if enabled(i)? {
                let addr = goff.wrapping_add(lane_val(offs, i, "scatter offset")?) & 0xffff_ffff;
                let bytes = to_bytes(&vec![data.get(i).copied().flatten()], eb);
                write_bytes(mem, space, addr, &bytes[..nb]);
            }
        }
        return Ok(Vec::new());
    }
    let eb = elem_bytes(ty);
    if nb > eb {
        return Err(SimError::Malformed(format!("{} of {nb} bytes into {eb}-byte elements", id.name())));
    }
    let old = if id == GatherScaled { Some(arg(args, 6, id)?) } else { None };
    (0..lanes)
        .map(|i| {
            if enabled(i)? {
                let addr = goff.wrapping_add(lane_val(offs, i, "gather offset")?) & 0xffff_ffff;
                Ok(lane_read(mem, space, addr, nb, eb))
            } else {
                Ok(old.and_then(|o| o.get(i).copied().flatten()))
            }
        })
        .collect()
}

/// The enabled channels (R, G, B, A = bits 0..3) of a channel mask.
fn channels(mask: u64) -> Vec<u64> {
    (0..4).filter(|c| mask & (1 << c) != 0).collect()
}

/// `gather4.scaled*` / `scatter4.scaled`: per lane up to four dwords (the enabled channels at
/// `offset + 4 * channel`), the value holding each channel's lanes in turn.
fn scaled4(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type, mem: &mut Memory) -> R<Bits> {
    use IntrinsicId::*;
    let (pred, base) = match id {
        Gather4Scaled | Scatter4Scaled => (Some(0), 1),
        Gather4MaskedScaled2 => (Some(5), 0),
        _ => (None, 0),
    };
    let chans = channels(scalar(arg(args, base, id)?, "channel mask")?);
    if scalar(arg(args, base + 1, id)?, "scale")? != 0 {
        return Err(SimError::NotModeled(format!("{} with a non-zero scale", id.name())));
    }
    let space = space_of(arg(args, base + 2, id)?)?;
    let goff = scalar(arg(args, base + 3, id)?, "global offset")?;
    let offs = arg(args, base + 4, id)?;
    let pred = pred.map(|k| arg(args, k, id)).transpose()?;
    let lanes = offs.len();
    let addr = |i: usize, c: u64| -> R<u64> {
        Ok(goff.wrapping_add(lane_val(offs, i, "gather4 offset")?).wrapping_add(4 * c) & 0xffff_ffff)
    };
    let enabled = |i: usize| pred.map_or(Ok(true), |p| on(p, i));
    if id == Scatter4Scaled {
        let data = arg(args, 6, id)?;
        check_len(data.len(), chans.len() * lanes, id)?;
        check_dword(tys[6], id)?;
        for (k, &c) in chans.iter().enumerate() {
            for i in 0..lanes {
                if enabled(i)? {
                    let a = addr(i, c)?;
                    write_bytes(mem, space, a, &to_bytes(&vec![data[k * lanes + i]], 4));
                }
            }
        }
        return Ok(Vec::new());
    }
    check_len(ty.num_elems() as usize, chans.len() * lanes, id)?;
    check_dword(ty, id)?;
    let old = if id == Gather4Scaled { Some(arg(args, 6, id)?) } else { None };
    let mut out = vec![None; chans.len() * lanes];
    for (k, &c) in chans.iter().enumerate() {
        for i in 0..lanes {
            out[k * lanes + i] = if enabled(i)? {
                lane_read(mem, space, addr(i, c)?, 4, 4)
            } else {
                old.and_then(|o| o.get(k * lanes + i).copied().flatten())
            };
        }
    }
    Ok(out)
}

pub(super) fn check_len(got: usize, want: usize, id: IntrinsicId) -> R<()> {
    if got != want {
        return Err(SimError::Malformed(format!("{} data of {got} elements, {want} expected", id.name())));
    }
    Ok(())
}

fn check_dword(t: Type, id: IntrinsicId) -> R<()> {
    if elem_bytes(t) != 4 {
        return Err(SimError::NotModeled(format!("{} on elements of other than 4 bytes", id.name())));
    }
    Ok(())
}

/// `svm.gather` / `svm.scatter`: `2^log2` blocks per lane at its 64-bit address, laid out as
/// the vISA SVM_GATHER instruction returns them: blocks of 4 or 8 bytes block-major (block `j` of
/// lane `i` is element `j * lanes + i`); bytes (1-byte blocks) lane-major in a slot of
/// `max(4, blocks)` bytes per lane (byte `j` of lane `i` is element `i * slot + j`), the slot's
/// other bytes undefined.
fn svm_scattered(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type, mem: &mut Memory) -> R<Bits> {
    let pred = arg(args, 0, id)?;
    let log2 = scalar(arg(args, 1, id)?, "log2 block count")?;
    if log2 > 3 {
        return Err(SimError::Malformed(format!("{} of 2^{log2} blocks per lane", id.name())));
    }
    let nb = 1usize << log2;
    let addrs = arg(args, 2, id)?;
    let lanes = addrs.len();
    let store = id == IntrinsicId::SvmScatter;
    let eb = elem_bytes(if store { tys[3] } else { ty });
    let data = arg(args, 3, id)?;
    // Where block `j` of lane `i` is in the data, and how many elements the data holds.
    let (slot, len) = if eb == 1 { (nb.max(4), lanes * nb.max(4)) } else { (0, lanes * nb) };
    let at = |i: usize, j: usize| if eb == 1 { i * slot + j } else { j * lanes + i };
    check_len(data.len(), len, id)?;
    let mut out: Bits = if eb == 1 { vec![None; len] } else { data.clone() };
    for i in 0..lanes {
        if !on(pred, i)? {
            if eb == 1 && !store {
                for j in 0..slot {
                    out[i * slot + j] = data[i * slot + j];
                }
            }
            continue;
        }
        let a = lane_val(addrs, i, "svm address")?;
        for j in 0..nb {
            let addr = a.wrapping_add((j * eb) as u64);
            if store {
                write_bytes(mem, Space::Svm, addr, &to_bytes(&vec![data[at(i, j)]], eb));
            } else {
                out[at(i, j)] = lane_read(mem, Space::Svm, addr, eb, eb);
            }
        }
    }
    Ok(if store { Vec::new() } else { out })
}

/// `svm.gather4.scaled` / `svm.scatter4.scaled`: as the surface forms, at `base + offset`.
fn svm_scaled4(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type, mem: &mut Memory) -> R<Bits> {
    let pred = arg(args, 0, id)?;
    let chans = channels(scalar(arg(args, 1, id)?, "channel mask")?);
    if scalar(arg(args, 2, id)?, "scale")? != 0 {
        return Err(SimError::NotModeled(format!("{} with a non-zero scale", id.name())));
    }
    let base = scalar(arg(args, 3, id)?, "base address")?;
    let offs = arg(args, 4, id)?;
    let lanes = offs.len();
    let addr = |i: usize, c: u64| -> R<u64> {
        Ok(base.wrapping_add(lane_val(offs, i, "offset")?).wrapping_add(4 * c))
    };
    if id == IntrinsicId::SvmScatter4Scaled {
        let data = arg(args, 5, id)?;
        check_len(data.len(), chans.len() * lanes, id)?;
        check_dword(tys[5], id)?;
        for (k, &c) in chans.iter().enumerate() {
            for i in 0..lanes {
                if on(pred, i)? {
                    write_bytes(mem, Space::Svm, addr(i, c)?, &to_bytes(&vec![data[k * lanes + i]], 4));
                }
            }
        }
        return Ok(Vec::new());
    }
    check_len(ty.num_elems() as usize, chans.len() * lanes, id)?;
    check_dword(ty, id)?;
    let old = arg(args, 5, id)?;
    let mut out = vec![None; chans.len() * lanes];
    for (k, &c) in chans.iter().enumerate() {
        for i in 0..lanes {
            out[k * lanes + i] = if on(pred, i)? {
                lane_read(mem, Space::Svm, addr(i, c)?, 4, 4)
            } else {
                old.get(k * lanes + i).copied().flatten()
            };
        }
    }
    Ok(out)
}

/// The byte offset of pixel (u, v, r) of a typed surface, `None` outside it.
fn pixel(mem: &Memory, bti: u32, u: u64, v: u64, r: u64) -> R<Option<u64>> {
    let (w, h, pitch) = mem
        .surface_2d(bti)
        .ok_or_else(|| SimError::Fault(format!("typed access to unbound surface {bti}")))?;
    let (u, v) = (sign_extend(u, Elem::I32), sign_extend(v, Elem::I32));
    if r != 0 || u < 0 || v < 0 || u >= i64::from(w / 4) || v >= i64::from(h) {
        return Ok(None);
    }
    Ok(Some(v as u64 * u64::from(pitch) + 4 * u as u64))
}

fn typed_surface(b: &Bits) -> R<u32> {
    match space_of(b)? {
        Space::Surface(bti) => Ok(bti),
        _ => Err(SimError::NotModeled("a typed message on shared local memory".into())),
    }
}

/// `gather4.typed` / `scatter4.typed` on the `R32` view.
fn typed(id: IntrinsicId, args: &[Bits], tys: &[Type], ty: Type, mem: &mut Memory) -> R<Bits> {
    let chans = channels(scalar(arg(args, 0, id)?, "channel mask")?);
    if chans != [0] {
        return Err(SimError::NotModeled(format!(
            "{} of channels other than R alone (simulated surfaces are R32 images)",
            id.name()
        )));
    }
    let pred = arg(args, 1, id)?;
    let bti = typed_surface(arg(args, 2, id)?)?;
    let (us, vs, rs) = (arg(args, 3, id)?, arg(args, 4, id)?, arg(args, 5, id)?);
    let lanes = us.len();
    let at = |mem: &Memory, i: usize| -> R<Option<u64>> {
        pixel(mem, bti, lane_val(us, i, "u")?, lane_val(vs, i, "v")?, lane_val(rs, i, "r")?)
    };
    if id == IntrinsicId::Scatter4Typed {
        let data = arg(args, 6, id)?;
        check_dword(tys[6], id)?;
        for i in 0..lanes {
            if on(pred, i)? {
                if let Some(a) = at(mem, i)? {
                    write_bytes(
                        mem,
                        Space::Surface(bti),
                        a,
                        &to_bytes(&vec![data.get(i).copied().flatten()], 4),
                    );
                }
            }
        }
        return Ok(Vec::new());
    }
    check_dword(ty, id)?;
    let old = arg(args, 6, id)?;
    (0..lanes)
        .map(|i| {
            if !on(pred, i)? {
                return Ok(old.get(i).copied().flatten());
            }
            Ok(match at(mem, i)? {
                Some(a) => lane_read(mem, Space::Surface(bti), a, 4, 4),
                None => Some(0),
            })
        })
        .collect()
}

/// How many source operands an atomic operation takes.
pub(super) fn atomic_sources(kind: AtomicKind) -> usize {
    match kind {
        AtomicKind::Inc | AtomicKind::Dec => 0,
        AtomicKind::Cmpxchg | AtomicKind::Fcmpwr => 2,
        _ => 1,
    }
}

/// The new memory value of an atomic operation on `old` (elements of `e`): compare-and-exchange
/// writes the second source where the old value equals the first.
pub(super) fn atomic_value(
    kind: AtomicKind,
    e: Elem,
    old: u64,
    s0: Option<u64>,
    s1: Option<u64>,
) -> Option<u64> {
    use super::alu::{from_f64, to_f64};
    use AtomicKind::*;
    let m = genxc_genx::ir::truncate_bits(u64::MAX, e.int_of_same_size());
    let fe = match e.bytes() {
        2 => Elem::Half,
        8 => Elem::Double,
        _ => Elem::Float,
    };
    let sx = |x: u64| sign_extend(x, e.int_of_same_size());
    let f = |x: u64| to_f64(x, fe);
    Some(match kind {
        Inc => old.wrapping_add(1) & m,
        Dec => old.wrapping_sub(1) & m,
        Add => old.wrapping_add(s0?) & m,
        Sub => old.wrapping_sub(s0?) & m,
        Min => old.min(s0?),
        Max => old.max(s0?),
        Imin => {
            if sx(s0?) < sx(old) {
                s0?
            } else {
                old
            }
        }
        Imax => {
            if sx(s0?) > sx(old) {
                s0?
            } else {
                old
            }
        }
        Xchg => s0?,
        Cmpxchg => {
            if old == s0? {
                s1?
            } else {
                old
            }
        }
        And => old & s0?,
        Or => old | s0?,
        Xor => old ^ s0?,
        Fadd => from_f64(f(old) + f(s0?), fe),
        Fsub => from_f64(f(old) - f(s0?), fe),
        Fmin => {
            let (a, b) = (f(old), f(s0?));
            if b.is_nan() || a <= b {
                old
            } else {
                s0?
            }
        }
        Fmax => {
            let (a, b) = (f(old), f(s0?));
            if b.is_nan() || a >= b {
                old
            } else {
                s0?
            }
        }
        Fcmpwr => {
            if f(old) == f(s0?) {
                s1?
            } else {
                old
            }
        }
    })
}

/// One lane of an atomic: reads the old value, writes the new one, gives the old one.
#[allow(clippy::too_many_arguments)]
pub(super) fn atomic_lane(
    mem: &mut Memory,
    space: Space,
    addr: u64,
    eb: usize,
    kind: AtomicKind,
    e: Elem,
    s0: Option<u64>,
    s1: Option<u64>,
) -> Option<u64> {
    let old = elem_of(&read_bytes(mem, space, addr, eb));
    let new = old.and_then(|o| atomic_value(kind, e, o, s0, s1));
    write_bytes(mem, space, addr, &to_bytes(&vec![new], eb));
    old
}

/// Dword, dword2, SVM and typed atomics: lanes in order, disabled lanes give the old-value operand
/// (undefined without one).
fn atomic(
    id: IntrinsicId,
    family: AtomicFamily,
    kind: AtomicKind,
    args: &[Bits],
    ty: Type,
    mem: &mut Memory,
) -> R<Bits> {
    let ns = atomic_sources(kind);
    let eb = elem_bytes(ty);
    let e = ty.elem().unwrap_or(Elem::I32);
    let pred = arg(args, 0, id)?;
    let src = |k: usize, first: usize| -> R<Option<&Bits>> {
        if k < ns {
            Ok(Some(arg(args, first + k, id)?))
        } else {
            Ok(None)
        }
    };
    let lane_src = |s: Option<&Bits>, i: usize| {
        s.and_then(|s| s.get(if s.len() == 1 { 0 } else { i }).copied().flatten())
    };
    let n = ty.num_elems() as usize;
    let mut out = vec![None; n];
    match family {
        AtomicFamily::Dword | AtomicFamily::Dword2 => {
            let space = space_of(arg(args, 1, id)?)?;
            let offs = arg(args, 2, id)?;
            let (s0, s1) = (src(0, 3)?, src(1, 3)?);
            let old = if family == AtomicFamily::Dword { Some(arg(args, 3 + ns, id)?) } else { None };
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = if on(pred, i)? {
                    let a = lane_val(offs, i, "atomic offset")? & 0xffff_ffff;
                    atomic_lane(mem, space, a, eb, kind, e, lane_src(s0, i), lane_src(s1, i))
                } else {
                    old.and_then(|o| o.get(i).copied().flatten())
                };
            }
        }
        AtomicFamily::Svm => {
            let addrs = arg(args, 1, id)?;
            let (s0, s1) = (src(0, 2)?, src(1, 2)?);
            let old = arg(args, 2 + ns, id)?;
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = if on(pred, i)? {
                    let a = lane_val(addrs, i, "svm.atomic address")?;
                    atomic_lane(mem, Space::Svm, a, eb, kind, e, lane_src(s0, i), lane_src(s1, i))
                } else {
                    old.get(i).copied().flatten()
                };
            }
        }
        AtomicFamily::Typed => {
            let bti = typed_surface(arg(args, 1, id)?)?;
            let (s0, s1) = (src(0, 2)?, src(1, 2)?);
            let (us, vs, rs) = (arg(args, 2 + ns, id)?, arg(args, 3 + ns, id)?, arg(args, 4 + ns, id)?);
            if eb != 4 {
                return Err(SimError::NotModeled(format!("{} on elements of other than 4 bytes", id.name())));
            }
            for (i, slot) in out.iter_mut().enumerate() {
                if !on(pred, i)? {
                    continue;
                }
                let at =
                    pixel(mem, bti, lane_val(us, i, "u")?, lane_val(vs, i, "v")?, lane_val(rs, i, "r")?)?;
                *slot = match at {
                    Some(a) => {
                        atomic_lane(mem, Space::Surface(bti), a, 4, kind, e, lane_src(s0, i), lane_src(s1, i))
                    }
                    None => Some(0),
                };
            }
        }
    }
    Ok(out)
}
