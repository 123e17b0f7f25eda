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

/// Entry point of `gpuleak run`; argv[0] is "run". Executes the runtime's
/// gpuleak-run launcher (found via GPULEAK_RUNTIME_PREFIX, next to this
/// binary, or on PATH) with the remaining arguments. Returns only on error (2).
int runRun(int argc, const char **argv);

} // namespace gpuleak

#endif // GPULEAK_TOOL_VERIFY_VERIFY_H
