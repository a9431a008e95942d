//! genxc: compile CM-style GPU kernels to Intel vISA.
#![warn(missing_docs)]
