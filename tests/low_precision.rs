//! The low-precision conversions bit for bit: kernels converting 16 values (LLVM's `fptrunc` and
//! `fpext` between `float` and `bfloat`, `llvm.genx.bf.cvt`, `tf32.cvt`, `qf.cvt`) are compiled by
//! genxc for each platform that has them, run in the simulator and in the reference interpreter on
//! every class of bit pattern (signed zeros, subnormals, normals at and around rounding ties, the
//! largest finite values, infinities, quiet and signaling NaNs, random patterns), and each result
//! is compared with a Rust function written here from the bit-level definition of the conversion
//! (round to nearest even; widening exact; NaN stays NaN, quiet; tf32 flushes subnormal inputs to
//! zero). `srnd` (PVC only: ocloc's `pvc` is GenX_IR's PVCXT) runs compiled on PVC in both
//! executors, and in the simulator from hand-written vISA, against its definition with chosen
//! random bits.

mod common;

use common::{visa_of_k, ONE_BUFFER_KERNEL_METADATA};
use genxc::{Input, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{Launch, Rng};
use genxc_sim::reference;

/// Lanes of every kernel.
const N: usize = 16;

/// The platforms, with whether each has the `bf` type and the Xe-HPC conversions (`fcvt`).
const PLATFORMS: [(TargetPlatform, bool, bool); 4] = [
    (TargetPlatform::Skl, false, false),
    (TargetPlatform::Tgllp, false, false),
    (TargetPlatform::Dg2, true, false),
    (TargetPlatform::Pvc, true, true),
];

/// A kernel `@k(i32 %buf)` that loads 16 dwords `%d` (and their floats `%f`), computes `body`
/// (defining `<16 x i32> %o`) and stores `%o` after them.
fn kernel(declare: &str, body: &str) -> String {
    format!(
        "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
{declare}
define dllexport spir_kernel void @k(i32 %buf) #0 {{
entry:
  %d = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 0)
  %f = bitcast <16 x i32> %d to <16 x float>
{body}
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 4, <16 x i32> %o)
  ret void
}}

{ONE_BUFFER_KERNEL_METADATA}
"
    )
}

/// `float` to `bfloat` by LLVM's `fptrunc`: the bfloat bits, zero-extended.
fn fptrunc_kernel() -> String {
    kernel(
        "",
        "  %b = fptrunc <16 x float> %f to <16 x bfloat>
  %i = bitcast <16 x bfloat> %b to <16 x i16>
  %o = zext <16 x i16> %i to <16 x i32>",
    )
}

/// `bfloat` (the low word of each dword) to `float` by LLVM's `fpext`.
fn fpext_kernel() -> String {
    kernel(
        "",
        "  %w = trunc <16 x i32> %d to <16 x i16>
  %b = bitcast <16 x i16> %w to <16 x bfloat>
  %x = fpext <16 x bfloat> %b to <16 x float>
  %o = bitcast <16 x float> %x to <16 x i32>",
    )
}

/// `float` to bfloat16 (held in a half) by `llvm.genx.bf.cvt`.
fn bf_cvt_kernel() -> String {
    kernel(
        "declare <16 x half> @llvm.genx.bf.cvt.v16f16.v16f32(<16 x float>)",
        "  %h = call <16 x half> @llvm.genx.bf.cvt.v16f16.v16f32(<16 x float> %f)
  %i = bitcast <16 x half> %h to <16 x i16>
  %o = zext <16 x i16> %i to <16 x i32>",
    )
}

/// bfloat16 (the low word of each dword, as a half) to `float` by `llvm.genx.bf.cvt`.
fn bf_cvt_back_kernel() -> String {
    kernel(
        "declare <16 x float> @llvm.genx.bf.cvt.v16f32.v16f16(<16 x half>)",
        "  %w = trunc <16 x i32> %d to <16 x i16>
  %h = bitcast <16 x i16> %w to <16 x half>
  %x = call <16 x float> @llvm.genx.bf.cvt.v16f32.v16f16(<16 x half> %h)
  %o = bitcast <16 x float> %x to <16 x i32>",
    )
}

/// `float` to tf32 by `llvm.genx.tf32.cvt`.
fn tf32_kernel() -> String {
    kernel(
        "declare <16 x i32> @llvm.genx.tf32.cvt.v16i32.v16f32(<16 x float>)",
        "  %o = call <16 x i32> @llvm.genx.tf32.cvt.v16i32.v16f32(<16 x float> %f)",
    )
}

/// `half` (the low word) to bf8 by `llvm.genx.qf.cvt`, zero-extended.
fn bf8_kernel() -> String {
    kernel(
        "declare <16 x i8> @llvm.genx.qf.cvt.v16i8.v16f16(<16 x half>)",
        "  %w = trunc <16 x i32> %d to <16 x i16>
  %h = bitcast <16 x i16> %w to <16 x half>
  %q = call <16 x i8> @llvm.genx.qf.cvt.v16i8.v16f16(<16 x half> %h)
  %o = zext <16 x i8> %q to <16 x i32>",
    )
}

/// bf8 (the low byte) to `half` by `llvm.genx.qf.cvt`, zero-extended.
fn bf8_back_kernel() -> String {
    kernel(
        "declare <16 x half> @llvm.genx.qf.cvt.v16f16.v16i8(<16 x i8>)",
        "  %q = trunc <16 x i32> %d to <16 x i8>
  %h = call <16 x half> @llvm.genx.qf.cvt.v16f16.v16i8(<16 x i8> %q)
  %i = bitcast <16 x half> %h to <16 x i16>
  %o = zext <16 x i16> %i to <16 x i32>",
    )
}

// ---------------------------------------------------------------------------------------------
// The definitions, from the bits

/// Whether `bits` of a float format with `exp_mask` (the exponent field) and `man_mask` is NaN.
fn is_nan(bits: u32, exp_mask: u32, man_mask: u32) -> bool {
    bits & exp_mask == exp_mask && bits & man_mask != 0
}

/// Drops the low `k` bits of a non-NaN magnitude-with-sign pattern, rounding to nearest even (a
/// carry runs into the exponent, which turns the largest finite values into infinity).
fn round_bits_even(bits: u32, k: u32) -> u32 {
    let kept = bits >> k;
    let dropped = bits & ((1 << k) - 1);
    let half = 1 << (k - 1);
    if dropped > half || (dropped == half && kept & 1 == 1) {
        kept + 1
    } else {
        kept
    }
}

/// bfloat16 of a float: round to nearest even; NaN gives a NaN.
fn bf16_of(bits: u32) -> Option<u32> {
    if is_nan(bits, 0x7f80_0000, 0x007f_ffff) {
        return None;
    }
    Some(round_bits_even(bits, 16))
}

/// The float of bfloat16 bits (the low word): exact; NaN gives a NaN.
fn f32_of_bf16(bits: u32) -> Option<u32> {
    let b = bits & 0xffff;
    if is_nan(b, 0x7f80, 0x007f) {
        return None;
    }
    Some(b << 16)
}

/// tf32 of a float (in a dword): subnormals flush to a signed zero, else round to nearest even at
/// bit 13; NaN gives a NaN.
fn tf32_of(bits: u32) -> Option<u32> {
    if is_nan(bits, 0x7f80_0000, 0x007f_ffff) {
        return None;
    }
    if bits & 0x7f80_0000 == 0 {
        return Some(bits & 0x8000_0000);
    }
    Some(round_bits_even(bits, 13) << 13)
}

/// bf8 (E5M2) of a half: round to nearest even at bit 8 (subnormals kept); NaN gives a NaN.
fn bf8_of(bits: u32) -> Option<u32> {
    if is_nan(bits, 0x7c00, 0x03ff) {
        return None;
    }
    Some(round_bits_even(bits, 8))
}

/// The half of `f32` bits for stochastic rounding: `random`'s low 13 bits added to the
/// magnitude, then truncated; `None` for NaN.
fn srnd_hf_of(bits: u32, random: u32) -> Option<u32> {
    if is_nan(bits, 0x7f80_0000, 0x007f_ffff) {
        return None;
    }
    let sign = (bits >> 16) & 0x8000;
    let mag = bits & 0x7fff_ffff;
    if mag == 0x7f80_0000 {
        return Some(sign | 0x7c00);
    }
    // the magnitude with the random bits added (a carry may run into the exponent): from 2^16 up
    // (the sum of the largest floats included) beyond the halves
    let sum = mag + (random & 0x1fff);
    if sum >= 0x4780_0000 {
        return Some(sign | 0x7c00);
    }
    // as a real number, truncated to a half
    let v = f64::from(f32::from_bits(sum));
    // the largest half at or below v: halves are multiples of 2^-24 below 2^-14, and have 11
    // significant bits above
    let h = if v < 2f64.powi(-14) {
        (v / 2f64.powi(-24)).floor() * 2f64.powi(-24)
    } else {
        let e = v.log2().floor();
        let ulp = 2f64.powf(e - 10.0);
        (v / ulp).floor() * ulp
    };
    Some(sign | u32::from(half::f16::from_f64(h).to_bits()))
}

// ---------------------------------------------------------------------------------------------
// The patterns

/// Every class of float bit pattern, and random ones: 16 per batch.
fn float_patterns() -> Vec<u32> {
    let mut v = vec![
        0x0000_0000,
        0x8000_0000,
        // subnormals
        0x0000_0001,
        0x8000_8000,
        0x0000_ffff,
        0x0001_8000,
        0x007f_ffff,
        0x807f_8000,
        // the smallest normals
        0x0080_0000,
        0x0080_8000,
        0x8080_8001,
        // ties of bf16: even kept, odd rounded up; and either side of a tie
        0x3f80_8000,
        0x3f81_8000,
        0xbf80_8000,
        0xbf81_8000,
        0x3f80_7fff,
        0x3f80_8001,
        0x4049_0fdb,
        // ties of tf32 (bit 13)
        0x3f80_1000,
        0x3f80_3000,
        0x3f80_0fff,
        0x3f80_1001,
        0x3fff_f000,
        0x3fff_e000,
        // carries into the exponent
        0x3fff_ffff,
        0x3fff_8000,
        0x3ffe_8000,
        // the largest finite values: bf16 and tf32 round them to infinity
        0x7f7f_ffff,
        0xff7f_ffff,
        0x7f7f_7fff,
        0x7f7f_8000,
        0x7f7f_efff,
        0x7f7f_f000,
        // infinities
        0x7f80_0000,
        0xff80_0000,
        // NaNs: quiet, signaling with payloads only in the low bits, negative
        0x7fc0_0000,
        0xffc0_0000,
        0x7f80_0001,
        0x7f80_8000,
        0xff80_0001,
        0x7fff_ffff,
        0x7fa0_0000,
    ];
    let mut rng = Rng::new(7);
    while v.len() % N != 0 || v.len() < 6 * N {
        v.push(rng.next_u64() as u32);
    }
    v
}

/// Every class of half bit pattern (in the low word), and random ones.
fn half_patterns() -> Vec<u32> {
    let mut v = vec![
        0x0000, 0x8000, 0x0001, 0x0080, 0x0180, 0x03ff, 0x8380, 0x0400, 0x0480, 0x3c80, 0x3d80, 0xbc80,
        0x3c7f, 0x3c81, 0x7bff, 0x7b80, 0x7b7f, 0xfb80, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x7d00, 0xfe00,
        0x7fff,
    ];
    let mut rng = Rng::new(8);
    while v.len() % N != 0 || v.len() < 4 * N {
        v.push(rng.below(0x1_0000) as u32);
    }
    v
}

// ---------------------------------------------------------------------------------------------
// Running

/// The 16 output dwords of vISA `text` run on `input` (16 dwords).
fn run_visa(text: &str, platform: TargetPlatform, input: &[u32]) -> Vec<u32> {
    let kernels = genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let specs = exec::arg_specs(&kernels[0]);
    let (launch, mut memory) = Launch::random(&specs, 1, 0, [1, 1, 1], [1, 1, 1], 0);
    let buf = &mut memory.buffers[0].bytes;
    for (i, d) in input.iter().enumerate() {
        buf.data[4 * i..4 * i + 4].copy_from_slice(&d.to_le_bytes());
    }
    exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("simulator on {platform:?}: {e}\n{text}"));
    output(&memory)
}

/// The 16 output dwords of the reference interpreter running module `text` on `input`.
fn run_reference(text: &str, platform: TargetPlatform, input: &[u32]) -> Vec<u32> {
    let module = genxc::import(&Input { name: "k.ll".into(), bytes: text.as_bytes().to_vec() }, platform)
        .unwrap_or_else(|e| panic!("import on {platform:?}: {e:?}"));
    let specs = reference::arg_specs(&module, 0);
    let (launch, mut memory) = Launch::random(&specs, 1, 0, [1, 1, 1], [1, 1, 1], 0);
    let buf = &mut memory.buffers[0].bytes;
    for (i, d) in input.iter().enumerate() {
        buf.data[4 * i..4 * i + 4].copy_from_slice(&d.to_le_bytes());
    }
    reference::run(&module, 0, 0, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("reference on {platform:?}: {e}"));
    output(&memory)
}

/// The dwords the kernels store (after the 16 they read), all defined.
fn output(memory: &genxc_sim::memory::Memory) -> Vec<u32> {
    let out = &memory.buffers[0].bytes;
    assert!(out.defined[64..128].iter().all(|d| *d), "the kernel left output undefined");
    out.data[64..128].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

/// What one result must be: exact bits, or a NaN of the format (`exp_mask`, `man_mask`) with
/// its quiet bit `quiet` set (a `quiet` of 0: any NaN).
fn expect(got: u32, want: Option<u32>, (exp_mask, man_mask, quiet): (u32, u32, u32)) -> Result<(), String> {
    match want {
        Some(w) if got == w => Ok(()),
        Some(w) => Err(format!("{got:#x}, the definition gives {w:#x}")),
        None if is_nan(got, exp_mask, man_mask) && (quiet == 0 || got & quiet != 0) => Ok(()),
        None if quiet == 0 => Err(format!("{got:#x}, the definition gives a NaN")),
        None => Err(format!("{got:#x}, the definition gives a quiet NaN")),
    }
}

/// The NaN shapes of the result formats.
const BF16: (u32, u32, u32) = (0x7f80, 0x007f, 0x0040);
const F32: (u32, u32, u32) = (0x7f80_0000, 0x007f_ffff, 0x0040_0000);
const HF: (u32, u32, u32) = (0x7c00, 0x03ff, 0x0200);
const BF8: (u32, u32, u32) = (0x7c, 0x03, 0x02);
/// A widened NaN: a float NaN (exact widening keeps a signaling NaN's bits where the simulator's
/// float moves quiet it).
const F32_ANY_NAN: (u32, u32, u32) = (0x7f80_0000, 0x007f_ffff, 0);
/// A widened bf8 NaN: a half NaN.
const HF_ANY_NAN: (u32, u32, u32) = (0x7c00, 0x03ff, 0);

/// Runs `text` on every batch of `patterns` on `platform` in both executors and checks every
/// result with `want`; returns the number of values checked.
fn check(
    what: &str,
    text: &str,
    platform: TargetPlatform,
    patterns: &[u32],
    want: impl Fn(u32) -> Option<u32>,
    nan: (u32, u32, u32),
) -> usize {
    let visa = visa_of_k(text, platform).unwrap_or_else(|log| panic!("{what} on {platform:?}: {log}"));
    let mut checked = 0;
    for batch in patterns.chunks(N) {
        for (executor, out) in [
            ("simulator", run_visa(&visa, platform, batch)),
            ("reference", run_reference(text, platform, batch)),
        ] {
            for (x, got) in batch.iter().zip(out) {
                if let Err(e) = expect(got, want(*x), nan) {
                    panic!("{what} on {platform:?} ({executor}) of {x:#010x}: {e}");
                }
                checked += 1;
            }
        }
    }
    checked
}

/// Checks that `text` is refused on `platform` as not available.
fn refused(what: &str, text: &str, platform: TargetPlatform) {
    let log = visa_of_k(text, platform).err().unwrap_or_else(|| panic!("{what} compiled on {platform:?}"));
    assert!(log.contains("is not available on"), "{what} on {platform:?}: {log}");
}

#[test]
fn float_to_bfloat_rounds_to_nearest_even_on_every_platform() {
    let patterns = float_patterns();
    let mut checked = 0;
    for (p, bf, _) in PLATFORMS {
        checked += check("fptrunc to bfloat", &fptrunc_kernel(), p, &patterns, bf16_of, BF16);
        checked += check("fpext from bfloat", &fpext_kernel(), p, &patterns, f32_of_bf16, F32_ANY_NAN);
        if bf {
            checked += check("bf.cvt", &bf_cvt_kernel(), p, &patterns, bf16_of, BF16);
            checked += check("bf.cvt back", &bf_cvt_back_kernel(), p, &patterns, f32_of_bf16, F32_ANY_NAN);
        } else {
            refused("bf.cvt", &bf_cvt_kernel(), p);
        }
    }
    // 4 platforms x 2 kernels, 2 more on 2 of them; both executors
    assert_eq!(checked, (4 * 2 + 2 * 2) * 2 * patterns.len());
}

#[test]
fn tf32_and_bf8_round_to_nearest_even_on_pvc() {
    let mut checked = 0;
    for (p, _, fcvt) in PLATFORMS {
        if !fcvt {
            for (what, text) in
                [("tf32.cvt", tf32_kernel()), ("qf.cvt", bf8_kernel()), ("qf.cvt back", bf8_back_kernel())]
            {
                refused(what, &text, p);
            }
            continue;
        }
        let floats = float_patterns();
        let halves = half_patterns();
        checked += check("tf32.cvt", &tf32_kernel(), p, &floats, tf32_of, F32);
        checked += check("qf.cvt", &bf8_kernel(), p, &halves, |x| bf8_of(x & 0xffff), BF8);
        let hf_of_bf8 = |x: u32| if is_nan(x & 0xff, 0x7c, 0x03) { None } else { Some((x & 0xff) << 8) };
        checked += check("qf.cvt back", &bf8_back_kernel(), p, &halves, hf_of_bf8, HF_ANY_NAN);
    }
    assert_eq!(checked, 2 * (float_patterns().len() + 2 * half_patterns().len()));
}

/// The random bits the compiled srnd kernel gives each value: the value's bits mixed with a
/// constant.
const SRND_MIX: u32 = 0x9e37_79b9;

/// A kernel rounding the 16 loaded floats stochastically to half (`llvm.genx.srnd`), the random
/// bits each float's own bits xor [`SRND_MIX`], the halves zero-extended to dwords.
fn srnd_kernel() -> String {
    let mix = format!("<{}>", vec![format!("i32 {}", SRND_MIX as i32); N].join(", "));
    kernel(
        "declare <16 x half> @llvm.genx.srnd.v16f16.v16f32.v16i32(<16 x float>, <16 x i32>)\n",
        &format!(
            "  %rnd = xor <16 x i32> %d, {mix}
  %h = call <16 x half> @llvm.genx.srnd.v16f16.v16f32.v16i32(<16 x float> %f, <16 x i32> %rnd)
  %b = bitcast <16 x half> %h to <16 x i16>
  %o = zext <16 x i16> %b to <16 x i32>"
        ),
    )
}

#[test]
fn compiled_srnd_rounds_with_its_random_bits_on_pvc() {
    let mut patterns = float_patterns();
    patterns.extend([0x3f80_1000, 0x3f80_0001, 0x477f_f000, 0x477f_efff, 0x3880_1000, 0x3380_0000]);
    let mut checked = 0;
    for (p, _, fcvt) in PLATFORMS {
        // srnd is the Xe-HPC part's (ocloc's pvc, GenX_IR's PVCXT), as fcvt is
        if !fcvt {
            refused("srnd", &srnd_kernel(), p);
            continue;
        }
        checked += check("srnd", &srnd_kernel(), p, &patterns, |x| srnd_hf_of(x, x ^ SRND_MIX), HF);
    }
    assert_eq!(checked, 2 * patterns.len());
}

#[test]
fn the_definitions_see_a_wrong_rounding() {
    // rounding half up instead of to even, or truncating, differs from the definition
    assert_eq!(bf16_of(0x3f80_8000), Some(0x3f80));
    assert_eq!(bf16_of(0x3f81_8000), Some(0x3f82));
    assert_eq!(bf16_of(0x7f7f_ffff), Some(0x7f80));
    assert_eq!(tf32_of(0x0000_1fff), Some(0));
    assert_eq!(tf32_of(0x3f80_3000), Some(0x3f80_4000));
    assert_eq!(bf8_of(0x3c80), Some(0x3c));
    assert!(expect(0x3f81, bf16_of(0x3f80_8000), BF16).is_err());
    assert!(expect(0x7f80, None, BF16).is_err());
    assert!(expect(0x7f81, None, BF16).is_err(), "a signaling NaN is not quiet");
    assert!(expect(0x7fc1, None, BF16).is_ok());
}

/// vISA text of a kernel that reads 8 dwords (floats), rounds them stochastically to half with
/// the 8 dwords after them as random bits, and writes the halves zero-extended to dwords.
const SRND_VISA: &str = ".version 4.1
.kernel \"k\"
.decl V_x v_type=G type=f num_elts=8 align=GRF
.decl V_r v_type=G type=f num_elts=8 align=GRF
.decl V_h v_type=G type=hf num_elts=8 align=GRF
.decl V_h_uw v_type=G type=uw num_elts=8 alias=<V_h, 0>
.decl V_o v_type=G type=ud num_elts=8 align=GRF
.decl T_buf v_type=T num_elts=1
.input T_buf offset=128 size=4
.kernel_attr Target=\"cm\"
.function \"k_main\"
    movs (M1_NM, 1) T_buf(0) 0:ud
    oword_ld (2) T_buf 0:ud V_x.0
    oword_ld (2) T_buf 2:ud V_r.0
    srnd (M1_NM, 8) V_h(0,0)<1> V_x(0,0)<1;1,0> V_r(0,0)<1;1,0>
    mov (M1_NM, 8) V_o(0,0)<1> V_h_uw(0,0)<1;1,0>
    oword_st (2) T_buf 4:ud V_o.0
    ret (M1, 1)
";

#[test]
fn srnd_adds_its_random_bits_then_truncates_in_the_simulator() {
    let kernels = genxc_visa::read_text(SRND_VISA).unwrap_or_else(|e| panic!("{e}"));
    let mut values = float_patterns();
    // values whose rounding the random bits decide, at every half exponent and below
    values.extend([
        0x3f80_1000,
        0x3f80_0001,
        0x477f_f000,
        0x477f_efff,
        0x3880_1000,
        0x3380_0000,
        0x3300_0000,
    ]);
    let randoms: [u32; 7] = [0, 1, 0x0fff, 0x1000, 0x1fff, 0xffff_e000, 0x1234_5678];
    let mut checked = 0;
    for &random in &randoms {
        for batch in values.chunks(8) {
            let (launch, mut memory) =
                Launch::random(&exec::arg_specs(&kernels[0]), 1, 0, [1, 1, 1], [1, 1, 1], 0);
            let buf = &mut memory.buffers[0].bytes;
            for (i, x) in batch.iter().enumerate() {
                buf.data[4 * i..4 * i + 4].copy_from_slice(&x.to_le_bytes());
                buf.data[32 + 4 * i..36 + 4 * i].copy_from_slice(&random.to_le_bytes());
            }
            exec::run(&kernels, &Config { grf_bytes: 64, bti_base: 0 }, &launch, &mut memory)
                .unwrap_or_else(|e| panic!("simulator: {e}"));
            let out = &memory.buffers[0].bytes;
            for (i, x) in batch.iter().enumerate() {
                let got = u32::from_le_bytes(out.data[64 + 4 * i..68 + 4 * i].try_into().unwrap());
                if let Err(e) = expect(got, srnd_hf_of(*x, random), HF) {
                    panic!("srnd of {x:#010x} with random {random:#x}: {e}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= randoms.len() * 48, "{checked}");
}
