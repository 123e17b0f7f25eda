// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks -Wno-vexing-parse

// A guard written without a name (`torch::NoGradGuard();`) is a temporary,
// destroyed at the end of its statement, and `torch::NoGradGuard no_grad();`
// declares a function (the most vexing parse): neither holds grad mode off.
// The passes after them are reported, with a note at the guard that does
// not hold (clang-tidy's bugprone-unused-raii names the first in general;
// this says what it means for grad mode). A named guard is one.

#include <torch/torch.h>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

double positiveTemporary(Net &net, const std::vector<torch::Tensor> &xs, const torch::Tensor &y) {
  torch::NoGradGuard();
  double correct = 0;
  for (const auto &x : xs) {
    auto out = net.forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: this 'torch::NoGradGuard' (aka 'c10::NoGradGuard') is a temporary, destroyed at the end of this statement, so grad mode is on again after it; give it a name to hold it to the end of the block
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    correct += (out.argmax(1) == y).sum().item<double>();
  }
  return correct;
}

double positiveInferenceModeTemporary(Net &net, const std::vector<torch::Tensor> &xs,
                                      const torch::Tensor &y) {
  double correct = 0;
  for (const auto &x : xs) {
    c10::InferenceMode{};
    auto out = net.forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: this 'c10::InferenceMode' is a temporary, destroyed at the end of this statement, so grad mode is on again after it; give it a name to hold it to the end of the block
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: this loop runs no backward pass
    correct += (out.argmax(1) == y).sum().item<double>();
  }
  return correct;
}

double positiveDeclaresFunction(Net &net, const std::vector<torch::Tensor> &xs,
                                const torch::Tensor &y) {
  torch::NoGradGuard no_grad();
  double correct = 0;
  for (const auto &x : xs) {
    auto out = net.forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-5]]:22: note: this declares a function that returns 'torch::NoGradGuard' (aka 'c10::NoGradGuard'), not a guard; drop the parentheses to hold one to the end of the block
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass
    correct += (out.argmax(1) == y).sum().item<double>();
  }
  return correct;
}

// After the pass: no note.
double positiveTemporaryAfter(Net &net, const std::vector<torch::Tensor> &xs,
                              const torch::Tensor &y) {
  double correct = 0;
  for (const auto &x : xs) {
    auto out = net.forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass
    correct += (out.argmax(1) == y).sum().item<double>();
  }
  torch::NoGradGuard();
  return correct;
}

// A named guard holds.
double negativeNamed(Net &net, const std::vector<torch::Tensor> &xs, const torch::Tensor &y) {
  torch::NoGradGuard no_grad;
  double correct = 0;
  for (const auto &x : xs) {
    auto out = net.forward(x);
    correct += (out.argmax(1) == y).sum().item<double>();
  }
  return correct;
}
