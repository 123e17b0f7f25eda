//===--- GpuLeakClangdMain.cpp - clangd with the gpuleak module -----------===//
//
// gpuleak-clangd is clangd 22 with the gpuleak module linked in, so that the
// gpuleak-* diagnostics appear in editors. Stock clangd cannot load plugins.
// GpuLeakClangdDefaults.cpp turns the checks on with no configuration and
// makes nvcc compile commands parse (docs/editors.md).
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/ArrayRef.h"
#include "AfterErrors.h"
#include "ConfigProblems.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
namespace clangd {
// Declared here because Debian ships no clangd headers.
int clangdMain(int argc, char *argv[]);
} // namespace clangd
namespace tidy {
// Defined in checks/GpuLeakTidyModule.cpp; keeps the module's registrar linked.
extern volatile int GpuLeakModuleAnchorSource;
[[maybe_unused]] static int GpuLeakModuleAnchorDestination =
    GpuLeakModuleAnchorSource;
} // namespace tidy
} // namespace clang

int main(int argc, char *argv[]) {
  // The editor keeps clangd's own handling of a configuration.
  clang::tidy::gpuleak::ConfigValidatedByTool = true;
  // The checks see what parsed after an error (checks/AfterErrors.h).
  clang::tidy::gpuleak::ParseAfterErrors = true;
  // As in gpuleak-tidy: builtin and CUDA wrapper headers live in the
  // installed clang's resource dir, not next to this binary.
  static char ResourceDir[] = "--resource-dir=" GPULEAK_CLANG_RESOURCE_DIR;
  llvm::SmallVector<char *, 16> Args(argv, argv + argc);
  bool HasResourceDir = false;
  for (llvm::StringRef A : llvm::ArrayRef<char *>(argv, argc))
    HasResourceDir |= A.contains("resource-dir");
  if (!HasResourceDir)
    Args.insert(Args.begin() + 1, ResourceDir);
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(Args.size()) - 1,
                                   Args.data());
}
