//! The LSC messages (`llvm.genx.lsc.*`, DG2 and later): loads, stores, merge loads, quad
//! (channel-mask) forms, atomics, and 2D block loads and stores, on the shared memory.
//!
//! Address models: `stateless` is SVM (64-bit addresses), `slm` the shared local memory, `bti`
//! the surface at a binding-table index; `bindless` is not modeled (its operand is an offset
//! into the driver's bindless surface-state heap, which the launch does not have). An address is
//! `address * scale + immediate offset`. Non-transposed messages are SIMT: element `k` of lane `i`
//! is at `address[i] + k * size` and is element `k * lanes + i` of the value; transposed ones read
//! one block from lane 0's address. Data sizes `d8u32`/`d16u32` read 1 or 2 bytes zero-extended to
//! 32 bits and store the low bytes. 2D block messages read zero outside the surface and drop
//! writes outside it; loads may be transposed (column after column, 32- and 64-bit elements) or
//! VNNI-transformed (groups of 2 16-bit or 4 8-bit rows interleaved per column); their values are
//! the hardware's register image, lines padded to a power of two and blocks to whole registers.

use super::messages::{
    arg, atomic_lane, atomic_sources, elem_bytes, elem_of, on, read_bytes, space_of, to_bytes, write_bytes,
};
use super::thread::scalar;
use super::Bits;
use crate::error::SimError;
use crate::memory::{Memory, Space};
use genxc_genx::intrinsics::{AtomicKind, IntrinsicId, LscForm, LscModel};
use genxc_genx::ir::sign_extend;
use genxc_genx::{Elem, Type};

type R<T> = Result<T, SimError>;

/// The atomic operation of an LSC atomic sub-opcode (`None`: load or store, handled apart).
fn lsc_atomic(op: u64) -> R<Option<AtomicKind>> {
    use AtomicKind::*;
    Ok(Some(match op {
        0x08 => Inc,
        0x09 => Dec,
        0x0a | 0x0b => return Ok(None),
        0x0c => Add,
        0x0d => Sub,
        0x0e => Imin,
        0x0f => Imax,
        0x10 => Min,
        0x11 => Max,
        0x12 => Cmpxchg,
        0x13 => Fadd,
        0x14 => Fsub,
        0x15 => Fmin,
        0x16 => Fmax,
        0x17 => Fcmpwr,
        0x18 => And,
        0x19 => Or,
        0x1a => Xor,
        _ => return Err(SimError::NotModeled(format!("LSC atomic sub-opcode {op:#x}"))),
    }))
}

/// Bytes in memory and in the register of an LSC data size.
fn data_size(code: u64) -> R<(usize, usize)> {
    Ok(match code {
        1 => (1, 1),
        2 => (2, 2),
        3 => (4, 4),
        4 => (8, 8),
        5 => (1, 4),
        6 => (2, 4),
        _ => return Err(SimError::NotModeled(format!("LSC data size {code}"))),
    })
}

fn vector_size(code: u64) -> R<usize> {
    Ok(match code {
        1..=4 => code as usize,
        5 => 8,
        6 => 16,
        7 => 32,
        8 => 64,
        _ => return Err(SimError::Malformed(format!("LSC vector size {code}"))),
    })
}

/// Evaluates an LSC message.
pub(super) fn eval(
    id: IntrinsicId,
    form: LscForm,
    model: LscModel,
    args: &[Bits],
    tys: &[Type],
    ty: Type,
    mem: &mut Memory,
) -> R<Bits> {
    match form {
        LscForm::Prefetch | LscForm::Prefetch2d => return Ok(Vec::new()),
        LscForm::Load2d | LscForm::Store2d => return block2d(id, form, args, tys, ty, mem),
        _ => {}
    }
    let c = |k: usize, what: &str| -> R<u64> { scalar(arg(args, k, id)?, what) };
    let pred = arg(args, 0, id)?;
    let subop = c(1, "LSC sub-opcode")?;
    let scale = c(4, "LSC address scale")?;
    let imm = sign_extend(c(5, "LSC immediate offset")?, Elem::I32) as u64;
    let (mbytes, rbytes) = data_size(c(6, "LSC data size")?)?;
    let transposed = match c(8, "LSC data order")? {
        1 => false,
        2 => true,
        o => return Err(SimError::Malformed(format!("LSC data order {o}"))),
    };
    let quad = matches!(form, LscForm::LoadQuad | LscForm::LoadMergeQuad | LscForm::StoreQuad);
    // (element offset in units of the data size) of each vector element
    let elems: Vec<u64> = if quad {
        let m = c(9, "LSC channel mask")?;
        (0..4).filter(|k| m & (1 << k) != 0).collect()
    } else {
        (0..vector_size(c(7, "LSC vector size")?)? as u64).collect()
    };
    let addrs = arg(args, 10, id)?;
    let surface_at = match form {
        LscForm::Store | LscForm::StoreQuad => 12,
        LscForm::Atomic | LscForm::XAtomic => 13,
        _ => 11,
    };
    let space = match model {
        LscModel::Stateless => Space::Svm,
        LscModel::Slm => Space::Slm,
        LscModel::Bti => space_of(arg(args, surface_at, id)?)?,
        LscModel::Bindless => {
            return Err(SimError::NotModeled(format!(
                "{} (bindless surfaces: the launch has no bindless surface-state heap)",
                id.name()
            )))
        }
    };
    let lanes = if transposed { 1 } else { addrs.len() };
    let address = |i: usize, k: u64| -> R<u64> {
        let a = addrs
            .get(if addrs.len() == 1 { 0 } else { i })
            .copied()
            .flatten()
            .ok_or_else(|| SimError::Undefined("LSC address".into()))?;
        let a = a.wrapping_mul(scale).wrapping_add(imm).wrapping_add(k * mbytes as u64);
        Ok(if space == Space::Svm { a } else { a & 0xffff_ffff })
    };
    let index = |i: usize, k: usize| if transposed { k } else { k * lanes + i };
    let n = elems.len() * lanes;
    match form {
        LscForm::Load | LscForm::LoadQuad | LscForm::LoadMerge | LscForm::LoadMergeQuad => {
            if elem_bytes(ty) != rbytes || ty.num_elems() as usize != n {
                return Err(SimError::Malformed(format!(
                    "{} result does not fit its data size and shape",
                    id.name()
                )));
            }
            let merge = matches!(form, LscForm::LoadMerge | LscForm::LoadMergeQuad);
            let old = if merge { Some(arg(args, 12, id)?) } else { None };
            let mut out = vec![None; n];
            for i in 0..lanes {
                let enabled = on(pred, i)?;
                for (k, &e) in elems.iter().enumerate() {
                    let j = index(i, k);
                    out[j] = if enabled {
                        let mut b = read_bytes(mem, space, address(i, e)?, mbytes);
                        b.resize(rbytes, Some(0));
                        elem_of(&b)
                    } else {
                        old.and_then(|o| o.get(j).copied().flatten())
                    };
                }
            }
            Ok(out)
        }
        LscForm::Store | LscForm::StoreQuad => {
            let data = arg(args, 11, id)?;
            if elem_bytes(tys[11]) != rbytes || data.len() != n {
                return Err(SimError::Malformed(format!(
                    "{} data does not fit its data size and shape",
                    id.name()
                )));
            }
            for i in 0..lanes {
                if !on(pred, i)? {
                    continue;
                }
                for (k, &e) in elems.iter().enumerate() {
                    let b = to_bytes(&vec![data[index(i, k)]], rbytes);
                    write_bytes(mem, space, address(i, e)?, &b[..mbytes]);
                }
            }
            Ok(Vec::new())
        }
        LscForm::Atomic | LscForm::XAtomic => {
            if transposed || elems.len() != 1 || mbytes != rbytes {
                return Err(SimError::NotModeled(format!("{} other than one element per lane", id.name())));
            }
            let (s0, s1, old) = (arg(args, 11, id)?, arg(args, 12, id)?, arg(args, 14, id)?);
            let e = ty.elem().unwrap_or(Elem::I32);
            let kind = lsc_atomic(subop)?;
            let lane_of = |v: &Bits, i: usize| v.get(if v.len() == 1 { 0 } else { i }).copied().flatten();
            let mut out = vec![None; lanes];
            for (i, slot) in out.iter_mut().enumerate() {
                if !on(pred, i)? {
                    *slot = lane_of(old, i);
                    continue;
                }
                let a = address(i, 0)?;
                *slot = match kind {
                    Some(kind) => {
                        let (a0, a1) = match atomic_sources(kind) {
                            0 => (None, None),
                            1 => (lane_of(s0, i), None),
                            _ => (lane_of(s0, i), lane_of(s1, i)),
                        };
                        atomic_lane(mem, space, a, mbytes, kind, e, a0, a1)
                    }
                    None if subop == 0x0a => elem_of(&read_bytes(mem, space, a, mbytes)),
                    None => {
                        let old = elem_of(&read_bytes(mem, space, a, mbytes));
                        write_bytes(mem, space, a, &to_bytes(&vec![lane_of(s0, i)], mbytes));
                        old
                    }
                };
            }
            Ok(out)
        }
        _ => Err(SimError::NotModeled(id.name().to_string())),
    }
}

/// Bytes of a register on the targets with 2D block messages (PVC and later).
const BLOCK2D_GRF_BYTES: usize = 64;

/// How a 2D block's elements are ordered in the value.
#[derive(Clone, Copy)]
enum Layout2d {
    /// Row after row.
    Rows,
    /// Column after column (a transposed load).
    Transposed,
    /// VNNI: groups of `k` rows interleaved, so each dword holds `k` elements of one column.
    Vnni(usize),
}

/// The value of a 2D block message: per block, `lines` lines (rows; row groups for VNNI;
/// columns when transposed) of `pitch` elements each, `pitch` the next power of two of a line's
/// data; blocks start at whole 64-byte registers. Elements not loaded from memory are zero. The
/// value may stop after the last block's last line (`min_len`) instead of filling its last
/// register (`len`).
#[derive(Clone, Copy)]
struct Value2d {
    layout: Layout2d,
    pitch: usize,
    block: usize,
    min_len: usize,
    len: usize,
}

impl Value2d {
    fn new(layout: Layout2d, eb: usize, nblk: usize, w: usize, h: usize) -> Value2d {
        let (line, lines) = match layout {
            Layout2d::Rows => (w, h),
            Layout2d::Transposed => (h, w),
            Layout2d::Vnni(k) => (w * k, h.div_ceil(k)),
        };
        let pitch = line.next_power_of_two();
        let per_reg = BLOCK2D_GRF_BYTES / eb;
        let block = (pitch * lines).next_multiple_of(per_reg);
        Value2d { layout, pitch, block, min_len: block * (nblk - 1) + pitch * lines, len: block * nblk }
    }

    /// Where element (row `r`, column `col`) of block `b` is in the value.
    fn index(&self, b: usize, r: usize, col: usize) -> usize {
        b * self.block
            + match self.layout {
                Layout2d::Rows => r * self.pitch + col,
                Layout2d::Transposed => col * self.pitch + r,
                Layout2d::Vnni(k) => (r / k) * self.pitch + col * k + r % k,
            }
    }
}

/// `lsc.load2d` / `lsc.store2d` on a 2D surface in SVM: blocks of `width` x `height` elements at
/// element column `x`, row `y`; block `b` starts `b * width` columns further. The surface operands
/// hold width and pitch in bytes minus one and the height in rows minus one. The value is the
/// register image of the hardware ([`Value2d`]); a store writes one plain block from the same
/// image (rows padded to a power of two elements).
fn block2d(
    id: IntrinsicId,
    form: LscForm,
    args: &[Bits],
    tys: &[Type],
    ty: Type,
    mem: &mut Memory,
) -> R<Bits> {
    let c = |k: usize, what: &str| -> R<u64> { scalar(arg(args, k, id)?, what) };
    let (eb, _) = data_size(c(3, "2D block data size")?)?;
    let (nblk, w, h) =
        (c(5, "block count")? as usize, c(6, "block width")? as usize, c(7, "block height")? as usize);
    if nblk == 0 || w == 0 || h == 0 {
        return Err(SimError::Malformed(format!("{}: an empty block ({nblk} x {w} x {h})", id.name())));
    }
    let load = form == LscForm::Load2d;
    let layout = match (c(4, "2D block data order")?, c(8, "2D block VNNI transform")?) {
        (1, 0) if load || nblk == 1 => Layout2d::Rows,
        (2, 0) if load && eb >= 4 => Layout2d::Transposed,
        (1, 1) if load && eb < 4 => Layout2d::Vnni(4 / eb),
        (o, v) => {
            return Err(SimError::Malformed(format!(
                "{} with data order {o} and VNNI transform {v} ({eb}-byte elements, {nblk} blocks): \
                 not a 2D block message of the hardware",
                id.name()
            )))
        }
    };
    let base = c(9, "2D surface base")?;
    let sw = (c(10, "surface width")? & 0xffff_ffff) + 1;
    let sh = (c(11, "surface height")? & 0xffff_ffff) + 1;
    let sp = (c(12, "surface pitch")? & 0xffff_ffff) + 1;
    let x = sign_extend(c(13, "x coordinate")?, Elem::I32);
    let y = sign_extend(c(14, "y coordinate")?, Elem::I32);
    let at = |b: usize, r: usize, col: usize| -> Option<u64> {
        let xx = x + (b * w + col) as i64;
        let yy = y + r as i64;
        let inside = xx >= 0 && yy >= 0 && (xx as u64 + 1) * eb as u64 <= sw && (yy as u64) < sh;
        inside.then(|| base.wrapping_add(yy as u64 * sp + xx as u64 * eb as u64))
    };
    let pred = arg(args, 0, id)?;
    if load {
        let v = Value2d::new(layout, eb, nblk, w, h);
        let n = ty.num_elems() as usize;
        if elem_bytes(ty) != eb || !(v.min_len..=v.len).contains(&n) {
            return Err(SimError::Malformed(format!(
                "{}: the result must be the register image, {} to {} elements of {eb} bytes",
                id.name(),
                v.min_len,
                v.len
            )));
        }
        if !on(pred, 0)? {
            return Ok(vec![None; n]);
        }
        let mut out = vec![Some(0); n];
        for b in 0..nblk {
            for r in 0..h {
                for col in 0..w {
                    if let Some(a) = at(b, r, col) {
                        out[v.index(b, r, col)] = elem_of(&read_bytes(mem, Space::Svm, a, eb));
                    }
                }
            }
        }
        return Ok(out);
    }
    let data = arg(args, 15, id)?;
    let v = Value2d::new(Layout2d::Rows, eb, 1, w, h);
    if elem_bytes(tys[15]) != eb || !(v.min_len..=v.len).contains(&data.len()) {
        return Err(SimError::Malformed(format!(
            "{}: the stored data must be the register image, {h} rows of {} elements of {eb} bytes",
            id.name(),
            v.pitch
        )));
    }
    if on(pred, 0)? {
        for r in 0..h {
            for col in 0..w {
                if let Some(a) = at(0, r, col) {
                    write_bytes(mem, Space::Svm, a, &to_bytes(&vec![data[v.index(0, r, col)]], eb));
                }
            }
        }
    }
    Ok(Vec::new())
}
