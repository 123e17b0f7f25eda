#pragma once
// Functions that take a callable, defined in sweep.cpp and handed lambdas
// that run a forward pass in main.cpp (test/cli/project-index-invokes.test).
#include <torch/torch.h>
#include <deque>
#include <functional>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

using TensorFn = std::function<torch::Tensor(const torch::Tensor &)>;

torch::Tensor sweepGuarded(int n, const TensorFn &forward);
torch::Tensor sweepPlain(int n, const TensorFn &forward);
void schedule(std::function<void()> task);
