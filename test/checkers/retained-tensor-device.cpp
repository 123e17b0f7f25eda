// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// Device storage that piles up without a graph: outputs computed with grad
// mode off, or detached, still on the device, kept on every repetition of a
// loop that lasts the run, in a container that nothing clears or bounds.

#include <torch/torch.h>

#include <deque>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

bool more();
void report(const std::vector<torch::Tensor> &v);

// A serving loop that never ends by its condition.
void positiveServingLoop(Net &net, torch::Device device) {
  std::vector<torch::Tensor> outputs;
  torch::NoGradGuard no_grad;
  while (true) {
    torch::Tensor out = net.forward(torch::randn({8, 4}).to(device));
    outputs.push_back(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'outputs' keeps a tensor from every iteration and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'outputs' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:25: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    if (!more())
      break;
  }
}

// Detached, in the inner loop of an epoch loop, into a vector declared
// before both loops.
void positiveDetachedAcrossEpochs(Net &net, int epochs, int batches) {
  std::vector<torch::Tensor> features;
  for (int e = 0; e < epochs; ++e) {
    for (int b = 0; b < batches; ++b) {
      torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
      loss.backward();
      features.push_back(loss.detach());
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'features' keeps a tensor from every iteration and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'features' [gpuleak-retained-tensor]
      // CHECK-MESSAGES: :[[@LINE-4]]:28: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    }
  }
  report(features);
}

// A member kept by a method that a loop calls: under InferenceMode, with a
// structured binding and a non-differentiable operation on the way.
class Tracker {
public:
  void step(Net &net) {
    c10::InferenceMode guard;
    torch::Tensor logits = net.forward(torch::randn({8, 4}));
    history_.push_back(logits.argmax(1));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'history_' keeps a tensor from every call and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'history_' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+11]]:5: note: 'step' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-4]]:28: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }

private:
  std::vector<torch::Tensor> history_;
};

void positiveTrackerLoop(Net &net, int steps) {
  Tracker tracker;
  for (int i = 0; i < steps; ++i)
    tracker.step(net);
}

// A collector object that lives for the run (a global), called in a loop.
class Collector {
public:
  void add(const torch::Tensor &t) { items_.push_back(t); }

private:
  std::vector<torch::Tensor> items_;
};
Collector g_collector;

void positiveCollectorForever(Net &net) {
  torch::NoGradGuard no_grad;
  for (;;) {
    g_collector.add(net.forward(torch::randn({8, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor to 'add', which keeps it in 'Collector::items_' and never clears it, makes device memory grow with every iteration for the rest of the run; pass a CPU copy (.cpu()) or a number (.item<double>()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-12]]:38: note: 'Collector::add' keeps it in 'Collector::items_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:21: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    if (!more())
      return;
  }
}

// ---- negatives ----------------------------------------------------------

// One finite pass over the data, the predictions concatenated after it: the
// collection is what the function is for, and it dies with the call.
torch::Tensor negativeOnePass(Net &net, int batches) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> preds;
  for (int b = 0; b < batches; ++b)
    preds.push_back(net.forward(torch::randn({8, 4})));
  return torch::cat(preds);
}

// Moved to the host before it is kept.
void negativeHostCopy(Net &net, int epochs, int batches) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> kept;
  for (int e = 0; e < epochs; ++e)
    for (int b = 0; b < batches; ++b) {
      kept.push_back(net.forward(torch::randn({8, 4})).cpu());
      kept.push_back(net.forward(torch::randn({8, 4})).to(torch::kCPU));
      kept.push_back(net.forward(torch::randn({8, 4})).detach().to(torch::Device(torch::kCPU)));
    }
  report(kept);
}

// Cleared in the outer loop, bounded by size, or popped: bounded.
void negativeBounded(Net &net, int epochs, int batches) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> perEpoch;
  std::deque<torch::Tensor> window;
  for (int e = 0; e < epochs; ++e) {
    perEpoch.clear();
    for (int b = 0; b < batches; ++b) {
      torch::Tensor out = net.forward(torch::randn({8, 4}));
      perEpoch.push_back(out);
      window.push_back(out);
      if (window.size() > 16)
        window.pop_front();
    }
    report(perEpoch);
  }
}

// A ring buffer overwrites its slots.
void negativeRing(Net &net) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> ring(8);
  for (long i = 0;; ++i)
    ring[i % 8] = net.forward(torch::randn({8, 4}));
}

// Handed to other code that may drain it.
void drain(std::vector<torch::Tensor> &v);
void negativeHandedOff(Net &net) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> pending;
  while (true) {
    pending.push_back(net.forward(torch::randn({8, 4})));
    drain(pending);
  }
}

// Fresh tensors that do not come from a forward pass: buffers set up once
// per run (the growth of a pool is not a forward's output).
void negativeFreshBuffers(int epochs, int n) {
  std::vector<torch::Tensor> pool;
  for (int e = 0; e < epochs; ++e)
    for (int i = 0; i < n; ++i)
      pool.push_back(torch::zeros({8, 4}));
  report(pool);
}

// A member filled by a method that nothing calls in a loop (a gallery built
// once), and one the class clears.
class Gallery {
public:
  void build(Net &net, int n) {
    torch::NoGradGuard no_grad;
    for (int i = 0; i < n; ++i)
      embeddings_.push_back(net.forward(torch::randn({8, 4})));
  }
  void record(Net &net) {
    torch::NoGradGuard no_grad;
    recent_.push_back(net.forward(torch::randn({8, 4})));
  }
  void reset() { recent_.clear(); }

private:
  std::vector<torch::Tensor> embeddings_;
  std::vector<torch::Tensor> recent_;
};

void negativeGallery(Net &net, int steps) {
  Gallery g;
  g.build(net, 100);
  for (int i = 0; i < steps; ++i)
    g.record(net);
}

// A collector that lives in one call: it dies with the function.
void negativeLocalCollector(Net &net, int batches) {
  torch::NoGradGuard no_grad;
  Collector c;
  for (int b = 0; b < batches; ++b)
    c.add(net.forward(torch::randn({8, 4})));
}

// A device variable: the host when it is made from kCPU (a host copy, not
// reported); a device chosen at run time may be CUDA (reported).
void negativeHostVariable(Net &net, torch::Device gpu) {
  torch::NoGradGuard no_grad;
  torch::Device cpu(torch::kCPU);
  auto host = torch::kCPU;
  std::vector<torch::Tensor> kept;
  while (true) {
    kept.push_back(net.forward(torch::randn({8, 4})).to(cpu));
    kept.push_back(net.forward(torch::randn({8, 4})).to(host));
  }
}

void positiveDeviceVariable(Net &net, bool cuda) {
  torch::NoGradGuard no_grad;
  torch::Device device(cuda ? c10::DeviceType::CUDA : c10::DeviceType::CPU);
  std::vector<torch::Tensor> kept;
  while (true) {
    kept.push_back(net.forward(torch::randn({8, 4})).to(device));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'kept' keeps a tensor from every iteration and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'kept' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-2]]:20: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }
}

// A setter replaces what it keeps: a member set every iteration holds one
// tensor, so its device memory does not grow (found by a new-user trial:
// `agent_state_.set_hidden(h_next.detach())` under a guard), and the
// collector next to it, which appends, is still reported.
class HiddenState {
public:
  void set(torch::Tensor h) { hidden_ = std::move(h); }
  void remember(const torch::Tensor &h) { seen_.push_back(h); }
  const torch::Tensor &get() const { return hidden_; }

private:
  torch::Tensor hidden_;
  std::vector<torch::Tensor> seen_;
};
HiddenState g_state;

void negativeSetterOverwrites(Net &net) {
  torch::NoGradGuard no_grad;
  for (;;) {
    auto h = net.forward(g_state.get());
    g_state.set(h.detach());
    g_state.remember(h);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor to 'remember', which keeps it in 'HiddenState::seen_' and never clears it, makes device memory grow with every iteration for the rest of the run; pass a CPU copy (.cpu()) or a number (.item<double>()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-16]]:43: note: 'HiddenState::remember' keeps it in 'HiddenState::seen_' here
    // CHECK-MESSAGES: :[[@LINE-5]]:14: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    if (!more())
      return;
  }
}

// A static behind an accessor that returns a reference to it: a store
// through the accessor's result is a store into the static (nu8 trial,
// rl_agent memory.cpp: `norm_history().push_back(norm)`).
std::vector<torch::Tensor> &frameLog() {
  static std::vector<torch::Tensor> frames;
  return frames;
}

void positiveAccessorForever(Net &net) {
  torch::NoGradGuard no_grad;
  for (;;) {
    torch::Tensor out = net.forward(torch::randn({8, 4}));
    frameLog().push_back(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'frames' keeps a tensor from every iteration and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'frames' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:25: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }
}

// ... and a function that keeps its argument there, called in a loop.
void keepFrame(torch::Tensor t) { frameLog().push_back(t); }

void positiveAccessorCallee(Net &net, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor out = net.forward(torch::randn({8, 4}));
    keepFrame(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'keepFrame', which keeps it in 'frames', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-7]]:35: note: 'keepFrame' keeps it in 'frames' here
    // CHECK-MESSAGES: :[[@LINE-4]]:25: note: the graph it keeps alive is built here
  }
}

// A member behind an accessor of its own object, in a method a loop calls.
class Board {
public:
  void fill(Net &net) {
    torch::NoGradGuard no_grad;
    cells().push_back(net.forward(torch::randn({8, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cells_' keeps a tensor from every call and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'cells_' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+11]]:5: note: 'fill' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-3]]:23: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }

private:
  std::vector<torch::Tensor> &cells() { return cells_; }
  std::vector<torch::Tensor> cells_;
};

void positiveBoardLoop(Net &net, Board &board, int steps) {
  for (int i = 0; i < steps; ++i)
    board.fill(net);
}

// Not followed: an accessor cleared somewhere (through the accessor), and
// one that returns different containers.
std::vector<torch::Tensor> &drainedLog() {
  static std::vector<torch::Tensor> drained;
  return drained;
}
void drainLog() { drainedLog().clear(); }

std::vector<torch::Tensor> &eitherLog(bool first) {
  static std::vector<torch::Tensor> a, b;
  if (first)
    return a;
  return b;
}

void negativeAccessors(Net &net) {
  torch::NoGradGuard no_grad;
  while (true) {
    torch::Tensor out = net.forward(torch::randn({8, 4}));
    drainedLog().push_back(out);
    eitherLog(true).push_back(out);
  }
}
