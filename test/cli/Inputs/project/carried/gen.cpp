#include "step.h"
int generate(torch::nn::LSTM &lstm, int n) {
  lstm->eval();
  State st{torch::zeros({1, 1, 8}), torch::zeros({1, 1, 8})};
  torch::Tensor x = torch::randn({1, 1, 8});
  int64_t acc = 0;
  for (int i = 0; i < n; ++i)
    acc += stepIds(lstm, x, st).sum().item<int64_t>();
  return static_cast<int>(acc);
}
int generateDetached(torch::nn::LSTM &lstm, int n) {
  State st{torch::zeros({1, 1, 8}), torch::zeros({1, 1, 8})};
  torch::Tensor x = torch::randn({1, 1, 8});
  int64_t acc = 0;
  for (int i = 0; i < n; ++i)
    acc += stepDetached(lstm, x, st).sum().item<int64_t>();
  return static_cast<int>(acc);
}
void train(torch::nn::LSTM &lstm, const torch::Tensor &x) {
  auto [y, n] = lstm->forward(x);
  y.sum().backward();
}
int main() {
  torch::nn::LSTM lstm(8, 8);
  train(lstm, torch::randn({1, 1, 8}));
  return generate(lstm, 10) + generateDetached(lstm, 10);
}
