//===- Monitor.h - gpuleak's runtime verifier: the public API ---*- C++ -*-===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// Usage, one line per loop:
//
//   gpuleak::Monitor monitor;                 // options from GPULEAK_* variables
//   for (auto& batch : loader) {
//     auto step = monitor.step("train");      // boundary recorded when `step` dies
//     ...
//   }
//
// At each step boundary the monitor reads the caching allocator's counters
// (no stacks). When live allocated bytes grow for window_steps steps after a
// warm-up, it records allocation history with C++ stacks for a few steps,
// attributes the blocks that survive to the first user frame, and writes
// <output>.json (docs/runtime.md), <output>.<n>.pickle (memory_viz) and a
// console summary. It never throws and never stops the host program; without
// a CUDA device (or a CUDA build of torch) it says so once and does nothing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "gpuleak/Analysis.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace gpuleak {

/// When allocation history (with C++ stacks) is recorded.
enum class HistoryPolicy {
  Off,      // never: detection only
  OnGrowth, // for attribution_steps steps once growth is detected (default)
  Start,    // for attribution_steps steps from the first boundary, and on growth
};

struct MonitorOptions {
  std::string output = "gpuleak-runtime"; // writes <output>.json and <output>.<n>.pickle
  std::string mode = "steps";   // "steps" (Monitor::step) or "sampling" (gpuleak run)
  int device = 0;               // CUDA device whose allocator is read
  GrowthOptions growth;         // detection thresholds
  AttributionOptions attribution;
  HistoryPolicy history = HistoryPolicy::OnGrowth;
  int attribution_steps = 4;    // steps (intervals) per window with stacks recorded
  int max_windows = 2;          // attribution windows per run at most
  size_t history_max_entries = 200000; // allocator trace ring (entries), per device
  size_t max_recorded_steps = 4096;    // step stats kept per loop in the report
  bool write_snapshot = true;   // write the allocator's pickle per window
  bool print_summary = true;    // print the summary to stderr at finish()
  /// Stacks recorded in a window: "all" (C++ frames, merged with Python
  /// ones in a Python process) or "python" (Python frames only: faster, as
  /// no C++ frame is symbolized, but a graph's teardown is then not seen).
  std::string stacks = "all";

  /// Reads GPULEAK_OUTPUT, GPULEAK_HISTORY (off|on-growth|start),
  /// GPULEAK_WARMUP, GPULEAK_WINDOW, GPULEAK_THRESHOLD, GPULEAK_ATTRIBUTION_STEPS,
  /// GPULEAK_MAX_ENTRIES, GPULEAK_STACKS (all|python), GPULEAK_QUIET=1 over Base.
  static MonitorOptions fromEnvironment(MonitorOptions Base);
  static MonitorOptions fromEnvironment();
};

/// True once the host's CUDA caching allocator for Device can be read from
/// another thread, without initializing CUDA for the host (zero-code mode's
/// sampler polls it). `CUDAAllocator::initialized()` alone is not enough: in
/// torch 2.11 NativeCachingAllocator::init (c10/cuda/CUDACachingAllocator.cpp)
/// resizes its per-device vector before it constructs each device's
/// allocator, so initialized() is true while getDeviceStats(Device) would
/// still dereference a null pointer. This also requires the device's primary
/// context to be active (cuDevicePrimaryCtxGetState, through the libcuda.so.1
/// the host already loaded; it is never loaded here). Torch activates it only
/// after init has returned (its first allocation or device guard on the
/// device); a host that made the context itself before torch is why callers
/// should also wait a moment after the first `true`. Never throws.
bool allocatorReady(int Device) noexcept;

/// Writes <output>.json with no allocator data, only the raw CUDA resources
/// that the CUPTI watch saw (RawCuda.h): zero-code mode's report for a
/// program that never used torch's caching allocator (a plain CUDA program).
bool writeRawCudaReport(const MonitorOptions &Options) noexcept;

class Monitor;

/// RAII step marker: the step boundary is recorded when it is destroyed.
class Step {
public:
  Step(Step &&Other) noexcept : M(Other.M), Loop(Other.Loop) { Other.M = nullptr; }
  Step(const Step &) = delete;
  Step &operator=(const Step &) = delete;
  ~Step();

private:
  friend class Monitor;
  Step(Monitor *M, int Loop) : M(M), Loop(Loop) {}
  Monitor *M;
  int Loop;
};

/// A Monitor that is still alive when the process exits (a global, a leaked
/// one, or exit() called inside the loop) is finished by an exit hook
/// (ExitHooks.h) that runs before torch's statics are destroyed.
class Monitor {
public:
  explicit Monitor(MonitorOptions Options = MonitorOptions::fromEnvironment());
  ~Monitor(); // calls finish()
  Monitor(const Monitor &) = delete;
  Monitor &operator=(const Monitor &) = delete;

  /// Starts a step of the named loop; the boundary is recorded when the
  /// returned object is destroyed (at the end of the loop body).
  Step step(const char *Loop = "train") noexcept;

  /// Records a boundary of the named loop now (what ~Step does).
  void endStep(int Loop) noexcept;
  int loopId(const char *Loop) noexcept;

  /// Sampling mode: records a boundary with the given allocated bytes (the
  /// minimum seen over the interval) instead of reading the counters.
  void boundaryWithAllocated(int Loop, uint64_t Allocated) noexcept;

  /// Starts an attribution window at the next boundary.
  void requestAttribution() noexcept;

  /// Starts an attribution window now (sampling mode, history=start).
  void startWindowNow() noexcept;

  /// Ends any open window, writes the report, prints the summary. Idempotent.
  /// Without CUDA it writes and prints nothing and returns true.
  bool finish() noexcept;

  /// Writes the report now without ending the run. False when it cannot be
  /// written, and without CUDA (status no-cuda or no-cuda-build), when
  /// nothing is written.
  bool writeReport() noexcept;

  /// False when the monitor does nothing (no CUDA, or an internal error).
  bool active() const noexcept;

  /// "ok", "no-cuda", "no-cuda-build" or "error".
  std::string status() const noexcept;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace gpuleak
