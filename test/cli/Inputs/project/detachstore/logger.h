#pragma once
// Loggers defined in logger.cpp and called per step by the trainer of
// train.cpp (test/cli/project-detached-store.test).
#include <torch/torch.h>

#include <deque>
#include <vector>

class Logger {
public:
  void log(const torch::Tensor &l);      // keeps l.detach(): device storage
  void log_host(const torch::Tensor &l); // keeps l.detach().cpu(): host
  void log_value(const torch::Tensor &l); // keeps l.item<double>()

private:
  std::vector<torch::Tensor> v_, host_;
  std::vector<double> values_;
};

// Keeps the last 8 detached losses.
class Window {
public:
  void push(const torch::Tensor &l);

private:
  std::deque<torch::Tensor> items_;
};
