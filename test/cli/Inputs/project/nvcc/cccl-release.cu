// A Release .cu file (nvcc -O3 -DNDEBUG) that includes CCCL.
#include <cassert>
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <cuda_runtime.h>

int count(const thrust::device_vector<int> &v) {
  // NDEBUG makes assert nothing: `checked_elsewhere` is declared nowhere.
  assert(checked_elsewhere(v));
  return static_cast<int>(v.size());
}

void scratch(int n) {
  for (int i = 0; i < n; ++i) {
    void *p;
    cudaMalloc(&p, 64);
  }
}
