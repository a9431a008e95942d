#!/usr/bin/env bash
# The benchmark of issue 7 in one command: installs what it compares against when missing
# (llvm-as-14; Intel's Vector Compiler: ocloc from intel-opencl-icd with libigc1; GenX_IR from
# libigc-tools), builds genxc and the bench in release mode, and runs the bench, which generates
# the workloads in a temporary folder and prints one table (Markdown) on standard output.
#
#   scripts/bench.sh            the full grid (a few minutes on 2 cores)
#   scripts/bench.sh --quick    a smaller grid (about a minute)
#   scripts/bench.sh --help     the bench's other options (--keep DIR, --seed N, --no-igc, ...)
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
# the same LLVM checks as scripts/test.sh: inkwell builds against llvm-config-14 (llvm-14-dev)
command -v llvm-config-14 >/dev/null 2>&1 || need+=(llvm-14-dev)
command -v llvm-as-14 >/dev/null 2>&1 || need+=(llvm-14)
[ -e /usr/lib/llvm-14/lib/libLLVM-14.so ] || need+=(libllvm14)
command -v ocloc >/dev/null 2>&1 || need+=(intel-opencl-icd libigc1)
command -v GenX_IR >/dev/null 2>&1 || need+=(libigc-tools)
if [ "${#need[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "installing: ${need[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

cargo build --release -q -p genxc -p genxc-bench
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exec target/release/bench --genxc target/release/genxc "$@"
