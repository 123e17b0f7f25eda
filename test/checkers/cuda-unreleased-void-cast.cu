// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A statement that only names a handle (`(void)ws;`, the idiom that
// silences an unused parameter) does nothing with it: a callee whose body
// does only that keeps nothing of its argument, so a buffer handed to it
// and then lost by a throw is reported, as with a callee that reads it
// (lightvector/KataGo `cudabackend.cpp:4132` through `MatMulLayer::apply`,
// large repositories of session 22). A callee that stores it keeps it.

#include <cuda_runtime.h>
#include <stdexcept>

static void check(cudaError_t e) {
  if (e != cudaSuccess)
    throw std::runtime_error("cuda");
}

struct Layer {
  void apply(void *ws) const {
    (void)ws;
    check(cudaMemset(nullptr, 0, 0));
  }
};

struct Keeper {
  void *kept = nullptr;
  void apply(void *ws) { kept = ws; }
};

void positiveVoidCastInCallee(const Layer &l) {
  void *ws;
  check(cudaMalloc(&ws, 16));
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  l.apply(ws);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  check(cudaDeviceSynchronize());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  cudaFree(ws);
}

void negativeCalleeKeeps(Keeper &k) {
  void *ws;
  check(cudaMalloc(&ws, 16));
  k.apply(ws);
  check(cudaDeviceSynchronize());
  cudaFree(ws);
}
