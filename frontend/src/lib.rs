//! Front ends: reading the inputs genxc accepts.
//!
//! LLVM IR, as `.ll` text or `.bc` bitcode ([`llvm`]), and MLIR text ([`mlir`]), which the
//! lowering crate turns into LLVM IR.
#![warn(missing_docs)]

// LLVM itself, for inkwell (see genxc-llvm).
use genxc_llvm as _;

pub mod limits;
pub mod llvm;
pub mod mlir;
