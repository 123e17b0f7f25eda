#include "model.h"

torch::Tensor ScorerImpl::score(const torch::Tensor &x) {
  return fc(x).sum();
}

torch::Tensor ScorerImpl::score_host(const torch::Tensor &x) {
  return fc(x).sum().cpu();
}

torch::Tensor ScorerImpl::blank(const torch::Tensor &x) {
  return torch::zeros({x.size(0)});
}

torch::Tensor load_request() { return torch::ones({8}).to(torch::kCUDA); }
