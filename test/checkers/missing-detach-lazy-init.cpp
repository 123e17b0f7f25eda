// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A member state given its first value lazily (`if (!hidden_.defined())
// hidden_ = torch::zeros(...)`, or a `reset_hidden()` called only there)
// and then carried from call to call without detach: the lazy write runs
// only while the member holds no tensor and cuts no carry (trial 19, D3:
// before, it was taken for a reset of the member, and the carry was
// dropped). Run by a loop with grad mode on and no backward through the
// state (an evaluation pass that forgot its guard), every call's graph
// stays reachable. (With a backward through the state on every step and an
// optimizer step between, PyTorch fails at the second step instead.)

#include <torch/torch.h>

struct LazyImpl : torch::nn::Module {
  torch::nn::Linear cell{8, 8};
  torch::Tensor hidden_;
  torch::Tensor step(const torch::Tensor &x) {
    if (!hidden_.defined())
      hidden_ = torch::zeros({4, 8});
    auto nh = cell->forward(x + hidden_);
    hidden_ = nh;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'hidden_' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-3]]:15: note: the graph it keeps reachable is built here, from the carried value
    return nh;
  }
};

struct LazyResetImpl : torch::nn::Module {
  torch::nn::Linear cell{8, 8};
  torch::Tensor hidden_;
  void reset_hidden(int64_t n) { hidden_ = torch::zeros({n, 8}); }
  torch::Tensor step(const torch::Tensor &x) {
    if (!hidden_.defined()) reset_hidden(x.size(0));
    auto nh = cell->forward(x + hidden_);
    hidden_ = nh;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'hidden_' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-3]]:15: note: the graph it keeps reachable is built here, from the carried value
    return nh;
  }
};

void evaluate(LazyImpl &a, LazyResetImpl &b) {
  for (int t = 0; t < 100000; ++t) {
    a.step(torch::randn({4, 8}));
    b.step(torch::randn({4, 8}));
  }
}

// Not reported: the carried value is detached.
struct DetachedImpl : torch::nn::Module {
  torch::nn::Linear cell{8, 8};
  torch::Tensor hidden_;
  torch::Tensor step(const torch::Tensor &x) {
    if (!hidden_.defined())
      hidden_ = torch::zeros({4, 8});
    auto nh = cell->forward(x + hidden_);
    hidden_ = nh.detach();
    return nh;
  }
};

// Not reported: the reset method is also called per episode, not only lazily.
struct EpisodeResetImpl : torch::nn::Module {
  torch::nn::Linear cell{8, 8};
  torch::Tensor hidden_;
  void reset_hidden() { hidden_ = torch::zeros({4, 8}); }
  torch::Tensor step(const torch::Tensor &x) {
    if (!hidden_.defined()) reset_hidden();
    auto nh = cell->forward(x + hidden_);
    hidden_ = nh;
    return nh;
  }
};

void episodes(EpisodeResetImpl &m) {
  for (int e = 0; e < 100; ++e) {
    m.reset_hidden();
    for (int t = 0; t < 100; ++t)
      m.step(torch::randn({4, 8}));
  }
}

// Not reported: a detach of the state in its own step, after the lazy init.
struct TbpttImpl : torch::nn::Module {
  torch::nn::Linear cell{8, 8};
  torch::Tensor hidden_;
  torch::Tensor step(const torch::Tensor &x, bool cut) {
    if (!hidden_.defined())
      hidden_ = torch::zeros({4, 8});
    if (cut)
      hidden_ = hidden_.detach();
    auto nh = cell->forward(x + hidden_);
    hidden_ = nh;
    return nh;
  }
};

// Not reported: every caller holds a guard.
struct GuardedImpl : torch::nn::Module {
  torch::nn::Linear cell{8, 8};
  torch::Tensor hidden_;
  torch::Tensor step(const torch::Tensor &x) {
    if (!hidden_.defined())
      hidden_ = torch::zeros({4, 8});
    auto nh = cell->forward(x + hidden_);
    hidden_ = nh;
    return nh;
  }
};

void serve(GuardedImpl &g) {
  torch::NoGradGuard guard;
  for (int t = 0; t < 100000; ++t)
    g.step(torch::randn({4, 8}));
}
