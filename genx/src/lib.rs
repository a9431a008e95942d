//! The GenX layer of genxc: the IR every later pass works on, the platform model, the table of GenX
//! intrinsics, validation and import of LLVM modules (`import`, feature `import`), `genx.kernels`
//! metadata, kernel units (a kernel with its own clones of the subroutines it calls), the
//! element-operation lowering, selection's bales, the SIMD control flow analysis, the IR verifier,
//! and the IR printed as LLVM text (`print`).

// LLVM itself, for inkwell (see genxc-llvm-link).
#[cfg(feature = "import")]
use genxc_llvm_link as _;

pub mod bale;
pub mod constant_arguments;
pub mod data_section;
#[cfg(feature = "import")]
pub mod import;
pub mod inline_asm;
pub mod intrinsic_class;
pub mod intrinsics;
pub mod ir;
pub mod lower;
pub mod metadata;
pub mod platform;
pub mod print;
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
