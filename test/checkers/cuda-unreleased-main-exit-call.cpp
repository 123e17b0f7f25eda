// RUN: %check_tidy \
// RUN:   -config='{CheckOptions: {gpuleak-cuda-unreleased.CheckMainExit: true}}' \
// RUN:   %s gpuleak-cuda-unreleased %t -- -std=c++17 -isystem /usr/local/cuda/include

// With CheckMainExit, a `main` that ends in exit() leaks as one that returns
// (CUDA resources issue, kind 5). Elsewhere exit() still ends the process
// without a finding.

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

void negativeHelperExits(bool bad) {
  float *p = nullptr;
  cudaMalloc(&p, 64);
  if (bad)
    std::exit(EXIT_FAILURE);
  cudaFree(p);
}

int main(int argc, char **argv) {
  float *d = nullptr;
  cudaMalloc(&d, 1 << 20);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: leaked when this exits the process
  negativeHelperExits(argc > 2);
  if (argc > 1) {
    std::printf("usage: %s\n", argv[0]);
    std::exit(EXIT_SUCCESS);
  }
  cudaFree(d);
  cudaStream_t s;
  cudaStreamCreate(&s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA stream created by 'cudaStreamCreate' is never released; release it with 'cudaStreamDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+2]]:3: note: leaked when this exits the process
  cudaStreamSynchronize(s);
  exit(0);
}
