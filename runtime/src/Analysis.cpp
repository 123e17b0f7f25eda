//===- Analysis.cpp - Growth detection and attribution -------------------===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Analysis.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace gpuleak {

static bool contains(const std::string &S, const char *Needle) {
  return S.find(Needle) != std::string::npos;
}

static bool startsWith(const std::string &S, const char *Prefix) {
  return S.rfind(Prefix, 0) == 0;
}

bool isUserFrame(const Frame &F) {
  if (F.line <= 0 || F.filename.empty() || F.filename[0] != '/')
    return false;
  static const char *const ExcludedPaths[] = {
      "/torch/",   "/c10/",        "/aten/",          "/ATen/",
      "/caffe2/",  "/include/c++/", "/usr/include/",  "/cuda/",
      "/cuda-",    "/third_party/", "/site-packages/", "/dist-packages/",
      "/pybind11/", "/libstdc++", "/glibc", "/sysdeps/",
      // Python's standard library (runpy, threading, ...): /usr/lib/python3.12/,
      // <venv or conda>/lib/python3.11/
      "/lib/python2.", "/lib/python3.", "/lib/pypy"};
  for (const char *P : ExcludedPaths)
    if (contains(F.filename, P))
      return false;
  // gpuleak's own Python package (`python -m gpuleak run`, gpuleak.step()).
  static const char *const ExcludedFiles[] = {"/gpuleak/__init__.py", "/gpuleak/__main__.py"};
  for (const char *P : ExcludedFiles)
    if (F.filename.size() >= std::strlen(P) &&
        F.filename.compare(F.filename.size() - std::strlen(P), std::string::npos, P) == 0)
      return false;
  static const char *const ExcludedNames[] = {"torch::", "c10::",   "at::",
                                              "std::",   "caffe2::", "gpuleak::",
                                              "__",      "pybind11::"};
  for (const char *N : ExcludedNames)
    if (startsWith(F.name, N))
      return false;
  return true;
}

std::vector<Frame> userChain(const Snapshot &S,
                             const std::vector<uint32_t> &Frames,
                             size_t MaxFrames) {
  std::vector<Frame> Result;
  for (uint32_t I : Frames) {
    if (I >= S.frames.size())
      continue;
    const Frame &F = S.frames[I];
    if (!isUserFrame(F))
      continue;
    Result.push_back(F);
    if (Result.size() >= MaxFrames)
      break;
  }
  return Result;
}

static double slope(const double *V, size_t N) {
  double MeanX = (N - 1) / 2.0, MeanY = 0;
  for (size_t I = 0; I < N; ++I)
    MeanY += V[I];
  MeanY /= N;
  double Num = 0, Den = 0;
  for (size_t I = 0; I < N; ++I) {
    Num += (I - MeanX) * (V[I] - MeanY);
    Den += (I - MeanX) * (I - MeanX);
  }
  return Den > 0 ? Num / Den : 0;
}

static GrowthVerdict judgeWindow(const uint64_t *V, size_t N,
                                 const GrowthOptions &Opts) {
  GrowthVerdict Verdict;
  if (N < 3)
    return Verdict;
  size_t Rising = 0;
  std::vector<double> Deltas;
  for (size_t I = 1; I < N; ++I) {
    if (V[I] > V[I - 1])
      ++Rising;
    Deltas.push_back(static_cast<double>(V[I]) - static_cast<double>(V[I - 1]));
  }
  // One-time allocations (a library's workspace, a first-use cache: cuBLAS
  // makes a 32 MiB workspace per handle and stream at its first matmul) are a
  // single jump among steady deltas. The rate is the least-squares slope of
  // the series with each jump over 4 times the median delta replaced by the
  // median, at most a quarter of the deltas; a growth whose deltas are all
  // alike is unchanged. The replaced bytes are reported as one-time.
  std::vector<double> Sorted = Deltas;
  std::sort(Sorted.begin(), Sorted.end());
  const double Median = Sorted[Sorted.size() / 2];
  std::vector<double> Adjusted(N);
  Adjusted[0] = static_cast<double>(V[0]);
  size_t Jumps = 0;
  const size_t MaxJumps = Deltas.size() / 4;
  // The largest deltas first, so the cap keeps the biggest jumps out.
  std::vector<bool> IsJump(Deltas.size(), false);
  if (Median > 0)
    for (size_t K = 0; K < MaxJumps; ++K) {
      size_t Best = Deltas.size();
      for (size_t I = 0; I < Deltas.size(); ++I)
        if (!IsJump[I] && Deltas[I] > 4 * Median &&
            (Best == Deltas.size() || Deltas[I] > Deltas[Best]))
          Best = I;
      if (Best == Deltas.size())
        break;
      IsJump[Best] = true;
      ++Jumps;
      Verdict.one_time_bytes += static_cast<uint64_t>(Deltas[Best] - Median);
    }
  for (size_t I = 1; I < N; ++I)
    Adjusted[I] = Adjusted[I - 1] + (IsJump[I - 1] ? Median : Deltas[I - 1]);
  Verdict.bytes_per_step = slope(Adjusted.data(), N);
  const size_t NeedRising = static_cast<size_t>(
      std::ceil(Opts.min_rising_fraction * static_cast<double>(N - 1)));
  Verdict.growing =
      Rising >= NeedRising && V[N - 1] > V[0] &&
      Verdict.bytes_per_step >= static_cast<double>(Opts.threshold_bytes_per_step);
  (void)Jumps;
  return Verdict;
}

GrowthVerdict GrowthDetector::feed(uint64_t AllocatedBytes) {
  ++Seen;
  if (Seen <= Opts.warmup_steps)
    return {};
  Window.push_back(AllocatedBytes);
  const size_t N = static_cast<size_t>(std::max(3, Opts.window_steps));
  while (Window.size() > N)
    Window.pop_front();
  if (Window.size() < N)
    return {};
  std::vector<uint64_t> V(Window.begin(), Window.end());
  return judgeWindow(V.data(), V.size(), Opts);
}

GrowthVerdict detectGrowth(const std::vector<uint64_t> &Series,
                           const GrowthOptions &Opts) {
  GrowthVerdict Best;
  const size_t N = static_cast<size_t>(std::max(3, Opts.window_steps));
  const size_t Start = static_cast<size_t>(std::max(0, Opts.warmup_steps));
  for (size_t I = Start; I + N <= Series.size(); ++I) {
    GrowthVerdict V = judgeWindow(Series.data() + I, N, Opts);
    if (V.growing && (!Best.growing || V.bytes_per_step > Best.bytes_per_step))
      Best = V;
  }
  return Best;
}

static std::string chainKey(const std::vector<Frame> &Chain) {
  std::string Key;
  for (const Frame &F : Chain) {
    Key += F.filename;
    Key += ':';
    Key += std::to_string(F.line);
    Key += ':';
    Key += F.name;
    Key += '\n';
  }
  return Key;
}

std::vector<int64_t> coveredBoundaries(const Snapshot &S,
                                       const std::vector<int64_t> &Boundaries,
                                       size_t TraceCapacity) {
  if (TraceCapacity == 0)
    return Boundaries;
  int64_t Oldest = INT64_MIN;
  for (const auto &Trace : S.device_traces) {
    if (Trace.size() < TraceCapacity)
      continue;
    int64_t First = INT64_MAX;
    for (const TraceEntry &E : Trace)
      First = std::min(First, E.time_us);
    Oldest = std::max(Oldest, First);
  }
  if (Oldest == INT64_MIN)
    return Boundaries;
  std::vector<int64_t> Result;
  for (int64_t B : Boundaries)
    if (B >= Oldest)
      Result.push_back(B);
  return Result;
}

std::vector<Evidence> attributeGrowth(const Snapshot &S,
                                      const std::vector<int64_t> &Boundaries,
                                      const AttributionOptions &Opts,
                                      uint64_t *Unattributed) {
  std::vector<Evidence> Result;
  if (Boundaries.size() < 3)
    return Result;
  const int64_t Cutoff = Boundaries[Boundaries.size() - 2];
  const int64_t Windows = static_cast<int64_t>(Boundaries.size()) - 2;

  // Latest allocation time of each (device, address) in the history.
  std::map<std::pair<int64_t, uint64_t>, int64_t> AllocTime;
  for (size_t D = 0; D < S.device_traces.size(); ++D)
    for (const TraceEntry &E : S.device_traces[D])
      if (E.action == "alloc")
        AllocTime[{static_cast<int64_t>(D), E.addr}] = E.time_us;

  struct Site {
    Evidence Ev;
    std::set<int64_t> Steps;
  };
  std::map<std::string, Site> Sites;
  for (const Segment &Seg : S.segments)
    for (const Block &B : Seg.blocks) {
      if (B.state != "active_allocated" || B.frames.empty())
        continue;
      auto It = AllocTime.find({Seg.device, B.address});
      if (It == AllocTime.end() || It->second >= Cutoff || It->second < Boundaries[0])
        continue;
      const int64_t T = It->second;
      const int64_t Step =
          std::upper_bound(Boundaries.begin(), Boundaries.end(), T) -
          Boundaries.begin() - 1;
      std::vector<Frame> Chain = userChain(S, B.frames, Opts.max_chain);
      if (Chain.empty()) {
        if (Unattributed)
          *Unattributed += B.size;
        continue;
      }
      Site &St = Sites[chainKey(Chain)];
      if (St.Ev.chain.empty())
        St.Ev.chain = std::move(Chain);
      St.Ev.bytes += B.size;
      St.Ev.blocks += 1;
      St.Steps.insert(Step);
    }
  const int64_t NeedSteps = std::max<int64_t>(
      Opts.min_steps,
      static_cast<int64_t>(std::ceil(Opts.min_step_fraction * static_cast<double>(Windows))));
  for (auto &[Key, St] : Sites) {
    if (static_cast<int64_t>(St.Steps.size()) < NeedSteps)
      continue;
    St.Ev.kind = "growth";
    St.Ev.steps = static_cast<int64_t>(St.Steps.size());
    St.Ev.bytes_per_step = static_cast<double>(St.Ev.bytes) / static_cast<double>(Windows);
    Result.push_back(std::move(St.Ev));
  }
  std::sort(Result.begin(), Result.end(),
            [](const Evidence &A, const Evidence &B) { return A.bytes > B.bytes; });
  return Result;
}

static bool isBackwardStack(const Snapshot &S, const std::vector<uint32_t> &Frames) {
  for (uint32_t I : Frames)
    if (I < S.frames.size() && contains(S.frames[I].name, "autograd::Engine"))
      return true;
  return false;
}

/// A free made by tearing down an autograd graph: a node releasing its saved
/// tensors or being destroyed (torch/csrc/autograd/function.h: deleteNode,
/// gatherFunctions, release_variables; generated nodes live in
/// torch::autograd::generated). `torch::autograd::VariableType` is the
/// autograd dispatch of every op, so it alone does not count. A free recorded
/// without a stack (history context other than "all") cannot be told apart
/// and counts.
static bool isGraphTeardown(const Snapshot &S, const std::vector<uint32_t> &Frames) {
  if (Frames.empty())
    return true;
  for (uint32_t I : Frames) {
    if (I >= S.frames.size())
      continue;
    const std::string &N = S.frames[I].name;
    if (contains(N, "torch::autograd::generated::") || contains(N, "AutogradMeta::~") ||
        contains(N, "torch::autograd::deleteNode") || contains(N, "gatherFunctions") ||
        contains(N, "SavedVariable") || contains(N, "release_variables"))
      return true;
  }
  return false;
}

/// Boundaries passed between times From and To (From < B <= To).
static int64_t boundariesBetween(const std::vector<int64_t> &Boundaries, int64_t From,
                                 int64_t To) {
  return std::upper_bound(Boundaries.begin(), Boundaries.end(), To) -
         std::upper_bound(Boundaries.begin(), Boundaries.end(), From);
}

std::vector<Evidence> findGraphRetention(const Snapshot &S,
                                         const AttributionOptions &Opts,
                                         const std::vector<int64_t> &Boundaries) {
  struct Live {
    std::string Chain;
    uint64_t AllocIndex;
    uint64_t BackwardMark;
    uint64_t Size;
    int64_t AllocTime;
  };
  struct ChainStats {
    std::vector<Frame> Chain;
    uint64_t Allocs = 0;
    uint64_t Retained = 0;
    uint64_t RetainedBytes = 0;
    uint64_t FreedByGraph = 0;
    uint64_t FreedByLaterGraph = 0;
    uint64_t Alive = 0;
  };
  // How a block ended: freed with a graph-teardown stack, freed with no stack
  // (cannot be told apart, so it counts as retained but not as a teardown),
  // or still allocated at the snapshot.
  enum class End { Teardown, Stackless, Alive };
  std::map<std::string, ChainStats> Chains;
  for (const auto &Trace : S.device_traces) {
    std::unordered_map<uint64_t, Live> LiveBlocks;
    uint64_t BackwardAllocs = 0;
    auto Retire = [&](const Live &L, End How, int64_t FreeTime) {
      ChainStats &C = Chains[L.Chain];
      const uint64_t Depth = C.Allocs - L.AllocIndex;
      if (Depth < static_cast<uint64_t>(Opts.retention_depth) ||
          L.BackwardMark != BackwardAllocs)
        return;
      ++C.Retained;
      C.RetainedBytes += L.Size;
      if (How == End::Alive) {
        ++C.Alive;
      } else if (How == End::Teardown) {
        ++C.FreedByGraph;
        if (boundariesBetween(Boundaries, L.AllocTime, FreeTime) >= 2)
          ++C.FreedByLaterGraph;
      }
    };
    for (const TraceEntry &E : Trace) {
      if (E.action == "alloc") {
        if (isBackwardStack(S, E.frames)) {
          ++BackwardAllocs;
          continue;
        }
        std::vector<Frame> Chain = userChain(S, E.frames, Opts.max_chain);
        if (Chain.empty())
          continue;
        std::string Key = chainKey(Chain);
        ChainStats &C = Chains[Key];
        if (C.Chain.empty())
          C.Chain = std::move(Chain);
        ++C.Allocs;
        LiveBlocks[E.addr] = Live{std::move(Key), C.Allocs, BackwardAllocs, E.size, E.time_us};
      } else if (E.action == "free_requested") {
        auto It = LiveBlocks.find(E.addr);
        if (It == LiveBlocks.end())
          continue;
        if (isGraphTeardown(S, E.frames))
          Retire(It->second, E.frames.empty() ? End::Stackless : End::Teardown, E.time_us);
        LiveBlocks.erase(It);
      }
    }
    for (const auto &[Addr, L] : LiveBlocks)
      Retire(L, End::Alive, 0);
  }
  std::vector<Evidence> Result;
  for (auto &[Key, C] : Chains) {
    if (C.Retained < static_cast<uint64_t>(Opts.min_retained_blocks) ||
        C.Retained * 4 < C.Allocs)
      continue;
    Evidence Ev;
    Ev.kind = "graph-retention";
    Ev.chain = std::move(C.Chain);
    Ev.blocks = C.Retained;
    Ev.bytes = C.RetainedBytes;
    Ev.freed_by_graph = C.FreedByGraph;
    Ev.freed_by_later_graph = C.FreedByLaterGraph;
    Ev.alive_at_snapshot = C.Alive;
    Result.push_back(std::move(Ev));
  }
  std::sort(Result.begin(), Result.end(),
            [](const Evidence &A, const Evidence &B) { return A.bytes > B.bytes; });
  return Result;
}

std::vector<Evidence> findCacheFlushes(const Snapshot &S,
                                       const std::vector<int64_t> &Boundaries,
                                       const AttributionOptions &Opts) {
  struct Site {
    Evidence Ev;
    std::set<int64_t> Steps;
    std::set<int64_t> ReallocatedSteps;
    bool AwaitsRealloc = false; // flushed; no segment_alloc seen since
    int64_t LastFlushStep = 0;
  };
  std::map<std::string, Site> Sites;
  for (const auto &Trace : S.device_traces) {
    for (auto &[Key, St] : Sites)
      St.AwaitsRealloc = false; // another device's trace
    for (const TraceEntry &E : Trace) {
      if (E.action == "segment_alloc" || E.action == "segment_map") {
        for (auto &[Key, St] : Sites)
          if (St.AwaitsRealloc) {
            St.ReallocatedSteps.insert(St.LastFlushStep);
            St.AwaitsRealloc = false;
          }
        continue;
      }
      if (E.action != "segment_free" && E.action != "segment_unmap")
        continue;
      bool ViaEmptyCache = false;
      for (uint32_t I : E.frames)
        if (I < S.frames.size() && contains(S.frames[I].name, "emptyCache"))
          ViaEmptyCache = true;
      if (!ViaEmptyCache)
        continue;
      std::vector<Frame> Chain = userChain(S, E.frames, Opts.max_chain);
      if (Chain.empty())
        continue;
      Site &St = Sites[chainKey(Chain)];
      if (St.Ev.chain.empty())
        St.Ev.chain = std::move(Chain);
      St.Ev.blocks += 1;
      St.Ev.bytes += E.size;
      int64_t Step = 0;
      if (!Boundaries.empty())
        Step = std::upper_bound(Boundaries.begin(), Boundaries.end(), E.time_us) -
               Boundaries.begin();
      St.Steps.insert(Step);
      St.AwaitsRealloc = true;
      St.LastFlushStep = Step;
    }
  }
  std::vector<Evidence> Result;
  for (auto &[Key, St] : Sites) {
    if (St.Ev.blocks < 2)
      continue;
    St.Ev.kind = "cache-flush";
    St.Ev.steps = static_cast<int64_t>(St.Steps.size());
    St.Ev.reallocated_steps = static_cast<int64_t>(St.ReallocatedSteps.size());
    Result.push_back(std::move(St.Ev));
  }
  return Result;
}

std::vector<int64_t> annotatedBoundaries(const Snapshot &S,
                                         const std::string &RunId) {
  std::vector<int64_t> Result;
  for (const Annotation &A : S.external_annotations) {
    auto It = A.metadata.find("gpuleak_step");
    if (It == A.metadata.end())
      continue;
    if (!RunId.empty() && It->second.rfind(RunId + ":", 0) != 0)
      continue;
    Result.push_back(A.time_us);
  }
  std::sort(Result.begin(), Result.end());
  return Result;
}

std::vector<CoveredFunction> coverage(const Snapshot &S, size_t MaxFunctions) {
  std::map<std::pair<std::string, std::string>, std::set<int64_t>> Seen;
  for (const Frame &F : S.frames) {
    if (!isUserFrame(F))
      continue;
    auto Key = std::make_pair(F.filename, F.name);
    if (Seen.size() >= MaxFunctions && !Seen.count(Key))
      continue;
    Seen[Key].insert(F.line);
  }
  std::vector<CoveredFunction> Result;
  for (auto &[Key, Lines] : Seen)
    Result.push_back({Key.first, Key.second, {Lines.begin(), Lines.end()}});
  return Result;
}

} // namespace gpuleak
