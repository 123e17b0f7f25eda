// RUN: %check_tidy %s gpuleak-retained-tensor,gpuleak-missing-detach %t -- -std=c++17 %mocks

// A member overwritten on every call (or iteration) with a value that does
// not depend on its old value holds one graph at a time: bounded retention,
// not growth, and not reported wherever it is assigned (since 2026-12-03;
// the fourteenth labelled set's lenLRX/PytorchCppCodes `GAIL/Env.cpp:276`,
// `A3CEnv.cpp:121`, `MiniEnv.cpp:143`: a member overwritten each step with
// that step's probabilities, only printed). What grows is still reported:
// appends into member or static containers, accumulation through the old
// value, a value fed back through a forward pass (gpuleak-missing-detach),
// an element appended per step and then written, and caches.

#include <torch/torch.h>

#include <map>
#include <tuple>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

std::tuple<torch::Tensor, torch::Tensor> split(const torch::Tensor &t) {
  return {t * 2, t * t};
}

struct Record {
  torch::Tensor loss;
};

struct Stats {
  torch::Tensor probs;
  torch::Tensor value;
};

class Env {
public:
  // Negative: plain overwrites of members, in a loop or once per call.
  void negativeStep(const torch::Tensor &obs) {
    torch::Tensor action_prob = net_.forward(obs).softmax(1);
    last_tensor_ = action_prob;            // `m_ = t`
    scaled_ = torch::tanh(action_prob * 2); // `m_ = f(t)`
    stats_.probs = action_prob;            // a struct field of a member
    std::tie(first_, second_) = split(action_prob); // std::tie into members
    shared_ = action_prob;                 // a static data member
  }
  void negativeRollout(const std::vector<torch::Tensor> &obs) {
    for (const auto &o : obs) {
      torch::Tensor out = net_.forward(o);
      last_tensor_ = out;                  // overwritten every iteration
      records_.back().loss = out.sum();    // the last element, not a new one
    }
  }
  // Negative: a setter of a member called in a loop keeps one value.
  void set(const torch::Tensor &t) { last_tensor_ = t; }
  void negativeSetterInLoop(const std::vector<torch::Tensor> &obs) {
    for (const auto &o : obs)
      set(net_.forward(o));
  }
  // Negative: `h_ = enc(x); h_ = dec(h_);` reads the value assigned in the
  // same call, not a carried one.
  void negativeReassigned(const torch::Tensor &x) {
    h_ = net_.forward(x);
    h_ = torch::tanh(h_);
  }

  // Positive: appended to a member container.
  void positiveAppend(const torch::Tensor &obs) {
    torch::Tensor out = net_.forward(obs);
    history_.push_back(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'history_' keeps every call's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:25: note: the graph it keeps alive is built here
  }
  // Positive: appended to a static container.
  void positiveStaticAppend(const torch::Tensor &obs) {
    static std::vector<torch::Tensor> seen;
    seen.push_back(net_.forward(obs));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'seen' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:20: note: the graph it keeps alive is built here
  }
  // Positive: accumulated through the old value.
  void positiveAccumulate(const torch::Tensor &obs) {
    torch::Tensor loss = net_.forward(obs).sum();
    total_ += loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'total_' keeps every call's graph alive; accumulate a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:26: note: the graph it keeps alive is built here
    running_ = running_ * 0.9 + loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'running_' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-6]]:26: note: the graph it keeps alive is built here
    trace_ = torch::cat({trace_, loss});
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'trace_' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-9]]:26: note: the graph it keeps alive is built here
  }
  // Positive: the old value fed back through a forward pass (a carry,
  // gpuleak-missing-detach).
  void positiveCarry() {
    state_ = net_.forward(state_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'state_' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-2]]:14: note: the graph it keeps reachable is built here, from the carried value
  }
  // Positive: an element appended per call, then written.
  void positiveAppendedElement(const torch::Tensor &obs) {
    records_.emplace_back();
    records_.back().loss = net_.forward(obs);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'records_' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:28: note: the graph it keeps alive is built here
  }

private:
  Net net_;
  torch::Tensor last_tensor_, scaled_, first_, second_, h_;
  torch::Tensor total_, running_, trace_, state_;
  Stats stats_;
  static torch::Tensor shared_;
  std::vector<torch::Tensor> history_;
  std::vector<Record> records_;
};

void train(Env &env, const std::vector<torch::Tensor> &obs) {
  for (const auto &o : obs) {
    env.negativeStep(o);
    env.positiveAppend(o);
    env.positiveStaticAppend(o);
    env.positiveAccumulate(o);
    env.positiveCarry();
    env.positiveAppendedElement(o);
  }
}
