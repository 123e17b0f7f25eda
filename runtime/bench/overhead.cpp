//===- overhead.cpp - Step-time overhead of gpuleak's runtime verifier ----===//
//
// Run on the GPU machine by scripts/gpu-run.sh. Modes, interleaved, best of R
// repetitions of N steps after a warm-up:
//   none        the training loop alone
//   detect      Monitor::step() each step, history off (detection only)
//   torch-all   torch::cuda::_record_memory_history("all","all","all") for the
//               whole run, as a user would turn on PyTorch's own history
//   ours-rec    the recording we use in a window (context alloc, C++ stacks),
//               for the whole run, then the pickled snapshot
//   window      our attribution window: C++ stacks for W steps (context all),
//               then the pickled snapshot and the analysis
// Prints one line per mode: "overhead <model> <mode> ms_per_step=..".
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Monitor.h"

#include <torch/csrc/cuda/memory_snapshot.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using Clock = std::chrono::steady_clock;

static double msSince(Clock::time_point T) {
  return std::chrono::duration<double, std::milli>(Clock::now() - T).count();
}

struct Setup {
  torch::nn::Sequential Net;
  std::unique_ptr<torch::optim::SGD> Opt;
  torch::Tensor X, Y;
};

static Setup makeSetup(int Layers, int Width, int Batch) {
  Setup S;
  S.Net = torch::nn::Sequential();
  for (int I = 0; I < Layers; ++I) {
    S.Net->push_back(torch::nn::Linear(Width, Width));
    S.Net->push_back(torch::nn::ReLU());
  }
  S.Net->to(torch::kCUDA);
  S.Opt = std::make_unique<torch::optim::SGD>(S.Net->parameters(), torch::optim::SGDOptions(1e-3));
  S.X = torch::randn({Batch, Width}, torch::kCUDA);
  S.Y = torch::randn({Batch, Width}, torch::kCUDA);
  return S;
}

static void trainStep(Setup &S) {
  S.Opt->zero_grad();
  torch::Tensor Loss = torch::mse_loss(S.Net->forward(S.X), S.Y);
  Loss.backward();
  S.Opt->step();
}

static double run(Setup &S, const std::string &Mode, int Steps, double *Extra) {
  gpuleak::MonitorOptions O;
  O.output = "/tmp/gpuleak-bench-" + Mode;
  O.print_summary = false;
  O.history = Mode == "window" ? gpuleak::HistoryPolicy::OnGrowth : gpuleak::HistoryPolicy::Off;
  O.attribution_steps = 4;
  std::unique_ptr<gpuleak::Monitor> M;
  if (Mode == "detect" || Mode == "window")
    M = std::make_unique<gpuleak::Monitor>(O);
  if (Mode == "window")
    M->requestAttribution();
  if (Mode == "torch-all")
    torch::cuda::_record_memory_history(std::string("all"), std::string("all"), "all");
  if (Mode == "ours-rec")
    torch::cuda::_record_memory_history(std::string("all"), std::string("alloc"), "all", 200000);
  torch::cuda::synchronize();
  auto T0 = Clock::now();
  for (int I = 0; I < Steps; ++I) {
    if (M) {
      auto Step = M->step("train");
      trainStep(S);
    } else {
      trainStep(S);
    }
  }
  torch::cuda::synchronize();
  double Ms = msSince(T0) / Steps;
  auto T1 = Clock::now();
  if (Mode == "torch-all" || Mode == "ours-rec") {
    std::string P = torch::cuda::_memory_snapshot_pickled();
    torch::cuda::_record_memory_history(std::nullopt);
    if (Extra)
      *Extra = msSince(T1);
  }
  if (M) {
    M->finish();
    if (Extra && Mode == "window")
      *Extra = msSince(T1);
  }
  return Ms;
}

int main(int argc, char **argv) {
  const int Steps = argc > 1 ? std::atoi(argv[1]) : 400;
  const int Reps = argc > 2 ? std::atoi(argv[2]) : 3;
  struct ModelSpec { const char *Name; int Layers, Width, Batch; };
  const ModelSpec Models[] = {{"mlp8x2048", 8, 2048, 256}};
  for (const ModelSpec &MS : Models) {
    Setup S = makeSetup(MS.Layers, MS.Width, MS.Batch);
    for (int I = 0; I < 50; ++I)
      trainStep(S);
    const char *Modes[] = {"none", "detect", "torch-all", "ours-rec", "window"};
    const int NM = 5;
    double Best[NM] = {1e9, 1e9, 1e9, 1e9, 1e9}, Extra[NM] = {0, 0, 0, 0, 0};
    for (int R = 0; R < Reps; ++R)
      for (int K = 0; K < NM; ++K) {
        double E = 0;
        double Ms = run(S, Modes[K], Steps, &E);
        if (Ms < Best[K]) {
          Best[K] = Ms;
          Extra[K] = E;
        }
      }
    for (int K = 0; K < NM; ++K)
      std::printf("overhead %s %s ms_per_step=%.4f vs_none=%+.2f%% end_cost_ms=%.1f\n", MS.Name,
                  Modes[K], Best[K], 100.0 * (Best[K] / Best[0] - 1.0), Extra[K]);
    std::fflush(stdout);
  }
  return 0;
}
