// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// Values that cannot carry autograd history whatever their inputs: the
// results of comparisons (torch::not_equal, logical ops, any/all) and of a
// conversion to an integral or boolean dtype (an integer tensor cannot
// require grad). A conversion to a floating dtype keeps the graph.

#include <torch/torch.h>

#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

torch::Tensor countErrors(const torch::Tensor &b, const torch::Tensor &b_hat) {
  torch::Tensor errors = torch::not_equal(b, b_hat).to(torch::kInt64);
  return torch::sum(errors);
}

void negativeErrorCounts(Net &net, const std::vector<torch::Tensor> &batches) {
  torch::Tensor bit_errors = torch::zeros({1});
  torch::Tensor labels = torch::zeros({1});
  torch::Tensor flags = torch::zeros({1});
  for (const torch::Tensor &b : batches) {
    torch::Tensor b_hat = net.forward(b);
    bit_errors += countErrors(b, b_hat);
    labels += b_hat.to(at::kLong);
    flags += b_hat.toType(c10::kBool);
  }
}

void positiveFloatCast(Net &net, const std::vector<torch::Tensor> &batches) {
  torch::Tensor total = torch::zeros({1});
  for (const torch::Tensor &b : batches) {
    torch::Tensor out = net.forward(b);
    total += out.to(torch::kFloat32);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: accumulating a tensor that carries autograd history into 'total' keeps every iteration's graph alive{{.*}} [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:25: note: the graph it keeps alive is built here
  }
}

// A parameter's gradient carries no history (unless a backward pass ran with
// create_graph, which gpuleak-create-graph-cycle covers): a gradient norm
// summed over the parameters keeps no graph.
void negativeGradNorm(Net &net, torch::optim::SGD &opt, const torch::Tensor &x) {
  for (int epoch = 0; epoch < 10; ++epoch) {
    net.forward(x).sum().backward();
    opt.step();
    torch::Tensor grad_norm = torch::zeros({1});
    for (const auto &param : net.parameters())
      if (param.grad().defined())
        grad_norm += param.grad() * param.grad();
    grad_norm = torch::tanh(grad_norm);
  }
}

