//===--- LoopCallChains.h - calls reached from a loop ----------*- C++ -*-===//
//
// The mechanism shared by the checks that report a call made on every
// iteration of a loop, written in the loop or reached through functions of
// the same translation unit that the loop calls (gpuleak-empty-cache-in-loop,
// gpuleak-create-graph-cycle).
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_LOOPCALLCHAINS_H
#define GPULEAK_CHECKS_LOOPCALLCHAINS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include <functional>
#include <optional>

namespace clang::tidy::gpuleak {

/// Bind names of loopWithCall().
inline constexpr char LoopCallLoopId[] = "loop"; // the loop statement
inline constexpr char LoopCallCallId[] = "call"; // a call anywhere inside it

/// A loop statement (LoopCallLoopId), matched once per call of a function
/// anywhere inside it (LoopCallCallId). Loops first, then their calls: cheaper
/// than hasAncestor(loop) on every call of the translation unit.
ast_matchers::StatementMatcher loopWithCall();

/// Calls from a call written in a loop down to the call searched for (the
/// last element), outermost first.
using CallChain = llvm::SmallVector<const CallExpr *, 4>;

/// Searches, from a call, for a chain of calls through function definitions
/// of the translation unit (not those in system headers) to a call that
/// satisfies a target predicate, at most MaxDepth calls deep. Results are
/// memoized per (function, depth) for one translation unit: an answer found
/// with less depth left must not be reused where more is left.
class CallChainSearch {
public:
  /// Whether \p Call is the call searched for.
  using TargetFn = std::function<bool(const CallExpr &Call, ASTContext &Ctx)>;
  /// Source ranges of a callee's \p Body whose calls are not followed, e.g.
  /// code that rarely runs, or the whole body when the callee undoes what is
  /// searched for.
  using SkipFn = std::function<llvm::SmallVector<SourceRange, 4>(
      const Stmt &Body, ASTContext &Ctx)>;

  CallChainSearch(unsigned MaxDepth, TargetFn Target, SkipFn Skip)
      : MaxDepth(MaxDepth), Target(std::move(Target)), Skip(std::move(Skip)) {}

  /// The chain from \p Call (\p Depth calls from the loop; 1 for a call
  /// written in the loop) to a target call, or std::nullopt.
  std::optional<CallChain> find(const CallExpr *Call, ASTContext &Ctx,
                                unsigned Depth = 1);

  /// Forgets the memo (at the end of a translation unit).
  void clear() { Memo.clear(); }

private:
  const unsigned MaxDepth;
  TargetFn Target;
  SkipFn Skip;
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>,
                 std::optional<CallChain>>
      Memo;
};

/// A target call reached from a loop, with the loop.
struct LoopFinding {
  CallChain Chain;
  const Stmt *Loop;
};

/// Records \p Chain, found from a call in \p Loop, keyed by its target call,
/// keeping for each target the innermost loop, whose iterations are the ones
/// that pay. Loops may be matched in any order.
void recordInnermost(llvm::MapVector<const CallExpr *, LoopFinding> &Findings,
                     CallChain Chain, const Stmt *Loop,
                     const SourceManager &SM);

} // namespace clang::tidy::gpuleak

#endif
