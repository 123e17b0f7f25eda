// REQUIRES: libtorch
// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %torch_flags

// gpuleak-cuda-unreleased on the real LibTorch 2.11 error macros, so that the
// mocks in test/Inputs cannot drift: TORCH_CHECK ends in the [[noreturn]]
// c10::detail::torchCheckFail, C10_CUDA_CHECK in
// c10::cuda::c10_cuda_check_implementation; both throw.

#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>
#include <cuda_runtime.h>

#include <memory>

void positiveTorchCheck(size_t n) {
  float *p = nullptr;
  TORCH_CHECK(cudaMalloc(&p, n) == cudaSuccess, "cudaMalloc failed");
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: the device memory allocated by 'cudaMalloc' is not released on every path; release it with 'cudaFree' on every path out of the function [gpuleak-cuda-unreleased]
  TORCH_CHECK(n % 4 == 0, "n must be a multiple of 4, got ", n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  cudaFree(p);
}

void positiveC10CudaCheck(const float *host, size_t n) {
  float *d = nullptr;
  C10_CUDA_CHECK(cudaMalloc(&d, n));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: the device memory allocated by 'cudaMalloc' is not released on every path;{{.*}}
  C10_CUDA_CHECK(cudaMemcpy(d, host, n, cudaMemcpyHostToDevice));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  C10_CUDA_CHECK(cudaFree(d));
}

void positiveInternalAssert(size_t n, int rank) {
  cudaStream_t s;
  C10_CUDA_CHECK(cudaStreamCreate(&s));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: the CUDA stream created by 'cudaStreamCreate' is not released on every path;{{.*}}
  TORCH_INTERNAL_ASSERT(rank >= 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: leaked when this throws
  C10_CUDA_CHECK(cudaStreamDestroy(s));
}

struct CudaFree {
  void operator()(void *p) const { cudaFree(p); }
};
std::unique_ptr<void, CudaFree> negativeOwned(const float *host, size_t n) {
  void *raw = nullptr;
  C10_CUDA_CHECK(cudaMalloc(&raw, n));
  std::unique_ptr<void, CudaFree> owned(raw);
  C10_CUDA_CHECK(cudaMemcpy(owned.get(), host, n, cudaMemcpyHostToDevice));
  TORCH_CHECK(n > 0, "empty input");
  return owned;
}

void negativeReleasedFirst(size_t n, bool ok) {
  float *p = nullptr;
  TORCH_CHECK(cudaMalloc(&p, n) == cudaSuccess, "cudaMalloc failed");
  C10_CUDA_CHECK(cudaFree(p));
  TORCH_CHECK(ok, "failed");
}

// Members through the real macros: an extension's workspace class whose
// destructor releases its buffer with C10_CUDA_CHECK and forgets the stream;
// the same class with a destructor that releases both, with an early return.
// In both, C10_CUDA_CHECK throws out of the constructor when the stream
// cannot be created, after buf_ was allocated: the destructor does not run
// for an object whose constructor threw, so buf_ leaks on that path
// (since 2026-12-02; the same path for a local was reported before).
class PositiveWorkspace {
public:
  explicit PositiveWorkspace(size_t n) {
    C10_CUDA_CHECK(cudaMalloc(&buf_, n));
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the device memory allocated by 'cudaMalloc' into member 'buf_' is leaked when the constructor of 'PositiveWorkspace' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    C10_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
    // CHECK-MESSAGES: :[[@LINE-2]]:20: warning: the CUDA stream created by 'cudaStreamCreateWithFlags' into member 'stream_' is never released: the destructor of 'PositiveWorkspace' releases other members but not 'stream_'; release it with 'cudaStreamDestroy' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:3: note: destructor of 'PositiveWorkspace' is here
  }
  ~PositiveWorkspace() { C10_CUDA_CHECK(cudaFree(buf_)); }

private:
  void *buf_ = nullptr;
  cudaStream_t stream_ = nullptr;
};

class NegativeWorkspace {
public:
  explicit NegativeWorkspace(size_t n) {
    C10_CUDA_CHECK(cudaMalloc(&buf_, n));
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the device memory allocated by 'cudaMalloc' into member 'buf_' is leaked when the constructor of 'NegativeWorkspace' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    C10_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
  }
  ~NegativeWorkspace() {
    if (!buf_)
      return;
    C10_CUDA_CHECK(cudaFree(buf_));
    C10_CUDA_CHECK(cudaStreamDestroy(stream_));
  }

private:
  void *buf_ = nullptr;
  cudaStream_t stream_ = nullptr;
};
