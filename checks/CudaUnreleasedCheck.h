//===--- CudaUnreleasedCheck.h - gpuleak-cuda-unreleased ----------------*- C++ -*-===//

#ifndef GPULEAK_CHECKS_CUDAUNRELEASEDCHECK_H
#define GPULEAK_CHECKS_CUDAUNRELEASEDCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::gpuleak {

/// TODO: one-sentence summary (also the first sentence of docs/checks/cuda-unreleased.md).
class CudaUnreleasedCheck : public ClangTidyCheck {
public:
  CudaUnreleasedCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};

} // namespace clang::tidy::gpuleak

#endif
