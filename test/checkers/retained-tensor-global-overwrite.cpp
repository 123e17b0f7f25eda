// RUN: %check_tidy %s gpuleak-retained-tensor,gpuleak-missing-detach %t -- -std=c++17 %mocks

// A global or static overwritten on every call (or iteration) with a value
// that does not depend on its old value holds one graph at a time, as a
// member overwritten so does (retained-tensor-member-overwrite.cpp): bounded
// retention, not growth, and not reported (since 2026-12-03; before, a
// global "last output" kept for debugging or a function-local static
// overwritten per call was reported as "keeps its graph alive after the
// call" while the same store into a member was not). What grows is still
// reported: appends into a global or static container, a static cache keyed
// by the input's shape, accumulation through the old value (`total += loss`
// into a function-local static), and a value fed back through a forward pass
// (gpuleak-missing-detach).

#include <torch/torch.h>

#include <cstdint>
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

torch::Tensor g_last_output;
torch::Tensor g_first, g_second;
torch::Tensor g_running, g_state;
std::vector<torch::Tensor> g_history;

// Negative: plain overwrites of globals and statics, once per call.
void negativeDebugLast(Net &net, const torch::Tensor &obs) {
  torch::Tensor out = net.forward(obs);
  g_last_output = out;                  // a global "last output" for debugging
  std::tie(g_first, g_second) = split(out); // std::tie into globals
  static torch::Tensor last_probs;
  last_probs = out.softmax(1);          // a function-local static
}

// Negative: overwritten every iteration; a static map's one slot.
void negativeLoop(Net &net, const std::vector<torch::Tensor> &obs) {
  static std::map<int, torch::Tensor> latest;
  for (const auto &o : obs) {
    g_last_output = net.forward(o);
    latest[0] = net.forward(o * 2);
  }
}

// Negative: a setter of a global called in a loop keeps one value.
void setLast(const torch::Tensor &t) { g_last_output = t; }
void negativeSetterInLoop(Net &net, const std::vector<torch::Tensor> &obs) {
  for (const auto &o : obs)
    setLast(net.forward(o));
}

// Positive: accumulated into a function-local static through its old value.
void positiveStaticAccumulate(Net &net, const torch::Tensor &obs) {
  static torch::Tensor total = torch::zeros({1});
  torch::Tensor loss = net.forward(obs).sum();
  total += loss;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: accumulating a tensor that carries autograd history into 'total' keeps every call's graph alive; accumulate a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-3]]:24: note: the graph it keeps alive is built here
  g_running = g_running * 0.9 + loss;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: accumulating a tensor that carries autograd history into 'g_running' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-6]]:24: note: the graph it keeps alive is built here
}

// Positive: appended to a global container.
void positiveGlobalAppend(Net &net, const torch::Tensor &obs) {
  g_history.push_back(net.forward(obs));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: storing a tensor that carries autograd history in 'g_history' keeps every call's graph alive;{{.*}} [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: the graph it keeps alive is built here
}

// Positive: a static cache keyed by the input's shape.
torch::Tensor positiveShapeCache(Net &net, const torch::Tensor &x) {
  static std::map<std::vector<int64_t>, torch::Tensor> cache;
  torch::Tensor out = net.forward(x);
  cache[x.sizes().vec()] = out;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'cache' caches a tensor for every new shape and never evicts one, so the device memory it holds grows without bound; bound the cache or evict entries [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :[[@LINE-3]]:23: note: the cached tensor is created here
  return out.detach();
}

// Positive: the old value fed back through a forward pass.
void positiveGlobalCarry(Net &net) {
  g_state = net.forward(g_state);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'g_state' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
  // CHECK-MESSAGES: :[[@LINE-2]]:13: note: the graph it keeps reachable is built here, from the carried value
}

void run(Net &net, const std::vector<torch::Tensor> &obs) {
  for (const auto &o : obs) {
    negativeDebugLast(net, o);
    positiveStaticAccumulate(net, o);
    positiveGlobalAppend(net, o);
    positiveShapeCache(net, o);
    positiveGlobalCarry(net);
  }
}
