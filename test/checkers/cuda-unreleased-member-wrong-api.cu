// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A member whose destructor (or a method the destructor calls) releases it
// only with an API of another kind (`cudaFree` of pinned memory, `free` or
// `delete[]` of device memory) keeps its resource: the call fails
// (cudaErrorInvalidValue) or corrupts the heap, and every object leaks it.
// Reported with the message and note of a local released so (the local
// rule's releaseUse()). Before, any release of the member counted.
// A release of the right kind anywhere in the destructor (one chosen by the
// flag that chose the creation), a wrong release in a method that is not the
// destructor, and a registered buffer that the destructor frees are not
// reported.

#include <cuda_runtime.h>

#include <cstdlib>

// ---- positives ----

struct PositivePinnedFreed {
  float *h = nullptr;
  PositivePinnedFreed(int n) { cudaMallocHost(&h, n); }
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: the pinned host memory allocated by 'cudaMallocHost' is released with 'cudaFree'; release it with 'cudaFreeHost' [gpuleak-cuda-unreleased]
  ~PositivePinnedFreed() { cudaFree(h); }
  // CHECK-MESSAGES: :[[@LINE-1]]:28: note: released with 'cudaFree' here
};

class PositiveDeviceCFreed {
public:
  PositiveDeviceCFreed(size_t n) {
    cudaMalloc(&d_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is released with 'free'; release it with 'cudaFree' [gpuleak-cuda-unreleased]
  }
  ~PositiveDeviceCFreed() { std::free(d_); }
  // CHECK-MESSAGES: :[[@LINE-1]]:29: note: released with 'free' here

private:
  void *d_ = nullptr;
};

class PositiveDeviceDeleted {
public:
  explicit PositiveDeviceDeleted(int n) {
    cudaMalloc(&d_, n * sizeof(float));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' is released with 'delete[]'; release it with 'cudaFree' [gpuleak-cuda-unreleased]
  }
  ~PositiveDeviceDeleted() { delete[] d_; }
  // CHECK-MESSAGES: :[[@LINE-1]]:30: note: released with 'delete[]' here

private:
  float *d_ = nullptr;
};

// Created by a method, released wrongly by a helper the destructor calls.
class PositiveHelperRelease {
public:
  void init(size_t n) {
    cudaHostAlloc(&staging_, n, cudaHostAllocDefault);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the pinned host memory allocated by 'cudaHostAlloc' is released with 'cudaFree'; release it with 'cudaFreeHost' [gpuleak-cuda-unreleased]
    cudaMalloc(&dev_, n);
  }
  ~PositiveHelperRelease() { releaseAll(); }

private:
  void releaseAll() {
    cudaFree(dev_);
    cudaFree(staging_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: released with 'cudaFree' here
  }
  void *staging_ = nullptr;
  void *dev_ = nullptr;
};

class PositiveManagedFreedAsHost {
public:
  PositiveManagedFreedAsHost(size_t n) {
    cudaMallocManaged(&m_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMallocManaged' is released with 'cudaFreeHost'; release it with 'cudaFree' [gpuleak-cuda-unreleased]
  }
  ~PositiveManagedFreedAsHost() { cudaFreeHost(m_); }
  // CHECK-MESSAGES: :[[@LINE-1]]:35: note: released with 'cudaFreeHost' here

private:
  void *m_ = nullptr;
};

class PositiveArrayFreed {
public:
  PositiveArrayFreed(int w, int h) {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaMallocArray(&arr_, &desc, w, h);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA array allocated by 'cudaMallocArray' is released with 'cudaFree'; release it with 'cudaFreeArray' [gpuleak-cuda-unreleased]
  }
  ~PositiveArrayFreed() { cudaFree(arr_); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: note: released with 'cudaFree' here

private:
  cudaArray_t arr_ = nullptr;
};

// ---- negatives ----

struct NegativeRightApi {
  float *h = nullptr;
  NegativeRightApi(int n) { cudaMallocHost(&h, n); }
  ~NegativeRightApi() { cudaFreeHost(h); }
};

// The destructor picks the release by the flag that picked the creation.
class NegativeSameFlag {
public:
  NegativeSameFlag(size_t n, bool pinned) : pinned_(pinned) {
    if (pinned_)
      cudaMallocHost(&p_, n);
    else
      cudaMalloc(&p_, n);
  }
  ~NegativeSameFlag() {
    if (pinned_)
      cudaFreeHost(p_);
    else
      cudaFree(p_);
  }

private:
  bool pinned_;
  void *p_ = nullptr;
};

// A wrong release in a method that is not the destructor; the destructor
// releases it right.
class NegativeWrongOutsideDestructor {
public:
  NegativeWrongOutsideDestructor(size_t n) { cudaMallocHost(&h_, n); }
  ~NegativeWrongOutsideDestructor() { cudaFreeHost(h_); }
  void drop() { cudaFree(h_); }

private:
  void *h_ = nullptr;
};

// Stream-ordered and managed memory are device memory: cudaFree fits.
class NegativeAsyncFreed {
public:
  NegativeAsyncFreed(size_t n, cudaStream_t s) { cudaMallocAsync(&d_, n, s); }
  ~NegativeAsyncFreed() { cudaFree(d_); }

private:
  void *d_ = nullptr;
};

// A registered buffer: `free` releases the buffer's own memory.
class NegativeRegisteredFreed {
public:
  NegativeRegisteredFreed(size_t n) : buf_(std::malloc(n)) {
    cudaHostRegister(buf_, n, cudaHostRegisterDefault);
  }
  ~NegativeRegisteredFreed() {
    cudaHostUnregister(buf_);
    std::free(buf_);
  }

private:
  void *buf_;
};

// Handed on besides the wrong release: the other owner may release it.
void keep(void *p);
class NegativeHandedOnInDestructor {
public:
  NegativeHandedOnInDestructor(size_t n) { cudaMallocHost(&h_, n); }
  ~NegativeHandedOnInDestructor() {
    keep(h_);
    cudaFree(h_);
  }

private:
  void *h_ = nullptr;
};
