//! Lowering of MLIR to LLVM IR: dialect conversion to the LLVM dialect (type converter, patterns)
//! and translation of the LLVM dialect to an LLVM module.
//!
//! The MLIR path is tracked as its own piece of work; until it lands, `.mlir` inputs are reported as
//! unsupported by the driver and this crate exports nothing.
#![warn(missing_docs)]
