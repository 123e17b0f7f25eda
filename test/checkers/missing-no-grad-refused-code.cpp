// RUN: not %gpuleak_tidy %s -checks='-*,gpuleak-missing-no-grad' --quiet -- -std=c++17 %mocks 2>&1 | FileCheck %s --implicit-check-not='warning:'
// RUN: not %plugin_tidy %s -checks='-*,gpuleak-missing-no-grad' --quiet -- -std=c++17 %mocks 2>&1 | FileCheck %s --implicit-check-not='warning:'

// A forward pass whose output reaches code that clang refused: the
// backward pass of lenLRX/PytorchCppCodes `MiniEnv.cpp:250`,
// `loss.backward(torch::nullopt, true)`, an old signature that clang
// keeps as a RecoveryExpr, so `ppo_train`'s new-policy forward (`:213`)
// looked like inference (a false finding). Whether that output is trained
// on is unknown: not reported. A pass whose values never reach the refused
// code (cut by `detach()` first, or an error elsewhere) is judged as before.

#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <optional>

struct ActorCritic : torch::nn::Module {
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x) {
    return {fc->forward(x), fc->forward(x)};
  }
  torch::nn::Linear fc{nullptr};
};

void negativeRefusedBackward(std::shared_ptr<ActorCritic> model,
                             std::shared_ptr<ActorCritic> old_model,
                             const torch::Tensor &states, const torch::Tensor &reward) {
  auto new_out = model->forward(states);
  torch::Tensor new_prob = new_out.first.softmax(1);
  torch::Tensor new_value = new_out.second.view({-1});
  // The old policy's output reaches the loss only through detach(): its
  // graph is dropped unused, as the fourteenth set labels `MiniEnv.cpp:217`.
  auto old_out = old_model->forward(states);
  // CHECK: :[[@LINE-1]]:18: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  torch::Tensor old_prob = old_out.first.softmax(1).detach();
  torch::Tensor ratio = new_prob * old_prob;
  torch::Tensor actor_loss = -(ratio * reward).mean();
  torch::Tensor critic_loss = ((reward - new_value) * (reward - new_value)).mean();
  torch::Tensor loss = actor_loss;
  loss += critic_loss;
  loss.backward(std::nullopt, true);
  // CHECK: :[[@LINE-1]]:17: error: no viable conversion from 'const nullopt_t' to 'const Tensor'
}

void undeclaredHelper(int);

// An error that the pass's values never reach: the rules apply as before.
void positiveUnrelatedError(std::shared_ptr<ActorCritic> model, const torch::Tensor &x) {
  auto out = model->forward(x);
  // CHECK: :[[@LINE-1]]:14: warning: forward pass runs with grad mode on, on an inference path{{.*}} [gpuleak-missing-no-grad]
  std::cout << out.first.argmax(1).item<int64_t>() << "\n";
  undeclaredHelper("steps");
  // CHECK: :[[@LINE-1]]:3: error: no matching function for call to 'undeclaredHelper'
}
