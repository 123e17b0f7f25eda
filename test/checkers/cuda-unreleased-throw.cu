// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags %mocks

// Paths that leave through an exception thrown behind an error macro: the
// LibTorch macros (mocks of c10/util/Exception.h and c10/cuda/CUDAException.h)
// and projects' own CUDA_CHECK macros, told apart by what their handler does.

#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

__global__ void scale(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2.0f;
}

// A project's CUDA_CHECK whose [[noreturn]] handler throws, through a
// second handler.
[[noreturn]] static void raiseCudaError(const std::string &what) {
  throw std::runtime_error(what);
}
[[noreturn]] static void onCudaError(cudaError_t e, const char *expr) {
  raiseCudaError(std::string(expr) + ": " + cudaGetErrorString(e));
}
#define CUDA_CHECK(x)                                                          \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess)                                                     \
      onCudaError(e_, #x);                                                     \
  } while (0)

// Another project's CUDA_CHECK: its [[noreturn]] handler ends the process.
[[noreturn]] static void dieOnCudaError(cudaError_t e, const char *expr) {
  std::fprintf(stderr, "%s: %s\n", expr, cudaGetErrorString(e));
  std::exit(EXIT_FAILURE);
}
#define CUDA_CHECK_EXIT(x)                                                     \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess)                                                     \
      dieOnCudaError(e_, #x);                                                  \
  } while (0)

// A checking helper that is not [[noreturn]]: it throws on a failed status.
static void check(cudaError_t e) {
  if (e != cudaSuccess)
    throw std::runtime_error(cudaGetErrorString(e));
}

// One that ends the process instead (llm.c's cudaCheck).
static void checkOrExit(cudaError_t e) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s\n", cudaGetErrorString(e));
    std::exit(EXIT_FAILURE);
  }
}

// ---- positives ----

void positiveTorchCheckAfterCheckedMalloc(size_t n) {
  float *p = nullptr;
  TORCH_CHECK(cudaMalloc(&p, n) == cudaSuccess, "cudaMalloc failed");
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  TORCH_CHECK(n % 4 == 0, "n must be a multiple of 4");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  scale<<<1, 32>>>(p, 32);
  cudaFree(p);
}

void positiveC10CudaCheckSequence(float *host, size_t n) {
  float *d = nullptr;
  C10_CUDA_CHECK(cudaMalloc(&d, n));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  C10_CUDA_CHECK(cudaMemcpy(d, host, n, cudaMemcpyHostToDevice));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  scale<<<1, 32>>>(d, 32);
  C10_CUDA_CHECK(cudaFree(d));
}

void positivePlainMallocThenTorchCheck(size_t n, bool contiguous) {
  float *p;
  cudaMalloc(&p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  TORCH_CHECK(contiguous, "input must be contiguous");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  cudaFree(p);
}

void positiveKernelLaunchCheck(size_t n) {
  float *p = nullptr;
  C10_CUDA_CHECK(cudaMalloc(&p, n));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  scale<<<1, 32>>>(p, 32);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  cudaFree(p);
}

void positiveOwnThrowingMacro(size_t n) {
  float *a = nullptr, *b = nullptr;
  CUDA_CHECK(cudaMalloc(&a, n));
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  CUDA_CHECK(cudaMalloc(&b, n));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  scale<<<1, 32>>>(a, 32);
  cudaFree(b);
  cudaFree(a);
}

void positiveCheckingHelper(size_t n) {
  cudaStream_t s;
  check(cudaStreamCreate(&s));
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: the CUDA stream created by 'cudaStreamCreate' is not released on every path; release it with 'cudaStreamDestroy' on every path out of the function [gpuleak-cuda-unreleased]
  float *p = nullptr;
  check(cudaMallocAsync(&p, n, s));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  scale<<<1, 32, 0, s>>>(p, 32);
  cudaFreeAsync(p, s);
  cudaStreamDestroy(s);
}

void positiveLambdaThatChecks(int iters, bool ok) {
  auto runOnce = [&] { TORCH_CHECK(ok, "kernel failed"); };
  cudaEvent_t start;
  C10_CUDA_CHECK(cudaEventCreate(&start));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: the CUDA event created by 'cudaEventCreate' is not released on every path;{{.*}}
  for (int i = 0; i < iters; ++i)
    runOnce();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
  C10_CUDA_CHECK(cudaEventDestroy(start));
}

// ---- negatives ----

void negativeReleasedBeforeThrow(size_t n, bool ok) {
  float *p = nullptr;
  C10_CUDA_CHECK(cudaMalloc(&p, n));
  scale<<<1, 32>>>(p, 32);
  C10_CUDA_CHECK(cudaFree(p));
  TORCH_CHECK(ok, "failed");
}

struct CudaFree {
  void operator()(float *p) const { cudaFree(p); }
};
void negativeOwnedByUniquePtr(const float *host, size_t n) {
  float *raw = nullptr;
  C10_CUDA_CHECK(cudaMalloc(&raw, n));
  std::unique_ptr<float, CudaFree> owned(raw);
  C10_CUDA_CHECK(cudaMemcpy(owned.get(), host, n, cudaMemcpyHostToDevice));
  TORCH_CHECK(n > 0, "empty");
}

void negativeExitingMacro(const float *host, size_t n) {
  float *d = nullptr;
  CUDA_CHECK_EXIT(cudaMalloc(&d, n));
  CUDA_CHECK_EXIT(cudaMemcpy(d, host, n, cudaMemcpyHostToDevice));
  checkOrExit(cudaDeviceSynchronize());
  if (cudaGetLastError() != cudaSuccess)
    std::abort();
  cudaFree(d);
}

void negativeEarlyReturnFrees(size_t n, int mode) {
  float *p = nullptr;
  C10_CUDA_CHECK(cudaMalloc(&p, n));
  if (mode == 0) {
    cudaFree(p);
    return;
  }
  scale<<<1, 32>>>(p, 32);
  cudaFree(p);
  TORCH_CHECK(mode > 0, "bad mode");
}

void negativeOnlyOwnStatusChecked(size_t n) {
  float *p = nullptr;
  check(cudaMalloc(&p, n));
  scale<<<1, 32>>>(p, 32);
  cudaFree(p);
  float *q = nullptr;
  CUDA_CHECK(cudaMalloc(&q, n));
  scale<<<1, 32>>>(q, 32);
  cudaFree(q);
}

void negativeCaughtAndReleased(size_t n, bool ok) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  try {
    TORCH_CHECK(ok, "failed");
    C10_CUDA_CHECK(cudaMemset(p, 0, n));
  } catch (...) {
    cudaFree(p);
    throw;
  }
  cudaFree(p);
}

void negativeNoexcept(size_t n, bool ok) noexcept {
  float *p = nullptr;
  cudaMalloc(&p, n);
  TORCH_CHECK(ok, "failed"); // std::terminate: the process ends
  cudaFree(p);
}

void negativeTerminate(size_t n, bool ok) {
  float *p = nullptr;
  cudaMalloc(&p, n);
  if (!ok)
    std::terminate();
  cudaFree(p);
}
