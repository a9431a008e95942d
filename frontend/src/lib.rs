//! Front ends: reading the inputs genxc accepts.
//!
//! Today that is LLVM IR, as `.ll` text or `.bc` bitcode ([`llvm`]). MLIR text is the second front
//! end on the roadmap; the driver reports `.mlir` inputs as unsupported until it lands.
#![warn(missing_docs)]

pub mod limits;
pub mod llvm;
