#include "ppo.h"

Storage::Storage(long horizon)
    : obs(torch::zeros({horizon, 8, 4})), rewards(torch::zeros({horizon, 8, 4})) {}

void Storage::insert(const torch::Tensor &o, const torch::Tensor &r) {
  obs[step_].copy_(o);
  rewards[step_].copy_(r);
  ++step_;
}
