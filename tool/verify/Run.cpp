//===--- Run.cpp - `gpuleak run` ------------------------------------------===//
//
// Zero-code mode lives in runtime/ (a preload library built against the
// user's LibTorch); this only finds its launcher and executes it.
//
//===----------------------------------------------------------------------===//

#include "Verify.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <unistd.h>
#include <vector>

using namespace llvm;

namespace gpuleak {

static std::string findLauncher(const char *Argv0) {
  if (const char *Prefix = std::getenv("GPULEAK_RUNTIME_PREFIX")) {
    SmallString<256> P(Prefix);
    sys::path::append(P, "bin", "gpuleak-run");
    if (sys::fs::can_execute(P))
      return std::string(P);
  }
  std::string Self = sys::fs::getMainExecutable(Argv0, (void *)&findLauncher);
  if (!Self.empty()) {
    SmallString<256> P(sys::path::parent_path(Self));
    sys::path::append(P, "gpuleak-run");
    if (sys::fs::can_execute(P))
      return std::string(P);
  }
  if (ErrorOr<std::string> P = sys::findProgramByName("gpuleak-run"))
    return *P;
  return {};
}

int runRun(int argc, const char **argv) {
  std::string Launcher = findLauncher(argv[0]);
  // Help needs no launcher: its options are gpuleak-run's (docs/runtime.md).
  if (Launcher.empty() && argc > 1 &&
      (StringRef(argv[1]) == "--help" || StringRef(argv[1]) == "-h")) {
    outs() << "USAGE: gpuleak run [--output NAME] [--interval-ms MS] [--sample-ms MS]\n"
              "                   [--history off|on-growth|start] [--stop-after S]\n"
              "                   [--threshold BYTES] [--attribution-steps N] -- PROGRAM ARGS\n\n"
              "Runs PROGRAM under the runtime verifier (zero-code mode) through the\n"
              "runtime's gpuleak-run launcher, found via GPULEAK_RUNTIME_PREFIX, next to\n"
              "this binary, or on PATH; none is installed here (see docs/runtime.md).\n";
    return 0;
  }
  if (Launcher.empty()) {
    WithColor::error(errs(), "gpuleak run")
        << "gpuleak-run not found: install runtime/ (built against your "
           "LibTorch) and put its bin/ on PATH or set GPULEAK_RUNTIME_PREFIX\n";
    return 2;
  }
  std::vector<char *> Args;
  Args.push_back(const_cast<char *>(Launcher.c_str()));
  for (int I = 1; I < argc; ++I)
    Args.push_back(const_cast<char *>(argv[I]));
  Args.push_back(nullptr);
  ::execv(Launcher.c_str(), Args.data());
  WithColor::error(errs(), "gpuleak run") << "cannot execute " << Launcher << "\n";
  return 2;
}

} // namespace gpuleak
