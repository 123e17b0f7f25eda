//===--- CudaUnreleasedCheck.cpp - gpuleak-cuda-unreleased ----------------===//
//
// For each function that calls a CUDA creating API (cudaMalloc*,
// cudaStreamCreate*, cublasCreate, ...), the check builds the function's CFG
// and walks every path forward from each creating call whose handle is a
// local variable (or an element of a local array). A path is safe when it
// releases the handle, hands it to something that may own it (a return, a
// store, a constructor, a lambda, a function that may keep it), or ends the
// process. It leaks when it reaches the function's exit, or overwrites the
// handle (the next loop iteration creating again), first.
//
// The walk knows two facts about values: after the creating call succeeded
// the handle is not null, and the branch on the call's own status where it
// failed (`if (cudaMalloc(&p, n) != cudaSuccess) return;`, or through a status
// variable as in `CUDA_TRY`-style macros) allocated nothing.
//
// A path also leaves the function where an exception does: a `throw`, a
// `[[noreturn]]` call that throws (TORCH_CHECK), or a call that may throw
// (C10_CUDA_CHECK, a project's checking helper). ThrowClassifier decides
// which calls throw from what the callee does; a check of the creation's own
// status throws only when nothing was created.
//
// Host functions enqueued into a stream (cudaLaunchHostFunc) may make no CUDA
// call: every CUDA call in one is reported, and a release there releases
// nothing, so the resource handed to it as user data stays held.
//
//===----------------------------------------------------------------------===//

#include "CudaUnreleasedCheck.h"
#include "CudaApis.h"
#include "CudaClassResources.h"
#include "CudaUses.h"
#include "summaries/LocalFacts.h"
#include "TorchMatchers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Builtins.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Hashing.h"
#include <array>
#include <functional>
#include <optional>

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

namespace {
// Bind names.
constexpr char FuncId[] = "func";       // a function that calls a creating API
constexpr char EnqueueId[] = "enqueue"; // a call that enqueues a host function
constexpr char ReleaseFnId[] = "releasefn"; // a function that calls a release API
constexpr char HelperFnId[] = "helperfn"; // one that calls a project function returning a pointer
constexpr char CtorHelperId[] = "ctorhelper"; // a constructor that creates only through a helper

using cuda::advisedReleaser;
using cuda::CreatorInfo;
using cuda::kindInfo;
using cuda::KindInfo;
using cuda::ReleaserInfo;
using cuda::ResKind;


AST_MATCHER(Expr, containsErrors) { return Node.containsErrors(); }

AST_MATCHER(FunctionDecl, isDeviceOnly) {
  if (Node.hasAttr<CUDAGlobalAttr>())
    return true;
  return Node.hasAttr<CUDADeviceAttr>() && !Node.hasAttr<CUDAHostAttr>();
}


static bool runsOnlyInDestructor(const FunctionDecl *FD, ASTContext &Ctx);

/// The path-walking analysis of one function.
class Analyzer {
public:
  Analyzer(const FunctionDecl *FD, ASTContext &Ctx, UseClassifier &Classifier,
           ThrowClassifier &Thrower, bool ExitsLeak,
           const ProjectIndex *Index = nullptr, bool Deferred = false)
      : FD(FD), Ctx(Ctx), Classifier(Classifier), Thrower(Thrower),
        ExitsLeak(ExitsLeak), Index(Index), Deferred(Deferred),
        InDestructorOnly(runsOnlyInDestructor(FD, Ctx)) {}

  /// What a path assumed of a call of a function of another file, under
  /// `gpuleak check` (the project step settles it): that it may throw, that
  /// it only reads its argument Param, or that it returns.
  struct Assumption {
    enum { Throws, ReadsOnly, Returns } K;
    const CallExpr *Call;
    unsigned Param = 0;
  };

  /// A lost resource, for the diagnostic.
  struct Finding {
    const CallExpr *Creation;
    const CreatorInfo *Creator;
    Handle H;
    enum { Exit, Overwritten, WrongApi } How;
    bool NeverReleased; // no path releases or hands it on
    /// Where it is lost: the return, throw or call that throws or exits
    /// (null at the end of the function), the overwriting statement, or the
    /// wrong release.
    const Stmt *Where;
    StringRef WrongName;
    bool ThrowingCall = false; // Where is a call that throws
    /// A function of another file that throws at Where, by the project
    /// index (its summary's `throws`), for a note at its throw.
    const FunctionDecl *ThrowsElsewhere = nullptr;
    const FunctionSummary *ThrowsSummary = nullptr;
    /// Under `gpuleak check`: what the path assumed of functions of other
    /// files; and the other paths, in order, that leak it under other
    /// assumptions (the project step keeps the first that holds).
    llvm::SmallVector<Assumption, 2> Assumed = {};
    std::vector<Finding> Alternatives = {};
    /// The exit is a call only assumed to throw (the last of Assumed).
    bool AssumedThrow = false;
  };

  void run(llvm::SmallVectorImpl<Finding> &Findings);

private:
  struct Site {
    const CallExpr *Call;
    const CreatorInfo *Creator;
    Handle H;
    const VarDecl *StatusVar;
  };
  void walk(const Site &S, const CFGBlock *Start, unsigned StartIdx,
            llvm::SmallVectorImpl<Finding> &Findings);
  std::optional<Handle> handleOf(const CallExpr *Call,
                                 const CreatorInfo &CI) const;
  /// For a branch on \p Cond: std::nullopt if it does not test the site,
  /// else whether its true branch is the one where the site's resource does
  /// not exist (the creation failed, or the handle is null).
  std::optional<bool> trueMeansAbsent(const Expr *Cond, const Site &S,
                                      bool StatusValid) const;
  /// Whether \p E uses the site's call or its valid status variable.
  bool mentionsStatus(const Stmt *E, const Site &S, bool StatusValid) const;
  /// Whether an exception thrown at \p S leaves the function: not inside a
  /// `try` block (the handler may release) unless, for a throw the CFG does
  /// not lead to the handlers (a call, given the handle \p H), each handler
  /// throws again without naming the handle; and not in a `noexcept`
  /// function (std::terminate ends the process).
  bool throwLeaves(const Stmt *S, const Handle *H = nullptr) const;
  /// The reference to the handle that \p E is, if any: the variable itself,
  /// `arr[i]` for an array handle, `s.ptr` for a struct handle.
  const Expr *handleRef(const Stmt *E, const Handle &H) const;

  const FunctionDecl *FD;
  ASTContext &Ctx;
  UseClassifier &Classifier;
  ThrowClassifier &Thrower;
  const bool ExitsLeak;
  const ProjectIndex *Index;
  const bool Deferred;
  /// FD runs only inside `noexcept` destructors: a throw ends the process.
  const bool InDestructorOnly;
  /// The condition a two-way block branches on, or null.
  static const Expr *branchCondition(const CFGBlock *B);
  /// Finds conditions that several branches test (`if (flag)` twice), so a
  /// path takes the same side at each while their variables keep their
  /// values (`if (managed) cudaMallocManaged(...) ... if (managed) cudaFree`).
  void findCorrelatedBranches();
  /// Whether \p DRE only reads its variable (through fields and
  /// subscripts), so a correlated condition on it keeps its value.
  bool onlyReads(const DeclRefExpr *DRE) const;

  std::unique_ptr<CFG> Graph;
  std::unique_ptr<ParentMap> PM;
  /// The correlated condition each branching block tests, as a bit.
  llvm::DenseMap<const CFGBlock *, uint32_t> BranchBit;
  /// The correlated conditions that use each variable, as bits.
  llvm::DenseMap<const VarDecl *, uint32_t> VarBits;
  static constexpr unsigned MaxSlots = 4;
  /// Switches on the same pure condition, as slots (at most 4), and the
  /// slots whose condition uses each variable.
  llvm::DenseMap<const CFGBlock *, unsigned> SwitchSlot;
  llvm::DenseMap<const VarDecl *, uint8_t> VarSlots;
  /// Records in \p Known and \p Vals which case of a correlated switch
  /// leads to \p Body, a block with a case label: its label and the labels
  /// that fall through to it (`case A: case B: cudaMalloc(...)`).
  void caseDecision(const CFGBlock *Body, uint8_t &Known,
                    std::array<llvm::SmallVector<int64_t, 2>, 4> &Vals) const;
  /// The value of the `case` label that starts \p B, if it has one.
  std::optional<int64_t> caseValue(const CFGBlock *B) const;
};

/// The field that \p E names when it is `s.f` for a local variable `s` of a
/// plain struct: one that declares no destructor (a written one may release
/// the field, as an RAII wrapper does) and no method but constructors and
/// assignments (`job.submit()` may hand the object on, and with it the
/// field), and a field that can hold a handle, named, of the variable itself
/// (not `s.a.f`, not `p->f`).
static const FieldDecl *localStructField(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME || ME->isArrow())
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!F || !F->getIdentifier() || !holdsHandle(F->getType()) || !VD ||
      !VD->hasLocalStorage() || VD->getType()->isReferenceType())
    return nullptr;
  const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->hasUserDeclaredDestructor() ||
      llvm::any_of(RD->getDefinition()->methods(), [](const CXXMethodDecl *M) {
        return !M->isImplicit() && !isa<CXXConstructorDecl>(M) &&
               !M->isCopyAssignmentOperator() && !M->isMoveAssignmentOperator();
      }))
    return nullptr;
  return F;
}

std::optional<Handle> Analyzer::handleOf(const CallExpr *Call,
                                         const CreatorInfo &CI) const {
  if (CI.HandleArg >= Call->getNumArgs())
    return std::nullopt;
  const Expr *Arg = Call->getArg(CI.HandleArg)->IgnoreParenCasts();
  Handle H;
  H.Field = CI.Field;
  const Expr *Target = nullptr;
  if (CI.ByValue) {
    // cudaHostRegister(p, ...): the pointer itself is the resource.
    Target = Arg;
  } else if (const auto *Addr = dyn_cast<UnaryOperator>(Arg);
             Addr && Addr->getOpcode() == UO_AddrOf) {
    Target = Addr->getSubExpr()->IgnoreParens();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Target)) {
      Target = ASE->getBase()->IgnoreParenImpCasts();
      H.IsArray = true;
    } else if (const FieldDecl *F = localStructField(Target); F && H.Field.empty()) {
      // `cudaStreamCreate(&job.stream)`: a field of a local struct is
      // followed as a handle of its own, the struct's other fields aside.
      H.Field = F->getName();
      Target = cast<MemberExpr>(Target)->getBase()->IgnoreParenImpCasts();
    }
  } else {
    // ncclCommInitAll(comms, n, devs): a local array decays to the pointer.
    Target = Arg;
    H.IsArray = true;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Target);
  if (!DRE)
    return std::nullopt;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  // Only local handles: a member, a global, a static or a reference
  // (an out-parameter) is owned by someone else.
  if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType() ||
      (isa<ParmVarDecl>(VD) && CI.ByValue))
    return std::nullopt;
  if (H.IsArray && !Ctx.getAsConstantArrayType(VD->getType()))
    return std::nullopt;
  H.Var = VD;
  return H;
}

/// The local variable that holds \p Call's status: `auto st = call;`,
/// `st = call;`, or null.
static const VarDecl *statusVarOf(const CallExpr *Call, const ParentMap &PM) {
  const Stmt *Child = nullptr;
  const Stmt *P = skipWrappers(PM, Call, Child);
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
        return VD;
    return nullptr;
  }
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    if (BO->getOpcode() == BO_Assign && BO->getRHS() == Child)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
            VD && VD->hasLocalStorage())
          return VD;
  return nullptr;
}

const Expr *Analyzer::handleRef(const Stmt *E, const Handle &H) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE || DRE->getDecl() != H.Var)
    return nullptr;
  if (!H.IsArray && H.Field.empty())
    return DRE;
  const Stmt *Child = nullptr;
  const Stmt *P = skipWrappers(*PM, DRE, Child);
  if (H.IsArray) {
    if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P);
        ASE && ASE->getBase() == Child)
      return ASE;
    return DRE; // the whole array: passed on, or decayed
  }
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    if (ME->getMemberDecl()->getName() == H.Field)
      return ME;
    return nullptr; // another field, e.g. `pitched.pitch`
  }
  return DRE;
}

/// For a branch on \p Cond: std::nullopt if it tests neither a creation's
/// status (\p IsStatus: nonzero means it failed) nor its handle (\p
/// IsHandle: null means absent), else whether its true branch is the one
/// where the resource does not exist.
static std::optional<bool>
absentIfTrue(const Expr *Cond, llvm::function_ref<bool(const Expr *)> IsStatus,
             llvm::function_ref<bool(const Expr *)> IsHandle,
             ASTContext &Ctx) {
  if (!Cond)
    return std::nullopt;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(Cond))
    Cond = EWC->getSubExpr()->IgnoreParenImpCasts();
  auto IsZero = [&](const Expr *E) {
    if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return true;
    Expr::EvalResult R;
    return !E->isValueDependent() && E->EvaluateAsInt(R, Ctx) &&
           R.Val.getInt().isZero();
  };
  if (IsStatus(Cond))
    return true;
  if (IsHandle(Cond))
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    if (std::optional<bool> Inner =
            absentIfTrue(UO->getSubExpr(), IsStatus, IsHandle, Ctx))
      return !*Inner;
  const Expr *LHS = nullptr, *RHS = nullptr;
  bool IsEq = false;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && BO->isEqualityOp()) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
    IsEq = BO->getOpcode() == BO_EQ;
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Cond);
             OC && OC->getNumArgs() == 2 &&
             (OC->getOperator() == OO_EqualEqual ||
              OC->getOperator() == OO_ExclaimEqual)) {
    LHS = OC->getArg(0);
    RHS = OC->getArg(1);
    IsEq = OC->getOperator() == OO_EqualEqual;
  }
  if (!LHS)
    return std::nullopt;
  for (int Swap = 0; Swap < 2; ++Swap, std::swap(LHS, RHS)) {
    if (!IsZero(RHS))
      continue;
    // `status == success`: true means it exists. `p == nullptr`: true
    // means absent.
    if (IsStatus(LHS))
      return !IsEq;
    if (IsHandle(LHS))
      return IsEq;
  }
  return std::nullopt;
}

/// `(err = call)`: the call, whose status the assignment passes on.
static const Expr *withoutStatusAssign(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Assign)
    return BO->getRHS()->IgnoreParenImpCasts();
  return E;
}

std::optional<bool> Analyzer::trueMeansAbsent(const Expr *Cond, const Site &S,
                                              bool StatusValid) const {
  // The creating call's status: nonzero means it failed.
  auto IsStatus = [&](const Expr *E) {
    // `(err = cudaMalloc(&p, n)) != cudaSuccess`
    E = withoutStatusAssign(E);
    if (E == S.Call)
      return true;
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return StatusValid && S.StatusVar && DRE && DRE->getDecl() == S.StatusVar;
  };
  // The handle itself: null means absent.
  auto IsHandle = [&](const Expr *E) {
    if (S.H.IsArray)
      return false;
    if (!S.H.Field.empty()) {
      // `job.stream`, `pitched.ptr`
      const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
      const auto *Base =
          ME ? dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts())
             : nullptr;
      return Base && Base->getDecl() == S.H.Var && !ME->isArrow() &&
             ME->getMemberDecl()->getName() == S.H.Field;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == S.H.Var;
  };
  return absentIfTrue(Cond, IsStatus, IsHandle, Ctx);
}

/// \p E without `__builtin_expect(x, c)` and the cast of x to bool around
/// it (C10_UNLIKELY, the condition of TORCH_CHECK): the branch tests x.
static const Expr *withoutExpect(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  if (!Call || Call->getBuiltinCallee() != Builtin::BI__builtin_expect ||
      Call->getNumArgs() != 2)
    return E;
  const Expr *Arg = Call->getArg(0)->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Arg);
      Cast && Cast->getType()->isBooleanType())
    return Cast->getSubExpr();
  return Arg;
}

const Expr *Analyzer::branchCondition(const CFGBlock *B) {
  if (B->succ_size() != 2 || isa_and_nonnull<SwitchStmt>(B->getTerminatorStmt()))
    return nullptr;
  const auto *Cond =
      dyn_cast_or_null<Expr>(B->getTerminatorCondition(/*StripParens=*/false));
  // The block of a `&&` or `||` condition that branches is the one that
  // evaluates its right-hand side (the left-hand side's block has the
  // operator as its own terminator).
  while (Cond) {
    Cond = withoutExpect(Cond);
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO || !BO->isLogicalOp())
      break;
    Cond = BO->getRHS();
  }
  return Cond;
}

/// Collects the variables of a condition made only of variables, fields,
/// constants and operators; false if it has anything else (a call).
static bool collectPureVars(const Stmt *S,
                            llvm::SmallVectorImpl<const VarDecl *> &Vars) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (!VD->hasLocalStorage() || VD->getType()->isReferenceType())
        return false;
      Vars.push_back(VD);
      return true;
    }
    return isa<EnumConstantDecl>(DRE->getDecl());
  }
  if (const auto *ME = dyn_cast<MemberExpr>(S)) {
    if (ME->isArrow() || !isa<FieldDecl>(ME->getMemberDecl()))
      return false;
  } else if (!isa<ImplicitCastExpr, ParenExpr, UnaryOperator, BinaryOperator,
                  IntegerLiteral, CXXBoolLiteralExpr, CXXNullPtrLiteralExpr,
                  CharacterLiteral>(S)) {
    return false;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_Deref ||
             UO->getOpcode() == UO_AddrOf))
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    return false;
  for (const Stmt *Child : S->children())
    if (!Child || !collectPureVars(Child, Vars))
      return false;
  return true;
}

void Analyzer::findCorrelatedBranches() {
  llvm::DenseMap<unsigned, llvm::SmallVector<const CFGBlock *, 2>> ByCond;
  llvm::DenseMap<unsigned, llvm::SmallVector<const VarDecl *, 2>> CondVars;
  for (const CFGBlock *B : *Graph) {
    const Expr *Cond = branchCondition(B);
    if (!Cond)
      continue;
    llvm::SmallVector<const VarDecl *, 2> Vars;
    if (!collectPureVars(Cond, Vars) || Vars.empty())
      continue;
    llvm::FoldingSetNodeID ID;
    Cond->IgnoreParenImpCasts()->Profile(ID, Ctx, /*Canonical=*/true);
    unsigned Hash = ID.ComputeHash();
    ByCond[Hash].push_back(B);
    CondVars[Hash] = Vars;
  }
  llvm::DenseMap<unsigned, llvm::SmallVector<const CFGBlock *, 2>> BySwitch;
  for (const CFGBlock *B : *Graph) {
    const auto *Switch = dyn_cast_or_null<SwitchStmt>(B->getTerminatorStmt());
    if (!Switch || !Switch->getCond())
      continue;
    llvm::SmallVector<const VarDecl *, 2> Vars;
    const Expr *Cond = Switch->getCond();
    if (!collectPureVars(Cond, Vars) || Vars.empty())
      continue;
    llvm::FoldingSetNodeID ID;
    Cond->IgnoreParenImpCasts()->Profile(ID, Ctx, /*Canonical=*/true);
    unsigned Hash = ID.ComputeHash();
    BySwitch[Hash].push_back(B);
    CondVars[~Hash] = Vars;
  }
  unsigned NextSlot = 0;
  for (const auto &[Hash, Blocks] : BySwitch) {
    if (Blocks.size() < 2 || NextSlot == MaxSlots)
      continue;
    for (const CFGBlock *B : Blocks)
      SwitchSlot[B] = NextSlot;
    for (const VarDecl *VD : CondVars[~Hash])
      VarSlots[VD] |= 1U << NextSlot;
    ++NextSlot;
  }
  unsigned Next = 0;
  for (const auto &[Hash, Blocks] : ByCond) {
    if (Blocks.size() < 2 || Next == 32)
      continue;
    const uint32_t Bit = 1U << Next++;
    for (const CFGBlock *B : Blocks)
      BranchBit[B] = Bit;
    for (const VarDecl *VD : CondVars[Hash])
      VarBits[VD] |= Bit;
  }
}

std::optional<int64_t> Analyzer::caseValue(const CFGBlock *B) const {
  const auto *Case = dyn_cast_or_null<CaseStmt>(B->getLabel());
  if (!Case || Case->caseStmtIsGNURange())
    return std::nullopt;
  if (std::optional<llvm::APSInt> V = Case->getLHS()->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

void Analyzer::caseDecision(
    const CFGBlock *Body, uint8_t &Known,
    std::array<llvm::SmallVector<int64_t, 2>, 4> &Vals) const {
  const CFGBlock *Switch = nullptr, *Label = nullptr;
  llvm::SmallVector<int64_t, 2> Values{*caseValue(Body)};
  for (const CFGBlock::AdjacentBlock &Adj : Body->preds()) {
    const CFGBlock *Pred = Adj.getReachableBlock();
    if (!Pred)
      continue;
    if (SwitchSlot.count(Pred)) {
      Switch = Pred;
    } else if (std::optional<int64_t> V = caseValue(Pred);
               V && Pred->empty() && !Label) {
      Label = Pred;
      Values.push_back(*V);
    } else {
      return; // reached some other way too
    }
  }
  if (!Switch)
    return;
  // Labels further up the fall-through chain.
  while (Label) {
    const CFGBlock *Up = nullptr;
    for (const CFGBlock::AdjacentBlock &Adj : Label->preds())
      if (const CFGBlock *Pred = Adj.getReachableBlock();
          Pred && Pred != Switch && Pred->empty() && caseValue(Pred))
        Up = Pred;
    if (!Up)
      break;
    Values.push_back(*caseValue(Up));
    Label = Up;
  }
  const unsigned Slot = SwitchSlot.lookup(Switch);
  Known |= 1U << Slot;
  Vals[Slot] = Values;
}

/// The only predecessor of \p B that can reach it, or null.
static const CFGBlock *singleReachablePred(const CFGBlock *B) {
  const CFGBlock *Only = nullptr;
  for (const CFGBlock::AdjacentBlock &Adj : B->preds()) {
    const CFGBlock *Pred = Adj.getReachableBlock();
    if (!Pred)
      continue;
    if (Only)
      return nullptr;
    Only = Pred;
  }
  return Only;
}

bool Analyzer::onlyReads(const DeclRefExpr *DRE) const {
  const Stmt *Cur = DRE;
  while (true) {
    const Stmt *P = PM->getParent(Cur);
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(P);
        ME && !ME->isArrow()) {
      Cur = P;
      continue;
    }
    if (isa_and_nonnull<ParenExpr>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P))
      return ICE->getCastKind() == CK_LValueToRValue;
    return false;
  }
}

bool Analyzer::mentionsStatus(const Stmt *E, const Site &S,
                              bool StatusValid) const {
  if (!E)
    return false;
  if (E == S.Call)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return StatusValid && S.StatusVar && DRE->getDecl() == S.StatusVar;
  for (const Stmt *Child : E->children())
    if (mentionsStatus(Child, S, StatusValid))
      return true;
  return false;
}

/// Whether every handler of \p Try leaves by throwing, touching nothing of
/// the resource: its block ends in a `throw` (a new exception or `throw;`),
/// has no `return`, `break`, `continue` or `goto`, and no statement that
/// \p Touches (a use of the handle, of the object). An exception thrown in
/// the try block then leaves the function, with the resource still held.
static bool handlersRethrow(const CXXTryStmt *Try,
                            llvm::function_ref<bool(const Stmt *)> Touches) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    llvm::function_ref<bool(const Stmt *)> Touches;
    bool Stays = false;
    bool VisitStmt(Stmt *S) {
      Stays = isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt>(S) ||
              Touches(S);
      return !Stays;
    }
  };
  for (unsigned I = 0, E = Try->getNumHandlers(); I != E; ++I) {
    const auto *Block =
        dyn_cast_or_null<CompoundStmt>(Try->getHandler(I)->getHandlerBlock());
    if (!Block || Block->body_empty())
      return false;
    const auto *Last = dyn_cast<Expr>(Block->body_back());
    if (!Last || !isa<CXXThrowExpr>(Last->IgnoreImplicit()))
      return false;
    Visitor V;
    V.Touches = Touches;
    V.TraverseStmt(const_cast<CompoundStmt *>(Block));
    if (V.Stays)
      return false;
  }
  return Try->getNumHandlers() != 0;
}

/// Whether a destructor may let an exception out: declared `noexcept(false)`
/// or with a dynamic exception specification. Any other destructor is
/// `noexcept` (a throw out of it calls std::terminate).
static bool destructorMayThrow(const CXXDestructorDecl *Dtor) {
  const auto *FPT = Dtor->getType()->getAs<FunctionProtoType>();
  if (!FPT)
    return true;
  switch (FPT->getExceptionSpecType()) {
  case EST_NoexceptFalse:
  case EST_Dynamic:
  case EST_MSAny:
  case EST_DependentNoexcept:
    return true;
  default:
    return false;
  }
}

/// Whether \p FD runs only inside destructors that cannot let an exception
/// out (destructorMayThrow()), so that a throw in it ends the process: a
/// private method of a class with no friends and no nested classes, every
/// function of which is defined here, named only in the bodies of the
/// class's destructor (dorado's `ScopedProfileRange::finish()`, called by
/// `~ScopedProfileRange()` alone).
static bool runsOnlyInDestructor(const FunctionDecl *FD, ASTContext &Ctx) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || MD->getAccess() != AS_private || MD->isVirtual() ||
      isa<CXXConstructorDecl, CXXDestructorDecl>(MD))
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  if (!RD->hasDefinition() || RD->friend_begin() != RD->friend_end())
    return false;
  const Decl *Target = MD->getCanonicalDecl();
  static constexpr char RefId[] = "ref";
  auto RefsIn = [&](const Stmt *Body) {
    return !match(findAll(expr(anyOf(declRefExpr(to(equalsNode(Target))),
                                     memberExpr(member(equalsNode(Target)))))
                              .bind(RefId)),
                  *Body, Ctx)
                .empty();
  };
  bool Called = false;
  for (const Decl *D : RD->decls()) {
    if (isa<CXXRecordDecl, FunctionTemplateDecl>(D) && !D->isImplicit())
      return false; // a nested class or a member template may call it
    if (const auto *F = dyn_cast<FieldDecl>(D)) {
      if (F->hasInClassInitializer() && F->getInClassInitializer() &&
          RefsIn(F->getInClassInitializer()))
        return false;
      continue;
    }
    const auto *M = dyn_cast<CXXMethodDecl>(D);
    if (!M || M->isImplicit() || M->isDeleted() || M->isDefaulted())
      continue;
    const FunctionDecl *Def = M->getDefinition();
    if (!Def || !Def->getBody())
      return false; // defined elsewhere: its calls are not seen
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten() && RefsIn(Init->getInit()))
          return false;
    if (!RefsIn(Def->getBody()))
      continue;
    const auto *Dtor = dyn_cast<CXXDestructorDecl>(Def);
    if (!Dtor || destructorMayThrow(Dtor))
      return false;
    Called = true;
  }
  return Called;
}

bool Analyzer::throwLeaves(const Stmt *S, const Handle *H) const {
  if (!ExitsLeak || declaredNoThrow(FD) || InDestructorOnly)
    return false;
  auto Names = [H](const Stmt *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == H->Var;
  };
  for (const Stmt *Child = S, *P = PM->getParent(S); P;
       Child = P, P = PM->getParent(P))
    if (const auto *Try = dyn_cast<CXXTryStmt>(P);
        Try && Try->getTryBlock() == Child &&
        !(H && handlersRethrow(Try, Names)))
      return false;
  return true;
}

/// The creating call of an allocation helper that \p Call calls: one of
/// this file (returnedCreation()), or of another file by its summary's
/// `returns_created`; or null.
static const CreatorInfo *helperCreation(const CallExpr *Call,
                                         const ProjectIndex *Index,
                                         ASTContext &Ctx) {
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee || isa<CUDAKernelCallExpr>(Call) ||
      isCudaApiName(apiName(Callee)))
    return nullptr;
  if (const CreatorInfo *CI = returnedCreation(Callee))
    return CI;
  if (const FunctionSummary *Sum =
          summaryElsewhere(Callee, Index, Ctx.getSourceManager());
      Sum && !Sum->ReturnsCreated.empty())
    return cuda::findCreator(Sum->ReturnsCreated);
  return nullptr;
}

/// The local that keeps \p Call's result (`float *p = (float *)alloc(n);`,
/// `p = alloc(n);`), with the statement that keeps it in \p Keeper; or null.
static const VarDecl *resultVar(const CallExpr *Call, const ParentMap &PM,
                                const Stmt *&Keeper) {
  const Stmt *Child = Call;
  const Stmt *P = PM.getParent(Call);
  while (isa_and_nonnull<ParenExpr, CastExpr, ExprWithCleanups>(P)) {
    Child = P;
    P = PM.getParent(P);
  }
  const VarDecl *VD = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(P);
      DS && DS->isSingleDecl())
    VD = dyn_cast<VarDecl>(DS->getSingleDecl());
  else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
           BO && BO->getOpcode() == BO_Assign && BO->getRHS() == Child)
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      !holdsHandle(VD->getType()))
    return nullptr;
  Keeper = P;
  return VD;
}

/// The `[[noreturn]]` call that ends \p B, if it names its callee.
static const CallExpr *noReturnCall(const CFGBlock *B) {
  for (auto It = B->rbegin(); It != B->rend(); ++It)
    if (std::optional<CFGStmt> CS = It->getAs<CFGStmt>())
      if (const auto *Call = dyn_cast<CallExpr>(CS->getStmt()))
        if (const FunctionDecl *Callee = calleeOf(Call);
            Callee && Callee->isNoReturn())
          return Call;
  return nullptr;
}

void Analyzer::run(llvm::SmallVectorImpl<Finding> &Findings) {
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd();
  Opts.AddImplicitDtors = false;
  Opts.AddInitializers = true;
  Graph = CFG::buildCFG(FD, FD->getBody(), &Ctx, Opts);
  if (!Graph)
    return;
  PM = std::make_unique<ParentMap>(FD->getBody());
  findCorrelatedBranches();
  // Code that no path reaches never creates anything: the branch that a
  // constant condition rules out (`if (USE_CUBLAS) ... else cudaMalloc(...)`
  // with `#define USE_CUBLAS true`, `if (false)`), whose edge the CFG prunes.
  // A `catch` handler is entered by a throw, which the CFG does not draw:
  // it is a start of its own.
  llvm::SmallPtrSet<const CFGBlock *, 32> Reachable;
  llvm::SmallVector<const CFGBlock *, 16> Work{&Graph->getEntry()};
  for (const CFGBlock *B : *Graph)
    if (isa_and_nonnull<CXXCatchStmt>(B->getLabel()))
      Work.push_back(B);
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (!Reachable.insert(B).second)
      continue;
    for (const CFGBlock *Succ : B->succs())
      if (Succ)
        Work.push_back(Succ);
  }
  for (const CFGBlock *B : *Graph) {
    if (!Reachable.contains(B))
      continue;
    for (unsigned I = 0, E = B->size(); I != E; ++I) {
      std::optional<CFGStmt> CS = (*B)[I].getAs<CFGStmt>();
      if (!CS)
        continue;
      const auto *Call = dyn_cast<CallExpr>(CS->getStmt());
      if (!Call)
        continue;
      if (const CreatorInfo *CI = creatorInfo(calleeOf(Call))) {
        if (std::optional<Handle> H = handleOf(Call, *CI))
          walk({Call, CI, *H, statusVarOf(Call, *PM)}, B, I + 1, Findings);
        continue;
      }
      // An allocation helper's result, kept in a local: the walk starts
      // after the statement that keeps it.
      const CreatorInfo *CI = helperCreation(Call, Index, Ctx);
      if (!CI)
        continue;
      const Stmt *Keeper = nullptr;
      const VarDecl *Var = resultVar(Call, *PM, Keeper);
      if (!Var)
        continue;
      for (unsigned J = I + 1; J != E; ++J)
        if (std::optional<CFGStmt> KS = (*B)[J].getAs<CFGStmt>();
            KS && KS->getStmt() == Keeper) {
          Handle H;
          H.Var = Var;
          walk({Call, CI, H, nullptr}, B, J + 1, Findings);
          break;
        }
    }
  }
}

void Analyzer::walk(const Site &S, const CFGBlock *Start, unsigned StartIdx,
                    llvm::SmallVectorImpl<Finding> &Findings) {
  struct State {
    const CFGBlock *Block;
    unsigned Idx;
    bool StatusValid;
    const CFGBlock *From; // the predecessor, to name the exit
    /// A loop's condition reached from before the loop: the walk assumes
    /// that a loop runs at least once (`for (i...) cudaStreamDestroy(s[i])`
    /// releases what `for (i...) cudaStreamCreate(&s[i])` created).
    bool EnteringLoop;
    /// Correlated conditions this path has decided (bits of BranchBit),
    /// and which of them it took as true.
    uint32_t Known, Value;
    /// Correlated switches this path has decided, and the values of the
    /// case labels it took (several for `case A: case B:`).
    uint8_t SwKnown;
    std::array<llvm::SmallVector<int64_t, 2>, MaxSlots> SwVal;
    /// What this path assumed of functions of other files (`gpuleak check`).
    llvm::SmallVector<Assumption, 2> Assumed;
  };
  // The correlated branches that lead to the creation, up its chain of
  // single predecessors: `if (c) cudaMalloc(&p, n); ... if (c) cudaFree(p);`
  uint32_t Known0 = 0, Value0 = 0;
  uint8_t SwKnown0 = 0;
  std::array<llvm::SmallVector<int64_t, 2>, MaxSlots> SwVal0;
  const CFGBlock *Cur = Start;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    if (caseValue(Cur)) {
      caseDecision(Cur, SwKnown0, SwVal0);
      break;
    }
    const CFGBlock *Pred = singleReachablePred(Cur);
    if (!Pred)
      break;
    if (uint32_t Bit = BranchBit.lookup(Pred); Bit && !(Known0 & Bit)) {
      Known0 |= Bit;
      if (Pred->succ_begin()->getReachableBlock() == Cur)
        Value0 |= Bit; // the true branch comes first
    }
    Cur = Pred;
  }
  llvm::SmallVector<State, 16> Stack{{Start, StartIdx, S.StatusVar != nullptr,
                                      nullptr, false, Known0, Value0,
                                      SwKnown0, SwVal0, {}}};
  // Visited states: block, flags and decisions.
  llvm::DenseSet<std::tuple<const CFGBlock *, unsigned, uint64_t, uint64_t>>
      Seen;
  std::optional<Finding> First;
  // Every exit that leaks it, one loss each (the first path found to it),
  // in the order found: the finding names each. Under `gpuleak check`, also
  // those that rest on assumptions about functions of other files (at most
  // 8), settled by the project step.
  std::vector<Finding> Exits;
  bool Handled = false; // some path releases it or hands it on
  unsigned Steps = 0;
  const ResKind Kind = S.Creator->Kind;
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallVector<Assumption, 2> Assumed; // the current path's
  auto ExitPlace = [&](const Finding &F) {
    return F.Where ? SM.getExpansionLoc(F.Where->getBeginLoc())
                   : SourceLocation();
  };
  auto Lost = [&](Finding F, std::optional<Assumption> Extra = std::nullopt) {
    // After a loss by an overwrite, or a wrong release, that loss is
    // reported alone.
    if (First && First->How != Finding::Exit)
      return;
    F.Assumed = Assumed;
    if (Extra)
      F.Assumed.push_back(*Extra);
    if (F.How == Finding::Exit) {
      auto Same = llvm::find_if(Exits, [&](const Finding &E) {
        return ExitPlace(E) == ExitPlace(F);
      });
      if (Same != Exits.end()) {
        // A path to the same exit that assumes nothing is the stronger one.
        if (!Same->Assumed.empty() && F.Assumed.empty())
          *Same = F;
      } else if (F.Assumed.empty() ||
                 llvm::count_if(Exits, [&](const Finding &E) {
                   return !E.Assumed.empty() &&
                          E.AssumedThrow == (Extra.has_value());
                 }) < 8) {
        // At most 8 exits that rest on assumptions, counted apart for the
        // calls only assumed to throw (one per call of another file) and
        // the exits the path surely takes (a return): the first must not
        // crowd out the second, which the summaries settle more often.
        F.AssumedThrow = Extra.has_value();
        Exits.push_back(F);
      }
    }
    if (!First && F.Assumed.empty())
      First = F;
  };
  // A call of a function of another file: its index summary, or null.
  auto ElsewhereSummary = [&](const FunctionDecl *Callee) {
    return summaryElsewhere(Callee, Index, SM);
  };

  while (!Stack.empty()) {
    if (++Steps > 20000)
      return; // too many paths: say nothing rather than guess
    State St = Stack.pop_back_val();
    const CFGBlock *B = St.Block;
    Assumed = St.Assumed;
    if (B == &Graph->getExit()) {
      if (!ExitsLeak)
        continue;
      const Stmt *Where = nullptr;
      if (St.From)
        for (auto It = St.From->rbegin(); It != St.From->rend(); ++It)
          if (std::optional<CFGStmt> CS = It->getAs<CFGStmt>())
            if (isa<ReturnStmt, CXXThrowExpr>(CS->getStmt())) {
              Where = CS->getStmt();
              break;
            }
      if (isa_and_nonnull<CXXThrowExpr>(Where) && !throwLeaves(Where))
        continue;
      Lost({S.Call, S.Creator, S.H, Finding::Exit, false, Where, {}});
      continue;
    }
    // A path through a `[[noreturn]]` call that throws (TORCH_CHECK's
    // c10::detail::torchCheckFail, a project's throwing CUDA_CHECK handler)
    // leaves the function as a `throw` does; one that does not throw ends
    // the process. In `main`, under CheckMainExit, `exit()` ends it as a
    // return does (below).
    const CallExpr *NoReturn =
        B->hasNoReturnElement() ? noReturnCall(B) : nullptr;
    const bool Throws =
        NoReturn && Thrower.mayThrow(calleeOf(NoReturn));
    // Under `gpuleak check`, a `[[noreturn]]` function of another file may
    // throw (cuframe's throw_cuda_error): the project step decides.
    const bool AssumeThrows =
        Deferred && NoReturn && !Throws &&
        definedElsewhere(calleeOf(NoReturn), SM);
    const bool MainExits = ExitsLeak && FD->isMain();
    if (B->hasNoReturnElement() &&
        (Throws || AssumeThrows ? !throwLeaves(NoReturn, &S.H) : !MainExits))
      continue;
    bool Ended = false;
    bool StatusValid = St.StatusValid;
    uint32_t Known = St.Known, Value = St.Value;
    uint8_t SwKnown = St.SwKnown;
    for (unsigned I = St.Idx, E = B->size(); I != E && !Ended; ++I) {
      std::optional<CFGStmt> CS = (*B)[I].getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *Elem = CS->getStmt();
      // A write to a variable of a decided condition undecides it.
      if (Known || SwKnown)
        if (const auto *DRE = dyn_cast<DeclRefExpr>(Elem))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
            uint32_t Bits = VarBits.lookup(VD);
            uint8_t Slots = VarSlots.lookup(VD);
            if ((Bits || Slots) && !onlyReads(DRE)) {
              Known &= ~Bits;
              Value &= Known;
              SwKnown &= ~Slots;
            }
          }
      // A new value for the status variable ends what it says about us.
      if (StatusValid && S.StatusVar) {
        if (const auto *BO = dyn_cast<BinaryOperator>(Elem);
            BO && BO->isAssignmentOp())
          if (const auto *DRE =
                  dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
              DRE && DRE->getDecl() == S.StatusVar &&
              BO->getRHS()->IgnoreParenImpCasts() != S.Call)
            StatusValid = false;
      }
      // A call that may throw (C10_CUDA_CHECK, a project's checking helper)
      // leaves the function on its throwing path, unless it only checks
      // this creation's own status: then it throws when nothing was created.
      if (const auto *Call = dyn_cast<CallExpr>(Elem);
          Call && !isa<CUDAKernelCallExpr>(Call))
        if (const FunctionDecl *Callee = calleeOf(Call);
            Callee && !Callee->isNoReturn()) {
          const bool Elsewhere = definedElsewhere(Callee, SM);
          const FunctionSummary *Sum =
              Elsewhere ? ElsewhereSummary(Callee) : nullptr;
          // A function of another file that ends the process: the path
          // ends there, holding nothing that outlives the process.
          if (Sum && Sum->EndsProcess) {
            Ended = true;
            break;
          }
          if (throwLeaves(Call, &S.H) &&
              !mentionsStatus(Call, S, StatusValid)) {
            if (Thrower.mayThrow(Callee)) {
              Finding F{S.Call, S.Creator, S.H,  Finding::Exit, false,
                        Call,   {},        /*ThrowingCall=*/true};
              if (Sum && Sum->Throws) {
                F.ThrowsElsewhere = Callee;
                F.ThrowsSummary = Sum;
              }
              Lost(F);
            } else if (Deferred && Elsewhere) {
              Lost({S.Call, S.Creator, S.H, Finding::Exit, false, Call, {},
                    /*ThrowingCall=*/true},
                   Assumption{Assumption::Throws, Call});
            }
          }
          // The rest of the path assumes that it returns (past 6
          // assumptions, it is taken to, as without the index).
          if (Deferred && Elsewhere && Assumed.size() < 6 &&
              llvm::none_of(Assumed, [&](const Assumption &A) {
                return A.K == Assumption::Returns &&
                       calleeOf(A.Call)->getCanonicalDecl() ==
                           Callee->getCanonicalDecl();
              }))
            Assumed.push_back({Assumption::Returns, Call});
        }
      const Expr *Ref = handleRef(Elem, S.H);
      if (!Ref)
        continue;
      Use U = Classifier.classify(*PM, Ref, Kind, S.H, 0);
      switch (U.Kind) {
      case UseKind::None:
        break;
      case UseKind::Release:
      case UseKind::Escape:
        Handled = true;
        Ended = true;
        break;
      case UseKind::Elsewhere:
        // Handed to a function of another file: the path goes on as if it
        // only read it, and says so (`gpuleak check` settles it).
        Handled = true;
        if (Assumed.size() >= 6) {
          Ended = true; // too much assumed: handed on, as without the index
          break;
        }
        Assumed.push_back(
            {Assumption::ReadsOnly, cast<CallExpr>(U.Releaser), U.Param});
        break;
      case UseKind::WrongRelease:
        Handled = true;
        Ended = true;
        Findings.push_back({S.Call, S.Creator, S.H, Finding::WrongApi, false,
                            U.Releaser, U.ReleaserName});
        break;
      case UseKind::Overwrite:
        Lost({S.Call, S.Creator, S.H, Finding::Overwritten, false, U.Releaser,
              {}});
        Ended = true;
        break;
      case UseKind::Recreate:
        if (S.H.IsArray)
          break; // another element, most likely
        Lost({S.Call, S.Creator, S.H, Finding::Overwritten, false, U.Releaser,
              {}});
        Ended = true;
        break;
      }
    }
    if (Ended)
      continue;
    if (B->hasNoReturnElement()) {
      if (Throws) {
        Finding F{S.Call, S.Creator, S.H, Finding::Exit, false, NoReturn, {},
                  /*ThrowingCall=*/true};
        if (const FunctionSummary *Sum =
                ElsewhereSummary(calleeOf(NoReturn));
            Sum && Sum->Throws) {
          F.ThrowsElsewhere = calleeOf(NoReturn);
          F.ThrowsSummary = Sum;
        }
        Lost(F);
        continue;
      }
      if (AssumeThrows) {
        Lost({S.Call, S.Creator, S.H, Finding::Exit, false, NoReturn, {},
              /*ThrowingCall=*/true},
             Assumption{Assumption::Throws, NoReturn});
        continue;
      }
      // `exit()` (`quick_exit`, `_Exit`) leaves `main` with the resource
      // still held: the same leak as a return. `abort()` and the like are
      // not exits of main's.
      const FunctionDecl *Callee =
          NoReturn ? calleeOf(NoReturn) : nullptr;
      if (Callee && Callee->getIdentifier() &&
          llvm::is_contained({"exit", "quick_exit", "_Exit", "_exit"},
                             Callee->getName()))
        Lost({S.Call, S.Creator, S.H, Finding::Exit, false, NoReturn, {}});
      continue;
    }
    // Successors, pruned by what the branch says about the resource.
    std::optional<bool> AbsentIfTrue;
    if (const Expr *CondE = branchCondition(B)) {
          AbsentIfTrue = trueMeansAbsent(CondE, S, StatusValid);
          // A test of the status that we cannot read, such as
          // `if (!succeeded(cudaMalloc(&p, n)))`: one branch is the failure,
          // and we do not know which. Say nothing about this resource.
      if (!AbsentIfTrue && mentionsStatus(CondE, S, StatusValid))
        return;
    }
    const uint32_t Bit = BranchBit.lookup(B);
    // A correlated switch already decided: only the case taken before, or
    // the successors without a case label (default, none matched) if no
    // case has that value.
    std::optional<unsigned> Slot;
    bool CaseMatches = false;
    auto Taken = [&](std::optional<int64_t> V) {
      return V && llvm::is_contained(St.SwVal[*Slot], *V);
    };
    if (auto It = SwitchSlot.find(B); It != SwitchSlot.end()) {
      Slot = It->second;
      if (SwKnown & (1U << *Slot))
        for (const CFGBlock::AdjacentBlock &Adj : B->succs())
          if (const CFGBlock *Succ = Adj.getReachableBlock())
            CaseMatches |= Taken(caseValue(Succ));
    }
    for (unsigned I = B->succ_size(); I-- > 0;) {
      const CFGBlock *Succ = B->succ_begin()[I].getReachableBlock();
      if (!Succ)
        continue;
      if (AbsentIfTrue && I == (*AbsentIfTrue ? 0U : 1U))
        continue;
      if (St.EnteringLoop && I == 1)
        continue; // the loop's exit, before its first iteration
      uint8_t SuccSwKnown = SwKnown;
      std::array<llvm::SmallVector<int64_t, 2>, MaxSlots> SuccSwVal = St.SwVal;
      if (Slot) {
        std::optional<int64_t> V = caseValue(Succ);
        if (SwKnown & (1U << *Slot)) {
          if (CaseMatches ? !Taken(V) : V.has_value())
            continue;
        } else if (V) {
          SuccSwKnown |= 1U << *Slot;
          SuccSwVal[*Slot] = {*V};
        }
      }
      uint32_t SuccKnown = Known, SuccValue = Value;
      if (Bit) {
        const bool Taken = I == 0; // the true branch comes first
        if ((Known & Bit) && ((Value & Bit) != 0) != Taken)
          continue; // decided the other way earlier on this path
        SuccKnown |= Bit;
        SuccValue = Taken ? (SuccValue | Bit) : (SuccValue & ~Bit);
      }
      const Stmt *SuccLoop = Succ->getTerminatorStmt();
      bool Entering = SuccLoop &&
                      isa<ForStmt, WhileStmt, CXXForRangeStmt>(SuccLoop) &&
                      Succ->succ_size() == 2 && B->getLoopTarget() != SuccLoop;
      uint64_t SwHash = SuccSwKnown;
      for (const Assumption &A : Assumed)
        SwHash = llvm::hash_combine(SwHash, unsigned(A.K), A.Call, A.Param);
      // The exit is reached once from each block that leaves (each return
      // or throw is a leaking exit of its own, named in a note).
      if (Succ == &Graph->getExit())
        SwHash = llvm::hash_combine(SwHash, B);
      for (unsigned K = 0; K < MaxSlots; ++K)
        if (SuccSwKnown & (1U << K))
          SwHash = llvm::hash_combine(
              SwHash, K,
              llvm::hash_combine_range(SuccSwVal[K].begin(), SuccSwVal[K].end()));
      if (!Seen
               .insert({Succ, unsigned(StatusValid) | unsigned(Entering) << 1,
                        uint64_t(SuccKnown) << 32 | SuccValue, SwHash})
               .second)
        continue;
      Stack.push_back({Succ, 0, StatusValid, B, Entering, SuccKnown, SuccValue,
                       SuccSwKnown, SuccSwVal, Assumed});
    }
  }
  // Re-entering the start block (a loop) is walked from its first element,
  // so the site's own `&p` is seen and reported as an overwrite.
  // A loss by an overwrite that holds whatever other files do is reported
  // alone.
  if (First && First->How != Finding::Exit) {
    First->NeverReleased = !Handled;
    Findings.push_back(*First);
    return;
  }
  // Every leaking exit, in source order (the end of the body last): the
  // first is the finding, the others its alternatives, each with its own
  // note. Under `gpuleak check` the project step keeps each whose
  // assumptions about other files hold.
  if (Exits.empty())
    return;
  // Ties (none: one loss per place) keep the order found: not
  // std::stable_sort, whose temporary buffer libstdc++ 12 builds with a
  // deprecated function.
  llvm::SmallVector<size_t, 4> Order;
  for (size_t I = 0; I < Exits.size(); ++I)
    Order.push_back(I);
  llvm::sort(Order, [&](size_t A, size_t B) {
    SourceLocation LA = ExitPlace(Exits[A]), LB = ExitPlace(Exits[B]);
    if (LA != LB) {
      if (LA.isInvalid() || LB.isInvalid())
        return LB.isInvalid();
      return SM.isBeforeInTranslationUnit(LA, LB);
    }
    return A < B;
  });
  std::vector<Finding> Groups;
  for (size_t I : Order)
    Groups.push_back(Exits[I]);
  Finding F = Groups.front();
  F.Alternatives.assign(Groups.begin() + 1, Groups.end());
  F.NeverReleased = !Handled;
  Findings.push_back(std::move(F));
}

/// A creation into a member of the constructor's own object that a later
/// throw leaks: the destructor does not run for an object whose constructor
/// throws (those of its constructed members and bases do).
struct ConstructorLeak {
  const CallExpr *Creation;
  const CreatorInfo *Creator;
  const FieldDecl *Field;
  const Stmt *Throw;
};

/// The member of the constructor's own class that \p E names (`buf_`,
/// `this->buf_`, through casts), or null.
const FieldDecl *ownMember(const Expr *E, const CXXRecordDecl *Class) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenCasts());
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return F && F->getParent() == Class ? F : nullptr;
}

/// The member expression of the constructor's own class whose handle \p E,
/// a handle argument of a creating API or helper, points to: `&buf_`, and
/// for a smart pointer member the cell it owns (`stream_.get()`,
/// `&*stream_`); or null.
static const MemberExpr *createdMember(const Expr *E,
                                       const CXXRecordDecl *Class) {
  E = E->IgnoreParenCasts();
  const Expr *Target = nullptr;
  if (const auto *Addr = dyn_cast<UnaryOperator>(E);
      Addr && Addr->getOpcode() == UO_AddrOf) {
    Target = Addr->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Target);
        Op && Op->getOperator() == OO_Star && Op->getNumArgs() == 1 &&
        isSmartPointer(Op->getArg(0)->IgnoreParenImpCasts()->getType()))
      Target = Op->getArg(0)->IgnoreParenImpCasts();
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    const Expr *Obj = MC->getImplicitObjectArgument();
    if (MD && MD->getIdentifier() && MD->getName() == "get" && Obj &&
        isSmartPointer(Obj->IgnoreParenImpCasts()->getType()))
      Target = Obj->IgnoreParenImpCasts();
  }
  if (!Target || !ownMember(Target, Class))
    return nullptr;
  return cast<MemberExpr>(Target->IgnoreParenCasts());
}

/// The creating API that \p FD, a function of the project defined in this
/// file, calls on the handle its parameter \p Param points to
/// (`inline void make_stream(cudaStream_t *s) { check(cudaStreamCreate(s));
/// }`): every use of the parameter is the handle argument of a creating
/// call, of one API; or null.
static const CreatorInfo *createsThroughParam(const FunctionDecl *FD,
                                              unsigned Param,
                                              ASTContext &Ctx) {
  FD = FD ? FD->getDefinition() : nullptr;
  if (!FD || !FD->getBody() || Param >= FD->getNumParams() ||
      isCudaApiName(apiName(FD)) ||
      Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
    return nullptr;
  const ParmVarDecl *P = FD->getParamDecl(Param);
  if (!P->getType()->isPointerType())
    return nullptr;
  static constexpr char RefId[] = "ref";
  auto Refs = match(findAll(declRefExpr(to(equalsNode(P))).bind(RefId)),
                    *FD->getBody(), Ctx);
  ParentMap PM(FD->getBody());
  const CreatorInfo *Found = nullptr;
  for (const auto &M : Refs) {
    const Stmt *Child = nullptr;
    const auto *Call = dyn_cast_or_null<CallExpr>(
        skipWrappers(PM, M.getNodeAs<DeclRefExpr>(RefId), Child));
    const CreatorInfo *CI = Call ? creatorInfo(calleeOf(Call)) : nullptr;
    if (!CI || CI->ByValue || !CI->Field.empty() ||
        CI->HandleArg >= Call->getNumArgs() ||
        Call->getArg(CI->HandleArg) != Child || (Found && Found != CI))
      return nullptr;
    Found = CI;
  }
  return Found;
}

/// Walks a constructor's body in order: creations into its own members
/// (by a creating API, or a helper of this file that creates into what its
/// argument points to), the places that throw out of it (a `throw`, a call
/// that may throw; not inside a lambda, nor inside a `try` block unless its
/// every handler throws again and touches nothing of the object), and the
/// uses of members that release or hand them on.
class ConstructorWalk : public RecursiveASTVisitor<ConstructorWalk> {
public:
  /// \p Class: the constructor's class (or, for a set-up method that a
  /// constructor calls, the method's).
  ConstructorWalk(const CXXRecordDecl *Class, const ParentMap &PM,
                  ThrowClassifier &Thrower, ASTContext &Ctx)
      : Class(Class), PM(PM), Thrower(Thrower), Ctx(Ctx) {}

  bool TraverseCXXTryStmt(CXXTryStmt *Try) {
    if (handlersRethrow(Try, [](const Stmt *S) { return isa<CXXThisExpr>(S); }))
      TraverseStmt(Try->getTryBlock());
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  bool VisitCXXThrowExpr(CXXThrowExpr *T) {
    Throws.push_back(T);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = calleeOf(Call);
    if (const CreatorInfo *CI = creatorInfo(Callee);
        CI && CI->Field.empty() && CI->HandleArg < Call->getNumArgs()) {
      const Expr *Arg = Call->getArg(CI->HandleArg)->IgnoreParenCasts();
      if (const auto *Addr = dyn_cast<UnaryOperator>(Arg);
          !CI->ByValue && Addr && Addr->getOpcode() == UO_AddrOf)
        Arg = Addr->getSubExpr();
      if (const FieldDecl *F = ownMember(Arg, Class))
        Creations.push_back({Call, CI, F});
      else if (const MemberExpr *ME =
                   createdMember(Call->getArg(CI->HandleArg), Class)) {
        // The cell a smart pointer member owns (`stream_.get()`).
        Creations.push_back({Call, CI, cast<FieldDecl>(ME->getMemberDecl())});
        CreationArgs.insert(ME);
      }
      return true;
    }
    // A helper that creates into what its argument points to
    // (`make_stream(stream_.get())`, `make_stream(&stream_)`).
    if (Callee && !isCudaApiName(apiName(Callee)))
      for (unsigned I = 0, E = Call->getNumArgs(); I != E; ++I)
        if (const MemberExpr *ME = createdMember(Call->getArg(I), Class))
          if (const CreatorInfo *CI = createsThroughParam(Callee, I, Ctx)) {
            Creations.push_back(
                {Call, CI, cast<FieldDecl>(ME->getMemberDecl())});
            CreationArgs.insert(ME);
          }
    if (Callee && !isCudaApiName(apiName(Callee)) &&
        Thrower.mayThrow(Callee))
      Throws.push_back(Call);
    return true;
  }

  bool VisitMemberExpr(MemberExpr *ME) {
    const FieldDecl *F = ownMember(ME, Class);
    if (!F || CreationArgs.contains(ME))
      return true;
    const Stmt *Child = nullptr;
    const Stmt *P = skipWrappers(PM, ME, Child);
    if (const auto *Addr = dyn_cast_or_null<UnaryOperator>(P);
        Addr && Addr->getOpcode() == UO_AddrOf)
      P = skipWrappers(PM, Addr, Child); // the handle argument of a creation
    bool Keeps = isa_and_nonnull<ReturnStmt, DeclStmt, CXXConstructExpr,
                                 InitListExpr>(P);
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
      Keeps = BO->isAssignmentOp() && BO->getRHS() == Child;
    if (const auto *Call = dyn_cast_or_null<CallExpr>(P);
        Call && Call->getCallee() != Child && !isa<CUDAKernelCallExpr>(Call))
      Keeps = !creatorInfo(calleeOf(Call)) &&
              (releaserInfo(calleeOf(Call)) ||
               !isCudaApiName(apiName(calleeOf(Call))));
    if (Keeps)
      Kept.push_back({F, ME});
    return true;
  }

  // Writes to a local or a member of the object: assigned, incremented or
  // with its address taken (`st = cudaMemset(...)`, `&buf_`).
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      addWrite(BO->getLHS(), BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf || UO->isIncrementDecrementOp())
      addWrite(UO->getSubExpr(), UO);
    return true;
  }

  struct Creation {
    const CallExpr *Call;
    const CreatorInfo *Creator;
    const FieldDecl *Field;
  };
  llvm::SmallVector<Creation, 4> Creations;
  llvm::SmallVector<const Stmt *, 4> Throws;
  llvm::SmallVector<std::pair<const FieldDecl *, const Stmt *>, 4> Kept;
  llvm::SmallVector<std::pair<const ValueDecl *, const Stmt *>, 8> Writes;

private:
  void addWrite(const Expr *Target, const Stmt *At) {
    if (const FieldDecl *F = ownMember(Target, Class))
      Writes.push_back({F, At});
    else if (const auto *DRE =
                 dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
      Writes.push_back({DRE->getDecl(), At});
  }

  const CXXRecordDecl *Class;
  const ParentMap &PM;
  ThrowClassifier &Thrower;
  ASTContext &Ctx;
  /// The members named in a creation's handle argument through a smart
  /// pointer or a helper (`stream_.get()`): the creation itself, not a use
  /// that hands them on.
  llvm::SmallPtrSet<const MemberExpr *, 4> CreationArgs;
};

/// Whether \p T, a throw or throwing call of a constructor after creation
/// \p C, runs only when the creation failed: under a branch on the
/// creation's status or on the member's null test, or a call checking the
/// status (`PX_CHECK(st == CUBLAS_STATUS_SUCCESS)`, `if (buf_ == nullptr)
/// throw ...;`, `check(st)`), with neither the status variable nor the
/// member written since the creation's statement \p End.
static bool onFailedCreation(const Stmt *T, const ConstructorWalk &W,
                             const ConstructorWalk::Creation &C,
                             SourceLocation End, const Stmt *Body,
                             const ParentMap &PM, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  };
  // Whether \p D keeps the creation's value up to \p At.
  auto Unwritten = [&](const ValueDecl *D, SourceLocation At) {
    return llvm::none_of(W.Writes, [&](const auto &Wr) {
      return Wr.first == D && Before(End, Wr.second->getBeginLoc()) &&
             Before(Wr.second->getBeginLoc(), At);
    });
  };
  const VarDecl *StatusVar = statusVarOf(C.Call, PM);
  auto IsStatusAt = [&](const Expr *E, SourceLocation At) {
    E = withoutStatusAssign(E);
    if (E == C.Call)
      return true;
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return StatusVar && DRE && DRE->getDecl() == StatusVar &&
           Unwritten(StatusVar, At);
  };
  const auto *Class = cast<CXXRecordDecl>(C.Field->getParent());
  auto IsHandleAt = [&](const Expr *E, SourceLocation At) {
    return ownMember(E, Class) == C.Field && Unwritten(C.Field, At);
  };
  // A checking call handed the status throws when the creation failed.
  if (const auto *Call = dyn_cast<CallExpr>(T))
    for (const Expr *Arg : Call->arguments())
      if (IsStatusAt(Arg, T->getBeginLoc()))
        return true;
  // Whether taking \p Branch of \p Cond means the creation failed.
  std::function<bool(const Expr *, bool)> Absent = [&](const Expr *Cond,
                                                       bool Branch) {
    Cond = withoutExpect(Cond)->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
      // `a && b` true: both hold; `a || b` false: neither holds.
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr)
        return Branch == (BO->getOpcode() == BO_LAnd) &&
               (Absent(BO->getLHS(), Branch) || Absent(BO->getRHS(), Branch));
    }
    SourceLocation At = Cond->getBeginLoc();
    std::optional<bool> TrueAbsent = absentIfTrue(
        Cond, [&](const Expr *E) { return IsStatusAt(E, At); },
        [&](const Expr *E) { return IsHandleAt(E, At); }, Ctx);
    return TrueAbsent && *TrueAbsent == Branch;
  };
  for (const Stmt *Child = T, *P = PM.getParent(T); P && P != Body;
       Child = P, P = PM.getParent(P)) {
    const auto *If = dyn_cast<IfStmt>(P);
    if (!If || !Before(End, If->getBeginLoc()) || Child == If->getCond())
      continue;
    if (Absent(If->getCond(), Child == If->getThen()))
      return true;
  }
  return false;
}

/// The creations into members of \p Ctor's own object that a throw after
/// the statement holding them leaks, with nothing releasing or handing the
/// member on in between. A throw in the statement of the creation itself is
/// its own failure check (`if (cudaMalloc(&buf_, n)) throw ...;`,
/// `CUDA_CHECK(cudaMalloc(&buf_, n))`): nothing was created then.
void constructorLeaks(const CXXMethodDecl *Ctor, ASTContext &Ctx,
                      ThrowClassifier &Thrower,
                      llvm::SmallVectorImpl<ConstructorLeak> &Out) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Ctor->getBody());
  if (!Body || declaredNoThrow(Ctor))
    return;
  ParentMap PM(const_cast<CompoundStmt *>(Body));
  ConstructorWalk W(Ctor->getParent(), PM, Thrower, Ctx);
  W.TraverseStmt(const_cast<CompoundStmt *>(Body));
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  };
  for (const auto &C : W.Creations) {
    // The statement of the body's innermost block that holds the creation.
    const Stmt *Holder = C.Call;
    for (const Stmt *P = PM.getParent(Holder); P && !isa<CompoundStmt>(P);
         P = PM.getParent(P))
      Holder = P;
    SourceLocation End = SM.getExpansionRange(Holder->getEndLoc()).getEnd();
    for (const Stmt *T : W.Throws) {
      if (!Before(End, T->getBeginLoc()) ||
          onFailedCreation(T, W, C, End, Body, PM, Ctx))
        continue;
      if (llvm::any_of(W.Kept, [&](const auto &K) {
            return K.first == C.Field && Before(C.Call->getBeginLoc(),
                                                K.second->getBeginLoc()) &&
                   Before(K.second->getBeginLoc(), T->getBeginLoc());
          }))
        break;
      Out.push_back({C.Call, C.Creator, C.Field, T});
      break;
    }
  }
}

/// The name of a creating call's function as the code spells it: a library
/// macro that only renames the function (cuBLAS's `#define cublasCreate
/// cublasCreate_v2`) gives its own name, which the user wrote and the docs and
/// the release advice use; otherwise the function's name.
static DeclarationName writtenCallee(const CallExpr *Call) {
  const FunctionDecl *FD = calleeOf(Call);
  ASTContext &Ctx = FD->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = Call->getCallee()->IgnoreParenImpCasts()->getExprLoc();
  while (L.isMacroID() && SM.isMacroArgExpansion(L))
    L = SM.getImmediateSpellingLoc(L);
  if (!L.isMacroID() || !SM.isInSystemHeader(SM.getSpellingLoc(L)))
    return FD->getDeclName();
  // An object-like macro's use is its one name token; a function-like
  // macro's call spans its arguments too, and is no rename.
  CharSourceRange Use = SM.getImmediateExpansionRange(L);
  if (Use.getBegin() != Use.getEnd())
    return FD->getDeclName();
  StringRef Macro = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
  if (Macro.empty())
    return FD->getDeclName();
  return DeclarationName(&Ctx.Idents.get(Macro));
}

/// The notes of a loss through an exit (\p F, or one of its alternatives):
/// where it leaves, and what it rests on in other files.
static void exitNotes(GpuLeakCheck &Check, const Analyzer::Finding &F,
                      const FunctionDecl *FD, ASTContext &Ctx) {
  auto diag = [&](SourceLocation L, StringRef Text, DiagnosticIDs::Level Lvl) {
    return Check.diag(L, Text, Lvl);
  };
  SourceManager &SM = Ctx.getSourceManager();
  if (!F.Where) {
    if (const auto *Body = dyn_cast<CompoundStmt>(FD->getBody()))
      diag(Body->getRBracLoc(), "leaked at the end of %0", DiagnosticIDs::Note)
          << FD;
  } else {
    diag(SM.getExpansionLoc(F.Where->getBeginLoc()),
         isa<CXXThrowExpr>(F.Where) || F.ThrowingCall
             ? "leaked when this throws"
         : isa<CallExpr>(F.Where) ? "leaked when this exits the process"
                                  : "leaked when this returns",
         DiagnosticIDs::Note);
  }
  // The throw in another file, by the project index.
  if (F.ThrowsElsewhere && F.ThrowsSummary && F.ThrowsSummary->Throws)
    if (SourceLocation L = locationOf(*F.ThrowsSummary->Throws, SM);
        L.isValid())
      diag(L, ElsewhereThrowsNote, DiagnosticIDs::Note) << F.ThrowsElsewhere;
  for (const Analyzer::Assumption &A : F.Assumed) {
    const FunctionDecl *Callee = calleeOf(A.Call);
    SourceLocation L = SM.getExpansionLoc(A.Call->getBeginLoc());
    switch (A.K) {
    case Analyzer::Assumption::Throws:
      diag(L, AssumedThrowsNote, DiagnosticIDs::Note) << Callee;
      break;
    case Analyzer::Assumption::ReadsOnly:
      diag(L, AssumedReadsOnlyNote, DiagnosticIDs::Note)
          << Callee << (A.Param + 1);
      break;
    case Analyzer::Assumption::Returns:
      diag(L, AssumedReturnsNote, DiagnosticIDs::Note) << Callee;
      break;
    }
  }
}

} // namespace

CudaUnreleasedCheck::CudaUnreleasedCheck(StringRef Name,
                                         ClangTidyContext *Context)
    : GpuLeakCheck(Name, Context),
      CheckMainExit(Options.get("CheckMainExit", false)), TidyContext(Context),
      IndexOption(Options.getLocalOrGlobal("GpuleakIndex", "")) {}

void CudaUnreleasedCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "CheckMainExit", CheckMainExit);
}

void CudaUnreleasedCheck::registerMatchers(MatchFinder *Finder) {
  static const std::vector<StringRef> Names(cuda::creatorNames().begin(),
                                               cuda::creatorNames().end());
  // Also in a template with dependent arguments, where the call names the
  // API unresolved (calleeOf()).
  auto CreatingCall = callExpr(anyOf(
      callee(functionDecl(hasAnyName(Names))),
      callee(unresolvedLookupExpr(hasAnyDeclaration(namedDecl(hasAnyName(Names)))))));
  // Functions first, then a search of their bodies; device functions run
  // no host API (and are skipped when the device side is parsed). A body
  // with errors (a missing header) has holes in its CFG: say nothing.
  Finder->addMatcher(functionDecl(isDefinition(), unless(isDeviceOnly()),
                                  hasBody(hasDescendant(CreatingCall)),
                                  unless(hasBody(hasDescendant(
                                      expr(containsErrors())))))
                         .bind(FuncId),
                     this);
  // Functions that call a function of the project returning a pointer, and
  // no creating API: an allocation helper's result kept in a local
  // (`float *d = (float *)cuda_alloc(n);`) is followed as a creation, which
  // check() decides from the helper's body or its summary.
  auto PointerFromProject = callExpr(callee(functionDecl(
      returns(pointerType()), unless(isExpansionInSystemHeader()))));
  Finder->addMatcher(functionDecl(isDefinition(), unless(isDeviceOnly()),
                                  hasBody(hasDescendant(PointerFromProject)),
                                  unless(hasBody(hasDescendant(CreatingCall))),
                                  unless(hasBody(hasDescendant(
                                      expr(containsErrors())))))
                         .bind(HelperFnId),
                     this);
  // Constructors that call no creating API but a function of the project
  // that does: a helper that creates into a member through its argument
  // (`make_stream(stream_.get())`), whose later throws are read.
  Finder->addMatcher(
      cxxConstructorDecl(
          isDefinition(), unless(isDeviceOnly()),
          unless(isExpansionInSystemHeader()),
          hasBody(hasDescendant(callExpr(callee(functionDecl(
              unless(isExpansionInSystemHeader()),
              hasBody(hasDescendant(CreatingCall))))))),
          unless(hasBody(hasDescendant(CreatingCall))),
          unless(hasBody(hasDescendant(expr(containsErrors())))))
          .bind(CtorHelperId),
      this);
  static const std::vector<StringRef> ReleaserNames(
      cuda::releaserNames().begin(), cuda::releaserNames().end());
  // Functions that release something: where members are released (a
  // destructor, a destroy function, a helper the destructor calls); and
  // functions that call a getter of a member (`float *out() { return out_;
  // }`), where its result may be handed on and the member with it
  // (CudaClassResources' FactsVisitor). One search of each body for both.
  auto Getter = cxxMethodDecl(hasBody(compoundStmt(
      statementCountIs(1),
      has(returnStmt(hasReturnValue(ignoringParenImpCasts(
          memberExpr(hasObjectExpression(ignoringParenImpCasts(cxxThisExpr()))))))))));
  Finder->addMatcher(
      functionDecl(isDefinition(), unless(isDeviceOnly()),
                   hasBody(hasDescendant(callExpr(anyOf(
                       callee(functionDecl(hasAnyName(ReleaserNames))),
                       cxxMemberCallExpr(callee(Getter)))))),
                   unless(hasBody(hasDescendant(expr(containsErrors())))))
          .bind(ReleaseFnId),
      this);
  static const std::vector<StringRef> Enqueuers = enqueuerNames();
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(Enqueuers))),
               unless(containsErrors()))
          .bind(EnqueueId),
      this);
}

/// The first call of \p MD on the object itself by a constructor of its
/// class that is defined in this translation unit, outside any `try` block
/// (set-up shared by constructors, `initialize()`): an exception out of
/// \p MD there leaves the constructor, and the destructor does not run.
/// Null when there is none (other callers do not matter: the object is
/// complete for them).
static const CXXMemberCallExpr *constructorCall(const CXXMethodDecl *MD,
                                                ASTContext &Ctx) {
  static constexpr char CallId[] = "ctorcall";
  for (const CXXConstructorDecl *Ctor : MD->getParent()->ctors()) {
    const auto *Body = Ctor->getBody();
    if (!Body || declaredNoThrow(Ctor))
      continue;
    ParentMap PM(const_cast<Stmt *>(Body));
    for (const auto &M : match(
             findAll(cxxMemberCallExpr(callee(cxxMethodDecl(equalsNode(MD))),
                                       on(cxxThisExpr()))
                         .bind(CallId)),
             *Body, Ctx)) {
      const auto *Call = M.getNodeAs<CXXMemberCallExpr>(CallId);
      bool InTry = false;
      for (const Stmt *P = PM.getParent(Call); P; P = PM.getParent(P))
        InTry |= isa<CXXTryStmt, LambdaExpr>(P);
      if (!InTry)
        return Call;
    }
  }
  return nullptr;
}

void CudaUnreleasedCheck::checkSetUpThrows(const CXXMethodDecl *MD,
                                           ASTContext &Ctx,
                                           ThrowClassifier &Thrower) {
  if (isa<CXXConstructorDecl, CXXDestructorDecl>(MD) || MD->isStatic() ||
      MD->getParent()->isLambda())
    return;
  if (const CXXMemberCallExpr *Call = constructorCall(MD, Ctx))
    reportConstructorLeaks(MD, Call, Ctx, Thrower);
}

void CudaUnreleasedCheck::reportConstructorLeaks(const CXXMethodDecl *MD,
                                                 const CallExpr *FromCtor,
                                                 ASTContext &Ctx,
                                                 ThrowClassifier &Thrower) {
  llvm::SmallVector<ConstructorLeak, 2> Leaks;
  constructorLeaks(MD, Ctx, Thrower, Leaks);
  for (const ConstructorLeak &L : Leaks) {
    if (!ReportedConstructorThrows.insert(L.Creation->getBeginLoc()).second)
      continue;
    const KindInfo &KI = kindInfo(L.Creator->Kind);
    diag(L.Creation->getBeginLoc(),
         "the %0 %select{allocated|created}1 by %2 into member %3 is leaked "
         "when the constructor of %4 throws, since the destructor does not "
         "run then; release it with '%5' before throwing")
        << KI.Description << (KI.IsMemory ? 0 : 1)
        << writtenCallee(L.Creation) << L.Field << MD->getParent()
        << advisedReleaser(*L.Creator);
    diag(Ctx.getSourceManager().getExpansionLoc(L.Throw->getBeginLoc()),
         "leaked when this throws", DiagnosticIDs::Note);
    if (FromCtor)
      diag(FromCtor->getBeginLoc(), "%0 is called by a constructor here",
           DiagnosticIDs::Note)
          << MD;
  }
}

/// A thread-local variable of the function itself (`static thread_local
/// cudaStream_t s;`) that a creating call of \p FD creates into: one
/// resource per thread, which no code can reach once the thread ends. Only
/// the function names it, so its body says everything: reported when no
/// call releases it and it is used only as the handle argument of CUDA
/// calls (`cublasSetStream(h, s)`), tested, or returned (a getter that
/// lends it: OpenNMT/CTranslate2 `src/cuda/utils.cc:45`, twenty-first
/// labelled set, fixed upstream by destroying the handles on thread exit).
void CudaUnreleasedCheck::checkThreadLocals(const FunctionDecl *FD,
                                            ASTContext &Ctx) {
  const Stmt *Body = FD->getBody();
  if (!Body)
    return;
  static constexpr char CallId[] = "tlcall", VarId[] = "tlvar";
  std::optional<ParentMap> PM;
  for (const auto &M :
       match(findAll(callExpr(hasAnyArgument(ignoringParenImpCasts(
                                  unaryOperator(
                                      hasOperatorName("&"),
                                      hasUnaryOperand(ignoringParenImpCasts(
                                          declRefExpr(to(varDecl().bind(VarId)))))))))
                         .bind(CallId)),
             *Body, Ctx)) {
    const auto *Call = M.getNodeAs<CallExpr>(CallId);
    const auto *VD = M.getNodeAs<VarDecl>(VarId);
    const CreatorInfo *CI = cuda::findCreator(apiName(calleeOf(Call)));
    if (!CI || CI->HandleArg >= Call->getNumArgs() || !VD->isStaticLocal() ||
        VD->getTLSKind() == VarDecl::TLS_None ||
        VD->getDeclContext() != FD ||
        Reported.count(Call->getBeginLoc()))
      continue;
    const auto *Addr = dyn_cast<UnaryOperator>(
        Call->getArg(CI->HandleArg)->IgnoreParenImpCasts());
    if (!Addr || !isa<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenImpCasts()) ||
        cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenImpCasts())->getDecl() !=
            VD)
      continue;
    // Every other use of the variable: an argument of a CUDA call that is
    // not a release (its handle used), a test, or a return.
    bool Lost = true;
    if (!PM)
      PM.emplace(const_cast<Stmt *>(Body));
    for (const auto &R : match(findAll(declRefExpr(to(equalsNode(VD))).bind(VarId)),
                               *Body, Ctx)) {
      const Stmt *Use = R.getNodeAs<DeclRefExpr>(VarId);
      const Stmt *P = PM->getParent(Use);
      while (P && isa<ImplicitCastExpr, ParenExpr>(P))
        Use = P, P = PM->getParent(P);
      if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P);
          UO && UO->getOpcode() == UO_AddrOf && PM->getParent(UO) == Call)
        continue; // the creation
      if (isa_and_nonnull<ReturnStmt>(P))
        continue;
      if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P);
          UO && UO->getOpcode() == UO_LNot)
        continue;
      if (const auto *Use2 = dyn_cast_or_null<CallExpr>(P)) {
        const FunctionDecl *Callee = calleeOf(Use2);
        if (Callee && isCudaApiName(apiName(Callee)) && !releaserInfo(Callee) &&
            !cuda::findCreator(apiName(Callee)))
          continue;
      }
      Lost = false;
      break;
    }
    if (!Lost)
      continue;
    Reported.insert(Call->getBeginLoc());
    const KindInfo &KI = kindInfo(CI->Kind);
    diag(Call->getBeginLoc(),
         "the %0 %select{allocated|created}1 by %2 into thread-local %3 is "
         "never released: each thread that ends loses it; release it with "
         "'%4' in the destructor of a thread-local object that owns it")
        << KI.Description << (KI.IsMemory ? 0 : 1) << writtenCallee(Call) << VD
        << advisedReleaser(*CI);
    diag(VD->getLocation(), "%0 is declared thread-local here",
         DiagnosticIDs::Note)
        << VD;
  }
}

/// Reports the CUDA API calls of the host function that \p Enqueue enqueues
/// into a stream, where they are not permitted: a release there releases
/// nothing (the call returns cudaErrorNotPermitted, or deadlocks).
void CudaUnreleasedCheck::checkHostFunction(const CallExpr *Enqueue,
                                            ASTContext &Ctx) {
  const EnqueueInfo *EI = enqueuerInfo(calleeOf(Enqueue));
  assert(EI && "the matcher binds an enqueue API");
  if (EI->FnArg >= Enqueue->getNumArgs())
    return;
  const FunctionDecl *Fn = hostFunctionOf(Enqueue->getArg(EI->FnArg));
  const FunctionDecl *Def = Fn ? Fn->getDefinition() : nullptr;
  if (!Def || !Def->getBody())
    return;
  static constexpr char ApiCallId[] = "api";
  for (const auto &M :
       match(findAll(callExpr(callee(functionDecl())).bind(ApiCallId)),
             *Def->getBody(), Ctx)) {
    const auto *Call = M.getNodeAs<CallExpr>(ApiCallId);
    const FunctionDecl *Callee = calleeOf(Call);
    StringRef Name = apiName(Callee);
    if (!isCudaApiName(Name) || llvm::is_contained(ErrorStringApis, Name))
      continue;
    if (!Reported.insert(Call->getBeginLoc()).second)
      continue;
    const bool Releases = releaserInfo(Callee) != nullptr;
    diag(Call->getBeginLoc(),
         "%0 %select{cannot release anything|is called}2 in a host function "
         "enqueued with %1, where CUDA API calls are not permitted; "
         "%select{release it outside the host function, after the stream is "
         "synchronized|make the call outside the host function}2")
        << Callee << calleeOf(Enqueue) << (Releases ? 0 : 1);
    diag(Ctx.getSourceManager().getExpansionLoc(Enqueue->getBeginLoc()),
         "host function enqueued with %0 here", DiagnosticIDs::Note)
        << calleeOf(Enqueue);
  }
}

/// The body of the innermost loop whose body declares \p Var, when that body
/// also holds \p Use: each iteration then has its own variable, which goes
/// out of scope at the end of the body (not one variable overwritten). A
/// variable of a for-init is not per iteration.
static const Stmt *perIterationBody(const VarDecl *Var, const Stmt *Use,
                                    ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Holds = [&](const Stmt *Body, SourceLocation L) {
    return L.isValid() && rangeContains(Body->getSourceRange(), L, SM);
  };
  DynTypedNodeList Parents = Ctx.getParents(*Var);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      return nullptr;
    const Stmt *Body = nullptr;
    if (const auto *F = P.get<ForStmt>())
      Body = F->getBody();
    else if (const auto *W = P.get<WhileStmt>())
      Body = W->getBody();
    else if (const auto *D = P.get<DoStmt>())
      Body = D->getBody();
    else if (const auto *R = P.get<CXXForRangeStmt>())
      Body = R->getBody();
    if (Body)
      return Holds(Body, Var->getLocation()) && Holds(Body, Use->getBeginLoc()) ? Body
                                                                                 : nullptr;
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

void CudaUnreleasedCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  // After a fatal error (a header not found) clang goes on parsing with
  // declarations missing, and drops the statements that use them; a method
  // of a class with an invalid member may have lost the statement that
  // stores the handle. Say nothing rather than report a hole.
  if (Ctx.getDiagnostics().hasFatalErrorOccurred())
    return;
  if (const auto *Enqueue = Result.Nodes.getNodeAs<CallExpr>(EnqueueId)) {
    checkHostFunction(Enqueue, Ctx);
    return;
  }
  if (!ClassResources) {
    Index = ProjectIndex::find(IndexOption,
                               TidyContext->getCurrentBuildDirectory(),
                               TidyContext->getCurrentFile());
    ClassResources = std::make_unique<CudaClassResources>(
        Ctx, Index.get(), ProjectIndex::deferredToProject(IndexOption));
  }
  if (const auto *RF = Result.Nodes.getNodeAs<FunctionDecl>(ReleaseFnId)) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(RF);
        !MD || llvm::none_of(MD->getParent()->decls(), [](const Decl *D) {
          return D->isInvalidDecl();
        }))
      ClassResources->addFunction(RF);
    return;
  }
  if (const auto *Ctor =
          Result.Nodes.getNodeAs<CXXConstructorDecl>(CtorHelperId)) {
    if (llvm::none_of(Ctor->getParent()->decls(),
                      [](const Decl *D) { return D->isInvalidDecl(); })) {
      ThrowClassifier Thrower(Ctx, Index.get());
      reportConstructorLeaks(Ctor, nullptr, Ctx, Thrower);
    }
    return;
  }
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>(FuncId);
  const auto *HelperUser = Result.Nodes.getNodeAs<FunctionDecl>(HelperFnId);
  if (HelperUser) {
    FD = HelperUser;
    auto Calls = match(
        functionDecl(forEachDescendant(callExpr().bind(HelperFnId))), *FD, Ctx);
    if (llvm::none_of(Calls, [&](const BoundNodes &N) {
          return helperCreation(N.getNodeAs<CallExpr>(HelperFnId), Index.get(),
                                Ctx);
        }))
      return;
  }
  assert(FD && "matcher binds a function");
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (llvm::any_of(MD->getParent()->decls(),
                     [](const Decl *D) { return D->isInvalidDecl(); }))
      return;
  if (!HelperUser) {
    ClassResources->addFunction(FD);
    checkThreadLocals(FD, Ctx);
  }
  ParamMemoMap ParamMemo;
  const bool Deferred = ProjectIndex::deferredToProject(IndexOption);
  UseClassifier Classifier(Ctx, ParamMemo, Index.get(), Deferred);
  ThrowClassifier Thrower(Ctx, Index.get());
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD); Ctor && !HelperUser)
    reportConstructorLeaks(Ctor, nullptr, Ctx, Thrower);
  else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && !HelperUser)
    checkSetUpThrows(MD, Ctx, Thrower);
  // A function template's pattern is analysed when nothing instantiates it
  // here; otherwise its instantiations are, which know every callee.
  if (const FunctionTemplateDecl *FTD = FD->getDescribedFunctionTemplate();
      FTD && llvm::any_of(FTD->specializations(), [](const FunctionDecl *S) {
        return S->isDefined();
      }))
    return;
  Analyzer A(FD, Ctx, Classifier, Thrower, CheckMainExit || !FD->isMain(),
             Index.get(), Deferred);
  llvm::SmallVector<Analyzer::Finding, 4> Findings;
  A.run(Findings);

  const SourceManager &SM = *Result.SourceManager;
  for (const Analyzer::Finding &F : Findings) {
    SourceLocation Loc = F.Creation->getBeginLoc();
    if (!Reported.insert(Loc).second)
      continue;
    const KindInfo &KI = kindInfo(F.Creator->Kind);
    DeclarationName Callee = writtenCallee(F.Creation);
    // %select index: memory is allocated, other resources are created.
    const unsigned Verb = KI.IsMemory ? 0 : 1;
    switch (F.How) {
    case Analyzer::Finding::WrongApi:
      reportWrongRelease(F.Creation, *F.Creator, F.Where, F.WrongName);
      continue;
    case Analyzer::Finding::Overwritten:
      if (const Stmt *Body = F.Where == F.Creation && F.H.Var
                                 ? perIterationBody(F.H.Var, F.Creation, Ctx)
                                 : nullptr) {
        diag(Loc, "the %0 %select{allocated|created}4 by %1 is lost when %2 goes out of scope at "
                  "the end of the loop iteration; release it with '%3' first")
            << KI.Description << Callee << F.H.Var << advisedReleaser(*F.Creator) << Verb;
        diag(SM.getExpansionLoc(Body->getEndLoc()),
             "%0 goes out of scope here, and the next iteration creates another one",
             DiagnosticIDs::Note)
            << F.H.Var;
        continue;
      }
      diag(Loc, "the %0 %select{allocated|created}4 by %1 is lost when %2 is overwritten; release it "
                "with '%3' first")
          << KI.Description << Callee << F.H.Var << advisedReleaser(*F.Creator) << Verb;
      if (F.Where == F.Creation)
        diag(SM.getExpansionLoc(F.Where->getBeginLoc()),
             "the next loop iteration creates another one into %0 here",
             DiagnosticIDs::Note)
            << F.H.Var;
      else if (F.Where)
        diag(SM.getExpansionLoc(F.Where->getBeginLoc()),
             "%0 is overwritten here", DiagnosticIDs::Note)
            << F.H.Var;
      continue;
    case Analyzer::Finding::Exit:
      diag(Loc, F.NeverReleased
                    ? "the %0 %select{allocated|created}3 by %1 is never released; release it with "
                      "'%2' or give it an owner"
                    : "the %0 %select{allocated|created}3 by %1 is not released on every path; "
                      "release it with '%2' on every path out of the function")
          << KI.Description << Callee << advisedReleaser(*F.Creator) << Verb;
      exitNotes(*this, F, FD, Ctx);
      for (const Analyzer::Finding &Alt : F.Alternatives)
        exitNotes(*this, Alt, FD, Ctx);
      continue;
    }
  }
}

void CudaUnreleasedCheck::reportWrongRelease(const CallExpr *Creation,
                                             const CreatorInfo &Creator,
                                             const Stmt *Releaser,
                                             StringRef WrongName) {
  const KindInfo &KI = kindInfo(Creator.Kind);
  // %select index: memory is allocated, other resources are created.
  diag(Creation->getBeginLoc(), "the %0 %select{allocated|created}4 by %1 is "
                                "released with '%2'; release it with '%3'")
      << KI.Description << writtenCallee(Creation) << WrongName
      << advisedReleaser(Creator) << (KI.IsMemory ? 0 : 1);
  diag(Releaser->getBeginLoc(), "released with '%0' here", DiagnosticIDs::Note)
      << WrongName;
}

void CudaUnreleasedCheck::reportMembers() {
  llvm::SmallVector<CudaClassResources::Finding, 8> Findings;
  ClassResources->findings(Findings);
  for (const CudaClassResources::Finding &F : Findings) {
    SourceLocation Loc = F.Creation->getBeginLoc();
    if (!Reported.insert(Loc).second)
      continue;
    const KindInfo &KI = kindInfo(F.Creator->Kind);
    DeclarationName Callee = writtenCallee(F.Creation);
    const unsigned Verb = KI.IsMemory ? 0 : 1;
    if (F.How == CudaClassResources::Finding::WrongApi) {
      reportWrongRelease(F.Creation, *F.Creator, F.First, F.WrongName);
      continue;
    }
    if (F.How == CudaClassResources::Finding::Overwritten) {
      const bool ByConstructor = isa<CallExpr>(F.First) &&
                                 !isa<CXXMemberCallExpr>(F.First);
      diag(Loc, "the %0 %select{allocated|created}1 by %2 into member %3 loses the "
                "one %3 already holds, %select{which a constructor of %4 "
                "created|when %5 runs again}6; release it with '%7' first")
          << KI.Description << Verb << Callee << F.Field << F.Class << F.Where
          << (ByConstructor ? 0 : 1) << advisedReleaser(*F.Creator);
      diag(F.First->getBeginLoc(),
           ByConstructor    ? "%0 receives the first one here"
           : F.AgainInLoop ? "%1 is called here on the same object on every "
                             "iteration of this loop"
                           : "%1 is called here each time this function runs",
           DiagnosticIDs::Note)
          << F.Field << F.Where;
      continue;
    }
    if (F.How == CudaClassResources::Finding::NoOwner) {
      // Why it is lost: objects made again and again, or a holder's
      // destructor that releases only its own members (the words of
      // MadeRepeatedlyClause and DestroyedWithHolderClause, which `gpuleak
      // check` swaps when another file holds the part).
      StringRef Holder = F.Holder ? F.Holder->getName() : StringRef(F.HolderName);
      diag(Loc, "the %0 %select{allocated|created}1 by %2 into member %3 is never "
                "released: %4 has no destructor, nothing releases %3, and "
                "%select{objects of %4 are made repeatedly|the destructor of "
                "'%7' releases its own CUDA members but not those of the %4 it "
                "holds}6; release it with '%5' in a destructor of %4")
          << KI.Description << Verb << Callee << F.Field << F.Class
          << advisedReleaser(*F.Creator) << (Holder.empty() ? 0 : 1) << Holder;
      if (F.AssumeMade)
        diag(F.Class->getLocation(), AssumedMadeRepeatedlyNote,
             DiagnosticIDs::Note)
            << F.Class;
      else
        diag(F.Class->getLocation(), "%0 is declared here, without a destructor",
             DiagnosticIDs::Note)
            << F.Class;
      if (F.Holder) {
        diag(F.HolderField->getLocation(), "%0 holds an object of %1 in %2 here",
             DiagnosticIDs::Note)
            << F.Holder << F.Class << F.HolderField;
        diag(F.HolderDtor->getLocation(), "the destructor of %0 is here",
             DiagnosticIDs::Note)
            << F.Holder;
      }
      for (size_t I = 0; I < F.Via.size(); ++I) {
        const auto *Call = cast<CallExpr>(F.Via[I]);
        if (I == 0)
          diag(Call->getBeginLoc(), CalledInLoopNote, DiagnosticIDs::Note)
              << calleeOf(Call);
        else
          diag(Call->getBeginLoc(), CallsNote, DiagnosticIDs::Note)
              << cast<CallExpr>(F.Via[I - 1])->getDirectCallee()
              << calleeOf(Call);
      }
      if (F.Made)
        diag(F.Made->getBeginLoc(), F.Via.empty() && F.IndexNotes.empty()
                                        ? MadeInLoopNote
                                        : MadeHereNote,
             DiagnosticIDs::Note)
            << F.Class;
      // Places the index gives, in files this run may not have loaded.
      for (const auto &[Text, At] : F.IndexNotes)
        diag(F.Class->getLocation(), "%0 (%1:%2:%3)", DiagnosticIDs::Note)
            << Text << At.File << At.Line << At.Column;
      if (F.AssumeNotReleasedElsewhere)
        diag(F.Field->getLocation(), AssumedNotReleasedElsewhereNote,
             DiagnosticIDs::Note)
            << F.Field;
      readsAssumedNotes(F);
      continue;
    }
    if (F.Class) {
      diag(Loc, "the %0 %select{allocated|created}1 by %2 into member %3 is never "
                "released: the destructor of %4 %select{uses its CUDA members "
                "but releases none of them|releases other members but not "
                "%3}6; release it with '%5' there")
          << KI.Description << Verb << Callee << F.Field << F.Class
          << advisedReleaser(*F.Creator) << (F.ReleasesOthers ? 1 : 0);
      // At its definition when another file has it (the index says where):
      // a release removed there is inside the function the note names.
      diag(F.WhereDefined.isValid() ? F.WhereDefined : F.Where->getLocation(),
           "destructor of %0 is here", DiagnosticIDs::Note)
          << F.Class;
      for (const FunctionDecl *Elsewhere : F.Assumed)
        diag(Elsewhere->getLocation(),
             F.NothingKnownReleased ? AssumedReleasesOthersNote
                                    : AssumedNoReleaseNote,
             DiagnosticIDs::Note)
            << Elsewhere << F.Field;
      readsAssumedNotes(F);
      continue;
    }
    diag(Loc, "the %0 %select{allocated|created}1 by %2 into member %3 is never "
              "released: %4 releases other members of %5 but not %3; release "
              "it with '%6' there")
        << KI.Description << Verb << Callee << F.Field << F.Where
        << cast<RecordDecl>(F.Field->getParent()) << advisedReleaser(*F.Creator);
    diag(F.Where->getLocation(), "%0 is here", DiagnosticIDs::Note) << F.Where;
    readsAssumedNotes(F);
  }
}

void CudaUnreleasedCheck::readsAssumedNotes(
    const CudaClassResources::Finding &F) {
  const SourceManager &SM = F.Field->getASTContext().getSourceManager();
  for (const auto &[Call, Param] : F.ReadsAssumed)
    diag(SM.getExpansionLoc(Call->getBeginLoc()), AssumedReadsOnlyNote,
         DiagnosticIDs::Note)
        << calleeOf(Call) << (Param + 1);
  for (const FieldDecl *Target : F.TargetsAssumed)
    diag(Target->getLocation(), AssumedNotReleasedElsewhereNote,
         DiagnosticIDs::Note)
        << Target;
}

void CudaUnreleasedCheck::onEndOfTranslationUnit() {
  if (ClassResources)
    reportMembers();
  ClassResources.reset();
  Index.reset();
  Reported.clear();
  ReportedConstructorThrows.clear();
}

} // namespace clang::tidy::gpuleak
