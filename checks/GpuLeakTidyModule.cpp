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
#include "ConfigProblems.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Basic/Version.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <mutex>
#include <set>

namespace clang::tidy {
namespace gpuleak {

/// Refuses to run inside a clang-tidy of another LLVM release. A plugin built
/// against one LLVM and loaded into another lists its checks, then reports
/// nothing and exits 0 (see docs/building.md); failing loudly is better.
/// Patch releases of one major.minor keep the ABI (same libclang-cpp.so.22.1
/// soname), so only major.minor must match.
static void requireMatchingClang() {
  std::string Running = getClangFullVersion();
  std::string Built = std::to_string(CLANG_VERSION_MAJOR) + "." +
                      std::to_string(CLANG_VERSION_MINOR);
  llvm::StringRef R(Running);
  size_t At = R.find(" version ");
  if (At != llvm::StringRef::npos) {
    llvm::StringRef Version = R.drop_front(At + 9);
    if (Version.consume_front(Built) &&
        (Version.empty() || Version.front() == '.' || Version.front() == ' '))
      return;
  }
  llvm::errs() << "error: gpuleak plugin was built for clang-tidy " << Built
               << " (" CLANG_VERSION_STRING ") but is loaded into '" << Running
               << "'; rebuild gpuleak against this clang-tidy\n";
  std::exit(2);
}

/// The names of the module's checks (filled by addCheckFactories).
static GpuleakChecks &moduleChecks() {
  static GpuleakChecks Names;
  return Names;
}

/// In stock clang-tidy with the plugin: a `Checks` glob of the current
/// configuration that names no gpuleak check (`gpuleak-cuda-unreleasd`) is
/// a clang-tidy-config error (clang-tidy then exits 1), reported once per
/// configuration when its first gpuleak check is created. clang-tidy itself
/// ignores such a glob; a configuration that enables no check at all is
/// clang-tidy's own "Error: no checks enabled.". gpuleak check and
/// gpuleak-tidy check the configuration before any check is created.
static void reportUnknownChecks(ClangTidyContext &Context) {
  if (ConfigValidatedByTool)
    return;
  std::string Checks = Context.getOptions().Checks.value_or("");
  static std::mutex Lock;
  static std::set<std::string> Reported;
  {
    std::lock_guard<std::mutex> L(Lock);
    if (!Reported.insert(Checks).second)
      return;
  }
  for (const std::string &Problem : checksProblems(Checks, moduleChecks()))
    Context.configurationDiag(Problem, DiagnosticIDs::Error);
}

/// In stock clang-tidy with the plugin: a configuration whose
/// WarningsAsErrors names gpuleak checks while its Checks enables none
/// (`--warnings-as-errors='gpuleak-*'` under a `.clang-tidy` that starts
/// with `-*`) analyses nothing of gpuleak and exits 0 (CI trial 16, D10). No
/// gpuleak check is created then, so the other modules' checks, created for
/// each translation unit, say it: a clang-tidy-config warning, once per
/// configuration. A warning, not an error: a subtree's `.clang-tidy` may turn
/// gpuleak off on purpose under an inherited WarningsAsErrors.
/// gpuleak-tidy and gpuleak check refuse the configuration themselves.
static void warnOnWarningsAsErrorsWithoutChecks(
    ClangTidyCheckFactories &Factories) {
  if (ConfigValidatedByTool)
    return;
  std::vector<std::pair<std::string, ClangTidyCheckFactories::CheckFactory>>
      Others;
  for (const auto &Entry : Factories)
    if (!moduleChecks().count(Entry.getKey().str()))
      Others.emplace_back(Entry.getKey().str(), Entry.getValue());
  for (auto &Other : Others)
    Factories.registerCheckFactory(
        Other.first, [Create = std::move(Other.second)](
                         llvm::StringRef Name, ClangTidyContext *Context) {
          // Once per translation unit (its checks are created together);
          // an empty file name: --list-checks and --dump-config.
          thread_local const ClangTidyContext *LastContext = nullptr;
          thread_local std::string LastFile;
          if (!Context->getCurrentFile().empty() &&
              (Context != LastContext ||
               Context->getCurrentFile() != LastFile)) {
            LastContext = Context;
            LastFile = Context->getCurrentFile().str();
            if (std::optional<std::string> Problem =
                    warningsAsErrorsWithoutChecks(Context->getOptions(),
                                                  moduleChecks())) {
              static std::mutex Lock;
              static std::set<std::string> Reported;
              std::lock_guard<std::mutex> L(Lock);
              if (Reported.insert(*Problem).second)
                Context->configurationDiag(*Problem);
            }
          }
          return Create(Name, Context);
        });
}

class GpuLeakModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &CheckFactories) override {
    requireMatchingClang();
    add<CreateGraphCycleCheck>(CheckFactories, "gpuleak-create-graph-cycle");
    add<CudaUnreleasedCheck>(CheckFactories, "gpuleak-cuda-unreleased");
    add<EmptyCacheInLoopCheck>(CheckFactories, "gpuleak-empty-cache-in-loop");
    add<MissingDetachCheck>(CheckFactories, "gpuleak-missing-detach");
    add<MissingNoGradCheck>(CheckFactories, "gpuleak-missing-no-grad");
    add<RetainedTensorCheck>(CheckFactories, "gpuleak-retained-tensor");
    warnOnWarningsAsErrorsWithoutChecks(CheckFactories);
  }

private:
  template <typename CheckT>
  static void add(ClangTidyCheckFactories &Factories, llvm::StringRef Name) {
    moduleChecks()[Name.str()];
    Factories.registerCheckFactory(
        Name, [](llvm::StringRef Name, ClangTidyContext *Context) {
          reportUnknownChecks(*Context);
          return std::make_unique<CheckT>(Name, Context);
        });
  }
};

} // namespace gpuleak

// Register the module with clang-tidy's static registry.
static ClangTidyModuleRegistry::Add<gpuleak::GpuLeakModule>
    X("gpuleak", "Adds checks for GPU memory leaks in LibTorch and "
                        "CUDA code.");

// This anchor is used to force the linker to link in the generated object file
// and thus register the GpuLeakModule. gpuleak-tidy and gpuleak refer to it
// (see tool/), because a static registrar alone is dropped by the linker.
// NOLINTNEXTLINE(misc-use-internal-linkage)
volatile int GpuLeakModuleAnchorSource = 0;

} // namespace clang::tidy
