//===- stress_prog.cpp - A short LibTorch program that ends in many ways --===//
//
//   gpuleak_stress_prog MODE [MILLISECONDS]
//
// Run hundreds of times, many at once, by runtime/test/stress/stress.sh,
// under `gpuleak run` (or bare, for the baseline). It trains a tiny model
// for MILLISECONDS (default 600) and keeps each step's loss (a leak, so
// growth opens a history window), then ends:
//   main     returns from main
//   exit     calls exit(0) inside the loop
//   thread   another thread calls exit(0) once main has trained and waits
//            (main no longer touches torch: exiting while it trains would
//            destroy torch's statics under it, which crashes bare too)
//   monitor  library mode: a global gpuleak::Monitor marks the steps and
//            asks for a window two steps before main returns, so the
//            window is still open at exit (closed by the exit hook, before
//            the global's destructor)
// Exit status 0; anything else (a signal) is a crash.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Monitor.h"

#include <torch/torch.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {
std::unique_ptr<gpuleak::Monitor> Global; // destroyed at exit, like a global

struct Model {
  torch::nn::Sequential M{torch::nn::Linear(256, 256), torch::nn::ReLU(),
                          torch::nn::Linear(256, 16)};
  std::unique_ptr<torch::optim::SGD> Opt;
  torch::Tensor X = torch::randn({64, 256}, torch::kCUDA);
  torch::Tensor Y = torch::randn({64, 16}, torch::kCUDA);
  std::vector<torch::Tensor> Kept; // the leak
  Model() {
    M->to(torch::kCUDA);
    Opt = std::make_unique<torch::optim::SGD>(M->parameters(), torch::optim::SGDOptions(1e-3));
  }
  void step() {
    Opt->zero_grad();
    torch::Tensor Loss = torch::mse_loss(M->forward(X), Y);
    Loss.backward();
    Opt->step();
    Kept.push_back(Loss);
    Kept.push_back(torch::ones({4096}, torch::kCUDA)); // 16 KiB a step
  }
};
} // namespace

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "main";
  const long Ms = argc > 2 ? std::atol(argv[2]) : 600;
  const bool Lib = !std::strcmp(Mode, "monitor");
  if (Lib) {
    gpuleak::MonitorOptions O = gpuleak::MonitorOptions::fromEnvironment();
    O.print_summary = false;
    Global = std::make_unique<gpuleak::Monitor>(O);
  }
  Model Net;
  static std::atomic<bool> Trained{false};
  if (!std::strcmp(Mode, "thread"))
    std::thread([] {
      while (!Trained.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      std::exit(0);
    }).detach();
  const auto T0 = std::chrono::steady_clock::now();
  int Remaining = -1;
  for (long I = 0;; ++I) {
    const long Elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - T0)
                             .count();
    if (Lib) {
      auto Step = Global->step("train");
      Net.step();
      // The window opens at this step's boundary; the loop ends two steps
      // later, with the window still open (it wants 4 steps or more).
      if (Remaining < 0 && Elapsed >= Ms) {
        Global->requestAttribution();
        Remaining = 2;
      }
      if (Remaining >= 0 && Remaining-- == 0)
        break;
      continue;
    }
    Net.step();
    if (!std::strcmp(Mode, "exit") && Elapsed >= Ms)
      std::exit(0);
    if (!std::strcmp(Mode, "main") && Elapsed >= Ms)
      break;
    if (!std::strcmp(Mode, "thread") && Elapsed >= Ms) {
      torch::cuda::synchronize();
      Trained.store(true);
      for (;;)
        pause();
    }
  }
  torch::cuda::synchronize();
  return 0;
}
