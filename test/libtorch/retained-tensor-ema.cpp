// An exponential moving average of a model's weights written in place with
// grad mode on: each write records a node on the shadow tensor's history,
// chained to the last one, so the history grows by one node per step
// (new-user trial nu23, train.cpp:206, :232, :242, :252, all missed). The
// weight is a leaf that requires grad: an element of `parameters()` or a
// layer's `weight` named through the module (`net->fc1->weight`). Written
// by `add_(p, alpha)`, `lerp_(p, w)`, after a chained `mul_(decay)`.
// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %torch_flags

#include <torch/torch.h>

#include <vector>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc1 = register_module("fc1", torch::nn::Linear(4, 8)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc1->forward(x); }
  torch::nn::Linear fc1{nullptr};
};
TORCH_MODULE(Net);

void positiveChainedMul(Net net, Net ema, int steps) {
  auto params = net->parameters();
  auto shadow = ema->parameters();
  for (int s = 0; s < steps; ++s)
    for (size_t i = 0; i < params.size(); ++i)
      shadow[i].mul_(0.999).add_(params[i] * 0.001);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: accumulating a tensor that carries autograd history into 'shadow' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
      // CHECK-MESSAGES: :[[@LINE-2]]:34: note: the graph it keeps alive is built here
}

void positiveLayerWeight(Net net, int steps) {
  torch::Tensor ema_w = torch::zeros_like(net->fc1->weight);
  for (int s = 0; s < steps; ++s)
    ema_w.add_(net->fc1->weight * 0.001);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'ema_w' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:16: note: the graph it keeps alive is built here
}

void positiveLerp(Net net, int steps) {
  auto params = net->parameters();
  std::vector<torch::Tensor> shadow;
  for (auto &p : params)
    shadow.push_back(torch::zeros_like(p));
  for (int s = 0; s < steps; ++s)
    for (size_t i = 0; i < params.size(); ++i)
      shadow[i].lerp_(params[i], 0.001);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: accumulating a tensor that carries autograd history into 'shadow' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
      // CHECK-MESSAGES: :[[@LINE-2]]:7: note: the graph it keeps alive is built here
}

void positiveAlpha(Net net, int steps) {
  auto params = net->parameters();
  std::vector<torch::Tensor> shadow;
  for (auto &p : params)
    shadow.push_back(torch::zeros_like(p));
  for (int s = 0; s < steps; ++s)
    for (size_t i = 0; i < params.size(); ++i)
      shadow[i].add_(params[i], 0.001);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: accumulating a tensor that carries autograd history into 'shadow' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
      // CHECK-MESSAGES: :[[@LINE-2]]:7: note: the graph it keeps alive is built here
}

// The same under a guard, or of detached weights: no history.
void negativeGuarded(Net net, Net ema, int steps) {
  auto params = net->parameters();
  auto shadow = ema->parameters();
  for (int s = 0; s < steps; ++s) {
    torch::NoGradGuard no_grad;
    for (size_t i = 0; i < params.size(); ++i) {
      shadow[i].mul_(0.999).add_(params[i] * 0.001);
      shadow[i].lerp_(params[i], 0.001);
      shadow[i].add_(params[i], 0.001);
    }
  }
}

void negativeDetached(Net net, int steps) {
  auto params = net->parameters();
  std::vector<torch::Tensor> shadow;
  for (auto &p : params)
    shadow.push_back(torch::zeros_like(p));
  torch::Tensor ema_w = torch::zeros_like(net->fc1->weight);
  for (int s = 0; s < steps; ++s) {
    for (size_t i = 0; i < params.size(); ++i)
      shadow[i].lerp_(params[i].detach(), 0.001);
    ema_w.add_(net->fc1->weight.detach() * 0.001);
  }
}

// Reading the weights into a number keeps nothing.
double negativeReadOnly(Net net, int steps) {
  double norm = 0;
  for (int s = 0; s < steps; ++s)
    norm += net->fc1->weight.norm().item<double>();
  return norm;
}
