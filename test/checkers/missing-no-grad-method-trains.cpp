// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A module's own method whose forward pass reaches a backward pass in it
// trains: it is no forward pass to its caller. JulianWww/AlphaZero
// `model.hpp:367`: Model::fit hands its forward's output to Model::train,
// which builds the losses from it and calls loss.backward(); Agent::fit's
// loop of `model->fit(batch)` was reported as an inference loop.

#include <torch/torch.h>

#include <utility>
#include <vector>

void print(float v) {}
float report(const torch::Tensor &t) { return t.sum().item<float>(); }
// Differentiates its first parameter.
float step(const torch::Tensor &out, const torch::Tensor &y) {
  torch::Tensor loss = ((out - y) * (out - y)).mean();
  loss.backward();
  return loss.item<float>();
}

struct ModelImpl : torch::nn::Module {
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x) {
    return {head->forward(x), head->forward(x)};
  }
  // Through a method of its own that differentiates the pair it is handed.
  float train(const std::pair<torch::Tensor, torch::Tensor> &out,
              const torch::Tensor &y) {
    torch::Tensor loss = (out.first - y).mean() + out.second.mean();
    loss.backward();
    return loss.item<float>();
  }
  void fit(const torch::Tensor &x, const torch::Tensor &y) {
    std::pair<torch::Tensor, torch::Tensor> vals = this->forward(x);
    print(this->train(vals, y));
  }
  // Through a free function, the output passed straight.
  float fitStep(const torch::Tensor &x, const torch::Tensor &y) {
    return step(forward(x).first, y);
  }
  // The backward pass in the method itself.
  void fitHere(const torch::Tensor &x) { forward(x).first.sum().backward(); }
  // A forward whose output only a reader takes: runs one for its caller.
  float score(const torch::Tensor &x) { return report(forward(x).first); }
  // The output is never differentiated; another value is.
  float scoreAndStep(const torch::Tensor &x, const torch::Tensor &y) {
    torch::Tensor s = forward(x).first;
    step(y * 2, y);
    return report(s);
  }
  torch::nn::Linear head{nullptr};
};
struct Model : torch::nn::ModuleHolder<ModelImpl> {
  using ModuleHolder<ModelImpl>::ModuleHolder;
};

void negativeFitLoop(Model &model, const std::vector<torch::Tensor> &xs,
                     const torch::Tensor &y) {
  for (const auto &x : xs)
    model->fit(x, y);
}

void negativeFitStepLoop(Model &model, const std::vector<torch::Tensor> &xs,
                         const torch::Tensor &y) {
  for (const auto &x : xs)
    print(model->fitStep(x, y));
}

void negativeFitHereLoop(Model &model, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs)
    model->fitHere(x);
}

void positiveScoreLoop(Model &model, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs)
    print(model->score(x));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :45:55: note: 'score' runs a forward pass here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
}

void positiveScoreAndStepLoop(Model &model, const std::vector<torch::Tensor> &xs,
                              const torch::Tensor &y) {
  for (const auto &x : xs)
    print(model->scoreAndStep(x, y));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :48:23: note: 'scoreAndStep' runs a forward pass here
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
}
