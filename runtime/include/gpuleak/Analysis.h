//===- Analysis.h - Growth detection and attribution ------------*- C++ -*-===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// Pure functions over numbers and snapshots: no CUDA, so CI tests them on
// recorded fixtures.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "gpuleak/Snapshot.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace gpuleak {

/// True for a frame in the user's code: an absolute path with a line, not
/// under torch, c10, ATen, CUDA, the C++ library or gpuleak's runtime.
bool isUserFrame(const Frame &F);

/// The user frames of a stack, innermost first, at most MaxFrames of them.
std::vector<Frame> userChain(const Snapshot &S,
                             const std::vector<uint32_t> &Frames,
                             size_t MaxFrames = 8);

/// Allocator state at one step boundary (or one sampling interval).
struct StepStats {
  int64_t step = 0;      // 0-based step (or interval) number
  int64_t time_us = 0;   // wall clock at the boundary, microseconds since the epoch
  uint64_t allocated = 0; // SUM: bytes in live (allocated) blocks
  uint64_t reserved = 0;  // SUM: bytes reserved from the device (cached included)
  uint64_t active = 0;    // SUM: bytes in active blocks (allocated or pending free)
  uint64_t blocks = 0;    // COUNT: live allocations
  uint64_t device_frees = 0; // COUNT: cudaFree calls so far (num_device_free)
  uint64_t allocations_total = 0; // COUNT: allocations so far (allocation.allocated);
                                  // sizes the history window, not in the report
};

/// Detection settings. Defaults are documented in docs/runtime.md.
struct GrowthOptions {
  int warmup_steps = 5;        // steps ignored at the start (lazy state, caches)
  int window_steps = 8;        // steps a growth must span to be reported
  uint64_t threshold_bytes_per_step = 512; // smallest growth reported (one block)
  double min_rising_fraction = 0.75; // share of step-to-step deltas that must rise
};

/// Result of GrowthDetector::feed().
struct GrowthVerdict {
  bool growing = false;
  double bytes_per_step = 0; // least-squares slope over the window, one-time jumps left out
  uint64_t one_time_bytes = 0; // bytes of the jumps left out of the rate
};

/// Detects growth of live allocated bytes across steps. It keeps only the
/// last window_steps values, so its memory is bounded.
class GrowthDetector {
public:
  explicit GrowthDetector(GrowthOptions Opts = {}) : Opts(Opts) {}
  GrowthVerdict feed(uint64_t AllocatedBytes);
  int64_t steps() const { return Seen; }

private:
  GrowthOptions Opts;
  std::deque<uint64_t> Window;
  int64_t Seen = 0;
};

/// Decides growth over a whole series (used on fixtures and at report time):
/// the largest verdict over every window of the series after warm-up.
GrowthVerdict detectGrowth(const std::vector<uint64_t> &Series,
                           const GrowthOptions &Opts);

/// One attributed source site.
struct Evidence {
  std::string kind; // "growth", "graph-retention" or "cache-flush" (docs/runtime.md)
  std::vector<Frame> chain; // user frames, innermost first; chain[0] is the site
  uint64_t bytes = 0;      // bytes of the blocks counted
  uint64_t blocks = 0;     // number of blocks counted
  int64_t steps = 0;       // growth: distinct steps whose blocks survived
  double bytes_per_step = 0; // growth: bytes / window steps that could leak
  // graph-retention: how the counted blocks ended. `gpuleak verify` reads
  // these to tell a graph (missing-no-grad, missing-detach) from tensors kept
  // without one (docs/runtime.md, "What confirms each check").
  uint64_t freed_by_graph = 0;       // COUNT: freed by an autograd graph's teardown (free stack)
  uint64_t freed_by_later_graph = 0; // COUNT: of those, freed after outliving 2+ step boundaries
  uint64_t alive_at_snapshot = 0;    // COUNT: still allocated at the snapshot
  // cache-flush: steps with a flush after which the allocator reserved a
  // segment again (segment_alloc) before the next flush
  int64_t reallocated_steps = 0;
};

/// Attribution settings.
struct AttributionOptions {
  int min_steps = 2;            // a growth site must leak in this many steps
  double min_step_fraction = 0.25; // ... and in this share of the window's steps
  int min_retained_blocks = 3;  // graph-retention: blocks kept past their call
  int retention_depth = 1;      // ... each alive across this many later allocations
  size_t max_chain = 8;         // user frames kept per site
};

/// The step boundaries whose steps the allocation history still covers.
/// torch keeps each device's history in a ring of TraceCapacity entries
/// (the max_entries given to _record_memory_history; CUDACachingAllocator.cpp
/// overwrites the oldest entry when it is full). A device trace holding
/// TraceCapacity entries or more has lost its oldest entries, so a block
/// allocated before its oldest entry has no allocation record and cannot be
/// placed in a step. Returns the boundaries at or after the latest such
/// oldest entry (time_us), oldest first; all of them when no trace wrapped or
/// TraceCapacity is 0 (unknown). Fewer than 3 remaining boundaries mean the
/// window cannot attribute growth.
std::vector<int64_t> coveredBoundaries(const Snapshot &S,
                                       const std::vector<int64_t> &Boundaries,
                                       size_t TraceCapacity);

/// Blocks that survive across steps, grouped by their user call chain.
/// Boundaries are the step boundaries in the snapshot's clock (time_us),
/// oldest first: b_0 (history on) ... b_W (the snapshot). A block counts when
/// it is still allocated at the snapshot and was allocated before b_{W-1}, so
/// it outlived at least two boundaries; a site is reported when its blocks came
/// from at least max(min_steps, min_step_fraction * (W - 1)) different steps,
/// so one-time state created in a step that straddles a boundary (optimizer
/// state, workspaces) is not a leak. Unattributed bytes (no user frame)
/// are added to *Unattributed.
std::vector<Evidence> attributeGrowth(const Snapshot &S,
                                      const std::vector<int64_t> &Boundaries,
                                      const AttributionOptions &Opts,
                                      uint64_t *Unattributed = nullptr);

/// Calls whose blocks outlive the call: for each user call chain, blocks that
/// stay allocated while at least retention_depth later allocations of the same
/// chain happen, and are then freed by the teardown of an autograd graph (a
/// node releasing its saved tensors; the free's own stack says so) or are
/// still allocated at the snapshot. A forward run with grad mode on keeps its
/// activations for a backward; with no_grad they are freed as the next layer
/// runs, and an op's workspaces are freed by the op itself. The evidence says
/// how many counted blocks a graph's teardown freed, how many of those had
/// outlived two or more of the Boundaries (time_us, oldest first; none given:
/// 0), and how many were still allocated: under inference mode or no-grad
/// only the last can be non-zero.
std::vector<Evidence> findGraphRetention(const Snapshot &S,
                                         const AttributionOptions &Opts,
                                         const std::vector<int64_t> &Boundaries = {});

/// emptyCache() calls that returned memory to the device: segment_free trace
/// entries whose stack passes through emptyCache, grouped by user call chain.
/// `blocks` counts the segments freed, `bytes` their size, `steps` the steps
/// (between Boundaries, when given) in which they happened, and
/// `reallocated_steps` those of the steps after whose flush a segment_alloc
/// came before the next flush of the site (the cache refilled: churn).
std::vector<Evidence> findCacheFlushes(const Snapshot &S,
                                       const std::vector<int64_t> &Boundaries,
                                       const AttributionOptions &Opts);

/// Step boundaries recorded as annotations by the monitor (key
/// "gpuleak_step"), oldest first, for the given run id.
std::vector<int64_t> annotatedBoundaries(const Snapshot &S,
                                         const std::string &RunId);

/// Source lines seen in any stack of the snapshot (user frames only).
struct CoveredFunction {
  std::string file;
  std::string function;
  std::vector<int64_t> lines; // sorted, unique
};
std::vector<CoveredFunction> coverage(const Snapshot &S, size_t MaxFunctions = 4096);

} // namespace gpuleak
