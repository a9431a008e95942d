//! Operand and instruction shorthands for building vISA kernels with the model API, shared by the
//! tests of the vISA package and of the simulator (included by path from both `common` modules).

use genxc_visa::*;

/// `v(0,0)<1;1,0>`.
pub fn v(var: VarId) -> SrcOp {
    Src::vec(var, 0).into()
}
/// `v(0,col)<1;1,0>`.
pub fn vc(var: VarId, col: u8) -> SrcOp {
    Src::vec(var, col).into()
}
/// `v(0,0)<0;1,0>`.
pub fn s(var: VarId) -> SrcOp {
    Src::scalar(var, 0).into()
}
/// `v(0,col)<0;1,0>`.
pub fn sc(var: VarId, col: u8) -> SrcOp {
    Src::scalar(var, col).into()
}
/// `(mod)v(0,0)<1;1,0>`.
pub fn vm(var: VarId, m: SrcMod) -> SrcOp {
    Src::vec(var, 0).with(m).into()
}
/// `v(row,col)<vs;w,hs>`.
pub fn rg(var: VarId, row: u8, col: u8, vs: u8, w: u8, hs: u8) -> SrcOp {
    Src::region(var, row, col, Region::new(vs, w, hs)).into()
}
/// `v(0,col)<1>`.
pub fn d(var: VarId, col: u8) -> DstOp {
    Dst::new(var, col).into()
}
/// `v(row,col)<hs>`.
pub fn ds(var: VarId, row: u8, col: u8, hs: u8) -> DstOp {
    Dst::strided(var, row, col, hs).into()
}
/// Immediate.
pub fn i(imm: Imm) -> SrcOp {
    SrcOp::Imm(imm)
}
/// ALU without predicate/sat.
pub fn op(k: &mut Kernel, o: AluOp, exec: Exec, dst: DstOp, srcs: Vec<SrcOp>) {
    k.push(Inst::Alu { op: o, pred: None, sat: false, exec, dst, srcs });
}
/// Saturating ALU.
pub fn op_sat(k: &mut Kernel, o: AluOp, exec: Exec, dst: DstOp, srcs: Vec<SrcOp>) {
    k.push(Inst::Alu { op: o, pred: None, sat: true, exec, dst, srcs });
}
/// Predicated ALU.
pub fn op_p(k: &mut Kernel, p: Pred, o: AluOp, exec: Exec, dst: DstOp, srcs: Vec<SrcOp>) {
    k.push(Inst::Alu { op: o, pred: Some(p), sat: false, exec, dst, srcs });
}
/// `ret (M1, 1)`.
pub fn ret(k: &mut Kernel) {
    k.push(Inst::Ret { pred: None, exec: Exec::new(1) });
}
