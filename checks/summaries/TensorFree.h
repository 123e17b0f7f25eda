//===--- TensorFree.h - functions whose tensor facts are empty -*- C++ -*-===//
//
// A summary's tensor facts (stores, results, forward and backward passes,
// grad mode, device growth: TensorStores.h, LocalFacts.h) are read from a
// body by the provenance analysis, which matches the body several times.
// Most functions that a TU defines outside system headers never touch a
// tensor: the header-only libraries a project includes with -I (glm,
// nlohmann/json, half.hpp) are summarized in every TU that includes them,
// and on such projects the analysis cost several times the 1% of the TU's
// time it may take (bench/index-cost.py, docs/index.md "Cost").
//
// TensorFreeFunctions tells, from one cheap walk of a body, the functions
// whose tensor facts are provably empty, so that the summary skips them.
// The CUDA facts (CudaUses.h, CudaClassResources.h) are still computed for
// every function: they concern pointers and handles, not tensors.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_SUMMARIES_TENSORFREE_H
#define GPULEAK_CHECKS_SUMMARIES_TENSORFREE_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::gpuleak {

/// Whether a function defined in this TU is tensor-free: nothing in its
/// signature or body can hold a tensor or a torch object (a module, a
/// guard, an optimizer, an IValue, a callable that may capture one), and
/// every function it calls is either a library function outside torch and
/// CUDA, or a non-virtual function of this TU defined here that is
/// tensor-free itself. It has no pointer parameter (a device pointer or a
/// handle handed in), invokes no callable and launches no kernel. Functions
/// that call each other (recursion, nlohmann/json's serializer) are
/// tensor-free together when each is by itself. One object per TU; answers
/// are memoized.
class TensorFreeFunctions {
public:
  explicit TensorFreeFunctions(ASTContext &Ctx) : Ctx(Ctx) {}
  bool isFree(const FunctionDecl *FD);

private:
  /// What one body says by itself: whether it is tensor-free but for the
  /// functions of this TU it calls, and those functions (definitions).
  struct Local {
    bool Free = false;
    llvm::SmallVector<const FunctionDecl *, 4> Callees;
  };
  Local computeLocal(const FunctionDecl *FD);
  /// Whether \p T can hold or name something of torch, CUDA or a callable.
  bool typeMatters(QualType T, unsigned Depth = 0);
  bool recordMatters(const CXXRecordDecl *RD, unsigned Depth);
  /// Whether calling \p Callee (or constructing, destroying with it) keeps
  /// the caller tensor-free, but for what \p Callee's own body does: a
  /// non-virtual function of this TU with a body is added to \p Out.
  bool calleeFree(const FunctionDecl *Callee, Local &Out);

  ASTContext &Ctx;
  /// The answers decided.
  llvm::DenseMap<const FunctionDecl *, bool> Memo;
  llvm::DenseMap<const Type *, bool> TypeMemo;
  llvm::DenseMap<const CXXRecordDecl *, bool> RecordMemo;
};

} // namespace clang::tidy::gpuleak

#endif
