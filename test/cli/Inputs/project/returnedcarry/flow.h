#pragma once
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

// An optical-flow model whose refine() updates its estimate 20 times and
// returns it (flow.cpp).
struct Flow {
  Net update;
  torch::Tensor refine(const torch::Tensor &image);
};
