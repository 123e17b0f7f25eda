#pragma once
// Interfaces called by the trainer of train.cpp through references to the
// base class; the implementations are defined in rec.cpp
// (test/cli/project-virtual-store.test).
#include <torch/torch.h>

#include <deque>
#include <vector>

struct Recorder {
  virtual ~Recorder() = default;
  virtual void record(const torch::Tensor &t) = 0;
};
struct TensorRecorder : Recorder {
  void record(const torch::Tensor &t) override; // keeps t
  std::vector<torch::Tensor> v_;
};

// No class of the project implements it.
struct Sink {
  virtual ~Sink() = default;
  virtual void put(const torch::Tensor &t) = 0;
};

// Its only implementation keeps the last 8.
struct Meter {
  virtual ~Meter() = default;
  virtual void add(const torch::Tensor &t) = 0;
};
struct WindowMeter : Meter {
  void add(const torch::Tensor &t) override;
  std::deque<torch::Tensor> items_;
};
