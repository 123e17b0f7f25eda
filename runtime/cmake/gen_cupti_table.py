#!/usr/bin/env python3
"""Writes the CUPTI callback table of the raw-CUDA watch (runtime/src/CuptiWatch.cpp).

The resource calls come from checks/CudaApis.def, the one table that
gpuleak-cuda-unreleased uses (docs/checks/cuda-unreleased.md); this script
only finds, for each of its CUDA runtime and driver calls, the CUPTI callback
ids that report it (cupti_runtime_cbid.h, cupti_driver_cbid.h: one per API
version, and the per-thread-stream `_ptsz`/`_ptds` variants) and the field of
the call's parameter struct (generated_cuda_runtime_api_meta.h,
generated_cuda_meta.h) that holds the handle, and the size where the call
has one. Library calls (cuBLAS, cuDNN, NCCL, ...) have no CUPTI callback and
are left out here; the watch names them as owners from the stack.

  gen_cupti_table.py CudaApis.def CUPTI_INCLUDE_DIR OUTPUT
"""
import re
import sys

SIZE_FIELDS = ("size", "bytesize", "byteSize", "ByteSize", "sizeInBytes")


def read_def(path):
    kinds, calls = [], []
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\s*CUDA_KIND\((\w+),', line)
        if m:
            kinds.append(m.group(1))
            continue
        m = re.match(r'\s*CUDA_CREATOR\((\w+),\s*(\d+),\s*(\w+),\s*"(\w*)"\)', line)
        if m:
            calls.append((m.group(1), "Create", int(m.group(2)), m.group(3), m.group(4)))
            continue
        m = re.match(r'\s*CUDA_(REGISTRAR|RELEASER)\((\w+),\s*(\d+),\s*(\w+)\)', line)
        if m:
            role = "Register" if m.group(1) == "REGISTRAR" else "Release"
            calls.append((m.group(2), role, int(m.group(3)), m.group(4), ""))
    return kinds, calls


def read_cbids(path, prefix):
    return re.findall(r'\b' + prefix + r'(\w+)\s*=', open(path, encoding="utf-8").read())


def read_structs(path):
    """name -> [(type, field)] of each `typedef struct X_st { ... } X;`."""
    structs = {}
    text = open(path, encoding="utf-8").read()
    for m in re.finditer(r'typedef struct (\w+)_st\s*\{(.*?)\}\s*(\w+)\s*;', text, re.S):
        fields = []
        for decl in m.group(2).split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            f = re.match(r'(.*?)(\w+)\s*(\[[^\]]*\])?$', decl)
            fields.append((f.group(1).strip(), f.group(2)))
        structs[m.group(3)] = fields
    return structs


def base_names(cbid):
    """Table names a callback id may report, most specific first."""
    names = [cbid]
    n = cbid
    for pattern in (r'_v\d+$', r'_(ptsz|ptds)$'):
        stripped = re.sub(pattern, "", n)
        if stripped != n:
            names.append(stripped)
            n = stripped
    return names


def main():
    def_path, inc, out = sys.argv[1:4]
    kinds, calls = read_def(def_path)
    table = {}
    for name, role, arg, kind, member in calls:
        table.setdefault(name, []).append((role, arg, kind, member))
    structs = {}
    structs.update(read_structs(inc + "/generated_cuda_runtime_api_meta.h"))
    structs.update(read_structs(inc + "/generated_cuda_meta.h"))
    # (generated_cudart_removed_meta.h needs a header the toolkit does not
    # ship: the ids of retired signatures, cudaStreamDestroy_v3020, which no
    # CUDA 13 runtime reports, are skipped.)
    lines, skipped = [], []
    seen = set()
    for domain, header, prefix in (("RUNTIME", "cupti_runtime_cbid.h", "CUPTI_RUNTIME_TRACE_CBID_"),
                                   ("DRIVER", "cupti_driver_cbid.h", "CUPTI_DRIVER_TRACE_CBID_")):
        for cbid in read_cbids(inc + "/" + header, prefix):
            name = next((n for n in base_names(cbid) if n in table), None)
            if name is None:
                continue
            params = cbid + "_params"
            fields = structs.get(params)
            if fields is None:  # an id CUPTI keeps for a retired signature
                skipped.append(prefix + cbid)
                continue
            for role, arg, kind, member in table[name]:
                if arg >= len(fields):
                    sys.exit(f"gen_cupti_table.py: {params} has no argument {arg}")
                ftype, field = fields[arg]
                if role == "Create" and "*" not in ftype:
                    sys.exit(f"gen_cupti_table.py: {params}.{field} is not an out-parameter")
                size = next((f for t, f in fields if f in SIZE_FIELDS), None)
                size_arg = f"GPULEAK_SIZE({params}, {size})" if size and role != "Release" else "GPULEAK_NOSIZE"
                mem = "GPULEAK_NOMEMBER"
                if member:
                    pointee = re.sub(r'^(const\s+)?(struct\s+)?', "", ftype).rstrip("* ").strip()
                    mem = f"GPULEAK_MEMBER({pointee}, {member})"
                key = (domain, cbid, role, kind)
                if key in seen:
                    continue
                seen.add(key)
                lines.append(f"GPULEAK_CUPTI_{role.upper()}({domain}, {prefix}{cbid}, \"{name}\", "
                             f"{kind}, {params}, {field}, {size_arg}, {mem})")
    with open(out, "w", encoding="utf-8") as f:
        f.write("// Generated by runtime/cmake/gen_cupti_table.py from checks/CudaApis.def and\n"
                "// the CUPTI headers; do not edit.\n")
        f.write("\n".join(lines) + "\n")
        for cbid in skipped:
            f.write(f"// {cbid}: no parameter struct in the CUPTI headers (retired)\n")


if __name__ == "__main__":
    main()
