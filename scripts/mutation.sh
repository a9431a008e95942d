#!/usr/bin/env bash
# Seeds deliberate miscompiles into a scratch copy of the repository, one at a time, and checks
# that the differential tests (tests/differential.rs: every fixture kernel run in the simulator
# against the reference interpreter of its input) fail on each. Prints one row per mutation.
#
#   scripts/mutation.sh            # every mutation
#   scripts/mutation.sh 1 3        # only these
#
# The copy of the working tree lives in target/mutation, so its build reuses the dependencies of
# earlier runs. Exit 1 if a mutation goes unnoticed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# file | text replaced | replacement | what the bug is
mutations=(
  "isel/src/emulate.rs|VInst::AddcSubb { sub, pred|VInst::AddcSubb { sub: false, pred|64-bit subtract emitted as an add (subb -> addc)"
  "isel/src/predicates.rs|Ult \| Slt \| FOlt => (m::CmpOp::Lt, false)|Ult \| Slt \| FOlt => (m::CmpOp::Le, false)|less-than compares as less-or-equal"
  "isel/src/lib.rs|BinOp::AShr => (m::AluOp::Asr, s, false)|BinOp::AShr => (m::AluOp::Shr, s, false)|arithmetic shift right emitted as a logical one"
  "isel/src/control.rs|let inv = Pred { inverse: !p.inverse, ..p };|let inv = p;|a conditional branch's inverted predicate not inverted"
  "isel/src/intrinsics.rs|AluDesc { sat: true, ..un(m::AluOp::Mov, t, SrcMod::None) }|AluDesc { sat: false, ..un(m::AluOp::Mov, t, SrcMod::None) }|llvm.genx.sat without .sat"
  "isel/src/lib.rs|max: matches!(d.op, Op::Max),|max: !matches!(d.op, Op::Max),|min and max swapped"
)

selected=("$@")
copy="$root/target/mutation/src"
export CARGO_TARGET_DIR="$root/target/mutation/target"
mkdir -p "$copy"

run_tests() { (cd "$copy" && cargo test -q --test differential >"$1" 2>&1); }
copy_tree() {
  rm -rf "$copy" && mkdir -p "$copy"
  (cd "$root" && tar --exclude=./target --exclude=./.git --exclude=./fuzz/target -cf - .) | (cd "$copy" && tar -xf -)
}

# The tree as it is must pass, or a failure below would say nothing about the mutation.
copy_tree
if ! run_tests "$root/target/mutation/log.0"; then
  echo "the differential tests fail without a mutation: see target/mutation/log.0" >&2
  exit 2
fi

printf '| # | mutation | differential tests |\n|---|---|---|\n'
missed=0
for i in "${!mutations[@]}"; do
  n=$((i + 1))
  if [ ${#selected[@]} -gt 0 ] && [[ ! " ${selected[*]} " == *" $n "* ]]; then continue; fi
  IFS='|' read -r file from to what <<<"${mutations[$i]//\\|/$'\x1f'}"
  from=${from//$'\x1f'/|}
  to=${to//$'\x1f'/|}
  # A fresh copy of the working tree for every mutation.
  copy_tree
  python3 - "$copy/$file" "$from" "$to" <<'EOF'
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"mutation site not found exactly once in {path}: {old!r}")
open(path, "w").write(text.replace(old, new))
EOF
  log="$root/target/mutation/log.$n"
  if run_tests "$log"; then
    verdict="MISSED (the tests pass)"
    missed=$((missed + 1))
  elif first=$(grep -m1 -E ' seed [0-9]+: buffer ' "$log"); then
    verdict="caught: $(echo "$first" | cut -c1-110)"
  else
    # A failure that is not a difference (a build error, a stop) does not count as caught.
    verdict="MISSED (the tests fail, but not on a difference: see target/mutation/log.$n)"
    missed=$((missed + 1))
  fi
  printf '| %d | %s | %s |\n' "$n" "$what" "$verdict"
done
exit $((missed > 0))
