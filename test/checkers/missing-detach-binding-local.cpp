// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A name of a structured binding by value is a local of its own: a value
// assigned to it is followed as one assigned to any local is, apart from
// its siblings. Positive: `x = net->forward(x)` carries `x` into the next
// iteration. Negatives: a sibling assigned from the other (`x =
// net->forward(y)`, `y` unchanged) carries nothing; nor does a loop without
// a backward pass that keeps the other sibling.

#include <torch/torch.h>

#include <tuple>
#include <vector>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};
struct Net : torch::nn::ModuleHolder<NetImpl> {
  using ModuleHolder<NetImpl>::ModuleHolder;
};
std::tuple<torch::Tensor, torch::Tensor> load();

void positiveCarriedBinding(Net &net, torch::optim::Optimizer &opt) {
  auto [x, y] = load();
  for (int i = 0; i < 10; ++i) {
    x = net->forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'x' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-2]]:9: note: the graph it keeps reachable is built here, from the carried value
    auto loss = x.mean() + y.mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

void negativeSiblingInput(Net &net, torch::optim::Optimizer &opt) {
  auto [x, y] = load();
  for (int i = 0; i < 10; ++i) {
    x = net->forward(y);
    auto loss = x.mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

std::vector<torch::Tensor> kept;
void negativeSiblingKept(Net &net) {
  auto [x, y] = load();
  for (int i = 0; i < 10; ++i) {
    x = net->forward(y);
    kept.push_back(y);
  }
}
