//===--- MissingDetachCheck.cpp - gpuleak-missing-detach ------------------===//

#include "MissingDetachCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::gpuleak {

namespace {
constexpr char FunctionId[] = "function"; // a function definition
} // namespace

void MissingDetachCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(analyzedFunction().bind(FunctionId), this);
}

void MissingDetachCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>(FunctionId);
  assert(FD && "matcher binds a function");
  SM = Result.SourceManager;
  LangOpts = &Result.Context->getLangOpts();
  Stores.analyzeFunction(FD, *Result.Context);
}

void MissingDetachCheck::onEndOfTranslationUnit() {
  if (!SM)
    return;
  for (const TensorStore &S : Stores.finish(*SM)) {
    if (S.Kind != TensorStore::Carry)
      continue; // gpuleak-retained-tensor
    const bool PerCall = !S.Loop;
    {
      auto D = diag(S.Store->getBeginLoc(),
                    "%0 is carried into the next %select{iteration|call}1 "
                    "with its autograd graph, so the graphs of all "
                    "%select{iterations|calls}1 stay reachable; detach it "
                    "where it is carried over")
               << S.Target << PerCall << SM->getExpansionRange(S.Store->getSourceRange());
      if (S.FixDetach)
        if (auto Fix = appendText(S.Value, ".detach()", *SM, *LangOpts))
          D << *Fix;
    }
    diag(S.Origin->getBeginLoc(),
         "the graph it keeps reachable is built here, from the carried value",
         DiagnosticIDs::Note)
        << SM->getExpansionRange(S.Origin->getSourceRange());
  }
}

} // namespace clang::tidy::gpuleak
