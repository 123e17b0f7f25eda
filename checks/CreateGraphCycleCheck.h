//===--- CreateGraphCycleCheck.h - gpuleak-create-graph-cycle ---*- C++ -*-===//

#ifndef GPULEAK_CHECKS_CREATEGRAPHCYCLECHECK_H
#define GPULEAK_CHECKS_CREATEGRAPHCYCLECHECK_H

#include "LoopCallChains.h"
#include "GpuLeakCheck.h"
#include "llvm/ADT/MapVector.h"

namespace clang::tidy::gpuleak {

/// Finds backward() calls with create_graph=true into leaves inside a loop,
/// which build a leaf-grad-graph-leaf reference cycle that is never freed.
///
/// For the user-facing documentation see docs/checks/create-graph-cycle.md.
class CreateGraphCycleCheck : public GpuLeakCheck {
public:
  CreateGraphCycleCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  /// Local tensors created in \p Loop that the receiver of \p Backward is
  /// computed from: the leaves the cycle keeps (notes for runtime evidence).
  llvm::SmallVector<const VarDecl *, 2> leafCandidates(const CallExpr *Backward,
                                                       const Stmt *Loop) const;

  /// How many calls deep a backward call is looked for (1 = only in the loop).
  const unsigned MaxCallDepth;

  // Per-TU state (a check instance lives for one translation unit).
  /// Chains from a loop's calls to a backward(create_graph=true); a callee
  /// that resets the gradients is not followed.
  CallChainSearch Backwards;
  /// Keyed by the backward call, with its innermost loop.
  llvm::MapVector<const CallExpr *, LoopFinding> Findings;
  ASTContext *Ctx = nullptr;
};

} // namespace clang::tidy::gpuleak

#endif
