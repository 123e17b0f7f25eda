// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A member carried by one method is cut by a detach elsewhere in the file
// only when that detach resets the member (a `detachHidden()` called by the
// training loop, a `reset()`), or is in the carrying method itself; not by
// an alternative step of the same class that carries the member through its
// own forward pass and detaches what it stores (trial 18, D6:
// `train_segment_safe` doing `memory_ = detach_state(...)` hid the carry of
// `train_segment`, with the index, in gpuleak-tidy, the plugin and clangd,
// while `gpuleak check` reported it). test/cli/project-alternative-step.test
// has the detaching helper in another file.

#include <torch/torch.h>

#include <tuple>

torch::Tensor detach_state(const torch::Tensor &s) { return s.detach(); }
torch::Tensor next_memory(const torch::Tensor &m) { return m.slice(0, 0, 4); }

// Reported: the safe variant does not run before step() repeats.
struct Segmenter {
  torch::nn::Linear m{8, 8};
  torch::Tensor mem_;
  void step(const torch::Tensor &x) {
    auto out = m->forward(x + mem_);
    out.sum().backward({}, /*retain_graph=*/true);
    mem_ = next_memory(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mem_' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-4]]:16: note: the graph it keeps reachable is built here, from the carried value
  }
  void stepSafe(const torch::Tensor &x) {
    auto out = m->forward(x + mem_);
    out.sum().backward();
    mem_ = detach_state(next_memory(out));
  }
};

// Reported: the alternative detaches in place after its own step.
struct InPlaceAlternative {
  torch::nn::Linear m{8, 8};
  torch::Tensor state_;
  void step(const torch::Tensor &x) {
    auto out = m->forward(x + state_);
    out.sum().backward({}, /*retain_graph=*/true);
    state_ = out;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'state_' is carried into the next call with its autograd graph{{.*}}
    // CHECK-MESSAGES: :[[@LINE-4]]:16: note: the graph it keeps reachable is built here, from the carried value
  }
  void stepSafe(const torch::Tensor &x) {
    auto out = m->forward(x + state_);
    out.sum().backward();
    state_ = out;
    state_.detach_();
  }
};

// Not reported: a method that only detaches the member (the loop calls it
// after each step), element by element or in place.
struct Forecaster {
  torch::nn::LSTM lstm{nullptr};
  std::tuple<torch::Tensor, torch::Tensor> hidden_;
  torch::Tensor forward(const torch::Tensor &x) {
    auto out = lstm->forward(x, hidden_);
    hidden_ = std::get<1>(out);
    return std::get<0>(out);
  }
  void detachHidden() {
    std::get<0>(hidden_) = std::get<0>(hidden_).detach();
    std::get<1>(hidden_) = std::get<1>(hidden_).detach();
  }
};

struct InPlaceReset {
  torch::nn::Linear m{8, 8};
  torch::Tensor state_;
  void step(const torch::Tensor &x) {
    auto out = m->forward(x + state_);
    out.sum().backward({}, /*retain_graph=*/true);
    state_ = out;
  }
  void detachState() { state_.detach_(); }
};

// Not reported: a reset to a value without history.
struct Resettable {
  torch::nn::Linear m{8, 8};
  torch::Tensor mem_;
  void step(const torch::Tensor &x) {
    auto out = m->forward(x + mem_);
    out.sum().backward({}, /*retain_graph=*/true);
    mem_ = out;
  }
  void reset() { mem_ = torch::zeros({8}); }
};

// Not reported: the carrying method detaches the member itself, after the
// backward pass.
struct SelfDetaching {
  torch::nn::Linear m{8, 8};
  torch::Tensor mem_;
  void step(const torch::Tensor &x) {
    auto out = m->forward(x + mem_);
    mem_ = out;
    out.sum().backward();
    mem_.detach_();
  }
};

void train(Segmenter &s, InPlaceAlternative &a, Forecaster &f,
           InPlaceReset &r, Resettable &z, SelfDetaching &d, bool safe,
           const torch::Tensor &x) {
  for (int i = 0; i < 100; ++i) {
    if (safe) {
      s.stepSafe(x);
      a.stepSafe(x);
    } else {
      s.step(x);
      a.step(x);
    }
    f.forward(x).sum().backward();
    f.detachHidden();
    r.step(x);
    r.detachState();
    z.step(x);
    d.step(x);
  }
  z.reset();
}
