// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-create-graph-cycle %t -- -std=c++17 %torch_flags

// gpuleak-create-graph-cycle on the real LibTorch 2.11 headers.

#include <torch/torch.h>

void positiveMember(torch::Tensor w, int n) {
  for (int i = 0; i < n; ++i)
    w.pow(3).sum().backward({}, /*retain_graph=*/true, /*create_graph=*/true);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true stores in each leaf's .grad a gradient whose graph references the leaf, a reference cycle that is never freed; compute the gradients with 'torch::autograd::grad(..., /*create_graph=*/true)', which returns them instead [gpuleak-create-graph-cycle]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: each iteration of this loop leaves one more cycle, with the graph it keeps alive
}

void positiveFree(torch::Tensor w, int n) {
  for (int i = 0; i < n; ++i)
    torch::autograd::backward({w.pow(3).sum()}, {}, std::nullopt, true);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: each iteration of this loop{{.*}}
}

void negativeSafeAndReset(torch::Tensor w, torch::optim::SGD &opt, int n) {
  for (int i = 0; i < n; ++i) {
    auto g = torch::autograd::grad({w.pow(3).sum()}, {w}, {}, true, true);
    g[0].sum().backward();
  }
  for (int i = 0; i < n; ++i) {
    opt.zero_grad();
    w.pow(3).sum().backward({}, true, true);
    opt.step();
  }
  for (int i = 0; i < n; ++i) {
    w.pow(3).sum().backward({}, true, true);
    w.mutable_grad().reset();
  }
}
