//===--- Baseline.h - fingerprints of findings and baseline files ---------===//
//
// A finding's fingerprint names it across edits that move it: a hash of its
// check, its file relative to the compile database's directory and the
// normalized code around it (the flagged line and its nearest non-blank
// neighbours, whitespace collapsed), with an occurrence index for findings
// whose other parts are equal. No line number takes part. The same value is
// SARIF's partialFingerprints entry and the key of a baseline file, which
// `gpuleak baseline` writes and `gpuleak check --baseline` reads
// (docs/cli.md, "Baselines").
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_BASELINE_H
#define GPULEAK_TOOL_GPULEAK_BASELINE_H

#include "Findings.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

namespace gpuleak {

/// The version of the baseline file format that this gpuleak writes and
/// reads.
constexpr int64_t BaselineVersion = 1;

/// The SARIF partialFingerprints key of the fingerprint.
constexpr llvm::StringLiteral FingerprintKey = "gpuleakFingerprint/v1";

/// Sets the Fingerprint of each of \p R's findings, which must be sorted
/// (sortAndDeduplicate). \p BaseDir is the absolute directory that file
/// names are made relative to.
void fingerprintFindings(Results &R, llvm::StringRef BaseDir);

/// Writes \p R's findings (fingerprinted) as a baseline file.
void writeBaseline(llvm::raw_ostream &OS, const Results &R,
                   llvm::StringRef BaseDir);

/// The entries of a baseline file: by fingerprint, the line the finding was
/// on when the baseline was written (0 when the entry does not say).
using BaselineEntries = llvm::StringMap<unsigned>;

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
/// hold (docs/cli.md, "Baselines").
void matchBaseline(Results &R, llvm::StringRef BaseDir,
                   const BaselineEntries &B,
                   llvm::function_ref<bool(const Finding &)> IsChanged);

/// Removes from \p R the findings whose fingerprint \p Baseline holds and
/// returns how many were removed.
size_t removeBaselined(Results &R, const BaselineEntries &Baseline);

} // namespace gpuleak

#endif
