// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// TorchScript methods called through `get_method` or `run_method`:
// `forward`, or any method that is handed an input, is a forward pass; a
// method other than `forward` (by another literal or a runtime name) that is
// handed no input at all (a policy's `reset`, an `init_memory`) reads nothing
// of the caller's and is not one.

#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

void show(const torch::Tensor &t) {}

void positiveForwardByName(torch::jit::Module &actor, const std::vector<torch::Tensor> &frames) {
  for (const auto &f : frames) {
    show(actor.get_method("forward")({f}).toTensor());
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  }
}

void positiveOtherMethodWithInput(torch::jit::Module &actor, const std::string &head,
                                  const std::vector<torch::Tensor> &frames) {
  for (const auto &f : frames) {
    show(actor.get_method(head)({f}).toTensor());
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  }
}

void positiveForwardNoInput(torch::jit::Module &generator, int n) {
  for (int i = 0; i < n; ++i) {
    show(generator.get_method("forward")({}).toTensor());
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  }
}

void negativeResetByRuntimeName(torch::jit::Module &actor, const std::string &hook, int episodes) {
  for (int e = 0; e < episodes; ++e) {
    if (!hook.empty())
      actor.get_method(hook)({});
  }
}

void negativeResetByLiteral(torch::jit::Module &actor, int episodes) {
  for (int e = 0; e < episodes; ++e)
    actor.get_method("init_memory")({});
}

void negativeThroughLocal(torch::jit::Module &actor, const std::string &hook, int episodes) {
  for (int e = 0; e < episodes; ++e) {
    torch::jit::Method clear = actor.get_method(hook);
    clear({});
  }
}

// `run_method` (CI trial 14's D4: an evaluation loop of deployment code).
void positiveRunMethodForward(torch::jit::Module &m, const std::vector<torch::Tensor> &xs) {
  m.eval();
  double s = 0;
  for (const auto &x : xs)
    s += m.run_method("forward", x).toTensor().sum().item<double>();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: evaluation mode is set here; 'eval()' does not turn off grad mode
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
}

void positiveRunMethodOtherWithInput(torch::jit::Module &m, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs)
    show(m.run_method("encode", x).toTensor());
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
}

void negativeRunMethodResetNoInput(torch::jit::Module &m, int episodes) {
  for (int e = 0; e < episodes; ++e)
    m.run_method("reset");
}

void negativeRunMethodUnderGuard(torch::jit::Module &m, const std::vector<torch::Tensor> &xs) {
  torch::NoGradGuard guard;
  for (const auto &x : xs)
    show(m.run_method("forward", x).toTensor());
}
