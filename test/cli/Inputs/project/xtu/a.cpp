// The loop side of test/cli/project-index.test: b.cpp defines the callee
// that keeps its argument (Collector::add) and the helper that detaches.
#include <torch/torch.h>
#include "collector.h"

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

torch::Tensor repackage(const torch::Tensor &h);

void train(Net &net, Collector &c, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    c.add(loss);
  }
}

void bptt(torch::nn::LSTM &lstm, int steps) {
  torch::Tensor h = torch::zeros({1, 4});
  for (int i = 0; i < steps; ++i) {
    h = repackage(h);
    auto out = lstm->forward(torch::randn({1, 1, 4}));
    h = std::get<0>(out) + h;
    h.sum().backward();
  }
}

// A module method defined in b.cpp that runs forward passes, in an
// evaluation loop; and one that runs none.
#include "model.h"
static void print(const torch::Tensor &t) {}
void evaluate(GenImpl &gen, const std::vector<torch::Tensor> &prompts) {
  gen.eval();
  for (const auto &p : prompts)
    print(gen.generate(p, 8));
  for (const auto &p : prompts)
    print(gen.describe(p));
}

// What a module method of b.cpp returns, kept by a collector of b.cpp.
void keepGenerated(GenImpl &gen, Collector &c, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    auto y = gen.generate(x, 2);
    c.add(y);
  }
}
