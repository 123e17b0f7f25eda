//===--- Baseline.cpp - fingerprints of findings and baseline files -------===//

#include "Baseline.h"
#include "ChangedLines.h"
#include "Verify.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include <cstdlib>
#include <limits>
#include <map>
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"

using namespace llvm;

namespace gpuleak {

/// \p Path (absolute, normalized) relative to the directory \p Base, with
/// `..` where \p Path is outside it; '/'-separated on every host.
static std::string relativeTo(StringRef Path, StringRef Base) {
  using namespace sys::path;
  auto P = begin(Path, Style::posix), PE = end(Path);
  auto B = begin(Base, Style::posix), BE = end(Base);
  for (; P != PE && B != BE && *P == *B; ++P, ++B)
    ;
  SmallString<256> Out;
  for (; B != BE; ++B)
    append(Out, Style::posix, "..");
  for (; P != PE; ++P)
    append(Out, Style::posix, *P);
  return std::string(Out);
}

/// The name of \p File in fingerprints and baseline files: relative to
/// \p RealBaseDir (a real path), from \p File's real path, so that a
/// checkout reached through a symbolic link names its files as the real
/// path does.
static std::string baselineName(StringRef File, StringRef RealBaseDir) {
  return relativeTo(realPathOr(File), RealBaseDir);
}

/// \p Line with every run of whitespace made one space, and trimmed.
static std::string collapseWhitespace(StringRef Line) {
  SmallVector<StringRef, 16> Words;
  SplitString(Line, Words);
  return join(Words, " ");
}

/// The normalized code around line \p Line of \p File: the line and the
/// nearest non-blank lines above and below it, whitespace collapsed, one per
/// line. Empty when the file cannot be read.
static std::string codeAround(SourceFiles &Sources, StringRef File,
                              unsigned Line) {
  std::optional<StringRef> At = Sources.line(File, Line);
  if (!At)
    return "";
  auto Neighbour = [&](int Step) -> std::string {
    for (int64_t L = int64_t(Line) + Step; L >= 1; L += Step) {
      std::optional<StringRef> Text = Sources.line(File, L);
      if (!Text)
        return "";
      if (std::string C = collapseWhitespace(*Text); !C.empty())
        return C;
    }
    return "";
  };
  return Neighbour(-1) + "\n" + collapseWhitespace(*At) + "\n" + Neighbour(+1);
}

namespace {
/// The parts of a finding's fingerprint but its occurrence index.
struct FingerprintParts {
  std::string Check;
  std::string File; // relative to the compile database's directory
  std::string Code; // codeAround

  /// The parts, NUL-joined: findings with the same key differ in their
  /// fingerprints only by the occurrence index.
  std::string key() const { return Check + '\0' + File + '\0' + Code; }
};
} // namespace

/// The parts of each of \p R's findings' fingerprint but its occurrence
/// index.
static std::vector<FingerprintParts> fingerprintParts(const Results &R,
                                                      StringRef RealBaseDir,
                                                      SourceFiles &Sources) {
  std::vector<FingerprintParts> Parts;
  for (const Finding &F : R.Findings)
    Parts.push_back({F.Check, baselineName(F.Place.File, RealBaseDir),
                     codeAround(Sources, F.Place.File, F.Place.Line)});
  return Parts;
}

/// The fingerprint of the findings whose other parts are \p Key, at
/// occurrence index \p Occurrence.
static std::string fingerprintOf(StringRef Key, unsigned Occurrence) {
  std::string Full = (Key + Twine('\0') + Twine(Occurrence)).str();
  return toHex(SHA1::hash(arrayRefFromStringRef(Full)), /*LowerCase=*/true);
}

/// The fingerprint of a finding's check and code alone (no file, no
/// occurrence index): what a baseline entry records to follow its file
/// when it moves.
static std::string codeFingerprintOf(const FingerprintParts &P) {
  std::string Full = P.Check + '\0' + P.Code;
  return toHex(SHA1::hash(arrayRefFromStringRef(Full)), /*LowerCase=*/true);
}

/// The notes that gpuleak words otherwise than when the baseline format
/// with note fingerprints (version 2) came: each new start -> the start its
/// fingerprint keeps, so that a baselined finding does not turn new with an
/// upgrade. Reworded so that clangd, which capitalises a message's first
/// letter, does not show a code name wrongly ("Create_graph is ...").
static const std::pair<StringRef, StringRef> EarlierWordings[] = {
    {"'create_graph' is ", "create_graph is "},
};

/// The fingerprint of a note: the SHA-1 of its message, every run of
/// digits in it made one `0` (a place that a message names moves with
/// edits) and its start as first worded (EarlierWordings), and of the
/// normalized code around it (codeAround), NUL-joined. No
/// file takes part, so that a moved file's notes keep theirs; the message
/// tells a new caller from a copied one (it names the caller).
static std::string noteFingerprintOf(SourceFiles &Sources,
                                     const FindingNote &N) {
  std::string Worded = N.Message;
  for (const auto &[Now, Earlier] : EarlierWordings)
    if (StringRef(Worded).starts_with(Now))
      Worded = (Earlier + StringRef(Worded).drop_front(Now.size())).str();
  std::string Message;
  for (size_t I = 0; I < Worded.size(); ++I) {
    char C = Worded[I];
    if (isDigit(C) && I > 0 && isDigit(Worded[I - 1]))
      continue;
    Message += isDigit(C) ? '0' : C;
  }
  std::string Full =
      Message + '\0' + codeAround(Sources, N.Place.File, N.Place.Line);
  return toHex(SHA1::hash(arrayRefFromStringRef(Full)), /*LowerCase=*/true);
}

/// Whether each of \p Notes is one of \p Held, as many times as it is in
/// \p Notes; always when \p Held is unknown (a baseline of version 1).
static bool notesHeld(ArrayRef<std::string> Notes,
                      const std::optional<std::vector<std::string>> &Held) {
  if (!Held)
    return true;
  StringMap<unsigned> Left;
  for (const std::string &N : *Held)
    ++Left[N];
  for (const std::string &N : Notes) {
    auto It = Left.find(N);
    if (It == Left.end() || It->second == 0)
      return false;
    --It->second;
  }
  return true;
}

void fingerprintFindings(Results &R, StringRef BaseDir) {
  SourceFiles Sources;
  for (Finding &F : R.Findings) {
    F.NoteFingerprints.clear();
    for (const FindingNote &N : F.Notes)
      F.NoteFingerprints.push_back(noteFingerprintOf(Sources, N));
  }
  // Findings are sorted by place, so an occurrence index counts the equal
  // ones from the top of the file.
  StringMap<unsigned> Seen;
  std::vector<FingerprintParts> Parts =
      fingerprintParts(R, realPathOr(BaseDir), Sources);
  for (size_t I = 0; I < Parts.size(); ++I) {
    std::string Key = Parts[I].key();
    R.Findings[I].Fingerprint = fingerprintOf(Key, Seen[Key]++);
  }
}

void writeBaseline(raw_ostream &OS, const Results &R, StringRef BaseDir) {
  json::OStream J(OS, 2);
  SourceFiles Sources;
  std::vector<FingerprintParts> Parts =
      fingerprintParts(R, realPathOr(BaseDir), Sources);
  J.object([&] {
    J.attribute("format", "gpuleak-baseline");
    J.attribute("version", BaselineVersion);
    J.attributeArray("findings", [&] {
      for (size_t I = 0; I < R.Findings.size(); ++I)
        J.object([&] {
          const Finding &F = R.Findings[I];
          J.attribute("fingerprint", F.Fingerprint);
          J.attribute("check", F.Check);
          J.attribute("file", Parts[I].File);
          J.attribute("line", F.Place.Line);
          J.attribute("codeFingerprint", codeFingerprintOf(Parts[I]));
          J.attributeArray("notes", [&] {
            for (const std::string &N : F.NoteFingerprints)
              J.value(N);
          });
        });
    });
  });
  OS << '\n';
}

namespace {
/// A baseline file as read: the fingerprints, where each finding was
/// (which of several findings with the same code an entry is), and its file
/// and code fingerprint (to follow a file that moved); the check is for the
/// people who read the file.
struct BaselineFile {
  std::string Format;
  int64_t Version = 0;
  BaselineEntries Entries;
};

bool fromJSON(const json::Value &V, BaselineFile &B, json::Path P) {
  json::ObjectMapper O(V, P);
  if (!O || !O.map("format", B.Format))
    return false;
  if (B.Format != "gpuleak-baseline") {
    P.field("format").report("expected \"gpuleak-baseline\"");
    return false;
  }
  if (!O.map("version", B.Version))
    return false;
  if (B.Version < OldestBaselineVersion || B.Version > BaselineVersion) {
    P.field("version").report("unsupported version");
    return false;
  }
  const json::Array *Findings = V.getAsObject()->getArray("findings");
  if (!Findings) {
    P.field("findings").report("expected an array");
    return false;
  }
  json::Path FP = P.field("findings");
  auto IsFingerprint = [](StringRef S) {
    return S.size() == 40 && all_of(S, [](char C) { return isHexDigit(C); });
  };
  for (size_t I = 0; I < Findings->size(); ++I) {
    const json::Object *E = (*Findings)[I].getAsObject();
    std::optional<StringRef> Print =
        E ? E->getString("fingerprint") : std::nullopt;
    if (!Print || !IsFingerprint(*Print)) {
      FP.index(I).field("fingerprint").report("expected 40 hex digits");
      return false;
    }
    BaselineEntry Entry;
    Entry.Fingerprint = Print->str();
    // Optional: a line that is missing or not a line number is unknown (0).
    if (std::optional<int64_t> N = E->getInteger("line");
        N && *N > 0 && *N <= std::numeric_limits<unsigned>::max())
      Entry.Line = unsigned(*N);
    // Optional (older baselines have no code fingerprint): without them the
    // entry does not follow a moved file.
    if (const json::Value *Code = E->get("codeFingerprint")) {
      std::optional<StringRef> S = Code->getAsString();
      if (!S || !IsFingerprint(*S)) {
        FP.index(I).field("codeFingerprint").report("expected 40 hex digits");
        return false;
      }
      Entry.Code = S->str();
    }
    if (std::optional<StringRef> File = E->getString("file"))
      Entry.File = File->str();
    // Version 2 on: the notes' fingerprints. Without them (version 1) the
    // entry holds a finding whatever its notes, as it always did.
    if (const json::Value *Notes = E->get("notes")) {
      const json::Array *A = Notes->getAsArray();
      if (!A) {
        FP.index(I).field("notes").report("expected an array");
        return false;
      }
      Entry.Notes.emplace();
      for (size_t N = 0; N < A->size(); ++N) {
        std::optional<StringRef> S = (*A)[N].getAsString();
        if (!S || !IsFingerprint(*S)) {
          FP.index(I).field("notes").index(N).report("expected 40 hex digits");
          return false;
        }
        Entry.Notes->push_back(S->str());
      }
    }
    B.Entries.ByFingerprint.try_emplace(Entry.Fingerprint,
                                        B.Entries.Entries.size());
    B.Entries.Entries.push_back(std::move(Entry));
  }
  return true;
}
} // namespace

Expected<BaselineEntries> readBaseline(StringRef Path) {
  auto Fail = [](const Twine &Reason) {
    return createStringError(inconvertibleErrorCode(), Reason);
  };
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return Fail(Text.getError().message());
  if (!jsonNestingWithin((*Text)->getBuffer()))
    return Fail("not valid JSON: nests deeper than " + Twine(MaxJSONNesting) +
                " levels");
  Expected<json::Value> V = json::parse((*Text)->getBuffer());
  if (!V)
    return Fail("not valid JSON: " + toString(V.takeError()));
  BaselineFile B;
  json::Path::Root Root("baseline");
  if (!fromJSON(*V, B, Root)) {
    // The version first: a newer gpuleak's file is not corrupt.
    if (B.Format == "gpuleak-baseline" && B.Version &&
        (B.Version < OldestBaselineVersion || B.Version > BaselineVersion)) {
      consumeError(Root.getError());
      return Fail("version " + Twine(B.Version) +
                  " is not supported (this gpuleak reads versions " +
                  Twine(OldestBaselineVersion) + " to " +
                  Twine(BaselineVersion) + ")");
    }
    return Fail("not a gpuleak baseline: " + toString(Root.getError()));
  }
  return std::move(B.Entries);
}

/// Whether the file \p Name of a baseline entry (relative to the real
/// directory \p RealBaseDir, '/'-separated) exists.
static bool entryFileExists(StringRef Name, StringRef RealBaseDir) {
  SmallString<256> Path;
  if (!sys::path::is_absolute(Name, sys::path::Style::posix))
    Path = RealBaseDir;
  for (auto It = sys::path::begin(Name, sys::path::Style::posix),
            End = sys::path::end(Name);
       It != End; ++It)
    sys::path::append(Path, *It);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return sys::fs::exists(Path);
}

void matchBaseline(Results &R, StringRef BaseDir, const BaselineEntries &B,
                   function_ref<bool(const Finding &)> IsChanged) {
  SourceFiles Sources;
  std::string RealBaseDir = realPathOr(BaseDir);
  std::vector<FingerprintParts> Parts =
      fingerprintParts(R, RealBaseDir, Sources);
  // The findings by key, in order; the groups in the order of their first
  // finding, which decides which group takes a moved file's entries first.
  StringMap<size_t> GroupOf;
  std::vector<std::vector<size_t>> Groups;
  for (size_t I = 0; I < Parts.size(); ++I) {
    auto [It, New] = GroupOf.try_emplace(Parts[I].key(), Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(I);
  }
  // The files the entries name, and the entries of those that no longer
  // exist (a file moved or renamed since the baseline was written), by code
  // fingerprint and file, in the baseline's order.
  StringSet<> Named;
  StringMap<bool> Exists;
  std::map<std::pair<std::string, std::string>, std::vector<std::string>>
      Gone;
  for (size_t E = 0; E < B.Entries.size(); ++E) {
    const BaselineEntry &Entry = B.Entries[E];
    if (Entry.File.empty())
      continue;
    Named.insert(Entry.File);
    if (Entry.Code.empty() || B.ByFingerprint.lookup(Entry.Fingerprint) != E)
      continue;
    auto [It, New] = Exists.try_emplace(Entry.File, true);
    if (New)
      It->second = entryFileExists(Entry.File, RealBaseDir);
    if (!It->second)
      Gone[{Entry.Code, Entry.File}].push_back(Entry.Fingerprint);
  }
  // Each group's entries: occurrence indexes 0, 1, ... of its key that the
  // baseline holds, as far as the group reaches or the baseline goes on.
  std::vector<std::vector<std::string>> HeldOf(Groups.size());
  std::vector<size_t> Moved; // groups in files that no entry names
  for (size_t G = 0; G < Groups.size(); ++G) {
    const FingerprintParts &P = Parts[Groups[G].front()];
    std::string Key = P.key();
    for (unsigned K = 0;; ++K) {
      std::string Print = fingerprintOf(Key, K);
      if (B.contains(Print))
        HeldOf[G].push_back(std::move(Print));
      else if (K >= Groups[G].size())
        break;
    }
    if (HeldOf[G].empty() && !Named.contains(P.File))
      Moved.push_back(G);
  }
  // A group in a file that no entry names takes the entries of one file
  // that is gone whose check and code are the group's, each file's once: a
  // file of the same name first (a move to another folder; a copy under
  // another name stays new), then, for a renamed file, in the order of the
  // groups and of the gone files' names.
  for (bool SameName : {true, false})
    for (size_t G : Moved) {
      if (!HeldOf[G].empty())
        continue;
      const FingerprintParts &P = Parts[Groups[G].front()];
      std::string Code = codeFingerprintOf(P);
      StringRef Name = sys::path::filename(P.File, sys::path::Style::posix);
      for (auto It = Gone.lower_bound({Code, ""});
           It != Gone.end() && It->first.first == Code; ++It)
        if (!SameName || sys::path::filename(It->first.second,
                                             sys::path::Style::posix) == Name) {
          HeldOf[G] = std::move(It->second);
          Gone.erase(It);
          break;
        }
    }
  for (size_t G = 0; G < Groups.size(); ++G) {
    const std::vector<size_t> &Members = Groups[G];
    const std::vector<std::string> &Held = HeldOf[G];
    if (Held.empty())
      continue; // all new, by occurrence as without a baseline
    std::string Key = Parts[Members.front()].key();
    // Whether finding I names a cause (a note) that entry E does not know.
    auto Unknown = [&](size_t I, const std::string &E) {
      return !notesHeld(R.Findings[I].NoteFingerprints, B.at(E).Notes);
    };
    // How far finding I is from entry E's recorded line; a finding on a
    // changed line after every other, and one with a cause that the entry
    // does not know after all (it is new whatever the pairing).
    auto Cost = [&](size_t I, const std::string &E) -> uint64_t {
      const Finding &F = R.Findings[I];
      unsigned Line = B.at(E).Line;
      uint64_t D =
          Line ? uint64_t(std::abs(int64_t(F.Place.Line) - int64_t(Line))) : 0;
      return (Unknown(I, E) ? uint64_t(1) << 41 : 0) +
             (IsChanged(F) ? uint64_t(1) << 40 : 0) + D;
    };
    // The fewer of the two in order into the more (no two copies change
    // places), at the least total cost.
    size_t NF = Members.size(), NE = Held.size();
    bool FindingsFewer = NF <= NE;
    size_t NA = FindingsFewer ? NF : NE, NB = FindingsFewer ? NE : NF;
    auto PairCost = [&](size_t A, size_t Bi) {
      return FindingsFewer ? Cost(Members[A], Held[Bi])
                           : Cost(Members[Bi], Held[A]);
    };
    constexpr uint64_t Inf = std::numeric_limits<uint64_t>::max() / 2;
    std::vector<std::vector<uint64_t>> Best(NA + 1,
                                            std::vector<uint64_t>(NB + 1, Inf));
    for (size_t J = 0; J <= NB; ++J)
      Best[0][J] = 0;
    for (size_t A = 1; A <= NA; ++A)
      for (size_t J = A; J <= NB; ++J)
        Best[A][J] = std::min(Best[A][J - 1],
                              Best[A - 1][J - 1] + PairCost(A - 1, J - 1));
    std::vector<const std::string *> EntryOf(NF); // per member
    for (size_t A = NA, J = NB; A > 0; --J) {
      if (J > A && Best[A][J] == Best[A][J - 1])
        continue; // B's J-1 is left out
      if (FindingsFewer)
        EntryOf[A - 1] = &Held[J - 1];
      else
        EntryOf[J - 1] = &Held[A - 1];
      --A;
    }
    // A finding paired with an entry that does not know one of its causes
    // is new.
    for (size_t M = 0; M < NF; ++M)
      if (EntryOf[M] && Unknown(Members[M], *EntryOf[M]))
        EntryOf[M] = nullptr;
    // The new findings take the occurrence indexes the baseline does not
    // hold, from 0 up, in order.
    unsigned Free = 0;
    for (size_t M = 0; M < NF; ++M) {
      if (EntryOf[M]) {
        R.Findings[Members[M]].Fingerprint = *EntryOf[M];
        continue;
      }
      while (B.contains(fingerprintOf(Key, Free)))
        ++Free;
      R.Findings[Members[M]].Fingerprint = fingerprintOf(Key, Free++);
    }
  }
}

size_t removeBaselined(Results &R, const BaselineEntries &Baseline) {
  size_t Before = R.Findings.size();
  llvm::erase_if(R.Findings, [&](const Finding &F) {
    return Baseline.contains(F.Fingerprint);
  });
  return Before - R.Findings.size();
}

} // namespace gpuleak
