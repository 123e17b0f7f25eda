#pragma once
// A Q-network whose methods are defined in qnet.cpp and run by the training
// loops of loop.cpp (test/cli/project-acting-loop.test).
#include <torch/torch.h>

struct QNetImpl : torch::nn::Module {
  torch::Tensor Score(const torch::Tensor &obs);
  torch::Tensor Refit(const torch::Tensor &obs, const torch::Tensor &target);
  torch::nn::Linear fc{nullptr};
};
struct QNet : torch::nn::ModuleHolder<QNetImpl> {
  using torch::nn::ModuleHolder<QNetImpl>::ModuleHolder;
};
