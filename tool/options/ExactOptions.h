//===--- ExactOptions.h - refuse options llvm::cl would guess at -*- C++ -*-===//
//
// llvm::cl treats every one-letter option (`-h`, `-j`, `-p`) as a group or
// prefix: `--header-filter=src`, `--hfoo` and `--helpme` all become `-h`,
// the help, and exit 0 with nothing analysed; `--jfoo` becomes `-j` with a
// two-line message. A CI job that passes a clang-tidy flag by mistake must
// fail instead. This scan runs before llvm::cl::ParseCommandLineOptions and
// accepts an option only by its exact registered name.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_OPTIONS_EXACTOPTIONS_H
#define GPULEAK_TOOL_OPTIONS_EXACTOPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"
#include <optional>
#include <string>

namespace gpuleak {

/// Returns a one-line error for the first argument of \p Args (the command
/// line after the program and subcommand names) that starts with `-` but is
/// not, up to its `=`, exactly the name of an option registered in \p Sub,
/// as "unknown command line argument '--hfoo'" with a "did you mean" hint
/// when a visible option is close. A value that an option requires is
/// skipped, and so is everything after `--`. std::nullopt when all are exact.
/// \p LateOptions names options that take a value and are registered only
/// while the command line is parsed (clang-tidy's CommonOptionsParser
/// declares `-p`, `--extra-arg` and `--extra-arg-before` inside a function).
std::optional<std::string>
findInexactOption(llvm::ArrayRef<const char *> Args, llvm::cl::SubCommand &Sub,
                  llvm::ArrayRef<llvm::StringRef> LateOptions = {});

} // namespace gpuleak

#endif
