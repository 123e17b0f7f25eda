#!/usr/bin/env python3
"""Writes NvccOptions.def, the table of nvcc's options, from `nvcc --help`.

Usage: gen-nvcc-options.py [NVCC] > tool/nvcc/NvccOptions.def
test/cuda-api-table/nvcc-options.test runs it against the installed nvcc and
compares the output with the table in the tree.
"""
import re
import subprocess
import sys

nvcc = sys.argv[1] if len(sys.argv) > 1 else "/usr/local/cuda/bin/nvcc"
help_text = subprocess.run([nvcc, "--help"], capture_output=True, text=True,
                           check=True).stdout
version = subprocess.run([nvcc, "--version"], capture_output=True, text=True,
                         check=True).stdout.strip().splitlines()[-1]
line_re = re.compile(
    r"^(--[\w+-]+)(?:\s+(<[^>]*>|\{[^}]*\}|\[[^\]]*\]|\w[\w ]*?)(,\.\.\.)?)?"
    r"\s{2,}(?:\((-[^)]*)\)|(--[\w-]+))\s*$")
rows = []
for line in help_text.splitlines():
    if not line.startswith("--"):
        continue
    m = line_re.match(line)
    if not m:
        sys.exit(f"gen-nvcc-options.py: cannot read this line of nvcc --help: {line!r}")
    long_name, value, is_list, short, same = m.groups()
    short = short or same
    # --help shows no value for it, but it takes the file's name.
    if long_name == "--dependency-output":
        value = "<file>"
    rows.append((long_name, short, bool(value), bool(is_list)))
print("//===--- NvccOptions.def - nvcc's options --------------------------------===//")
print("//")
print("// Every option of nvcc, as `nvcc --help` lists it, written by")
print("// tool/nvcc/gen-nvcc-options.py (do not edit by hand); checked against the")
print("// installed nvcc by test/cuda-api-table/nvcc-options.test.")
print(f"// {version}")
print("//")
print("// NVCC_OPTION(Long, Short, TakesValue, List)")
print("//   TakesValue: the option takes a value (`--opt=V`, `--opt V`, `-s V`);")
print("//   List: the value is a comma-separated list (`-DA,B` defines A and B).")
print("//")
print("//===----------------------------------------------------------------------===//")
print()
for long_name, short, value, is_list in rows:
    print(f'NVCC_OPTION("{long_name}", "{short}", {str(value).lower()}, {str(is_list).lower()})')
# Options nvcc accepts that its --help does not list (checked with nvcc 13.0:
# `nvcc -Xcudafe --diag_suppress=1 -E t.cu` runs).
print()
print("// Accepted by nvcc, not listed by --help.")
for long_name, short in (("-Xcudafe", "-Xcudafe"), ("--fatbin-options", "-Xfatbin")):
    print(f'NVCC_OPTION("{long_name}", "{short}", true, true)')
print()
print("#undef NVCC_OPTION")
