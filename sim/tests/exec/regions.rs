//! Operand regions (strides, aliasing, indirect access through address variables, faults outside
//! a variable), and predicates and execution masks.

use super::*;

// ---------------------------------------------------------------- regions

#[test]
fn source_regions_vstride_width_hstride() {
    let (mut k, out) = with_out("t");
    let m = k.add_var("m", VisaType::D, 32, Align::Grf);
    let r = k.add_var("r", VisaType::D, 16, Align::Grf);
    op(&mut k, AluOp::Mov, E16, d(m, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Add, E16, d(m, 0), vec![v(m), rg(m, 0, 0, 0, 8, 0)]); // + lane index 0..7 as <0;8,0>?? see below
    ret(&mut k);
    let _ = (out, r);
    // <0;8,0> repeats element 0 for every lane: m[i] = uv[i] + uv[0] = uv[i].
    let (res, _) = run_out(&k);
    res.unwrap();

    let w = compute(VisaType::D, Owords::O4, |k, r| {
        let m = k.add_var("m", VisaType::D, 32, Align::Grf);
        for c in 0..4u8 {
            op(k, AluOp::Mov, E8, d(m, 8 * c), vec![i(Imm::UV(0x7654_3210))]);
            op(k, AluOp::Add, E8, d(m, 8 * c), vec![vc(m, 8 * c), i(Imm::D(8 * i32::from(c)))]);
        }
        // m[i] = i. <16;4,2> from (0,1): rows of 4 elements 2 apart, rows 16 apart.
        op(k, AluOp::Mov, E8, d(r, 0), vec![rg(m, 0, 1, 16, 4, 2)]);
        // Row offset in GRFs: m(1,3) is element 11; <0;1,0> scalar.
        op(k, AluOp::Mov, E1, d(r, 8), vec![rg(m, 1, 3, 0, 1, 0)]);
        // Crossing a row: (0,6)<1;1,0> for 4 lanes = 6,7,8,9.
        op(k, AluOp::Mov, Exec::new(4), d(r, 9), vec![rg(m, 0, 6, 1, 1, 0)]);
        // <2;2,1>: 0,1,2,3 ... width 2 rows 2 apart; <1;2,0>: 0,0,1,1.
        op(k, AluOp::Mov, Exec::new(2), d(r, 13), vec![rg(m, 0, 20, 1, 2, 0)]);
        op(k, AluOp::Mov, E1, d(r, 15), vec![i(Imm::D(99))]);
    });
    assert_eq!(&w[..8], &[1, 3, 5, 7, 17, 19, 21, 23]);
    assert_eq!(w[8], 11);
    assert_eq!(&w[9..13], &[6, 7, 8, 9]);
    assert_eq!(&w[13..16], &[20, 20, 99]);
}

#[test]
fn strided_destination_and_alias() {
    let (mut k, out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    let rw = k.add_alias("rw", VisaType::UW, 16, Align::Grf, r, 0);
    op(&mut k, AluOp::Mov, E8, d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, E8, ds(rw, 0, 1, 2), vec![i(Imm::UV(0x7654_3210))]);
    ost(&mut k, Owords::O2, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(words(&m, 8), (0..8).map(|x| x << 16).collect::<Vec<u32>>());
}

#[test]
fn region_outside_its_variable_faults() {
    let (mut k, _out) = with_out("t");
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    op(&mut k, AluOp::Mov, E8, d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, E8, d(r, 0), vec![rg(r, 0, 4, 1, 1, 0)]);
    ret(&mut k);
    let (res, _) = run_out(&k);
    assert!(matches!(res, Err(SimError::Fault(ref m)) if m.contains("outside the variable")), "{res:?}");
}

#[test]
fn indirect_operands_through_address_variables() {
    let (mut k, out) = with_out("t");
    let tbl = k.add_var("tbl", VisaType::D, 16, Align::Grf);
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    let a = k.add_addr("a", 1);
    op(&mut k, AluOp::Mov, E8, d(tbl, 0), vec![i(Imm::UV(0x7654_3210))]);
    op(&mut k, AluOp::Mov, E8, d(tbl, 8), vec![i(Imm::UV(0xfedc_ba98))]);
    k.push(Inst::AddrAdd {
        exec: NM1,
        dst: AddrOpnd { addr: a, elem: 0, width: 1 },
        base: tbl,
        base_offset: 8,
        src1: i(Imm::UW(4)),
    });
    // r[A0,0]<2;2,1> reads tbl[3], tbl[4], tbl[5], tbl[6].
    let ind = IndSrc {
        addr: a,
        addr_elem: 0,
        byte_offset: 0,
        ty: VisaType::D,
        region: Region::new(2, 2, 1),
        multi: false,
        modifier: SrcMod::None,
    };
    op(&mut k, AluOp::Mov, Exec::new(4), d(r, 0), vec![ind.into()]);
    // Indirect destination: r[A0, 16] (tbl[7]) = 100.
    op(
        &mut k,
        AluOp::Mov,
        E1,
        IndDst { addr: a, addr_elem: 0, byte_offset: 16, ty: VisaType::D, hstride: 1 }.into(),
        vec![i(Imm::D(100))],
    );
    op(&mut k, AluOp::Mov, E1, d(r, 4), vec![sc(tbl, 7)]);
    for c in 5..8 {
        op(&mut k, AluOp::Mov, E1, d(r, c), vec![i(Imm::D(0))]);
    }
    ost(&mut k, Owords::O2, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(&words(&m, 5), &[3, 4, 5, 6, 100]);
}

#[test]
fn multi_address_indirect_reads_one_row_per_address() {
    let (mut k, out) = with_out("t");
    let tbl = k.add_var("tbl", VisaType::D, 16, Align::Grf);
    let r = k.add_var("r", VisaType::D, 4, Align::Grf);
    let a4 = k.add_addr("a4", 4);
    for c in [0u8, 8] {
        op(&mut k, AluOp::Mov, E8, d(tbl, c), vec![i(Imm::UV(0x7654_3210))]);
        op(&mut k, AluOp::Add, E8, d(tbl, c), vec![vc(tbl, c), i(Imm::D(i32::from(c)))]);
    }
    // Byte offsets 60, 4, 36, 0 -> tbl[15], tbl[1], tbl[9], tbl[0].
    for (e, off) in [60u16, 4, 36, 0].iter().enumerate() {
        k.push(Inst::AddrAdd {
            exec: NM1,
            dst: AddrOpnd { addr: a4, elem: e as u8, width: 1 },
            base: tbl,
            base_offset: 0,
            src1: i(Imm::UW(*off)),
        });
    }
    let multi = IndSrc {
        addr: a4,
        addr_elem: 0,
        byte_offset: 0,
        ty: VisaType::D,
        region: Region::new(0, 1, 0),
        multi: true,
        modifier: SrcMod::None,
    };
    op(&mut k, AluOp::Mov, Exec::new(4), d(r, 0), vec![multi.into()]);
    ost(&mut k, Owords::O1, out, 0, r);
    ret(&mut k);
    let (res, m) = run_out(&k);
    res.unwrap();
    assert_eq!(words(&m, 4), vec![15, 1, 9, 0]);
}

#[test]
fn indirect_access_outside_every_variable_faults() {
    let (mut k, _out) = with_out("t");
    let tbl = k.add_var("tbl", VisaType::D, 8, Align::Grf);
    let r = k.add_var("r", VisaType::D, 8, Align::Grf);
    let a = k.add_addr("a", 1);
    k.push(Inst::AddrAdd {
        exec: NM1,
        dst: AddrOpnd { addr: a, elem: 0, width: 1 },
        base: tbl,
        base_offset: 0,
        src1: i(Imm::UW(60000)),
    });
    let ind = IndSrc {
        addr: a,
        addr_elem: 0,
        byte_offset: 0,
        ty: VisaType::D,
        region: Region::SCALAR,
        multi: false,
        modifier: SrcMod::None,
    };
    op(&mut k, AluOp::Mov, E1, d(r, 0), vec![ind.into()]);
    ret(&mut k);
    let (res, _) = run_out(&k);
    assert!(matches!(res, Err(SimError::Fault(ref m)) if m.contains("outside every variable")), "{res:?}");
}

// ---------------------------------------------------------------- predicates and masks

#[test]
fn predicated_writes_and_inverse() {
    let (mut k, out, x, r) = lanes_kernel();
    let p = k.add_pred("p", 16);
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(-1))]);
    k.push(Inst::Cmp { rel: CmpOp::Lt, exec: E16, dst: CmpDst::Pred(p), src0: v(x), src1: i(Imm::D(4)) });
    op_p(&mut k, Pred::on(p), AluOp::Mov, E16, d(r, 0), vec![v(x)]);
    op_p(&mut k, Pred::not(p), AluOp::Add, E8.at(2), d(r, 8), vec![vc(x, 8), i(Imm::D(100))]);
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w: Vec<i32> = words(&m, 16).into_iter().map(|x| x as i32).collect();
    assert_eq!(&w[..8], &[0, 1, 2, 3, -1, -1, -1, -1]);
    assert_eq!(&w[8..], &[108, 109, 110, 111, 112, 113, 114, 115]);
}

#[test]
fn any_all_sel_and_setp() {
    let (mut k, out, x, r) = lanes_kernel();
    let p = k.add_pred("p", 16);
    let q = k.add_pred("q", 16);
    k.push(Inst::Setp { exec: Exec::nm(16), dst: p, src: i(Imm::UW(0x0005)) });
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Alu {
        op: AluOp::Mov,
        pred: Some(Pred { id: p, inverse: false, ctrl: PredCtrl::Any }),
        sat: false,
        exec: Exec::new(4),
        dst: d(r, 0),
        srcs: vec![i(Imm::D(7))],
    });
    k.push(Inst::Alu {
        op: AluOp::Mov,
        pred: Some(Pred { id: p, inverse: false, ctrl: PredCtrl::All }),
        sat: false,
        exec: Exec::new(4),
        dst: d(r, 4),
        srcs: vec![i(Imm::D(9))],
    });
    k.push(Inst::Alu {
        op: AluOp::Sel,
        pred: Some(Pred::on(p)),
        sat: false,
        exec: Exec::new(4),
        dst: d(r, 8),
        srcs: vec![vc(x, 0), i(Imm::D(-1))],
    });
    // Logic on predicates: q = !p; mov the bits into r(0,12).
    op(&mut k, AluOp::Not, Exec::nm(16), DstOp::Pred(q), vec![SrcOp::Pred(p)]);
    op(&mut k, AluOp::Mov, NM1, d(r, 12), vec![SrcOp::Pred(q)]);
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w: Vec<i32> = words(&m, 13).into_iter().map(|x| x as i32).collect();
    assert_eq!(&w[..8], &[7, 7, 7, 7, 0, 0, 0, 0]);
    assert_eq!(&w[8..12], &[0, -1, 2, -1]);
    assert_eq!(w[12], 0xfffa);
}

#[test]
fn cmp_into_a_general_destination() {
    let (mut k, out, x, r) = lanes_kernel();
    k.push(Inst::Cmp {
        rel: CmpOp::Ge,
        exec: E16,
        dst: CmpDst::Gen(Dst::new(r, 0)),
        src0: v(x),
        src1: i(Imm::D(14)),
    });
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w = words(&m, 16);
    assert_eq!(&w[12..], &[0, 0, u32::MAX, u32::MAX]);
}

#[test]
fn nomask_and_mask_offsets_in_divergent_code() {
    let (mut k, out, x, r) = lanes_kernel();
    let p = k.add_pred("p", 16);
    let end = k.add_label("END");
    let s1 = k.add_var("s1", VisaType::D, 1, Align::Dword);
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, NM1, d(s1, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Cmp { rel: CmpOp::Lt, exec: E16, dst: CmpDst::Pred(p), src0: v(x), src1: i(Imm::D(12)) });
    // Lanes 12..15 jump: the rest runs the next two instructions.
    k.push(Inst::Goto { pred: Some(Pred::not(p)), exec: E16, target: end });
    op(&mut k, AluOp::Mov, Exec::new(16), d(r, 0), vec![i(Imm::D(1))]);
    // NoMask: every lane, even the parked ones.
    op(&mut k, AluOp::Add, Exec::nm(16), d(r, 0), vec![v(r), i(Imm::D(10))]);
    op(&mut k, AluOp::Add, NM1, d(s1, 0), vec![s(s1), i(Imm::D(1))]);
    k.push(Inst::Label(end));
    op(&mut k, AluOp::Mov, NM1, d(r, 15), vec![s(s1)]);
    ost(&mut k, Owords::O4, out, 0, r);
    ret(&mut k);
    let (res, m) = run_lanes(&k);
    res.unwrap();
    let w: Vec<i32> = words(&m, 16).into_iter().map(|x| x as i32).collect();
    assert_eq!(&w[..12], &[11; 12]);
    assert_eq!(&w[12..15], &[10, 10, 10]);
    assert_eq!(w[15], 1);
}
