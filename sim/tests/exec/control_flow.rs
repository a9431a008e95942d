//! Control flow: goto and reconvergence, loops, scalar branches, call/ret, switchjmp, the step
//! limit, and stack calls (fcall / fret).

use super::*;

// ---------------------------------------------------------------- control flow

#[test]
fn goto_if_else_reconverges() {
    // Sample 05: if (v > 4) { r = v * 2; if (v > 10) r = 100; } else { r = -v; }
    let (mut k, out, x, r) = lanes_kernel();
    let (p1, p2) = (k.add_pred("p1", 16), k.add_pred("p2", 16));
    let (else1, endif2, endif1) = (k.add_label("ELSE_1"), k.add_label("ENDIF_2"), k.add_label("ENDIF_1"));
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p1), src0: v(x), src1: i(Imm::D(4)) });
    k.push(Inst::Goto { pred: Some(Pred::not(p1)), exec: E16, target: else1 });
    op(&mut k, AluOp::Mul, E16, d(r, 0), vec![v(x), i(Imm::D(2))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p2), src0: v(x), src1: i(Imm::D(10)) });
    k.push(Inst::Goto { pred: Some(Pred::not(p2)), exec: E16, target: endif2 });
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(100))]);
    k.push(Inst::Label(endif2));
    k.push(Inst::Goto { pred: None, exec: E16, target: endif1 });
    k.push(Inst::Label(else1));
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![vm(x, SrcMod::Neg)]);
    k.push(Inst::Label(endif1));
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w: Vec<i32> = words(&m, 16).into_iter().map(|x| x as i32).collect();
    let want: Vec<i32> = (0..16)
        .map(|x| {
            if x > 4 {
                if x > 10 {
                    100
                } else {
                    2 * x
                }
            } else {
                -x
            }
        })
        .collect();
    assert_eq!(w, want);
}

#[test]
fn backward_goto_loops_per_lane_and_jmp_loops_uniformly() {
    let (mut k, out, x, r) = lanes_kernel();
    let cnt = k.add_var("cnt", VisaType::D, 16, Align::Grf);
    let n = k.add_var("n", VisaType::D, 1, Align::Dword);
    let (p1, p2) = (k.add_pred("p1", 1), k.add_pred("p2", 16));
    let (la, lb) = (k.add_label("LOOP_A"), k.add_label("LOOP_B"));
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Add, E16, d(cnt, 0), vec![v(x), i(Imm::D(1))]);
    op(&mut k, AluOp::Mov, NM1, d(n, 0), vec![i(Imm::D(3))]);
    // Uniform loop: r += 1 three times.
    k.push(Inst::Label(la));
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(1))]);
    op(&mut k, AluOp::Add, NM1, d(n, 0), vec![s(n), i(Imm::D(-1))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: NM1, dst: CmpDst::Pred(p1), src0: s(n), src1: i(Imm::D(0)) });
    k.push(Inst::Jmp { pred: Some(Pred::on(p1)), exec: NM1, target: la });
    // Divergent do-while: r += 10 per iteration, v + 1 iterations.
    k.push(Inst::Label(lb));
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(10))]);
    op(&mut k, AluOp::Add, E16, d(cnt, 0), vec![v(cnt), i(Imm::D(-1))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p2), src0: v(cnt), src1: i(Imm::D(0)) });
    k.push(Inst::Goto { pred: Some(Pred::on(p2)), exec: E16, target: lb });
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    assert_eq!(words(&m, 16), (0..16).map(|x| 3 + 10 * (x + 1)).collect::<Vec<u32>>());
}

#[test]
fn a_scalar_branch_combines_every_declared_lane_then_inverts() {
    let (mut k, out, x, r) = lanes_kernel();
    let (all, some) = (k.add_pred("all", 16), k.add_pred("some", 16));
    let labels: Vec<_> = (0..4).map(|n| k.add_label(format!("L{n}"))).collect();
    let ctrl = |id, inverse, ctrl| Some(Pred { id, inverse, ctrl });
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Cmp { rel: CmpOp::Ge, exec: E16, dst: CmpDst::Pred(all), src0: v(x), src1: i(Imm::D(0)) });
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(some), src0: v(x), src1: i(Imm::D(5)) });
    // lane 0 of `some` is clear, lanes 6-15 set: not all of them (taken), some of them (taken)
    k.push(Inst::Jmp { pred: ctrl(some, true, PredCtrl::All), exec: NM1, target: labels[0] });
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(100))]);
    k.push(Inst::Label(labels[0]));
    k.push(Inst::Jmp { pred: ctrl(some, false, PredCtrl::Any), exec: NM1, target: labels[1] });
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(1000))]);
    k.push(Inst::Label(labels[1]));
    // every lane of `all` is set: not taken
    k.push(Inst::Jmp { pred: ctrl(all, true, PredCtrl::All), exec: NM1, target: labels[2] });
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(1))]);
    k.push(Inst::Label(labels[2]));
    // `some` has a set lane: !any is false, not taken
    k.push(Inst::Jmp { pred: ctrl(some, true, PredCtrl::Any), exec: NM1, target: labels[3] });
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), i(Imm::D(10))]);
    k.push(Inst::Label(labels[3]));
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    assert_eq!(words(&m, 16), vec![11; 16]);
}

#[test]
fn call_and_ret_uniform_and_divergent() {
    let (mut k, out, x, r) = lanes_kernel();
    let p = k.add_pred("p", 16);
    let sub = k.add_subroutine("double_r");
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![v(x)]);
    k.push(Inst::Call { pred: None, exec: NM1, target: sub });
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p), src0: v(x), src1: i(Imm::D(10)) });
    k.push(Inst::Call { pred: Some(Pred::on(p)), exec: E16, target: sub });
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    k.push(Inst::Subroutine(sub));
    op(&mut k, AluOp::Mul, E16, d(r, 0), vec![v(r), i(Imm::D(2))]);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    assert_eq!(words(&m, 16), (0..16).map(|x| if x > 10 { 4 * x } else { 2 * x }).collect::<Vec<u32>>());
}

#[test]
fn switchjmp_picks_its_target() {
    let (mut k, out) = with_out("t");
    let idx = k.add_var("idx", VisaType::UB, 4, Align::Dword);
    let r = k.add_var("r", VisaType::D, 4, Align::Grf);
    let ls: Vec<LabelId> = (0..3).map(|j| k.add_label(format!("L{j}"))).collect();
    let end = k.add_label("END");
    op(&mut k, AluOp::Mov, Exec::new(4), d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, NM1, d(idx, 0), vec![i(Imm::UB(2))]);
    k.push(Inst::SwitchJmp { exec: NM1, index: s(idx), targets: ls.clone() });
    for (j, l) in ls.iter().enumerate() {
        k.push(Inst::Label(*l));
        op(&mut k, AluOp::Mov, E1, d(r, 0), vec![i(Imm::D(10 + j as i32))]);
        k.push(Inst::Jmp { pred: None, exec: NM1, target: end });
    }
    k.push(Inst::Label(end));
    ost(&mut k, Owords::O1, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(word(&m, 0, 0), Some(12));
}

#[test]
fn a_thread_that_never_ends_hits_the_step_limit() {
    let (mut k, _out) = with_out("t");
    let l = k.add_label("L");
    k.push(Inst::Label(l));
    k.push(Inst::Jmp { pred: None, exec: NM1, target: l });
    ret(&mut k);
    let (res, _) = run_out(&k);
    assert_eq!(res, Err(SimError::StepLimit { limit: 10_000 }));
}

#[test]
fn branching_on_an_undefined_predicate_is_an_error() {
    let (mut k, _out) = with_out("t");
    let p = k.add_pred("p", 1);
    let l = k.add_label("L");
    k.push(Inst::Jmp { pred: Some(Pred::on(p)), exec: NM1, target: l });
    k.push(Inst::Label(l));
    ret(&mut k);
    let (res, _) = run_out(&k);
    assert!(matches!(res, Err(SimError::Undefined(_))), "{res:?}");
}

// ---------------------------------------------------------------- stack calls (fcall / fret)

/// Runs the first kernel of a file (with its `.global_function`s) as one thread: the surface
/// `out` (BTI 0) first, then `x` = 0..15 as 16 x d; returns the run and the 16 words stored.
fn run_calls(text: &str) -> (Result<genxc_sim::Report, SimError>, Vec<Option<u32>>) {
    let units = read_text(text).unwrap_or_else(|e| panic!("does not read: {e}"));
    let mut m = surfaces(1, 256);
    let vals: Vec<u8> = (0..16i32).flat_map(|x| x.to_le_bytes()).collect();
    let l =
        one_thread(vec![genxc_sim::launch::ArgValue::Surface(0), genxc_sim::launch::ArgValue::Bytes(vals)]);
    let r = genxc_sim::exec::run(&units, &CFG, &l, &mut m);
    let w = (0..16).map(|j| word(&m, 0, j)).collect();
    (r, w)
}

/// A kernel with `out`, `x` (16 x d), `karg`/`kret` aliases of `%arg`/`%retval`, a result `r`,
/// running `body` then storing `r`.
fn caller(body: &str) -> String {
    format!(
        ".version 4.1
.kernel \"k\"
.decl out v_type=T num_elts=1
.decl x v_type=G type=d num_elts=16 align=GRF
.decl r v_type=G type=d num_elts=16 align=GRF
.decl karg v_type=G type=d num_elts=16 align=GRF alias=<%arg, 0>
.decl kret v_type=G type=d num_elts=16 align=GRF alias=<%retval, 0>
.decl p v_type=P num_elts=16
.input out offset=32 size=4
.input x offset=64 size=64
.function \"k_main\"
{body}
    oword_st (4) out 0x0:ud r.0
    ret (M1, 1)
"
    )
}

/// `twice`: retval = 2 * arg (16 x d in 2 GRFs each way), written without predicate.
const TWICE: &str = "
.global_function \"twice\"
.decl a v_type=G type=d num_elts=16 align=GRF alias=<%arg, 0>
.decl rv v_type=G type=d num_elts=16 align=GRF alias=<%retval, 0>
.kernel_attr ArgSize=2
.kernel_attr RetValSize=2
    mul (M1, 16) rv(0,0)<1> a(0,0)<1;1,0> 2:d
    fret (M1, 16)
";

#[test]
fn fcall_passes_arg_and_retval() {
    let text = caller(
        "    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 16) twice 2 2
    mov (M1, 16) r(0,0)<1> kret(0,0)<1;1,0>",
    ) + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    assert_eq!(w, (0..16u32).map(|x| Some(2 * x)).collect::<Vec<_>>());
}

/// A predicated fcall runs the callee with the lanes that take it: the callee's unpredicated
/// write reaches only those lanes of `%retval`, the others keep the caller's value.
#[test]
fn masked_fcall_runs_the_callee_on_the_calling_lanes() {
    let text = caller(
        "    mov (M1, 16) kret(0,0)<1> -5:d
    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    cmp.lt (M1, 16) p x(0,0)<1;1,0> 6:d
    (p) fcall (M1, 16) twice 2 2
    mov (M1, 16) r(0,0)<1> kret(0,0)<1;1,0>",
    ) + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    let want: Vec<Option<u32>> = (0..16i32).map(|x| Some(if x < 6 { 2 * x } else { -5 } as u32)).collect();
    assert_eq!(w, want);
    // Exec mask: an (M1, 8) call leaves lanes 8..15 out.
    let text = caller(
        "    mov (M1, 16) kret(0,0)<1> -5:d
    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 8) twice 2 2
    mov (M1, 16) r(0,0)<1> kret(0,0)<1;1,0>",
    ) + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    let want: Vec<Option<u32>> = (0..16i32).map(|x| Some(if x < 8 { 2 * x } else { -5 } as u32)).collect();
    assert_eq!(w, want);
}

/// Nested calls: each function has its own variables (the caller's `t` and the kernel's `r`
/// survive a callee declaring the same names), the arguments are destroyed in the caller.
#[test]
fn nested_fcall_keeps_each_frame() {
    let text = caller(
        "    mov (M1, 16) r(0,0)<1> 1000:d
    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 16) outer 2 2
    add (M1, 16) r(0,0)<1> r(0,0)<1;1,0> kret(0,0)<1;1,0>",
    ) + "
.global_function \"outer\"
.decl a v_type=G type=d num_elts=16 align=GRF alias=<%arg, 0>
.decl rv v_type=G type=d num_elts=16 align=GRF alias=<%retval, 0>
.decl r v_type=G type=d num_elts=16 align=GRF
.kernel_attr ArgSize=2
.kernel_attr RetValSize=2
    mul (M1, 16) r(0,0)<1> a(0,0)<1;1,0> 10:d
    add (M1, 16) a(0,0)<1> a(0,0)<1;1,0> 1:d
    fcall (M1, 16) twice 2 2
    add (M1, 16) rv(0,0)<1> rv(0,0)<1;1,0> r(0,0)<1;1,0>
    fret (M1, 16)
" + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    // 1000 + (2 (x + 1) + 10 x)
    assert_eq!(w, (0..16u32).map(|x| Some(1000 + 2 * (x + 1) + 10 * x)).collect::<Vec<_>>());

    // After the call the kernel's %arg is undefined: reading it stores undefined words.
    let text = caller(
        "    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 16) twice 2 2
    mov (M1, 16) r(0,0)<1> karg(0,0)<1;1,0>",
    ) + TWICE;
    let (r, w) = run_calls(&text);
    r.unwrap();
    assert_eq!(w, vec![None; 16]);
}

/// Divergent recursion: `sum(a) = a + sum(a - 1)` for the lanes with `a > 0`, 0 for the others.
#[test]
fn recursive_fcall_with_divergent_depth() {
    let text = caller(
        "    mov (M1, 16) karg(0,0)<1> x(0,0)<1;1,0>
    fcall (M1, 16) sum 2 2
    mov (M1, 16) r(0,0)<1> kret(0,0)<1;1,0>",
    ) + "
.global_function \"sum\"
.decl a v_type=G type=d num_elts=16 align=GRF alias=<%arg, 0>
.decl rv v_type=G type=d num_elts=16 align=GRF alias=<%retval, 0>
.decl keep v_type=G type=d num_elts=16 align=GRF
.decl p v_type=P num_elts=16
.kernel_attr ArgSize=2
.kernel_attr RetValSize=2
    mov (M1, 16) rv(0,0)<1> 0:d
    cmp.gt (M1, 16) p a(0,0)<1;1,0> 0:d
    mov (M1, 16) keep(0,0)<1> a(0,0)<1;1,0>
    add (M1, 16) a(0,0)<1> a(0,0)<1;1,0> -1:d
    (p) fcall (M1, 16) sum 2 2
    (p) add (M1, 16) rv(0,0)<1> rv(0,0)<1;1,0> keep(0,0)<1;1,0>
    fret (M1, 16)
";
    let (r, w) = run_calls(&text);
    r.unwrap();
    assert_eq!(w, (0..16u32).map(|x| Some(x * (x + 1) / 2)).collect::<Vec<_>>());
}

/// Wrong uses are errors with a message: unbounded recursion, an unknown callee, sizes that do not
/// match the callee's declaration, `ret` at the top of a function.
#[test]
fn bad_stack_calls_are_errors() {
    let forever = caller("    fcall (M1, 16) f 0 0\n    mov (M1, 16) r(0,0)<1> 0:d")
        + "
.global_function \"f\"
    fcall (M1, 16) f 0 0
    fret (M1, 16)
";
    let e = run_calls(&forever).0.expect_err("unbounded recursion");
    assert!(e.to_string().contains("nested"), "{e}");
    let unknown = caller("    fcall (M1, 16) nowhere 0 0\n    mov (M1, 16) r(0,0)<1> 0:d");
    let e = run_calls(&unknown).0.expect_err("unknown callee");
    assert!(e.to_string().contains("nowhere"), "{e}");
    let sizes = caller("    fcall (M1, 16) twice 1 2\n    mov (M1, 16) r(0,0)<1> 0:d") + TWICE;
    let e = run_calls(&sizes).0.expect_err("size mismatch");
    assert!(e.to_string().contains("ArgSize=2"), "{e}");
    let top_ret = caller("    fcall (M1, 16) g 0 0\n    mov (M1, 16) r(0,0)<1> 0:d")
        + "
.global_function \"g\"
    ret (M1, 1)
";
    let e = run_calls(&top_ret).0.expect_err("ret in a function");
    assert!(e.to_string().contains("fret"), "{e}");
}
