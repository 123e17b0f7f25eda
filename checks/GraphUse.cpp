//===--- GraphUse.cpp - where a forward pass's graph goes, within a function -===//

#include "GraphUse.h"
#include "TensorStores.h"
#include "TorchMatchers.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::gpuleak {
namespace {

/// How the followed graph reaches an expression's value.
enum class Flow {
  Absent,  // not at all
  Cut,     // only through values that carry no graph
  Carried, // the value may carry the graph
  Lost,    // something may use or keep it: give up
};

Flow merge(Flow A, Flow B) { return static_cast<Flow>(std::max(int(A), int(B))); }

/// Whether \p D is declared in namespace \p NS (`"torch::nn"`) or one inside.
bool inNamespace(const Decl *D, StringRef NS) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(C))
      if (N->getQualifiedNameAsString() == NS)
        return true;
  return false;
}

bool isAssignment(const FunctionDecl *FD) {
  switch (FD->getOverloadedOperator()) {
  case OO_Equal: case OO_PlusEqual: case OO_MinusEqual: case OO_StarEqual:
  case OO_SlashEqual: case OO_PercentEqual: case OO_CaretEqual:
  case OO_AmpEqual: case OO_PipeEqual: case OO_LessLessEqual:
  case OO_GreaterGreaterEqual:
    return true;
  default:
    return false;
  }
}

/// How a function of the translation unit uses the value passed to one of
/// its parameters.
enum class ParamUse {
  Read,     // only through values that carry no graph
  Returned, // that, or it returns a value that may carry it
  Lost,     // something may use or keep it
};

/// How deep calls of the translation unit's own functions are followed.
constexpr unsigned MaxCallDepth = 3;

/// The member and the value of a store under a key into a map member of
/// `this`: `cache_[key] = value`, `cache_.emplace(key, value)`,
/// `cache_.try_emplace(key, value)`, `cache_.insert_or_assign(key, value)`.
struct KeyedStore {
  const Expr *Object;
  const FieldDecl *Field;
  const Expr *Key;
  const Expr *Value;
};

std::optional<KeyedStore> keyedStore(const CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD)
    return std::nullopt;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C);
      Op && FD->getOverloadedOperator() == OO_Equal && Op->getNumArgs() == 2) {
    const auto *Sub = dyn_cast<CXXOperatorCallExpr>(Op->getArg(0)->IgnoreImplicit());
    if (!Sub || Sub->getOperator() != OO_Subscript || Sub->getNumArgs() != 2)
      return std::nullopt;
    if (const FieldDecl *F = keyedCacheMember(Sub->getArg(0)))
      return KeyedStore{Sub->getArg(0), F, Sub->getArg(1), Op->getArg(1)};
    return std::nullopt;
  }
  const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
  if (!MC || MC->getNumArgs() != 2 || !FD->getDeclName().isIdentifier())
    return std::nullopt;
  StringRef Name = FD->getName();
  if (Name != "emplace" && Name != "try_emplace" && Name != "insert_or_assign")
    return std::nullopt;
  if (const FieldDecl *F = keyedCacheMember(MC->getImplicitObjectArgument()))
    return KeyedStore{MC->getImplicitObjectArgument(), F, MC->getArg(0), MC->getArg(1)};
  return std::nullopt;
}

/// The local variable that the left side of an assignment names, when it
/// may be followed as one initialized: not a static, a reference or a
/// parameter.
const VarDecl *followableLocal(const Expr *LHS) {
  const auto *DR = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || VD->isStaticLocal() ||
      VD->getType()->isReferenceType() || isa<ParmVarDecl>(VD))
    return nullptr;
  return VD;
}

/// The left and right sides of a plain assignment (`x = y`, a class's
/// `operator=` or the built-in one).
std::optional<std::pair<const Expr *, const Expr *>> plainAssignment(const Stmt *S) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
      isa_and_nonnull<CXXMethodDecl>(Op->getDirectCallee()))
    return std::make_pair(Op->getArg(0), Op->getArg(1));
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign)
    return std::make_pair(BO->getLHS(), BO->getRHS());
  return std::nullopt;
}

/// The call of `std::tie` that \p LHS is, if any.
const CallExpr *tieCall(const Expr *LHS) {
  const auto *Tie = dyn_cast<CallExpr>(LHS->IgnoreImplicit());
  const FunctionDecl *FD = Tie ? Tie->getDirectCallee() : nullptr;
  if (!FD || !FD->isInStdNamespace() || !FD->getDeclName().isIdentifier() ||
      FD->getName() != "tie")
    return nullptr;
  return Tie;
}

/// The arguments of `std::tie(a, b, std::ignore)` on the left of an
/// assignment that name locals (followableLocal()), each with the local;
/// std::nullopt when \p LHS is no such tie. An argument that is no local
/// (`std::ignore`, a member) is left out.
std::optional<llvm::SmallVector<std::pair<const DeclRefExpr *, const VarDecl *>, 2>>
tiedArguments(const Expr *LHS) {
  const CallExpr *Tie = tieCall(LHS);
  if (!Tie)
    return std::nullopt;
  llvm::SmallVector<std::pair<const DeclRefExpr *, const VarDecl *>, 2> Out;
  for (const Expr *A : Tie->arguments())
    if (const VarDecl *V = followableLocal(A))
      Out.push_back({cast<DeclRefExpr>(A->IgnoreParenImpCasts()), V});
  return Out;
}

/// Which definitions of a local variable reach each read of it, by clang's
/// CFG, for the locals that a plain assignment writes again (`out =
/// net->forward(s)` after `auto out = net->forward(ns)`): a value assigned
/// to a local ends what the local held before on every path through the
/// assignment. A definition is the variable's declaration (keyed by the
/// VarDecl), a plain assignment of it (keyed by the assignment) or a
/// `std::tie` assignment that names it (keyed by its argument in the tie).
class LocalDefs {
public:
  explicit LocalDefs(const FunctionDecl *FD) : FD(FD) {
    collect(FD->getBody());
    for (const VarDecl *V : Reassigned)
      DefVar[V] = V;
  }

  /// Whether a plain assignment writes \p V again.
  bool reassigned(const VarDecl *V) const { return Reassigned.contains(V); }

  /// The variable a definition defines.
  const VarDecl *varOf(const void *Def) const { return DefVar.lookup(Def); }

  /// The definitions that reach the read \p DR of a reassigned variable;
  /// nullptr when that is not known (a read the CFG does not hold: in a
  /// lambda, a catch handler, an unevaluated operand). The CFG is built at
  /// the first question: most followed values are never assigned again.
  const llvm::SmallPtrSet<const void *, 4> *reaching(const DeclRefExpr *DR) const {
    if (!Solved) {
      Solved = true;
      solve();
    }
    auto It = Reach.find(DR);
    return It == Reach.end() ? nullptr : &It->second;
  }

private:
  void solve() const {
    if (DefVar.empty())
      return;
    CFG::BuildOptions Opts;
    Opts.setAllAlwaysAdd();
    Opts.AddImplicitDtors = false;
    std::unique_ptr<CFG> Graph =
        CFG::buildCFG(FD, FD->getBody(), &FD->getASTContext(), Opts);
    if (!Graph)
      return;
    // A catch handler is entered by a throw, which the CFG does not draw:
    // a read there is not judged (reaching() says nothing).
    llvm::SmallPtrSet<const CFGBlock *, 32> FromEntry;
    llvm::SmallVector<const CFGBlock *, 16> Work{&Graph->getEntry()};
    while (!Work.empty()) {
      const CFGBlock *B = Work.pop_back_val();
      if (B && FromEntry.insert(B).second)
        Work.append(B->succ_begin(), B->succ_end());
    }
    llvm::SmallVector<std::pair<const void *, std::pair<const CFGBlock *, unsigned>>, 8> Defs;
    for (const CFGBlock *B : *Graph)
      for (unsigned I = 0, E = B->size(); I != E; ++I)
        if (std::optional<CFGStmt> CS = (*B)[I].getAs<CFGStmt>()) {
          for (const void *D : defsAt(CS->getStmt()))
            Defs.push_back({D, {B, I}});
          if (const auto *DR = dyn_cast<DeclRefExpr>(CS->getStmt());
              DR && Reassigned.contains(dyn_cast<VarDecl>(DR->getDecl())) &&
              FromEntry.contains(B))
            Reach[DR];
        }
    for (const auto &[D, At] : Defs) {
      const VarDecl *V = DefVar.lookup(D);
      llvm::SmallPtrSet<const CFGBlock *, 16> Seen;
      llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 8> Todo{
          {At.first, At.second + 1}};
      while (!Todo.empty()) {
        auto [B, From] = Todo.pop_back_val();
        bool Killed = false;
        for (unsigned I = From, E = B->size(); I != E && !Killed; ++I) {
          std::optional<CFGStmt> CS = (*B)[I].getAs<CFGStmt>();
          if (!CS)
            continue;
          const Stmt *S = CS->getStmt();
          if (llvm::any_of(defsAt(S), [&](const void *Other) {
                return DefVar.lookup(Other) == V;
              }))
            Killed = true;
          else if (const auto *DR = dyn_cast<DeclRefExpr>(S);
                   DR && DR->getDecl() == V)
            if (auto It = Reach.find(DR); It != Reach.end())
              It->second.insert(D);
        }
        if (Killed)
          continue;
        for (const CFGBlock *Succ : B->succs())
          if (Succ && Seen.insert(Succ).second)
            Todo.push_back({Succ, 0});
      }
    }
  }

  void collect(const Stmt *S) {
    if (!S)
      return;
    if (std::optional<std::pair<const Expr *, const Expr *>> A = plainAssignment(S)) {
      if (const VarDecl *V = followableLocal(A->first)) {
        DefVar[S] = V;
        DefsOf[S].push_back(S);
        Reassigned.insert(V);
      } else if (auto Tied = tiedArguments(A->first)) {
        for (auto [DR, V] : *Tied) {
          DefVar[DR] = V;
          DefsOf[S].push_back(DR);
          Reassigned.insert(V);
        }
      }
    }
    for (const Stmt *C : S->children())
      collect(C);
  }

  /// The definitions that \p S makes of reassigned variables.
  llvm::SmallVector<const void *, 2> defsAt(const Stmt *S) const {
    llvm::SmallVector<const void *, 2> Out;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && Reassigned.contains(V))
          Out.push_back(V);
      return Out;
    }
    if (auto It = DefsOf.find(S); It != DefsOf.end())
      Out.append(It->second.begin(), It->second.end());
    return Out;
  }

  const FunctionDecl *FD;
  mutable bool Solved = false;
  llvm::DenseMap<const void *, const VarDecl *> DefVar;
  /// The definitions that each assignment makes.
  llvm::DenseMap<const Stmt *, llvm::SmallVector<const void *, 2>> DefsOf;
  llvm::SmallPtrSet<const VarDecl *, 4> Reassigned;
  mutable llvm::DenseMap<const DeclRefExpr *, llvm::SmallPtrSet<const void *, 4>> Reach;
};

class Follower {
public:
  Follower(const Expr *Source, llvm::function_ref<bool(QualType)> Carrier,
           bool FollowLocals, unsigned Depth = 0,
           llvm::function_ref<bool(const FieldDecl *)> CacheOnlyCut = nullptr)
      : Source(Source), Carrier(Carrier), FollowLocals(FollowLocals),
        Depth(Depth), CacheOnlyCut(CacheOnlyCut) {}

  /// Follows parameter \p P of \p FD (whose body is known) from the
  /// function's entry instead of a source expression.
  ParamUse runParam(const FunctionDecl *FD, const ParmVarDecl *P) {
    Tracked.insert(P);
    ParamMode = true;
    for (int Round = 0; Round < 8; ++Round) {
      size_t Before = Tracked.size();
      Lost = false;
      Returned = false;
      Uses = 0;
      Writes = 0;
      walk(FD->getBody());
      if (Lost)
        return ParamUse::Lost;
      if (Tracked.size() == Before)
        break;
    }
    if (Uses != countUses(FD->getBody()))
      return ParamUse::Lost;
    return Returned ? ParamUse::Returned : ParamUse::Read;
  }

  std::optional<SourceLocation> run(const FunctionDecl *FD) {
    const Stmt *Body = FD->getBody();
    // A local assigned again is followed definition by definition: a read
    // that only the new value reaches does not read the graph.
    Defs.emplace(FD);
    // Variables join as they are found initialized from the graph; walk
    // again until none joins, so uses before the declaration in a loop count.
    for (int Round = 0; Round < 8; ++Round) {
      size_t Before = Tracked.size() + TrackedDefs.size();
      Lost = false;
      SawSource = false;
      Uses = 0;
      Writes = 0;
      Last = {};
      walk(Body);
      if (Lost || !SawSource)
        return std::nullopt;
      if (Tracked.size() + TrackedDefs.size() == Before)
        break;
    }
    // Every use of a followed variable must have been seen in a place
    // understood above (not in a lambda, a template argument, ...).
    if (Uses != countUses(Body))
      return std::nullopt;
    // A followed variable that nothing reads is not evidence of a read-only
    // use (a dead variable next to training code).
    if ((!Tracked.empty() || !TrackedDefs.empty()) && Uses == Writes)
      return std::nullopt;
    return Last;
  }

private:
  static const VarDecl *varOf(const Decl *D) {
    if (const auto *B = dyn_cast_or_null<BindingDecl>(D))
      D = B->getDecomposedDecl();
    return dyn_cast_or_null<VarDecl>(D);
  }

  /// Whether \p V holds the graph in some definition (any read of it may
  /// read the graph).
  bool tracks(const VarDecl *V) const {
    if (!V)
      return false;
    if (Tracked.contains(V))
      return true;
    return llvm::any_of(TrackedDefs,
                        [&](const void *D) { return Defs->varOf(D) == V; });
  }

  /// Whether the read \p DR may read the graph: its variable holds it in
  /// every definition (followed as one value), or a definition that holds
  /// it reaches this read (LocalDefs).
  bool tracks(const DeclRefExpr *DR) const {
    const VarDecl *V = varOf(DR->getDecl());
    if (!V)
      return false;
    if (Tracked.contains(V))
      return true;
    if (TrackedDefs.empty())
      return false;
    const llvm::SmallPtrSet<const void *, 4> *R = Defs->reaching(DR);
    if (!R)
      return tracks(V);
    return llvm::any_of(*R, [&](const void *D) { return TrackedDefs.contains(D); });
  }

  /// Follows \p V from its definition \p Def on (its declaration, or the
  /// assignment that defines it).
  void follow(const VarDecl *V, const void *Def) {
    if (Defs && Defs->reassigned(V))
      TrackedDefs.insert(Def);
    else
      Tracked.insert(V);
  }

  unsigned countUses(const Stmt *S) const {
    if (!S)
      return 0;
    unsigned N = 0;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      N += tracks(DR);
    for (const Stmt *C : S->children())
      N += countUses(C);
    return N;
  }

  bool mentions(const Stmt *S) const {
    if (!S)
      return false;
    if (S == Source)
      return true;
    if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && tracks(DR))
      return true;
    for (const Stmt *C : S->children())
      if (mentions(C))
        return true;
    return false;
  }

  /// The locals that `std::tie(a, b, std::ignore)` names, each followable
  /// as followableLocal() says and able to hold a tensor (an argument that
  /// cannot, `std::ignore` or a `double`, is left out), each with its
  /// argument; std::nullopt when \p LHS is no such tie or names anything
  /// else (a member, a reference).
  std::optional<llvm::SmallVector<std::pair<const DeclRefExpr *, const VarDecl *>, 2>>
  tiedLocals(const Expr *LHS) const {
    const CallExpr *Tie = tieCall(LHS);
    if (!Tie)
      return std::nullopt;
    llvm::SmallVector<std::pair<const DeclRefExpr *, const VarDecl *>, 2> Out;
    for (const Expr *A : Tie->arguments()) {
      const auto *DR = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
      const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
      if (VD && VD->isInStdNamespace() && VD->getDeclName().isIdentifier() &&
          VD->getName() == "ignore")
        continue;
      if (VD && (holdsNoGraph(VD->getType()) || !Carrier(VD->getType())))
        continue;
      const VarDecl *Local = followableLocal(A);
      if (!Local)
        return std::nullopt;
      Out.push_back({DR, Local});
    }
    return Out;
  }

  Flow call(const CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    const bool MemberOp = isa<CXXOperatorCallExpr>(C) && FD && isa<CXXMethodDecl>(FD);
    // `avg = loss / n;`: a local variable assigned the graph (not compound
    // assignment, which adds it to what the variable holds) is followed as
    // one initialized with it, through all its uses; the assignment is a
    // write, not a read of it.
    if (FollowLocals && MemberOp && FD->getOverloadedOperator() == OO_Equal &&
        C->getNumArgs() == 2)
      if (const VarDecl *VD = followableLocal(C->getArg(0))) {
        Flow R = flow(C->getArg(1));
        // The left side: whether what it held before is the graph (then
        // the assignment drops it: a write, counted as a use).
        const bool Held =
            tracks(cast<DeclRefExpr>(C->getArg(0)->IgnoreParenImpCasts()));
        if (Held) {
          ++Uses;
          ++Writes;
        }
        if (R == Flow::Carried && (!Held || (Defs && Defs->reassigned(VD))))
          follow(VD, C);
        return R == Flow::Carried || R == Flow::Lost ? R
               : Held                                ? Flow::Cut
                                                     : R;
      }
    // `std::tie(probs, std::ignore) = model.predict(x);`: the same for each
    // local that the tie names; `std::ignore` and a variable that cannot
    // hold a tensor (a reward, a flag) take none of the graph.
    if (FollowLocals && MemberOp && FD->getOverloadedOperator() == OO_Equal &&
        C->getNumArgs() == 2)
      if (auto Tied = tiedLocals(C->getArg(0))) {
        Flow R = flow(C->getArg(1));
        bool AnyTracked = false;
        for (auto [DR, VD] : *Tied) {
          const bool Held = tracks(DR);
          if (Held) {
            ++Uses;
            ++Writes;
            AnyTracked = true;
          }
          if (R == Flow::Carried && (!Held || (Defs && Defs->reassigned(VD))))
            follow(VD, DR);
        }
        return R == Flow::Carried || R == Flow::Lost ? R
               : AnyTracked                          ? Flow::Cut
                                                     : R;
      }
    // `cache_[key] = out`: kept in a cache whose every read is a cut.
    if (CacheOnlyCut)
      if (std::optional<KeyedStore> K = keyedStore(C)) {
        // The member written into is the followed value itself (a read of
        // the cache judged): the write reads nothing of it.
        Flow Obj = flow(K->Object), Key = flow(K->Key), Value = flow(K->Value);
        if (Key == Flow::Lost || Value == Flow::Lost || Key == Flow::Carried)
          return Flow::Lost;
        if (Value == Flow::Carried)
          return CacheOnlyCut(K->Field) ? Flow::Cut : Flow::Lost;
        return Obj == Flow::Carried ? Flow::Cut : merge(Key, Value);
      }
    // The object (of a member call or member operator) and the arguments,
    // each followed once.
    const Expr *Obj = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      Obj = MC->getImplicitObjectArgument();
    unsigned First = 0;
    if (MemberOp) {
      Obj = C->getArg(0);
      First = 1;
    }
    Flow ObjFlow = Obj ? flow(Obj) : Flow::Absent;
    llvm::SmallVector<Flow, 4> Args;
    for (unsigned I = First; I < C->getNumArgs(); ++I)
      Args.push_back(flow(C->getArg(I)));
    Flow Any = ObjFlow;
    for (Flow A : Args)
      Any = merge(Any, A);
    if (!isa<CXXMemberCallExpr>(C) && !MemberOp)
      Any = merge(Any, flow(C->getCallee()));
    if (Any != Flow::Carried)
      return Any;
    if (cutsGraph(C))
      return Flow::Cut;
    if (FD && !isValueLibrary(FD))
      return callOwn(C, FD, ObjFlow, Args);
    if (!FD)
      return Flow::Lost;
    StringRef Name = FD->getDeclName().isIdentifier() ? FD->getName() : "";
    // `torch::save(t, path)` writes the value to a file and keeps nothing.
    if (Name == "save" && !isa<CXXMethodDecl>(FD) && inNamespace(FD, "torch") &&
        ObjFlow == Flow::Absent && llvm::all_of(llvm::drop_begin(Args), [](Flow A) {
          return A != Flow::Carried;
        }))
      return Flow::Cut;
    static const llvm::StringSet<> Uses = {
        "backward", "_backward", "register_hook", "retain_grad",
        "requires_grad_", "set_requires_grad", "set_", "swap", "save", "load"};
    if (Uses.contains(Name) || Name.ends_with("_out") || Name.ends_with("_outf"))
      return Flow::Lost;
    // `cache_.clear()`: a container of the standard library emptied drops
    // what it holds.
    if (ObjFlow == Flow::Carried && inNamespace(FD, "std") &&
        (Name == "clear" || Name == "pop_back" || Name == "pop_front") &&
        llvm::none_of(Args, [](Flow A) { return A != Flow::Absent; }))
      return Flow::Cut;
    // The graph written into another object: `kept = out`, `acc += out`,
    // `buf.copy_(out)`, `torch::add_(acc, out)`, `v.push_back(out)`.
    // A loss module's call writes nothing into the module.
    Flow TargetFlow = ObjFlow, Rest = Flow::Absent;
    bool HasTarget = Obj != nullptr && !isStatelessLibraryModuleCall(FD);
    size_t RestFrom = 0;
    if (!Obj && !Args.empty() && Name.ends_with("_")) {
      HasTarget = true;
      TargetFlow = Args[0];
      RestFrom = 1;
    }
    for (size_t I = RestFrom; I < Args.size(); ++I)
      Rest = merge(Rest, Args[I]);
    if (HasTarget && TargetFlow != Flow::Carried && Rest == Flow::Carried) {
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (isAssignment(FD) || Name.ends_with("_") || (MD && !MD->isConst()))
        return Flow::Lost;
    }
    QualType T = C->getType();
    if (T->isVoidType())
      return Flow::Lost;
    return holdsNoGraph(T) ? Flow::Cut : Flow::Carried;
  }

  /// A call of a function of the translation unit (its body known, a
  /// lambda's too) that carries the graph in an argument: followed into its
  /// body, parameter by parameter. Each such argument must be read there
  /// only through values that carry no graph, or returned (then the call's
  /// value carries it). Anything else, or code whose body is not known,
  /// gives up.
  Flow callOwn(const CallExpr *C, const FunctionDecl *FD, Flow ObjFlow,
               llvm::ArrayRef<Flow> Args) {
    const FunctionDecl *Def = FD->getDefinition();
    // A virtual call may run an override that keeps the value.
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (MD && MD->isVirtual())
      return Flow::Lost;
    if (ObjFlow == Flow::Carried || Depth >= MaxCallDepth || !Def ||
        !Def->hasBody() || Def->isVariadic() ||
        Def->getASTContext().getSourceManager().isInSystemHeader(Def->getLocation()))
      return Flow::Lost;
    bool Carries = false;
    for (unsigned PI = 0, E = Args.size(); PI < E; ++PI) {
      if (Args[PI] != Flow::Carried)
        continue;
      if (PI >= Def->getNumParams())
        return Flow::Lost;
      switch (Follower(nullptr, Carrier, /*FollowLocals=*/true, Depth + 1,
                       CacheOnlyCut)
                  .runParam(Def, Def->getParamDecl(PI))) {
      case ParamUse::Lost:
        return Flow::Lost;
      case ParamUse::Returned:
        Carries = true;
        break;
      case ParamUse::Read:
        break;
      }
    }
    QualType T = C->getType();
    if (!Carries || T->isVoidType() || holdsNoGraph(T))
      return Flow::Cut;
    return Flow::Carried;
  }

  Flow flow(const Expr *E) {
    if (!E)
      return Flow::Absent;
    if (E == Source) {
      SawSource = true;
      return Flow::Carried;
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      if (!tracks(DR))
        return Flow::Absent;
      ++Uses;
      return Flow::Carried;
    }
    if (const auto *C = dyn_cast<CallExpr>(E))
      return call(C);
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      Flow F = flow(CE->getSubExpr());
      if (F == Flow::Carried && isa<CXXReinterpretCastExpr, CStyleCastExpr>(E))
        return Flow::Lost;
      return F;
    }
    if (const auto *PE = dyn_cast<ParenExpr>(E))
      return flow(PE->getSubExpr());
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      return flow(MT->getSubExpr());
    if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(E))
      return flow(IL->getSubExpr());
    if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      return flow(BT->getSubExpr());
    if (const auto *FE = dyn_cast<FullExpr>(E))
      return flow(FE->getSubExpr());
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      Flow F = Flow::Absent;
      for (const Expr *A : CE->arguments())
        F = merge(F, flow(A));
      if (F == Flow::Carried && !Carrier(CE->getType()))
        return Flow::Lost;
      return F;
    }
    if (const auto *IL = dyn_cast<InitListExpr>(E)) {
      Flow F = Flow::Absent;
      for (const Expr *I : IL->inits())
        F = merge(F, flow(I));
      if (F == Flow::Carried && !Carrier(IL->getType()))
        return Flow::Lost;
      return F;
    }
    // In a template, the callee of a method of a dependent object
    // (`out.argmax(1)`): what the call computes from is its object, and the
    // call is judged by its name (cutsGraph()).
    if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(E))
      return DM->isImplicitAccess() ? Flow::Absent : flow(DM->getBase());
    if (const auto *UM = dyn_cast<UnresolvedMemberExpr>(E))
      return UM->isImplicitAccess() ? Flow::Absent : flow(UM->getBase());
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      Flow F = flow(ME->getBase());
      if (F == Flow::Carried && holdsNoGraph(ME->getType()))
        return Flow::Cut;
      return F;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return merge(flow(AS->getBase()), flow(AS->getIdx()));
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      Flow F = flow(UO->getSubExpr());
      if (F == Flow::Carried && UO->getOpcode() == UO_AddrOf)
        return Flow::Lost;
      return F;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Comma) {
        Flow L = flow(BO->getLHS());
        if (L == Flow::Lost)
          return L;
        return flow(BO->getRHS());
      }
      Flow F = merge(flow(BO->getLHS()), flow(BO->getRHS()));
      // Built-in operators work on numbers and pointers; a graph here is
      // something not understood.
      return F == Flow::Carried ? Flow::Lost : F;
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      Flow F = flow(CO->getCond());
      if (F == Flow::Carried)
        return Flow::Lost;
      return merge(F, merge(flow(CO->getTrueExpr()), flow(CO->getFalseExpr())));
    }
    if (isa<CXXDefaultArgExpr, CXXDefaultInitExpr>(E))
      return Flow::Absent;
    // Lambdas, statement expressions, anything else: not followed.
    return mentions(E) ? Flow::Lost : Flow::Absent;
  }

  enum class Place { Discarded, Init, Condition, Returned, Other };

  void root(const Expr *E, Place P, const VarDecl *VD = nullptr) {
    if (!E || Lost)
      return;
    Flow F = flow(E);
    if (F == Flow::Absent)
      return;
    if (F == Flow::Lost) {
      Lost = true;
      return;
    }
    Last = E->getBeginLoc();
    if (F == Flow::Cut || P == Place::Discarded)
      return;
    // A local variable that it initializes is followed through its uses
    // when the caller asks (see the header). Kept in any other variable,
    // returned, or kept where it outlives the function: not followed.
    if (P == Place::Returned && ParamMode) {
      Returned = true;
      return;
    }
    if (P == Place::Init && FollowLocals && VD && VD->hasLocalStorage() &&
        !VD->isStaticLocal() && !VD->getType()->isReferenceType() &&
        !isa<ParmVarDecl>(VD)) {
      follow(VD, VD);
      return;
    }
    Lost = true;
  }

  void condVar(const VarDecl *VD) {
    if (VD && VD->getInit())
      root(VD->getInit(), Place::Init, VD);
  }

  void walk(const Stmt *S) {
    if (!S || Lost)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      return root(E, Place::Discarded);
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
          root(VD->getInit(), Place::Init, VD);
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walk(If->getInit());
      condVar(If->getConditionVariable());
      if (!If->getConditionVariable())
        root(If->getCond(), Place::Condition);
      walk(If->getThen());
      walk(If->getElse());
      return;
    }
    if (const auto *W = dyn_cast<WhileStmt>(S)) {
      condVar(W->getConditionVariable());
      if (!W->getConditionVariable())
        root(W->getCond(), Place::Condition);
      return walk(W->getBody());
    }
    if (const auto *D = dyn_cast<DoStmt>(S)) {
      walk(D->getBody());
      return root(D->getCond(), Place::Condition);
    }
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      walk(F->getInit());
      condVar(F->getConditionVariable());
      if (!F->getConditionVariable())
        root(F->getCond(), Place::Condition);
      root(F->getInc(), Place::Discarded);
      return walk(F->getBody());
    }
    if (const auto *RF = dyn_cast<CXXForRangeStmt>(S)) {
      walk(RF->getInit());
      walk(RF->getRangeStmt());
      walk(RF->getBeginStmt());
      walk(RF->getEndStmt());
      root(RF->getCond(), Place::Condition);
      root(RF->getInc(), Place::Discarded);
      walk(RF->getLoopVarStmt());
      return walk(RF->getBody());
    }
    if (const auto *R = dyn_cast<ReturnStmt>(S))
      return root(R->getRetValue(), Place::Returned);
    if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
      walk(Sw->getInit());
      condVar(Sw->getConditionVariable());
      if (!Sw->getConditionVariable())
        root(Sw->getCond(), Place::Condition);
      return walk(Sw->getBody());
    }
    if (const auto *Case = dyn_cast<CaseStmt>(S))
      return walk(Case->getSubStmt());
    if (isa<CompoundStmt, DefaultStmt, LabelStmt, AttributedStmt, CXXTryStmt,
            CXXCatchStmt, NullStmt, BreakStmt, ContinueStmt, GotoStmt>(S)) {
      for (const Stmt *C : S->children())
        walk(C);
      return;
    }
    // Anything else (inline assembly, coroutines, ...): not followed.
    if (mentions(S))
      Lost = true;
  }

  const Expr *Source;
  llvm::function_ref<bool(QualType)> Carrier;
  bool FollowLocals;
  unsigned Depth;
  llvm::function_ref<bool(const FieldDecl *)> CacheOnlyCut;
  bool ParamMode = false;
  bool Returned = false;
  llvm::SmallPtrSet<const VarDecl *, 4> Tracked;
  /// The definitions followed of the locals assigned again (LocalDefs).
  llvm::SmallPtrSet<const void *, 4> TrackedDefs;
  std::optional<LocalDefs> Defs;
  bool Lost = false, SawSource = false;
  unsigned Uses = 0;
  unsigned Writes = 0; // of Uses, those that assign a followed variable
  SourceLocation Last;
};

} // namespace

/// Types whose values hold no tensor and refer to none: numbers, and the
/// library's shapes, scalars, devices, options, strings and streams.
bool holdsNoGraph(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isArithmeticType() || T->isEnumeralType())
    return true;
  if (T->isPointerType() &&
      (T->getPointeeType()->isArithmeticType() || T->getPointeeType()->isVoidType()))
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  std::string Name = RD->getQualifiedNameAsString();
  static const llvm::StringSet<> Plain = {
      "c10::Scalar",       "c10::Device",          "c10::TensorOptions",
      "c10::SymInt",       "c10::SymIntArrayRef",  "at::TensorOptions",
      "std::basic_string", "std::basic_ostream",   "std::basic_ostringstream",
      "std::basic_stringstream", "std::basic_ios"};
  if (Plain.contains(Name))
    return true;
  if (Name == "c10::ArrayRef" || Name == "c10::OptionalArrayRef")
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      return Spec->getTemplateArgs().size() == 1 &&
             Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
             Spec->getTemplateArgs()[0].getAsType()->isIntegralOrEnumerationType();
  return false;
}

/// Library code whose functions compute a value from their inputs and keep
/// none of them: ATen, c10 and the C++ API's tensor functions, and the
/// standard library. Not the parts that train, run modules, or write
/// files: autograd, optimizers, modules, TorchScript modules, data,
/// serialization.
bool isValueLibrary(const FunctionDecl *FD) {
  // `criterion(out, y)`: a loss (activation, pooling) module of the library
  // is a function of its inputs.
  if (isStatelessLibraryModuleCall(FD))
    return true;
  if (inNamespace(FD, "torch::autograd") || inNamespace(FD, "torch::optim") ||
      inNamespace(FD, "torch::jit") || inNamespace(FD, "torch::data") ||
      inNamespace(FD, "torch::serialize") ||
      (inNamespace(FD, "torch::nn") && !inNamespace(FD, "torch::nn::functional")))
    return false;
  return inNamespace(FD, "at") || inNamespace(FD, "c10") ||
         inNamespace(FD, "torch") || inNamespace(FD, "std");
}

const FieldDecl *keyedCacheMember(const Expr *E) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const auto *RD = F ? F->getType()->getAsCXXRecordDecl() : nullptr;
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier() ||
      (RD->getName() != "map" && RD->getName() != "unordered_map"))
    return nullptr;
  return F;
}

std::optional<SourceLocation>
graphDroppedUnused(const FunctionDecl *FD, const Expr *Source,
                   llvm::function_ref<bool(QualType)> Carrier, bool FollowLocals,
                   llvm::function_ref<bool(const FieldDecl *)> CacheOnlyCut) {
  if (!FD || !FD->getBody() || !Source)
    return std::nullopt;
  return Follower(Source, Carrier, FollowLocals, 0, CacheOnlyCut).run(FD);
}

} // namespace clang::tidy::gpuleak
