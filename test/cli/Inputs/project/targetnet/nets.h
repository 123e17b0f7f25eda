#pragma once
// Networks whose forward passes are defined in nets.cpp and run by the
// training steps of agent.cpp (test/cli/project-target-forward.test).
#include <torch/torch.h>

struct ValueNetImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &state);
  torch::nn::Linear fc{nullptr};
};

// Its forward differentiates its own output (forces from an energy).
struct ForceNetImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &pos);
  torch::nn::Linear fc{nullptr};
};
