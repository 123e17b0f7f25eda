//===--- ProjectFindings.cpp - findings that need the whole project -------===//

#include "ProjectFindings.h"
#include "ChangedLines.h"
#include "MissingNoGradCheck.h"
#include "TensorStores.h"
#include "llvm/Support/FileSystem.h"
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
                                      llvm::StringRef Target, bool InPlace,
                                      bool PerCall) {
  llvm::StringRef Each = PerCall ? "call's" : "iteration's";
  if (InPlace)
    return ("passing a tensor that carries autograd history to '" + Callee +
            "', which writes it in place into '" + Target + "', chains every " +
            Each + " graph onto the history of '" + Target +
            "'; pass a detached tensor (.detach()) or call '" + Callee +
            "' under a torch::NoGradGuard")
        .str();
  return ("passing a tensor that carries autograd history to '" + Callee +
          "', which keeps it in '" + Target + "', keeps every " + Each +
          " graph alive; pass a number (.item<double>()) or a detached tensor "
          "(.detach())")
      .str();
}

/// The notes down the chain of calls from \p S's callee (or, for a virtual
/// call, the overrider \p RunBy that stores) to the store \p PS.
static std::vector<FindingNote> storeNotes(const OpenSite &S,
                                           const ParamStore &PS,
                                           llvm::StringRef RunBy) {
  std::vector<FindingNote> Notes;
  std::string From =
      "'" + (RunBy.empty() ? S.CalleeQualifiedName : RunBy.str()) + "'";
  for (const auto &V : PS.Via) {
    Notes.push_back({From + " passes it to '" + V.Callee + "' here",
                     placeOf(V.At), {}});
    From = "'" + V.Callee + "'";
  }
  Notes.push_back({From + (PS.InPlace ? " writes it in place into '"
                                       : " keeps it in '") +
                       PS.Target + "' here",
                   placeOf(PS.At),
                   {}});
  return Notes;
}

/// The notes of \p Chain (ProjectIndex::calledInLoop()): the call in a loop,
/// then each call down to the function whose calls repeat the store.
static std::vector<FindingNote>
loopCallNotes(const std::vector<clang::tidy::gpuleak::SummaryCall> &Chain) {
  std::vector<FindingNote> Notes;
  for (const auto &[Text, At] : clang::tidy::gpuleak::calledInLoopNotes(Chain))
    Notes.push_back({Text, placeOf(At), {}});
  return Notes;
}

/// The finding for \p S, whose callee keeps its parameter by \p PS,
/// repeated by the calls \p Chain (empty: the call is in a loop).
static Finding
siteFinding(const OpenSite &S, const ParamStore &PS,
            const std::vector<clang::tidy::gpuleak::SummaryCall> &Chain,
            llvm::StringRef RunBy) {
  Finding F;
  F.Check = "gpuleak-retained-tensor";
  F.Severity = S.Severity;
  F.Message =
      calleeStoreMessage(S.CalleeName, PS.Target, PS.InPlace, S.PerCall);
  F.Place = S.Call;
  F.Notes = storeNotes(S, PS, RunBy);
  for (FindingNote &N : loopCallNotes(Chain))
    F.Notes.push_back(std::move(N));
  if (S.CarriedBy)
    F.Notes.push_back(
        {S.CarriedReader.empty()
             ? clang::tidy::gpuleak::formatNote(
                   clang::tidy::gpuleak::CarriedToNextCallNote,
                   {S.CarriedMember})
             : clang::tidy::gpuleak::formatNote(
                   clang::tidy::gpuleak::CarriedToReaderNote,
                   {S.CarriedMember, S.CarriedReader}),
         *S.CarriedBy,
         {}});
  F.Notes.push_back({"the graph it keeps alive is built here", S.Origin, {}});
  return F;
}

/// The finding for \p S, a tensor without a graph whose callee adds it to
/// what it keeps by \p PS, repeated by the calls \p Chain (may be empty: the
/// loop lasts the run), as gpuleak-retained-tensor words it.
static Finding deviceSiteFinding(
    const OpenSite &S, const ParamStore &PS,
    const std::vector<clang::tidy::gpuleak::SummaryCall> &Chain,
    llvm::StringRef RunBy) {
  Finding F;
  F.Check = "gpuleak-retained-tensor";
  F.Severity = S.Severity;
  F.Message = "passing a tensor to '" + S.CalleeName + "', which keeps it in '" +
              PS.Target +
              "' and never clears it, makes device memory grow with every " +
              (S.PerCall ? "call" : "iteration") +
              " for the rest of the run; pass a CPU copy (.cpu()) or a number "
              "(.item<double>())";
  F.Place = S.Call;
  F.Notes = storeNotes(S, PS, RunBy);
  for (FindingNote &N : loopCallNotes(Chain))
    F.Notes.push_back(std::move(N));
  F.Notes.push_back({"the kept tensor is computed here; it carries no graph, "
                     "but its storage stays on the device",
                     S.Origin,
                     {}});
  return F;
}

/// The callee (quoted) named by \p Note if it is of the form \p Format
/// (with one %0), or "".
static llvm::StringRef noteArgument(llvm::StringRef Note, llvm::StringRef Format) {
  auto [Prefix, Suffix] = Format.split("%0");
  if (!Note.consume_front(Prefix) || !Note.consume_back(Suffix))
    return "";
  return Note;
}

/// \p Format (one %0) with \p Arg, already quoted as a note names it, in
/// place of %0: the fact note that replaces an assumption note.
static std::string withArgument(llvm::StringRef Format, llvm::StringRef Arg) {
  auto [Prefix, Suffix] = Format.split("%0");
  return (Prefix + Arg + Suffix).str();
}

/// The 1-based argument (its %1) named by a note of the form \p Format
/// (AssumedNoBackwardNote, AssumedInvokesUnguardedNote), or 0.
static unsigned noteArgumentNumber(llvm::StringRef Note, llvm::StringRef Format) {
  auto [Head, Tail] = Format.split("%1");
  auto [Prefix, Middle] = Head.split("%0");
  unsigned Arg = 0;
  if (!Note.consume_front(Prefix) || !Note.consume_back(Tail))
    return 0;
  size_t At = Note.rfind(Middle);
  if (At == llvm::StringRef::npos ||
      Note.drop_front(At + Middle.size()).getAsInteger(10, Arg))
    return 0;
  return Arg;
}

/// The 1-based argument named by an AssumedNoBackwardNote (its %1), or 0.
static unsigned noBackwardArgument(llvm::StringRef Note) {
  return noteArgumentNumber(Note, clang::tidy::gpuleak::AssumedNoBackwardNote);
}

/// The function and the member (unquoted) named by a note of the form
/// \p Format (AssumedNoReleaseNote or AssumedReleasesOthersNote), or "".
static std::pair<llvm::StringRef, llvm::StringRef>
releaseNoteArguments(llvm::StringRef Note, llvm::StringRef Format) {
  auto [Prefix, Rest] = Format.split("%q0");
  auto [Middle, Tail] = Rest.split("%q1");
  if (!Note.consume_front(Prefix) || !Note.consume_back(Tail))
    return {};
  size_t At = Note.find(Middle);
  if (At == llvm::StringRef::npos)
    return {};
  llvm::StringRef Fn = Note.take_front(At), Member = Note.drop_front(At + Middle.size());
  if (!Fn.consume_front("'") || !Fn.consume_back("'") ||
      !Member.consume_front("'") || !Member.consume_back("'"))
    return {};
  return {Fn, Member};
}

/// Settles a gpuleak-cuda-unreleased finding about a member whose class's
/// destructor (or a method it calls on the object) is defined in another
/// file: false (drop it) when a function a note names is not summarized,
/// releases the member, or, for AssumedReleasesOthersNote, when none of
/// them releases any member. The notes settled are removed from \p F.
static bool keepMemberFinding(Finding &F, const ProjectIndex &Index) {
  llvm::StringSet<> USRs, Names;
  std::string Member;
  bool NeedsOthers = false;
  std::vector<size_t> Settled;
  std::vector<const FunctionSummary *> Destructors; // of the settled notes
  for (size_t I = 0; I < F.Notes.size(); ++I) {
    llvm::StringRef Format = clang::tidy::gpuleak::AssumedNoReleaseNote;
    auto [Fn, M] = releaseNoteArguments(F.Notes[I].Message, Format);
    if (Fn.empty()) {
      Format = clang::tidy::gpuleak::AssumedReleasesOthersNote;
      std::tie(Fn, M) = releaseNoteArguments(F.Notes[I].Message, Format);
      if (Fn.empty())
        continue;
      NeedsOthers = true;
    }
    const FunctionSummary *G = Index.named(Fn);
    if (!G || !Index.membersReleasedBy(G->USR, USRs, Names))
      return false; // nothing is known of what it releases
    Member = M.str();
    Settled.push_back(I);
    if (llvm::StringRef(G->Name).rsplit("::").second.starts_with("~"))
      Destructors.push_back(G);
  }
  if (Settled.empty())
    return true;
  if (Names.contains(Member) || (NeedsOthers && Names.empty()))
    return false;
  for (auto It = Settled.rbegin(); It != Settled.rend(); ++It)
    F.Notes.erase(F.Notes.begin() + *It);
  // The translation unit saw the destructor's declaration only: its note
  // goes to the definition the index knows, where a change to it is (CI
  // trial 15, D8: --changed-since missed a release removed there).
  for (const FunctionSummary *D : Destructors) {
    if (!D->Def.valid())
      continue;
    std::string Here = "destructor of '" +
                       llvm::StringRef(D->Name).rsplit("::~").second.str() +
                       "' is here";
    for (FindingNote &N : F.Notes)
      if (N.Message == Here)
        N.Place = {D->Def.File, D->Def.Line, D->Def.Column, 0, 0};
  }
  return true;
}

/// The one quoted argument (%q0, unquoted) of \p Note if it has the form
/// \p Format, or "".
static llvm::StringRef quotedArgument(llvm::StringRef Note,
                                      llvm::StringRef Format) {
  auto [Prefix, Suffix] = Format.split("%q0");
  if (!Note.consume_front(Prefix) || !Note.consume_back(Suffix) ||
      !Note.consume_front("'") || !Note.consume_back("'"))
    return "";
  return Note;
}

/// The function (unquoted) and the 1-based argument named by an
/// AssumedReadsOnlyNote, or {"", 0}.
static std::pair<llvm::StringRef, unsigned>
readsOnlyArguments(llvm::StringRef Note) {
  auto [Prefix, Rest] =
      llvm::StringRef(clang::tidy::gpuleak::AssumedReadsOnlyNote).split("%q0");
  auto [Middle, Tail] = Rest.split("%1");
  if (!Note.consume_front(Prefix) || !Note.consume_back(Tail))
    return {};
  size_t At = Note.rfind(Middle);
  unsigned Arg = 0;
  if (At == llvm::StringRef::npos ||
      Note.drop_front(At + Middle.size()).getAsInteger(10, Arg) || !Arg)
    return {};
  llvm::StringRef Fn = Note.take_front(At);
  if (!Fn.consume_front("'") || !Fn.consume_back("'"))
    return {};
  return {Fn, Arg};
}

/// Whether the summaries confirm an AssumedReadsOnlyNote: the function it
/// names (at the note's call, else by name) only reads its argument.
template <typename CalleeAtFn>
static bool readsOnlyHolds(const FindingNote &N, const ProjectIndex &Index,
                           CalleeAtFn CalleeAt) {
  const auto [Fn, Arg] = readsOnlyArguments(N.Message);
  const FunctionSummary *G = CalleeAt(N.Place);
  if (!G)
    G = Index.named(Fn);
  return G && llvm::any_of(G->ParamUses, [&, Arg = Arg](const auto &PU) {
           return PU.first + 1 == Arg &&
                  PU.second == FunctionSummary::ParamUse::Read;
         });
}

/// Settles a gpuleak-cuda-unreleased finding about a member of a class
/// without a destructor: dropped when some function of the project releases
/// or hands on the member (AssumedNotReleasedElsewhereNote), or when no
/// construction of the class in the project is repeated
/// (AssumedMadeRepeatedlyNote) and no class that holds an object of it
/// destroys it with CUDA members of its own (heldByReleasingOwner());
/// otherwise the first note is removed and the second becomes the notes at
/// the repeated construction, or at the holder's member and destructor (the
/// message then says DestroyedWithHolderClause). Each assumption that a
/// function of another file only reads a member it is handed
/// (AssumedReadsOnlyNote) must hold, and is removed.
template <typename CalleeAtFn>
static bool keepNoOwnerFinding(Finding &F, const ProjectIndex &Index,
                               CalleeAtFn CalleeAt) {
  namespace g = clang::tidy::gpuleak;
  // Its message says why the resource is lost (one of the two clauses).
  auto Clause = [&](llvm::StringRef Format) {
    auto [Before, After] = Format.split("%0");
    size_t At = F.Message.find(Before.str() + "'");
    return At != std::string::npos &&
           F.Message.find("'" + After.split("%1").first.str(), At) !=
               std::string::npos;
  };
  const bool NoOwner = Clause(g::MadeRepeatedlyClause) ||
                       Clause(g::DestroyedWithHolderClause);
  for (size_t I = 0; I < F.Notes.size();) {
    llvm::StringRef Msg = F.Notes[I].Message;
    // Every member handed to a function of another file must only be read
    // there: the resource is lost only if nothing else can release it.
    if (NoOwner && readsOnlyArguments(Msg).second) {
      if (!readsOnlyHolds(F.Notes[I], Index, CalleeAt))
        return false;
      F.Notes.erase(F.Notes.begin() + I);
      continue;
    }
    if (llvm::StringRef Member = quotedArgument(
            Msg, clang::tidy::gpuleak::AssumedNotReleasedElsewhereNote);
        !Member.empty()) {
      if (Index.memberLookedAfter(Member))
        return false;
      F.Notes.erase(F.Notes.begin() + I);
      continue;
    }
    if (llvm::StringRef Class = quotedArgument(
            Msg, clang::tidy::gpuleak::AssumedMadeRepeatedlyNote);
        !Class.empty()) {
      auto Notes = Index.madeRepeatedly(Class);
      if (!Notes) {
        // No repeated construction: a holder whose destructor releases its
        // own CUDA members and destroys the part with it, in the message's
        // words (MadeRepeatedlyClause becomes DestroyedWithHolderClause).
        auto H = Index.heldByReleasingOwner(Class);
        auto [Before, After] =
            llvm::StringRef(clang::tidy::gpuleak::MadeRepeatedlyClause)
                .split("%0");
        size_t From = F.Message.find((Before + "'").str());
        size_t To = From == std::string::npos
                        ? From
                        : F.Message.find(("'" + After).str(), From);
        if (!H || To == std::string::npos)
          return false;
        std::string Part =
            F.Message.substr(From + Before.size() + 1,
                             To - From - Before.size() - 1);
        F.Message.replace(From, To + 1 + After.size() - From,
                          clang::tidy::gpuleak::formatNote(
                              clang::tidy::gpuleak::DestroyedWithHolderClause,
                              {H->Name, Part}));
        Notes = std::move(H->Notes);
      }
      std::vector<FindingNote> Made;
      for (const auto &[Text, At] : *Notes)
        Made.push_back({Text, placeOf(At), {}});
      F.Notes.erase(F.Notes.begin() + I);
      F.Notes.insert(F.Notes.begin() + I, Made.begin(), Made.end());
      I += Made.size();
      continue;
    }
    ++I;
  }
  return true;
}

/// Settles a gpuleak-cuda-unreleased finding about a local resource whose
/// leak rests on calls of functions of other files (AssumedThrowsNote,
/// AssumedReadsOnlyNote, AssumedReturnsNote): its notes are groups, each a
/// `leaked ...` note followed by what that path assumed, one per leaking
/// exit in source order; each group whose assumptions the summaries confirm
/// is kept, with each assumption that a callee throws made
/// ElsewhereThrowsNote at its summary's throw and the others removed; the
/// finding is dropped when no group holds. A
/// function that is not summarized neither throws nor ends the process, and
/// may keep what it is handed. \p CalleeAt: the callee of the call at a
/// place.
template <typename CalleeAtFn>
static bool keepElsewhereFinding(Finding &F, const ProjectIndex &Index,
                                 CalleeAtFn CalleeAt) {
  namespace g = clang::tidy::gpuleak;
  enum { Plain, Throws, ReadsOnly, Returns };
  auto KindOf = [](const FindingNote &N) {
    if (!quotedArgument(N.Message, g::AssumedThrowsNote).empty())
      return Throws;
    if (!quotedArgument(N.Message, g::AssumedReturnsNote).empty())
      return Returns;
    if (readsOnlyArguments(N.Message).second)
      return ReadsOnly;
    return Plain;
  };
  if (llvm::all_of(F.Notes,
                   [&](const FindingNote &N) { return KindOf(N) == Plain; }))
    return true;
  auto SummaryOf = [&](const FindingNote &N,
                       llvm::StringRef Fn) -> const FunctionSummary * {
    if (const FunctionSummary *G = CalleeAt(N.Place))
      return G;
    return Index.named(Fn);
  };
  // The notes of every group that holds: each is a leaking exit.
  std::vector<FindingNote> AllKept;
  bool Held = false;
  for (size_t Begin = 0; Begin < F.Notes.size();) {
    size_t End = Begin + 1;
    while (End < F.Notes.size() && KindOf(F.Notes[End]) != Plain)
      ++End;
    bool Holds = true;
    std::vector<FindingNote> Kept;
    for (size_t I = Begin; I < End && Holds; ++I) {
      const FindingNote &N = F.Notes[I];
      switch (KindOf(N)) {
      case Plain:
        Kept.push_back(N);
        break;
      case Throws: {
        llvm::StringRef Fn = quotedArgument(N.Message, g::AssumedThrowsNote);
        const FunctionSummary *G = SummaryOf(N, Fn);
        if (!G || !G->Throws) {
          Holds = false;
          break;
        }
        Kept.push_back({"'" + Fn.str() + "' may throw here",
                        placeOf(*G->Throws), {}});
        break;
      }
      case ReadsOnly:
        Holds = readsOnlyHolds(N, Index, CalleeAt);
        break;
      case Returns: {
        llvm::StringRef Fn = quotedArgument(N.Message, g::AssumedReturnsNote);
        const FunctionSummary *G = SummaryOf(N, Fn);
        Holds = !G || !G->EndsProcess;
        break;
      }
      }
    }
    if (Holds) {
      AllKept.insert(AllKept.end(), std::make_move_iterator(Kept.begin()),
                     std::make_move_iterator(Kept.end()));
      Held = true;
    }
    Begin = End;
  }
  if (Held)
    F.Notes = std::move(AllKept);
  return Held;
}

/// Settles a gpuleak-missing-detach carry through accessors (its note
/// ReadBackNote at the getter's call) that rests on an assumption about a
/// setter, a getter or another method of another file: kept only when the
/// setter's summary replaces (`overwrites`) the member the getter returns
/// (`returns_member`), and no method the notes name resets it
/// (`resets_members`). The assumption about the setter becomes the note at
/// its store, the others are removed. \p CalleeAt: the callee of the call at
/// a place.
template <typename CalleeAtFn>
static bool keepAccessorCarry(Finding &F, CalleeAtFn CalleeAt) {
  namespace g = clang::tidy::gpuleak;
  auto Is = [](const FindingNote &N, llvm::StringRef Format) {
    return !noteArgument(N.Message, Format).empty();
  };
  auto ReadBack = llvm::find_if(F.Notes, [](const FindingNote &N) {
    return N.Message == g::ReadBackNote;
  });
  if (ReadBack == F.Notes.end() ||
      llvm::none_of(F.Notes, [&](const FindingNote &N) {
        return Is(N, g::AssumedKeepsMemberNote) ||
               Is(N, g::AssumedReturnsMemberNote) ||
               Is(N, g::AssumedNoResetNote);
      }))
    return true;
  const FunctionSummary *Set = CalleeAt(F.Place);
  const FunctionSummary *Get = CalleeAt(ReadBack->Place);
  if (!Set || !Get || Get->ReturnsMember.empty())
    return false;
  auto Kept = llvm::find_if(Set->Stores, [&](const ParamStore &PS) {
    return PS.Overwrites && PS.Via.empty() && PS.TargetUSR == Get->ReturnsMember;
  });
  if (Kept == Set->Stores.end())
    return false;
  std::vector<FindingNote> Notes;
  for (FindingNote &N : F.Notes) {
    if (Is(N, g::AssumedNoResetNote)) {
      const FunctionSummary *G = CalleeAt(N.Place);
      if (!G || llvm::is_contained(G->ResetsMembers, Get->ReturnsMember))
        return false;
      continue;
    }
    if (Is(N, g::AssumedKeepsMemberNote))
      Notes.insert(Notes.begin(), {"'" + Set->Name + "' keeps it in '" +
                                       Kept->Target + "' here",
                                   placeOf(Kept->At),
                                   {}});
    else if (!Is(N, g::AssumedReturnsMemberNote))
      Notes.push_back(std::move(N));
  }
  F.Notes = std::move(Notes);
  return true;
}

/// Settles the gpuleak-missing-no-grad findings that carry an
/// AssumedNotCoveringNote: a forward pass in a block whose one finding went
/// to a pass only assumed (a call of a function of another file). Each is
/// dropped when the finding of a pass its notes name is still there (the
/// guard that fixes that one covers it), which then names it in a
/// BlockPassNote, as the check names the passes of a block that it hides;
/// it loses those notes otherwise. Such a named pass comes earlier in the
/// function, and may be settled the same way itself, so the findings are
/// taken in source order.
static void settleCoveredPasses(std::vector<Finding> &Findings) {
  using Place = std::tuple<std::string, unsigned, unsigned>;
  auto PlaceOf = [](const SourcePlace &P) {
    return Place(P.File, P.Line, P.Column);
  };
  llvm::StringRef Format = clang::tidy::gpuleak::AssumedNotCoveringNote;
  std::vector<size_t> Order;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (Findings[I].Check == "gpuleak-missing-no-grad")
      Order.push_back(I);
  // Ties keep their order (the index breaks them): not std::stable_sort,
  // whose temporary buffer libstdc++ 12 builds with a deprecated function.
  llvm::sort(Order, [&](size_t A, size_t B) {
    return std::make_pair(PlaceOf(Findings[A].Place), A) <
           std::make_pair(PlaceOf(Findings[B].Place), B);
  });
  // The place of each finding kept, and the finding.
  std::map<Place, size_t> Kept;
  std::set<size_t> Dropped;
  for (size_t I : Order) {
    Finding &F = Findings[I];
    std::optional<size_t> CoveredBy;
    llvm::erase_if(F.Notes, [&](const FindingNote &N) {
      if (noteArgument(N.Message, Format).empty())
        return false;
      if (auto It = Kept.find(PlaceOf(N.Place)); It != Kept.end() && !CoveredBy)
        CoveredBy = It->second;
      return true;
    });
    if (!CoveredBy) {
      Kept.emplace(PlaceOf(F.Place), I);
      continue;
    }
    Dropped.insert(I);
    std::vector<FindingNote> &Notes = Findings[*CoveredBy].Notes;
    if (llvm::none_of(Notes, [&](const FindingNote &N) {
          return N.Message == clang::tidy::gpuleak::BlockPassNote &&
                 PlaceOf(N.Place) == PlaceOf(F.Place);
        }))
      Notes.push_back({clang::tidy::gpuleak::BlockPassNote, F.Place, {}});
  }
  std::vector<Finding> Rest;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Dropped.count(I))
      Rest.push_back(std::move(Findings[I]));
  Findings = std::move(Rest);
}

llvm::Error applyProjectIndex(std::vector<TUResult> &TUs, Results &R,
                              const ProjectIndex *Previous,
                              llvm::StringRef IndexPath,
                              llvm::ArrayRef<std::string> Analysed,
                              llvm::ArrayRef<std::string> Others,
                              ProjectStats &Stats) {
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
  }
  for (const std::string &F : Files)
    if (!F.empty())
      Index.stampFile(F);
  // What an earlier run knew of files not analysed now (their entries are
  // still fresh: read() dropped those of changed files).
  if (Previous) {
    for (const auto &[USR, S] : Previous->functions())
      if (Index.add(S)) { // not defined at that place by this run's TUs
        Index.stampFile(S.Def.File);
        for (const ParamStore &PS : S.Stores)
          Index.stampFile(PS.At.File);
      }
  }
  // Every translation unit of the run, parsed, is known to the index, also
  // one that defines no function (a unity build's, one whose definitions
  // are all in included files).
  assert(Analysed.size() == TUs.size() && "one file per translation unit");
  std::set<std::string> AnalysedReal;
  for (size_t I = 0; I < TUs.size() && I < Analysed.size(); ++I) {
    AnalysedReal.insert(realPathOr(Analysed[I]));
    if (!TUs[I].Error)
      Index.stampFile(Analysed[I]);
  }
  // A run over some translation units: the others that the earlier index
  // did not hold fresh (changed since, marked stale, or no index was read),
  // and the files whose entries it dropped as stale, stay in `files`,
  // marked stale. `--changed-since` then summarizes the other translation
  // units anew instead of looking for callers in an index without them.
  // A run over every translation unit leaves nothing to mark.
  if (!Others.empty()) {
    std::set<std::string> Stamped = AnalysedReal, FreshBefore;
    for (const std::string &F : Index.freshFiles())
      Stamped.insert(realPathOr(F));
    std::vector<std::string> Unrefreshed;
    if (Previous) {
      for (const std::string &F : Previous->freshFiles())
        FreshBefore.insert(realPathOr(F));
      Unrefreshed = Previous->staleFiles();
    }
    for (const std::string &F : Others)
      if (FreshBefore.count(realPathOr(F)))
        Index.stampFile(F); // unchanged since the earlier index
      else
        Unrefreshed.push_back(F);
    for (const std::string &F : Unrefreshed)
      if (!Stamped.count(realPathOr(F)) && llvm::sys::fs::exists(F))
        Index.markStale(F);
  }
  Stats.Rounds = Index.solve();
  Stats.Functions = Index.functions().size();

  // Open call sites whose callee keeps the parameter.
  for (const TUResult &TU : TUs)
    for (const OpenSite &S : TU.Sites) {
      // A virtual call keeps what any overrider of the project keeps.
      const FunctionSummary *G = Index.dispatched(S.CalleeUSR);
      if (!G || S.Silenced)
        continue;
      const bool Dispatch = G != Index.lookup(S.CalleeUSR);
      // What the value was assumed to be, now known.
      if (!S.AssumedGraphUSR.empty()) {
        const FunctionSummary *P = Index.lookup(S.AssumedGraphUSR);
        if (!P || P->Returns != FunctionSummary::Result::Graph)
          continue;
      }
      // Any function the value was assumed to pass through that cuts it
      // (the outer `detach_state` of `detach_state(next_memory(out))`).
      if (llvm::any_of(
              llvm::concat<const std::string>(llvm::ArrayRef(S.AssumedUSR),
                                              S.AssumedOuterUSRs),
              [&](const std::string &U) {
                const FunctionSummary *P =
                    U.empty() ? nullptr : Index.lookup(U);
                return P && (S.Device ? P->DropsDevice
                                      : P->Returns ==
                                            FunctionSummary::Result::Cut);
              }))
        continue;
      for (const ParamStore &PS : G->Stores) {
        if (PS.Param != S.Param || Index.bounded(PS.TargetUSR))
          continue;
        // A detached copy kept is device storage: judged by the site of
        // the call as such (the twin of a site with a graph), not by the
        // one with a graph; device storage is kept by any store.
        if (S.Device ? S.DeviceStoresOnly && !PS.Device : PS.Device)
          continue;
        // Device storage piles up only where the callee adds to what it
        // keeps; a setter keeps one graph at a time (of a member, global or
        // static alike, wherever it is called).
        if ((S.Device && (PS.Overwrites || PS.InPlace)) || PS.overwritesTarget())
          continue;
        // Repeated by a loop that lasts the run, or by the calls of the
        // caller (RepeatedByUSR) from a loop of the project.
        std::vector<clang::tidy::gpuleak::SummaryCall> Chain;
        if (!S.RepeatedByUSR.empty()) {
          auto Found = Index.calledInLoop(S.RepeatedByUSR);
          if (!Found)
            break;
          Chain = std::move(*Found);
        }
        llvm::StringRef RunBy =
            Dispatch && PS.Via.empty() ? llvm::StringRef(PS.Function) : "";
        R.Findings.push_back(S.Device ? deviceSiteFinding(S, PS, Chain, RunBy)
                                      : siteFinding(S, PS, Chain, RunBy));
        ++Stats.Added;
        break;
      }
    }
  // Findings that rest on an assumption about a function of another file:
  //  - that it passes its argument's graph on: dropped when it cuts it;
  //  - that it runs a forward pass: kept, with the note made a fact at the
  //    forward pass, only when the project's summary says so.
  size_t Before = R.Findings.size();
  // With Dispatch, a virtual method's call runs its overriders of the
  // project (ProjectIndex::dispatched()).
  auto CalleeAt = [&](const SourcePlace &P,
                      bool Dispatch = false) -> const FunctionSummary * {
    auto It = CallAt.find(std::make_tuple(P.File, P.Line, P.Column));
    if (It == CallAt.end())
      return nullptr;
    return Dispatch ? Index.dispatched(It->second) : Index.lookup(It->second);
  };
  llvm::erase_if(R.Findings, [&](Finding &F) {
    if (F.Check == "gpuleak-cuda-unreleased")
      return !keepMemberFinding(F, Index) ||
             !keepNoOwnerFinding(F, Index, CalleeAt) ||
             !keepElsewhereFinding(F, Index, CalleeAt);
    if (F.Check == "gpuleak-missing-detach" && !keepAccessorCarry(F, CalleeAt))
      return true;
    std::vector<size_t> Settled; // assumption notes the summaries confirm
    std::map<size_t, std::vector<FindingNote>> Replaced; // ... by these
    for (size_t I = 0; I < F.Notes.size(); ++I) {
      FindingNote &N = F.Notes[I];
      // A member read by a method of another file only through cuts: only
      // if the method's summary says it reads the member no other way.
      if (auto [Fn, Member] = releaseNoteArguments(
              N.Message, clang::tidy::gpuleak::AssumedReadsCutNote);
          !Fn.empty()) {
        const FunctionSummary *G = Index.named(Fn);
        if (!G || llvm::any_of(G->ReadsMembers, [&, Member = Member](const auto &R) {
              return R.second == Member;
            }))
          return true;
        Settled.push_back(I);
        continue;
      }
      // A public member read only through cuts by every function of the
      // project: no summary may read it another way.
      if (llvm::StringRef Member = noteArgument(
              N.Message, clang::tidy::gpuleak::AssumedNoneReadsCutNote);
          Member.consume_front("'") && Member.consume_back("'")) {
        for (const auto &[USR, G] : Index.functions())
          if (llvm::any_of(G.ReadsMembers,
                           [&](const auto &R) { return R.second == Member; }))
            return true;
        Settled.push_back(I);
        continue;
      }
      // Called in a loop of another file (device storage a member, global
      // or static gains per call): only if a call of the project in a loop
      // repeats the function, and no function bounds the target.
      if (!noteArgument(N.Message,
                        clang::tidy::gpuleak::AssumedCalledInLoopNote)
               .empty()) {
        const FunctionSummary *G =
            Index.definedAt({N.Place.File, N.Place.Line, N.Place.Column});
        if (!G)
          return true;
        auto Growth = llvm::find_if(
            G->Grows, [&](const clang::tidy::gpuleak::DeviceGrowth &D) {
              return D.At.File == F.Place.File && D.At.Line == F.Place.Line &&
                     D.At.Column == F.Place.Column;
            });
        if (Growth == G->Grows.end() || Index.bounded(Growth->TargetUSR))
          return true;
        auto Chain = Index.calledInLoop(G->USR);
        if (!Chain)
          return true;
        Replaced[I] = loopCallNotes(*Chain);
        continue;
      }
      // Assumptions about the value a callee of another file returns or
      // keeps, each dropped when the callee's summary contradicts it: it
      // passes its argument's graph on (unless it cuts it), keeps its
      // argument's device storage (unless everything it returns is a host
      // copy, a number or a fresh tensor), runs no backward pass (unless it
      // trains). Once the function is known the note is no assumption.
      using Contradicts = bool (*)(const FunctionSummary &);
      static const std::pair<const char *, Contradicts> CalleeAssumptions[] = {
          {clang::tidy::gpuleak::AssumedNote,
           [](const FunctionSummary &G) {
             return G.Returns == FunctionSummary::Result::Cut;
           }},
          {clang::tidy::gpuleak::AssumedKeepsDeviceNote,
           [](const FunctionSummary &G) { return G.DropsDevice; }},
          {clang::tidy::gpuleak::AssumedTrainsNote,
           [](const FunctionSummary &G) { return G.Backward.has_value(); }},
      };
      const auto *Assumption = llvm::find_if(
          CalleeAssumptions, [&](const auto &A) {
            return !noteArgument(N.Message, A.first).empty();
          });
      if (Assumption != std::end(CalleeAssumptions)) {
        const FunctionSummary *G = CalleeAt(N.Place);
        if (G && Assumption->second(*G))
          return true;
        if (G)
          Settled.push_back(I);
        continue;
      }
      // Keeps none of its forward pass's graph beyond the call: only if its
      // summary (a virtual call's overriders') says so.
      if (!noteArgument(N.Message,
                        clang::tidy::gpuleak::AssumedKeepsNoGraphNote)
               .empty()) {
        const FunctionSummary *G = CalleeAt(N.Place, /*Dispatch=*/true);
        if (!G || G->KeepsGraph)
          return true;
        Settled.push_back(I);
        continue;
      }
      // A method of the TU whose pass's graph ends in it, through what it
      // calls in other files: only if its solved summary lets none out.
      if (!noteArgument(N.Message,
                        clang::tidy::gpuleak::AssumedCalleesKeepNoGraphNote)
               .empty()) {
        const FunctionSummary *G = CalleeAt(N.Place, /*Dispatch=*/true);
        if (!G || G->KeepsGraph || G->Backward || !G->WritesGraph.empty() ||
            G->Returns == FunctionSummary::Result::Graph)
          return true;
        Settled.push_back(I);
        continue;
      }
      // Given a tensor, runs no backward pass: only if its summary (a
      // virtual call's overriders') says so.
      if (!noteArgument(N.Message,
                        clang::tidy::gpuleak::AssumedTrainsNowhereNote)
               .empty()) {
        const FunctionSummary *G = CalleeAt(N.Place, /*Dispatch=*/true);
        if (!G || G->Backward)
          return true;
        Settled.push_back(I);
        continue;
      }
      // A forward pass of another file runs no backward pass of its own:
      // only if the summary of the one function of that name says so.
      if (llvm::StringRef Fn = noteArgument(
              N.Message, clang::tidy::gpuleak::AssumedForwardNoBackwardNote);
          !Fn.empty()) {
        Fn.consume_front("'");
        Fn.consume_back("'");
        const FunctionSummary *G = Index.named(Fn);
        if (!G || G->Backward)
          return true;
        Settled.push_back(I);
        continue;
      }
      // Runs no backward pass on the kept value: unless its summary says it
      // differentiates that parameter (`optimiser.step(total_loss)`).
      if (unsigned Arg = noBackwardArgument(N.Message)) {
        const FunctionSummary *G = CalleeAt(N.Place);
        if (G && llvm::is_contained(G->Differentiates, Arg - 1))
          return true;
        if (G)
          Settled.push_back(I);
        continue;
      }
      // Runs its argument (a lambda with a forward pass) with grad mode on:
      // unless its summary says every use of that parameter is an
      // invocation under a guard of its own.
      if (unsigned Arg = noteArgumentNumber(
              N.Message, clang::tidy::gpuleak::AssumedInvokesUnguardedNote)) {
        const FunctionSummary *G = CalleeAt(N.Place);
        if (G && llvm::any_of(G->Invokes, [&](const auto &I) {
              return I.Param == Arg - 1 && I.Guard;
            }))
          return true;
        if (G)
          Settled.push_back(I);
        continue;
      }
      // Returns a tensor with a graph: only if its summary says so.
      // Returns a forward pass's output, kept as device storage: also only
      // if its result stays on the device (as gpuleak-tidy decides with
      // the index).
      bool Device = !noteArgument(N.Message,
                                  clang::tidy::gpuleak::AssumedDeviceOutputNote)
                         .empty();
      if (Device ||
          !noteArgument(N.Message, clang::tidy::gpuleak::AssumedGraphNote)
               .empty()) {
        const FunctionSummary *G = CalleeAt(N.Place);
        if (!G || G->Returns != FunctionSummary::Result::Graph ||
            (Device && G->DropsDevice))
          return true;
        Settled.push_back(I);
        continue;
      }
      // Grad mode on in some call of a function of the finding's file:
      // unless every call of it in the project is guarded.
      if (!noteArgument(N.Message, clang::tidy::gpuleak::AssumedUnguardedNote)
               .empty()) {
        const FunctionSummary *G =
            Index.definedAt({N.Place.File, N.Place.Line, N.Place.Column});
        if (G && Index.guardedByCallers(G->USR))
          return true;
        // Settled: each call that runs it with grad mode on, where a guard
        // fixes it too (a new one is a new cause: baselines).
        std::vector<FindingNote> Calls;
        if (G)
          for (const clang::tidy::gpuleak::SummaryCall &Call : Index.unguardedCalls(G->USR))
            Calls.push_back({clang::tidy::gpuleak::formatNote(
                                 clang::tidy::gpuleak::CalledUnguardedNote,
                                 {Call.Callee}),
                             placeOf(Call.At),
                             {}});
        if (!Calls.empty())
          Replaced[I] = std::move(Calls);
        else
          Settled.push_back(I);
        continue;
      }
      // A carry the function returns: kept only in a project where no
      // function runs a backward pass.
      if (llvm::StringRef Fn = noteArgument(
              N.Message, clang::tidy::gpuleak::AssumedReturnedCarryNote);
          !Fn.empty()) {
        if (!Index.trainsNowhere())
          return true;
        N.Message = withArgument(clang::tidy::gpuleak::ReturnedCarryNote, Fn);
        continue;
      }
      // The project never trains, and the function whose results leave
      // the file is called under no guard anywhere.
      if (llvm::StringRef Fn = noteArgument(
              N.Message, clang::tidy::gpuleak::AssumedNoTrainingNote);
          !Fn.empty()) {
        const FunctionSummary *G =
            Index.definedAt({N.Place.File, N.Place.Line, N.Place.Column});
        if (!G || !Index.neverTrainedOn(G->USR))
          return true;
        N.Message = withArgument(clang::tidy::gpuleak::NoTrainingNote, Fn);
        continue;
      }
      // Runs a forward pass (a module's method), or runs one and returns
      // its output or writes it into a reference argument (any other
      // function): only if its summary says so, and it does not train.
      llvm::StringRef Callee =
          noteArgument(N.Message, clang::tidy::gpuleak::AssumedForwardNote);
      bool Helper = Callee.empty();
      if (Helper)
        Callee = noteArgument(N.Message,
                              clang::tidy::gpuleak::AssumedHelperForwardNote);
      if (Callee.empty())
        continue;
      const FunctionSummary *G = CalleeAt(N.Place, /*Dispatch=*/true);
      if (!G || !G->Forward || G->DisablesGrad || G->Backward ||
          (Helper && G->Returns != FunctionSummary::Result::Graph &&
           G->WritesGraph.empty()))
        return true;
      llvm::StringRef Fact(clang::tidy::gpuleak::RunsForwardNote);
      N.Message = (Callee + Fact.drop_front(2)).str();
      N.Place = placeOf(*G->Forward);
    }
    std::vector<FindingNote> Notes;
    for (size_t I = 0; I < F.Notes.size(); ++I) {
      if (auto It = Replaced.find(I); It != Replaced.end())
        for (FindingNote &N : It->second)
          Notes.push_back(std::move(N));
      else if (!llvm::is_contained(Settled, I))
        Notes.push_back(std::move(F.Notes[I]));
    }
    F.Notes = std::move(Notes);
    return false;
  });
  settleCoveredPasses(R.Findings);
  // A setter's call reported as a carry (a value read back through a getter
  // of the same object) is not also a keep of an open call site.
  std::set<std::tuple<std::string, unsigned, unsigned>> Carries;
  for (const Finding &F : R.Findings)
    if (F.Check == "gpuleak-missing-detach")
      Carries.emplace(F.Place.File, F.Place.Line, F.Place.Column);
  llvm::erase_if(R.Findings, [&](const Finding &F) {
    return F.Check == "gpuleak-retained-tensor" &&
           Carries.count({F.Place.File, F.Place.Line, F.Place.Column});
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
