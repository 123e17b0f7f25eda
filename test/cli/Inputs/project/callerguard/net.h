#pragma once
// Evaluation helpers defined in eval.cpp and called from main.cpp
// (test/cli/project-caller-guard.test).
#include <torch/torch.h>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

using Batches = std::vector<torch::Tensor>;
void trainEpoch(Net &net, const Batches &b);
double evaluate(Net &net, const Batches &b);
double evaluateVia(Net &net, const Batches &b);
double probe(Net &net, const Batches &b);
double evalInThread(Net &net, const Batches &b);
double unused(Net &net, const Batches &b);
double perplexity(Net &net, const Batches &b);
double perplexityOpen(Net &net, const Batches &b);
