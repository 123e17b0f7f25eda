//===--- TorchMatchers.cpp - matchers shared by gpuleak checks ------------===//

#include "TorchMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

internal::Matcher<Stmt> loopStmt() {
  return stmt(anyOf(forStmt(), cxxForRangeStmt(), whileStmt(), doStmt()));
}

internal::Matcher<QualType> tensorType() {
  return qualType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
      cxxRecordDecl(isSameOrDerivedFrom("::at::TensorBase"))))));
}

llvm::SmallVector<SourceRange, 4>
rarelyRunRanges(const Stmt *Body, ASTContext &Ctx, bool IsLoop) {
  llvm::SmallVector<SourceRange, 4> Ranges;
  if (!Body)
    return Ranges;
  // Catch: a handler, e.g. `catch (const c10::OutOfMemoryError &)`.
  // Periodic: an `if` whose condition tests a remainder for equality,
  // `i % N == K` or `!(i % N)`; a bare `i % N` is true on most iterations.
  static constexpr char Catch[] = "catch", Periodic[] = "periodic";
  auto Remainder = ignoringParenImpCasts(binaryOperator(hasOperatorName("%")));
  auto PeriodicTest =
      expr(anyOf(binaryOperator(hasOperatorName("=="), hasEitherOperand(Remainder)),
                 unaryOperator(hasOperatorName("!"), hasUnaryOperand(Remainder))));
  auto Matches = match(
      findAll(stmt(anyOf(
          cxxCatchStmt().bind(Catch),
          ifStmt(hasCondition(anyOf(PeriodicTest, hasDescendant(PeriodicTest))))
              .bind(Periodic)))),
      *Body, Ctx);
  if (IsLoop) {
    // Exit: a block of the loop that leaves it (`{ ...; break; }`), except a
    // lambda's body, whose `return` leaves only the lambda.
    static constexpr char Exit[] = "exit", ExitBlock[] = "exitBlock",
                          Lambda[] = "lambda";
    auto Exits = match(
        findAll(stmt(anyOf(
            lambdaExpr().bind(Lambda),
            compoundStmt(forEach(stmt(anyOf(returnStmt(), breakStmt(),
                                            exprWithCleanups(has(cxxThrowExpr())),
                                            cxxThrowExpr()))
                                     .bind(Exit)))
                .bind(ExitBlock)))),
        *Body, Ctx);
    llvm::SmallPtrSet<const Stmt *, 4> LambdaBodies;
    for (const auto &M : Exits)
      if (const auto *L = M.getNodeAs<LambdaExpr>(Lambda))
        LambdaBodies.insert(L->getBody());
    for (const auto &M : Exits) {
      const auto *Block = M.getNodeAs<CompoundStmt>(ExitBlock);
      if (Block && !LambdaBodies.contains(Block))
        Ranges.push_back(SourceRange(Block->getBeginLoc(),
                                     M.getNodeAs<Stmt>(Exit)->getEndLoc()));
    }
  }
  for (const auto &M : Matches) {
    if (const auto *C = M.getNodeAs<CXXCatchStmt>(Catch))
      Ranges.push_back(C->getSourceRange());
    else if (const auto *I = M.getNodeAs<IfStmt>(Periodic))
      Ranges.push_back(I->getThen()->getSourceRange());
  }
  return Ranges;
}

bool isWithinAny(SourceRange Inner, llvm::ArrayRef<SourceRange> Ranges,
                 const SourceManager &SM) {
  SourceLocation B = SM.getExpansionLoc(Inner.getBegin());
  for (SourceRange R : Ranges) {
    SourceLocation RB = SM.getExpansionLoc(R.getBegin());
    SourceLocation RE = SM.getExpansionLoc(R.getEnd());
    if (SM.getFileID(B) != SM.getFileID(RB))
      continue;
    if (!SM.isBeforeInTranslationUnit(B, RB) &&
        !SM.isBeforeInTranslationUnit(RE, B))
      return true;
  }
  return false;
}

} // namespace clang::tidy::gpuleak
