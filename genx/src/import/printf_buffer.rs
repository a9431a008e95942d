//! The printf buffer as an implicit kernel argument: every `llvm.genx.print.buffer` call of a
//! kernel (the printf rewrite of the preparation stage makes them, CM code may call it directly)
//! reads a 64-bit input appended to the kernel's parameters, described in its metadata as the
//! printf buffer argument (kind 88) so the runtime passes the buffer's address, and the kernel
//! carries the module's printf string table for kernels.json.

use crate::intrinsics::IntrinsicId;
use crate::ir::{FuncId, InstKind, Linkage, Module, Value};
use crate::metadata;
use crate::platform::Platform;
use crate::types::{Elem, Type};
use genxc_diag::{unsupported, Diagnostic};

/// Whether instruction `kind` is a `llvm.genx.print.buffer` call.
fn is_print_buffer(kind: &InstKind) -> bool {
    matches!(kind, InstKind::Intrinsic { id: IntrinsicId::PrintBuffer, .. })
}

/// Binds the printf buffer of every kernel that reads it, and gives those kernels `strings`.
/// A non-kernel function that reads it is refused (the address is a kernel input).
pub fn bind_printf_buffer(
    module: &mut Module,
    strings: &[String],
    platform: Platform,
) -> Result<(), Vec<Diagnostic>> {
    let reads = |module: &Module, id: FuncId| {
        let f = &module.functions[id];
        f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter()).any(|&i| is_print_buffer(&f.insts[i].kind))
    };
    let mut diags = Vec::new();
    for (id, f) in module.functions.iter() {
        if f.linkage != Linkage::Kernel && reads(module, id) {
            diags.push(Diagnostic::in_function(
                f.name.clone(),
                None,
                unsupported("printf (llvm.genx.print.buffer) in a function that is not a kernel"),
            ));
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    for k in 0..module.kernels.len() {
        let func = module.kernels[k].func;
        if !reads(module, func) {
            continue;
        }
        let kernel = &mut module.kernels[k];
        let arg = metadata::add_printf_buffer_arg(kernel, platform)
            .map_err(|m| vec![Diagnostic::in_function(kernel.name.clone(), None, m)])?;
        kernel.printf_strings = strings.to_vec();
        let f = &mut module.functions[func];
        if arg != f.params.len() {
            return Err(vec![Diagnostic::in_function(
                f.name.clone(),
                None,
                "kernel metadata does not match the signature",
            )]);
        }
        f.params.push(Type::Scalar(Elem::I64));
        f.param_names.push("printf_buffer".into());
        let param = Value::Param(arg as u32);
        let calls: Vec<_> =
            f.insts.iter().filter(|(_, i)| is_print_buffer(&i.kind)).map(|(id, _)| id).collect();
        f.replace_insts(&calls, param);
    }
    Ok(())
}
