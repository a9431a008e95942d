//! Kernel output arguments (`llvm.genx.output.1`, vISA `Input_Output`): the fixture
//! kernels/output_args.ll compiled for every platform declares its output arguments with
//! `attrs={Input_Output}` in the text and in the `.isa` binary (read back), kernels.json gives
//! them the IO kind `input_output`, the final value of a modified output argument ends in the
//! argument's variable (in place, or copied at the output call), and the forms genxc does not
//! model are refused with a located `unsupported:` message.
//! (The memory effects of the same kernels run in the simulator: tests/differential.rs.)

mod common;

use common::input;
use genxc::{compile_inputs, CompileOptions, Emit, EmitSet, Input};
use genxc_genx::Platform;

const PLATFORMS: [Platform; 4] = [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc];
const FIXTURE: &str = "kernels/output_args.ll";

fn compile(inputs: &[Input], platform: Platform, emit: EmitSet) -> genxc::Outcome {
    compile_inputs(inputs, &CompileOptions { platform, emit, jobs: 1, ..Default::default() })
}

/// The `.decl` line of variable `name` in `text`.
fn decl<'a>(text: &'a str, name: &str) -> &'a str {
    let head = format!(".decl {name} ");
    text.lines().find(|l| l.starts_with(&head)).unwrap_or_else(|| panic!("no {head} in\n{text}"))
}

#[test]
fn output_arguments_are_declared_input_output() {
    for p in PLATFORMS {
        let out = compile(&[input(FIXTURE)], p, Emit::Visaasm.into());
        assert!(!out.failed(), "{p:?}: {}", out.log());
        let pass = out.visaasm_of("out_pass").expect("out_pass");
        let modify = out.visaasm_of("out_modify").expect("out_modify");
        for (text, var) in [(pass, "V_v"), (pass, "V_n"), (modify, "V_acc"), (modify, "V_scale")] {
            assert!(decl(text, var).ends_with(" attrs={Input_Output}"), "{p:?}: {}", decl(text, var));
        }
        // the kernels' other variables are not outputs
        let others = pass.lines().chain(modify.lines()).filter(|l| l.contains("Input_Output")).count();
        assert_eq!(others, 4, "{p:?}");
        assert!(!decl(modify, "V_data").contains("attrs="), "{p:?}");
    }
}

#[test]
fn the_final_value_of_a_modified_output_is_in_the_argument_variable() {
    let out = compile(&[input(FIXTURE)], Platform::Tgllp, Emit::Visaasm.into());
    assert!(!out.failed(), "{}", out.log());
    let modify = out.visaasm_of("out_modify").unwrap();
    let body: Vec<&str> = modify.lines().map(str::trim).collect();
    // the add and the region write of %acc write %acc's own variable (register allocation)
    assert!(body.iter().any(|l| l.starts_with("add (M1_NM, 8) V_acc(0,0)<1> V_acc(0,0)")), "{modify}");
    assert!(body.iter().any(|l| l.starts_with("mov (M1_NM, 1) V_acc(0,2)<1> V_g")), "{modify}");
    // %scale is still read after %s2 is computed: %s2 is copied into it at the output call, the
    // last instruction before the return, after every read of %scale
    let ret = body.iter().position(|l| l.starts_with("ret ")).unwrap();
    assert_eq!(body[ret - 1], "mov (M1_NM, 1) V_scale(0,0)<1> V_s2(0,0)<0;1,0>", "{modify}");
    assert!(body[..ret - 1].iter().all(|l| !l.contains("V_scale(0,0)<1>")), "{modify}");
    // an unmodified output argument is never written
    let pass = out.visaasm_of("out_pass").unwrap();
    assert!(!pass.contains("V_v(0,0)<1> ") && !pass.contains("V_n(0,0)<1> "), "{pass}");
}

#[test]
fn the_binary_carries_the_attribute() {
    let out = compile(&[input(FIXTURE)], Platform::Dg2, EmitSet::from(Emit::Visaasm).with(Emit::Isa));
    assert!(!out.failed(), "{}", out.log());
    let kernels = genxc_visa::read_isa(out.isa().expect("isa")).expect("the .isa reads back");
    for k in &kernels {
        let marked: Vec<&str> = k.vars.iter().filter(|v| v.input_output).map(|v| v.name.as_str()).collect();
        let text = genxc_visa::write_text(k);
        assert_eq!(marked.len(), 2, "{}: {marked:?}", k.name);
        // the binary reads back to the text genxc wrote
        assert_eq!(Some(text.as_str()), out.visaasm_of(&k.name), "{}", k.name);
    }
    // the text form reads back too
    let text = out.visaasm_of("out_pass").unwrap();
    let read = genxc_visa::read_text(text).expect("the text reads back");
    assert_eq!(read[0].vars.iter().filter(|v| v.input_output).count(), 2);
}

#[test]
fn kernels_json_names_the_output_arguments() {
    let out = compile(&[input(FIXTURE)], Platform::Tgllp, Emit::Metadata.into());
    assert!(!out.failed(), "{}", out.log());
    let v: serde_json::Value = serde_json::from_str(out.kernels_json().unwrap()).unwrap();
    for k in v["kernels"].as_array().unwrap() {
        let kinds: Vec<&str> =
            k["args"].as_array().unwrap().iter().map(|a| a["io_kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["normal", "input_output", "input_output"], "{}", k["name"]);
    }
}

/// A one-kernel module of arguments `(i32 %buf, i32 %x)` whose body is `body`, with IO kinds `io`,
/// and the functions `extra`.
fn module(body: &str, io: &str, extra: &str) -> Input {
    let text = format!(
        "target triple = \"genx64-unknown-unknown\"\n\
         declare void @llvm.genx.output.1.i32(i32)\n\
         declare void @llvm.genx.output.i32(i32)\n\
         {extra}\n\
         define dllexport spir_kernel void @k(i32 %buf, i32 %x) #0 {{\nentry:\n{body}  ret void\n}}\n\
         attributes #0 = {{ noinline nounwind \"CMGenxMain\" }}\n\
         !genx.kernels = !{{!0}}\n\
         !0 = !{{void (i32, i32)* @k, !\"k\", !1, i32 0, i32 0, !2, !3}}\n\
         !1 = !{{i32 2, i32 0}}\n!2 = !{{{io}}}\n!3 = !{{!\"buffer_t\", !\"\"}}\n"
    );
    Input { name: "outputs.ll".into(), bytes: text.into_bytes() }
}

fn refusal(body: &str, io: &str, extra: &str) -> String {
    let out = compile(&[module(body, io, extra)], Platform::Tgllp, Emit::Visaasm.into());
    assert!(out.failed(), "compiled:\n{body}");
    out.log()
}

#[test]
fn forms_not_modeled_are_refused_with_a_location() {
    let log =
        refusal("  %y = add i32 %x, 1\n  call void @llvm.genx.output.1.i32(i32 %y)\n", "i32 0, i32 0", "");
    assert!(
        log.contains("unsupported: llvm.genx.output.1 of a value that is not a kernel argument"),
        "{log}"
    );
    // located at the call (line 8 of the module), not at the kernel
    assert!(log.contains("outputs.ll:8:"), "{log}");
    let log = refusal(
        "  call void @llvm.genx.output.1.i32(i32 %x)\n  call void @llvm.genx.output.1.i32(i32 %x)\n",
        "i32 0, i32 3",
        "",
    );
    assert!(log.contains("more llvm.genx.output.1 calls than the 1 output arguments"), "{log}");
    let helper = "define internal void @helper(i32 %x) {\nentry:\n  call void @llvm.genx.output.1.i32(i32 %x)\n  ret void\n}";
    let log = refusal("  call void @helper(i32 %x)\n", "i32 0, i32 0", helper);
    assert!(log.contains("unsupported: llvm.genx.output.1 in a function that is not a kernel"), "{log}");
    assert!(log.contains("outputs.ll:"), "{log}");
}

#[test]
fn llvm_genx_output_keeps_values_alive_and_emits_nothing() {
    let body = "  %y = add i32 %x, 1\n  call void @llvm.genx.output.i32(i32 %y)\n";
    let out = compile(&[module(body, "i32 0, i32 0", "")], Platform::Tgllp, Emit::Visaasm.into());
    assert!(!out.failed(), "{}", out.log());
    let k = out.visaasm_of("k").unwrap();
    // the sum is computed (its value is kept alive) and no argument is an output
    assert!(k.contains("add (M1_NM, 1) V_y(0,0)<1> V_x(0,0)<0;1,0> 1:d"), "{k}");
    assert!(!k.contains("Input_Output"), "{k}");
}

#[test]
fn an_output_of_a_computed_value_binds_to_the_marked_argument() {
    let body = "  %y = add i32 %x, 1\n  call void @llvm.genx.output.1.i32(i32 %y)\n";
    let out = compile(&[module(body, "i32 0, i32 3", "")], Platform::Tgllp, Emit::Visaasm.into());
    assert!(!out.failed(), "{}", out.log());
    let k = out.visaasm_of("k").unwrap();
    assert!(decl(k, "V_x").ends_with("attrs={Input_Output}"), "{k}");
    // the sum is computed into %x's variable (nothing reads %x after it)
    assert!(k.contains("add (M1_NM, 1) V_x(0,0)<1> V_x(0,0)<0;1,0> 1:d"), "{k}");
}

/// The output arguments of `kernel` (compiled for `platform`) as each thread of a 4-group launch
/// left them in the simulator, with the launch's argument values and the memory before the run.
fn simulate(
    kernel: &str,
    platform: Platform,
) -> (genxc_sim::Report, Vec<genxc_sim::launch::ArgValue>, genxc_sim::memory::Memory) {
    use genxc_sim::exec::{self, Config};
    use genxc_sim::launch::{Fill, Launch};
    let out = compile(&[input(FIXTURE)], platform, Emit::Visaasm.into());
    assert!(!out.failed(), "{}", out.log());
    let kernels = genxc_visa::read_text(out.visaasm_of(kernel).unwrap()).unwrap();
    let grf = if platform == Platform::Pvc { 64 } else { 32 };
    let specs = exec::arg_specs(&kernels[0]);
    let (launch, mut memory) = Launch::random_filled(&specs, 7, 0, [4, 1, 1], [1, 1, 1], 0, Fill::Mixed);
    let before = memory.clone();
    let report = exec::run(&kernels, &Config { grf_bytes: grf, bti_base: 0 }, &launch, &mut memory)
        .unwrap_or_else(|e| panic!("{kernel} on {platform:?}: {e}"));
    (report, launch.args, before)
}

/// The bytes of an argument value.
fn arg_bytes(a: &genxc_sim::launch::ArgValue) -> Vec<Option<u8>> {
    match a {
        genxc_sim::launch::ArgValue::Bytes(b) => b.iter().map(|&x| Some(x)).collect(),
        other => panic!("not a value argument: {other:?}"),
    }
}

#[test]
fn the_simulator_ends_with_the_outputs_in_the_argument_registers() {
    use genxc_sim::memory::Space;
    for p in PLATFORMS {
        // unchanged outputs hold the inputs
        let (report, args, _) = simulate("out_pass", p);
        assert_eq!(report.outputs.len(), 4 * 2, "{p:?}");
        for o in &report.outputs {
            let want = if o.var == "V_v" { arg_bytes(&args[1]) } else { arg_bytes(&args[2]) };
            assert_eq!(o.bytes, want, "{p:?} {}", o.var);
        }
        // modified outputs hold the final values: acc + data with element 2 = group id, scale * 2
        let (report, args, mut before) = simulate("out_modify", p);
        let acc = arg_bytes(&args[1]);
        let scale = f32::from_le_bytes(
            arg_bytes(&args[2]).iter().map(|b| b.unwrap()).collect::<Vec<_>>().try_into().unwrap(),
        );
        let bti = match args[0] {
            genxc_sim::launch::ArgValue::Surface(b) => b,
            ref other => panic!("{other:?}"),
        };
        assert_eq!(report.outputs.len(), 4 * 2, "{p:?}");
        for o in &report.outputs {
            let g = o.thread.0[0];
            if o.var == "V_scale" {
                assert_eq!(o.bytes, (scale * 2.0).to_le_bytes().map(Some).to_vec(), "{p:?} group {g}");
                continue;
            }
            assert_eq!(o.var, "V_acc");
            let data = before.read(Space::Surface(bti), u64::from(g) * 64, 32);
            let want: Vec<Option<u8>> = (0..8usize)
                .flat_map(|e| {
                    let a = u32::from_le_bytes(std::array::from_fn(|b| acc[4 * e + b].unwrap()));
                    let d = data.get(4 * e, 4).0 as u32;
                    let v = if e == 2 { g } else { a.wrapping_add(d) };
                    v.to_le_bytes().map(Some)
                })
                .collect();
            assert_eq!(o.bytes, want, "{p:?} group {g}");
        }
    }
}
