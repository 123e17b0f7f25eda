//===--- GpuLeakTidyMain.cpp - clang-tidy with the gpuleak module ---------===//
//
// gpuleak-tidy is clang-tidy 22 itself (same flags, .clang-tidy files and
// NOLINT handling), linked with all stock modules plus the gpuleak module.
//
//===----------------------------------------------------------------------===//

#include "ExactOptions.h"
#include "clang-tidy/tool/ClangTidyMain.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy {
// Defined in checks/GpuLeakTidyModule.cpp; referencing it keeps the module's
// static registrar in the link.
extern volatile int GpuLeakModuleAnchorSource;
[[maybe_unused]] static int GpuLeakModuleAnchorDestination =
    GpuLeakModuleAnchorSource;
} // namespace clang::tidy

int main(int argc, const char **argv) {
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
  llvm::SmallVector<const char *, 16> Args(argv, argv + argc);
  bool HasResourceDir = false;
  for (llvm::StringRef A : Args)
    HasResourceDir |= A.contains("-resource-dir");
  if (!HasResourceDir)
    Args.insert(Args.begin() + 1,
                "--extra-arg-before=-resource-dir=" GPULEAK_CLANG_RESOURCE_DIR);
  return clang::tidy::clangTidyMain(static_cast<int>(Args.size()), Args.data());
}
