//! Element values of the vISA types: how the bits of one register or memory element are read as
//! a number, how a computed number is converted back into the bits of a destination type
//! (integer wrap or saturation, float-to-integer truncation with saturation, rounding to nearest
//! even into `f`/`hf`/`bf`), the source modifiers, and the packed immediates `v`/`uv`/`vf`.
//!
//! A lane value is a [`Num`]: integers exactly (an `i128` holds every sum and product of two
//! 64-bit operands), floats as `f64` (every `hf`/`bf`/`f` value and every sum or product of two of
//! them is exact there, so rounding once into the destination type gives the correctly rounded
//! result).

use genxc_visa::{Imm, SrcMod, VisaType};
use half::{bf16, f16};

/// One lane's value: an exact integer or a float.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// An integer (exact).
    I(i128),
    /// A floating-point value.
    F(f64),
}

impl Num {
    /// The value as a float (integers converted, rounding to nearest even beyond 2^53).
    pub fn as_f64(self) -> f64 {
        match self {
            Num::I(v) => v as f64,
            Num::F(x) => x,
        }
    }
    /// The value as an integer (floats truncated toward zero, NaN as 0).
    pub fn as_int(self) -> i128 {
        match self {
            Num::I(v) => v,
            Num::F(x) if x.is_nan() => 0,
            Num::F(x) => x.trunc().clamp(i128::MIN as f64, i128::MAX as f64) as i128,
        }
    }
}

/// Bytes of one element of a type.
pub fn size(ty: VisaType) -> u32 {
    ty.size()
}

/// True for the signed integer types.
pub fn is_signed(ty: VisaType) -> bool {
    matches!(ty, VisaType::B | VisaType::W | VisaType::D | VisaType::Q)
}

/// The all-ones mask of a type's width.
pub fn width_mask(ty: VisaType) -> u64 {
    match size(ty) {
        8 => u64::MAX,
        n => (1u64 << (8 * n)) - 1,
    }
}

/// The range of an integer type.
pub fn int_range(ty: VisaType) -> (i128, i128) {
    let bits = 8 * size(ty);
    if is_signed(ty) {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

/// The value of an element's bits (the low `size(ty)` bytes of `bits`).
pub fn decode(ty: VisaType, bits: u64) -> Num {
    let bits = bits & width_mask(ty);
    match ty {
        VisaType::F => Num::F(f64::from(f32::from_bits(bits as u32))),
        VisaType::DF => Num::F(f64::from_bits(bits)),
        VisaType::HF => Num::F(f16::from_bits(bits as u16).to_f64()),
        VisaType::BF => Num::F(bf16::from_bits(bits as u16).to_f64()),
        _ if is_signed(ty) => {
            let shift = 128 - 8 * size(ty);
            Num::I((i128::from(bits) << shift) >> shift)
        }
        _ => Num::I(i128::from(bits)),
    }
}

/// The bits of a value converted to type `ty`. Integers wrap to the type's width, or with `sat`
/// clamp to its range; floats convert to integers by truncation toward zero, saturating at the
/// type's range (NaN gives 0); conversions to `f`/`hf`/`bf`/`df` round to nearest even; `sat`
/// on a float destination clamps to [0, 1] (NaN gives 0).
pub fn encode(ty: VisaType, v: Num, sat: bool) -> u64 {
    if ty.is_float() {
        let x = match v {
            Num::F(x) => x,
            // One rounding straight from the exact integer.
            Num::I(i) if ty == VisaType::F => f64::from(i as f32),
            Num::I(i) => i as f64,
        };
        let x = clamp01(x, sat);
        match ty {
            VisaType::F => u64::from((x as f32).to_bits()),
            VisaType::DF => x.to_bits(),
            VisaType::HF => u64::from(f16::from_f64(x).to_bits()),
            _ => u64::from(crate::low_precision::bf16_from_f64(x)),
        }
    } else {
        let (lo, hi) = int_range(ty);
        let i = match v {
            Num::I(i) if !sat => return (i as u64) & width_mask(ty),
            Num::I(i) => i,
            Num::F(x) if x.is_nan() => 0,
            Num::F(x) => x.trunc().clamp(lo as f64, hi as f64) as i128,
        };
        (i.clamp(lo, hi) as u64) & width_mask(ty)
    }
}

fn clamp01(x: f64, sat: bool) -> f64 {
    if !sat {
        x
    } else if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

/// Applies a source modifier to a value read as type `ty`. `(~)` complements the element's bits.
pub fn modify(ty: VisaType, v: Num, m: SrcMod) -> Num {
    match (m, v) {
        (SrcMod::None, v) => v,
        (SrcMod::Neg, Num::I(i)) => Num::I(-i),
        (SrcMod::Neg, Num::F(x)) => Num::F(-x),
        (SrcMod::Abs, Num::I(i)) => Num::I(i.abs()),
        (SrcMod::Abs, Num::F(x)) => Num::F(x.abs()),
        (SrcMod::NegAbs, Num::I(i)) => Num::I(-i.abs()),
        (SrcMod::NegAbs, Num::F(x)) => Num::F(-x.abs()),
        (SrcMod::Not, Num::I(i)) => decode(ty, !(i as u64)),
        (SrcMod::Not, Num::F(x)) => Num::F(x),
    }
}

/// The 8-bit restricted float of `vf` immediates: sign bit 7, exponent bits 6:4 (bias 3),
/// mantissa bits 3:0 with an implicit leading one; exponent and mantissa zero is zero.
pub fn restricted_float(b: u8) -> f64 {
    let sign = if b & 0x80 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((b >> 4) & 7);
    let m = f64::from(b & 0xf);
    if e == 0 && m == 0.0 {
        return sign * 0.0;
    }
    sign * (1.0 + m / 16.0) * 2f64.powi(e - 3)
}

/// The type of an immediate (`v` reads as `w`, `uv` as `uw`, `vf` as `f`).
pub fn imm_type(imm: &Imm) -> VisaType {
    match imm {
        Imm::D(_) => VisaType::D,
        Imm::UD(_) => VisaType::UD,
        Imm::W(_) | Imm::V(_) => VisaType::W,
        Imm::UW(_) | Imm::UV(_) => VisaType::UW,
        Imm::B(_) => VisaType::B,
        Imm::UB(_) => VisaType::UB,
        Imm::Q(_) => VisaType::Q,
        Imm::UQ(_) => VisaType::UQ,
        Imm::F(_) | Imm::VF(_) => VisaType::F,
        Imm::DF(_) => VisaType::DF,
        Imm::HF(_) => VisaType::HF,
    }
}

/// The value of an immediate in lane `lane` (packed immediates repeat every 8 or 4 lanes).
pub fn imm_value(imm: &Imm, lane: usize) -> Num {
    match *imm {
        Imm::D(v) => Num::I(i128::from(v)),
        Imm::UD(v) => Num::I(i128::from(v)),
        Imm::W(v) => Num::I(i128::from(v)),
        Imm::UW(v) => Num::I(i128::from(v)),
        Imm::B(v) => Num::I(i128::from(v)),
        Imm::UB(v) => Num::I(i128::from(v)),
        Imm::Q(v) => Num::I(i128::from(v)),
        Imm::UQ(v) => Num::I(i128::from(v)),
        Imm::F(x) => Num::F(f64::from(x)),
        Imm::DF(x) => Num::F(x),
        Imm::HF(b) => Num::F(f16::from_bits(b).to_f64()),
        Imm::V(p) => {
            let nib = (p >> (4 * (lane % 8))) & 0xf;
            Num::I(i128::from(((nib << 28) as i32) >> 28))
        }
        Imm::UV(p) => Num::I(i128::from((p >> (4 * (lane % 8))) & 0xf)),
        Imm::VF(p) => Num::F(restricted_float((p >> (8 * (lane % 4))) as u8)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_follow_the_rules() {
        assert_eq!(encode(VisaType::UB, Num::I(300), false), 44);
        assert_eq!(encode(VisaType::UB, Num::I(300), true), 255);
        assert_eq!(encode(VisaType::B, Num::F(-1000.5), false), 0x80);
        assert_eq!(encode(VisaType::D, Num::F(f64::NAN), false), 0);
        assert_eq!(encode(VisaType::F, Num::F(2.0), true), 1.0f32.to_bits() as u64);
        assert_eq!(decode(VisaType::W, 0xffff), Num::I(-1));
        assert_eq!(restricted_float(0x30), 1.0);
        assert_eq!(restricted_float(0x48), 3.0);
        assert_eq!(imm_value(&Imm::V(0xF), 0), Num::I(-1));
        assert_eq!(modify(VisaType::UB, Num::I(0x0f), SrcMod::Not), Num::I(0xf0));
    }
}
