//! The `.isa` binary container reader: the inverse of [`crate::binary::write_isa`] for what it
//! writes (file header with its function table, kernel and function objects with their string
//! pool, declarations, inputs, attributes and instruction stream). Names come back as the binary
//! holds them, i.e. the writer's sanitized, de-duplicated names. What the writer never produces
//! (relocations, embedded Gen binaries, file-scope variables, declaration attributes, VME,
//! unknown opcodes or operand classes) is refused with a [`ReadError`] at its byte offset saying "not modeled"; truncated or
//! inconsistent input is an error, never a panic.

use crate::model::*;
use crate::read_text::ReadError;
use crate::target::{ALU_OPS, ATOMIC_OPS, CMP_OPS, LSC_SFIDS, MEDIA_MODS, OWORDS, SRC_MODS, VISA_TYPES};

type Res<T> = Result<T, ReadError>;

/// A little-endian cursor over the file; offsets in errors are file offsets.
struct Rd<'a> {
    b: &'a [u8],
    pos: usize,
}

impl<'a> Rd<'a> {
    fn err(&self, message: impl Into<String>) -> ReadError {
        ReadError::at_offset(self.pos, message)
    }
    fn take(&mut self, n: usize) -> Res<&'a [u8]> {
        match self.pos.checked_add(n).filter(|e| *e <= self.b.len()) {
            Some(end) => {
                let s = &self.b[self.pos..end];
                self.pos = end;
                Ok(s)
            }
            None => Err(self.err(format!("truncated: {n} more bytes expected"))),
        }
    }
    fn u8(&mut self) -> Res<u8> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Res<u16> {
        let s = self.take(2)?;
        Ok(u16::from_le_bytes([s[0], s[1]]))
    }
    fn u32(&mut self) -> Res<u32> {
        let s = self.take(4)?;
        Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    }
    fn u64(&mut self) -> Res<u64> {
        let s = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(s);
        Ok(u64::from_le_bytes(a))
    }
    /// A u32 index into the string pool, as the string.
    fn pool_string(&mut self, pool: &[String]) -> Res<String> {
        let at = self.pos;
        let i = self.u32()?;
        pool_name(at, pool, i)
    }
    /// An address, predicate, sampler or surface declaration: its name, its element count and an
    /// attribute count that must be zero.
    fn counted_decl(&mut self, pool: &[String], what: &str) -> Res<(String, u16)> {
        let name = self.pool_string(pool)?;
        let num_elts = self.u16()?;
        self.zero(&format!("{what} attribute count"))?;
        Ok((name, num_elts))
    }
    /// A header-table entry's name (u16 length, then the bytes) and the offset and size of its
    /// object, which must lie inside the file; `what` names the entry in errors.
    fn object_entry(&mut self, what: &str) -> Res<(String, usize, usize)> {
        let len = self.u16()? as usize;
        let np = self.pos;
        let name = std::str::from_utf8(self.take(len)?)
            .map_err(|_| ReadError::at_offset(np, format!("{what} name is not UTF-8")))?
            .to_string();
        let op = self.pos;
        let offset = self.u32()? as usize;
        let size = self.u32()? as usize;
        if offset.checked_add(size).is_none_or(|e| e > self.b.len()) {
            return Err(ReadError::at_offset(
                op,
                format!("{what} object of {size} bytes at 0x{offset:x} runs past the end of the file"),
            ));
        }
        Ok((name, offset, size))
    }
    /// The variable and function relocation counts of a header-table entry, which must be zero;
    /// `of` ends the error message (empty, or " of function <name>").
    fn no_relocations(&mut self, of: &str) -> Res<()> {
        for what in ["variable relocation count", "function relocation count"] {
            let at = self.pos;
            if self.u16()? != 0 {
                return Err(ReadError::at_offset(at, format!("not modeled: {what}{of}")));
            }
        }
        Ok(())
    }
    /// A byte that must be zero (a field the writer never sets).
    fn zero(&mut self, what: &str) -> Res<()> {
        let at = self.pos;
        match self.u8()? {
            0 => Ok(()),
            v => Err(ReadError::at_offset(at, format!("not modeled: {what} {v}"))),
        }
    }
}

fn exec_size(code: u8) -> Option<u8> {
    [1, 2, 4, 8, 16, 32].get(code as usize).copied()
}

fn region_value(code: u16) -> Option<u8> {
    match code {
        1..=7 => Some([0, 1, 2, 4, 8, 16, 32][code as usize - 1]),
        _ => None,
    }
}

fn visa_type(code: u8) -> Option<VisaType> {
    VISA_TYPES.iter().find(|r| r.code == code).map(|r| r.ty)
}

/// The fields every LSC message starts with: exec, predicate, shared function, L1 and L3 caching.
type LscHead = (Exec, Option<Pred>, LscSfid, (u8, u8));

/// The kernel being decoded, for operand ids and the address-of base's element size.
struct Dec<'a, 'k> {
    r: Rd<'a>,
    k: &'k Kernel,
    /// The kernel's string pool (`fcall` names its callee by string id).
    pool: &'k [String],
}

impl Dec<'_, '_> {
    fn exec_from(&self, at: usize, b: u8) -> Res<Exec> {
        let size = exec_size(b & 0xf)
            .ok_or_else(|| ReadError::at_offset(at, format!("bad exec size code {}", b & 0xf)))?;
        let em = b >> 4;
        Ok(Exec { size, mask: em & 7, nomask: em & 8 != 0 })
    }
    fn exec(&mut self) -> Res<Exec> {
        let at = self.r.pos;
        let b = self.r.u8()?;
        self.exec_from(at, b)
    }
    fn pred(&mut self) -> Res<Option<Pred>> {
        let at = self.r.pos;
        let w = self.r.u16()?;
        if w == 0 {
            return Ok(None);
        }
        let id = PredId(w & 0xfff);
        if w & 0x1000 != 0 || id.0 == 0 || id.0 as usize > self.k.preds.len() {
            return Err(ReadError::at_offset(at, format!("bad predicate word 0x{w:04x}")));
        }
        let ctrl = match (w >> 13) & 3 {
            0 => PredCtrl::None,
            1 => PredCtrl::Any,
            2 => PredCtrl::All,
            c => return Err(ReadError::at_offset(at, format!("not modeled: predicate control {c}"))),
        };
        Ok(Some(Pred { id, inverse: w & 0x8000 != 0, ctrl }))
    }
    fn var_id(&mut self) -> Res<VarId> {
        let at = self.r.pos;
        let v = VarId(self.r.u32()?);
        let known = if v.is_predefined() { v.predefined_name().is_some() } else { self.k.var(v).is_some() };
        if known {
            Ok(v)
        } else {
            Err(ReadError::at_offset(at, format!("unknown variable V{}", v.0)))
        }
    }
    fn addr_id(&mut self) -> Res<AddrId> {
        let at = self.r.pos;
        let a = AddrId(self.r.u16()?);
        if (a.0 as usize) < self.k.addrs.len() {
            Ok(a)
        } else {
            Err(ReadError::at_offset(at, format!("unknown address variable A{}", a.0)))
        }
    }
    fn pred_id(&mut self) -> Res<PredId> {
        let at = self.r.pos;
        let p = PredId(self.r.u16()?);
        if p.0 >= 1 && (p.0 as usize) <= self.k.preds.len() {
            Ok(p)
        } else {
            Err(ReadError::at_offset(at, format!("unknown predicate P{}", p.0)))
        }
    }
    fn surface(&mut self) -> Res<SurfaceId> {
        let at = self.r.pos;
        let s = SurfaceId(self.r.u8()?);
        if s.0 < NUM_PREDEF_SURFACES || ((s.0 - NUM_PREDEF_SURFACES) as usize) < self.k.surfaces.len() {
            Ok(s)
        } else {
            Err(ReadError::at_offset(at, format!("unknown surface T{}", s.0)))
        }
    }
    fn sampler(&mut self) -> Res<SamplerId> {
        let at = self.r.pos;
        let s = SamplerId(self.r.u8()?);
        if (s.0 as usize) < self.k.samplers.len() {
            Ok(s)
        } else {
            Err(ReadError::at_offset(at, format!("unknown sampler S{}", s.0)))
        }
    }
    /// The mode byte of `sample` / `load`: channels in bits 3:0, SIMD8 (0) or SIMD16 (1) in 5:4.
    fn sampler_mode(&mut self) -> Res<(Channels, Exec)> {
        let at = self.r.pos;
        let m = self.r.u8()?;
        let size = match (m >> 4) & 3 {
            0 => 8,
            1 => 16,
            _ => return Err(ReadError::at_offset(at, format!("bad sampler SIMD mode in 0x{m:02x}"))),
        };
        let c = m & 0xf;
        if c == 0 || m & 0xc0 != 0 {
            return Err(ReadError::at_offset(at, format!("bad sampler mode byte 0x{m:02x}")));
        }
        let channels = Channels { r: c & 1 != 0, g: c & 2 != 0, b: c & 4 != 0, a: c & 8 != 0 };
        Ok((channels, Exec::new(size)))
    }
    fn label(&mut self) -> Res<LabelId> {
        let at = self.r.pos;
        let l = LabelId(self.r.u16()?);
        if (l.0 as usize) < self.k.labels.len() {
            Ok(l)
        } else {
            Err(ReadError::at_offset(at, format!("unknown label {}", l.0)))
        }
    }
    fn region(&mut self, multi_ok: bool) -> Res<(Region, bool)> {
        let at = self.r.pos;
        let w = self.r.u16()?;
        let bad = || ReadError::at_offset(at, format!("bad region 0x{w:04x}"));
        let multi = w & 0xf == 0;
        if multi && !multi_ok {
            return Err(bad());
        }
        let vstride = if multi { 0 } else { region_value(w & 0xf).ok_or_else(bad)? };
        let width = region_value((w >> 4) & 0xf).ok_or_else(bad)?;
        let hstride = region_value((w >> 8) & 0xf).ok_or_else(bad)?;
        if w >> 12 != 0 || width == 32 || hstride > 4 {
            return Err(bad());
        }
        Ok((Region { vstride, width, hstride }, multi))
    }
    fn dst_hstride(&mut self) -> Res<u8> {
        let at = self.r.pos;
        let w = self.r.u16()?;
        match (w & 0xf0ff, region_value(w >> 8)) {
            (0, Some(h @ (1 | 2 | 4))) => Ok(h),
            _ => Err(ReadError::at_offset(at, format!("bad destination region 0x{w:04x}"))),
        }
    }
    fn ty(&mut self) -> Res<VisaType> {
        let at = self.r.pos;
        let c = self.r.u8()?;
        visa_type(c).ok_or_else(|| ReadError::at_offset(at, format!("bad type code {c}")))
    }
    fn modifier(&self, at: usize, code: u8) -> Res<SrcMod> {
        SRC_MODS
            .iter()
            .find(|r| r.code == code)
            .map(|r| r.modifier)
            .ok_or_else(|| ReadError::at_offset(at, format!("not modeled: source modifier {code}")))
    }
    fn addr_opnd_body(&mut self) -> Res<AddrOpnd> {
        let addr = self.addr_id()?;
        let elem = self.r.u8()?;
        let at = self.r.pos;
        let w = self.r.u8()?;
        let width = exec_size(w)
            .filter(|w| *w <= 16)
            .ok_or_else(|| ReadError::at_offset(at, format!("bad address width code {w}")))?;
        Ok(AddrOpnd { addr, elem, width })
    }

    fn src(&mut self) -> Res<SrcOp> {
        let at = self.r.pos;
        let head = self.r.u8()?;
        let modifier = self.modifier(at, (head >> 3) & 7)?;
        if head >> 6 != 0 {
            return Err(ReadError::at_offset(at, format!("bad operand byte 0x{head:02x}")));
        }
        let plain = |m: SrcMod| -> Res<()> {
            if m == SrcMod::None {
                Ok(())
            } else {
                Err(ReadError::at_offset(at, "not modeled: a modifier on this operand class"))
            }
        };
        Ok(match head & 7 {
            0 => {
                let var = self.var_id()?;
                let row = self.r.u8()?;
                let col = self.r.u8()?;
                let (region, _) = self.region(false)?;
                SrcOp::Gen(Src { var, row, col, region, modifier })
            }
            1 => {
                plain(modifier)?;
                SrcOp::Addr(self.addr_opnd_body()?)
            }
            2 => {
                plain(modifier)?;
                SrcOp::Pred(self.pred_id()?)
            }
            3 => {
                let addr = self.addr_id()?;
                let addr_elem = self.r.u8()?;
                let byte_offset = self.r.u16()? as i16;
                let ty = self.ty()?;
                let (region, multi) = self.region(true)?;
                SrcOp::Ind(IndSrc { addr, addr_elem, byte_offset, ty, region, multi, modifier })
            }
            5 => {
                plain(modifier)?;
                SrcOp::Imm(self.imm()?)
            }
            c => return Err(ReadError::at_offset(at, format!("not modeled: source operand class {c}"))),
        })
    }

    fn imm(&mut self) -> Res<Imm> {
        let at = self.r.pos;
        let t = self.r.u8()?;
        let wide = [VisaType::Q.code(), VisaType::UQ.code(), VisaType::DF.code()].contains(&t);
        let bits = if wide { self.r.u64()? } else { u64::from(self.r.u32()?) };
        let code = |ty: VisaType| ty.code() == t;
        let b32 = bits as u32;
        Ok(match t {
            _ if code(VisaType::D) => Imm::D(b32 as i32),
            _ if code(VisaType::UD) => Imm::UD(b32),
            _ if code(VisaType::W) => Imm::W(b32 as i16),
            _ if code(VisaType::UW) => Imm::UW(b32 as u16),
            _ if code(VisaType::B) => Imm::B(b32 as i8),
            _ if code(VisaType::UB) => Imm::UB(b32 as u8),
            _ if code(VisaType::Q) => Imm::Q(bits as i64),
            _ if code(VisaType::UQ) => Imm::UQ(bits),
            _ if code(VisaType::F) => Imm::F(f32::from_bits(b32)),
            _ if code(VisaType::DF) => Imm::DF(f64::from_bits(bits)),
            _ if code(VisaType::HF) => Imm::HF(b32 as u16),
            8 => Imm::V(b32),
            9 => Imm::VF(b32),
            12 => Imm::UV(b32),
            t => return Err(ReadError::at_offset(at, format!("not modeled: immediate type code {t}"))),
        })
    }

    /// A general destination; returns it and its saturation bit.
    fn gdst_body(&mut self) -> Res<Dst> {
        let var = self.var_id()?;
        let row = self.r.u8()?;
        let col = self.r.u8()?;
        let hstride = self.dst_hstride()?;
        Ok(Dst { var, row, col, hstride })
    }

    /// A destination operand and its saturation bit.
    fn dst(&mut self) -> Res<(DstOp, bool)> {
        let at = self.r.pos;
        let head = self.r.u8()?;
        let sat = match head >> 3 {
            0 => false,
            4 => true,
            _ => return Err(ReadError::at_offset(at, format!("not modeled: destination byte 0x{head:02x}"))),
        };
        let d = match head & 7 {
            0 => DstOp::Gen(self.gdst_body()?),
            1 => DstOp::Addr(self.addr_opnd_body()?),
            2 => DstOp::Pred(self.pred_id()?),
            3 => {
                let addr = self.addr_id()?;
                let addr_elem = self.r.u8()?;
                let byte_offset = self.r.u16()? as i16;
                let ty = self.ty()?;
                let hstride = self.dst_hstride()?;
                DstOp::Ind(IndDst { addr, addr_elem, byte_offset, ty, hstride })
            }
            c => return Err(ReadError::at_offset(at, format!("not modeled: destination class {c}"))),
        };
        if sat && !matches!(d, DstOp::Gen(_) | DstOp::Ind(_)) {
            return Err(ReadError::at_offset(at, "saturation on a predicate or address destination"));
        }
        Ok((d, sat))
    }

    /// A general destination without saturation.
    fn gdst(&mut self) -> Res<Dst> {
        let at = self.r.pos;
        match self.dst()? {
            (DstOp::Gen(g), false) => Ok(g),
            _ => Err(ReadError::at_offset(at, "expected a general destination")),
        }
    }

    fn raw(&mut self) -> Res<Raw> {
        let var = self.var_id()?;
        let offset = self.r.u16()?;
        Ok(Raw { var, offset })
    }

    fn raws<const N: usize>(&mut self) -> Res<[Raw; N]> {
        let mut out = [Raw::NULL; N];
        for r in out.iter_mut() {
            *r = self.raw()?;
        }
        Ok(out)
    }

    fn owords(&mut self) -> Res<Owords> {
        let at = self.r.pos;
        let c = self.r.u8()?;
        OWORDS
            .iter()
            .find(|r| r.code == c)
            .map(|r| r.size)
            .ok_or_else(|| ReadError::at_offset(at, format!("not modeled: oword size code {c}")))
    }

    fn channels(&mut self) -> Res<Channels> {
        let at = self.r.pos;
        let m = self.r.u8()?;
        if m == 0 || m > 15 {
            return Err(ReadError::at_offset(at, format!("bad channel mask {m}")));
        }
        Ok(Channels { r: m & 1 != 0, g: m & 2 != 0, b: m & 4 != 0, a: m & 8 != 0 })
    }

    fn atomic(&mut self) -> Res<(AtomicOp, u8)> {
        let at = self.r.pos;
        let b = self.r.u8()?;
        let op =
            ATOMIC_OPS.iter().find(|r| r.code == b & 0x1f).map(|r| r.op).ok_or_else(|| {
                ReadError::at_offset(at, format!("not modeled: atomic operation {}", b & 0x1f))
            })?;
        let bits = match b >> 5 {
            0 => 32,
            1 => 16,
            2 => 64,
            _ => return Err(ReadError::at_offset(at, format!("bad atomic byte 0x{b:02x}"))),
        };
        Ok((op, bits))
    }

    /// Two bytes that must be zero (a scale the writer never sets).
    fn zero_u16(&mut self, what: &str) -> Res<()> {
        let at = self.r.pos;
        match self.r.u16()? {
            0 => Ok(()),
            v => Err(ReadError::at_offset(at, format!("not modeled: {what} {v}"))),
        }
    }

    fn lsc_surface(&mut self) -> Res<LscSurface> {
        let at = self.r.pos;
        match self.src()? {
            SrcOp::Imm(Imm::UD(i)) => Ok(LscSurface::Imm(i)),
            SrcOp::Gen(Src { var, row: 0, col: 0, region: Region::SCALAR, modifier: SrcMod::None }) => {
                Ok(LscSurface::Var(var))
            }
            _ => Err(ReadError::at_offset(at, "not modeled: this LSC surface operand")),
        }
    }

    fn lsc_head(&mut self) -> Res<LscHead> {
        let exec = self.exec()?;
        let pred = self.pred()?;
        let at = self.r.pos;
        let s = self.r.u8()?;
        let sfid = LSC_SFIDS
            .iter()
            .find(|r| r.code == s)
            .map(|r| r.sfid)
            .ok_or_else(|| ReadError::at_offset(at, format!("not modeled: LSC shared function {s}")))?;
        let at = self.r.pos;
        let cache = (self.r.u8()?, self.r.u8()?);
        if cache.0 as usize >= LSC_CACHE_TEXT.len() || cache.1 as usize >= LSC_CACHE_TEXT.len() {
            return Err(ReadError::at_offset(at, "not modeled: LSC cache control"));
        }
        Ok((exec, pred, sfid, cache))
    }

    fn inst(&mut self) -> Res<Inst> {
        let at = self.r.pos;
        let opcode = self.r.u8()?;
        let bad = |what: String| ReadError::at_offset(at, what);
        if let Some(row) = ALU_OPS.iter().find(|r| r.opcode == opcode) {
            let exec = self.exec()?;
            // fcvt is the one ALU form without a predicate field
            let pred = if row.op == AluOp::Fcvt { None } else { self.pred()? };
            let (dst, sat) = self.dst()?;
            let mut srcs = Vec::with_capacity(row.srcs as usize);
            for _ in 0..row.srcs {
                srcs.push(self.src()?);
            }
            return Ok(Inst::Alu { op: row.op, pred, sat, exec, dst, srcs });
        }
        let inst = match opcode {
            0x31 => Inst::Label(self.label()?),
            0x30 => {
                let l = self.label()?;
                if l.0 == 0 || self.k.labels[l.0 as usize].kind != LabelKind::Subroutine {
                    return Err(bad(format!("label {} does not start a further subroutine", l.0)));
                }
                Inst::Subroutine(l)
            }
            0x85 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let (dst, sat) = self.dst()?;
                if sat {
                    return Err(bad("not modeled: bfn with .sat".into()));
                }
                let srcs = vec![self.src()?, self.src()?, self.src()?];
                let func = self.r.u8()?;
                Inst::Bfn { func, pred, exec, dst, srcs }
            }
            0x83 | 0x1C => {
                let exec = self.exec()?;
                let [dst, src0, src1] = self.raws()?;
                let at = self.r.pos;
                let src2 = match self.src()? {
                    SrcOp::Gen(g) => g,
                    _ => return Err(ReadError::at_offset(at, "dpas: src2 must be a general operand")),
                };
                let mut prec = || -> Res<Precision> {
                    let at = self.r.pos;
                    let c = self.r.u8()?;
                    Precision::from_code(c).ok_or_else(|| {
                        ReadError::at_offset(at, format!("dpas: unknown precision code {c:#x}"))
                    })
                };
                let (w, a) = (prec()?, prec()?);
                let depth = self.r.u8()?;
                let repeat = self.r.u8()?;
                Inst::Dpas { wide: opcode == 0x1C, exec, dst, src0, src1, src2, w, a, depth, repeat }
            }
            0x49 | 0x4A => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let dst = self.gdst()?;
                let carry = self.gdst()?;
                let src0 = self.src()?;
                let src1 = self.src()?;
                Inst::AddcSubb { sub: opcode == 0x4A, pred, exec, dst, carry, src0, src1 }
            }
            0x45 => {
                let exec = self.exec()?;
                let max = match self.r.u8()? {
                    0 => false,
                    1 => true,
                    m => return Err(bad(format!("not modeled: min/max selector {m}"))),
                };
                let (dst, sat) = self.dst()?;
                let src0 = self.src()?;
                let src1 = self.src()?;
                Inst::MinMax { max, sat, exec, dst, src0, src1 }
            }
            0x2C => {
                let exec = self.exec()?;
                let rc = self.r.u8()?;
                let rel = CMP_OPS
                    .iter()
                    .find(|r| r.code == rc)
                    .map(|r| r.rel)
                    .ok_or_else(|| bad(format!("not modeled: relation {rc}")))?;
                let dst = match self.dst()? {
                    (DstOp::Pred(p), false) => CmpDst::Pred(p),
                    (DstOp::Gen(g), false) => CmpDst::Gen(g),
                    _ => return Err(bad("not modeled: this cmp destination".into())),
                };
                let src0 = self.src()?;
                let src1 = self.src()?;
                Inst::Cmp { rel, exec, dst, src0, src1 }
            }
            0x2B => {
                let exec = self.exec()?;
                let dst = match self.dst()? {
                    (DstOp::Pred(p), false) => p,
                    _ => return Err(bad("setp writes a predicate".into())),
                };
                let src = self.src()?;
                Inst::Setp { exec, dst, src }
            }
            0x2D => {
                let exec = self.exec()?;
                let sat = self.r.pos;
                if self.r.u8()? != 6 {
                    return Err(ReadError::at_offset(sat, "movs writes a state operand"));
                }
                let class = self.r.u8()?;
                if class > 1 {
                    return Err(ReadError::at_offset(
                        sat,
                        "not modeled: movs to anything but a surface or a sampler",
                    ));
                }
                let id = self.r.u16()?;
                if class == 1 {
                    let dst = u8::try_from(id).map_err(|_| bad(format!("bad sampler id {id}")))?;
                    if dst as usize >= self.k.samplers.len() {
                        return Err(bad(format!("unknown sampler S{dst}")));
                    }
                    self.r.zero("sampler offset")?;
                    let src = self.src()?;
                    Inst::MovsSampler { exec, dst: SamplerId(dst), src }
                } else {
                    let dst = u8::try_from(id).map_err(|_| bad(format!("bad surface id {id}")))?;
                    let dst = SurfaceId(dst);
                    if dst.0 >= NUM_PREDEF_SURFACES
                        && (dst.0 - NUM_PREDEF_SURFACES) as usize >= self.k.surfaces.len()
                    {
                        return Err(bad(format!("unknown surface T{}", dst.0)));
                    }
                    self.r.zero("surface offset")?;
                    let src = self.src()?;
                    Inst::Movs { exec, dst, src }
                }
            }
            0x28 => {
                let exec = self.exec()?;
                let hp = self.r.pos;
                if self.r.u8()? != 1 {
                    return Err(ReadError::at_offset(hp, "addr_add writes an address operand"));
                }
                let dst = self.addr_opnd_body()?;
                let bp = self.r.pos;
                if self.r.u8()? != 0 {
                    return Err(ReadError::at_offset(bp, "not modeled: addr_add of a non-general base"));
                }
                let base = self.var_id()?;
                let row = self.r.u8()?;
                let col = self.r.u8()?;
                let region = self.r.u16()?;
                if row != 0 || region != 0 {
                    return Err(ReadError::at_offset(bp, "not modeled: this address-of operand"));
                }
                let elt = self.k.var_type(base).size() as u16;
                let base_offset = u16::from(col) * elt;
                let src1 = self.src()?;
                Inst::AddrAdd { exec, dst, base, base_offset, src1 }
            }
            0x32 | 0x33 | 0x6C => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let target = self.label()?;
                match opcode {
                    0x32 => Inst::Jmp { pred, exec, target },
                    0x33 => Inst::Call { pred, exec, target },
                    _ => Inst::Goto { pred, exec, target },
                }
            }
            0x34 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                Inst::Ret { pred, exec }
            }
            0x67 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let at = self.r.pos;
                let function = pool_name(at, self.pool, u32::from(self.r.u16()?))?;
                let arg_size = self.r.u8()?;
                let ret_size = self.r.u8()?;
                Inst::FCall { pred, exec, function, arg_size, ret_size }
            }
            0x51 => {
                let at = self.r.pos;
                Inst::File(pool_name(at, self.pool, self.r.u32()?)?)
            }
            0x52 => Inst::Loc(self.r.u32()?),
            0x50 => {
                let at = self.r.pos;
                let function = pool_name(at, self.pool, u32::from(self.r.u16()?))?;
                let (dst, _) = self.dst()?;
                Inst::FAddr { function, dst }
            }
            0x4F => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let addr = self.src()?;
                let arg_size = self.r.u8()?;
                let ret_size = self.r.u8()?;
                Inst::IFCall { pred, exec, addr, arg_size, ret_size }
            }
            0x68 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                Inst::FRet { pred, exec }
            }
            0x69 => {
                let exec = self.exec()?;
                let n = self.r.u8()?;
                let index = self.src()?;
                let mut targets = Vec::with_capacity(n as usize);
                for _ in 0..n {
                    targets.push(self.label()?);
                }
                Inst::SwitchJmp { exec, index, targets }
            }
            0x35 | 0x3C => {
                let size = self.owords()?;
                self.r.zero("oword_ld modifier")?;
                let surface = self.surface()?;
                let offset = self.src()?;
                let dst = self.raw()?;
                Inst::OwordLd { size, unaligned: opcode == 0x3C, surface, offset, dst }
            }
            0x36 => {
                let size = self.owords()?;
                let surface = self.surface()?;
                let offset = self.src()?;
                let src = self.raw()?;
                Inst::OwordSt { size, surface, offset, src }
            }
            0x37 | 0x38 => {
                let mp = self.r.pos;
                let m = self.r.u8()?;
                let modifier =
                    MEDIA_MODS.iter().find(|r| r.code == m).map(|r| r.modifier).ok_or_else(|| {
                        ReadError::at_offset(mp, format!("not modeled: media modifier {m}"))
                    })?;
                let surface = self.surface()?;
                let plane = self.r.u8()?;
                let width = self.r.u8()?;
                let height = self.r.u8()?;
                let x = self.src()?;
                let y = self.src()?;
                let data = self.raw()?;
                if opcode == 0x37 {
                    Inst::MediaLd { modifier, surface, plane, width, height, x, y, dst: data }
                } else {
                    Inst::MediaSt { modifier, surface, plane, width, height, x, y, src: data }
                }
            }
            0x39 | 0x3A => {
                let store = opcode == 0x3A;
                let ep = self.r.pos;
                let elt_size = match self.r.u8()? {
                    0 => 1,
                    1 => 2,
                    2 => 4,
                    e => return Err(ReadError::at_offset(ep, format!("bad element size code {e}"))),
                };
                if !store {
                    self.r.zero("gather modifier")?;
                }
                let lp = self.r.pos;
                let b = self.r.u8()?;
                let size = match b & 0xf {
                    0 => 8,
                    1 => 16,
                    2 => 1,
                    n => return Err(ReadError::at_offset(lp, format!("bad gather size code {n}"))),
                };
                let exec = Exec { size, mask: (b >> 4) & 7, nomask: b & 0x80 != 0 };
                let surface = self.surface()?;
                let global_offset = self.src()?;
                let [offsets, data] = self.raws()?;
                Inst::Gather { store, elt_size, exec, surface, global_offset, offsets, data }
            }
            0x78 | 0x79 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                self.r.zero("scaled block size")?;
                let bp = self.r.pos;
                let blocks = match self.r.u8()? {
                    0 => ScaledBlocks::B1,
                    1 => ScaledBlocks::B2,
                    2 => ScaledBlocks::B4,
                    n => return Err(ReadError::at_offset(bp, format!("not modeled: block count code {n}"))),
                };
                self.zero_u16("scale")?;
                let surface = self.surface()?;
                let global_offset = self.src()?;
                let [offsets, data] = self.raws()?;
                let store = opcode == 0x79;
                Inst::Scaled { store, pred, exec, blocks, surface, global_offset, offsets, data }
            }
            0x74 | 0x75 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let channels = self.channels()?;
                self.zero_u16("scale")?;
                let surface = self.surface()?;
                let global_offset = self.src()?;
                let [offsets, data] = self.raws()?;
                let store = opcode == 0x75;
                Inst::Scaled4 { store, pred, exec, channels, surface, global_offset, offsets, data }
            }
            0x40 => {
                let (channels, exec) = self.sampler_mode()?;
                let sampler = self.sampler()?;
                let surface = self.surface()?;
                let [u, v, r, dst] = self.raws()?;
                Inst::Sample { channels, exec, sampler, surface, u, v, r, dst }
            }
            0x43 => {
                let at = self.r.pos;
                let c = self.r.u8()?;
                if c == 0 || c & 0xf0 != 0 {
                    return Err(ReadError::at_offset(at, format!("bad avs channel byte 0x{c:02x}")));
                }
                let channels = Channels { r: c & 1 != 0, g: c & 2 != 0, b: c & 4 != 0, a: c & 8 != 0 };
                let sampler = self.sampler()?;
                let surface = self.surface()?;
                let (u, v, du, dv, u2d) = (self.src()?, self.src()?, self.src()?, self.src()?, self.src()?);
                let (group, vblock) = (self.src()?, self.src()?);
                let at = self.r.pos;
                let f = self.r.u8()?;
                let format = *UnormOutput::ALL
                    .get(usize::from(f))
                    .ok_or_else(|| ReadError::at_offset(at, format!("bad avs output format control {f}")))?;
                let v2d = self.src()?;
                let at = self.r.pos;
                let m = self.r.u8()?;
                let mode = AvsExecMode::ALL.into_iter().find(|x| x.code() == m).ok_or_else(|| {
                    ReadError::at_offset(at, format!("not modeled: avs execution mode {m}"))
                })?;
                let ief_bypass = self.src()?;
                let [dst] = self.raws()?;
                Inst::Avs {
                    channels,
                    format,
                    mode,
                    sampler,
                    surface,
                    u,
                    v,
                    du,
                    dv,
                    u2d,
                    group,
                    vblock,
                    v2d,
                    ief_bypass,
                    dst,
                }
            }
            0x41 => {
                let at = self.r.pos;
                let m = self.r.u8()?;
                let c = m & 0xf;
                if c == 0 || m & 0xc0 != 0 {
                    return Err(ReadError::at_offset(at, format!("bad sample_unorm channel byte 0x{m:02x}")));
                }
                let channels = Channels { r: c & 1 != 0, g: c & 2 != 0, b: c & 4 != 0, a: c & 8 != 0 };
                let format = UnormOutput::ALL[usize::from(m >> 4 & 3)];
                let sampler = self.sampler()?;
                let surface = self.surface()?;
                let (u, v, du, dv) = (self.src()?, self.src()?, self.src()?, self.src()?);
                let [dst] = self.raws()?;
                Inst::SampleUnorm { channels, format, sampler, surface, u, v, du, dv, dst }
            }
            0x6D | 0x6E => {
                let op_at = self.r.pos;
                let op_word = self.r.u16()?;
                let code = (op_word & 0xff) as u8;
                let known = if opcode == 0x6D {
                    Sample3dOp::from_code(code).is_some()
                } else {
                    Load3dOp::from_code(code).is_some()
                };
                if !known || op_word >> 9 != 0 {
                    return Err(ReadError::at_offset(
                        op_at,
                        format!("bad 3D sampler operation word 0x{op_word:04x}"),
                    ));
                }
                let pixel_null_mask = op_word & 0x100 != 0;
                let exec = self.exec()?;
                let pred = self.pred()?;
                let channels = self.channels()?;
                let aoffimmi = self.src()?;
                let sampler = if opcode == 0x6D { Some(self.sampler()?) } else { None };
                let surface = self.surface()?;
                let [dst] = self.raws()?;
                let n_at = self.r.pos;
                let n = self.r.u8()?;
                if n == 0 || n > 15 {
                    return Err(ReadError::at_offset(
                        n_at,
                        format!("3D sampler message with {n} parameters (1..15)"),
                    ));
                }
                let mut params = Vec::with_capacity(usize::from(n));
                for _ in 0..n {
                    let [p] = self.raws()?;
                    params.push(p);
                }
                match (sampler, Sample3dOp::from_code(code), Load3dOp::from_code(code)) {
                    (Some(sampler), Some(op), _) => Inst::Sample3d {
                        op,
                        pixel_null_mask,
                        pred,
                        exec,
                        channels,
                        aoffimmi,
                        sampler,
                        surface,
                        dst,
                        params,
                    },
                    (None, _, Some(op)) => Inst::Load3d {
                        op,
                        pixel_null_mask,
                        pred,
                        exec,
                        channels,
                        aoffimmi,
                        surface,
                        dst,
                        params,
                    },
                    _ => return Err(ReadError::at_offset(op_at, "bad 3D sampler operation")),
                }
            }
            0x42 => {
                let (channels, exec) = self.sampler_mode()?;
                let surface = self.surface()?;
                let [u, v, r, dst] = self.raws()?;
                Inst::Load { channels, exec, surface, u, v, r, dst }
            }
            0x4B | 0x4C => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let channels = self.channels()?;
                let surface = self.surface()?;
                let [u, v, r, lod, data] = self.raws()?;
                Inst::Typed4 { store: opcode == 0x4C, pred, exec, channels, surface, u, v, r, lod, data }
            }
            0x4E => self.svm(at)?,
            0x7D | 0x73 => {
                let ap = self.r.pos;
                let (op, bits) = self.atomic()?;
                if bits == 64 {
                    return Err(ReadError::at_offset(ap, "not modeled: 64-bit surface atomics"));
                }
                let half = bits == 16;
                let exec = self.exec()?;
                let pred = self.pred()?;
                let surface = self.surface()?;
                if opcode == 0x7D {
                    let [offsets, src0, src1, dst] = self.raws()?;
                    Inst::DwordAtomic { op, half, pred, exec, surface, offsets, src0, src1, dst }
                } else {
                    let [u, v, r, lod, src0, src1, dst] = self.raws()?;
                    Inst::TypedAtomic { op, half, pred, exec, surface, u, v, r, lod, src0, src1, dst }
                }
            }
            0x59 => Inst::Barrier,
            0x5A => Inst::Sync(ThreadSync::SamplerCacheFlush),
            0x5F => Inst::Sync(ThreadSync::Yield),
            0x5B => Inst::Sync(ThreadSync::Wait { mask: self.src()? }),
            0x7C => Inst::Sync(ThreadSync::SplitBarrier { signal: self.r.u8()? & 1 != 0 }),
            0x60 => {
                let signal = self.r.u8()? & 1 != 0;
                let id = self.src()?;
                let threads = self.src()?;
                // a wait's thread count field repeats the id
                let threads = if signal { threads } else { id };
                Inst::Sync(ThreadSync::NamedBarrier { signal, id, threads })
            }
            0x5C => {
                let m = self.r.u8()?;
                if m == 0x80 {
                    Inst::Fence(Fence { sw_only: true, ..Fence::default() })
                } else if m & 0x80 != 0 {
                    return Err(bad(format!("not modeled: fence mask 0x{m:02x}")));
                } else {
                    Inst::Fence(Fence {
                        local: m & 0x20 != 0,
                        sw_only: false,
                        commit: m & 1 != 0,
                        flush_i: m & 2 != 0,
                        flush_s: m & 4 != 0,
                        flush_c: m & 8 != 0,
                        flush_r: m & 0x10 != 0,
                        flush_l1: m & 0x40 != 0,
                    })
                }
            }
            0x89 => self.lsc(at)?,
            0x8B => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                if exec != Exec::nm(1) || pred.is_some() {
                    return Err(bad("not modeled: an lsc_fence with an exec or predicate".into()));
                }
                let s = self.r.u8()?;
                let sfid = LSC_SFIDS
                    .iter()
                    .find(|r| r.code == s)
                    .map(|r| r.sfid)
                    .ok_or_else(|| bad(format!("not modeled: LSC shared function {s}")))?;
                let op = self.r.u8()?;
                let scope = self.r.u8()?;
                if op as usize >= LSC_FENCE_OPS.len() || scope as usize >= LSC_SCOPES.len() {
                    return Err(bad("not modeled: this LSC fence operation or scope".into()));
                }
                Inst::LscFence { sfid, op, scope }
            }
            0x5D => {
                let sendc = match self.r.u8()? {
                    0 => false,
                    1 => true,
                    v => return Err(bad(format!("not modeled: raw_send flags {v}"))),
                };
                let exec = self.exec()?;
                let pred = self.pred()?;
                let exdesc = self.r.u32()?;
                let num_src = self.r.u8()?;
                let num_dst = self.r.u8()?;
                let desc = self.src()?;
                let [src, dst] = self.raws()?;
                Inst::RawSend { sendc, pred, exec, exdesc, num_src, num_dst, desc, src, dst }
            }
            0x7A => {
                let f = self.r.u8()?;
                if f > 3 {
                    return Err(bad(format!("not modeled: raw_sends flags {f}")));
                }
                let exec = self.exec()?;
                let pred = self.pred()?;
                let num_src0 = self.r.u8()?;
                let num_src1 = self.r.u8()?;
                let num_dst = self.r.u8()?;
                let sfid = self.r.u8()?;
                let exdesc = self.src()?;
                let desc = self.src()?;
                let [src0, src1, dst] = self.raws()?;
                Inst::RawSends {
                    sendc: f & 1 != 0,
                    eot: f & 2 != 0,
                    pred,
                    exec,
                    sfid,
                    num_src0,
                    num_src1,
                    num_dst,
                    exdesc,
                    desc,
                    src0,
                    src1,
                    dst,
                }
            }
            op => return Err(bad(format!("not modeled: opcode 0x{op:02x}"))),
        };
        Ok(inst)
    }

    /// The SVM messages (opcode 0x4E), by sub-opcode.
    fn svm(&mut self, at: usize) -> Res<Inst> {
        let sub = self.r.u8()?;
        Ok(match sub {
            1 | 2 => {
                let sp = self.r.pos;
                let code = self.r.u8()?;
                if code & !7 != 0 {
                    return Err(ReadError::at_offset(sp, "not modeled: unaligned SVM block access"));
                }
                self.r.pos = sp;
                let size = self.owords()?;
                let address = self.src()?;
                let data = self.raw()?;
                Inst::SvmBlock { store: sub == 2, size, address, data }
            }
            3 | 4 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let bp = self.r.pos;
                let block = match self.r.u8()? {
                    0 => SvmBlock::B1,
                    1 => SvmBlock::B4,
                    2 => SvmBlock::B8,
                    b => return Err(ReadError::at_offset(bp, format!("bad SVM block code {b}"))),
                };
                let np = self.r.pos;
                let num_blocks = match self.r.u8()? {
                    n @ 0..=3 => 1 << n,
                    n => return Err(ReadError::at_offset(np, format!("bad SVM block count code {n}"))),
                };
                let [addresses, data] = self.raws()?;
                Inst::SvmScatter { store: sub == 4, pred, exec, block, num_blocks, addresses, data }
            }
            5 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let (op, bits) = self.atomic()?;
                let [addresses, src0, src1, dst] = self.raws()?;
                Inst::SvmAtomic { op, bits, pred, exec, addresses, src0, src1, dst }
            }
            6 | 7 => {
                let exec = self.exec()?;
                let pred = self.pred()?;
                let channels = self.channels()?;
                self.zero_u16("scale")?;
                let base = self.src()?;
                let [offsets, data] = self.raws()?;
                Inst::SvmScaled4 { store: sub == 7, pred, exec, channels, base, offsets, data }
            }
            s => return Err(ReadError::at_offset(at, format!("not modeled: SVM sub-opcode {s}"))),
        })
    }

    /// The untyped LSC messages (opcode 0x89), 2D blocks included.
    fn lsc(&mut self, at: usize) -> Res<Inst> {
        let sub = self.r.u8()?;
        let (exec, pred, sfid, cache) = self.lsc_head()?;
        if sub == 3 || sub == 7 {
            if exec != Exec::nm(1) || pred.is_some() || sfid != LscSfid::Ugm {
                return Err(ReadError::at_offset(at, "not modeled: this 2D block message form"));
            }
            let sp = self.r.pos;
            let size = self.r.u8()?;
            let order = self.r.u8()?;
            let blocks = self.r.u8()?;
            let width = self.r.u16()?;
            let height = self.r.u16()?;
            let vnni = self.r.u8()?;
            let bits = match size {
                1..=4 => 8u8 << (size - 1),
                _ => return Err(ReadError::at_offset(sp, format!("not modeled: 2D block data size {size}"))),
            };
            if !matches!(order, 1 | 2) || vnni > 1 || blocks == 0 {
                return Err(ReadError::at_offset(sp, "not modeled: this 2D block shape"));
            }
            let shape =
                LscBlock2dShape { bits, blocks, width, height, transpose: order == 2, vnni: vnni == 1 };
            let d = self.raw()?;
            let mut surface = [LscSurface::Imm(0); 6];
            for s in surface.iter_mut() {
                *s = self.lsc_surface()?;
            }
            let s1 = self.raw()?;
            let store = sub == 7;
            let (data, other) = if store { (s1, d) } else { (d, s1) };
            if data.offset != 0 || other != Raw::NULL {
                return Err(ReadError::at_offset(at, "not modeled: this 2D block operand form"));
            }
            return Ok(Inst::LscBlock2d { store, cache, shape, surface, data: data.var });
        }
        let op = match sub {
            0 => LscOp::Load,
            2 => LscOp::LoadQuad,
            4 => LscOp::Store,
            6 => LscOp::StoreQuad,
            s => match LscAtomic::from_code(u64::from(s)) {
                Some(a) => LscOp::Atomic(a),
                None => return Err(ReadError::at_offset(at, format!("not modeled: LSC operation {s}"))),
            },
        };
        let mp = self.r.pos;
        let model_code = self.r.u8()?;
        let scale = self.r.u16()?;
        let offset = self.r.u32()? as i32;
        let size_code = self.r.u8()?;
        let bits = match size_code {
            2 => 32,
            3 => 64,
            _ => return Err(ReadError::at_offset(mp, format!("not modeled: LSC address size {size_code}"))),
        };
        if scale != 1 {
            return Err(ReadError::at_offset(mp, format!("not modeled: LSC address scale {scale}")));
        }
        let dp = self.r.pos;
        let dsize = self.r.u8()?;
        let order = self.r.u8()?;
        let elems_code = self.r.u8()?;
        let chmask_copy = self.r.u8()?;
        let (dbits, c32) = match dsize {
            1..=4 => (8u8 << (dsize - 1), false),
            5 => (8, true),
            6 => (16, true),
            _ => return Err(ReadError::at_offset(dp, format!("not modeled: LSC data size {dsize}"))),
        };
        let quad = matches!(op, LscOp::LoadQuad | LscOp::StoreQuad);
        let (elems, chmask) = if quad {
            if !(1..=15).contains(&elems_code) {
                return Err(ReadError::at_offset(dp, format!("bad channel mask {elems_code}")));
            }
            (1, elems_code)
        } else {
            let e = match elems_code {
                1..=4 => elems_code,
                5..=8 => 8 << (elems_code - 5),
                _ => return Err(ReadError::at_offset(dp, format!("bad LSC vector size code {elems_code}"))),
            };
            (e, 0)
        };
        if !matches!(order, 1 | 2) || chmask_copy != elems_code {
            return Err(ReadError::at_offset(dp, "not modeled: this LSC data shape"));
        }
        let shape = LscShape { bits: dbits, c32, elems, transpose: order == 2, chmask };
        let surface = self.lsc_surface()?;
        let model = match model_code {
            1 => LscAddrModel::Flat,
            2 => LscAddrModel::Bss(surface),
            4 => LscAddrModel::Bti(surface),
            m => return Err(ReadError::at_offset(mp, format!("not modeled: LSC address model {m}"))),
        };
        if model == LscAddrModel::Flat && surface != LscSurface::Imm(0) {
            return Err(ReadError::at_offset(mp, "a flat LSC address with a surface"));
        }
        let [d, a, s1, s2] = self.raws()?;
        if [d, a, s1, s2].iter().any(|r| r.offset != 0) {
            return Err(ReadError::at_offset(at, "not modeled: LSC operands with offsets"));
        }
        let (data, src1) = match op {
            LscOp::Store | LscOp::StoreQuad => {
                if d != Raw::NULL {
                    return Err(ReadError::at_offset(at, "an LSC store with a destination"));
                }
                (s1.var, VarId::NULL)
            }
            _ => (d.var, s1.var),
        };
        let addr = LscAddr { model, var: a.var, offset, bits };
        Ok(Inst::Lsc { op, sfid, cache, pred, exec, addr, shape, data, src1, src2: s2.var })
    }
}

/// A string of the pool by index.
fn pool_name(at: usize, pool: &[String], i: u32) -> Res<String> {
    pool.get(i as usize).cloned().ok_or_else(|| {
        ReadError::at_offset(at, format!("string index {i} outside the pool of {}", pool.len()))
    })
}

/// Decodes one kernel object starting at `base` (offsets in errors are file offsets).
/// Reads one kernel object, or a function object (`function`: no inputs, the GRFs of `%arg` and
/// `%retval` after the code size and entry, and an entry label only when it has subroutines).
fn kernel_object(bytes: &[u8], base: usize, size: usize, function: bool) -> Res<Kernel> {
    let end = base.checked_add(size).filter(|e| *e <= bytes.len()).ok_or_else(|| {
        ReadError::at_offset(base, format!("kernel object of {size} bytes runs past the end of the file"))
    })?;
    let mut r = Rd { b: &bytes[..end], pos: base };
    let n = r.u32()?;
    let mut pool = Vec::new();
    for _ in 0..n {
        let at = r.pos;
        let rest = &r.b[r.pos..];
        let len = rest.iter().position(|c| *c == 0).ok_or_else(|| r.err("unterminated string"))?;
        let s =
            std::str::from_utf8(&rest[..len]).map_err(|_| ReadError::at_offset(at, "string is not UTF-8"))?;
        pool.push(s.to_string());
        r.pos += len + 1;
    }
    let name = r.pool_string(&pool)?;
    let mut k = if function { Kernel::new_function(&name) } else { Kernel::new(&name) };
    k.labels.clear();
    let nvars = r.u32()?;
    for i in 0..nvars {
        let name = r.pool_string(&pool)?;
        let tp = r.pos;
        let ta = r.u8()?;
        let ty = visa_type(ta & 0xf)
            .ok_or_else(|| ReadError::at_offset(tp, format!("bad type code {}", ta & 0xf)))?;
        let align = crate::target::ALIGNS
            .iter()
            .find(|a| a.code == ta >> 4)
            .map(|a| a.align)
            .ok_or_else(|| ReadError::at_offset(tp, format!("bad align code {}", ta >> 4)))?;
        let num_elts = r.u16()?;
        let ap = r.pos;
        let alias_id = r.u32()?;
        let alias_off = r.u16()?;
        r.zero("alias scope")?;
        let mut input_output = false;
        for _ in 0..r.u8()? {
            let attr_at = r.pos;
            let attr = r.pool_string(&pool)?;
            let size = r.u8()?;
            if attr != VAR_ATTR_INPUT_OUTPUT || size != 0 {
                return Err(ReadError::at_offset(
                    attr_at,
                    format!("not modeled: variable attribute `{attr}`"),
                ));
            }
            input_output = true;
        }
        let alias = match alias_id {
            0 => None,
            a if a < NUM_PREDEF_VARS + i => Some((VarId(a), alias_off)),
            a => return Err(ReadError::at_offset(ap, format!("alias of unknown or later variable V{a}"))),
        };
        k.vars.push(VarDecl { name, ty, num_elts, align, alias, input_output });
    }
    let n = r.u16()?;
    for _ in 0..n {
        let (name, num_elts) = r.counted_decl(&pool, "address")?;
        k.addrs.push(AddrDecl { name, num_elts });
    }
    let n = r.u16()?;
    for _ in 0..n {
        let (name, num_elts) = r.counted_decl(&pool, "predicate")?;
        k.preds.push(PredDecl { name, num_elts });
    }
    let n = r.u16()?;
    for _ in 0..n {
        let name = r.pool_string(&pool)?;
        let kp = r.pos;
        let kind = match r.u8()? {
            0 => LabelKind::Block,
            1 => LabelKind::Subroutine,
            v => return Err(ReadError::at_offset(kp, format!("not modeled: label kind {v}"))),
        };
        r.zero("label attribute count")?;
        k.labels.push(LabelDecl { name, kind });
    }
    // a function without subroutines may declare no entry label (IGC writes none): its entry
    // is itself
    let entry_label = !(function && k.labels.is_empty());
    if !entry_label {
        k.labels.push(LabelDecl { name: name.clone(), kind: LabelKind::Subroutine });
    }
    if k.labels.first().map(|l| l.kind) != Some(LabelKind::Subroutine) {
        return Err(r.err("label 0 is not the entry subroutine"));
    }
    for state in [&mut k.samplers, &mut k.surfaces] {
        let n = r.u8()?;
        for _ in 0..n {
            let (name, num_elts) = r.counted_decl(&pool, "state")?;
            state.push(StateDecl { name, num_elts });
        }
    }
    if k.surfaces.len() + NUM_PREDEF_SURFACES as usize > 256 {
        return Err(r.err("too many surfaces"));
    }
    r.zero("VME variable count")?;
    let n = if function { 0 } else { r.u32()? };
    for _ in 0..n {
        let at = r.pos;
        let kind = r.u8()?;
        let id = r.u32()?;
        let offset = r.u16()?;
        let size = r.u16()?;
        let bad = || ReadError::at_offset(at, format!("input of unknown kind {} or id {id}", kind & 7));
        let target = match kind & 7 {
            0 if id >= NUM_PREDEF_VARS && k.var(VarId(id)).is_some() => InputTarget::Var(VarId(id)),
            1 if (id as usize) < k.samplers.len() => InputTarget::Sampler(SamplerId(id as u8)),
            2 if id < NUM_PREDEF_SURFACES as u32
                || ((id - NUM_PREDEF_SURFACES as u32) as usize) < k.surfaces.len() =>
            {
                InputTarget::Surface(SurfaceId(id as u8))
            }
            _ => return Err(bad()),
        };
        k.inputs.push(Input { target, offset, size, implicit: kind >> 3 });
    }
    let code_size = r.u32()? as usize;
    let ep = r.pos;
    let entry = r.u32()? as usize;
    // a function's %arg / %retval GRFs (IGC writes 0 and gives them as attributes too)
    let header_sizes = if function { Some((r.pos, r.u8()?, r.u8()?)) } else { None };
    let n = r.u16()?;
    for _ in 0..n {
        let at = r.pos;
        let aname = r.pool_string(&pool)?;
        let len = r.u8()? as usize;
        let vp = r.pos;
        let v = r.take(len)?;
        let bad = || ReadError::at_offset(vp, format!("bad value of kernel attribute {aname}"));
        let attr = match (aname.as_str(), v) {
            ("Target", [t @ (0 | 1)]) => KernelAttr::Target3d(*t == 1),
            ("SLMSize", [a, b, c, d]) => KernelAttr::SlmSize(u32::from_le_bytes([*a, *b, *c, *d])),
            ("PerThreadInputSize", [a, b, c, d]) => {
                KernelAttr::PerThreadInputSize(u32::from_le_bytes([*a, *b, *c, *d]))
            }
            ("SimdSize", [s @ (8 | 16 | 32)]) => KernelAttr::SimdSize(*s),
            ("NoBarrier", []) => KernelAttr::NoBarrier,
            ("ArgSize", [n]) => KernelAttr::ArgSize(*n),
            ("RetValSize", [n]) => KernelAttr::RetValSize(*n),
            ("NBarrierCnt", [n]) => KernelAttr::NBarrierCnt(*n),
            ("OutputAsmPath", p) => {
                KernelAttr::OutputAsmPath(String::from_utf8(p.to_vec()).map_err(|_| bad())?)
            }
            (
                "Target" | "SLMSize" | "PerThreadInputSize" | "SimdSize" | "NoBarrier" | "ArgSize"
                | "RetValSize",
                _,
            ) => return Err(bad()),
            (other, _) => {
                return Err(ReadError::at_offset(at, format!("not modeled: kernel attribute {other}")))
            }
        };
        k.attrs.push(attr);
    }
    if let Some((at, arg, ret)) = header_sizes {
        let (a, v) = k.call_sizes();
        if (arg != 0 && Some(arg) != a) || (ret != 0 && Some(ret) != v) {
            return Err(ReadError::at_offset(
                at,
                format!("function sizes {arg}/{ret} differ from its ArgSize/RetValSize attributes"),
            ));
        }
        if a.is_none() && arg != 0 {
            k.attrs.push(KernelAttr::ArgSize(arg));
        }
        if v.is_none() && ret != 0 {
            k.attrs.push(KernelAttr::RetValSize(ret));
        }
    }
    if base + entry != r.pos {
        return Err(ReadError::at_offset(ep, format!("code entry 0x{entry:x} is not where the code starts")));
    }
    let code_end = r.pos.checked_add(code_size).filter(|e| *e == end).ok_or_else(|| {
        ReadError::at_offset(ep, format!("code of {code_size} bytes does not end the kernel object"))
    })?;
    let mut d = Dec { r: Rd { b: &bytes[..code_end], pos: r.pos }, k: &k, pool: &pool };
    let lp = d.r.pos;
    if entry_label && (d.r.u8()? != 0x30 || d.r.u16()? != 0) {
        return Err(ReadError::at_offset(lp, "the code does not open with the entry subroutine label"));
    }
    let mut body = Vec::new();
    while d.r.pos < code_end {
        body.push(d.inst()?);
    }
    k.body = body;
    Ok(k)
}

/// Reads every kernel of an `.isa` file written by [`crate::binary::write_isa`] or
/// [`crate::binary::try_write_isa`], then its `.global_function`s.
pub fn read_isa(bytes: &[u8]) -> Result<Vec<Kernel>, ReadError> {
    let mut r = Rd { b: bytes, pos: 0 };
    if r.u32()? != 0x4153_4943 {
        return Err(ReadError::at_offset(0, "not a vISA file (no CISA magic)"));
    }
    let vp = r.pos;
    let (major, minor) = (r.u8()?, r.u8()?);
    if (major, minor) != (4, 1) {
        return Err(ReadError::at_offset(vp, format!("not modeled: vISA version {major}.{minor}")));
    }
    let n = r.u16()?;
    let mut objects = Vec::new();
    for _ in 0..n {
        let (name, offset, size) = r.object_entry("kernel")?;
        let _input_offset = r.u32()?;
        r.no_relocations("")?;
        r.zero("Gen binary count")?;
        objects.push((name, offset, size, false));
    }
    let at = r.pos;
    if r.u16()? != 0 {
        return Err(ReadError::at_offset(at, "not modeled: file-scope variables"));
    }
    let n = r.u16()?;
    for _ in 0..n {
        let _linkage = r.u8()?;
        let (name, offset, size) = r.object_entry("function")?;
        r.no_relocations(&format!(" of function {name}"))?;
        objects.push((name, offset, size, true));
    }
    let mut kernels = Vec::new();
    for (name, offset, size, function) in objects {
        let k = kernel_object(bytes, offset, size, function)?;
        if k.name != name {
            return Err(ReadError::at_offset(offset, format!("object named {} under {name}", k.name)));
        }
        kernels.push(k);
    }
    Ok(kernels)
}
