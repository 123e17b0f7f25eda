#pragma once
// A recurrent cell's state holder, defined in cell.cpp and read and written
// by the modules of agent.cpp (test/cli/project-accessor-carry.test).
#include <torch/torch.h>
#include <vector>

class Cell {
public:
  torch::Tensor state() const;
  torch::Tensor snapshot() const;
  void update(const torch::Tensor &s);
  void record(const torch::Tensor &s);
  void restart();

private:
  torch::Tensor state_;
  std::vector<torch::Tensor> seen_;
};
