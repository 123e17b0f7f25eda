#pragma once
// A PPO trainer's parts, each defined in a file of its own
// (test/cli/project-update-loss.test): an environment, a rollout storage
// written in place, a policy whose evaluate() runs a forward pass, and a
// metrics logger whose record() keeps what it is given.
#include <torch/torch.h>

#include <vector>

struct Env {
  torch::Tensor reset();
  torch::Tensor step(const torch::Tensor &actions);
};

struct Storage {
  explicit Storage(long horizon);
  void insert(const torch::Tensor &o, const torch::Tensor &r);
  torch::Tensor obs, rewards;
  long step_ = 0;
};

struct Policy : torch::nn::Module {
  torch::Tensor act(const torch::Tensor &obs);
  torch::Tensor evaluate(const torch::Tensor &obs);
  torch::Tensor evaluate_detached(const torch::Tensor &obs);
  torch::nn::Linear fc{nullptr};
};

struct Metrics {
  void record(const torch::Tensor &value);
  std::vector<torch::Tensor> history_;
};
