#include "layer.h"

Layer::~Layer() {
  cudaFree(weights_);
  cudaStreamDestroy(stream_);
  freeOutput();
}

Quiet::~Quiet() { s_ = nullptr; }
