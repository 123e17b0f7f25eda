// test/cli/shared-headers.test: opens with common.h, as b.cpp does.
#include "common.h"
#include <vector>

void trainA(torch::nn::Linear &fc, Collector &c, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = fc->forward(torch::randn({8, 4})).sum();
    loss.backward();
    c.add(loss);
  }
}
