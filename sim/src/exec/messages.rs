//! The legacy data-port messages over [`Memory`]: oword block loads and stores, media block
//! (2D) loads and stores, gather/scatter (element offsets), the scaled and 4-channel scaled
//! forms (byte offsets), typed 4-channel accesses, SVM block and scattered accesses, and the
//! dword, SVM and typed atomics.
//!
//! Register layouts: block messages are contiguous; scattered messages give each lane a dword
//! slot (1- and 2-byte elements in its low bytes, the rest of the slot left undefined on loads);
//! 4-channel messages are SoA, each enabled channel a block of lanes starting at a GRF boundary.
//! Per-lane elements go through [`Memory::read`]/[`Memory::write`] one element at a time (so the
//! out-of-bounds rule applies per element, block messages per dword). Disabled lanes access no
//! memory and keep their destination bytes. A media block read clamps its coordinates to the
//! surface's edge (2D view of [`Memory::surface_2d`]); writes outside it are dropped. Typed
//! accesses address pixels of 4 bytes (one 32-bit channel, R) at `v * pitch + u * 4` of the 2D
//! view; a pixel outside it reads zero and drops writes (recorded as out of bounds); the `r`
//! coordinate and the G, B, A channels are not modeled.
//!
//! Atomics return the old value; `cmpxchg` and `fcmpwr` store `src1` when the old value equals
//! `src0`; `fmin`/`fmax` follow `min`/`max`.

use super::alu::min_max;
use super::control::enabled;
use super::state::Thread;
use super::value::Num;
use super::Ctx;
use crate::error::SimError;
use crate::memory::{Bytes, Event, Memory, Space};
use genxc_visa::{AtomicOp, Channels, Exec, Inst, MediaMod, Pred, Raw, SrcOp, SvmBlock, VarId};

/// Bytes of one dword.
const DW: u32 = 4;

/// The address given to a typed access outside its surface's 2D view (no buffer is that large).
const OUTSIDE: u64 = 1 << 62;

impl Thread {
    /// A defined scalar source as an integer (offsets, addresses).
    pub fn scalar(&mut self, cx: &Ctx, src: &SrcOp, what: &str) -> Result<i128, SimError> {
        let v = self.read_src(cx, src, 1, 1)?;
        if !v[0].1 {
            return Err(SimError::Undefined(format!("the {what} was never written")));
        }
        Ok(v[0].0.as_int())
    }

    /// The relative lanes a predicated message accesses (an undefined predicate is an error).
    pub fn msg_lanes(&self, pred: Option<Pred>, exec: Exec, mask: u32) -> Result<u32, SimError> {
        let (on, undef) = self.predicate(pred, exec)?;
        let en = enabled(exec, mask);
        if undef & en != 0 {
            return Err(SimError::Undefined("the predicate of a message was never written".into()));
        }
        Ok(en & on)
    }

    /// A defined little-endian value of `n` bytes of a raw operand at `off`.
    pub fn raw_value(&mut self, cx: &Ctx, raw: Raw, off: u32, n: u32, what: &str) -> Result<u64, SimError> {
        grf_aligned(cx, raw)?;
        let b = self.read_var_bytes(cx, raw.var, u32::from(raw.offset) + off, n)?;
        let (v, def) = b.get(0, n as usize);
        if !def {
            return Err(SimError::Undefined(format!("{what} of a message was never written")));
        }
        Ok(v)
    }

    /// Bytes of a raw operand (definedness kept: stored data may be undefined).
    pub fn raw_bytes(&mut self, cx: &Ctx, raw: Raw, off: u32, n: u32) -> Result<Bytes, SimError> {
        grf_aligned(cx, raw)?;
        self.read_var_bytes(cx, raw.var, u32::from(raw.offset) + off, n)
    }

    /// Writes bytes of a raw operand (`%null` drops them).
    pub fn set_raw(&mut self, cx: &Ctx, raw: Raw, off: u32, b: &Bytes) -> Result<(), SimError> {
        grf_aligned(cx, raw)?;
        self.write_var_bytes(cx, raw.var, u32::from(raw.offset) + off, b)
    }

    /// Loads `len` bytes of a block from memory into a raw operand, a dword at a time.
    pub(super) fn block_load(
        &mut self,
        cx: &Ctx,
        mem: &mut Memory,
        space: Space,
        addr: u64,
        len: u32,
        dst: Raw,
    ) -> Result<(), SimError> {
        let mut out = Bytes::default();
        for k in (0..len).step_by(DW as usize) {
            out.extend(&mem.read(space, addr.wrapping_add(u64::from(k)), DW.min(len - k) as usize));
        }
        self.set_raw(cx, dst, 0, &out)
    }

    /// Stores `len` bytes of a raw operand as a block, a dword at a time.
    pub(super) fn block_store(
        &mut self,
        cx: &Ctx,
        mem: &mut Memory,
        space: Space,
        addr: u64,
        len: u32,
        src: Raw,
    ) -> Result<(), SimError> {
        let data = self.raw_bytes(cx, src, 0, len)?;
        for k in (0..len).step_by(DW as usize) {
            let n = DW.min(len - k) as usize;
            let at = k as usize;
            let b =
                Bytes { data: data.data[at..at + n].to_vec(), defined: data.defined[at..at + n].to_vec() };
            mem.write(space, addr.wrapping_add(u64::from(k)), &b);
        }
        Ok(())
    }

    /// Executes a legacy message with the lanes of `mask`.
    pub fn message(&mut self, cx: &Ctx, inst: &Inst, mask: u32, mem: &mut Memory) -> Result<(), SimError> {
        match inst {
            Inst::OwordLd { size, unaligned, surface, offset, dst } => {
                let space = self.space(*surface)?;
                let off = self.scalar(cx, offset, "offset of oword_ld")?;
                let addr = if *unaligned { off } else { off * 16 };
                self.block_load(cx, mem, space, addr as u64, size.count() * 16, *dst)
            }
            Inst::OwordSt { size, surface, offset, src } => {
                let space = self.space(*surface)?;
                let off = self.scalar(cx, offset, "offset of oword_st")?;
                self.block_store(cx, mem, space, (off * 16) as u64, size.count() * 16, *src)
            }
            Inst::SvmBlock { store, size, address, data } => {
                let addr = self.scalar(cx, address, "address of svm_block")? as u64;
                if *store {
                    self.block_store(cx, mem, Space::Svm, addr, size.count() * 16, *data)
                } else {
                    self.block_load(cx, mem, Space::Svm, addr, size.count() * 16, *data)
                }
            }
            Inst::MediaLd { modifier, surface, plane, width, height, x, y, dst } => {
                self.media(cx, mem, false, *modifier, *surface, *plane, (*width, *height), (x, y), *dst)
            }
            Inst::MediaSt { modifier, surface, plane, width, height, x, y, src } => {
                self.media(cx, mem, true, *modifier, *surface, *plane, (*width, *height), (x, y), *src)
            }
            Inst::Gather { store, elt_size, exec, surface, global_offset, offsets, data } => {
                let space = self.space(*surface)?;
                let lanes = self.msg_lanes(None, *exec, mask)?;
                let base = self.scalar(cx, global_offset, "global offset of gather")?;
                let es = u32::from(*elt_size);
                self.scattered(cx, mem, *store, lanes, *exec, data, es, |t, cx, i| {
                    let o = t.raw_value(cx, *offsets, i * DW, DW, "an offset")?;
                    Ok((space, ((base + i128::from(o)) * i128::from(es)) as u64))
                })
            }
            Inst::Scaled { store, pred, exec, blocks, surface, global_offset, offsets, data } => {
                let space = self.space(*surface)?;
                let lanes = self.msg_lanes(*pred, *exec, mask)?;
                let base = self.scalar(cx, global_offset, "global offset of a scaled message")?;
                self.scattered(cx, mem, *store, lanes, *exec, data, u32::from(blocks.count()), |t, cx, i| {
                    let o = t.raw_value(cx, *offsets, i * DW, DW, "an offset")?;
                    Ok((space, (base + i128::from(o)) as u64))
                })
            }
            Inst::Scaled4 { store, pred, exec, channels, surface, global_offset, offsets, data } => {
                let space = self.space(*surface)?;
                let lanes = self.msg_lanes(*pred, *exec, mask)?;
                let base = self.scalar(cx, global_offset, "global offset of a scaled message")?;
                self.four_channels(cx, mem, *store, lanes, *exec, *channels, *data, |t, cx, i| {
                    let o = t.raw_value(cx, *offsets, i * DW, DW, "an offset")?;
                    Ok(Some((space, (base + i128::from(o)) as u64)))
                })
            }
            Inst::SvmScaled4 { store, pred, exec, channels, base, offsets, data } => {
                let lanes = self.msg_lanes(*pred, *exec, mask)?;
                let base = self.scalar(cx, base, "base address of svm_gather4scaled")? as u64;
                self.four_channels(cx, mem, *store, lanes, *exec, *channels, *data, |t, cx, i| {
                    let o = t.raw_value(cx, *offsets, i * 8, 8, "an offset")?;
                    Ok(Some((Space::Svm, base.wrapping_add(o))))
                })
            }
            Inst::Typed4 { store, pred, exec, channels, surface, u, v, r, lod: _, data } => {
                if channels.g || channels.b || channels.a {
                    return Err(SimError::NotModeled("typed accesses of the G, B, A channels".into()));
                }
                let Space::Surface(bti) = self.space(*surface)? else {
                    return Err(SimError::NotModeled("typed access of shared local memory".into()));
                };
                let lanes = self.msg_lanes(*pred, *exec, mask)?;
                let dims = mem.surface_2d(bti);
                self.four_channels(cx, mem, *store, lanes, *exec, *channels, *data, |t, cx, i| {
                    t.pixel(cx, dims, bti, (*u, *v, *r), i)
                })
            }
            Inst::SvmScatter { store, pred, exec, block, num_blocks, addresses, data } => {
                let lanes = self.msg_lanes(*pred, *exec, mask)?;
                self.svm_scattered(cx, mem, *store, lanes, *exec, *block, *num_blocks, *addresses, *data)
            }
            Inst::DwordAtomic { op, half, pred, exec, surface, offsets, src0, src1, dst } => {
                if *half {
                    return Err(SimError::NotModeled("16-bit dword_atomic".into()));
                }
                let space = self.space(*surface)?;
                let lanes = self.msg_lanes(*pred, *exec, mask)?;
                self.atomics(cx, mem, *op, 4, lanes, *exec, (*src0, *src1, *dst), |t, cx, i| {
                    let o = t.raw_value(cx, *offsets, i * DW, DW, "an offset")?;
                    Ok(Some((space, o)))
                })
            }
            Inst::SvmAtomic { op, bits, pred, exec, addresses, src0, src1, dst } => {
                if *bits == 16 {
                    return Err(SimError::NotModeled("16-bit svm_atomic".into()));
                }
                let lanes = self.msg_lanes(*pred, *exec, mask)?;
                let n = u32::from(*bits) / 8;
                self.atomics(cx, mem, *op, n, lanes, *exec, (*src0, *src1, *dst), |t, cx, i| {
                    Ok(Some((Space::Svm, t.raw_value(cx, *addresses, i * 8, 8, "an address")?)))
                })
            }
            Inst::TypedAtomic { op, half, pred, exec, surface, u, v, r, lod: _, src0, src1, dst } => {
                if *half {
                    return Err(SimError::NotModeled("16-bit typed_atomic".into()));
                }
                let Space::Surface(bti) = self.space(*surface)? else {
                    return Err(SimError::NotModeled("typed atomic on shared local memory".into()));
                };
                let lanes = self.msg_lanes(*pred, *exec, mask)?;
                let dims = mem.surface_2d(bti);
                self.atomics(cx, mem, *op, 4, lanes, *exec, (*src0, *src1, *dst), |t, cx, i| {
                    t.pixel(cx, dims, bti, (*u, *v, *r), i)
                })
            }
            _ => Err(SimError::NotModeled(format!("instruction {inst:?}"))),
        }
    }

    /// The memory address of lane `i`'s pixel of a typed access (`None`: outside the surface).
    fn pixel(
        &mut self,
        cx: &Ctx,
        dims: Dims,
        bti: u32,
        (u, v, r): (Raw, Raw, Raw),
        i: u32,
    ) -> Result<Option<(Space, u64)>, SimError> {
        let uu = self.raw_value(cx, u, i * DW, DW, "a u coordinate")? as u32 as i32;
        let vv = if v.var == VarId::NULL {
            0
        } else {
            self.raw_value(cx, v, i * DW, DW, "a v coordinate")? as u32 as i32
        };
        if r.var != VarId::NULL && self.raw_value(cx, r, i * DW, DW, "an r coordinate")? != 0 {
            return Err(SimError::NotModeled("typed accesses with an r coordinate".into()));
        }
        let Some((w, h, pitch)) = dims else { return Ok(Some((Space::Surface(bti), 0))) };
        if uu < 0 || vv < 0 || (uu as u32).saturating_mul(DW) >= w || vv as u32 >= h {
            // Outside the 2D view: an address past every buffer, so the access is out of bounds.
            return Ok(Some((Space::Surface(bti), OUTSIDE)));
        }
        Ok(Some((Space::Surface(bti), u64::from(vv as u32) * u64::from(pitch) + u64::from(uu as u32) * 4)))
    }

    /// Scattered accesses with a dword slot per lane: `es` bytes at each lane's address.
    #[allow(clippy::too_many_arguments)]
    fn scattered(
        &mut self,
        cx: &Ctx,
        mem: &mut Memory,
        store: bool,
        lanes: u32,
        exec: Exec,
        data: &Raw,
        es: u32,
        addr: impl Fn(&mut Thread, &Ctx, u32) -> Result<(Space, u64), SimError>,
    ) -> Result<(), SimError> {
        let mut loads = Vec::new();
        for i in (0..u32::from(exec.size)).filter(|i| lanes >> i & 1 == 1) {
            let (space, a) = addr(self, cx, i)?;
            if store {
                let b = self.raw_bytes(cx, *data, i * DW, es)?;
                mem.write(space, a, &b);
            } else {
                let mut b = mem.read(space, a, es as usize);
                b.extend(&Bytes::undefined((DW - es.min(DW)) as usize));
                loads.push((i, b));
            }
        }
        for (i, b) in loads {
            self.set_raw(cx, *data, i * DW, &b)?;
        }
        Ok(())
    }

    /// 4-channel SoA accesses: each enabled channel `c` at `address + 4c`, its lanes a block
    /// starting at a GRF boundary. A `None` address is a pixel outside its surface.
    #[allow(clippy::too_many_arguments)]
    fn four_channels(
        &mut self,
        cx: &Ctx,
        mem: &mut Memory,
        store: bool,
        lanes: u32,
        exec: Exec,
        ch: Channels,
        data: Raw,
        mut addr: impl FnMut(&mut Thread, &Ctx, u32) -> Result<Option<(Space, u64)>, SimError>,
    ) -> Result<(), SimError> {
        let n = u32::from(exec.size);
        let stride = (n * DW).div_ceil(cx.grf) * cx.grf;
        let enabled: Vec<u32> = [ch.r, ch.g, ch.b, ch.a]
            .iter()
            .enumerate()
            .filter(|(_, &on)| on)
            .map(|(c, _)| c as u32)
            .collect();
        let mut loads = Vec::new();
        for i in (0..n).filter(|i| lanes >> i & 1 == 1) {
            let at = addr(self, cx, i)?;
            for (k, &c) in enabled.iter().enumerate() {
                let reg = k as u32 * stride + i * DW;
                match at {
                    Some((space, a)) => {
                        let a = a.wrapping_add(u64::from(c * DW));
                        if store {
                            let b = self.raw_bytes(cx, data, reg, DW)?;
                            mem.write(space, a, &b);
                        } else {
                            loads.push((reg, mem.read(space, a, DW as usize)));
                        }
                    }
                    None if !store => loads.push((reg, Bytes::zeros(DW as usize))),
                    None => {}
                }
            }
        }
        for (reg, b) in loads {
            self.set_raw(cx, data, reg, &b)?;
        }
        Ok(())
    }

    /// `svm_gather`/`svm_scatter`: `num_blocks` blocks per lane at its uq address.
    #[allow(clippy::too_many_arguments)]
    fn svm_scattered(
        &mut self,
        cx: &Ctx,
        mem: &mut Memory,
        store: bool,
        lanes: u32,
        exec: Exec,
        block: SvmBlock,
        num_blocks: u8,
        addresses: Raw,
        data: Raw,
    ) -> Result<(), SimError> {
        let n = u32::from(exec.size);
        let bs = u32::from(block.bytes());
        let nb = u32::from(num_blocks);
        if bs == 1 && nb > 4 {
            return Err(SimError::NotModeled("svm_gather of 8 one-byte blocks".into()));
        }
        let mut loads = Vec::new();
        for i in (0..n).filter(|i| lanes >> i & 1 == 1) {
            let a = self.raw_value(cx, addresses, i * 8, 8, "an address")?;
            if bs == 1 {
                // 1-byte blocks: the lane's bytes packed in its dword slot.
                if store {
                    let b = self.raw_bytes(cx, data, i * DW, nb)?;
                    for k in 0..nb as usize {
                        let one = Bytes { data: vec![b.data[k]], defined: vec![b.defined[k]] };
                        mem.write(Space::Svm, a.wrapping_add(k as u64), &one);
                    }
                } else {
                    let mut b = Bytes::default();
                    for k in 0..u64::from(nb) {
                        b.extend(&mem.read(Space::Svm, a.wrapping_add(k), 1));
                    }
                    b.extend(&Bytes::undefined((DW - nb) as usize));
                    loads.push((i * DW, b));
                }
                continue;
            }
            let stride = (n * bs).div_ceil(cx.grf) * cx.grf;
            for k in 0..nb {
                let reg = k * stride + i * bs;
                let at = a.wrapping_add(u64::from(k * bs));
                if store {
                    let b = self.raw_bytes(cx, data, reg, bs)?;
                    mem.write(Space::Svm, at, &b);
                } else {
                    loads.push((reg, mem.read(Space::Svm, at, bs as usize)));
                }
            }
        }
        for (reg, b) in loads {
            self.set_raw(cx, data, reg, &b)?;
        }
        Ok(())
    }

    /// Atomic read-modify-writes of `n` bytes (4 or 8) per lane; sources and old values in slots
    /// of `n` bytes.
    #[allow(clippy::too_many_arguments)]
    fn atomics(
        &mut self,
        cx: &Ctx,
        mem: &mut Memory,
        op: AtomicOp,
        n: u32,
        lanes: u32,
        exec: Exec,
        (src0, src1, dst): (Raw, Raw, Raw),
        mut addr: impl FnMut(&mut Thread, &Ctx, u32) -> Result<Option<(Space, u64)>, SimError>,
    ) -> Result<(), SimError> {
        let mut olds = Vec::new();
        for i in (0..u32::from(exec.size)).filter(|i| lanes >> i & 1 == 1) {
            let at = addr(self, cx, i)?;
            let src = |t: &mut Thread, raw: Raw| -> Result<(u64, bool), SimError> {
                if raw.var == VarId::NULL {
                    return Ok((0, true));
                }
                Ok(t.raw_bytes(cx, raw, i * n, n)?.get(0, n as usize))
            };
            let (a, b) = (src(self, src0)?, src(self, src1)?);
            let Some((space, address)) = at else {
                olds.push((i, Bytes::zeros(n as usize)));
                continue;
            };
            let (old, old_def) = mem.read_value(space, address, n as usize);
            let new = atomic_result(op, n, old, a.0, b.0);
            if let Some(new) = new {
                mem.write_value(space, address, n as usize, new, old_def && a.1 && b.1);
            }
            let mut ob = Bytes::zeros(n as usize);
            ob.set(0, n as usize, old, old_def);
            olds.push((i, ob));
        }
        for (i, b) in olds {
            self.set_raw(cx, dst, i * n, &b)?;
        }
        Ok(())
    }

    /// A media block access (`media_ld`/`media_st`, no field modifiers): `w` bytes by `h` rows
    /// at (x bytes, y rows); each register row padded to a power of two of at least 4 bytes.
    #[allow(clippy::too_many_arguments)]
    fn media(
        &mut self,
        cx: &Ctx,
        mem: &mut Memory,
        store: bool,
        modifier: MediaMod,
        surface: genxc_visa::SurfaceId,
        plane: u8,
        (w, h): (u8, u8),
        (x, y): (&SrcOp, &SrcOp),
        data: Raw,
    ) -> Result<(), SimError> {
        if modifier != MediaMod::NoMod || plane != 0 {
            return Err(SimError::NotModeled("media block field modifiers and planes".into()));
        }
        let Space::Surface(bti) = self.space(surface)? else {
            return Err(SimError::NotModeled("media block access of shared local memory".into()));
        };
        let Some((sw, sh, pitch)) = mem.surface_2d(bti) else {
            mem.record(Event::Unbound { bti });
            if !store {
                let row = u32::from(w).next_power_of_two().max(4);
                self.set_raw(cx, data, 0, &Bytes::zeros((row * u32::from(h)) as usize))?;
            }
            return Ok(());
        };
        let x0 = self.scalar(cx, x, "x of a media block")? as i32 as i64;
        let y0 = self.scalar(cx, y, "y of a media block")? as i32 as i64;
        let row = u32::from(w).next_power_of_two().max(4);
        let mut out = Bytes::default();
        for r in 0..i64::from(h) {
            for c in 0..i64::from(row) {
                let (xx, yy) = (x0 + c, y0 + r);
                if store {
                    if c >= i64::from(w) || xx < 0 || yy < 0 || xx >= i64::from(sw) || yy >= i64::from(sh) {
                        continue;
                    }
                    let b = self.raw_bytes(cx, data, (r as u32) * row + c as u32, 1)?;
                    mem.write(Space::Surface(bti), yy as u64 * u64::from(pitch) + xx as u64, &b);
                } else if c >= i64::from(w) {
                    out.extend(&Bytes::undefined(1));
                } else {
                    let cx_ = xx.clamp(0, i64::from(sw.max(1)) - 1) as u64;
                    let cy = yy.clamp(0, i64::from(sh.max(1)) - 1) as u64;
                    out.extend(&mem.read(Space::Surface(bti), cy * u64::from(pitch) + cx_, 1));
                }
            }
        }
        if !store {
            self.set_raw(cx, data, 0, &out)?;
        }
        Ok(())
    }
}

/// A surface's 2D view: (width bytes, height rows, pitch bytes), `None` when unbound.
type Dims = Option<(u32, u32, u32)>;

/// The value an atomic stores (`None`: nothing stored), from the old value and the sources, on
/// `n`-byte data.
pub fn atomic_result(op: AtomicOp, n: u32, old: u64, a: u64, b: u64) -> Option<u64> {
    let m = if n == 8 { u64::MAX } else { (1u64 << (8 * n)) - 1 };
    let signed = |v: u64| if n == 8 { v as i64 } else { i64::from(v as u32 as i32) };
    let float = |v: u64| if n == 8 { f64::from_bits(v) } else { f64::from(f32::from_bits(v as u32)) };
    let to_bits = |x: f64| if n == 8 { x.to_bits() } else { u64::from((x as f32).to_bits()) };
    let r = match op {
        AtomicOp::Add => old.wrapping_add(a),
        AtomicOp::Sub => old.wrapping_sub(a),
        AtomicOp::Inc => old.wrapping_add(1),
        AtomicOp::Dec => old.wrapping_sub(1),
        AtomicOp::Min => old.min(a & m),
        AtomicOp::Max => old.max(a & m),
        AtomicOp::MinSInt => signed(old).min(signed(a)) as u64,
        AtomicOp::MaxSInt => signed(old).max(signed(a)) as u64,
        AtomicOp::Xchg => a,
        AtomicOp::Cmpxchg => {
            if old == a & m {
                b
            } else {
                return None;
            }
        }
        AtomicOp::And => old & a,
        AtomicOp::Or => old | a,
        AtomicOp::Xor => old ^ a,
        AtomicOp::Fadd => to_bits(float(old) + float(a)),
        AtomicOp::Fsub => to_bits(float(old) - float(a)),
        AtomicOp::Fmin | AtomicOp::Fmax => {
            let r = min_max(op == AtomicOp::Fmax, Num::F(float(old)), Num::F(float(a)));
            to_bits(r.as_f64())
        }
        AtomicOp::Fcmpwr => {
            if float(old) == float(a) {
                b
            } else {
                return None;
            }
        }
    };
    Some(r & m)
}

/// A raw operand starts at a register boundary (`V.N` with N a multiple of the GRF size).
fn grf_aligned(cx: &Ctx, raw: Raw) -> Result<(), SimError> {
    if u32::from(raw.offset) % cx.grf != 0 {
        return Err(SimError::Malformed(format!(
            "raw operand at byte {} is not aligned to the {}-byte register",
            raw.offset, cx.grf
        )));
    }
    Ok(())
}
