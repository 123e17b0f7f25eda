// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Nothing here may be reported.
// (The last function is a positive, so that the output is not empty.)

#include <torch/script.h>
#include <torch/torch.h>

#include <functional>
#include <string>
#include <vector>

void print(const torch::Tensor &t) {}
void train_step(const torch::Tensor &loss); // defined in another file

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

struct GuardedNet : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    return fc->forward(x);
  }
  torch::nn::Linear fc{nullptr};
};

// A training loop: the backward pass uses the graph.
void negativeTraining(Net &net, torch::optim::SGD &opt,
                      const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    opt.zero_grad();
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
    opt.step();
  }
}

// A helper returns the forward output to a caller that runs backward.
torch::Tensor negativeHelperForward(Net &net, const torch::Tensor &x) {
  return net.forward(x);
}
void negativeTrainsThroughHelper(Net &net, const torch::Tensor &x) {
  torch::Tensor loss = negativeHelperForward(net, x).sum();
  loss.backward();
}

// A helper that returns the output and has no caller in this file: its
// callers elsewhere may train on it.
torch::Tensor negativeNoCallerReturns(Net &net, const torch::Tensor &x) {
  auto y = net.forward(x);
  return y.sum();
}

// The output is stored in a member: another method may train on it.
struct Trainer {
  torch::Tensor last;
  Net *net;
  void negativeStoresMember(const torch::Tensor &x) { last = net->forward(x); }
};

// Forces by autograd::grad after the forward pass (grad mode must stay on).
torch::Tensor negativeForces(Net &net, const torch::Tensor &positions) {
  net.eval();
  torch::Tensor pos = positions.detach().requires_grad_(true);
  torch::Tensor energy = net.forward(pos).sum();
  return -torch::autograd::grad({energy}, {pos})[0];
}

// The output goes to a function defined elsewhere that may run backward.
void negativeOpaqueConsumer(Net &net, const torch::Tensor &x) {
  train_step(net.forward(x));
}

// Guards of every kind, in scope.
void negativeGuards(Net &net, torch::jit::Module &m, torch::nn::Linear &fc,
                    const torch::Tensor &x) {
  {
    torch::NoGradGuard no_grad;
    print(net.forward(x));
  }
  {
    c10::InferenceMode guard;
    print(m.forward({x}).toTensor());
  }
  {
    torch::AutoGradMode off(false);
    print(fc(x));
  }
  {
    at::AutoDispatchBelowAutograd below;
    print(fc->forward(x));
  }
  {
    c10::GradMode::set_enabled(false);
    print(m({x}).toTensor());
    c10::GradMode::set_enabled(true);
  }
}

// A guard in every caller in this file covers the callee.
static void negativeCallee(Net &net, const torch::Tensor &x) {
  print(net.forward(x));
}
void negativeCaller1(Net &net, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  negativeCallee(net, x);
}
void negativeCaller2(Net &net, const std::vector<torch::Tensor> &xs) {
  torch::NoGradGuard no_grad;
  for (const auto &x : xs)
    negativeCallee(net, x);
}

// A guard in the callee: the module's own forward turns grad mode off.
void negativeGuardInCallee(std::shared_ptr<GuardedNet> net,
                           const torch::Tensor &x) {
  print(net->forward(x));
}

// A lambda run on this thread inherits the guard.
void negativeSyncLambda(Net &net, const std::vector<torch::Tensor> &xs) {
  torch::NoGradGuard no_grad;
  auto run = [&](const torch::Tensor &x) { print(net.forward(x)); };
  for (const auto &x : xs)
    run(x);
  [&] { print(net.forward(xs[0])); }();
}

// The loop carries the output to a backward pass after the loop.
void negativeBackwardAfterLoop(Net &net, const std::vector<torch::Tensor> &xs) {
  std::vector<torch::Tensor> outs;
  for (const auto &x : xs)
    outs.push_back(net.forward(x));
  torch::stack(outs).sum().backward();
}

// An LBFGS-style closure: the lambda runs the backward pass itself.
void negativeClosure(Net &net, const torch::Tensor &x) {
  std::function<torch::Tensor()> closure = [&] {
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
    return loss;
  };
  closure();
}

// A block that keeps its output through a method that stores it in a member,
// and a loop that hands its outputs to an object: a backward pass follows.
struct History {
  std::vector<torch::Tensor> items;
  void remember(const torch::Tensor &t) { items.push_back(t); }
  void add(torch::Tensor t);
};
void negativeKeptThroughCalls(Net &net, History &h, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    torch::Tensor y = net.forward(x);
    h.remember(y);
  }
  {
    torch::Tensor y = net.forward(xs[0]);
    h.add(y);
  }
  torch::stack(h.items).sum().backward();
}

// A training step inside a block.
void negativeTrainingBlock(Net &net, const torch::Tensor &x, bool train) {
  if (train) {
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
  }
}

// Uninstantiated template: nothing is known about the module type.
template <typename M> void negativeTemplate(M &m, const torch::Tensor &x) {
  print(m.forward(x));
}

void positiveSanity(Net &net, const torch::Tensor &x) {
  print(net.forward(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
}
