//===--- CudaClassResources.h - CUDA resources held by members --*- C++ -*-===//
//
// The part of gpuleak-cuda-unreleased that follows raw CUDA resources created
// into a member of a class or struct (`cudaMalloc(&buf_, n)` in a
// constructor, an `init()` or any method): a member that the type's
// destructor (or, for a type without one, its destroy function) never
// releases while it releases other members, and a member created into again
// by a method that runs after the constructor created one, without a release
// of the first.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_CUDACLASSRESOURCES_H
#define GPULEAK_CHECKS_CUDACLASSRESOURCES_H

#include "CudaApis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>

namespace clang::tidy::gpuleak {

/// Collects, per translation unit, what functions do with members that hold
/// CUDA resources, and decides at its end which creations are lost.
class CudaClassResources {
public:
  explicit CudaClassResources(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Reads a function of the translation unit that creates or releases a
  /// CUDA resource (and, through it, the methods of the classes involved).
  void addFunction(const FunctionDecl *FD);

  struct Finding {
    enum { NotReleased, Overwritten } How;
    const CallExpr *Creation;
    const cuda::CreatorInfo *Creator;
    const FieldDecl *Field;
    /// NotReleased: the destructor or destroy function that releases other
    /// members. Overwritten: the function that runs the creation again.
    const FunctionDecl *Where;
    /// NotReleased: the class whose destructor it is (or the type the destroy
    /// function takes). Overwritten: the first creation (in a constructor),
    /// or the call that runs the method again.
    const CXXRecordDecl *Class = nullptr;
    const Expr *First = nullptr;
  };

  /// The creations into members that are lost, once each.
  void findings(llvm::SmallVectorImpl<Finding> &Out);

private:
  /// What one function does with members.
  struct Facts {
    struct Acquisition {
      const CallExpr *Call;
      const cuda::CreatorInfo *Creator;
      const FieldDecl *Field;
      bool ThisBased; // `&buf_`, `&this->buf_`: a member of the object itself
    };
    llvm::SmallVector<Acquisition, 4> Acquisitions;
    /// Members released with a CUDA release call.
    llvm::DenseSet<const FieldDecl *> Released;
    /// Members released through another object (`cudaFree(p->buf)`).
    llvm::DenseSet<const FieldDecl *> ReleasedElsewhere;
    /// Members whose value is handed on: stored, returned, passed to a
    /// function that is not a CUDA API (which may release it).
    llvm::DenseSet<const FieldDecl *> HandedOn;
    /// Methods called on the object itself.
    llvm::SmallVector<std::pair<const CXXMethodDecl *, const Expr *>, 4>
        ThisCalls;
    /// The first use of each member, by position in the body.
    llvm::DenseMap<const FieldDecl *, SourceLocation> FirstUse;
    bool HasErrors = false;
  };

  const Facts &factsOf(const FunctionDecl *FD);
  /// The members that the destructor of \p RD and those of its bases down
  /// to \p Stop (the class that declares the member) release or hand on
  /// (through methods they call on the object, up to 3 deep); false if one
  /// of them is declared but not defined here or did not parse. \p Dtor
  /// receives the first user-written destructor.
  bool destructorChain(const CXXRecordDecl *RD, const RecordDecl *Stop,
                       llvm::DenseSet<const FieldDecl *> &Released,
                       const FunctionDecl *&Dtor);
  void closure(const FunctionDecl *FD, unsigned Depth,
               llvm::DenseSet<const FunctionDecl *> &Seen,
               llvm::DenseSet<const FieldDecl *> &Released, bool &Unknown);

  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<Facts>> FactsOf;
  llvm::SmallVector<const FunctionDecl *, 16> Functions;
};

} // namespace clang::tidy::gpuleak

#endif
