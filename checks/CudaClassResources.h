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
#include "summaries/Summaries.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace clang::tidy::gpuleak {

/// Collects, per translation unit, what functions do with members that hold
/// CUDA resources, and decides at its end which creations are lost.
class CudaClassResources {
public:
  /// \p Index: the project index, for destructors (and the methods they
  /// call on the object) defined in another file; null when there is none.
  /// \p Deferred: `gpuleak check` decides those after the last TU: a finding
  /// that depends on one is made with an assumption note per function
  /// (AssumedNoReleaseNote), which it keeps or drops.
  CudaClassResources(ASTContext &Ctx, const ProjectIndex *Index = nullptr,
                     bool Deferred = false)
      : Ctx(Ctx), Index(Index), Deferred(Deferred) {}

  /// The facts of the summary of \p FD (a method) that this rule reads
  /// from the project index: the members of its object it releases or hands
  /// on, and the methods it calls on the object.
  static void summarize(const FunctionDecl *FD, ASTContext &Ctx,
                        FunctionSummary &S);

  /// Reads a function of the translation unit that creates or releases a
  /// CUDA resource (and, through it, the methods of the classes involved).
  void addFunction(const FunctionDecl *FD);

  /// An object of a project class made in a function: a local, a temporary,
  /// `new`, `std::make_unique`/`make_shared`, or an object whose member (or
  /// base) is of the class, up to 3 levels; \c At is the construction.
  struct Construction {
    const CXXRecordDecl *Class;
    const Expr *At;
    bool InLoop;
  };
  static llvm::SmallVector<Construction, 4>
  constructionsIn(const FunctionDecl *FD, ASTContext &Ctx);

  /// The objects of project classes that each object of \p D's class owns
  /// through a member, destroyed with it: a member of the class, a
  /// `std::unique_ptr`/`shared_ptr` of it, a standard container or array of
  /// those, or a raw pointer that \p D `delete`s. Each with its member.
  static llvm::SmallVector<std::pair<const FieldDecl *, const CXXRecordDecl *>,
                           2>
  ownedParts(const CXXDestructorDecl *D, const SourceManager &SM);

  struct Finding {
    enum { NotReleased, Overwritten, NoOwner, WrongApi } How;
    const CallExpr *Creation;
    const cuda::CreatorInfo *Creator;
    const FieldDecl *Field;
    /// NotReleased: the destructor or destroy function that releases other
    /// members. Overwritten: the function that runs the creation again.
    const FunctionDecl *Where;
    /// NotReleased: the class whose destructor it is (or the type the destroy
    /// function takes). Overwritten: the first creation (in a constructor),
    /// or the call that runs the method again.
    /// WrongApi: the class whose destructor releases the member, and the
    /// release of another kind there (the first, when all are).
    const CXXRecordDecl *Class = nullptr;
    const Expr *First = nullptr;
    /// NotReleased, under `gpuleak check`: functions on the destructor's
    /// way that are defined in another file, each to be confirmed by the
    /// project's summaries; \c NothingKnownReleased: this file saw no
    /// release at all, so one of them must release another member.
    llvm::SmallVector<const FunctionDecl *, 2> Assumed;
    bool NothingKnownReleased = false;
    /// NotReleased by a destructor: it releases (or may release) other
    /// members; false when it only works with them (`cudaEventRecord`).
    bool ReleasesOthers = true;
    /// NoOwner: the construction that is repeated (null when the index or an
    /// assumption says where), the calls of this file that repeat it, outermost
    /// first (the first is in a loop), and the notes the index gives.
    const Expr *Made = nullptr;
    llvm::SmallVector<const Expr *, 3> Via{};
    std::vector<std::pair<std::string, SummaryPlace>> IndexNotes{};
    /// NoOwner under `gpuleak check`: no construction of this file is
    /// repeated (AssumedMadeRepeatedlyNote), and the releases of other files
    /// are not known (AssumedNotReleasedElsewhereNote).
    bool AssumeMade = false;
    bool AssumeNotReleasedElsewhere = false;
    /// NoOwner, when no construction is known to be repeated: a class that
    /// owns an object of the member's class through \c HolderField and
    /// whose destructor \c HolderDtor releases CUDA members of its own, so
    /// each object of it destroyed loses the part's resources
    /// (heldByReleasingOwner()); from the index, only its name, with the
    /// notes in \c IndexNotes.
    const CXXRecordDecl *Holder = nullptr;
    const FieldDecl *HolderField = nullptr;
    const FunctionDecl *HolderDtor = nullptr;
    std::string HolderName{};
    /// WrongApi: the name of the release at \c First (`cudaFree`,
    /// `delete[]`).
    llvm::StringRef WrongName{};
    /// Overwritten: \c First is a call of the method on one object, on every
    /// iteration of a loop.
    bool AgainInLoop = false;
    /// NotReleased by a destructor that this file declares but another
    /// defines: where the project index says it is defined, for its note
    /// (a release removed from it is there, not at the declaration);
    /// invalid otherwise.
    SourceLocation WhereDefined{};
    /// NotReleased, under `gpuleak check`: the calls that hand the member
    /// to a function of another file, with the parameter, each assumed to
    /// only read it (AssumedReadsOnlyNote) until its summary settles it.
    llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2> ReadsAssumed{};
    /// NotReleased, under `gpuleak check`: the members of other objects
    /// that the member is copied into, each assumed to be released by no
    /// function (AssumedNotReleasedElsewhereNote) until the summaries
    /// settle it.
    llvm::SmallVector<const FieldDecl *, 2> TargetsAssumed{};
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
    /// The releases of members of the object itself (a CUDA release call,
    /// `free`, `delete`), with the argument each is given, whatever their
    /// kind: which of them fits the member's resource is decided per
    /// creation (releaseUse()).
    llvm::SmallVector<std::tuple<const FieldDecl *, const Expr *, const Expr *>,
                      2>
        ReleaseCalls;
    /// Members handed on other than to `free` or `delete` (a subset of
    /// HandedOn, with the members copied into a local that is).
    llvm::DenseSet<const FieldDecl *> Kept;
    /// Members released through another object (`cudaFree(p->buf)`).
    llvm::DenseSet<const FieldDecl *> ReleasedElsewhere;
    /// Members whose value is handed on: stored, returned, passed to a
    /// function that is not a CUDA API (which may release it).
    llvm::DenseSet<const FieldDecl *> HandedOn;
    /// Members of the object itself passed to a CUDA call that neither
    /// creates nor releases them (`cudaEventRecord(end_)`).
    llvm::DenseSet<const FieldDecl *> CudaUsed;
    /// Methods called on the object itself.
    llvm::SmallVector<std::pair<const CXXMethodDecl *, const Expr *>, 4>
        ThisCalls;
    /// Calls that hand `this` or `*this` to a function, with the index of
    /// the parameter (`destroyPlan(this)`).
    llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2> ThisHanded;
    /// By parameter: the members of the object it points or refers to that
    /// the function releases or hands on (`cufftDestroy(p->plan_)`).
    llvm::DenseMap<unsigned, llvm::DenseSet<const FieldDecl *>> ParamMembers;
    /// The first use of each member, by position in the body.
    llvm::DenseMap<const FieldDecl *, SourceLocation> FirstUse;
    /// Methods defined in another file whose result is handed on as a
    /// member would be (HandedOn): maybe getters (`hands_on_results`).
    llvm::DenseSet<const CXXMethodDecl *> ResultsHandedOn;
    /// Members passed to a function of another file, with the call and the
    /// parameter, under `gpuleak check`: handed on unless its summary says
    /// that it only reads the parameter.
    llvm::SmallVector<
        std::tuple<const FieldDecl *, const CallExpr *, unsigned>, 2>
        ReadElsewhere;
    /// Members of the object copied into a member of another object
    /// (`layer->tmp_ = tmp_;`), with that member: handed on when that
    /// member is looked after.
    llvm::SmallVector<std::pair<const FieldDecl *, const FieldDecl *>, 2>
        CopiedInto;
    /// Members of the object copied into another member of the same object,
    /// directly or through a local (`tmp = a_; a_ = b_; b_ = tmp;`), with
    /// that member: the object keeps the resource, and it is released when
    /// that member is.
    llvm::SmallVector<std::pair<const FieldDecl *, const FieldDecl *>, 2>
        MovedWithin;
    bool HasErrors = false;
  };

  const Facts &factsOf(const FunctionDecl *FD);
  /// The members that the destructor of \p RD and those of its bases down
  /// to \p Stop (the class that declares the member) release or hand on
  /// (through methods they call on the object, up to 3 deep); false if one
  /// of them is declared but not defined here or did not parse. \p Dtor
  /// receives the first user-written destructor.
  /// What a destructor chain (or a caller's closure) releases: members of
  /// this file, members named by the index (USRs), and the functions of
  /// other files assumed under `gpuleak check`.
  struct ReleaseSet {
    llvm::DenseSet<const FieldDecl *> Fields;
    llvm::StringSet<> USRs;
    llvm::SmallVector<const FunctionDecl *, 2> Assumed;
    /// The releases of the chain's members, with their arguments, and the
    /// members it hands on other than to `free` or `delete` (or that a
    /// function it hands the object to looks after).
    llvm::DenseMap<const FieldDecl *,
                   llvm::SmallVector<std::pair<const Expr *, const Expr *>, 1>>
        Calls;
    llvm::DenseSet<const FieldDecl *> Kept;
    /// A function of the chain releases a member with a CUDA call.
    bool ReleasesAny = false;
    /// ... or makes a CUDA call on one, or hands on one that can hold a
    /// handle (a pointer or an array).
    bool WorksWithCuda = false;
    bool contains(const FieldDecl *F) const {
      return Fields.contains(F) || USRs.contains(usrOf(F));
    }
    bool empty() const { return Fields.empty() && USRs.empty(); }
  };
  /// \p A creates into a member of \p Base, whose virtual destructor looks
  /// after no CUDA member: the finding when every class of this file
  /// derived from \p Base has a destructor chain that does not release the
  /// member, and one of them releases other members (its destructor is the
  /// one the finding names); with the index, when nothing in the project
  /// looks after the member; under `gpuleak check`, with that assumption
  /// (Finding::TargetsAssumed). Otherwise (no index, a chain unknown, a
  /// release) std::nullopt.
  std::optional<Finding> forgottenByDerived(const Facts::Acquisition &A,
                                            const CXXRecordDecl *Base);
  /// \p A, in \p MD (or another function: null), creates into a member
  /// that the destructor chain of its object releases, but only with calls
  /// of another kind, `free` or `delete` (releaseUse()), and hands on in no
  /// other way: the WrongApi finding; otherwise std::nullopt.
  std::optional<Finding> releasedWrongly(const Facts::Acquisition &A,
                                         const CXXMethodDecl *MD);
  bool destructorChain(const CXXRecordDecl *RD, const RecordDecl *Stop,
                       ReleaseSet &Released, const FunctionDecl *&Dtor);
  void closure(const FunctionDecl *FD, unsigned Depth,
               llvm::DenseSet<const FunctionDecl *> &Seen,
               ReleaseSet &Released, bool &Unknown);
  /// \p FD is defined in another file: what the index says it releases,
  /// or, under `gpuleak check`, an assumption; else unknown.
  void elsewhere(const FunctionDecl *FD, ReleaseSet &Released, bool &Unknown);
  /// \p FD is handed the object (`this` or `*this`) as parameter \p Param:
  /// the members of it that \p FD releases, from its body, the index, or,
  /// under `gpuleak check`, an assumption; else unknown.
  void handedThis(const FunctionDecl *FD, unsigned Param, ReleaseSet &Released,
                  bool &Unknown);

  /// For a class without a destructor: where the translation unit (or the
  /// index) shows objects of \p RD made again and again. Fills \p F's
  /// Made/Via/IndexNotes; false when nothing shows it.
  bool madeRepeatedly(const CXXRecordDecl *RD, Finding &F);
  /// For a class without a destructor: a class of the translation unit (or
  /// of the index) that owns an object of \p RD through a member and whose
  /// destructor releases CUDA members of its own. Fills \p F's Holder,
  /// HolderField and HolderDtor (or HolderName and IndexNotes); false when
  /// none is known.
  bool heldByReleasingOwner(const CXXRecordDecl *RD, Finding &F);
  void collectConstructions();
  struct TUFacts {
    llvm::DenseMap<const CXXRecordDecl *, llvm::SmallVector<std::pair<Construction, const FunctionDecl *>, 2>> Made;
    /// Callee (canonical) -> (call, caller, in a loop of the caller).
    llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<std::tuple<const CallExpr *, const FunctionDecl *, bool>, 2>> CallersOf;
    /// The classes defined in the translation unit, outside system headers.
    std::vector<const CXXRecordDecl *> Records;
    /// heldByReleasingOwner()'s answers of this TU, found on first use: each
    /// part (canonical) -> the first holder of Records that owns it and
    /// whose destructor releases CUDA members of its own, its member and
    /// that destructor.
    struct Holding {
      const CXXRecordDecl *Holder;
      const FieldDecl *Field;
      const FunctionDecl *Dtor;
    };
    std::optional<llvm::DenseMap<const CXXRecordDecl *, Holding>> HeldBy;
  };
  std::unique_ptr<TUFacts> TU;

  ASTContext &Ctx;
  const ProjectIndex *Index;
  const bool Deferred;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<Facts>> FactsOf;
  llvm::SmallVector<const FunctionDecl *, 16> Functions;
};

} // namespace clang::tidy::gpuleak

#endif
