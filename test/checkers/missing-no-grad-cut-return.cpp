// RUN: %check_tidy %s gpuleak-missing-no-grad %t -config="{CheckOptions: {GpuleakIndex: project}}" -- -std=c++17 %mocks

// Under `gpuleak check` (GpuleakIndex: project), a function whose results
// leave the file (no caller here) is an inference path by rule 3 only if the
// project never trains, settled after the last file. A pass whose every use
// is a cut (returned detach()ed, read through argmax) is one by rule 4
// wherever it is: that proof is tried first, so the finding does not rest on
// the project (no "assuming no code of the project runs a backward pass"
// note), and it is not hidden by a finding of the same block that does.

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
  std::pair<torch::Tensor, torch::Tensor> targets(const torch::Tensor &obs,
                                                  const torch::Tensor &next,
                                                  const torch::Tensor &reward);
  torch::Tensor score(const torch::Tensor &obs);
  torch::Tensor lossOf(const torch::Tensor &obs, const torch::Tensor &y);
  void update(torch::optim::Adam &opt, const torch::Tensor &obs);
};

// The acting step of a training loop in another file: cut before it leaves.
torch::Tensor Agent::act(const torch::Tensor &obs) {
  return online_->forward(obs.to(c10::kCUDA)).detach().to(c10::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:22: note: assuming some call of 'act' in another file runs with grad mode on
  // CHECK-MESSAGES: :[[@LINE-4]]:22: note: 'act' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
}

// Double DQN targets: the first pass is returned (a finding only if the
// project never trains, settled later), the online pass on the next state
// is detached at once and read only through argmax (a finding whatever the
// project does).
std::pair<torch::Tensor, torch::Tensor>
Agent::targets(const torch::Tensor &obs, const torch::Tensor &next,
               const torch::Tensor &reward) {
  torch::Tensor predicted = online_->forward(obs);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-4]]:8: note: assuming some call of 'targets' in another file runs with grad mode on
  // CHECK-MESSAGES: :[[@LINE-5]]:8: note: assuming no code of the project runs a backward pass: 'targets' hands its results to code in other files or threads
  torch::Tensor bootstrap = target_->forward(next);
  torch::Tensor chosen = online_->forward(next).detach();
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-9]]:8: note: assuming some call of 'targets' in another file runs with grad mode on
  // CHECK-MESSAGES: :[[@LINE-3]]:26: note: its output is read only through values that carry no graph
  torch::Tensor target = reward + 0.99 * bootstrap * chosen.argmax(1);
  return std::pair(predicted, target);
}

// Returned to a caller of this file that trains on it: not reported.
torch::Tensor Agent::score(const torch::Tensor &obs) {
  return online_->forward(obs);
}

// Its output reaches the loss it returns to a caller that trains.
torch::Tensor Agent::lossOf(const torch::Tensor &obs, const torch::Tensor &y) {
  return torch::mse_loss(online_->forward(obs), y);
}

void Agent::update(torch::optim::Adam &opt, const torch::Tensor &obs) {
  torch::Tensor loss = torch::mse_loss(score(obs), obs) + lossOf(obs, obs);
  loss.backward();
  opt.step();
}
