//===--- Findings.cpp - gpuleak check results and their output formats ----===//

#include "Findings.h"

#include "Baseline.h"
#include "ChangedLines.h"
#include "CheckDocs.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include <tuple>

namespace gpuleak {

static auto placeKey(const SourcePlace &P) {
  return std::tie(P.File, P.Line, P.Column);
}

static bool operator<(const FindingNote &A, const FindingNote &B) {
  return std::make_tuple(placeKey(A.Place), std::cref(A.Message)) <
         std::make_tuple(placeKey(B.Place), std::cref(B.Message));
}

/// The identity of a finding across translation units.
static auto identity(const Finding &F) {
  return std::tie(F.Place.File, F.Place.Line, F.Place.Column, F.Check,
                  F.Message);
}

static bool sameNote(const FindingNote &A, const FindingNote &B) {
  return !(A < B) && !(B < A);
}

/// Adds to \p Into the notes of \p From that it lacks, each just before the
/// next note of \p From that \p Into has (at the end when none has it), so
/// that both lists' orders are kept where they agree.
static void mergeNotes(std::vector<FindingNote> &Into,
                       std::vector<FindingNote> &From) {
  size_t At = Into.size();
  for (size_t I = From.size(); I-- > 0;) {
    auto It = llvm::find_if(
        Into, [&](const FindingNote &N) { return sameNote(N, From[I]); });
    if (It != Into.end())
      At = It - Into.begin();
    else
      Into.insert(Into.begin() + At, std::move(From[I]));
  }
}

void sortAndDeduplicate(Results &R) {
  // Notes and severity take part in the order so that, among repeats of one
  // finding, the one kept, and the order in which the others' notes join
  // it, never depend on which thread ran first.
  llvm::sort(R.Findings, [](const Finding &A, const Finding &B) {
    if (identity(A) != identity(B))
      return identity(A) < identity(B);
    if (A.Severity != B.Severity)
      return A.Severity < B.Severity;
    return std::lexicographical_compare(A.Notes.begin(), A.Notes.end(),
                                        B.Notes.begin(), B.Notes.end());
  });
  // A finding that several translation units report (in a header, or in a
  // file that the database lists twice, for a Debug and a Release
  // configuration) keeps the notes of each: a leaking exit that only one
  // unit's flags compile (`#ifdef FAST_PATH`, `#ifndef NDEBUG`) is a cause
  // of the finding that a baseline must see (CI trial 16, D7).
  std::vector<Finding> Kept;
  for (Finding &F : R.Findings) {
    if (!Kept.empty() && identity(Kept.back()) == identity(F)) {
      mergeNotes(Kept.back().Notes, F.Notes);
      continue;
    }
    Kept.push_back(std::move(F));
  }
  R.Findings = std::move(Kept);

  auto ErrorKey = [](const InputError &E) {
    return std::tie(E.File, E.Message);
  };
  llvm::sort(R.Errors, [&](const InputError &A, const InputError &B) {
    return ErrorKey(A) < ErrorKey(B);
  });
  R.Errors.erase(llvm::unique(R.Errors,
                              [&](const InputError &A, const InputError &B) {
                                return ErrorKey(A) == ErrorKey(B);
                              }),
                 R.Errors.end());
}

//===----------------------------------------------------------------------===//
// Source files
//===----------------------------------------------------------------------===//

const SourceFiles::Entry *SourceFiles::get(llvm::StringRef File) {
  auto [It, Inserted] = Cache.try_emplace(File);
  if (Inserted) {
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (Buffer) {
      Entry E;
      E.Buffer = std::move(*Buffer);
      llvm::StringRef Text = E.Buffer->getBuffer();
      E.LineStarts.push_back(0);
      for (size_t I = 0, N = Text.size(); I != N; ++I)
        if (Text[I] == '\n')
          E.LineStarts.push_back(I + 1);
      It->second = std::move(E);
    }
  }
  return It->second ? &*It->second : nullptr;
}

std::optional<std::pair<unsigned, unsigned>>
SourceFiles::lineAndColumn(llvm::StringRef File, unsigned Offset) {
  const Entry *E = get(File);
  if (!E || Offset > E->Buffer->getBufferSize())
    return std::nullopt;
  // The last line start at or before Offset.
  auto It = llvm::upper_bound(E->LineStarts, Offset);
  unsigned Line = It - E->LineStarts.begin();
  return std::make_pair(Line, Offset - *(It - 1) + 1);
}

std::optional<llvm::StringRef> SourceFiles::line(llvm::StringRef File,
                                                 unsigned Line) {
  const Entry *E = get(File);
  if (!E || Line == 0 || Line > E->LineStarts.size())
    return std::nullopt;
  llvm::StringRef Text = E->Buffer->getBuffer().substr(E->LineStarts[Line - 1]);
  return Text.take_until([](char C) { return C == '\n'; }).rtrim('\r');
}

std::optional<unsigned> SourceFiles::offset(llvm::StringRef File,
                                            unsigned Line, unsigned Column) {
  const Entry *E = get(File);
  if (!E || Line == 0 || Column == 0 || Line > E->LineStarts.size())
    return std::nullopt;
  unsigned Offset = E->LineStarts[Line - 1] + Column - 1;
  if (Offset > E->Buffer->getBufferSize())
    return std::nullopt;
  return Offset;
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

/// Prints findings with clang's own TextDiagnostic over a SourceManager that
/// reads each file once, as clang-tidy's ErrorReporter does (default
/// DiagnosticOptions and LangOptions; colours as clang-tidy's --use-color
/// sets them), so the text is byte for byte what clang-tidy prints for the
/// same diagnostics and ranges.
void writeText(llvm::raw_ostream &OS, const Results &R, bool Colors) {
  clang::FileManager Files{clang::FileSystemOptions()};
  clang::DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = Colors;
  OS.enable_colors(Colors);
  clang::IgnoringDiagConsumer Ignore;
  clang::DiagnosticsEngine Diags(llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(), DiagOpts,
                                 &Ignore, /*ShouldOwnClient=*/false);
  clang::SourceManager SM(Diags, Files);
  clang::LangOptions LangOpts;
  clang::TextDiagnostic Printer(OS, LangOpts, DiagOpts);
  llvm::StringMap<clang::FileID> IDs;
  auto FileOf = [&](llvm::StringRef Path) {
    auto [It, Inserted] = IDs.try_emplace(Path);
    if (Inserted)
      if (auto Ref = Files.getOptionalFileRef(Path))
        It->second = SM.createFileID(*Ref, clang::SourceLocation(), clang::SrcMgr::C_User);
    return It->second;
  };
  auto Emit = [&](const SourcePlace &P, clang::DiagnosticsEngine::Level Level,
                  llvm::StringRef Message, const std::vector<FixReplacement> &Fixes) {
    clang::FullSourceLoc Loc;
    llvm::SmallVector<clang::CharSourceRange, 1> Ranges;
    clang::FileID FID = P.File.empty() || !P.Line ? clang::FileID() : FileOf(P.File);
    if (FID.isValid()) {
      Loc = clang::FullSourceLoc(SM.translateLineCol(FID, P.Line, P.Column), SM);
      if (P.EndLine)
        Ranges.push_back(clang::CharSourceRange::getCharRange(
            Loc, SM.translateLineCol(FID, P.EndLine, P.EndColumn).getLocWithOffset(1)));
      llvm::SmallVector<clang::FixItHint, 2> Hints;
      for (const FixReplacement &Fix : Fixes) {
        clang::FileID FixFID = FileOf(Fix.File);
        if (FixFID.isInvalid())
          continue;
        clang::SourceLocation B = SM.getComposedLoc(FixFID, Fix.Offset);
        Hints.push_back(clang::FixItHint::CreateReplacement(
            clang::CharSourceRange::getCharRange(B, B.getLocWithOffset(Fix.Length)), Fix.Text));
      }
      Printer.emitDiagnostic(Loc, Level, Message, Ranges, Hints);
      return;
    }
    // No readable source: the location as text, then the message.
    if (!P.File.empty()) {
      OS << P.File;
      if (P.Line)
        OS << ':' << P.Line << ':' << P.Column;
      OS << ": ";
    }
    clang::TextDiagnostic::printDiagnosticLevel(OS, Level, Colors);
    OS << Message << '\n';
  };
  for (const Finding &F : R.Findings) {
    // clang-tidy marks a warning promoted by WarningsAsErrors this way.
    const bool AsError = F.Severity == "error";
    Emit(F.Place, AsError ? clang::DiagnosticsEngine::Error : clang::DiagnosticsEngine::Warning,
         F.Message + " [" + F.Check + (AsError ? ",-warnings-as-errors]" : "]"), F.Fixes);
    // --fix: one note per replacement, at its place, after the finding and
    // before its notes, as clang-tidy's ErrorReporter prints them.
    for (size_t I = 0; I < F.FixesApplied.size(); ++I) {
      const FixReplacement &Fix = F.Fixes[I];
      clang::FileID FixFID = FileOf(Fix.File);
      if (FixFID.isInvalid())
        continue;
      Printer.emitDiagnostic(
          clang::FullSourceLoc(SM.getComposedLoc(FixFID, Fix.Offset), SM),
          clang::DiagnosticsEngine::Note,
          F.FixesApplied[I] ? "FIX-IT applied suggested code changes"
                            : "FIX-IT unable to apply suggested code changes",
          {}, {});
    }
    for (const FindingNote &N : F.Notes)
      Emit(N.Place, clang::DiagnosticsEngine::Note, N.Message, N.Fixes);
  }
}

//===----------------------------------------------------------------------===//
// GitLab Code Quality (Code Climate issues)
//===----------------------------------------------------------------------===//

std::optional<std::string> underSourceRoot(llvm::StringRef File,
                                           llvm::StringRef SourceRoot) {
  if (SourceRoot.empty())
    return std::nullopt;
  for (const std::string &Path : {File.str(), realPathOr(File)}) {
    llvm::StringRef Rel = Path;
    if (Rel.consume_front(SourceRoot) && Rel.consume_front("/") &&
        !Rel.empty())
      return Rel.str();
  }
  return std::nullopt;
}

void writeCodeClimate(llvm::raw_ostream &OS, const Results &R,
                      llvm::StringRef SourceRoot) {
  llvm::json::OStream J(OS, 2);
  J.array([&] {
    for (const Finding &F : R.Findings)
      J.object([&] {
        J.attribute("type", "issue");
        J.attribute("check_name", F.Check);
        J.attribute("description", F.Message);
        J.attributeArray("categories", [&] { J.value("Bug Risk"); });
        // GitLab's levels: info, minor, major, critical, blocker.
        J.attribute("severity", F.Severity == "error" ? "critical" : "major");
        J.attribute("fingerprint", F.Fingerprint);
        J.attributeObject("location", [&] {
          // GitLab links a path relative to the repository's root.
          J.attribute("path", underSourceRoot(F.Place.File, SourceRoot)
                                  .value_or(F.Place.File));
          J.attributeObject("lines", [&] {
            J.attribute("begin", F.Place.Line);
            J.attribute("end", std::max(F.Place.Line, F.Place.EndLine));
          });
        });
      });
  });
  OS << '\n';
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

static void placeAttributes(llvm::json::OStream &J, const SourcePlace &P) {
  J.attribute("file", P.File);
  J.attribute("line", P.Line);
  J.attribute("column", P.Column);
  if (P.EndLine) {
    J.attribute("end_line", P.EndLine);
    J.attribute("end_column", P.EndColumn);
  }
}

void writeJSON(llvm::raw_ostream &OS, const Results &R) {
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("tool", "gpuleak");
    J.attribute("version", GPULEAK_VERSION);
    J.attributeArray("findings", [&] {
      for (const Finding &F : R.Findings)
        J.object([&] {
          J.attribute("check", F.Check);
          J.attribute("severity", F.Severity);
          J.attribute("message", F.Message);
          placeAttributes(J, F.Place);
          J.attributeArray("notes", [&] {
            for (const FindingNote &N : F.Notes)
              J.object([&] {
                J.attribute("message", N.Message);
                placeAttributes(J, N.Place);
              });
          });
        });
    });
    J.attributeArray("errors", [&] {
      for (const InputError &E : R.Errors)
        J.object([&] {
          J.attribute("file", E.File);
          J.attribute("message", E.Message);
        });
    });
  });
  OS << '\n';
}

//===----------------------------------------------------------------------===//
// SARIF 2.1.0
//===----------------------------------------------------------------------===//

/// \p Path percent-encoded: every byte outside RFC 3986's unreserved set and
/// '/'.
static std::string encodedPath(llvm::StringRef Path) {
  std::string URI;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(static_cast<char>(C)) || C == '/' || C == '-' || C == '.' || C == '_' ||
        C == '~') {
      URI += C;
      continue;
    }
    URI += '%';
    URI += llvm::hexdigit(C >> 4, /*LowerCase=*/false);
    URI += llvm::hexdigit(C & 15, /*LowerCase=*/false);
  }
  return URI;
}

/// A file:// URI for an absolute path (RFC 8089).
static std::string fileURI(llvm::StringRef Path) {
  return "file://" + encodedPath(Path);
}

/// The base URI of SARIF's relative artifact locations.
static constexpr llvm::StringLiteral SourceRootId = "%SRCROOT%";

static void physicalLocation(llvm::json::OStream &J, const SourcePlace &P,
                             llvm::StringRef SourceRoot) {
  J.attributeObject("physicalLocation", [&] {
    J.attributeObject("artifactLocation", [&] {
      // Under the source root: relative to %SRCROOT%, as code scanning
      // expects; elsewhere (a system header), absolute.
      if (std::optional<std::string> Rel =
              underSourceRoot(P.File, SourceRoot)) {
        J.attribute("uri", encodedPath(*Rel));
        J.attribute("uriBaseId", SourceRootId);
        return;
      }
      J.attribute("uri", fileURI(P.File));
    });
    if (P.Line)
      J.attributeObject("region", [&] {
        J.attribute("startLine", P.Line);
        if (P.Column)
          J.attribute("startColumn", P.Column);
        if (P.EndLine) {
          J.attribute("endLine", P.EndLine);
          // SARIF 2.1.0 3.30.8: endColumn is the column after the region.
          J.attribute("endColumn", P.EndColumn + 1);
        }
      });
  });
}

static void message(llvm::json::OStream &J, llvm::StringRef Text) {
  J.attributeObject("message", [&] { J.attribute("text", Text); });
}

void writeSARIF(llvm::raw_ostream &OS, const Results &R,
                llvm::StringRef DocsURL, llvm::StringRef SourceRoot) {
  llvm::ArrayRef<CheckDoc> Rules = checkDocs();
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    J.attribute("version", "2.1.0");
    J.attributeArray("runs", [&] {
      J.object([&] {
        J.attributeObject("tool", [&] {
          J.attributeObject("driver", [&] {
            J.attribute("name", "gpuleak");
            J.attribute("version", GPULEAK_VERSION);
            J.attribute("informationUri", DocsURL);
            J.attributeArray("rules", [&] {
              for (const CheckDoc &Rule : Rules)
                J.object([&] {
                  J.attribute("id", Rule.Name);
                  J.attributeObject("shortDescription", [&] {
                    J.attribute("text", Rule.Summary);
                  });
                  J.attribute("helpUri",
                              (DocsURL + docsPage(Rule.Name)).str());
                  J.attributeObject("defaultConfiguration", [&] {
                    J.attribute("level", "warning");
                  });
                });
            });
          });
        });
        // The category code scanning files the results under (the part
        // before the last '/'), unless the upload names another.
        J.attributeObject("automationDetails",
                          [&] { J.attribute("id", "gpuleak/"); });
        if (!SourceRoot.empty())
          J.attributeObject("originalUriBaseIds", [&] {
            J.attributeObject(SourceRootId, [&] {
              J.attribute("uri", fileURI(SourceRoot) + "/");
            });
          });
        J.attributeArray("invocations", [&] {
          J.object([&] {
            J.attribute("executionSuccessful", R.Errors.empty());
            J.attributeArray("toolExecutionNotifications", [&] {
              for (const InputError &E : R.Errors)
                J.object([&] {
                  J.attribute("level", "error");
                  message(J, E.Message);
                  J.attributeArray("locations", [&] {
                    J.object([&] { physicalLocation(J, {E.File, 0, 0}, SourceRoot); });
                  });
                });
            });
          });
        });
        J.attributeArray("results", [&] {
          for (const Finding &F : R.Findings)
            J.object([&] {
              J.attribute("ruleId", F.Check);
              const auto *Rule = llvm::find_if(
                  Rules, [&](const CheckDoc &D) { return D.Name == F.Check; });
              if (Rule != Rules.end())
                J.attribute("ruleIndex", int64_t(Rule - Rules.begin()));
              J.attribute("level", F.Severity);
              message(J, F.Message);
              J.attributeArray("locations", [&] {
                J.object([&] { physicalLocation(J, F.Place, SourceRoot); });
              });
              if (!F.Fingerprint.empty())
                J.attributeObject("partialFingerprints", [&] {
                  J.attribute(FingerprintKey, F.Fingerprint);
                });
              J.attributeArray("relatedLocations", [&] {
                for (size_t I = 0; I < F.Notes.size(); ++I)
                  J.object([&, &N = F.Notes[I]] {
                    J.attribute("id", int64_t(I));
                    physicalLocation(J, N.Place, SourceRoot);
                    message(J, N.Message);
                  });
              });
            });
        });
      });
    });
  });
  OS << '\n';
}

} // namespace gpuleak
