//! The MLIR front end: a parser for MLIR text into an arena syntax tree ([`ast::Ir`]).
//!
//! It reads the generic operation form of every operation and the custom forms of the builtin,
//! func, arith, cf, math, index, vector, memref, complex, gpu and llvm dialects, builtin and LLVM
//! dialect types in their modern, typed-pointer and early (`!llvm.i32`, `!llvm<"i8*">`)
//! spellings, attribute and type aliases, locations and `// -----` split files. Errors are
//! diagnostics at `file:line:col`.

pub mod ast;
mod custom;
mod custom_gpu;
pub mod lexer;
mod llvm_text_type;
pub mod parser;

pub use ast::*;
pub use custom::{FCMP, ICMP, LINKAGES};
pub use parser::{parse, MAX_DEPTH};
