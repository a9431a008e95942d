//! SIMD control flow (`llvm.genx.simdcf.goto`/`join`): the shape of the vISA genxc emits for the
//! kernels of `tests/fixtures/kernels/simdcf.ll`, and the Gen code Intel's finalizer makes of it.
//! The fixture kernels are also in the finalizer and text/binary corpus (`tests/finalizer.rs`,
//! `tests/isa_equivalence.rs`); here the gotos, their targets and the execution masks are checked
//! one by one, as IGC's Vector Compiler emits them for the same kernels.

mod common;

use common::{compile, finalize, finalizer_available, input};
use genxc_genx::Platform;

/// The vISA text of one kernel of the fixture.
fn kernel(name: &str, p: Platform) -> String {
    let result = compile(&[input("kernels/simdcf.ll")], p, 0);
    assert!(!result.failed(), "{:#?}", result.diagnostics);
    let f = result.files.iter().find(|f| f.name == format!("{name}.visaasm")).expect("kernel output");
    String::from_utf8(f.bytes.clone()).unwrap()
}

/// The instruction and label lines without declarations.
fn body(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("    ") || l.ends_with(':')).map(str::trim).collect()
}

/// Whether a body line is a goto (predicated or not).
fn is_goto(l: &str) -> bool {
    l.starts_with("goto ") || l.contains(" goto ")
}

/// The gotos of a body, in order.
fn gotos<'a>(b: &[&'a str]) -> Vec<&'a str> {
    b.iter().copied().filter(|l| is_goto(l)).collect()
}

/// Where a label is defined in a body.
fn label_at(b: &[&str], label: &str) -> usize {
    b.iter().position(|l| l.strip_suffix(':') == Some(label)).unwrap_or_else(|| panic!("no label {label}"))
}

#[test]
fn if_else_is_a_forward_goto_to_else_and_an_else_goto_to_endif() {
    let t = kernel("simd_ifelse", Platform::Tgllp);
    let b = body(&t);
    let gotos = gotos(&b);
    assert_eq!(gotos.len(), 2, "{t}");
    // lanes whose condition is false wait at the else block; the rest leave for endif after then
    assert!(gotos[0].starts_with("(!P_") && gotos[0].ends_with("goto (M1, 16) L_simd_ifelse_else"), "{t}");
    // the "else" goto takes every lane left (CMSimdCFLowering's constant condition, negated)
    assert_eq!(gotos[1], "goto (M1, 16) L_simd_ifelse_endif", "{t}");
    // writes inside the if run under the execution mask, not a predicate
    assert!(b.iter().any(|l| l.starts_with("mov (M1, 16) ")), "{t}");
    // EM and RM have no variables
    assert!(!t.contains("EM") && !t.contains("RM"), "{t}");
    let (then, els) = (label_at(&b, "L_simd_ifelse_then"), label_at(&b, "L_simd_ifelse_else"));
    assert!(then < els && els < label_at(&b, "L_simd_ifelse_endif"), "join points in program order: {t}");
}

#[test]
fn do_while_is_a_backward_goto_to_the_loop_header() {
    let t = kernel("simd_dowhile", Platform::Tgllp);
    let b = body(&t);
    let gotos = gotos(&b);
    assert_eq!(gotos.len(), 1, "{t}");
    // the lanes whose condition holds loop; the predicate is not inverted
    assert!(gotos[0].starts_with("(P_") && gotos[0].ends_with("goto (M1, 16) L_simd_dowhile_loop"), "{t}");
    let goto = b.iter().position(|l| is_goto(l)).unwrap();
    assert!(label_at(&b, "L_simd_dowhile_loop") < goto, "{t}");
    // no jump back besides the goto: the latch block emits nothing
    assert!(!t.contains("jmp"), "{t}");
}

#[test]
fn break_leaves_the_loop_for_the_join_after_it() {
    let t = kernel("simd_break", Platform::Tgllp);
    let gotos = gotos(&body(&t));
    assert_eq!(gotos.len(), 2, "{t}");
    // the lanes over the limit (CMSimdCFLowering negates the condition; the negation is folded)
    assert!(gotos[0].starts_with("(P_big)") && gotos[0].ends_with("goto (M1, 16) L_simd_break_end"), "{t}");
    assert!(gotos[1].starts_with("(P_") && gotos[1].ends_with("goto (M1, 16) L_simd_break_loop"), "{t}");
}

#[test]
fn simd32_writes_each_half_under_its_own_mask_offset() {
    for p in [Platform::Tgllp, Platform::Pvc] {
        let t = kernel("simd32_ifelse", p);
        assert!(t.contains("goto (M1, 32) L_simd32_ifelse_else"), "{p}: {t}");
        if p == Platform::Tgllp {
            // 32 floats are two 16-lane pieces on a 32-byte GRF: lanes 0-15 and 16-31 of EM
            assert!(t.contains("mov (M1, 16) ") && t.contains("mov (M5, 16) "), "{p}: {t}");
        } else {
            assert!(t.contains("mov (M1, 32) "), "{p}: {t}");
        }
    }
    let t = kernel("simd8_if", Platform::Tgllp);
    assert!(t.contains("goto (M1, 8) L_simd8_if_endif") && t.contains("mov (M1, 8) "), "{t}");
    // a wrregion predicated by EM writes its region under the mask (even lanes, two pieces of 8)
    let t = kernel("simd_if", Platform::Tgllp);
    assert!(t.contains("shl (M1, 8) V_x(0,0)<2>") && t.contains("shl (M3, 8) V_x(2,0)<2>"), "{t}");
}

#[test]
fn the_finalizer_turns_goto_targets_into_joins() {
    if !finalizer_available() {
        return;
    }
    for p in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        // (the finalizer if-converts simd_nested's one-instruction inner if into a predicated move)
        for (k, gotos) in [("simd_ifelse", 2), ("simd_nested", 2), ("simd_dowhile", 1), ("simd_break", 2)] {
            let asm = finalize(&format!("{k}.visaasm"), &kernel(k, p), p.info().finalizer_name)
                .unwrap_or_else(|e| panic!("{e}"));
            let code: Vec<&str> = asm.lines().map(|l| l.split("//").next().unwrap_or("")).collect();
            // `goto`, and `goto.b` for a backward one
            let is = |w: &str, op: &str| w == op || w.strip_prefix(op).is_some_and(|r| r.starts_with('.'));
            let count = |op: &str| code.iter().filter(|l| l.split_whitespace().any(|w| is(w, op))).count();
            assert!(count("goto") >= gotos, "{k} on {p}: {asm}");
            assert!(count("join") >= 1, "{k} on {p}: no join in {asm}");
        }
    }
}
