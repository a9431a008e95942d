//! What the bindings of an implicit kernel input share (the printf buffer, the private base): an
//! intrinsic that reads a value the runtime passes to the kernel becomes a use of a 64-bit kernel
//! parameter. A function other than a kernel that calls it is refused, since only a kernel has
//! inputs.

use crate::intrinsics::IntrinsicId;
use crate::ir::{Function, InstKind, Linkage, Module, Value};
use crate::types::{Elem, Type};
use genxc_diag::{unsupported, Diagnostic};

/// Whether instruction `kind` is a call of intrinsic `iid`.
fn is_call_of(kind: &InstKind, iid: IntrinsicId) -> bool {
    matches!(kind, InstKind::Intrinsic { id, .. } if *id == iid)
}

/// Whether a block of `f`'s layout calls intrinsic `iid`.
pub(super) fn reads(f: &Function, iid: IntrinsicId) -> bool {
    f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter()).any(|&i| is_call_of(&f.insts[i].kind, iid))
}

/// Refuses every function other than a kernel that calls intrinsic `iid`, as "unsupported: `what`
/// in a function that is not a kernel".
pub(super) fn refuse_outside_kernels(
    module: &Module,
    iid: IntrinsicId,
    what: &str,
) -> Result<(), Vec<Diagnostic>> {
    let diags: Vec<Diagnostic> = module
        .functions
        .iter()
        .filter(|(_, f)| f.linkage != Linkage::Kernel && reads(f, iid))
        .map(|(_, f)| {
            Diagnostic::in_function(
                f.name.clone(),
                None,
                unsupported(format!("{what} in a function that is not a kernel")),
            )
        })
        .collect();
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// Appends the i64 parameter `name` to kernel function `f`, where the metadata placed the new
/// argument at index `arg`; a metadata that disagrees with the signature is refused.
pub(super) fn append_i64_param(f: &mut Function, arg: usize, name: &str) -> Result<(), Vec<Diagnostic>> {
    if arg != f.params.len() {
        return Err(vec![Diagnostic::in_function(
            f.name.clone(),
            None,
            "kernel metadata does not match the signature",
        )]);
    }
    f.params.push(Type::Scalar(Elem::I64));
    f.param_names.push(name.into());
    Ok(())
}

/// Makes every call of intrinsic `iid` in `f` a use of parameter `arg`.
pub(super) fn bind_to_param(f: &mut Function, iid: IntrinsicId, arg: usize) {
    let calls: Vec<_> = f.insts.iter().filter(|(_, i)| is_call_of(&i.kind, iid)).map(|(id, _)| id).collect();
    f.replace_insts(&calls, Value::Param(arg as u32));
}
