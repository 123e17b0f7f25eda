// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++20 %mocks

// Function templates, C++20 abbreviated ones (`auto &` parameters) among
// them: each instantiation is judged with the types of its call, so a
// template's evaluation loop is reported once, at the template, when some
// instantiation runs it with grad mode on. A loss module called on the
// output (`criterion(out, b.label)`, whose `operator()` takes forwarding
// references) reads its arguments: it keeps nothing past the iteration.

#include <torch/torch.h>

#include <memory>
#include <vector>

struct Sample {
  torch::Tensor image, label;
};

struct ClassifierImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return head->forward(x); }
  torch::nn::Linear head{nullptr};
};
struct Classifier : torch::nn::ModuleHolder<ClassifierImpl> {
  using ModuleHolder<ClassifierImpl>::ModuleHolder;
};

double positiveScoreAbbreviated(auto &samples, auto &lossFn, auto &model) {
  model->eval();
  double total = 0;
  for (auto &s : *samples) {
    auto pred = model->forward(s.image);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    auto err = lossFn(pred, s.label);
    total += err.template item<double>();
    total += (pred.argmax(1) == s.label).sum().template item<int>();
  }
  return total;
}

// The same loop in an ordinary function: the loss module's call keeps
// nothing either.
double positiveScoreLossModule(std::vector<Sample> &samples, torch::nn::MSELoss &lossFn,
                               Classifier &model) {
  double total = 0;
  for (auto &s : samples) {
    torch::Tensor pred = model(s.image);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    total += lossFn(pred, s.label).item<double>();
  }
  return total;
}

// A template whose loop trains.
void negativeFitAbbreviated(auto &samples, auto &lossFn, auto &model) {
  for (auto &s : *samples) {
    auto pred = model->forward(s.image);
    auto err = lossFn(pred, s.label);
    err.backward();
  }
}

// Every use of this template holds a guard (the one instantiation's only
// call is covered).
template <typename Model>
double negativeScoreGuardedUses(std::vector<Sample> &samples, torch::nn::MSELoss &lossFn,
                                Model &model) {
  double total = 0;
  for (auto &s : samples) {
    auto pred = model->forward(s.image);
    total += lossFn(pred, s.label).template item<double>();
  }
  return total;
}

// The loss's forwarding references are inputs, but a value handed to a
// function of the project by non-const reference may be kept: not an
// evaluation loop.
void keepLast(torch::Tensor &slot, torch::Tensor &value);

void negativeKeptThroughReference(std::vector<Sample> &samples, torch::nn::MSELoss &lossFn,
                                  Classifier &model, torch::Tensor &last) {
  for (auto &s : samples) {
    torch::Tensor pred = model(s.image);
    lossFn(pred, s.label);
    keepLast(last, pred);
  }
}

int main() {
  auto samples = std::make_unique<std::vector<Sample>>();
  torch::nn::MSELoss lossFn(nullptr);
  Classifier model(nullptr);
  for (int epoch = 0; epoch < 3; ++epoch) {
    negativeFitAbbreviated(samples, lossFn, model);
    positiveScoreAbbreviated(samples, lossFn, model);
    {
      torch::NoGradGuard no_grad;
      negativeScoreGuardedUses(*samples, lossFn, model);
    }
  }
  positiveScoreLossModule(*samples, lossFn, model);
  torch::Tensor last;
  negativeKeptThroughReference(*samples, lossFn, model, last);
}
