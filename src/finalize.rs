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
//! From each kernel's Gen assembly listing comes a [`FinalizerReport`]: registers, scratch size,
//! instruction count.
//!
//! With source lines (`-g`: the kernels' vISA holds `LOC`/`FILE` instructions) the finalizer
//! also runs with `-generateDebugInfo` and writes, per kernel, a `.dbg` file mapping Gen code
//! offsets to vISA instruction indices ([`read_dbg`]); with the kernel's own vISA that gives the
//! source line of each piece of Gen code ([`Finalized::lines`]), the rows of the zebin's
//! `.debug_line`.
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
use std::process::Command;

/// One kernel to finalize and the stack functions it calls: they go in the function table of the
/// kernel's container, and the finalizer links the ones it reaches into the kernel's code.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// The kernel.
    pub kernel: Kernel,
    /// The `.global_function`s the kernel reaches (empty for a kernel making no stack call).
    pub functions: Vec<Kernel>,
}

/// What the finalizer says about one kernel's code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FinalizerReport {
    /// General registers per thread (`numGRF` of the listing's thread configuration).
    pub grf_count: u32,
    /// Gen instructions (the listing's `instCount`).
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
    /// What the listing says.
    pub report: FinalizerReport,
    /// With source lines (`-g`): the source file and `(Gen code offset, source line)` rows in
    /// code order, a row where the line changes; empty without.
    pub lines: (String, Vec<(u64, u32)>),
    /// The placeholder immediates of the symbol addresses (`faddr`) in the code, in code order.
    pub symbol_refs: Vec<SymbolRef>,
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

/// The placeholder dwords of the `faddr`s of `kernel` in its Gen `code`: every uncompacted `mov`
/// whose immediate is [`ADDRESS_PLACEHOLDER`], attributed to a vISA instruction by the `.dbg`
/// `map` (a Gen instruction belongs to the index of the last pair at or before its offset; body
/// instruction `i` is index `i + 1`). A `mov` attributed to an instruction other than a `faddr`
/// is an ordinary constant and left out. Its destination's sub-register (bits 51..55 of the
/// instruction: the byte offset, counted in 2-byte units where a GRF is 64 bytes) says which
/// dword of the 64-bit address it writes. A `faddr` with a placeholder of one half must have one
/// of the other (the finalizer may drop an unused one, or repeat a half it rematerializes).
pub fn symbol_refs(
    kernel: &Kernel,
    map: &[(u32, u32)],
    code: &[u8],
    grf_bytes: u32,
) -> Result<Vec<SymbolRef>, String> {
    let mut by_offset: Vec<(u32, u32)> = map.iter().map(|&(index, offset)| (offset, index)).collect();
    by_offset.sort();
    let mut refs = Vec::new();
    let mut at = 0usize;
    while at + 8 <= code.len() {
        let size = if code[at + 3] & COMPACTED != 0 { 8 } else { 16 };
        let Some(inst) = code.get(at..at + size) else { break };
        let imm = inst.get(12..16).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        if size == 16 && inst[0] & 0x7f == OPCODE_MOV && imm == Some(ADDRESS_PLACEHOLDER) {
            let index = by_offset.iter().take_while(|&&(o, _)| o as usize <= at).last().map(|&(_, i)| i);
            let faddr = index.and_then(|i| kernel.body.get((i as usize).checked_sub(1)?));
            if let Some(genxc_visa::Inst::FAddr { function, .. }) = faddr {
                let subreg = u32::from(inst[6] >> 3);
                let byte = if grf_bytes == 64 { subreg * 2 } else { subreg };
                refs.push(SymbolRef {
                    offset: at as u32 + 12,
                    symbol: function.clone(),
                    high: (byte / 4) % 2 == 1,
                });
            }
        }
        at += size;
    }
    for (i, inst) in kernel.body.iter().enumerate() {
        let genxc_visa::Inst::FAddr { function, .. } = inst else { continue };
        let index = i as u32 + 1;
        let halves: Vec<bool> = refs
            .iter()
            .filter(|r| {
                let owner =
                    by_offset.iter().take_while(|&&(o, _)| o <= r.offset - 12).last().map(|&(_, i)| i);
                owner == Some(index)
            })
            .map(|r| r.high)
            .collect();
        // none when the finalizer dropped an unused address; several of a half when it
        // rematerialized the constant; never one half without the other
        if halves.contains(&true) != halves.contains(&false) {
            return Err(format!(
                "the address of '{function}' (vISA instruction {index}) has placeholder movs of only one dword in the Gen code"
            ));
        }
    }
    Ok(refs)
}

/// A kernel's name and its `(vISA instruction index, Gen code offset)` pairs.
pub type DebugMap = (String, Vec<(u32, u32)>);

/// The `(vISA instruction index, Gen code offset)` map of each kernel in the vISA finalizer's
/// debug information file (`-generateDebugInfo`'s `.dbg`), by kernel name. The layout read: the
/// magic number `0xdeadd010`, a 16-bit object count, then per object a 16-bit name length and
/// the name, a 32-bit relocation offset, a map this reader skips (32-bit count of 8-byte pairs),
/// then the 32-bit count of `(vISA index, Gen offset)` pairs of 32-bit words; variable and
/// subroutine records may follow and are not read.
pub fn read_dbg(bytes: &[u8]) -> Result<Vec<DebugMap>, String> {
    let mut at = 0usize;
    let mut take = |n: usize| -> Result<&[u8], String> {
        let s = bytes.get(at..at + n).ok_or_else(|| format!("the debug information ends at byte {at}"))?;
        at += n;
        Ok(s)
    };
    let u16_at = |s: &[u8]| u16::from_le_bytes([s[0], s[1]]);
    let u32_at = |s: &[u8]| u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
    if u32_at(take(4)?) != 0xdead_d010 {
        return Err("not vISA debug information (magic number)".into());
    }
    let objects = u16_at(take(2)?);
    let mut out = Vec::new();
    // only the first object's maps are read: the variable records after them are not
    for _ in 0..objects.min(1) {
        let len = u16_at(take(2)?) as usize;
        let name = String::from_utf8_lossy(take(len)?).into_owned();
        take(4)?; // relocation offset
        let skipped = u32_at(take(4)?) as usize;
        take(skipped.checked_mul(8).ok_or("a map too large")?)?;
        let n = u32_at(take(4)?) as usize;
        let mut map = Vec::with_capacity(n.min(1 << 16));
        for _ in 0..n {
            let pair = take(8)?;
            map.push((u32_at(&pair[..4]), u32_at(&pair[4..])));
        }
        out.push((name, map));
    }
    Ok(out)
}

/// The source rows of a kernel's Gen code: each `(vISA index, Gen offset)` of `map` gets the line
/// of the last `LOC` at or before that instruction of `kernel` (vISA indices count the entry label
/// the encoder writes before the body as 0, so body instruction `i` is index `i + 1`); rows in
/// offset order, one where the line changes. Also the file of its first `FILE`.
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
        line_at.push(line);
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

/// The finalizer to run: `path`, or `GenX_IR` on the `PATH`.
pub fn finalizer_command(path: Option<&str>) -> &str {
    path.unwrap_or("GenX_IR")
}

/// Finalizes `kernels` for `platform` with `finalizer` in up to `workers` processes (0: one per
/// core), passing `extra` options through; results in kernel order. A finalizer that cannot be
/// started, fails, or writes no code is an error naming the kernels of its batch and its log.
pub fn finalize(
    kernels: Vec<Unit>,
    platform: Platform,
    finalizer: &str,
    workers: usize,
    extra: &[String],
    debug_lines: bool,
) -> Result<Vec<Finalized>, Diagnostic> {
    if kernels.is_empty() {
        return Ok(Vec::new());
    }
    let workers =
        if workers == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { workers };
    let sizes: Vec<usize> = kernels.iter().map(finalizer_work).collect();
    let batches = balanced_batches(&sizes, workers.min(kernels.len()));
    // Xe-HP and later: the threads load their own payload
    let own_prologue = matches!(platform, Platform::Dg2 | Platform::Mtl | Platform::Pvc);
    let grf = platform.grf_bytes();
    let mut numbered: Vec<(usize, Unit)> = kernels.into_iter().enumerate().collect();
    for (i, Unit { kernel: k, .. }) in &mut numbered {
        k.attrs.retain(|a| !matches!(a, KernelAttr::OutputAsmPath(_) | KernelAttr::PerThreadInputSize(_)));
        k.attrs.push(KernelAttr::OutputAsmPath(format!("k{i}.asm")));
        if own_prologue {
            k.attrs.push(KernelAttr::PerThreadInputSize(grf));
        }
    }
    let chunks: Vec<Vec<&(usize, Unit)>> =
        batches.iter().map(|batch| batch.iter().map(|&i| &numbered[i]).collect()).collect();
    let results: Vec<Result<Vec<Finalized>, Diagnostic>> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|chunk| s.spawn(move || finalize_batch(chunk, platform, finalizer, extra, debug_lines)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(Diagnostic::error(genxc_diag::internal("a finalizer batch thread panicked")))
                })
            })
            .collect()
    });
    // back in kernel order
    let mut out: Vec<Option<Finalized>> = (0..numbered.len()).map(|_| None).collect();
    for (batch, r) in batches.iter().zip(results) {
        for (&i, f) in batch.iter().zip(r?) {
            out[i] = Some(f);
        }
    }
    Ok(out.into_iter().flatten().collect())
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

/// One `GenX_IR` run on one container of `batch`.
fn finalize_batch(
    batch: &[&(usize, Unit)],
    platform: Platform,
    finalizer: &str,
    extra: &[String],
    debug_lines: bool,
) -> Result<Vec<Finalized>, Diagnostic> {
    let names = || batch.iter().map(|(_, u)| format!("'{}'", u.kernel.name)).collect::<Vec<_>>().join(", ");
    let fail =
        |why: String| Diagnostic::error(format!("the vISA finalizer failed on kernel {}: {why}", names()));
    let dir = tempfile::tempdir().map_err(|e| fail(format!("no temporary folder: {e}")))?;
    let objects: Vec<_> = batch.iter().map(|(_, u)| genxc_visa::encode_kernel(&u.kernel)).collect();
    // the stack functions of the batch's kernels, each once, in the container's function table
    let mut functions: Vec<&Kernel> = Vec::new();
    for f in batch.iter().flat_map(|(_, u)| &u.functions) {
        if !functions.iter().any(|g| g.name == f.name) {
            functions.push(f);
        }
    }
    let functions: Vec<_> = functions.into_iter().map(genxc_visa::encode_kernel).collect();
    let container = genxc_visa::write_container(&objects, &functions);
    std::fs::write(dir.path().join("batch.isa"), container).map_err(|e| fail(e.to_string()))?;
    let takes_address = |k: &Kernel| k.body.iter().any(|i| matches!(i, genxc_visa::Inst::FAddr { .. }));
    let debug_info = debug_lines || batch.iter().any(|(_, u)| takes_address(&u.kernel));
    let run = Command::new(finalizer)
        .arg("batch.isa")
        .args(["-platform", platform.info().finalizer_name, "-binary", "-output"])
        .args(extra)
        .args(debug_info.then_some("-generateDebugInfo"))
        .current_dir(dir.path())
        .output()
        .map_err(|e| {
            fail(format!("cannot run '{finalizer}': {e} (install libigc-tools or pass --finalizer PATH)"))
        })?;
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
    let spilled_only = log_text.contains("Spill memory used")
        && !log_text.contains("Found a total of")
        && batch.iter().all(|(i, _)| dir.path().join(format!("k{i}.dat")).exists());
    if !run.status.success() && !spilled_only {
        return Err(fail(format!("{finalizer} exited with {}:\n{log_text}", run.status)));
    }
    let mut out = Vec::with_capacity(batch.len());
    for (i, Unit { kernel: k, .. }) in batch {
        let code = std::fs::read(dir.path().join(format!("k{i}.dat")))
            .map_err(|_| fail(format!("{finalizer} wrote no code for '{}':\n{}", k.name, log())))?;
        let asm = std::fs::read_to_string(dir.path().join(format!("k{i}.asm"))).unwrap_or_default();
        let report = report(&asm, &code, platform.grf_bytes())
            .map_err(|why| fail(format!("kernel '{}': {why}", k.name)))?;
        let maps = if debug_lines || takes_address(k) {
            let dbg = std::fs::read(dir.path().join(format!("k{i}.dbg")))
                .map_err(|_| fail(format!("{finalizer} wrote no debug information for '{}'", k.name)))?;
            read_dbg(&dbg).map_err(|why| fail(format!("kernel '{}': {why}", k.name)))?
        } else {
            Vec::new()
        };
        let map = maps.first().map(|(_, m)| m.as_slice()).unwrap_or_default();
        let lines = if debug_lines { source_rows(k, map) } else { (String::new(), Vec::new()) };
        let symbol_refs = if takes_address(k) {
            symbol_refs(k, map, &code, platform.grf_bytes())
                .map_err(|why| fail(format!("kernel '{}': {why}", k.name)))?
        } else {
            Vec::new()
        };
        out.push(Finalized { name: k.name.clone(), code, report, lines, symbol_refs });
    }
    Ok(out)
}

/// The header of a listing: its lines before the first variable declaration (`//.declare`), where
/// GenX_IR writes the kernel's counts; the whole listing when it declares nothing. (A header
/// line that is absent, such as `//.spill size` without spills, is then looked for in a few
/// lines rather than in every comment of the code.)
fn listing_header(asm: &str) -> &str {
    match memchr::memmem::find(asm.as_bytes(), b"\n//.declare") {
        Some(at) => &asm[..at + 1],
        None => asm,
    }
}

/// The number after `key` on the listing's header line starting with `prefix`. (The text is
/// searched as a whole, not line by line: reading the listings was a tenth of genxc's own work
/// in `--emit zebin`.)
fn header_number(asm: &str, prefix: &str, key: &str) -> Option<u32> {
    let (at, _) = asm.match_indices(prefix).find(|&(at, _)| at == 0 || asm.as_bytes()[at - 1] == b'\n')?;
    let line = asm[at..].lines().next()?;
    let rest = &line[line.find(key)? + key.len()..];
    let digits: String = rest.trim_start().chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// Gen opcodes the prologue scan needs (Gen12 and later encodings).
const OPCODE_SEND: u8 = 0x31;
const OPCODE_SENDC: u8 = 0x32;
const OPCODE_NOP: u8 = 0x60;
/// The compaction bit of an instruction's first dword (bit 29): set, the instruction is 8 bytes.
const COMPACTED: u8 = 0x20;

/// Bytes of the per-thread payload prologue: the code up to its load (the first `send`) and the
/// `nop`s after it. `None` when the code is too short to hold one.
fn prologue_bytes(code: &[u8]) -> Option<u32> {
    let mut at = 0;
    let mut sent = false;
    while at + 8 <= code.len() {
        let opcode = code[at] & 0x7f;
        let size = if code[at + 3] & COMPACTED != 0 { 8 } else { 16 };
        if sent && opcode != OPCODE_NOP {
            return Some(at as u32);
        }
        sent |= opcode == OPCODE_SEND || opcode == OPCODE_SENDC;
        at += size;
    }
    None
}

/// The number after `key` in `line`.
fn number_after(line: &str, key: &str) -> Option<u32> {
    let rest = &line[line.find(key)? + key.len()..];
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// The report of one kernel from its Gen assembly listing and code. `grf_bytes` sizes the
/// registers the spill and fill messages move (`wr:<header>+<n>` and `rd:<n>` in the listing's
/// message comments).
pub fn report(asm: &str, code: &[u8], grf_bytes: u32) -> Result<FinalizerReport, String> {
    let header = listing_header(asm);
    let grf_count = header_number(header, "//.thread_config", "numGRF=").unwrap_or(128);
    let inst_count = header_number(header, "//.instCount", "instCount").unwrap_or(0);
    let scratch_size = header_number(header, "//.spill size", "size").unwrap_or(0);
    let (mut spill_sends, mut spill_bytes, mut fill_sends, mut fill_bytes) = (0, 0, 0, 0);
    // spill and fill messages are rare: the lines are read only when there is one
    let spills = asm.contains("scratch space");
    let message_lines = if spills { asm } else { "" };
    for line in message_lines.lines().filter(|l| !l.starts_with("//")) {
        if line.contains("scratch space spill") {
            // the data registers follow the header's in `wr:1h+N` / `wr:1+N`
            let data = line.find("wr:").and_then(|at| number_after(&line[at..], "+")).unwrap_or(0);
            spill_sends += 1;
            spill_bytes += data * grf_bytes;
        } else if line.contains("scratch space fill") {
            fill_sends += 1;
            fill_bytes += number_after(line, "rd:").unwrap_or(0) * grf_bytes;
        }
    }
    let per_thread_prologue =
        if asm.contains("per_thread_prolog:") && asm.lines().any(|l| l.trim() == "per_thread_prolog:") {
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
    use genxc_visa::{Dst, Inst, VarId};

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

    #[test]
    fn placeholders_are_found_by_the_debug_map() {
        // faddr "a" (vISA index 1) at 0..32 and faddr "b" (index 2) from 32 on; "b"'s halves
        // swapped by the scheduler, and a mov of the same constant outside a faddr ignored
        let mut code = mov_imm(2, ADDRESS_PLACEHOLDER);
        code.extend(mov_imm(3, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(1, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(0, ADDRESS_PLACEHOLDER));
        code.extend(mov_imm(0, ADDRESS_PLACEHOLDER));
        let map = [(1, 0), (2, 32), (3, 64)];
        let refs = symbol_refs(&kernel(&["a", "b"]), &map, &code, 32).unwrap();
        let got: Vec<(u32, &str, bool)> =
            refs.iter().map(|r| (r.offset, r.symbol.as_str(), r.high)).collect();
        assert_eq!(got, [(12, "a", false), (28, "a", true), (44, "b", true), (60, "b", false)]);
        // on a 64-byte GRF the field counts 2-byte units: dword 1's field on a 32-byte GRF (4)
        // is dword 2 there, a low half with no high one
        let refs = symbol_refs(&kernel(&["a"]), &[(1, 0)], &mov_imm(1, ADDRESS_PLACEHOLDER)[..], 64);
        assert!(refs.unwrap_err().contains("only one dword"));
        // an address dropped by the finalizer has no placeholder, and that is no error
        assert_eq!(symbol_refs(&kernel(&["a"]), &[(1, 0)], &mov_imm(0, 7), 32).unwrap(), []);
        // one half without the other is
        let e = symbol_refs(&kernel(&["a"]), &[(1, 0)], &mov_imm(0, ADDRESS_PLACEHOLDER), 32).unwrap_err();
        assert!(e.contains("'a'") && e.contains("only one dword"), "{e}");
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
        let r = report(asm, &[0; 48], 32).unwrap();
        // Only the header (the lines before the first declaration) holds the counts.
        let declared = asm.replace("//.spill size 128\n", "//.declare v (1) rf=r size=4\n//.spill size 64\n");
        assert_eq!(report(&declared, &[0; 48], 32).unwrap().scratch_size, 0);
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
        // no header lines and no spill: the defaults
        let r = report("//.kernel k\nmov (1) r1.0<1>:d 0x0:d\n", &[], 32).unwrap();
        assert_eq!((r.grf_count, r.inst_count, r.scratch_size, r.spill_sends), (128, 0, 0, 0));
        // a prologue label without a load in the code is an error
        assert!(report("per_thread_prolog:\n", &[0; 16], 32).is_err());
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
}
