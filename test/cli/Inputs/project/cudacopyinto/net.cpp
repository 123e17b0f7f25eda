#include "net.h"
Net::Net(Layer *l, Holder *h, int n) {
  cudaMalloc(&features_, n);
  cudaMalloc(&scratch_, n);
  cudaMalloc(&given_, n);
  l->scratch_ = scratch_;
  h->buf_ = given_;
}
Net::~Net() { cudaFree(features_); }
