//===- ExitHooks.h - Work at process exit, before torch's statics die -*- C++ -*-===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// The runtime closes its last attribution window when the host exits (a
// return from main, exit(), or exit() from another thread). That work calls
// into torch: the allocator's snapshot symbolizes stacks through
// torch::unwind's Symbolizer, a function-local static that torch constructs
// the first time it symbolizes, i.e. when our first window closes, in the
// middle of the run. Its destructor is registered then; exit handlers run
// in the reverse order of registration, so a handler registered when
// monitoring started runs after that static is gone, and the final window
// symbolized through a destroyed hash map: the rc 139 "while the runtime
// closed its final history window" of issue 13 (1 run in 20; a crash only
// when the freed memory had been reused or unmapped).
//
// Renewing the runner is not enough when the exit races with torch work on
// another thread: the stress harness (runtime/test/stress) found `gpuleak
// run` processes dying with SIGSEGV in 63 of 72 runs on the H200 because the
// program ended while the sampler thread was inside its first window's
// snapshot, which had just constructed the Symbolizer (addr2line pipes) after
// the last renewal; glibc destroyed it first and the sampler read a freed
// pipe buffer. So the hooks run at the very start of exit, before any atexit
// handler or static destructor:
//   - exit() on the main thread, or a return from main: glibc destroys the
//     exiting thread's thread_local objects first, and addExitHook, called on
//     the main thread, arms a thread_local of the main thread whose
//     destructor runs the hooks (a pthread_exit of the main thread runs them
//     too, early);
//   - exit() on any thread, in `gpuleak run`: the preload interposes exit()
//     (ExitInterpose.cpp).
// The runner registered with std::atexit stays as the fallback (a library
// user whose Monitor was created on another thread that then calls exit()),
// renewed (renewExitHooks) after each piece of torch work that may construct
// such a static. Hooks run once, in the order they were added, on the thread
// that exits, with no lock of ours held; removeExitHook waits while its hook
// runs, so a hook's object can be destroyed safely meanwhile.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace gpuleak {

using ExitHookFn = void (*)(void *);

/// Adds a hook and renews the runner; on the main thread, also arms the
/// main thread's thread_local that runs the hooks first at exit. Returns its
/// id, or 0 when the hooks have already run (the process is exiting) or it
/// cannot be added.
int addExitHook(ExitHookFn Fn, void *Arg) noexcept;

/// Removes a hook; if it is running now (another thread exits), waits until
/// it returns. Id 0 is ignored.
void removeExitHook(int Id) noexcept;

/// Registers the runner with std::atexit again, so that it runs before the
/// destructors of all statics constructed so far. Lock-free; call it after
/// torch work that may construct function-local statics. At most 4096
/// registrations per process (further calls do nothing).
void renewExitHooks() noexcept;

/// Runs the hooks now, once (what the registered runner does).
void runExitHooks() noexcept;

} // namespace gpuleak
