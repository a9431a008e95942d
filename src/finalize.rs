//! Running Intel's vISA finalizer (`GenX_IR`) to get each kernel's Gen code, for `--emit zebin`.
//!
//! The kernels are shared out into as many batches as there are workers, balanced by size (the
//! finalizer's time grows with a kernel's vISA instructions: equal counts of unequal kernels left
//! a core idle while the other finished the large ones); each batch is one `.isa` container
//! finalized by one `GenX_IR` process in a folder of its own, and the batches run at the same
//! time. Every kernel carries an `OutputAsmPath` attribute naming its output files
//! (`k<N>.asm`, and with `-binary` the Gen code `k<N>.dat`), since the finalizer otherwise writes
//! every kernel of a container to the same file. On parts whose threads load their own payload
//! (Xe-HP and later) each kernel also declares its per-thread payload (`PerThreadInputSize`, one
//! GRF of local ids), so the finalizer starts the code with the prologue that loads it; the
//! runtime skips that prologue when it loads the payload itself
//! ([`FinalizerReport::per_thread_prologue`]).
//!
//! Each kernel's [`FinalizerReport`] (registers, scratch size, instruction count, the per-thread
//! prologue) comes from its Gen code where the code tells it exactly, and otherwise from the Gen
//! assembly listing the finalizer writes with `-output`. Writing that listing took a third of the
//! finalizer's time on kernels of 100 operations, so it is asked for only where the report needs
//! it: a batch with stack calls (the call stack is scratch memory that only the listing sizes),
//! with the `.dbg` maps (which the finalizer writes beside listings only) or with options passed
//! through (which may change the register file); and a kernel the finalizer says spilled, or
//! whose code does not start as the per-thread prologue it was to get, is finalized again with
//! its listing, in a container without the rest of its batch. [`Finalizing::listings`] asks for
//! listings always, so that the two ways can be compared (`tests/finalizer_listings.rs`).
//!
//! With source lines (`-g`: the kernels' vISA holds `LOC`/`FILE` instructions) the finalizer
//! also runs with `-generateDebugInfo` and writes, per kernel, a `.dbg` file mapping Gen code
//! offsets to vISA instruction indices ([`read_dbg`]); with the kernel's own vISA that gives the
//! source line of each piece of Gen code ([`Finalized::lines`]), the rows of the zebin's
//! `.debug_line`. The finalizer numbers a kernel's instructions from the entry label, and each
//! instruction or label line of an inline assembly template as one of its own
//! ([`visa_indices`]).
//!
//! A kernel taking the address of a symbol (vISA `faddr`: a global of the data section, a printf
//! string, a function defined elsewhere) also runs with `-generateDebugInfo`: the finalizer
//! writes each such address as two `mov`s of the placeholder immediate [`ADDRESS_PLACEHOLDER`]
//! (the low and the high dword of the 64-bit value) and no relocation table, and the `.dbg` map
//! says which vISA instruction, so which `faddr` and which symbol, each `mov` comes from
//! ([`symbol_refs`]): the places the zebin's relocations patch.

use genxc_diag::Diagnostic;
use genxc_genx::Platform;
use genxc_visa::{Kernel, KernelAttr};
use std::borrow::Cow;
use std::process::Command;

/// One kernel to finalize and the stack functions it calls: they go in the function table of the
/// kernel's container, and the finalizer links the ones it reaches into the kernel's code.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// The kernel.
    pub kernel: Kernel,
    /// The `.global_function`s the kernel reaches (empty for a kernel making no stack call).
    pub functions: Vec<Kernel>,
    /// Whether the functions' places in the code are wanted ([`Finalized::functions`]): the
    /// unit is the holder of the functions whose address is taken, whose code the zebin's
    /// function symbols point into.
    pub exports_functions: bool,
}

/// What the finalizer says about one kernel's code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FinalizerReport {
    /// General registers per thread (`numGRF` of the listing's thread configuration; what the
    /// options asked, without a listing).
    pub grf_count: u32,
    /// Gen instructions (the listing's `instCount`, the code's instructions).
    pub inst_count: u32,
    /// Bytes of scratch memory per thread: the registers the allocator spills and, for a kernel
    /// making stack calls, its call stack (the listing's `spill size`; 0 when it needs none).
    pub scratch_size: u32,
    /// Spill stores (scratch writes of spilled registers).
    pub spill_sends: u32,
    /// Bytes the spill stores write.
    pub spill_bytes: u32,
    /// Fill loads (scratch reads of spilled registers).
    pub fill_sends: u32,
    /// Bytes the fill loads read.
    pub fill_bytes: u32,
    /// Bytes of Gen code.
    pub code_bytes: u32,
    /// Bytes of the per-thread payload prologue at the start of the code, when there is one.
    pub per_thread_prologue: Option<u32>,
}

/// One finalized kernel: its Gen code and the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finalized {
    /// The kernel's name.
    pub name: String,
    /// The Gen code (`-binary`'s `.dat`).
    pub code: Vec<u8>,
    /// What the finalizer says about the code.
    pub report: FinalizerReport,
    /// With source lines (`-g`): the source file and `(Gen code offset, source line)` rows in
    /// code order, a row where the line changes; empty without.
    pub lines: (String, Vec<(u64, u32)>),
    /// The placeholder immediates of the symbol addresses (`faddr`) in the code, in code order.
    pub symbol_refs: Vec<SymbolRef>,
    /// Where the finalizer linked each stack function into the code: its name and the byte
    /// offset of its entry (read from the `.dbg` map, so known when one was read: with source
    /// lines, symbol addresses, or [`Unit::exports_functions`]).
    pub functions: Vec<(String, u32)>,
}

/// The immediate `GenX_IR` writes for each half of a symbol's address (`faddr`), for a linker to
/// replace.
pub const ADDRESS_PLACEHOLDER: u32 = 0x6E10_CA2E;

/// One placeholder dword of a symbol address in a kernel's Gen code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolRef {
    /// Byte offset of the 32-bit immediate in the kernel's code.
    pub offset: u32,
    /// The symbol (the `faddr` operand).
    pub symbol: String,
    /// Whether the `mov` writes the high dword of the address (else the low one).
    pub high: bool,
}

/// Gen opcode of `mov`.
const OPCODE_MOV: u8 = 0x61;

/// A debug object with its vISA: the unit, its base, its `(Gen offset, vISA index)` pairs, and
/// the body instruction of each vISA index ([`body_of_index`]).
type PlacedObject<'a> = (&'a Kernel, u32, Vec<(u32, u32)>, Vec<Option<usize>>);

/// How many instructions the finalizer numbers for `inst` of a kernel body: one, except for
/// inline assembly, where it numbers each line of the template (operands substituted) holding an
/// instruction or a label, and not the lines holding nothing but white space and comments (`//`
/// to the end of the line, `/* ... */`) nor declarations (`.decl` and the other `.` directives):
/// what `GenX_IR` shows as the `/// $N` annotations of its listing and writes in its `.dbg` map.
pub fn numbered_instructions(inst: &genxc_visa::Inst) -> u32 {
    let genxc_visa::Inst::Verbatim { pieces } = inst else { return 1 };
    // an operand is never empty and holds no comment: one placeholder word stands for each
    let text: String = pieces
        .iter()
        .map(|p| match p {
            genxc_visa::VerbatimPiece::Text(t) => t.as_str(),
            _ => "operand",
        })
        .collect();
    let mut count = 0;
    let mut in_block = false;
    for line in text.lines() {
        // the line without its comments
        let mut code = String::new();
        let mut rest = line;
        loop {
            if in_block {
                match rest.find("*/") {
                    Some(end) => {
                        rest = &rest[end + 2..];
                        in_block = false;
                    }
                    None => break,
                }
            } else {
                let line_comment = rest.find("//");
                let block = rest.find("/*");
                match (line_comment, block) {
                    (Some(l), b) if b.is_none_or(|b| l < b) => {
                        code.push_str(&rest[..l]);
                        break;
                    }
                    (_, Some(b)) => {
                        code.push_str(&rest[..b]);
                        code.push(' ');
                        rest = &rest[b + 2..];
                        in_block = true;
                    }
                    _ => {
                        code.push_str(rest);
                        break;
                    }
                }
            }
        }
        let code = code.trim();
        if !code.is_empty() && !code.starts_with('.') {
            count += 1;
        }
    }
    count
}

/// The vISA index the finalizer gives the first instruction of each of `kernel`'s body
/// instructions (the entry label being index 0, so the first body instruction is index 1), and
/// last the index past the body: each body instruction takes [`numbered_instructions`] indices.
pub fn visa_indices(kernel: &Kernel) -> Vec<u32> {
    let mut starts = Vec::with_capacity(kernel.body.len() + 1);
    let mut next = 1u32;
    for inst in &kernel.body {
        starts.push(next);
        next = next.saturating_add(numbered_instructions(inst));
    }
    starts.push(next);
    starts
}

/// The body instruction each vISA index of `kernel` belongs to (none for the entry label, index
/// 0): the inverse of [`visa_indices`].
pub fn body_of_index(kernel: &Kernel) -> Vec<Option<usize>> {
    let starts = visa_indices(kernel);
    let mut owners = vec![None];
    for (i, w) in starts.windows(2).enumerate() {
        owners.extend((w[0]..w[1]).map(|_| Some(i)));
    }
    owners
}

/// The placeholder dwords of the `faddr`s in a kernel's Gen `code`: every uncompacted `mov`
/// whose immediate is [`ADDRESS_PLACEHOLDER`], attributed to a vISA instruction by the `.dbg`
/// objects (`objects`: each the vISA of the kernel or of a stack function linked into its code,
/// with its debug object). A Gen instruction belongs to the object of the last base at or before
/// its offset, and there to the index of the last pair at or before it (numbered as
/// [`visa_indices`] says: the entry label 0, then one per instruction, those of an inline
/// assembly template each counted). A `mov` attributed to an instruction other than a `faddr`
/// is an ordinary constant and left out. Its destination's sub-register (bits 51..55 of the instruction: the
/// byte offset, counted in 2-byte units where a GRF is 64 bytes) says which dword of the 64-bit
/// address it writes. A `faddr` with a placeholder of one half must have one of the other (the
/// finalizer may drop an unused one, or repeat a half it rematerializes).
pub fn symbol_refs(
    objects: &[(&Kernel, &DebugObject)],
    code: &[u8],
    grf_bytes: u32,
) -> Result<Vec<SymbolRef>, String> {
    // each object's vISA, base, and `(Gen offset, vISA index)` pairs in offset order
    let mut objects: Vec<PlacedObject> = objects
        .iter()
        .map(|&(k, o)| {
            let mut by_offset: Vec<(u32, u32)> =
                o.map.iter().map(|&(index, offset)| (o.base.saturating_add(offset), index)).collect();
            by_offset.sort();
            (k, o.base, by_offset, body_of_index(k))
        })
        .collect();
    objects.sort_by_key(|&(_, base, _, _)| base);
    // the object and the vISA index a Gen offset belongs to
    let owner = |at: u32| -> Option<(usize, u32)> {
        let o = objects.iter().rposition(|&(_, base, _, _)| base <= at)?;
        let index = objects[o].2.iter().take_while(|&&(off, _)| off <= at).last()?.1;
        Some((o, index))
    };
    let mut refs = Vec::new();
    let mut owners = Vec::new();
    for (at, inst) in gen_instructions(code) {
        let imm = inst.get(12..16).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        if inst.len() == 16 && inst[0] & 0x7f == OPCODE_MOV && imm == Some(ADDRESS_PLACEHOLDER) {
            let found = owner(at as u32);
            let faddr = found.and_then(|(o, i)| {
                let (unit, _, _, body) = &objects[o];
                unit.body.get((*body.get(i as usize)?)?)
            });
            if let (Some(genxc_visa::Inst::FAddr { function, .. }), Some(found)) = (faddr, found) {
                let subreg = u32::from(inst[6] >> 3);
                let byte = if grf_bytes == 64 { subreg * 2 } else { subreg };
                refs.push(SymbolRef {
                    offset: at as u32 + 12,
                    symbol: function.clone(),
                    high: (byte / 4) % 2 == 1,
                });
                owners.push(found);
            }
        }
    }
    for (o, (unit, _, _, _)) in objects.iter().enumerate() {
        let starts = visa_indices(unit);
        for (i, inst) in unit.body.iter().enumerate() {
            let genxc_visa::Inst::FAddr { function, .. } = inst else { continue };
            let index = starts[i];
            let halves: Vec<bool> =
                refs.iter().zip(&owners).filter(|(_, &w)| w == (o, index)).map(|(r, _)| r.high).collect();
            // none when the finalizer dropped an unused address; several of a half when it
            // rematerialized the constant; never one half without the other
            if halves.contains(&true) != halves.contains(&false) {
                return Err(format!(
                    "the address of '{function}' (vISA instruction {index} of '{}') has placeholder movs of only one dword in the Gen code",
                    unit.name
                ));
            }
        }
    }
    Ok(refs)
}

/// One compiled object of the finalizer's debug information: the kernel, or a stack function
/// linked into its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DebugObject {
    /// The kernel's or the function's name.
    pub name: String,
    /// Byte offset of the object's code in the kernel's Gen code (0 for the kernel itself).
    pub base: u32,
    /// `(vISA instruction index, Gen code offset)` pairs, offsets counted from `base`.
    pub map: Vec<(u32, u32)>,
}

/// The objects of the vISA finalizer's debug information file (`-generateDebugInfo`'s `.dbg`):
/// the kernel first, then each stack function linked into its code. The layout read: the magic
/// number `0xdeadd010`, a 16-bit object count, then per object a 16-bit name length and the
/// name, the 32-bit offset of its code in the kernel's, a map this reader skips (32-bit count of
/// 8-byte pairs), the 32-bit count of `(vISA index, Gen offset)` pairs of 32-bit words, then the
/// records this reader skips: the variables (32-bit count; each a name and its live intervals),
/// the subroutines (16-bit count; each a name, two 32-bit vISA offsets, live intervals), the
/// 16-bit frame size, three optional locations (a byte, and live intervals when it is set), and
/// the callee- and caller-save records. A live interval list is a 16-bit count of intervals,
/// each a start and an end (16-bit, 32-bit in the optional locations), a virtual and a physical
/// register file byte, then a 32-bit memory offset (file 3) or a 16-bit register and
/// sub-register (four bytes either way).
pub fn read_dbg(bytes: &[u8]) -> Result<Vec<DebugObject>, String> {
    let mut r = DbgReader { bytes, at: 0 };
    if r.u32()? != 0xdead_d010 {
        return Err("not vISA debug information (magic number)".into());
    }
    let objects = r.u16()?;
    let mut out = Vec::with_capacity(usize::from(objects));
    for _ in 0..objects {
        let name = r.name()?;
        let base = r.u32()?;
        let skipped = r.u32()? as usize;
        r.take(skipped.checked_mul(8).ok_or("a map too large")?)?;
        let n = r.u32()? as usize;
        let mut map = Vec::with_capacity(n.min(1 << 16));
        for _ in 0..n {
            map.push((r.u32()?, r.u32()?));
        }
        for _ in 0..r.u32()? {
            r.name()?;
            r.live_intervals(2)?;
        }
        for _ in 0..r.u16()? {
            r.name()?;
            r.take(8)?;
            r.live_intervals(2)?;
        }
        r.take(2)?; // frame size
        for _ in 0..3 {
            if r.take(1)?[0] != 0 {
                r.live_intervals(4)?;
            }
        }
        for _ in 0..2 {
            r.saved_registers()?;
        }
        out.push(DebugObject { name, base, map });
    }
    Ok(out)
}

/// A cursor over the bytes of a `.dbg` file.
struct DbgReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl DbgReader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).ok_or("a record too large")?;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or_else(|| format!("the debug information ends at byte {}", self.at))?;
        self.at = end;
        Ok(s)
    }

    fn u16(&mut self) -> Result<u16, String> {
        let s = self.take(2)?;
        Ok(u16::from_le_bytes([s[0], s[1]]))
    }

    fn u32(&mut self) -> Result<u32, String> {
        let s = self.take(4)?;
        Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    }

    fn name(&mut self) -> Result<String, String> {
        let len = usize::from(self.u16()?);
        Ok(String::from_utf8_lossy(self.take(len)?).into_owned())
    }

    /// A list of live intervals whose bounds are `bound` bytes each.
    fn live_intervals(&mut self, bound: usize) -> Result<(), String> {
        for _ in 0..self.u16()? {
            // start, end, virtual and physical register files, then the location: a 32-bit
            // memory offset or a 16-bit register and sub-register, four bytes either way
            self.take(2 * bound + 2 + 4)?;
        }
        Ok(())
    }

    /// Callee- or caller-save records: per Gen offset, the registers saved and where.
    fn saved_registers(&mut self) -> Result<(), String> {
        for _ in 0..self.u16()? {
            self.take(4)?;
            for _ in 0..self.u16()? {
                // register and bytes, whether saved in a register, then that register and
                // sub-register or a 32-bit memory offset: four bytes either way
                self.take(4 + 1 + 4)?;
            }
        }
        Ok(())
    }
}

/// The source rows of a kernel's Gen code: each `(vISA index, Gen offset)` of `map` gets the line
/// of the last `LOC` at or before that instruction of `kernel` (vISA indices count the entry label
/// the encoder writes before the body as 0, then each body instruction as [`visa_indices`] does:
/// the instructions of an inline assembly template each have their own); rows in offset order,
/// one where the line changes. Also the file of its first `FILE`.
pub fn source_rows(kernel: &Kernel, map: &[(u32, u32)]) -> (String, Vec<(u64, u32)>) {
    let mut line_at = Vec::with_capacity(kernel.body.len() + 1);
    line_at.push(0);
    let mut line = 0;
    let mut file = String::new();
    for inst in &kernel.body {
        match inst {
            genxc_visa::Inst::Loc(l) => line = *l,
            genxc_visa::Inst::File(f) if file.is_empty() => file = f.clone(),
            _ => {}
        }
        // the instructions of an inline assembly template take the line of the template
        line_at.extend((0..numbered_instructions(inst)).map(|_| line));
    }
    let mut pairs: Vec<(u64, u32)> = map
        .iter()
        .filter_map(|&(index, offset)| {
            let l = *line_at.get(index as usize)?;
            (l > 0).then_some((u64::from(offset), l))
        })
        .collect();
    pairs.sort_by_key(|&(o, _)| o);
    let mut rows: Vec<(u64, u32)> = Vec::with_capacity(pairs.len());
    for (o, l) in pairs {
        if rows.last().is_none_or(|&(_, last)| last != l) {
            rows.push((o, l));
        }
    }
    (file, rows)
}

/// The finalizer to run: `path`, or `GenX_IR` on the `PATH`. A path with a folder in it that is
/// relative is made absolute from the current folder: the finalizer runs in a temporary folder of
/// its own, where the path would name another file (a bare name is looked up on the `PATH`).
pub fn finalizer_command(path: Option<&str>) -> Cow<'_, str> {
    match path {
        None => Cow::Borrowed("GenX_IR"),
        Some(p) if p.contains('/') && !p.starts_with('/') => match std::path::absolute(p) {
            Ok(abs) => Cow::Owned(abs.to_string_lossy().into_owned()),
            Err(_) => Cow::Borrowed(p),
        },
        Some(p) => Cow::Borrowed(p),
    }
}

/// How the finalizer runs: for which platform, which program, with which options.
#[derive(Clone, Copy, Debug)]
pub struct Finalizing<'a> {
    /// The target platform.
    pub platform: Platform,
    /// The finalizer program ([`finalizer_command`]).
    pub finalizer: &'a str,
    /// Options passed to the finalizer as they are (and `-TotalGRFNum 256` for the large file).
    pub extra: &'a [String],
    /// Source lines: the finalizer also writes each kernel's `.dbg` map.
    pub debug_lines: bool,
    /// Read every report from the finalizer's listing, rather than from the code where it tells
    /// the report exactly (slower: for checking that the two agree).
    pub listings: bool,
}

/// Finalizes `kernels` as `how` says in up to `workers` processes (0: one per core); results in
/// kernel order. A finalizer that cannot be started, fails, or writes no code is an error naming
/// the kernels of its batch and its log.
pub fn finalize(kernels: Vec<Unit>, how: Finalizing, workers: usize) -> Result<Vec<Finalized>, Diagnostic> {
    finalize_then(kernels, how, workers, |finalized| finalized)
}

/// [`finalize`], handing the results to `then` as soon as every batch has given its own: with
/// several batches, their threads remove their folders (a file per kernel) while `then` runs,
/// not on the way from the last `GenX_IR` process to the zebin. Gives what `then` gives.
pub fn finalize_then<T>(
    kernels: Vec<Unit>,
    how: Finalizing,
    workers: usize,
    then: impl FnOnce(Result<Vec<Finalized>, Diagnostic>) -> T,
) -> T {
    let platform = how.platform;
    if kernels.is_empty() {
        return then(Ok(Vec::new()));
    }
    let _phase = crate::trace::phase(|| "finalize".into());
    let workers =
        if workers == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { workers };
    // units with inline assembly are finalized from vISA text, one per batch, and the holder of
    // the exported functions alone; the others share containers with the kernels reaching the
    // same stack functions: the finalizer links every function of a container into each of its
    // kernels, so a kernel's code must not depend on which kernels share its container (on `-j`)
    let (text, encoded): (Vec<usize>, Vec<usize>) =
        (0..kernels.len()).partition(|&i| has_inline_asm(&kernels[i]) || kernels[i].exports_functions);
    let mut by_functions: std::collections::BTreeMap<Vec<&str>, Vec<usize>> = Default::default();
    for i in encoded {
        let mut names: Vec<&str> = kernels[i].functions.iter().map(|f| f.name.as_str()).collect();
        names.sort_unstable();
        by_functions.entry(names).or_default().push(i);
    }
    let mut batches: Vec<Vec<usize>> = Vec::new();
    for group in by_functions.values() {
        let sizes: Vec<usize> = group.iter().map(|&i| finalizer_work(&kernels[i])).collect();
        let split = balanced_batches(&sizes, workers.min(group.len()));
        batches.extend(split.into_iter().map(|b| b.into_iter().map(|j| group[j]).collect::<Vec<_>>()));
    }
    batches.extend(text.into_iter().map(|i| vec![i]));
    let own_prologue = loads_own_payload(platform);
    let grf = platform.grf_bytes();
    let mut numbered: Vec<(usize, Unit)> = kernels.into_iter().enumerate().collect();
    for (i, Unit { kernel: k, .. }) in &mut numbered {
        k.attrs.retain(|a| !matches!(a, KernelAttr::OutputAsmPath(_) | KernelAttr::PerThreadInputSize(_)));
        k.attrs.push(KernelAttr::OutputAsmPath(format!("k{i}.asm")));
        if own_prologue {
            k.attrs.push(KernelAttr::PerThreadInputSize(grf));
        }
    }
    let count = numbered.len();
    // back in kernel order
    let in_order = |results: Vec<Result<Vec<Finalized>, Diagnostic>>| {
        let mut out: Vec<Option<Finalized>> = (0..count).map(|_| None).collect();
        for (batch, r) in batches.iter().zip(results) {
            for (&i, f) in batch.iter().zip(r?) {
                out[i] = Some(f);
            }
        }
        Ok(out.into_iter().flatten().collect())
    };
    let chunks: Vec<Vec<&(usize, Unit)>> =
        batches.iter().map(|batch| batch.iter().map(|&i| &numbered[i]).collect()).collect();
    let given = match chunks.as_slice() {
        // One batch (one kernel, or `-j1`) is finalized from this thread, which would only wait.
        [chunk] => match run_batch(chunk, how, how.listings) {
            Ok((finalized, folder)) => {
                remove_folder(folder);
                then(in_order(vec![Ok(finalized)]))
            }
            Err(d) => then(Err(d)),
        },
        _ => std::thread::scope(|s| {
            let (sender, results) = std::sync::mpsc::channel();
            let handles: Vec<_> = chunks
                .iter()
                .enumerate()
                .map(|(b, chunk)| {
                    let sender = sender.clone();
                    s.spawn(move || {
                        let (result, folder) = match run_batch(chunk, how, how.listings) {
                            Ok((finalized, folder)) => (Ok(finalized), Some(folder)),
                            Err(d) => (Err(d), None),
                        };
                        let _ = sender.send((b, result));
                        // the caller goes on with the results while the folder is removed
                        drop(sender);
                        if let Some(folder) = folder {
                            remove_folder(folder);
                        }
                    })
                })
                .collect();
            drop(sender);
            // every batch's results; the channel ends early only when a thread panicked
            let mut given: Vec<Option<Result<Vec<Finalized>, Diagnostic>>> =
                (0..chunks.len()).map(|_| None).collect();
            for (b, result) in results {
                given[b] = Some(result);
            }
            let given: Vec<_> = given
                .into_iter()
                .map(|r| {
                    r.unwrap_or_else(|| {
                        Err(Diagnostic::error(genxc_diag::internal("a finalizer batch thread panicked")))
                    })
                })
                .collect();
            let value = then(in_order(given));
            for h in handles {
                // a panic was reported above as the batch's error
                let _ = h.join();
            }
            value
        }),
    };
    crate::memory::dispose(numbered);
    given
}

/// Removes a batch's folder (a file per kernel; on a loaded ext4 `/tmp` the folder's own removal
/// alone took milliseconds). On the thread that finalized the batch, which is running already:
/// a thread started for it waited for a core as long as the removal took when the machine was
/// busy.
fn remove_folder(folder: crate::temporaries::TempFolder) {
    let _removing = crate::trace::phase(|| "remove".into());
    drop(folder);
}

/// Whether the threads of `platform` load their own payload (Xe-HP and later): its kernels declare
/// a per-thread payload, and the finalizer starts their code with the prologue that loads it.
fn loads_own_payload(platform: Platform) -> bool {
    matches!(platform, Platform::Dg2 | Platform::Mtl | Platform::Pvc)
}

/// Whether a unit makes stack calls: it reaches stack functions, or its code or theirs calls
/// (`fcall`, or `ifcall` through any pointer). The finalizer then reserves scratch memory for the
/// call stack, whose size only its listing says.
pub fn makes_stack_calls(u: &Unit) -> bool {
    !u.functions.is_empty() || std::iter::once(&u.kernel).chain(&u.functions).any(makes_calls)
}

/// Whether vISA unit `k` makes a stack call (direct or through an address).
fn makes_calls(k: &Kernel) -> bool {
    k.body.iter().any(|i| matches!(i, genxc_visa::Inst::FCall { .. } | genxc_visa::Inst::IFCall { .. }))
}

/// Whether a unit holds inline assembly (vISA text, which has no `.isa` encoding).
fn has_inline_asm(u: &Unit) -> bool {
    genxc_visa::has_verbatim(&u.kernel) || u.functions.iter().any(genxc_visa::has_verbatim)
}

/// The finalizer's work on a unit, in vISA instructions: the kernel's and those of the stack
/// functions linked into its code.
fn finalizer_work(unit: &Unit) -> usize {
    unit.kernel.body.len() + unit.functions.iter().map(|f| f.body.len()).sum::<usize>()
}

/// `count` batches of the kernels of `sizes` (indices), balanced by size: each kernel, largest
/// first, goes to the batch with the least work so far (the first of equals); each batch lists
/// its kernels in kernel order. Deterministic, and no batch is empty when `count` is at most the
/// number of kernels.
pub fn balanced_batches(sizes: &[usize], count: usize) -> Vec<Vec<usize>> {
    let count = count.clamp(1, sizes.len().max(1));
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    // largest first; equal sizes in kernel order
    order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), i));
    let mut batches: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new()); count];
    for i in order {
        let least = (0..count).min_by_key(|&b| (batches[b].0, batches[b].1.len(), b)).unwrap_or(0);
        batches[least].0 += sizes[i];
        batches[least].1.push(i);
    }
    batches
        .into_iter()
        .map(|(_, mut b)| {
            b.sort_unstable();
            b
        })
        .filter(|b| !b.is_empty())
        .collect()
}

/// The register file the finalizer gives each thread when its options say: 128 registers (its
/// default on TGLLP, DG2, MTL and PVC), or the count of `-TotalGRFNum N`; `None` for any other
/// option passed through, whose effect only the listing tells.
fn grf_count_of_options(extra: &[String]) -> Option<u32> {
    match extra {
        [] => Some(128),
        [option, count] if option == "-TotalGRFNum" => count.parse().ok(),
        _ => None,
    }
}

/// The kernels the finalizer's log says spilled (`Spill memory used = N bytes for kernel K`);
/// `None` when a spill names no kernel of `batch` (a stack function, say).
fn spilled_kernels(log: &str, batch: &[&(usize, Unit)]) -> Option<Vec<usize>> {
    let mut spilled = Vec::new();
    for line in log.lines().filter(|l| l.contains("Spill memory used")) {
        let name = line.split("for kernel").nth(1)?.trim();
        spilled.push(batch.iter().position(|(_, u)| u.kernel.name == name)?);
    }
    Some(spilled)
}

/// One `GenX_IR` run on one container of `batch`, writing the Gen assembly listings when
/// `listing` says; kernels whose report needs the listing that run did not write are finalized
/// again with it. Gives the batch's folder too (removed when dropped), so that the caller may
/// hand the results on before removing it.
fn run_batch(
    batch: &[&(usize, Unit)],
    how: Finalizing,
    listing: bool,
) -> Result<(Vec<Finalized>, crate::temporaries::TempFolder), Diagnostic> {
    let Finalizing { platform, finalizer, extra, debug_lines, .. } = how;
    let grf_count = grf_count_of_options(extra);
    let names = || batch.iter().map(|(_, u)| format!("'{}'", u.kernel.name)).collect::<Vec<_>>().join(", ");
    let fail =
        |why: String| Diagnostic::error(format!("the vISA finalizer failed on kernel {}: {why}", names()));
    let encoding = crate::trace::phase(|| format!("encode {}", batch.len()));
    let dir = crate::temporaries::TempFolder::new().map_err(|e| fail(format!("no temporary folder: {e}")))?;
    // the stack functions of the batch's kernels, each once, in the container's function table
    let mut function_units: Vec<&Kernel> = Vec::new();
    for f in batch.iter().flat_map(|(_, u)| &u.functions) {
        if !function_units.iter().any(|g| g.name == f.name) {
            function_units.push(f);
        }
    }
    // inline assembly has no `.isa` encoding: such a unit (alone in its batch) goes as vISA text
    let input = match batch {
        [(_, u)] if has_inline_asm(u) => {
            let units: Vec<Kernel> = std::iter::once(&u.kernel).chain(&u.functions).cloned().collect();
            std::fs::write(dir.path().join("batch.visaasm"), genxc_visa::write_text_file(&units))
                .map_err(|e| fail(e.to_string()))?;
            "batch.visaasm"
        }
        _ => {
            let objects: Vec<_> = batch.iter().map(|(_, u)| genxc_visa::encode_kernel(&u.kernel)).collect();
            let functions: Vec<_> = function_units.iter().map(|f| genxc_visa::encode_kernel(f)).collect();
            let container = genxc_visa::write_container(&objects, &functions);
            std::fs::write(dir.path().join("batch.isa"), container).map_err(|e| fail(e.to_string()))?;
            "batch.isa"
        }
    };
    let takes_address = |k: &Kernel| k.body.iter().any(|i| matches!(i, genxc_visa::Inst::FAddr { .. }));
    // the finalizer links every function of the container into every kernel of it: where one
    // takes an address, each kernel's code may hold its placeholders
    let functions_take_address = function_units.iter().any(|f| takes_address(f));
    let needs_map =
        |u: &Unit| debug_lines || functions_take_address || takes_address(&u.kernel) || u.exports_functions;
    let debug_info = batch.iter().any(|(_, u)| needs_map(u));
    // the listing is needed for the call stack's scratch size, where the options passed through
    // may change the register file, and with the `.dbg` maps (the finalizer writes them beside
    // the listings only)
    let listing =
        listing || debug_info || grf_count.is_none() || batch.iter().any(|(_, u)| makes_stack_calls(u));
    drop(encoding);
    let running = crate::trace::phase(|| format!("GenX_IR {}", batch.len()));
    let run = Command::new(finalizer)
        .arg(input)
        .args(["-platform", platform.info().finalizer_name, "-binary"])
        .args(listing.then_some("-output"))
        .args(extra)
        .args(debug_info.then_some("-generateDebugInfo"))
        .current_dir(dir.path())
        .output()
        .map_err(|e| {
            fail(format!("cannot run '{finalizer}': {e} (install libigc-tools or pass --finalizer PATH)"))
        })?;
    drop(running);
    let reading = crate::trace::phase(|| format!("listings {}", batch.len()));
    let log = || {
        let mut log = String::from_utf8_lossy(&run.stdout).into_owned();
        log.push_str(&String::from_utf8_lossy(&run.stderr));
        if let Ok(errors) = std::fs::read_to_string(dir.path().join("batch.errors.txt")) {
            log.push_str(&errors);
        }
        log.trim().to_string()
    };
    // GenX_IR also exits non-zero when it had to spill (vISA's "spill" status) after writing the
    // code of every kernel: that is a warning, reported from the listing; anything else fails
    let log_text = log();
    // the finalizer says `Spill memory used = N bytes for kernel K` of each kernel that spills:
    // only then are listings searched for spill and fill messages
    let log_spills = log_text.contains("Spill memory used");
    let spilled_only = log_spills
        && !log_text.contains("Found a total of")
        && batch.iter().all(|(i, _)| dir.path().join(format!("k{i}.dat")).exists());
    if !run.status.success() && !spilled_only {
        return Err(fail(format!("{finalizer} exited with {}:\n{log_text}", run.status)));
    }
    // without listings, the kernels that spilled are finalized again with theirs (all of the
    // batch's when a spill names none of its kernels)
    let mut relisted: Vec<usize> = match (listing, log_spills) {
        (false, true) => spilled_kernels(&log_text, batch).unwrap_or_else(|| (0..batch.len()).collect()),
        _ => Vec::new(),
    };
    let mut out = Vec::with_capacity(batch.len());
    for (n, (i, unit)) in batch.iter().enumerate() {
        let k = &unit.kernel;
        let code = std::fs::read(dir.path().join(format!("k{i}.dat")))
            .map_err(|_| fail(format!("{finalizer} wrote no code for '{}':\n{}", k.name, log())))?;
        if !whole_instructions(&code) {
            return Err(fail(format!(
                "{finalizer} wrote code for '{}' that is not whole Gen instructions ({} bytes)",
                k.name,
                code.len()
            )));
        }
        let report = match grf_count.filter(|_| !listing) {
            // without a listing the options say only the register file: the prologue is the
            // per-thread payload's, where the platform's threads load their own
            Some(grf_count) => match report_from_code(&code, grf_count, loads_own_payload(platform)) {
                Some(report) => report,
                None => {
                    relisted.push(n);
                    FinalizerReport::default()
                }
            },
            None => {
                let asm = std::fs::read(dir.path().join(format!("k{i}.asm")))
                    .map_err(|_| fail(format!("{finalizer} wrote no listing for '{}'", k.name)))?;
                // a payload prologue comes of the kernel's per-thread payload, or of options
                // passed through
                let prologue = loads_own_payload(platform) || !extra.is_empty();
                report(&asm, &code, platform.grf_bytes(), log_spills, prologue)
                    .map_err(|why| fail(format!("kernel '{}': {why}", k.name)))?
            }
        };
        let objects = if needs_map(unit) {
            let dbg = std::fs::read(dir.path().join(format!("k{i}.dbg")))
                .map_err(|_| fail(format!("{finalizer} wrote no debug information for '{}'", k.name)))?;
            read_dbg(&dbg).map_err(|why| fail(format!("kernel '{}': {why}", k.name)))?
        } else {
            Vec::new()
        };
        let map = objects.first().map(|o| o.map.as_slice()).unwrap_or_default();
        let lines = if debug_lines { source_rows(k, map) } else { (String::new(), Vec::new()) };
        // the kernel's own object, then the functions linked into its code
        let mut units: Vec<(&Kernel, &DebugObject)> = Vec::with_capacity(objects.len());
        let mut placed = Vec::new();
        for (n, o) in objects.iter().enumerate() {
            let unit =
                if n == 0 { Some(k) } else { function_units.iter().copied().find(|f| f.name == o.name) };
            let Some(unit) = unit else {
                return Err(fail(format!(
                    "kernel '{}': its debug information names '{}', no function of the container",
                    k.name, o.name
                )));
            };
            if n > 0 {
                placed.push((o.name.clone(), o.base));
            }
            units.push((unit, o));
        }
        let symbol_refs = if needs_map(unit) && (takes_address(k) || functions_take_address) {
            symbol_refs(&units, &code, platform.grf_bytes())
                .map_err(|why| fail(format!("kernel '{}': {why}", k.name)))?
        } else {
            Vec::new()
        };
        out.push(Finalized { name: k.name.clone(), code, report, lines, symbol_refs, functions: placed });
    }
    if !relisted.is_empty() {
        relisted.sort_unstable();
        relisted.dedup();
        let again: Vec<&(usize, Unit)> = relisted.iter().map(|&n| batch[n]).collect();
        let (finalized_again, _folder) = run_batch(&again, how, true)?;
        for (n, f) in relisted.into_iter().zip(finalized_again) {
            out[n] = f;
        }
    }
    drop(reading);
    Ok((out, dir))
}

/// The header of a listing: its lines before the first variable declaration (`//.declare`), where
/// GenX_IR writes the kernel's counts; the whole listing when it declares nothing. (A header
/// line that is absent, such as `//.spill size` without spills, is then looked for in a few
/// lines rather than in every comment of the code.)
fn listing_header(asm: &[u8]) -> &[u8] {
    match memchr::memmem::find(asm, b"\n//.declare") {
        Some(at) => &asm[..at + 1],
        None => asm,
    }
}

/// The number after `key` on the first of the header's `lines` starting with `prefix`.
fn header_number(lines: &[&str], prefix: &str, key: &str) -> Option<u32> {
    let line = lines.iter().find(|l| l.starts_with(prefix))?;
    leading_number(line[line.find(key)? + key.len()..].trim_start())
}

/// The decimal number `text` starts with.
fn leading_number(text: &str) -> Option<u32> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    text[..digits].parse().ok()
}

/// Gen opcodes the prologue scan needs (Gen12 and later encodings).
const OPCODE_SEND: u8 = 0x31;
const OPCODE_SENDC: u8 = 0x32;
const OPCODE_NOP: u8 = 0x60;
/// The compaction bit of an instruction's first dword (bit 29): set, the instruction is 8 bytes.
const COMPACTED: u8 = 0x20;

/// The instructions of Gen code `code` in order: each one's byte offset and bytes (8 for a
/// compacted one, 16 otherwise; fewer for a last one cut short).
fn gen_instructions(code: &[u8]) -> impl Iterator<Item = (usize, &[u8])> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at;
        let first = code.get(start..start + 8)?;
        at += if first[3] & COMPACTED != 0 { 8 } else { 16 };
        Some((start, &code[start..at.min(code.len())]))
    })
}

/// Whether `code` is a whole number of Gen instructions, at least one (each 8 bytes when its
/// compaction bit is set, 16 otherwise).
fn whole_instructions(code: &[u8]) -> bool {
    let mut end = 0;
    for (at, inst) in gen_instructions(code) {
        end = at + if inst[3] & COMPACTED != 0 { 8 } else { 16 };
    }
    end > 0 && end == code.len()
}

/// The opcodes of `code`'s instructions in order.
fn opcodes(code: &[u8]) -> impl Iterator<Item = u8> + '_ {
    gen_instructions(code).map(|(_, inst)| inst[0] & 0x7f)
}

/// Bytes of the per-thread payload prologue: the code up to its load (the first `send`) and the
/// `nop`s after it. `None` when the code is too short to hold one.
fn prologue_bytes(code: &[u8]) -> Option<u32> {
    let mut sent = false;
    for (at, inst) in gen_instructions(code) {
        let opcode = inst[0] & 0x7f;
        if sent && opcode != OPCODE_NOP {
            return Some(at as u32);
        }
        sent |= opcode == OPCODE_SEND || opcode == OPCODE_SENDC;
    }
    None
}

/// Gen opcode of `and`.
const OPCODE_AND: u8 = 0x65;

/// Bytes of the per-thread payload prologue `code` starts with, recognized by its shape: the
/// finalizer clears its temporary register (`mov`), takes the payload's address from `r0.0`
/// (`and`) and the thread's number from `r0.4` (`and`: the cross-thread payload's load, which
/// follows, has no such step), and pads the prologue with `nop`s after the load to a multiple of
/// 64 bytes. `None` when the code starts otherwise.
fn per_thread_prologue_of_code(code: &[u8]) -> Option<u32> {
    let start: Vec<u8> = opcodes(code).take(3).collect();
    let bytes = prologue_bytes(code)?;
    (start == [OPCODE_MOV, OPCODE_AND, OPCODE_AND] && bytes % 64 == 0).then_some(bytes)
}

/// The report of a kernel that did not spill and makes no stack call, from its Gen code alone:
/// `grf_count` registers (what the options asked), its instructions counted, no scratch memory,
/// and, where the finalizer was to write one (`prologue`), the per-thread prologue the code starts
/// with. `None` when a prologue was to be written and the code does not start as one: only the
/// listing then says.
pub fn report_from_code(code: &[u8], grf_count: u32, prologue: bool) -> Option<FinalizerReport> {
    let per_thread_prologue = match prologue {
        true => Some(per_thread_prologue_of_code(code)?),
        false => None,
    };
    Some(FinalizerReport {
        grf_count,
        inst_count: opcodes(code).count() as u32,
        code_bytes: code.len() as u32,
        per_thread_prologue,
        ..FinalizerReport::default()
    })
}

/// The number after `key` in `line`.
fn number_after(line: &str, key: &str) -> Option<u32> {
    leading_number(&line[line.find(key)? + key.len()..])
}

/// The report of one kernel from its Gen assembly listing and code. `grf_bytes` sizes the
/// registers the spill and fill messages move (`wr:<header>+<n>` and `rd:<n>` in the listing's
/// message comments). The listing is searched for a per-thread payload prologue only when the
/// finalizer may have written one (`prologue`: the kernel declares a per-thread payload, or
/// options were passed through to the finalizer), and for spill and fill messages only when
/// the finalizer's log says a kernel spilled (`spills`). The listing is taken as bytes: only its
/// header, and the lines of the rare listings with spills or a prologue, are read as text (a
/// header that is no UTF-8 counts as absent).
pub fn report(
    asm: &[u8],
    code: &[u8],
    grf_bytes: u32,
    spills: bool,
    prologue: bool,
) -> Result<FinalizerReport, String> {
    let header: Vec<&str> = std::str::from_utf8(listing_header(asm)).unwrap_or_default().lines().collect();
    let grf_count = header_number(&header, "//.thread_config", "numGRF=").unwrap_or(128);
    // every listing the finalizer writes counts its instructions: without the count, what the
    // file says of registers and scratch memory cannot be trusted either
    let inst_count = header_number(&header, "//.instCount", "instCount")
        .ok_or("its listing is not the finalizer's (no instruction count)")?;
    let scratch_size = header_number(&header, "//.spill size", "size").unwrap_or(0);
    let (mut spill_sends, mut spill_bytes, mut fill_sends, mut fill_bytes) = (0, 0, 0, 0);
    // spill and fill messages are rare: the lines are read only when there is one
    // (the whole listing is searched with memchr's vectorized search, a sixth cheaper than
    // `str::contains` on these listings)
    let has = |needle: &str| memchr::memmem::find(asm, needle.as_bytes()).is_some();
    let spills = spills && has("scratch space");
    let text = |wanted: bool| if wanted { String::from_utf8_lossy(asm) } else { Cow::Borrowed("") };
    for line in text(spills).lines().filter(|l| !l.starts_with("//")) {
        if line.contains("scratch space spill") {
            // the data registers follow the header's in `wr:1h+N` / `wr:1+N`
            // (sums saturate: a listing no finalizer writes may say any number)
            let data = line.find("wr:").and_then(|at| number_after(&line[at..], "+")).unwrap_or(0);
            spill_sends = u32::saturating_add(spill_sends, 1);
            spill_bytes = u32::saturating_add(spill_bytes, data.saturating_mul(grf_bytes));
        } else if line.contains("scratch space fill") {
            let data = number_after(line, "rd:").unwrap_or(0);
            fill_sends = u32::saturating_add(fill_sends, 1);
            fill_bytes = u32::saturating_add(fill_bytes, data.saturating_mul(grf_bytes));
        }
    }
    let per_thread_prologue = if prologue
        && has("per_thread_prolog:")
        && text(true).lines().any(|l| l.trim() == "per_thread_prolog:")
    {
        Some(prologue_bytes(code).ok_or("the per-thread prologue has no load")?)
    } else {
        None
    };
    Ok(FinalizerReport {
        grf_count,
        inst_count,
        scratch_size,
        spill_sends,
        spill_bytes,
        fill_sends,
        fill_bytes,
        code_bytes: code.len() as u32,
        per_thread_prologue,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use genxc_visa::{Dst, Inst, VarId, VerbatimPiece};

    /// A 16-byte `mov (1) rN.<dword>:ud imm` as Gen12 encodes it for a 32-byte GRF (the
    /// destination's byte offset in bits 51..55).
    fn mov_imm(dword: u8, imm: u32) -> Vec<u8> {
        let mut i = vec![0x61, 0, 0, 0x80, 0x20, 0x42, 0x05 | (dword * 4) << 3, 0x01, 0, 0, 0, 0];
        i.extend_from_slice(&imm.to_le_bytes());
        i
    }

    fn kernel(symbols: &[&str]) -> Kernel {
        let mut k = Kernel::new("k");
        for s in symbols {
            k.body.push(Inst::FAddr { function: s.to_string(), dst: Dst::new(VarId(32), 0).into() });
        }
        k
    }

    fn object(name: &str, base: u32, map: &[(u32, u32)]) -> DebugObject {
        DebugObject { name: name.to_string(), base, map: map.to_vec() }
    }

    #[test]
    fn placeholders_are_found_by_the_debug_map() {
        // faddr "a" (vISA index 1) at 0..32 and faddr "b" (index 2) from 32 on; "b"'s halves
        // swapped by the scheduler, and a mov of the same constant outside a faddr ignored
        let mut code = mov_imm(2, ADDRESS_PLACEHOLDER);
        code.extend(mov_imm(3, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(1, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(0, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(0, ADDRESS_PLACEHOLDER));
        let k = kernel(&["a", "b"]);
        let o = object("k", 0, &[(1, 0), (2, 32), (3, 64)]);
        let refs = symbol_refs(&[(&k, &o)], &code, 32).unwrap();
        let got: Vec<(u32, &str, bool)> =
            refs.iter().map(|r| (r.offset, r.symbol.as_str(), r.high)).collect();
        assert_eq!(got, [(12, "a", false), (28, "a", true), (44, "b", true), (60, "b", false)]);
        // on a 64-byte GRF the field counts 2-byte units: dword 1's field on a 32-byte GRF (4)
        // is dword 2 there, a low half with no high one
        let a = kernel(&["a"]);
        let o = object("k", 0, &[(1, 0)]);
        let refs = symbol_refs(&[(&a, &o)], &mov_imm(1, ADDRESS_PLACEHOLDER)[..], 64);
        assert!(refs.unwrap_err().contains("only one dword"));
        // an address dropped by the finalizer has no placeholder, and that is no error
        assert_eq!(symbol_refs(&[(&a, &o)], &mov_imm(0, 7), 32).unwrap(), []);
        // one half without the other is
        let e = symbol_refs(&[(&a, &o)], &mov_imm(0, ADDRESS_PLACEHOLDER), 32).unwrap_err();
        assert!(e.contains("'a'") && e.contains("only one dword"), "{e}");
    }

    #[test]
    fn placeholders_in_linked_functions_are_found_by_their_objects() {
        // the kernel (no faddr) up to 32, then function "f" linked at 32 whose first
        // instruction (index 1, map offset 0 from its base) takes the address of "g"
        let mut code = mov_imm(0, ADDRESS_PLACEHOLDER);
        code.extend(mov_imm(1, 5));
        code.extend(mov_imm(1, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(0, ADDRESS_PLACEHOLDER));
        let k = Kernel::new("k");
        let mut f = kernel(&["g"]);
        f.name = "f".into();
        let (ko, fo) = (object("k", 0, &[(1, 0), (2, 32)]), object("f", 32, &[(1, 0), (2, 32)]));
        let refs = symbol_refs(&[(&k, &ko), (&f, &fo)], &code, 32).unwrap();
        let got: Vec<(u32, &str, bool)> =
            refs.iter().map(|r| (r.offset, r.symbol.as_str(), r.high)).collect();
        // the kernel's placeholder-valued mov is no faddr: left out
        assert_eq!(got, [(44, "g", true), (60, "g", false)]);
        // the function's high half alone is an error naming the function
        let e = symbol_refs(&[(&k, &ko), (&f, &fo)], &code[..48], 32).unwrap_err();
        assert!(e.contains("of 'f'"), "{e}");
    }

    /// Inline assembly of `lines` (joined by newlines), a destination operand after the
    /// execution size of each instruction.
    fn verbatim(lines: &[&str]) -> Inst {
        let mut pieces = Vec::new();
        for (n, line) in lines.iter().enumerate() {
            let text = if n > 0 { format!("\n{line}") } else { line.to_string() };
            match text.split_once("(M1, 1) ") {
                Some((head, tail)) => {
                    pieces.push(VerbatimPiece::Text(format!("{head}(M1, 1) ")));
                    pieces.push(VerbatimPiece::Dst(Dst::new(VarId(32), 0).into()));
                    pieces.push(VerbatimPiece::Text(format!(" {tail}")));
                }
                _ => pieces.push(VerbatimPiece::Text(text)),
            }
        }
        Inst::Verbatim { pieces }
    }

    #[test]
    fn the_finalizer_numbers_each_instruction_and_label_of_a_template() {
        // what GenX_IR numbers (its listing's `/// $N`): instructions and labels, not comments,
        // empty lines or declarations
        let template = verbatim(&[
            "mov (M1, 1) 1:d",
            "// a comment",
            "   ",
            "skip:",
            ".decl T v_type=G type=d num_elts=1",
            "  /* a block",
            "   comment */ add (M1, 1) 2:d // and a trailing one",
            "mul (M1, 1) /* inside */ 3:d",
            "",
        ]);
        assert_eq!(numbered_instructions(&template), 4);
        assert_eq!(numbered_instructions(&verbatim(&["// only a comment"])), 0);
        assert_eq!(numbered_instructions(&Inst::Loc(3)), 1);
        // the indices of a body: entry label 0, the template from 2 to 5, the LOC after it 6
        let mut k = kernel(&["a"]);
        k.body.push(template);
        k.body.push(Inst::Loc(9));
        k.body.push(Inst::FAddr { function: "b".into(), dst: Dst::new(VarId(32), 0).into() });
        assert_eq!(visa_indices(&k), [1, 2, 6, 7, 8]);
        assert_eq!(body_of_index(&k), [None, Some(0), Some(1), Some(1), Some(1), Some(1), Some(2), Some(3)]);
        // the faddr of "b" is index 7: its placeholders are found there, not at index 4 (inside
        // the template) where one instruction per template would put it
        let mut code = mov_imm(0, ADDRESS_PLACEHOLDER);
        code.extend(mov_imm(1, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(0, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(0, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(1, ADDRESS_PLACEHOLDER));
        let o = object("k", 0, &[(1, 0), (4, 32), (7, 48)]);
        let refs = symbol_refs(&[(&k, &o)], &code, 32).unwrap();
        let got: Vec<(u32, &str, bool)> =
            refs.iter().map(|r| (r.offset, r.symbol.as_str(), r.high)).collect();
        // index 4 (32..48) is the template's: its placeholder-valued mov is no faddr
        assert_eq!(got, [(12, "a", false), (28, "a", true), (60, "b", false), (76, "b", true)]);
    }

    #[test]
    fn the_lines_of_a_template_are_the_line_before_it() {
        // LOC 5, a template of three instructions (indices 2 to 4), LOC 9 (5) and a faddr (6)
        let mut k = Kernel::new("k");
        k.body.push(Inst::Loc(5));
        k.body.push(verbatim(&["mov (M1, 1) 1:d", "add (M1, 1) 2:d", "// x", "mul (M1, 1) 3:d"]));
        k.body.push(Inst::Loc(9));
        k.body.push(Inst::FAddr { function: "b".into(), dst: Dst::new(VarId(32), 0).into() });
        let map = [(2, 0), (4, 16), (6, 32)];
        assert_eq!(source_rows(&k, &map).1, [(0, 5), (32, 9)]);
        // (counted as one instruction, index 4 would be the faddr's, at line 9)
    }

    /// A `.dbg` file of `objects`, each with no variables, subroutines or saved registers but
    /// one live interval of each kind, as the finalizer writes them.
    fn dbg_file(objects: &[DebugObject]) -> Vec<u8> {
        let mut d = 0xdead_d010u32.to_le_bytes().to_vec();
        d.extend((objects.len() as u16).to_le_bytes());
        let name = |d: &mut Vec<u8>, n: &str| {
            d.extend((n.len() as u16).to_le_bytes());
            d.extend(n.as_bytes());
        };
        for o in objects {
            name(&mut d, &o.name);
            d.extend(o.base.to_le_bytes());
            d.extend(1u32.to_le_bytes()); // one vISA byte offset pair, skipped
            d.extend([0; 8]);
            d.extend((o.map.len() as u32).to_le_bytes());
            for &(i, at) in &o.map {
                d.extend(i.to_le_bytes());
                d.extend(at.to_le_bytes());
            }
            d.extend(1u32.to_le_bytes()); // one variable, in memory
            name(&mut d, "V32");
            d.extend(1u16.to_le_bytes());
            d.extend([0, 0, 9, 0, 2, 3, 1, 2, 3, 4]);
            d.extend(1u16.to_le_bytes()); // one subroutine
            name(&mut d, "sub");
            d.extend([0; 8]);
            d.extend(0u16.to_le_bytes());
            d.extend(64u16.to_le_bytes()); // frame size
            d.extend([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 1, 0, 1, 0]); // BE_FP in r1.1
            d.extend([0, 0]); // caller's BE_FP and return address not saved
            d.extend(1u16.to_le_bytes()); // callee save: one offset, one register
            d.extend(16u32.to_le_bytes());
            d.extend(1u16.to_le_bytes());
            d.extend([0, 4, 32, 0, 0, 0, 1, 0, 0]);
            d.extend(0u16.to_le_bytes()); // caller save: none
        }
        d
    }

    #[test]
    fn every_object_of_the_debug_information_is_read() {
        let objects = [object("k", 0, &[(1, 0), (4, 48)]), object("f", 472, &[(2, 0), (5, 120)])];
        assert_eq!(read_dbg(&dbg_file(&objects)).unwrap(), objects);
        // a file cut short is an error, not a panic
        let bytes = dbg_file(&objects);
        for cut in [3, 10, bytes.len() - 1] {
            assert!(read_dbg(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        assert!(read_dbg(&[0; 8]).unwrap_err().contains("magic"));
    }

    /// Three uncompacted `nop`s.
    fn code_of_nops() -> Vec<u8> {
        let mut code = vec![0u8; 48];
        for at in [0, 16, 32] {
            code[at] = OPCODE_NOP;
        }
        code
    }

    #[test]
    fn code_is_whole_instructions() {
        assert!(whole_instructions(&code_of_nops()));
        let mut compacted = code_of_nops();
        compacted[3] |= COMPACTED;
        compacted.truncate(40);
        assert!(whole_instructions(&compacted));
        for cut in [0, 7, 8, 17, 47] {
            assert!(!whole_instructions(&code_of_nops()[..cut]), "{cut} bytes");
        }
    }

    #[test]
    fn the_listing_is_read_for_registers_instructions_and_spills() {
        let asm = "//.kernel k\n\
                   //.note mentions //.instCount 7 in passing\n\
                   //.thread_config numGRF=256, numAcc=8\n\
                   //.instCount 42\n\
                   //.spill size 128\n\
                   (W) send.dc0 (16|M0) null r3 r5 0x80 0x020F1000 // wr:1h+2, rd:0; scratch space spill\n\
                   (W) send.dc0 (16|M0) r6 r3 null 0x0 0x021F1000 // wr:1h+0, rd:2; scratch space fill\n";
        let r = report(asm.as_bytes(), &[0; 48], 32, true, true).unwrap();
        // Only the header (the lines before the first declaration) holds the counts.
        let declared = asm.replace("//.spill size 128\n", "//.declare v (1) rf=r size=4\n//.spill size 64\n");
        let r2 = report(declared.as_bytes(), &[0; 48], 32, true, true).unwrap();
        assert_eq!(r2.scratch_size, 0);
        // the messages after the declarations are read
        assert_eq!((r2.spill_sends, r2.fill_sends, r2.fill_bytes), (1, 1, 64));
        // a prologue label after the declarations is found
        let prologue =
            "//.kernel k\n//.instCount 3\n//.declare a (1) rf=r size=4\n//.declare b (2) rf=r size=4\n\
                        per_thread_prolog:\n";
        // a file without the instruction count is no listing of the finalizer's
        assert!(report(b"//.kernel k\n", &code_of_nops(), 32, false, false)
            .unwrap_err()
            .contains("no instruction count"));
        let mut code = vec![0u8; 48];
        code[0] = OPCODE_SEND;
        code[16] = OPCODE_NOP;
        assert_eq!(report(prologue.as_bytes(), &code, 32, true, true).unwrap().per_thread_prologue, Some(32));
        // not looked for where the finalizer writes none
        assert_eq!(report(prologue.as_bytes(), &code, 32, true, false).unwrap().per_thread_prologue, None);
        let want = FinalizerReport {
            grf_count: 256,
            inst_count: 42,
            scratch_size: 128,
            spill_sends: 1,
            spill_bytes: 64,
            fill_sends: 1,
            fill_bytes: 64,
            code_bytes: 48,
            per_thread_prologue: None,
        };
        assert_eq!(r, want);
        // the messages are not looked for where the finalizer's log names no spill
        let quiet = report(asm.as_bytes(), &[0; 48], 32, false, true).unwrap();
        assert_eq!(
            quiet,
            FinalizerReport { spill_sends: 0, spill_bytes: 0, fill_sends: 0, fill_bytes: 0, ..want }
        );
        // only the instruction count and no spill: the defaults
        let r =
            report(b"//.kernel k\n//.instCount 1\nmov (1) r1.0<1>:d 0x0:d\n", &[], 32, true, true).unwrap();
        assert_eq!((r.grf_count, r.inst_count, r.scratch_size, r.spill_sends), (128, 1, 0, 0));
        // a prologue label without a load in the code is an error
        assert!(report(b"//.instCount 1\nper_thread_prolog:\n", &[0; 16], 32, true, true).is_err());
    }

    #[test]
    fn batches_are_balanced_by_size_and_keep_kernel_order() {
        // equal counts would give [0, 1, 2] (1,200) and [3, 4, 5] (30)
        let sizes = [1000, 100, 100, 10, 10, 10];
        assert_eq!(balanced_batches(&sizes, 2), vec![vec![0], vec![1, 2, 3, 4, 5]]);
        // equal sizes: equal counts, kernels alternating
        assert_eq!(balanced_batches(&[5; 5], 2), vec![vec![0, 2, 4], vec![1, 3]]);
        // more batches than kernels, and kernels of no instructions: no batch is empty
        assert_eq!(balanced_batches(&[0, 0, 7], 8), vec![vec![2], vec![0], vec![1]]);
        assert_eq!(balanced_batches(&[3, 1], 0), vec![vec![0, 1]]);
        assert!(balanced_batches(&[], 4).is_empty());
        // every kernel exactly once
        let sizes: Vec<usize> = (0..100).map(|i| (i * 37) % 101).collect();
        let b = balanced_batches(&sizes, 3);
        let mut all: Vec<usize> = b.concat();
        all.sort_unstable();
        assert_eq!(all, (0..100).collect::<Vec<_>>());
        let work: Vec<usize> = b.iter().map(|k| k.iter().map(|&i| sizes[i]).sum()).collect();
        let (lo, hi) = (work.iter().min().unwrap(), work.iter().max().unwrap());
        assert!(hi - lo <= 100, "{work:?}");
    }

    /// Gen code of instructions with these opcodes, each 16 bytes, or 8 where compacted.
    fn code_of(insts: &[(u8, bool)]) -> Vec<u8> {
        let mut code = Vec::new();
        for &(opcode, compacted) in insts {
            let mut i = vec![0u8; if compacted { 8 } else { 16 }];
            i[0] = opcode;
            i[3] = if compacted { COMPACTED } else { 0 };
            code.extend(i);
        }
        code
    }

    #[test]
    fn reports_from_the_code_count_instructions_and_recognize_the_per_thread_prologue() {
        const ADD: u8 = 0x40;
        const MAD: u8 = 0x5b;
        // the per-thread prologue of Xe-HP parts: mov, and (r0.0), and (r0.4), add, mad, send,
        // nops to 128 bytes; then the cross-thread load (mov, and, send) and the code
        let per_thread = [OPCODE_MOV, OPCODE_AND, OPCODE_AND, ADD, MAD, OPCODE_SEND, OPCODE_NOP, OPCODE_NOP];
        let cross_thread = [OPCODE_MOV, OPCODE_AND, OPCODE_SEND];
        let body = [(ADD, true), (OPCODE_MOV, false), (ADD, true), (OPCODE_SEND, false)];
        let mut insts: Vec<(u8, bool)> =
            per_thread.iter().chain(&cross_thread).map(|&o| (o, false)).collect();
        insts.extend(body);
        let code = code_of(&insts);
        let r = report_from_code(&code, 128, true).unwrap();
        assert_eq!((r.inst_count, r.code_bytes, r.per_thread_prologue), (15, 16 * 13 + 8 * 2, Some(128)));
        assert_eq!((r.grf_count, r.scratch_size, r.spill_sends, r.fill_sends), (128, 0, 0, 0));
        // no prologue expected: none read, whatever the code starts with
        assert_eq!(report_from_code(&code, 256, false).unwrap().per_thread_prologue, None);
        assert_eq!(report_from_code(&code, 256, false).unwrap().grf_count, 256);
        // a prologue expected but the code starts with the cross-thread load, or the load is not
        // padded to 64 bytes: only the listing can say
        let mut without: Vec<(u8, bool)> = cross_thread.iter().map(|&o| (o, false)).collect();
        without.extend(body);
        assert_eq!(report_from_code(&code_of(&without), 128, true), None);
        let unpadded: Vec<(u8, bool)> = per_thread[..7].iter().map(|&o| (o, false)).chain(body).collect();
        assert_eq!(report_from_code(&code_of(&unpadded), 128, true), None);
        assert_eq!(report_from_code(&[], 128, true), None);
    }

    #[test]
    fn options_say_the_register_file_or_leave_it_to_the_listing() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(grf_count_of_options(&[]), Some(128));
        assert_eq!(grf_count_of_options(&words(&["-TotalGRFNum", "256"])), Some(256));
        assert_eq!(grf_count_of_options(&words(&["-noschedule"])), None);
        assert_eq!(grf_count_of_options(&words(&["-TotalGRFNum", "256", "-noschedule"])), None);
    }

    /// A listing line as the finalizer writes them, or one with numbers no finalizer writes.
    fn listing_line() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let number = prop_oneof![0u64..300, Just(u64::from(u32::MAX)), Just(u64::MAX), 0u64..u64::MAX];
        (0..8usize, number, ".{0,12}").prop_map(|(kind, n, junk)| match kind {
            0 => format!("//.thread_config numGRF={n}, numAcc=2"),
            1 => format!("//.instCount {n}"),
            2 => format!("//.spill size {n}"),
            3 => format!("(W) send (16) r1 r2 {junk} // wr:1h+{n}, rd:0; scratch space spill"),
            4 => format!("(W) send (16) r1 r2 {junk} // wr:1h, rd:{n}; scratch space fill"),
            5 => "per_thread_prolog:".to_string(),
            6 => format!("//{junk}"),
            _ => junk,
        })
    }

    proptest::proptest! {
        /// The finalizer's outputs are read without a panic whatever they hold: a listing with
        /// any numbers, any Gen code, any debug information.
        #[test]
        fn finalizer_outputs_of_any_content_are_read_without_a_panic(
            lines in proptest::collection::vec(listing_line(), 0..12),
            code in proptest::collection::vec(proptest::num::u8::ANY, 0..96),
            dbg in proptest::collection::vec(proptest::num::u8::ANY, 0..64),
            grf_bytes in proptest::prop_oneof![proptest::strategy::Just(32u32), proptest::strategy::Just(64u32)],
            spills: bool,
            prologue: bool,
            maps in proptest::collection::vec(
                (0u32..96, proptest::collection::vec((0u32..6, 0u32..96), 0..6)),
                0..3,
            ),
        ) {
            let asm = lines.join("\n");
            let _ = report(asm.as_bytes(), &code, grf_bytes, spills, prologue);
            let _ = report_from_code(&code, 128, prologue);
            let mut magic = 0xdead_d010u32.to_le_bytes().to_vec();
            magic.extend(&dbg);
            let _ = read_dbg(&dbg);
            let placed = kernel(&["a", "b"]);
            // the debug objects' maps, whatever they say, against a kernel taking addresses
            let mut code = code.clone();
            code.extend(mov_imm(2, ADDRESS_PLACEHOLDER));
            let read = read_dbg(&magic).unwrap_or_default();
            let made = maps.iter().map(|(base, map)| object("a", *base, map));
            for objects in [read, made.collect()] {
                let units: Vec<(&Kernel, &DebugObject)> = objects.iter().map(|o| (&placed, o)).collect();
                let _ = symbol_refs(&units, &code, grf_bytes);
                for o in &objects {
                    let _ = source_rows(&placed, &o.map);
                }
            }
        }
    }

    #[test]
    fn spills_the_log_names_are_the_batchs_kernels() {
        let unit =
            |name: &str| Unit { kernel: Kernel::new(name), functions: Vec::new(), exports_functions: false };
        let (a, b) = ((0, unit("k_a")), (1, unit("k_b")));
        let batch = [&a, &b];
        let log = "GenX_IR batch.isa -platform TGLLP -binary\n\
                   Spill memory used = 256 bytes for kernel k_b\n";
        assert_eq!(spilled_kernels(log, &batch), Some(vec![1]));
        assert_eq!(spilled_kernels("nothing spilled", &batch), Some(vec![]));
        // a name the batch does not hold (a stack function's, say): every kernel is finalized again
        assert_eq!(spilled_kernels("Spill memory used = 64 bytes for kernel helper\n", &batch), None);
        assert_eq!(spilled_kernels("Spill memory used = 64 bytes\n", &batch), None);
        // a kernel name that only begins like another's is not that kernel
        assert_eq!(spilled_kernels("Spill memory used = 64 bytes for kernel k_a_2\n", &batch), None);
    }
}
