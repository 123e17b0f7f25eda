#!/usr/bin/env python3
"""Strips machine-specific paths from a recorded snapshot or report.

  strip_fixture.py ROOT IN OUT

Snapshots (.pickle) are loaded with pickle, every frame's filename under ROOT
becomes /src/..., torch's install prefix becomes /torch/..., and the result is
written with protocol 2 (what torch's own pickler writes). Reports (.json) get
the same path rewrite as text. Used by scripts/gpu-run.sh when it records the
fixtures in runtime/test/fixtures and test/verify/Inputs.
"""
import os
import pickle
import sys


def rewrite(path, root, torch_root):
    if not isinstance(path, str):
        return path
    if root and path.startswith(root + "/"):
        return "/src/" + path[len(root) + 1:]
    if torch_root and path.startswith(torch_root + "/"):
        return "/torch/" + path[len(torch_root) + 1:]
    return path


def walk(value, root, torch_root):
    if isinstance(value, dict):
        return {k: (rewrite(v, root, torch_root) if k == "filename" else walk(v, root, torch_root))
                for k, v in value.items()}
    if isinstance(value, list):
        return [walk(v, root, torch_root) for v in value]
    return value


class TorchCompatiblePickler(pickle._Pickler):
    """Protocol 2, with every LONG1 eight bytes long: torch::jit::unpickle
    (which reads these fixtures in the unit tests) accepts no other length."""

    def save_long(self, obj):
        if not -2**31 <= obj < 2**31 and -2**63 <= obj < 2**63:
            self.write(pickle.LONG1 + bytes([8]) + obj.to_bytes(8, "little", signed=True))
            return
        pickle._Pickler.save_long(self, obj)

    dispatch = pickle._Pickler.dispatch.copy()
    dispatch[int] = save_long


def main():
    root, src, dst = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    torch_root = os.environ.get("STRIP_TORCH_ROOT", "")
    if not torch_root:
        try:
            import torch
            torch_root = os.path.dirname(os.path.abspath(torch.__file__))
        except ImportError:
            torch_root = ""
    if src.endswith(".pickle"):
        with open(src, "rb") as f:
            data = pickle.load(f)
        with open(dst, "wb") as f:
            TorchCompatiblePickler(f, protocol=2).dump(walk(data, root, torch_root))
    else:
        with open(src) as f:
            text = f.read()
        text = text.replace(root + "/", "/src/")
        if torch_root:
            text = text.replace(torch_root + "/", "/torch/")
        with open(dst, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
