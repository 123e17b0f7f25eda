//===- Sampler.cpp - Zero-code mode: sampling the host's allocator --------===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
// Sampler.h says what it does.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Sampler.h"
#include "gpuleak/ExitHooks.h"
#include "gpuleak/RawCuda.h"

#if GPULEAK_HAVE_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace gpuleak {
namespace {
long envLong(const char *Name, long Default) {
  const char *V = std::getenv(Name);
  if (!V || !*V)
    return Default;
  char *End = nullptr;
  long R = std::strtol(V, &End, 10);
  return End && *End == '\0' ? R : Default;
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
} // namespace

SamplerOptions SamplerOptions::fromEnvironment() {
  SamplerOptions O;
  O.sample_ms = std::max(1L, envLong("GPULEAK_SAMPLE_MS", O.sample_ms));
  O.interval_ms = std::max(O.sample_ms, envLong("GPULEAK_INTERVAL_MS", O.interval_ms));
  O.stop_after_s = envLong("GPULEAK_STOP_AFTER", 0);
  O.stop_status = static_cast<int>(envLong("GPULEAK_STOP_STATUS", 0));
  MonitorOptions M;
  M.mode = "sampling";
  M.device = static_cast<int>(envLong("GPULEAK_DEVICE", 0));
  M.history = HistoryPolicy::Start;
  M.attribution_steps = 12;
  M.growth.warmup_steps = 10; // intervals after the first allocation
  O.monitor = MonitorOptions::fromEnvironment(M);
  return O;
}

struct Sampler::Impl {
  SamplerOptions O;
  std::atomic<bool> Stop{false};
  std::atomic<bool> Running{false};
  std::mutex StopMu; // one stop() at a time
  bool Stopped = false;
  std::thread Thread;
  std::unique_ptr<Monitor> M; // created by the thread, finished by stop()
  int ExitHook = 0;

  ~Impl() {
    if (Thread.joinable())
      Thread.detach(); // only if stop() ran on the thread itself
  }
  bool RawWritten = false;
  void main();
  void stop();
  /// The end of a run in which the allocator was never used: the raw CUDA
  /// report when the watch ran, else the one line that says why there is none.
  void finishWithoutAllocator() {
    if (RawWritten)
      return;
    RawWritten = true;
    if (rawCudaWatchStarted() && rawCudaSection(/*WithSites=*/false).status != "off") {
      writeRawCudaReport(O.monitor);
      return;
    }
    if (O.monitor.print_summary)
      std::fprintf(stderr, "gpuleak run: the program never used the CUDA caching "
                           "allocator; no report\n");
  }
};

void Sampler::Impl::main() {
#if GPULEAK_HAVE_CUDA
  try {
    const auto Start = std::chrono::steady_clock::now();
    auto Elapsed = [&] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::steady_clock::now() - Start)
          .count();
    };
    const int Device = O.monitor.device;
    // Wait for the host to initialize CUDA; never do it for the host. Ready
    // must hold for GraceMs in a row (gpuleak::allocatorReady says why).
    const long GraceMs = 50;
    long ReadyMs = 0;
    // Intervals go on while we wait: the raw CUDA watch (RawCuda.h) sees a
    // plain CUDA program that never uses the caching allocator.
    auto RawIntervalStart = std::chrono::steady_clock::now();
    while (!Stop.load() && ReadyMs < GraceMs) {
      if (O.stop_after_s > 0 && Elapsed() > O.stop_after_s * 1000)
        break;
      ReadyMs = allocatorReady(Device) ? ReadyMs + 1 : 0;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      const auto Now = std::chrono::steady_clock::now();
      if (Now - RawIntervalStart >= std::chrono::milliseconds(O.interval_ms)) {
        rawCudaBoundary();
        RawIntervalStart = Now;
      }
    }
    if (Stop.load() || ReadyMs < GraceMs) {
      // stop() writes the raw CUDA report when the watch ran.
      if (O.stop_after_s > 0 && !Stop.load()) {
        finishWithoutAllocator();
        std::fflush(nullptr);
        std::_Exit(O.stop_status);
      }
      return;
    }
    M = std::make_unique<Monitor>(O.monitor);
    if (!M->active())
      return;
    const int Loop = M->loopId("process");
    if (O.monitor.history == HistoryPolicy::Start)
      M->startWindowNow();
    auto IntervalStart = std::chrono::steady_clock::now();
    uint64_t Min = UINT64_MAX;
    bool SeenAllocation = false;
    while (!Stop.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(O.sample_ms));
      Min = std::min(Min, allocatedNow(Device));
      const auto Now = std::chrono::steady_clock::now();
      if (Now - IntervalStart >= std::chrono::milliseconds(O.interval_ms)) {
        // Intervals before the program's first allocation are not steps.
        if (Min > 0)
          SeenAllocation = true;
        if (SeenAllocation)
          M->boundaryWithAllocated(Loop, Min);
        rawCudaBoundary();
        Min = UINT64_MAX;
        IntervalStart = Now;
      }
      if (O.stop_after_s > 0 && Elapsed() > O.stop_after_s * 1000) {
        M->finish();
        std::fflush(nullptr);
        std::_Exit(O.stop_status);
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

void Sampler::Impl::stop() {
  std::lock_guard<std::mutex> Lock(StopMu);
  if (Stopped)
    return;
  Stopped = true;
  Stop.store(true);
  try {
    if (Thread.joinable() && Thread.get_id() != std::this_thread::get_id())
      Thread.join();
  } catch (...) {
    return; // the thread may still use M: leave it be
  }
  Running.store(false);
  // The thread has ended: M is ours alone now.
  if (M)
    M->finish();
  else
    finishWithoutAllocator();
}

Sampler::Sampler(SamplerOptions Options) noexcept {
  try {
    P = std::make_shared<Impl>();
    P->O = std::move(Options);
    P->O.monitor.mode = "sampling";
    // First the hook, then the thread: at exit the thread is stopped before
    // the monitor finishes and before torch's statics die (ExitHooks.h).
    P->ExitHook = addExitHook([](void *I) { static_cast<Impl *>(I)->stop(); }, P.get());
    Impl *I = P.get();
    P->Running.store(true);
    P->Thread = std::thread([I] { I->main(); });
  } catch (...) {
    std::fprintf(stderr, "gpuleak run: cannot start the sampler thread\n");
    if (P)
      P->Running.store(false);
  }
}

Sampler::~Sampler() {
  if (!P)
    return;
  removeExitHook(P->ExitHook);
  P->stop();
}

void Sampler::stop() noexcept {
  if (P)
    P->stop();
}

bool Sampler::running() const noexcept { return P && P->Running.load(); }

} // namespace gpuleak
