// RUN: %check_tidy \
// RUN:   -config='{CheckOptions: {gpuleak-cuda-unreleased.CheckMainExit: true}}' \
// RUN:   %s gpuleak-cuda-unreleased %t -- -std=c++17 -isystem /usr/local/cuda/include

// A .cpp file (no kernels) on the real CUDA runtime headers, with
// CheckMainExit: a path that leaves `main` without releasing counts too.

#include <cuda_runtime.h>

#include <cstdio>

int main(int argc, char **argv) {
  float *d = nullptr;
  if (cudaMalloc(&d, 1 << 20) != cudaSuccess)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+8]]:5: note: leaked when this returns
    return 1;
  cudaStream_t s;
  cudaStreamCreate(&s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA stream created by 'cudaStreamCreate' is never released; release it with 'cudaStreamDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+3]]:5: note: leaked when this returns
  if (cudaMemsetAsync(d, 0, 1 << 20, s) != cudaSuccess) {
    std::printf("memset failed\n");
    return 2;
  }
  cudaStreamSynchronize(s);
  cudaFree(d);
  return 0;
}
