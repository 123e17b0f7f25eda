//===--- CudaApis.h - the CUDA resource APIs --------------------*- C++ -*-===//
//
// The kinds of raw CUDA resource that gpuleak-cuda-unreleased follows, and
// the calls that create and release each, read from the one table in
// CudaApis.def (checked against the CUDA headers by test/cuda-api-table/).
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_CUDAAPIS_H
#define GPULEAK_CHECKS_CUDAAPIS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy::gpuleak::cuda {

/// A kind of resource, with its own release calls.
enum class ResKind {
#define CUDA_KIND(Id, Description, Releaser, IsMemory) Id,
#include "CudaApis.def"
};

struct KindInfo {
  ResKind Kind;
  llvm::StringRef Description; // "device memory"
  llvm::StringRef Releaser;    // the call to advise
  bool IsMemory;               // "allocated" rather than "created"
};

/// A call that creates a resource.
struct CreatorInfo {
  llvm::StringRef Name;
  unsigned HandleArg;
  ResKind Kind;
  /// For a struct handle (cudaPitchedPtr), the field that holds the resource.
  llvm::StringRef Field;
  /// The argument itself becomes the resource (cudaHostRegister(ptr, ...)),
  /// rather than an out-parameter receiving it.
  bool ByValue;
};

/// A call that releases the resource passed as argument HandleArg.
struct ReleaserInfo {
  llvm::StringRef Name;
  unsigned HandleArg;
  ResKind Kind;
};

const KindInfo &kindInfo(ResKind K);
/// The call to advise for releasing what \p C creates: of the release calls
/// of its kind, the one of the same API as \p C (the driver's `cu*` calls
/// for a driver call, the runtime's or a library's otherwise), stream-ordered
/// (`...Async`) when \p C is; the kind's Releaser when none fits better.
/// cudaMallocAsync: cudaFreeAsync; cuMemAlloc: cuMemFree.
llvm::StringRef advisedReleaser(const CreatorInfo &C);
/// The creating call named \p Name (without a `_ptsz`/`_ptds` suffix).
const CreatorInfo *findCreator(llvm::StringRef Name);
const ReleaserInfo *findReleaser(llvm::StringRef Name);
/// Every name of a creating call, as the matchers spell them (with the
/// per-thread default-stream spellings of the stream-ordered ones).
llvm::ArrayRef<llvm::StringRef> creatorNames();
llvm::ArrayRef<llvm::StringRef> releaserNames();

} // namespace clang::tidy::gpuleak::cuda

#endif
