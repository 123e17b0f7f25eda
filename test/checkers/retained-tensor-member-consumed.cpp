// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A member overwritten on every call whose graph a backward pass consumes
// through what a method of its class returns (docs/checks/
// retained-tensor.md): LorenzoMauro/Vortex `PathGuidingNetwork.cpp:109`,
// whose run() assigns the network's outputs to members that evaluate() and
// getLastRunSamplingFraction() hand to the training loss, backpropagated
// by Npg::trainStep. One graph at a time is kept, and backward frees it.
// Since 2026-12-03 a member overwritten per call is not reported whatever
// consumes it (last_, read only for printing, was reported before): it
// holds one graph at a time. The member appended to on every call grows.

#include <torch/torch.h>

#include <vector>

void print(float v) {}
torch::Tensor prob(const torch::Tensor &s, const torch::Tensor &p,
                   const torch::Tensor &w) {
  return s * p + w;
}

class Guide {
public:
  void run(const torch::Tensor &x) {
    torch::Tensor out = net->forward(x);
    params_ = out * 2;
    weights_ = out + out;
    c_ = out * out;
    last_ = out; // one graph at a time, only printed: not reported either
    history_.push_back(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'history_' keeps every call's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-7]]:25: note: the graph it keeps alive is built here
  }
  // Through a local of the method that returns it.
  torch::Tensor evaluate(const torch::Tensor &x, const torch::Tensor &s) {
    run(x);
    torch::Tensor p = prob(s, params_, weights_);
    return p;
  }
  torch::Tensor &fraction() { return c_; }
  // Read only for printing.
  float lastValue() { return last_.sum().item<float>(); }
  // Appended on every call: the list grows, whatever consumes it.
  torch::Tensor latest() { return history_.back(); }

  torch::nn::Linear net{nullptr};

private:
  torch::Tensor params_, weights_, c_, last_;
  std::vector<torch::Tensor> history_;
};

void trainStep(Guide &g, const torch::Tensor &x, const torch::Tensor &s) {
  torch::Tensor pdf = g.evaluate(x, s);
  torch::Tensor c = g.fraction();
  torch::Tensor loss = (c * pdf).mean() + g.latest().mean();
  loss.backward();
  print(g.lastValue());
}

void train(Guide &g, const std::vector<torch::Tensor> &xs, const torch::Tensor &s) {
  for (const auto &x : xs)
    trainStep(g, x, s);
}
