// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags %mocks

// A handle handed to a method of the translation unit is judged by what the
// method does with its parameter, as one handed to a function is: a method
// that only reads it (a memset, a kernel launch) neither releases nor keeps
// it, so a throw after it, or in it, leaks the handle (KataGo's
// `layer.apply(ws, n)`, missed when every method call was taken to keep its
// arguments). A method that releases it or stores it in a member, and a
// virtual one (an override may keep it), hand it on.

#include <cuda_runtime.h>

#include <stdexcept>
#include <vector>

static void check(cudaError_t e) {
  if (e != cudaSuccess)
    throw std::runtime_error(cudaGetErrorString(e));
}
#define CUDA_CHECK(x) check(x)

__global__ void fill(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 0.0f;
}

struct Layer {
  void apply(float *ws, size_t n) const { CUDA_CHECK(cudaMemsetAsync(ws, 0, n)); }
  void launch(float *ws, int n) const { fill<<<1, 32>>>(ws, n); }
  cudaError_t zero(float *ws, size_t n) const { return cudaMemset(ws, 0, n); }
  void release(float *ws) const { cudaFree(ws); }
  void adopt(float *ws) { owned_.push_back(ws); }
  virtual void visit(float *ws) const {}
  std::vector<float *> owned_;
};

template <typename T> struct Runner {
  void run(T *p, size_t n) const { CUDA_CHECK(cudaMemset(p, 0, n * sizeof(T))); }
};

void positiveMethodThrows(const Layer &l, size_t n) {
  float *ws;
  CUDA_CHECK(cudaMalloc(&ws, n));
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  l.apply(ws, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  cudaFree(ws);
}

void positiveMethodReadsThenCheck(const Layer &l, size_t n) {
  float *ws;
  CUDA_CHECK(cudaMalloc(&ws, n));
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  l.launch(ws, 32);
  CUDA_CHECK(l.zero(ws, n));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  cudaFree(ws);
}

void positiveTemplateMethod(const Runner<float> &r, size_t n) {
  float *ws;
  if (cudaMalloc(&ws, n * sizeof(float)) != cudaSuccess)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
    return;
  r.run(ws, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  cudaFree(ws);
}

void positiveLambdaCaller(const Layer &l, size_t n) {
  auto body = [&] {
    float *ws;
    CUDA_CHECK(cudaMalloc(&ws, n));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
    l.apply(ws, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
    cudaFree(ws);
  };
  body();
}

void negativeMethodReleases(const Layer &l, size_t n) {
  float *ws;
  CUDA_CHECK(cudaMalloc(&ws, n));
  l.release(ws);
  CUDA_CHECK(cudaDeviceSynchronize());
}

void negativeMethodKeeps(Layer &l, size_t n) {
  float *ws;
  CUDA_CHECK(cudaMalloc(&ws, n));
  l.adopt(ws);
  CUDA_CHECK(cudaDeviceSynchronize());
}

void negativeVirtual(const Layer &l, size_t n) {
  float *ws;
  CUDA_CHECK(cudaMalloc(&ws, n));
  l.visit(ws);
  CUDA_CHECK(cudaDeviceSynchronize());
}

void negativeReadsThenReleases(const Layer &l, size_t n) {
  float *ws;
  CUDA_CHECK(cudaMalloc(&ws, n));
  l.launch(ws, 32);
  cudaFree(ws);
}
