#!/usr/bin/env bash
# Runs genxc's whole test suite. Installs the Debian packages the build and the tests need when
# they are missing: LLVM 14 (inkwell links libLLVM-14), and libigc-tools for GenX_IR, Intel's vISA
# finalizer that every emitted kernel is checked against; gcc for the C client of libgenxc.so;
# make, which reads back the --depfile output; intel-opencl-icd for Intel's Vector Compiler;
# mlir-19-tools and llvm-19 for the MLIR oracle.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v llvm-config-14 >/dev/null 2>&1 || need+=(llvm-14-dev)
command -v llvm-as-14 >/dev/null 2>&1 || need+=(llvm-14)
[ -e /usr/lib/llvm-14/lib/libLLVM-14.so ] || need+=(libllvm14)
command -v GenX_IR >/dev/null 2>&1 || need+=(libigc-tools)
# Intel's Vector Compiler (ocloc -vc-codegen): the generated benchmark workloads must compile with
# it too (bench/tests/generator.rs).
command -v ocloc >/dev/null 2>&1 || need+=(intel-opencl-icd libigc1)
command -v cc >/dev/null 2>&1 || need+=(gcc)
command -v make >/dev/null 2>&1 || need+=(make)
# MLIR 19's own tools are the oracle of the MLIR differential tests (tests/mlir_exec.rs).
command -v mlir-opt-19 >/dev/null 2>&1 || need+=(mlir-19-tools)
command -v lli-19 >/dev/null 2>&1 || need+=(llvm-19)
if [ "${#need[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "installing: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
