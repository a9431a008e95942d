//! Raw split sends (`raw_sends`) whose message descriptor the simulator decodes, as the data
//! port does: the oword block read and write of the data cache 0 (HDC, shared function 0xA) on a
//! binding-table surface or shared local memory, and the A64 (stateless, 64-bit address) oword
//! block read and write of the data cache 1 (shared function 0xC). The descriptor's fields:
//! binding-table index in bits 7:0 (255, stateless, for A64), block size in 10:8 (0: one oword;
//! 2: two owords; 3: four; 4: eight), message type in 18:14 (data cache 0: 0 oword block read, 1
//! oword aligned block read, whose header offset is in bytes, 8 oword block write; data cache 1: 20 A64 oword block read, 21 A64 oword block write), header
//! present in bit 19, response length in 24:20 and message length in 28:25 (GRFs). The header (the
//! first payload, one GRF) gives the block's offset in owords in its dword 2, or the A64 block's
//! byte address in its qword 0; a write's data is the second payload, whose length the
//! instruction says. Every other message (other shared functions, other message types,
//! `raw_send`, an end of thread, a predicate) is reported as not modeled, never guessed.

use super::state::Thread;
use super::Ctx;
use crate::error::SimError;
use crate::memory::{Memory, Space};
use genxc_visa::{Inst, SrcOp};

use genxc_visa::model::data_port::{
    A64_OWORD_BLOCK_READ, A64_OWORD_BLOCK_WRITE, ALIGNED_OWORD_BLOCK_READ, OWORD_BLOCK_READ,
    OWORD_BLOCK_WRITE, SFID_DC0, SFID_DC1,
};
/// Binding-table index of a stateless (A64) message.
const BTI_STATELESS: u32 = genxc_visa::model::data_port::BTI_STATELESS as u32;
/// Binding-table index of shared local memory.
const BTI_SLM: u32 = 254;
/// Largest binding-table index of a user surface.
const MAX_USER_BTI: u32 = 239;

/// The fields of a data-port message descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// Binding-table index (bits 7:0).
    pub bti: u32,
    /// Message-specific control (bits 13:8).
    pub control: u32,
    /// Message type (bits 18:14).
    pub msg_type: u32,
    /// Header present (bit 19).
    pub header: bool,
    /// Response length in GRFs (bits 24:20).
    pub rlen: u32,
    /// Message length in GRFs (bits 28:25).
    pub mlen: u32,
}

impl Descriptor {
    /// Splits a descriptor into its fields.
    pub fn decode(desc: u32) -> Descriptor {
        Descriptor {
            bti: desc & 0xFF,
            control: (desc >> 8) & 0x3F,
            msg_type: (desc >> 14) & 0x1F,
            header: desc >> 19 & 1 == 1,
            rlen: (desc >> 20) & 0x1F,
            mlen: (desc >> 25) & 0xF,
        }
    }

    /// Owords of an oword block message's block size field (`None`: not an oword block size the
    /// simulator models; 1 is the high half of the block, which no message of genxc uses).
    pub fn oword_block_owords(self) -> Option<u32> {
        match self.control {
            0 => Some(1),
            2 => Some(2),
            3 => Some(4),
            4 => Some(8),
            _ => None,
        }
    }
}

/// The descriptor's value: an immediate, or a defined scalar.
fn descriptor_value(t: &mut Thread, cx: &Ctx, desc: &SrcOp) -> Result<u32, SimError> {
    Ok(t.scalar(cx, desc, "descriptor of raw_sends")? as u32)
}

impl Thread {
    /// Executes a `raw_send`/`raw_sends` whose descriptor is modeled (see the module comment).
    pub fn raw_send(&mut self, cx: &Ctx, inst: &Inst, mem: &mut Memory) -> Result<(), SimError> {
        let Inst::RawSends {
            eot, pred, exec, sfid, num_src0, num_src1, num_dst, desc, src0, src1, dst, ..
        } = inst
        else {
            return Err(SimError::NotModeled("raw_send (a send with one payload)".into()));
        };
        if *eot {
            return Err(SimError::NotModeled("raw_sends ending the thread".into()));
        }
        if pred.is_some() || !exec.nomask {
            return Err(SimError::NotModeled("a predicated or masked raw_sends".into()));
        }
        let d = Descriptor::decode(descriptor_value(self, cx, desc)?);
        let write = match (*sfid, d.msg_type) {
            (SFID_DC0, OWORD_BLOCK_READ | ALIGNED_OWORD_BLOCK_READ) | (SFID_DC1, A64_OWORD_BLOCK_READ) => {
                false
            }
            (SFID_DC0, OWORD_BLOCK_WRITE) | (SFID_DC1, A64_OWORD_BLOCK_WRITE) => true,
            (SFID_DC0 | SFID_DC1, t) => {
                return Err(SimError::NotModeled(format!(
                    "data cache message type {t} (shared function {sfid:#x})"
                )))
            }
            (other, _) => {
                return Err(SimError::NotModeled(format!("raw_sends to shared function {other:#x}")))
            }
        };
        let Some(owords) = d.oword_block_owords() else {
            return Err(SimError::NotModeled(format!("data cache message control {:#x}", d.control)));
        };
        let data_grfs = (owords * 16).div_ceil(cx.grf);
        let (want_rlen, want_src1) = if write { (0, data_grfs) } else { (data_grfs, 0) };
        if !d.header || d.mlen != 1 || u32::from(*num_src0) != 1 || d.rlen != want_rlen {
            return Err(SimError::Malformed(format!(
                "an oword block {} descriptor {d:?} (one header GRF and {want_rlen} response GRFs expected)",
                if write { "write" } else { "read" }
            )));
        }
        if u32::from(*num_dst) != want_rlen || u32::from(*num_src1) != want_src1 {
            return Err(SimError::Malformed(format!(
                "raw_sends of an oword block of {owords} owords with {num_src1} data and {num_dst} response GRFs"
            )));
        }
        let (space, addr) = if *sfid == SFID_DC1 {
            if d.bti != BTI_STATELESS {
                return Err(SimError::NotModeled(format!(
                    "A64 block messages on binding-table index {}",
                    d.bti
                )));
            }
            (Space::Svm, self.raw_value(cx, *src0, 0, 8, "the address (header qword 0)")?)
        } else {
            let space = match d.bti {
                BTI_SLM => Space::Slm,
                b if b <= MAX_USER_BTI => Space::Surface(b),
                b => {
                    return Err(SimError::NotModeled(format!(
                        "oword block messages on binding-table index {b}"
                    )))
                }
            };
            let offset = self.raw_value(cx, *src0, 8, 4, "the offset (header dword 2)")?;
            // an aligned block read's offset is in bytes (as `oword_ld_unaligned`'s, which the
            // finalizer sends as this message), the others' in owords
            (space, if d.msg_type == ALIGNED_OWORD_BLOCK_READ { offset } else { offset * 16 })
        };
        if write {
            self.block_store(cx, mem, space, addr, owords * 16, *src1)
        } else {
            self.block_load(cx, mem, space, addr, owords * 16, *dst)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_the_finalizers_descriptors() {
        // descriptors of GenX_IR's listings: "oword block read x4" on BTI 1, "oword block write
        // x4" on BTI 2 (TGLLP), "oword block read x2" on BTI 0
        let rd = Descriptor::decode(0x0228_0301);
        assert_eq!((rd.bti, rd.msg_type, rd.header, rd.rlen, rd.mlen), (1, OWORD_BLOCK_READ, true, 2, 1));
        assert_eq!(rd.oword_block_owords(), Some(4));
        let wr = Descriptor::decode(0x020A_0302);
        assert_eq!((wr.bti, wr.msg_type, wr.header, wr.rlen, wr.mlen), (2, OWORD_BLOCK_WRITE, true, 0, 1));
        assert_eq!(Descriptor::decode(0x0218_0200).oword_block_owords(), Some(2));
        // an "oword aligned block read" (type 1) of the finalizer's argument prologue
        assert_eq!(Descriptor::decode(0x0218_42FD).msg_type, ALIGNED_OWORD_BLOCK_READ);
        // "a64 unaligned oword block read x8" and "write x1" (TGLLP)
        let a64 = Descriptor::decode(0x024D_04FF);
        assert_eq!(
            (a64.bti, a64.msg_type, a64.rlen, a64.oword_block_owords()),
            (255, A64_OWORD_BLOCK_READ, 4, Some(8))
        );
        let a64 = Descriptor::decode(0x020D_40FF);
        assert_eq!((a64.msg_type, a64.rlen, a64.oword_block_owords()), (A64_OWORD_BLOCK_WRITE, 0, Some(1)));
    }
}
