// nvcc's version macros come from the toolkit of the command's nvcc.
#include <cuda_runtime.h>

#if __CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ == 4 && __CUDACC_VER_BUILD__ == 131
void from_version_json() {
  cudaStream_t s;
  cudaStreamCreate(&s);
}
#endif

#if defined(__CUDACC_VER_MAJOR__) && !defined(__CUDACC_VER_BUILD__) && \
    __CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10 == CUDA_VERSION
void from_cuda_h() {
  cudaEvent_t e;
  cudaEventCreate(&e);
}
#endif
