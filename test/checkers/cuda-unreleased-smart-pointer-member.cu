// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A handle held by a smart pointer member (`std::unique_ptr<cudaStream_t>
// stream_`) is the member's: a destructor that releases it
// (`cudaStreamDestroy(*stream_)`, `cudaStreamDestroy(*stream_.get())`)
// releases a member, and the other members it forgets are judged as
// beside any released member (the shape of hazevt04/test_cufft's FFTGPU).

#include <cuda_runtime.h>
#include <cufft.h>

#include <memory>

class PositiveForgetsPlan {
public:
  explicit PositiveForgetsPlan(int n) : stream_(new cudaStream_t) {
    cudaStreamCreate(stream_.get());
    cufftPlan1d(&plan_, n, CUFFT_C2C, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the cuFFT plan created by 'cufftPlan1d' into member 'plan_' is never released: the destructor of 'PositiveForgetsPlan' releases other members but not 'plan_'; release it with 'cufftDestroy' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:3: note: destructor of 'PositiveForgetsPlan' is here
  }
  ~PositiveForgetsPlan() {
    if (stream_)
      cudaStreamDestroy(*(stream_.get()));
  }
  void run(cufftComplex *d) {
    cufftSetStream(plan_, *stream_);
    cufftExecC2C(plan_, d, d, CUFFT_FORWARD);
  }

private:
  std::unique_ptr<cudaStream_t> stream_;
  cufftHandle plan_;
};

class PositiveSharedStream {
public:
  explicit PositiveSharedStream(int n)
      : stream_(std::make_shared<cudaStream_t>()) {
    cudaStreamCreate(stream_.get());
    cudaMalloc(&buf_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'buf_' is never released: the destructor of 'PositiveSharedStream' releases other members but not 'buf_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:3: note: destructor of 'PositiveSharedStream' is here
  }
  ~PositiveSharedStream() { cudaStreamDestroy(*stream_); }

private:
  std::shared_ptr<cudaStream_t> stream_;
  void *buf_ = nullptr;
};

// Negative: both released, one through the smart pointer.
class NegativeReleasesBoth {
public:
  explicit NegativeReleasesBoth(int n) : stream_(new cudaStream_t) {
    cudaStreamCreate(stream_.get());
    cufftPlan1d(&plan_, n, CUFFT_C2C, 1);
  }
  ~NegativeReleasesBoth() {
    cufftDestroy(plan_);
    cudaStreamDestroy(*stream_);
  }

private:
  std::unique_ptr<cudaStream_t> stream_;
  cufftHandle plan_;
};

// Negative: the handle a smart pointer member holds, created into through
// the pointee and released.
class NegativePointeeCreated {
public:
  NegativePointeeCreated() : event_(new cudaEvent_t) {
    cudaEventCreate(&*event_);
  }
  ~NegativePointeeCreated() { cudaEventDestroy(*event_); }

private:
  std::unique_ptr<cudaEvent_t> event_;
};
