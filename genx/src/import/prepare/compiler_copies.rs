//! The value-copy intrinsics Intel's GenX passes insert into a module between their own passes
//! (constant materialization, register category conversion, address commoning), which test
//! modules and dumps taken mid-pipeline still carry. Each one names its value and nothing else
//! about the computation, so each becomes that value:
//!
//! - `llvm.genx.constanti`, `llvm.genx.constantf`, `llvm.genx.constantpred` (constant
//!   materialization: "load this constant") are their operand;
//! - `llvm.genx.convert.addr(a, offset)` (a general value converted to an address register, with
//!   the constant byte offset address commoning moved into it) is `a + offset`;
//! - `llvm.genx.add.addr(a, b)` (an address plus an offset) is `a + b`;
//! - `llvm.genx.address.convert(p)` (a pointer of one address space or element type seen as
//!   another, which Intel's front ends write for SVM pointers) is `p` cast to its result type,
//!   which the memory rewrite follows like any pointer cast.
//!
//! genxc's own selection chooses the register category and folds constant offsets into
//! `addr_add` again; what the intrinsics record of Intel's choices is not needed for that.

use super::super::raw::{ModuleRef, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// An empty C string for unnamed instructions.
const NONAME: *const std::os::raw::c_char = c"".as_ptr();

/// The compiler copy intrinsics this rewrite replaces by their value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CompilerCopy {
    /// `llvm.genx.constanti`/`constantf`/`constantpred`: the operand itself.
    Constant,
    /// `llvm.genx.convert.addr`: the operand plus the constant offset.
    ConvertAddr,
    /// `llvm.genx.add.addr`: the sum of the operands.
    AddAddr,
    /// `llvm.genx.address.convert`: the pointer operand cast to the result type.
    AddressConvert,
}

impl CompilerCopy {
    /// The copy a callee name (overload suffixes included) is, if any.
    fn of_callee(name: &str) -> Option<Self> {
        let base = name.strip_prefix("llvm.genx.")?;
        let base = base.split('.').next()?;
        let rest = &name["llvm.genx.".len() + base.len()..];
        Some(match (base, rest) {
            ("constanti" | "constantf" | "constantpred", _) => Self::Constant,
            ("convert", r) if r.starts_with(".addr") => Self::ConvertAddr,
            ("add", r) if r.starts_with(".addr") => Self::AddAddr,
            ("address", r) if r.starts_with(".convert") => Self::AddressConvert,
            _ => return None,
        })
    }
}

/// Whether a declared function named `name` is one of the compiler copy intrinsics.
pub fn is_compiler_copy(name: &str) -> bool {
    CompilerCopy::of_callee(name).is_some()
}

/// Replaces every call of a compiler copy intrinsic in `m` by the value it copies. A call whose
/// operands do not have the intrinsic's shape (wrong count, an address offset of another type)
/// is left for the validator to name.
pub fn replace_compiler_copies(m: &ModuleRef) {
    let calls: Vec<(Val, CompilerCopy)> = m
        .functions()
        .into_iter()
        .flat_map(|f| f.blocks())
        .flat_map(|b| b.instructions())
        .filter(|i| i.opcode() == LLVMOpcode::LLVMCall && i.called_value().is_function())
        .filter_map(|i| CompilerCopy::of_callee(&i.called_value().name()).map(|c| (i, c)))
        .collect();
    if calls.is_empty() {
        return;
    }
    // SAFETY: a builder in the module's context, disposed below; every call rewritten is a live
    // instruction of `m`, replaced by a value of its own type and then erased.
    unsafe {
        let b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m.0));
        for (call, copy) in calls {
            let value = match (copy, call.num_call_args()) {
                (CompilerCopy::Constant, 1) if call.operand(0).ty() == call.ty() => call.operand(0),
                (CompilerCopy::AddressConvert, 1)
                    if call.operand(0).ty().kind() == LLVMTypeKind::LLVMPointerTypeKind
                        && call.ty().kind() == LLVMTypeKind::LLVMPointerTypeKind =>
                {
                    LLVMPositionBuilderBefore(b, call.0);
                    Val(LLVMBuildPointerCast(b, call.operand(0).0, call.ty().0, NONAME))
                }
                (CompilerCopy::ConvertAddr | CompilerCopy::AddAddr, 2) => {
                    let (a, off) = (call.operand(0), call.operand(1));
                    if a.ty() != call.ty() {
                        continue;
                    }
                    let off = if off.ty() == a.ty() {
                        off
                    } else if a.ty().kind() == LLVMTypeKind::LLVMVectorTypeKind
                        && off.ty() == a.ty().element()
                    {
                        // A scalar offset applies to every lane of a vector of addresses.
                        let n = a.ty().vector_size();
                        LLVMPositionBuilderBefore(b, call.0);
                        let ins = LLVMBuildInsertElement(
                            b,
                            LLVMGetUndef(a.ty().0),
                            off.0,
                            LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(m.0)), 0, 0),
                            NONAME,
                        );
                        let zero = LLVMConstNull(LLVMVectorType(
                            LLVMInt32TypeInContext(LLVMGetModuleContext(m.0)),
                            n,
                        ));
                        Val(LLVMBuildShuffleVector(b, ins, LLVMGetUndef(a.ty().0), zero, NONAME))
                    } else {
                        continue;
                    };
                    if off.is_constant() && LLVMIsNull(off.0) != 0 {
                        a
                    } else {
                        LLVMPositionBuilderBefore(b, call.0);
                        Val(LLVMBuildAdd(b, a.0, off.0, NONAME))
                    }
                }
                _ => continue,
            };
            LLVMReplaceAllUsesWith(call.0, value.0);
            LLVMInstructionEraseFromParent(call.0);
        }
        LLVMDisposeBuilder(b);
    }
}

#[cfg(test)]
mod tests {
    use super::CompilerCopy;

    #[test]
    fn callee_names() {
        assert_eq!(CompilerCopy::of_callee("llvm.genx.constanti.i32"), Some(CompilerCopy::Constant));
        assert_eq!(CompilerCopy::of_callee("llvm.genx.constantf.f64"), Some(CompilerCopy::Constant));
        assert_eq!(CompilerCopy::of_callee("llvm.genx.constantpred.v8i1"), Some(CompilerCopy::Constant));
        assert_eq!(CompilerCopy::of_callee("llvm.genx.convert.addr.i16"), Some(CompilerCopy::ConvertAddr));
        assert_eq!(CompilerCopy::of_callee("llvm.genx.add.addr.i16.i16"), Some(CompilerCopy::AddAddr));
        assert_eq!(
            CompilerCopy::of_callee("llvm.genx.address.convert.p0f32.p1i8"),
            Some(CompilerCopy::AddressConvert)
        );
        assert_eq!(CompilerCopy::of_callee("llvm.genx.convert.v8i32"), None);
        assert_eq!(CompilerCopy::of_callee("llvm.genx.addc.i32"), None);
        assert_eq!(CompilerCopy::of_callee("llvm.genx.add3.i32"), None);
    }
}
