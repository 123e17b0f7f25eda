//===- step_list.cpp - Per-step cost of the report's bounded step list ----===//
//
//   gpuleak_step_list_bench [STEPS] [CAPACITY]     (CPU only; default 50000 4096)
//
// Monitor::step records every step in its loop's bounded step list (the
// report's `steps`: the first 16 steps and the most recent ones). Before issue
// 13 that list was a vector that erased its 17th element on every step past
// the bound, moving the whole list; now it is gpuleak::BoundedSteps, a ring.
// Both are run here side by side, interleaved in blocks of 1000 steps so the
// machine's noise falls on both alike, past the bound, and the per-step cost
// is printed for the steps before the bound and the steps after it:
//
//   step-list before=<ns> after=<ns> steps=<range>  ratio=<before/after>
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Report.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {
using Clock = std::chrono::steady_clock;

/// The list as it was before issue 13 (Monitor.cpp, recordStep).
struct VectorSteps {
  size_t Keep;
  std::vector<gpuleak::StepStats> Steps;
  void push(const gpuleak::StepStats &S) {
    if (Steps.size() >= Keep)
      Steps.erase(Steps.begin() + 16); // keep the first 16 steps
    Steps.push_back(S);
  }
};

template <typename List> double pushBlock(List &L, int64_t From, int64_t To) {
  const auto T0 = Clock::now();
  for (int64_t I = From; I < To; ++I) {
    gpuleak::StepStats S;
    S.step = I;
    S.allocated = static_cast<uint64_t>(I);
    L.push(S);
  }
  return std::chrono::duration<double, std::nano>(Clock::now() - T0).count();
}
} // namespace

int main(int argc, char **argv) {
  const int64_t Steps = argc > 1 ? std::atoll(argv[1]) : 50000;
  const size_t Capacity = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 4096;
  const int64_t Block = 1000;
  VectorSteps Before{std::max<size_t>(32, Capacity), {}};
  gpuleak::BoundedSteps After(Capacity, 16);
  double NsBefore[2] = {0, 0}, NsAfter[2] = {0, 0};
  int64_t N[2] = {0, 0};
  const int64_t Bound = static_cast<int64_t>(After.capacity());
  int64_t BlockNo = 0;
  for (int64_t From = 0; From < Steps; ++BlockNo) {
    int64_t To = std::min(Steps, From + Block);
    if (From < Bound)
      To = std::min(To, Bound); // no block spans the bound
    const int Phase = From >= Bound ? 1 : 0;
    // Alternate which list goes first in a block.
    if (BlockNo % 2 == 0) {
      NsBefore[Phase] += pushBlock(Before, From, To);
      NsAfter[Phase] += pushBlock(After, From, To);
    } else {
      NsAfter[Phase] += pushBlock(After, From, To);
      NsBefore[Phase] += pushBlock(Before, From, To);
    }
    N[Phase] += To - From;
    From = To;
  }
  // Both lists must hold the same steps, or the comparison means nothing.
  const std::vector<gpuleak::StepStats> V = After.toVector();
  bool Same = V.size() == Before.Steps.size();
  for (size_t K = 0; Same && K < V.size(); ++K)
    Same = V[K].step == Before.Steps[K].step;
  const char *Names[2] = {"below-bound", "past-bound"};
  for (int P = 0; P < 2; ++P) {
    if (!N[P])
      continue;
    const double B = NsBefore[P] / N[P], A = NsAfter[P] / N[P];
    std::printf("step-list %s steps=%lld capacity=%zu before_ns_per_step=%.1f "
                "after_ns_per_step=%.1f before/after=%.1fx\n",
                Names[P], static_cast<long long>(N[P]), After.capacity(), B, A,
                A > 0 ? B / A : 0.0);
  }
  std::printf("step-list same_steps_kept=%s\n", Same ? "yes" : "NO");
  return Same ? 0 : 1;
}
