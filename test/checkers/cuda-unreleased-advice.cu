// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// The release call a finding advises is of the creating call's own API: the
// stream-ordered allocator's cudaFreeAsync for cudaMallocAsync, the driver's
// cuMemFree for cuMemAlloc (CI trial 14's M1: cudaMallocAsync was told to
// use cudaFree).

#include <cuda.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>

void streamOrdered(cudaStream_t s, cudaMemPool_t pool, size_t n) {
  void *a = nullptr;
  cudaMallocAsync(&a, n, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMallocAsync' is never released; release it with 'cudaFreeAsync' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+13]]:1: note: leaked at the end of 'streamOrdered'
  void *b = nullptr;
  cudaMallocFromPoolAsync(&b, n, pool, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMallocFromPoolAsync' is never released; release it with 'cudaFreeAsync' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+9]]:1: note: leaked at the end of 'streamOrdered'
  void *c = nullptr;
  cudaMalloc(&c, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cudaMalloc' is never released; release it with 'cudaFree' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+5]]:1: note: leaked at the end of 'streamOrdered'
  cublasHandle_t h;
  cublasCreate(&h);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the cuBLAS handle created by 'cublasCreate' is never released; release it with 'cublasDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+1]]:1: note: leaked at the end of 'streamOrdered'
}

void driverApi(CUstream s, size_t n) {
  CUdeviceptr d;
  cuMemAlloc(&d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cuMemAlloc' is never released; release it with 'cuMemFree' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+13]]:1: note: leaked at the end of 'driverApi'
  CUdeviceptr e;
  cuMemAllocAsync(&e, n, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the device memory allocated by 'cuMemAllocAsync' is never released; release it with 'cuMemFreeAsync' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+9]]:1: note: leaked at the end of 'driverApi'
  void *host = nullptr;
  cuMemAllocHost(&host, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the pinned host memory allocated by 'cuMemAllocHost' is never released; release it with 'cuMemFreeHost' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+5]]:1: note: leaked at the end of 'driverApi'
  CUstream t;
  cuStreamCreate(&t, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the CUDA stream created by 'cuStreamCreate' is never released; release it with 'cuStreamDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+1]]:1: note: leaked at the end of 'driverApi'
}

// A member: the destructor's advice follows the creating call too.
struct Scratch {
  void *buf_ = nullptr;
  int *other_ = nullptr;
  explicit Scratch(cudaStream_t s) {
    cudaMallocAsync(&buf_, 64, s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMallocAsync' into member 'buf_' is never released: the destructor of 'Scratch' releases other members but not 'buf_'; release it with 'cudaFreeAsync' there [gpuleak-cuda-unreleased]
    cudaMalloc(&other_, 64);
  }
  ~Scratch() { cudaFree(other_); }
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: destructor of 'Scratch' is here
};

// Released with the runtime's plain cudaFree, which is correct for memory of
// cudaMallocAsync: no finding.
void freedPlainly(cudaStream_t s) {
  void *a = nullptr;
  cudaMallocAsync(&a, 16, s);
  cudaFree(a);
}

// A creating call is named as the code spells it: cuBLAS's header renames
// cublasCreate to cublasCreate_v2 (and the driver API's cuMemAlloc to
// cuMemAlloc_v2) with an object-like macro, so the finding says
// 'cublasCreate', next to the advised 'cublasDestroy', also inside the
// project's own checking macro (CI trial 18's D10: 'cublasCreate_v2').
#define BLAS_OK(call) do { if ((call) != CUBLAS_STATUS_SUCCESS) return; } while (0)
void checkedCreate() {
  cublasHandle_t h;
  BLAS_OK(cublasCreate(&h));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the cuBLAS handle created by 'cublasCreate' is never released; release it with 'cublasDestroy' or give it an owner [gpuleak-cuda-unreleased]
  // CHECK-MESSAGES: :[[@LINE+1]]:1: note: leaked at the end of 'checkedCreate'
}
