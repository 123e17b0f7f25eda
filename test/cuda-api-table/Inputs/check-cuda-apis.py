#!/usr/bin/env python3
"""Checks checks/CudaApis.def against the CUDA headers.

Usage: check-cuda-apis.py DEF CUDA_INCLUDE CLANGXX

Parses the headers once with clang (`-Xclang -ast-dump`, every function
declaration with its parameter types, and `-dM -E`, the macros) and checks:

- every CREATOR, REGISTRAR and RELEASER names a declared function, or a macro
  of the headers that names one (cuMemAlloc is cuMemAlloc_v2);
- a CREATOR's handle argument is a pointer to the handle, and some RELEASER of
  its kind takes that handle type at its own handle argument (for a struct
  handle, the field's type); a REGISTRAR's handle argument has the type that
  a RELEASER of its kind takes;
- every CUDA_NOT_TRACKED name is declared too;
- every header function named like a create/destroy, alloc/free,
  register/unregister, open/close, load/unload, map/unmap, init/abort,
  instantiate, import, retain/release or plan call is in the table or
  listed as not tracked. NCCL's profiling aliases (`pnccl...`) are checked
  as their `nccl...` names.

Prints one line per problem and a summary; exits 1 if there is a problem.
"""
import re
import subprocess
import sys

HEADERS = ["cuda.h", "cuda_runtime_api.h", "cublas_v2.h", "cublasLt.h", "cublasXt.h",
           "cusparse.h", "cusolverDn.h", "cusolverSp.h", "cudnn.h", "cufft.h", "curand.h",
           "nccl.h"]
LIBRARY = re.compile(r"^(cuda|cu[A-Z]|cublas|cusparse|cusolver|cudnn|cufft|curand|nccl)")
RESOURCE_NAME = re.compile(
    r"Create|Destroy|Alloc|Free|Register|Init|Load|Unload|Open|Close|Import|Instantiate|"
    r"Retain|Release|Abort|Plan|Map|Unmap|Split|Shrink|Reserve")
ENTRY = re.compile(r"^CUDA_(KIND|CREATOR|REGISTRAR|RELEASER|NOT_TRACKED)\((.*)\)\s*$")


def parse_def(path):
    kinds, creators, registrars, releasers, not_tracked = {}, [], [], [], {}
    for lineno, line in enumerate(open(path), 1):
        m = ENTRY.match(line.strip())
        if not m:
            continue
        what, args = m.group(1), [a.strip() for a in re.split(r",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", m.group(2))]
        if what == "KIND":
            kinds[args[0]] = lineno
        elif what == "CREATOR":
            creators.append((args[0], int(args[1]), args[2], args[3].strip('"'), lineno))
        elif what == "REGISTRAR":
            registrars.append((args[0], int(args[1]), args[2], lineno))
        elif what == "RELEASER":
            releasers.append((args[0], int(args[1]), args[2], lineno))
        else:
            not_tracked[args[0]] = lineno
    return kinds, creators, registrars, releasers, not_tracked


def split_params(sig):
    m = re.match(r"[^(]*\((.*)\)", sig)
    if not m or not m.group(1).strip():
        return []
    params, depth, cur = [], 0, ""
    for ch in m.group(1):
        if ch == "," and depth == 0:
            params.append(cur.strip())
            cur = ""
            continue
        depth += ch in "(<"
        depth -= ch in ")>"
        cur += ch
    params.append(cur.strip())
    return params


def header_functions(include, clangxx):
    src = "".join("#include <%s>\n" % h for h in HEADERS)
    flags = ["-x", "c++", "-I", include, "-fsyntax-only"]
    dump = subprocess.run([clangxx] + flags + ["-Xclang", "-ast-dump", "-"], input=src,
                          capture_output=True, text=True).stdout
    functions = {}
    for m in re.finditer(r"FunctionDecl 0x[0-9a-f]+ .*? (\w+) '([^']*)'", dump):
        name, sig = m.groups()
        if LIBRARY.match(name) or name.startswith("pnccl"):
            functions.setdefault(name, split_params(sig))
    macros = {}
    defs = subprocess.run([clangxx, "-x", "c++", "-I", include, "-dM", "-E", "-"], input=src,
                          capture_output=True, text=True).stdout
    for m in re.finditer(r"^#define (\w+) (\w+)$", defs, re.M):
        macros[m.group(1)] = m.group(2)
    # The struct fields that a struct handle names (cudaPitchedPtr::ptr).
    fields, record = {}, None
    for line in dump.splitlines():
        r = re.search(r"(?:CXX)?RecordDecl 0x[0-9a-f]+ .*? struct (\w+) definition", line)
        if r:
            record = r.group(1)
            continue
        f = re.search(r"FieldDecl 0x[0-9a-f]+ .*? (\w+) '([^']*)'", line)
        if f and record:
            fields.setdefault((record, f.group(1)), f.group(2))
    return functions, macros, fields


def norm(t):
    t = t.replace("const ", "").replace("Const", "").replace("struct ", "")
    return re.sub(r"\s+", " ", t).strip()


def main():
    def_path, include, clangxx = sys.argv[1:4]
    kinds, creators, registrars, releasers, not_tracked = parse_def(def_path)
    functions, macros, fields = header_functions(include, clangxx)
    problems = []

    def params_of(name):
        target = name
        for _ in range(3):
            if target in functions:
                return functions[target]
            target = macros.get(target, target)
        return None

    release_types = {}
    for name, arg, kind, lineno in releasers:
        params = params_of(name)
        if kind not in kinds:
            problems.append("%s:%d: %s releases unknown kind %s" % (def_path, lineno, name, kind))
        if params is None:
            problems.append("%s:%d: %s is not declared in the headers" % (def_path, lineno, name))
        elif arg >= len(params):
            problems.append("%s:%d: %s has no argument %d" % (def_path, lineno, name, arg))
        else:
            release_types.setdefault(kind, set()).add(norm(params[arg]))

    for name, arg, kind, field, lineno in creators:
        params = params_of(name)
        if kind not in kinds:
            problems.append("%s:%d: %s creates unknown kind %s" % (def_path, lineno, name, kind))
        if params is None:
            problems.append("%s:%d: %s is not declared in the headers" % (def_path, lineno, name))
            continue
        if arg >= len(params) or not params[arg].endswith("*"):
            problems.append("%s:%d: %s's argument %d is not an out-parameter (%s)" % (
                def_path, lineno, name, arg, params[arg] if arg < len(params) else "none"))
            continue
        handle = norm(params[arg][:-1])
        if field:
            handle = norm(fields.get((handle, field), "?"))
        if handle not in release_types.get(kind, ()):
            problems.append("%s:%d: %s creates a '%s', which no release of %s takes (%s)" % (
                def_path, lineno, name, handle, kind, ", ".join(sorted(release_types.get(kind, ())))))

    for name, arg, kind, lineno in registrars:
        params = params_of(name)
        if params is None:
            problems.append("%s:%d: %s is not declared in the headers" % (def_path, lineno, name))
            continue
        if arg >= len(params) or norm(params[arg]) not in release_types.get(kind, ()):
            problems.append("%s:%d: %s's argument %d (%s) is not what a release of %s takes" % (
                def_path, lineno, name, arg, params[arg] if arg < len(params) else "none", kind))

    for name, lineno in not_tracked.items():
        if params_of(name) is None:
            problems.append("%s:%d: %s (not tracked) is not declared in the headers" % (
                def_path, lineno, name))

    covered = {c[0] for c in creators} | {r[0] for r in registrars} | {r[0] for r in releasers}
    covered |= set(not_tracked)
    covered |= {macros[n] for n in list(covered) if n in macros}
    uncovered = []
    for name in sorted(functions):
        base = name[1:] if name.startswith("pnccl") else name
        if base.endswith(("_ptsz", "_ptds")):
            base = base[:-5]
        if RESOURCE_NAME.search(base) and base not in covered:
            uncovered.append(name)
    for name in uncovered:
        problems.append("%s: %s is named like a resource call and is neither in the table nor "
                        "listed as not tracked" % (def_path, name))

    for p in problems:
        print(p)
    print("%d kinds, %d creators, %d registrars, %d releasers, %d not tracked; %d problems" % (
        len(kinds), len(creators), len(registrars), len(releasers), len(not_tracked), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
