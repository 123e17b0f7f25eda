#include "nets.h"

torch::Tensor ValueNetImpl::forward(const torch::Tensor &state) { return fc(state); }

torch::Tensor ForceNetImpl::forward(const torch::Tensor &pos) {
  torch::Tensor energy = fc(pos);
  return torch::autograd::grad({energy}, {pos})[0];
}
