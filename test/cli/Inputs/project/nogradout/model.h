#pragma once
// A model whose methods are defined in model.cpp and called under a
// NoGradGuard by the serving loops of server.cpp
// (test/cli/project-nograd-output.test).
#include <torch/torch.h>

struct ScorerImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  torch::Tensor score(const torch::Tensor &x);     // a forward pass's output
  torch::Tensor score_host(const torch::Tensor &x); // copied to the host
  torch::Tensor blank(const torch::Tensor &x);      // a fresh host tensor
  torch::Tensor external(const torch::Tensor &x);   // defined nowhere
  torch::nn::Linear fc{nullptr};
};
// A request's tokens, uploaded to the device (model.cpp).
torch::Tensor load_request();

struct Scorer : torch::nn::ModuleHolder<ScorerImpl> {
  using torch::nn::ModuleHolder<ScorerImpl>::ModuleHolder;
};
