//! Distances of a computed float from the correctly rounded value in units in the last place (of
//! the result's format), as the built-in function checks measure them.

/// The floating-point format of a measured result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// IEEE half precision.
    Half,
    /// IEEE single precision.
    Single,
    /// IEEE double precision.
    Double,
}

impl Format {
    /// Single precision when `single`, else double.
    pub fn single_or_double(single: bool) -> Format {
        if single {
            Format::Single
        } else {
            Format::Double
        }
    }
}

/// The spacing of the numbers of format `f` at |want| (the one above it, or below it at the
/// largest finite one).
pub fn spacing(want: f64, f: Format) -> f64 {
    match f {
        Format::Double => {
            let w = want.abs();
            let up = f64::from_bits(w.to_bits() + 1);
            if up.is_finite() {
                up - w
            } else {
                w - f64::from_bits(w.to_bits() - 1)
            }
        }
        Format::Single => {
            let w = (want as f32).abs();
            let up = f32::from_bits(w.to_bits() + 1);
            (if up.is_finite() { up - w } else { w - f32::from_bits(w.to_bits() - 1) }) as f64
        }
        Format::Half => {
            let w = half::f16::from_f64(want.abs());
            let up = half::f16::from_bits(w.to_bits() + 1);
            if up.is_finite() {
                up.to_f64() - w.to_f64()
            } else {
                w.to_f64() - half::f16::from_bits(w.to_bits() - 1).to_f64()
            }
        }
    }
}

/// Distance of `got` from the correctly rounded `want` in units of the last place of `want` in
/// format `f`; `None` when their classes differ (NaN, infinity, or the sign of a zero).
pub fn ulps(got: f64, want: f64, f: Format) -> Option<f64> {
    if want.is_nan() || got.is_nan() {
        return (want.is_nan() && got.is_nan()).then_some(0.0);
    }
    if want.is_infinite() || got.is_infinite() {
        return (want == got).then_some(0.0);
    }
    if want == 0.0 && got == 0.0 {
        return (want.is_sign_negative() == got.is_sign_negative()).then_some(0.0);
    }
    Some((got - want).abs() / spacing(want, f))
}
