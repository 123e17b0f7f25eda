#include "callback.h"
void scaled_ifft(cufftHandle plan, cufftComplex *data, int n) {
  cufftComplex *scale;
  cudaMalloc((void **)&scale, n * sizeof(cufftComplex));
  set_scale_callback(plan, scale);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
}
void register_buffer(float **table, int n) {
  float *buf;
  cudaMalloc(&buf, n * sizeof(float));
  add_to_table(table, buf);
}
