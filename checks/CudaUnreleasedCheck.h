//===--- CudaUnreleasedCheck.h - gpuleak-cuda-unreleased -------*- C++ -*-===//

#ifndef GPULEAK_CHECKS_CUDAUNRELEASEDCHECK_H
#define GPULEAK_CHECKS_CUDAUNRELEASEDCHECK_H

#include "CudaClassResources.h"
#include "GpuLeakCheck.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::gpuleak {

class ThrowClassifier;

/// Finds raw CUDA resources (device, managed and pinned host memory,
/// streams, events, graphs, library handles and descriptors, NCCL
/// communicators, registrations) that a function creates into a local
/// handle and then loses: a path leaves the function, or the next loop
/// iteration overwrites the handle, without a release or a transfer of
/// ownership, or the resource is released with an API of another kind or in
/// a host function enqueued into a stream, where CUDA calls fail; and
/// resources created into a member that the type's destructor forgets while
/// it releases others, or that a method creates again over the first, or
/// that the constructor loses when it throws.
///
/// For the user-facing documentation see docs/checks/cuda-unreleased.md.
class CudaUnreleasedCheck : public GpuLeakCheck {
public:
  CudaUnreleasedCheck(StringRef Name, ClangTidyContext *Context);
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  void checkHostFunction(const CallExpr *Enqueue, ASTContext &Ctx);
  /// Creations into a `static thread_local` handle of \p FD that nothing
  /// releases: each thread that ends loses its resource.
  void checkThreadLocals(const FunctionDecl *FD, ASTContext &Ctx);
  /// Reports the creations into members of \p MD's own object that a later
  /// throw of a set-up method that a constructor of its class calls
  /// (`initialize()`) leaks: the throw leaves the constructor.
  void checkSetUpThrows(const CXXMethodDecl *MD, ASTContext &Ctx,
                        ThrowClassifier &Thrower);
  /// Reports the creations into members of \p MD's own object that a later
  /// throw of \p MD leaks, when \p MD is a constructor (\p FromCtor null) or
  /// a set-up method that one calls at \p FromCtor (the note).
  void reportConstructorLeaks(const CXXMethodDecl *MD, const CallExpr *FromCtor,
                              ASTContext &Ctx, ThrowClassifier &Thrower);
  /// Reports the resources created into members that are lost.
  void reportMembers();
  /// The notes of a member finding that assume functions of other files
  /// only read the member they are handed (CudaClassResources::Finding::
  /// ReadsAssumed).
  void readsAssumedNotes(const CudaClassResources::Finding &F);
  /// A resource released with an API of another kind (or `free`,
  /// `delete`) at \p Releaser: one message for a local handle and a member.
  void reportWrongRelease(const CallExpr *Creation,
                          const cuda::CreatorInfo &Creator,
                          const Stmt *Releaser, llvm::StringRef WrongName);

  /// Whether a path that leaves `main` counts as a leak (the process ends
  /// there, and the driver releases everything).
  const bool CheckMainExit;
  ClangTidyContext *const TidyContext;
  /// The global option `GpuleakIndex` (summaries/Summaries.h): where to
  /// find what destructors defined in other files release.
  const std::string IndexOption;

  // Per-TU state (a check instance lives for one translation unit).
  /// Creating calls already reported, by location: a template's calls are
  /// analysed once per instantiation but reported once.
  llvm::DenseSet<SourceLocation> Reported;
  /// Creations into members reported as leaked when the constructor throws,
  /// by location. Kept apart from `Reported`: the same creation can also be
  /// leaked by the destructor, for every object, and both are reported.
  llvm::DenseSet<SourceLocation> ReportedConstructorThrows;
  /// Resources created into members, decided at the end of the TU.
  std::unique_ptr<CudaClassResources> ClassResources;
  std::shared_ptr<const ProjectIndex> Index;
};

} // namespace clang::tidy::gpuleak

#endif
