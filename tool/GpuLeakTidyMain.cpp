//===--- GpuLeakTidyMain.cpp - clang-tidy with the gpuleak module ---------===//
//
// gpuleak-tidy is clang-tidy 22 itself (same flags, .clang-tidy files and
// NOLINT handling), linked with all stock modules plus the gpuleak module.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"

namespace clang::tidy {
// Defined in checks/GpuLeakTidyModule.cpp; referencing it keeps the module's
// static registrar in the link.
extern volatile int GpuLeakModuleAnchorSource;
[[maybe_unused]] static int GpuLeakModuleAnchorDestination =
    GpuLeakModuleAnchorSource;
} // namespace clang::tidy

int main(int argc, const char **argv) {
  return clang::tidy::clangTidyMain(argc, argv);
}
