// RUN: %check_tidy -fix %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A callee that adds a detached copy of its argument to a container that
// nothing bounds keeps no graph, but keeps the argument's device storage:
// called on every step of a loop that lasts the run, or by a function that a
// loop calls, device memory grows (trial 18, D3: `v_.push_back(l.detach())`
// in a logger, called per step by a trainer). A host copy or a number is no
// store (the trial's N3, `log_step_host`). And a callee called through a
// reference to its base class keeps what an overrider keeps (trial 18, D5).
// test/cli/project-detached-store.test and project-virtual-store.test have
// the callees in another file.

#include <torch/torch.h>

#include <deque>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

class Logger {
public:
  void log(const torch::Tensor &l) { v_.push_back(l.detach()); }
  void logOnDevice(const torch::Tensor &l) {
    v_.push_back(l.detach().to(torch::kCUDA));
  }
  void logClone(const torch::Tensor &l) { v_.push_back(l.detach().clone()); }
  // Not stores: a host copy or a number.
  void logHost(const torch::Tensor &l) { host_.push_back(l.detach().cpu()); }
  void logToHost(const torch::Tensor &l) {
    host_.push_back(l.detach().to(torch::kCPU));
  }
  void logValue(const torch::Tensor &l) { values_.push_back(l.item<double>()); }
  // Not growth: one tensor at a time, or added into one tensor.
  void setLast(const torch::Tensor &l) { last_ = l.detach(); }
  void addToSum(const torch::Tensor &l) { sum_ += l.detach(); }

private:
  std::vector<torch::Tensor> v_, host_;
  std::vector<double> values_;
  torch::Tensor last_, sum_;
};

// A window of the last 8 losses: bounded by its own push.
class Window {
public:
  void push(const torch::Tensor &l) {
    items_.push_back(l.detach());
    while (items_.size() > 8)
      items_.pop_front();
  }

private:
  std::deque<torch::Tensor> items_;
};

class Trainer {
public:
  explicit Trainer(Net &net) : net_(net) {}
  void positiveStep(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    log_.log(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor to 'log', which keeps it in 'Logger::v_' and never clears it, makes device memory grow with every call for the rest of the run; pass a CPU copy (.cpu()) or a number (.item<double>()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-42]]:38: note: 'Logger::log' keeps it in 'Logger::v_' here
    // CHECK-MESSAGES: :[[@LINE+33]]:5: note: 'positiveStep' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-6]]:26: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    log_.logOnDevice(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor to 'logOnDevice', which keeps it in 'Logger::v_' and never clears it, makes device memory grow with every call{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-45]]:5: note: 'Logger::logOnDevice' keeps it in 'Logger::v_' here
    // CHECK-MESSAGES: :[[@LINE+28]]:5: note: 'positiveStep' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-11]]:26: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    log_.logClone(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor to 'logClone', which keeps it in 'Logger::v_' and never clears it, makes device memory grow with every call{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-48]]:43: note: 'Logger::logClone' keeps it in 'Logger::v_' here
    // CHECK-MESSAGES: :[[@LINE+23]]:5: note: 'positiveStep' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-16]]:26: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }
  void negativeStep(const torch::Tensor &x) {
    torch::Tensor loss = net_.forward(x).sum();
    loss.backward();
    log_.logHost(loss);
    log_.logToHost(loss);
    log_.logValue(loss);
    log_.setLast(loss);
    log_.addToSum(loss);
    window_.push(loss);
  }

private:
  Net &net_;
  Logger log_;
  Window window_;
};

void positiveTrain(Net &net, int steps) {
  Trainer t(net);
  for (int i = 0; i < steps; ++i) {
    t.positiveStep(torch::randn({8, 4}));
    t.negativeStep(torch::randn({8, 4}));
  }
}

// A serving loop that never ends by its condition.
void positiveServeForever(Net &net, Logger &logger) {
  for (;;) {
    logger.log(net.forward(torch::randn({8, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor to 'log', which keeps it in 'Logger::v_' and never clears it, makes device memory grow with every iteration{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-86]]:38: note: 'Logger::log' keeps it in 'Logger::v_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:16: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }
}

// One finite pass that no loop repeats: the storage does not grow for the
// run.
void negativeOnePass(Net &net, Logger &logger, int steps) {
  for (int i = 0; i < steps; ++i)
    logger.log(net.forward(torch::randn({8, 4})));
}

// ---- virtual calls ----

struct Recorder {
  virtual ~Recorder() = default;
  virtual void record(const torch::Tensor &t) = 0;
};
struct TensorRecorder : Recorder {
  void record(const torch::Tensor &t) override { v_.push_back(t); }
  std::vector<torch::Tensor> v_;
};

// An interface that no class of this file implements: nothing is known to
// keep what it is handed.
struct Sink {
  virtual ~Sink() = default;
  virtual void put(const torch::Tensor &t) = 0;
};

// An interface whose only implementation bounds what it keeps.
struct Meter {
  virtual ~Meter() = default;
  virtual void add(const torch::Tensor &t) = 0;
};
struct WindowMeter : Meter {
  void add(const torch::Tensor &t) override {
    items_.push_back(t);
    if (items_.size() > 8)
      items_.pop_front();
  }
  std::deque<torch::Tensor> items_;
};

struct VirtualTrainer {
  Net &net;
  Recorder &rec_;
  Sink &sink_;
  Meter &meter_;
  void positiveStep(const torch::Tensor &x) {
    torch::Tensor loss = net.forward(x).sum();
    loss.backward();
    rec_.record(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'record', which keeps it in 'TensorRecorder::v_', keeps every call's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-35]]:50: note: 'TensorRecorder::record' keeps it in 'TensorRecorder::v_' here
    // CHECK-MESSAGES: :[[@LINE+12]]:5: note: 'positiveStep' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-6]]:26: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    rec_.record(loss.detach());{{$}}
    sink_.put(loss);
    meter_.add(loss);
  }
};

void positiveVirtualTrain(Net &net, TensorRecorder &r, Sink &s, Meter &m,
                          int steps) {
  VirtualTrainer t{net, r, s, m};
  for (int i = 0; i < steps; ++i)
    t.positiveStep(torch::randn({8, 4}));
}
