//! Accuracy of the OpenCL built-in functions genxc expands (genx/src/import/prepare/
//! opencl_builtins): a kernel calling one mangled built-in on `<8 x T>` loads is compiled, run in
//! the simulator over edge values and pseudo-random arguments (4096 doubles or 8192 floats per
//! run), and every result is compared with Rust's `f64`/`f32` function: the largest distance in
//! ulp must stay within OpenCL's bound for the function (full profile), and infinities, zeros and
//! NaN must be the same class. The double functions run on SKL and PVC; TGLLP and DG2, which have
//! no double precision, refuse them as not available. The single-precision functions whose hardware
//! math unit the simulator computes exactly (it does not model the unit's error) are measured for
//! the error of genxc's own reduction around it.
//!
//! `cargo test --test opencl_builtins -- --nocapture` prints the table docs/opencl-builtins.md
//! records.

mod common;

use common::{ulps, visa_of_k, Format, Rng, ONE_BUFFER_KERNEL_METADATA};
use genxc::TargetPlatform;
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;

/// Bytes of the input half of the buffer (the output half follows).
const HALF: usize = 32 * 1024;

/// One function under test: mangled name stem, its Rust reference, its OpenCL ulp bound, the
/// argument generator.
struct Case {
    /// The OpenCL name (`exp`).
    name: &'static str,
    /// The reference in double precision.
    reference: fn(f64) -> f64,
    /// OpenCL's bound in ulp (double, then single precision).
    bound: (f64, f64),
    /// Arguments: uniform in this range, plus edge values.
    range: (f64, f64),
    /// The range of the double arguments, where it differs.
    range_f64: Option<(f64, f64)>,
}

const CASES: &[Case] = &[
    Case { name: "exp", reference: f64::exp, bound: (3.0, 3.0), range: (-750.0, 712.0), range_f64: None },
    Case { name: "exp2", reference: f64::exp2, bound: (3.0, 3.0), range: (-1080.0, 1026.0), range_f64: None },
    Case {
        name: "exp10",
        reference: exp10,
        bound: (3.0, 3.0),
        range: (-45.0, 39.0),
        range_f64: Some((-330.0, 310.0)),
    },
    Case { name: "log", reference: f64::ln, bound: (3.0, 3.0), range: (0.0, 1e300), range_f64: None },
    Case { name: "log2", reference: f64::log2, bound: (3.0, 3.0), range: (0.0, 1e300), range_f64: None },
    Case { name: "log10", reference: f64::log10, bound: (3.0, 3.0), range: (0.0, 1e300), range_f64: None },
    Case {
        name: "sin",
        reference: f64::sin,
        bound: (4.0, 4.0),
        range: (-1e5, 1e5),
        range_f64: Some((-8e307, 8e307)),
    },
    Case {
        name: "cos",
        reference: f64::cos,
        bound: (4.0, 4.0),
        range: (-1e5, 1e5),
        range_f64: Some((-8e307, 8e307)),
    },
    Case {
        name: "tan",
        reference: f64::tan,
        bound: (5.0, 5.0),
        range: (-1e5, 1e5),
        range_f64: Some((-8e307, 8e307)),
    },
    Case { name: "floor", reference: f64::floor, bound: (0.0, 0.0), range: (-100.0, 100.0), range_f64: None },
    Case { name: "ceil", reference: f64::ceil, bound: (0.0, 0.0), range: (-100.0, 100.0), range_f64: None },
    Case { name: "trunc", reference: f64::trunc, bound: (0.0, 0.0), range: (-100.0, 100.0), range_f64: None },
    Case { name: "round", reference: f64::round, bound: (0.0, 0.0), range: (-100.0, 100.0), range_f64: None },
    Case {
        name: "rint",
        reference: f64::round_ties_even,
        bound: (0.0, 0.0),
        range: (-100.0, 100.0),
        range_f64: None,
    },
    Case { name: "sqrt", reference: f64::sqrt, bound: (0.0, 3.0), range: (0.0, 1e300), range_f64: None },
    Case { name: "rsqrt", reference: rsqrt, bound: (2.0, 2.0), range: (0.0, 1e300), range_f64: None },
];

fn exp10(x: f64) -> f64 {
    10f64.powf(x)
}

fn rsqrt(x: f64) -> f64 {
    1.0 / x.sqrt()
}

/// The element type of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Elem {
    F32,
    F64,
}

impl Elem {
    /// The format of its values.
    fn format(self) -> Format {
        match self {
            Elem::F32 => Format::Single,
            Elem::F64 => Format::Double,
        }
    }

    fn llvm(self) -> &'static str {
        match self {
            Elem::F32 => "float",
            Elem::F64 => "double",
        }
    }
    fn mangled(self) -> &'static str {
        match self {
            Elem::F32 => "f",
            Elem::F64 => "d",
        }
    }
    fn bytes(self) -> usize {
        match self {
            Elem::F32 => 4,
            Elem::F64 => 8,
        }
    }
    fn suffix(self) -> &'static str {
        match self {
            Elem::F32 => "v8f32",
            Elem::F64 => "v8f64",
        }
    }
}

/// The kernel: group g reads 8 elements at byte 8*size*g and writes `name` of them at the same
/// place in the output half.
fn kernel(name: &str, e: Elem) -> String {
    let (t, s) = (e.llvm(), e.suffix());
    let mangled = format!("_Z{}{name}Dv8_{}", name.len(), e.mangled());
    let ow = 8 * e.bytes() / 16;
    format!(
        "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

declare <8 x {t}> @llvm.genx.oword.ld.{s}(i32, i32, i32)
declare void @llvm.genx.oword.st.{s}(i32, i32, <8 x {t}>)
declare i32 @llvm.genx.group.id.x()
declare spir_func <8 x {t}> @{mangled}(<8 x {t}>)

define dllexport spir_kernel void @k(i32 %buf) #0 {{
entry:
  %g = call i32 @llvm.genx.group.id.x()
  %off = mul i32 %g, {ow}
  %x = call <8 x {t}> @llvm.genx.oword.ld.{s}(i32 0, i32 %buf, i32 %off)
  %y = call spir_func <8 x {t}> @{mangled}(<8 x {t}> %x)
  %o = add i32 %off, {half}
  call void @llvm.genx.oword.st.{s}(i32 %buf, i32 %o, <8 x {t}> %y)
  ret void
}}

{ONE_BUFFER_KERNEL_METADATA}
",
        half = HALF / 16
    )
}

/// The arguments of a case: edge values, then uniform values in its range, then (for the
/// logarithms and roots) positive values of random exponent, subnormals included.
fn arguments(case: &Case, e: Elem, count: usize) -> Vec<f64> {
    let mut out = vec![
        0.0,
        -0.0,
        1.0,
        2.5,
        -2.5,
        -0.3,
        0.7,
        4503599627370497.0,
        -4503599627370495.5,
        -1.0,
        0.5,
        2.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::MAX,
        std::f64::consts::PI,
        std::f64::consts::FRAC_PI_2,
        1048575.75,
        -1048576.0,
        1e6,
        -std::f64::consts::FRAC_PI_4,
        1e-300,
        709.78,
        -745.0,
        88.7,
        -103.0,
        1e-10,
        1.0000001,
        0.9999999,
    ];
    let mut rng = Rng(0x5eed ^ (case.name.len() as u64 * 7919 + case.name.as_bytes()[0] as u64));
    let range = match (e, case.range_f64) {
        (Elem::F64, Some(r)) => r,
        _ => case.range,
    };
    let positive = range.0 == 0.0;
    while out.len() < count {
        let v = if positive && out.len() % 2 == 0 {
            // a random positive double or float bit pattern
            match e {
                Elem::F64 => f64::from_bits(rng.next() >> 1 & 0x7fef_ffff_ffff_ffff),
                Elem::F32 => f32::from_bits((rng.next() >> 33) as u32 & 0x7f7f_ffff) as f64,
            }
        } else {
            range.0 + (range.1 - range.0) * rng.unit()
        };
        out.push(v);
    }
    if e == Elem::F32 {
        out.iter_mut().for_each(|v| *v = *v as f32 as f64);
    }
    out.truncate(count);
    out
}

/// Runs `case` on `platform` over `args`, returning the largest ulp distance and the argument
/// where it occurs, or the first class mismatch.
fn measure(case: &Case, e: Elem, platform: TargetPlatform, args: &[f64]) -> Result<(f64, f64), String> {
    let visa = visa_of_k(&kernel(case.name, e), platform)?;
    let kernels = genxc_visa::read_text(&visa).map_err(|err| format!("{err:?}"))?;
    let per_run = HALF / e.bytes();
    let mut worst = (0.0, 0.0);
    for chunk in args.chunks(per_run) {
        let groups = chunk.len().div_ceil(8) as u32;
        let (launch, mut memory) =
            Launch::random(&exec::arg_specs(&kernels[0]), 1, 0, [groups, 1, 1], [1, 1, 1], 0);
        let buf = &mut memory.buffers[0].bytes;
        for (i, &x) in chunk.iter().enumerate() {
            let n = e.bytes();
            match e {
                Elem::F64 => buf.data[n * i..n * i + n].copy_from_slice(&x.to_le_bytes()),
                Elem::F32 => buf.data[n * i..n * i + n].copy_from_slice(&(x as f32).to_le_bytes()),
            }
        }
        exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
            .map_err(|err| format!("simulator: {err}"))?;
        let out = &memory.buffers[0].bytes.data[HALF..];
        for (i, &x) in chunk.iter().enumerate() {
            let n = e.bytes();
            let got = match e {
                Elem::F64 => f64::from_le_bytes(out[n * i..n * i + n].try_into().unwrap()),
                Elem::F32 => f32::from_le_bytes(out[n * i..n * i + n].try_into().unwrap()) as f64,
            };
            let want = match e {
                Elem::F64 => (case.reference)(x),
                Elem::F32 => (case.reference)(x) as f32 as f64,
            };
            let d = ulps(got, want, e.format())
                .ok_or_else(|| format!("{}({x:e}) = {got:e}, expected {want:e}", case.name))?;
            if d > worst.0 {
                worst = (d, x);
            }
        }
    }
    Ok(worst)
}

#[test]
fn double_builtins_are_within_opencl_bounds() {
    let mut failures = String::new();
    let mut table = String::new();
    for case in CASES {
        let args = arguments(case, Elem::F64, 8192);
        for platform in [TargetPlatform::Skl, TargetPlatform::Pvc] {
            match measure(case, Elem::F64, platform, &args) {
                Ok((ulp, at)) => {
                    table.push_str(&format!(
                        "| {} | double | {platform:?} | {ulp:.2} | {at:e} |\n",
                        case.name
                    ));
                    if ulp > case.bound.0.max(0.5) {
                        failures.push_str(&format!(
                            "{}(double) on {platform:?}: {ulp:.2} ulp at {at:e} (bound {})\n",
                            case.name, case.bound.0
                        ));
                    }
                }
                Err(why) => failures.push_str(&format!("{}(double) on {platform:?}: {why}\n", case.name)),
            }
        }
    }
    eprintln!("{table}");
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn float_builtins_are_within_opencl_bounds() {
    let mut failures = String::new();
    let mut table = String::new();
    for case in CASES {
        let args = arguments(case, Elem::F32, 8192);
        for platform in [TargetPlatform::Tgllp, TargetPlatform::Pvc] {
            match measure(case, Elem::F32, platform, &args) {
                Ok((ulp, at)) => {
                    table
                        .push_str(&format!("| {} | float | {platform:?} | {ulp:.2} | {at:e} |\n", case.name));
                    if ulp > case.bound.1 {
                        failures.push_str(&format!(
                            "{}(float) on {platform:?}: {ulp:.2} ulp at {at:e} (bound {})\n",
                            case.name, case.bound.1
                        ));
                    }
                }
                Err(why) => failures.push_str(&format!("{}(float) on {platform:?}: {why}\n", case.name)),
            }
        }
    }
    eprintln!("{table}");
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn builtin_kernels_pass_the_finalizer() {
    if !common::finalizer_available() {
        eprintln!("GenX_IR not installed: finalizer check skipped");
        return;
    }
    let mut failures = String::new();
    let mut checked = 0;
    for case in CASES {
        for (e, platforms) in
            [(Elem::F32, &["SKL", "TGLLP", "DG2", "PVC"][..]), (Elem::F64, &["SKL", "PVC"][..])]
        {
            for &name in platforms {
                let platform = match name {
                    "SKL" => TargetPlatform::Skl,
                    "TGLLP" => TargetPlatform::Tgllp,
                    "DG2" => TargetPlatform::Dg2,
                    _ => TargetPlatform::Pvc,
                };
                let result = visa_of_k(&kernel(case.name, e), platform)
                    .and_then(|visa| common::finalize("k.visaasm", &visa, name));
                match result {
                    Ok(_) => checked += 1,
                    Err(why) => failures.push_str(&format!("{}({e:?}) on {name}: {why}\n", case.name)),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert_eq!(checked, CASES.len() * 6);
}

#[test]
fn double_builtins_are_not_available_without_double_precision() {
    for platform in [TargetPlatform::Tgllp, TargetPlatform::Dg2] {
        let log =
            visa_of_k(&kernel("exp", Elem::F64), platform).err().unwrap_or_else(|| panic!("{platform:?}"));
        assert!(log.contains("is not available on"), "{platform:?}: {log}");
    }
}

#[test]
fn builtins_that_do_not_fit_their_call_are_refused_located() {
    // tgamma and double remainder, refused before, are expanded (tests/opencl_inverse_math.rs and
    // tests/double_frem.rs measure them)
    visa_of_k(&kernel("tgamma", Elem::F32), TargetPlatform::Tgllp).unwrap_or_else(|log| panic!("{log}"));
    let text = kernel("remainder", Elem::F64)
        .replace("(<8 x double>)", "(<8 x double>, <8 x double>)")
        .replace("(<8 x double> %x)", "(<8 x double> %x, <8 x double> %x)");
    let text = text.replace("_Z9remainderDv8_d", "_Z9remainderDv8_dS_");
    visa_of_k(&text, TargetPlatform::Skl).unwrap_or_else(|log| panic!("{log}"));
    // remainder called with one argument
    let log = visa_of_k(&kernel("remainder", Elem::F64), TargetPlatform::Skl).unwrap_err();
    assert!(log.contains("OpenCL built-in remainder") && log.contains("(expected 2)"), "{log}");
    assert!(log.starts_with("k.ll:"), "{log}");
}

#[test]
fn the_ulp_measure_sees_one_ulp() {
    let x = 1.0f64 / 3.0;
    assert_eq!(ulps(f64::from_bits(x.to_bits() + 1), x, Elem::F64.format()), Some(1.0));
    assert_eq!(ulps(x, x, Elem::F64.format()), Some(0.0));
    assert_eq!(ulps(f64::INFINITY, f64::MAX, Elem::F64.format()), None);
    assert_eq!(ulps(0.0, f64::NAN, Elem::F64.format()), None);
    assert_eq!(ulps(-0.0, 0.0, Elem::F64.format()), None);
    let y = 1.0f32 / 3.0;
    assert_eq!(ulps(f32::from_bits(y.to_bits() + 2) as f64, y as f64, Elem::F32.format()), Some(2.0));
}
