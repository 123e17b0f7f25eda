//===- RawCuda.cpp - Bookkeeping of raw CUDA resources --------------------===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
// RawCuda.h says what it does. No CUDA here: the unit tests feed it fake
// callback records.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/RawCuda.h"
#include "gpuleak/Analysis.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <tuple>
#include <unordered_map>

namespace gpuleak {

namespace {
struct KindInfo {
  const char *Name;
  const char *Description;
};
const KindInfo Kinds[] = {
#define CUDA_KIND(Id, Description, Releaser, IsMemory) {#Id, Description},
#include "gpuleak/CudaApis.def"
#undef CUDA_KIND
};

struct CreatorInfo {
  const char *Name;
  RawKind Kind;
};
const CreatorInfo Creators[] = {
#define CUDA_CREATOR(Name, HandleArg, Kind, Field) {#Name, RawKind::Kind},
#include "gpuleak/CudaApis.def"
#undef CUDA_CREATOR
};

bool startsWith(const std::string &S, const char *P) {
  return S.compare(0, std::strlen(P), P) == 0;
}

/// cudaMalloc, cuMemAlloc_v2: calls CUPTI reports itself (cublasCreate_v2,
/// cudnnCreate and ncclCommInitRank are library calls).
bool runtimeOrDriverCall(const std::string &Name) {
  return startsWith(Name, "cuda") ||
         (startsWith(Name, "cu") && Name.size() > 2 && Name[2] >= 'A' && Name[2] <= 'Z');
}

/// Library objects whose resources are torch's own (the caching allocator's
/// segments, cuBLAS handle and stream pools): not the program's to release.
bool torchLibrary(const std::string &Path) {
  const size_t Slash = Path.find_last_of('/');
  const std::string Base = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  return startsWith(Base, "libtorch") || startsWith(Base, "libc10") ||
         startsWith(Base, "libcaffe2");
}
} // namespace

const char *rawKindName(RawKind K) {
  const size_t I = static_cast<size_t>(K);
  return I < sizeof(Kinds) / sizeof(Kinds[0]) ? Kinds[I].Name : "";
}

const char *rawKindDescription(RawKind K) {
  const size_t I = static_cast<size_t>(K);
  return I < sizeof(Kinds) / sizeof(Kinds[0]) ? Kinds[I].Description : "";
}

RawKind rawKindOfCreator(const std::string &Call) {
  for (const CreatorInfo &C : Creators) {
    const size_t N = std::strlen(C.Name);
    if (Call.compare(0, N, C.Name) != 0)
      continue;
    if (Call.size() == N)
      return C.Kind;
    // A version suffix: cublasCreate_v2, cuMemAlloc_v2.
    if (Call.compare(N, 2, "_v") == 0 && Call.size() > N + 2 &&
        std::all_of(Call.begin() + N + 2, Call.end(), [](char Ch) { return Ch >= '0' && Ch <= '9'; }))
      return C.Kind;
  }
  return RawKind::NumKinds;
}

namespace {
struct Key {
  uint64_t Handle;
  uint16_t Kind;
  bool operator==(const Key &O) const { return Handle == O.Handle && Kind == O.Kind; }
};
struct KeyHash {
  size_t operator()(const Key &K) const noexcept {
    return std::hash<uint64_t>()(K.Handle * 0x9E3779B97F4A7C15ull + K.Kind);
  }
};
struct Live {
  uint32_t Site;
  uint64_t Bytes;
};
struct Site {
  RawKind Kind;
  const char *Api;
  int NumPcs = 0;
  void *Pcs[kRawMaxFrames];
  uint64_t Created = 0, Released = 0, LiveCount = 0, LiveBytes = 0;
  int64_t FirstBoundary = 0; // boundaries recorded before its first creation
  // The live count and bytes at the most recent boundaries, in a ring.
  std::vector<uint64_t> SeriesCount, SeriesBytes;
  size_t Head = 0;
};
struct SiteKey {
  uint16_t Kind;
  const char *Api;
  int NumPcs;
  void *Pcs[kRawMaxFrames];
  bool operator==(const SiteKey &O) const {
    return Kind == O.Kind && Api == O.Api && NumPcs == O.NumPcs &&
           std::memcmp(Pcs, O.Pcs, sizeof(void *) * NumPcs) == 0;
  }
};
struct SiteKeyHash {
  size_t operator()(const SiteKey &K) const noexcept {
    uint64_t H = 1469598103934665603ull ^ K.Kind ^ reinterpret_cast<uintptr_t>(K.Api);
    for (int I = 0; I < K.NumPcs; ++I)
      H = (H ^ reinterpret_cast<uintptr_t>(K.Pcs[I])) * 1099511628211ull;
    return static_cast<size_t>(H);
  }
};
} // namespace

struct RawTracker::Impl {
  Options O;
  mutable std::mutex Mu;
  std::unordered_map<Key, Live, KeyHash> LiveMap;
  std::unordered_map<SiteKey, uint32_t, SiteKeyHash> SiteIds;
  std::vector<Site> Sites; // index 0: stacks past max_sites (no frames)
  uint64_t Creates = 0, Releases = 0, Unmatched = 0, Dropped = 0;
  int64_t Boundaries = 0;

  explicit Impl(Options Opts) : O(Opts) {
    Sites.reserve(std::min<size_t>(O.max_sites + 1, 256));
    Sites.emplace_back();
    Sites[0].Kind = RawKind::NumKinds;
    Sites[0].Api = "";
    LiveMap.reserve(4096);
    SiteIds.reserve(256);
  }

  uint32_t siteFor(RawKind K, const char *Api, void *const *Pcs, int N) {
    SiteKey SK;
    SK.Kind = static_cast<uint16_t>(K);
    SK.Api = Api;
    SK.NumPcs = std::max(0, std::min(N, kRawMaxFrames));
    std::memcpy(SK.Pcs, Pcs, sizeof(void *) * SK.NumPcs);
    auto It = SiteIds.find(SK);
    if (It != SiteIds.end())
      return It->second;
    if (Sites.size() > O.max_sites)
      return 0;
    Site S;
    S.Kind = K;
    S.Api = Api;
    S.NumPcs = SK.NumPcs;
    std::memcpy(S.Pcs, SK.Pcs, sizeof(void *) * SK.NumPcs);
    S.FirstBoundary = Boundaries;
    const uint32_t Id = static_cast<uint32_t>(Sites.size());
    Sites.push_back(std::move(S));
    SiteIds.emplace(SK, Id);
    return Id;
  }
};

RawTracker::RawTracker() : RawTracker(Options()) {}
RawTracker::RawTracker(Options O) : P(std::make_unique<Impl>(O)) {}
RawTracker::~RawTracker() = default;

void RawTracker::create(RawKind K, const char *Api, uint64_t Handle, uint64_t Bytes,
                        void *const *Pcs, int NumPcs) noexcept {
  try {
    std::lock_guard<std::mutex> Lock(P->Mu);
    const Key Ky{Handle, static_cast<uint16_t>(K)};
    auto Old = P->LiveMap.find(Ky);
    if (Old != P->LiveMap.end()) {
      // The same handle again without a release we saw (a release outside
      // the table, or before the watch): the old one is gone.
      Site &S = P->Sites[Old->second.Site];
      --S.LiveCount;
      S.LiveBytes -= std::min(S.LiveBytes, Old->second.Bytes);
      ++S.Released;
      P->LiveMap.erase(Old);
    }
    if (P->LiveMap.size() >= P->O.max_live) {
      ++P->Dropped;
      return;
    }
    const uint32_t Id = P->siteFor(K, Api, Pcs, NumPcs);
    Site &S = P->Sites[Id];
    ++S.Created;
    ++S.LiveCount;
    S.LiveBytes += Bytes;
    P->LiveMap.emplace(Ky, Live{Id, Bytes});
    ++P->Creates;
  } catch (...) {
    // bad_alloc: not recorded, never thrown into the host
  }
}

void RawTracker::release(RawKind K, uint64_t Handle) noexcept {
  try {
    std::lock_guard<std::mutex> Lock(P->Mu);
    auto It = P->LiveMap.find(Key{Handle, static_cast<uint16_t>(K)});
    if (It == P->LiveMap.end()) {
      ++P->Unmatched;
      return;
    }
    Site &S = P->Sites[It->second.Site];
    --S.LiveCount;
    S.LiveBytes -= std::min(S.LiveBytes, It->second.Bytes);
    ++S.Released;
    P->LiveMap.erase(It);
    ++P->Releases;
  } catch (...) {
  }
}

void RawTracker::boundary() noexcept {
  try {
    std::lock_guard<std::mutex> Lock(P->Mu);
    ++P->Boundaries;
    const size_t Len = std::max<size_t>(P->O.series_len, 4);
    for (size_t I = 1; I < P->Sites.size(); ++I) {
      Site &S = P->Sites[I];
      if (S.SeriesCount.size() < Len) {
        S.SeriesCount.push_back(S.LiveCount);
        S.SeriesBytes.push_back(S.LiveBytes);
      } else {
        S.SeriesCount[S.Head] = S.LiveCount;
        S.SeriesBytes[S.Head] = S.LiveBytes;
        S.Head = (S.Head + 1) % Len;
      }
    }
  } catch (...) {
  }
}

namespace {
/// Values of a ring, oldest first.
std::vector<uint64_t> ordered(const std::vector<uint64_t> &Ring, size_t Head) {
  std::vector<uint64_t> Out(Ring.begin() + static_cast<long>(Head), Ring.end());
  Out.insert(Out.end(), Ring.begin(), Ring.begin() + static_cast<long>(Head));
  return Out;
}

/// Growth of a live-count series: at least 4 samples, the last above the
/// first, and at least MinRising of the deltas rising. Slope = (last -
/// first) / (samples - 1).
bool rises(const std::vector<uint64_t> &V, double MinRising, double &Slope) {
  Slope = 0;
  if (V.size() < 4 || V.back() <= V.front())
    return false;
  size_t Rising = 0;
  for (size_t I = 1; I < V.size(); ++I)
    Rising += V[I] > V[I - 1];
  Slope = (static_cast<double>(V.back()) - static_cast<double>(V.front())) /
          static_cast<double>(V.size() - 1);
  return static_cast<double>(Rising) >= MinRising * static_cast<double>(V.size() - 1);
}
} // namespace

RawCudaSection RawTracker::section(const RawSymbolizer &Symbolize, bool WithSites) const {
  RawCudaSection Out;
  Out.status = "ok";
  std::vector<Site> Copy;
  {
    std::lock_guard<std::mutex> Lock(P->Mu);
    Out.creates = P->Creates;
    Out.releases = P->Releases;
    Out.unmatched_releases = P->Unmatched;
    Out.dropped = P->Dropped;
    Out.boundaries = P->Boundaries;
    if (!WithSites)
      return Out;
    Copy = P->Sites;
  }
  // Per stack: growth, then only the stacks that matter are symbolized.
  struct Stat {
    bool Grows = false;
    double PerStep = 0, BytesPerStep = 0;
  };
  std::vector<Stat> Stats(Copy.size());
  std::vector<void *> Pcs;
  std::unordered_map<void *, size_t> PcIndex;
  for (size_t I = 1; I < Copy.size(); ++I) {
    const Site &S = Copy[I];
    double Slope = 0, ByteSlope = 0;
    Stats[I].Grows = rises(ordered(S.SeriesCount, S.Head), P->O.min_rising_fraction, Slope);
    if (Stats[I].Grows) {
      rises(ordered(S.SeriesBytes, S.Head), 0, ByteSlope);
      Stats[I].PerStep = Slope;
      Stats[I].BytesPerStep = std::max(0.0, ByteSlope);
    }
    if (S.LiveCount == 0 && !Stats[I].Grows)
      continue;
    for (int K = 0; K < S.NumPcs; ++K)
      if (PcIndex.emplace(S.Pcs[K], Pcs.size()).second)
        Pcs.push_back(S.Pcs[K]);
  }
  std::vector<RawFrameInfo> Info;
  if (!Pcs.empty() && Symbolize)
    Info = Symbolize(Pcs);
  Info.resize(Pcs.size());

  // Group by kind, owner and user chain.
  using GroupKey = std::tuple<std::string, std::string, std::vector<std::tuple<std::string, int64_t, std::string>>>;
  std::map<GroupKey, RawSite> Groups;
  if (Copy[0].LiveCount) {
    Out.unattributed_live += Copy[0].LiveCount;
    Out.unattributed_bytes += Copy[0].LiveBytes;
  }
  for (size_t I = 1; I < Copy.size(); ++I) {
    const Site &S = Copy[I];
    if (S.LiveCount == 0 && !Stats[I].Grows)
      continue;
    RawSite R;
    R.kind = rawKindName(S.Kind);
    R.api = S.Api;
    bool Torch = false;
    for (int K = 0; K < S.NumPcs; ++K) {
      const RawFrameInfo &F = Info[PcIndex[S.Pcs[K]]];
      if (torchLibrary(F.library))
        Torch = true;
      if (R.owner.empty() && !F.symbol.empty()) {
        const RawKind Owner = rawKindOfCreator(F.symbol);
        // CUPTI reports the runtime and driver calls themselves; an owner is
        // a library call above them (cublasCreate_v2, cudnnCreate, ...).
        if (Owner != RawKind::NumKinds && !runtimeOrDriverCall(F.symbol)) {
          R.owner = F.symbol;
          R.owner_kind = rawKindName(Owner);
        }
      }
      if (isUserFrame(F.frame) && R.chain.size() < 8)
        R.chain.push_back(F.frame);
    }
    if (Torch && R.owner.empty()) {
      Out.library_live += S.LiveCount;
      Out.library_bytes += S.LiveBytes;
      continue;
    }
    if (R.chain.empty()) {
      Out.unattributed_live += S.LiveCount;
      Out.unattributed_bytes += S.LiveBytes;
      continue;
    }
    std::vector<std::tuple<std::string, int64_t, std::string>> Chain;
    for (const Frame &F : R.chain)
      Chain.emplace_back(F.filename, F.line, F.name);
    RawSite &G = Groups.emplace(GroupKey(R.kind, R.owner, Chain), R).first->second;
    G.created += S.Created;
    G.released += S.Released;
    G.live += S.LiveCount;
    G.live_bytes += S.LiveBytes;
    G.steps = std::max(G.steps, Out.boundaries - S.FirstBoundary);
    G.grows |= Stats[I].Grows;
    G.live_per_step += Stats[I].PerStep;
    G.bytes_per_step += Stats[I].BytesPerStep;
  }
  for (auto &KV : Groups)
    Out.sites.push_back(std::move(KV.second));
  std::stable_sort(Out.sites.begin(), Out.sites.end(), [](const RawSite &A, const RawSite &B) {
    return A.live > B.live;
  });
  if (Out.sites.size() > P->O.max_report_sites)
    Out.sites.resize(P->O.max_report_sites);
  return Out;
}

} // namespace gpuleak
