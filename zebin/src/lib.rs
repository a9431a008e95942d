//! zebin, the device binary Intel's compute runtime (Level Zero, OpenCL) loads: an ELF64 file with
//! one `.text.<kernel>` section of Gen code per kernel, global data with its symbols and relocations, the `.ze_info` YAML metadata that tells the
//! runtime how to launch each kernel (execution environment, payload arguments, per-thread
//! payload, binding table), optional constant data, a symbol table, and the IntelGT compatibility
//! notes naming the target device.
//!
//! [`write`] builds the file from a [`Program`]; [`read`] reads one back (this crate's own output,
//! or any zebin of the same layout) into sections, notes, symbols and the `.ze_info` text, which
//! [`zeinfo::parse`] turns into a tree. The layout facts (section types, note types, the target
//! flags) follow the public descriptions of the format in Intel's compute-runtime and IGC sources.

pub mod debug_line;
pub mod elf;
pub mod reloc;
pub mod zeinfo;

pub use elf::{read, write, Note, Program, ReadZebin, Section, Symbol};
pub use reloc::{DataSection, ReadRelocation, RelocTarget, RelocType, Relocation, SymbolDef, SymbolPlace};
pub use zeinfo::{
    parse, AccessType, AddrMode, AddrSpace, BindingTableIndex, ExecutionEnv, KernelInfo, Node, PayloadArg,
    PayloadArgType, PerThreadArgType, PerThreadBuffer, PerThreadBufferKind, PerThreadPayloadArg, ZeInfo,
    ZEINFO_VERSION,
};

/// A device a zebin targets: the GFX core family and product family the runtime compares with the
/// device it runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Device {
    /// Tiger Lake (Xe-LP, Gen12LP core).
    Tgllp,
    /// Alchemist (Xe-HPG core); ocloc calls it `dg2-g10`.
    Dg2,
    /// Meteor Lake (Xe-LPG, an Xe-HPG core in the runtime's families).
    Mtl,
    /// Ponte Vecchio (Xe-HPC core).
    Pvc,
}

impl Device {
    /// Every device, in generation order.
    pub const ALL: [Device; 4] = [Device::Tgllp, Device::Dg2, Device::Mtl, Device::Pvc];

    /// The runtime's GFXCORE_FAMILY number (`IGFX_GEN12LP_CORE`, `IGFX_XE_HPG_CORE`,
    /// `IGFX_XE_HPC_CORE`).
    pub fn gfx_core(self) -> u32 {
        match self {
            Device::Tgllp => 0x12,
            Device::Dg2 | Device::Mtl => 0xc07,
            Device::Pvc => 0xc08,
        }
    }

    /// The runtime's PRODUCT_FAMILY number (`IGFX_TIGERLAKE_LP`, `IGFX_DG2`, `IGFX_PVC`,
    /// `IGFX_METEORLAKE`).
    pub fn product_family(self) -> u32 {
        match self {
            Device::Tgllp => 33,
            Device::Dg2 => 1270,
            Device::Pvc => 1271,
            Device::Mtl => 1272,
        }
    }

    /// The device whose GFX core and product family numbers these are.
    pub fn from_numbers(gfx_core: u32, product_family: u32) -> Option<Device> {
        Device::ALL.into_iter().find(|d| d.gfx_core() == gfx_core && d.product_family() == product_family)
    }

    /// Whether the device's threads load their own payload from memory (Xe-HP and later): the
    /// finalizer then starts each kernel with a per-thread prologue the runtime may skip.
    pub fn loads_payload_in_prologue(self) -> bool {
        self != Device::Tgllp
    }

    /// Bytes of one general register.
    pub fn grf_bytes(self) -> u32 {
        match self {
            Device::Pvc => 64,
            _ => 32,
        }
    }
}
