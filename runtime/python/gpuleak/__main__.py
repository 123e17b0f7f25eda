"""python -m gpuleak run [options] [--] script.py [args...]

Runs a Python program under gpuleak's runtime verifier without changing it
(zero-code mode, like ``gpuleak run -- ./program``): a sampler thread reads
the CUDA caching allocator every --sample-ms, takes the minimum over each
--interval-ms as one interval, detects growth from the program's first
allocation on, and records Python stacks in a history window. The report is
written when the program ends (also by sys.exit() or an exception, whose exit
status is kept) and after --stop-after seconds. docs/runtime.md.
"""

import os
import runpy
import sys

OPTIONS = {
    "--output": "GPULEAK_OUTPUT",
    "--interval-ms": "GPULEAK_INTERVAL_MS",
    "--sample-ms": "GPULEAK_SAMPLE_MS",
    "--history": "GPULEAK_HISTORY",
    "--stop-after": "GPULEAK_STOP_AFTER",
    "--threshold": "GPULEAK_THRESHOLD",
    "--attribution-steps": "GPULEAK_ATTRIBUTION_STEPS",
    "--stacks": "GPULEAK_STACKS",
}

USAGE = ("usage: python -m gpuleak run [--output PREFIX] [--interval-ms N] [--sample-ms N]\n"
         "         [--history start|on-growth|off] [--stop-after SECONDS] [--threshold BYTES]\n"
         "         [--attribution-steps N] [--stacks python|all] [--] script.py [args...]\n")


def main(argv):
    if not argv or argv[0] != "run":
        sys.stderr.write(USAGE)
        return 2
    args = argv[1:]
    os.environ.setdefault("GPULEAK_OUTPUT", "gpuleak-run")
    while args:
        a = args[0]
        if a == "--":
            args = args[1:]
            break
        if a in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return 0
        name, eq, value = a.partition("=")
        if name in OPTIONS:
            if not eq:
                if len(args) < 2:
                    sys.stderr.write("gpuleak run: %s needs a value\n" % name)
                    return 2
                value, args = args[1], args[1:]
            os.environ[OPTIONS[name]] = value
            args = args[1:]
            continue
        if a.startswith("-"):
            sys.stderr.write("gpuleak run: unknown option %s\n%s" % (a, USAGE))
            return 2
        break
    if not args:
        sys.stderr.write(USAGE)
        return 2
    import gpuleak

    script = args[0]
    sampler = None
    lib = gpuleak._load()
    if lib is not None:
        gpuleak._python_defaults()
        sampler = lib.gpuleak_sampler_new()
    sys.argv = list(args)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    status = 0
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        status = e.code
    finally:
        # Before the interpreter is torn down: Python frames are symbolized
        # while the snapshot is taken.
        if sampler:
            lib.gpuleak_sampler_delete(sampler)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
