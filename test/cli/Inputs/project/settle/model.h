#pragma once
// Functions of train.cpp whose summaries settle what main.cpp assumes
// (test/cli/project-settle.test).
#include <torch/torch.h>
#include <string>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

class Optimiser {
public:
  void step(torch::Tensor &loss);
};
void logLoss(const torch::Tensor &loss);

class Archive {
public:
  torch::Tensor load(const std::string &name) const;
};
torch::Tensor embed(Net &net, const torch::Tensor &x);
