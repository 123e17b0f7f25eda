#pragma once
#include <cuda_runtime.h>
inline int prep(int n) {
  float *buf = nullptr;
  if (cudaMalloc(&buf, n) != cudaSuccess)
    return -1;
  if (n > 4096)
    return -2;
#ifdef FAST_PATH
  if (n == 7)
    return -3;
#endif
  cudaFree(buf);
  return n;
}
