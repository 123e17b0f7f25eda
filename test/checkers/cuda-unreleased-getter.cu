// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A getter (`float *grad() { return d_dw_; }`) reads a member: the object
// keeps it, and a destructor that releases the other CUDA members and not
// this one forgets it. Before, a `return member;` counted as handing the
// member on, and the member was taken to be looked after (the thirteenth
// labelled set's jhson989/jhdnn `cu_conv.cu:116`, `jh_conv.cu:124`).
// A getter whose result is released, and a member handed out by a method
// that resets it, are looked after.

#include <cuda_runtime.h>
#include <utility>

// ---- positives ----

class PositiveConv {
public:
  PositiveConv(int n) {
    cudaMalloc(&d_w_, n * sizeof(float));
    cudaMalloc(&d_dw_, n * sizeof(float));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'd_dw_' is never released: the destructor of 'PositiveConv' releases other members but not 'd_dw_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+3]]:3: note: destructor of 'PositiveConv' is here
  }
  float *grad() { return d_dw_; }
  ~PositiveConv() { cudaFree(d_w_); }

private:
  float *d_w_ = nullptr;
  float *d_dw_ = nullptr;
};

class PositiveWorker {
public:
  PositiveWorker() {
    cudaStreamCreate(&stream_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the CUDA stream created by 'cudaStreamCreate' into member 'stream_' is never released: the destructor of 'PositiveWorker' releases other members but not 'stream_'; release it with 'cudaStreamDestroy' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+5]]:3: note: destructor of 'PositiveWorker' is here
    cudaEventCreate(&done_);
  }
  cudaStream_t stream() const { return stream_; }
  const cudaEvent_t &done() const { return done_; }
  ~PositiveWorker() { cudaEventDestroy(done_); }

private:
  cudaStream_t stream_;
  cudaEvent_t done_;
};

class PositiveCopyRead {
public:
  PositiveCopyRead(int n) {
    cudaMalloc(&w_, n);
    cudaMalloc(&out_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'out_' is never released: the destructor of 'PositiveCopyRead' releases other members but not 'out_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+3]]:3: note: destructor of 'PositiveCopyRead' is here
  }
  float *output() { return out_; }
  ~PositiveCopyRead() { cudaFree(w_); }

private:
  float *w_ = nullptr;
  float *out_ = nullptr;
};

void usePositives(PositiveConv &c, PositiveWorker &w, PositiveCopyRead &r,
                  float *host) {
  cudaMemsetAsync(c.grad(), 0, 16, w.stream());
  cudaEventRecord(w.done(), w.stream());
  // A local copy of a getter's result that is only read keeps nothing.
  float *y = r.output();
  cudaMemcpy(host, y, 16, cudaMemcpyDeviceToHost);
  if (!r.output())
    return;
}

// ---- negatives ----

// Released through its getter by the code that uses the object.
class NegativeReleasedByUser {
public:
  NegativeReleasedByUser() {
    cudaStreamCreate(&stream_);
    cudaEventCreate(&done_);
  }
  cudaStream_t stream() const { return stream_; }
  ~NegativeReleasedByUser() { cudaEventDestroy(done_); }

private:
  cudaStream_t stream_;
  cudaEvent_t done_;
};

void shutdown(NegativeReleasedByUser &w) { cudaStreamDestroy(w.stream()); }

// Handed out by a method that gives up the member.
class NegativeReleases {
public:
  NegativeReleases(int n) {
    cudaMalloc(&d_a_, n);
    cudaMalloc(&d_b_, n);
  }
  float *take_b() { return std::exchange(d_b_, nullptr); }
  float *take_a() {
    float *p = d_a_;
    d_a_ = nullptr;
    return p;
  }
  ~NegativeReleases() {
    cudaFree(d_a_);
  }

private:
  float *d_a_ = nullptr;
  float *d_b_ = nullptr;
};

// Released by the destructor; the getter only reads it.
class NegativeReleased {
public:
  NegativeReleased() { cudaStreamCreate(&stream_); }
  cudaStream_t stream() const { return stream_; }
  ~NegativeReleased() { cudaStreamDestroy(stream_); }

private:
  cudaStream_t stream_;
};

// A layer's output buffer handed to the next layer, which keeps it as its
// input and frees it (the fifteenth labelled set's cudnn-resnet
// `ConvolutionLayer.cu:101`, `PoolingLayer.cu:68`): the getter's result is
// handed on, so the producer's destructor need not free it.
class NegativeProducer {
public:
  NegativeProducer(int n) {
    cudaMalloc(&w_, n);
    cudaMalloc(&out_, n);
  }
  float *output() { return out_; }
  ~NegativeProducer() { cudaFree(w_); }

private:
  float *w_ = nullptr;
  float *out_ = nullptr;
};

class Consumer {
public:
  explicit Consumer(float *in) : in_(in) {}
  ~Consumer() { cudaFree(in_); }

private:
  float *in_;
};

void chain(NegativeProducer &p) { Consumer c(p.output()); }

// The same through a local copy, and into another object's member.
class NegativeProducerCopy {
public:
  NegativeProducerCopy(int n) {
    cudaMalloc(&w_, n);
    cudaMalloc(&out_, n);
  }
  float *output() { return out_; }
  ~NegativeProducerCopy() { cudaFree(w_); }

private:
  float *w_ = nullptr;
  float *out_ = nullptr;
};

class NegativeProducerStored {
public:
  NegativeProducerStored(int n) {
    cudaMalloc(&w_, n);
    cudaMalloc(&out_, n);
  }
  float *output() { return out_; }
  ~NegativeProducerStored() { cudaFree(w_); }

private:
  float *w_ = nullptr;
  float *out_ = nullptr;
};

struct Block {
  float *last_ = nullptr;
  void run(NegativeProducerCopy &a, NegativeProducerStored &b) {
    float *x = a.output();
    Consumer c(x);
    last_ = b.output();
  }
  ~Block() { cudaFree(last_); }
};
