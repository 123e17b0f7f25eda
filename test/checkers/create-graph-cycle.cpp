// RUN: %check_tidy %s gpuleak-create-graph-cycle %t -- -std=c++17 %mocks

#include <torch/torch.h>

#include <vector>

static const bool kCreateGraph = true;

// Tensor::backward with create_graph=true onto a leaf, every iteration.
void positiveMember(int n) {
  for (int i = 0; i < n; ++i) {
    torch::Tensor w = torch::ones({8}, torch::TensorOptions().requires_grad(true));
    torch::Tensor e = (w * w).sum();
    e.backward({}, /*retain_graph=*/true, /*create_graph=*/true);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true stores in each leaf's .grad a gradient whose graph references the leaf, a reference cycle that is never freed; compute the gradients with 'torch::autograd::grad(..., /*create_graph=*/true)', which returns them instead [gpuleak-create-graph-cycle]
    // CHECK-MESSAGES: :[[@LINE-4]]:19: note: 'w', created here in the loop, feeds this backward pass; as a leaf its .grad keeps the gradient's graph, which keeps 'w'
    // CHECK-MESSAGES: :[[@LINE-6]]:3: note: each iteration of this loop leaves one more cycle, with the graph it keeps alive
  }
}

// torch::autograd::backward, a named constant, a while loop.
void positiveFree(torch::Tensor w, int n) {
  while (n-- > 0) {
    torch::Tensor e = (w * w).sum();
    torch::autograd::backward({e}, {}, std::nullopt, kCreateGraph);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: each iteration of this loop{{.*}}
  }
}

// A local variable that is always true.
void positiveVariable(torch::Tensor w, const std::vector<int> &steps) {
  bool higher_order = true;
  for (int s : steps) {
    torch::Tensor e = (w * w).sum();
    e.backward({}, true, higher_order);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
    // CHECK-MESSAGES: :[[@LINE-5]]:8: note: 'create_graph' is 'higher_order', which is always true here
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: each iteration of this loop{{.*}}
  }
}

// In a function called from a loop.
static void hessianStep(torch::Tensor &w) {
  torch::Tensor e = (w * w * w).sum();
  e.backward({}, true, true);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
}
void positiveIndirect(torch::Tensor w, int n) {
  for (int i = 0; i < n; ++i)
    hessianStep(w);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'hessianStep' is called here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: each iteration of this loop{{.*}}
}

// In a template and through a macro.
template <typename T> void positiveTemplate(T w, int n) {
  for (int i = 0; i < n; ++i)
    w.sum().backward({}, true, true);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: each iteration of this loop{{.*}}
}
template void positiveTemplate(torch::Tensor, int);
#define HIGHER_ORDER_BACKWARD(t) (t).backward({}, true, true)
void positiveMacro(torch::Tensor w, int n) {
  for (int i = 0; i < n; ++i)
    HIGHER_ORDER_BACKWARD(w.sum());
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: each iteration of this loop{{.*}}
}

// Not reported: once, outside any loop.
void negativeOnce(torch::Tensor w) {
  w.sum().backward({}, true, true);
}

// Not reported: create_graph false, default, or not known.
void negativeNoCreateGraph(torch::Tensor w, bool flag, int n) {
  bool toggled = true;
  for (int i = 0; i < n; ++i) {
    w.sum().backward();
    w.sum().backward({}, true, false);
    w.sum().backward({}, true, flag);
    w.sum().backward({}, true, toggled);
    toggled = !toggled;
  }
}

// Not reported: the safe form, autograd::grad, returns the gradients.
void negativeAutogradGrad(torch::Tensor w, int n) {
  for (int i = 0; i < n; ++i) {
    auto g = torch::autograd::grad({(w * w).sum()}, {w}, {}, true, true);
    g[0].sum().backward();
  }
}

// Not reported: the gradients are set back to undefined in the loop, which
// breaks the cycle (zero_grad's set_to_none defaults to true).
void negativeReset(torch::Tensor w, torch::optim::SGD &opt, int n) {
  for (int i = 0; i < n; ++i) {
    w.sum().backward({}, true, true);
    w.mutable_grad().reset();
  }
  for (int i = 0; i < n; ++i) {
    w.sum().backward({}, true, true);
    w.mutable_grad() = torch::Tensor();
  }
  for (int i = 0; i < n; ++i) {
    opt.zero_grad();
    w.sum().backward({}, true, true);
    opt.step();
  }
}

// Not reported: `inputs` restricts accumulation (possibly to non-leaves).
void negativeInputs(torch::Tensor w, torch::Tensor h, int n) {
  for (int i = 0; i < n; ++i)
    (h * w).sum().backward({}, true, true, std::vector<torch::Tensor>{h});
}

// Reported, but the zeroing keeps the gradients (set_to_none=false).
void positiveZeroKeepsGrads(torch::Tensor w, torch::optim::SGD &opt, int n) {
  for (int i = 0; i < n; ++i) {
    opt.zero_grad(/*set_to_none=*/false);
    w.sum().backward({}, true, true);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backward pass with create_graph=true{{.*}} [gpuleak-create-graph-cycle]
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: each iteration of this loop{{.*}}
  }
}

void negativeNolint(torch::Tensor w, int n) {
  for (int i = 0; i < n; ++i)
    w.sum().backward({}, true, true); // NOLINT(gpuleak-create-graph-cycle)
}
