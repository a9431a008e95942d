//! vISA: the model of a vISA kernel, instruction selection from the GenX IR, and the writers of
//! the `.visaasm` text and the `.isa` binary container.
#![warn(missing_docs)]

pub mod binary;
pub mod isel;
pub mod model;
pub mod target;
pub mod text;
pub mod validate;

pub use binary::{encode_kernel, write_isa, write_objects, KernelObject};
pub use isel::compile_unit;
pub use model::*;
pub use text::write_text;
