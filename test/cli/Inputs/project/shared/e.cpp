// test/cli/shared-headers.test: compiled with -DSHARED_FAST=1, as d.cpp.
#include "common.h"
#include <vector>

void trainE(torch::nn::Linear &fc, int steps) {
  std::vector<torch::Tensor> kept;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = fc->forward(torch::randn({8, 4})).sum();
    loss.backward();
    kept.push_back(loss);
  }
}
