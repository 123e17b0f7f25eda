// gpuleak-missing-detach on the real LibTorch 2.11 headers, so that the mocks
// in test/Inputs cannot drift from them.
// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-missing-detach,gpuleak-retained-tensor %t -- -std=c++17 %torch_flags

#include <torch/torch.h>

#include <tuple>

void positiveEvalCarry(torch::nn::GRU &gru, int chunks) {
  torch::Tensor hidden = torch::zeros({1, 8, 16});
  for (int c = 0; c < chunks; ++c) {
    auto result = gru->forward(torch::randn({4, 8, 16}), hidden);
    hidden = std::get<1>(result);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'hidden' is carried into the next iteration with its autograd graph, so the graphs of all iterations stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-3]]:19: note: the graph it keeps reachable is built here, from the carried value
  }
}

void positiveTbptt(torch::nn::LSTM &lstm, torch::optim::SGD &sgd, int windows) {
  std::tuple<torch::Tensor, torch::Tensor> state{torch::zeros({1, 8, 16}), torch::zeros({1, 8, 16})};
  for (int w = 0; w < windows; ++w) {
    sgd.zero_grad();
    auto out = lstm->forward(torch::randn({4, 8, 16}), state);
    std::get<0>(out).sum().backward({}, /*retain_graph=*/true);
    sgd.step();
    state = std::get<1>(out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'state' is carried into the next iteration{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-5]]:16: note: the graph it keeps reachable is built here, from the carried value
  }
}

// ---- negatives ----

void negativeDetached(torch::nn::LSTM &lstm, int windows) {
  torch::Tensor h = torch::zeros({1, 8, 16}), c = torch::zeros({1, 8, 16});
  for (int w = 0; w < windows; ++w) {
    auto out = lstm->forward(torch::randn({4, 8, 16}), std::make_tuple(h, c));
    std::get<0>(out).sum().backward();
    h = std::get<0>(std::get<1>(out)).detach();
    c = std::get<1>(std::get<1>(out)).detach();
  }
}

void negativeNoGrad(torch::nn::GRU &gru, int chunks) {
  c10::InferenceMode guard;
  torch::Tensor hidden = torch::zeros({1, 8, 16});
  for (int c = 0; c < chunks; ++c)
    hidden = std::get<1>(gru->forward(torch::randn({4, 8, 16}), hidden));
}

void negativeUnrolled(torch::nn::GRU &gru, int steps) {
  torch::Tensor h = torch::zeros({1, 8, 16});
  for (int t = 0; t < steps; ++t)
    h = std::get<1>(gru->forward(torch::randn({1, 8, 16}), h));
  h.sum().backward();
}
