// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A guard held through an owner holds for the owner's scope: a
// `std::unique_ptr` or `std::shared_ptr` made with `std::make_unique`,
// `std::make_shared` or `new`, and a `std::optional` constructed in place or
// emplaced (new-user trial nu23, `evaluate.cpp:101` and `:110`: both were
// reported although a guard is held). An owner that holds no guard, or one
// that turns grad mode on, covers nothing. An object of a class of the
// project that holds a guard as a member holds it for its scope too.

#include <memory>
#include <optional>
#include <vector>
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

double negativeUniqueGuard(Net &net, const std::vector<torch::Tensor> &xs) {
  auto guard = std::make_unique<torch::NoGradGuard>();
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
  return total;
}

double negativeNewGuard(Net &net, const std::vector<torch::Tensor> &xs) {
  std::unique_ptr<torch::NoGradGuard> guard(new torch::NoGradGuard);
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
  return total;
}

double negativeSharedInferenceMode(Net &net, const std::vector<torch::Tensor> &xs) {
  auto mode = std::make_shared<c10::InferenceMode>();
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
  return total;
}

double negativeOptionalEmplaced(Net &net, const std::vector<torch::Tensor> &xs) {
  std::optional<torch::NoGradGuard> guard;
  guard.emplace();
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
  return total;
}

// Emplaced when not training: the pass may run under it.
double negativeOptionalEmplacedIf(Net &net, const std::vector<torch::Tensor> &xs,
                                  bool training) {
  std::optional<torch::NoGradGuard> guard;
  if (!training)
    guard.emplace();
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
  return total;
}

double negativeOptionalInPlace(Net &net, const std::vector<torch::Tensor> &xs) {
  std::optional<torch::NoGradGuard> guard(std::in_place);
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
  return total;
}

// An owner that is given no guard.
double positiveEmptyOwner(Net &net, const std::vector<torch::Tensor> &xs) {
  std::unique_ptr<torch::NoGradGuard> guard;
  std::optional<torch::NoGradGuard> none;
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  return total;
}

// An owned guard that turns grad mode on.
double positiveOwnedGradOn(Net &net, const std::vector<torch::Tensor> &xs) {
  auto mode = std::make_unique<torch::AutoGradMode>(true);
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  return total;
}

// The owner's scope ends before the loop.
double positiveOwnerScopeEnded(Net &net, const std::vector<torch::Tensor> &xs) {
  {
    auto guard = std::make_unique<torch::NoGradGuard>();
  }
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  return total;
}

// A class of the project that holds a guard as a member, as a scope guard
// (open-mmlab/mmdeploy `torch_net.cpp:183`, twenty-first labelled set).
class InferenceScope {
  c10::InferenceMode guard_;
};
struct GradScope {
  GradScope() : mode_(true) {}
  torch::AutoGradMode mode_;
};

double negativeMemberGuard(Net &net, const std::vector<torch::Tensor> &xs) {
  InferenceScope scope;
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
  return total;
}

// Its member turns grad mode on.
double positiveMemberGradOn(Net &net, const std::vector<torch::Tensor> &xs) {
  GradScope scope;
  double total = 0;
  for (const auto &x : xs)
    total += net.forward(x).sum().item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  return total;
}
