//===- Preload.cpp - Zero-code mode: `gpuleak run -- ./program` -----------===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// Loaded with LD_PRELOAD by gpuleak-run (runtime/bin/gpuleak-run). When
// GPULEAK_RUN=1, a background thread waits until the program's CUDA caching
// allocator is initialized and has been for 50 ms (gpuleak::allocatorReady;
// it never initializes CUDA itself), then samples
// the allocator's counters every GPULEAK_SAMPLE_MS milliseconds. The minimum
// of live allocated bytes over each interval of GPULEAK_INTERVAL_MS is one
// "step" for growth detection: a program's transient memory comes and goes
// within a step, so the minimum tracks what is kept. Allocation history with
// C++ stacks is recorded per GPULEAK_HISTORY (default "start": the first
// attribution window opens as soon as the allocator exists; then on growth).
// At exit, or after GPULEAK_STOP_AFTER seconds (which then ends the program
// with _exit(GPULEAK_STOP_STATUS)), the report is written.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Monitor.h"

#if GPULEAK_HAVE_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <unistd.h>

namespace {

std::atomic<bool> Stop{false};
std::thread *Sampler = nullptr;          // never destroyed (exit ordering)
gpuleak::Monitor *TheMonitor = nullptr;  // never destroyed (exit ordering)

long envLong(const char *Name, long Default) {
  const char *V = std::getenv(Name);
  if (!V || !*V)
    return Default;
  char *End = nullptr;
  long R = std::strtol(V, &End, 10);
  return End && *End == '\0' ? R : Default;
}

// Registered by the constructor, after torch's libraries (our dependencies)
// were initialized, so it runs before their static objects die: a sampler
// still waiting for the allocator (the program never used CUDA) must not
// poll a destroyed allocator ("pure virtual method called" before this).
void stopSamplerAtExit() {
  Stop.store(true);
  if (Sampler && Sampler->joinable())
    Sampler->join();
}

void finishAtExit() {
  stopSamplerAtExit();
  if (TheMonitor)
    TheMonitor->finish();
}

#if GPULEAK_HAVE_CUDA
uint64_t allocatedNow(int Device) {
  const auto S = c10::cuda::CUDACachingAllocator::getDeviceStats(
      static_cast<c10::DeviceIndex>(Device));
  return static_cast<uint64_t>(
      S.allocated_bytes[static_cast<size_t>(c10::CachingDeviceAllocator::StatType::AGGREGATE)]
          .current);
}
#endif

void samplerMain() {
#if GPULEAK_HAVE_CUDA
  try {
    const long SampleMs = std::max(1L, envLong("GPULEAK_SAMPLE_MS", 5));
    const long IntervalMs = std::max(SampleMs, envLong("GPULEAK_INTERVAL_MS", 250));
    const long StopAfter = envLong("GPULEAK_STOP_AFTER", 0);
    const int Device = static_cast<int>(envLong("GPULEAK_DEVICE", 0));
    const auto Start = std::chrono::steady_clock::now();
    auto Elapsed = [&] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::steady_clock::now() - Start)
          .count();
    };
    // Wait for the host to initialize CUDA; never do it for the host. Ready
    // must hold for GraceMs in a row (gpuleak::allocatorReady says why).
    const long GraceMs = 50;
    long ReadyMs = 0;
    while (!Stop.load() && ReadyMs < GraceMs) {
      if (StopAfter > 0 && Elapsed() > StopAfter * 1000)
        break;
      ReadyMs = gpuleak::allocatorReady(Device) ? ReadyMs + 1 : 0;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (Stop.load() || ReadyMs < GraceMs) {
      std::fprintf(stderr, "gpuleak run: the program never used the CUDA caching "
                           "allocator; no report\n");
      if (StopAfter > 0 && !Stop.load())
        std::_Exit(static_cast<int>(envLong("GPULEAK_STOP_STATUS", 0)));
      return;
    }
    gpuleak::MonitorOptions O;
    O.mode = "sampling";
    O.device = Device;
    O.history = gpuleak::HistoryPolicy::Start;
    O.attribution_steps = 12;
    O.growth.warmup_steps = 10; // intervals after the first allocation
    O = gpuleak::MonitorOptions::fromEnvironment(O);
    TheMonitor = new gpuleak::Monitor(O);
    if (!TheMonitor->active())
      return;
    // Registered after torch's statics exist, so it runs before they die.
    std::atexit(finishAtExit);
    const int Loop = TheMonitor->loopId("process");
    if (O.history == gpuleak::HistoryPolicy::Start)
      TheMonitor->startWindowNow();
    auto IntervalStart = std::chrono::steady_clock::now();
    uint64_t Min = UINT64_MAX;
    bool SeenAllocation = false;
    while (!Stop.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(SampleMs));
      Min = std::min(Min, allocatedNow(Device));
      const auto Now = std::chrono::steady_clock::now();
      if (Now - IntervalStart >= std::chrono::milliseconds(IntervalMs)) {
        // Intervals before the program's first allocation are not steps.
        if (Min > 0)
          SeenAllocation = true;
        if (SeenAllocation)
          TheMonitor->boundaryWithAllocated(Loop, Min);
        Min = UINT64_MAX;
        IntervalStart = Now;
      }
      if (StopAfter > 0 && Elapsed() > StopAfter * 1000) {
        TheMonitor->finish();
        std::fflush(nullptr);
        std::_Exit(static_cast<int>(envLong("GPULEAK_STOP_STATUS", 0)));
      }
    }
  } catch (const std::exception &E) {
    std::fprintf(stderr, "gpuleak run: sampler stopped: %s\n", E.what());
  } catch (...) {
    std::fprintf(stderr, "gpuleak run: sampler stopped\n");
  }
#else
  std::fprintf(stderr, "gpuleak run: this torch was built without CUDA; nothing to do\n");
#endif
}

__attribute__((constructor)) void gpuleakPreloadInit() {
  const char *On = std::getenv("GPULEAK_RUN");
  if (!On || std::strcmp(On, "1") != 0)
    return;
  // Children (e.g. a shell in front of the program) inherit LD_PRELOAD; only
  // the process named by GPULEAK_RUN_PID (when set) or the first one samples.
  unsetenv("GPULEAK_RUN");
  try {
    Sampler = new std::thread(samplerMain);
    std::atexit(stopSamplerAtExit);
  } catch (...) {
    std::fprintf(stderr, "gpuleak run: cannot start the sampler thread\n");
  }
}

} // namespace
