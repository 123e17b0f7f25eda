// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A module whose forward opens its body with a guard that turns grad mode
// off (an actor-critic's `forward` that samples the action, its log-prob
// and the value under NoGradGuard) returns values without a graph: writing
// them per step into a rollout buffer keeps no graph. Called through the
// holder (`ac->forward(obs)`, `ac(obs)`) or on the module, and with the
// values taken apart by a structured binding or std::get. A forward whose
// guard covers only part of its body, or none, still returns a graph.

#include <torch/torch.h>

#include <tuple>

struct GuardedImpl : torch::nn::Module {
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &obs) {
    torch::NoGradGuard no_grad;
    auto a = pi->forward(obs);
    auto v = vf->forward(obs);
    return {a, v.to(torch::kCPU)};
  }
  torch::nn::Linear pi{nullptr}, vf{nullptr};
};
struct Guarded : torch::nn::ModuleHolder<GuardedImpl> {
  using ModuleHolder::ModuleHolder;
};

struct SingleImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &obs) {
    torch::NoGradGuard no_grad;
    return pi->forward(obs) * 2;
  }
  torch::nn::Linear pi{nullptr};
};
struct Single : torch::nn::ModuleHolder<SingleImpl> {
  using ModuleHolder::ModuleHolder;
};

// The guard covers a block, not the pass: the output carries a graph.
struct PartlyImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &obs) {
    torch::Tensor x;
    {
      torch::NoGradGuard no_grad;
      x = obs * 2;
    }
    return pi->forward(x);
  }
  torch::nn::Linear pi{nullptr};
};
struct Partly : torch::nn::ModuleHolder<PartlyImpl> {
  using ModuleHolder::ModuleHolder;
};

struct PlainImpl : torch::nn::Module {
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &obs) {
    return {pi->forward(obs), vf->forward(obs)};
  }
  torch::nn::Linear pi{nullptr}, vf{nullptr};
};
struct Plain : torch::nn::ModuleHolder<PlainImpl> {
  using ModuleHolder::ModuleHolder;
};

class Rollout {
public:
  void store(const torch::Tensor &act, const torch::Tensor &val) {
    act_[ptr_] = act;
    val_[ptr_] = val;
    ptr_ = (ptr_ + 1) % 2048;
  }
  torch::Tensor act_ = torch::zeros({2048, 6});
  torch::Tensor val_ = torch::zeros({2048});
  int ptr_ = 0;
};

void collectGuarded(Guarded &ac, Rollout &buf, torch::Tensor obs) {
  while (true) {
    auto [act, val] = ac->forward(obs);
    buf.store(act, val);
  }
}

void collectGuardedCall(Guarded &ac, Rollout &buf, torch::Tensor obs) {
  while (true) {
    auto out = ac(obs);
    buf.store(std::get<0>(out), std::get<1>(out));
  }
}

void collectSingle(Single &pol, GuardedImpl &raw, Rollout &buf,
                   torch::Tensor obs) {
  while (true) {
    buf.store(pol->forward(obs), pol(obs));
    auto out = raw.forward(obs);
    buf.store(std::get<0>(out), std::get<1>(out));
  }
}

void collectPartly(Partly &pol, Rollout &buf, torch::Tensor obs) {
  while (true) {
    auto act = pol->forward(obs);
    buf.store(act, torch::zeros({1}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'store', which writes it in place into 'Rollout::act_', chains every iteration's graph onto the history of 'Rollout::act_'; pass a detached tensor (.detach()) or call 'store' under a torch::NoGradGuard [gpuleak-retained-tensor]
  }
}

void collectPlain(Plain &pol, Rollout &buf, torch::Tensor obs) {
  while (true) {
    auto [act, val] = pol->forward(obs);
    buf.store(act, torch::zeros({1}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'store', which writes it in place into 'Rollout::act_', chains every iteration's graph onto the history of 'Rollout::act_'; pass a detached tensor (.detach()) or call 'store' under a torch::NoGradGuard [gpuleak-retained-tensor]
  }
}
