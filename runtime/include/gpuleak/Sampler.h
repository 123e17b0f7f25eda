//===- Sampler.h - Zero-code mode: sampling the host's allocator -*- C++ -*-===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// What `gpuleak run -- ./program` (the preload), `python -m gpuleak run` and
// bench/p5_overhead.cpp start: a background thread that waits until the
// host's CUDA caching allocator is initialized and has been for 50 ms
// (gpuleak::allocatorReady; it never initializes CUDA itself), then samples
// live allocated bytes every sample_ms. The minimum over each interval_ms is
// one "step" of a sampling-mode Monitor. docs/runtime.md, "Zero-code mode".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "gpuleak/Monitor.h"

#include <memory>

namespace gpuleak {

struct SamplerOptions {
  long sample_ms = 5;
  long interval_ms = 250;
  long stop_after_s = 0;  // > 0: finish, then _exit(stop_status) after this long
  int stop_status = 0;
  MonitorOptions monitor; // mode "sampling"; history "start", 12 intervals, warm-up 10

  /// The defaults above, then GPULEAK_SAMPLE_MS, GPULEAK_INTERVAL_MS,
  /// GPULEAK_STOP_AFTER, GPULEAK_STOP_STATUS, GPULEAK_DEVICE and
  /// MonitorOptions::fromEnvironment.
  static SamplerOptions fromEnvironment();
};

/// One sampler thread and its Monitor. The destructor (or stop()) stops the
/// thread, then finishes the Monitor (report, summary); so does an exit hook
/// (ExitHooks.h) when the process exits first. Never throws.
class Sampler {
public:
  explicit Sampler(SamplerOptions Options) noexcept;
  ~Sampler();
  Sampler(const Sampler &) = delete;
  Sampler &operator=(const Sampler &) = delete;
  /// Stops sampling and finishes the monitor. Idempotent.
  void stop() noexcept;
  /// True while the thread runs (until stop() or the program's end).
  bool running() const noexcept;

  struct Impl;

private:
  std::shared_ptr<Impl> P;
};

} // namespace gpuleak
