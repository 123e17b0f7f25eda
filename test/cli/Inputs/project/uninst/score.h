#pragma once
// A header-only helper (test/cli/project-uninstantiated-guarded.test):
// report.cpp includes it and instantiates nothing; main.cpp instantiates it
// and calls it under a guard.
#include <torch/torch.h>

template <class Model>
double score(Model &m, const torch::Tensor &x) {
  auto out = m->forward(x);
  return out.argmax(1).sum().template item<double>();
}
