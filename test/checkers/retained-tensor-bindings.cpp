// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// Every way C++ names a value reaches the same provenance: structured
// bindings, references, auto&&, lambda captures, std::get.

#include <torch/torch.h>

#include <tuple>
#include <vector>

struct Rnn : torch::nn::Module {
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x,
                                                   const torch::Tensor &h) {
    return {x, h};
  }
};

class Agent {
public:
  // Per call: a member keeps each call's graph.
  void positiveBinding(Rnn &model, const torch::Tensor &x, const torch::Tensor &h0) {
    auto [logits, h] = model.forward(x, h0);
    kept_.push_back(logits);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'kept_' keeps every call's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:24: note: the graph it keeps alive is built here
  }
  void positiveGet(Rnn &model, const torch::Tensor &x, const torch::Tensor &h0) {
    auto out = model.forward(x, h0);
    kept_.push_back(std::get<0>(out));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'kept_' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:16: note: the graph it keeps alive is built here
  }
  void positiveForwardingRef(Rnn &model, const torch::Tensor &x, const torch::Tensor &h0) {
    auto &&[logits, h] = model.forward(x, h0);
    const auto &ref = logits;
    kept_.push_back(ref);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'kept_' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-4]]:26: note: the graph it keeps alive is built here
  }
  void positiveLambdaCapture(Rnn &model, const torch::Tensor &x, const torch::Tensor &h0) {
    auto [logits, h] = model.forward(x, h0);
    callbacks_.push_back([logits] { return logits.sum(); });
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'callbacks_' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:24: note: the graph it keeps alive is built here
  }

  // Cut: detached or a number, through the same names.
  void negativeBindingDetached(Rnn &model, const torch::Tensor &x, const torch::Tensor &h0) {
    auto [logits, h] = model.forward(x, h0);
    kept_.push_back(logits.detach());
    values_.push_back(logits.item<double>());
    auto &&d = logits.detach();
    kept_.push_back(d);
  }

  // Unrolled predictions kept for a loss differentiated after the loop,
  // read back through structured bindings (nth-eye/MuZero-libtorch
  // mu_zero.h:144, a false finding once a read-only size() loop stopped
  // counting as a bound): the graph is needed by that backward.
  float negativeUnrollReadBackByBinding(Rnn &model, const std::vector<torch::Tensor> &xs,
                                        torch::Tensor h) {
    auto loss = torch::zeros({1});
    std::vector<std::tuple<float, torch::Tensor, torch::Tensor>> predictions;
    for (const torch::Tensor &x : xs) {
      auto [y, h2] = model.forward(x, h);
      predictions.emplace_back(0.5f, y, h2);
      h = h2;
    }
    for (size_t i = 0; i < predictions.size(); ++i) {
      auto [scale, y, h2] = predictions[i];
      auto l = y.sum() + h2.sum();
      loss += l * scale;
    }
    loss.backward();
    return loss.item<float>();
  }

private:
  std::vector<torch::Tensor> kept_;
  std::vector<double> values_;
  std::vector<std::function<torch::Tensor()>> callbacks_;
};
