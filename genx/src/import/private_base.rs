//! The private memory base as an implicit kernel argument: the `llvm.genx.private.base` calls
//! the stack memory rewrite of the preparation stage puts in kernels that use the stack become
//! the kernel's 64-bit private base input (kind 96, IGC's `IMP_OCL_PRIVATE_BASE`) — the one the
//! input already declares, or one appended to its parameters — and the kernel's metadata records
//! the stack bytes each hardware thread needs, for kernels.json.

use super::implicit_input::{append_i64_param, bind_to_param, reads, refuse_outside_kernels};
use crate::intrinsics::IntrinsicId;
use crate::ir::Module;
use crate::metadata::{self, ImplicitArg};
use crate::platform::Platform;
use crate::types::{Elem, Type};
use genxc_diag::{unsupported, Diagnostic};

/// Binds the private base of every kernel that reads it and records the private memory each of
/// its threads strides by: its entry of `strides` (kernel function name, bytes), else
/// `bytes_per_thread`. A non-kernel function that reads it is refused.
pub fn bind_private_base(
    module: &mut Module,
    bytes_per_thread: u32,
    strides: &[(String, u32)],
    platform: Platform,
) -> Result<(), Vec<Diagnostic>> {
    refuse_outside_kernels(
        module,
        IntrinsicId::PrivateBase,
        "the private memory base (llvm.genx.private.base)",
    )?;
    for k in 0..module.kernels.len() {
        let func = module.kernels[k].func;
        if !reads(&module.functions[func], IntrinsicId::PrivateBase) {
            continue;
        }
        let function_name = &module.functions[func].name;
        let stride = strides.iter().find(|(n, _)| n == function_name).map_or(bytes_per_thread, |&(_, b)| b);
        let kernel = &mut module.kernels[k];
        kernel.private_memory = stride;
        let arg = match kernel.args.iter().position(|a| a.implicit == ImplicitArg::PrivateBase) {
            Some(a) => a,
            None => {
                let a = metadata::add_private_base_arg(kernel, platform)
                    .map_err(|m| vec![Diagnostic::in_function(kernel.name.clone(), None, m)])?;
                append_i64_param(&mut module.functions[func], a, "private_base")?;
                a
            }
        };
        let f = &mut module.functions[func];
        if f.params.get(arg) != Some(&Type::Scalar(Elem::I64)) {
            return Err(vec![Diagnostic::in_function(
                f.name.clone(),
                None,
                unsupported("the private memory base argument (kind 96) must be an i64"),
            )]);
        }
        bind_to_param(f, IntrinsicId::PrivateBase, arg);
    }
    Ok(())
}
