//===--- Verify.h - `gpuleak verify` and `gpuleak run` ----------*- C++ -*-===//
//
// `gpuleak verify --findings FILE --runtime REPORT[,REPORT...]` joins static
// findings (gpuleak JSON or SARIF) with runtime reports written by the
// runtime verifier (runtime/, docs/runtime.md) and labels each finding
// confirmed / not observed / not executed. `gpuleak run -- ./prog args`
// starts a program under the runtime verifier (zero-code mode).
//
// This library links LLVMSupport only; it reads files and never LibTorch.
//
//===----------------------------------------------------------------------===//
#ifndef GPULEAK_TOOL_VERIFY_VERIFY_H
#define GPULEAK_TOOL_VERIFY_VERIFY_H

#include "llvm/Support/CommandLine.h"

namespace gpuleak {

/// The `verify` llvm::cl subcommand and its option category. main() parses
/// the command line (usage errors: one line, exit 2) and, when this
/// subcommand was given, calls runVerify().
llvm::cl::SubCommand &verifySubcommand();
llvm::cl::OptionCategory &verifyCategory();

/// Runs `gpuleak verify` with the parsed options. Returns 0 on success and 2
/// with a one-line error naming the cause on bad input (unreadable, corrupt or
/// foreign findings or reports, files that moved).
int runVerify();

/// Deepest nesting of arrays and objects accepted in a JSON input. gpuleak's
/// own files nest 6 levels; llvm::json::parse recurses once per level, so a
/// hostile file nested 50,000 deep overflowed the stack (exit 139).
constexpr unsigned MaxJSONNesting = 512;

/// True when \p Text nests arrays and objects no deeper than \p Max levels
/// (strings and their escapes are skipped; the syntax is left to the parser).
bool jsonNestingWithin(llvm::StringRef Text, unsigned Max = MaxJSONNesting);

/// Entry point of `gpuleak run`; argv[0] is "run". Executes the runtime's
/// gpuleak-run launcher (found via GPULEAK_RUNTIME_PREFIX, next to this
/// binary, or on PATH) with the remaining arguments. Returns only on error (2).
int runRun(int argc, const char **argv);

} // namespace gpuleak

#endif // GPULEAK_TOOL_VERIFY_VERIFY_H
