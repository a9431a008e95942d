//! Undefined values and inputs, threads and barriers, and argument binding.

use super::*;

// ---------------------------------------------------------------- undefined values, inputs

#[test]
fn storing_an_unwritten_variable_leaves_memory_undefined() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E1, d(r, 0), vec![i(Imm::D(1))]);
    op(&mut k, AluOp::Add, E8, d(r, 0), vec![v(r), i(Imm::D(1))]);
    ost(&mut k, Owords::O2, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    let rep = res.unwrap();
    assert_eq!(word(&m, 0, 0), Some(2));
    assert!((1..8).all(|j| word(&m, 0, j).is_none()));
    assert!(rep.warnings.iter().any(|w| w.contains("unwritten")));
}

#[test]
fn arg_specs_follow_the_input_offsets() {
    let mut k = Kernel::new("t");
    let a = k.add_var("a", VisaType::F, 2, Align::Dword);
    let b = k.add_var("b", VisaType::UQ, 1, Align::Qword);
    let t = k.add_surface("t");
    let lid = k.add_var("lid", VisaType::UW, 3, Align::Dword);
    k.add_input(InputTarget::Var(b), 48, 8);
    k.add_input(InputTarget::Var(a), 40, 8 - 4);
    k.add_input(InputTarget::Surface(t), 32, 4);
    k.inputs.push(Input {
        target: InputTarget::Var(lid),
        offset: 64,
        size: 6,
        implicit: ImplicitKind::LOCAL_ID,
    });
    assert_eq!(
        arg_specs(&k),
        vec![ArgSpec::Surface, ArgSpec::Value { size: 4, elem: 4, float: true }, ArgSpec::Pointer]
    );
    // An 8-byte double is a value, not a pointer.
    let f = k.add_var("f", VisaType::DF, 1, Align::Qword);
    k.add_input(InputTarget::Var(f), 56, 8);
    assert_eq!(arg_specs(&k)[3], ArgSpec::Value { size: 8, elem: 8, float: true });
}

#[test]
fn predefined_ids_and_implicit_inputs() {
    let (mut k, out) = with_out("t");
    let lid = k.add_var("lid", VisaType::UW, 3, Align::Dword);
    let gc = k.add_var("gc", VisaType::UD, 3, Align::Dword);
    k.inputs.push(Input {
        target: InputTarget::Var(lid),
        offset: 64,
        size: 6,
        implicit: ImplicitKind::LOCAL_ID,
    });
    k.inputs.push(Input {
        target: InputTarget::Var(gc),
        offset: 96,
        size: 12,
        implicit: ImplicitKind::GROUP_COUNT,
    });
    let r = k.add_var("r", VisaType::UD, 8, Align::Grf);
    let r0 = k.add_alias("r0d", VisaType::UD, 8, Align::Grf, VarId::R0, 0);
    op(&mut k, AluOp::Mov, E1, d(r, 0), vec![s(VarId::GROUP_ID_X)]);
    op(&mut k, AluOp::Mov, E1, d(r, 1), vec![s(VarId::THREAD_X)]);
    op(&mut k, AluOp::Mov, E1, d(r, 2), vec![sc(lid, 1)]);
    op(&mut k, AluOp::Mov, E1, d(r, 3), vec![sc(gc, 0)]);
    op(&mut k, AluOp::Mov, E1, d(r, 4), vec![sc(r0, 1)]);
    op(&mut k, AluOp::Mov, E1, d(r, 5), vec![sc(r0, 6)]);
    // 16 bytes per thread: offset (group x * 2 + local x) owords... one oword per thread.
    op(&mut k, AluOp::Mul, E1, d(r, 6), vec![s(VarId::GROUP_ID_X), i(Imm::UD(2))]);
    op(&mut k, AluOp::Add, E1, d(r, 6), vec![sc(r, 6), s(VarId::THREAD_X)]);
    op(&mut k, AluOp::Mul, E1, d(r, 6), vec![sc(r, 6), i(Imm::UD(2))]);
    k.push(Inst::OwordSt { size: Owords::O2, surface: out, offset: sc(r, 6), src: Raw::of(r) });
    ret(&mut k);
    let mut m = surfaces(1, 256);
    let l = Launch {
        groups: [2, 3, 1],
        group_size: [2, 1, 1],
        args: vec![ArgValue::Surface(0)],
        slm_size: 0,
        step_limit: 1000,
    };
    // Groups (x, 0) write at words 8 * (2x + lx); later rows (y > 0) overwrite them.
    genxc_sim::exec::run(std::slice::from_ref(&k), &CFG, &l, &mut m).unwrap();
    let w: Vec<u32> = (24..30).map(|j| word(&m, 0, j).unwrap()).collect();
    assert_eq!(w, vec![1, 1, 0, 2, 1, 2]);
}

// ---------------------------------------------------------------- threads and barriers

#[test]
fn two_threads_exchange_data_through_slm_at_a_barrier() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::UD, 4, Align::Grf);
    let off = k.add_var("off", VisaType::UD, 1, Align::Dword);
    // Each thread writes its id + 10 to SLM oword (local x), waits, reads the other's oword.
    op(&mut k, AluOp::Add, Exec::new(4), d(r, 0), vec![s(VarId::THREAD_X), i(Imm::UD(10))]);
    k.push(Inst::OwordSt {
        size: Owords::O1,
        surface: SurfaceId::SLM,
        offset: s(VarId::THREAD_X),
        src: Raw::of(r),
    });
    k.push(Inst::Fence(Fence { local: true, commit: true, ..Fence::default() }));
    k.push(Inst::Barrier);
    op(&mut k, AluOp::Xor, E1, d(off, 0), vec![s(VarId::THREAD_X), i(Imm::UD(1))]);
    k.push(Inst::OwordLd {
        size: Owords::O1,
        unaligned: false,
        surface: SurfaceId::SLM,
        offset: s(off),
        dst: Raw::of(r),
    });
    k.push(Inst::OwordSt { size: Owords::O1, surface: out, offset: s(VarId::THREAD_X), src: Raw::of(r) });
    ret(&mut k);
    let mut m = surfaces(1, 256);
    m.add("slm", BufferKind::Slm, Bytes::undefined(64));
    let l = Launch {
        groups: [1, 1, 1],
        group_size: [2, 1, 1],
        args: vec![ArgValue::Surface(0)],
        slm_size: 64,
        step_limit: 1000,
    };
    let rep = genxc_sim::exec::run(std::slice::from_ref(&k), &CFG, &l, &mut m).unwrap();
    assert_eq!(word(&m, 0, 0), Some(11));
    assert_eq!(word(&m, 0, 4), Some(10));
    assert_eq!(rep.instructions, 2 * 8);
}

// ---------------------------------------------------------------- argument binding

/// A kernel with no `.input` for its surface: it stores its one value input (4 copies) at
/// oword 0 of binding-table index 1, named by a constant as Intel's VC does.
const CONSTANT_BTI_KERNEL: &str = r#".version 4.1
.kernel "k"
.decl V_n v_type=G type=ud num_elts=1 align=dword
.decl V_o v_type=G type=ud num_elts=1 align=dword
.decl V_r v_type=G type=ud num_elts=4 align=GRF
.decl T_s v_type=T num_elts=1
.input V_n offset=64 size=4
.kernel_attr Target="cm"
.function "k_main"
    mov (M1_NM, 4) V_r(0,0)<1> V_n(0,0)<0;1,0>
    mov (M1_NM, 1) V_o(0,0)<1> 0:ud
    movs (M1_NM, 1) T_s(0) 1:ud
    oword_st (1) T_s V_o(0,0)<0;1,0> V_r.0
    ret (M1, 1)
"#;

#[test]
fn surface_arguments_without_an_input_are_skipped_in_order() {
    let k = genxc_visa::read_text(CONSTANT_BTI_KERNEL).unwrap();
    let mut m = surfaces(2, 64);
    let l = one_thread(vec![
        ArgValue::Surface(0),
        ArgValue::Surface(1),
        ArgValue::Bytes(7u32.to_le_bytes().to_vec()),
    ]);
    genxc_sim::exec::run(&k, &CFG, &l, &mut m).unwrap();
    assert_eq!((0..4).map(|j| word(&m, 1, j)).collect::<Vec<_>>(), vec![Some(7); 4]);
    assert_eq!(word(&m, 0, 0), None);
    // A value argument never stands in for a missing input: the counts must add up.
    for args in [vec![ArgValue::Bytes(vec![1; 4]), ArgValue::Bytes(vec![2; 4])], vec![ArgValue::Surface(0)]] {
        let err = genxc_sim::exec::run(&k, &CFG, &one_thread(args), &mut surfaces(2, 64)).unwrap_err();
        assert!(err.to_string().contains("explicit inputs"), "{err}");
    }
}

#[test]
fn rebinding_moves_surface_arguments_and_their_buffers() {
    use genxc_sim::launch::ArgSpec;
    let specs = [ArgSpec::Surface, ArgSpec::Surface, ArgSpec::Value { size: 4, elem: 4, float: false }];
    let (mut l, mut m) = Launch::random(&specs, 5, 0, [1, 1, 1], [1, 1, 1], 0);
    assert!(l.rebind_surfaces(&mut m, &[3]).is_err());
    assert!(l.rebind_surfaces(&mut m, &[4, 4]).is_err());
    l.rebind_surfaces(&mut m, &[1, 5]).unwrap();
    assert_eq!(&l.args[..2], &[ArgValue::Surface(1), ArgValue::Surface(5)]);
    assert_eq!((m.surface(1), m.surface(5), m.surface(0)), (Some(0), Some(1), None));
    // The kernel's store to index 1 now lands in the first argument's buffer.
    let k = genxc_visa::read_text(CONSTANT_BTI_KERNEL).unwrap();
    l.args[2] = ArgValue::Bytes(9u32.to_le_bytes().to_vec());
    let before = m.buffers[1].bytes.clone();
    genxc_sim::exec::run(&k, &CFG, &l, &mut m).unwrap();
    assert_eq!(word(&m, 0, 3), Some(9));
    assert_eq!(m.buffers[1].bytes, before);
}
