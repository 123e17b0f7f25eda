#include "encoder.h"

Model::Model(int n) {
  cudaStreamCreate(&stream_);
  cudaMalloc(&input_, n * sizeof(float));
  encoder_ = std::make_shared<Encoder<float>>(n);
  encoder_->init_buffer();
}

Model::~Model() {
  cudaFree(input_);
  cudaStreamDestroy(stream_);
}

Service::Service() {
  cudaMalloc(&own_, 64);
  cache_.init();
}

Service::~Service() {
  cudaFree(own_);
  cache_.drop();
}
