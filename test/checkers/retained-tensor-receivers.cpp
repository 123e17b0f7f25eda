// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// Stores through objects that outlive the loop (issue 8): a per-step method
// of a trainer hands the step's loss to a member object whose method keeps
// it; a singleton accessor's object keeps it; an element appended in the
// same iteration is assigned the loss (`recs.emplace_back();
// recs.back().loss = loss;`). One translation unit; test/cli/project-
// receivers.test has the member object's method in another file.

#include <torch/torch.h>

#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

class MetricsSink {
public:
  void add(torch::Tensor t) { values_.push_back(t); }
  void set(torch::Tensor t) { last_ = t; }
private:
  std::vector<torch::Tensor> values_;
  torch::Tensor last_;
};

class Window {
public:
  void add(torch::Tensor t) { items_.push_back(t); }
  void reset() { items_.clear(); }
private:
  std::vector<torch::Tensor> items_;
};

class Registry {
public:
  static Registry &instance() {
    static Registry registry;
    return registry;
  }
  void record(const torch::Tensor &t) { entries_.push_back(t); }
private:
  std::vector<torch::Tensor> entries_;
};

// A singleton that bounds what it keeps.
class RecentLosses {
public:
  static RecentLosses &instance();
  void record(const torch::Tensor &t) {
    entries_.push_back(t);
    if (entries_.size() > 16)
      entries_.erase(entries_.begin());
  }
private:
  std::vector<torch::Tensor> entries_;
};

static MetricsSink g_sink;

class Trainer {
public:
  // Called once per step by run(): each call keeps one more graph.
  void step(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    sink_.add(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'add', which keeps it in 'MetricsSink::values_', keeps every call's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :21:31: note: 'MetricsSink::add' keeps it in 'MetricsSink::values_' here
    // CHECK-MESSAGES: :[[@LINE+57]]:7: note: 'step' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-6]]:26: note: the graph it keeps alive is built here
  }
  void stepGlobal(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    g_sink.add(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'add', which keeps it in 'MetricsSink::values_', keeps every call's graph alive; {{.*}}
    // CHECK-MESSAGES: :21:31: note: 'MetricsSink::add' keeps it in 'MetricsSink::values_' here
    // CHECK-MESSAGES: :[[@LINE+49]]:7: note: 'stepGlobal' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-6]]:26: note: the graph it keeps alive is built here
  }
  void stepSingleton(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    Registry::instance().record(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'record', which keeps it in 'Registry::entries_', keeps every call's graph alive; {{.*}}
    // CHECK-MESSAGES: :42:41: note: 'Registry::record' keeps it in 'Registry::entries_' here
    // CHECK-MESSAGES: :[[@LINE+41]]:7: note: 'stepSingleton' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-6]]:26: note: the graph it keeps alive is built here
  }
  // Not reported: the value is a number, a detached host copy; the sink is
  // a local of the call; a setter holds one tensor; the window is cleared.
  void negativeStepHost(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    sink_.add(loss.detach().cpu());
    sink_.add(torch::full({}, loss.item<float>()));
  }
  void negativeStepLocalSink(const torch::Tensor &x) {
    MetricsSink local;
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    local.add(loss);
  }
  void negativeStepSetter(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    sink_.set(loss);
  }
  void negativeStepCleared(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    window_.add(loss);
    RecentLosses::instance().record(loss);
  }
  // Not called in a loop: once per call of a function called once.
  void negativeStepOnce(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    sink_.add(loss);
  }
  void endEpoch() { window_.reset(); }

  void run(const torch::Tensor &x, int steps) {
    negativeStepOnce(x);
    for (int i = 0; i < steps; ++i) {
      step(x);
      stepGlobal(x);
      stepSingleton(x);
      negativeStepHost(x);
      negativeStepLocalSink(x);
      negativeStepSetter(x);
      negativeStepCleared(x);
    }
  }

private:
  Net net_;
  MetricsSink sink_;
  Window window_;
};

// A singleton's object kept by a loop of the same function.
void positiveSingletonInLoop(Net &net, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    Registry::instance().record(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'record', which keeps it in 'Registry::entries_', keeps every iteration's graph alive; {{.*}}
    // CHECK-MESSAGES: :42:41: note: 'Registry::record' keeps it in 'Registry::entries_' here
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the graph it keeps alive is built here
  }
}

// A reference parameter's object, per call of a function called in a loop.
void stepInto(Net &net, MetricsSink &sink) {
  torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
  loss.backward();
  sink.add(loss);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: passing a tensor that carries autograd history to 'add', which keeps it in 'MetricsSink::values_', keeps every call's graph alive; {{.*}}
  // CHECK-MESSAGES: :21:31: note: 'MetricsSink::add' keeps it in 'MetricsSink::values_' here
  // CHECK-MESSAGES: :[[@LINE+11]]:5: note: 'stepInto' is called in a loop here
  // CHECK-MESSAGES: :[[@LINE-6]]:24: note: the graph it keeps alive is built here
}
// A sink handed by value is the callee's own copy.
void negativeStepIntoCopy(Net &net, MetricsSink sink) {
  torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
  loss.backward();
  sink.add(loss);
}
void trainInto(Net &net, MetricsSink &sink, int steps) {
  for (int i = 0; i < steps; ++i) {
    stepInto(net, sink);
    negativeStepIntoCopy(net, sink);
  }
}

// An element appended in the same iteration, then assigned the loss.
struct StepRecord {
  torch::Tensor loss;
  int step = 0;
};
struct LossRecord {
  float loss = 0;
};

void positiveEmplaceBackField(Net &net, int steps) {
  std::vector<StepRecord> recs;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    recs.emplace_back();
    recs.back().loss = loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'recs' keeps every iteration's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the graph it keeps alive is built here
    recs.back().step = i;
  }
}

void positiveSizeMinusOne(Net &net, int steps) {
  std::vector<StepRecord> recs;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    recs.push_back(StepRecord{});
    recs[recs.size() - 1].loss = loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'recs' keeps every iteration's graph alive; {{.*}}
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the graph it keeps alive is built here
  }
}

void positiveEmplaceBackReference(Net &net, int steps) {
  std::vector<StepRecord> recs;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    auto &r = recs.emplace_back();
    r.loss = loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'recs' keeps every iteration's graph alive; {{.*}}
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the graph it keeps alive is built here
    r.step = i;
  }
}

// Not reported: the last slot overwritten without an append, a number,
// a detached host copy, a container cleared in the loop or bounded, a
// container local to the iteration.
void negativeOverwriteLast(Net &net, int steps) {
  std::vector<StepRecord> recs(1);
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    recs.back().loss = loss;
  }
}
void negativeAppendedNumber(Net &net, int steps) {
  std::vector<LossRecord> numbers;
  std::vector<StepRecord> host;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    numbers.emplace_back();
    numbers.back().loss = loss.item<float>();
    host.emplace_back();
    host.back().loss = loss.detach().cpu();
  }
}
void negativeAppendedCleared(Net &net, int steps) {
  std::vector<StepRecord> recs;
  std::vector<StepRecord> window;
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    recs.emplace_back();
    recs.back().loss = loss;
    if (i % 10 == 0)
      recs.clear();
    window.emplace_back();
    window.back().loss = loss;
    if (window.size() > 8)
      window.erase(window.begin());
  }
}
void negativeAppendedLocal(Net &net, int steps) {
  for (int i = 0; i < steps; ++i) {
    std::vector<StepRecord> recs;
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    recs.emplace_back();
    recs.back().loss = loss;
  }
}

// A member's element appended once per call; device storage without a graph
// appended in a loop that never ends.
class History {
public:
  void record(Net &net, const torch::Tensor &x) {
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
    recs_.emplace_back();
    recs_.back().loss = loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'recs_' keeps every call's graph alive; {{.*}}
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the graph it keeps alive is built here
  }
private:
  std::vector<StepRecord> recs_;
};

void positiveAppendedDevice(Net &net) {
  std::vector<StepRecord> outs;
  torch::NoGradGuard off;
  while (true) {
    outs.emplace_back();
    outs.back().loss = net.forward(torch::randn({8, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'outs' keeps a tensor from every iteration and is never cleared or bounded, so the device memory it holds grows for the rest of the run; {{.*}}
    // CHECK-MESSAGES: :[[@LINE-2]]:24: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }
}
