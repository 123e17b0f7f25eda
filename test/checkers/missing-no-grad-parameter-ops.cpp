// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A module's own method that computes with its trainable parameters
// (`fc->weight` of a LibTorch layer, a tensor member assigned from
// `register_parameter`) and returns the value builds a graph as a forward
// call does, though it calls no `forward`: it is a forward pass to its
// caller (thehalleyyoung/TorchType `mnist_rigorous_test.cpp:274`,
// `forward_with_precision` multiplying by the layers' weights).

#include <torch/torch.h>

#include <iostream>

// A value that holds a tensor with bookkeeping of its own.
struct Tracked {
  Tracked(torch::Tensor d, double l) : data(d), lipschitz(l) {}
  torch::Tensor data;
  double lipschitz;
};

static Tracked tracked_matmul(const Tracked &a, const Tracked &b) {
  return Tracked(torch::matmul(a.data, b.data), a.lipschitz * b.lipschitz);
}

struct Net : torch::nn::Module {
  Net() {
    fc = register_module("fc", std::make_shared<torch::nn::LinearImpl>(4, 4));
    scale = register_parameter("scale", torch::randn({4}));
  }
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }

  Tracked forwardTracked(const Tracked &x) {
    auto w = Tracked(fc->weight.t(), x.lipschitz);
    auto out = tracked_matmul(x, w);
    return out;
  }
  torch::Tensor scaled(const torch::Tensor &x) { return x * scale; }

  // Not forward passes: the parameter itself, a cut of it, a number, a
  // tensor that is not a parameter, a value not computed from the
  // parameters, and a computation under the method's own guard.
  torch::Tensor weights() { return fc->weight; }
  torch::Tensor weightsCopy() { return fc->weight.detach().clone(); }
  torch::Tensor weightsOnHost() { return fc->weight.cpu(); }
  double weightNorm() { return fc->weight.sum().item<double>(); }
  torch::Tensor masked(const torch::Tensor &x) { return x * mask; }
  torch::Tensor doubled(const torch::Tensor &x) {
    torch::Tensor penalty = fc->weight.sum();
    std::cout << penalty.item<double>() << "\n";
    return x * 2.0;
  }
  torch::Tensor scaledGuarded(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    return x * scale;
  }

  std::shared_ptr<torch::nn::LinearImpl> fc;
  torch::Tensor scale;
  torch::Tensor mask;
};

void positiveAfterTraining(std::shared_ptr<Net> model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    torch::Tensor loss = model->forward(torch::randn({2, 4})).sum();
    loss.backward();
    opt.step();
  }
  Tracked out = model->forwardTracked(Tracked(torch::randn({1, 4}), 1.0));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :33:22: note: 'forwardTracked' runs a forward pass here
  // CHECK-MESSAGES: :[[@LINE-9]]:6: note: 'positiveAfterTraining' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  std::cout << out.lipschitz << "\n";
}

void positiveEvalLoop(std::shared_ptr<Net> model) {
  for (int i = 0; i < 10; ++i) {
    torch::Tensor y = model->scaled(torch::randn({2, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :37:59: note: 'scaled' runs a forward pass here
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    std::cout << y.argmax(1) << "\n";
  }
}

void negativeNotForwardPasses(std::shared_ptr<Net> model) {
  for (int i = 0; i < 10; ++i) {
    std::cout << model->weights().argmax(1) << "\n";
    std::cout << model->weightsCopy().argmax(1) << "\n";
    std::cout << model->weightsOnHost().argmax(1) << "\n";
    std::cout << model->weightNorm() << "\n";
    std::cout << model->masked(torch::randn({2, 4})).argmax(1) << "\n";
    std::cout << model->doubled(torch::randn({2, 4})).argmax(1) << "\n";
    std::cout << model->scaledGuarded(torch::randn({2, 4})).argmax(1) << "\n";
  }
}

void negativeTrainsOnIt(std::shared_ptr<Net> model, torch::optim::SGD &opt) {
  for (int i = 0; i < 10; ++i) {
    torch::Tensor loss = model->scaled(torch::randn({2, 4})).sum();
    loss.backward();
    opt.step();
  }
}

void negativeGuarded(std::shared_ptr<Net> model) {
  torch::NoGradGuard no_grad;
  for (int i = 0; i < 10; ++i)
    std::cout << model->scaled(torch::randn({2, 4})).argmax(1) << "\n";
}
