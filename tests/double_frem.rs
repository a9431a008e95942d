//! The exact `frem` of doubles (genx/src/import/prepare/double_frem.rs) and OpenCL's double
//! `remainder`/`remquo` built on it, bit for bit against Rust: `%` on `f64` (C's `fmod`, exact)
//! and an integer model of the IEEE remainder (quotient rounded to nearest, ties to even; remquo's
//! low seven quotient bits with the sign of x/y). Arguments: every pair of edge values (zeros,
//! subnormals, the extremes, infinities, NaNs, |x| < |y|, exponent gaps up to 2,097 binades),
//! quotients just below and above integers, and random bit patterns. Each kernel runs in the
//! simulator and in the reference interpreter on SKL and PVC (and MTL for the scalar form), as a
//! scalar per lane and on 8- and 16-lane vectors, and inside a SIMD `if` (the loop's uniform
//! branch within a goto/join region), and goes through GenX_IR for SKL, MTL, PVC and PVCXT; TGLLP
//! and DG2, without double precision, refuse it as not available.

mod common;

use common::{visa_of_k, Rng, ONE_BUFFER_KERNEL_METADATA};
use genxc::{Input, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;
use genxc_sim::reference;

/// Rows (argument pairs) per launch: x at byte 0, y at `8 ROWS`, the result at `16 ROWS`, remquo's
/// quotients (i32) at `24 ROWS`.
const ROWS: usize = 1024;

/// What a kernel computes on each pair.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    /// `frem` of `<n x double>`.
    Frem,
    /// `frem` of each lane's two doubles as scalars.
    ScalarFrem,
    /// OpenCL `remainder` of `<n x double>`.
    Remainder,
    /// OpenCL `remquo` of `<n x double>` (the quotients stored too).
    Remquo,
}

/// The kernel of `form` on `n`-lane vectors: group g handles rows g n to g n + n - 1.
fn kernel(form: Form, n: usize) -> String {
    let ow = n / 2;
    let v = format!("<{n} x double>");
    let mut decls = format!(
        "declare {v} @llvm.genx.oword.ld.v{n}f64(i32, i32, i32)\n\
         declare void @llvm.genx.oword.st.v{n}f64(i32, i32, {v})\n\
         declare void @llvm.genx.oword.st.v{n}i32(i32, i32, <{n} x i32>)\n\
         declare i32 @llvm.genx.group.id.x()\n"
    );
    let mut body = format!(
        "  %g = call i32 @llvm.genx.group.id.x()\n\
         \x20 %o = mul i32 %g, {ow}\n\
         \x20 %ox = add i32 %o, 0\n\
         \x20 %oy = add i32 %o, {y}\n\
         \x20 %or = add i32 %o, {r}\n\
         \x20 %x = call {v} @llvm.genx.oword.ld.v{n}f64(i32 0, i32 %buf, i32 %ox)\n\
         \x20 %y = call {v} @llvm.genx.oword.ld.v{n}f64(i32 0, i32 %buf, i32 %oy)\n",
        y = ROWS / 2,
        r = ROWS,
    );
    let mut entry = String::new();
    match form {
        Form::Frem => body.push_str(&format!("  %res = frem {v} %x, %y\n")),
        Form::ScalarFrem => {
            let mut acc = "undef".to_string();
            for i in 0..n {
                body.push_str(&format!(
                    "  %x{i} = extractelement {v} %x, i32 {i}\n\
                     \x20 %y{i} = extractelement {v} %y, i32 {i}\n\
                     \x20 %f{i} = frem double %x{i}, %y{i}\n\
                     \x20 %v{i} = insertelement {v} {acc}, double %f{i}, i32 {i}\n"
                ));
                acc = format!("%v{i}");
            }
            body.push_str(&format!("  %res = fadd {v} {acc}, <{zeros}>\n", zeros = neg_zeros(n)));
        }
        Form::Remainder => {
            decls.push_str(&format!("declare spir_func {v} @_Z9remainderDv{n}_dS_({v}, {v})\n"));
            body.push_str(&format!("  %res = call spir_func {v} @_Z9remainderDv{n}_dS_({v} %x, {v} %y)\n"));
        }
        Form::Remquo => {
            let q = format!("<{n} x i32>");
            decls.push_str(&format!(
                "declare spir_func {v} @_Z6remquoDv{n}_dS_PU3AS4Dv{n}_i({v}, {v}, {q} addrspace(4)*)\n"
            ));
            entry.push_str(&format!(
                "  %q = alloca {q}, align 64\n  %q.g = addrspacecast {q}* %q to {q} addrspace(4)*\n"
            ));
            body.push_str(&format!(
                "  %res = call spir_func {v} @_Z6remquoDv{n}_dS_PU3AS4Dv{n}_i({v} %x, {v} %y, {q} addrspace(4)* %q.g)\n\
                 \x20 %qv = load {q}, {q}* %q\n\
                 \x20 %oq0 = mul i32 %g, {qow}\n\
                 \x20 %oq = add i32 %oq0, {qr}\n\
                 \x20 call void @llvm.genx.oword.st.v{n}i32(i32 %buf, i32 %oq, {q} %qv)\n",
                qow = n / 4,
                qr = 3 * ROWS / 2,
            ));
        }
    }
    format!(
        "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

{decls}
define dllexport spir_kernel void @k(i32 %buf) #0 {{
entry:
{entry}{body}  call void @llvm.genx.oword.st.v{n}f64(i32 %buf, i32 %or, {v} %res)
  ret void
}}

{ONE_BUFFER_KERNEL_METADATA}
"
    )
}

/// `-0.0` in each of `n` lanes (adding it keeps every value, -0 included).
fn neg_zeros(n: usize) -> String {
    vec!["double -0.0"; n].join(", ")
}

/// The results (bits) and remquo quotients of each pair under the simulator and the reference
/// interpreter: `[(simulator), (reference)]`.
type Outputs = [(Vec<u64>, Vec<i32>); 2];

/// Runs the kernel of `form` on `n` lanes over the pairs `(xs, ys)` on `platform`.
fn run(form: Form, n: usize, xs: &[f64], ys: &[f64], platform: TargetPlatform) -> Result<Outputs, String> {
    let text = kernel(form, n);
    let visa = visa_of_k(&text, platform)?;
    let kernels = genxc_visa::read_text(&visa).map_err(|err| format!("{err:?}"))?;
    let module = genxc::import(&Input { name: "k.ll".into(), bytes: text.as_bytes().to_vec() }, platform)
        .map_err(|e| format!("{e:?}"))?;
    let mut out: Outputs = Default::default();
    for start in (0..xs.len()).step_by(ROWS) {
        let end = (start + ROWS).min(xs.len());
        let groups = (end - start).div_ceil(n) as u32;
        for (which, slot) in out.iter_mut().enumerate() {
            let specs =
                if which == 0 { exec::arg_specs(&kernels[0]) } else { reference::arg_specs(&module, 0) };
            let (launch, mut memory) = Launch::random(&specs, 1, 0, [groups, 1, 1], [1, 1, 1], 0);
            let buf = &mut memory.buffers[0].bytes;
            for i in start..end {
                let at = 8 * (i - start);
                buf.data[at..at + 8].copy_from_slice(&xs[i].to_le_bytes());
                buf.data[8 * ROWS + at..8 * ROWS + at + 8].copy_from_slice(&ys[i].to_le_bytes());
            }
            if which == 0 {
                exec::run(
                    &kernels,
                    &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 },
                    &launch,
                    &mut memory,
                )
                .map_err(|err| format!("simulator: {err}"))?;
            } else {
                reference::run(&module, 0, 0, &launch, &mut memory)
                    .map_err(|err| format!("reference: {err}"))?;
            }
            let data = &memory.buffers[0].bytes.data;
            for i in 0..end - start {
                let at = 16 * ROWS + 8 * i;
                slot.0.push(u64::from_le_bytes(data[at..at + 8].try_into().unwrap_or_default()));
                let at = 24 * ROWS + 4 * i;
                slot.1.push(i32::from_le_bytes(data[at..at + 4].try_into().unwrap_or_default()));
            }
        }
    }
    Ok(out)
}

/// Edge values of every class and binade extreme.
fn edges() -> Vec<f64> {
    let mut v = vec![
        0.0,
        1.0,
        1.5,
        2.0,
        3.0,
        0.1,
        7.0,
        1e10,
        1e-10,
        1e300,
        1e-300,
        2f64.powi(1000),
        2f64.powi(-1000),
        f64::MAX,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::from_bits(3),
        f64::from_bits(0x000f_ffff_ffff_ffff),
        f64::from_bits(0x0008_0000_0000_0001),
        f64::MIN_POSITIVE * 3.0,
        1.0000000000000002,
        0.9999999999999999,
        9007199254740991.0,
        f64::INFINITY,
        f64::NAN,
    ];
    let negatives: Vec<f64> = v.iter().map(|x| -x).collect();
    v.extend(negatives);
    v
}

/// Every pair of edge values, then `extra` rows: random bit patterns, quotients just below and
/// above integers (y 3, the neighbours of y 7), |x| just below |y|, huge gaps.
fn pairs(extra: usize, seed: u64) -> (Vec<f64>, Vec<f64>) {
    let e = edges();
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for &x in &e {
        for &y in &e {
            xs.push(x);
            ys.push(y);
        }
    }
    let mut rng = Rng(seed);
    for k in 0..extra {
        let x = f64::from_bits(rng.next());
        let y = f64::from_bits(rng.next());
        let (x, y) = match k % 6 {
            0 => (x, y),
            1 => (y * 3.0, y),
            2 => (f64::from_bits((y * 7.0).to_bits().wrapping_add(1)), y),
            3 => (f64::from_bits((y * 7.0).to_bits().wrapping_sub(1)), y),
            4 => (x, f64::from_bits(x.to_bits().wrapping_add(1))),
            // a large x against a subnormal or tiny y
            _ => (f64::from_bits(rng.next() | 0x7000_0000_0000_0000), f64::from_bits(rng.next() >> 12)),
        };
        xs.push(x);
        ys.push(y);
    }
    (xs, ys)
}

/// `|v| = m 2^e` with an integer m (53 bits at most) and e >= -1074.
fn parts(v: f64) -> (u128, i32) {
    let b = v.abs().to_bits();
    let (e, m) = ((b >> 52) as i32, u128::from(b & 0x000f_ffff_ffff_ffff));
    if e == 0 {
        (m, -1074)
    } else {
        (m | 1 << 52, e - 1075)
    }
}

/// IEEE `remainder(x, y)` and remquo's quotient (low seven bits, with the sign of x/y), by
/// modular doubling on the integer significands (no float arithmetic but the final scaling).
fn remquo_ref(x: f64, y: f64) -> (f64, i32) {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return (f64::NAN, 0);
    }
    if y.is_infinite() {
        return (x, 0);
    }
    let ((mx, ex), (my, ey)) = (parts(x), parts(y));
    if ey > ex + 60 {
        // |x| < |y| / 2: the quotient is 0
        return (x, 0);
    }
    // |x| / |y| in units of 2^unit: mx 2^(ex - unit) against my 2^(ey - unit)
    let unit = ex.min(ey);
    let (mx, my) = (mx << (ex - unit).min(60), my << (ey - unit));
    let steps = (ex - unit - (ex - unit).min(60)).max(0);
    // the quotient mod 128 and the remainder, by long division one bit at a time
    let mut r = mx % (128 * my);
    for _ in 0..steps {
        r = (2 * r) % (128 * my);
    }
    let (mut q, mut r) = ((r / my) as i32, r % my);
    let mut negative = false;
    if 2 * r > my || (2 * r == my && q % 2 == 1) {
        r = my - r;
        q += 1;
        negative = true;
    }
    let scale = |v: u128| -> f64 {
        // v 2^unit is a double (the remainder is representable)
        let (mut v, mut u) = (v, unit);
        while v >= 1 << 53 {
            v >>= 1;
            u += 1;
        }
        let pow2 = |e: i32| f64::from_bits(((e + 1023) as u64) << 52);
        (v as f64) * pow2(u.max(-1022)) * pow2(u - u.max(-1022))
    };
    let mag = scale(r);
    let signed = if negative { -mag } else { mag };
    let rem = if x.is_sign_negative() { -signed } else { signed };
    let q = q & 127;
    let q = if x.is_sign_negative() != y.is_sign_negative() { -q } else { q };
    (rem, q)
}

/// Whether `got` is `want` bit for bit (any NaN for a NaN).
fn same(got: u64, want: f64) -> bool {
    if want.is_nan() {
        f64::from_bits(got).is_nan()
    } else {
        got == want.to_bits()
    }
}

/// The first mismatches (at most 10) of `form`'s outputs against the references.
fn mismatches(form: Form, xs: &[f64], ys: &[f64], out: &Outputs) -> Vec<String> {
    let mut bad = Vec::new();
    for (executor, (res, quo)) in ["simulator", "reference"].iter().zip(out) {
        for i in 0..xs.len() {
            let (x, y) = (xs[i], ys[i]);
            let (want, want_q) = match form {
                Form::Frem | Form::ScalarFrem => (x % y, None),
                Form::Remainder => (remquo_ref(x, y).0, None),
                Form::Remquo => {
                    let (r, q) = remquo_ref(x, y);
                    (r, Some(q))
                }
            };
            let q_ok = want_q.is_none_or(|q| q == quo[i]);
            if (!same(res[i], want) || !q_ok) && bad.len() < 10 {
                let quotient =
                    if want_q.is_some() { format!(", quotient {}", quo[i]) } else { String::new() };
                bad.push(format!(
                    "{executor}: {form:?}({x:e} [{:#x}], {y:e} [{:#x}]) = {:e}{quotient}, want {want:e} {want_q:?}",
                    x.to_bits(),
                    y.to_bits(),
                    f64::from_bits(res[i]),
                ));
            }
        }
    }
    bad
}

#[test]
fn double_frem_is_exact_fmod_on_every_class_of_argument() {
    let (xs, ys) = pairs(3000, 0xf00d);
    let mut failures = Vec::new();
    for (form, n, platforms) in [
        (Form::Frem, 8, &[TargetPlatform::Skl, TargetPlatform::Pvc][..]),
        (Form::Frem, 16, &[TargetPlatform::Pvc][..]),
        (Form::ScalarFrem, 8, &[TargetPlatform::Skl, TargetPlatform::Mtl][..]),
    ] {
        for &platform in platforms {
            match run(form, n, &xs, &ys, platform) {
                Ok(out) => failures.extend(
                    mismatches(form, &xs, &ys, &out).into_iter().map(|m| format!("{platform:?} x{n}: {m}")),
                ),
                Err(why) => failures.push(format!("{form:?} x{n} on {platform:?}: {why}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn double_remainder_and_remquo_round_the_quotient_to_nearest_even() {
    let (xs, ys) = pairs(1500, 0xbeef);
    let mut failures = Vec::new();
    for form in [Form::Remainder, Form::Remquo] {
        for platform in [TargetPlatform::Skl, TargetPlatform::Pvc] {
            match run(form, 8, &xs, &ys, platform) {
                Ok(out) => failures.extend(
                    mismatches(form, &xs, &ys, &out).into_iter().map(|m| format!("{platform:?}: {m}")),
                ),
                Err(why) => failures.push(format!("{form:?} on {platform:?}: {why}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_references_see_wrong_results() {
    // fmod and remainder of a few known values
    assert_eq!(remquo_ref(5.0, 3.0), (-1.0, 2));
    assert_eq!(remquo_ref(-5.0, 3.0), (1.0, -2));
    assert_eq!(remquo_ref(7.5, 2.0), (-0.5, 4));
    assert_eq!(remquo_ref(2.5, 1.0), (0.5, 2));
    assert_eq!(remquo_ref(1e10, 3.0), (1.0, 3333333333i64.rem_euclid(128) as i32));
    assert_eq!(remquo_ref(f64::MAX, f64::from_bits(1)).0.to_bits(), 0);
    assert_eq!(remquo_ref(f64::from_bits(5), f64::from_bits(2)), (f64::from_bits(1), 2));
    assert!(remquo_ref(1.0, 0.0).0.is_nan());
    assert!(!same(1.0f64.to_bits(), 1.0000000000000002));
    assert!(!same(0.0f64.to_bits(), -0.0));
    assert!(same(f64::NAN.to_bits(), f64::NAN));
    // a wrong frem result is seen
    let out: Outputs = [(vec![1.0f64.to_bits()], vec![0]), (vec![2.0f64.to_bits()], vec![0])];
    assert_eq!(mismatches(Form::Frem, &[5.0], &[2.0], &out).len(), 1);
}

#[test]
fn double_frem_passes_the_finalizer_or_is_not_available() {
    let with_tools = common::finalizer_available();
    let mut failures = Vec::new();
    for (form, n) in [(Form::Frem, 8), (Form::Frem, 16), (Form::ScalarFrem, 8), (Form::Remquo, 8)] {
        let text = kernel(form, n);
        for (platform, name) in [
            (TargetPlatform::Skl, "SKL"),
            (TargetPlatform::Tgllp, "TGLLP"),
            (TargetPlatform::Dg2, "DG2"),
            (TargetPlatform::Mtl, "MTL"),
            (TargetPlatform::Pvc, "PVC"),
        ] {
            let result = visa_of_k(&text, platform);
            if matches!(platform, TargetPlatform::Tgllp | TargetPlatform::Dg2) {
                match result {
                    Err(log) if log.contains("is not available on") => {}
                    other => failures.push(format!("{form:?} x{n} on {name}: {other:?}")),
                }
                continue;
            }
            match result {
                Ok(visa) if with_tools => {
                    if let Err(why) = common::finalize("k.visaasm", &visa, name) {
                        failures.push(format!("{form:?} x{n} on {name}: {why}"));
                    }
                }
                Ok(_) => {}
                Err(log) => failures.push(format!("{form:?} x{n} on {name}: {log}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A SIMD8 `if` (Intel's CMSimdCFLowering form, as tests/fixtures/kernels/simdcf.ll's
/// `simd8_if`) whose lanes of odd x compute x 2^900 frem 7 2^-1000 (1,900 binades: 38 steps of
/// the loop, inside the goto/join region); the other lanes keep x. Doubles out at byte 64.
const SIMD_IF_BODY: &str = "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8f64(i32, i32, <8 x double>)
declare { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1>, <8 x i1>, <8 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(<32 x i1>, <8 x i1>)

define dllexport spir_kernel void @k(i32 %buf) #0 {
entry:
  %x = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %xd = sitofp <8 x i32> %x to <8 x double>
  %odd = and <8 x i32> %x, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %isodd = icmp ne <8 x i32> %odd, zeroinitializer
  %goto = call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i1> zeroinitializer, <8 x i1> %isodd)
  %em = extractvalue { <32 x i1>, <8 x i1>, i1 } %goto, 0
  %rm = extractvalue { <32 x i1>, <8 x i1>, i1 } %goto, 1
  %skip = extractvalue { <32 x i1>, <8 x i1>, i1 } %goto, 2
  br i1 %skip, label %endif, label %then

then:
  %big = fmul <8 x double> %xd, <double 0x7830000000000000, double 0x7830000000000000, double 0x7830000000000000, double 0x7830000000000000, double 0x7830000000000000, double 0x7830000000000000, double 0x7830000000000000, double 0x7830000000000000>
  %fr = frem <8 x double> %big, <double 0x019c000000000000, double 0x019c000000000000, double 0x019c000000000000, double 0x019c000000000000, double 0x019c000000000000, double 0x019c000000000000, double 0x019c000000000000, double 0x019c000000000000>
  %em8 = shufflevector <32 x i1> %em, <32 x i1> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %fr.pred = select <8 x i1> %em8, <8 x double> %fr, <8 x double> %xd
  br label %endif

endif:
  %v = phi <8 x double> [ %xd, %entry ], [ %fr.pred, %then ]
  %join = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(<32 x i1> %em, <8 x i1> %rm)
  br label %after

after:
  call void @llvm.genx.oword.st.v8f64(i32 %buf, i32 4, <8 x double> %v)
  ret void
}

";

/// The kernel of `SIMD_IF_BODY` with its metadata.
fn simd_if_kernel() -> String {
    format!("{SIMD_IF_BODY}{}\n", common::ONE_BUFFER_KERNEL_METADATA)
}

#[test]
fn double_frem_inside_simd_control_flow_computes_only_the_active_lanes() {
    let xs: [i32; 8] = [3, 4, -5, 1_000_001, 2_147_483_647, -8, 77, -2_147_483_647];
    let scale = f64::from_bits(0x7830_0000_0000_0000);
    let y = f64::from_bits(0x019c_0000_0000_0000);
    let want: Vec<f64> =
        xs.iter().map(|&x| if x & 1 == 1 { (f64::from(x) * scale) % y } else { f64::from(x) }).collect();
    assert!(want.iter().zip(&xs).any(|(w, &x)| x & 1 == 1 && *w != 0.0 && *w != f64::from(x)));
    let with_tools = common::finalizer_available();
    for (platform, name) in
        [(TargetPlatform::Skl, "SKL"), (TargetPlatform::Mtl, "MTL"), (TargetPlatform::Pvc, "PVC")]
    {
        let visa = visa_of_k(&simd_if_kernel(), platform).unwrap_or_else(|log| panic!("{platform:?}: {log}"));
        if with_tools {
            common::finalize("k.visaasm", &visa, name).unwrap_or_else(|why| panic!("{why}"));
        }
        let kernels = genxc_visa::read_text(&visa).unwrap();
        let module =
            genxc::import(&Input { name: "k.ll".into(), bytes: simd_if_kernel().into_bytes() }, platform)
                .unwrap_or_else(|e| panic!("{e:?}"));
        for executor in ["simulator", "reference"] {
            let specs = if executor == "simulator" {
                exec::arg_specs(&kernels[0])
            } else {
                reference::arg_specs(&module, 0)
            };
            let (launch, mut memory) = Launch::random(&specs, 1, 0, [1, 1, 1], [1, 1, 1], 0);
            let buf = &mut memory.buffers[0].bytes;
            for (i, x) in xs.iter().enumerate() {
                buf.data[4 * i..4 * i + 4].copy_from_slice(&x.to_le_bytes());
            }
            if executor == "simulator" {
                exec::run(
                    &kernels,
                    &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 },
                    &launch,
                    &mut memory,
                )
                .unwrap_or_else(|e| panic!("simulator on {platform:?}: {e}"));
            } else {
                reference::run(&module, 0, 0, &launch, &mut memory)
                    .unwrap_or_else(|e| panic!("reference: {e}"));
            }
            let data = &memory.buffers[0].bytes.data;
            for (i, w) in want.iter().enumerate() {
                let got = f64::from_le_bytes(data[64 + 8 * i..72 + 8 * i].try_into().unwrap());
                assert!(
                    same(got.to_bits(), *w),
                    "{executor} on {platform:?}, lane {i} (x = {}): {got:e}, want {w:e}",
                    xs[i]
                );
            }
        }
    }
}
