#pragma once
#include <torch/torch.h>
#include <vector>

// A history of observations: insert() writes its argument in place into a
// slice of `buf` (buffer.cpp), keep() appends it to `kept`.
class ObsBuffer {
public:
  void insert(torch::Tensor obs);
  void keep(const torch::Tensor &obs);
  torch::Tensor get();

private:
  torch::Tensor buf = torch::zeros({1, 60});
  std::vector<torch::Tensor> kept;
};
