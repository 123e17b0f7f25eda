//===--- MissingDetachCheck.cpp - gpuleak-missing-detach ------------------===//

#include "MissingDetachCheck.h"

namespace clang::tidy::gpuleak {

void MissingDetachCheck::onEndOfTranslationUnit() {
  if (!SM)
    return;
  for (const TensorStore &S : Stores.finish(*SM)) {
    if (S.Kind != TensorStore::Carry)
      continue; // gpuleak-retained-tensor
    const bool PerCall = !S.Loop;
    if (S.ReadBack) {
      auto D = diag(S.Store->getBeginLoc(),
                    "the value %q0 returns is carried into the next "
                    "%select{iteration|call}1 through %q2 with its autograd "
                    "graph, so the graphs of all %select{iterations|calls}1 "
                    "stay reachable; detach it where it is carried over")
               << S.ReadBack->getDirectCallee() << PerCall << S.Callee
               << SM->getExpansionRange(S.Store->getSourceRange());
      if (S.FixDetach)
        if (auto Fix = appendText(S.Value, ".detach()", *SM, *LangOpts))
          D << *Fix;
    } else {
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
    for (const auto &[Text, Loc] : S.CalleeNotes)
      diag(Loc, Text, DiagnosticIDs::Note);
    if (S.ReadBack)
      diag(S.ReadBack->getBeginLoc(), ReadBackNote, DiagnosticIDs::Note)
          << SM->getExpansionRange(S.ReadBack->getSourceRange());
    assumedNote(S, [&](SourceLocation L, StringRef Text, DiagnosticIDs::Level Lv) {
      return diag(L, Text, Lv);
    });
    diag(S.Origin->getBeginLoc(),
         "the graph it keeps reachable is built here, from the carried value",
         DiagnosticIDs::Note)
        << SM->getExpansionRange(S.Origin->getSourceRange());
  }
}

} // namespace clang::tidy::gpuleak
