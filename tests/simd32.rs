//! Execution sizes on PVC: with 64-byte registers, 32 dwords (or floats, words, halves) are two
//! registers, so 32-lane work runs as single SIMD32 instructions, including the integer division
//! expansion and LSC messages, where the 32-byte-register parts need SIMD16 pieces. The finalizer
//! suite checks that GenX_IR accepts the same kernels.

mod common;

use common::{compile, input};
use genxc_genx::Platform;

/// Execution sizes of the instructions of a fixture's kernels (labels and declarations aside).
fn exec_sizes(fixture: &str, p: Platform) -> Vec<(u32, String)> {
    let out = compile(&[input(fixture)], p, 0);
    assert!(!out.failed(), "{fixture} on {p}: {:#?}", out.diagnostics);
    let text: String = out.outputs.iter().map(|f| String::from_utf8_lossy(&f.bytes).into_owned()).collect();
    text.lines()
        .filter(|l| l.starts_with("    "))
        .filter_map(|l| {
            let inside = l.split_once("(M")?.1.split_once(')')?.0;
            let size = inside.rsplit_once(", ")?.1.parse().ok()?;
            Some((size, l.trim().to_string()))
        })
        .collect()
}

#[test]
fn thirty_two_lane_dword_work_is_simd32_on_pvc() {
    let pvc = exec_sizes("kernels/simd32_alu.ll", Platform::Pvc);
    let vector: Vec<_> = pvc.iter().filter(|(n, _)| *n > 1).collect();
    assert!(vector.len() > 50, "{vector:#?}");
    // the 64-lane sat is cut like the multiply it saturates, each piece one `mul.sat`
    assert_eq!(vector.iter().filter(|(_, l)| l.starts_with("mul.sat")).count(), 2, "{vector:#?}");
    // (an oword block message sent raw is a block, not lanes: its send's execution size is the
    // finalizer's own for the vISA form)
    for (n, line) in vector.iter().filter(|(_, l)| !l.starts_with("raw_sends.10.")) {
        assert_eq!(*n, 32, "not SIMD32 on pvc: {line}");
    }
    // the 32-byte-register parts split the same work into SIMD16 pieces
    for p in [Platform::Tgllp, Platform::Dg2] {
        let sizes = exec_sizes("kernels/simd32_alu.ll", p);
        let simd16 = sizes.iter().filter(|(n, _)| *n == 16).count();
        assert!(simd16 > 30, "{p}: {simd16} SIMD16 instructions");
    }
}

/// The messages of a fixture on PVC: each one SIMD32, `count` of them.
fn simd32_messages(fixture: &str, names: &[&str], count: usize) {
    let pvc = exec_sizes(fixture, Platform::Pvc);
    let msgs: Vec<_> = pvc.iter().filter(|(_, l)| names.iter().any(|n| l.contains(n))).collect();
    assert_eq!(msgs.len(), count, "{msgs:#?}");
    assert!(msgs.iter().all(|(n, _)| *n == 32), "{msgs:#?}");
}

#[test]
fn lsc_messages_are_simd32_on_pvc() {
    simd32_messages("kernels/lsc_simd32.ll", &["lsc_"], 10);
}

#[test]
fn svm_and_surface_messages_are_simd32_on_pvc() {
    simd32_messages("kernels/svm_simd32.ll", &["svm_", "_scaled", "dword_atomic"], 7);
}
