#!/usr/bin/env python3
"""Shared header work (issue 12, parts 1 and 3): a cold `gpuleak check` against
run-clang-tidy, and its peak memory against clang++, side by side in one run.

Usage:
  bench/shared-headers.py [--build DIR] [-j N] [--tus N] [--unshared]

It generates bench/result-cache.py's project of N translation units (default
24) under DIR/bench/shared-headers/ (DIR defaults to build/): every TU
includes <torch/torch.h>, a quarter through the project header proj/common.h,
a third also proj/data.h, a few with other flags (-DPROJ_FAST=1 -O2,
-std=c++20). Then, in one run, with the same -j and checks (-*,gpuleak-*):

  run-clang-tidy   run-clang-tidy-22 loading libGpuLeakTidyPlugin.so
  gpuleak          gpuleak check with an empty result cache (shared headers
                   on, the default; the cache keeps their PCHs)
  warm, no edit    gpuleak check again
  warm, one .cpp   after appending a function to one .cpp of a group: it is
                   parsed alone, with its group's PCH kept by the cold run
  unshared         gpuleak check --no-cache --no-shared-headers (--unshared only)
  clang++          clang++-22 -fsyntax-only on the largest TU (most includes),
                   with its compile command

and prints, for each, the wall time, the CPU time of the whole process tree
(user + system, getrusage(RUSAGE_CHILDREN)), the peak RSS and PSS of the
whole process tree (sampled from /proc every 50 ms, as
bench/run-clang-tidy-vs-gpuleak.py does), the findings (gpuleak's and
run-clang-tidy's must agree; with --unshared the two JSON reports must be the
same bytes), the load average when it ended, and gpuleak's --stats line about
shared headers. Then the ratios: gpuleak / run-clang-tidy in CPU and wall
time (target <= 0.5), warm after one .cpp / cold gpuleak in CPU and wall time
(target <= 0.1), and gpuleak's peak memory / (clang++'s x N workers)
(target <= 1.1; RSS counts pages shared by processes once per process, so it
is the figure to compare with a single clang++ process).
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(name):
    spec = importlib.util.spec_from_file_location(
        name.replace("-", "_"), os.path.join(ROOT, "bench", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rct = load("run-clang-tidy-vs-gpuleak")
cache_bench = load("result-cache")


def measure(cmd, out_path, err_path):
    """Runs cmd: (rc, wall s, peak RSS KiB, peak PSS KiB, CPU s), stderr kept."""
    # rct.measure discards stderr; keep it for the --stats line.
    wrapped = ["sh", "-c", 'exec "$@" 2>"%s"' % err_path, "sh"] + cmd
    return rct.measure(wrapped, out_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--tus", type=int, default=24)
    ap.add_argument("--unshared", action="store_true",
                    help="also run gpuleak without shared headers and compare the bytes")
    args = ap.parse_args()

    build = os.path.abspath(args.build)
    gpuleak = os.path.join(build, "bin", "gpuleak")
    plugin = os.path.join(build, "lib", "libGpuLeakTidyPlugin.so")
    run_clang_tidy = shutil.which("run-clang-tidy-22") or "/usr/lib/llvm-22/bin/run-clang-tidy"
    clangxx = shutil.which("clang++-22") or "/usr/lib/llvm-22/bin/clang++"
    for path in (gpuleak, plugin, run_clang_tidy, clangxx):
        if not os.path.exists(path):
            sys.exit("bench: error: missing %s (build first: ninja -C %s)" % (path, build))

    work = os.path.join(build, "bench", "shared-headers")
    db, _, _, quarter = cache_bench.generate(os.path.join(work, "project"), args.tus)
    entries = json.load(open(os.path.join(db, "compile_commands.json")))

    def includes(e):
        return sum(1 for line in open(e["file"]) if line.startswith("#include"))

    largest = max(sorted(entries, key=lambda e: e["file"]), key=includes)
    syntax_only = [clangxx] + [a for a in largest["arguments"][1:] if a != "-c"] + ["-fsyntax-only"]

    cache = os.path.join(work, "cache")
    shutil.rmtree(cache, ignore_errors=True)
    gpuleak_cmd = [gpuleak, "check", "-p", db, "-j", str(args.j), "--checks=-*,gpuleak-*",
                   "--format=json", "--index=none", "--stats"]
    cached_cmd = gpuleak_cmd + ["--cache-dir=" + cache]
    # The edited .cpp: the last TU that opens with <torch/torch.h> and the
    # default flags (the generator's edited TU has other flags).
    edited = sorted(e["file"] for e in entries if "-DPROJ_FAST=1" not in e["arguments"]
                    and "-std=c++20" not in e["arguments"]
                    and open(e["file"]).read().count('#include "proj/common.h"') == 0)[-1]
    runs = [
        ("run-clang-tidy", [run_clang_tidy, "-p", db, "-j", str(args.j),
                            "-clang-tidy-binary", shutil.which("clang-tidy-22") or "clang-tidy-22",
                            "-load", plugin, "-checks=-*,gpuleak-*", "-quiet"]),
        ("gpuleak", cached_cmd),
        ("warm, no edit", cached_cmd),
        ("warm, one .cpp", cached_cmd),
    ]
    if args.unshared:
        runs.append(("unshared", gpuleak_cmd + ["--no-cache", "--no-shared-headers"]))
    runs.append(("clang++", syntax_only))

    rows = {}
    for name, cmd in runs:
        if name == "warm, one .cpp":
            with open(edited, "a") as f:
                f.write("\nint addedByBench(int x) { return x + 1; }\n")
        out, err = (os.path.join(work, re.sub("[^a-z.-]+", "-", name.replace("+", "x")) + ext)
                    for ext in (".out", ".err"))
        cwd = os.getcwd()
        os.chdir(largest["directory"])  # clang++'s command is relative to it
        try:
            rc, wall, rss, pss, cpu = measure(cmd, out, err)
        finally:
            os.chdir(cwd)
        if name == "run-clang-tidy":
            found = rct.clang_tidy_findings(out)
        elif name == "clang++":
            found = set()
        else:
            found = rct.gpuleak_findings(out)
        stats = [l.strip() for l in open(err)
                 if "shared headers:" in l or "translation unit" in l or "warning:" in l]
        rows[name] = (rc, wall, cpu, rss, pss, found, out)
        print("%-15s rc=%d wall %7.1f s  CPU %7.1f s  peak RSS %6.0f MiB  PSS %6.0f MiB  "
              "findings %2d  (load %s)%s"
              % (name, rc, wall, cpu, rss / 1024, pss / 1024, len(found),
                 open("/proc/loadavg").read().split()[0],
                 "".join("\n    " + l for l in stats)), flush=True)

    g, t, c = rows["gpuleak"], rows["run-clang-tidy"], rows["clang++"]
    print()
    print("%d TUs (%d include proj/common.h; %d with other flags), -j %d, %d CPUs, %s" % (
        args.tus, quarter, 3, args.j, os.cpu_count(), time.strftime("%Y-%m-%d %H:%M")))
    print("largest TU for clang++: %s" % os.path.basename(largest["file"]))
    print("CPU  gpuleak / run-clang-tidy:        %.3f  (target <= 0.5)" % (g[2] / t[2]))
    print("wall gpuleak / run-clang-tidy:        %.3f  (target <= 0.5)" % (g[1] / t[1]))
    w = rows["warm, one .cpp"]
    print("CPU  warm, one .cpp / cold gpuleak:   %.3f  (target <= 0.1; %s edited)"
          % (w[2] / g[2], os.path.basename(edited)))
    print("wall warm, one .cpp / cold gpuleak:   %.3f  (target <= 0.1)" % (w[1] / g[1]))
    print("peak RSS gpuleak / (clang++ x %d):     %.3f  (target <= 1.1)"
          % (args.j, g[3] / (c[3] * args.j)))
    print("peak PSS gpuleak / (clang++ x %d):     %.3f" % (args.j, g[4] / (c[4] * args.j)))
    status = 0
    if g[5] != t[5]:
        print("bench: warning: gpuleak and run-clang-tidy found different findings")
        status = 1
    for name in ("warm, no edit", "warm, one .cpp"):
        same = open(rows[name][6], "rb").read() == open(g[6], "rb").read()
        print("JSON report of %-15s byte-identical to the cold one: %s"
              % (name + ",", "yes" if same else "NO"))
        status |= 0 if same else 1
    if "unshared" in rows:
        u = rows["unshared"]
        same = open(u[6], "rb").read() == open(g[6], "rb").read()
        print("CPU  gpuleak / unshared gpuleak:      %.3f" % (g[2] / u[2]))
        print("JSON reports with and without shared headers byte-identical: %s"
              % ("yes" if same else "NO"))
        status |= 0 if same else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
