//===--- TorchMatchers.cpp - matchers shared by gpuleak checks ------------===//

#include "TorchMatchers.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

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

bool isBeforeExpanded(SourceLocation A, SourceLocation B, const SourceManager &SM) {
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A), SM.getExpansionLoc(B));
}

bool rangeContains(SourceRange R, SourceLocation L, const SourceManager &SM) {
  return R.isValid() && !isBeforeExpanded(L, R.getBegin(), SM) &&
         !isBeforeExpanded(R.getEnd(), L, SM);
}

const Stmt *loopBody(const Stmt *L) {
  if (const auto *For = dyn_cast<ForStmt>(L))
    return For->getBody();
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(L))
    return RF->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(L))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(L))
    return D->getBody();
  return nullptr;
}

bool isWithinAny(SourceRange Inner, llvm::ArrayRef<SourceRange> Ranges,
                 const SourceManager &SM) {
  const FileID File = SM.getFileID(SM.getExpansionLoc(Inner.getBegin()));
  for (SourceRange R : Ranges)
    if (SM.getFileID(SM.getExpansionLoc(R.getBegin())) == File &&
        rangeContains(R, Inner.getBegin(), SM))
      return true;
  return false;
}


// --- gpuleak-missing-no-grad / gpuleak-create-graph-cycle (shared helpers) ---

/// The one type argument of a class template specialization (the module of
/// `ModuleHolder<Impl>`), or null.
static const CXXRecordDecl *heldModule(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec)
    return nullptr;
  const auto &Args = Spec->getTemplateArgs();
  if (Args.size() != 1 || Args[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return Args[0].getAsType()->getAsCXXRecordDecl();
}

/// A class of torch::nn that holds no parameter and keeps nothing of its
/// input (the names of torch/nn/modules/{loss,activation,dropout,pooling,
/// padding,pixelshuffle,upsampling,distance,fold,normalization}.h; a
/// template's own name for the padding and pooling bases).
static bool isStatelessLibraryModule(const CXXRecordDecl *RD) {
  if (!RD || !RD->getIdentifier() ||
      !RD->getASTContext().getSourceManager().isInSystemHeader(RD->getLocation()))
    return false;
  const DeclContext *DC = RD->getDeclContext();
  while (DC && !DC->isNamespace())
    DC = DC->getParent();
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC);
  const auto *Outer =
      NS ? dyn_cast<NamespaceDecl>(NS->getDeclContext()) : nullptr;
  if (!NS || !Outer || NS->getName() != "nn" || Outer->getName() != "torch" ||
      !Outer->getDeclContext()->isTranslationUnit())
    return false;
  StringRef N = RD->getName();
  if (N.ends_with("LossImpl"))
    return N != "AdaptiveLogSoftmaxWithLossImpl" &&
           N != "TripletMarginWithDistanceLossImpl";
  static const llvm::StringSet<> Stateless = {
      // activation.h (PReLU has a parameter; MultiheadAttention has many)
      "ELUImpl", "SELUImpl", "HardshrinkImpl", "HardtanhImpl", "LeakyReLUImpl",
      "LogSigmoidImpl", "SoftmaxImpl", "SoftminImpl", "LogSoftmaxImpl",
      "Softmax2dImpl", "ReLUImpl", "ReLU6Impl", "RReLUImpl", "CELUImpl",
      "GLUImpl", "GELUImpl", "SiLUImpl", "MishImpl", "SigmoidImpl",
      "SoftplusImpl", "SoftshrinkImpl", "SoftsignImpl", "TanhImpl",
      "TanhshrinkImpl", "ThresholdImpl",
      // dropout.h
      "DropoutImpl", "Dropout2dImpl", "Dropout3dImpl", "AlphaDropoutImpl",
      "FeatureAlphaDropoutImpl",
      // pooling.h
      "AvgPoolImpl", "AvgPool1dImpl", "AvgPool2dImpl", "AvgPool3dImpl",
      "MaxPoolImpl", "MaxPool1dImpl", "MaxPool2dImpl", "MaxPool3dImpl",
      "AdaptiveMaxPoolImpl", "AdaptiveMaxPool1dImpl", "AdaptiveMaxPool2dImpl",
      "AdaptiveMaxPool3dImpl", "AdaptiveAvgPoolImpl", "AdaptiveAvgPool1dImpl",
      "AdaptiveAvgPool2dImpl", "AdaptiveAvgPool3dImpl", "MaxUnpoolImpl",
      "MaxUnpool1dImpl", "MaxUnpool2dImpl", "MaxUnpool3dImpl",
      "FractionalMaxPool2dImpl", "FractionalMaxPool3dImpl", "LPPoolImpl",
      "LPPool1dImpl", "LPPool2dImpl", "LPPool3dImpl",
      // padding.h
      "ReflectionPadImpl", "ReflectionPad1dImpl", "ReflectionPad2dImpl",
      "ReflectionPad3dImpl", "ReplicationPadImpl", "ReplicationPad1dImpl",
      "ReplicationPad2dImpl", "ReplicationPad3dImpl", "ZeroPadImpl",
      "ZeroPad1dImpl", "ZeroPad2dImpl", "ZeroPad3dImpl", "ConstantPadImpl",
      "ConstantPad1dImpl", "ConstantPad2dImpl", "ConstantPad3dImpl",
      // pixelshuffle.h, upsampling.h, distance.h, fold.h, linear.h, normalization.h
      "PixelShuffleImpl", "PixelUnshuffleImpl", "UpsampleImpl",
      "CosineSimilarityImpl", "PairwiseDistanceImpl", "FoldImpl", "UnfoldImpl",
      "IdentityImpl", "FlattenImpl", "UnflattenImpl", "LocalResponseNormImpl",
      "CrossMapLRN2dImpl"};
  return Stateless.contains(N);
}

bool isStatelessLibraryModuleCall(const FunctionDecl *Callee) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (!MD)
    return false;
  const bool Forward = MD->getIdentifier() && MD->getName() == "forward";
  if (Forward)
    return isStatelessLibraryModule(MD->getParent());
  if (MD->getOverloadedOperator() != OO_Call)
    return false;
  if (isStatelessLibraryModule(MD->getParent()))
    return true;
  // ModuleHolder<Impl>::operator(): the module is its argument.
  return MD->getParent()->getIdentifier() &&
         MD->getParent()->getName() == "ModuleHolder" &&
         isStatelessLibraryModule(heldModule(MD->getParent()));
}

// A named namespace: AST_MATCHER declares a namespace `internal`, which in
// an anonymous one would hide ast_matchers::internal from this file.
llvm::SmallVector<const FunctionDecl *, 2>
forwardTargets(const CallExpr *Call) {
  llvm::SmallVector<const FunctionDecl *, 2> Targets;
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!MD)
    return Targets;
  if (MD->getIdentifier() && MD->getName() == "forward") {
    Targets.push_back(MD);
  } else if (const CXXRecordDecl *RD = heldModule(MD->getParent())) {
    for (const CXXMethodDecl *M : RD->methods())
      if (M->getIdentifier() && M->getName() == "forward")
        Targets.push_back(M);
  }
  return Targets;
}

namespace script_methods {
/// The string literal that \p E is built from (`"reset"`, also through a
/// `std::string` temporary), or "" when it is no literal.
static StringRef literalText(const Expr *E) {
  E = E->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E); CE && CE->getNumArgs() >= 1)
    return literalText(CE->getArg(0));
  if (const auto *SL = dyn_cast<StringLiteral>(E))
    return SL->getString();
  return "";
}

/// Whether every argument of \p C from the \p From-th on is a default one:
/// the call is handed nothing there.
static bool onlyDefaultsFrom(const CallExpr &C, unsigned From) {
  for (unsigned I = From; I < C.getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(C.getArg(I)->IgnoreImplicit()))
      return false;
  return true;
}

/// A call through a `torch::jit::Method` that names a script method other
/// than `forward` (by another literal or a runtime name) and passes it no
/// input (`module.get_method(name)({})`): a policy's `reset`, an
/// `initial_state`. It reads nothing of the caller's, so it is not the
/// model's forward pass.
AST_MATCHER(CXXOperatorCallExpr, isArglessNonForwardScriptMethodCall) {
  if (Node.getNumArgs() < 2 || !onlyDefaultsFrom(Node, 2))
    return false;
  const Expr *Stack = Node.getArg(1)->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Stack)) {
    if (CE->getNumArgs() != 0)
      return false;
  } else if (const auto *IL = dyn_cast<InitListExpr>(Stack)) {
    if (IL->getNumInits() != 0)
      return false;
  } else {
    return false;
  }
  // The method object: `m.get_method(name)` itself, or a local initialized
  // from it.
  const Expr *Obj = Node.getArg(0)->IgnoreImplicit();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Obj))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->isLocalVarDecl() && VD->getInit())
      Obj = VD->getInit()->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Obj); CE && CE->getNumArgs() == 1)
    Obj = CE->getArg(0)->IgnoreImplicit();
  const auto *Get = dyn_cast<CXXMemberCallExpr>(Obj);
  const CXXMethodDecl *MD = Get ? Get->getMethodDecl() : nullptr;
  if (!MD || MD->getName() != "get_method" || Get->getNumArgs() < 1)
    return false;
  return literalText(Get->getArg(0)) != "forward";
}

/// `module.run_method(name)` with no input, naming a method other than
/// `forward`: as isArglessNonForwardScriptMethodCall.
AST_MATCHER(CXXMemberCallExpr, isArglessNonForwardRunMethod) {
  if (Node.getNumArgs() < 1 || !onlyDefaultsFrom(Node, 1))
    return false;
  return literalText(Node.getArg(0)) != "forward";
}

/// A stateless library module's forward (isStatelessLibraryModuleCall).
AST_MATCHER(FunctionDecl, isStatelessLibraryModuleMethod) {
  return isStatelessLibraryModuleCall(&Node);
}
} // namespace script_methods

internal::Matcher<Stmt> forwardPassCall() {
  auto NNModule = cxxRecordDecl(isSameOrDerivedFrom("::torch::nn::Module"));
  auto JitModule = cxxRecordDecl(isSameOrDerivedFrom("::torch::jit::Module"));
  auto ForwardMethod = cxxMethodDecl(
      hasName("forward"),
      ofClass(anyOf(NNModule, JitModule, hasName("::torch::nn::AnyModule"))));
  auto CallOperator = cxxMethodDecl(
      hasOverloadedOperatorName("()"),
      ofClass(anyOf(NNModule, JitModule, hasName("::torch::nn::ModuleHolder"),
                    hasName("::torch::jit::Method"))));
  // `module.run_method("forward", x)`: torch::jit::Object's variadic
  // template, the common spelling in deployment code.
  auto RunMethod = cxxMethodDecl(
      hasName("run_method"),
      ofClass(anyOf(JitModule, cxxRecordDecl(isSameOrDerivedFrom("::torch::jit::Object")))));
  // A loss, an activation, a pooling layer of the library computes from its
  // inputs alone: no pass of its own (`criterion(out, y)` continues `out`'s).
  return stmt(anyOf(cxxMemberCallExpr(callee(ForwardMethod)),
                    cxxMemberCallExpr(callee(RunMethod),
                                      unless(script_methods::isArglessNonForwardRunMethod())),
                    cxxOperatorCallExpr(callee(CallOperator),
                                        unless(script_methods::isArglessNonForwardScriptMethodCall()))),
              unless(callExpr(callee(functionDecl(
                  script_methods::isStatelessLibraryModuleMethod())))));
}

internal::Matcher<Stmt> gradConsumerCall() {
  return stmt(anyOf(
      cxxMemberCallExpr(callee(cxxMethodDecl(
          hasName("backward"), ofClass(isSameOrDerivedFrom("::at::TensorBase"))))),
      callExpr(callee(functionDecl(
          hasAnyName("::torch::autograd::backward", "::torch::autograd::grad"))))));
}

internal::Matcher<Decl> gradModeGuardClass() {
  return cxxRecordDecl(anyOf(
      isSameOrDerivedFrom("::c10::AutoGradMode"), hasName("::c10::InferenceMode"),
      hasName("::at::AutoDispatchBelowAutograd"),
      hasName("::at::AutoNonVariableTypeMode")));
}

internal::Matcher<Stmt> gradModeSetEnabledCall() {
  return callExpr(callee(functionDecl(hasName("::c10::GradMode::set_enabled"))));
}

/// Whether a guard of class \p RD constructed from \p Args turns recording
/// off (true), on (false), or cannot be told (std::nullopt).
static std::optional<bool>
guardArgsDisableGrad(const CXXRecordDecl &RD,
                     llvm::ArrayRef<const Expr *> Args, ASTContext &Ctx) {
  // NoGradGuard and the dispatch guards take no flag (or one that defaults
  // to "on") and always stop recording.
  if (!match(cxxRecordDecl(anyOf(isSameOrDerivedFrom("::c10::NoGradGuard"),
                                 hasName("::at::AutoDispatchBelowAutograd"))),
             RD, Ctx)
           .empty())
    return true;
  bool Flag = true; // InferenceMode's and AutoNonVariableTypeMode's default
  if (!Args.empty() && !isa<CXXDefaultArgExpr>(Args[0]) &&
      !Args[0]->EvaluateAsBooleanCondition(Flag, Ctx))
    return std::nullopt;
  if (Args.empty() && RD.getName() == "AutoGradMode")
    return std::nullopt;
  // AutoGradMode(enabled): `false` stops recording. The others: `true` does.
  if (RD.getName() == "AutoGradMode")
    return !Flag;
  return Flag ? std::optional<bool>(true) : std::nullopt;
}

/// The guard class that a `std::unique_ptr`, `std::shared_ptr` or
/// `std::optional` of type \p T holds, or null.
static const CXXRecordDecl *ownedGuard(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || !Spec->getIdentifier() ||
      !llvm::is_contained({"unique_ptr", "shared_ptr", "optional"}, Spec->getName()) ||
      Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return Spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
}

namespace guard_owners {
/// `std::make_unique<G>(...)`, `std::make_shared<G>(...)` or `new G(...)`
/// in \p E, and its arguments.
static std::optional<llvm::SmallVector<const Expr *, 2>> madeArgs(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreImplicit();
  if (const auto *C = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *FD = C->getDirectCallee();
        FD && FD->isInStdNamespace() && FD->getIdentifier() &&
        (FD->getName() == "make_unique" || FD->getName() == "make_shared"))
      return llvm::SmallVector<const Expr *, 2>(C->arguments());
  if (const auto *N = dyn_cast<CXXNewExpr>(E)) {
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(N->getConstructExpr()))
      return llvm::SmallVector<const Expr *, 2>(CE->arguments());
    return llvm::SmallVector<const Expr *, 2>{};
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // `std::unique_ptr<G> g(new G)`, and the move of a temporary.
    for (const Expr *A : CE->arguments())
      if (auto Args = madeArgs(A))
        return Args;
    // `std::optional<G> g(std::in_place, ...)`.
    if (CE->getNumArgs() >= 1)
      if (const auto *Tag = CE->getArg(0)->getType()->getAsCXXRecordDecl();
          Tag && Tag->getIdentifier() && Tag->getName() == "in_place_t")
        return llvm::SmallVector<const Expr *, 2>(llvm::drop_begin(CE->arguments()));
  }
  return std::nullopt;
}

/// The `emplace()` calls on the optional \p V in its function.
static llvm::SmallVector<const CXXMemberCallExpr *, 1>
emplaceCalls(const VarDecl &V, ASTContext &Ctx) {
  llvm::SmallVector<const CXXMemberCallExpr *, 1> Out;
  const auto *FD = dyn_cast_or_null<FunctionDecl>(V.getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return Out;
  for (const BoundNodes &N :
       match(findAll(cxxMemberCallExpr(
                         callee(cxxMethodDecl(hasName("emplace"))),
                         on(ignoringParenImpCasts(declRefExpr(to(varDecl(equalsNode(&V)))))))
                         .bind("e")),
             *FD->getBody(), Ctx))
    Out.push_back(N.getNodeAs<CXXMemberCallExpr>("e"));
  return Out;
}

/// The arguments that construct the guard that the owner \p V holds, or
/// std::nullopt when it holds none it is given at its declaration or by an
/// `emplace()` (several emplaces: the first one's).
static std::optional<llvm::SmallVector<const Expr *, 2>>
ownedGuardArgs(const VarDecl &V, ASTContext &Ctx) {
  if (auto Args = madeArgs(V.getInit()))
    return Args;
  const auto *Spec = V.getType()->getAsCXXRecordDecl();
  if (!Spec || !Spec->getIdentifier() || Spec->getName() != "optional")
    return std::nullopt;
  auto Calls = emplaceCalls(V, Ctx);
  if (Calls.empty())
    return std::nullopt;
  return llvm::SmallVector<const Expr *, 2>(Calls.front()->arguments());
}

/// The member of the project's class \p RD that is a guard (a wrapper
/// `class InferenceMode { c10::InferenceMode guard_; };`, open-mmlab/mmdeploy
/// `torch_net.cpp:183`), or null. Classes of the library are left out.
static const FieldDecl *guardField(const CXXRecordDecl *RD, ASTContext &Ctx) {
  if (!RD || !RD->hasDefinition() || RD->isLambda() ||
      Ctx.getSourceManager().isInSystemHeader(RD->getLocation()))
    return nullptr;
  for (const FieldDecl *F : RD->getDefinition()->fields())
    if (const CXXRecordDecl *FR = F->getType()->getAsCXXRecordDecl();
        FR && !match(gradModeGuardClass(), *FR, Ctx).empty())
      return F;
  return nullptr;
}

/// The arguments that construct the guard member \p F: its default member
/// initializer, else the first constructor's initializer of it; none when
/// it is default-constructed.
static llvm::SmallVector<const Expr *, 2> guardFieldArgs(const FieldDecl &F) {
  auto ArgsOf = [](const Expr *Init) -> std::optional<llvm::SmallVector<const Expr *, 2>> {
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init ? Init->IgnoreImplicit() : nullptr))
      return llvm::SmallVector<const Expr *, 2>(CE->arguments());
    return std::nullopt;
  };
  if (auto A = ArgsOf(F.getInClassInitializer()))
    return *A;
  for (const CXXConstructorDecl *C : cast<CXXRecordDecl>(F.getParent())->ctors())
    if (const auto *Def = dyn_cast_or_null<CXXConstructorDecl>(C->getDefinition()))
      for (const CXXCtorInitializer *I : Def->inits())
        if (I->getMember() == &F && I->isWritten())
          if (auto A = ArgsOf(I->getInit()))
            return *A;
  return {};
}

AST_MATCHER(VarDecl, holdsMemberGuard) {
  return guardField(Node.getType()->getAsCXXRecordDecl(), Finder->getASTContext());
}

AST_MATCHER(VarDecl, holdsOwnedGuard) {
  const CXXRecordDecl *G = ownedGuard(Node.getType());
  if (!G || match(gradModeGuardClass(), *G, Finder->getASTContext()).empty())
    return false;
  return ownedGuardArgs(Node, Finder->getASTContext()).has_value();
}
} // namespace guard_owners

internal::BindableMatcher<Decl> gradModeGuardVar() {
  return varDecl(anyOf(hasType(hasUnqualifiedDesugaredType(
                           recordType(hasDeclaration(gradModeGuardClass())))),
                       guard_owners::holdsOwnedGuard(),
                       guard_owners::holdsMemberGuard()));
}

std::optional<bool> guardDisablesGrad(const VarDecl &Guard, ASTContext &Ctx) {
  const CXXRecordDecl *RD = Guard.getType()->getAsCXXRecordDecl();
  if (const CXXRecordDecl *Owned = ownedGuard(Guard.getType())) {
    auto Args = guard_owners::ownedGuardArgs(Guard, Ctx);
    if (!Args)
      return std::nullopt;
    return guardArgsDisableGrad(*Owned, *Args, Ctx);
  }
  if (!RD)
    return std::nullopt;
  // A class of the project that holds a guard as a member.
  if (match(gradModeGuardClass(), *RD, Ctx).empty()) {
    const FieldDecl *F = guard_owners::guardField(RD, Ctx);
    if (!F)
      return std::nullopt;
    return guardArgsDisableGrad(*F->getType()->getAsCXXRecordDecl(),
                                guard_owners::guardFieldArgs(*F), Ctx);
  }
  const auto *Init = dyn_cast_or_null<CXXConstructExpr>(
      Guard.getInit() ? Guard.getInit()->IgnoreImplicit() : nullptr);
  if (!Init) {
    // NoGradGuard and the dispatch guards stop recording whatever the form.
    if (!match(cxxRecordDecl(anyOf(isSameOrDerivedFrom("::c10::NoGradGuard"),
                                   hasName("::at::AutoDispatchBelowAutograd"))),
               *RD, Ctx)
             .empty())
      return true;
    return std::nullopt;
  }
  return guardArgsDisableGrad(*RD, llvm::SmallVector<const Expr *, 2>(Init->arguments()),
                              Ctx);
}

// --- end gpuleak-missing-no-grad / gpuleak-create-graph-cycle ---

/// The lambda that \p E evaluates to: through conversions, a one-argument
/// construction (`std::function`), a functional cast and a local variable's
/// initializer; null for anything else.
static const LambdaExpr *lambdaOf(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 8; ++Steps) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *L = dyn_cast<LambdaExpr>(E))
      return L;
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getNumArgs() != 1)
        return nullptr;
      E = C->getArg(0);
      continue;
    }
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = FC->getSubExpr();
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD || !VD->getInit())
        return nullptr;
      E = VD->getInit();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

/// A lambda's class, or a class that declares an `operator()` (a
/// `std::function`, a bind expression): found by name lookup, not by
/// walking the members (at::Tensor declares hundreds).
AST_MATCHER(CXXRecordDecl, declaresCallOperator) {
  if (Node.isLambda())
    return true;
  const CXXRecordDecl *Def = Node.getDefinition();
  if (!Def)
    return false;
  return !Def->lookup(Node.getASTContext().DeclarationNames.getCXXOperatorName(
                          OO_Call))
              .empty();
}

ast_matchers::internal::Matcher<Stmt> threadStart() {
  auto Thread = cxxRecordDecl(hasAnyName("::std::thread", "::std::jthread", "::boost::thread"));
  auto ThreadArg = refersToType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(Thread))));
  // A class that owns a thread: a member that is a thread, a standard
  // container or smart pointer of threads, or a `pthread_t`, its own or a
  // base's. It runs on that thread what it is handed (a loop timer's
  // callback, a thread pool's task), whether or not the file sees where the
  // thread is started (`Loop::start()` of a library).
  auto ThreadField = fieldDecl(hasType(qualType(anyOf(
      hasUnqualifiedDesugaredType(recordType(hasDeclaration(anyOf(
          Thread, classTemplateSpecializationDecl(isInStdNamespace(),
                                                  hasAnyTemplateArgument(ThreadArg)))))),
      hasDeclaration(typedefNameDecl(hasName("::pthread_t")))))));
  auto OwnsThread = cxxRecordDecl(unless(isInStdNamespace()),
                                  isSameOrDerivedFrom(cxxRecordDecl(has(ThreadField))));
  auto OwnerType = hasUnqualifiedDesugaredType(recordType(hasDeclaration(OwnsThread)));
  // What such an object can run: a lambda or another object with an
  // `operator()` (`std::function`, a bind expression), a function or a
  // pointer to one, a pointer to a member function.
  auto Callable = expr(anyOf(
      hasType(hasUnqualifiedDesugaredType(
          recordType(hasDeclaration(cxxRecordDecl(declaresCallOperator()))))),
      hasType(hasUnqualifiedDesugaredType(
          pointerType(pointee(hasUnqualifiedDesugaredType(functionType()))))),
      hasType(hasUnqualifiedDesugaredType(memberPointerType())),
      ignoringParenImpCasts(declRefExpr(to(functionDecl())))));
  // The callable argument first: most calls have none, and the owner's
  // members are looked at only for those that do.
  return stmt(anyOf(
      cxxConstructExpr(hasAnyArgument(Callable),
                       hasDeclaration(cxxConstructorDecl(ofClass(OwnsThread)))),
      callExpr(callee(functionDecl(hasAnyName("::std::make_unique", "::std::make_shared"))),
               hasAnyArgument(Callable),
               callee(functionDecl(hasTemplateArgument(0, refersToType(OwnerType))))),
      cxxMemberCallExpr(hasAnyArgument(Callable), thisPointerType(OwnerType)),
      cxxConstructExpr(hasDeclaration(cxxConstructorDecl(ofClass(Thread)))),
      callExpr(callee(functionDecl(hasAnyName("::std::async", "::pthread_create")))),
      // The library constructs the thread from the arguments it is given:
      // std::vector<std::thread>::emplace_back(f), std::make_unique<std::thread>(f).
      cxxMemberCallExpr(callee(cxxMethodDecl(
          hasAnyName("emplace", "emplace_back", "emplace_front", "emplace_hint", "try_emplace"),
          ofClass(classTemplateSpecializationDecl(isInStdNamespace(),
                                                  hasAnyTemplateArgument(ThreadArg)))))),
      callExpr(callee(functionDecl(hasAnyName("::std::make_unique", "::std::make_shared"),
                                   hasTemplateArgument(0, ThreadArg))))));
}

llvm::SmallPtrSet<const LambdaExpr *, 2> threadBodyLambdas(const Stmt &Body,
                                                          ASTContext &Ctx) {
  static constexpr char Spawn[] = "spawn";
  llvm::SmallPtrSet<const LambdaExpr *, 2> Lambdas;
  auto Matches = match(findAll(expr(threadStart()).bind(Spawn)), Body, Ctx);
  for (const BoundNodes &N : Matches) {
    const auto *E = N.getNodeAs<Expr>(Spawn);
    llvm::ArrayRef<const Expr *> Args;
    if (const auto *C = dyn_cast<CXXConstructExpr>(E))
      Args = llvm::ArrayRef(C->getArgs(), C->getNumArgs());
    else
      Args = llvm::ArrayRef(cast<CallExpr>(E)->getArgs(),
                            cast<CallExpr>(E)->getNumArgs());
    for (const Expr *A : Args)
      if (const LambdaExpr *L = lambdaOf(A))
        Lambdas.insert(L);
  }
  return Lambdas;
}

} // namespace clang::tidy::gpuleak
