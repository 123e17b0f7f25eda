// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A set-up method that only constructors of its class call, which creates
// into members and then throws (issue 8; the twenty-second labelled set's
// mr2wei/cuda-nn-framework NeuralNetwork.cu:53-56: initialize(), called by
// both constructors, allocates four buffers and then throws on a bad layer
// list): the exception leaves the constructor, the destructor does not run,
// and the buffers are lost. Other callers do not matter (a reset() that
// calls it again on a complete object: the constructor's call still leaks).
// Not reported when the constructor calls it inside a try block, or when
// the throw comes before the creations.

#include <cuda_runtime.h>
#include <stdexcept>

class PositiveNet {
public:
  explicit PositiveNet(int n) { initialize(n); }
  PositiveNet() { initialize(16); }
  ~PositiveNet() { cudaFree(weights_); }

private:
  void initialize(int n) {
    cudaMalloc(&weights_, n * sizeof(float));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'weights_' is leaked when the constructor of 'PositiveNet' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:7: note: leaked when this throws
    if (n <= 0)
      throw std::runtime_error("empty network");
    // CHECK-MESSAGES: :[[@LINE-11]]:33: note: 'initialize' is called by a constructor here
  }
  float *weights_ = nullptr;
};

// Also called by reset(), on a complete object; the constructor's call
// still leaks when it throws.
class PositiveReset {
public:
  explicit PositiveReset(int n) { initialize(n); }
  ~PositiveReset() { cudaFree(buf_); }
  void reset(int n) {
    cudaFree(buf_);
    initialize(n);
  }

private:
  void initialize(int n) {
    cudaMalloc(&buf_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'buf_' is leaked when the constructor of 'PositiveReset' throws, since the destructor does not run then; release it with 'cudaFree' before throwing [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+2]]:7: note: leaked when this throws
    if (n <= 0)
      throw std::runtime_error("empty");
    // CHECK-MESSAGES: :[[@LINE-14]]:35: note: 'initialize' is called by a constructor here
  }
  void *buf_ = nullptr;
};

// Called inside a try block whose handler does not rethrow.
class NegativeCaught {
public:
  NegativeCaught() {
    try {
      initialize(8);
    } catch (const std::exception &) {
      ok_ = false;
    }
  }
  ~NegativeCaught() { cudaFree(buf_); }

private:
  void initialize(int n) {
    cudaMalloc(&buf_, n);
    if (n > 4)
      throw std::runtime_error("too big");
  }
  void *buf_ = nullptr;
  bool ok_ = true;
};

// The throw comes first.
class NegativeCheckFirst {
public:
  explicit NegativeCheckFirst(int n) { initialize(n); }
  ~NegativeCheckFirst() { cudaFree(buf_); }

private:
  void initialize(int n) {
    if (n <= 0)
      throw std::runtime_error("empty");
    cudaMalloc(&buf_, n);
  }
  void *buf_ = nullptr;
};
