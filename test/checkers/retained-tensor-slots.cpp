// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// `c[k] = v` adds an element only to a map, and only for a key that is new.
// A vector's slot, `c.at(k)`, or a map key that names the same few slots on
// every iteration (a constant, `i % N`, a variable the loop does not write)
// is overwritten: it keeps one graph per slot, like a plain assignment.

#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

std::map<int, torch::Tensor> history;
std::map<std::string, torch::Tensor> latest;

void positiveNewKeys(Net &net, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  std::map<int, torch::Tensor> byStep;
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor loss = torch::mse_loss(net.forward(x), y);
    loss.backward();
    opt.step();
    history[step] = loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'history' keeps every iteration's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    byStep[step * 2] = loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'byStep' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
    // A global map's constant key: one graph per slot, as in a member or a
    // local (reported before 2026-12-03, retained-tensor-global-overwrite.cpp).
    latest["loss"] = loss;
  }
  torch::Tensor sum = byStep[0];
}

void negativeSlots(Net &net, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y,
                   int k) {
  std::vector<torch::Tensor> ring(8), window(4);
  std::map<std::string, torch::Tensor> named;
  std::map<int, torch::Tensor> byK;
  const int slot = 2;
  int fixed = 5;
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor loss = torch::mse_loss(net.forward(x), y);
    loss.backward();
    opt.step();
    ring[step % 8] = loss;      // a vector's slot
    window.at(step & 3) = loss; // at() never inserts
    named["loss"] = loss;       // one key
    byK[k] = loss;              // a parameter the loop does not write
    byK[slot] = loss;
    byK[fixed] = loss;
    byK[step % 4] = loss;       // four keys at most
  }
  torch::Tensor a = ring[0], b = window[0], c = named["loss"], d = byK[0];
}

void positiveKeyWritten(Net &net, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  std::map<int, torch::Tensor> byK;
  int key = 0;
  for (int step = 0; step < 1000; ++step) {
    torch::Tensor loss = torch::mse_loss(net.forward(x), y);
    loss.backward();
    opt.step();
    byK[key] = loss;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'byK' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
    ++key;
  }
  torch::Tensor d = byK[0];
}
