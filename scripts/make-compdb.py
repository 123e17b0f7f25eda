#!/usr/bin/env python3
"""Writes a compile_commands.json for a source tree that has no build of its own.

Usage: scripts/make-compdb.py SRC_DIR OUT_DIR [-I DIR]...

Every .cpp/.cc/.cxx/.cu file under SRC_DIR gets an entry compiled with
clang++-22 -std=c++17 against the LibTorch 2.11 headers in .cache/libtorch and
the CUDA 13 headers in /usr/local/cuda, plus SRC_DIR's include/ folders and any
-I given. .cu files are parsed host-side only. Used to run gpuleak on public
projects without building them (their CMake setups need CUDA libraries,
OpenCV and datasets that are not here). Writes OUT_DIR/compile_commands.json
and prints the number of entries; exits 2 if SRC_DIR does not exist.
"""
import json
import os
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    src, out = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    extra = []
    rest = argv[3:]
    while rest:
        a = rest.pop(0)
        if a == "-I" and rest:
            extra.append("-I" + os.path.abspath(rest.pop(0)))
        else:
            extra.append(a)
    if not os.path.isdir(src):
        print("make-compdb: error: no such directory: " + src, file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    torch_inc = os.path.join(root, ".cache", "libtorch", "include")
    base = ["-std=c++17", "-isystem", torch_inc,
            "-isystem", os.path.join(torch_inc, "torch", "csrc", "api", "include"),
            "-isystem", "/usr/local/cuda/include", "-isystem", "/usr/local/cuda/include/cccl"]
    incs = []
    for d, dirs, files in os.walk(src):
        dirs[:] = [x for x in dirs if not x.startswith(".") and x != "build"]
        if os.path.basename(d) in ("include", "inc", "src"):
            incs.append("-I" + d)
    entries = []
    for d, dirs, files in os.walk(src):
        dirs[:] = [x for x in dirs if not x.startswith(".") and x != "build"]
        for f in sorted(files):
            ext = os.path.splitext(f)[1]
            if ext not in (".cpp", ".cc", ".cxx", ".cu"):
                continue
            path = os.path.join(d, f)
            args = ["/usr/lib/llvm-22/bin/clang++"] + base + incs + ["-I" + d] + extra
            if ext == ".cu":
                args += ["-x", "cuda", "--cuda-host-only", "--cuda-path=/usr/local/cuda",
                         "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version"]
            args += ["-c", path]
            entries.append({"directory": d, "file": path, "arguments": args})
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "compile_commands.json"), "w") as fh:
        json.dump(entries, fh, indent=1)
    print("%d entries -> %s" % (len(entries), os.path.join(out, "compile_commands.json")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
