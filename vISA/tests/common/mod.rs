//! Kernels equivalent to the hand-written samples of docs/visa-samples, built through the model
//! API, plus the helpers that run the installed finalizer (`GenX_IR`) on them.
#![allow(dead_code)]

use genxc_visa::*;
use std::path::{Path, PathBuf};
use std::process::Command;

// ---------------------------------------------------------------- operand shorthands

mod operands;
pub use operands::*;

/// `oword_st (n) surf off:ud var.off`.
pub fn ost(k: &mut Kernel, size: Owords, surf: SurfaceId, off: u32, src: VarId, byte: u16) {
    k.push(Inst::OwordSt {
        size,
        surface: surf,
        offset: i(Imm::UD(off)),
        src: Raw { var: src, offset: byte },
    });
}
fn target_cm(k: &mut Kernel) {
    k.attrs.push(KernelAttr::Target3d(false));
}

const E16: Exec = Exec::new(16);
const E8: Exec = Exec::new(8);
const NM1: Exec = Exec::nm(1);

// ---------------------------------------------------------------- the samples

/// 15_oword_block.
pub fn oword_block() -> Kernel {
    let mut k = Kernel::new("oword_block");
    let off = k.add_var("off", VisaType::UD, 1, Align::Dword);
    let dd = k.add_var("d", VisaType::UD, 32, Align::Grf);
    let e = k.add_var("e", VisaType::UD, 8, Align::Grf);
    let buf = k.add_surface("buf");
    k.add_input(InputTarget::Surface(buf), 64, 4);
    k.add_input(InputTarget::Var(off), 68, 4);
    target_cm(&mut k);
    k.push(Inst::OwordLd {
        size: Owords::O8,
        unaligned: false,
        surface: buf,
        offset: s(off),
        dst: Raw::of(dd),
    });
    op(&mut k, AluOp::Shl, NM1, d(off, 0), vec![s(off), i(Imm::UD(2))]);
    op(&mut k, AluOp::Add, NM1, d(off, 0), vec![s(off), i(Imm::UD(4))]);
    k.push(Inst::OwordLd {
        size: Owords::O2,
        unaligned: true,
        surface: buf,
        offset: s(off),
        dst: Raw::of(e),
    });
    op(&mut k, AluOp::Add, E16, d(dd, 0), vec![v(dd), i(Imm::UD(1))]);
    op(&mut k, AluOp::Add, E8, d(dd, 16), vec![vc(dd, 16), v(e)]);
    ost(&mut k, Owords::O8, buf, 64, dd, 0);
    ost(&mut k, Owords::O1, buf, 72, dd, 64);
    ret(&mut k);
    k
}

/// 02_regions (packed immediates included).
pub fn regions() -> Kernel {
    let mut k = Kernel::new("regions");
    let m = k.add_var("m", VisaType::D, 32, Align::Grf);
    let mw = k.add_alias("mw", VisaType::W, 64, Align::Grf, m, 0);
    let sv = k.add_var("s", VisaType::D, 1, Align::Dword);
    let r = k.add_var("r", VisaType::D, 32, Align::Grf);
    let rw = k.add_var("rw", VisaType::W, 32, Align::Grf);
    let idx = k.add_var("idx", VisaType::UW, 16, Align::Grf);
    let fv = k.add_var("fv", VisaType::F, 8, Align::Grf);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(m), 64, 128);
    k.add_input(InputTarget::Var(sv), 192, 4);
    k.add_input(InputTarget::Surface(out), 196, 4);
    target_cm(&mut k);
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(m), i(Imm::D(1))]);
    op(&mut k, AluOp::Add, E16, d(r, 0), vec![v(r), rg(m, 0, 16, 8, 8, 1)]);
    op(&mut k, AluOp::Add, E8, d(r, 16), vec![vc(r, 16), rg(m, 1, 0, 8, 8, 1)]);
    op(&mut k, AluOp::Mul, E16, d(r, 0), vec![v(r), s(sv)]);
    op(&mut k, AluOp::Mov, E8, d(r, 16), vec![rg(m, 0, 0, 8, 4, 1)]);
    op(&mut k, AluOp::Mov, E8, d(r, 24), vec![rg(m, 0, 1, 16, 8, 2)]);
    op(&mut k, AluOp::Mov, E16, ds(rw, 0, 0, 2), vec![rg(mw, 0, 0, 2, 1, 0)]);
    op(&mut k, AluOp::Mov, Exec::new(1), d(rw, 1), vec![sc(mw, 35)]);
    op(&mut k, AluOp::Mov, E8, d(idx, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, AluOp::Mov, E8, d(rw, 16), vec![i(Imm::V(0xFEDCBA98))]);
    op(&mut k, AluOp::Mov, Exec::new(4), d(fv, 0), vec![i(Imm::VF(0x50484030))]);
    op(&mut k, AluOp::Mov, E16, d(r, 16), vec![rg(rw, 0, 0, 16, 8, 2)]);
    ost(&mut k, Owords::O8, out, 0, r, 0);
    ost(&mut k, Owords::O4, out, 8, rw, 0);
    ret(&mut k);
    k
}

/// 04_predication.
pub fn predication() -> Kernel {
    let mut k = Kernel::new("predication");
    let x = k.add_var("x", VisaType::F, 32, Align::Grf);
    let y = k.add_var("y", VisaType::F, 32, Align::Grf);
    let bits = k.add_var("bits", VisaType::UW, 1, Align::Word);
    let lsb = k.add_var("lsb", VisaType::UD, 16, Align::Grf);
    let m = k.add_var("m", VisaType::D, 16, Align::Grf);
    let mask = k.add_var("mask", VisaType::UD, 1, Align::Dword);
    let p1 = k.add_pred("P1", 16);
    let p2 = k.add_pred("P2", 16);
    let p3 = k.add_pred("P3", 16);
    let p4 = k.add_pred("P4", 32);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(x), 64, 128);
    k.add_input(InputTarget::Var(bits), 192, 2);
    k.add_input(InputTarget::Surface(out), 196, 4);
    target_cm(&mut k);
    let cmp = |k: &mut Kernel, rel, exec, dst, a, b| k.push(Inst::Cmp { rel, exec, dst, src0: a, src1: b });
    cmp(&mut k, CmpOp::Lt, E16, CmpDst::Pred(p1), v(x), i(Imm::F(0.0)));
    cmp(&mut k, CmpOp::Gt, E16, CmpDst::Pred(p2), v(x), i(Imm::F(10.0)));
    op_p(&mut k, Pred::on(p1), AluOp::Mov, E16, d(y, 0), vec![vm(x, SrcMod::Neg)]);
    op_p(&mut k, Pred::not(p1), AluOp::Mov, E16, d(y, 0), vec![v(x)]);
    op_p(&mut k, Pred::on(p2), AluOp::Sel, E16, d(y, 0), vec![i(Imm::F(10.0)), v(y)]);
    op(&mut k, AluOp::Or, E16, DstOp::Pred(p3), vec![SrcOp::Pred(p1), SrcOp::Pred(p2)]);
    op(&mut k, AluOp::Not, E16, DstOp::Pred(p3), vec![SrcOp::Pred(p3)]);
    let any = Pred { id: p3, inverse: false, ctrl: PredCtrl::Any };
    op_p(&mut k, any, AluOp::Add, E16, d(y, 0), vec![v(y), i(Imm::F(1.0))]);
    let nall = Pred { id: p3, inverse: true, ctrl: PredCtrl::All };
    op_p(&mut k, nall, AluOp::Add, E16, d(y, 0), vec![v(y), i(Imm::F(-0.5))]);
    k.push(Inst::Setp { exec: Exec::nm(16), dst: p1, src: i(Imm::UW(0xff)) });
    k.push(Inst::Setp { exec: Exec::nm(16), dst: p2, src: s(bits) });
    op(&mut k, AluOp::Mov, E16, d(lsb, 0), vec![i(Imm::UD(1))]);
    k.push(Inst::Setp { exec: E16, dst: p3, src: v(lsb) });
    op(&mut k, AluOp::Mov, NM1, d(mask, 0), vec![SrcOp::Pred(p1)]);
    cmp(&mut k, CmpOp::Eq, E16, CmpDst::Gen(Dst::new(m, 0)), v(x), v(y));
    cmp(&mut k, CmpOp::Ge, E16, CmpDst::Pred(p4), v(x), i(Imm::F(1.0)));
    cmp(&mut k, CmpOp::Ge, E16.at(4), CmpDst::Pred(p4), vc(x, 16), i(Imm::F(1.0)));
    op_p(&mut k, Pred::on(p4), AluOp::Mov, E16, d(y, 0), vec![i(Imm::F(0.0))]);
    op_p(&mut k, Pred::on(p4), AluOp::Mov, E16.at(4), d(y, 16), vec![i(Imm::F(0.0))]);
    ost(&mut k, Owords::O8, out, 0, y, 0);
    ost(&mut k, Owords::O4, out, 8, m, 0);
    ret(&mut k);
    k
}

/// 06_loops.
pub fn loops() -> Kernel {
    let mut k = Kernel::new("loops");
    let n = k.add_var("n", VisaType::D, 1, Align::Dword);
    let iv = k.add_var("i", VisaType::D, 1, Align::Dword);
    let acc = k.add_var("acc", VisaType::D, 16, Align::Grf);
    let cnt = k.add_var("cnt", VisaType::D, 16, Align::Grf);
    let p1 = k.add_pred("P1", 1);
    let p2 = k.add_pred("P2", 16);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(cnt), 64, 64);
    k.add_input(InputTarget::Var(n), 128, 4);
    k.add_input(InputTarget::Surface(out), 136, 4);
    target_cm(&mut k);
    let la = k.add_label("LOOP_A");
    let la_end = k.add_label("LOOP_A_END");
    let lb = k.add_label("LOOP_B");
    op(&mut k, AluOp::Mov, E16, d(acc, 0), vec![i(Imm::D(0))]);
    op(&mut k, AluOp::Mov, NM1, d(iv, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Cmp { rel: CmpOp::Ge, exec: NM1, dst: CmpDst::Pred(p1), src0: s(iv), src1: s(n) });
    k.push(Inst::Jmp { pred: Some(Pred::on(p1)), exec: NM1, target: la_end });
    k.push(Inst::Label(la));
    op(&mut k, AluOp::Add, E16, d(acc, 0), vec![v(acc), s(iv)]);
    op(&mut k, AluOp::Add, NM1, d(iv, 0), vec![s(iv), i(Imm::D(1))]);
    k.push(Inst::Cmp { rel: CmpOp::Lt, exec: NM1, dst: CmpDst::Pred(p1), src0: s(iv), src1: s(n) });
    k.push(Inst::Jmp { pred: Some(Pred::on(p1)), exec: NM1, target: la });
    k.push(Inst::Label(la_end));
    k.push(Inst::Label(lb));
    op(&mut k, AluOp::Add, E16, d(acc, 0), vec![v(acc), i(Imm::D(3))]);
    op(&mut k, AluOp::Add, E16, d(cnt, 0), vec![v(cnt), i(Imm::D(-1))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p2), src0: v(cnt), src1: i(Imm::D(0)) });
    k.push(Inst::Goto { pred: Some(Pred::on(p2)), exec: E16, target: lb });
    ost(&mut k, Owords::O4, out, 0, acc, 0);
    ret(&mut k);
    k
}

/// 08_subroutine.
pub fn subroutine() -> Kernel {
    let mut k = Kernel::new("subroutine");
    let x = k.add_var("x", VisaType::F, 16, Align::Grf);
    let t = k.add_var("t", VisaType::F, 16, Align::Grf);
    let p1 = k.add_pred("P1", 16);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(x), 64, 64);
    k.add_input(InputTarget::Surface(out), 128, 4);
    target_cm(&mut k);
    let sq = k.add_subroutine("square_t");
    op(&mut k, AluOp::Mov, E16, d(t, 0), vec![v(x)]);
    k.push(Inst::Call { pred: None, exec: NM1, target: sq });
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p1), src0: v(t), src1: i(Imm::F(4.0)) });
    k.push(Inst::Call { pred: Some(Pred::on(p1)), exec: E16, target: sq });
    ost(&mut k, Owords::O4, out, 0, t, 0);
    ret(&mut k);
    k.push(Inst::Subroutine(sq));
    op(&mut k, AluOp::Mul, E16, d(t, 0), vec![v(t), v(t)]);
    ret(&mut k);
    k
}

/// 10_float_math.
pub fn float_math() -> Kernel {
    let mut k = Kernel::new("float_math");
    let x = k.add_var("x", VisaType::F, 16, Align::Grf);
    let y = k.add_var("y", VisaType::F, 16, Align::Grf);
    let t = k.add_var("t", VisaType::F, 16, Align::Grf);
    let u = k.add_var("u", VisaType::F, 16, Align::Grf);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(x), 64, 64);
    k.add_input(InputTarget::Var(y), 128, 64);
    k.add_input(InputTarget::Surface(out), 192, 4);
    target_cm(&mut k);
    use AluOp::*;
    op(&mut k, Add, E16, d(t, 0), vec![v(x), vm(y, SrcMod::Neg)]);
    op(&mut k, Mul, E16, d(t, 0), vec![v(t), i(Imm::F(0.5))]);
    op(&mut k, Mad, E16, d(t, 0), vec![v(x), v(y), v(t)]);
    op(&mut k, Div, E16, d(u, 0), vec![v(x), v(y)]);
    op(&mut k, Inv, E16, d(u, 0), vec![v(u)]);
    op(&mut k, Sqrt, E16, d(u, 0), vec![vm(u, SrcMod::Abs)]);
    op(&mut k, Rsqrt, E16, d(u, 0), vec![vm(u, SrcMod::Abs)]);
    op(&mut k, Exp, E16, d(u, 0), vec![v(u)]);
    op(&mut k, Log, E16, d(u, 0), vec![vm(u, SrcMod::Abs)]);
    op(&mut k, Sin, E16, d(u, 0), vec![v(u)]);
    op(&mut k, Cos, E16, d(t, 0), vec![v(t)]);
    op(&mut k, Pow, E16, d(t, 0), vec![vm(t, SrcMod::Abs), i(Imm::F(2.5))]);
    for o in [Rndd, Rndu, Rnde, Rndz] {
        op(&mut k, o, E16, d(u, 0), vec![v(u)]);
    }
    op(&mut k, Frc, E16, d(t, 0), vec![v(t)]);
    k.push(Inst::MinMax { max: false, sat: false, exec: E16, dst: d(t, 0), src0: v(t), src1: v(u) });
    k.push(Inst::MinMax {
        max: true,
        sat: false,
        exec: E16,
        dst: d(t, 0),
        src0: v(t),
        src1: vm(x, SrcMod::NegAbs),
    });
    op(&mut k, Add, E16, d(t, 0), vec![v(t), i(Imm::F(1.5e-3))]);
    op(&mut k, Add, E16, d(t, 0), vec![v(t), i(Imm::F(-2.25))]);
    op(&mut k, Mul, E16, d(t, 0), vec![v(t), i(Imm::F(f32::from_bits(0x40490fdb)))]);
    op_sat(&mut k, Add, E16, d(t, 0), vec![v(t), v(u)]);
    ost(&mut k, Owords::O4, out, 0, t, 0);
    ret(&mut k);
    k
}

/// 11_half.
pub fn half() -> Kernel {
    let mut k = Kernel::new("half");
    let xf = k.add_var("xf", VisaType::F, 16, Align::Grf);
    let h = k.add_var("h", VisaType::HF, 16, Align::Grf);
    let g = k.add_var("g", VisaType::HF, 16, Align::Grf);
    let yf = k.add_var("yf", VisaType::F, 16, Align::Grf);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(xf), 64, 64);
    k.add_input(InputTarget::Surface(out), 128, 4);
    target_cm(&mut k);
    use AluOp::*;
    op(&mut k, Mov, E16, d(h, 0), vec![v(xf)]);
    op(&mut k, Add, E16, d(g, 0), vec![v(h), i(Imm::hf(1.0))]);
    op(&mut k, Mul, E16, d(g, 0), vec![v(g), v(h)]);
    op(&mut k, Mad, E16, d(g, 0), vec![v(g), i(Imm::HF(0x4000)), v(h)]);
    op(&mut k, Sqrt, E16, d(g, 0), vec![vm(g, SrcMod::Abs)]);
    op(&mut k, Inv, E16, d(g, 0), vec![v(g)]);
    k.push(Inst::MinMax { max: true, sat: false, exec: E16, dst: d(g, 0), src0: v(g), src1: i(Imm::HF(0)) });
    op(&mut k, Mov, E16, d(yf, 0), vec![v(g)]);
    ost(&mut k, Owords::O4, out, 0, yf, 0);
    ret(&mut k);
    k
}

/// 14_saturation_conv.
pub fn saturation_conv() -> Kernel {
    let mut k = Kernel::new("saturation_conv");
    let f = k.add_var("f", VisaType::F, 16, Align::Grf);
    let iv = k.add_var("i", VisaType::D, 16, Align::Grf);
    let w = k.add_var("w", VisaType::W, 16, Align::Grf);
    let uw = k.add_var("uw", VisaType::UW, 16, Align::Grf);
    let b = k.add_var("b", VisaType::UB, 32, Align::Grf);
    let g = k.add_var("g", VisaType::F, 16, Align::Grf);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(f), 64, 64);
    k.add_input(InputTarget::Var(iv), 128, 64);
    k.add_input(InputTarget::Surface(out), 192, 4);
    target_cm(&mut k);
    use AluOp::*;
    op(&mut k, Mov, E16, d(w, 0), vec![v(f)]);
    op(&mut k, Mul, E16, d(g, 0), vec![v(f), i(Imm::F(255.0))]);
    op_sat(&mut k, Mov, E16, d(b, 0), vec![v(g)]);
    op(&mut k, Mov, E16, d(g, 0), vec![v(iv)]);
    op_sat(&mut k, Mov, E16, d(g, 0), vec![v(g)]);
    op_sat(&mut k, Mov, E16, d(w, 0), vec![v(iv)]);
    op(&mut k, Mov, E16, d(uw, 0), vec![v(iv)]);
    op_sat(&mut k, Add, E16, d(uw, 0), vec![v(uw), i(Imm::UW(0xfff0))]);
    op_sat(&mut k, Mov, E16, d(b, 16), vec![v(w)]);
    op(&mut k, Mov, E16, d(iv, 0), vec![v(uw)]);
    op(&mut k, Mov, E16, d(w, 0), vec![v(g)]);
    op(&mut k, Add, E16, d(iv, 0), vec![v(iv), v(w)]);
    ost(&mut k, Owords::O4, out, 0, iv, 0);
    ost(&mut k, Owords::O2, out, 4, b, 0);
    ret(&mut k);
    k
}

/// 03_indirect.
pub fn indirect() -> Kernel {
    let mut k = Kernel::new("indirect");
    let tbl = k.add_var("tbl", VisaType::D, 32, Align::Grf);
    let r = k.add_var("r", VisaType::D, 32, Align::Grf);
    let kk = k.add_var("k", VisaType::UW, 1, Align::Word);
    let koff = k.add_var("koff", VisaType::UW, 8, Align::Grf);
    let a0 = k.add_addr("A0", 1);
    let a8 = k.add_addr("A8", 8);
    let a1 = k.add_addr("A1", 1);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(tbl), 64, 128);
    k.add_input(InputTarget::Var(kk), 192, 2);
    k.add_input(InputTarget::Surface(out), 196, 4);
    target_cm(&mut k);
    let ao = |a, width| AddrOpnd { addr: a, elem: 0, width };
    k.push(Inst::AddrAdd { exec: NM1, dst: ao(a0, 1), base: tbl, base_offset: 0, src1: s(kk) });
    k.push(Inst::AddrAdd { exec: NM1, dst: ao(a1, 1), base: tbl, base_offset: 8, src1: s(kk) });
    let ind = |a, off, region, multi| {
        SrcOp::Ind(IndSrc {
            addr: a,
            addr_elem: 0,
            byte_offset: off,
            ty: VisaType::D,
            region,
            multi,
            modifier: SrcMod::None,
        })
    };
    op(&mut k, AluOp::Mov, E8, d(r, 0), vec![ind(a0, 0, Region::new(8, 8, 1), false)]);
    op(&mut k, AluOp::Add, E8, d(r, 8), vec![ind(a1, 16, Region::new(4, 2, 1), false), i(Imm::D(1))]);
    let idst = IndDst { addr: a0, addr_elem: 0, byte_offset: 32, ty: VisaType::D, hstride: 1 };
    op(&mut k, AluOp::Mov, E8, DstOp::Ind(idst), vec![v(r)]);
    op(&mut k, AluOp::Mov, Exec::nm(8), d(koff, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, AluOp::Shl, Exec::nm(8), d(koff, 0), vec![v(koff), i(Imm::UW(3))]);
    k.push(Inst::AddrAdd { exec: Exec::nm(8), dst: ao(a8, 8), base: tbl, base_offset: 0, src1: v(koff) });
    op(&mut k, AluOp::Mov, E8, d(r, 16), vec![ind(a8, 0, Region::new(0, 1, 0), true)]);
    ost(&mut k, Owords::O8, out, 0, r, 0);
    ret(&mut k);
    k
}

/// 17_gather_scatter.
pub fn gather_scatter() -> Kernel {
    let mut k = Kernel::new("gather_scatter");
    let lane = k.add_var("lane", VisaType::UW, 16, Align::Grf);
    let offs = k.add_var("offs", VisaType::UD, 16, Align::Grf);
    let v1 = k.add_var("v1", VisaType::UD, 16, Align::Grf);
    let v4 = k.add_var("v4", VisaType::F, 64, Align::Grf);
    let one = k.add_var("one", VisaType::UD, 16, Align::Grf);
    let old = k.add_var("old", VisaType::UD, 16, Align::Grf);
    let buf = k.add_surface("buf");
    k.add_input(InputTarget::Surface(buf), 64, 4);
    target_cm(&mut k);
    use AluOp::*;
    op(&mut k, Mov, E8, d(lane, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, Add, E8, d(lane, 8), vec![v(lane), i(Imm::UW(8))]);
    op(&mut k, Shl, E16, d(offs, 0), vec![v(lane), i(Imm::UD(4))]);
    let scaled = |store, goff: u32, data| Inst::Scaled {
        store,
        pred: None,
        exec: E16,
        blocks: ScaledBlocks::B4,
        surface: buf,
        global_offset: i(Imm::UD(goff)),
        offsets: Raw::of(offs),
        data: Raw::of(data),
    };
    k.push(scaled(false, 0, v1));
    k.push(Inst::Scaled4 {
        store: false,
        pred: None,
        exec: E16,
        channels: Channels::RGBA,
        surface: buf,
        global_offset: i(Imm::UD(0)),
        offsets: Raw::of(offs),
        data: Raw::of(v4),
    });
    op(&mut k, Add, E16, d(v4, 0), vec![v(v4), vc(v4, 16)]);
    k.push(Inst::Scaled4 {
        store: true,
        pred: None,
        exec: E16,
        channels: Channels { r: true, g: false, b: false, a: true },
        surface: buf,
        global_offset: i(Imm::UD(0x1000)),
        offsets: Raw::of(offs),
        data: Raw::of(v4),
    });
    k.push(scaled(true, 0x2000, v1));
    op(&mut k, Shr, E16, d(offs, 0), vec![v(offs), i(Imm::UD(2))]);
    let legacy = |store, goff: u32| Inst::Gather {
        store,
        elt_size: 4,
        exec: E16,
        surface: buf,
        global_offset: i(Imm::UD(goff)),
        offsets: Raw::of(offs),
        data: Raw::of(v1),
    };
    k.push(legacy(false, 0));
    k.push(legacy(true, 0x100));
    op(&mut k, Mov, E16, d(one, 0), vec![i(Imm::UD(1))]);
    op(&mut k, Shl, E16, d(offs, 0), vec![v(lane), i(Imm::UD(2))]);
    k.push(Inst::DwordAtomic {
        op: AtomicOp::Add,
        half: false,
        pred: None,
        exec: E16,
        surface: buf,
        offsets: Raw::of(offs),
        src0: Raw::of(one),
        src1: Raw::NULL,
        dst: Raw::of(old),
    });
    k.push(Inst::DwordAtomic {
        op: AtomicOp::Inc,
        half: false,
        pred: None,
        exec: E16,
        surface: buf,
        offsets: Raw::of(offs),
        src0: Raw::NULL,
        src1: Raw::NULL,
        dst: Raw::NULL,
    });
    ret(&mut k);
    k
}

/// 20_slm_barrier_fence.
pub fn slm_barrier_fence() -> Kernel {
    let mut k = Kernel::new("slm_barrier_fence");
    let tid = k.add_var("tid", VisaType::UD, 1, Align::Dword);
    let lane = k.add_var("lane", VisaType::UW, 16, Align::Grf);
    let offs = k.add_var("offs", VisaType::UD, 16, Align::Grf);
    let val = k.add_var("val", VisaType::UD, 16, Align::Grf);
    let nb = k.add_var("nb", VisaType::UD, 16, Align::Grf);
    let blk = k.add_var("blk", VisaType::UD, 16, Align::Grf);
    let buf = k.add_surface("buf");
    k.add_input(InputTarget::Var(tid), 64, 4);
    k.add_input(InputTarget::Surface(buf), 68, 4);
    target_cm(&mut k);
    k.attrs.push(KernelAttr::SlmSize(4));
    use AluOp::*;
    op(&mut k, Mov, E8, d(lane, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, Add, E8, d(lane, 8), vec![v(lane), i(Imm::UW(8))]);
    op(&mut k, Shl, E16, d(offs, 0), vec![v(lane), i(Imm::UD(2))]);
    op(&mut k, Shl, NM1, d(tid, 0), vec![s(tid), i(Imm::UD(6))]);
    op(&mut k, Add, E16, d(offs, 0), vec![v(offs), s(tid)]);
    op(&mut k, Mov, E16, d(val, 0), vec![v(offs)]);
    let scaled = |store, surface, goff: u32, data| Inst::Scaled {
        store,
        pred: None,
        exec: E16,
        blocks: ScaledBlocks::B4,
        surface,
        global_offset: i(Imm::UD(goff)),
        offsets: Raw::of(offs),
        data: Raw::of(data),
    };
    k.push(scaled(true, SurfaceId::SLM, 0, val));
    k.push(Inst::Fence(Fence { local: true, ..Fence::default() }));
    k.push(Inst::Barrier);
    k.push(scaled(false, SurfaceId::SLM, 0x40, nb));
    k.push(Inst::DwordAtomic {
        op: AtomicOp::Add,
        half: false,
        pred: None,
        exec: E16,
        surface: SurfaceId::SLM,
        offsets: Raw::of(offs),
        src0: Raw::of(val),
        src1: Raw::NULL,
        dst: Raw::NULL,
    });
    k.push(Inst::OwordLd {
        size: Owords::O4,
        unaligned: false,
        surface: SurfaceId::SLM,
        offset: i(Imm::UD(0)),
        dst: Raw::of(blk),
    });
    op(&mut k, Add, E16, d(nb, 0), vec![v(nb), v(blk)]);
    k.push(scaled(true, buf, 0, nb));
    k.push(Inst::Fence(Fence { commit: true, ..Fence::default() }));
    k.push(Inst::Fence(Fence { sw_only: true, ..Fence::default() }));
    ret(&mut k);
    k
}

/// 01_int_arith subset (div/mod included: not on DG2/PVC), addc/subb, bit ops, bfe/bfi.
pub fn int_arith() -> Kernel {
    let mut k = Kernel::new("int_arith");
    let a = k.add_var("a", VisaType::D, 16, Align::Grf);
    let b = k.add_var("b", VisaType::D, 16, Align::Grf);
    let c = k.add_var("c", VisaType::D, 16, Align::Grf);
    let u = k.add_var("u", VisaType::UD, 16, Align::Grf);
    let cy = k.add_var("cy", VisaType::UD, 16, Align::Grf);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(a), 64, 64);
    k.add_input(InputTarget::Var(b), 128, 64);
    k.add_input(InputTarget::Surface(out), 192, 4);
    target_cm(&mut k);
    use AluOp::*;
    op(&mut k, Add, E16, d(c, 0), vec![v(a), vm(b, SrcMod::Neg)]);
    op(&mut k, Mul, E16, d(c, 0), vec![v(c), v(b)]);
    op(&mut k, Mad, E16, d(c, 0), vec![v(a), v(b), v(c)]);
    op(&mut k, Mulh, E16, d(c, 0), vec![v(c), v(a)]);
    op(&mut k, Avg, E16, d(c, 0), vec![v(c), v(b)]);
    op(&mut k, Div, E16, d(c, 0), vec![v(c), v(b)]);
    op(&mut k, Mod, E16, d(c, 0), vec![v(c), i(Imm::D(7))]);
    k.push(Inst::MinMax {
        max: false,
        sat: false,
        exec: E16,
        dst: d(c, 0),
        src0: v(c),
        src1: i(Imm::D(-100)),
    });
    op(&mut k, And, E16, d(c, 0), vec![v(c), i(Imm::D(0xffff))]);
    op(&mut k, Or, E16, d(c, 0), vec![v(c), v(a)]);
    op(&mut k, Xor, E16, d(c, 0), vec![v(c), vm(b, SrcMod::Not)]);
    op(&mut k, Not, E16, d(c, 0), vec![v(c)]);
    op(&mut k, Shl, E16, d(c, 0), vec![v(c), i(Imm::D(2))]);
    op(&mut k, Asr, E16, d(c, 0), vec![v(c), i(Imm::D(1))]);
    op(&mut k, Mov, E16, d(u, 0), vec![v(c)]);
    op(&mut k, Shr, E16, d(u, 0), vec![v(u), i(Imm::UD(1))]);
    k.push(Inst::AddcSubb {
        sub: false,
        pred: None,
        exec: E8,
        dst: Dst::new(u, 0),
        carry: Dst::new(cy, 0),
        src0: v(u),
        src1: i(Imm::UD(0xffff_fff0)),
    });
    k.push(Inst::AddcSubb {
        sub: true,
        pred: None,
        exec: E8.at(2),
        dst: Dst::new(u, 8),
        carry: Dst::new(cy, 8),
        src0: vc(u, 8),
        src1: i(Imm::UD(3)),
    });
    op(&mut k, Cbit, E16, d(u, 0), vec![v(u)]);
    op(&mut k, Fbh, E16, d(u, 0), vec![v(u)]);
    op(&mut k, Bfrev, E16, d(u, 0), vec![v(u)]);
    op(&mut k, Lzd, E16, d(u, 0), vec![v(u)]);
    op(&mut k, Bfe, E16, d(u, 0), vec![i(Imm::UD(4)), i(Imm::UD(8)), v(u)]);
    op(&mut k, Bfi, E16, d(u, 0), vec![i(Imm::UD(4)), i(Imm::UD(8)), v(u), v(cy)]);
    op(&mut k, Add, E16, d(c, 0), vec![v(c), v(u)]);
    ost(&mut k, Owords::O4, out, 0, c, 0);
    ret(&mut k);
    k
}

/// 05_simd_cf_goto.
pub fn simd_cf_goto() -> Kernel {
    let mut k = Kernel::new("simd_cf_goto");
    let vv = k.add_var("v", VisaType::D, 16, Align::Grf);
    let r = k.add_var("r", VisaType::D, 16, Align::Grf);
    let p1 = k.add_pred("P1", 16);
    let p2 = k.add_pred("P2", 16);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(vv), 64, 64);
    k.add_input(InputTarget::Surface(out), 128, 4);
    target_cm(&mut k);
    let else1 = k.add_label("ELSE_1");
    let endif2 = k.add_label("ENDIF_2");
    let endif1 = k.add_label("ENDIF_1");
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(0))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p1), src0: v(vv), src1: i(Imm::D(0)) });
    k.push(Inst::Goto { pred: Some(Pred::not(p1)), exec: E16, target: else1 });
    op(&mut k, AluOp::Mul, E16, d(r, 0), vec![v(vv), i(Imm::D(2))]);
    k.push(Inst::Cmp { rel: CmpOp::Gt, exec: E16, dst: CmpDst::Pred(p2), src0: v(vv), src1: i(Imm::D(100)) });
    k.push(Inst::Goto { pred: Some(Pred::not(p2)), exec: E16, target: endif2 });
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![i(Imm::D(100))]);
    k.push(Inst::Label(endif2));
    k.push(Inst::Goto { pred: None, exec: E16, target: endif1 });
    k.push(Inst::Label(else1));
    op(&mut k, AluOp::Mov, E16, d(r, 0), vec![vm(vv, SrcMod::Neg)]);
    k.push(Inst::Label(endif1));
    ost(&mut k, Owords::O4, out, 0, r, 0);
    ret(&mut k);
    k
}

/// 07_switchjmp (SKL and PVC only).
pub fn switchjmp() -> Kernel {
    let mut k = Kernel::new("switchjmp");
    let acc = k.add_var("acc", VisaType::D, 16, Align::Grf);
    let jsel = k.add_var("jsel", VisaType::UB, 1, Align::Word);
    let out = k.add_surface("out");
    k.add_input(InputTarget::Var(acc), 64, 64);
    k.add_input(InputTarget::Var(jsel), 128, 1);
    k.add_input(InputTarget::Surface(out), 132, 4);
    target_cm(&mut k);
    let cases: Vec<LabelId> = (0..3).map(|n| k.add_label(format!("CASE_{n}"))).collect();
    let done = k.add_label("DONE");
    k.push(Inst::SwitchJmp { exec: NM1, index: s(jsel), targets: cases.clone() });
    for (n, c) in cases.iter().enumerate() {
        k.push(Inst::Label(*c));
        op(&mut k, AluOp::Add, E16, d(acc, 0), vec![v(acc), i(Imm::D(1000 * (n as i32 + 1)))]);
        if n < 2 {
            k.push(Inst::Jmp { pred: None, exec: NM1, target: done });
        }
    }
    k.push(Inst::Label(done));
    ost(&mut k, Owords::O4, out, 0, acc, 0);
    ret(&mut k);
    k
}

/// The sampler: a sampler argument and a sampler variable set with `movs`, an unfiltered `load`
/// at integer coordinates, a filtered `sample` at float ones, a `sample_unorm` of 32 pixels and an
/// `avs` block of 16 x 4, results stored through a buffer.
pub fn sampler() -> Kernel {
    let mut k = Kernel::new("sampler");
    let lane = k.add_var("lane", VisaType::UW, 16, Align::Grf);
    let u = k.add_var("u", VisaType::UD, 16, Align::Grf);
    let fu = k.add_var("fu", VisaType::F, 16, Align::Grf);
    let texels = k.add_var("texels", VisaType::UD, 16, Align::Grf);
    let rg = k.add_var("rg", VisaType::F, 32, Align::Grf);
    let img = k.add_surface("img");
    let out = k.add_surface("out");
    let smp = k.add_sampler("smp");
    let other = k.add_sampler("other");
    k.add_input(InputTarget::Surface(img), 64, 4);
    k.add_input(InputTarget::Surface(out), 68, 4);
    k.add_input(InputTarget::Sampler(smp), 72, 4);
    target_cm(&mut k);
    op(&mut k, AluOp::Mov, Exec::nm(8), d(lane, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, AluOp::Add, Exec::nm(8), d(lane, 8), vec![v(lane), i(Imm::UW(8))]);
    op(&mut k, AluOp::Mov, Exec::nm(16), d(u, 0), vec![v(lane)]);
    k.push(Inst::Load {
        channels: Channels { r: true, g: false, b: false, a: false },
        exec: E16,
        surface: img,
        u: Raw::of(u),
        v: Raw::NULL,
        r: Raw::NULL,
        dst: Raw::of(texels),
    });
    ost(&mut k, Owords::O4, out, 0, texels, 0);
    op(&mut k, AluOp::Mov, Exec::nm(16), d(fu, 0), vec![v(u)]);
    op(&mut k, AluOp::Mul, Exec::nm(16), d(fu, 0), vec![v(fu), i(Imm::F(1.0 / 16.0))]);
    k.push(Inst::MovsSampler { exec: NM1, dst: other, src: i(Imm::UD(1)) });
    for (sampler, at) in [(smp, 4), (other, 12)] {
        k.push(Inst::Sample {
            channels: Channels { r: true, g: true, b: false, a: false },
            exec: E16,
            sampler,
            surface: img,
            u: Raw::of(fu),
            v: Raw::of(fu),
            r: Raw::NULL,
            dst: Raw::of(rg),
        });
        ost(&mut k, Owords::O8, out, at, rg, 0);
    }
    // 32 pixels of R and A, 16 bits each, from (0.25, 0.5) in steps of 1/64 across and down
    let ra = k.add_var("ra", VisaType::UW, 64, Align::Grf);
    k.push(Inst::SampleUnorm {
        channels: Channels { r: true, g: false, b: false, a: true },
        format: UnormOutput::Full16,
        sampler: smp,
        surface: img,
        u: i(Imm::F(0.25)),
        v: i(Imm::F(0.5)),
        du: i(Imm::F(1.0 / 64.0)),
        dv: i(Imm::F(1.0 / 64.0)),
        dst: Raw::of(ra),
    });
    ost(&mut k, Owords::O8, out, 20, ra, 0);
    // a 16 x 4 block of G from the adaptive video scaler, 16 bits each, in steps of 1/128
    let g = k.add_var("g", VisaType::UW, 64, Align::Grf);
    k.push(Inst::Avs {
        channels: Channels { r: false, g: true, b: false, a: false },
        format: UnormOutput::Full16,
        mode: AvsExecMode::Block16x4,
        sampler: smp,
        surface: img,
        u: i(Imm::F(0.25)),
        v: i(Imm::F(0.5)),
        du: i(Imm::F(1.0 / 128.0)),
        dv: i(Imm::F(1.0 / 128.0)),
        u2d: i(Imm::F(0.0)),
        group: i(Imm::UD(0)),
        vblock: i(Imm::UD(1)),
        v2d: i(Imm::F(0.0)),
        ief_bypass: i(Imm::UB(0)),
        dst: Raw::of(g),
    });
    ost(&mut k, Owords::O8, out, 28, g, 0);
    ret(&mut k);
    k
}

/// What the 3D sampler kernels share: lane numbers 0..15 as dwords (`u`), a 32-dword result
/// (`texels`), a predicate of lanes 4..11 (`p`), the image and output surfaces, the R and G channels.
struct Sampler3dFrame {
    u: VarId,
    texels: VarId,
    p: PredId,
    img: SurfaceId,
    out: SurfaceId,
    rg: Channels,
}

/// A kernel named `name` with the [`Sampler3dFrame`] set up.
fn sampler_3d_frame(name: &str) -> (Kernel, Sampler3dFrame) {
    let mut k = Kernel::new(name);
    let lane = k.add_var("lane", VisaType::UW, 16, Align::Grf);
    let u = k.add_var("u", VisaType::UD, 16, Align::Grf);
    let texels = k.add_var("texels", VisaType::UD, 32, Align::Grf);
    let p = k.add_pred("p", 16);
    let img = k.add_surface("img");
    let out = k.add_surface("out");
    k.add_input(InputTarget::Surface(img), 64, 4);
    k.add_input(InputTarget::Surface(out), 68, 4);
    target_cm(&mut k);
    op(&mut k, AluOp::Mov, Exec::nm(8), d(lane, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, AluOp::Add, Exec::nm(8), d(lane, 8), vec![v(lane), i(Imm::UW(8))]);
    op(&mut k, AluOp::Mov, Exec::nm(16), d(u, 0), vec![v(lane)]);
    k.push(Inst::Setp { exec: Exec::nm(16), dst: p, src: i(Imm::UW(0x0ff0)) });
    let rg = Channels { r: true, g: true, b: false, a: false };
    (k, Sampler3dFrame { u, texels, p, img, out, rg })
}

/// The sampler's 3D loads: `load_3d` (u, v, lod, r) and `load_lz` (u, v) of the R and G channels
/// at integer coordinates with texel offsets, the second under a predicate, and `load_mcs`;
/// results stored through a buffer.
pub fn sampler_3d() -> Kernel {
    let (mut k, Sampler3dFrame { u, texels, p, img, out, rg }) = sampler_3d_frame("sampler_3d");
    let loads = [
        (Load3dOp::Ld, None, 0x0120, vec![Raw::of(u), Raw::of(u), Raw::NULL, Raw::NULL]),
        (Load3dOp::LdLz, Some(Pred::on(p)), 0x0f00, vec![Raw::of(u), Raw::of(u)]),
        (Load3dOp::LdMcs, None, 0, vec![Raw::of(u), Raw::of(u)]),
    ];
    for (at, (op3, pred, offsets, params)) in loads.into_iter().enumerate() {
        k.push(Inst::Load3d {
            op: op3,
            pixel_null_mask: false,
            pred,
            exec: E16,
            channels: rg,
            aoffimmi: i(Imm::UW(offsets)),
            surface: img,
            dst: Raw::of(texels),
            params,
        });
        ost(&mut k, Owords::O8, out, 8 * at as u32, texels, 0);
    }
    ret(&mut k);
    k
}

/// The sampler's 3D samples: `sample_3d`, a predicated `sample_l` with texel offsets and
/// `sample_c_lz` of the R and G channels at normalized coordinates through a sampler argument, and
/// a gather4 (`sample4`) of G; results stored through a buffer.
pub fn sample_3d() -> Kernel {
    let (mut k, Sampler3dFrame { u, texels, p, img, out, rg }) = sampler_3d_frame("sample_3d");
    let smp = k.add_sampler("smp");
    k.add_input(InputTarget::Sampler(smp), 72, 4);
    let fu = k.add_var("fu", VisaType::F, 16, Align::Grf);
    op(&mut k, AluOp::Mov, Exec::nm(16), d(fu, 0), vec![v(u)]);
    op(&mut k, AluOp::Mul, Exec::nm(16), d(fu, 0), vec![v(fu), i(Imm::F(1.0 / 16.0))]);
    let samples = [
        (Sample3dOp::Sample, None, 0, vec![Raw::of(fu), Raw::of(fu)]),
        (Sample3dOp::SampleL, Some(Pred::on(p)), 0x0110, vec![Raw::NULL, Raw::of(fu), Raw::of(fu)]),
        (Sample3dOp::SampleCLz, None, 0, vec![Raw::of(fu), Raw::of(fu), Raw::of(fu)]),
    ];
    for (at, (op3, pred, offsets, params)) in samples.into_iter().enumerate() {
        k.push(Inst::Sample3d {
            op: op3,
            pixel_null_mask: false,
            pred,
            exec: E16,
            channels: rg,
            aoffimmi: i(Imm::UW(offsets)),
            sampler: smp,
            surface: img,
            dst: Raw::of(texels),
            params,
        });
        ost(&mut k, Owords::O8, out, 8 * at as u32, texels, 0);
    }
    // a gather4 of the G channel: the 2x2 texels' G values as four channels of 16 lanes
    let quad = k.add_var("quad", VisaType::F, 64, Align::Grf);
    k.push(Inst::Sample3d {
        op: Sample3dOp::Gather4,
        pixel_null_mask: false,
        pred: None,
        exec: E16,
        channels: Channels { r: false, g: true, b: false, a: false },
        aoffimmi: i(Imm::UW(0)),
        sampler: smp,
        surface: img,
        dst: Raw::of(quad),
        params: vec![Raw::of(fu), Raw::of(fu)],
    });
    ost(&mut k, Owords::O8, out, 24, quad, 0);
    ret(&mut k);
    k
}

/// 16_media_block.
pub fn media_block() -> Kernel {
    let mut k = Kernel::new("media_block");
    let x = k.add_var("x", VisaType::UD, 1, Align::Dword);
    let y = k.add_var("y", VisaType::UD, 1, Align::Dword);
    let blk = k.add_var("blk", VisaType::UD, 64, Align::Grf);
    let blkb = k.add_alias("blkb", VisaType::UB, 256, Align::Grf, blk, 0);
    let img = k.add_surface("img");
    k.add_input(InputTarget::Surface(img), 64, 4);
    k.add_input(InputTarget::Var(x), 68, 4);
    k.add_input(InputTarget::Var(y), 72, 4);
    target_cm(&mut k);
    k.push(Inst::MediaLd {
        modifier: MediaMod::NoMod,
        surface: img,
        plane: 0,
        width: 32,
        height: 8,
        x: s(x),
        y: s(y),
        dst: Raw::of(blk),
    });
    op(&mut k, AluOp::Add, Exec::new(32), d(blkb, 0), vec![v(blkb), i(Imm::UB(1))]);
    op(&mut k, AluOp::Add, Exec::new(32), ds(blkb, 1, 0, 1), vec![rg(blkb, 1, 0, 1, 1, 0), i(Imm::UB(1))]);
    op(&mut k, AluOp::Add, NM1, d(y, 0), vec![s(y), i(Imm::UD(8))]);
    k.push(Inst::MediaSt {
        modifier: MediaMod::NoMod,
        surface: img,
        plane: 0,
        width: 32,
        height: 8,
        x: s(x),
        y: s(y),
        src: Raw::of(blk),
    });
    ret(&mut k);
    k
}

/// 18_svm (svm_gather4scaled/svm_scatter4scaled only where the platform has 64-bit adds: see
/// `svm_scaled4`).
pub fn svm() -> Kernel {
    let mut k = Kernel::new("svm");
    let ptr = k.add_var("ptr", VisaType::UQ, 1, Align::Qword);
    let lane = k.add_var("lane", VisaType::UW, 16, Align::Grf);
    let addrs = k.add_var("addrs", VisaType::UQ, 16, Align::Grf);
    let addrs_d = k.add_alias("addrs_d", VisaType::UD, 32, Align::Grf, addrs, 0);
    let ptr_d = k.add_alias("ptr_d", VisaType::UD, 2, Align::Qword, ptr, 0);
    let offd = k.add_var("offd", VisaType::UD, 16, Align::Grf);
    let carry = k.add_var("carry", VisaType::UD, 16, Align::Grf);
    let blk = k.add_var("blk", VisaType::UD, 32, Align::Grf);
    let vv = k.add_var("v", VisaType::F, 16, Align::Grf);
    k.add_input(InputTarget::Var(ptr), 64, 8);
    target_cm(&mut k);
    use AluOp::*;
    k.push(Inst::SvmBlock { store: false, size: Owords::O8, address: s(ptr), data: Raw::of(blk) });
    op(&mut k, Add, E16, d(blk, 0), vec![v(blk), i(Imm::UD(1))]);
    op(&mut k, Add, E16, d(blk, 16), vec![vc(blk, 16), i(Imm::UD(1))]);
    k.push(Inst::SvmBlock { store: true, size: Owords::O8, address: s(ptr), data: Raw::of(blk) });
    op(&mut k, Mov, E8, d(lane, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, Add, E8, d(lane, 8), vec![v(lane), i(Imm::UW(8))]);
    op(&mut k, Shl, E16, d(offd, 0), vec![v(lane), i(Imm::UD(2))]);
    op(&mut k, Add, E16, d(offd, 0), vec![v(offd), i(Imm::UD(256))]);
    for (half, mask) in [(0u8, 0u8), (8, 2)] {
        k.push(Inst::AddcSubb {
            sub: false,
            pred: None,
            exec: E8.at(mask),
            dst: Dst::strided(addrs_d, 0, 2 * half, 2),
            carry: Dst::new(carry, half),
            src0: vc(offd, half),
            src1: sc(ptr_d, 0),
        });
        op(&mut k, Add, E8.at(mask), ds(addrs_d, 0, 2 * half + 1, 2), vec![vc(carry, half), sc(ptr_d, 1)]);
    }
    let sv = |store| Inst::SvmScatter {
        store,
        pred: None,
        exec: E16,
        block: SvmBlock::B4,
        num_blocks: 1,
        addresses: Raw::of(addrs),
        data: Raw::of(vv),
    };
    k.push(sv(false));
    op(&mut k, Mul, E16, d(vv, 0), vec![v(vv), i(Imm::F(2.0))]);
    k.push(sv(true));
    // atomics on the per-lane addresses
    let one = k.add_var("one", VisaType::UD, 16, Align::Grf);
    let old = k.add_var("old", VisaType::UD, 16, Align::Grf);
    op(&mut k, Mov, E16, d(one, 0), vec![i(Imm::UD(1))]);
    let atomic = |op, src0, dst| Inst::SvmAtomic {
        op,
        bits: 32,
        pred: None,
        exec: E16,
        addresses: Raw::of(addrs),
        src0,
        src1: Raw::NULL,
        dst,
    };
    k.push(atomic(AtomicOp::Add, Raw::of(one), Raw::of(old)));
    k.push(atomic(AtomicOp::Inc, Raw::NULL, Raw::NULL));
    ret(&mut k);
    k
}

/// 18_svm's svm_gather4scaled/svm_scatter4scaled: base plus 64-bit offsets, channels R and G.
pub fn svm_scaled4() -> Kernel {
    let mut k = Kernel::new("svm_scaled4");
    let ptr = k.add_var("ptr", VisaType::UQ, 1, Align::Qword);
    let offq = k.add_var("offq", VisaType::UQ, 16, Align::Grf);
    let v2 = k.add_var("v2", VisaType::F, 32, Align::Grf);
    k.add_input(InputTarget::Var(ptr), 64, 8);
    k.add_input(InputTarget::Var(offq), 128, 128);
    target_cm(&mut k);
    let g = |store| Inst::SvmScaled4 {
        store,
        pred: None,
        exec: E16,
        channels: Channels { r: true, g: true, b: false, a: false },
        base: s(ptr),
        offsets: Raw::of(offq),
        data: Raw::of(v2),
    };
    k.push(g(false));
    op(&mut k, AluOp::Mul, E16, d(v2, 0), vec![v(v2), i(Imm::F(0.5))]);
    k.push(g(true));
    ret(&mut k);
    k
}

/// 19_typed.
pub fn typed() -> Kernel {
    let mut k = Kernel::new("typed");
    let lane = k.add_var("lane", VisaType::UW, 8, Align::Grf);
    let u = k.add_var("u", VisaType::UD, 8, Align::Grf);
    let vv = k.add_var("v", VisaType::UD, 8, Align::Grf);
    let rgba = k.add_var("rgba", VisaType::F, 64, Align::Grf);
    let img = k.add_surface("img");
    k.add_input(InputTarget::Surface(img), 64, 4);
    target_cm(&mut k);
    op(&mut k, AluOp::Mov, E8, d(lane, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, AluOp::Mov, E8, d(u, 0), vec![v(lane)]);
    op(&mut k, AluOp::Mov, E8, d(vv, 0), vec![i(Imm::UD(3))]);
    let t = |store| Inst::Typed4 {
        store,
        pred: None,
        exec: E8,
        channels: Channels::RGBA,
        surface: img,
        u: Raw::of(u),
        v: Raw::of(vv),
        r: Raw::NULL,
        lod: Raw::NULL,
        data: Raw::of(rgba),
    };
    k.push(t(false));
    op(&mut k, AluOp::Mul, E8, d(rgba, 0), vec![v(rgba), i(Imm::F(0.5))]);
    k.push(t(true));
    let one = k.add_var("one", VisaType::UD, 8, Align::Grf);
    let old = k.add_var("old", VisaType::UD, 8, Align::Grf);
    let cnt = k.add_surface("cnt");
    k.add_input(InputTarget::Surface(cnt), 68, 4);
    op(&mut k, AluOp::Mov, E8, d(one, 0), vec![i(Imm::UD(1))]);
    k.push(Inst::TypedAtomic {
        op: AtomicOp::Add,
        half: false,
        pred: None,
        exec: E8,
        surface: cnt,
        u: Raw::of(u),
        v: Raw::NULL,
        r: Raw::NULL,
        lod: Raw::NULL,
        src0: Raw::of(one),
        src1: Raw::NULL,
        dst: Raw::of(old),
    });
    ret(&mut k);
    k
}

/// 21_raw_send.
pub fn raw_send() -> Kernel {
    let mut k = Kernel::new("raw_send");
    let surfidx = k.add_var("surfidx", VisaType::UD, 1, Align::Dword);
    let off = k.add_var("off", VisaType::UD, 1, Align::Dword);
    let desc = k.add_var("desc", VisaType::UD, 1, Align::Dword);
    let hdr = k.add_var("hdr", VisaType::UD, 8, Align::Grf);
    let data = k.add_var("data", VisaType::UD, 8, Align::Grf);
    k.add_input(InputTarget::Var(surfidx), 64, 4);
    k.add_input(InputTarget::Var(off), 68, 4);
    target_cm(&mut k);
    use AluOp::*;
    op(&mut k, Mov, Exec::nm(8), d(hdr, 0), vec![i(Imm::UD(0))]);
    op(&mut k, Mov, NM1, d(hdr, 2), vec![s(off)]);
    op(&mut k, Add, NM1, d(desc, 0), vec![s(surfidx), i(Imm::UD(0x2180200))]);
    k.push(Inst::RawSend {
        sendc: false,
        pred: None,
        exec: Exec::nm(8),
        exdesc: 0xA,
        num_src: 1,
        num_dst: 1,
        desc: s(desc),
        src: Raw::of(hdr),
        dst: Raw::of(data),
    });
    op(&mut k, Add, E8, d(data, 0), vec![v(data), i(Imm::UD(1))]);
    op(&mut k, Add, NM1, d(hdr, 2), vec![s(off), i(Imm::UD(2))]);
    op(&mut k, Add, NM1, d(desc, 0), vec![s(surfidx), i(Imm::UD(0x20A0200))]);
    k.push(Inst::RawSends {
        sendc: false,
        eot: false,
        pred: None,
        exec: Exec::nm(8),
        sfid: 10,
        num_src0: 1,
        num_src1: 1,
        num_dst: 0,
        exdesc: i(Imm::UD(0x40)),
        desc: s(desc),
        src0: Raw::of(hdr),
        src1: Raw::of(data),
        dst: Raw::NULL,
    });
    ret(&mut k);
    k
}

/// The program of docs/isa_tool/demo.visaasm (`rtdemo`), declared in the same order.
pub fn rtdemo() -> Kernel {
    let mut k = Kernel::new("rtdemo");
    let a = k.add_var("a", VisaType::D, 16, Align::Grf);
    let b = k.add_var("b", VisaType::D, 16, Align::Grf);
    let out = k.add_surface("out");
    let p1 = k.add_pred("P1", 16);
    let skip = k.add_label("SKIP");
    k.add_input(InputTarget::Var(a), 64, 64);
    k.add_input(InputTarget::Surface(out), 128, 4);
    target_cm(&mut k);
    op(&mut k, AluOp::Add, E16, d(b, 0), vec![v(a), i(Imm::D(5))]);
    op(&mut k, AluOp::Mul, E16, d(b, 0), vec![v(b), vm(a, SrcMod::Neg)]);
    k.push(Inst::Cmp { rel: CmpOp::Lt, exec: E16, dst: CmpDst::Pred(p1), src0: v(b), src1: i(Imm::D(0)) });
    k.push(Inst::Goto { pred: Some(Pred::not(p1)), exec: E16, target: skip });
    k.push(Inst::MinMax { max: true, sat: false, exec: E16, dst: d(b, 0), src0: v(b), src1: i(Imm::D(100)) });
    k.push(Inst::Label(skip));
    ost(&mut k, Owords::O4, out, 0, b, 0);
    ret(&mut k);
    k
}

/// A named test kernel and the platforms on which the finalizer accepts it.
pub struct Case {
    /// Builder.
    pub build: fn() -> Kernel,
    /// Platforms expected to compile it.
    pub platforms: &'static [&'static str],
}

/// An unpredicated LSC message with its data (or old value), src1 and src2 variables.
pub fn lsc(
    op: LscOp,
    sfid: LscSfid,
    cache: (u8, u8),
    exec: Exec,
    addr: LscAddr,
    shape: LscShape,
    [data, src1, src2]: [VarId; 3],
) -> Inst {
    Inst::Lsc { op, sfid, cache, pred: None, exec, addr, shape, data, src1, src2 }
}

/// 22_lsc without the LSC fences (not modelled), with the binding-table load's index in a variable.
pub fn lsc_sample() -> Kernel {
    let mut k = Kernel::new("lsc");
    let ptr = k.add_var("ptr", VisaType::UQ, 1, Align::Qword);
    let lane = k.add_var("lane", VisaType::UW, 16, Align::Grf);
    let addrs = k.add_var("addrs", VisaType::UQ, 16, Align::Grf);
    let offd = k.add_var("offd", VisaType::UD, 16, Align::Grf);
    let vv = k.add_var("v", VisaType::F, 16, Align::Grf);
    let v4 = k.add_var("v4", VisaType::UD, 64, Align::Grf);
    let blk = k.add_var("blk", VisaType::UD, 16, Align::Grf);
    let one = k.add_var("one", VisaType::UD, 16, Align::Grf);
    let old = k.add_var("old", VisaType::UD, 16, Align::Grf);
    let bti = k.add_var("bti", VisaType::UD, 1, Align::Dword);
    k.add_input(InputTarget::Var(ptr), 64, 8);
    target_cm(&mut k);
    k.attrs.push(KernelAttr::SlmSize(4));
    use AluOp::*;
    op(&mut k, Mov, E8, d(lane, 0), vec![i(Imm::UV(0x76543210))]);
    op(&mut k, Add, E8, d(lane, 8), vec![v(lane), i(Imm::UW(8))]);
    op(&mut k, Shl, E16, d(offd, 0), vec![v(lane), i(Imm::UD(2))]);
    op(&mut k, Mov, E16, d(addrs, 0), vec![v(offd)]);
    op(&mut k, Add, E16, d(addrs, 0), vec![v(addrs), s(ptr)]);
    let null = VarId::NULL;
    let d32 = LscShape { bits: 32, c32: false, elems: 1, transpose: false, chmask: 0 };
    let at = |var, offset, bits| LscAddr { model: LscAddrModel::Flat, var, offset, bits };
    let (ugm, slm) = (LscSfid::Ugm, LscSfid::Slm);
    let (load, store) = (LscOp::Load, LscOp::Store);
    let x4 = LscShape { elems: 4, ..d32 };
    let x16t = LscShape { elems: 16, transpose: true, ..d32 };
    k.push(lsc(load, ugm, (0, 0), E16, at(addrs, 0, 64), d32, [vv, null, null]));
    k.push(lsc(load, ugm, (2, 2), E16, at(addrs, 0x100, 64), x4, [v4, null, null]));
    k.push(lsc(load, ugm, (0, 0), Exec::nm(1), at(ptr, 0, 64), x16t, [blk, null, null]));
    op(&mut k, Mul, E16, d(vv, 0), vec![v(vv), i(Imm::F(2.0))]);
    k.push(lsc(store, ugm, (0, 0), E16, at(addrs, 0, 64), d32, [vv, null, null]));
    k.push(lsc(store, ugm, (0, 0), Exec::nm(1), at(ptr, 0x200, 64), x16t, [blk, null, null]));
    k.push(lsc(store, slm, (0, 0), E16, at(offd, 0, 32), d32, [vv, null, null]));
    k.push(lsc(load, slm, (0, 0), E16, at(offd, 0x40, 32), d32, [vv, null, null]));
    op(&mut k, Mov, E16, d(one, 0), vec![i(Imm::UD(1))]);
    k.push(lsc(LscOp::Atomic(LscAtomic::Iadd), ugm, (0, 0), E16, at(addrs, 0, 64), d32, [old, one, null]));
    k.push(lsc(LscOp::Atomic(LscAtomic::Iinc), ugm, (0, 0), E16, at(addrs, 0, 64), d32, [null, null, null]));
    op(&mut k, Mov, Exec::nm(1), d(bti, 0), vec![i(Imm::UD(5))]);
    let by_bti = LscAddr { model: LscAddrModel::Bti(LscSurface::Var(bti)), var: offd, offset: 0, bits: 32 };
    k.push(lsc(load, ugm, (0, 0), E16, by_bti, d32, [vv, null, null]));
    k.push(lsc(store, ugm, (0, 0), E16, at(addrs, 0x400, 64), d32, [vv, null, null]));
    ret(&mut k);
    k
}

const ALL: &[&str] = &["SKL", "TGLLP", "DG2", "PVC"];

/// Every sample kernel with its platforms (per the samples README).
pub fn cases() -> Vec<Case> {
    vec![
        Case { build: oword_block, platforms: ALL },
        Case { build: regions, platforms: ALL },
        Case { build: predication, platforms: ALL },
        Case { build: loops, platforms: ALL },
        Case { build: subroutine, platforms: ALL },
        Case { build: float_math, platforms: ALL },
        Case { build: half, platforms: ALL },
        Case { build: saturation_conv, platforms: ALL },
        Case { build: indirect, platforms: ALL },
        Case { build: gather_scatter, platforms: ALL },
        Case { build: slm_barrier_fence, platforms: &["TGLLP", "DG2", "PVC"] },
        Case { build: int_arith, platforms: &["SKL", "TGLLP"] },
        Case { build: simd_cf_goto, platforms: ALL },
        Case { build: switchjmp, platforms: &["SKL", "PVC"] },
        Case { build: media_block, platforms: ALL },
        Case { build: svm, platforms: ALL },
        Case { build: svm_scaled4, platforms: &["SKL", "PVC"] },
        Case { build: typed, platforms: ALL },
        Case { build: raw_send, platforms: ALL },
        Case { build: rtdemo, platforms: ALL },
        Case { build: lsc_sample, platforms: &["DG2", "PVC"] },
        Case { build: sampler, platforms: &["SKL", "TGLLP", "DG2"] },
    ]
}

// ---------------------------------------------------------------- running GenX_IR

#[path = "../../../tests/common/oracle.rs"]
mod oracle;
pub use oracle::*;

/// Path of GenX_IR, or `None` (then: panic when tools are required, under `CI` or
/// `GENXC_REQUIRE_TOOLS`, else print and skip).
pub fn genx_ir() -> Option<PathBuf> {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("GenX_IR"))
        .chain([PathBuf::from("/usr/bin/GenX_IR")])
        .find(|p| p.is_file());
    if found.is_none() {
        if tools_required() {
            panic!("GenX_IR not found and CI or GENXC_REQUIRE_TOOLS is set: the finalizer tests cannot run");
        }
        eprintln!(
            "GenX_IR not found: skipping finalizer test (set GENXC_REQUIRE_TOOLS to make this an error)"
        );
    }
    found
}

/// Result of one GenX_IR run.
pub struct Run {
    /// Exit status code (-1 if killed by a signal, -2 if killed after the time limit).
    pub rc: i32,
    /// stdout + stderr, then the verifier's `.errors.txt` if it wrote one.
    pub log: String,
    /// The Gen assembly listing, if written.
    pub asm: Option<String>,
}

impl Run {
    /// The shared verdict on this run ([`verdict`]): `Ok` only when GenX_IR accepted the input.
    pub fn verdict(&self) -> Result<(), String> {
        let exit = (self.rc >= 0).then_some(self.rc);
        verdict(&FinalizerRun { exit, log: &self.log, asm: self.asm.as_deref() })
    }
}

/// Runs `GenX_IR <file> -platform P -output` in `dir` (which holds `file`); `asm_name` is the
/// listing it writes into `dir`.
pub fn run_genx(exe: &Path, dir: &Path, file: &str, platform: &str, asm_name: &str) -> Run {
    // Output goes to files so that a long listing cannot block the pipe while we poll.
    let log_path = dir.join("genx_ir.log");
    let log_file = std::fs::File::create(&log_path).expect("create log");
    let mut child = Command::new(exe)
        .arg(file)
        .args(["-platform", platform, "-output"])
        .current_dir(dir)
        .stdout(log_file.try_clone().expect("clone log"))
        .stderr(log_file)
        .spawn()
        .expect("spawn GenX_IR");
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait GenX_IR") {
            break Some(st);
        }
        if start.elapsed() > std::time::Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut log = std::fs::read_to_string(&log_path).unwrap_or_default();
    let rc = match status {
        Some(st) => st.code().unwrap_or(-1),
        None => {
            log.push_str("\n(GenX_IR killed after 120 s)");
            -2
        }
    };
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().ends_with(".errors.txt") {
            log.push_str(&std::fs::read_to_string(entry.path()).unwrap_or_default());
        }
    }
    let asm = std::fs::read_to_string(dir.join(asm_name)).ok();
    Run { rc, log, asm }
}

/// Compiles text in a fresh temp dir.
pub fn compile_text(exe: &Path, text: &str, platform: &str) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("k.visaasm"), text).expect("write");
    run_genx(exe, dir.path(), "k.visaasm", platform, "k.asm")
}

/// Compiles a binary .isa in a fresh temp dir (the listing of a binary input is `.asm`).
pub fn compile_isa(exe: &Path, isa: &[u8], platform: &str) -> Run {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("k.isa"), isa).expect("write");
    run_genx(exe, dir.path(), "k.isa", platform, ".asm")
}

/// Gen assembly without comments, with every identifier accepted by `label` replaced by its
/// canonical name and whitespace collapsed.
pub fn normalize(asm: &str, label: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let mut out = Vec::new();
    for line in asm.lines() {
        let code = line.split("//").next().unwrap_or("");
        if code.trim().is_empty() {
            continue;
        }
        let mut s = String::new();
        let mut tok = String::new();
        let flush = |tok: &mut String, s: &mut String| {
            if !tok.is_empty() {
                s.push_str(&label(tok).unwrap_or_else(|| tok.clone()));
                tok.clear();
            }
        };
        for c in code.chars() {
            if c.is_ascii_alphanumeric() || c == '_' {
                tok.push(c);
            } else {
                flush(&mut tok, &mut s);
                s.push(c);
            }
        }
        flush(&mut tok, &mut s);
        out.push(s.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    out
}
