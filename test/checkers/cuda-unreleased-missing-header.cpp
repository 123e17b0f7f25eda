// RUN: not %gpuleak_tidy %s -checks='-*,gpuleak-cuda-unreleased' --quiet -- -std=c++17 -isystem /usr/local/cuda/include 2>&1 | FileCheck %s --implicit-check-not='warning:'

// After a fatal error (a header missing from the compile flags) gpuleak's
// own tools parse on (checks/AfterErrors.h): a leak in a function that
// parsed, and that shares nothing with code clang could not see, is
// reported. A release written with the missing header's declarations is
// not taken for a leak. Before: nothing was reported in this translation
// unit, not even the leak below.

#include <cuda_runtime.h>

#include "gpuleak-no-such-header.h"
// CHECK: :[[@LINE-1]]:10: error: 'gpuleak-no-such-header.h' file not found

void leaksAfterTheMissingHeader(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  // CHECK: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
}

void releasedByTheMissingHeader(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  koiFree(p);
}

void releasedThroughItsNamespace(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  koi::release(p);
}
