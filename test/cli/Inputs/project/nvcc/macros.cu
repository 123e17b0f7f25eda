// Code that nvcc compiles and clang would not see without nvcc's macros.
#include <cuda_runtime.h>
#include <cuda/std/type_traits>

#ifdef __NVCC__
void prefetch_async(const float *device, size_t bytes) {
  cudaStream_t side;
  cudaStreamCreate(&side);
  cudaMemsetAsync((void *)device, 0, bytes, side);
}
#endif

#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 12
void warm_up_events(int n) {
  for (int i = 0; i < n; ++i) {
    cudaEvent_t ev;
    cudaEventCreate(&ev);
    cudaEventRecord(ev);
  }
}
#endif

#if defined(__CUDACC_RELAXED_CONSTEXPR__) && defined(__CUDACC_RDC__) && \
    defined(__CUDACC_EXTENDED_LAMBDA__)
void scratch(int n) {
  for (int i = 0; i < n; ++i) {
    void *p;
    cudaMalloc(&p, 64);
  }
}
#endif
