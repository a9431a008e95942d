//! The operands and modifiers of vISA's message instructions: block sizes and channel masks of
//! the oword, media, scaled and SVM messages, atomic operations, fences, the LSC messages' shared
//! functions, operations, addresses, data shapes and 2D blocks, and the one walk of a message
//! instruction's operands ([`Inst::message_operands`]) that the text writer, the binary writer and
//! the validator share. Part of the vISA model ([`crate::model`] re-exports it); spellings and
//! codes are tables in [`crate::target`].

use crate::model::{Inst, Raw, SrcOp, VarId};

/// The fixed codes of the data-port messages genxc sends raw (`raw_sends` with a descriptor it
/// builds itself): shared function ids, message types (descriptor bits 18:14) and the
/// stateless binding-table index. Selection encodes them; the simulator decodes them.
pub mod data_port {
    /// Shared function id of the data cache 0 (HDC) data port: oword block reads and writes.
    pub const SFID_DC0: u8 = 0xA;
    /// Shared function id of the data cache 1 data port: A64 (stateless) block reads and writes.
    pub const SFID_DC1: u8 = 0xC;
    /// HDC message type of an oword block read.
    pub const OWORD_BLOCK_READ: u32 = 0;
    /// HDC message type of an "oword aligned block read" (GenX_IR's name): the header's offset in
    /// bytes, a multiple of 4, as vISA's `oword_ld_unaligned` gives it.
    pub const ALIGNED_OWORD_BLOCK_READ: u32 = 1;
    /// HDC message type of an oword block write.
    pub const OWORD_BLOCK_WRITE: u32 = 8;
    /// Data cache 1 message type of an A64 (unaligned) oword block read.
    pub const A64_OWORD_BLOCK_READ: u32 = 20;
    /// Data cache 1 message type of an A64 oword block write.
    pub const A64_OWORD_BLOCK_WRITE: u32 = 21;
    /// Binding-table index of a stateless (A64) message.
    pub const BTI_STATELESS: u8 = 255;
}

/// Number of owords of a block message (1, 2, 4, 8; 16 only where the target allows); counts and
/// codes in [`crate::target::OWORDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owords {
    /// 1 oword (16 B).
    O1,
    /// 2 owords.
    O2,
    /// 4 owords.
    O4,
    /// 8 owords.
    O8,
    /// 16 owords.
    O16,
}

/// A channel mask for the `*4` messages (in-order subset of RGBA).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Channels {
    /// R.
    pub r: bool,
    /// G.
    pub g: bool,
    /// B.
    pub b: bool,
    /// A.
    pub a: bool,
}

impl Channels {
    /// All four channels.
    pub const RGBA: Channels = Channels { r: true, g: true, b: true, a: true };
    /// R only.
    pub const R: Channels = Channels { r: true, g: false, b: false, a: false };
    /// Text suffix, e.g. `RGBA`.
    pub fn text(self) -> String {
        let mut s = String::new();
        for (on, c) in [(self.r, 'R'), (self.g, 'G'), (self.b, 'B'), (self.a, 'A')] {
            if on {
                s.push(c);
            }
        }
        s
    }
    /// Binary mask: bit i set = channel i *enabled* (R = bit 0).
    pub fn bits(self) -> u8 {
        (self.r as u8) | (self.g as u8) << 1 | (self.b as u8) << 2 | (self.a as u8) << 3
    }
}

/// Bytes per lane of gather_scaled/scatter_scaled (`.1`, `.2`, `.4`); counts and codes in
/// [`crate::target::SCALED_BLOCKS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScaledBlocks {
    /// 1 byte.
    B1,
    /// 2 bytes.
    B2,
    /// 4 bytes.
    B4,
}

/// Block size of svm_gather/svm_scatter (`.1`, `.4`, `.8` bytes); sizes and codes in
/// [`crate::target::SVM_BLOCKS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SvmBlock {
    /// 1-byte blocks.
    B1,
    /// 4-byte blocks.
    B4,
    /// 8-byte blocks.
    B8,
}

/// Media block load modifier; spellings and codes in [`crate::target::MEDIA_MODS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MediaMod {
    /// `nomod`.
    NoMod,
    /// `modified` (media_ld only).
    Modified,
    /// `top` field.
    Top,
    /// `bottom` field.
    Bottom,
    /// `top_mod` (media_ld only).
    TopMod,
    /// `bottom_mod` (media_ld only).
    BottomMod,
}

/// dword_atomic operation; names, codes and source counts in [`crate::target::ATOMIC_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    /// add.
    Add,
    /// sub.
    Sub,
    /// inc.
    Inc,
    /// dec.
    Dec,
    /// min (unsigned).
    Min,
    /// max (unsigned).
    Max,
    /// xchg.
    Xchg,
    /// cmpxchg.
    Cmpxchg,
    /// and.
    And,
    /// or.
    Or,
    /// xor.
    Xor,
    /// minsint (signed min).
    MinSInt,
    /// maxsint (signed max).
    MaxSInt,
    /// fmax.
    Fmax,
    /// fmin.
    Fmin,
    /// fcmpwr.
    Fcmpwr,
    /// fadd.
    Fadd,
    /// fsub.
    Fsub,
}

/// Fence scope and flags (`fence_global.EI...`, `fence_local`, `fence_sw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Fence {
    /// Shared local memory fence (`fence_local`) instead of global.
    pub local: bool,
    /// Scheduling-only fence (`fence_sw`); other flags are ignored.
    pub sw_only: bool,
    /// E: commit enable (wait for completion).
    pub commit: bool,
    /// I: flush instruction cache.
    pub flush_i: bool,
    /// S: flush sampler cache.
    pub flush_s: bool,
    /// C: flush constant cache.
    pub flush_c: bool,
    /// R: flush render cache.
    pub flush_r: bool,
    /// L1: flush L1.
    pub flush_l1: bool,
}

impl Fence {
    /// The binary mask byte.
    pub fn mask(self) -> u8 {
        if self.sw_only {
            return 0x80;
        }
        (self.commit as u8)
            | (self.flush_i as u8) << 1
            | (self.flush_s as u8) << 2
            | (self.flush_c as u8) << 3
            | (self.flush_r as u8) << 4
            | (self.local as u8) << 5
            | (self.flush_l1 as u8) << 6
    }
}

/// A thread synchronization instruction besides `barrier` and the fences: the split-phase and
/// named barriers of a thread group, `wait`, `yield` and the sampler cache flush.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ThreadSync {
    /// `sbarrier.signal` / `sbarrier.wait` (opcode 0x7C): the two halves of the thread group's
    /// barrier.
    SplitBarrier {
        /// Signal (true) or wait (false).
        signal: bool,
    },
    /// `nbarrier.signal id threads` / `nbarrier.wait id` (opcode 0x60, PVC): named barrier `id`
    /// (0..31, ub), which `threads` (ub) threads signal before the waiting ones resume.
    NamedBarrier {
        /// Signal (true) or wait (false).
        signal: bool,
        /// Barrier id (ub scalar or immediate).
        id: SrcOp,
        /// Participating threads (ub scalar or immediate; ignored by a wait, whose binary form
        /// repeats the id here).
        threads: SrcOp,
    },
    /// `wait mask` (opcode 0x5B): waits for the notification bits of `mask` (uw).
    Wait {
        /// The notification mask.
        mask: SrcOp,
    },
    /// `yield` (opcode 0x5F): lets another thread of the EU run.
    Yield,
    /// `sampler_cache_flush` (opcode 0x5A).
    SamplerCacheFlush,
}

impl ThreadSync {
    /// The instruction's opcode in the binary form.
    pub fn opcode(&self) -> u8 {
        match self {
            ThreadSync::SplitBarrier { .. } => 0x7C,
            ThreadSync::NamedBarrier { .. } => 0x60,
            ThreadSync::Wait { .. } => 0x5B,
            ThreadSync::Yield => 0x5F,
            ThreadSync::SamplerCacheFlush => 0x5A,
        }
    }

    /// The text form's head: mnemonic and mode (`nbarrier.signal`).
    pub fn head(&self) -> &'static str {
        match self {
            ThreadSync::SplitBarrier { signal: true } => "sbarrier.signal",
            ThreadSync::SplitBarrier { signal: false } => "sbarrier.wait",
            ThreadSync::NamedBarrier { signal: true, .. } => "nbarrier.signal",
            ThreadSync::NamedBarrier { signal: false, .. } => "nbarrier.wait",
            ThreadSync::Wait { .. } => "wait",
            ThreadSync::Yield => "yield",
            ThreadSync::SamplerCacheFlush => "sampler_cache_flush",
        }
    }
}

/// The shared function an LSC message goes to; spellings and codes in [`crate::target::LSC_SFIDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LscSfid {
    /// Untyped global memory (`ugm`).
    Ugm,
    /// Untyped global memory, low-bandwidth path (`ugml`; fences only).
    Ugml,
    /// Typed global memory (`tgm`; fences only).
    Tgm,
    /// Shared local memory (`slm`).
    Slm,
}

/// The operation of an LSC message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LscOp {
    /// `lsc_load` (a prefetch is a load into `%null`).
    Load,
    /// `lsc_store`.
    Store,
    /// `lsc_load_quad`: the enabled channels ([`LscShape::chmask`]) of a 4-dword vector per lane.
    LoadQuad,
    /// `lsc_store_quad`.
    StoreQuad,
    /// `lsc_atomic_<op>`.
    Atomic(LscAtomic),
}

/// The atomic operation of an `lsc_atomic_*` message (spelling, sub-opcode and sources in
/// [`crate::target::LSC_ATOMIC_OPS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LscAtomic {
    /// `iinc`: add one.
    Iinc,
    /// `idec`: subtract one.
    Idec,
    /// `load`: read atomically.
    Load,
    /// `store`: write atomically.
    Store,
    /// `iadd`: integer add.
    Iadd,
    /// `isub`: integer subtract.
    Isub,
    /// `smin`: signed minimum.
    Smin,
    /// `smax`: signed maximum.
    Smax,
    /// `umin`: unsigned minimum.
    Umin,
    /// `umax`: unsigned maximum.
    Umax,
    /// `icas`: integer compare and swap.
    Icas,
    /// `fadd`: float add.
    Fadd,
    /// `fsub`: float subtract.
    Fsub,
    /// `fmin`: float minimum.
    Fmin,
    /// `fmax`: float maximum.
    Fmax,
    /// `fcas`: float compare and swap.
    Fcas,
    /// `and`: bitwise and.
    And,
    /// `or`: bitwise or.
    Or,
    /// `xor`: bitwise exclusive or.
    Xor,
}

impl LscOp {
    /// The LSC sub-opcode (`lsc_load` 0, `lsc_load_quad` 2, `lsc_store` 4, `lsc_store_quad` 6,
    /// atomics 8..=26).
    pub fn code(self) -> u8 {
        match self {
            LscOp::Load => 0,
            LscOp::LoadQuad => 2,
            LscOp::Store => 4,
            LscOp::StoreQuad => 6,
            LscOp::Atomic(op) => op.code(),
        }
    }
}

/// How an LSC message addresses memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LscAddrModel {
    /// `flat[...]`: 64-bit (stateless) or 32-bit (SLM) addresses.
    Flat,
    /// `bti(S)[...]`: 32-bit byte offsets into the binding-table surface `S`.
    Bti(LscSurface),
    /// `bss(S)[...]`: 32-bit byte offsets into the bindless surface whose surface-state offset
    /// is `S`.
    Bss(LscSurface),
}

/// The surface operand of a `bti`/`bss` LSC address: an immediate or a ud scalar variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LscSurface {
    /// A constant binding-table index (or surface-state offset).
    Imm(u32),
    /// A ud scalar holding it.
    Var(VarId),
}

impl LscAddrModel {
    /// The surface operand (`None` for flat addresses).
    pub fn surface(self) -> Option<LscSurface> {
        match self {
            LscAddrModel::Flat => None,
            LscAddrModel::Bti(s) | LscAddrModel::Bss(s) => Some(s),
        }
    }
    /// The text name and the binary address type (`LSC_ADDR_TYPE`).
    fn spelling(self) -> (&'static str, u8) {
        match self {
            LscAddrModel::Flat => ("flat", 1),
            LscAddrModel::Bss(_) => ("bss", 2),
            LscAddrModel::Bti(_) => ("bti", 4),
        }
    }
    /// The text name (`flat`, `bti`, `bss`).
    pub fn name(self) -> &'static str {
        self.spelling().0
    }
    /// Binary address type (`LSC_ADDR_TYPE`: flat 1, bss 2, bti 4).
    pub fn code(self) -> u8 {
        self.spelling().1
    }
}

/// The address operand of an LSC message: `model[var+offset]:a<size>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LscAddr {
    /// Addressing model.
    pub model: LscAddrModel,
    /// Per-lane (or, transposed, the single) address variable.
    pub var: VarId,
    /// Immediate byte offset added to every address.
    pub offset: i32,
    /// Address size in bits (32 or 64).
    pub bits: u8,
}

/// The data shape of an LSC message `:d<size>[c32][x<elems>][t]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LscShape {
    /// Bits in memory per element (8, 16, 32, 64).
    pub bits: u8,
    /// 8/16-bit data held in 32-bit lanes (`c32`).
    pub c32: bool,
    /// Elements per address (1, 2, 3, 4, 8, 16, 32, 64).
    pub elems: u8,
    /// Transposed (one address, the elements across the register: a block access).
    pub transpose: bool,
    /// Quad messages: the enabled channels (bit 0 x ... bit 3 w; 0 for the other messages).
    pub chmask: u8,
}

impl LscShape {
    /// Binary data size code (d8 1, d16 2, d32 3, d64 4, d8u32 5, d16u32 6).
    pub fn size_code(self) -> u8 {
        let code = match self.bits {
            8 => 1,
            16 => 2,
            32 => 3,
            _ => 4,
        };
        if self.c32 {
            code + 4
        } else {
            code
        }
    }
    /// Binary elements-per-address code (1..=4 as is, 8 5, 16 6, 32 7, 64 8); quad messages
    /// give their channel mask instead, which shares the field's storage.
    pub fn elems_code(self) -> u8 {
        if self.chmask != 0 {
            return self.chmask;
        }
        match self.elems {
            e @ 1..=4 => e,
            e => 2 + e.trailing_zeros() as u8,
        }
    }
    /// Bytes of register data for `lanes` addresses: transposed elements are packed; otherwise
    /// each element takes a lane slot of at least 32 bits.
    pub fn data_bytes(self, lanes: u8) -> u32 {
        if self.transpose {
            u32::from(self.elems) * u32::from(self.bits) / 8
        } else if self.chmask != 0 {
            u32::from(lanes) * self.chmask.count_ones() * 4
        } else {
            u32::from(lanes) * u32::from(self.elems) * u32::from(self.bits.max(32)) / 8
        }
    }
    /// Text form (`d32x4t`, quad messages `d32.xyw`).
    pub fn text(self) -> String {
        let mut t = format!("d{}{}", self.bits, if self.c32 { "c32" } else { "" });
        if self.chmask != 0 {
            t.push('.');
            for (bit, c) in ['x', 'y', 'z', 'w'].into_iter().enumerate() {
                if self.chmask >> bit & 1 != 0 {
                    t.push(c);
                }
            }
            return t;
        }
        if self.elems > 1 || self.transpose {
            t.push_str(&format!("x{}", self.elems));
        }
        if self.transpose {
            t.push('t');
        }
        t
    }
}

/// The block shape of a 2D block message `:d<size>.[<blocks>x]<width>x<height><t|n><t|n>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LscBlock2dShape {
    /// Bits per element (8, 16, 32, 64).
    pub bits: u8,
    /// Blocks side by side (1, 2, 4).
    pub blocks: u8,
    /// Block width in elements.
    pub width: u16,
    /// Block height in rows.
    pub height: u16,
    /// Transposed.
    pub transpose: bool,
    /// VNNI transform (packing rows into dwords).
    pub vnni: bool,
}

impl LscBlock2dShape {
    /// Binary data size code (d8 1, d16 2, d32 3, d64 4).
    pub fn size_code(self) -> u8 {
        2 + self.bits.trailing_zeros() as u8 - 4
    }
    /// Text form (`d16.2x8x16nt`).
    pub fn text(self) -> String {
        let blocks = if self.blocks > 1 { format!("{}x", self.blocks) } else { String::new() };
        let tn = |on: bool| if on { 't' } else { 'n' };
        format!(
            "d{}.{blocks}{}x{}{}{}",
            self.bits,
            self.width,
            self.height,
            tn(self.transpose),
            tn(self.vnni)
        )
    }
}

/// LSC fence cache operation text names by code.
pub const LSC_FENCE_OPS: [&str; 6] = ["none", "evict", "invalidate", "discard", "clean", "flushl3"];

/// LSC fence scope text names by code.
pub const LSC_SCOPES: [&str; 7] = ["group", "local", "tile", "gpu", "gpus", "sysrel", "sysacq"];

/// LSC cache control text names by code (0 = default ... 6 = read-invalidate).
pub const LSC_CACHE_TEXT: [&str; 7] = ["df", "uc", "ca", "wb", "wt", "st", "ri"];

/// An operand of a message instruction after its header: a source (a descriptor, offset or
/// address, read as a scalar) or a raw register operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MsgOperand<'a> {
    /// A source operand.
    Src(&'a SrcOp),
    /// A raw operand.
    Raw(Raw),
}

/// The operands of one message instruction, in order (see [`Inst::message_operands`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MsgOperands<'a> {
    items: [MsgOperand<'a>; MsgOperands::CAPACITY],
    len: usize,
}

impl<'a> MsgOperands<'a> {
    /// The most operands a message has (a `load_3d`-family message: a result and 15 parameters).
    pub const CAPACITY: usize = 16;

    /// The sources, then the raw operands.
    fn new(srcs: &[&'a SrcOp], raws: &[Raw]) -> MsgOperands<'a> {
        let mut items = [MsgOperand::Raw(Raw::NULL); MsgOperands::CAPACITY];
        let all = srcs.iter().copied().map(MsgOperand::Src).chain(raws.iter().copied().map(MsgOperand::Raw));
        let mut len = 0;
        for (slot, o) in items.iter_mut().zip(all) {
            *slot = o;
            len += 1;
        }
        debug_assert_eq!(len, srcs.len() + raws.len(), "more message operands than MsgOperands holds");
        MsgOperands { items, len }
    }

    /// The operands.
    pub fn as_slice(&self) -> &[MsgOperand<'a>] {
        &self.items[..self.len]
    }

    /// The operands, to reorder.
    pub fn as_mut_slice(&mut self) -> &mut [MsgOperand<'a>] {
        &mut self.items[..self.len]
    }
}

impl<'a> IntoIterator for MsgOperands<'a> {
    type Item = MsgOperand<'a>;
    type IntoIter = std::iter::Take<std::array::IntoIter<MsgOperand<'a>, { MsgOperands::CAPACITY }>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

impl Inst {
    /// The source and raw operands of a message instruction (block, media, gather and scatter
    /// messages, the atomics, the sampler's `sample`, `sample_unorm` and `load`, `raw_send` and `raw_sends`) in the order its binary form lists them
    /// after the fixed fields, which is also the order of its text form except for svm_atomic,
    /// whose text puts the old values (the last operand) before the sources. `None` for the other
    /// instructions. The text writer, the binary writer and the validator all walk these.
    pub fn message_operands(&self) -> Option<MsgOperands<'_>> {
        let ops = match self {
            Inst::OwordLd { offset, dst: data, .. }
            | Inst::OwordSt { offset, src: data, .. }
            | Inst::SvmBlock { address: offset, data, .. } => MsgOperands::new(&[offset], &[*data]),
            Inst::MediaLd { x, y, dst: data, .. } | Inst::MediaSt { x, y, src: data, .. } => {
                MsgOperands::new(&[x, y], &[*data])
            }
            Inst::Gather { global_offset: base, offsets, data, .. }
            | Inst::Scaled { global_offset: base, offsets, data, .. }
            | Inst::Scaled4 { global_offset: base, offsets, data, .. }
            | Inst::SvmScaled4 { base, offsets, data, .. } => MsgOperands::new(&[base], &[*offsets, *data]),
            Inst::Typed4 { u, v, r, lod, data, .. } => MsgOperands::new(&[], &[*u, *v, *r, *lod, *data]),
            Inst::Sample { u, v, r, dst, .. } | Inst::Load { u, v, r, dst, .. } => {
                MsgOperands::new(&[], &[*u, *v, *r, *dst])
            }
            Inst::Load3d { dst, params, .. } | Inst::Sample3d { dst, params, .. } => {
                let raws: Vec<Raw> = std::iter::once(*dst).chain(params.iter().copied()).collect();
                MsgOperands::new(&[], &raws)
            }
            Inst::SampleUnorm { u, v, du, dv, dst, .. } => MsgOperands::new(&[u, v, du, dv], &[*dst]),
            Inst::SvmScatter { addresses, data, .. } => MsgOperands::new(&[], &[*addresses, *data]),
            Inst::DwordAtomic { offsets: addresses, src0, src1, dst, .. }
            | Inst::SvmAtomic { addresses, src0, src1, dst, .. } => {
                MsgOperands::new(&[], &[*addresses, *src0, *src1, *dst])
            }
            Inst::TypedAtomic { u, v, r, lod, src0, src1, dst, .. } => {
                MsgOperands::new(&[], &[*u, *v, *r, *lod, *src0, *src1, *dst])
            }
            Inst::RawSend { desc, src, dst, .. } => MsgOperands::new(&[desc], &[*src, *dst]),
            Inst::Sync(ThreadSync::NamedBarrier { signal: true, id, threads }) => {
                MsgOperands::new(&[id, threads], &[])
            }
            Inst::Sync(ThreadSync::NamedBarrier { signal: false, id, .. }) => MsgOperands::new(&[id], &[]),
            Inst::Sync(ThreadSync::Wait { mask }) => MsgOperands::new(&[mask], &[]),
            Inst::RawSends { exdesc, desc, src0, src1, dst, .. } => {
                MsgOperands::new(&[exdesc, desc], &[*src0, *src1, *dst])
            }
            _ => return None,
        };
        Some(ops)
    }
}
