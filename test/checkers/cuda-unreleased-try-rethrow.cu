// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A call that may throw inside a `try` block leaves the function when every
// handler throws again (a new exception, or `throw;`) without naming the
// handle: the resource created before it is leaked. A handler that releases
// it, or returns normally, keeps it.

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

void check(cudaError_t e) {
  if (e != cudaSuccess)
    throw std::runtime_error(cudaGetErrorString(e));
}

void positiveWrapped(int n) {
  float *p;
  cudaMalloc(&p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  try {
    check(cudaMemset(p, 0, n));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
  } catch (const std::exception &e) {
    throw std::runtime_error(std::string("positiveWrapped: ") + e.what());
  }
  cudaFree(p);
}

void positiveRethrowAll(int n) {
  cudaStream_t s;
  cudaStreamCreate(&s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA stream created by 'cudaStreamCreate' is not released on every path; release it with 'cudaStreamDestroy' on every path out of the function [gpuleak-cuda-unreleased]
  try {
    check(cudaStreamSynchronize(s));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
  } catch (const std::runtime_error &) {
    throw;
  } catch (...) {
    throw std::runtime_error("unexpected");
  }
  cudaStreamDestroy(s);
}

// Negative: the handler releases before it throws again.
void negativeHandlerReleases(int n) {
  float *p;
  cudaMalloc(&p, n);
  try {
    check(cudaMemset(p, 0, n));
  } catch (...) {
    cudaFree(p);
    throw;
  }
  cudaFree(p);
}

// Negative: the handler swallows the exception and the path goes on to the
// release.
void negativeHandlerSwallows(int n) {
  float *p;
  cudaMalloc(&p, n);
  try {
    check(cudaMemset(p, 0, n));
  } catch (const std::exception &) {
    n = 0;
  }
  cudaFree(p);
}

// Negative: one handler returns after releasing; the other throws again
// (only a handler that throws is followed; the one that returns releases).
void negativeOneHandlerReturns(int n) {
  float *p;
  cudaMalloc(&p, n);
  try {
    check(cudaMemset(p, 0, n));
  } catch (const std::invalid_argument &) {
    throw;
  } catch (...) {
    cudaFree(p);
    return;
  }
  cudaFree(p);
}
