// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A throw in a private method that only the class's destructor calls ends
// the process: the destructor is `noexcept`, and std::terminate runs (the
// shape of nanoporetech/dorado's ScopedProfileRange::finish()). Anywhere
// else, the same throw leaks what the method created before it.

#include <cuda_runtime.h>

#include <stdexcept>

void check(cudaError_t e) {
  if (e != cudaSuccess)
    throw std::runtime_error(cudaGetErrorString(e));
}

class NegativeProfileRange {
public:
  explicit NegativeProfileRange(cudaStream_t s) : stream_(s) {
    check(cudaEventCreate(&start_));
    cudaEventRecord(start_, stream_);
  }
  ~NegativeProfileRange() { finish(); }

private:
  void finish() {
    cudaEvent_t stop;
    check(cudaEventCreate(&stop));
    check(cudaEventRecord(stop, stream_));
    check(cudaEventSynchronize(stop));
    cudaEventDestroy(start_);
    cudaEventDestroy(stop);
  }

  cudaStream_t stream_;
  cudaEvent_t start_;
};

// A public method may be called from anywhere.
class PositivePublicFinish {
public:
  explicit PositivePublicFinish(cudaStream_t s) : stream_(s) {}
  ~PositivePublicFinish() { finish(); }
  void finish() {
    cudaEvent_t stop;
    check(cudaEventCreate(&stop));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the CUDA event created by 'cudaEventCreate' is not released on every path; release it with 'cudaEventDestroy' on every path out of the function [gpuleak-cuda-unreleased]
    check(cudaEventRecord(stop, stream_));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
    cudaEventDestroy(stop);
  }

private:
  cudaStream_t stream_;
};

// A private method that a public method calls too.
class PositiveAlsoCalledByMethod {
public:
  explicit PositiveAlsoCalledByMethod(cudaStream_t s) : stream_(s) {}
  ~PositiveAlsoCalledByMethod() { finish(); }
  void reset() { finish(); }

private:
  void finish() {
    cudaEvent_t stop;
    check(cudaEventCreate(&stop));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the CUDA event created by 'cudaEventCreate' is not released on every path; release it with 'cudaEventDestroy' on every path out of the function [gpuleak-cuda-unreleased]
    check(cudaEventRecord(stop, stream_));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
    cudaEventDestroy(stop);
  }

  cudaStream_t stream_;
};

// A destructor that lets exceptions out.
class PositiveThrowingDestructor {
public:
  explicit PositiveThrowingDestructor(cudaStream_t s) : stream_(s) {}
  ~PositiveThrowingDestructor() noexcept(false) { finish(); }

private:
  void finish() {
    cudaEvent_t stop;
    check(cudaEventCreate(&stop));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the CUDA event created by 'cudaEventCreate' is not released on every path; release it with 'cudaEventDestroy' on every path out of the function [gpuleak-cuda-unreleased]
    check(cudaEventRecord(stop, stream_));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
    cudaEventDestroy(stop);
  }

  cudaStream_t stream_;
};

// A method defined in another file may call it.
class PositiveMethodElsewhere {
public:
  explicit PositiveMethodElsewhere(cudaStream_t s) : stream_(s) {}
  ~PositiveMethodElsewhere() { finish(); }
  void reset();

private:
  void finish() {
    cudaEvent_t stop;
    check(cudaEventCreate(&stop));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the CUDA event created by 'cudaEventCreate' is not released on every path; release it with 'cudaEventDestroy' on every path out of the function [gpuleak-cuda-unreleased]
    check(cudaEventRecord(stop, stream_));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this throws
    cudaEventDestroy(stop);
  }

  cudaStream_t stream_;
};
