#!/usr/bin/env python3
"""Runs one checker test through both gpuleak front ends and FileChecks it.

Usage (from a RUN line, see test/lit.cfg.py):
  %check_tidy <source> <checks> <tmp> [-check-suffix=S] [-config=YAML] [-fix]
              [-tidy-arg=ARG]... [-- <compiler args>]

For each front end -- stock clang-tidy-22 with --load=libGpuLeakTidyPlugin.so,
then build/bin/gpuleak-tidy -- it copies <source> to <tmp>.<frontend>.<ext>,
runs the front end with -checks='-*,<checks>' (and --fix-notes with -fix),
and checks:
  - stdout against the CHECK-MESSAGES[-S] lines of <source>, with
    --implicit-check-not='{{warning|error}}:' so any extra diagnostic fails;
  - the fixed copy against the CHECK-FIXES[-S] lines (full-line match), if any.
It exits non-zero on the first failure, printing what failed. This is a small
version of upstream clang-tidy's check_clang_tidy.py, which Debian does not ship.
"""
import os
import shutil
import subprocess
import sys


def main():
    argv = sys.argv[1:]
    compile_args = []
    if "--" in argv:
        compile_args = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    suffix, config, fix, extra, args = "", None, False, [], []
    for a in argv:
        if a.startswith("-check-suffix="):
            suffix = "-" + a.split("=", 1)[1]
        elif a.startswith("-config="):
            config = a.split("=", 1)[1]
        elif a == "-fix":
            fix = True
        elif a.startswith("-tidy-arg="):
            extra.append(a.split("=", 1)[1])
        elif a.startswith("-"):
            sys.exit("check_gpuleak_tidy.py: unknown option " + a)
        else:
            args.append(a)
    if len(args) != 3:
        sys.exit(__doc__)
    source, checks, tmp = args

    plugin_tidy = os.environ["GPULEAK_PLUGIN_TIDY"].split()
    gpuleak_tidy = os.environ["GPULEAK_TIDY"].split()
    filecheck = shutil.which("FileCheck")
    text = open(source).read()
    msg_prefix, fix_prefix = "CHECK-MESSAGES" + suffix, "CHECK-FIXES" + suffix
    ext = os.path.splitext(source)[1]

    for name, tidy in (("plugin", plugin_tidy), ("binary", gpuleak_tidy)):
        copy = "%s.%s%s" % (tmp, name, ext)
        shutil.copyfile(source, copy)
        cmd = tidy + [copy, "-checks=-*," + checks, "--quiet"] + extra
        if config:
            cmd.append("-config=" + config)
        if fix:
            cmd += ["--fix-notes"]
        cmd += ["--"] + compile_args
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode not in (0,):
            print("[%s] exited %d: %s\nstdout:\n%s\nstderr:\n%s" % (
                name, proc.returncode, " ".join(cmd), proc.stdout, proc.stderr))
            return 1
        # Diagnostics name the copy; FileCheck patterns use [[@LINE]] only.
        out = proc.stdout
        fc = subprocess.run([filecheck, source, "--check-prefix=" + msg_prefix,
                             "--implicit-check-not={{warning|error}}:"],
                            input=out, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if fc.returncode:
            print("[%s] CHECK-MESSAGES failed: %s\n%s\n--- output was:\n%s" % (
                name, " ".join(cmd), fc.stdout, out))
            return 1
        if fix_prefix + ":" in text:
            fc = subprocess.run([filecheck, source, "--check-prefix=" + fix_prefix,
                                 "--match-full-lines", "--input-file=" + copy],
                                text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            if fc.returncode:
                print("[%s] CHECK-FIXES failed:\n%s" % (name, fc.stdout))
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
