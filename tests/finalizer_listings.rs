//! The finalizer's report of each kernel (registers, Gen instructions, scratch size, spills, the
//! per-thread prologue) as genxc reads it by default, from the kernel's Gen code except where
//! only the listing tells (stack calls, spills, options passed through), against the report read
//! from the Gen assembly listing the finalizer writes for every kernel with
//! `finalizer_listings`: for every fixture of the areas `--emit zebin` compiles, on TGLLP, DG2,
//! MTL and PVC (and PVC's large register file on the high-pressure fixtures), the zebins are
//! byte-identical, and the reports and diagnostics the same; and the same for every number of
//! workers.
//!
//! GenX_IR comes from Debian's libigc-tools; without it the test skips, unless tools are
//! required (CI, `GENXC_REQUIRE_TOOLS`), where it fails.

mod common;

use common::{area_fixtures, finalizer_available, input, ZEBIN_AREAS};
use genxc::{CompileOptions, Emit};
use genxc_genx::Platform;

/// The `.ll` fixtures of the areas `--emit zebin` compiles, of the high-pressure kernels and of
/// this test's own cases (`finalizer/`), by path relative to the fixtures folder.
fn zebin_fixtures() -> Vec<String> {
    ZEBIN_AREAS.iter().chain(&["pressure", "finalizer"]).flat_map(|area| area_fixtures(area)).collect()
}

/// What one compile of a fixture gave: the zebin, the reports, the diagnostics.
type Result = (Option<Vec<u8>>, Vec<(String, genxc::finalize::FinalizerReport)>, String);

fn compile(fixture: &str, opts: &CompileOptions) -> Result {
    let outcome = genxc::compile_inputs(&[input(fixture)], opts);
    (outcome.zebin().map(<[u8]>::to_vec), outcome.finalizer.clone(), outcome.log())
}

/// Compiles `fixture` with and without listings for every kernel and checks that the two agree;
/// returns what the report said of the kernels (none when genxc refused the fixture).
fn agree(fixture: &str, opts: &CompileOptions) -> Vec<genxc::finalize::FinalizerReport> {
    let read = compile(fixture, opts);
    let listed = compile(fixture, &CompileOptions { finalizer_listings: true, ..opts.clone() });
    let at = format!("{fixture} on {:?} (large register file: {})", opts.platform, opts.large_grf);
    assert_eq!(read.2, listed.2, "{at}: diagnostics");
    assert_eq!(read.1, listed.1, "{at}: reports");
    assert!(read.0 == listed.0, "{at}: the zebins differ");
    read.1.into_iter().map(|(_, r)| r).collect()
}

#[test]
fn reports_read_from_the_code_are_the_listings_reports() {
    if !finalizer_available() {
        return;
    }
    let fixtures = zebin_fixtures();
    let mut runs: Vec<(String, CompileOptions)> = Vec::new();
    for platform in [Platform::Tgllp, Platform::Dg2, Platform::Mtl, Platform::Pvc] {
        let opts =
            CompileOptions { platform, emit: Emit::Zebin.into(), jobs: 1, ..CompileOptions::default() };
        runs.extend(fixtures.iter().map(|f| (f.clone(), opts.clone())));
    }
    let large = CompileOptions {
        platform: Platform::Pvc,
        emit: Emit::Zebin.into(),
        jobs: 1,
        large_grf: true,
        ..CompileOptions::default()
    };
    runs.extend(fixtures.iter().filter(|f| f.starts_with("pressure/")).map(|f| (f.clone(), large.clone())));
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let reports: Vec<genxc::finalize::FinalizerReport> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let runs = &runs;
                s.spawn(move || {
                    runs.iter().skip(w).step_by(workers).flat_map(|(f, o)| agree(f, o)).collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    // the ways to the report were all taken: kernels with and without the per-thread prologue,
    // spilling kernels, the call stack's scratch memory, both register files
    assert!(reports.len() >= 500, "only {} kernels finalized", reports.len());
    assert!(reports.iter().any(|r| r.per_thread_prologue.is_some()));
    assert!(reports.iter().any(|r| r.per_thread_prologue.is_none()));
    assert!(reports.iter().any(|r| r.spill_sends > 0 && r.fill_sends > 0));
    assert!(reports.iter().any(|r| r.scratch_size > 0 && r.spill_sends == 0));
    assert!(reports.iter().any(|r| r.grf_count == 256));
}

#[test]
fn a_call_through_an_address_argument_gets_its_call_stack() {
    if !finalizer_available() {
        return;
    }
    // no stack function and no address taken: only the call (`ifcall`) says the finalizer
    // reserves scratch memory for the call stack, and the zebin must ask the runtime for it
    for platform in [Platform::Tgllp, Platform::Dg2, Platform::Mtl, Platform::Pvc] {
        let opts = CompileOptions { platform, emit: Emit::Zebin.into(), ..CompileOptions::default() };
        let reports = agree("finalizer/indirect_call_argument.ll", &opts);
        assert_eq!(reports.len(), 1, "{platform:?}");
        assert!(reports[0].scratch_size > 0, "{platform:?}: {:?}", reports[0]);
    }
}

#[test]
fn every_jobs_count_gives_the_same_zebin() {
    if !finalizer_available() {
        return;
    }
    // kernels are batched into the finalizer's containers by the number of workers: a kernel's
    // code must not depend on the kernels sharing its container (the finalizer links every
    // stack function of a container into each of its kernels)
    let fixtures = zebin_fixtures();
    let (mut compared, mut with_calls) = (0, 0);
    for platform in [Platform::Tgllp, Platform::Dg2] {
        for fixture in &fixtures {
            let opts =
                CompileOptions { platform, emit: Emit::Zebin.into(), jobs: 1, ..CompileOptions::default() };
            let one = compile(fixture, &opts);
            if one.1.len() < 2 {
                continue;
            }
            for jobs in [2, 3] {
                let many = compile(fixture, &CompileOptions { jobs, ..opts.clone() });
                let at = format!("{fixture} on {platform:?}, -j1 against -j{jobs}");
                assert_eq!(one.2, many.2, "{at}: diagnostics");
                assert_eq!(one.1, many.1, "{at}: reports");
                assert!(one.0 == many.0, "{at}: the zebins differ");
            }
            compared += 1;
            with_calls += usize::from(one.1.iter().any(|(_, r)| r.scratch_size > 0 && r.spill_sends == 0));
        }
    }
    assert!(
        compared >= 20 && with_calls >= 2,
        "{compared} fixtures of several kernels, {with_calls} with stack calls"
    );
}
