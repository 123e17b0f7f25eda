//===--- Findings.h - gpuleak check results and their output formats ------===//
//
// The results of `gpuleak check`: findings (a gpuleak-* diagnostic with its
// notes) and per-input errors, and the three ways they are written: clang-style
// text, gpuleak's findings JSON and SARIF 2.1.0 (docs/findings-format.md).
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_FINDINGS_H
#define GPULEAK_TOOL_GPULEAK_FINDINGS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpuleak {

/// A place in a source file. File is absolute and normalized; Line and Column
/// are 1-based (Column counts bytes, as clang does); 0 when unknown.
/// EndLine/EndColumn give the last character of the flagged expression (a
/// call spread over lines ends on a later line, which is the line a debugger
/// or the allocator's stack names); 0 when the diagnostic has no range.
struct SourcePlace {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned EndLine = 0;
  unsigned EndColumn = 0;
};

/// One replacement of a fix-it, as clang-tidy reports it: Length bytes at
/// byte Offset of File become Text. Printed in the text output only.
struct FixReplacement {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;
};

/// A secondary place of a finding: the loop, a call of the chain, the line
/// that produced a retained value.
struct FindingNote {
  std::string Message;
  SourcePlace Place;
  std::vector<FixReplacement> Fixes;
};

/// One gpuleak-* diagnostic.
struct Finding {
  std::string Check;    ///< e.g. "gpuleak-empty-cache-in-loop"
  std::string Severity; ///< "warning", or "error" under WarningsAsErrors
  std::string Message;
  SourcePlace Place;
  std::vector<FindingNote> Notes;
  std::vector<FixReplacement> Fixes;
  /// With --fix: whether each of Fixes is applied (Fixes.h), shown in the
  /// text report as clang-tidy shows it; empty otherwise.
  std::vector<bool> FixesApplied;
  /// Its fingerprint (Baseline.h), or empty before fingerprintFindings.
  std::string Fingerprint;
  /// The fingerprint of each of Notes, in order (Baseline.h), set with
  /// Fingerprint.
  std::vector<std::string> NoteFingerprints;
};

/// An input that could not be analysed: a translation unit that failed to
/// parse, or a malformed .clang-tidy file.
struct InputError {
  std::string File;
  std::string Message;
};

struct Results {
  std::vector<Finding> Findings;
  std::vector<InputError> Errors;
};

/// Sorts findings by file, line, column, check (then message and notes, so
/// that the order never depends on scheduling), merges repeats of the same
/// (check, file, line, column, message) -- a finding in a header shared by
/// several translation units, or in a file the database lists twice -- into
/// the first, which gains the notes of the others that it lacks (each
/// placed before the next note that both have), and sorts and uniques the
/// errors.
void sortAndDeduplicate(Results &R);

/// Reads source files once and maps byte offsets to lines and columns.
/// Not thread-safe: use one per thread.
class SourceFiles {
public:
  /// Line and column of byte \p Offset of \p File, or std::nullopt when the
  /// file cannot be read or is shorter than \p Offset.
  std::optional<std::pair<unsigned, unsigned>> lineAndColumn(llvm::StringRef File,
                                                             unsigned Offset);
  /// The text of line \p Line (1-based) of \p File without its line break,
  /// or std::nullopt when the file cannot be read or has fewer lines.
  std::optional<llvm::StringRef> line(llvm::StringRef File, unsigned Line);
  /// The byte offset of \p Line and \p Column (1-based) of \p File, or
  /// std::nullopt when the file cannot be read or is shorter.
  std::optional<unsigned> offset(llvm::StringRef File, unsigned Line,
                                 unsigned Column);

private:
  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::vector<unsigned> LineStarts; ///< byte offset of each line's start
  };
  const Entry *get(llvm::StringRef File);
  llvm::StringMap<std::optional<Entry>> Cache;
};

/// Writes findings as clang-tidy prints them: `file:line:col: warning: message
/// [check]`, the source snippet with the caret and the flagged range, then
/// each note the same way (clang's TextDiagnostic renders them), in clang's
/// colours when \p Colors is set.
void writeText(llvm::raw_ostream &OS, const Results &R, bool Colors = false);

/// \p File relative to \p SourceRoot (a real path; may be empty), as SARIF
/// and the codeclimate report name it: from \p File as it is or from its
/// real path, so that a file named through a symbolic link is under the
/// root as its real path is; std::nullopt when it is under neither.
std::optional<std::string> underSourceRoot(llvm::StringRef File,
                                           llvm::StringRef SourceRoot);

/// Writes a GitLab Code Quality report (Code Climate's issue format, the
/// subset GitLab reads): a JSON array with one object per finding, its
/// fingerprint the finding's (Baseline.h), its path relative to
/// \p SourceRoot (absolute when outside it or when \p SourceRoot is empty).
void writeCodeClimate(llvm::raw_ostream &OS, const Results &R,
                      llvm::StringRef SourceRoot);

/// Writes gpuleak's findings JSON (docs/findings-format.md).
void writeJSON(llvm::raw_ostream &OS, const Results &R);

/// Writes SARIF 2.1.0. Each rule's helpUri is \p DocsURL + "<name>.md", where
/// <name> is the check name without "gpuleak-". A finding's fingerprint,
/// when set, is its partialFingerprints entry. Files under \p SourceRoot
/// (a real path, no trailing '/'; may be empty; underSourceRoot) are named relative
/// to the run's originalUriBaseIds entry %SRCROOT%, others by absolute
/// file:// URIs. The run's automationDetails.id is "gpuleak/".
void writeSARIF(llvm::raw_ostream &OS, const Results &R, llvm::StringRef DocsURL,
                llvm::StringRef SourceRoot);

} // namespace gpuleak

#endif
