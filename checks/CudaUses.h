//===--- CudaUses.h - what code does with a raw CUDA handle ----*- C++ -*-===//
//
// The facts gpuleak-cuda-unreleased decides about calls, shared by the check
// and by the function summaries (docs/index.md), so that a function of
// another translation unit is judged by the same rules as one of this one:
//
//   UseClassifier    what a use of a handle does with it: reads it, releases
//                    it, or hands it to something that may own it, following
//                    the functions it is passed to (up to 3 calls deep);
//   ThrowClassifier  which calls may throw out of their caller (a `throw`,
//                    LibTorch's failure functions, a project's checking
//                    helper), and where;
//   CudaCallFacts    the summary of a function: where it may throw, whether
//                    it ends the process, and for each parameter that can
//                    hold a handle whether it only reads, releases or keeps
//                    it (FunctionSummary::Throws, EndsProcess, ParamUses).
//
// A function declared here but defined in another file is judged from the
// project index when there is one (gpuleak-tidy, clangd, the plugin after a
// `gpuleak check`); under `gpuleak check` the check states what it assumed
// in notes that the step after the last TU settles (ProjectFindings.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_CUDAUSES_H
#define GPULEAK_CHECKS_CUDAUSES_H

#include "CudaApis.h"
#include "summaries/Summaries.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/DenseMap.h"
#include <tuple>
#include <vector>

namespace clang::tidy::gpuleak {

/// An API that enqueues a host function into a stream. The host function
/// gets the user data as one of its parameters, and may make no CUDA API
/// call: the CUDA Runtime and Driver API references say so for each.
struct EnqueueInfo {
  StringRef Name;
  unsigned FnArg;     // the host function (or callback) argument
  unsigned DataArg;   // the user data argument
  unsigned DataParam; // the host function's parameter that receives it
};

/// CUDA APIs that only look up a string, and are harmless anywhere.
inline constexpr StringRef ErrorStringApis[] = {
    "cudaGetErrorString", "cudaGetErrorName", "cuGetErrorString",
    "cuGetErrorName"};

/// Whether \p T is `std::unique_ptr` or `std::shared_ptr` (a member of one
/// owns the cell that holds a handle: `std::unique_ptr<cudaStream_t>`).
bool isSmartPointer(QualType T);
/// Whether \p T can hold a CUDA handle: a pointer (device memory, a stream,
/// a library handle) or the driver API's CUdeviceptr.
bool holdsHandle(QualType T);
/// The creating call whose resource every `return` of \p FD hands to the
/// caller, an allocation helper (`void *cuda_alloc(size_t n) { void *p;
/// CHECK_CUDA(cudaMalloc(&p, n)); return p; }`): each returns the same local
/// handle, created into once by an out-parameter API and neither released,
/// assigned nor stored in the body; or null.
const cuda::CreatorInfo *returnedCreation(const FunctionDecl *FD);

/// The function \p Call calls: its direct callee or, in a template whose
/// arguments are dependent (`cudaMalloc(&p, n * sizeof(T))` with `T *p`),
/// the CUDA API it names, which no instantiation can change (a call of
/// another function stays unresolved: null).
const FunctionDecl *calleeOf(const CallExpr *Call);
/// A CUDA API name without the per-thread default-stream suffix that
/// CUDA_API_PER_THREAD_DEFAULT_STREAM adds (cudaMallocAsync_ptsz).
StringRef apiName(const FunctionDecl *FD);
const cuda::CreatorInfo *creatorInfo(const FunctionDecl *FD);
const cuda::ReleaserInfo *releaserInfo(const FunctionDecl *FD);
const EnqueueInfo *enqueuerInfo(const FunctionDecl *FD);
/// Whether \p Name (an apiName) is a call into the CUDA runtime or driver, or
/// a CUDA library built on them.
bool isCudaApiName(StringRef Name);
bool isCFree(const FunctionDecl *FD);
std::vector<StringRef> enqueuerNames();
/// The host function that \p FnArg, the function argument of an enqueue
/// call, names: a function (`f`, `&f`), a captureless lambda converted to a
/// function pointer, or a local variable initialized with one of these.
const FunctionDecl *hostFunctionOf(const Expr *FnArg, unsigned Depth = 0);

/// Whether \p FD is a function of the project that this translation unit
/// declares but does not define: not in a system header, not a CUDA API, not
/// variadic. What it does is in the project index, if anywhere.
bool definedElsewhere(const FunctionDecl *FD, const SourceManager &SM);
/// The summary of \p FD when it is definedElsewhere() and \p Index has it.
const FunctionSummary *summaryElsewhere(const FunctionDecl *FD,
                                        const ProjectIndex *Index,
                                        const SourceManager &SM);

/// What a path does with the tracked handle at one use.
enum class UseKind {
  None,         // reads it: a kernel argument, a copy, a comparison
  Release,      // releases it with an API of its kind
  WrongRelease, // releases it with an API of another kind, free or delete
  Escape,       // hands it to something that may own it
  Overwrite,    // assigns a new value to the handle variable
  Recreate,     // passes the handle's address to a creating API again
  Elsewhere,    // hands it to a function of another file whose summary is
                // not known yet (under `gpuleak check`, settled later)
};

struct Use {
  Use() = default;
  Use(UseKind Kind, const Expr *Releaser = nullptr, StringRef Name = {})
      : Kind(Kind), Releaser(Releaser), ReleaserName(Name) {}
  UseKind Kind = UseKind::None;
  /// The releasing call or delete expression, for WrongRelease; the call of
  /// the function of another file, for Elsewhere.
  const Expr *Releaser = nullptr;
  StringRef ReleaserName;
  /// For Elsewhere: the parameter that receives the handle.
  unsigned Param = 0;
};

/// How \p Releaser, a call or a delete expression, releases a resource of
/// kind \p Kind given to it as \p Arg (one of its arguments, or the deleted
/// pointer): Release with a release call of that kind, WrongRelease (with
/// the releaser's name) with one of another kind, `free`, `delete` or
/// `delete[]`, None when it does not release \p Arg. The one place where a
/// release is judged for its kind, for local handles and members alike.
Use releaseUse(const Expr *Releaser, const Stmt *Arg, cuda::ResKind Kind);

/// The variable that receives a created resource.
struct Handle {
  const VarDecl *Var = nullptr;
  /// `&streams[i]`: the handle is an element of a local array.
  bool IsArray = false;
  /// cudaPitchedPtr: the field that carries the pointer.
  StringRef Field;
};

/// Strips the parentheses, casts and temporaries around a use of a value.
const Stmt *skipWrappers(const ParentMap &PM, const Stmt *S,
                         const Stmt *&Child);

/// What a function does with one of its parameters, by function, parameter
/// and whether it runs as a host function enqueued into a stream (1).
using ParamMemoMap =
    llvm::DenseMap<std::tuple<const FunctionDecl *, unsigned, unsigned>,
                   UseKind>;

/// Classifies uses of a handle inside one function body. A function of
/// another file is read from \p Index (its `param_uses`); without one it may
/// own what it is handed, unless \p Deferred: then a use directly in the
/// analysed body is UseKind::Elsewhere, for the project step to settle.
class UseClassifier {
public:
  UseClassifier(ASTContext &Ctx, ParamMemoMap &ParamMemo,
                const ProjectIndex *Index = nullptr, bool Deferred = false)
      : Ctx(Ctx), ParamMemo(ParamMemo), Index(Index), Deferred(Deferred) {}

  /// Classifies the use \p Ref (a reference to the handle) in the body that
  /// \p PM maps. \p Kind is the resource's kind.
  Use classify(const ParentMap &PM, const Expr *Ref, cuda::ResKind Kind,
               const Handle &H, unsigned Depth);
  /// What \p FD, defined in this translation unit, does with its parameter
  /// \p ParamIdx: None (only reads it), Release, or Escape (may keep it).
  UseKind paramUse(const FunctionDecl *FD, unsigned ParamIdx);
  /// What the call \p Call does with its argument \p Arg (one of
  /// `Call->arguments()`), by the rules of a handle's use: None when the
  /// callee only reads it, Elsewhere (with Use::Param) for a function of
  /// another file whose summary the project step settles.
  Use argUse(const CallExpr *Call, const Expr *Arg) {
    return classifyCallArg(Call, Arg, cuda::ResKind{}, 0);
  }

private:
  Use classifyCallArg(const CallExpr *Call, const Stmt *Arg, cuda::ResKind Kind,
                      unsigned Depth);
  /// What \p Callee does with its parameter \p ParamIdx. In a host function
  /// (\p InHostFunction), a release by a CUDA API fails: it releases nothing.
  UseKind classifyParam(const FunctionDecl *Callee, unsigned ParamIdx,
                        cuda::ResKind Kind, unsigned Depth,
                        bool InHostFunction = false);
  bool isNonOwningLibraryFunction(const FunctionDecl *FD) const;

  ASTContext &Ctx;
  ParamMemoMap &ParamMemo;
  const ProjectIndex *Index;
  const bool Deferred;
};

/// Whether \p FD is declared not to throw (`noexcept`, `throw()`): an
/// exception that reaches it ends the process (std::terminate).
bool declaredNoThrow(const FunctionDecl *FD);

/// Whether \p FD, declared in a system header, is one of LibTorch's failure
/// functions: c10, ATen and torch report errors by throwing, never by ending
/// the process (c10/util/Exception.h), so their `[[noreturn]]` functions
/// (c10::detail::torchCheckFail, torchInternalAssertFail,
/// c10::ThrowEnforceNotMet, ...) throw, and C10_CUDA_CHECK's
/// c10::cuda::c10_cuda_check_implementation throws on a failed status.
bool isLibTorchThrower(const FunctionDecl *FD);

/// Decides which calls may throw out of the function that makes them, by
/// what the callee does, never by its name or the macro around the call: a
/// function of the project may throw when its body has a `throw` (outside a
/// `try` block) or calls a function that may throw, up to 3 calls deep; a
/// function of a system header only when it is one of LibTorch's failure
/// functions or std::rethrow_exception; a function of another file when the
/// project index says so (\p Index). A `[[noreturn]]` function that may not
/// throw ends the process (exit, abort, std::terminate, a `fatal()` that
/// calls them); one declared elsewhere, outside LibTorch and unknown to the
/// index, is taken to.
class ThrowClassifier {
public:
  explicit ThrowClassifier(ASTContext &Ctx, const ProjectIndex *Index = nullptr)
      : Ctx(Ctx), Index(Index) {}

  /// Whether a call to \p FD may throw.
  bool mayThrow(const FunctionDecl *FD, unsigned Depth = 0);
  /// The first `throw`, or call that may throw, of \p FD's body that leaves
  /// it (outside a `try` block and a lambda), or null.
  const Stmt *throwSite(const FunctionDecl *FD);

private:
  /// The place in \p S that may throw out of it, or null.
  const Stmt *throwingStmt(const Stmt *S, unsigned Depth);

  ASTContext &Ctx;
  const ProjectIndex *Index;
  llvm::DenseMap<const FunctionDecl *, bool> Memo;
};

/// Computes the CUDA facts of function summaries, once per translation unit
/// (its memos are the TU's): FunctionSummary::Throws, EndsProcess and
/// ParamUses, by the rules of UseClassifier and ThrowClassifier above.
class CudaCallFacts {
public:
  explicit CudaCallFacts(ASTContext &Ctx)
      : Ctx(Ctx), Uses(Ctx, ParamMemo), Thrower(Ctx) {}
  void summarize(const FunctionDecl *FD, FunctionSummary &S);

private:
  ASTContext &Ctx;
  ParamMemoMap ParamMemo;
  UseClassifier Uses;
  ThrowClassifier Thrower;
};

} // namespace clang::tidy::gpuleak

#endif
