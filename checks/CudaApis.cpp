//===--- CudaApis.cpp - the CUDA resource APIs ----------------------------===//

#include "CudaApis.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ErrorHandling.h"
#include <vector>

namespace clang::tidy::gpuleak::cuda {

namespace {
// clang-format off
constexpr KindInfo Kinds[] = {
#define CUDA_KIND(Id, Description, Releaser, IsMemory) {ResKind::Id, Description, Releaser, IsMemory},
#include "CudaApis.def"
};

constexpr CreatorInfo Creators[] = {
#define CUDA_CREATOR(Name, HandleArg, Kind, Field) {#Name, HandleArg, ResKind::Kind, Field, false},
#define CUDA_REGISTRAR(Name, HandleArg, Kind) {#Name, HandleArg, ResKind::Kind, "", true},
#include "CudaApis.def"
};

constexpr ReleaserInfo Releasers[] = {
#define CUDA_RELEASER(Name, HandleArg, Kind) {#Name, HandleArg, ResKind::Kind},
#include "CudaApis.def"
};
// clang-format on

template <typename T> const llvm::StringMap<const T *> &indexOf(llvm::ArrayRef<T> Table) {
  static const llvm::StringMap<const T *> Index = [&] {
    llvm::StringMap<const T *> M;
    for (const T &E : Table)
      M.try_emplace(E.Name, &E);
    return M;
  }();
  return Index;
}
} // namespace

const KindInfo &kindInfo(ResKind K) {
  for (const KindInfo &I : Kinds)
    if (I.Kind == K)
      return I;
  llvm_unreachable("every kind has an entry");
}

namespace {
// The CUDA driver API's calls are cu + an upper-case letter (cuMemAlloc);
// the runtime's (cudaMalloc) and the libraries' (cublasCreate) are not.
bool isDriverCall(llvm::StringRef Name) {
  return Name.size() > 2 && Name.starts_with("cu") && llvm::isUpper(Name[2]);
}
bool isStreamOrdered(llvm::StringRef Name) {
  Name.consume_back("_v2");
  return Name.ends_with("Async");
}
unsigned fit(llvm::StringRef Creator, llvm::StringRef Releaser) {
  return (isDriverCall(Creator) == isDriverCall(Releaser) ? 2 : 0) +
         (isStreamOrdered(Creator) == isStreamOrdered(Releaser) ? 1 : 0);
}
} // namespace

llvm::StringRef advisedReleaser(const CreatorInfo &C) {
  llvm::StringRef Best = kindInfo(C.Kind).Releaser;
  unsigned BestFit = fit(C.Name, Best);
  for (const ReleaserInfo &R : Releasers)
    if (R.Kind == C.Kind && fit(C.Name, R.Name) > BestFit) {
      Best = R.Name;
      BestFit = fit(C.Name, R.Name);
    }
  return Best;
}

const CreatorInfo *findCreator(llvm::StringRef Name) {
  return indexOf(llvm::ArrayRef(Creators)).lookup(Name);
}

const ReleaserInfo *findReleaser(llvm::StringRef Name) {
  return indexOf(llvm::ArrayRef(Releasers)).lookup(Name);
}

llvm::ArrayRef<llvm::StringRef> creatorNames() {
  static const std::vector<llvm::StringRef> Names = [] {
    std::vector<llvm::StringRef> N;
    for (const CreatorInfo &C : Creators)
      N.push_back(C.Name);
    // The per-thread default-stream spellings of the stream-ordered APIs.
    for (llvm::StringRef S : {"cudaMallocAsync_ptsz", "cudaMallocFromPoolAsync_ptsz",
                              "cudaStreamEndCapture_ptsz", "cuStreamEndCapture_ptsz",
                              "cuMemAllocAsync_ptsz", "cuMemAllocFromPoolAsync_ptsz",
                              "cuMemMapArrayAsync_ptsz"})
      N.push_back(S);
    return N;
  }();
  return Names;
}

llvm::ArrayRef<llvm::StringRef> releaserNames() {
  static const std::vector<llvm::StringRef> Names = [] {
    std::vector<llvm::StringRef> N;
    for (const ReleaserInfo &R : Releasers)
      N.push_back(R.Name);
    for (llvm::StringRef S : {"cudaFreeAsync_ptsz", "cuMemFreeAsync_ptsz"})
      N.push_back(S);
    return N;
  }();
  return Names;
}

} // namespace clang::tidy::gpuleak::cuda
