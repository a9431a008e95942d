//! The region campaign's own parts, without Intel's tools: the generator of region-heavy kernels
//! (`fuzz/src/regions.rs`) makes kernels that use every region form, that genxc compiles and whose
//! vISA runs in the simulator as the reference interpreter runs the input; the campaign's
//! regression kernels (tests/fixtures/regions/campaign) do too; and the LLVM IR region oracle
//! (`genxc::region_oracle`) accepts genxc's own `--emit legalized` output of generated kernels,
//! catches a wrong split, and says what it does not model.

mod common;
#[path = "../fuzz/src/region_run.rs"]
mod region_run;
#[path = "../fuzz/src/regions.rs"]
mod regions;

use genxc::region_oracle::{same_semantics, OracleError};
use genxc::CompileOptions;
use genxc_genx::Platform;
use region_run::{run_against_reference, Verdict};
use regions::{region_kernel, ElemType, Features, KERNEL_NAME};
use std::path::Path;

/// genxc's vISA of a kernel text for `platform`, or its log.
fn compile(text: &str, platform: &str, emit: &str) -> Result<String, String> {
    let opts =
        CompileOptions::parse(&format!("-platform {platform} -emit {emit}")).map_err(|e| format!("{e:?}"))?;
    let outcome = genxc::compile_bytes("k.ll", text.as_bytes(), &opts);
    if outcome.failed() {
        return Err(outcome.log());
    }
    let out = if emit == "legalized" { outcome.legalized() } else { outcome.visaasm_of(KERNEL_NAME) };
    out.map(str::to_string).ok_or_else(|| format!("no {emit} output"))
}

/// Compiles and runs `text` on `platform`, and requires the simulator to agree with the
/// reference interpreter.
fn agrees(name: &str, text: &str, platform: &str, seed: u64) -> Result<(), String> {
    let visa = compile(text, platform, "visaasm")?;
    let p = Platform::from_name(platform).expect("a platform name");
    match run_against_reference(name, text.as_bytes(), p, seed, &[visa])?.as_slice() {
        [Verdict::Agree] => Ok(()),
        v => Err(format!("{v:?}")),
    }
}

#[test]
fn generated_kernels_use_every_region_form_and_type() {
    let mut total = Features::default();
    let mut types = Vec::new();
    for seed in 1..=120 {
        let k = region_kernel(seed);
        assert_eq!((k.seed, &k.text), (seed, &region_kernel(seed).text), "seed {seed} gives one kernel");
        let f = k.features;
        total.two_d += f.two_d;
        total.indirect += f.indirect;
        total.multi_indirect += f.multi_indirect;
        total.masked += f.masked;
        total.regions += f.regions;
        if !types.contains(&k.elem) {
            types.push(k.elem);
        }
    }
    assert_eq!(types.len(), ElemType::ALL.len(), "{types:?}");
    for (what, n) in [
        ("2D", total.two_d),
        ("indirect", total.indirect),
        ("multi-indirect", total.multi_indirect),
        ("masked", total.masked),
    ] {
        assert!(n >= 20, "{what} regions: {n} in 120 kernels");
    }
}

#[test]
fn generated_kernels_compile_and_agree_with_their_input() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for seed in 1..=36u64 {
        let k = region_kernel(seed);
        let platform = if seed % 2 == 0 { "tgllp" } else { "dg2" };
        match agrees(&format!("k{seed}.ll"), &k.text, platform, seed) {
            Ok(()) => ran += 1,
            // genxc refuses, by name, predicates wider than 32 lanes: the generator makes a few
            Err(e) if e.contains("a predicate of") && e.contains("lanes (more than 32)") => {}
            Err(e) => failures.push(format!("seed {seed} on {platform}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 30, "only {ran} of 36 kernels ran");
}

/// The campaign's regressions: kernels minimized from its disagreements, each compiled for
/// TGLLP and DG2 and run against the reference.
#[test]
fn campaign_regressions_agree_with_their_input() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/regions/campaign");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(!files.is_empty());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for platform in ["tgllp", "dg2"] {
            for seed in [1, 2] {
                agrees(&f.display().to_string(), &text, platform, seed)
                    .unwrap_or_else(|e| panic!("{} on {platform}: {e}", f.display()));
            }
        }
    }
}

/// The campaign's regression kernels, compiled by genxc, pass Intel's finalizer on SKL, TGLLP,
/// DG2 and PVC (TGLLP's stopped on the 2D QWord source of `qword_rows_tgllp.ll` before).
#[test]
fn campaign_regressions_pass_the_finalizer() {
    if !common::finalizer_available() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/regions/campaign");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for p in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
            let visa = compile(&text, p.info().name, "visaasm")
                .unwrap_or_else(|e| panic!("{} on {p}: {e}", f.display()));
            common::finalize("k.visaasm", &visa, p.info().finalizer_name)
                .unwrap_or_else(|e| panic!("{} on {p}: {e}", f.display()));
        }
    }
}

#[test]
fn the_oracle_accepts_genxc_legalized_output() {
    for seed in 1..=12u64 {
        let k = region_kernel(seed);
        let Ok(legalized) = compile(&k.text, "tgllp", "legalized") else { continue };
        let a = same_semantics(
            ("k.ll", k.text.as_bytes()),
            ("k.legalized.ll", legalized.as_bytes()),
            Some("k"),
            3,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{legalized}"));
        assert_eq!(a.trials, 3);
        assert!(a.regions_before > 0 && a.regions_after > 0 && a.opaque_calls > 0, "{a:?}");
    }
}

/// The byte offset of every `rdregion` call with a constant start in `text`: (line, start of the
/// number, its value).
fn constant_rdregion_offsets(text: &str) -> Vec<(usize, usize, i64)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !line.contains("@llvm.genx.rdregion") {
            continue;
        }
        // the start index is the operand after the three region parameters: `i16 N, i32 `
        let Some(at) = line.rfind(", i16 ") else { continue };
        let rest = &line[at + 6..];
        let Some(end) = rest.find(',') else { continue };
        if let Ok(v) = rest[..end].parse::<i64>() {
            out.push((i, at + 6, v));
        }
    }
    out
}

#[test]
fn the_oracle_catches_a_split_with_one_element_offset_changed() {
    let (mut tried, mut caught) = (0, 0);
    for seed in [1u64, 3, 4, 5, 6, 7] {
        let k = region_kernel(seed);
        let legalized = compile(&k.text, "tgllp", "legalized").expect("compiles");
        let eb = i64::from(k.elem.bytes());
        let lines: Vec<&str> = legalized.lines().collect();
        for (line, col, value) in constant_rdregion_offsets(&legalized) {
            // a piece of the data vectors only (the i32 plumbing of the loads is not a split)
            if !lines[line].contains(&format!(" x {}>", k.elem.ir())) || k.elem == ElemType::I32 {
                continue;
            }
            let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            let l = lines[line];
            let end = col + value.to_string().len();
            changed[line] = format!("{}{}{}", &l[..col], value + eb, &l[end..]);
            let after = changed.join("\n");
            tried += 1;
            match same_semantics(("k.ll", k.text.as_bytes()), ("changed.ll", after.as_bytes()), Some("k"), 3)
            {
                // a changed piece that faults (reads past its vector) is a difference too
                Err(OracleError::Differ(_)) => caught += 1,
                // a piece of a dead value (a compare the kernel does not use) or one overwritten
                // later is not observable: accepted, rightly
                Ok(_) => {}
                Err(e) => panic!("seed {seed}, line {line}: {e}"),
            }
        }
    }
    assert!(tried >= 8, "only {tried} pieces changed");
    assert!(caught * 2 >= tried, "{caught} of {tried} changed pieces caught");
}

/// A hand-written split: 8 x i32 read as two pieces of 4, the second at byte 16; the wrong split
/// reads it at byte 20.
#[test]
fn the_oracle_tells_a_right_split_from_a_wrong_one() {
    let before = "define <8 x i32> @f(<16 x i32> %v) {
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 8, i32 undef)
  ret <8 x i32> %r
}
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
";
    let after = |second: u32| {
        format!(
            "define <8 x i32> @f(<16 x i32> %v) {{
  %a = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 8, i32 undef)
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> undef, <4 x i32> %a, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 {second}, i32 undef)
  %r = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %w, <4 x i32> %b, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  ret <8 x i32> %r
}}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
"
        )
    };
    let right = after(24);
    let a = same_semantics(("b.ll", before.as_bytes()), ("a.ll", right.as_bytes()), None, 4).unwrap();
    assert_eq!((a.trials, a.regions_before, a.regions_after, a.opaque_calls), (4, 1, 4, 0));
    let wrong = after(28);
    match same_semantics(("b.ll", before.as_bytes()), ("a.ll", wrong.as_bytes()), None, 4) {
        Err(OracleError::Differ(m)) => {
            assert!(m.contains("returned value differs first at element 4"), "{m}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_oracle_says_what_it_does_not_model() {
    let f = |body: &str| format!("define i32 @f(i32* %p, i32 %x) {{\n{body}\n}}\n");
    let load = f("  %v = load i32, i32* %p\n  ret i32 %v");
    let flow = f("  br label %b\nb:\n  ret i32 %x");
    for (text, what) in
        [(&load, "not modeled: the instruction `%v = load i32"), (&flow, "not modeled: control flow")]
    {
        match same_semantics(("a.ll", text.as_bytes()), ("b.ll", text.as_bytes()), None, 1) {
            Err(OracleError::NotModeled(m)) => assert!(m.starts_with(what), "{m}"),
            other => panic!("{other:?}"),
        }
    }
    let other = "define i32 @f(i32* %p, i16 %x) {\n  ret i32 0\n}\n";
    match same_semantics(("a.ll", load.as_bytes()), ("b.ll", other.as_bytes()), None, 1) {
        Err(OracleError::Unreadable(m)) => assert!(m.contains("different parameters"), "{m}"),
        r => panic!("{r:?}"),
    }
}

/// Intel VC's IR before (`*.optimized.ll`) and after (`*.final.ll`) its own legalization, of a
/// bundled example and of a campaign kernel on DG2 (tests/fixtures/regions/intel: its 64-bit
/// address emulation with `addc`, `add3` and `bfn`): the oracle finds them computing the same, and
/// not once a piece's offset is changed in the final IR.
#[test]
fn the_oracle_finds_intel_legalization_computing_the_same() {
    for (sub, stem, function) in [("tgllp", "02_haar_stride2", "haar_pairs"), ("dg2", "campaign_k3", "k")] {
        let (before, after) = intel_pair(sub, stem);
        let a = same_semantics((stem, before.as_bytes()), (stem, after.as_bytes()), Some(function), 4)
            .unwrap_or_else(|e| panic!("{stem}: {e}"));
        assert!(a.regions_after > a.regions_before && a.opaque_calls > 0, "{stem}: {a:?}");
        // one element further in a piece read with a constant offset
        let offsets = constant_rdregion_offsets(&after);
        let lines: Vec<&str> = after.lines().collect();
        let caught = offsets.iter().filter(|&&(line, col, value)| {
            let l = lines[line];
            let eb = if l.contains(" x i64>") {
                8
            } else if l.contains(" x half>") || l.contains(" x i16>") {
                2
            } else {
                4
            };
            let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            changed[line] = format!("{}{}{}", &l[..col], value + eb, &l[col + value.to_string().len()..]);
            let changed = changed.join("\n");
            matches!(
                same_semantics((stem, before.as_bytes()), (stem, changed.as_bytes()), Some(function), 4),
                Err(OracleError::Differ(_))
            )
        });
        assert!(
            caught.count() * 2 >= offsets.len(),
            "{stem}: too few changed pieces caught of {}",
            offsets.len()
        );
    }
}

/// Campaign kernel 10 on DG2: VC turns `select (fcmp olt a, b), a, b` on halves into `fmin`, which
/// orders -0 below +0 where the compare finds them equal; the oracle's edge-value inputs show it.
#[test]
fn the_oracle_finds_intel_fmin_giving_a_different_zero() {
    let (before, after) = intel_pair("dg2", "campaign_k10");
    assert!(!before.contains("llvm.genx.fmin") && after.contains("llvm.genx.fmin"));
    match same_semantics(("k10", before.as_bytes()), ("k10", after.as_bytes()), Some("k"), 8) {
        // a stored word whose half is +0 before and -0 after
        Err(OracleError::Differ(m)) => assert!(m.contains("svm.block.st"), "{m}"),
        other => panic!("{other:?}"),
    }
}

/// Intel's IR of `stem` before and after its legalization (tests/fixtures/regions/intel/`sub`).
fn intel_pair(sub: &str, stem: &str) -> (String, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/regions/intel").join(sub);
    let read = |kind: &str| std::fs::read_to_string(dir.join(format!("{stem}.{kind}.ll"))).unwrap();
    (read("optimized"), read("final"))
}
