//! Calls through a cast of a function: `call bitcast (i32 (i8*)* @f to i32 (i32*)*)(i32* %p)`, a
//! call whose callee is a function cast to another signature, becomes a direct call of `@f`, each
//! argument whose type differs cast to the parameter's type (LLVM's instcombine does the same). It
//! applies when the two signatures differ only in pointer types of one address space, so the cast
//! of each argument is a plain pointer bitcast; the other rewrites then see `@f` as only called
//! (a subroutine or a stack function whose pointer parameters become addresses), not as a function
//! whose address is taken.

use super::super::raw::{ModuleRef, Ty, Val};
use super::builder::{Builder, NONAME};
use super::is_pointer;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::LLVMOpcode;

/// The calls of `m` whose callee is a bitcast of a function, with that function.
fn cast_calls(m: &ModuleRef) -> Vec<(Val, Val)> {
    let mut out = Vec::new();
    for f in m.functions() {
        for cast in f.users() {
            if !(cast.is_constant_expr() && cast.const_opcode() == LLVMOpcode::LLVMBitCast) {
                continue;
            }
            for call in cast.users() {
                if call.is_instruction()
                    && call.opcode() == LLVMOpcode::LLVMCall
                    && call.called_value() == cast
                {
                    out.push((call, f));
                }
            }
        }
    }
    out
}

/// Whether function `f` is called through a cast of it.
pub fn is_called_through_cast(f: Val) -> bool {
    f.any_user(|cast| {
        cast.is_constant_expr()
            && cast.const_opcode() == LLVMOpcode::LLVMBitCast
            && cast.any_user(|call| {
                call.is_instruction() && call.opcode() == LLVMOpcode::LLVMCall && call.called_value() == cast
            })
    })
}

/// The address space of pointer type `t`.
fn space(t: Ty) -> u32 {
    // SAFETY: a pointer type.
    unsafe { LLVMGetPointerAddressSpace(t.0) }
}

/// Whether an argument of type `arg` can be passed as a parameter of type `param` by a bitcast.
fn castable(arg: Ty, param: Ty) -> bool {
    arg == param || (is_pointer(arg) && is_pointer(param) && space(arg) == space(param))
}

/// Makes every call of a function through a bitcast of it a direct call, where the signatures
/// differ only in pointer types of one address space; other such calls are left as they are.
pub fn call_cast_callees_directly(m: &ModuleRef) {
    let b = Builder::new(m);
    for (call, f) in cast_calls(m) {
        let fty = f.function_type();
        let params = fty.param_types();
        let n = call.num_call_args();
        if fty.is_vararg()
            || params.len() != n as usize
            || call.ty() != fty.return_type()
            || (0..n).any(|i| !castable(call.operand(i).ty(), params[i as usize]))
        {
            continue;
        }
        b.before(call);
        // SAFETY: every handle is from this live module; the arguments are cast to the types of
        // the parameters they pass, and the old call is erased after its uses move.
        unsafe {
            let mut args: Vec<_> = (0..n)
                .map(|i| {
                    let a = call.operand(i);
                    let p = params[i as usize];
                    if a.ty() == p {
                        a.0
                    } else {
                        LLVMBuildBitCast(b.b, a.0, p.0, NONAME)
                    }
                })
                .collect();
            let direct = LLVMBuildCall2(b.b, fty.0, f.0, args.as_mut_ptr(), n, NONAME);
            LLVMSetInstructionCallConv(direct, LLVMGetInstructionCallConv(call.0));
            LLVMReplaceAllUsesWith(call.0, direct);
            let name = call.name();
            LLVMSetValueName2(direct, name.as_ptr() as *const _, name.len());
            LLVMInstructionEraseFromParent(call.0);
        }
    }
}
