// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A function of this file that runs a forward pass and returns its output,
// called both from an inference path and from a training step. Judged
// through its callers as a whole it is not inference (one caller trains),
// so each call is a forward pass of its caller, judged there by the data
// flow on that call's own result (hlinander/nesai `overmind.cpp:561`, `:655`:
// `Model::initial_forward` feeds a plot loop and a training loop).

#include <torch/torch.h>

#include <vector>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};
struct Net : torch::nn::ModuleHolder<NetImpl> {
  using ModuleHolder<NetImpl>::ModuleHolder;
};

// A plain class (not a module) that holds the model.
struct Model {
  Net net{nullptr};
  torch::Tensor value(const torch::Tensor &state) {
    return net->forward(state.reshape({1, 4}));
  }
};

void positivePlotBesideTraining(Model &m, torch::optim::Optimizer &opt,
                                const std::vector<torch::Tensor> &xs) {
  for (int epoch = 0; epoch < 100; ++epoch) {
    float plotted = 0;
    for (const auto &x : xs) {
      auto output = m.value(x);
      // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
      // CHECK-MESSAGES: :26:12: note: 'value' runs a forward pass here
      // CHECK-MESSAGES: :[[@LINE-4]]:5: note: this loop runs no backward pass and keeps nothing from one iteration to the next
      plotted += output.item<float>();
    }
    opt.zero_grad();
    for (const auto &x : xs) {
      auto out = m.value(x);
      auto loss = torch::mse_loss(out, x);
      loss.backward();
    }
    opt.step();
  }
}

// A free helper; the evaluation and the training are in two functions.
torch::Tensor predict(Net &net, const torch::Tensor &x) {
  torch::Tensor y = net->forward(x);
  return y;
}

float positiveEvaluate(Net &net, const std::vector<torch::Tensor> &xs) {
  float correct = 0;
  for (const auto &x : xs)
    correct += predict(net, x).argmax(1).item<float>();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :53:21: note: 'predict' runs a forward pass here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  return correct;
}

void negativeTrain(Net &net, torch::optim::Optimizer &opt,
                   const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    opt.zero_grad();
    torch::mse_loss(predict(net, x), x).backward();
    opt.step();
  }
}

// The outputs accumulated into a loss differentiated after the loop.
void negativeAccumulatedLoss(Net &net, const std::vector<torch::Tensor> &xs) {
  torch::Tensor total = torch::zeros({1});
  for (const auto &x : xs)
    total = total + predict(net, x).sum();
  total.backward();
}

// Handed to the caller: its callers decide (none in this file).
torch::Tensor negativeHandedOn(Net &net, const torch::Tensor &x) {
  return predict(net, x);
}

// Guarded at the call.
float negativeGuardedEvaluate(Model &m, const std::vector<torch::Tensor> &xs) {
  torch::NoGradGuard no_grad;
  float sum = 0;
  for (const auto &x : xs)
    sum += m.value(x).item<float>();
  return sum;
}

// A helper that keeps its output in a member: its other callers may train
// on what it kept.
struct Cached {
  Net net{nullptr};
  torch::Tensor last;
  torch::Tensor run(const torch::Tensor &x) {
    last = net->forward(x);
    return last;
  }
};

void negativeKeepingHelper(Cached &c, torch::optim::Optimizer &opt,
                           const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    float v = c.run(x).item<float>();
    (void)v;
  }
  for (const auto &x : xs) {
    torch::mse_loss(c.run(x), x).backward();
    opt.step();
  }
}

// A helper that trains itself.
torch::Tensor trainStep(Net &net, const torch::Tensor &x) {
  torch::Tensor out = net->forward(x);
  torch::mse_loss(out, x).backward();
  return out;
}

void negativeTrainingHelper(Net &net, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    float v = trainStep(net, x).item<float>();
    (void)v;
  }
  for (const auto &x : xs)
    torch::mse_loss(trainStep(net, x), x).backward();
}
