#pragma once
// An actor whose get_action() (model.cpp) runs a forward pass, and a
// rollout buffer whose append() (buffer.cpp) keeps what it is given
// (test/cli/project-rollout-buffer.test).
#include <torch/torch.h>

#include <vector>

struct Actor : torch::nn::Module {
  torch::Tensor get_action(const torch::Tensor &state);
  torch::nn::Linear fc{nullptr};
};

class Buffer {
public:
  void append(const torch::Tensor &t);
  void merge(const Buffer &other);

private:
  std::vector<torch::Tensor> items_;
};
