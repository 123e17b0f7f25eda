//===--- MissingNoGradCheck.h - gpuleak-missing-no-grad ---------------------------===//

#ifndef GPULEAK_CHECKS_MISSINGNOGRADCHECK_H
#define GPULEAK_CHECKS_MISSINGNOGRADCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::gpuleak {

/// TODO: one-sentence summary (also the first sentence of docs/checks/missing-no-grad.md).
class MissingNoGradCheck : public ClangTidyCheck {
public:
  MissingNoGradCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::gpuleak

#endif
