//! Which of the vISA ALU instructions and sampler messages that not every Gen part has a platform
//! may use: `add3` and `bfn` (Xe-HP and later), `dp4a` (Xe-LP and later), `rol`/`ror` (Gen11 and
//! later) and the filtered `sample` (not on PVC), each with the evidence, from Intel's finalizer,
//! of the parts where it is missing. Selection asks here before it emits one of them, and emulates
//! it or reports "<intrinsic> is not available on <platform>".

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
}

impl AluFeature {
    /// Every feature, in declaration order.
    pub const ALL: [AluFeature; 4] =
        [AluFeature::Add3, AluFeature::Bfn, AluFeature::Dp4a, AluFeature::BitRotate];

    /// The vISA mnemonic(s) of the feature.
    pub fn mnemonic(self) -> &'static str {
        match self {
            AluFeature::Add3 => "add3",
            AluFeature::Bfn => "bfn",
            AluFeature::Dp4a => "dp4a",
            AluFeature::BitRotate => "rol/ror",
        }
    }

    /// Whether platform `p` has the instruction.
    pub fn available(self, p: Platform) -> bool {
        use Platform::*;
        match self {
            AluFeature::Add3 | AluFeature::Bfn => matches!(p, Dg2 | Mtl | Pvc),
            AluFeature::Dp4a => !matches!(p, Skl | Icllp),
            AluFeature::BitRotate => p != Skl,
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
        }
    }
}

/// A sampler message some platforms lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SamplerFeature {
    /// `sample`: a filtered read through a sampler state.
    Sample,
}

impl SamplerFeature {
    /// Every feature, in declaration order.
    pub const ALL: [SamplerFeature; 1] = [SamplerFeature::Sample];

    /// The vISA mnemonic of the feature.
    pub fn mnemonic(self) -> &'static str {
        match self {
            SamplerFeature::Sample => "sample",
        }
    }

    /// Whether platform `p` has the message.
    pub fn available(self, p: Platform) -> bool {
        match self {
            SamplerFeature::Sample => p != Platform::Pvc,
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_parts_keep_what_older_ones_have() {
        // Platform::ALL is in generation order; MTL (Xe-LPG) comes after DG2 (Xe-HPG)
        for f in AluFeature::ALL {
            let have: Vec<bool> = Platform::ALL.iter().map(|&p| f.available(p)).collect();
            let first = have.iter().position(|&h| h).expect("some part has it");
            assert!(have[first..].iter().all(|&h| h), "{f:?}: {have:?}");
        }
        assert!(!AluFeature::Add3.available(Platform::Tgllp));
        assert!(AluFeature::Dp4a.available(Platform::Tgllp));
        assert!(AluFeature::BitRotate.available(Platform::Icllp));
    }
}
