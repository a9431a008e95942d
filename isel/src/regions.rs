//! Regions as vISA operands: a region of a variable as a source or destination (row, column and
//! strides), a region read of a value (direct, or indirect through an address variable loaded
//! once per access), and the regions vISA cannot encode reported as unsupported.

use crate::{src_region_ok, Selector, R};
use genxc_diag::{internal, unsupported, Failure};
use genxc_genx::ir::{InstId, Value};
use genxc_genx::region::Region;
use genxc_visa::model::{self as m, Exec, Inst as VInst, Src, SrcMod, SrcOp, VisaType};

impl Selector<'_> {
    /// The GRF row and element column of byte offset `byte_off` for elements of `elem_bytes`.
    pub(crate) fn row_col(&self, byte_off: u32, elem_bytes: u32) -> (u8, u8) {
        let grf = self.grf();
        ((byte_off / grf) as u8, ((byte_off % grf) / elem_bytes) as u8)
    }

    /// A direct source operand reading region `r` of `var` as type `ty`.
    pub(crate) fn region_src(&self, var: m::VarId, r: &Region, ty: VisaType) -> Src {
        let (row, col) = self.row_col(r.offset as u32, ty.size());
        Src::region(var, row, col, src_region(r))
    }

    /// A direct destination writing region `r` of `var` as type `ty`.
    pub(crate) fn region_dst(&self, var: m::VarId, r: &Region, ty: VisaType) -> m::Dst {
        let (row, col) = self.row_col(r.offset as u32, ty.size());
        let h = if r.num_elems == 1 { 1 } else { r.stride as u8 };
        m::Dst { var, row, col, hstride: h }
    }

    /// A source operand reading `region` of `input` (direct, or indirect through an address
    /// register).
    pub(crate) fn rd_src(
        &mut self,
        at: InstId,
        input: Value,
        region: &Region,
        ty: VisaType,
        n: u32,
    ) -> R<SrcOp> {
        if let Some(c) = self.f().as_const(input).cloned() {
            // a region of a constant: the constant's elements, materialized
            let base = self.materialize(&c, ty)?;
            return self.rd_var(at, base, region, ty, n);
        }
        if let Some(uw) = self.local_id_in_place(input) {
            return self.local_id_read(at, uw, region);
        }
        let base = self.var_of(input)?;
        let view = self.view(base, ty)?;
        self.rd_var(at, view, region, ty, n)
    }

    /// A source operand reading `region` of variable `view` (indirect when the region is).
    pub(crate) fn rd_var(
        &mut self,
        at: InstId,
        view: m::VarId,
        region: &Region,
        ty: VisaType,
        n: u32,
    ) -> R<SrcOp> {
        if let Some(idx) = region.indirect {
            let a = self.address(at, view, idx)?;
            let multi = self.f().value_type(idx).num_elems() > 1;
            let r = if multi {
                m::Region::new(0, region.width as u8, region.stride as u8)
            } else {
                src_region(region)
            };
            return Ok(SrcOp::Ind(m::IndSrc {
                addr: a,
                addr_elem: 0,
                byte_offset: i16::try_from(region.offset).map_err(|_| "an indirect offset out of range")?,
                ty,
                region: r,
                multi,
                modifier: SrcMod::None,
            }));
        }
        if !src_region_ok(region, n, self.grf()) {
            return Err(unencodable(region));
        }
        Ok(SrcOp::Gen(self.region_src(view, region, ty)))
    }

    /// The destination `region` of `var` at the byte index `idx`, written by the wrregion `at`:
    /// through an address register loaded here.
    pub(crate) fn indirect_dst(
        &mut self,
        at: InstId,
        var: m::VarId,
        region: &Region,
        idx: Value,
        ty: VisaType,
    ) -> R<m::DstOp> {
        let a = self.address(at, var, idx)?;
        Ok(m::DstOp::Ind(m::IndDst {
            addr: a,
            addr_elem: 0,
            byte_offset: i16::try_from(region.offset).map_err(|_| "an indirect offset out of range")?,
            ty,
            hstride: if region.num_elems == 1 { 1 } else { region.stride as u8 },
        }))
    }

    /// Loads an address register with the address of `var` plus the byte index `idx`.
    fn address(&mut self, at: InstId, var: m::VarId, idx: Value) -> R<m::AddrId> {
        let rows = self.f().value_type(idx).num_elems();
        if !matches!(rows, 1 | 2 | 4 | 8 | 16) {
            return Err(unsupported(format!("a multi-indirect region with {rows} rows")));
        }
        let av = *self
            .fx()
            .asg
            .address
            .get(&at)
            .ok_or_else(|| internal("an indirect region without an address"))?;
        if let Some(&(.., a)) =
            self.loaded_addrs.iter().find(|(v, i, r, _)| *v == var && *i == idx && *r == rows)
        {
            return Ok(a);
        }
        let a = match self.addrs.get(&(self.cur, av)) {
            Some(a) => *a,
            None => {
                let prefix = if self.cur == 0 { String::new() } else { format!("{}_", self.f().name) };
                let name = format!("{prefix}{}", self.fx().asg.vars[av.0 as usize].name);
                let a = self.k.add_addr(&name, rows as u16);
                self.addrs.insert((self.cur, av), a);
                a
            }
        };
        let i = self.src(idx, VisaType::UW)?;
        self.push(VInst::AddrAdd {
            exec: Exec::nm(rows as u8),
            dst: m::AddrOpnd { addr: a, elem: 0, width: rows as u8 },
            base: var,
            base_offset: 0,
            src1: i,
        });
        self.loaded_addrs.retain(|e| e.3 != a);
        self.loaded_addrs.push((var, idx, rows, a));
        Ok(a)
    }
}

fn src_region(r: &Region) -> m::Region {
    if r.num_elems == 1 || (r.width == 1 && r.stride == 0) {
        m::Region::SCALAR
    } else if r.width == r.num_elems {
        m::Region::new(r.stride as u8, 1, 0)
    } else {
        m::Region::new(r.vstride as u8, r.width as u8, r.stride as u8)
    }
}

/// The failure reported for a region vISA cannot encode.
pub(crate) fn unencodable(r: &Region) -> Failure {
    unsupported(format!(
        "region <{};{},{}> of {} elements at byte {} is not encodable",
        r.vstride, r.width, r.stride, r.num_elems, r.offset
    ))
}
