#!/usr/bin/env python3
"""`gpuleak check` cold and warm on a real project's compile database, side by side.

Usage:
  bench/compdb-warm.py BUILD [--edit FILE] [-j N] [--gpuleak PATH]

BUILD is a configured build folder with compile_commands.json (for example
a public LibTorch repository configured with its own CMake and
-DCMAKE_EXPORT_COMPILE_COMMANDS=ON). In one run, with the same -j and checks
(-*,gpuleak-*) and a fresh result cache (BUILD/gpuleak-bench-cache):

  cold            gpuleak check -p BUILD, empty cache
  warm, no edit   again
  warm, one .cpp  after appending a function to FILE (default: the first
                  .cpp/.cc of the database that parses, in path order), which
                  is put back as it was afterwards

and prints, for each, the wall time, the CPU time of the whole process tree,
its peak RSS, gpuleak's summary and shared-headers lines, and the ratios
warm / cold. The three JSON reports must be the same bytes.
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("shared_headers",
                                              os.path.join(ROOT, "bench", "shared-headers.py"))
shared = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shared)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build")
    ap.add_argument("--edit")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--gpuleak", default=os.path.join(ROOT, "build", "bin", "gpuleak"))
    args = ap.parse_args()

    build = os.path.abspath(args.build)
    entries = json.load(open(os.path.join(build, "compile_commands.json")))
    files = sorted({e["file"] if os.path.isabs(e["file"])
                    else os.path.join(e["directory"], e["file"]) for e in entries})
    cache = os.path.join(build, "gpuleak-bench-cache")
    shutil.rmtree(cache, ignore_errors=True)
    cmd = [args.gpuleak, "check", "-p", build, "-j", str(args.j), "--checks=-*,gpuleak-*",
           "--format=json", "--index=none", "--stats", "--cache-dir=" + cache]

    rows = {}
    edited, original = None, None
    try:
        for name in ("cold", "warm, no edit", "warm, one .cpp"):
            if name == "warm, one .cpp":
                if args.edit:
                    edited = os.path.abspath(args.edit)
                else:
                    # The first file the cold run parsed without an error.
                    errors = {e["file"] for e in json.load(open(rows["cold"][5]))["errors"]}
                    edited = next(f for f in files if f.endswith((".cpp", ".cc"))
                                  and f not in errors)
                original = open(edited, "rb").read()
                with open(edited, "ab") as f:
                    f.write(b"\nint addedByBench(int x) { return x + 1; }\n")
            stem = re.sub("[^a-z]+", "-", name)
            out, err = (os.path.join(build, "gpuleak-bench-" + stem + ext)
                        for ext in (".json", ".err"))
            rc, wall, rss, pss, cpu = shared.measure(cmd, out, err)
            lines = [l.strip() for l in open(err)
                     if "shared headers:" in l or "translation unit" in l or "warning:" in l]
            rows[name] = (rc, wall, cpu, rss, pss, out)
            print("%-15s rc=%d wall %7.1f s  CPU %7.1f s  peak RSS %6.0f MiB  (load %s)%s"
                  % (name, rc, wall, cpu, rss / 1024, open("/proc/loadavg").read().split()[0],
                     "".join("\n    " + l for l in lines)), flush=True)
    finally:
        if original is not None:
            open(edited, "wb").write(original)

    cold = rows["cold"]
    print()
    print("%s: %d entries, %d files, -j %d, %d CPUs, %s" % (
        build, len(entries), len(files), args.j, os.cpu_count(), time.strftime("%Y-%m-%d %H:%M")))
    print("edited: %s" % edited)
    status = 0
    for name in ("warm, no edit", "warm, one .cpp"):
        r = rows[name]
        same = open(r[5], "rb").read() == open(cold[5], "rb").read()
        print("%-15s / cold: CPU %.3f  wall %.3f  JSON byte-identical: %s"
              % (name, r[2] / cold[2], r[1] / cold[1], "yes" if same else "NO"))
        status |= 0 if same else 1
    return status


if __name__ == "__main__":
    sys.exit(main())
