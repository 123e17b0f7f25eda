// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A thread constructed by a library function from the lambda it is given:
// a container of threads (emplace_back, emplace), make_unique and
// make_shared of a std::thread. Grad mode is thread-local, so the guard of
// the starting thread does not cover the lambda (trial 19 D4: a worker
// started with workers_.emplace_back(lambda) was taken to run under it).

#include <torch/torch.h>

#include <functional>
#include <list>
#include <memory>
#include <thread>
#include <vector>

void print(const torch::Tensor &t) {}

void positiveThreadVector(torch::nn::Linear &fc, const torch::Tensor &x,
                          std::vector<std::thread> &workers) {
  torch::NoGradGuard no_grad;
  workers.emplace_back([&] {
    print(fc->forward(x));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:24: note: this lambda runs on another thread; grad mode is thread-local, so the guard of the thread that starts it does not apply
    // CHECK-MESSAGES: :[[@LINE-4]]:24: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
  });
}

struct Server {
  torch::nn::Linear fc{8, 8};
  std::list<std::thread> pool_;
  void start(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    auto work = [this, x] { print(fc(x)); };
    // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-2]]:17: note: this lambda runs on another thread; grad mode is thread-local, so the guard of the thread that starts it does not apply
    // CHECK-MESSAGES: :[[@LINE-3]]:17: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
    pool_.emplace(pool_.end(), work);
  }
};

void positiveOwnedThread(torch::nn::Linear &fc, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  auto t = std::make_unique<std::thread>([&] { print(fc->forward(x)); });
  // CHECK-MESSAGES: :[[@LINE-1]]:54: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:42: note: this lambda runs on another thread; grad mode is thread-local, so the guard of the thread that starts it does not apply
  // CHECK-MESSAGES: :[[@LINE-3]]:42: note: this lambda runs no backward pass after the forward pass and hands no result that carries a graph out
  t->join();
}

// Not threads: a list of tasks run in place, under the guard.
void negativeTaskVector(torch::nn::Linear &fc, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  std::vector<std::function<void()>> tasks;
  tasks.emplace_back([&] { print(fc->forward(x)); });
  for (auto &task : tasks)
    task();
}

// The thread's body holds its own guard.
void negativeGuardInBody(torch::nn::Linear &fc, const torch::Tensor &x,
                         std::vector<std::thread> &workers) {
  workers.emplace_back([&] {
    torch::NoGradGuard no_grad;
    print(fc->forward(x));
  });
}
