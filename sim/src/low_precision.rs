//! The low-precision float conversions of Xe-HPC, bit for bit, shared by both executors: `fcvt`
//! between `f` and tf32 (1-8-10, held in an `f`-sized dword) and between `hf` and bf8 (E5M2, held
//! in a byte), and `srnd`, the stochastic rounding of `f` to `hf` and of `hf` to bf8 with random
//! bits. The rules are those of Intel's vISA documentation of FCVT and SRND:
//!
//! - `f` to tf32 rounds to nearest even at bit 13 and flushes subnormal inputs to a zero of the
//!   same sign; tf32 to `f` is the dword unchanged.
//! - `hf` to bf8 rounds to nearest even at bit 8 and keeps subnormals; bf8 to `hf` is exact (the
//!   byte becomes the high byte of the half).
//! - `srnd` adds the random bits (`src1[12:0]` for `f` to `hf`, `src1[7:0]` for `hf` to bf8) to
//!   the magnitude's bits at the mantissa's low end, then truncates to the destination (the
//!   carry may raise the exponent; a result beyond the destination's largest exponent is
//!   infinite).
//!
//! NaN stays NaN (quieted, with the high payload bits kept); infinities stay infinite.

/// bfloat16 bits of a value: round to nearest even (through `f` rounded to odd, which keeps the
/// one rounding exact for values no `f` holds); NaN is quieted.
pub fn bf16_from_f64(x: f64) -> u16 {
    let f = x as f32;
    if f.is_nan() {
        return ((f.to_bits() >> 16) | 0x40) as u16;
    }
    let mut bits = f.to_bits();
    if f64::from(f) != x {
        // round to odd: toward zero, the last bit set
        if f64::from(f).abs() > x.abs() {
            bits -= 1;
        }
        bits |= 1;
    }
    let lsb = (bits >> 16) & 1;
    ((bits + 0x7fff + lsb) >> 16) as u16
}

/// tf32 from the bits of an `f`: round to nearest even keeping 10 mantissa bits (the low 13 bits
/// of the result are zero); subnormals flush to zero; NaN is quieted.
pub fn tf32_from_f32(bits: u32) -> u32 {
    let sign = bits & 0x8000_0000;
    let mag = bits & 0x7fff_ffff;
    if mag > 0x7f80_0000 {
        return (bits | 0x0040_0000) & !0x1fff;
    }
    if mag < 0x0080_0000 {
        return sign;
    }
    let lsb = (mag >> 13) & 1;
    // a finite value that rounds past the largest one becomes infinity (0x7f80_0000)
    sign | ((mag + 0xfff + lsb) & !0x1fff)
}

/// bf8 (E5M2) from the bits of an `hf`: round to nearest even keeping 2 mantissa bits;
/// subnormals kept; NaN is quieted.
pub fn bf8_from_hf(bits: u16) -> u8 {
    let sign = bits & 0x8000;
    let mag = bits & 0x7fff;
    if mag > 0x7c00 {
        return ((bits | 0x0200) >> 8) as u8;
    }
    let lsb = (mag >> 8) & 1;
    ((sign | (mag + 0x7f + lsb)) >> 8) as u8
}

/// `hf` from bf8: the byte is the half's high byte.
pub fn hf_from_bf8(byte: u8) -> u16 {
    u16::from(byte) << 8
}

/// `srnd` of an `f` to `hf`: the low 13 bits of `random` are added to the magnitude, which is
/// then truncated to a half (the half's exponent range; below it, subnormal halves).
pub fn srnd_f32_to_hf(bits: u32, random: u32) -> u16 {
    let sign = ((bits >> 16) & 0x8000) as u16;
    let mag = bits & 0x7fff_ffff;
    if mag > 0x7f80_0000 {
        return sign | 0x7e00 | ((mag >> 13) & 0x03ff) as u16;
    }
    if mag == 0x7f80_0000 {
        return sign | 0x7c00;
    }
    let sum = mag + (random & 0x1fff);
    sign | truncate_f32_to_hf(sum)
}

/// The half magnitude of a non-negative `f` magnitude (possibly infinite), rounding toward zero;
/// beyond the half's exponent range, infinity.
fn truncate_f32_to_hf(mag: u32) -> u16 {
    let exp = (mag >> 23) as i32;
    if exp >= 0xff || exp - 127 > 15 {
        return 0x7c00;
    }
    let e = exp - 127 + 15;
    if e >= 1 {
        return ((e as u32) << 10 | (mag >> 13) & 0x03ff) as u16;
    }
    // a subnormal half: the significand (with its hidden bit when the f is normal) shifted right
    if exp == 0 {
        // an f subnormal is far below the smallest half subnormal (2^-24)
        return 0;
    }
    let significand = (mag & 0x007f_ffff) | 0x0080_0000;
    let shift = 14 - e; // e = 0 keeps 10 bits: shift 13 + 1
    if shift >= 32 {
        0
    } else {
        (significand >> shift) as u16
    }
}

/// `srnd` of an `hf` to bf8: the low 8 bits of `random` are added to the magnitude, which is then
/// truncated to its high byte.
pub fn srnd_hf_to_bf8(bits: u16, random: u32) -> u8 {
    let sign = bits & 0x8000;
    let mag = bits & 0x7fff;
    if mag > 0x7c00 {
        return ((bits | 0x0200) >> 8) as u8;
    }
    if mag == 0x7c00 {
        return (bits >> 8) as u8;
    }
    let sum = (u32::from(mag) + (random & 0xff)).min(0x7c00);
    ((u32::from(sign) | sum) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bf16_rounds_once() {
        assert_eq!(bf16_from_f64(f64::from(f32::from_bits(0x8080_8001))), 0x8081);
        assert_eq!(bf16_from_f64(f64::from(f32::from_bits(0x3f80_8000))), 0x3f80);
        assert_eq!(bf16_from_f64(f64::from(f32::from_bits(0x3f81_8000))), 0x3f82);
        // just above a tie, below f's precision: rounds up (f alone would make it a tie, even)
        assert_eq!(bf16_from_f64(1.0 + 2f64.powi(-8) + 2f64.powi(-40)), 0x3f81);
        assert_eq!(bf16_from_f64(1e39), 0x7f80);
        assert_eq!(bf16_from_f64(-0.0), 0x8000);
    }

    #[test]
    fn tf32_rounds_to_nearest_even() {
        assert_eq!(tf32_from_f32(0x3f80_1000), 0x3f80_0000); // tie, even kept
        assert_eq!(tf32_from_f32(0x3f80_3000), 0x3f80_4000); // tie, odd rounds up
        assert_eq!(tf32_from_f32(0x3f80_1001), 0x3f80_2000);
        assert_eq!(tf32_from_f32(0x7f7f_ffff), 0x7f80_0000);
        assert_eq!(tf32_from_f32(0x8000_0001), 0x8000_0000);
        assert!(f32::from_bits(tf32_from_f32(0x7f80_0001)).is_nan());
    }

    #[test]
    fn srnd_adds_the_random_bits_then_truncates() {
        // 1 + 2^-11 (half an hf ulp): random 0x1000 carries into the kept bits, 0xfff does not
        assert_eq!(srnd_f32_to_hf(0x3f80_1000, 0x1000), 0x3c01);
        assert_eq!(srnd_f32_to_hf(0x3f80_1000, 0x0fff), 0x3c00);
        assert_eq!(srnd_f32_to_hf(0x4780_0000, 0), 0x7c00); // 65536
        assert_eq!(srnd_f32_to_hf(0x477f_e000, 0), 0x7bff); // 65504
        assert_eq!(srnd_f32_to_hf(0x3380_0000, 0), 0x0001); // 2^-24
        assert_eq!(srnd_hf_to_bf8(0x3c80, 0x80), 0x3d);
        assert_eq!(bf8_from_hf(0x3c80), 0x3c);
        assert_eq!(bf8_from_hf(0x3d80), 0x3e);
    }
}
