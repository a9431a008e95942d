//! `--emit legalized`: the legalized GenX IR printed as LLVM IR. For every fixture kernel and
//! platform the text must be accepted by LLVM 14's `llvm-as` and compile again; legalizing it again
//! gives the same text (up to value numbering) unless a second pass can refine it.

mod common;

use common::input;
use genxc_genx::Platform;
use std::io::Write;
use std::process::{Command, Stdio};

const PLATFORMS: [Platform; 4] = [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc];

/// Fixtures with kernels that legalization changes, and ones it leaves alone.
const FIXTURES: &[&str] = &[
    "cm/01_saxpy_oword.ll",
    "cm/02_haar_stride2.ll",
    "cm/03_media_transpose8x8.ll",
    "cm/04_indirect_window.ll",
    "cm/05_leaky_relu_pred.ll",
    "cm/06_loop_colsum.ll",
    "cm/07_subroutine_clone.ll",
    "cm/08_saturate.ll",
    "cm/09_minmax_clamp.ll",
    "cm/10_half_normalize.ll",
    "cm/11_slm_neighbor.ll",
    "cm/12_wide_fmul64.ll",
    "kernels/regions.ll",
    "kernels/split_regions.ll",
    "kernels/split_indirect.ll",
    "kernels/multi.ll",
    "kernels/simdcf.ll",
    "globals/shared_table.ll",
    "globals/address_in_global.ll",
    "globals/address_stored.ll",
    "globals/device_table.ll",
    "globals/device_address_in_global.ll",
];

/// Fixtures whose legalized text a second pass refines (a 7-element write overwrites part of an
/// earlier 2D write, so pieces of the first operation are partly dead).
const REFINED_AGAIN: &[&str] = &["kernels/split_regions.ll"];

fn legalize(name: &str, bytes: Vec<u8>, platform: Platform) -> genxc::Outcome {
    genxc::compile_inputs(
        &[genxc::Input { name: name.to_string(), bytes }],
        &genxc::CompileOptions {
            platform,
            emit: genxc::Emit::Legalized.into(),
            jobs: 1,
            ..Default::default()
        },
    )
}

/// Whether `llvm-as-14` can be run; required when `CI` is set.
fn llvm_as_available() -> bool {
    let ok = Command::new("llvm-as-14").arg("--version").output().is_ok();
    if !ok {
        assert!(
            !common::tools_required(),
            "llvm-as-14 (Debian package llvm-14) is required when CI or GENXC_REQUIRE_TOOLS is set"
        );
        eprintln!("llvm-as-14 not found: skipping the LLVM parse check");
    }
    ok
}

fn llvm_as(text: &str) -> Result<(), String> {
    let mut child = Command::new("llvm-as-14")
        .args(["-", "-o", "/dev/null"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child.stdin.take().expect("stdin").write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Renames `%v<N>` (and `%idx.<N>`) values in order of first appearance, so two printings of the same program
/// compare equal whatever instruction ids they had.
fn renumber(text: &str) -> String {
    let mut names = std::collections::HashMap::new();
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        // `%v<N>` values, and the `%idx.<N>` index adds the printer makes (they come back as values)
        let prefix = if text[i..].starts_with("%idx.") { 5 } else { 2 };
        if b[i] == b'%'
            && (prefix == 5 || b.get(i + 1) == Some(&b'v'))
            && b.get(i + prefix).is_some_and(u8::is_ascii_digit)
        {
            let mut j = i + prefix;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            let n = names.len();
            let id = *names.entry(&text[i..j]).or_insert(n);
            out.push_str(&format!("%n{id}"));
            i = j;
        } else {
            let c = text[i..].chars().next().expect("char boundary");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

#[test]
fn legalized_output_parses_and_compiles_again() {
    let have_llvm_as = llvm_as_available();
    let mut outputs = 0;
    for fixture in FIXTURES {
        for p in PLATFORMS {
            let first = legalize(fixture, input(fixture).bytes, p);
            assert!(!first.failed(), "{fixture} on {p}: {:#?}", first.diagnostics);
            assert!(!first.outputs.is_empty());
            for f in &first.outputs {
                assert!(f.name.ends_with(".legalized.ll"), "{}", f.name);
                let text = String::from_utf8(f.bytes.clone()).expect("UTF-8");
                assert!(text.contains("!genx.kernels = !{"), "{fixture}: no kernel metadata\n{text}");
                if have_llvm_as {
                    if let Err(e) = llvm_as(&text) {
                        panic!("{fixture} on {p}: llvm-as-14 rejects {}:\n{e}\n{text}", f.name);
                    }
                }
                let again = legalize(&f.name, f.bytes.clone(), p);
                assert!(
                    !again.failed(),
                    "{fixture} on {p}: legalized text does not compile: {:#?}",
                    again.diagnostics
                );
                assert_eq!(again.outputs.len(), 1);
                let text2 = String::from_utf8(again.outputs[0].bytes.clone()).expect("UTF-8");
                if REFINED_AGAIN.contains(fixture) {
                    // a second pass sees pieces whose elements are overwritten later (dead), which
                    // the whole operation hid: it may refine them further
                    if have_llvm_as {
                        llvm_as(&text2).unwrap_or_else(|e| panic!("{fixture} on {p}: second pass: {e}"));
                    }
                } else {
                    assert_eq!(
                        renumber(&text),
                        renumber(&text2),
                        "{fixture} on {p}: changed by a second pass"
                    );
                }
                outputs += 1;
            }
        }
    }
    // 22 fixtures (multi, 07_subroutine_clone, shared_table and device_table have 2 kernels each,
    // simdcf 8) on 4 platforms
    assert_eq!(outputs, 33 * 4);
}

#[test]
fn wide_and_odd_operations_are_split_per_platform() {
    // 12_wide_fmul64 multiplies <64 x float>: 4 pieces of 16 on 32-byte GRFs, 2 of 32 on PVC's
    // 64-byte GRFs (an operation may span two GRFs).
    for (p, pieces) in [(Platform::Tgllp, 4), (Platform::Pvc, 2)] {
        let out = legalize("cm/12_wide_fmul64.ll", input("cm/12_wide_fmul64.ll").bytes, p);
        let text = String::from_utf8(out.outputs[0].bytes.clone()).unwrap();
        let fmuls: Vec<&str> = text.lines().filter(|l| l.contains(" = fmul ")).collect();
        assert_eq!(fmuls.len(), pieces, "{p}: {fmuls:#?}");
        let width = 64 / pieces;
        assert!(fmuls.iter().all(|l| l.contains(&format!("fmul <{width} x float>"))), "{p}: {fmuls:#?}");
    }
    // split_regions' 7-element multiply becomes 4 + 2 + 1
    let out = legalize("kernels/split_regions.ll", input("kernels/split_regions.ll").bytes, Platform::Tgllp);
    let text = String::from_utf8(out.outputs[0].bytes.clone()).unwrap();
    let widths: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" = fmul ") && l.contains("0x3FE0000000000000"))
        .map(|l| l.split(" = fmul <").nth(1).and_then(|r| r.split(' ').next()).unwrap_or(""))
        .collect();
    assert_eq!(widths, ["4", "2", "1"]);
}
