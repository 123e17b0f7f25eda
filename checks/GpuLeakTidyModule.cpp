//===--- GpuLeakTidyModule.cpp - gpuleak clang-tidy module ----------------===//
//
// Registers the gpuleak-* checks. The same objects are loaded three ways: as a
// plugin into stock clang-tidy-22, linked into gpuleak-tidy, and linked into
// the gpuleak CLI.
//
//===----------------------------------------------------------------------===//

#include "CreateGraphCycleCheck.h"
#include "CudaUnreleasedCheck.h"
#include "EmptyCacheInLoopCheck.h"
#include "MissingDetachCheck.h"
#include "MissingNoGradCheck.h"
#include "RetainedTensorCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Basic/Version.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

namespace clang::tidy {
namespace gpuleak {

/// Refuses to run inside a clang-tidy of another version. A plugin built
/// against one LLVM and loaded into another lists its checks, then reports
/// nothing and exits 0 (see docs/building.md); failing loudly is better.
static void requireMatchingClang() {
  std::string Running = getClangFullVersion();
  llvm::StringRef Built = CLANG_VERSION_STRING;
  if (llvm::StringRef(Running).contains((" version " + Built + " ").str()) ||
      llvm::StringRef(Running).contains((" version " + Built + "-").str()) ||
      llvm::StringRef(Running).ends_with((" version " + Built).str()))
    return;
  llvm::errs() << "error: gpuleak plugin was built for clang " << Built
               << " but is loaded into '" << Running
               << "'; rebuild gpuleak against this clang-tidy\n";
  std::exit(2);
}

class GpuLeakModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &CheckFactories) override {
    requireMatchingClang();
    CheckFactories.registerCheck<CreateGraphCycleCheck>(
        "gpuleak-create-graph-cycle");
    CheckFactories.registerCheck<CudaUnreleasedCheck>(
        "gpuleak-cuda-unreleased");
    CheckFactories.registerCheck<EmptyCacheInLoopCheck>(
        "gpuleak-empty-cache-in-loop");
    CheckFactories.registerCheck<MissingDetachCheck>("gpuleak-missing-detach");
    CheckFactories.registerCheck<MissingNoGradCheck>(
        "gpuleak-missing-no-grad");
    CheckFactories.registerCheck<RetainedTensorCheck>(
        "gpuleak-retained-tensor");
  }
};

} // namespace gpuleak

// Register the module with clang-tidy's static registry.
static ClangTidyModuleRegistry::Add<gpuleak::GpuLeakModule>
    X("gpuleak-module", "Adds checks for GPU memory leaks in LibTorch and "
                        "CUDA code.");

// This anchor is used to force the linker to link in the generated object file
// and thus register the GpuLeakModule. gpuleak-tidy and gpuleak refer to it
// (see tool/), because a static registrar alone is dropped by the linker.
// NOLINTNEXTLINE(misc-use-internal-linkage)
volatile int GpuLeakModuleAnchorSource = 0;

} // namespace clang::tidy
