//===--- Fixes.h - clang-tidy's --fix and --export-fixes for gpuleak check -===//
//
// `gpuleak check --fix` applies the fix-its of the reported findings to the
// source files, and `--export-fixes=FILE` writes the reported findings as
// clang-tidy does: clang's YAML of a tooling::TranslationUnitDiagnostics
// (clang/Tooling/DiagnosticsYaml.h), which clang-apply-replacements reads.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_FIXES_H
#define GPULEAK_TOOL_GPULEAK_FIXES_H

#include "Findings.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>

namespace gpuleak {

/// The replacements --fix applies, as clang-tidy's ErrorReporter chooses
/// them: the fix-its of each finding itself (not of its notes), each added
/// to its file's tooling::Replacements; one that overlaps a replacement
/// already taken is not applied. Sets Finding::FixesApplied.
struct FixPlan {
  std::map<std::string, clang::tooling::Replacements> Files;
  unsigned Total = 0;   ///< replacements of the findings
  unsigned Applied = 0; ///< of those, the ones that will be applied
};
FixPlan planFixes(Results &R);

/// Rewrites each file of \p Plan (atomically: a temporary file renamed over
/// it). Returns the first file that could not be rewritten, with the reason.
llvm::Error applyFixes(const FixPlan &Plan);

/// Writes \p R as clang-tidy's --export-fixes does: a YAML
/// TranslationUnitDiagnostics whose MainSourceFile is \p MainSourceFile,
/// one diagnostic per finding (Level Error under WarningsAsErrors), with its
/// notes, ranges and replacements; BuildDirectory is \p BuildDir.
void writeExportedFixes(llvm::raw_ostream &OS, const Results &R,
                        llvm::StringRef MainSourceFile,
                        llvm::StringRef BuildDir);

} // namespace gpuleak

#endif
