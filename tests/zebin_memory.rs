//! Private memory in zebins: kernels whose stack lives in memory (a private array indexed at run
//! time, recursion through a stack function with a frame per level) compiled to zebin for TGLLP,
//! DG2 and PVC. The zebin declares what the code reads (`private_base_stateless`, a global
//! `private_space` buffer of the frames the kernel needs per hardware thread, or of
//! `-stateless-stack-mem-size` bytes with recursion, which the code strides by, the
//! finalizer's scratch and `has_stack_calls` for stack calls), `ocloc validate` accepts it with no
//! more warnings than Intel's zebin of the same kernel (`ocloc compile -llvm_input ...
//! -vc-codegen`), and its `.ze_info` has the same kinds of payload arguments and buffers as
//! Intel's. The code a zebin carries finds its thread's stack by `%hw_id` (the `.visaasm` output
//! alone keeps genxc's `%sr0` slots), and that code runs in the simulator to the kernels' known
//! answers.
//!
//! Bindless buffers (`-vc-use-bindless-buffers`): kernels with oword block, scaled gather and
//! scatter, dword atomic and LSC messages on buffer arguments compile to vISA that reaches the
//! buffers through `%bss` / `bss(offset)`, which the finalizer accepts on SKL, TGLLP, DG2 and PVC
//! and which gives in the simulator the same results as the bound build; their zebins declare the
//! buffers as 4-byte `bindless` surface-state offsets with no binding-table entry, take the same
//! explicit arguments as Intel's zebin and pass `ocloc validate`; what cannot be made bindless is
//! refused with a located message.
//!
//! The tools come from Debian's libigc-tools (GenX_IR), intel-opencl-icd (ocloc) and llvm-14
//! (llvm-as-14); without them the tests skip, unless tools are required (CI,
//! `GENXC_REQUIRE_TOOLS`), where they fail.

mod common;

use common::{input, intel_zebin, tool_available, validate};
use genxc::{CompileOptions, Emit, EmitSet};
use genxc_genx::Platform;
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{svm_base, Fill, Launch};
use genxc_sim::memory::{BufferKind, Memory};
use genxc_zebin::{PayloadArgType, PerThreadBufferKind, ZeInfo};

/// The platforms ocloc knows: genxc's platform and ocloc's device name.
const OCLOC_PLATFORMS: [(Platform, &str); 3] =
    [(Platform::Tgllp, "tgllp"), (Platform::Dg2, "dg2-g10"), (Platform::Pvc, "pvc")];

/// The private memory fixtures: file, kernel.
const PRIVATE: [(&str, &str); 2] =
    [("zebin/private_array.ll", "big_private_array"), ("zebin/private_recursion.ll", "recursion")];

fn tools() -> bool {
    tool_available("GenX_IR", "-h", "libigc-tools") && tool_available("ocloc", "--help", "intel-opencl-icd")
}

/// genxc's outcome for `fixture` on `platform` emitting `emit`, with `stack` bytes per thread.
fn compile(fixture: &str, platform: Platform, emit: &[Emit], stack: u32) -> genxc::Outcome {
    let opts =
        CompileOptions { platform, emit: EmitSet::of(emit), stack_mem_size: stack, ..Default::default() };
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    assert!(!outcome.failed(), "{fixture} on {platform:?}: {}", outcome.log());
    outcome
}

/// The `.ze_info` of a zebin.
fn ze_info(bytes: &[u8]) -> ZeInfo {
    let z = genxc_zebin::read(bytes).expect("a zebin");
    ZeInfo::from_yaml(z.zeinfo_text().expect("a .ze_info")).expect("the .ze_info reads back")
}

/// The sizes of the first kernel's private-memory buffers.
fn private_sizes(info: &ZeInfo) -> Vec<u32> {
    info.kernels[0]
        .per_thread_memory_buffers
        .iter()
        .filter(|b| b.kind == PerThreadBufferKind::Private)
        .map(|b| b.size)
        .collect()
}

/// What the runtime must provide a kernel's private memory with: its implicit payload arguments
/// (type and size), its per-thread buffers' kinds, and whether it makes stack calls.
fn private_abi(info: &ZeInfo) -> (Vec<(&'static str, u32)>, Vec<PerThreadBufferKind>, bool) {
    let k = &info.kernels[0];
    let implicit = k
        .payload_arguments
        .iter()
        .filter(|a| a.arg_index.is_none())
        .map(|a| (a.arg_type.name(), a.size))
        .collect();
    let mut buffers: Vec<PerThreadBufferKind> = k.per_thread_memory_buffers.iter().map(|b| b.kind).collect();
    buffers.sort_by_key(|b| b.names());
    (implicit, buffers, k.execution_env.has_stack_calls)
}

#[test]
fn private_memory_zebins_declare_what_intels_do() {
    if !tools() || !tool_available("llvm-as-14", "--version", "llvm-14") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ours.bin");
    let mut compared = 0;
    for (fixture, kernel) in PRIVATE {
        for (platform, device) in OCLOC_PLATFORMS {
            let what = format!("{fixture} on {device}");
            let outcome = compile(fixture, platform, &[Emit::Zebin], 8192);
            let ours = outcome.zebin().expect("a zebin").to_vec();
            std::fs::write(&path, &ours).unwrap();
            let (status, warnings, log) = validate(&path, device);
            assert_eq!(status, Some(0), "{what}: {log}");
            let intel = intel_zebin(fixture, device, dir.path());
            let (intel_status, intel_warnings, _) = validate(&dir.path().join("intel/k"), device);
            assert_eq!(intel_status, Some(0));
            assert!(warnings.len() <= intel_warnings.len(), "{what}: {warnings:?} vs {intel_warnings:?}");

            let (ours, intel) = (ze_info(&ours), ze_info(&intel));
            assert_eq!(ours.kernels[0].name, kernel);
            assert_eq!(private_abi(&ours), private_abi(&intel), "{what}");
            let private = |info: &ZeInfo| {
                info.kernels[0]
                    .per_thread_memory_buffers
                    .iter()
                    .find(|b| b.kind == PerThreadBufferKind::Private)
                    .map(|b| b.size)
                    .unwrap_or_else(|| panic!("{what}: no private_space buffer"))
            };
            // per hardware thread, the frames the kernel needs (Intel: 6008 for the array of
            // 6000 bytes, genxc: its 16-byte aligned frame), or the whole stack with recursion
            let frames = if kernel == "recursion" { 8192 } else { 6000 };
            assert_eq!(private(&ours), frames, "{what}");
            assert!(private(&ours) <= private(&intel), "{what}: Intel {}", private(&intel));
            assert!(private(&intel) <= 8192 && private(&intel) - private(&ours) < 16, "{what}");
            let base = ours.kernels[0]
                .payload_arguments
                .iter()
                .find(|a| a.arg_type == PayloadArgType::PrivateBaseStateless)
                .expect("a private base");
            assert_eq!(base.size, 8, "{what}");
            compared += 1;
        }
    }
    assert_eq!(compared, 6);
}

#[test]
fn the_stack_size_option_sizes_the_private_buffer() {
    if !tools() {
        return;
    }
    // frames of known size (no recursion): the frames, whatever the stack size, and the code
    // strides by them
    for stack in [8192, 16384] {
        let outcome = compile("zebin/private_array.ll", Platform::Dg2, &[Emit::Zebin, Emit::Visaasm], stack);
        let sizes = private_sizes(&ze_info(outcome.zebin().expect("a zebin")));
        assert_eq!(sizes, [6000], "{stack}");
        let visa = outcome.visaasm_of("big_private_array").expect("the vISA");
        // the thread's part: %hw_id times the frames' bytes, no trace of the stack size
        assert!(visa.contains("%hw_id") && visa.contains(" 6000:d"), "{stack}:\n{visa}");
        assert!(!visa.contains(&format!(" {stack}:")), "{stack}:\n{visa}");
    }
    // recursion: the whole stack
    for stack in [4096, 16384] {
        let outcome =
            compile("zebin/private_recursion.ll", Platform::Dg2, &[Emit::Zebin, Emit::Visaasm], stack);
        let sizes = private_sizes(&ze_info(outcome.zebin().expect("a zebin")));
        assert_eq!(sizes, [stack]);
        // the code strides by the same size
        let visa = outcome.visaasm_of("recursion").expect("the vISA");
        assert!(
            visa.contains(&format!("0x{stack:x}")) || visa.contains(&format!(" {stack}")),
            "{stack}:\n{visa}"
        );
    }
}

#[test]
fn zebin_code_finds_its_stack_by_the_hardware_thread_id() {
    // the .visaasm output alone keeps genxc's %sr0 slots
    for (fixture, kernel) in PRIVATE {
        let outcome = compile(fixture, Platform::Dg2, &[Emit::Visaasm], 8192);
        let visa = outcome.visaasm_of(kernel).unwrap();
        assert!(visa.contains("%sr0") && !visa.contains("%hw_id"), "{fixture}:\n{visa}");
    }
    if !tools() {
        return;
    }
    for (fixture, kernel) in PRIVATE {
        for (platform, _) in OCLOC_PLATFORMS {
            let outcome = compile(fixture, platform, &[Emit::Visaasm, Emit::Zebin], 8192);
            let visa = outcome.visaasm_of(kernel).unwrap();
            assert!(visa.contains("%hw_id") && !visa.contains("%sr0"), "{fixture} on {platform:?}:\n{visa}");
        }
    }
}

/// Runs the vISA of `kernel` (which the zebin of `fixture` carries) in the simulator on a launch
/// of small random words; gives the memory before and after.
fn run_zebin_code(fixture: &str, kernel: &str, platform: Platform) -> (Memory, Memory) {
    let outcome = compile(fixture, platform, &[Emit::Visaasm, Emit::Zebin], 8192);
    let text = outcome.visaasm_of(kernel).unwrap();
    let kernels = genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{kernel}: {e}"));
    let specs = exec::arg_specs(&kernels[0]);
    let (launch, mut memory) =
        Launch::random_filled(&specs, 11, 0, [4, 1, 1], [1, 1, 1], 0, Fill::SmallIntegers);
    let before = memory.clone();
    exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("{kernel} on {platform:?}: {e}"));
    (before, memory)
}

/// The dwords of the `k`-th pointer argument's buffer.
fn words(m: &Memory, k: usize) -> Vec<u32> {
    let b = m.buffers.iter().find(|b| b.kind == BufferKind::Svm { base: svm_base(k) }).expect("the buffer");
    b.bytes.data.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

#[test]
fn zebin_code_with_private_memory_runs_to_the_known_answers() {
    if !tools() {
        return;
    }
    for (platform, _) in OCLOC_PLATFORMS {
        // recursion: out[g] = n + (n-1) + ... + 1 for n = in[g] & 15
        let (before, after) = run_zebin_code("zebin/private_recursion.ll", "recursion", platform);
        let (input, out) = (words(&before, 0), words(&after, 1));
        for g in 0..4 {
            let n = input[g] & 15;
            assert_eq!(out[g], n * (n + 1) / 2, "{platform:?} group {g}");
        }
        // the private array: arr[i] = in[i] * 3 + g, out[g * 16 + j] = arr[in[600 + j] & 511]
        let (before, after) = run_zebin_code("zebin/private_array.ll", "big_private_array", platform);
        let (input, out) = (words(&before, 0), words(&after, 1));
        for g in 0..4u32 {
            for j in 0..16usize {
                let i = (input[600 + j] & 511) as usize;
                let want = input[i].wrapping_mul(3).wrapping_add(g);
                assert_eq!(out[g as usize * 16 + j], want, "{platform:?} group {g} element {j}");
            }
        }
    }
}

/// The bindless buffer fixtures: file, kernels, the platforms their messages exist on.
const BINDLESS: [(&str, &[&str], &[Platform]); 2] = [
    (
        "zebin/bindless_buffers.ll",
        &["bindless_oword", "bindless_scattered"],
        &[Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc],
    ),
    ("zebin/bindless_lsc.ll", &["bindless_lsc"], &[Platform::Dg2, Platform::Pvc]),
];

/// genxc's outcome for `fixture` on `platform` emitting `emit`, with bindless buffers or not.
fn compile_bindless(fixture: &str, platform: Platform, emit: &[Emit], bindless: bool) -> genxc::Outcome {
    let opts = CompileOptions {
        platform,
        emit: EmitSet::of(emit),
        bindless_buffers: bindless,
        ..Default::default()
    };
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    assert!(!outcome.failed(), "{fixture} on {platform:?} (bindless {bindless}): {}", outcome.log());
    outcome
}

/// The simulator's run of vISA `text` on a launch of small random words with `seed`: the
/// argument specs, and each buffer's kind and bytes before and after.
type Buffers = Vec<(BufferKind, Vec<u8>)>;
fn run_visa(
    text: &str,
    platform: Platform,
    seed: u64,
) -> (Vec<genxc_sim::launch::ArgSpec>, Buffers, Buffers) {
    let kernels = genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let specs = exec::arg_specs(&kernels[0]);
    let (launch, mut memory) =
        Launch::random_filled(&specs, seed, 0, [4, 1, 1], [1, 1, 1], 0, Fill::SmallIntegers);
    let bytes = |m: &Memory| m.buffers.iter().map(|b| (b.kind, b.bytes.data.clone())).collect::<Buffers>();
    let before = bytes(&memory);
    exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("{}: {e}", kernels[0].name));
    (specs, before, bytes(&memory))
}

#[test]
fn bindless_buffers_run_as_the_bound_ones() {
    use genxc_sim::launch::ArgSpec;
    let mut ran = 0;
    for (fixture, kernels, platforms) in BINDLESS {
        for &platform in platforms {
            let bound = compile_bindless(fixture, platform, &[Emit::Visaasm], false);
            let bindless = compile_bindless(fixture, platform, &[Emit::Visaasm], true);
            for &kernel in kernels {
                let what = format!("{kernel} on {platform:?}");
                let (b, bl) = (bound.visaasm_of(kernel).unwrap(), bindless.visaasm_of(kernel).unwrap());
                assert!(!b.contains("bss"), "{what}: bound code uses the bindless surface:\n{b}");
                assert!(bl.contains("%bss") || bl.contains("bss("), "{what}: no bindless access:\n{bl}");
                for seed in [3, 17] {
                    let (bound_specs, bound_before, bound_after) = run_visa(b, platform, seed);
                    let (specs, before, after) = run_visa(bl, platform, seed);
                    // every bound surface is a bindless buffer now, the other arguments unchanged
                    let as_bindless: Vec<ArgSpec> = bound_specs
                        .iter()
                        .map(|&s| if s == ArgSpec::Surface { ArgSpec::BindlessSurface } else { s })
                        .collect();
                    assert_eq!(specs, as_bindless, "{what}");
                    assert_eq!(before, bound_before, "{what}: the same data");
                    assert_ne!(after, before, "{what}: the kernel wrote nothing");
                    assert_eq!(after, bound_after, "{what} seed {seed}: bindless and bound results differ");
                }
                ran += 1;
            }
        }
    }
    assert_eq!(ran, 10);
}

#[test]
fn the_finalizer_accepts_bindless_visa() {
    if !common::finalizer_available() {
        return;
    }
    for (fixture, kernels, platforms) in BINDLESS {
        for &platform in platforms {
            let outcome = compile_bindless(fixture, platform, &[Emit::Visaasm], true);
            for &kernel in kernels {
                let text = outcome.visaasm_of(kernel).unwrap();
                if let Err(e) =
                    common::finalize(&format!("{kernel}.visaasm"), text, platform.info().finalizer_name)
                {
                    panic!("{kernel} on {platform:?}: {e}");
                }
            }
        }
    }
}

#[test]
fn bindless_zebins_declare_surface_state_offsets() {
    if !tools() || !tool_available("llvm-as-14", "--version", "llvm-14") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ours.bin");
    let mut checked = 0;
    for (fixture, kernels, platforms) in BINDLESS {
        for (platform, device) in OCLOC_PLATFORMS.into_iter().filter(|(p, _)| platforms.contains(p)) {
            let what = format!("{fixture} on {device}");
            let outcome = compile_bindless(fixture, platform, &[Emit::Zebin], true);
            let ours = outcome.zebin().expect("a zebin").to_vec();
            std::fs::write(&path, &ours).unwrap();
            let (status, warnings, log) = validate(&path, device);
            assert_eq!(status, Some(0), "{what}: {log}");
            let intel = intel_zebin(fixture, device, dir.path());
            let (_, intel_warnings, _) = validate(&dir.path().join("intel/k"), device);
            assert!(warnings.len() <= intel_warnings.len(), "{what}: {warnings:?} vs {intel_warnings:?}");
            let (ours, intel) = (ze_info(&ours), ze_info(&intel));
            for &kernel in kernels {
                let mine = ours.kernels.iter().find(|k| k.name == kernel).expect("the kernel");
                let theirs = intel.kernels.iter().find(|k| k.name == kernel).expect("Intel's kernel");
                // the same explicit arguments, each buffer now a 4-byte bindless surface-state
                // offset with no binding-table entry
                let explicit = |k: &genxc_zebin::KernelInfo| {
                    let mut v: Vec<u32> = k.payload_arguments.iter().filter_map(|a| a.arg_index).collect();
                    v.sort();
                    v.dedup();
                    v
                };
                assert_eq!(explicit(mine), explicit(theirs), "{what} {kernel}");
                let buffers: Vec<_> = mine
                    .payload_arguments
                    .iter()
                    .filter(|a| a.addrmode == Some(genxc_zebin::AddrMode::Bindless))
                    .collect();
                assert!(!buffers.is_empty(), "{what} {kernel}: no bindless argument");
                for a in &buffers {
                    assert_eq!((a.arg_type, a.size), (PayloadArgType::ArgByPointer, 4), "{what} {kernel}");
                    let index = a.arg_index.expect("an explicit argument");
                    assert!(
                        !mine.binding_table_indices.iter().any(|b| b.arg_index == index),
                        "{what} {kernel}: bindless argument {index} in the binding table"
                    );
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 5);
}

#[test]
fn bindless_refusals_are_located() {
    // a surface index computed at run time cannot be told from a surface-state offset
    let opts = CompileOptions { platform: Platform::Dg2, bindless_buffers: true, ..Default::default() };
    let outcome = genxc::compile_inputs(&[input("surfaces/surface_values.ll")], &opts);
    assert!(outcome.failed());
    let log = outcome.log();
    assert!(log.contains("surface_values.ll:") && log.contains("bindless buffers"), "{log}");
    assert!(!log.contains("internal error"), "{log}");
    // without bindless buffers it compiles
    let opts = CompileOptions { platform: Platform::Dg2, ..Default::default() };
    assert!(!genxc::compile_inputs(&[input("surfaces/surface_values.ll")], &opts).failed());
}

#[test]
fn a_stack_function_of_a_bindless_module_takes_no_surface_value() {
    // a value computed from bindless buffers (a select of two), passed to a stack function that
    // reads through it: the function, selected without its callers, would take the offset for a
    // binding-table index; refused at its message, for every output
    let fixture = "zebin/bindless_stack_surface.ll";
    for emit in [Emit::Visaasm, Emit::Zebin] {
        let opts = CompileOptions {
            platform: Platform::Dg2,
            bindless_buffers: true,
            emit: emit.into(),
            ..Default::default()
        };
        let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
        assert!(outcome.failed() && outcome.outputs.is_empty(), "{emit:?}");
        let log = outcome.log();
        assert!(log.contains("bindless_stack_surface.ll:16:"), "{log}");
        assert!(
            log.contains("@read_block") && log.contains("stack function") && log.contains("bindless"),
            "{log}"
        );
        assert!(!log.contains("internal error"), "{log}");
    }
    // bound, the value is a binding-table index the function reads through (the kernel runs in
    // the simulator to the reference's results: tests/differential.rs)
    let opts = CompileOptions { platform: Platform::Dg2, ..Default::default() };
    let outcome = genxc::compile_inputs(&[input(fixture)], &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
    assert!(outcome.visaasm_of("bindless_stack_surface").unwrap().contains("oword_ld"));
    // the same value reaching the stack function as data, not as a surface: accepted bindless
    let text = std::fs::read_to_string(common::fixtures().join(fixture)).unwrap();
    let data = text.replace(
        "%x = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %surface, i32 %ow)",
        "%s = add i32 %surface, %ow\n  %v = insertelement <8 x i32> undef, i32 %s, i32 0\n  \
         %x = shufflevector <8 x i32> %v, <8 x i32> undef, <8 x i32> zeroinitializer",
    );
    assert_ne!(data, text);
    let opts = CompileOptions { platform: Platform::Dg2, bindless_buffers: true, ..Default::default() };
    let outcome =
        genxc::compile_inputs(&[genxc::Input { name: "data.ll".into(), bytes: data.into_bytes() }], &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
}

#[test]
fn kernels_json_binds_no_bindless_buffer() {
    for bindless in [false, true] {
        let outcome =
            compile_bindless("zebin/bindless_buffers.ll", Platform::Dg2, &[Emit::Metadata], bindless);
        let json: serde_json::Value = serde_json::from_str(outcome.kernels_json().unwrap()).unwrap();
        let oword = &json["kernels"][0];
        assert_eq!(oword["name"], "bindless_oword");
        for arg in 1..3 {
            let a = &oword["args"][arg];
            // the payload holds the surface-state offset; no binding-table index to bind it at
            assert!(a["offset"].is_u64(), "{a}");
            assert_eq!(a["bti"].is_null(), bindless, "bindless {bindless}: {a}");
        }
    }
}
