//! Globals, private arrays, aggregates, built-in calls and function pointers compiled end to end:
//! each fixture of `tests/fixtures/globals`, `tests/fixtures/aggregates` and
//! `tests/fixtures/builtins` (and `calls/indirect_values.ll`, `calls/predef_regs.ll`) compiles
//! for SKL, TGLLP, DG2 and PVC,
//! every kernel goes through Intel's finalizer `GenX_IR`, and runs in the simulator on a grid of
//! 4 single-thread groups; the surface its `; expect:` line names must then hold the values the
//! line lists (computed by hand from the source program, not from genxc's output), so a rewrite
//! that changes what the program means fails here even when the simulator and the reference
//! interpreter of the rewritten IR agree (`tests/differential.rs` checks those too).
//!
//! Expectation lines: `; expect: KERNEL ARG i32 V0 V1 ...` — after the run, the buffer of the
//! surface argument number ARG (counted among explicit arguments) starts with the i32 values.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{ArgValue, Launch};

const PLATFORMS: [(TargetPlatform, &str); 4] = [
    (TargetPlatform::Skl, "SKL"),
    (TargetPlatform::Tgllp, "TGLLP"),
    (TargetPlatform::Dg2, "DG2"),
    (TargetPlatform::Pvc, "PVC"),
];

/// One expectation: a kernel, the explicit argument whose surface is checked, the i32 values.
struct Expect {
    kernel: String,
    arg: usize,
    values: Vec<i32>,
}

fn expectations(text: &str) -> Vec<Expect> {
    text.lines()
        .filter_map(|l| l.strip_prefix("; expect: "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert!(w.len() > 3 && w[2] == "i32", "bad expectation line: {l}");
            Expect {
                kernel: w[0].to_string(),
                arg: w[1].parse().unwrap(),
                values: w[3..].iter().map(|v| v.parse().unwrap()).collect(),
            }
        })
        .collect()
}

fn fixtures_in(dir: &str) -> Vec<String> {
    let Ok(rd) = std::fs::read_dir(common::fixtures().join(dir)) else { return Vec::new() };
    let mut files: Vec<String> = rd
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .map(|p| format!("{dir}/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    files
}

/// Compiles, finalizes and runs one fixture; returns the failures found.
fn check(source: &str, input: genxc::Input) -> String {
    let text = String::from_utf8(input.bytes.clone()).unwrap();
    let expects = expectations(&text);
    let mut failures = String::new();
    if expects.is_empty() {
        return format!("{source}: no `; expect:` line\n");
    }
    let finalizer = common::finalizer_available();
    // The data section (globals kept in memory), placed by the launch as a loader would.
    let globals = genxc::import(&input, TargetPlatform::Tgllp)
        .ok()
        .and_then(|m| m.kernels.first().map(|k| k.globals.clone()))
        .unwrap_or_default();
    for (platform, name) in PLATFORMS {
        let opts =
            CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
        let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
        if outcome.failed() {
            failures.push_str(&format!("{source} on {name}: {}\n", outcome.log()));
            continue;
        }
        for e in &expects {
            let Some(visa) = outcome.visaasm_of(&e.kernel) else {
                failures.push_str(&format!("{source} on {name}: no kernel {}\n", e.kernel));
                continue;
            };
            if finalizer {
                if let Err(why) = common::finalize(&format!("{}.visaasm", e.kernel), visa, name) {
                    failures.push_str(&format!("{source} {} on {name}: {why}\n", e.kernel));
                }
            }
            let kernels = genxc_visa::read_text(visa).expect("genxc's vISA reads back");
            let specs = exec::arg_specs(&kernels[0]);
            let (launch, mut memory) = Launch::random(&specs, 1, 0, [4, 1, 1], [1, 1, 1], 0);
            if let Err(err) = memory.place_globals(&globals) {
                failures.push_str(&format!("{source} {} on {name}: placing the globals: {err}\n", e.kernel));
                continue;
            }
            if let Err(err) = exec::run(
                &kernels,
                &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 },
                &launch,
                &mut memory,
            ) {
                failures.push_str(&format!("{source} {} on {name}: simulator: {err}\n", e.kernel));
                continue;
            }
            let ArgValue::Surface(bti) = launch.args[e.arg] else {
                failures.push_str(&format!("{source} {}: argument {} is not a surface\n", e.kernel, e.arg));
                continue;
            };
            let buf = &memory.buffers[memory.surface(bti).unwrap()].bytes;
            let got: Vec<i32> = (0..e.values.len())
                .map(|i| i32::from_le_bytes(buf.data[4 * i..4 * i + 4].try_into().unwrap()))
                .collect();
            if got != e.values {
                failures.push_str(&format!(
                    "{source} {} on {name}: expected {:?}\n got {:?}\n",
                    e.kernel, e.values, got
                ));
            }
        }
    }
    failures
}

#[test]
fn globals_and_private_arrays_compute_what_the_source_says() {
    let files = fixtures_in("globals");
    assert!(files.len() >= 4, "globals fixtures: {files:?}");
    let failures: String = files.iter().map(|f| check(f, common::input(f))).collect();
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn indirect_calls_compute_what_the_source_says() {
    // function pointers rewritten by the preparation (a constant table, a select, a pointer
    // passed to a subroutine) and a predicate argument of a stack call
    let f = "calls/indirect_values.ll";
    let failures = check(f, common::input(f));
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn aggregates_compute_what_the_source_says() {
    let files = fixtures_in("aggregates");
    assert!(!files.is_empty(), "aggregates fixtures: {files:?}");
    let failures: String = files.iter().map(|f| check(f, common::input(f))).collect();
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn a_struct_a_subroutine_updates_stays_in_its_variables() {
    // struct_updates.ll: the struct `@bump` takes and returns lives in its variables around the
    // loop and from one call to the next; the only moves of the loop and between the two calls
    // in a row set the scalar argument (no copy of the struct in or out of a call).
    let input = common::input("aggregates/struct_updates.ll");
    for (platform, name) in PLATFORMS {
        let opts =
            CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
        let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
        assert!(!outcome.failed(), "{name}: {}", outcome.log());
        let visa = outcome.visaasm_of("upd").expect("the upd kernel");
        let main: Vec<&str> = visa
            .lines()
            .map(str::trim)
            .skip_while(|l| !l.starts_with(".function \"upd"))
            .take_while(|l| !l.starts_with(".function \"L_bump"))
            .collect();
        let from = main.iter().position(|l| *l == "L_upd_loop:").expect("the loop label");
        let calls: Vec<usize> =
            main.iter().enumerate().filter(|(_, l)| l.starts_with("call")).map(|(k, _)| k).collect();
        assert_eq!(calls.len(), 3, "{name}:\n{visa}");
        for l in &main[from..calls[2]] {
            assert!(
                !l.starts_with("mov") || l.contains(" V_bump_a(0,0)<1> "),
                "{name}: a struct copy around the calls: {l}\n{visa}"
            );
        }
    }
}

#[test]
fn predefined_variables_hold_what_the_source_says() {
    // %retval read after a stack call, %arg written and read back (the reference interpreter does
    // not model these registers: these values are the check)
    let f = "calls/predef_regs.ll";
    let failures = check(f, common::input(f));
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn builtin_calls_compute_what_the_source_says() {
    let files = fixtures_in("builtins");
    assert!(!files.is_empty(), "builtins fixtures: {files:?}");
    let failures: String = files.iter().map(|f| check(f, common::input(f))).collect();
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn a_wrong_expectation_is_caught() {
    // The checker itself: the constant-table fixture with one expected value changed fails.
    let input = common::input("globals/constant_table.ll");
    let text = String::from_utf8(input.bytes).unwrap();
    let e = &expectations(&text)[0];
    assert_eq!(e.kernel, "rows");
    assert_eq!(e.values.len(), 32);
    let bad = text.replace("; expect: rows 0 i32 30 ", "; expect: rows 0 i32 31 ");
    assert_ne!(bad, text);
    let failures = check("wrong.ll", genxc::Input { name: "wrong.ll".into(), bytes: bad.into_bytes() });
    assert!(failures.contains("expected [31"), "{failures}");
}
