// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A constructor that throws after it created a resource into a member leaks
// it: the destructor does not run for an object whose constructor throws.

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#define CUDA_CHECK(x)                                                          \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess)                                                     \
      throw std::runtime_error(cudaGetErrorString(e_));                        \
  } while (0)

class PositiveThrowAfterCreate {
public:
  PositiveThrowAfterCreate(int n, int max) {
    cudaMalloc(&buf_, n * sizeof(float));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'buf_' is leaked when the constructor of 'PositiveThrowAfterCreate' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:7: note: leaked when this throws
    if (n > max)
      throw std::invalid_argument("n too large");
  }
  ~PositiveThrowAfterCreate() { cudaFree(buf_); }

private:
  float *buf_ = nullptr;
};

// The second checked creation throws when it fails: the first is lost; the
// second's own check throws only when nothing was created.
class PositiveCheckedPair {
public:
  explicit PositiveCheckedPair(int n) {
    CUDA_CHECK(cudaMalloc(&a_, n));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the device memory allocated by 'cudaMalloc' into member 'a_' is leaked when the constructor of 'PositiveCheckedPair' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+1]]:5: note: leaked when this throws
    CUDA_CHECK(cudaStreamCreate(&s_));
  }
  ~PositiveCheckedPair() {
    cudaStreamDestroy(s_);
    cudaFree(a_);
  }

private:
  float *a_ = nullptr;
  cudaStream_t s_ = nullptr;
};

// Negative: released before the throw.
class NegativeReleasesFirst {
public:
  explicit NegativeReleasesFirst(int n) {
    CUDA_CHECK(cudaMalloc(&a_, n));
    if (cudaMalloc(&b_, n) != cudaSuccess) {
      cudaFree(a_);
      throw std::runtime_error("out of memory");
    }
  }
  ~NegativeReleasesFirst() {
    cudaFree(a_);
    cudaFree(b_);
  }

private:
  float *a_ = nullptr, *b_ = nullptr;
};

// Negative: the member is an RAII type; its destructor runs when the
// constructor throws, since the member was constructed.
struct DeviceBuffer {
  float *ptr = nullptr;
  ~DeviceBuffer() { cudaFree(ptr); }
};
class NegativeRaiiMember {
public:
  NegativeRaiiMember(int n, int max) {
    cudaMalloc(&buf_.ptr, n);
    if (n > max)
      throw std::invalid_argument("n too large");
  }

private:
  DeviceBuffer buf_;
};

// Negative: the throw is caught inside the constructor, and a noexcept
// constructor ends the process.
class NegativeCaughtOrNoexcept {
public:
  NegativeCaughtOrNoexcept(int n, int max) {
    cudaMalloc(&a_, n);
    try {
      if (n > max)
        throw std::invalid_argument("n too large");
    } catch (...) {
    }
  }
  explicit NegativeCaughtOrNoexcept(int n) noexcept {
    cudaMalloc(&a_, n);
    if (n < 0)
      throw std::invalid_argument("negative");
  }
  ~NegativeCaughtOrNoexcept() { cudaFree(a_); }

private:
  float *a_ = nullptr;
};

// The destructor releases the other member but not host_: every object leaks
// it, not only one whose constructor throws. Both leaks are reported, so that
// a baselined constructor-throws finding cannot hide the destructor's.
class PositiveThrowsAndDestructorForgets {
public:
  PositiveThrowsAndDestructorForgets() {
    CUDA_CHECK(cudaMallocHost(&host_, 64));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the pinned host memory allocated by 'cudaMallocHost' into member 'host_' is leaked when the constructor of 'PositiveThrowsAndDestructorForgets' throws, since the destructor does not run then; release it with 'cudaFreeHost' before throwing [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+3]]:5: note: leaked when this throws
    // CHECK-MESSAGES: :[[@LINE-3]]:16: warning: the pinned host memory allocated by 'cudaMallocHost' into member 'host_' is never released: the destructor of 'PositiveThrowsAndDestructorForgets' releases other members but not 'host_'; release it with 'cudaFreeHost' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+3]]:3: note: destructor of 'PositiveThrowsAndDestructorForgets' is here
    CUDA_CHECK(cudaMalloc(&device_, 64));
  }
  ~PositiveThrowsAndDestructorForgets() { cudaFree(device_); }

private:
  void *host_ = nullptr;
  void *device_ = nullptr;
};

// Negative: the destructor releases both; only the constructor-throws leak.
class NegativeDestructorReleasesBoth {
public:
  NegativeDestructorReleasesBoth() {
    CUDA_CHECK(cudaMallocHost(&host_, 64));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the pinned host memory allocated by 'cudaMallocHost' into member 'host_' is leaked when the constructor of 'NegativeDestructorReleasesBoth' throws, since the destructor does not run then; release it with 'cudaFreeHost' before throwing [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+1]]:5: note: leaked when this throws
    CUDA_CHECK(cudaMalloc(&device_, 64));
  }
  ~NegativeDestructorReleasesBoth() {
    cudaFree(device_);
    cudaFreeHost(host_);
  }

private:
  void *host_ = nullptr;
  void *device_ = nullptr;
};
