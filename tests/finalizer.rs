//! Conformance: every kernel genxc emits is run through Intel's vISA finalizer (`GenX_IR`) on SKL,
//! TGLLP, DG2 and PVC, and must be accepted and end the thread. Kernels that need features the
//! compiler does not have yet must be refused with an `unsupported:` diagnostic, never emitted.

mod common;

use common::{compile, finalize, finalizer_available, input, kernel_count};
use genxc::genxc_diag::Kind;
use genxc_genx::Platform;

const PLATFORMS: [Platform; 4] = [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc];

/// Why named barriers are refused before PVC.
const NAMED_BARRIERS: &str = "named barriers need PVC";

/// Fixtures that must compile, with the platforms genxc itself refuses them on (and why).
const SUPPORTED: &[(&str, &[(Platform, &str)])] = &[
    ("cm/01_saxpy_oword.ll", &[]),
    ("cm/02_haar_stride2.ll", &[]),
    ("cm/03_media_transpose8x8.ll", &[]),
    ("cm/04_indirect_window.ll", &[]),
    ("cm/05_leaky_relu_pred.ll", &[]),
    ("cm/06_loop_colsum.ll", &[]),
    ("cm/07_subroutine_clone.ll", &[]),
    ("cm/08_saturate.ll", &[]),
    ("cm/09_minmax_clamp.ll", &[]),
    ("cm/10_half_normalize.ll", &[]),
    ("cm/11_slm_neighbor.ll", &[(Platform::Skl, SLM_OWORD_SKL)]),
    ("cm/12_wide_fmul64.ll", &[]),
    ("zebin/spill_pressure.ll", &[]),
    ("zebin/fp_contract.ll", &[]),
    ("zebin/debug_locations.ll", &[]),
    ("zebin/extern_address.ll", &[]),
    ("zebin/private_array.ll", &[]),
    ("zebin/private_recursion.ll", &[]),
    ("calls/stack_calls.ll", &[]),
    ("calls/linked_call.ll", &[]),
    ("calls/linked_symbol.ll", &[]),
    ("calls/external_subroutine.ll", &[]),
    ("calls/call_undefined.ll", &[]),
    ("calls/indirect_calls.ll", &[]),
    ("calls/indirect_values.ll", &[]),
    ("calls/predef_regs.ll", &[]),
    ("calls/predef_vars.ll", &[]),
    ("calls/call_indirect.ll", &[]),
    ("calls/stack_call_subroutines.ll", &[]),
    ("kernels/int_ops.ll", &[]),
    ("kernels/regions.ll", &[]),
    ("kernels/multi.ll", &[]),
    ("kernels/output_args.ll", &[]),
    ("kernels/split_regions.ll", &[]),
    ("kernels/split_indirect.ll", &[]),
    ("kernels/casts_half.ll", &[(Platform::Skl, SLM_OWORD_SKL)]),
    ("kernels/float_arith.ll", &[]),
    ("kernels/compare_select.ll", &[]),
    ("kernels/select_polarity_lanes.ll", &[]),
    ("kernels/control.ll", &[]),
    ("kernels/subroutines.ll", &[]),
    ("kernels/subroutines_in_place.ll", &[]),
    ("kernels/casts.ll", &[]),
    ("kernels/math.ll", &[]),
    ("kernels/sat_minmax.ll", &[]),
    ("kernels/regions_more.ll", &[]),
    ("kernels/ids.ll", &[]),
    ("kernels/memory.ll", &[]),
    ("memory/svm_pointers.ll", &[]),
    ("memory/spir_kernel_unlisted.ll", &[]),
    ("memory/atomics_memcpy.ll", &[]),
    ("memory/slm_surface.ll", &[]),
    ("memory/accepted/inst_addrspacecast.ll", &[]),
    ("memory/accepted/inst_cmpxchg.ll", &[]),
    ("memory/accepted/inst_inttoptr.ll", &[]),
    ("memory/accepted/type_pointer_param.ll", &[]),
    ("memory/accepted/call_llvm_memcpy.ll", &[]),
    ("memory/accepted/intr_llvm_memset.ll", &[]),
    ("memory/indexed.ll", &[]),
    ("memory/bytes_words.ll", &[]),
    ("globals/shared_table.ll", &[]),
    ("globals/address_in_global.ll", &[]),
    ("globals/device_table.ll", &[]),
    ("globals/device_address_in_global.ll", &[]),
    ("globals/private_linkage.ll", &[]),
    ("globals/address_stored.ll", &[]),
    ("globals/accepted/global_address_stored.ll", &[]),
    ("globals/accepted/global_device_memory.ll", &[]),
    ("globals/accepted/global_shared_mutable.ll", &[]),
    ("memory/stack_memory.ll", &[]),
    ("quality/media_byte_logic.ll", &[]),
    ("quality/slm_exchange_ids.ll", &[(Platform::Skl, SLM_OWORD_SKL)]),
    ("quality/merged_tiles.ll", &[]),
    ("quality/subroutine_chain.ll", &[]),
    ("quality/clamp_minmax.ll", &[]),
    ("pressure/live_tiles.ll", &[]),
    ("pressure/gemm_tile.ll", &[]),
    ("pressure/long_live.ll", &[]),
    ("pressure/early_values.ll", &[]),
    ("pressure/double_grf.ll", &[]),
    ("memory/accepted/alloca_volatile.ll", &[]),
    ("calls/stack_args_memory.ll", &[]),
    ("calls/cast_callee.ll", &[]),
    ("calls/stack_recursion_memory.ll", &[]),
    ("aggregates/structs.ll", &[]),
    ("builtins/spirv_carry.ll", &[]),
    ("builtins/opencl_integer.ll", &[]),
    ("builtins/opencl_float.ll", &[]),
    ("builtins/spirv_work_items.ll", &[]),
    ("builtins/opencl_pow.ll", &[]),
    ("builtins/opencl_pointer_out.ll", &[]),
    ("builtins/opencl_gelu.ll", &[]),
    ("builtins/opencl_geometry.ll", &[]),
    ("builtins/opencl_pow_constant.ll", &[]),
    ("builtins/opencl_misc.ll", &[]),
    (
        "builtins/fp64/opencl_double.ll",
        &[(Platform::Tgllp, "is not available on tgllp"), (Platform::Dg2, "is not available on dg2")],
    ),
    (
        "builtins/fp64/opencl_double_power.ll",
        &[(Platform::Tgllp, "is not available on tgllp"), (Platform::Dg2, "is not available on dg2")],
    ),
    (
        "builtins/fp64/double_frem.ll",
        &[(Platform::Tgllp, "is not available on tgllp"), (Platform::Dg2, "is not available on dg2")],
    ),
    ("intrinsics/compiler_copies.ll", &[]),
    ("intrinsics/inline_asm.ll", &[]),
    ("intrinsics/accepted/inline_asm_immediate_register.ll", &[]),
    ("intrinsics/inline_asm_constraints.ll", &[]),
    ("intrinsics/accepted/inline_asm_tied.ll", &[]),
    ("intrinsics/accepted/inline_asm_clobber.ll", &[]),
    ("intrinsics/accepted/inline_asm_raw.ll", &[]),
    ("intrinsics/accepted/inline_asm_two_outputs.ll", &[]),
    ("intrinsics/reductions.ll", &[]),
    ("intrinsics/oword_small.ll", &[]),
    ("intrinsics/bf16_activation.ll", &[]),
    (
        "intrinsics/dpas_gemm_dg2.ll",
        &[(Platform::Skl, DPAS_SKL), (Platform::Tgllp, DPAS_TGLLP), (Platform::Pvc, DPAS8_PVC)],
    ),
    (
        "intrinsics/dpas_gemm_pvc.ll",
        &[(Platform::Skl, DPAS_SKL), (Platform::Tgllp, DPAS_TGLLP), (Platform::Dg2, DPAS16_DG2)],
    ),
    (
        "intrinsics/split_barrier.ll",
        &[(Platform::Skl, "oword block messages on SLM are not available on skl")],
    ),
    ("intrinsics/hw_state.ll", &[]),
    ("intrinsics/untyped_atomics.ll", &[]),
    ("intrinsics/svm_scaled4.ll", &[]),
    ("intrinsics/avs.ll", &[]),
    (
        "intrinsics/named_barrier.ll",
        &[
            (Platform::Skl, "not available on skl"),
            (Platform::Tgllp, NAMED_BARRIERS),
            (Platform::Dg2, NAMED_BARRIERS),
        ],
    ),
    ("intrinsics/accepted/ld_scalar.ll", &[]),
    ("intrinsics/accepted/ld_unaligned_size.ll", &[]),
    ("intrinsics/accepted/st_scalar_data.ll", &[]),
    ("intrinsics/accepted/svm_gather4_scaled_dg2.ll", &[]),
    ("intrinsics/accepted/typed_atomic_fadd_tgllp.ll", &[]),
    ("kernels/bool_args.ll", &[]),
    ("kernels/region_past_end.ll", &[]),
    ("kernels/accepted/rd_rows_past_end.ll", &[]),
    ("kernels/accepted/wr_past_end.ll", &[]),
    ("kernels/accepted/branch_on_i1_arg.ll", &[]),
    ("kernels/accepted/select_on_i1_arg.ll", &[]),
    ("aggregates/accepted/inst_extractvalue.ll", &[]),
    ("aggregates/accepted/simdcf_extract_select.ll", &[]),
    ("aggregates/accepted/type_array_param.ll", &[]),
    ("aggregates/accepted/type_array_select.ll", &[]),
    ("aggregates/accepted/type_struct_insertvalue.ll", &[]),
    ("aggregates/accepted/type_struct_return.ll", &[]),
    ("kernels/predicates.ll", &[]),
    ("kernels/predicate_phis.ll", &[]),
    ("kernels/predicate_subroutines.ll", &[]),
    ("kernels/frem.ll", &[]),
    ("kernels/int_bits.ll", &[]),
    ("kernels/int64.ll", &[]),
    ("kernels/int_div.ll", &[]),
    ("kernels/shared_division.ll", &[]),
    ("kernels/simdcf.ll", &[]),
    ("kernels/simdcf_messages.ll", &[]),
    ("kernels/simdcf_exit_copy.ll", &[]),
    ("simdcf/em_as_data.ll", &[]),
    ("simdcf/em_zext_slice.ll", &[]),
    ("simdcf/em_slice_before_join.ll", &[]),
    ("simdcf/em_and_apart.ll", &[]),
    ("simdcf/em_raw_send.ll", &[]),
    ("simdcf/unmask.ll", &[]),
    (
        "kernels/simdcf_messages_simd32.ll",
        &[
            (Platform::Skl, SCATTER_SIMD32_SKL),
            (Platform::Tgllp, SCATTER_SIMD32_TGLLP),
            (Platform::Dg2, SCATTER_SIMD32_DG2),
        ],
    ),
    ("kernels/simdcf_lsc.ll", &[(Platform::Skl, LSC_LOAD_SKL), (Platform::Tgllp, LSC_LOAD_TGLLP)]),
    ("kernels/int64_div.ll", &[]),
    ("kernels/int64_double.ll", &[(Platform::Tgllp, NO_DOUBLE_TGLLP), (Platform::Dg2, NO_DOUBLE_DG2)]),
    ("kernels/lsc.ll", &[(Platform::Skl, LSC_SKL), (Platform::Tgllp, LSC_TGLLP)]),
    ("kernels/raw_send.ll", &[]),
    ("kernels/raw_send_true_pred.ll", &[]),
    ("kernels/atomics.ll", &[]),
    ("kernels/atomics_float_add.ll", &[]),
    ("kernels/gather4_scaled2.ll", &[]),
    ("kernels/svm_scaled4.ll", &[]),
    ("kernels/simd32_alu.ll", &[]),
    (
        "kernels/svm_simd32.ll",
        &[
            (Platform::Skl, SVM_SIMD32_SKL),
            (Platform::Tgllp, SVM_SIMD32_TGLLP),
            (Platform::Dg2, SVM_SIMD32_DG2),
        ],
    ),
    ("kernels/lsc_shapes.ll", &[(Platform::Skl, LSC_LOAD_SKL), (Platform::Tgllp, LSC_LOAD_TGLLP)]),
    (
        "kernels/lsc_simd32.ll",
        &[(Platform::Skl, LSC_LOAD_SKL), (Platform::Tgllp, LSC_LOAD_TGLLP), (Platform::Dg2, LSC_SIMD32_DG2)],
    ),
    ("kernels/lsc_more.ll", &[(Platform::Skl, LSC_BTI_SKL), (Platform::Tgllp, LSC_BTI_TGLLP)]),
    ("surfaces/surface_values.ll", &[]),
    ("surfaces/sampler_blit.ll", &[]),
    ("surfaces/sampler_3d_load.ll", &[]),
    ("surfaces/sampler_3d_sample.ll", &[]),
    ("surfaces/sampler_gather4.ll", &[]),
    ("surfaces/sampler_values.ll", &[(Platform::Pvc, SAMPLE_PVC)]),
    ("surfaces/predefined_slm.ll", &[(Platform::Skl, SLM_OWORD_SKL)]),
    (
        "surfaces/lsc_bti_values.ll",
        &[(Platform::Skl, LSC_LOAD_BTI_SKL), (Platform::Tgllp, LSC_LOAD_BTI_TGLLP)],
    ),
    ("surfaces/accepted/ld_surface_computed.ll", &[]),
    ("surfaces/accepted/md_sampler_argument.ll", &[]),
    ("surfaces/accepted/ld_surface_constant.ll", &[]),
    ("surfaces/accepted/ld_surface_general_arg.ll", &[]),
    ("surfaces/accepted/st_surface_constant.ll", &[]),
    ("surfaces/accepted/st_surface_general_arg.ll", &[]),
    (
        "surfaces/accepted/lsc_bti_constant_250.ll",
        &[(Platform::Skl, LSC_LOAD_BTI_SKL), (Platform::Tgllp, LSC_LOAD_BTI_TGLLP)],
    ),
    (
        "surfaces/accepted/lsc_bti_general_arg.ll",
        &[(Platform::Skl, LSC_LOAD_BTI_SKL), (Platform::Tgllp, LSC_LOAD_BTI_TGLLP)],
    ),
    (
        "kernels/lsc_block2d.ll",
        &[(Platform::Skl, BLOCK2D_SKL), (Platform::Tgllp, BLOCK2D_TGLLP), (Platform::Dg2, BLOCK2D_DG2)],
    ),
    (
        "kernels/lsc_block2d_padded.ll",
        &[(Platform::Skl, LOAD2D_SKL), (Platform::Tgllp, LOAD2D_TGLLP), (Platform::Dg2, LOAD2D_DG2)],
    ),
];

/// Inputs genxc refuses on some platforms, with the message: platform limits reported by genxc
/// before the finalizer would see them.
const REFUSED: &[(&str, Platform, &str)] = &[
    ("refusals/lsc_load.ll", Platform::Tgllp, "llvm.genx.lsc.load.stateless is not available on tgllp"),
    ("refusals/lsc_load.ll", Platform::Skl, "llvm.genx.lsc.load.stateless is not available on skl"),
    (
        "refusals/lsc_data_grfs.ll",
        Platform::Dg2,
        "llvm.genx.lsc.load.stateless moving 16 registers of data is not available on dg2",
    ),
    (
        "refusals/lsc_slm_fadd.ll",
        Platform::Pvc,
        "llvm.genx.lsc.atomic.slm: atomic float add and subtract on SLM are not available on pvc",
    ),
];

const LSC_SKL: &str = "llvm.genx.lsc.prefetch.stateless is not available on skl";
const LSC_TGLLP: &str = "llvm.genx.lsc.prefetch.stateless is not available on tgllp";
const LSC_BTI_SKL: &str = "llvm.genx.lsc.prefetch.bti is not available on skl";
const LSC_BTI_TGLLP: &str = "llvm.genx.lsc.prefetch.bti is not available on tgllp";
const LSC_LOAD_BTI_SKL: &str = "llvm.genx.lsc.load.bti is not available on skl";
const LSC_LOAD_BTI_TGLLP: &str = "llvm.genx.lsc.load.bti is not available on tgllp";
const BLOCK2D_SKL: &str = "llvm.genx.lsc.prefetch2d.stateless is not available on skl";
const BLOCK2D_TGLLP: &str = "llvm.genx.lsc.prefetch2d.stateless is not available on tgllp";
const BLOCK2D_DG2: &str =
    "llvm.genx.lsc.prefetch2d.stateless is not available on dg2 (2D block messages need PVC)";
const LOAD2D_SKL: &str = "llvm.genx.lsc.load2d.stateless is not available on skl";
const LOAD2D_TGLLP: &str = "llvm.genx.lsc.load2d.stateless is not available on tgllp";
const LOAD2D_DG2: &str =
    "llvm.genx.lsc.load2d.stateless is not available on dg2 (2D block messages need PVC)";
const LSC_LOAD_SKL: &str = "llvm.genx.lsc.load.stateless is not available on skl";
const LSC_LOAD_TGLLP: &str = "llvm.genx.lsc.load.stateless is not available on tgllp";
const SVM_SIMD32_SKL: &str = "llvm.genx.svm.gather with 32 lanes is not available on skl";
const SVM_SIMD32_TGLLP: &str = "llvm.genx.svm.gather with 32 lanes is not available on tgllp";
const SVM_SIMD32_DG2: &str = "llvm.genx.svm.gather with 32 lanes is not available on dg2";
const SCATTER_SIMD32_SKL: &str = "llvm.genx.scatter.scaled with 32 lanes is not available on skl";
const SCATTER_SIMD32_TGLLP: &str = "llvm.genx.scatter.scaled with 32 lanes is not available on tgllp";
const SCATTER_SIMD32_DG2: &str = "llvm.genx.scatter.scaled with 32 lanes is not available on dg2";
const LSC_SIMD32_DG2: &str = "llvm.genx.lsc.load.stateless with 32 lanes is not available on dg2";
const NO_DOUBLE_TGLLP: &str = "double precision conversion is not available on tgllp";
const NO_DOUBLE_DG2: &str = "double precision conversion is not available on dg2";
const DPAS_SKL: &str = "llvm.genx.dpas is not available on skl";
const DPAS_TGLLP: &str = "llvm.genx.dpas is not available on tgllp";
const DPAS8_PVC: &str = "llvm.genx.dpas 8 lanes wide is not available on pvc";
const DPAS16_DG2: &str = "llvm.genx.dpas 16 lanes wide is not available on dg2";
const SLM_OWORD_SKL: &str = "oword block messages on SLM are not available on skl";
const SAMPLE_PVC: &str = "llvm.genx.sample is not available on pvc";

#[test]
fn every_emitted_kernel_is_accepted_by_the_finalizer() {
    let have_finalizer = finalizer_available();
    let mut checked = 0;
    for (fixture, refusals) in SUPPORTED {
        for p in PLATFORMS {
            let result = compile(&[input(fixture)], p, 0);
            if let Some((_, why)) = refusals.iter().find(|(rp, _)| *rp == p) {
                assert!(result.failed(), "{fixture} on {p} should be refused");
                assert!(
                    result
                        .diagnostics
                        .iter()
                        .any(|d| d.kind == Kind::NotAvailable && d.to_string().contains(why)),
                    "{fixture} on {p}: expected '{why}', got {:?}",
                    result.diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>()
                );
                continue;
            }
            assert!(!result.failed(), "{fixture} on {p}: {:#?}", result.diagnostics);
            assert!(!result.outputs.is_empty(), "{fixture} on {p}: no output");
            for f in &result.outputs {
                let text = String::from_utf8(f.bytes.clone()).expect("vISA text is UTF-8");
                assert!(text.starts_with(".version 4.1\n"), "{}", f.name);
                no_instruction_twice_in_a_row(fixture, &text);
                if have_finalizer {
                    if let Err(e) = finalize(&f.name, &text, p.info().finalizer_name) {
                        panic!("{fixture}: {e}");
                    }
                    checked += 1;
                }
            }
        }
    }
    if have_finalizer {
        // every kernel of every fixture on every platform, less the refusals
        let kernels: usize =
            SUPPORTED.iter().map(|(f, r)| kernel_count(f) * (PLATFORMS.len() - r.len())).sum();
        assert_eq!(checked, kernels, "number of kernels the finalizer checked");
    }
}

/// The 64-bit emulation on the parts the main list leaves out: ICLLP (no 64-bit integers, native
/// 32-bit division) and MTL (no 64-bit integers, doubles: i64 <-> double emulated).
#[test]
fn sixty_four_bit_emulation_is_accepted_on_icllp_and_mtl() {
    let have_finalizer = finalizer_available();
    for (fixture, p) in [
        ("kernels/int64.ll", Platform::Icllp),
        ("kernels/int64_div.ll", Platform::Icllp),
        ("kernels/shared_division.ll", Platform::Icllp),
        ("kernels/int64.ll", Platform::Mtl),
        ("kernels/int64_div.ll", Platform::Mtl),
        ("kernels/int64_double.ll", Platform::Mtl),
    ] {
        let result = compile(&[input(fixture)], p, 0);
        assert!(!result.failed(), "{fixture} on {p}: {:#?}", result.diagnostics);
        assert_eq!(result.outputs.len(), kernel_count(fixture), "{fixture} on {p}");
        for f in &result.outputs {
            let text = String::from_utf8(f.bytes.clone()).expect("vISA text is UTF-8");
            // no native 64-bit integer arithmetic left (the finalizer splits 64-bit moves only)
            let native = text
                .lines()
                .filter(|l| l.contains(":q") || l.contains("_q(") || l.contains(":uq") || l.contains("_uq("))
                .find(|l| {
                    let l = l.trim_start();
                    // past a predicate
                    let op = if l.starts_with('(') { l.split_once(") ").map_or(l, |(_, op)| op) } else { l };
                    !op.starts_with("mov ")
                });
            assert!(native.is_none(), "{fixture} on {p}: {}: {native:?}", f.name);
            if have_finalizer {
                if let Err(e) = finalize(&f.name, &text, p.info().finalizer_name) {
                    panic!("{fixture}: {e}");
                }
            }
        }
    }
}

/// Inline assembly is written verbatim with genxc's operands substituted: the text reaches the
/// finalizer, which accepts a valid template (intrinsics/inline_asm.ll, in [`SUPPORTED`]) and
/// rejects one that is not vISA (`nop`).
#[test]
fn inline_asm_text_reaches_the_finalizer() {
    let have_finalizer = finalizer_available();
    for p in PLATFORMS {
        let result = compile(&[input("intrinsics/inline_asm.ll")], p, 0);
        assert!(!result.failed(), "{p}: {:#?}", result.diagnostics);
        let text = String::from_utf8(result.outputs[0].bytes.clone()).expect("vISA text is UTF-8");
        let asm: Vec<&str> = text
            .lines()
            .map(str::trim)
            // (the messages, sent raw, name `%null` too)
            .filter(|l| !l.starts_with("raw_sends"))
            .filter(|l| l.starts_with("add (M1, ") || l.starts_with("shl (M1, 8)") || l.contains("%null"))
            .collect();
        assert_eq!(asm.len(), 4, "{p}: {text}");
        // `r` vector operands as regions, `i` as an immediate, a scalar as a scalar region
        assert!(asm[0].starts_with("add (M1, 8) V_s(0,0)<1> V_a(0,0)<1;1,0> V_b(0,0)<1;1,0>"), "{asm:?}");
        assert!(asm[1].starts_with("shl (M1, 8) V_t(0,0)<1> V_s(0,0)<1;1,0> 2:d"), "{asm:?}");
        assert!(asm[2].ends_with("(0,0)<0;1,0> 0x5:d"), "{asm:?}");
        let wrong = compile(&[input("intrinsics/accepted/call_inline_asm.ll")], p, 0);
        assert!(!wrong.failed(), "{p}: {:#?}", wrong.diagnostics);
        let text = String::from_utf8(wrong.outputs[0].bytes.clone()).expect("vISA text is UTF-8");
        assert!(text.lines().any(|l| l.trim() == "nop"), "{text}");
        if have_finalizer {
            let e = finalize(&wrong.outputs[0].name, &text, p.info().finalizer_name)
                .expect_err("GenX_IR accepted `nop`, which is not vISA text");
            assert!(e.contains("syntax error"), "{e}");
        }
    }
}

#[test]
fn refusals_name_the_construct_and_the_platform() {
    for (fixture, p, why) in REFUSED {
        let result = compile(&[input(fixture)], *p, 0);
        assert!(result.failed(), "{fixture} compiled on {p}");
        assert!(result.outputs.is_empty());
        let all: Vec<String> = result.diagnostics.iter().map(|d| d.to_string()).collect();
        assert!(all.iter().any(|d| d.contains(why)), "{fixture} on {p}: expected '{why}' in {all:#?}");
        assert!(result.diagnostics.iter().all(|d| d.kind == Kind::NotAvailable), "{:#?}", result.diagnostics);
        assert!(all.iter().all(|d| d.starts_with(&format!("{fixture}:"))), "{all:#?}");
    }
}

#[test]
fn the_corpus_has_at_least_sixty_kernels() {
    let kernels: usize = SUPPORTED.iter().map(|(f, _)| kernel_count(f)).sum();
    assert!(kernels >= 60, "{kernels} kernels");
}

#[test]
fn shared_subroutine_clones_are_named_after_their_kernel() {
    // Cloning happens before instruction selection: each kernel calls its own copy.
    let result = compile(&[input("cm/07_subroutine_clone.ll")], Platform::Tgllp, 0);
    assert!(!result.failed(), "{:#?}", result.diagnostics);
    let text = |name: &str| {
        let f = result.outputs.iter().find(|f| f.name == name).expect("kernel output");
        String::from_utf8(f.bytes.clone()).unwrap()
    };
    let blend = text("blend_edges.visaasm");
    let fade = text("fade.visaasm");
    assert!(blend.contains(".function \"L_smoothstep_blend_edges\""), "{blend}");
    assert_eq!(blend.matches("call (M1_NM, 1) L_smoothstep_blend_edges").count(), 2, "{blend}");
    assert!(fade.contains(".function \"L_smoothstep_fade\""), "{fade}");
    assert_eq!(fade.matches("call (M1_NM, 1) L_smoothstep_fade").count(), 1, "{fade}");
}

/// A module of `n` kernels made from the saxpy fixture, each renamed.
fn many_kernels(n: usize) -> genxc::Input {
    let base = String::from_utf8(input("cm/01_saxpy_oword.ll").bytes).unwrap();
    let body_start = base.find("define dllexport").unwrap();
    let body_end = base[body_start..].find("\n}\n").unwrap() + body_start + 3;
    let body = &base[body_start..body_end];
    let mut text = base[..body_start].to_string();
    let mut nodes = Vec::new();
    let mut md = String::new();
    for i in 0..n {
        text.push_str(&body.replace("@saxpy(", &format!("@saxpy{i}(")));
        text.push('\n');
        nodes.push(format!("!{}", 10 + i));
        md.push_str(&format!(
            "!{} = !{{void (float, i32, i32)* @saxpy{i}, !\"saxpy{i}\", !1, i32 0, i32 0, !2, !3, i32 0}}\n",
            10 + i
        ));
    }
    text.push_str("attributes #0 = { noinline nounwind \"CMGenxMain\" }\n");
    text.push_str(&format!("!genx.kernels = !{{{}}}\n{md}", nodes.join(", ")));
    text.push_str("!1 = !{i32 0, i32 2, i32 2}\n!2 = !{i32 0, i32 0, i32 0}\n!3 = !{!\"\", !\"buffer_t\", !\"buffer_t\"}\n");
    genxc::Input { name: "many.ll".into(), bytes: text.into_bytes() }
}

#[test]
fn output_is_byte_identical_for_any_thread_count() {
    let inputs = [many_kernels(48), input("kernels/multi.ll"), input("kernels/int_ops.ll")];
    let one = compile(&inputs, Platform::Tgllp, 1);
    assert!(!one.failed(), "{:#?}", one.diagnostics);
    assert_eq!(one.outputs.len(), 48 + 2 + 1);
    for jobs in [2, 4, 0] {
        let other = compile(&inputs, Platform::Tgllp, jobs);
        assert_eq!(one.outputs, other.outputs, "-j{jobs} differs from -j1");
    }
    // Kernel order follows the input, not the thread schedule.
    assert_eq!(one.outputs[0].name, "saxpy0.visaasm");
    assert_eq!(one.outputs[47].name, "saxpy47.visaasm");
}

/// Two identical instructions in a row are never both needed (every vISA instruction here either
/// writes what it reads from elsewhere, or has a side effect that repeating would duplicate): a
/// cheap guard against an operand being prepared twice. A `call` is the exception: a subroutine
/// that updates its argument in place and is called again on its result is called twice in a row.
fn no_instruction_twice_in_a_row(fixture: &str, text: &str) {
    let body: Vec<&str> = text.lines().filter(|l| l.starts_with("    ")).collect();
    for w in body.windows(2) {
        assert!(
            w[0] != w[1] || w[0].trim_start().starts_with("call "),
            "{fixture}: instruction emitted twice in a row: {}\n{text}",
            w[0]
        );
    }
}
