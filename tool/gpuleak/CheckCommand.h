//===--- CheckCommand.h - `gpuleak check` ---------------------------------===//
//
// `gpuleak check -p BUILD_DIR [FILES...]`: runs the gpuleak-* checks over the
// translation units of a compile database in parallel and reports the
// findings as text, JSON or SARIF (docs/cli.md).
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_CHECKCOMMAND_H
#define GPULEAK_TOOL_GPULEAK_CHECKCOMMAND_H

#include "llvm/Support/CommandLine.h"

namespace gpuleak {

/// Exit codes of gpuleak (docs/cli.md).
enum ExitCode : int {
  ExitClean = 0,    ///< no finding
  ExitFindings = 1, ///< at least one finding
  ExitError = 2,    ///< a usage, configuration or input error
};

/// The `check` subcommand; its options are registered with it.
llvm::cl::SubCommand &checkSubcommand();
/// The `baseline` subcommand; it shares most options of `check`.
llvm::cl::SubCommand &baselineSubcommand();
/// The `merge` subcommand: the report of one run from the shard files of
/// `check --shard=K/N` (Shard.h); it shares the report options of `check`.
llvm::cl::SubCommand &mergeSubcommand();
/// The category of the `check` and `baseline` options, the only ones their
/// --help shows.
llvm::cl::OptionCategory &checkCategory();

/// Runs `gpuleak check` once llvm::cl has parsed its options.
int runCheck();
/// Runs `gpuleak baseline`: the analysis of `check`, written as a baseline
/// file (Baseline.h) to --output or stdout.
int runBaseline();

/// Runs `gpuleak merge`.
int runMerge();

} // namespace gpuleak

#endif
