// RUN: %check_tidy -fix %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

#include <torch/script.h>
#include <torch/torch.h>

#include <functional>
#include <map>
#include <tuple>
#include <unordered_map>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

// ---- accumulation ----

void positiveAccumulate(Net &net, int steps) {
  torch::Tensor total_loss = torch::zeros({});
  for (int step = 0; step < steps; ++step) {
    torch::Tensor x = torch::randn({8, 4});
    torch::Tensor loss = torch::mse_loss(net.forward(x), x);
    loss.backward();
    total_loss += loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'total_loss' keeps every iteration's graph alive; accumulate a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-4]]:42: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    total_loss += loss.item<double>();{{$}}
  }
  double mean = (total_loss / steps).item<double>();
  (void)mean;
}

// Returning a number taken from the accumulator does not return the graph.
double positiveReturnsItem(Net &net, int steps) {
  torch::Tensor epoch_loss = torch::zeros({});
  for (int step = 0; step < steps; ++step) {
    auto loss = torch::nn::functional::cross_entropy(net.forward(torch::randn({8, 4})), torch::zeros({8}));
    epoch_loss += loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'epoch_loss' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:54: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    epoch_loss += loss.item<double>();{{$}}
  }
  return epoch_loss.item<double>();
}

// The accumulator is also used as a tensor: .detach() keeps it one.
torch::Tensor lastTotal;
void positiveAccumulateDetach(torch::nn::Linear &model, int steps) {
  torch::Tensor total = torch::zeros({});
  for (int step = 0; step < steps; ++step) {
    auto out = model(torch::randn({8, 4}));
    total += out.sum();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'total' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:16: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    total += out.sum().detach();{{$}}
  }
  lastTotal = total.detach();
}

// `t = t + v` and `t.add_(v)` accumulate too; clone() and cpu() keep history.
void positiveAccumulateSpellings(Net &net, int steps) {
  torch::Tensor a = torch::zeros({}), b = torch::zeros({});
  for (int i = 0; i < steps; ++i) {
    auto y = net.forward(torch::randn({2, 4})).clone();
    a = a + y.cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'a' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:14: note: the graph it keeps alive is built here
    b.add_(y);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'b' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-6]]:14: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    b.add_(y.detach());{{$}}
  }
  (void)a.item<double>();
  (void)b.item<double>();
}

// ---- containers ----

void positiveVector(torch::nn::Sequential &model, int steps) {
  std::vector<torch::Tensor> outputs;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor out = model->forward(torch::randn({4, 4}));
    outputs.push_back(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'outputs' keeps every iteration's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:25: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    outputs.push_back(out.detach());{{$}}
  }
}

// Aliases, auto, references to the container, and a map.
using Batch = at::Tensor;
void positiveSpellings(Net &net, const std::vector<Batch> &batches) {
  std::map<int, Batch> by_step;
  std::vector<Batch> kept;
  auto &alias = kept;
  int step = 0;
  for (const Batch &b : batches) {
    auto logits = net.forward(b);
    by_step[step++] = logits;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'by_step' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:19: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    by_step[step++] = logits.detach();{{$}}
    alias.emplace_back(logits.to(torch::kCPU));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'kept' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-7]]:19: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    alias.emplace_back(logits.to(torch::kCPU).detach());{{$}}
  }
}

// TorchScript outputs held as IValue.
void positiveJit(torch::jit::Module &module, int n) {
  std::vector<torch::jit::IValue> results;
  for (int i = 0; i < n; ++i) {
    std::vector<torch::jit::IValue> inputs{torch::randn({1, 3})};
    results.push_back(module.forward(inputs));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'results' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:23: note: the graph it keeps alive is built here
  }
}

// The loss comes from a helper of this file.
static torch::Tensor computeLoss(Net &net, const torch::Tensor &x) {
  return torch::nn::functional::mse_loss(net.forward(x), x);
}
void positiveThroughHelper(Net &net, int n) {
  std::vector<torch::Tensor> losses;
  for (int i = 0; i < n; ++i) {
    losses.push_back(computeLoss(net, torch::randn({2, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'losses' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:22: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    losses.push_back(computeLoss(net, torch::randn({2, 4})).detach());{{$}}
  }
}

// An operation on a tensor that requires grad builds a graph.
void positiveLeaf(int n) {
  torch::Tensor w = torch::randn({4}, torch::TensorOptions().requires_grad(true));
  std::vector<torch::Tensor> ys;
  for (int i = 0; i < n; ++i) {
    auto y = torch::tanh(w);
    ys.push_back(y);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'ys' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:14: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    ys.push_back(y.detach());{{$}}
  }
}

// A long-lived callback captures the loss.
std::vector<std::function<double()>> callbacks;
void positiveLambdaCapture(Net &net) {
  auto loss = net.forward(torch::randn({2, 4})).sum();
  callbacks.push_back([loss] { return loss.item<double>(); });
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: storing a tensor that carries autograd history in 'callbacks' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-3]]:15: note: the graph it keeps alive is built here
}

// ---- members, globals and statics ----

class Trainer {
public:
  void step(const torch::Tensor &x) {
    auto loss = net_.forward(x).sum();
    loss.backward();
    history_.push_back(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'history_' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-4]]:17: note: the graph it keeps alive is built here
    // Not reported (since 2026-12-03): a member overwritten on every call
    // holds one graph at a time; it does not grow.
    last_loss_ = loss;
  }
  double last() const { return last_loss_.item<double>(); }

private:
  Net net_;
  std::vector<torch::Tensor> history_;
  torch::Tensor last_loss_;
};

template <typename Model> void positiveTemplate(Model &model, int n) {
  static std::vector<torch::Tensor> seen;
  for (int i = 0; i < n; ++i)
    seen.push_back(model.forward(torch::randn({1, 4})));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'seen' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: note: the graph it keeps alive is built here
}
template void positiveTemplate<Net>(Net &, int);

// A template that is never instantiated.
template <typename Model> void positiveUninstantiated(Model &model, int n) {
  torch::Tensor total = torch::zeros({});
  std::vector<torch::Tensor> outs;
  for (int i = 0; i < n; ++i) {
    total += model->forward(torch::randn({1}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'total' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:14: note: the graph it keeps alive is built here
    outs.push_back(model->forward(torch::randn({1})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'outs' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:20: note: the graph it keeps alive is built here
  }
  (void)total.item<double>();
}

// A method chained on a dependent forward result keeps its graph: the
// usual scalar loss (`.sum()`, `.mean()`), an element, a view, arithmetic.
template <typename Model>
double positiveUninstantiatedChained(Model &m, torch::Tensor x, int n) {
  torch::Tensor total = torch::zeros({});
  std::vector<torch::Tensor> outs;
  for (int i = 0; i < n; ++i) {
    auto loss = m->forward(x).sum();
    loss.backward();
    total += loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'total' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-4]]:17: note: the graph it keeps alive is built here
    torch::Tensor first = m->forward(x)[0];
    outs.push_back(first.view({-1}) * 2);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'outs' keeps{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:27: note: the graph it keeps alive is built here
  }
  return total.item<double>();
}

// Negative: the chained call leaves the graph or reads metadata only.
template <typename Model>
double negativeUninstantiatedChained(Model &m, torch::Tensor x, int n) {
  torch::Tensor total = torch::zeros({});
  std::vector<torch::Tensor> outs;
  std::vector<double> losses;
  for (int i = 0; i < n; ++i) {
    auto out = m->forward(x);
    auto loss = out.mean();
    loss.backward();
    total += loss.detach();
    losses.push_back(loss.template item<double>());
    outs.push_back(torch::zeros({4}, out.options()));
    outs.push_back(m->forward(x).sum().detach());
  }
  return total.item<double>();
}

#define KEEP(v, t) v.push_back(t)
void positiveMacro(Net &net, std::vector<torch::Tensor> &sink, int n) {
  for (int i = 0; i < n; ++i) {
    auto y = net.forward(torch::randn({1, 4}));
    KEEP(sink, y);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: storing a tensor that carries autograd history in 'sink' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:14: note: the graph it keeps alive is built here
  }
}

// ---- an unbounded shape-keyed cache ----

const torch::Tensor &positiveShapeCache(const std::vector<int64_t> &shape) {
  static std::unordered_map<int64_t, torch::Tensor> by_rows;
  auto it = by_rows.find(shape[0]);
  if (it == by_rows.end()) {
    torch::NoGradGuard no_grad;
    it = by_rows.emplace(shape[0], torch::ones(shape)).first;
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'by_rows' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:36: note: the cached tensor is created here
  }
  return it->second;
}

// ==== negatives ====

void negativeItem(Net &net, int steps) {
  std::vector<float> history;
  double running = 0;
  torch::Tensor total = torch::zeros({});
  for (int i = 0; i < steps; ++i) {
    auto loss = net.forward(torch::randn({1, 4})).sum();
    loss.backward();
    running += loss.item<double>();
    history.push_back(loss.item<float>());
    total += loss.detach();
  }
}

void negativeNoGrad(Net &net, int steps) {
  std::vector<torch::Tensor> preds;
  torch::NoGradGuard no_grad;
  for (int i = 0; i < steps; ++i)
    preds.push_back(net.forward(torch::randn({1, 4})));
}

void negativeInferenceMode(Net &net, int steps) {
  std::vector<torch::Tensor> preds;
  for (int i = 0; i < steps; ++i) {
    c10::InferenceMode guard;
    preds.push_back(net.forward(torch::randn({1, 4})));
  }
}

// Cleared every iteration, or bounded by its size.
void negativeClearedOrBounded(Net &net, int steps) {
  std::vector<torch::Tensor> window, ring;
  for (int i = 0; i < steps; ++i) {
    window.push_back(net.forward(torch::randn({1, 4})));
    window.clear();
    if (ring.size() > 8)
      break;
    ring.push_back(net.forward(torch::randn({1, 4})));
  }
}

// Gradient accumulation: the kept graphs are differentiated after the loop.
void negativeDifferentiatedLater(Net &net, int steps) {
  torch::Tensor total = torch::zeros({});
  std::vector<torch::Tensor> losses;
  for (int i = 0; i < steps; ++i) {
    total += net.forward(torch::randn({1, 4})).sum();
    losses.push_back(net.forward(torch::randn({1, 4})).sum());
  }
  total.backward();
  auto joint = torch::stack(losses).sum();
  joint.backward();
}

// Unrolled outputs returned to the caller, and a module's own forward.
std::vector<torch::Tensor> negativeReturned(Net &net, int steps) {
  std::vector<torch::Tensor> outs;
  for (int i = 0; i < steps; ++i)
    outs.push_back(net.forward(torch::randn({1, 4})));
  return outs;
}
struct Unrolled : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) {
    std::vector<torch::Tensor> steps;
    for (int t = 0; t < 4; ++t)
      steps.push_back(cell->forward(x));
    kl_ = torch::stack(steps).sum();
    return torch::cat(steps);
  }
  torch::nn::Linear cell{nullptr};
  torch::Tensor kl_;
};

// Every iteration stores a piece of the same graph: the forward is outside.
void negativeOneGraph(torch::jit::Module &model, std::vector<torch::Tensor> &out) {
  torch::jit::IValue result = model.forward({torch::randn({1})});
  for (const auto &item : result.toTuple()->elements())
    out.push_back(item.toTensor());
}

// Declared inside the loop; overwritten rather than accumulated.
void negativePerIteration(Net &net, int steps) {
  torch::Tensor last;
  for (int i = 0; i < steps; ++i) {
    std::vector<torch::Tensor> local;
    local.push_back(net.forward(torch::randn({1, 4})));
    last = net.forward(torch::randn({1, 4}));
  }
}

// Not differentiable, not a graph: argmax, parameters, autograd::grad.
void negativeNoHistory(Net &net, Net &other, int steps) {
  std::vector<torch::Tensor> picks, params, grads;
  for (int i = 0; i < steps; ++i) {
    auto y = net.forward(torch::randn({1, 4}));
    picks.push_back(y.argmax(1));
    grads.push_back(torch::autograd::grad({y.sum()}, {y})[0]);
  }
  for (const auto &p : other.parameters())
    params.push_back(p);
}

// A cache keyed by device is bounded by design; an evicting one is bounded.
const torch::Tensor &negativeBoundedCaches(int device, int64_t rows) {
  static std::map<int, torch::Tensor> per_device;
  static std::map<int64_t, torch::Tensor> lru;
  per_device.emplace(device, torch::ones({rows}));
  if (lru.size() > 16)
    lru.erase(lru.begin());
  lru.emplace(rows, torch::ones({rows}));
  return per_device.at(device);
}

void negativeNolint(Net &net, int steps) {
  std::vector<torch::Tensor> keep;
  for (int i = 0; i < steps; ++i)
    keep.push_back(net.forward(torch::randn({1, 4}))); // NOLINT(gpuleak-retained-tensor)
}

// Features collected from a loop over layers belong to one forward pass.
void negativeLayerFeatures(std::vector<torch::nn::Linear> &layers) {
  std::vector<torch::Tensor> features;
  torch::Tensor x = torch::randn({4});
  for (auto &layer : layers) {
    x = layer(x);
    features.push_back(x);
  }
  (void)features.front().item<double>();
}

// Per-step attention maps stacked into the returned value.
std::pair<torch::Tensor, torch::Tensor> negativeReturnedThroughStack(Net &net, int steps) {
  std::vector<torch::Tensor> maps, ids;
  for (int t = 0; t < steps; ++t) {
    auto out = net.forward(torch::randn({1, 4}));
    maps.push_back(out);
    ids.push_back(out);
  }
  auto stacked = torch::stack(maps, 1);
  return {torch::stack(ids, 1), stacked.reshape({-1})};
}

// Stored once, on the way out of the loop.
void negativeStoreThenBreak(Net &net, int steps) {
  std::vector<torch::Tensor> last;
  for (int i = 0; i < steps; ++i) {
    auto out = net.forward(torch::randn({1, 4}));
    if (out.sum().item<double>() > 0) {
      last.push_back(out);
      break;
    }
  }
  (void)last.front().item<double>();
}

// A lambda held in a local and called by a loop that does not contain it:
// each call is one iteration (found by a fresh-user trial; missed before).
void positiveLambdaCalledInLoop(torch::nn::Linear &model, torch::optim::SGD &opt,
                                const std::vector<torch::Tensor> &data) {
  std::vector<torch::Tensor> all;
  auto step = [&](const torch::Tensor &b) {
    opt.zero_grad();
    torch::Tensor loss = model->forward(b).sum();
    loss.backward();
    opt.step();
    all.push_back(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'all' keeps every iteration's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the graph it keeps alive is built here
    // CHECK-FIXES: all.push_back(loss.detach());
  };
  for (const auto &b : data)
    step(b);
  double s = 0;
  for (auto &l : all)
    s += l.item<double>();
}

void negativeLambdaStoresNumbers(torch::nn::Linear &model,
                                 const std::vector<torch::Tensor> &data) {
  std::vector<double> all;
  auto step = [&](const torch::Tensor &b) {
    torch::Tensor loss = model->forward(b).sum();
    loss.backward();
    all.push_back(loss.item<double>());
  };
  for (const auto &b : data)
    step(b);
}

void negativeLambdaClearsInCall(torch::nn::Linear &model,
                                const std::vector<torch::Tensor> &data) {
  std::vector<torch::Tensor> window;
  auto step = [&](const torch::Tensor &b) {
    torch::Tensor loss = model->forward(b).sum();
    window.push_back(loss);
    if (window.size() > 4)
      window.clear();
  };
  for (const auto &b : data)
    step(b);
}

void negativeLambdaCalledOnce(torch::nn::Linear &model, const torch::Tensor &b) {
  std::vector<torch::Tensor> outs;
  auto collect = [&](const torch::Tensor &x) { outs.push_back(model->forward(x)); };
  collect(b);
  torch::stack(outs).sum().backward();
}

void negativeLambdaOwnLocal(torch::nn::Linear &model,
                            const std::vector<torch::Tensor> &data) {
  auto step = [&](const torch::Tensor &b) {
    std::vector<torch::Tensor> mine;
    mine.push_back(model->forward(b).sum());
    return mine.size();
  };
  for (const auto &b : data)
    step(b);
}

// A cached tensor computed from a factory by arithmetic (`ones(...) * 2`):
// created by the factory. Until 2026-12-03 a binary `*` was taken for a
// dereference, which passes its last operand through, and the cache was
// missed (issue 8, kind 4).
const torch::Tensor &positiveScaledCache(int64_t n) {
  static std::unordered_map<int64_t, torch::Tensor> scales;
  auto it = scales.find(n);
  if (it != scales.end())
    return it->second;
  scales[n] = torch::ones({n}) * 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'scales' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-2]]:15: note: the cached tensor is created here
  return scales[n];
}

// A product computed under a guard carries no graph, whatever its operands
// carry (a binary `*` is an operation, not a dereference).
void negativeProductUnderGuard(Net &net, int steps) {
  std::vector<torch::Tensor> scaled;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor out = net.forward(torch::randn({1, 4}));
    out.sum().backward();
    torch::NoGradGuard no_grad;
    scaled.push_back(out * 0.5);
  }
}

// A pair built in place (`insert({key, t})`): its tensor is the one cached.
const torch::Tensor &positiveBracedPairCache(int64_t n, double s) {
  static std::unordered_map<int64_t, torch::Tensor> masks;
  auto it = masks.find(n);
  if (it == masks.end())
    it = masks.insert({n, torch::ones({n}) * s}).first;
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'masks' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:27: note: the cached tensor is created here
  return it->second;
}

// Keyed by a device, a cache is bounded by design, however it is filled.
const torch::Tensor &negativeBracedDeviceCache(int device, int64_t n) {
  static std::unordered_map<int, torch::Tensor> per_device;
  auto it = per_device.find(device);
  if (it == per_device.end())
    it = per_device.insert({device, torch::ones({n}) * 2}).first;
  return it->second;
}

// `std::ignore` in a `std::tie` is not a variable that keeps anything
// (the fourteenth labelled set's instance01/BootlegAlphaZero `mcts.cpp:77`:
// four false findings "storing ... in 'ignore'" before).
std::tuple<torch::Tensor, torch::Tensor> twoHeads(Net &net, const torch::Tensor &x) {
  auto y = net.forward(x);
  return {y, y * 2};
}
void negativeTieIgnore(Net &net, int steps) {
  torch::Tensor probs, value;
  for (int i = 0; i < steps; ++i) {
    std::tie(probs, std::ignore) = twoHeads(net, torch::randn({1, 4}));
    std::tie(std::ignore, value) = twoHeads(net, torch::randn({1, 4}));
    probs.sum().backward();
  }
}
void negativeTieIgnoreOnce(Net &net) {
  torch::Tensor probs;
  std::tie(probs, std::ignore) = twoHeads(net, torch::randn({1, 4}));
  probs.sum().backward();
}
