// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A callee that stores a new tensor built from its argument's metadata
// (sizes, options, dtype, device, ...) does not keep the argument: the new
// tensor shares neither its data nor its graph. One that stores the
// argument, or a value computed from its data, does.

#include <torch/torch.h>

#include <map>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

// The new user's helper: a shape-keyed scratch cache. The cache itself grows
// for every new shape (reported at the insertion), but it holds zeros, not t.
torch::Tensor scratch_like(const torch::Tensor &t) {
  static std::map<std::vector<int64_t>, torch::Tensor> cache;
  std::vector<int64_t> key(t.sizes().begin(), t.sizes().end());
  auto it = cache.find(key);
  if (it == cache.end())
    it = cache.emplace(key, torch::zeros(t.sizes(), t.options())).first;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'cache' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-2]]:29: note: the cached tensor is created here
  return it->second;
}

static std::vector<torch::Tensor> g_kept;

void keepZeros(const torch::Tensor &t) {
  g_kept.push_back(torch::zeros(t.sizes(), t.options()));
}
void keepFull(const torch::Tensor &t) {
  g_kept.push_back(torch::full({t.size(0), t.dim(), t.numel()}, 0.0,
                               torch::TensorOptions()
                                   .device(t.device())
                                   .dtype(t.scalar_type())));
}
void keepLocalOptions(const torch::Tensor &t) {
  auto opts = t.options();
  auto shape = t.sizes();
  g_kept.push_back(torch::empty(shape, opts));
}
void keepZerosLike(const torch::Tensor &t) {
  g_kept.push_back(torch::zeros_like(t, t.options()));
}
void keepVia(const torch::Tensor &t) { keepZeros(t); }

void keepSelf(const torch::Tensor &t) { g_kept.push_back(t); }
void keepScaled(const torch::Tensor &t) { g_kept.push_back(t * 2); }
void keepClone(const torch::Tensor &t) { g_kept.push_back(t.clone()); }
void keepFreshPlusData(const torch::Tensor &t) {
  g_kept.push_back(torch::zeros(t.sizes(), t.options()) + t);
}

void negativeMetadataOnly(Net &net, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor out = net.forward(torch::randn({8, 4}));
    auto s = scratch_like(out);
    keepZeros(out);
    keepFull(out);
    keepLocalOptions(out);
    keepZerosLike(out);
    keepVia(out);
    out.sum().backward();
  }
}

void positiveDataKept(Net &net, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor out = net.forward(torch::randn({8, 4}));
    keepSelf(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'keepSelf', which keeps it in 'g_kept', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :52:41: note: 'keepSelf' keeps it in 'g_kept' here
    // CHECK-MESSAGES: :74:25: note: the graph it keeps alive is built here
    keepScaled(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'keepScaled', which keeps it in 'g_kept', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :53:43: note: 'keepScaled' keeps it in 'g_kept' here
    // CHECK-MESSAGES: :74:25: note: the graph it keeps alive is built here
    keepClone(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'keepClone', which keeps it in 'g_kept', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :54:42: note: 'keepClone' keeps it in 'g_kept' here
    // CHECK-MESSAGES: :74:25: note: the graph it keeps alive is built here
    keepFreshPlusData(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'keepFreshPlusData', which keeps it in 'g_kept', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :56:3: note: 'keepFreshPlusData' keeps it in 'g_kept' here
    // CHECK-MESSAGES: :74:25: note: the graph it keeps alive is built here
    out.sum().backward();
  }
}
