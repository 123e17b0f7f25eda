//===--- MissingNoGradCheck.h - gpuleak-missing-no-grad ---------*- C++ -*-===//

#ifndef GPULEAK_CHECKS_MISSINGNOGRADCHECK_H
#define GPULEAK_CHECKS_MISSINGNOGRADCHECK_H

#include "summaries/Summaries.h"
#include "TensorStores.h"
#include "GpuLeakCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <vector>

namespace clang::tidy::gpuleak {

/// The note of a block's one finding at each later pass of the block that is
/// an inference pass on its own: the check adds it for the passes it hides,
/// and `gpuleak check` for those it drops after the last file because the
/// block's finding stands (settleCoveredPasses, ProjectFindings.cpp).
inline constexpr char BlockPassNote[] =
    "this block also runs a forward pass with grad mode on here, on an "
    "inference path";

/// Finds forward passes on inference or evaluation paths that run with grad
/// mode on.
///
/// For the user-facing documentation see docs/checks/missing-no-grad.md.
class MissingNoGradCheck : public GpuLeakCheck {
public:
  /// Objects of classes with an operator() (not lambdas) that the file's
  /// functions make (constructions, copies, braced initializations), by
  /// class (also under each base that declares an operator()); and those
  /// handed straight to a call, with the call and the argument's index.
  using FunctorsMadeMap =
      llvm::DenseMap<const CXXRecordDecl *, llvm::SmallVector<const Expr *, 2>>;
  using FunctorsHandedMap =
      llvm::DenseMap<const Expr *, std::pair<const CallExpr *, unsigned>>;
  MissingNoGradCheck(StringRef Name, ClangTidyContext *Context);
  ~MissingNoGradCheck() override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

  /// What one function body holds, collected once per translation unit.
  struct FunctionFacts;

private:
  /// A function template that nothing in the translation unit instantiates
  /// (docs/checks/missing-no-grad.md, "What counts as a forward pass").
  void checkUninstantiated(const FunctionDecl *FD, const SourceManager &SM);

  /// Whether \p Field, a member that a forward pass's output overwrites,
  /// is read by its class's code only through values that carry no graph
  /// (docs/checks/missing-no-grad.md, "A member that holds one output").
  /// \p Uncut memoizes membersReadUncut() per function; \p Assumed gets the
  /// methods of another file taken to read it so (under `gpuleak check`).
  bool memberOnlyCut(
      const FieldDecl *Field,
      llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const FieldDecl *, 2>> &Uncut,
      llvm::SmallVectorImpl<const CXXMethodDecl *> &Assumed);

  /// `NoGrad` inserts `torch::NoGradGuard no_grad;`, `InferenceMode` inserts
  /// `c10::InferenceMode guard;`.
  const bool UseInferenceMode;
  /// The guard the findings advise: the UseInferenceMode option's.
  const char *guardName() const {
    return UseInferenceMode ? "c10::InferenceMode" : "torch::NoGradGuard";
  }

  ClangTidyContext *const TidyContext;
  /// The global option `GpuleakIndex` (summaries/Summaries.h).
  const std::string IndexOption;

  // Per-TU state (a check instance lives for one translation unit).
  std::shared_ptr<const ProjectIndex> Index;
  bool IndexLoaded = false;
  /// The data-flow facts of function summaries (what a function returns).
  TensorStoreFinder Provenance;
  std::vector<std::unique_ptr<FunctionFacts>> Functions;
  llvm::DenseMap<const FunctionDecl *, FunctionFacts *> ByDecl;
  /// Objects of functor classes made by the file (FunctorsMadeMap).
  FunctorsMadeMap FunctorsMade;
  FunctorsHandedMap FunctorsHanded;
  /// Grad mode switched off for good: the `GradMode::set_enabled(false)`
  /// calls of the file's own code, and whether any of its code may turn
  /// grad mode back on or starts a thread (then the switches cover nothing).
  llvm::SmallVector<SourceLocation, 2> GradOffSwitches;
  bool GradMayTurnOn = false;
  ASTContext *Ctx = nullptr;
};

} // namespace clang::tidy::gpuleak

#endif
