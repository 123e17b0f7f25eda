#include "layers.h"
Network::~Network() {
  for (Layer *l : layers_)
    delete l;
}
void Network::allocate(int n) {
  for (Layer *layer : layers_) {
    if (layer->retain_ != nullptr)
      cudaFree(layer->retain_);
    cudaMalloc(&layer->retain_, n);
    cudaMalloc(&layer->grad_, n);
    cudaMalloc(&layer->out_, n);
  }
}
