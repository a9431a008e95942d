//! MLIR to LLVM IR: dialect conversion to the LLVM dialect (type converter, calling
//! conventions, memref descriptors, C-interface wrappers) and translation of the result to LLVM IR.
//!
//! The conversion and the translation run in one walk over each function: every operation of the
//! builtin, func, arith, cf, math, index, vector, memref, complex and llvm dialects becomes LLVM
//! instructions, written as LLVM 14 IR text (typed pointers; an opaque `!llvm.ptr` is `i8*`) that
//! the driver parses into an inkwell module. Functions with the `genx.kernel` attribute become
//! `dllexport` GenX kernels with their `genx.kernels` metadata; kernels of the `gpu` dialect
//! become GenX kernels running a work-item per SIMD lane ([`gpu`], docs/mlir-gpu.md).

mod func;
pub mod gpu;
mod module;
pub mod types;

use genxc_diag::Diagnostic;
use genxc_frontend::mlir::{self, Attr};
// LLVM itself, for inkwell (see genxc-llvm-link).
use genxc_llvm_link as _;

/// Parses MLIR text and translates every module (one per `// -----` part) to LLVM IR text.
pub fn mlir_to_llvm_ir(file: &str, text: &str) -> Result<Vec<String>, Diagnostic> {
    let parsed = mlir::parse(file, text)?;
    parsed.modules.iter().map(|&m| translate_module(file, &parsed.ir, m)).collect()
}

/// Translates one `builtin.module` of a parsed file to LLVM IR text.
pub fn translate_module(file: &str, ir: &mlir::Ir, module: mlir::OpId) -> Result<String, Diagnostic> {
    translate_module_with(file, ir, module, &gpu::GpuOptions::default()).map(|t| t.text)
}

/// One module translated: the LLVM IR text, the gpu kernels it holds and notes for the user.
#[derive(Clone, Debug, Default)]
pub struct Translation {
    /// LLVM IR text.
    pub text: String,
    /// The gpu dialect kernels, with their SIMD width and arguments.
    pub gpu_kernels: Vec<gpu::KernelInfo>,
    /// Notes (host functions left out of a GPU compile).
    pub notes: Vec<String>,
}

/// [`translate_module`] with the gpu dialect's options.
pub fn translate_module_with(
    file: &str,
    ir: &mlir::Ir,
    module: mlir::OpId,
    opts: &gpu::GpuOptions,
) -> Result<Translation, Diagnostic> {
    let op = ir.op(module);
    let mut index_bits = 64;
    for (k, v) in &op.attrs {
        if k == "dlti.dl_spec" {
            if let Attr::Dialect(_, body) = v {
                if let Some(i) = body.find("index,") {
                    let rest = body[i + 6..].trim_start();
                    let n: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
                    if let Ok(n) = n.parse::<u32>() {
                        index_bits = n;
                    }
                }
            }
        }
    }
    let mut em = module::ModuleEmitter::new(file, ir, index_bits);
    em.gpu = *opts;
    let (text, gpu_kernels, notes) = em.run_collect(module)?;
    Ok(Translation { text, gpu_kernels, notes })
}

/// Reads an MLIR file into a verified LLVM 14 module: parse, lower, translate, then parse the
/// LLVM IR with LLVM and link the modules of the `// -----` parts together.
pub fn load<'ctx>(
    ctx: &'ctx inkwell::context::Context,
    file: &str,
    bytes: &[u8],
) -> Result<inkwell::module::Module<'ctx>, Diagnostic> {
    load_with(ctx, file, bytes, &gpu::GpuOptions::default()).map(|l| l.0)
}

/// [`load`] with the gpu dialect's options; also returns the gpu kernels and the notes of every
/// part.
pub fn load_with<'ctx>(
    ctx: &'ctx inkwell::context::Context,
    file: &str,
    bytes: &[u8],
    opts: &gpu::GpuOptions,
) -> Result<(inkwell::module::Module<'ctx>, Vec<gpu::KernelInfo>, Vec<String>), Diagnostic> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Err(Diagnostic::error(format!("{file}: not MLIR text: the file is not UTF-8")));
    };
    let parsed = mlir::parse(file, text)?;
    let mut kernels = Vec::new();
    let mut notes = Vec::new();
    let mut parts = Vec::new();
    for &m in &parsed.modules {
        let t = translate_module_with(file, &parsed.ir, m, opts)?;
        kernels.extend(t.gpu_kernels);
        notes.extend(t.notes);
        parts.push(t.text);
    }
    let mut module: Option<inkwell::module::Module<'ctx>> = None;
    for part in parts {
        let m = genxc_frontend::llvm::load(ctx, &format!("{file}.ll"), part.as_bytes()).map_err(|d| {
            let mut e =
                Diagnostic::error(genxc_diag::internal(format!("the translated LLVM IR is invalid: {d}")))
                    .with_context(file);
            if let genxc_diag::Location::Source { line, .. } = d.location {
                if let Some(l) = part.lines().nth(line as usize - 1) {
                    e = e.with_note(format!("translated line {line}: {}", l.trim()));
                }
            }
            e
        })?;
        match &module {
            None => module = Some(m),
            Some(first) => first.link_in_module(m).map_err(|e| {
                Diagnostic::error(format!("{file}: the parts of the split file cannot be linked: {e}"))
            })?,
        }
    }
    Ok((module.unwrap_or_else(|| ctx.create_module(file)), kernels, notes))
}

/// Where the function `name` is defined in MLIR text (`func.func @name` or `llvm.func @name`), as
/// 1-based line and column of the `@`.
pub fn function_position(text: &str, name: &str) -> Option<(u32, u32)> {
    let needle = format!("@{name}(");
    text.lines().enumerate().find_map(|(i, l)| {
        let col = l.find(&needle)?;
        let head = &l[..col];
        (head.contains("func.func") || head.contains("llvm.func") || head.trim_start().starts_with("func "))
            .then(|| (i as u32 + 1, col as u32 + 1))
    })
}
