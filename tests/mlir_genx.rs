//! GenX kernels written in MLIR: `genxc kernel.mlir` gives vISA that Intel's finalizer accepts on
//! SKL, TGLLP, DG2 and PVC, with the kernel metadata the MLIR attributes ask for.

mod common;

use common::{compile, finalize, finalizer_available, input};
use genxc_genx::Platform;

const PLATFORMS: [Platform; 4] = [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc];

/// Kernels that compile, with their kernel names.
const SUPPORTED: &[(&str, &[&str])] = &[
    ("mlir-genx/01_vadd_kernel.mlir", &["vadd"]),
    ("mlir-genx/02_regions_kernel.mlir", &["swap_pairs"]),
    ("mlir-genx/03_media_brighten_kernel.mlir", &["brighten"]),
    ("mlir-genx/04_loop_masked_kernel.mlir", &["row_stats"]),
    ("mlir-genx/05_arg_kinds_kernel.mlir", &["scaled_iota"]),
];

#[test]
fn mlir_kernels_are_accepted_by_the_finalizer() {
    let have = finalizer_available();
    let mut checked = 0;
    for (fixture, names) in SUPPORTED {
        for p in PLATFORMS {
            let r = compile(&[input(fixture)], p, 0);
            assert!(!r.failed(), "{fixture} on {p}: {:#?}", r.diagnostics);
            let got: Vec<&str> = r.outputs.iter().map(|f| f.name.trim_end_matches(".visaasm")).collect();
            assert_eq!(&got, names, "{fixture}");
            for f in &r.outputs {
                let text = String::from_utf8(f.bytes.clone()).unwrap();
                assert!(text.starts_with(".version 4.1\n"));
                if have {
                    if let Err(e) = finalize(&f.name, &text, p.info().finalizer_name) {
                        panic!("{fixture}: {e}");
                    }
                    checked += 1;
                }
            }
        }
    }
    if have {
        assert_eq!(checked, 20);
    }
}

/// The translated module of a kernel: dllexport, CMGenxMain, and the genx.kernels node with the
/// argument kinds (explicit, or surfaces for i32 arguments only used by llvm.genx calls) and SLM.
#[test]
fn kernel_attributes_become_genx_metadata() {
    let llvm = |fixture: &str| {
        let opts = genxc::CompileOptions { emit: genxc::Emit::Llvm.into(), ..Default::default() };
        let r = genxc::compile_inputs(&[input(fixture)], &opts);
        assert!(!r.failed(), "{:#?}", r.diagnostics);
        String::from_utf8(r.outputs[0].bytes.clone()).unwrap()
    };
    let t = llvm("mlir-genx/05_arg_kinds_kernel.mlir");
    assert!(t.contains("define dllexport spir_kernel void @scaled_iota(i32 %arg0, i32 %arg1) #0"), "{t}");
    assert!(t.contains("\"CMGenxMain\""), "{t}");
    assert!(t.contains("@scaled_iota, !\"scaled_iota\", !1, i32 1024, i32 0, !2, !3, i32 0}"), "{t}");
    assert!(t.contains("!1 = !{i32 2, i32 0}"), "{t}");
    let t = llvm("mlir-genx/03_media_brighten_kernel.mlir");
    assert!(t.contains("!{i32 2, i32 2, i32 0}"), "in, out are surfaces, delta is general: {t}");
    let opts = genxc::CompileOptions { emit: genxc::Emit::Metadata.into(), ..Default::default() };
    let r = genxc::compile_inputs(&[input("mlir-genx/05_arg_kinds_kernel.mlir")], &opts);
    let json = String::from_utf8(r.outputs[0].bytes.clone()).unwrap();
    assert!(json.contains("\"slm_size\": 1024"), "{json}");
}
