//===--- ConfigProblems.h - what a configuration gets wrong ----*- C++ -*-===//
//
// A `Checks` glob that names no gpuleak check (`gpuleak-cuda-unreleasd`) or
// misspells one in its prefix (`gpu-leak-missing-no-grad`), and a
// `CheckOptions` key of a gpuleak check or option that does not exist, turn
// a check off, or leave its default on, without a word in clang-tidy. Every
// delivery refuses them with the same messages: `gpuleak check` (config
// errors, exit 2), `gpuleak-tidy` (before the analysis, exit 1) and the
// plugin in stock clang-tidy (a clang-tidy-config error of the module, exit
// 1) (docs/cli.md, docs/editors.md).
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_CONFIGPROBLEMS_H
#define GPULEAK_CHECKS_CONFIGPROBLEMS_H

#include "clang-tidy/ClangTidyOptions.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang::tidy::gpuleak {

/// The gpuleak-* checks, each with the names of its options (without the
/// `check-name.` prefix).
using GpuleakChecks = std::map<std::string, std::set<std::string>>;

/// The gpuleak-* checks and their options, from clang-tidy's module
/// registry (each check is constructed once to ask it).
GpuleakChecks registeredGpuleakChecks();

/// Whether \p Checks (a clang-tidy glob list) enables any of \p Known.
bool enablesAnyCheck(llvm::StringRef Checks, const GpuleakChecks &Known);

/// What the one glob \p Glob (`gpuleak-x`, `-gpuleak-x`) of a `Checks` list
/// gets wrong about gpuleak (`'gpuleak-x' matches no gpuleak check`, or a
/// gpuleak check misspelled in its prefix), or std::nullopt; a glob of
/// another module is not judged. `gpuleak check --checks` judges its
/// negative globs with it, as a `.clang-tidy` file's are.
std::optional<std::string> globProblem(llvm::StringRef Glob,
                                       const GpuleakChecks &Known);

/// What the `Checks` glob list \p Checks gets wrong about gpuleak, one
/// message per glob (`Checks: 'gpuleak-x' matches no gpuleak check`).
/// Globs of other modules are not judged.
std::vector<std::string> checksProblems(llvm::StringRef Checks,
                                        const GpuleakChecks &Known);

/// checksProblems() of \p Options' `Checks`, the same of its
/// `WarningsAsErrors` (`WarningsAsErrors: 'gpuleak-x' matches no gpuleak
/// check`), then what its `CheckOptions`
/// get wrong about gpuleak checks (a check or option that does not exist).
std::vector<std::string> configProblems(const ClangTidyOptions &Options,
                                        const GpuleakChecks &Known);

/// When \p Options' `WarningsAsErrors` names gpuleak checks (a glob that
/// starts with "gpuleak" and matches one; `*` alone does not count) while
/// its `Checks` enables none: a CI step that makes gpuleak's findings errors
/// and analyses nothing (CI trial 16, D10). The message, or std::nullopt.
std::optional<std::string>
warningsAsErrorsWithoutChecks(const ClangTidyOptions &Options,
                              const GpuleakChecks &Known);

/// Set by a tool that validates the configuration itself (gpuleak check,
/// gpuleak-tidy), before the checks are created; the plugin in stock
/// clang-tidy, where it stays false, reports checksProblems() from the
/// module when the first gpuleak check of a configuration is created.
extern bool ConfigValidatedByTool;

} // namespace clang::tidy::gpuleak

#endif
