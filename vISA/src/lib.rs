//! vISA: the model of a vISA kernel, its validator, and the writers of the `.visaasm` text and the
//! `.isa` binary container. This package is the bottom of the back end: it knows nothing of the
//! GenX IR; instruction selection (`genxc-isel`) fills the model in.

pub mod binary;
pub mod message;
pub mod model;
pub mod target;
pub mod text;
pub mod validate;

pub use binary::{encode_kernel, write_isa, write_objects, KernelObject};
pub use model::*;
pub use text::write_text;
