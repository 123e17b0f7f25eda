#include "model.h"

void Buffer::append(const torch::Tensor &t) { items_.push_back(t); }

void Buffer::merge(const Buffer &other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}
