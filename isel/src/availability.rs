//! Which of the vISA ALU instructions, sampler, synchronization and memory messages that not
//! every Gen part has a platform may use: `add3` and `bfn` (Xe-HP and later), `dp4a` (Xe-LP and
//! later), `rol`/`ror` (Gen11 and later), `bf` moves (Xe-HPG and Xe-HPC; Xe-LPG has none), `fcvt`
//! (Xe-HPC), `srnd` (PVC: the Xe-HPC XT part ocloc's `pvc` is), the media arithmetic (`dp4`, `lrp`, `sad2`, ...:
//! Gen9 only; `sad2add` nowhere) and `add3.o` (nowhere), the filtered `sample` (not on PVC), the
//! named barriers (`nbarrier`, PVC only), the pause register (all but PVC) and the LSC messages
//! (DG2, MTL, PVC; the 2D block ones PVC only), each with the evidence, from Intel's finalizer, of
//! the parts where it is missing. Selection asks here before it emits one of them, and emulates it
//! or reports "<intrinsic> is not available on <platform>".

use genxc_genx::Platform;

/// An ALU instruction some platforms lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AluFeature {
    /// `add3`: the sum of three sources in one instruction.
    Add3,
    /// `bfn`: a boolean function of three sources.
    Bfn,
    /// `dp4a`: accumulated dot product of the four bytes of two dwords.
    Dp4a,
    /// `rol`/`ror`: rotates.
    BitRotate,
    /// `mov` to and from `bf` (bfloat16).
    BfConvert,
    /// `fcvt`: the tf32 and bf8 conversions.
    LowPrecisionConvert,
    /// `srnd`: stochastic rounding.
    StochasticRound,
    /// The Gen9 media arithmetic: `dp2`, `dp3`, `dp4`, `dph`, `line`, `lrp`, `sad2`.
    MediaArith,
    /// `sad2add`: sad2 plus an addend.
    Sad2Add,
    /// `add3.o`: add3 with its carry (`llvm.genx.add3c`).
    Add3Carry,
}

impl AluFeature {
    /// Every feature, in declaration order.
    pub const ALL: [AluFeature; 10] = [
        AluFeature::Add3,
        AluFeature::Bfn,
        AluFeature::Dp4a,
        AluFeature::BitRotate,
        AluFeature::BfConvert,
        AluFeature::LowPrecisionConvert,
        AluFeature::StochasticRound,
        AluFeature::MediaArith,
        AluFeature::Sad2Add,
        AluFeature::Add3Carry,
    ];

    /// The vISA mnemonic(s) of the feature.
    pub fn mnemonic(self) -> &'static str {
        match self {
            AluFeature::Add3 => "add3",
            AluFeature::Bfn => "bfn",
            AluFeature::Dp4a => "dp4a",
            AluFeature::BitRotate => "rol/ror",
            AluFeature::BfConvert => "mov of bf",
            AluFeature::LowPrecisionConvert => "fcvt",
            AluFeature::StochasticRound => "srnd",
            AluFeature::MediaArith => "dp2/dp3/dp4/dph/line/lrp/sad2",
            AluFeature::Sad2Add => "sad2add",
            AluFeature::Add3Carry => "add3.o",
        }
    }

    /// Whether platform `p` has the instruction.
    pub fn available(self, p: Platform) -> bool {
        use Platform::*;
        match self {
            AluFeature::Add3 | AluFeature::Bfn => matches!(p, Dg2 | Mtl | Pvc),
            AluFeature::Dp4a => !matches!(p, Skl | Icllp),
            AluFeature::BitRotate => p != Skl,
            AluFeature::BfConvert => matches!(p, Dg2 | Pvc),
            AluFeature::LowPrecisionConvert => p == Pvc,
            AluFeature::StochasticRound => p == Pvc,
            AluFeature::MediaArith => p == Skl,
            AluFeature::Sad2Add | AluFeature::Add3Carry => false,
        }
    }

    /// Why the platforms without the instruction lack it: what Intel's finalizer (`GenX_IR`)
    /// does with it there.
    pub fn evidence(self) -> &'static str {
        match self {
            AluFeature::Add3 => {
                "GenX_IR -platform TGLLP drops it (`INVALID opcode add3`); Gen9 and Gen11 have no \
                 three-source add (GenX_IR copies it unchanged into their listings)"
            }
            AluFeature::Bfn => {
                "GenX_IR -platform TGLLP drops it (`INVALID opcode bfn`); Gen9 and Gen11 have no \
                 boolean-function instruction"
            }
            AluFeature::Dp4a => {
                "GenX_IR -platform SKL and ICLLP: `vISA instruction not supported on this platform`"
            }
            AluFeature::BitRotate => {
                "GenX_IR -platform SKL: `vISA instruction not supported on this platform`"
            }
            AluFeature::BfConvert => {
                "GenX_IR -platform SKL, TGLLP and MTL: `BF type is not allowed on this platform` \
                 (Intel's compiler aborts building the vISA of `bf.cvt` for SKL and TGLLP)"
            }
            AluFeature::LowPrecisionConvert => {
                "GenX_IR -platform TGLLP, DG2 and MTL: `fcvt is not supported on the selected \
                 platform` (Intel's compiler aborts building the vISA of `tf32.cvt` for DG2)"
            }
            AluFeature::MediaArith => {
                "GenX_IR -platform TGLLP, DG2 and PVC: `sad2/sad2add is not supported on Xe.`; the dot \
                 products, line and lrp it drops silently (no instruction in the listing, `<<error \
                 formatting instruction>>`), and so it does Intel's compiler's own vISA of them"
            }
            AluFeature::Sad2Add => {
                "GenX_IR -platform SKL crashes (segmentation fault) on sad2add and Intel's compiler \
                 aborts building the vISA of `sad2add` for SKL; TGLLP, DG2 and PVC: `sad2/sad2add is \
                 not supported on Xe.`"
            }
            AluFeature::Add3Carry => {
                "GenX_IR -platform SKL, TGLLP, DG2 and PVC crashes (segmentation fault) on add3.o \
                 (vc-intrinsics lists add3c for Xe2 and later)"
            }
            AluFeature::StochasticRound => {
                "ocloc's `pvc` device is GenX_IR's PVCXT, which takes `srnd`, and Intel's compiler \
                 (compile.sh -d pvc) compiles `llvm.genx.srnd` to `srnd (M1_NM, 8)` there, so genxc's \
                 PVC kernels are checked under -platform PVCXT only (-platform PVC, the base Xe-HPC \
                 part: `vISA instruction not supported on this platform`); GenX_IR -platform TGLLP \
                 and DG2 reject it and Intel's compiler aborts building its vISA for DG2"
            }
        }
    }
}

/// A sampler message some platforms lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SamplerFeature {
    /// `sample`: a filtered read through a sampler state.
    Sample,
    /// `va` and `va_skl_plus` (vISA opcodes 0x44, 0x4D): the video analytics operations of the
    /// sampler unit and the data port (min/max, convolve, erode/dilate, centroid, LBP, flood fill,
    /// correlation search), the `llvm.genx.va.*` and `llvm.genx.va.hdc.*` intrinsics.
    VideoAnalytics,
}

impl SamplerFeature {
    /// Every feature, in declaration order.
    pub const ALL: [SamplerFeature; 2] = [SamplerFeature::Sample, SamplerFeature::VideoAnalytics];

    /// The vISA mnemonic of the feature.
    pub fn mnemonic(self) -> &'static str {
        match self {
            SamplerFeature::Sample => "sample",
            SamplerFeature::VideoAnalytics => "va, va_skl_plus",
        }
    }

    /// Whether platform `p` has the message.
    pub fn available(self, p: Platform) -> bool {
        match self {
            SamplerFeature::Sample => p != Platform::Pvc,
            SamplerFeature::VideoAnalytics => false,
        }
    }

    /// Why the platforms without the message lack it: what Intel's finalizer (`GenX_IR`) does
    /// with it there.
    pub fn evidence(self) -> &'static str {
        match self {
            SamplerFeature::Sample => {
                "GenX_IR -platform PVC fails its internal check `LocalRA.cpp:2050 Invalid word` on \
                 every `sample` (Xe-HPC has no sampler state; the unfiltered `load` is accepted)"
            }
            SamplerFeature::VideoAnalytics => {
                "GenX_IR -platform SKL, TGLLP, DG2 and PVC: `syntax error, unexpected IDENT` on \
                 `va_minmax` and `va_hdc_erode`; its vISA assembler has no rule for any `va` or \
                 `va_skl_plus` operation (it knows their names only to print them), so they cannot \
                 be written as vISA text on any platform"
            }
        }
    }
}

/// A synchronization instruction some platforms lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncFeature {
    /// `nbarrier.signal` / `nbarrier.wait`: named barriers of a subset of the thread group.
    NamedBarrier,
    /// A write of the pause field of the time stamp register, `%tsc(0,4)` (`set.pause`).
    Pause,
}

impl SyncFeature {
    /// Every feature, in declaration order.
    pub const ALL: [SyncFeature; 2] = [SyncFeature::NamedBarrier, SyncFeature::Pause];

    /// The vISA mnemonic(s) of the feature.
    pub fn mnemonic(self) -> &'static str {
        match self {
            SyncFeature::NamedBarrier => "nbarrier",
            SyncFeature::Pause => "mov to %tsc(0,4)",
        }
    }

    /// Whether platform `p` has the instruction.
    pub fn available(self, p: Platform) -> bool {
        match self {
            SyncFeature::NamedBarrier => p == Platform::Pvc,
            SyncFeature::Pause => p != Platform::Pvc,
        }
    }

    /// Why the platforms without the instruction lack it: what Intel's finalizer (`GenX_IR`)
    /// does with it there.
    pub fn evidence(self) -> &'static str {
        match self {
            SyncFeature::NamedBarrier => {
                "GenX_IR -platform SKL, TGLLP and DG2: `vISA instruction not supported on this \
                 platform`; vc-intrinsics declares `llvm.genx.nbarrier` for XeHPC and later"
            }
            SyncFeature::Pause => {
                "GenX_IR -platform PVC refuses any write of `%tsc` (`AppendVISADataMovementInst: \
                 unknown error`)"
            }
        }
    }
}

/// A family of memory messages some platforms lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageFeature {
    /// The LSC messages (`lsc_load`, `lsc_store`, `lsc_atomic_*`, `lsc_fence`, ...).
    Lsc,
    /// The LSC 2D block messages (`lsc_load_block2d`, `lsc_store_block2d`).
    Block2d,
}

impl MessageFeature {
    /// Every feature, in declaration order.
    pub const ALL: [MessageFeature; 2] = [MessageFeature::Lsc, MessageFeature::Block2d];

    /// The vISA mnemonic(s) of the feature.
    pub fn mnemonic(self) -> &'static str {
        match self {
            MessageFeature::Lsc => "lsc_*",
            MessageFeature::Block2d => "lsc_*_block2d",
        }
    }

    /// Whether platform `p` has the messages.
    pub fn available(self, p: Platform) -> bool {
        match self {
            MessageFeature::Lsc => p.info().has_lsc,
            MessageFeature::Block2d => p == Platform::Pvc,
        }
    }

    /// Why the platforms without the messages lack them: what Intel's finalizer (`GenX_IR`)
    /// does with them there.
    pub fn evidence(self) -> &'static str {
        match self {
            MessageFeature::Lsc => {
                "GenX_IR -platform SKL and TGLLP: `vISA instruction not supported on this platform`"
            }
            MessageFeature::Block2d => {
                "GenX_IR -platform DG2 exits 0 but leaves the message out of the listing (no send)"
            }
        }
    }
}

/// A user intrinsic Intel's Vector Compiler builds no vISA for on any platform genxc targets, so
/// that selection answers "not available" everywhere, with Intel's refusal as the evidence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VcRefusal {
    /// `llvm.genx.lane.id`: the lane of a CM `simd fork` statement.
    LaneId,
    /// `llvm.genx.transpose.ld`: the media block read with transposition (vISA TRANSPOSE_LD).
    TransposeLd,
    /// `llvm.genx.get.scoreboard.bti`, `.deltas`, `.depcnt`: the media walker's scoreboard
    /// payload, implicit arguments only the CM runtime fills in.
    Scoreboard,
}

impl VcRefusal {
    /// Every refusal, in declaration order.
    pub const ALL: [VcRefusal; 3] = [VcRefusal::LaneId, VcRefusal::TransposeLd, VcRefusal::Scoreboard];

    /// The intrinsic(s) refused.
    pub fn mnemonic(self) -> &'static str {
        match self {
            VcRefusal::LaneId => "lane.id",
            VcRefusal::TransposeLd => "transpose.ld",
            VcRefusal::Scoreboard => "get.scoreboard.bti/deltas/depcnt",
        }
    }

    /// The refusal of an intrinsic, if Intel's compiler refuses it everywhere.
    pub fn of(id: genxc_genx::intrinsics::IntrinsicId) -> Option<VcRefusal> {
        use genxc_genx::intrinsics::IntrinsicId::*;
        match id {
            LaneId => Some(VcRefusal::LaneId),
            TransposeLd => Some(VcRefusal::TransposeLd),
            GetScoreboardBti | GetScoreboardDeltas | GetScoreboardDepcnt => Some(VcRefusal::Scoreboard),
            _ => None,
        }
    }

    /// Whether platform `p` can have the intrinsic: no platform can.
    pub fn available(self, _p: Platform) -> bool {
        false
    }

    /// What Intel's compiler (compile.sh, IGC 1.0.12504) does with the intrinsic.
    pub fn evidence(self) -> &'static str {
        match self {
            VcRefusal::LaneId => {
                "Intel's compiler -d skl, tgllp, dg2-g10 and pvc: `LLVM ERROR: Unsupported \
                 intrinsic!` in its vISA builder (no lowering of the simd fork lane id)"
            }
            VcRefusal::TransposeLd => {
                "Intel's compiler -d skl, tgllp, dg2-g10 and pvc: `LLVM ERROR: Unsupported \
                 intrinsic!` in its vISA builder (vISA 4.1 has no TRANSPOSE_LD instruction: its \
                 opcode 0x3F, TRANSPOSE_LD in earlier vISA versions, is reserved)"
            }
            VcRefusal::Scoreboard => {
                "Intel's compiler -d skl, tgllp, dg2-g10 and pvc: `scoreboarding intrinsics are \
                 supported only for CM RT` (the CM runtime's media walker fills in the scoreboard \
                 arguments; the OpenCL and Level Zero kernels genxc builds have none)"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_parts_keep_what_older_ones_have() {
        // Platform::ALL is in generation order; MTL (Xe-LPG) comes after DG2 (Xe-HPG) and, like
        // Xe-LP, has no bf type; only PVC (GenX_IR's PVCXT, ocloc's pvc) has srnd; the media
        // arithmetic is Gen9's only
        for f in AluFeature::ALL {
            if f == AluFeature::MediaArith {
                assert!(Platform::ALL.iter().all(|&p| f.available(p) == (p == Platform::Skl)));
                continue;
            }
            if f == AluFeature::StochasticRound {
                assert!(Platform::ALL.iter().all(|&p| f.available(p) == (p == Platform::Pvc)));
                continue;
            }
            if matches!(f, AluFeature::Sad2Add | AluFeature::Add3Carry) {
                assert!(Platform::ALL.iter().all(|&p| !f.available(p)));
                continue;
            }
            if f == AluFeature::BfConvert {
                assert!(
                    !f.available(Platform::Mtl) && f.available(Platform::Dg2) && f.available(Platform::Pvc)
                );
                continue;
            }
            let have: Vec<bool> = Platform::ALL.iter().map(|&p| f.available(p)).collect();
            let first = have.iter().position(|&h| h).expect("some part has it");
            assert!(have[first..].iter().all(|&h| h), "{f:?}: {have:?}");
        }
        assert!(!AluFeature::Add3.available(Platform::Tgllp));
        assert!(AluFeature::Dp4a.available(Platform::Tgllp));
        assert!(AluFeature::BitRotate.available(Platform::Icllp));
    }
}
