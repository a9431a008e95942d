//! The instruction builder the preparation rewrites share: an LLVM builder in a module's context,
//! disposed when dropped, with the positioning and the few instructions every rewrite builds.
//! Each rewrite adds the instructions only it builds in an `impl Builder` of its own file.

use super::super::raw::{ModuleRef, Val};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::LLVMOpcode;

/// The empty name LLVM gives a new instruction that needs none.
pub(super) const NONAME: *const std::os::raw::c_char = c"".as_ptr();

/// An instruction builder over one module.
pub(super) struct Builder {
    /// The LLVM builder.
    pub(super) b: LLVMBuilderRef,
    /// The module's context.
    pub(super) ctx: LLVMContextRef,
}

impl Drop for Builder {
    fn drop(&mut self) {
        // SAFETY: the builder was created by `new` and is disposed once.
        unsafe { LLVMDisposeBuilder(self.b) }
    }
}

impl Builder {
    /// A builder in `m`'s context.
    pub(super) fn new(m: &ModuleRef) -> Self {
        // SAFETY: a valid module; the builder is disposed on drop.
        unsafe {
            let ctx = LLVMGetModuleContext(m.0);
            Builder { b: LLVMCreateBuilderInContext(ctx), ctx }
        }
    }

    /// Positions new instructions before `i`.
    pub(super) fn before(&self, i: Val) {
        // SAFETY: a valid instruction.
        unsafe { LLVMPositionBuilderBefore(self.b, i.0) }
    }

    /// A binary operation `op` of `a` and `c`.
    pub(super) fn bin(&self, op: LLVMOpcode, a: Val, c: Val) -> Val {
        // SAFETY: operands of one type that `op` takes.
        Val(unsafe { LLVMBuildBinOp(self.b, op, a.0, c.0, NONAME) })
    }
}

/// Moves `from`'s name to `to` (which replaces it), so that the vISA variable keeps the name the
/// source gave the value.
pub(super) fn take_name(to: Val, from: Val) {
    let name = from.name();
    // SAFETY: two live values; `from` gives its name up before `to` takes it (no suffix added).
    unsafe {
        LLVMSetValueName2(from.0, NONAME, 0);
        LLVMSetValueName2(to.0, name.as_ptr() as *const _, name.len());
    }
}
