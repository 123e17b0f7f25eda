#include "policy.h"

torch::Tensor PolicyImpl::forward(const torch::Tensor &obs) { return pi->forward(obs); }

torch::Tensor RecurrentImpl::forward(const torch::Tensor &obs) {
  hidden_ = pi->forward(obs) + hidden_;
  return hidden_;
}
