//===- RawCuda.h - Raw CUDA resources seen through CUPTI --------*- C++ -*-===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// The caching allocator never sees memory and handles that a program makes
// with the CUDA runtime or driver itself (cudaMalloc, cudaMallocHost,
// cudaStreamCreate, cudaEventCreate, ... and what cuBLAS or cuDNN make
// inside their create calls). The watch subscribes to CUPTI's callback API
// for the creating and releasing calls of checks/CudaApis.def (the table
// that gpuleak-cuda-unreleased uses; runtime/cmake/gen_cupti_table.py maps
// it to CUPTI's callback ids), records each live resource with the host
// stack of its creating call, matches releases, and writes the resources
// still live, grouped by kind and user call chain, into the report's
// `raw_cuda` section (docs/runtime.md).
//
// Two rooms, one interface:
//  - RawTracker (RawCuda.cpp, CUDA-free, in the core): the bookkeeping, fed
//    by the callbacks or, in the unit tests, by fake records.
//  - the watch (CuptiWatch.cpp, in libgpuleak_runtime): loads CUPTI,
//    subscribes, decodes each callback into RawTracker::create/release.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "gpuleak/Snapshot.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gpuleak {

/// The resource kinds of checks/CudaApis.def (CUDA_KIND), in its order.
enum class RawKind : uint16_t {
#define CUDA_KIND(Id, Description, Releaser, IsMemory) Id,
#include "gpuleak/CudaApis.def"
#undef CUDA_KIND
  NumKinds
};

/// "DeviceMemory", "Stream", ... (the .def's Id); "" for an unknown kind.
const char *rawKindName(RawKind K);
/// "device memory", "CUDA stream", ... (the .def's description).
const char *rawKindDescription(RawKind K);
/// The kind whose creating call (a CUDA_CREATOR of the .def) is named Call,
/// or is Call with a version suffix (cublasCreate_v2 is cublasCreate);
/// NumKinds when none is. Library calls (cuBLAS, cuDNN, ...) that CUPTI
/// cannot see are found this way in a resource's stack (its owner).
RawKind rawKindOfCreator(const std::string &Call);

/// Frames kept per creating call (the innermost ones, from the callback).
constexpr int kRawMaxFrames = 48;

/// What the symbolizer knows about one program counter.
struct RawFrameInfo {
  std::string library; // path of the object that holds it ("" if unknown)
  std::string symbol;  // its dynamic symbol (dladdr), "" if none
  Frame frame;         // file, line, function (addr2line); line 0 if unknown
};
/// Symbolizes program counters, one RawFrameInfo per input, in order.
using RawSymbolizer = std::function<std::vector<RawFrameInfo>(const std::vector<void *> &)>;

/// One group of raw resources in the report: the same kind, owner and user
/// call chain.
struct RawSite {
  std::string kind;        // RawKind name
  std::string api;         // a creating call seen for it (cudaMalloc)
  std::string owner;       // library call on the stack that created it (cublasCreate_v2), or ""
  std::string owner_kind;  // that call's kind in the table (CublasHandle), or ""
  std::vector<Frame> chain; // user frames, innermost first; chain[0] is the site
  uint64_t created = 0;    // creations seen
  uint64_t released = 0;   // of those, released
  uint64_t live = 0;       // still live when the report was written
  uint64_t live_bytes = 0; // their bytes (for calls with a size)
  int64_t steps = 0;       // step boundaries recorded since its first creation
  bool grows = false;      // its live count rose over the recorded boundaries
  double live_per_step = 0;  // slope of the live count per step (boundary)
  double bytes_per_step = 0; // slope of the live bytes per step
};

/// The report's `raw_cuda` section.
struct RawCudaSection {
  /// off (not started) | ok | no-cupti (no CUPTI library or no CUDA driver) |
  /// busy (another CUPTI subscriber is attached) | error
  std::string status = "off";
  std::string message;        // one line; the other subscriber's name for busy
  uint64_t creates = 0;       // creating calls recorded
  uint64_t releases = 0;      // releasing calls that matched a live resource
  uint64_t unmatched_releases = 0; // releases of a handle created before the watch started, or unknown
  uint64_t dropped = 0;       // creations not recorded: the live table was full
  int64_t boundaries = 0;     // step boundaries (intervals) recorded
  std::vector<RawSite> sites; // live at the report, or growing; most live first
  uint64_t unattributed_live = 0;  // live resources with no user frame
  uint64_t unattributed_bytes = 0;
  uint64_t library_live = 0;  // live resources torch's own code created (its caching
  uint64_t library_bytes = 0; //   allocator's segments, handle and stream pools)
};

/// Bookkeeping of live raw resources. Thread-safe; create/release/boundary
/// take one lock and do a hash-map insert or erase; memory is bounded
/// (max_live resources, max_sites stacks, series_len samples per stack).
class RawTracker {
public:
  struct Options {
    size_t max_live = 1u << 20;  // live resources tracked at once
    size_t max_sites = 4096;     // distinct creating stacks
    size_t series_len = 64;      // live counts kept per stack (the most recent boundaries)
    double min_rising_fraction = 0.75; // share of boundary-to-boundary deltas that must rise
    size_t max_report_sites = 256;
  };
  RawTracker();
  explicit RawTracker(Options O);
  ~RawTracker();
  RawTracker(const RawTracker &) = delete;
  RawTracker &operator=(const RawTracker &) = delete;

  /// A resource of kind K was created by Api (a string literal) with
  /// Handle; Pcs are the creating call's return addresses, innermost first.
  void create(RawKind K, const char *Api, uint64_t Handle, uint64_t Bytes,
              void *const *Pcs, int NumPcs) noexcept;
  /// The resource of kind K with Handle was released.
  void release(RawKind K, uint64_t Handle) noexcept;
  /// A step boundary (or sampling interval): each stack's live count is sampled.
  void boundary() noexcept;
  /// The live and growing resources, symbolized and grouped by kind, owner
  /// and user chain. Called outside any callback (it symbolizes).
  /// WithSites false: the counters only (nothing is symbolized).
  RawCudaSection section(const RawSymbolizer &Symbolize, bool WithSites = true) const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

//===--- The watch (CuptiWatch.cpp; libgpuleak_runtime only) ---------------===//

/// Subscribes to CUPTI once per process (the preload does it at load time,
/// before the program's first CUDA call; a Monitor when GPULEAK_CUPTI=1).
/// GPULEAK_CUPTI=0 turns it off. Never throws; without CUPTI, or when another
/// subscriber holds CUPTI, it records why and the report says so.
void startRawCudaWatch() noexcept;
/// True once startRawCudaWatch() ran (whatever its outcome).
bool rawCudaWatchStarted() noexcept;
/// A step boundary for the watch (Monitor boundaries, sampler intervals).
void rawCudaBoundary() noexcept;
/// The section for the report. WithSites: the live and growing resources,
/// whose stacks torch's symbolizer (addr2line) names, so only at the end of
/// the run; without: the status and counters (the reports rewritten during
/// the run). Status "off" when the watch never started.
RawCudaSection rawCudaSection(bool WithSites = true) noexcept;
/// After this, callbacks record nothing (the report is written; the CUDA
/// runtime's own teardown follows).
void stopRawCudaWatch() noexcept;

} // namespace gpuleak
