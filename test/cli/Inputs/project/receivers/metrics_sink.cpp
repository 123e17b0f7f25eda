#include "metrics_sink.h"

void MetricsSink::add(torch::Tensor t) { values_.push_back(t); }
void MetricsSink::set(torch::Tensor t) { last_ = t; }
void Window::add(torch::Tensor t) { items_.push_back(t); }
void Window::reset() { items_.clear(); }
Registry &Registry::instance() {
  static Registry registry;
  return registry;
}
void Registry::record(const torch::Tensor &t) { entries_.push_back(t); }
