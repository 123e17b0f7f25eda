//===--- CreateGraphCycleCheck.cpp - gpuleak-create-graph-cycle -----------===//

#include "CreateGraphCycleCheck.h"
#include "TorchMatchers.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

namespace {
// Bind names.
constexpr char ResetId[] = "reset"; // a call that drops .grad (see below)
} // namespace

/// The `create_graph` and `inputs` arguments of a backward call:
/// `Tensor::backward(gradient, retain_graph, create_graph, inputs)`
/// (ATen/core/TensorBody.h) and `torch::autograd::backward(tensors,
/// grad_tensors, retain_graph, create_graph, inputs)`
/// (torch/csrc/autograd/autograd.h). Both null for any other call.
static std::pair<const Expr *, const Expr *> backwardArgs(const CallExpr *C,
                                                          ASTContext &Ctx) {
  auto Method = cxxMemberCallExpr(callee(cxxMethodDecl(
      hasName("backward"), ofClass(isSameOrDerivedFrom("::at::TensorBase")))));
  auto Free = callExpr(
      callee(functionDecl(hasName("::torch::autograd::backward"))));
  unsigned First;
  if (!match(Method, *C, Ctx).empty())
    First = 2;
  else if (!match(Free, *C, Ctx).empty())
    First = 3;
  else
    return {nullptr, nullptr};
  if (C->getNumArgs() <= First)
    return {nullptr, nullptr};
  const Expr *Inputs = C->getNumArgs() > First + 1 ? C->getArg(First + 1)
                                                   : nullptr;
  if (Inputs && isa<CXXDefaultArgExpr>(Inputs->IgnoreImplicit()))
    Inputs = nullptr;
  return {C->getArg(First), Inputs};
}

/// Whether \p E is known to be true: a constant, or a local variable
/// initialized to a constant true and never changed. \p Via is that variable.
static bool isKnownTrue(const Expr *E, ASTContext &Ctx, const VarDecl *&Via) {
  Via = nullptr;
  E = E->IgnoreImplicit();
  if (isa<CXXDefaultArgExpr>(E))
    return false;
  bool Value = false;
  if (E->EvaluateAsBooleanCondition(Value, Ctx))
    return Value;
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->getInit() || !VD->isLocalVarDecl() ||
      VD->getType()->isReferenceType() ||
      !VD->getInit()->EvaluateAsBooleanCondition(Value, Ctx) || !Value)
    return false;
  const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  if (!FD || !FD->getBody())
    return false;
  if (ExprMutationAnalyzer(*FD->getBody(), Ctx).isMutated(VD))
    return false;
  Via = VD;
  return true;
}

/// Matches code that sets gradients back to undefined, which breaks the
/// cycle: `zero_grad()` of an optimizer or module with `set_to_none` true
/// (the default; torch/optim/optimizer.h, torch/nn/module.h), and
/// `t.mutable_grad().reset()` or `t.mutable_grad() = ...`.
static StatementMatcher gradReset() {
  auto MutableGrad = ignoringImplicit(
      cxxMemberCallExpr(callee(cxxMethodDecl(hasName("mutable_grad")))));
  return stmt(anyOf(
      cxxMemberCallExpr(callee(cxxMethodDecl(
                            hasName("zero_grad"),
                            ofClass(anyOf(
                                isSameOrDerivedFrom("::torch::optim::Optimizer"),
                                isSameOrDerivedFrom("::torch::nn::Module"))))))
          .bind(ResetId),
      cxxMemberCallExpr(callee(cxxMethodDecl(hasName("reset"))),
                        on(MutableGrad)),
      cxxOperatorCallExpr(isAssignmentOperator(), hasArgument(0, MutableGrad))));
}

/// Whether \p S contains a gradReset() that does set gradients to undefined.
static bool resetsGrads(const Stmt &S, ASTContext &Ctx) {
  for (const BoundNodes &N : match(findAll(gradReset()), S, Ctx)) {
    const auto *Z = N.getNodeAs<CallExpr>(ResetId);
    if (!Z)
      return true;
    bool SetToNone = true;
    if (Z->getNumArgs() > 0 && !isa<CXXDefaultArgExpr>(Z->getArg(0)) &&
        !Z->getArg(0)->EvaluateAsBooleanCondition(SetToNone, Ctx))
      SetToNone = false; // unknown: assume the gradients are kept
    if (SetToNone)
      return true;
  }
  return false;
}

/// Whether the local tensor \p V may be a leaf of the graph: made by a
/// factory (`torch::full(..., opts)`, `torch::ones(...)`: a function that
/// takes no tensor), or by `requires_grad_()`. Not the output of a forward
/// pass or of another operation on tensors (`auto logits =
/// model->forward(x)`), which is no leaf and has no .grad (CI trial 15, D9:
/// the note called such an output a leaf). An initializer of another shape
/// (a copy of another variable) may name a leaf.
static bool mayBeLeaf(const VarDecl *V, ASTContext &Ctx) {
  const Expr *E = V->getInit();
  while (E) {
    E = E->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1) {
      E = CE->getArg(0);
      continue;
    }
    break;
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  if (!Call)
    return true;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (FD && FD->getDeclName().isIdentifier() &&
      (FD->getName() == "requires_grad_" || FD->getName() == "set_requires_grad"))
    return true;
  if (isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call) || !FD)
    return false;
  return llvm::none_of(Call->arguments(), [&](const Expr *A) {
    return !match(tensorType(), A->getType().getNonReferenceType(), Ctx).empty();
  });
}

/// Local tensors created inside \p Loop that the tensor \p Backward is
/// called on is computed from directly (`w` in `auto e = (w * w).sum();
/// e.backward(...)`): the candidate leaves whose memory the cycle keeps, one
/// per iteration. The runtime verifier attributes the growth to their
/// creation, so the finding names them in notes (docs/runtime.md).
llvm::SmallVector<const VarDecl *, 2>
CreateGraphCycleCheck::leafCandidates(const CallExpr *Backward,
                                      const Stmt *Loop) const {
  llvm::SmallVector<const VarDecl *, 2> Leaves;
  const auto *Member = dyn_cast<CXXMemberCallExpr>(Backward);
  if (!Member)
    return Leaves;
  const auto *Receiver = dyn_cast<DeclRefExpr>(
      Member->getImplicitObjectArgument()->IgnoreParenImpCasts());
  const auto *ReceiverVar =
      Receiver ? dyn_cast<VarDecl>(Receiver->getDecl()) : nullptr;
  if (!ReceiverVar || !ReceiverVar->hasLocalStorage() ||
      !ReceiverVar->getInit())
    return Leaves;
  static constexpr char VarId[] = "var"; // a local tensor the receiver uses
  const SourceManager &SM = Ctx->getSourceManager();
  SourceRange LoopRange = Loop->getSourceRange();
  for (const auto &M : match(
           findAll(declRefExpr(to(varDecl(hasLocalStorage(), unless(parmVarDecl()),
                                          hasType(tensorType()))
                                      .bind(VarId)))),
           *ReceiverVar->getInit(), *Ctx)) {
    const auto *V = M.getNodeAs<VarDecl>(VarId);
    if (V == ReceiverVar || llvm::is_contained(Leaves, V) ||
        !rangeContains(LoopRange, V->getLocation(), SM) || !mayBeLeaf(V, *Ctx))
      continue;
    Leaves.push_back(V);
  }
  return Leaves;
}

CreateGraphCycleCheck::CreateGraphCycleCheck(StringRef Name,
                                             ClangTidyContext *Context)
    : GpuLeakCheck(Name, Context),
      MaxCallDepth(Options.get("MaxCallDepth", 8U)),
      Backwards(
          MaxCallDepth,
          [](const CallExpr &Call, ASTContext &Ctx) {
            auto [CreateGraph, Inputs] = backwardArgs(&Call, Ctx);
            const VarDecl *Via = nullptr;
            // With `inputs`, the gradients may go to non-leaves only; not
            // reported.
            return CreateGraph && !Inputs && isKnownTrue(CreateGraph, Ctx, Via);
          },
          [](const Stmt &Body, ASTContext &Ctx) {
            // A callee that drops the gradients itself breaks the cycle.
            llvm::SmallVector<SourceRange, 4> Skipped;
            if (resetsGrads(Body, Ctx))
              Skipped.push_back(Body.getSourceRange());
            return Skipped;
          }) {}

void CreateGraphCycleCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MaxCallDepth", MaxCallDepth);
}

void CreateGraphCycleCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(loopWithCall(), this);
}

void CreateGraphCycleCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Loop = Result.Nodes.getNodeAs<Stmt>(LoopCallLoopId);
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>(LoopCallCallId);
  assert(Loop && Call && "matcher binds a loop and a call");
  Ctx = Result.Context;
  std::optional<CallChain> Chain = Backwards.find(Call, *Ctx);
  if (!Chain)
    return;
  recordInnermost(Findings, std::move(*Chain), Loop, *Result.SourceManager);
}

void CreateGraphCycleCheck::onEndOfTranslationUnit() {
  for (const auto &[Backward, F] : Findings) {
    // Gradients set back to undefined in the loop break the cycle.
    if (resetsGrads(*F.Loop, *Ctx))
      continue;
    diag(Backward->getBeginLoc(),
         "backward pass with create_graph=true stores in each leaf's .grad a "
         "gradient whose graph references the leaf, a reference cycle that is "
         "never freed; compute the gradients with "
         "'torch::autograd::grad(..., /*create_graph=*/true)', which returns "
         "them instead")
        << Ctx->getSourceManager().getExpansionRange(Backward->getSourceRange());
    const VarDecl *Via = nullptr;
    auto Args = backwardArgs(Backward, *Ctx);
    if (Args.first && isKnownTrue(Args.first, *Ctx, Via) && Via)
      diag(Via->getLocation(), "'create_graph' is %0, which is always true here",
           DiagnosticIDs::Note)
          << Via;
    for (const CallExpr *Step : llvm::ArrayRef(F.Chain).drop_back())
      diag(Step->getBeginLoc(), "%0 is called here", DiagnosticIDs::Note)
          << Step->getDirectCallee()
          << Ctx->getSourceManager().getExpansionRange(Step->getSourceRange());
    for (const VarDecl *Leaf : leafCandidates(Backward, F.Loop))
      diag(Leaf->getLocation(),
           "%0, created here in the loop, feeds this backward pass; as a leaf "
           "its .grad keeps the gradient's graph, which keeps %0",
           DiagnosticIDs::Note)
          << Leaf;
    diag(F.Loop->getBeginLoc(),
         "each iteration of this loop leaves one more cycle, with the graph "
         "it keeps alive",
         DiagnosticIDs::Note);
  }
  Findings.clear();
  Backwards.clear();
  Ctx = nullptr;
}

} // namespace clang::tidy::gpuleak
