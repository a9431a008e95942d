//! Private arrays in registers (what Intel's PromoteArray pass does): a stack slot that mem2reg
//! and SROA leave — an array or vector indexed at run time, a slot reached through casts to other
//! element types or byte GEPs — becomes one vector value when every use of its address is a load,
//! a store, a GEP, a cast or a lifetime marker. Each load becomes an `llvm.genx.rdregion` of the
//! whole vector at the access's byte offset (an indirect region when the offset is computed at run
//! time), each store a `llvm.genx.wrregion` into it (see [`super::region_access`]); mem2reg then
//! turns the new vector slot into SSA values.
//!
//! A slot larger than [`MAX_PRIVATE_ARRAY_BYTES`], and one this rewrite does not model (address
//! escaping, volatile access, a dynamic size, elements of different types), is left as it is, for
//! the stack memory rewrite (`private_stack`) or the validator.

use super::super::raw::{ModuleRef, Val};
use super::region_access::{collect_uses, erase_dead, layout_of, Rewriter, Whole};
use genxc_diag::{unsupported, Diagnostic};
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::target::LLVMGetModuleDataLayout;
use inkwell::llvm_sys::transforms::util::LLVMAddPromoteMemoryToRegisterPass;
use inkwell::llvm_sys::LLVMOpcode;

/// Largest private array kept in registers, in bytes: half of the 4 KB register file of the
/// smallest GenX thread (128 GRFs of 32 bytes), so the rest of the kernel keeps room.
pub const MAX_PRIVATE_ARRAY_BYTES: u64 = 2048;

/// Rewrites every promotable stack slot of `m` into a vector slot and promotes it to SSA values.
pub fn promote_arrays(m: &ModuleRef) -> Result<(), Vec<Diagnostic>> {
    // SAFETY: the module's own data layout, valid while the module lives.
    let td = unsafe { LLVMGetModuleDataLayout(m.0) };
    let rw = Rewriter::new(m.0, td);
    let mut diags = Vec::new();
    let mut any = false;
    for f in m.functions().into_iter().filter(|f| !f.is_declaration()) {
        let Some(entry) = f.blocks().first().copied() else { continue };
        let allocas: Vec<Val> =
            entry.instructions().into_iter().filter(|i| i.opcode() == LLVMOpcode::LLVMAlloca).collect();
        for a in allocas {
            if a.operand(0).const_int() != Some(1) {
                continue;
            }
            let Ok(layout) = layout_of(td, a.allocated_type()) else { continue };
            let Ok(uses) = collect_uses(td, a) else { continue };
            if uses.accesses.iter().any(|x| x.volatile) {
                continue;
            }
            if layout.bytes > MAX_PRIVATE_ARRAY_BYTES {
                // Too large for registers: the slot gets stack memory (`private_stack`).
                continue;
            }
            if uses.accesses.is_empty() {
                // Only address computations without accesses (a slot its callee never touched).
                erase_dead(&uses.address_insts);
                // SAFETY: a slot without uses.
                unsafe {
                    if LLVMGetFirstUse(a.0).is_null() {
                        LLVMInstructionEraseFromParent(a.0);
                    }
                }
                continue;
            }
            let slot = rw.entry_alloca(f, layout.vector_type(), &format!("{}.vec", a.name()));
            for x in &uses.accesses {
                if let Err(why) = rw.rewrite(x, Whole::Slot(slot), &layout) {
                    diags.push(Diagnostic::in_function(
                        f.name(),
                        Some(super::super::validate::inst_label(a)),
                        unsupported(format!("private array: {why}")),
                    ));
                }
            }
            erase_dead(&uses.address_insts);
            // SAFETY: the old slot's uses were all rewritten and erased.
            unsafe {
                if LLVMGetFirstUse(a.0).is_null() {
                    LLVMInstructionEraseFromParent(a.0);
                }
            }
            any = true;
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    if any {
        mem2reg(m);
    }
    Ok(())
}

/// Runs mem2reg over the module.
pub fn mem2reg(m: &ModuleRef) {
    // SAFETY: a legacy pass manager over a module LLVM owns for the whole call; disposed after.
    unsafe {
        let pm = LLVMCreatePassManager();
        LLVMAddPromoteMemoryToRegisterPass(pm);
        LLVMRunPassManager(pm, m.0);
        LLVMDisposePassManager(pm);
    }
}
