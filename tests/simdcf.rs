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
    kernel_in("kernels/simdcf.ll", name, p)
}

/// The vISA text of one kernel of a fixture.
fn kernel_in(fixture: &str, name: &str, p: Platform) -> String {
    let result = compile(&[input(fixture)], p, 0);
    assert!(!result.failed(), "{fixture} on {p}: {:#?}", result.diagnostics);
    let f = result.outputs.iter().find(|f| f.name == format!("{name}.visaasm")).expect("kernel output");
    String::from_utf8(f.bytes.clone()).unwrap()
}

/// The memory messages of a body between its first and last labels (inside the SIMD control flow:
/// the fixtures' kernels have one if or loop), and those outside it.
fn messages<'a>(b: &[&'a str]) -> (Vec<&'a str>, Vec<&'a str>) {
    let is_msg = |l: &&str| {
        let op = l.split_whitespace().find(|w| !w.starts_with('(')).unwrap_or("");
        ["scatter", "gather", "dword_atomic", "svm_", "lsc_", "oword_"].iter().any(|m| op.starts_with(m))
    };
    let first = b.iter().position(|l| l.ends_with(':')).expect("a label");
    let last = b.iter().rposition(|l| l.ends_with(':')).unwrap();
    let inside = b[first..last].iter().copied().filter(is_msg).collect();
    let outside = b[..first].iter().chain(&b[last..]).copied().filter(is_msg).collect();
    (inside, outside)
}

/// Checks that every message inside the SIMD control flow of `kernel` runs under the execution
/// mask (`(M1, n)`, not NoMask) without a predicate; returns how many there are.
fn check_messages_under_em(fixture: &str, kernel: &str, p: Platform, n: u32) -> usize {
    let t = kernel_in(fixture, kernel, p);
    let b = body(&t);
    let (inside, outside) = messages(&b);
    for l in &inside {
        assert!(
            !l.starts_with('('),
            "{kernel} on {p}: a predicated message inside SIMD control flow: {l}\n{t}"
        );
        assert!(
            l.contains(&format!(" (M1, {n}) ")),
            "{kernel} on {p}: not under the execution mask: {l}\n{t}"
        );
    }
    // the block messages outside it stay as they were
    assert!(outside.iter().all(|l| !l.contains("(M1, ")), "{kernel} on {p}: {t}");
    inside.len()
}

#[test]
fn messages_inside_simd_control_flow_run_under_the_execution_mask() {
    let f = "kernels/simdcf_messages.ll";
    for p in [Platform::Skl, Platform::Tgllp, Platform::Dg2, Platform::Pvc] {
        // as IGC's Vector Compiler: scatter, atomic, scatter of its result, each (M1, 16) unpredicated
        assert_eq!(check_messages_under_em(f, "simd_if_scatter", p, 16), 3, "{p}");
        assert_eq!(check_messages_under_em(f, "simd_if_gather", p, 16), 2, "{p}");
        assert_eq!(check_messages_under_em(f, "simd_if_svm", p, 16), 2, "{p}");
        assert_eq!(check_messages_under_em(f, "simd_dowhile_store", p, 16), 1, "{p}");
    }
    // a message with its own predicate, ANDed with EM by CMSimdCFLowering: the predicate, under the mask
    for p in [Platform::Skl, Platform::Pvc] {
        let t = kernel_in(f, "simd_if_masked_scatter", p);
        let b = body(&t);
        let (inside, _) = messages(&b);
        assert_eq!(inside.len(), 1, "{p}: {t}");
        assert!(inside[0].starts_with("(P_p) scatter_scaled.4 (M1, 16) "), "{p}: {t}");
    }
    // the lanes a gather leaves alone keep its old value: copied into the result first, in every lane
    let t = kernel_in(f, "simd_if_gather", Platform::Tgllp);
    let b = body(&t);
    let g = b.iter().position(|l| l.starts_with("gather_scaled")).unwrap();
    assert!(b[g - 2..g].iter().any(|l| l.starts_with("mov (M1_NM, 16) V_g(0,0)<1> V_x")), "{t}");
    // SIMD32 on PVC: one (M1, 32) message each
    let f32 = "kernels/simdcf_messages_simd32.ll";
    assert_eq!(check_messages_under_em(f32, "simd32_if_scatter", Platform::Pvc, 32), 3);
    // LSC messages where the platform has them
    for p in [Platform::Dg2, Platform::Pvc] {
        assert_eq!(check_messages_under_em("kernels/simdcf_lsc.ll", "simd_if_lsc", p, 16), 3, "{p}");
    }
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
fn do_while_exit_copies_follow_the_backward_goto() {
    // the goto falls through only when no lane loops again: the exit edge's copy runs there, once
    let t = kernel_in("kernels/simdcf_exit_copy.ll", "simd_dowhile_exit", Platform::Tgllp);
    let b = body(&t);
    let goto = b.iter().position(|l| is_goto(l)).expect("a goto");
    assert!(b[goto].ends_with("goto (M1, 16) L_simd_dowhile_exit_loop"), "{t}");
    assert_eq!(b[goto + 1], "mov (M1_NM, 16) V_r(0,0)<1> V_a2(0,0)<1;1,0>", "{t}");
    assert!(b[goto + 2].ends_with(':'), "{t}");
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
    // legalization splits the 32-lane EM selects in halves chained from their false operand, so
    // each half writes in place over the old value: one masked move per half, no whole copies
    // (as IGC's Vector Compiler: 4 moves in the if/else where 16 were emitted before)
    let t = kernel("simd32_ifelse", Platform::Tgllp);
    let b = body(&t);
    for (src, lo, hi) in [
        ("V_a2", "V_x(0,0)<1> V_a2(0,0)", "V_x(2,0)<1> V_a2(2,0)"),
        ("V_b2", "V_x(0,0)<1> V_b2(0,0)", "V_x(2,0)<1> V_b2(2,0)"),
    ] {
        assert!(b.contains(&format!("mov (M1, 16) {lo}<1;1,0>").as_str()), "{src}: {t}");
        assert!(b.contains(&format!("mov (M5, 16) {hi}<1;1,0>").as_str()), "{src}: {t}");
    }
    let then = label_at(&b, "L_simd32_ifelse_then");
    let end = label_at(&b, "L_simd32_ifelse_endif");
    let movs = b[then..end].iter().filter(|l| l.starts_with("mov ")).count();
    assert_eq!(movs, 4, "{t}");
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
