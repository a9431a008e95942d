//! vISA: the model of a vISA kernel, instruction selection from the GenX IR, and the writers of
//! the `.visaasm` text and the `.isa` binary container.
#![warn(missing_docs)]
