#include "step.h"
torch::Tensor stepIds(torch::nn::LSTM &lstm, const torch::Tensor &x, State &state) {
  auto [y, n] = lstm->forward(x, state);
  state = n;
  return y.argmax(-1);
}
torch::Tensor stepDetached(torch::nn::LSTM &lstm, const torch::Tensor &x, State &state) {
  auto [y, n] = lstm->forward(x, state);
  state = State(std::get<0>(n).detach(), std::get<1>(n).detach());
  return y.argmax(-1);
}
