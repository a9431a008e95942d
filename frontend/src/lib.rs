//! Front ends: reading the inputs genxc accepts.
#![warn(missing_docs)]
