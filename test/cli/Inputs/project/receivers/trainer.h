#pragma once
#include "metrics_sink.h"

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

class Trainer {
public:
  void step(const torch::Tensor &x);
  void stepSingleton(const torch::Tensor &x);
  void stepHost(const torch::Tensor &x);
  void stepSetter(const torch::Tensor &x);
  void stepWindow(const torch::Tensor &x);
  void stepOnce(const torch::Tensor &x);
  void stepLocal(const torch::Tensor &x);
  void evalStep(const torch::Tensor &x);
  void stepInline(const torch::Tensor &x);
  void endEpoch();
private:
  Net net_;
  MetricsSink sink_;
  InlineSink inline_;
  Window window_;
};
