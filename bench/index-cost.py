#!/usr/bin/env python3
"""Cost of the function summaries and of the project-wide solve.

Usage: bench/index-cost.py [-n REPEATS] [-p BUILD_DIR] [--baseline GPULEAK]
                           [FILE ...]
       (default: examples/build, see scripts/check-examples.sh; FILEs limit
        the run to those translation units; --baseline: another gpuleak
        binary, e.g. main's, run alternately with this one, so that both are
        measured side by side under the same load)

Runs `gpuleak check --stats -j1 --no-cache` REPEATS times (default 3) over the
compile database (without --no-cache, every run after the first would time the
result cache's hits) and prints, from the same runs, the medians of
  summaries/TUs: the time spent summarizing functions and finding open call
                 sites, against the whole time of the translation units
                 (parse + checks + summaries)   (issue target: <= 1%)
  solve/run:     the merge, fixpoint and cross-TU decisions after the last
                 TU, against the whole run       (issue target: <= 2%)
The summaries' share is an upper bound of what they add to the checks' own
share (bench/check-overhead.py), since the checks reuse the same analysis.
Absolute times are from this machine; only the ratios travel.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPULEAK = os.path.join(ROOT, "build", "bin", "gpuleak")
STATS = re.compile(r"^gpuleak: stats: (\d+) functions, (\d+) rounds, \+(\d+) -(\d+) "
                   r"findings; summaries ([\d.]+) s of ([\d.]+) s in TUs; solve "
                   r"([\d.]+) s of ([\d.]+) s(?:; \d+ of \d+ summaries tensor-free)?$", re.M)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=3)
    ap.add_argument("-p", default=os.path.join(ROOT, "examples", "build"))
    ap.add_argument("--baseline", metavar="GPULEAK")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    if not os.path.exists(os.path.join(a.p, "compile_commands.json")):
        sys.exit("index-cost: error: no compile_commands.json in %s" % a.p)
    if a.baseline and not os.access(a.baseline, os.X_OK):
        sys.exit("index-cost: error: %s is not an executable" % a.baseline)
    bins = [a.baseline, GPULEAK] if a.baseline else [GPULEAK]
    rows = {b: [] for b in bins}
    with tempfile.TemporaryDirectory() as tmp:
        for b in bins * a.n:
            cmd = [b, "check", "-p", a.p, "-j1", "--stats", "--no-cache",
                   "--index=" + os.path.join(tmp, "index.json"),
                   "-o", os.path.join(tmp, "out.txt")] + a.files
            r = subprocess.run(cmd, stderr=subprocess.PIPE, text=True)
            m = STATS.search(r.stderr)
            # rc 2 with a stats line: some TUs failed to parse (common on a
            # real project); the run was still measured, so say so and go on.
            if r.returncode not in (0, 1, 2) or not m:
                sys.exit("index-cost: error: gpuleak check failed (rc %d): %s"
                         % (r.returncode, r.stderr.strip().splitlines()[-1:]))
            if r.returncode == 2:
                print("index-cost: warning: %s"
                      % r.stderr.strip().splitlines()[-1], file=sys.stderr)
            rows[b].append(m.groups())
    for b in bins:
        if a.baseline:
            print("%s:" % b)
        f = rows[b][0]
        med = lambda i: statistics.median(float(r[i]) for r in rows[b])
        summ, tus, solve, run = med(4), med(5), med(6), med(7)
        print("functions %s, rounds %s, cross-TU findings +%s -%s" % f[:4])
        print("summaries %.3f s of %.3f s in TUs: %.2f%% (target <= 1%%)"
              % (summ, tus, 100 * summ / tus))
        print("solve     %.4f s of %.3f s run:  %.3f%% (target <= 2%%)"
              % (solve, run, 100 * solve / run))


if __name__ == "__main__":
    main()
