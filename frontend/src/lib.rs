//! Front ends: reading the inputs genxc accepts.
//!
//! LLVM IR, as `.ll` text or `.bc` bitcode ([`llvm`]), and MLIR text ([`mlir`]), which the
//! mlir-to-llvm crate converts to LLVM IR.

// LLVM itself, for inkwell (see genxc-llvm-link).
use genxc_llvm_link as _;

pub mod limits;
pub mod llvm;
pub mod mlir;
