#pragma once
#include <torch/torch.h>
// A module whose methods other than forward are defined in b.cpp.
struct GenImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x);
  torch::Tensor generate(const torch::Tensor &x, int steps);
  torch::Tensor describe(const torch::Tensor &x);
  torch::nn::Linear head{nullptr};
};
