//! SPIR-V input (genxc-spirv) against the `.ll` route. The writer route — our driver of the GenX
//! SPIR-V writer adaptor of libLLVMGenXIntrinsics.a (tests/tools/genx-spirv-writer.cpp, built
//! here with the system C++ compiler), then llvm-spirv-14 — turns fixture kernels into `.spv`
//! modules; `genxc k.spv` must give what `genxc k.ll` gives. The decorations Debian's
//! llvm-spirv-14 drops (FuncParamKindINTEL 9624, FuncParamDescINTEL 9625, the named barrier
//! count) are put into converted modules word by word. Bad and mutated modules must give a
//! diagnostic naming a word offset, never a panic, and the command exits 1 writing nothing.
//!
//! The tools come from Debian's llvm-spirv-14, intel-vc-intrinsics-dev and llvm-14-dev
//! (scripts/packages.sh installs them); without them the route tests skip, or fail under CI.

mod common;
#[path = "common/spirv_route.rs"]
mod spirv_route;

use genxc::{CompileOptions, Emit, Outcome};
use genxc_genx::Platform;
use spirv_route::{route_available, to_spirv, to_spirv_with};
use std::process::Command;

/// Fixtures the writer route carries without change: same vISA and kernels.json.
const SAME: &[&str] = &[
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
    "kernels/atomics.ll",
    "kernels/atomics_float_add.ll",
    "kernels/casts.ll",
    "kernels/compare_select.ll",
    "kernels/compare_special_simd32.ll",
    "kernels/control.ll",
    "kernels/float_arith.ll",
    "kernels/frem.ll",
    "kernels/gather4_scaled2.ll",
    "kernels/ids.ll",
    "kernels/int64_div.ll",
    "kernels/int_bits.ll",
    "kernels/int_div.ll",
    "kernels/int_ops.ll",
    "kernels/math.ll",
    "kernels/memory.ll",
    "kernels/minmax_signed_zero.ll",
    "kernels/output_args.ll",
    "kernels/predicate_subroutines.ll",
    "kernels/predicates.ll",
    "kernels/raw_send.ll",
    "kernels/raw_send_true_pred.ll",
    "kernels/region_of_repeated_rows.ll",
    "kernels/region_past_end.ll",
    "kernels/regions_more.ll",
    "kernels/simdcf.ll",
    "kernels/simdcf_exit_copy.ll",
    "kernels/simdcf_messages.ll",
    "kernels/simdcf_shapes.ll",
    "kernels/split_indirect.ll",
    "kernels/split_regions.ll",
    "kernels/subroutines.ll",
    "kernels/subroutines_in_place.ll",
    "kernels/svm_scaled4.ll",
    "memory/slm_surface.ll",
    "surfaces/sampler_3d_load.ll",
    "surfaces/sampler_3d_sample.ll",
    "surfaces/sampler_blit.ll",
    "surfaces/sampler_values.ll",
    "calls/call_indirect.ll",
    "calls/cast_callee.ll",
    "calls/indirect_calls.ll",
    "calls/indirect_values.ll",
    "calls/call_undefined.ll",
    "calls/linked_call.ll",
    "calls/linked_symbol.ll",
    "calls/predef_regs.ll",
    "calls/stack_call_subroutines.ll",
    "calls/stack_calls.ll",
    "globals/address_in_global.ll",
    "globals/address_stored.ll",
    "globals/constant_table.ll",
    "globals/device_address_in_global.ll",
    "globals/device_table.ll",
    "globals/mutable_global.ll",
    "globals/private_array.ll",
    "globals/shared_table.ll",
    "intrinsics/add3.ll",
    "intrinsics/bfn.ll",
    "intrinsics/bit_fields.ll",
    "intrinsics/carry.ll",
    "intrinsics/compiler_copies.ll",
    "intrinsics/convert.ll",
    "intrinsics/dp4a.ll",
    "intrinsics/hw_state.ll",
    "intrinsics/oword_small.ll",
    "intrinsics/split_barrier.ll",
    "intrinsics/svm_scaled4.ll",
    "intrinsics/untyped_atomics.ll",
    "simdcf/em_and_apart.ll",
    "simdcf/em_raw_send.ll",
    "simdcf/em_slice_before_join.ll",
    "aggregates/structs.ll",
    "spirv/float_control.ll",
];

/// Fixtures for platforms with LSC messages or DPAS, carried without change on that platform.
const SAME_ON: &[(&str, Platform)] = &[
    ("kernels/int64_double.ll", Platform::Pvc),
    ("kernels/lsc.ll", Platform::Pvc),
    ("kernels/lsc_block2d.ll", Platform::Pvc),
    ("kernels/lsc_block2d_padded.ll", Platform::Pvc),
    ("kernels/lsc_shapes.ll", Platform::Pvc),
    ("kernels/lsc_simd32.ll", Platform::Pvc),
    ("kernels/simdcf_lsc.ll", Platform::Pvc),
    ("kernels/simdcf_messages_simd32.ll", Platform::Pvc),
    ("intrinsics/add3_sat.ll", Platform::Pvc),
    ("intrinsics/dpas_gemm_pvc.ll", Platform::Pvc),
    ("intrinsics/dpas_gemm_dg2.ll", Platform::Dg2),
];

/// What the writer route changes in a fixture, so its output differs from the `.ll` route's.
#[derive(Clone, Copy, Debug)]
enum RouteChange {
    /// A surface descriptor without access (`buffer_t`) comes back as `buffer_t read_write`.
    AccessAdded,
    /// An SVM pointer's descriptor: `svmptr_t read_only` loses its access, a pointer argument
    /// without descriptor gets `svmptr_t` (what Intel's reader adaptor gives).
    SvmDescriptor,
    /// Kernels listed in `genx.kernels` in another order than defined come back in definition
    /// order.
    KernelOrder,
    /// The translator rewrites instructions (`zext` of `i1` as `select`, `trunc` to `i1` as `and`
    /// and a compare, single-element vectors as scalars, `memset` as a copy from a constant
    /// global): same program, other vISA.
    Rewritten,
    /// llvm-spirv-14 drops argument kinds (implicit arguments, and every kind of a kernel the
    /// writer adaptor leaves unconverted because `llvm.global.annotations` names it) and the named
    /// barrier count.
    KindsDropped,
    /// llvm-spirv-14 has no bfloat type: it writes `bfloat` values as 16-bit IEEE floats, so the
    /// module computes something else.
    BfloatAsHalf,
}

/// Fixtures the writer route changes, and how. They must compile from SPIR-V to the same kernels
/// with the same argument counts.
const CHANGED: &[(&str, RouteChange)] = &[
    ("kernels/arg_layout.ll", RouteChange::KindsDropped),
    ("kernels/bool_args.ll", RouteChange::AccessAdded),
    ("kernels/compare_odd_lanes.ll", RouteChange::KernelOrder),
    ("kernels/int64.ll", RouteChange::Rewritten),
    ("kernels/multi.ll", RouteChange::AccessAdded),
    ("kernels/predicate_phis.ll", RouteChange::Rewritten),
    ("kernels/sat_minmax.ll", RouteChange::Rewritten),
    ("kernels/simd32_alu.ll", RouteChange::AccessAdded),
    ("kernels/simdcf_em_global.ll", RouteChange::KernelOrder),
    ("kernels/simdcf_source.ll", RouteChange::KernelOrder),
    ("surfaces/predefined_slm.ll", RouteChange::AccessAdded),
    ("surfaces/surface_values.ll", RouteChange::AccessAdded),
    ("calls/external_subroutine.ll", RouteChange::Rewritten),
    ("globals/pinned.ll", RouteChange::KindsDropped),
    ("calls/stack_args_memory.ll", RouteChange::SvmDescriptor),
    ("calls/stack_recursion_memory.ll", RouteChange::SvmDescriptor),
    ("memory/atomics_memcpy.ll", RouteChange::Rewritten),
    ("memory/bytes_words.ll", RouteChange::SvmDescriptor),
    ("memory/indexed.ll", RouteChange::SvmDescriptor),
    ("memory/spir_kernel_unlisted.ll", RouteChange::SvmDescriptor),
    ("memory/stack_memory.ll", RouteChange::SvmDescriptor),
    ("memory/svm_pointers.ll", RouteChange::SvmDescriptor),
    ("intrinsics/bf16_activation.ll", RouteChange::BfloatAsHalf),
    ("simdcf/em_as_data.ll", RouteChange::Rewritten),
    ("simdcf/em_zext_slice.ll", RouteChange::Rewritten),
];

/// Compiles bytes for `platform` to vISA and kernels.json.
fn compile(name: &str, bytes: &[u8], platform: Platform) -> Outcome {
    let opts = CompileOptions {
        platform,
        emit: genxc::EmitSet::of(&[Emit::Visaasm, Emit::Metadata]),
        jobs: 1,
        ..Default::default()
    };
    genxc::compile_bytes(name, bytes, &opts)
}

/// The outputs of a compile by name, or its log when it failed.
fn outputs(out: &Outcome) -> Result<Vec<(String, Vec<u8>)>, String> {
    if out.failed() {
        return Err(out.log());
    }
    let mut all: Vec<(String, Vec<u8>)> =
        out.outputs.iter().map(|o| (o.name.clone(), o.bytes.clone())).collect();
    all.sort();
    Ok(all)
}

/// Where two compiles' outputs first differ.
fn first_difference(a: &[(String, Vec<u8>)], b: &[(String, Vec<u8>)]) -> Option<String> {
    let names = |v: &[(String, Vec<u8>)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    if names(a) != names(b) {
        return Some(format!("outputs {:?} against {:?}", names(a), names(b)));
    }
    for ((name, x), (_, y)) in a.iter().zip(b) {
        if x != y {
            let (x, y) = (String::from_utf8_lossy(x), String::from_utf8_lossy(y));
            let line = x.lines().zip(y.lines()).position(|(p, q)| p != q).unwrap_or(0);
            return Some(format!(
                "{name} line {}: {:?} against {:?}",
                line + 1,
                x.lines().nth(line).unwrap_or(""),
                y.lines().nth(line).unwrap_or("")
            ));
        }
    }
    None
}

#[test]
fn writer_route_gives_the_same_visa_and_kernels_json() {
    if !route_available() {
        return;
    }
    let mut failures = Vec::new();
    let cases = SAME.iter().map(|f| (*f, Platform::Tgllp)).chain(SAME_ON.iter().copied());
    for (fixture, platform) in cases {
        let spv = to_spirv(fixture, false);
        let ll = outputs(&compile(fixture, &common::input(fixture).bytes, platform)).unwrap();
        let name = fixture.replace(".ll", ".spv");
        match outputs(&compile(&name, &spv, platform)) {
            Err(log) => failures.push(format!("{name}: {log}")),
            Ok(from_spv) => {
                if let Some(d) = first_difference(&ll, &from_spv) {
                    failures.push(format!("{name}: {d}"));
                }
            }
        }
    }
    let all = SAME.len() + SAME_ON.len();
    assert!(failures.is_empty(), "{} of {all} differ:\n{}", failures.len(), failures.join("\n"));
}

/// Kernel names and argument counts of a kernels.json, in name order.
fn kernels_and_arg_counts(out: &Outcome) -> Vec<(String, usize)> {
    let json: serde_json::Value = serde_json::from_str(out.kernels_json().expect("kernels.json")).unwrap();
    let mut kernels: Vec<(String, usize)> = json["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| (k["name"].as_str().unwrap().to_string(), k["args"].as_array().map_or(0, Vec::len)))
        .collect();
    kernels.sort();
    kernels
}

#[test]
fn writer_route_changes_keep_kernels_and_argument_counts() {
    if !route_available() {
        return;
    }
    let mut failures = Vec::new();
    for (fixture, change) in CHANGED {
        let spv = to_spirv(fixture, false);
        let ll = compile(fixture, &common::input(fixture).bytes, Platform::Tgllp);
        let name = fixture.replace(".ll", ".spv");
        let from_spv = compile(&name, &spv, Platform::Tgllp);
        if from_spv.failed() {
            failures.push(format!("{name} ({change:?}): {}", from_spv.log()));
            continue;
        }
        let (a, b) = (kernels_and_arg_counts(&ll), kernels_and_arg_counts(&from_spv));
        if a != b {
            failures.push(format!("{name} ({change:?}): kernels {a:?} against {b:?}"));
        }
        // The change is real: the outputs differ (else the fixture belongs in SAME).
        if first_difference(&outputs(&ll).unwrap(), &outputs(&from_spv).unwrap()).is_none() {
            failures.push(format!("{name}: no longer changed by the route ({change:?}): move it to SAME"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn cm_kernels_from_spirv_pass_the_finalizer_on_four_platforms() {
    if !route_available() || !common::finalizer_available() {
        return;
    }
    for fixture in SAME.iter().filter(|f| f.starts_with("cm/")) {
        let spv = to_spirv(fixture, false);
        for (platform, finalizer) in [
            (Platform::Skl, "SKL"),
            (Platform::Tgllp, "TGLLP"),
            (Platform::Dg2, "DG2"),
            (Platform::Pvc, "PVC"),
        ] {
            let out = compile("k.spv", &spv, platform);
            // What the platform lacks is refused from either input.
            if compile(fixture, &common::input(fixture).bytes, platform).failed() {
                assert!(out.failed(), "{fixture} on {finalizer}: the .ll is refused, the .spv is not");
                continue;
            }
            assert!(!out.failed(), "{fixture} on {finalizer}: {}", out.log());
            for (kernel, text) in out.visaasm() {
                if let Err(e) = common::finalize(&format!("{kernel}.visaasm"), text, finalizer) {
                    panic!("{fixture} on {finalizer}: GenX_IR rejected {kernel}: {e}");
                }
            }
        }
    }
}

// ---- word-level editing of converted modules (the decorations llvm-spirv-14 drops) ----

/// A module's words.
fn words(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Words back to bytes.
fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The start of every instruction.
fn starts(words: &[u32]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        out.push(at);
        at += (words[at] >> 16).max(1) as usize;
    }
    out
}

/// A string literal's words (NUL-terminated, padded).
fn string_words(s: &str) -> Vec<u32> {
    let mut b = s.as_bytes().to_vec();
    b.push(0);
    while !b.len().is_multiple_of(4) {
        b.push(0);
    }
    words(&b)
}

/// The ids OpName gives `name`, in module order.
fn ids_named(words: &[u32], name: &str) -> Vec<u32> {
    let want = string_words(name);
    starts(words)
        .into_iter()
        .filter(|&s| words[s] & 0xffff == 5 && words[s + 2..s + (words[s] >> 16) as usize] == want[..])
        .map(|s| words[s + 1])
        .collect()
}

/// Inserts an instruction (opcode and operands) after the last instruction of `after_opcode`.
fn insert_after_last(words: &mut Vec<u32>, after_opcode: u32, opcode: u32, operands: &[u32]) {
    let at = starts(words)
        .into_iter()
        .rfind(|&s| words[s] & 0xffff == after_opcode)
        .expect("an anchor instruction");
    let end = at + (words[at] >> 16) as usize;
    let mut inst = vec![((operands.len() as u32 + 1) << 16) | opcode];
    inst.extend_from_slice(operands);
    words.splice(end..end, inst);
}

/// OpDecorate's, OpExecutionMode's and OpEntryPoint's opcodes.
const OP_DECORATE: u32 = 71;
const OP_EXECUTION_MODE: u32 = 16;
const OP_ENTRY_POINT: u32 = 15;

#[test]
fn param_kind_and_desc_decorations_give_the_kernel_metadata() {
    if !route_available() {
        return;
    }
    // Without --rewrite-types the surface arguments stay i32 and their kinds are attributes that
    // llvm-spirv-14 drops: the module alone has general arguments.
    let fixture = "cm/01_saxpy_oword.ll";
    let plain = to_spirv(fixture, true);
    let ll = compile(fixture, &common::input(fixture).bytes, Platform::Tgllp);
    let without = compile("saxpy.spv", &plain, Platform::Tgllp);
    assert!(!without.failed(), "{}", without.log());
    assert!(without.kernels_json().unwrap().contains("\"kind\": \"general\""));
    assert!(first_difference(&outputs(&ll).unwrap(), &outputs(&without).unwrap()).is_some());
    // With FuncParamKindINTEL and FuncParamDescINTEL on the parameters: the .ll route's output.
    let mut w = words(&plain);
    for (param, desc) in [("xbuf", "buffer_t read_only"), ("ybuf", "buffer_t read_write")] {
        let id = ids_named(&w, param)[0];
        insert_after_last(&mut w, OP_DECORATE, OP_DECORATE, &[id, 9624, 2]);
        let mut operands = vec![id, 9625];
        operands.extend(string_words(desc));
        insert_after_last(&mut w, OP_DECORATE, OP_DECORATE, &operands);
    }
    let with = compile("saxpy.spv", &bytes(&w), Platform::Tgllp);
    assert_eq!(first_difference(&outputs(&ll).unwrap(), &outputs(&with).unwrap()), None);
}

#[test]
fn named_barrier_count_execution_mode_gives_the_kernel_metadata() {
    if !route_available() {
        return;
    }
    let fixture = "intrinsics/named_barrier.ll";
    let spv = to_spirv(fixture, false);
    let ll = outputs(&compile(fixture, &common::input(fixture).bytes, Platform::Pvc)).unwrap();
    // Without the execution mode the kernel declares no named barrier, so its barrier 1 (a
    // constant once the import has folded `(g & 0) | 1`) is refused.
    let without = compile("nb.spv", &spv, Platform::Pvc);
    assert!(without.failed(), "{}", without.log());
    assert!(
        without.log().contains("barrier 1 is not below the kernel's named barrier count 0"),
        "{}",
        without.log()
    );
    let mut w = words(&spv);
    let entry = starts(&w).into_iter().find(|&s| w[s] & 0xffff == OP_ENTRY_POINT).unwrap();
    let function = w[entry + 2];
    insert_after_last(&mut w, OP_EXECUTION_MODE, OP_EXECUTION_MODE, &[function, 6417, 2]);
    let with = outputs(&compile("nb.spv", &bytes(&w), Platform::Pvc)).unwrap();
    assert_eq!(first_difference(&ll, &with), None);
}

// ---- bad SPIR-V ----

/// A converted module to break, or a fixed small module when the route is not here.
fn sample() -> Option<Vec<u8>> {
    route_available().then(|| to_spirv("cm/06_loop_colsum.ll", false))
}

/// The log of a compile that must fail.
fn refusal(bytes: &[u8]) -> String {
    let out = compile("bad.spv", bytes, Platform::Tgllp);
    assert!(out.failed(), "accepted");
    assert!(out.outputs.is_empty());
    out.log()
}

#[test]
fn wrong_magic_short_and_truncated_modules_name_the_word() {
    let log = refusal(&[0x03, 0x02, 0x23, 0x08, 0, 0, 1, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0]);
    assert!(log.contains("invalid SPIR-V at word 0: wrong magic number 0x08230203"), "{log}");
    let log = refusal(&[0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0]);
    assert!(log.contains("at word 2: the module ends inside its 5-word header"), "{log}");
    let log = refusal(&[0x03, 0x02, 0x23, 0x07, 0, 0, 1]);
    assert!(log.contains("not a whole number of 32-bit words"), "{log}");
    let log = refusal(&[0x03, 0x02, 0x23, 0x07, 0, 0, 9, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0]);
    assert!(log.contains("at word 1: SPIR-V version word 0x00090000 is not 1.0 to 1.4"), "{log}");
    let Some(spv) = sample() else { return };
    let w = words(&spv);
    for cut in [6, w.len() / 3, w.len() / 2, w.len() - 1] {
        let log = refusal(&bytes(&w[..cut]));
        assert!(log.contains("invalid SPIR-V at word "), "cut at {cut}: {log}");
    }
}

#[test]
fn a_spec_constant_op_of_an_operation_it_cannot_use_is_refused() {
    // OpSpecConstantOp whose operation is OpSpecConstantOp (52): rspirv's reader panicked on it
    let bytes = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/spirv/spec_op_of_spec_op.spv"),
    )
    .unwrap();
    let log = refusal(&bytes);
    assert!(
        log.contains("OpSpecConstantOp of operation 52, which a specialization constant cannot use"),
        "{log}"
    );
}

#[test]
fn unknown_and_unsupported_capabilities_are_refused() {
    let Some(spv) = sample() else { return };
    let w = words(&spv);
    let capability = starts(&w).into_iter().find(|&s| w[s] & 0xffff == 17).unwrap();
    let mut unknown = w.clone();
    unknown[capability + 1] = 99_999;
    let log = refusal(&bytes(&unknown));
    assert!(log.contains(&format!("invalid SPIR-V at word {capability}: unknown capability 99999")), "{log}");
    let mut shader = w.clone();
    shader[capability + 1] = 1;
    let log = refusal(&bytes(&shader));
    assert!(
        log.contains(&format!("SPIR-V at word {capability}: capability Shader is not read by genxc")),
        "{log}"
    );
}

#[test]
fn dangling_ids_are_refused_at_their_word() {
    let Some(spv) = sample() else { return };
    let w = words(&spv);
    let bound = w[3];
    // The first OpIAdd (opcode 128): its second operand replaced by an id past the bound, then
    // by an id below the bound that nothing defines.
    let add = starts(&w).into_iter().find(|&s| w[s] & 0xffff == 128).unwrap();
    let mut past = w.clone();
    past[add + 3] = bound + 7;
    let log = refusal(&bytes(&past));
    assert!(
        log.contains(&format!("at word {add}: id %{} is outside the id bound {bound}", bound + 7)),
        "{log}"
    );
    let mut undefined = w.clone();
    let mut grown = w.clone();
    grown[3] = bound + 1;
    undefined[3] = bound + 1;
    undefined[add + 3] = bound;
    let log = refusal(&bytes(&undefined));
    assert!(log.contains(&format!("at word {add}: %{bound} is not a defined value")), "{log}");
    // The same module with the larger bound alone still compiles.
    assert!(!compile("ok.spv", &bytes(&grown), Platform::Tgllp).failed());
}

#[test]
fn the_command_exits_1_and_writes_nothing_on_bad_spirv() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bad.spv");
    std::fs::write(&input, [0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0])
        .unwrap();
    let out_dir = dir.path().join("out");
    let run = Command::new(env!("CARGO_BIN_EXE_genxc"))
        .arg(&input)
        .arg("-o")
        .arg(format!("{}/", out_dir.display()))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("invalid SPIR-V at word 5"), "{stderr}");
    assert!(!out_dir.exists() || std::fs::read_dir(&out_dir).unwrap().next().is_none());
}

/// Compiles `count` mutants of `w` (a fixed xorshift sequence from `seed`: words replaced, bits
/// flipped, words bumped, some truncated); every one must fail without output or compile with
/// it, never panic. Returns how many were refused.
fn mutants_refused(w: &[u32], count: usize, seed: u64) -> usize {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut refused = 0;
    for _ in 0..count {
        let mut m = w.to_vec();
        for _ in 0..1 + next() % 3 {
            let at = 5 + (next() as usize) % (m.len() - 5);
            m[at] = match next() % 4 {
                0 => next() as u32,
                1 => (next() % 64) as u32,
                2 => m[at] ^ (1 << (next() % 32)),
                _ => m[at].wrapping_add(1),
            };
        }
        if next() % 8 == 0 {
            let keep = 5 + (next() as usize) % (m.len() - 5);
            m.truncate(keep);
        }
        let out = compile("mutant.spv", &bytes(&m), Platform::Tgllp);
        assert_eq!(out.failed(), out.outputs.is_empty(), "{}", out.log());
        refused += usize::from(out.failed());
    }
    refused
}

#[test]
fn mutated_modules_never_panic() {
    let Some(spv) = sample() else { return };
    let refused = mutants_refused(&words(&spv), 300, 0x9e37_79b9_7f4a_7c15);
    assert!(refused > 100, "only {refused} of 300 mutants refused");
    // The constructs read since: specialization constant operations, member decorations and
    // the two-result instructions (hand-assembled), inline assembly and single-element vectors
    // (the route).
    let mut more = Vec::new();
    more.extend(assemble("spec_ops"));
    more.extend(assemble("two_results"));
    more.push(to_spirv("intrinsics/inline_asm.ll", false));
    more.push(to_spirv_with("spirv/single_element.ll", &["--rewrite-types", "--rewrite-sev"]));
    more.push(to_spirv("spirv/ocl_math.ll", false));
    for (i, spv) in more.iter().enumerate() {
        let refused = mutants_refused(&words(spv), 100, 0x2545_f491_4f6c_dd1d + i as u64);
        assert!(refused > 30, "sample {i}: only {refused} of 100 mutants refused");
    }
}

/// Kernel names and argument counts Intel's Vector Compiler finds in a module: `ocloc compile
/// -spirv_input -options -vc-codegen`, then `ocloc disasm`, whose PTM.txt lists each kernel's
/// name and one argument-info patch token (26) per argument.
fn ocloc_kernels(spv: &[u8]) -> Result<Vec<(String, usize)>, String> {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("k.spv");
    std::fs::write(&input, spv).unwrap();
    let binary = dir.path().join("k");
    let run = |args: &[&std::ffi::OsStr]| {
        let out =
            Command::new("ocloc").args(args).current_dir(dir.path()).output().map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "ocloc {:?}: {}{}",
                args,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    };
    let os = |s: &str| std::ffi::OsString::from(s);
    run(&[
        &os("compile"),
        &os("-file"),
        input.as_os_str(),
        &os("-spirv_input"),
        &os("-device"),
        &os("tgllp"),
        &os("-options"),
        &os("-vc-codegen"),
        &os("-output_no_suffix"),
        &os("-output"),
        &os("k"),
    ])?;
    let dump = dir.path().join("dump");
    run(&[
        &os("disasm"),
        &os("-file"),
        binary.as_os_str(),
        &os("-dump"),
        dump.as_os_str(),
        &os("-device"),
        &os("tgllp"),
    ])?;
    let ptm = std::fs::read_to_string(dump.join("PTM.txt")).map_err(|e| format!("PTM.txt: {e}"))?;
    let mut kernels: Vec<(String, usize)> = Vec::new();
    for line in ptm.lines().map(str::trim) {
        // The program of a module with symbols carries a pseudo kernel for its symbol table.
        if line == "KernelName Intel_Symbol_Table_Void_Program" {
            kernels.push((String::new(), 0));
        } else if let Some(name) = line.strip_prefix("KernelName ") {
            kernels.push((name.to_string(), 0));
        } else if line == "4 Token 26" {
            if let Some(k) = kernels.last_mut() {
                k.1 += 1;
            }
        }
    }
    kernels.retain(|(name, _)| !name.is_empty());
    kernels.sort();
    Ok(kernels)
}

#[test]
fn ocloc_finds_the_same_kernels_and_argument_counts() {
    if !route_available() || !common::tool_available("ocloc", "--help", "intel-opencl-icd") {
        return;
    }
    for fixture in SAME.iter().filter(|f| f.starts_with("cm/")) {
        let spv = to_spirv(fixture, false);
        let ours = compile("k.spv", &spv, Platform::Tgllp);
        assert!(!ours.failed(), "{fixture}: {}", ours.log());
        let intel = ocloc_kernels(&spv).unwrap_or_else(|e| panic!("{fixture}: {e}"));
        assert!(!intel.is_empty(), "{fixture}: ocloc found no kernel");
        assert_eq!(kernels_and_arg_counts(&ours), intel, "{fixture}");
    }
}

// ---- same memory in the simulator ----

/// Runs, for every kernel of `fixture` and two seeds, the reference interpreter on the fixture
/// (the `.ll` route's GenX IR) and the simulator on the vISA genxc gives for `spv`, with
/// `groups` x `group_size` threads, and compares every output byte.
fn same_memory(
    fixture: &str,
    spv: &[u8],
    platform: Platform,
    groups: [u32; 3],
    group_size: [u32; 3],
) -> Result<(), String> {
    use genxc_sim::exec::{self, Config};
    use genxc_sim::launch::{Fill, Launch};
    use genxc_sim::{memory, reference};
    const SLM_BYTES: u32 = 64 * 1024;
    let module = genxc::import(&common::input(fixture), platform).map_err(|d| format!("{d:?}"))?;
    let out = compile("k.spv", spv, platform);
    if out.failed() {
        return Err(out.log());
    }
    // The simulator's memory holds the globals of the module it runs (the route may add some).
    let spv_module = genxc::import(&genxc::Input { name: "k.spv".into(), bytes: spv.to_vec() }, platform)
        .map_err(|d| format!("{d:?}"))?;
    for k in 0..module.kernels.len() {
        let name = &module.kernels[k].name;
        let specs = reference::arg_specs(&module, k);
        let text = out.visaasm_of(name).ok_or_else(|| format!("no vISA for {name}"))?;
        let kernels = genxc_visa::read_text(text).map_err(|e| format!("{name}: reading vISA: {e}"))?;
        if exec::arg_specs(&kernels[0]) != specs {
            return Err(format!("{name}: the .spv kernel's arguments differ"));
        }
        // Loops that count their input data down need small integers (as in tests/differential.rs).
        let fill = if name.contains("dowhile") { Fill::SmallIntegers } else { Fill::Mixed };
        for seed in [1, 2] {
            let launch = || Launch::random_filled(&specs, seed, 0, groups, group_size, SLM_BYTES, fill);
            let (run, mut expected) = launch();
            expected.place_globals(&module.kernels[k].globals).map_err(|e| e.to_string())?;
            reference::run(&module, k, 0, &run, &mut expected)
                .map_err(|e| format!("{name}: reference: {e}"))?;
            let (run, mut got) = launch();
            let spv_kernel =
                spv_module.kernels.iter().find(|x| &x.name == name).ok_or("a kernel is missing")?;
            got.place_globals(&spv_kernel.globals).map_err(|e| e.to_string())?;
            exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &run, &mut got)
                .map_err(|e| format!("{name}: simulator: {e}"))?;
            memory::compare(&expected, &got).map_err(|d| format!("{name} seed {seed}: {d}"))?;
        }
    }
    Ok(())
}

#[test]
fn rewritten_fixtures_leave_the_same_memory() {
    if !route_available() {
        return;
    }
    let mut failures = Vec::new();
    for (fixture, change) in CHANGED {
        if !matches!(change, RouteChange::Rewritten) {
            continue;
        }
        let spv = to_spirv(fixture, false);
        for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
            if compile(fixture, &common::input(fixture).bytes, platform).failed() {
                continue;
            }
            if let Err(e) = same_memory(fixture, &spv, platform, [4, 1, 1], [1, 1, 1]) {
                failures.push(format!("{fixture} on {platform:?}: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn opencl_builtin_variables_give_the_ids_and_sizes() {
    if !route_available() {
        return;
    }
    // The writer route's source uses `__spirv_BuiltIn*` globals; the reference is the same kernel
    // written with the GenX payload intrinsics. 2 x 2 x 2 groups of 2 threads: every id differs.
    let spv = to_spirv("spirv/builtin_ids.ll", false);
    for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        same_memory("spirv/builtin_ids_genx.ll", &spv, platform, [2, 2, 2], [2, 1, 1])
            .unwrap_or_else(|e| panic!("{platform:?}: {e}"));
        let out = compile("k.spv", &spv, platform);
        if common::finalizer_available() {
            let name = format!("{platform:?}").to_uppercase();
            common::finalize("builtin_ids.visaasm", out.visaasm_of("builtin_ids").unwrap(), &name)
                .unwrap_or_else(|e| panic!("{platform:?}: GenX_IR: {e}"));
        }
    }
}

#[test]
fn opencl_builtin_variables_beyond_ids_give_intels_values() {
    if !route_available() {
        return;
    }
    // GlobalOffset (0, also inside the global id), WorkDim, the linear ids and the sub-group
    // built-ins as Intel's Vector Compiler gives them, against the same values written with the
    // payload intrinsics: 2 x 2 x 2 groups of 2 x 2 x 1 threads.
    let spv = to_spirv("spirv/builtin_more.ll", false);
    for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        same_memory("spirv/builtin_more_genx.ll", &spv, platform, [2, 2, 2], [2, 2, 1])
            .unwrap_or_else(|e| panic!("{platform:?}: {e}"));
        let out = compile("k.spv", &spv, platform);
        if common::finalizer_available() {
            let name = format!("{platform:?}").to_uppercase();
            common::finalize("builtin_more.visaasm", out.visaasm_of("builtin_more").unwrap(), &name)
                .unwrap_or_else(|e| panic!("{platform:?}: GenX_IR: {e}"));
        }
    }
}

/// The opcodes of the instructions of a module.
fn opcodes(w: &[u32]) -> Vec<u32> {
    starts(w).into_iter().map(|s| w[s] & 0xffff).collect()
}

#[test]
fn opencl_std_instructions_and_builtin_calls_by_family() {
    if !route_available() {
        return;
    }
    // Each fixture calls the `__spirv_ocl_*`/`__spirv_*` built-ins, which the route writes as
    // OpExtInst OpenCL.std (12) and relational instructions (OpIsNan 156 ..., OpAny 154, OpAll
    // 155); the reader gives them back by number, and the simulator on the .spv must leave what
    // the reference interpreter leaves on the .ll, where the import reads the calls by name.
    for (fixture, ext_insts, relational) in [
        ("spirv/ocl_math.ll", 15, 0),
        ("spirv/ocl_common.ll", 12, 0),
        ("spirv/ocl_integer.ll", 17, 0),
        ("spirv/ocl_relational.ll", 2, 10),
    ] {
        let spv = to_spirv(fixture, false);
        let ops = opcodes(&words(&spv));
        assert_eq!(ops.iter().filter(|&&o| o == 12).count(), ext_insts, "{fixture}: OpExtInst count");
        let relational_ops = ops.iter().filter(|&&o| (154..=164).contains(&o)).count();
        assert_eq!(relational_ops, relational, "{fixture}: relational instructions");
        for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
            same_memory(fixture, &spv, platform, [1, 1, 1], [1, 1, 1])
                .unwrap_or_else(|e| panic!("{fixture} on {platform:?}: {e}"));
            if common::finalizer_available() {
                let out = compile("k.spv", &spv, platform);
                let kernel = fixture.trim_start_matches("spirv/").trim_end_matches(".ll");
                let name = format!("{platform:?}").to_uppercase();
                common::finalize(&format!("{kernel}.visaasm"), out.visaasm_of(kernel).unwrap(), &name)
                    .unwrap_or_else(|e| panic!("{fixture} on {platform:?}: GenX_IR: {e}"));
            }
        }
    }
}

#[test]
fn inline_assembly_gives_the_same_visa() {
    if !route_available() {
        return;
    }
    // The route writes `call asm` as OpAsmTargetINTEL/OpAsmINTEL/OpAsmCallINTEL (side effects as
    // SideEffectsINTEL); the reader rebuilds the calls, and the vISA is the .ll route's.
    for fixture in ["intrinsics/inline_asm.ll", "intrinsics/inline_asm_constraints.ll"] {
        let spv = to_spirv(fixture, false);
        let ops = opcodes(&words(&spv));
        assert!(ops.contains(&5610) && ops.contains(&5611), "{fixture}: no OpAsmINTEL/OpAsmCallINTEL");
        for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
            let ll = outputs(&compile(fixture, &common::input(fixture).bytes, platform)).unwrap();
            let from_spv = outputs(&compile("k.spv", &spv, platform)).unwrap_or_else(|log| panic!("{log}"));
            assert_eq!(first_difference(&ll, &from_spv), None, "{fixture} on {platform:?}");
            if common::finalizer_available() {
                let name = format!("{platform:?}").to_uppercase();
                for (file, text) in &from_spv {
                    if file.ends_with(".visaasm") {
                        common::finalize(file, &String::from_utf8_lossy(text), &name)
                            .unwrap_or_else(|e| panic!("{fixture} on {platform:?}: GenX_IR: {e}"));
                    }
                }
            }
        }
    }
}

#[test]
fn single_element_vectors_come_back_at_interfaces() {
    if !route_available() {
        return;
    }
    // With rewrite-sev the writer adaptor makes the `<1 x i32>` parameter, result, pointer and
    // global scalars, marked SingleElementVectorINTEL (6085); the reader gives the vectors back,
    // and the .spv gives the .ll's vISA and kernels.json.
    let fixture = "spirv/single_element.ll";
    let spv = to_spirv_with(fixture, &["--rewrite-types", "--rewrite-sev"]);
    let w = words(&spv);
    let marked = starts(&w).into_iter().filter(|&s| w[s] & 0xffff == OP_DECORATE && w[s + 2] == 6085).count();
    assert_eq!(marked, 4, "the parameter, the pointer, the result and the global are marked");
    let llvm = genxc_spirv::to_llvm_text("k.spv", &spv, &[]).map_err(|d| d.to_string()).unwrap().text;
    assert!(llvm.contains("define internal <1 x i32> @twice(<1 x i32> %a, <1 x i32>* %p)"), "{llvm}");
    assert!(llvm.contains("@g = internal global <1 x i32> <i32 5>"), "{llvm}");
    for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        let ll = outputs(&compile(fixture, &common::input(fixture).bytes, platform)).unwrap();
        let from_spv =
            outputs(&compile("single_element.spv", &spv, platform)).unwrap_or_else(|log| panic!("{log}"));
        assert_eq!(first_difference(&ll, &from_spv), None, "{platform:?}");
        if common::finalizer_available() {
            let name = format!("{platform:?}").to_uppercase();
            common::finalize("single_element.visaasm", out_text(&from_spv, "single_element.visaasm"), &name)
                .unwrap_or_else(|e| panic!("{platform:?}: GenX_IR: {e}"));
        }
    }
    // A decoration on a value that cannot have been a single-element vector is refused.
    let mut bad = w.clone();
    // (the pointer's decoration: the one with a literal, its inner pointer levels)
    let at =
        starts(&bad).into_iter().find(|&s| bad[s] == (4 << 16 | OP_DECORATE) && bad[s + 2] == 6085).unwrap();
    bad[at + 3] = 7;
    let log = compile("k.spv", &bytes(&bad), Platform::Tgllp).log();
    assert!(log.contains("SingleElementVectorINTEL 7 on"), "{log}");
}

/// The text of output `name` among `outputs`.
fn out_text<'a>(outputs: &'a [(String, Vec<u8>)], name: &str) -> &'a str {
    let bytes = &outputs.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no {name}")).1;
    std::str::from_utf8(bytes).unwrap()
}

// ---- specialization constants ----

/// The rebuilt LLVM module of `spv` with the given specialization constants, or the log.
fn rebuilt_llvm(spv: &[u8], spec: &[(u32, &str)]) -> Result<String, String> {
    let opts = CompileOptions {
        emit: Emit::Llvm.into(),
        jobs: 1,
        spec_constants: spec.iter().map(|(id, v)| (*id, v.to_string())).collect(),
        ..Default::default()
    };
    let out = genxc::compile_bytes("k.spv", spv, &opts);
    out.llvm().map(str::to_string).ok_or_else(|| out.log())
}

#[test]
fn specialization_constants_take_their_defaults_or_the_given_values() {
    if !route_available() {
        return;
    }
    let spv = to_spirv("spirv/spec_constant.ll", false);
    // Defaults: SpecId 3 is the i32 7, SpecId 4 the float 0.5.
    let llvm = rebuilt_llvm(&spv, &[]).unwrap();
    // (the import's algebra folds the splats into constant vectors)
    assert!(llvm.contains("mul <8 x i32> %v, <i32 7, i32 7,"), "{llvm}");
    assert!(llvm.contains("<float 5.000000e-01, float 5.000000e-01,"), "{llvm}");
    let llvm = rebuilt_llvm(&spv, &[(3, "-2"), (4, "0.25")]).unwrap();
    assert!(llvm.contains("mul <8 x i32> %v, <i32 -2, i32 -2,"), "{llvm}");
    assert!(llvm.contains("<float 2.500000e-01, float 2.500000e-01,"), "{llvm}");
    let llvm = rebuilt_llvm(&spv, &[(3, "0xff")]).unwrap();
    assert!(llvm.contains("<i32 255, i32 255,"), "{llvm}");
    // The C ABI's option string reads the same option.
    let opts = CompileOptions::parse("-emit llvm -spec-constant 3=9").unwrap();
    assert_eq!(opts.spec_constants, vec![(3, "9".to_string())]);
    let log = rebuilt_llvm(&spv, &[(9, "1")]).unwrap_err();
    assert!(log.contains("no specialization constant has SpecId 9"), "{log}");
    let log = rebuilt_llvm(&spv, &[(3, "4294967296")]).unwrap_err();
    assert!(
        log.contains("the specialization constant of type i32 cannot take the value '4294967296'"),
        "{log}"
    );
    let log = rebuilt_llvm(&spv, &[(4, "half")]).unwrap_err();
    assert!(log.contains("cannot take the value 'half'"), "{log}");
}

/// The hand-assembled module tests/fixtures/spirv/`name`.spvasm (spirv-as, SPIR-V 1.2, numeric
/// ids kept for the raw words of instructions it does not know), or `None` without spirv-as (the
/// test skips, or fails when tools are required).
fn assemble(name: &str) -> Option<Vec<u8>> {
    if !common::tool_available("spirv-as", "--version", "spirv-tools") {
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("k.spv");
    let source = common::fixtures().join(format!("spirv/{name}.spvasm"));
    let run = Command::new("spirv-as")
        .args(["--preserve-numeric-ids", "--target-env", "spv1.2"])
        .arg(&source)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success(), "spirv-as {name}: {}", String::from_utf8_lossy(&run.stderr));
    Some(std::fs::read(out).unwrap())
}

/// The first 16 dwords the reference interpreter leaves in surface 0 after running kernel 0 of
/// `module` once.
fn reference_dwords(module: &genxc_genx::Module) -> Vec<i32> {
    use genxc_sim::launch::{Fill, Launch};
    use genxc_sim::reference;
    let specs = reference::arg_specs(module, 0);
    let (run, mut memory) = Launch::random_filled(&specs, 1, 0, [1, 1, 1], [1, 1, 1], 0, Fill::Mixed);
    reference::run(module, 0, 0, &run, &mut memory).unwrap();
    let id = memory.surface(0).unwrap();
    (0..16).map(|i| memory.buffers[id].bytes.get(4 * i, 4).0 as u32 as i32).collect()
}

#[test]
fn specialization_constant_operations_fold_with_defaults_and_given_values() {
    let Some(spv) = assemble("spec_ops") else { return };
    let input = genxc::Input { name: "k.spv".into(), bytes: spv.clone() };
    // Select, SMod, FMul then ConvertFToS, SLessThan/ShiftLeftLogical/Select, VectorShuffle then
    // CompositeExtract, CompositeInsert then CompositeExtract, INotEqual/LogicalNot/LogicalAnd/
    // Not/SNegate/Select, ISub then SDiv: with a = 7, b = -3, f = 2.5, t = true ...
    let defaults = genxc::import(&input, Platform::Tgllp).unwrap();
    // Then FMod (times 10), SMod of (a, b) by (b, a), f through half (times 10), b >> 1 in 64
    // bits, b < a unsigned, t || b > a unsigned, a ^ b.
    assert_eq!(reference_dwords(&defaults), [7, 4, 6, 28, -3, 7, 2, -2, 2, -2, 4, 25, -2, 0, 11, -6]);
    // ... and with a = 10, b = 4, f = -1.5, t = false, through genxc::import_specialized.
    let given: Vec<(u32, String)> =
        [(0, "10"), (1, "4"), (2, "-1.5"), (3, "false")].iter().map(|(i, v)| (*i, v.to_string())).collect();
    let set = genxc::import_specialized(&input, Platform::Tgllp, &given).unwrap();
    assert_eq!(reference_dwords(&set), [4, 4, 2, 40, 4, 10, -10, -2, 0, 2, 4, -15, 2, 1, 22, 14]);
    // The compile takes the same values: LLVM folded every expression.
    let given: Vec<(u32, &str)> = given.iter().map(|(i, v)| (*i, v.as_str())).collect();
    let llvm = rebuilt_llvm(&spv, &given).unwrap();
    // The stored vectors are constants: their lanes, store by store.
    let lanes: Vec<&str> = llvm
        .lines()
        .filter(|l| l.contains("@llvm.genx.oword.st.v8i32"))
        .filter_map(|l| l.split("<8 x i32> <").nth(1))
        .flat_map(|v| v.trim_end_matches(">)").split(", ").map(|e| e.trim_start_matches("i32 ")))
        .collect();
    let expected = ["4", "4", "2", "40", "4", "10", "-10", "-2", "0", "2", "4", "-15", "2", "1", "22", "14"];
    assert_eq!(lanes, expected, "{llvm}");
    for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        let out = compile("k.spv", &spv, platform);
        assert!(!out.failed(), "{}", out.log());
        if common::finalizer_available() {
            let name = format!("{platform:?}").to_uppercase();
            common::finalize("spec_ops.visaasm", out.visaasm_of("spec_ops").unwrap(), &name)
                .unwrap_or_else(|e| panic!("{platform:?}: GenX_IR: {e}"));
        }
    }
}

#[test]
fn two_result_and_bfloat16_instructions_and_member_offsets() {
    let Some(spv) = assemble("two_results") else { return };
    // OpIAddCarry, OpISubBorrow, OpUMulExtended and OpSMulExtended become the `__spirv_*` calls
    // the import expands: the memory of the plain-arithmetic kernel, on the four platforms.
    for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        same_memory("spirv/two_results.ll", &spv, platform, [1, 1, 1], [1, 1, 1])
            .unwrap_or_else(|e| panic!("{platform:?}: {e}"));
        if common::finalizer_available() {
            let out = compile("k.spv", &spv, platform);
            let name = format!("{platform:?}").to_uppercase();
            common::finalize("two_results.visaasm", out.visaasm_of("two_results").unwrap(), &name)
                .unwrap_or_else(|e| panic!("{platform:?}: GenX_IR: {e}"));
        }
    }
    // OpConvertFToBF16INTEL and OpConvertBF16ToFINTEL: the `__spirv_*` conversions, rounding to
    // nearest even as the plain-arithmetic kernel does.
    if let Some(bf16) = assemble("bf16") {
        for platform in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
            same_memory("spirv/bf16.ll", &bf16, platform, [1, 1, 1], [1, 1, 1])
                .unwrap_or_else(|e| panic!("bf16 on {platform:?}: {e}"));
        }
    }
    // The structure's Offsets (0, 8, 16, 32 for i8, i64, <3 x float>, i16) are LLVM's; one that
    // is not is refused at the word of its OpMemberDecorate (72).
    let mut w = words(&spv);
    let decorate = starts(&w).into_iter().filter(|&s| w[s] & 0xffff == 72).nth(2).unwrap();
    assert_eq!(&w[decorate + 2..decorate + 5], &[2, 35, 16], "member 2's Offset");
    w[decorate + 4] = 12;
    let log = refusal(&bytes(&w));
    assert!(
        log.contains(&format!(
            "SPIR-V at word {decorate}: member 2 (<3 x float>) of %{} has Offset 12, LLVM's layout of {{ i8, i64, <3 x float>, i16 }} puts it at byte 16",
            w[decorate + 1]
        )),
        "{log}"
    );
}

/// A module of the given instructions (opcode, operands) after the kernel capabilities and the
/// memory model, with an id bound of 10,000.
fn module_of(insts: &[(u32, Vec<u32>)]) -> Vec<u8> {
    let mut w = vec![0x0723_0203, 0x0001_0000, 0, 10_000, 0];
    let mut all = vec![(17, vec![4]), (17, vec![5]), (17, vec![6]), (14, vec![2, 2])];
    all.extend_from_slice(insts);
    for (op, operands) in all {
        w.push(((operands.len() as u32 + 1) << 16) | op);
        w.extend(operands);
    }
    bytes(&w)
}

#[test]
fn types_and_constants_that_double_are_refused_before_they_grow() {
    // Structs of two copies of the previous struct: 2^60 parts if built.
    let mut insts = vec![(21, vec![1, 32, 0])];
    for id in 2..62 {
        insts.push((30, vec![id, id - 1, id - 1]));
    }
    let log = refusal(&module_of(&insts));
    assert!(log.contains("parts nested") && log.contains("SPIR-V at word"), "{log}");
    // Arrays of two copies of the previous constant: the text doubles with each level.
    let mut insts = vec![(21, vec![1, 32, 0]), (43, vec![1, 2, 2]), (43, vec![1, 3, 7])];
    let (mut element, mut constant) = (1, 3);
    for level in 0..40 {
        let (ty, c) = (100 + 2 * level, 101 + 2 * level);
        insts.push((28, vec![ty, element, 2]));
        insts.push((44, vec![ty, c, constant, constant]));
        (element, constant) = (ty, c);
    }
    let log = refusal(&module_of(&insts));
    assert!(log.contains("a composite constant of") && log.contains("bytes of LLVM text"), "{log}");
    // Nesting deeper than the reader takes.
    let mut insts = vec![(21, vec![1, 32, 0]), (43, vec![1, 2, 2])];
    for id in 3..100 {
        insts.push((28, vec![id, if id == 3 { 1 } else { id - 1 }, 2]));
    }
    let log = refusal(&module_of(&insts));
    assert!(log.contains("deep"), "{log}");
}

#[test]
fn vectors_longer_than_genx_allows_are_refused() {
    let log = refusal(&module_of(&[(21, vec![1, 32, 0]), (23, vec![2, 1, u32::MAX])]));
    assert!(log.contains("a vector of 4294967295 elements (GenX vectors have at most 8192)"), "{log}");
}

#[test]
fn big_endian_modules_read_as_little_endian_ones() {
    if !route_available() {
        return;
    }
    let fixture = "cm/06_loop_colsum.ll";
    let little = to_spirv(fixture, false);
    let big: Vec<u8> = little.chunks_exact(4).flat_map(|c| [c[3], c[2], c[1], c[0]]).collect();
    let a = outputs(&compile("k.spv", &little, Platform::Tgllp)).unwrap();
    let b = outputs(&compile("k.spv", &big, Platform::Tgllp)).unwrap();
    assert_eq!(first_difference(&a, &b), None);
}

#[test]
fn float_control_stack_and_simt_calls_come_back() {
    if !route_available() {
        return;
    }
    // The kernel's "CMFloatControl" travels as execution modes, the subroutine's as
    // SPV_INTEL_float_controls2 decorations.
    let spv = to_spirv("spirv/float_control.ll", false);
    let llvm = rebuilt_llvm(&spv, &[]).unwrap();
    let attributes = |function: &str| {
        let group = llvm
            .lines()
            .find(|l| l.starts_with("define") && l.contains(&format!("@{function}(")))
            .and_then(|l| l.rsplit_once('#'))
            .map(|(_, g)| g.trim_end_matches(" {").to_string())
            .unwrap_or_else(|| panic!("no @{function} in {llvm}"));
        llvm.lines().find(|l| l.starts_with(&format!("attributes #{group} "))).unwrap().to_string()
    };
    assert!(attributes("float_control").contains("\"CMFloatControl\"=\"145\""), "{llvm}");
    assert!(attributes("scale").contains("\"CMFloatControl\"=\"1265\""), "{llvm}");
    // StackCallINTEL and SIMTCallINTEL.
    let twice = attributes("twice");
    assert!(twice.contains("\"CMStackCall\"") && twice.contains("\"CMGenxSIMT\"=\"16\""), "{llvm}");
}

#[test]
fn decoration_groups_decorate_their_targets() {
    if !route_available() {
        return;
    }
    // The plain route's saxpy, its surface kinds and descriptors given through one group per
    // parameter instead of OpDecorate on the parameters: the .ll route's output.
    let fixture = "cm/01_saxpy_oword.ll";
    let plain = to_spirv(fixture, true);
    let ll = outputs(&compile(fixture, &common::input(fixture).bytes, Platform::Tgllp)).unwrap();
    let mut w = words(&plain);
    for (i, (param, desc)) in
        [("xbuf", "buffer_t read_only"), ("ybuf", "buffer_t read_write")].into_iter().enumerate()
    {
        let id = ids_named(&w, param)[0];
        // A fresh id for the group, below a raised bound.
        let group = w[3] + i as u32;
        // OpDecorationGroup (73) after the decorations, the group's own decorations before it.
        insert_after_last(&mut w, OP_DECORATE, OP_DECORATE, &[group, 9624, 2]);
        let mut operands = vec![group, 9625];
        operands.extend(string_words(desc));
        insert_after_last(&mut w, OP_DECORATE, OP_DECORATE, &operands);
        insert_after_last(&mut w, OP_DECORATE, 73, &[group]);
        // OpGroupDecorate (74) applies it.
        insert_after_last(&mut w, 73, 74, &[group, id]);
    }
    w[3] += 2;
    let with = outputs(&compile("saxpy.spv", &bytes(&w), Platform::Tgllp)).unwrap();
    assert_eq!(first_difference(&ll, &with), None);
}

#[test]
fn later_diagnostics_name_the_spirv_word() {
    if !route_available() {
        return;
    }
    // A call the import refuses: its diagnostic names the function and instruction by their
    // OpNames, and a note gives the word of the OpFunctionCall (opcode 57) that defines it.
    let spv = to_spirv("bad/ld_arity_2.ll", false);
    let out = compile("k.spv", &spv, Platform::Tgllp);
    assert!(out.failed());
    let w = words(&spv);
    let d = ids_named(&w, "d")[0];
    let call = starts(&w).into_iter().find(|&s| w[s] & 0xffff == 57 && w[s + 2] == d).unwrap();
    let log = out.log();
    assert!(
        log.contains("error: in function @k, instruction %d: llvm.genx.oword.ld takes 3 operands, found 2"),
        "{log}"
    );
    assert!(log.contains(&format!("note: k.spv: from the SPIR-V instruction at word {call}")), "{log}");
}

#[test]
fn debug_information_is_left_out() {
    if !route_available() {
        return;
    }
    // OpenCL.DebugInfo.100 instructions (literal operands past the id bound included) at module
    // scope and in a function change nothing.
    let fixture = "cm/01_saxpy_oword.ll";
    let spv = to_spirv(fixture, false);
    let plain = outputs(&compile("k.spv", &spv, Platform::Tgllp)).unwrap();
    let mut w = words(&spv);
    let bound = w[3];
    let (set, none, inside) = (bound, bound + 1, bound + 2);
    w[3] = bound + 3;
    let void = starts(&w).into_iter().find(|&s| w[s] & 0xffff == 19).map(|s| w[s + 1]).unwrap();
    let mut import = vec![set];
    import.extend(string_words("OpenCL.DebugInfo.100"));
    insert_after_last(&mut w, 11, 11, &import);
    // OpExtInst (12) after the types: DebugInfoNone, then one with a literal 65536.
    insert_after_last(&mut w, 33, 12, &[void, none, set, 0]);
    let label = starts(&w).into_iter().find(|&s| w[s] & 0xffff == 248).unwrap();
    let end = label + 2;
    w.splice(end..end, [(6 << 16) | 12, void, inside, set, 1, 65_536]);
    let with = outputs(&compile("k.spv", &bytes(&w), Platform::Tgllp)).unwrap();
    assert_eq!(first_difference(&plain, &with), None);
}
