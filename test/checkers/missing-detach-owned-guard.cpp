// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A state carried under a guard held through an owner carries no graph
// (missing-no-grad-owned-guard.cpp has the kinds of owner; new-user trial
// nu23).

#include <memory>
#include <optional>
#include <torch/torch.h>

struct Rnn : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x, const torch::Tensor &h) { return h; }
};

double negativeUniqueGuard(Rnn &rnn, torch::Tensor x, int n) {
  auto guard = std::make_unique<torch::NoGradGuard>();
  torch::Tensor h = torch::zeros({1});
  double s = 0;
  for (int i = 0; i < n; ++i) {
    h = rnn.forward(x, h);
    s += h.sum().item<double>();
  }
  return s;
}

double negativeOptionalEmplaced(Rnn &rnn, torch::Tensor x, int n) {
  std::optional<c10::InferenceMode> mode;
  mode.emplace();
  torch::Tensor h = torch::zeros({1});
  double s = 0;
  for (int i = 0; i < n; ++i) {
    h = rnn.forward(x, h);
    s += h.sum().item<double>();
  }
  return s;
}

double positiveEmptyOwner(Rnn &rnn, torch::Tensor x, int n) {
  std::unique_ptr<torch::NoGradGuard> guard;
  torch::Tensor h = torch::zeros({1});
  double s = 0;
  for (int i = 0; i < n; ++i) {
    h = rnn.forward(x, h);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'h' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-2]]:9: note: the graph it keeps reachable is built here, from the carried value
    s += h.sum().item<double>();
  }
  return s;
}
