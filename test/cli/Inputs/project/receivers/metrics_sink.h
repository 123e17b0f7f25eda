#pragma once
// A sink whose add() (metrics_sink.cpp) keeps every tensor it is given
// (test/cli/project-receivers.test).
#include <torch/torch.h>
#include <vector>

class MetricsSink {
public:
  void add(torch::Tensor t);
  void set(torch::Tensor t);
private:
  std::vector<torch::Tensor> values_;
  torch::Tensor last_;
};

// Defined here: the TU of its caller sees the store.
class InlineSink {
public:
  void add(torch::Tensor t) { values_.push_back(t); }
private:
  std::vector<torch::Tensor> values_;
};

class Window {
public:
  void add(torch::Tensor t);
  void reset();
private:
  std::vector<torch::Tensor> items_;
};

class Registry {
public:
  static Registry &instance();
  void record(const torch::Tensor &t);
private:
  std::vector<torch::Tensor> entries_;
};
