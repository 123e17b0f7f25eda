#include "alloc.h"
#include <stdexcept>
void backward(const float *host, int n) {
  float *d = static_cast<float *>(cuda_alloc(n * sizeof(float)));
  if (cudaMemcpy(d, host, n, cudaMemcpyHostToDevice) != cudaSuccess)
    throw std::runtime_error("copy failed");
  cuda_free(d);
}
void scratchOnly(const float *host, int n) {
  float *s = borrow_scratch(n);
  if (cudaMemcpy(s, host, n, cudaMemcpyHostToDevice) != cudaSuccess)
    throw std::runtime_error("copy failed");
}
