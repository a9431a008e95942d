//! Oword block messages sent raw, with a header genxc builds in place.
//!
//! For every `oword_ld`/`oword_ld_unaligned`/`oword_st` the finalizer copies the offset into a fresh message header
//! (dword 2 of a GRF), one copy per message. Here the regalloc variable holding an offset that
//! oword block messages on a known binding-table index read is declared as dword 2 of a
//! GRF-sized header variable (an alias), so the instruction that computes the offset writes the
//! header itself, and every message with that offset sends the same header: the messages are
//! `raw_sends` to the data cache (HDC) with the descriptor the finalizer would have built for the
//! vISA form. A message whose offset is not such a variable (a constant, an argument, a baled
//! region) or whose surface is only known at run time keeps the vISA form, as do the platforms
//! whose descriptors were not checked against the finalizer (SKL, ICLLP, MTL).

use super::*;
use foldhash::HashSet;
use genxc_genx::ir::inst_index;
use genxc_visa::model::Raw;

use genxc_visa::model::data_port::{
    A64_OWORD_BLOCK_READ, A64_OWORD_BLOCK_WRITE, ALIGNED_OWORD_BLOCK_READ, BTI_STATELESS, OWORD_BLOCK_READ,
    OWORD_BLOCK_WRITE,
};
pub(crate) use genxc_visa::model::data_port::{SFID_DC0, SFID_DC1};

/// Where a block message reads its address in its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HeaderSlot {
    /// The offset in owords of an oword block message on a surface: dword 2.
    OwordOffset,
    /// The 64-bit address of an A64 block message: qword 0.
    A64Address,
}

impl HeaderSlot {
    /// The byte of the header the slot starts at.
    pub fn byte(self) -> u16 {
        match self {
            HeaderSlot::OwordOffset => 8,
            HeaderSlot::A64Address => 0,
        }
    }

    /// The bytes of the value in the slot.
    fn size(self) -> u32 {
        match self {
            HeaderSlot::OwordOffset => 4,
            HeaderSlot::A64Address => 8,
        }
    }
}

/// An oword block read or write of the data port, on a binding-table surface (data cache 0) or
/// at a 64-bit address (A64, data cache 1), as its message descriptor says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OwordBlock {
    /// A write (data in the second payload) rather than a read.
    pub write: bool,
    /// Owords moved: 1, 2, 4 or 8.
    pub owords: u32,
    /// Binding-table index of the surface; `None` for an A64 block.
    pub bti: Option<u8>,
    /// An unaligned read on a surface (`oword_ld_unaligned`): the header's offset is in bytes (a
    /// multiple of 4) rather than owords.
    pub unaligned: bool,
}

impl OwordBlock {
    /// The block size field (descriptor bits 10:8): 1 oword (the low half of a header-sized
    /// block), 2, 4 or 8 owords.
    fn block_size_code(self) -> Option<u32> {
        match self.owords {
            1 => Some(0),
            2 => Some(2),
            4 => Some(3),
            8 => Some(4),
            _ => None,
        }
    }

    /// GRFs of the data (the response of a read, the second payload of a write).
    pub fn data_grfs(self, grf: u32) -> u32 {
        (self.owords * 16).div_ceil(grf)
    }

    /// The message descriptor: message length (the header, one GRF) in bits 28:25, response
    /// length in 24:20, header present (bit 19), message type in 18:14, block size in 10:8,
    /// binding-table index in 7:0.
    pub fn descriptor(self, grf: u32) -> Option<u32> {
        let rlen = if self.write { 0 } else { self.data_grfs(grf) };
        let ty = match (self.bti.is_none(), self.write) {
            (false, false) if self.unaligned => ALIGNED_OWORD_BLOCK_READ,
            (false, false) => OWORD_BLOCK_READ,
            (false, true) => OWORD_BLOCK_WRITE,
            (true, false) => A64_OWORD_BLOCK_READ,
            (true, true) => A64_OWORD_BLOCK_WRITE,
        };
        let size = self.block_size_code()?;
        let bti = self.bti.unwrap_or(BTI_STATELESS);
        Some(1 << 25 | rlen << 20 | 1 << 19 | ty << 14 | size << 8 | u32::from(bti))
    }

    /// The shared function of the message.
    pub fn sfid(self) -> u8 {
        if self.bti.is_some() {
            SFID_DC0
        } else {
            SFID_DC1
        }
    }

    /// The extended descriptor of the split send: the length of the second payload (bits 10:6).
    pub fn ex_descriptor(self, grf: u32) -> u32 {
        if self.write {
            self.data_grfs(grf) << 6
        } else {
            0
        }
    }
}

/// Which oword block messages of a function are sent raw with a header built in place.
#[derive(Clone, Debug, Default)]
pub(crate) struct HeaderPlan {
    /// Regalloc variables declared as the address slot of a header.
    pub offset_vars: HashMap<u32, HeaderSlot>,
    /// Messages whose constant offset another message of their block has too.
    pub shared_constants: HashSet<InstId>,
    /// Regalloc variables of read results smaller than a GRF, declared a whole GRF long (the
    /// response of a raw read fills whole GRFs).
    pub padded: HashSet<u32>,
}

/// Whether oword block messages are sent raw on `platform` (the platforms whose HDC descriptors
/// were checked against the finalizer's own for the vISA form).
pub(crate) fn sends_raw_oword_blocks(platform: Platform) -> bool {
    matches!(platform, Platform::Tgllp | Platform::Dg2 | Platform::Pvc)
}

impl Selector<'_> {
    /// The regalloc variables of the current function to declare as the offset dword of a
    /// message header: the offsets of oword block loads and stores of at least one oword on a
    /// surface whose binding-table index is known, held in a variable of their own (a 32-bit
    /// scalar, not an argument, not an alias, not a variable of another function), that two or
    /// more messages read, or one in a loop, or one after a call the offset lives across, or one
    /// and other instructions. (The finalizer
    /// builds the header of a message in place when nothing else reads its offset; sent raw, such
    /// a header only moves, and the scoreboard may cost more.)
    ///
    /// Also the messages whose offset is a constant another message of their block has too: they
    /// share one header, written once.
    pub(crate) fn plan_block_headers(&self) -> HeaderPlan {
        let mut out = HeaderPlan::default();
        if !sends_raw_oword_blocks(self.platform) {
            return out;
        }
        let f = self.f();
        // blocks between the target and the source of a backward branch (in layout order) are
        // in a loop
        let pos: HashMap<BlockId, usize> = f.layout.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let mut in_loop = vec![false; f.layout.len()];
        for (i, &b) in f.layout.iter().enumerate() {
            for s in f.blocks[b].term.successors() {
                if let Some(&j) = pos.get(&s) {
                    if j <= i {
                        in_loop[j..=i].iter_mut().for_each(|x| *x = true);
                    }
                }
            }
        }
        // reads as the offset of an oword block message, a read in a loop counted twice
        let mut reads: HashMap<u32, (HeaderSlot, u32, u32)> = HashMap::default();
        for (at, &b) in f.layout.iter().enumerate() {
            let mut constants: HashMap<u64, Vec<InstId>> = HashMap::default();
            // the position in the block of its last call so far
            let insts = &f.blocks[b].insts;
            let mut last_call = None;
            for (pos, &i) in insts.iter().enumerate() {
                if matches!(f.insts[i].kind, InstKind::Call { .. }) {
                    last_call = Some(pos);
                }
                let InstKind::Intrinsic { id, ref args } = f.insts[i].kind else { continue };
                let (surface, offset, data, read) = match id {
                    IntrinsicId::OwordLd | IntrinsicId::OwordLdUnaligned if args.len() == 3 => {
                        (Some(args[1]), args[2], f.value_type(Value::Inst(i)), true)
                    }
                    IntrinsicId::OwordSt if args.len() == 3 => {
                        (Some(args[0]), args[1], f.value_type(args[2]), false)
                    }
                    IntrinsicId::SvmBlockLd | IntrinsicId::SvmBlockLdUnaligned if args.len() == 1 => {
                        (None, args[0], f.value_type(Value::Inst(i)), true)
                    }
                    IntrinsicId::SvmBlockSt if args.len() == 2 => {
                        (None, args[0], f.value_type(args[1]), false)
                    }
                    _ => continue,
                };
                let bytes = data.bytes();
                let known = surface.is_none_or(|v| self.known_bti(v).is_some());
                if !matches!(bytes, 16 | 32 | 64 | 128) || !known {
                    continue;
                }
                // the response is whole GRFs: a smaller result's variable is declared a GRF long
                if read && bytes < self.grf() {
                    if let Some(idx) = self.fx().asg.var(Value::Inst(i)) {
                        let var = &self.fx().asg.vars[idx.0 as usize];
                        if var.alias_of.is_none() && var.unit.is_none() && var.category == Category::General {
                            out.padded.insert(idx.0);
                        }
                    }
                }
                let slot = if surface.is_some() { HeaderSlot::OwordOffset } else { HeaderSlot::A64Address };
                if let Some(idx) = self.own_scalar(offset, slot) {
                    let r = reads.entry(idx.0).or_insert((slot, 0, 0));
                    if r.0 != slot {
                        continue;
                    }
                    r.1 += 1;
                    // an offset computed before a call of the same block lives across it in a
                    // variable of its own, which the finalizer copies into the header
                    let across_call = matches!((offset, last_call), (Value::Inst(d), Some(c))
                        if insts[..c].contains(&d));
                    r.2 += if in_loop[at] || across_call { 2 } else { 1 };
                } else if let (Some(_), Some(c)) = (surface, f.as_const(offset).and_then(|c| c.splat_value()))
                {
                    constants.entry(c).or_default().push(i);
                }
            }
            let shared = constants.into_values().filter(|m| m.len() >= 2);
            out.shared_constants.extend(shared.flatten());
        }
        if reads.is_empty() {
            return out;
        }
        // reads of each variable by any instruction or branch: the sum of its results' use
        // counts, unless a parameter lives in one of the variables planned (then counted by a
        // walk of the operands)
        let asg = &self.fx().asg;
        let mut uses = vec![0u32; asg.vars.len()];
        if self.fx().param_vars.iter().any(|v| reads.contains_key(&v.0)) {
            let mut count = |v: Value| {
                if let Some(idx) = asg.var(v) {
                    uses[idx.0 as usize] += 1;
                }
            };
            for &b in &f.layout {
                for &i in &f.blocks[b].insts {
                    f.insts[i].kind.for_each_operand(&mut count);
                }
                f.blocks[b].term.for_each_operand(&mut count);
            }
        } else {
            let counts = self.use_counts();
            for (i, _) in f.insts.iter() {
                let n = counts.get(inst_index(i)).copied().unwrap_or(0);
                if n > 0 {
                    if let Some(idx) = asg.var(Value::Inst(i)) {
                        uses[idx.0 as usize] += n;
                    }
                }
            }
        }
        let pays = |(v, (_, n, weight)): &(u32, (HeaderSlot, u32, u32))| {
            *weight >= 2 || uses.get(*v as usize).is_some_and(|u| u > n)
        };
        out.offset_vars.extend(reads.into_iter().filter(pays).map(|(v, (slot, ..))| (v, slot)));
        out
    }

    /// The header an oword block message `id` whose offset operand is `offset` sends, when it is
    /// sent raw: the header whose offset dword `offset` reads ([`Self::oword_header`]), or, for
    /// a constant the plan shares, the header holding it since the last label (written here when
    /// there is none).
    pub(crate) fn message_header(&mut self, id: InstId, offset: &SrcOp) -> R<Option<m::VarId>> {
        if let Some(h) = self.header_at(offset, HeaderSlot::OwordOffset) {
            return Ok(Some(h));
        }
        if !self.fx().block_headers.shared_constants.contains(&id) {
            return Ok(None);
        }
        let c = match *offset {
            SrcOp::Imm(Imm::UD(c)) => c,
            SrcOp::Imm(Imm::D(c)) => c as u32,
            _ => return Ok(None),
        };
        if let Some(&h) = self.constant_headers.get(&c) {
            return Ok(Some(h));
        }
        let h = self.temp(VisaType::UD, self.grf() / 4)?;
        let dst = m::Dst { var: h, row: 0, col: (HeaderSlot::OwordOffset.byte() / 4) as u8, hstride: 1 };
        self.push(mov(None, Exec::nm(1), dst.into(), Imm::UD(c).into()));
        self.constant_headers.insert(c, h);
        Ok(Some(h))
    }

    /// The regalloc variable of `v` when it is a scalar of its own of the slot's size (not baled,
    /// not an argument, not an alias, not another function's variable).
    fn own_scalar(&self, v: Value, slot: HeaderSlot) -> Option<VarIdx> {
        let Value::Inst(d) = v else { return None };
        let elem = if slot.size() == 8 { Elem::I64 } else { Elem::I32 };
        if self.fx().bales.is_baled(d) || self.f().value_type(v) != Type::Scalar(elem) {
            return None;
        }
        let idx = self.fx().asg.var(v)?;
        let var = &self.fx().asg.vars[idx.0 as usize];
        let own = var.alias_of.is_none()
            && var.unit.is_none()
            && var.category == Category::General
            && var.ty.num_elems() == 1;
        own.then_some(idx)
    }

    /// Declares the header variable of regalloc variable `idx` (named after `name`) when the plan
    /// of the current function says so; returns the header and the alias offset of the variable.
    pub(crate) fn header_of_planned(&mut self, idx: VarIdx, name: &str) -> R<Option<(m::VarId, u16)>> {
        let Some(&slot) = self.fx().block_headers.offset_vars.get(&idx.0) else {
            return Ok(None);
        };
        let dwords = self.grf() / 4;
        let h = self.add_var(joined(&[name, "_hdr"]), VisaType::UD, dwords, None)?;
        self.header_vars.insert(h);
        Ok(Some((h, slot.byte())))
    }

    /// The header variable `offset` is the address slot `slot` of, when it reads one in place: a
    /// scalar region of a view of the slot's size at the slot's byte of a header variable.
    pub(crate) fn header_at(&self, offset: &SrcOp, slot: HeaderSlot) -> Option<m::VarId> {
        let SrcOp::Gen(src) = offset else { return None };
        if src.modifier != SrcMod::None || src.region != m::Region::SCALAR || src.row != 0 {
            return None;
        }
        let mut var = src.var;
        let mut byte = u32::from(src.col) * slot.size();
        loop {
            if self.header_vars.contains(&var) {
                return (byte == u32::from(slot.byte())).then_some(var);
            }
            let decl = self.k.vars.get(var.0.checked_sub(m::NUM_PREDEF_VARS)? as usize)?;
            let (base, off) = decl.alias?;
            byte += u32::from(off);
            var = base;
        }
    }

    /// The binding-table index of a message's surface operand when it is known when compiling
    /// (a surface argument's fixed index, a constant user index, or shared local memory's 254
    /// where oword block messages reach it).
    pub(crate) fn known_bti(&self, v: Value) -> Option<u8> {
        match self.surface_operand(v).ok()? {
            surface::SurfaceOperand::Argument(_, bti) => u8::try_from(bti).ok(),
            surface::SurfaceOperand::Constant(b) if b <= surface::MAX_USER_BTI => u8::try_from(b).ok(),
            // shared local memory, where oword block messages reach it
            surface::SurfaceOperand::Constant(surface::BTI_SLM) if self.platform.info().has_oword_slm => {
                u8::try_from(surface::BTI_SLM).ok()
            }
            _ => None,
        }
    }

    /// Whether the response of a read of `block` fits in the destination `dst`: whole GRFs of
    /// its variable.
    pub(crate) fn response_fits(&self, block: OwordBlock, dst: Raw) -> bool {
        let Some(decl) = dst.var.0.checked_sub(m::NUM_PREDEF_VARS).and_then(|i| self.k.vars.get(i as usize))
        else {
            return false;
        };
        let bytes = u32::from(decl.num_elts) * decl.ty.size();
        dst.offset == 0 && bytes >= block.data_grfs(self.grf()) * self.grf()
    }

    /// Emits a block message as a `raw_sends` to the data cache: `header` is the header variable,
    /// `data` the destination of a read or the data of a write.
    pub(crate) fn raw_oword_block(&mut self, block: OwordBlock, header: m::VarId, data: Raw) -> R<()> {
        let grf = self.grf();
        let desc = block.descriptor(grf).ok_or_else(|| internal("an oword block of an unencodable size"))?;
        let n =
            u8::try_from(block.data_grfs(grf)).map_err(|_| internal("an oword block of too many GRFs"))?;
        let simd = if grf == 64 || block.owords >= 4 { 16 } else { 8 };
        let (num_src1, num_dst, src1, dst) =
            if block.write { (n, 0, data, Raw::NULL) } else { (0, n, Raw::NULL, data) };
        self.push(VInst::RawSends {
            sendc: false,
            eot: false,
            pred: None,
            exec: Exec::nm(simd),
            sfid: block.sfid(),
            num_src0: 1,
            num_src1,
            num_dst,
            exdesc: Imm::UD(block.ex_descriptor(grf)).into(),
            desc: Imm::UD(desc).into(),
            src0: Raw::of(header),
            src1,
            dst,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_are_the_finalizers() {
        // GenX_IR's listing of `oword_ld (4)`, `oword_ld (8)`, `oword_ld (2)`, `oword_st (4)` on
        // TGLLP (32-byte GRFs) and `oword_ld (4)` on PVC (64-byte GRFs)
        let ld4 = OwordBlock { write: false, owords: 4, bti: Some(1), unaligned: false };
        assert_eq!(ld4.descriptor(32), Some(0x0228_0301));
        assert_eq!(
            OwordBlock { write: false, owords: 8, bti: Some(0), unaligned: false }.descriptor(32),
            Some(0x0248_0400)
        );
        assert_eq!(
            OwordBlock { write: false, owords: 2, bti: Some(0), unaligned: false }.descriptor(32),
            Some(0x0218_0200)
        );
        let st4 = OwordBlock { write: true, owords: 4, bti: Some(2), unaligned: false };
        assert_eq!(st4.descriptor(32), Some(0x020A_0302));
        assert_eq!(st4.ex_descriptor(32), 0x80);
        assert_eq!(ld4.descriptor(64), Some(0x0218_0301));
        assert_eq!(
            OwordBlock { write: false, owords: 16, bti: Some(0), unaligned: false }.descriptor(32),
            None
        );
        // "a64 unaligned oword block read x8" (TGLLP; PVC: rd:2), "write x1"
        let a64 = OwordBlock { write: false, owords: 8, bti: None, unaligned: false };
        assert_eq!(
            (a64.descriptor(32), a64.descriptor(64), a64.sfid()),
            (Some(0x024D_04FF), Some(0x022D_04FF), SFID_DC1)
        );
        let a64 = OwordBlock { write: true, owords: 1, bti: None, unaligned: false };
        assert_eq!((a64.descriptor(32), a64.ex_descriptor(32)), (Some(0x020D_40FF), 0x40));
        // GenX_IR's listing of `oword_ld_unaligned (2)` on TGLLP
        let unaligned = OwordBlock { write: false, owords: 2, bti: Some(0), unaligned: true };
        assert_eq!(unaligned.descriptor(32), Some(0x0218_4200));
    }
}
