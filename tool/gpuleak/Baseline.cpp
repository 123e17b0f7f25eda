//===--- Baseline.cpp - fingerprints of findings and baseline files -------===//

#include "Baseline.h"
#include "ChangedLines.h"
#include "Verify.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
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

void fingerprintFindings(Results &R, StringRef BaseDir) {
  SourceFiles Sources;
  // Findings are sorted by place, so an occurrence index counts the equal
  // ones from the top of the file.
  StringMap<unsigned> Seen;
  std::string RealBaseDir = realPathOr(BaseDir);
  for (Finding &F : R.Findings) {
    std::string Key = F.Check + '\0' + baselineName(F.Place.File, RealBaseDir) +
                      '\0' + codeAround(Sources, F.Place.File, F.Place.Line);
    unsigned Occurrence = Seen[Key]++;
    Key += '\0' + std::to_string(Occurrence);
    F.Fingerprint = toHex(SHA1::hash(arrayRefFromStringRef(Key)),
                          /*LowerCase=*/true);
  }
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
/// A baseline file as read: only the fingerprints matter; the other fields
/// of an entry are for the people who read the file.
struct BaselineFile {
  std::string Format;
  int64_t Version = 0;
  std::vector<std::string> Fingerprints;
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
    B.Fingerprints.push_back(Print->str());
  }
  return true;
}
} // namespace

Expected<StringSet<>> readBaseline(StringRef Path) {
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
  StringSet<> Set;
  for (std::string &F : B.Fingerprints)
    Set.insert(F);
  return Set;
}

size_t removeBaselined(Results &R, const StringSet<> &Baseline) {
  size_t Before = R.Findings.size();
  llvm::erase_if(R.Findings, [&](const Finding &F) {
    return Baseline.contains(F.Fingerprint);
  });
  return Before - R.Findings.size();
}

} // namespace gpuleak
