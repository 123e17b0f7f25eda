#include "net.h"
Layer::~Layer() { cudaFree(weights_); }
void Layer::backward(int n) { cudaMemset(scratch_, 0, n); }
Holder::~Holder() { cudaFree(buf_); }
