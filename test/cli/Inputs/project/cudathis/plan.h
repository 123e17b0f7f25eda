#include <cuda_runtime.h>
#include <cufft.h>

// Classes whose destructors hand the object to release functions of
// another file (release.cpp), test/cli/cuda-destroy-this.test.
struct Plan {
  explicit Plan(int n);
  ~Plan();
  cufftHandle plan_;
  float *buf_ = nullptr;
};
void destroyPlan(Plan *p);

struct Buf {
  explicit Buf(int n);
  ~Buf() {
    cudaFree(a_);
    releaseAll(*this);
  }
  float *a_ = nullptr, *b_ = nullptr;
  friend void releaseAll(Buf &b);
};

// The function handed the object only copies the member out.
struct Logged {
  explicit Logged(int n);
  ~Logged();
  float *a_ = nullptr, *b_ = nullptr;
};
void dump(const Logged &l, float *host);
