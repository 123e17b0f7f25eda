#include "logger.h"

void Logger::log(const torch::Tensor &l) { v_.push_back(l.detach()); }

void Logger::log_host(const torch::Tensor &l) {
  host_.push_back(l.detach().cpu());
}

void Logger::log_value(const torch::Tensor &l) {
  values_.push_back(l.item<double>());
}

void Window::push(const torch::Tensor &l) {
  items_.push_back(l.detach());
  while (items_.size() > 8)
    items_.pop_front();
}
