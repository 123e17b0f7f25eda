#include "ppo.h"

torch::Tensor Env::reset() { return torch::zeros({8, 4}); }
torch::Tensor Env::step(const torch::Tensor &actions) {
  return torch::zeros({8, 4}) + actions;
}
