#include "encoder.h"

template <typename T> void Encoder<T>::init_buffer() {
  cudaMalloc(&state_, n_ * sizeof(T));
}

template class Encoder<float>;

void Cache::init() { cudaMalloc(&buf_, 256); }
