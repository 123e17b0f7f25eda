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
// Here the runner that runs the hooks is registered again with std::atexit
// (renewExitHooks) after each piece of torch work that may construct such a
// static, so it always runs before the destructor of any static that existed
// at the last renewal. Hooks run once, in the order they were added, on the
// thread that exits, with no lock of ours held; removeExitHook waits while
// its hook runs, so a hook's object can be destroyed safely meanwhile.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace gpuleak {

using ExitHookFn = void (*)(void *);

/// Adds a hook and renews the runner. Returns its id, or 0 when the hooks
/// have already run (the process is exiting) or it cannot be added.
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
