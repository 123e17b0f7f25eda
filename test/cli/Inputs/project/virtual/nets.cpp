#include "predictor.h"

std::pair<torch::Tensor, torch::Tensor> NetPredictor::evaluate(torch::Tensor &board) {
  return net_.forward(board);
}
torch::Tensor NetPredictor::prior(const torch::Tensor &board) {
  return net_.forward(board).first;
}
torch::Tensor NetPredictor::quiet(const torch::Tensor &board) {
  torch::NoGradGuard no_grad;
  return net_.forward(board).first;
}
torch::Tensor UniformPredictor::prior(const torch::Tensor &board) {
  return torch::ones({9});
}
