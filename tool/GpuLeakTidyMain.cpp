//===--- GpuLeakTidyMain.cpp - clang-tidy with the gpuleak module ---------===//
//
// gpuleak-tidy is clang-tidy 22 itself (same flags, .clang-tidy files and
// NOLINT handling), linked with all stock modules plus the gpuleak module.
// The one difference: nvcc commands of a compile database (CMake's CUDA
// language) are read as the clang CUDA commands `gpuleak check` makes of them
// (tool/nvcc/NvccCommand.h). clang-tidy has no hook for that, so the binary
// is linked with GNU ld's --wrap=runClangTidy (tool/CMakeLists.txt), which
// sends clangTidyMain's call of clang-tidy's runClangTidy (ClangTidy.h) here.
//
//===----------------------------------------------------------------------===//

#include "AfterErrors.h"
#include "ConfigProblems.h"
#include "ExactOptions.h"
#include "NvccCommand.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/tool/ClangTidyMain.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/CommandLine.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <set>

namespace clang::tidy {
// Defined in checks/GpuLeakTidyModule.cpp; referencing it keeps the module's
// static registrar in the link.
extern volatile int GpuLeakModuleAnchorSource;
[[maybe_unused]] static int GpuLeakModuleAnchorDestination =
    GpuLeakModuleAnchorSource;
} // namespace clang::tidy

namespace gpuleak {
namespace {
using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

/// \p Base with each nvcc command turned into the clang CUDA one.
class NvccTranslatingDatabase : public CompilationDatabase {
public:
  explicit NvccTranslatingDatabase(const CompilationDatabase &Base)
      : Base(Base) {}
  std::vector<CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    return translated(Base.getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override {
    return Base.getAllFiles();
  }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return translated(Base.getAllCompileCommands());
  }

private:
  static std::vector<CompileCommand>
  translated(std::vector<CompileCommand> Commands) {
    for (CompileCommand &C : Commands) {
      // nvcc's --options-file FILE (CMake's include paths of the CUDA
      // language), expanded as clang-tidy expands `@FILE`.
      std::vector<std::string> Expanded =
          nvccOptionsFilesAsResponseFiles(C.CommandLine, C.Directory);
      if (Expanded != C.CommandLine) {
        clang::tooling::addExpandedResponseFiles(
            Expanded, C.Directory, llvm::cl::TokenizeGNUCommandLine,
            *llvm::vfs::getRealFileSystem());
        C.CommandLine = std::move(Expanded);
      }
      // CMake's precompiled-header wrapper as the headers it lists: its
      // `#pragma GCC system_header` would make them system headers.
      C.CommandLine = expandCMakePchWrapper(C.CommandLine, C.Directory);
      // LibTorch's and CUDA's folders given with -I: library code still.
      C.CommandLine = libraryIncludesAsSystem(C.CommandLine, C.Directory);
      if (std::optional<std::vector<std::string>> Clang =
              translateNvccCommand(C.CommandLine))
        C.CommandLine = std::move(*Clang);
    }
    return Commands;
  }
  const CompilationDatabase &Base;
};
} // namespace

extern clang::tidy::ClangTidyOptionsProvider *LastOptionsProvider;
/// Set when the configuration was refused: gpuleak-tidy exits 1.
static bool ConfigFailed = false;

#define GPULEAK_RUN_CLANG_TIDY                                                 \
  "_ZN5clang4tidy12runClangTidyERNS0_16ClangTidyContextERKNS_7tooling19"     \
  "CompilationDatabaseEN4llvm8ArrayRefINSt7__cxx1112basic_stringIcSt11char_"   \
  "traitsIcESaIcEEEEENS7_18IntrusiveRefCntPtrINS7_3vfs17OverlayFileSystemEEE" \
  "bbNS7_9StringRefEb"

// clang-tidy's runClangTidy, and the function --wrap sends its calls to.
std::vector<clang::tidy::ClangTidyError> realRunClangTidy(
    clang::tidy::ClangTidyContext &Context, const CompilationDatabase &DB,
    llvm::ArrayRef<std::string> Files,
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
    bool ApplyAnyFix, bool EnableCheckProfile, llvm::StringRef StoreCheckProfile,
    bool Quiet) __asm__("__real_" GPULEAK_RUN_CLANG_TIDY);
std::vector<clang::tidy::ClangTidyError> wrapRunClangTidy(
    clang::tidy::ClangTidyContext &Context, const CompilationDatabase &DB,
    llvm::ArrayRef<std::string> Files,
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
    bool ApplyAnyFix, bool EnableCheckProfile, llvm::StringRef StoreCheckProfile,
    bool Quiet) __asm__("__wrap_" GPULEAK_RUN_CLANG_TIDY);
/// A misspelled gpuleak check or option in --checks, --config or a
/// .clang-tidy would turn a check off without a word in clang-tidy: the
/// configuration errors of `gpuleak check`, for the configurations of
/// \p Files. Prints each once; true if there was one.
static bool reportConfigProblems(llvm::ArrayRef<std::string> Files) {
  if (LastOptionsProvider) {
    clang::tidy::gpuleak::GpuleakChecks Known =
        clang::tidy::gpuleak::registeredGpuleakChecks();
    std::set<std::pair<std::string, std::string>> Reported;
    for (const std::string &File : Files)
      for (const auto &[Options, Source] :
           LastOptionsProvider->getRawOptions(File))
        for (const std::string &Problem :
             clang::tidy::gpuleak::configProblems(Options, Known))
          if (Reported.insert({Source, Problem}).second)
            llvm::errs() << "error: gpuleak-tidy: " << Source << ": "
                         << Problem << '\n';
    // --warnings-as-errors='gpuleak-*' under a `Checks: '-*,...'` that
    // enables no gpuleak check: nothing analysed, exit 0 (CI trial 16, D10).
    // Named after the source that set Checks last.
    for (const std::string &File : Files)
      if (std::optional<std::string> Problem =
              clang::tidy::gpuleak::warningsAsErrorsWithoutChecks(
                  LastOptionsProvider->getOptions(File), Known)) {
        std::string Source = "configuration";
        for (const auto &[Options, From] :
             LastOptionsProvider->getRawOptions(File))
          if (Options.Checks)
            Source = From;
        if (Reported.insert({Source, *Problem}).second)
          llvm::errs() << "error: gpuleak-tidy: " << Source << ": " << *Problem
                       << '\n';
      }
    if (!Reported.empty()) {
      ConfigFailed = true;
      return true;
    }
  }
  return false;
}

/// The sources named on the command line (clangTidyMain's positional
/// arguments), for reportConfigProblems() when clang-tidy stops before
/// analysing.
static std::vector<std::string> CommandLineSources;

std::vector<clang::tidy::ClangTidyError> wrapRunClangTidy(
    clang::tidy::ClangTidyContext &Context, const CompilationDatabase &DB,
    llvm::ArrayRef<std::string> Files,
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
    bool ApplyAnyFix, bool EnableCheckProfile, llvm::StringRef StoreCheckProfile,
    bool Quiet) {
  // Before anything is analysed.
  if (reportConfigProblems(Files))
    return {};
  NvccTranslatingDatabase Translated(DB);
  return realRunClangTidy(Context, Translated, Files, std::move(BaseFS),
                          ApplyAnyFix, EnableCheckProfile, StoreCheckProfile,
                          Quiet);
}

// llvm::cl's PrintHelpMessage, and the function --wrap sends clangTidyMain's
// calls of it to: after "Error: no checks enabled." (a `--checks='-*,
// gpuleak-retained-tensr'` whose one check is misspelled), the misspelling
// is named instead of the whole help (new-user trial nu23). `--help` itself
// prints through llvm::cl's option, not this function.
void realPrintHelpMessage(bool Hidden, bool Categorized) __asm__(
    "__real__ZN4llvm2cl16PrintHelpMessageEbb");
void wrapPrintHelpMessage(bool Hidden, bool Categorized) __asm__(
    "__wrap__ZN4llvm2cl16PrintHelpMessageEbb");
void wrapPrintHelpMessage(bool Hidden, bool Categorized) {
  if (!CommandLineSources.empty() && reportConfigProblems(CommandLineSources))
    return;
  realPrintHelpMessage(Hidden, Categorized);
}
} // namespace gpuleak

int main(int argc, const char **argv) {
  // The configuration is validated before the analysis (wrapRunClangTidy).
  clang::tidy::gpuleak::ConfigValidatedByTool = true;
  // The checks see what parsed after an error (checks/AfterErrors.h).
  clang::tidy::gpuleak::ParseAfterErrors = true;
  // A clang tool looks for clang's resource dir (builtin and CUDA wrapper
  // headers) next to its own binary, where ours has none. Point it at the
  // installed clang 22's, unless the user chose one.
  // clang-tidy's llvm::cl reads `--hfoo` as `-h` (the help, exit 0): a CI job
  // with a mistyped flag would pass without analysing anything.
  if (std::optional<std::string> Err = gpuleak::findInexactOption(
          llvm::ArrayRef(argv + 1, argv + argc),
          llvm::cl::SubCommand::getTopLevel(),
          {"p", "extra-arg", "extra-arg-before"})) {
    llvm::errs() << "error: gpuleak-tidy: " << *Err << '\n';
    return 1;
  }
  // The sources: the arguments before `--` that are no option.
  for (int I = 1; I < argc; ++I) {
    llvm::StringRef A = argv[I];
    if (A == "--")
      break;
    if (!A.starts_with("-"))
      gpuleak::CommandLineSources.push_back(A.str());
  }
  llvm::SmallVector<const char *, 16> Args(argv, argv + argc);
  bool HasResourceDir = false;
  for (llvm::StringRef A : Args)
    HasResourceDir |= A.contains("-resource-dir");
  if (!HasResourceDir)
    Args.insert(Args.begin() + 1,
                "--extra-arg-before=-resource-dir=" GPULEAK_CLANG_RESOURCE_DIR);
  int RC =
      clang::tidy::clangTidyMain(static_cast<int>(Args.size()), Args.data());
  return gpuleak::ConfigFailed ? 1 : RC;
}
