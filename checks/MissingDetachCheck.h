//===--- MissingDetachCheck.h - gpuleak-missing-detach ---------*- C++ -*-===//

#ifndef GPULEAK_CHECKS_MISSINGDETACHCHECK_H
#define GPULEAK_CHECKS_MISSINGDETACHCHECK_H

#include "TensorStores.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::gpuleak {

/// Finds a tensor that carries autograd history and is carried into the next
/// iteration (or call) as an input of the computation that produces it, such
/// as a recurrent state, without detach(), so every iteration's graph stays
/// reachable.
///
/// For the user-facing documentation see docs/checks/missing-detach.md.
class MissingDetachCheck : public ClangTidyCheck {
public:
  MissingDetachCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  TensorStoreFinder Stores;
  const SourceManager *SM = nullptr;
  const LangOptions *LangOpts = nullptr;
};

} // namespace clang::tidy::gpuleak

#endif
