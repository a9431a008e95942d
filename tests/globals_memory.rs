//! Globals in memory (the data section) and thread-private globals: what the fixtures of
//! `tests/fixtures/globals` compile to, beyond the per-kernel checks of `tests/prepared_forms.rs`
//! and `tests/differential.rs`: a device-memory global one kernel writes is what the next kernel
//! reads, while a private global is each thread's own copy, starting from its initializer (in the
//! simulator running genxc's vISA for every platform, and in the reference interpreter), the
//! section listed in `kernels.json` (bytes, relocations, read-only or writable), the symbols
//! `faddr` names (quoted when not vISA identifiers), and refusals of what stays out of memory.

mod common;

use genxc::{CompileOptions, Emit, EmitSet, TargetPlatform};
use genxc_sim::exec::{self, Config};
use genxc_sim::launch::{ArgValue, Launch};
use genxc_sim::memory::{Memory, GLOBALS_BASE};
use genxc_sim::reference;
use genxc_visa::Inst;

const PLATFORMS: [TargetPlatform; 4] =
    [TargetPlatform::Skl, TargetPlatform::Tgllp, TargetPlatform::Dg2, TargetPlatform::Pvc];

fn compile(fixture: &str, platform: TargetPlatform, emit: &[Emit]) -> genxc::Outcome {
    let opts = CompileOptions { platform, emit: EmitSet::of(emit), ..CompileOptions::default() };
    let outcome = genxc::compile_inputs(&[common::input(fixture)], &opts);
    assert!(!outcome.failed(), "{fixture} on {platform:?}: {}", outcome.log());
    outcome
}

/// The first `n` dwords of the surface bound at `bti`.
fn dwords(memory: &Memory, bti: u32, n: usize) -> Vec<i32> {
    let b = &memory.buffers[memory.surface(bti).unwrap()].bytes;
    (0..n).map(|i| i32::from_le_bytes(b.data[4 * i..4 * i + 4].try_into().unwrap())).collect()
}

/// What `@consume` of device_table.ll writes after `@produce` ran on the same memory: the rows
/// `@produce` wrote (100 * g + k), plus one.
fn produced_then_consumed() -> Vec<i32> {
    (0..4).flat_map(|g| (0..8).map(move |k| 100 * g + k + 1)).collect()
}

/// Runs `@produce` then `@consume` of `fixture` on one memory, in the reference interpreter and
/// in the simulator for every platform, and checks the first 32 dwords of the buffer against
/// `expected`; returns the module's globals in memory.
fn produce_then_consume(fixture: &str, expected: &[i32]) -> Vec<genxc_genx::data_section::DataGlobal> {
    let module = genxc::import(&common::input(fixture), TargetPlatform::Tgllp).unwrap();
    let globals = module.kernels[0].globals.clone();
    let specs = reference::arg_specs(&module, 0);
    // the reference interpreter: produce, then consume, on one memory
    let (launch, mut memory) = Launch::random(&specs, 5, 0, [4, 1, 1], [1, 1, 1], 0);
    memory.place_globals(&globals).unwrap();
    let (produce, consume) = (0, 1);
    assert_eq!(module.kernels[consume].name, "consume");
    reference::run(&module, produce, 0, &launch, &mut memory).unwrap();
    reference::run(&module, consume, 0, &launch, &mut memory).unwrap();
    let ArgValue::Surface(bti) = launch.args[0] else { panic!("{:?}", launch.args) };
    assert_eq!(dwords(&memory, bti, 32), expected, "{fixture}: reference");
    // genxc's vISA in the simulator, every platform
    for platform in PLATFORMS {
        let outcome = compile(fixture, platform, &[Emit::Visaasm]);
        let (launch, mut memory) = Launch::random(&specs, 5, 0, [4, 1, 1], [1, 1, 1], 0);
        memory.place_globals(&globals).unwrap();
        let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
        for kernel in ["produce", "consume"] {
            let kernels = genxc_visa::read_text(outcome.visaasm_of(kernel).unwrap()).unwrap();
            exec::run(&kernels, &config, &launch, &mut memory).unwrap();
        }
        assert_eq!(dwords(&memory, bti, 32), expected, "{fixture} on {platform:?}");
    }
    globals
}

#[test]
fn a_device_global_one_kernel_writes_is_what_another_reads() {
    let globals = produce_then_consume("globals/device_table.ll", &produced_then_consumed());
    assert_eq!(globals.len(), 1, "{globals:?}");
    assert!(!globals[0].constant && globals[0].size == 128 && globals[0].align == 64, "{globals:?}");
}

#[test]
fn a_private_global_is_each_threads_own_copy() {
    // shared_table.ll is device_table.ll on a private global: what @produce writes to its copy
    // no other thread sees; @consume reads the initializer (table[i] = i), plus one. Nothing of
    // it is in memory, and @produce's store is gone (a copy nothing reads).
    let initial_plus_one: Vec<i32> = (1..=32).collect();
    let globals = produce_then_consume("globals/shared_table.ll", &initial_plus_one);
    assert!(globals.is_empty(), "{globals:?}");
    for platform in PLATFORMS {
        let outcome = compile("globals/shared_table.ll", platform, &[Emit::Visaasm]);
        let text = outcome.visaasm_of("produce").unwrap();
        let writes = text.lines().filter(|l| l.contains("oword_st") || l.contains("svm_")).count();
        assert_eq!(writes, 1, "{platform:?}: only the write to %buf: {text}");
        assert!(!text.contains("faddr"), "{platform:?}: {text}");
    }
}

#[test]
fn kernels_json_lists_the_data_section() {
    let outcome = compile("globals/device_address_in_global.ll", TargetPlatform::Tgllp, &[Emit::Metadata]);
    let json: serde_json::Value = serde_json::from_str(outcome.kernels_json().unwrap()).unwrap();
    let globals = json["globals"].as_array().unwrap();
    let by_name = |n: &str| globals.iter().find(|g| g["name"] == n).unwrap_or_else(|| panic!("{n}: {json}"));
    assert_eq!(globals.len(), 3, "{json}");
    let data = by_name("data");
    assert_eq!(data["section"], "data.const");
    assert_eq!((data["size"].as_u64(), data["align"].as_u64()), (Some(32), Some(4)));
    let want: String =
        (10u32..18).map(|v| v.to_le_bytes().iter().map(|b| format!("{b:02x}")).collect::<String>()).collect();
    assert_eq!(data["init"], want.as_str());
    assert_eq!(data["relocations"].as_array().unwrap().len(), 0);
    let cursor = by_name("cursor");
    assert_eq!(cursor["section"], "data.global");
    assert_eq!(cursor["init"], "0000000000000000");
    assert_eq!(cursor["relocations"], serde_json::json!([{ "offset": 0, "symbol": "data", "addend": 8 }]));
    assert_eq!(by_name("next")["relocations"], serde_json::json!([]));
    // a module without globals in memory has no `globals` field
    let plain = compile("globals/constant_table.ll", TargetPlatform::Tgllp, &[Emit::Metadata]);
    assert!(!plain.kernels_json().unwrap().contains("\"globals\""));
}

#[test]
fn faddr_names_the_symbol_quoted_when_it_is_not_an_identifier() {
    for platform in PLATFORMS {
        let outcome = compile("globals/address_stored.ll", platform, &[Emit::Visaasm]);
        let text = outcome.visaasm_of("escape").unwrap();
        assert!(text.contains("faddr \"counter.state\" "), "{text}");
        let kernels = genxc_visa::read_text(text).unwrap();
        let symbols: Vec<&str> = kernels[0]
            .body
            .iter()
            .filter_map(|i| match i {
                Inst::FAddr { function, .. } => Some(function.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(symbols, ["counter.state"], "{platform:?}");
        let outcome = compile("globals/device_address_in_global.ll", platform, &[Emit::Visaasm]);
        let text = outcome.visaasm_of("follow").unwrap();
        assert!(text.contains("faddr cursor ") && text.contains("faddr next "), "{text}");
        // the same program on private globals: @cursor and @next are the thread's own, only the
        // table their initializer points into stays in memory (as in Intel's compiler)
        let outcome = compile("globals/address_in_global.ll", platform, &[Emit::Visaasm]);
        let text = outcome.visaasm_of("follow").unwrap();
        assert!(
            text.contains("faddr data ") && !text.contains("faddr cursor ") && !text.contains("faddr next "),
            "{text}"
        );
    }
    assert_eq!(genxc_visa::text::symbol("a.b"), "\"a.b\"");
    assert_eq!(genxc_visa::text::symbol("ab_1"), "ab_1");
}

#[test]
fn the_stored_address_is_where_the_loader_placed_the_global() {
    // address_stored.ll writes &counter.state[g] to slot g of its SVM argument: the address of
    // the placed global (the first one, at the base), in the simulator and in the reference.
    let fixture = "globals/address_stored.ll";
    let module = genxc::import(&common::input(fixture), TargetPlatform::Tgllp).unwrap();
    let specs = reference::arg_specs(&module, 0);
    let slots = |memory: &Memory, launch: &Launch| -> Vec<u64> {
        let ArgValue::Pointer(base) = launch.args[0] else { panic!("{:?}", launch.args) };
        let b =
            memory.buffers.iter().find(|b| b.kind == genxc_sim::memory::BufferKind::Svm { base }).unwrap();
        (0..4).map(|g| u64::from_le_bytes(b.bytes.data[8 * g..8 * g + 8].try_into().unwrap())).collect()
    };
    let want: Vec<u64> = (0..4).map(|g| GLOBALS_BASE + 4 * g).collect();
    let (launch, mut memory) = Launch::random(&specs, 3, 0, [4, 1, 1], [1, 1, 1], 0);
    memory.place_globals(&module.kernels[0].globals).unwrap();
    reference::run(&module, 0, 0, &launch, &mut memory).unwrap();
    assert_eq!(slots(&memory, &launch), want, "reference");
    for platform in PLATFORMS {
        let outcome = compile(fixture, platform, &[Emit::Visaasm]);
        let kernels = genxc_visa::read_text(outcome.visaasm_of("escape").unwrap()).unwrap();
        let (launch, mut memory) = Launch::random(&specs, 3, 0, [4, 1, 1], [1, 1, 1], 0);
        memory.place_globals(&module.kernels[0].globals).unwrap();
        exec::run(&kernels, &Config { grf_bytes: platform.grf_bytes(), bti_base: 0 }, &launch, &mut memory)
            .unwrap();
        assert_eq!(slots(&memory, &launch), want, "{platform:?}");
    }
    // without the globals placed, faddr of the symbol is an external symbol nobody resolved
    let outcome = compile(fixture, TargetPlatform::Tgllp, &[Emit::Visaasm]);
    let kernels = genxc_visa::read_text(outcome.visaasm_of("escape").unwrap()).unwrap();
    let (launch, mut memory) = Launch::random(&specs, 3, 0, [4, 1, 1], [1, 1, 1], 0);
    let e = exec::run(&kernels, &Config { grf_bytes: 32, bti_base: 0 }, &launch, &mut memory).unwrap_err();
    assert!(e.to_string().contains("faddr of `counter.state`"), "{e}");
}

#[test]
fn an_element_of_a_loaded_value_written_into_a_zero_vector_is_one_predicated_sel() {
    // follow builds <a, b, 0, ...> from two loaded dwords: `a` into the zero vector is
    // `setp P 1` and `(P) sel v, a, 0` (Intel's form: the finalizer does not gather it with the
    // move of `b` through a copy that waits on both loads), and the kernel still writes
    // [data[2+g], data[3+g], 0, ...] at dword 8g (data[i] = 10 + i).
    for fixture in ["globals/address_in_global.ll", "globals/device_address_in_global.ll"] {
        let module = genxc::import(&common::input(fixture), TargetPlatform::Tgllp).unwrap();
        let specs = reference::arg_specs(&module, 0);
        let want: Vec<i32> = (0..4).flat_map(|g| [12 + g, 13 + g, 0, 0, 0, 0, 0, 0]).collect();
        for platform in PLATFORMS {
            let outcome = compile(fixture, platform, &[Emit::Visaasm]);
            let text = outcome.visaasm_of("follow").unwrap();
            let sel = text.lines().find(|l| l.contains(") sel (M1_NM, 8) V_v0(0,0)<1>"));
            assert!(sel.is_some_and(|l| l.trim_end().ends_with(" 0:d")), "{fixture} {platform:?}:\n{text}");
            assert!(text.lines().any(|l| l.trim().starts_with("setp (M1_NM, 8)") && l.ends_with(" 1:ud")));
            assert!(
                !text.contains("mov (M1_NM, 8) V_v0(0,0)<1> 0:d"),
                "{fixture} {platform:?}: the zero fill"
            );
            if common::finalizer_available() {
                let name = format!("{platform:?}").to_uppercase();
                common::finalize("follow.visaasm", text, &name)
                    .unwrap_or_else(|e| panic!("{fixture} on {platform:?}: GenX_IR: {e}"));
            }
            let kernels = genxc_visa::read_text(text).unwrap();
            let (launch, mut memory) = Launch::random(&specs, 7, 0, [4, 1, 1], [1, 1, 1], 0);
            memory.place_globals(&module.kernels[0].globals).unwrap();
            let config = Config { grf_bytes: platform.grf_bytes(), bti_base: 0 };
            exec::run(&kernels, &config, &launch, &mut memory).unwrap();
            let ArgValue::Surface(bti) = launch.args[0] else { panic!("{:?}", launch.args) };
            assert_eq!(dwords(&memory, bti, 32), want, "{fixture} on {platform:?}");
        }
    }
}

/// Compiles LLVM text; the log when it fails.
fn compile_text(text: &str) -> Result<genxc::Outcome, String> {
    let opts = CompileOptions { emit: EmitSet::of(&[Emit::Visaasm]), ..CompileOptions::default() };
    let outcome = genxc::compile_bytes("g.ll", text.as_bytes(), &opts);
    if outcome.failed() {
        Err(outcome.log())
    } else {
        Ok(outcome)
    }
}

const KERNEL_MD: &str = "attributes #0 = { \"CMGenxMain\" }\n!genx.kernels = !{!0}\n\
    !0 = !{void (i32)* @k, !\"k\", !1, i32 0, i32 0, !2, !3, i32 0}\n\
    !1 = !{i32 0}\n!2 = !{i32 0}\n!3 = !{!\"\"}\n";

#[test]
fn what_stays_out_of_memory_is_refused_located() {
    // a global in shared local memory: no data-section address
    let slm = format!(
        "@s = internal addrspace(3) global [64 x i32] zeroinitializer\n\
         define dllexport spir_kernel void @k(i32 %a) #0 {{\n\
         \x20 %p = getelementptr [64 x i32], [64 x i32] addrspace(3)* @s, i32 0, i32 %a\n\
         \x20 store i32 %a, i32 addrspace(3)* %p\n  ret void\n}}\n{KERNEL_MD}"
    );
    let log = compile_text(&slm).unwrap_err();
    assert!(log.contains("global @s in shared local memory (addrspace(3))"), "{log}");
    // a global only declared: its definition is another module's
    let declared = format!(
        "@d = external global [64 x i32]\n\
         define dllexport spir_kernel void @k(i32 %a) #0 {{\n\
         \x20 %p = getelementptr [64 x i32], [64 x i32]* @d, i32 0, i32 %a\n\
         \x20 store i32 %a, i32* %p\n  ret void\n}}\n{KERNEL_MD}"
    );
    let log = compile_text(&declared).unwrap_err();
    assert!(log.contains("@d") && log.contains("declared only"), "{log}");
    // a thread-local global keeps the validator's message
    let tls = format!(
        "@t = thread_local global i32 0\n\
         define dllexport spir_kernel void @k(i32 %a) #0 {{\n  store i32 %a, i32* @t\n  ret void\n}}\n{KERNEL_MD}"
    );
    let log = compile_text(&tls).unwrap_err();
    assert!(log.contains("@t"), "{log}");
}

#[test]
fn the_assert_built_in_is_an_external_call_with_the_format_address() {
    let fixture = "printf/assert_print.ll";
    for platform in PLATFORMS {
        let outcome = compile(fixture, platform, &[Emit::Visaasm, Emit::Metadata]);
        let text = outcome.visaasm_of("checked").unwrap();
        if common::finalizer_available() {
            let name = format!("{platform:?}").to_uppercase();
            common::finalize("checked.visaasm", text, &name).unwrap_or_else(|e| panic!("{platform:?}: {e}"));
        }
        let kernels = genxc_visa::read_text(text).unwrap();
        let body = &kernels[0].body;
        let at = |f: &dyn Fn(&Inst) -> bool| body.iter().position(f);
        let msg = at(&|i| matches!(i, Inst::FAddr { function, .. } if function == "assert.msg"));
        let callee = at(&|i| matches!(i, Inst::FAddr { function, .. } if function == "__vc_assert_print"));
        let ifcall = at(&|i| matches!(i, Inst::IFCall { .. }));
        assert!(msg.is_some() && callee.is_some() && callee < ifcall, "{platform:?}: {text}");
        assert!(text.contains("faddr \"assert.msg\""), "{text}");
        let json: serde_json::Value = serde_json::from_str(outcome.kernels_json().unwrap()).unwrap();
        assert_eq!(json["globals"][0]["name"], "assert.msg", "{json}");
        assert_eq!(json["globals"][0]["section"], "data.const", "{json}");
    }
    // arguments after the format: the built-in's variadic convention is not modeled
    let text = std::fs::read_to_string(common::fixtures().join(fixture))
        .unwrap()
        .replace("@\"assert.msg\", i64 0, i64 0))", "@\"assert.msg\", i64 0, i64 0), i32 %a)");
    let log = compile_text(&text).unwrap_err();
    assert!(log.contains("__vc_assert_print with 1 arguments after the format"), "{log}");
}
