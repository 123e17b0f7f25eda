//===--- TensorFree.cpp - functions whose tensor facts are empty ----------===//

#include "TensorFree.h"
#include "CudaUses.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::gpuleak {

namespace {

/// Names of library code that a tensor-free function may not call or hold.
bool torchName(StringRef Q) {
  return Q.starts_with("at::") || Q.starts_with("c10::") ||
         Q.starts_with("torch::") || Q.starts_with("caffe2::");
}

/// CUDA runtime, driver and library entry points (CudaApis.def, and the
/// families' prefixes for what the table does not list).
bool cudaName(StringRef N) {
  if (isCudaApiName(N))
    return true;
  for (StringRef P : {"cuda", "cublas", "cudnn", "cufft", "curand", "cusparse",
                      "cusolver", "nccl", "nvtx", "nvrtc", "__cuda"})
    if (N.starts_with(P))
      return true;
  // The driver API: cuMemAlloc, cuStreamCreate, ...
  return N.size() > 2 && N.starts_with("cu") && isUppercase(N[2]);
}

/// Library templates that run a callable they are handed, or own a thread.
bool runsCallables(StringRef Q) {
  for (StringRef P : {"std::function", "std::move_only_function",
                      "std::packaged_task", "std::any", "std::thread",
                      "std::jthread", "std::async", "std::invoke",
                      "std::apply", "std::call_once", "std::bind"})
    if (Q == P || Q.starts_with((P + "<").str()))
      return true;
  return false;
}

bool hasCallOperator(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition())
    return false;
  if (RD->isLambda())
    return true;
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getOverloadedOperator() == OO_Call)
      return true;
  return false;
}

} // namespace

bool TensorFreeFunctions::isFree(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (auto It = Memo.find(FD); It != Memo.end())
    return It->second;
  // The functions of this TU that FD reaches and that are not decided yet,
  // each read once; then "not free" flows from callees to callers until
  // nothing changes, so that a cycle is free when each of its functions is.
  llvm::DenseMap<const FunctionDecl *, Local> Graph;
  llvm::SmallVector<const FunctionDecl *, 16> Work{FD}, Order;
  while (!Work.empty()) {
    const FunctionDecl *F = Work.pop_back_val();
    if (Memo.count(F) || Graph.count(F))
      continue;
    Local L = computeLocal(F);
    for (const FunctionDecl *C : L.Callees)
      Work.push_back(C);
    Graph[F] = std::move(L);
    Order.push_back(F);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const FunctionDecl *F : Order) {
      Local &L = Graph[F];
      if (!L.Free)
        continue;
      for (const FunctionDecl *C : L.Callees) {
        auto M = Memo.find(C);
        if (M != Memo.end() ? !M->second : !Graph[C].Free) {
          L.Free = false;
          Changed = true;
          break;
        }
      }
    }
  }
  for (const FunctionDecl *F : Order)
    Memo[F] = Graph[F].Free;
  return Memo[FD];
}

bool TensorFreeFunctions::recordMatters(const CXXRecordDecl *RD,
                                        unsigned Depth) {
  if (!RD)
    return true;
  RD = RD->getDefinition() ? RD->getDefinition() : RD;
  auto [It, New] = RecordMemo.try_emplace(RD, false);
  if (!New)
    return It->second; // done, or being computed (a cycle adds nothing)
  bool Matters = [&] {
    std::string Q = RD->getQualifiedNameAsString();
    if (torchName(Q) || runsCallables(Q))
      return true;
    // An incomplete type: a CUDA handle's struct (CUstream_st), or anything.
    if (!RD->hasDefinition() || RD->isDependentContext())
      return true;
    // A library class (std::string, std::ostream, std::vector<T>) holds
    // what its template arguments name; its internals are not followed.
    const SourceManager &SM = Ctx.getSourceManager();
    bool Library = SM.isInSystemHeader(SM.getExpansionLoc(RD->getLocation()));
    if (!Library && hasCallOperator(RD) && !RD->isLambda())
      return true; // a functor: what it runs is its own
    if (!Library)
      for (const CXXBaseSpecifier &B : RD->bases())
        if (typeMatters(B.getType(), Depth + 1))
          return true;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      for (const TemplateArgument &A : Spec->getTemplateArgs().asArray()) {
        if (A.getKind() == TemplateArgument::Type &&
            typeMatters(A.getAsType(), Depth + 1))
          return true;
        if (A.getKind() == TemplateArgument::Pack)
          for (const TemplateArgument &P : A.pack_elements())
            if (P.getKind() == TemplateArgument::Type &&
                typeMatters(P.getAsType(), Depth + 1))
              return true;
      }
    if (!Library)
      for (const FieldDecl *F : RD->fields())
        if (typeMatters(F->getType(), Depth + 1))
          return true;
    return false;
  }();
  RecordMemo[RD] = Matters;
  return Matters;
}

bool TensorFreeFunctions::typeMatters(QualType T, unsigned Depth) {
  if (T.isNull() || Depth > 16)
    return true;
  // The driver API's device pointer is an integer type.
  for (QualType S = T.getNonReferenceType(); const auto *TT = S->getAs<TypedefType>();
       S = TT->desugar())
    if (TT->getDecl()->getName() == "CUdeviceptr")
      return true;
  T = T.getNonReferenceType().getCanonicalType();
  const Type *Key = T.getTypePtr();
  if (auto It = TypeMemo.find(Key); It != TypeMemo.end())
    return It->second;
  bool Matters = [&] {
    if (T->isDependentType())
      return true;
    if (T->isBuiltinType() || T->isEnumeralType() || T->isAnyComplexType() ||
        T->isVectorType())
      return false;
    if (const auto *PT = T->getAs<PointerType>())
      return typeMatters(PT->getPointeeType(), Depth + 1);
    if (const auto *AT = T->getAsArrayTypeUnsafe())
      return typeMatters(AT->getElementType(), Depth + 1);
    if (const auto *AT = T->getAs<AtomicType>())
      return typeMatters(AT->getValueType(), Depth + 1);
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
      return recordMatters(RD, Depth);
    return true; // functions, member pointers, blocks, anything else
  }();
  TypeMemo[Key] = Matters;
  return Matters;
}

bool TensorFreeFunctions::calleeFree(const FunctionDecl *Callee, Local &Out) {
  if (!Callee)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if (SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()))) {
    std::string Q = Callee->getQualifiedNameAsString();
    return !torchName(Q) && !cudaName(Name) && !runsCallables(Q);
  }
  if (cudaName(Name))
    return false; // the CUDA headers' inline wrappers, included with -I
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee))
    if (MD->isVirtual())
      return false; // an overrider elsewhere may do anything
  const FunctionDecl *Def = Callee->getDefinition();
  if (!Def || !Def->hasBody())
    return false; // defined in another file: its summary decides
  if (!llvm::is_contained(Out.Callees, Def))
    Out.Callees.push_back(Def);
  return true;
}

TensorFreeFunctions::Local
TensorFreeFunctions::computeLocal(const FunctionDecl *FD) {
  Local Out;
  if (!FD->hasBody() || FD->isDependentContext())
    return Out;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (recordMatters(MD->getParent(), 0))
      return Out; // a module's, a tensor-holding class's method
  if (typeMatters(FD->getReturnType()))
    return Out;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType().getNonReferenceType();
    // A pointer handed in may be device memory or a handle it releases or
    // keeps; a callable handed in is invoked.
    if (T->isPointerType() || T->isMemberPointerType() || typeMatters(T) ||
        hasCallOperator(T->getAsCXXRecordDecl()))
      return Out;
  }

  struct Walk : RecursiveASTVisitor<Walk> {
    TensorFreeFunctions &TF;
    Local &Out;
    bool Free = true;
    Walk(TensorFreeFunctions &TF, Local &Out) : TF(TF), Out(Out) {}
    bool fail() {
      Free = false;
      return false; // stops the traversal
    }
    bool destructorFree(QualType T) {
      const CXXRecordDecl *RD = T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
      if (!RD || !RD->hasDefinition())
        return true;
      const CXXDestructorDecl *D = RD->getDestructor();
      return !D || D->isTrivial() || TF.calleeFree(D, Out);
    }
    bool VisitExpr(Expr *E) {
      if (const auto *DR = dyn_cast<DeclRefExpr>(E);
          DR && isa<FunctionDecl>(DR->getDecl()))
        return true; // the callee of a call, judged by VisitCallExpr
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(E);
          IC && (IC->getCastKind() == CK_FunctionToPointerDecay ||
                 IC->getCastKind() == CK_BuiltinFnToFnPtr))
        if (const auto *DR = dyn_cast<DeclRefExpr>(IC->getSubExpr()->IgnoreParens());
            DR && isa<FunctionDecl>(DR->getDecl()))
          return true;
      if (isa<CUDAKernelCallExpr>(E))
        return fail();
      if (TF.typeMatters(E->getType()))
        return fail();
      return true;
    }
    bool VisitVarDecl(VarDecl *VD) {
      if (TF.typeMatters(VD->getType()) || !destructorFree(VD->getType()))
        return fail();
      return true;
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *Callee = C->getDirectCallee();
      if (!Callee)
        return fail(); // through a pointer: anything
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
        if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
            ME && ME->hasQualifier())
          if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee); MD && MD->isVirtual()) {
            // A qualified call of a virtual method runs that method.
            const FunctionDecl *Def = MD->getDefinition();
            if (!Def || !Def->hasBody())
              return fail();
            if (!llvm::is_contained(Out.Callees, Def))
              Out.Callees.push_back(Def);
            return true;
          }
      if (!TF.calleeFree(Callee, Out))
        return fail();
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (!Ctor->isTrivial() && !TF.calleeFree(Ctor, Out))
        return fail();
      return true;
    }
    bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *B) {
      const CXXDestructorDecl *D = B->getTemporary()->getDestructor();
      if (D && !D->isTrivial() && !TF.calleeFree(D, Out))
        return fail();
      return true;
    }
    bool VisitCXXDeleteExpr(CXXDeleteExpr *D) {
      if (!destructorFree(D->getDestroyedType()))
        return fail();
      return true;
    }
  } W(*this, Out);
  W.TraverseStmt(FD->getBody());
  if (!W.Free)
    return Out;
  // Constructors: member and base initializers.
  if (const auto *CD = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *I : CD->inits()) {
      if (I->getInit())
        W.TraverseStmt(I->getInit());
      if (!W.Free)
        return Out;
    }
  // Destructors: the members and bases they destroy.
  if (const auto *DD = dyn_cast<CXXDestructorDecl>(FD)) {
    const CXXRecordDecl *RD = DD->getParent();
    for (const FieldDecl *F : RD->fields())
      if (!W.destructorFree(F->getType()))
        return Out;
    for (const CXXBaseSpecifier &B : RD->bases())
      if (!W.destructorFree(B.getType()))
        return Out;
  }
  Out.Free = true;
  return Out;
}

} // namespace clang::tidy::gpuleak
