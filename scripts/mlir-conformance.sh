#!/usr/bin/env bash
# Conformance of genxc's MLIR path against MLIR's own test files (for example
# ../shared/corpus/mlir-upstream, whose SOURCES.md gives their provenance): every `.mlir` file under
# DIR is cut at its `// -----` lines (the whole file when it has none, empty pieces dropped), and
# each piece ("split") is measured twice:
#
#   genxc  : `genxc --emit llvm` exits 0 and the LLVM IR it writes verifies (`opt-14 -verify`);
#   mlir19 : MLIR 19's own pipeline accepts it: `mlir-opt-19 <the default conversion passes>`
#            (those of tools/mlir-oracle, or the file's `// ORACLE: pipeline` line) then
#            `mlir-translate-19 --mlir-to-llvmir`.
#
# Prints a Markdown table (file, splits, genxc accepted, MLIR 19 accepted, genxc's first refusal),
# then the totals: splits accepted, and files whose every split is accepted, by each toolchain.
# With --splits, one line per split refused by genxc with its first error.
#
# Installs llvm-14, mlir-19-tools with apt-get when missing.
#
# Usage: scripts/mlir-conformance.sh [DIR] [--genxc PATH] [--only REGEX] [--splits]
set -euo pipefail
cd "$(dirname "$0")/.."

dir=../shared/corpus/mlir-upstream
genxc=target/debug/genxc
only=
splits=
while [ $# -gt 0 ]; do
  case "$1" in
    --genxc) genxc=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --splits) splits=1; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    -*) echo "mlir-conformance.sh: unknown option $1" >&2; exit 2 ;;
    *) dir=$1; shift ;;
  esac
done
[ -d "$dir" ] || { echo "mlir-conformance.sh: no folder $dir" >&2; sed -n '18p' "$0" >&2; exit 2; }
dir=$(cd "$dir" && pwd)

. scripts/packages.sh
need_tool opt-14 llvm-14
need_tool mlir-opt-19 mlir-19-tools
need_tool mlir-translate-19 mlir-19-tools
install_needed
[ -x "$genxc" ] || cargo build -q --bin genxc
genxc=$(cd "$(dirname "$genxc")" && pwd)/$(basename "$genxc")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# MLIR 19's conversion pipeline, as tools/mlir-oracle runs it.
default_passes=(--convert-vector-to-scf --convert-scf-to-cf --lower-affine --convert-vector-to-llvm
  --expand-strided-metadata --finalize-memref-to-llvm --convert-math-to-llvm --convert-index-to-llvm
  --arith-expand --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm
  --reconcile-unrealized-casts)

# split FILE OUTDIR: writes OUTDIR/NNN.mlir, one per non-empty `// -----` piece.
split_file() {
  awk -v out="$2" '
    function flush() { if (buf ~ /[^ \t\n]/) { n++; f = sprintf("%s/%03d.mlir", out, n); printf "%s", buf > f; close(f) } buf = "" }
    /^\/\/ -----/ { flush(); next }
    { buf = buf $0 "\n" }
    END { flush() }' "$1"
}

# genxc_accepts SPLIT: empty when accepted, else the first refusal (one line).
genxc_accepts() {
  local s=$1 log=${1%.mlir}.genxc.log ll=${1%.mlir}.ll
  if ! timeout 60 "$genxc" "$s" --emit llvm -o "$ll" >"$log" 2>&1; then
    local why
    why=$(grep -m1 -E 'error|unsupported|not ' "$log" || head -n1 "$log")
    echo "${why:-genxc failed without a message}" | sed "s#^$s:##; s#^[^:]*\.mlir:##" | cut -c1-150
  elif ! opt-14 -verify -disable-output "$ll" >"$log.verify" 2>&1; then
    echo "LLVM IR does not verify: $(grep -m1 . "$log.verify" | sed 's#^[^:]*: ##' | cut -c1-120)"
  fi
}

# mlir19_accepts SPLIT PASSES...: exit 0 when MLIR 19's pipeline accepts it.
mlir19_accepts() {
  local s=$1
  shift
  # A subshell, so that a crash of MLIR's tools is a refusal, not a message of this shell.
  (timeout 60 mlir-opt-19 "$s" "$@" 2>/dev/null | timeout 60 mlir-translate-19 --mlir-to-llvmir >/dev/null 2>&1) 2>/dev/null
}

echo "| file | splits | genxc | MLIR 19 pipeline | genxc's first refusal |"
echo "|---|---|---|---|---|"
tot_splits=0 tot_g=0 tot_m=0 files=0 files_g=0 files_m=0
refusals=()
while IFS= read -r f; do
  rel=${f#"$dir"/}
  if [ -n "$only" ] && ! [[ $rel =~ $only ]]; then continue; fi
  work=$tmp/$files
  mkdir -p "$work"
  split_file "$f" "$work"
  passes=("${default_passes[@]}")
  line=$(grep -m1 '// ORACLE: pipeline' "$f" || true)
  if [ -n "$line" ]; then read -r -a passes <<<"${line#*// ORACLE: pipeline}"; fi
  n=0 g=0 m=0 first=
  for s in "$work"/*.mlir; do
    [ -e "$s" ] || continue
    n=$((n + 1))
    why=$(genxc_accepts "$s")
    if [ -z "$why" ]; then
      g=$((g + 1))
    else
      [ -n "$first" ] || first="split $n: $why"
      refusals+=("$rel split $n: $why")
    fi
    if mlir19_accepts "$s" "${passes[@]}"; then m=$((m + 1)); fi
  done
  echo "| $rel | $n | $g/$n | $m/$n | ${first//|/\\|} |"
  files=$((files + 1))
  tot_splits=$((tot_splits + n)) tot_g=$((tot_g + g)) tot_m=$((tot_m + m))
  [ "$g" -eq "$n" ] && files_g=$((files_g + 1))
  [ "$m" -eq "$n" ] && files_m=$((files_m + 1))
done < <(find "$dir" -name '*.mlir' | sort)

echo
echo "splits accepted: genxc $tot_g/$tot_splits, MLIR 19 pipeline $tot_m/$tot_splits"
echo "files wholly accepted: genxc $files_g/$files, MLIR 19 pipeline $files_m/$files"
if [ -n "$splits" ] && [ "${#refusals[@]}" -gt 0 ]; then
  echo
  printf '%s\n' "${refusals[@]}"
fi
