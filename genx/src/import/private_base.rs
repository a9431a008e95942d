//! The private memory base as an implicit kernel argument: the `llvm.genx.private.base` calls
//! the stack memory rewrite of the preparation stage puts in kernels that use the stack become
//! the kernel's 64-bit private base input (kind 96, IGC's `IMP_OCL_PRIVATE_BASE`) — the one the
//! input already declares, or one appended to its parameters — and the kernel's metadata records
//! the stack bytes each hardware thread needs, for kernels.json.

use crate::intrinsics::IntrinsicId;
use crate::ir::{FuncId, InstKind, Linkage, Module, Value};
use crate::metadata::{self, ImplicitArg};
use crate::platform::Platform;
use crate::types::{Elem, Type};
use genxc_diag::{unsupported, Diagnostic};

/// Whether instruction `kind` is a `llvm.genx.private.base` call.
fn is_private_base(kind: &InstKind) -> bool {
    matches!(kind, InstKind::Intrinsic { id: IntrinsicId::PrivateBase, .. })
}

/// Binds the private base of every kernel that reads it and records `bytes_per_thread` of
/// private memory for it. A non-kernel function that reads it is refused.
pub fn bind_private_base(
    module: &mut Module,
    bytes_per_thread: u32,
    platform: Platform,
) -> Result<(), Vec<Diagnostic>> {
    let reads = |module: &Module, id: FuncId| {
        let f = &module.functions[id];
        f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter()).any(|&i| is_private_base(&f.insts[i].kind))
    };
    let mut diags = Vec::new();
    for (id, f) in module.functions.iter() {
        if f.linkage != Linkage::Kernel && reads(module, id) {
            diags.push(Diagnostic::in_function(
                f.name.clone(),
                None,
                unsupported(
                    "the private memory base (llvm.genx.private.base) in a function that is not a kernel",
                ),
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
        kernel.private_memory = bytes_per_thread;
        let arg = match kernel.args.iter().position(|a| a.implicit == ImplicitArg::PrivateBase) {
            Some(a) => a,
            None => {
                let a = metadata::add_private_base_arg(kernel, platform)
                    .map_err(|m| vec![Diagnostic::in_function(kernel.name.clone(), None, m)])?;
                let f = &mut module.functions[func];
                if a != f.params.len() {
                    return Err(vec![Diagnostic::in_function(
                        f.name.clone(),
                        None,
                        "kernel metadata does not match the signature",
                    )]);
                }
                f.params.push(Type::Scalar(Elem::I64));
                f.param_names.push("private_base".into());
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
        let param = Value::Param(arg as u32);
        let calls: Vec<_> =
            f.insts.iter().filter(|(_, i)| is_private_base(&i.kind)).map(|(id, _)| id).collect();
        f.replace_insts(&calls, param);
    }
    Ok(())
}
