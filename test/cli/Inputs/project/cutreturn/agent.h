#pragma once
// A DQN agent whose methods (agent.cpp) are called once per environment step
// and once per update by the training loop of train.cpp
// (test/cli/project-cut-return.test).
#include <torch/torch.h>
#include <utility>

struct QNetImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
struct QNet : torch::nn::ModuleHolder<QNetImpl> {
  using torch::nn::ModuleHolder<QNetImpl>::ModuleHolder;
};

class Agent {
  QNet online_{nullptr};
  QNet target_{nullptr};

public:
  torch::Tensor act(const torch::Tensor &obs);
  torch::Tensor score(const torch::Tensor &obs);
  std::pair<torch::Tensor, torch::Tensor> targets(const torch::Tensor &obs,
                                                  const torch::Tensor &next,
                                                  const torch::Tensor &reward);
  torch::Tensor lossOf(const torch::Tensor &obs, const torch::Tensor &y);
};
