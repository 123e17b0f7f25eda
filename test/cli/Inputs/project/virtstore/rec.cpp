#include "rec.h"

void TensorRecorder::record(const torch::Tensor &t) { v_.push_back(t); }

void WindowMeter::add(const torch::Tensor &t) {
  items_.push_back(t);
  if (items_.size() > 8)
    items_.pop_front();
}
