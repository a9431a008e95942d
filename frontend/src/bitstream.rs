//! A check of LLVM bitcode's bitstream before LLVM reads it in the library, so that malformed
//! bitcode LLVM would end the process on is a diagnostic there too. (The `genxc` command leaves
//! it out: it reports LLVM's fatal errors and crashes as the input's error, `crash_guard`, and
//! the check costs about a twentieth of its work on bitcode.)
//!
//! LLVM 14's bitstream reader does not return an error on everything malformed: an abbreviation
//! with an invalid operand encoding, an abbreviated record whose abbreviation does not exist, an
//! array operand that is not second to last or holds arrays or blobs, and a few more call
//! `report_fatal_error`, which ends the process (the `genxc` command turns it into a message,
//! `llvm::exit_on_llvm_fatal_error`, but a program using the library would end with it). Its
//! bitcode reader also jumps to offsets the bitcode states (the value symbol table's, each
//! function body's) and reads whatever it finds there with the abbreviations of that place.
//!
//! [`check`] walks the whole bitstream as LLVM's reader would: every block, abbreviation
//! definition and record, the `BLOCKINFO` block's abbreviations, and every offset the module
//! states. It refuses what would make LLVM stop the process, or read from a place other than the
//! one the offset names: abbreviations LLVM 14 cannot decode, records naming no abbreviation, a
//! block whose declared length is not its length, a `BLOCKINFO` block other than one at the start
//! of a module, function and symbol table offsets that do not point at a function block or a
//! value symbol table. What it accepts is left to LLVM's reader, whose errors are then the
//! diagnostics, as before. LLVM's writers (`llvm-as`, clang, the CM compiler) never write what it
//! refuses.
//!
//! The layout read, as LLVM documents it: an optional wrapper header, the magic `BC 0xC0DE`, then
//! a sequence of entries read with an abbreviation ID of the current block's width (2 at the top
//! level): `END_BLOCK` (0, then padding to 32 bits), `ENTER_SUBBLOCK` (1, block ID vbr8, the new
//! width vbr4, padding, the block's length in 32-bit words), `DEFINE_ABBREV` (2, an operand count
//! vbr5, each operand a literal bit and a literal vbr8 or an encoding of 3 bits and, for fixed and
//! VBR fields, a width vbr5), an unabbreviated record (3: code, operand count and each operand
//! vbr6), and records of the block's abbreviations (4 and up: those of the `BLOCKINFO` block for
//! the block's ID first, then those defined in the block).

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Block ID of the `BLOCKINFO` block.
const BLOCKINFO_BLOCK: u64 = 0;
/// Block ID of a module.
const MODULE_BLOCK: u64 = 8;
/// Block ID of a value symbol table.
const VALUE_SYMTAB_BLOCK: u64 = 14;
/// Block ID of a function body.
const FUNCTION_BLOCK: u64 = 12;
/// Code of the `BLOCKINFO` record that selects the block ID later abbreviations are for.
const SETBID: u64 = 1;
/// Code of a module's record giving its value symbol table's offset.
const MODULE_CODE_VSTOFFSET: u64 = 13;
/// Code of a module's record giving its data layout.
const MODULE_CODE_DATALAYOUT: u64 = 3;
/// Code of a value symbol table's record giving a function body's offset.
const VST_CODE_FNENTRY: u64 = 3;
/// Blocks nested deeper than this are refused (LLVM's writer nests four deep).
const MAX_DEPTH: usize = 64;
/// The widest fixed field LLVM reads at once (its word).
const MAX_FIXED_BITS: u64 = 64;
/// The widest VBR chunk LLVM decodes correctly (wider chunks shift by more than 32 bits).
const MAX_VBR_BITS: u64 = 32;
/// The widest abbreviation ID (LLVM reads a code of at most its word; writers use 2 to 6 bits).
const MAX_ABBREV_WIDTH: u64 = 32;

/// One operand of an abbreviation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    /// A value the record does not store.
    Literal(u64),
    /// A fixed-width field of that many bits.
    Fixed(u32),
    /// A variable-width field in chunks of that many bits.
    Vbr(u32),
    /// A count (vbr6) and that many elements of the next operand's encoding.
    Array,
    /// A 6-bit character.
    Char6,
    /// A count (vbr6), padding to 32 bits, that many bytes, padding to 32 bits.
    Blob,
}

/// An abbreviation: its operands, the record code first.
type Abbrev = Rc<[Op]>;

/// Why the bitstream is refused, and the bit (from the start of the bitcode) where it was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// What is wrong, lower case.
    pub what: String,
    /// The bit where the reading stopped.
    pub bit: u64,
}

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (bit {} of the bitstream)", self.what, self.bit)
    }
}

/// A reader of bits, least significant first, as LLVM's bitstream stores them.
struct Bits<'a> {
    bytes: &'a [u8],
    /// The next bit to read.
    at: u64,
    /// The bits in the stream.
    end: u64,
}

impl Bits<'_> {
    /// The bits in the stream.
    fn len(&self) -> u64 {
        self.end
    }

    #[cold]
    fn fail<T>(&self, what: impl Into<String>) -> Result<T, Malformed> {
        Err(Malformed { what: what.into(), bit: self.at })
    }

    /// The 8 bytes from `byte` as a little-endian word (zeros past the end).
    #[inline(always)]
    fn word_at(&self, byte: usize) -> u64 {
        match self.bytes.get(byte..byte + 8) {
            Some(w) => u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]),
            None => {
                let mut w = [0u8; 8];
                let tail = &self.bytes[byte.min(self.bytes.len())..];
                w[..tail.len().min(8)].copy_from_slice(&tail[..tail.len().min(8)]);
                u64::from_le_bytes(w)
            }
        }
    }

    /// The next `n` bits (at most 64) as a number.
    #[inline(always)]
    fn read(&mut self, n: u32) -> Result<u64, Malformed> {
        let next = self.at + u64::from(n);
        if next > self.end {
            return self.fail("the bitstream ends inside a field");
        }
        let byte = (self.at >> 3) as usize;
        let shift = (self.at & 7) as u32;
        let value = if n <= 56 {
            (self.word_at(byte) >> shift) & ((1u64 << n) - 1)
        } else {
            // a field of 57 to 64 bits: two halves
            self.at += 32;
            let high = self.word_at((self.at >> 3) as usize) >> (self.at & 7);
            let low = (self.word_at(byte) >> shift) & 0xffff_ffff;
            let high_bits = n - 32;
            low | (high & ((1u64 << high_bits) - 1)) << 32
        };
        self.at = next;
        Ok(value)
    }

    /// A VBR number in chunks of `width` bits (1 to 32) whose value fits in `max_bits` bits (32 or
    /// 64): a chunk starting at or past `max_bits`, or carrying bits past it, is refused (LLVM
    /// would shift them out of its word).
    #[inline(always)]
    fn vbr(&mut self, width: u32, max_bits: u32) -> Result<u64, Malformed> {
        // the usual case: the number ends within the next 56 bits, all of them in the stream,
        // decoded from one word
        if self.at + 64 <= self.end {
            let word = self.word_at((self.at >> 3) as usize) >> (self.at & 7);
            let payload = width - 1;
            let (mask, high) = ((1u64 << payload) - 1, 1u64 << payload);
            let (mut value, mut shift, mut used) = (0u64, 0u32, 0u32);
            while used + width <= 56 {
                let chunk = word >> used;
                value |= (chunk & mask) << shift;
                used += width;
                if chunk & high == 0 {
                    if shift < max_bits && (max_bits == 64 || value >> max_bits == 0) {
                        self.at += u64::from(used);
                        return Ok(value);
                    }
                    break;
                }
                shift += payload;
            }
        }
        let chunk = self.read(width)?;
        if chunk >> (width - 1) == 0 {
            return Ok(chunk);
        }
        self.vbr_rest(chunk, width, max_bits)
    }

    /// The chunks of a VBR number after its first, `first`.
    fn vbr_rest(&mut self, first: u64, width: u32, max_bits: u32) -> Result<u64, Malformed> {
        let payload = width - 1;
        let high = 1u64 << payload;
        let mut value = first & (high - 1);
        let mut shift = payload;
        loop {
            let chunk = self.read(width)?;
            let bits = chunk & (high - 1);
            let fits = shift < max_bits && (shift + payload <= max_bits || bits >> (max_bits - shift) == 0);
            if !fits {
                return self.fail(format!("a VBR number wider than {max_bits} bits"));
            }
            value |= bits << shift;
            if chunk & high == 0 {
                return Ok(value);
            }
            shift += payload;
        }
    }

    /// Skips to the next multiple of 32 bits.
    fn align32(&mut self) {
        self.at = self.at.div_ceil(32) * 32;
    }
}

/// The block being read.
struct Frame {
    /// Its block ID (`None` at the top level).
    id: Option<u64>,
    /// Bits per abbreviation ID.
    width: u32,
    /// The abbreviations records of the block may name (ID 4 is the first).
    abbrevs: Vec<Abbrev>,
    /// The bit after its last word, from its declared length.
    end: u64,
}

/// What a module states and holds: the offsets its reader jumps to, and where its function bodies
/// and value symbol tables start (bits from the module's base).
#[derive(Default)]
struct ModuleFacts {
    /// The byte the module's bitcode starts at (its identification block's or its own entry).
    base_byte: u64,
    /// Whether its `BLOCKINFO` block has been read, and whether any other sub-block has.
    blockinfo_seen: bool,
    sub_block_seen: bool,
    /// The `BLOCKINFO` abbreviations by block ID.
    blockinfo: HashMap<u64, Vec<Abbrev>>,
    /// Where each function block's `ENTER_SUBBLOCK` stands, when its block ID takes 8 bits.
    function_blocks: HashSet<u64>,
    /// Where each value symbol table's `ENTER_SUBBLOCK` stands.
    symbol_tables: HashSet<u64>,
    /// The offsets, in 32-bit words, the module's records state: its value symbol table's, and
    /// the function bodies' its symbol tables list.
    vst_offset: Option<(u64, u64)>,
    function_offsets: Vec<(u64, u64)>,
}

/// Checks bitcode (`BC 0xC0DE`, or a wrapper header around it) as described in the module
/// documentation. Input that is not bitcode is left to LLVM.
pub fn check(bytes: &[u8]) -> Result<(), Malformed> {
    let bitcode = match bytes {
        [0xDE, 0xC0, 0x17, 0x0B, ..] => {
            let word =
                |at: usize| bytes.get(at..at + 4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
            let (Some(offset), Some(size)) = (word(8), word(12)) else {
                return Err(Malformed { what: "a wrapper header cut short".into(), bit: 0 });
            };
            let (offset, size) = (offset as usize, size as usize);
            match offset.checked_add(size).filter(|&end| end <= bytes.len()).map(|end| &bytes[offset..end]) {
                Some(inner) => inner,
                None => {
                    let what = "a wrapper header whose bitcode lies outside the file";
                    return Err(Malformed { what: what.into(), bit: 0 });
                }
            }
        }
        _ => bytes,
    };
    if !bitcode.starts_with(b"BC\xC0\xDE") {
        // LLVM refuses it before reading any block
        return Ok(());
    }
    if bitcode.len() % 4 != 0 {
        return Err(Malformed { what: "the bitcode is not a whole number of 32-bit words".into(), bit: 0 });
    }
    walk(&mut Bits { bytes: bitcode, at: 32, end: bitcode.len() as u64 * 8 })
}

/// Walks every entry after the magic number.
fn walk(bits: &mut Bits) -> Result<(), Malformed> {
    let mut stack: Vec<Frame> = vec![Frame { id: None, width: 2, abbrevs: Vec::new(), end: bits.len() }];
    let mut module: Option<ModuleFacts> = None;
    // The byte where the top-level entry being read started, and the start of the pending
    // identification block's (the base of the module after it).
    let mut identification_byte: Option<u64> = None;
    // In a `BLOCKINFO` block: the block ID its abbreviations are for.
    let mut blockinfo_target: Option<u64> = None;
    // The operands of the record being read (a blob's bytes are not kept).
    let mut values: Vec<u64> = Vec::new();
    loop {
        let depth = stack.len() - 1;
        if depth == 0 {
            // LLVM stops looking for blocks where no other can fit (8 bytes before the end)
            if bits.at / 8 + 8 >= bits.bytes.len() as u64 {
                return Ok(());
            }
        }
        let frame = stack.last().expect("the top level is never popped");
        let entry_bit = bits.at;
        let code = bits.read(frame.width)?;
        match code {
            0 => {
                // END_BLOCK
                if depth == 0 {
                    return bits.fail("END_BLOCK outside a block");
                }
                bits.align32();
                let frame = stack.pop().expect("depth > 0");
                if bits.at != frame.end {
                    let what = format!(
                        "block {} ends at bit {}, not where its length says (bit {})",
                        frame.id.unwrap_or_default(),
                        bits.at,
                        frame.end
                    );
                    return bits.fail(what);
                }
                match frame.id {
                    Some(BLOCKINFO_BLOCK) => blockinfo_target = None,
                    Some(MODULE_BLOCK) if depth == 1 => {
                        if let Some(facts) = module.take() {
                            check_offsets(&facts)?;
                        }
                    }
                    _ => {}
                }
            }
            1 => {
                // ENTER_SUBBLOCK
                let id_start = bits.at;
                let id = bits.vbr(8, 32)?;
                let id_bits = bits.at - id_start;
                let width = bits.vbr(4, 32)?;
                if !(1..=MAX_ABBREV_WIDTH).contains(&width) {
                    return bits.fail(format!("block {id} with {width}-bit abbreviation IDs"));
                }
                bits.align32();
                let words = bits.read(32)?;
                let end = bits.at + words * 32;
                if end > frame.end {
                    return bits.fail(format!("block {id} longer than what holds it"));
                }
                if stack.len() > MAX_DEPTH {
                    return bits.fail(format!("blocks nested more than {MAX_DEPTH} deep"));
                }
                if blockinfo_target.is_some() || frame.id == Some(BLOCKINFO_BLOCK) {
                    return bits.fail("a block inside the BLOCKINFO block");
                }
                let parent = frame.id;
                let module_level = depth == 1 && parent == Some(MODULE_BLOCK);
                match (depth, id) {
                    (0, MODULE_BLOCK) => {
                        let base_byte = identification_byte.take().unwrap_or(entry_bit / 8);
                        module = Some(ModuleFacts { base_byte, ..ModuleFacts::default() });
                    }
                    (0, 13) => identification_byte = Some(entry_bit / 8),
                    (0, _) => identification_byte = None,
                    _ => {}
                }
                if id == BLOCKINFO_BLOCK {
                    // LLVM reads a BLOCKINFO block where a module starts, and nowhere else
                    let first = module.as_ref().is_some_and(|m| !m.blockinfo_seen && !m.sub_block_seen);
                    if !(module_level && first) {
                        return bits.fail("a BLOCKINFO block other than one at the start of a module");
                    }
                }
                let mut abbrevs = Vec::new();
                if let Some(m) = module.as_mut() {
                    if module_level {
                        let at = entry_bit - m.base_byte * 8;
                        match id {
                            BLOCKINFO_BLOCK => m.blockinfo_seen = true,
                            FUNCTION_BLOCK if id_bits == 8 => {
                                m.function_blocks.insert(at);
                            }
                            VALUE_SYMTAB_BLOCK => {
                                m.symbol_tables.insert(at);
                            }
                            _ => {}
                        }
                        m.sub_block_seen |= id != BLOCKINFO_BLOCK;
                    }
                    if depth > 0 {
                        abbrevs = m.blockinfo.get(&id).cloned().unwrap_or_default();
                    }
                }
                stack.push(Frame { id: Some(id), width: width as u32, abbrevs, end });
            }
            2 => {
                // DEFINE_ABBREV
                let abbrev = read_abbrev(bits)?;
                if frame.id == Some(BLOCKINFO_BLOCK) {
                    let Some(target) = blockinfo_target else {
                        return bits.fail("an abbreviation in the BLOCKINFO block before its block ID");
                    };
                    if let Some(m) = module.as_mut() {
                        m.blockinfo.entry(target).or_default().push(abbrev);
                    }
                } else {
                    stack.last_mut().expect("a frame").abbrevs.push(abbrev);
                }
            }
            3 => {
                // an unabbreviated record
                let code = bits.vbr(6, 32)?;
                let count = bits.vbr(6, 32)?;
                values.clear();
                if noted(frame.id, depth, code) {
                    for _ in 0..count {
                        values.push(bits.vbr(6, 64)?);
                    }
                    note_record(frame, depth, code, &values, &mut module, &mut blockinfo_target, entry_bit)?;
                } else {
                    for _ in 0..count {
                        bits.vbr(6, 64)?;
                    }
                }
            }
            n => {
                if frame.id == Some(BLOCKINFO_BLOCK) {
                    return bits.fail("an abbreviated record in the BLOCKINFO block");
                }
                let Some(abbrev) = frame.abbrevs.get((n - 4) as usize).cloned() else {
                    return bits
                        .fail(format!("a record of abbreviation {n}, which the block does not define"));
                };
                let id = frame.id;
                let code = read_abbreviated(bits, &abbrev, &mut values, |code| noted(id, depth, code))?;
                if noted(id, depth, code) {
                    let frame = stack.last().expect("a frame");
                    note_record(frame, depth, code, &values, &mut module, &mut blockinfo_target, entry_bit)?;
                }
            }
        }
    }
}

/// Whether the check reads the operands of a record of `code` in block `id` at `depth`
/// ([`note_record`]); the others are only stepped over.
#[inline(always)]
fn noted(id: Option<u64>, depth: usize, code: u64) -> bool {
    matches!(
        (id, depth, code),
        (Some(BLOCKINFO_BLOCK), _, SETBID)
            | (Some(MODULE_BLOCK), 1, MODULE_CODE_VSTOFFSET | MODULE_CODE_DATALAYOUT)
            | (Some(VALUE_SYMTAB_BLOCK), 2, VST_CODE_FNENTRY)
    )
}

/// What a record tells the check: in a `BLOCKINFO` block the block ID it selects, in a module its
/// value symbol table's offset and its data layout (checked as the text reader's are: LLVM 14 ends
/// the process on one it cannot parse), in a module's value symbol table a function body's offset.
fn note_record(
    frame: &Frame,
    depth: usize,
    code: u64,
    values: &[u64],
    module: &mut Option<ModuleFacts>,
    blockinfo_target: &mut Option<u64>,
    at: u64,
) -> Result<(), Malformed> {
    match (frame.id, depth, code, values) {
        (Some(BLOCKINFO_BLOCK), _, SETBID, [id, ..]) => *blockinfo_target = Some(*id),
        (Some(MODULE_BLOCK), 1, MODULE_CODE_VSTOFFSET, [offset, ..]) => {
            if let Some(m) = module.as_mut() {
                m.vst_offset = Some((*offset, at));
            }
        }
        (Some(MODULE_BLOCK), 1, MODULE_CODE_DATALAYOUT, chars) => {
            let text: String = chars.iter().map(|&c| char::from(c as u8)).collect();
            if chars.iter().any(|&c| c > 0x7f) {
                return Err(Malformed { what: "a data layout that is not ASCII".into(), bit: at });
            }
            if let Err(why) = crate::llvm::datalayout_error(&text) {
                return Err(Malformed {
                    what: format!("invalid target datalayout \"{text}\": {why}"),
                    bit: at,
                });
            }
        }
        (Some(VALUE_SYMTAB_BLOCK), 2, VST_CODE_FNENTRY, [_, offset, ..]) => {
            if let Some(m) = module.as_mut() {
                m.function_offsets.push((*offset, at));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Checks that the offsets a module states point where LLVM's reader expects: the value symbol
/// table's at a value symbol table, each function body's at a function block. (An offset counts
/// 32-bit words from one word before the module's base.)
fn check_offsets(m: &ModuleFacts) -> Result<(), Malformed> {
    let place = |words: u64| words.checked_sub(1).and_then(|w| w.checked_mul(32));
    if let Some((words, at)) = m.vst_offset {
        if !place(words).is_some_and(|bit| m.symbol_tables.contains(&bit)) {
            let what =
                format!("a value symbol table offset ({words} words) that names no value symbol table");
            return Err(Malformed { what, bit: at });
        }
    }
    for &(words, at) in &m.function_offsets {
        if !place(words).is_some_and(|bit| m.function_blocks.contains(&bit)) {
            let what = format!("a function body offset ({words} words) that names no function block");
            return Err(Malformed { what, bit: at });
        }
    }
    Ok(())
}

/// Reads a `DEFINE_ABBREV` after its ID, refusing what LLVM 14 cannot decode: an encoding other
/// than the five, a fixed field wider than 64 bits or a VBR chunk wider than 32, no operand, a
/// first operand that is an array or a blob, an array that is not second to last or whose
/// element is not a fixed, VBR or char6 field.
fn read_abbrev(bits: &mut Bits) -> Result<Abbrev, Malformed> {
    let count = bits.vbr(5, 32)?;
    let mut ops = Vec::with_capacity((count as usize).min(64));
    for _ in 0..count {
        if bits.read(1)? == 1 {
            ops.push(Op::Literal(bits.vbr(8, 64)?));
            continue;
        }
        let op = match bits.read(3)? {
            encoding @ (1 | 2) => {
                let width = bits.vbr(5, 64)?;
                let (widest, name) =
                    if encoding == 1 { (MAX_FIXED_BITS, "fixed") } else { (MAX_VBR_BITS, "VBR") };
                if width > widest {
                    return bits.fail(format!("an abbreviation with a {width}-bit {name} field"));
                }
                match (encoding, width) {
                    // LLVM reads a field of no bits as the literal 0
                    (_, 0) => Op::Literal(0),
                    (1, w) => Op::Fixed(w as u32),
                    (_, w) => Op::Vbr(w as u32),
                }
            }
            3 => Op::Array,
            4 => Op::Char6,
            5 => Op::Blob,
            encoding => return bits.fail(format!("an abbreviation operand of encoding {encoding}")),
        };
        ops.push(op);
    }
    match ops.as_slice() {
        [] => return bits.fail("an abbreviation without operands"),
        [Op::Array | Op::Blob, ..] => {
            return bits.fail("an abbreviation whose record code is an array or a blob")
        }
        _ => {}
    }
    for (k, op) in ops.iter().enumerate() {
        if *op == Op::Array {
            match ops.get(k + 1) {
                Some(Op::Fixed(_) | Op::Vbr(_) | Op::Char6) if k + 2 == ops.len() => {}
                _ => {
                    let what =
                        "an abbreviation whose array is not second to last with a field for its elements";
                    return bits.fail(what);
                }
            }
        }
    }
    Ok(ops.into())
}

/// Reads one field of encoding `op` (not an array or a blob).
#[inline(always)]
fn read_field(bits: &mut Bits, op: Op) -> Result<u64, Malformed> {
    match op {
        Op::Literal(v) => Ok(v),
        Op::Fixed(w) => bits.read(w),
        Op::Vbr(w) => bits.vbr(w, 64),
        Op::Char6 => bits.read(6),
        Op::Array | Op::Blob => bits.fail("an array or a blob where a field is expected"),
    }
}

/// Reads a record of `abbrev` (as [`read_abbrev`] checked it): its code, and its operands into
/// `values` when `keep` says so of the code (a blob counts as none).
fn read_abbreviated(
    bits: &mut Bits,
    abbrev: &[Op],
    values: &mut Vec<u64>,
    keep: impl Fn(u64) -> bool,
) -> Result<u64, Malformed> {
    values.clear();
    let code = read_field(bits, abbrev[0])?;
    let keep = keep(code);
    let mut k = 1;
    while k < abbrev.len() {
        match abbrev[k] {
            Op::Array => {
                let n = bits.vbr(6, 32)?;
                let element = abbrev[k + 1];
                let least_bits = match element {
                    Op::Fixed(w) | Op::Vbr(w) => u64::from(w),
                    _ => 6,
                };
                if n.saturating_mul(least_bits) > bits.len() - bits.at {
                    return bits.fail("an array longer than the bitstream");
                }
                for _ in 0..n {
                    let value = read_field(bits, element)?;
                    if keep {
                        values.push(value);
                    }
                }
                k += 2;
            }
            Op::Blob => {
                let n = bits.vbr(6, 32)?;
                bits.align32();
                let end = bits.at + n.div_ceil(4) * 32;
                if end > bits.len() {
                    return bits.fail("a blob longer than the bitstream");
                }
                bits.at = end;
                k += 1;
            }
            op => {
                let value = read_field(bits, op)?;
                if keep {
                    values.push(value);
                }
                k += 1;
            }
        }
    }
    Ok(code)
}
