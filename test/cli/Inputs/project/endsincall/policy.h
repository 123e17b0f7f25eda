#pragma once
#include <torch/torch.h>

struct StepResult {
  torch::Tensor obs, rewards;
};
// vec_env.cpp: moves its agents by the actions it is handed.
struct VecEnv {
  torch::Tensor reset();
  StepResult step(const torch::Tensor &actions);
  torch::Tensor pos_;
};

struct PolicyImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &obs); // policy.cpp
  // Greedy ids: the graph of the pass ends here.
  torch::Tensor sample(const torch::Tensor &obs) { return forward(obs).argmax(-1); }
  torch::nn::Linear pi{nullptr};
};
struct Policy : torch::nn::ModuleHolder<PolicyImpl> {
  using ModuleHolder<PolicyImpl>::ModuleHolder;
};

struct RecurrentImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &obs); // policy.cpp: keeps its state
  torch::Tensor sample(const torch::Tensor &obs) { return forward(obs).argmax(-1); }
  torch::nn::Linear pi{nullptr};
  torch::Tensor hidden_;
};
struct Recurrent : torch::nn::ModuleHolder<RecurrentImpl> {
  using ModuleHolder<RecurrentImpl>::ModuleHolder;
};

struct Evaluator {
  double score_episode(Policy &policy, VecEnv &env);
  double rollout_return(Policy &policy, VecEnv &env);
  double score_recurrent(Recurrent &policy, VecEnv &env);
};
