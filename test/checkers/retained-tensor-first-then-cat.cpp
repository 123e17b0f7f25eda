// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// `all = torch::cat({all, out})` keeps every iteration's graph.
// `if (first) all = out; else all = torch::cat({all, out});`: the plain
// assignment in one arm of the `if` does not run before the concatenation in
// the other arm, so it does not make the old value of `all` one of this
// iteration. Only an assignment on every path to the store does (`h =
// enc(x); h = dec(h);`).

#include <torch/torch.h>
#include <iostream>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

// The plain form: the braced list `{all, out}` passes the old value on.
void positivePlainCat(Net &net, std::vector<torch::Tensor> &xs) {
  torch::Tensor all;
  for (auto &x : xs)
    all = torch::cat({all, net.forward(x)});
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'all' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
}

void positiveFirstThenCat(Net &net, std::vector<torch::Tensor> &xs) {
  torch::Tensor all;
  int n = 0;
  for (auto &x : xs) {
    torch::Tensor out = net.forward(x);
    if (n == 0)
      all = out;
    else
      all = torch::cat({all, out}, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: accumulating a tensor that carries autograd history into 'all' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
    n++;
  }
  std::cout << torch::mse_loss(all, all).item<double>() << "\n";
}

void positiveFirstThenCatDefined(Net &net, std::vector<torch::Tensor> &xs) {
  torch::Tensor all;
  for (auto &x : xs) {
    torch::Tensor out = net.forward(x);
    all = all.defined() ? torch::cat({all, out}, 1) : out;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'all' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
  }
  std::cout << torch::mse_loss(all, all).item<double>() << "\n";
}

// ---- negatives ----

// Assigned on every path before the store: the old value is this iteration's.
void negativeAssignedBefore(Net &net, std::vector<torch::Tensor> &xs) {
  torch::Tensor h;
  for (auto &x : xs) {
    h = net.forward(x);
    h = torch::cat({h, x}, 1);
    std::cout << h.sum().item<double>() << "\n";
  }
}

// Assigned before the store in the same arm.
void negativeAssignedBeforeInArm(Net &net, std::vector<torch::Tensor> &xs, bool twice) {
  torch::Tensor h;
  for (auto &x : xs) {
    if (twice) {
      h = net.forward(x);
      h = torch::cat({h, x}, 1);
    }
    std::cout << h.sum().item<double>() << "\n";
  }
}
