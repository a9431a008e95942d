# Sourced by scripts/test.sh and scripts/bench.sh: collects the Debian packages of the tools a
# script needs that are missing (in `need`), and installs them with apt-get.
need=()

# need_tool COMMAND PACKAGE...: the packages, when COMMAND is not on the PATH.
need_tool() {
  local tool=$1
  shift
  command -v "$tool" >/dev/null 2>&1 || need+=("$@")
}

# LLVM 14: genxc links llvm-14-dev's static archives (crate genxc-llvm-link; libLLVM-14 when they are
# missing) and compiles its C++ shim over LLVM with a C++ compiler (g++: Debian's gcc package does
# not bring it); the tests and the bench run llvm-as-14.
need_llvm14() {
  need_tool llvm-config-14 llvm-14-dev
  need_tool c++ g++
  need_tool llvm-as-14 llvm-14
  [ -e /usr/lib/llvm-14/lib/libLLVM-14.so ] || need+=(libllvm14)
}

# The SPIR-V writer route of tests/spirv.rs: llvm-spirv-14, the GenX SPIR-V writer adaptor's
# library (libLLVMGenXIntrinsics.a), a C++ compiler for the test's driver of it, and spirv-as for
# the hand-assembled modules (tests/fixtures/spirv/*.spvasm).
need_spirv_route() {
  need_tool llvm-spirv-14 llvm-spirv-14
  need_tool c++ g++
  need_tool spirv-as spirv-tools
  [ -e /usr/lib/x86_64-linux-gnu/libLLVMGenXIntrinsics.a ] || need+=(intel-vc-intrinsics-dev)
}

# MLIR 19's runner utilities (libmlir_c_runner_utils.so, libmlir_runner_utils.so), which programs
# using vector.print or printMemref* load under lli (tests/mlir_exec.rs).
need_mlir_runtime() {
  [ -e /usr/lib/llvm-19/lib/libmlir_c_runner_utils.so.19.1 ] || need+=(libmlir-19)
}

# Installs what `need` lists (as root, or through sudo); says what on standard error.
install_needed() {
  if [ "${#need[@]}" -gt 0 ]; then
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    echo "installing: ${need[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
  fi
}
