//! IEEE double `sqrt` and division (`llvm.genx.ieee.sqrt`, `llvm.genx.ieee.div` on `double`,
//! selected as `sqrtm`/`divm` where the platform has double precision) on their edge values:
//! signed zeros, subnormals, exact squares, 1/3, the largest and smallest magnitudes (overflow and
//! underflow of the quotient), infinities and NaN. The kernel is compiled for SKL and PVC, run in
//! the simulator and the reference interpreter, and every result must be bit for bit Rust's
//! correctly rounded `f64` operation (any NaN where Rust gives NaN). TGLLP and DG2, which have no
//! double-precision hardware, refuse it as not available.

use genxc::{CompileOptions, Emit, EmitSet, Input, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;
use genxc_sim::reference;

/// The kernel: 8 doubles `x` at byte 0 and 8 doubles `y` at byte 64 in; `sqrt(x)` at byte 128
/// and `x / y` at byte 192 out.
const KERNEL: &str = "target datalayout = \"e-p:64:64-i64:64-n8:16:32\"
target triple = \"genx64-unknown-unknown\"

declare <8 x double> @llvm.genx.oword.ld.v8f64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8f64(i32, i32, <8 x double>)
declare <8 x double> @llvm.genx.ieee.sqrt.v8f64(<8 x double>)
declare <8 x double> @llvm.genx.ieee.div.v8f64(<8 x double>, <8 x double>)

define dllexport spir_kernel void @k(i32 %buf) #0 {
entry:
  %x = call <8 x double> @llvm.genx.oword.ld.v8f64(i32 0, i32 %buf, i32 0)
  %y = call <8 x double> @llvm.genx.oword.ld.v8f64(i32 0, i32 %buf, i32 4)
  %s = call <8 x double> @llvm.genx.ieee.sqrt.v8f64(<8 x double> %x)
  %q = call <8 x double> @llvm.genx.ieee.div.v8f64(<8 x double> %x, <8 x double> %y)
  call void @llvm.genx.oword.st.v8f64(i32 %buf, i32 8, <8 x double> %s)
  call void @llvm.genx.oword.st.v8f64(i32 %buf, i32 12, <8 x double> %q)
  ret void
}

attributes #0 = { noinline nounwind \"CMGenxMain\" }
!genx.kernels = !{!0}
!0 = !{void (i32)* @k, !\"k\", !1, i32 0, i32 0, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!\"buffer_t read_write\"}
";

/// `(x, y)` pairs: every `x` is also a `sqrt` operand.
fn cases() -> Vec<(f64, f64)> {
    let min_sub = f64::from_bits(1);
    let max_sub = f64::from_bits(0x000f_ffff_ffff_ffff);
    vec![
        (0.0, 1.0),
        (-0.0, 1.0),
        (1.0, 3.0),
        (2.0, 3.0),
        (4.0, 2.0),
        (9.0, -3.0),
        (0.25, 0.1),
        (2.0, 1.0000000000000002),
        (min_sub, 2.0),
        (max_sub, 3.0),
        (min_sub * 4.0, min_sub),
        (f64::MIN_POSITIVE, 3.0),
        (f64::MAX, 0.5),
        (f64::MAX, f64::MIN_POSITIVE),
        (f64::MIN_POSITIVE, f64::MAX),
        (1e-300, 1e300),
        (1.0, 0.0),
        (-1.0, 0.0),
        (0.0, 0.0),
        (-2.0, -0.0),
        (f64::INFINITY, 2.0),
        (f64::NEG_INFINITY, f64::INFINITY),
        (f64::INFINITY, f64::INFINITY),
        (5.0, f64::INFINITY),
        (f64::NAN, 1.0),
        (1.0, f64::NAN),
        (-f64::NAN, 2.0),
        (1e16 + 2.0, 7.0),
        (0.1, 0.3),
        (123456789.0 * 123456789.0, 123456789.0),
        (2f64.powi(-1022) * 2f64.powi(-30), 2f64.powi(-20)),
        (3.0, 1.0 / 3.0),
    ]
}

/// The module text compiled for `platform`: its vISA, or the compile log.
fn compile(platform: TargetPlatform) -> Result<String, String> {
    let input = Input { name: "k.ll".into(), bytes: KERNEL.as_bytes().to_vec() };
    let opts = CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
    if outcome.failed() {
        return Err(outcome.log());
    }
    outcome.visaasm_of("k").map(str::to_string).ok_or_else(|| "no vISA of k".to_string())
}

/// Writes the 8 pairs of `batch` into the buffer of `memory`.
fn fill(memory: &mut genxc_sim::memory::Memory, batch: &[(f64, f64)]) {
    let buf = &mut memory.buffers[0].bytes;
    for (i, (x, y)) in batch.iter().enumerate() {
        buf.data[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
        buf.data[64 + 8 * i..72 + 8 * i].copy_from_slice(&y.to_le_bytes());
    }
}

/// The 8 square roots and 8 quotients a run left.
fn results(memory: &genxc_sim::memory::Memory) -> (Vec<f64>, Vec<f64>) {
    let out = &memory.buffers[0].bytes;
    assert!(out.defined[128..256].iter().all(|d| *d), "the kernel left output undefined");
    let read = |at: usize| -> Vec<f64> {
        out.data[at..at + 64].chunks(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect()
    };
    (read(128), read(192))
}

/// Whether `got` is `want` bit for bit (any NaN for a NaN).
fn same(got: f64, want: f64) -> bool {
    if want.is_nan() {
        got.is_nan()
    } else {
        got.to_bits() == want.to_bits()
    }
}

#[test]
fn ieee_sqrt_and_div_of_double_are_correctly_rounded() {
    let all = cases();
    assert_eq!(all.len() % 8, 0);
    let mut checked = 0;
    for platform in [TargetPlatform::Skl, TargetPlatform::Pvc] {
        let visa = compile(platform).unwrap_or_else(|log| panic!("{platform:?}: {log}"));
        assert!(visa.contains("sqrtm") && visa.contains("divm"), "{platform:?}:\n{visa}");
        let kernels = genxc_visa::read_text(&visa).unwrap();
        let module =
            genxc::import(&Input { name: "k.ll".into(), bytes: KERNEL.as_bytes().to_vec() }, platform)
                .unwrap_or_else(|e| panic!("{e:?}"));
        for batch in all.chunks(8) {
            let (launch, mut memory) =
                Launch::random(&exec::arg_specs(&kernels[0]), 1, 0, [1, 1, 1], [1, 1, 1], 0);
            fill(&mut memory, batch);
            exec::run(
                &kernels,
                &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 },
                &launch,
                &mut memory,
            )
            .unwrap_or_else(|e| panic!("simulator on {platform:?}: {e}"));
            let sim = results(&memory);
            let (launch, mut memory) =
                Launch::random(&reference::arg_specs(&module, 0), 1, 0, [1, 1, 1], [1, 1, 1], 0);
            fill(&mut memory, batch);
            reference::run(&module, 0, 0, &launch, &mut memory).unwrap_or_else(|e| panic!("reference: {e}"));
            let refr = results(&memory);
            for (executor, (roots, quotients)) in [("simulator", &sim), ("reference", &refr)] {
                for (i, &(x, y)) in batch.iter().enumerate() {
                    assert!(
                        same(roots[i], x.sqrt()),
                        "{executor} on {platform:?}: sqrt({x:e}) = {:e}",
                        roots[i]
                    );
                    assert!(
                        same(quotients[i], x / y),
                        "{executor} on {platform:?}: {x:e} / {y:e} = {:e}, not {:e}",
                        quotients[i],
                        x / y
                    );
                    checked += 2;
                }
            }
        }
    }
    assert_eq!(checked, 2 * 2 * 2 * all.len());
}

#[test]
fn parts_without_double_precision_refuse_them_as_not_available() {
    for platform in [TargetPlatform::Tgllp, TargetPlatform::Dg2] {
        let log = compile(platform).err().unwrap_or_else(|| panic!("compiled on {platform:?}"));
        assert!(log.contains("is not available on"), "{platform:?}: {log}");
    }
}

#[test]
fn the_comparison_sees_a_wrong_rounding() {
    let third = 1.0f64 / 3.0;
    assert!(same(third, 1.0 / 3.0));
    assert!(!same(f64::from_bits(third.to_bits() + 1), 1.0 / 3.0));
    assert!(!same(0.0, -0.0));
    assert!(same(f64::NAN, -f64::NAN));
}
