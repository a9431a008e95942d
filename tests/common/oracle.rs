//! The external oracles of the test suites, shared by the root crate's and the vISA crate's test
//! helpers (the vISA crate includes this file with `#[path]`): whether a missing tool fails the
//! run, and the verdict on one run of Intel's vISA finalizer `GenX_IR`.
//!
//! `GenX_IR` exits 0 on more bad input than it rejects: a region that reads or writes past its
//! variable only prints `WARNING: CISA region and offset cause an out of bounds byte access`, an
//! opcode the platform lacks prints `INVALID opcode <op>` and drops the instruction (the listing
//! then holds `<<error formatting instruction at PC ...>>`), an instruction the Gen encoder cannot
//! express is written to the listing as `illegal`, and the internal checks that fail on a broken
//! `.isa` print `<source file>.cpp:<line> <message>` and go on. A run is accepted only when it
//! exits 0 (or 1 with nothing but the spill report: the standalone tool turns that report into a
//! failure status although the kernel compiled), its listing ends the thread with an EOT, and
//! neither its output nor its listing holds any of these.

#![allow(dead_code)]

/// Whether a test that needs an external tool fails when the tool is missing (rather than
/// skipping): under `CI`, and when the suite runs through `scripts/test.sh`, which sets
/// `GENXC_REQUIRE_TOOLS`.
pub fn tools_required() -> bool {
    std::env::var_os("CI").is_some() || std::env::var_os("GENXC_REQUIRE_TOOLS").is_some()
}

/// What one `GenX_IR` run left behind: its exit, what it printed, and the Gen listing it wrote.
pub struct FinalizerRun<'a> {
    /// The exit code; `None` when it was killed (by a signal or the tests' time limit).
    pub exit: Option<i32>,
    /// Standard output and error, then the `.errors.txt` it wrote, if any.
    pub log: &'a str,
    /// The Gen assembly listing (`.asm`), if it wrote one.
    pub asm: Option<&'a str>,
}

/// The kinds of evidence that `GenX_IR` did not accept its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RejectionKind {
    /// It exited with a nonzero status or was killed.
    ExitStatus,
    /// It wrote no Gen listing.
    NoListing,
    /// The Gen listing has no EOT: the thread never ends.
    NoEot,
    /// The parser's `near line N: ...` message (syntax, unbound identifiers, bad fields).
    ParseError,
    /// The vISA verifier found errors: `Found a total of N errors in vISA input.` (the messages
    /// are in `.errors.txt`: `Error Message: ...`).
    VerifierError,
    /// `WARNING: CISA region and offset cause an out of bounds byte access: N`: a region reads or
    /// writes past the end of its variable.
    OutOfBoundsRegion,
    /// Any other line with `warning` in it.
    Warning,
    /// An internal check of the finalizer failed and printed `<file>.cpp:<line> <message>` (seen on
    /// bad `.isa` input, e.g. `Illegal or unimplemented ISA opcode`, and on a bad emask).
    InternalCheck,
    /// `INVALID opcode <op>`: an opcode the platform does not have; the instruction is dropped.
    InvalidOpcode,
    /// `error decoding`: the Gen code it produced does not decode.
    DecodeError,
    /// `<<error formatting instruction at PC ...>>` in the listing: a Gen instruction that could
    /// not be printed.
    FormatError,
    /// An `illegal` instruction in the Gen listing: one the Gen encoder could not express.
    IllegalInstruction,
}

/// One piece of evidence that a `GenX_IR` run rejected its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// What kind of evidence it is.
    pub kind: RejectionKind,
    /// The line (or status) it was found in.
    pub detail: String,
}

/// Whether `line` is `GenX_IR` echoing its own command line, the one line a clean run prints.
fn is_command_echo(line: &str) -> bool {
    line.starts_with("GenX_IR ") && line.contains(" -platform ")
}

/// Whether `line` is part of the report the standalone `GenX_IR` prints when register allocation
/// spilled: `[vISA Finalizer Messages]`, `Spill memory used = N bytes for kernel K` and the advice
/// after it. The kernel compiled (its listing is complete); only the exit status says 1, since
/// the standalone build turns any such message into a failure status.
fn is_spill_report(line: &str) -> bool {
    let line = line.trim();
    line == "[vISA Finalizer Messages]"
        || line.starts_with("Spill memory used = ")
        || line.starts_with("Compiling kernel with spill code may degrade performance")
}

/// Whether `log` is the output of a run whose only complaint is the spill report.
fn only_spilled(log: &str) -> bool {
    log.lines().any(|l| l.trim().starts_with("Spill memory used = "))
        && log.lines().all(|l| is_spill_report(l) || classify_output_line(l).is_none())
}

/// Whether `line` starts with `<path>.cpp:<digits> ` (or `.h`/`.hpp`): a failed internal check.
fn is_internal_check(line: &str) -> bool {
    let Some(first) = line.split_whitespace().next() else { return false };
    let Some((file, number)) = first.rsplit_once(':') else { return false };
    [".cpp", ".h", ".hpp", ".c"].iter().any(|ext| file.ends_with(ext))
        && !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
}

/// The kind of a line `GenX_IR` printed, or `None` for the lines a clean run may print.
fn classify_output_line(line: &str) -> Option<RejectionKind> {
    let lower = line.to_ascii_lowercase();
    if line.trim().is_empty() || is_command_echo(line) || is_spill_report(line) {
        None
    } else if line.starts_with("WARNING: CISA region and offset cause an out of bounds byte access") {
        Some(RejectionKind::OutOfBoundsRegion)
    } else if lower.contains("invalid opcode") {
        Some(RejectionKind::InvalidOpcode)
    } else if lower.contains("error decoding") {
        Some(RejectionKind::DecodeError)
    } else if lower.contains("error formatting instruction") {
        Some(RejectionKind::FormatError)
    } else if is_internal_check(line) {
        Some(RejectionKind::InternalCheck)
    } else if line.starts_with("near line ") {
        Some(RejectionKind::ParseError)
    } else if line.starts_with("Found a total of ") || line.contains("Error Message:") {
        Some(RejectionKind::VerifierError)
    } else if lower.contains("warning") {
        Some(RejectionKind::Warning)
    } else {
        None
    }
}

/// The kind of a line of the Gen listing, or `None` for a correct one.
fn classify_listing_line(line: &str) -> Option<RejectionKind> {
    let lower = line.to_ascii_lowercase();
    // The instruction part, before the `//` comment (which may quote names from the input).
    let code = lower.split("//").next().unwrap_or("");
    if lower.contains("error formatting instruction") {
        Some(RejectionKind::FormatError)
    } else if lower.contains("error decoding") {
        Some(RejectionKind::DecodeError)
    } else if lower.contains("invalid opcode") {
        Some(RejectionKind::InvalidOpcode)
    } else if code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).any(|w| w == "illegal") {
        Some(RejectionKind::IllegalInstruction)
    } else {
        None
    }
}

/// Every piece of evidence that `run` rejected its input; empty when it accepted it: exit 0, a
/// listing whose thread ends with an EOT, and neither output nor listing signalling bad input.
pub fn rejections(run: &FinalizerRun) -> Vec<Rejection> {
    let mut found = Vec::new();
    match run.exit {
        Some(0) => {}
        // a kernel that spilled: accepted like any other when its listing is complete
        Some(1) if only_spilled(run.log) => {}
        Some(code) => {
            found.push(Rejection { kind: RejectionKind::ExitStatus, detail: format!("exit status {code}") })
        }
        None => found.push(Rejection { kind: RejectionKind::ExitStatus, detail: "killed".to_string() }),
    }
    for line in run.log.lines() {
        if let Some(kind) = classify_output_line(line) {
            found.push(Rejection { kind, detail: line.trim().to_string() });
        }
    }
    match run.asm {
        None => {
            found.push(Rejection { kind: RejectionKind::NoListing, detail: "no .asm written".to_string() })
        }
        Some(asm) => {
            for line in asm.lines() {
                if let Some(kind) = classify_listing_line(line) {
                    found.push(Rejection { kind, detail: format!("listing: {}", line.trim()) });
                }
            }
            if !asm.contains("EOT") {
                found.push(Rejection {
                    kind: RejectionKind::NoEot,
                    detail: "no EOT in the Gen code".to_string(),
                });
            }
        }
    }
    found
}

/// `Ok` when `run` accepted its input, else one message listing every piece of evidence against it.
pub fn verdict(run: &FinalizerRun) -> Result<(), String> {
    let found = rejections(run);
    if found.is_empty() {
        return Ok(());
    }
    Err(found.iter().map(|r| format!("{:?}: {}", r.kind, r.detail)).collect::<Vec<_>>().join("\n"))
}

/// The finalizer platform names under which output for `platform` is checked: ocloc's `pvc` is
/// `PVCXT` to `GenX_IR`, so PVC output is checked under both `PVC` and `PVCXT`; any other name
/// stands for itself.
pub fn finalizer_platforms(platform: &str) -> Vec<&str> {
    if platform == "PVC" {
        vec!["PVC", "PVCXT"]
    } else {
        vec![platform]
    }
}
