// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A lambda held in a local and only called by name in the same function
// runs with the grad mode of its calls, not of the place it is written (CI
// trial 13, D7: `auto show = [&] {...}; torch::NoGradGuard g; show();` was
// reported). Called once outside a guard, or used otherwise (handed on,
// copied, run by a thread), it is judged as before.
#include "torch/torch.h"

struct Net : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x; }
};

int64_t negativeCalledUnderGuard(Net &net, torch::Tensor x) {
  int64_t best = 0;
  auto show = [&] { best = net.forward(x).argmax(1).item<int64_t>(); };
  torch::NoGradGuard no_grad;
  show();
  return best;
}

int64_t negativeEveryCallGuarded(Net &net, torch::Tensor x) {
  int64_t best = 0;
  auto show = [&] { best += net.forward(x).argmax(1).item<int64_t>(); };
  {
    torch::NoGradGuard no_grad;
    show();
  }
  {
    torch::NoGradGuard no_grad;
    show();
  }
  return best;
}

int64_t positiveOneCallUnguarded(Net &net, torch::Tensor x) {
  int64_t best = 0;
  auto show = [&] { best += net.forward(x).argmax(1).item<int64_t>(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:15: note: {{.*}}
  {
    torch::NoGradGuard no_grad;
    show();
  }
  show();
  return best;
}

int64_t positiveGuardAfterTheCall(Net &net, torch::Tensor x) {
  int64_t best = 0;
  auto show = [&] { best = net.forward(x).argmax(1).item<int64_t>(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: forward pass runs with grad mode on, on an inference path{{.*}} [gpuleak-missing-no-grad]
  // CHECK-MESSAGES: :[[@LINE-2]]:15: note: {{.*}}
  show();
  torch::NoGradGuard no_grad;
  return best;
}
