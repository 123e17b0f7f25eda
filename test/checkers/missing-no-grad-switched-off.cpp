// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Grad mode switched off for good: a function of this file calls
// `GradMode::set_enabled(false)` (any spelling) and nothing in the file
// turns it back on or starts a thread. Forwards in other functions run on
// that thread after the switch: not reported. A forward that the switching
// function runs before its switch is.

#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

void show(const torch::Tensor &t) {}

class Matcher {
public:
  explicit Matcher(const std::string &path) {
    torch::autograd::GradMode::set_enabled(false);
    scorer_ = torch::jit::load(path);
  }
  void warmUpThenFreeze(const std::vector<torch::Tensor> &xs) {
    for (const auto &x : xs)
      show(scorer_.forward({x}).toTensor());
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    at::GradMode::set_enabled(false);
    for (const auto &x : xs)
      show(scorer_.forward({x}).toTensor());
  }
  void negativeScore(const std::vector<torch::Tensor> &pairs) {
    for (const auto &p : pairs)
      show(scorer_.forward({p}).toTensor());
  }

private:
  torch::jit::Module scorer_;
};

void negativeFreeFunction(torch::jit::Module &m, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    torch::NoGradGuard inner; // restores "off": not a switch back on
    show(m.forward({x}).toTensor());
  }
  for (const auto &x : xs)
    show(m.forward({x}).toTensor());
}
