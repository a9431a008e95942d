//! The instructions of the vISA kernel model ([`crate::model`] re-exports them): [`Inst`], one
//! variant per vISA instruction form the back end emits, with the ALU and comparison opcodes,
//! the element precisions of `dpas` and the pieces of a verbatim (inline assembly) instruction.
//! Mnemonics, opcodes and source counts are tables in [`crate::target`].

use crate::model::*;

/// The element precision of a `dpas` matrix operand (its `W` and `A` fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precision {
    /// Unsigned 1-bit.
    U1,
    /// Signed 1-bit.
    S1,
    /// Unsigned 2-bit.
    U2,
    /// Signed 2-bit.
    S2,
    /// Unsigned 4-bit.
    U4,
    /// Signed 4-bit.
    S4,
    /// Unsigned 8-bit.
    U8,
    /// Signed 8-bit.
    S8,
    /// bfloat16 (1-8-7).
    BF,
    /// IEEE half (1-5-10).
    HF,
    /// TensorFloat-32 (1-8-10, held in a dword).
    TF32,
}

impl Precision {
    /// Every precision, in code order (codes 1..=10 and 12; 11 is bfloat8, not modeled).
    pub const ALL: [Precision; 11] = [
        Precision::U1,
        Precision::S1,
        Precision::U2,
        Precision::S2,
        Precision::U4,
        Precision::S4,
        Precision::U8,
        Precision::S8,
        Precision::BF,
        Precision::HF,
        Precision::TF32,
    ];

    /// The binary code (also the value the `llvm.genx.dpas*` operation fields carry).
    /// vISA's `GenPrecision` numbering: u1 = 1 .. hf = 10, then bf8 = 11 and tf32 = 12.
    pub fn code(self) -> u8 {
        match self {
            Precision::TF32 => 12,
            p => Precision::ALL.iter().position(|q| *q == p).map_or(0, |i| i as u8 + 1),
        }
    }

    /// The precision of binary code `c`.
    pub fn from_code(c: u8) -> Option<Precision> {
        Precision::ALL.iter().copied().find(|p| p.code() == c)
    }

    /// The text spelling.
    pub fn text(self) -> &'static str {
        use Precision::*;
        match self {
            U1 => "u1",
            S1 => "s1",
            U2 => "u2",
            S2 => "s2",
            U4 => "u4",
            S4 => "s4",
            U8 => "u8",
            S8 => "s8",
            BF => "bf",
            HF => "hf",
            TF32 => "tf32",
        }
    }

    /// The precision spelled `t`.
    pub fn from_text(t: &str) -> Option<Precision> {
        Precision::ALL.into_iter().find(|p| p.text() == t)
    }

    /// Bits of one element (a tf32 element occupies a dword).
    pub fn bits(self) -> u32 {
        use Precision::*;
        match self {
            U1 | S1 => 1,
            U2 | S2 => 2,
            U4 | S4 => 4,
            U8 | S8 => 8,
            BF | HF => 16,
            TF32 => 32,
        }
    }

    /// Whether the elements are floating point.
    pub fn is_float(self) -> bool {
        matches!(self, Precision::BF | Precision::HF | Precision::TF32)
    }

    /// Whether the elements are signed integers.
    pub fn is_signed_int(self) -> bool {
        use Precision::*;
        matches!(self, S1 | S2 | S4 | S8)
    }
}

/// The number of products one dword channel of `dpas` sums per systolic stage for matrix
/// precisions `w` and `a` (`OPS_PER_CHAN`): 1 for tf32, 2 for 16-bit floats, 4 when either
/// integer input is 8-bit, else 8.
pub fn dpas_ops_per_chan(w: Precision, a: Precision) -> u32 {
    if w == Precision::TF32 {
        1
    } else if w.is_float() {
        2
    } else if w.bits() == 8 || a.bits() == 8 {
        4
    } else {
        8
    }
}

/// ALU opcodes sharing the form `[P] op[.sat] S dst src0 [src1 [src2 [src3]]]`; mnemonics, opcodes
/// and source counts in [`crate::target::ALU_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AluOp {
    /// add.
    Add,
    /// avg.
    Avg,
    /// div.
    Div,
    /// exp (base 2).
    Exp,
    /// frc.
    Frc,
    /// log (base 2).
    Log,
    /// mad: src0*src1+src2.
    Mad,
    /// mulh.
    Mulh,
    /// mod.
    Mod,
    /// mul.
    Mul,
    /// pow.
    Pow,
    /// rndd.
    Rndd,
    /// rndu.
    Rndu,
    /// rnde.
    Rnde,
    /// rndz.
    Rndz,
    /// sin.
    Sin,
    /// cos.
    Cos,
    /// sqrt.
    Sqrt,
    /// rsqrt.
    Rsqrt,
    /// inv.
    Inv,
    /// lzd.
    Lzd,
    /// and.
    And,
    /// or.
    Or,
    /// xor.
    Xor,
    /// not.
    Not,
    /// shl.
    Shl,
    /// shr.
    Shr,
    /// asr.
    Asr,
    /// cbit.
    Cbit,
    /// mov.
    Mov,
    /// sel: pred ? src0 : src1.
    Sel,
    /// fbl.
    Fbl,
    /// fbh.
    Fbh,
    /// bfe width offset src.
    Bfe,
    /// bfi width offset src1 src2.
    Bfi,
    /// bfrev.
    Bfrev,
    /// sqrtm (IEEE).
    Sqrtm,
    /// divm (IEEE).
    Divm,
    /// rol.
    Rol,
    /// ror.
    Ror,
    /// dp4a.
    Dp4a,
    /// add3.
    Add3,
    /// madw (32x32+32 -> 64, lo/hi halves in dst).
    Madw,
    /// fcvt: the float conversions `mov` has no type for: `f` to and from tf32 (held as `ud`),
    /// `hf` to and from bf8 (E5M2, held as `ub`). Xe-HPC.
    Fcvt,
    /// srnd: stochastic rounding of src0 (`f` to `hf`, `hf` to bf8 as `ub`) with the random bits
    /// of src1 added below the kept mantissa. Xe-HPC.
    Srnd,
    /// dp2: per group of 4 lanes, `s0.x*s1.x + s0.y*s1.y` in every lane. Gen9 only.
    Dp2,
    /// dp3: per group of 4 lanes, the dot product of the first 3 in every lane. Gen9 only.
    Dp3,
    /// dp4: per group of 4 lanes, the dot product of the 4 in every lane. Gen9 only.
    Dp4,
    /// dph: per group of 4 lanes, `s0.x*s1.x + s0.y*s1.y + s0.z*s1.z + s1.w`. Gen9 only.
    Dph,
    /// lrp: `src1*src0 + src2*(1 - src0)`. Gen9 only.
    Lrp,
    /// sad2: per pair of byte lanes, `|s0[i]-s1[i]| + |s0[i+1]-s1[i+1]|` in the first. Gen9 only.
    Sad2,
    /// sad2add: sad2 plus src2 in the first lane of each pair. Gen9 only.
    Sad2add,
    /// line: `src0.x * src1 + src0.w`, src0 a group of 4 read `<0;4,1>`. Gen9 only.
    Line,
    /// plane: `src0.x * u + src0.y * v + src0.w`, u and v the halves of each 16 floats of src1
    /// (src0 16-byte and src1 GRF aligned, their regions ignored); `pln` on Gen9, two `mad`s
    /// from the finalizer elsewhere.
    Plane,
}

/// Comparison relation of `cmp`; spellings and codes in [`crate::target::CMP_OPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// ==.
    Eq,
    /// !=.
    Ne,
    /// >.
    Gt,
    /// >=.
    Ge,
    /// <.
    Lt,
    /// <=.
    Le,
}

/// Destination of `cmp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpDst {
    /// A predicate.
    Pred(PredId),
    /// A general variable (all ones / zero per lane).
    Gen(Dst),
}

/// One vISA instruction (or label).
#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    /// A block label `NAME:`.
    Label(LabelId),
    /// Start of a further subroutine `.function "NAME"` (not for the entry label 0).
    Subroutine(LabelId),
    /// ALU instruction of the common form.
    Alu {
        /// Opcode.
        op: AluOp,
        /// Predicate.
        pred: Option<Pred>,
        /// `.sat`.
        sat: bool,
        /// Exec size / mask.
        exec: Exec,
        /// Destination.
        dst: DstOp,
        /// Sources (`op.num_srcs()` of them).
        srcs: Vec<SrcOp>,
    },
    /// `bfn.xHH`: a boolean function of three sources, bit by bit: bit `i` of `func` is the
    /// result for source bits (src0, src1, src2) = the bits of `i` from high to low (so src0 is
    /// `0xF0`, src1 `0xCC`, src2 `0xAA`). Xe-HP and later.
    Bfn {
        /// The truth table.
        func: u8,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec size / mask.
        exec: Exec,
        /// Destination.
        dst: DstOp,
        /// The three sources.
        srcs: Vec<SrcOp>,
    },
    /// `dpas.W.A.SD.RC` / `dpasw`: the systolic matrix multiply-add `dst = src0 + src2 x src1` of
    /// the matrix engine (XMX). `src1` (B, K x N, packed by dwords along K) and `src2` (A, RC x K,
    /// row-major) hold elements of precision `w` and `a`; `src0` (C, `%null` for zero) and `dst`
    /// are RC x N of dwords (D/UD/F). N is the execution size (8 on DG2, 16 on PVC). Xe-HP and later.
    Dpas {
        /// `dpasw` (the wide form, which shares src1 between two threads) rather than `dpas`.
        wide: bool,
        /// Exec size / mask (the size is N).
        exec: Exec,
        /// Destination (GRF aligned).
        dst: Raw,
        /// Accumulator (`%null` for zero).
        src0: Raw,
        /// Matrix B, of precision `w`.
        src1: Raw,
        /// Matrix A, of precision `a` (written `V(row,col)`; the region is not used).
        src2: Src,
        /// Precision of src1 (`W`).
        w: Precision,
        /// Precision of src2 (`A`).
        a: Precision,
        /// Systolic depth (8 on Xe-HP and later).
        depth: u8,
        /// Repeat count: the rows of dst (1..=8).
        repeat: u8,
    },
    /// `addc`/`subb`: dst = src0 +/- src1, carry/borrow out in `carry`.
    AddcSubb {
        /// true = subb.
        sub: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Result.
        dst: Dst,
        /// Carry/borrow out.
        carry: Dst,
        /// src0.
        src0: SrcOp,
        /// src1.
        src1: SrcOp,
    },
    /// `min`/`max` (no predicate).
    MinMax {
        /// true = max.
        max: bool,
        /// `.sat`.
        sat: bool,
        /// Exec.
        exec: Exec,
        /// Destination.
        dst: DstOp,
        /// src0.
        src0: SrcOp,
        /// src1.
        src1: SrcOp,
    },
    /// `cmp.rel` (never predicated).
    Cmp {
        /// Relation.
        rel: CmpOp,
        /// Exec.
        exec: Exec,
        /// Predicate or general destination.
        dst: CmpDst,
        /// src0.
        src0: SrcOp,
        /// src1.
        src1: SrcOp,
    },
    /// `setp S P src`.
    Setp {
        /// Exec.
        exec: Exec,
        /// Predicate written.
        dst: PredId,
        /// Bits (scalar/imm) or LSB per lane (vector).
        src: SrcOp,
    },
    /// `movs S T(0) src`: sets a surface variable to a binding-table index.
    Movs {
        /// Exec.
        exec: Exec,
        /// Surface written.
        dst: SurfaceId,
        /// The index (a ud immediate or scalar).
        src: SrcOp,
    },
    /// `movs S S(0) src`: sets a sampler variable to a sampler-state index.
    MovsSampler {
        /// Exec.
        exec: Exec,
        /// Sampler written.
        dst: SamplerId,
        /// The index (a ud immediate or scalar).
        src: SrcOp,
    },
    /// `addr_add S A(i)<w> &var[off] src1`.
    AddrAdd {
        /// Exec.
        exec: Exec,
        /// Address destination.
        dst: AddrOpnd,
        /// Variable whose GRF address is taken.
        base: VarId,
        /// Constant byte offset on the base (multiple of the base's element size).
        base_offset: u16,
        /// Added offset (uw).
        src1: SrcOp,
    },
    /// `[P] jmp S L` (uniform).
    Jmp {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Target.
        target: LabelId,
    },
    /// `[P] goto S L` (divergent).
    Goto {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Target.
        target: LabelId,
    },
    /// `[P] call S SUB`.
    Call {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Subroutine label.
        target: LabelId,
    },
    /// `[P] ret S` (end of thread in the entry subroutine).
    Ret {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
    },
    /// `[P] fcall S NAME ARG_GRFS RET_GRFS`: stack call of the `.global_function` NAME.
    FCall {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// The callee's name (a `.global_function` of the same file, or an external one).
        function: String,
        /// GRFs of `%arg` passed to the callee.
        arg_size: u8,
        /// GRFs of `%retval` returned by the callee.
        ret_size: u8,
    },
    /// `LOC n`: the source line of the instructions that follow (debug information; the
    /// finalizer carries it onto the Gen code it makes of them).
    Loc(u32),
    /// `FILE "name"`: the source file of the `LOC` lines that follow.
    File(String),
    /// Inline assembly: vISA text written verbatim, with operands (variables genxc allocated)
    /// substituted where the template names them. Only the text form can carry it.
    Verbatim {
        /// Literal text and operands, in order.
        pieces: Vec<VerbatimPiece>,
    },
    /// `faddr NAME dst`: the address of function NAME (a `.global_function` of the same file, or
    /// an external symbol the linker resolves: a relocation) into a 64-bit scalar.
    FAddr {
        /// The function's name.
        function: String,
        /// Destination (a `uq`/`q` scalar).
        dst: DstOp,
    },
    /// `[P] ifcall S addr ARG_GRFS RET_GRFS`: stack call of the function whose address is `addr`.
    IFCall {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// The function's address (a 64-bit scalar written by `faddr`).
        addr: SrcOp,
        /// GRFs of `%arg` passed to the callee.
        arg_size: u8,
        /// GRFs of `%retval` returned by the callee.
        ret_size: u8,
    },
    /// `[P] fret S`: return from a `.global_function`.
    FRet {
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
    },
    /// `switchjmp (M1_NM,1) idx (L0, L1, ...)`.
    SwitchJmp {
        /// Exec.
        exec: Exec,
        /// Index (ub scalar).
        index: SrcOp,
        /// Targets.
        targets: Vec<LabelId>,
    },
    /// `oword_ld[_unaligned] (N) T off dst.0`.
    OwordLd {
        /// Owords.
        size: Owords,
        /// `oword_ld_unaligned` (offset in bytes) instead of `oword_ld` (offset in owords).
        unaligned: bool,
        /// Surface.
        surface: SurfaceId,
        /// Offset (ud scalar).
        offset: SrcOp,
        /// Destination.
        dst: Raw,
    },
    /// `oword_st (N) T off src.0`.
    OwordSt {
        /// Owords.
        size: Owords,
        /// Surface.
        surface: SurfaceId,
        /// Offset in owords.
        offset: SrcOp,
        /// Data.
        src: Raw,
    },
    /// `media_ld.mod (W,H) T plane x y dst.0`.
    MediaLd {
        /// Modifier.
        modifier: MediaMod,
        /// Surface.
        surface: SurfaceId,
        /// Plane.
        plane: u8,
        /// Block width in bytes.
        width: u8,
        /// Block height in rows.
        height: u8,
        /// x (bytes).
        x: SrcOp,
        /// y (rows).
        y: SrcOp,
        /// Destination.
        dst: Raw,
    },
    /// `media_st.mod (W,H) T plane x y src.0`.
    MediaSt {
        /// Modifier (NoMod, Top, Bottom).
        modifier: MediaMod,
        /// Surface.
        surface: SurfaceId,
        /// Plane.
        plane: u8,
        /// Width in bytes.
        width: u8,
        /// Height in rows.
        height: u8,
        /// x.
        x: SrcOp,
        /// y.
        y: SrcOp,
        /// Data.
        src: Raw,
    },
    /// Legacy element-indexed `gather.<elt>` / `scatter.<elt>` (exec 8 or 16, 1 with NoMask).
    Gather {
        /// scatter instead of gather.
        store: bool,
        /// Element size in bytes (1, 2, 4).
        elt_size: u8,
        /// Exec.
        exec: Exec,
        /// Surface.
        surface: SurfaceId,
        /// Global offset (elements, ud).
        global_offset: SrcOp,
        /// Per-lane element offsets.
        offsets: Raw,
        /// Data.
        data: Raw,
    },
    /// `[P] gather_scaled.N` / `scatter_scaled.N` (byte offsets, N bytes per lane).
    Scaled {
        /// scatter_scaled instead of gather_scaled.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Bytes per lane.
        blocks: ScaledBlocks,
        /// Surface.
        surface: SurfaceId,
        /// Global byte offset.
        global_offset: SrcOp,
        /// Per-lane byte offsets.
        offsets: Raw,
        /// Data.
        data: Raw,
    },
    /// `[P] gather4_scaled.CH` / `scatter4_scaled.CH`.
    Scaled4 {
        /// scatter4_scaled instead of gather4_scaled.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Channels.
        channels: Channels,
        /// Surface.
        surface: SurfaceId,
        /// Global byte offset.
        global_offset: SrcOp,
        /// Per-lane byte offsets.
        offsets: Raw,
        /// Data (SoA).
        data: Raw,
    },
    /// `[P] gather4_typed.CH` / `scatter4_typed.CH`.
    Typed4 {
        /// scatter4_typed instead of gather4_typed.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Channels.
        channels: Channels,
        /// Surface.
        surface: SurfaceId,
        /// u coordinates.
        u: Raw,
        /// v coordinates (or NULL).
        v: Raw,
        /// r coordinates (or NULL).
        r: Raw,
        /// lod (or NULL).
        lod: Raw,
        /// Data.
        data: Raw,
    },
    /// `svm_block_ld (N) addr dst.0` / `svm_block_st (N) addr src.0`.
    SvmBlock {
        /// store instead of load.
        store: bool,
        /// Owords.
        size: Owords,
        /// uq scalar address.
        address: SrcOp,
        /// Data.
        data: Raw,
    },
    /// `[P] svm_gather.<blk>.<n>` / `svm_scatter.<blk>.<n>`.
    SvmScatter {
        /// scatter instead of gather.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Block size.
        block: SvmBlock,
        /// Blocks per lane: 1, 2, 4, 8.
        num_blocks: u8,
        /// Per-lane uq addresses.
        addresses: Raw,
        /// Data.
        data: Raw,
    },
    /// `[P] dword_atomic.op[.16] S T offsets src0 src1 dst`.
    DwordAtomic {
        /// Operation.
        op: AtomicOp,
        /// 16-bit variant.
        half: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Surface.
        surface: SurfaceId,
        /// Byte offsets.
        offsets: Raw,
        /// Source 0 (or NULL).
        src0: Raw,
        /// Source 1 (or NULL).
        src1: Raw,
        /// Old values (or NULL).
        dst: Raw,
    },
    /// `[P] svm_gather4scaled.CH` / `svm_scatter4scaled.CH`: a uq base plus per-lane uq offsets.
    SvmScaled4 {
        /// svm_scatter4scaled instead of svm_gather4scaled.
        store: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Channels.
        channels: Channels,
        /// uq scalar base address.
        base: SrcOp,
        /// Per-lane uq byte offsets.
        offsets: Raw,
        /// Data (SoA).
        data: Raw,
    },
    /// `[P] svm_atomic.op[.16|.64] S addresses dst src0 src1` (A64 atomics).
    SvmAtomic {
        /// Operation.
        op: AtomicOp,
        /// Data width in bits: 16, 32 or 64.
        bits: u8,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Per-lane uq addresses.
        addresses: Raw,
        /// Source 0 (or NULL).
        src0: Raw,
        /// Source 1 (or NULL).
        src1: Raw,
        /// Old values (or NULL).
        dst: Raw,
    },
    /// `[P] typed_atomic.op[.16] S T u v r lod src0 src1 dst`.
    TypedAtomic {
        /// Operation.
        op: AtomicOp,
        /// 16-bit variant.
        half: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Surface.
        surface: SurfaceId,
        /// u coordinates.
        u: Raw,
        /// v coordinates (or NULL).
        v: Raw,
        /// r coordinates (or NULL).
        r: Raw,
        /// lod (or NULL).
        lod: Raw,
        /// Source 0 (or NULL).
        src0: Raw,
        /// Source 1 (or NULL).
        src1: Raw,
        /// Old values (or NULL).
        dst: Raw,
    },
    /// `sample.CH (N) S T u v r dst`: the sampler unit filters surface `T` with sampler state
    /// `S` at normalized float coordinates (SIMD8 or SIMD16; no predicate).
    Sample {
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// Exec: size 8 or 16, mask M1.
        exec: Exec,
        /// Sampler state.
        sampler: SamplerId,
        /// Surface (image).
        surface: SurfaceId,
        /// u coordinates (f).
        u: Raw,
        /// v coordinates (f, or NULL).
        v: Raw,
        /// r coordinates (f, or NULL).
        r: Raw,
        /// Result.
        dst: Raw,
    },
    /// `sample_unorm.CH.FORMAT S T u v du dv dst`: the sampler unit filters 32 pixels of the UNORM
    /// surface `T` with sampler state `S`, from normalized (u, v) in steps of du across and dv
    /// down; each enabled channel a run of 32 values (no exec size, no predicate; SIMD control
    /// flow does not apply).
    SampleUnorm {
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// How each pixel's values are returned.
        format: UnormOutput,
        /// Sampler state.
        sampler: SamplerId,
        /// Surface (image).
        surface: SurfaceId,
        /// Normalized x of pixel 0 (f scalar).
        u: SrcOp,
        /// Normalized y of pixel 0 (f scalar).
        v: SrcOp,
        /// The x step between adjacent pixels (f scalar).
        du: SrcOp,
        /// The y step between adjacent pixels (f scalar).
        dv: SrcOp,
        /// Result (uw).
        dst: Raw,
    },
    /// `avs.CH T S u v du dv u2d group vblock CNTRL v2d MODE ief dst`: the sampler unit's
    /// adaptive video scaler filters a block of pixels of surface `T` with the sampler 8x8 state
    /// `S`, from normalized (u, v) in steps of du across and dv down (u2d, v2d: the steps' own
    /// change per pixel, for non-linear scaling); `group` and `vblock` place the block in a
    /// group of blocks, `ief` bypasses the image enhancement filter. No exec size, no predicate;
    /// SIMD control flow does not apply.
    Avs {
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// Output format control: how each pixel's values are returned.
        format: UnormOutput,
        /// The block of pixels returned.
        mode: AvsExecMode,
        /// Sampler (8x8) state.
        sampler: SamplerId,
        /// Surface (image).
        surface: SurfaceId,
        /// Normalized x of pixel 0 (f scalar).
        u: SrcOp,
        /// Normalized y of pixel 0 (f scalar).
        v: SrcOp,
        /// The x step between adjacent pixels (f scalar).
        du: SrcOp,
        /// The y step between adjacent pixels (f scalar).
        dv: SrcOp,
        /// The change of du per pixel (f scalar).
        u2d: SrcOp,
        /// Group id of the block (ud scalar).
        group: SrcOp,
        /// Vertical block number within the group (ud scalar).
        vblock: SrcOp,
        /// The change of dv per pixel (f scalar).
        v2d: SrcOp,
        /// Image enhancement filter bypass (ub scalar).
        ief_bypass: SrcOp,
        /// Result (uw).
        dst: Raw,
    },
    /// `[P] sample_3d[.pixel_null_mask].CH (M1, N) aoffimmi S T dst params...` and the other
    /// `sample_*` forms and `lod`: the sampler unit filters surface `T` with sampler state `S` at
    /// normalized coordinates, with the parameters the operation takes (SIMD8 or SIMD16; the
    /// enabled channels SoA, each from a new register; missing trailing parameters read as 0).
    Sample3d {
        /// The sample operation.
        op: Sample3dOp,
        /// Whether a register with the pixel null mask follows the channels in `dst`.
        pixel_null_mask: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec: size 8 or 16.
        exec: Exec,
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// The u, v, r texel offsets (uw: bits 11:8, 7:4, 3:0, each -8..7).
        aoffimmi: SrcOp,
        /// Sampler state.
        sampler: SamplerId,
        /// Surface (image).
        surface: SurfaceId,
        /// Result.
        dst: Raw,
        /// The operation's parameters in order (1..=15, all f or all hf).
        params: Vec<Raw>,
    },
    /// `[P] load_3d[.pixel_null_mask].CH (M1, N) aoffimmi T dst params...` and its `load_lz`,
    /// `load_2dms_w`, `load_mcs` forms: the sampler unit reads texels of surface `T` unfiltered at
    /// integer coordinates, with the texel offsets of `aoffimmi` (SIMD8 or SIMD16; the enabled
    /// channels SoA, each from a new register; missing trailing parameters read as 0).
    Load3d {
        /// The load operation.
        op: Load3dOp,
        /// Whether a register with the pixel null mask follows the channels in `dst`.
        pixel_null_mask: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec: size 8 or 16.
        exec: Exec,
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// The u, v, r texel offsets (uw: bits 11:8, 7:4, 3:0, each -8..7).
        aoffimmi: SrcOp,
        /// Surface (image).
        surface: SurfaceId,
        /// Result.
        dst: Raw,
        /// The operation's parameters in order (1..=15, all ud or all uw).
        params: Vec<Raw>,
    },
    /// `load.CH (N) T u v r dst`: the sampler unit reads texels of surface `T` at integer
    /// coordinates, unfiltered (SIMD8 or SIMD16; no predicate).
    Load {
        /// Channels returned (enabled ones only, SoA).
        channels: Channels,
        /// Exec: size 8 or 16, mask M1.
        exec: Exec,
        /// Surface (image).
        surface: SurfaceId,
        /// u coordinates (ud).
        u: Raw,
        /// v coordinates (ud, or NULL).
        v: Raw,
        /// r coordinates (ud, or NULL).
        r: Raw,
        /// Result.
        dst: Raw,
    },
    /// `barrier`.
    Barrier,
    /// The split-phase and named barriers, `wait`, `yield`, `sampler_cache_flush`.
    Sync(ThreadSync),
    /// `fence_global` / `fence_local` / `fence_sw`.
    Fence(Fence),
    /// `lsc_load_block2d.ugm` / `lsc_store_block2d.ugm (M1_NM, 1) data:shape
    /// flat[base, width, height, pitch, x, y]` (PVC); a prefetch loads into `%null`.
    LscBlock2d {
        /// true = store.
        store: bool,
        /// L1 and L3 cache controls (codes of [`LSC_CACHE_TEXT`]).
        cache: (u8, u8),
        /// Block shape.
        shape: LscBlock2dShape,
        /// The surface: base address (a uq variable), width, height and pitch in bytes less one,
        /// and the block's x (in elements) and y (in rows) (ud or d variables, or immediates).
        surface: [LscSurface; 6],
        /// Loaded or stored data (`VarId::NULL` for a prefetch).
        data: VarId,
    },
    /// `lsc_fence.<sfid>.<op>.<scope>` (DG2, MTL, PVC).
    LscFence {
        /// The shared function whose accesses are ordered.
        sfid: LscSfid,
        /// Cache operation (code of [`LSC_FENCE_OPS`]).
        op: u8,
        /// Scope (code of [`LSC_SCOPES`]).
        scope: u8,
    },
    /// `[P] lsc_<op>.<sfid>[.L1.L3] S ...` (DG2, MTL, PVC).
    Lsc {
        /// Operation.
        op: LscOp,
        /// Shared function.
        sfid: LscSfid,
        /// L1 and L3 cache controls (codes of [`LSC_CACHE_TEXT`]).
        cache: (u8, u8),
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Address.
        addr: LscAddr,
        /// Data shape.
        shape: LscShape,
        /// Loaded or old data (loads, atomics; `VarId::NULL` for none), or stored data.
        data: VarId,
        /// Atomic sources (`VarId::NULL` when unused).
        src1: VarId,
        /// Second atomic source (compare-and-swap).
        src2: VarId,
    },
    /// `[P] raw_send[c] S exdesc nsrc ndst desc src dst`.
    RawSend {
        /// sendc.
        sendc: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Extended descriptor (immediate).
        exdesc: u32,
        /// Number of source GRFs.
        num_src: u8,
        /// Number of destination GRFs.
        num_dst: u8,
        /// Descriptor (ud immediate or scalar).
        desc: SrcOp,
        /// Payload.
        src: Raw,
        /// Response.
        dst: Raw,
    },
    /// `[P] raw_sends[c][_eot].<sfid>.<n0>.<n1>.<nd> S exdesc desc src0 src1 dst`.
    RawSends {
        /// sendc.
        sendc: bool,
        /// End of thread.
        eot: bool,
        /// Predicate.
        pred: Option<Pred>,
        /// Exec.
        exec: Exec,
        /// Shared function id.
        sfid: u8,
        /// GRFs of src0.
        num_src0: u8,
        /// GRFs of src1.
        num_src1: u8,
        /// GRFs of dst.
        num_dst: u8,
        /// Extended descriptor.
        exdesc: SrcOp,
        /// Descriptor.
        desc: SrcOp,
        /// Payload part 0.
        src0: Raw,
        /// Payload part 1.
        src1: Raw,
        /// Response.
        dst: Raw,
    },
}

/// Shorthand for an ALU instruction without predicate or saturation.
pub fn alu(op: AluOp, exec: Exec, dst: impl Into<DstOp>, srcs: Vec<SrcOp>) -> Inst {
    Inst::Alu { op, pred: None, sat: false, exec, dst: dst.into(), srcs }
}

/// One piece of an [`Inst::Verbatim`]: text, or an operand printed in its vISA form.
#[derive(Clone, Debug, PartialEq)]
pub enum VerbatimPiece {
    /// Literal vISA text.
    Text(String),
    /// A destination operand (an output of the inline assembly).
    Dst(DstOp),
    /// A source operand or immediate (an input).
    Src(SrcOp),
    /// A raw operand `V.offset` (an `rw` operand: a whole variable, as messages take them).
    Raw(Raw),
}
