//! The printf buffer as an implicit kernel argument: every `llvm.genx.print.buffer` call of a
//! kernel (the printf rewrite of the preparation stage makes them, CM code may call it directly)
//! reads a 64-bit input appended to the kernel's parameters, described in its metadata as the
//! printf buffer argument (kind 88) so the runtime passes the buffer's address, and the kernel
//! carries the module's printf string table for kernels.json.

use super::implicit_input::{append_i64_param, bind_to_param, reads, refuse_outside_kernels};
use crate::intrinsics::IntrinsicId;
use crate::ir::Module;
use crate::metadata;
use crate::platform::Platform;
use genxc_diag::Diagnostic;

/// Binds the printf buffer of every kernel that reads it, and gives those kernels `strings`.
/// A non-kernel function that reads it is refused (the address is a kernel input).
pub fn bind_printf_buffer(
    module: &mut Module,
    strings: &[String],
    platform: Platform,
) -> Result<(), Vec<Diagnostic>> {
    refuse_outside_kernels(module, IntrinsicId::PrintBuffer, "printf (llvm.genx.print.buffer)")?;
    for k in 0..module.kernels.len() {
        let func = module.kernels[k].func;
        if !reads(&module.functions[func], IntrinsicId::PrintBuffer) {
            continue;
        }
        let kernel = &mut module.kernels[k];
        let arg = metadata::add_printf_buffer_arg(kernel, platform)
            .map_err(|m| vec![Diagnostic::in_function(kernel.name.clone(), None, m)])?;
        kernel.printf_strings = strings.to_vec();
        let f = &mut module.functions[func];
        append_i64_param(f, arg, "printf_buffer")?;
        bind_to_param(f, IntrinsicId::PrintBuffer, arg);
    }
    Ok(())
}
