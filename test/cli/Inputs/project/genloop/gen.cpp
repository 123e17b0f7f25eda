#include "lm.h"
std::vector<int64_t> Gen::generate(const torch::Tensor &p, torch::Tensor &last) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 4; ++i) {
    auto logits = m_->forward(p);
    ids.push_back(logits.argmax(1).item<int64_t>());
    last = logits;
  }
  return ids;
}
std::vector<int64_t> Gen::generate_safe(const torch::Tensor &p, torch::Tensor &last) {
  torch::NoGradGuard no_grad;
  std::vector<int64_t> ids;
  for (int i = 0; i < 4; ++i) {
    auto logits = m_->forward(p);
    ids.push_back(logits.argmax(1).item<int64_t>());
    last = logits;
  }
  return ids;
}
std::vector<int64_t> Gen::generate_cached(const torch::Tensor &p, torch::Tensor &last) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 4; ++i) {
    auto logits = m_->forward(p);
    ids.push_back(logits.argmax(1).item<int64_t>());
    cache_ = logits;
    last = logits;
  }
  return ids;
}
