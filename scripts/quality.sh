#!/usr/bin/env bash
# Code size of genxc against Intel's Vector Compiler, measured the same way for both (issue 22):
# for every kernel Intel compiles of the fixtures tests/fixtures/intel holds (scripts/intel-outputs.sh
# writes IGC's vISA there: the CM examples and the kernel-shaped fixtures of tests/fixtures), genxc's
# vISA of the same kernel and Intel's are put through the same `GenX_IR -platform P -output` and
# their Gen instructions counted from the listings.
#
# The payload prologue the finalizer adds on DG2 and PVC (the blocks `per_thread_prolog`, which
# loads the per-thread payload Intel's vISA asks for with `.kernel_attr PerThreadInputSize`, and
# `cross_thread_prolog`, which loads the arguments) is counted apart, in the `prologue` columns, and
# left out of the ratio: the `genxc` and `Intel` columns are the kernel bodies. `vISA movs` counts
# the `mov` instructions of each vISA text. Prints one Markdown table per platform, then the
# geometric mean of genxc/Intel, the worst kernel, how many kernels are larger than Intel's, and
# the total vISA movs. Rows genxc does not compile, or whose vISA GenX_IR rejects, say so and
# are not in the figures.
#
# Usage: scripts/quality.sh [--platform tgllp|dg2|pvc]... [--only REGEX] [--genxc PATH]
#   --platform  a platform to measure (repeatable; default all three)
#   --only      only fixtures whose path under tests/fixtures matches REGEX (grep -E)
#   --genxc     the genxc binary (default target/debug/genxc, built when missing)
set -euo pipefail
cd "$(dirname "$0")/.."

platforms=()
only=''
genxc=target/debug/genxc
while [ $# -gt 0 ]; do
  case "$1" in
    --platform) platforms+=("$2"); shift 2 ;;
    --only) only=$2; shift 2 ;;
    --genxc) genxc=$2; shift 2 ;;
    *) sed -n '2,20p' "$0" >&2; exit 2 ;;
  esac
done
[ ${#platforms[@]} -gt 0 ] || platforms=(tgllp dg2 pvc)
[ -x "$genxc" ] || cargo build -q --bin genxc

# The fixture folders scripts/intel-outputs.sh reads, in its order.
FIXTURE_DIRS="cm kernels calls memory globals surfaces aggregates builtins printf simdcf quality"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# gen_counts LISTING: "<body> <prologue>" Gen instructions of a GenX_IR listing. Instructions are
# the lines that are neither comments nor labels; a block (`// Bnnn:`) whose label is
# per_thread_prolog or cross_thread_prolog is prologue.
gen_counts() {
  awk '
    /^\/\/ B[0-9]+:/ { named = 0; prologue = 0; next }
    /^(\/\/ )?[A-Za-z_][A-Za-z0-9_$.]*:[ \t]*$/ {
      if (!named) { named = 1; prologue = ($0 ~ /(per_thread_prolog|cross_thread_prolog):/) }
      next
    }
    /^[ \t]*$/ || /^[ \t]*\/\// { next }
    { if (prologue) p++; else b++ }
    END { printf "%d %d\n", b, p }
  ' "$1"
}

# visa_movs FILE: the mov instructions (predicated or not, .sat or not) of a vISA text.
visa_movs() {
  grep -cE '^[[:space:]]*(\([^)]*\)[[:space:]]*)?mov(\.sat)?[[:space:]]' "$1" || true
}

# finalize DIR FILE PLATFORM: runs GenX_IR on DIR/FILE; prints the listing's path, or nothing when
# GenX_IR did not write one.
finalize() {
  local dir=$1 file=$2 platform=$3
  # (GenX_IR crashes on some of Intel's vISA: the shell's report of the crash is not shown)
  { (cd "$dir" && GenX_IR "$file" -platform "$platform" -output >"$file.log" 2>&1); } 2>/dev/null || true
  local asm="$dir/${file%.visaasm}.asm"
  [ -s "$asm" ] && grep -q 'EOT\|eot' "$asm" && echo "$asm"
  return 0
}

for platform in "${platforms[@]}"; do
  case $platform in
    tgllp) finalizer=TGLLP ;;
    dg2) finalizer=DG2 ;;
    pvc) finalizer=PVC ;;
    *) echo "quality.sh: unknown platform $platform (tgllp, dg2, pvc)" >&2; exit 2 ;;
  esac
  intel_root=tests/fixtures/intel/$platform
  rows=$tmp/$platform.rows
  : >"$rows"
  echo
  echo "### ${finalizer}"
  echo
  echo "| fixture | kernel | genxc | Intel | genxc / Intel | prologue genxc | prologue Intel | vISA movs genxc | vISA movs Intel |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for dir in $FIXTURE_DIRS; do
    [ -d "tests/fixtures/$dir" ] || continue
    for src in $(find "tests/fixtures/$dir" -maxdepth 1 -name '*.ll' | LC_ALL=C sort); do
      rel=${src#tests/fixtures/}
      stem=$(basename "$src" .ll)
      [ -d "$intel_root/$stem" ] || continue
      [ -z "$only" ] || echo "$rel" | grep -qE "$only" || continue
      ours=$tmp/$platform/$stem/genxc
      theirs=$tmp/$platform/$stem/intel
      mkdir -p "$ours" "$theirs"
      compiled=1
      "$genxc" "$src" --platform "$platform" -o "$ours" >"$ours/genxc.log" 2>&1 || compiled=0
      for intel_visa in "$intel_root/$stem"/*.visaasm; do
        kernel=$(basename "$intel_visa" .visaasm)
        cp "$intel_visa" "$theirs/"
        intel_asm=$(finalize "$theirs" "$kernel.visaasm" "$finalizer")
        if [ -z "$intel_asm" ]; then
          echo "| $rel | $kernel | | | GenX_IR rejects Intel's vISA | | | | |"
          continue
        fi
        read -r ib ip < <(gen_counts "$intel_asm")
        im=$(visa_movs "$intel_visa")
        if [ $compiled = 0 ] || [ ! -e "$ours/$kernel.visaasm" ]; then
          why=$(grep -m1 -v '^\s*$' "$ours/genxc.log" | cut -c1-80 | tr '|' '/' || true)
          echo "| $rel | $kernel | | $ib | genxc does not compile it: ${why:-no such kernel} | | $ip | | $im |"
          continue
        fi
        our_asm=$(finalize "$ours" "$kernel.visaasm" "$finalizer")
        if [ -z "$our_asm" ]; then
          echo "| $rel | $kernel | | $ib | GenX_IR rejects genxc's vISA | | $ip | | $im |"
          continue
        fi
        read -r ob op < <(gen_counts "$our_asm")
        om=$(visa_movs "$ours/$kernel.visaasm")
        ratio=$(awk -v a="$ob" -v b="$ib" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 1) }')
        echo "| $rel | $kernel | $ob | $ib | $ratio | $op | $ip | $om | $im |"
        echo "$rel $kernel $ob $ib $op $ip $om $im" >>"$rows"
      done
    done
  done
  echo
  awk -v p="$finalizer" '
    { n++; r = ($4 > 0 ? $3 / $4 : 1); s += log(r); if (r > 1) big++
      if (r > worst) { worst = r; wk = $2 }
      op += $5; ip += $6; om += $7; im += $8 }
    END {
      if (n == 0) { print p ": no kernel measured"; exit }
      printf "%s: %d kernels, geometric mean genxc/Intel %.3f, worst %.2f (%s), larger than Intel on %d; vISA movs genxc %d, Intel %d; payload prologue (not in the ratio) genxc %d, Intel %d\n", p, n, exp(s / n), worst, wk, big, om, im, op, ip
    }' "$rows"
done
