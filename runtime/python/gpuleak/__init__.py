"""gpuleak for Python programs: the runtime verifier's loop marker.

    import gpuleak

    for x, y in loader:
        with gpuleak.step("train"):      # the boundary is recorded when the block ends
            loss = criterion(model(x), y)
            ...

At each step boundary the runtime reads the PyTorch CUDA caching allocator's
counters; growth of live allocated bytes over the steps (detection starts at
the first step, so importing torch and loading libraries count for nothing)
opens a short window that records allocation history with Python stacks, and
the report (GPULEAK_OUTPUT, default ``gpuleak-runtime``: ``.json`` and
``.<n>.pickle``) names the ``file.py:line`` and the function that made the
memory that stays. ``python -m gpuleak run script.py`` does the same without
markers (zero-code mode). docs/runtime.md, "Python programs".

The runtime is ``libgpuleak_runtime.so``, built against this process's torch
(``GPULEAK_RUNTIME_LIB`` names it; by default it is looked for next to this
package as installed by ``cmake --install``). Without it, without torch or
without a CUDA device, gpuleak says so once on stderr and every call does
nothing: it never stops or slows the program.
"""

import atexit
import ctypes
import os
import sys

__all__ = ["step", "Monitor", "finish", "runtime_library"]

_lib = None
_lib_error = None


def runtime_library():
    """The path of libgpuleak_runtime.so that gpuleak loads, or None."""
    env = os.environ.get("GPULEAK_RUNTIME_LIB")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    # installed: <prefix>/lib/gpuleak/python/gpuleak/__init__.py
    for rel in ("../../..", "../../../../lib", "../../../../lib64"):
        cand = os.path.normpath(os.path.join(here, rel, "libgpuleak_runtime.so"))
        if os.path.exists(cand):
            return cand
    return None


def _say(message):
    sys.stderr.write("gpuleak: %s; monitoring is off\n" % message)
    sys.stderr.flush()


def _load():
    """Loads the runtime once; None (after one stderr line) when it cannot."""
    global _lib, _lib_error
    if _lib is not None or _lib_error is not None:
        return _lib
    path = runtime_library()
    if not path:
        _lib_error = "libgpuleak_runtime.so not found (set GPULEAK_RUNTIME_LIB)"
    else:
        try:
            # torch first: the runtime links torch's own libraries, which
            # must be the ones this interpreter uses.
            import torch  # noqa: F401
        except Exception as e:  # ImportError, or a broken install
            _lib_error = "torch cannot be imported (%s)" % e.__class__.__name__
        else:
            try:
                lib = ctypes.CDLL(path)
                vp, ci, cs = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p
                for name, res, args in (
                    ("gpuleak_monitor_new", vp, []),
                    ("gpuleak_monitor_loop", ci, [vp, cs]),
                    ("gpuleak_monitor_end_step", None, [vp, ci]),
                    ("gpuleak_monitor_active", ci, [vp]),
                    ("gpuleak_monitor_finish", ci, [vp]),
                    ("gpuleak_monitor_delete", None, [vp]),
                    ("gpuleak_sampler_new", vp, []),
                    ("gpuleak_sampler_delete", None, [vp]),
                ):
                    fn = getattr(lib, name)
                    fn.restype, fn.argtypes = res, args
                _lib = lib
            except (OSError, AttributeError) as e:
                _lib_error = "cannot load %s (%s)" % (path, e)
    if _lib is None:
        _say(_lib_error)
    return _lib


def _python_defaults():
    # Stacks stay "all" (Python frames merged with C++ ones) unless
    # GPULEAK_STACKS says otherwise: the C++ frames of a free are what tell an
    # autograd graph's teardown (missing torch.no_grad()) from any other free.
    # GPULEAK_STACKS=python is faster (no C++ symbolization at a window's end)
    # but then no graph teardown is seen.
    pass


class _Step(object):
    """The context manager of one loop; reused for every step of it."""

    __slots__ = ("_monitor", "_loop")

    def __init__(self, monitor, loop):
        self._monitor = monitor
        self._loop = loop

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        m = self._monitor
        if m._handle:
            _lib.gpuleak_monitor_end_step(m._handle, self._loop)
        return False  # exceptions go on


class Monitor(object):
    """gpuleak::Monitor (steps mode), options from the GPULEAK_* variables.

    ``finish()`` runs at interpreter exit (before the interpreter is torn
    down, which symbolizing Python frames needs) unless called before.
    """

    def __init__(self):
        self._handle = None
        self._steps = {}
        lib = _load()
        if lib is None:
            return
        _python_defaults()
        handle = lib.gpuleak_monitor_new()
        if handle and lib.gpuleak_monitor_active(handle):
            self._handle = handle
            atexit.register(self.finish)
        elif handle:
            lib.gpuleak_monitor_delete(handle)  # it said why on stderr

    def step(self, name="train"):
        """A context manager that marks one step of the loop `name`."""
        s = self._steps.get(name)
        if s is None:
            loop = -1
            if self._handle:
                loop = _lib.gpuleak_monitor_loop(self._handle, name.encode())
            s = self._steps[name] = _Step(self, loop)
        return s

    def finish(self):
        """Closes any window, writes the report, prints the summary."""
        handle, self._handle = self._handle, None
        if handle:
            _lib.gpuleak_monitor_delete(handle)
        return True


_default = None


def step(name="train"):
    """``with gpuleak.step("train"):`` around one iteration of a loop."""
    global _default
    if _default is None:
        _default = Monitor()  # created at the first step: detection starts here
    return _default.step(name)


def finish():
    """Writes the report of ``gpuleak.step()`` now (it is also written at exit)."""
    if _default is not None:
        _default.finish()
