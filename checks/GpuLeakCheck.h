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

#include "AfterErrors.h"
#include "clang-tidy/ClangTidyCheck.h"
#include <memory>

namespace clang::tidy::gpuleak {

class GpuLeakCheck : public ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  using ClangTidyCheck::diag;

  /// ClangTidyCheck::diag at \p Loc, or at its file location when \p Loc is
  /// in a system header's macro. In a translation unit with errors, a
  /// finding that may rest on code clang could not see (mayRestOnUnseenCode,
  /// AfterErrors.h) is dropped, with its notes: the builder returned then
  /// reports to nothing.
  DiagnosticBuilder diag(SourceLocation Loc, StringRef Description,
                         DiagnosticIDs::Level Level = DiagnosticIDs::Warning);

  /// Keeps the translation unit's source manager for diag() and, in
  /// gpuleak's own tools, lets the parse go on after errors. A check that
  /// overrides this must call it.
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *) override;

private:
  /// Keeps the translation unit's ASTContext for diag(), then check().
  void run(const ast_matchers::MatchFinder::MatchResult &Result) override;

  const SourceManager *Sources = nullptr;
  ASTContext *AST = nullptr;
  /// The last finding was dropped: so are its notes.
  bool Dropping = false;
  /// Where a dropped finding goes.
  DiagnosticOptions SinkOptions;
  std::unique_ptr<DiagnosticsEngine> Sink;
};

} // namespace clang::tidy::gpuleak

#endif
