// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Each later pass of a reported block that is an inference pass on its own,
// with nothing assumed, is a finding of its own, with a note at the block's
// first finding, whose guard covers it (ArashMassoudieh/PyTorchCPP
// `ffn_wrapper.cpp:492`, whose finding hid the test-set and plotting passes
// `:495` and `:508` of the same function; the eighteenth labelled set's
// mihawb/dnn-lang-comparison `benchmark_runner.cpp:102`, named only in a note
// of `:98`'s finding before).

#include <iostream>
#include <stdexcept>
#include <vector>
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

namespace {
std::vector<double> values(const torch::Tensor &t) {
  auto v = t.detach().to(torch::kCPU);
  std::vector<double> out;
  for (int64_t i = 0; i < v.size(0); ++i)
    out.push_back(v[i].item<double>());
  return out;
}
struct Result {
  std::vector<double> pred;
  double mse = 0;
};
void fill(Result &r, const torch::Tensor &p) {
  for (int64_t i = 0; i < p.size(0); ++i)
    r.pred.push_back(p[i].item<double>());
}
void consume(const torch::Tensor &t);
} // namespace

Result positiveThreePassesAfterTraining(Net &net, torch::optim::SGD &opt, torch::Tensor x,
                                        torch::Tensor y, torch::Tensor xv, torch::Tensor xt,
                                        torch::Tensor xf, bool metrics) {
  Result result;
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    torch::Tensor loss = torch::mse_loss(net.forward(x), y);
    loss.backward();
    opt.step();
  }
  torch::Tensor predValidation = net.forward(xv);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  result.mse = torch::mse_loss(predValidation, y).item<double>();
  torch::Tensor predTest = net.forward(xt);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :49:34: note: one guard covers it and this block's first forward pass with grad mode on, here
  if (!predTest.defined() || predTest.sum().item<double>() != predTest.sum().item<double>())
    throw std::runtime_error("prediction failed");
  if (metrics) {
    std::vector<double> v = values(predTest);
    std::cout << v.size() << "\n";
  }
  torch::Tensor predFull = net.forward(xf);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :49:34: note: one guard covers it and this block's first forward pass with grad mode on, here
  fill(result, predFull);
  return result;
}

// A later pass in a nested block of the reported one is reported too.
void positiveNestedLaterPass(Net &net, torch::Tensor x, bool verbose) {
  torch::Tensor a = net.forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  std::cout << a.argmax(1).item<long>() << "\n";
  if (verbose) {
    torch::Tensor b = net.forward(x * 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :70:21: note: one guard covers it and this block's first forward pass with grad mode on, here
    std::cout << b.sum().item<double>() << "\n";
  }
}

// Not reported: a later pass under its own guard, and one whose output is
// handed to code of another file (it is no proven inference pass).
void negativeLaterPassesNotProven(Net &net, torch::Tensor x) {
  torch::Tensor a = net.forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  std::cout << a.argmax(1).item<long>() << "\n";
  {
    torch::NoGradGuard guard;
    torch::Tensor b = net.forward(x);
    std::cout << b.sum().item<double>() << "\n";
  }
  torch::Tensor c = net.forward(x);
  consume(c);
}

// Not reported: a later pass whose output reaches a backward pass (the block
// trains on it; the finding stands on the first pass's output alone).
void negativeLaterPassTrains(Net &net, torch::optim::SGD &opt, torch::Tensor x,
                             torch::Tensor y) {
  torch::Tensor probe = net.forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  std::cout << probe.argmax(1).item<long>() << "\n";
  torch::Tensor loss = torch::mse_loss(net.forward(x), y);
  loss.backward();
  opt.step();
}
