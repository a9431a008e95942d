//! Operands of vISA instructions, part of the kernel model ([`crate::model`] re-exports them):
//! source regions and modifiers, direct and indirect sources and destinations, address operands,
//! immediates, the raw operands of messages, the execution size and mask, and instruction
//! predicates. Spellings and codes of their enumerations are tables in [`crate::target`].

use crate::model::{AddrId, PredId, VarId, VisaType};

/// A source region `<vstride;width,hstride>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    /// Vertical stride (0, 1, 2, 4, 8, 16, 32).
    pub vstride: u8,
    /// Width (1, 2, 4, 8, 16).
    pub width: u8,
    /// Horizontal stride (0, 1, 2, 4).
    pub hstride: u8,
}

impl Region {
    /// `<0;1,0>`: scalar broadcast.
    pub const SCALAR: Region = Region { vstride: 0, width: 1, hstride: 0 };
    /// `<1;1,0>`: contiguous vector.
    pub const CONTIG: Region = Region { vstride: 1, width: 1, hstride: 0 };

    /// `<vstride;width,hstride>`.
    pub const fn new(vstride: u8, width: u8, hstride: u8) -> Region {
        Region { vstride, width, hstride }
    }
}

/// A source modifier; spellings and codes in [`crate::target::SRC_MODS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SrcMod {
    /// None.
    #[default]
    None,
    /// `(-)`.
    Neg,
    /// `(abs)`.
    Abs,
    /// `(-abs)`.
    NegAbs,
    /// `(~)` (logic ops).
    Not,
}

/// A direct general source `[mod]V(row,col)<v;w,h>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Src {
    /// Variable.
    pub var: VarId,
    /// Row offset in GRFs.
    pub row: u8,
    /// Column offset in elements of the variable's type.
    pub col: u8,
    /// Region.
    pub region: Region,
    /// Modifier.
    pub modifier: SrcMod,
}

impl Src {
    /// `V(0,col)<1;1,0>`.
    pub fn vec(var: VarId, col: u8) -> Src {
        Src { var, row: 0, col, region: Region::CONTIG, modifier: SrcMod::None }
    }
    /// `V(0,col)<0;1,0>`.
    pub fn scalar(var: VarId, col: u8) -> Src {
        Src { var, row: 0, col, region: Region::SCALAR, modifier: SrcMod::None }
    }
    /// `V(row,col)<region>`.
    pub fn region(var: VarId, row: u8, col: u8, region: Region) -> Src {
        Src { var, row, col, region, modifier: SrcMod::None }
    }
    /// The same operand with a modifier.
    pub fn with(self, modifier: SrcMod) -> Src {
        Src { modifier, ..self }
    }
}

/// A direct general destination `V(row,col)<hstride>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dst {
    /// Variable.
    pub var: VarId,
    /// Row offset in GRFs.
    pub row: u8,
    /// Column offset in elements.
    pub col: u8,
    /// Horizontal stride (1, 2, 4).
    pub hstride: u8,
}

impl Dst {
    /// `V(0,col)<1>`.
    pub fn new(var: VarId, col: u8) -> Dst {
        Dst { var, row: 0, col, hstride: 1 }
    }
    /// `V(row,col)<hstride>`.
    pub fn strided(var: VarId, row: u8, col: u8, hstride: u8) -> Dst {
        Dst { var, row, col, hstride }
    }
}

/// An indirect source `[mod]r[A(i),off]<v;w,h>:type` (or `<w,h>` multi-address).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndSrc {
    /// Address variable.
    pub addr: AddrId,
    /// Element of the address variable.
    pub addr_elem: u8,
    /// Immediate byte offset added to the address.
    pub byte_offset: i16,
    /// Element type read.
    pub ty: VisaType,
    /// Region (vstride ignored when `multi` is set).
    pub region: Region,
    /// Multi-address (VxH) form `<width,hstride>`: one address per row.
    pub multi: bool,
    /// Modifier.
    pub modifier: SrcMod,
}

/// An indirect destination `r[A(i),off]<h>:type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndDst {
    /// Address variable.
    pub addr: AddrId,
    /// Element of the address variable.
    pub addr_elem: u8,
    /// Immediate byte offset.
    pub byte_offset: i16,
    /// Element type written.
    pub ty: VisaType,
    /// Horizontal stride.
    pub hstride: u8,
}

/// An address operand `A(i)<width>` (dst or src of addr_add and mov).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddrOpnd {
    /// Address variable.
    pub addr: AddrId,
    /// First element.
    pub elem: u8,
    /// Number of elements (1, 2, 4, 8, 16).
    pub width: u8,
}

/// An immediate with its type. Float immediates hold values; `HF`/`BF` hold bit patterns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Imm {
    /// `:d`.
    D(i32),
    /// `:ud`.
    UD(u32),
    /// `:w`.
    W(i16),
    /// `:uw`.
    UW(u16),
    /// `:b`.
    B(i8),
    /// `:ub`.
    UB(u8),
    /// `:q`.
    Q(i64),
    /// `:uq`.
    UQ(u64),
    /// `:f` by value.
    F(f32),
    /// `:df` by value.
    DF(f64),
    /// `:hf` bit pattern (e.g. 0x3c00 = 1.0).
    HF(u16),
    /// `:v` eight signed 4-bit ints.
    V(u32),
    /// `:uv` eight unsigned 4-bit ints.
    UV(u32),
    /// `:vf` four 8-bit restricted floats.
    VF(u32),
}

impl Imm {
    /// An hf immediate from an f32 value (round to nearest even).
    pub fn hf(value: f32) -> Imm {
        Imm::HF(f32_to_f16_bits(value))
    }
}

/// Converts an f32 to IEEE half bits, rounding to nearest even.
pub fn f32_to_f16_bits(value: f32) -> u16 {
    let x = value.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 | (man >> 13) as u16 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && (r & 1) == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && (r & 1) == 1) {
        r += 1; // may carry into the exponent, which is correct (up to infinity)
    }
    sign | r as u16
}

/// A vector source operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SrcOp {
    /// Direct general operand.
    Gen(Src),
    /// Indirect operand through an address variable.
    Ind(IndSrc),
    /// Immediate.
    Imm(Imm),
    /// Predicate (logic ops on predicates, `mov dst P`).
    Pred(PredId),
    /// Address operand `A(i)<w>`.
    Addr(AddrOpnd),
}

impl From<Src> for SrcOp {
    fn from(s: Src) -> SrcOp {
        SrcOp::Gen(s)
    }
}
impl From<Imm> for SrcOp {
    fn from(i: Imm) -> SrcOp {
        SrcOp::Imm(i)
    }
}
impl From<IndSrc> for SrcOp {
    fn from(i: IndSrc) -> SrcOp {
        SrcOp::Ind(i)
    }
}

/// A vector destination operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DstOp {
    /// Direct general operand.
    Gen(Dst),
    /// Indirect operand.
    Ind(IndDst),
    /// Predicate (logic ops on predicates).
    Pred(PredId),
    /// Address operand (`mov A0(0)<1> ...`).
    Addr(AddrOpnd),
}

impl From<Dst> for DstOp {
    fn from(d: Dst) -> DstOp {
        DstOp::Gen(d)
    }
}
impl From<IndDst> for DstOp {
    fn from(d: IndDst) -> DstOp {
        DstOp::Ind(d)
    }
}

/// A raw operand `V.byteoffset` (message payloads; must be GRF aligned).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Raw {
    /// Variable (`VarId::NULL` for `%null.0`).
    pub var: VarId,
    /// Byte offset.
    pub offset: u16,
}

impl Raw {
    /// `%null.0`.
    pub const NULL: Raw = Raw { var: VarId::NULL, offset: 0 };
    /// `V.0`.
    pub fn of(var: VarId) -> Raw {
        Raw { var, offset: 0 }
    }
}

/// Execution size and mask control: `(M<mask+1>[_NM], size)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exec {
    /// Number of lanes: 1, 2, 4, 8, 16, 32.
    pub size: u8,
    /// Mask offset in groups of 4 lanes: 0 = M1 (lane 0), 2 = M3 (lane 8), 4 = M5 (lane 16).
    pub mask: u8,
    /// Ignore the execution mask (`_NM`).
    pub nomask: bool,
}

impl Exec {
    /// `(M1, size)`.
    pub const fn new(size: u8) -> Exec {
        Exec { size, mask: 0, nomask: false }
    }
    /// `(M1_NM, size)`.
    pub const fn nm(size: u8) -> Exec {
        Exec { size, mask: 0, nomask: true }
    }
    /// The same with mask offset `M<mask+1>`.
    pub const fn at(self, mask: u8) -> Exec {
        Exec { mask, ..self }
    }
}

/// Predicate control (`.any` / `.all`); spellings and codes in [`crate::target::PRED_CTRLS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PredCtrl {
    /// Per lane.
    #[default]
    None,
    /// `.any`.
    Any,
    /// `.all`.
    All,
}

/// An instruction predicate `([!]P[.any|.all])`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pred {
    /// Predicate variable.
    pub id: PredId,
    /// `!`.
    pub inverse: bool,
    /// `.any` / `.all`.
    pub ctrl: PredCtrl,
}

impl Pred {
    /// `(P)`.
    pub fn on(id: PredId) -> Pred {
        Pred { id, inverse: false, ctrl: PredCtrl::None }
    }
    /// `(!P)`.
    pub fn not(id: PredId) -> Pred {
        Pred { id, inverse: true, ctrl: PredCtrl::None }
    }
}
