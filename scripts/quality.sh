#!/usr/bin/env bash
# Gen instruction counts of genxc's vISA for the CM examples (tests/fixtures/cm), finalized by
# GenX_IR for TGLLP, next to the counts recorded for IGC's Vector Compiler
# (tests/fixtures/intel/gen_instructions_tgllp.txt). Prints a Markdown table, the geometric mean of
# genxc/IGC and the worst ratio. Usage: scripts/quality.sh [path/to/genxc]
set -euo pipefail
cd "$(dirname "$0")/.."
genxc=${1:-target/debug/genxc}
[ -x "$genxc" ] || cargo build -q --bin genxc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| example | kernel | genxc | IGC VC | genxc / IGC |"
echo "|---|---|---|---|---|"
while read -r example kernel igc; do
  case "$example" in ''|'#'*) continue ;; esac
  d="$tmp/$example"
  mkdir -p "$d"
  [ -e "$d/done" ] || { "$genxc" "tests/fixtures/cm/$example.ll" -o "$d" >/dev/null; touch "$d/done"; }
  (cd "$d" && GenX_IR "$kernel.visaasm" -platform TGLLP -output >/dev/null 2>&1)
  ours=$(grep -o 'instCount [0-9]*' "$d/$kernel.asm" | grep -o '[0-9]*')
  echo "| $example | $kernel | $ours | $igc | $(awk -v a="$ours" -v b="$igc" 'BEGIN{printf "%.2f", a/b}') |"
  echo "$ours $igc" >> "$tmp/ratios"
done < tests/fixtures/intel/gen_instructions_tgllp.txt
awk '{s+=log($1/$2); n++; r=$1/$2; if (r>m) m=r} END {printf "\ngeometric mean %.3f, worst %.2f\n", exp(s/n), m}' "$tmp/ratios"
