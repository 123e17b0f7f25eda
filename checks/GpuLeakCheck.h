//===--- GpuLeakCheck.h - what every gpuleak check shares --------*- C++ -*-===//
//
// The base of the gpuleak checks. It places each diagnostic where every
// delivery shows it: a location inside a macro of a system header (cuBLAS's
// `#define cublasCreate cublasCreate_v2`, a LibTorch macro) is moved to the
// file location the user wrote: where the macro is used, or, for a macro
// used inside the argument of another one (`CHECK(cublasCreate(&h))`), where
// that argument is written. clang drops warnings in system macros when it is
// told to suppress system warnings, as clangd's diagnostics engine is, so
// clangd never showed such a finding although gpuleak-tidy and
// `gpuleak check` did.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_GPULEAKCHECK_H
#define GPULEAK_CHECKS_GPULEAKCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::gpuleak {

class GpuLeakCheck : public ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  using ClangTidyCheck::diag;

  /// ClangTidyCheck::diag at \p Loc, or at its file location when \p Loc is
  /// in a system header's macro.
  DiagnosticBuilder diag(SourceLocation Loc, StringRef Description,
                         DiagnosticIDs::Level Level = DiagnosticIDs::Warning) {
    if (Sources && Loc.isMacroID() && Sources->isInSystemMacro(Loc))
      Loc = Sources->getFileLoc(Loc);
    return ClangTidyCheck::diag(Loc, Description, Level);
  }

  /// Keeps the translation unit's source manager for diag(). A check that
  /// overrides this must call it.
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *,
                           Preprocessor *) override {
    Sources = &SM;
  }

private:
  const SourceManager *Sources = nullptr;
};

} // namespace clang::tidy::gpuleak

#endif
