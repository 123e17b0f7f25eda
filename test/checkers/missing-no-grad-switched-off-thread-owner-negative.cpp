// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Grad mode switched off for good by a constructor, and no thread is
// started that could run the model: the switch covers the forward passes of
// the file's other functions.
// - A timer that keeps a callback but owns no thread runs it on the thread
//   that calls fire().
// - An object that owns a thread but is handed nothing to run (a log
//   writer) runs none of the file's code there.

#include <torch/script.h>
#include <torch/torch.h>

#include <functional>
#include <memory>
#include <string>
#include <thread>

class Timer {
public:
  explicit Timer(std::function<void()> cb) : cb_(std::move(cb)) {}
  void fire() { cb_(); }

private:
  std::function<void()> cb_;
};

class LogWriter {
public:
  explicit LogWriter(std::string path);

private:
  std::thread writer_;
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
  std::unique_ptr<Timer> timer_;
  std::unique_ptr<LogWriter> log_;
};

Controller::Controller() {
  // Before the switch: the one finding of the file.
  obs_ = model_.forward({obs_}).toTensor().detach();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: its output is read only through values that carry no graph{{.*}}
  torch::autograd::GradMode::set_enabled(false);
  timer_ = std::make_unique<Timer>(std::bind(&Controller::RunModel, this));
  log_ = std::make_unique<LogWriter>("run.log");
}

torch::Tensor Controller::Forward() {
  torch::Tensor action = model_.forward({obs_}).toTensor();
  return action.detach();
}

void Controller::RunModel() { out_ = Forward(); }
