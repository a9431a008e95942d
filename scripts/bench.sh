#!/usr/bin/env bash
# The benchmark of issue 7 in one command: installs what it compares against when missing
# (llvm-as-14; Intel's Vector Compiler: ocloc from intel-opencl-icd with libigc1; GenX_IR from
# libigc-tools), builds genxc and the bench in release mode, and runs the bench, which generates
# the workloads in a temporary folder and prints one table (Markdown) on standard output.
#
#   scripts/bench.sh            the full grid (a few minutes on 2 cores)
#   scripts/bench.sh --quick    a smaller grid (about a minute)
#   scripts/bench.sh --zebin    only issue 21's `--emit zebin` rows (1, 64, 512 kernels) against ocloc
#                               and against GenX_IR alone on the same containers
#   scripts/bench.sh --help     the bench's other options (--keep DIR, --seed N, --no-igc, ...)
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/packages.sh
need_llvm14
need_tool ocloc intel-opencl-icd libigc1
need_tool GenX_IR libigc-tools
install_needed

cargo build --release -q -p genxc -p genxc-bench
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exec target/release/bench --genxc target/release/genxc "$@"
