//===- Monitor.cpp - Step boundaries, detection and attribution windows ---===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// Everything that touches CUDA or torch sits behind try/catch: the host
// program comes first. CUDA-specific calls compile only when the torch we
// build against has CUDA (GPULEAK_HAVE_CUDA).
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Monitor.h"
#include "gpuleak/ExitHooks.h"
#include "gpuleak/RawCuda.h"
#include "gpuleak/Report.h"
#include "gpuleak/Snapshot.h"

#include <torch/headeronly/version.h>

#if GPULEAK_HAVE_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <cuda.h>
#include <dlfcn.h>
#include <torch/csrc/cuda/memory_snapshot.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>
#include <unordered_map>

namespace gpuleak {

static int64_t nowUs() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

static const char *env(const char *Name) {
  const char *V = std::getenv(Name);
  return V && *V ? V : nullptr;
}

bool allocatorReady(int Device) noexcept {
#if GPULEAK_HAVE_CUDA
  try {
    auto *A = c10::cuda::CUDACachingAllocator::get();
    if (Device < 0 || !A || !A->initialized())
      return false;
    // RTLD_NOLOAD: only a driver library the host already loaded.
    void *Lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!Lib)
      return false;
    using DeviceGetFn = CUresult (*)(CUdevice *, int);
    using StateFn = CUresult (*)(CUdevice, unsigned int *, int *);
    auto *DeviceGet = reinterpret_cast<DeviceGetFn>(dlsym(Lib, "cuDeviceGet"));
    auto *State = reinterpret_cast<StateFn>(dlsym(Lib, "cuDevicePrimaryCtxGetState"));
    CUdevice Dev = 0;
    unsigned int Flags = 0;
    int Active = 0;
    // CUDA_ERROR_NOT_INITIALIZED until the host's cuInit: not ready.
    const bool Ready = DeviceGet && State && DeviceGet(&Dev, Device) == CUDA_SUCCESS &&
                       State(Dev, &Flags, &Active) == CUDA_SUCCESS && Active != 0;
    dlclose(Lib);
    return Ready;
  } catch (...) {
    return false;
  }
#else
  (void)Device;
  return false;
#endif
}

#if GPULEAK_HAVE_CUDA
namespace {
/// True when this is a Python program (torch's Python module is loaded, so
/// the allocator's history holds Python frames) whose interpreter is
/// finalizing or gone. The snapshot symbolizes Python frames through the
/// Python C API (torch takes the GIL for it), which then hangs or crashes:
/// the window is closed without a snapshot. Python's own atexit, and
/// `python -m gpuleak run`, finish us before that; a preloaded sampler in a
/// Python process that nobody stopped would reach exit with it.
bool pythonGone() noexcept {
  void *TorchPython = dlopen("libtorch_python.so", RTLD_NOW | RTLD_NOLOAD);
  if (!TorchPython)
    return false; // no Python unwinder: no Python frames were recorded
  dlclose(TorchPython);
  using IntFn = int (*)();
  auto *IsInitialized = reinterpret_cast<IntFn>(dlsym(RTLD_DEFAULT, "Py_IsInitialized"));
  auto *IsFinalizing = reinterpret_cast<IntFn>(dlsym(RTLD_DEFAULT, "Py_IsFinalizing"));
  if (!IsFinalizing) // before Python 3.13
    IsFinalizing = reinterpret_cast<IntFn>(dlsym(RTLD_DEFAULT, "_Py_IsFinalizing"));
  return !IsInitialized || !IsInitialized() || (IsFinalizing && IsFinalizing());
}
} // namespace
#endif

MonitorOptions MonitorOptions::fromEnvironment() {
  return fromEnvironment(MonitorOptions());
}

MonitorOptions MonitorOptions::fromEnvironment(MonitorOptions B) {
  if (const char *V = env("GPULEAK_OUTPUT"))
    B.output = V;
  if (const char *V = env("GPULEAK_HISTORY")) {
    if (!std::strcmp(V, "off"))
      B.history = HistoryPolicy::Off;
    else if (!std::strcmp(V, "start"))
      B.history = HistoryPolicy::Start;
    else
      B.history = HistoryPolicy::OnGrowth;
  }
  if (const char *V = env("GPULEAK_WARMUP"))
    B.growth.warmup_steps = std::max(0, std::atoi(V));
  if (const char *V = env("GPULEAK_WINDOW"))
    B.growth.window_steps = std::max(3, std::atoi(V));
  if (const char *V = env("GPULEAK_THRESHOLD"))
    B.growth.threshold_bytes_per_step = std::strtoull(V, nullptr, 10);
  if (const char *V = env("GPULEAK_ATTRIBUTION_STEPS"))
    B.attribution_steps = std::max(2, std::atoi(V));
  if (const char *V = env("GPULEAK_MAX_ENTRIES"))
    B.history_max_entries = std::max<size_t>(1000, std::strtoull(V, nullptr, 10));
  if (const char *V = env("GPULEAK_STACKS"))
    B.stacks = std::strcmp(V, "python") == 0 ? "python" : "all";
  if (const char *V = env("GPULEAK_QUIET"))
    B.print_summary = std::strcmp(V, "1") != 0;
  return B;
}

namespace {
struct Loop {
  std::string Name;
  GrowthDetector Detector;
  LoopReport Report;  // without `steps`: those are in Steps
  BoundedSteps Steps; // the report's step list, O(1) per step
  int64_t Step = 0;
  bool Attributed = false;
};

const char *policyName(HistoryPolicy P) {
  switch (P) {
  case HistoryPolicy::Off: return "off";
  case HistoryPolicy::OnGrowth: return "on-growth";
  case HistoryPolicy::Start: return "start";
  }
  return "on-growth";
}

/// argv[0], read without iostreams (Report.cpp says why).
std::string programName() {
  std::string Arg;
  const int Fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return Arg;
  char Buf[4096];
  const ssize_t N = read(Fd, Buf, sizeof Buf);
  close(Fd);
  if (N > 0)
    Arg.assign(Buf, strnlen(Buf, static_cast<size_t>(N)));
  return Arg;
}
} // namespace

struct Monitor::Impl {
  MonitorOptions O;
  std::mutex Mu;
  Report R;
  bool Active = false;
  bool Finished = false;
  std::vector<Loop> Loops;
  std::unordered_map<std::string, int> LoopIds;
  // Attribution window state.
  bool WindowOpen = false;
  bool WindowRequested = false;
  int WindowLoop = -1;
  std::string RunId;
  std::vector<int64_t> WindowBoundaries; // own clock, fallback when annotations are missing
  int64_t WindowStartUs = 0;
  uint64_t WindowAllocations = 0; // allocations_total when the window opened
  bool WindowForGrowth = false;
  int Windows = 0;
  bool Ready = false; // allocatorReady() was true once (it stays true)
  int ExitHook = 0;   // finishes this monitor at exit (ExitHooks.h)

  void disable(const std::string &Status, const std::string &Message) {
    Active = false;
    R.status = Status;
    R.status_message = Message;
    std::fprintf(stderr, "gpuleak runtime: %s; monitoring is off\n", Message.c_str());
  }

  void log(const std::string &Message) {
    if (O.print_summary)
      std::fprintf(stderr, "gpuleak runtime: %s\n", Message.c_str());
  }

  bool readStats(StepStats &S) {
#if GPULEAK_HAVE_CUDA
    if (!Ready && !(Ready = allocatorReady(O.device)))
      return false;
    const auto Stats = c10::cuda::CUDACachingAllocator::getDeviceStats(
        static_cast<c10::DeviceIndex>(O.device));
    const size_t Agg = static_cast<size_t>(c10::CachingDeviceAllocator::StatType::AGGREGATE);
    S.allocated = static_cast<uint64_t>(Stats.allocated_bytes[Agg].current);
    S.reserved = static_cast<uint64_t>(Stats.reserved_bytes[Agg].current);
    S.active = static_cast<uint64_t>(Stats.active_bytes[Agg].current);
    S.blocks = static_cast<uint64_t>(Stats.allocation[Agg].current);
    S.device_frees = static_cast<uint64_t>(Stats.num_device_free);
    S.allocations_total = static_cast<uint64_t>(Stats.allocation[Agg].allocated);
    return true;
#else
    (void)S;
    return false;
#endif
  }

  void annotate(int64_t Index) {
#if GPULEAK_HAVE_CUDA
    c10::cuda::CUDACachingAllocator::recordAnnotation(
        {{"gpuleak_step", RunId + ":" + std::to_string(Index)}});
#else
    (void)Index;
#endif
  }

  /// ForGrowth: opened because the loop's growth was detected; only such a
  /// window ends that loop's attribution (a start or requested window may
  /// close before the growth begins).
  void startWindow(int LoopIndex, bool ForGrowth = false) {
#if GPULEAK_HAVE_CUDA
    if (WindowOpen || Windows >= O.max_windows)
      return;
    WindowForGrowth = ForGrowth;
    RunId = std::to_string(nowUs()) + "-" + std::to_string(Windows);
    // Context "all" also keeps the stack of frees, so emptyCache() calls are
    // attributed. Stacks "all" (the C++ API accepts only "python" or "all")
    // gives C++ frames; a C++ program has no Python frames to add.
    torch::cuda::_record_memory_history(std::string("all"), std::string("all"),
                                        O.stacks, O.history_max_entries,
                                        /*clearHistory=*/true);
    renewExitHooks(); // after torch's unwinder warmed up its statics
    StepStats Now;
    WindowAllocations = readStats(Now) ? Now.allocations_total : 0;
    WindowOpen = true;
    WindowLoop = LoopIndex;
    WindowBoundaries.assign(1, nowUs());
    WindowStartUs = WindowBoundaries.front();
    annotate(0);
    log("recording allocation history with C++ stacks for " +
        std::to_string(O.attribution_steps) + " " +
        (O.mode == "sampling" ? "intervals" : "steps"));
#else
    (void)LoopIndex;
    (void)ForGrowth;
#endif
  }

  void closeWindow(bool AtExit) {
#if GPULEAK_HAVE_CUDA
    if (!WindowOpen)
      return;
    WindowOpen = false;
    if (pythonGone()) {
      torch::cuda::_record_memory_history(std::nullopt);
      log("the Python interpreter is shutting down: the last window is not attributed");
      return;
    }
    if (AtExit || WindowBoundaries.size() < 2) {
      WindowBoundaries.push_back(nowUs());
      annotate(static_cast<int64_t>(WindowBoundaries.size()) - 1);
    }
    const std::string Pickle = torch::cuda::_memory_snapshot_pickled();
    torch::cuda::_record_memory_history(std::nullopt);
    // The snapshot constructed torch's Symbolizer (a function-local static)
    // if this is the first window: run our exit work before it is destroyed.
    renewExitHooks();
    ++Windows;
    R.history_windows = Windows;
    R.history_seconds += (nowUs() - WindowStartUs) / 1e6;
    if (O.write_snapshot) {
      const std::string Path = O.output + "." + std::to_string(Windows) + ".pickle";
      std::string Error;
      if (writeFileAtomic(Path, Pickle, Error)) {
        size_t Slash = Path.find_last_of('/');
        R.snapshots.push_back(Slash == std::string::npos ? Path : Path.substr(Slash + 1));
      } else {
        log(Error);
      }
    }
    Snapshot S;
    std::string Error;
    if (!readSnapshot(Pickle.data(), Pickle.size(), S, Error)) {
      log("cannot read the allocator's snapshot: " + Error);
      return;
    }
    std::vector<int64_t> Boundaries = annotatedBoundaries(S, RunId);
    if (Boundaries.size() != WindowBoundaries.size()) {
      // Fallback: our own clock (system clock, microseconds), which is the
      // allocator's clock too; if it is not, align the last boundary with the
      // last trace entry (the snapshot is taken right after it).
      Boundaries = WindowBoundaries;
      int64_t Last = 0;
      for (const auto &Trace : S.device_traces)
        for (const TraceEntry &E : Trace)
          Last = std::max(Last, E.time_us);
      const int64_t Shift = Last - Boundaries.back();
      if (Last > 0 && (Shift > 60000000 || Shift < -60000000))
        for (int64_t &B : Boundaries)
          B += Shift;
    }
    // A wrapped trace ring lost the allocation records of the first steps.
    // (Boundaries holds one more entry than there are steps.)
    const size_t WindowBoundaryCount = Boundaries.size();
    Boundaries = coveredBoundaries(S, Boundaries, O.history_max_entries);
    if (Boundaries.size() < WindowBoundaryCount) {
      ++R.history_wrapped;
      log("the allocation history ring (" + std::to_string(O.history_max_entries) +
          " entries) wrapped: " + std::to_string(Boundaries.empty() ? 0 : Boundaries.size() - 1) +
          " of " + std::to_string(WindowBoundaryCount - 1) + " steps are attributable");
    }
    uint64_t Unattributed = 0;
    for (Evidence &E : attributeGrowth(S, Boundaries, O.attribution, &Unattributed))
      R.evidence.push_back(std::move(E));
    for (Evidence &E : findGraphRetention(S, O.attribution, Boundaries))
      R.evidence.push_back(std::move(E));
    for (Evidence &E : findCacheFlushes(S, Boundaries, O.attribution))
      R.evidence.push_back(std::move(E));
    R.unattributed_bytes += Unattributed;
    for (CoveredFunction &C : coverage(S)) {
      bool Merged = false;
      for (CoveredFunction &Old : R.coverage)
        if (Old.file == C.file && Old.function == C.function) {
          Old.lines.insert(Old.lines.end(), C.lines.begin(), C.lines.end());
          std::sort(Old.lines.begin(), Old.lines.end());
          Old.lines.erase(std::unique(Old.lines.begin(), Old.lines.end()), Old.lines.end());
          Merged = true;
        }
      if (!Merged)
        R.coverage.push_back(std::move(C));
    }
    if (WindowForGrowth && WindowLoop >= 0 && WindowLoop < static_cast<int>(Loops.size()))
      Loops[WindowLoop].Attributed = true;
#else
    (void)AtExit;
#endif
  }

  void recordStep(Loop &L, const StepStats &S) {
    L.Report.steps_total = L.Step + 1;
    L.Steps.push(S); // the first 16 steps and the most recent ones
  }

  void boundary(int LoopIndex, StepStats S) {
    if (LoopIndex < 0 || LoopIndex >= static_cast<int>(Loops.size()))
      return;
    Loop &L = Loops[LoopIndex];
    S.step = L.Step;
    S.time_us = nowUs();
    recordStep(L, S);
    if (O.mode != "sampling")
      rawCudaBoundary(); // the sampler marks its intervals itself
    const GrowthVerdict V = L.Detector.feed(S.allocated);
    if (V.growing && !L.Report.growth_detected) {
      L.Report.growth_detected = true;
      L.Report.growth_step = L.Step;
      L.Report.growth_bytes_per_step = V.bytes_per_step;
      L.Report.growth_one_time_bytes = V.one_time_bytes;
      log("live allocated bytes of '" + L.Name + "' grow by " +
          std::to_string(static_cast<int64_t>(V.bytes_per_step)) + " bytes per " +
          L.Report.unit);
    }
    if (V.growing && V.bytes_per_step > L.Report.growth_bytes_per_step) {
      L.Report.growth_bytes_per_step = V.bytes_per_step;
      L.Report.growth_one_time_bytes = V.one_time_bytes;
    }
    ++L.Step;

    if (O.mode == "sampling" && L.Step % 20 == 0)
      writeReportLocked(); // a host that dies (OOM abort) still leaves a report

    if (WindowOpen && WindowLoop == LoopIndex) {
      WindowBoundaries.push_back(S.time_us);
      annotate(static_cast<int64_t>(WindowBoundaries.size()) - 1);
      // Close early when one more step would wrap the trace ring: each
      // allocation makes about 3 entries (alloc, free_requested,
      // free_completed). Attribution needs at least 3 boundaries.
      const uint64_t Steps = WindowBoundaries.size() - 1;
      const uint64_t Entries =
          3 * (S.allocations_total > WindowAllocations ? S.allocations_total - WindowAllocations : 0);
      const bool RingFull =
          Steps >= 2 && Entries + Entries / Steps > O.history_max_entries / 10 * 9;
      if (RingFull && static_cast<int>(WindowBoundaries.size()) <= O.attribution_steps)
        log("closing the attribution window after " + std::to_string(Steps) +
            " " + L.Report.unit + "s: one more would wrap the history ring (" +
            std::to_string(O.history_max_entries) + " entries)");
      if (static_cast<int>(WindowBoundaries.size()) > O.attribution_steps || RingFull) {
        closeWindow(false);
        writeReportLocked();
      }
      return;
    }
    if (WindowOpen)
      return;
    const bool ForGrowth = O.history != HistoryPolicy::Off && V.growing && !L.Attributed;
    const bool Wanted = WindowRequested || ForGrowth ||
                        (O.history == HistoryPolicy::Start && Windows == 0 && L.Step == 1);
    if (Wanted) {
      WindowRequested = false;
      startWindow(LoopIndex, ForGrowth);
    }
  }

  /// A step boundary now (Monitor::endStep), or an interval's end in
  /// sampling mode with the interval's minimum of live allocated bytes.
  void boundaryNow(int LoopIndex, const uint64_t *Allocated) noexcept {
    if (!Active)
      return;
    try {
      std::lock_guard<std::mutex> Lock(Mu);
      if (Finished)
        return;
      StepStats S;
      if (!readStats(S))
        return;
      if (Allocated)
        S.allocated = *Allocated;
      boundary(LoopIndex, S);
    } catch (const std::exception &E) {
      disable("error", std::string("step boundary failed: ") + E.what());
    } catch (...) {
      disable("error", "step boundary failed");
    }
  }

  /// Final: with the raw CUDA resources still live (symbolized; at the end).
  bool writeReportLocked(bool Final = false) {
    if (rawCudaWatchStarted())
      R.raw_cuda = rawCudaSection(/*WithSites=*/Final);
    R.loops.clear();
    for (const Loop &L : Loops) {
      R.loops.push_back(L.Report);
      R.loops.back().steps = L.Steps.toVector();
    }
    R.created_unix = nowUs() / 1000000;
    std::string Error;
    if (!writeFileAtomic(O.output + ".json", reportToJson(R), Error)) {
      std::fprintf(stderr, "gpuleak runtime: %s\n", Error.c_str());
      return false;
    }
    return true;
  }
};

bool writeRawCudaReport(const MonitorOptions &O) noexcept {
  try {
    Report R;
    R.torch_version =
        std::to_string(TORCH_VERSION_MAJOR) + "." + std::to_string(TORCH_VERSION_MINOR);
    R.mode = O.mode;
    R.program = programName();
    R.device = O.device;
    R.growth = O.growth;
    R.attribution = O.attribution;
    R.history_max_entries = static_cast<int64_t>(O.history_max_entries);
    R.history_policy = policyName(O.history);
    R.raw_cuda = rawCudaSection();
    stopRawCudaWatch();
    R.created_unix = nowUs() / 1000000;
    std::string Error;
    if (!writeFileAtomic(O.output + ".json", reportToJson(R), Error)) {
      std::fprintf(stderr, "gpuleak runtime: %s\n", Error.c_str());
      return false;
    }
    if (O.print_summary)
      std::fputs(reportSummary(R).c_str(), stderr);
    return true;
  } catch (...) {
    return false;
  }
}

Monitor::Monitor(MonitorOptions Options) {
  try {
    P = std::make_unique<Impl>();
    P->O = std::move(Options);
    Report &R = P->R;
    R.torch_version =
        std::to_string(TORCH_VERSION_MAJOR) + "." + std::to_string(TORCH_VERSION_MINOR);
    R.mode = P->O.mode;
    R.program = programName();
    R.device = P->O.device;
    R.growth = P->O.growth;
    R.attribution = P->O.attribution;
    R.history_max_entries = static_cast<int64_t>(P->O.history_max_entries);
    R.history_policy = policyName(P->O.history);
    // Library mode watches raw CUDA resources on request; `gpuleak run`
    // (the preload) starts the watch when the program loads.
    if (const char *V = env("GPULEAK_CUPTI"); V && std::strcmp(V, "1") == 0)
      startRawCudaWatch();
#if GPULEAK_HAVE_CUDA
    if (c10::cuda::device_count() <= P->O.device) {
      P->disable("no-cuda", "no CUDA device " + std::to_string(P->O.device) + " is visible");
      return;
    }
    P->Active = true;
    P->ExitHook = addExitHook(
        [](void *M) { static_cast<Monitor *>(M)->finish(); }, this);
#else
    P->disable("no-cuda-build", "this torch was built without CUDA");
#endif
  } catch (const std::exception &E) {
    if (P)
      P->disable("error", std::string("cannot start: ") + E.what());
  } catch (...) {
    if (P)
      P->disable("error", "cannot start");
  }
}

Monitor::~Monitor() {
  if (P)
    removeExitHook(P->ExitHook); // waits if the exit hook is finishing us now
  finish();
}

Step::~Step() {
  if (M)
    M->endStep(Loop);
}

int Monitor::loopId(const char *Name) noexcept {
  if (!P)
    return -1;
  try {
    std::lock_guard<std::mutex> Lock(P->Mu);
    auto It = P->LoopIds.find(Name ? Name : "");
    if (It != P->LoopIds.end())
      return It->second;
    const int Id = static_cast<int>(P->Loops.size());
    Loop L;
    L.Name = Name ? Name : "";
    L.Detector = GrowthDetector(P->O.growth);
    L.Steps = BoundedSteps(P->O.max_recorded_steps, 16);
    L.Report.name = L.Name;
    L.Report.unit = P->O.mode == "sampling" ? "interval" : "step";
    P->Loops.push_back(std::move(L));
    P->LoopIds.emplace(P->Loops.back().Name, Id);
    return Id;
  } catch (...) {
    return -1;
  }
}

Step Monitor::step(const char *Name) noexcept {
  if (!P || !P->Active)
    return Step(nullptr, -1);
  return Step(this, loopId(Name));
}

void Monitor::endStep(int Loop) noexcept {
  if (P)
    P->boundaryNow(Loop, nullptr);
}

void Monitor::boundaryWithAllocated(int Loop, uint64_t Allocated) noexcept {
  if (P)
    P->boundaryNow(Loop, &Allocated);
}

void Monitor::requestAttribution() noexcept {
  if (!P)
    return;
  try {
    std::lock_guard<std::mutex> Lock(P->Mu);
    P->WindowRequested = true;
  } catch (...) {
  }
}

void Monitor::startWindowNow() noexcept {
  if (!P || !P->Active)
    return;
  try {
    std::lock_guard<std::mutex> Lock(P->Mu);
    if (!P->Finished)
      P->startWindow(P->Loops.empty() ? -1 : 0);
  } catch (const std::exception &E) {
    P->disable("error", std::string("cannot record history: ") + E.what());
  } catch (...) {
    P->disable("error", "cannot record history");
  }
}

bool Monitor::writeReport() noexcept {
  if (!P)
    return false;
  try {
    std::lock_guard<std::mutex> Lock(P->Mu);
    if (P->R.status == "no-cuda" || P->R.status == "no-cuda-build")
      return false; // nothing to report: the host has no CUDA
    return P->writeReportLocked();
  } catch (...) {
    return false;
  }
}

bool Monitor::finish() noexcept {
  if (!P)
    return false;
  try {
    std::lock_guard<std::mutex> Lock(P->Mu);
    if (P->Finished)
      return true;
    P->Finished = true;
    if (P->Active && P->WindowOpen)
      P->writeReportLocked(); // first without the window: exit-time work can fail
    if (P->Active) {
      try {
        P->closeWindow(/*AtExit=*/true);
      } catch (const std::exception &E) {
        P->log(std::string("cannot take the final snapshot: ") + E.what());
      }
      for (Loop &L : P->Loops) {
        // Re-judge the whole recorded series: a growth seen only once the run
        // ended still counts.
        if (L.Report.growth_detected)
          continue;
        std::vector<uint64_t> Series;
        for (const StepStats &S : L.Steps.toVector())
          Series.push_back(S.allocated);
        GrowthVerdict V = detectGrowth(Series, P->O.growth);
        if (V.growing) {
          L.Report.growth_detected = true;
          L.Report.growth_bytes_per_step = V.bytes_per_step;
          L.Report.growth_one_time_bytes = V.one_time_bytes;
        }
      }
    }
    if (P->R.status == "no-cuda" || P->R.status == "no-cuda-build")
      return true; // nothing else: the host has no CUDA
    const bool Ok = P->writeReportLocked(/*Final=*/true);
    stopRawCudaWatch(); // the CUDA runtime's teardown follows
    if (P->O.print_summary)
      std::fputs(reportSummary(P->R).c_str(), stderr);
    return Ok;
  } catch (...) {
    return false;
  }
}

bool Monitor::active() const noexcept { return P && P->Active; }

std::string Monitor::status() const noexcept {
  try {
    return P ? P->R.status : "error";
  } catch (...) {
    return "error";
  }
}

} // namespace gpuleak
