#include "plan.h"
Plan::Plan(int n) {
  cufftPlan1d(&plan_, n, CUFFT_C2C, 1);
  cudaMalloc(&buf_, n * sizeof(float));
}
Plan::~Plan() {
  cudaFree(buf_);
  destroyPlan(this);
}
Buf::Buf(int n) {
  cudaMalloc(&a_, n);
  cudaMalloc(&b_, n);
}
Logged::Logged(int n) {
  cudaMalloc(&a_, n);
  cudaMalloc(&b_, n);
}
Logged::~Logged() {
  cudaFree(a_);
  float h;
  dump(*this, &h);
}
