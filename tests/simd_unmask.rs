//! SIMD unmask regions (`llvm.genx.unmask.begin`/`end`, CM's `SIMD_UNMASK`): the kernels of
//! tests/fixtures/simdcf/unmask.ll compiled for SKL, TGLLP, DG2 and PVC, accepted by GenX_IR, and
//! run in the simulator on chosen data, each output dword compared with what the CM language says
//! (a store in the region writes every lane, also the lanes the enclosing SIMD if turned off),
//! computed here. (The same kernels run against the reference interpreter in
//! tests/differential.rs.)

mod common;

use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::Launch;

const FIXTURE: &str = "simdcf/unmask.ll";
const PLATFORMS: [(TargetPlatform, &str); 4] = [
    (TargetPlatform::Skl, "SKL"),
    (TargetPlatform::Tgllp, "TGLLP"),
    (TargetPlatform::Dg2, "DG2"),
    (TargetPlatform::Pvc, "PVC"),
];

/// The vISA of every kernel of the fixture on `platform`, by kernel name.
fn compile(platform: TargetPlatform) -> Vec<(String, String)> {
    let opts = CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[common::input(FIXTURE)], &opts);
    assert!(!outcome.failed(), "{FIXTURE} on {platform:?}: {}", outcome.log());
    ["unmask", "unmask_uniform", "slots"]
        .iter()
        .map(|k| {
            let text = outcome.visaasm_of(k).unwrap_or_else(|| panic!("no vISA of {k}"));
            (k.to_string(), text.to_string())
        })
        .collect()
}

/// The 8 dwords kernel `text` stores at byte 64 after loading `input` from byte 0.
fn run(text: &str, platform: TargetPlatform, input: &[i32; 8]) -> [i32; 8] {
    let kernels = genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let (launch, mut memory) = Launch::random(&exec::arg_specs(&kernels[0]), 1, 0, [1, 1, 1], [1, 1, 1], 0);
    let buf = &mut memory.buffers[0].bytes;
    for (i, d) in input.iter().enumerate() {
        buf.data[4 * i..4 * i + 4].copy_from_slice(&d.to_le_bytes());
    }
    exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("simulator on {platform:?}: {e}\n{text}"));
    let out = &memory.buffers[0].bytes;
    assert!(out.defined[64..96].iter().all(|d| *d), "the kernel left output undefined");
    std::array::from_fn(|i| i32::from_le_bytes(out.data[64 + 4 * i..68 + 4 * i].try_into().unwrap()))
}

/// `@unmask` as CM defines it: the if runs when some lane is positive; its unmask region doubles
/// every lane, then the positive lanes add 1.
fn unmask_expected(v: &[i32; 8]) -> [i32; 8] {
    let any = v.iter().any(|&x| x > 0);
    v.map(|x| match (any, x > 0) {
        (false, _) => x,
        (true, true) => 2 * x + 1,
        (true, false) => 2 * x,
    })
}

const INPUTS: [[i32; 8]; 4] = [
    [5, -3, 0, 7, -1, 2, -100, 9],
    [-5, -3, 0, -7, -1, -2, -100, -9],
    [1, 2, 3, 4, 5, 6, 7, 8],
    [0, 0, 0, 1, 0, 0, 0, 0],
];

#[test]
fn unmask_regions_write_every_lane_in_the_simulator() {
    for (platform, _) in PLATFORMS {
        for (kernel, text) in compile(platform) {
            for input in &INPUTS {
                let got = run(&text, platform, input);
                let want = match kernel.as_str() {
                    "unmask" => unmask_expected(input),
                    "unmask_uniform" => input.map(|x| 3 * x),
                    _ => input.map(|x| x + 5),
                };
                assert_eq!(got, want, "{kernel} on {platform:?} with {input:?}\n{text}");
            }
        }
    }
}

#[test]
fn unmask_region_stores_are_nomask_and_the_rest_under_the_mask() {
    for (platform, _) in PLATFORMS {
        let visa = compile(platform);
        let text = &visa.iter().find(|(k, _)| k == "unmask").expect("kernel unmask").1;
        let body: Vec<&str> = text.lines().map(str::trim).collect();
        let goto = body.iter().position(|l| l.contains(" goto ")).expect("the SIMD if is a goto");
        let join =
            body.iter().rposition(|l| l.starts_with("L_") && l.ends_with("endif:")).expect("join label");
        let inside = &body[goto + 1..join];
        // the doubled value written to every lane, then r + 1 under the execution mask (computed
        // in place, or moved)
        assert!(inside.iter().any(|l| l.starts_with("mov (M1_NM, 8)")), "{platform:?}:\n{text}");
        assert!(inside.iter().any(|l| l.contains(" (M1, 8) ")), "{platform:?}:\n{text}");
        assert!(!text.contains("unmask."), "{platform:?}: the region's calls are left:\n{text}");
        // the slots the front end kept are registers again, not private memory
        let slots = &visa.iter().find(|(k, _)| k == "slots").expect("kernel slots").1;
        let body: Vec<&str> = slots
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('.') && !l.starts_with("//"))
            .collect();
        assert_eq!(body.len(), 6, "{platform:?}: slots is not load, add, store:\n{slots}");
    }
}

#[test]
fn unmask_kernels_pass_the_finalizer() {
    if !common::finalizer_available() {
        return;
    }
    for (platform, name) in PLATFORMS {
        for (kernel, text) in compile(platform) {
            common::finalize(&format!("{kernel}.visaasm"), &text, name)
                .unwrap_or_else(|e| panic!("{kernel} on {platform:?}: {e}"));
        }
    }
}

#[test]
fn an_end_whose_mask_is_not_a_begin_is_refused_located() {
    let text = std::fs::read_to_string(common::fixtures().join(FIXTURE)).unwrap();
    let bad =
        text.replace("call void @llvm.genx.unmask.end(i32 %m)", "call void @llvm.genx.unmask.end(i32 7)");
    assert_ne!(bad, text);
    let input = genxc::Input { name: "bad.ll".into(), bytes: bad.into_bytes() };
    let opts = CompileOptions { emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[input], &opts);
    assert!(outcome.failed());
    let log = outcome.log();
    assert!(
        log.contains("unmask_uniform")
            && log
                .contains("llvm.genx.unmask.end of a mask that is neither an llvm.genx.unmask.begin result"),
        "{log}"
    );
}
