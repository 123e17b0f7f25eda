#!/usr/bin/env python3
"""What each gpuleak check adds to clangd's main-file AST rebuild.

Usage: bench/clangd-tidy-time.py [-p BUILD] [TU.cpp ...]
       (default BUILD: examples/build, see scripts/check-examples.sh;
        default TUs: examples/src/*.cpp, which include <torch/torch.h>)

For each TU it runs `gpuleak-clangd --check=TU --check-tidy-time=gpuleak-*`,
clangd's own measurement (the one behind its fast-check list): after the
preamble, it rebuilds the main file's AST with no check and with each check
alone until the times are stable, and prints what each check adds. clangd
calls a check fast at <= 8%; issue 11's budget is <= 3%. clangd discards
unstable repetitions, and on a loaded machine it may give no number ("-").
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANGD = os.path.join(ROOT, "build", "bin", "gpuleak-clangd")
BASELINE = re.compile(r"Baseline = (\d+) ns")
CHECK = re.compile(r"  (gpuleak-\S+) = (-?\d+)%")


def measure(tu, build):
    out = subprocess.run(
        [CLANGD, "--check=" + tu, "--check-tidy-time=gpuleak-*",
         "--compile-commands-dir=" + build],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    base = BASELINE.search(out)
    return (int(base.group(1)) / 1e9 if base else None,
            {m.group(1): int(m.group(2)) for m in CHECK.finditer(out)})


def main(argv):
    build = os.path.join(ROOT, "examples", "build")
    if argv[:1] == ["-p"]:
        build, argv = argv[1], argv[2:]
    tus = argv or sorted(glob.glob(os.path.join(ROOT, "examples", "src", "*.cpp")))
    results = {tu: measure(tu, build) for tu in tus}
    checks = sorted({c for _, r in results.values() for c in r})
    print("%-40s %9s  %s" % ("TU", "AST (s)", "  ".join(checks)))
    for tu, (base, r) in results.items():
        cells = ["%*s" % (len(c), "%d%%" % r[c] if c in r else "-") for c in checks]
        print("%-40s %9s  %s" % (os.path.relpath(tu, ROOT),
                                 "%.3f" % base if base else "-", "  ".join(cells)))


if __name__ == "__main__":
    main(sys.argv[1:])
