//! Execution of kernels without a GPU: the correctness oracle of genxc.
//!
//! Two executors share one memory model and one launch description. [`exec`] runs a vISA kernel
//! (the `genxc_visa::Kernel` model, read from `.visaasm` text or an `.isa` object) thread by thread
//! over simulated surfaces, SVM buffers and shared local memory; [`reference`] interprets the GenX
//! LLVM IR the kernel was compiled from. [`launch`] binds arguments and fills buffers from a seed,
//! the same way for both, so a compiled kernel can be checked byte for byte against its input
//! ([`memory::compare`]) or against another compiler's vISA of the same kernel.
//!
//! Every byte carries a definedness bit. Reading a register or memory byte nobody wrote gives an
//! undefined value, which propagates through arithmetic; branching on one, addressing with one or
//! storing one where the reference stored a defined value is reported, so a random fill cannot hide
//! a bug. Out-of-bounds surface accesses follow the hardware's rule (reads give zero, writes are
//! dropped) and are recorded as [`memory::Event`]s.

pub mod error;
pub mod exec;
pub mod image;
pub mod launch;
pub mod low_precision;
pub mod math;
pub mod memory;
pub mod named_barrier;
pub mod reference;

pub use error::{Report, SimError};
