#include "policy.h"

torch::Tensor VecEnv::reset() { return torch::zeros({4, 8}); }
StepResult VecEnv::step(const torch::Tensor &actions) {
  pos_ = pos_ + actions;
  return {pos_, torch::zeros({4})};
}
