//! Accuracy of the OpenCL inverse trigonometric, hyperbolic and pi-scaled built-ins, `expm1`,
//! `log1p`, `cbrt`, `erf`, `erfc`, `lgamma`, `lgamma_r` and `tgamma`
//! (genx/src/import/prepare/opencl_builtins/): a kernel
//! calling one mangled built-in on `<8 x T>` loads (two loads for `atan2`/`atan2pi`) is compiled,
//! run in the simulator over edge values and pseudo-random arguments (8192 per function and
//! type), and every result is compared with a Rust reference: the largest distance in ulp must
//! stay within OpenCL's bound (full profile), and NaN, infinities and the sign of zeros must
//! match. Double runs on SKL and PVC, float on TGLLP and PVC, half (through float) on DG2.
//!
//! `cargo test --test opencl_inverse_math -- --nocapture` prints the table docs/opencl-builtins.md
//! records.

mod common;

use common::{spacing, ulps, visa_of_k, Format, Rng, ONE_BUFFER_KERNEL_METADATA};
use genxc::TargetPlatform;
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;
use std::f64::consts::PI;

/// Bytes of each region of the buffer: first arguments, second arguments, results.
const REGION: usize = 16 * 1024;

/// One function under test.
struct Case {
    /// The OpenCL name (`asin`).
    name: &'static str,
    /// The reference: f(x, y) (y unused by one-argument functions).
    reference: fn(f64, f64) -> f64,
    /// Whether the function takes two arguments.
    binary: bool,
    /// OpenCL's bound in ulp (full profile; the same for float and double here).
    bound: f64,
    /// Arguments: uniform in these ranges in turn, plus edge values and random bit patterns.
    ranges: &'static [(f64, f64)],
    /// Results below this magnitude are measured in ulp of it (an absolute error): 0 for every
    /// function but `lgamma`, whose zeros at negative arguments OpenCL sets no bound for.
    floor: f64,
}

const CASES: &[Case] = &[
    Case {
        name: "asin",
        reference: |x, _| x.asin(),
        binary: false,
        bound: 4.0,
        ranges: &[(-1.0, 1.0)],
        floor: 0.0,
    },
    Case {
        name: "acos",
        reference: |x, _| x.acos(),
        binary: false,
        bound: 4.0,
        ranges: &[(-1.0, 1.0)],
        floor: 0.0,
    },
    Case {
        name: "atan",
        reference: |x, _| x.atan(),
        binary: false,
        bound: 4.0,
        ranges: &[(-20.0, 20.0)],
        floor: 0.0,
    },
    Case {
        name: "atan2",
        reference: f64::atan2,
        binary: true,
        bound: 6.0,
        ranges: &[(-10.0, 10.0)],
        floor: 0.0,
    },
    Case {
        name: "asinpi",
        reference: |x, _| x.asin() / PI,
        binary: false,
        bound: 5.0,
        ranges: &[(-1.0, 1.0)],
        floor: 0.0,
    },
    Case {
        name: "acospi",
        reference: |x, _| x.acos() / PI,
        binary: false,
        bound: 5.0,
        ranges: &[(-1.0, 1.0)],
        floor: 0.0,
    },
    Case {
        name: "atanpi",
        reference: |x, _| x.atan() / PI,
        binary: false,
        bound: 5.0,
        ranges: &[(-20.0, 20.0)],
        floor: 0.0,
    },
    Case {
        name: "atan2pi",
        reference: |y, x| y.atan2(x) / PI,
        binary: true,
        bound: 6.0,
        ranges: &[(-10.0, 10.0)],
        floor: 0.0,
    },
    Case {
        name: "sinh",
        reference: |x, _| x.sinh(),
        binary: false,
        bound: 4.0,
        ranges: &[(-3.0, 3.0), (-720.0, 720.0)],
        floor: 0.0,
    },
    Case {
        name: "cosh",
        reference: |x, _| x.cosh(),
        binary: false,
        bound: 4.0,
        ranges: &[(-3.0, 3.0), (-720.0, 720.0)],
        floor: 0.0,
    },
    Case {
        name: "tanh",
        reference: |x, _| x.tanh(),
        binary: false,
        bound: 4.0,
        ranges: &[(-1.0, 1.0), (-25.0, 25.0)],
        floor: 0.0,
    },
    Case {
        name: "asinh",
        reference: |x, _| libm::asinh(x),
        binary: false,
        bound: 4.0,
        ranges: &[(-1.0, 1.0), (-1e3, 1e3)],
        floor: 0.0,
    },
    Case {
        name: "acosh",
        reference: |x, _| if x < 1.0 { f64::NAN } else { libm::acosh(x) },
        binary: false,
        bound: 4.0,
        ranges: &[(1.0, 1.01), (1.0, 1e3)],
        floor: 0.0,
    },
    Case {
        name: "atanh",
        reference: |x, _| libm::atanh(x),
        binary: false,
        bound: 5.0,
        ranges: &[(-1.0, 1.0), (-0.01, 0.01)],
        floor: 0.0,
    },
    Case {
        name: "sinpi",
        reference: |x, _| sinpi(x),
        binary: false,
        bound: 4.0,
        ranges: &[(-4.0, 4.0), (-1e7, 1e7)],
        floor: 0.0,
    },
    Case {
        name: "cospi",
        reference: |x, _| cospi(x),
        binary: false,
        bound: 4.0,
        ranges: &[(-4.0, 4.0), (-1e7, 1e7)],
        floor: 0.0,
    },
    Case {
        name: "tanpi",
        reference: |x, _| tanpi(x),
        binary: false,
        bound: 6.0,
        ranges: &[(-4.0, 4.0), (-1e7, 1e7)],
        floor: 0.0,
    },
    Case {
        name: "expm1",
        reference: |x, _| x.exp_m1(),
        binary: false,
        bound: 3.0,
        ranges: &[(-1.0, 1.0), (-50.0, 720.0)],
        floor: 0.0,
    },
    Case {
        name: "log1p",
        reference: |x, _| x.ln_1p(),
        binary: false,
        bound: 2.0,
        ranges: &[(-1.0, 1.0), (-1e-3, 1e-3)],
        floor: 0.0,
    },
    Case {
        name: "cbrt",
        reference: |x, _| x.cbrt(),
        binary: false,
        bound: 2.0,
        ranges: &[(-10.0, 10.0)],
        floor: 0.0,
    },
    Case {
        name: "erf",
        reference: |x, _| libm::erf(x),
        binary: false,
        bound: 16.0,
        ranges: &[(-1.0, 1.0), (-7.0, 7.0)],
        floor: 0.0,
    },
    Case {
        name: "erfc",
        reference: |x, _| libm::erfc(x),
        binary: false,
        bound: 16.0,
        ranges: &[(-1.0, 1.0), (-3.0, 30.0)],
        floor: 0.0,
    },
    Case {
        name: "lgamma",
        reference: |x, _| libm::lgamma(x),
        binary: false,
        bound: 16.0,
        ranges: &[(0.0, 10.0), (0.0, 1e4), (-10.0, 0.0)],
        floor: 1.0,
    },
    Case {
        name: "tgamma",
        reference: |x, _| libm::tgamma(x),
        binary: false,
        bound: 16.0,
        ranges: &[(0.0, 5.0), (-5.0, 0.0), (0.0, 36.0), (-45.0, 0.0), (0.0, 172.0), (-186.0, 0.0)],
        floor: 0.0,
    },
];

/// x = n/2 + r with |r| <= 1/4 exactly, after removing a multiple of 2: (quadrant n mod 4, r).
fn pi_reduce(x: f64) -> (i64, f64) {
    let w = x % 2.0;
    let n = (2.0 * w).round();
    ((n as i64).rem_euclid(4), w - n / 2.0)
}

/// sin(pi x) with OpenCL's zeros (+0 at positive integers, -0 at negative ones).
fn sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let (q, r) = pi_reduce(x);
    let (s, c) = ((r * PI).sin(), (r * PI).cos());
    let v = [s, c, -s, -c][q as usize];
    if v == 0.0 {
        0f64.copysign(x)
    } else {
        v
    }
}

/// cos(pi x) (+0 at the halves).
fn cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let (q, r) = pi_reduce(x);
    let (s, c) = ((r * PI).sin(), (r * PI).cos());
    let v = [c, -s, -c, s][q as usize];
    if v == 0.0 {
        0.0
    } else {
        v
    }
}

/// tan(pi x): copysign(0, n) at even n, copysign(0, -n) at odd n, +inf at n + 1/2 for even n and
/// -inf for odd n.
fn tanpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let (q, r) = pi_reduce(x);
    if r == 0.0 {
        return match q {
            0 => 0f64.copysign(x),
            2 => 0f64.copysign(-x),
            1 => f64::INFINITY,
            _ => f64::NEG_INFINITY,
        };
    }
    let (s, c) = ((r * PI).sin(), (r * PI).cos());
    if q % 2 == 0 {
        s / c
    } else {
        -c / s
    }
}

/// The element type of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Elem {
    F16,
    F32,
    F64,
}

impl Elem {
    /// The format of its values.
    fn format(self) -> Format {
        match self {
            Elem::F16 => Format::Half,
            Elem::F32 => Format::Single,
            Elem::F64 => Format::Double,
        }
    }

    fn llvm(self) -> &'static str {
        match self {
            Elem::F16 => "half",
            Elem::F32 => "float",
            Elem::F64 => "double",
        }
    }
    fn mangled(self) -> &'static str {
        match self {
            Elem::F16 => "Dh",
            Elem::F32 => "f",
            Elem::F64 => "d",
        }
    }
    fn bytes(self) -> usize {
        match self {
            Elem::F16 => 2,
            Elem::F32 => 4,
            Elem::F64 => 8,
        }
    }
    fn suffix(self) -> &'static str {
        match self {
            Elem::F16 => "v8f16",
            Elem::F32 => "v8f32",
            Elem::F64 => "v8f64",
        }
    }
    /// `x` rounded to this type, as f64.
    fn round(self, x: f64) -> f64 {
        match self {
            Elem::F16 => half::f16::from_f64(x).to_f64(),
            Elem::F32 => x as f32 as f64,
            Elem::F64 => x,
        }
    }
    fn store(self, x: f64, out: &mut [u8]) {
        match self {
            Elem::F16 => out.copy_from_slice(&half::f16::from_f64(x).to_le_bytes()),
            Elem::F32 => out.copy_from_slice(&(x as f32).to_le_bytes()),
            Elem::F64 => out.copy_from_slice(&x.to_le_bytes()),
        }
    }
    fn load(self, b: &[u8]) -> f64 {
        match self {
            Elem::F16 => half::f16::from_le_bytes(b.try_into().unwrap()).to_f64(),
            Elem::F32 => f32::from_le_bytes(b.try_into().unwrap()) as f64,
            Elem::F64 => f64::from_le_bytes(b.try_into().unwrap()),
        }
    }
}

/// The kernel: group g reads 8 elements at byte 8*size*g (and 8 more a region later for the
/// second argument) and writes `name` of them at the same place two regions later.
fn kernel(name: &str, binary: bool, e: Elem) -> String {
    let (t, s) = (e.llvm(), e.suffix());
    let m = e.mangled();
    let mangled = if binary {
        format!("_Z{}{name}Dv8_{m}S_", name.len())
    } else {
        format!("_Z{}{name}Dv8_{m}", name.len())
    };
    let (params, args) = if binary {
        (format!("<8 x {t}>, <8 x {t}>"), format!("<8 x {t}> %x, <8 x {t}> %y"))
    } else {
        (format!("<8 x {t}>"), format!("<8 x {t}> %x"))
    };
    let ow = 8 * e.bytes() / 16;
    let region = REGION / 16;
    format!(
        "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

declare <8 x {t}> @llvm.genx.oword.ld.{s}(i32, i32, i32)
declare void @llvm.genx.oword.st.{s}(i32, i32, <8 x {t}>)
declare i32 @llvm.genx.group.id.x()
declare spir_func <8 x {t}> @{mangled}({params})

define dllexport spir_kernel void @k(i32 %buf) #0 {{
entry:
  %g = call i32 @llvm.genx.group.id.x()
  %off = mul i32 %g, {ow}
  %x = call <8 x {t}> @llvm.genx.oword.ld.{s}(i32 0, i32 %buf, i32 %off)
  %offy = add i32 %off, {region}
  %y = call <8 x {t}> @llvm.genx.oword.ld.{s}(i32 0, i32 %buf, i32 %offy)
  %r = call spir_func <8 x {t}> @{mangled}({args})
  %o = add i32 %off, {out}
  call void @llvm.genx.oword.st.{s}(i32 %buf, i32 %o, <8 x {t}> %r)
  ret void
}}

{ONE_BUFFER_KERNEL_METADATA}
",
        out = 2 * region
    )
}

/// Edge values every function sees (in both argument positions of the binary ones).
const EDGES: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    0.25,
    -0.25,
    1.5,
    -1.5,
    2.0,
    -2.0,
    3.0,
    -3.0,
    1e-10,
    -1e-10,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    f64::MIN_POSITIVE,
    1e-300,
    4.9e-324,
    f64::MAX,
    -f64::MAX,
    0.9999999,
    1.0000001,
    -0.9999999,
    1e20,
    -1e20,
    710.0,
    711.0,
    89.0,
    95.0,
    4503599627370497.0,
    9007199254740993.0,
    1e30,
    0.1,
    -0.1,
    10.0,
    12582912.5,
    8388609.0,
];

/// The arguments of a case: (x, y) pairs of edge values, then a uniform value of each range in
/// turn and a random bit pattern (of this type) every fourth argument.
fn arguments(case: &Case, e: Elem, count: usize) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = if case.binary {
        EDGES.iter().flat_map(|&y| EDGES.iter().map(move |&x| (y, x))).collect()
    } else {
        EDGES.iter().map(|&x| (x, 1.0)).collect()
    };
    let mut rng = Rng(0xa11ce ^ (case.name.len() as u64 * 7919 + case.name.as_bytes()[0] as u64));
    let draw = |rng: &mut Rng, i: usize| -> f64 {
        if i % 4 == 3 {
            let bits = rng.next();
            let v = match e {
                Elem::F64 => f64::from_bits(bits),
                Elem::F32 => f32::from_bits(bits as u32) as f64,
                Elem::F16 => half::f16::from_bits(bits as u16).to_f64(),
            };
            if v.is_nan() {
                1.25
            } else {
                v
            }
        } else {
            let (lo, hi) = case.ranges[i % case.ranges.len()];
            lo + (hi - lo) * rng.unit()
        }
    };
    let mut i = 0;
    while out.len() < count {
        let x = draw(&mut rng, i);
        let y = draw(&mut rng, i + 1);
        out.push((x, y));
        i += 1;
    }
    out.truncate(count);
    out.iter().map(|&(x, y)| (e.round(x), e.round(y))).collect()
}

/// Runs `case` on `platform` over `args`: the largest ulp distance and its arguments, or the
/// first class mismatch.
fn measure(
    case: &Case,
    e: Elem,
    platform: TargetPlatform,
    args: &[(f64, f64)],
) -> Result<(f64, (f64, f64)), String> {
    let visa = visa_of_k(&kernel(case.name, case.binary, e), platform)?;
    let kernels = genxc_visa::read_text(&visa).map_err(|err| format!("{err:?}"))?;
    let n = e.bytes();
    let per_run = REGION / n;
    let mut worst = (0.0, (0.0, 0.0));
    for chunk in args.chunks(per_run) {
        let groups = chunk.len().div_ceil(8) as u32;
        let (launch, mut memory) =
            Launch::random(&exec::arg_specs(&kernels[0]), 1, 0, [groups, 1, 1], [1, 1, 1], 0);
        let buf = &mut memory.buffers[0].bytes;
        for (i, &(x, y)) in chunk.iter().enumerate() {
            e.store(x, &mut buf.data[n * i..n * i + n]);
            e.store(y, &mut buf.data[REGION + n * i..REGION + n * i + n]);
        }
        exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
            .map_err(|err| format!("simulator: {err}"))?;
        let out = &memory.buffers[0].bytes.data[2 * REGION..];
        for (i, &(x, y)) in chunk.iter().enumerate() {
            let got = e.load(&out[n * i..n * i + n]);
            let want = e.round((case.reference)(x, y));
            let at = if case.binary { format!("({x:e}, {y:e})") } else { format!("({x:e})") };
            let d = ulps(got, want, e.format())
                .ok_or_else(|| format!("{}{at} = {got:e}, expected {want:e}", case.name))?;
            let d = if want.abs() < case.floor {
                d * spacing(want, e.format()) / spacing(case.floor, e.format())
            } else {
                d
            };
            if d > worst.0 {
                worst = (d, (x, y));
            }
        }
    }
    Ok(worst)
}

/// Measures every case in `e` on `platforms`, printing the table and failing beyond the bounds.
fn check(e: Elem, platforms: &[TargetPlatform], bound_of: fn(&Case) -> f64) {
    let only = std::env::var("GENXC_MATH_ONLY").ok();
    let mut failures = String::new();
    let mut table = String::new();
    for case in CASES.iter().filter(|c| only.as_deref().is_none_or(|o| o.split(',').any(|n| n == c.name))) {
        let args = arguments(case, e, 8192);
        for &platform in platforms {
            match measure(case, e, platform, &args) {
                Ok((ulp, at)) => {
                    table
                        .push_str(&format!("| {} | {e:?} | {platform:?} | {ulp:.2} | {at:?} |\n", case.name));
                    if ulp > bound_of(case) {
                        failures.push_str(&format!(
                            "{}({e:?}) on {platform:?}: {ulp:.2} ulp at {at:?} (bound {})\n",
                            case.name,
                            bound_of(case)
                        ));
                    }
                }
                Err(why) => failures.push_str(&format!("{}({e:?}) on {platform:?}: {why}\n", case.name)),
            }
        }
    }
    eprintln!("{table}");
    assert!(failures.is_empty(), "{failures}");
}

/// The `lgamma_r` kernel: as [`kernel`] for `lgamma`, with the sign through a stack slot (a
/// generic pointer, as the SPIR-V translator leaves it) stored at 3 regions + 32 g bytes.
fn kernel_lgamma_r(e: Elem) -> String {
    let (t, s) = (e.llvm(), e.suffix());
    let m = e.mangled();
    let ow = 8 * e.bytes() / 16;
    let region = REGION / 16;
    format!(
        "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

declare <8 x {t}> @llvm.genx.oword.ld.{s}(i32, i32, i32)
declare void @llvm.genx.oword.st.{s}(i32, i32, <8 x {t}>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare i32 @llvm.genx.group.id.x()
declare spir_func <8 x {t}> @_Z8lgamma_rDv8_{m}PU3AS4Dv8_i(<8 x {t}>, <8 x i32> addrspace(4)*)

define dllexport spir_kernel void @k(i32 %buf) #0 {{
entry:
  %slot = alloca <8 x i32>, align 32
  %slot.g = addrspacecast <8 x i32>* %slot to <8 x i32> addrspace(4)*
  %g = call i32 @llvm.genx.group.id.x()
  %off = mul i32 %g, {ow}
  %x = call <8 x {t}> @llvm.genx.oword.ld.{s}(i32 0, i32 %buf, i32 %off)
  %r = call spir_func <8 x {t}> @_Z8lgamma_rDv8_{m}PU3AS4Dv8_i(<8 x {t}> %x, <8 x i32> addrspace(4)* %slot.g)
  %sign = load <8 x i32>, <8 x i32>* %slot
  %o = add i32 %off, {out}
  call void @llvm.genx.oword.st.{s}(i32 %buf, i32 %o, <8 x {t}> %r)
  %g2 = mul i32 %g, 2
  %os = add i32 %g2, {signs}
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %os, <8 x i32> %sign)
  ret void
}}

{ONE_BUFFER_KERNEL_METADATA}
",
        out = 2 * region,
        signs = 3 * region
    )
}

/// Runs `lgamma_r` in `e` on `platform` over `lgamma`'s arguments: the value as `lgamma`'s
/// (within `bound` ulp, measured as [`measure`] does) and the sign exactly `libm::lgamma_r`'s.
fn check_lgamma_r(e: Elem, platform: TargetPlatform, bound: f64) -> Result<f64, String> {
    let case = CASES.iter().find(|c| c.name == "lgamma").ok_or("no lgamma case")?;
    let args = arguments(case, e, 8192);
    let visa = visa_of_k(&kernel_lgamma_r(e), platform)?;
    let kernels = genxc_visa::read_text(&visa).map_err(|err| format!("{err:?}"))?;
    let n = e.bytes();
    let mut worst: f64 = 0.0;
    // 2048 arguments a run: their signs fill 8 KiB of the last region
    for chunk in args.chunks(2048) {
        let groups = chunk.len().div_ceil(8) as u32;
        let (launch, mut memory) =
            Launch::random(&exec::arg_specs(&kernels[0]), 1, 0, [groups, 1, 1], [1, 1, 1], 0);
        let buf = &mut memory.buffers[0].bytes;
        for (i, &(x, _)) in chunk.iter().enumerate() {
            e.store(x, &mut buf.data[n * i..n * i + n]);
        }
        exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
            .map_err(|err| format!("simulator: {err}"))?;
        let data = &memory.buffers[0].bytes.data;
        for (i, &(x, _)) in chunk.iter().enumerate() {
            let got = e.load(&data[2 * REGION + n * i..2 * REGION + n * i + n]);
            let sign =
                i32::from_le_bytes(data[3 * REGION + 4 * i..3 * REGION + 4 * i + 4].try_into().unwrap());
            let (value, want_sign) = libm::lgamma_r(x);
            let want = e.round(value);
            let d = ulps(got, want, e.format())
                .ok_or_else(|| format!("lgamma_r({x:e}) = {got:e}, expected {want:e}"))?;
            let d = if want.abs() < case.floor {
                d * spacing(want, e.format()) / spacing(case.floor, e.format())
            } else {
                d
            };
            if d > bound {
                return Err(format!("lgamma_r({x:e}) = {got:e}, expected {want:e}: {d:.2} ulp"));
            }
            if sign != want_sign {
                return Err(format!("lgamma_r({x:e}) stored sign {sign}, expected {want_sign}"));
            }
            worst = worst.max(d);
        }
    }
    Ok(worst)
}

#[test]
fn lgamma_r_stores_the_sign_of_gamma() {
    for (e, platform, bound) in [
        (Elem::F64, TargetPlatform::Skl, 16.0),
        (Elem::F64, TargetPlatform::Pvc, 16.0),
        (Elem::F32, TargetPlatform::Tgllp, 16.0),
        (Elem::F32, TargetPlatform::Pvc, 16.0),
        (Elem::F16, TargetPlatform::Dg2, 1.0),
    ] {
        match check_lgamma_r(e, platform, bound) {
            Ok(ulp) => eprintln!("| lgamma_r | {e:?} | {platform:?} | {ulp:.2} |"),
            Err(why) => panic!("{e:?} on {platform:?}: {why}"),
        }
    }
}

#[test]
fn lgamma_r_kernels_pass_the_finalizer() {
    if !common::finalizer_available() {
        eprintln!("GenX_IR not installed: finalizer check skipped");
        return;
    }
    let mut checked = 0;
    for (e, platforms) in [
        (
            Elem::F32,
            &[
                ("SKL", TargetPlatform::Skl),
                ("TGLLP", TargetPlatform::Tgllp),
                ("DG2", TargetPlatform::Dg2),
                ("PVC", TargetPlatform::Pvc),
            ][..],
        ),
        (Elem::F16, &[("TGLLP", TargetPlatform::Tgllp)][..]),
        (Elem::F64, &[("SKL", TargetPlatform::Skl), ("PVC", TargetPlatform::Pvc)][..]),
    ] {
        for &(name, platform) in platforms {
            visa_of_k(&kernel_lgamma_r(e), platform)
                .and_then(|visa| common::finalize("k.visaasm", &visa, name))
                .unwrap_or_else(|why| panic!("lgamma_r({e:?}) on {name}: {why}"));
            checked += 1;
        }
    }
    assert_eq!(checked, 7);
}

#[test]
fn double_inverse_math_is_within_opencl_bounds() {
    check(Elem::F64, &[TargetPlatform::Skl, TargetPlatform::Pvc], |c| c.bound);
}

#[test]
fn float_inverse_math_is_within_opencl_bounds() {
    check(Elem::F32, &[TargetPlatform::Tgllp, TargetPlatform::Pvc], |c| c.bound);
}

/// Half goes through float: within one ulp of the half result (OpenCL's half bounds are 2 to 4).
#[test]
fn half_inverse_math_is_within_one_ulp() {
    check(Elem::F16, &[TargetPlatform::Dg2], |_| 1.0);
}

#[test]
fn inverse_math_kernels_pass_the_finalizer() {
    if !common::finalizer_available() {
        eprintln!("GenX_IR not installed: finalizer check skipped");
        return;
    }
    let mut failures = String::new();
    let mut checked = 0;
    for case in CASES {
        for (e, platforms) in [
            (Elem::F32, &["SKL", "TGLLP", "DG2", "PVC"][..]),
            (Elem::F16, &["TGLLP"][..]),
            (Elem::F64, &["SKL", "PVC"][..]),
        ] {
            for &name in platforms {
                let platform = match name {
                    "SKL" => TargetPlatform::Skl,
                    "TGLLP" => TargetPlatform::Tgllp,
                    "DG2" => TargetPlatform::Dg2,
                    _ => TargetPlatform::Pvc,
                };
                let result = visa_of_k(&kernel(case.name, case.binary, e), platform)
                    .and_then(|visa| common::finalize("k.visaasm", &visa, name));
                match result {
                    Ok(_) => checked += 1,
                    Err(why) => failures.push_str(&format!("{}({e:?}) on {name}: {why}\n", case.name)),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert_eq!(checked, CASES.len() * 7);
}

#[test]
fn double_inverse_math_is_not_available_without_double_precision() {
    for platform in [TargetPlatform::Tgllp, TargetPlatform::Dg2] {
        for name in ["atan", "sinh", "log1p", "tgamma"] {
            let log = visa_of_k(&kernel(name, false, Elem::F64), platform)
                .err()
                .unwrap_or_else(|| panic!("{name} on {platform:?}"));
            assert!(log.contains("is not available on"), "{platform:?}: {log}");
        }
    }
}

#[test]
fn the_references_keep_opencl_special_values() {
    assert!(sinpi(1.0).is_sign_positive() && sinpi(1.0) == 0.0);
    assert!(sinpi(-2.0).is_sign_negative() && sinpi(-2.0) == 0.0);
    assert_eq!(cospi(0.5), 0.0);
    assert!(cospi(0.5).is_sign_positive());
    assert_eq!(tanpi(0.5), f64::INFINITY);
    assert_eq!(tanpi(1.5), f64::NEG_INFINITY);
    assert!(tanpi(1.0).is_sign_negative());
    assert!((sinpi(1.0 / 6.0) - 0.5).abs() < 1e-16);
    assert_eq!(ulps(f64::from_bits(1.0f64.to_bits() + 3), 1.0, Elem::F64.format()), Some(3.0));
    assert_eq!(ulps(-0.0, 0.0, Elem::F32.format()), None);
}
