#!/usr/bin/env python3
"""Time of all gpuleak checks against the parse time of the same TU.

Usage: bench/check-overhead.py [-n REPEATS] [TU.cpp ...]
       (default TUs: examples/src/*.cpp and bench/inputs/*.cpp, which include
        <torch/torch.h>; needs examples/build/compile_commands.json, see
        scripts/check-examples.sh; a TU that is not in it is compiled with the
        command of the database's first entry, as clang-tidy's interpolation
        does for gpuleak-tidy)

For each TU, side by side in one run, REPEATS times (default 3), it measures:
  parse:  wall time of `clang++-22 -fsyntax-only` with the TU's compile command
  checks: the time clang-tidy's --enable-check-profile attributes to the
          gpuleak-* checks (their matchers and callbacks) in one gpuleak-tidy run
  tidy:   wall time of that gpuleak-tidy run (parse + checks + clang-tidy overhead)
and prints the medians, checks/parse (issue target: <= 3%), and tidy/parse.
Absolute times are from this machine; only the ratios travel.
"""
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIDY = os.path.join(ROOT, "build", "bin", "gpuleak-tidy")
DB = os.path.join(ROOT, "examples", "build")
ROW = re.compile(r"^\s+[\d.]+ \(.*?\)\s+[\d.]+ \(.*?\)\s+[\d.]+ \(.*?\)\s+([\d.]+) \(.*?\)\s+(gpuleak-\S+)$")


def compile_command(tu):
    with open(os.path.join(DB, "compile_commands.json")) as fh:
        for e in json.load(fh):
            if os.path.realpath(e["file"]) == os.path.realpath(tu):
                args = e.get("arguments") or shlex.split(e["command"])
                return e["directory"], args
        if not os.path.isfile(tu):
            sys.exit("check-overhead: error: %s does not exist" % tu)
        e = json.load(open(os.path.join(DB, "compile_commands.json")))[0]
        args = e.get("arguments") or shlex.split(e["command"])
        src = os.path.realpath(e["file"])
        return e["directory"], [os.path.realpath(tu) if os.path.realpath(os.path.join(e["directory"], a)) == src else a
                                for a in args]


def parse_time(tu):
    directory, args = compile_command(tu)
    out = []
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a == "-c":
            continue
        out.append(a)
    t = time.monotonic()
    subprocess.run(["clang++-22", "-fsyntax-only"] + out, cwd=directory, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - t


def tidy_time(tu):
    t = time.monotonic()
    proc = subprocess.run([TIDY, "-p", DB, "-checks=-*,gpuleak-*", "--enable-check-profile", "--quiet", tu],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t
    checks = sum(float(m.group(1)) for m in map(ROW.match, proc.stderr.splitlines()) if m)
    return wall, checks


def main(argv):
    n = 3
    if "-n" in argv:
        i = argv.index("-n")
        n = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    tus = argv[1:] or [os.path.join(ROOT, d, f) for d in ("examples/src", "bench/inputs")
                       for f in sorted(os.listdir(os.path.join(ROOT, d))) if f.endswith(".cpp")]
    print("%-28s %9s %9s %9s %12s %10s" % ("TU", "parse s", "tidy s", "checks s", "checks/parse", "tidy/parse"))
    ratios = []
    for tu in tus:
        parses, walls, checks = [], [], []
        for _ in range(n):
            parses.append(parse_time(tu))
            w, c = tidy_time(tu)
            walls.append(w)
            checks.append(c)
        p, w, c = statistics.median(parses), statistics.median(walls), statistics.median(checks)
        ratios.append(c / p)
        print("%-28s %9.2f %9.2f %9.4f %11.2f%% %9.2fx" % (os.path.basename(tu), p, w, c, 100 * c / p, w / p))
    print("max checks/parse: %.2f%% (target <= 3%%)" % (100 * max(ratios)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
