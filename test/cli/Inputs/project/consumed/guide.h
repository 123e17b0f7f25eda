#pragma once
// A guiding network whose run() keeps its outputs in members, read by the
// training loss of trainer.cpp through evaluate() and fraction()
// (test/cli/project-member-consumed.test).
#include <torch/torch.h>
#include <vector>

class Guide {
public:
  void run(const torch::Tensor &x);
  torch::Tensor evaluate(const torch::Tensor &x, const torch::Tensor &s);
  torch::Tensor &fraction();
  float lastValue();
  torch::nn::Linear net{nullptr};

private:
  torch::Tensor params_, c_, last_;
};
void trainStep(Guide &g, const torch::Tensor &x, const torch::Tensor &s);
