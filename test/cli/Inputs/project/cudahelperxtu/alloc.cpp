#include "alloc.h"
#include <stdexcept>
#define CHECK_CUDA(call)                                                       \
  {                                                                            \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess)                                                    \
      throw std::runtime_error("CUDA error");                                  \
  }
void *cuda_alloc(size_t size) {
  void *ptr;
  CHECK_CUDA(cudaMalloc(&ptr, size));
  return ptr;
}
void cuda_free(void *ptr) { CHECK_CUDA(cudaFree(ptr)); }
static float *scratch = nullptr;
float *borrow_scratch(size_t size) {
  if (!scratch)
    cudaMalloc(&scratch, size);
  return scratch;
}
