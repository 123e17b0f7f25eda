#include "model.h"

torch::Tensor Actor::get_action(const torch::Tensor &state) {
  return fc(state);
}
