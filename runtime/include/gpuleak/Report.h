//===- Report.h - The runtime report (JSON) and console summary -*- C++ -*-===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// The JSON schema is documented in docs/runtime.md ("gpuleak-runtime-report",
// version 2: version 1 plus the `raw_cuda` section); `gpuleak verify` reads it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "gpuleak/Analysis.h"
#include "gpuleak/RawCuda.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpuleak {

/// The step list of one loop, bounded: the first `keepFirst()` steps and the
/// most recent ones, `capacity()` in all (the report's `steps`). push() costs
/// the same at every step: the recent steps live in a ring. (Before, the list
/// was a vector that erased its 17th element on every step past the bound:
/// a 256 KiB move per step, 5.4-5.9 us on the GPU machine; issue 13.)
class BoundedSteps {
public:
  /// Capacity below 32 is taken as 32; KeepFirst is at most Capacity / 2.
  explicit BoundedSteps(size_t Capacity = 4096, size_t KeepFirst = 16);
  void push(const StepStats &S);
  size_t size() const { return First.size() + Count; }
  size_t capacity() const { return Cap; }
  size_t keepFirst() const { return Keep; }
  /// The kept steps, oldest first.
  std::vector<StepStats> toVector() const;

private:
  size_t Cap, Keep;
  std::vector<StepStats> First; // the first Keep steps
  std::vector<StepStats> Ring;  // the most recent Cap - Keep steps
  size_t Head = 0;              // oldest entry of Ring once it is full
  size_t Count = 0;             // entries used in Ring
};

/// One monitored loop (steps mode) or the whole process (sampling mode).
struct LoopReport {
  std::string name;          // the name given to Monitor::step(), or "process"
  std::string unit = "step"; // "step" or "interval" (sampling mode)
  int64_t steps_total = 0;   // steps seen, including those dropped from `steps`
  std::vector<StepStats> steps; // bounded: the first and the most recent steps
  bool growth_detected = false;
  int64_t growth_step = -1;     // step at which growth was first detected
  double growth_bytes_per_step = 0;
  uint64_t growth_one_time_bytes = 0; // one-time jumps left out of the rate (JSON only when > 0)
};

struct Report {
  static constexpr int kSchemaVersion = 2;
  std::string status = "ok";   // ok | no-cuda | no-cuda-build | error
  std::string status_message;  // one line, empty when ok
  std::string torch_version;   // e.g. "2.11"
  std::string mode = "steps";  // "steps" (Monitor API) or "sampling" (gpuleak run)
  std::string program;         // argv[0] or the monitor's label
  int64_t device = 0;
  int64_t created_unix = 0;
  // Settings used (documented defaults in docs/runtime.md).
  GrowthOptions growth;
  AttributionOptions attribution;
  int64_t history_max_entries = 0;
  std::string history_policy;  // on-growth | start | always | off
  std::vector<LoopReport> loops;
  std::vector<Evidence> evidence;
  uint64_t unattributed_bytes = 0;
  std::vector<CoveredFunction> coverage;
  std::vector<std::string> snapshots; // pickles written (basename relative to the report)
  int64_t history_windows = 0;        // attribution windows run
  double history_seconds = 0;         // wall time with stacks recorded
  int64_t history_wrapped = 0;        // windows whose trace ring wrapped (first steps lost)
  RawCudaSection raw_cuda;            // raw CUDA resources seen through CUPTI (RawCuda.h)
};

/// Serializes the report (UTF-8 JSON, stable key order).
std::string reportToJson(const Report &R);

/// A short console summary (at most ~24 lines).
std::string reportSummary(const Report &R);

/// Writes Data to Path atomically: a temporary file in the same directory,
/// fsync, then rename. Returns false and sets Error on failure.
bool writeFileAtomic(const std::string &Path, const std::string &Data,
                     std::string &Error);

/// JSON string escaping (exposed for tests).
std::string jsonEscape(const std::string &S);

} // namespace gpuleak
