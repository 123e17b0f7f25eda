#!/usr/bin/env python3
"""What gpuleak-cuda-unreleased adds to the parse of a .cu translation unit.

Usage: bench/cuda-overhead.py [-n REPEATS] [TU.cu ...]
       (default TUs: the handed .cu cases in ../shared/cases and the .cu
        checker tests in test/checkers)

Issue 9's target: the analysis adds <= 10% to a .cu TU's parse time. For
each TU, side by side in one run, REPEATS times (default 5), interleaved:
  parse:  wall time of `clang++-22 -fsyntax-only` in clang's CUDA mode, host
          side (the flags of test/lit.cfg.py's %cuda_flags)
  base:   wall time of gpuleak-tidy with one check that finds nothing in
          CUDA code (gpuleak-missing-detach: its matchers need LibTorch types)
  with:   wall time of gpuleak-tidy with gpuleak-cuda-unreleased alone
  prof:   the time clang-tidy's --enable-check-profile attributes to the
          check (matchers and callbacks; not the member rules' end-of-TU step,
          which with - base includes)
and prints the medians, (with - base)/parse and prof/parse. Absolute times
are from this machine; only the ratios travel.
"""
import glob
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIDY = os.path.join(ROOT, "build", "bin", "gpuleak-tidy")
CUDA = os.environ.get("GPULEAK_CUDA_DIR", "/usr/local/cuda")
RESOURCE = subprocess.run(["clang++-22", "-print-resource-dir"], capture_output=True,
                          text=True, check=True).stdout.strip()
FLAGS = ["-std=c++17", "-x", "cuda", "--cuda-host-only", "--cuda-path=" + CUDA,
         "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version", "-resource-dir=" + RESOURCE]
ROW = re.compile(r"^\s+[\d.]+ \(.*?\)\s+[\d.]+ \(.*?\)\s+[\d.]+ \(.*?\)\s+([\d.]+) \(.*?\)\s+(gpuleak-\S+)$")


def timed(cmd):
    t = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return time.monotonic() - t, proc.stderr


def main(argv):
    n = 5
    if "-n" in argv:
        i = argv.index("-n")
        n = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    tus = argv[1:] or (sorted(glob.glob(os.path.join(ROOT, "..", "shared", "cases", "*.cu"))) +
                       sorted(glob.glob(os.path.join(ROOT, "test", "checkers", "*.cu"))))
    print("%-36s %8s %8s %8s %9s %12s %11s" % ("TU", "parse s", "base s", "with s", "prof s",
                                               "(with-base)/parse", "prof/parse"))
    added, profs = [], []
    for tu in tus:
        parses, bases, withs, prof = [], [], [], []
        for _ in range(n):
            parses.append(timed(["clang++-22", "-fsyntax-only"] + FLAGS + [tu])[0])
            bases.append(timed([TIDY, "-checks=-*,gpuleak-missing-detach", "--quiet", tu, "--"] + FLAGS)[0])
            w, err = timed([TIDY, "-checks=-*,gpuleak-cuda-unreleased", "--enable-check-profile",
                            "--quiet", tu, "--"] + FLAGS)
            withs.append(w)
            prof.append(sum(float(m.group(1)) for m in map(ROW.match, err.splitlines()) if m))
        p, b, w, c = (statistics.median(x) for x in (parses, bases, withs, prof))
        added.append((w - b) / p)
        profs.append(c / p)
        print("%-36s %8.3f %8.3f %8.3f %9.4f %16.1f%% %10.2f%%" % (
            os.path.basename(tu), p, b, w, c, 100 * (w - b) / p, 100 * c / p))
    print("median (with-base)/parse: %.1f%%, max %.1f%%; max prof/parse: %.2f%% (target <= 10%%)" % (
        100 * statistics.median(added), 100 * max(added), 100 * max(profs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
