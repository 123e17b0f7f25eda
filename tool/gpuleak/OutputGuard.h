//===--- OutputGuard.h - never write a report over an input ----*- C++ -*-===//
//
// `gpuleak check -o FILE` (and `baseline -o`, `compdb -o`, `merge -o`)
// replaces FILE. A slip of the keyboard (`-o src/train.cpp`, `-o
// build/compile_commands.json`, `-o gpuleak-baseline.json` with the same file
// as --baseline) would destroy an input of the run. The output is compared
// with the run's inputs, by file identity (symbolic and hard links
// included), before anything is analysed.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_OUTPUTGUARD_H
#define GPULEAK_TOOL_GPULEAK_OUTPUTGUARD_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace gpuleak {

/// An input of the run that the output must not replace.
struct GuardedInput {
  std::string Path; ///< absolute, or relative to the working directory
  std::string What; ///< e.g. "the compile database", "the baseline given with --baseline"
};

/// When \p Output is one of \p Inputs or one of \p SourceFiles (the files of
/// the compile database \p Database), the one-line reason to refuse it:
/// "'OUT' is the compile database" / "'OUT' is a source file of
/// 'DB'". std::nullopt otherwise, and for "-" (stdout).
std::optional<std::string>
outputOverwritesInput(llvm::StringRef Output,
                      llvm::ArrayRef<GuardedInput> Inputs,
                      llvm::ArrayRef<std::string> SourceFiles,
                      llvm::StringRef Database);

/// When \p Output is a file that the run, git or the build read by its
/// place or name, the one-line reason to refuse it: a path inside a `.git`
/// folder, a file named `.clang-tidy`, `.clang-format` or
/// `compile_commands.json`, or an existing file whose extension is that of
/// a C, C++ or CUDA source or header (`-o include/model.h` would replace a
/// header every translation unit includes). std::nullopt otherwise, and for
/// "-" (stdout).
std::optional<std::string> outputIsProjectFile(llvm::StringRef Output);

/// When \p Output is an existing file that gpuleak wrote as another kind
/// than this run writes (\p Writes: "gpuleak-baseline" for `gpuleak
/// baseline`, "gpuleak-shard" for `check --shard`, "" for a report), the
/// one-line reason to refuse it: `gpuleak check -o gpuleak-baseline.json`
/// would replace the committed baseline with a report.
std::optional<std::string> outputReplacesGpuleakFile(llvm::StringRef Output,
                                                     llvm::StringRef Writes);

/// Where a report for `-o Path` is written: a symlink's resolved target
/// (the link stays a link; a dangling link is written through), and whether
/// that target is written directly (\p Direct: an existing character or
/// block device, FIFO or socket, such as /dev/null) instead of through a
/// temporary file renamed over it.
struct OutputTarget {
  std::string Path;
  bool Direct;
};
OutputTarget outputTarget(llvm::StringRef Path);

/// Writes what \p Write prints to \p Path ("-": stdout) and says whether it
/// got there. A regular file (or a new one) is written to a temporary file
/// next to it and renamed over it only when every byte was written, a
/// device or FIFO is written directly, a symlink's target is written
/// (outputTarget); a failed write (a full disk,
/// /dev/full as stdout) is an error, with nothing renamed and no abort
/// (llvm::writeToOutput would rename a truncated file and its stream's
/// destructor would abort the process: "IO failure on output stream").
llvm::Error writeOutput(llvm::StringRef Path,
                        llvm::function_ref<void(llvm::raw_ostream &)> Write);

} // namespace gpuleak

#endif
