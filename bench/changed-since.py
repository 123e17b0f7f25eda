#!/usr/bin/env python3
"""What `gpuleak check --changed-since` costs against a whole run.

Usage: bench/changed-since.py [-p BUILD_DIR] [-j N] FILE
       (default BUILD_DIR: examples/build, see scripts/check-examples.sh)

Runs, one after the other on the same machine, `gpuleak check` over the whole
compile database and `gpuleak check --changed-since=-` with a diff that
changes line 1 of FILE (a source or a header; FILE itself is not touched),
both with --index=none -j N (default 1) and the report thrown away, and
prints the wall time of each, the translation units each analysed, and the
ratio. The changed-since time includes preprocessing every translation unit
for its include list. Absolute times are from this machine; only the ratio
travels.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPULEAK = os.path.join(ROOT, "build", "bin", "gpuleak")
SUMMARY = re.compile(r"(\d+) translation units?, ")


def run(args, stdin=None):
    start = time.monotonic()
    proc = subprocess.run([GPULEAK, "check"] + args + ["--index=none", "--color=never", "-o", os.devnull],
                          input=stdin, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if proc.returncode not in (0, 1):
        sys.exit("bench: gpuleak failed (%d): %s" % (proc.returncode, proc.stderr.strip()))
    tus = SUMMARY.search(proc.stderr.strip().splitlines()[-1])
    return seconds, int(tus.group(1)) if tus else -1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", default=os.path.join(ROOT, "examples", "build"))
    parser.add_argument("-j", default="1")
    parser.add_argument("file")
    args = parser.parse_args()
    path = os.path.abspath(args.file)
    rel = os.path.relpath(path)
    diff = "--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-x\n+y\n" % (rel, rel)
    full, full_tus = run(["-p", args.p, "-j", args.j])
    changed, changed_tus = run(["-p", args.p, "-j", args.j, "--changed-since=-"], stdin=diff)
    print("whole run:              %7.1f s, %d translation units" % (full, full_tus))
    print("--changed-since (%s): %7.1f s, %d translation units" % (os.path.basename(path), changed, changed_tus))
    print("ratio changed/whole:    %7.3f" % (changed / full))


if __name__ == "__main__":
    main()
