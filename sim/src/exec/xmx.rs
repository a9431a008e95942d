//! The matrix engine's `dpas`/`dpasw` on the simulated registers: `dst = src0 + src2 x src1`,
//! walked the way vISA describes it: for each of the repeat count's rows, each systolic stage
//! adds to every dword channel the dot product of the next `OPS_PER_CHAN` elements of src2's row
//! with the packed elements of src1's channel. Float stages add in `f32` (a stage's products are
//! exact for 16-bit inputs, so only the stage sums round); integer ones wrap modulo 2^32.
//! `dpasw` computes the same as `dpas` for one thread (its sharing of src1 between two threads
//! is a scheduling matter). The lanes an execution mask disables keep their destination.

use super::control::enabled;
use super::state::Thread;
use super::Ctx;
use crate::error::SimError;
use crate::memory::Bytes;
use genxc_visa::model::{dpas_ops_per_chan, Precision};
use genxc_visa::{Exec, Inst, VisaType};
use half::{bf16, f16};

/// Element `i` (of `bits` bits, little-endian packed) of a dword, as a number of `p`.
pub fn dpas_element(p: Precision, dword: u32, i: u32) -> f64 {
    let bits = p.bits().min(32);
    let raw = if bits == 32 { dword } else { dword >> (i * bits) & ((1u32 << bits) - 1) };
    match p {
        Precision::BF => f64::from(bf16::from_bits(raw as u16).to_f32()),
        Precision::HF => f64::from(f16::from_bits(raw as u16).to_f32()),
        // tf32: the dword's high 19 bits (the low 13 of the mantissa ignored)
        Precision::TF32 => f64::from(f32::from_bits(raw & 0xffff_e000)),
        _ if p.is_signed_int() => {
            let shift = 32 - bits;
            f64::from(((raw << shift) as i32) >> shift)
        }
        _ => f64::from(raw),
    }
}

impl Thread {
    /// Executes a `dpas`/`dpasw`.
    pub(super) fn dpas(&mut self, cx: &Ctx, inst: &Inst, mask: u32) -> Result<(), SimError> {
        let Inst::Dpas { exec, dst, src0, src1, src2, w, a, depth, repeat, .. } = inst else {
            return Err(SimError::Malformed("not a dpas".into()));
        };
        let lanes = u32::from(exec.size);
        let ops = dpas_ops_per_chan(*w, *a);
        // src1 operands one dword holds, and the dwords of src2 one row takes
        let per_dw = (32 / (ops * w.bits())).max(1);
        let depth = u32::from(*depth);
        let row_dws = depth * ops * a.bits() / 32;
        let dty = cx.layout.slot(cx.k, dst.var)?.ty;
        let float = matches!(dty, VisaType::F | VisaType::HF);
        if float != w.is_float() {
            return Err(SimError::Malformed(
                "dpas: the destination type does not match the precisions".into(),
            ));
        }
        let esize = if dty == VisaType::HF { 2 } else { 4 };
        let s1 = self.raw_bytes(cx, *src1, 0, lanes * 4 * depth.div_ceil(per_dw))?;
        let src2_raw = genxc_visa::Raw { var: src2.var, offset: 0 };
        let s2 = self.raw_bytes(cx, src2_raw, 0, row_dws * 4 * u32::from(*repeat))?;
        if !s1.all_defined() || !s2.all_defined() {
            return Err(SimError::Undefined("a matrix input of dpas was never written".into()));
        }
        let on = enabled(Exec { nomask: exec.nomask, ..*exec }, mask);
        for r in 0..u32::from(*repeat) {
            let mut out = self.raw_bytes(cx, *dst, r * lanes * esize, lanes * esize)?;
            let acc = if src0.var == genxc_visa::VarId::NULL {
                Bytes::zeros((lanes * esize) as usize)
            } else {
                self.raw_bytes(cx, *src0, r * lanes * esize, lanes * esize)?
            };
            for i in (0..lanes).filter(|i| on >> i & 1 == 1) {
                let (c, cdef) = acc.get((i * esize) as usize, esize as usize);
                let mut int = c as u32;
                let mut fl =
                    if esize == 2 { f16::from_bits(c as u16).to_f32() } else { f32::from_bits(c as u32) };
                for d in 0..depth {
                    let b = s1.get((((d / per_dw) * lanes + i) * 4) as usize, 4).0 as u32;
                    let mut dot_i = 0i64;
                    let mut dot_f = 0f64;
                    for k in 0..ops {
                        let bk = dpas_element(*w, b, (d % per_dw) * ops + k);
                        // element (d * ops + k) of row r of src2
                        let idx = d * ops + k;
                        let per_a = 32 / a.bits().min(32);
                        let adw = s2.get(((r * row_dws + idx / per_a) * 4) as usize, 4).0 as u32;
                        let ak = dpas_element(*a, adw, idx % per_a);
                        if float {
                            dot_f += ak * bk;
                        } else {
                            dot_i += (ak * bk) as i64;
                        }
                    }
                    if float {
                        fl = (f64::from(fl) + dot_f) as f32;
                    } else {
                        int = int.wrapping_add(dot_i as u32);
                    }
                }
                let v = match dty {
                    VisaType::F => u64::from(fl.to_bits()),
                    VisaType::HF => u64::from(f16::from_f32(fl).to_bits()),
                    _ => u64::from(int),
                };
                out.set((i * esize) as usize, esize as usize, v, cdef);
            }
            self.set_raw(cx, *dst, r * lanes * esize, &out)?;
        }
        Ok(())
    }
}
