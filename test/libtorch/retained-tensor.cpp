// gpuleak-retained-tensor on the real LibTorch 2.11 headers, so that the mocks
// in test/Inputs cannot drift from them.
// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-retained-tensor,gpuleak-missing-detach %t -- -std=c++17 %torch_flags

#include <torch/script.h>
#include <torch/torch.h>

#include <map>
#include <tuple>
#include <vector>

struct Policy : torch::nn::Module {
  Policy() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

void positiveAccumulate(Policy &policy, torch::optim::Adam &opt, int steps) {
  torch::Tensor total_loss = torch::zeros({});
  for (int step = 0; step < steps; ++step) {
    torch::Tensor x = torch::randn({8, 4});
    opt.zero_grad();
    torch::Tensor loss = torch::mse_loss(policy.forward(x), torch::zeros({8, 2}));
    loss.backward();
    opt.step();
    total_loss += loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'total_loss' keeps every iteration's graph alive; accumulate a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-5]]:42: note: the graph it keeps alive is built here
  }
  (void)(total_loss / steps).item<float>();
}

void positiveContainers(torch::nn::Sequential &model, torch::jit::Module &scripted, int n) {
  std::vector<torch::Tensor> outs;
  std::vector<torch::jit::IValue> results;
  for (int i = 0; i < n; ++i) {
    auto y = model->forward(torch::randn({1, 4}));
    outs.push_back(y.to(torch::kCPU));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'outs' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:14: note: the graph it keeps alive is built here
    results.emplace_back(scripted.forward({torch::randn({1, 4})}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'results' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:26: note: the graph it keeps alive is built here
  }
}

const torch::Tensor &positiveShapeCache(int64_t rows, int64_t cols, const torch::Device &device) {
  static std::map<std::tuple<int64_t, int64_t>, torch::Tensor> cache;
  auto it = cache.find({rows, cols});
  if (it == cache.end())
    it = cache.emplace(std::make_tuple(rows, cols), torch::ones({rows, cols}, device)).first;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'cache' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-2]]:53: note: the cached tensor is created here
  return it->second;
}

// `t = torch::cat({t, v})` and its first-iteration twin, with the real
// `at::cat(const ITensorListRef &, int64_t)`: the braced list passes the old
// value on (before 2026-12-02 only `t = t + v` was seen).
void positiveCatGrowth(Policy &policy, int n) {
  torch::Tensor all, firstThen;
  for (int i = 0; i < n; ++i) {
    torch::Tensor out = policy.forward(torch::randn({1, 4}));
    all = torch::cat({all, out});
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'all' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
    if (i == 0)
      firstThen = out;
    else
      firstThen = torch::cat({firstThen, out}, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: accumulating a tensor that carries autograd history into 'firstThen' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
  }
  std::cout << all.sum().item<float>() << firstThen.sum().item<float>() << "\n";
}

// ---- negatives ----

void negativeItemDetachNoGrad(Policy &policy, torch::jit::Module &scripted, int n) {
  std::vector<float> history;
  std::vector<torch::Tensor> kept, preds;
  torch::Tensor total = torch::zeros({});
  for (int i = 0; i < n; ++i) {
    auto loss = policy.forward(torch::randn({1, 4})).sum();
    loss.backward();
    history.push_back(loss.item<float>());
    kept.push_back(loss.detach());
    total += loss.detach().cpu();
    {
      torch::NoGradGuard no_grad;
      preds.push_back(scripted.forward({torch::randn({1, 4})}).toTensor());
    }
  }
}

void negativeOneGraph(torch::jit::Module &model, std::vector<torch::Tensor> &out) {
  torch::jit::IValue result = model.forward({torch::randn({1})});
  for (const auto &item : result.toTuple()->elements())
    out.push_back(item.toTensor());
}
