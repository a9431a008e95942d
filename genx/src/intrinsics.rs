//! The intrinsics genxc knows, as typed identifiers: every `llvm.genx.*` intrinsic of
//! vc-intrinsics and the generic LLVM intrinsics a CM-style kernel may use, declared once in one
//! table (`intrinsic_table.rs`) from which the [`IntrinsicId`] enum, its names, name lookup and
//! each intrinsic's [`Signature`] derive. Passes match on the enum, never on name strings.
//!
//! A call's callee name is the intrinsic's base name followed by LLVM's overload suffixes
//! (`llvm.genx.oword.ld.v32f32`). [`lookup`] finds the longest known base name whose remainder is
//! made of type manglings only, so `llvm.genx.oword.ld.unaligned.v8i32` is `oword.ld.unaligned` and
//! `llvm.genx.oword.ld.bogus` is unknown. Knowing a name does not mean every back end supports it:
//! instruction selection reports "unsupported: <name>" for the ones it cannot emit.
//!
//! [`check_call`] checks a call against its intrinsic's signature (operand count, result and
//! operand kinds, constant operands); import validation and the IR verifier use it.

use crate::types::{Elem, Type};

/// What a result or an operand of an intrinsic must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandKind {
    /// No value (a result only: the intrinsic returns void).
    Void,
    /// Any Gen value.
    Any,
    /// An integer scalar or vector of any width (LLVM's `anyint`, `i1` included).
    Int,
    /// A floating-point scalar or vector (half, float, double).
    Float,
    /// An integer (not `i1`) or floating-point scalar or vector.
    Num,
    /// `i1` or a vector of `i1` (a predicate).
    Bool,
    /// An `i32` scalar.
    I32,
    /// An `i64` scalar.
    I64,
    /// An integer scalar of any width.
    IntScalar,
    /// A value of 3 elements (the x, y and z of a thread payload vector).
    Vec3,
    /// The same type as the result.
    SameAsResult,
    /// The same type as operand `k`.
    SameAs(u8),
}

/// One operand of an intrinsic's signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand {
    /// What the operand must be.
    pub kind: OperandKind,
    /// What it is, as diagnostics name it (`offset`, `surface`).
    pub role: &'static str,
    /// Whether it must be a constant.
    pub constant: bool,
}

/// An intrinsic's signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signature {
    /// The result kind and every operand: calls are checked against them.
    Checked {
        /// What the result must be.
        result: OperandKind,
        /// The operands, in order (their count is the intrinsic's arity).
        operands: &'static [Operand],
    },
    /// Not described: calls are not checked (selection does not emit these intrinsics).
    Unchecked,
}

const fn checked(result: OperandKind, operands: &'static [Operand]) -> Signature {
    Signature::Checked { result, operands }
}

const fn opd(kind: OperandKind, role: &'static str) -> Operand {
    Operand { kind, role, constant: false }
}

const fn cst(kind: OperandKind, role: &'static str) -> Operand {
    Operand { kind, role, constant: true }
}

const UNCHECKED: Signature = Signature::Unchecked;

/// Declares the table: the enum (one variant per intrinsic, in name order), the names and the
/// signatures, indexed by the variant.
macro_rules! intrinsic_table {
    ($($variant:ident = $name:literal : $sig:expr;)*) => {
        /// A known intrinsic.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum IntrinsicId {
            $(#[doc = concat!("`", $name, "`")] $variant,)*
        }

        /// Every known intrinsic, in name order.
        pub const ALL: &[IntrinsicId] = &[$(IntrinsicId::$variant,)*];

        /// The base names, indexed by [`IntrinsicId`] (sorted: [`lookup`] searches them).
        const NAMES: &[&str] = &[$($name,)*];

        /// The signatures, indexed by [`IntrinsicId`].
        const SIGNATURES: &[Signature] = {
            use OperandKind::*;
            &[$($sig,)*]
        };
    };
}

include!("intrinsic_table.rs");

/// LLVM intrinsics that carry no semantics for code generation and are dropped at import.
pub const IGNORED_LLVM: &[&str] = &[
    "llvm.assume",
    "llvm.dbg.addr",
    "llvm.dbg.declare",
    "llvm.dbg.label",
    "llvm.dbg.value",
    "llvm.experimental.noalias.scope.decl",
    "llvm.lifetime.end",
    "llvm.lifetime.start",
    "llvm.donothing",
    "llvm.sideeffect",
];

/// The arithmetic of a `llvm.genx.<r><s><op>[.sat]` intrinsic (result and operand signedness
/// `s`/`u`): its operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SatOp {
    /// `add`.
    Add,
    /// `mul`.
    Mul,
    /// `trunc`: a conversion (one operand).
    Trunc,
    /// `shl`.
    Shl,
    /// `avg`.
    Avg,
    /// `mad` (three operands).
    Mad,
    /// `add3`: the sum of three operands.
    Add3,
    /// `dp4a`: the first operand plus the dot product of the four bytes of the other two.
    Dp4a,
}

/// A `llvm.genx.<r><s><op>[.sat]` intrinsic described as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SatArith {
    /// Whether the result is signed.
    pub dst_signed: bool,
    /// Whether the operands are signed.
    pub src_signed: bool,
    /// The operation.
    pub op: SatOp,
    /// Whether the result saturates.
    pub sat: bool,
}

/// The operation of an LSC message intrinsic (`llvm.genx.lsc.<form>.<model>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LscForm {
    /// `load`.
    Load,
    /// `load.quad`.
    LoadQuad,
    /// `load.merge`.
    LoadMerge,
    /// `load.merge.quad`.
    LoadMergeQuad,
    /// `store`.
    Store,
    /// `store.quad`.
    StoreQuad,
    /// `prefetch`.
    Prefetch,
    /// `atomic`.
    Atomic,
    /// `xatomic`.
    XAtomic,
    /// `load2d` (2D block).
    Load2d,
    /// `store2d` (2D block).
    Store2d,
    /// `prefetch2d` (2D block).
    Prefetch2d,
}

/// The address model of an LSC message intrinsic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LscModel {
    /// `stateless`: 64-bit global addresses.
    Stateless,
    /// `slm`: shared local memory.
    Slm,
    /// `bti`: a binding-table index.
    Bti,
    /// `bindless`: a surface-state offset.
    Bindless,
}

/// The family of an atomic intrinsic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicFamily {
    /// `llvm.genx.dword.atomic.<op>` (with an old value operand).
    Dword,
    /// `llvm.genx.dword.atomic2.<op>` (without one).
    Dword2,
    /// `llvm.genx.svm.atomic.<op>`.
    Svm,
    /// `llvm.genx.typed.atomic.<op>`.
    Typed,
}

/// The operation of an atomic intrinsic (the last piece of its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicKind {
    /// `add`.
    Add,
    /// `sub`.
    Sub,
    /// `inc`.
    Inc,
    /// `dec`.
    Dec,
    /// `min` (unsigned).
    Min,
    /// `max` (unsigned).
    Max,
    /// `imin` (signed).
    Imin,
    /// `imax` (signed).
    Imax,
    /// `xchg`.
    Xchg,
    /// `cmpxchg`.
    Cmpxchg,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `xor`.
    Xor,
    /// `fmax`.
    Fmax,
    /// `fmin`.
    Fmin,
    /// `fcmpwr`.
    Fcmpwr,
    /// `fadd`.
    Fadd,
    /// `fsub`.
    Fsub,
}

/// The form of a raw send intrinsic `llvm.genx.raw.send[s][2][.noresult]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawSendForm {
    /// `sends`: a second payload.
    pub split: bool,
    /// `2`: explicit exec size, payload sizes and shared function.
    pub explicit: bool,
    /// `.noresult`: no result.
    pub noresult: bool,
}

impl IntrinsicId {
    /// The base name (`llvm.genx.oword.ld`).
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The name without the `llvm.genx.` or `llvm.` prefix (`oword.ld`), for diagnostics.
    pub fn short_name(self) -> &'static str {
        let n = self.name();
        n.strip_prefix("llvm.genx.").or_else(|| n.strip_prefix("llvm.")).unwrap_or(n)
    }

    /// Whether this is a `llvm.genx.*` intrinsic.
    pub fn is_genx(self) -> bool {
        self.name().starts_with("llvm.genx.")
    }

    /// The signature.
    pub fn signature(self) -> Signature {
        SIGNATURES[self as usize]
    }

    /// Whether this is an element-wise intrinsic that is one vISA ALU instruction (its operands
    /// are source regions, its result a destination region).
    pub fn is_alu(self) -> bool {
        use IntrinsicId::*;
        matches!(
            self,
            LlvmCeil
                | LlvmCopysign
                | LlvmCos
                | LlvmCtlz
                | LlvmCtpop
                | LlvmExp2
                | LlvmFabs
                | LlvmFloor
                | LlvmFma
                | LlvmFmuladd
                | Absf
                | Absi
                | Add3
                | Bfrev
                | Cbit
                | Cos
                | Exp
                | Fbl
                | Fmax
                | Fmin
                | FptosiSat
                | FptouiSat
                | Frc
                | IeeeDiv
                | IeeeSqrt
                | Inv
                | Log
                | Lzd
                | Pow
                | Rndd
                | Rnde
                | Rndu
                | Rndz
                | Rsqrt
                | Sat
                | Sin
                | Smax
                | Smin
                | Smulh
                | Sqrt
                | SsaddSat
                | Ssadd3Sat
                | Ssdp4a
                | Ssdp4aSat
                | Sudp4a
                | Sudp4aSat
                | Usdp4a
                | Usdp4aSat
                | Uudp4a
                | Uudp4aSat
                | Suadd3Sat
                | Usadd3Sat
                | Uuadd3Sat
                | Bfi
                | Sbfe
                | Ubfe
                | Sfbh
                | Ufbh
                | Rol
                | Ror
                | Ssmul
                | SsmulSat
                | SstruncSat
                | SuaddSat
                | Sumul
                | SutruncSat
                | Umax
                | Umin
                | Umulh
                | UsaddSat
                | Usmul
                | UstruncSat
                | UuaddSat
                | Uumul
                | UumulSat
                | UutruncSat
                | LlvmLog2
                | LlvmMaxnum
                | LlvmMinnum
                | LlvmNearbyint
                | LlvmPow
                | LlvmRint
                | LlvmRound
                | LlvmRoundeven
                | LlvmSaddSat
                | LlvmSin
                | LlvmSmax
                | LlvmSmin
                | LlvmSqrt
                | LlvmSsubSat
                | LlvmTrunc
                | LlvmUaddSat
                | LlvmUmax
                | LlvmUmin
                | LlvmUsubSat
        )
    }

    /// Whether this returns a struct of two values of its operands' type (void in the IR;
    /// `extractvalue` reads the fields): `addc`/`subb` `{carry or borrow, result}`, `add3c`
    /// `{carry, sum}`, `simad`/`uimad` `{high, low}` of `a*b + c`.
    pub fn is_carry(self) -> bool {
        matches!(
            self,
            IntrinsicId::Addc
                | IntrinsicId::Subb
                | IntrinsicId::Add3c
                | IntrinsicId::Simad
                | IntrinsicId::Uimad
        )
    }

    /// The number of operands of an intrinsic of [`Self::is_carry`] (2 for `addc`/`subb`, else 3).
    pub fn carry_arity(self) -> usize {
        if matches!(self, IntrinsicId::Addc | IntrinsicId::Subb) {
            2
        } else {
            3
        }
    }

    /// Whether this is a source modifier: `absf`, `absi` or `llvm.fabs`.
    pub fn is_abs(self) -> bool {
        matches!(self, IntrinsicId::Absf | IntrinsicId::Absi | IntrinsicId::LlvmFabs)
    }

    /// The arithmetic of a `llvm.genx.<r><s><op>[.sat]` intrinsic that selection emits.
    pub fn sat_arith(self) -> Option<SatArith> {
        use IntrinsicId::*;
        let (dst_signed, src_signed, op, sat) = match self {
            SsaddSat => (true, true, SatOp::Add, true),
            Ssavg => (true, true, SatOp::Avg, false),
            SsavgSat => (true, true, SatOp::Avg, true),
            Ssmad => (true, true, SatOp::Mad, false),
            SsmadSat => (true, true, SatOp::Mad, true),
            Ssmul => (true, true, SatOp::Mul, false),
            SsmulSat => (true, true, SatOp::Mul, true),
            Ssshl => (true, true, SatOp::Shl, false),
            SsshlSat => (true, true, SatOp::Shl, true),
            SstruncSat => (true, true, SatOp::Trunc, true),
            SuaddSat => (true, false, SatOp::Add, true),
            Suavg => (true, false, SatOp::Avg, false),
            SuavgSat => (true, false, SatOp::Avg, true),
            Sumad => (true, false, SatOp::Mad, false),
            SumadSat => (true, false, SatOp::Mad, true),
            Sumul => (true, false, SatOp::Mul, false),
            SumulSat => (true, false, SatOp::Mul, true),
            Sushl => (true, false, SatOp::Shl, false),
            SushlSat => (true, false, SatOp::Shl, true),
            SutruncSat => (true, false, SatOp::Trunc, true),
            UsaddSat => (false, true, SatOp::Add, true),
            Usavg => (false, true, SatOp::Avg, false),
            UsavgSat => (false, true, SatOp::Avg, true),
            Usmad => (false, true, SatOp::Mad, false),
            UsmadSat => (false, true, SatOp::Mad, true),
            Usmul => (false, true, SatOp::Mul, false),
            UsmulSat => (false, true, SatOp::Mul, true),
            Usshl => (false, true, SatOp::Shl, false),
            UsshlSat => (false, true, SatOp::Shl, true),
            UstruncSat => (false, true, SatOp::Trunc, true),
            UuaddSat => (false, false, SatOp::Add, true),
            Uuavg => (false, false, SatOp::Avg, false),
            UuavgSat => (false, false, SatOp::Avg, true),
            Uumad => (false, false, SatOp::Mad, false),
            UumadSat => (false, false, SatOp::Mad, true),
            Uumul => (false, false, SatOp::Mul, false),
            UumulSat => (false, false, SatOp::Mul, true),
            Uushl => (false, false, SatOp::Shl, false),
            Ssadd3Sat => (true, true, SatOp::Add3, true),
            Suadd3Sat => (true, false, SatOp::Add3, true),
            Usadd3Sat => (false, true, SatOp::Add3, true),
            Uuadd3Sat => (false, false, SatOp::Add3, true),
            Ssdp4a => (true, true, SatOp::Dp4a, false),
            Ssdp4aSat => (true, true, SatOp::Dp4a, true),
            Sudp4a => (true, false, SatOp::Dp4a, false),
            Sudp4aSat => (true, false, SatOp::Dp4a, true),
            Usdp4a => (false, true, SatOp::Dp4a, false),
            Usdp4aSat => (false, true, SatOp::Dp4a, true),
            Uudp4a => (false, false, SatOp::Dp4a, false),
            Uudp4aSat => (false, false, SatOp::Dp4a, true),
            UushlSat => (false, false, SatOp::Shl, true),
            UutruncSat => (false, false, SatOp::Trunc, true),
            _ => return None,
        };
        Some(SatArith { dst_signed, src_signed, op, sat })
    }

    /// The form and address model of a `llvm.genx.lsc.*` message (not the fence).
    pub fn lsc(self) -> Option<(LscForm, LscModel)> {
        use IntrinsicId::*;
        Some(match self {
            LscAtomicBindless => (LscForm::Atomic, LscModel::Bindless),
            LscAtomicBti => (LscForm::Atomic, LscModel::Bti),
            LscAtomicSlm => (LscForm::Atomic, LscModel::Slm),
            LscAtomicStateless => (LscForm::Atomic, LscModel::Stateless),
            LscLoadBindless => (LscForm::Load, LscModel::Bindless),
            LscLoadBti => (LscForm::Load, LscModel::Bti),
            LscLoadMergeBindless => (LscForm::LoadMerge, LscModel::Bindless),
            LscLoadMergeBti => (LscForm::LoadMerge, LscModel::Bti),
            LscLoadMergeQuadBindless => (LscForm::LoadMergeQuad, LscModel::Bindless),
            LscLoadMergeQuadBti => (LscForm::LoadMergeQuad, LscModel::Bti),
            LscLoadMergeQuadSlm => (LscForm::LoadMergeQuad, LscModel::Slm),
            LscLoadMergeQuadStateless => (LscForm::LoadMergeQuad, LscModel::Stateless),
            LscLoadMergeSlm => (LscForm::LoadMerge, LscModel::Slm),
            LscLoadMergeStateless => (LscForm::LoadMerge, LscModel::Stateless),
            LscLoadQuadBindless => (LscForm::LoadQuad, LscModel::Bindless),
            LscLoadQuadBti => (LscForm::LoadQuad, LscModel::Bti),
            LscLoadQuadSlm => (LscForm::LoadQuad, LscModel::Slm),
            LscLoadQuadStateless => (LscForm::LoadQuad, LscModel::Stateless),
            LscLoadSlm => (LscForm::Load, LscModel::Slm),
            LscLoadStateless => (LscForm::Load, LscModel::Stateless),
            LscLoad2dStateless => (LscForm::Load2d, LscModel::Stateless),
            LscPrefetchBindless => (LscForm::Prefetch, LscModel::Bindless),
            LscPrefetchBti => (LscForm::Prefetch, LscModel::Bti),
            LscPrefetchSlm => (LscForm::Prefetch, LscModel::Slm),
            LscPrefetchStateless => (LscForm::Prefetch, LscModel::Stateless),
            LscPrefetch2dStateless => (LscForm::Prefetch2d, LscModel::Stateless),
            LscStoreBindless => (LscForm::Store, LscModel::Bindless),
            LscStoreBti => (LscForm::Store, LscModel::Bti),
            LscStoreQuadBindless => (LscForm::StoreQuad, LscModel::Bindless),
            LscStoreQuadBti => (LscForm::StoreQuad, LscModel::Bti),
            LscStoreQuadSlm => (LscForm::StoreQuad, LscModel::Slm),
            LscStoreQuadStateless => (LscForm::StoreQuad, LscModel::Stateless),
            LscStoreSlm => (LscForm::Store, LscModel::Slm),
            LscStoreStateless => (LscForm::Store, LscModel::Stateless),
            LscStore2dStateless => (LscForm::Store2d, LscModel::Stateless),
            LscXatomicBindless => (LscForm::XAtomic, LscModel::Bindless),
            LscXatomicBti => (LscForm::XAtomic, LscModel::Bti),
            LscXatomicSlm => (LscForm::XAtomic, LscModel::Slm),
            LscXatomicStateless => (LscForm::XAtomic, LscModel::Stateless),
            _ => return None,
        })
    }

    /// The family and operation of a dword, SVM or typed atomic intrinsic.
    pub fn atomic(self) -> Option<(AtomicFamily, AtomicKind)> {
        use IntrinsicId::*;
        Some(match self {
            DwordAtomicAdd => (AtomicFamily::Dword, AtomicKind::Add),
            DwordAtomicAnd => (AtomicFamily::Dword, AtomicKind::And),
            DwordAtomicCmpxchg => (AtomicFamily::Dword, AtomicKind::Cmpxchg),
            DwordAtomicDec => (AtomicFamily::Dword, AtomicKind::Dec),
            DwordAtomicFadd => (AtomicFamily::Dword, AtomicKind::Fadd),
            DwordAtomicFcmpwr => (AtomicFamily::Dword, AtomicKind::Fcmpwr),
            DwordAtomicFmax => (AtomicFamily::Dword, AtomicKind::Fmax),
            DwordAtomicFmin => (AtomicFamily::Dword, AtomicKind::Fmin),
            DwordAtomicFsub => (AtomicFamily::Dword, AtomicKind::Fsub),
            DwordAtomicImax => (AtomicFamily::Dword, AtomicKind::Imax),
            DwordAtomicImin => (AtomicFamily::Dword, AtomicKind::Imin),
            DwordAtomicInc => (AtomicFamily::Dword, AtomicKind::Inc),
            DwordAtomicMax => (AtomicFamily::Dword, AtomicKind::Max),
            DwordAtomicMin => (AtomicFamily::Dword, AtomicKind::Min),
            DwordAtomicOr => (AtomicFamily::Dword, AtomicKind::Or),
            DwordAtomicSub => (AtomicFamily::Dword, AtomicKind::Sub),
            DwordAtomicXchg => (AtomicFamily::Dword, AtomicKind::Xchg),
            DwordAtomicXor => (AtomicFamily::Dword, AtomicKind::Xor),
            DwordAtomic2Add => (AtomicFamily::Dword2, AtomicKind::Add),
            DwordAtomic2And => (AtomicFamily::Dword2, AtomicKind::And),
            DwordAtomic2Cmpxchg => (AtomicFamily::Dword2, AtomicKind::Cmpxchg),
            DwordAtomic2Dec => (AtomicFamily::Dword2, AtomicKind::Dec),
            DwordAtomic2Fadd => (AtomicFamily::Dword2, AtomicKind::Fadd),
            DwordAtomic2Fcmpwr => (AtomicFamily::Dword2, AtomicKind::Fcmpwr),
            DwordAtomic2Fmax => (AtomicFamily::Dword2, AtomicKind::Fmax),
            DwordAtomic2Fmin => (AtomicFamily::Dword2, AtomicKind::Fmin),
            DwordAtomic2Fsub => (AtomicFamily::Dword2, AtomicKind::Fsub),
            DwordAtomic2Imax => (AtomicFamily::Dword2, AtomicKind::Imax),
            DwordAtomic2Imin => (AtomicFamily::Dword2, AtomicKind::Imin),
            DwordAtomic2Inc => (AtomicFamily::Dword2, AtomicKind::Inc),
            DwordAtomic2Max => (AtomicFamily::Dword2, AtomicKind::Max),
            DwordAtomic2Min => (AtomicFamily::Dword2, AtomicKind::Min),
            DwordAtomic2Or => (AtomicFamily::Dword2, AtomicKind::Or),
            DwordAtomic2Sub => (AtomicFamily::Dword2, AtomicKind::Sub),
            DwordAtomic2Xchg => (AtomicFamily::Dword2, AtomicKind::Xchg),
            DwordAtomic2Xor => (AtomicFamily::Dword2, AtomicKind::Xor),
            SvmAtomicAdd => (AtomicFamily::Svm, AtomicKind::Add),
            SvmAtomicAnd => (AtomicFamily::Svm, AtomicKind::And),
            SvmAtomicCmpxchg => (AtomicFamily::Svm, AtomicKind::Cmpxchg),
            SvmAtomicDec => (AtomicFamily::Svm, AtomicKind::Dec),
            SvmAtomicFcmpwr => (AtomicFamily::Svm, AtomicKind::Fcmpwr),
            SvmAtomicFmax => (AtomicFamily::Svm, AtomicKind::Fmax),
            SvmAtomicFmin => (AtomicFamily::Svm, AtomicKind::Fmin),
            SvmAtomicImax => (AtomicFamily::Svm, AtomicKind::Imax),
            SvmAtomicImin => (AtomicFamily::Svm, AtomicKind::Imin),
            SvmAtomicInc => (AtomicFamily::Svm, AtomicKind::Inc),
            SvmAtomicMax => (AtomicFamily::Svm, AtomicKind::Max),
            SvmAtomicMin => (AtomicFamily::Svm, AtomicKind::Min),
            SvmAtomicOr => (AtomicFamily::Svm, AtomicKind::Or),
            SvmAtomicSub => (AtomicFamily::Svm, AtomicKind::Sub),
            SvmAtomicXchg => (AtomicFamily::Svm, AtomicKind::Xchg),
            SvmAtomicXor => (AtomicFamily::Svm, AtomicKind::Xor),
            TypedAtomicAdd => (AtomicFamily::Typed, AtomicKind::Add),
            TypedAtomicAnd => (AtomicFamily::Typed, AtomicKind::And),
            TypedAtomicCmpxchg => (AtomicFamily::Typed, AtomicKind::Cmpxchg),
            TypedAtomicDec => (AtomicFamily::Typed, AtomicKind::Dec),
            TypedAtomicFadd => (AtomicFamily::Typed, AtomicKind::Fadd),
            TypedAtomicFcmpwr => (AtomicFamily::Typed, AtomicKind::Fcmpwr),
            TypedAtomicFmax => (AtomicFamily::Typed, AtomicKind::Fmax),
            TypedAtomicFmin => (AtomicFamily::Typed, AtomicKind::Fmin),
            TypedAtomicFsub => (AtomicFamily::Typed, AtomicKind::Fsub),
            TypedAtomicImax => (AtomicFamily::Typed, AtomicKind::Imax),
            TypedAtomicImin => (AtomicFamily::Typed, AtomicKind::Imin),
            TypedAtomicInc => (AtomicFamily::Typed, AtomicKind::Inc),
            TypedAtomicMax => (AtomicFamily::Typed, AtomicKind::Max),
            TypedAtomicMin => (AtomicFamily::Typed, AtomicKind::Min),
            TypedAtomicOr => (AtomicFamily::Typed, AtomicKind::Or),
            TypedAtomicSub => (AtomicFamily::Typed, AtomicKind::Sub),
            TypedAtomicXchg => (AtomicFamily::Typed, AtomicKind::Xchg),
            TypedAtomicXor => (AtomicFamily::Typed, AtomicKind::Xor),
            _ => return None,
        })
    }

    /// The form of a raw send intrinsic.
    pub fn raw_send(self) -> Option<RawSendForm> {
        use IntrinsicId::*;
        let (split, explicit, noresult) = match self {
            RawSend => (false, false, false),
            RawSendNoresult => (false, false, true),
            RawSend2 => (false, true, false),
            RawSend2Noresult => (false, true, true),
            RawSends => (true, false, false),
            RawSendsNoresult => (true, false, true),
            RawSends2 => (true, true, false),
            RawSends2Noresult => (true, true, true),
            _ => return None,
        };
        Some(RawSendForm { split, explicit, noresult })
    }
}

/// Whether one `.`-separated piece of a name is an LLVM overload type mangling
/// (`i32`, `f16`, `v32f32`, `v8i1`, `p0i8`, `p1`, `bf16`).
fn is_type_mangling(piece: &str) -> bool {
    fn scalar(s: &str) -> bool {
        match s.as_bytes().first() {
            Some(b'i') => s.len() > 1 && s[1..].bytes().all(|b| b.is_ascii_digit()),
            Some(b'f') => matches!(s, "f16" | "f32" | "f64"),
            Some(b'b') => s == "bf16",
            _ => false,
        }
    }
    if let Some(rest) = piece.strip_prefix('v') {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        return digits > 0 && scalar(&rest[digits..]);
    }
    if let Some(rest) = piece.strip_prefix('p') {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        return digits > 0 && (digits == rest.len() || scalar(&rest[digits..]));
    }
    scalar(piece)
}

/// Whether `rest`, what follows an intrinsic's base name in a full callee name, is nothing or its
/// overload type manglings (`.v8i32.i1`): the full name is then that intrinsic's.
pub fn is_overload_suffix(rest: &str) -> bool {
    rest.is_empty() || rest.strip_prefix('.').is_some_and(|r| r.split('.').all(is_type_mangling))
}

/// Finds a known intrinsic from a full callee name, overload suffixes included.
pub fn lookup(name: &str) -> Option<IntrinsicId> {
    // Try every prefix that ends at a '.', longest first.
    let mut end = name.len();
    loop {
        let base = &name[..end];
        if let Ok(i) = NAMES.binary_search(&base) {
            if is_overload_suffix(&name[end..]) {
                return Some(ALL[i]);
            }
        }
        end = name[..end].rfind('.')?;
    }
}

/// Whether a callee name is an LLVM intrinsic that import drops.
pub fn is_ignored(name: &str) -> bool {
    IGNORED_LLVM
        .iter()
        .any(|base| name == *base || name.strip_prefix(base).is_some_and(|r| r.starts_with('.')))
}

impl OperandKind {
    /// Whether a value of type `t` is of this kind, in a call with result type `result` and
    /// operand types `operands`.
    fn admits(self, t: Type, result: Type, operands: &[Type]) -> bool {
        let e = t.elem();
        match self {
            OperandKind::Void => t == Type::Void,
            OperandKind::Any => t != Type::Void,
            OperandKind::Int => e.is_some_and(|e| !e.is_float()),
            OperandKind::Float => e.is_some_and(Elem::is_float),
            OperandKind::Num => e.is_some_and(|e| e != Elem::I1),
            OperandKind::Bool => e == Some(Elem::I1),
            OperandKind::I32 => t == Type::Scalar(Elem::I32),
            OperandKind::I64 => t == Type::Scalar(Elem::I64),
            OperandKind::IntScalar => matches!(t, Type::Scalar(e) if !e.is_float()),
            OperandKind::Vec3 => e.is_some() && t.num_elems() == 3,
            OperandKind::SameAsResult => t == result,
            OperandKind::SameAs(k) => operands.get(usize::from(k)) == Some(&t),
        }
    }

    /// How diagnostics say what this kind is (`an i32 scalar`).
    fn describe(self, result: Type, operands: &[Type]) -> String {
        match self {
            OperandKind::Void => "void".into(),
            OperandKind::Any => "a value".into(),
            OperandKind::Int => "an integer or a vector of integers".into(),
            OperandKind::Float => "a floating-point value or vector".into(),
            OperandKind::Num => "an integer or floating-point value or vector (not i1)".into(),
            OperandKind::Bool => "i1 or a vector of i1".into(),
            OperandKind::I32 => "an i32 scalar".into(),
            OperandKind::I64 => "an i64 scalar".into(),
            OperandKind::IntScalar => "an integer scalar".into(),
            OperandKind::Vec3 => "a vector of 3 elements".into(),
            OperandKind::SameAsResult => format!("{result} like the result"),
            OperandKind::SameAs(k) => match operands.get(usize::from(k)) {
                Some(t) => format!("{t} like operand {k}"),
                None => format!("of the type of operand {k}"),
            },
        }
    }

    /// How diagnostics say what a result of this kind is (`i32`).
    fn describe_result(self, result: Type, operands: &[Type]) -> String {
        match self {
            OperandKind::I32 => "i32".into(),
            OperandKind::Void => "void".into(),
            other => other.describe(result, operands),
        }
    }
}

/// Checks a call of `id` with result type `result`, operand types `operands` and, per operand,
/// whether it is a constant, against the intrinsic's signature: the operand count, the result and
/// operand kinds and the constant operands. Says what is wrong, in the words of the diagnostics
/// (`llvm.genx.oword.ld takes 3 operands, found 2`).
pub fn check_call(id: IntrinsicId, result: Type, operands: &[Type], constant: &[bool]) -> Result<(), String> {
    let Signature::Checked { result: want, operands: ops } = id.signature() else { return Ok(()) };
    let name = id.name();
    if operands.len() != ops.len() {
        return Err(format!("{name} takes {} operands, found {}", ops.len(), operands.len()));
    }
    if !want.admits(result, result, operands) {
        return Err(format!("{name} returns {}, not {result}", want.describe_result(result, operands)));
    }
    for (i, (op, &t)) in ops.iter().zip(operands).enumerate() {
        if !op.kind.admits(t, result, operands) {
            return Err(format!("{name}: the {} must be {}", op.role, op.kind.describe(result, operands)));
        }
        if op.constant && !constant.get(i).copied().unwrap_or(false) {
            return Err(format!("{name}: the {} must be a constant", op.role));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_unique() {
        assert!(NAMES.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(NAMES.len(), ALL.len());
        assert_eq!(SIGNATURES.len(), ALL.len());
        assert!(ALL.iter().enumerate().all(|(i, id)| *id as usize == i));
    }

    #[test]
    fn lookup_round_trips_every_name() {
        for &id in ALL {
            assert_eq!(lookup(id.name()), Some(id), "{}", id.name());
            assert_eq!(lookup(&format!("{}.v16i32.i1", id.name())), Some(id), "{}", id.name());
            assert!(id.name().starts_with("llvm."));
            assert_eq!(id.is_genx(), id.name().starts_with("llvm.genx."));
        }
        assert_eq!(lookup("llvm.genx.oword.ld.v8i32"), Some(IntrinsicId::OwordLd));
        assert_eq!(lookup("llvm.smax.v8i32"), Some(IntrinsicId::LlvmSmax));
        assert_eq!(lookup("llvm.genx.smax.v8i32.v8i32"), Some(IntrinsicId::Smax));
    }

    #[test]
    fn operand_roles_are_named_and_references_point_back() {
        for &id in ALL {
            let Signature::Checked { operands, .. } = id.signature() else { continue };
            for (i, op) in operands.iter().enumerate() {
                assert!(!op.role.is_empty(), "{}", id.name());
                if let OperandKind::SameAs(k) = op.kind {
                    assert!(usize::from(k) < i, "{} operand {i}", id.name());
                }
            }
        }
    }

    #[test]
    fn signatures_accept_and_reject() {
        let v8f = Type::Vector(Elem::Float, 8);
        let i32s = Type::Scalar(Elem::I32);
        let i16s = Type::Scalar(Elem::I16);
        // oword.ld: is_modified, surface, offset
        assert_eq!(check_call(IntrinsicId::OwordLd, v8f, &[i32s, i32s, i32s], &[true, false, false]), Ok(()));
        assert_eq!(
            check_call(IntrinsicId::OwordLd, v8f, &[i32s, i32s], &[true, false]),
            Err("llvm.genx.oword.ld takes 3 operands, found 2".into())
        );
        assert_eq!(
            check_call(IntrinsicId::OwordLd, v8f, &[i32s, i32s, i16s], &[true, false, false]),
            Err("llvm.genx.oword.ld: the offset must be an i32 scalar".into())
        );
        assert_eq!(
            check_call(IntrinsicId::GroupIdY, i16s, &[], &[]),
            Err("llvm.genx.group.id.y returns i32, not i16".into())
        );
        // element kinds: a float operation on integers, operands of the result's type
        assert_eq!(check_call(IntrinsicId::LlvmFma, v8f, &[v8f, v8f, v8f], &[false; 3]), Ok(()));
        let v8i = Type::Vector(Elem::I32, 8);
        assert_eq!(
            check_call(IntrinsicId::Inv, v8i, &[v8i], &[false]),
            Err("llvm.genx.inv returns a floating-point value or vector, not <8 x i32>".into())
        );
        assert_eq!(
            check_call(IntrinsicId::LlvmFma, v8f, &[v8f, v8i, v8f], &[false; 3]),
            Err("llvm.fma: the second source must be <8 x float> like the result".into())
        );
        assert!(check_call(IntrinsicId::SsaddSat, v8i, &[v8f, v8f], &[false; 2]).is_err());
        // constant operands
        let i8s = Type::Scalar(Elem::I8);
        let v1 = Type::Vector(Elem::I1, 1);
        assert_eq!(
            check_call(IntrinsicId::LscFence, Type::Void, &[v1, i8s, i8s, i8s], &[false, true, true, false]),
            Err("llvm.genx.lsc.fence: the scope must be a constant".into())
        );
        // unchecked intrinsics accept anything
        assert_eq!(IntrinsicId::Va1dConvolveHorizontal.signature(), Signature::Unchecked);
        assert_eq!(check_call(IntrinsicId::Va1dConvolveHorizontal, v8f, &[], &[]), Ok(()));
    }

    #[test]
    fn finds_the_longest_base_name() {
        assert_eq!(lookup("llvm.genx.oword.ld.v32f32").unwrap().name(), "llvm.genx.oword.ld");
        assert_eq!(
            lookup("llvm.genx.oword.ld.unaligned.v8i32").unwrap().name(),
            "llvm.genx.oword.ld.unaligned"
        );
        assert_eq!(lookup("llvm.genx.group.id.x").unwrap().short_name(), "group.id.x");
        assert_eq!(lookup("llvm.genx.wrregioni.v32i32.v16i32.i16.i1").unwrap().name(), "llvm.genx.wrregioni");
        assert_eq!(lookup("llvm.fma.v16f32").unwrap().name(), "llvm.fma");
        assert!(!lookup("llvm.fma.f32").unwrap().is_genx());
        assert!(lookup("llvm.genx.oword.ld.bogus").is_none());
        assert!(lookup("llvm.genx.frobnicate").is_none());
        assert!(lookup("llvm.genx").is_none());
        assert!(lookup("").is_none());
    }

    #[test]
    fn manglings() {
        for ok in ["i1", "i16", "f32", "v32f32", "v8i1", "p0i8", "p1", "bf16"] {
            assert!(is_type_mangling(ok), "{ok}");
        }
        for bad in ["", "v", "x32", "f8", "vf32", "bogus"] {
            assert!(!is_type_mangling(bad), "{bad}");
        }
        for ok in ["", ".v8i32", ".i1.v8i32", ".v16f32.p0i8", ".f16"] {
            assert!(is_overload_suffix(ok), "{ok}");
        }
        // a longer intrinsic name
        for bad in [".noresult.i1.v8i32", "2.noresult", "_clone", "."] {
            assert!(!is_overload_suffix(bad), "{bad}");
        }
        assert!(is_ignored("llvm.lifetime.start.p0i8"));
        assert!(!is_ignored("llvm.lifetime.starts"));
    }
}
