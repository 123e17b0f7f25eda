"""Sort the sanitizer reports of a stress run (stress.sh OUT_DIR) by whose code
they name: gpuleak's runtime (a gpuleak:: function, a file under
runtime/src/, or a frame in libgpuleak_runtime.so or libgpuleak_preload.so
that is not C++ library code) or only other code (torch, CUDA, the C++
library, the stress program).

    python3 runtime/test/stress/sanitizer_reports.py OUT_DIR

Prints, per kind and mode of run (as in OUT_DIR/results.txt), the runs with a
report and those with one that names gpuleak's runtime, then the distinct
SUMMARY lines of each group with their counts. Exit status 0 (it describes).
"""
import collections
import os
import re
import sys

START = re.compile(r"(ERROR: AddressSanitizer|WARNING: ThreadSanitizer|ERROR: LeakSanitizer)")
OURS = re.compile(r"gpuleak::|/runtime/src/")
OUR_MODULE = re.compile(r"libgpuleak_runtime\.so|libgpuleak_preload\.so")
# C++ library code: until 2026-12-02 the GPU machine's build linked a private
# libstdc++ into libgpuleak_runtime.so, so torch's threads started through
# std::thread code located in our module (docs/runtime.md); that is not ours.
LIBRARY = re.compile(r"#\d+ (0x[0-9a-f]+ in )?(std::|__gnu_cxx::|__cxxabiv1::|operator |__cxa_|_Unwind_)")
FRAME = re.compile(r"^\s+#\d+ ")


def ours(frame):
    return bool(OURS.search(frame) or (OUR_MODULE.search(frame) and not LIBRARY.search(frame)))


def reports(text):
    """Each report: (its SUMMARY line, whether a frame names gpuleak's runtime)."""
    out, cur = [], None
    for line in text.splitlines():
        if START.search(line):
            if cur is not None:
                out.append(cur)
            cur = ["", False]
        elif cur is not None:
            if FRAME.match(line) and ours(line):
                cur[1] = True
            if line.startswith("SUMMARY: "):
                cur[0] = re.sub(r"\(.*?\+0x[0-9a-f]+\)", "", line[9:]).strip()
                out.append(cur)
                cur = None
    if cur is not None:
        out.append(cur)
    return out


def main(out_dir):
    runs = collections.Counter()
    with_report = collections.Counter()
    naming_ours = collections.Counter()
    summaries = {True: collections.Counter(), False: collections.Counter()}
    for name in sorted(os.listdir(out_dir)):
        log = os.path.join(out_dir, name, "log")
        parts = name.rsplit("-", 1)[0]  # KIND-MODE
        if not os.path.isfile(log):
            continue
        runs[parts] += 1
        with open(log, errors="replace") as f:
            reps = reports(f.read())
        if not reps:
            continue
        with_report[parts] += 1
        if any(r[1] for r in reps):
            naming_ours[parts] += 1
        for r in reps:
            summaries[r[1]][r[0]] += 1
    print("sanitizer reports (%s): runs with a report / naming gpuleak's runtime / runs"
          % os.path.basename(os.path.normpath(out_dir)))
    for k in sorted(runs):
        print("  %-16s %4d / %4d / %4d" % (k, with_report[k], naming_ours[k], runs[k]))
    for ours in (True, False):
        if summaries[ours]:
            print("  reports %s gpuleak's runtime, by SUMMARY:" % ("naming" if ours else "not naming"))
            for s, n in summaries[ours].most_common(8):
                print("    x%-4d %s" % (n, s[:200]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
