#include "ppo.h"

void Metrics::record(const torch::Tensor &value) { history_.push_back(value); }
