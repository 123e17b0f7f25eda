// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// Lambdas whose regions hold calls of themselves must not make the check
// recurse forever (a stack overflow, found on LibTorch's own
// AT_DISPATCH_FLOATING_TYPES in nn/functional/activation.h when its headers
// are included with -I): a macro that writes an immediately invoked lambda
// puts the lambda's body and its call at the same expansion location.
#include "torch/torch.h"

#define DISPATCH(TYPE, ...)                                                    \
  [&] {                                                                        \
    switch (TYPE) {                                                            \
    default:                                                                   \
      return __VA_ARGS__();                                                    \
    }                                                                          \
  }()

struct Net : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x; }
};

int dispatched(Net &net, torch::Tensor x, int type) {
  torch::Tensor y = DISPATCH(type, [&] { return net.forward(x); });
  return y.argmax(1).item<int64_t>();
}

void evaluate(Net &net, torch::Tensor x) {
  for (int i = 0; i < 3; ++i) {
    int64_t best = dispatched(net, x, i);
    int64_t top = net.forward(x).argmax(1).item<int64_t>();
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
    (void)best;
    (void)top;
  }
}
