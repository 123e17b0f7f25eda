#!/usr/bin/env python3
"""Runs gpuleak-tidy over the handed cases in ../shared/cases and compares.

Usage: run_cases.py GPULEAK_TIDY CASES_DIR TORCH_DIR CUDA_DIR RESOURCE_DIR [-j N] [--only FAMILY,...]

Each case file starts with `// expect: <family> at line <N>` lines (or
`// expect: none`); see shared/cases/README.md. A case passes when gpuleak
reports exactly its expected (line, family) pairs and nothing else: any other
gpuleak diagnostic in the file fails it. Families whose check gpuleak does not
ship yet are listed as UNSUPPORTED (their expected lines are not required, but
nothing else may be reported in those files either). Cases are parsed against
the real LibTorch headers; .cu files host-side with clang's CUDA mode.

Prints one table row per case and exits 1 if any case fails, 2 on bad usage.
"""
import concurrent.futures
import os
import re
import subprocess
import sys

FAMILY_TO_CHECK = {
    "retained-tensor": "gpuleak-retained-tensor",
    "missing-no-grad": "gpuleak-missing-no-grad",
    "missing-detach": "gpuleak-missing-detach",
    "cache-flush-in-loop": "gpuleak-empty-cache-in-loop",
    "create-graph-cycle": "gpuleak-create-graph-cycle",
    "raw-cuda-leak": "gpuleak-cuda-unreleased",
}
EXPECT = re.compile(r"^// expect: (?:none|([a-z-]+) at line (\d+))\s*$")
DIAG = re.compile(r"^(.*?):(\d+):(\d+): warning: .* \[(gpuleak-[a-z-]+)\]$")


def shipped_checks(tidy):
    out = subprocess.run([tidy, "-checks=-*,gpuleak-*", "-list-checks"],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    return {l.strip() for l in out.splitlines() if l.strip().startswith("gpuleak-")}


def run_case(path, tidy, torch, cuda, resource):
    expected, unsupported = set(), set()
    with open(path) as fh:
        for line in fh:
            if not line.startswith("//"):
                break
            m = EXPECT.match(line.rstrip("\n"))
            if m and m.group(1):
                expected.add((int(m.group(2)), FAMILY_TO_CHECK.get(m.group(1), m.group(1))))
    inc = os.path.join(torch, "include")
    args = ["-std=c++17", "-isystem", inc, "-isystem", os.path.join(inc, "torch", "csrc", "api", "include"),
            "-isystem", os.path.join(cuda, "include"), "-isystem", os.path.join(cuda, "include", "cccl"),
            "-resource-dir=" + resource]
    if path.endswith(".cu"):
        args += ["-x", "cuda", "--cuda-host-only", "--cuda-path=" + cuda, "--cuda-gpu-arch=sm_90",
                 "-Wno-unknown-cuda-version"]
    proc = subprocess.run([tidy, "-checks=-*,gpuleak-*", "--quiet", path, "--"] + args,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    got = set()
    for line in proc.stdout.splitlines():
        m = DIAG.match(line)
        if m and os.path.samefile(m.group(1), path):
            got.add((int(m.group(2)), m.group(4)))
    errors = [l for l in proc.stdout.splitlines() + proc.stderr.splitlines() if ": error:" in l]
    return expected, got, errors, proc.returncode


def main(argv):
    if len(argv) < 6:
        print(__doc__, file=sys.stderr)
        return 2
    tidy, cases, torch, cuda, resource = argv[1:6]
    jobs = 2
    if "-j" in argv:
        jobs = int(argv[argv.index("-j") + 1])
    if not os.path.isdir(cases):
        print("run_cases.py: error: no cases directory at " + cases, file=sys.stderr)
        return 2
    shipped = shipped_checks(tidy)
    files = sorted(os.path.join(cases, f) for f in os.listdir(cases)
                   if f.endswith((".cpp", ".cu")))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda p: run_case(p, tidy, torch, cuda, resource), files))
    failed = 0
    for path, (expected, got, errors, rc) in zip(files, results):
        need = {e for e in expected if e[1] in shipped}
        skipped = expected - need
        ok = got == need and not errors
        status = "PASS" if ok else "FAIL"
        if ok and skipped:
            status = "UNSUPPORTED"
        failed += not ok
        fmt = lambda s: ",".join("%d:%s" % (l, c.replace("gpuleak-", "")) for l, c in sorted(s)) or "none"
        print("%-12s %-45s expected=%s got=%s%s" % (
            status, os.path.basename(path), fmt(expected), fmt(got),
            ("  errors=" + "; ".join(errors[:3])) if errors else ""))
    print("%d cases, %d failed" % (len(files), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
