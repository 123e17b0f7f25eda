//===--- CudaUses.cpp - what code does with a raw CUDA handle ------------===//

#include "CudaUses.h"
#include "summaries/LocalFacts.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

using cuda::CreatorInfo;
using cuda::ReleaserInfo;
using cuda::ResKind;

static const EnqueueInfo HostFunctionEnqueuers[] = {
    {"cudaLaunchHostFunc", 1, 2, 0},    // void (*)(void *userData)
    {"cudaStreamAddCallback", 1, 2, 2}, // void (*)(stream, status, userData)
    {"cuLaunchHostFunc", 1, 2, 0},
    {"cuStreamAddCallback", 1, 2, 2},
};



/// A CUDA API name without the per-thread default-stream suffix that
/// CUDA_API_PER_THREAD_DEFAULT_STREAM adds (cudaMallocAsync_ptsz).
StringRef apiName(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return {};
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  if (!DC->isTranslationUnit())
    return {};
  StringRef Name = FD->getName();
  if (!Name.consume_back("_ptsz"))
    Name.consume_back("_ptds");
  return Name;
}

const CreatorInfo *creatorInfo(const FunctionDecl *FD) {
  StringRef Name = apiName(FD);
  return Name.empty() ? nullptr : cuda::findCreator(Name);
}

const ReleaserInfo *releaserInfo(const FunctionDecl *FD) {
  StringRef Name = apiName(FD);
  return Name.empty() ? nullptr : cuda::findReleaser(Name);
}

const EnqueueInfo *enqueuerInfo(const FunctionDecl *FD) {
  StringRef Name = apiName(FD);
  if (Name.empty())
    return nullptr;
  for (const EnqueueInfo &E : HostFunctionEnqueuers)
    if (E.Name == Name)
      return &E;
  return nullptr;
}

const FunctionDecl *calleeOf(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD;
  const auto *ULE =
      dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!ULE)
    return nullptr;
  const FunctionDecl *Found = nullptr;
  for (const NamedDecl *D : ULE->decls()) {
    const FunctionDecl *FD = D->getAsFunction();
    if (!FD || !isCudaApiName(apiName(FD)))
      return nullptr;
    // The C function rather than the runtime's typed template wrapper.
    if (!Found || (!FD->getPrimaryTemplate() && !FD->getDescribedFunctionTemplate()))
      Found = FD;
  }
  return Found;
}

/// Whether \p Name (an apiName) is a call into the CUDA runtime or driver, or
/// a CUDA library built on them.
bool isCudaApiName(StringRef Name) {
  // The runtime's calls are `cudaXxx`; a project's own `cuda_alloc`,
  // `cuda_free` or `cuda_check` is no API, and its body says what it does.
  if (Name.size() > 4 && Name.starts_with("cuda"))
    return llvm::isUpper(Name[4]);
  for (StringRef Prefix :
       {"cublas", "cusparse", "cusolver", "cufft", "curand", "cudnn"})
    if (Name.starts_with(Prefix))
      return true;
  return Name.size() > 2 && Name.starts_with("cu") && llvm::isUpper(Name[2]);
}

bool isCFree(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || FD->getName() != "free")
    return false;
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  return DC->isTranslationUnit() || DC->isStdNamespace();
}

std::vector<StringRef> enqueuerNames() {
  std::vector<StringRef> Names;
  for (const EnqueueInfo &E : HostFunctionEnqueuers)
    Names.push_back(E.Name);
  // The per-thread default-stream spellings.
  for (StringRef Name :
       {"cudaLaunchHostFunc_ptsz", "cudaStreamAddCallback_ptsz",
        "cuLaunchHostFunc_ptsz", "cuStreamAddCallback_ptsz"})
    Names.push_back(Name);
  return Names;
}

/// The host function that \p FnArg, the function argument of an enqueue
/// call, names: a function (`f`, `&f`), a captureless lambda converted to a
/// function pointer, or a local variable initialized with one of these.
const FunctionDecl *hostFunctionOf(const Expr *FnArg, unsigned Depth) {
  const Expr *E = FnArg->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Plus))
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  // The lambda's conversion to a function pointer.
  if (const auto *Conv = dyn_cast<CXXMemberCallExpr>(E))
    E = Conv->getImplicitObjectArgument()->IgnoreImplicit();
  if (const auto *Lambda = dyn_cast<LambdaExpr>(E->IgnoreImplicit()))
    return Lambda->getCallOperator();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return nullptr;
  if (const auto *Fn = dyn_cast<FunctionDecl>(DRE->getDecl()))
    return Fn;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (VD && VD->hasLocalStorage() && VD->getInit() && Depth == 0)
    return hostFunctionOf(VD->getInit(), Depth + 1);
  return nullptr;
}

/// Strips the parentheses, casts and temporaries around a use of a value.
const Stmt *skipWrappers(const ParentMap &PM, const Stmt *S,
                         const Stmt *&Child) {
  Child = S;
  const Stmt *P = PM.getParent(S);
  while (P && (isa<ParenExpr, CastExpr, ExprWithCleanups,
                   MaterializeTemporaryExpr, CXXBindTemporaryExpr>(P))) {
    Child = P;
    P = PM.getParent(P);
  }
  return P;
}

/// Whether \p MD is a read or write of a C++ library stream through a
/// buffer it is handed (`os.write(p, n)`, `is.read(p, n)`, `is.getline(p,
/// n)`): it copies bytes and keeps nothing. Not `pubsetbuf`, whose buffer
/// the stream keeps.
static bool isStreamTransfer(const CXXMethodDecl *MD) {
  const CXXRecordDecl *RD = MD->getParent();
  if (!MD->getIdentifier() || !RD->getIdentifier() ||
      !RD->getDeclContext()->getRedeclContext()->isStdNamespace() ||
      !llvm::is_contained({"basic_ostream", "basic_istream"}, RD->getName()))
    return false;
  return llvm::is_contained({"write", "read", "readsome", "get", "getline"},
                            MD->getName());
}

/// Whether \p FD is of TensorRT's C++ API (namespace `nvinfer1`, or the
/// ONNX parser's `nvonnxparser`), whose calls borrow the device pointers
/// and streams they are handed (`IBuilderConfig::setProfileStream(s)`,
/// `IExecutionContext::setTensorAddress(name, p)`, `enqueueV3(s)`): the
/// caller owns and frees them, wherever TensorRT's headers are found
/// (often by `-I`, not as system headers).
static bool isTensorRTApi(const FunctionDecl *FD) {
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getIdentifier() &&
          llvm::is_contained({StringRef("nvinfer1"), StringRef("nvonnxparser")},
                             NS->getName()))
        return true;
  return false;
}

bool UseClassifier::isNonOwningLibraryFunction(const FunctionDecl *FD) const {
  if (FD && isTensorRTApi(FD))
    return true;
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD))
    return Ctx.getSourceManager().isInSystemHeader(MD->getLocation()) &&
           isStreamTransfer(MD);
  if (!FD)
    return false;
  // The CUDA runtime, driver and library APIs only borrow their pointer and
  // handle arguments (the host-function user data is classified before).
  StringRef Name = apiName(FD);
  if (isCudaApiName(Name) || Name.starts_with("nvtx"))
    return true;
  // The C library (memcpy, memset, printf, fwrite) and std algorithms
  // (std::fill, std::copy) read or write through a pointer but keep nothing.
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isInSystemHeader(FD->getLocation()))
    return false;
  if (FD->isExternC())
    return true;
  return FD->getDeclContext()->getRedeclContext()->isStdNamespace();
}

/// Whether \p FD, a CUDA API, only reads or writes a handle through the
/// handle's address (`cufftXtSetCallback(plan, cb, type, (void **)&p)`
/// passes the value of `p` to the library as caller info, which frees
/// nothing). Not the APIs that copy bytes from it into memory the program
/// reads back (`cudaMemcpy(dst, &p, ...)`, `cudaMemcpyToSymbol(sym, &p,
/// ...)`: a table of device pointers), the host-function enqueuers (the host
/// function gets the address), and creating or releasing APIs (of another
/// handle, or of another kind).
static bool borrowsAddress(const FunctionDecl *FD) {
  StringRef Name = apiName(FD);
  if (!isCudaApiName(Name) || creatorInfo(FD) || releaserInfo(FD) ||
      enqueuerInfo(FD))
    return false;
  if (Name.contains("Memcpy"))
    return false;
  for (StringRef Prefix : {"cublasSetVector", "cublasSetMatrix",
                           "cublasGetVector", "cublasGetMatrix"})
    if (Name.starts_with(Prefix))
      return false;
  return true;
}

UseKind UseClassifier::classifyParam(const FunctionDecl *Callee,
                                     unsigned ParamIdx, ResKind Kind,
                                     unsigned Depth, bool InHostFunction) {
  const FunctionDecl *Def = Callee->getDefinition();
  if ((!Def || !Def->getBody()) && !InHostFunction &&
      ParamIdx < Callee->getNumParams() &&
      !Callee->getParamDecl(ParamIdx)->getType()->isReferenceType() &&
      definedElsewhere(Callee, Ctx.getSourceManager())) {
    // A function of another file: what its summary says, or, under
    // `gpuleak check`, what the project step will say.
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee); MD && MD->isVirtual())
      return UseKind::Escape;
    if (const FunctionSummary *S =
            summaryElsewhere(Callee, Index, Ctx.getSourceManager())) {
      for (const auto &[I, PU] : S->ParamUses)
        if (I == ParamIdx)
          return PU == FunctionSummary::ParamUse::Read      ? UseKind::None
                 : PU == FunctionSummary::ParamUse::Release ? UseKind::Release
                                                            : UseKind::Escape;
      return UseKind::Escape;
    }
    return Deferred && Depth == 0 ? UseKind::Elsewhere : UseKind::Escape;
  }
  if (!Def || !Def->getBody() || ParamIdx >= Def->getNumParams() ||
      Depth > 3 || Def->isVariadic())
    return UseKind::Escape;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def); MD && MD->isVirtual())
    return UseKind::Escape;
  const ParmVarDecl *Param = Def->getParamDecl(ParamIdx);
  if (Param->getType()->isReferenceType())
    return UseKind::Escape;
  auto Key = std::make_tuple(Def, ParamIdx, unsigned(InHostFunction));
  auto [It, Inserted] = ParamMemo.try_emplace(Key, UseKind::Escape);
  if (!Inserted)
    return It->second; // known, or a recursive call being explored
  static constexpr char RefId[] = "ref";
  auto Refs = match(findAll(declRefExpr(to(equalsNode(Param))).bind(RefId)),
                    *Def->getBody(), Ctx);
  ParentMap PM(Def->getBody());
  Handle H{Param, false, {}};
  UseKind Result = UseKind::None;
  for (const auto &M : Refs) {
    Use U = classify(PM, M.getNodeAs<DeclRefExpr>(RefId), Kind, H, Depth + 1);
    const bool Released =
        U.Kind == UseKind::Release || U.Kind == UseKind::WrongRelease;
    // A CUDA release in a host function returns cudaErrorNotPermitted.
    if (Released && InHostFunction)
      if (const auto *Call = dyn_cast_or_null<CallExpr>(U.Releaser);
          Call && releaserInfo(calleeOf(Call)))
        continue;
    if (Released) {
      Result = UseKind::Release;
    } else if (U.Kind != UseKind::None) {
      Result = UseKind::Escape;
      break;
    }
  }
  ParamMemo[Key] = Result;
  return Result;
}

Use releaseUse(const Expr *Releaser, const Stmt *Arg, ResKind Kind) {
  if (const auto *Del = dyn_cast<CXXDeleteExpr>(Releaser))
    return {UseKind::WrongRelease, Del,
            Del->isArrayForm() ? "delete[]" : "delete"};
  const auto *Call = dyn_cast<CallExpr>(Releaser);
  if (!Call || isa<CXXOperatorCallExpr>(Call))
    return {};
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee)
    return {};
  unsigned Idx = 0;
  while (Idx < Call->getNumArgs() && Call->getArg(Idx) != Arg)
    ++Idx;
  if (Idx == Call->getNumArgs())
    return {};
  if (const ReleaserInfo *RI = releaserInfo(Callee); RI && Idx == RI->HandleArg)
    return {RI->Kind == Kind ? UseKind::Release : UseKind::WrongRelease, Call,
            Callee->getName()};
  if (isCFree(Callee) && Idx == 0)
    return {UseKind::WrongRelease, Call, Callee->getName()};
  return {};
}

Use UseClassifier::classifyCallArg(const CallExpr *Call, const Stmt *Arg,
                                   ResKind Kind, unsigned Depth) {
  if (Call->getCallee() == Arg)
    return {};
  // A kernel launch reads its arguments and its launch configuration.
  if (isa<CUDAKernelCallExpr>(Call))
    return {};
  // An operator may store its operand anywhere; a method is read like a
  // function (classifyParam() hands a virtual one on).
  if (isa<CXXOperatorCallExpr>(Call))
    return {UseKind::Escape};
  const FunctionDecl *Callee = calleeOf(Call);
  if (!Callee)
    return {UseKind::Escape};
  unsigned Idx = 0;
  for (; Idx < Call->getNumArgs(); ++Idx)
    if (Call->getArg(Idx) == Arg)
      break;
  if (Idx == Call->getNumArgs())
    return {UseKind::Escape};
  if (Use U = releaseUse(Call, Arg, Kind); U.Kind != UseKind::None)
    return U;
  // The user data of a host function enqueued into a stream: what the host
  // function does with it (the stream and the function are only read).
  if (const EnqueueInfo *EI = enqueuerInfo(Callee)) {
    if (Idx != EI->DataArg)
      return {};
    const FunctionDecl *Fn =
        EI->FnArg < Call->getNumArgs()
            ? hostFunctionOf(Call->getArg(EI->FnArg))
            : nullptr;
    if (!Fn)
      return {UseKind::Escape};
    return {classifyParam(Fn, EI->DataParam, Kind, Depth,
                          /*InHostFunction=*/true)};
  }
  if (isNonOwningLibraryFunction(Callee)) {
    if (Idx < Callee->getNumParams() &&
        Callee->getParamDecl(Idx)->getType()->isReferenceType())
      return {UseKind::Escape};
    return {};
  }
  const UseKind K = classifyParam(Callee, Idx, Kind, Depth);
  if (K != UseKind::Elsewhere)
    return {K};
  Use U(UseKind::Elsewhere, Call);
  U.Param = Idx;
  return U;
}

UseKind UseClassifier::paramUse(const FunctionDecl *FD, unsigned ParamIdx) {
  return classifyParam(FD, ParamIdx, ResKind{}, 0);
}

Use UseClassifier::classify(const ParentMap &PM, const Expr *Ref, ResKind Kind,
                            const Handle &H, unsigned Depth) {
  const Stmt *Cur = Ref;
  while (true) {
    const Stmt *Child = nullptr;
    const Stmt *P = skipWrappers(PM, Cur, Child);
    if (!P)
      return {};
    // A statement that only names it (`(void)ws;`, the idiom that silences
    // an unused parameter) does nothing with it (lightvector/KataGo
    // `cudabackend.cpp:992`, whose caller's buffer was taken for handed on).
    if (isa<CompoundStmt>(P))
      return {};
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      switch (UO->getOpcode()) {
      case UO_Deref:
      case UO_LNot:
        return {};
      case UO_AddrOf: {
        // `&p` as the handle argument of a creating API creates into `p`
        // again; as an argument of another CUDA API it is read or written
        // through (borrowsAddress()); anything else may keep the address.
        const Stmt *AddrChild = nullptr;
        const Stmt *AP = skipWrappers(PM, UO, AddrChild);
        if (const auto *Call = dyn_cast_or_null<CallExpr>(AP);
            Call && Call->getCallee() != AddrChild) {
          const FunctionDecl *Callee = calleeOf(Call);
          const CreatorInfo *CI = creatorInfo(Callee);
          if (CI && CI->HandleArg < Call->getNumArgs() &&
              Call->getArg(CI->HandleArg) == AddrChild)
            return {UseKind::Recreate, Call};
          if (borrowsAddress(Callee))
            return {};
        }
        return {UseKind::Escape};
      }
      default:
        return {UseKind::Escape};
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_Assign)
        return {BO->getLHS() == Child && !H.IsArray ? UseKind::Overwrite
                                                    : UseKind::Escape,
                BO};
      if (BO->isComparisonOp() || BO->isLogicalOp())
        return {};
      if (BO->isAdditiveOp()) { // a pointer into the allocation
        Cur = BO;
        continue;
      }
      if (BO->getOpcode() == BO_Comma) {
        if (BO->getRHS() != Child)
          return {};
        Cur = BO;
        continue;
      }
      return {UseKind::Escape};
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (CO->getCond() == Child)
        return {};
      Cur = CO;
      continue;
    }
    if (isa<ArraySubscriptExpr>(P))
      return {};
    // `p->field` or `pitched.pitch` reads through or from the handle.
    if (isa<MemberExpr>(P))
      return {};
    if (const auto *Call = dyn_cast<CallExpr>(P))
      return classifyCallArg(Call, Child, Kind, Depth);
    if (const auto *Del = dyn_cast<CXXDeleteExpr>(P))
      return releaseUse(Del, Child, Kind);
    if (isa<IfStmt, WhileStmt, DoStmt, ForStmt, SwitchStmt,
            UnaryExprOrTypeTraitExpr>(P))
      return {};
    // A return, a store into a variable, a constructor, an initializer
    // list, a lambda capture, a throw: something else may own it now.
    return {UseKind::Escape};
  }
}

/// Whether \p FD is declared not to throw (`noexcept`, `throw()`): an
/// exception that reaches it ends the process (std::terminate).
bool declaredNoThrow(const FunctionDecl *FD) {
  const auto *FPT = FD->getType()->getAs<FunctionProtoType>();
  if (!FPT)
    return false;
  switch (FPT->getExceptionSpecType()) {
  case EST_DynamicNone:
  case EST_BasicNoexcept:
  case EST_NoexceptTrue:
  case EST_NoThrow:
    return true;
  default:
    return false; // may throw, or not decided yet (an implicit destructor)
  }
}

/// Whether \p FD, declared in a system header, is one of LibTorch's failure
/// functions: c10, ATen and torch report errors by throwing, never by ending
/// the process (c10/util/Exception.h), so their `[[noreturn]]` functions
/// (c10::detail::torchCheckFail, torchInternalAssertFail,
/// c10::ThrowEnforceNotMet, ...) throw, and C10_CUDA_CHECK's
/// c10::cuda::c10_cuda_check_implementation throws on a failed status.
bool isLibTorchThrower(const FunctionDecl *FD) {
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  const NamespaceDecl *Outer = nullptr;
  for (; DC && !DC->isTranslationUnit(); DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Outer = NS;
  if (!Outer || !Outer->getIdentifier() ||
      !llvm::is_contained({"c10", "at", "torch", "caffe2"}, Outer->getName()))
    return false;
  return FD->isNoReturn() || (FD->getIdentifier() &&
                              FD->getName() == "c10_cuda_check_implementation");
}

bool ThrowClassifier::mayThrow(const FunctionDecl *FD, unsigned Depth) {
  if (!FD || declaredNoThrow(FD))
    return false;
  FD = FD->getCanonicalDecl();
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isInSystemHeader(FD->getLocation())) {
    if (isLibTorchThrower(FD))
      return true;
    return FD->isNoReturn() && FD->getIdentifier() &&
           FD->getDeclContext()->getRedeclContext()->isStdNamespace() &&
           FD->getName() == "rethrow_exception";
  }
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody()) {
    // A function of another file: its summary, where the index has one.
    const FunctionSummary *S = summaryElsewhere(FD, Index, SM);
    return S && S->Throws.has_value();
  }
  if (Depth > 3)
    return false;
  auto [It, Inserted] = Memo.try_emplace(FD, false);
  if (!Inserted)
    return It->second; // known, or a recursive call being explored
  const bool Result = throwingStmt(Def->getBody(), Depth) != nullptr;
  Memo[FD] = Result;
  return Result;
}

const Stmt *ThrowClassifier::throwSite(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->getBody() || declaredNoThrow(Def))
    return nullptr;
  return throwingStmt(Def->getBody(), 0);
}

const Stmt *ThrowClassifier::throwingStmt(const Stmt *S, unsigned Depth) {
  if (!S || isa<LambdaExpr>(S)) // a lambda's body runs when it is called
    return nullptr;
  if (isa<CXXThrowExpr>(S))
    return S;
  if (const auto *Try = dyn_cast<CXXTryStmt>(S)) {
    // What the try block throws is taken to be caught; a handler may throw.
    for (unsigned I = 0, E = Try->getNumHandlers(); I != E; ++I)
      if (const Stmt *T =
              throwingStmt(Try->getHandler(I)->getHandlerBlock(), Depth))
        return T;
    return nullptr;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S);
      Call && !isa<CUDAKernelCallExpr>(Call) &&
      mayThrow(calleeOf(Call), Depth + 1))
    return S;
  for (const Stmt *Child : S->children())
    if (const Stmt *T = throwingStmt(Child, Depth))
      return T;
  return nullptr;
}

bool definedElsewhere(const FunctionDecl *FD, const SourceManager &SM) {
  if (!FD || FD->getDefinition() || FD->isVariadic() || FD->getBuiltinID() ||
      isa<CXXDestructorDecl, CXXConstructorDecl>(FD))
    return false;
  const FunctionDecl *Canon = FD->getCanonicalDecl();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Canon->getLocation())))
    return false;
  StringRef Name = apiName(FD);
  return !(isCudaApiName(Name) || Name.starts_with("nvtx") ||
           Name.starts_with("nccl"));
}

const FunctionSummary *summaryElsewhere(const FunctionDecl *FD,
                                        const ProjectIndex *Index,
                                        const SourceManager &SM) {
  if (!Index || !definedElsewhere(FD, SM))
    return nullptr;
  return Index->lookup(usrOf(FD->getCanonicalDecl()));
}

/// Whether \p FD never returns to its caller: declared `[[noreturn]]`, or
/// its body has no `return` and ends in a call of a `[[noreturn]]` function
/// (`void fatal(const char *m) { fprintf(stderr, m); exit(1); }`).
static const Stmt *endingCall(const FunctionDecl *FD) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || Body->body_empty())
    return nullptr;
  const auto *Last = dyn_cast<Expr>(Body->body_back());
  const auto *Call =
      Last ? dyn_cast<CallExpr>(Last->IgnoreParenImpCasts()) : nullptr;
  const FunctionDecl *Callee = Call ? calleeOf(Call) : nullptr;
  if (!Callee || !Callee->isNoReturn())
    return nullptr;
  struct Returns : RecursiveASTVisitor<Returns> {
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } R;
  R.TraverseStmt(const_cast<CompoundStmt *>(Body));
  return R.Found ? nullptr : Call;
}

const CreatorInfo *returnedCreation(const FunctionDecl *FD) {
  FD = FD ? FD->getDefinition() : nullptr;
  if (!FD || !FD->getBody() || FD->isDependentContext() ||
      !holdsHandle(FD->getReturnType()) || isCudaApiName(apiName(FD)))
    return nullptr;
  struct Visitor : RecursiveASTVisitor<Visitor> {
    explicit Visitor(ASTContext &Ctx) : Ctx(Ctx) {}
    ASTContext &Ctx;
    const VarDecl *Var = nullptr; // the handle every return names
    bool Bad = false;
    const CreatorInfo *Creator = nullptr;
    const Decl *CreatedVar = nullptr;
    const DeclRefExpr *CreationArg = nullptr;
    unsigned Creations = 0;
    llvm::SmallVector<const DeclRefExpr *, 8> Refs;
    llvm::SmallPtrSet<const DeclRefExpr *, 4> Returned;

    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitReturnStmt(ReturnStmt *R) {
      // `return nullptr;` on the path where the creation failed.
      if (R->getRetValue() &&
          R->getRetValue()->isNullPointerConstant(
              Ctx, Expr::NPC_ValueDependentIsNotNull))
        return true;
      const auto *DRE =
          R->getRetValue()
              ? dyn_cast<DeclRefExpr>(R->getRetValue()->IgnoreParenCasts())
              : nullptr;
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
          VD->getType()->isReferenceType() || (Var && Var != VD))
        Bad = true;
      Var = VD;
      if (DRE)
        Returned.insert(DRE);
      return !Bad;
    }
    bool VisitCallExpr(CallExpr *Call) {
      const CreatorInfo *CI = creatorInfo(calleeOf(Call));
      if (!CI || CI->ByValue || !CI->Field.empty() ||
          CI->HandleArg >= Call->getNumArgs())
        return true;
      const auto *Addr = dyn_cast<UnaryOperator>(
          Call->getArg(CI->HandleArg)->IgnoreParenCasts());
      if (!Addr || Addr->getOpcode() != UO_AddrOf)
        return true;
      const auto *DRE =
          dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenCasts());
      CreatedVar = DRE ? DRE->getDecl() : nullptr;
      CreationArg = DRE;
      Creator = CI;
      ++Creations;
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      Refs.push_back(DRE);
      return true;
    }
  } V(FD->getASTContext());
  V.TraverseStmt(FD->getBody());
  if (V.Bad || !V.Var || V.Creations != 1 || V.CreatedVar != V.Var)
    return nullptr;
  // The handle's other uses only read it: a null test, an argument of a
  // CUDA call that neither creates nor releases. No release, no store, no
  // second value.
  ParentMap PM(FD->getBody());
  for (const DeclRefExpr *DRE : V.Refs) {
    if (DRE->getDecl() != V.Var || V.Returned.contains(DRE) ||
        DRE == V.CreationArg)
      continue;
    const Stmt *Up = DRE;
    const Stmt *P = PM.getParent(Up);
    bool Tested = false;
    while (isa_and_nonnull<ImplicitCastExpr, ParenExpr, CStyleCastExpr>(P)) {
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P))
        Tested |= ICE->getCastKind() == CK_PointerToBoolean;
      Up = P;
      P = PM.getParent(P);
    }
    if (Tested)
      continue;
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
        BO && BO->isEqualityOp())
      continue;
    if (const auto *Call = dyn_cast_or_null<CallExpr>(P);
        Call && Call->getCallee() != Up) {
      const FunctionDecl *Callee = calleeOf(Call);
      if (Callee && isCudaApiName(apiName(Callee)) && !releaserInfo(Callee) &&
          !creatorInfo(Callee))
        continue;
    }
    return nullptr;
  }
  return V.Creator;
}

bool isSmartPointer(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() &&
         RD->getDeclContext()->getRedeclContext()->isStdNamespace() &&
         llvm::is_contained({StringRef("unique_ptr"), StringRef("shared_ptr")},
                            RD->getName());
}

bool holdsHandle(QualType T) {
  if (T->isPointerType())
    return true;
  if (const auto *TT = T->getAs<TypedefType>())
    return TT->getDecl()->getName() == "CUdeviceptr";
  return false;
}

void CudaCallFacts::summarize(const FunctionDecl *FD, FunctionSummary &S) {
  // The CUDA headers' inline wrappers (cudaMallocHost<T>, ...) when a project
  // includes them with -I: what the check knows of them is in CudaApis.def.
  if (!FD->getBody() || FD->isDependentContext() ||
      isCudaApiName(apiName(FD)))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  if (const Stmt *T = Thrower.throwSite(FD))
    S.Throws = placeOf(SM.getExpansionLoc(T->getBeginLoc()), SM);
  else
    S.EndsProcess = FD->isNoReturn() || endingCall(FD);
  if (const CreatorInfo *CI = returnedCreation(FD))
    S.ReturnsCreated = CI->Name.str();
  for (unsigned I = 0, E = FD->getNumParams(); I != E; ++I) {
    QualType T = FD->getParamDecl(I)->getType();
    if (T->isReferenceType() || !holdsHandle(T))
      continue;
    const UseKind K = Uses.paramUse(FD, I);
    S.ParamUses.push_back({I, K == UseKind::None ? FunctionSummary::ParamUse::Read
                              : K == UseKind::Release
                                  ? FunctionSummary::ParamUse::Release
                                  : FunctionSummary::ParamUse::Keep});
  }
}

} // namespace clang::tidy::gpuleak
