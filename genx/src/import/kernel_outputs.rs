//! Kernel output arguments (CM "fast composite" kernels): `llvm.genx.output.1(v)` says that when
//! the kernel ends, the register of one of its arguments holds `v`. The kernel's metadata marks
//! those arguments with the IO kind output or input-output; as Intel's Vector Compiler reads it,
//! the output calls of a block name the output arguments in order (the first call the first
//! output argument, and so on). A kernel whose metadata marks no output argument but calls
//! `llvm.genx.output.1` on its own arguments makes each of those an input-output argument.
//!
//! (`llvm.genx.output`, without `.1`, names no argument: it only keeps its operands alive to where
//! it stands, and emits nothing, as in Intel's Vector Compiler.)
//!
//! After this pass every output call carries the index of its argument as a second, constant
//! operand: register allocation tries to give the value the argument's variable, and instruction
//! selection copies the value there where it could not. The calls stay in the function as uses,
//! so the argument's variable is not given to another value while the argument is still needed.

use crate::intrinsics::IntrinsicId;
use crate::ir::{Constant, InstId, InstKind, Module, Value};
use crate::metadata::IoKind;
use crate::types::Elem;
use genxc_diag::{unsupported, Diagnostic, Failure};

/// Binds every `llvm.genx.output.1` call of every kernel to its output argument (see the module
/// documentation), marking the arguments the metadata left plain and appending the argument's
/// index to the call.
pub fn bind_output_args(module: &mut Module) -> Result<(), Vec<Diagnostic>> {
    let mut diags = Vec::new();
    for k in 0..module.kernels.len() {
        if let Err((at, m)) = bind_kernel(module, k) {
            let f = &module.functions[module.kernels[k].func];
            let label = Some(f.value_name(Value::Inst(at)));
            diags.push(Diagnostic::in_function(f.name.clone(), label, m));
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}

/// [`bind_output_args`] for kernel `k`; an error names the output call it is about.
fn bind_kernel(module: &mut Module, k: usize) -> Result<(), (InstId, Failure)> {
    let func = module.kernels[k].func;
    let f = &module.functions[func];
    // the output calls, block by block in layout order
    let calls: Vec<Vec<_>> = f
        .layout
        .iter()
        .map(|&b| {
            f.blocks[b]
                .insts
                .iter()
                .copied()
                .filter(|&i| matches!(f.insts[i].kind, InstKind::Intrinsic { id: IntrinsicId::Output1, .. }))
                .collect()
        })
        .collect();
    if calls.iter().all(Vec::is_empty) {
        return Ok(());
    }
    let kernel = &module.kernels[k];
    let declared: Vec<usize> =
        (0..kernel.args.len()).filter(|&a| kernel.args[a].io_kind.is_output()).collect();
    let mut bound = Vec::new();
    for block in &calls {
        for (n, &i) in block.iter().enumerate() {
            let InstKind::Intrinsic { args, .. } = &f.insts[i].kind else { continue };
            let [value] = args[..] else {
                return Err((
                    i,
                    unsupported(format!(
                        "llvm.genx.output.1 with {} operands (it takes the output value alone)",
                        args.len()
                    )),
                ));
            };
            let arg = if declared.is_empty() {
                match value {
                    Value::Param(p) if (p as usize) < kernel.args.len() => p as usize,
                    _ => {
                        return Err((
                            i,
                            unsupported(
                                "llvm.genx.output.1 of a value that is not a kernel argument, in a \
                                 kernel whose metadata marks no output argument",
                            ),
                        ))
                    }
                }
            } else {
                *declared.get(n).ok_or_else(|| {
                    let m = unsupported(format!(
                        "a block with more llvm.genx.output.1 calls than the {} output arguments of \
                         the kernel metadata",
                        declared.len()
                    ));
                    (i, m)
                })?
            };
            if f.value_type(value) != f.params[arg] {
                let m = unsupported(format!(
                    "llvm.genx.output.1 of a {} value for output argument {arg}, of type {}",
                    f.value_type(value),
                    f.params[arg]
                ));
                return Err((i, m));
            }
            bound.push((i, arg));
        }
    }
    for &(_, arg) in &bound {
        let io = &mut module.kernels[k].args[arg].io_kind;
        if !io.is_output() {
            *io = IoKind::InputOutput;
        }
    }
    let f = &mut module.functions[func];
    for (i, arg) in bound {
        let index = f.add_const(Constant::int(Elem::I32, arg as i64));
        if let InstKind::Intrinsic { args, .. } = &mut f.insts[i].kind {
            args.push(index);
        }
    }
    Ok(())
}
