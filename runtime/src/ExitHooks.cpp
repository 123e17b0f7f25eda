//===- ExitHooks.cpp - Work at process exit, before torch's statics die ---===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
// ExitHooks.h says why this exists.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/ExitHooks.h"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace gpuleak {
namespace {
struct Hook {
  int Id;
  ExitHookFn Fn;
  void *Arg;
};

struct State {
  std::mutex Mu;
  std::condition_variable Done;
  std::vector<Hook> Hooks;
  int NextId = 1;
  int Running = 0;      // id of the hook running now
  bool Started = false; // the runner has begun
  bool Finished = false; // ... and returned: hooks added now never run
  std::atomic<int> Registrations{0};
};

// Never destroyed: it must outlive every static destructor.
State &state() {
  static State *S = new State;
  return *S;
}

extern "C" void gpuleakRunExitHooks() { runExitHooks(); }

// exit() on the main thread (also a return from main) first destroys the
// main thread's thread_local objects, and only then runs the atexit handlers
// and static destructors (glibc's __run_exit_handlers calls __call_tls_dtors
// first). A thread_local of the main thread whose destructor runs the hooks
// is therefore the earliest point of exit: no static is destroyed yet, so a
// sampler thread that is in the middle of torch work (a snapshot whose
// symbolization constructs torch's Symbolizer, registered after our runner)
// is stopped before anything it uses dies. ExitHooks.h says more.
struct MainThreadExit {
  ~MainThreadExit() { runExitHooks(); }
};

void armMainThreadExit() noexcept {
  if (syscall(SYS_gettid) != getpid())
    return; // another thread's thread_locals die when that thread ends
  static thread_local MainThreadExit Guard;
  (void)&Guard;
}
} // namespace

int addExitHook(ExitHookFn Fn, void *Arg) noexcept {
  try {
    State &S = state();
    int Id;
    {
      std::lock_guard<std::mutex> Lock(S.Mu);
      if (S.Finished || !Fn)
        return 0;
      Id = S.NextId++;
      S.Hooks.push_back({Id, Fn, Arg});
    }
    armMainThreadExit();
    renewExitHooks();
    return Id;
  } catch (...) {
    return 0;
  }
}

void removeExitHook(int Id) noexcept {
  if (!Id)
    return;
  try {
    State &S = state();
    std::unique_lock<std::mutex> Lock(S.Mu);
    for (auto It = S.Hooks.begin(); It != S.Hooks.end(); ++It)
      if (It->Id == Id) {
        S.Hooks.erase(It);
        break;
      }
    S.Done.wait(Lock, [&] { return S.Running != Id; });
  } catch (...) {
  }
}

void renewExitHooks() noexcept {
  State &S = state();
  if (S.Registrations.fetch_add(1) < 4096)
    std::atexit(gpuleakRunExitHooks);
}

void runExitHooks() noexcept {
  try {
    State &S = state();
    std::unique_lock<std::mutex> Lock(S.Mu);
    if (S.Started)
      return;
    S.Started = true;
    // Hooks added while these run (a sampler that started just now) run too.
    while (!S.Hooks.empty()) {
      const Hook H = S.Hooks.front();
      S.Hooks.erase(S.Hooks.begin());
      S.Running = H.Id;
      Lock.unlock();
      H.Fn(H.Arg);
      Lock.lock();
      S.Running = 0;
      S.Done.notify_all();
    }
    S.Finished = true;
  } catch (...) {
  }
}

} // namespace gpuleak
