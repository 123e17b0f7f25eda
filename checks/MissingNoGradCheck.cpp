//===--- MissingNoGradCheck.cpp - gpuleak-missing-no-grad -----------------===//
//
// The check works in two steps.
//
// 1. Facts. Every function body of the translation unit is searched once
//    (one findAll per body; system headers are not traversed). A lambda's
//    body is a "region" of the function that contains it. The facts are the
//    forward passes, grad-mode guards, calls that consume a graph (backward,
//    autograd::grad), calls to functions of this TU, calls to functions
//    defined elsewhere that take tensors and return none ("opaque": they may
//    run a backward pass), stores into variables that can hold a tensor,
//    returns, loops, blocks and eval() calls.
//
// 2. Decisions, at the end of the TU, for each forward pass:
//    - covered: a guard that turns grad mode off is in scope before the call
//      in its region; else, for a lambda, its enclosing region at the lambda
//      covers it, unless the lambda is a thread's body; else, for a function,
//      every call of it in the TU is covered (and there is at least one);
//    - inference: the innermost enclosing loop that keeps nothing past an
//      iteration decides alone (no consumer in it: inference); without such a
//      loop, no consumer may follow the call in the function or share a loop
//      with it, and a function that can hand tensors out (return, out-
//      parameter, member, global, by-reference capture) is inference only if
//      every call of it in the TU is.
//
//===----------------------------------------------------------------------===//

#include "MissingNoGradCheck.h"
#include <functional>
#include <map>
#include "GraphUse.h"
#include "TensorStores.h"
#include "summaries/LocalFacts.h"
#include "TorchMatchers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

namespace {
// Bind names.
constexpr char FnId[] = "fn";                 // a function definition
constexpr char LambdaId[] = "lambda";         // a lambda in its body
constexpr char LoopId[] = "loop";             // a loop in its body
constexpr char BlockId[] = "block";           // a compound statement
constexpr char ForwardId[] = "forward";       // a forward pass
constexpr char ConsumerId[] = "consumer";     // backward / autograd::grad
constexpr char CallId[] = "call";             // any call
constexpr char GuardId[] = "guard";           // a grad-mode guard variable
constexpr char SetEnabledId[] = "setEnabled"; // GradMode::set_enabled(...)
constexpr char GuardBlockId[] = "guardBlock"; // the block of either
constexpr char AssignId[] = "assign";         // `=`, `+=`, ... (built-in or not)
constexpr char ReturnId[] = "return";         // a return with a value
constexpr char NameClashId[] = "nameClash";   // a variable named like the fix
constexpr char FunctorId[] = "functor"; // an object of a class with operator()
constexpr char VarInitId[] = "varInit";       // a variable with an initializer
constexpr char GuardTempId[] = "guardTemp";   // `torch::NoGradGuard();`, unnamed
constexpr char GuardFnId[] = "guardFn";       // `torch::NoGradGuard g();`

/// Where an event sits in a function: its location and its region (0 is the
/// function body, others are lambda bodies).
struct Site {
  /// Opaque: a call of code not known that takes a tensor and returns none
  /// (it may run a backward pass). MaybeOpaque: the same call of a function
  /// of another file not yet summarized, under `gpuleak check`: settled by
  /// its summary after the last file (Decider::AssumeNoTraining).
  enum KindTy { Consumer, Opaque, MaybeOpaque, Call } Kind;
  SourceLocation Loc;          // the end of the call
  const FunctionDecl *Callee; // for Call
  SourceLocation Begin = {};  // the start of the call
  bool CarrierArg = false;    // for Call: passes something holding a tensor
  const CallExpr *Expr = nullptr; // for Opaque, MaybeOpaque and Call
};

/// A store into something that can hold a tensor. Target is the local
/// variable written, or null for a member, a global or static, an out-
/// parameter, a reference, or anything not understood.
struct Store {
  SourceLocation Loc;
  const VarDecl *Target;
  /// For a call of a non-const method of this translation unit on an object
  /// that can hold a tensor: the method. The call writes into the object
  /// only if the method keeps something beyond its locals.
  const FunctionDecl *Via = nullptr;
  /// What is kept: an assignment's right side, the arguments of a library
  /// method (`push_back`, `copy_`) or of the call of Via. It keeps a graph
  /// only if one of them may carry one (Decider::storeCounts); none at all
  /// keeps nothing new (`clear()`).
  llvm::SmallVector<const Expr *, 2> Values;
  /// What is kept is not known (a method of another file or a virtual one,
  /// a non-const reference argument): the store counts whatever it is given.
  bool Unknown = true;
  /// A plain assignment into a member of the function's own object
  /// (`acTorch = out`): it holds one value at a time.
  const FieldDecl *Field = nullptr;
  /// For an Unknown store made by code not seen (a method of another file,
  /// a virtual or a library one; a call of such a function that takes a
  /// non-const reference): the call. It keeps none of the judged pass's
  /// graph when it is not that pass and nothing it is handed may carry one
  /// (Decider::unseenKeepsNoGraph).
  const CallExpr *Unseen = nullptr;
  /// Unseen is a method called on the store's object (what it may keep is
  /// kept in that object), not a call handed a non-const reference.
  bool OnObject = false;
};

struct GradEvent {
  SourceLocation Loc;
  const CompoundStmt *Block;
  bool Disables;
};

struct Region {
  SourceRange Range;
  const LambdaExpr *Lambda; // null for the function body
  int Parent;               // enclosing region, -1 for the function body
};

struct CallerSite {
  MissingNoGradCheck::FunctionFacts *Caller;
  SourceLocation Loc;   // the end of the call: what follows it runs after
  SourceLocation Begin; // where a note points
  const CallExpr *Call = nullptr; // the call itself
};

/// One reason for calling a path inference, shown as a note.
struct Reason {
  enum KindTy { Loop, Block, Function, Lambda, Caller, Eval, Thread, Project, AssumedProject, Dropped } Kind;
  SourceLocation Loc;
  const NamedDecl *D1 = nullptr, *D2 = nullptr;
};
using Reasons = llvm::SmallVector<Reason, 4>;
} // namespace

/// The parameters of \p Call's callee, non-const references (and, with
/// \p Pointers, pointers) to something that can hold a tensor, that the
/// call passes an argument to.
static llvm::SmallVector<unsigned, 2>
carrierOutParams(const CallExpr *Call, const ASTContext &Ctx, bool Pointers);

struct MissingNoGradCheck::FunctionFacts {
  const FunctionDecl *FD = nullptr;
  /// A method of a torch::nn::Module subclass: the model's own code, which
  /// runs in whatever mode its caller set. Findings go to the caller.
  bool Internal = false;
  /// Returns something that can hold a tensor, or has an out-parameter that
  /// can.
  bool ExportsByInterface = false;
  bool HasNameClash = false;
  llvm::SmallVector<Region, 2> Regions;
  llvm::SmallVector<const Stmt *, 4> Loops;
  llvm::SmallVector<const CompoundStmt *, 8> Blocks;
  llvm::SmallVector<const CallExpr *, 4> Forwards;
  /// Forwards that are calls of a module's method running one: where it
  /// does (invalid when the project index says so, in another file).
  llvm::DenseMap<const CallExpr *, SourceLocation> IndirectForwards;
  /// Calls of a module's method defined in another file, taken for forward
  /// passes until `gpuleak check` reads the method's summary.
  llvm::SmallPtrSet<const CallExpr *, 2> AssumedForwards;
  /// The same for any other function of another file that returns a tensor
  /// (it must also return its forward's output, and not train).
  llvm::SmallPtrSet<const CallExpr *, 2> AssumedHelperForwards;
  /// Calls of a function of this file that returns its forward's output
  /// (judged here, at the call), where that forward is a call of a module's
  /// method of another file only assumed to run one: that call.
  llvm::DenseMap<const CallExpr *, const CallExpr *> AssumedInner;
  /// Under `gpuleak check`: calls of functions of other files, not yet
  /// summarized, that take a tensor by non-const reference (taken for an
  /// output, so no backward site): a training helper `step(Tensor &loss)`
  /// may run a backward pass there, settled after the last file.
  llvm::SmallVector<const CallExpr *, 2> MaybeTrains;
  /// Lambdas handed to a call as an argument (the lambda itself, converted
  /// to a `std::function` or a function pointer, or a local that holds it):
  /// the calls and the arguments' indexes. The callee's grad mode where it
  /// invokes the parameter covers the lambda.
  llvm::DenseMap<const LambdaExpr *,
                 llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 1>>
      HandedTo;
  /// Lambdas held in a local that is also used otherwise than handed to a
  /// call (called here, copied, stored): HandedTo does not decide for them.
  llvm::SmallPtrSet<const LambdaExpr *, 2> UsedOtherwise;
  /// Lambdas held in a local whose every use is a call of it in this
  /// function (`auto show = [&] {...}; torch::NoGradGuard g; show();`): the
  /// places of those calls. Grad mode there, not where the lambda is
  /// written, is the one it runs with.
  llvm::DenseMap<const LambdaExpr *, llvm::SmallVector<SourceLocation, 1>>
      CalledHere;
  llvm::SmallVector<GradEvent, 2> GradEvents;
  /// Guards written as statements of their own without a name
  /// (`torch::NoGradGuard();`): temporaries, destroyed at the end of the
  /// statement, that guard nothing; each with its block (for a note).
  /// And `torch::NoGradGuard no_grad();`, which declares a function.
  struct UnheldGuard {
    SourceLocation Loc;
    const CompoundStmt *Block;
    QualType Type;
    bool DeclaresFunction;
  };
  llvm::SmallVector<UnheldGuard, 1> GuardTemporaries;
  llvm::SmallVector<Site, 8> Sites;
  llvm::SmallVector<Store, 8> Stores;
  llvm::SmallVector<SourceLocation, 2> CarrierReturns;
  llvm::SmallVector<const CallExpr *, 2> Evals;
  llvm::SmallPtrSet<const LambdaExpr *, 2> ThreadLambdas;
  llvm::SmallVector<CallerSite, 2> Callers; // filled at the end of the TU
  int Reach = -1; // memo for reachesConsumer: -1 unknown, 2 computing
  int Keeps = -1; // memo for keepsBeyondLocals: -1 unknown, then the answer
  /// Variables declared with an initializer.
  llvm::SmallVector<const VarDecl *, 8> VarInits;
  /// Locals that hold a forward pass's output (initialized or assigned from
  /// one), computed on first use.
  std::optional<llvm::SmallVector<const VarDecl *, 2>> ForwardVars;
};

using FunctionFacts = MissingNoGradCheck::FunctionFacts;

// ---------------------------------------------------------------------------
// Types.

static bool isDerivedFromName(const CXXRecordDecl *RD, StringRef QualName) {
  if (!RD || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  if (RD->getQualifiedNameAsString() == QualName)
    return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (isDerivedFromName(B.getType()->getAsCXXRecordDecl(), QualName))
      return true;
  return false;
}

static bool isModuleLike(const CXXRecordDecl *RD) {
  return isDerivedFromName(RD, "torch::nn::Module") ||
         isDerivedFromName(RD, "torch::jit::Object") ||
         isDerivedFromName(RD, "torch::jit::Module") ||
         isDerivedFromName(RD, "torch::optim::Optimizer") ||
         (RD && RD->getQualifiedNameAsString() == "torch::nn::ModuleHolder");
}

/// Whether a value of type \p T can hold a tensor (and so an autograd
/// graph): tensors, IValues, containers, tuples, optionals and smart
/// pointers of them, and the project's own structs with such fields. Modules
/// and optimizers hold parameters, not results, and do not count.
static bool isCarrier(QualType T, const ASTContext &Ctx, unsigned Depth = 0) {
  if (T.isNull() || Depth > 5)
    return false;
  T = T.getNonReferenceType();
  while (!T->getPointeeType().isNull())
    T = T->getPointeeType();
  if (const auto *AT = Ctx.getAsArrayType(T))
    return isCarrier(AT->getElementType(), Ctx, Depth + 1);
  T = T.getCanonicalType();
  if (T->isDependentType())
    return true;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  if (isDerivedFromName(RD, "at::TensorBase"))
    return true;
  std::string Name = RD->getQualifiedNameAsString();
  if (Name == "c10::IValue" || Name == "c10::ivalue::Tuple")
    return true;
  if (isModuleLike(RD))
    return false;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
    for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type &&
          isCarrier(A.getAsType(), Ctx, Depth + 1))
        return true;
      else if (A.getKind() == TemplateArgument::Pack)
        for (const TemplateArgument &P : A.pack_elements())
          if (P.getKind() == TemplateArgument::Type &&
              isCarrier(P.getAsType(), Ctx, Depth + 1))
            return true;
  }
  if (Ctx.getSourceManager().isInSystemHeader(RD->getLocation()))
    return false;
  for (const FieldDecl *F : RD->getDefinition()->fields())
    if (isCarrier(F->getType(), Ctx, Depth + 1))
      return true;
  for (const CXXBaseSpecifier &B : RD->getDefinition()->bases())
    if (isCarrier(B.getType(), Ctx, Depth + 1))
      return true;
  return false;
}

// ---------------------------------------------------------------------------
// Source positions.


static int regionOf(const FunctionFacts &F, const SourceManager &SM,
                    SourceLocation L) {
  int Best = 0;
  for (int I = 1, E = F.Regions.size(); I < E; ++I)
    if (rangeContains(F.Regions[I].Range, L, SM) &&
        (Best == 0 ||
         isBeforeExpanded(F.Regions[Best].Range.getBegin(), F.Regions[I].Range.getBegin(), SM)))
      Best = I;
  return Best;
}

// ---------------------------------------------------------------------------
// Stores.

/// The variable that a store into \p E writes, or null when the store
/// reaches beyond the function's locals (member, global, static, out-
/// parameter, reference, pointee) or is not understood.
static const VarDecl *storeTarget(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      // A structured binding names a part of the variable it decomposes
      // (`auto [policy, value] = ...`): a store into it is one into that.
      if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl()))
        VD = dyn_cast_or_null<VarDecl>(BD->getDecomposedDecl());
      if (!VD || VD->hasGlobalStorage() || VD->getType()->isReferenceType() ||
          (isa<ParmVarDecl>(VD) && VD->getType()->isPointerType()))
        return nullptr;
      return VD;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
      continue;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      if (ASE->getBase()->getType()->isPointerType())
        return nullptr;
      E = ASE->getBase();
      continue;
    }
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (Op->getOperator() == OO_Subscript && Op->getNumArgs() > 0) {
        E = Op->getArg(0);
        continue;
      }
      return nullptr;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      E = MC->getImplicitObjectArgument();
      continue;
    }
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = C->getDirectCallee();
      if (FD && FD->getName() == "get" && C->getNumArgs() == 1) {
        E = C->getArg(0);
        continue;
      }
      return nullptr;
    }
    return nullptr;
  }
  return nullptr;
}

/// Whether calling \p MD may write into the object it is called on: an
/// in-place tensor operation (its name ends in `_`; ATen declares them
/// const), or a non-const method of anything else but a tensor, except
/// accessors (whose results are followed as stores of their own).
static bool isMutatingMethod(const CXXMethodDecl *MD) {
  static const llvm::StringSet<> Accessors = {
      "begin", "end",  "cbegin", "cend",  "rbegin", "rend", "data",
      "size",  "front", "back",  "at",    "find",   "get",  "value",
      "count", "empty", "item",  "grad",  "mutable_grad"};
  if (!MD->getIdentifier())
    return false;
  StringRef Name = MD->getName();
  if (Name.ends_with("_") || Name == "set_data")
    return true;
  return !MD->isConst() && !isDerivedFromName(MD->getParent(), "at::TensorBase") &&
         !Accessors.contains(Name);
}

/// Whether \p T, a parameter's type, is a forwarding reference (`T &&` of
/// a template parameter) that an lvalue argument collapsed to `U &`.
static bool isForwardingReference(QualType T) {
  const auto *Ref = T->getAs<LValueReferenceType>();
  return Ref && !Ref->isSpelledAsLValue();
}

/// The project index's summary of what \p Callee, called by \p Call, runs:
/// for a virtual call, every overrider of the project's (docs/index.md,
/// ProjectIndex::dispatched()); otherwise \p Callee's own.
static const FunctionSummary *calleeSummary(const CallExpr *Call,
                                            const FunctionDecl *Callee,
                                            const ProjectIndex *Index) {
  if (!Index || !Callee)
    return nullptr;
  std::string USR = usrOf(Callee->getCanonicalDecl());
  const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
  const auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
  if (MD && MD->isVirtual() && !(ME && ME->hasQualifier()))
    return Index->dispatched(USR);
  return Index->lookup(USR);
}

/// The lambda that the argument \p Arg passes: the lambda itself, converted
/// to a `std::function` (or `std::move_only_function`) or to a function
/// pointer, or copied; with \p Local, also a local variable initialized by a
/// lambda (set to it). Null for anything else.
static const LambdaExpr *handedLambda(const Expr *Arg,
                                      const VarDecl **Local = nullptr) {
  for (unsigned Steps = 0; Arg && Steps < 8; ++Steps) {
    Arg = Arg->IgnoreImplicit()->IgnoreParens();
    if (const auto *L = dyn_cast<LambdaExpr>(Arg))
      return L;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Arg)) {
      const CXXRecordDecl *RD = CE->getConstructor()->getParent();
      bool Wraps = RD->isLambda() ||
                   (RD->isInStdNamespace() && RD->getIdentifier() &&
                    llvm::is_contained({StringRef("function"),
                                        StringRef("move_only_function"),
                                        StringRef("copyable_function")},
                                       RD->getName()));
      if (!Wraps || CE->getNumArgs() != 1)
        return nullptr;
      Arg = CE->getArg(0);
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Arg)) {
      if (!isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
        return nullptr;
      Arg = MC->getImplicitObjectArgument();
      continue;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(Arg);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!Local || !VD || !VD->isLocalVarDecl() || VD->isStaticLocal() ||
        VD->getType()->isReferenceType() || !VD->getInit())
      return nullptr;
    *Local = VD;
    Local = nullptr; // one step through a local, no more
    Arg = VD->getInit();
  }
  return nullptr;
}

/// The object of a functor class (not a lambda) that the argument \p Arg
/// makes and hands on: a construction or braced initialization, also
/// converted to a `std::function`. Null for anything else (a variable).
static const Expr *handedFunctor(const Expr *Arg) {
  for (unsigned Steps = 0; Arg && Steps < 8; ++Steps) {
    Arg = Arg->IgnoreImplicit()->IgnoreParens();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Arg)) {
      Arg = Cast->getSubExpr();
      continue;
    }
    const CXXRecordDecl *RD = Arg->getType()->getAsCXXRecordDecl();
    if (!RD || RD->isLambda())
      return nullptr;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Arg);
        CE && CE->getNumArgs() == 1 && RD->isInStdNamespace()) {
      Arg = CE->getArg(0); // std::function's converting constructor
      continue;
    }
    if (isa<CXXConstructExpr, InitListExpr>(Arg) && !RD->isInStdNamespace())
      return Arg;
    return nullptr;
  }
  return nullptr;
}

/// Where a forward pass is reported: for `model(x)`, the module, not the
/// parenthesis.
/// Whether \p Def, a module's method defined here, trains on every forward
/// pass it runs: each forward call of its body, each computation with the
/// module's parameters (isParameterOp()), and each call of a function that
/// runs one, reaches a backward pass in it (JulianWww/AlphaZero's
/// `Model::fit`, handing its forward's output to `train()`, which calls
/// `loss.backward()`). Such a method is no forward pass to its caller, as
/// one of another file whose summary trains is not.
static bool trainsOnItsPasses(const FunctionDecl *Def, ASTContext &Ctx,
                              const ProjectIndex *Index,
                              TensorStoreFinder &Provenance) {
  bool Any = false;
  for (const BoundNodes &N :
       match(findAll(callExpr().bind(CallId)), *Def->getBody(), Ctx)) {
    const auto *C = N.getNodeAs<CallExpr>(CallId);
    const FunctionDecl *G = C->getDirectCallee();
    bool Pass = !match(forwardPassCall(), *C, Ctx).empty() ||
                isParameterOp(C, Ctx) ||
                (G && G != Def &&
                 !Ctx.getSourceManager().isInSystemHeader(G->getLocation()) &&
                 forwardRunBy(G, Ctx, Index));
    if (!Pass)
      continue;
    if (!Provenance.reachesBackward(C, Def, Ctx))
      return false;
    Any = true;
  }
  return Any;
}

/// At a guard written as a statement without a name, with its type as %0.
static constexpr char GuardTemporaryNote[] =
    "this %0 is a temporary, destroyed at the end of this statement, so grad "
    "mode is on again after it; give it a name to hold it to the end of the "
    "block";
/// At `torch::NoGradGuard no_grad();`, with the guard's type as %0.
static constexpr char GuardFunctionNote[] =
    "this declares a function that returns %0, not a guard; drop the "
    "parentheses to hold one to the end of the block";
/// The finding, with the guard's name as %0.
/// At the block's first finding, for a later pass of the block reported on
/// its own.
static constexpr char CoveringPassNote[] =
    "one guard covers it and this block's first forward pass with grad mode "
    "on, here";
static constexpr char ForwardPassMessage[] =
    "forward pass runs with grad mode on, on an inference path, and records "
    "an autograd graph that no backward pass uses; hold a '%0' while it runs";
/// Rule 4's proof, at the statement where the last graph-carrying value
/// ends. Printing is named: `std::cout << f(x).sum()` reads a value that
/// carries a graph into a stream that does not (new-user trial nu21).
static constexpr char DroppedNote[] =
    "its output is read only through values that carry no graph (a "
    "comparison, 'argmax', 'item()', a size, a stream it is printed to) and "
    "is dropped by here, so no backward pass can use the graph";

/// Rule 4's proof for a pass whose graph ends in the call (passEndsInCall()),
/// at the call, with the callee as %0.
static constexpr char EndsInCallNote[] =
    "%0 returns only values cut from its forward pass's graph and keeps none "
    "of it, so no backward pass can use the graph";

static SourceLocation forwardPlace(const CallExpr *Fwd) {
  return isa<CXXOperatorCallExpr>(Fwd) ? Fwd->getArg(0)->getBeginLoc()
                                       : Fwd->getBeginLoc();
}

// ---------------------------------------------------------------------------
// The check.

MissingNoGradCheck::MissingNoGradCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : GpuLeakCheck(Name, Context),
      UseInferenceMode(Options.get("GuardType", "NoGrad") == "InferenceMode"),
      TidyContext(Context),
      IndexOption(Options.getLocalOrGlobal("GpuleakIndex", "")) {
  std::string Guard = Options.get("GuardType", "NoGrad").str();
  if (Guard != "NoGrad" && Guard != "InferenceMode")
    configurationDiag("invalid configuration value '%0' for option '%1'; "
                      "expected 'NoGrad' or 'InferenceMode'")
        << Guard << (Name + ".GuardType").str();
}

MissingNoGradCheck::~MissingNoGradCheck() = default;

void MissingNoGradCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "GuardType", UseInferenceMode ? "InferenceMode" : "NoGrad");
}

void MissingNoGradCheck::registerMatchers(MatchFinder *Finder) {
  // Functions first; their bodies are searched once each in check().
  Finder->addMatcher(
      functionDecl(isDefinition(), hasBody(compoundStmt()), unless(isImplicit()),
                   unless(cxxMethodDecl(ofClass(cxxRecordDecl(isLambda())))))
          .bind(FnId),
      this);
}

/// Grad mode switched off for good: adds to \p Offs the calls
/// `GradMode::set_enabled(false)` in \p Body (any spelling: c10::, at::,
/// torch::autograd::), and says whether \p Body may turn grad mode back on
/// (`set_enabled` with anything but `false`, a guard that does not always
/// disable it such as `AutoGradMode(flag)`) or starts a thread, which
/// begins with grad mode on.
static bool collectGradSwitches(const Stmt &Body, ASTContext &Ctx,
                                llvm::SmallVectorImpl<SourceLocation> &Offs) {
  static constexpr char OffId[] = "off", OnId[] = "on", GuardVarId[] = "guard",
                        ThreadId[] = "thread";
  auto Matches = match(
      findAll(stmt(anyOf(
          callExpr(gradModeSetEnabledCall(), argumentCountIs(1),
                   hasArgument(0, ignoringParenImpCasts(cxxBoolLiteral(equals(false)))))
              .bind(OffId),
          callExpr(gradModeSetEnabledCall()).bind(OnId),
          declStmt(has(varDecl(gradModeGuardVar()).bind(GuardVarId))),
          stmt(threadStart()).bind(ThreadId)))),
      Body, Ctx);
  bool MayTurnOn = false;
  for (const BoundNodes &N : Matches) {
    if (const auto *C = N.getNodeAs<CallExpr>(OffId))
      Offs.push_back(C->getBeginLoc());
    else if (N.getNodeAs<CallExpr>(OnId) || N.getNodeAs<Expr>(ThreadId))
      MayTurnOn = true;
    else if (const auto *V = N.getNodeAs<VarDecl>(GuardVarId);
             V && !guardDisablesGrad(*V, Ctx).value_or(false))
      MayTurnOn = true;
  }
  return MayTurnOn;
}

void MissingNoGradCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>(FnId);
  assert(FD && "matcher binds a function");
  if (ByDecl.count(FD))
    return;
  Ctx = Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  const Stmt *Body = FD->getBody();
  if (!IndexLoaded) {
    Index = ProjectIndex::find(IndexOption, TidyContext->getCurrentBuildDirectory(),
                               TidyContext->getCurrentFile());
    Provenance.setIndex(Index);
    // A function of the project that neither this file nor the index
    // knows, returning a tensor, may return a graph (a kept value computed
    // by it may carry one): what is kept by code not seen counts.
    Provenance.setDeferred(true);
    IndexLoaded = true;
  }
  if (FD->isDependentContext()) {
    checkUninstantiated(FD, SM);
    return;
  }

  // Library code does not count: `AutoGradMode`'s own constructor calls
  // `set_enabled(flag)`.
  const NamespaceDecl *Outer = nullptr;
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Outer = NS;
  if (!Outer || !Outer->getIdentifier() ||
      !llvm::is_contained({StringRef("std"), StringRef("c10"), StringRef("at"),
                           StringRef("torch")},
                          Outer->getName()))
    GradMayTurnOn |= collectGradSwitches(*Body, *Ctx, GradOffSwitches);

  auto Facts = std::make_unique<FunctionFacts>();
  FunctionFacts &F = *Facts;
  F.FD = FD;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    F.Internal = isDerivedFromName(MD->getParent(), "torch::nn::Module");
  // What it returns is cut from every graph (`torch::argmax(prob)`,
  // `out.detach()`, `loss.item()`): it hands no graph to its caller.
  const bool CutReturns =
      isCarrier(FD->getReturnType(), *Ctx) &&
      Provenance.resultOf(FD, *Ctx) == FunctionSummary::Result::Cut;
  F.ExportsByInterface = isCarrier(FD->getReturnType(), *Ctx) && !CutReturns;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType();
    bool OutParam =
        (T->isLValueReferenceType() || T->isPointerType()) &&
        !T->getPointeeType().isConstQualified();
    if (OutParam && isCarrier(T, *Ctx))
      F.ExportsByInterface = true;
  }
  F.Regions.push_back({Body->getSourceRange(), nullptr, -1});

  auto GuardVar = gradModeGuardVar();
  auto Matches = match(
      findAll(stmt(eachOf(
          lambdaExpr().bind(LambdaId), stmt(loopStmt()).bind(LoopId),
          compoundStmt().bind(BlockId), stmt(forwardPassCall()).bind(ForwardId),
          stmt(gradConsumerCall()).bind(ConsumerId), callExpr().bind(CallId),
          compoundStmt(forEach(declStmt(forEach(GuardVar.bind(GuardId)))))
              .bind(GuardBlockId),
          compoundStmt(forEach(stmt(gradModeSetEnabledCall()).bind(SetEnabledId)))
              .bind(GuardBlockId),
          compoundStmt(forEach(expr(hasType(hasUnqualifiedDesugaredType(recordType(
                                        hasDeclaration(gradModeGuardClass())))))
                                   .bind(GuardTempId)))
              .bind(GuardBlockId),
          compoundStmt(forEach(declStmt(forEach(
                           functionDecl(parameterCountIs(0),
                                        returns(hasUnqualifiedDesugaredType(recordType(
                                            hasDeclaration(gradModeGuardClass())))))
                               .bind(GuardFnId)))))
              .bind(GuardBlockId),
          binaryOperator(isAssignmentOperator()).bind(AssignId),
          cxxOperatorCallExpr(isAssignmentOperator()).bind(AssignId),
          returnStmt(hasReturnValue(expr())).bind(ReturnId),
          declStmt(has(namedDecl(hasAnyName("no_grad", "guard"))))
              .bind(NameClashId),
          expr(anyOf(cxxConstructExpr(), initListExpr()),
               hasType(hasUnqualifiedDesugaredType(recordType(hasDeclaration(
                   cxxRecordDecl(unless(isLambda()),
                                 unless(isExpansionInSystemHeader())))))))
              .bind(FunctorId),
          declStmt(forEach(varDecl(hasInitializer(expr())).bind(VarInitId)))))),
      *Body, *Ctx);

  llvm::SmallPtrSet<const Stmt *, 32> Seen;
  F.ThreadLambdas = threadBodyLambdas(*Body, *Ctx);
  // Locals initialized by a lambda, and the lambda at each call handed it.
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const LambdaExpr *, 1>>
      HandedLocals;
  for (const BoundNodes &N : Matches) {
    if (const auto *L = N.getNodeAs<LambdaExpr>(LambdaId)) {
      if (Seen.insert(L).second)
        F.Regions.push_back({L->getBody()->getSourceRange(), L, 0});
    } else if (const auto *S = N.getNodeAs<Stmt>(LoopId)) {
      if (Seen.insert(S).second)
        F.Loops.push_back(S);
    } else if (const auto *B = N.getNodeAs<CompoundStmt>(BlockId)) {
      // Not the empty body of a member that the compiler defines for a
      // lambda's closure type (its move constructor, for `std::thread
      // t([&] {...})`), which sits at the lambda's `{`: taken for a block
      // around the lambda, it made a thread's rollout whose outputs the
      // function returns look kept by nothing (new-user trial nu22).
      if (B->getLBracLoc() != B->getRBracLoc())
        F.Blocks.push_back(B);
    } else if (const auto *C = N.getNodeAs<CallExpr>(ForwardId)) {
      F.Forwards.push_back(C);
    } else if (const auto *C = N.getNodeAs<CallExpr>(ConsumerId)) {
      // Sites sit at their end: a call runs after its arguments.
      F.Sites.push_back({Site::Consumer, C->getEndLoc(), nullptr});
    } else if (const auto *V = N.getNodeAs<VarDecl>(GuardId)) {
      if (std::optional<bool> Off = guardDisablesGrad(*V, *Ctx))
        F.GradEvents.push_back(
            {V->getLocation(), N.getNodeAs<CompoundStmt>(GuardBlockId), *Off});
    } else if (const auto *T = N.getNodeAs<Expr>(GuardTempId)) {
      F.GuardTemporaries.push_back({T->getBeginLoc(),
                                    N.getNodeAs<CompoundStmt>(GuardBlockId),
                                    T->getType().getUnqualifiedType(), false});
    } else if (const auto *G = N.getNodeAs<FunctionDecl>(GuardFnId)) {
      F.GuardTemporaries.push_back({G->getLocation(),
                                    N.getNodeAs<CompoundStmt>(GuardBlockId),
                                    G->getReturnType().getUnqualifiedType(), true});
    } else if (const auto *C = N.getNodeAs<CallExpr>(SetEnabledId)) {
      bool On = true;
      if (C->getNumArgs() == 1 &&
          C->getArg(0)->EvaluateAsBooleanCondition(On, *Ctx))
        F.GradEvents.push_back(
            {C->getBeginLoc(), N.getNodeAs<CompoundStmt>(GuardBlockId), !On});
    } else if (const auto *A = N.getNodeAs<Expr>(AssignId)) {
      const Expr *LHS = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(A))
        LHS = BO->getLHS();
      else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(A))
        LHS = OC->getArg(0);
      if (LHS && isCarrier(LHS->getType(), *Ctx)) {
        Store St{A->getBeginLoc(), storeTarget(LHS), nullptr, {}};
        const Expr *RHS = nullptr;
        bool Plain = false;
        if (const auto *BO = dyn_cast<BinaryOperator>(A)) {
          RHS = BO->getRHS();
          Plain = BO->getOpcode() == BO_Assign;
        } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(A);
                   OC->getNumArgs() == 2) {
          RHS = OC->getArg(1);
          Plain = OC->getOperator() == OO_Equal;
        }
        if (RHS) {
          St.Values.push_back(RHS);
          St.Unknown = false;
          if (const auto *ME = dyn_cast<MemberExpr>(LHS->IgnoreParenImpCasts());
              Plain && ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
            St.Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
        }
        F.Stores.push_back(std::move(St));
      }
    } else if (const auto *R = N.getNodeAs<ReturnStmt>(ReturnId)) {
      if (!CutReturns && isCarrier(R->getRetValue()->getType(), *Ctx))
        F.CarrierReturns.push_back(R->getBeginLoc());
    } else if (N.getNodeAs<DeclStmt>(NameClashId)) {
      F.HasNameClash = true;
    } else if (const auto *M = N.getNodeAs<Expr>(FunctorId)) {
      // An object made of a class whose operator() (its own or a base's)
      // may be what runs: recorded under each class that declares one.
      llvm::SmallVector<const CXXRecordDecl *, 2> Work{
          M->getType()->getAsCXXRecordDecl()};
      for (unsigned Steps = 0; !Work.empty() && Steps < 16; ++Steps) {
        const CXXRecordDecl *RD = Work.pop_back_val();
        if (!RD || !RD->hasDefinition())
          continue;
        RD = RD->getDefinition();
        if (llvm::any_of(RD->methods(), [](const CXXMethodDecl *MD) {
              return MD->getOverloadedOperator() == OO_Call;
            }))
          FunctorsMade[RD->getCanonicalDecl()].push_back(M);
        for (const CXXBaseSpecifier &B : RD->bases())
          Work.push_back(B.getType()->getAsCXXRecordDecl());
      }
    } else if (const auto *V = N.getNodeAs<VarDecl>(VarInitId)) {
      F.VarInits.push_back(V);
    } else if (const auto *C = N.getNodeAs<CallExpr>(CallId)) {
      const FunctionDecl *Callee = C->getDirectCallee();
      SourceLocation Loc = C->getEndLoc();
      // Lambdas and functor objects handed to the call.
      for (unsigned I = 0, E = C->getNumArgs(); Callee && I < E; ++I) {
        const VarDecl *Local = nullptr;
        if (const LambdaExpr *L = handedLambda(C->getArg(I), &Local)) {
          F.HandedTo[L].push_back({C, I});
          if (Local)
            HandedLocals[Local].push_back(L);
        } else if (const Expr *Made = handedFunctor(C->getArg(I))) {
          FunctorsHanded[Made] = {C, I};
        }
      }
      // Stores through mutating methods and non-const reference arguments.
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
        const Expr *Obj = MC->getImplicitObjectArgument();
        const CXXMethodDecl *MD = MC->getMethodDecl();
        // A method of a temporary (`forward(...).toTensor()`, whose
        // rvalue overload is not const) writes nothing that stays.
        bool Temporary = Obj && !Obj->getType()->isPointerType() &&
                         !Obj->IgnoreImplicit()->isGLValue();
        if (Obj && MD && !Temporary && isMutatingMethod(MD) &&
            isCarrier(Obj->getType(), *Ctx)) {
          const FunctionDecl *Def = MD->getDefinition();
          // Not a virtual one: an override may keep what the body seen here
          // does not.
          bool Known = Def && Def->hasBody() && !MD->isVirtual() &&
                       !SM.isInSystemHeader(Def->getLocation());
          Store St{Loc, storeTarget(Obj), Known ? Def : nullptr, {}};
          // A library method (`push_back`, `clear`, `copy_`) keeps what it
          // is given; a method of this TU, what its body keeps of it.
          if (Known || SM.isInSystemHeader(MD->getLocation())) {
            St.Unknown = false;
            for (const Expr *Arg : MC->arguments())
              if (isCarrier(Arg->getType(), *Ctx))
                St.Values.push_back(Arg);
          } else if (!Def || !Def->hasBody() || MD->isVirtual()) {
            St.Unseen = MC;
            St.OnObject = true;
          }
          F.Stores.push_back(std::move(St));
        }
        if (MD && MD->getIdentifier() && MD->getName() == "eval" &&
            (isDerivedFromName(MD->getParent(), "torch::nn::Module") ||
             isDerivedFromName(MD->getParent(), "torch::jit::Module")))
          F.Evals.push_back(C);
      }
      if (Callee) {
        unsigned Shift = isa<CXXOperatorCallExpr>(C) &&
                                 isa<CXXMethodDecl>(Callee)
                             ? 1
                             : 0;
        // A library template's forwarding reference (`Args &&...` of a
        // module holder's `operator()`, a loss module's call) passes the
        // argument on: it is an input, not an output of the call.
        const bool LibraryCallee = SM.isInSystemHeader(Callee->getLocation());
        // `std::get<I>(t)` (also the one a structured binding by reference
        // calls) names an element: a store through it is an assignment,
        // followed as one (storeTarget()).
        const bool Accessor = Callee->isInStdNamespace() &&
                              Callee->getIdentifier() && Callee->getName() == "get";
        for (unsigned I = 0, E = Accessor ? 0 : Callee->getNumParams();
             I < E && I + Shift < C->getNumArgs(); ++I) {
          QualType PT = Callee->getParamDecl(I)->getType();
          if (PT->isLValueReferenceType() &&
              !PT->getPointeeType().isConstQualified() && isCarrier(PT, *Ctx) &&
              !(LibraryCallee && isForwardingReference(PT))) {
            Store St{Loc, storeTarget(C->getArg(I + Shift)), nullptr, {}};
            // Code not seen: what it writes comes from what it is handed.
            const FunctionDecl *CD = Callee->getDefinition();
            if (LibraryCallee || !CD || !CD->hasBody())
              St.Unseen = C;
            F.Stores.push_back(std::move(St));
          }
        }
      }
      // A module's own method that runs a forward pass (`model->denoise(x)`,
      // `net.sample(z)`, defined here or, by the project index, elsewhere)
      // is a forward pass to its caller: its body runs in the caller's grad
      // mode, and forward calls inside module methods are not reported.
      if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Callee);
          MD && !F.Internal && !MD->isStatic() && !llvm::is_contained(F.Forwards, C) &&
          isDerivedFromName(MD->getParent(), "torch::nn::Module") &&
          !SM.isInSystemHeader(MD->getLocation()))
      {
        const FunctionDecl *Def = MD->getDefinition();
        std::optional<SourceLocation> Inner = forwardRunBy(MD, *Ctx, Index.get());
        if (Inner && Def && Def->hasBody() &&
            trainsOnItsPasses(Def, *Ctx, Index.get(), Provenance))
          Inner.reset();
        if (Inner) {
          F.Forwards.push_back(C);
          if (Inner->isInvalid() && Index) // from the index: its place
            if (const FunctionSummary *S =
                    Index->lookup(usrOf(MD->getCanonicalDecl()));
                S && S->Forward)
              *Inner = locationOf(*S->Forward, Ctx->getSourceManager());
          F.IndirectForwards[C] = *Inner;
        } else if ((!Def || !Def->hasBody()) &&
                   ProjectIndex::deferredToProject(IndexOption)) {
          // Defined in another file: `gpuleak check` decides after the run.
          F.Forwards.push_back(C);
          F.AssumedForwards.insert(C);
        }
      } else if (const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
                 Callee && !F.Internal && (!Def || !Def->hasBody()) &&
                 !llvm::is_contained(F.Forwards, C) &&
                 !SM.isInSystemHeader(Callee->getLocation()) &&
                 (isCarrier(C->getType(), *Ctx) ||
                  !carrierOutParams(C, *Ctx, /*Pointers=*/false).empty())) {
        // Any other function of another file that runs a forward pass and
        // returns its output (`predict(model, x)`, `agent.act(obs)`), or
        // writes it into a reference argument (a sampling step that
        // returns ids and updates the caller's recurrent state), is a
        // forward pass to its caller too. One that returns a number or a
        // cut tensor, and writes no graph out, keeps its graph to itself:
        // its own file judges it.
        const FunctionSummary *S = calleeSummary(C, Callee, Index.get());
        auto WritesOut = [&] {
          return llvm::any_of(carrierOutParams(C, *Ctx, /*Pointers=*/false), [&](unsigned P) {
            return llvm::is_contained(S->WritesGraph, P);
          });
        };
        if (S && S->Forward && !S->DisablesGrad && !S->Backward &&
            (S->Returns == FunctionSummary::Result::Graph || WritesOut())) {
          F.Forwards.push_back(C);
          F.IndirectForwards[C] = locationOf(*S->Forward, Ctx->getSourceManager());
        } else if (!S && ProjectIndex::deferredToProject(IndexOption)) {
          F.Forwards.push_back(C);
          F.AssumedHelperForwards.insert(C);
        }
      }
      // Calls into this TU, and calls that may run a backward pass elsewhere.
      if (Callee && SM.isInSystemHeader(Callee->getLocation()))
        continue;
      const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
      bool CarrierArg = false;
      for (const Expr *Arg : C->arguments())
        CarrierArg |= isCarrier(Arg->getType(), *Ctx);
      if (Def && Def->hasBody()) {
        F.Sites.push_back({Site::Call, Loc, Def, C->getBeginLoc(), CarrierArg, C});
        continue;
      }
      // Defined elsewhere and known to train (the project index): a
      // backward pass runs there.
      const FunctionSummary *Known = calleeSummary(C, Callee, Index.get());
      if (Known && Known->Backward) {
        F.Sites.push_back({Site::Consumer, Loc, nullptr});
        continue;
      }
      // Opaque: defined elsewhere (or called through a pointer), takes a
      // tensor and returns none. A function returning a tensor passes the
      // graph on to its result, which is followed here instead.
      // Only inputs count: a non-const reference argument is an output of
      // the call (a loader filling a batch), and a detach()ed one holds no
      // graph.
      bool TakesCarrier = false;
      unsigned Shift =
          Callee && isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(Callee)
              ? 1
              : 0;
      for (unsigned I = Shift, E = C->getNumArgs(); I < E; ++I) {
        const Expr *Arg = C->getArg(I);
        if (!isCarrier(Arg->getType(), *Ctx))
          continue;
        if (Callee && I - Shift < Callee->getNumParams()) {
          QualType PT = Callee->getParamDecl(I - Shift)->getType();
          if (PT->isLValueReferenceType() &&
              !PT->getPointeeType().isConstQualified()) {
            if (ProjectIndex::deferredToProject(IndexOption) && !Def &&
                (F.MaybeTrains.empty() || F.MaybeTrains.back() != C))
              F.MaybeTrains.push_back(C);
            continue;
          }
        }
        if (const auto *MC =
                dyn_cast<CXXMemberCallExpr>(Arg->IgnoreImplicit()))
          if (const CXXMethodDecl *MD = MC->getMethodDecl())
            if (MD->getIdentifier() && MD->getName() == "detach")
              continue;
        TakesCarrier = true;
      }
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
        if (const Expr *Obj = MC->getImplicitObjectArgument())
          TakesCarrier |= isCarrier(Obj->getType(), *Ctx);
      if (!TakesCarrier || isCarrier(C->getType(), *Ctx))
        continue;
      // A function of the project that the index knows, and that trains
      // nowhere (its summary's `backward` follows its callees, and a
      // virtual call's overriders), runs no backward pass. Under `gpuleak
      // check` one of another file is settled after the last file.
      if (Known)
        continue;
      if (Callee && !Def && ProjectIndex::deferredToProject(IndexOption))
        F.Sites.push_back({Site::MaybeOpaque, Loc, nullptr, C->getBeginLoc(),
                           false, C});
      else
        F.Sites.push_back({Site::Opaque, Loc, nullptr, C->getBeginLoc(), false, C});
    }
  }
  // How many times the body names local \p V.
  auto UsesOf = [&](const VarDecl *V) {
    return match(findAll(declRefExpr(to(varDecl(equalsNode(V)))).bind(CallId)),
                 *Body, *Ctx)
        .size();
  };
  // A local that holds a lambda and is only ever called here: its calls
  // decide its grad mode.
  for (const VarDecl *V : F.VarInits) {
    const Expr *Init = V->getInit();
    if (const auto *EWC = dyn_cast_or_null<ExprWithCleanups>(Init))
      Init = EWC->getSubExpr();
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
        CE && CE->getNumArgs() == 1)
      Init = CE->getArg(0);
    const auto *L =
        dyn_cast_or_null<LambdaExpr>(Init ? Init->IgnoreImplicit() : nullptr);
    if (!L || !V->isLocalVarDecl() || V->getType()->isReferenceType())
      continue;
    llvm::SmallVector<SourceLocation, 1> Calls;
    for (const BoundNodes &N :
         match(findAll(cxxOperatorCallExpr(
                                   hasOverloadedOperatorName("()"),
                                   hasArgument(0, ignoringParenImpCasts(declRefExpr(
                                                      to(varDecl(equalsNode(V)))))))
                                   .bind(CallId)),
               *Body, *Ctx))
      Calls.push_back(N.getNodeAs<CallExpr>(CallId)->getBeginLoc());
    if (!Calls.empty() && Calls.size() == UsesOf(V))
      F.CalledHere[L] = std::move(Calls);
  }
  // A local that holds a lambda decides only when every use of it hands it
  // to a call.
  for (const auto &[Local, Ls] : HandedLocals)
    if (UsesOf(Local) != Ls.size())
      F.UsedOtherwise.insert(Ls.front());
  // Regions: parent of each lambda body.
  for (int I = 1, E = F.Regions.size(); I < E; ++I) {
    SourceLocation L = F.Regions[I].Lambda->getBeginLoc();
    int Best = 0;
    for (int J = 1; J < E; ++J)
      if (J != I && rangeContains(F.Regions[J].Range, L, SM) &&
          (Best == 0 || isBeforeExpanded(F.Regions[Best].Range.getBegin(), F.Regions[J].Range.getBegin(), SM)))
        Best = J;
    F.Regions[I].Parent = Best;
  }
  ByDecl[FD] = Facts.get();
  Functions.push_back(std::move(Facts));
}

// ---------------------------------------------------------------------------
// Stores through the translation unit's own methods.

using FactsByDecl = llvm::DenseMap<const FunctionDecl *, FunctionFacts *>;

static bool keepsBeyondLocals(FunctionFacts &F, const FactsByDecl &ByDecl);

/// Whether store \p S may keep something: a call of a method of this
/// translation unit on an object (`agent.rescale(a)`, `this->scale(a)`)
/// writes into it only when the method keeps something beyond its locals.
static bool storeCounts(const Store &S, const FactsByDecl &ByDecl,
                        llvm::SmallPtrSetImpl<const FunctionFacts *> &Visiting) {
  if (!S.Via)
    return true;
  FunctionFacts *Callee = ByDecl.lookup(S.Via);
  if (!Callee)
    return true;
  if (!Visiting.insert(Callee).second)
    return false; // recursion: the other stores decide
  return llvm::any_of(Callee->Stores, [&](const Store &St) {
    return !St.Target && storeCounts(St, ByDecl, Visiting);
  });
}

/// Whether \p F keeps something beyond its locals: a store into a member, a
/// global or static, an out-parameter or a reference, directly or through
/// the methods of this translation unit that it calls on an object, whatever
/// the value kept (a model's `forward` that keeps its input or its state).
static bool keepsBeyondLocals(FunctionFacts &F, const FactsByDecl &ByDecl) {
  if (F.Keeps < 0) {
    llvm::SmallPtrSet<const FunctionFacts *, 4> Visiting{&F};
    F.Keeps = llvm::any_of(F.Stores, [&](const Store &S) {
      return !S.Target && storeCounts(S, ByDecl, Visiting);
    });
  }
  return F.Keeps;
}

// ---------------------------------------------------------------------------
// Decisions.

namespace {
class Decider {
public:
  /// Where this file's code switches grad mode off for
  /// the rest of the thread, with nothing in the file that turns it on.
  llvm::SmallVector<SourceLocation, 2> OffForGood;

  /// Objects of functor classes that the file makes (MissingNoGradCheck::
  /// FunctorsMade), and the calls those handed to a call are handed to.
  using FunctorsMadeMap = MissingNoGradCheck::FunctorsMadeMap;
  using FunctorsHandedMap = MissingNoGradCheck::FunctorsHandedMap;
  /// Whether a value, an expression of a function's body, may carry an
  /// autograd graph (TensorStoreFinder::carriesGraph), and whether it is
  /// computed from a declaration (TensorStoreFinder::computedFrom).
  std::function<bool(const Expr *, const FunctionDecl *)> CarriesGraph;
  std::function<bool(const Expr *, const ValueDecl *, const FunctionDecl *)>
      ComputedFrom;
  /// Whether a member of a class, overwritten with a graph, is read by the
  /// class's code only through values that carry no graph (the member rule,
  /// MissingNoGradCheck::memberOnlyCut); records what it assumed.
  std::function<bool(const FieldDecl *)> MemberOnlyCut;

  Decider(llvm::DenseMap<const FunctionDecl *, FunctionFacts *> &ByDecl,
          const SourceManager &SM, const ProjectIndex *Index, bool Deferred,
          const FunctorsMadeMap &FunctorsMade,
          const FunctorsHandedMap &FunctorsHanded)
      : ByDecl(ByDecl), SM(SM), Index(Index), Deferred(Deferred),
        FunctorsMade(FunctorsMade), FunctorsHanded(FunctorsHanded) {
    for (const auto &[FD, F] : ByDecl)
      for (int I = 1, E = F->Regions.size(); I < E; ++I)
        LambdaRegion[F->Regions[I].Lambda->getCallOperator()] = {F, I};
  }

  /// Whether a call to \p Callee may run a backward pass.
  bool callReaches(const FunctionDecl *Callee) {
    if (FunctionFacts *F = ByDecl.lookup(Callee))
      return reaches(*F);
    auto It = LambdaRegion.find(Callee);
    if (It == LambdaRegion.end())
      return false;
    // A lambda that calls itself (through a `self` parameter, or one nested
    // in another whose region holds its call) is settled like a function.
    auto [FacF, I] = It->second;
    return memoized(LambdaReach.try_emplace(Callee, -1).first->second, [&, FacF = FacF, I = I] {
      return anySiteIn(*FacF, FacF->Regions[I].Range);
    });
  }

  /// A fact of a function computed once, through calls that may recurse:
  /// \p Memo is -1 before, 2 while computing (a recursive call answers
  /// false: the other calls decide), then the answer.
  static bool memoized(int &Memo, llvm::function_ref<bool()> Compute) {
    if (Memo == 2)
      return false;
    if (Memo >= 0)
      return Memo;
    Memo = 2;
    bool R = Compute();
    Memo = R;
    return R;
  }

  bool reaches(FunctionFacts &F) {
    return memoized(F.Reach, [&] { return anySiteIn(F, F.Regions[0].Range); });
  }

  bool siteCounts(const Site &S) {
    if (S.Kind == Site::MaybeOpaque) {
      if (!AssumeNoTraining)
        return true;
      if (!llvm::is_contained(AssumedNoTraining, S.Expr))
        AssumedNoTraining.push_back(S.Expr);
      return false;
    }
    return S.Kind != Site::Call || callReaches(S.Callee);
  }

  /// Under `gpuleak check`: whether calls of functions of other files, not
  /// yet summarized, that take a tensor and return none (MaybeOpaque) are
  /// taken to run no backward pass, and those that a decision passed over
  /// so (each becomes a note that the step after the last file settles).
  bool AssumeNoTraining = false;
  llvm::SmallVector<const CallExpr *, 2> AssumedNoTraining;

  /// Sets AssumeNoTraining to \p On, and forgets what was computed with
  /// the other setting.
  void assumeNoTraining(bool On) {
    AssumeNoTraining = On;
    AssumedNoTraining.clear();
    LambdaReach.clear();
    for (auto &[FD, F] : ByDecl)
      F->Reach = -1;
  }
  bool anyMaybeOpaque() const {
    for (const auto &[FD, F] : ByDecl)
      if (llvm::any_of(F->Sites, [](const Site &S) { return S.Kind == Site::MaybeOpaque; }))
        return true;
    return false;
  }

  /// Whether the forward pass \p Fwd may run a backward pass itself (a model
  /// whose forward computes forces as the gradient of an energy): the body
  /// of what it runs, in this TU, may reach one, or the project index says
  /// so of its definition elsewhere. Unknown code counts as may; a
  /// TorchScript module's forward (library code) does not. With
  /// \p Unsummarized (under `gpuleak check`), a `forward` called directly
  /// and defined in another file not yet summarized is added to it instead:
  /// the step after the last file settles it by its summary.
  bool forwardMayDifferentiate(
      const CallExpr *Fwd, llvm::ArrayRef<const FunctionDecl *> Targets,
      llvm::SmallVectorImpl<const FunctionDecl *> *Unsummarized = nullptr) {
    const FunctionDecl *Callee = Fwd->getDirectCallee();
    if (!Callee)
      return true;
    llvm::SmallVector<const FunctionDecl *, 2> Run(Targets.begin(), Targets.end());
    if (Run.empty())
      Run.push_back(Callee);
    for (const FunctionDecl *T : Run) {
      if (SM.isInSystemHeader(T->getLocation()))
        continue;
      const FunctionDecl *Def = T->getDefinition();
      if (Def && Def->hasBody()) {
        if (callReaches(Def))
          return true;
        continue;
      }
      const FunctionSummary *S =
          T == Callee ? calleeSummary(Fwd, T, Index)
                      : Index ? Index->lookup(usrOf(T->getCanonicalDecl())) : nullptr;
      if (!S && Unsummarized && Deferred && T == Callee) {
        Unsummarized->push_back(T);
        continue;
      }
      if (!S || S->Backward)
        return true;
    }
    return false;
  }

  bool anySiteIn(FunctionFacts &F, SourceRange R) {
    for (const Site &S : F.Sites)
      if (rangeContains(R, S.Loc, SM) && siteCounts(S))
        return true;
    return false;
  }

  /// Loops of region \p R around \p P, innermost first; with \p Blocks,
  /// also the blocks other than loop bodies and the region's own body.
  llvm::SmallVector<const Stmt *, 4> loopsAround(FunctionFacts &F, int R,
                                                 SourceLocation P,
                                                 bool Blocks = false) {
    llvm::SmallVector<const Stmt *, 4> Loops;
    for (const Stmt *L : F.Loops)
      if (rangeContains(L->getSourceRange(), P, SM) &&
          regionOf(F, SM, L->getBeginLoc()) == R)
        Loops.push_back(L);
    if (Blocks)
      for (const CompoundStmt *B : F.Blocks) {
        if (!rangeContains(B->getSourceRange(), P, SM) ||
            B->getSourceRange() == F.Regions[R].Range ||
            regionOf(F, SM, B->getBeginLoc()) != R)
          continue;
        if (llvm::any_of(F.Loops, [&](const Stmt *L) {
              return loopBody(L) == B;
            }))
          continue;
        Loops.push_back(B);
      }
    llvm::sort(Loops, [&](const Stmt *A, const Stmt *B) {
      return isBeforeExpanded(B->getBeginLoc(), A->getBeginLoc(), SM);
    });
    return Loops;
  }

  /// Whether value \p V of \p F may carry a graph: by the provenance
  /// analysis; or it is computed from a parameter of a lambda of \p F (what
  /// the lambda is handed is not followed); or, with \p ParamsCarry (the
  /// call being judged hands \p F a graph), from one of its parameters.
  bool valueCarries(const Expr *V, FunctionFacts &F, bool ParamsCarry) {
    // A forward pass's output, whatever the provenance analysis knows of
    // the function it calls (a method of another file).
    auto HoldsForward = [&](const Expr *E) {
      return llvm::any_of(F.Forwards, [&](const CallExpr *Fwd) {
        return rangeContains(E->getSourceRange(), Fwd->getBeginLoc(), SM);
      });
    };
    if (!F.ForwardVars) {
      F.ForwardVars.emplace();
      for (const VarDecl *VD : F.VarInits)
        if (HoldsForward(VD->getInit()))
          F.ForwardVars->push_back(VD);
      for (const Store &S : F.Stores)
        if (S.Target && llvm::any_of(S.Values, HoldsForward))
          F.ForwardVars->push_back(S.Target);
    }
    if (HoldsForward(V))
      return true;
    for (const VarDecl *VD : *F.ForwardVars)
      if (ComputedFrom(V, VD, F.FD))
        return true;
    if (CarriesGraph(V, F.FD))
      return true;
    // What a lambda is handed is not followed: a value computed from one
    // of its parameters may carry a graph, inside the lambda, and outside
    // it when the lambda stores it into a local of \p F (`auto add =
    // [&](const Tensor &t) { steps.emplace_back(1.0f, t); }; add(out);`).
    for (int I = 1, E = F.Regions.size(); I < E; ++I)
      for (const ParmVarDecl *P :
           F.Regions[I].Lambda->getCallOperator()->parameters())
        if (ComputedFrom(V, P, F.FD))
          return true;
    if (ParamsCarry)
      for (const ParmVarDecl *P : F.FD->parameters())
        if (ComputedFrom(V, P, F.FD))
          return true;
    return false;
  }

  /// Whether store \p S of \p F may keep a graph: data flow on what it
  /// keeps, not co-occurrence. A value that carries no graph (an input built
  /// from an image, a number, `item()`) keeps none; a call of a method of
  /// this TU keeps what its body keeps of its arguments (\p ParamsCarry for
  /// its own); a member overwritten with a graph that the class reads only
  /// through cuts holds a graph that no backward pass uses; what is kept by
  /// code not seen (a method of another file, a virtual one) counts.
  bool keeps(const Store &S, FunctionFacts &F, bool ParamsCarry,
             llvm::SmallPtrSetImpl<const FunctionFacts *> &Visiting) {
    if (S.Unknown && S.OnObject && isJudgedCall(S.Unseen, F))
      return !judgedCallKeepsNoGraph(S.Unseen);
    if (S.Unknown)
      return !unseenKeepsNoGraph(S, F, ParamsCarry);
    auto Carries = [&](const Expr *V) { return carriesJudged(V, F, ParamsCarry); };
    if (S.Via) {
      FunctionFacts *Callee = ByDecl.lookup(S.Via);
      if (!Callee)
        return true;
      bool ArgsCarry = llvm::any_of(S.Values, Carries);
      if (!Visiting.insert(Callee).second)
        return false; // recursion: the other stores decide
      bool Kept = llvm::any_of(Callee->Stores, [&](const Store &St) {
        return !St.Target && keeps(St, *Callee, ArgsCarry, Visiting);
      });
      Visiting.erase(Callee);
      return Kept;
    }
    if (llvm::none_of(S.Values, Carries))
      return false;
    return !(S.Field && MemberOnlyCut && MemberOnlyCut(S.Field));
  }

  // -------------------------------------------------------------------------
  // What code not seen can hold of the judged pass's graph.
  //
  // inference() judges the value computed at one place (a forward pass, or
  // a call that hands its results out): the judged call. Code not seen (a
  // function of another file, a virtual or a library one) can keep or
  // return that value's graph only if it is handed something that may
  // carry it: a value that provably carries none (a number, `item()`, a
  // detached value, a value built from data without a graph, or one that
  // such code returned from inputs of that kind) gives it nothing.

  /// The call whose value inference() judges, and the function it is in.
  FunctionFacts *JudgedIn = nullptr;
  SourceLocation JudgedAt;

  /// Sets the judged call for one inference() frame, and restores the
  /// caller's after it.
  struct JudgedScope {
    JudgedScope(Decider &D, FunctionFacts &F, SourceLocation P)
        : D(D), In(D.JudgedIn), At(D.JudgedAt) {
      D.JudgedIn = &F;
      D.JudgedAt = P;
    }
    ~JudgedScope() {
      D.JudgedIn = In;
      D.JudgedAt = At;
    }
    Decider &D;
    FunctionFacts *In;
    SourceLocation At;
  };

  /// Whether the pass being decided is known not to differentiate by
  /// itself (forwardMayDifferentiate()): only then is code not seen judged
  /// by what it is handed. A pass that may (a `forward` of another file
  /// that the index does not know) can reach a backward pass of its own
  /// whatever the loop around it hands out.
  bool JudgedPassInert = false;

  /// Whether call \p C of \p F is the judged call itself (a method of
  /// another file that runs the pass judged), not one that contains it.
  bool isJudgedCall(const CallExpr *C, const FunctionFacts &F) const {
    return C && JudgedIn == &F && llvm::is_contained(F.Forwards, C) &&
           forwardPlace(C) == JudgedAt;
  }

  /// Whether the judged call \p C, of a function that this file does not
  /// define (or a virtual one), keeps none of its forward pass's graph where
  /// it outlives the call: in its object (a generator holding a KV cache), a
  /// global or a static. The project index says so (`keeps_graph` unset,
  /// for a virtual call of every overrider); under `gpuleak check` it is
  /// assumed (AssumedKeepsNoGraph, a note the step after the last file
  /// settles). The graph it writes into a reference argument is a store of
  /// that argument, judged as one.
  bool judgedCallKeepsNoGraph(const CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee)
      return false;
    if (const FunctionSummary *S = calleeSummary(C, Callee, Index))
      return !S->KeepsGraph;
    if (!Deferred)
      return false;
    if (!llvm::is_contained(AssumedKeepsNoGraph, C))
      AssumedKeepsNoGraph.push_back(C);
    return true;
  }
  /// The judged calls taken, under `gpuleak check`, to keep no graph.
  llvm::SmallVector<const CallExpr *, 1> AssumedKeepsNoGraph;

  /// Whether call \p C of \p F may be (or contain) the judged call.
  bool mayBeJudged(const Expr *C, const FunctionFacts &F) const {
    return !JudgedPassInert || !JudgedIn ||
           (JudgedIn == &F && rangeContains(C->getSourceRange(), JudgedAt, SM));
  }

  /// valueCarries(), less the values that provably carry none of the
  /// judged pass's graph (noJudgedGraph()).
  bool carriesJudged(const Expr *V, FunctionFacts &F, bool ParamsCarry) {
    llvm::SmallPtrSet<const VarDecl *, 4> Visiting;
    return !holdsNoJudged(V, F, ParamsCarry, 0, Visiting);
  }

  /// carriesJudged()'s negation, within a search of noJudgedGraph().
  bool holdsNoJudged(const Expr *V, FunctionFacts &F, bool ParamsCarry,
                     unsigned Depth,
                     llvm::SmallPtrSetImpl<const VarDecl *> &Visiting) {
    return !valueCarries(V, F, ParamsCarry) ||
           noJudgedGraph(V, F, ParamsCarry, Depth, Visiting);
  }

  /// Whether \p A, handed to code not seen, gives it nothing of the judged
  /// graph: a number, a pointer or reference to numbers (`data_ptr`), a
  /// type that holds no tensor (a module holds parameters), or a value
  /// that carries none of it. A callable (`std::function`), `std::any` or
  /// `void *` may hold anything.
  bool inputHoldsNoGraph(const Expr *A, FunctionFacts &F, bool ParamsCarry,
                         unsigned Depth,
                         llvm::SmallPtrSetImpl<const VarDecl *> &Visiting) {
    const ASTContext &Ctx = F.FD->getASTContext();
    QualType T = A->getType().getNonReferenceType();
    while (!T->getPointeeType().isNull())
      T = T->getPointeeType();
    T = T.getCanonicalType();
    if (T->isVoidType() || T->isDependentType())
      return false;
    if (isCarrier(A->getType(), Ctx)) {
      bool R = holdsNoJudged(A, F, ParamsCarry, Depth + 1, Visiting);
      return R;
    }
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
      std::string Name = RD->getQualifiedNameAsString();
      if (Name == "std::function" || Name == "std::any" ||
          Name == "std::move_only_function")
        return false;
    }
    return true;
  }

  /// Whether the object of call \p C (a method called on it), handed to
  /// code not seen, holds none of the judged graph: a parameter, a member
  /// or a global (what it holds was stored elsewhere, and that store is
  /// judged where it is made), or a local whose every value carries none.
  bool objectHoldsNoGraph(const CallExpr *C, FunctionFacts &F, bool ParamsCarry,
                          unsigned Depth,
                          llvm::SmallPtrSetImpl<const VarDecl *> &Visiting) {
    const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
    const Expr *O = MC ? MC->getImplicitObjectArgument() : nullptr;
    if (!O)
      return true;
    O = O->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(O); U && U->getOpcode() == UO_Deref)
      O = U->getSubExpr()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(O))
      return true;
    if (const auto *ME = dyn_cast<MemberExpr>(O);
        ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(O))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && (isa<ParmVarDecl>(VD) || VD->hasGlobalStorage()))
        return true;
    if (!isCarrier(O->getType(), F.FD->getASTContext()))
      return true;
    return noJudgedGraph(O, F, ParamsCarry, Depth + 1, Visiting);
  }

  /// Whether call \p C of code not seen is handed nothing that may carry
  /// the judged graph (its arguments and its object), and is not the
  /// judged call itself (a method that runs the pass may keep its output).
  bool unseenHandedNoGraph(const CallExpr *C, FunctionFacts &F,
                           bool ParamsCarry, unsigned Depth,
                           llvm::SmallPtrSetImpl<const VarDecl *> &Visiting) {
    if (mayBeJudged(C, F))
      return false;
    for (const Expr *A : C->arguments())
      if (!inputHoldsNoGraph(A, F, ParamsCarry, Depth, Visiting))
        return false;
    return objectHoldsNoGraph(C, F, ParamsCarry, Depth, Visiting);
  }

  /// anySiteIn() for the judged function \p F, less the calls of code not
  /// seen that may run a backward pass but are handed nothing that may
  /// carry the judged graph (`buffer.add(obs, action.item<int>())`): a
  /// backward pass reaches only the graph of what it differentiates.
  bool anySiteUsingJudged(FunctionFacts &F, SourceRange R) {
    for (const Site &S : F.Sites) {
      if (!rangeContains(R, S.Loc, SM) || !siteCounts(S))
        continue;
      if ((S.Kind == Site::Opaque || S.Kind == Site::MaybeOpaque) && S.Expr &&
          JudgedIn == &F) {
        llvm::SmallPtrSet<const VarDecl *, 4> Visiting;
        if (unseenHandedNoGraph(S.Expr, F, /*ParamsCarry=*/false, 0, Visiting))
          continue;
      }
      return true;
    }
    return false;
  }

  /// Whether an Unknown store \p S keeps none of the judged graph: code not
  /// seen (`buffer.add(e, obs, reward, value.item<float>())`, a method of
  /// another file) that is handed none.
  bool unseenKeepsNoGraph(const Store &S, FunctionFacts &F, bool ParamsCarry) {
    llvm::SmallPtrSet<const VarDecl *, 4> Visiting;
    return S.Unseen && unseenHandedNoGraph(S.Unseen, F, ParamsCarry, 0, Visiting);
  }

  /// Whether value \p V of \p F provably carries none of the judged graph:
  /// it is built only from numbers, library operations and calls of code
  /// not seen that are handed none (a data loader's `next()`, a virtual
  /// environment's `step(action)` given an action built from an index), and
  /// from locals whose every value (initializer and stores) is such a value.
  /// Calls of this file's functions, forward passes of the library, members
  /// and parameters are left to valueCarries().
  bool noJudgedGraph(const Expr *V, FunctionFacts &F, bool ParamsCarry,
                     unsigned Depth,
                     llvm::SmallPtrSetImpl<const VarDecl *> &Visiting) {
    if (!V || Depth > 24)
      return false;
    const ASTContext &Ctx = F.FD->getASTContext();
    for (const Expr *Prev = nullptr; V != Prev;) {
      Prev = V;
      V = V->IgnoreImplicit()->IgnoreParens();
      if (const auto *CE = dyn_cast<ExplicitCastExpr>(V))
        V = CE->getSubExpr();
    }
    if (!isCarrier(V->getType(), Ctx) && !V->getType()->isDependentType())
      return true;
    auto Each = [&](auto Range) {
      for (const Expr *E : Range)
        if (!holdsNoJudged(E, F, ParamsCarry, Depth + 1, Visiting))
          return false;
      return true;
    };
    if (const auto *IL = dyn_cast<InitListExpr>(V))
      return Each(IL->inits());
    if (const auto *CE = dyn_cast<CXXConstructExpr>(V))
      return Each(CE->arguments());
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(V))
      return noJudgedGraph(CO->getTrueExpr(), F, ParamsCarry, Depth + 1, Visiting) &&
             noJudgedGraph(CO->getFalseExpr(), F, ParamsCarry, Depth + 1, Visiting);
    if (const auto *ME = dyn_cast<MemberExpr>(V)) {
      // A part of a value that carries none carries none.
      if (ME->isArrow())
        return false;
      return noJudgedGraph(ME->getBase(), F, ParamsCarry, Depth + 1, Visiting);
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(V)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl())) {
        if (tupleElementNoGraph(BD, Depth, Visiting))
          return true;
        VD = dyn_cast_or_null<VarDecl>(BD->getDecomposedDecl());
      }
      if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
          VD->getType()->isReferenceType() || VD->getType()->isPointerType())
        return false;
      if (!Visiting.insert(VD).second)
        return true; // a value that flows around a loop adds nothing new
      if (const Expr *Init = VD->getInit())
        if (!noJudgedGraph(Init, F, ParamsCarry, Depth + 1, Visiting))
          return false;
      for (const Store &S : F.Stores) {
        if (S.Target != VD)
          continue;
        if (S.Unknown) {
          if (!S.Unseen || !unseenHandedNoGraph(S.Unseen, F, ParamsCarry,
                                                Depth + 1, Visiting))
            return false;
          continue;
        }
        if (S.Via)
          return false;
        for (const Expr *W : S.Values)
          if (!noJudgedGraph(W, F, ParamsCarry, Depth + 1, Visiting))
            return false;
      }
      return true;
    }
    const auto *C = dyn_cast<CallExpr>(V);
    if (!C || mayBeJudged(C, F))
      return false;
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee)
      return false;
    if (SM.isInSystemHeader(Callee->getLocation())) {
      // A library operation makes no graph of the judged pass from inputs
      // that carry none; a library module's forward pass is left out.
      if (llvm::is_contained(F.Forwards, C))
        return false;
      const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
      if (MC && !holdsNoJudged(MC->getImplicitObjectArgument(), F, ParamsCarry,
                               Depth + 1, Visiting))
        return false;
      return Each(C->arguments());
    }
    const FunctionDecl *Def = Callee->getDefinition();
    if (Def && Def->hasBody() && !SM.isInSystemHeader(Def->getLocation()))
      return false; // this file's code: its body decides (valueCarries)
    return unseenHandedNoGraph(C, F, ParamsCarry, Depth + 1, Visiting);
  }

  /// Whether binding \p BD of a tuple-like decomposition (`auto [action,
  /// logp, value] = agent.SelectAction(state)`) of what a function of this
  /// file returns names an element that carries none of the judged graph:
  /// every return of the function builds the tuple in sight (`return
  /// {torch::tensor(index), log_prob, value};`, `std::make_tuple(...)`) with
  /// that element built without one (noJudgedGraph() in the function).
  bool tupleElementNoGraph(const BindingDecl *BD, unsigned Depth,
                           llvm::SmallPtrSetImpl<const VarDecl *> &Visiting) {
    const auto *DD = dyn_cast_or_null<DecompositionDecl>(BD->getDecomposedDecl());
    if (!DD || !BD->getHoldingVar() || !DD->getInit() ||
        DD->getType()->isReferenceType())
      return false;
    unsigned I = llvm::find(DD->bindings(), BD) - DD->bindings().begin();
    const auto *C = dyn_cast<CallExpr>(DD->getInit()->IgnoreImplicit());
    const FunctionDecl *Def =
        C && C->getDirectCallee() ? C->getDirectCallee()->getDefinition() : nullptr;
    FunctionFacts *CF = Def ? ByDecl.lookup(Def) : nullptr;
    if (!CF || !Def->hasBody())
      return false;
    llvm::SmallVector<const ReturnStmt *, 2> Returns;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S || isa<LambdaExpr>(S))
        return;
      if (const auto *R = dyn_cast<ReturnStmt>(S))
        Returns.push_back(R);
      for (const Stmt *Child : S->children())
        Walk(Child);
    };
    Walk(Def->getBody());
    if (Returns.empty())
      return false;
    for (const ReturnStmt *R : Returns) {
      const Expr *E = R->getRetValue();
      E = E ? E->IgnoreImplicit() : nullptr;
      if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E);
          CE && CE->getNumArgs() == 1)
        E = CE->getArg(0)->IgnoreImplicit(); // the tuple built, converted
      llvm::ArrayRef<const Expr *> Elems;
      llvm::SmallVector<const Expr *, 4> Args;
      if (const auto *IL = dyn_cast_or_null<InitListExpr>(E))
        Args.assign(IL->inits().begin(), IL->inits().end());
      else if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E))
        Args.assign(CE->arg_begin(), CE->arg_end());
      else if (const auto *MT = dyn_cast_or_null<CallExpr>(E);
               MT && MT->getDirectCallee() &&
               MT->getDirectCallee()->getQualifiedNameAsString() ==
                   "std::make_tuple")
        Args.assign(MT->arg_begin(), MT->arg_end());
      Elems = Args;
      if (Elems.size() != DD->bindings().size() ||
          !holdsNoJudged(Elems[I], *CF, /*ParamsCarry=*/false, Depth + 1,
                         Visiting))
        return false;
    }
    return true;
  }

  /// Whether \p F keeps a graph beyond its locals (keeps()), handed one
  /// through its parameters when \p ParamsCarry.
  bool keepsGraph(FunctionFacts &F, bool ParamsCarry) {
    llvm::SmallPtrSet<const FunctionFacts *, 4> Visiting{&F};
    return llvm::any_of(F.Stores, [&](const Store &S) {
      return !S.Target && keeps(S, F, ParamsCarry, Visiting);
    });
  }

  bool keeps(const Store &S, FunctionFacts &F) {
    llvm::SmallPtrSet<const FunctionFacts *, 4> Visiting{&F};
    return keeps(S, F, /*ParamsCarry=*/false, Visiting);
  }

  /// Whether something computed in an iteration of loop (or a run of block)
  /// \p L can outlive it, with the graph it carries.
  bool escapes(FunctionFacts &F, int R, const Stmt *L) {
    SourceRange LR = L->getSourceRange();
    for (const Store &S : F.Stores)
      if (rangeContains(LR, S.Loc, SM) &&
          (!S.Target || !rangeContains(LR, S.Target->getLocation(), SM)) &&
          keeps(S, F))
        return true;
    for (SourceLocation Ret : F.CarrierReturns)
      if (rangeContains(LR, Ret, SM) && regionOf(F, SM, Ret) == R)
        return true;
    // A call that hands a graph to a function of this TU that keeps it in
    // a member, a global or an out-parameter.
    for (const Site &S : F.Sites)
      if (S.Kind == Site::Call && S.CarrierArg && rangeContains(LR, S.Loc, SM))
        if (FunctionFacts *Callee = ByDecl.lookup(S.Callee)) {
          bool ArgsCarry =
              !S.Expr || llvm::any_of(S.Expr->arguments(), [&](const Expr *A) {
                return isCarrier(A->getType(), F.FD->getASTContext()) &&
                       carriesJudged(A, F, /*ParamsCarry=*/false);
              });
          if (keepsGraph(*Callee, ArgsCarry))
            return true;
        }
    return false;
  }

  /// Whether region \p R can hand a tensor to whoever runs it.
  bool exports(FunctionFacts &F, int R) {
    if (R == 0) {
      if (F.ExportsByInterface)
        return true;
      return keepsGraph(F, /*ParamsCarry=*/false);
    }
    const LambdaExpr *L = F.Regions[R].Lambda;
    if (isCarrier(L->getCallOperator()->getReturnType(),
                  F.FD->getASTContext()))
      return true;
    SourceRange LR = F.Regions[R].Range;
    for (const Store &S : F.Stores)
      if (rangeContains(LR, S.Loc, SM) &&
          (!S.Target || !rangeContains(LR, S.Target->getLocation(), SM)) &&
          keeps(S, F))
        return true;
    return false;
  }

  void addEval(FunctionFacts &F, int R, SourceLocation P, Reasons &Why) {
    for (const CallExpr *E : F.Evals)
      if (isBeforeExpanded(E->getBeginLoc(), P, SM) &&
          rangeContains(F.Regions[R].Range, E->getBeginLoc(), SM)) {
        Why.push_back({Reason::Eval, E->getBeginLoc()});
        return;
      }
  }

  /// Whether the value computed at \p P in region \p R of \p F can reach no
  /// backward pass.
  bool inference(FunctionFacts &F, int R, SourceLocation P, unsigned Depth,
                 Reasons &Why) {
    if (Depth > 8)
      return false;
    JudgedScope Judging(*this, F, P);
    // The innermost loop or block that keeps nothing past its end decides.
    for (const Stmt *L : loopsAround(F, R, P, /*Blocks=*/true)) {
      if (escapes(F, R, L))
        continue;
      if (anySiteUsingJudged(F, L->getSourceRange()))
        return false;
      addEval(F, R, P, Why);
      Why.push_back({isa<CompoundStmt>(L) ? Reason::Block : Reason::Loop,
                     L->getBeginLoc()});
      return true;
    }
    auto Loops = loopsAround(F, R, P);
    for (const Site &S : F.Sites) {
      if (!rangeContains(F.Regions[R].Range, S.Loc, SM))
        continue;
      bool Later = isBeforeExpanded(P, S.Loc, SM);
      for (const Stmt *L : Loops)
        Later |= rangeContains(L->getSourceRange(), S.Loc, SM);
      if (Later && siteCounts(S))
        return false;
    }
    if (!exports(F, R)) {
      addEval(F, R, P, Why);
      if (R == 0)
        Why.push_back({Reason::Function, F.FD->getLocation(), F.FD});
      else
        Why.push_back({Reason::Lambda, F.Regions[R].Lambda->getBeginLoc()});
      return true;
    }
    if (R != 0)
      return inference(F, F.Regions[R].Parent,
                       F.Regions[R].Lambda->getBeginLoc(), Depth + 1, Why);
    if (F.Callers.empty()) {
      Reasons Project;
      if (!projectNeverTrains(F, Project))
        return false;
      addEval(F, R, P, Why);
      Why.append(Project.begin(), Project.end());
      return true;
    }
    // Every caller must be an inference path. The notes name each call that
    // is a cause: one that runs with grad mode on (a call that its caller
    // holds under a guard is none), in source order, each with what makes
    // its own path inference. Only when every call is covered (the helper is
    // judged here for a pass that some other rule reports) does the first
    // call stand for them, as it always did.
    struct CallerReasons {
      SourceLocation Begin;
      Reasons Why;
      bool Cause;
    };
    llvm::SmallVector<CallerReasons, 2> Calls;
    for (const CallerSite &C : F.Callers) {
      Reasons Inner;
      int CR = regionOf(*C.Caller, SM, C.Loc);
      if (!inference(*C.Caller, CR, C.Loc, Depth + 1, Inner))
        return false;
      CallerReasons &CRs = Calls.emplace_back();
      CRs.Begin = C.Begin;
      CRs.Why.push_back({Reason::Caller, C.Begin, F.FD, C.Caller->FD});
      for (const Reason &I : Inner)
        if (I.Kind == Reason::Eval || I.Kind == Reason::Caller ||
            I.Kind == Reason::Project || I.Kind == Reason::AssumedProject)
          CRs.Why.push_back(I);
      CRs.Cause = !surelyCovered(*C.Caller, CR, C.Loc, Depth + 1);
    }
    llvm::SmallVector<const CallerReasons *, 2> Named;
    for (const CallerReasons &CRs : Calls)
      if (CRs.Cause)
        Named.push_back(&CRs);
    if (Named.empty())
      Named.push_back(&Calls.front());
    llvm::sort(Named, [&](const CallerReasons *A, const CallerReasons *B) {
      if (isBeforeExpanded(A->Begin, B->Begin, SM) !=
          isBeforeExpanded(B->Begin, A->Begin, SM))
        return isBeforeExpanded(A->Begin, B->Begin, SM);
      return A < B; // the same place (a macro): the order of Callers
    });
    addEval(F, R, P, Why);
    for (const CallerReasons *CRs : Named)
      for (const Reason &I : CRs->Why)
        if (llvm::none_of(Why, [&](const Reason &W) {
              return W.Kind == I.Kind && W.Loc == I.Loc && W.D1 == I.D1 &&
                     W.D2 == I.D2;
            }))
          Why.push_back(I);
    return true;
  }

  /// Whether grad mode is off at \p P in region \p R of \p F whatever
  /// other files do: covered() without resting on an assumption that the
  /// step after the last file settles (under `gpuleak check`). Leaves no
  /// trace in GuardedElsewhere or AssumedInvokes.
  bool surelyCovered(FunctionFacts &F, int R, SourceLocation P,
                     unsigned Depth) {
    // Empty while it runs: covered() notes an assumption only once.
    auto Elsewhere = std::move(GuardedElsewhere);
    auto Invokes = std::move(AssumedInvokes);
    GuardedElsewhere.clear();
    AssumedInvokes.clear();
    Reasons Ignored;
    bool Covered = covered(F, R, P, Depth, Ignored);
    bool Assumed = !GuardedElsewhere.empty() || !AssumedInvokes.empty();
    GuardedElsewhere = std::move(Elsewhere);
    AssumedInvokes = std::move(Invokes);
    return Covered && !(Deferred && Assumed);
  }

  /// Grad mode at \p P from guards of region \p R alone: true if off, false
  /// if on, std::nullopt if no guard there decides.
  std::optional<bool> localGuard(FunctionFacts &F, int R, SourceLocation P) {
    const GradEvent *Last = nullptr;
    for (const GradEvent &G : F.GradEvents)
      if (G.Block && rangeContains(G.Block->getSourceRange(), P, SM) &&
          isBeforeExpanded(G.Loc, P, SM) && regionOf(F, SM, G.Loc) == R &&
          (!Last || isBeforeExpanded(Last->Loc, G.Loc, SM)))
        Last = &G;
    if (!Last)
      return std::nullopt;
    return Last->Disables;
  }

  /// Functions without a caller in this file that covered() took for
  /// called with grad mode off, by the project index or (under `gpuleak
  /// check`) by assumption.
  llvm::SmallVector<const FunctionDecl *, 2> GuardedElsewhere;
  /// Functions without a caller in this file that the project index says
  /// some call runs with grad mode on (gpuleak-tidy with the index; named
  /// in a note at that call, as `gpuleak check` names it after the last
  /// file).
  llvm::SmallVector<const FunctionDecl *, 2> UnguardedByIndex;

  /// Whether grad mode is off at \p P in region \p R of \p F.
  bool covered(FunctionFacts &F, int R, SourceLocation P, unsigned Depth,
               Reasons &Why) {
    if (Depth > 8)
      return true;
    if (std::optional<bool> Off = localGuard(F, R, P))
      return *Off;
    if (R != 0) {
      const LambdaExpr *L = F.Regions[R].Lambda;
      Reasons Ignored;
      size_t Assumed = GuardedElsewhere.size();
      // Handed to functions that invoke it: their grad mode decides where
      // each invokes it. Under `gpuleak check` a function of another file is
      // assumed to invoke it with grad mode on, unless the code around the
      // lambda covers it anyway.
      size_t Pending = AssumedInvokes.size();
      // Called by name here only: covered where each call runs.
      if (auto It = F.CalledHere.find(L);
          It != F.CalledHere.end() && !F.ThreadLambdas.contains(L))
        return llvm::all_of(It->second, [&](SourceLocation C) {
          return covered(F, regionOf(F, SM, C), C, Depth + 1, Ignored);
        });
      switch (handedCover(F, L)) {
      case Handed::Guarded:
        return true;
      case Handed::Assumed: {
        bool Outer = covered(F, F.Regions[R].Parent, L->getBeginLoc(),
                             Depth + 1, Ignored);
        if (Outer && GuardedElsewhere.size() == Assumed) {
          AssumedInvokes.resize(Pending);
          return true;
        }
        if (!Outer)
          GuardedElsewhere.resize(Assumed);
        return true;
      }
      case Handed::None:
        break;
      }
      bool Outer =
          covered(F, F.Regions[R].Parent, L->getBeginLoc(), Depth + 1, Ignored);
      if (!F.ThreadLambdas.contains(L))
        return Outer;
      // Said only of a guard in this file: `gpuleak check` and the index
      // then print the same.
      if (Outer && GuardedElsewhere.size() == Assumed)
        Why.push_back({Reason::Thread, L->getBeginLoc()});
      GuardedElsewhere.resize(Assumed);
      return false;
    }
    // Grad mode switched off for good in this thread (collectGradSwitches), by a
    // function other than this one: a function that switches it itself
    // runs before the switch what comes before it (localGuard decides after).
    if (!OffForGood.empty() &&
        llvm::none_of(OffForGood, [&](SourceLocation L) {
          return rangeContains(F.FD->getSourceRange(), L, SM);
        }))
      return true;
    // A functor's operator(): when every object of its class that this
    // file makes is handed straight to functions that invoke it under a
    // guard of their own (as for a lambda), those invocations are calls
    // that hold a guard.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(F.FD);
        MD && F.Callers.empty() && MD->getOverloadedOperator() == OO_Call &&
        !MD->getParent()->isLambda()) {
      auto Made = FunctorsMade.find(MD->getParent()->getCanonicalDecl());
      llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2> Calls;
      if (Made != FunctorsMade.end())
        for (const Expr *E : Made->second) {
          auto H = FunctorsHanded.find(E);
          if (H == FunctorsHanded.end()) {
            Calls.clear();
            break;
          }
          Calls.push_back(H->second);
        }
      if (!Calls.empty() && handedCover(Calls) != Handed::None)
        return true;
    }
    // Called from no function of this file: its callers in other files
    // decide (the project index; under `gpuleak check` an assumption that
    // is settled after the last file).
    if (F.Callers.empty()) {
      if (!Deferred &&
          !(Index && Index->guardedByCallers(usrOf(F.FD->getCanonicalDecl())))) {
        if (Index && !llvm::is_contained(UnguardedByIndex, F.FD))
          UnguardedByIndex.push_back(F.FD);
        return false;
      }
      if (!llvm::is_contained(GuardedElsewhere, F.FD))
        GuardedElsewhere.push_back(F.FD);
      return true;
    }
    if (!Visiting.insert(&F).second)
      return true; // recursion: the other calls decide
    bool All = true;
    for (const CallerSite &C : F.Callers)
      if (!covered(*C.Caller, regionOf(*C.Caller, SM, C.Loc), C.Loc, Depth + 1,
                   Why)) {
        All = false;
        break;
      }
    Visiting.erase(&F);
    return All;
  }

  bool deferred() const { return Deferred; }

  /// Under `gpuleak check`: the calls of functions of other files that a
  /// lambda with a forward pass is handed to (and the parameter it is
  /// passed to), taken to invoke it with grad mode on until their summaries
  /// are read after the last file.
  llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 1> AssumedInvokes;

  enum class Handed { None, Guarded, Assumed };

  /// Whether the calls that lambda \p L is handed to (FunctionFacts::
  /// HandedTo) all invoke it with grad mode off: each callee, defined in
  /// this file or known to the project index, invokes that parameter only
  /// under a guard of its own (ParamInvoke::Guard). Assumed: some callee is
  /// of another file and not known yet, under `gpuleak check` (its call is
  /// added to AssumedInvokes), and the others guard.
  Handed handedCover(FunctionFacts &F, const LambdaExpr *L) {
    auto It = F.HandedTo.find(L);
    if (It == F.HandedTo.end() || F.UsedOtherwise.contains(L))
      return Handed::None;
    return handedCover(It->second);
  }

  /// The same for an object handed to each of \p Calls (a call and the
  /// index of the argument).
  Handed
  handedCover(llvm::ArrayRef<std::pair<const CallExpr *, unsigned>> Calls) {
    llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 1> Unknown;
    for (const auto &[C, Arg] : Calls) {
      const FunctionDecl *Callee = C->getDirectCallee();
      int P = paramOfArgument(C, Arg);
      if (!Callee || P < 0 || SM.isInSystemHeader(Callee->getLocation()))
        return Handed::None;
      // A virtual call may run an override that the body here is not.
      const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
      const auto *ME = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParens());
      if (MD && MD->isVirtual() && !(ME && ME->hasQualifier()))
        return Handed::None;
      auto Guards = [&](llvm::ArrayRef<ParamInvoke> Invokes) {
        return llvm::any_of(Invokes, [&](const ParamInvoke &I) {
          return I.Param == unsigned(P) && I.Guard;
        });
      };
      const FunctionDecl *Def = Callee->getDefinition();
      if (Def && Def->hasBody()) {
        auto [Memo, New] = InvokesOf.try_emplace(Def);
        if (New)
          Memo->second = invokedParams(Def, Def->getASTContext());
        if (!Guards(Memo->second))
          return Handed::None;
        continue;
      }
      const FunctionSummary *S = nullptr;
      if (Index) {
        S = Index->lookup(usrOf(Callee->getCanonicalDecl()));
        // A template's summary, where its instantiation has none.
        if (const FunctionTemplateDecl *T = Callee->getPrimaryTemplate();
            !S && T)
          S = Index->lookup(usrOf(T->getTemplatedDecl()->getCanonicalDecl()));
      }
      if (S) {
        if (!Guards(S->Invokes))
          return Handed::None;
        continue;
      }
      if (!Deferred)
        return Handed::None;
      Unknown.push_back({C, unsigned(P)});
    }
    if (Unknown.empty())
      return Handed::Guarded;
    llvm::append_range(AssumedInvokes, Unknown);
    return Handed::Assumed;
  }

private:
  /// For a function whose callers are all in other files or threads: an
  /// inference path when the whole project never trains and no caller
  /// holds a guard (the project index; under `gpuleak check`, decided after
  /// the last file, with an assumption note).
  bool projectNeverTrains(FunctionFacts &F, Reasons &Why) {
    if (Deferred) {
      Why.push_back({Reason::AssumedProject, F.FD->getLocation(), F.FD});
      return true;
    }
    if (!Index || !Index->neverTrainedOn(usrOf(F.FD->getCanonicalDecl())))
      return false;
    Why.push_back({Reason::Project, F.FD->getLocation(), F.FD});
    return true;
  }

  llvm::DenseMap<const FunctionDecl *, FunctionFacts *> &ByDecl;
  const SourceManager &SM;
  const ProjectIndex *Index;
  bool Deferred;
  const FunctorsMadeMap &FunctorsMade;
  const FunctorsHandedMap &FunctorsHanded;
  llvm::DenseMap<const FunctionDecl *, std::pair<FunctionFacts *, int>>
      LambdaRegion;
  /// callReaches' memo for lambdas (std::map: its values stay put while
  /// the recursion inserts more).
  std::map<const FunctionDecl *, int> LambdaReach;
  llvm::SmallPtrSet<const FunctionFacts *, 8> Visiting;
  /// invokedParams() of the callees of this file that lambdas are handed to.
  llvm::DenseMap<const FunctionDecl *, std::vector<ParamInvoke>> InvokesOf;
};
} // namespace

static llvm::SmallVector<unsigned, 2>
carrierOutParams(const CallExpr *Call, const ASTContext &Ctx, bool Pointers) {
  llvm::SmallVector<unsigned, 2> Out;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return Out;
  unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = 0, E = Callee->getNumParams(); I < E && I + Shift < Call->getNumArgs(); ++I) {
    QualType PT = Callee->getParamDecl(I)->getType();
    if ((PT->isLValueReferenceType() || (Pointers && PT->isPointerType())) &&
        !PT->getPointeeType().isConstQualified() && isCarrier(PT, Ctx))
      Out.push_back(I);
  }
  return Out;
}

/// Whether a call \p Call that runs a forward pass may hand the pass's
/// output on other than by its value: through a non-const reference or
/// pointer argument that can hold a tensor (`agent.act(obs, trajectory)`
/// appending to the caller's trajectory), or, by the project index, by
/// keeping an argument. Then dropping the call's value drops nothing.
static bool handsOutputElsewhere(const CallExpr *Call, const ASTContext &Ctx,
                                 const ProjectIndex *Index) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return true;
  if (!carrierOutParams(Call, Ctx, /*Pointers=*/true).empty())
    return true;
  // (A detached copy it keeps holds no graph: ParamStore::Device.)
  if (const FunctionSummary *S = calleeSummary(Call, Callee, Index))
    return llvm::any_of(S->Stores,
                        [](const ParamStore &PS) { return !PS.Device; });
  return false;
}

/// Whether function \p T, run by a forward call, lets none of its forward
/// pass's graph out: it returns only values cut from any graph or holding no
/// tensor (`return forward(obs, h).logits.argmax(-1);`), writes no graph into
/// a reference argument, keeps none where it outlives the call and runs no
/// backward pass. By its summary: the project index's (solved over the
/// project), else its body's in this file, whose calls that may keep the
/// graph (`keeps_graph_if`: a callee of another file handed it, a forward
/// pass of another file) the index or this file settle, \p Depth calls
/// deep (a callee handed it must also run no backward pass). Under \p
/// Deferred (`gpuleak check`) a callee of another file that neither knows is
/// assumed to keep none and train nowhere, and \p Assumed is set.
static bool graphEndsIn(const FunctionDecl *T, const CallExpr *Call,
                        TensorStoreFinder &Provenance, ASTContext &Ctx,
                        const ProjectIndex *Index, bool Deferred, bool &Assumed,
                        unsigned Depth = 0) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!T || SM.isInSystemHeader(T->getLocation()) || Depth > 3)
    return false;
  QualType RT = T->getReturnType();
  if (RT->isVoidType()) // its outputs may be left in members
    return false;
  auto LetsNoneOut = [&](const FunctionSummary &S) {
    return !S.Backward && !S.KeepsGraph && S.WritesGraph.empty() &&
           (S.Returns == FunctionSummary::Result::Cut || !isCarrier(RT, Ctx));
  };
  // A virtual call runs the overriders of the project: the index decides.
  const FunctionSummary *Known =
      Call ? calleeSummary(Call, T, Index)
           : Index ? Index->lookup(usrOf(T->getCanonicalDecl())) : nullptr;
  if (Known)
    return LetsNoneOut(*Known);
  const auto *MD = dyn_cast<CXXMethodDecl>(T);
  const FunctionDecl *Def = T->getDefinition();
  if ((MD && MD->isVirtual()) || !Def || !Def->hasBody())
    return false;
  FunctionSummary S = Provenance.summarize(Def, Ctx);
  if (!LetsNoneOut(S))
    return false;
  // No pass of its body reaches a backward pass in it (through a callee of
  // this file that differentiates what it is handed, too).
  for (const BoundNodes &N :
       match(findAll(callExpr(forwardPassCall()).bind("f")), *Def->getBody(), Ctx))
    if (Provenance.reachesBackward(N.getNodeAs<CallExpr>("f"), Def, Ctx))
      return false;
  llvm::SmallVector<const CallExpr *, 8> Calls;
  for (const BoundNodes &N :
       match(findAll(callExpr().bind("c")), *Def->getBody(), Ctx))
    Calls.push_back(N.getNodeAs<CallExpr>("c"));
  // A callee that keeps a graph of its own (as the index's solver reads
  // `calls`): one of this file by its body, one of another file by the index.
  for (const CallExpr *C : Calls) {
    const FunctionDecl *G = C->getDirectCallee();
    if (!G || G == Def || SM.isInSystemHeader(G->getLocation()))
      continue;
    const FunctionDecl *GDef = G->getDefinition();
    if (GDef && GDef->hasBody() && GDef != Def) {
      if (Provenance.summarize(GDef, Ctx).KeepsGraph)
        return false;
    } else if (const FunctionSummary *GS =
                   Index ? Index->lookup(usrOf(G->getCanonicalDecl())) : nullptr;
               GS && GS->KeepsGraph) {
      return false;
    }
  }
  for (const FunctionSummary::KeepsIf &K : S.KeepsGraphIf) {
    const FunctionDecl *G = nullptr;
    for (const CallExpr *C : Calls)
      if (const FunctionDecl *CD = C->getDirectCallee();
          CD && usrOf(CD->getCanonicalDecl()) == K.CalleeUSR) {
        G = CD;
        break;
      }
    if (!G)
      return false;
    const FunctionDecl *GDef = G->getDefinition();
    if (GDef && GDef->hasBody()) {
      if (K.Param < 0) {
        // A forward pass of this file: it keeps nothing of its own.
        bool Unused = false;
        FunctionSummary GS = Provenance.summarize(GDef, Ctx);
        if (GS.KeepsGraph || GS.Backward ||
            (!GS.KeepsGraphIf.empty() &&
             !graphEndsIn(GDef, nullptr, Provenance, Ctx, Index, false, Unused,
                          Depth + 1)))
          return false;
      } else if (Provenance.summarize(GDef, Ctx).Backward ||
                 llvm::any_of(Provenance.keptParams(GDef, Ctx),
                              [&](const KeptParam &KP) {
                                return KP.Param == unsigned(K.Param);
                              })) {
        return false;
      }
      continue;
    }
    if (const FunctionSummary *GS =
            Index ? Index->lookup(K.CalleeUSR) : nullptr) {
      if (GS->KeepsGraph || GS->Backward ||
          (K.Param >= 0 && llvm::any_of(GS->Stores, [&](const ParamStore &PS) {
             return PS.Param == unsigned(K.Param);
           })))
        return false;
      continue;
    }
    if (!Deferred)
      return false;
    Assumed = true;
  }
  return true;
}

/// Whether the forward pass that \p Fwd runs ends in the call: every
/// function it runs (a module's method, `policy->sample(obs)`, or the
/// `forward` of a module holder's call) lets none of its graph out
/// (graphEndsIn()), so whatever the caller does with the value, no backward
/// pass can use the graph.
static bool passEndsInCall(const CallExpr *Fwd, TensorStoreFinder &Provenance,
                           ASTContext &Ctx, const ProjectIndex *Index,
                           bool Deferred, bool &Assumed) {
  const FunctionDecl *Callee = Fwd->getDirectCallee();
  if (!Callee)
    return false;
  llvm::SmallVector<const FunctionDecl *, 2> Run = forwardTargets(Fwd);
  if (Run.empty())
    Run.push_back(Callee);
  return llvm::all_of(Run, [&](const FunctionDecl *T) {
    return graphEndsIn(T, T == Callee ? Fwd : nullptr, Provenance, Ctx, Index,
                       Deferred, Assumed);
  });
}

/// The outermost expressions of \p S that contain errors: what clang kept of
/// code it refused (a RecoveryExpr, a call that failed overload resolution).
static void errorExprs(const Stmt *S, llvm::SmallVectorImpl<const Expr *> &Out) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S); E && E->containsErrors()) {
    Out.push_back(E);
    return;
  }
  for (const Stmt *C : S->children())
    errorExprs(C, Out);
}

/// The object that \p E names, as the chain of declarations from a variable
/// (or `this`) to it: `fm` is {fm}, `this->model` {model}, `agent.model`
/// {agent, model}; a module holder or smart pointer (`fm->`, `*fm`) names
/// what it points to. False for anything else (a call's value, an element).
static bool objectPath(const Expr *E,
                       llvm::SmallVectorImpl<const ValueDecl *> &Path) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star) &&
        Op->getNumArgs() == 1) {
      E = Op->getArg(0);
      continue;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
      E = U->getSubExpr();
      continue;
    }
    if (isa<CXXThisExpr>(E))
      return true;
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      if (!isa<VarDecl>(DR->getDecl()))
        return false;
      Path.push_back(DR->getDecl());
      return true;
    }
    const auto *ME = dyn_cast<MemberExpr>(E);
    if (!ME || !isa<FieldDecl>(ME->getMemberDecl()))
      return false;
    Path.push_back(ME->getMemberDecl());
    E = ME->getBase();
  }
  return false;
}

/// Whether a forward pass \p Fwd of \p FD that returns nothing (a model
/// whose `forward`, or another method running one, leaves its outputs in
/// members of its object: jackdawe/MBP's `forwardModel->forward(s, a)`)
/// hands them to a backward pass of \p FD through that object: a member of
/// the same object read after the pass, or in a loop around it (directly,
/// `forwardModel->predictedRewards`, or through a method of the object that
/// returns a value, `fm->loss()`), reaches a backward pass by the data flow
/// of \p Provenance. A backward pass on anything else, or on another object
/// of the same class, is no use of its graph.
static bool memberOutputsReachBackward(
    const CallExpr *Fwd, const MissingNoGradCheck::FunctionFacts &F,
    TensorStoreFinder &Provenance, ASTContext &Ctx) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Fwd);
  llvm::SmallVector<const ValueDecl *, 2> Object;
  if (!MC || !Fwd->getType()->isVoidType() ||
      !objectPath(MC->getImplicitObjectArgument(), Object) || Object.empty())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  auto After = [&](const Expr *E) {
    if (SM.isBeforeInTranslationUnit(Fwd->getEndLoc(), E->getBeginLoc()))
      return true;
    return llvm::any_of(F.Loops, [&](const Stmt *L) {
      return rangeContains(L->getSourceRange(), Fwd->getBeginLoc(), SM) &&
             rangeContains(L->getSourceRange(), E->getBeginLoc(), SM);
    });
  };
  static constexpr char ReadId[] = "read";
  for (const BoundNodes &N :
       match(findAll(expr(anyOf(memberExpr(member(fieldDecl())),
                                cxxMemberCallExpr()))
                         .bind(ReadId)),
             *F.FD->getBody(), Ctx)) {
    const auto *E = N.getNodeAs<Expr>(ReadId);
    if (E == Fwd || E->getType()->isVoidType() || !isCarrier(E->getType(), Ctx) ||
        !After(E))
      continue;
    const Expr *Base = nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      Base = ME->getBase();
    else
      Base = cast<CXXMemberCallExpr>(E)->getImplicitObjectArgument();
    llvm::SmallVector<const ValueDecl *, 2> Path;
    if (objectPath(Base, Path) && Path == Object &&
        Provenance.reachesBackward(E, F.FD, Ctx))
      return true;
  }
  return false;
}

/// Whether every definition of forward that \p Call runs turns grad mode off
/// in its own body (a guard in the callee).
static bool calleeGuards(const CallExpr *Call, ASTContext &Ctx) {
  llvm::SmallVector<const FunctionDecl *, 2> Targets = forwardTargets(Call);
  if (Targets.empty())
    return false;
  for (const FunctionDecl *T : Targets) {
    const FunctionDecl *Def = T->getDefinition();
    const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody())
                           : nullptr;
    if (!Body)
      return false;
    bool Guarded = false;
    for (const Stmt *S : Body->body())
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            if (!match(gradModeGuardVar(), *VD, Ctx).empty() &&
                guardDisablesGrad(*VD, Ctx).value_or(false))
              Guarded = true;
    if (!Guarded)
      return false;
  }
  return true;
}

static bool restsOnNoTrainingAssumption(const Reasons &Why, size_t From);
static bool provenByOutputAlone(const Reasons &Why, size_t From);
static bool otherForwardIn(const MissingNoGradCheck::FunctionFacts &F,
                           const CallExpr *Fwd, const CompoundStmt *Block,
                           const SourceManager &SM);

/// Whether a forward pass \p Call may keep something of its run in the
/// module (`hidden_ = out` in a stateful model's own forward, defined in this
/// translation unit): then a later pass can take the graph on, and dropping
/// the output does not drop it.
static bool forwardKeepsState(
    const CallExpr *Call,
    const llvm::DenseMap<const FunctionDecl *, MissingNoGradCheck::FunctionFacts *> &ByDecl);

bool MissingNoGradCheck::memberOnlyCut(
    const FieldDecl *Field,
    llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const FieldDecl *, 2>> &Uncut,
    llvm::SmallVectorImpl<const CXXMethodDecl *> &Assumed) {
  // Only the class's own code can read it: private, in a class with no
  // friends, nested classes or member templates, and not a template. A
  // public (or protected) member may be read by any code of the project:
  // only the project index can say that none reads it other than through
  // cuts (every function's `reads_members`; under `gpuleak check` assumed,
  // with a note, and settled after the last file).
  const auto *RD = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!RD || RD->isDependentContext() || isa<ClassTemplateSpecializationDecl>(RD))
    return false;
  const bool Deferred = ProjectIndex::deferredToProject(IndexOption);
  const bool Private = Field->getAccess() == AS_private;
  if (!Private && !Deferred && !Index)
    return false;
  if (Private && RD->hasFriends())
    return false;
  if (Private)
    for (const Decl *D : RD->decls())
      if ((isa<CXXRecordDecl>(D) && !D->isImplicit()) || isa<FunctionTemplateDecl>(D))
        return false;
  // Every function of this TU reads it only through cuts.
  for (const auto &FP : Functions) {
    auto [It, New] = Uncut.try_emplace(FP->FD);
    if (New)
      It->second = membersReadUncut(FP->FD, *Ctx);
    if (llvm::is_contained(It->second, Field))
      return false;
  }
  std::string FieldUSR = usrOf(Field);
  if (!Private) {
    if (Deferred) {
      Assumed.push_back(nullptr); // any function of another file
      return true;
    }
    for (const auto &[USR, S] : Index->functions())
      if (llvm::any_of(S.ReadsMembers,
                       [&](const auto &R) { return R.first == FieldUSR; }))
        return false;
    return true;
  }
  // So does every method defined elsewhere: by the index, or assumed.
  for (const CXXMethodDecl *M : RD->methods()) {
    if (M->isImplicit() || M->isPureVirtual() || M->isDeleted() || M->isDefaulted())
      continue;
    const FunctionDecl *Def = M->getDefinition();
    if (Def && Def->hasBody()) {
      if (!ByDecl.count(Def))
        return false;
      continue;
    }
    if (const FunctionSummary *S =
            Index ? Index->lookup(usrOf(M->getCanonicalDecl())) : nullptr) {
      if (llvm::any_of(S->ReadsMembers,
                       [&](const auto &R) { return R.first == FieldUSR; }))
        return false;
      continue;
    }
    if (!Deferred)
      return false;
    Assumed.push_back(M);
  }
  return true;
}

void MissingNoGradCheck::onEndOfTranslationUnit() {
  if (!Ctx) {
    Functions.clear();
    ByDecl.clear();
    return;
  }
  const SourceManager &SM = Ctx->getSourceManager();
  // Callers of each function of the TU.
  for (auto &F : Functions)
    for (const Site &S : F->Sites)
      if (S.Kind == Site::Call)
        if (FunctionFacts *Callee = ByDecl.lookup(S.Callee))
          Callee->Callers.push_back({F.get(), S.Loc, S.Begin, S.Expr});

  Decider D(ByDecl, SM, Index.get(), ProjectIndex::deferredToProject(IndexOption),
            FunctorsMade, FunctorsHanded);
  D.CarriesGraph = [&](const Expr *E, const FunctionDecl *FD) {
    return Provenance.carriesGraph(E, FD, *Ctx);
  };
  D.ComputedFrom = [&](const Expr *E, const ValueDecl *VD, const FunctionDecl *FD) {
    return Provenance.computedFrom(E, VD, FD, *Ctx);
  };
  // The member rule: a private member of a class that this TU sees whole
  // (no friends, nested classes or member templates), read by every
  // function of the TU only through values that carry no graph, and by
  // each method defined in another file likewise (the project index's
  // `reads_members`; under `gpuleak check` assumed, with a note, and
  // settled after the last file).
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const FieldDecl *, 2>> Uncut;
  llvm::DenseMap<const FieldDecl *, std::pair<bool, llvm::SmallVector<const CXXMethodDecl *, 1>>>
      MemberMemo;
  llvm::SmallVector<std::pair<const FieldDecl *, const CXXMethodDecl *>, 2> AssumedReaders;
  auto MemberRule = [&](const FieldDecl *Field) {
    auto [It, New] = MemberMemo.try_emplace(Field);
    auto &[OnlyCut, Assumed] = It->second;
    if (New) {
      OnlyCut = memberOnlyCut(Field, Uncut, Assumed);
      if (!OnlyCut)
        Assumed.clear();
    }
    if (OnlyCut)
      for (const CXXMethodDecl *M : Assumed)
        if (!llvm::is_contained(AssumedReaders, std::make_pair(Field, M)))
          AssumedReaders.push_back({Field, M});
    return OnlyCut;
  };
  D.MemberOnlyCut = MemberRule;
  if (!GradMayTurnOn)
    D.OffForGood = GradOffSwitches;
  GradOffSwitches.clear();
  GradMayTurnOn = false;
  // A function of this file that runs a forward pass and returns its
  // output is judged through its callers (Decider::inference): every one
  // must be an inference path. When one is not (the same helper feeds an
  // evaluation loop and a training step), each call of it is a forward
  // pass of its caller, judged there as a call of a function of another
  // file that returns its forward's output is: whether that output reaches
  // a backward pass is decided by the data flow on the call's own result,
  // not by the helper's other callers.
  for (auto &HP : Functions) {
    FunctionFacts &H = *HP;
    if (H.Internal || H.Callers.empty() || !H.FD->hasBody() ||
        !isCarrier(H.FD->getReturnType(), *Ctx))
      continue;
    // Its result is its one way out: no out-parameter, nothing kept in a
    // member or global, no backward pass (nor a call that may run one).
    if (llvm::any_of(H.FD->parameters(), [&](const ParmVarDecl *PD) {
          QualType T = PD->getType();
          return (T->isLValueReferenceType() &&
                  !T->getPointeeType().isConstQualified() && isCarrier(T, *Ctx)) ||
                 (T->isPointerType() && isCarrier(T->getPointeeType(), *Ctx));
        }))
      continue;
    if (keepsBeyondLocals(H, ByDecl) ||
        D.anySiteIn(H, H.FD->getBody()->getSourceRange()))
      continue;
    // Its first forward pass that is known, else (under `gpuleak check`)
    // its first call of a module's method of another file assumed to run
    // one (`autoencoder->encode(dataset)`): each call of the helper then
    // carries that assumption, settled after the last file.
    const CallExpr *Inner = nullptr;
    for (const CallExpr *Fwd : H.Forwards) {
      if (regionOf(H, SM, forwardPlace(Fwd)) != 0 ||
          H.AssumedHelperForwards.contains(Fwd) || calleeGuards(Fwd, *Ctx))
        continue;
      bool Known = !H.AssumedForwards.contains(Fwd);
      bool InnerKnown = Inner && !H.AssumedForwards.contains(Inner);
      if (!Inner || (Known && !InnerKnown) ||
          (Known == InnerKnown &&
           isBeforeExpanded(Fwd->getBeginLoc(), Inner->getBeginLoc(), SM)))
        Inner = Fwd;
    }
    if (!Inner)
      continue;
    const bool InnerAssumed = H.AssumedForwards.contains(Inner);
    SourceLocation P = forwardPlace(Inner);
    if (std::optional<bool> Off = D.localGuard(H, 0, P); Off && *Off)
      continue;
    if (!InnerAssumed && D.forwardMayDifferentiate(Inner, forwardTargets(Inner)))
      continue;
    // Judged through its callers as a whole: then it is reported (or
    // covered) at its own forward pass.
    Reasons Why;
    D.GuardedElsewhere.clear();
    D.AssumedInvokes.clear();
    // Under `gpuleak check`, a caller's callers in other files are assumed
    // to hold no guard until the last file settles it: that is no cover.
    if (D.covered(H, 0, P, 0, Why) &&
        (!D.deferred() ||
         (D.GuardedElsewhere.empty() && D.AssumedInvokes.empty())))
      continue;
    D.GuardedElsewhere.clear();
    D.AssumedInvokes.clear();
    D.JudgedPassInert = true;
    if (D.inference(H, 0, P, 0, Why))
      continue;
    SourceLocation Place = SM.getExpansionLoc(P);
    for (const CallerSite &C : H.Callers) {
      FunctionFacts &G = *C.Caller;
      if (&G == &H || G.Internal || !C.Call ||
          llvm::is_contained(G.Forwards, C.Call))
        continue;
      G.Forwards.push_back(C.Call);
      G.IndirectForwards[C.Call] = Place;
      if (InnerAssumed)
        G.AssumedInner[C.Call] = Inner;
    }
  }
  llvm::SmallPtrSet<const void *, 16> ReportedLocs;
  const char *GuardName = guardName();
  for (auto &FP : Functions) {
    FunctionFacts &F = *FP;
    if (F.Internal)
      continue;
    // Forward passes that are known come first: a call only assumed to run
    // one (settled by `gpuleak check` after the last file) must not take a
    // block's one finding from a known pass that it may turn out not to be.
    auto Assumed = [&](const CallExpr *C) {
      return F.AssumedForwards.contains(C) ||
             F.AssumedHelperForwards.contains(C) || F.AssumedInner.count(C);
    };
    llvm::sort(F.Forwards, [&](const CallExpr *A, const CallExpr *B) {
      if (Assumed(A) != Assumed(B))
        return !Assumed(A);
      return isBeforeExpanded(A->getExprLoc(), B->getExprLoc(), SM);
    });
    // Each block reported, with the forward pass reported there when that
    // pass is only assumed (null for a known one).
    llvm::SmallVector<std::pair<const CompoundStmt *, const CallExpr *>, 4>
        ReportedBlocks;
    // For each of ReportedBlocks: whether its finding rests on the project
    // never training (settled after the last file).
    llvm::SmallVector<bool, 4> ReportedOnNoTraining;
    // The findings of this function, emitted after its last pass so that
    // each can name the passes of its block that it hides, each proven an
    // inference pass on its own (ArashMassoudieh/PyTorchCPP
    // `ffn_wrapper.cpp:492` hides `:495` and `:508`): a guard for the
    // first alone would leave them unreported until the next run.
    struct Finding {
      std::function<void()> Emit;
      /// Where it is reported.
      SourceLocation At;
      /// The later passes of its block named in a note (BlockPassNote).
      llvm::SmallVector<SourceLocation, 2> Hidden;
      /// The functions whose calls in other files it assumes unguarded
      /// (AssumedUnguardedNote): it is dropped after the last file when
      /// every call of them holds a guard.
      llvm::SmallVector<const FunctionDecl *, 2> Unguarded;
    };
    llvm::SmallVector<Finding, 4> Findings;
    // For each of ReportedBlocks, its finding in Findings (-1: none, its
    // place was reported already).
    llvm::SmallVector<int, 4> ReportedFinding;
    llvm::SmallVector<const Expr *, 2> Refused;
    errorExprs(F.FD->getBody(), Refused);
    for (const CallExpr *Fwd : F.Forwards) {
      SourceLocation P = forwardPlace(Fwd);
      int R = regionOf(F, SM, P);
      if (calleeGuards(Fwd, *Ctx))
        continue;
      // An output that reaches code clang refused (`loss.backward(
      // torch::nullopt, true)`, an old signature, lenLRX/PytorchCppCodes
      // `MiniEnv.cpp:213`) may be trained on there: unknown, not reported.
      // Errors its values never reach leave the rules as they are.
      if (llvm::any_of(Refused, [&](const Expr *E) {
            return Provenance.computedFrom(E, Fwd, F.FD, *Ctx);
          }))
        continue;
      // Outputs left in the members of the model's object and trained on
      // there (`fm->forward(s, a); fm->computeLoss(y); fm->loss.backward()`)
      // are used by a backward pass, whatever the path around it.
      if (memberOutputsReachBackward(Fwd, F, Provenance, *Ctx))
        continue;
      Reasons Why;
      D.GuardedElsewhere.clear();
      D.AssumedInvokes.clear();
      D.AssumedKeepsNoGraph.clear();
      D.UnguardedByIndex.clear();
      AssumedReaders.clear();
      bool Covered = D.covered(F, R, P, 0, Why);
      llvm::SmallVector<const FunctionDecl *, 2> CalledUnguarded;
      if (!Covered)
        CalledUnguarded = D.UnguardedByIndex;
      // Under `gpuleak check`, covered only if functions of this file are
      // called under a guard in other files, or functions of other files
      // invoke the lambda under a guard: reported with a note naming each,
      // and dropped after the last file if they are (or do).
      llvm::SmallVector<const FunctionDecl *, 2> Unguarded;
      llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 1>
          AssumedInvokes;
      if (Covered && D.deferred()) {
        Unguarded = D.GuardedElsewhere;
        AssumedInvokes = D.AssumedInvokes;
      }
      if (Covered && Unguarded.empty() && AssumedInvokes.empty())
        continue;
      size_t Covering = Why.size();
      llvm::SmallVector<const CallExpr *, 2> AssumedNoTraining;
      // Whatever else runs around it, a pass whose output is read only
      // through values that carry no graph (`argmax`, a comparison,
      // `item()`, a `detach()`ed value returned) records a graph that
      // nothing can use (GraphUse.h).
      // Locals that the output initializes are followed too when the pass
      // itself does not differentiate: a backward pass elsewhere in the
      // function or its loop (an RL update after the acting step) matters
      // only if the output reaches it, which the data flow decides. A pass
      // only assumed to run one (a method of another file) is dropped after
      // the last file if its summary trains.
      // Under `gpuleak check`, a `forward` of another file not yet
      // summarized is taken to run no backward pass itself (a note at the
      // call, settled by its summary after the last file: a model whose
      // forward differentiates, SchNet `app.cpp:139`, is dropped then).
      llvm::SmallVector<const FunctionDecl *, 1> UnsummarizedForward;
      // A pass whose graph ends in the call (a module's `sample()` that
      // returns `argmax` ids) is dropped there, whatever the caller does with
      // the ids (an environment of another file, a store): the callee, for
      // the note, and whether that rests on an assumption of `gpuleak check`.
      const FunctionDecl *EndsIn = nullptr;
      bool EndsInAssumed = false;
      auto DroppedUnused = [&]() -> std::optional<SourceLocation> {
        UnsummarizedForward.clear();
        EndsIn = nullptr;
        EndsInAssumed = false;
        if (R != 0 || forwardKeepsState(Fwd, ByDecl) ||
            handsOutputElsewhere(Fwd, *Ctx, Index.get()))
          return std::nullopt;
        // A cache of outputs keyed by their input (`cache_[node] = probs`)
        // whose every read is a cut keeps nothing a backward pass can use.
        std::optional<SourceLocation> Dropped = graphDroppedUnused(
            F.FD, Fwd, [&](QualType T) { return isCarrier(T, *Ctx); },
            Assumed(Fwd) ||
                !D.forwardMayDifferentiate(Fwd, forwardTargets(Fwd),
                                           &UnsummarizedForward),
            MemberRule);
        if (Dropped)
          return Dropped;
        UnsummarizedForward.clear();
        if (!Assumed(Fwd) &&
            passEndsInCall(Fwd, Provenance, *Ctx, Index.get(), D.deferred(),
                           EndsInAssumed)) {
          EndsIn = Fwd->getDirectCallee();
          return Fwd->getBeginLoc();
        }
        EndsInAssumed = false;
        return std::nullopt;
      };
      // A call only assumed to run a forward pass (a function of another
      // file) is kept after the last file only if its summary trains
      // nowhere: until then it is taken for one that does not, as the
      // index would say (`gpuleak-tidy` with it judges the same).
      D.JudgedPassInert =
          F.AssumedForwards.contains(Fwd) || F.AssumedHelperForwards.contains(Fwd) ||
          !D.forwardMayDifferentiate(Fwd, forwardTargets(Fwd));
      bool Inference = D.inference(F, R, P, 0, Why);
      llvm::SmallVector<const CallExpr *, 1> AssumedKeepsNoGraph;
      if (Inference)
        AssumedKeepsNoGraph = D.AssumedKeepsNoGraph;
      // A proof that rests on the assumption that the project never trains
      // (under `gpuleak check`, settled after the last file) gives way to
      // the data flow on the output when that proves it alone: a function
      // of another file's caller that trains (an agent's acting step called
      // from the training loop) must not take the finding with it.
      if (Inference && restsOnNoTrainingAssumption(Why, Covering))
        if (std::optional<SourceLocation> Dropped = DroppedUnused()) {
          Why.resize(Covering);
          Why.push_back({Reason::Dropped, *Dropped, EndsIn});
          AssumedKeepsNoGraph.clear();
        }
      if (!Inference) {
        Why.resize(Covering);
        std::optional<SourceLocation> Dropped = DroppedUnused();
        if (Dropped) {
          Why.push_back({Reason::Dropped, *Dropped, EndsIn});
        } else {
          // Under `gpuleak check`, calls of functions of other files that
          // take the tensor and return none may train; if the path is
          // inference when they do not, it is reported with a note at each,
          // and the step after the last file keeps it only if their
          // summaries say they do not (and dispatched virtual calls too).
          if (!D.deferred() || !D.anyMaybeOpaque())
            continue;
          D.assumeNoTraining(true);
          D.AssumedKeepsNoGraph.clear();
          bool Inference = D.inference(F, R, P, 0, Why);
          AssumedNoTraining = D.AssumedNoTraining;
          AssumedKeepsNoGraph = D.AssumedKeepsNoGraph;
          D.assumeNoTraining(false);
          if (!Inference) {
            Why.resize(Covering);
            continue;
          }
        }
      }
      // One finding per block: its fix covers the block's later passes.
      // A block taken by a pass only assumed (settled after the last file)
      // does not hide the passes in it: each is reported with a note naming
      // that assumed pass, and `gpuleak check` keeps it only if the assumed
      // pass's finding is dropped (ProjectFindings.cpp).
      // Nor does a block taken by a finding that rests on the project
      // never training hide a pass proven without it (its output only read):
      // after the last file the first may be dropped, the second stays.
      llvm::SmallVector<const CallExpr *, 2> AssumedCovering;
      const bool OnNoTraining = restsOnNoTrainingAssumption(Why, Covering);
      std::optional<size_t> HiddenBy;
      // The block's finding, when this pass is reported on its own.
      SourceLocation CoveredAt;
      if (llvm::any_of(llvm::enumerate(ReportedBlocks), [&](const auto &E) {
            const auto &RB = E.value();
            if (!rangeContains(RB.first->getSourceRange(), P, SM))
              return false;
            if (ReportedOnNoTraining[E.index()] && !OnNoTraining)
              return false;
            if (!RB.second) {
              HiddenBy = E.index();
              return true;
            }
            AssumedCovering.push_back(RB.second);
            return false;
          })) {
        // Named in the block's finding when its own proof assumes nothing
        // of other files (a pass proven only under assumptions that the
        // step after the last file settles is left out: it may not stand),
        // or only what that finding assumes: that calls of the same
        // functions in other files run unguarded (kavinda-ravishan
        // `torch_functions.cpp:1432`, the test-set pass after `:1431`'s).
        // The note then stands or falls with the finding.
        auto SameUnguarded = [&](int Finding) {
          return Finding >= 0 &&
                 llvm::all_of(Unguarded, [&](const FunctionDecl *U) {
                   return llvm::is_contained(Findings[Finding].Unguarded, U);
                 }) &&
                 llvm::all_of(Findings[Finding].Unguarded,
                              [&](const FunctionDecl *U) {
                                return llvm::is_contained(Unguarded, U);
                              });
        };
        bool AssumesNothing =
            !OnNoTraining && !Assumed(Fwd) &&
            (Unguarded.empty() || (HiddenBy && SameUnguarded(ReportedFinding[*HiddenBy]))) &&
            AssumedInvokes.empty() && AssumedNoTraining.empty() &&
            AssumedKeepsNoGraph.empty() &&
            UnsummarizedForward.empty() && AssumedReaders.empty() &&
            llvm::none_of(F.MaybeTrains, [&](const CallExpr *T) {
              return isBeforeExpanded(Fwd->getBeginLoc(), T->getBeginLoc(), SM) &&
                     regionOf(F, SM, T->getBeginLoc()) == R;
            });
        if (HiddenBy && AssumesNothing && ReportedFinding[*HiddenBy] >= 0) {
          // A pass proven with no assumption but the finding's own (that
          // calls of the same functions in other files run unguarded) is
          // a finding of its own (each pass that runs with grad mode on is
          // one place to see, as clang-tidy reports each place), with a
          // note at the block's finding, whose guard covers it. Under
          // `gpuleak check` it carries the same assumption notes, so the
          // step after the last file settles both alike.
          Finding &By = Findings[ReportedFinding[*HiddenBy]];
          SourceLocation Loc = SM.getExpansionLoc(P);
          // A pass handed what an earlier pass computed (`criterion(out,
          // y)`, `head(body(x))`) continues that pass's graph: a note.
          auto Continues = [&] {
            for (const CallExpr *Earlier : F.Forwards)
              if (Earlier != Fwd &&
                  isBeforeExpanded(Earlier->getBeginLoc(), Fwd->getBeginLoc(),
                                   SM))
                for (const Expr *A : Fwd->arguments())
                  if (Provenance.computedFrom(A, Earlier, F.FD, *Ctx))
                    return true;
            return false;
          };
          if (!Continues())
            CoveredAt = By.At;
          else if (!llvm::is_contained(By.Hidden, Loc))
            By.Hidden.push_back(Loc);
        }
        if (CoveredAt.isInvalid())
          continue;
      }
      // A pass covered by its block's finding takes no block of its own
      // (and so proposes no second guard).
      const CompoundStmt *Block = nullptr;
      if (CoveredAt.isInvalid()) {
        for (const CompoundStmt *B : F.Blocks)
          if (rangeContains(B->getSourceRange(), P, SM) &&
              regionOf(F, SM, B->getBeginLoc()) == R &&
              (!Block ||
               isBeforeExpanded(Block->getBeginLoc(), B->getBeginLoc(), SM)))
            Block = B;
      }
      SourceLocation DiagLoc = SM.getExpansionLoc(P);
      const bool NewPlace = ReportedLocs.insert(DiagLoc.getPtrEncoding()).second;
      if (Block) {
        // (A helper of this file whose pass is assumed is named by no
        // AssumedNotCoveringNote: that note speaks of another file.)
        ReportedBlocks.push_back(
            {Block, Assumed(Fwd) && !F.AssumedInner.count(Fwd) ? Fwd : nullptr});
        ReportedOnNoTraining.push_back(OnNoTraining);
        ReportedFinding.push_back(NewPlace ? int(Findings.size()) : -1);
      }
      if (!NewPlace)
        continue;

      Findings.push_back({[&, Fwd, R, Block, DiagLoc, CoveredAt, Why, Covering,
                           Unguarded, AssumedInvokes, AssumedCovering,
                           AssumedNoTraining,
                           AssumedKeepsNoGraph, UnsummarizedForward,
                           EndsInAssumed, AssumedReaders = AssumedReaders,
                           CalledUnguarded] {
      {
      auto Diag = diag(DiagLoc, ForwardPassMessage)
                  << GuardName << SM.getExpansionRange(Fwd->getSourceRange());
      // Fix-it: a guard at the start of the block, when the whole block is
      // free of backward passes and of grad-mode switches, and, for a pass
      // proven by its output alone, of other forward passes (whose outputs
      // may be returned to be trained on, or be reported too).
      if (Block && !Block->body_empty() && !F.HasNameClash &&
          !(provenByOutputAlone(Why, Covering) &&
            otherForwardIn(F, Fwd, Block, SM)) &&
          !D.anySiteIn(F, Block->getSourceRange()) &&
          llvm::none_of(F.GradEvents,
                        [&](const GradEvent &G) {
                          return rangeContains(Block->getSourceRange(), G.Loc, SM);
                        }) &&
          !Block->getLBracLoc().isMacroID() &&
          !(*Block->body_begin())->getBeginLoc().isMacroID()) {
        SourceLocation First = (*Block->body_begin())->getBeginLoc();
        std::string Text = UseInferenceMode ? "c10::InferenceMode guard;"
                                            : "torch::NoGradGuard no_grad;";
        if (SM.getSpellingLineNumber(First) ==
            SM.getSpellingLineNumber(Block->getLBracLoc())) {
          Text += " ";
        } else {
          const char *Data = SM.getCharacterData(First);
          unsigned Col = SM.getSpellingColumnNumber(First);
          Text += "\n";
          Text.append(Data - (Col - 1), Data);
        }
        Diag << FixItHint::CreateInsertion(First, Text);
      }
      }
      if (auto It = F.IndirectForwards.find(Fwd);
          It != F.IndirectForwards.end() && It->second.isValid())
        diag(It->second, RunsForwardNote, DiagnosticIDs::Note)
            << Fwd->getDirectCallee();
      // A guard written without a name before the pass, in a block around
      // it: the likely intent, which does not hold (bugprone-unused-raii's
      // case, for grad mode).
      for (const auto &U : F.GuardTemporaries)
        if (U.Block &&
            rangeContains(U.Block->getSourceRange(), forwardPlace(Fwd), SM) &&
            isBeforeExpanded(U.Loc, Fwd->getBeginLoc(), SM))
          diag(U.Loc, U.DeclaresFunction ? GuardFunctionNote : GuardTemporaryNote,
               DiagnosticIDs::Note)
              << U.Type;
      if (F.AssumedForwards.contains(Fwd))
        diag(Fwd->getBeginLoc(), AssumedForwardNote, DiagnosticIDs::Note)
            << Fwd->getDirectCallee();
      if (F.AssumedHelperForwards.contains(Fwd))
        diag(Fwd->getBeginLoc(), AssumedHelperForwardNote, DiagnosticIDs::Note)
            << Fwd->getDirectCallee();
      if (const CallExpr *Inner = F.AssumedInner.lookup(Fwd))
        diag(Inner->getBeginLoc(), AssumedForwardNote, DiagnosticIDs::Note)
            << Inner->getDirectCallee();
      for (const CallExpr *C : AssumedCovering)
        diag(SM.getExpansionLoc(forwardPlace(C)), AssumedNotCoveringNote,
             DiagnosticIDs::Note)
            << C->getDirectCallee();
      for (const CallExpr *T : F.MaybeTrains)
        if (isBeforeExpanded(Fwd->getBeginLoc(), T->getBeginLoc(), SM) &&
            regionOf(F, SM, T->getBeginLoc()) == R)
          diag(T->getBeginLoc(), AssumedTrainsNote, DiagnosticIDs::Note)
              << T->getDirectCallee();
      for (const FunctionDecl *U : Unguarded)
        diag(U->getLocation(), AssumedUnguardedNote, DiagnosticIDs::Note) << U;
      for (const FunctionDecl *U : CalledUnguarded)
        for (const auto &[Text, At] :
             calledUnguardedNotes(*Index, U, Ctx->getSourceManager()))
          diag(At, "%0", DiagnosticIDs::Note) << Text;
      for (const auto &[C, Param] : AssumedInvokes)
        diag(C->getBeginLoc(), AssumedInvokesUnguardedNote, DiagnosticIDs::Note)
            << C->getDirectCallee() << Param + 1;
      for (const CallExpr *T : AssumedNoTraining)
        diag(T->getBeginLoc(), AssumedTrainsNowhereNote, DiagnosticIDs::Note)
            << T->getDirectCallee();
      for (const CallExpr *C : AssumedKeepsNoGraph)
        diag(C->getBeginLoc(), AssumedKeepsNoGraphNote, DiagnosticIDs::Note)
            << C->getDirectCallee();
      if (EndsInAssumed &&
          llvm::any_of(Why, [](const Reason &W) { return W.Kind == Reason::Dropped && W.D1; }))
        diag(Fwd->getBeginLoc(), AssumedCalleesKeepNoGraphNote, DiagnosticIDs::Note)
            << Fwd->getDirectCallee();
      if (llvm::any_of(Why, [](const Reason &W) { return W.Kind == Reason::Dropped; }))
        for (const FunctionDecl *T : UnsummarizedForward)
          diag(Fwd->getBeginLoc(), AssumedForwardNoBackwardNote,
               DiagnosticIDs::Note)
              << ("'" + T->getQualifiedNameAsString() + "'"); // by name
      for (const auto &[Field, M] : AssumedReaders)
        if (M)
          diag(M->getLocation(), AssumedReadsCutNote, DiagnosticIDs::Note)
              << M << Field;
        else
          diag(Field->getLocation(), AssumedNoneReadsCutNote, DiagnosticIDs::Note)
              << ("'" + Field->getQualifiedNameAsString() + "'"); // by name
      for (const Reason &W : Why) {
        switch (W.Kind) {
        case Reason::Loop:
          diag(W.Loc,
               "this loop runs no backward pass and keeps nothing from one "
               "iteration to the next",
               DiagnosticIDs::Note);
          break;
        case Reason::Block:
          diag(W.Loc,
               "this block runs no backward pass and keeps nothing after it "
               "ends",
               DiagnosticIDs::Note);
          break;
        case Reason::Function:
          diag(W.Loc,
               "%0 runs no backward pass after the forward pass and hands "
               "no result that carries a graph to a caller",
               DiagnosticIDs::Note)
              << W.D1;
          break;
        case Reason::Lambda:
          diag(W.Loc,
               "this lambda runs no backward pass after the forward pass "
               "and hands no result that carries a graph out",
               DiagnosticIDs::Note);
          break;
        case Reason::Caller:
          diag(W.Loc,
               "%0 hands its results to this call in %1, after which no "
               "backward pass runs",
               DiagnosticIDs::Note)
              << W.D1 << W.D2;
          break;
        case Reason::Eval:
          diag(W.Loc,
               "evaluation mode is set here; 'eval()' does not turn off "
               "grad mode",
               DiagnosticIDs::Note);
          break;
        case Reason::Project:
          diag(W.Loc, NoTrainingNote, DiagnosticIDs::Note) << W.D1;
          break;
        case Reason::AssumedProject:
          diag(W.Loc, AssumedNoTrainingNote, DiagnosticIDs::Note) << W.D1;
          break;
        case Reason::Dropped:
          if (W.D1)
            diag(W.Loc, EndsInCallNote, DiagnosticIDs::Note) << W.D1;
          else
            diag(W.Loc, DroppedNote, DiagnosticIDs::Note);
          break;
        case Reason::Thread:
          diag(W.Loc,
               "this lambda runs on another thread; grad mode is "
               "thread-local, so the guard of the thread that starts it "
               "does not apply",
               DiagnosticIDs::Note);
          break;
        }
      }
      if (CoveredAt.isValid())
        diag(CoveredAt, CoveringPassNote, DiagnosticIDs::Note);
      }, DiagLoc, {}, Unguarded});
    }
    for (const Finding &Fd : Findings) {
      Fd.Emit();
      for (SourceLocation Loc : Fd.Hidden)
        diag(Loc, BlockPassNote, DiagnosticIDs::Note);
    }
  }
  Functions.clear();
  ByDecl.clear();
  FunctorsMade.clear();
  FunctorsHanded.clear();
  Ctx = nullptr;
}

void MissingNoGradCheck::checkUninstantiated(const FunctionDecl *FD,
                                             const SourceManager &SM) {
  // A function template (not a member of a class template, nor library
  // code) of which this file makes no instantiation: an instantiation is
  // judged by the rules above, and reported at the template's line.
  const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate();
  if (!T || !T->specializations().empty() ||
      FD->getDeclContext()->isDependentContext() ||
      SM.isInSystemHeader(FD->getLocation()))
    return;
  // Its forward passes: a `forward` of a dependent object known by name
  // (as gpuleak-retained-tensor reads it), or one of a module's type; not
  // inside a lambda, whose caller is not known.
  llvm::SmallVector<SourceRange, 2> Lambdas;
  llvm::SmallVector<const CallExpr *, 4> Forwards;
  for (const BoundNodes &N :
       match(findAll(expr(anyOf(lambdaExpr().bind(LambdaId),
                                callExpr().bind(CallId)))),
             *FD->getBody(), *Ctx)) {
    if (const auto *L = N.getNodeAs<LambdaExpr>(LambdaId))
      Lambdas.push_back(L->getBody()->getSourceRange());
    else if (const auto *C = N.getNodeAs<CallExpr>(CallId);
             C && (isDependentForwardCall(C) ||
                   !match(stmt(forwardPassCall()), *C, *Ctx).empty()))
      Forwards.push_back(C);
  }
  // Only rule 4, the data flow on the output: what the code around the
  // pass does (loops, callers) is not known before instantiation. The pass
  // is taken not to differentiate itself (its model is not known), so the
  // locals it initializes are followed.
  for (const CallExpr *Fwd : Forwards) {
    SourceLocation P = forwardPlace(Fwd);
    if (llvm::any_of(Lambdas, [&](SourceRange R) {
          return rangeContains(R, P, SM);
        }) ||
        !Provenance.carriesGraph(Fwd, FD, *Ctx))
      continue; // in a lambda, or under a guard
    std::optional<SourceLocation> Dropped = graphDroppedUnused(
        FD, Fwd, [&](QualType Ty) { return isCarrier(Ty, *Ctx); },
        /*FollowLocals=*/true);
    if (!Dropped)
      continue;
    // Every call of an instantiation in another file may hold a guard: the
    // index says (gpuleak-tidy with an index), or `gpuleak check` after the
    // last file (the note).
    const bool Deferred = ProjectIndex::deferredToProject(IndexOption);
    if (Index && !Deferred)
      if (const FunctionSummary *G = Index->definedAt(placeOf(FD->getLocation(), SM));
          G && Index->guardedByCallers(G->USR))
        continue;
    diag(SM.getExpansionLoc(P), ForwardPassMessage)
        << guardName() << SM.getExpansionRange(Fwd->getSourceRange());
    if (Deferred)
      diag(FD->getLocation(), AssumedUnguardedNote, DiagnosticIDs::Note) << FD;
    diag(*Dropped, DroppedNote, DiagnosticIDs::Note);
  }
}

/// Whether the reasons \p Why from index \p From on rest on the assumption,
/// settled after the last file, that no code of the project runs a backward
/// pass (rule 3 for a function whose results leave the file).
static bool restsOnNoTrainingAssumption(const Reasons &Why, size_t From) {
  return llvm::any_of(llvm::drop_begin(Why, From), [](const Reason &W) {
    return W.Kind == Reason::AssumedProject;
  });
}

/// Whether the path was proven inference by rule 4 alone (its output is
/// only read), not by what the code around the pass does.
static bool provenByOutputAlone(const Reasons &Why, size_t From) {
  return llvm::any_of(llvm::drop_begin(Why, From), [](const Reason &W) {
    return W.Kind == Reason::Dropped;
  });
}

/// Whether block \p Block of \p F runs a forward pass other than \p Fwd.
static bool otherForwardIn(const MissingNoGradCheck::FunctionFacts &F,
                           const CallExpr *Fwd, const CompoundStmt *Block,
                           const SourceManager &SM) {
  return llvm::any_of(F.Forwards, [&](const CallExpr *C) {
    return C != Fwd && rangeContains(Block->getSourceRange(), C->getBeginLoc(), SM);
  });
}

static bool forwardKeepsState(
    const CallExpr *Call,
    const llvm::DenseMap<const FunctionDecl *, MissingNoGradCheck::FunctionFacts *> &ByDecl) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!MD)
    return false;
  // The callee itself (a module's `denoise()` too), and what it runs.
  llvm::SmallVector<const FunctionDecl *, 2> Targets = forwardTargets(Call);
  if (!llvm::is_contained(Targets, MD))
    Targets.push_back(MD);
  for (const FunctionDecl *T : Targets) {
    const FunctionDecl *Def = T->getDefinition();
    if (MissingNoGradCheck::FunctionFacts *F = Def ? ByDecl.lookup(Def) : nullptr)
      if (keepsBeyondLocals(*F, ByDecl))
        return true;
  }
  return false;
}

} // namespace clang::tidy::gpuleak
