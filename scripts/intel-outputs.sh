#!/usr/bin/env bash
# Regenerates tests/fixtures/intel/, the outputs of Intel's Vector Compiler (IGC's GenX backend,
# `ocloc -vc-codegen`) that the tests compare genxc with, from the fixture sources:
#
#   tgllp/<fixture>/<kernel>.visaasm  IGC's vISA of every kernel of the fixtures below for TGLLP:
#                                     tests/fixtures/cm/*.ll (tests/copies.rs counts its
#                                     whole-variable copies) and the SIMD control flow kernels
#                                     tests/fixtures/kernels/simdcf{,_messages}.ll (tests/simdcf.rs
#                                     compares its gotos and messages with genxc's)
#   gen_instructions_tgllp.txt        the Gen instruction count of each kernel of tests/fixtures/cm,
#                                     the `//.instCount` of the Gen assembly listing ocloc's own
#                                     finalizer writes (tests/quality.rs, scripts/quality.sh)
#
# Each fixture is assembled to bitcode with llvm-as-14 and compiled with
#   ocloc compile -llvm_input -file <fixture>.bc -device tgllp -options -vc-codegen
# with IGC's shader dumps enabled (IGC_ShaderDumpEnable, IGC_DumpToCustomDir), which is where the
# vISA text and the Gen listing of each kernel appear. Installs intel-opencl-icd (ocloc) and
# llvm-14 with apt-get when they are missing. The files written depend only on the sources and on
# the IGC release (recorded in the table's header); `git diff tests/fixtures/intel` shows what a
# new release changed.
#
# Usage: scripts/intel-outputs.sh [--check]
#   --check  write nothing; compare the regenerated files with the checked-in ones (exit 1 when
#            they differ)
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
case "${1:-}" in
  --check) check=1 ;;
  '') ;;
  *) sed -n '2,25p' "$0" >&2; exit 2 ;;
esac

. scripts/packages.sh
need_tool ocloc intel-opencl-icd libigc1
need_tool llvm-as-14 llvm-14
install_needed

device=tgllp
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
new=$tmp/intel
mkdir -p "$new/$device"

igc=$(dpkg-query -W -f '${Version}' libigc1 2>/dev/null || echo unknown)
table=$new/gen_instructions_$device.txt
{
  echo "# Gen instruction counts of IGC's Vector Compiler for the kernels of tests/fixtures/cm on"
  echo "# ${device^^}: the //.instCount of the Gen listing ocloc's finalizer writes for each kernel"
  echo "# (ocloc compile -llvm_input -device $device -options -vc-codegen, IGC shader dumps; libigc1"
  echo "# $igc). Written by scripts/intel-outputs.sh; do not edit."
  echo "# example kernel igc_vc_instructions"
} >"$table"

for src in tests/fixtures/cm/*.ll tests/fixtures/kernels/simdcf.ll tests/fixtures/kernels/simdcf_messages.ll; do
  example=$(basename "$src" .ll)
  work=$tmp/work/$example
  mkdir -p "$work/dump"
  llvm-as-14 "$src" -o "$work/$example.bc"
  if ! IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$work/dump" \
    ocloc compile -llvm_input -file "$work/$example.bc" -device "$device" -options -vc-codegen \
      -out_dir "$work/bin" -output "$example" >"$work/ocloc.log" 2>&1; then
    cat "$work/ocloc.log" >&2
    echo "intel-outputs.sh: ocloc failed on $src" >&2
    exit 1
  fi
  # Dumps are named VC_asm<hash>_<name>.<ext>; kernels are the names with a Gen listing.
  found=0
  for listing in "$work"/dump/VC_asm*_*.asm; do
    [ -e "$listing" ] || continue
    kernel=$(basename "$listing" .asm)
    kernel=${kernel#VC_asm*_}
    visa=${listing%.asm}.visaasm
    [ -e "$visa" ] || { echo "intel-outputs.sh: no vISA for $kernel of $src" >&2; exit 1; }
    mkdir -p "$new/$device/$example"
    cp "$visa" "$new/$device/$example/$kernel.visaasm"
    count=$(grep -m1 -oE '^//\.instCount [0-9]+' "$listing" | awk '{print $2}')
    [ -n "$count" ] || { echo "intel-outputs.sh: no //.instCount in $listing" >&2; exit 1; }
    case $src in tests/fixtures/cm/*) echo "$example $kernel $count" >>"$tmp/rows" ;; esac
    found=1
  done
  [ $found = 1 ] || { echo "intel-outputs.sh: ocloc made no kernel of $src" >&2; exit 1; }
done
LC_ALL=C sort "$tmp/rows" >>"$table"

# Keep the hand-written README; replace everything generated.
cp tests/fixtures/intel/README.md "$new/README.md"
if [ $check = 1 ]; then
  if diff -r tests/fixtures/intel "$new"; then
    echo "tests/fixtures/intel is what ocloc gives (libigc1 $igc)"
  else
    echo "intel-outputs.sh: tests/fixtures/intel differs from what ocloc gives (libigc1 $igc)" >&2
    exit 1
  fi
else
  rm -rf tests/fixtures/intel
  cp -r "$new" tests/fixtures/intel
  echo "wrote tests/fixtures/intel ($(find tests/fixtures/intel -type f | wc -l) files, libigc1 $igc)"
fi
