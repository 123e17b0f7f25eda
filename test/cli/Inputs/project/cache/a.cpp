// test/cli/cache.test: the loop side. Whether c.add(loss) keeps the graph is
// decided after the last TU, from b.cpp's summary of Collector::add.
#include <torch/torch.h>
#include "collector.h"

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

void train(Net &net, Collector &c, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    c.add(loss);
  }
}
