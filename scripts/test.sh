#!/usr/bin/env bash
# Runs genxc's whole test suite. Installs the Debian packages the build and the tests need when
# they are missing: LLVM 14 (inkwell links libLLVM-14), and libigc-tools for GenX_IR, Intel's vISA
# finalizer that every emitted kernel is checked against; gcc for the C client of libgenxc.so;
# make, which reads back the --depfile output; intel-opencl-icd for Intel's Vector Compiler;
# mlir-19-tools and llvm-19 for the MLIR oracle, libmlir-19 for its runner utilities (vector.print);
# llvm-spirv-14 and intel-vc-intrinsics-dev for the SPIR-V writer route (tests/spirv.rs).
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/packages.sh
need_llvm14
need_tool GenX_IR libigc-tools
need_spirv_route
# iga64 (Intel's Gen assembler) decodes the code of the zebins genxc writes (tests/zebin.rs).
need_tool iga64 libigc-tools
# Intel's Vector Compiler (ocloc -vc-codegen): the generated benchmark workloads must compile with
# it too (bench/tests/generator.rs); ocloc validate and disasm check genxc's zebins, and ocloc's
# own zebins are the ABI reference (tests/zebin.rs).
need_tool ocloc intel-opencl-icd libigc1
need_tool cc gcc
need_tool make make
# MLIR 19's own tools are the oracle of the MLIR differential tests (tests/mlir_exec.rs).
need_tool mlir-opt-19 mlir-19-tools
need_tool lli-19 llvm-19
# MLIR 19's runner utilities library: the MLIR programs using vector.print run with it.
need_mlir_runtime
install_needed

# Tests that need one of the tools above fail, rather than skip, when it is missing.
export GENXC_REQUIRE_TOOLS=1

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
