//! `kernels.json` against its documented schema (`docs/kernels-json.md`) and against the vISA:
//! a kernel with every kind of argument has the layout worked out by hand, every offset matches
//! the `.input` declarations of the vISA the finalizer is given, and the document's field lists
//! and example are what genxc writes.

mod common;

use common::input;
use genxc::{compile_inputs, CompileOptions, Emit, EmitSet};
use genxc_genx::Platform;
use serde_json::{json, Value};
use std::collections::BTreeSet;

fn metadata(inputs: &[genxc::Input], platform: Platform) -> Value {
    let opts = CompileOptions { platform, emit: Emit::Metadata.into(), jobs: 0, ..Default::default() };
    let outcome = compile_inputs(inputs, &opts);
    assert!(!outcome.failed(), "{}", outcome.log());
    serde_json::from_str(outcome.kernels_json().expect("kernels.json")).expect("valid JSON")
}

fn doc() -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/kernels-json.md"))
        .expect("docs/kernels-json.md")
}

/// `(offset, size)` of every argument that has an offset.
fn spans(kernel: &Value) -> BTreeSet<(u64, u64)> {
    kernel["args"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| Some((a["offset"].as_u64()?, a["size"].as_u64().unwrap())))
        .collect()
}

#[test]
fn every_argument_kind_has_its_hand_computed_layout() {
    let v = metadata(&[input("kernels/arg_layout.ll")], Platform::Tgllp);
    assert_eq!(
        (v["version"].clone(), v["platform"].clone(), v["grf_bytes"].clone()),
        (json!(2), json!("tgllp"), json!(32))
    );
    let k = &v["kernels"][0];
    assert_eq!(v["kernels"].as_array().unwrap().len(), 1);
    assert_eq!(
        (k["name"].as_str(), k["slm_size"].as_u64(), k["named_barriers"].as_u64()),
        (Some("layout"), Some(4096), Some(2))
    );
    assert_eq!(k["payload_size"], 128, "r0..r3");
    // (kind, implicit, kind_code, offset, size, type_desc, resource, access, type)
    let expected = [
        json!(["general", null, 0, 88, 4, "", null, null, "float"]),
        json!(["general", null, 0, 96, 16, "", null, null, "<4 x i32>"]),
        json!(["surface", null, 2, 112, 4, "image2d_t read_only", "image2d", "read_only", "i32"]),
        json!(["sampler", null, 1, 116, 4, "sampler_t", "sampler", null, "i32"]),
        json!(["general", null, 0, 120, 8, "svmptr_t", "svm_pointer", null, "i64"]),
        json!(["general", "local_size", 8, 64, 12, "", null, null, "<3 x i32>"]),
        json!(["general", "local_id", 24, 32, 6, "", null, null, "<3 x i16>"]),
        json!(["general", "group_count", 16, 76, 12, "", null, null, "<3 x i32>"]),
    ];
    let args = k["args"].as_array().unwrap();
    assert_eq!(args.len(), expected.len());
    for (i, (a, e)) in args.iter().zip(&expected).enumerate() {
        let fields =
            ["kind", "implicit", "kind_code", "offset", "size", "type_desc", "resource", "access", "type"];
        let got: Vec<Value> = fields.iter().map(|f| a[*f].clone()).collect();
        assert_eq!(Value::Array(got), *e, "argument {i}");
        assert_eq!((a["index"].as_u64(), a["io_kind"].as_str()), (Some(i as u64), Some("normal")));
    }

    // The same kernel on a 64-byte GRF: local ids in r1 = 64, the rest from r2 = 128.
    let pvc = metadata(&[input("kernels/arg_layout.ll")], Platform::Pvc);
    let offsets: Vec<Value> =
        pvc["kernels"][0]["args"].as_array().unwrap().iter().map(|a| a["offset"].clone()).collect();
    assert_eq!(offsets, [152, 156, 172, 176, 184, 128, 64, 140].map(|o| json!(o)));
    assert_eq!(pvc["kernels"][0]["payload_size"], 192);
    assert_eq!(pvc["grf_bytes"], 64);
}

#[test]
fn metadata_fields_are_carried_through() {
    // IO kinds, SLM and named barriers of IGC's layout.
    let v = metadata(&[input("bad/md_new_layout_ok.ll")], Platform::Tgllp);
    let k = &v["kernels"][0];
    assert_eq!((k["slm_size"].as_u64(), k["named_barriers"].as_u64()), (Some(1024), Some(2)));
    let io: Vec<&str> =
        k["args"].as_array().unwrap().iter().map(|a| a["io_kind"].as_str().unwrap()).collect();
    assert_eq!(io, ["normal", "input", "input_output"]);
    // Offsets given in the original layout are kept.
    let v = metadata(&[input("bad/md_old_layout_ok.ll")], Platform::Tgllp);
    assert_eq!(spans(&v["kernels"][0]), BTreeSet::from([(96, 4), (100, 4), (104, 4)]));
    assert_eq!(v["kernels"][0]["payload_size"], 128);
}

#[test]
fn offsets_agree_with_the_visa_inputs() {
    let fixtures = [
        "cm/01_saxpy_oword.ll",
        "cm/02_haar_stride2.ll",
        "kernels/int_ops.ll",
        "kernels/regions.ll",
        "kernels/multi.ll",
    ];
    let mut kernels = 0;
    for platform in [Platform::Tgllp, Platform::Pvc] {
        let inputs: Vec<genxc::Input> = fixtures.iter().map(|f| input(f)).collect();
        let opts = CompileOptions {
            platform,
            emit: EmitSet::of(&[Emit::Visaasm, Emit::Metadata]),
            jobs: 0,
            ..Default::default()
        };
        let outcome = compile_inputs(&inputs, &opts);
        assert!(!outcome.failed(), "{}", outcome.log());
        let v: Value = serde_json::from_str(outcome.kernels_json().unwrap()).unwrap();
        let grf = platform.grf_bytes() as u64;
        for k in v["kernels"].as_array().unwrap() {
            let name = k["name"].as_str().unwrap();
            let text = outcome.visaasm_of(name).unwrap_or_else(|| panic!("no vISA for {name}"));
            let inputs: BTreeSet<(u64, u64)> = text
                .lines()
                .filter_map(|l| l.strip_prefix(".input "))
                .map(|l| {
                    let field = |key: &str| -> u64 {
                        let rest = &l[l.find(key).unwrap_or_else(|| panic!("{l}")) + key.len()..];
                        rest.split_whitespace().next().unwrap().parse().unwrap()
                    };
                    (field("offset="), field("size="))
                })
                .collect();
            assert_eq!(spans(k), inputs, "{name} on {platform}: kernels.json vs .input lines");
            let end = inputs.iter().map(|(o, s)| o + s).max().unwrap_or(0);
            let payload = k["payload_size"].as_u64().unwrap();
            assert!(payload % grf == 0 && payload >= end && payload < end.max(1) + grf, "{name}: {payload}");
            kernels += 1;
        }
    }
    assert_eq!(kernels, 2 * 6, "saxpy, haar_pairs, int_ops, regions, first, second on two platforms");
}

/// The backticked names in the first column of the table under `## <section>` of the document.
fn documented_fields(doc: &str, section: &str) -> BTreeSet<String> {
    let start = doc.find(&format!("\n## {section}\n")).unwrap_or_else(|| panic!("no section {section}"));
    doc[start..]
        .lines()
        .skip(2)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.split('|').nth(1)?.trim().strip_prefix('`')?.strip_suffix('`').map(String::from))
        .collect()
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().unwrap().keys().cloned().collect()
}

#[test]
fn the_document_lists_exactly_the_fields_written() {
    let doc = doc();
    let v = metadata(&[input("kernels/arg_layout.ll")], Platform::Tgllp);
    // `globals` is written only when the program keeps globals in memory.
    let top = documented_fields(&doc, "Top level");
    assert_eq!(keys(&v), &top - &["globals".to_string()].into());
    let g = metadata(&[input("globals/address_in_global.ll")], Platform::Tgllp);
    assert_eq!(keys(&g), top);
    for global in g["globals"].as_array().unwrap() {
        assert_eq!(keys(global), documented_fields(&doc, "Globals"));
    }
    assert_eq!(keys(&v["kernels"][0]), documented_fields(&doc, "Kernel"));
    // `address_space` is written for pointer arguments only.
    let optional: BTreeSet<String> = ["address_space".to_string()].into();
    let args = documented_fields(&doc, "Argument");
    for a in v["kernels"][0]["args"].as_array().unwrap() {
        assert_eq!(keys(a), &args - &optional);
    }
    let v = metadata(&[input("memory/slm_surface.ll")], Platform::Tgllp);
    for a in v["kernels"][0]["args"].as_array().unwrap() {
        assert_eq!(keys(a), args);
    }
    assert!(doc.starts_with(&format!("# `kernels.json` — schema version {}\n", genxc::json::SCHEMA_VERSION)));
}

#[test]
fn the_documented_example_is_what_genxc_writes() {
    let doc = doc();
    let start = doc.find("```json\n").expect("a json example") + "```json\n".len();
    let example = &doc[start..start + doc[start..].find("```").unwrap()];
    let outcome = genxc::compile_bytes(
        "tests/fixtures/cm/01_saxpy_oword.ll",
        &input("cm/01_saxpy_oword.ll").bytes,
        &CompileOptions::parse("-emit metadata").unwrap(),
    );
    assert_eq!(outcome.kernels_json(), Some(example));
}

/// Pointer arguments of the input are described: the memory they address, the access (from the
/// type descriptor, else from the kernel's uses) and the size of the address.
#[test]
fn pointer_arguments_have_their_memory_access_and_size() {
    // (fixture, kernel, [(address_space, access, size)])
    type Expected = &'static [(&'static str, &'static str, u64)];
    let cases: [(&str, &str, Expected); 6] = [
        (
            "memory/svm_pointers.ll",
            "svm_pointers",
            &[("global", "read_only", 8), ("global", "write_only", 8)],
        ),
        ("memory/slm_surface.ll", "slm_surface", &[("local", "read_write", 4), ("surface", "read_write", 4)]),
        ("memory/atomics_memcpy.ll", "atomics", &[("global", "read_write", 8), ("global", "write_only", 8)]),
        ("memory/atomics_memcpy.ll", "copies", &[("global", "read_only", 8), ("global", "write_only", 8)]),
        ("memory/indexed.ll", "struct_fields", &[("global", "read_write", 8), ("global", "write_only", 8)]),
        ("memory/bytes_words.ll", "bytes_words", &[("global", "read_only", 8), ("global", "write_only", 8)]),
    ];
    for platform in [Platform::Tgllp, Platform::Pvc] {
        for (fixture, kernel, want) in cases {
            let v = metadata(&[input(fixture)], platform);
            let k = v["kernels"].as_array().unwrap().iter().find(|k| k["name"] == kernel).unwrap();
            let got: Vec<(String, String, u64)> = k["args"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| a.get("address_space").is_some())
                .map(|a| {
                    assert!(a["offset"].is_u64(), "{kernel}: {a}");
                    (
                        a["address_space"].as_str().unwrap().to_string(),
                        a["access"].as_str().unwrap().to_string(),
                        a["size"].as_u64().unwrap(),
                    )
                })
                .collect();
            let want: Vec<(String, String, u64)> =
                want.iter().map(|&(s, a, n)| (s.to_string(), a.to_string(), n)).collect();
            assert_eq!(got, want, "{fixture} {kernel} on {platform:?}");
        }
    }
    // Arguments that were never pointers carry no address space, svmptr_t i64s included.
    let v = metadata(&[input("kernels/arg_layout.ll")], Platform::Tgllp);
    assert!(v["kernels"][0]["args"].as_array().unwrap().iter().all(|a| a.get("address_space").is_none()));
}

/// An `i1` argument takes one payload byte and a `<16 x i1>` sixteen, one per lane, byte aligned:
/// `bool_args(i32 out, i1 flag, i8 a, <16 x i1> mask)` on TGLLP.
#[test]
fn i1_arguments_take_one_byte_per_lane() {
    let v = metadata(&[input("kernels/bool_args.ll")], Platform::Tgllp);
    let args = v["kernels"][0]["args"].as_array().unwrap();
    let got: Vec<Value> = args.iter().map(|a| json!([a["offset"], a["size"], a["type"]])).collect();
    assert_eq!(
        got,
        [json!([64, 4, "i32"]), json!([68, 1, "i1"]), json!([69, 1, "i8"]), json!([70, 16, "<16 x i1>"])]
    );
}

/// Sampler arguments get sampler indices 0, 1, ... in argument order, apart from the surfaces'
/// binding-table indices; kernels.json gives each in `bti`.
#[test]
fn sampler_arguments_have_their_sampler_index() {
    let v = metadata(&[input("surfaces/sampler_blit.ll")], Platform::Dg2);
    let blit = &v["kernels"][0];
    assert_eq!(blit["name"], "blit");
    let got: Vec<(Value, Value)> =
        blit["args"].as_array().unwrap().iter().map(|a| (a["kind"].clone(), a["bti"].clone())).collect();
    assert_eq!(
        got,
        [(json!("sampler"), json!(0)), (json!("surface"), json!(0)), (json!("surface"), json!(1))]
    );
}

/// A kernel calling functions the input only declares lists their symbols, spelled as in the
/// input, under the documented `external_functions`; a kernel calling none has no such field.
#[test]
fn declared_only_callees_are_listed_for_the_link_step() {
    let doc = doc();
    assert_eq!(documented_fields(&doc, "External functions"), ["external_functions".to_string()].into());
    let v = metadata(&[input("calls/linked_symbol.ll")], Platform::Dg2);
    assert_eq!(v["kernels"][0]["external_functions"], json!(["vc.scale", "vc.sink$1"]));
    let v = metadata(&[input("calls/linked_call.ll")], Platform::Tgllp);
    assert_eq!(v["kernels"][0]["external_functions"], json!(["scale_linked"]));
    let v = metadata(&[input("calls/stack_calls.ll")], Platform::Tgllp);
    assert!(v["kernels"].as_array().unwrap().iter().all(|k| k.get("external_functions").is_none()));
}

/// A `spir_kernel` without a `genx.kernels` node is a kernel; its `i8 addrspace(1)*` arguments
/// (default kind 0) are 64-bit stateless addresses of global memory.
#[test]
fn an_unlisted_spir_kernel_has_global_pointer_arguments() {
    let v = metadata(&[input("memory/spir_kernel_unlisted.ll")], Platform::Pvc);
    let k = &v["kernels"][0];
    assert_eq!(k["name"], "spir_kernel_unlisted");
    for (a, access) in k["args"].as_array().unwrap().iter().zip(["write_only", "read_only"]) {
        assert_eq!(
            (&a["kind"], &a["size"], &a["address_space"], &a["access"]),
            (&json!("general"), &json!(8), &json!("global"), &json!(access)),
            "{a}"
        );
    }
}

#[test]
fn a_kernel_name_twice_is_refused_as_for_every_other_kind() {
    // the same kernel in two inputs: one file a kernel for vISA, one entry a kernel in kernels.json
    let inputs = [
        input("cm/01_saxpy_oword.ll"),
        genxc::Input { name: "copy/k.ll".into(), ..input("cm/01_saxpy_oword.ll") },
    ];
    for emit in [
        EmitSet::from(Emit::Metadata),
        EmitSet::from(Emit::Visaasm),
        EmitSet::of(&[Emit::Visaasm, Emit::Metadata]),
    ] {
        let outcome = compile_inputs(&inputs, &CompileOptions { emit, ..Default::default() });
        assert!(outcome.failed() && outcome.outputs.is_empty(), "{emit:?}: {}", outcome.log());
        assert!(
            outcome.log().contains("kernel names must be unique across inputs"),
            "{emit:?}: {}",
            outcome.log()
        );
    }
}
