// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A member copied into another member of the same object, directly or
// through a local (`temp = ids_; ids_ = buf_; buf_ = temp;`, double
// buffering) stays with the object: it is released when that member is,
// and lost when nothing looks after either (the twenty-first labelled set's
// bytedance/lightseq GptEncoder::_p_d_sample_id_buf). Before, the copy was
// taken for a hand-on, and the buffer was never reported.

#include <cuda_runtime.h>

class PositiveEncoder {
public:
  PositiveEncoder(int *ids, cudaStream_t s) : ids_(ids), s_(s) {}
  void init(int n) {
    cudaMalloc((void **)&buf_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'buf_' is never released: 'PositiveEncoder' has no destructor, nothing releases 'buf_', and the destructor of 'Model' releases its own CUDA members but not those of the 'PositiveEncoder' it holds; release it with 'cudaFree' in a destructor of 'PositiveEncoder' [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE-6]]:7: note: 'PositiveEncoder' is declared here, without a destructor
    // CHECK-MESSAGES: :[[@LINE+33]]:20: note: 'Model' holds an object of 'PositiveEncoder' in 'enc_' here
    // CHECK-MESSAGES: :[[@LINE+23]]:3: note: the destructor of 'Model' is here
  }
  void step() {
    cudaMemsetAsync(buf_, 0, 4, s_);
    int *temp = ids_;
    ids_ = buf_;
    buf_ = temp;
  }

private:
  int *ids_;
  int *buf_ = nullptr;
  cudaStream_t s_;
};

class Model {
public:
  Model() {
    cudaMalloc(&ids_, 100);
    cudaStreamCreate(&s_);
    enc_ = new PositiveEncoder(ids_, s_);
    enc_->init(10);
  }
  ~Model() {
    cudaFree(ids_);
    cudaStreamDestroy(s_);
    delete enc_;
  }

private:
  int *ids_;
  cudaStream_t s_;
  PositiveEncoder *enc_;
};

// Swapped with a member that the destructor releases: each buffer is
// released through one member or the other.
class NegativeDoubleBuffer {
public:
  NegativeDoubleBuffer() {
    cudaMalloc(&front_, 64);
    cudaMalloc(&back_, 64);
  }
  ~NegativeDoubleBuffer() {
    cudaFree(front_);
    cudaFree(back_);
  }
  void flip() {
    float *t = front_;
    front_ = back_;
    back_ = t;
  }

private:
  float *front_;
  float *back_;
};

// Moved into the member that the destructor releases.
class NegativeMoved {
public:
  NegativeMoved() { cudaStreamCreate(&s_); }
  ~NegativeMoved() {
    cudaFree(cur_);
    cudaStreamDestroy(s_);
  }
  void grow(int n) {
    cudaMalloc(&next_, n);
    cudaFree(cur_);
    cur_ = next_;
    next_ = nullptr;
  }

private:
  cudaStream_t s_;
  float *cur_ = nullptr;
  float *next_ = nullptr;
};
