//! The bitstream check LLVM bitcode passes in the library before LLVM reads it
//! (`genxc_frontend::bitstream`): it accepts all the bitcode LLVM writes and refuses the malformed
//! bitstreams LLVM 14 would end the process on or read from the wrong place. And the command,
//! which reports LLVM's failures itself (`genxc_frontend::crash_guard`), never crashes on a
//! mutation of valid bitcode.

mod common;

use common::fixtures;
use genxc_frontend::bitstream::check;
use proptest::prelude::*;
use std::path::Path;
use std::process::Command;

/// Every `.ll` file under `dir`, recursively, sorted.
fn ll_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            ll_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "ll") {
            out.push(p);
        }
    }
}

/// The bitcode LLVM writes for the fixture `path`, when LLVM reads the fixture.
fn bitcode_of(path: &Path) -> Option<Vec<u8>> {
    let bytes = std::fs::read(path).ok()?;
    let ctx = inkwell::context::Context::create();
    let module = genxc_frontend::llvm::load(&ctx, &path.to_string_lossy(), &bytes).ok()?;
    Some(module.write_bitcode_to_memory().as_slice().to_vec())
}

#[test]
fn all_bitcode_llvm_writes_is_accepted() {
    let mut files = Vec::new();
    ll_files(&fixtures(), &mut files);
    let mut checked = 0;
    for f in &files {
        let Some(bitcode) = bitcode_of(f) else { continue };
        if let Err(m) = check(&bitcode) {
            panic!("{}: the bitcode LLVM wrote is refused: {m}", f.display());
        }
        checked += 1;
    }
    assert!(checked >= 500, "only {checked} fixtures read");
}

/// A bitstream writer for the hand-made cases: fields least significant bit first.
#[derive(Default)]
struct Writer {
    bits: Vec<bool>,
}

impl Writer {
    fn new() -> Writer {
        let mut w = Writer::default();
        for b in *b"BC\xC0\xDE" {
            w.fixed(u64::from(b), 8);
        }
        w
    }
    fn fixed(&mut self, value: u64, n: u32) -> &mut Self {
        self.bits.extend((0..n).map(|k| value >> k & 1 == 1));
        self
    }
    fn vbr(&mut self, mut value: u64, n: u32) -> &mut Self {
        let payload = n - 1;
        loop {
            let chunk = value & ((1 << payload) - 1);
            value >>= payload;
            self.fixed(chunk | u64::from(value != 0) << payload, n);
            if value == 0 {
                return self;
            }
        }
    }
    fn align(&mut self) -> &mut Self {
        while !self.bits.len().is_multiple_of(32) {
            self.bits.push(false);
        }
        self
    }
    /// `ENTER_SUBBLOCK` of `id` with `width`-bit abbreviation IDs, from a block of
    /// `outer`-bit IDs: the bit where its length word stands.
    fn enter(&mut self, outer: u32, id: u64, width: u64) -> usize {
        self.fixed(1, outer).vbr(id, 8).vbr(width, 4).align();
        let at = self.bits.len();
        self.fixed(0, 32);
        at
    }
    /// `END_BLOCK` of the block whose length word is at `length_at`, with its length filled in
    /// (`extra` words more than it is, for a wrong one).
    fn end(&mut self, width: u32, length_at: usize, extra: u64) -> &mut Self {
        self.fixed(0, width).align();
        let words = ((self.bits.len() - length_at - 32) / 32) as u64 + extra;
        for k in 0..32 {
            self.bits[length_at + k] = words >> k & 1 == 1;
        }
        self
    }
    fn bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.bits.len().div_ceil(8)];
        for (k, &b) in self.bits.iter().enumerate() {
            out[k / 8] |= u8::from(b) << (k % 8);
        }
        // room for LLVM's look past the last block
        out.extend([0u8; 8]);
        out
    }
}

/// A module (3-bit IDs) holding what `body` writes, followed by nothing.
fn module(body: impl FnOnce(&mut Writer)) -> Vec<u8> {
    let mut w = Writer::new();
    let length = w.enter(2, 8, 3);
    body(&mut w);
    w.end(3, length, 0);
    w.bytes()
}

/// The refusal of `bytes`, which must be one.
fn refusal(bytes: &[u8]) -> String {
    check(bytes).expect_err("a malformed bitstream was accepted").what
}

#[test]
fn what_llvm_14_cannot_read_is_refused() {
    // a well-formed module: an abbreviation [literal 1, fixed 8] and a record of it
    let good = module(|w| {
        w.fixed(2, 3).vbr(2, 5).fixed(1, 1).vbr(1, 8).fixed(0, 1).fixed(1, 3).vbr(8, 5);
        w.fixed(4, 3).fixed(200, 8);
    });
    assert_eq!(check(&good), Ok(()));
    // an operand encoding outside the five (LLVM 14: report_fatal_error("Invalid encoding"))
    let bad_encoding = module(|w| {
        w.fixed(2, 3).vbr(1, 5).fixed(0, 1).fixed(6, 3);
    });
    assert!(refusal(&bad_encoding).contains("encoding 6"));
    // a record naming an abbreviation the block does not define ("Invalid abbrev number")
    let no_abbrev = module(|w| {
        w.fixed(5, 3);
    });
    assert!(refusal(&no_abbrev).contains("does not define"));
    // an array that is not second to last, and one of blobs
    let array_last = module(|w| {
        w.fixed(2, 3).vbr(2, 5).fixed(1, 1).vbr(1, 8).fixed(0, 1).fixed(3, 3);
    });
    assert!(refusal(&array_last).contains("second to last"));
    let array_of_blobs = module(|w| {
        w.fixed(2, 3).vbr(3, 5).fixed(1, 1).vbr(1, 8).fixed(0, 1).fixed(3, 3).fixed(0, 1).fixed(5, 3);
    });
    assert!(refusal(&array_of_blobs).contains("second to last"));
    // a VBR chunk wider than LLVM decodes, and a fixed field wider than its word
    let wide_vbr = module(|w| {
        w.fixed(2, 3).vbr(1, 5).fixed(0, 1).fixed(2, 3).vbr(40, 5);
    });
    assert!(refusal(&wide_vbr).contains("40-bit VBR"));
    let wide_fixed = module(|w| {
        w.fixed(2, 3).vbr(1, 5).fixed(0, 1).fixed(1, 3).vbr(65, 5);
    });
    assert!(refusal(&wide_fixed).contains("65-bit fixed"));
    // a block whose length is not where it ends (LLVM skips blocks by their length)
    let mut w = Writer::new();
    let outer = w.enter(2, 8, 3);
    let inner = w.enter(3, 17, 4);
    w.end(4, inner, 1).end(3, outer, 0);
    assert!(refusal(&w.bytes()).contains("not where its length says"));
    // a BLOCKINFO block after another block of the module
    let late_blockinfo = module(|w| {
        let inner = w.enter(3, 17, 4);
        w.end(4, inner, 0);
        let info = w.enter(3, 0, 2);
        w.end(2, info, 0);
    });
    assert!(refusal(&late_blockinfo).contains("BLOCKINFO"));
    // a value symbol table offset that names no value symbol table (LLVM jumps there and reads)
    let vst_offset = module(|w| {
        // MODULE_CODE_VSTOFFSET [3]: unabbreviated
        w.fixed(3, 3).vbr(13, 6).vbr(1, 6).vbr(3, 6);
    });
    assert!(refusal(&vst_offset).contains("value symbol table offset"));
    // a data layout LLVM 14 ends the process on (MODULE_CODE_DATALAYOUT "e-x")
    let layout = module(|w| {
        w.fixed(3, 3).vbr(3, 6).vbr(3, 6);
        for c in b"e-x" {
            w.vbr(u64::from(*c), 6);
        }
    });
    assert!(refusal(&layout).contains("invalid target datalayout"));
}

/// Valid bitcode with bytes changed: `edits` of (position, new byte) over the words after the
/// magic number.
fn mutated(base: &[u8], edits: &[(usize, u8)]) -> Vec<u8> {
    let mut bytes = base.to_vec();
    for &(at, byte) in edits {
        let at = 4 + at % (bytes.len() - 4);
        bytes[at] = byte;
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The command on bitcode with a few bytes changed: it compiles it or refuses it with a
    /// diagnostic and exit code 1, never crashing (LLVM's reader crashes on some of these: the
    /// bitstream check and the command's guard turn those into diagnostics).
    #[test]
    fn changed_bitcode_never_crashes_the_command(
        which in 0usize..3,
        edits in proptest::collection::vec((proptest::num::usize::ANY, proptest::num::u8::ANY), 1..8),
    ) {
        let base = ["calls/stack_calls.ll", "cm/01_saxpy_oword.ll", "globals/constant_table.ll"]
            .map(|f| bitcode_of(&fixtures().join(f)).unwrap_or_default());
        prop_assume!(!base[which].is_empty());
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("m.bc"), mutated(&base[which], &edits)).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_genxc"));
        command.current_dir(dir.path()).args(["m.bc", "-o", "out"]);
        // an input that makes the command take all the memory fails here, not the machine
        // SAFETY: setrlimit only, in the child before it runs genxc
        unsafe {
            use std::os::unix::process::CommandExt;
            command.pre_exec(|| {
                let limit = libc::rlimit { rlim_cur: 4 << 30, rlim_max: 4 << 30 };
                libc::setrlimit(libc::RLIMIT_AS, &limit);
                Ok(())
            });
        }
        let run = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        prop_assert!(matches!(run.status.code(), Some(0 | 1)), "{:?}: {stderr}", run.status);
        if run.status.code() == Some(1) {
            prop_assert!(stderr.starts_with("error: m.bc: ") || stderr.contains("m.bc:"), "{stderr}");
            prop_assert!(!dir.path().join("out").exists(), "output written: {stderr}");
        }
    }
}
