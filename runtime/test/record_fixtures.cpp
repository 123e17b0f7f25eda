//===- record_fixtures.cpp - Records the runtime unit-test fixtures -------===//
//
// Run on the GPU machine by scripts/gpu-run.sh:
//   gpuleak_record_fixtures OUTDIR
// writes OUTDIR/{leak,flat,noguard,guard}.{json,1.pickle}. The unit tests
// (runtime/test/unit_tests.cpp) find the lines below by their FIXTURE- markers,
// so keep each marker on the line that allocates.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Monitor.h"

#include <torch/torch.h>

#include <string>

static gpuleak::MonitorOptions options(const std::string &Out) {
  gpuleak::MonitorOptions O;
  O.output = Out;
  O.growth.warmup_steps = 2;
  O.growth.window_steps = 4;
  O.attribution_steps = 3;
  O.history_max_entries = 20000;
  O.print_summary = true;
  return O;
}

static torch::Tensor batchOf(const torch::Device &D) {
  return torch::randn({32, 64}, D); // FIXTURE-INPUT
}

static void leakyLoop(const std::string &Dir, torch::nn::Sequential &Net,
                      const torch::Device &D) {
  gpuleak::Monitor M(options(Dir + "/leak"));
  torch::Tensor Total = torch::zeros({}, D);
  for (int I = 0; I < 14; ++I) {
    auto Step = M.step("train");
    torch::Tensor Loss = Net->forward(batchOf(D)).pow(2).mean(); // FIXTURE-LEAK-FORWARD
    Total += Loss; // FIXTURE-LEAK-STORE
  }
}

static void flatLoop(const std::string &Dir, torch::nn::Sequential &Net,
                     const torch::Device &D) {
  gpuleak::Monitor M(options(Dir + "/flat"));
  M.requestAttribution();
  double Total = 0;
  for (int I = 0; I < 14; ++I) {
    auto Step = M.step("train");
    torch::Tensor Loss = Net->forward(batchOf(D)).pow(2).mean(); // FIXTURE-FLAT-FORWARD
    Total += Loss.item<double>();
  }
}

static void inferenceLoop(const std::string &Out, torch::nn::Sequential &Net,
                          const torch::Device &D, bool Guard) {
  gpuleak::Monitor M(options(Out));
  M.requestAttribution();
  torch::Tensor Last;
  for (int I = 0; I < 8; ++I) {
    auto Step = M.step("infer");
    if (Guard) {
      torch::NoGradGuard NoGrad;
      Last = Net->forward(batchOf(D)); // FIXTURE-GUARD-FORWARD
    } else {
      Last = Net->forward(batchOf(D)); // FIXTURE-NOGUARD-FORWARD
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const std::string Dir = argv[1];
  const torch::Device D(torch::kCUDA);
  torch::nn::Sequential Net(torch::nn::Linear(64, 64), torch::nn::ReLU(),
                            torch::nn::Linear(64, 64), torch::nn::ReLU(),
                            torch::nn::Linear(64, 64), torch::nn::ReLU(),
                            torch::nn::Linear(64, 1));
  Net->to(D);
  leakyLoop(Dir, Net, D);
  flatLoop(Dir, Net, D);
  inferenceLoop(Dir + "/noguard", Net, D, false);
  inferenceLoop(Dir + "/guard", Net, D, true);
  return 0;
}
