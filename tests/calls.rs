//! Stack calls end to end: which units each kernel's `.visaasm` file holds (the kernel and every
//! stack function it reaches, so that GenX_IR finalizes it as one program), the stack-call ABI as
//! written (`fcall` sizes against the callee's `ArgSize`/`RetValSize`, `%arg`/`%retval` views),
//! declared-only callees through `faddr` + `ifcall`, and the refusal of `--emit isa` for them.
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
    for (fixture, kernel, callee) in
        [("calls/linked_call.ll", "linked", "scale_linked"), ("calls/call_undefined.ll", "k", "f")]
    {
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

#[test]
fn the_isa_container_of_stack_functions_is_refused_by_name() {
    let opts = CompileOptions {
        platform: Platform::Tgllp,
        emit: EmitSet::of(&[Emit::Isa]),
        ..CompileOptions::default()
    };
    for (fixture, why) in [
        (
            "calls/stack_calls.ll",
            "unsupported: --emit isa of kernel 'poly_once' with stack calls: the .isa container's function table (.global_function \"poly\") is not modeled by the binary writer; emit visaasm",
        ),
        (
            "calls/linked_call.ll",
            "unsupported: --emit isa of kernel 'linked' with stack calls: the .isa container's function relocations (a declared-only callee) are not modeled by the binary writer; emit visaasm",
        ),
    ] {
        let out = genxc::compile_inputs(&[input(fixture)], &opts);
        assert!(out.failed(), "{fixture}");
        assert!(out.log().contains(why), "{fixture}: {}", out.log());
    }
}

#[test]
fn kernels_without_stack_calls_are_written_as_before() {
    // a kernel of a module with stack functions that makes no stack call is one unit
    let files = files("cm/07_subroutine_clone.ll", Platform::Tgllp);
    assert!(files.iter().all(|(_, u)| u.len() == 1));
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
