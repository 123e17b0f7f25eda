// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Grad mode is thread-local. A switch made by a constructor covers nothing
// when the file hands a callable to an object that owns a thread (a loop
// timer with a `std::thread` member, a thread pool with a vector of them):
// that object runs it on its own thread, which begins with grad mode on.
// The thread is started in code the file does not see (`Loop::start` is
// defined in a library), as in a robot controller whose policy runs on a
// timer thread.

#include <torch/script.h>
#include <torch/torch.h>

#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

// A library's loop timer: the thread is started by start(), defined in the
// library.
class Loop {
public:
  explicit Loop(std::string name, float period) {}
  void start();
  void shutdown();

private:
  std::thread thread_;
};

class LoopFunc : public Loop {
public:
  LoopFunc(std::string name, float period, std::function<void()> cb)
      : Loop(std::move(name), period), cb_(std::move(cb)) {}

private:
  std::function<void()> cb_;
};

class Controller {
public:
  Controller();
  void RunModel();
  torch::Tensor Forward();

private:
  torch::jit::Module model_;
  torch::Tensor obs_;
  torch::Tensor out_;
  std::shared_ptr<LoopFunc> loop_rl_;
};

Controller::Controller() {
  torch::autograd::GradMode::set_enabled(false);
  loop_rl_ = std::make_shared<LoopFunc>("loop_rl", 0.02f,
                                        std::bind(&Controller::RunModel, this));
  loop_rl_->start();
}

torch::Tensor Controller::Forward() {
  torch::Tensor action = model_.forward({obs_}).toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:27: note: 'Forward' runs no backward pass after the forward pass and hands no result that carries a graph to a caller
  return action.detach();
}

void Controller::RunModel() { out_ = Forward(); }

// A thread pool of the project: a task handed to `enqueue` runs on one of
// its workers, so the guard around the call does not cover the task.
class ThreadPool {
public:
  explicit ThreadPool(int n);
  void enqueue(std::function<void()> task);

private:
  std::vector<std::thread> workers_;
};

void positivePoolTask(ThreadPool &pool, torch::jit::Module &m, torch::Tensor x,
                      std::vector<float> &scores) {
  torch::NoGradGuard no_grad;
  pool.enqueue([&m, x, &scores] {
    torch::Tensor y = m.forward({x}).toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:16: note: this lambda runs on another thread; grad mode is thread-local, so the guard of the thread that starts it does not apply
    // CHECK-MESSAGES: :[[@LINE-4]]:16: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
    scores.push_back(y.sum().item<float>());
  });
}
