//! Pointers and memory (items 1 and 2 of the memory work, and the SLM part of private memory):
//! rewrites a module's memory pointers into integer addresses and its memory accesses into the
//! GenX message intrinsics genxc already selects, so the GenX IR stays pointer-free.
//!
//! 1. [`kernel_args`]: a kernel's pointer parameters become integers: a general (kind 0) pointer
//!    is a 64-bit stateless (SVM/A64) address, an `addrspace(3)` pointer a 32-bit SLM offset, a
//!    pointer of surface or sampler kind the i32 binding-table index a surface argument is today.
//! 2. [`address`]: getelementptr, pointer bitcasts, addrspacecast, inttoptr, ptrtoint, pointer
//!    phis and selects and constant expressions of them become plain integer arithmetic on those
//!    addresses (i64 for global memory, i32 for SLM).
//! 3. [`access`]: loads and stores of scalars and vectors, `atomicrmw`, `cmpxchg` and
//!    `llvm.memcpy`/`memmove`/`memset` of constant size through such addresses become SVM messages
//!    (SKL..TGLLP), LSC messages (DG2, MTL, PVC) or SLM messages, chosen by alignment, size and
//!    element type.
//!
//! A global variable still in the module here is one the global rewrite left in memory (the data
//! section): its address is `llvm.genx.gaddr` of it, and its accesses are messages like any other.
//! Memory reached through a private stack slot is not this rewrite's: such accesses stay for the
//! array promotion, or for the validator to name. A pointer this rewrite cannot follow is a
//! located diagnostic, never a guess.

mod access;
mod address;
mod kernel_args;

pub use kernel_args::{ACCESS_ATTR, MEMORY_ATTR};

use super::super::raw::ModuleRef;
use crate::Platform;
use genxc_diag::Diagnostic;

/// The memory an integer address points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// Global memory through a 64-bit stateless (SVM / A64) address.
    Global,
    /// Shared local memory through a 32-bit offset.
    Slm,
    /// A binding-table surface: the i32 is its index, not an address to load through.
    Surface,
}

impl Space {
    /// Bits of an address in this space.
    pub fn address_bits(self) -> u32 {
        match self {
            Space::Global => 64,
            Space::Slm | Space::Surface => 32,
        }
    }
}

/// Rewrites pointer kernel arguments, address arithmetic and memory accesses of `m` for
/// `platform`; errors are located diagnostics of what cannot be compiled.
pub fn lower_memory(m: &ModuleRef, platform: Platform) -> Result<(), Vec<Diagnostic>> {
    let roots = kernel_args::rewrite_kernel_pointer_args(m);
    let mut diags = Vec::new();
    for f in m.functions() {
        if f.is_declaration() {
            continue;
        }
        let mut fx = address::Addresses::new(m, f, &roots);
        if let Err(d) = access::lower_accesses(&mut fx, platform) {
            diags.push(d);
            continue;
        }
        if let Err(m) = fx.rewrite_pointer_to_int() {
            diags.push(Diagnostic::in_function(f.name(), None, m));
            continue;
        }
        fx.delete_dead_pointers();
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}
