// RUN: %check_tidy %s gpuleak-create-graph-cycle %t -- -std=c++17 %mocks

// The note names a local tensor made in the loop as the leaf whose .grad
// keeps the cycle only when it may be one: made by a factory or by
// requires_grad_(). The output of a forward pass, or of another operation
// on tensors, is no leaf (CI trial 15, D9: 'logits' was called a leaf; the
// leaves are the module's parameters, made outside the loop).

#include <torch/torch.h>

#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

void outputIsNoLeaf(Net &model, torch::optim::SGD &opt, const std::vector<torch::Tensor> &xs) {
  for (const auto &x : xs) {
    auto logits = model.forward(x);
    auto scaled = logits * 2;
    auto loss = (scaled * scaled).mean();
    loss.backward({}, /*retain_graph=*/false, /*create_graph=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
    // CHECK-MESSAGES-NOT: note:
    // CHECK-MESSAGES: :[[@LINE-7]]:3: note: each iteration of this loop leaves one more cycle, with the graph it keeps alive
    opt.step();
  }
}

void factoryAndRequiresGrad(torch::Tensor base, int n) {
  for (int i = 0; i < n; ++i) {
    auto w = base.detach().clone().requires_grad_();
    auto out = w * 3;
    auto loss = (out * w).sum();
    loss.backward({}, /*retain_graph=*/false, /*create_graph=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
    // CHECK-MESSAGES: :[[@LINE-5]]:10: note: 'w', created here in the loop, feeds this backward pass; as a leaf its .grad keeps the gradient's graph, which keeps 'w'
    // CHECK-MESSAGES: :[[@LINE-7]]:3: note: each iteration of this loop leaves one more cycle, with the graph it keeps alive
  }
}
