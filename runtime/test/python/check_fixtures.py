"""The Python fixtures recorded on the GPU machine (issue 13, part 4), analysed
again without a GPU by the runtime's core (gpuleak-snapshot-report) and read
from the reports the runtime wrote there.

    python3 runtime/test/python/check_fixtures.py BUILD_DIR FIXTURE_DIR

BUILD_DIR holds gpuleak-snapshot-report (runtime/ci-test.sh's build);
FIXTURE_DIR is runtime/test/fixtures/python, filled by
`runtime/test/gpu-issue13.sh ingest`. Lines are found by the `# fixture:`
markers in runtime/test/python/fixtures/*.py; paths were stripped to /src.
Exit status 0 when every check passes.
"""
import glob
import json
import lzma
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
build, fixtures = sys.argv[1], sys.argv[2]
failures = checks = 0


def expect(cond, what):
    global failures, checks
    checks += 1
    if not cond:
        failures += 1
        sys.stderr.write("FAILED: %s\n" % what)


def line_of(prog, marker):
    with open(os.path.join(HERE, "fixtures", prog + ".py")) as f:
        for n, text in enumerate(f, 1):
            if "# fixture: " + marker in text:
                return n
    raise SystemExit("no marker %r in %s" % (marker, prog))


def report(name):
    with open(os.path.join(fixtures, name + ".json")) as f:
        return json.load(f)


def recorded(name):
    """Whether the fixture was recorded; a missing one is said and skipped."""
    if os.path.exists(os.path.join(fixtures, name + ".json")):
        return True
    sys.stderr.write("%s: not recorded, skipped\n" % name)
    return False


def reanalysed(name):
    """Evidence of every pickle of the fixture (.pickle, or .pickle.xz for the
    large ones), from the core alone."""
    ev = []
    pickles = sorted(glob.glob(os.path.join(fixtures, name + ".*.pickle")) +
                     glob.glob(os.path.join(fixtures, name + ".*.pickle.xz")))
    expect(len(pickles) >= 1, "%s: no recorded snapshot" % name)
    tmp = tempfile.mkdtemp()
    for p in pickles:
        if p.endswith(".xz"):
            plain = os.path.join(tmp, os.path.basename(p)[:-3])
            with lzma.open(p) as f, open(plain, "wb") as out:
                out.write(f.read())
            p = plain
        r = subprocess.run([os.path.join(build, "gpuleak-snapshot-report"), p],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        expect(r.returncode == 0, "%s: gpuleak-snapshot-report rc %d" % (p, r.returncode))
        if r.returncode == 0:
            ev += json.loads(r.stdout.decode())["evidence"]
    return ev


def at(evidence, kind, prog, line, function):
    """The sites of `kind` when every one of them is prog.py:line in function
    (one per history window), else []."""
    sites = [e for e in evidence if e["kind"] == kind]
    ok = all(e["line"] == line and e["file"].endswith("/" + prog + ".py")
             and e["function"] == function for e in sites)
    return sites if ok else []


# A leaking loop: each loss kept as a tensor. Growth, at the loss line, in train().
for name, prog, mode in (("leak_loop", "leak_loop", "steps"), ("plain_leak", "plain_leak", "sampling")):
    if not recorded(name):
        continue
    r = report(name)
    expect(r["status"] == "ok" and r["mode"] == mode, "%s: status/mode" % name)
    expect(any(l["growth"]["detected"] for l in r["loops"]), "%s: growth detected" % name)
    ln = line_of(prog, "loss line")
    for src, ev in (("report", r["evidence"]), ("reanalysed", reanalysed(name))):
        g = at(ev, "growth", prog, ln, "train")
        expect(len(g) >= 1, "%s (%s): growth only at %s.py:%d (train): %r" % (
            name, src, prog, ln, [(e["kind"], e["file"], e["line"]) for e in ev]))
        # Nothing of runpy, gpuleak's package or torch is a user frame.
        for e in ev:
            for f in e["frames"]:
                expect(f["file"].endswith(".py") and "/lib/python3." not in f["file"]
                       and not f["file"].endswith("/gpuleak/__main__.py")
                       and not f["file"].endswith("/gpuleak/__init__.py"),
                       "%s: frame %s is not the user's" % (name, f["file"]))

# Its fixed twin (loss.item()): no growth, no growth site.
if recorded("fixed_loop"):
    r = report("fixed_loop")
    expect(r["status"] == "ok", "fixed_loop: status")
    expect(not any(l["growth"]["detected"] for l in r["loops"]), "fixed_loop: no growth")
    for src, ev in (("report", r["evidence"]), ("reanalysed", reanalysed("fixed_loop"))):
        expect(not [e for e in ev if e["kind"] == "growth"], "fixed_loop (%s): no growth site" % src)

# Evaluation without torch.no_grad(): activations freed by the graph's teardown.
if recorded("eval_no_grad"):
    r = report("eval_no_grad")
    ln = line_of("eval_no_grad", "forward")
    expect(not any(l["growth"]["detected"] for l in r["loops"]), "eval_no_grad: no growth")
    for src, ev in (("report", r["evidence"]), ("reanalysed", reanalysed("eval_no_grad"))):
        g = at(ev, "graph-retention", "eval_no_grad", ln, "evaluate")
        expect(len(g) >= 1 and all(e["freed_by_graph"] >= 3 for e in g),
               "eval_no_grad (%s): graph retention freed by the graph at :%d: %r" % (src, ln, g))

# empty_cache() every step: the segments of the step's 64 MiB activations are
# released by the flush and reserved again by the next step's forward. The
# verdict gpuleak verify gives empty-cache-in-loop rests on this: segment frees
# through emptyCache at the flush line in 2 or more steps, each followed by a
# segment allocation (reallocated_steps; docs/runtime.md).
if recorded("empty_cache"):
    r = report("empty_cache")
    ln = line_of("empty_cache", "flush")
    expect(r["status"] == "ok" and r["mode"] == "steps", "empty_cache: status/mode")
    expect(not any(l["growth"]["detected"] for l in r["loops"]), "empty_cache: no growth")
    # Four cudaFree calls (device_frees) at every one of the 60 steps: the
    # segments of the two activations and their two gradients.
    steps = [s for l in r["loops"] for s in l["steps"]]
    frees = [b["device_frees"] - a["device_frees"] for a, b in zip(steps, steps[1:])]
    expect(len(steps) == 60 and steps[0]["device_frees"] == 4 and frees == [4] * 59,
           "empty_cache: 4 cudaFree a step: %r" % [s["device_frees"] for s in steps])
    # In the 8-step window: 32 segments (4 a step) freed by the flush at its
    # line, in all 8 steps, and each flush but the window's last followed by
    # new segments.
    for src, ev in (("report", r["evidence"]), ("reanalysed", reanalysed("empty_cache"))):
        g = at(ev, "cache-flush", "empty_cache", ln, "train")
        expect([(e["blocks"], e["steps"], e["reallocated_steps"]) for e in g] == [(32, 8, 7)],
               "empty_cache (%s): 32 segments flushed at :%d in 8 steps, 7 followed by "
               "new segments: %r" % (src, ln, g))
        expect(not [e for e in ev if e["kind"] != "cache-flush"],
               "empty_cache (%s): no other evidence: %r" % (src, [e["kind"] for e in ev]))

sys.stderr.write("%d checks, %d failures\n" % (checks, failures))
sys.exit(1 if failures else 0)
