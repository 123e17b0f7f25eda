// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A cache held in a member map: unbounded like a static one when its key is
// computed from a tensor's shape (data flow), never evicted. A member map
// keyed by an id, a step or a device is not a shape cache, whatever its
// key's type. (CI trial 15, L12.)

#include <torch/torch.h>

#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

// ---- positives ----

// A cache template whose key the callers give: `{len, dim}` from a
// tensor's size, through a parameter of the method that calls it.
template <typename Key> class TensorCache {
public:
  template <typename Make>
  const torch::Tensor &get_or_make(const Key &key, Make &&make) {
    auto it = cache_.find(key);
    if (it != cache_.end())
      return it->second;
    return cache_.emplace(key, make()).first->second;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cache_' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:32: note: the cached tensor is created here
  }
  size_t size() const { return cache_.size(); }

private:
  std::map<Key, torch::Tensor> cache_;
};

class Encoder {
public:
  torch::Tensor positional(int64_t len, int64_t dim) {
    return pos_.get_or_make({len, dim}, [&] { return torch::ones({len, dim}); });
  }
  torch::Tensor encode(const torch::Tensor &x) {
    return x + positional(x.size(1), dim_);
  }

private:
  int64_t dim_ = 16;
  TensorCache<std::pair<int64_t, int64_t>> pos_;
};

// A mask per batch size, the key taken from the input in the method itself.
class Masker {
public:
  const torch::Tensor &mask(const torch::Tensor &x) {
    int64_t n = x.size(0);
    auto it = masks_.find(n);
    if (it == masks_.end())
      it = masks_.emplace(n, torch::ones({n, n})).first;
      // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'masks_' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
      // CHECK-MESSAGES: :[[@LINE-2]]:30: note: the cached tensor is created here
    return it->second;
  }

private:
  std::unordered_map<int64_t, torch::Tensor> masks_;
};

// A workspace per input shape, filled through the subscript.
class Workspace {
public:
  torch::Tensor &buffer(const torch::Tensor &x) {
    auto key = x.sizes().vec();
    if (!buffers_.count(key))
      buffers_[key] = torch::empty(x.sizes());
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'buffers_' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
      // CHECK-MESSAGES: :[[@LINE-2]]:23: note: the cached tensor is created here
    return buffers_[key];
  }

private:
  std::map<std::vector<int64_t>, torch::Tensor> buffers_;
};

// ---- negatives ----

// Keyed by an id the caller counts, not by a shape.
class Registry {
public:
  void add(int64_t id, const torch::Tensor &t) { by_id_.emplace(id, t.clone()); }
  void load(int n) {
    for (int64_t id = 0; id < n; ++id)
      add(id, torch::zeros({4}));
  }

private:
  std::unordered_map<int64_t, torch::Tensor> by_id_;
};

// Keyed by a shape, but evicted past a bound.
class BoundedMasker {
public:
  const torch::Tensor &mask(const torch::Tensor &x) {
    int64_t n = x.size(0);
    auto it = masks_.find(n);
    if (it == masks_.end()) {
      if (masks_.size() >= 8)
        masks_.erase(masks_.begin());
      it = masks_.emplace(n, torch::ones({n, n})).first;
    }
    return it->second;
  }

private:
  std::map<int64_t, torch::Tensor> masks_;
};

// Keyed by a shape, cleared by a method of the class.
class ResettableWorkspace {
public:
  torch::Tensor &buffer(const torch::Tensor &x) {
    int64_t rows = x.size(0);
    if (!buffers_.count(rows))
      buffers_[rows] = torch::empty({rows, 4});
    return buffers_[rows];
  }
  void reset() { buffers_.clear(); }

private:
  std::unordered_map<int64_t, torch::Tensor> buffers_;
};

// Keyed by a device index: bounded by design.
class PerDevice {
public:
  const torch::Tensor &ones(int device, const torch::Tensor &x) {
    auto it = per_device_.find(device);
    if (it == per_device_.end())
      it = per_device_.emplace(device, torch::ones({x.size(0)})).first;
    return it->second;
  }

private:
  std::map<int, torch::Tensor> per_device_;
};

// The cache template used with a key that is not a shape (a layer index).
class LayerScales {
public:
  torch::Tensor scale(int64_t layer) {
    return scales_.get_or_make(layer, [&] { return torch::ones({4}); });
  }
  void run(const torch::Tensor &x, int layers) {
    for (int64_t l = 0; l < layers; ++l)
      (void)(x * scale(l));
  }

private:
  TensorCache<int64_t> scales_;
};
