// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A member handed to a function as an argument is judged by what the
// function does with its parameter, as a local handle is: one that only
// reads it (a launch on the stream, a copy) neither releases nor keeps it,
// so a destructor that releases the other members and not this one forgets
// it. Before, any function that is not a CUDA API was taken to keep the
// member (the sixteenth labelled set's siddharth9820/MoDNN `network.cu:54`,
// `compute_stream_` handed to each layer's `update_weights`, was missed
// while `memory_stream_` beside it was found). A function that releases or
// stores its parameter, takes it by reference, or is virtual (an override
// may keep it), and a constructor, hand the member on.

#include <cuda_runtime.h>
#include <vector>

__global__ void axpy(float *w, const float *dw, float lr, int n);

struct Layer {
  void update(float *w, const float *dw, float lr, cudaStream_t s) const {
    axpy<<<1, 32, 0, s>>>(w, dw, lr, 32);
  }
  void sync(cudaStream_t s) const { cudaStreamSynchronize(s); }
  virtual void visit(cudaStream_t s) const {}
};

static void copyBack(float *host, const float *dev, cudaStream_t s) {
  cudaMemcpyAsync(host, dev, 16, cudaMemcpyDeviceToHost, s);
}
static void destroyStream(cudaStream_t s) { cudaStreamDestroy(s); }
static std::vector<cudaStream_t> Pool;
static void lend(cudaStream_t s) { Pool.push_back(s); }
static void attach(cudaStream_t &s) { cudaStreamCreate(&s); }

struct StreamOwner {
  explicit StreamOwner(cudaStream_t s) : s_(s) {}
  ~StreamOwner() { cudaStreamDestroy(s_); }
  cudaStream_t s_;
};

// ---- positives ----

class PositiveNetwork {
public:
  PositiveNetwork() {
    cudaMalloc(&w_, 128);
    cudaStreamCreate(&memory_stream_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'cudaStreamCreate' into member 'memory_stream_' is never released: the destructor of 'PositiveNetwork' releases other members but not 'memory_stream_'; release it with 'cudaStreamDestroy' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+10]]:3: note: destructor of 'PositiveNetwork' is here
    cudaStreamCreate(&compute_stream_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'cudaStreamCreate' into member 'compute_stream_' is never released: the destructor of 'PositiveNetwork' releases other members but not 'compute_stream_'; release it with 'cudaStreamDestroy' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+7]]:3: note: destructor of 'PositiveNetwork' is here
  }
  void step(const Layer &l, float *dw, float *host) {
    l.update(w_, dw, 0.1f, compute_stream_);
    l.sync(compute_stream_);
    copyBack(host, w_, memory_stream_);
  }
  ~PositiveNetwork() { cudaFree(w_); }

private:
  float *w_ = nullptr;
  cudaStream_t memory_stream_, compute_stream_;
};

// ---- negatives ----

class NegativeReleasedByHelper {
public:
  NegativeReleasedByHelper() {
    cudaMalloc(&w_, 128);
    cudaStreamCreate(&s_);
  }
  ~NegativeReleasedByHelper() {
    cudaFree(w_);
    destroyStream(s_);
  }

private:
  float *w_ = nullptr;
  cudaStream_t s_;
};

class NegativeLent {
public:
  NegativeLent() {
    cudaMalloc(&w_, 128);
    cudaStreamCreate(&s_);
    lend(s_);
  }
  ~NegativeLent() { cudaFree(w_); }

private:
  float *w_ = nullptr;
  cudaStream_t s_;
};

class NegativeByReference {
public:
  NegativeByReference() {
    cudaMalloc(&w_, 128);
    cudaStreamCreate(&s_);
  }
  void reset() { attach(s_); }
  ~NegativeByReference() { cudaFree(w_); }

private:
  float *w_ = nullptr;
  cudaStream_t s_;
};

class NegativeVirtual {
public:
  NegativeVirtual(const Layer &l) {
    cudaMalloc(&w_, 128);
    cudaStreamCreate(&s_);
    l.visit(s_);
  }
  ~NegativeVirtual() { cudaFree(w_); }

private:
  float *w_ = nullptr;
  cudaStream_t s_;
};

class NegativeRaiiOwner {
public:
  NegativeRaiiOwner() {
    cudaMalloc(&w_, 128);
    cudaStreamCreate(&s_);
    owner_ = new StreamOwner(s_);
  }
  ~NegativeRaiiOwner() {
    cudaFree(w_);
    delete owner_;
  }

private:
  float *w_ = nullptr;
  cudaStream_t s_;
  StreamOwner *owner_ = nullptr;
};
