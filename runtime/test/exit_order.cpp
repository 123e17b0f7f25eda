//===- exit_order.cpp - The runtime's exit work runs before torch's statics die ===//
//
//   gpuleak_exit_order_tests            runs the cases below as child processes
//   gpuleak_exit_order_tests CASE       one case (what the parent runs)
//
// CPU only (CI). Reproduces, with torch's own code, the crash of issue 13
// part 2: a `gpuleak run` process that died with SIGSEGV "while the runtime
// closed its final history window, after the program's loop had ended".
// Closing a window takes the allocator's snapshot, which symbolizes stacks
// through torch::unwind::symbolize. Its state is a function-local static that
// torch constructs at the first symbolization, i.e. when the runtime's first
// window closes in the middle of the run, so its destructor is registered
// after the runtime's exit handler and runs before it. Each case here:
//   1. registers the exit work (CASE atexit-at-start: std::atexit, as the
//      preload did before the fix; otherwise gpuleak::addExitHook, as the
//      Monitor and the Sampler do now);
//   2. symbolizes 100,000 addresses, as a window's snapshot does mid-run
//      (then gpuleak::renewExitHooks(), as Monitor::closeWindow does);
//   3. exits: from main (CASE *-main), with exit() (*-exit), or with exit()
//      from another thread while main waits (*-thread);
// and the exit work symbolizes again, as the final window does. glibc's
// mmap threshold is fixed at 64 KiB so torch's 100,000-entry hash map is
// unmapped when destroyed: a use after its destruction faults every time.
//
// CASE worker-*: the crash that the stress harness found on the H200 (a
// `gpuleak run` process ending from main or with exit(), rc 139 in 63 of 72
// runs): the program ends while the sampler thread is inside its first
// window's snapshot, whose symbolization constructed torch's Symbolizer after
// our runner was last registered; glibc destroyed it first and the sampler
// faulted reading addr2line's pipe through it. Here a worker thread
// symbolizes in a loop while the program ends three ways; the hooks (a
// main-thread thread_local, and exit() interposed as in the preload) stop it
// first. Without them each case dies of SIGSEGV.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/ExitHooks.h"
#include "Expect.h"

#include <torch/csrc/profiler/unwind/unwind.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {
using gpuleak_test::Checks;
using gpuleak_test::Failures;

std::vector<void *> addresses() {
  std::vector<void *> V;
  for (uintptr_t I = 0; I < 100000; ++I)
    V.push_back(reinterpret_cast<void *>(0x10000000u + 16 * I));
  return V;
}

void symbolizeAll() {
  torch::unwind::symbolize(addresses(), torch::unwind::Mode::dladdr);
}

void finalWindow() {
  symbolizeAll();
  std::printf("final window closed\n");
  std::fflush(stdout);
}

void say(void *Text) {
  std::printf("%s\n", static_cast<const char *>(Text));
  std::fflush(stdout);
}

int child(const std::string &Case) {
  if (Case == "order") {
    // Hooks run once, in the order they were added; a removed one never
    // runs; one added while they run (a sampler that just started) runs too.
    static char A[] = "a", B[] = "b", D[] = "d";
    gpuleak::addExitHook(say, A);
    const int IdB = gpuleak::addExitHook(say, B);
    gpuleak::addExitHook(
        [](void *) {
          say(const_cast<char *>("c"));
          gpuleak::addExitHook(say, D);
        },
        nullptr);
    gpuleak::removeExitHook(IdB);
    gpuleak::renewExitHooks();
    gpuleak::runExitHooks(); // now, as the first registered runner would
    say(const_cast<char *>("ran"));
    return 0; // the runners registered at exit find nothing left to run
  }
  mallopt(M_MMAP_THRESHOLD, 64 * 1024);
  if (Case.rfind("worker-", 0) == 0) {
    // The sampler's case (gpuleak run): a background thread is in the middle
    // of torch work when the program ends. Its first symbolization (the
    // first window's snapshot, which takes seconds with addr2line) constructs
    // torch's Symbolizer after our runner was registered, and it has not
    // returned to renew the runner when main ends. Through atexit alone, the
    // Symbolizer is destroyed first, under the running thread.
    static std::atomic<bool> Stop{false};
    static std::atomic<int> Rounds{0};
    static std::thread *Worker = nullptr; // never destroyed (exit ordering)
    gpuleak::addExitHook(
        [](void *) {
          Stop.store(true);
          if (Worker && Worker->joinable())
            Worker->join();
          say(const_cast<char *>("worker stopped"));
        },
        nullptr);
    Worker = new std::thread([] {
      while (!Stop.load()) {
        symbolizeAll();
        Rounds.fetch_add(1);
      }
    });
    while (Rounds.load() < 1)
      usleep(1000);
    std::printf("loop done\n");
    std::fflush(stdout);
    if (Case == "worker-exit")
      std::exit(0);
    if (Case == "worker-thread") {
      // exit() from a third thread while main waits: no thread_local of main
      // runs; the preload's exit() (ExitInterpose.cpp) runs the hooks.
      std::thread([] { std::exit(0); }).detach();
      for (;;)
        pause();
    }
    return 0;
  }
  const bool Naive = Case.rfind("atexit-at-start", 0) == 0;
  if (Naive)
    std::atexit(finalWindow);
  else
    gpuleak::addExitHook([](void *) { finalWindow(); }, nullptr);
  symbolizeAll(); // the first window closes mid-run
  if (!Naive)
    gpuleak::renewExitHooks();
  std::printf("loop done\n");
  std::fflush(stdout);
  if (Case.find("-thread") != std::string::npos) {
    std::thread([] { std::exit(0); }).detach();
    for (;;)
      pause();
  }
  if (Case.find("-exit") != std::string::npos)
    std::exit(0);
  return 0;
}

/// Runs this program with Case; returns the raw wait status and stdout.
int run(const char *Self, const std::string &Case, std::string &Out) {
  int Pipe[2];
  if (pipe(Pipe) != 0)
    return -1;
  const pid_t Pid = fork();
  if (Pid == 0) {
    dup2(Pipe[1], 1);
    close(Pipe[0]);
    close(Pipe[1]);
    execl(Self, Self, Case.c_str(), static_cast<char *>(nullptr));
    _exit(127);
  }
  close(Pipe[1]);
  char Buf[256];
  ssize_t N;
  while ((N = read(Pipe[0], Buf, sizeof Buf)) > 0)
    Out.append(Buf, static_cast<size_t>(N));
  close(Pipe[0]);
  int Status = 0;
  waitpid(Pid, &Status, 0);
  return Status;
}
} // namespace

int main(int argc, char **argv) {
  if (argc > 1)
    return child(argv[1]);
  // The order before the fix: the final window symbolizes through the
  // destroyed static and the process dies of SIGSEGV after the loop (built
  // with -DGPULEAK_RUNTIME_SANITIZE=address, ASan reports the
  // heap-use-after-free of torch's freed hash map and exits 1 instead).
  {
    std::string Out;
    const int St = run("/proc/self/exe", "atexit-at-start-main", Out);
    const char *San = std::getenv("GPULEAK_TEST_ASAN");
    if (San && *San == '1')
      EXPECT(WIFEXITED(St) && WEXITSTATUS(St) == 1);
    else
      EXPECT(WIFSIGNALED(St) && WTERMSIG(St) == SIGSEGV);
    EXPECT(Out == "loop done\n");
  }
  {
    std::string Out;
    const int St = run("/proc/self/exe", "order", Out);
    EXPECT(WIFEXITED(St) && WEXITSTATUS(St) == 0);
    EXPECT(Out == "a\nc\nd\nran\n");
  }
  for (const char *Case : {"hooks-main", "hooks-exit", "hooks-thread"}) {
    std::string Out;
    const int St = run("/proc/self/exe", Case, Out);
    if (!(WIFEXITED(St) && WEXITSTATUS(St) == 0))
      std::fprintf(stderr, "%s: wait status %d\n", Case, St);
    EXPECT(WIFEXITED(St) && WEXITSTATUS(St) == 0);
    EXPECT(Out == "loop done\nfinal window closed\n");
  }
  // A thread in the middle of torch work when the program ends (a return
  // from main, exit() on the main thread, exit() on a third thread): the
  // hooks stop it before any static dies.
  for (const char *Case : {"worker-main", "worker-exit", "worker-thread"}) {
    std::string Out;
    const int St = run("/proc/self/exe", Case, Out);
    if (!(WIFEXITED(St) && WEXITSTATUS(St) == 0))
      std::fprintf(stderr, "%s: wait status %d\n", Case, St);
    EXPECT(WIFEXITED(St) && WEXITSTATUS(St) == 0);
    EXPECT(Out == "loop done\nworker stopped\n");
  }
  std::printf("%d checks, %d failures\n", Checks, Failures);
  return Failures == 0 ? 0 : 1;
}
