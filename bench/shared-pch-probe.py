#!/usr/bin/env python3
"""Probe for issue 12 part 1: what a shared PCH of <torch/torch.h> would save.

Usage:
  bench/shared-pch-probe.py [--build DIR] [--tus N]

Not a feature of gpuleak (gpuleak check does not share header work yet):
this measures, side by side in one run, what it would gain. It takes the
first N (default 2) translation units of bench/result-cache.py's generated
project (run that first) that include <torch/torch.h> directly, those with a
finding first, builds one
PCH of `#include <torch/torch.h>` with their flags (clang++-22 -x c++-header,
with __clang_analyzer__ defined as clang-tidy defines it), then runs
gpuleak-tidy (clang-tidy 22 with the gpuleak checks) on each TU twice:
as is, and with `-include-pch` (the TU's own #include of torch.h is then a
no-op: LibTorch's headers use #pragma once). It prints the CPU time (user +
system) and peak RSS of each, the PCH's cost, and whether the diagnostics are
byte-identical.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, out_path):
    """Runs cmd; returns (wall s, CPU s, peak RSS MiB of the command)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    rss_path = out_path + ".rss"
    with open(out_path, "w") as out:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", rss_path] + cmd, stdout=out,
                       stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return time.monotonic() - start, cpu, int(open(rss_path).read().split()[-1]) / 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--tus", type=int, default=2)
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    tidy = os.path.join(build, "bin", "gpuleak-tidy")
    project = os.path.join(build, "bench", "result-cache", "project")
    db = os.path.join(project, "build")
    if not os.path.exists(os.path.join(db, "compile_commands.json")):
        sys.exit("bench: error: run bench/result-cache.py first (it generates the project)")
    entries = sorted(json.load(open(os.path.join(db, "compile_commands.json"))),
                     key=lambda e: e["file"])
    direct = [e for e in entries
              if "#include <torch/torch.h>" in open(e["file"]).read().split("namespace")[0]
              and "-std=c++17" in e["arguments"] and "-O2" not in e["arguments"]]
    # TUs with a finding first: identical diagnostics must mean something.
    direct.sort(key=lambda e: "emptyCache();" not in open(e["file"]).read())
    tus = direct[:args.tus]
    work = os.path.join(build, "bench", "shared-pch")
    os.makedirs(work, exist_ok=True)
    prefix = os.path.join(work, "prefix.h")
    with open(prefix, "w") as f:
        f.write("#include <torch/torch.h>\n")
    flags = [a for a in tus[0]["arguments"][1:-2]]  # without the compiler, -c and the file
    pch = os.path.join(work, "torch.pch")
    wall, pch_cpu, rss = run(["/usr/lib/llvm-22/bin/clang++", "-x", "c++-header"] + flags +
                             ["-D__clang_analyzer__=1", prefix, "-o", pch],
                             os.path.join(work, "pch.out"))
    print("PCH of <torch/torch.h>: CPU %.1f s, wall %.1f s, peak RSS %.0f MiB, %.0f MiB on disk"
          % (pch_cpu, wall, rss, os.path.getsize(pch) / 2**20), flush=True)
    total = {"plain": 0.0, "pch": 0.0}
    same = True
    for e in tus:
        name = os.path.basename(e["file"])
        outs = {}
        for mode in ("plain", "pch"):
            extra = ["--extra-arg=-include-pch", "--extra-arg=" + pch] if mode == "pch" else []
            out = os.path.join(work, "%s.%s.txt" % (name, mode))
            wall, cpu, rss = run([tidy, "-p", db, "--checks=-*,gpuleak-*"] + extra + [e["file"]], out)
            total[mode] += cpu
            outs[mode] = open(out).read()
            print("%-10s %-6s CPU %6.1f s  wall %6.1f s  peak RSS %5.0f MiB  (load %s)"
                  % (name, mode, cpu, wall, rss, open("/proc/loadavg").read().split()[0]),
                  flush=True)
        same &= outs["plain"] == outs["pch"]
    n = len(tus)
    print()
    print("%d TUs: CPU without sharing %.1f s; with one shared PCH %.1f s + %.1f s (the PCH)"
          % (n, total["plain"], total["pch"], pch_cpu))
    print("diagnostics byte-identical with and without the PCH: %s" % ("yes" if same else "NO"))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
