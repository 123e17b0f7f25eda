//===--- LoopCallChains.cpp - calls reached from a loop -------------------===//

#include "LoopCallChains.h"
#include "TorchMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

ast_matchers::StatementMatcher loopWithCall() {
  using namespace ast_matchers;
  return stmt(loopStmt(), forEachDescendant(callExpr(callee(functionDecl())).bind(LoopCallCallId)))
      .bind(LoopCallLoopId);
}

std::optional<CallChain> CallChainSearch::find(const CallExpr *Call,
                                               ASTContext &Ctx,
                                               unsigned Depth) {
  if (Target(*Call, Ctx))
    return CallChain{Call};
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Depth >= MaxDepth)
    return std::nullopt;
  const FunctionDecl *Def = Callee->getDefinition();
  if (!Def || !Def->hasBody() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return std::nullopt;

  auto Prepend = [Call](const CallChain &Rest) {
    CallChain Chain{Call};
    Chain.append(Rest.begin(), Rest.end());
    return Chain;
  };
  auto [It, Inserted] = Memo.try_emplace({Def, Depth}, std::nullopt);
  if (!Inserted) {
    // No chain, or a recursive call still being explored.
    if (!It->second)
      return std::nullopt;
    return Prepend(*It->second);
  }

  static constexpr char CallId[] = "call"; // a call in the callee's body
  const Stmt &Body = *Def->getBody();
  llvm::SmallVector<SourceRange, 4> Skipped = Skip(Body, Ctx);
  std::optional<CallChain> Found;
  for (const auto &M : match(findAll(callExpr().bind(CallId)), Body, Ctx)) {
    const auto *Inner = M.getNodeAs<CallExpr>(CallId);
    if (isWithinAny(Inner->getSourceRange(), Skipped, Ctx.getSourceManager()))
      continue;
    if ((Found = find(Inner, Ctx, Depth + 1)))
      break;
  }
  Memo[{Def, Depth}] = Found;
  if (!Found)
    return std::nullopt;
  return Prepend(*Found);
}

void recordInnermost(llvm::MapVector<const CallExpr *, LoopFinding> &Findings,
                     CallChain Chain, const Stmt *Loop,
                     const SourceManager &SM) {
  const CallExpr *TargetCall = Chain.back();
  auto [It, Inserted] =
      Findings.try_emplace(TargetCall, LoopFinding{Chain, Loop});
  if (!Inserted && SM.isBeforeInTranslationUnit(It->second.Loop->getBeginLoc(),
                                                Loop->getBeginLoc()))
    It->second = LoopFinding{std::move(Chain), Loop};
}

} // namespace clang::tidy::gpuleak
