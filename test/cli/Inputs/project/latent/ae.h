#pragma once
// An autoencoder whose methods are defined in ae.cpp and run by the
// helpers of sim.cpp (test/cli/project-helper-assumed-forward.test).
#include <torch/torch.h>

struct AutoencoderImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x);
  torch::Tensor encode(const torch::Tensor &x);
  torch::Tensor size(const torch::Tensor &x);
  torch::nn::Linear enc{nullptr}, dec{nullptr};
};
