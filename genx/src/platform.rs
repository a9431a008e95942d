//! The target platforms genxc compiles for, described as data.
//!
//! Every pass asks the [`Platform`] for GRF size, execution-size limits and capabilities; nothing
//! else in the compiler hard-codes them. The capability columns follow what the installed vISA
//! finalizer (`GenX_IR`, IGC 1.0.12504) accepts for each part.

use std::fmt;

/// A GenX target platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Platform {
    /// Skylake (Gen9).
    Skl,
    /// Ice Lake (Gen11).
    Icllp,
    /// Tiger Lake (Xe-LP, Gen12LP).
    Tgllp,
    /// Alchemist (Xe-HPG).
    Dg2,
    /// Meteor Lake (Xe-LPG).
    Mtl,
    /// Ponte Vecchio (Xe-HPC).
    Pvc,
}

/// What a platform has, as plain data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlatformInfo {
    /// Lower-case name used on the command line (`tgllp`).
    pub name: &'static str,
    /// Name `GenX_IR -platform` takes (`TGLLP`).
    pub finalizer_name: &'static str,
    /// Bytes in one general register.
    pub grf_bytes: u32,
    /// Number of general registers a kernel's inputs may use (the input area ends there).
    pub input_grfs: u32,
    /// Elements in the address register file (limit for multi-indirect regions).
    pub address_elems: u32,
    /// Whether the LSC (`lsc_*`) messages exist.
    pub has_lsc: bool,
    /// Whether 64-bit integer arithmetic is native (else genxc must emulate it).
    pub has_int64: bool,
    /// Whether double-precision arithmetic is native.
    pub has_fp64: bool,
    /// Whether vISA integer `div`/`mod` are available.
    pub has_int_divide: bool,
    /// Whether `switchjmp` is available.
    pub has_switchjmp: bool,
    /// Whether oword block messages may address SLM.
    pub has_oword_slm: bool,
}

const SKL: PlatformInfo = PlatformInfo {
    name: "skl",
    finalizer_name: "SKL",
    grf_bytes: 32,
    input_grfs: 128,
    address_elems: 16,
    has_lsc: false,
    has_int64: true,
    has_fp64: true,
    has_int_divide: true,
    has_switchjmp: true,
    has_oword_slm: false,
};
const ICLLP: PlatformInfo = PlatformInfo {
    name: "icllp",
    finalizer_name: "ICLLP",
    has_int64: false,
    has_fp64: false,
    has_oword_slm: true,
    ..SKL
};
const TGLLP: PlatformInfo =
    PlatformInfo { name: "tgllp", finalizer_name: "TGLLP", has_switchjmp: false, ..ICLLP };
const DG2: PlatformInfo =
    PlatformInfo { name: "dg2", finalizer_name: "DG2", has_lsc: true, has_int_divide: false, ..TGLLP };
const MTL: PlatformInfo = PlatformInfo { name: "mtl", finalizer_name: "MTL", has_fp64: true, ..DG2 };
const PVC: PlatformInfo = PlatformInfo {
    name: "pvc",
    finalizer_name: "PVC",
    grf_bytes: 64,
    has_int64: true,
    has_fp64: true,
    has_switchjmp: true,
    ..DG2
};

impl Platform {
    /// Every platform, oldest first.
    pub const ALL: [Platform; 6] =
        [Platform::Skl, Platform::Icllp, Platform::Tgllp, Platform::Dg2, Platform::Mtl, Platform::Pvc];

    /// The platform's description.
    pub fn info(self) -> &'static PlatformInfo {
        match self {
            Platform::Skl => &SKL,
            Platform::Icllp => &ICLLP,
            Platform::Tgllp => &TGLLP,
            Platform::Dg2 => &DG2,
            Platform::Mtl => &MTL,
            Platform::Pvc => &PVC,
        }
    }

    /// Bytes in one general register (32, or 64 on PVC).
    pub fn grf_bytes(self) -> u32 {
        self.info().grf_bytes
    }

    /// Parses a command-line name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Platform> {
        Platform::ALL.into_iter().find(|p| p.info().name.eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_capabilities_match_the_finalizer() {
        for p in Platform::ALL {
            assert_eq!(Platform::from_name(p.info().name), Some(p));
            assert_eq!(Platform::from_name(p.info().finalizer_name), Some(p));
        }
        assert_eq!(Platform::from_name("gen7"), None);
        assert_eq!(Platform::Pvc.grf_bytes(), 64);
        assert_eq!(Platform::Tgllp.grf_bytes(), 32);
        assert!(!Platform::Tgllp.info().has_switchjmp && Platform::Skl.info().has_switchjmp);
        assert!(!Platform::Dg2.info().has_int_divide && Platform::Tgllp.info().has_int_divide);
        assert!(Platform::Dg2.info().has_lsc && !Platform::Tgllp.info().has_lsc);
        assert!(!Platform::Skl.info().has_oword_slm);
    }
}
