#!/usr/bin/env bash
# Conformance of genxc's input language against a corpus of kernels Intel's Vector Compiler
# compiles (for example ../shared/corpus/igc-vc-littests): every file is compiled by genxc for its
# device, every kernel genxc writes is finalized by GenX_IR for that device, and the Gen
# instruction count is set against Intel's own vISA of the same file put through the same GenX_IR
# and options (not the counts of ocloc's in-process finalizer, whose options add instructions).
#
# The corpus folder holds `manifest.tsv` (file, device as ocloc names it, ...) and the `.ll` files.
# Intel's vISA comes from `ocloc compile -llvm_input -options -vc-codegen` with IGC's shader dumps,
# once per file, kept under the cache folder (default target/conformance/intel) for later runs.
#
# A file counts as compiled when genxc exits 0 and GenX_IR accepts every kernel: exit 0 (or 1 with
# only its spill report, which the standalone tool turns into a failure status), an EOT in
# the listing, and none of the signs of a silent rejection (a warning, `INVALID opcode`, `error
# decoding`, an `illegal` instruction in the listing). Otherwise the table gives genxc's first
# error line, or GenX_IR's first complaint.
#
# Where GenX_IR cannot parse IGC's vISA text back (IGC writes some operands its parser refuses),
# Intel's column gives, marked `~`, the count of ocloc's own finalizer instead.
#
# Prints a Markdown table and a summary (files compiled, geometric mean and worst of genxc/Intel
# over the files both compiled). Installs ocloc, GenX_IR and llvm-as-14 with apt-get when missing.
#
# Usage: scripts/conformance.sh CORPUS_DIR [--genxc PATH] [--cache DIR] [--only PATTERN]
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=
genxc=target/debug/genxc
cache=target/conformance/intel
only=
while [ $# -gt 0 ]; do
  case "$1" in
    --genxc) genxc=$2; shift 2 ;;
    --cache) cache=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) echo "conformance.sh: unknown option $1" >&2; exit 2 ;;
    *) corpus=$1; shift ;;
  esac
done
[ -n "$corpus" ] && [ -f "$corpus/manifest.tsv" ] || { sed -n '20p' "$0" >&2; exit 2; }
corpus=$(cd "$corpus" && pwd)

. scripts/packages.sh
need_tool ocloc intel-opencl-icd libigc1
need_tool GenX_IR libigc-tools
need_tool llvm-as-14 llvm-14
install_needed
[ -x "$genxc" ] || cargo build -q --bin genxc
genxc=$(cd "$(dirname "$genxc")" && pwd)/$(basename "$genxc")
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# genxc's platform and GenX_IR's platform names for an ocloc device.
platform_of() { case $1 in dg2-g10) echo dg2 ;; *) echo "$1" ;; esac; }
finalizer_of() { case $1 in dg2-g10) echo DG2 ;; pvc) echo PVC ;; *) echo "${1^^}" ;; esac; }

# finalize DIR PLATFORM [lenient]: GenX_IR on every .visaasm of DIR; prints the summed instruction
# count, or "rejected: <reason>" for the first kernel it does not accept. `lenient` (for Intel's
# vISA) does not ask for an EOT: a kernel calling an external function, left for the linker to
# resolve, ends in that call.
finalize() {
  local dir=$1 plat=$2 lenient=${3:-} total=0 k log asm count
  for k in "$dir"/*.visaasm; do
    [ -e "$k" ] || { echo "rejected: no kernel written"; return; }
    log=${k%.visaasm}.log
    asm=${k%.visaasm}.asm
    # The standalone GenX_IR exits 1 when register allocation spilled (its spill report counts as
    # a failure status) although the kernel compiled: a log of nothing else is accepted.
    local rc=0
    (cd "$dir" && timeout 120 GenX_IR "$(basename "$k")" -platform "$plat" -output) >"$log" 2>&1 || rc=$?
    if [ "$rc" -eq 1 ] && grep -q '^Spill memory used = ' "$log" &&
      ! grep -v '^GenX_IR ' "$log" | grep -vE '^\[vISA Finalizer Messages\]$|^Spill memory used = |^ ?Compiling kernel with spill code|^$' | grep -q .; then
      rc=0
    fi
    if [ "$rc" -ne 0 ]; then
      echo "rejected: GenX_IR failed on $(basename "$k"): $(grep -v '^GenX_IR ' "$log" | grep -m1 . | cut -c1-120)"
      return
    fi
    # a file of several units (a kernel and its stack functions) is listed as `.asm`
    if [ ! -e "$asm" ] && [ -e "$dir/.asm" ]; then mv "$dir/.asm" "$asm"; fi
    if grep -iqE 'warning|invalid opcode|error decoding|error formatting|^near line|Found a total of|Error Message:' "$log"; then
      echo "rejected: GenX_IR on $(basename "$k"): $(grep -m1 -iE 'warning|invalid opcode|error|near line|Found a total' "$log" | cut -c1-120)"
      return
    fi
    if [ ! -e "$asm" ] || { [ -z "$lenient" ] && ! grep -q EOT "$asm"; } || sed 's#//.*##' "$asm" | grep -qiwE 'illegal|invalid opcode'; then
      echo "rejected: GenX_IR listing of $(basename "$k") is incomplete or has illegal instructions"
      return
    fi
    count=$(grep -m1 -o 'instCount [0-9]*' "$asm" | grep -o '[0-9]*' || echo 0)
    total=$((total + count))
  done
  echo "$total"
}

# intel_visa FILE DEVICE: Intel's vISA of the file's kernels into the cache (once).
intel_visa() {
  local f=$1 dev=$2 out=$cache/$(basename "$1" .ll)
  [ -e "$out/done" ] && return
  rm -rf "$out" && mkdir -p "$out/dump"
  if llvm-as-14 "$f" -o "$out/k.bc" 2>"$out/ocloc.log" &&
    IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$out/dump" \
      timeout 300 ocloc compile -llvm_input -file "$out/k.bc" -device "$dev" -options -vc-codegen \
      -out_dir "$out/bin" >>"$out/ocloc.log" 2>&1; then
    for v in "$out"/dump/VC_asm*_*.visaasm; do
      [ -e "$v" ] || continue
      # Kernels only: a stack function's vISA is finalized with its kernel, not alone.
      [ -e "${v%.visaasm}.asm" ] || continue
      local name=$(basename "$v" .visaasm)
      mkdir -p "$out/visa" && cp "$v" "$out/visa/${name#VC_asm*_}.visaasm"
      # ocloc's own count, for when GenX_IR cannot read IGC's vISA text back.
      grep -m1 -o 'instCount [0-9]*' "${v%.visaasm}.asm" | grep -o '[0-9]*' >>"$out/ocloc_count" || true
    done
  fi
  rm -rf "$out/dump" "$out/bin" "$out/k.bc"
  touch "$out/done"
}

row() {
  local f=$1 dev=$2 name plat fin work ours theirs status
  name=$(basename "$f")
  plat=$(platform_of "$dev")
  fin=$(finalizer_of "$dev")
  work=$tmp/$name
  mkdir -p "$work/genxc"
  if "$genxc" "$corpus/$f" --platform "$plat" -o "$work/genxc" >"$work/genxc.log" 2>&1; then
    ours=$(finalize "$work/genxc" "$fin")
  else
    ours="refused: $(grep -m1 -E 'error|unsupported' "$work/genxc.log" | sed "s#^$corpus/##" | cut -c1-160)"
  fi
  intel_visa "$corpus/$f" "$dev"
  if [ -d "$cache/${name%.ll}/visa" ]; then
    mkdir -p "$work/intel" && cp "$cache/${name%.ll}"/visa/*.visaasm "$work/intel/"
    theirs=$(finalize "$work/intel" "$fin" lenient)
    case $theirs in
      [0-9]*) ;;
      *) [ -s "$cache/${name%.ll}/ocloc_count" ] && theirs="~$(awk '{s+=$1} END {print s}' "$cache/${name%.ll}/ocloc_count")" ;;
    esac
  else
    theirs="no vISA from ocloc"
  fi
  case $ours in
    [0-9]*) status=ok ;;
    *) status=${ours//|/\\|} ; ours=- ;;
  esac
  case $theirs in [0-9]*|~[0-9]*) ;; *) theirs=- ;; esac
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$dev" "$status" "$ours" "$theirs"
}
export -f row finalize intel_visa platform_of finalizer_of
export corpus genxc cache tmp

tail -n +2 "$corpus/manifest.tsv" | cut -f1,2 | { if [ -n "$only" ]; then grep -E "$only" || true; else cat; fi; } |
  xargs -P "$(nproc)" -n 2 bash -c 'row "$0" "$1"' >"$tmp/rows"
sort "$tmp/rows" -o "$tmp/rows"

echo "| file | device | genxc | genxc Gen | Intel Gen | genxc / Intel |"
echo "|---|---|---|---|---|---|"
awk -F'\t' '{
  t = $5; sub(/^~/, "", t)
  ratio = ($4 ~ /^[0-9]+$/ && t ~ /^[0-9]+$/ && t > 0) ? sprintf("%.2f", $4 / t) : "-"
  printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, ratio
}' "$tmp/rows"
awk -F'\t' '
  { n++ } $3 == "ok" { ok++ }
  { t = $5; sub(/^~/, "", t) }
  $3 == "ok" && $4 ~ /^[0-9]+$/ && t ~ /^[0-9]+$/ && t > 0 && $4 > 0 { s += log($4 / t); m++; r = $4 / t; if (r > w) { w = r; wf = $1 } }
  END {
    printf "\n%d of %d files compiled and accepted by GenX_IR (%.1f%%)", ok, n, n ? 100 * ok / n : 0
    if (m) printf "; Gen instructions over the %d files both compiled: geometric mean %.3f of Intel'"'"'s, worst %.2f (%s)", m, exp(s / m), w, wf
    printf "\n"
  }' "$tmp/rows"
