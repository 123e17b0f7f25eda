// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A lambda that a local holds and a loop calls, which stores its parameter
// (`keep(loss)` with `keep = [&](const torch::Tensor &l) { all.push_back(l); }`):
// the parameter is what the calls pass to it. Before, the parameter was not
// followed, and the store that the same code written in the loop makes was
// missed (CI trial 15, D6).

#include <torch/torch.h>

#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

double positivePush(Net &net, const std::vector<torch::Tensor> &xs, torch::optim::SGD &opt) {
  std::vector<torch::Tensor> all;
  auto keep = [&](const torch::Tensor &l) { all.push_back(l); };
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: storing a tensor that carries autograd history in 'all' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE+3]]:17: note: the graph it keeps alive is built here
  for (const auto &x : xs) {
    opt.zero_grad();
    auto loss = net.forward(x).sum();
    loss.backward();
    opt.step();
    keep(loss);
  }
  return all.size();
}

double positiveSum(Net &net, const std::vector<torch::Tensor> &xs, torch::optim::SGD &opt) {
  torch::Tensor running = torch::zeros({1});
  auto accumulate = [&](const torch::Tensor &l) { running = running + l; };
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: accumulating a tensor that carries autograd history into 'running' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE+3]]:17: note: the graph it keeps alive is built here
  for (const auto &x : xs) {
    opt.zero_grad();
    auto loss = net.forward(x).sum();
    loss.backward();
    opt.step();
    accumulate(loss);
  }
  return running.item<double>();
}

// Handed a number or a detached value: no graph kept.
double negativeDetached(Net &net, const std::vector<torch::Tensor> &xs, torch::optim::SGD &opt) {
  std::vector<torch::Tensor> all;
  auto keep = [&](const torch::Tensor &l) { all.push_back(l); };
  for (const auto &x : xs) {
    opt.zero_grad();
    auto loss = net.forward(x).sum();
    loss.backward();
    opt.step();
    keep(loss.detach());
  }
  return all.size();
}

// The container is cleared in the loop: bounded.
double negativeCleared(Net &net, const std::vector<torch::Tensor> &xs, torch::optim::SGD &opt) {
  std::vector<torch::Tensor> all;
  double total = 0;
  auto keep = [&](const torch::Tensor &l) { all.push_back(l); };
  for (const auto &x : xs) {
    opt.zero_grad();
    auto loss = net.forward(x).sum();
    keep(loss);
    all.back().backward();
    opt.step();
    total += all.size();
    all.clear();
  }
  return total;
}
