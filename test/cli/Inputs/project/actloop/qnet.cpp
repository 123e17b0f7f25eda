#include "agent.h"

torch::Tensor QNetImpl::Score(const torch::Tensor &obs) { return fc(obs); }

torch::Tensor QNetImpl::Refit(const torch::Tensor &obs, const torch::Tensor &target) {
  torch::Tensor out = fc(obs);
  torch::mse_loss(out, target).backward();
  return out;
}
