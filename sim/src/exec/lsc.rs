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
//! Bindless (`bss`) addressing and the 2D block messages are not modeled.

use super::messages::atomic_result;
use super::state::Thread;
use super::Ctx;
use crate::error::SimError;
use crate::memory::{Bytes, Memory, Space};
use genxc_visa::{AtomicOp, Inst, LscAddrModel, LscAtomic, LscOp, LscSfid, LscSurface, Raw, VarId};

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
            return Err(SimError::NotModeled("LSC 2D block messages".into()));
        };
        let space = match (sfid, addr.model) {
            (LscSfid::Slm, LscAddrModel::Flat) => Space::Slm,
            (LscSfid::Ugm, LscAddrModel::Flat) => Space::Svm,
            (LscSfid::Ugm, LscAddrModel::Bti(s)) => Space::Surface(match s {
                LscSurface::Imm(b) => b,
                LscSurface::Var(v) => {
                    self.scalar(cx, &genxc_visa::Src::scalar(v, 0).into(), "LSC surface")? as u32
                }
            }),
            (_, LscAddrModel::Bss(_)) => {
                return Err(SimError::NotModeled("LSC bindless (bss) addressing".into()))
            }
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
                    mem.write(space, a + u64::from(k * eb), &b);
                }
            } else if *data != VarId::NULL {
                let mut out = Bytes::default();
                for k in 0..u32::from(shape.elems) {
                    out.extend(&mem.read(space, a + u64::from(k * eb), eb as usize));
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
                        mem.write(space, a + u64::from(moff), &b);
                    }
                }
                _ => {
                    for &(moff, roff) in &elems {
                        let b = mem.read(space, a + u64::from(moff), eb as usize);
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
