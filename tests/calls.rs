//! Stack calls end to end: which units each kernel's `.visaasm` file holds (the kernel and every
//! stack function it reaches, so that GenX_IR finalizes it as one program), the stack-call ABI as
//! written (`fcall` sizes against the callee's `ArgSize`/`RetValSize`, `%arg`/`%retval` views),
//! declared-only callees and indirect calls through `faddr` + `ifcall`, predicate arguments,
//! predefined variables, and the `.isa` container of a stack-call program (kernels, then the
//! function table) read back.
//! The finalizer and simulator runs of the same fixtures are in tests/finalizer.rs and
//! tests/differential.rs.

mod common;

use common::{compile, input};
use genxc::{CompileOptions, Emit, EmitSet};
use genxc_genx::Platform;
use genxc_visa::model::{Inst, KernelAttr, UnitKind};

/// The units of each kernel's file: `(kernel, [(unit name, is a function)])`.
fn files(fixture: &str, platform: Platform) -> Vec<(String, Vec<genxc_visa::Kernel>)> {
    let out = compile(&[input(fixture)], platform, 0);
    assert!(!out.failed(), "{fixture}: {}", out.log());
    out.visaasm()
        .map(|(k, text)| {
            let units = genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{k}: {e}\n{text}"));
            (k.to_string(), units)
        })
        .collect()
}

fn names(units: &[genxc_visa::Kernel]) -> Vec<(&str, bool)> {
    units.iter().map(|u| (u.name.as_str(), u.unit == UnitKind::GlobalFunction)).collect()
}

#[test]
fn each_kernel_file_holds_the_kernel_and_the_stack_functions_it_reaches() {
    for p in [Platform::Skl, Platform::Pvc] {
        let files = files("calls/stack_calls.ll", p);
        let got: Vec<_> = files.iter().map(|(k, u)| (k.as_str(), names(u))).collect();
        assert_eq!(
            got,
            [
                ("poly_once", vec![("poly_once", false), ("poly", true)]),
                ("poly_twice", vec![("poly_twice", false), ("poly", true)]),
                ("recursive_sum", vec![("recursive_sum", false), ("sum_to", true)]),
            ],
            "{p}"
        );
    }
}

#[test]
fn call_sizes_match_the_callee_and_count_grfs_of_the_platform() {
    // poly(<16 x float>, float) -> <16 x float>: 64 + 4 bytes of arguments, 64 of result
    for (p, arg, ret) in [(Platform::Tgllp, 3u8, 2u8), (Platform::Pvc, 2, 1)] {
        let files = files("calls/stack_calls.ll", p);
        let (_, units) = &files[1];
        let poly = &units[1];
        assert_eq!(poly.call_sizes(), (Some(arg), Some(ret)), "{p}");
        let fcalls: Vec<_> = units[0]
            .body
            .iter()
            .filter_map(|i| match i {
                Inst::FCall { function, arg_size, ret_size, .. } => {
                    Some((function.as_str(), *arg_size, *ret_size))
                }
                _ => None,
            })
            .collect();
        assert_eq!(fcalls, [("poly", arg, ret), ("poly", arg, ret)], "{p}");
        assert!(poly.body.iter().any(|i| matches!(i, Inst::FRet { .. })));
        assert!(!poly.attrs.iter().any(|a| matches!(a, KernelAttr::Target3d(_))));
    }
}

#[test]
fn recursion_calls_the_function_from_itself() {
    let files = files("calls/stack_calls.ll", Platform::Tgllp);
    let sum_to = &files[2].1[1];
    assert!(sum_to.body.iter().any(|i| matches!(i, Inst::FCall { function, .. } if function == "sum_to")));
}

#[test]
fn declared_only_callees_are_called_through_a_relocated_address() {
    for (fixture, kernel, callee) in [
        ("calls/linked_call.ll", "linked", "scale_linked"),
        ("calls/call_undefined.ll", "k", "f"),
        ("calls/linked_symbol.ll", "linked_symbol", "vc.scale"),
    ] {
        let files = files(fixture, Platform::Tgllp);
        assert_eq!(files.len(), 1);
        let (k, units) = &files[0];
        assert_eq!((k.as_str(), names(units)), (kernel, vec![(kernel, false)]), "no body for the callee");
        let body = &units[0].body;
        let faddr = body.iter().position(|i| matches!(i, Inst::FAddr { function, .. } if function == callee));
        let ifcall = body.iter().position(|i| matches!(i, Inst::IFCall { .. }));
        assert!(faddr.is_some() && faddr < ifcall, "{fixture}: faddr {faddr:?} then ifcall {ifcall:?}");
        assert!(!body.iter().any(|i| matches!(i, Inst::FCall { .. })));
    }
}

/// The opcode sequence of a unit's code (what the binary reader gives back, names aside).
fn opcodes(u: &genxc_visa::Kernel) -> Vec<std::mem::Discriminant<Inst>> {
    u.body.iter().map(std::mem::discriminant).collect()
}

#[test]
fn the_isa_container_holds_the_kernels_then_the_stack_functions_and_reads_back() {
    for (fixture, kernels, functions) in [
        ("calls/stack_calls.ll", &["poly_once", "poly_twice", "recursive_sum"][..], &["poly", "sum_to"][..]),
        (
            "calls/indirect_values.ll",
            &["dispatch"][..],
            &["add_one", "times_three", "negate", "masked_add"][..],
        ),
        ("calls/linked_call.ll", &["linked"][..], &[][..]),
        ("calls/linked_symbol.ll", &["linked_symbol"][..], &[][..]),
    ] {
        let opts = CompileOptions {
            platform: Platform::Tgllp,
            emit: EmitSet::of(&[Emit::Isa, Emit::Visaasm]),
            ..CompileOptions::default()
        };
        let out = genxc::compile_inputs(&[input(fixture)], &opts);
        assert!(!out.failed(), "{fixture}: {}", out.log());
        let units = genxc_visa::read_isa(out.isa().expect("one container")).unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<(&str, bool)> =
            units.iter().map(|u| (u.name.as_str(), u.unit == UnitKind::GlobalFunction)).collect();
        let want: Vec<(&str, bool)> =
            kernels.iter().map(|k| (*k, false)).chain(functions.iter().map(|f| (*f, true))).collect();
        assert_eq!(got, want, "{fixture}");
        // each unit reads back with the code and call sizes of its text
        let text: Vec<genxc_visa::Kernel> =
            out.visaasm().flat_map(|(_, t)| genxc_visa::read_text(t).expect("text reads")).collect();
        for u in &units {
            let t = text.iter().find(|t| t.name == u.name).expect("the unit in a text file");
            assert_eq!(opcodes(u), opcodes(t), "{fixture}: {}", u.name);
            assert_eq!(u.call_sizes(), t.call_sizes(), "{fixture}: {}", u.name);
            assert_eq!(u.vars.len(), t.vars.len(), "{fixture}: {}", u.name);
            // faddr symbols read back as written, a quoted external symbol too
            let symbols = |k: &genxc_visa::Kernel| -> Vec<String> {
                k.body
                    .iter()
                    .filter_map(|i| match i {
                        Inst::FAddr { function, .. } => Some(function.clone()),
                        _ => None,
                    })
                    .collect()
            };
            assert_eq!(symbols(u), symbols(t), "{fixture}: {}", u.name);
            if fixture == "calls/linked_symbol.ll" {
                assert_eq!(symbols(u), ["vc.scale", "vc.sink$1"]);
            }
        }
    }
}

#[test]
fn kernels_without_stack_calls_are_written_as_before() {
    // a kernel of a module with stack functions that makes no stack call is one unit
    let files = files("cm/07_subroutine_clone.ll", Platform::Tgllp);
    assert!(files.iter().all(|(_, u)| u.len() == 1));
}

#[test]
fn functions_whose_address_is_taken_are_stack_functions_called_through_ifcall() {
    for p in [Platform::Tgllp, Platform::Pvc] {
        let files = files("calls/indirect_calls.ll", p);
        let got: Vec<_> = files.iter().map(|(k, u)| (k.as_str(), names(u))).collect();
        assert_eq!(
            got,
            [
                ("select_call", vec![("select_call", false), ("add_one", true), ("times_three", true)]),
                (
                    "table_call",
                    vec![("table_call", false), ("add_one", true), ("times_three", true), ("negate", true)]
                ),
                // @apply takes the pointer: inlined into the kernel, not a unit of its own
                ("passed_call", vec![("passed_call", false), ("negate", true), ("add_one", true)]),
            ],
            "{p}"
        );
        for (k, units) in &files {
            let body = &units[0].body;
            let faddrs: Vec<&str> = body
                .iter()
                .filter_map(|i| match i {
                    Inst::FAddr { function, .. } => Some(function.as_str()),
                    _ => None,
                })
                .collect();
            assert_eq!(faddrs.len(), units.len() - 1, "{k}: one faddr per function of the file");
            assert_eq!(body.iter().filter(|i| matches!(i, Inst::IFCall { .. })).count(), 1, "{k}");
            assert!(!body.iter().any(|i| matches!(i, Inst::FCall { .. })), "{k}");
            for f in &units[1..] {
                assert_eq!(f.call_sizes(), (Some(1), Some(1)), "{k}: {}", f.name);
            }
        }
    }
}

#[test]
fn a_predicate_argument_of_a_stack_call_is_a_word_per_lane() {
    let files = files("calls/indirect_values.ll", Platform::Tgllp);
    let (_, units) = &files[0];
    let masked = units.iter().find(|u| u.name == "masked_add").expect("masked_add in the file");
    // <8 x i32> then <8 x i1> as 8 words: two GRFs of %arg on TGLLP
    assert_eq!(masked.call_sizes(), (Some(2), Some(1)));
    let fcall = units[0].body.iter().find_map(|i| match i {
        Inst::FCall { function, arg_size, .. } if function == "masked_add" => Some(*arg_size),
        _ => None,
    });
    assert_eq!(fcall, Some(2));
}

#[test]
fn a_function_pointer_the_rewrite_cannot_follow_is_refused_by_name() {
    // in a stack array
    let src = r#"
define internal void @f() #1 {
  ret void
}
define dllexport void @k(i32 %i) #0 {
  %t = alloca [2 x void ()*]
  %p = getelementptr [2 x void ()*], [2 x void ()*]* %t, i64 0, i32 %i
  store void ()* @f, void ()** %p
  %g = load void ()*, void ()** %p
  call void %g()
  ret void
}
attributes #0 = { "CMGenxMain" }
attributes #1 = { noinline }
"#;
    let (failed, log) = compile_text("stack_array.ll", src);
    assert!(failed);
    assert!(
        log.contains("stack_array.ll:8:3: error: in function @k, instruction store void ()* @f")
            && log.contains("function pointers in a stack array"),
        "{log}"
    );
    // a kernel's parameter
    let src = r#"
define dllexport void @k(void ()* %f) #0 {
  call void %f()
  ret void
}
attributes #0 = { "CMGenxMain" }
"#;
    let (failed, log) = compile_text("param.ll", src);
    assert!(failed);
    assert!(log.contains("a function pointer parameter of @k"), "{log}");
}

#[test]
fn a_function_address_stored_to_memory_is_its_faddr_value() {
    // stored through a pointer kernel argument: an i64 store of the faddr result
    let src = r#"
define internal void @f() #1 {
  ret void
}
define dllexport void @k(void ()** %slot) #0 {
  store void ()* @f, void ()** %slot
  ret void
}
attributes #0 = { "CMGenxMain" }
attributes #1 = { noinline "CMStackCall" }
"#;
    let input = genxc::Input { name: "store_fp.ll".into(), bytes: src.as_bytes().to_vec() };
    let out = compile(&[input], Platform::Tgllp, 0);
    assert!(!out.failed(), "{}", out.log());
    let (_, text) = out.visaasm().next().expect("the kernel's file");
    let units = genxc_visa::read_text(text).expect("reads");
    assert_eq!(names(&units), [("k", false), ("f", true)]);
    let body = &units[0].body;
    let faddr = body.iter().position(|i| matches!(i, Inst::FAddr { function, .. } if function == "f"));
    assert!(faddr.is_some(), "{text}");
    assert!(text.contains("svm_scatter") || text.contains("svm_block_st"), "{text}");
}

/// Compiles LLVM IR text for TGLLP; the log, and whether it failed.
fn compile_text(name: &str, src: &str) -> (bool, String) {
    let input = genxc::Input { name: name.into(), bytes: src.as_bytes().to_vec() };
    let opts = CompileOptions { platform: Platform::Tgllp, ..CompileOptions::default() };
    let out = genxc::compile_inputs(&[input], &opts);
    (out.failed(), out.log())
}

#[test]
fn predefined_variables_of_intels_runtime_abi_are_refused_by_name() {
    // a vISA predefined variable genxc does not model, read by number
    let src = r#"
declare <8 x i32> @llvm.genx.read.predef.reg.v8i32.v8i32(i32, <8 x i32>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
define dllexport void @k(i32 %out) #0 {
  %r0 = call <8 x i32> @llvm.genx.read.predef.reg.v8i32.v8i32(i32 7, <8 x i32> undef)
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 0, <8 x i32> %r0)
  ret void
}
attributes #0 = { "CMGenxMain" }
!genx.kernels = !{!0}
!0 = !{void (i32)* @k, !"k", !1, i32 0, i32 0, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
"#;
    let (failed, log) = compile_text("r0.ll", src);
    assert!(failed);
    assert!(
        log.contains("llvm.genx.read.predef.reg of %r0 (vISA predefined variable 7): not modeled"),
        "{log}"
    );
    // a predefined-variable global genxc does not know, located at the global
    let src = r#"
@llvm.vc.predef.var.some.other = external global i64 #1
declare void @llvm.vc.internal.write.variable.region.p0i64.i64.i1(i64*, i64, i32, i32, i1)
define dllexport void @k(i64 %buf) #0 {
  call void @llvm.vc.internal.write.variable.region.p0i64.i64.i1(i64* nonnull @llvm.vc.predef.var.some.other, i64 %buf, i32 1, i32 0, i1 true)
  ret void
}
attributes #0 = { "CMGenxMain" }
attributes #1 = { "VCPredefinedVariable" }
"#;
    let (failed, log) = compile_text("other.ll", src);
    assert!(failed);
    assert!(
        log.contains("other.ll:2:1: error: @llvm.vc.predef.var.some.other")
            && log.contains("an unknown vISA predefined variable (some.other)"),
        "{log}"
    );
}

#[test]
fn intels_implicit_argument_buffer_pointers_are_written_and_read_by_name() {
    // @llvm.vc.predef.var.impl.args.buf and .loc.id.buf are %impl_arg_buf_ptr and
    // %local_id_buf_ptr: written from the argument, read back (the second one broadcast)
    for p in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        let files = files("calls/predef_vars.ll", p);
        let text = genxc_visa::write_text_file(&files[0].1);
        for want in [
            "mov (M1_NM, 1) %impl_arg_buf_ptr(0,0)<1> V_V_base_uq(0,0)<0;1,0>",
            "mov (M1_NM, 1) %local_id_buf_ptr(0,0)<1> V_V_lid_uq(0,0)<0;1,0>",
            "%impl_arg_buf_ptr(0,0)<0;1,0>",
            "%local_id_buf_ptr(0,0)<0;1,0>",
        ] {
            assert!(text.contains(want), "{p}: {want} in\n{text}");
        }
    }
}

#[test]
fn predefined_variables_are_read_and_written_by_number() {
    let files = files("calls/predef_regs.ll", Platform::Tgllp);
    let text = |kernel: &str| {
        let (_, units) = files.iter().find(|(k, _)| k == kernel).expect("the kernel's file");
        genxc_visa::write_text_file(units)
    };
    // %retval read after the call, %arg written and read back
    let predef = text("predef");
    assert!(predef.contains("alias=<%retval, 0>") && predef.contains("alias=<%arg, 0>"), "{predef}");
    // %sp and %fp read, %fp written
    let stack = text("stack_regs");
    for want in ["%sp(0,0)<0;1,0>", "%fp(0,0)<0;1,0>", "mov (M1_NM, 1) %fp(0,0)<1>"] {
        assert!(stack.contains(want), "{want} in\n{stack}");
    }
}

#[test]
fn a_stack_function_calling_subroutines_starts_with_an_entry_label() {
    // @scale_add is called by the kernel and by the stack function @twice: each unit has its own
    // copy; @twice's code starts with its entry `.function` (GenX_IR's flow graph needs it there)
    for p in [Platform::Skl, Platform::Pvc] {
        let out = compile(&[input("calls/stack_call_subroutines.ll")], p, 0);
        assert!(!out.failed(), "{}", out.log());
        let (k, text) = out.visaasm().next().expect("one file");
        assert_eq!(k, "mix");
        let units = genxc_visa::read_text(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(names(&units), [("mix", false), ("twice", true)], "{p}");
        let subroutines =
            |u: &genxc_visa::Kernel| u.body.iter().filter(|i| matches!(i, Inst::Subroutine(_))).count();
        let calls = |u: &genxc_visa::Kernel| u.body.iter().filter(|i| matches!(i, Inst::Call { .. })).count();
        assert_eq!(
            (subroutines(&units[0]), calls(&units[0])),
            (1, 1),
            "{p}: the kernel's copy of @scale_add"
        );
        assert_eq!(
            (subroutines(&units[1]), calls(&units[1])),
            (2, 3),
            "{p}: @scale_add and @clamp_low in @twice"
        );
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| *l == ".global_function \"twice\"").expect("the function");
        let first_code =
            lines[at + 1..].iter().find(|l| !l.starts_with(".decl") && !l.starts_with(".kernel_attr"));
        assert_eq!(first_code, Some(&".function \"twice_main\""), "{p}\n{text}");
    }
}

/// A defined external function that is neither a kernel nor "CMStackCall" is a subroutine, as
/// Intel's compiler makes it: the one taking the kernel's pointer is inlined, the one taking a
/// vector is a `call`ed subroutine of the kernel's own file, no stack function is written; the
/// integer constant expressions of its body are folded (0x0d0d0d0d + 0x000d152d). A recursive
/// external function stays a stack function (stack_calls.ll).
#[test]
fn external_functions_that_are_not_stack_calls_are_subroutines() {
    for p in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        let files = files("calls/external_subroutine.ll", p);
        let got: Vec<_> = files.iter().map(|(k, u)| (k.as_str(), names(u))).collect();
        assert_eq!(got, [("external_subroutine", vec![("external_subroutine", false)])], "{p}");
        let body = &files[0].1[0].body;
        assert!(body.iter().any(|i| matches!(i, Inst::Call { .. })), "{p}: @bias is a subroutine");
        assert!(!body.iter().any(|i| matches!(i, Inst::FCall { .. } | Inst::IFCall { .. })), "{p}");
        let text = genxc_visa::write_text_file(&files[0].1);
        assert!(text.contains("219816506:d"), "{p}: the folded constant in\n{text}");
    }
    let files = files("calls/stack_calls.ll", Platform::Tgllp);
    assert!(files.iter().any(|(_, u)| names(u).contains(&("sum_to", true))));
}
