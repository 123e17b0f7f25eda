//===--- Baseline.h - fingerprints of findings and baseline files ---------===//
//
// A finding's fingerprint names it across edits that move it: a hash of its
// check, its file relative to the compile database's directory and the
// normalized code around it (the flagged line and its nearest non-blank
// neighbours, whitespace collapsed), with an occurrence index for findings
// whose other parts are equal. No line number takes part. The same value is
// SARIF's partialFingerprints entry and the key of a baseline file, which
// `gpuleak baseline` writes and `gpuleak check --baseline` reads
// (docs/cli.md, "Baselines"). A baseline entry also records its file and a
// fingerprint of its check and code alone, so that the findings of a file
// moved or renamed since stay baselined, and a fingerprint of each of its
// notes (their code and message), so that a finding that names a new cause
// (another caller, another leaking exit) is not taken for the baselined one.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_BASELINE_H
#define GPULEAK_TOOL_GPULEAK_BASELINE_H

#include "Findings.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace gpuleak {

/// The version of the baseline file format that this gpuleak writes, and
/// the oldest that it reads (version 1 has no note fingerprints).
constexpr int64_t BaselineVersion = 2;
constexpr int64_t OldestBaselineVersion = 1;

/// The SARIF partialFingerprints key of the fingerprint.
constexpr llvm::StringLiteral FingerprintKey = "gpuleakFingerprint/v1";

/// Sets the Fingerprint and NoteFingerprints of each of \p R's findings,
/// which must be sorted (sortAndDeduplicate). \p BaseDir is the absolute
/// directory that file names are made relative to.
void fingerprintFindings(Results &R, llvm::StringRef BaseDir);

/// Writes \p R's findings (fingerprinted) as a baseline file.
void writeBaseline(llvm::raw_ostream &OS, const Results &R,
                   llvm::StringRef BaseDir);

/// One entry of a baseline file.
struct BaselineEntry {
  /// The finding's fingerprint: what matching reads.
  std::string Fingerprint;
  /// The line the finding was on when the baseline was written (0 when the
  /// entry does not say).
  unsigned Line = 0;
  /// The file, as in the fingerprint (relative to the compile database's
  /// directory), and the fingerprint of the finding's check and code without
  /// the file and the occurrence index; empty when the entry does not say
  /// (a baseline of an older gpuleak). Read to follow a moved file.
  std::string File;
  std::string Code;
  /// The fingerprints of the finding's notes (the places it names: each
  /// caller, each leaking exit), in order; std::nullopt when the entry does
  /// not say (a baseline of version 1), which then holds a finding whatever
  /// its notes.
  std::optional<std::vector<std::string>> Notes;
};

/// The entries of a baseline file, in the file's order, and by
/// fingerprint (the first entry of a fingerprint given twice).
struct BaselineEntries {
  std::vector<BaselineEntry> Entries;
  llvm::StringMap<size_t> ByFingerprint;

  bool contains(llvm::StringRef Fingerprint) const {
    return ByFingerprint.contains(Fingerprint);
  }
  const BaselineEntry &at(llvm::StringRef Fingerprint) const {
    return Entries[ByFingerprint.at(Fingerprint)];
  }
};

/// The entries of the baseline file \p Path, or why it cannot be read (one
/// line).
llvm::Expected<BaselineEntries> readBaseline(llvm::StringRef Path);

/// Decides which of \p R's findings (fingerprinted) the baseline \p B
/// holds when several have the same check, file and code (their
/// fingerprints differ only in the occurrence index): as many as \p B has
/// entries for them are baselined, and those are chosen, in order, to be
/// the findings nearest to the entries' recorded lines, a finding for which
/// \p IsChanged holds (on a changed line) last. The
/// fingerprints of the group are given out again accordingly: a baselined
/// finding takes its entry's, a new one an occurrence index \p B does not
/// hold. A group in a file that no entry names (a moved or renamed file) is
/// matched in the same way against the entries of one file that no longer
/// exists whose check and code (BaselineEntry::Code) are the group's
/// (docs/cli.md, "Baselines"). A finding is held by an entry only when
/// each of its note fingerprints is one of the entry's notes (as many times
/// as it has it, for an entry that records notes): otherwise it names a
/// cause that the baseline does not know, and is new.
void matchBaseline(Results &R, llvm::StringRef BaseDir,
                   const BaselineEntries &B,
                   llvm::function_ref<bool(const Finding &)> IsChanged);

/// Removes from \p R the findings whose fingerprint \p Baseline holds and
/// returns how many were removed.
size_t removeBaselined(Results &R, const BaselineEntries &Baseline);

} // namespace gpuleak

#endif
