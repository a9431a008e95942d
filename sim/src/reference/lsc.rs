//! The LSC messages (`llvm.genx.lsc.*`, DG2 and later): loads, stores, merge loads, quad
//! (channel-mask) forms, atomics, and 2D block loads and stores, on the shared memory.
//!
//! Address models: `stateless` is SVM (64-bit addresses), `slm` the shared local memory, `bti`
//! the surface at a binding-table index; `bindless` is not modeled. An address is
//! `address * scale + immediate offset`. Non-transposed messages are SIMT: element `k` of lane `i`
//! is at `address[i] + k * size` and is element `k * lanes + i` of the value; transposed ones read
//! one block from lane 0's address. Data sizes `d8u32`/`d16u32` read 1 or 2 bytes zero-extended to
//! 32 bits and store the low bytes. 2D block messages read zero outside the surface and drop
//! writes outside it; transposed and VNNI-transformed 2D blocks are not modeled.

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
        LscModel::Bindless => return Err(SimError::NotModeled(format!("{} (bindless surfaces)", id.name()))),
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

/// `lsc.load2d` / `lsc.store2d` on a 2D surface in SVM: blocks of `width` x `height` elements at
/// element column `x`, row `y`; block `b` starts `b * width` columns further. The surface operands
/// hold width and pitch in bytes minus one and the height in rows minus one.
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
    if c(4, "2D block data order")? != 1 || c(8, "2D block VNNI transform")? != 0 {
        return Err(SimError::NotModeled(format!("{} transposed or VNNI-transformed", id.name())));
    }
    let (nblk, w, h) =
        (c(5, "block count")? as usize, c(6, "block width")? as usize, c(7, "block height")? as usize);
    let base = c(9, "2D surface base")?;
    let sw = (c(10, "surface width")? & 0xffff_ffff) + 1;
    let sh = (c(11, "surface height")? & 0xffff_ffff) + 1;
    let sp = (c(12, "surface pitch")? & 0xffff_ffff) + 1;
    let x = sign_extend(c(13, "x coordinate")?, Elem::I32);
    let y = sign_extend(c(14, "y coordinate")?, Elem::I32);
    let n = nblk * w * h;
    let at = |b: usize, r: usize, col: usize| -> Option<u64> {
        let xx = x + (b * w + col) as i64;
        let yy = y + r as i64;
        let inside = xx >= 0 && yy >= 0 && (xx as u64 + 1) * eb as u64 <= sw && (yy as u64) < sh;
        inside.then(|| base.wrapping_add(yy as u64 * sp + xx as u64 * eb as u64))
    };
    let pred = arg(args, 0, id)?;
    if form == LscForm::Load2d {
        if elem_bytes(ty) != eb || ty.num_elems() as usize != n {
            return Err(SimError::NotModeled(format!(
                "{} with padded rows or a mismatched result",
                id.name()
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
                        out[b * w * h + r * w + col] = elem_of(&read_bytes(mem, Space::Svm, a, eb));
                    }
                }
            }
        }
        return Ok(out);
    }
    let data = arg(args, 15, id)?;
    if elem_bytes(tys[15]) != eb || data.len() != n {
        return Err(SimError::NotModeled(format!("{} with padded rows or mismatched data", id.name())));
    }
    if on(pred, 0)? {
        for b in 0..nblk {
            for r in 0..h {
                for col in 0..w {
                    if let Some(a) = at(b, r, col) {
                        write_bytes(mem, Space::Svm, a, &to_bytes(&vec![data[b * w * h + r * w + col]], eb));
                    }
                }
            }
        }
    }
    Ok(Vec::new())
}
