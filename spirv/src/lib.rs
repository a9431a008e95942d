//! SPIR-V input for genxc: reads a SPIR-V 1.0-1.4 module carrying the SPV_INTEL_vector_compute
//! decorations (what the CM compiler, DPC++ ESIMD and ISPC give Intel's Vector Compiler) and
//! rebuilds it as the LLVM 14 module the VC back end reads after Intel's SPIR-V reader adaptor,
//! in the caller's LLVM context, so everything after the front end is shared with `.ll` input.
//!
//! The stages: [`binary`] checks the header, records each instruction's word offset and parses
//! the words with rspirv (after taking out the translator's decorations rspirv's grammar lacks);
//! [`module`] gathers types, constants, decorations, entry points and functions by id;
//! [`rebuild`] and [`function`] write the LLVM module as text, which LLVM parses and verifies.
//! Every error names the word offset of the instruction at fault. See docs/spirv.md.

pub mod binary;
pub mod builtins;
pub mod function;
pub mod module;
pub mod opencl_std;
pub mod rebuild;
pub mod types;

use genxc_diag::Diagnostic;
use inkwell::context::Context;
use inkwell::module::Module;

pub use binary::is_spirv;

/// Rebuilds the SPIR-V module `bytes` as LLVM IR text (what [`load`] parses), with the
/// specialization constants `spec` (SpecId, value as written) set.
pub fn to_llvm_text(
    file: &str,
    bytes: &[u8],
    spec: &[(u32, String)],
) -> Result<rebuild::Rebuilt, Diagnostic> {
    let binary = binary::read(file, bytes)?;
    let module = module::gather(file, binary, spec)?;
    rebuild::rebuild(&module)
}

/// Reads the SPIR-V module `bytes` into an LLVM module in `ctx`, verified and with its stack
/// slots promoted, like a `.ll` input. `file` names the input in diagnostics; `spec` gives values
/// of specialization constants by SpecId (the others keep their defaults).
pub fn load<'ctx>(
    ctx: &'ctx Context,
    file: &str,
    bytes: &[u8],
    spec: &[(u32, String)],
) -> Result<Module<'ctx>, Diagnostic> {
    load_with_map(ctx, file, bytes, spec).map(|(module, _)| module)
}

/// [`load`], also giving the rebuilt text and its lines' word offsets, with which a later
/// diagnostic about a function or an instruction can name the SPIR-V word it came from.
pub fn load_with_map<'ctx>(
    ctx: &'ctx Context,
    file: &str,
    bytes: &[u8],
    spec: &[(u32, String)],
) -> Result<(Module<'ctx>, rebuild::Rebuilt), Diagnostic> {
    let rebuilt = to_llvm_text(file, bytes, spec)?;
    // The rebuilt text gets its own name so LLVM's located errors can be told from the input's.
    let text_name = format!("{file} (rebuilt from SPIR-V)");
    let module = genxc_frontend::llvm::load(ctx, &text_name, rebuilt.text.as_bytes())
        .map_err(|d| located(file, &text_name, &rebuilt, d))?;
    Ok((module, rebuilt))
}

/// An error LLVM found in the rebuilt text, at the SPIR-V word of the line it names.
fn located(file: &str, text_name: &str, rebuilt: &rebuild::Rebuilt, d: Diagnostic) -> Diagnostic {
    let message = d.to_string();
    let rest = message.strip_prefix(text_name).and_then(|r| r.strip_prefix(':'));
    if let Some(rest) = rest {
        let mut parts = rest.splitn(3, ':');
        if let (Some(line), Some(_col), Some(msg)) = (parts.next(), parts.next(), parts.next()) {
            if let Ok(line) = line.trim().parse::<usize>() {
                let offset = rebuilt.offsets.get(line.saturating_sub(1)).copied().unwrap_or(0);
                let msg = msg.trim().strip_prefix("error:").unwrap_or(msg).trim();
                return binary::at_word(file, offset, format!("the rebuilt LLVM module is invalid: {msg}"));
            }
        }
    }
    let msg = message.strip_prefix("error: ").unwrap_or(&message);
    let msg = msg.strip_prefix(text_name).map(|m| m.trim_start_matches(':').trim()).unwrap_or(msg);
    Diagnostic::error(format!("{file}: invalid SPIR-V: the rebuilt LLVM module is invalid: {msg}"))
}
