//! The target description as data: one typed table per enumeration of the vISA model (element
//! types, alignments, ALU opcodes, comparison relations, source modifiers, predicate controls,
//! message sizes and modifiers, atomic operations, LSC shared functions), each row giving one
//! variant's text spelling, binary code and properties. Row `i` of a table describes the variant
//! whose discriminant is `i`, which a compile-time check enforces, so the enums' methods are
//! plain index reads. The text writer, the binary writer, the validator and instruction
//! selection all read these rows through the enums' methods: a variant is spelt, encoded and
//! described in one place.

use crate::model::{
    Align, AluOp, AtomicOp, CmpOp, LscAtomic, LscSfid, MediaMod, Owords, PredCtrl, ScaledBlocks,
};
use crate::model::{SrcMod, SvmBlock, VisaType};

/// Fails the build unless row `i` of `$table` has `$field` equal to the variant of discriminant
/// `i`: a table reordered against its enum cannot pair a variant with another's row.
macro_rules! rows_in_order {
    ($table:ident, $field:ident) => {
        const _: () = {
            let mut i = 0;
            while i < $table.len() {
                assert!($table[i].$field as usize == i, concat!(stringify!($table), ": a row out of order"));
                i += 1;
            }
        };
    };
}

/// One row of [`VISA_TYPES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeInfo {
    /// The type (its discriminant is the row's index).
    pub ty: VisaType,
    /// The text spelling (`ud`, `d`, ...).
    pub text: &'static str,
    /// The 4-bit binary type code (reference section 3.2).
    pub code: u8,
    /// Size of one element in bytes.
    pub size: u32,
    /// A floating-point type.
    pub float: bool,
}

/// The vISA element types, one row per [`VisaType`] in declaration order.
pub const VISA_TYPES: [TypeInfo; 12] = [
    TypeInfo { ty: VisaType::UD, text: "ud", code: 0, size: 4, float: false },
    TypeInfo { ty: VisaType::D, text: "d", code: 1, size: 4, float: false },
    TypeInfo { ty: VisaType::UW, text: "uw", code: 2, size: 2, float: false },
    TypeInfo { ty: VisaType::W, text: "w", code: 3, size: 2, float: false },
    TypeInfo { ty: VisaType::UB, text: "ub", code: 4, size: 1, float: false },
    TypeInfo { ty: VisaType::B, text: "b", code: 5, size: 1, float: false },
    TypeInfo { ty: VisaType::Q, text: "q", code: 13, size: 8, float: false },
    TypeInfo { ty: VisaType::UQ, text: "uq", code: 11, size: 8, float: false },
    TypeInfo { ty: VisaType::F, text: "f", code: 7, size: 4, float: true },
    TypeInfo { ty: VisaType::HF, text: "hf", code: 14, size: 2, float: true },
    TypeInfo { ty: VisaType::DF, text: "df", code: 6, size: 8, float: true },
    TypeInfo { ty: VisaType::BF, text: "bf", code: 15, size: 2, float: true },
];
rows_in_order!(VISA_TYPES, ty);

impl VisaType {
    /// This type's row of [`VISA_TYPES`].
    pub fn info(self) -> &'static TypeInfo {
        &VISA_TYPES[self as usize]
    }

    /// The text spelling (`ud`, `d`, ...).
    pub fn text(self) -> &'static str {
        self.info().text
    }

    /// The 4-bit binary type code (reference section 3.2).
    pub fn code(self) -> u8 {
        self.info().code
    }

    /// Size of one element in bytes.
    pub fn size(self) -> u32 {
        self.info().size
    }

    /// True for the floating-point types (f, hf, df, bf).
    pub fn is_float(self) -> bool {
        self.info().float
    }
}

/// One row of [`ALIGNS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlignInfo {
    /// The alignment (its discriminant is the row's index).
    pub align: Align,
    /// The text spelling (`align=`).
    pub text: &'static str,
    /// The 4-bit binary align code.
    pub code: u8,
}

/// The variable alignments, one row per [`Align`] in declaration order.
pub const ALIGNS: [AlignInfo; 10] = [
    AlignInfo { align: Align::Byte, text: "byte", code: 0 },
    AlignInfo { align: Align::Word, text: "word", code: 1 },
    AlignInfo { align: Align::Dword, text: "dword", code: 2 },
    AlignInfo { align: Align::Qword, text: "qword", code: 3 },
    AlignInfo { align: Align::Oword, text: "oword", code: 4 },
    AlignInfo { align: Align::Grf, text: "GRF", code: 5 },
    AlignInfo { align: Align::Grf2, text: "2GRF", code: 6 },
    AlignInfo { align: Align::Hword, text: "hword", code: 7 },
    AlignInfo { align: Align::Word32, text: "wordx32", code: 8 },
    AlignInfo { align: Align::Word64, text: "wordx64", code: 9 },
];
rows_in_order!(ALIGNS, align);

impl Align {
    /// The text spelling.
    pub fn text(self) -> &'static str {
        ALIGNS[self as usize].text
    }

    /// The 4-bit binary align code.
    pub fn code(self) -> u8 {
        ALIGNS[self as usize].code
    }
}

/// One row of [`ALU_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AluInfo {
    /// The operation (its discriminant is the row's index).
    pub op: AluOp,
    /// The text mnemonic.
    pub mnemonic: &'static str,
    /// The binary opcode.
    pub opcode: u8,
    /// Number of source operands.
    pub srcs: u8,
}

/// The ALU opcodes of the common form, one row per [`AluOp`] in declaration order.
pub const ALU_OPS: [AluInfo; 54] = [
    AluInfo { op: AluOp::Add, mnemonic: "add", opcode: 0x01, srcs: 2 },
    AluInfo { op: AluOp::Avg, mnemonic: "avg", opcode: 0x02, srcs: 2 },
    AluInfo { op: AluOp::Div, mnemonic: "div", opcode: 0x03, srcs: 2 },
    AluInfo { op: AluOp::Exp, mnemonic: "exp", opcode: 0x08, srcs: 1 },
    AluInfo { op: AluOp::Frc, mnemonic: "frc", opcode: 0x09, srcs: 1 },
    AluInfo { op: AluOp::Log, mnemonic: "log", opcode: 0x0B, srcs: 1 },
    AluInfo { op: AluOp::Mad, mnemonic: "mad", opcode: 0x0C, srcs: 3 },
    AluInfo { op: AluOp::Mulh, mnemonic: "mulh", opcode: 0x0D, srcs: 2 },
    AluInfo { op: AluOp::Mod, mnemonic: "mod", opcode: 0x0F, srcs: 2 },
    AluInfo { op: AluOp::Mul, mnemonic: "mul", opcode: 0x10, srcs: 2 },
    AluInfo { op: AluOp::Pow, mnemonic: "pow", opcode: 0x11, srcs: 2 },
    AluInfo { op: AluOp::Rndd, mnemonic: "rndd", opcode: 0x12, srcs: 1 },
    AluInfo { op: AluOp::Rndu, mnemonic: "rndu", opcode: 0x13, srcs: 1 },
    AluInfo { op: AluOp::Rnde, mnemonic: "rnde", opcode: 0x14, srcs: 1 },
    AluInfo { op: AluOp::Rndz, mnemonic: "rndz", opcode: 0x15, srcs: 1 },
    AluInfo { op: AluOp::Sin, mnemonic: "sin", opcode: 0x17, srcs: 1 },
    AluInfo { op: AluOp::Cos, mnemonic: "cos", opcode: 0x18, srcs: 1 },
    AluInfo { op: AluOp::Sqrt, mnemonic: "sqrt", opcode: 0x19, srcs: 1 },
    AluInfo { op: AluOp::Rsqrt, mnemonic: "rsqrt", opcode: 0x1A, srcs: 1 },
    AluInfo { op: AluOp::Inv, mnemonic: "inv", opcode: 0x1B, srcs: 1 },
    AluInfo { op: AluOp::Lzd, mnemonic: "lzd", opcode: 0x1F, srcs: 1 },
    AluInfo { op: AluOp::And, mnemonic: "and", opcode: 0x20, srcs: 2 },
    AluInfo { op: AluOp::Or, mnemonic: "or", opcode: 0x21, srcs: 2 },
    AluInfo { op: AluOp::Xor, mnemonic: "xor", opcode: 0x22, srcs: 2 },
    AluInfo { op: AluOp::Not, mnemonic: "not", opcode: 0x23, srcs: 1 },
    AluInfo { op: AluOp::Shl, mnemonic: "shl", opcode: 0x24, srcs: 2 },
    AluInfo { op: AluOp::Shr, mnemonic: "shr", opcode: 0x25, srcs: 2 },
    AluInfo { op: AluOp::Asr, mnemonic: "asr", opcode: 0x26, srcs: 2 },
    AluInfo { op: AluOp::Cbit, mnemonic: "cbit", opcode: 0x27, srcs: 1 },
    AluInfo { op: AluOp::Mov, mnemonic: "mov", opcode: 0x29, srcs: 1 },
    AluInfo { op: AluOp::Sel, mnemonic: "sel", opcode: 0x2A, srcs: 2 },
    AluInfo { op: AluOp::Fbl, mnemonic: "fbl", opcode: 0x2E, srcs: 1 },
    AluInfo { op: AluOp::Fbh, mnemonic: "fbh", opcode: 0x2F, srcs: 1 },
    AluInfo { op: AluOp::Bfe, mnemonic: "bfe", opcode: 0x46, srcs: 3 },
    AluInfo { op: AluOp::Bfi, mnemonic: "bfi", opcode: 0x47, srcs: 4 },
    AluInfo { op: AluOp::Bfrev, mnemonic: "bfrev", opcode: 0x48, srcs: 1 },
    AluInfo { op: AluOp::Sqrtm, mnemonic: "sqrtm", opcode: 0x7E, srcs: 1 },
    AluInfo { op: AluOp::Divm, mnemonic: "divm", opcode: 0x7F, srcs: 2 },
    AluInfo { op: AluOp::Rol, mnemonic: "rol", opcode: 0x80, srcs: 2 },
    AluInfo { op: AluOp::Ror, mnemonic: "ror", opcode: 0x81, srcs: 2 },
    AluInfo { op: AluOp::Dp4a, mnemonic: "dp4a", opcode: 0x82, srcs: 3 },
    AluInfo { op: AluOp::Add3, mnemonic: "add3", opcode: 0x84, srcs: 3 },
    AluInfo { op: AluOp::Madw, mnemonic: "madw", opcode: 0x91, srcs: 3 },
    AluInfo { op: AluOp::Fcvt, mnemonic: "fcvt", opcode: 0x1D, srcs: 1 },
    AluInfo { op: AluOp::Srnd, mnemonic: "srnd", opcode: 0x1E, srcs: 2 },
    AluInfo { op: AluOp::Dp2, mnemonic: "dp2", opcode: 0x04, srcs: 2 },
    AluInfo { op: AluOp::Dp3, mnemonic: "dp3", opcode: 0x05, srcs: 2 },
    AluInfo { op: AluOp::Dp4, mnemonic: "dp4", opcode: 0x06, srcs: 2 },
    AluInfo { op: AluOp::Dph, mnemonic: "dph", opcode: 0x07, srcs: 2 },
    AluInfo { op: AluOp::Lrp, mnemonic: "lrp", opcode: 0x0E, srcs: 3 },
    AluInfo { op: AluOp::Sad2, mnemonic: "sad2", opcode: 0x16, srcs: 2 },
    AluInfo { op: AluOp::Sad2add, mnemonic: "sad2add", opcode: 0x6A, srcs: 3 },
    AluInfo { op: AluOp::Line, mnemonic: "line", opcode: 0x0A, srcs: 2 },
    AluInfo { op: AluOp::Plane, mnemonic: "plane", opcode: 0x6B, srcs: 2 },
];
rows_in_order!(ALU_OPS, op);

impl AluOp {
    /// This operation's row of [`ALU_OPS`].
    pub fn info(self) -> &'static AluInfo {
        &ALU_OPS[self as usize]
    }

    /// Mnemonic.
    pub fn mnemonic(self) -> &'static str {
        self.info().mnemonic
    }

    /// Binary opcode.
    pub fn opcode(self) -> u8 {
        self.info().opcode
    }

    /// Number of source operands.
    pub fn num_srcs(self) -> usize {
        usize::from(self.info().srcs)
    }
}

/// One row of [`CMP_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CmpInfo {
    /// The relation (its discriminant is the row's index).
    pub rel: CmpOp,
    /// The text suffix of `cmp.`.
    pub text: &'static str,
    /// The binary rel_op code.
    pub code: u8,
}

/// The comparison relations, one row per [`CmpOp`] in declaration order.
pub const CMP_OPS: [CmpInfo; 6] = [
    CmpInfo { rel: CmpOp::Eq, text: "eq", code: 0 },
    CmpInfo { rel: CmpOp::Ne, text: "ne", code: 1 },
    CmpInfo { rel: CmpOp::Gt, text: "gt", code: 2 },
    CmpInfo { rel: CmpOp::Ge, text: "ge", code: 3 },
    CmpInfo { rel: CmpOp::Lt, text: "lt", code: 4 },
    CmpInfo { rel: CmpOp::Le, text: "le", code: 5 },
];
rows_in_order!(CMP_OPS, rel);

impl CmpOp {
    /// Text suffix (`eq`...).
    pub fn text(self) -> &'static str {
        CMP_OPS[self as usize].text
    }

    /// Binary rel_op code.
    pub fn code(self) -> u8 {
        CMP_OPS[self as usize].code
    }
}

/// One row of [`SRC_MODS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SrcModInfo {
    /// The modifier (its discriminant is the row's index).
    pub modifier: SrcMod,
    /// The text prefix of the operand (`(-)`, empty for none).
    pub text: &'static str,
    /// The binary modifier code (bits 5:3 of an operand's first byte).
    pub code: u8,
}

/// The source modifiers, one row per [`SrcMod`] in declaration order.
pub const SRC_MODS: [SrcModInfo; 5] = [
    SrcModInfo { modifier: SrcMod::None, text: "", code: 0 },
    SrcModInfo { modifier: SrcMod::Neg, text: "(-)", code: 2 },
    SrcModInfo { modifier: SrcMod::Abs, text: "(abs)", code: 1 },
    SrcModInfo { modifier: SrcMod::NegAbs, text: "(-abs)", code: 3 },
    SrcModInfo { modifier: SrcMod::Not, text: "(~)", code: 5 },
];
rows_in_order!(SRC_MODS, modifier);

impl SrcMod {
    /// The text prefix of the operand (`(-)`, empty for none).
    pub fn text(self) -> &'static str {
        SRC_MODS[self as usize].text
    }

    /// The binary modifier code.
    pub fn code(self) -> u8 {
        SRC_MODS[self as usize].code
    }
}

/// One row of [`PRED_CTRLS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PredCtrlInfo {
    /// The control (its discriminant is the row's index).
    pub ctrl: PredCtrl,
    /// The text suffix of the predicate (`.any`, empty per lane).
    pub text: &'static str,
    /// The binary control code (bits 14:13 of the predicate word).
    pub code: u16,
}

/// The predicate controls, one row per [`PredCtrl`] in declaration order.
pub const PRED_CTRLS: [PredCtrlInfo; 3] = [
    PredCtrlInfo { ctrl: PredCtrl::None, text: "", code: 0 },
    PredCtrlInfo { ctrl: PredCtrl::Any, text: ".any", code: 1 },
    PredCtrlInfo { ctrl: PredCtrl::All, text: ".all", code: 2 },
];
rows_in_order!(PRED_CTRLS, ctrl);

impl PredCtrl {
    /// The text suffix of the predicate (`.any`, empty per lane).
    pub fn text(self) -> &'static str {
        PRED_CTRLS[self as usize].text
    }

    /// The binary control code.
    pub fn code(self) -> u16 {
        PRED_CTRLS[self as usize].code
    }
}

/// One row of [`OWORDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwordsInfo {
    /// The size (its discriminant is the row's index).
    pub size: Owords,
    /// Number of owords.
    pub count: u32,
    /// The binary size code.
    pub code: u8,
}

/// The block message sizes, one row per [`Owords`] in declaration order.
pub const OWORDS: [OwordsInfo; 5] = [
    OwordsInfo { size: Owords::O1, count: 1, code: 0 },
    OwordsInfo { size: Owords::O2, count: 2, code: 1 },
    OwordsInfo { size: Owords::O4, count: 4, code: 2 },
    OwordsInfo { size: Owords::O8, count: 8, code: 3 },
    OwordsInfo { size: Owords::O16, count: 16, code: 4 },
];
rows_in_order!(OWORDS, size);

impl Owords {
    /// The count.
    pub fn count(self) -> u32 {
        OWORDS[self as usize].count
    }

    /// The binary size code (0..4).
    pub fn code(self) -> u8 {
        OWORDS[self as usize].code
    }
}

/// One row of [`SCALED_BLOCKS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaledBlocksInfo {
    /// The size (its discriminant is the row's index).
    pub blocks: ScaledBlocks,
    /// Bytes per lane (the text suffix).
    pub count: u8,
    /// The binary block count code.
    pub code: u8,
}

/// The lane sizes of gather_scaled/scatter_scaled, one row per [`ScaledBlocks`] in declaration
/// order.
pub const SCALED_BLOCKS: [ScaledBlocksInfo; 3] = [
    ScaledBlocksInfo { blocks: ScaledBlocks::B1, count: 1, code: 0 },
    ScaledBlocksInfo { blocks: ScaledBlocks::B2, count: 2, code: 1 },
    ScaledBlocksInfo { blocks: ScaledBlocks::B4, count: 4, code: 2 },
];
rows_in_order!(SCALED_BLOCKS, blocks);

impl ScaledBlocks {
    /// Byte count.
    pub fn count(self) -> u8 {
        SCALED_BLOCKS[self as usize].count
    }

    /// The binary block count code.
    pub fn code(self) -> u8 {
        SCALED_BLOCKS[self as usize].code
    }
}

/// One row of [`SVM_BLOCKS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvmBlockInfo {
    /// The block size (its discriminant is the row's index).
    pub block: SvmBlock,
    /// Bytes per block (the text suffix).
    pub bytes: u8,
    /// The binary block size code.
    pub code: u8,
}

/// The block sizes of svm_gather/svm_scatter, one row per [`SvmBlock`] in declaration order.
pub const SVM_BLOCKS: [SvmBlockInfo; 3] = [
    SvmBlockInfo { block: SvmBlock::B1, bytes: 1, code: 0 },
    SvmBlockInfo { block: SvmBlock::B4, bytes: 4, code: 1 },
    SvmBlockInfo { block: SvmBlock::B8, bytes: 8, code: 2 },
];
rows_in_order!(SVM_BLOCKS, block);

impl SvmBlock {
    /// Bytes per block.
    pub fn bytes(self) -> u8 {
        SVM_BLOCKS[self as usize].bytes
    }

    /// The binary block size code.
    pub fn code(self) -> u8 {
        SVM_BLOCKS[self as usize].code
    }
}

/// One row of [`MEDIA_MODS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MediaModInfo {
    /// The modifier (its discriminant is the row's index).
    pub modifier: MediaMod,
    /// The text suffix (`media_ld.<text>`).
    pub text: &'static str,
    /// The binary modifier code.
    pub code: u8,
}

/// The media block modifiers, one row per [`MediaMod`] in declaration order.
pub const MEDIA_MODS: [MediaModInfo; 6] = [
    MediaModInfo { modifier: MediaMod::NoMod, text: "nomod", code: 0 },
    MediaModInfo { modifier: MediaMod::Modified, text: "modified", code: 1 },
    MediaModInfo { modifier: MediaMod::Top, text: "top", code: 2 },
    MediaModInfo { modifier: MediaMod::Bottom, text: "bottom", code: 3 },
    MediaModInfo { modifier: MediaMod::TopMod, text: "top_mod", code: 4 },
    MediaModInfo { modifier: MediaMod::BottomMod, text: "bottom_mod", code: 5 },
];
rows_in_order!(MEDIA_MODS, modifier);

impl MediaMod {
    /// The text suffix (`nomod`, `top`...).
    pub fn text(self) -> &'static str {
        MEDIA_MODS[self as usize].text
    }

    /// The binary modifier code.
    pub fn code(self) -> u8 {
        MEDIA_MODS[self as usize].code
    }
}

/// One row of [`LSC_ATOMIC_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LscAtomicInfo {
    /// The operation (its discriminant is the row's index).
    pub op: LscAtomic,
    /// The text name, after `lsc_atomic_`.
    pub text: &'static str,
    /// The LSC sub-opcode.
    pub code: u8,
    /// Number of data sources (0, 1 or 2).
    pub srcs: u8,
    /// Works on floating-point data.
    pub float: bool,
}

/// The atomic operations of LSC messages, one row per [`LscAtomic`] in declaration order
/// (sub-opcodes 8 to 26).
pub const LSC_ATOMIC_OPS: [LscAtomicInfo; 19] = [
    LscAtomicInfo { op: LscAtomic::Iinc, text: "iinc", code: 8, srcs: 0, float: false },
    LscAtomicInfo { op: LscAtomic::Idec, text: "idec", code: 9, srcs: 0, float: false },
    LscAtomicInfo { op: LscAtomic::Load, text: "load", code: 10, srcs: 0, float: false },
    LscAtomicInfo { op: LscAtomic::Store, text: "store", code: 11, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Iadd, text: "iadd", code: 12, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Isub, text: "isub", code: 13, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Smin, text: "smin", code: 14, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Smax, text: "smax", code: 15, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Umin, text: "umin", code: 16, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Umax, text: "umax", code: 17, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Icas, text: "icas", code: 18, srcs: 2, float: false },
    LscAtomicInfo { op: LscAtomic::Fadd, text: "fadd", code: 19, srcs: 1, float: true },
    LscAtomicInfo { op: LscAtomic::Fsub, text: "fsub", code: 20, srcs: 1, float: true },
    LscAtomicInfo { op: LscAtomic::Fmin, text: "fmin", code: 21, srcs: 1, float: true },
    LscAtomicInfo { op: LscAtomic::Fmax, text: "fmax", code: 22, srcs: 1, float: true },
    LscAtomicInfo { op: LscAtomic::Fcas, text: "fcas", code: 23, srcs: 2, float: true },
    LscAtomicInfo { op: LscAtomic::And, text: "and", code: 24, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Or, text: "or", code: 25, srcs: 1, float: false },
    LscAtomicInfo { op: LscAtomic::Xor, text: "xor", code: 26, srcs: 1, float: false },
];
rows_in_order!(LSC_ATOMIC_OPS, op);

impl LscAtomic {
    /// This operation's row of [`LSC_ATOMIC_OPS`].
    pub fn info(self) -> &'static LscAtomicInfo {
        &LSC_ATOMIC_OPS[self as usize]
    }

    /// The text name, after `lsc_atomic_` (`iadd`, `icas`, ...).
    pub fn text(self) -> &'static str {
        self.info().text
    }

    /// The LSC sub-opcode.
    pub fn code(self) -> u8 {
        self.info().code
    }

    /// Number of data sources (0, 1 or 2).
    pub fn num_srcs(self) -> usize {
        usize::from(self.info().srcs)
    }

    /// Works on floating-point data.
    pub fn is_float(self) -> bool {
        self.info().float
    }

    /// The operation of an LSC sub-opcode, if it is an atomic one.
    pub fn from_code(code: u64) -> Option<LscAtomic> {
        LSC_ATOMIC_OPS.iter().find(|r| u64::from(r.code) == code).map(|r| r.op)
    }
}

/// One row of [`ATOMIC_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtomicInfo {
    /// The operation (its discriminant is the row's index).
    pub op: AtomicOp,
    /// The text name.
    pub text: &'static str,
    /// The binary code (VISAAtomicOps).
    pub code: u8,
    /// Works on floating-point data.
    pub float: bool,
    /// Number of data sources (0, 1 or 2).
    pub srcs: u8,
}

/// The atomic operations of dword_atomic, svm_atomic and typed_atomic, one row per [`AtomicOp`]
/// in declaration order.
pub const ATOMIC_OPS: [AtomicInfo; 18] = [
    AtomicInfo { op: AtomicOp::Add, text: "add", code: 0, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::Sub, text: "sub", code: 1, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::Inc, text: "inc", code: 2, float: false, srcs: 0 },
    AtomicInfo { op: AtomicOp::Dec, text: "dec", code: 3, float: false, srcs: 0 },
    AtomicInfo { op: AtomicOp::Min, text: "min", code: 4, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::Max, text: "max", code: 5, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::Xchg, text: "xchg", code: 6, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::Cmpxchg, text: "cmpxchg", code: 7, float: false, srcs: 2 },
    AtomicInfo { op: AtomicOp::And, text: "and", code: 8, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::Or, text: "or", code: 9, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::Xor, text: "xor", code: 10, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::MinSInt, text: "minsint", code: 11, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::MaxSInt, text: "maxsint", code: 12, float: false, srcs: 1 },
    AtomicInfo { op: AtomicOp::Fmax, text: "fmax", code: 0x10, float: true, srcs: 1 },
    AtomicInfo { op: AtomicOp::Fmin, text: "fmin", code: 0x11, float: true, srcs: 1 },
    AtomicInfo { op: AtomicOp::Fcmpwr, text: "fcmpwr", code: 0x12, float: true, srcs: 2 },
    AtomicInfo { op: AtomicOp::Fadd, text: "fadd", code: 0x13, float: true, srcs: 1 },
    AtomicInfo { op: AtomicOp::Fsub, text: "fsub", code: 0x14, float: true, srcs: 1 },
];
rows_in_order!(ATOMIC_OPS, op);

impl AtomicOp {
    /// This operation's row of [`ATOMIC_OPS`].
    pub fn info(self) -> &'static AtomicInfo {
        &ATOMIC_OPS[self as usize]
    }

    /// Text name.
    pub fn text(self) -> &'static str {
        self.info().text
    }

    /// Whether the operation works on floating-point data.
    pub fn is_float(self) -> bool {
        self.info().float
    }

    /// Number of data sources: 0 (inc, dec), 2 (cmpxchg, fcmpwr) or 1.
    pub fn num_srcs(self) -> usize {
        usize::from(self.info().srcs)
    }

    /// Binary code (VISAAtomicOps).
    pub fn code(self) -> u8 {
        self.info().code
    }
}

/// One row of [`LSC_SFIDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LscSfidInfo {
    /// The shared function (its discriminant is the row's index).
    pub sfid: LscSfid,
    /// The text suffix (`lsc_load.<text>`).
    pub text: &'static str,
    /// The binary code (`LSC_SFID`).
    pub code: u8,
}

/// The shared functions of LSC messages, one row per [`LscSfid`] in declaration order.
pub const LSC_SFIDS: [LscSfidInfo; 4] = [
    LscSfidInfo { sfid: LscSfid::Ugm, text: "ugm", code: 0 },
    LscSfidInfo { sfid: LscSfid::Ugml, text: "ugml", code: 1 },
    LscSfidInfo { sfid: LscSfid::Tgm, text: "tgm", code: 2 },
    LscSfidInfo { sfid: LscSfid::Slm, text: "slm", code: 3 },
];
rows_in_order!(LSC_SFIDS, sfid);

impl LscSfid {
    /// Text suffix.
    pub fn text(self) -> &'static str {
        LSC_SFIDS[self as usize].text
    }

    /// Binary code (`LSC_SFID`: ugm 0, ugml 1, tgm 2, slm 3).
    pub fn code(self) -> u8 {
        LSC_SFIDS[self as usize].code
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// True when no two items are equal.
    fn distinct<T: std::hash::Hash + Eq>(items: impl IntoIterator<Item = T>) -> bool {
        let mut seen = HashSet::new();
        items.into_iter().all(|x| seen.insert(x))
    }

    #[test]
    fn spellings_and_codes_are_distinct() {
        assert!(distinct(VISA_TYPES.iter().map(|r| r.text)));
        assert!(distinct(VISA_TYPES.iter().map(|r| r.code)));
        assert!(VISA_TYPES.iter().all(|r| r.code < 16));
        assert!(distinct(ALIGNS.iter().map(|r| r.text)));
        assert!(distinct(ALIGNS.iter().map(|r| r.code)));
        assert!(distinct(ALU_OPS.iter().map(|r| r.mnemonic)));
        assert!(distinct(ALU_OPS.iter().map(|r| r.opcode)));
        assert!(distinct(CMP_OPS.iter().map(|r| r.text)));
        assert!(distinct(CMP_OPS.iter().map(|r| r.code)));
        assert!(distinct(SRC_MODS.iter().map(|r| r.text)));
        assert!(distinct(SRC_MODS.iter().map(|r| r.code)));
        assert!(distinct(PRED_CTRLS.iter().map(|r| r.code)));
        assert!(distinct(OWORDS.iter().map(|r| r.code)));
        assert!(distinct(SCALED_BLOCKS.iter().map(|r| r.code)));
        assert!(distinct(SVM_BLOCKS.iter().map(|r| r.code)));
        assert!(distinct(MEDIA_MODS.iter().map(|r| r.text)));
        assert!(distinct(MEDIA_MODS.iter().map(|r| r.code)));
        assert!(distinct(ATOMIC_OPS.iter().map(|r| r.text)));
        assert!(distinct(ATOMIC_OPS.iter().map(|r| r.code)));
        assert!(distinct(LSC_SFIDS.iter().map(|r| r.text)));
        assert!(distinct(LSC_SFIDS.iter().map(|r| r.code)));
    }

    #[test]
    fn rows_agree_with_their_spellings() {
        // sizes and float-ness follow from the spelling: <u|><b|w|d|q> and <h|b|d|>f
        for r in VISA_TYPES {
            let bytes = match r.text.trim_start_matches('u') {
                "b" => 1,
                "w" | "hf" | "bf" => 2,
                "d" | "f" => 4,
                _ => 8,
            };
            assert_eq!(r.size, bytes, "{}", r.text);
            assert_eq!(r.float, r.text.ends_with('f'), "{}", r.text);
        }
        // the float atomics are the ones named f..., and the compare-and-swaps take two sources
        for r in ATOMIC_OPS {
            assert_eq!(r.float, r.text.starts_with('f'), "{}", r.text);
            let srcs = match r.text {
                "inc" | "dec" => 0,
                "cmpxchg" | "fcmpwr" => 2,
                _ => 1,
            };
            assert_eq!(r.srcs, srcs, "{}", r.text);
        }
        // the block sizes and counts are powers of two whose code is their log2
        for r in OWORDS {
            assert_eq!(r.count, 1 << r.code);
        }
        for r in SCALED_BLOCKS {
            assert_eq!(r.count, 1 << r.code);
        }
    }

    #[test]
    fn lsc_atomics_are_sub_opcodes_8_to_26() {
        assert!(distinct(LSC_ATOMIC_OPS.iter().map(|r| r.text)));
        for (i, r) in LSC_ATOMIC_OPS.iter().enumerate() {
            assert_eq!(usize::from(r.code), 8 + i, "{}", r.text);
            assert_eq!(LscAtomic::from_code(u64::from(r.code)), Some(r.op));
            // the float ones are spelt f..., the compare-and-swaps take two sources
            assert_eq!(r.float, r.text.starts_with('f'), "{}", r.text);
            assert_eq!(r.srcs == 2, r.text.ends_with("cas"), "{}", r.text);
        }
        assert_eq!((LscAtomic::from_code(7), LscAtomic::from_code(27)), (None, None));
        assert_eq!((LscAtomic::Iinc.num_srcs(), LscAtomic::Store.num_srcs()), (0, 1));
    }

    #[test]
    fn methods_read_the_rows() {
        assert_eq!((AluOp::Mad.mnemonic(), AluOp::Mad.opcode(), AluOp::Mad.num_srcs()), ("mad", 0x0C, 3));
        assert_eq!((AluOp::Bfi.mnemonic(), AluOp::Bfi.num_srcs()), ("bfi", 4));
        assert_eq!((VisaType::UQ.text(), VisaType::UQ.code(), VisaType::UQ.size()), ("uq", 11, 8));
        assert!(VisaType::BF.is_float() && !VisaType::Q.is_float());
        assert_eq!((AtomicOp::Fcmpwr.text(), AtomicOp::Fcmpwr.code()), ("fcmpwr", 0x12));
        assert_eq!((LscSfid::Slm.text(), LscSfid::Slm.code()), ("slm", 3));
        assert_eq!((SrcMod::Neg.text(), SrcMod::Neg.code()), ("(-)", 2));
        assert_eq!((MediaMod::TopMod.text(), MediaMod::TopMod.code()), ("top_mod", 4));
        assert_eq!((SvmBlock::B8.bytes(), SvmBlock::B8.code()), (8, 2));
    }
}
