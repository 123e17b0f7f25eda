// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A resource that leaks through several exits is one finding, at its
// creation, with a note at every exit that leaks it, in source order (the
// end of the body last), and none at an exit that does not (citrial14 D2:
// the note named the first exit found only, so a new leaking return added
// before the release changed nothing for a baseline or --changed-since).

#include <cuda_runtime.h>

#include <stdexcept>

int positiveTwoReturns(int n) {
  float *p = nullptr;
  if (cudaMalloc(&p, n * sizeof(float)) != cudaSuccess)
    return -1;
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: leaked when this returns
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+5]]:5: note: leaked when this returns
  if (n > 1000)
    return -2;
  cudaMemset(p, 0, n * sizeof(float));
  if (n % 2)
    return -3;
  cudaFree(p);
  return 0;
}

// A return, a throw and the end of the body: each named, the end last.
void positiveReturnThrowEnd(int n, bool keep) {
  cudaStream_t s;
  cudaStreamCreate(&s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA stream created by 'cudaStreamCreate' is not released on every path; release it with 'cudaStreamDestroy' on every path out of the function [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+7]]:5: note: leaked when this throws
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+7]]:5: note: leaked when this returns
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+11]]:1: note: leaked at the end of 'positiveReturnThrowEnd'
  // CHECK-MESSAGES-NOT: note:
  if (n < 0)
    throw std::runtime_error("negative");
  if (n == 0)
    return;
  if (!keep) {
    cudaStreamDestroy(s);
    return;
  }
  cudaStreamSynchronize(s);
}

#define CHECK_OR_RETURN(expr)                                                  \
  do {                                                                         \
    if ((expr) != cudaSuccess)                                                 \
      return -1;                                                               \
  } while (0)

// A return inside a macro is named at each use of the macro.
int positiveMacroUses(const float *h, int n) {
  float *d = nullptr;
  CHECK_OR_RETURN(cudaMalloc(&d, n * sizeof(float)));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+4]]:3: note: leaked when this returns
  // CHECK-MESSAGES-NOT: note:
  // CHECK-MESSAGES: :[[@LINE+3]]:3: note: leaked when this returns
  // CHECK-MESSAGES-NOT: note:
  CHECK_OR_RETURN(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_OR_RETURN(cudaMemset(d, 0, sizeof(float)));
  cudaFree(d);
  return 0;
}

// Released before every return: nothing to report.
int negativeReleasedEverywhere(int n) {
  float *p = nullptr;
  if (cudaMalloc(&p, n * sizeof(float)) != cudaSuccess)
    return -1;
  if (n > 1000) {
    cudaFree(p);
    return -2;
  }
  cudaFree(p);
  return 0;
}
