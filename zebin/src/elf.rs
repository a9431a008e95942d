//! The ELF64 container of a zebin: [`write`] lays out a [`Program`] (kernel code, constant data,
//! `.ze_info`) as the compute runtime reads it, [`read`] reads such a file back.
//!
//! Layout written: the ELF header (class 64, little endian, type `ET_REL`, machine `EM_INTELGT`),
//! then the section data, then the section headers: `.text.<kernel>` per kernel (`SHT_PROGBITS`,
//! alloc + exec), the data sections that have contents (`.data.const`, `.data.global`,
//! `.data.const.string`), `.debug_line` when there is a line table, `.symtab` (one local
//! function symbol per kernel, then the global symbols of data objects and of functions defined
//! elsewhere, undefined), the relocation sections (`.rel.text.<kernel>` for a kernel's code,
//! `.rela.data.*` for a data section, see [`crate::reloc`]), `.ze_info` (`SHT_ZEBIN_ZEINFO`),
//! `.note.intelgt.compat` (the IntelGT notes: product family, GFX core, target flags, `.ze_info`
//! version) and `.strtab` (section and symbol names).

use crate::reloc::{DataSection, ReadRelocation, RelocTarget, Relocation, SymbolDef, SymbolPlace};
use crate::zeinfo::ZeInfo;
use crate::Device;

/// `EM_INTELGT`: the ELF machine of Intel graphics.
pub const EM_INTELGT: u16 = 205;
/// `ET_REL`: the file type Intel's compiler writes (the runtime also takes `ET_ZEBIN_EXE`).
pub const ET_REL: u16 = 1;
/// `ET_ZEBIN_EXE`, the other file type the runtime accepts.
pub const ET_ZEBIN_EXE: u16 = 0xff12;
/// `SHT_ZEBIN_ZEINFO`: the section type of `.ze_info`.
pub const SHT_ZEBIN_ZEINFO: u32 = 0xff00_0011;
const SHT_PROGBITS: u32 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_NOTE: u32 = 7;
const SHT_RELA: u32 = 4;
const SHT_REL: u32 = 9;
const REL_SIZE: usize = 16;
const RELA_SIZE: usize = 24;
const SHF_ALLOC: u64 = 2;
const SHF_EXECINSTR: u64 = 4;
const EHDR_SIZE: usize = 64;
const SHDR_SIZE: usize = 64;
const SYM_SIZE: usize = 24;
/// `STT_FUNC` with `STB_LOCAL`, the symbol of a kernel.
const STT_FUNC_LOCAL: u8 = 2;
/// `STT_OBJECT` with `STB_GLOBAL`, the symbol of a data object.
pub const STT_OBJECT_GLOBAL: u8 = 0x11;
/// `STT_NOTYPE` with `STB_GLOBAL`, the (undefined) symbol of a function defined elsewhere, as
/// Intel's compiler writes it.
pub const STT_NOTYPE_GLOBAL: u8 = 0x10;
/// `STT_FUNC` with `STB_GLOBAL`, the symbol of a function whose address is taken.
pub const STT_FUNC_GLOBAL: u8 = 0x12;

/// The owner name of the IntelGT notes.
pub const INTELGT_NOTE_OWNER: &str = "IntelGT";
/// IntelGT note type: the product family (4-byte word).
pub const NT_PRODUCT_FAMILY: u32 = 1;
/// IntelGT note type: the GFX core family (4-byte word).
pub const NT_GFX_CORE: u32 = 2;
/// IntelGT note type: the target flags (4-byte word, see [`target_flags`]).
pub const NT_TARGET_METADATA: u32 = 3;
/// IntelGT note type: the `.ze_info` version, a NUL-terminated string.
pub const NT_ZEBIN_VERSION: u32 = 4;

/// The target flags of the `NT_TARGET_METADATA` note: generator 0 (not IGC), no revision checks
/// (bits 13 and 14 clear), `e_machine` not used for the product (bit 15 clear).
pub fn target_flags() -> u32 {
    0
}

/// What a zebin holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The device the code is for.
    pub device: Device,
    /// `(kernel name, Gen code)` in order; the names match `zeinfo.kernels`.
    pub kernels: Vec<(String, Vec<u8>)>,
    /// Constant data (`.data.const`), omitted when empty.
    pub data_const: Vec<u8>,
    /// Writable global data (`.data.global`), omitted when empty.
    pub data_global: Vec<u8>,
    /// printf format strings (`.data.const.string`), omitted when empty.
    pub data_const_string: Vec<u8>,
    /// The global symbols: objects of the data sections, functions defined elsewhere.
    pub symbols: Vec<SymbolDef>,
    /// The relocations of the kernels' code and of the data sections.
    pub relocations: Vec<Relocation>,
    /// The DWARF line table of the kernels (`.debug_line`, see [`crate::debug_line`]), omitted
    /// when empty.
    pub debug_line: Vec<u8>,
    /// The metadata.
    pub zeinfo: ZeInfo,
}

/// A section read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Name.
    pub name: String,
    /// `sh_type`.
    pub kind: u32,
    /// `sh_flags`.
    pub flags: u64,
    /// Contents.
    pub data: Vec<u8>,
}

/// A note of `.note.intelgt.compat` read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Owner name (without its NUL).
    pub owner: String,
    /// Note type.
    pub kind: u32,
    /// Description bytes.
    pub desc: Vec<u8>,
}

/// A symbol read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Name.
    pub name: String,
    /// Index of the section it is defined in.
    pub section: u16,
    /// Value (offset in the section).
    pub value: u64,
    /// Size in bytes.
    pub size: u64,
    /// `st_info` (binding and type).
    pub info: u8,
}

/// A zebin read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadZebin {
    /// `e_type`.
    pub file_type: u16,
    /// `e_machine`.
    pub machine: u16,
    /// Sections in header order (index 0, the null section, included).
    pub sections: Vec<Section>,
    /// The IntelGT notes.
    pub notes: Vec<Note>,
    /// The symbols of `.symtab` (the null symbol left out).
    pub symbols: Vec<Symbol>,
    /// The entries of every relocation section, in section order.
    pub relocations: Vec<ReadRelocation>,
}

impl Program {
    /// The contents of data section `s`.
    pub fn data(&self, s: DataSection) -> &[u8] {
        match s {
            DataSection::Global => &self.data_global,
            DataSection::Const => &self.data_const,
            DataSection::ConstString => &self.data_const_string,
        }
    }
}

impl ReadZebin {
    /// The section named `name`.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The `.ze_info` text.
    pub fn zeinfo_text(&self) -> Option<&str> {
        self.section(".ze_info").and_then(|s| std::str::from_utf8(&s.data).ok())
    }

    /// `(kernel name, code)` of every `.text.<kernel>` section, in order.
    pub fn kernels(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.sections.iter().filter_map(|s| Some((s.name.strip_prefix(".text.")?, s.data.as_slice())))
    }

    /// The 4-byte word of note `kind`.
    pub fn note_word(&self, kind: u32) -> Option<u32> {
        let n = self.notes.iter().find(|n| n.kind == kind)?;
        Some(u32::from_le_bytes(n.desc.get(..4)?.try_into().ok()?))
    }

    /// The device the notes name.
    pub fn device(&self) -> Option<Device> {
        Device::from_numbers(self.note_word(NT_GFX_CORE)?, self.note_word(NT_PRODUCT_FAMILY)?)
    }

    /// The `.ze_info` version the notes name.
    pub fn zebin_version(&self) -> Option<&str> {
        let n = self.notes.iter().find(|n| n.kind == NT_ZEBIN_VERSION)?;
        std::str::from_utf8(n.desc.split(|&b| b == 0).next()?).ok()
    }
}

/// Names in a string table: NUL-terminated, the empty name at 0.
#[derive(Default)]
struct StrTab {
    bytes: Vec<u8>,
}

impl StrTab {
    fn add(&mut self, s: &str) -> u32 {
        if self.bytes.is_empty() {
            self.bytes.push(0);
        }
        let at = self.bytes.len() as u32;
        self.bytes.extend_from_slice(s.as_bytes());
        self.bytes.push(0);
        at
    }
}

fn note(out: &mut Vec<u8>, kind: u32, desc: &[u8]) {
    let name = INTELGT_NOTE_OWNER.as_bytes();
    out.extend_from_slice(&(name.len() as u32 + 1).to_le_bytes());
    out.extend_from_slice(&(desc.len() as u32).to_le_bytes());
    out.extend_from_slice(&kind.to_le_bytes());
    out.extend_from_slice(name);
    out.push(0);
    while !out.len().is_multiple_of(4) {
        out.push(0);
    }
    out.extend_from_slice(desc);
    while !out.len().is_multiple_of(4) {
        out.push(0);
    }
}

/// The `.note.intelgt.compat` contents for `device` and `.ze_info` version `version`.
fn compat_notes(device: Device, version: (u32, u32)) -> Vec<u8> {
    let mut n = Vec::new();
    note(&mut n, NT_PRODUCT_FAMILY, &device.product_family().to_le_bytes());
    note(&mut n, NT_GFX_CORE, &device.gfx_core().to_le_bytes());
    note(&mut n, NT_TARGET_METADATA, &target_flags().to_le_bytes());
    let mut v = format!("{}.{}", version.0, version.1).into_bytes();
    v.push(0);
    note(&mut n, NT_ZEBIN_VERSION, &v);
    n
}

struct Header {
    name: u32,
    kind: u32,
    flags: u64,
    offset: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
}

/// Writes `program` as a zebin. Kernel names must be unique and match `zeinfo`'s kernels; an
/// error says which does not.
pub fn write(program: &Program) -> Result<Vec<u8>, String> {
    let names: Vec<&str> = program.zeinfo.kernels.iter().map(|k| k.name.as_str()).collect();
    let code: Vec<&str> = program.kernels.iter().map(|(n, _)| n.as_str()).collect();
    if names != code {
        return Err(format!("the kernels of .ze_info ({names:?}) are not those of the code ({code:?})"));
    }
    for (i, n) in code.iter().enumerate() {
        if n.is_empty() || n.contains('\0') {
            return Err(format!("kernel {i} has no usable name"));
        }
        if code[..i].contains(n) {
            return Err(format!("two kernels are named '{n}'"));
        }
    }
    let mut strtab = StrTab::default();
    strtab.add("");
    // The file is written in one buffer: the ELF header's room (filled in last), the sections,
    // then the section headers; reserved at about its size, so the code is copied once.
    let code_bytes: usize = program.kernels.iter().map(|(_, b)| b.len() + 64).sum();
    let data_bytes: usize = DataSection::ALL.iter().map(|&s| program.data(s).len() + 16).sum();
    let mut data: Vec<u8> =
        Vec::with_capacity(EHDR_SIZE + code_bytes + data_bytes + program.debug_line.len() + 4096);
    data.resize(EHDR_SIZE, 0);
    let mut headers: Vec<Header> = Vec::new();
    let place = |data: &mut Vec<u8>, bytes: &[u8], align: usize| -> u64 {
        data.resize(data.len().next_multiple_of(align), 0);
        let at = data.len() as u64;
        data.extend_from_slice(bytes);
        at
    };
    // .text.<kernel>, 64-byte aligned in the file (instruction fetch is in cache lines)
    let mut symbols: Vec<(u32, u16, u64)> = Vec::new();
    for (name, bytes) in &program.kernels {
        let sname = strtab.add(&format!(".text.{name}"));
        let offset = place(&mut data, bytes, 64);
        headers.push(Header {
            name: sname,
            kind: SHT_PROGBITS,
            flags: SHF_ALLOC | SHF_EXECINSTR,
            offset,
            size: bytes.len() as u64,
            link: 0,
            info: 0,
            align: 64,
            entsize: 0,
        });
        let sym = strtab.add(name);
        symbols.push((sym, headers.len() as u16, bytes.len() as u64));
    }
    // the data sections, and the section index of each written
    let mut data_index: Vec<(DataSection, u16)> = Vec::new();
    for s in DataSection::ALL {
        let bytes = program.data(s);
        if bytes.is_empty() {
            continue;
        }
        let sname = strtab.add(s.name());
        let offset = place(&mut data, bytes, 16);
        headers.push(Header {
            name: sname,
            kind: SHT_PROGBITS,
            flags: SHF_ALLOC,
            offset,
            size: bytes.len() as u64,
            link: 0,
            info: 0,
            align: 16,
            entsize: 0,
        });
        data_index.push((s, headers.len() as u16));
    }
    if !program.debug_line.is_empty() {
        let sname = strtab.add(".debug_line");
        let offset = place(&mut data, &program.debug_line, 1);
        headers.push(Header {
            name: sname,
            kind: SHT_PROGBITS,
            flags: 0,
            offset,
            size: program.debug_line.len() as u64,
            link: 0,
            info: 0,
            align: 1,
            entsize: 0,
        });
    }
    // .symtab: the null symbol, then one local function symbol per kernel, then the globals
    let locals = symbols.len();
    let mut symtab = vec![0u8; SYM_SIZE];
    let mut add_symbol = |name: u32, info: u8, section: u16, value: u64, size: u64| {
        symtab.extend_from_slice(&name.to_le_bytes());
        symtab.push(info);
        symtab.push(0);
        symtab.extend_from_slice(&section.to_le_bytes());
        symtab.extend_from_slice(&value.to_le_bytes());
        symtab.extend_from_slice(&size.to_le_bytes());
    };
    for &(name, section, size) in &symbols {
        add_symbol(name, STT_FUNC_LOCAL, section, 0, size);
    }
    let mut global_names: Vec<&str> = Vec::with_capacity(program.symbols.len());
    for sym in &program.symbols {
        if sym.name.is_empty() || sym.name.contains('\0') {
            return Err(format!("a global symbol has no usable name ('{}')", sym.name));
        }
        if global_names.contains(&sym.name.as_str()) || code.contains(&sym.name.as_str()) {
            return Err(format!("two symbols are named '{}'", sym.name));
        }
        global_names.push(&sym.name);
        let name = strtab.add(&sym.name);
        match sym.place {
            SymbolPlace::Data { section, offset } => {
                let Some(&(_, index)) = data_index.iter().find(|(s, _)| *s == section) else {
                    return Err(format!("symbol '{}' is in {}, which is empty", sym.name, section.name()));
                };
                if offset.checked_add(sym.size).is_none_or(|end| end > program.data(section).len() as u64) {
                    return Err(format!("symbol '{}' runs past the end of {}", sym.name, section.name()));
                }
                add_symbol(name, STT_OBJECT_GLOBAL, index, offset, sym.size);
            }
            SymbolPlace::UndefinedFunction => add_symbol(name, STT_NOTYPE_GLOBAL, 0, 0, 0),
            SymbolPlace::Function { ref kernel, offset } => {
                let Some(i) = code.iter().position(|c| c == kernel) else {
                    return Err(format!(
                        "function '{}' is in the code of '{kernel}', which is not a kernel",
                        sym.name
                    ));
                };
                if offset.checked_add(sym.size).is_none_or(|end| end > program.kernels[i].1.len() as u64) {
                    return Err(format!(
                        "function '{}' runs past the end of the code of '{kernel}'",
                        sym.name
                    ));
                }
                add_symbol(name, STT_FUNC_GLOBAL, i as u16 + 1, offset, sym.size);
            }
        }
    }
    let symtab_index = headers.len() + 1;
    let sname = strtab.add(".symtab");
    let offset = place(&mut data, &symtab, 8);
    headers.push(Header {
        name: sname,
        kind: SHT_SYMTAB,
        flags: 0,
        offset,
        size: symtab.len() as u64,
        link: 0, // the string table's index, set below
        info: locals as u32 + 1,
        align: 8,
        entsize: SYM_SIZE as u64,
    });
    // the relocation sections: one per kernel or data section patched
    let mut targets: Vec<&RelocTarget> = Vec::new();
    for r in &program.relocations {
        if !targets.contains(&&r.target) {
            targets.push(&r.target);
        }
    }
    for target in targets {
        let (name, section, size, with_addend) = match target {
            RelocTarget::Kernel(k) => {
                let Some(i) = code.iter().position(|c| c == k) else {
                    return Err(format!("a relocation of the code of '{k}', which is not a kernel"));
                };
                (format!(".rel.text.{k}"), i as u16 + 1, program.kernels[i].1.len() as u64, false)
            }
            RelocTarget::Data(s) => {
                let Some(&(_, index)) = data_index.iter().find(|(d, _)| d == s) else {
                    return Err(format!("a relocation of {}, which is empty", s.name()));
                };
                (format!(".rela{}", s.name()), index, program.data(*s).len() as u64, true)
            }
        };
        let mut entries = Vec::new();
        for r in program.relocations.iter().filter(|r| &r.target == target) {
            let Some(sym) = global_names.iter().position(|n| *n == r.symbol) else {
                return Err(format!("a relocation names '{}', which is not a global symbol", r.symbol));
            };
            if r.offset.checked_add(r.kind.width()).is_none_or(|end| end > size) {
                return Err(format!("a relocation at byte {} runs past the end of its section", r.offset));
            }
            if !with_addend && r.addend != 0 {
                return Err(format!("a code relocation of '{}' with addend {}", r.symbol, r.addend));
            }
            let sym = (locals + 1 + sym) as u64;
            entries.extend_from_slice(&r.offset.to_le_bytes());
            entries.extend_from_slice(&(sym << 32 | u64::from(r.kind.number())).to_le_bytes());
            if with_addend {
                entries.extend_from_slice(&r.addend.to_le_bytes());
            }
        }
        let sname = strtab.add(&name);
        let offset = place(&mut data, &entries, 8);
        headers.push(Header {
            name: sname,
            kind: if with_addend { SHT_RELA } else { SHT_REL },
            flags: 0,
            offset,
            size: entries.len() as u64,
            link: symtab_index as u32,
            info: u32::from(section),
            align: 8,
            entsize: if with_addend { RELA_SIZE } else { REL_SIZE } as u64,
        });
    }
    let yaml = program.zeinfo.to_yaml();
    let sname = strtab.add(".ze_info");
    let offset = place(&mut data, yaml.as_bytes(), 1);
    headers.push(Header {
        name: sname,
        kind: SHT_ZEBIN_ZEINFO,
        flags: 0,
        offset,
        size: yaml.len() as u64,
        link: 0,
        info: 0,
        align: 1,
        entsize: 0,
    });
    let notes = compat_notes(program.device, program.zeinfo.version);
    let sname = strtab.add(".note.intelgt.compat");
    let offset = place(&mut data, &notes, 4);
    headers.push(Header {
        name: sname,
        kind: SHT_NOTE,
        flags: 0,
        offset,
        size: notes.len() as u64,
        link: 0,
        info: 0,
        align: 4,
        entsize: 0,
    });
    let sname = strtab.add(".strtab");
    let strtab_index = headers.len() + 1;
    let strtab_bytes = std::mem::take(&mut strtab.bytes);
    let offset = place(&mut data, &strtab_bytes, 1);
    headers.push(Header {
        name: sname,
        kind: SHT_STRTAB,
        flags: 0,
        offset,
        size: strtab_bytes.len() as u64,
        link: 0,
        info: 0,
        align: 1,
        entsize: 0,
    });
    headers[symtab_index - 1].link = strtab_index as u32;
    data.resize(data.len().next_multiple_of(8), 0);
    let shoff = data.len() as u64;
    let shnum = headers.len() + 1;

    let mut out = Vec::with_capacity(EHDR_SIZE);
    out.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    out.extend_from_slice(&ET_REL.to_le_bytes());
    out.extend_from_slice(&EM_INTELGT.to_le_bytes());
    out.extend_from_slice(&1u32.to_le_bytes()); // e_version
    out.extend_from_slice(&0u64.to_le_bytes()); // e_entry
    out.extend_from_slice(&0u64.to_le_bytes()); // e_phoff
    out.extend_from_slice(&shoff.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes()); // e_flags
    out.extend_from_slice(&(EHDR_SIZE as u16).to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes()); // e_phentsize
    out.extend_from_slice(&0u16.to_le_bytes()); // e_phnum
    out.extend_from_slice(&(SHDR_SIZE as u16).to_le_bytes());
    out.extend_from_slice(&(shnum as u16).to_le_bytes());
    out.extend_from_slice(&(strtab_index as u16).to_le_bytes());
    debug_assert_eq!(out.len(), EHDR_SIZE);
    data[..EHDR_SIZE].copy_from_slice(&out);
    let mut out = data;
    out.reserve(shnum * SHDR_SIZE);
    out.extend_from_slice(&[0u8; SHDR_SIZE]);
    for h in &headers {
        out.extend_from_slice(&h.name.to_le_bytes());
        out.extend_from_slice(&h.kind.to_le_bytes());
        out.extend_from_slice(&h.flags.to_le_bytes());
        out.extend_from_slice(&0u64.to_le_bytes()); // sh_addr
        out.extend_from_slice(&h.offset.to_le_bytes());
        out.extend_from_slice(&h.size.to_le_bytes());
        out.extend_from_slice(&h.link.to_le_bytes());
        out.extend_from_slice(&h.info.to_le_bytes());
        out.extend_from_slice(&h.align.to_le_bytes());
        out.extend_from_slice(&h.entsize.to_le_bytes());
    }
    Ok(out)
}

fn u16_at(b: &[u8], at: usize) -> Result<u16, String> {
    b.get(at..at + 2).map(|s| u16::from_le_bytes([s[0], s[1]])).ok_or(format!("truncated at byte {at}"))
}

fn u32_at(b: &[u8], at: usize) -> Result<u32, String> {
    b.get(at..at + 4)
        .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or(format!("truncated at byte {at}"))
}

fn u64_at(b: &[u8], at: usize) -> Result<u64, String> {
    let lo = u32_at(b, at)? as u64;
    let hi = u32_at(b, at + 4)? as u64;
    Ok(lo | hi << 32)
}

fn cstr(table: &[u8], at: usize) -> Result<String, String> {
    let rest = table.get(at..).ok_or(format!("name offset {at} is outside its string table"))?;
    let end = rest.iter().position(|&b| b == 0).ok_or(format!("name at {at} is not NUL-terminated"))?;
    String::from_utf8(rest[..end].to_vec()).map_err(|_| format!("name at {at} is not UTF-8"))
}

/// Reads a zebin: the ELF64 header, every section, the IntelGT notes and the symbols. Anything
/// outside the file or not ELF64 little-endian is an error saying what.
pub fn read(bytes: &[u8]) -> Result<ReadZebin, String> {
    if bytes.len() < EHDR_SIZE || bytes[..4] != [0x7f, b'E', b'L', b'F'] {
        return Err("not an ELF file".into());
    }
    if bytes[4] != 2 || bytes[5] != 1 {
        return Err("not a 64-bit little-endian ELF file".into());
    }
    let file_type = u16_at(bytes, 16)?;
    let machine = u16_at(bytes, 18)?;
    let shoff = u64_at(bytes, 40)? as usize;
    let shentsize = u16_at(bytes, 58)? as usize;
    let shnum = u16_at(bytes, 60)? as usize;
    let shstrndx = u16_at(bytes, 62)? as usize;
    if shentsize != SHDR_SIZE {
        return Err(format!("section header size {shentsize}, expected {SHDR_SIZE}"));
    }
    if shstrndx >= shnum {
        return Err(format!("section name table index {shstrndx} is not a section"));
    }
    let mut raw = Vec::with_capacity(shnum);
    let mut links = Vec::with_capacity(shnum);
    for i in 0..shnum {
        let h = shoff
            .checked_add(i * SHDR_SIZE)
            .filter(|&h| h + SHDR_SIZE <= bytes.len())
            .ok_or(format!("section header {i} is outside the file"))?;
        let kind = u32_at(bytes, h + 4)?;
        let (offset, size) = (u64_at(bytes, h + 24)? as usize, u64_at(bytes, h + 32)? as usize);
        let data = if kind == 8 || i == 0 {
            Vec::new() // SHT_NOBITS and the null section hold no bytes
        } else {
            offset
                .checked_add(size)
                .and_then(|end| bytes.get(offset..end))
                .ok_or(format!("section {i} is outside the file"))?
                .to_vec()
        };
        let link_info = (u32_at(bytes, h + 40)?, u32_at(bytes, h + 44)?);
        raw.push((u32_at(bytes, h)?, kind, u64_at(bytes, h + 8)?, data));
        links.push(link_info);
    }
    let names = raw[shstrndx].3.clone();
    let mut sections = Vec::with_capacity(shnum);
    for (i, (name, kind, flags, data)) in raw.into_iter().enumerate() {
        let name = if i == 0 { String::new() } else { cstr(&names, name as usize)? };
        sections.push(Section { name, kind, flags, data });
    }
    let mut notes = Vec::new();
    if let Some(s) = sections.iter().find(|s| s.kind == SHT_NOTE && s.name == ".note.intelgt.compat") {
        let d = &s.data;
        let mut at = 0;
        while at < d.len() {
            let namesz = u32_at(d, at)? as usize;
            let descsz = u32_at(d, at + 4)? as usize;
            let kind = u32_at(d, at + 8)?;
            let name_at = at + 12;
            let desc_at = name_at + namesz.div_ceil(4) * 4;
            let end = desc_at + descsz.div_ceil(4) * 4;
            if end > d.len() {
                return Err(format!("note at byte {at} of .note.intelgt.compat runs past the section"));
            }
            let owner =
                String::from_utf8_lossy(&d[name_at..name_at + namesz]).trim_end_matches('\0').to_string();
            notes.push(Note { owner, kind, desc: d[desc_at..desc_at + descsz].to_vec() });
            at = end;
        }
    }
    let mut symbols = Vec::new();
    if let Some((i, s)) = sections.iter().enumerate().find(|(_, s)| s.kind == SHT_SYMTAB) {
        let link = u32_at(bytes, shoff + i * SHDR_SIZE + 40)? as usize;
        let table = &sections
            .get(link)
            .ok_or(format!("the symbol table's string table {link} is not a section"))?
            .data;
        for sym in s.data.chunks(SYM_SIZE).skip(1) {
            if sym.len() < SYM_SIZE {
                return Err("a truncated symbol".into());
            }
            symbols.push(Symbol {
                name: cstr(table, u32_at(sym, 0)? as usize)?,
                info: sym[4],
                section: u16_at(sym, 6)?,
                value: u64_at(sym, 8)?,
                size: u64_at(sym, 16)?,
            });
        }
    }
    let mut relocations = Vec::new();
    for (s, &(_, info)) in sections.iter().zip(&links) {
        let with_addend = match s.kind {
            SHT_REL => false,
            SHT_RELA => true,
            _ => continue,
        };
        let target = sections
            .get(info as usize)
            .ok_or(format!("relocation section {} patches section {info}, which is not one", s.name))?;
        for e in s.data.chunks(if with_addend { RELA_SIZE } else { REL_SIZE }) {
            let offset = u64_at(e, 0).map_err(|_| format!("a truncated entry in {}", s.name))?;
            let r_info = u64_at(e, 8).map_err(|_| format!("a truncated entry in {}", s.name))?;
            let addend = if with_addend {
                u64_at(e, 16).map_err(|_| format!("a truncated entry in {}", s.name))? as i64
            } else {
                0
            };
            let sym = (r_info >> 32) as usize;
            let symbol = match sym {
                0 => String::new(),
                n => symbols
                    .get(n - 1)
                    .ok_or(format!("a relocation of {} names symbol {n}, which is not one", s.name))?
                    .name
                    .clone(),
            };
            relocations.push(ReadRelocation {
                section: target.name.clone(),
                with_addend,
                offset,
                kind: r_info as u32,
                symbol,
                addend,
            });
        }
    }
    Ok(ReadZebin { file_type, machine, sections, notes, symbols, relocations })
}
