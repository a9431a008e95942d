//! The assert built-in of Intel's Vector Compiler, `__vc_assert_print(fmt, ...)`: a variadic
//! external function that Intel's compiler, without the built-in library linked in, calls as it
//! is, through its relocated address (vISA `faddr __vc_assert_print` + `ifcall`), passing the
//! format string's address (`faddr` of the string global) as the only argument. The function
//! itself (which writes the message to the runtime's assert buffer) is the runtime's to link.
//!
//! Here each call becomes a call of a fixed-signature declaration under the same symbol,
//! `i32 @__vc_assert_print(i64)`, with the format pointer as its integer address; the string
//! global stays in the module, in memory (the data section), and the memory lowering gives its
//! address. Arguments after the format (whose variadic passing convention the built-in defines)
//! are refused, located.

use super::super::raw::{ModuleRef, Val};
use super::super::validate::inst_label;
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// The symbol of the assert built-in.
pub const ASSERT_PRINT: &str = "__vc_assert_print";

/// Rewrites every call of the variadic `__vc_assert_print` of `m` as the module docs say.
pub fn lower_assert_print(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    let Some(old) = m.functions().into_iter().find(|f| f.name() == ASSERT_PRINT && f.is_declaration()) else {
        return Ok(());
    };
    if !old.function_type().is_vararg() {
        return Ok(());
    }
    let calls: Vec<Val> = old
        .users()
        .into_iter()
        .filter(|u| u.is_instruction() && u.opcode() == LLVMOpcode::LLVMCall && u.called_value() == old)
        .collect();
    let mut diags = Vec::new();
    for &c in &calls {
        let why = if c.num_call_args() != 1 {
            Some(format!(
                "{ASSERT_PRINT} with {} arguments after the format: the built-in's variadic convention is not modeled",
                c.num_call_args().saturating_sub(1)
            ))
        } else if c.operand(0).ty().kind() != LLVMTypeKind::LLVMPointerTypeKind {
            Some(format!("{ASSERT_PRINT} whose format is not a pointer"))
        } else {
            None
        };
        if let Some(why) = why {
            // SAFETY: a call instruction in a block of a function.
            let f = Val(unsafe { LLVMGetBasicBlockParent(LLVMGetInstructionParent(c.0)) });
            diags.push(Diagnostic::in_function(f.name(), Some(inst_label(c)), unsupported(why)));
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    // SAFETY: the old declaration is renamed out of the way and deleted once its calls are
    // replaced; the new one has the symbol, an i32 result like the old, and one i64 parameter.
    unsafe {
        let ctx = LLVMGetModuleContext(m.0);
        LLVMSetValueName2(old.0, c"__vc_assert_print.variadic".as_ptr(), 26);
        let i64t = LLVMInt64TypeInContext(ctx);
        let ret = LLVMGetReturnType(old.function_type().0);
        let fty = LLVMFunctionType(ret, [i64t].as_mut_ptr(), 1, 0);
        let new = LLVMAddFunction(m.0, c"__vc_assert_print".as_ptr(), fty);
        LLVMSetFunctionCallConv(new, LLVMGetFunctionCallConv(old.0));
        let b = LLVMCreateBuilderInContext(ctx);
        for c in calls {
            LLVMPositionBuilderBefore(b, c.0);
            // a constant format stays a constant expression, which the memory lowering addresses
            let fmt = c.operand(0);
            let addr = if fmt.is_constant() {
                LLVMConstPtrToInt(fmt.0, i64t)
            } else {
                LLVMBuildPtrToInt(b, fmt.0, i64t, c"".as_ptr())
            };
            let call = LLVMBuildCall2(b, fty, new, [addr].as_mut_ptr(), 1, c"".as_ptr());
            LLVMSetInstructionCallConv(call, LLVMGetInstructionCallConv(c.0));
            LLVMReplaceAllUsesWith(c.0, call);
            LLVMInstructionEraseFromParent(c.0);
        }
        LLVMDisposeBuilder(b);
        LLVMDeleteFunction(old.0);
    }
    Ok(())
}
