//! 64-bit offsets read as words: a constant vector of 64-bit offsets added to addresses (the
//! lanes of a gather or scatter, `<0, 4, 8, ...>` bytes apart) on a part with a 64-bit integer
//! ALU is written as words when every element fits in 16 bits, and the `add` extends them to
//! 64 bits as it reads them. Written as 64-bit elements it takes one move per element, or packed
//! `:uv` moves of its dword halves that the finalizer doubles; as words it takes one or two
//! packed moves (or a move and an add or shift).

use super::{AluDesc, Op, Operand, Selector, R};
use genxc_genx::Elem;
use genxc_visa::model as m;
use genxc_visa::model::{Src, SrcMod, SrcOp, VisaType};

impl Selector<'_> {
    /// A constant vector of 64-bit offsets added on a part with a 64-bit integer ALU, read as
    /// words when every element fits in 16 bits (signed `w`, else unsigned `uw`) and it has at
    /// least 8 elements: `<0, 1, ..., 15>` is two packed `:uv` moves of words (the `add`
    /// extends them), where its dwords (low and high halves) take four moves the finalizer
    /// doubles. `None` for any other operand.
    pub(super) fn word_offsets(&mut self, d: &AluDesc, o: &Operand) -> R<Option<SrcOp>> {
        if !matches!(d.op, Op::Alu(m::AluOp::Add))
            || !matches!(d.dst_ty, VisaType::Q | VisaType::UQ)
            || !matches!(o.ty, VisaType::Q | VisaType::UQ)
            || o.modifier != SrcMod::None
            || !self.platform.info().has_int64
        {
            return Ok(None);
        }
        let Some(c) = self.f().as_const(o.value).cloned() else { return Ok(None) };
        if c.elems.len() < 8 || c.splat_value().is_some() || c.ty.elem() != Some(Elem::I64) {
            return Ok(None);
        }
        let fits =
            |lo: i64, hi: i64| c.elems.iter().all(|e| e.is_none_or(|b| (lo..=hi).contains(&(b as i64))));
        let ty = if fits(i16::MIN.into(), i16::MAX.into()) {
            VisaType::W
        } else if fits(0, u16::MAX.into()) {
            VisaType::UW
        } else {
            return Ok(None);
        };
        let words: Vec<Option<u64>> = c.elems.iter().map(|e| e.map(|b| b & 0xffff)).collect();
        let key = (words, ty.size());
        let var = match self.constants.get(&key) {
            Some(&var) => self.view(var, ty)?,
            None => {
                let var = self.materialize_new(&key.0, ty)?;
                self.constants.insert(key, var);
                var
            }
        };
        Ok(Some(SrcOp::Gen(Src::vec(var, 0))))
    }
}
