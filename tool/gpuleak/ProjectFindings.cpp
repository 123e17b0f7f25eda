//===--- ProjectFindings.cpp - findings that need the whole project -------===//

#include "ProjectFindings.h"
#include "TensorStores.h"
#include "llvm/ADT/StringExtras.h"
#include <chrono>
#include <map>
#include <set>
#include <tuple>

using clang::tidy::gpuleak::FunctionSummary;
using clang::tidy::gpuleak::ParamStore;
using clang::tidy::gpuleak::ProjectIndex;
using clang::tidy::gpuleak::SummaryPlace;

namespace gpuleak {

static SourcePlace placeOf(const SummaryPlace &P) {
  SourcePlace S;
  S.File = P.File;
  S.Line = P.Line;
  S.Column = P.Column;
  return S;
}

/// The message of a store made by a callee, as gpuleak-retained-tensor words
/// it (RetainedTensorCheck.cpp).
static std::string calleeStoreMessage(llvm::StringRef Callee,
                                      llvm::StringRef Target) {
  return ("passing a tensor that carries autograd history to '" + Callee +
          "', which keeps it in '" + Target +
          "', keeps every iteration's graph alive; pass a number "
          "(.item<double>()) or a detached tensor (.detach())")
      .str();
}

/// The finding for \p S, whose callee keeps its parameter by \p PS.
static Finding siteFinding(const OpenSite &S, const ParamStore &PS) {
  Finding F;
  F.Check = "gpuleak-retained-tensor";
  F.Severity = S.Severity;
  F.Message = calleeStoreMessage(S.CalleeName, PS.Target);
  F.Place = S.Call;
  std::string From = "'" + S.CalleeQualifiedName + "'";
  for (const auto &V : PS.Via) {
    F.Notes.push_back({From + " passes it to '" + V.Callee + "' here",
                       placeOf(V.At), {}});
    From = "'" + V.Callee + "'";
  }
  F.Notes.push_back(
      {From + " keeps it in '" + PS.Target + "' here", placeOf(PS.At), {}});
  F.Notes.push_back({"the graph it keeps alive is built here", S.Origin, {}});
  return F;
}

/// The callee named by an assumption note, or "" for another note.
static llvm::StringRef assumedCallee(llvm::StringRef Note) {
  llvm::StringRef Prefix, Suffix;
  std::tie(Prefix, Suffix) = llvm::StringRef(clang::tidy::gpuleak::AssumedNote).split("%0");
  if (!Note.consume_front(Prefix) || !Note.consume_back(Suffix))
    return "";
  return Note;
}

llvm::Error applyProjectIndex(std::vector<TUResult> &TUs, Results &R,
                              const ProjectIndex *Previous,
                              llvm::StringRef IndexPath, ProjectStats &Stats) {
  auto Start = std::chrono::steady_clock::now();
  ProjectIndex Index;
  // Calls by place: an assumption note names its call by place.
  std::map<std::tuple<std::string, unsigned, unsigned>, std::string> CallAt;
  std::set<std::string> Files;
  for (TUResult &TU : TUs) {
    for (FunctionSummary &S : TU.Summaries) {
      for (const FunctionSummary::Call &C : S.Calls)
        CallAt.emplace(std::make_tuple(C.At.File, C.At.Line, C.At.Column),
                       C.CalleeUSR);
      Files.insert(S.Def.File);
      for (const ParamStore &PS : S.Stores)
        Files.insert(PS.At.File);
      Index.add(std::move(S));
    }
    for (const std::string &B : TU.Bounded)
      if (!B.empty())
        Index.addBounded(B);
  }
  for (const std::string &F : Files)
    if (!F.empty())
      Index.stampFile(F);
  // What an earlier run knew of files not analysed now (their entries are
  // still fresh: read() dropped those of changed files).
  if (Previous) {
    for (const auto &[USR, S] : Previous->functions())
      if (!Index.lookup(USR)) {
        Index.add(S);
        Index.stampFile(S.Def.File);
        for (const ParamStore &PS : S.Stores)
          Index.stampFile(PS.At.File);
      }
    for (const std::string &B : Previous->boundedTargets())
      Index.addBounded(B);
  }
  Stats.Rounds = Index.solve();
  Stats.Functions = Index.functions().size();

  // Open call sites whose callee keeps the parameter.
  for (const TUResult &TU : TUs)
    for (const OpenSite &S : TU.Sites) {
      const FunctionSummary *G = Index.lookup(S.CalleeUSR);
      if (!G || S.Silenced)
        continue;
      for (const ParamStore &PS : G->Stores) {
        if (PS.Param != S.Param || Index.bounded(PS.TargetUSR))
          continue;
        R.Findings.push_back(siteFinding(S, PS));
        ++Stats.Added;
        break;
      }
    }
  // Findings that assumed a callee passes its graph on, refuted.
  size_t Before = R.Findings.size();
  llvm::erase_if(R.Findings, [&](const Finding &F) {
    for (const FindingNote &N : F.Notes) {
      if (assumedCallee(N.Message).empty())
        continue;
      auto It = CallAt.find(
          std::make_tuple(N.Place.File, N.Place.Line, N.Place.Column));
      if (It == CallAt.end())
        continue;
      const FunctionSummary *G = Index.lookup(It->second);
      if (G && G->Returns == FunctionSummary::Result::Cut)
        return true;
    }
    return false;
  });
  Stats.Dropped = Before - R.Findings.size();
  sortAndDeduplicate(R);
  Stats.SolveSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (IndexPath.empty())
    return llvm::Error::success();
  return Index.write(IndexPath);
}

} // namespace gpuleak
