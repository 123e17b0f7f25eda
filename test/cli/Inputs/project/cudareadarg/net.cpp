#include "net.h"
Net::Net() {
  cudaMalloc(&w_, 128);
  cudaStreamCreate(&compute_);
  cudaStreamCreate(&memory_);
  cudaStreamCreate(&lent_);
}
Net::~Net() {
  cudaFree(w_);
  sink(memory_);
}
void Net::step(Layer &l) {
  l.update(w_, compute_);
  l.keep(lent_);
}
