//! vISA: the model of a vISA kernel, its validator, the writers of the `.visaasm` text and the
//! `.isa` binary container, and their readers. This package is the bottom of the back end: it
//! knows nothing of the GenX IR; instruction selection (`genxc-isel`) fills the model in.

pub mod binary;
pub mod instruction;
pub mod message;
pub mod model;
pub mod operand;
pub mod read_binary;
pub mod read_text;
pub mod target;
pub mod text;
pub mod validate;

pub use binary::{
    encode_kernel, has_verbatim, try_write_isa, write_container, write_isa, write_objects, KernelObject,
};
pub use model::*;
pub use read_binary::read_isa;
pub use read_text::{read_text, ReadError};
pub use text::{write_text, write_text_file};
