//! `genxc --check-regions`: every legality rule of the table has a fixture kernel written to break
//! it (tests/fixtures/regions), and the command reports exactly its illegal regions, located, with
//! the rule's id and text; exit codes 0 (all legal), 1 (some illegal), 2 (usage, unreadable input);
//! and genxc's own `--emit legalized` output of every cm/kernels fixture has no illegal region on
//! SKL, TGLLP, DG2 and PVC.

use genxc::check_regions::{check_module, RegionKind, Start, Verdict};
use genxc::{CompileOptions, Emit, EmitSet, Input};
use genxc_genx::Platform;
use genxc_legalize::legal::{rule, RULES};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Each fixture: file, platform, the rule it breaks, its illegal regions, all its regions.
const FIXTURES: &[(&str, &str, &str, usize, usize)] = &[
    ("exec_size.ll", "tgllp", "exec-size", 2, 4),
    ("shape.ll", "tgllp", "shape", 2, 3),
    ("immediate_range.ll", "tgllp", "immediate-range", 0, 3),
    ("misaligned.ll", "tgllp", "misaligned", 2, 3),
    ("out_of_bounds.ll", "tgllp", "out-of-bounds", 3, 4),
    ("multi_indirect_dest.ll", "tgllp", "multi-indirect-dest", 1, 3),
    ("dest_2d.ll", "tgllp", "dest-2d", 1, 3),
    ("stride.ll", "tgllp", "stride", 3, 5),
    ("width.ll", "tgllp", "width", 0, 2),
    ("vstride.ll", "tgllp", "vstride", 2, 3),
    ("multi_indirect_shape.ll", "tgllp", "multi-indirect-shape", 1, 2),
    ("byte_multi_indirect.ll", "pvc", "byte-multi-indirect", 1, 2),
    ("address_elems.ll", "tgllp", "address-elems", 2, 3),
    ("grf_span.ll", "tgllp", "grf-span", 3, 4),
    ("row_crosses_grf.ll", "tgllp", "row-crosses-grf", 1, 2),
    ("indirect_span.ll", "tgllp", "indirect-span", 0, 2),
    ("qword_2d_emulated.ll", "tgllp", "qword-2d-emulated", 1, 2),
];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/regions").join(name)
}

/// Runs `genxc` in the fixture folder: exit code, standard output, standard error.
fn genxc(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_genxc"))
        .current_dir(fixture(""))
        .args(args)
        .output()
        .expect("run genxc");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8 output");
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

#[test]
fn every_rule_has_a_fixture() {
    for r in RULES {
        assert!(FIXTURES.iter().any(|f| f.2 == r.id), "rule {} has no fixture", r.id);
    }
    for f in FIXTURES {
        assert!(rule(f.2).is_some(), "fixture {} names an unknown rule {}", f.0, f.2);
    }
}

#[test]
fn each_fixture_reports_exactly_its_illegal_regions() {
    for &(file, platform, id, illegal, total) in FIXTURES {
        let (code, out, err) = genxc(&["--check-regions", file, "--platform", platform]);
        assert_eq!(code, if illegal > 0 { 1 } else { 0 }, "{file}: {out}{err}");
        assert!(err.is_empty(), "{file}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines.last(),
            Some(&format!("{total} regions checked, {illegal} illegal").as_str()),
            "{file}"
        );
        let errors = &lines[..lines.len() - 1];
        assert_eq!(errors.len(), illegal, "{file}: {out}");
        let text = rule(id).unwrap().text;
        for l in errors {
            // file:line:col: error: illegal <read|write> region <vs;w,s> of N x T at byte B on P: id: text
            let (loc, rest) = l.split_once(": error: illegal ").unwrap_or_else(|| panic!("{file}: {l}"));
            let mut parts = loc.split(':');
            assert_eq!(parts.next(), Some(file), "{l}");
            let line: u32 = parts.next().and_then(|x| x.parse().ok()).unwrap_or_else(|| panic!("{l}"));
            let col: u32 = parts.next().and_then(|x| x.parse().ok()).unwrap_or_else(|| panic!("{l}"));
            assert!(line > 1 && col > 0, "{l}");
            assert!(rest.starts_with("read region <") || rest.starts_with("write region <"), "{l}");
            assert!(rest.contains(&format!(" on {platform}: {id}: {text}")), "{l}");
            // The line named is the region's call.
            let source = std::fs::read_to_string(fixture(file)).unwrap();
            let at = source.lines().nth(line as usize - 1).unwrap();
            assert!(
                ["@llvm.genx.rdregion", "@llvm.genx.wrregion", "@llvm.genx.wrconstregion"]
                    .iter()
                    .any(|c| at.contains(c)),
                "{l}: {at}"
            );
        }
    }
}

#[test]
fn the_library_gives_the_same_counts_and_the_bale_context() {
    for &(file, platform, id, illegal, total) in FIXTURES {
        let p = Platform::from_name(platform).unwrap();
        let bytes = std::fs::read(fixture(file)).unwrap();
        let checks = check_module(file, &bytes, p).unwrap();
        assert_eq!(checks.len(), total, "{file}");
        let bad: Vec<_> = checks
            .iter()
            .filter_map(|c| if let Verdict::Illegal(w) = &c.verdict { Some(w) } else { None })
            .collect();
        assert_eq!(bad.len(), illegal, "{file}");
        assert!(bad.iter().all(|w| w.rule().id == id), "{file}: {bad:?}");
    }
    // A read feeding an add is that add's source; an ALU result used once by a wrregion is its
    // destination; a value read twice by one instruction is still one user.
    let stride =
        check_module("stride.ll", &std::fs::read(fixture("stride.ll")).unwrap(), Platform::Tgllp).unwrap();
    assert_eq!(stride[1].context, "source of add");
    assert_eq!(stride[1].kind, RegionKind::Read);
    assert_eq!(stride[2].context, "destination of mov", "the add has three users");
    let misaligned =
        check_module("misaligned.ll", &std::fs::read(fixture("misaligned.ll")).unwrap(), Platform::Tgllp)
            .unwrap();
    assert_eq!(misaligned[2].context, "destination of mul");
    assert_eq!(misaligned[2].kind, RegionKind::Write);
    // The address add of a constant in -512..511 is the immediate; other adds are not baled.
    let imm = check_module(
        "immediate_range.ll",
        &std::fs::read(fixture("immediate_range.ll")).unwrap(),
        Platform::Tgllp,
    )
    .unwrap();
    let starts: Vec<Start> = imm.iter().map(|c| c.start).collect();
    assert_eq!(
        starts,
        [
            Start::Indirect { offset: 40, index_elems: 1 },
            Start::Indirect { offset: 0, index_elems: 1 },
            Start::Indirect { offset: -512, index_elems: 1 },
        ]
    );
    assert!(imm[0].line("immediate_range.ll", Platform::Tgllp).contains("at byte %idx+40 on tgllp"));
}

#[test]
fn byte_multi_indirect_is_legal_where_bytes_have_multi_indirect_regioning() {
    let (code, out, _) = genxc(&["--check-regions", "byte_multi_indirect.ll", "--platform", "tgllp"]);
    assert_eq!((code, out.as_str()), (0, "2 regions checked, 0 illegal\n"));
}

#[test]
fn verbose_prints_every_legal_region_with_its_largest_piece() {
    let (code, out, _) =
        genxc(&["--check-regions", "exec_size.ll", "grf_span.ll", "--platform", "tgllp", "--verbose"]);
    assert_eq!(code, 1);
    let legal: Vec<&str> = out.lines().filter(|l| l.contains(": note: legal ")).collect();
    assert_eq!(legal.len(), 3, "{out}");
    assert!(legal.iter().all(|l| l.contains("largest legal piece ")), "{out}");
    assert!(out.contains("grf_span.ll:15:3: note: legal read region <16;16,1> of 16 x float at byte 0 on tgllp, largest legal piece 16"), "{out}");
    assert!(out.ends_with("8 regions checked, 5 illegal\n"), "{out}");
}

#[test]
fn exit_codes_tell_legal_from_illegal_from_errors() {
    assert_eq!(genxc(&["--check-regions", "width.ll"]).0, 0);
    assert_eq!(genxc(&["--check-regions", "width.ll", "shape.ll"]).0, 1);
    // Unreadable input: missing, not LLVM IR. The other inputs are still checked.
    let (code, out, err) = genxc(&["--check-regions", "no_such_file.ll", "width.ll"]);
    assert_eq!(code, 2);
    assert!(err.contains("no_such_file.ll"), "{err}");
    assert_eq!(out, "2 regions checked, 0 illegal\n");
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.ll");
    std::fs::write(&junk, "this is not LLVM IR\n").unwrap();
    let (code, _, err) = genxc(&["--check-regions", junk.to_str().unwrap(), "shape.ll"]);
    assert_eq!(code, 2, "an unreadable input outranks illegal regions");
    assert!(err.contains("junk.ll"), "{err}");
    // Usage errors.
    assert_eq!(genxc(&["--check-regions", "width.ll", "--platform", "gen7"]).0, 2);
    assert_eq!(genxc(&["--check-regions"]).0, 2);
    assert_eq!(genxc(&["width.ll", "--verbose"]).0, 2, "--verbose needs --check-regions");
}

/// The regions of genxc's own legalized IR are all legal: every cm and kernels fixture, compiled
/// with `--emit legalized` for SKL, TGLLP, DG2 and PVC through the library.
#[test]
fn genxc_legalized_output_has_no_illegal_region() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut inputs = Vec::new();
    for dir in ["cm", "kernels"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ll"))
            .collect();
        files.sort();
        inputs.extend(files);
    }
    assert!(inputs.len() > 40, "{} fixtures", inputs.len());
    for p in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        let (mut regions, mut kernels) = (0, 0);
        for path in &inputs {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let opts = CompileOptions {
                platform: p,
                emit: EmitSet::of(&[Emit::Legalized]),
                ..CompileOptions::default()
            };
            let outcome = genxc::compile_inputs(
                &[Input { name: name.clone(), bytes: std::fs::read(path).unwrap() }],
                &opts,
            );
            assert!(!outcome.failed(), "{name} on {p}: {:?}", outcome.diagnostics);
            for o in outcome.outputs.iter().filter(|o| o.kind == Emit::Legalized) {
                let checks = check_module(&o.name, &o.bytes, p).unwrap_or_else(|e| panic!("{}: {e}", o.name));
                for c in &checks {
                    assert!(matches!(c.verdict, Verdict::Legal { .. }), "{}", c.line(&o.name, p));
                }
                regions += checks.len();
                kernels += 1;
            }
        }
        assert!(kernels >= inputs.len() && regions > 500, "{p}: {kernels} kernels, {regions} regions");
    }
}

/// Intel VC's final IR of every cm fixture (its own legalization done; internal intrinsics genxc
/// does not compile) has no illegal region on its platform; its IR before legalization has some.
#[test]
fn intel_final_ir_has_no_illegal_region() {
    let root = fixture("intel");
    for (dir, p) in [("tgllp", Platform::Tgllp), ("pvc", Platform::Pvc)] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|f| f.to_string_lossy().ends_with(".final.ll"))
            .collect();
        files.sort();
        assert_eq!(files.len(), 12, "{dir}");
        let mut regions = 0;
        for f in &files {
            let name = f.display().to_string();
            let checks = check_module(&name, &std::fs::read(f).unwrap(), p).unwrap_or_else(|e| panic!("{e}"));
            for c in &checks {
                assert!(matches!(c.verdict, Verdict::Legal { .. }), "{}", c.line(&name, p));
                assert!(c.position.is_some(), "{name}: {c:?}");
            }
            regions += checks.len();
        }
        assert!(regions > 50, "{dir}: {regions} regions");
    }
    let (code, out, _) =
        genxc(&["--check-regions", "intel/tgllp/02_haar_stride2.optimized.ll", "--platform", "tgllp"]);
    assert_eq!(code, 1);
    assert!(out.ends_with("4 regions checked, 4 illegal\n"), "{out}");
    assert_eq!(out.matches(": grf-span: ").count(), 4, "{out}");
}

/// Bitcode is read too; with no text to point into, a region is named by its function.
#[test]
fn bitcode_regions_are_named_by_their_function() {
    let text = std::fs::read(fixture("grf_span.ll")).unwrap();
    let ctx = inkwell::context::Context::create();
    let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(&text, "grf_span.ll");
    let module = ctx.create_module_from_ir(buf).unwrap();
    let bc = module.write_bitcode_to_memory();
    let checks = check_module("grf_span.bc", bc.as_slice(), Platform::Tgllp).unwrap();
    let bad: Vec<String> = checks
        .iter()
        .filter(|c| matches!(c.verdict, Verdict::Illegal(_)))
        .map(|c| c.line("grf_span.bc", Platform::Tgllp))
        .collect();
    assert_eq!(bad.len(), 3, "{bad:?}");
    assert!(
        bad.iter().all(|l| l.starts_with("grf_span.bc: in function @grf_span: error: illegal ")),
        "{bad:?}"
    );
}
