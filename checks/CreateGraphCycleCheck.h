//===--- CreateGraphCycleCheck.h - gpuleak-create-graph-cycle ---------------------------===//

#ifndef GPULEAK_CHECKS_CREATEGRAPHCYCLECHECK_H
#define GPULEAK_CHECKS_CREATEGRAPHCYCLECHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::gpuleak {

/// TODO: one-sentence summary (also the first sentence of docs/checks/create-graph-cycle.md).
class CreateGraphCycleCheck : public ClangTidyCheck {
public:
  CreateGraphCycleCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::gpuleak

#endif
