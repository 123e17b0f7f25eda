//===--- EmptyCacheInLoopCheck.h - gpuleak-empty-cache-in-loop -*- C++ -*-===//

#ifndef GPULEAK_CHECKS_EMPTYCACHEINLOOPCHECK_H
#define GPULEAK_CHECKS_EMPTYCACHEINLOOPCHECK_H

#include "LoopCallChains.h"
#include "GpuLeakCheck.h"
#include "llvm/ADT/MapVector.h"

namespace clang::tidy::gpuleak {

/// Finds calls that flush the CUDA caching allocator's cache on every
/// iteration of a loop, directly or through functions of the same translation
/// unit that the loop calls.
///
/// For the user-facing documentation see docs/checks/empty-cache-in-loop.md.
class EmptyCacheInLoopCheck : public GpuLeakCheck {
public:
  EmptyCacheInLoopCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  /// Whether a flush in a `catch` handler or under `if (i % N == 0)` counts.
  const bool IgnoreRareFlushes;
  /// How many calls deep a flush is looked for (1 = only in the loop).
  const unsigned MaxCallDepth;

  // Per-TU state (a check instance lives for one translation unit).
  /// Chains from a loop's calls to a flush.
  CallChainSearch Flushes;
  /// Keyed by the flush call, so each flush is reported once, with its
  /// innermost loop.
  llvm::MapVector<const CallExpr *, LoopFinding> Findings;
};

} // namespace clang::tidy::gpuleak

#endif
