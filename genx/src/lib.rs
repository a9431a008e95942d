//! The GenX layer of genxc: the IR every later pass works on, the platform model, the table of GenX
//! intrinsics, import from LLVM (feature `llvm`), validation, `genx.kernels` metadata, and kernel
//! units (a kernel with its own clones of the subroutines it calls), and the IR verifier.
#![warn(missing_docs)]

// LLVM itself, for inkwell (see genxc-llvm).
#[cfg(feature = "llvm")]
use genxc_llvm as _;

pub mod bale;
pub mod intrinsics;
pub mod ir;
#[cfg(feature = "llvm")]
pub mod llvm;
pub mod llvm_text;
pub mod lower;
pub mod metadata;
pub mod platform;
pub mod region;
pub mod simdcf;
pub mod types;
pub mod units;
pub mod verify;

pub use genxc_diag::{Diagnostic, Location, Severity};
pub use ir::{
    BlockId, ConstId, FuncId, Function, Inst, InstId, InstKind, Linkage, Module, Terminator, Value,
};
pub use metadata::Kernel;
pub use platform::Platform;
pub use region::Region;
pub use types::{Elem, Type};
