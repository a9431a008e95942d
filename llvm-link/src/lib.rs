//! How genxc links LLVM 14.
//!
//! inkwell's `llvm-sys` is built with `llvm14-0-no-llvm-linking`; this crate's build script says
//! which LLVM libraries the final binaries link instead. It prefers llvm-14-dev's static archives
//! (`llvm-config-14 --link-static`): a statically linked genxc starts in a few milliseconds and a
//! few megabytes, where loading and relocating `libLLVM-14.so` costs about 15 ms and 40 MB per
//! process, and `libgenxc.so` then exports no LLVM symbol that could clash with another LLVM in
//! its host process. When the archives are missing it links `libLLVM-14.so`. Setting
//! `GENXC_LLVM_LINK=dynamic` (or `static`) at build time chooses explicitly.
//!
//! The build script also compiles genxc's C++ shim over LLVM (`shim/shim.cpp`, with the `cc` crate
//! and `llvm-config --cxxflags`): the few operations LLVM's C API lacks, as `extern "C"` functions
//! (`genxc_*`) that the crates using them declare. Reading bitcode lazily and materializing one
//! function at a time, the functions a body refers to, trimming a named metadata node and
//! stripping a function's debug info (genxc-frontend's `lazy` module, for bitcode read in chunks of
//! kernels); InstSimplify on one function without a pass manager (genxc-genx's preparation); and
//! reads in one call of what the C API reads one call per fact (an instruction's operands, a
//! region's constant operands, a constant vector's elements, the instructions the preparation
//! must look at: genxc-genx's import).
//!
//! Every crate that calls inkwell names this crate (`use genxc_llvm_link as _;`) so that its link
//! directives reach each binary and test that needs LLVM.

/// How this build links LLVM: `"static"` or `"dynamic"`.
pub const LINKAGE: &str = env!("GENXC_LLVM_LINKAGE");
