//===--- GpuLeakCheck.cpp - the base of every gpuleak check ---------------===//

#include "GpuLeakCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::gpuleak {

DiagnosticBuilder GpuLeakCheck::diag(SourceLocation Loc, StringRef Description,
                                     DiagnosticIDs::Level Level) {
  if (Sources && Loc.isMacroID() && Sources->isInSystemMacro(Loc))
    Loc = Sources->getFileLoc(Loc);
  if (Level != DiagnosticIDs::Note)
    Dropping = AST && mayRestOnUnseenCode(Loc, *AST);
  if (!Dropping)
    return ClangTidyCheck::diag(Loc, Description, Level);
  if (!Sink)
    Sink = std::make_unique<DiagnosticsEngine>(
        DiagnosticIDs::create(), SinkOptions, new IgnoringDiagConsumer());
  return Sink->Report(Sink->getDiagnosticIDs()->getCustomDiagID(Level, Description));
}

void GpuLeakCheck::registerPPCallbacks(const SourceManager &SM,
                                       Preprocessor *PP, Preprocessor *) {
  Sources = &SM;
  // Where the errors are; in gpuleak's own tools the parse goes on after
  // them (AfterErrors.h).
  if (PP)
    parseAfterErrors(*PP);
}

void GpuLeakCheck::run(const ast_matchers::MatchFinder::MatchResult &Result) {
  AST = Result.Context;
  check(Result);
}

} // namespace clang::tidy::gpuleak
