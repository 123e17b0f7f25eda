// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A name of a structured binding by value (`auto [logits, value] =
// heads(obs)`) is a part of a local variable: a value assigned to it
// (`logits = logits / t`) stays in the call, as one assigned to any local
// does. The method below still returns only `argmax` ids, so its graph ends
// in it (missing-no-grad-ends-in-call.cpp). Before, the assignment was taken
// for a store that outlives the call (the eighteenth labelled set's
// danielvegamyhre/gpt-cpp `GPT::generate`, whose summary said `keeps_graph`).
// Negative: a binding by reference to a member (`auto &[h, c] = state_`)
// names the member: the graph assigned to it is kept.

#include <torch/torch.h>

#include <tuple>

// Defined in another file.
struct VecEnv {
  torch::Tensor reset();
  torch::Tensor step(const torch::Tensor &actions);
};

struct PolicyImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &obs) { return pi->forward(obs); }
  std::tuple<torch::Tensor, torch::Tensor> heads(const torch::Tensor &obs) {
    auto out = forward(obs);
    return {out, out.mean()};
  }
  torch::Tensor sampleTempered(const torch::Tensor &obs) {
    auto [logits, value] = heads(obs);
    logits = logits / 0.7;
    return logits.argmax(-1);
  }
  torch::Tensor sampleKeepingState(const torch::Tensor &obs) {
    auto &[h, c] = state_;
    h = forward(obs);
    return h.argmax(-1);
  }
  torch::nn::Linear pi{nullptr};
  std::tuple<torch::Tensor, torch::Tensor> state_;
};
struct Policy : torch::nn::ModuleHolder<PolicyImpl> {
  using ModuleHolder<PolicyImpl>::ModuleHolder;
};

void positiveActing(Policy &policy, VecEnv &env, torch::optim::Optimizer &opt,
                    const torch::Tensor &batch) {
  auto obs = env.reset();
  for (int step = 0; step < 1000; ++step) {
    auto actions = policy->sampleTempered(obs);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :30:28: note: 'sampleTempered' runs a forward pass here
    // CHECK-MESSAGES: :[[@LINE-3]]:20: note: 'sampleTempered' returns only values cut from its forward pass's graph and keeps none of it, so no backward pass can use the graph
    obs = env.step(actions);
    auto loss = policy->forward(batch).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

void negativeStateKept(Policy &policy, VecEnv &env, torch::optim::Optimizer &opt,
                       const torch::Tensor &batch) {
  auto obs = env.reset();
  for (int step = 0; step < 1000; ++step) {
    auto actions = policy->sampleKeepingState(obs);
    obs = env.step(actions);
    auto loss = policy->forward(batch).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}
