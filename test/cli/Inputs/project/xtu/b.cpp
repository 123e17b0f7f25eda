// Defined apart from their callers in a.cpp.
#include "collector.h"
void Collector::add(const torch::Tensor &t) { items_.push_back(t); }
torch::Tensor repackage(const torch::Tensor &h) { return h.detach(); }
#include "model.h"
torch::Tensor GenImpl::forward(const torch::Tensor &x) { return head->forward(x); }
torch::Tensor GenImpl::generate(const torch::Tensor &x, int steps) {
  torch::Tensor y = x;
  for (int i = 0; i < steps; ++i)
    y = forward(y);
  return y;
}
torch::Tensor GenImpl::describe(const torch::Tensor &x) { return x.mean(); }
