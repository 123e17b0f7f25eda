#include <torch/torch.h>

struct Study {
  void fitAndScore(const torch::Tensor &x, const torch::Tensor &y, const torch::Tensor &xt);
  void score(torch::nn::Linear &net, const torch::Tensor &x, const torch::Tensor &xt);
};
