//===- crash_trace.cpp - Stacks of every thread when a process crashes ----===//
//
//   LD_PRELOAD=libgpuleak_crash_trace.so GPULEAK_CRASH_TRACE=FILE program ...
//
// Test-only (runtime/test/stress/stress.sh): gpuleak's runtime never installs
// signal handlers in the host. On SIGSEGV, SIGBUS, SIGILL, SIGFPE or SIGABRT
// this appends to FILE the signal, the faulting address and instruction, the
// crashing thread's stack, then asks every other thread (tgkill with
// SIGRTMIN+7) for its stack and waits up to 500 ms for them; then the signal
// is raised again with its default action, so the exit status is unchanged
// (rc 139 for SIGSEGV). FILE is created at the first crash only. A frame is
// `library(+0xoffset) [0xaddress] nearest-exported-symbol+0xoff`;
// runtime/test/stress/symbolize_crash.py turns them into functions and lines.
// Children inherit GPULEAK_CRASH_TRACE; a crashing child appends to the same
// FILE (each header names its pid).
//
//===----------------------------------------------------------------------===//
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <initializer_list>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

namespace {
int Fd = -1;
char Path[4096]; // GPULEAK_CRASH_TRACE; the file is created at the first crash
int DumpSignal = 0;
std::atomic<int> Dumped{0};
std::atomic_flag WriteLock = ATOMIC_FLAG_INIT;

void put(const char *S) {
  if (Fd >= 0 && S)
    (void)!write(Fd, S, strlen(S));
}

void putNum(unsigned long V, int Base) {
  char Buf[32];
  int I = sizeof Buf;
  Buf[--I] = '\0';
  do {
    const unsigned long D = V % Base;
    Buf[--I] = static_cast<char>(D < 10 ? '0' + D : 'a' + D - 10);
    V /= Base;
  } while (V && I > 2);
  if (Base == 16) {
    Buf[--I] = 'x';
    Buf[--I] = '0';
  }
  put(Buf + I);
}

long tid() { return syscall(SYS_gettid); }

void threadHeader(const char *What) {
  put("== ");
  put(What);
  put(" pid ");
  putNum(static_cast<unsigned long>(getpid()), 10);
  put(" tid ");
  putNum(static_cast<unsigned long>(tid()), 10);
  put(tid() == getpid() ? " (main thread)" : "");
  char Path[64] = "/proc/self/task/";
  char Num[24];
  int N = 0;
  for (long T = tid(); T; T /= 10)
    Num[N++] = static_cast<char>('0' + T % 10);
  size_t L = strlen(Path);
  while (N)
    Path[L++] = Num[--N];
  memcpy(Path + L, "/comm", 6);
  const int C = open(Path, O_RDONLY);
  if (C >= 0) {
    char Name[32] = {0};
    const ssize_t R = read(C, Name, sizeof Name - 1);
    close(C);
    if (R > 0) {
      Name[R - 1] = '\0'; // the newline
      put(" name ");
      put(Name);
    }
  }
  put("\n");
}

// One line a frame: `library(+0xoffset) [0xaddress] symbol+0xoffset`, the
// offset from the library's load address (what addr2line takes) and
// dladdr's nearest exported symbol (a hint only).
void stack() {
  void *Frames[128];
  const int N = backtrace(Frames, 128);
  for (int I = 0; I < N; ++I) {
    Dl_info D;
    memset(&D, 0, sizeof D);
    const unsigned long A = reinterpret_cast<unsigned long>(Frames[I]);
    if (!dladdr(Frames[I], &D) || !D.dli_fname) {
      put("?? [");
      putNum(A, 16);
      put("]\n");
      continue;
    }
    put(D.dli_fname);
    put("(+");
    putNum(A - reinterpret_cast<unsigned long>(D.dli_fbase), 16);
    put(") [");
    putNum(A, 16);
    put("]");
    if (D.dli_sname) {
      put(" ");
      put(D.dli_sname);
      put("+");
      putNum(A - reinterpret_cast<unsigned long>(D.dli_saddr), 16);
    }
    put("\n");
  }
}

void lock() {
  while (WriteLock.test_and_set(std::memory_order_acquire)) {
  }
}
void unlock() { WriteLock.clear(std::memory_order_release); }

void onDump(int, siginfo_t *, void *) {
  lock();
  threadHeader("thread");
  stack();
  unlock();
  Dumped.fetch_add(1);
}

void sleepMs(long Ms) {
  timespec T{0, Ms * 1000000L};
  nanosleep(&T, nullptr);
}

void onCrash(int Sig, siginfo_t *Info, void *Ctx) {
  static std::atomic<int> Entered{0};
  if (Entered.fetch_add(1) == 0) {
    Fd = open(Path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    lock();
    put("== crash: signal ");
    putNum(static_cast<unsigned long>(Sig), 10);
    put(" (");
    put(strsignal(Sig));
    put(") address ");
    putNum(reinterpret_cast<unsigned long>(Info ? Info->si_addr : nullptr), 16);
#if defined(__x86_64__)
    if (Ctx) {
      put(" rip ");
      putNum(static_cast<unsigned long>(
                 static_cast<ucontext_t *>(Ctx)->uc_mcontext.gregs[REG_RIP]),
             16);
    }
#endif
    put("\n");
    threadHeader("crashed thread");
    stack();
    unlock();
    // Every other thread's stack.
    int Asked = 0;
    const int Dir = open("/proc/self/task", O_RDONLY | O_DIRECTORY);
    if (Dir >= 0) {
      char Buf[4096];
      long N;
      while ((N = syscall(SYS_getdents64, Dir, Buf, sizeof Buf)) > 0) {
        for (long Off = 0; Off < N;) {
          struct Dirent {
            unsigned long Ino;
            long Next;
            unsigned short Len;
            unsigned char Type;
            char Name[1];
          };
          auto *D = reinterpret_cast<Dirent *>(Buf + Off);
          Off += D->Len;
          if (D->Name[0] < '0' || D->Name[0] > '9')
            continue;
          const long T = std::strtol(D->Name, nullptr, 10);
          if (T != tid() && syscall(SYS_tgkill, getpid(), T, DumpSignal) == 0)
            ++Asked;
        }
      }
      close(Dir);
    }
    for (int I = 0; I < 50 && Dumped.load() < Asked; ++I)
      sleepMs(10);
    lock();
    put("== end: ");
    putNum(static_cast<unsigned long>(Dumped.load()), 10);
    put(" of ");
    putNum(static_cast<unsigned long>(Asked), 10);
    put(" other threads answered\n");
    unlock();
  } else {
    sleepMs(600); // another thread crashed too: let the first one finish
  }
  signal(Sig, SIG_DFL);
  raise(Sig);
}

__attribute__((constructor)) void gpuleakCrashTraceInit() {
  const char *Env = std::getenv("GPULEAK_CRASH_TRACE");
  if (!Env || !*Env || strlen(Env) >= sizeof Path)
    return;
  memcpy(Path, Env, strlen(Env) + 1);
  void *Warm[4];
  backtrace(Warm, 4); // loads libgcc_s now, not in the handler
  DumpSignal = SIGRTMIN + 7;
  struct sigaction A;
  memset(&A, 0, sizeof A);
  A.sa_sigaction = onDump;
  A.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&A.sa_mask);
  sigaction(DumpSignal, &A, nullptr);
  // An alternate stack per thread would need each thread; a stack overflow
  // is then not traced (it still ends with SIGSEGV).
  A.sa_sigaction = onCrash;
  A.sa_flags = SA_SIGINFO;
  for (int S : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT})
    sigaction(S, &A, nullptr);
}
} // namespace
