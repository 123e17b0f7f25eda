// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A member released only to be created into again on the same object
// (`if (b_) cudaFree(b_); cudaMalloc(&b_, n);`) is not released at the end
// of the object's life: the last resource stays. A destructor that
// releases the other members and not this one forgets it. Before, any
// release of the member in the file counted, also this one (the shape of
// the fifteenth labelled set's zzzc18/resnet_cudnn `network.cu:392`,
// which is missed still, for the copy it stores into each layer). A
// release after the creation, one in another method (`Free()`), one by
// the destructor, and one of another object's member, still count.

#include <cuda_runtime.h>

// ---- positives ----

class PositiveRealloc {
public:
  explicit PositiveRealloc(int n) { cudaMalloc(&a_, n); }
  ~PositiveRealloc() { cudaFree(a_); }
  void resize(int n) {
    if (b_ != nullptr) {
      cudaFree(b_);
      b_ = nullptr;
    }
    cudaMalloc(&b_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'b_' is never released: the destructor of 'PositiveRealloc' releases other members but not 'b_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-8]]:3: note: destructor of 'PositiveRealloc' is here
  }

private:
  float *a_ = nullptr;
  float *b_ = nullptr;
};

// ---- negatives ----

class NegativeReallocDestroyed {
public:
  ~NegativeReallocDestroyed() {
    cudaFree(a_);
    cudaFree(b_);
  }
  void resize(int n) {
    cudaFree(a_);
    cudaMalloc(&a_, n);
    cudaFree(b_);
    cudaMalloc(&b_, n);
  }

private:
  float *a_ = nullptr;
  float *b_ = nullptr;
};

// Free(), which its users call, releases b_.
class NegativeReallocFree {
public:
  ~NegativeReallocFree() { cudaFree(a_); }
  void resize(int n) {
    if (b_)
      cudaFree(b_);
    cudaMalloc(&b_, n);
  }
  void Free() { cudaFree(b_); }

private:
  float *a_ = nullptr;
  float *b_ = nullptr;
};

// A scratch buffer of one call: released after its creation.
class NegativeScratch {
public:
  ~NegativeScratch() { cudaFree(a_); }
  void run(int n) {
    cudaMalloc(&tmp_, n);
    cudaMemset(tmp_, 0, n);
    cudaFree(tmp_);
  }

private:
  float *a_ = nullptr;
  float *tmp_ = nullptr;
};

// The release ends another object's buffer.
class NegativeTakeOver {
public:
  ~NegativeTakeOver() { cudaFree(a_); }
  void takeOver(NegativeTakeOver *old, int n) {
    cudaFree(old->b_);
    old->b_ = nullptr;
    cudaMalloc(&b_, n);
  }

private:
  float *a_ = nullptr;
  float *b_ = nullptr;
};
