#include "guide.h"
void trainStep(Guide &g, const torch::Tensor &x, const torch::Tensor &s) {
  torch::Tensor pdf = g.evaluate(x, s);
  torch::Tensor c = g.fraction();
  torch::Tensor loss = (c * pdf).mean();
  loss.backward();
  float v = g.lastValue();
}
int main() {
  Guide g;
  torch::Tensor s = torch::randn({8, 4});
  for (int step = 0; step < 100; ++step)
    trainStep(g, torch::randn({8, 4}), s);
  return 0;
}
