// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// Code that no path reaches creates nothing: the branch that a constant
// condition rules out, whose edge the CFG prunes. Before, every creating
// call of the body was followed, reached or not (the sixteenth labelled
// set's siddharth9820/MoDNN `layers/fc_layer.cu:151` and `:159`, in the
// `else` of `if (USE_CUBLAS)` with `#define USE_CUBLAS true`).

#include <cuda_runtime.h>
#include <stdexcept>

#define USE_LIBRARY true
#define USE_FALLBACK false

void gemm(float *, const float *, int);
__global__ void transposeNaive(float *out, const float *in, int n);

// ---- negatives ----

void negativeDeadElse(float *out, const float *in, int n) {
  if (USE_LIBRARY) {
    gemm(out, in, n);
  } else {
    float *t;
    cudaMalloc(&t, n * sizeof(float));
    transposeNaive<<<1, 1>>>(t, in, n);
  }
}

void negativeDeadThen(float *out, const float *in, int n) {
  if (false) {
    cudaStream_t s;
    cudaStreamCreate(&s);
  }
  gemm(out, in, n);
}

template <bool Fallback> void negativeDeadConstexpr(float *out, int n) {
  if constexpr (Fallback) {
    float *t;
    cudaMalloc(&t, n);
  }
}
template void negativeDeadConstexpr<false>(float *, int);

// ---- positives: the branch runs ----

void positiveLiveElse(float *out, const float *in, int n) {
  if (USE_FALLBACK) {
    gemm(out, in, n);
  } else {
    float *t;
    cudaMalloc(&t, n * sizeof(float));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
    transposeNaive<<<1, 1>>>(t, in, n);
  }
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveLiveElse'

void positiveRuntimeCondition(bool fallback, float *out, const float *in,
                              int n) {
  if (fallback) {
    float *t;
    cudaMalloc(&t, n * sizeof(float));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
    transposeNaive<<<1, 1>>>(t, in, n);
  }
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveRuntimeCondition'

// A handler is entered by a throw, which the CFG does not draw: it runs.
void positiveInHandler(float *out, int n) {
  try {
    gemm(out, out, n);
  } catch (const std::exception &) {
    cudaStream_t s;
    cudaStreamCreate(&s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'cudaStreamCreate' is never released; release it with 'cudaStreamDestroy' or give it an owner [gpuleak-cuda-unreleased]
  }
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveInHandler'

template <bool Fallback> void positiveLiveConstexpr(float *out, int n) {
  if constexpr (Fallback) {
    float *t;
    cudaMalloc(&t, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
  }
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: note: leaked at the end of 'positiveLiveConstexpr<true>'
template void positiveLiveConstexpr<true>(float *, int);
