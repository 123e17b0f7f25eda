//===--- RetainedTensorCheck.cpp - gpuleak-retained-tensor ----------------===//

#include "RetainedTensorCheck.h"

namespace clang::tidy::gpuleak {

void RetainedTensorCheck::onEndOfTranslationUnit() {
  if (!SM)
    return;
  // The notes down to a callee's store, then, for a store made once per
  // call, the loop that repeats the call (in this file, or the index's
  // chain of calls).
  auto chainNotes = [&](const TensorStore &S) {
    for (const auto &[Text, Loc] : S.CalleeNotes)
      diag(Loc, Text, DiagnosticIDs::Note);
    if (S.RepeatCall)
      diag(S.RepeatCall->getBeginLoc(), CalledInLoopNote, DiagnosticIDs::Note)
          << S.RepeatedBy;
    for (const auto &[Text, Loc] : S.RepeatNotes)
      diag(Loc, Text, DiagnosticIDs::Note);
  };
  for (const TensorStore &S : Stores.finish(*SM)) {
    if (S.Kind == TensorStore::Carry)
      continue; // gpuleak-missing-detach
    const bool PerCall = !S.Loop;
    if (S.Kind == TensorStore::Cache) {
      diag(S.Store->getBeginLoc(),
           "%0 caches a tensor for every new shape and never evicts one, so "
           "the device memory it holds grows without bound; bound the cache "
           "or evict entries")
          << S.Target << SM->getExpansionRange(S.Store->getSourceRange());
      diag(S.Origin->getBeginLoc(), "the cached tensor is created here",
           DiagnosticIDs::Note)
          << SM->getExpansionRange(S.Origin->getSourceRange());
      continue;
    }
    if (S.Kind == TensorStore::Device) {
      if (S.Callee)
        diag(S.Store->getBeginLoc(),
             "passing a tensor to %0, which keeps it in %1 and never clears "
             "it, makes device memory grow with every %select{iteration|call}2 "
             "for the rest of the run; pass a CPU copy (.cpu()) or a number "
             "(.item<double>())")
            << S.Callee << S.CalleeTarget << PerCall
            << SM->getExpansionRange(S.Store->getSourceRange());
      else
        diag(S.Store->getBeginLoc(),
             "%0 keeps a tensor from every %select{iteration|call}1 and is "
             "never cleared or bounded, so the device memory it holds grows "
             "for the rest of the run; store a CPU copy (.cpu()) or a number "
             "(.item<double>()), or bound %0")
            << S.Target << PerCall
            << SM->getExpansionRange(S.Store->getSourceRange());
      chainNotes(S);
      if (S.AssumedDevice)
        for (const CallExpr *C : llvm::concat<const CallExpr *const>(
                 llvm::ArrayRef(S.AssumedDevice), S.AssumedOuter))
          if (const FunctionDecl *FD = C->getDirectCallee())
            diag(C->getBeginLoc(), AssumedKeepsDeviceNote, DiagnosticIDs::Note)
                << FD;
      if (S.AssumedRepeat)
        diag(S.AssumedRepeat->getLocation(), AssumedCalledInLoopNote,
             DiagnosticIDs::Note)
            << S.AssumedRepeat;
      if (S.AssumedGraph)
        if (const FunctionDecl *FD = S.AssumedGraph->getDirectCallee())
          diag(S.AssumedGraph->getBeginLoc(), AssumedDeviceOutputNote,
               DiagnosticIDs::Note)
              << FD;
      diag(S.Origin->getBeginLoc(),
           "the kept tensor is computed here; it carries no graph, but its "
           "storage stays on the device",
           DiagnosticIDs::Note)
          << SM->getExpansionRange(S.Origin->getSourceRange());
      continue;
    }
    if (S.Callee) {
      auto D = S.Kind == TensorStore::InPlace
                   ? diag(S.Store->getBeginLoc(),
                          "passing a tensor that carries autograd history to "
                          "%0, which writes it in place into %1, chains every "
                          "%select{iteration's|call's}2 graph onto the history "
                          "of %1; pass a detached tensor (.detach()) or call "
                          "%0 under a torch::NoGradGuard")
                         << S.Callee << S.CalleeTarget << PerCall
                   : diag(S.Store->getBeginLoc(),
                          "passing a tensor that carries autograd history to "
                          "%0, which keeps it in %1, keeps every "
                          "%select{iteration's|call's}2 graph alive; pass a "
                          "number (.item<double>()) or a detached tensor "
                          "(.detach())")
                         << S.Callee << S.CalleeTarget << PerCall;
      D << SM->getExpansionRange(S.Store->getSourceRange());
      if (S.FixDetach)
        if (auto Fix = appendText(S.Value, ".detach()", *SM, *LangOpts))
          D << *Fix;
    }
    if (!S.Callee) {
      auto D = [&] {
        switch (S.Kind) {
        case TensorStore::Accumulate:
          return diag(S.Store->getBeginLoc(),
                      "accumulating a tensor that carries autograd history "
                      "into %0 keeps every %select{iteration's|call's}1 graph "
                      "alive; accumulate a number (.item<double>()) or a "
                      "detached tensor (.detach())");
        case TensorStore::InPlace:
          return diag(S.Store->getBeginLoc(),
                      "writing a tensor that carries autograd history in "
                      "place into %0 chains every %select{iteration's|call's}1 "
                      "graph onto its history; write a detached tensor "
                      "(.detach()) or write under a torch::NoGradGuard");
        case TensorStore::Insert:
          return diag(S.Store->getBeginLoc(),
                      "storing a tensor that carries autograd history in %0 "
                      "keeps every %select{iteration's|call's}1 graph alive; "
                      "store a number (.item<double>()) or a detached tensor "
                      "(.detach())");
        default:
          return diag(S.Store->getBeginLoc(),
                      "storing a tensor that carries autograd history in %0 "
                      "keeps its graph alive after the %select{loop "
                      "iteration|call}1; store a number (.item<double>()) or "
                      "a detached tensor (.detach())");
        }
      }();
      D << S.Target << PerCall << SM->getExpansionRange(S.Store->getSourceRange());
      if (S.FixItem) {
        if (auto Fix = appendText(S.Value, ".item<double>()", *SM, *LangOpts))
          D << *Fix;
      } else if (S.FixDetach) {
        if (auto Fix = appendText(S.Value, ".detach()", *SM, *LangOpts))
          D << *Fix;
      }
    }
    chainNotes(S);
    if (S.AssumedRepeat)
      diag(S.AssumedRepeat->getLocation(), AssumedCalledInLoopNote,
           DiagnosticIDs::Note)
          << S.AssumedRepeat;
    assumedNote(S, [&](SourceLocation L, StringRef Text, DiagnosticIDs::Level Lv) {
      return diag(L, Text, Lv);
    });
    if (S.CarriedBy && S.CarriedReader)
      diag(S.CarriedBy->getBeginLoc(), CarriedToReaderNote,
           DiagnosticIDs::Note)
          << ("'" + S.CarriedMember + "'") << S.CarriedReader;
    else if (S.CarriedBy)
      diag(S.CarriedBy->getBeginLoc(), CarriedToNextCallNote,
           DiagnosticIDs::Note)
          << ("'" + S.CarriedMember + "'");
    diag(S.Origin->getBeginLoc(), "the graph it keeps alive is built here",
         DiagnosticIDs::Note)
        << SM->getExpansionRange(S.Origin->getSourceRange());
  }
}

} // namespace clang::tidy::gpuleak
