//! The LSC messages (DG2, MTL, PVC): `lsc_load`/`lsc_store` (per-lane or transposed), the quad
//! forms and the atomics, on `ugm` (flat 64- or 32-bit stateless addresses, or `bti(S)` surface
//! offsets) and `slm` (32-bit offsets).
//!
//! Register layouts: a per-lane message gives each element a slot of at least 32 bits, element
//! `k` of every lane a block after the blocks of elements `0..k` (SoA); `d8u32`/`d16u32` data is
//! zero-extended in its slot, plain `d8`/`d16` leaves the rest of the slot undefined on loads.
//! A transposed message reads or writes its elements packed from its single address. Quad
//! messages access channel `c` at `address + 4c`, each enabled channel a block of lanes. Atomics
//! return the old value; `icas`/`fcas` store `src2` when the old value equals `src1`.
//!
//! 2D block messages (PVC `lsc_load_block2d.ugm`, `lsc_store_block2d.ugm`, a prefetch when the
//! data is `%null`): see [`Block2dImage`] for the register image and [`Thread::lsc_block2d`] for
//! the surface and its edges.
//!
//! Bindless (`bss`) addressing reads its operand as a surface-state offset in the launch's
//! bindless heap, where the surface bound at index `i` has its state at
//! `i * launch::SURFACE_STATE_BYTES` (a model of the driver's `RENDER_SURFACE_STATE` entries).

use super::messages::atomic_result;
use super::state::Thread;
use super::Ctx;
use crate::error::SimError;
use crate::memory::{Bytes, Memory, Space};
use genxc_visa::{
    AtomicOp, Inst, LscAddrModel, LscAtomic, LscBlock2dShape, LscOp, LscSfid, LscSurface, Raw, Src, VarId,
};

/// The legacy atomic operation with the semantics of an LSC one (`None`: `load`/`store`).
fn legacy(op: LscAtomic) -> Option<AtomicOp> {
    Some(match op {
        LscAtomic::Iinc => AtomicOp::Inc,
        LscAtomic::Idec => AtomicOp::Dec,
        LscAtomic::Load | LscAtomic::Store => return None,
        LscAtomic::Iadd => AtomicOp::Add,
        LscAtomic::Isub => AtomicOp::Sub,
        LscAtomic::Smin => AtomicOp::MinSInt,
        LscAtomic::Smax => AtomicOp::MaxSInt,
        LscAtomic::Umin => AtomicOp::Min,
        LscAtomic::Umax => AtomicOp::Max,
        LscAtomic::Icas => AtomicOp::Cmpxchg,
        LscAtomic::Fadd => AtomicOp::Fadd,
        LscAtomic::Fsub => AtomicOp::Fsub,
        LscAtomic::Fmin => AtomicOp::Fmin,
        LscAtomic::Fmax => AtomicOp::Fmax,
        LscAtomic::Fcas => AtomicOp::Fcmpwr,
        LscAtomic::And => AtomicOp::And,
        LscAtomic::Or => AtomicOp::Or,
        LscAtomic::Xor => AtomicOp::Xor,
    })
}

impl Thread {
    /// Executes an LSC message with the lanes of `mask`.
    pub fn lsc(&mut self, cx: &Ctx, inst: &Inst, mask: u32, mem: &mut Memory) -> Result<(), SimError> {
        let Inst::Lsc { op, sfid, cache: _, pred, exec, addr, shape, data, src1, src2 } = inst else {
            if let Inst::LscBlock2d { store, cache: _, shape, surface, data } = inst {
                return self.lsc_block2d(cx, *store, *shape, surface, *data, mem);
            }
            return Err(SimError::Malformed("an LSC message expected".into()));
        };
        let space = match (sfid, addr.model) {
            (LscSfid::Slm, LscAddrModel::Flat) => Space::Slm,
            (LscSfid::Ugm, LscAddrModel::Flat) => Space::Svm,
            (LscSfid::Ugm, LscAddrModel::Bti(s)) => Space::Surface(match s {
                LscSurface::Imm(b) => b,
                LscSurface::Var(v) => self.scalar(cx, &Src::scalar(v, 0).into(), "LSC surface")? as u32,
            }),
            (LscSfid::Ugm, LscAddrModel::Bss(s)) => super::state::bindless_space(match s {
                LscSurface::Imm(o) => o,
                LscSurface::Var(v) => {
                    self.scalar(cx, &Src::scalar(v, 0).into(), "LSC surface-state offset")? as u32
                }
            })?,
            (s, _) => return Err(SimError::NotModeled(format!("LSC messages to {s:?}"))),
        };
        let ab = u32::from(addr.bits) / 8;
        let araw = Raw::of(addr.var);
        let eb = u32::from(shape.bits) / 8;
        let n = u32::from(exec.size);
        let lanes = if shape.transpose { 1 } else { self.msg_lanes(*pred, *exec, mask)? };
        let address = |t: &mut Thread, i: u32| -> Result<u64, SimError> {
            let a = t.raw_value(cx, araw, i * ab, ab, "an LSC address")?;
            Ok(a.wrapping_add(addr.offset as i64 as u64))
        };
        let data_raw = Raw::of(*data);
        let store = matches!(op, LscOp::Store | LscOp::StoreQuad);
        if shape.transpose {
            let a = address(self, 0)?;
            if store {
                for k in 0..u32::from(shape.elems) {
                    let b = self.raw_bytes(cx, data_raw, k * eb, eb)?;
                    mem.write(space, a.wrapping_add(u64::from(k * eb)), &b);
                }
            } else if *data != VarId::NULL {
                let mut out = Bytes::default();
                for k in 0..u32::from(shape.elems) {
                    out.extend(&mem.read(space, a.wrapping_add(u64::from(k * eb)), eb as usize));
                }
                self.set_raw(cx, data_raw, 0, &out)?;
            }
            return Ok(());
        }
        let slot = eb.max(4);
        let pad = |b: Bytes| {
            let mut b = b;
            let rest = (slot - eb) as usize;
            b.extend(&if shape.c32 { Bytes::zeros(rest) } else { Bytes::undefined(rest) });
            b
        };
        // (memory offset, register offset) of every element of a lane.
        let elems: Vec<(u32, u32)> = match op {
            LscOp::LoadQuad | LscOp::StoreQuad => (0..4u32)
                .filter(|c| shape.chmask >> c & 1 == 1)
                .enumerate()
                .map(|(k, c)| (4 * c, k as u32 * n * 4))
                .collect(),
            _ => (0..u32::from(shape.elems)).map(|k| (k * eb, k * n * slot)).collect(),
        };
        let mut loads = Vec::new();
        for i in (0..n).filter(|i| lanes >> i & 1 == 1) {
            let a = address(self, i)?;
            match op {
                LscOp::Atomic(aop) => {
                    if eb < 4 {
                        return Err(SimError::NotModeled("16-bit LSC atomics".into()));
                    }
                    let src = |t: &mut Thread, v: VarId| -> Result<(u64, bool), SimError> {
                        if v == VarId::NULL {
                            return Ok((0, true));
                        }
                        Ok(t.raw_bytes(cx, Raw::of(v), i * slot, eb)?.get(0, eb as usize))
                    };
                    let (x, y) = (src(self, *src1)?, src(self, *src2)?);
                    let (old, odef) = mem.read_value(space, a, eb as usize);
                    let new = match legacy(*aop) {
                        Some(l) => atomic_result(l, eb, old, x.0, y.0),
                        None if *aop == LscAtomic::Store => Some(x.0),
                        None => None,
                    };
                    if let Some(v) = new {
                        mem.write_value(space, a, eb as usize, v, odef && x.1 && y.1);
                    }
                    let mut b = Bytes::zeros(eb as usize);
                    b.set(0, eb as usize, old, odef);
                    loads.push((i * slot, b));
                }
                _ if store => {
                    for &(moff, roff) in &elems {
                        let b = self.raw_bytes(cx, data_raw, roff + i * slot, eb)?;
                        mem.write(space, a.wrapping_add(u64::from(moff)), &b);
                    }
                }
                _ => {
                    for &(moff, roff) in &elems {
                        let b = mem.read(space, a.wrapping_add(u64::from(moff)), eb as usize);
                        loads.push((roff + i * slot, pad(b)));
                    }
                }
            }
        }
        if *data != VarId::NULL {
            for (reg, b) in loads {
                self.set_raw(cx, data_raw, reg, &b)?;
            }
        }
        Ok(())
    }
}

/// Where the elements of a 2D block load land in the register file (Intel's vISA spec,
/// `lsc_load_block2d`): each block is a run of register rows of `row_pitch` elements (a power of
/// two; the elements after the data of a row are zero), and the blocks follow one another at
/// whole GRFs, the rest of a block's last GRF zero.
///
/// A plain block has a register row per memory row. A VNNI-transformed one packs `k = 4 / size`
/// consecutive memory rows into each register row, the `k` elements of one column in one dword
/// (a height that is not a multiple of `k` is padded with zero rows). A transposed block has a
/// register row per memory column. A store writes one plain block from rows of the next power
/// of two of its width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block2dImage {
    /// Bytes per element.
    pub elem: u32,
    /// Elements per memory row group packed into a register dword (VNNI), else 1.
    pub k: u32,
    /// Elements from one register row to the next.
    pub row_pitch: u32,
    /// Elements from one block to the next (whole GRFs).
    pub block_pitch: u32,
    /// Bytes of the whole image (the last block filling its last register).
    pub bytes: u32,
    /// Bytes up to the end of the last block's last register row: the least a variable holding
    /// the image may have (the rest of the last register is padding).
    pub min_bytes: u32,
    /// Transposed.
    pub transpose: bool,
}

impl Block2dImage {
    /// The image of a load of `shape` into `grf`-byte registers; a shape the hardware does not
    /// have is an error.
    pub fn load(shape: LscBlock2dShape, grf: u32) -> Result<Block2dImage, SimError> {
        let (elem, w, h) = block2d_dims(shape)?;
        if shape.transpose && shape.vnni {
            return Err(SimError::Malformed(format!(
                "2D block {}: a block is transposed or VNNI-transformed, not both",
                shape.text()
            )));
        }
        if shape.transpose && elem < 4 {
            return Err(SimError::Malformed(format!(
                "2D block {}: transposed blocks hold 32- or 64-bit elements",
                shape.text()
            )));
        }
        if shape.vnni && elem > 2 {
            return Err(SimError::Malformed(format!(
                "2D block {}: VNNI-transformed blocks hold 8- or 16-bit elements",
                shape.text()
            )));
        }
        let k = if shape.vnni { 4 / elem } else { 1 };
        // (elements of a register row's data, register rows of a block)
        let (row, rows) = match (shape.transpose, shape.vnni) {
            (true, _) => (h, w),
            (false, true) => (w * k, h.div_ceil(k)),
            (false, false) => (w, h),
        };
        let row_pitch = row.next_power_of_two();
        let per_grf = (grf / elem).max(1);
        let block_pitch = (row_pitch * rows).div_ceil(per_grf) * per_grf;
        let blocks = u32::from(shape.blocks);
        let bytes = block_pitch * blocks * elem;
        let min_bytes = (block_pitch * (blocks - 1) + row_pitch * rows) * elem;
        Ok(Block2dImage { elem, k, row_pitch, block_pitch, bytes, min_bytes, transpose: shape.transpose })
    }

    /// The image of a store of `shape`: one plain block, rows of the next power of two of its
    /// width.
    pub fn store(shape: LscBlock2dShape) -> Result<Block2dImage, SimError> {
        let (elem, w, h) = block2d_dims(shape)?;
        if shape.transpose || shape.vnni || shape.blocks != 1 {
            return Err(SimError::Malformed(format!(
                "2D block store {}: a store writes one block, neither transposed nor VNNI-transformed",
                shape.text()
            )));
        }
        let row_pitch = w.next_power_of_two();
        let block_pitch = row_pitch * h;
        let bytes = block_pitch * elem;
        Ok(Block2dImage { elem, k: 1, row_pitch, block_pitch, bytes, min_bytes: bytes, transpose: false })
    }

    /// The register element of element (`row`, `col`) of block `b` of the memory block.
    pub fn element(&self, b: u32, row: u32, col: u32) -> u32 {
        b * self.block_pitch
            + if self.transpose {
                col * self.row_pitch + row
            } else {
                (row / self.k) * self.row_pitch + col * self.k + row % self.k
            }
    }
}

/// Element bytes, width and height of a 2D block shape (each at least 1).
fn block2d_dims(shape: LscBlock2dShape) -> Result<(u32, u32, u32), SimError> {
    if !matches!(shape.bits, 8 | 16 | 32 | 64) || shape.width == 0 || shape.height == 0 || shape.blocks == 0 {
        return Err(SimError::Malformed(format!("2D block shape {}", shape.text())));
    }
    Ok((u32::from(shape.bits) / 8, u32::from(shape.width), u32::from(shape.height)))
}

/// A 2D surface in SVM: base address, width in bytes, height in rows, pitch in bytes, and the
/// block's origin (x in elements, y in rows).
#[derive(Clone, Copy, Debug)]
struct Surface2d {
    base: u64,
    width: u64,
    height: u64,
    pitch: u64,
    x: i64,
    y: i64,
}

impl Surface2d {
    /// The address of element (`row`, `col`) of the block at the origin (`None` outside the
    /// surface: every byte of the element must be inside its width).
    fn address(&self, elem: u32, row: u32, col: u32) -> Option<u64> {
        let x = self.x + i64::from(col);
        let y = self.y + i64::from(row);
        let (x, y) = (u64::try_from(x).ok()?, u64::try_from(y).ok()?);
        let end = (x + 1) * u64::from(elem);
        (end <= self.width && y < self.height)
            .then(|| self.base.wrapping_add(y.wrapping_mul(self.pitch)).wrapping_add(x * u64::from(elem)))
    }
}

impl Thread {
    /// An operand of a 2D block's surface as an integer.
    fn block2d_operand(&mut self, cx: &Ctx, s: LscSurface, what: &str) -> Result<i128, SimError> {
        match s {
            LscSurface::Imm(v) => Ok(i128::from(v)),
            LscSurface::Var(v) => self.scalar(cx, &Src::scalar(v, 0).into(), what),
        }
    }

    /// Executes a 2D block message (it ignores the execution mask: it is `(M1_NM, 1)`). The
    /// surface operands hold width, height and pitch less one; x and y are signed. Elements
    /// outside the surface read as zero and are not written; a prefetch (`%null` data) accesses
    /// nothing.
    pub fn lsc_block2d(
        &mut self,
        cx: &Ctx,
        store: bool,
        shape: LscBlock2dShape,
        surface: &[LscSurface; 6],
        data: VarId,
        mem: &mut Memory,
    ) -> Result<(), SimError> {
        let img = if store { Block2dImage::store(shape)? } else { Block2dImage::load(shape, cx.grf)? };
        if data == VarId::NULL {
            if store {
                return Err(SimError::Malformed("a 2D block store of %null".into()));
            }
            return Ok(());
        }
        let slot = cx.layout.slot(cx.k, data)?;
        if slot.size < img.min_bytes {
            return Err(SimError::Malformed(format!(
                "2D block {} {} needs {} bytes of registers, {} has {}",
                if store { "store" } else { "load" },
                shape.text(),
                img.min_bytes,
                super::state::var_name(cx.k, data),
                slot.size
            )));
        }
        let mut ops = [0i128; 6];
        for (o, (s, what)) in ops.iter_mut().zip(surface.iter().zip([
            "2D surface base address",
            "2D surface width",
            "2D surface height",
            "2D surface pitch",
            "2D block x",
            "2D block y",
        ])) {
            *o = self.block2d_operand(cx, *s, what)?;
        }
        let minus_one = |v: i128| u64::from(v as u32) + 1;
        let surf = Surface2d {
            base: ops[0] as u64,
            width: minus_one(ops[1]),
            height: minus_one(ops[2]),
            pitch: minus_one(ops[3]),
            x: i64::from(ops[4] as u32 as i32),
            y: i64::from(ops[5] as u32 as i32),
        };
        let (w, h, eb) = (u32::from(shape.width), u32::from(shape.height), img.elem);
        let raw = Raw::of(data);
        if store {
            for row in 0..h {
                for col in 0..w {
                    if let Some(a) = surf.address(eb, row, col) {
                        let b = self.raw_bytes(cx, raw, img.element(0, row, col) * eb, eb)?;
                        mem.write(Space::Svm, a, &b);
                    }
                }
            }
            return Ok(());
        }
        let mut out = Bytes::zeros(img.bytes as usize);
        for b in 0..u32::from(shape.blocks) {
            for row in 0..h {
                for col in 0..w {
                    // block b starts b * width columns right of the origin
                    if let Some(a) = surf.address(eb, row, b * w + col) {
                        let v = mem.read(Space::Svm, a, eb as usize);
                        let at = (img.element(b, row, col) * eb) as usize;
                        out.data[at..at + eb as usize].copy_from_slice(&v.data);
                        out.defined[at..at + eb as usize].copy_from_slice(&v.defined);
                    }
                }
            }
        }
        // the padding of the last register past the variable's end is not written
        out.data.truncate(slot.size as usize);
        out.defined.truncate(slot.size as usize);
        self.set_raw(cx, raw, 0, &out)
    }
}
