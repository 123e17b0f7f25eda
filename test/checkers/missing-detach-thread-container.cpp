// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A state carried in a loop of a thread started by a container's
// emplace_back: the guard of the starting thread does not cover it, so the
// carry keeps every step's graph (trial 19 D4).

#include <torch/torch.h>

#include <atomic>
#include <functional>
#include <thread>
#include <tuple>
#include <vector>

struct Server {
  torch::nn::GRU rnn{nullptr};
  std::atomic<bool> running_{true};
  std::vector<std::thread> workers_;
  std::vector<std::function<void()>> jobs_;
  void start() {
    torch::NoGradGuard no_grad;
    workers_.emplace_back([this] {
      torch::Tensor h = torch::zeros({1, 1, 4});
      while (running_.load()) {
        auto out = rnn->forward(torch::ones({1, 1, 4}), h);
        h = std::get<1>(out);
        // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'h' is carried into the next iteration with its autograd graph{{.*}} [gpuleak-missing-detach]
        // CHECK-MESSAGES: :[[@LINE-3]]:20: note: the graph it keeps reachable is built here, from the carried value
      }
    });
  }
  // Run in place under the guard, not on another thread.
  void startJobs() {
    torch::NoGradGuard no_grad;
    jobs_.emplace_back([this] {
      torch::Tensor h = torch::zeros({1, 1, 4});
      for (int k = 0; k < 100; ++k) {
        auto out = rnn->forward(torch::ones({1, 1, 4}), h);
        h = std::get<1>(out);
      }
    });
    for (auto &job : jobs_)
      job();
  }
};
