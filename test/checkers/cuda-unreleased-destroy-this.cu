// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A destructor that hands `this` (or `*this`) to a function releases what
// that function releases of the object its parameter points to
// (docs/checks/cuda-unreleased.md): `Plan::~Plan() { destroyPlan(this); }`
// with `destroyPlan(Plan *p)` handing `p->plan_` on. Before, the member rule
// saw no release of the member and reported it.

#include <cuda_runtime.h>
#include <cufft.h>

static void dropHandle(cufftHandle h) { cufftDestroy(h); }
static void dropBuffer(float *p) { cudaFree(p); }

struct NegativePlan;
void destroyPlan(NegativePlan *p);
struct NegativePlan {
  NegativePlan(int n) {
    cufftPlan1d(&plan_, n, CUFFT_C2C, 1);
    cudaMalloc(&buf_, n * sizeof(float));
  }
  ~NegativePlan() {
    cudaFree(buf_);
    destroyPlan(this);
  }
  cufftHandle plan_;
  float *buf_ = nullptr;
};
void destroyPlan(NegativePlan *p) { dropHandle(p->plan_); }

// By reference, `*this`, the destructor defined out of the class.
struct NegativeBuf {
  NegativeBuf(int n) {
    cudaMalloc(&a_, n);
    cudaMalloc(&b_, n);
  }
  ~NegativeBuf();
  float *a_, *b_;
};
void releaseRest(NegativeBuf &b) { dropBuffer(b.b_); }
NegativeBuf::~NegativeBuf() {
  cudaFree(a_);
  releaseRest(*this);
}

// A static method, through a local copy of the member.
struct NegativePool {
  NegativePool(int n) {
    cudaMalloc(&a_, n);
    cudaMalloc(&b_, n);
  }
  ~NegativePool() {
    cudaFree(a_);
    NegativePool::destroy(this);
  }
  static void destroy(NegativePool *p) {
    float *b = p->b_;
    dropBuffer(b);
  }
  float *a_, *b_;
};

// The function handed the object only reads the member.
struct PositiveFlush {
  PositiveFlush(int n) {
    cudaMalloc(&a_, n);
    cudaMalloc(&b_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'b_' is never released: the destructor of 'PositiveFlush' releases other members but not 'b_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :77:16: note: destructor of 'PositiveFlush' is here
  }
  ~PositiveFlush();
  float *a_, *b_;
};
void flush(const PositiveFlush &f, float *host) {
  cudaMemcpy(host, f.b_, sizeof(float), cudaMemcpyDeviceToHost);
}
PositiveFlush::~PositiveFlush() {
  cudaFree(a_);
  float h;
  flush(*this, &h);
}

// The function handed the object releases another member.
struct PositiveHalf;
void releaseC(PositiveHalf *h);
struct PositiveHalf {
  PositiveHalf(int n) {
    cudaMalloc(&a_, n);
    cudaMalloc(&b_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'b_' is never released: the destructor of 'PositiveHalf' releases other members but not 'b_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :94:3: note: destructor of 'PositiveHalf' is here
    cudaMalloc(&c_, n);
  }
  ~PositiveHalf() {
    cudaFree(a_);
    releaseC(this);
  }
  float *a_, *b_, *c_;
};
void releaseC(PositiveHalf *h) { dropBuffer(h->c_); }
