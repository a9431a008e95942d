#!/usr/bin/env bash
# Regenerates tests/fixtures/intel/, the outputs of Intel's Vector Compiler (IGC's GenX backend,
# `ocloc -vc-codegen`) that the tests and scripts/quality.sh compare genxc with, from the fixture
# sources:
#
#   <device>/<fixture>/<kernel>.visaasm  IGC's vISA of every kernel Intel compiles, for each device
#                                        of DEVICES (tgllp, dg2 = ocloc's dg2-g10, pvc), of the
#                                        fixtures of FIXTURE_DIRS: the CM examples (tests/copies.rs
#                                        counts their whole-variable copies, tests/differential.rs
#                                        runs them), the SIMD control flow kernels
#                                        (tests/simdcf.rs), and every other kernel-shaped fixture
#                                        (scripts/quality.sh and tests/quality.rs put it through
#                                        the same GenX_IR as genxc's vISA of the same kernel)
#   refused.txt                          `<device> <fixture> <first error line>` for each fixture
#                                        ocloc does not compile for a device (nothing else of it
#                                        is written for that device)
#
# The per-intrinsic unit fixtures (tests/fixtures/intrinsics) and the bad-input ones are left out:
# they are not kernels whose code size says anything. Each fixture is assembled to bitcode with
# llvm-as-14 and compiled with
#   ocloc compile -llvm_input -file <fixture>.bc -device <device> -options -vc-codegen
# with IGC's shader dumps enabled (IGC_ShaderDumpEnable, IGC_DumpToCustomDir), which is where the
# vISA text of each kernel appears. The vISA is kept as IGC wrote it but for its comment lines
# naming the predefined variables (`// .decl`, `///`), which GenX_IR ignores. Installs
# intel-opencl-icd (ocloc) and llvm-14 with apt-get when they are missing. The files depend only on
# the sources and on the IGC release (recorded in refused.txt's header); `git diff
# tests/fixtures/intel` shows what a new release changed.
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
  *) sed -n '2,31p' "$0" >&2; exit 2 ;;
esac

. scripts/packages.sh
need_tool ocloc intel-opencl-icd libigc1
need_tool llvm-as-14 llvm-14
install_needed

# Folder name in tests/fixtures/intel and ocloc's -device name of each device.
DEVICES="tgllp:tgllp dg2:dg2-g10 pvc:pvc"
FIXTURE_DIRS="cm kernels calls memory globals surfaces aggregates builtins printf simdcf quality"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
new=$tmp/intel
mkdir -p "$new"

igc=$(dpkg-query -W -f '${Version}' libigc1 2>/dev/null || echo unknown)
refused=$new/refused.txt
{
  echo "# Fixtures IGC's Vector Compiler does not compile, per device: <device> <fixture> <first"
  echo "# error line> (ocloc compile -llvm_input -device <device> -options -vc-codegen; libigc1"
  echo "# $igc). Written by scripts/intel-outputs.sh; do not edit."
} >"$refused"

sources=$(for d in $FIXTURE_DIRS; do
  if [ -d "tests/fixtures/$d" ]; then find "tests/fixtures/$d" -maxdepth 1 -name '*.ll'; fi
done | LC_ALL=C sort)
for src in $sources; do
  example=$(basename "$src" .ll)
  work=$tmp/work/$example
  mkdir -p "$work"
  llvm-as-14 "$src" -o "$work/$example.bc"
  for pair in $DEVICES; do
    folder=${pair%%:*}
    device=${pair#*:}
    dump=$work/dump-$folder
    if ! IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$dump" \
      ocloc compile -llvm_input -file "$work/$example.bc" -device "$device" -options -vc-codegen \
        -out_dir "$work/bin" -output "$example" >"$work/ocloc-$folder.log" 2>&1; then
      why=$(grep -m1 -iE 'error|unsupported|not supported' "$work/ocloc-$folder.log" | tr -s ' \t' ' ' | cut -c1-160 || true)
      echo "$folder ${src#tests/fixtures/} ${why:-ocloc failed}" >>"$tmp/refused"
      continue
    fi
    # Dumps are named VC_asm<hash>_<name>.<ext>; kernels are the names with a Gen listing and vISA.
    found=0
    for listing in "$dump"/VC_asm*_*.asm; do
      [ -e "$listing" ] || continue
      kernel=$(basename "$listing" .asm)
      kernel=${kernel#VC_asm*_}
      visa=${listing%.asm}.visaasm
      # Indirectly called functions get a listing of their own but no vISA file.
      [ -e "$visa" ] || continue
      mkdir -p "$new/$folder/$example"
      grep -vE '^(// \.decl |///)' "$visa" >"$new/$folder/$example/$kernel.visaasm"
      found=1
    done
    [ $found = 1 ] || echo "$folder ${src#tests/fixtures/} ocloc made no kernel" >>"$tmp/refused"
  done
done
[ -e "$tmp/refused" ] && LC_ALL=C sort "$tmp/refused" >>"$refused"

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
