//! `--emit zebin` end to end: the bundled CM examples (tests/fixtures/cm) compiled to zebin for
//! TGLLP, DG2 and PVC are read back by genxc's own zebin reader, accepted by the compute runtime's
//! decoder (`ocloc validate`, with no more warnings than Intel's zebin of the same kernel) and
//! decoded by `ocloc disasm`; each kernel's code decodes with `iga64` and ends in EOT; a copy
//! with a corrupted `.ze_info` is rejected. The ABI check compiles each example with Intel's
//! Vector Compiler (`ocloc compile -llvm_input ... -vc-codegen -ze-enable-zebin`) and compares
//! the kernels, each explicit argument's binding (by pointer into the same address space, or by
//! value with the same size), the SLM size and the barrier count. MTL, which this ocloc does not
//! know, is checked with the reader and iga64.
//!
//! The tools come from Debian's libigc-tools (GenX_IR, iga64), intel-opencl-icd (ocloc) and
//! llvm-14 (llvm-as-14); without them the tests skip, unless tools are required (CI,
//! `GENXC_REQUIRE_TOOLS`), where they fail.

mod common;

use common::{
    area_fixtures, check_accepted, check_code_relocations, disasm, fixtures, input, intel_zebin, reloc_kinds,
    tool_available, validate, ZEBIN_AREAS,
};
use genxc::{CompileOptions, Emit};
use genxc_genx::Platform;
use genxc_zebin::{AddrSpace, Device, PayloadArgType, ZeInfo};
use std::path::Path;
use std::process::Command;

/// The bundled CM examples, by path relative to the fixtures folder.
fn cm_fixtures() -> Vec<String> {
    area_fixtures("cm")
}

/// The platforms ocloc knows: genxc's platform, ocloc's device name, iga64's platform.
const OCLOC_PLATFORMS: [(Platform, &str, &str); 3] = [
    (Platform::Tgllp, "tgllp", "12p1"),
    (Platform::Dg2, "dg2-g10", "12p71"),
    (Platform::Pvc, "pvc", "12p72"),
];

fn tools() -> bool {
    tool_available("GenX_IR", "-h", "libigc-tools")
        && tool_available("ocloc", "--help", "intel-opencl-icd")
        && tool_available("iga64", "--help", "libigc-tools")
}

/// The zebin genxc writes for a fixture.
fn genxc_zebin(fixture: &str, platform: Platform) -> Vec<u8> {
    let opts = CompileOptions { platform, emit: Emit::Zebin.into(), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    assert!(!outcome.failed(), "{fixture} on {platform:?}: {}", outcome.log());
    let out = outcome.of_kind(Emit::Zebin).next().expect("a zebin output");
    assert!(out.name.ends_with(".bin"), "{}", out.name);
    out.bytes.clone()
}

/// The lines of iga64's listing of `code` for `platform`, or its complaint.
fn iga_listing(code: &[u8], platform: &str, dir: &Path) -> Result<Vec<String>, String> {
    let path = dir.join("code.krn");
    std::fs::write(&path, code).unwrap();
    let run = Command::new("iga64").args(["-d", &format!("-p={platform}")]).arg(&path).output().unwrap();
    if !run.status.success() {
        return Err(String::from_utf8_lossy(&run.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&run.stdout).lines().map(str::to_string).collect())
}

/// Whether a listing's kernel body ends the thread: its instructions (labels and `nop`s aside)
/// end in an EOT send, or in the `ret` of the subroutines laid out after that send.
fn ends_in_eot(listing: &[String]) -> bool {
    let insts: Vec<&str> = listing
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.ends_with(':') && *l != "nop" && !l.starts_with("//"))
        .collect();
    let Some(eot) = insts.iter().rposition(|l| l.contains("EOT")) else { return false };
    // the opcode: the first word that is not a `(W)` or predicate prefix
    let opcode = |l: &str| l.split_whitespace().find(|w| !w.starts_with('(')).unwrap_or("").to_string();
    eot + 1 == insts.len() || insts.last().is_some_and(|l| opcode(l) == "ret")
}

/// Reads a zebin back with genxc's reader and checks its structure: device notes, one code
/// section per `.ze_info` kernel in the same order, a symbol per kernel; returns the metadata.
fn read_back(bytes: &[u8], device: Device) -> (genxc_zebin::ReadZebin, ZeInfo) {
    let z = genxc_zebin::read(bytes).expect("genxc's reader reads the zebin");
    assert_eq!(z.machine, genxc_zebin::elf::EM_INTELGT);
    assert_eq!(z.device(), Some(device));
    assert_eq!(z.zebin_version(), Some("1.15"));
    let info =
        ZeInfo::from_yaml(z.zeinfo_text().expect("a .ze_info section")).expect("the .ze_info reads back");
    let code: Vec<&str> = z.kernels().map(|(n, _)| n).collect();
    let named: Vec<&str> = info.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(code, named);
    for (name, text) in z.kernels() {
        assert!(!text.is_empty() && text.len().is_multiple_of(8), "{name}: {} bytes of code", text.len());
        assert!(
            z.symbols.iter().any(|s| s.name == name && s.size == text.len() as u64),
            "{name} has no symbol"
        );
    }
    (z, info)
}

#[test]
fn cm_examples_are_zebins_the_runtime_accepts() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for fixture in cm_fixtures() {
        for (platform, device, iga) in OCLOC_PLATFORMS {
            let what = format!("{fixture} on {device}");
            let bytes = genxc_zebin(&fixture, platform);
            let (z, info) = read_back(&bytes, genxc::zebin::device(platform).unwrap());
            for k in &info.kernels {
                assert_eq!(k.execution_env.simd_size, 1, "{what}");
                // Xe-HP and later: the code starts with the per-thread payload prologue
                assert_eq!(
                    k.execution_env.offset_to_skip_per_thread_data_load.is_some(),
                    platform != Platform::Tgllp,
                    "{what}"
                );
            }
            let path = dir.path().join("k.bin");
            std::fs::write(&path, &bytes).unwrap();
            let (status, warnings, log) = validate(&path, device);
            assert_eq!(status, Some(0), "{what}: ocloc validate rejected the zebin:\n{log}");
            assert!(log.contains("Binary is VALID"), "{what}:\n{log}");
            // Intel's own zebins draw four (unhandled metrics note, symbol table, newer minor
            // version, unknown debug key); genxc's only the symbol table one
            assert!(
                warnings.iter().all(|w| w.contains("Ignoring symbol table")),
                "{what}: warnings {warnings:?}"
            );
            // ocloc disasm decodes it and dumps the same sections
            let dump = dir.path().join(format!("dump_{checked}"));
            disasm(&path, device, &dump, &what);
            assert_eq!(
                std::fs::read_to_string(dump.join(".ze_info")).unwrap(),
                z.zeinfo_text().unwrap(),
                "{what}"
            );
            for (name, code) in z.kernels() {
                assert_eq!(std::fs::read(dump.join(format!(".text.{name}"))).unwrap(), code, "{what}");
                let listing =
                    iga_listing(code, iga, dir.path()).unwrap_or_else(|e| panic!("{what}: iga64: {e}"));
                assert!(
                    ends_in_eot(&listing),
                    "{what}: kernel {name} does not end in EOT:\n{}",
                    listing.join("\n")
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 3 * cm_fixtures().len());
    assert!(checked >= 36, "{checked}");
}

#[test]
fn a_corrupted_ze_info_is_rejected() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let bytes = genxc_zebin("cm/01_saxpy_oword.ll", Platform::Dg2);
    let path = dir.path().join("k.bin");
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(validate(&path, "dg2-g10").0, Some(0));
    // same length, a value the decoder cannot read: the check can fail
    for (from, to) in [("simd_size: 1", "simd_size: x"), ("arg_type: arg_byvalue", "arg_type: arg_byvaluf")] {
        let at = bytes.windows(from.len()).position(|w| w == from.as_bytes()).expect("the key is there");
        let mut bad = bytes.clone();
        bad[at..at + to.len()].copy_from_slice(to.as_bytes());
        std::fs::write(&path, &bad).unwrap();
        let (status, _, log) = validate(&path, "dg2-g10");
        assert!(matches!(status, Some(s) if s != 0), "a zebin with '{to}' was accepted (or crashed):\n{log}");
        // genxc's own reader refuses it too
        let z = genxc_zebin::read(&bad).unwrap();
        assert!(ZeInfo::from_yaml(z.zeinfo_text().unwrap()).is_err(), "{to}");
    }
}

#[test]
fn mtl_zebins_read_back_and_decode() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for fixture in cm_fixtures() {
        let bytes = genxc_zebin(&fixture, Platform::Mtl);
        let (z, info) = read_back(&bytes, Device::Mtl);
        assert!(info.kernels.iter().all(|k| k.execution_env.offset_to_skip_per_thread_data_load.is_some()));
        for (name, code) in z.kernels() {
            let listing = iga_listing(code, "12p71", dir.path()).unwrap_or_else(|e| panic!("{fixture}: {e}"));
            assert!(ends_in_eot(&listing), "{fixture}: {name} does not end in EOT");
        }
    }
}

/// How an explicit argument is bound: by pointer into an address space, or by value of a size.
#[derive(Debug, PartialEq, Eq)]
enum Binding {
    ByPointer(AddrSpace),
    ByValue(u32),
}

/// A kernel's ABI: name, explicit arguments by index, SLM size, barrier count.
type KernelAbi = (String, Vec<(u32, Binding)>, u32, u32);

/// Each kernel's explicit arguments by index, its SLM size and barrier count.
fn abi(info: &ZeInfo) -> Vec<KernelAbi> {
    let mut out: Vec<_> = info
        .kernels
        .iter()
        .map(|k| {
            let mut args: Vec<(u32, Binding)> = Vec::new();
            for a in &k.payload_arguments {
                let Some(index) = a.arg_index.filter(|_| a.arg_type.is_explicit()) else { continue };
                let binding = match a.arg_type {
                    PayloadArgType::ArgByValue => Binding::ByValue(a.size),
                    _ => Binding::ByPointer(a.addrspace.unwrap_or(AddrSpace::Global)),
                };
                match args.iter_mut().find(|(i, _)| *i == index) {
                    // by value in pieces: the sizes add up
                    Some((_, Binding::ByValue(n))) if matches!(binding, Binding::ByValue(_)) => {
                        if let Binding::ByValue(m) = binding {
                            *n += m
                        }
                    }
                    // stateless and stateful entries of one pointer: the same address space
                    Some((_, b)) => assert_eq!(*b, binding, "kernel {} argument {index}", k.name),
                    None => args.push((index, binding)),
                }
            }
            args.sort_by_key(|(i, _)| *i);
            (k.name.clone(), args, k.execution_env.slm_size, k.execution_env.barrier_count)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn cm_examples_bind_arguments_as_intels_compiler_does() {
    if !tools() || !tool_available("llvm-as-14", "--version", "llvm-14") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut compared = 0;
    for fixture in cm_fixtures() {
        for (platform, device, _) in OCLOC_PLATFORMS {
            let intel = intel_zebin(&fixture, device, dir.path());
            let out = dir.path().join("intel");
            // Intel's zebin draws at least as many warnings as genxc's
            let (status, intel_warnings, _) = validate(&out.join("k"), device);
            assert_eq!(status, Some(0));
            let ours = genxc_zebin(&fixture, platform);
            let path = dir.path().join("ours.bin");
            std::fs::write(&path, &ours).unwrap();
            let (_, warnings, _) = validate(&path, device);
            assert!(
                warnings.len() <= intel_warnings.len(),
                "{fixture} on {device}: {warnings:?} vs {intel_warnings:?}"
            );

            let intel = genxc_zebin::read(&intel).unwrap();
            let intel =
                ZeInfo::from_yaml(intel.zeinfo_text().unwrap()).unwrap_or_else(|e| panic!("{fixture}: {e}"));
            let ours = genxc_zebin::read(&ours).unwrap();
            let ours = ZeInfo::from_yaml(ours.zeinfo_text().unwrap()).unwrap();
            assert_eq!(abi(&ours), abi(&intel), "{fixture} on {device}");
            compared += 1;
        }
    }
    assert_eq!(compared, 36);
}

#[test]
fn zebin_refusals_are_messages() {
    let compile = |platform: Platform, finalizer: Option<&str>, fixture: &str| {
        let opts = CompileOptions {
            platform,
            emit: Emit::Zebin.into(),
            finalizer: finalizer.map(str::to_string),
            ..CompileOptions::default()
        };
        genxc::compile_inputs(&[input(fixture)], &opts)
    };
    let skl = compile(Platform::Skl, None, "cm/01_saxpy_oword.ll");
    assert!(skl.failed() && skl.outputs.is_empty());
    assert!(skl.log().contains("--emit zebin for skl: not modeled by the zebin writer"), "{}", skl.log());
    let missing = compile(Platform::Dg2, Some("/nonexistent/GenX_IR"), "cm/01_saxpy_oword.ll");
    assert!(missing.failed());
    assert!(missing.log().contains("cannot run '/nonexistent/GenX_IR'"), "{}", missing.log());
    assert!(missing.log().contains("kernel 'saxpy'"), "{}", missing.log());
    // a finalizer that fails (here `false`) is reported, not taken for code
    let failing = compile(Platform::Tgllp, Some("false"), "cm/01_saxpy_oword.ll");
    assert!(
        failing.log().contains("the vISA finalizer failed on kernel 'saxpy': false exited"),
        "{}",
        failing.log()
    );
}

#[test]
fn a_spilling_kernel_is_reported_and_gets_scratch_space() {
    if !tools() {
        return;
    }
    let opts = CompileOptions {
        platform: Platform::Tgllp,
        emit: genxc::EmitSet::of(&[Emit::Zebin, Emit::Metadata]),
        ..CompileOptions::default()
    };
    let outcome = genxc::compile_inputs(&[input("zebin/spill_pressure.ll")], &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
    // a warning with the spill, the report in the outcome and in kernels.json
    assert!(
        outcome.log().contains("warning: kernel 'spill_pressure' spills registers: "),
        "{}",
        outcome.log()
    );
    let (name, report) = &outcome.finalizer[0];
    assert_eq!(name, "spill_pressure");
    assert!(report.scratch_size > 0 && report.spill_sends > 0 && report.fill_sends > 0, "{report:?}");
    assert_eq!(report.spill_bytes % 32, 0);
    assert!(report.inst_count > 100 && report.code_bytes > 0 && report.grf_count == 128, "{report:?}");
    let json: serde_json::Value = serde_json::from_str(outcome.kernels_json().unwrap()).unwrap();
    let f = &json["kernels"][0]["finalizer"];
    assert_eq!(f["scratch_size"], report.scratch_size);
    assert_eq!(f["fill_bytes"], report.fill_bytes);
    // the runtime allocates the scratch space the spill code uses
    let (_, info) = read_back(outcome.zebin().unwrap(), Device::Tgllp);
    let buffers = &info.kernels[0].per_thread_memory_buffers;
    assert_eq!(buffers.len(), 1);
    assert_eq!(buffers[0].kind, genxc_zebin::PerThreadBufferKind::SpillFill);
    assert_eq!(buffers[0].size, report.scratch_size);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.bin");
    std::fs::write(&path, outcome.zebin().unwrap()).unwrap();
    assert_eq!(validate(&path, "tgllp").0, Some(0));

    // a kernel that fits has an all-zero report and no warning
    let saxpy = genxc::compile_inputs(&[input("cm/01_saxpy_oword.ll")], &opts);
    assert!(saxpy.diagnostics.is_empty(), "{}", saxpy.log());
    let r = &saxpy.finalizer[0].1;
    assert_eq!((r.scratch_size, r.spill_sends, r.fill_sends), (0, 0, 0));
}

#[test]
fn local_ids_reach_kernels_on_parts_that_load_their_own_payload() {
    if !tools() {
        return;
    }
    // 11_slm_neighbor reads its local id (r1). On DG2 and PVC no hardware loads the payload:
    // the code must start with the per-thread prologue that loads r1 from the per-thread data,
    // whose size the .ze_info gives the runtime to skip when it loads r1 itself.
    let dir = tempfile::tempdir().unwrap();
    for (platform, _, iga) in OCLOC_PLATFORMS {
        let bytes = genxc_zebin("cm/11_slm_neighbor.ll", platform);
        let (z, info) = read_back(&bytes, genxc::zebin::device(platform).unwrap());
        let (_, code) = z.kernels().next().unwrap();
        let listing = iga_listing(code, iga, dir.path()).unwrap();
        let first_send = listing.iter().find(|l| l.contains("send")).unwrap();
        let skip = info.kernels[0].execution_env.offset_to_skip_per_thread_data_load;
        if platform == Platform::Tgllp {
            // the hardware loads the payload: no prologue to skip
            assert_eq!(skip, None);
        } else {
            // `[(W)] send.<sfid> (<exec>) <dst> <src> ...`
            let dst = first_send.split_whitespace().filter(|t| *t != "(W)").nth(2).unwrap();
            assert_eq!(dst, "r1", "{platform:?}: the first load is not the local ids': {first_send}");
            let skip = skip.expect("a prologue size") as usize;
            assert!(skip > 0 && skip < code.len() && skip.is_multiple_of(16), "{skip}");
        }
        let per_thread = &info.kernels[0].per_thread_payload_arguments;
        assert_eq!(per_thread.len(), 1);
        assert_eq!((per_thread[0].offset, per_thread[0].size), (0, 6));
    }
}

#[test]
fn ocloc_option_strings() {
    let parse = |s: &str| CompileOptions::parse(s);
    let o = parse("-platform pvc -emit zebin -vc-codegen -doubleGRF -Xfinalizer '-noschedule -nocompaction'")
        .unwrap();
    assert!(o.large_grf && o.emit.contains(Emit::Zebin));
    assert_eq!(o.finalizer_options, ["-noschedule", "-nocompaction"]);
    // the same options inside ocloc's -options / -internal_options strings
    let o = parse(
        "-options \"-vc-codegen -ffp-contract=fast -disable-finalizer-msg -stateless-stack-mem-size=4096\" -internal_options -ze-exp-register-file-size=256",
    )
    .unwrap();
    assert!(o.large_grf);
    assert_eq!(o.stack_mem_size, 4096);
    let mut o = CompileOptions::default();
    o.apply_ocloc_options("-ze-exp-register-file-size=128 -Xfinalizer -noschedule").unwrap();
    assert!(!o.large_grf);
    assert_eq!(o.finalizer_options, ["-noschedule"]);
    let err = |s: &str| parse(s).unwrap_err().to_string();
    assert_eq!(err("-options '-O2'"), "error: unknown option '-O2'");
    assert_eq!(err("-Xfinalizer"), "error: option '-Xfinalizer' needs a value");
    assert!(err("-options '-vc-codegen").contains("unclosed '"));
    assert_eq!(err("-ffp-contract=maybe"), "error: option '-ffp-contract=maybe' needs fast, on or off");
    assert!(!CompileOptions::default().bindless_buffers);
    assert!(parse("-internal_options -vc-use-bindless-buffers").unwrap().bindless_buffers);
    assert_eq!(
        err("-ze-exp-register-file-size=64"),
        "error: option '-ze-exp-register-file-size=64' needs 128 or 256, found '64'"
    );
    // the large register file is PVC's
    let outcome =
        genxc::compile_inputs(&[input("cm/01_saxpy_oword.ll")], &parse("-platform dg2 -doubleGRF").unwrap());
    assert!(
        outcome.log().contains("the 256-register file (-doubleGRF, -ze-exp-register-file-size=256) is not available on dg2: its threads have 128 registers"),
        "{}",
        outcome.log()
    );
}

#[test]
fn the_large_register_file_reaches_the_finalizer() {
    if !tools() {
        return;
    }
    let opts = CompileOptions::parse("-platform pvc -emit zebin -doubleGRF -Xfinalizer -noschedule").unwrap();
    let outcome = genxc::compile_inputs(&[input("cm/01_saxpy_oword.ll")], &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
    assert_eq!(outcome.finalizer[0].1.grf_count, 256);
    let (_, info) = read_back(outcome.zebin().unwrap(), Device::Pvc);
    assert_eq!(info.kernels[0].execution_env.grf_count, 256);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.bin");
    std::fs::write(&path, outcome.zebin().unwrap()).unwrap();
    assert_eq!(validate(&path, "pvc").0, Some(0));
    // an option the finalizer does not know fails it, with its message
    let opts = CompileOptions::parse("-platform pvc -emit zebin -Xfinalizer -noSuchOption").unwrap();
    let outcome = genxc::compile_inputs(&[input("cm/01_saxpy_oword.ll")], &opts);
    assert!(
        outcome.failed() && outcome.log().contains("the vISA finalizer failed on kernel 'saxpy'"),
        "{}",
        outcome.log()
    );
}

#[test]
fn many_kernels_finalize_in_batches_with_the_same_zebin_for_every_thread_count() {
    if !tools() {
        return;
    }
    // 12 kernels: one finalizer process per worker, each with a container of several kernels
    let fixture = "kernels/simdcf_source.ll";
    let zebin = |jobs: usize| {
        let opts =
            CompileOptions { platform: Platform::Dg2, emit: Emit::Zebin.into(), jobs, ..Default::default() };
        let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
        assert!(!outcome.failed(), "{}", outcome.log());
        outcome.zebin().unwrap().to_vec()
    };
    let one = zebin(1);
    assert_eq!(zebin(2), one);
    assert_eq!(zebin(5), one);
    // one kernel per process: each kernel's code is its own, not another's of the same batch
    assert_eq!(zebin(12), one);
    let (z, info) = read_back(&one, Device::Dg2);
    assert_eq!(info.kernels.len(), common::kernel_count(fixture));
    assert!(z.kernels().all(|(_, c)| !c.is_empty()));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.bin");
    std::fs::write(&path, &one).unwrap();
    let (status, _, log) = validate(&path, "dg2-g10");
    assert_eq!(status, Some(0), "{log}");
    assert!(log.contains(&format!("Binary contains {} kernels", info.kernels.len())), "{log}");
}

/// The finalizer's folders (one per batch, a file per kernel) are removed while the zebin is
/// packed, and before the compile returns: the command leaves none in its temporary folder,
/// whatever the batches, and its zebin is the library's, which ocloc accepts.
#[test]
fn the_command_leaves_no_finalizer_folder_behind() {
    if !tools() {
        return;
    }
    let fixture = "kernels/simdcf_source.ll";
    let opts = CompileOptions { platform: Platform::Dg2, emit: Emit::Zebin.into(), ..Default::default() };
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
    let expected = outcome.zebin().unwrap().to_vec();
    for jobs in ["1", "2", "5"] {
        let temp = tempfile::tempdir().unwrap();
        let out = tempfile::tempdir().unwrap();
        let run = Command::new(env!("CARGO_BIN_EXE_genxc"))
            .arg(fixtures().join(fixture))
            .args(["--platform", "dg2", "--emit", "zebin", "-j", jobs, "-o"])
            .arg(out.path())
            .env("TMPDIR", temp.path())
            .output()
            .unwrap();
        assert!(run.status.success(), "-j{jobs}: {}", String::from_utf8_lossy(&run.stderr));
        let left: Vec<_> = std::fs::read_dir(temp.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(left.is_empty(), "-j{jobs}: left behind in TMPDIR: {left:?}");
        let path = out.path().join("simdcf_source.bin");
        assert_eq!(std::fs::read(&path).unwrap(), expected, "-j{jobs}");
        let (status, _, log) = validate(&path, "dg2-g10");
        assert_eq!(status, Some(0), "-j{jobs}: {log}");
    }
}

/// Writes an executable shell script running `body` at `path`; returns `path`.
fn shell_script<'p>(path: &'p Path, body: &str) -> &'p Path {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_finalizer_whose_files_are_not_its_own_is_an_error() {
    if !tools() {
        return;
    }
    // a finalizer that exits 0 but leaves no listing where the report needs one, or writes code
    // that is no Gen instructions: refused, not packed with a report of nothing
    let dir = tempfile::tempdir().unwrap();
    let script =
        |name: &str, body: &str| shell_script(&dir.path().join(name), body).to_string_lossy().into_owned();
    let cases = [
        (
            script("no_listing", "GenX_IR \"$@\"; rc=$?; rm -f *.asm; exit $rc"),
            "wrote no listing for 'saxpy'",
        ),
        (script("empty_code", ": > k0.dat; exit 0"), "that is not whole Gen instructions (0 bytes)"),
        (script("odd_code", "GenX_IR \"$@\"; printf x >> k0.dat"), "that is not whole Gen instructions"),
    ];
    for (finalizer, why) in cases {
        let opts = CompileOptions {
            platform: Platform::Dg2,
            emit: Emit::Zebin.into(),
            finalizer: Some(finalizer.clone()),
            finalizer_listings: true,
            ..CompileOptions::default()
        };
        let outcome = genxc::compile_inputs(&[input("cm/01_saxpy_oword.ll")], &opts);
        assert!(outcome.failed() && outcome.outputs.is_empty(), "{finalizer}: {}", outcome.log());
        assert!(outcome.log().contains(why), "{finalizer}: {}", outcome.log());
    }
}

#[test]
fn a_relative_finalizer_path_is_the_current_folders() {
    if !tools() {
        return;
    }
    // `--finalizer bin/fin` names a file of the folder the command runs in, not of the
    // temporary folder the finalizer runs in
    let cwd = tempfile::tempdir().unwrap();
    std::fs::create_dir(cwd.path().join("bin")).unwrap();
    shell_script(&cwd.path().join("bin/fin"), "exec GenX_IR \"$@\"");
    for finalizer in ["bin/fin", "./bin/fin", "../bin/fin"] {
        let from =
            if finalizer.starts_with("..") { cwd.path().join("bin") } else { cwd.path().to_path_buf() };
        let run = Command::new(env!("CARGO_BIN_EXE_genxc"))
            .arg(fixtures().join("cm/01_saxpy_oword.ll"))
            .args(["--platform", "dg2", "--emit", "zebin", "--finalizer", finalizer, "-o", "k.bin"])
            .current_dir(&from)
            .output()
            .unwrap();
        assert!(run.status.success(), "{finalizer}: {}", String::from_utf8_lossy(&run.stderr));
        let (status, _, log) = validate(&from.join("k.bin"), "dg2-g10");
        assert_eq!(status, Some(0), "{finalizer}: {log}");
    }
}

#[test]
fn stack_calls_are_linked_into_the_kernels_code() {
    if !tools() {
        return;
    }
    // three kernels calling stack functions (one recursive): the finalizer links the functions
    // each kernel reaches into its code, which needs scratch space for the call stack
    let dir = tempfile::tempdir().unwrap();
    for (platform, device, iga) in OCLOC_PLATFORMS {
        let opts = CompileOptions { platform, emit: Emit::Zebin.into(), ..CompileOptions::default() };
        let outcome = genxc::compile_inputs(&[input("calls/stack_calls.ll")], &opts);
        assert!(!outcome.failed(), "{}", outcome.log());
        // the call stack is not a spill
        assert!(outcome.diagnostics.is_empty(), "{}", outcome.log());
        let bytes = outcome.zebin().unwrap();
        let (z, info) = read_back(bytes, genxc::zebin::device(platform).unwrap());
        assert_eq!(info.kernels.len(), 3);
        for (k, (name, code)) in info.kernels.iter().zip(z.kernels()) {
            assert!(k.execution_env.has_stack_calls, "{name}");
            let scratch = &k.per_thread_memory_buffers;
            assert_eq!(scratch.len(), 1, "{name}");
            assert_eq!(scratch[0].kind, genxc_zebin::PerThreadBufferKind::SpillFill);
            assert!(scratch[0].size > 0);
            let listing = iga_listing(code, iga, dir.path()).unwrap();
            assert!(listing.iter().any(|l| l.contains(" call ")), "{name}: no call");
            assert!(ends_in_eot(&listing), "{name}");
        }
        let path = dir.path().join("k.bin");
        std::fs::write(&path, bytes).unwrap();
        let (status, warnings, log) = validate(&path, device);
        assert_eq!(status, Some(0), "{log}");
        assert!(warnings.iter().all(|w| w.contains("Ignoring symbol table")), "{warnings:?}");
    }
}

#[test]
fn every_fixture_zebin_genxc_writes_for_dg2_is_valid() {
    if !tools() {
        return;
    }
    // The fixture kernels of every area (surfaces, samplers, SLM, atomics, SIMD control flow,
    // stack calls, ...): each zebin genxc writes passes ocloc validate; what it does not write is
    // a refusal with a message, never an internal error.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.bin");
    let (mut valid, mut refused) = (0, 0);
    for area in ZEBIN_AREAS {
        for fixture in area_fixtures(area) {
            let opts =
                CompileOptions { platform: Platform::Dg2, emit: Emit::Zebin.into(), ..Default::default() };
            let outcome = genxc::compile_inputs(&[input(&fixture)], &opts);
            let Some(bytes) = outcome.zebin() else {
                assert!(outcome.failed(), "{fixture}: no zebin and no error");
                assert!(!outcome.log().contains("internal error"), "{fixture}: {}", outcome.log());
                refused += 1;
                continue;
            };
            read_back(bytes, Device::Dg2);
            std::fs::write(&path, bytes).unwrap();
            let (status, _, log) = validate(&path, "dg2-g10");
            assert_eq!(status, Some(0), "{fixture}: {log}");
            valid += 1;
        }
    }
    assert!(valid >= 100, "only {valid} zebins ({refused} refused)");
}

/// `kernels.json` of a fixture for `platform`, with `emit` besides it.
fn kernels_json(fixture: &str, platform: Platform, emit: &[Emit]) -> (serde_json::Value, genxc::Outcome) {
    let mut kinds = emit.to_vec();
    kinds.push(Emit::Metadata);
    let opts = CompileOptions { platform, emit: genxc::EmitSet::of(&kinds), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    assert!(!outcome.failed(), "{fixture}: {}", outcome.log());
    let json = serde_json::from_str(outcome.kernels_json().expect("kernels.json")).unwrap();
    (json, outcome)
}

/// `(implicit, offset, size)` of each of a kernel's implicit inputs in kernels.json.
fn implicit_inputs(kernel: &serde_json::Value) -> Vec<(String, u64, u64)> {
    kernel["implicit_inputs"]
        .as_array()
        .expect("an implicit_inputs array")
        .iter()
        .map(|i| {
            (
                i["implicit"].as_str().unwrap().to_string(),
                i["offset"].as_u64().unwrap(),
                i["size"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn kernels_json_lists_the_implicit_inputs_selection_declares() {
    // kernels/ids.ll reads the group count (grid2d), the local size and local ids (local) through
    // intrinsics, with no metadata argument for them: selection declares the inputs
    for platform in [Platform::Tgllp, Platform::Pvc] {
        let grf = u64::from(platform.grf_bytes());
        let (alone, _) = kernels_json("kernels/ids.ll", platform, &[]);
        let (with_visa, outcome) = kernels_json("kernels/ids.ll", platform, &[Emit::Visaasm]);
        assert_eq!(alone, with_visa, "kernels.json alone is the one written beside the vISA");
        for k in alone["kernels"].as_array().unwrap() {
            let name = k["name"].as_str().unwrap();
            let found = implicit_inputs(k);
            let kinds: Vec<&str> = found.iter().map(|(i, ..)| i.as_str()).collect();
            match name {
                "grid2d" => assert_eq!(kinds, ["group_count"], "{platform:?}"),
                "local" => assert_eq!(kinds, ["local_id", "local_size"], "{platform:?}"),
                other => panic!("unexpected kernel {other}"),
            }
            // each is the vISA's own implicit input, at the same offset and size
            let visa = outcome.get(&format!("{name}.visaasm")).and_then(genxc::Output::text).unwrap();
            for (kind, offset, size) in &found {
                let directive = format!(".implicit_{}", kind.to_ascii_uppercase());
                let line = visa
                    .lines()
                    .find(|l| l.contains(&directive))
                    .unwrap_or_else(|| panic!("{name}: no {directive} in\n{visa}"));
                assert!(
                    line.contains(&format!("offset={offset} size={size}")),
                    "{name}: {line} vs {offset}/{size}"
                );
            }
            if name == "local" {
                assert_eq!(found[0].1, grf, "the local ids are r1");
            }
            // the payload covers them
            let end = found.iter().map(|(_, o, s)| o + s).max().unwrap();
            assert!(k["payload_size"].as_u64().unwrap() >= end, "{name}");
        }
    }
}

#[test]
fn kernels_json_and_ze_info_describe_the_same_payload() {
    if !tools() {
        return;
    }
    for fixture in ["kernels/ids.ll", "cm/11_slm_neighbor.ll", "cm/01_saxpy_oword.ll"] {
        for (platform, ..) in OCLOC_PLATFORMS {
            let base = 2 * u64::from(platform.grf_bytes());
            let (json, outcome) = kernels_json(fixture, platform, &[Emit::Zebin]);
            let (_, info) = read_back(outcome.zebin().unwrap(), genxc::zebin::device(platform).unwrap());
            for (k, ze) in json["kernels"].as_array().unwrap().iter().zip(&info.kernels) {
                assert_eq!(k["name"].as_str(), Some(ze.name.as_str()));
                // every implicit input, listed or selected, is the .ze_info's at offset - 2 GRFs
                // (local ids: the per-thread payload)
                let listed = k["args"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|a| !a["implicit"].is_null() && !a["offset"].is_null())
                    .map(|a| {
                        (
                            a["implicit"].as_str().unwrap().to_string(),
                            a["offset"].as_u64().unwrap(),
                            a["size"].as_u64().unwrap(),
                        )
                    });
                for (kind, offset, size) in implicit_inputs(k).into_iter().chain(listed) {
                    if kind == "local_id" {
                        let ids = &ze.per_thread_payload_arguments[0];
                        assert_eq!((ids.offset, ids.size), (0, 6), "{fixture} {platform:?}");
                        continue;
                    }
                    let t = match kind.as_str() {
                        "local_size" => PayloadArgType::LocalSize,
                        "group_count" => PayloadArgType::GroupCount,
                        other => panic!("{fixture}: implicit {other}"),
                    };
                    let arg = ze.payload_arguments.iter().find(|p| p.arg_type == t).unwrap_or_else(|| {
                        panic!("{fixture} {platform:?} {}: no {kind} in .ze_info", ze.name)
                    });
                    assert_eq!(
                        (u64::from(arg.offset), u64::from(arg.size)),
                        (offset - base, size),
                        "{fixture} {platform:?} {}: {kind}",
                        ze.name
                    );
                }
                // and nothing in .ze_info that kernels.json does not list
                let implicit_in_ze = ze
                    .payload_arguments
                    .iter()
                    .filter(|p| matches!(p.arg_type, PayloadArgType::LocalSize | PayloadArgType::GroupCount))
                    .count();
                let implicit_in_json = implicit_inputs(k).iter().filter(|(i, ..)| i != "local_id").count()
                    + k["args"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|a| matches!(a["implicit"].as_str(), Some("local_size" | "group_count")))
                        .count();
                assert_eq!(implicit_in_ze, implicit_in_json, "{fixture} {platform:?} {}", ze.name);
            }
        }
    }
}

#[test]
fn the_large_register_file_removes_the_spills_of_a_high_pressure_kernel() {
    if !tools() {
        return;
    }
    // pressure/double_grf.ll keeps about 160 PVC registers live: GenX_IR spills with the 128 of
    // the default file, and not with the 256 of the large one
    let compile = |options: &str| {
        let opts = CompileOptions::parse(&format!("-platform pvc -emit zebin,metadata {options}")).unwrap();
        let outcome = genxc::compile_inputs(&[input("pressure/double_grf.ll")], &opts);
        assert!(!outcome.failed(), "{options}: {}", outcome.log());
        outcome
    };
    let small = compile("");
    let r = &small.finalizer[0].1;
    assert_eq!(r.grf_count, 128);
    assert!(r.scratch_size > 0 && r.spill_sends > 0 && r.fill_sends > 0, "{r:?}");
    assert!(small.log().contains("warning: kernel 'double_grf' spills registers"), "{}", small.log());
    for options in ["-doubleGRF", "-internal_options -ze-exp-register-file-size=256"] {
        let large = compile(options);
        let r = &large.finalizer[0].1;
        assert_eq!(r.grf_count, 256, "{options}");
        assert_eq!((r.scratch_size, r.spill_sends, r.fill_sends), (0, 0, 0), "{options}: {r:?}");
        assert!(large.diagnostics.is_empty(), "{options}: {}", large.log());
        let json: serde_json::Value = serde_json::from_str(large.kernels_json().unwrap()).unwrap();
        assert_eq!(json["kernels"][0]["finalizer"]["grf_count"], 256);
        let (_, info) = read_back(large.zebin().unwrap(), Device::Pvc);
        assert_eq!(info.kernels[0].execution_env.grf_count, 256);
        assert!(info.kernels[0].per_thread_memory_buffers.is_empty(), "no scratch space without spills");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.bin");
        std::fs::write(&path, large.zebin().unwrap()).unwrap();
        assert_eq!(validate(&path, "pvc").0, Some(0));
    }
    // and back to the default file
    let back = compile("-doubleGRF -internal_options -ze-exp-register-file-size=128");
    assert_eq!(back.finalizer[0].1.grf_count, 128);
    // not where threads have 128 registers
    for platform in ["tgllp", "dg2", "mtl"] {
        let opts = CompileOptions::parse(&format!("-platform {platform} -emit zebin -doubleGRF")).unwrap();
        let outcome = genxc::compile_inputs(&[input("pressure/double_grf.ll")], &opts);
        assert!(outcome.failed() && outcome.outputs.is_empty());
        assert!(
            outcome.log().contains(&format!("error: the 256-register file (-doubleGRF, -ze-exp-register-file-size=256) is not available on {platform}")),
            "{}",
            outcome.log()
        );
        // a platform lacking the feature, not a construct genxc lacks
        assert!(
            outcome.diagnostics.iter().any(|d| d.kind == genxc_diag::Kind::NotAvailable),
            "{:?}",
            outcome.diagnostics
        );
    }
}

/// `(mad, mul, add)`: how many of each a vISA or Gen listing holds (by opcode, the first word
/// after any predicate or `(W)` mask).
fn mul_add_counts(listing: &str) -> (usize, usize, usize) {
    let ops: Vec<&str> = listing
        .lines()
        .filter_map(|l| l.split_whitespace().find(|w| !w.starts_with('(') && !w.ends_with(')')))
        .map(|w| w.split('.').next().unwrap_or(w))
        .collect();
    let n = |op: &str| ops.iter().filter(|o| **o == op).count();
    (n("mad"), n("mul"), n("add"))
}

#[test]
fn ffp_contract_decides_which_multiply_adds_are_one_mad() {
    // zebin/fp_contract.ll: one fmul + fadd pair and one llvm.fmuladd
    let expected = [("fast", (2, 0, 0)), ("on", (1, 1, 1)), ("off", (0, 2, 2))];
    for (mode, counts) in expected {
        let opts = CompileOptions::parse(&format!("-emit visaasm -options '-ffp-contract={mode}'")).unwrap();
        let outcome = genxc::compile_inputs(&[input("zebin/fp_contract.ll")], &opts);
        assert!(!outcome.failed(), "{mode}: {}", outcome.log());
        let visa = outcome.get("fp_contract.visaasm").and_then(genxc::Output::text).unwrap();
        assert_eq!(mul_add_counts(visa), counts, "-ffp-contract={mode}:\n{visa}");
    }
    // genxc's default is fast, as IGC's Vector Compiler's
    let default = genxc::compile_inputs(&[input("zebin/fp_contract.ll")], &CompileOptions::default());
    let visa = default.get("fp_contract.visaasm").and_then(genxc::Output::text).unwrap();
    assert_eq!(mul_add_counts(visa).0, 2);
    if !tools() {
        return;
    }
    // the finalizer keeps the choice: the Gen code has as many mads
    let dir = tempfile::tempdir().unwrap();
    for (mode, (mads, ..)) in expected {
        for (platform, device, iga) in OCLOC_PLATFORMS {
            let opts = CompileOptions::parse(&format!(
                "-platform {} -emit zebin -options '-ffp-contract={mode}'",
                platform.info().name
            ))
            .unwrap();
            let outcome = genxc::compile_inputs(&[input("zebin/fp_contract.ll")], &opts);
            assert!(!outcome.failed(), "{mode} {platform:?}: {}", outcome.log());
            let (z, _) = read_back(outcome.zebin().unwrap(), genxc::zebin::device(platform).unwrap());
            let (_, code) = z.kernels().next().unwrap();
            // the float operations (the payload prologue computes addresses with integer mads)
            let listing: Vec<String> = iga_listing(code, iga, dir.path()).unwrap();
            let float: Vec<&str> = listing.iter().map(String::as_str).filter(|l| l.contains(">:f")).collect();
            let float = float.join("\n");
            assert_eq!(mul_add_counts(&float).0, mads, "-ffp-contract={mode} {device}:\n{float}");
        }
    }
}

/// The `(file, lines)` of each line table `llvm-dwarfdump-14 --debug-line` reads in a file.
fn dwarf_lines(path: &Path) -> Vec<(String, Vec<u32>)> {
    let text = common::debug_line_dump(path);
    let mut out: Vec<(String, Vec<u32>)> = Vec::new();
    let mut in_rows = false;
    for line in text.lines() {
        let t = line.trim();
        if let Some(name) = t.strip_prefix("name: ") {
            out.push((name.trim_matches('"').to_string(), Vec::new()));
            in_rows = false;
        } else if t.starts_with("------") {
            in_rows = true;
        } else if in_rows && t.starts_with("0x") {
            let n: u32 = t.split_whitespace().nth(1).unwrap().parse().unwrap();
            out.last_mut().expect("a file before the rows").1.push(n);
        } else if t.is_empty() {
            in_rows = false;
        }
    }
    out
}

#[test]
fn source_lines_reach_the_zebins_debug_line() {
    // without !dbg locations: the lines of the input text (fp_contract.ll: its instructions are
    // on lines 13 to 20, the multiply of line 16 contracted into line 17's mad); with them
    // (debug_locations.ll): the lines of kernel.cm they name, 5 to 9
    let cases: [(&str, &str, &[u32]); 2] = [
        ("zebin/fp_contract.ll", "fp_contract.ll", &[13, 14, 15, 17, 18, 19, 20]),
        ("zebin/debug_locations.ll", "kernel.cm", &[5, 6, 7, 8, 9]),
    ];
    for (fixture, file, lines) in cases {
        // the vISA holds the file and a LOC per line, and only with -g
        let visa = |options: &str| {
            let opts = CompileOptions::parse(&format!("-emit visaasm {options}")).unwrap();
            let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
            assert!(!outcome.failed(), "{}", outcome.log());
            let text = outcome.of_kind(Emit::Visaasm).next().unwrap().text().unwrap().to_string();
            text
        };
        let with = visa("-options -g");
        assert!(with.contains(&format!("FILE \"{file}\"")), "{with}");
        let locs: Vec<u32> =
            with.lines().filter_map(|l| l.trim().strip_prefix("LOC ")).map(|n| n.parse().unwrap()).collect();
        let mut sorted = locs.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, lines, "{fixture}");
        assert!(!visa("").contains("LOC "), "{fixture}: lines without -g");
        assert_eq!(visa("-options -ze-kernel-debug-enable"), with);
    }
    if !tools() || !tool_available("llvm-dwarfdump-14", "--version", "llvm-14") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (fixture, file, lines) in cases {
        for (platform, device, _) in OCLOC_PLATFORMS {
            let compile = |options: &str| {
                let opts = CompileOptions::parse(&format!(
                    "-platform {} -emit zebin {options}",
                    platform.info().name
                ))
                .unwrap();
                let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
                assert!(!outcome.failed(), "{fixture} {device}: {}", outcome.log());
                outcome.zebin().unwrap().to_vec()
            };
            let bytes = compile("-options -g");
            let (z, _) = read_back(&bytes, genxc::zebin::device(platform).unwrap());
            assert!(z.section(".debug_line").is_some(), "{fixture} {device}");
            let path = dir.path().join("g.bin");
            std::fs::write(&path, &bytes).unwrap();
            // llvm-dwarfdump reads one table back, of the source file, with the source lines
            let tables = dwarf_lines(&path);
            assert_eq!(tables.len(), 1, "{fixture} {device}: {tables:?}");
            let (name, rows) = &tables[0];
            assert_eq!(name, file);
            let mut seen = rows.clone();
            seen.sort();
            seen.dedup();
            assert_eq!(seen, lines, "{fixture} {device}: every line with code, and no other");
            // the runtime's decoder takes it with no more warnings than without the line table
            let (status, warnings, text) = validate(&path, device);
            let plain = dir.path().join("plain.bin");
            std::fs::write(&plain, compile("")).unwrap();
            let (plain_status, plain_warnings, _) = validate(&plain, device);
            assert_eq!((status, plain_status), (Some(0), Some(0)), "{text}");
            assert!(warnings.len() <= plain_warnings.len(), "{warnings:?} vs {plain_warnings:?}");
            let (z, _) = read_back(&std::fs::read(&plain).unwrap(), genxc::zebin::device(platform).unwrap());
            assert!(z.section(".debug_line").is_none(), "no line table without -g");
        }
    }
}

#[test]
fn globals_are_data_sections_with_relocated_addresses() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (platform, device, iga) in OCLOC_PLATFORMS {
        // @data (a constant table) and @cursor, @next (device memory, written): .data.const and
        // .data.global, @cursor's initializer holding &@data[2]
        let what = format!("device_address_in_global on {device}");
        let bytes = genxc_zebin("globals/device_address_in_global.ll", platform);
        let (z, _) = read_back(&bytes, genxc::zebin::device(platform).unwrap());
        check_accepted(&bytes, device, dir.path(), &what);
        let object = |name: &str| {
            z.symbols.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("{what}: {name}"))
        };
        let section = |name: &str| z.sections[object(name).section as usize].name.clone();
        assert_eq!(
            (section("data"), object("data").size, object("data").info),
            (".data.const".into(), 32, 0x11)
        );
        assert_eq!((section("cursor"), object("cursor").size), (".data.global".into(), 8));
        assert_eq!((section("next"), object("next").size), (".data.global".into(), 8));
        let table = &z.section(".data.const").unwrap().data;
        let at = object("data").value as usize;
        let words: Vec<u32> =
            table[at..at + 32].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
        assert_eq!(words, (10..18).collect::<Vec<u32>>(), "{what}");
        // the pointer in @cursor: &@data + 8, patched by the loader
        let data_relocs: Vec<_> = z.relocations.iter().filter(|r| r.section == ".data.global").collect();
        assert_eq!(data_relocs.len(), 1, "{what}: {data_relocs:?}");
        let r = data_relocs[0];
        assert_eq!((r.kind, r.symbol.as_str(), r.addend, r.offset), (1, "data", 8, object("cursor").value));
        // two faddrs in the code (@cursor, @next): four relocations on the placeholders
        assert_eq!(check_code_relocations(&z, iga, dir.path(), &what), 4);
        for g in ["cursor", "next"] {
            let kinds: Vec<u32> = z
                .relocations
                .iter()
                .filter(|r| r.symbol == g && r.section.starts_with(".text."))
                .map(|r| r.kind)
                .collect();
            assert_eq!(kinds.len(), 2, "{what}: {g}");
            assert!(kinds.contains(&2) && kinds.contains(&3), "{what}: {g}: {kinds:?}");
        }
    }
    // more kernels and fixtures of globals in memory, on DG2: accepted, relocated
    for fixture in [
        "globals/address_stored.ll",
        "globals/device_table.ll",
        "globals/accepted/global_address_stored.ll",
        "globals/accepted/global_device_memory.ll",
        "globals/accepted/global_shared_mutable.ll",
    ] {
        let bytes = genxc_zebin(fixture, Platform::Dg2);
        let (z, _) = read_back(&bytes, Device::Dg2);
        check_accepted(&bytes, "dg2-g10", dir.path(), fixture);
        assert!(check_code_relocations(&z, "12p71", dir.path(), fixture) >= 2, "{fixture}");
    }
}

#[test]
fn global_relocations_are_of_the_kinds_intels_compiler_writes() {
    if !tools() || !tool_available("llvm-as-14", "--version", "llvm-14") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (platform, device, _) in OCLOC_PLATFORMS {
        let fixture = "globals/address_in_global.ll";
        let intel = genxc_zebin::read(&intel_zebin(fixture, device, dir.path())).unwrap();
        let ours = genxc_zebin::read(&genxc_zebin(fixture, platform)).unwrap();
        let (intel_relocs, intel_symbols) = reloc_kinds(&intel);
        let (relocs, symbols) = reloc_kinds(&ours);
        // both compilers keep only the constant table in memory (@cursor and @next are private,
        // each thread's own): Intel's kinds are a subset of genxc's
        assert!(!intel_relocs.is_empty());
        for k in &intel_relocs {
            assert!(relocs.contains(k), "{device}: Intel's {k:?} not in {relocs:?}");
        }
        for k in &intel_symbols {
            assert!(symbols.contains(k), "{device}: Intel's {k:?} not in {symbols:?}");
        }
        // the relocation sections are of the same ELF type (SHT_REL) for the code
        for (z, who) in [(&intel, "Intel"), (&ours, "genxc")] {
            let rel = z
                .sections
                .iter()
                .find(|s| s.name.starts_with(".rel.text."))
                .unwrap_or_else(|| panic!("{who}"));
            assert_eq!(rel.kind, 9, "{who} on {device}");
        }
    }
}

#[test]
fn the_address_of_a_declared_function_is_an_undefined_symbol_relocated() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fixture = "zebin/extern_address.ll";
    let with_intel = tool_available("llvm-as-14", "--version", "llvm-14");
    for (platform, device, iga) in OCLOC_PLATFORMS {
        let what = format!("{fixture} on {device}");
        let bytes = genxc_zebin(fixture, platform);
        let (z, _) = read_back(&bytes, genxc::zebin::device(platform).unwrap());
        check_accepted(&bytes, device, dir.path(), &what);
        let sym = z.symbols.iter().find(|s| s.name == "ext_scale").unwrap_or_else(|| panic!("{what}"));
        // global, undefined (section 0), no size
        assert_eq!((sym.info, sym.section, sym.size), (0x10, 0, 0), "{what}");
        assert_eq!(check_code_relocations(&z, iga, dir.path(), &what), 2);
        let mut kinds: Vec<u32> = z.relocations.iter().map(|r| r.kind).collect();
        kinds.sort();
        assert_eq!(kinds, [2, 3], "{what}");
        if with_intel {
            // Intel's zebin of the same kernel: the same symbol and relocation kinds
            let intel = genxc_zebin::read(&intel_zebin(fixture, device, dir.path())).unwrap();
            assert_eq!(reloc_kinds(&intel), reloc_kinds(&z), "{what}");
            let intel_sym = intel.symbols.iter().find(|s| s.name == "ext_scale").unwrap();
            assert_eq!((intel_sym.info, intel_sym.section), (sym.info, sym.section), "{what}");
        }
    }
}

#[test]
fn printf_strings_are_relocated_data_as_in_intels_zebin() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let with_intel = tool_available("llvm-as-14", "--version", "llvm-14");
    for (platform, device, iga) in OCLOC_PLATFORMS {
        // printf("[%s] at %p\n", msg, msg): the format and "text" by address
        let fixture = "printf/printf_pointer.ll";
        let what = format!("{fixture} on {device}");
        let bytes = genxc_zebin(fixture, platform);
        let (z, info) = read_back(&bytes, genxc::zebin::device(platform).unwrap());
        check_accepted(&bytes, device, dir.path(), &what);
        assert_eq!(z.section(".data.const.string").unwrap().data, b"[%s] at %p\n\0text\0", "{what}");
        let strings: Vec<(&str, u64, u64, u8)> = z
            .symbols
            .iter()
            .filter(|s| s.info >> 4 == 1)
            .map(|s| (s.name.as_str(), s.value, s.size, s.info))
            .collect();
        assert_eq!(strings, [("fmt", 0, 12, 0x11), ("msg", 12, 5, 0x11)], "{what}");
        // both strings' faddrs relocated (msg's twice where the %s and the %p take its address
        // apart, once where the finalizer shares one)
        let n = check_code_relocations(&z, iga, dir.path(), &what);
        assert!(n == 4 || n == 6, "{what}: {n}");
        for s in ["fmt", "msg"] {
            let kinds: Vec<u32> = z.relocations.iter().filter(|r| r.symbol == s).map(|r| r.kind).collect();
            assert!(kinds.contains(&2) && kinds.contains(&3), "{what}: {s} {kinds:?}");
        }
        let printf_buffer: Vec<_> = info.kernels[0]
            .payload_arguments
            .iter()
            .filter(|a| a.arg_type == PayloadArgType::PrintfBuffer)
            .map(|a| a.size)
            .collect();
        assert_eq!(printf_buffer, [8], "{what}");
        if with_intel {
            let intel_bytes = intel_zebin(fixture, device, dir.path());
            let intel = genxc_zebin::read(&intel_bytes).unwrap();
            assert_eq!(reloc_kinds(&intel), reloc_kinds(&z), "{what}");
            assert_eq!(
                intel.section(".data.const.string").map(|s| &s.data),
                z.section(".data.const.string").map(|s| &s.data),
                "{what}"
            );
            // Intel's .ze_info (keys genxc's reader does not take): a printf_buffer of 8 bytes
            let size_after = |text: &str| -> Option<String> {
                let mut lines = text.lines().skip_while(|l| !l.contains("printf_buffer"));
                lines.next()?;
                let size = lines.find(|l| l.trim_start().starts_with("size:"))?;
                Some(size.split(':').nth(1)?.trim().to_string())
            };
            assert_eq!(size_after(intel.zeinfo_text().unwrap()).as_deref(), Some("8"), "{what}");
            assert_eq!(size_after(z.zeinfo_text().unwrap()).as_deref(), Some("8"), "{what}");
        }
    }
    // every kind of argument (ints, longs, floats, a double, strings, a loop): accepted and every
    // string relocated, on DG2
    let fixture = "printf/printf_values.ll";
    let bytes = genxc_zebin(fixture, Platform::Dg2);
    let (z, _) = read_back(&bytes, Device::Dg2);
    check_accepted(&bytes, "dg2-g10", dir.path(), fixture);
    let strings = z.symbols.iter().filter(|s| s.info == 0x11).count();
    assert_eq!(strings, 9, "{fixture}");
    assert_eq!(check_code_relocations(&z, "12p71", dir.path(), fixture), 18);
}

#[test]
fn printf_records_of_the_visaasm_path_keep_string_indices() {
    // the zebin's addresses are asked for by the zebin path alone: the vISA of a printf kernel
    // takes the address of no string but the one %p prints
    let opts = CompileOptions { platform: Platform::Dg2, ..CompileOptions::default() };
    let visa = genxc::compile_inputs(&[input("printf/printf_pointer.ll")], &opts);
    let text = visa.visaasm_of("print_pointer").expect("vISA");
    // only %p's address of "text": the format and %s by index
    assert_eq!(text.matches("faddr").count(), 1, "{text}");
}
