//===- p5_overhead.cpp - Detection cost on launch-bound (sub-ms) steps ----===//
//
//   gpuleak_p5_bench [SECONDS] [BLOCK_MS]   (GPU; default 24 10: about 2.5 min)
//
// Issue 13, part 3 (P5): the cost of detection on loops whose step is a few
// kernel launches, where a fixed cost per step shows most. A tiny MLP
// (Linear 64-128-128-10 with ReLU), batch 8:
//   fwd    forward only, under NoGradGuard (about 0.06 ms a step)
//   train  forward, MSE loss, backward, SGD step (about 0.5-0.8 ms a step)
// Modes, each against the loop alone ("off"), in the same process:
//   step   Monitor::step() every step, history off: one Monitor for the whole
//          run, so it runs far past the 4096-step bound of the step list
//   run    gpuleak run's sampler (gpuleak::Sampler, 5 ms samples, history
//          off), started before its phase and stopped after, with 20 ms
//          intervals instead of 250 so that each short phase holds interval
//          boundaries (12.5 times the default's boundary work: an upper bound)
//   aa     the run mode's rounds with no sampler in either phase: the null
//          (an A/A control; its interval must hold 0)
//
// The GPU machine's speed moves in bursts: on the H200 of 2026-12-02 a block
// took 15 ms for seconds, then 30 ms for a second, and phases 0.4 s apart
// differed by 10% (per-round sd) while blocks 20 ms apart agreed. So the time
// is cut into short blocks of BLOCK_MS (the steps of a block are fixed per
// workload), each timed from a device sync to a device sync on the host clock
// (a launch-bound step is host time), and compared only with blocks close by.
// A round is two phases, on and off, their order alternating from round to
// round so that a linear drift cancels. step: each phase is one block, no
// pause between. run, aa: each phase first runs the workload untimed for 70
// ms, in which the sampler starts (its 50 ms wait for the allocator, the
// Monitor's creation), then 4 timed blocks; the sampler's stop (joining the
// thread, the Monitor's final report) comes after them. Start and stop are
// once per process in `gpuleak run`; their cost is printed apart (stop_ms),
// not spread over the steps, and intervals_per_phase (the intervals the
// phase's sampler closed, from its report) shows that it sampled.
//
// A round's ratio is the sum of its on blocks over the sum of its off blocks
// (every block counts: a rare slow step caused by the sampler is kept). The
// cost is the median of the round ratios minus 1, with a 95% percentile
// bootstrap interval of that median (4000 resamples of the rounds, fixed
// seed); the mean ratio and its 1.96-standard-error interval are printed as
// well, and the same median and interval of a robust variant whose round
// ratio is the median on block over the median off block. Rounds run until
// their time is spent: per workload, step SECONDS/2, run SECONDS*2, aa
// SECONDS/2. P5_RAW=FILE writes every block (workload mode round on block ms).
// Output:
//   p5 <workload> <mode> off_ms=<ms/step> on_ms=<ms/step> cost=<median>
//      ci95=[<lo>,<hi>] mean=<mean>±<ci> rounds=<n> blocks=<K>x<steps> p5=<verdict>
//      block_medians: cost=<median> ci95=[<lo>,<hi>] [stop_ms=.. intervals_per_phase=..]
// verdict: met (interval's top <= 2%), missed (its bottom > 2%) or unresolved;
// and the bare cost of Monitor::step (empty loop body) before and after the
// bound:
//   p5 monitor-step below-bound us_per_step=<..> past-bound us_per_step=<..>
//
// P5_DEVICE=cpu runs the same on the CPU (no GPU: the Monitor and the sampler
// then do nothing); it checks this program, not the cost.
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
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

using Clock = std::chrono::steady_clock;

namespace {
const bool OnCpu = std::getenv("P5_DEVICE") && std::strcmp(std::getenv("P5_DEVICE"), "cpu") == 0;

void sync() {
  if (!OnCpu)
    torch::cuda::synchronize();
}

double msSince(Clock::time_point T0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - T0).count();
}

struct Net {
  torch::Device Dev = OnCpu ? torch::Device(torch::kCPU) : torch::Device(torch::kCUDA);
  torch::nn::Sequential M{torch::nn::Linear(64, 128), torch::nn::ReLU(),
                          torch::nn::Linear(128, 128), torch::nn::ReLU(),
                          torch::nn::Linear(128, 10)};
  std::unique_ptr<torch::optim::SGD> Opt;
  torch::Tensor X, Y;
  Net() {
    M->to(Dev);
    Opt = std::make_unique<torch::optim::SGD>(M->parameters(), torch::optim::SGDOptions(1e-3));
    X = torch::randn({8, 64}, Dev);
    Y = torch::randn({8, 10}, Dev);
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
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  const size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

double percentile(std::vector<double> &Sorted, double P) {
  const double Pos = P * static_cast<double>(Sorted.size() - 1);
  const size_t Lo = static_cast<size_t>(std::floor(Pos));
  const size_t Hi = std::min(Sorted.size() - 1, Lo + 1);
  return Sorted[Lo] + (Sorted[Hi] - Sorted[Lo]) * (Pos - static_cast<double>(Lo));
}

struct Summary {
  double Median = 0, Lo = 0, Hi = 0, Mean = 0, MeanCi = 0;
};

/// The median of the ratios with a percentile bootstrap interval, and the
/// mean with its normal interval.
Summary summarize(const std::vector<double> &R) {
  Summary S;
  const size_t N = R.size();
  if (N == 0)
    return S;
  S.Median = median(R);
  for (double X : R)
    S.Mean += X;
  S.Mean /= static_cast<double>(N);
  double Var = 0;
  for (double X : R)
    Var += (X - S.Mean) * (X - S.Mean);
  Var /= static_cast<double>(std::max<size_t>(1, N - 1));
  S.MeanCi = 1.96 * std::sqrt(Var / static_cast<double>(N));
  std::mt19937_64 Rng(20261202);
  std::uniform_int_distribution<size_t> Pick(0, N - 1);
  std::vector<double> Medians, Sample(N);
  const int Resamples = 4000;
  for (int B = 0; B < Resamples; ++B) {
    for (size_t I = 0; I < N; ++I)
      Sample[I] = R[Pick(Rng)];
    Medians.push_back(median(Sample));
  }
  std::sort(Medians.begin(), Medians.end());
  S.Lo = percentile(Medians, 0.025);
  S.Hi = percentile(Medians, 0.975);
  return S;
}

gpuleak::MonitorOptions quiet(const std::string &Name) {
  gpuleak::MonitorOptions O;
  O.output = "/tmp/gpuleak-p5-" + Name;
  O.print_summary = false;
  O.history = gpuleak::HistoryPolicy::Off;
  O.write_snapshot = false;
  return O;
}

// The sampler's interval in the bench: 20 ms instead of gpuleak run's 250,
// so that every short "on" phase holds interval boundaries (12.5 times the
// boundary work of the default: an upper bound).
const long RunIntervalMs = 20;

std::string samplerReport(const char *Work) { return "/tmp/gpuleak-p5-run-" + std::string(Work) + ".json"; }

/// steps_total of the report a phase's sampler wrote: the intervals it
/// closed, which says it sampled during the phase.
double stepsTotal(const std::string &Path) {
  FILE *F = std::fopen(Path.c_str(), "r");
  if (!F)
    return -1;
  std::string Text;
  char Buf[4096];
  size_t N;
  while ((N = std::fread(Buf, 1, sizeof Buf, F)) > 0)
    Text.append(Buf, N);
  std::fclose(F);
  const size_t At = Text.find("\"steps_total\":");
  return At == std::string::npos ? -1 : std::atof(Text.c_str() + At + 14);
}

enum class Mode { Step, Run, AA };
const char *name(Mode M) { return M == Mode::Step ? "step" : M == Mode::Run ? "run" : "aa"; }

/// One case: rounds of an on and an off phase until Seconds are spent.
void measure(const char *Work, const std::function<void()> &Body, int BlockSteps, Mode M,
             double Seconds, gpuleak::Monitor &StepMonitor) {
  const bool Phased = M != Mode::Step; // untimed warm work and K=4
  const int K = Phased ? 4 : 1;
  const double WarmMs = Phased ? 70 : 0;
  std::vector<double> Ratios, MedianRatios, OnMs, OffMs, StopMs, Intervals;
  std::vector<double> Blocks[2]; // this round's block times, [off, on]
  static FILE *Raw = std::getenv("P5_RAW") ? std::fopen(std::getenv("P5_RAW"), "w") : nullptr;
  const auto Start = Clock::now();
  for (int R = 0; msSince(Start) < Seconds * 1000 || R < 4; ++R) {
    double Sum[2] = {0, 0}; // [off, on]
    Blocks[0].clear();
    Blocks[1].clear();
    for (int Ph = 0; Ph < 2; ++Ph) {
      const bool On = (Ph == 0) == (R % 2 == 0);
      std::unique_ptr<gpuleak::Sampler> Samp;
      if (On && M == Mode::Run) {
        std::remove(samplerReport(Work).c_str());
        gpuleak::SamplerOptions SO;
        SO.monitor = quiet(std::string("run-") + Work);
        SO.interval_ms = RunIntervalMs;
        Samp = std::make_unique<gpuleak::Sampler>(SO);
      }
      const auto W0 = Clock::now();
      while (msSince(W0) < WarmMs)
        Body();
      for (int B = 0; B < K; ++B) {
        sync();
        const auto T0 = Clock::now();
        if (On && M == Mode::Step) {
          for (int I = 0; I < BlockSteps; ++I) {
            auto S = StepMonitor.step("loop");
            Body();
          }
        } else {
          for (int I = 0; I < BlockSteps; ++I)
            Body();
        }
        sync();
        const double Ms = msSince(T0);
        Sum[On] += Ms;
        Blocks[On].push_back(Ms);
        if (Raw)
          std::fprintf(Raw, "%s %s %d %d %d %.6f\n", Work, name(M), R, On ? 1 : 0, B, Ms);
      }
      if (Samp) {
        const auto S0 = Clock::now();
        Samp.reset();
        StopMs.push_back(msSince(S0));
        Intervals.push_back(stepsTotal(samplerReport(Work)));
      }
    }
    Ratios.push_back(Sum[1] / Sum[0]);
    MedianRatios.push_back(median(Blocks[1]) / median(Blocks[0]));
    OffMs.push_back(Sum[0] / (K * BlockSteps));
    OnMs.push_back(Sum[1] / (K * BlockSteps));
  }
  const Summary S = summarize(Ratios), B = summarize(MedianRatios);
  const char *Verdict = S.Hi - 1 <= 0.02 ? "met" : S.Lo - 1 > 0.02 ? "missed" : "unresolved";
  std::printf("p5 %s %s off_ms=%.4f on_ms=%.4f cost=%+.2f%% ci95=[%+.2f%%,%+.2f%%] "
              "mean=%+.2f%%±%.2f%% rounds=%zu blocks=%dx%d p5=%s",
              Work, name(M), median(OffMs), median(OnMs), 100 * (S.Median - 1),
              100 * (S.Lo - 1), 100 * (S.Hi - 1), 100 * (S.Mean - 1), 100 * S.MeanCi,
              Ratios.size(), K, BlockSteps, M == Mode::AA ? "(control)" : Verdict);
  std::printf(" block_medians: cost=%+.2f%% ci95=[%+.2f%%,%+.2f%%]", 100 * (B.Median - 1),
              100 * (B.Lo - 1), 100 * (B.Hi - 1));
  if (!StopMs.empty())
    std::printf(" stop_ms=%.1f intervals_per_phase=%.0f", median(StopMs), median(Intervals));
  std::printf("\n");
  std::fflush(stdout);
  if (Raw)
    std::fflush(Raw);
}
} // namespace

int main(int argc, char **argv) {
  const double Seconds = argc > 1 ? std::atof(argv[1]) : 24;
  const double BlockMs = argc > 2 ? std::atof(argv[2]) : 10;
  Net N;
  for (int I = 0; I < 200; ++I)
    N.train();
  sync();

  // The bare cost of a step boundary, below and past the step list's bound.
  {
    gpuleak::Monitor M(quiet("bare"));
    const int Bound = 4096, Past = 40000;
    auto T0 = Clock::now();
    for (int I = 0; I < Bound; ++I) {
      auto S = M.step("bare");
    }
    const double Below = 1000 * msSince(T0) / Bound;
    T0 = Clock::now();
    for (int I = Bound; I < Past; ++I) {
      auto S = M.step("bare");
    }
    const double After = 1000 * msSince(T0) / (Past - Bound);
    std::printf("p5 monitor-step below-bound us_per_step=%.3f past-bound us_per_step=%.3f "
                "(steps %d-%d)\n", Below, After, Bound, Past);
    std::fflush(stdout);
  }

  for (const char *Work : {"fwd", "train"}) {
    const bool Fwd = std::string(Work) == "fwd";
    std::function<void()> Body = [&N, Fwd] { Fwd ? N.fwd() : N.train(); };
    // Steps per block: BLOCK_MS at the loop's own pace, measured warm.
    for (int I = 0; I < 100; ++I)
      Body();
    sync();
    const auto T0 = Clock::now();
    int Calib = 0;
    while (msSince(T0) < 300) {
      Body();
      ++Calib;
    }
    sync();
    const int BlockSteps =
        std::max(1, static_cast<int>(std::lround(BlockMs / (msSince(T0) / Calib))));
    gpuleak::Monitor StepMonitor(quiet(std::string("step-") + Work));
    measure(Work, Body, BlockSteps, Mode::Step, Seconds / 2, StepMonitor);
    measure(Work, Body, BlockSteps, Mode::Run, Seconds * 2, StepMonitor);
    measure(Work, Body, BlockSteps, Mode::AA, Seconds / 2, StepMonitor);
  }
  return 0;
}
