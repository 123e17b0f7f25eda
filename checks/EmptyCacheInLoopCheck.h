//===--- EmptyCacheInLoopCheck.h - gpuleak-empty-cache-in-loop -*- C++ -*-===//

#ifndef GPULEAK_CHECKS_EMPTYCACHEINLOOPCHECK_H
#define GPULEAK_CHECKS_EMPTYCACHEINLOOPCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include <optional>

namespace clang::tidy::gpuleak {

/// Finds calls that flush the CUDA caching allocator's cache on every
/// iteration of a loop, directly or through functions of the same translation
/// unit that the loop calls.
///
/// For the user-facing documentation see docs/checks/empty-cache-in-loop.md.
class EmptyCacheInLoopCheck : public ClangTidyCheck {
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
  /// A flush reached from a call in a loop: the calls from the loop's call
  /// down to the flush, outermost first. The last element is the flush.
  using CallChain = llvm::SmallVector<const CallExpr *, 4>;

  /// Returns the chain from \p Call to a flush that runs every time \p Call
  /// runs, or std::nullopt. \p Depth is the number of calls from the loop to
  /// \p Call (1 for a call written in the loop). Memoized per callee and
  /// depth for the translation unit.
  std::optional<CallChain> flushChain(const CallExpr *Call, ASTContext &Ctx,
                                      unsigned Depth);

  /// Whether a flush in a `catch` handler or under `if (i % N == 0)` counts.
  const bool IgnoreRareFlushes;
  /// How many calls deep a flush is looked for (1 = only in the loop).
  const unsigned MaxCallDepth;

  // Per-TU state (a check instance lives for one translation unit).
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>,
                 std::optional<CallChain>>
      CalleeMemo;
  struct Finding {
    CallChain Chain;
    const Stmt *Loop;
  };
  /// Keyed by the flush call, in match order, so each flush is reported once
  /// with its innermost loop.
  llvm::MapVector<const CallExpr *, Finding> Findings;
  const SourceManager *SM = nullptr;
};

} // namespace clang::tidy::gpuleak

#endif
