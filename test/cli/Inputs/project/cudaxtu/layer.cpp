#include "layer.h"

Layer::Layer(int n) {
  cudaMalloc(&input_, n * sizeof(float));
  cudaMalloc(&weights_, n * sizeof(float));
  cudaMalloc(&output_, n * sizeof(float));
  cudaStreamCreate(&stream_);
}
