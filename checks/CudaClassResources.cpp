//===--- CudaClassResources.cpp - CUDA resources held by members ----------===//
//
// A creation into a member (`cudaMalloc(&buf_, n)`, `cudnnCreate...(&desc_)`,
// `cudaHostRegister(buf_, ...)`) is followed through the type that owns the
// member:
//
// - The destructor of the class (and those of its bases, with the methods
//   they call on the object, up to 3 deep) must release the member when it
//   releases others: a destructor that releases some CUDA members and not
//   this one forgets it. A type without a user-written destructor is judged
//   by its destroy functions (functions that release members of it through
//   a pointer or reference, `destroy_plan(plan *p)`). A destructor declared
//   here but defined in another file, or that did not parse, makes the check
//   say nothing about the class.
// - A member released, stored, returned or handed to a function anywhere in
//   the translation unit is taken to be looked after there; except that a
//   method returning it (a getter) only reads it, unless the getter's result
//   is released (`cudaStreamDestroy(w.stream())`).
// - A method other than a constructor that creates into a member that a
//   constructor already created into, with no use of the member before the
//   creation (no release, no null test), loses the first resource; so does
//   one that another method calls again (a `setup()` run by every
//   `forward()`).
//
// Releases are matched to the same member (the same FieldDecl), never to
// other releases nearby. A release on some path of the destructor counts
// (`if (poolOn3d) cudaFree(tmp_)` releases tmp_).
//
//===----------------------------------------------------------------------===//

#include "CudaClassResources.h"
#include "CudaUses.h"
#include "summaries/LocalFacts.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SetVector.h"
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <tuple>

namespace clang::tidy::gpuleak {

namespace {

/// A CUDA API name without the per-thread default-stream suffix, for a
/// function declared at namespace scope (the C APIs and cuda_runtime.h's
/// typed templates).
StringRef apiNameOf(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() ||
      !FD->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return {};
  StringRef Name = FD->getName();
  if (!Name.consume_back("_ptsz"))
    Name.consume_back("_ptds");
  return Name;
}

bool isCudaApi(const FunctionDecl *FD) {
  StringRef Name = apiNameOf(FD);
  for (StringRef Prefix : {"cuda", "cublas", "cusparse", "cusolver", "cufft",
                           "curand", "cudnn", "nccl", "nvtx"})
    if (Name.starts_with(Prefix))
      return true;
  return Name.size() > 2 && Name.starts_with("cu") && isUppercase(Name[2]);
}

/// Whether \p T is a standard container whose elements a subscript or
/// `at()` names: `std::vector`, `std::map`, `std::unordered_map`,
/// `std::array`, `std::deque`.
bool isIndexedContainer(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() ||
      !RD->getDeclContext()->getRedeclContext()->isStdNamespace())
    return false;
  return llvm::is_contained({StringRef("vector"), StringRef("map"),
                             StringRef("unordered_map"), StringRef("array"),
                             StringRef("deque")},
                            RD->getName());
}

/// The container that \p E is an element of (`bufs_[i]`, `m[k]`,
/// `v.at(i)` of a standard container), or null.
const Expr *elementOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
      isIndexedContainer(Op->getArg(0)->getType()))
    return Op->getArg(0);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && MD->getIdentifier() && MD->getName() == "at" &&
        MC->getImplicitObjectArgument() &&
        isIndexedContainer(MC->getImplicitObjectArgument()->getType()))
      return MC->getImplicitObjectArgument();
  }
  return nullptr;
}

/// The smart pointer whose pointee \p E is (`*stream_`, `*stream_.get()`
/// of a `std::unique_ptr<cudaStream_t> stream_`), or null: the handle it
/// holds is the member's, released or created as a plain member would be.
const Expr *smartPointerOf(const Expr *E) {
  // libstdc++'s shared_ptr has its `operator*` and `get()` in base classes:
  // the object is the expression below the derived-to-base cast.
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Star && Op->getNumArgs() == 1 &&
      isSmartPointer(Op->getArg(0)->IgnoreParenImpCasts()->getType()))
    return Op->getArg(0)->IgnoreParenImpCasts();
  const auto *UO = dyn_cast<UnaryOperator>(E);
  if (!UO || UO->getOpcode() != UO_Deref)
    return nullptr;
  const auto *MC =
      dyn_cast<CXXMemberCallExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  const Expr *Obj = MC ? MC->getImplicitObjectArgument() : nullptr;
  if (!MD || !MD->getIdentifier() || MD->getName() != "get" || !Obj ||
      !isSmartPointer(Obj->IgnoreParenImpCasts()->getType()))
    return nullptr;
  return Obj->IgnoreParenImpCasts();
}

/// The member access that \p E is, through parentheses, casts, a
/// subscript (`descs_[i]`), elements of standard containers
/// (`bufs_[layer]["output"]`) and the pointee of a smart pointer
/// (`*stream_`), or null.
const MemberExpr *memberAccess(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const Expr *Owner = smartPointerOf(E))
    E = Owner->IgnoreParenImpCasts();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    E = ASE->getBase()->IgnoreParenImpCasts();
  for (unsigned Depth = 0; Depth < 4; ++Depth) {
    const Expr *Container = elementOf(E);
    if (!Container)
      break;
    E = Container->IgnoreParenImpCasts();
  }
  return dyn_cast<MemberExpr>(E);
}

/// The member that \p E names (memberAccess), and whether the object is
/// the one `this` points to.
const FieldDecl *memberOf(const Expr *E, bool &ThisBased) {
  const MemberExpr *ME = memberAccess(E);
  if (!ME)
    return nullptr;
  ThisBased = isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

/// The parameter of \p FD whose object \p E's member belongs to
/// (`p->plan_`, `(*p).plan_`, `b.buf_` of a reference `b`), or null.
const ParmVarDecl *paramOwner(const Expr *E) {
  const MemberExpr *ME = memberAccess(E);
  if (!ME)
    return nullptr;
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Base);
      UO && UO->getOpcode() == UO_Deref)
    Base = UO->getSubExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
}

/// The member that \p E, a call of a getter of its object, returns: a
/// method whose body is `return member_;`.
const FieldDecl *getterMember(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  const FunctionDecl *Def = MD ? MD->getDefinition() : nullptr;
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  bool ThisBased = false;
  const FieldDecl *F = Ret && Ret->getRetValue()
                           ? memberOf(Ret->getRetValue(), ThisBased)
                           : nullptr;
  return ThisBased ? F : nullptr;
}

/// Whether \p E is `this` or `*this`.
bool isThisObject(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  return isa<CXXThisExpr>(E);
}

struct MemberAcquisition {
  const CallExpr *Call;
  const cuda::CreatorInfo *Creator;
  const FieldDecl *Field;
  bool ThisBased;
};

/// Collects the facts of one body.
class FactsVisitor : public RecursiveASTVisitor<FactsVisitor> {
public:
  FactsVisitor(const ParentMap &PM, const SourceManager &SM,
               UseClassifier &Uses, bool TransfersReturn = false)
      : PM(PM), SM(SM), Uses(Uses), TransfersReturn(TransfersReturn) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaExpressions() const { return false; }

  bool VisitExpr(Expr *E) {
    if (E->containsErrors())
      HasErrors = true;
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    StringRef Name = apiNameOf(Callee);
    // `this` or `*this` handed to a function of the project (not an
    // operator method, whose first argument is its object).
    if (Callee && !isCudaApi(Callee) &&
        !SM.isInSystemHeader(Callee->getLocation()) &&
        !(isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee)))
      for (unsigned I = 0; I < Call->getNumArgs() && I < Callee->getNumParams(); ++I)
        if (isThisObject(Call->getArg(I)))
          ThisHanded.push_back({Call, I});
    if (isCFree(Callee) && Call->getNumArgs() == 1) {
      bool ThisBased = false;
      if (const FieldDecl *F = memberOf(Call->getArg(0), ThisBased);
          F && ThisBased)
        ReleaseCalls.push_back({F, Call, Call->getArg(0)});
    }
    if (Name.empty())
      return true;
    if (const cuda::CreatorInfo *CI = cuda::findCreator(Name);
        CI && CI->HandleArg < Call->getNumArgs()) {
      const Expr *Arg = Call->getArg(CI->HandleArg)->IgnoreParenCasts();
      if (!CI->ByValue) {
        const auto *Addr = dyn_cast<UnaryOperator>(Arg);
        Arg = Addr && Addr->getOpcode() == UO_AddrOf ? Addr->getSubExpr()
                                                     : nullptr;
      }
      bool ThisBased = false;
      if (const FieldDecl *F = Arg ? memberOf(Arg, ThisBased) : nullptr;
          F && CI->Field.empty()) {
        Acquisitions.push_back({Call, CI, F, ThisBased});
        if (std::optional<ObjectKey> K = objectKey(Arg))
          Created.push_back({F, *K, SM.getExpansionLoc(Call->getBeginLoc())});
      } else if (const VarDecl *V = Arg ? plainLocal(Arg) : nullptr;
                 V && CI->Field.empty()) {
        MadeIntoLocal.try_emplace(V, Call, CI);
      }
      return true;
    }
    if (const cuda::ReleaserInfo *RI = cuda::findReleaser(Name);
        RI && RI->HandleArg < Call->getNumArgs()) {
      bool ThisBased = false;
      if (const FieldDecl *F =
              memberOf(Call->getArg(RI->HandleArg), ThisBased)) {
        (ThisBased ? Released : ReleasedElsewhere).insert(F);
        if (ThisBased)
          ReleaseCalls.push_back({F, Call, Call->getArg(RI->HandleArg)});
        ReleaseSites.push_back({F, objectKey(Call->getArg(RI->HandleArg)),
                                SM.getExpansionLoc(Call->getBeginLoc())});
        if (const ParmVarDecl *P = paramOwner(Call->getArg(RI->HandleArg)))
          ParamMembers[P->getFunctionScopeIndex()].insert(F);
      } else if (const FieldDecl *G = getterMember(Call->getArg(RI->HandleArg))) {
        // Released through its getter (`cudaStreamDestroy(w.stream())`).
        ReleasedElsewhere.insert(G);
      } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(
                     Call->getArg(RI->HandleArg)->IgnoreParenImpCasts())) {
        // Through a method of another file, maybe such a getter.
        if (const CXXMethodDecl *MD = resultElsewhere(MC))
          ResultsHandedOn.insert(MD);
      }
      return true;
    }
    // Any other CUDA call on a member of the object itself
    // (`cudaEventRecord(end_)`): the function works with its CUDA members.
    if (!isCudaApi(Callee))
      return true;
    for (const Expr *Arg : Call->arguments()) {
      bool ThisBased = false;
      if (const FieldDecl *F = memberOf(Arg, ThisBased); F && ThisBased)
        CudaUsed.insert(F);
    }
    return true;
  }

  /// `delete[] buf_;`: a release of the member, of the kind of `new`.
  bool VisitCXXDeleteExpr(CXXDeleteExpr *Del) {
    bool ThisBased = false;
    if (const FieldDecl *F = memberOf(Del->getArgument(), ThisBased);
        F && ThisBased)
      ReleaseCalls.push_back({F, Del, Del->getArgument()});
    return true;
  }

  void noteThisCallOrGetter(CXXMemberCallExpr *Call) {
    const Expr *Obj = Call->getImplicitObjectArgument();
    if (Obj && isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()))
      if (const CXXMethodDecl *MD = Call->getMethodDecl())
        ThisCalls.push_back({MD, Call});
    // What a getter returns is the member itself: its result handed on
    // (stored, passed to a constructor or a function that is not a CUDA
    // API, returned), directly or through a local copy, hands the member on,
    // as the member named there would (`Next next(prev.output());` where
    // `Next` keeps the buffer and frees it). Its result only read (a kernel
    // argument, a CUDA API argument, a test) does not.
    if (const FieldDecl *G = getterMember(Call)) {
      if (const VarDecl *Local = localCopy(Call))
        Copies.push_back({Local, G, nullptr});
      else if (handsOn(Call))
        HandedOn.insert(G);
    } else if (const CXXMethodDecl *MD = resultElsewhere(Call)) {
      // A method of another file, maybe a getter: its result handed on by
      // the same rule, for the project index to match with the member the
      // method returns (`hands_on_results`, `returns_member`).
      if (const VarDecl *Local = localCopy(Call))
        ResultCopies.push_back({Local, MD});
      else if (handsOn(Call))
        ResultsHandedOn.insert(MD);
    }
  }

  /// `buf_ = tmp;`, `bufs_[i] = tmp;`: a local stored into a member of
  /// the object.
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    if (const VarDecl *V = plainLocal(BO->getRHS())) {
      bool ThisBased = false;
      if (const FieldDecl *F = memberOf(BO->getLHS(), ThisBased))
        LocalsStored.push_back({V, F, ThisBased});
    }
    return true;
  }

  /// `bufs_.push_back(tmp);` and the other ways of adding an element to a
  /// standard container member: the local is stored into the member.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    noteThisCallOrGetter(Call);
    const CXXMethodDecl *MD = Call->getMethodDecl();
    const Expr *Obj = Call->getImplicitObjectArgument();
    if (!MD || !MD->getIdentifier() || !Obj ||
        !addsElement(MD->getName()))
      return true;
    bool ThisBased = false;
    const FieldDecl *F = memberOf(Obj, ThisBased);
    if (!F)
      return true;
    for (const Expr *Arg : Call->arguments())
      if (const VarDecl *V = plainLocal(Arg))
        LocalsStored.push_back({V, F, ThisBased});
    return true;
  }

  bool VisitMemberExpr(MemberExpr *ME) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F)
      return true;
    SourceLocation Loc = SM.getExpansionLoc(ME->getBeginLoc());
    auto [It, Inserted] = FirstUse.try_emplace(F, Loc);
    if (!Inserted && SM.isBeforeInTranslationUnit(Loc, It->second))
      It->second = Loc;
    const ParmVarDecl *Owner = paramOwner(ME);
    // A standard container of handles: what is done with the element.
    const Expr *Used = ME;
    if (isIndexedContainer(F->getType())) {
      std::optional<const Expr *> Elem = elementUse(ME);
      if (!Elem) {
        HandedOn.insert(F);
        Kept.insert(F);
        if (Owner)
          ParamMembers[Owner->getFunctionScopeIndex()].insert(F);
        return true;
      }
      if (!*Elem || storedInSameMember(*Elem, F))
        return true;
      Used = *Elem;
    }
    if (const VarDecl *Local = localCopy(Used))
      Copies.push_back({Local, F, Owner});
    else if (const FieldDecl *G = Used == ME ? copiedIntoOther(ME) : nullptr)
      CopiedInto.push_back({F, G});
    else if (const FieldDecl *G = Used == ME ? movedWithin(ME, F) : nullptr)
      MovedWithin.push_back({F, G});
    else if (handsOn(Used) && !onlyRead(Used, F)) {
      HandedOn.insert(F);
      if (!freedOrDeleted(Used))
        Kept.insert(F);
      if (Owner)
        ParamMembers[Owner->getFunctionScopeIndex()].insert(F);
    }
    return true;
  }

  /// A local that holds a copy of a member hands the member on when the
  /// local itself is handed on or released (`float *p = buf_; cudaFree(p);`,
  /// `q = buf_; return q;`); a copy that is only read does not
  /// (`x = input_;` then `cudaMemcpy(out_, x, ...)`).
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    // Stored into a member of the object itself (`b_ = tmp;` after `tmp =
    // a_;`): the object keeps what it holds.
    bool TargetThisBased = false;
    if (const FieldDecl *G = V && V->hasLocalStorage()
                                 ? assignedTo(DRE, TargetThisBased)
                                 : nullptr;
        G && TargetThisBased) {
      LocalIntoMember.push_back({V, G});
      return true;
    }
    if (V && V->hasLocalStorage() && (handsOn(DRE) || isReleaseArg(DRE)))
      OwningLocals.insert(V);
    if (V && V->hasLocalStorage() && (isReleaseArg(DRE) || freedOrDeleted(DRE)))
      ReleasedLocals.insert(V);
    return true;
  }

  /// A release of a member only to create into it again on the same object
  /// (`if (buf_) cudaFree(buf_); cudaMalloc(&buf_, n);`) ends the life of
  /// the old resource, not of the member's: once the body is read, a
  /// member whose every release here comes before a creation into it on
  /// the same object, later in the body, is not released here.
  void dropReleasesBeforeCreation() {
    llvm::DenseSet<const FieldDecl *> EndsLife;
    for (const auto &[F, Key, Loc] : ReleaseSites) {
      const bool Again =
          Key && llvm::any_of(Created, [&, &F = F, &Key = Key,
                                        &Loc = Loc](const auto &C) {
            return std::get<0>(C) == F && std::get<1>(C) == *Key &&
                   SM.isBeforeInTranslationUnit(Loc, std::get<2>(C));
          });
      if (!Again)
        EndsLife.insert(F);
    }
    for (const auto &[F, Key, Loc] : ReleaseSites)
      if (!EndsLife.contains(F)) {
        Released.erase(F);
        ReleasedElsewhere.erase(F);
      }
    llvm::erase_if(ReleaseCalls, [&](const auto &R) {
      return isa<CallExpr>(std::get<1>(R)) &&
             !isCFree(cast<CallExpr>(std::get<1>(R))->getDirectCallee()) &&
             !Released.contains(std::get<0>(R));
    });
  }

  /// A resource created into a local that the body then stores into a
  /// member (`cudaMalloc(&tmp, n); bufs_.push_back(tmp);`, `buf_ = tmp;`)
  /// is created into that member, once the body is read; not when the body
  /// also releases the local (the member is then left dangling, another
  /// matter).
  void addLocalsStored() {
    for (const auto &[V, F, ThisBased] : LocalsStored) {
      auto It = MadeIntoLocal.find(V);
      if (It == MadeIntoLocal.end() || ReleasedLocals.contains(V))
        continue;
      Acquisitions.push_back({It->second.first, It->second.second, F, ThisBased});
    }
  }

  /// The members (and results of methods of other files) handed on
  /// through a local copy, once the body is read.
  void addCopiesHandedOn() {
    for (const auto &[Local, F, Owner] : Copies)
      if (OwningLocals.contains(Local)) {
        HandedOn.insert(F);
        Kept.insert(F);
        if (Owner)
          ParamMembers[Owner->getFunctionScopeIndex()].insert(F);
      } else if (!Owner) {
        for (const auto &[V, G] : LocalIntoMember)
          if (V == Local && G != F && holdsHandle(G->getType()))
            MovedWithin.push_back({F, G});
      }
    for (const auto &[Local, MD] : ResultCopies)
      if (OwningLocals.contains(Local))
        ResultsHandedOn.insert(MD);
  }

  const ParentMap &PM;
  const SourceManager &SM;
  UseClassifier &Uses;
  /// The body is a method named for giving up what it returns.
  bool TransfersReturn;
  llvm::SmallVector<MemberAcquisition, 4> Acquisitions;
  llvm::DenseSet<const FieldDecl *> Released, ReleasedElsewhere, HandedOn,
      CudaUsed;
  /// The releases of members of the object itself: a CUDA release call,
  /// `free` or `delete`, with the member and the argument it is given.
  llvm::SmallVector<std::tuple<const FieldDecl *, const Expr *, const Expr *>,
                    2>
      ReleaseCalls;
  /// Members handed on other than to `free` or `delete`.
  llvm::DenseSet<const FieldDecl *> Kept;
  llvm::SmallVector<std::pair<const CXXMethodDecl *, const Expr *>, 4>
      ThisCalls;
  llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2> ThisHanded;
  llvm::DenseMap<unsigned, llvm::DenseSet<const FieldDecl *>> ParamMembers;
  llvm::DenseMap<const FieldDecl *, SourceLocation> FirstUse;
  /// Methods defined in another file whose result is handed on.
  llvm::DenseSet<const CXXMethodDecl *> ResultsHandedOn;
  /// Members passed to a function of another file that only reads them if
  /// its summary says so (`gpuleak check` settles it): the call and the
  /// parameter.
  llvm::SmallVector<std::tuple<const FieldDecl *, const CallExpr *, unsigned>,
                    2>
      ReadElsewhere;
  /// Members of the object copied into a member of another object
  /// (`layer->tmp_ = tmp_;`), with that member.
  llvm::SmallVector<std::pair<const FieldDecl *, const FieldDecl *>, 2>
      CopiedInto;
  /// Members of the object copied into another member of it (Facts).
  llvm::SmallVector<std::pair<const FieldDecl *, const FieldDecl *>, 2>
      MovedWithin;
  bool HasErrors = false;

private:
  /// What a use of \p ME, a member that is a standard container of
  /// handles, does with it: the element it names (`bufs_[l]["out"]`, through
  /// subscripts and `at()`), to be judged as a member would be; \p ME itself
  /// when it is used whole (range-for, an argument); null when it only
  /// reads or sizes the container (`size()`, `empty()`, `resize()`,
  /// `reserve()`, `count()`, or a subscript assigned to); std::nullopt for
  /// any other method (`begin()`, `data()`, `clear()`, `erase()`,
  /// `swap()`), which may hand the elements on.
  std::optional<const Expr *> elementUse(const MemberExpr *ME) const {
    const Expr *Cur = ME;
    for (unsigned Depth = 0; Depth < 4 && isIndexedContainer(Cur->getType());
         ++Depth) {
      auto [P, Child] = valueParent(Cur);
      if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
          Op && Op->getOperator() == OO_Subscript && Op->getArg(0) == Child) {
        Cur = Op;
        continue;
      }
      if (const auto *Callee = dyn_cast_or_null<MemberExpr>(P)) {
        const auto *MC =
            dyn_cast_or_null<CXXMemberCallExpr>(PM.getParent(Callee));
        const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
        if (!MD || !MD->getIdentifier())
          return std::nullopt;
        if (MD->getName() == "at") {
          Cur = MC;
          continue;
        }
        // Adding an element (`push_back(tmp)`) hands none of those it
        // holds on.
        if (llvm::is_contained({StringRef("size"), StringRef("empty"),
                                StringRef("resize"), StringRef("reserve"),
                                StringRef("capacity"), StringRef("count")},
                               MD->getName()) ||
            addsElement(MD->getName()))
          return nullptr;
        return std::nullopt;
      }
      break;
    }
    if (Cur == ME)
      return Cur;
    // An element assigned to (`bufs_[l] = init()`) is written, not handed.
    auto [P, Child] = valueParent(Cur);
    if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P);
        Op && Op->isAssignmentOp() && Op->getArg(0) == Child)
      return nullptr;
    return Cur;
  }

  /// The member that \p E, a value of a member of the object itself (or
  /// an element of one), is assigned to (`x->buf_ = buf_;`), with whether
  /// that member is of the object itself too; or null.
  const FieldDecl *assignedToMember(const Expr *E,
                                    bool &TargetThisBased) const {
    bool ThisBased = false;
    if (!memberOf(E, ThisBased) || !ThisBased)
      return nullptr;
    return assignedTo(E, TargetThisBased);
  }

  /// Whether \p Elem, an element of the member \p F of the object itself,
  /// is copied into another element of it (`bufs_[l + 1]["in"] =
  /// bufs_[l]["out"];`): the member keeps it.
  bool storedInSameMember(const Expr *Elem, const FieldDecl *F) const {
    bool ThisBased = false, TargetThisBased = false;
    return memberOf(Elem, ThisBased) == F &&
           assignedToMember(Elem, TargetThisBased) == F && TargetThisBased;
  }

  /// The member of another object that \p ME, a member of the object
  /// itself, is assigned to (`layer->tmp_ = tmp_;`), when it can hold a
  /// handle; or null.
  /// The other member of the object itself that \p ME, the member \p F
  /// of the object itself, is assigned to (`a_ = b_;`), when it can hold a
  /// handle; or null.
  const FieldDecl *movedWithin(const MemberExpr *ME,
                               const FieldDecl *F) const {
    bool TargetThisBased = false;
    const FieldDecl *G = assignedToMember(ME, TargetThisBased);
    if (!G || !TargetThisBased || G == F || !holdsHandle(G->getType()))
      return nullptr;
    return G;
  }

  /// The member that \p E is assigned to (`buf_ = E;`), with whether it is
  /// of the object itself; or null.
  const FieldDecl *assignedTo(const Expr *E, bool &TargetThisBased) const {
    auto [P, Child] = valueParent(E);
    const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
    if (!BO || BO->getOpcode() != BO_Assign || BO->getRHS() != Child)
      return nullptr;
    return memberOf(BO->getLHS(), TargetThisBased);
  }

  const FieldDecl *copiedIntoOther(const MemberExpr *ME) const {
    bool TargetThisBased = false;
    const FieldDecl *G = assignedToMember(ME, TargetThisBased);
    if (!G || TargetThisBased || !holdsHandle(G->getType()))
      return nullptr;
    return G;
  }

  /// Whether \p ME, the member \p F handed to a function as an argument,
  /// is only read there: the function's body (in this file, up to 3 calls
  /// deep, or its summary in the index) neither keeps nor releases its
  /// parameter (`layer->update_weights(w, dw, lr, compute_stream_)`, whose
  /// stream is a launch argument). A function of another file that the
  /// project step is to settle is recorded in ReadElsewhere.
  bool onlyRead(const Expr *ME, const FieldDecl *F) {
    auto [P, Child] = valueParent(ME);
    const auto *Call = dyn_cast_or_null<CallExpr>(P);
    if (!Call || isa<CXXOperatorCallExpr>(Call))
      return false;
    const auto *Arg = dyn_cast<Expr>(Child);
    if (!Arg || llvm::find(Call->arguments(), Arg) == Call->arg_end())
      return false;
    const Use U = Uses.argUse(Call, Arg);
    if (U.Kind == UseKind::Elsewhere) {
      ReadElsewhere.push_back({F, Call, U.Param});
      return true;
    }
    return U.Kind == UseKind::None;
  }

  /// The object whose member an expression names: `this` (null) or a
  /// variable (`p->buf_`, `(*p).buf_`, `s.buf_`).
  using ObjectKey = const ValueDecl *;
  static std::optional<ObjectKey> objectKey(const Expr *E) {
    const MemberExpr *ME = memberAccess(E);
    if (!ME)
      return std::nullopt;
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(Base))
      return ObjectKey(nullptr);
    if (const auto *UO = dyn_cast<UnaryOperator>(Base);
        UO && UO->getOpcode() == UO_Deref)
      Base = UO->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
      return ObjectKey(DRE->getDecl());
    return std::nullopt;
  }
  llvm::SmallVector<
      std::tuple<const FieldDecl *, ObjectKey, SourceLocation>, 2>
      Created;
  llvm::SmallVector<std::tuple<const FieldDecl *, std::optional<ObjectKey>,
                               SourceLocation>,
                    2>
      ReleaseSites;
  llvm::SmallVector<
      std::tuple<const VarDecl *, const FieldDecl *, const ParmVarDecl *>, 4>
      Copies;
  llvm::SmallVector<std::pair<const VarDecl *, const CXXMethodDecl *>, 2>
      ResultCopies;
  llvm::DenseSet<const VarDecl *> OwningLocals;
  /// Locals (not references or parameters) that a CUDA creator fills, with
  /// the creation; locals stored into a member (the member, and whether it
  /// is of the object itself); locals released in the body.
  llvm::DenseMap<const VarDecl *,
                 std::pair<const CallExpr *, const cuda::CreatorInfo *>>
      MadeIntoLocal;
  llvm::SmallVector<std::tuple<const VarDecl *, const FieldDecl *, bool>, 2>
      LocalsStored;
  llvm::DenseSet<const VarDecl *> ReleasedLocals;
  /// Locals assigned to a member of the object itself, with the member.
  llvm::SmallVector<std::pair<const VarDecl *, const FieldDecl *>, 2>
      LocalIntoMember;

  /// The local variable that \p E names (through parentheses and casts),
  /// when it is neither a reference nor a parameter; or null.
  static const VarDecl *plainLocal(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
        V->getType()->isReferenceType())
      return nullptr;
    return V;
  }

  /// Whether a method of this name adds its argument to a standard
  /// container.
  static bool addsElement(StringRef Name) {
    return llvm::is_contained(
        {StringRef("push_back"), StringRef("emplace_back"),
         StringRef("push_front"), StringRef("emplace_front"),
         StringRef("insert"), StringRef("emplace"), StringRef("push"),
         StringRef("try_emplace"), StringRef("insert_or_assign")},
        Name);
  }

  /// The method that \p Call calls on an object, when it is of the project,
  /// defined in no file this translation unit sees, and returns what can
  /// hold a CUDA handle: a getter of another file, for all this body knows.
  const CXXMethodDecl *resultElsewhere(const CXXMemberCallExpr *Call) const {
    const CXXMethodDecl *MD = Call->getMethodDecl();
    if (!MD || MD->isStatic() || MD->getDefinition() ||
        SM.isInSystemHeader(MD->getLocation()) ||
        !holdsHandle(MD->getReturnType()))
      return nullptr;
    return MD;
  }

  /// The parent of \p E through parentheses, casts and temporaries, and the
  /// child of it that holds \p E.
  std::pair<const Stmt *, const Stmt *> valueParent(const Expr *E) const {
    const Stmt *Child = E;
    const Stmt *P = PM.getParent(E);
    while (P && isa<ParenExpr, CastExpr, ExprWithCleanups,
                    MaterializeTemporaryExpr, CXXBindTemporaryExpr>(P)) {
      Child = P;
      P = PM.getParent(P);
    }
    return {P, Child};
  }

  /// The local variable (not a reference) that \p ME is copied into by its
  /// declaration or an assignment, or null.
  const VarDecl *localCopy(const Expr *ME) const {
    auto [P, Child] = valueParent(ME);
    const VarDecl *V = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(P)) {
      if (DS->isSingleDecl())
        V = dyn_cast<VarDecl>(DS->getSingleDecl());
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
               BO && BO->getOpcode() == BO_Assign && BO->getRHS() == Child) {
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        V = dyn_cast<VarDecl>(DRE->getDecl());
    }
    if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType())
      return nullptr;
    return V;
  }

  /// Whether \p E is what `free` or `delete` is given.
  bool freedOrDeleted(const Expr *E) const {
    auto [P, Child] = valueParent(E);
    if (isa_and_nonnull<CXXDeleteExpr>(P))
      return true;
    const auto *Call = dyn_cast_or_null<CallExpr>(P);
    return Call && isCFree(Call->getDirectCallee()) &&
           Call->getNumArgs() == 1 && Call->getArg(0) == Child;
  }

  /// Whether \p E is the handle argument of a CUDA release call.
  bool isReleaseArg(const Expr *E) const {
    auto [P, Child] = valueParent(E);
    const auto *Call = dyn_cast_or_null<CallExpr>(P);
    if (!Call)
      return false;
    const cuda::ReleaserInfo *RI =
        cuda::findReleaser(apiNameOf(Call->getDirectCallee()));
    return RI && RI->HandleArg < Call->getNumArgs() &&
           Call->getArg(RI->HandleArg) == Child;
  }

  /// Whether the value of \p ME (a member, or a local holding a copy of
  /// one) goes somewhere that may own it: a return, a variable or another
  /// member, a constructor or initializer list, or an argument of a function
  /// that is not a CUDA API. Reads (kernel arguments, CUDA API arguments,
  /// tests, `p->x`) are not.
  bool handsOn(const Expr *ME) const {
    // A conversion to bool or a read of a field through it is a test.
    auto [P, Child] = valueParent(ME);
    if (!P)
      return false;
    // `return buf_;` in a method of the object reads the member, as a
    // getter does (`cudaStream_t stream() const { return stream_; }`): the
    // object keeps it. A copy returned after the member is reset
    // (`p = buf_; buf_ = nullptr; return p;`, `std::exchange`) hands it on.
    // So does a method named for giving it up (`release()`, `take()`).
    if (isa<ReturnStmt>(P)) {
      bool ThisBased = false;
      return TransfersReturn ||
             !((isa<MemberExpr>(ME) || elementOf(ME)) && memberOf(ME, ThisBased) &&
               ThisBased);
    }
    if (isa<DeclStmt, CXXConstructExpr, InitListExpr, CXXNewExpr, LambdaExpr>(
            P))
      return true;
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return BO->isAssignmentOp() && BO->getRHS() == Child;
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->getOpcode() == UO_AddrOf && !isCreationArg(UO);
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      if (Call->getCallee() == Child || isa<CUDAKernelCallExpr>(Call))
        return false;
      const FunctionDecl *Callee = Call->getDirectCallee();
      return !Callee || !isCudaApi(Callee);
    }
    return false;
  }

  /// Whether \p Addr (`&member`) is the handle argument of a creating call.
  bool isCreationArg(const UnaryOperator *Addr) const {
    const Stmt *Child = Addr;
    const Stmt *P = PM.getParent(Addr);
    while (P && isa<ParenExpr, CastExpr>(P)) {
      Child = P;
      P = PM.getParent(P);
    }
    const auto *Call = dyn_cast_or_null<CallExpr>(P);
    if (!Call)
      return false;
    const cuda::CreatorInfo *CI =
        cuda::findCreator(apiNameOf(Call->getDirectCallee()));
    return CI && CI->HandleArg < Call->getNumArgs() &&
           Call->getArg(CI->HandleArg) == Child;
  }
};

/// Whether \p S, in a body whose parents \p PM knows, is repeated by a loop
/// of that body (not in a `for`'s init statement).
bool inLoop(const Stmt *S, const ParentMap &PM) {
  for (const Stmt *Child = S, *P = PM.getParent(S); P;
       Child = P, P = PM.getParent(P)) {
    if (const auto *For = dyn_cast<ForStmt>(P); For && For->getInit() == Child)
      continue;
    if (const auto *RF = dyn_cast<CXXForRangeStmt>(P);
        RF && RF->getBody() != Child)
      continue;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      return true;
  }
  return false;
}

/// A class of the project (not of a system header) with a definition.
const CXXRecordDecl *projectClass(QualType T, const SourceManager &SM) {
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return nullptr;
  RD = RD->getDefinition();
  if (SM.isInSystemHeader(RD->getLocation()) || RD->isInvalidDecl())
    return nullptr;
  return RD;
}

/// Whether every method that \p RD declares is defined in this
/// translation unit (or is implicit or defaulted): what its objects do
/// with their members is all here.
bool definedHere(const RecordDecl *RD) {
  const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
  if (!CRD || !CRD->hasDefinition())
    return false;
  return llvm::all_of(CRD->getDefinition()->methods(),
                      [](const CXXMethodDecl *MD) {
                        return MD->isImplicit() || MD->isDefaulted() ||
                               MD->isPureVirtual() || MD->isDefined();
                      });
}

/// \p RD, and the classes of its members and bases, up to 3 levels.
void withParts(const CXXRecordDecl *RD, const SourceManager &SM,
               llvm::SmallVectorImpl<const CXXRecordDecl *> &Out,
               unsigned Depth = 0) {
  if (!RD || llvm::is_contained(Out, RD))
    return;
  Out.push_back(RD);
  if (Depth == 3)
    return;
  for (const FieldDecl *F : RD->fields())
    withParts(projectClass(F->getType(), SM), SM, Out, Depth + 1);
  for (const CXXBaseSpecifier &B : RD->bases())
    withParts(projectClass(B.getType(), SM), SM, Out, Depth + 1);
}

class ConstructionVisitor : public RecursiveASTVisitor<ConstructionVisitor> {
public:
  ConstructionVisitor(const ParentMap &PM, const SourceManager &SM)
      : PM(PM), SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *C = E->getConstructor();
    if (!C || C->isCopyOrMoveConstructor())
      return true;
    add(projectClass(E->getType(), SM), E);
    return true;
  }
  /// `std::make_unique<T>(...)`, `std::make_shared<T>(...)`: the object is
  /// made inside the standard library, for this call.
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->isInStdNamespace() || !Callee->getIdentifier() ||
        !llvm::is_contained({StringRef("make_unique"), StringRef("make_shared")},
                            Callee->getName()))
      return true;
    const TemplateArgumentList *Args = Callee->getTemplateSpecializationArgs();
    if (Args && Args->size() && Args->get(0).getKind() == TemplateArgument::Type)
      add(projectClass(Args->get(0).getAsType(), SM), Call);
    return true;
  }

  llvm::SmallVector<CudaClassResources::Construction, 4> Found;

private:
  void add(const CXXRecordDecl *RD, const Expr *At) {
    if (!RD)
      return;
    llvm::SmallVector<const CXXRecordDecl *, 4> Parts;
    withParts(RD, SM, Parts);
    const bool Loop = PM.hasParent(At) && inLoop(At, PM);
    for (const CXXRecordDecl *P : Parts)
      Found.push_back({P, At, Loop});
  }
  const ParentMap &PM;
  const SourceManager &SM;
};

/// Calls of functions of the translation unit, and constructions, in every
/// function defined in it outside system headers.
class TUVisitor : public RecursiveASTVisitor<TUVisitor> {
public:
  explicit TUVisitor(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() ||
        Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      return true;
    Functions.push_back(FD);
    return true;
  }
  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    if (RD->isThisDeclarationADefinition() && !RD->isDependentContext() &&
        !Ctx.getSourceManager().isInSystemHeader(RD->getLocation()))
      Records.push_back(RD);
    return true;
  }
  ASTContext &Ctx;
  std::vector<const FunctionDecl *> Functions;
  std::vector<const CXXRecordDecl *> Records;
};

} // namespace

llvm::SmallVector<CudaClassResources::Construction, 4>
CudaClassResources::constructionsIn(const FunctionDecl *FD, ASTContext &Ctx) {
  Stmt *Body = FD->getBody();
  if (!Body)
    return {};
  ParentMap PM(Body);
  ConstructionVisitor V(PM, Ctx.getSourceManager());
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() && Init->getInit())
        V.TraverseStmt(Init->getInit());
  V.TraverseStmt(Body);
  return std::move(V.Found);
}

void CudaClassResources::collectConstructions() {
  TU = std::make_unique<TUFacts>();
  TUVisitor V(Ctx);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  TU->Records = std::move(V.Records);
  for (const FunctionDecl *FD : V.Functions) {
    for (const Construction &K : constructionsIn(FD, Ctx))
      TU->Made[K.Class].push_back({K, FD});
    Stmt *Body = FD->getBody();
    ParentMap PM(Body);
    for (const auto &M : ast_matchers::match(
             ast_matchers::findAll(ast_matchers::callExpr().bind("c")), *Body,
             Ctx)) {
      const auto *Call = M.getNodeAs<CallExpr>("c");
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && PM.hasParent(Call))
        TU->CallersOf[Callee->getCanonicalDecl()].push_back(
            {Call, FD, inLoop(Call, PM)});
    }
  }
}

bool CudaClassResources::madeRepeatedly(const CXXRecordDecl *RD, Finding &F) {
  if (!TU)
    collectConstructions();
  // A call of the project in a loop that repeats \p FD: in this file, up to
  // 3 calls above it; else, with the index, anywhere.
  std::function<bool(const FunctionDecl *, unsigned)> Repeated =
      [&](const FunctionDecl *FD, unsigned Depth) {
        if (FD->isMain())
          return false;
        auto It = TU->CallersOf.find(FD->getCanonicalDecl());
        if (It != TU->CallersOf.end()) {
          for (const auto &[Call, Caller, Loop] : It->second)
            if (Loop) {
              F.Via.insert(F.Via.begin(), Call);
              return true;
            }
          if (Depth < 3)
            for (const auto &[Call, Caller, Loop] : It->second)
              if (Caller != FD && Repeated(Caller, Depth + 1)) {
                F.Via.push_back(Call);
                return true;
              }
        }
        if (Index && Depth == 0)
          if (auto Chain = Index->calledInLoop(usrOf(FD->getCanonicalDecl()))) {
            F.IndexNotes = calledInLoopNotes(*Chain);
            return true;
          }
        return false;
      };
  auto Sites = TU->Made.find(RD);
  if (Sites != TU->Made.end()) {
    for (const auto &[K, FD] : Sites->second)
      if (K.InLoop) {
        F.Made = K.At;
        return true;
      }
    for (const auto &[K, FD] : Sites->second) {
      F.Via.clear();
      F.IndexNotes.clear();
      if (Repeated(FD, 0)) {
        F.Made = K.At;
        return true;
      }
    }
    F.Via.clear();
  }
  if (Index)
    if (auto Notes = Index->madeRepeatedly(RD->getQualifiedNameAsString())) {
      F.IndexNotes = std::move(*Notes);
      return true;
    }
  return false;
}

/// The project class whose objects a member of type \p T owns: the class
/// itself, the pointee of a `std::unique_ptr`/`shared_ptr`, the element of
/// an array or of a standard container (of those), or null.
static const CXXRecordDecl *ownedClass(QualType T, const SourceManager &SM,
                                       unsigned Depth = 0) {
  T = T.getCanonicalType();
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType().getCanonicalType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return nullptr;
  if (!RD->isInStdNamespace())
    return projectClass(T, SM);
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Depth == 2 || !Spec->getIdentifier() ||
      !llvm::is_contained({StringRef("unique_ptr"), StringRef("shared_ptr"),
                           StringRef("vector"), StringRef("array"),
                           StringRef("deque"), StringRef("list"),
                           StringRef("optional")},
                          Spec->getName()))
    return nullptr;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (!Args.size() || Args[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return ownedClass(Args[0].getAsType(), SM, Depth + 1);
}

llvm::SmallVector<std::pair<const FieldDecl *, const CXXRecordDecl *>, 2>
CudaClassResources::ownedParts(const CXXDestructorDecl *D,
                               const SourceManager &SM) {
  llvm::SmallVector<std::pair<const FieldDecl *, const CXXRecordDecl *>, 2>
      Parts;
  const CXXRecordDecl *RD = D->getParent();
  if (!RD->hasDefinition())
    return Parts;
  RD = RD->getDefinition();
  // Members that the destructor deletes: `delete plan_;`.
  llvm::DenseSet<const FieldDecl *> Deleted;
  if (const FunctionDecl *Def = D->getDefinition(); Def && Def->getBody())
    for (const auto &M : ast_matchers::match(
             ast_matchers::findAll(ast_matchers::cxxDeleteExpr().bind("d")),
             *Def->getBody(), D->getASTContext()))
      if (const auto *ME = dyn_cast<MemberExpr>(
              M.getNodeAs<CXXDeleteExpr>("d")->getArgument()->IgnoreParenImpCasts());
          ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          Deleted.insert(F);
  for (const FieldDecl *F : RD->fields()) {
    const CXXRecordDecl *Part = nullptr;
    if (const auto *PT = F->getType()->getAs<PointerType>())
      Part = Deleted.contains(F) ? projectClass(PT->getPointeeType(), SM)
                                 : nullptr;
    else
      Part = ownedClass(F->getType(), SM);
    if (Part && Part != RD)
      Parts.push_back({F, Part});
  }
  return Parts;
}

bool CudaClassResources::heldByReleasingOwner(const CXXRecordDecl *RD,
                                              Finding &F) {
  if (!TU)
    collectConstructions();
  if (!TU->HeldBy) {
    // Once per TU: each holder's destructor is judged once, whatever
    // number of parts it owns.
    TU->HeldBy.emplace();
    const SourceManager &SM = Ctx.getSourceManager();
    for (const CXXRecordDecl *H : TU->Records) {
      if (!H->hasUserDeclaredDestructor())
        continue;
      const CXXDestructorDecl *D = H->getDestructor();
      const FunctionDecl *Def = D ? D->getDefinition() : nullptr;
      if (!Def || !Def->getBody() || Def->isDefaulted())
        continue;
      auto Parts = ownedParts(D, SM);
      if (Parts.empty())
        continue;
      ReleaseSet Released;
      llvm::DenseSet<const FunctionDecl *> Seen;
      bool Unknown = false;
      closure(Def, 0, Seen, Released, Unknown);
      if (Unknown || !Released.ReleasesAny)
        continue;
      for (const auto &[Field, Part] : Parts)
        TU->HeldBy->try_emplace(Part->getCanonicalDecl(),
                                TUFacts::Holding{H, Field, Def});
    }
  }
  if (auto It = TU->HeldBy->find(RD->getCanonicalDecl());
      It != TU->HeldBy->end()) {
    F.Holder = It->second.Holder;
    F.HolderField = It->second.Field;
    F.HolderDtor = It->second.Dtor;
    return true;
  }
  if (Index)
    if (auto H = Index->heldByReleasingOwner(RD->getQualifiedNameAsString())) {
      F.HolderName = std::move(H->Name);
      F.IndexNotes = std::move(H->Notes);
      return true;
    }
  return false;
}

const CudaClassResources::Facts &
CudaClassResources::factsOf(const FunctionDecl *FD) {
  FD = FD->getDefinition() ? FD->getDefinition() : FD;
  auto [It, Inserted] = FactsOf.try_emplace(FD);
  if (!Inserted)
    return *It->second;
  auto F = std::make_unique<Facts>();
  if (const Stmt *Body = FD->getBody()) {
    ParentMap PM(const_cast<Stmt *>(Body));
    // `release()`, `take()`, `detach()`, `steal()`, `transfer()`,
    // `extract()`: what it returns changes owner, whether or not it resets
    // the member.
    bool Transfers = false;
    if (FD->getIdentifier())
      for (StringRef Verb :
           {"release", "take", "detach", "steal", "transfer", "extract"})
        Transfers |= FD->getName().starts_with_insensitive(Verb);
    ParamMemoMap ParamMemo;
    UseClassifier Uses(Ctx, ParamMemo, Index, Deferred);
    FactsVisitor V(PM, Ctx.getSourceManager(), Uses, Transfers);
    V.TraverseStmt(const_cast<Stmt *>(Body));
    V.dropReleasesBeforeCreation();
    V.addCopiesHandedOn();
    V.addLocalsStored();
    for (const auto &A : V.Acquisitions)
      F->Acquisitions.push_back({A.Call, A.Creator, A.Field, A.ThisBased});
    F->Released = std::move(V.Released);
    F->ReleasedElsewhere = std::move(V.ReleasedElsewhere);
    F->HandedOn = std::move(V.HandedOn);
    F->ReleaseCalls = std::move(V.ReleaseCalls);
    F->Kept = std::move(V.Kept);
    F->CudaUsed = std::move(V.CudaUsed);
    F->ThisCalls = std::move(V.ThisCalls);
    F->ThisHanded = std::move(V.ThisHanded);
    F->ParamMembers = std::move(V.ParamMembers);
    F->FirstUse = std::move(V.FirstUse);
    F->ResultsHandedOn = std::move(V.ResultsHandedOn);
    F->ReadElsewhere = std::move(V.ReadElsewhere);
    F->CopiedInto = std::move(V.CopiedInto);
    F->MovedWithin = std::move(V.MovedWithin);
    F->HasErrors = V.HasErrors;
  } else {
    F->HasErrors = true; // not defined here: unknown
  }
  It = FactsOf.find(FD);
  It->second = std::move(F);
  return *It->second;
}

void CudaClassResources::addFunction(const FunctionDecl *FD) {
  const Facts &F = factsOf(FD);
  if (F.HasErrors)
    return;
  Functions.push_back(FD);
  // The methods of the classes involved: where else their members go.
  for (const auto &A : F.Acquisitions)
    if (const auto *RD = dyn_cast<CXXRecordDecl>(A.Field->getParent()))
      for (const CXXMethodDecl *MD : RD->methods())
        if (MD->hasBody() && !FactsOf.count(MD))
          Functions.push_back(MD), (void)factsOf(MD);
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    for (const CXXMethodDecl *Other : MD->getParent()->methods())
      if (Other->hasBody() && !FactsOf.count(Other))
        Functions.push_back(Other), (void)factsOf(Other);
  // The classes whose members receive copies: whether they look after them.
  for (const auto &[Member, Target] : factsOf(FD).CopiedInto)
    if (const auto *RD = dyn_cast<CXXRecordDecl>(Target->getParent()))
      for (const CXXMethodDecl *MD : RD->methods())
        if (MD->hasBody() && !FactsOf.count(MD))
          Functions.push_back(MD), (void)factsOf(MD);
}

void CudaClassResources::summarize(const FunctionDecl *FD, ASTContext &Ctx,
                                   FunctionSummary &S) {
  if (!FD->getBody())
    return;
  // Deferred: a member handed to a function of another file is recorded as
  // such (HandsOnIf), for the project's summaries to settle, not taken as
  // handed on.
  CudaClassResources R(Ctx, /*Index=*/nullptr, /*Deferred=*/true);
  // Objects of project classes made here, for classes without a destructor
  // whose constructor creates into a member (madeRepeatedly()).
  for (const Construction &K : constructionsIn(FD, Ctx))
    S.Constructs.push_back({usrOf(K.Class), K.Class->getQualifiedNameAsString(),
                            placeOf(K.At->getBeginLoc(), Ctx.getSourceManager()),
                            K.InLoop});
  // The parts that its class's objects own, for a destructor
  // (heldByReleasingOwner()).
  if (const auto *D = dyn_cast<CXXDestructorDecl>(FD))
    for (const auto &[Field, Part] : ownedParts(D, Ctx.getSourceManager()))
      S.OwnsParts.push_back({usrOf(Part), Part->getQualifiedNameAsString(),
                             Field->getQualifiedNameAsString(),
                             placeOf(Field->getLocation(),
                                     Ctx.getSourceManager())});
  const Facts &F = R.factsOf(FD);
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (F.HasErrors) {
    if (MD && !MD->isStatic())
      S.MembersUnknown = true;
    return;
  }
  // Members of any object it releases or hands on.
  // A copy into another object's member counts, as any hand-on: the
  // member rules of another file read these for a class without a
  // destructor, where nothing says which copy owns the resource.
  std::set<std::pair<std::string, std::string>> Any;
  for (const auto *Set : {&F.Released, &F.ReleasedElsewhere, &F.HandedOn})
    for (const FieldDecl *M : *Set)
      Any.insert({usrOf(M), M->getQualifiedNameAsString()});
  for (const auto &[M, Target] : F.CopiedInto)
    Any.insert({usrOf(M), M->getQualifiedNameAsString()});
  S.LooksAfterMembers.assign(Any.begin(), Any.end());
  std::set<std::tuple<std::string, std::string, std::string, unsigned>> If;
  for (const auto &[M, Call, Param] : F.ReadElsewhere)
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      If.insert({usrOf(M), M->getQualifiedNameAsString(),
                 usrOf(Callee->getCanonicalDecl()), Param});
  for (const auto &[U, N, C, P] : If)
    S.HandsOnIf.push_back({U, N, C, P});
  std::set<std::pair<std::string, std::string>> Results;
  for (const CXXMethodDecl *M : F.ResultsHandedOn)
    Results.insert(
        {usrOf(M->getCanonicalDecl()), M->getQualifiedNameAsString()});
  S.HandsOnResults.assign(Results.begin(), Results.end());
  std::set<std::tuple<unsigned, std::string, std::string>> OfParams;
  for (const auto &[P, Fields] : F.ParamMembers)
    for (const FieldDecl *M : Fields)
      OfParams.insert({P, usrOf(M), M->getQualifiedNameAsString()});
  S.ReleasesParamMembers.assign(OfParams.begin(), OfParams.end());
  if (!MD || MD->isStatic())
    return;
  std::set<std::pair<std::string, std::string>> Members;
  for (const auto *Set : {&F.Released, &F.HandedOn})
    for (const FieldDecl *M : *Set)
      Members.insert({usrOf(M), M->getQualifiedNameAsString()});
  for (const auto &[M, Target] : F.CopiedInto)
    Members.insert({usrOf(M), M->getQualifiedNameAsString()});
  S.ReleasesMembers.assign(Members.begin(), Members.end());
  std::set<std::string> Calls;
  for (const auto &[Callee, Call] : F.ThisCalls)
    Calls.insert(usrOf(Callee->getCanonicalDecl()));
  S.ObjectCalls.assign(Calls.begin(), Calls.end());
}

void CudaClassResources::elsewhere(const FunctionDecl *FD,
                                   ReleaseSet &Released, bool &Unknown) {
  if (Index) {
    llvm::StringSet<> Names;
    if (!Index->membersReleasedBy(usrOf(FD->getCanonicalDecl()),
                                  Released.USRs, Names))
      Unknown = true; // not in the index: it may release anything
    return;
  }
  if (Deferred) {
    Released.Assumed.push_back(FD);
    return;
  }
  Unknown = true; // a method defined in another file may release anything
}

void CudaClassResources::closure(const FunctionDecl *FD, unsigned Depth,
                                 llvm::DenseSet<const FunctionDecl *> &Seen,
                                 ReleaseSet &Released, bool &Unknown) {
  if (!Seen.insert(FD).second)
    return;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody()) {
    elsewhere(FD, Released, Unknown);
    return;
  }
  const Facts &F = factsOf(Def);
  if (F.HasErrors) {
    Unknown = true;
    return;
  }
  Released.Fields.insert(F.Released.begin(), F.Released.end());
  Released.Fields.insert(F.HandedOn.begin(), F.HandedOn.end());
  Released.Kept.insert(F.Kept.begin(), F.Kept.end());
  for (const auto &[M, Releaser, Arg] : F.ReleaseCalls)
    Released.Calls[M].push_back({Releaser, Arg});
  for (const auto &[M, Target] : F.CopiedInto) {
    Released.Fields.insert(M);
    Released.Kept.insert(M);
  }
  Released.ReleasesAny |= !F.Released.empty();
  // What shows that the function looks after CUDA members: a release, a
  // CUDA call on one, or a member that can hold a handle handed to other
  // code. A `std::string` printed in a destructor shows nothing.
  Released.WorksWithCuda |=
      !F.Released.empty() || !F.CudaUsed.empty() ||
      llvm::any_of(F.HandedOn, [](const FieldDecl *M) {
        QualType T = M->getType().getCanonicalType();
        return T->isPointerType() || T->isArrayType();
      }) ||
      !F.CopiedInto.empty();
  // `destroyPlan(this)`, `release_all(*this)`: what the function releases
  // of the object its parameter points to.
  for (const auto &[Call, Param] : F.ThisHanded)
    handedThis(Call->getDirectCallee(), Param, Released, Unknown);
  if (Depth == 3)
    return;
  for (const auto &[MD, Call] : F.ThisCalls) {
    closure(MD, Depth + 1, Seen, Released, Unknown);
  }
}

void CudaClassResources::handedThis(const FunctionDecl *FD, unsigned Param,
                                    ReleaseSet &Released, bool &Unknown) {
  const FunctionDecl *Def = FD->getDefinition();
  if (Def && Def->getBody()) {
    const Facts &G = factsOf(Def);
    if (G.HasErrors) {
      Unknown = true;
      return;
    }
    auto It = G.ParamMembers.find(Param);
    if (It == G.ParamMembers.end())
      return;
    Released.Fields.insert(It->second.begin(), It->second.end());
    Released.Kept.insert(It->second.begin(), It->second.end());
    Released.ReleasesAny = Released.WorksWithCuda = true;
    return;
  }
  if (Index) {
    const FunctionSummary *S = Index->lookup(usrOf(FD->getCanonicalDecl()));
    if (!S) {
      Unknown = true; // not in the index: it may release anything
      return;
    }
    for (const auto &[P, U, N] : S->ReleasesParamMembers)
      if (P == Param)
        Released.USRs.insert(U);
    return;
  }
  if (Deferred) {
    Released.Assumed.push_back(FD);
    return;
  }
  Unknown = true; // a function defined in another file may release anything
}

std::optional<CudaClassResources::Finding>
CudaClassResources::forgottenByDerived(const Facts::Acquisition &A,
                                       const CXXRecordDecl *Base) {
  const CXXDestructorDecl *BaseDtor = Base->getDestructor();
  if (!BaseDtor || !BaseDtor->isVirtual() || (!Index && !Deferred))
    return std::nullopt;
  if (Index && Index->memberLookedAfter(A.Field->getQualifiedNameAsString()))
    return std::nullopt;
  if (!TU)
    collectConstructions();
  std::optional<Finding> Lost;
  for (const CXXRecordDecl *D : TU->Records) {
    if (D == Base || !D->isDerivedFrom(Base))
      continue;
    ReleaseSet Released;
    const FunctionDecl *Dtor = nullptr;
    if (!destructorChain(D, A.Field->getParent(), Released, Dtor) ||
        !Released.Assumed.empty() || Released.contains(A.Field))
      return std::nullopt; // unknown, or one of them releases it
    if (Lost || !Dtor || !Released.ReleasesAny)
      continue;
    Lost = Finding{Finding::NotReleased, A.Call, A.Creator, A.Field, Dtor,
                   cast<CXXMethodDecl>(Dtor)->getParent(), nullptr, {}, false};
  }
  // Under `gpuleak check`, a derived class of another file may release it:
  // the project step settles it (AssumedNotReleasedElsewhereNote).
  if (Lost && !Index)
    Lost->TargetsAssumed.push_back(A.Field);
  return Lost;
}

std::optional<CudaClassResources::Finding>
CudaClassResources::releasedWrongly(const Facts::Acquisition &A,
                                    const CXXMethodDecl *MD) {
  // A registered buffer's `free` or `delete[]` is the release of the
  // buffer's own memory, not of the registration.
  if (A.Creator->ByValue)
    return std::nullopt;
  const CXXRecordDecl *Owner =
      A.ThisBased && MD ? MD->getParent()
                        : dyn_cast<CXXRecordDecl>(A.Field->getParent());
  ReleaseSet Released;
  const FunctionDecl *Dtor = nullptr;
  if (!Owner ||
      !destructorChain(Owner, A.Field->getParent(), Released, Dtor) ||
      !Dtor || !Released.Assumed.empty() || Released.Kept.contains(A.Field) ||
      Released.USRs.contains(usrOf(A.Field)))
    return std::nullopt;
  auto It = Released.Calls.find(A.Field);
  if (It == Released.Calls.end())
    return std::nullopt;
  // One release of the right kind (`if (pinned_) cudaFreeHost(p_); else
  // cudaFree(p_);`) may be the one that runs.
  Use Wrong;
  for (const auto &[Releaser, Arg] : It->second) {
    Use U = releaseUse(Releaser, Arg, A.Creator->Kind);
    if (U.Kind != UseKind::WrongRelease)
      return std::nullopt;
    if (!Wrong.Releaser)
      Wrong = U;
  }
  Finding F{Finding::WrongApi, A.Call, A.Creator, A.Field, Dtor,
            cast<CXXMethodDecl>(Dtor)->getParent(), Wrong.Releaser, {}, false};
  F.WrongName = Wrong.ReleaserName;
  return F;
}

bool CudaClassResources::destructorChain(
    const CXXRecordDecl *RD, const RecordDecl *Stop, ReleaseSet &Released,
    const FunctionDecl *&Dtor) {
  if (!RD || !RD->hasDefinition())
    return false;
  RD = RD->getDefinition();
  if (RD->isInvalidDecl())
    return false;
  if (RD->hasUserDeclaredDestructor()) {
    const CXXDestructorDecl *D = RD->getDestructor();
    if (!D)
      return false;
    const FunctionDecl *Def = D->getDefinition();
    // `~T() = default;` releases nothing, like an implicit destructor.
    if (!Def || (!Def->getBody() && !Def->isDefaulted())) {
      // Defined in another file: what the index says, or nothing.
      bool Unknown = false;
      elsewhere(D, Released, Unknown);
      if (Unknown)
        return false;
      if (!Dtor)
        Dtor = D;
    } else if (!Def->isDefaulted()) {
      llvm::DenseSet<const FunctionDecl *> Seen;
      bool Unknown = false;
      closure(Def, 0, Seen, Released, Unknown);
      if (Unknown)
        return false;
      if (!Dtor)
        Dtor = Def;
    }
  }
  // The destructors of the member's class and of the classes derived from
  // it: a base of the member's class cannot name the member.
  if (RD == Stop->getDefinition())
    return true;
  for (const CXXBaseSpecifier &Base : RD->bases()) {
    const CXXRecordDecl *BD = Base.getType()->getAsCXXRecordDecl();
    if (!BD || (BD->getDefinition() != Stop->getDefinition() &&
                !BD->isDerivedFrom(cast<CXXRecordDecl>(Stop))))
      continue;
    if (!destructorChain(BD, Stop, Released, Dtor))
      return false;
  }
  return true;
}

void CudaClassResources::findings(llvm::SmallVectorImpl<Finding> &Out) {
  // Where each member is released or handed on, anywhere in the TU.
  llvm::DenseSet<const FieldDecl *> LookedAfter;
  // Destroy functions: releases of members through another object, by type.
  llvm::DenseMap<const RecordDecl *, const FunctionDecl *> DestroyFn;
  llvm::DenseMap<const RecordDecl *, llvm::DenseSet<const FieldDecl *>>
      DestroyReleases;
  // Members a constructor creates into, with the creation.
  llvm::DenseMap<const FieldDecl *, const CallExpr *> CtorCreation;
  // Methods called on the object by another method, not a constructor or
  // the destructor, with the caller; and those a constructor calls.
  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallVector<std::pair<const FunctionDecl *, const Expr *>, 2>>
      CalledAgain;
  llvm::DenseSet<const FunctionDecl *> CalledByCtor;
  // Members copied into members of other objects, with those members; and
  // into other members of the same object.
  llvm::DenseMap<const FieldDecl *, llvm::SmallSetVector<const FieldDecl *, 2>>
      CopiedTo, MovedTo;
  // Members handed to functions of other files that may only read them.
  llvm::DenseMap<const FieldDecl *,
                 llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2>>
      ReadElsewhere;
  for (const auto &[FD, FP] : FactsOf) {
    if (FP->HasErrors)
      continue;
    for (const auto &[F, Call, Param] : FP->ReadElsewhere)
      ReadElsewhere[F].push_back({Call, Param});
    for (const auto &[F, Target] : FP->CopiedInto)
      CopiedTo[F].insert(Target);
    for (const auto &[F, Target] : FP->MovedWithin)
      MovedTo[F].insert(Target);
    LookedAfter.insert(FP->Released.begin(), FP->Released.end());
    LookedAfter.insert(FP->ReleasedElsewhere.begin(),
                       FP->ReleasedElsewhere.end());
    LookedAfter.insert(FP->HandedOn.begin(), FP->HandedOn.end());
    for (const FieldDecl *F : FP->ReleasedElsewhere) {
      DestroyFn.try_emplace(F->getParent(), FD);
      DestroyReleases[F->getParent()].insert(F);
    }
    const bool IsCtor = isa<CXXConstructorDecl>(FD);
    for (const auto &A : FP->Acquisitions)
      if (IsCtor && A.ThisBased)
        CtorCreation.try_emplace(A.Field, A.Call);
    for (const auto &[MD, Call] : FP->ThisCalls) {
      if (IsCtor)
        CalledByCtor.insert(MD->getCanonicalDecl());
      else if (!isa<CXXDestructorDecl>(FD) && MD != FD)
        CalledAgain[MD->getCanonicalDecl()].push_back({FD, Call});
    }
  }
  // A call of the creating method that runs every time its caller runs:
  // not under a condition of the caller (`if (!ready_) setup();` is lazy
  // set-up), and the caller releases nothing of the member (`reset()`
  // calling `destroy()` then `init()`).
  // Whether \p Fn, with what it calls on the object, may release \p F.
  auto MayRelease = [&](const FunctionDecl *Fn, const FieldDecl *F) {
    llvm::DenseSet<const FunctionDecl *> Seen;
    ReleaseSet Released;
    bool Unknown = false;
    closure(Fn, 0, Seen, Released, Unknown);
    return Unknown || !Released.Assumed.empty() || Released.contains(F);
  };
  auto RunsAgain = [&](const FieldDecl *F, const FunctionDecl *Caller,
                       const Expr *Call) {
    if (MayRelease(Caller, F))
      return false;
    const Stmt *Body = Caller->getBody();
    if (!Body)
      return false;
    ParentMap PM(const_cast<Stmt *>(Body));
    for (const Stmt *P = PM.getParent(Call); P; P = PM.getParent(P)) {
      if (isa<IfStmt, SwitchStmt, ConditionalOperator, CXXTryStmt>(P))
        return false;
      if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->isLogicalOp())
        return false;
    }
    return true;
  };

  // A call of method \p MD, which creates into member \p F, on every
  // iteration of a loop (not under a condition inside it) on one object: a
  // variable declared before the loop, whose other uses in the loop are
  // only calls of methods that release nothing of F (`Buf b; for (...)
  // b.resize(n);`). Each call after the first loses the resource the last
  // one created.
  auto LoopCall = [&](const FieldDecl *F,
                      const CXXMethodDecl *MD) -> const CallExpr * {
    if (!TU)
      collectConstructions();
    auto It = TU->CallersOf.find(MD->getCanonicalDecl());
    if (It == TU->CallersOf.end())
      return nullptr;
    // A method that releases the member itself (before or after creating
    // into it) loses nothing to its next call.
    if (MayRelease(MD, F))
      return nullptr;
    const SourceManager &SM = Ctx.getSourceManager();
    for (const auto &[Call, Caller, Loop] : It->second) {
      const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
      if (!Loop || !MC || !Caller->getBody())
        continue;
      const auto *Ref = dyn_cast_or_null<DeclRefExpr>(
          MC->getImplicitObjectArgument()->IgnoreParenImpCasts());
      const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!Var || Var->getType()->isPointerType() ||
          (Var->getType()->isReferenceType() && !isa<ParmVarDecl>(Var)))
        continue;
      ParentMap PM(Caller->getBody());
      const Stmt *LoopStmt = nullptr;
      for (const Stmt *Child = Call, *P = PM.getParent(Call); P;
           Child = P, P = PM.getParent(P)) {
        if (isa<IfStmt, SwitchStmt, ConditionalOperator, CXXTryStmt,
                LambdaExpr>(P))
          break;
        if (const auto *BO = dyn_cast<BinaryOperator>(P);
            BO && BO->isLogicalOp())
          break;
        if (const auto *For = dyn_cast<ForStmt>(P);
            For && For->getBody() != Child)
          break;
        if (const auto *RF = dyn_cast<CXXForRangeStmt>(P);
            RF && RF->getBody() != Child)
          break;
        if (const auto *W = dyn_cast<WhileStmt>(P); W && W->getBody() != Child)
          break;
        if (const auto *D = dyn_cast<DoStmt>(P); D && D->getBody() != Child)
          break;
        if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P)) {
          LoopStmt = P;
          break;
        }
      }
      if (!LoopStmt ||
          SM.isBeforeInTranslationUnit(
              SM.getExpansionLoc(LoopStmt->getBeginLoc()),
              SM.getExpansionLoc(Var->getLocation())))
        continue;
      bool OnlyCalls = true;
      for (const auto &M : ast_matchers::match(
               ast_matchers::findAll(
                   ast_matchers::declRefExpr(
                       ast_matchers::to(ast_matchers::equalsNode(Var)))
                       .bind("r")),
               *LoopStmt, Ctx)) {
        const Stmt *Up = M.getNodeAs<DeclRefExpr>("r");
        const Stmt *P = PM.getParent(Up);
        while (P && isa<ImplicitCastExpr, ParenExpr>(P))
          Up = P, P = PM.getParent(P);
        const auto *ME = dyn_cast_or_null<MemberExpr>(P);
        const auto *Use =
            ME ? dyn_cast_or_null<CXXMemberCallExpr>(PM.getParent(ME)) : nullptr;
        const CXXMethodDecl *Other = Use ? Use->getMethodDecl() : nullptr;
        if (!Other || Use->getCallee()->IgnoreParens() != ME) {
          OnlyCalls = false;
          break;
        }
        if (Other->getCanonicalDecl() != MD->getCanonicalDecl() &&
            MayRelease(Other, F)) {
          OnlyCalls = false;
          break;
        }
      }
      if (OnlyCalls)
        return Call;
    }
    return nullptr;
  };

  llvm::DenseSet<const CallExpr *> Done;
  for (const FunctionDecl *FD : Functions) {
    const Facts &FP = factsOf(FD);
    for (const auto &A : FP.Acquisitions) {
      if (!Done.insert(A.Call).second)
        continue;
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      // Created again after a constructor created one, or each time another
      // method runs this one, with no use of the member before.
      if (MD && A.ThisBased && !isa<CXXConstructorDecl>(MD) &&
          !isa<CXXDestructorDecl>(MD)) {
        auto Use = FP.FirstUse.find(A.Field);
        const SourceManager &SM = Ctx.getSourceManager();
        const bool UsedBefore =
            Use != FP.FirstUse.end() &&
            SM.isBeforeInTranslationUnit(
                Use->second, SM.getExpansionLoc(A.Call->getBeginLoc()));
        if (!UsedBefore) {
          // A method that a constructor calls is part of the construction.
          const CallExpr *First = CalledByCtor.contains(MD->getCanonicalDecl())
                                      ? nullptr
                                      : CtorCreation.lookup(A.Field);
          if (First) {
            Out.push_back({Finding::Overwritten, A.Call, A.Creator, A.Field,
                           FD, MD->getParent(), First, {}, false});
            continue;
          }
          const Expr *Again = nullptr;
          auto Callers = CalledAgain.find(MD->getCanonicalDecl());
          if (Callers != CalledAgain.end())
            for (const auto &[Caller, Call] : Callers->second)
              if (RunsAgain(A.Field, Caller, Call)) {
                Again = Call;
                break;
              }
          if (Again) {
            Out.push_back({Finding::Overwritten, A.Call, A.Creator, A.Field,
                           FD, MD->getParent(), Again, {}, false});
            continue;
          }
          if (const CallExpr *InLoop = LoopCall(A.Field, MD)) {
            Finding &Fd = Out.emplace_back(
                Finding{Finding::Overwritten, A.Call, A.Creator, A.Field, FD,
                        MD->getParent(), InLoop, {}, false});
            Fd.AgainInLoop = true;
            continue;
          }
        }
      }
      // Released by the destructor only with calls of another kind
      // (`cudaFree` of pinned memory, `free`, `delete[]`): each fails and
      // the resource stays, as it would for a local handle.
      if (std::optional<Finding> Wrong = releasedWrongly(A, MD)) {
        Out.push_back(std::move(*Wrong));
        continue;
      }
      if (LookedAfter.contains(A.Field))
        continue;
      // Handed to functions of other files: each is assumed to only read
      // it, for the project step to confirm, up to 64 of them (a buffer
      // handed to each kernel launcher of a model; the project step removes
      // these notes).
      llvm::ArrayRef<std::pair<const CallExpr *, unsigned>> ReadsAssumed;
      if (auto It = ReadElsewhere.find(A.Field); It != ReadElsewhere.end())
        ReadsAssumed = It->second;
      if (ReadsAssumed.size() > 64)
        continue;
      // Copied into a member of another object: handed on only if that
      // member is looked after (released, by a destructor or a release
      // method, or handed on), here or, through the index, anywhere; a
      // borrowed pointer (`layer->tmp_ = tmp_;` where nothing releases
      // `Layer::tmp_`) stays the object's. Without the index a member of
      // another file may be released there; under `gpuleak check` the
      // project step settles it (AssumedNotReleasedElsewhereNote).
      llvm::SmallVector<const FieldDecl *, 2> TargetsAssumed;
      if (auto It = CopiedTo.find(A.Field); It != CopiedTo.end()) {
        bool Taken = false;
        for (const FieldDecl *G : It->second) {
          if (LookedAfter.contains(G) ||
              (Index &&
               Index->memberLookedAfter(G->getQualifiedNameAsString())))
            Taken = true;
          else if (!Index && Deferred)
            TargetsAssumed.push_back(G);
          else if (!Index && !definedHere(G->getParent()))
            Taken = true;
        }
        if (Taken || TargetsAssumed.size() > 6)
          continue;
      }
      // The class whose destruction ends the member's life.
      const CXXRecordDecl *Owner =
          A.ThisBased && MD ? MD->getParent()
                            : dyn_cast<CXXRecordDecl>(A.Field->getParent());
      ReleaseSet Released;
      const FunctionDecl *Dtor = nullptr;
      if (Owner && !destructorChain(Owner, A.Field->getParent(), Released,
                                    Dtor))
        continue;
      if (Released.contains(A.Field))
        continue;
      // Moved into another member of the object (a swap of buffers): lost
      // only if that member is not looked after either.
      if (auto It = MovedTo.find(A.Field);
          It != MovedTo.end() &&
          llvm::any_of(It->second, [&](const FieldDecl *G) {
            return Released.contains(G) || LookedAfter.contains(G) ||
                   (Index &&
                    Index->memberLookedAfter(G->getQualifiedNameAsString()));
          }))
        continue;
      if (Dtor && !Released.WorksWithCuda && Released.USRs.empty() &&
          Released.Assumed.empty()) {
        // A destructor that looks after no CUDA member, of a base whose
        // objects may be of derived classes that do (`delete layer` of a
        // `Layer *` that is a `Pooling`).
        if (Owner && !Owner->isLambda())
          if (std::optional<Finding> Lost = forgottenByDerived(A, Owner)) {
            Lost->ReadsAssumed.assign(ReadsAssumed.begin(),
                                      ReadsAssumed.end());
            Lost->TargetsAssumed.append(TargetsAssumed.begin(),
                                        TargetsAssumed.end());
            Out.push_back(std::move(*Lost));
          }
        continue;
      }
      if (Dtor) {
        Finding Lost{Finding::NotReleased, A.Call, A.Creator, A.Field, Dtor,
                     cast<CXXMethodDecl>(Dtor)->getParent(), nullptr, {}, false};
        if (Index && !Dtor->doesThisDeclarationHaveABody())
          if (const FunctionSummary *S =
                  Index->lookup(usrOf(Dtor->getCanonicalDecl()));
              S && !S->Def.File.empty())
            Lost.WhereDefined = locationOf(S->Def, Ctx.getSourceManager());
        Lost.Assumed = Released.Assumed;
        Lost.ReadsAssumed.assign(ReadsAssumed.begin(), ReadsAssumed.end());
        Lost.TargetsAssumed = TargetsAssumed;
        Lost.NothingKnownReleased = Released.empty();
        Lost.ReleasesOthers = Released.ReleasesAny || !Released.USRs.empty() ||
                              !Released.Assumed.empty();
        Out.push_back(std::move(Lost));
        continue;
      }
      if (!Released.Assumed.empty())
        continue; // the chain has no destructor of its own
      // No destructor written: the type's destroy function, if it has one.
      const RecordDecl *RD = A.Field->getParent();
      auto Fn = DestroyFn.find(RD);
      if (Fn == DestroyFn.end()) {
        // Nothing says who owns it. A member of the object that a method
        // of its class creates into, that nothing releases or hands on,
        // owned by objects made again and again (in a loop, or in a
        // function called in one): each object loses its resources.
        // Handed to functions of other files, under `gpuleak check`: each
        // assumed to only read it (AssumedReadsOnlyNote), as above.
        if (!A.ThisBased || !MD || !Owner || !Released.empty() ||
            Owner->isLambda() || (!ReadsAssumed.empty() && !Deferred) ||
            CopiedTo.count(A.Field))
          continue;
        Finding Lost{Finding::NoOwner, A.Call, A.Creator, A.Field, FD, Owner,
                     nullptr, {}, false};
        Lost.ReadsAssumed.assign(ReadsAssumed.begin(), ReadsAssumed.end());
        if (Index && Index->memberLookedAfter(
                         A.Field->getQualifiedNameAsString()))
          continue;
        if (!madeRepeatedly(Owner, Lost)) {
          if (!heldByReleasingOwner(Owner, Lost)) {
            if (!Deferred)
              continue;
            Lost.AssumeMade = true;
          }
        }
        Lost.AssumeNotReleasedElsewhere = Deferred;
        Out.push_back(std::move(Lost));
        continue;
      }
      Finding Lost{Finding::NotReleased, A.Call, A.Creator, A.Field,
                   Fn->second, nullptr, nullptr, {}, false};
      Lost.ReadsAssumed.assign(ReadsAssumed.begin(), ReadsAssumed.end());
      Lost.TargetsAssumed = TargetsAssumed;
      Out.push_back(std::move(Lost));
    }
  }
}

} // namespace clang::tidy::gpuleak
