"""CPU-only tests of the Python package (runtime/python/gpuleak), run by
runtime/ci-test.sh: what a program sees when the runtime cannot monitor
(no libgpuleak_runtime.so here): one stderr line, the program runs unchanged,
its argv, __name__, exit status and exceptions are its own.

    python3 runtime/test/python/test_package.py     (exit status 0 when all pass)
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PKG = os.path.join(ROOT, "python")
NOLIB = "gpuleak: libgpuleak_runtime.so not found (set GPULEAK_RUNTIME_LIB); monitoring is off\n"
failures = 0
checks = 0


def expect(cond, what):
    global failures, checks
    checks += 1
    if not cond:
        failures += 1
        sys.stderr.write("FAILED: %s\n" % what)


def py(args, cwd):
    env = dict(os.environ, PYTHONPATH=PKG)
    for k in list(env):
        if k.startswith("GPULEAK_"):
            del env[k]
    p = subprocess.run([sys.executable] + args, cwd=cwd, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    return p.returncode, p.stdout, p.stderr


with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "train.py"), "w") as f:
        f.write("import os, sys\n"
                "print(sys.argv, __name__, os.environ.get('GPULEAK_OUTPUT'),"
                " os.environ.get('GPULEAK_INTERVAL_MS'))\n"
                "import helper\n"
                "sys.exit(int(sys.argv[1]))\n")
    with open(os.path.join(d, "helper.py"), "w") as f:
        f.write("print('helper imported')\n")
    with open(os.path.join(d, "loop.py"), "w") as f:
        f.write("import gpuleak\n"
                "n = 0\n"
                "for i in range(3):\n"
                "    with gpuleak.step('train'):\n"
                "        n += 1\n"
                "try:\n"
                "    with gpuleak.step('train'):\n"
                "        raise ValueError('inside a step')\n"
                "except ValueError as e:\n"
                "    print('caught', e)\n"
                "gpuleak.finish()\n"
                "print('steps', n)\n")

    # Zero-code mode: the script's argv, __name__, sys.path[0], exit status.
    rc, out, err = py(["-m", "gpuleak", "run", "--output", "o", "--interval-ms=50",
                       "train.py", "3", "x"], d)
    expect(rc == 3, "run: exit status 3, got %r" % rc)
    expect(out == "['train.py', '3', 'x'] __main__ o 50\nhelper imported\n", "run: stdout %r" % out)
    expect(err == NOLIB, "run: stderr %r" % err)
    rc, out, err = py(["-m", "gpuleak", "run", "--", "train.py", "0"], d)
    expect(rc == 0 and out.startswith("['train.py', '0'] __main__ gpuleak-run None\n"),
           "run --: %r %r" % (rc, out))
    # Usage errors: status 2 and the program does not run.
    for args in (["-m", "gpuleak"], ["-m", "gpuleak", "run"],
                 ["-m", "gpuleak", "run", "--bogus", "train.py"],
                 ["-m", "gpuleak", "run", "--output"]):
        rc, out, err = py(args, d)
        expect(rc == 2 and out == "", "usage %r: %r %r" % (args, rc, out))
    # Library mode: steps do nothing, exceptions go on, one line on stderr.
    rc, out, err = py(["loop.py"], d)
    expect(rc == 0, "loop: status %r" % rc)
    expect(out == "caught inside a step\nsteps 3\n", "loop: stdout %r" % out)
    expect(err == NOLIB, "loop: stderr %r" % err)
    # A runtime that cannot be loaded: said once, the program still runs.
    env_lib = os.path.join(d, "libgpuleak_runtime.so")
    open(env_lib, "w").close()
    os.environ["GPULEAK_RUNTIME_LIB_TEST"] = env_lib
    p = subprocess.run([sys.executable, "loop.py"], cwd=d,
                       env=dict(os.environ, PYTHONPATH=PKG, GPULEAK_RUNTIME_LIB=env_lib),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    expect(p.returncode == 0 and p.stdout == "caught inside a step\nsteps 3\n",
           "bad lib: %r %r" % (p.returncode, p.stdout))
    expect(p.stderr.count("monitoring is off") == 1 and p.stderr.startswith("gpuleak: "),
           "bad lib: stderr %r" % p.stderr)

    # gpuleak-run -- python3 script.py runs `python3 -m gpuleak run -- script.py`
    # with the package installed next to the preload library.
    lib = os.path.join(d, "lib")
    os.makedirs(os.path.join(lib, "gpuleak"))
    os.symlink(PKG, os.path.join(lib, "gpuleak", "python"))
    open(os.path.join(lib, "libgpuleak_preload.so"), "w").close()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GPULEAK_")}
    env["GPULEAK_PRELOAD"] = os.path.join(lib, "libgpuleak_preload.so")
    env.pop("PYTHONPATH", None)
    p = subprocess.run([os.path.join(ROOT, "bin", "gpuleak-run"), "--output", "o2", "--",
                        sys.executable, "train.py", "4"], cwd=d, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    expect(p.returncode == 4, "gpuleak-run python: status %r (%r)" % (p.returncode, p.stderr))
    expect(p.stdout == "['train.py', '4'] __main__ o2 None\nhelper imported\n",
           "gpuleak-run python: stdout %r" % p.stdout)
    expect(p.stderr.count("monitoring is off") == 1 and "LD_PRELOAD" not in p.stderr,
           "gpuleak-run python: stderr %r" % p.stderr)

sys.stderr.write("%d checks, %d failures\n" % (checks, failures))
sys.exit(1 if failures else 0)
