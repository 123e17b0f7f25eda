// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Grad mode switched off for good on the main thread, but the file starts
// a thread, which begins with grad mode on: the switch covers nothing
// (which function runs on which thread is not followed).

#include <torch/script.h>
#include <torch/torch.h>

#include <thread>
#include <vector>

void show(const torch::Tensor &t) {}

void positiveWorker(torch::jit::Module &m, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs)
    show(m.forward({x}).toTensor());
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
}

void run(torch::jit::Module &m, const std::vector<torch::Tensor> &xs) {
  torch::autograd::GradMode::set_enabled(false);
  std::thread t(positiveWorker, std::ref(m), std::cref(xs));
  t.join();
}
