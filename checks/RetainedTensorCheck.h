//===--- RetainedTensorCheck.h - gpuleak-retained-tensor -------*- C++ -*-===//

#ifndef GPULEAK_CHECKS_RETAINEDTENSORCHECK_H
#define GPULEAK_CHECKS_RETAINEDTENSORCHECK_H

#include "TensorStores.h"
#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::gpuleak {

/// Finds tensors that carry autograd history, or sit in an unbounded
/// shape-keyed cache, stored where they outlive the loop iteration or call
/// that produced them: accumulated, put into a container, or assigned to a
/// member, global or static.
///
/// For the user-facing documentation see docs/checks/retained-tensor.md.
class RetainedTensorCheck : public ClangTidyCheck {
public:
  RetainedTensorCheck(StringRef Name, ClangTidyContext *Context)
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
