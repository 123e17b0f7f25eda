#pragma once
#include <torch/torch.h>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return x; }
};

// A per-track feature bank: add() writes its argument in place (bank.cpp).
struct FeatureBank {
  torch::Tensor store = torch::zeros({100, 8});
  int64_t next = 0;
  void add(torch::Tensor feat);
};

struct Cache {
  torch::Tensor rows = torch::zeros({16, 8});
  int64_t at = 0;
  void write(const torch::Tensor &row) { rows.index_put_({at++ % 16}, row); }
};

struct Tracker {
  Net net;
  FeatureBank bank;
  Cache cache;
  void run(torch::Tensor x, int steps);
  void runDetached(torch::Tensor x, int steps);
  void observe(torch::Tensor x);
  void observeOnce(torch::Tensor x);
};
