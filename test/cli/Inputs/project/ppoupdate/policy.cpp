#include "ppo.h"

torch::Tensor Policy::act(const torch::Tensor &obs) { return fc(obs).argmax(1); }
torch::Tensor Policy::evaluate(const torch::Tensor &obs) { return fc(obs); }
torch::Tensor Policy::evaluate_detached(const torch::Tensor &obs) {
  return fc(obs).detach();
}
