//! Text/binary equivalence: for every kernel of the corpus, the `.isa` container genxc writes
//! (`--emit isa`, one container per input with all its kernels) is read back by Intel's finalizer
//! `GenX_IR`, and the Gen assembly must equal the one compiled from genxc's `.visaasm` text, label
//! names aside. GenX_IR finalizes only the last kernel of a container into its listing, so each
//! kernel object is cut out of the module's container into a one-kernel container of its own (the
//! bytes of the kernel object are unchanged; only the header is rewritten).

mod common;

use common::{
    compile, finalize_under, finalizer_available, finalizer_files, finalizer_platforms, fixtures, input,
    kernel_count, verdict, FinalizerRun,
};
use genxc_genx::Platform;
use std::collections::HashMap;
use std::process::Command;

const PLATFORMS: [Platform; 4] = [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc];

/// The corpus files of LSC messages, with the platforms each must be checked on.
const LSC: &[(&str, &[Platform])] = &[
    ("kernels/lsc.ll", &[Platform::Dg2, Platform::Pvc]),
    ("kernels/lsc_shapes.ll", &[Platform::Dg2, Platform::Pvc]),
    ("kernels/lsc_simd32.ll", &[Platform::Pvc]),
    ("kernels/simdcf_lsc.ll", &[Platform::Dg2, Platform::Pvc]),
    ("kernels/lsc_more.ll", &[Platform::Dg2, Platform::Pvc]),
    ("kernels/lsc_block2d.ll", &[Platform::Pvc]),
    ("kernels/lsc_block2d_padded.ll", &[Platform::Pvc]),
];

/// Every `.ll` fixture of the corpus folders.
fn corpus() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["cm", "kernels"] {
        let mut names: Vec<String> = std::fs::read_dir(fixtures().join(dir))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ll"))
            .collect();
        names.sort();
        out.extend(names.into_iter().map(|n| format!("{dir}/{n}")));
    }
    out
}

fn u16_at(b: &[u8], o: usize) -> usize {
    u16::from_le_bytes([b[o], b[o + 1]]) as usize
}

fn u32_at(b: &[u8], o: usize) -> usize {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap()) as usize
}

/// Splits a vISA 4.1 container into one container per kernel: (kernel name, bytes).
fn split_container(isa: &[u8]) -> Vec<(String, Vec<u8>)> {
    assert_eq!(&isa[0..6], &[0x43, 0x49, 0x53, 0x41, 4, 1], "CISA 4.1 header");
    let n = u16_at(isa, 6);
    let mut at = 8;
    let mut out = Vec::new();
    for _ in 0..n {
        let len = u16_at(isa, at);
        let name = String::from_utf8(isa[at + 2..at + 2 + len].to_vec()).unwrap();
        at += 2 + len;
        let (off, size, input_off) = (u32_at(isa, at), u32_at(isa, at + 4), u32_at(isa, at + 8));
        at += 12;
        assert_eq!(&isa[at..at + 4], &[0, 0, 0, 0], "no relocations");
        assert_eq!(isa[at + 4], 0, "no embedded Gen binary");
        at += 5;
        let object = &isa[off..off + size];
        let mut one = vec![0x43, 0x49, 0x53, 0x41, 4, 1, 1, 0];
        one.extend((len as u16).to_le_bytes());
        one.extend(name.as_bytes());
        let new_off = one.len() + 4 + 4 + 4 + 5 + 4;
        one.extend((new_off as u32).to_le_bytes());
        one.extend((size as u32).to_le_bytes());
        one.extend(((new_off + input_off - off) as u32).to_le_bytes());
        one.extend([0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(one.len(), new_off);
        one.extend(object);
        out.push((name, one));
    }
    assert_eq!(&isa[at..at + 4], &[0, 0, 0, 0], "no file-scope variables or functions");
    out
}

/// Gen assembly without comments, with label names replaced by their order of definition.
fn normalize(asm: &str) -> String {
    let lines: Vec<&str> = asm
        .lines()
        .map(|l| l.split("//").next().unwrap_or("").trim_end())
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut labels = HashMap::new();
    for l in &lines {
        if let Some(name) = l.strip_suffix(':') {
            if !name.contains(' ') {
                let n = labels.len();
                labels.entry(name.to_string()).or_insert(format!("LABEL{n}"));
            }
        }
    }
    lines
        .iter()
        .map(|l| {
            l.split_whitespace()
                .map(|w| {
                    let (core, colon) = w.strip_suffix(':').map_or((w, ""), |c| (c, ":"));
                    labels.get(core).map_or(w.to_string(), |n| format!("{n}{colon}"))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Finalizes a binary container under one finalizer platform name; returns the Gen assembly of
/// its (only) kernel, or why GenX_IR rejected it (the shared [`verdict`]).
fn finalize_isa(bytes: &[u8], platform: &str) -> Result<String, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    std::fs::write(dir.path().join("k.isa"), bytes).map_err(|e| e.to_string())?;
    let out = Command::new("GenX_IR")
        .args(["k.isa", "-platform", platform, "-output"])
        .current_dir(dir.path())
        .output()
        .map_err(|e| e.to_string())?;
    let (asm, errors) = finalizer_files(dir.path())?;
    let log =
        format!("{}{}{errors}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    verdict(&FinalizerRun { exit: out.status.code(), log: &log, asm: asm.as_deref() })
        .map_err(|why| format!("GenX_IR k.isa -platform {platform} rejected the binary:\n{why}\n{log}"))?;
    Ok(asm.unwrap_or_default())
}

#[test]
fn binary_and_text_give_the_same_gen_code() {
    if !finalizer_available() {
        return;
    }
    let mut checked = 0;
    let mut lsc_checked = Vec::new();
    for fixture in corpus() {
        for p in PLATFORMS {
            let text = compile(&[input(&fixture)], p, 0);
            if text.failed() {
                // platform refusals are checked by the finalizer suite
                continue;
            }
            let isa = genxc::compile_inputs(
                &[input(&fixture)],
                &genxc::CompileOptions {
                    platform: p,
                    emit: genxc::Emit::Isa.into(),
                    jobs: 0,
                    ..Default::default()
                },
            );
            assert!(!isa.failed(), "{fixture}: {:#?}", isa.diagnostics);
            assert_eq!(isa.outputs.len(), 1, "{fixture}: one container per input");
            let kernels = split_container(&isa.outputs[0].bytes);
            assert_eq!(kernels.len(), text.outputs.len(), "{fixture}: every kernel in the container");
            for (name, one) in kernels {
                let file = format!("{name}.visaasm");
                let t = text.outputs.iter().find(|f| f.name == file).expect("text of the kernel");
                for fname in finalizer_platforms(p.info().finalizer_name) {
                    let visaasm = String::from_utf8(t.bytes.clone()).unwrap();
                    let from_text =
                        finalize_under(&file, &visaasm, fname).unwrap_or_else(|e| panic!("{fixture}: {e}"));
                    let from_isa = finalize_isa(&one, fname)
                        .unwrap_or_else(|e| panic!("{fixture} {name} on {fname}: {e}"));
                    assert_eq!(
                        normalize(&from_isa),
                        normalize(&from_text),
                        "{fixture}: kernel {name} on {fname}: binary and text differ"
                    );
                }
                checked += 1;
                if String::from_utf8_lossy(&t.bytes).contains("    lsc_") {
                    lsc_checked.push((fixture.clone(), p));
                }
            }
        }
    }
    assert!(checked >= 60, "only {checked} kernels checked");
    // every kernel of the LSC files, on each platform that has the messages, went through both
    for (fixture, platforms) in LSC {
        for p in *platforms {
            let n = lsc_checked.iter().filter(|(f, q)| f == fixture && q == p).count();
            assert!(n >= kernel_count(fixture), "{fixture} on {p}: {n} LSC kernels compared");
        }
    }
}

#[test]
fn stack_call_containers_give_the_gen_code_of_their_text() {
    // a kernel with the .global_functions it reaches in the container's function table (one with
    // a subroutine of its own), and kernels calling declared-only functions through faddr: GenX_IR
    // reads the container as one program and compiles what it compiles from the kernel's file
    if !finalizer_available() {
        return;
    }
    for fixture in [
        "calls/indirect_values.ll",
        "calls/linked_call.ll",
        "calls/call_undefined.ll",
        "calls/linked_symbol.ll",
    ] {
        for p in PLATFORMS {
            let text = compile(&[input(fixture)], p, 0);
            assert!(!text.failed(), "{fixture}: {}", text.log());
            let isa = genxc::compile_inputs(
                &[input(fixture)],
                &genxc::CompileOptions { platform: p, emit: genxc::Emit::Isa.into(), ..Default::default() },
            );
            assert!(!isa.failed(), "{fixture}: {}", isa.log());
            let (file, visaasm) = text.visaasm().next().expect("the kernel's file");
            let file = format!("{file}.visaasm");
            for fname in finalizer_platforms(p.info().finalizer_name) {
                let from_text =
                    finalize_under(&file, visaasm, fname).unwrap_or_else(|e| panic!("{fixture}: {e}"));
                let from_isa = finalize_isa(&isa.outputs[0].bytes, fname)
                    .unwrap_or_else(|e| panic!("{fixture} on {fname}: {e}"));
                assert_eq!(
                    normalize(&from_isa),
                    normalize(&from_text),
                    "{fixture} on {fname}: binary and text differ"
                );
            }
        }
    }
}
