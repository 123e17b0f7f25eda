//===- ExitInterpose.cpp - exit() runs the runtime's exit hooks first -----===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// Linked into the preload only (`gpuleak run`), never into the library that
// programs link. The preload comes first in the process's symbol lookup, so
// a call of exit() anywhere in the program, from any thread, lands here: the
// hooks stop the sampler thread and finish its monitor before glibc runs a
// single atexit handler or static destructor. A return from main calls
// glibc's exit directly; ExitHooks.cpp covers it with a thread_local of the
// main thread (destroyed first at exit). ExitHooks.h says why the order
// matters.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/ExitHooks.h"

#include <dlfcn.h>
#include <unistd.h>

extern "C" __attribute__((noreturn, visibility("default"))) void exit(int Status) noexcept {
  gpuleak::runExitHooks();
  using ExitFn = void (*)(int);
  if (auto *Real = reinterpret_cast<ExitFn>(dlsym(RTLD_NEXT, "exit")))
    Real(Status);
  _exit(Status); // no exit() after ours: never reached with glibc
}
