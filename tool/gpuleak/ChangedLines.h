//===--- ChangedLines.h - `gpuleak check --changed-since=REF` --*- C++ -*-===//
//
// Only changed code, as clang-tidy-diff.py does it for clang-tidy: the lines
// `git diff REF` adds or changes, the translation units that include a
// changed file, and of their findings only those on a changed line. Which
// translation unit includes which file is asked of the preprocessor itself:
// each translation unit is preprocessed (no parse, no checks) with its own
// compile command, and the files it enters are its include list, so a header
// is mapped to the translation units that really include it, whatever the
// names (docs/cli.md, "Only changed code").
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_CHANGEDLINES_H
#define GPULEAK_TOOL_GPULEAK_CHANGEDLINES_H

#include "Findings.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace gpuleak {

/// The lines of each file that a diff adds or changes (1-based, inclusive
/// ranges of the new side), by absolute path. A file changed only by
/// deleting lines has no range but is still changed.
struct ChangedLines {
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Files;

  bool changed(llvm::StringRef File) const { return Files.count(File.str()); }
  bool changed(llvm::StringRef File, unsigned Line) const;
};

/// Runs `git diff --unified=0 REF` in the git work tree that holds \p Dir and
/// reads the lines it adds or changes, or says why it cannot (one line).
/// \p Ref "-" reads a unified diff from stdin instead, its file names
/// relative to the working directory.
llvm::Expected<ChangedLines> changedSince(llvm::StringRef Ref,
                                          llvm::StringRef Dir);

/// Parses a unified diff (`git diff --unified=0`), naming files relative to
/// \p Root.
ChangedLines parseUnifiedDiff(llvm::StringRef Diff, llvm::StringRef Root);

/// The files (absolute, normalized) that the preprocessor enters for
/// \p File with \p Commands (nvcc commands translated, \p ResourceDir
/// added as for the analysis), \p File included; empty when it cannot run.
std::set<std::string>
includedFiles(llvm::StringRef File,
              const std::vector<clang::tooling::CompileCommand> &Commands,
              llvm::StringRef ResourceDir);

/// The files of \p Files (translation units, absolute) that are changed or
/// include a changed file, in order, by their include lists (includedFiles,
/// \p Jobs at a time; \p CommandsOf gives a file's compile commands).
std::vector<std::string> translationUnitsIncluding(
    llvm::ArrayRef<std::string> Files,
    llvm::function_ref<std::vector<clang::tooling::CompileCommand>(
        llvm::StringRef)>
        CommandsOf,
    llvm::StringRef ResourceDir, unsigned Jobs, const ChangedLines &Changed);

/// Removes from \p R the findings not on a changed line; returns how many.
size_t keepChangedFindings(Results &R, const ChangedLines &Changed);

} // namespace gpuleak

#endif
