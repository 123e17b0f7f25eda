// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A destination that gets either its own old value back or a new one holds
// one graph at a time: a copy of the old value is not an accumulation.

#include <torch/torch.h>

#include <vector>

// The best output so far: kept, or replaced by this iteration's.
void negativeBestSoFar(torch::nn::Linear &model, const std::vector<torch::Tensor> &xs) {
  torch::Tensor best;
  double bestScore = 1e9;
  for (const auto &x : xs) {
    auto out = model->forward(x);
    double score = out.sum().item<double>();
    best = score < bestScore ? out : best;
    bestScore = std::min(bestScore, score);
  }
  (void)best.sizes();
}

// The same destination combined with the new value is an accumulation.
void positiveSummed(torch::nn::Linear &model, const std::vector<torch::Tensor> &xs) {
  torch::Tensor total = torch::zeros({1});
  for (const auto &x : xs) {
    auto out = model->forward(x);
    total = total + out;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'total' keeps every iteration's graph alive; accumulate a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:16: note: the graph it keeps alive is built here
  }
  (void)total.sizes();
}
