//===--- LocalFacts.cpp - summary facts read from one function body -------===//

#include "LocalFacts.h"
#include "TorchMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Path.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

namespace {
constexpr char ForwardId[] = "forward";
constexpr char CallId[] = "call";
constexpr char GuardId[] = "guard";
constexpr char SetId[] = "set";
constexpr char BlockId[] = "block";
constexpr char LambdaId[] = "lambda";

/// The grad-mode facts of one body: where grad mode is off, forward calls,
/// other calls, lambda bodies.
struct BodyFacts {
  llvm::SmallVector<SourceRange, 2> NoGrad;
  llvm::SmallVector<SourceRange, 2> Lambdas;
  llvm::SmallVector<const CallExpr *, 4> Forwards;
  llvm::SmallVector<const CallExpr *, 8> Calls;
};
} // namespace

static BodyFacts factsOf(const Stmt &Body, ASTContext &Ctx) {
  BodyFacts B;
  auto GuardVar = varDecl(hasType(hasUnqualifiedDesugaredType(
      recordType(hasDeclaration(gradModeGuardClass())))));
  for (const BoundNodes &N : match(
           findAll(stmt(eachOf(
               stmt(forwardPassCall()).bind(ForwardId),
               callExpr(callee(functionDecl())).bind(CallId),
               lambdaExpr().bind(LambdaId),
               compoundStmt(forEach(declStmt(forEach(GuardVar.bind(GuardId)))))
                   .bind(BlockId),
               compoundStmt(forEach(stmt(gradModeSetEnabledCall()).bind(SetId)))
                   .bind(BlockId)))),
           Body, Ctx)) {
    if (const auto *C = N.getNodeAs<CallExpr>(ForwardId))
      B.Forwards.push_back(C);
    else if (const auto *C = N.getNodeAs<CallExpr>(CallId))
      B.Calls.push_back(C);
    else if (const auto *L = N.getNodeAs<LambdaExpr>(LambdaId))
      B.Lambdas.push_back(L->getBody()->getSourceRange());
    else if (const auto *Block = N.getNodeAs<CompoundStmt>(BlockId)) {
      SourceLocation From;
      bool Off = false;
      if (const auto *V = N.getNodeAs<VarDecl>(GuardId)) {
        Off = guardDisablesGrad(*V, Ctx).value_or(false);
        From = V->getLocation();
      } else if (const auto *C = N.getNodeAs<CallExpr>(SetId)) {
        bool On = true;
        Off = C->getNumArgs() == 1 &&
              C->getArg(0)->EvaluateAsBooleanCondition(On, Ctx) && !On;
        From = C->getBeginLoc();
      }
      if (Off)
        B.NoGrad.push_back(SourceRange(From, Block->getEndLoc()));
    }
  }
  return B;
}

static std::optional<SourceLocation>
forwardRunBy(const FunctionDecl *FD, ASTContext &Ctx, const ProjectIndex *Index,
             unsigned Depth,
             llvm::DenseMap<const FunctionDecl *, std::optional<SourceLocation>> &Memo) {
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Def || !Def->hasBody() || SM.isInSystemHeader(Def->getLocation())) {
    if (!Index || !FD)
      return std::nullopt;
    const FunctionSummary *S = Index->lookup(usrOf(FD->getCanonicalDecl()));
    if (S && S->Forward && !S->DisablesGrad && !S->Backward)
      return SourceLocation(); // runs one, in another file, and trains not
    return std::nullopt;
  }
  auto It = Memo.find(Def);
  if (It != Memo.end())
    return It->second;
  Memo[Def] = std::nullopt; // a recursive call runs nothing more
  BodyFacts B = factsOf(*Def->getBody(), Ctx);
  auto Covered = [&](SourceLocation L) {
    for (SourceRange R : B.NoGrad)
      if (rangeContains(R, L, SM))
        return true;
    for (SourceRange R : B.Lambdas)
      if (rangeContains(R, L, SM))
        return true;
    return false;
  };
  std::optional<SourceLocation> Result;
  for (const CallExpr *C : B.Forwards)
    if (!Covered(C->getBeginLoc())) {
      Result = C->getBeginLoc();
      break;
    }
  if (!Result && Depth < 4)
    for (const CallExpr *C : B.Calls) {
      const FunctionDecl *G = C->getDirectCallee();
      if (!G || G == Def || llvm::is_contained(B.Forwards, C) ||
          Covered(C->getBeginLoc()))
        continue;
      if (forwardRunBy(G, Ctx, Index, Depth + 1, Memo)) {
        Result = C->getBeginLoc();
        break;
      }
    }
  Memo[Def] = Result;
  return Result;
}

std::optional<SourceLocation> forwardRunBy(const FunctionDecl *FD,
                                           ASTContext &Ctx,
                                           const ProjectIndex *Index) {
  llvm::DenseMap<const FunctionDecl *, std::optional<SourceLocation>> Memo;
  return forwardRunBy(FD, Ctx, Index, 0, Memo);
}

SummaryPlace placeOf(SourceLocation L, const SourceManager &SM) {
  SummaryPlace P;
  if (L.isInvalid())
    return P;
  L = SM.getExpansionLoc(L);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L));
  if (!FE)
    return P;
  llvm::SmallString<256> Abs(FE->getName());
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  P.File = std::string(Abs);
  P.Line = SM.getExpansionLineNumber(L);
  P.Column = SM.getExpansionColumnNumber(L);
  return P;
}

SourceLocation locationOf(const SummaryPlace &P, SourceManager &SM) {
  llvm::Expected<FileEntryRef> FE =
      SM.getFileManager().getFileRef(P.File, /*OpenFile=*/true);
  if (!FE) {
    llvm::consumeError(FE.takeError());
    return {};
  }
  FileID FID = SM.getOrCreateFileID(*FE, SrcMgr::C_User);
  return SM.translateLineCol(FID, P.Line, std::max(1u, P.Column));
}

bool disablesGradForBody(const FunctionDecl *FD, ASTContext &Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body)
    return false;
  for (const Stmt *S : Body->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      bool Off = false;
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Off |= !match(varDecl(hasType(hasUnqualifiedDesugaredType(recordType(
                            hasDeclaration(gradModeGuardClass()))))),
                        *V, Ctx)
                      .empty() &&
                 guardDisablesGrad(*V, Ctx).value_or(false);
      if (Off)
        return true;
    }
    if (!match(stmt(gradModeSetEnabledCall()), *S, Ctx).empty()) {
      const auto *E = dyn_cast<Expr>(S);
      const auto *C = E ? dyn_cast<CallExpr>(E->IgnoreImplicit()) : nullptr;
      bool On = true;
      if (C && C->getNumArgs() == 1 &&
          C->getArg(0)->EvaluateAsBooleanCondition(On, Ctx) && !On)
        return true;
    }
    // Any call before the guard may run with grad mode on.
    if (!match(findAll(callExpr()), *S, Ctx).empty())
      return false;
  }
  return false;
}

} // namespace clang::tidy::gpuleak
