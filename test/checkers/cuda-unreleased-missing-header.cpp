// RUN: not %gpuleak_tidy %s -checks='-*,gpuleak-cuda-unreleased' --quiet -- -std=c++17 -isystem /usr/local/cuda/include 2>&1 | FileCheck %s --implicit-check-not='warning:'

// After a fatal error (a header missing from the compile flags) clang keeps
// parsing with declarations missing: the check reports nothing in that
// translation unit, not even the leak below.

#include <cuda_runtime.h>

#include "gpuleak-no-such-header.h"
// CHECK: :[[@LINE-1]]:10: error: 'gpuleak-no-such-header.h' file not found

void leaksButNotReported(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n);
}
