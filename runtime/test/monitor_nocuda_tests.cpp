//===- monitor_nocuda_tests.cpp - The Monitor with a torch without CUDA ---===//
//
//   gpuleak_monitor_nocuda_tests                  (CI: Monitor built without CUDA)
//   CUDA_VISIBLE_DEVICES= gpuleak_monitor_nodevice_tests no-cuda
//                                                 (GPU machine: CUDA build, no device)
//
// The host program comes first: without CUDA the monitor says so in one
// stderr line, reports status "no-cuda-build" (a torch without CUDA) or
// "no-cuda" (no visible device), lets every call through, and writes no
// file. Exit status 0 when every check passes.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Monitor.h"
#include "Expect.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using gpuleak_test::Checks;
using gpuleak_test::Failures;

int main(int argc, char **argv) {
  const bool NoDevice = argc > 1 && std::string(argv[1]) == "no-cuda";
  char Dir[] = "/tmp/gpuleak-nocuda-XXXXXX";
  if (!mkdtemp(Dir))
    return 2;
  const std::string Out = std::string(Dir) + "/run";
  const std::string Err = std::string(Dir) + "/stderr";
  std::fflush(stderr);
  const int Saved = dup(2);
  if (!std::freopen(Err.c_str(), "w", stderr))
    return 2;
  bool Active = true, Wrote = true, Finished = false;
  std::string Status;
  {
    gpuleak::MonitorOptions O;
    O.output = Out;
    O.history = gpuleak::HistoryPolicy::Start;
    gpuleak::Monitor M(O);
    Active = M.active();
    Status = M.status();
    M.requestAttribution();
    M.startWindowNow();
    for (int I = 0; I < 20; ++I) {
      auto Step = M.step("train");
    }
    M.boundaryWithAllocated(M.loopId("process"), 4096);
    Wrote = M.writeReport();
    Finished = M.finish();
    EXPECT(!gpuleak::allocatorReady(0));
  } // ~Monitor calls finish() again
  std::fflush(stderr);
  dup2(Saved, 2);
  std::ifstream In(Err);
  std::stringstream Text;
  Text << In.rdbuf();
  EXPECT(!Active);
  EXPECT(Status == (NoDevice ? "no-cuda" : "no-cuda-build"));
  EXPECT(!Wrote);
  EXPECT(Finished);
  EXPECT(Text.str() == (NoDevice ? "gpuleak runtime: no CUDA device 0 is visible; monitoring is off\n"
                                 : "gpuleak runtime: this torch was built without CUDA; monitoring is off\n"));
  EXPECT(access((Out + ".json").c_str(), F_OK) != 0);
  EXPECT(access((Out + ".1.pickle").c_str(), F_OK) != 0);
  std::remove(Err.c_str());
  rmdir(Dir);
  std::printf("%d checks, %d failures\n", Checks, Failures);
  return Failures == 0 ? 0 : 1;
}
