//! The LLVM edge of the GenX layer: validation of an LLVM module against the GenX rules, and its
//! import into the GenX IR. Only this module touches LLVM; everything after it is plain Rust data.

pub mod const_expr;
pub mod convert;
pub mod data_globals;
mod implicit_input;
pub mod kernel_outputs;
pub mod opcode_walk;
pub mod prepare;
pub mod printf_buffer;
pub mod private_base;
pub mod raw;
pub mod validate;

pub use convert::{
    import_module, import_module_counted, import_module_counted_with_private_stack,
    import_module_counted_with_stack, import_module_in_form, import_module_with_stack, MD_BUDGET,
};
