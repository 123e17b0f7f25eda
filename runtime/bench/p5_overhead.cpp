//===- p5_overhead.cpp - Detection cost on launch-bound (sub-ms) steps ----===//
//
//   gpuleak_p5_bench [ROUNDS] [FWD_STEPS] [TRAIN_STEPS]   (GPU; default 40 4000 400)
//
// Issue 13, part 3 (P5): the cost of detection on loops whose step is a few
// kernel launches, where a fixed cost per step shows most. A tiny MLP
// (Linear 64-128-128-10 with ReLU), batch 8:
//   fwd    forward only, under NoGradGuard (about 0.05 ms a step)
//   train  forward, MSE loss, backward, SGD step (about 0.5 ms a step)
// Modes, measured in the same process, interleaved block by block:
//   none   the loop alone
//   step   Monitor::step() every step, history off: one Monitor for the whole
//          run, so it runs far past the 4096-step bound of the step list
//   run    gpuleak run's sampler (gpuleak::Sampler, 5 ms samples, 250 ms
//          intervals, history off) started before the block and stopped after
// Each round runs one block of each mode, in an order that rotates per round;
// a block is timed from a device sync to a device sync. A round's ratio is
// mode/none of that round, so slow drifts of the machine cancel; the mean
// ratio's 95% interval (1.96 standard errors over the rounds) says whether
// 1% is resolved. Output, one line per workload and mode:
//   p5 <workload> <mode> ms_per_step=<median> vs_none=<mean ratio - 1> ci95=<half width> rounds=<n>
// and the bare cost of Monitor::step (empty loop body) before and after the
// bound:
//   p5 monitor-step below-bound us_per_step=<..> past-bound us_per_step=<..>
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Monitor.h"
#include "gpuleak/Sampler.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using Clock = std::chrono::steady_clock;

namespace {
struct Net {
  torch::nn::Sequential M{torch::nn::Linear(64, 128), torch::nn::ReLU(),
                          torch::nn::Linear(128, 128), torch::nn::ReLU(),
                          torch::nn::Linear(128, 10)};
  std::unique_ptr<torch::optim::SGD> Opt;
  torch::Tensor X, Y;
  Net() {
    M->to(torch::kCUDA);
    Opt = std::make_unique<torch::optim::SGD>(M->parameters(), torch::optim::SGDOptions(1e-3));
    X = torch::randn({8, 64}, torch::kCUDA);
    Y = torch::randn({8, 10}, torch::kCUDA);
  }
  void fwd() {
    torch::NoGradGuard G;
    torch::Tensor Out = M->forward(X);
  }
  void train() {
    Opt->zero_grad();
    torch::Tensor Loss = torch::mse_loss(M->forward(X), Y);
    Loss.backward();
    Opt->step();
  }
};

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V.empty() ? 0 : V[V.size() / 2];
}

gpuleak::MonitorOptions quiet(const std::string &Name) {
  gpuleak::MonitorOptions O;
  O.output = "/tmp/gpuleak-p5-" + Name;
  O.print_summary = false;
  O.history = gpuleak::HistoryPolicy::Off;
  O.write_snapshot = false;
  return O;
}
} // namespace

int main(int argc, char **argv) {
  const int Rounds = argc > 1 ? std::atoi(argv[1]) : 40;
  const int FwdSteps = argc > 2 ? std::atoi(argv[2]) : 4000;
  const int TrainSteps = argc > 3 ? std::atoi(argv[3]) : 400;
  Net N;
  for (int I = 0; I < 200; ++I)
    N.train();
  torch::cuda::synchronize();

  // The bare cost of a step boundary, below and past the step list's bound.
  {
    gpuleak::Monitor M(quiet("bare"));
    const int Bound = 4096, Past = 40000;
    auto T0 = Clock::now();
    for (int I = 0; I < Bound; ++I) {
      auto S = M.step("bare");
    }
    const double Below = std::chrono::duration<double, std::micro>(Clock::now() - T0).count() / Bound;
    T0 = Clock::now();
    for (int I = Bound; I < Past; ++I) {
      auto S = M.step("bare");
    }
    const double After =
        std::chrono::duration<double, std::micro>(Clock::now() - T0).count() / (Past - Bound);
    std::printf("p5 monitor-step below-bound us_per_step=%.3f past-bound us_per_step=%.3f "
                "(steps %d-%d)\n", Below, After, Bound, Past);
    std::fflush(stdout);
  }

  const char *Modes[] = {"none", "step", "run"};
  for (const char *Work : {"fwd", "train"}) {
    const bool Fwd = std::string(Work) == "fwd";
    const int Steps = Fwd ? FwdSteps : TrainSteps;
    auto Body = [&] { Fwd ? N.fwd() : N.train(); };
    gpuleak::Monitor StepMonitor(quiet(std::string("step-") + Work));
    std::vector<double> Ms[3], Ratio[3];
    for (int R = 0; R < Rounds; ++R) {
      double Round[3];
      for (int K = 0; K < 3; ++K) {
        const int Mode = (K + R) % 3;
        std::unique_ptr<gpuleak::Sampler> Samp;
        if (Mode == 2) {
          gpuleak::SamplerOptions SO;
          SO.monitor = quiet(std::string("run-") + Work);
          Samp = std::make_unique<gpuleak::Sampler>(SO);
          // Past its 50 ms wait for the allocator: time steady sampling.
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        torch::cuda::synchronize();
        const auto T0 = Clock::now();
        if (Mode == 1) {
          for (int I = 0; I < Steps; ++I) {
            auto S = StepMonitor.step("loop");
            Body();
          }
        } else {
          for (int I = 0; I < Steps; ++I)
            Body();
        }
        torch::cuda::synchronize();
        Round[Mode] = std::chrono::duration<double, std::milli>(Clock::now() - T0).count() / Steps;
        Samp.reset();
      }
      for (int M = 0; M < 3; ++M) {
        Ms[M].push_back(Round[M]);
        Ratio[M].push_back(Round[M] / Round[0]);
      }
    }
    for (int M = 0; M < 3; ++M) {
      double Mean = 0, Var = 0;
      for (double X : Ratio[M])
        Mean += X;
      Mean /= Rounds;
      for (double X : Ratio[M])
        Var += (X - Mean) * (X - Mean);
      Var /= std::max(1, Rounds - 1);
      const double Ci = 1.96 * std::sqrt(Var / Rounds);
      std::printf("p5 %s %s ms_per_step=%.4f vs_none=%+.2f%% ci95=%.2f%% rounds=%d steps=%d\n",
                  Work, Modes[M], median(Ms[M]), 100.0 * (Mean - 1.0), 100.0 * Ci, Rounds,
                  Steps);
    }
    std::fflush(stdout);
  }
  return 0;
}
