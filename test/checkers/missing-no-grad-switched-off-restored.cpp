// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Grad mode switched off, but something in the file may switch it back on
// (`set_enabled(true)`, `set_enabled(flag)`, `AutoGradMode(flag)`): the
// switch does not cover forwards in other functions.

#include <torch/script.h>
#include <torch/torch.h>

#include <vector>

void show(const torch::Tensor &t) {}

struct Session {
  Session() { c10::GradMode::set_enabled(false); }
  void finetune(bool on) { c10::GradMode::set_enabled(on); }
  torch::jit::Module net;
};

void positiveAfterSwitchBack(Session &s, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs)
    show(s.net.forward({x}).toTensor());
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
}
