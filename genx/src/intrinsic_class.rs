//! Who writes each `llvm.genx.*` intrinsic: the front ends (CM, DPC++ ESIMD, ISPC; a user kernel
//! may call it) or only Intel's Vector Compiler, in its own passes after the front end (genxc then
//! meets it only in IR dumped from inside that compiler). Every intrinsic belongs to one [`Family`],
//! which carries the [`Audience`] and the reason; `docs/intrinsics.md` is generated from this
//! classification and from what selection does with each intrinsic (tests/intrinsics_catalog.rs).

use crate::intrinsics::IntrinsicId;

/// Who writes an intrinsic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Audience {
    /// Front ends emit it: a user kernel may call it.
    User,
    /// Only Intel's compiler creates it, in its own passes.
    Internal,
}

/// A family of intrinsics with one audience and one reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Region reads and writes of vectors and predicates.
    Region,
    /// Floating-point math and conversions.
    FloatMath,
    /// Integer arithmetic: saturating, three-source, carry, wide and high products.
    IntArith,
    /// Bit operations.
    BitOp,
    /// Dot products and the legacy media arithmetic (lrp, line, pln, sad2).
    DotProduct,
    /// Predicate reductions and the SIMD control flow a front end writes.
    Predicate,
    /// The matrix engine (XMX): dpas and its forms.
    Xmx,
    /// bf16, tf32 and 8-bit float conversions, stochastic rounding.
    LowPrecision,
    /// Block messages: oword, media, SVM block, transpose.
    BlockMemory,
    /// Scattered messages: gather and scatter, surface and SVM.
    ScatteredMemory,
    /// Atomic messages of every family.
    Atomic,
    /// Load/store cache (LSC) messages.
    Lsc,
    /// Raw sends: a message the kernel describes itself.
    RawSend,
    /// The sampler, 3D sampler, AVS and video analytics messages.
    Sampler,
    /// Barriers, fences, waits, SLM setup.
    Sync,
    /// Thread ids, payload registers, timestamps, the print buffer.
    ThreadPayload,
    /// Reads and writes of CM global variables.
    Globals,
    /// Kernel output arguments and values kept alive to a point (CM fast-composite kernels).
    KernelOutput,
    /// The table's first and last names.
    Sentinel,
    /// Messages on a predefined surface variable.
    PredefinedSurface,
    /// The SIMD control flow Intel's compiler lowers `simdcf.any`/`simdcf.predicate` into.
    LoweredSimdCf,
    /// Copies, constants and address arithmetic that Intel's compiler inserts.
    CompilerCopy,
    /// Stack calls, indirect calls and jump tables as Intel's compiler lowers them.
    StackAndIndirectCalls,
    /// printf resolution (the format string's index).
    CompilerDiagnostics,
    /// Private memory as Intel's compiler lowers it.
    PrivateMemory,
    /// Names genxc's own preparation stage creates (not in vc-intrinsics).
    Genxc,
}

impl Family {
    /// Every family, in the order the documentation lists them.
    pub const ALL: [Family; 26] = [
        Family::Region,
        Family::FloatMath,
        Family::IntArith,
        Family::BitOp,
        Family::DotProduct,
        Family::Predicate,
        Family::Xmx,
        Family::LowPrecision,
        Family::BlockMemory,
        Family::ScatteredMemory,
        Family::Atomic,
        Family::Lsc,
        Family::RawSend,
        Family::Sampler,
        Family::Sync,
        Family::ThreadPayload,
        Family::Globals,
        Family::KernelOutput,
        Family::Sentinel,
        Family::PredefinedSurface,
        Family::LoweredSimdCf,
        Family::CompilerCopy,
        Family::StackAndIndirectCalls,
        Family::CompilerDiagnostics,
        Family::PrivateMemory,
        Family::Genxc,
    ];

    /// Who writes the family's intrinsics.
    pub fn audience(self) -> Audience {
        use Family::*;
        match self {
            Sentinel
            | PredefinedSurface
            | LoweredSimdCf
            | CompilerCopy
            | StackAndIndirectCalls
            | CompilerDiagnostics
            | PrivateMemory
            | Genxc => Audience::Internal,
            _ => Audience::User,
        }
    }

    /// Why the family has its audience.
    pub fn reason(self) -> &'static str {
        use Family::*;
        match self {
            Region => "the CM front end writes vector element, row and mask accesses as regions",
            FloatMath => "CM and ESIMD math functions (cm_sqrt, esimd::inv, ...) are these calls",
            IntArith => "CM/ESIMD saturating, three-source, carry and wide integer operations",
            BitOp => "CM/ESIMD bit-field and bit-count functions",
            DotProduct => "CM dot products and dp4a, and the legacy media arithmetic of the CM API",
            Predicate => "CM's any/all and SIMD_IF/SIMD_DO, ESIMD's simd_mask reductions",
            Xmx => "ESIMD xmx::dpas and CM's cm_dpas",
            LowPrecision => "ESIMD bfloat16/tf32 conversions and srnd",
            BlockMemory => "CM read/write of buffers, media blocks and SVM blocks",
            ScatteredMemory => "CM/ESIMD gather and scatter on surfaces and SVM",
            Atomic => "CM/ESIMD atomic operations on surfaces, SVM and typed images",
            Lsc => "ESIMD lsc_* functions and CM's LSC API (DG2 and later)",
            RawSend => "CM's cm_raw_send and ESIMD raw_send: the kernel describes the message",
            Sampler => "CM sample/load on samplers and images, video analytics functions",
            Sync => "CM/ESIMD barriers, named barriers, fences and SLM initialisation",
            ThreadPayload => "CM/ESIMD thread and group ids, r0, timestamps, hardware ids, printf's buffer",
            Globals => "the CM front end reads and writes global (genx_volatile) variables with these",
            KernelOutput => {
                "the CM front end writes them, not only Intel's passes: a fast-composite kernel marks \
                 the arguments whose registers hold its results at the end with output.1 (the \
                 metadata's IO kinds output and input-output), and output keeps values alive to a \
                 point; Intel's compiler takes both from a kernel's IR"
            }
            Sentinel => "the first and last names of the intrinsic table; never called",
            PredefinedSurface => {
                "Intel's compiler rewrites SLM, stack and stateless accesses onto predefined surfaces"
            }
            LoweredSimdCf => "Intel's CMSimdCFLowering creates them from simdcf.any/simdcf.predicate",
            CompilerCopy => {
                "Intel's passes insert them (category conversion, constant loading, address commoning)"
            }
            StackAndIndirectCalls => "Intel's stack-call, indirect-call and switch lowering creates them",
            CompilerDiagnostics => "Intel's printf resolution creates it",
            PrivateMemory => "Intel's private-memory lowering creates them from allocas",
            Genxc => "genxc's preparation stage creates them (the private stack base, bound to an implicit kernel argument at import); no front end writes them",
        }
    }
}

/// The `llvm.vc.internal.*` intrinsics of Intel's compiler (not `llvm.genx.*`: only its own passes
/// create them).
pub const VC_INTERNAL: &[&str] = &[
    "llvm.vc.internal.jump.table",
    "llvm.vc.internal.read.variable.region",
    "llvm.vc.internal.write.variable.region",
];

/// The video analytics messages of the sampler family (`llvm.genx.va.*`, `llvm.genx.va.hdc.*`).
pub const VIDEO_ANALYTICS: [IntrinsicId; 24] = [
    IntrinsicId::Va1dConvolveHorizontal,
    IntrinsicId::Va1dConvolveVertical,
    IntrinsicId::Va1pixelConvolve,
    IntrinsicId::Va1pixelConvolve1x1mode,
    IntrinsicId::VaBoolCentroid,
    IntrinsicId::VaCentroid,
    IntrinsicId::VaConvolve2d,
    IntrinsicId::VaCorrelationSearch,
    IntrinsicId::VaDilate,
    IntrinsicId::VaErode,
    IntrinsicId::VaFloodFill,
    IntrinsicId::VaHdc1dConvolveHorizontal,
    IntrinsicId::VaHdc1dConvolveVertical,
    IntrinsicId::VaHdc1pixelConvolve,
    IntrinsicId::VaHdcConvolve2d,
    IntrinsicId::VaHdcDilate,
    IntrinsicId::VaHdcErode,
    IntrinsicId::VaHdcLbpCorrelation,
    IntrinsicId::VaHdcLbpCreation,
    IntrinsicId::VaHdcMinmaxFilter,
    IntrinsicId::VaLbpCorrelation,
    IntrinsicId::VaLbpCreation,
    IntrinsicId::VaMinmax,
    IntrinsicId::VaMinmaxFilter,
];

/// The family of a `llvm.genx.*` intrinsic (`None` for the generic `llvm.*` ones).
pub fn family(id: IntrinsicId) -> Option<Family> {
    use IntrinsicId::*;
    Some(match id {
        Rdpredregion | Rdregionf | Rdregioni | Wrpredregion | Wrregionf | Wrregioni => Family::Region,
        Absf | Cos | Exp | Fmax | Fmin | FptosiSat | FptouiSat | Frc | IeeeDiv | IeeeSqrt | Inv | Log
        | Pow | Rndd | Rnde | Rndu | Rndz | Rsqrt | Sat | Sin | Sqrt => Family::FloatMath,
        Absi | Add3 | Add3c | Addc | Simad | Smadw | Smax | Smin | Smulh | SsaddSat | Ssadd3Sat | Ssavg
        | SsavgSat | Ssmad | SsmadSat | Ssmul | SsmulSat | Ssshl | SsshlSat | SstruncSat | SuaddSat
        | Suadd3Sat | Suavg | SuavgSat | Subb | Sumad | SumadSat | Sumul | SumulSat | Sushl | SushlSat
        | SutruncSat | Uimad | Umadw | Umax | Umin | Umulh | UsaddSat | Usadd3Sat | Usavg | UsavgSat
        | Usmad | UsmadSat | Usmul | UsmulSat | Usshl | UsshlSat | UstruncSat | UuaddSat | Uuadd3Sat
        | Uuavg | UuavgSat | Uumad | UumadSat | Uumul | UumulSat | Uushl | UushlSat | UutruncSat => {
            Family::IntArith
        }
        Bfi | Bfn | Bfrev | Cbit | Fbl | Lzd | Rol | Ror | Sbfe | Sfbh | Ubfe | Ufbh => Family::BitOp,
        Dp2 | Dp3 | Dp4 | Dph | Line | Lrp | Pln | Ssad2 | Ssdp4a | Ssdp4aSat | Sssad2add | Sssad2addSat
        | Sudp4a | Sudp4aSat | Susad2add | Susad2addSat | Usad2 | Usdp4a | Usdp4aSat | Ussad2add
        | Ussad2addSat | Uudp4a | Uudp4aSat | Uusad2add | Uusad2addSat => Family::DotProduct,
        All | Any | SimdcfAny | SimdcfPredicate | UnmaskBegin | UnmaskEnd => Family::Predicate,
        Dpas | DpasNosrc0 | Dpas2 | Dpasw | DpaswNosrc0 => Family::Xmx,
        BfCvt | QfCvt | Srnd | Tf32Cvt => Family::LowPrecision,
        MediaLd | MediaSt | OwordLd | OwordLdUnaligned | OwordSt | SvmBlockLd | SvmBlockLdUnaligned
        | SvmBlockSt | TransposeLd => Family::BlockMemory,
        GatherMaskedScaled2 | GatherScaled | GatherScaled2 | Gather4MaskedScaled2 | Gather4Scaled
        | Gather4Scaled2 | Gather4Typed | ScatterScaled | Scatter4Scaled | Scatter4Typed | SvmGather
        | SvmGather4Scaled | SvmScatter | SvmScatter4Scaled => Family::ScatteredMemory,
        DwordAtomicAdd | DwordAtomicAnd | DwordAtomicCmpxchg | DwordAtomicDec | DwordAtomicFadd
        | DwordAtomicFcmpwr | DwordAtomicFmax | DwordAtomicFmin | DwordAtomicFsub | DwordAtomicImax
        | DwordAtomicImin | DwordAtomicInc | DwordAtomicMax | DwordAtomicMin | DwordAtomicOr
        | DwordAtomicSub | DwordAtomicXchg | DwordAtomicXor | DwordAtomic2Add | DwordAtomic2And
        | DwordAtomic2Cmpxchg | DwordAtomic2Dec | DwordAtomic2Fadd | DwordAtomic2Fcmpwr
        | DwordAtomic2Fmax | DwordAtomic2Fmin | DwordAtomic2Fsub | DwordAtomic2Imax | DwordAtomic2Imin
        | DwordAtomic2Inc | DwordAtomic2Max | DwordAtomic2Min | DwordAtomic2Or | DwordAtomic2Sub
        | DwordAtomic2Xchg | DwordAtomic2Xor | SvmAtomicAdd | SvmAtomicAnd | SvmAtomicCmpxchg
        | SvmAtomicDec | SvmAtomicFcmpwr | SvmAtomicFmax | SvmAtomicFmin | SvmAtomicImax | SvmAtomicImin
        | SvmAtomicInc | SvmAtomicMax | SvmAtomicMin | SvmAtomicOr | SvmAtomicSub | SvmAtomicXchg
        | SvmAtomicXor | TypedAtomicAdd | TypedAtomicAnd | TypedAtomicCmpxchg | TypedAtomicDec
        | TypedAtomicFadd | TypedAtomicFcmpwr | TypedAtomicFmax | TypedAtomicFmin | TypedAtomicFsub
        | TypedAtomicImax | TypedAtomicImin | TypedAtomicInc | TypedAtomicMax | TypedAtomicMin
        | TypedAtomicOr | TypedAtomicSub | TypedAtomicXchg | TypedAtomicXor | UntypedAtomicAdd
        | UntypedAtomicAnd | UntypedAtomicCmpxchg | UntypedAtomicDec | UntypedAtomicImax
        | UntypedAtomicImin | UntypedAtomicInc | UntypedAtomicMax | UntypedAtomicMin | UntypedAtomicOr
        | UntypedAtomicSub | UntypedAtomicXchg | UntypedAtomicXor => Family::Atomic,
        LscAtomicBindless
        | LscAtomicBti
        | LscAtomicSlm
        | LscAtomicStateless
        | LscFence
        | LscLoadBindless
        | LscLoadBti
        | LscLoadMergeBindless
        | LscLoadMergeBti
        | LscLoadMergeQuadBindless
        | LscLoadMergeQuadBti
        | LscLoadMergeQuadSlm
        | LscLoadMergeQuadStateless
        | LscLoadMergeSlm
        | LscLoadMergeStateless
        | LscLoadQuadBindless
        | LscLoadQuadBti
        | LscLoadQuadSlm
        | LscLoadQuadStateless
        | LscLoadSlm
        | LscLoadStateless
        | LscLoad2dStateless
        | LscPrefetchBindless
        | LscPrefetchBti
        | LscPrefetchSlm
        | LscPrefetchStateless
        | LscPrefetch2dStateless
        | LscStoreBindless
        | LscStoreBti
        | LscStoreQuadBindless
        | LscStoreQuadBti
        | LscStoreQuadSlm
        | LscStoreQuadStateless
        | LscStoreSlm
        | LscStoreStateless
        | LscStore2dStateless
        | LscXatomicBindless
        | LscXatomicBti
        | LscXatomicSlm
        | LscXatomicStateless => Family::Lsc,
        RawSend | RawSendNoresult | RawSend2 | RawSend2Noresult | RawSends | RawSendsNoresult | RawSends2
        | RawSends2Noresult => Family::RawSend,
        Load3d | Sample3d | Avs | Load | Sample | SampleUnorm => Family::Sampler,
        id if VIDEO_ANALYTICS.contains(&id) => Family::Sampler,
        Barrier | CacheFlush | Fence | Nbarrier | Sbarrier | SetPause | SlmInit | Wait | Yield => {
            Family::Sync
        }
        Ce0 | GetColor | GetHwid | GetScoreboardBti | GetScoreboardDeltas | GetScoreboardDepcnt
        | GroupCount | GroupIdX | GroupIdY | GroupIdZ | LaneId | LocalId | LocalId16 | LocalSize
        | PrintBuffer | R0 | SetSr02 | Sr0 | ThreadX | ThreadY | Timestamp => Family::ThreadPayload,
        Vload | Vstore => Family::Globals,
        PrivateBase => Family::Genxc,
        Aaaabegin | Zzzzend => Family::Sentinel,
        DwordAtomic2AddPredefSurface
        | DwordAtomic2AndPredefSurface
        | DwordAtomic2CmpxchgPredefSurface
        | DwordAtomic2DecPredefSurface
        | DwordAtomic2FaddPredefSurface
        | DwordAtomic2FcmpwrPredefSurface
        | DwordAtomic2FmaxPredefSurface
        | DwordAtomic2FminPredefSurface
        | DwordAtomic2FsubPredefSurface
        | DwordAtomic2ImaxPredefSurface
        | DwordAtomic2IminPredefSurface
        | DwordAtomic2IncPredefSurface
        | DwordAtomic2MaxPredefSurface
        | DwordAtomic2MinPredefSurface
        | DwordAtomic2OrPredefSurface
        | DwordAtomic2SubPredefSurface
        | DwordAtomic2XchgPredefSurface
        | DwordAtomic2XorPredefSurface
        | GatherMaskedScaled2PredefSurface
        | Gather4MaskedScaled2PredefSurface
        | OwordLdPredefSurface
        | OwordLdUnalignedPredefSurface
        | OwordStPredefSurface
        | PredefinedSurface
        | ScatterScaledPredefSurface
        | Scatter4ScaledPredefSurface
        | WritePredefSurface => Family::PredefinedSurface,
        SimdcfGetEm | SimdcfGoto | SimdcfJoin | SimdcfRemask | SimdcfSavemask | SimdcfUnmask => {
            Family::LoweredSimdCf
        }
        AddAddr | AddressConvert | Constantf | Constanti | Constantpred | Convert | ConvertAddr
        | DummyMov | Wrconstregion | Wrpredpredregion => Family::CompilerCopy,
        Alloca | Faddr | Gaddr | JumpTable | ReadPredefReg | WritePredefReg => Family::StackAndIndirectCalls,
        Output | Output1 => Family::KernelOutput,
        PrintFormatIndex => Family::CompilerDiagnostics,
        GatherPrivate | ScatterPrivate => Family::PrivateMemory,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::intrinsics::ALL;

    #[test]
    fn every_genx_intrinsic_has_a_family() {
        for &id in ALL {
            assert_eq!(family(id).is_some(), id.name().starts_with("llvm.genx."), "{}", id.name());
        }
        assert_eq!(family(IntrinsicId::Convert).map(Family::audience), Some(Audience::Internal));
        assert_eq!(family(IntrinsicId::Add3).map(Family::audience), Some(Audience::User));
        for f in Family::ALL {
            assert!(ALL.iter().any(|&id| family(id) == Some(f)), "{f:?} is empty");
        }
    }
}
