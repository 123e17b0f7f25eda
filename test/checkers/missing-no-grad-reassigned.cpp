// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A local assigned again holds a new value from there on: a read that only
// the new value reaches does not read the first pass's graph (clang's CFG,
// reaching definitions). The first pass of `auto pred = net.forward(ns)`,
// read only through `.detach()`, and then replaced by a trained pass
// (`pred = net.forward(s)`) records a graph that nothing uses
// (DarianGratton/MajorProject `ACERAgent.cpp:145`, nineteenth labelled set).
// A read that the first value may reach (before the assignment in a loop,
// after an assignment under a condition, in a handler, in a lambda) still
// reads the graph.

#include <iostream>
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

// The bootstrap value of a retrace loop, then the loop's trained passes.
void positiveReplacedInLoop(Net &net, torch::optim::SGD &opt, torch::Tensor ns,
                            torch::Tensor s, torch::Tensor r) {
  auto pred = net.forward(ns);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
  torch::Tensor q = pred.detach().sum();
  for (int i = 0; i < 10; ++i) {
    pred = net.forward(s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
    torch::Tensor loss = torch::mse_loss(pred, r + q);
    loss.backward();
    opt.step();
  }
}

// Straight-line: the first output printed, then replaced and trained.
void positiveReplaced(Net &net, torch::optim::SGD &opt, torch::Tensor a,
                      torch::Tensor b, torch::Tensor y) {
  torch::Tensor out = net.forward(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
  std::cout << (out.argmax(1) == y).sum().item<double>() << "\n";
  // CHECK-MESSAGES: :[[@LINE+1]]:3: note: its output is read only through values that carry no graph
  out = net.forward(b);
  torch::mse_loss(out, y).backward();
  opt.step();
}

// Read at the top of the loop before it is replaced: the first iteration
// trains on the first pass.
void negativeReadBeforeReplaced(Net &net, torch::optim::SGD &opt, torch::Tensor a,
                                torch::Tensor b, torch::Tensor y) {
  torch::Tensor out = net.forward(a);
  for (int i = 0; i < 10; ++i) {
    torch::mse_loss(out, y).backward();
    opt.step();
    out = net.forward(b);
  }
}

// Replaced under a condition: the other path trains on the first pass.
void negativeReplacedUnderCondition(Net &net, torch::optim::SGD &opt, torch::Tensor a,
                                    torch::Tensor b, torch::Tensor y, bool fresh) {
  torch::Tensor out = net.forward(a);
  std::cout << out.sizes() << "\n";
  if (fresh)
    out = net.forward(b);
  torch::mse_loss(out, y).backward();
  opt.step();
}

// Replaced in a try block, read in the handler: a throw before the
// assignment leaves the first pass there.
void negativeReadInHandler(Net &net, torch::optim::SGD &opt, torch::Tensor a,
                           torch::Tensor b, torch::Tensor y) {
  torch::Tensor out = net.forward(a);
  try {
    out = net.forward(b);
    std::cout << out.sizes() << "\n";
  } catch (...) {
    torch::mse_loss(out, y).backward();
    opt.step();
  }
}

// Replaced inside a lambda: not followed.
void negativeReplacedInLambda(Net &net, torch::optim::SGD &opt, torch::Tensor a,
                              torch::Tensor b, torch::Tensor y) {
  torch::Tensor out = net.forward(a);
  std::cout << out.sizes() << "\n";
  auto refresh = [&] { out = net.forward(b); };
  refresh();
  torch::mse_loss(out, y).backward();
  opt.step();
}

// The new value computed from the old one carries its graph on.
void negativeReplacedByItsOwnResult(Net &net, torch::optim::SGD &opt, torch::Tensor a,
                                    torch::Tensor y) {
  torch::Tensor out = net.forward(a);
  out = out * 2;
  torch::mse_loss(out, y).backward();
  opt.step();
}
