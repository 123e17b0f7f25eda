#pragma once
#include <torch/torch.h>
#include <vector>
class Collector {
public:
  void add(const torch::Tensor &t);
private:
  std::vector<torch::Tensor> items_;
};
