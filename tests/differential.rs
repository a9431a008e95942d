//! Every fixture kernel executed: genxc's vISA for SKL, TGLLP, DG2 and PVC runs in the simulator
//! (`genxc_sim::exec`) and must leave every output byte as the reference interpreter of its input
//! (`genxc_sim::reference`, on the GenX IR the compile starts from) leaves it, for several seeds.
//! For the CM examples, Intel's Vector Compiler's vISA of the same kernels
//! (tests/fixtures/intel/tgllp) runs too and must agree with both.
//!
//! Kernels the simulator cannot run yet are listed in [`NOT_RUN`] with the reason; the test fails
//! when one of them starts running (the list is stale) or when any other kernel stops.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, Input, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{ArgSpec, Fill, Launch};
use genxc_sim::memory::{compare, Memory};
use genxc_sim::{reference, SimError};
use std::fmt::Write;
use std::path::Path;

/// Seeds each kernel runs with.
const SEEDS: [u64; 3] = [1, 2, 3];
/// Platforms each kernel is compiled for.
const PLATFORMS: [TargetPlatform; 4] =
    [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc];
/// Shared local memory of every launch.
const SLM_BYTES: u32 = 64 * 1024;

/// Kernels whose loops count their input data down: their buffers hold small integers.
const SMALL_DATA: &[&str] = &[
    "simd_dowhile",
    "simd_dowhile_source",
    "simd_dowhile_source_conformant",
    "dowhile_no_latch",
    "dowhile_no_latch_conformant",
    "simd_dowhile_exit",
    "simd_dowhile_store",
    "em_dowhile_and",
    "em_dowhile_and_conformant",
    "em_dowhile_exit",
    "em_dowhile_exit_conformant",
];

/// How the buffers of a kernel's launches are filled.
fn fill(kernel: &str) -> Fill {
    if SMALL_DATA.contains(&kernel) {
        Fill::SmallIntegers
    } else {
        Fill::Mixed
    }
}

/// `(fixture file, kernel, part of the expected error)` of kernels that do not run yet.
const NOT_RUN: &[(&str, &str, &str)] = &[
    // Sends whose payload and descriptors the input spells out: their meaning is the message the
    // descriptor encodes, which neither executor decodes.
    ("raw_send.ll", "block", "llvm.genx.raw.send"),
    ("raw_send.ll", "scatter", "llvm.genx.raw.send.noresult"),
    ("raw_send.ll", "explicit", "llvm.genx.raw.send2"),
    ("raw_send_true_pred.ll", "true_pred", "llvm.genx.raw.sends2.noresult"),
    // A stack call of a function the module only declares: the linker resolves it.
    ("linked_call.ll", "linked", "declared only"),
    ("linked_symbol.ll", "linked_symbol", "declared only"),
    ("call_undefined.ll", "k", "declared only"),
    // The address of a function the module only declares, stored: the linker resolves it.
    ("extern_address.ll", "store_address", "external symbol the linker resolves"),
    // Function addresses in a global's initializer: the two executors number functions
    // differently (checked by structure in tests/zebin_functions.rs).
    ("function_pointers.ll", "dispatch", "address of a function"),
    // %arg/%retval are registers the reference does not model (values checked by hand in
    // tests/prepared_forms.rs); %sp/%fp/%sr0 it models.
    ("predef_regs.ll", "predef", "llvm.genx.read.predef.reg"),
    // Intel's implicit-argument buffer pointers, written and read by number
    ("predef_vars.ll", "predef_vars", "predef.reg"),
    // Bindless surfaces: a surface-state heap, not modeled.
    ("lsc_more.ll", "lsc_bindless", "bindless"),
    // A raw send predicated by the lanes of the execution mask: a send the descriptor encodes.
    ("em_raw_send.ll", "k", "llvm.genx.raw.send.noresult"),
    // Implicit arguments (local size, local id, group count) that the kernel does not read are
    // payload inputs like the explicit ones: the launch has no values for them.
    ("arg_layout.ll", "layout", "arguments"),
    // The sampler's 3D loads (texel offsets, levels of detail, multisample surfaces): not modeled.
    ("sampler_3d_load.ll", "ld_offsets", "3d.load"),
    ("sampler_3d_load.ll", "ld_lz_predicated", "3d.load"),
    ("sampler_3d_load.ll", "ld_mcs", "3d.load"),
    ("sampler_3d_sample.ll", "sample_l", "3d.sample"),
    ("sampler_3d_sample.ll", "sample_c_lz", "3d.sample"),
    ("sampler_gather4.ll", "gather4", "3d.sample"),
    ("sampler_gather4.ll", "gather4_c", "3d.sample"),
    // Filtered sampler reads: the texture unit's filtering is not modeled by the reference.
    ("sampler_values.ll", "constant_sampler", "filtering"),
    ("sampler_values.ll", "general_sampler", "filtering"),
    ("sampler_values.ll", "select_samplers", "filtering"),
    ("sampler_values.ll", "sampler_in_subroutine", "filtering"),
    // The adaptive video scaler (avs): its filtering through a sampler 8x8 state is not modeled.
    ("avs.ll", "avs", "avs"),
    // The thread's hardware state (time stamp, thread id, %sr0, ...): values of the hardware.
    ("hw_state.ll", "hw_state", "llvm.genx.timestamp"),
    // Inline vISA assembly: free text, which neither the simulator nor the reference executes.
    ("inline_asm.ll", "inline_asm", "inline assembly"),
    ("inline_asm_constraints.ll", "asm_constraints", "inline assembly"),
    ("inline_asm_lines.ll", "asm_lines", "inline assembly"),
    ("inline_asm_stack_function.ll", "asm_in_function", "inline assembly"),
];

/// The fixture sources: the CM examples, the stack-call fixtures, the kernel fixtures, the memory,
/// globals, surfaces, intrinsic, aggregate and built-in call fixtures, the MLIR GenX kernels, the
/// SIMD control flow fixtures, the zebin fixtures, the code-size and register-pressure fixtures.
fn sources() -> Vec<String> {
    let mut out = Vec::new();
    for dir in [
        "cm",
        "calls",
        "kernels",
        "memory",
        "mlir-genx",
        "globals",
        "surfaces",
        "intrinsics",
        "aggregates",
        "builtins",
        "simdcf",
        "zebin",
        "quality",
        "pressure",
    ] {
        let mut files: Vec<_> = std::fs::read_dir(common::fixtures().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ll" || e == "mlir"))
            .collect();
        files.sort();
        out.extend(files.into_iter().map(|p| format!("{dir}/{}", p.file_name().unwrap().to_string_lossy())));
    }
    out
}

/// The launch shape of a kernel: 4 groups in a row, or 2 x 2 x 2 for kernels that read the group
/// id in y or z or the group count; 2 threads per group for kernels that use local ids, the group
/// size or barriers, else 1. (Threads with the same ids would redo the same work and read back
/// what another wrote, which makes in-place kernels depend on the order of the threads.)
fn shape(module: &genxc_genx::Module, k: usize) -> ([u32; 3], [u32; 3]) {
    use genxc_genx::intrinsics::IntrinsicId as I;
    use genxc_genx::metadata::ImplicitArg;
    let called: Vec<I> = module
        .functions
        .iter()
        .flat_map(|(_, f)| f.insts.iter())
        .filter_map(|(_, i)| match i.kind {
            genxc_genx::InstKind::Intrinsic { id, .. } => Some(id),
            _ => None,
        })
        .collect();
    let calls = |ids: &[I]| called.iter().any(|id| ids.contains(id));
    let implicit = module.kernels[k]
        .args
        .iter()
        .any(|a| matches!(a.implicit, ImplicitArg::LocalId | ImplicitArg::LocalSize));
    let threads = implicit
        || calls(&[
            I::LocalId,
            I::LocalId16,
            I::LocalSize,
            I::Barrier,
            I::Sbarrier,
            I::Nbarrier,
            I::ThreadX,
            I::ThreadY,
        ]);
    let grid = calls(&[I::GroupIdY, I::GroupIdZ, I::GroupCount]);
    let groups = if grid { [2, 2, 2] } else { [4, 1, 1] };
    (groups, [if threads { 2 } else { 1 }, 1, 1])
}

/// One run of a vISA kernel on a launch, with the data section `globals` placed.
fn run_visa(
    kernels: &[genxc_visa::Kernel],
    grf: u32,
    bti_base: u32,
    specs: &[ArgSpec],
    seed: u64,
    (groups, group_size): ([u32; 3], [u32; 3]),
    globals: &[genxc_genx::data_section::DataGlobal],
) -> Result<Memory, SimError> {
    let fill = fill(&kernels[0].name);
    let (launch, mut memory) =
        Launch::random_filled(specs, seed, bti_base, groups, group_size, SLM_BYTES, fill);
    memory.place_globals(globals)?;
    exec::run(kernels, &Config { grf_bytes: grf, bti_base }, &launch, &mut memory)?;
    Ok(memory)
}

/// The binding-table indices Intel's VC gives the surface arguments of `module.kernels[k]`, in
/// argument order: read-only surfaces first, then the others, each group in argument order,
/// from 1. (Read off the constant indices of its vISA: `04_indirect_window` binds its read-write
/// `data` at 2 and read-only `deltas` at 1; `08_saturate` binds its read-only buffers 1-4 and its
/// write-only buffers 5-7.)
fn intel_vc_btis(module: &genxc_genx::Module, k: usize) -> Vec<u32> {
    use genxc_genx::metadata::{ArgCategory, ImplicitArg};
    let surfaces: Vec<bool> = module.kernels[k]
        .args
        .iter()
        .filter(|a| a.implicit == ImplicitArg::None && a.category == ArgCategory::Surface)
        .map(|a| a.type_desc.split_whitespace().any(|w| w == "read_only"))
        .collect();
    let read_only = surfaces.iter().filter(|&&ro| ro).count() as u32;
    let (mut next_ro, mut next_rw) = (1, 1 + read_only);
    surfaces
        .iter()
        .map(|&ro| {
            let slot = if ro { &mut next_ro } else { &mut next_rw };
            *slot += 1;
            *slot - 1
        })
        .collect()
}

/// One run of Intel's vISA on a launch, its surfaces bound by [`intel_vc_btis`].
fn run_intel_visa(
    kernels: &[genxc_visa::Kernel],
    btis: &[u32],
    specs: &[ArgSpec],
    seed: u64,
    (groups, group_size): ([u32; 3], [u32; 3]),
) -> Result<Memory, SimError> {
    let (mut launch, mut memory) = Launch::random(specs, seed, 1, groups, group_size, SLM_BYTES);
    launch.rebind_surfaces(&mut memory, btis)?;
    exec::run(kernels, &Config { grf_bytes: 32, bti_base: 1 }, &launch, &mut memory)?;
    Ok(memory)
}

/// One run of the reference on a launch.
fn run_reference(
    module: &genxc_genx::Module,
    kernel: usize,
    specs: &[ArgSpec],
    seed: u64,
) -> Result<Memory, SimError> {
    let (groups, group_size) = shape(module, kernel);
    let fill = fill(&module.kernels[kernel].name);
    let (launch, mut memory) = Launch::random_filled(specs, seed, 0, groups, group_size, SLM_BYTES, fill);
    memory.place_globals(&module.kernels[kernel].globals)?;
    reference::run(module, kernel, 0, &launch, &mut memory)?;
    Ok(memory)
}

/// Checks one kernel of a fixture on every platform and seed; `Err` is a stop (not a difference).
fn check_kernel(
    source: &str,
    module: &genxc_genx::Module,
    k: usize,
    visa: &[(TargetPlatform, String)],
    failures: &mut String,
) -> Result<(), String> {
    let name = &module.kernels[k].name;
    let specs = reference::arg_specs(module, k);
    for seed in SEEDS {
        let expected = run_reference(module, k, &specs, seed).map_err(|e| format!("reference: {e}"))?;
        for (platform, text) in visa {
            let kernels = genxc_visa::read_text(text).map_err(|e| format!("reading genxc's vISA: {e}"))?;
            let got_specs = exec::arg_specs(&kernels[0]);
            if got_specs != specs {
                // a stop: reported as a failure unless NOT_RUN lists the kernel
                return Err(format!("{platform:?}: arguments {got_specs:?}, input has {specs:?}"));
            }
            let globals = &module.kernels[k].globals;
            let got = run_visa(&kernels, platform.grf_bytes(), 0, &specs, seed, shape(module, k), globals)
                .map_err(|e| format!("simulator on {platform:?}: {e}"))?;
            if let Err(d) = compare(&expected, &got) {
                writeln!(failures, "{source} {name} {platform:?} seed {seed}: {d}").unwrap();
            }
        }
    }
    Ok(())
}

#[test]
fn every_fixture_kernel_matches_its_input() {
    let mut failures = String::new();
    let mut stopped = Vec::new();
    let mut unavailable = Vec::new();
    let mut ran = 0;
    for source in sources() {
        let input = common::input(&source);
        let module = match genxc::import(&input, TargetPlatform::Tgllp) {
            Ok(m) => m,
            Err(ds) => panic!("{source}: {ds:?}"),
        };
        let mut visa: Vec<Vec<(TargetPlatform, String)>> = vec![Vec::new(); module.kernels.len()];
        for platform in PLATFORMS {
            let opts =
                CompileOptions { platform, emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
            let outcome = genxc::compile_inputs(std::slice::from_ref(&input), &opts);
            if outcome.failed() {
                // A feature the platform lacks is a refusal, not a miscompile; anything else fails.
                let log = outcome.log();
                assert!(
                    log.contains("not available on") || log.contains("unsupported:"),
                    "{source} on {platform:?}: {log}"
                );
                unavailable.push(format!("{source} {platform:?}"));
                continue;
            }
            for (k, kernel) in module.kernels.iter().enumerate() {
                let text = outcome
                    .visaasm_of(&kernel.name)
                    .unwrap_or_else(|| panic!("{source}: no vISA of {}", kernel.name));
                visa[k].push((platform, text.to_string()));
            }
        }
        for (k, kernel) in module.kernels.iter().enumerate() {
            let file = Path::new(&source).file_name().unwrap().to_string_lossy().into_owned();
            let listed = NOT_RUN.iter().find(|(f, n, _)| *f == file && *n == kernel.name);
            match (check_kernel(&source, &module, k, &visa[k], &mut failures), listed) {
                (Ok(()), None) => ran += 1,
                (Ok(()), Some(_)) => {
                    writeln!(failures, "{source} {}: runs now; remove it from NOT_RUN", kernel.name).unwrap()
                }
                (Err(e), Some((_, _, why))) if e.contains(why) => {
                    stopped.push(format!("{file} {}", kernel.name))
                }
                (Err(e), _) => writeln!(failures, "{source} {}: {e}", kernel.name).unwrap(),
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert!(ran >= 130, "only {ran} kernels ran");
    eprintln!(
        "{ran} kernels ran on 4 platforms x {} seeds; not run: {stopped:?}; not compiled (platform \
         lacks a feature): {unavailable:?}",
        SEEDS.len()
    );
}

/// Fixtures besides the CM examples whose Intel vISA runs in [`intel_vc_visa_matches_the_input`]:
/// those whose compile rewrites the kernel's algebra before the GenX IR the reference runs
/// (prepare/algebra.rs), so that Intel's compile of the source checks the rewrite.
const INTEL_CHECKED: &[&str] = &[
    "quality/predicate_algebra.ll",
    "quality/predicated_selects.ll",
    "quality/counted_updates.ll",
    "kernels/int_ops.ll",
    "kernels/predicate_phis.ll",
    "kernels/compare_select.ll",
];

/// The CM examples (and [`INTEL_CHECKED`]): Intel's vISA of each kernel (surfaces bound as VC binds them) runs in the simulator
/// and agrees with the reference and hence with genxc.
#[test]
fn intel_vc_visa_matches_the_input() {
    let intel = common::fixtures().join("intel/tgllp");
    let mut failures = String::new();
    let mut ran = 0;
    for source in
        sources().into_iter().filter(|s| s.starts_with("cm/") || INTEL_CHECKED.contains(&s.as_str()))
    {
        let stem = Path::new(&source).file_stem().unwrap().to_string_lossy().into_owned();
        let module = genxc::import(&common::input(&source), TargetPlatform::Tgllp).unwrap();
        for (k, kernel) in module.kernels.iter().enumerate() {
            let path = intel.join(&stem).join(format!("{}.visaasm", kernel.name));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let kernels = genxc_visa::read_text(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
            // Intel's vISA drops the `.input`s of surfaces it binds by constant index, so the
            // launch takes the arguments from the metadata, as the runtime does.
            let specs = reference::arg_specs(&module, k);
            let inputs = exec::arg_specs(&kernels[0]);
            assert!(inputs.iter().all(|s| specs.contains(s)), "{}: {inputs:?} vs {specs:?}", path.display());
            for seed in SEEDS {
                let expected = run_reference(&module, k, &specs, seed).unwrap();
                match run_intel_visa(&kernels, &intel_vc_btis(&module, k), &specs, seed, shape(&module, k)) {
                    Ok(got) => match compare(&expected, &got) {
                        Ok(()) => ran += 1,
                        Err(d) => writeln!(failures, "{} seed {seed}: {d}", path.display()).unwrap(),
                    },
                    Err(e) => writeln!(failures, "{} seed {seed}: {e}", path.display()).unwrap(),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures}");
    assert!(ran > 0);
}

/// A kernel that is not an input file: the same harness on text compiled here, so the test can
/// show it catches a wrong kernel (a store of the wrong value).
#[test]
fn a_wrong_kernel_is_caught() {
    let right = "target triple = \"genx64-unknown-unknown\"\n\
        declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)\n\
        declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)\n\
        define dllexport spir_kernel void @k(i32 %buf) #0 {\n\
        \x20 %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)\n\
        \x20 %w = sub <8 x i32> %v, <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>\n\
        \x20 call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %w)\n\
        \x20 ret void\n}\n\
        attributes #0 = { \"CMGenxMain\" }\n\
        !genx.kernels = !{!0}\n!0 = !{void (i32)* @k, !\"k\", !1, i32 0, i32 0, !2, !3, i32 0}\n\
        !1 = !{i32 2}\n!2 = !{i32 0}\n!3 = !{!\"buffer_t\"}\n";
    let wrong = right.replace("sub <8 x i32>", "add <8 x i32>");
    let module =
        genxc::import(&Input { name: "right.ll".into(), bytes: right.into() }, TargetPlatform::Tgllp)
            .unwrap();
    let specs = reference::arg_specs(&module, 0);
    let expected = run_reference(&module, 0, &specs, 7).unwrap();
    let opts = CompileOptions { emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    for (text, agrees) in [(right.to_string(), true), (wrong, false)] {
        let outcome = genxc::compile_bytes("k.ll", text.as_bytes(), &opts);
        let kernels = genxc_visa::read_text(outcome.visaasm_of("k").unwrap()).unwrap();
        let got = run_visa(&kernels, 32, 0, &specs, 7, shape(&module, 0), &[]).unwrap();
        assert_eq!(compare(&expected, &got).is_ok(), agrees, "{text}");
    }
}
