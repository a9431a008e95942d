//! genxc: compile CM-style GPU kernels (LLVM IR with `llvm.genx.*` intrinsics, or MLIR) to Intel
//! vISA.
//!
//! This crate is the driver and the one public API. [`compile_bytes`] and [`compile_inputs`]
//! (module [`api`]) take inputs held in memory and [`CompileOptions`] (platform, a set of
//! [`Emit`] kinds, threads) and return an [`Outcome`] with every output and diagnostic; they never
//! touch the file system and never print. The `genxc` command and the C ABI (`libgenxc.so`, crate
//! `genxc-capi`) are thin layers over it.
//!
//! Inside: module `driver` reads, parses, validates and imports each input once and builds its
//! kernel units; [`pipeline`] owns the per-kernel pass order (lower, legalize, forward, bale,
//! allocate, SIMD CF analysis, select, write) and runs it on each unit on the worker threads.
//! [`check_regions`] checks the regions of any GenX LLVM IR module against a platform's legality
//! rules without compiling it (`genxc --check-regions`).
//!
//! ```
//! let source = std::fs::read("tests/fixtures/kernels/multi.ll").unwrap();
//! let opts = genxc::CompileOptions::parse("-platform dg2 -emit visaasm").unwrap();
//! let outcome = genxc::compile_bytes("multi.ll", &source, &opts);
//! let kernels: Vec<&str> = outcome.visaasm().map(|(kernel, _text)| kernel).collect();
//! assert_eq!(kernels, ["first", "second"]);
//! ```

pub mod api;
pub mod check_regions;
pub mod depfile;
mod driver;
pub mod finalize;
pub mod json;
pub mod kernel_abi;
mod local_names;
pub mod memory;
pub mod ocloc_options;
pub mod pipeline;
pub mod progress;
pub mod region_oracle;
mod split;
mod split_bitcode;
pub mod temporaries;
pub mod timing;
pub mod trace;
pub mod zebin;

pub use api::{
    compile_bytes, compile_inputs, compile_inputs_staged, import, import_specialized, memref_args,
    simd_width, spec_constant, stack_mem_size, CompileOptions, Emit, EmitSet, Input, Outcome, Output, Sink,
};

pub use genxc_diag;
pub use genxc_genx::Platform as TargetPlatform;
pub use genxc_mlir_to_llvm::gpu::MemrefArgs;
pub use genxc_regalloc::Stats as AllocationStats;
