// RUN: %check_tidy -fix %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// Stores made by a function the loop calls: a collector's, a logger's or a
// helper's parameter kept in a member, global or static (function summaries,
// docs/index.md). One translation unit; test/cli/project-index.test has the
// same across files.

#include <torch/torch.h>

#include <deque>
#include <map>
#include <string>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

class Logger {
public:
  void log(torch::Tensor t) { history_.push_back(t); }
  void logDetached(const torch::Tensor &t) { history_.push_back(t.detach()); }
  void logValue(const torch::Tensor &t) { values_.push_back(t.item<double>()); }
private:
  std::vector<torch::Tensor> history_;
  std::vector<double> values_;
};

class Meter {
public:
  void update(const torch::Tensor &loss) { total_ += loss; }
private:
  torch::Tensor total_ = torch::zeros({});
};

class Window {
public:
  void add(const torch::Tensor &t) { items_.push_back(t); }
  void reset() { items_.clear(); }
private:
  std::vector<torch::Tensor> items_;
};

static std::vector<torch::Tensor> g_outputs;
void keep(const torch::Tensor &t) { g_outputs.push_back(t); }
void keepVia(const torch::Tensor &t) { keep(t); }

template <typename T> struct Cache {
  void put(const std::string &k, T v) { m_[k] = v; }
  std::map<std::string, T> m_;
};

void positiveMethodKeeps(Net &net, Logger &logger, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    logger.log(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'log', which keeps it in 'Logger::history_', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :22:31: note: 'Logger::log' keeps it in 'Logger::history_' here
    // CHECK-MESSAGES: :[[@LINE-5]]:26: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    logger.log(loss.detach());{{$}}
  }
}

void positiveAccumulatingMeter(Net &net, Meter *meter, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto out = net.forward(torch::randn({8, 4}));
    meter->update(out.sum());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'update', which keeps it in 'Meter::total_'{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :32:44: note: 'Meter::update' keeps it in 'Meter::total_' here
    // CHECK-MESSAGES: :[[@LINE-4]]:16: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    meter->update(out.sum().detach());{{$}}
  }
}

void positiveThroughHelpers(Net &net, const std::vector<torch::Tensor> &batches) {
  for (const auto &b : batches) {
    keepVia(net.forward(b));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'keepVia', which keeps it in 'g_outputs'{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :47:40: note: 'keepVia' passes it to 'keep' here
    // CHECK-MESSAGES: :46:37: note: 'keep' keeps it in 'g_outputs' here
    // CHECK-MESSAGES: :[[@LINE-4]]:13: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    keepVia(net.forward(b).detach());{{$}}
  }
}

void positiveTemplateCache(Net &net, Cache<torch::Tensor> &cache, int steps) {
  for (int i = 0; i < steps; ++i) {
    cache.put(std::to_string(i), net.forward(torch::randn({1, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'put', which keeps it in 'Cache<at::Tensor>::m_'{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :50:41: note: 'Cache<at::Tensor>::put' keeps it in 'Cache<at::Tensor>::m_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:34: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    cache.put(std::to_string(i), net.forward(torch::randn({1, 4})).detach());{{$}}
  }
}

// In a lambda that the loop calls.
void positiveLambdaStep(Net &net, Logger &logger, const std::vector<torch::Tensor> &data) {
  auto step = [&](const torch::Tensor &b) { logger.log(net.forward(b).sum()); };
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: passing a tensor that carries autograd history to 'log'{{.*}} [gpuleak-retained-tensor]
  // CHECK-MESSAGES: :22:31: note: 'Logger::log' keeps it in 'Logger::history_' here
  // CHECK-MESSAGES: :[[@LINE-3]]:56: note: the graph it keeps alive is built here
  // CHECK-FIXES: {{^}}  auto step = [&](const torch::Tensor &b) { logger.log(net.forward(b).sum().detach()); };{{$}}
  for (const auto &b : data)
    step(b);
}

// ---- negatives ----

// The caller detaches, or passes a number.
void negativeCallerDetaches(Net &net, Logger &logger, int steps) {
  for (int i = 0; i < steps; ++i) {
    torch::Tensor loss = net.forward(torch::randn({8, 4})).sum();
    logger.log(loss.detach());
    logger.logValue(loss);
  }
}

// The callee detaches, or keeps only a number.
void negativeCalleeCuts(Net &net, Logger &logger, int steps) {
  for (int i = 0; i < steps; ++i) {
    auto out = net.forward(torch::randn({8, 4}));
    logger.logDetached(out);
    logger.logValue(out.sum());
  }
}

// The callee keeps what a helper of this file returns cut from the graph.
static torch::Tensor detachHelper(const torch::Tensor &t) { return t.detach(); }
struct Stats {
  void keepViaHelper(const torch::Tensor &t) { v_.push_back(detachHelper(t)); }
  std::vector<torch::Tensor> v_;
};
void negativeCalleeHelperCuts(Net &net, Stats &st, int steps) {
  for (int i = 0; i < steps; ++i)
    st.keepViaHelper(net.forward(torch::randn({8, 4})).sum());
}

// The object lives for one iteration: its member dies with it.
void negativeObjectPerIteration(Net &net, int steps) {
  for (int i = 0; i < steps; ++i) {
    Logger local;
    local.log(net.forward(torch::randn({1, 4})));
  }
}

// Window::reset() clears the member the callee keeps it in.
void negativeClearedElsewhere(Net &net, Window &w, int steps) {
  for (int i = 0; i < steps; ++i) {
    w.add(net.forward(torch::randn({1, 4})));
    if (i % 10 == 0)
      w.reset();
  }
}

// Called once, not per iteration; or the loop ends after the call.
void negativeOnce(Net &net, Logger &logger, int steps) {
  logger.log(net.forward(torch::randn({1, 4})));
  for (int i = 0; i < steps; ++i) {
    auto out = net.forward(torch::randn({1, 4}));
    if (out.sum().item<double>() > 0) {
      logger.log(out);
      break;
    }
  }
}

// Under NoGradGuard the value has no graph.
void negativeNoGrad(Net &net, Logger &logger, int steps) {
  torch::NoGradGuard no_grad;
  for (int i = 0; i < steps; ++i)
    logger.log(net.forward(torch::randn({1, 4})));
}

// ---- size() bounds a container only through data flow on it ----

void log(size_t);

// A size() read for a log line bounds nothing.
void positiveSizeOnlyLogged(Net &net, int steps) {
  std::vector<torch::Tensor> losses;
  for (int i = 0; i < steps; ++i) {
    auto loss = net.forward(torch::randn({8, 4})).sum();
    loss.backward();
    losses.push_back(loss);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'losses' keeps every iteration's graph alive;{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-4]]:17: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    losses.push_back(loss.detach());{{$}}
    log(losses.size());
  }
}

// Another container's size() bounds nothing either.
void positiveOtherContainerBounded(Net &net, int steps) {
  std::vector<torch::Tensor> kept;
  std::deque<int> ids;
  for (int i = 0; i < steps; ++i) {
    auto out = net.forward(torch::randn({8, 4}));
    out.sum().backward();
    kept.push_back(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'kept'{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-4]]:16: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    kept.push_back(out.detach());{{$}}
    ids.push_back(i);
    if (ids.size() > 8)
      ids.pop_front();
  }
}

// A ring buffer: the size test pops the same container.
void negativeRingBuffer(Net &net, int steps) {
  std::deque<torch::Tensor> ring;
  for (int i = 0; i < steps; ++i) {
    auto out = net.forward(torch::randn({8, 4}));
    out.sum().backward();
    ring.push_back(out);
    if (ring.size() > 8)
      ring.pop_front();
  }
}

// A clear bounds a member only where it runs. These classes are local to
// this file, so what calls their methods is all here: LocalLog::reset() is
// called by nothing (CI trial 16, L1), LocalWindow::reset() after each
// epoch, LocalQueue::drain() is handed on by address (a thread's body).
namespace {
class LocalLog {
public:
  void log(const torch::Tensor &t) { items_.push_back(t); }
  void reset() { items_.clear(); }
private:
  std::vector<torch::Tensor> items_;
};
class LocalWindow {
public:
  void add(const torch::Tensor &t) { items_.push_back(t); }
  void reset() { items_.clear(); }
private:
  std::vector<torch::Tensor> items_;
};
class LocalQueue {
public:
  void add(const torch::Tensor &t) { items_.push_back(t); }
  void drain() { items_.clear(); }
private:
  std::vector<torch::Tensor> items_;
};
} // namespace

void positiveClearedByUncalledMethod(Net &net, LocalLog &log, int steps) {
  for (int i = 0; i < steps; ++i) {
    log.log(net.forward(torch::randn({1, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'log', which keeps it in '(anonymous namespace)::LocalLog::items_'{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-25]]:38: note: '(anonymous namespace)::LocalLog::log' keeps it in '(anonymous namespace)::LocalLog::items_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:13: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    log.log(net.forward(torch::randn({1, 4})).detach());{{$}}
  }
}

void negativeClearedByCalledMethods(Net &net, LocalWindow &w, LocalQueue &q,
                                    void (*&run)(LocalQueue *), int epochs) {
  for (int e = 0; e < epochs; ++e) {
    for (int i = 0; i < 10; ++i) {
      w.add(net.forward(torch::randn({1, 4})));
      q.add(net.forward(torch::randn({1, 4})));
    }
    w.reset();
  }
  auto drain = &LocalQueue::drain;
  (void)drain;
}

// A method of the project's own class named like a container's
// (`insert`, `push_back`, `emplace`, `swap`) is a callee like any other: what
// its body keeps is what the call keeps (rl_sar's ObservationBuffer::insert).
class History {
public:
  void insert(const torch::Tensor &t) { items_.push_back(t); }
  void push_back(const torch::Tensor &t) { items_.push_back(t); }
private:
  std::vector<torch::Tensor> items_;
};
// Bounded by its own body: holds at most 8.
class Recent {
public:
  void emplace(const torch::Tensor &t) {
    if (items_.size() >= 8)
      items_.erase(items_.begin());
    items_.push_back(t);
  }
private:
  std::vector<torch::Tensor> items_;
};

void positiveContainerNamedMethods(Net &net, History &h, Recent &r, int steps) {
  for (int i = 0; i < steps; ++i) {
    h.insert(net.forward(torch::randn({1, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'insert', which keeps it in 'History::items_', keeps every iteration's graph alive; pass a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-21]]:41: note: 'History::insert' keeps it in 'History::items_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:14: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    h.insert(net.forward(torch::randn({1, 4})).detach());{{$}}
    h.push_back(net.forward(torch::randn({1, 4})));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: passing a tensor that carries autograd history to 'push_back', which keeps it in 'History::items_'{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-25]]:44: note: 'History::push_back' keeps it in 'History::items_' here
    // CHECK-MESSAGES: :[[@LINE-3]]:17: note: the graph it keeps alive is built here
    // CHECK-FIXES: {{^}}    h.push_back(net.forward(torch::randn({1, 4})).detach());{{$}}
    r.emplace(net.forward(torch::randn({1, 4})));
  }
}
