// RUN: %check_tidy %s gpuleak-missing-no-grad %t -- -std=c++17 %mocks

// A loss (activation, pooling) module of the library holds no parameter: its
// call computes from its inputs, as `torch::mse_loss` does, and records no
// graph of its own. The pass is the model's whose output it is handed
// (Michmoo1/Torch_cpp `torch_app.cpp:88`, twentieth labelled set: the test
// loop's `myNetwork.forward` was missed, and `criterion->forward` reported
// instead); a loss of a value computed under a guard is no pass at all.

#include <cstdio>
#include <vector>
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

// The test loop keeps the last batch's loss and prints it after the loop.
void positiveLastLossPrinted(Net &net, std::vector<torch::Tensor> &xs, torch::Tensor y) {
  torch::nn::MSELoss criterion;
  torch::Tensor last;
  for (auto &x : xs) {
    torch::Tensor prediction = net.forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: forward pass runs with grad mode on, on an inference path, and records an autograd graph that no backward pass uses; hold a 'torch::NoGradGuard' while it runs [gpuleak-missing-no-grad]
    torch::Tensor loss = criterion->forward(prediction, y);
    last = loss;
  }
  std::printf("%f\n", last.item<double>());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: its output is read only through values that carry no graph (a comparison, 'argmax', 'item()', a size, a stream it is printed to) and is dropped by here, so no backward pass can use the graph
}

// Through the holder's call, nested, and an activation module after it.
void positiveNested(Net &net, std::vector<torch::Tensor> &xs, torch::Tensor y) {
  torch::nn::MSELoss criterion;
  torch::nn::ReLU relu;
  double total = 0;
  for (auto &x : xs) {
    total += criterion(relu(net.forward(x)), y).item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: forward pass runs with grad mode on{{.*}} [gpuleak-missing-no-grad]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: this loop runs no backward pass and keeps nothing from one iteration to the next
  }
  std::printf("%f\n", total);
}

// The prediction is computed under a guard; the loss of it records nothing.
void negativeLossOfGuardedPrediction(Net &net, std::vector<torch::Tensor> &xs,
                                     torch::Tensor y) {
  torch::nn::MSELoss criterion;
  double total = 0;
  for (auto &x : xs) {
    torch::Tensor prediction;
    {
      torch::NoGradGuard no_grad;
      prediction = net.forward(x);
    }
    torch::Tensor loss = criterion(prediction, y);
    total += loss.item<double>();
  }
  std::printf("%f\n", total);
}

// An activation module applied to a detached value.
void negativeActivationOfDetached(Net &net, torch::Tensor x, std::vector<double> &out) {
  torch::nn::ReLU relu;
  torch::Tensor h = relu->forward(x.detach());
  out.push_back(h.sum().item<double>());
}

// Training: the loss of the pass is backpropagated.
void negativeTrained(Net &net, torch::optim::SGD &opt, std::vector<torch::Tensor> &xs,
                     torch::Tensor y) {
  torch::nn::MSELoss criterion;
  for (auto &x : xs) {
    opt.zero_grad();
    torch::Tensor loss = criterion->forward(net.forward(x), y);
    loss.backward();
    opt.step();
  }
}
