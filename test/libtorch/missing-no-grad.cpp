// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %torch_flags

// gpuleak-missing-no-grad on the real LibTorch 2.11 headers, so that the
// mocks in test/Inputs cannot drift.

#include <torch/script.h>
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <thread>

struct Net : torch::nn::Module {
  Net() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc;
};

void positiveJit(const std::string &path) {
  torch::jit::Module m = torch::jit::load(path);
  m.eval();
  std::cout << m.forward({torch::ones({1, 4})}).toTensor() << "\n";
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
}

float positiveSequential(torch::nn::Sequential &seq, const torch::Tensor &x) {
  return seq->forward(x).sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
}

float positiveHolderCall(torch::nn::Linear &fc, const torch::Tensor &x) {
  return fc(x).sum().item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
}

void positiveThread(std::shared_ptr<Net> net, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  std::thread t([&] { std::cout << net->forward(x) << "\n"; });
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: this lambda runs on another thread{{.*}}
  t.join();
}

void negativeGuards(std::shared_ptr<Net> net, torch::jit::Module &m,
                    const torch::Tensor &x) {
  {
    torch::NoGradGuard no_grad;
    std::cout << net->forward(x) << "\n";
  }
  {
    c10::InferenceMode guard;
    std::cout << m.forward({x}).toTensor() << "\n";
  }
  {
    torch::AutoGradMode off(false);
    std::cout << m({x}).toTensor() << "\n";
  }
}

void negativeTraining(std::shared_ptr<Net> net, torch::optim::Adam &opt,
                      const torch::Tensor &x) {
  for (int i = 0; i < 10; ++i) {
    opt.zero_grad();
    torch::Tensor loss = net->forward(x).pow(2).mean();
    loss.backward();
    opt.step();
  }
}

torch::Tensor negativeForces(Net &net, const torch::Tensor &positions) {
  net.eval();
  torch::Tensor pos = positions.detach().requires_grad_(true);
  torch::Tensor energy = net.forward(pos).sum();
  return -torch::autograd::grad({energy}, {pos})[0];
}

// An evaluation inside a training epoch, read only through a comparison,
// argmax and item(), and printed: its graph is dropped unused.
void positiveDroppedInEpoch(Net &net, torch::optim::SGD &opt, torch::Tensor x,
                            torch::Tensor y, torch::Tensor xdev, torch::Tensor ydev) {
  for (int e = 0; e < 3; ++e) {
    for (int b = 0; b < 10; ++b) {
      opt.zero_grad();
      auto loss = torch::nll_loss(net.forward(x), y);
      loss.backward();
      opt.step();
    }
    net.eval();
    std::cout << (net.forward(xdev.cuda()).argmax(1) == ydev.cuda()).sum().item().toDouble()
              << std::endl;
    // CHECK-MESSAGES: :[[@LINE-2]]:19: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: its output is read only through values that carry no graph
  }
}

// The same, but the output is also handed to the loss that trains.
void negativeDroppedUsed(Net &net, torch::optim::SGD &opt, torch::Tensor x,
                         torch::Tensor y) {
  for (int e = 0; e < 3; ++e) {
    auto out = net.forward(x);
    std::cout << out.argmax(1).item<int64_t>() << std::endl;
    torch::nll_loss(out, y).backward();
    opt.step();
  }
}

// A TorchScript evaluator of this file (a local std::vector<IValue> input
// list) returning its output, called from an evaluation loop and from a
// training step: each call is judged at its caller.
struct Evaluator {
  torch::jit::Module module;
  torch::Tensor evaluate(const torch::Tensor &x) {
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(x.cuda());
    return module.forward(inputs).toTensor();
  }
};

void positiveMixedCallers(Evaluator &ev, torch::optim::SGD &opt,
                          const std::vector<torch::Tensor> &xs) {
  for (int e = 0; e < 3; ++e) {
    float score = 0;
    for (const auto &x : xs) {
      score += ev.evaluate(x).item<float>();
      // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :[[@LINE-11]]:12: note: 'evaluate' runs a forward pass here
      // CHECK-MESSAGES: :[[@LINE-4]]:5: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    }
    for (const auto &x : xs) {
      ev.evaluate(x).sum().backward();
      opt.step();
    }
  }
}
