//===--- Baseline.cpp - fingerprints of findings and baseline files -------===//

#include "Baseline.h"
#include "ChangedLines.h"
#include "Verify.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include <cstdlib>
#include <limits>
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

/// The parts of each of \p R's findings' fingerprint but its occurrence
/// index, NUL-joined.
static std::vector<std::string> fingerprintKeys(const Results &R,
                                                StringRef BaseDir,
                                                SourceFiles &Sources) {
  std::string RealBaseDir = realPathOr(BaseDir);
  std::vector<std::string> Keys;
  for (const Finding &F : R.Findings)
    Keys.push_back(F.Check + '\0' + baselineName(F.Place.File, RealBaseDir) +
                   '\0' +
                   codeAround(Sources, F.Place.File, F.Place.Line));
  return Keys;
}

/// The fingerprint of the findings whose other parts are \p Key, at
/// occurrence index \p Occurrence.
static std::string fingerprintOf(StringRef Key, unsigned Occurrence) {
  std::string Full = (Key + Twine('\0') + Twine(Occurrence)).str();
  return toHex(SHA1::hash(arrayRefFromStringRef(Full)), /*LowerCase=*/true);
}

void fingerprintFindings(Results &R, StringRef BaseDir) {
  SourceFiles Sources;
  // Findings are sorted by place, so an occurrence index counts the equal
  // ones from the top of the file.
  StringMap<unsigned> Seen;
  std::vector<std::string> Keys = fingerprintKeys(R, BaseDir, Sources);
  for (size_t I = 0; I < Keys.size(); ++I)
    R.Findings[I].Fingerprint = fingerprintOf(Keys[I], Seen[Keys[I]]++);
}

void writeBaseline(raw_ostream &OS, const Results &R, StringRef BaseDir) {
  json::OStream J(OS, 2);
  std::string RealBaseDir = realPathOr(BaseDir);
  J.object([&] {
    J.attribute("format", "gpuleak-baseline");
    J.attribute("version", BaselineVersion);
    J.attributeArray("findings", [&] {
      for (const Finding &F : R.Findings)
        J.object([&] {
          J.attribute("fingerprint", F.Fingerprint);
          J.attribute("check", F.Check);
          J.attribute("file", baselineName(F.Place.File, RealBaseDir));
          J.attribute("line", F.Place.Line);
        });
    });
  });
  OS << '\n';
}

namespace {
/// A baseline file as read: the fingerprints, and where each finding was
/// (which of several findings with the same code an entry is); its check
/// and file are for the people who read the file.
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
  if (B.Version != BaselineVersion) {
    P.field("version").report("unsupported version");
    return false;
  }
  const json::Array *Findings = V.getAsObject()->getArray("findings");
  if (!Findings) {
    P.field("findings").report("expected an array");
    return false;
  }
  json::Path FP = P.field("findings");
  for (size_t I = 0; I < Findings->size(); ++I) {
    const json::Object *E = (*Findings)[I].getAsObject();
    std::optional<StringRef> Print =
        E ? E->getString("fingerprint") : std::nullopt;
    if (!Print || Print->size() != 40 ||
        !all_of(*Print, [](char C) { return isHexDigit(C); })) {
      FP.index(I).field("fingerprint").report("expected 40 hex digits");
      return false;
    }
    // Optional: a line that is missing or not a line number is unknown (0).
    unsigned &Line = B.Entries[*Print];
    if (std::optional<int64_t> N = E->getInteger("line");
        N && *N > 0 && *N <= std::numeric_limits<unsigned>::max())
      Line = unsigned(*N);
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
        B.Version != BaselineVersion) {
      consumeError(Root.getError());
      return Fail("version " + Twine(B.Version) +
                  " is not supported (this gpuleak reads version " +
                  Twine(BaselineVersion) + ")");
    }
    return Fail("not a gpuleak baseline: " + toString(Root.getError()));
  }
  return std::move(B.Entries);
}

void matchBaseline(Results &R, StringRef BaseDir, const BaselineEntries &B,
                   function_ref<bool(const Finding &)> IsChanged) {
  SourceFiles Sources;
  std::vector<std::string> Keys = fingerprintKeys(R, BaseDir, Sources);
  StringMap<std::vector<size_t>> Groups; // findings by key, in order
  for (size_t I = 0; I < Keys.size(); ++I)
    Groups[Keys[I]].push_back(I);
  for (auto &[Key, Members] : Groups) {
    // The group's entries: occurrence indexes 0, 1, ... that the baseline
    // holds, as far as the group reaches or the baseline goes on.
    std::vector<unsigned> Held;
    for (unsigned K = 0;; ++K) {
      bool In = B.contains(fingerprintOf(Key, K));
      if (In)
        Held.push_back(K);
      else if (K >= Members.size())
        break;
    }
    if (Held.empty())
      continue; // all new, by occurrence as without a baseline
    // How far finding I is from entry K's recorded line; a finding on a
    // changed line after every other.
    auto Cost = [&](size_t I, unsigned K) -> uint64_t {
      const Finding &F = R.Findings[I];
      unsigned Line = B.find(fingerprintOf(Key, K))->second;
      uint64_t D =
          Line ? uint64_t(std::abs(int64_t(F.Place.Line) - int64_t(Line))) : 0;
      return (IsChanged(F) ? uint64_t(1) << 40 : 0) + D;
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
    std::vector<std::optional<unsigned>> EntryOf(NF); // per member
    for (size_t A = NA, J = NB; A > 0; --J) {
      if (J > A && Best[A][J] == Best[A][J - 1])
        continue; // B's J-1 is left out
      if (FindingsFewer)
        EntryOf[A - 1] = Held[J - 1];
      else
        EntryOf[J - 1] = Held[A - 1];
      --A;
    }
    // The new findings take the occurrence indexes the baseline does not
    // hold, from 0 up, in order.
    unsigned Free = 0;
    for (size_t M = 0; M < NF; ++M) {
      unsigned K;
      if (EntryOf[M]) {
        K = *EntryOf[M];
      } else {
        while (B.contains(fingerprintOf(Key, Free)))
          ++Free;
        K = Free++;
      }
      R.Findings[Members[M]].Fingerprint = fingerprintOf(Key, K);
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
