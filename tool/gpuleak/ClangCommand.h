//===--- ClangCommand.h - A database command as clang parses it -*- C++ -*-===//
//
// The compile database holds the commands of the project's own compilers,
// GCC as often as clang. `gpuleak check` parses with clang, so it reads each
// command of the database through adaptGccCommand() before it adds
// --extra-arg (which the user wrote for clang, so an unknown option there is
// still an error). nvcc's commands are translated later (NvccCommand.h).
// `gpuleak compdb`, gpuleak-tidy and the plugin do not adapt GCC's commands:
// clang-tidy does not either, and clangd drops unknown options itself.
//
//===----------------------------------------------------------------------===//
#ifndef GPULEAK_TOOL_GPULEAK_CLANGCOMMAND_H
#define GPULEAK_TOOL_GPULEAK_CLANGCOMMAND_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include <string>
#include <vector>

namespace gpuleak {

/// The command clang's driver parses for \p Args:
///  - GCC's (Args[0] named gcc, g++, cc or c++, with a target prefix or a
///    version suffix: x86_64-linux-gnu-g++-12): the options clang's driver
///    does not know are dropped (GCC-only ones such as
///    -fconcepts-diagnostics-depth=3, which clang refuses: the translation
///    unit would not parse at all), and -Wno-c++11-narrowing is added (GCC
///    warns about a narrowing conversion of a non-constant in braces, clang
///    refuses it), before the command's own options so that an explicit
///    -Werror=narrowing... is not overridden;
///  - any other: unchanged.
/// Dropped options are not errors: the analysis needs the preprocessor's and
/// the language's options, not code generation's (clangd drops them too).
std::vector<std::string> adaptGccCommand(const std::vector<std::string> &Args);

/// \p Args with compiler warnings never errors: gpuleak reports none, so a
/// warning made an error would only stop the analysis of a file its
/// compiler builds (CI trial 14, D10: GCC's `-Wall -Werror` and a warning
/// GCC does not have, -Wunused-private-field). Added at the end (before a
/// `--`): -Wno-error, -Wno-error=X for each -Werror=X of the command (which
/// -Wno-error leaves errors), -Wno-error=pedantic for -pedantic-errors.
/// Errors stay errors, as do clang's warnings that are errors by default.
std::vector<std::string>
noWarningsAsErrors(const std::vector<std::string> &Args);

/// What ClangTool does to each command before the parse (strip the output,
/// syntax only, strip dependency files), with nvcc's commands translated
/// first (NvccCommand.h): those adjusters read clang's options, and would
/// strip nvcc's `-odir DIR` and `-opt-info KIND` as `-o` with a joined value,
/// leaving DIR and KIND as input files (CI trial 16, D6). Replaces
/// ClangTool's own (clearArgumentsAdjusters).
clang::tooling::ArgumentsAdjuster nvccThenClangToolAdjusters();

} // namespace gpuleak

#endif
