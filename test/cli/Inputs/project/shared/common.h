// test/cli/shared-headers.test: the project header most TUs open with.
#pragma once
#include <torch/torch.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <vector>

#ifdef SHARED_FAST
// Only with SHARED_FAST defined before this header: a flush in a loop.
inline void drainFast(int n) {
  for (int i = 0; i < n; ++i)
    c10::cuda::CUDACachingAllocator::emptyCache();
}
#endif

struct Collector {
  void add(const torch::Tensor &t) { items.push_back(t); }
  std::vector<torch::Tensor> items;
};
