//! The precision model of the extended math functions, shared by both executors.
//!
//! The hardware's math unit is approximate (a few ulp for `exp`, `log`, `sin`, `cos`, `pow`,
//! `inv`, `rsqrt`; `div`/`sqrt` of `f` also approximate unless IEEE forms are used). The simulator
//! does not model those errors: every function here is computed in `f64` from the operands
//! converted exactly to `f64`, and the caller rounds the result once to the destination type
//! (round to nearest even). Both executors call these same functions, so a compiled kernel and its
//! input agree bit for bit whenever the compiler maps an operation to the function of the same
//! meaning; mapping `exp` to `log`, or dropping a conversion, still shows.

/// `exp`: 2 to the power `x`.
pub fn exp2(x: f64) -> f64 {
    x.exp2()
}

/// `log`: base-2 logarithm.
pub fn log2(x: f64) -> f64 {
    x.log2()
}

/// `sin` (radians).
pub fn sin(x: f64) -> f64 {
    x.sin()
}

/// `cos` (radians).
pub fn cos(x: f64) -> f64 {
    x.cos()
}

/// `pow`: `x` to the power `y`.
pub fn pow(x: f64, y: f64) -> f64 {
    x.powf(y)
}

/// `sqrt` (and the IEEE `sqrtm`).
pub fn sqrt(x: f64) -> f64 {
    x.sqrt()
}

/// `rsqrt`: 1 / sqrt(x).
pub fn rsqrt(x: f64) -> f64 {
    1.0 / x.sqrt()
}

/// `inv`: 1 / x.
pub fn inv(x: f64) -> f64 {
    1.0 / x
}

/// Floating-point `div` (and the IEEE `divm`): x / y.
pub fn div(x: f64, y: f64) -> f64 {
    x / y
}

/// The dot products of one group of 4 lanes (`dp2`, `dp3`, `dp4` take the first 2, 3 or 4
/// products; `dph` the first 3 plus `b[3]`), summed left to right in `f64`.
pub fn dot(lanes: usize, homogeneous: bool, a: [f64; 4], b: [f64; 4]) -> f64 {
    // from the first product, so that products of signed zeros keep their sign
    let sum = (1..lanes).fold(a[0] * b[0], |s, k| s + a[k] * b[k]);
    if homogeneous {
        sum + b[3]
    } else {
        sum
    }
}

/// `lrp`: `b*a + c*(1 - a)`.
pub fn lrp(a: f64, b: f64, c: f64) -> f64 {
    b * a + c * (1.0 - a)
}

/// `line`: `p * x + q`.
pub fn line(p: f64, q: f64, x: f64) -> f64 {
    p * x + q
}

/// `plane`: `p * u + q * v + r`.
pub fn plane(p: f64, q: f64, r: f64, u: f64, v: f64) -> f64 {
    p * u + q * v + r
}
