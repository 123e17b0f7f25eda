// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A forward pass inside a lambda (or a functor) handed to a function that
// invokes it: the callee's grad mode at each invocation decides, not the
// code around the lambda. Covered only when every use of the parameter in
// the callee is a call made under a guard that turns grad mode off
// (summary fact `invokes`, docs/index.md).

#include <torch/torch.h>

#include <deque>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

static void print(const torch::Tensor &t) {}

using TensorFn = std::function<torch::Tensor(const torch::Tensor &)>;

// A heat map over a grid: the guard opens the function, after a call, and
// covers the loop that invokes the callable (the anet-lab shape).
static torch::Tensor sweepGuarded(int n, const TensorFn &forward) {
  std::vector<torch::Tensor> rows;
  torch::NoGradGuard ng;
  for (int j = 0; j < n; ++j)
    rows.push_back(forward(torch::ones({n, 2})).cpu());
  return torch::stack(rows);
}

void negativeGuardBeforeInvoke(Net &net) {
  print(sweepGuarded(8, [&](const torch::Tensor &xy) { return net.forward(xy); }));
}

// A template callee: each instantiation's body is read.
template <class Fn> static void withNoGrad(Fn &&fn) {
  torch::NoGradGuard guard;
  std::forward<Fn>(fn)();
}

void negativeTemplateCallee(Net &net, const torch::Tensor &x) {
  withNoGrad([&] { print(net.forward(x)); });
}

// A function pointer parameter, tested before it is called.
static void eachGuarded(const std::vector<torch::Tensor> &xs,
                        void (*fn)(Net &, const torch::Tensor &), Net &net) {
  if (!fn)
    return;
  torch::NoGradGuard guard;
  for (const auto &x : xs)
    fn(net, x);
}

void negativeLambdaAsFunctionPointer(Net &net, const std::vector<torch::Tensor> &xs) {
  eachGuarded(xs, [](Net &n, const torch::Tensor &x) { print(n.forward(x)); }, net);
}

// The callee invokes the callable once before its guard.
static torch::Tensor sweepInvokeFirst(const TensorFn &forward) {
  torch::Tensor first = forward(torch::ones({1, 2}));
  torch::NoGradGuard ng;
  return torch::stack({first, forward(torch::ones({1, 2}))});
}

void positiveInvokeBeforeGuard(Net &net) {
  print(sweepInvokeFirst([&](const torch::Tensor &xy) { return net.forward(xy); }));
  // CHECK-MESSAGES: :[[@LINE-1]]:64: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:6: note: 'positiveInvokeBeforeGuard' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
}

// The callee invokes it under the guard on one path only.
static torch::Tensor sweepSomePaths(const TensorFn &forward, bool eval) {
  if (eval) {
    torch::NoGradGuard ng;
    return forward(torch::ones({1, 2}));
  }
  return forward(torch::ones({1, 2}));
}

void positiveGuardOnSomePaths(Net &net) {
  print(sweepSomePaths([&](const torch::Tensor &xy) { return net.forward(xy); }, true));
  // CHECK-MESSAGES: :[[@LINE-1]]:62: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:6: note: 'positiveGuardOnSomePaths' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
}

// A guard that turns grad mode back on around the invocation.
static void sweepReenabled(const std::function<void()> &fn) {
  torch::NoGradGuard ng;
  {
    torch::AutoGradMode on(true);
    fn();
  }
}

void positiveGradModeBackOn(Net &net, const torch::Tensor &x) {
  sweepReenabled([&] { print(net.forward(x)); });
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:18: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
}

// Stored for later, under a guard that has ended by then.
struct Queue {
  std::deque<std::function<void()>> tasks;
  void post(std::function<void()> fn) {
    torch::NoGradGuard ng;
    tasks.push_back(std::move(fn));
  }
  std::function<void()> last;
  void postAndRun(std::function<void()> fn) {
    torch::NoGradGuard ng;
    fn();
    last = fn;
  }
};

void positiveStoredCallable(Net &net, Queue &q, const torch::Tensor &x) {
  q.post([&] { print(net.forward(x)); });
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
  q.postAndRun([&] { print(net.forward(x)); });
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:16: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
}

// Run on a thread the callee starts under its guard: grad mode is
// thread-local.
static void onWorker(const std::function<void()> &fn) {
  torch::NoGradGuard ng;
  std::thread t(fn);
  t.join();
}

void positiveCalleeThread(Net &net, const torch::Tensor &x) {
  onWorker([&] { print(net.forward(x)); });
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
}

// Invoked inside a lambda of the callee, which may run anywhere.
static void deferred(const std::function<void()> &fn,
                     std::vector<std::function<void()>> &later) {
  torch::NoGradGuard ng;
  later.push_back([fn] { fn(); });
}

void positiveInvokedInCalleeLambda(Net &net, const torch::Tensor &x,
                                   std::vector<std::function<void()>> &later) {
  deferred([&] { print(net.forward(x)); }, later);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
}

// A lambda kept in a local that is only handed to such calls.
void negativeLambdaInLocal(Net &net) {
  auto fn = [&](const torch::Tensor &xy) { return net.forward(xy); };
  print(sweepGuarded(8, fn));
  print(sweepGuarded(4, fn));
}

// ... but also called here, with grad mode on.
void positiveLambdaInLocalCalledHere(Net &net, const torch::Tensor &x) {
  auto fn = [&](const torch::Tensor &xy) { return net.forward(xy); };
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:6: note: 'positiveLambdaInLocalCalledHere' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  print(sweepGuarded(8, fn));
  print(fn(x));
}

// Functors: an object whose operator() runs the forward pass, handed to a
// template callee (whose instantiation calls operator() under its guard) and
// to a std::function parameter invoked under a guard.
struct Scorer {
  Net &net;
  void operator()() const { print(net.forward(torch::ones({1, 2}))); }
};
struct Mapper {
  Net &net;
  torch::Tensor operator()(const torch::Tensor &x) const { return net.forward(x); }
};

void negativeFunctorTemplateCallee(Net &net) { withNoGrad(Scorer{net}); }
void negativeFunctorStdFunction(Net &net) { print(sweepGuarded(8, Mapper{net})); }

// A functor handed to a std::function parameter invoked under a guard, made
// nowhere else in the file.
static void runGuarded(const std::function<void()> &fn) {
  torch::NoGradGuard ng;
  fn();
}
struct Probe {
  Net &net;
  void operator()() const { print(net.forward(torch::ones({1, 2}))); }
};
void negativeFunctorHanded(Net &net) { runGuarded(Probe{net}); }

// ... and one also made into a local and run on a thread.
struct Watcher {
  Net &net;
  void operator()() const { print(net.forward(torch::ones({1, 2}))); }
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: 'operator()' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
};
void positiveFunctorAlsoOnThread(Net &net) {
  runGuarded(Watcher{net});
  Watcher w{net};
  std::thread t(w);
  t.join();
}

// A virtual callee: an override may invoke it with grad mode on.
struct Sweeper {
  virtual ~Sweeper() = default;
  virtual void run(const std::function<void()> &fn) {
    torch::NoGradGuard ng;
    fn();
  }
};

void positiveVirtualCallee(Net &net, Sweeper &s, const torch::Tensor &x) {
  s.run([&] { print(net.forward(x)); });
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:9: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
}

// Converted to a function pointer and kept: it runs later, without the guard.
static Net *globalNet = nullptr;
static void (*savedTask)() = nullptr;
template <class Fn> static void runAndKeep(Fn fn) {
  torch::NoGradGuard ng;
  fn();
  savedTask = fn;
}

void positiveConvertedAndKept() {
  runAndKeep([] { print(globalNet->forward(torch::ones({1, 2}))); });
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:14: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
}

// A functor whose operator() is its base's: an object of the derived class
// made for a thread runs it too.
struct BaseProbe {
  Net &net;
  void operator()() const { print(net.forward(torch::ones({1, 2}))); }
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:8: note: 'operator()' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
};
struct DerivedProbe : BaseProbe {};
void positiveFunctorBaseOnThread(Net &net) {
  runGuarded(BaseProbe{net});
  std::thread t(DerivedProbe{{net}});
  t.join();
}
