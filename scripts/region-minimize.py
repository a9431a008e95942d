#!/usr/bin/env python3
"""region-minimize.py -- shrinks a region-campaign kernel while a disagreement persists.

usage: scripts/region-minimize.py KERNEL.ll PLATFORM MODE [PATTERN] > small.ll
  MODE genxc-sim   genxc compiles it and its vISA differs from the reference interpreter
       intel-sim   Intel's VC compiles it and its vISA differs from the reference interpreter
                   (VERDICT=stopped: the simulator stops on it)
       genxc-error genxc refuses it with a message containing PATTERN
       genxc-finalizer  GenX_IR, on genxc's vISA, prints PATTERN
       genxc-oracle  the LLVM IR region oracle finds genxc's --emit legalized output different
       intel-fails Intel's VC fails (compile.sh exit 1) with a log containing PATTERN
       intel-regions  `genxc --check-regions` finds an illegal region in Intel's final IR

The launch's seed is the kernel's (its first line), as the campaign ran it. Only the generated steps are reduced (the loads and stores stay). Reductions, repeated until none
applies: an instruction's uses are given one of its operands of
the same type (a wrregion its old value or the value written, an operation its left operand),
and then instructions whose value is unused are deleted. Needs target/debug/genxc and
target/debug/examples/region_campaign (scripts/region-campaign.sh builds them) and, for the intel
modes, ../shared/tools/igc-vc/compile.sh (IGCVC overrides).
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
GENXC = os.path.join(TARGET, "debug", "genxc")
DRIVER = os.path.join(TARGET, "debug", "examples", "region_campaign")
IGCVC = os.environ.get("IGCVC", os.path.join(os.path.dirname(ROOT), "shared", "tools", "igc-vc", "compile.sh"))
DEVICE = {"dg2": "dg2-g10"}

DEF = re.compile(r"^\s*(%[\w.]+) = (.*)$")


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def holds(text, platform, mode, pattern):
    with tempfile.TemporaryDirectory() as d:
        k = os.path.join(d, "k.ll")
        with open(k, "w") as f:
            f.write(text)
        if mode == "genxc-oracle":
            r = run([GENXC, k, "--platform", platform, "--emit", "legalized", "-o", os.path.join(d, "l")])
            if r.returncode != 0:
                return False
            r = run([DRIVER, "oracle", k, os.path.join(d, "l", "k.legalized.ll")])
            return r.stdout.startswith("differ")
        if mode.startswith("genxc"):
            r = run([GENXC, k, "--platform", platform, "-o", os.path.join(d, "g")])
            if mode == "genxc-error":
                return r.returncode != 0 and pattern in (r.stdout + r.stderr)
            if r.returncode != 0:
                return False
            visa = os.path.join(d, "g", "k.visaasm")
            if mode == "genxc-finalizer":
                fin = {"dg2": "DG2", "pvc": "PVC"}.get(platform, platform.upper())
                r = subprocess.run(["GenX_IR", "k.visaasm", "-platform", fin, "-output"], cwd=os.path.join(d, "g"),
                                   capture_output=True, text=True, timeout=300)
                return pattern in (r.stdout + r.stderr)
        else:
            r = run([IGCVC, "-q", "-d", DEVICE.get(platform, platform), k, os.path.join(d, "i")])
            if mode == "intel-fails":
                return r.returncode == 1 and pattern in (r.stdout + r.stderr)
            if r.returncode != 0:
                return False
            if mode == "intel-regions":
                r = run([GENXC, "--check-regions", os.path.join(d, "i", "final.ll"), "--platform", platform])
                return r.returncode == 1 and (pattern or "") in r.stdout
            visa = os.path.join(d, "i", "k.visaasm")
        seed = re.search(r"^; region campaign kernel, seed (\d+)", text, re.M)
        r = run([DRIVER, "run", k, platform, seed.group(1) if seed else "1", visa])
        return r.returncode == 0 and r.stdout.startswith(os.environ.get("VERDICT", "differ"))


def body_range(lines):
    """The generated steps: between the `; the steps` and `; the stores` comments (the loads and
    stores are kept, so every stored byte stays defined)."""
    start = next(i for i, l in enumerate(lines) if l.strip() == "; the steps")
    end = next(i for i in range(start, len(lines)) if lines[i].strip() == "; the stores")
    return start + 1, end


def operands(rhs):
    """The typed vector/scalar operands `<ty> %name` of an instruction's right-hand side."""
    return re.findall(r"(<\d+ x \w+>|i\d+|half|float) (%[\w.]+)", rhs)


def result_type(rhs):
    m = re.match(r"(?:tail )?call ([^@]+?) @", rhs)
    if m:
        return m.group(1).strip()
    m = re.match(r"(?:add|sub|mul|and|or|xor|fneg|select <\d+ x i1> %[\w.]+,) (<\d+ x \w+>|i\d+)", rhs)
    return m.group(1) if m else None


def dce(lines):
    changed = True
    while changed:
        changed = False
        lo, hi = body_range(lines)
        text = "\n".join(lines)
        for i in range(lo, hi):
            m = DEF.match(lines[i])
            if m and len(re.findall(re.escape(m.group(1)) + r"\b", text)) == 1:
                del lines[i]
                changed = True
                break
    return lines


def candidates(lines):
    lo, hi = body_range(lines)
    for i in range(hi - 1, lo - 1, -1):
        m = DEF.match(lines[i])
        if not m:
            continue
        name, rhs = m.groups()
        # data values only: the index computations (%ix.., %mt.., ...) keep every index in range
        if not re.match(r"%(rd|wr|op|neg)\d", name):
            continue
        ty = result_type(rhs)
        if ty is None:
            continue
        for t, op in operands(rhs):
            if t == ty and op != name:
                new = lines[:i] + lines[i + 1:]
                new = [re.sub(re.escape(name) + r"\b", op, l) for l in new]
                yield dce(new)


def minimize(text, platform, mode, pattern):
    lines = text.split("\n")
    progress = True
    while progress:
        progress = False
        for cand in candidates(lines):
            if holds("\n".join(cand), platform, mode, pattern):
                lines = cand
                progress = True
                print(f"region-minimize: {len(lines)} lines", file=sys.stderr)
                break
    # unused declarations
    text = "\n".join(lines)
    out = [l for l in lines if not l.startswith("declare ") or
           text.count("@" + l.split("@")[1].split("(")[0] + "(") > 1]
    return "\n".join(out)


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    kernel, platform, mode = sys.argv[1:4]
    pattern = sys.argv[4] if len(sys.argv) > 4 else ""
    text = open(kernel).read()
    if not holds(text, platform, mode, pattern):
        print("region-minimize: the kernel does not show the disagreement", file=sys.stderr)
        return 1
    print(minimize(text, platform, mode, pattern))
    return 0


if __name__ == "__main__":
    sys.exit(main())
