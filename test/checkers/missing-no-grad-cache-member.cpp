// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A forward pass's output cached under a key in a map member of its class
// (`cache_[node] = probs`) and read back only as numbers is inference: the
// cache keeps the graph, but no backward pass can use it (instance01/
// BootlegAlphaZero mcts.cpp:77, an MCTS policy cache). The store is no loss
// only when every read of the member, in every function of the file, is a
// cut; a cache whose values some code reads into a loss, returns, or that is
// public (without a project index) keeps the finding away.

#include <torch/torch.h>

#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>
#include <vector>

struct Node {
  torch::Tensor state;
  std::vector<std::shared_ptr<Node>> children;
  int action = 0;
};

struct PolicyNetImpl : torch::nn::Module {
  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    return {fc->forward(x), fc->forward(x * 2)};
  }
  torch::nn::Linear fc{nullptr};
};
struct PolicyNet : torch::nn::ModuleHolder<PolicyNetImpl> {
  using ModuleHolder<PolicyNetImpl>::ModuleHolder;
};

class Search {
public:
  std::shared_ptr<Node> positiveBest(std::shared_ptr<Node> parent);
  void positiveRoot(std::shared_ptr<Node> root);
  void reset() { cache_.clear(); }

private:
  double ucb(const std::shared_ptr<Node> &child, const torch::Tensor &probs) {
    return probs[0][child->action].item<double>();
  }
  PolicyNet net_{nullptr};
  std::unordered_map<std::shared_ptr<Node>, torch::Tensor> cache_;
};

std::shared_ptr<Node> Search::positiveBest(std::shared_ptr<Node> parent) {
  auto cached = cache_.find(parent);
  torch::Tensor probs;
  if (cached == cache_.end()) {
    std::tie(probs, std::ignore) = net_->forward(parent->state);
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    cache_[parent] = probs;
  } else {
    probs = cached->second;
  }
  double top = -1;
  std::shared_ptr<Node> pick;
  for (const auto &child : parent->children) {
    double u = ucb(child, probs);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
    if (u > top) {
      top = u;
      pick = child;
    }
  }
  return pick;
}

// The root's policy, noised in place and cached (mcts.cpp:158).
void Search::positiveRoot(std::shared_ptr<Node> root) {
  torch::Tensor probs;
  std::tie(probs, std::ignore) = net_->forward(root->state);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  for (int i = 0; i < 4; ++i)
    probs[0][i] = probs[0][i] * 0.75 + torch::ones({1}) * 0.25;
  cache_.emplace(root, probs);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
}

// The cache filled under a guard: covered.
class GuardedSearch {
public:
  double negativeGuarded(std::shared_ptr<Node> n) {
    torch::NoGradGuard no_grad;
    torch::Tensor probs = std::get<0>(net_->forward(n->state));
    cache_[n] = probs;
    return probs[0][0].item<double>();
  }
  // The guard held by the caller, the only call of the filling method.
  double negativeCallerGuards(std::shared_ptr<Node> n) {
    torch::NoGradGuard no_grad;
    return fill(n);
  }

private:
  double fill(std::shared_ptr<Node> n) {
    torch::Tensor probs = std::get<0>(net_->forward(n->state));
    cache_[n] = probs;
    return probs[0][0].item<double>();
  }
  PolicyNet net_{nullptr};
  std::map<std::shared_ptr<Node>, torch::Tensor> cache_;
};

// Training through the cache: another method reads the cached values into
// a loss.
class TrainedCache {
public:
  double negativeFill(std::shared_ptr<Node> n) {
    torch::Tensor probs = std::get<0>(net_->forward(n->state));
    cache_[n] = probs;
    return probs[0][0].item<double>();
  }
  void learn(std::shared_ptr<Node> n, const torch::Tensor &target) {
    torch::mse_loss(cache_.at(n), target).backward();
  }

private:
  PolicyNet net_{nullptr};
  std::map<std::shared_ptr<Node>, torch::Tensor> cache_;
};

// A getter hands the cached values out, graph and all.
class HandedOut {
public:
  double negativeFill(std::shared_ptr<Node> n) {
    torch::Tensor probs = std::get<0>(net_->forward(n->state));
    cache_.emplace(n, probs);
    return probs[0][0].item<double>();
  }
  torch::Tensor get(const std::shared_ptr<Node> &n) { return cache_[n]; }

private:
  PolicyNet net_{nullptr};
  std::map<std::shared_ptr<Node>, torch::Tensor> cache_;
};

// A public cache: code of any file may read it, and without a project
// index nothing says how.
struct PublicCache {
  double negativePublic(std::shared_ptr<Node> n) {
    torch::Tensor probs = std::get<0>(net->forward(n->state));
    cache[n] = probs;
    return probs[0][0].item<double>();
  }
  PolicyNet net{nullptr};
  std::unordered_map<std::shared_ptr<Node>, torch::Tensor> cache;
};

// Appended to a vector member, not cached under a key: a training loop's
// outputs collected for a later loss look the same.
class Appended {
public:
  double negativeAppend(std::shared_ptr<Node> n) {
    torch::Tensor probs = std::get<0>(net_->forward(n->state));
    outs_.push_back(probs);
    return probs[0][0].item<double>();
  }
  size_t count() const { return outs_.size(); }

private:
  PolicyNet net_{nullptr};
  std::vector<torch::Tensor> outs_;
};
