//===--- AfterErrors.cpp - analyse what parsed after a compiler error -----===//

#include "AfterErrors.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <memory>
#include <mutex>

namespace clang::tidy::gpuleak {

bool ParseAfterErrors = false;

namespace {
/// What code of a translation unit with errors clang could not see, and
/// what the functions that hold it share with the rest (mayRestOnUnseenCode).
class UnseenCode {
public:
  /// \p ParseStopped: clang stopped at a fatal error (the plugin in stock
  /// clang-tidy), and the errors after it were not reported.
  UnseenCode(ASTContext &Ctx, llvm::ArrayRef<SourceLocation> Errors,
             bool ParseStopped);
  bool mayHide(SourceLocation Loc);

private:
  /// What a function's body calls and reads that outlives a call.
  struct Uses {
    llvm::DenseSet<const Decl *> Callees, State;
  };
  static Uses usesOf(const Stmt *Body);
  const FunctionDecl *outermostFunctionAt(SourceLocation Loc) const;

  const SourceManager &SM;
  const bool ParseStopped;
  /// Function definitions (canonical) whose body holds an error.
  llvm::DenseSet<const Decl *> Broken;
  /// Classes with an invalid member or a method in Broken.
  llvm::DenseSet<const Decl *> BrokenClasses;
  /// Functions (canonical) that a function of Broken calls.
  llvm::DenseSet<const Decl *> CalledByBroken;
  /// Members and global variables that a function of Broken reads.
  llvm::DenseSet<const Decl *> TouchedByBroken;
  /// Every name spelled in a function of Broken: what clang dropped or
  /// took for another declaration (`koi::trim(kept);` declares a variable
  /// `kept`) still names what it touches there.
  llvm::StringSet<> NamesInBroken;
  /// Every function definition outside system headers, or in a file with an
  /// error, by its body's expansion range.
  std::vector<const FunctionDecl *> Definitions;
  llvm::DenseMap<const FunctionDecl *, bool> Verdicts;
};

UnseenCode::Uses UnseenCode::usesOf(const Stmt *Body) {
  Uses U;
  llvm::SmallVector<const Stmt *, 32> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        U.Callees.insert(Callee->getCanonicalDecl());
    } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(S)) {
      U.Callees.insert(Construct->getConstructor()->getCanonicalDecl());
    } else if (const auto *M = dyn_cast<MemberExpr>(S)) {
      if (isa<FieldDecl>(M->getMemberDecl()))
        U.State.insert(M->getMemberDecl()->getCanonicalDecl());
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      // The standard library's objects (`std::cout`, `std::cerr`,
      // `std::ignore`) hold none of the project's state: code naming them
      // can print a tensor, not keep, release, guard or detach it.
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && V->hasGlobalStorage() && !V->isInStdNamespace())
        U.State.insert(V->getCanonicalDecl());
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return U;
}

UnseenCode::UnseenCode(ASTContext &Ctx, llvm::ArrayRef<SourceLocation> Errors,
                       bool ParseStopped)
    : SM(Ctx.getSourceManager()), ParseStopped(ParseStopped) {
  llvm::DenseSet<FileID> ErrorFiles;
  std::vector<std::pair<FileID, unsigned>> ErrorPlaces;
  for (SourceLocation L : Errors) {
    L = SM.getExpansionLoc(L);
    if (L.isInvalid())
      continue;
    std::pair<FileID, unsigned> P = SM.getDecomposedLoc(L);
    ErrorFiles.insert(P.first);
    ErrorPlaces.push_back(P);
  }
  struct Collect : RecursiveASTVisitor<Collect> {
    const SourceManager &SM;
    const llvm::DenseSet<FileID> &ErrorFiles;
    std::vector<const FunctionDecl *> &Out;
    std::vector<const FieldDecl *> InvalidFields;
    Collect(const SourceManager &SM, const llvm::DenseSet<FileID> &ErrorFiles,
            std::vector<const FunctionDecl *> &Out)
        : SM(SM), ErrorFiles(ErrorFiles), Out(Out) {}
    bool shouldVisitTemplateInstantiations() const { return false; }
    bool TraverseDecl(Decl *D) {
      // Library code is looked at only in a file with an error.
      if (D && !isa<TranslationUnitDecl>(D)) {
        SourceLocation L = SM.getExpansionLoc(D->getLocation());
        if (L.isValid() && SM.isInSystemHeader(L) &&
            !ErrorFiles.contains(SM.getFileID(L)))
          return true;
      }
      return RecursiveASTVisitor::TraverseDecl(D);
    }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (FD->doesThisDeclarationHaveABody() && FD->getBody())
        Out.push_back(FD);
      return true;
    }
    bool VisitFieldDecl(FieldDecl *F) {
      if (F->isInvalidDecl())
        InvalidFields.push_back(F);
      return true;
    }
  } C(SM, ErrorFiles, Definitions);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());

  for (const FieldDecl *F : C.InvalidFields)
    BrokenClasses.insert(F->getParent()->getCanonicalDecl());
  for (const FunctionDecl *FD : Definitions) {
    // The body: an error of the declaration alone (`override` on a method
    // that overrides nothing) hides no statement.
    SourceRange R = FD->getBody()->getSourceRange();
    SourceLocation B = SM.getExpansionLoc(R.getBegin()),
                   E = SM.getExpansionLoc(R.getEnd());
    bool Holds = false;
    if (B.isValid() && E.isValid()) {
      std::pair<FileID, unsigned> BP = SM.getDecomposedLoc(B),
                                  EP = SM.getDecomposedLoc(E);
      if (BP.first == EP.first && ErrorFiles.contains(BP.first))
        Holds = llvm::any_of(ErrorPlaces, [&](const auto &P) {
          return P.first == BP.first && P.second >= BP.second &&
                 P.second <= EP.second;
        });
    }
    if (!Holds)
      continue;
    Broken.insert(FD->getCanonicalDecl());
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
      BrokenClasses.insert(M->getParent()->getCanonicalDecl());
    Uses U = usesOf(FD->getBody());
    CalledByBroken.insert(U.Callees.begin(), U.Callees.end());
    TouchedByBroken.insert(U.State.begin(), U.State.end());
    if (B.isValid() && E.isValid() && SM.getFileID(B) == SM.getFileID(E)) {
      bool Invalid = false;
      StringRef Buffer = SM.getBufferData(SM.getFileID(B), &Invalid);
      if (Invalid)
        continue;
      unsigned End = SM.getFileOffset(E);
      Lexer Raw(SM.getLocForStartOfFile(SM.getFileID(B)), Ctx.getLangOpts(),
                Buffer.begin(), Buffer.data() + SM.getFileOffset(B),
                Buffer.end());
      Token Tok;
      while (!Raw.LexFromRawLexer(Tok) &&
             SM.getFileOffset(Tok.getLocation()) <= End)
        if (Tok.is(tok::raw_identifier))
          NamesInBroken.insert(Tok.getRawIdentifier());
    }
  }
  // Any member of a class with unseen code may be what that code touches.
  for (const FunctionDecl *FD : Definitions)
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD);
        M && BrokenClasses.contains(M->getParent()->getCanonicalDecl()))
      for (const FieldDecl *F : M->getParent()->fields())
        TouchedByBroken.insert(F->getCanonicalDecl());
}

const FunctionDecl *UnseenCode::outermostFunctionAt(SourceLocation Loc) const {
  Loc = SM.getExpansionLoc(Loc);
  const FunctionDecl *Best = nullptr;
  unsigned BestSize = 0;
  for (const FunctionDecl *FD : Definitions) {
    SourceRange R = FD->getSourceRange();
    SourceLocation B = SM.getExpansionLoc(R.getBegin()),
                   E = SM.getExpansionLoc(R.getEnd());
    if (!SM.isPointWithin(Loc, B, E))
      continue;
    unsigned Size = SM.getFileOffset(E) - SM.getFileOffset(B);
    if (!Best || Size > BestSize) {
      Best = FD;
      BestSize = Size;
    }
  }
  return Best;
}

bool UnseenCode::mayHide(SourceLocation Loc) {
  // After a fatal error that stopped the parse, declarations are missing
  // without an error where they are used.
  if (ParseStopped)
    return true;
  if (Broken.empty() && BrokenClasses.empty())
    return false;
  const FunctionDecl *FD = outermostFunctionAt(Loc);
  if (!FD)
    // A finding at a declaration (a member that a class forgets): its
    // class's unseen code may look after it.
    return !BrokenClasses.empty();
  auto [It, Inserted] = Verdicts.try_emplace(FD, false);
  if (!Inserted)
    return It->second;
  const Decl *Canon = FD->getCanonicalDecl();
  bool Hide = Broken.contains(Canon) || CalledByBroken.contains(Canon);
  if (const auto *M = dyn_cast<CXXMethodDecl>(FD))
    Hide |= BrokenClasses.contains(M->getParent()->getCanonicalDecl());
  if (!Hide) {
    Uses U = usesOf(FD->getBody());
    Hide = llvm::any_of(U.Callees, [&](const Decl *D) {
             return Broken.contains(D);
           }) ||
           llvm::any_of(U.State, [&](const Decl *D) {
             const auto *ND = cast<NamedDecl>(D);
             return TouchedByBroken.contains(D) ||
                    (ND->getIdentifier() &&
                     NamesInBroken.contains(ND->getName()));
           });
  }
  return Verdicts[FD] = Hide;
}

/// Whether the error \p ID may stand for code that clang could not see:
/// a name it does not know (`koiFree(p)`, `MyNoGradScope g;`,
/// `opts.layers(2)` of another version of the API), which becomes an error
/// expression, an invalid or another declaration, or nothing; or a parse or
/// preprocessor error (a header not found, a statement it could not read).
/// Not an error between declarations it knows (`no viable conversion`, `no
/// matching function`): the expression is kept, and the checks' rules on
/// refused code judge it.
static bool mayHideCode(unsigned ID) {
  switch (ID) {
  case diag::err_undeclared_var_use:
  case diag::err_undeclared_var_use_suggest:
  case diag::err_undeclared_use:
  case diag::err_undeclared_use_suggest:
  case diag::err_unknown_typename:
  case diag::err_unknown_typename_suggest:
  case diag::err_unknown_type_or_class_name_suggest:
  case diag::err_unknown_nested_typename_suggest:
  case diag::err_typename_nested_not_found:
  case diag::err_no_member:
  case diag::err_no_member_suggest:
  case diag::err_no_member_overloaded_arrow:
  case diag::err_no_member_template:
  case diag::err_no_member_template_suggest:
  case diag::err_no_template:
  case diag::err_no_template_suggest:
    return true;
  default:
    break;
  }
  StringRef Category = DiagnosticIDs::getCategoryNameFromID(
      DiagnosticIDs::getCategoryNumberForDiag(ID));
  return Category == "Parse Issue" || Category == "Lexical or Preprocessor Issue";
}

/// Passes on to \p Inner the compiler diagnostics that clang with its
/// default limits would have emitted: up to the first fatal error (a fatal
/// one by default, now kept going as an error and passed on as fatal) or
/// the error past the limit, not after it. The checks' diagnostics (custom
/// IDs, which clangd reports through the same engine) always pass.
class AsClangWouldReport : public DiagnosticConsumer {
public:
  AsClangWouldReport(DiagnosticConsumer &Inner,
                     std::unique_ptr<DiagnosticConsumer> Owned,
                     const DiagnosticIDs &IDs, unsigned ErrorLimit, bool Filter)
      : Inner(Inner), Owned(std::move(Owned)), IDs(IDs),
        ErrorLimit(ErrorLimit), Filter(Filter) {
    syncCounts();
  }
  ~AsClangWouldReport() override {
    std::lock_guard<std::mutex> Guard(RecordersLock);
    Recorders.erase(this);
  }

  /// The places of the translation unit's errors, and what they hide.
  bool HasErrors = false;
  std::vector<SourceLocation> Errors;
  std::unique_ptr<UnseenCode> Unseen;

  static std::mutex RecordersLock;
  /// The live consumers this file installed, so that a check finds its
  /// translation unit's one through the engine's client.
  static llvm::DenseSet<const DiagnosticConsumer *> Recorders;

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Inner.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    Inner.EndSourceFile();
    syncCounts();
  }
  void finish() override {
    Inner.finish();
    syncCounts();
  }
  void clear() override {
    DiagnosticConsumer::clear();
    Inner.clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Inner.IncludeInDiagnosticCounts();
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (DiagnosticIDs::IsCustomDiag(Info.getID()))
      return pass(Level, Info);
    if (Level >= DiagnosticsEngine::Error && mayHideCode(Info.getID())) {
      HasErrors = true;
      if (Info.getLocation().isValid())
        Errors.push_back(Info.getLocation());
    }
    if (!Filter)
      return pass(Level, Info);
    if (Level == DiagnosticsEngine::Note) {
      if (!LastDropped)
        pass(Level, Info);
      return;
    }
    if (Stopped) {
      LastDropped = true;
      return;
    }
    LastDropped = false;
    if (Level < DiagnosticsEngine::Error)
      return pass(Level, Info);
    if (IDs.getDefaultMapping(Info.getID()).getSeverity() ==
        diag::Severity::Fatal) {
      Stopped = true;
      return pass(DiagnosticsEngine::Fatal, Info);
    }
    // clang reports the error past its limit as "too many errors emitted,
    // stopping now": one more error, the last.
    if (ErrorLimit && ++NumErrors > ErrorLimit) {
      Stopped = true;
      return pass(DiagnosticsEngine::Fatal, Info);
    }
    pass(Level, Info);
  }

private:
  /// clang's "N warnings generated" reads the engine's client, this one:
  /// its counts are those of the consumer it passes on to, which also gets
  /// what was reported before this one took over and, in clang-tidy, the
  /// checks' diagnostics through another engine.
  void syncCounts() {
    NumWarnings = Inner.getNumWarnings();
    NumErrors = Inner.getNumErrors();
  }

  void pass(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Inner.HandleDiagnostic(Level, Info);
  }

  DiagnosticConsumer &Inner;
  std::unique_ptr<DiagnosticConsumer> Owned;
  const DiagnosticIDs &IDs;
  const unsigned ErrorLimit;
  const bool Filter;
  unsigned NumErrors = 0;
  bool Stopped = false;
  bool LastDropped = false;
};
std::mutex AsClangWouldReport::RecordersLock;
llvm::DenseSet<const DiagnosticConsumer *> AsClangWouldReport::Recorders;

AsClangWouldReport *recorderOf(DiagnosticsEngine &Diags) {
  DiagnosticConsumer *Client = Diags.getClient();
  std::lock_guard<std::mutex> Guard(AsClangWouldReport::RecordersLock);
  if (!Client || !AsClangWouldReport::Recorders.contains(Client))
    return nullptr;
  return static_cast<AsClangWouldReport *>(Client);
}
} // namespace

void parseAfterErrors(Preprocessor &PP) {
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  // Every check calls this; the first one sets the engine up.
  if (!Diags.getClient() || recorderOf(Diags))
    return;
  const unsigned Limit = Diags.getDiagnosticOptions().ErrorLimit;
  DiagnosticConsumer &Inner = *Diags.getClient();
  std::unique_ptr<DiagnosticConsumer> Owned = Diags.takeClient();
  auto *Recorder =
      new AsClangWouldReport(Inner, std::move(Owned), *Diags.getDiagnosticIDs(),
                             Limit, /*Filter=*/ParseAfterErrors);
  {
    std::lock_guard<std::mutex> Guard(AsClangWouldReport::RecordersLock);
    AsClangWouldReport::Recorders.insert(Recorder);
  }
  Diags.setClient(Recorder, /*ShouldOwnClient=*/true);
  if (!ParseAfterErrors)
    return;
  Diags.setErrorLimit(0);
  Diags.setFatalsAsError(true);
}

bool mayRestOnUnseenCode(SourceLocation Loc, ASTContext &Ctx) {
  AsClangWouldReport *R = recorderOf(Ctx.getDiagnostics());
  // Installed by parseAfterErrors() for every translation unit that a
  // gpuleak check analyses.
  if (!R)
    return false;
  const bool Stopped = Ctx.getDiagnostics().hasFatalErrorOccurred();
  if (!R->HasErrors && !Stopped)
    return false;
  if (!R->Unseen)
    R->Unseen = std::make_unique<UnseenCode>(Ctx, R->Errors, Stopped);
  return R->Unseen->mayHide(Loc);
}

} // namespace clang::tidy::gpuleak
