//===--- LocalFacts.cpp - summary facts read from one function body -------===//

#include "LocalFacts.h"
#include "TensorStores.h"
#include "TorchMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Path.h"
#include <functional>

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
/// other calls, operations on a module's parameters, lambda bodies.
struct BodyFacts {
  llvm::SmallVector<SourceRange, 2> NoGrad;
  llvm::SmallVector<SourceRange, 2> Lambdas;
  llvm::SmallVector<const CallExpr *, 4> Forwards;
  llvm::SmallVector<const CallExpr *, 8> Calls;
  llvm::SmallVector<const CallExpr *, 2> ParameterOps;
};
} // namespace

/// Whether \p Field is a trainable parameter of a module: a tensor member
/// of a LibTorch layer under the names its parameters have (`weight`,
/// `bias`, `in_proj_weight`, `weight_ih`; not a loss's `weight`, a buffer),
/// or a tensor member of a project module that its constructor assigns from
/// `register_parameter` (`W = register_parameter("W", ...)`, or `W(...)` in
/// its initializer list).
bool isModuleParameter(const FieldDecl *Field, ASTContext &Ctx) {
  const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!RD || match(qualType(tensorType()), Field->getType(), Ctx).empty() ||
      match(cxxRecordDecl(isSameOrDerivedFrom("::torch::nn::Module")), *RD, Ctx)
          .empty())
    return false;
  if (Ctx.getSourceManager().isInSystemHeader(Field->getLocation())) {
    StringRef Name = Field->getName();
    return !RD->getName().contains("Loss") &&
           (Name.contains("weight") || Name.contains("bias"));
  }
  auto Registers = expr(anyOf(
      callExpr(callee(functionDecl(hasName("register_parameter")))),
      hasDescendant(callExpr(callee(functionDecl(hasName("register_parameter")))))));
  auto IsField = ignoringParenImpCasts(memberExpr(member(equalsNode(Field))));
  auto Assigns = expr(anyOf(
      binaryOperator(isAssignmentOperator(), hasLHS(IsField), hasRHS(Registers)),
      cxxOperatorCallExpr(isAssignmentOperator(), hasArgument(0, IsField),
                          hasArgument(1, Registers))));
  for (const CXXConstructorDecl *C : RD->ctors()) {
    const FunctionDecl *Def = C->getDefinition();
    const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(Def);
    if (!Ctor || !Ctor->hasBody())
      continue;
    for (const CXXCtorInitializer *I : Ctor->inits())
      if (I->getMember() == Field && I->getInit() &&
          !match(Registers, *I->getInit(), Ctx).empty())
        return true;
    if (!match(findAll(Assigns), *Ctor->getBody(), Ctx).empty())
      return true;
  }
  return false;
}

bool isParameterOp(const CallExpr *C, ASTContext &Ctx) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD || cutsGraph(C) || !holdsTensor(C->getType()) ||
      FD->getOverloadedOperator() == OO_Equal)
    return false;
  // An in-place write, or a copy of the parameter (`fc->weight.cpu()`,
  // `clone()`: weights exported or logged), builds no computation on it.
  if (FD->getIdentifier() &&
      (FD->getName().ends_with("_") ||
       llvm::is_contained({"to", "cpu", "cuda", "clone", "contiguous"},
                          FD->getName())))
    return false;
  llvm::SmallVector<const Expr *, 4> Inputs(C->arguments());
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
    Inputs.push_back(MC->getImplicitObjectArgument());
  return llvm::any_of(Inputs, [&](const Expr *In) {
    const auto *ME = dyn_cast_or_null<MemberExpr>(In ? In->IgnoreParenImpCasts() : nullptr);
    const auto *Field = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    return Field && isModuleParameter(Field, Ctx);
  });
}

/// Whether the value of \p Op, a call in \p FD's body, reaches what \p FD
/// returns (outside lambdas): it is part of a returned expression, or of
/// the value of a local that one is computed from, through initializers and
/// assignments, not through a cut (`detach()`, `item()`).
static bool reachesReturn(const CallExpr *Op, const FunctionDecl *FD,
                          ASTContext &Ctx) {
  llvm::SmallPtrSet<const VarDecl *, 8> Carrying;
  // Whether \p E holds Op or a local of Carrying, other than under a cut.
  std::function<bool(const Stmt *)> Holds = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return false;
    if (S == Op)
      return true;
    if (const auto *C = dyn_cast<CallExpr>(S); C && cutsGraph(C))
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        return Carrying.contains(VD);
    for (const Stmt *Child : S->children())
      if (Holds(Child))
        return true;
    return false;
  };
  static constexpr char VarId[] = "var", ValueId[] = "value", RetId[] = "ret";
  auto Local = varDecl(hasLocalStorage());
  auto Flows = match(
      stmt(forEachDescendant(
          varDecl(Local, hasInitializer(expr().bind(ValueId))).bind(VarId))),
      *FD->getBody(), Ctx);
  llvm::append_range(Flows, match(
      findAll(stmt(anyOf(
          binaryOperator(isAssignmentOperator(),
                         hasLHS(ignoringParenImpCasts(declRefExpr(to(Local.bind(VarId))))),
                         hasRHS(expr().bind(ValueId))),
          cxxOperatorCallExpr(isAssignmentOperator(),
                              hasArgument(0, ignoringParenImpCasts(declRefExpr(
                                                 to(Local.bind(VarId))))),
                              hasArgument(1, expr().bind(ValueId))),
          returnStmt(hasReturnValue(expr().bind(RetId)),
                     unless(hasAncestor(lambdaExpr())))))),
      *FD->getBody(), Ctx));
  // Locals that carry it, to a fixed point (each round adds one at least).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const BoundNodes &N : Flows) {
      const auto *V = N.getNodeAs<VarDecl>(VarId);
      if (V && !Carrying.contains(V) && Holds(N.getNodeAs<Expr>(ValueId))) {
        Carrying.insert(V);
        Changed = true;
      }
    }
  }
  return llvm::any_of(Flows, [&](const BoundNodes &N) {
    return Holds(N.getNodeAs<Expr>(RetId));
  });
}

static BodyFacts factsOf(const Stmt &Body, ASTContext &Ctx) {
  BodyFacts B;
  auto GuardVar = gradModeGuardVar();
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
    else if (const auto *C = N.getNodeAs<CallExpr>(CallId)) {
      B.Calls.push_back(C);
      if (isParameterOp(C, Ctx))
        B.ParameterOps.push_back(C);
    }
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

struct ForwardFactsCache::Impl {
  /// By body; held by pointer, so that a recursive call that adds bodies
  /// leaves the facts of its caller in place.
  llvm::DenseMap<const Stmt *, std::unique_ptr<BodyFacts>> Bodies;
};
ForwardFactsCache::ForwardFactsCache() : P(std::make_unique<Impl>()) {}
ForwardFactsCache::~ForwardFactsCache() = default;
void ForwardFactsCache::clear() { P->Bodies.clear(); }

static std::optional<SourceLocation> forwardRunBy(
    const FunctionDecl *FD, ASTContext &Ctx, const ProjectIndex *Index,
    unsigned Depth,
    llvm::DenseMap<const FunctionDecl *, std::optional<SourceLocation>> &Memo,
    ForwardFactsCache *Cache) {
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
  const Stmt *Body = Def->getBody();
  std::unique_ptr<BodyFacts> Own;
  std::unique_ptr<BodyFacts> &Slot = Cache ? Cache->P->Bodies[Body] : Own;
  if (!Slot)
    Slot = std::make_unique<BodyFacts>(factsOf(*Body, Ctx));
  const BodyFacts &B = *Slot;
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
  // A computation with the module's trainable parameters whose value it
  // returns builds a graph as a forward call does (`forward_with_precision`
  // multiplying by `fc1->weight`).
  if (!Result && holdsTensor(Def->getReturnType()))
    for (const CallExpr *C : B.ParameterOps)
      if (!Covered(C->getBeginLoc()) && reachesReturn(C, Def, Ctx)) {
        Result = C->getBeginLoc();
        break;
      }
  if (!Result && Depth < 4)
    for (const CallExpr *C : B.Calls) {
      const FunctionDecl *G = C->getDirectCallee();
      if (!G || G == Def || llvm::is_contained(B.Forwards, C) ||
          Covered(C->getBeginLoc()))
        continue;
      if (forwardRunBy(G, Ctx, Index, Depth + 1, Memo, Cache)) {
        Result = C->getBeginLoc();
        break;
      }
    }
  Memo[Def] = Result;
  return Result;
}

std::optional<SourceLocation> forwardRunBy(const FunctionDecl *FD,
                                           ASTContext &Ctx,
                                           const ProjectIndex *Index,
                                           ForwardFactsCache *Cache) {
  llvm::DenseMap<const FunctionDecl *, std::optional<SourceLocation>> Memo;
  return forwardRunBy(FD, Ctx, Index, 0, Memo, Cache);
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

std::vector<std::pair<std::string, SourceLocation>>
calledUnguardedNotes(const ProjectIndex &Index, const FunctionDecl *FD,
                     SourceManager &SM) {
  std::vector<std::pair<std::string, SourceLocation>> Notes;
  for (const SummaryCall &Call :
       Index.unguardedCalls(usrOf(FD->getCanonicalDecl())))
    if (SourceLocation At = locationOf(Call.At, SM); At.isValid())
      Notes.push_back({formatNote(CalledUnguardedNote, {Call.Callee}), At});
  return Notes;
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
          Off |= !match(gradModeGuardVar(), *V, Ctx).empty() &&
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

int paramOfArgument(const CallExpr *Call, unsigned Arg) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return -1;
  unsigned Shift =
      isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  if (Arg < Shift || Arg - Shift >= Callee->getNumParams())
    return -1;
  return Arg - Shift;
}

/// Whether \p C calls `std::forward` or `std::move` (also as written in a
/// template, before its instantiation).
static bool isForwardOrMove(const CallExpr *C) {
  if (C->getNumArgs() != 1)
    return false;
  if (const FunctionDecl *FD = C->getDirectCallee())
    return FD->isInStdNamespace() && FD->getIdentifier() &&
           (FD->getName() == "forward" || FD->getName() == "move");
  if (const auto *U = dyn_cast<UnresolvedLookupExpr>(C->getCallee()->IgnoreImplicit()))
    return U->getName().isIdentifier() &&
           (U->getName().getAsString() == "forward" ||
            U->getName().getAsString() == "move");
  return false;
}

/// The callable that \p C invokes: `fn` of `fn(x)` (a pointer, a reference
/// to a function, or an object with `operator()`), of `fn.operator()(x)`
/// and of `std::invoke(fn, x)`, with `std::forward`/`std::move` taken off.
/// Null when \p C calls a named function.
static const Expr *invokedOperand(const CallExpr *C) {
  const Expr *E = nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C)) {
    if (Op->getOperator() != OO_Call || Op->getNumArgs() == 0)
      return nullptr;
    E = Op->getArg(0);
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (!MD || MD->getOverloadedOperator() != OO_Call)
      return nullptr;
    E = MC->getImplicitObjectArgument();
  } else if (const FunctionDecl *FD = C->getDirectCallee()) {
    if (!FD->isInStdNamespace() || !FD->getIdentifier() ||
        FD->getName() != "invoke" || C->getNumArgs() == 0)
      return nullptr;
    E = C->getArg(0);
  } else {
    E = C->getCallee();
  }
  for (unsigned Steps = 0; E && Steps < 4; ++Steps) {
    E = E->IgnoreImplicit()->IgnoreParens();
    const auto *Wrap = dyn_cast<CallExpr>(E);
    if (!Wrap || !isForwardOrMove(Wrap))
      break;
    E = Wrap->getArg(0);
  }
  return E;
}

/// Whether a value of type \p T may be called: a function (pointer or
/// reference), an object whose class (or a base) declares `operator()`,
/// or a type not known before instantiation.
static bool mayBeCalled(QualType T, unsigned Depth = 0) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isDependentType() || T->isFunctionType() ||
      T->isFunctionPointerType() || T->isMemberFunctionPointerType())
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 4)
    return false;
  RD = RD->getDefinition();
  if (!RD->lookup(RD->getASTContext().DeclarationNames.getCXXOperatorName(
                      OO_Call))
           .empty())
    return true;
  return llvm::any_of(RD->bases(), [&](const CXXBaseSpecifier &B) {
    return mayBeCalled(B.getType(), Depth + 1);
  });
}

std::vector<ParamInvoke> invokedParams(const FunctionDecl *FD,
                                       ASTContext &Ctx) {
  std::vector<ParamInvoke> Out;
  const Stmt *Body = FD->getBody();
  if (!Body || llvm::none_of(FD->parameters(), [](const ParmVarDecl *P) {
        return mayBeCalled(P->getType());
      }))
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  static constexpr char RefId[] = "ref", TestId[] = "test", LoopId[] = "loop";
  auto GuardVar = gradModeGuardVar();
  auto ParamRef = declRefExpr(to(parmVarDecl()));
  struct Event {
    SourceLocation Loc;
    SourceRange Block;
    bool Disables;
  };
  llvm::SmallVector<Event, 2> Events;
  llvm::SmallVector<SourceRange, 2> Lambdas, Loops;
  llvm::SmallVector<const CallExpr *, 8> Calls;
  llvm::SmallVector<const DeclRefExpr *, 8> Refs;
  llvm::SmallPtrSet<const DeclRefExpr *, 4> Tests;
  for (const BoundNodes &N : match(
           findAll(stmt(eachOf(
               callExpr().bind(CallId), lambdaExpr().bind(LambdaId),
               stmt(loopStmt()).bind(LoopId), ParamRef.bind(RefId),
               compoundStmt(forEach(declStmt(forEach(GuardVar.bind(GuardId)))))
                   .bind(BlockId),
               compoundStmt(forEach(stmt(gradModeSetEnabledCall()).bind(SetId)))
                   .bind(BlockId),
               // Tests of the callable (`if (!fn)`, `if (fn)`), which run
               // nothing.
               cxxMemberCallExpr(
                   callee(cxxConversionDecl(returns(booleanType()))),
                   on(ignoringParenImpCasts(ParamRef.bind(TestId)))),
               implicitCastExpr(hasCastKind(CK_PointerToBoolean),
                                hasSourceExpression(ignoringParenImpCasts(
                                    ParamRef.bind(TestId))))))),
           *Body, Ctx)) {
    if (const auto *R = N.getNodeAs<DeclRefExpr>(TestId))
      Tests.insert(R);
    if (const auto *C = N.getNodeAs<CallExpr>(CallId))
      Calls.push_back(C);
    else if (const auto *L = N.getNodeAs<LambdaExpr>(LambdaId))
      Lambdas.push_back(L->getBody()->getSourceRange());
    else if (const auto *L = N.getNodeAs<Stmt>(LoopId))
      Loops.push_back(L->getSourceRange());
    else if (const auto *R = N.getNodeAs<DeclRefExpr>(RefId))
      Refs.push_back(R);
    else if (const auto *Block = N.getNodeAs<CompoundStmt>(BlockId)) {
      if (const auto *V = N.getNodeAs<VarDecl>(GuardId))
        Events.push_back({V->getBeginLoc(), Block->getSourceRange(),
                          guardDisablesGrad(*V, Ctx).value_or(false)});
      else if (const auto *C = N.getNodeAs<CallExpr>(SetId)) {
        bool On = true;
        bool Off = C->getNumArgs() == 1 &&
                   C->getArg(0)->EvaluateAsBooleanCondition(On, Ctx) && !On;
        Events.push_back({C->getBeginLoc(), Block->getSourceRange(), Off});
      }
    }
  }
  if (Refs.empty())
    return Out;
  // The innermost lambda of the body around \p L (an invalid range: none).
  auto LambdaAround = [&](SourceLocation L) {
    SourceRange Best;
    for (SourceRange R : Lambdas)
      if (rangeContains(R, L, SM) &&
          (Best.isInvalid() || isBeforeExpanded(Best.getBegin(), R.getBegin(), SM)))
        Best = R;
    return Best;
  };
  // The guard (or set_enabled(false)) that turns grad mode off at \p L:
  // the last grad-mode event of a block around \p L before it, in the same
  // lambda (or outside every lambda) decides.
  auto OffAt = [&](SourceLocation L) -> std::optional<SourceLocation> {
    SourceRange Own = LambdaAround(L);
    const Event *Last = nullptr;
    for (const Event &E : Events)
      if (rangeContains(E.Block, L, SM) && isBeforeExpanded(E.Loc, L, SM) &&
          LambdaAround(E.Loc) == Own &&
          (!Last || isBeforeExpanded(Last->Loc, E.Loc, SM)))
        Last = &E;
    if (!Last || !Last->Disables)
      return std::nullopt;
    return Last->Loc;
  };
  llvm::DenseMap<const DeclRefExpr *, const CallExpr *> InvokedBy;
  for (const CallExpr *C : Calls)
    if (const auto *R = dyn_cast_or_null<DeclRefExpr>(invokedOperand(C)))
      InvokedBy[R] = C;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    ParamInvoke PI;
    PI.Param = I;
    bool Invoked = false, AllGuarded = true;
    SourceLocation First;
    for (const DeclRefExpr *R : Refs) {
      if (R->getDecl() != P)
        continue;
      if (Tests.contains(R))
        continue;
      const CallExpr *C = InvokedBy.lookup(R);
      if (!C) {
        AllGuarded = false; // stored, passed on, copied into a thread
        continue;
      }
      SourceLocation At = C->getBeginLoc();
      if (!Invoked || isBeforeExpanded(At, First, SM))
        First = At;
      Invoked = true;
      if (!OffAt(At))
        AllGuarded = false;
      SourceRange Own = LambdaAround(At);
      for (SourceRange L : Loops)
        if (rangeContains(L, At, SM) && LambdaAround(L.getBegin()) == Own)
          PI.InLoop = true;
    }
    if (!Invoked)
      continue;
    PI.At = placeOf(First, SM);
    if (AllGuarded)
      if (std::optional<SourceLocation> Guard = OffAt(First))
        PI.Guard = placeOf(*Guard, SM);
    Out.push_back(std::move(PI));
  }
  return Out;
}

} // namespace clang::tidy::gpuleak
