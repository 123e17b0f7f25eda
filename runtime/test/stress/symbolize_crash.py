#!/usr/bin/env python3
"""Symbolizes the stacks that libgpuleak_crash_trace.so wrote (crash_trace.cpp).

    symbolize_crash.py CRASH_FILE...   prints each file with functions and lines

Run on the machine where the crash happened (the libraries must be the same).
Frames `lib(+0xoff) [0xaddr]` are looked up with one addr2line per library
(the return address minus one, so a call's line), falling back on the
nearest exported symbol that the tracer wrote (demangled with c++filt) when
addr2line knows no function; frames `lib(sym+0xoff)` are demangled. Needs binutils; prints the raw lines without it.
"""
import re
import subprocess
import sys

FRAME = re.compile(r"^([^()\s]+)\(([^)]*)\)\s*\[(0x[0-9a-f]+)\](?: (\S+))?$")


def run(cmd, data=None, timeout=120):
    try:
        return subprocess.run(cmd, input=data, capture_output=True, text=True,
                              timeout=timeout).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def main(paths):
    lines = []
    for p in paths:
        with open(p, errors="replace") as f:
            lines += [(p, l.rstrip("\n")) for l in f]
    wanted = {}  # lib -> set of offsets
    mangled = set()
    for _, l in lines:
        m = FRAME.match(l)
        if not m:
            continue
        lib, inner = m.group(1), m.group(2)
        if inner.startswith("+0x"):
            wanted.setdefault(lib, set()).add(max(0, int(inner[1:], 16) - 1))
        elif "+" in inner:
            mangled.add(inner.rsplit("+", 1)[0])
        if m.group(4):
            mangled.add(m.group(4).rsplit("+", 1)[0])
    names = {}
    for lib, offs in wanted.items():
        offs = sorted(offs)
        out = run(["addr2line", "-C", "-f", "-e", lib] + ["0x%x" % o for o in offs],
                  timeout=90).split("\n")
        for i, o in enumerate(offs):
            if 2 * i + 1 < len(out):
                names[(lib, o)] = "%s at %s" % (out[2 * i], out[2 * i + 1])
    demangled = {}
    if mangled:
        order = sorted(mangled)
        out = run(["c++filt"], "\n".join(order) + "\n").split("\n")
        demangled = dict(zip(order, out))
    cur = None
    for p, l in lines:
        if p != cur:
            print("#### %s" % p)
            cur = p
        m = FRAME.match(l)
        if not m:
            print(l)
            continue
        lib, inner = m.group(1), m.group(2)
        short = lib.rsplit("/", 1)[-1]
        if inner.startswith("+0x"):
            o = max(0, int(inner[1:], 16) - 1)
            name = names.get((lib, o), "")
            if (not name or name.startswith("??")) and m.group(4):
                sym = m.group(4).rsplit("+", 1)[0]
                name = "[%s] %s" % (demangled.get(sym, sym)[:200], name)
            print("  %-28s %s %s" % (short, inner, name or "?"))
        elif "+" in inner:
            sym = inner.rsplit("+", 1)[0]
            print("  %-28s %s" % (short, demangled.get(sym, sym)[:300]))
        else:
            print("  %-28s %s" % (short, l))


if __name__ == "__main__":
    main(sys.argv[1:])
