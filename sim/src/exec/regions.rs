//! Operand access: the elements a source region `V(row,col)<vstride;width,hstride>` reads (row in
//! GRFs, column in elements, lane `i` at row `i / width` and column `i % width`), the elements a
//! destination `V(row,col)<hstride>` writes, the same through address variables (one address, or
//! one address per row in the multi-address `<width,hstride>` form), immediates (packed ones
//! per lane), predicates and address variables as operands. A direct access outside its
//! variable's bytes, or an indirect one outside every variable, is a fault.

use super::state::{var_name, Thread};
use super::value::{self, Num};
use super::Ctx;
use crate::error::SimError;
use genxc_visa::{AddrId, AddrOpnd, DstOp, PredId, Region, SrcMod, SrcOp, VarId, VisaType};

/// One lane's value and whether it is defined.
pub type Val = (Num, bool);

impl Thread {
    /// The element type of a source operand (`v`/`uv`/`vf` as `w`/`uw`/`f`; predicates and
    /// address variables as `ud` and `uw`).
    pub fn src_type(&self, cx: &Ctx, op: &SrcOp) -> Result<VisaType, SimError> {
        Ok(match op {
            SrcOp::Gen(s) => cx.layout.slot(cx.k, s.var)?.ty,
            SrcOp::Ind(s) => s.ty,
            SrcOp::Imm(i) => value::imm_type(i),
            SrcOp::Pred(_) => VisaType::UD,
            SrcOp::Addr(_) => VisaType::UW,
        })
    }

    /// The element type of a destination (`None` for predicates and address variables).
    pub fn dst_type(&self, cx: &Ctx, op: &DstOp) -> Result<Option<VisaType>, SimError> {
        Ok(match op {
            DstOp::Gen(d) if d.var == VarId::NULL => None,
            DstOp::Gen(d) => Some(cx.layout.slot(cx.k, d.var)?.ty),
            DstOp::Ind(d) => Some(d.ty),
            DstOp::Pred(_) | DstOp::Addr(_) => None,
        })
    }

    /// Reads `bytes` register bytes at a file address as a little-endian value.
    pub fn reg_get(&mut self, cx: &Ctx, at: u32, bytes: u32, what: VarId) -> (u64, bool) {
        let (v, def) = self.regs.get(at as usize, bytes as usize);
        if !def {
            self.warn(format!("read of unwritten bytes of {}", var_name(cx.k, what)));
        }
        (v, def)
    }

    /// Records a warning (each text once, a few dozen at most).
    pub fn warn(&mut self, w: String) {
        if self.warnings.len() < 32 && !self.warnings.contains(&w) {
            self.warnings.push(w);
        }
    }

    /// The value of address variable element `A(elem)`; undefined is an error.
    pub fn addr_value(&self, a: AddrId, elem: usize) -> Result<u32, SimError> {
        match self.addrs.get(usize::from(a.0)).and_then(|v| v.get(elem)) {
            Some(&(v, true)) => Ok(v),
            Some(_) => Err(SimError::Undefined(format!("address A{}({elem}) was never set", a.0))),
            None => Err(SimError::Fault(format!("address element A{}({elem}) out of range", a.0))),
        }
    }

    /// Predicate bit `P(lane)`: (value, defined).
    pub fn pred_bit(&self, p: PredId, lane: usize) -> Result<(bool, bool), SimError> {
        let bits = p.0.checked_sub(1).and_then(|i| self.preds.get(usize::from(i)));
        match bits.map(|b| b.get(lane)) {
            Some(Some(&b)) => Ok(b),
            Some(None) => Err(SimError::Fault(format!("lane {lane} of predicate P{} out of range", p.0))),
            None => Err(SimError::Malformed(format!("undeclared predicate P{}", p.0))),
        }
    }

    /// The lanes predicate `p` declares.
    pub fn pred_lanes(&self, p: PredId) -> Result<usize, SimError> {
        p.0.checked_sub(1)
            .and_then(|i| self.preds.get(usize::from(i)))
            .map(Vec::len)
            .ok_or_else(|| SimError::Malformed(format!("undeclared predicate P{}", p.0)))
    }

    /// Sets predicate bit `P(lane)`.
    pub fn set_pred_bit(&mut self, p: PredId, lane: usize, v: bool, def: bool) -> Result<(), SimError> {
        let bits = p.0.checked_sub(1).and_then(|i| self.preds.get_mut(usize::from(i)));
        match bits.map(|b| b.get_mut(lane)) {
            Some(Some(b)) => {
                *b = (v, def);
                Ok(())
            }
            Some(None) => Err(SimError::Fault(format!("lane {lane} of predicate P{} out of range", p.0))),
            None => Err(SimError::Malformed(format!("undeclared predicate P{}", p.0))),
        }
    }

    /// Sets address element `A(elem)`.
    pub fn set_addr(&mut self, a: AddrOpnd, lane: usize, v: u32, def: bool) -> Result<(), SimError> {
        let elem = usize::from(a.elem) + lane;
        match self.addrs.get_mut(usize::from(a.addr.0)).and_then(|v| v.get_mut(elem)) {
            Some(slot) => {
                *slot = (v, def);
                Ok(())
            }
            None => Err(SimError::Fault(format!("address element A{}({elem}) out of range", a.addr.0))),
        }
    }

    /// The register-file byte address of lane `i` of a source, its element type, and the
    /// variable it belongs to (for messages).
    pub(super) fn src_elem(
        &self,
        cx: &Ctx,
        op: &SrcOp,
        i: usize,
    ) -> Result<(u32, VisaType, VarId), SimError> {
        let lane_off = |r: Region, esize: u32| -> Result<u32, SimError> {
            if r.width == 0 {
                return Err(SimError::Malformed("region of width 0".into()));
            }
            let (row, col) = (i as u32 / u32::from(r.width), i as u32 % u32::from(r.width));
            Ok((row * u32::from(r.vstride) + col * u32::from(r.hstride)) * esize)
        };
        match op {
            SrcOp::Gen(s) => {
                let slot = cx.layout.slot(cx.k, s.var)?;
                let es = slot.ty.size();
                let off = u32::from(s.row) * cx.grf + u32::from(s.col) * es + lane_off(s.region, es)?;
                if off + es > slot.size {
                    return Err(SimError::Fault(format!(
                        "read of {}({},{}) lane {i} at byte {off} is outside the variable ({} bytes)",
                        var_name(cx.k, s.var),
                        s.row,
                        s.col,
                        slot.size
                    )));
                }
                Ok((slot.start + off, slot.ty, s.var))
            }
            SrcOp::Ind(s) => {
                let es = s.ty.size();
                let at = if s.multi {
                    if s.region.width == 0 {
                        return Err(SimError::Malformed("region of width 0".into()));
                    }
                    let row = i / usize::from(s.region.width);
                    let col = (i % usize::from(s.region.width)) as u32;
                    let a = self.addr_value(s.addr, usize::from(s.addr_elem) + row)?;
                    i64::from(a)
                        + i64::from(s.byte_offset)
                        + i64::from(col * u32::from(s.region.hstride) * es)
                } else {
                    let a = self.addr_value(s.addr, usize::from(s.addr_elem))?;
                    i64::from(a) + i64::from(s.byte_offset) + i64::from(lane_off(s.region, es)?)
                };
                let at = self.indirect_in_file(cx, at, es)?;
                Ok((at, s.ty, VarId::NULL))
            }
            _ => Err(SimError::Malformed("not a register operand".into())),
        }
    }

    fn indirect_in_file(&self, cx: &Ctx, at: i64, len: u32) -> Result<u32, SimError> {
        match u32::try_from(at) {
            Ok(a) if cx.layout.inside_a_variable(a, len) => Ok(a),
            _ => Err(SimError::Fault(format!(
                "indirect access of {len} bytes at register address {at} is outside every variable"
            ))),
        }
    }

    /// Reads the lanes `0..size` of a source whose bit is set in `enabled` (other lanes give a
    /// defined zero and are not accessed), modifier applied.
    pub fn read_src(
        &mut self,
        cx: &Ctx,
        op: &SrcOp,
        size: usize,
        enabled: u32,
    ) -> Result<Vec<Val>, SimError> {
        let mut out = Vec::with_capacity(size);
        for i in 0..size {
            if enabled >> i & 1 == 0 {
                out.push((Num::I(0), true));
                continue;
            }
            let v = match op {
                SrcOp::Imm(imm) => (value::imm_value(imm, i), true),
                SrcOp::Pred(p) => {
                    // The predicate's bits as an integer (`mov dst P`).
                    let n = self.preds.get(usize::from(p.0.saturating_sub(1))).map_or(0, Vec::len);
                    let mut bits = 0u64;
                    let mut def = true;
                    for l in 0..n.min(32) {
                        let (b, d) = self.pred_bit(*p, l)?;
                        bits |= u64::from(b) << l;
                        def &= d;
                    }
                    (Num::I(i128::from(bits)), def)
                }
                SrcOp::Addr(a) => {
                    let elem = usize::from(a.elem) + if a.width > 1 { i } else { 0 };
                    (Num::I(i128::from(self.addr_value(a.addr, elem)? & 0xffff)), true)
                }
                SrcOp::Gen(_) | SrcOp::Ind(_) => {
                    let (at, ty, var) = self.src_elem(cx, op, i)?;
                    let (bits, def) = self.reg_get(cx, at, ty.size(), var);
                    (value::decode(ty, bits), def)
                }
            };
            let (ty, m) = match op {
                SrcOp::Gen(s) => (cx.layout.slot(cx.k, s.var)?.ty, s.modifier),
                SrcOp::Ind(s) => (s.ty, s.modifier),
                _ => (VisaType::UD, SrcMod::None),
            };
            out.push((value::modify(ty, v.0, m), v.1));
        }
        Ok(out)
    }

    /// The register-file byte address of lane `i` of a general or indirect destination.
    pub(super) fn dst_elem(&self, cx: &Ctx, op: &DstOp, i: usize) -> Result<(u32, VisaType), SimError> {
        match op {
            DstOp::Gen(d) => {
                let slot = cx.layout.slot(cx.k, d.var)?;
                let es = slot.ty.size();
                let off =
                    u32::from(d.row) * cx.grf + (u32::from(d.col) + i as u32 * u32::from(d.hstride)) * es;
                if off + es > slot.size {
                    return Err(SimError::Fault(format!(
                        "write of {}({},{}) lane {i} at byte {off} is outside the variable ({} bytes)",
                        var_name(cx.k, d.var),
                        d.row,
                        d.col,
                        slot.size
                    )));
                }
                Ok((slot.start + off, slot.ty))
            }
            DstOp::Ind(d) => {
                let es = d.ty.size();
                let a = self.addr_value(d.addr, usize::from(d.addr_elem))?;
                let at = i64::from(a)
                    + i64::from(d.byte_offset)
                    + (i as i64) * i64::from(d.hstride) * i64::from(es);
                Ok((self.indirect_in_file(cx, at, es)?, d.ty))
            }
            _ => Err(SimError::Malformed("not a register destination".into())),
        }
    }

    /// Writes lane `i` of a general or indirect destination: the low bytes of `bits` (already
    /// converted to the destination type). Writes to `%null` are dropped.
    pub fn write_dst(
        &mut self,
        cx: &Ctx,
        op: &DstOp,
        i: usize,
        bits: u64,
        def: bool,
    ) -> Result<(), SimError> {
        if matches!(op, DstOp::Gen(d) if d.var == VarId::NULL) {
            return Ok(());
        }
        let (at, ty) = self.dst_elem(cx, op, i)?;
        self.regs.set(at as usize, ty.size() as usize, bits, def);
        Ok(())
    }

    /// Writes element `index` (of `ty`-sized elements counted from the variable's start plus
    /// `byte_offset`) of a variable, checking its bounds; used by messages and `madw`.
    pub fn write_var_bytes(
        &mut self,
        cx: &Ctx,
        var: VarId,
        byte_offset: u32,
        bytes: &crate::memory::Bytes,
    ) -> Result<(), SimError> {
        if var == VarId::NULL {
            return Ok(());
        }
        let slot = cx.layout.slot(cx.k, var)?;
        let end = byte_offset as usize + bytes.len();
        if end > slot.size as usize {
            return Err(SimError::Fault(format!(
                "write of bytes {byte_offset}..{end} of {} ({} bytes)",
                var_name(cx.k, var),
                slot.size
            )));
        }
        let at = (slot.start + byte_offset) as usize;
        self.regs.data[at..at + bytes.len()].copy_from_slice(&bytes.data);
        self.regs.defined[at..at + bytes.len()].copy_from_slice(&bytes.defined);
        Ok(())
    }

    /// Reads `len` bytes of a variable from `byte_offset`, checking its bounds.
    pub fn read_var_bytes(
        &mut self,
        cx: &Ctx,
        var: VarId,
        byte_offset: u32,
        len: u32,
    ) -> Result<crate::memory::Bytes, SimError> {
        let slot = cx.layout.slot(cx.k, var)?;
        let end = u64::from(byte_offset) + u64::from(len);
        if end > u64::from(slot.size) {
            return Err(SimError::Fault(format!(
                "read of bytes {byte_offset}..{end} of {} ({} bytes)",
                var_name(cx.k, var),
                slot.size
            )));
        }
        let at = (slot.start + byte_offset) as usize;
        let b = crate::memory::Bytes {
            data: self.regs.data[at..at + len as usize].to_vec(),
            defined: self.regs.defined[at..at + len as usize].to_vec(),
        };
        Ok(b)
    }
}
