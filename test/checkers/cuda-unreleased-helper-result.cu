// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// An allocation helper of the project returns what it creates; the caller
// owns the result. Kept in a local, it is followed as the creation itself
// (hyanquiv/MLP-CUDA's cuda_alloc, whose result MLP::backward loses when a
// CHECK_CUDA between the allocation and its release throws).

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

#define CHECK_CUDA(call)                                                       \
  {                                                                            \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess)                                                    \
      throw std::runtime_error("CUDA error");                                  \
  }
#define CHECK_EXIT(call)                                                       \
  {                                                                            \
    if ((call) != cudaSuccess)                                                 \
      exit(1);                                                                 \
  }
#define CHECK_PRINT(call)                                                      \
  {                                                                            \
    if ((call) != cudaSuccess)                                                 \
      fprintf(stderr, "CUDA error\n");                                         \
  }

void *cuda_alloc(size_t size) {
  void *ptr;
  CHECK_CUDA(cudaMalloc(&ptr, size));
  return ptr;
}
void cuda_free(void *ptr) { CHECK_CUDA(cudaFree(ptr)); }
float *pinned_floats(size_t n) {
  float *p = nullptr;
  if (cudaMallocHost(&p, n * sizeof(float)) != cudaSuccess || !p)
    return nullptr;
  return p;
}

__global__ void fill(float *p, int n) {}

void positiveThrowBeforeFree(const float *host, int n) {
  float *d = static_cast<float *>(cuda_alloc(n * sizeof(float)));
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: the device memory allocated by 'cuda_alloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  CHECK_CUDA(cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  fill<<<1, 1>>>(d, n);
  cuda_free(d);
}

void positiveNeverReleased(int n) {
  float *h = pinned_floats(n);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the pinned host memory allocated by 'pinned_floats' is never released; release it with 'cudaFreeHost' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+2]]:1: note: leaked at the end of 'positiveNeverReleased'
  h[0] = 1.0f;
}

void positiveOverwritten(int n, int steps) {
  float *d = nullptr;
  for (int s = 0; s < steps; ++s) {
    d = (float *)cuda_alloc(n);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: the device memory allocated by 'cuda_alloc' is lost when 'd' is overwritten; release it with 'cudaFree' first [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: 'd' is overwritten here
    fill<<<1, 1>>>(d, n);
  }
  cudaFree(d);
}

// Negative: released on every path; the checks between exit the process
// or only print.
void negativeReleased(int n) {
  float *d = static_cast<float *>(cuda_alloc(n));
  CHECK_EXIT(cudaMemset(d, 0, n));
  CHECK_PRINT(cudaDeviceSynchronize());
  cuda_free(d);
}

// Negative: a handler frees and rethrows.
void negativeCatchFrees(const float *host, int n) {
  float *d = static_cast<float *>(cuda_alloc(n));
  try {
    CHECK_CUDA(cudaMemcpy(d, host, n, cudaMemcpyHostToDevice));
  } catch (...) {
    cuda_free(d);
    throw;
  }
  cuda_free(d);
}

// Negative: handed on (returned, stored, owned by a smart pointer).
struct CudaDeleter {
  void operator()(float *p) const { cudaFree(p); }
};
float *negativeReturned(int n) {
  float *d = (float *)cuda_alloc(n);
  fill<<<1, 1>>>(d, n);
  return d;
}
void negativeStored(std::vector<float *> &bufs, int n) {
  float *d = (float *)cuda_alloc(n);
  bufs.push_back(d);
}
void negativeOwned(int n) {
  std::unique_ptr<float, CudaDeleter> d((float *)cuda_alloc(n));
  CHECK_CUDA(cudaMemset(d.get(), 0, n));
}

// Negative: functions that return a pointer they do not hand over: a
// member, a cache kept in a static, a buffer they also free or keep.
class Pool {
public:
  Pool() { cudaMalloc(&buf_, 1 << 20); }
  ~Pool() { cudaFree(buf_); }
  float *get() { return buf_; }

private:
  float *buf_ = nullptr;
};
float *cached(size_t n) {
  static float *p = nullptr;
  if (!p)
    cudaMalloc(&p, n);
  return p;
}
std::vector<float *> registry;
float *tracked(size_t n) {
  float *p;
  cudaMalloc(&p, n);
  registry.push_back(p);
  return p;
}
void negativeNotCreations(Pool &pool, int n) {
  float *a = pool.get();
  float *b = cached(n);
  float *c = tracked(n);
  CHECK_CUDA(cudaMemset(a, 0, n));
  CHECK_CUDA(cudaMemset(b, 0, n));
  CHECK_CUDA(cudaMemset(c, 0, n));
}
