#pragma once
// Functions that are not module methods, defined in infer.cpp and called
// from main.cpp (test/cli/project-index-helpers.test).
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

torch::Tensor predict(Net &net, const torch::Tensor &x);
torch::Tensor trainStep(Net &net, const torch::Tensor &x);
torch::Tensor guarded(Net &net, const torch::Tensor &x);
torch::Tensor scale(const torch::Tensor &x);
long classify(Net &net, const torch::Tensor &x);

class Agent {
public:
  explicit Agent(Net &net) : net_(net) {}
  torch::Tensor act(const torch::Tensor &obs);

private:
  Net &net_;
};
