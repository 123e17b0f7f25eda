// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// The action of a module whose forward opens its body with a guard that
// turns grad mode off carries no graph: the observation an environment
// returns for it, carried into the next step, carries none either. An
// unguarded forward's action does (the environment is defined in another
// file and assumed to pass its argument's graph on).

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

struct PlainImpl : torch::nn::Module {
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &obs) {
    return {pi->forward(obs), vf->forward(obs)};
  }
  torch::nn::Linear pi{nullptr}, vf{nullptr};
};
struct Plain : torch::nn::ModuleHolder<PlainImpl> {
  using ModuleHolder::ModuleHolder;
};

struct Env {
  torch::Tensor step(const torch::Tensor &action);
};

void rollout(Guarded &ac, Env &env, torch::Tensor obs) {
  while (true) {
    auto [act, val] = ac->forward(obs);
    obs = env.step(act);
  }
}

void rolloutCall(Guarded &ac, Env &env, torch::Tensor obs) {
  for (int t = 0; t < 1000; ++t) {
    auto out = ac(obs);
    obs = env.step(std::get<0>(out));
  }
}

void rolloutPlain(Plain &pol, Env &env, torch::Tensor obs) {
  while (true) {
    auto [act, val] = pol->forward(obs);
    obs = env.step(act);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'obs' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-2]]:11: note: assuming 'step', defined in another file, returns its argument's graph
    // CHECK-MESSAGES: :[[@LINE-4]]:23: note: the graph it keeps reachable is built here, from the carried value
  }
}
