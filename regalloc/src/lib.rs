//! Register allocation at the vISA level: which values share a vISA variable.
#![warn(missing_docs)]
