#!/usr/bin/env bash
# region-campaign.sh -- the differential region campaign (issue 24): N random region-heavy kernels
# (fuzz/src/regions.rs, written by `cargo run --example region_campaign gen`) through genxc and
# through Intel's Vector Compiler, both executed.
#
# usage: scripts/region-campaign.sh N [--seed S] [--platform P[,P...]] [--jobs J] [--keep DIR]
#   N           kernels (seeds S .. S+N-1; S defaults to 1)
#   --platform  genxc platforms, comma-separated: tgllp (default), dg2, pvc
#   --jobs      kernels run in parallel (default: the number of processors)
#   --keep DIR  keep every kernel, output and log in DIR (default: a temporary directory)
# region-campaign.sh --rescore DIR [--jobs J]
#               score the kept outputs of an earlier run in DIR again with the current simulator
#               and oracle (the compile columns stay as they were)
#
# For each kernel and platform:
#   genxc:  genxc -> .visaasm -> GenX_IR accepts it -> the simulator runs it and its output memory
#           equals what the reference interpreter of the input kernel leaves;
#   Intel:  ../shared/tools/igc-vc/compile.sh -> its .visaasm -> GenX_IR accepts it; its final LLVM
#           IR (IGC's shader dump VC_*_final.ll, collected as final.ll) has no illegal region under
#           `genxc --check-regions`; the simulator runs its vISA and agrees with the reference; the
#           LLVM IR region oracle (genxc::region_oracle) finds VC's IR after legalization
#           (final.ll) computing what it computed before (optimized.ll, IGC's dump of VC's IR
#           after its IR optimization), on random inputs; and genxc's `--emit legalized` output
#           passes the same oracle against the input kernel.
# Prints one tab-separated row per kernel and platform, then the table of counts and every
# disagreement (markdown). Uses ../shared at run time (a measurement script, like conformance.sh).
set -uo pipefail
cd "$(dirname "$0")/.."

n=""; seed=1; platforms=tgllp; jobs=$(nproc); keep=""; rescore=""
while [ $# -gt 0 ]; do
  case $1 in
    --seed) seed=$2; shift 2 ;;
    --platform) platforms=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --rescore) rescore=1; keep=$2; n=0; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) if [ -z "$n" ]; then n=$1; shift; else sed -n '5,9p' "$0" >&2; exit 2; fi ;;
  esac
done
[[ "$n" =~ ^[0-9]+$ ]] && [[ "$seed" =~ ^[0-9]+$ ]] || { sed -n '5,10p' "$0" >&2; exit 2; }

igcvc=${IGCVC:-$(cd .. && pwd)/shared/tools/igc-vc/compile.sh}
[ -x "$igcvc" ] || { echo "region-campaign.sh: no Intel compile script at $igcvc (set IGCVC)" >&2; exit 2; }
. scripts/packages.sh
need_tool ocloc intel-opencl-icd libigc1
need_tool GenX_IR libigc-tools
need_tool llvm-as-14 llvm-14
install_needed

export CARGO_INCREMENTAL=${CARGO_INCREMENTAL:-0}
cargo build -q --bin genxc --example region_campaign || exit 2
target=${CARGO_TARGET_DIR:-target}

if [ -n "$keep" ]; then
  mkdir -p "$keep" && work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
fi
# The run uses copies of the two programs, so a rebuild during a long run changes nothing.
mkdir -p "$work/bin"
cp "$target/debug/genxc" "$target/debug/examples/region_campaign" "$work/bin/" || exit 2
genxc=$work/bin/genxc
driver=$work/bin/region_campaign
if [ -n "$rescore" ]; then
  [ -s "$work/rows.tsv" ] || { echo "region-campaign.sh: no rows.tsv in $work" >&2; exit 2; }
else
  "$driver" gen "$work/kernels" "$n" "$seed" || exit 2
fi

# GenX_IR's name and Intel's device name of a genxc platform.
finalizer_of() { case $1 in dg2) echo DG2 ;; pvc) echo PVC ;; *) echo "${1^^}" ;; esac; }
device_of() { case $1 in dg2) echo dg2-g10 ;; *) echo "$1" ;; esac; }

# accepted VISAASM PLATFORM: "ok" when GenX_IR accepts the kernel (exit 0, or 1 with only its spill
# report; no warning, parse or verifier error; a listing with an EOT and no illegal instruction),
# else "rejected: <first complaint>".
accepted() {
  local k=$1 plat=$2 dir log rc=0
  dir=$(dirname "$k"); log=${k%.visaasm}.finalizer.log
  (cd "$dir" && timeout 120 GenX_IR "$(basename "$k")" -platform "$plat" -output) >"$log" 2>&1 || rc=$?
  if [ "$rc" -eq 1 ] && grep -q '^Spill memory used = ' "$log" &&
    ! grep -v '^GenX_IR ' "$log" | grep -vE '^\[vISA Finalizer Messages\]$|^Spill memory used = |^ ?Compiling kernel with spill code|^$' | grep -q .; then
    rc=0
  fi
  if [ "$rc" -ne 0 ]; then
    echo "rejected: exit $rc: $(grep -v '^GenX_IR ' "$log" | grep -m1 . | cut -c1-100)"
  elif grep -iqE 'warning|invalid opcode|error decoding|error formatting|^near line|Found a total of|Error Message:' "$log"; then
    echo "rejected: $(grep -m1 -iE 'warning|invalid opcode|error|near line|Found a total' "$log" | cut -c1-100)"
  elif [ ! -e "${k%.visaasm}.asm" ] || ! grep -q EOT "${k%.visaasm}.asm" ||
    sed 's#//.*##' "${k%.visaasm}.asm" | grep -qiwE 'illegal|invalid opcode'; then
    echo "rejected: the Gen listing is incomplete or has illegal instructions"
  else
    echo ok
  fi
}

# row SEED PLATFORM: one tab-separated row:
# seed type platform genxc genxc-GenX_IR genxc-sim intel intel-GenX_IR intel-regions intel-sim
row() {
  local s=$1 p=$2 k=$work/kernels/k$1.ll d=$work/out/k$1.$2
  local fin ty g gf i if ir
  fin=$(finalizer_of "$p")
  ty=$(awk -F'\t' -v s="$s" '$1 == s { print $2 }' "$work/kernels/features.tsv")
  mkdir -p "$d/genxc" "$d/intel"
  gf=-; if=-; ir=-
  if timeout 120 "$genxc" "$k" --platform "$p" -o "$d/genxc" >"$d/genxc.log" 2>&1; then
    g=ok; gf=$(accepted "$d/genxc/k.visaasm" "$fin")
  else
    g="refused: $(grep -m1 -E 'error|unsupported' "$d/genxc.log" | sed 's#^.*/k[0-9]*\.ll:##' | cut -c1-140)"
  fi
  if timeout 300 "$igcvc" -q -d "$(device_of "$p")" "$k" "$d/intel" >"$d/intel.log" 2>&1 &&
    [ -e "$d/intel/k.visaasm" ]; then
    i=ok
    if=$(accepted "$d/intel/k.visaasm" "$fin")
    if [ -e "$d/intel/final.ll" ]; then
      "$genxc" --check-regions "$d/intel/final.ll" --platform "$p" >"$d/intel.regions.log" 2>&1
      case $? in
        0) ir=legal ;;
        1) ir="illegal: $(grep -m1 'error: illegal' "$d/intel.regions.log" | sed 's#^.*final\.ll:##' | cut -c1-140)" ;;
        *) ir="unreadable: $(head -1 "$d/intel.regions.log" | cut -c1-100)" ;;
      esac
    else
      ir="no final.ll"
    fi
  else
    i="failed: $(grep -m1 -iE 'error|abort|failed|stopped' "$d/intel.log" | cut -c1-140)"
  fi
  local line
  line=$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "$s" "$ty" "$p" "$g" "$gf" \
    "$(score "$s" "$p" "$g" "$i")" "$i" "$if" "$ir" "$(score "$s" "$p" "$g" "$i" intel)" \
    "$(score "$s" "$p" "$g" "$i" oracle)" "$(score "$s" "$p" "$g" "$i" genxc-oracle)")
  [ -n "$keep" ] || rm -rf "$d"
  echo "$line"
}

# score SEED PLATFORM GENXC INTEL [intel|oracle|genxc-oracle]: genxc's (or Intel's) simulator
# verdict against the reference interpreter of the input, or the LLVM IR region oracle on Intel's
# IR before and after its legalization (optimized.ll against final.ll), or on genxc's input and its
# `--emit legalized` output; "-" when that compiler failed.
score() {
  local s=$1 p=$2 g=$3 i=$4 which=${5:-genxc} k=$work/kernels/k$1.ll d=$work/out/k$1.$2 out
  case $which in
    genxc) [ "$g" = ok ] || { echo -; return; }; visa=$d/genxc/k.visaasm ;;
    intel) [ "$i" = ok ] || { echo -; return; }; visa=$d/intel/k.visaasm ;;
    genxc-oracle)
      [ "$g" = ok ] || { echo -; return; }
      mkdir -p "$d/legalized"
      timeout 120 "$genxc" "$k" --platform "$p" --emit legalized -o "$d/legalized" >/dev/null 2>&1 &&
        [ -e "$d/legalized/k.legalized.ll" ] || { echo "no legalized output"; return; }
      timeout 300 "$driver" oracle "$k" "$d/legalized/k.legalized.ll" 2>&1 | head -1 | sed "s#$d/##g" | cut -c1-160
      return ;;
    oracle)
      [ "$i" = ok ] && [ -e "$d/intel/optimized.ll" ] && [ -e "$d/intel/final.ll" ] || { echo -; return; }
      timeout 300 "$driver" oracle "$d/intel/optimized.ll" "$d/intel/final.ll" 2>&1 | head -1 |
        sed "s#$d/##g" | cut -c1-160
      return ;;
  esac
  if out=$(timeout 300 "$driver" run "$k" "$p" "$s" "$visa" 2>&1); then
    head -1 <<<"$out" | cut -c1-160
  else
    echo "no reference: $(head -1 <<<"$out" | cut -c1-120)"
  fi
}

export -f row score accepted finalizer_of device_of
export work genxc driver igcvc keep

mkdir -p "$work/out"
if [ -n "$rescore" ]; then
  # the compiled outputs of an earlier run, scored again (columns 6, 10 and 11)
  tr '\t' '\037' <"$work/rows.tsv" | xargs -P "$jobs" -d '\n' -n 1 bash -c '
    IFS=$'"'"'\037'"'"' read -r s ty p g gf _ i if ir _ <<<"$0"
    printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$s" "$ty" "$p" "$g" "$gf" "$(score "$s" "$p" "$g" "$i")" \
      "$i" "$if" "$ir" "$(score "$s" "$p" "$g" "$i" intel)" "$(score "$s" "$p" "$g" "$i" oracle)" \
      "$(score "$s" "$p" "$g" "$i" genxc-oracle)"' >"$work/rows.rescored"
  mv "$work/rows.rescored" "$work/rows.tsv"
else
  for s in $(seq "$seed" $((seed + n - 1))); do
    for p in ${platforms//,/ }; do echo "$s $p"; done
  done | xargs -P "$jobs" -n 2 bash -c 'row "$0" "$1"' >"$work/rows.tsv"
fi
sort -n -k1,1 "$work/rows.tsv" -o "$work/rows.tsv"
cat "$work/rows.tsv"

echo
echo "| platform | generated | genxc compiled | genxc GenX_IR accepted | genxc sim agrees | genxc IR oracle same | Intel compiled | Intel GenX_IR accepted | Intel regions legal | Intel sim agrees | Intel IR oracle same |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
awk -F'\t' '
  { p = $3; n[p]++; order[p] = order[p] ? order[p] : ++np; name[order[p]] = p }
  $4 == "ok" { gc[p]++ } $5 == "ok" { ga[p]++ } $6 == "agree" { gs[p]++ }
  $7 == "ok" { ic[p]++ } $8 == "ok" { ia[p]++ } $9 == "legal" { il[p]++ } $10 == "agree" { is[p]++ }
  $11 ~ /^same/ { io[p]++ } $12 ~ /^same/ { go[p]++ }
  END {
    for (j = 1; j <= np; j++) {
      p = name[j]
      printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", p, n[p], gc[p], ga[p], gs[p], go[p], ic[p], ia[p], il[p], is[p], io[p]
    }
  }' "$work/rows.tsv"

echo
echo "Disagreements and failures (seed, type, platform: what):"
awk -F'\t' '
  $4 != "ok" { printf "- %s %s %s: genxc %s\n", $1, $2, $3, $4 }
  $4 == "ok" && $5 != "ok" { printf "- %s %s %s: genxc GenX_IR %s\n", $1, $2, $3, $5 }
  $4 == "ok" && $6 != "agree" { printf "- %s %s %s: genxc sim %s\n", $1, $2, $3, $6 }
  $4 == "ok" && $12 !~ /^same/ { printf "- %s %s %s: genxc IR oracle %s\n", $1, $2, $3, $12 }
  $7 != "ok" { printf "- %s %s %s: Intel %s\n", $1, $2, $3, $7 }
  $7 == "ok" && $8 != "ok" { printf "- %s %s %s: Intel GenX_IR %s\n", $1, $2, $3, $8 }
  $7 == "ok" && $9 != "legal" { printf "- %s %s %s: Intel regions %s\n", $1, $2, $3, $9 }
  $7 == "ok" && $10 != "agree" { printf "- %s %s %s: Intel sim %s\n", $1, $2, $3, $10 }
  $7 == "ok" && $11 !~ /^same/ { printf "- %s %s %s: Intel IR oracle %s\n", $1, $2, $3, $11 }
' "$work/rows.tsv"
