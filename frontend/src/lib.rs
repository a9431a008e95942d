//! Front ends: reading the inputs genxc accepts.
//!
//! LLVM IR, as `.ll` text or `.bc` bitcode ([`llvm`]; bitcode also a function at a time,
//! [`lazy`]), and MLIR text ([`mlir`]), which the
//! mlir-to-llvm crate converts to LLVM IR.

// LLVM itself, for inkwell (see genxc-llvm-link).
use genxc_llvm_link as _;

pub mod bitstream;
pub mod crash_guard;
pub mod lazy;
pub mod limits;
pub mod llvm;
pub mod mlir;
