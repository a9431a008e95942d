//! Symbols and relocations of a zebin: the global data sections (`.data.global`, `.data.const`,
//! `.data.const.string`), the symbols naming objects in them or functions defined elsewhere, and
//! the relocation entries the runtime's linker applies to the kernels' code and to the data
//! sections when it places them in device memory.
//!
//! The relocation types are the compute runtime's `R_ZE_*` numbers. A relocation of a kernel's
//! code patches the 32-bit immediate of a `mov` that the finalizer wrote with a placeholder value
//! (the low or high half of a 64-bit address); a relocation of a data section patches an 8-byte
//! address stored in an initializer. Code relocations carry no addend (`.rel.text.<kernel>`, as
//! Intel's compiler writes them); data relocations carry one (`.rela.data.<section>`).

/// A relocation type (the compute runtime's `R_ZE_*` numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelocType {
    /// `R_ZE_SYM_ADDR`: the 64-bit address of the symbol plus the addend.
    SymAddr,
    /// `R_ZE_SYM_ADDR_32`: the low 32 bits of the address.
    SymAddr32,
    /// `R_ZE_SYM_ADDR_32_HI`: the high 32 bits of the address.
    SymAddr32Hi,
}

impl RelocType {
    /// The ELF `r_type` number.
    pub fn number(self) -> u32 {
        match self {
            RelocType::SymAddr => 1,
            RelocType::SymAddr32 => 2,
            RelocType::SymAddr32Hi => 3,
        }
    }

    /// The type of ELF `r_type` number `n`.
    pub fn from_number(n: u32) -> Option<RelocType> {
        [RelocType::SymAddr, RelocType::SymAddr32, RelocType::SymAddr32Hi]
            .into_iter()
            .find(|t| t.number() == n)
    }

    /// Bytes the relocation patches.
    pub fn width(self) -> u64 {
        match self {
            RelocType::SymAddr => 8,
            RelocType::SymAddr32 | RelocType::SymAddr32Hi => 4,
        }
    }
}

/// A global data section of a zebin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataSection {
    /// `.data.global`: writable globals.
    Global,
    /// `.data.const`: read-only globals.
    Const,
    /// `.data.const.string`: the format strings of printf.
    ConstString,
}

impl DataSection {
    /// Every data section, in the order they are written.
    pub const ALL: [DataSection; 3] = [DataSection::Const, DataSection::Global, DataSection::ConstString];

    /// The section's name.
    pub fn name(self) -> &'static str {
        match self {
            DataSection::Global => ".data.global",
            DataSection::Const => ".data.const",
            DataSection::ConstString => ".data.const.string",
        }
    }
}

/// Where a symbol is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymbolPlace {
    /// An object at `offset` of a data section.
    Data {
        /// The section.
        section: DataSection,
        /// Byte offset in the section.
        offset: u64,
    },
    /// A function the zebin does not define (`SHN_UNDEF`, of type `STT_NOTYPE` as Intel's
    /// compiler writes it): another module of the program defines it.
    UndefinedFunction,
    /// A function defined at `offset` of a kernel's code (`STT_FUNC`, global): the functions
    /// whose address is taken, which Intel's compiler places in the code of the
    /// `Intel_Symbol_Table_Void_Program` entry.
    Function {
        /// The kernel whose `.text.<kernel>` section holds the function.
        kernel: String,
        /// Byte offset of the function's entry in that section.
        offset: u64,
    },
}

/// A global symbol of the zebin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolDef {
    /// Name.
    pub name: String,
    /// Where it is.
    pub place: SymbolPlace,
    /// Size in bytes (0 for an undefined function).
    pub size: u64,
}

/// The section a relocation patches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelocTarget {
    /// The code of the kernel with this name.
    Kernel(String),
    /// A data section.
    Data(DataSection),
}

/// A relocation: write the address of `symbol` (plus `addend`) at `offset` of `target`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relocation {
    /// The section patched.
    pub target: RelocTarget,
    /// Byte offset in that section.
    pub offset: u64,
    /// What is written.
    pub kind: RelocType,
    /// The symbol whose address is written (a [`SymbolDef`] of the program).
    pub symbol: String,
    /// Bytes added to the address (0 for code relocations, which have no room for one).
    pub addend: i64,
}

/// A relocation read back from a zebin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadRelocation {
    /// The name of the section patched (`.text.<kernel>`, `.data.global`, ...).
    pub section: String,
    /// Whether it came from an `SHT_RELA` section (with an explicit addend).
    pub with_addend: bool,
    /// Byte offset in that section.
    pub offset: u64,
    /// The ELF `r_type` number.
    pub kind: u32,
    /// The symbol's name.
    pub symbol: String,
    /// The addend (0 in an `SHT_REL` section).
    pub addend: i64,
}
