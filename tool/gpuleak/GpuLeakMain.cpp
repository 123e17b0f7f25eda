//===--- GpuLeakMain.cpp - the gpuleak command-line tool ------------------===//
//
// `gpuleak <subcommand> ...`. `check` (CheckCommand.cpp) is parsed with
// llvm::cl subcommands. A subcommand with its own argument parser is
// dispatched on argv[1] before llvm::cl runs, and gets argv from its name on.
//
//===----------------------------------------------------------------------===//

#include "CheckCommand.h"
#include "AfterErrors.h"
#include "ConfigProblems.h"
#include "CompdbCommand.h"
#include "ExactOptions.h"
#include "ResultCache.h"
#include "Verify.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy {
// Defined in checks/GpuLeakTidyModule.cpp; referencing it keeps the module's
// static registrar in the link.
extern volatile int GpuLeakModuleAnchorSource;
[[maybe_unused]] static int GpuLeakModuleAnchorDestination =
    GpuLeakModuleAnchorSource;
} // namespace clang::tidy

/// The version, and the build: the first 12 hex digits of the hash of the
/// executable's bytes, which the result cache keys on (two builds of one
/// version tell apart; CI trial 13, M4).
static void printVersion(llvm::raw_ostream &OS) {
  std::string Build = gpuleak::executableHash();
  if (llvm::StringRef(Build).starts_with("unknown:"))
    Build = "unknown";
  OS << "gpuleak " GPULEAK_VERSION " (build " << Build.substr(0, 12) << ") ("
     << clang::getClangFullVersion() << ")\n";
}

int main(int argc, const char **argv) {
  // gpuleak check validates the configuration itself (config errors, exit 2).
  clang::tidy::gpuleak::ConfigValidatedByTool = true;
  // The checks see what parsed after an error (checks/AfterErrors.h).
  clang::tidy::gpuleak::ParseAfterErrors = true;
  llvm::InitLLVM X(argc, argv);
  using gpuleak::ExitError;

  // `run` hands its whole command line to the runtime's launcher.
  if (argc > 1 && llvm::StringRef(argv[1]) == "run")
    return gpuleak::runRun(argc - 1, argv + 1);

  // Listed under SUBCOMMANDS in --help; dispatched above, before parsing.
  static llvm::cl::SubCommand RunCmd(
      "run", "Run a program under the runtime verifier (see 'gpuleak run --help')");
  llvm::cl::SetVersionPrinter(printVersion);
  // Only our options in --help, not those of the LLVM libraries.
  static llvm::cl::OptionCategory NoOptions("gpuleak options");
  llvm::cl::HideUnrelatedOptions(NoOptions,
                                 llvm::cl::SubCommand::getTopLevel());
  llvm::cl::HideUnrelatedOptions(gpuleak::checkCategory(),
                                 gpuleak::checkSubcommand());
  llvm::cl::HideUnrelatedOptions(gpuleak::checkCategory(),
                                 gpuleak::baselineSubcommand());
  llvm::cl::HideUnrelatedOptions(gpuleak::checkCategory(),
                                 gpuleak::mergeSubcommand());
  llvm::cl::HideUnrelatedOptions(gpuleak::compdbCategory(),
                                 gpuleak::compdbSubcommand());
  llvm::cl::HideUnrelatedOptions(gpuleak::verifyCategory(),
                                 gpuleak::verifySubcommand());
  // The subcommand named by argv[1]. A word that names none is an error of
  // its own: llvm::cl would blame the next option (`gpuleak chekc -p build`:
  // "unknown command line argument '-p'").
  llvm::cl::SubCommand *Sub = &llvm::cl::SubCommand::getTopLevel();
  int First = 1;
  if (argc > 1 && !llvm::StringRef(argv[1]).starts_with("-")) {
    llvm::StringRef Word = argv[1];
    std::vector<llvm::StringRef> Names;
    for (llvm::cl::SubCommand *S : llvm::cl::getRegisteredSubcommands()) {
      if (S->getName() == Word)
        Sub = S, First = 2;
      if (!S->getName().empty() && S->getName() != "*")
        Names.push_back(S->getName());
    }
    if (First == 1) {
      llvm::sort(Names);
      std::string Line = "unknown subcommand '" + Word.str() + "'";
      for (llvm::StringRef Name : Names)
        if (Word.edit_distance(Name) <= 2) {
          Line += "; did you mean '" + Name.str() + "'?";
          break;
        }
      Line += " (subcommands: " + llvm::join(Names, ", ") + ")";
      llvm::errs() << "gpuleak: error: " << Line << '\n';
      return ExitError;
    }
  }
  // llvm::cl would read `--header-filter=src` as `-h` (the help, exit 0) and
  // `--jfoo` as `-j`; only exact option names are accepted.
  if (std::optional<std::string> Err = gpuleak::findInexactOption(
          llvm::ArrayRef(argv + First, argv + argc), *Sub)) {
    llvm::errs() << "gpuleak: error: " << *Err << '\n';
    return ExitError;
  }
  std::string ParseErrors;
  llvm::raw_string_ostream ErrorStream(ParseErrors);
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv,
          "gpuleak: finds GPU memory leaks in C++ code that uses LibTorch and "
          "CUDA.\n\n"
          "  gpuleak check -p BUILD_DIR [FILES...]   static checks over a "
          "compile database\n"
          "  gpuleak baseline -p BUILD_DIR -o FILE   write the findings as a "
          "baseline for 'check --baseline'\n"
          "  gpuleak check -p BUILD_DIR --shard=K/N -o SHARD\n"
          "                                          one part of the "
          "translation units, for 'merge'\n"
          "  gpuleak merge -p BUILD_DIR SHARD...     the report of one run "
          "from all shards\n"
          "  gpuleak compdb -p BUILD_DIR -o DIR      compile_commands.json "
          "with nvcc commands as clang ones\n"
          "  gpuleak verify --findings FILE --runtime REPORT[,REPORT...]\n"
          "                                          join findings with "
          "runtime "
          "reports (see 'gpuleak verify --help')\n"
          "  gpuleak run [options] -- PROGRAM ARGS   run a program under the "
          "runtime verifier\n",
          &ErrorStream)) {
    // llvm::cl prints a bad option value itself ("gpuleak: for the --format
    // option: ..."). Other errors come here as "<argv0>: Unknown command line
    // argument '--x'.  Try: '<argv0> --help'" and maybe a "Did you mean"
    // line; keep the first sentence.
    llvm::StringRef First = llvm::StringRef(ParseErrors).split('\n').first;
    First = First.split(": ").second.split(".  Try:").first.trim();
    First.consume_back(".");
    if (!First.empty())
      llvm::errs() << "gpuleak: error: " << llvm::toLower(First.front())
                   << First.drop_front() << '\n';
    return ExitError;
  }
  if (gpuleak::checkSubcommand())
    return gpuleak::runCheck();
  if (gpuleak::baselineSubcommand())
    return gpuleak::runBaseline();
  if (gpuleak::compdbSubcommand())
    return gpuleak::runCompdb();
  if (gpuleak::mergeSubcommand())
    return gpuleak::runMerge();
  if (gpuleak::verifySubcommand())
    return gpuleak::runVerify();
  llvm::errs() << "gpuleak: error: no subcommand; see 'gpuleak --help'\n";
  return ExitError;
}
