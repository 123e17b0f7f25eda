// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A loss module of the library computes from its inputs: the loss of a
// detached prediction carries no graph, and the graph that a loss of a
// forward pass keeps is the pass's, built there.

#include <vector>
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

std::vector<torch::Tensor> history;

void negativeLossOfDetached(Net &net, std::vector<torch::Tensor> &xs, torch::Tensor y) {
  torch::nn::MSELoss criterion;
  for (auto &x : xs) {
    torch::Tensor pred = net.forward(x).detach();
    history.push_back(criterion(pred, y));
  }
}

void positiveLossOfPass(Net &net, std::vector<torch::Tensor> &xs, torch::Tensor y) {
  torch::nn::MSELoss criterion;
  for (auto &x : xs) {
    torch::Tensor pred = net.forward(x);
    history.push_back(criterion->forward(pred, y));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'history' keeps every iteration's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:26: note: the graph it keeps alive is built here
  }
}
